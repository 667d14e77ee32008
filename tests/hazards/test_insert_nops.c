/* SPDX-License-Identifier: MIT */
/* aco_insert_nops (src/lower/insert_nops.c): machine IR with physical registers in, the
 * pass, then (1) exactly the NOPs each level needs appear where they must, (2) programs
 * without hazards are left unchanged, and (3) the emulator's hazard detector, run over the
 * result along the paths the CFG allows, finds nothing while it does fire on the input.
 * Like test_detector.c this compiles src/emu/hazards.c with a recording emu_fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emu/emu_internal.h"
#include "lower/lower.h"
#include "target/gfx.h"

static char last_message[512];

bool
emu_fail(struct emu_wave *w, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(last_message, sizeof(last_message), fmt, ap);
   va_end(ap);
   w->failed = true;
   return false;
}

/* ---- building programs ---------------------------------------------------------------------- */

static struct aco_mprogram *
program(aco_gfx_level level, unsigned wave, unsigned nblocks)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, level, wave);
   assert_non_null(p);
   for (unsigned i = 0; i < nblocks; i++)
      assert_non_null(aco_mprogram_add_block(p));
   return p;
}

static void
edge(struct aco_mprogram *p, unsigned a, unsigned b)
{
   assert_true(aco_mblock_add_linear_edge(p, p->blocks.data[a], p->blocks.data[b]));
   assert_true(aco_mblock_add_logical_edge(p, p->blocks.data[a], p->blocks.data[b]));
}

static struct aco_minstr *
add(struct aco_mprogram *p, unsigned block, enum aco_opcode op, unsigned ndefs, unsigned nops)
{
   struct aco_minstr *in = aco_minstr_create(&p->arena, op, nops, ndefs);
   assert_non_null(in);
   assert_true(aco_vec_push(p->allocator, &p->blocks.data[block]->instrs, in));
   return in;
}

static aco_operand
v(unsigned n)
{
   return aco_opnd_reg(aco_vgpr(n), aco_rc_v(1));
}

static aco_operand
s(unsigned n, unsigned dwords)
{
   return aco_opnd_reg(aco_sgpr(n), aco_rc_s(dwords));
}

static aco_definition
vd(unsigned n)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_vgpr(n));
}

static void
valu2(struct aco_mprogram *p, unsigned b, enum aco_opcode op, unsigned d, aco_operand x,
      aco_operand y)
{
   struct aco_minstr *in = add(p, b, op, 1, 2);
   in->definitions[0] = vd(d);
   in->operands[0] = x;
   in->operands[1] = y;
}

static void
valu1(struct aco_mprogram *p, unsigned b, enum aco_opcode op, unsigned d, aco_operand x)
{
   struct aco_minstr *in = add(p, b, op, 1, 1);
   in->definitions[0] = vd(d);
   in->operands[0] = x;
}

static void
vmov(struct aco_mprogram *p, unsigned b, unsigned d)
{
   valu1(p, b, aco_op_v_mov_b32, d, aco_opnd_const(0, 32));
}

static void
sopp(struct aco_mprogram *p, unsigned b, enum aco_opcode op, uint32_t imm)
{
   add(p, b, op, 0, 0)->imm = imm;
}

static void
smov64(struct aco_mprogram *p, unsigned b, unsigned dst_field, unsigned src)
{
   struct aco_minstr *in = add(p, b, aco_op_s_mov_b64, 1, 1);
   in->definitions[0] =
      aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_physreg_make(dst_field, 0));
   in->operands[0] = s(src, 2);
}

static void
branch(struct aco_mprogram *p, unsigned b, enum aco_opcode op, unsigned target)
{
   add(p, b, op, 0, 0)->target_block = target;
}

/* ---- checking ------------------------------------------------------------------------------- */

/* The program's instructions along a path of blocks, through the detector: the index of
 * the instruction rejected, or -1. */
static int
detect(struct aco_mprogram *p, const unsigned *path, unsigned len)
{
   struct emu_wave w;
   memset(&w, 0, sizeof(w));
   w.gfx = p->gfx;
   w.level = p->gfx_level;
   w.wave_size = p->wave_size;
   last_message[0] = 0;
   assert_true(emu_hazard_init(&w));
   int at = 0, failed = -1;
   for (unsigned i = 0; i < len && failed < 0; i++) {
      struct aco_mblock *b = p->blocks.data[path[i]];
      struct aco_minstr *in;
      aco_foreach_instr(b, in)
      {
         if (!emu_hazard_check(&w, in)) {
            failed = at;
            break;
         }
         at++;
      }
   }
   emu_hazard_finish(&w);
   return failed;
}

/* The opcodes of a block, as a string "s_nop:2 v_add_f32 ..." (imm shown for SOPP). */
static const char *
block_text(struct aco_mprogram *p, unsigned block, char *buf, size_t size)
{
   size_t n = 0;
   buf[0] = 0;
   struct aco_minstr *in;
   struct aco_mblock *b = p->blocks.data[block];
   aco_foreach_instr(b, in)
   {
      const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
      if (info->format == ACO_FMT_SOPP && in->opcode != aco_op_s_endpgm &&
          in->opcode != aco_op_s_cbranch_scc1 && in->opcode != aco_op_s_branch)
         n += (size_t)snprintf(buf + n, size - n, "%s%s:0x%x", n ? " " : "", info->name,
                               (unsigned)in->imm);
      else
         n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? " " : "", info->name);
      if (n >= size)
         break;
   }
   return buf;
}

static void
expect_block(struct aco_mprogram *p, unsigned block, const char *want)
{
   char buf[1024];
   block_text(p, block, buf, sizeof(buf));
   if (strcmp(buf, want))
      fail_msg("block %u of %s wave%u:\n  got:  %s\n  want: %s", block, p->gfx->name,
               p->wave_size, buf, want);
}

static void
run_pass(struct aco_mprogram *p)
{
   aco_status st = aco_insert_nops(p);
   if (st != ACO_SUCCESS)
      fail_msg("aco_insert_nops: %s", p->message);
}

static const unsigned path0[] = {0};

/* ---- straight-line programs, one hazard each ---------------------------------------------- */

static struct aco_mprogram *
trans_use(aco_gfx_level level, unsigned valus)
{
   struct aco_mprogram *p = program(level, 32, 1);
   valu1(p, 0, aco_op_v_exp_f32, 1, v(0));
   for (unsigned i = 0; i < valus; i++)
      vmov(p, 0, 10 + i);
   valu2(p, 0, aco_op_v_add_f32, 2, v(1), v(0));
   sopp(p, 0, aco_op_s_endpgm, 0);
   return p;
}

static void
test_trans_use(void **state)
{
   (void)state;
   struct aco_mprogram *p = trans_use(ACO_GFX1100, 0);
   assert_int_equal(detect(p, path0, 1), 1);
   run_pass(p);
   expect_block(p, 0, "v_exp_f32 s_waitcnt_depctr:0xfff v_add_f32 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   p = trans_use(ACO_GFX1100, 5);
   run_pass(p);
   expect_block(p, 0, "v_exp_f32 v_mov_b32 v_mov_b32 v_mov_b32 v_mov_b32 v_mov_b32 "
                      "s_waitcnt_depctr:0xfff v_add_f32 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   /* far enough, or a level without the hazard: unchanged */
   p = trans_use(ACO_GFX1100, 6);
   run_pass(p);
   expect_block(p, 0, "v_exp_f32 v_mov_b32 v_mov_b32 v_mov_b32 v_mov_b32 v_mov_b32 "
                      "v_mov_b32 v_add_f32 s_endpgm");
   aco_mprogram_destroy(p);
   static const aco_gfx_level without[] = {ACO_GFX1030, ACO_GFX1200};
   for (unsigned i = 0; i < 2; i++) {
      p = trans_use(without[i], 0);
      run_pass(p);
      expect_block(p, 0, "v_exp_f32 v_add_f32 s_endpgm");
      aco_mprogram_destroy(p);
   }
}

static struct aco_mprogram *
fp_atomic(aco_gfx_level level, unsigned nops)
{
   struct aco_mprogram *p = program(level, 32, 1);
   struct aco_minstr *a = add(p, 0, aco_op_global_atomic_min_f32, 0, 2);
   a->operands[0] = aco_opnd_reg(aco_vgpr(0), aco_rc_v(2));
   a->operands[1] = v(2);
   for (unsigned i = 0; i < nops; i++)
      sopp(p, 0, aco_op_s_nop, 0);
   sopp(p, 0, aco_op_s_denorm_mode, 0);
   sopp(p, 0, aco_op_s_endpgm, 0);
   return p;
}

static void
test_fp_atomic_denorm(void **state)
{
   (void)state;
   struct aco_mprogram *p = fp_atomic(ACO_GFX1030, 0);
   assert_int_equal(detect(p, path0, 1), 1);
   run_pass(p);
   expect_block(p, 0, "global_atomic_min_f32 s_nop:0x2 s_denorm_mode:0x0 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   p = fp_atomic(ACO_GFX1030, 1); /* one wait state there: two more */
   run_pass(p);
   expect_block(p, 0, "global_atomic_min_f32 s_nop:0x0 s_nop:0x1 s_denorm_mode:0x0 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   p = fp_atomic(ACO_GFX1100, 0);
   run_pass(p);
   expect_block(p, 0, "global_atomic_min_f32 s_denorm_mode:0x0 s_endpgm");
   aco_mprogram_destroy(p);
}

static struct aco_mprogram *
cmpx_permlane(aco_gfx_level level, unsigned wave)
{
   struct aco_mprogram *p = program(level, wave, 1);
   struct aco_minstr *c = add(p, 0, aco_op_v_cmpx_eq_u32, 0, 2);
   c->operands[0] = v(0);
   c->operands[1] = v(1);
   valu1(p, 0, aco_op_v_permlane64_b32, 1, v(1));
   sopp(p, 0, aco_op_s_endpgm, 0);
   return p;
}

static void
test_vcmpx_permlane(void **state)
{
   (void)state;
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      static const aco_gfx_level with[] = {ACO_GFX1100, ACO_GFX1200};
      for (unsigned i = 0; i < 2; i++) {
         struct aco_mprogram *p = cmpx_permlane(with[i], wave);
         assert_int_equal(detect(p, path0, 1), 1);
         run_pass(p);
         expect_block(p, 0, "v_cmpx_eq_u32 v_nop v_permlane64_b32 s_endpgm");
         assert_int_equal(detect(p, path0, 1), -1);
         aco_mprogram_destroy(p);
      }
   }
}

static struct aco_mprogram *
partial_forwarding(aco_gfx_level level, unsigned wave, unsigned gap1, unsigned gap3)
{
   struct aco_mprogram *p = program(level, wave, 1);
   vmov(p, 0, 0);
   for (unsigned i = 0; i < gap1; i++)
      vmov(p, 0, 10 + i);
   smov64(p, 0, ACO_REG_EXEC_LO, 4);
   vmov(p, 0, 1);
   for (unsigned i = 0; i < gap3; i++)
      vmov(p, 0, 20 + i);
   valu2(p, 0, aco_op_v_add_nc_u32, 2, v(0), v(1));
   sopp(p, 0, aco_op_s_endpgm, 0);
   return p;
}

static void
test_partial_forwarding(void **state)
{
   (void)state;
   struct aco_mprogram *p = partial_forwarding(ACO_GFX1100, 64, 0, 0);
   assert_int_equal(detect(p, path0, 1), 3);
   run_pass(p);
   expect_block(p, 0, "v_mov_b32 s_mov_b64 v_mov_b32 s_waitcnt_depctr:0xfff v_add_nc_u32 "
                      "s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   /* two VALU between the writes and four before the read: still a hazard */
   p = partial_forwarding(ACO_GFX1100, 64, 2, 4);
   assert_int_equal(detect(p, path0, 1), 9);
   run_pass(p);
   expect_block(p, 0, "v_mov_b32 v_mov_b32 v_mov_b32 s_mov_b64 v_mov_b32 v_mov_b32 v_mov_b32 "
                      "v_mov_b32 v_mov_b32 s_waitcnt_depctr:0xfff v_add_nc_u32 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   /* a later exec write does not matter: the one before the most recent write counts */
   p = program(ACO_GFX1100, 64, 1);
   vmov(p, 0, 0);
   smov64(p, 0, ACO_REG_EXEC_LO, 4);
   vmov(p, 0, 1);
   smov64(p, 0, ACO_REG_EXEC_LO, 6);
   valu2(p, 0, aco_op_v_add_nc_u32, 2, v(0), v(1));
   sopp(p, 0, aco_op_s_endpgm, 0);
   assert_int_equal(detect(p, path0, 1), 4);
   run_pass(p);
   expect_block(p, 0, "v_mov_b32 s_mov_b64 v_mov_b32 s_mov_b64 s_waitcnt_depctr:0xfff "
                      "v_add_nc_u32 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   /* three VALU between the writes: none */
   p = partial_forwarding(ACO_GFX1100, 64, 3, 0);
   run_pass(p);
   expect_block(p, 0, "v_mov_b32 v_mov_b32 v_mov_b32 v_mov_b32 s_mov_b64 v_mov_b32 "
                      "v_add_nc_u32 s_endpgm");
   aco_mprogram_destroy(p);

   p = partial_forwarding(ACO_GFX1100, 64, 0, 5);
   run_pass(p);
   expect_block(p, 0, "v_mov_b32 s_mov_b64 v_mov_b32 v_mov_b32 v_mov_b32 v_mov_b32 v_mov_b32 "
                      "v_mov_b32 v_add_nc_u32 s_endpgm");
   aco_mprogram_destroy(p);

   p = partial_forwarding(ACO_GFX1100, 32, 0, 0);
   run_pass(p);
   expect_block(p, 0, "v_mov_b32 s_mov_b64 v_mov_b32 v_add_nc_u32 s_endpgm");
   aco_mprogram_destroy(p);
}

static struct aco_mprogram *
mask_write(aco_gfx_level level, unsigned wave)
{
   struct aco_mprogram *p = program(level, wave, 1);
   struct aco_minstr *in = add(p, 0, aco_op_v_cndmask_b32, 1, 3);
   in->encoding = ACO_ENC_E64;
   in->definitions[0] = vd(1);
   in->operands[0] = v(0);
   in->operands[1] = v(1);
   in->operands[2] = s(0, wave / 32);
   smov64(p, 0, 0, 8);
   vmov(p, 0, 5); /* no SGPR read: the window stays open */
   in = add(p, 0, aco_op_s_add_u32, 1, 2);
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(2));
   in->operands[0] = s(0, 1);
   in->operands[1] = aco_opnd_const(1, 32);
   sopp(p, 0, aco_op_s_endpgm, 0);
   return p;
}

static void
test_mask_write(void **state)
{
   (void)state;
   struct aco_mprogram *p = mask_write(ACO_GFX1100, 64);
   assert_int_equal(detect(p, path0, 1), 3);
   run_pass(p);
   expect_block(p, 0, "v_cndmask_b32 s_mov_b64 v_mov_b32 s_waitcnt_depctr:0xfffe s_add_u32 "
                      "s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   p = mask_write(ACO_GFX1100, 32);
   run_pass(p);
   expect_block(p, 0, "v_cndmask_b32 s_mov_b64 v_mov_b32 s_add_u32 s_endpgm");
   aco_mprogram_destroy(p);
   /* gfx1200 has no VALUMaskWriteHazard, but the same sequence is a VALUReadSGPRHazard */
   p = mask_write(ACO_GFX1200, 64);
   run_pass(p);
   expect_block(p, 0, "v_cndmask_b32 s_mov_b64 v_mov_b32 s_waitcnt_depctr:0xfffe s_add_u32 "
                      "s_endpgm");
   aco_mprogram_destroy(p);
}

/* The VALU-write form ACO also mitigates (LLVM 19 does not, so the detector does not check
 * it): v_cndmask reads a mask, v_cmp rewrites it, v_cndmask reads it again. */
static struct aco_mprogram *
mask_valu_write(unsigned wave, unsigned mask_field)
{
   struct aco_mprogram *p = program(ACO_GFX1100, wave, 1);
   for (unsigned k = 0; k < 2; k++) {
      struct aco_minstr *in = add(p, 0, aco_op_v_cndmask_b32, 1, 3);
      in->encoding = ACO_ENC_E64;
      in->definitions[0] = vd(1 + k);
      in->operands[0] = v(0);
      in->operands[1] = v(1);
      in->operands[2] = s(mask_field, wave / 32);
      if (k)
         break;
      struct aco_minstr *c = add(p, 0, aco_op_v_cmp_eq_u32, 1, 2);
      c->encoding = ACO_ENC_E64;
      c->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(wave / 32)), aco_sgpr(mask_field));
      c->operands[0] = v(0);
      c->operands[1] = v(3);
   }
   sopp(p, 0, aco_op_s_endpgm, 0);
   return p;
}

static void
test_mask_valu_write(void **state)
{
   (void)state;
   struct aco_mprogram *p = mask_valu_write(64, ACO_REG_VCC_LO);
   run_pass(p);
   expect_block(p, 0, "v_cndmask_b32 v_cmp_eq_u32 s_waitcnt_depctr:0xfffd v_cndmask_b32 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);
   p = mask_valu_write(64, 4);
   run_pass(p);
   expect_block(p, 0, "v_cndmask_b32 v_cmp_eq_u32 s_waitcnt_depctr:0xf1ff v_cndmask_b32 s_endpgm");
   aco_mprogram_destroy(p);
   p = mask_valu_write(32, 4);
   run_pass(p);
   expect_block(p, 0, "v_cndmask_b32 v_cmp_eq_u32 v_cndmask_b32 s_endpgm");
   aco_mprogram_destroy(p);
}

static void
test_sendmsg_dealloc(void **state)
{
   (void)state;
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned i = 0; i < 3; i++) {
      aco_gfx_level l = levels[i];
      struct aco_mprogram *p = program(l, 32, 1);
      vmov(p, 0, 0);
      sopp(p, 0, aco_op_s_sendmsg, 3);
      sopp(p, 0, aco_op_s_endpgm, 0);
      run_pass(p);
      expect_block(p, 0, l == ACO_GFX1030 ? "v_mov_b32 s_sendmsg:0x3 s_endpgm"
                                          : "v_mov_b32 s_nop:0x0 s_sendmsg:0x3 s_endpgm");
      assert_int_equal(detect(p, path0, 1), -1);
      /* a second run adds nothing */
      run_pass(p);
      expect_block(p, 0, l == ACO_GFX1030 ? "v_mov_b32 s_sendmsg:0x3 s_endpgm"
                                          : "v_mov_b32 s_nop:0x0 s_sendmsg:0x3 s_endpgm");
      aco_mprogram_destroy(p);
   }
}

/* VALUReadSGPRHazard on gfx1200 (not checked by the detector: llc-19 predates it). */
static struct aco_mprogram *
read_sgpr(aco_gfx_level level, unsigned salus, bool valu_write)
{
   struct aco_mprogram *p = program(level, 32, 1);
   valu2(p, 0, aco_op_v_add_nc_u32, 1, s(4, 1), v(0));
   if (valu_write) {
      struct aco_minstr *c = add(p, 0, aco_op_v_cmp_eq_u32, 1, 2);
      c->encoding = ACO_ENC_E64;
      c->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(4));
      c->operands[0] = v(0);
      c->operands[1] = v(1);
   } else {
      struct aco_minstr *m = add(p, 0, aco_op_s_mov_b32, 1, 1);
      m->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(4));
      m->operands[0] = aco_opnd_const(1, 32);
   }
   for (unsigned i = 0; i < salus; i++) {
      struct aco_minstr *m = add(p, 0, aco_op_s_mov_b32, 1, 1);
      m->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(20));
      m->operands[0] = aco_opnd_const(0, 32);
   }
   valu2(p, 0, aco_op_v_add_nc_u32, 2, s(4, 1), v(0));
   sopp(p, 0, aco_op_s_endpgm, 0);
   return p;
}

static void
test_read_sgpr(void **state)
{
   (void)state;
   struct aco_mprogram *p = read_sgpr(ACO_GFX1200, 0, false);
   run_pass(p);
   expect_block(p, 0, "v_add_nc_u32 s_mov_b32 s_waitcnt_depctr:0xfffe v_add_nc_u32 s_endpgm");
   assert_int_equal(detect(p, path0, 1), -1);
   aco_mprogram_destroy(p);

   p = read_sgpr(ACO_GFX1200, 10, false); /* 10 SALU after the write: a VALU still waits */
   run_pass(p);
   struct aco_mblock *b = p->blocks.data[0];
   assert_int_equal(b->instrs.len, 15);
   assert_int_equal(b->instrs.data[12]->opcode, aco_op_s_waitcnt_depctr);
   assert_int_equal(b->instrs.data[12]->imm, 0xfffe);
   aco_mprogram_destroy(p);

   p = read_sgpr(ACO_GFX1200, 11, false); /* 11: expired */
   run_pass(p);
   assert_int_equal(p->blocks.data[0]->instrs.len, 15);
   aco_mprogram_destroy(p);

   p = read_sgpr(ACO_GFX1200, 0, true); /* VALU write: va_sdst(0) */
   run_pass(p);
   expect_block(p, 0, "v_add_nc_u32 v_cmp_eq_u32 s_waitcnt_depctr:0xf1ff v_add_nc_u32 s_endpgm");
   aco_mprogram_destroy(p);

   p = read_sgpr(ACO_GFX1100, 0, false);
   run_pass(p);
   expect_block(p, 0, "v_add_nc_u32 s_mov_b32 v_add_nc_u32 s_endpgm");
   aco_mprogram_destroy(p);
}

/* ---- control flow ----------------------------------------------------------------------------- */

/* A loop whose hazard only exists through the back edge:
 *   B0: v_mov v1
 *   B1: v_add v2, v1, v0 ; v_exp v1, v0 ; s_cbranch_scc1 B1
 *   B2: s_endpgm */
static void
test_loop_back_edge(void **state)
{
   (void)state;
   struct aco_mprogram *p = program(ACO_GFX1100, 32, 3);
   p->blocks.data[1]->kind |= ACO_BLOCK_LOOP_HEADER;
   vmov(p, 0, 1);
   valu2(p, 1, aco_op_v_add_f32, 2, v(1), v(0));
   valu1(p, 1, aco_op_v_exp_f32, 1, v(0));
   branch(p, 1, aco_op_s_cbranch_scc1, 1);
   sopp(p, 2, aco_op_s_endpgm, 0);
   edge(p, 0, 1);
   edge(p, 1, 1);
   edge(p, 1, 2);
   const unsigned path[] = {0, 1, 1, 2};
   assert_int_equal(detect(p, path, 4), 4);
   run_pass(p);
   expect_block(p, 0, "v_mov_b32");
   expect_block(p, 1, "s_waitcnt_depctr:0xfff v_add_f32 v_exp_f32 s_cbranch_scc1");
   expect_block(p, 2, "s_endpgm");
   assert_int_equal(detect(p, path, 4), -1);
   aco_mprogram_destroy(p);
}

/* A join: the hazard exists along one predecessor only, so it is fixed at the join.
 *   B0: s_cbranch_scc1 B2        B1: v_exp v1, v0      B2: v_add v2, v1, v0 ; s_endpgm */
static void
test_join(void **state)
{
   (void)state;
   struct aco_mprogram *p = program(ACO_GFX1100, 64, 3);
   vmov(p, 0, 9);
   for (unsigned i = 0; i < 6; i++)
      vmov(p, 0, 10 + i);
   branch(p, 0, aco_op_s_cbranch_scc1, 2);
   valu1(p, 1, aco_op_v_exp_f32, 1, v(0));
   valu2(p, 2, aco_op_v_add_f32, 2, v(1), v(0));
   sopp(p, 2, aco_op_s_endpgm, 0);
   edge(p, 0, 1);
   edge(p, 0, 2);
   edge(p, 1, 2);
   const unsigned taken[] = {0, 2}, fall[] = {0, 1, 2};
   assert_int_equal(detect(p, taken, 2), -1);
   assert_int_equal(detect(p, fall, 3), 9);
   run_pass(p);
   expect_block(p, 1, "v_exp_f32");
   expect_block(p, 2, "s_waitcnt_depctr:0xfff v_add_f32 s_endpgm");
   assert_int_equal(detect(p, taken, 2), -1);
   assert_int_equal(detect(p, fall, 3), -1);
   aco_mprogram_destroy(p);
}

/* A divergent loop in wave64 on gfx1100, shaped like llc's code for a while loop: the
 * sources of the VALU after the loop were written on either side of exec writes along
 * some paths. Every path through up to three iterations must be clean after the pass.
 *   B0: v_mov v2 ; v_mov v4
 *   B1 (header): v_mov v2, v3 ; v_cmp ; s_and_saveexec ; s_cbranch_execz B3
 *   B2: v_and v4, 1, v2 ; v_mov v3
 *   B3: s_or_b64 exec ; v_mov v4 ; s_andn2 exec ; s_cbranch_execnz B1
 *   B4: s_or_b64 exec ; v_add v0 ; v_lshl_or v2, v2, v4 ; s_endpgm */
static void
test_divergent_loop(void **state)
{
   (void)state;
   struct aco_mprogram *p = program(ACO_GFX1100, 64, 5);
   p->blocks.data[1]->kind |= ACO_BLOCK_LOOP_HEADER;
   p->blocks.data[4]->kind |= ACO_BLOCK_LOOP_EXIT;
   vmov(p, 0, 2);
   vmov(p, 0, 4);
   valu1(p, 1, aco_op_v_mov_b32, 2, v(3));
   struct aco_minstr *c = add(p, 1, aco_op_v_cmp_eq_u32, 1, 2);
   c->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_sgpr(ACO_REG_VCC_LO));
   c->operands[0] = aco_opnd_const(1, 32);
   c->operands[1] = v(2);
   struct aco_minstr *se = add(p, 1, aco_op_s_and_saveexec_b64, 1, 1);
   se->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_sgpr(6));
   se->operands[0] = s(ACO_REG_VCC_LO, 2);
   branch(p, 1, aco_op_s_cbranch_execz, 3);
   valu2(p, 2, aco_op_v_and_b32, 4, aco_opnd_const(1, 32), v(2));
   vmov(p, 2, 3);
   smov64(p, 3, ACO_REG_EXEC_LO, 6);
   vmov(p, 3, 4);
   smov64(p, 3, ACO_REG_EXEC_LO, 8);
   branch(p, 3, aco_op_s_cbranch_execnz, 1);
   smov64(p, 4, ACO_REG_EXEC_LO, 10);
   vmov(p, 4, 0);
   valu2(p, 4, aco_op_v_add_nc_u32, 2, v(2), v(4));
   sopp(p, 4, aco_op_s_endpgm, 0);
   edge(p, 0, 1);
   edge(p, 1, 2);
   edge(p, 1, 3);
   edge(p, 2, 3);
   edge(p, 3, 1);
   edge(p, 3, 4);

   /* all paths with up to three iterations of the loop */
   unsigned path[16];
   bool hazard_before = false;
   for (unsigned iters = 1; iters <= 3; iters++) {
      for (unsigned body = 0; body < (1u << iters); body++) {
         unsigned n = 0;
         path[n++] = 0;
         for (unsigned i = 0; i < iters; i++) {
            path[n++] = 1;
            if (body & (1u << i))
               path[n++] = 2;
            path[n++] = 3;
         }
         path[n++] = 4;
         hazard_before |= detect(p, path, n) >= 0;
      }
   }
   assert_true(hazard_before);
   run_pass(p);
   for (unsigned iters = 1; iters <= 3; iters++) {
      for (unsigned body = 0; body < (1u << iters); body++) {
         unsigned n = 0;
         path[n++] = 0;
         for (unsigned i = 0; i < iters; i++) {
            path[n++] = 1;
            if (body & (1u << i))
               path[n++] = 2;
            path[n++] = 3;
         }
         path[n++] = 4;
         if (detect(p, path, n) >= 0)
            fail_msg("after the pass, %u iterations (body mask %u): %s", iters, body,
                     last_message);
      }
   }
   expect_block(p, 4, "s_mov_b64 v_mov_b32 s_waitcnt_depctr:0xfff v_add_nc_u32 s_endpgm");
   aco_mprogram_destroy(p);
}

/* Leaving the function resolves what is open (the callee or caller is unknown). */
static void
test_resolve_at_return(void **state)
{
   (void)state;
   struct aco_mprogram *p = program(ACO_GFX1100, 64, 1);
   valu1(p, 0, aco_op_v_exp_f32, 1, v(0));
   add(p, 0, aco_op_s_setpc_b64, 0, 1)->operands[0] = s(30, 2);
   run_pass(p);
   expect_block(p, 0, "v_exp_f32 s_waitcnt_depctr:0xfff s_setpc_b64");
   aco_mprogram_destroy(p);

   p = program(ACO_GFX1200, 32, 1);
   struct aco_minstr *c = add(p, 0, aco_op_v_cmpx_eq_u32, 0, 2);
   c->operands[0] = v(0);
   c->operands[1] = v(1);
   add(p, 0, aco_op_s_setpc_b64, 0, 1)->operands[0] = s(30, 2);
   run_pass(p);
   expect_block(p, 0, "v_cmpx_eq_u32 v_nop s_setpc_b64");
   aco_mprogram_destroy(p);

   /* ordinary VALU writes just before a return: the partial-forwarding hazard exists in
    * wave64 only, so wave32 leaves with nothing open */
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      p = program(ACO_GFX1100, wave, 1);
      valu2(p, 0, aco_op_v_add_nc_u32, 1, v(0), v(0));
      valu2(p, 0, aco_op_v_add_nc_u32, 2, v(1), v(0));
      add(p, 0, aco_op_s_setpc_b64, 0, 1)->operands[0] = s(30, 2);
      run_pass(p);
      expect_block(p, 0, wave == 32 ? "v_add_nc_u32 v_add_nc_u32 s_setpc_b64"
                                    : "v_add_nc_u32 v_add_nc_u32 s_waitcnt_depctr:0xfff s_setpc_b64");
      aco_mprogram_destroy(p);
   }
}

/* Every allocation of the pass failing in turn: ACO_ERROR_OUT_OF_MEMORY with a message,
 * no crash, nothing leaked (the sanitizer build checks that), then success with the NOPs. */
struct countdown {
   long left;
};

static void *
cd_alloc(void *user, size_t size, size_t align)
{
   struct countdown *c = user;
   (void)align;
   if (c->left == 0)
      return NULL;
   if (c->left > 0)
      c->left--;
   return malloc(size);
}

static void
cd_free(void *user, void *ptr, size_t size)
{
   (void)user;
   (void)size;
   free(ptr);
}

static void
test_out_of_memory(void **state)
{
   (void)state;
   struct countdown cd = {-1};
   aco_allocator a = {cd_alloc, cd_free, &cd};
   bool succeeded = false;
   unsigned failures = 0;
   for (long k = 0; k < 400 && !succeeded; k++) {
      cd.left = -1;
      struct aco_mprogram *p = aco_mprogram_create(&a, ACO_GFX1100, 64);
      assert_non_null(p);
      for (unsigned i = 0; i < 3; i++)
         assert_non_null(aco_mprogram_add_block(p));
      edge(p, 0, 1);
      edge(p, 1, 1);
      edge(p, 1, 2);
      p->blocks.data[1]->kind |= ACO_BLOCK_LOOP_HEADER;
      vmov(p, 0, 1);
      valu2(p, 1, aco_op_v_add_f32, 2, v(1), v(0));
      valu1(p, 1, aco_op_v_exp_f32, 1, v(0));
      branch(p, 1, aco_op_s_cbranch_scc1, 1);
      sopp(p, 2, aco_op_s_endpgm, 0);
      cd.left = k;
      aco_status st = aco_insert_nops(p);
      cd.left = -1;
      if (st == ACO_SUCCESS) {
         expect_block(p, 1, "s_waitcnt_depctr:0xfff v_add_f32 v_exp_f32 s_cbranch_scc1");
         succeeded = true;
      } else {
         assert_int_equal(st, ACO_ERROR_OUT_OF_MEMORY);
         assert_int_equal(p->status, ACO_ERROR_OUT_OF_MEMORY);
         assert_non_null(strstr(p->message, "insert_nops"));
         failures++;
      }
      aco_mprogram_destroy(p);
   }
   assert_true(succeeded);
   assert_true(failures > 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trans_use),
      cmocka_unit_test(test_fp_atomic_denorm),
      cmocka_unit_test(test_vcmpx_permlane),
      cmocka_unit_test(test_partial_forwarding),
      cmocka_unit_test(test_mask_write),
      cmocka_unit_test(test_mask_valu_write),
      cmocka_unit_test(test_sendmsg_dealloc),
      cmocka_unit_test(test_read_sgpr),
      cmocka_unit_test(test_loop_back_edge),
      cmocka_unit_test(test_join),
      cmocka_unit_test(test_divergent_loop),
      cmocka_unit_test(test_resolve_at_return),
      cmocka_unit_test(test_out_of_memory),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
