/* SPDX-License-Identifier: MIT */
/* Instruction selection of subgroup reductions and scans (reduce, inclusive_scan,
 * exclusive_scan).
 *
 * A reduction or scan of a uniform integer needs no lane traffic: iand, ior, umin, umax,
 * smin and smax of one value in every active lane are that value (for inclusive scans
 * too), and iadd / ixor of up to 32 bits are x * n and x * (n & 1), n the number of active
 * lanes (s_bcnt1 of exec) or, for scans, of those below (and including) the lane
 * (v_mbcnt). Everything else becomes p_reduce / p_inclusive_scan / p_exclusive_scan
 * (docs/mir.md), expanded after register allocation by lower_reduce.c into whole-wave
 * DPP / permlane code.
 *
 * The pseudo instruction carries what the expansion needs and nothing it would have to
 * look up: the combination as the opcode of its 32-bit VALU form plus the type's width
 * (imm), the identity as a constant operand (the fadd identity depends on the function's
 * rounding mode), and its scratch registers as dead definitions. Those written in lanes
 * that are inactive here (the accumulator and the shifted copies) are linear VGPRs, which
 * the register allocator keeps apart from every ordinary VGPR; the saved exec, an SGPR
 * pair (permlane selects, v_readlane results) and vcc (64-bit carries and compares) are
 * plain SGPR definitions. The expansion writes SCC, so no boolean survives in it. */
#include "isel/isel.h"

struct combine_info {
   aco_op ir;
   enum aco_opcode op32; /* the 32-bit VALU opcode naming the combination */
   bool is_float;
};

static const struct combine_info combines[] = {
   {ACO_OP_IADD, aco_op_v_add_nc_u32, false}, {ACO_OP_IMUL, aco_op_v_mul_lo_u32, false},
   {ACO_OP_UMIN, aco_op_v_min_u32, false},    {ACO_OP_UMAX, aco_op_v_max_u32, false},
   {ACO_OP_SMIN, aco_op_v_min_i32, false},    {ACO_OP_SMAX, aco_op_v_max_i32, false},
   {ACO_OP_IAND, aco_op_v_and_b32, false},    {ACO_OP_IOR, aco_op_v_or_b32, false},
   {ACO_OP_IXOR, aco_op_v_xor_b32, false},    {ACO_OP_FADD, aco_op_v_add_f32, true},
   {ACO_OP_FMUL, aco_op_v_mul_f32, true},     {ACO_OP_FMIN, aco_op_v_min_f32, true},
   {ACO_OP_FMAX, aco_op_v_max_f32, true},
};

static const struct combine_info *
find_combine(aco_op op)
{
   for (unsigned i = 0; i < sizeof(combines) / sizeof(combines[0]); i++)
      if (combines[i].ir == op)
         return &combines[i];
   return NULL;
}

/* The identity of the combination. Integers narrower than 32 bits are combined as 32-bit
 * values (sign-extended for smin/smax, zero-extended for umin/umax), so their identity is
 * extended the same way: it stays an identity there and its low bits are the type's (lane 0
 * of an exclusive scan shows them). */
static uint64_t
identity(const struct isel_ctx *c, aco_op op, unsigned bits)
{
   uint64_t ones = bits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
   uint64_t sign = UINT64_C(1) << (bits - 1);
   uint64_t inf = bits == 16 ? 0x7c00 : bits == 32 ? 0x7f800000 : UINT64_C(0x7ff0000000000000);
   uint8_t round = bits == 32 ? c->f->float_mode.round32 : c->f->float_mode.round16_64;
   switch (op) {
   case ACO_OP_IMUL: return 1;
   case ACO_OP_UMIN:
   case ACO_OP_IAND: return ones;
   case ACO_OP_SMIN: return ones >> 1;
   case ACO_OP_SMAX: return bits < 32 ? (uint32_t)-(int64_t)sign : sign; /* INT_MIN, extended */
   case ACO_OP_FADD: return round == ACO_ROUND_TOWARD_NEGATIVE ? 0 : sign; /* -0.0, or +0.0 */
   case ACO_OP_FMUL:
      return bits == 16 ? 0x3c00 : bits == 32 ? 0x3f800000 : UINT64_C(0x3ff0000000000000);
   case ACO_OP_FMIN: return inf;
   case ACO_OP_FMAX: return inf | sign;
   default: return 0; /* iadd, umax, ior, ixor */
   }
}

/* reduce of a uniform integer without lane traffic; false when it needs the general path */
static bool
select_uniform_reduce(struct isel_ctx *c, const struct air_instr *in, unsigned bits)
{
   aco_op op = in->u.combine;
   aco_temp x = isel_temp(c, in->srcs[0]);
   switch (op) {
   case ACO_OP_IAND:
   case ACO_OP_IOR:
   case ACO_OP_UMIN:
   case ACO_OP_UMAX:
   case ACO_OP_SMIN:
   case ACO_OP_SMAX:
      c->temps[in->defs[0].id] = x;
      return true;
   case ACO_OP_IADD:
   case ACO_OP_IXOR:
      break;
   default:
      return false;
   }
   if (bits > 32)
      return false;
   bool w64 = c->lane_mask_dwords == 2;
   aco_temp n = isel_new(c, aco_rc_s(1));
   struct aco_minstr *cnt =
      isel_emit(c, w64 ? aco_op_s_bcnt1_i32_b64 : aco_op_s_bcnt1_i32_b32, 1, 1);
   cnt->operands[0] = aco_opnd_reg(aco_sgpr(ACO_REG_EXEC_LO), aco_rc_lane_mask(c->p->wave_size));
   cnt->definitions[0] = aco_def_temp(n);
   if (op == ACO_OP_IXOR) {
      aco_temp odd = isel_new(c, aco_rc_s(1));
      struct aco_minstr *and = isel_emit(c, aco_op_s_and_b32, 2, 1);
      and->operands[0] = aco_opnd_temp(n);
      and->operands[1] = aco_opnd_const(1, 32);
      and->definitions[0] = aco_def_temp(odd);
      n = odd;
   }
   aco_temp d = isel_new(c, aco_rc_s(1));
   struct aco_minstr *mul = isel_emit(c, aco_op_s_mul_i32, 2, 1);
   mul->operands[0] = aco_opnd_temp(x);
   mul->operands[1] = aco_opnd_temp(n);
   mul->definitions[0] = aco_def_temp(d);
   c->temps[in->defs[0].id] = d;
   return true;
}


/* inclusive_scan / exclusive_scan of a uniform integer without lane traffic; false when
 * it needs the general path */
static bool
select_uniform_scan(struct isel_ctx *c, const struct air_instr *in, unsigned bits)
{
   aco_op op = in->u.combine;
   bool inclusive = in->op == ACO_OP_INCLUSIVE_SCAN;
   bool idempotent = op == ACO_OP_IAND || op == ACO_OP_IOR || op == ACO_OP_UMIN ||
                     op == ACO_OP_UMAX || op == ACO_OP_SMIN || op == ACO_OP_SMAX;
   if (inclusive && idempotent) {
      c->temps[in->defs[0].id] = isel_as_vgpr(c, isel_temp(c, in->srcs[0]));
      return true;
   }
   if (op != ACO_OP_IADD || bits > 32)
      return false;
   /* the active lanes below this one, plus one for an inclusive scan */
   aco_operand lo = aco_opnd_reg(aco_sgpr(ACO_REG_EXEC_LO), aco_rc_s(1));
   aco_temp n = isel_valu2(c, aco_op_v_mbcnt_lo_u32_b32, lo, aco_opnd_const(inclusive, 32));
   if (c->lane_mask_dwords == 2)
      n = isel_valu2(c, aco_op_v_mbcnt_hi_u32_b32, aco_opnd_reg(aco_sgpr(ACO_REG_EXEC_HI), aco_rc_s(1)),
                aco_opnd_temp(n));
   c->temps[in->defs[0].id] =
      isel_valu2(c, aco_op_v_mul_lo_u32, aco_opnd_temp(isel_temp(c, in->srcs[0])), aco_opnd_temp(n));
   return true;
}

aco_status
isel_select_reduce(struct isel_ctx *c, const struct air_instr *in)
{
   if (in->op != ACO_OP_REDUCE && in->op != ACO_OP_INCLUSIVE_SCAN &&
       in->op != ACO_OP_EXCLUSIVE_SCAN)
      return isel_unsupported(c, in, aco_op_name(in->op));
   aco_type t = air_value(c->f, in->srcs[0])->type;
   const struct combine_info *ci = find_combine(in->u.combine);
   if (!ci || t.comps > 1 || t.bits < 8 || t.bits > 64 ||
       ci->is_float != (t.base == ACO_BASE_FLOAT) || (ci->is_float && t.bits == 8))
      return isel_unsupported(c, in, "this reduction or scan type");
   if (!isel_div(c, in->srcs[0]) && !ci->is_float &&
       (in->op == ACO_OP_REDUCE ? select_uniform_reduce(c, in, t.bits)
                                : select_uniform_scan(c, in, t.bits)))
      return c->p->status;

   unsigned dw = t.bits == 64 ? 2 : 1;
   enum aco_opcode op = in->op == ACO_OP_REDUCE           ? aco_op_p_reduce
                        : in->op == ACO_OP_INCLUSIVE_SCAN ? aco_op_p_inclusive_scan
                                                          : aco_op_p_exclusive_scan;
   aco_temp src = isel_temp(c, in->srcs[0]);
   aco_temp d = isel_new(c, isel_rc_of(c, in->defs[0]));
   aco_rc mask = aco_rc_lane_mask(c->p->wave_size);
   struct aco_minstr *r = isel_emit(c, op, 2, 7);
   r->imm = (uint32_t)ci->op32 | t.bits << 16;
   r->operands[0] = aco_opnd_temp(src);
   r->operands[1] = aco_opnd_const(identity(c, in->u.combine, t.bits), dw * 32);
   r->definitions[0] = aco_def_temp(d);
   for (unsigned i = 1; i <= 3; i++)
      r->definitions[i] = aco_def_temp(isel_new(c, aco_rc_lv(dw)));
   r->definitions[4] = aco_def_temp(isel_new(c, mask));
   r->definitions[5] = aco_def_temp(isel_new(c, aco_rc_s(2)));
   r->definitions[6] = aco_def_fixed(isel_new(c, mask), aco_sgpr(ACO_REG_VCC_LO));
   c->scc_bool.id = 0;
   c->temps[in->defs[0].id] = d;
   return c->p->status;
}
