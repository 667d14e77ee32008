/* SPDX-License-Identifier: MIT */
/* aco_insert_waits against the ISA emulator's memory model (src/emu): small programs
 * with global, scalar and LDS loads, stores and barriers get their waits inserted, are
 * assembled and run with every detector on; they must run clean and compute the right
 * values. Then each inserted wait is deleted in turn (a mutation) and the emulator must
 * report the missing wait: every wait the pass inserts is needed. On every level and
 * wave size. */
#include "emit/emit.h"
#include "emu/emu.h"
#include "lower/lower.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#define IN_ADDR 0x100000ull
#define OUT_ADDR 0x200000ull

static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};

struct prog {
   struct aco_mprogram *p;
   struct aco_mblock *b;
};

static struct aco_minstr *
add(struct prog *g, enum aco_opcode op, unsigned ndefs, unsigned nops)
{
   struct aco_minstr *in = aco_minstr_create(&g->p->arena, op, nops, ndefs);
   assert_non_null(in);
   assert_true(aco_vec_push(g->p->allocator, &g->b->instrs, in));
   return in;
}

static aco_definition
dreg(unsigned field, unsigned dwords)
{
   aco_rc rc = field >= 256 ? aco_rc_v(dwords) : aco_rc_s(dwords);
   return aco_def_fixed(aco_temp_make(0, rc), aco_physreg_make(field, 0));
}

static aco_operand
oreg(unsigned field, unsigned dwords)
{
   aco_rc rc = field >= 256 ? aco_rc_v(dwords) : aco_rc_s(dwords);
   return aco_opnd_reg(aco_physreg_make(field, 0), rc);
}

#define V(n) (256 + (n))

static void
mov(struct prog *g, unsigned field, uint32_t value)
{
   struct aco_minstr *in = add(g, field >= 256 ? aco_op_v_mov_b32 : aco_op_s_mov_b32, 1, 1);
   in->definitions[0] = dreg(field, 1);
   in->operands[0] = aco_opnd_const(value, 32);
}

static void
vadd(struct prog *g, unsigned d, aco_operand a, unsigned b)
{
   struct aco_minstr *in = add(g, aco_op_v_add_nc_u32, 1, 2);
   in->definitions[0] = dreg(V(d), 1);
   in->operands[0] = a;
   in->operands[1] = oreg(V(b), 1);
}

static void
gload(struct prog *g, unsigned d, unsigned addr, int32_t offset)
{
   struct aco_minstr *in = add(g, aco_op_global_load_b32, 1, 1);
   in->definitions[0] = dreg(V(d), 1);
   in->operands[0] = oreg(V(addr), 2);
   in->mem.offset = offset;
}

static void
gstore(struct prog *g, unsigned addr, unsigned data, int32_t offset)
{
   struct aco_minstr *in = add(g, aco_op_global_store_b32, 0, 2);
   in->operands[0] = oreg(V(addr), 2);
   in->operands[1] = oreg(V(data), 1);
   in->mem.offset = offset;
}

static struct prog
begin(aco_gfx_level level, unsigned wave)
{
   struct prog g;
   g.p = aco_mprogram_create(NULL, level, wave);
   assert_non_null(g.p);
   g.p->is_entry = true;
   g.b = aco_mprogram_add_block(g.p);
   assert_non_null(g.b);
   /* v[20:21] = input, v[22:23] = output, s[0:1] = input, v30 = 0 (LDS address) */
   mov(&g, V(20), (uint32_t)IN_ADDR);
   mov(&g, V(21), (uint32_t)(IN_ADDR >> 32));
   mov(&g, V(22), (uint32_t)OUT_ADDR);
   mov(&g, V(23), (uint32_t)(OUT_ADDR >> 32));
   mov(&g, 0, (uint32_t)IN_ADDR);
   mov(&g, 1, (uint32_t)(IN_ADDR >> 32));
   mov(&g, V(30), 0);
   return g;
}

static void
barrier(struct prog *g)
{
   if (g->p->gfx_level >= ACO_GFX1200) {
      add(g, aco_op_s_barrier_signal, 0, 1)->operands[0] = aco_opnd_const(0xffffffffu, 32);
      add(g, aco_op_s_barrier_wait, 0, 0)->imm = 0xffff;
   } else {
      add(g, aco_op_s_barrier, 0, 0);
   }
}

static bool
is_wait(const struct aco_minstr *in)
{
   return !strncmp(aco_op_info(in->opcode)->name, "s_wait", 6) &&
          in->opcode != aco_op_s_barrier_wait;
}

/* Assembles the block without instruction `skip` (or all of it) and runs it; the output
 * buffer in out. */
static aco_status
run(struct prog *g, uint32_t skip, uint32_t *out, char *msg, size_t msg_size)
{
   static uint32_t words[4096];
   unsigned n = 0;
   aco_gfx_level level = g->p->gfx_level;
   unsigned wave = g->p->wave_size;
   for (uint32_t i = 0; i < g->b->instrs.len; i++) {
      if (i == skip)
         continue;
      unsigned k = aco_encode_instr(level, wave, g->b->instrs.data[i], words + n);
      if (!k) {
         struct aco_strbuf sb;
         aco_strbuf_init(&sb, NULL);
         aco_print_asm_instr(level, wave, g->b->instrs.data[i], &sb);
         fail_msg("cannot encode %s", aco_strbuf_str(&sb));
      }
      n += k;
   }
   static uint32_t in[16];
   for (unsigned i = 0; i < 16; i++)
      in[i] = 1000 * (i + 1);
   memset(out, 0, 16 * sizeof(uint32_t));
   aco_target target = {level, wave};
   struct aco_emu *emu = aco_emu_create(NULL, target);
   assert_non_null(emu);
   assert_int_equal(aco_emu_map(emu, IN_ADDR, in, sizeof(in), ACO_EMU_MEM_READONLY),
                    ACO_SUCCESS);
   assert_int_equal(aco_emu_map(emu, OUT_ADDR, out, 16 * sizeof(uint32_t), 0), ACO_SUCCESS);
   assert_int_equal(aco_emu_load_code(emu, words, n * 4, 0x10000), ACO_SUCCESS);
   struct aco_emu_launch launch;
   memset(&launch, 0, sizeof(launch));
   launch.grid[0] = launch.grid[1] = launch.grid[2] = 1;
   launch.block[0] = launch.block[1] = launch.block[2] = 1;
   launch.num_sgprs = 106;
   launch.num_vgprs = 256;
   launch.lds_bytes = 256;
   launch.workgroup_id_sgpr[0] = launch.workgroup_id_sgpr[1] = launch.workgroup_id_sgpr[2] = -1;
   aco_status st = aco_emu_run(emu, &launch);
   snprintf(msg, msg_size, "%s", st == ACO_SUCCESS ? "" : aco_emu_message(emu));
   aco_emu_destroy(emu);
   return st;
}

static char *
listing(struct prog *g)
{
   static char buf[8192];
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   for (uint32_t i = 0; i < g->b->instrs.len; i++) {
      aco_strbuf_printf(&sb, "  %2u: ", i);
      aco_print_asm_instr(g->p->gfx_level, g->p->wave_size, g->b->instrs.data[i], &sb);
      aco_strbuf_printf(&sb, "\n");
   }
   snprintf(buf, sizeof(buf), "%s", aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
   return buf;
}

/* Inserts the waits, runs clean with the expected output words, then each wait deleted
 * must be caught. Returns the number of waits. */
static unsigned
check_run(struct prog *g, const uint32_t *expect, unsigned nexpect, bool mutate)
{
   assert_int_equal(aco_insert_waits(g->p), ACO_SUCCESS);
   uint32_t out[16];
   char msg[1024];
   const char *name = aco_gfx_info(g->p->gfx_level)->name;
   if (run(g, ~0u, out, msg, sizeof(msg)) != ACO_SUCCESS)
      fail_msg("%s wave%u: %s\n%s", name, g->p->wave_size, msg, listing(g));
   for (unsigned i = 0; i < nexpect; i++)
      if (out[i] != expect[i])
         fail_msg("%s wave%u: word %u is %u, expected %u\n%s", name, g->p->wave_size, i,
                  out[i], expect[i], listing(g));
   unsigned waits = 0;
   for (uint32_t i = 0; i < g->b->instrs.len; i++) {
      if (!is_wait(g->b->instrs.data[i]))
         continue;
      waits++;
      if (mutate && run(g, i, out, msg, sizeof(msg)) == ACO_SUCCESS)
         fail_msg("%s wave%u: deleting the wait at %u goes unnoticed\n%s", name,
                  g->p->wave_size, i, listing(g));
   }
   aco_mprogram_destroy(g->p);
   return waits;
}

static unsigned
check(struct prog *g, const uint32_t *expect, unsigned nexpect)
{
   return check_run(g, expect, nexpect, true);
}

static void
test_global_in_order(void **state)
{
   for (unsigned l = 0; l < 3; l++)
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         struct prog g = begin(levels[l], wave);
         gload(&g, 1, 20, 0);
         gload(&g, 2, 20, 4);
         vadd(&g, 3, oreg(V(1), 1), 1); /* waits for the first load only */
         vadd(&g, 4, oreg(V(2), 1), 3);
         gstore(&g, 22, 4, 0);
         add(&g, aco_op_s_endpgm, 0, 0);
         const uint32_t expect[] = {1000 + 1000 + 2000};
         assert_int_equal(check(&g, expect, 1), 2);
      }
}

static void
test_smem_and_lds(void **state)
{
   for (unsigned l = 0; l < 3; l++)
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         struct prog g = begin(levels[l], wave);
         struct aco_minstr *in = add(&g, aco_op_s_load_b32, 1, 1);
         in->definitions[0] = dreg(4, 1);
         in->operands[0] = oreg(0, 2);
         in->mem.offset = 8;
         mov(&g, V(5), 77);
         in = add(&g, aco_op_ds_store_b32, 0, 2);
         in->operands[0] = oreg(V(30), 1);
         in->operands[1] = oreg(V(5), 1);
         in = add(&g, aco_op_ds_load_b32, 1, 1);
         in->definitions[0] = dreg(V(6), 1);
         in->operands[0] = oreg(V(30), 1);
         vadd(&g, 7, oreg(V(6), 1), 6);  /* the LDS load */
         vadd(&g, 8, oreg(4, 1), 7);     /* the scalar load */
         gstore(&g, 22, 8, 0);
         add(&g, aco_op_s_endpgm, 0, 0);
         const uint32_t expect[] = {3000 + 77 + 77};
         /* lgkmcnt(0) covers both on GFX10.3/11; GFX12 waits on dscnt, then kmcnt */
         assert_int_equal(check(&g, expect, 1), levels[l] >= ACO_GFX1200 ? 2 : 1);
      }
}

static void
test_stores_before_barrier(void **state)
{
   for (unsigned l = 0; l < 3; l++)
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         struct prog g = begin(levels[l], wave);
         mov(&g, V(5), 5);
         gstore(&g, 22, 5, 4);
         struct aco_minstr *in = add(&g, aco_op_ds_store_b32, 0, 2);
         in->operands[0] = oreg(V(30), 1);
         in->operands[1] = oreg(V(5), 1);
         barrier(&g);
         gstore(&g, 22, 5, 0); /* nothing needed before the end */
         add(&g, aco_op_s_endpgm, 0, 0);
         const uint32_t expect[] = {5, 5};
         assert_int_equal(check(&g, expect, 2), 2);
      }
}

static void
test_flat(void **state)
{
   /* FLAT counts on vmcnt and lgkmcnt (loadcnt and dscnt on GFX12): the compiler cannot
    * know whether the address is LDS, so both are waited for. The emulator counts the
    * access where it goes (here global memory), so a deleted dscnt wait on GFX12 may
    * go unnoticed: no mutations here. */
   for (unsigned l = 0; l < 3; l++)
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         struct prog g = begin(levels[l], wave);
         struct aco_minstr *in = add(&g, aco_op_flat_load_b32, 1, 1);
         in->definitions[0] = dreg(V(1), 1);
         in->operands[0] = oreg(V(20), 2);
         in->mem.offset = 12;
         gload(&g, 2, 20, 0);
         vadd(&g, 3, oreg(V(1), 1), 2);
         gstore(&g, 22, 3, 0);
         add(&g, aco_op_s_endpgm, 0, 0);
         const uint32_t expect[] = {4000 + 1000};
         assert_int_equal(check_run(&g, expect, 1, false), levels[l] >= ACO_GFX1200 ? 2 : 1);
      }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_global_in_order),
      cmocka_unit_test(test_smem_and_lds),
      cmocka_unit_test(test_stores_before_barrier),
      cmocka_unit_test(test_flat),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
