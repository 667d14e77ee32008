/* SPDX-License-Identifier: MIT */
/* Lowering of subgroup reductions and scans (p_reduce, p_inclusive_scan,
 * p_exclusive_scan; shapes in docs/mir.md), after register allocation.
 *
 * The computation runs in whole-wave mode on the accumulator X, a linear VGPR:
 *    X = source (active lanes); save = exec, exec = all lanes (s_or_saveexec -1);
 *    X = identity where save has no bit (v_cndmask); ... ; exec = save; dst = result.
 * Integers narrower than 32 bits are combined as 32-bit values (extended with v_bfe for
 * the min/max operations, whose identities instruction selection extends alike);
 * 64-bit values in 32-bit halves (carries and compares through vcc).
 *
 * Steps inside a row of 16 lanes are one DPP16 instruction when the combination is a
 * 32-bit VOP2 opcode (X = X[ctrl] op X); otherwise a v_mov_b32 DPP into the scratch T and
 * the combination T op X (64-bit values, v_mul_lo_u32, 16-bit floats).
 *
 * The order of floating-point combinations is the front IR's (docs/ir-semantics.md), so
 * that fadd and fmul round exactly as the interpreter does:
 *  - reduce: a butterfly. Step s combines every lane with lane i ^ s (DPP row_xmask for
 *    s < 16, v_permlanex16 with identity selects for 16, v_permlane64 for 32). Each lane
 *    then holds the balanced tree of its group of 2s lanes in lane order (the operations
 *    are commutative). GFX10.3 in wave64 has no permlane64: the upper half's total comes
 *    through v_readlane of lane 32, broadcast to every lane.
 *  - fadd and fmul scans: Hillis-Steele (scan_ordered). Step d (1, 2, 4, ... < wave size)
 *    builds T[i] = X[i - d] in the lanes i >= d, then X = T op X with exec = lanes i >= d
 *    (lanes below keep X). T comes from DPP row_shr:d inside a row (a lane whose source is
 *    outside its row is not written, bound_ctrl off); those lanes take the previous row's
 *    values from v_permlanex16 with selects rotated by d (rows 1 and 3 from rows 0 and 2),
 *    and row 2 from row 1 through v_permlane64 of that result (GFX11+) or v_readlane /
 *    v_writelane per lane (GFX10.3).
 *  - the other scans, whose order does not matter (scan_any_order): a scan inside each
 *    row, then the totals of earlier rows added in (v_permlanex16 of lane 15, v_readlane
 *    of lane 31); about a third of the instructions.
 *  The exclusive scan first shifts X up by one lane as Hillis-Steele's step 1 does and
 *  puts the identity in lane 0.
 * All lanes are enabled while lanes are read across, so no read meets a disabled lane.
 * The expansion clobbers SCC (s_or_saveexec), vcc and the instruction's scratch
 * definitions, all of them dead after it. */
#include "lower/lower.h"

#include <string.h>

/* definitions of the pseudo instruction (select_reduce.c builds them) */
enum { DEF_DST, DEF_X, DEF_T, DEF_U, DEF_SAVE, DEF_STMP, DEF_VCC, NUM_DEFS };

struct rctx {
   struct aco_mprogram *p;
   struct aco_mbuilder b;
   const struct aco_minstr *in;
   int gfx_index;
   enum aco_opcode op32; /* the combination's 32-bit VALU opcode */
   unsigned bits, dw;    /* the type's width; dwords per value */
   uint64_t ident;
   unsigned x, t, u;     /* register fields of the linear temporaries */
   unsigned save, stmp;  /* SGPR fields */
   bool w64;
};

/* ---- operands and small emitters --------------------------------------------------------- */

static aco_operand
vreg(unsigned field)
{
   return aco_opnd_reg(aco_physreg_make(field, 0), aco_rc_v(1));
}

static aco_operand
sreg(unsigned field, unsigned dwords)
{
   return aco_opnd_reg(aco_physreg_make(field, 0), aco_rc_s(dwords));
}

static aco_definition
vdef(unsigned field)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_physreg_make(field, 0));
}

static aco_definition
sdef(unsigned field, unsigned dwords)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_s(dwords)), aco_physreg_make(field, 0));
}

static aco_operand
k32(uint64_t v)
{
   return aco_opnd_const((uint32_t)v, 32);
}

static aco_operand
none(void)
{
   return aco_opnd_const(0, 32);
}

static bool
has(const struct rctx *r, enum aco_opcode op)
{
   return aco_op_info(op)->opcode[r->gfx_index] >= 0;
}

/* The row of op's mnemonic that exists on the level (v_add_f64 is VOP3 before GFX12 and
 * VOP2 on it), or op itself. */
static enum aco_opcode
pick(const struct rctx *r, enum aco_opcode op)
{
   if (has(r, op))
      return op;
   for (unsigned alt = 0; alt < aco_num_opcodes; alt++)
      if (has(r, (enum aco_opcode)alt) &&
          !strcmp(aco_op_info((enum aco_opcode)alt)->name, aco_op_info(op)->name))
         return (enum aco_opcode)alt;
   return op;
}

static void
vop3(struct rctx *r, enum aco_opcode op, aco_definition d, aco_operand a, aco_operand b,
     aco_operand c)
{
   aco_mb_vop3(&r->b, pick(r, op), d, a, b, c, (struct aco_valu_fields){0});
}

static void
vmov(struct rctx *r, unsigned dst, aco_operand src)
{
   aco_mb_vop1(&r->b, aco_op_v_mov_b32, vdef(dst), src);
}

static void
vmov_dpp(struct rctx *r, unsigned dst, unsigned src, unsigned ctrl)
{
   struct aco_minstr *m = aco_mb_vop1(&r->b, aco_op_v_mov_b32, vdef(dst), vreg(src));
   if (!m)
      return;
   m->encoding = ACO_ENC_DPP16;
   m->valu.dpp_ctrl = (uint16_t)ctrl;
   m->valu.row_mask = 0xf;
   m->valu.bank_mask = 0xf;
}

static void
readlane(struct rctx *r, unsigned sdst, unsigned src, unsigned lane)
{
   vop3(r, aco_op_v_readlane_b32, sdef(sdst, 1), vreg(src), k32(lane), none());
}

static void
writelane(struct rctx *r, unsigned dst, unsigned ssrc, unsigned lane)
{
   vop3(r, aco_op_v_writelane_b32, vdef(dst), sreg(ssrc, 1), k32(lane), none());
}

/* exec = mask (lanes of the wave) */
static void
set_exec(struct rctx *r, uint64_t mask)
{
   if (!r->w64) {
      aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(ACO_REG_EXEC_LO, 1), k32(mask));
   } else if (mask == ~UINT64_C(0)) {
      aco_mb_sop1(&r->b, aco_op_s_mov_b64, sdef(ACO_REG_EXEC_LO, 2), aco_opnd_const(mask, 64));
   } else {
      aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(ACO_REG_EXEC_LO, 1), k32(mask));
      aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(ACO_REG_EXEC_HI, 1), k32(mask >> 32));
   }
}

static uint64_t
lanes_from(const struct rctx *r, unsigned first)
{
   uint64_t all = r->w64 ? ~UINT64_C(0) : 0xffffffffu;
   return first >= 64 ? 0 : (all << first) & all;
}

/* ---- the combination ----------------------------------------------------------------------- */

static bool
is_float(enum aco_opcode op)
{
   return op == aco_op_v_add_f32 || op == aco_op_v_mul_f32 || op == aco_op_v_min_f32 ||
          op == aco_op_v_max_f32;
}

/* The float opcode of the combination for the type's width. */
static enum aco_opcode
float_op(const struct rctx *r)
{
   static const enum aco_opcode tab[4][3] = {
      {aco_op_v_add_f32, aco_op_v_add_f16, aco_op_v_add_f64},
      {aco_op_v_mul_f32, aco_op_v_mul_f16, aco_op_v_mul_f64},
      {aco_op_v_min_f32, aco_op_v_min_f16, aco_op_v_min_f64},
      {aco_op_v_max_f32, aco_op_v_max_f16, aco_op_v_max_f64},
   };
   for (unsigned i = 0; i < 4; i++) {
      if (tab[i][0] != r->op32)
         continue;
      enum aco_opcode op = tab[i][r->bits == 16 ? 1 : r->bits == 64 ? 2 : 0];
      /* GFX12 renamed the 64-bit min/max (IEEE-754 2019 minimumNumber/maximumNumber) */
      if (op == aco_op_v_min_f64 && !has(r, op))
         return pick(r, aco_op_v_min_num_f64);
      if (op == aco_op_v_max_f64 && !has(r, op))
         return pick(r, aco_op_v_max_num_f64);
      return pick(r, op);
   }
   return r->op32;
}

/* X = a op X, a in the linear VGPR at field `a`, in the lanes exec enables. */
static void
combine(struct rctx *r, unsigned x, unsigned a)
{
   aco_definition vcc = r->in->definitions[DEF_VCC];
   if (is_float(r->op32)) {
      enum aco_opcode op = float_op(r);
      aco_rc rc = aco_rc_v(r->dw);
      vop3(r, op, aco_def_fixed(aco_temp_make(0, rc), aco_physreg_make(x, 0)),
           aco_opnd_reg(aco_physreg_make(a, 0), rc), aco_opnd_reg(aco_physreg_make(x, 0), rc),
           none());
      return;
   }
   if (r->dw == 1) {
      vop3(r, r->op32, vdef(x), vreg(a), vreg(x), none());
      return;
   }
   switch (r->op32) {
   case aco_op_v_add_nc_u32: {
      struct aco_minstr *lo =
         aco_mb_vop3(&r->b, aco_op_v_add_co_u32, vdef(x), vreg(a), vreg(x), none(),
                     (struct aco_valu_fields){0});
      if (lo && lo->num_definitions > 1)
         lo->definitions[1] = aco_def_fixed(vcc.temp, aco_sgpr(ACO_REG_VCC_LO));
      aco_mb_vop2(&r->b, aco_op_v_add_co_ci_u32, vdef(x + 1), vreg(a + 1), vreg(x + 1));
      return;
   }
   case aco_op_v_mul_lo_u32:
      /* hi = mul_hi(a0, x0) + a0 * x1 + a1 * x0 in U, then lo = a0 * x0 */
      vop3(r, aco_op_v_mul_hi_u32, vdef(r->u), vreg(a), vreg(x), none());
      vop3(r, aco_op_v_mul_lo_u32, vdef(r->u + 1), vreg(a), vreg(x + 1), none());
      vop3(r, aco_op_v_add_nc_u32, vdef(r->u), vreg(r->u), vreg(r->u + 1), none());
      vop3(r, aco_op_v_mul_lo_u32, vdef(r->u + 1), vreg(a + 1), vreg(x), none());
      vop3(r, aco_op_v_add_nc_u32, vdef(x + 1), vreg(r->u), vreg(r->u + 1), none());
      vop3(r, aco_op_v_mul_lo_u32, vdef(x), vreg(a), vreg(x), none());
      return;
   case aco_op_v_min_u32:
   case aco_op_v_max_u32:
   case aco_op_v_min_i32:
   case aco_op_v_max_i32: {
      bool sign = r->op32 == aco_op_v_min_i32 || r->op32 == aco_op_v_max_i32;
      bool min = r->op32 == aco_op_v_min_u32 || r->op32 == aco_op_v_min_i32;
      aco_rc rc2 = aco_rc_v(2);
      /* vcc = a < X; min keeps a there, max keeps X there */
      aco_mb_vop2(&r->b, sign ? aco_op_v_cmp_lt_i64 : aco_op_v_cmp_lt_u64, vcc,
                  aco_opnd_reg(aco_physreg_make(a, 0), rc2),
                  aco_opnd_reg(aco_physreg_make(x, 0), rc2));
      for (unsigned k = 0; k < 2; k++) {
         if (min)
            aco_mb_vop2(&r->b, aco_op_v_cndmask_b32, vdef(x + k), vreg(x + k), vreg(a + k));
         else
            aco_mb_vop2(&r->b, aco_op_v_cndmask_b32, vdef(x + k), vreg(a + k), vreg(x + k));
      }
      return;
   }
   default: /* and, or, xor */
      for (unsigned k = 0; k < 2; k++)
         vop3(r, r->op32, vdef(x + k), vreg(a + k), vreg(x + k), none());
      return;
   }
}

/* X = X[ctrl] op X in one DPP16 instruction when the combination is a 32-bit VOP2 opcode
 * with a DPP form: a lane whose DPP source lies outside its row is not written (bound_ctrl
 * off), just what the steps inside a row need. */
static bool
combine_dpp(struct rctx *r, unsigned x, unsigned ctrl)
{
   if (r->dw != 1 || (is_float(r->op32) && r->bits == 16))
      return false;
   enum aco_opcode op = is_float(r->op32) ? float_op(r) : pick(r, r->op32);
   const struct aco_op_info *info = aco_op_info(op);
   if (info->format != ACO_FMT_VOP2 || !(info->flags & ACO_OPF_DPP))
      return false;
   struct aco_minstr *m = aco_mb_vop2(&r->b, op, vdef(x), vreg(x), vreg(x));
   if (m) {
      m->encoding = ACO_ENC_DPP16;
      m->valu.dpp_ctrl = (uint16_t)ctrl;
      m->valu.row_mask = 0xf;
      m->valu.bank_mask = 0xf;
   }
   return true;
}

/* ---- moving values between lanes ------------------------------------------------------------ */

/* T[i] = X[i ^ s] in every lane (all lanes enabled), for s < 32; s = 32 only with
 * v_permlane64. */
static void
butterfly(struct rctx *r, unsigned t, unsigned x, unsigned s)
{
   for (unsigned k = 0; k < r->dw; k++) {
      if (s < 16)
         vmov_dpp(r, t + k, x + k, 0x160 | s); /* row_xmask:s */
      else if (s == 16)
         vop3(r, aco_op_v_permlanex16_b32, vdef(t + k), vreg(x + k), sreg(r->stmp, 1),
              sreg(r->stmp + 1, 1));
      else
         aco_mb_vop1(&r->b, aco_op_v_permlane64_b32, vdef(t + k), vreg(x + k));
   }
}

/* Lane selects of v_permlanex16: lane j of a row reads lane (j - d) mod 16 of the other. */
static void
rotated_selects(struct rctx *r, unsigned d)
{
   uint64_t sel = 0;
   for (unsigned j = 0; j < 16; j++)
      sel |= (uint64_t)((j - d) & 15) << (4 * j);
   aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(r->stmp, 1), k32(sel));
   aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(r->stmp + 1, 1), k32(sel >> 32));
}

/* T[i] = X[i - d] in every lane i >= d, with all lanes enabled (lanes below d get
 * anything). */
static void
shift_up(struct rctx *r, unsigned t, unsigned x, unsigned d)
{
   bool pl64 = has(r, aco_op_v_permlane64_b32);
   if (d <= 16) {
      /* rows 1 and 3 (and row 2 from row 0 below): lanes j < d come from the previous row */
      rotated_selects(r, d);
      for (unsigned k = 0; k < r->dw; k++)
         vop3(r, aco_op_v_permlanex16_b32, vdef(t + k), vreg(x + k), sreg(r->stmp, 1),
              sreg(r->stmp + 1, 1));
   }
   if (r->w64 && pl64) {
      /* row 2 (d <= 16): T's row 0 holds row 1's values as row 2 needs them; d = 32: the
       * lower half */
      unsigned from = d == 32 ? x : t;
      for (unsigned k = 0; k < r->dw; k++)
         aco_mb_vop1(&r->b, aco_op_v_permlane64_b32, vdef((d == 32 ? t : r->u) + k),
                     vreg(from + k));
      if (d < 32) {
         set_exec(r, ((UINT64_C(1) << d) - 1) << 32);
         for (unsigned k = 0; k < r->dw; k++)
            vmov(r, t + k, vreg(r->u + k));
         set_exec(r, ~UINT64_C(0));
      }
   } else if (r->w64) {
      for (unsigned lane = 32; lane < 32 + d && lane < 64; lane++) {
         for (unsigned k = 0; k < r->dw; k++) {
            readlane(r, r->stmp, x + k, lane - d);
            writelane(r, t + k, r->stmp, lane);
         }
      }
   }
   if (d < 16) {
      for (unsigned k = 0; k < r->dw; k++)
         vmov_dpp(r, t + k, x + k, 0x110 | d); /* row_shr:d */
   }
}

/* ---- the three operations ---------------------------------------------------------------- */

/* X = reduction of X over the wave, in lane 0 (and, with permlane64 or in wave32, in every
 * lane). */
static void
reduce(struct rctx *r)
{
   for (unsigned s = 1; s < 16; s *= 2) {
      if (combine_dpp(r, r->x, 0x160 | s)) /* row_xmask:s */
         continue;
      butterfly(r, r->t, r->x, s);
      combine(r, r->x, r->t);
   }
   aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(r->stmp, 1), k32(0x76543210));
   aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(r->stmp + 1, 1), k32(0xfedcba98));
   butterfly(r, r->t, r->x, 16);
   combine(r, r->x, r->t);
   if (!r->w64)
      return;
   if (has(r, aco_op_v_permlane64_b32)) {
      butterfly(r, r->t, r->x, 32);
   } else {
      for (unsigned k = 0; k < r->dw; k++)
         readlane(r, r->stmp + k, r->x + k, 32);
      for (unsigned k = 0; k < r->dw; k++)
         vmov(r, r->t + k, sreg(r->stmp + k, 1));
   }
   combine(r, r->x, r->t);
}

/* Hillis-Steele steps on x (t: scratch), in the interpreter's order. */
static void
scan_ordered(struct rctx *r, unsigned x, unsigned t)
{
   for (unsigned d = 1; d < r->p->wave_size; d *= 2) {
      shift_up(r, t, x, d);
      set_exec(r, lanes_from(r, d));
      combine(r, x, t);
      set_exec(r, ~UINT64_C(0));
   }
}

/* An inclusive scan in any order, for the associative and commutative combinations that
 * round nowhere (all but fadd and fmul): a scan inside each row of 16 lanes (DPP row_shr,
 * exec = the lanes whose source is in the row), then rows 1 and 3 combined with the
 * totals of rows 0 and 2 (v_permlanex16 selecting lane 15), then the upper half of a
 * wave64 with the lower half's total (v_readlane of lane 31). */
static void
scan_any_order(struct rctx *r, unsigned x, unsigned t)
{
   for (unsigned d = 1; d < 16; d *= 2) {
      if (combine_dpp(r, x, 0x110 | d)) /* row_shr:d */
         continue;
      for (unsigned k = 0; k < r->dw; k++)
         vmov_dpp(r, t + k, x + k, 0x110 | d); /* row_shr:d */
      uint64_t row = (0xffffu << d) & 0xffffu;
      set_exec(r, (row | row << 16 | row << 32 | row << 48) & lanes_from(r, 0));
      combine(r, x, t);
      set_exec(r, ~UINT64_C(0));
   }
   aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(r->stmp, 1), k32(0xffffffff));
   aco_mb_sop1(&r->b, aco_op_s_mov_b32, sdef(r->stmp + 1, 1), k32(0xffffffff));
   for (unsigned k = 0; k < r->dw; k++)
      vop3(r, aco_op_v_permlanex16_b32, vdef(t + k), vreg(x + k), sreg(r->stmp, 1),
           sreg(r->stmp + 1, 1));
   set_exec(r, UINT64_C(0xffff0000ffff0000) & lanes_from(r, 0));
   combine(r, x, t);
   set_exec(r, ~UINT64_C(0));
   if (!r->w64)
      return;
   for (unsigned k = 0; k < r->dw; k++)
      readlane(r, r->stmp + k, x + k, 31);
   for (unsigned k = 0; k < r->dw; k++)
      vmov(r, t + k, sreg(r->stmp + k, 1));
   set_exec(r, UINT64_C(0xffffffff00000000));
   combine(r, x, t);
   set_exec(r, ~UINT64_C(0));
}

/* The scan into the register returned (X or T). */
static unsigned
scan(struct rctx *r, bool exclusive)
{
   unsigned x = r->x, t = r->t;
   if (exclusive) {
      shift_up(r, t, x, 1);
      set_exec(r, 1);
      for (unsigned k = 0; k < r->dw; k++)
         vmov(r, t + k, k32(r->ident >> (32 * k)));
      set_exec(r, ~UINT64_C(0));
      x = r->t, t = r->x;
   }
   if (r->op32 == aco_op_v_add_f32 || r->op32 == aco_op_v_mul_f32)
      scan_ordered(r, x, t);
   else
      scan_any_order(r, x, t);
   return x;
}

/* X = the source in active lanes, the identity in the others; exec = all lanes. */
static void
prepare(struct rctx *r)
{
   const aco_operand *src = &r->in->operands[0];
   bool ext = r->bits < 32 && (r->op32 == aco_op_v_min_u32 || r->op32 == aco_op_v_max_u32 ||
                               r->op32 == aco_op_v_min_i32 || r->op32 == aco_op_v_max_i32);
   bool sign = r->op32 == aco_op_v_min_i32 || r->op32 == aco_op_v_max_i32;
   /* a VGPR source is read by the v_cndmask itself; an SGPR one is copied before
    * s_or_saveexec, whose saved mask may take its register */
   bool direct = !ext && aco_operand_has_reg(src) && aco_physreg_is_vgpr(src->reg);
   for (unsigned k = 0; k < r->dw && !direct; k++) {
      aco_operand s;
      if (src->kind == ACO_OPND_CONST)
         s = k32(src->value >> (32 * k));
      else if (src->kind == ACO_OPND_UNDEF)
         s = none();
      else
         s = aco_opnd_reg(aco_physreg_make(aco_physreg_field(src->reg) + k, 0),
                          aco_physreg_is_vgpr(src->reg) ? aco_rc_v(1) : aco_rc_s(1));
      if (ext)
         vop3(r, sign ? aco_op_v_bfe_i32 : aco_op_v_bfe_u32, vdef(r->x + k), s, k32(0),
              k32(r->bits));
      else
         vmov(r, r->x + k, s);
   }
   unsigned mdw = r->w64 ? 2 : 1;
   aco_mb_sop1(&r->b, r->w64 ? aco_op_s_or_saveexec_b64 : aco_op_s_or_saveexec_b32,
               sdef(r->save, mdw), aco_opnd_const(~UINT64_C(0), r->w64 ? 64 : 32));
   unsigned from = direct ? aco_physreg_field(src->reg) : r->x;
   for (unsigned k = 0; k < r->dw; k++)
      vop3(r, aco_op_v_cndmask_b32, vdef(r->x + k), k32(r->ident >> (32 * k)), vreg(from + k),
           sreg(r->save, mdw));
}

/* exec = saved exec; dst = the result in X's register `res`. */
static void
finish(struct rctx *r, unsigned res)
{
   const aco_definition *dst = &r->in->definitions[DEF_DST];
   unsigned mdw = r->w64 ? 2 : 1;
   unsigned f = aco_physreg_field(dst->reg);
   aco_mb_sop1(&r->b, r->w64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32,
               sdef(ACO_REG_EXEC_LO, mdw), sreg(r->save, mdw));
   bool vgpr = aco_physreg_is_vgpr(dst->reg);
   if (r->in->opcode != aco_op_p_reduce) {
      for (unsigned k = 0; k < r->dw; k++)
         vmov(r, f + k, vreg(res + k));
      return;
   }
   /* the total is in lane 0 */
   for (unsigned k = 0; k < r->dw; k++)
      readlane(r, vgpr ? r->stmp + k : f + k, res + k, 0);
   for (unsigned k = 0; vgpr && k < r->dw; k++)
      vmov(r, f + k, sreg(r->stmp + k, 1));
}

static bool
well_formed(const struct aco_minstr *in, unsigned dw, unsigned mask_dw)
{
   if (in->num_definitions != NUM_DEFS || in->num_operands != 2 ||
       in->operands[1].kind != ACO_OPND_CONST)
      return false;
   for (unsigned i = 0; i < NUM_DEFS; i++)
      if (!in->definitions[i].fixed || aco_physreg_byte(in->definitions[i].reg))
         return false;
   /* a scan's result differs per lane */
   if (in->opcode != aco_op_p_reduce && !aco_physreg_is_vgpr(in->definitions[DEF_DST].reg))
      return false;
   if ((in->operands[0].kind == ACO_OPND_TEMP || in->operands[0].kind == ACO_OPND_REG) &&
       (!in->operands[0].fixed || aco_physreg_byte(in->operands[0].reg)))
      return false;
   for (unsigned i = DEF_X; i <= DEF_U; i++)
      if (!aco_physreg_is_vgpr(in->definitions[i].reg) ||
          aco_rc_dwords(in->definitions[i].temp.rc) < dw)
         return false;
   return !aco_physreg_is_vgpr(in->definitions[DEF_SAVE].reg) &&
          aco_rc_dwords(in->definitions[DEF_SAVE].temp.rc) >= mask_dw &&
          !aco_physreg_is_vgpr(in->definitions[DEF_STMP].reg) &&
          aco_rc_dwords(in->definitions[DEF_STMP].temp.rc) >= 2 &&
          aco_physreg_field(in->definitions[DEF_VCC].reg) == ACO_REG_VCC_LO &&
          aco_rc_dwords(in->definitions[DEF_DST].temp.rc) >= dw;
}

aco_status
aco_lower_reduce(struct aco_mprogram *p, aco_instr_list *out, const struct aco_minstr *in)
{
   struct rctx r = {.p = p, .in = in, .gfx_index = aco_gfx_index(p->gfx_level)};
   r.op32 = (enum aco_opcode)(in->imm & 0xffff);
   r.bits = in->imm >> 16;
   r.dw = r.bits == 64 ? 2 : 1;
   r.w64 = p->wave_size == 64;
   if ((r.bits != 8 && r.bits != 16 && r.bits != 32 && r.bits != 64) ||
       r.op32 >= aco_num_opcodes || r.gfx_index < 0 || !well_formed(in, r.dw, r.w64 ? 2 : 1))
      return aco_mprogram_error(p, ACO_ERROR_INVALID_IR, "lower_to_hw: malformed %s",
                                aco_op_info(in->opcode)->name);
   r.ident = in->operands[1].value;
   r.x = aco_physreg_field(in->definitions[DEF_X].reg);
   r.t = aco_physreg_field(in->definitions[DEF_T].reg);
   r.u = aco_physreg_field(in->definitions[DEF_U].reg);
   r.save = aco_physreg_field(in->definitions[DEF_SAVE].reg);
   r.stmp = aco_physreg_field(in->definitions[DEF_STMP].reg);
   aco_mb_at_list(&r.b, p, out);

   prepare(&r);
   unsigned res = r.x;
   if (in->opcode == aco_op_p_reduce)
      reduce(&r);
   else
      res = scan(&r, in->opcode == aco_op_p_exclusive_scan);
   finish(&r, res);
   return p->status;
}
