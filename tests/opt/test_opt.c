/* SPDX-License-Identifier: MIT */
/* Pass tests of src/opt: each builds a small SSA machine program (p_unit_test stands for
 * values from elsewhere and for their uses), runs one pass, validates the result and
 * compares its printed instructions with the exact expected text, block by block.
 * Several tests also check that a pass leaves an input it must not touch unchanged. */
#include "opt/opt.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* ---- building ------------------------------------------------------------------------- */

struct t {
   struct aco_mprogram *p;
   struct aco_mbuilder b;
};

/* A wave32 entry program of n blocks, the builder at the end of block 0; the tests add
 * the edges. */
static struct t
prog(aco_gfx_level level, unsigned nblocks)
{
   struct t t;
   t.p = aco_mprogram_create(NULL, level, 32);
   assert_non_null(t.p);
   t.p->is_entry = true;
   for (unsigned i = 0; i < nblocks; i++)
      assert_non_null(aco_mprogram_add_block(t.p));
   aco_mb_at_end(&t.b, t.p, t.p->blocks.data[0]);
   return t;
}

static void
at(struct t *t, unsigned block)
{
   aco_mb_at_end(&t->b, t->p, t->p->blocks.data[block]);
}

static void
edge(struct t *t, unsigned a, unsigned b, bool logical, bool linear)
{
   if (logical)
      assert_true(aco_mblock_add_logical_edge(t->p, t->p->blocks.data[a], t->p->blocks.data[b]));
   if (linear)
      assert_true(aco_mblock_add_linear_edge(t->p, t->p->blocks.data[a], t->p->blocks.data[b]));
}

/* A value from elsewhere. */
static aco_temp
src(struct t *t, aco_rc rc)
{
   aco_definition d = aco_mb_def(&t->b, rc);
   struct aco_minstr *in = aco_mb_instr(&t->b, aco_op_p_unit_test, 1, 0);
   assert_non_null(in);
   in->definitions[0] = d;
   return d.temp;
}

/* A use of up to three operands. */
static void
use(struct t *t, unsigned n, aco_operand a, aco_operand b, aco_operand c)
{
   struct aco_minstr *in = aco_mb_instr(&t->b, aco_op_p_unit_test, 0, n);
   assert_non_null(in);
   aco_operand ops[3] = {a, b, c};
   for (unsigned i = 0; i < n; i++)
      in->operands[i] = ops[i];
}

static aco_operand
T(aco_temp x)
{
   return aco_opnd_temp(x);
}

static aco_operand
K(uint32_t v)
{
   return aco_opnd_const(v, 32);
}

static const aco_operand NO = {0};
static const struct aco_valu_fields NOMODS = {0};

static aco_temp
vop3(struct t *t, enum aco_opcode op, aco_rc rc, aco_operand a, aco_operand b)
{
   aco_definition d = aco_mb_def(&t->b, rc);
   assert_non_null(aco_mb_vop3(&t->b, op, d, a, b, NO, NOMODS));
   return d.temp;
}

static aco_temp
sop2(struct t *t, enum aco_opcode op, aco_operand a, aco_operand b)
{
   aco_definition d = aco_mb_def(&t->b, aco_rc_s(1));
   assert_non_null(aco_mb_sop2(&t->b, op, d, a, b));
   return d.temp;
}

static aco_temp
copy(struct t *t, aco_rc rc, aco_operand o)
{
   aco_definition d = aco_mb_def(&t->b, rc);
   assert_non_null(aco_mb_copy(&t->b, d, o));
   return d.temp;
}

/* ---- checking ------------------------------------------------------------------------- */

/* The instructions, one per line, each block headed by "BBn:" when there are several. */
static char *
body(const struct aco_mprogram *p)
{
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, p->allocator);
   for (uint32_t i = 0; i < p->blocks.len; i++) {
      const struct aco_mblock *b = p->blocks.data[i];
      if (p->blocks.len > 1)
         aco_strbuf_printf(&sb, "BB%u:\n", i);
      for (uint32_t k = 0; k < b->instrs.len; k++) {
         aco_mprint_instr(p, b->instrs.data[k], &sb);
         aco_strbuf_puts(&sb, "\n");
      }
   }
   char *s = strdup(aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
   return s;
}

static void
expect(struct t *t, const char *text)
{
   assert_int_equal(aco_validate_mir(t->p, "test"), ACO_SUCCESS);
   char *s = body(t->p);
   if (strcmp(s, text))
      fprintf(stderr, "expected:\n%s\ngot:\n%s\n", text, s);
   assert_string_equal(s, text);
   free(s);
   aco_mprogram_destroy(t->p);
}

static void
run(struct t *t, aco_status (*pass)(struct aco_mprogram *))
{
   assert_int_equal(aco_validate_mir(t->p, "input"), ACO_SUCCESS);
   assert_int_equal(pass(t->p), ACO_SUCCESS);
}

/* ---- copy propagation ------------------------------------------------------------------ */

static void
test_copy_renames_uses(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 1);
   aco_temp a = src(&t, aco_rc_v(1));
   aco_temp s = src(&t, aco_rc_s(1));
   aco_temp b = copy(&t, aco_rc_v(1), T(a));
   aco_temp c = copy(&t, aco_rc_v(1), T(s)); /* another register file: stays */
   vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(b), T(c));
   run(&t, aco_opt_copy_propagate);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:s1 = p_unit_test\n"
              "%3:v1 = p_parallelcopy %1:v1\n"
              "%4:v1 = p_parallelcopy %2:s1\n"
              "%5:v1 = v_xor_b32_e64 %1:v1, %4:v1\n");
}

/* Inline constants go into any VOP3 source; a literal stays in its register for VALU and
 * goes into SALU; the 32-bit VOP2 form takes a constant only in src0. */
static void
test_copy_constants(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1030, 1);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp s = src(&t, aco_rc_s(1));
   aco_temp k5 = copy(&t, aco_rc_s(1), K(5));
   aco_temp lit = copy(&t, aco_rc_s(1), K(0x12345));
   aco_temp vk = copy(&t, aco_rc_v(1), T(k5));
   vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(v), T(k5));
   vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(v), T(lit));
   sop2(&t, aco_op_s_and_b32, T(s), T(lit));
   aco_definition d = aco_mb_def(&t.b, aco_rc_v(1));
   assert_non_null(aco_mb_vop2(&t.b, aco_op_v_or_b32, d, T(v), T(vk)));
   d = aco_mb_def(&t.b, aco_rc_v(1));
   assert_non_null(aco_mb_vop2(&t.b, aco_op_v_or_b32, d, T(vk), T(v)));
   run(&t, aco_opt_copy_propagate);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:s1 = p_unit_test\n"
              "%3:s1 = p_parallelcopy 5\n"
              "%4:s1 = p_parallelcopy 0x12345\n"
              "%5:v1 = p_parallelcopy 5\n"
              "%6:v1 = v_add_nc_u32_e64 %1:v1, 5\n"
              "%7:v1 = v_add_nc_u32_e64 %1:v1, %4:s1\n"
              "%8:s1 = s_and_b32 %2:s1, 0x12345\n"
              "%9:v1 = v_or_b32 %1:v1, %5:v1\n"
              "%10:v1 = v_or_b32 5, %1:v1\n");
}

/* Splits and extracts of a p_create_vector read its operands; a p_create_vector of every
 * part of a split in order is the split vector. */
static void
test_copy_vectors(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 1);
   aco_temp a = src(&t, aco_rc_v(1));
   aco_temp b = src(&t, aco_rc_v(1));
   aco_temp w = src(&t, aco_rc_v(2));
   aco_definition vd = aco_mb_def(&t.b, aco_rc_v(2));
   assert_non_null(aco_mb_create_vector(&t.b, vd, 2, (aco_operand[]){T(a), T(b)}));
   aco_definition parts[2] = {aco_mb_def(&t.b, aco_rc_v(1)), aco_mb_def(&t.b, aco_rc_v(1))};
   assert_non_null(aco_mb_split_vector(&t.b, 2, parts, T(vd.temp)));
   aco_definition e = aco_mb_def(&t.b, aco_rc_v(1));
   assert_non_null(aco_mb_extract_vector(&t.b, e, T(vd.temp), 1));
   aco_definition wp[2] = {aco_mb_def(&t.b, aco_rc_v(1)), aco_mb_def(&t.b, aco_rc_v(1))};
   assert_non_null(aco_mb_split_vector(&t.b, 2, wp, T(w)));
   aco_definition rj = aco_mb_def(&t.b, aco_rc_v(2));
   assert_non_null(aco_mb_create_vector(&t.b, rj, 2, (aco_operand[]){T(wp[0].temp), T(wp[1].temp)}));
   aco_definition sw = aco_mb_def(&t.b, aco_rc_v(2)); /* swapped halves: a new vector */
   assert_non_null(aco_mb_create_vector(&t.b, sw, 2, (aco_operand[]){T(wp[1].temp), T(wp[0].temp)}));
   use(&t, 3, T(parts[0].temp), T(parts[1].temp), T(e.temp));
   use(&t, 2, T(rj.temp), T(sw.temp), NO);
   run(&t, aco_opt_copy_propagate);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:v1 = p_unit_test\n"
              "%3:v2 = p_unit_test\n"
              "%4:v2 = p_create_vector %1:v1, %2:v1\n"
              "%5:v1, %6:v1 = p_split_vector %4:v2\n"
              "%7:v1 = p_extract_vector %4:v2, 1\n"
              "%8:v1, %9:v1 = p_split_vector %3:v2\n"
              "%10:v2 = p_create_vector %8:v1, %9:v1\n"
              "%11:v2 = p_create_vector %9:v1, %8:v1\n"
              "p_unit_test %1:v1, %2:v1, %2:v1\n"
              "p_unit_test %3:v2, %11:v2\n");
}

/* Folding: identities and constant operands become copies that propagate; a folded
 * scalar instruction must not be one whose scc is read. */
static void
test_fold_identities(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 1);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp s = src(&t, aco_rc_s(1));
   aco_temp z = vop3(&t, aco_op_v_sub_nc_u32, aco_rc_v(1), T(v), T(v));   /* 0 */
   aco_temp m = vop3(&t, aco_op_v_max_i32, aco_rc_v(1), T(v), T(v));      /* v */
   aco_temp o = vop3(&t, aco_op_v_or_b32, aco_rc_v(1), T(m), T(z));       /* v | 0 = v */
   aco_temp sh = vop3(&t, aco_op_v_lshlrev_b32, aco_rc_v(1), K(3), K(5)); /* 40 */
   aco_temp vs = vop3(&t, aco_op_v_and_b32, aco_rc_v(1), T(s), K(~0u));   /* a VGPR copy of s */
   aco_temp ma = vop3(&t, aco_op_v_mul_lo_u32, aco_rc_v(1), T(o), T(sh));
   aco_temp fm = vop3(&t, aco_op_v_min_f32, aco_rc_v(1), T(v), T(v));     /* not x: flushes */
   aco_temp x = sop2(&t, aco_op_s_xor_b32, T(s), T(s));                    /* scc read below */
   aco_definition d = aco_mb_def(&t.b, aco_rc_s(1));
   assert_non_null(aco_mb_sop2(&t.b, aco_op_s_cselect_b32, d, T(x), K(1)));
   aco_temp y = sop2(&t, aco_op_s_sub_u32, T(s), T(s));                    /* scc unread */
   use(&t, 3, T(ma), T(vs), T(fm));
   use(&t, 2, T(d.temp), T(y), NO);
   run(&t, aco_opt_copy_propagate);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:s1 = p_unit_test\n"
              "%3:v1 = p_parallelcopy 0\n"
              "%4:v1 = p_parallelcopy %1:v1\n"
              "%5:v1 = p_parallelcopy %1:v1\n"
              "%6:v1 = p_parallelcopy 40\n"
              "%7:v1 = p_parallelcopy %2:s1\n"
              "%8:v1 = v_mul_lo_u32 %1:v1, 40\n"
              "%9:v1 = v_min_f32_e64 %1:v1, %1:v1\n"
              "%10:s1 = s_xor_b32 %2:s1, %2:s1\n"
              "%11:s1 = s_cselect_b32 %10:s1, 1\n"
              "%12:s1 = p_parallelcopy 0\n"
              "p_unit_test %8:v1, %7:v1, %9:v1\n"
              "p_unit_test %11:s1, %12:s1\n");
}

/* A phi operand on a loop back-edge names a copy defined later in block order. */
static void
test_copy_back_edge_phi(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 3);
   edge(&t, 0, 1, true, true);
   edge(&t, 1, 1, true, true);
   edge(&t, 1, 2, true, true);
   aco_temp a = src(&t, aco_rc_v(1));
   at(&t, 1);
   aco_definition phi = aco_mb_def(&t.b, aco_rc_v(1));
   struct aco_minstr *pi = aco_mb_phi(&t.b, aco_op_p_phi, phi, 2, (aco_operand[]){T(a), T(a)});
   assert_non_null(pi);
   aco_temp n = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(phi.temp), K(1));
   aco_temp c = copy(&t, aco_rc_v(1), T(n));
   pi->operands[1] = T(c);
   at(&t, 2);
   use(&t, 1, T(phi.temp), NO, NO);
   run(&t, aco_opt_copy_propagate);
   expect(&t, "BB0:\n"
              "%1:v1 = p_unit_test\n"
              "BB1:\n"
              "%2:v1 = p_phi %1:v1, %3:v1\n"
              "%3:v1 = v_add_nc_u32_e64 %2:v1, 1\n"
              "%4:v1 = p_parallelcopy %3:v1\n"
              "BB2:\n"
              "p_unit_test %2:v1\n");
}

/* ---- value numbering -------------------------------------------------------------------- */

static void
test_vn_same_block(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 1);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp s = src(&t, aco_rc_s(1));
   aco_temp a = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(v), T(s));
   aco_temp b = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(v), T(s));
   aco_temp c = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(s), T(v)); /* other order */
   aco_temp d = vop3(&t, aco_op_v_mul_lo_u32, aco_rc_v(1), T(b), T(b)); /* reads b: renamed */
   aco_temp e = vop3(&t, aco_op_v_mul_lo_u32, aco_rc_v(1), T(a), T(a)); /* then equal to d */
   aco_temp x = sop2(&t, aco_op_s_add_u32, T(s), K(7)); /* scc read by s_cselect: stays */
   aco_definition sel = aco_mb_def(&t.b, aco_rc_s(1));
   assert_non_null(aco_mb_sop2(&t.b, aco_op_s_cselect_b32, sel, T(s), K(1)));
   aco_temp y = sop2(&t, aco_op_s_add_u32, T(s), K(7)); /* scc never read */
   aco_temp z = sop2(&t, aco_op_s_add_u32, T(s), K(7));
   use(&t, 3, T(a), T(c), T(d));
   use(&t, 3, T(e), T(x), T(sel.temp));
   use(&t, 2, T(y), T(z), NO);
   run(&t, aco_opt_value_numbering);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:s1 = p_unit_test\n"
              "%3:v1 = v_add_nc_u32_e64 %1:v1, %2:s1\n"
              "%5:v1 = v_add_nc_u32_e64 %2:s1, %1:v1\n"
              "%6:v1 = v_mul_lo_u32 %3:v1, %3:v1\n"
              "%8:s1 = s_add_u32 %2:s1, 7\n"
              "%9:s1 = s_cselect_b32 %2:s1, 1\n"
              "%10:s1 = s_add_u32 %2:s1, 7\n"
              "p_unit_test %3:v1, %5:v1, %6:v1\n"
              "p_unit_test %6:v1, %8:s1, %9:s1\n"
              "p_unit_test %10:s1, %10:s1\n");
}

/* A uniform diamond 0 -> {1, 2} -> 3: the entry's value serves the merge block, the two
 * sides do not serve each other, and the merge block's second copy of a side's value is
 * not replaced by it. */
static void
test_vn_dominance(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 4);
   edge(&t, 0, 1, true, true);
   edge(&t, 0, 2, true, true);
   edge(&t, 1, 3, true, true);
   edge(&t, 2, 3, true, true);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp a = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(v), K(1));
   at(&t, 1);
   aco_temp b = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(v), K(2));
   use(&t, 1, T(b), NO, NO);
   at(&t, 2);
   aco_temp c = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(v), K(2));
   use(&t, 1, T(c), NO, NO);
   at(&t, 3);
   aco_temp d = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(v), K(1));
   aco_temp e = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(v), K(2));
   use(&t, 3, T(a), T(d), T(e));
   run(&t, aco_opt_value_numbering);
   expect(&t, "BB0:\n"
              "%1:v1 = p_unit_test\n"
              "%2:v1 = v_xor_b32_e64 %1:v1, 1\n"
              "BB1:\n"
              "%3:v1 = v_xor_b32_e64 %1:v1, 2\n"
              "p_unit_test %3:v1\n"
              "BB2:\n"
              "%4:v1 = v_xor_b32_e64 %1:v1, 2\n"
              "p_unit_test %4:v1\n"
              "BB3:\n"
              "%6:v1 = v_xor_b32_e64 %1:v1, 2\n"
              "p_unit_test %2:v1, %2:v1, %6:v1\n");
}

/* A divergent if: logically 0 -> {1, 2} -> 3, linearly 0 -> 1 -> 2 -> 3. Block 1
 * dominates block 2 on the linear CFG only: a scalar value of block 1 serves block 2, a
 * VGPR value does not (other lanes ran block 1). */
static void
test_vn_divergent(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 4);
   edge(&t, 0, 1, true, true);
   edge(&t, 0, 2, true, false);
   edge(&t, 1, 2, false, true);
   edge(&t, 1, 3, true, false);
   edge(&t, 2, 3, true, true);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp s = src(&t, aco_rc_s(1));
   at(&t, 1);
   aco_temp a = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(v), K(1));
   aco_temp b = sop2(&t, aco_op_s_mul_i32, T(s), K(3));
   use(&t, 2, T(a), T(b), NO);
   at(&t, 2);
   aco_temp c = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(v), K(1));
   aco_temp d = sop2(&t, aco_op_s_mul_i32, T(s), K(3));
   use(&t, 2, T(c), T(d), NO);
   run(&t, aco_opt_value_numbering);
   expect(&t, "BB0:\n"
              "%1:v1 = p_unit_test\n"
              "%2:s1 = p_unit_test\n"
              "BB1:\n"
              "%3:v1 = v_xor_b32_e64 %1:v1, 1\n"
              "%4:s1 = s_mul_i32 %2:s1, 3\n"
              "p_unit_test %3:v1, %4:s1\n"
              "BB2:\n"
              "%5:v1 = v_xor_b32_e64 %1:v1, 1\n"
              "p_unit_test %5:v1, %4:s1\n"
              "BB3:\n");
}

/* A lane mask a VALU compare writes depends on the active lanes: reused within its block
 * only, even where its block dominates. */
static void
test_vn_lane_masks(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 2);
   edge(&t, 0, 1, true, true);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_rc lm = aco_rc_lane_mask(32);
   aco_temp a = vop3(&t, aco_op_v_cmp_lt_u32, lm, T(v), K(4));
   aco_temp b = vop3(&t, aco_op_v_cmp_lt_u32, lm, T(v), K(4));
   use(&t, 2, T(a), T(b), NO);
   at(&t, 1);
   aco_temp c = vop3(&t, aco_op_v_cmp_lt_u32, lm, T(v), K(4));
   use(&t, 1, T(c), NO, NO);
   run(&t, aco_opt_value_numbering);
   expect(&t, "BB0:\n"
              "%1:v1 = p_unit_test\n"
              "%2:s1 = v_cmp_lt_u32_e64 %1:v1, 4\n"
              "p_unit_test %2:s1, %2:s1\n"
              "BB1:\n"
              "%4:s1 = v_cmp_lt_u32_e64 %1:v1, 4\n"
              "p_unit_test %4:s1\n");
}

/* Loads, stores and instructions with fixed registers are never merged. */
static void
test_vn_leaves_memory(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 1);
   aco_temp addr = src(&t, aco_rc_v(2));
   aco_definition l1 = aco_mb_def(&t.b, aco_rc_v(1));
   assert_non_null(aco_mb_mem(&t.b, aco_op_global_load_b32, l1, (aco_operand[]){T(addr)},
                              (struct aco_mem_fields){0}));
   aco_definition l2 = aco_mb_def(&t.b, aco_rc_v(1));
   assert_non_null(aco_mb_mem(&t.b, aco_op_global_load_b32, l2, (aco_operand[]){T(addr)},
                              (struct aco_mem_fields){0}));
   use(&t, 2, T(l1.temp), T(l2.temp), NO);
   run(&t, aco_opt_value_numbering);
   expect(&t, "%1:v2 = p_unit_test\n"
              "%2:v1 = global_load_b32 %1:v2\n"
              "%3:v1 = global_load_b32 %1:v2\n"
              "p_unit_test %2:v1, %3:v1\n");
}

/* ---- dead code ---------------------------------------------------------------------------- */

static void
test_dce(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 1);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp s = src(&t, aco_rc_s(2));
   aco_temp addr = src(&t, aco_rc_v(2));
   aco_temp a = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(v), K(1));
   aco_temp b = vop3(&t, aco_op_v_mul_lo_u32, aco_rc_v(1), T(a), T(a)); /* dead chain */
   copy(&t, aco_rc_v(1), T(b));
   aco_definition l = aco_mb_def(&t.b, aco_rc_v(1));                    /* unused load */
   assert_non_null(aco_mb_mem(&t.b, aco_op_global_load_b32, l, (aco_operand[]){T(addr)},
                              (struct aco_mem_fields){0}));
   aco_definition sp[2] = {aco_mb_def(&t.b, aco_rc_s(1)), aco_mb_def(&t.b, aco_rc_s(1))};
   assert_non_null(aco_mb_split_vector(&t.b, 2, sp, T(s)));
   aco_temp lo = sop2(&t, aco_op_s_add_u32, T(sp[0].temp), K(1)); /* unused, scc read */
   (void)lo;
   aco_temp hi = sop2(&t, aco_op_s_addc_u32, T(sp[1].temp), K(0));
   aco_temp x = sop2(&t, aco_op_s_and_b32, T(hi), K(3));           /* unused, scc dead */
   (void)x;
   aco_definition none = aco_def_temp(aco_temp_make(0, aco_rc_v(1)));
   assert_non_null(aco_mb_mem(&t.b, aco_op_global_store_b32, none,
                              (aco_operand[]){T(addr), T(v)}, (struct aco_mem_fields){0}));
   use(&t, 1, T(hi), NO, NO);
   run(&t, aco_opt_dead_code);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:s2 = p_unit_test\n"
              "%3:v2 = p_unit_test\n"
              "%7:v1 = global_load_b32 %3:v2\n"
              "%8:s1, %9:s1 = p_split_vector %2:s2\n"
              "%10:s1 = s_add_u32 %8:s1, 1\n"
              "%11:s1 = s_addc_u32 %9:s1, 0\n"
              "global_store_b32 %3:v2, %1:v1\n"
              "p_unit_test %11:s1\n");
}

/* A program without anything to remove is left as it is. */
static void
test_dce_keeps_live(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1030, 1);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp a = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(v), K(1));
   use(&t, 1, T(a), NO, NO);
   run(&t, aco_opt_dead_code);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:v1 = v_add_nc_u32_e64 %1:v1, 1\n"
              "p_unit_test %2:v1\n");
}

/* ---- combining ALU operations ---------------------------------------------------------- */

static void
test_combine_alu(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1030, 1);
   aco_temp a = src(&t, aco_rc_v(1));
   aco_temp b = src(&t, aco_rc_v(1));
   aco_temp s1 = src(&t, aco_rc_s(1));
   aco_temp s2 = src(&t, aco_rc_s(1));
   aco_temp s3 = src(&t, aco_rc_s(1));
   aco_temp x = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(a), T(b));
   aco_temp r1 = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(s1), T(x));     /* add3 */
   aco_temp y = vop3(&t, aco_op_v_lshlrev_b32, aco_rc_v(1), K(3), T(a));
   aco_temp r2 = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(y), T(b));      /* lshl_add */
   aco_temp z = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(a), K(0x1000));
   aco_temp r3 = vop3(&t, aco_op_v_lshlrev_b32, aco_rc_v(1), T(s2), T(z));    /* add_lshl */
   aco_temp u = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(s1), T(s2));
   aco_temp r4 = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(u), T(s3));     /* 3 SGPRs */
   aco_temp w = vop3(&t, aco_op_v_min_u32, aco_rc_v(1), T(a), T(b));
   aco_temp r5 = vop3(&t, aco_op_v_min_i32, aco_rc_v(1), T(w), T(b));         /* signedness */
   aco_temp v = vop3(&t, aco_op_v_and_b32, aco_rc_v(1), T(a), T(b));
   aco_temp r6 = vop3(&t, aco_op_v_or_b32, aco_rc_v(1), T(v), T(v));          /* two uses */
   aco_temp q = vop3(&t, aco_op_v_max_u32, aco_rc_v(1), T(a), K(0x5555));
   aco_temp r7 = vop3(&t, aco_op_v_max_u32, aco_rc_v(1), T(q), K(0x7777));   /* 2 literals */
   use(&t, 3, T(r1), T(r2), T(r3));
   use(&t, 3, T(r4), T(r5), T(r6));
   use(&t, 1, T(r7), NO, NO);
   run(&t, aco_opt_combine_alu);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:v1 = p_unit_test\n"
              "%3:s1 = p_unit_test\n"
              "%4:s1 = p_unit_test\n"
              "%5:s1 = p_unit_test\n"
              "%6:v1 = v_add_nc_u32_e64 %1:v1, %2:v1\n"
              "%7:v1 = v_add3_u32 %1:v1, %2:v1, %3:s1\n"
              "%8:v1 = v_lshlrev_b32_e64 3, %1:v1\n"
              "%9:v1 = v_lshl_add_u32 %1:v1, 3, %2:v1\n"
              "%10:v1 = v_add_nc_u32_e64 %1:v1, 0x1000\n"
              "%11:v1 = v_add_lshl_u32 %1:v1, 0x1000, %4:s1\n"
              "%12:v1 = v_add_nc_u32_e64 %3:s1, %4:s1\n"
              "%13:v1 = v_add_nc_u32_e64 %12:v1, %5:s1\n"
              "%14:v1 = v_min_u32_e64 %1:v1, %2:v1\n"
              "%15:v1 = v_min_i32_e64 %14:v1, %2:v1\n"
              "%16:v1 = v_and_b32_e64 %1:v1, %2:v1\n"
              "%17:v1 = v_or_b32_e64 %16:v1, %16:v1\n"
              "%18:v1 = v_max_u32_e64 %1:v1, 0x5555\n"
              "%19:v1 = v_max_u32_e64 %18:v1, 0x7777\n"
              "p_unit_test %7:v1, %9:v1, %11:v1\n"
              "p_unit_test %13:v1, %15:v1, %17:v1\n"
              "p_unit_test %19:v1\n");
}

/* ---- combining loads ------------------------------------------------------------------ */

static aco_temp
gload(struct t *t, enum aco_opcode op, aco_rc rc, aco_temp addr, int32_t offset, bool glc)
{
   aco_definition d = aco_mb_def(&t->b, rc);
   assert_non_null(aco_mb_mem(&t->b, op, d, (aco_operand[]){T(addr)},
                              (struct aco_mem_fields){.offset = offset, .glc = glc}));
   return d.temp;
}

static aco_temp
sload(struct t *t, aco_temp base, int32_t offset)
{
   aco_definition d = aco_mb_def(&t->b, aco_rc_s(1));
   assert_non_null(aco_mb_mem(&t->b, aco_op_s_load_b32, d, (aco_operand[]){T(base)},
                              (struct aco_mem_fields){.offset = offset}));
   return d.temp;
}

/* Runs of adjacent loads of consecutive dwords: five global dwords are a b128 and the
 * fifth stays; a gap, another address, a glc load or an instruction between end a run;
 * six s_load dwords are a b128 and a b64 (no s_load_b96 before GFX12). */
static void
test_combine_loads(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1100, 1);
   aco_temp a = src(&t, aco_rc_v(2));
   aco_temp a2 = src(&t, aco_rc_v(2));
   aco_temp s = src(&t, aco_rc_s(2));
   for (int i = 0; i < 5; i++)
      gload(&t, aco_op_global_load_b32, aco_rc_v(1), a, 16 + 4 * i, false);
   gload(&t, aco_op_global_load_b32, aco_rc_v(1), a, 40, false); /* gap */
   gload(&t, aco_op_global_load_b32, aco_rc_v(1), a2, 44, false); /* another address */
   gload(&t, aco_op_global_load_b32, aco_rc_v(1), a2, 48, true);  /* glc */
   gload(&t, aco_op_global_load_b64, aco_rc_v(2), a2, 0, false);
   gload(&t, aco_op_global_load_b64, aco_rc_v(2), a2, 8, false);
   copy(&t, aco_rc_v(1), K(0));
   gload(&t, aco_op_global_load_b32, aco_rc_v(1), a2, 16, false); /* after an instruction */
   for (int i = 0; i < 6; i++)
      sload(&t, s, 4 * i);
   run(&t, aco_opt_combine_loads);
   expect(&t, "%1:v2 = p_unit_test\n"
              "%2:v2 = p_unit_test\n"
              "%3:s2 = p_unit_test\n"
              "%22:v4 = global_load_b128 %1:v2 offset:16\n"
              "%4:v1, %5:v1, %6:v1, %7:v1 = p_split_vector %22:v4\n"
              "%8:v1 = global_load_b32 %1:v2 offset:32\n"
              "%9:v1 = global_load_b32 %1:v2 offset:40\n"
              "%10:v1 = global_load_b32 %2:v2 offset:44\n"
              "%11:v1 = global_load_b32 %2:v2 offset:48 glc\n"
              "%23:v4 = global_load_b128 %2:v2\n"
              "%12:v2, %13:v2 = p_split_vector %23:v4\n"
              "%14:v1 = p_parallelcopy 0\n"
              "%15:v1 = global_load_b32 %2:v2 offset:16\n"
              "%24:s4 = s_load_b128 %3:s2\n"
              "%16:s1, %17:s1, %18:s1, %19:s1 = p_split_vector %24:s4\n"
              "%25:s2 = s_load_b64 %3:s2 offset:16\n"
              "%20:s1, %21:s1 = p_split_vector %25:s2\n");
}

/* ---- 32-bit VALU forms ------------------------------------------------------------------ */

static void
test_shrink_valu(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1030, 1);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp s = src(&t, aco_rc_s(1));
   aco_temp a = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), K(0x1234), T(v)); /* as it is */
   aco_temp b = vop3(&t, aco_op_v_and_b32, aco_rc_v(1), T(v), T(s));         /* swapped */
   aco_temp c = vop3(&t, aco_op_v_sub_nc_u32, aco_rc_v(1), T(v), K(3));      /* subrev */
   aco_temp d = vop3(&t, aco_op_v_sub_f32, aco_rc_v(1), T(v), T(s));         /* float: e64 */
   aco_temp e = vop3(&t, aco_op_v_cvt_f32_u32, aco_rc_v(1), T(s), NO);
   aco_definition f = aco_mb_def(&t.b, aco_rc_v(1));                          /* modifier */
   assert_non_null(aco_mb_vop3(&t.b, aco_op_v_add_f32, f, T(v), T(v), NO,
                               (struct aco_valu_fields){.neg = 1}));
   aco_temp lm = vop3(&t, aco_op_v_cmp_lt_u32, aco_rc_lane_mask(32), T(v), K(4)); /* VOPC */
   aco_definition g = aco_mb_def(&t.b, aco_rc_v(1));                              /* vcc */
   assert_non_null(aco_mb_vop3(&t.b, aco_op_v_cndmask_b32, g, T(v), K(0), T(lm), NOMODS));
   use(&t, 3, T(a), T(b), T(c));
   use(&t, 3, T(d), T(e), T(f.temp));
   use(&t, 1, T(g.temp), NO, NO);
   run(&t, aco_opt_shrink_valu);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:s1 = p_unit_test\n"
              "%3:v1 = v_add_nc_u32 0x1234, %1:v1\n"
              "%4:v1 = v_and_b32 %2:s1, %1:v1\n"
              "%5:v1 = v_subrev_nc_u32 3, %1:v1\n"
              "%6:v1 = v_sub_f32_e64 %1:v1, %2:s1\n"
              "%7:v1 = v_cvt_f32_u32 %2:s1\n"
              "%8:v1 = v_add_f32_e64 %1:v1, %1:v1 neg:[1,0]\n"
              "%9:s1 = v_cmp_lt_u32_e64 %1:v1, 4\n"
              "%10:v1 = v_cndmask_b32_e64 %1:v1, 0, %9:s1\n"
              "p_unit_test %3:v1, %4:v1, %5:v1\n"
              "p_unit_test %6:v1, %7:v1, %8:v1\n"
              "p_unit_test %10:v1\n");
}

/* ---- the whole optimizer -------------------------------------------------------------- */

static void
test_optimize(void **state)
{
   (void)state;
   struct t t = prog(ACO_GFX1200, 1);
   aco_temp v = src(&t, aco_rc_v(1));
   aco_temp w = src(&t, aco_rc_v(2));
   aco_definition p0[2] = {aco_mb_def(&t.b, aco_rc_v(1)), aco_mb_def(&t.b, aco_rc_v(1))};
   assert_non_null(aco_mb_split_vector(&t.b, 2, p0, T(w)));
   aco_definition p1[2] = {aco_mb_def(&t.b, aco_rc_v(1)), aco_mb_def(&t.b, aco_rc_v(1))};
   assert_non_null(aco_mb_split_vector(&t.b, 2, p1, T(w)));
   aco_temp k = copy(&t, aco_rc_s(1), K(16));
   aco_temp a = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(p0[0].temp), T(k));
   aco_temp b = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(p1[0].temp), T(k));
   aco_temp z = vop3(&t, aco_op_v_xor_b32, aco_rc_v(1), T(a), T(b)); /* a ^ a = 0 */
   aco_temp r = vop3(&t, aco_op_v_or_b32, aco_rc_v(1), T(z), T(v));  /* 0 | v = v */
   aco_temp q = vop3(&t, aco_op_v_add_nc_u32, aco_rc_v(1), T(r), T(p1[1].temp));
   use(&t, 1, T(q), NO, NO);
   assert_int_equal(aco_validate_mir(t.p, "input"), ACO_SUCCESS);
   assert_int_equal(aco_optimize(t.p), ACO_SUCCESS);
   expect(&t, "%1:v1 = p_unit_test\n"
              "%2:v2 = p_unit_test\n"
              "%3:v1, %4:v1 = p_split_vector %2:v2\n"
              "%12:v1 = v_add_nc_u32 %1:v1, %4:v1\n"
              "p_unit_test %12:v1\n");
}

/* ---- dominator ranges ------------------------------------------------------------------- */

/* a dominates b by walking b up the tree */
static bool
dominates_by_walk(const uint32_t *idom, uint32_t a, uint32_t b)
{
   while (b > a && b != ~0u)
      b = idom[b];
   return b == a;
}

static void
test_dominator_ranges(void **state)
{
   (void)state;
   /* 0 -> {1, 4}, 1 -> {2, 3}; 5 not reached */
   const uint32_t idom[6] = {0, 0, 1, 1, 0, ~0u};
   uint32_t pre[6], size[6];
   aco_opt_dominator_ranges(idom, 6, pre, size);
   const uint32_t want_pre[6] = {0, 1, 2, 3, 4, ~0u}, want_size[6] = {5, 3, 1, 1, 1, 0};
   for (unsigned i = 0; i < 6; i++) {
      assert_int_equal(pre[i], want_pre[i]);
      assert_int_equal(size[i], want_size[i]);
   }
   assert_true(aco_opt_dominates(pre, size, 1, 3));
   assert_false(aco_opt_dominates(pre, size, 1, 4));
   assert_false(aco_opt_dominates(pre, size, 0, 5));
   assert_true(aco_opt_dominates(pre, size, 5, 5));

   /* every pair of blocks of random trees (each block's idom before it, some not
    * reached) against the walk up the tree */
   uint32_t seed = 12345;
   for (unsigned iter = 0; iter < 20000; iter++) {
      uint32_t t[12], tp[12], ts[12], n = 1 + iter % 12;
      t[0] = 0;
      for (uint32_t i = 1; i < n; i++) {
         seed = seed * 1103515245u + 12345u;
         uint32_t r = seed >> 8;
         t[i] = r % 5 == 0 ? ~0u : (r / 5) % i;
         if (t[i] != ~0u && t[t[i]] == ~0u)
            t[i] = 0; /* a reached block's dominator is reached */
      }
      aco_opt_dominator_ranges(t, n, tp, ts);
      for (uint32_t a = 0; a < n; a++) {
         for (uint32_t b = 0; b < n; b++)
            assert_int_equal(aco_opt_dominates(tp, ts, a, b), dominates_by_walk(t, a, b));
      }
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_copy_renames_uses),
      cmocka_unit_test(test_copy_constants),
      cmocka_unit_test(test_copy_vectors),
      cmocka_unit_test(test_fold_identities),
      cmocka_unit_test(test_copy_back_edge_phi),
      cmocka_unit_test(test_vn_same_block),
      cmocka_unit_test(test_vn_dominance),
      cmocka_unit_test(test_dominator_ranges),
      cmocka_unit_test(test_vn_divergent),
      cmocka_unit_test(test_vn_lane_masks),
      cmocka_unit_test(test_vn_leaves_memory),
      cmocka_unit_test(test_dce),
      cmocka_unit_test(test_dce_keeps_live),
      cmocka_unit_test(test_combine_alu),
      cmocka_unit_test(test_combine_loads),
      cmocka_unit_test(test_shrink_valu),
      cmocka_unit_test(test_optimize),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
