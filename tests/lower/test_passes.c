/* SPDX-License-Identifier: MIT */
/* Golden tests of the post-RA passes: small already-allocated machine programs built by
 * hand, one pass run, and the blocks printed (with a small printer of this file) and
 * compared with the expected text, per GFX level where it differs. */
#include "lower/lower.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

/* ---- building ------------------------------------------------------------------------- */

static struct aco_minstr *
add(struct aco_mprogram *p, struct aco_mblock *b, enum aco_opcode op, unsigned ndefs,
    unsigned nops)
{
   struct aco_minstr *in = aco_minstr_create(&p->arena, op, nops, ndefs);
   assert_non_null(in);
   assert_true(aco_vec_push(p->allocator, &b->instrs, in));
   return in;
}

static uint32_t next_temp = 1;

static aco_definition
dv(unsigned n, unsigned dwords)
{
   return aco_def_fixed(aco_temp_make(next_temp++, aco_rc_v(dwords)), aco_vgpr(n));
}
static aco_definition
dvh(unsigned n, unsigned half)
{
   return aco_def_fixed(aco_temp_make(next_temp++, aco_rc_vb(2)), aco_physreg_make(256 + n, 2 * half));
}
static aco_definition
dsg(unsigned n, unsigned dwords)
{
   return aco_def_fixed(aco_temp_make(next_temp++, aco_rc_s(dwords)), aco_sgpr(n));
}
static aco_operand
ov(unsigned n, unsigned dwords)
{
   return aco_opnd_fixed_temp(aco_temp_make(next_temp++, aco_rc_v(dwords)), aco_vgpr(n));
}
static aco_operand
os(unsigned n, unsigned dwords)
{
   return aco_opnd_fixed_temp(aco_temp_make(next_temp++, aco_rc_s(dwords)), aco_sgpr(n));
}
static aco_operand
oc(uint64_t v)
{
   return aco_opnd_const(v, 32);
}

static struct aco_mprogram *
program(aco_gfx_level level, unsigned nblocks)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, level, 32);
   assert_non_null(p);
   p->is_entry = true;
   for (unsigned i = 0; i < nblocks; i++)
      assert_non_null(aco_mprogram_add_block(p));
   return p;
}

static void
edge(struct aco_mprogram *p, unsigned a, unsigned b)
{
   assert_true(aco_mblock_add_logical_edge(p, p->blocks.data[a], p->blocks.data[b]));
   assert_true(aco_mblock_add_linear_edge(p, p->blocks.data[a], p->blocks.data[b]));
}

/* ---- printing ------------------------------------------------------------------------- */

static void
print_reg(struct aco_strbuf *sb, aco_physreg r, unsigned bytes)
{
   unsigned f = aco_physreg_field(r);
   unsigned dwords = (bytes + 3) / 4;
   const char *file = f >= 256 ? "v" : "s";
   unsigned n = f >= 256 ? f - 256 : f;
   if (f == ACO_REG_SCC)
      aco_strbuf_printf(sb, "scc");
   else if (f == ACO_REG_VCC_LO)
      aco_strbuf_printf(sb, "vcc");
   else if (f == ACO_REG_EXEC_LO)
      aco_strbuf_printf(sb, "exec");
   else if (f == 124 || f == 125)
      aco_strbuf_printf(sb, "s%u", f); /* null / m0 */
   else if (dwords > 1)
      aco_strbuf_printf(sb, "%s[%u:%u]", file, n, n + dwords - 1);
   else
      aco_strbuf_printf(sb, "%s%u", file, n);
   if (aco_physreg_byte(r) || bytes % 4)
      aco_strbuf_printf(sb, ".b%u", aco_physreg_byte(r));
}

static void
print_instr(const struct aco_mprogram *p, const struct aco_minstr *in, struct aco_strbuf *sb)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (in->opcode == aco_op_s_waitcnt) {
      unsigned vm, exp, lgkm;
      aco_waitcnt_decode(p->gfx_level, (uint16_t)in->imm, &vm, &exp, &lgkm);
      aco_strbuf_printf(sb, "s_waitcnt");
      if (vm != 63)
         aco_strbuf_printf(sb, " vmcnt(%u)", vm);
      if (exp != 7)
         aco_strbuf_printf(sb, " expcnt(%u)", exp);
      if (lgkm != 63)
         aco_strbuf_printf(sb, " lgkmcnt(%u)", lgkm);
      return;
   }
   aco_strbuf_printf(sb, "%s", info->name);
   const char *sep = " ";
   for (unsigned i = 0; i < in->num_definitions; i++) {
      aco_strbuf_printf(sb, "%s", sep);
      print_reg(sb, in->definitions[i].reg, aco_rc_bytes(in->definitions[i].temp.rc));
      sep = ", ";
   }
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      aco_strbuf_printf(sb, "%s", sep);
      sep = ", ";
      if (o->kind == ACO_OPND_CONST)
         aco_strbuf_printf(sb, "%#llx", (unsigned long long)o->value);
      else if (o->kind == ACO_OPND_UNDEF)
         aco_strbuf_printf(sb, "undef");
      else
         print_reg(sb, o->reg, aco_rc_bytes(o->temp.rc));
   }
   if ((info->flags & ACO_OPF_BRANCH && info->format == ACO_FMT_SOPP) || in->opcode == aco_op_p_branch ||
       in->opcode == aco_op_p_cbranch_z || in->opcode == aco_op_p_cbranch_nz)
      aco_strbuf_printf(sb, "%sBB%u", sep, in->target_block);
   else if (info->format < ACO_FMT_VOP1 && (in->imm || !strncmp(info->name, "s_wait", 6)))
      aco_strbuf_printf(sb, "%s%u", sep, in->imm);
   if (in->valu.opsel && info->format >= ACO_FMT_VOP1 && info->format <= ACO_FMT_VOP3P)
      aco_strbuf_printf(sb, " opsel:%u", in->valu.opsel);
}

/* The program as "BBn:" lines followed by its instructions, one per line. */
static char *
print_program(const struct aco_mprogram *p)
{
   static char buf[8192];
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   for (uint32_t bi = 0; bi < p->blocks.len; bi++) {
      const struct aco_mblock *b = p->blocks.data[bi];
      aco_strbuf_printf(&sb, "BB%u:\n", bi);
      for (uint32_t i = 0; i < b->instrs.len; i++) {
         aco_strbuf_printf(&sb, "  ");
         print_instr(p, b->instrs.data[i], &sb);
         aco_strbuf_printf(&sb, "\n");
      }
   }
   snprintf(buf, sizeof(buf), "%s", aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
   return buf;
}

#define CHECK_PROGRAM(p, expected)                                                              \
   do {                                                                                         \
      const char *got_ = print_program(p);                                                      \
      if (strcmp(got_, (expected)))                                                             \
         fail_msg("%s: got\n%s\nexpected\n%s", aco_gfx_info((p)->gfx_level)->name, got_,       \
                  (expected));                                                                  \
   } while (0)

static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};

/* ---- SSA elimination ---------------------------------------------------------------------- */

static void
test_ssa_diamond(void **state)
{
   /* BB0 -> BB1, BB2 -> BB3; logical and linear phis in BB3 */
   struct aco_mprogram *p = program(ACO_GFX1100, 4);
   edge(p, 0, 1);
   edge(p, 0, 2);
   edge(p, 1, 3);
   edge(p, 2, 3);
   struct aco_minstr *in;
   add(p, p->blocks.data[0], aco_op_p_cbranch_z, 0, 1)->operands[0] =
      aco_opnd_reg(aco_sgpr(ACO_REG_SCC), aco_rc_s(1));
   p->blocks.data[0]->instrs.data[0]->target_block = 2;
   for (unsigned bi = 1; bi <= 2; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      add(p, b, aco_op_p_logical_start, 0, 0);
      in = add(p, b, aco_op_v_mov_b32, 1, 1);
      in->definitions[0] = dv(bi, 1);
      in->operands[0] = oc(bi);
      add(p, b, aco_op_p_logical_end, 0, 0);
      add(p, b, aco_op_p_branch, 0, 0)->target_block = 3;
   }
   struct aco_mblock *b3 = p->blocks.data[3];
   in = add(p, b3, aco_op_p_phi, 1, 2);
   in->definitions[0] = dv(0, 1);
   in->operands[0] = ov(1, 1);
   in->operands[1] = ov(2, 1);
   in = add(p, b3, aco_op_p_phi, 1, 2); /* same register on one side: no copy there */
   in->definitions[0] = dv(7, 1);
   in->operands[0] = ov(7, 1);
   in->operands[1] = ov(8, 1);
   in = add(p, b3, aco_op_p_linear_phi, 1, 2);
   in->definitions[0] = dsg(0, 1);
   in->operands[0] = os(1, 1);
   in->operands[1] = oc(5);
   in = add(p, b3, aco_op_p_linear_phi, 1, 2); /* undefined on one side */
   in->definitions[0] = dsg(2, 2);
   in->operands[0] = aco_opnd_temp(aco_temp_make(0, aco_rc_s(2)));
   in->operands[0].kind = ACO_OPND_UNDEF;
   in->operands[1] = os(4, 2);
   add(p, b3, aco_op_p_logical_start, 0, 0);
   add(p, b3, aco_op_p_return, 0, 0);

   assert_int_equal(aco_eliminate_ssa(p), ACO_SUCCESS);
   CHECK_PROGRAM(p, "BB0:\n"
                    "  p_cbranch_z scc, BB2\n"
                    "BB1:\n"
                    "  p_logical_start\n"
                    "  v_mov_b32 v1, 0x1\n"
                    "  p_parallelcopy v0, v1\n"
                    "  p_logical_end\n"
                    "  p_parallelcopy s0, s1\n"
                    "  p_branch BB3\n"
                    "BB2:\n"
                    "  p_logical_start\n"
                    "  v_mov_b32 v2, 0x2\n"
                    "  p_parallelcopy v0, v7, v2, v8\n"
                    "  p_logical_end\n"
                    "  p_parallelcopy s0, s[2:3], 0x5, s[4:5]\n"
                    "  p_branch BB3\n"
                    "BB3:\n"
                    "  p_logical_start\n"
                    "  p_return\n");
   aco_mprogram_destroy(p);
}

static void
test_ssa_loop(void **state)
{
   /* BB0 -> BB1 (header) -> BB2 -> BB1 (back-edge), BB2 -> BB3; no p_logical_end */
   struct aco_mprogram *p = program(ACO_GFX1030, 4);
   edge(p, 0, 1);
   edge(p, 1, 2);
   edge(p, 2, 1);
   edge(p, 2, 3);
   struct aco_minstr *in;
   in = add(p, p->blocks.data[0], aco_op_s_mov_b32, 1, 1);
   in->definitions[0] = dsg(4, 1);
   in->operands[0] = oc(0);
   in = add(p, p->blocks.data[1], aco_op_p_linear_phi, 1, 2);
   in->definitions[0] = dsg(5, 1);
   in->operands[0] = os(4, 1);
   in->operands[1] = os(6, 1);
   in = add(p, p->blocks.data[2], aco_op_s_add_u32, 1, 2);
   in->definitions[0] = dsg(6, 1);
   in->operands[0] = os(5, 1);
   in->operands[1] = oc(1);
   in = add(p, p->blocks.data[2], aco_op_p_cbranch_nz, 0, 1);
   in->operands[0] = aco_opnd_reg(aco_sgpr(ACO_REG_SCC), aco_rc_s(1));
   in->target_block = 1;
   add(p, p->blocks.data[3], aco_op_p_return, 0, 0);

   assert_int_equal(aco_eliminate_ssa(p), ACO_SUCCESS);
   CHECK_PROGRAM(p, "BB0:\n"
                    "  s_mov_b32 s4, 0\n"
                    "  p_parallelcopy s5, s4\n"
                    "BB1:\n"
                    "BB2:\n"
                    "  s_add_u32 s6, s5, 0x1\n"
                    "  p_parallelcopy s5, s6\n"
                    "  p_cbranch_nz scc, BB1\n"
                    "BB3:\n"
                    "  p_return\n");
   aco_mprogram_destroy(p);
}

static void
test_ssa_errors(void **state)
{
   struct aco_mprogram *p = program(ACO_GFX1030, 2);
   edge(p, 0, 1);
   struct aco_minstr *in = add(p, p->blocks.data[1], aco_op_p_phi, 1, 2); /* 2 operands, 1 pred */
   in->definitions[0] = dv(0, 1);
   in->operands[0] = ov(1, 1);
   in->operands[1] = ov(2, 1);
   assert_int_equal(aco_eliminate_ssa(p), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(p->message, "predecessors"));
   aco_mprogram_destroy(p);
}

/* ---- lowering to hardware ------------------------------------------------------------------ */

static void
test_hw_control_flow(void **state)
{
   struct aco_mprogram *p = program(ACO_GFX1100, 5);
   struct aco_minstr *in;
   add(p, p->blocks.data[0], aco_op_p_startpgm, 0, 0);
   add(p, p->blocks.data[0], aco_op_p_logical_start, 0, 0);
   add(p, p->blocks.data[0], aco_op_p_logical_end, 0, 0);
   add(p, p->blocks.data[0], aco_op_p_branch, 0, 0)->target_block = 1; /* next: dropped */
   in = add(p, p->blocks.data[1], aco_op_p_cbranch_z, 0, 1);
   in->operands[0] = aco_opnd_reg(aco_sgpr(ACO_REG_SCC), aco_rc_s(1));
   in->target_block = 3;
   in = add(p, p->blocks.data[2], aco_op_p_cbranch_nz, 0, 1);
   in->operands[0] = aco_opnd_reg(aco_sgpr(ACO_REG_VCC_LO), aco_rc_s(1));
   in->target_block = 4;
   in = add(p, p->blocks.data[2], aco_op_p_cbranch_z, 0, 1);
   in->operands[0] = aco_opnd_reg(aco_sgpr(ACO_REG_EXEC_LO), aco_rc_s(1));
   in->target_block = 1;
   in = add(p, p->blocks.data[2], aco_op_p_cbranch_nz, 0, 1);
   in->operands[0] = aco_opnd_reg(aco_sgpr(ACO_REG_EXEC_LO), aco_rc_s(1));
   in->target_block = 0;
   add(p, p->blocks.data[3], aco_op_p_branch, 0, 0)->target_block = 1;
   add(p, p->blocks.data[4], aco_op_p_return, 0, 0);
   assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
   CHECK_PROGRAM(p, "BB0:\n"
                    "BB1:\n"
                    "  s_cbranch_scc0 BB3\n"
                    "BB2:\n"
                    "  s_cbranch_vccnz BB4\n"
                    "  s_cbranch_execz BB1\n"
                    "  s_cbranch_execnz BB0\n"
                    "BB3:\n"
                    "  s_branch BB1\n"
                    "BB4:\n"
                    "  s_endpgm\n");
   aco_mprogram_destroy(p);

   /* a function that is not an entry returns to the address in its first operand, or
    * with ACO_RETURN_TO_LAST jumps to its last; without operands it is malformed */
   p = program(ACO_GFX1100, 1);
   p->is_entry = false;
   struct aco_minstr *r = add(p, p->blocks.data[0], aco_op_p_return, 0, 2);
   r->operands[0] = aco_opnd_fixed_temp(aco_temp_make(1, aco_rc_s(2)), aco_sgpr(16));
   r->operands[1] = aco_opnd_fixed_temp(aco_temp_make(2, aco_rc_s(2)), aco_sgpr(2));
   assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
   CHECK_PROGRAM(p, "BB0:\n  s_setpc_b64 s[16:17]\n");
   aco_mprogram_destroy(p);
   p = program(ACO_GFX1100, 1);
   p->is_entry = false;
   r = add(p, p->blocks.data[0], aco_op_p_return, 0, 2);
   r->operands[0] = aco_opnd_fixed_temp(aco_temp_make(1, aco_rc_s(2)), aco_sgpr(16));
   r->operands[1] = aco_opnd_fixed_temp(aco_temp_make(2, aco_rc_s(2)), aco_sgpr(2));
   r->imm = ACO_RETURN_TO_LAST;
   assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
   CHECK_PROGRAM(p, "BB0:\n  s_setpc_b64 s[2:3]\n");
   aco_mprogram_destroy(p);
   p = program(ACO_GFX1100, 1);
   p->is_entry = false;
   add(p, p->blocks.data[0], aco_op_p_return, 0, 0);
   assert_int_equal(aco_lower_to_hw(p), ACO_ERROR_INVALID_IR);
   aco_mprogram_destroy(p);
}

static void
test_hw_vectors(void **state)
{
   struct aco_mprogram *p = program(ACO_GFX1030, 1);
   struct aco_mblock *b = p->blocks.data[0];
   struct aco_minstr *in;
   /* v[4:6] = (v1, s3, 7) */
   in = add(p, b, aco_op_p_create_vector, 1, 3);
   in->definitions[0] = dv(4, 3);
   in->operands[0] = ov(1, 1);
   in->operands[1] = os(3, 1);
   in->operands[2] = oc(7);
   /* s[8:9], s10 = split s[12:14] */
   in = add(p, b, aco_op_p_split_vector, 2, 1);
   in->definitions[0] = dsg(8, 2);
   in->definitions[1] = dsg(10, 1);
   in->operands[0] = os(12, 3);
   /* v20.hi-half = element 3 (16-bit) of v[30:31] */
   in = add(p, b, aco_op_p_extract_vector, 1, 2);
   in->definitions[0] = dvh(20, 1);
   in->operands[0] = ov(30, 2);
   in->operands[1] = oc(3);
   /* s[40:41] = uniform v[2:3] */
   in = add(p, b, aco_op_p_as_uniform, 1, 1);
   in->definitions[0] = dsg(40, 2);
   in->operands[0] = ov(2, 2);
   /* swap v0 and v1, s0 and s1, keep s4 = s4 */
   in = add(p, b, aco_op_p_parallelcopy, 5, 5);
   in->definitions[0] = dv(0, 1);
   in->operands[0] = ov(1, 1);
   in->definitions[1] = dv(1, 1);
   in->operands[1] = ov(0, 1);
   in->definitions[2] = dsg(0, 1);
   in->operands[2] = os(1, 1);
   in->definitions[3] = dsg(1, 1);
   in->operands[3] = os(0, 1);
   in->definitions[4] = dsg(4, 1);
   in->operands[4] = os(4, 1);
   assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
   CHECK_PROGRAM(p, "BB0:\n"
                    "  v_mov_b32 v4, v1\n"
                    "  v_mov_b32 v5, s3\n"
                    "  v_mov_b32 v6, 0x7\n"
                    "  s_mov_b64 s[8:9], s[12:13]\n"
                    "  s_mov_b32 s10, s14\n"
                    "  v_perm_b32 v20, v20, v31, 0x3020504\n"
                    "  v_readfirstlane_b32 s40, v2\n"
                    "  v_readfirstlane_b32 s41, v3\n"
                    "  v_swap_b32 v0, v1\n"
                    "  s_xor_b32 s0, s0, s1\n"
                    "  s_xor_b32 s1, s1, s0\n"
                    "  s_xor_b32 s0, s0, s1\n");
   aco_mprogram_destroy(p);
}

static void
test_hw_wave64_lane_masks(void **state)
{
   /* lane masks are pairs in wave64: exec and vcc swap places with 64-bit moves when both
    * are aligned; a constant mask that is an inline constant is one s_mov_b64 */
   struct aco_mprogram *p = aco_mprogram_create(NULL, ACO_GFX1100, 64);
   assert_non_null(p);
   p->is_entry = true;
   struct aco_mblock *b = aco_mprogram_add_block(p);
   assert_non_null(b);
   struct aco_minstr *in = add(p, b, aco_op_p_parallelcopy, 4, 4);
   in->definitions[3] = dv(0, 1); /* runs before exec changes */
   in->operands[3] = ov(1, 1);
   in->definitions[0] = aco_def_fixed(aco_temp_make(1, aco_rc_s(2)), aco_sgpr(ACO_REG_EXEC_LO));
   in->operands[0] = os(4, 2);
   in->definitions[1] = dsg(4, 2);
   in->operands[1] = aco_opnd_reg(aco_sgpr(ACO_REG_VCC_LO), aco_rc_s(2));
   in->definitions[2] = aco_def_fixed(aco_temp_make(2, aco_rc_s(2)), aco_sgpr(ACO_REG_VCC_LO));
   in->operands[2] = aco_opnd_const(~0ull, 64);
   /* p_as_uniform of SGPRs is a copy */
   in = add(p, b, aco_op_p_as_uniform, 1, 1);
   in->definitions[0] = dsg(8, 1);
   in->operands[0] = os(9, 1);
   assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
   CHECK_PROGRAM(p, "BB0:\n"
                    "  v_mov_b32 v0, v1\n"
                    "  s_mov_b64 exec, s[4:5]\n"
                    "  s_mov_b64 s[4:5], vcc\n"
                    "  s_mov_b64 vcc, 0xffffffffffffffff\n"
                    "  s_mov_b32 s8, s9\n");
   aco_mprogram_destroy(p);
}

static void
test_hw_half_swap(void **state)
{
   /* v0.lo <-> v1.hi: add/sub with op_sel on every level */
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      struct aco_minstr *in = add(p, p->blocks.data[0], aco_op_p_parallelcopy, 2, 2);
      in->definitions[0] = dvh(0, 0);
      in->operands[0] = aco_opnd_fixed_temp(aco_temp_make(90, aco_rc_vb(2)), aco_physreg_make(257, 2));
      in->definitions[1] = dvh(1, 1);
      in->operands[1] = aco_opnd_fixed_temp(aco_temp_make(91, aco_rc_vb(2)), aco_vgpr(0));
      assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, "BB0:\n"
                       "  v_add_nc_u16 v0, v0, v1 opsel:2\n"
                       "  v_sub_nc_u16 v1, v0, v1 opsel:10\n"
                       "  v_sub_nc_u16 v0, v0, v1 opsel:2\n");
      aco_mprogram_destroy(p);
   }
}

/* A 16-bit value widened to a whole VGPR (what instruction selection does before a store
 * or a vector reads a half): p_create_vector of the half and an undefined half moves only
 * the half, and nothing when it is already at byte 0 of the destination. */
static void
test_hw_widen_half(void **state)
{
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      aco_operand undef = {0};
      undef.kind = ACO_OPND_UNDEF;
      undef.temp.rc = aco_rc_vb(2);
      /* v2 = (v1.h, undefined) */
      struct aco_minstr *in = add(p, p->blocks.data[0], aco_op_p_create_vector, 1, 2);
      in->definitions[0] = dv(2, 1);
      in->operands[0] = aco_opnd_fixed_temp(aco_temp_make(90, aco_rc_vb(2)),
                                            aco_physreg_make(257, 2));
      in->operands[1] = undef;
      /* v3 = (v3.l, undefined): in place */
      in = add(p, p->blocks.data[0], aco_op_p_create_vector, 1, 2);
      in->definitions[0] = dv(3, 1);
      in->operands[0] = aco_opnd_fixed_temp(aco_temp_make(91, aco_rc_vb(2)), aco_vgpr(3));
      in->operands[1] = undef;
      assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
      /* bytes 2-3 of v1 to bytes 0-1 of v2 (its upper bytes stay); nothing for v3 */
      CHECK_PROGRAM(p, "BB0:\n"
                       "  v_perm_b32 v2, v2, v1, 0x7060302\n");
      aco_mprogram_destroy(p);
   }
}

/* ---- wait insertion -------------------------------------------------------------------------- */

static struct aco_minstr *
global_load(struct aco_mprogram *p, struct aco_mblock *b, unsigned dst, unsigned addr)
{
   struct aco_minstr *in = add(p, b, aco_op_global_load_b32, 1, 1);
   in->definitions[0] = dv(dst, 1);
   in->operands[0] = ov(addr, 2);
   return in;
}

static struct aco_minstr *
valu_use(struct aco_mprogram *p, struct aco_mblock *b, unsigned dst, unsigned a, unsigned bb)
{
   struct aco_minstr *in = add(p, b, aco_op_v_add_nc_u32, 1, 2);
   in->definitions[0] = dv(dst, 1);
   in->operands[0] = ov(a, 1);
   in->operands[1] = ov(bb, 1);
   return in;
}

static void
test_waits_in_order(void **state)
{
   static const char *expected[3] = {
      /* gfx1030 */
      "BB0:\n"
      "  global_load_b32 v1, v[10:11]\n"
      "  global_load_b32 v2, v[10:11]\n"
      "  v_add_nc_u32 v20, v3, v4\n"
      "  s_waitcnt vmcnt(1)\n"
      "  v_add_nc_u32 v21, v1, v3\n"
      "  s_waitcnt vmcnt(0)\n"
      "  v_add_nc_u32 v2, v3, v4\n"
      "  global_store_b32 v[10:11], v21\n"
      "  s_endpgm\n",
      NULL, /* gfx1100: same text */
      "BB0:\n"
      "  global_load_b32 v1, v[10:11]\n"
      "  global_load_b32 v2, v[10:11]\n"
      "  v_add_nc_u32 v20, v3, v4\n"
      "  s_wait_loadcnt 1\n"
      "  v_add_nc_u32 v21, v1, v3\n"
      "  s_wait_loadcnt 0\n"
      "  v_add_nc_u32 v2, v3, v4\n"
      "  global_store_b32 v[10:11], v21\n"
      "  s_endpgm\n",
   };
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      struct aco_mblock *b = p->blocks.data[0];
      global_load(p, b, 1, 10);
      global_load(p, b, 2, 10);
      valu_use(p, b, 20, 3, 4); /* independent */
      valu_use(p, b, 21, 1, 3); /* reads v1: one load may stay outstanding */
      valu_use(p, b, 2, 3, 4);  /* overwrites v2: wait for it */
      struct aco_minstr *st = add(p, b, aco_op_global_store_b32, 0, 2);
      st->operands[0] = ov(10, 2);
      st->operands[1] = ov(21, 1);
      add(p, b, aco_op_s_endpgm, 0, 0); /* nothing needed before the end */
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, expected[l] ? expected[l] : expected[0]);
      /* idempotent: the waits now in the program are taken into account */
      char first[8192];
      snprintf(first, sizeof(first), "%s", print_program(p));
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, first);
      aco_mprogram_destroy(p);
   }
}

static void
test_waits_smem_ds(void **state)
{
   /* SMEM may return out of order: with it and an LDS load outstanding on lgkmcnt, only
    * lgkmcnt(0) covers the LDS load (GFX10.3/11); GFX12 counts them apart */
   static const char *expected[3] = {
      "BB0:\n"
      "  s_load_b32 s4, s[0:1]\n"
      "  ds_load_b32 v5, v1\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  v_add_nc_u32 v6, v5, v5\n"
      "  v_add_nc_u32 v7, s4, v5\n",
      NULL,
      "BB0:\n"
      "  s_load_b32 s4, s[0:1]\n"
      "  ds_load_b32 v5, v1\n"
      "  s_wait_dscnt 0\n"
      "  v_add_nc_u32 v6, v5, v5\n"
      "  s_wait_kmcnt 0\n"
      "  v_add_nc_u32 v7, s4, v5\n",
   };
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      struct aco_mblock *b = p->blocks.data[0];
      struct aco_minstr *in = add(p, b, aco_op_s_load_b32, 1, 1);
      in->definitions[0] = dsg(4, 1);
      in->operands[0] = os(0, 2);
      in = add(p, b, aco_op_ds_load_b32, 1, 1);
      in->definitions[0] = dv(5, 1);
      in->operands[0] = ov(1, 1);
      valu_use(p, b, 6, 5, 5);
      in = valu_use(p, b, 7, 0, 5);
      in->operands[0] = os(4, 1);
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, expected[l] ? expected[l] : expected[0]);
      aco_mprogram_destroy(p);
   }
}

static void
test_waits_in_order_ds(void **state)
{
   /* two LDS loads, no SMEM: in order on lgkmcnt / dscnt */
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      struct aco_mblock *b = p->blocks.data[0];
      struct aco_minstr *in = add(p, b, aco_op_ds_load_b32, 1, 1);
      in->definitions[0] = dv(5, 1);
      in->operands[0] = ov(1, 1);
      in = add(p, b, aco_op_ds_load_b32, 1, 1);
      in->definitions[0] = dv(6, 1);
      in->operands[0] = ov(1, 1);
      valu_use(p, b, 7, 5, 5);
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, l < 2 ? "BB0:\n"
                               "  ds_load_b32 v5, v1\n"
                               "  ds_load_b32 v6, v1\n"
                               "  s_waitcnt lgkmcnt(1)\n"
                               "  v_add_nc_u32 v7, v5, v5\n"
                             : "BB0:\n"
                               "  ds_load_b32 v5, v1\n"
                               "  ds_load_b32 v6, v1\n"
                               "  s_wait_dscnt 1\n"
                               "  v_add_nc_u32 v7, v5, v5\n");
      aco_mprogram_destroy(p);
   }
}

static void
test_waits_barrier(void **state)
{
   /* outstanding stores (global and LDS) are waited for before the barrier */
   static const char *expected[3] = {
      "BB0:\n"
      "  global_store_b32 v[10:11], v1\n"
      "  ds_store_b32 v2, v1\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  s_waitcnt_vscnt s125, 0\n"
      "  s_barrier\n",
      "BB0:\n"
      "  global_store_b32 v[10:11], v1\n"
      "  ds_store_b32 v2, v1\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  s_waitcnt_vscnt s124, 0\n"
      "  s_barrier\n",
      "BB0:\n"
      "  global_store_b32 v[10:11], v1\n"
      "  ds_store_b32 v2, v1\n"
      "  s_wait_storecnt 0\n"
      "  s_wait_dscnt 0\n"
      "  s_barrier_signal 0xffffffff\n"
      "  s_barrier_wait 65535\n",
   };
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      struct aco_mblock *b = p->blocks.data[0];
      struct aco_minstr *in = add(p, b, aco_op_global_store_b32, 0, 2);
      in->operands[0] = ov(10, 2);
      in->operands[1] = ov(1, 1);
      in = add(p, b, aco_op_ds_store_b32, 0, 2);
      in->operands[0] = ov(2, 1);
      in->operands[1] = ov(1, 1);
      if (levels[l] >= ACO_GFX1200) {
         in = add(p, b, aco_op_s_barrier_signal, 0, 1);
         in->operands[0] = oc(0xffffffff);
         add(p, b, aco_op_s_barrier_wait, 0, 0)->imm = 0xffff;
      } else {
         add(p, b, aco_op_s_barrier, 0, 0);
      }
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, expected[l]);
      aco_mprogram_destroy(p);
   }
}

/* A called function (docs/calls.md "Waits"): memory writes may be outstanding at its
 * entry and after its calls, so barriers there wait for them; a call and a return wait for
 * pending registers (the load into v5) but not for stores. */
static void
test_waits_calls(void **state)
{
   static const char *expected[3] = {
      "BB0:\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  s_waitcnt_vscnt s125, 0\n"
      "  s_barrier\n"
      "  global_store_b32 v[10:11], v1\n"
      "  s_swappc_b64 s[16:17], s[2:3]\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  s_waitcnt_vscnt s125, 0\n"
      "  s_barrier\n"
      "  global_store_b32 v[10:11], v1\n"
      "  global_load_b32 v5, v[10:11]\n"
      "  s_waitcnt vmcnt(0)\n"
      "  s_setpc_b64 s[16:17]\n",
      "BB0:\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  s_waitcnt_vscnt s124, 0\n"
      "  s_barrier\n"
      "  global_store_b32 v[10:11], v1\n"
      "  s_swappc_b64 s[16:17], s[2:3]\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  s_waitcnt_vscnt s124, 0\n"
      "  s_barrier\n"
      "  global_store_b32 v[10:11], v1\n"
      "  global_load_b32 v5, v[10:11]\n"
      "  s_waitcnt vmcnt(0)\n"
      "  s_setpc_b64 s[16:17]\n",
      "BB0:\n"
      "  s_wait_storecnt 0\n"
      "  s_wait_dscnt 0\n"
      "  s_barrier\n"
      "  global_store_b32 v[10:11], v1\n"
      "  s_swappc_b64 s[16:17], s[2:3]\n"
      "  s_wait_storecnt 0\n"
      "  s_wait_dscnt 0\n"
      "  s_barrier\n"
      "  global_store_b32 v[10:11], v1\n"
      "  global_load_b32 v5, v[10:11]\n"
      "  s_wait_loadcnt 0\n"
      "  s_setpc_b64 s[16:17]\n",
   };
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      p->is_entry = false;
      struct aco_mblock *b = p->blocks.data[0];
      for (unsigned k = 0; k < 2; k++) {
         add(p, b, aco_op_s_barrier, 0, 0);
         struct aco_minstr *in = add(p, b, aco_op_global_store_b32, 0, 2);
         in->operands[0] = ov(10, 2);
         in->operands[1] = ov(1, 1);
         if (k == 0) {
            in = add(p, b, aco_op_s_swappc_b64, 1, 1);
            in->definitions[0] = dsg(16, 2);
            in->operands[0] = os(2, 2);
         }
      }
      struct aco_minstr *in = add(p, b, aco_op_global_load_b32, 1, 1);
      in->definitions[0] = dv(5, 1);
      in->operands[0] = ov(10, 2);
      in = add(p, b, aco_op_s_setpc_b64, 0, 1);
      in->operands[0] = os(16, 2);
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, expected[l]);
      aco_mprogram_destroy(p);
   }
}

static void
test_waits_cfg(void **state)
{
   /* a load in one arm of a diamond, used after the join; a load at the end of a loop
    * body, used at the top of the header (needs the fixed point) */
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 6);
      edge(p, 0, 1);
      edge(p, 0, 2);
      edge(p, 1, 2);
      edge(p, 2, 3); /* loop header */
      edge(p, 3, 4);
      edge(p, 4, 3); /* back-edge */
      edge(p, 4, 5);
      global_load(p, p->blocks.data[0], 1, 10);
      global_load(p, p->blocks.data[1], 2, 10);
      valu_use(p, p->blocks.data[2], 20, 2, 2); /* v2 pending on one path, 0 after it */
      valu_use(p, p->blocks.data[3], 21, 3, 3); /* v3 loaded at the end of the body */
      valu_use(p, p->blocks.data[4], 22, 4, 4);
      global_load(p, p->blocks.data[4], 3, 10);
      valu_use(p, p->blocks.data[5], 23, 3, 3);
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      const char *w0 = l < 2 ? "  s_waitcnt vmcnt(0)\n" : "  s_wait_loadcnt 0\n";
      char want[2048];
      snprintf(want, sizeof(want),
               "BB0:\n"
               "  global_load_b32 v1, v[10:11]\n"
               "BB1:\n"
               "  global_load_b32 v2, v[10:11]\n"
               "BB2:\n"
               "%s"
               "  v_add_nc_u32 v20, v2, v2\n"
               "BB3:\n"
               "%s"
               "  v_add_nc_u32 v21, v3, v3\n"
               "BB4:\n"
               "  v_add_nc_u32 v22, v4, v4\n"
               "  global_load_b32 v3, v[10:11]\n"
               "BB5:\n"
               "%s"
               "  v_add_nc_u32 v23, v3, v3\n",
               w0, w0, w0);
      CHECK_PROGRAM(p, want);
      aco_mprogram_destroy(p);
   }
}

static void
test_waits_flat(void **state)
{
   /* FLAT counts on vmcnt and lgkmcnt (loadcnt and dscnt) and may return out of order */
   static const char *expected[3] = {
      "BB0:\n"
      "  flat_load_b32 v1, v[10:11]\n"
      "  global_load_b32 v2, v[10:11]\n"
      "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
      "  v_add_nc_u32 v3, v1, v1\n",
      NULL,
      "BB0:\n"
      "  flat_load_b32 v1, v[10:11]\n"
      "  global_load_b32 v2, v[10:11]\n"
      "  s_wait_loadcnt 0\n"
      "  s_wait_dscnt 0\n"
      "  v_add_nc_u32 v3, v1, v1\n",
   };
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      struct aco_mblock *b = p->blocks.data[0];
      struct aco_minstr *in = add(p, b, aco_op_flat_load_b32, 1, 1);
      in->definitions[0] = dv(1, 1);
      in->operands[0] = ov(10, 2);
      global_load(p, b, 2, 10);
      valu_use(p, b, 3, 1, 1);
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, expected[l] ? expected[l] : expected[0]);
      aco_mprogram_destroy(p);
   }
}

static void
test_waits_atomic_return(void **state)
{
   /* a returning global atomic counts as a load (vmcnt / loadcnt): its old value is
    * pending and a later load of the same counter completes after it; a non-returning
    * one counts as a store (vscnt / storecnt) and is waited for before the barrier; a
    * MUBUF atomic with glc (TH_ATOMIC_RETURN) returns too (the printed form shows
    * neither the flag nor the cache bits) */
   static const char *expected[3] = {
      "BB0:\n"
      "  global_atomic_add_u32 v1, v[10:11], v5\n"
      "  global_atomic_add_u32 v[10:11], v6\n"
      "  global_load_b32 v2, v[10:11]\n"
      "  buffer_atomic_add_u32 v7, v3, s[4:7], s8\n"
      "  s_waitcnt vmcnt(2)\n"
      "  v_add_nc_u32 v20, v1, v1\n"
      "  s_waitcnt vmcnt(0)\n"
      "  v_add_nc_u32 v21, v7, v7\n"
      "  s_waitcnt_vscnt s125, 0\n"
      "  s_barrier\n",
      "BB0:\n"
      "  global_atomic_add_u32 v1, v[10:11], v5\n"
      "  global_atomic_add_u32 v[10:11], v6\n"
      "  global_load_b32 v2, v[10:11]\n"
      "  buffer_atomic_add_u32 v7, v3, s[4:7], s8\n"
      "  s_waitcnt vmcnt(2)\n"
      "  v_add_nc_u32 v20, v1, v1\n"
      "  s_waitcnt vmcnt(0)\n"
      "  v_add_nc_u32 v21, v7, v7\n"
      "  s_waitcnt_vscnt s124, 0\n"
      "  s_barrier\n",
      "BB0:\n"
      "  global_atomic_add_u32 v1, v[10:11], v5\n"
      "  global_atomic_add_u32 v[10:11], v6\n"
      "  global_load_b32 v2, v[10:11]\n"
      "  buffer_atomic_add_u32 v7, v3, s[4:7], s8\n"
      "  s_wait_loadcnt 2\n"
      "  v_add_nc_u32 v20, v1, v1\n"
      "  s_wait_loadcnt 0\n"
      "  v_add_nc_u32 v21, v7, v7\n"
      "  s_wait_storecnt 0\n"
      "  s_barrier_signal 0xffffffff\n"
      "  s_barrier_wait 65535\n",
   };
   for (unsigned l = 0; l < 3; l++) {
      struct aco_mprogram *p = program(levels[l], 1);
      struct aco_mblock *b = p->blocks.data[0];
      bool g12 = levels[l] >= ACO_GFX1200;
      struct aco_minstr *in = add(p, b, aco_op_global_atomic_add_u32, 1, 2);
      in->encoding = ACO_ENC_MEM_RTN;
      in->definitions[0] = dv(1, 1);
      in->operands[0] = ov(10, 2);
      in->operands[1] = ov(5, 1);
      if (g12)
         in->mem.th = 1;
      else
         in->mem.glc = true;
      in = add(p, b, aco_op_global_atomic_add_u32, 0, 2);
      in->operands[0] = ov(10, 2);
      in->operands[1] = ov(6, 1);
      global_load(p, b, 2, 10);
      in = add(p, b, aco_op_buffer_atomic_add_u32, 1, 3); /* v7: the data and the result */
      in->definitions[0] = dv(7, 1);
      in->operands[0] = ov(3, 1);
      in->operands[1] = os(4, 4);
      in->operands[2] = os(8, 1);
      in->mem.offen = true;
      if (g12)
         in->mem.th = 1;
      else
         in->mem.glc = true;
      valu_use(p, b, 20, 1, 1); /* the first atomic's value: two events after it */
      valu_use(p, b, 21, 7, 7); /* the buffer atomic's value: the last event */
      if (g12) {
         in = add(p, b, aco_op_s_barrier_signal, 0, 1);
         in->operands[0] = oc(0xffffffff);
         add(p, b, aco_op_s_barrier_wait, 0, 0)->imm = 0xffff;
      } else {
         add(p, b, aco_op_s_barrier, 0, 0);
      }
      assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
      CHECK_PROGRAM(p, expected[l]);
      aco_mprogram_destroy(p);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ssa_diamond),
      cmocka_unit_test(test_ssa_loop),
      cmocka_unit_test(test_ssa_errors),
      cmocka_unit_test(test_hw_control_flow),
      cmocka_unit_test(test_hw_vectors),
      cmocka_unit_test(test_hw_wave64_lane_masks),
      cmocka_unit_test(test_hw_half_swap),
      cmocka_unit_test(test_hw_widen_half),
      cmocka_unit_test(test_waits_in_order),
      cmocka_unit_test(test_waits_smem_ds),
      cmocka_unit_test(test_waits_in_order_ds),
      cmocka_unit_test(test_waits_barrier),
      cmocka_unit_test(test_waits_calls),
      cmocka_unit_test(test_waits_cfg),
      cmocka_unit_test(test_waits_flat),
      cmocka_unit_test(test_waits_atomic_return),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
