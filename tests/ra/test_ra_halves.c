/* SPDX-License-Identifier: MIT */
/* 16-bit values in VGPR halves (class v2b): where the allocator places the results of
 * hardware instructions (ra_util.h), and what the RA validator says about halves. Each
 * program is a few hand-built instructions; the expectations are registers in bytes. */
#include "aco/aco_compile.h"
#include "ra_test_util.h"
#include "ra/ra_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

#define V(n) (aco_vgpr(n).reg_b)

static void
allocate_ok(struct aco_mprogram *p)
{
   assert_true(t_allocate(p));
}

/* v_fma_f16 d, a, b, c (a VOP3 opcode: its 16-bit slots take high halves on GFX11+). */
static struct aco_minstr *
fma16(struct aco_mprogram *p, struct aco_mblock *b, aco_temp d, aco_temp x, aco_temp y,
      aco_temp z)
{
   aco_definition def = aco_def_temp(d);
   return t_instr(p, b, aco_op_v_fma_f16, 1, &def, 3,
                  (aco_operand[]){aco_opnd_temp(x), aco_opnd_temp(y), aco_opnd_temp(z)});
}

static aco_temp
half(struct aco_mprogram *p)
{
   return aco_mprogram_new_temp(p, aco_rc_vb(2));
}

/* x (a whole VGPR) lives throughout, and a half copied from it; a and b, two results of
 * v_fma_f16, live together and are read by v_fma_f16 only: on GFX11+ a goes to the high
 * half of the copy's VGPR (no low half of a VGPR in use is free), on GFX10.3 to a VGPR of
 * its own. */
static void
test_two_halves_share_a_vgpr(void **state)
{
   (void)state;
   const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = aco_mprogram_create(NULL, levels[l], 32);
      assert_non_null(p);
      struct aco_mblock *b = aco_mprogram_add_block(p);
      aco_temp x = t_def(p, b, aco_rc_v(1));
      aco_temp xh = half(p);
      aco_definition xd = aco_def_temp(xh);
      aco_operand xo = aco_opnd_temp(x);
      t_instr(p, b, aco_op_p_extract_vector, 1, &xd, 2,
              (aco_operand[]){xo, aco_opnd_const(0, 32)});
      aco_temp a = half(p), bb = half(p), c = half(p);
      struct aco_minstr *ia = fma16(p, b, a, xh, xh, xh);
      struct aco_minstr *ib = fma16(p, b, bb, xh, a, xh);
      struct aco_minstr *ic = fma16(p, b, c, a, bb, xh);
      t_use(p, b, 2, (aco_temp[]){c, x});
      allocate_ok(p);
      bool gfx11 = levels[l] >= ACO_GFX1100;
      unsigned ra = ia->definitions[0].reg.reg_b, rb = ib->definitions[0].reg.reg_b;
      /* x in v0, the half of it in v1.l (x lives on) */
      assert_int_equal(ia->operands[0].reg.reg_b, V(1));
      if (gfx11) {
         /* a shares v1 with it; b takes the next low half */
         assert_int_equal(ra, V(1) + 2);
         assert_int_equal(rb, V(2));
         assert_int_equal(p->config.num_vgprs, 3);
      } else {
         assert_int_equal(ra, V(2));
         assert_int_equal(rb, V(3));
         assert_int_equal(p->config.num_vgprs, 4);
      }
      /* the reader takes both halves where they are: no copies */
      assert_int_equal(ic->operands[0].reg.reg_b, ra);
      assert_int_equal(ic->operands[1].reg.reg_b, rb);
      assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 0);
      aco_mprogram_destroy(p);
   }
}

/* A result read later by a pseudo instruction (a 32-bit slot in general) stays at byte 0,
 * even where a high half is free: a high half would need a copy there. */
static void
test_high_half_only_for_readers_that_take_it(void **state)
{
   (void)state;
   struct aco_mprogram *p = aco_mprogram_create(NULL, ACO_GFX1100, 32);
   assert_non_null(p);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_v(1));
   aco_temp xh = half(p);
   aco_definition xd = aco_def_temp(xh);
   t_instr(p, b, aco_op_p_extract_vector, 1, &xd, 2,
           (aco_operand[]){aco_opnd_temp(x), aco_opnd_const(0, 32)});
   aco_temp a = half(p), bb = half(p);
   fma16(p, b, a, xh, xh, xh);
   struct aco_minstr *ib = fma16(p, b, bb, xh, a, xh);
   t_use(p, b, 3, (aco_temp[]){a, bb, x});
   allocate_ok(p);
   assert_int_equal(ib->definitions[0].reg.reg_b % 4, 0);
   assert_int_equal(p->config.num_vgprs, 3);
   aco_mprogram_destroy(p);
}

/* A 16-bit result of a 32-bit operation (v_xor_b32 for an f16 negation) writes its whole
 * VGPR: it may not go next to a live half, and the validator rejects it there. */
static void
test_whole_vgpr_writer(void **state)
{
   (void)state;
   struct aco_mprogram *p = aco_mprogram_create(NULL, ACO_GFX1100, 32);
   assert_non_null(p);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_v(1));
   aco_temp lo = half(p), hi = half(p);
   aco_definition sd[2] = {aco_def_temp(lo), aco_def_temp(hi)};
   aco_operand so = aco_opnd_temp(x);
   t_instr(p, b, aco_op_p_split_vector, 2, sd, 1, &so);
   /* lo dies here: its low half is free, hi lives on in v0.h */
   aco_temp n = half(p);
   aco_definition nd = aco_def_temp(n);
   struct aco_minstr *neg = t_instr(p, b, aco_op_v_xor_b32, 1, &nd, 2,
                                    (aco_operand[]){aco_opnd_const(0x8000, 32),
                                                    aco_opnd_temp(lo)});
   t_use(p, b, 2, (aco_temp[]){n, hi});
   allocate_ok(p);
   assert_int_equal(b->instrs.data[1]->definitions[1].reg.reg_b, V(0) + 2);
   assert_int_equal(neg->definitions[0].reg.reg_b, V(1));
   /* forced into v0.l, beside the live v0.h */
   neg->definitions[0].reg.reg_b = (uint16_t)V(0);
   b->instrs.data[b->instrs.len - 1]->operands[0].reg.reg_b = (uint16_t)V(0);
   assert_int_equal(aco_validate_ra(p), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(p->report, "writes its whole VGPR"));
   aco_mprogram_destroy(p);
}

/* A 16-bit VALU result (v_fma_f16) keeps the other half: it may go to v0.l beside a live
 * v0.h; in a high half only where the slot takes it (GFX11+ VOP3 opcodes), so the
 * validator rejects a VOP2 result (v_add_f16, 32-bit form) at byte 2 and accepts
 * v_fma_f16's. */
static void
test_validator_halves(void **state)
{
   (void)state;
   for (int vop3 = 0; vop3 < 2; vop3++) {
      struct aco_mprogram *p = aco_mprogram_create(NULL, ACO_GFX1100, 32);
      assert_non_null(p);
      struct aco_mblock *b = aco_mprogram_add_block(p);
      aco_temp x = t_def(p, b, aco_rc_v(1));
      aco_temp lo = half(p), hi = half(p);
      aco_definition sd[2] = {aco_def_temp(lo), aco_def_temp(hi)};
      aco_operand so = aco_opnd_temp(x);
      t_instr(p, b, aco_op_p_split_vector, 2, sd, 1, &so);
      aco_temp r = half(p);
      struct aco_minstr *in;
      if (vop3) {
         in = fma16(p, b, r, lo, lo, hi);
      } else {
         aco_definition rd = aco_def_temp(r);
         in = t_instr(p, b, aco_op_v_add_f16, 1, &rd, 2,
                      (aco_operand[]){aco_opnd_temp(lo), aco_opnd_temp(hi)});
      }
      t_use(p, b, 2, (aco_temp[]){r, hi});
      allocate_ok(p);
      /* lo dies at the instruction: the result takes its place, beside hi; v_fma_f16
       * reads hi in v0.h, v_add_f16 from a copy at byte 0 */
      assert_int_equal(in->definitions[0].reg.reg_b, V(0));
      assert_int_equal(in->operands[vop3 ? 2 : 1].reg.reg_b, vop3 ? V(0) + 2 : V(1));
      assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), vop3 ? 0 : 1);
      /* the result moved to a high half by hand (its reader follows) */
      in->definitions[0].reg.reg_b = (uint16_t)(V(1) + 2);
      b->instrs.data[b->instrs.len - 1]->operands[0].reg.reg_b = (uint16_t)(V(1) + 2);
      aco_status st = aco_validate_ra(p);
      if (vop3) {
         if (st != ACO_SUCCESS)
            fprintf(stderr, "%s\n", p->report ? p->report : p->message);
         assert_int_equal(st, ACO_SUCCESS);
      } else {
         assert_int_equal(st, ACO_ERROR_INVALID_IR);
         assert_non_null(strstr(p->report, "in a high half"));
      }
      aco_mprogram_destroy(p);
   }
}

/* The slots that may name a high half, per level and form. */
static void
test_high_half_slots(void **state)
{
   (void)state;
   struct aco_mprogram *p11 = aco_mprogram_create(NULL, ACO_GFX1100, 32);
   struct aco_mprogram *p10 = aco_mprogram_create(NULL, ACO_GFX1030, 32);
   assert_non_null(p11);
   assert_non_null(p10);
   struct aco_minstr *fma = aco_minstr_create(&p11->arena, aco_op_v_fma_f16, 3, 1);
   struct aco_minstr *add = aco_minstr_create(&p11->arena, aco_op_v_add_f16, 2, 1);
   struct aco_minstr *cvt = aco_minstr_create(&p11->arena, aco_op_v_cvt_f32_f16, 1, 1);
   struct aco_minstr *mul = aco_minstr_create(&p11->arena, aco_op_v_mad_u32_u16, 3, 1);
   assert_non_null(fma);
   assert_non_null(add);
   assert_non_null(cvt);
   assert_non_null(mul);
   /* v_fma_f16: three 16-bit sources and a 16-bit result */
   assert_int_equal(aco_ra_high_half_slots(p11, fma), 0x7u | (1u << 16));
   assert_int_equal(aco_ra_high_half_slots(p10, fma), 0);
   /* v_add_f16, 32-bit or VOP3 form: none (llvm-mc-19 takes no op_sel there) */
   assert_int_equal(aco_ra_high_half_slots(p11, add), 0);
   add->encoding = ACO_ENC_E64;
   assert_int_equal(aco_ra_high_half_slots(p11, add), 0);
   cvt->encoding = ACO_ENC_E64;
   assert_int_equal(aco_ra_high_half_slots(p11, cvt), 0);
   /* v_mad_u32_u16: 16-bit a and b, a 32-bit c and result */
   assert_int_equal(aco_ra_high_half_slots(p11, mul), 0x3u);
   /* v_max_u16, VOP2 on GFX10.3: llvm-mc-19 takes no op_sel on its VOP3 form */
   struct aco_minstr *max = aco_minstr_create(&p11->arena, aco_op_v_max_u16, 2, 1);
   assert_non_null(max);
   assert_int_equal(aco_ra_high_half_slots(p11, max), 0);
   /* which results keep the other half */
   fma->definitions[0].temp = aco_temp_make(1, aco_rc_vb(2));
   assert_true(aco_ra_def_keeps_other_half(fma, 0));
   struct aco_minstr *x = aco_minstr_create(&p11->arena, aco_op_v_xor_b32, 2, 1);
   assert_non_null(x);
   x->definitions[0].temp = aco_temp_make(1, aco_rc_vb(2));
   assert_false(aco_ra_def_keeps_other_half(x, 0));
   aco_mprogram_destroy(p11);
   aco_mprogram_destroy(p10);
}

/* Twelve f16 values live at once, each made and read by v_fma_f16 (and one by v_max_f16,
 * one stored): the VGPRs the compiled kernel uses. */
static const char many_f16[] =
   "entry function @main(uniform ptr %out, uniform f16 %k) abi @compute_default "
   "workgroup_size 64 1 1 {\n"
   "  %lid = local_invocation_id.x\n"
   "  %xf = u2f f32 %lid\n"
   "  %x = fconv f16 %xf\n"
   "  %y = fmul %x, %k\n"
   "  %c0 = const f16 0.25\n  %a0 = ffma %x, %c0, %y\n"
   "  %c1 = const f16 0.5\n  %a1 = ffma %x, %c1, %y\n"
   "  %c2 = const f16 0.75\n  %a2 = ffma %x, %c2, %y\n"
   "  %c3 = const f16 1.25\n  %a3 = ffma %x, %c3, %y\n"
   "  %c4 = const f16 1.5\n  %a4 = ffma %x, %c4, %y\n"
   "  %c5 = const f16 1.75\n  %a5 = ffma %x, %c5, %y\n"
   "  %c6 = const f16 2.25\n  %a6 = ffma %x, %c6, %y\n"
   "  %c7 = const f16 2.5\n  %a7 = ffma %x, %c7, %y\n"
   "  %c8 = const f16 2.75\n  %a8 = ffma %x, %c8, %y\n"
   "  %c9 = const f16 3.25\n  %a9 = ffma %x, %c9, %y\n"
   "  %c10 = const f16 3.5\n  %a10 = ffma %x, %c10, %y\n"
   "  %c11 = const f16 3.75\n  %a11 = ffma %x, %c11, %y\n"
   "  %b0 = ffma %a0, %a1, %y\n"
   "  %b1 = ffma %a2, %a3, %b0\n"
   "  %b2 = ffma %a4, %a5, %b1\n"
   "  %b3 = ffma %a6, %a7, %b2\n"
   "  %b4 = ffma %a8, %a9, %b3\n"
   "  %b5 = ffma %a10, %a11, %b4\n"
   "  %m = fmax %b5, %a3\n"
   "  %w = fconv f32 %m\n"
   "  %four = const i32 4\n"
   "  %o = imul %lid, %four\n"
   "  store_global %out[%o], %w\n"
   "  store_global %out[%o + 256], %b3\n"
   "  return\n"
   "}\n";

static unsigned
compiled_vgprs(aco_gfx_level level, unsigned wave)
{
   aco_program_info info = {sizeof(info), {level, wave}, NULL, NULL, NULL};
   aco_program *prog = NULL;
   assert_int_equal(aco_program_create(&info, &prog), ACO_SUCCESS);
   char text[sizeof(many_f16) + 64];
   int len = snprintf(text, sizeof(text), "target %s wave%u\n%s", aco_gfx_level_name(level),
                      wave, many_f16);
   assert_true(len > 0 && (size_t)len < sizeof(text));
   aco_status st = aco_program_parse(prog, "many_f16", text, (size_t)len);
   if (st != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(prog));
   assert_int_equal(st, ACO_SUCCESS);
   aco_compile_options opts = {0};
   opts.struct_size = sizeof(opts);
   aco_binary *bin = NULL;
   st = aco_compile(prog, &opts, NULL, &bin);
   if (st != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(prog));
   assert_int_equal(st, ACO_SUCCESS);
   assert_int_equal(bin->num_symbols, 1);
   unsigned n = bin->symbols[0].num_vgprs;
   aco_binary_destroy(bin);
   aco_program_destroy(prog);
   return n;
}

/* Whole VGPRs on GFX10.3 (x, y, the twelve values, the lane id: at least 14); on GFX11+ the
 * values pair up in halves: at least 5 fewer (8 today). The schedulers are off: they may
 * shorten the values' lives, which is not what this measures. */
static void
test_many_f16_values_fewer_vgprs(void **state)
{
   (void)state;
   const char *dbg = getenv("ACO_DEBUG");
   char opts[256];
   snprintf(opts, sizeof(opts), "%s%snosched", dbg ? dbg : "", dbg && dbg[0] ? "," : "");
   setenv("ACO_DEBUG", opts, 1);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      unsigned old = compiled_vgprs(ACO_GFX1030, wave);
      assert_true(old >= 14);
      assert_true(compiled_vgprs(ACO_GFX1100, wave) + 5 <= old);
      assert_true(compiled_vgprs(ACO_GFX1200, wave) + 5 <= old);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_two_halves_share_a_vgpr),
      cmocka_unit_test(test_high_half_only_for_readers_that_take_it),
      cmocka_unit_test(test_whole_vgpr_writer),
      cmocka_unit_test(test_validator_halves),
      cmocka_unit_test(test_high_half_slots),
      cmocka_unit_test(test_many_f16_values_fewer_vgprs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
