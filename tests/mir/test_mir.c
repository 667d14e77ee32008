/* SPDX-License-Identifier: MIT */
/* Machine IR: the builder at a cursor, the printer and the structural validator. */
#include "mir/mir.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

struct fixture {
   struct aco_mprogram *p;
   struct aco_mblock *b[4];
   struct aco_mbuilder mb;
   struct aco_strbuf sb;
};

static struct fixture *
make(aco_gfx_level level, unsigned wave, unsigned nblocks)
{
   static struct fixture f;
   memset(&f, 0, sizeof(f));
   f.p = aco_mprogram_create(NULL, level, wave);
   assert_non_null(f.p);
   for (unsigned i = 0; i < nblocks; i++)
      f.b[i] = aco_mprogram_add_block(f.p);
   aco_mb_at_end(&f.mb, f.p, f.b[0]);
   aco_strbuf_init(&f.sb, NULL);
   return &f;
}

static void
finish(struct fixture *f)
{
   aco_strbuf_finish(&f->sb);
   aco_mprogram_destroy(f->p);
}

static const char *
print_instr(struct fixture *f, const struct aco_minstr *in)
{
   f->sb.len = 0;
   aco_mprint_instr(f->p, in, &f->sb);
   return aco_strbuf_str(&f->sb);
}

/* Two blocks if/else diamond: BB0 -> BB1, BB2 -> BB3 on both CFGs. */
static void
diamond(struct fixture *f)
{
   aco_mblock_add_logical_edge(f->p, f->b[0], f->b[1]);
   aco_mblock_add_logical_edge(f->p, f->b[0], f->b[2]);
   aco_mblock_add_logical_edge(f->p, f->b[1], f->b[3]);
   aco_mblock_add_logical_edge(f->p, f->b[2], f->b[3]);
   aco_mblock_add_linear_edge(f->p, f->b[0], f->b[1]);
   aco_mblock_add_linear_edge(f->p, f->b[0], f->b[2]);
   aco_mblock_add_linear_edge(f->p, f->b[1], f->b[3]);
   aco_mblock_add_linear_edge(f->p, f->b[2], f->b[3]);
}

static void
test_print_operands(void **state)
{
   struct fixture *f = make(ACO_GFX1100, 32, 1);
   struct aco_mbuilder *b = &f->mb;
   aco_temp v = aco_mb_temp(b, aco_rc_v(1));     /* %1 */
   aco_temp s2 = aco_mb_temp(b, aco_rc_s(2));    /* %2 */
   aco_temp h = aco_mb_temp(b, aco_rc_vb(2));    /* %3 */
   aco_temp lv = aco_mb_temp(b, aco_rc_lv(1));   /* %4 */
   assert_int_equal(v.id, 1);
   assert_int_equal(lv.id, 4);
   struct aco_minstr *in = aco_mb_instr(b, aco_op_p_unit_test, 2, 7);
   in->definitions[0] = aco_def_fixed(v, aco_vgpr(4));
   in->definitions[1] = aco_def_temp(s2);
   in->operands[0] = aco_opnd_fixed_temp(s2, aco_sgpr(4));
   in->operands[1] = aco_opnd_fixed_temp(h, aco_physreg_make(256 + 7, 2));
   in->operands[2] = aco_opnd_temp(lv);
   in->operands[3] = aco_opnd_const(5, 32);
   in->operands[4] = aco_opnd_const(0x3c00, 16);
   in->operands[5] = aco_opnd_reg(aco_sgpr(ACO_REG_EXEC_LO), aco_rc_s(1));
   in->operands[6] = aco_opnd_const((uint64_t)-3, 64);
   assert_string_equal(print_instr(f, in),
                       "%1:v1[v4], %2:s2 = p_unit_test %2:s2[s[4:5]], %3:v2b[v7.h], %4:lv1, 5, "
                       "0x3c00:16, exec_lo, -3:64");
   struct aco_minstr *m = aco_mb_instr(b, aco_op_p_unit_test, 0, 3);
   m->operands[0] = aco_mb_m0(b);
   m->operands[1] = aco_mb_vcc(b);
   m->operands[2] = aco_mb_scc();
   assert_string_equal(print_instr(f, m), "p_unit_test m0, vcc_lo, scc");
   finish(f);
   (void)state;
}

static void
test_builder_shapes(void **state)
{
   struct fixture *f = make(ACO_GFX1100, 64, 1);
   struct aco_mbuilder *b = &f->mb;
   aco_temp x = aco_mb_temp(b, aco_rc_v(1)), y = aco_mb_temp(b, aco_rc_v(1));
   aco_temp s = aco_mb_temp(b, aco_rc_s(1));
   /* VOPC in the 32-bit form: the destination is the implicit vcc, a lane mask */
   struct aco_minstr *cmp = aco_mb_vop2(b, aco_op_v_cmp_lt_f32, aco_mb_def(b, aco_rc_s(2)),
                                        aco_opnd_temp(x), aco_opnd_temp(y));
   assert_non_null(cmp);
   assert_int_equal(cmp->num_definitions, 1);
   assert_true(cmp->definitions[0].fixed);
   assert_int_equal(aco_physreg_field(cmp->definitions[0].reg), ACO_REG_VCC_LO);
   assert_string_equal(print_instr(f, cmp), "%4:s2[vcc] = v_cmp_lt_f32 %1:v1, %2:v1");
   /* v_cndmask_b32 reads vcc */
   struct aco_minstr *sel = aco_mb_vop2(b, aco_op_v_cndmask_b32, aco_mb_def(b, aco_rc_v(1)),
                                        aco_opnd_temp(x), aco_opnd_temp(y));
   assert_int_equal(sel->num_operands, 3);
   assert_string_equal(print_instr(f, sel), "%5:v1 = v_cndmask_b32 %1:v1, %2:v1, vcc");
   /* VOP3SD: the carry-out is a new lane-mask temporary */
   struct aco_minstr *add = aco_mb_vop3(b, aco_op_v_add_co_u32, aco_mb_def(b, aco_rc_v(1)),
                                        aco_opnd_temp(x), aco_opnd_temp(s), aco_opnd_const(0, 32),
                                        (struct aco_valu_fields){.clamp = true});
   assert_int_equal(add->num_definitions, 2);
   assert_int_equal(add->num_operands, 2);
   assert_string_equal(print_instr(f, add), "%6:v1, %7:s2 = v_add_co_u32 %1:v1, %3:s1 clamp");
   /* e64 of a VOP2 with modifiers */
   struct aco_minstr *fa = aco_mb_vop3(b, aco_op_v_add_f32, aco_mb_def(b, aco_rc_v(1)),
                                       aco_opnd_temp(x), aco_opnd_const(0x3f800000, 32),
                                       aco_opnd_const(0, 32),
                                       (struct aco_valu_fields){.neg = 1, .abs = 2, .omod = 1});
   assert_int_equal(fa->encoding, ACO_ENC_E64);
   assert_string_equal(print_instr(f, fa),
                       "%8:v1 = v_add_f32_e64 %1:v1, 0x3f800000 neg:[1,0] abs:[0,1] mul:2");
   /* memory with designated fields */
   aco_temp addr = aco_mb_temp(b, aco_rc_v(2));
   struct aco_minstr *ld = aco_mb_mem(b, aco_op_global_load_b32, aco_mb_def(b, aco_rc_v(1)),
                                      (aco_operand[]){aco_opnd_temp(addr)},
                                      (struct aco_mem_fields){.offset = -16, .glc = true});
   assert_string_equal(print_instr(f, ld), "%10:v1 = global_load_b32 %9:v2 offset:-16 glc");
   struct aco_minstr *st = aco_mb_mem(b, aco_op_global_store_b32, aco_mb_def(b, aco_rc_v(1)),
                                      (aco_operand[]){aco_opnd_temp(addr), aco_opnd_temp(x)},
                                      (struct aco_mem_fields){0});
   assert_int_equal(st->num_definitions, 0);
   assert_string_equal(print_instr(f, st), "global_store_b32 %9:v2, %1:v1");
   /* a buffer store reads vdata: an operand, not a definition */
   aco_temp rsrc = aco_mb_temp(b, aco_rc_s(4));
   struct aco_minstr *bs = aco_mb_mem(b, aco_op_buffer_store_b32, aco_mb_def(b, aco_rc_v(1)),
                                      (aco_operand[]){aco_opnd_temp(x), aco_opnd_temp(y),
                                                      aco_opnd_temp(rsrc), aco_opnd_const(0, 32)},
                                      (struct aco_mem_fields){.offen = true});
   assert_int_equal(bs->num_definitions, 0);
   assert_int_equal(bs->num_operands, 4);
   /* SALU and pseudo shapes */
   struct aco_minstr *sa = aco_mb_sop2(b, aco_op_s_add_u32, aco_mb_def(b, aco_rc_s(1)),
                                       aco_opnd_temp(s), aco_opnd_const(100, 32));
   assert_string_equal(print_instr(f, sa), "%14:s1 = s_add_u32 %3:s1, 0x64");
   struct aco_minstr *ex = aco_mb_extract_vector(b, aco_mb_def(b, aco_rc_v(1)),
                                                 aco_opnd_temp(addr), 1);
   assert_string_equal(print_instr(f, ex), "%15:v1 = p_extract_vector %9:v2, 1");
   struct aco_minstr *wt = aco_mb_sopp(b, aco_op_s_nop, 3);
   assert_string_equal(print_instr(f, wt), "s_nop imm:0x3");
   assert_int_equal(f->p->status, ACO_SUCCESS);
   assert_int_equal(f->b[0]->instrs.len, 10);
   finish(f);
   (void)state;
}

static void
test_builder_cursor(void **state)
{
   struct fixture *f = make(ACO_GFX1030, 32, 1);
   struct aco_mbuilder *b = &f->mb;
   struct aco_minstr *a = aco_mb_sopp(b, aco_op_s_nop, 1);
   struct aco_minstr *c = aco_mb_sopp(b, aco_op_s_nop, 3);
   aco_mb_at(b, f->p, f->b[0], 1);
   struct aco_minstr *m = aco_mb_sopp(b, aco_op_s_nop, 2);
   struct aco_minstr *m2 = aco_mb_sopp(b, aco_op_s_nop, 4);
   assert_int_equal(f->b[0]->instrs.len, 4);
   assert_ptr_equal(f->b[0]->instrs.data[0], a);
   assert_ptr_equal(f->b[0]->instrs.data[1], m);
   assert_ptr_equal(f->b[0]->instrs.data[2], m2);
   assert_ptr_equal(f->b[0]->instrs.data[3], c);
   /* a fresh list, swapped in afterwards */
   aco_instr_list list = {0};
   aco_mb_at_list(b, f->p, &list);
   aco_mb_sopp(b, aco_op_s_endpgm, 0);
   assert_int_equal(list.len, 1);
   assert_int_equal(f->b[0]->instrs.len, 4);
   aco_vec_free(f->p->allocator, &list);
   /* an opcode without a slot map on this level is an error on the program, not a crash */
   assert_null(aco_mb_vop1(b, aco_op_v_permlane64_b32, aco_mb_def(b, aco_rc_v(1)),
                           aco_opnd_const(0, 32)));
   assert_int_equal(f->p->status, ACO_ERROR_INVALID_IR);
   finish(f);
   (void)state;
}

static void
test_print_block(void **state)
{
   struct fixture *f = make(ACO_GFX1100, 32, 4);
   struct aco_mbuilder *b = &f->mb;
   f->p->name = "main";
   f->p->is_entry = true;
   diamond(f);
   f->b[0]->kind = ACO_BLOCK_TOP_LEVEL | ACO_BLOCK_UNIFORM;
   aco_temp s = aco_mb_temp(b, aco_rc_s(1));
   aco_mb_sop1(b, aco_op_s_mov_b32, aco_def_temp(s), aco_opnd_const(7, 32));
   aco_mb_pbranch(b, aco_op_p_cbranch_z, aco_mb_scc(), 2);
   f->sb.len = 0;
   aco_mprint_block(f->p, f->b[0], &f->sb);
   assert_string_equal(aco_strbuf_str(&f->sb),
                       "BB0: kind: uniform top-level\n"
                       "   /* logical preds: / linear preds: */\n"
                       "   %1:s1 = s_mov_b32 7\n"
                       "   p_cbranch_z scc BB2\n"
                       "   /* logical succs: BB1, BB2 / linear succs: BB1, BB2 */\n");
   f->sb.len = 0;
   aco_mprint_program(f->p, &f->sb);
   assert_non_null(strstr(aco_strbuf_str(&f->sb), "function main (entry): gfx1100 wave32\nBB0:"));
   assert_non_null(strstr(aco_strbuf_str(&f->sb), "BB3:\n   /* logical preds: BB1, BB2 /"));
   finish(f);
   (void)state;
}

/* ---- validator -------------------------------------------------------------------------- */

/* A valid diamond with a phi: BB0 defines %1 (v1) and %2 (s1); BB1 and BB2 each define a
 * value; BB3 merges them. */
struct diamond_values {
   aco_temp v, s, t1, t2, phi;
};

static struct diamond_values
build_valid(struct fixture *f)
{
   struct aco_mbuilder *b = &f->mb;
   struct diamond_values d;
   diamond(f);
   d.v = aco_mb_temp(b, aco_rc_v(1));
   d.s = aco_mb_temp(b, aco_rc_s(1));
   aco_mb_vop1(b, aco_op_v_mov_b32, aco_def_temp(d.v), aco_opnd_const(1, 32));
   aco_mb_sop1(b, aco_op_s_mov_b32, aco_def_temp(d.s), aco_opnd_const(2, 32));
   aco_mb_sopc(b, aco_op_s_cmp_eq_u32, aco_opnd_temp(d.s), aco_opnd_const(0, 32));
   aco_mb_pbranch(b, aco_op_p_cbranch_z, aco_mb_scc(), 2);
   aco_mb_at_end(b, f->p, f->b[1]);
   d.t1 = aco_mb_temp(b, aco_rc_v(1));
   aco_mb_vop2(b, aco_op_v_add_nc_u32, aco_def_temp(d.t1), aco_opnd_temp(d.s), aco_opnd_temp(d.v));
   aco_mb_pbranch(b, aco_op_p_branch, aco_opnd_const(0, 32), 3);
   aco_mb_at_end(b, f->p, f->b[2]);
   d.t2 = aco_mb_temp(b, aco_rc_v(1));
   aco_mb_vop2(b, aco_op_v_mul_f32, aco_def_temp(d.t2), aco_opnd_const(2, 32), aco_opnd_temp(d.v));
   aco_mb_at_end(b, f->p, f->b[3]);
   d.phi = aco_mb_temp(b, aco_rc_v(1));
   aco_mb_phi(b, aco_op_p_phi, aco_def_temp(d.phi), 2,
              (aco_operand[]){aco_opnd_temp(d.t1), aco_opnd_temp(d.t2)});
   aco_mb_vop2(b, aco_op_v_add_nc_u32, aco_mb_def(b, aco_rc_v(1)), aco_opnd_temp(d.phi),
               aco_opnd_temp(d.v));
   aco_mb_sopp(b, aco_op_s_endpgm, 0);
   return d;
}

static void
expect_invalid(struct fixture *f, const char *stage, const char *what)
{
   aco_status st = aco_validate_mir(f->p, stage);
   assert_int_equal(st, ACO_ERROR_INVALID_IR);
   assert_non_null(f->p->report);
   if (!strstr(f->p->report, what)) {
      fprintf(stderr, "expected \"%s\" in:\n%s\n", what, f->p->report);
      fail();
   }
   /* the whole program follows the problems */
   assert_non_null(strstr(f->p->report, "\nfunction "));
   assert_non_null(strstr(f->p->message, stage));
}

static void
test_validate_ok(void **state)
{
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned i = 0; i < 3; i++) {
      for (unsigned w = 32; w <= 64; w += 32) {
         struct fixture *f = make(levels[i], w, 4);
         build_valid(f);
         aco_status st = aco_validate_mir(f->p, "isel");
         if (st != ACO_SUCCESS)
            fprintf(stderr, "%s\n", f->p->report);
         assert_int_equal(st, ACO_SUCCESS);
         assert_null(f->p->report);
         finish(f);
      }
   }
   (void)state;
}

static void
test_validate_dominance(void **state)
{
   struct fixture *f = make(ACO_GFX1100, 32, 4);
   struct diamond_values d = build_valid(f);
   /* %t1 (BB1) used in BB3 outside the phi */
   aco_mb_at(&f->mb, f->p, f->b[3], 1);
   aco_mb_vop1(&f->mb, aco_op_v_mov_b32, aco_mb_def(&f->mb, aco_rc_v(1)), aco_opnd_temp(d.t1));
   expect_invalid(f, "isel", "BB3, instruction 1 `%7:v1 = v_mov_b32 %3:v1`: operand 0: %3 "
                             "(defined in BB1) does not dominate this use");
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   d = build_valid(f);
   /* phi operands swapped: t2 comes from BB2, not BB1 */
   struct aco_minstr *phi = f->b[3]->instrs.data[0];
   phi->operands[0] = aco_opnd_temp(d.t2);
   phi->operands[1] = aco_opnd_temp(d.t1);
   expect_invalid(f, "ssa", "does not dominate the end of predecessor BB1");
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   d = build_valid(f);
   /* use before definition in the same block */
   struct aco_minstr *mov = f->b[0]->instrs.data[0];
   mov->operands[0] = aco_opnd_temp(d.s);
   expect_invalid(f, "isel", "operand 0: %2 is used before its definition");
   finish(f);
   (void)state;
}

static void
test_validate_ssa_and_classes(void **state)
{
   struct fixture *f = make(ACO_GFX1100, 32, 4);
   struct diamond_values d = build_valid(f);
   /* a second definition of %1 */
   aco_mb_at(&f->mb, f->p, f->b[1], 0);
   aco_mb_vop1(&f->mb, aco_op_v_mov_b32, aco_def_temp(d.v), aco_opnd_const(0, 32));
   expect_invalid(f, "isel", "definition 0: %1 is already defined in BB0");
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   d = build_valid(f);
   /* class disagrees with the program's, and does not fit the slot */
   struct aco_minstr *add = f->b[1]->instrs.data[0];
   add->operands[1].temp.rc = aco_rc_v(2);
   expect_invalid(f, "isel", "operand 1: %1 has class v2 here but v1 in the program");
   assert_non_null(strstr(f->p->report, "operand 1: class does not fit a v1 slot"));
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   build_valid(f);
   /* an SGPR destination for a VALU op */
   aco_mb_at_end(&f->mb, f->p, f->b[2]);
   aco_mb_vop1(&f->mb, aco_op_v_mov_b32, aco_mb_def(&f->mb, aco_rc_s(1)), aco_opnd_const(0, 32));
   expect_invalid(f, "isel", "definition 0: class does not fit a v1 slot");
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   build_valid(f);
   /* wrong operand count */
   struct aco_minstr *bad = aco_mb_instr(&f->mb, aco_op_v_add_f32, 1, 1);
   bad->definitions[0] = aco_mb_def(&f->mb, aco_rc_v(1));
   bad->operands[0] = aco_opnd_const(0, 32);
   expect_invalid(f, "isel", "1 definitions and 1 operands, the opcode has 1 and 2");
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   build_valid(f);
   /* a VOP2 src1 must be a VGPR in the 32-bit form */
   struct aco_minstr *mul = f->b[2]->instrs.data[0];
   mul->operands[1] = aco_opnd_const(3, 32);
   expect_invalid(f, "isel", "operand 1: only src0 takes a constant in this encoding");
   finish(f);

   f = make(ACO_GFX1100, 64, 4);
   build_valid(f);
   /* a register of the wrong file */
   struct aco_minstr *mov = f->b[0]->instrs.data[0];
   mov->definitions[0].fixed = true;
   mov->definitions[0].reg = aco_sgpr(3);
   expect_invalid(f, "ra", "definition 0: a VGPR class in a scalar register");
   finish(f);
   (void)state;
}

static void
test_validate_cfg_and_phis(void **state)
{
   struct fixture *f = make(ACO_GFX1100, 32, 4);
   build_valid(f);
   /* a one-sided edge */
   aco_vec_push(f->p->allocator, &f->b[3]->linear_succs, 1u);
   expect_invalid(f, "cfg", "linear edge BB3 -> BB1 is not mirrored in BB1's predecessors");
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   build_valid(f);
   /* branch to a block that is not a successor */
   struct aco_minstr *br = f->b[1]->instrs.data[1];
   br->target_block = 2;
   expect_invalid(f, "cfg", "branch target BB2 is not a linear successor");
   br->target_block = 9;
   expect_invalid(f, "cfg", "branch target BB9 does not exist");
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   struct diamond_values d = build_valid(f);
   /* a phi with one operand for two predecessors, and a phi after an instruction */
   aco_mb_at_end(&f->mb, f->p, f->b[3]);
   aco_mb_phi(&f->mb, aco_op_p_phi, aco_mb_def(&f->mb, aco_rc_v(1)), 1,
              (aco_operand[]){aco_opnd_temp(d.t1)});
   expect_invalid(f, "isel", "1 operands for 2 logical predecessors");
   assert_non_null(strstr(f->p->report, "phi after a non-phi instruction"));
   finish(f);

   f = make(ACO_GFX1100, 32, 4);
   build_valid(f);
   /* a temporary that was never created */
   struct aco_minstr *mov = f->b[0]->instrs.data[0];
   mov->definitions[0].temp.id = 999;
   expect_invalid(f, "isel", "temporary %999 was never created");
   finish(f);
   (void)state;
}


static void
test_encodings(void **state)
{
   struct fixture *f = make(ACO_GFX1100, 32, 1);
   struct aco_mbuilder *b = &f->mb;
   aco_temp x = aco_mb_temp(b, aco_rc_v(1)), y = aco_mb_temp(b, aco_rc_v(1));
   aco_temp base = aco_mb_temp(b, aco_rc_s(2));
   aco_mb_vop1(b, aco_op_v_mov_b32, aco_def_temp(x), aco_opnd_const(1, 32));
   aco_mb_vop1(b, aco_op_v_mov_b32, aco_def_temp(y), aco_opnd_const(2, 32));
   aco_mb_sop1(b, aco_op_s_mov_b64, aco_def_temp(base), aco_opnd_const(0, 64));
   /* DPP16 row_shr:1 with bound_ctrl */
   struct aco_minstr *dpp = aco_mb_vop2(b, aco_op_v_add_f32, aco_mb_def(b, aco_rc_v(1)),
                                        aco_opnd_temp(x), aco_opnd_temp(y));
   dpp->encoding = ACO_ENC_DPP16;
   dpp->valu.dpp_ctrl = 0x111;
   dpp->valu.row_mask = dpp->valu.bank_mask = 0xf;
   dpp->valu.bound_ctrl = true;
   assert_string_equal(print_instr(f, dpp), "%4:v1 = v_add_f32_dpp %1:v1, %2:v1 row_shr:1 "
                                            "row_mask:0xf bank_mask:0xf bound_ctrl:1");
   /* GLOBAL with an SGPR base: vaddr is a 32-bit offset, saddr a pair */
   aco_operand ops[2] = {aco_opnd_temp(x), aco_opnd_temp(base)};
   aco_definition d = aco_mb_def(b, aco_rc_v(1));
   struct aco_minstr *ld = aco_mb_hw(b, aco_op_global_load_b32, ACO_ENC_MEM_SADDR, &d, ops);
   assert_non_null(ld);
   assert_int_equal(ld->num_operands, 2);
   /* VOPD: v_dual_add_f32 :: v_dual_mov_b32 */
   aco_definition dx = aco_mb_def(b, aco_rc_v(1)), dy = aco_mb_def(b, aco_rc_v(1));
   struct aco_minstr *vopd =
      aco_mb_vopd(b, aco_op_v_dual_add_f32, aco_op_v_dual_mov_b32, dx, dy,
                  (aco_operand[]){aco_opnd_temp(x), aco_opnd_temp(y), aco_opnd_const(5, 32)});
   assert_int_equal(vopd->num_operands, 3);
   assert_string_equal(print_instr(f, vopd),
                       "%6:v1, %7:v1 = v_dual_add_f32 %1:v1, %2:v1 :: v_dual_mov_b32 5");
   aco_mb_sopp(b, aco_op_s_endpgm, 0);
   aco_status st = aco_validate_mir(f->p, "isel");
   if (st != ACO_SUCCESS)
      fprintf(stderr, "%s\n", f->p->report);
   assert_int_equal(st, ACO_SUCCESS);
   /* after register allocation: VOPD parity and banks, the implicit vcc */
   vopd->definitions[0].fixed = vopd->definitions[1].fixed = true;
   vopd->definitions[0].reg = aco_vgpr(4);
   vopd->definitions[1].reg = aco_vgpr(6);
   vopd->operands[0] = aco_opnd_fixed_temp(x, aco_vgpr(1));
   vopd->operands[2] = aco_opnd_fixed_temp(y, aco_vgpr(5));
   expect_invalid(f, "ra", "VOPD destinations need different lowest bits");
   assert_non_null(strstr(f->p->report, "VOPD src0 operands in the same VGPR bank"));
   vopd->definitions[1].reg = aco_vgpr(7);
   vopd->operands[2] = aco_opnd_temp(y);
   vopd->operands[0] = aco_opnd_temp(x);
   struct aco_minstr *cmp = aco_mb_vop2(b, aco_op_v_cmp_lt_f32, aco_mb_def(b, aco_rc_s(1)),
                                        aco_opnd_temp(x), aco_opnd_temp(y));
   cmp->definitions[0].reg = aco_sgpr(8);
   expect_invalid(f, "ra", "definition 0: the 32-bit form's implicit lane mask is vcc");
   cmp->definitions[0].reg = aco_sgpr(ACO_REG_VCC_LO);
   assert_int_equal(aco_validate_mir(f->p, "ra"), ACO_ERROR_INVALID_IR); /* sticky status */
   f->p->status = ACO_SUCCESS;
   assert_int_equal(aco_validate_mir(f->p, "ra"), ACO_SUCCESS);
   /* DPP reads src0 from a VGPR; VOPD halves must exist as X and Y */
   dpp->operands[0] = aco_opnd_const(3, 32);
   vopd->opcode = aco_op_v_dual_and_b32; /* Y only */
   expect_invalid(f, "isel", "DPP reads src0 from a VGPR");
   assert_non_null(strstr(f->p->report, "VOPD halves that do not exist as X and Y"));
   finish(f);

   /* no VOPD in wave64, no SDWA on gfx1100 */
   f = make(ACO_GFX1100, 64, 1);
   b = &f->mb;
   x = aco_mb_temp(b, aco_rc_v(1));
   aco_mb_vop1(b, aco_op_v_mov_b32, aco_def_temp(x), aco_opnd_const(1, 32));
   struct aco_minstr *sd = aco_mb_vop1(b, aco_op_v_mov_b32, aco_mb_def(b, aco_rc_v(1)),
                                       aco_opnd_temp(x));
   sd->encoding = ACO_ENC_SDWA;
   expect_invalid(f, "isel", "no SDWA form on gfx1100");
   finish(f);
   (void)state;
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_print_operands),
      cmocka_unit_test(test_builder_shapes),
      cmocka_unit_test(test_builder_cursor),
      cmocka_unit_test(test_print_block),
      cmocka_unit_test(test_validate_ok),
      cmocka_unit_test(test_validate_dominance),
      cmocka_unit_test(test_validate_ssa_and_classes),
      cmocka_unit_test(test_validate_cfg_and_phis),
      cmocka_unit_test(test_encodings),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
