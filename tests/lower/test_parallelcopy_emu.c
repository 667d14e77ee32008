/* SPDX-License-Identifier: MIT */
/* Lowered parallel copies run on the ISA emulator (src/emu), an oracle written apart
 * from the lowering: random parallel copies among 16-bit halves and dwords of v0..v7,
 * s0..s7 and constants are lowered, assembled between a prologue that gives every
 * register a known value and an epilogue that stores them all to memory, run, and the
 * memory is compared with what the copy must produce (every other register unchanged).
 * Checks the instruction semantics the lowering relies on (v_perm_b32 byte selection,
 * 16-bit op_sel writes keeping the other half, v_swap_b32, s_xor_b32, readfirstlane,
 * byte swaps through a free VGPR)
 * on every level and wave size, with the emulator's hazard and wait detectors on. */
#include "emit/emit.h"
#include "emu/emu.h"
#include "lower/lower.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#define NREG 8
#define OUT_ADDR 0x100000ull

static uint32_t rng_state = 12345;

static uint32_t
rnd(uint32_t n)
{
   rng_state = rng_state * 1103515245u + 12345u;
   return (rng_state >> 8) % n;
}

struct code {
   uint32_t words[4096];
   unsigned n;
};

static void
put(struct code *c, aco_gfx_level level, unsigned wave, const struct aco_minstr *in)
{
   unsigned k = aco_encode_instr(level, wave, in, c->words + c->n);
   if (!k) {
      struct aco_strbuf sb;
      aco_strbuf_init(&sb, NULL);
      aco_print_asm_instr(level, wave, in, &sb);
      fail_msg("cannot encode %s", aco_strbuf_str(&sb));
   }
   c->n += k;
}

static aco_definition
def_reg(unsigned field)
{
   aco_rc rc = field >= 256 ? aco_rc_v(1) : aco_rc_s(1);
   return aco_def_fixed(aco_temp_make(0, rc), aco_physreg_make(field, 0));
}

static aco_operand
opnd_reg(unsigned field, unsigned dwords)
{
   aco_rc rc = field >= 256 ? aco_rc_v(dwords) : aco_rc_s(dwords);
   return aco_opnd_reg(aco_physreg_make(field, 0), rc);
}

static void
emit_mov(struct code *c, struct aco_arena *a, aco_gfx_level level, unsigned wave,
         unsigned field, aco_operand src)
{
   struct aco_minstr *in =
      aco_minstr_create(a, field >= 256 ? aco_op_v_mov_b32 : aco_op_s_mov_b32, 1, 1);
   assert_non_null(in);
   in->definitions[0] = def_reg(field);
   in->operands[0] = src;
   put(c, level, wave, in);
}

static void
emit_store(struct code *c, struct aco_arena *a, aco_gfx_level level, unsigned wave,
           unsigned vdata, unsigned slot)
{
   struct aco_minstr *in = aco_minstr_create(a, aco_op_global_store_b32, 2, 0);
   assert_non_null(in);
   in->operands[0] = opnd_reg(256 + 250, 2);
   in->operands[1] = opnd_reg(256 + vdata, 1);
   in->mem.offset = (int32_t)(slot * 4);
   put(c, level, wave, in);
}

static uint32_t
init_value(unsigned field)
{
   uint32_t x = field * 0x9e3779b9u + 0x7f4a7c15u;
   x ^= x >> 15;
   x *= 0x2c1b3c6du;
   x ^= x >> 12;
   return x;
}

/* An emulator with the code loaded and `out` (bytes) mapped at OUT_ADDR. */
static struct aco_emu *
start_emulator(aco_gfx_level level, unsigned wave, const struct code *code, void *out,
               size_t bytes)
{
   aco_target target = {level, wave};
   struct aco_emu *emu = aco_emu_create(NULL, target);
   assert_non_null(emu);
   assert_int_equal(aco_emu_map(emu, OUT_ADDR, out, bytes, 0), ACO_SUCCESS);
   assert_int_equal(aco_emu_load_code(emu, code->words, code->n * 4, 0x10000), ACO_SUCCESS);
   return emu;
}

/* One workgroup of `lanes` invocations, every register allocated. */
static aco_status
run_emulator(struct aco_emu *emu, unsigned lanes)
{
   struct aco_emu_launch launch;
   memset(&launch, 0, sizeof(launch));
   launch.grid[0] = launch.grid[1] = launch.grid[2] = 1;
   launch.block[0] = lanes;
   launch.block[1] = launch.block[2] = 1;
   launch.num_sgprs = 106;
   launch.num_vgprs = 256;
   launch.workgroup_id_sgpr[0] = launch.workgroup_id_sgpr[1] = launch.workgroup_id_sgpr[2] = -1;
   return aco_emu_run(emu, &launch);
}

/* One random case: returns whether it was run (the lowering may refuse byte swaps). */
static bool
run_random_case(aco_gfx_level level, unsigned wave)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, level, wave);
   assert_non_null(p);
   p->is_entry = true;
   struct aco_mblock *b = aco_mprogram_add_block(p);
   assert_non_null(b);

   /* destinations: distinct dwords or halves; sources anywhere (or constants) */
   struct {
      uint16_t dst, src, bytes;
      bool is_const;
      uint64_t value;
   } cp[12];
   unsigned n = 0;
   uint8_t used[2 * NREG * 4];
   memset(used, 0, sizeof(used));
   unsigned want = 1 + rnd(6);
   for (unsigned tries = 0; tries < 40 && n < want; tries++) {
      bool vgpr = rnd(3) != 0;
      unsigned r = rnd(NREG), bytes = !vgpr ? 4 : rnd(4) == 0 ? 1 : rnd(2) ? 2 : 4;
      unsigned off = bytes == 2 ? 2 * rnd(2) : bytes == 1 ? rnd(4) : 0;
      unsigned slot = (vgpr ? NREG : 0) + r, ub = slot * 4 + off;
      bool clash = false;
      for (unsigned k = 0; k < bytes; k++)
         clash |= used[ub + k];
      if (clash)
         continue;
      for (unsigned k = 0; k < bytes; k++)
         used[ub + k] = 1;
      cp[n].dst = (uint16_t)(((vgpr ? 256 : 0) + r) * 4 + off);
      cp[n].bytes = (uint16_t)bytes;
      cp[n].is_const = rnd(6) == 0;
      cp[n].value = rnd(2) ? rnd(64) : ((uint64_t)rnd(1 << 16) << 16 | rnd(1 << 16));
      /* SGPRs take SGPRs and constants; VGPRs anything */
      bool src_vgpr = vgpr ? rnd(3) != 0 : false;
      unsigned soff = bytes == 2 ? 2 * rnd(2) : bytes == 1 ? rnd(4) : 0;
      cp[n].src = (uint16_t)(((src_vgpr ? 256 : 0) + rnd(NREG)) * 4 + soff);
      n++;
   }
   struct aco_minstr *pc = aco_minstr_create(&p->arena, aco_op_p_parallelcopy, n, n);
   assert_non_null(pc);
   for (unsigned i = 0; i < n; i++) {
      aco_rc rc = cp[i].dst >= 1024 ? (cp[i].bytes < 4 ? aco_rc_vb(cp[i].bytes) : aco_rc_v(1))
                                    : aco_rc_s(1);
      pc->definitions[i] = aco_def_fixed(aco_temp_make(0, rc), (aco_physreg){cp[i].dst});
      if (cp[i].is_const)
         pc->operands[i] = aco_opnd_const(cp[i].value & (cp[i].bytes == 2 ? 0xffff : ~0u),
                                          cp[i].bytes * 8);
      else
         pc->operands[i] = aco_opnd_reg((aco_physreg){cp[i].src}, rc);
   }
   assert_true(aco_vec_push(p->allocator, &b->instrs, pc));
   /* the registers the prologue and epilogue use, so the lowering sees them used */
   struct aco_minstr *uses = aco_minstr_create(&p->arena, aco_op_p_unit_test, 4, 0);
   assert_non_null(uses);
   uses->operands[0] = opnd_reg(256, NREG);
   uses->operands[1] = opnd_reg(0, NREG);
   uses->operands[2] = opnd_reg(256 + 200, NREG);
   uses->operands[3] = opnd_reg(256 + 250, 2);
   assert_true(aco_vec_push(p->allocator, &b->instrs, uses));
   if (aco_lower_to_hw(p) != ACO_SUCCESS) {
      assert_int_equal(p->status, ACO_ERROR_UNSUPPORTED);
      aco_mprogram_destroy(p);
      return false;
   }

   /* prologue, the copy, epilogue */
   static struct code code;
   code.n = 0;
   for (unsigned r = 0; r < NREG; r++) {
      emit_mov(&code, &p->arena, level, wave, r, aco_opnd_const(init_value(r), 32));
      emit_mov(&code, &p->arena, level, wave, 256 + r, aco_opnd_const(init_value(256 + r), 32));
   }
   emit_mov(&code, &p->arena, level, wave, 256 + 250, aco_opnd_const((uint32_t)OUT_ADDR, 32));
   emit_mov(&code, &p->arena, level, wave, 256 + 251, aco_opnd_const(OUT_ADDR >> 32, 32));
   for (uint32_t i = 0; i < b->instrs.len; i++)
      if (b->instrs.data[i]->opcode != aco_op_p_unit_test)
         put(&code, level, wave, b->instrs.data[i]);
   for (unsigned r = 0; r < NREG; r++) {
      emit_mov(&code, &p->arena, level, wave, 256 + 200 + r, opnd_reg(r, 1));
      emit_store(&code, &p->arena, level, wave, 200 + r, r);
      emit_store(&code, &p->arena, level, wave, r, NREG + r);
   }
   struct aco_minstr *end = aco_minstr_create(&p->arena, aco_op_s_endpgm, 0, 0);
   assert_non_null(end);
   put(&code, level, wave, end);

   /* expected memory */
   uint32_t expect[2 * NREG], got[2 * NREG];
   for (unsigned r = 0; r < NREG; r++) {
      expect[r] = init_value(r);
      expect[NREG + r] = init_value(256 + r);
   }
   uint32_t init[2 * NREG];
   memcpy(init, expect, sizeof(init));
   for (unsigned i = 0; i < n; i++) {
      for (unsigned k = 0; k < cp[i].bytes; k++) {
         unsigned s = cp[i].src + k, d = cp[i].dst + k;
         uint8_t v;
         if (cp[i].is_const)
            v = (uint8_t)(cp[i].value >> (8 * k));
         else
            v = (uint8_t)(init[(s >= 1024 ? NREG + (s / 4 - 256) : s / 4)] >> (8 * (s & 3)));
         uint32_t *w = &expect[d >= 1024 ? NREG + (d / 4 - 256) : d / 4];
         *w = (*w & ~(0xffu << (8 * (d & 3)))) | (uint32_t)v << (8 * (d & 3));
      }
   }

   memset(got, 0, sizeof(got));
   struct aco_emu *emu = start_emulator(level, wave, &code, got, sizeof(got));
   aco_status st = run_emulator(emu, 1);
   if (st != ACO_SUCCESS || memcmp(got, expect, sizeof(got))) {
      struct aco_strbuf sb;
      aco_strbuf_init(&sb, NULL);
      for (unsigned i = 0; i < n; i++)
         aco_strbuf_printf(&sb, " [%u]%u<-%s%u", cp[i].dst, cp[i].bytes,
                           cp[i].is_const ? "#" : "", cp[i].is_const ? (unsigned)cp[i].value : cp[i].src);
      aco_strbuf_printf(&sb, "\n");
      for (uint32_t i = 0; i < b->instrs.len; i++) {
         aco_strbuf_printf(&sb, "   ");
         aco_print_asm_instr(level, wave, b->instrs.data[i], &sb);
         aco_strbuf_printf(&sb, "\n");
      }
      for (unsigned r = 0; r < 2 * NREG; r++)
         aco_strbuf_printf(&sb, "   %s%u: got %08x expected %08x%s\n", r < NREG ? "s" : "v",
                           r % NREG, got[r], expect[r], got[r] != expect[r] ? "  <--" : "");
      fail_msg("%s wave%u: %s%s\n%s", aco_gfx_info(level)->name, wave,
               st != ACO_SUCCESS ? "emulator: " : "wrong registers",
               st != ACO_SUCCESS ? aco_emu_message(emu) : "", aco_strbuf_str(&sb));
   }
   aco_emu_destroy(emu);
   aco_mprogram_destroy(p);
   return true;
}

static void
test_random_copies_on_emulator(void **state)
{
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   unsigned run = 0;
   for (unsigned l = 0; l < 3; l++)
      for (unsigned wave = 32; wave <= 64; wave += 32)
         for (unsigned i = 0; i < 400; i++)
            run += run_random_case(levels[l], wave);
   printf("parallel copies run on the emulator: %u\n", run);
   assert_true(run > 2000);
}

static void
emit_readlane(struct code *c, struct aco_arena *a, aco_gfx_level level, unsigned wave,
              unsigned sdst, unsigned vsrc, unsigned lane)
{
   struct aco_minstr *in = aco_minstr_create(a, aco_op_v_readlane_b32, 2, 1);
   assert_non_null(in);
   in->definitions[0] = def_reg(sdst);
   in->operands[0] = opnd_reg(256 + vsrc, 1);
   in->operands[1] = aco_opnd_const(lane, 32);
   put(c, level, wave, in);
}

static void
set_exec(struct code *c, struct aco_arena *a, aco_gfx_level level, unsigned wave, uint64_t m)
{
   struct aco_minstr *in =
      aco_minstr_create(a, wave == 64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32, 1, 1);
   assert_non_null(in);
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(wave / 32)),
                                      aco_physreg_make(ACO_REG_EXEC_LO, 0));
   in->operands[0] = aco_opnd_const(wave == 64 ? m : (uint32_t)m, wave);
   put(c, level, wave, in);
}

/* Copies into linear VGPRs are whole-wave: with only lane 0 active, two linear VGPRs trade
 * places (a cycle: a swap) and a third takes an ordinary VGPR, while an ordinary VGPR takes
 * another. The linear ones change in an inactive lane too, the ordinary one does not. */
static void
test_linear_vgpr_copies_whole_wave(void **state)
{
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         aco_gfx_level level = levels[l];
         struct aco_mprogram *p = aco_mprogram_create(NULL, level, wave);
         assert_non_null(p);
         p->is_entry = true;
         struct aco_mblock *b = aco_mprogram_add_block(p);
         assert_non_null(b);
         /* v1 <-> v2 and v5 <- v4 linear, v3 <- v4 ordinary */
         static const unsigned dst[4] = {1, 2, 5, 3}, src[4] = {2, 1, 4, 4};
         struct aco_minstr *pc = aco_minstr_create(&p->arena, aco_op_p_parallelcopy, 4, 4);
         assert_non_null(pc);
         for (unsigned i = 0; i < 4; i++) {
            aco_rc rc = i < 3 ? aco_rc_lv(1) : aco_rc_v(1);
            pc->definitions[i] = aco_def_fixed(aco_temp_make(0, rc), aco_physreg_make(256 + dst[i], 0));
            pc->operands[i] = aco_opnd_reg(aco_physreg_make(256 + src[i], 0), rc);
         }
         assert_true(aco_vec_push(p->allocator, &b->instrs, pc));
         struct aco_minstr *uses = aco_minstr_create(&p->arena, aco_op_p_unit_test, 3, 0);
         assert_non_null(uses);
         uses->operands[0] = opnd_reg(256, 8);
         uses->operands[1] = opnd_reg(0, 8);
         uses->operands[2] = opnd_reg(256 + 250, 2);
         assert_true(aco_vec_push(p->allocator, &b->instrs, uses));
         assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);

         static struct code code;
         code.n = 0;
         for (unsigned r = 1; r <= 5; r++)
            emit_mov(&code, &p->arena, level, wave, 256 + r, aco_opnd_const(init_value(r), 32));
         emit_mov(&code, &p->arena, level, wave, 256 + 250, aco_opnd_const((uint32_t)OUT_ADDR, 32));
         emit_mov(&code, &p->arena, level, wave, 256 + 251, aco_opnd_const(OUT_ADDR >> 32, 32));
         set_exec(&code, &p->arena, level, wave, 1);
         for (uint32_t i = 0; i < b->instrs.len; i++)
            if (b->instrs.data[i]->opcode != aco_op_p_unit_test)
               put(&code, level, wave, b->instrs.data[i]);
         set_exec(&code, &p->arena, level, wave, ~0ull);
         /* lane 0 (active at the copy) and the last lane (inactive) of v1..v5 */
         for (unsigned r = 1; r <= 5; r++) {
            for (unsigned k = 0; k < 2; k++) {
               emit_readlane(&code, &p->arena, level, wave, 0, r, k ? wave - 1 : 0);
               emit_mov(&code, &p->arena, level, wave, 256 + 200, opnd_reg(0, 1));
               emit_store(&code, &p->arena, level, wave, 200, 2 * (r - 1) + k);
            }
         }
         struct aco_minstr *end = aco_minstr_create(&p->arena, aco_op_s_endpgm, 0, 0);
         assert_non_null(end);
         put(&code, level, wave, end);

         uint32_t got[10], expect[10];
         for (unsigned r = 1; r <= 5; r++)
            for (unsigned k = 0; k < 2; k++)
               expect[2 * (r - 1) + k] = init_value(r);
         expect[0] = expect[1] = init_value(2); /* v1 <- v2 in both lanes */
         expect[2] = expect[3] = init_value(1);
         expect[8] = expect[9] = init_value(4); /* v5 <- v4 in both lanes */
         expect[4] = init_value(4);             /* v3 <- v4 in lane 0 only */
         memset(got, 0, sizeof(got));
         struct aco_emu *emu = start_emulator(level, wave, &code, got, sizeof(got));
         assert_int_equal(run_emulator(emu, wave), ACO_SUCCESS);
         for (unsigned i = 0; i < 10; i++)
            if (got[i] != expect[i])
               fail_msg("%s wave%u: v%u lane %s: got %08x expected %08x",
                        aco_gfx_info(level)->name, wave, i / 2 + 1, i % 2 ? "last" : "0",
                        got[i], expect[i]);
         aco_emu_destroy(emu);
         aco_mprogram_destroy(p);
      }
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_copies_on_emulator),
      cmocka_unit_test(test_linear_vgpr_copies_whole_wave),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
