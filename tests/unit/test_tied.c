/* SPDX-License-Identifier: MIT */
/* Tied operands (docs/mir.md "Tied operands"): register allocation writes definition 0
 * over its tied operand (a copy when the operand lives on, the untied form when no
 * register is left for that copy), the RA validator and the machine-IR validator check
 * the tie, and the assembler encodes a tied operand past the slot map through the
 * destination. Hand-built programs, one pass at a time. */
#include "../ra/ra_test_util.h"
#include "emit/emit.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

static struct aco_mprogram *
new_prog(void)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, ACO_GFX1100, 32);
   assert_non_null(p);
   return p;
}

static void
allocate_ok(struct aco_mprogram *p)
{
   assert_true(t_allocate(p));
}

/* d = v_fmac_f32 a, b, c with c tied to d. */
static struct aco_minstr *
fmac(struct aco_mprogram *p, struct aco_mblock *b, aco_temp d, aco_temp x, aco_temp y,
     aco_temp acc)
{
   aco_definition dd = aco_def_temp(d);
   struct aco_minstr *in =
      t_instr(p, b, aco_op_v_fmac_f32, 1, &dd, 3,
              (aco_operand[]){aco_opnd_temp(x), aco_opnd_temp(y), aco_opnd_temp(acc)});
   assert_non_null(in);
   in->tied = 3;
   return in;
}

/* d = s_addk_i32 x, imm with x tied to d. */
static struct aco_minstr *
addk(struct aco_mprogram *p, struct aco_mblock *b, aco_temp d, aco_temp x, uint16_t imm)
{
   aco_definition dd = aco_def_temp(d);
   struct aco_minstr *in =
      t_instr(p, b, aco_op_s_addk_i32, 1, &dd, 1, (aco_operand[]){aco_opnd_temp(x)});
   assert_non_null(in);
   in->imm = imm;
   in->tied = 1;
   return in;
}

static struct aco_minstr *
find_op(struct aco_mblock *b, enum aco_opcode op)
{
   for (uint32_t i = 0; i < b->instrs.len; i++)
      if (b->instrs.data[i]->opcode == op)
         return b->instrs.data[i];
   return NULL;
}

/* The accumulator dies at the fmac: the result takes its register, nothing is copied. */
static void
test_killed_operand_no_copy(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog();
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_v(1)), y = t_def(p, b, aco_rc_v(1));
   aco_temp acc = t_def(p, b, aco_rc_v(1));
   aco_temp d = aco_mprogram_new_temp(p, aco_rc_v(1));
   struct aco_minstr *in = fmac(p, b, d, x, y, acc);
   /* x dies here too: only the tie makes the result prefer acc's register to x's */
   t_use(p, b, 2, (aco_temp[]){y, d});
   assert_int_equal(aco_validate_mir(p, "test"), ACO_SUCCESS);
   allocate_ok(p);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 0);
   assert_int_equal(in->definitions[0].reg.reg_b, in->operands[2].reg.reg_b);
   assert_int_equal(in->operands[2].reg.reg_b, aco_vgpr(2).reg_b); /* where acc was */
   assert_int_equal(p->config.num_vgprs, 3);
   aco_mprogram_destroy(p);
}

/* The accumulator lives on: the instruction takes its untied form (v_fma_f32), which
 * costs no copy; later uses still read the original in its own register. */
static void
test_live_operand_unties(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog();
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_v(1)), y = t_def(p, b, aco_rc_v(1));
   aco_temp acc = t_def(p, b, aco_rc_v(1));
   aco_temp d = aco_mprogram_new_temp(p, aco_rc_v(1));
   fmac(p, b, d, x, y, acc);
   struct aco_minstr *u = t_use(p, b, 2, (aco_temp[]){acc, d});
   allocate_ok(p);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 0);
   assert_int_equal(t_count_op(p, aco_op_v_fmac_f32), 0);
   struct aco_minstr *f = find_op(b, aco_op_v_fma_f32);
   assert_non_null(f);
   assert_int_equal(f->tied, 0);
   assert_int_equal(f->operands[2].temp.id, acc.id);
   assert_int_equal(f->operands[2].reg.reg_b, aco_vgpr(2).reg_b); /* where acc was */
   assert_int_not_equal(f->definitions[0].reg.reg_b, aco_vgpr(2).reg_b);
   assert_int_equal(u->operands[0].reg.reg_b, aco_vgpr(2).reg_b);
   aco_mprogram_destroy(p);
}

/* The same for SOPK, whose tied input is its only operand (past the slot map): a value
 * that lives on is read by the untied s_add_i32, one that dies is overwritten in place. */
static void
test_sopk(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog();
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_s(1)), y = t_def(p, b, aco_rc_s(1));
   aco_temp d1 = aco_mprogram_new_temp(p, aco_rc_s(1));
   aco_temp d2 = aco_mprogram_new_temp(p, aco_rc_s(1));
   addk(p, b, d1, x, 1000); /* x lives on: untied */
   struct aco_minstr *k2 = addk(p, b, d2, y, 2000); /* y dies: overwritten */
   t_use(p, b, 3, (aco_temp[]){x, d1, d2});
   assert_int_equal(aco_validate_mir(p, "test"), ACO_SUCCESS);
   allocate_ok(p);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 0);
   struct aco_minstr *a = find_op(b, aco_op_s_add_i32);
   assert_non_null(a);
   assert_int_equal(a->operands[0].reg.reg_b, aco_sgpr(0).reg_b);
   assert_int_equal((uint32_t)a->operands[1].value, 1000);
   assert_int_not_equal(a->definitions[0].reg.reg_b, aco_sgpr(0).reg_b);
   assert_int_equal(k2->definitions[0].reg.reg_b, aco_sgpr(1).reg_b);
   assert_int_equal(k2->operands[0].reg.reg_b, aco_sgpr(1).reg_b);
   aco_mprogram_destroy(p);
}

/* Every VGPR of the limit is live at the fmac and its accumulator lives on: no register
 * is left for a copy, so the instruction becomes v_fma_f32 (untied, no copy). */
static void
test_no_room_unties(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog();
   p->max_vgprs = 4;
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp keep = t_def(p, b, aco_rc_v(1));
   aco_temp x = t_def(p, b, aco_rc_v(1)), y = t_def(p, b, aco_rc_v(1));
   aco_temp acc = t_def(p, b, aco_rc_v(1));
   aco_temp d = aco_mprogram_new_temp(p, aco_rc_v(1));
   fmac(p, b, d, x, y, acc);
   t_use(p, b, 3, (aco_temp[]){keep, acc, d});
   allocate_ok(p);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 0);
   assert_int_equal(t_count_op(p, aco_op_v_fmac_f32), 0);
   assert_int_equal(t_count_op(p, aco_op_v_fma_f32), 1);
   struct aco_minstr *f = find_op(b, aco_op_v_fma_f32);
   assert_int_equal(f->tied, 0);
   assert_int_equal(f->num_operands, 3);
   assert_int_equal(f->operands[2].temp.id, acc.id);
   assert_int_equal(p->config.num_vgprs, 4);
   aco_mprogram_destroy(p);
}

/* SOPK's untied form carries the immediate as a sign-extended literal. */
static void
test_untie_sopk(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog();
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_s(1));
   struct aco_minstr *k = addk(p, b, aco_mprogram_new_temp(p, aco_rc_s(1)), x, 0xfed4);
   struct aco_minstr *u = aco_minstr_untie(&p->arena, k);
   assert_non_null(u);
   assert_int_equal(u->opcode, aco_op_s_add_i32);
   assert_int_equal(u->tied, 0);
   assert_int_equal(u->num_operands, 2);
   assert_int_equal(u->operands[0].temp.id, x.id);
   assert_int_equal(u->operands[1].kind, ACO_OPND_CONST);
   assert_int_equal((uint32_t)u->operands[1].value, (uint32_t)-300);
   assert_int_equal(u->definitions[0].temp.id, k->definitions[0].temp.id);
   k->tied = 0;
   assert_null(aco_minstr_untie(&p->arena, k)); /* nothing tied: nothing to undo */
   aco_mprogram_destroy(p);
}

/* The RA validator finds a tied definition that is not in its operand's registers. */
static void
test_validator_rejects_broken_tie(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog();
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_v(1)), y = t_def(p, b, aco_rc_v(1));
   aco_temp acc = t_def(p, b, aco_rc_v(1));
   aco_temp d = aco_mprogram_new_temp(p, aco_rc_v(1));
   struct aco_minstr *in = fmac(p, b, d, x, y, acc);
   t_use(p, b, 1, &d);
   allocate_ok(p);
   /* move the result (and its use) to a free register: everything else stays valid */
   in->definitions[0].reg = aco_vgpr(10);
   b->instrs.data[b->instrs.len - 1]->operands[0].reg = aco_vgpr(10);
   assert_int_equal(aco_validate_ra(p), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(p->message, "tied definition"));
   aco_mprogram_destroy(p);
}

/* The machine-IR validator: a tie to a constant, to a missing operand, across files. */
static void
test_mir_validator(void **state)
{
   (void)state;
   for (int how = 0; how < 3; how++) {
      struct aco_mprogram *p = new_prog();
      struct aco_mblock *b = aco_mprogram_add_block(p);
      aco_temp x = t_def(p, b, aco_rc_v(1)), y = t_def(p, b, aco_rc_v(1));
      aco_temp acc = t_def(p, b, how == 2 ? aco_rc_s(1) : aco_rc_v(1));
      aco_temp d = aco_mprogram_new_temp(p, aco_rc_v(1));
      struct aco_minstr *in = fmac(p, b, d, x, y, acc);
      if (how == 0)
         in->operands[2] = aco_opnd_const(0x3f800000, 32);
      if (how == 1)
         in->tied = 5;
      t_use(p, b, 1, &d);
      assert_int_equal(aco_validate_mir(p, "test"), ACO_ERROR_INVALID_IR);
      static const char *const want[] = {"not a register", "3 operands", "size or file"};
      if (!strstr(p->message, want[how]))
         fprintf(stderr, "case %d: %s\n", how, p->message);
      assert_non_null(strstr(p->message, want[how]));
      aco_mprogram_destroy(p);
   }
}

/* After allocation the tied operand names no field: v_fmac_f32 encodes as llvm-mc-19
 * encodes `v_fmac_f32_e32 v2, s4, v1` (0x56040204), and s_addk_i32 as `s_addk_i32 s4,
 * 0x3e8` (0xb78403e8). */
static void
test_encoding(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog();
   struct aco_minstr *in = aco_minstr_create(&p->arena, aco_op_v_fmac_f32, 3, 1);
   in->definitions[0] = aco_def_fixed(aco_temp_make(1, aco_rc_v(1)), aco_vgpr(2));
   in->operands[0] = aco_opnd_reg(aco_sgpr(4), aco_rc_s(1));
   in->operands[1] = aco_opnd_reg(aco_vgpr(1), aco_rc_v(1));
   in->operands[2] = aco_opnd_reg(aco_vgpr(2), aco_rc_v(1));
   in->tied = 3;
   uint32_t w[ACO_MAX_INSTR_DWORDS];
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, w), 1);
   assert_int_equal(w[0], 0x56040204u);
   in->tied = 0; /* an extra operand without a tie is malformed */
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, w), 0);

   struct aco_minstr *k = aco_minstr_create(&p->arena, aco_op_s_addk_i32, 1, 1);
   k->definitions[0] = aco_def_fixed(aco_temp_make(2, aco_rc_s(1)), aco_sgpr(4));
   k->operands[0] = aco_opnd_reg(aco_sgpr(4), aco_rc_s(1));
   k->imm = 1000;
   k->tied = 1;
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, k, w), 1);
   assert_int_equal(w[0], 0xb78403e8u);
   aco_mprogram_destroy(p);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_killed_operand_no_copy),
      cmocka_unit_test(test_live_operand_unties),
      cmocka_unit_test(test_sopk),
      cmocka_unit_test(test_no_room_unties),
      cmocka_unit_test(test_untie_sopk),
      cmocka_unit_test(test_validator_rejects_broken_tie),
      cmocka_unit_test(test_mir_validator),
      cmocka_unit_test(test_encoding),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
