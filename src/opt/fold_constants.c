/* SPDX-License-Identifier: MIT */
/* Constant folding and integer identities of one instruction: a 32-bit integer ALU
 * operation whose result its operands decide (both constants; x - x, x ^ x = 0; x & x,
 * x | x, min/max(x, x) = x; x + 0, x | 0, x ^ 0, x & -1, x * 1, x << 0 = x; x & 0, x * 0
 * = 0; x | -1 = -1; a select between equal values) becomes a p_parallelcopy of that
 * result, which copy propagation then forwards. Only bit-exact integer rules: float
 * operations flush denormals and quiet NaNs (docs/ir-semantics.md), so fmin(x, x) is
 * not x. An SALU instruction is rewritten only when the scc it writes is dead, and only
 * instructions without modifiers, with one unfixed 32-bit definition. A multiply by a
 * power of two becomes a shift (strength_reduce_mul). */
#include "opt/opt.h"

#include <string.h>

enum fold_kind {
   F_NONE,
   F_ADD, F_SUB, F_SUBREV, F_AND, F_OR, F_XOR, F_MUL,
   F_SHL, F_SHR, F_ASHR,          /* value in a, shift amount in b (SALU) */
   F_SHLREV, F_SHRREV, F_ASHRREV, /* amount in a (VALU "rev" forms) */
   F_MINU, F_MAXU, F_MINI, F_MAXI,
   F_SELECT,                      /* a or b by a condition: only equal operands fold */
};

/* The fold kind of each opcode (F_NONE = 0 for the rest): a table, as every instruction
 * of the program is looked up, twice per copy propagation. */
static const uint8_t fold_kinds[aco_num_opcodes] = {
   [aco_op_v_add_nc_u32] = F_ADD, [aco_op_s_add_u32] = F_ADD, [aco_op_s_add_i32] = F_ADD,
   [aco_op_v_sub_nc_u32] = F_SUB, [aco_op_s_sub_u32] = F_SUB, [aco_op_s_sub_i32] = F_SUB,
   [aco_op_v_subrev_nc_u32] = F_SUBREV,
   [aco_op_v_and_b32] = F_AND, [aco_op_s_and_b32] = F_AND,
   [aco_op_v_or_b32] = F_OR, [aco_op_s_or_b32] = F_OR,
   [aco_op_v_xor_b32] = F_XOR, [aco_op_s_xor_b32] = F_XOR,
   [aco_op_v_mul_lo_u32] = F_MUL, [aco_op_s_mul_i32] = F_MUL,
   [aco_op_s_lshl_b32] = F_SHL,
   [aco_op_s_lshr_b32] = F_SHR,
   [aco_op_s_ashr_i32] = F_ASHR,
   [aco_op_v_lshlrev_b32] = F_SHLREV,
   [aco_op_v_lshrrev_b32] = F_SHRREV,
   [aco_op_v_ashrrev_i32] = F_ASHRREV,
   [aco_op_v_min_u32] = F_MINU, [aco_op_s_min_u32] = F_MINU,
   [aco_op_v_max_u32] = F_MAXU, [aco_op_s_max_u32] = F_MAXU,
   [aco_op_v_min_i32] = F_MINI, [aco_op_s_min_i32] = F_MINI,
   [aco_op_v_max_i32] = F_MAXI, [aco_op_s_max_i32] = F_MAXI,
   [aco_op_v_cndmask_b32] = F_SELECT, [aco_op_s_cselect_b32] = F_SELECT,
};

static enum fold_kind
kind_of(enum aco_opcode op)
{
   return (unsigned)op < aco_num_opcodes ? (enum fold_kind)fold_kinds[op] : F_NONE;
}

static uint32_t
evaluate(enum fold_kind k, uint32_t a, uint32_t b)
{
   switch (k) {
   case F_ADD: return a + b;
   case F_SUB: return a - b;
   case F_SUBREV: return b - a;
   case F_AND: return a & b;
   case F_OR: return a | b;
   case F_XOR: return a ^ b;
   case F_MUL: return a * b;
   case F_SHL: return a << (b & 31);
   case F_SHR: return a >> (b & 31);
   case F_ASHR: return (uint32_t)((int32_t)a >> (b & 31));
   case F_SHLREV: return b << (a & 31);
   case F_SHRREV: return b >> (a & 31);
   case F_ASHRREV: return (uint32_t)((int32_t)b >> (a & 31));
   case F_MINU: return a < b ? a : b;
   case F_MAXU: return a > b ? a : b;
   case F_MINI: return (int32_t)a < (int32_t)b ? a : b;
   case F_MAXI: return (int32_t)a > (int32_t)b ? a : b;
   default: return 0;
   }
}

static bool
is_const(const aco_operand *o, uint32_t v)
{
   return o->kind == ACO_OPND_CONST && (uint32_t)o->value == v;
}

static bool
same_temp(const aco_operand *a, const aco_operand *b)
{
   return a->kind == ACO_OPND_TEMP && b->kind == ACO_OPND_TEMP && a->temp.id == b->temp.id;
}

/* The result when the operands decide it: *out is a constant or one of the operands. */
static bool
decide(enum fold_kind k, const aco_operand *a, const aco_operand *b, aco_operand *out)
{
   if (k != F_SELECT && a->kind == ACO_OPND_CONST && b->kind == ACO_OPND_CONST) {
      *out = aco_opnd_const(evaluate(k, (uint32_t)a->value, (uint32_t)b->value), 32);
      return true;
   }
   bool same = same_temp(a, b);
   switch (k) {
   case F_SUB: case F_XOR:
      if (same)
         return *out = aco_opnd_const(0, 32), true;
      if (is_const(b, 0))
         return *out = *a, true;
      return k == F_XOR && is_const(a, 0) && (*out = *b, true);
   case F_SUBREV:
      if (same)
         return *out = aco_opnd_const(0, 32), true;
      return is_const(a, 0) && (*out = *b, true);
   case F_ADD: case F_OR:
      if ((same && k == F_OR) || is_const(b, 0))
         return *out = *a, true;
      if (is_const(a, 0))
         return *out = *b, true;
      if (k == F_OR && (is_const(a, ~0u) || is_const(b, ~0u)))
         return *out = aco_opnd_const(~0u, 32), true;
      return false;
   case F_AND:
      if (same || is_const(b, ~0u))
         return *out = *a, true;
      if (is_const(a, ~0u))
         return *out = *b, true;
      if (is_const(a, 0) || is_const(b, 0))
         return *out = aco_opnd_const(0, 32), true;
      return false;
   case F_MUL:
      if (is_const(b, 1))
         return *out = *a, true;
      if (is_const(a, 1))
         return *out = *b, true;
      if (is_const(a, 0) || is_const(b, 0))
         return *out = aco_opnd_const(0, 32), true;
      return false;
   case F_SHL: case F_SHR: case F_ASHR:
      return is_const(b, 0) && (*out = *a, true);
   case F_SHLREV: case F_SHRREV: case F_ASHRREV:
      return is_const(a, 0) && (*out = *b, true);
   case F_MINU: case F_MAXU: case F_MINI: case F_MAXI: case F_SELECT:
      return same && (*out = *a, true);
   default:
      return false;
   }
}

static bool
plain_form(const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (aco_format_is_salu(info->format))
      return true;
   if (in->encoding != ACO_ENC_NATIVE && in->encoding != ACO_ENC_E64)
      return false;
   const struct aco_valu_fields *v = &in->valu;
   return !v->neg && !v->abs && !v->opsel && !v->clamp && !v->omod;
}

static bool
whole_dword(const aco_operand *o)
{
   if (o->kind == ACO_OPND_CONST)
      return o->bits == 32 || o->bits == 0;
   return o->kind == ACO_OPND_TEMP && !o->fixed && aco_rc_dwords(o->temp.rc) == 1 &&
          !aco_rc_is_subdword(o->temp.rc) && !(o->temp.rc.v & ACO_RC_LINEAR);
}

/* log2 of a power of two from 2 to 2^31, else -1 */
static int
power_of_two(const aco_operand *o)
{
   if (o->kind != ACO_OPND_CONST)
      return -1;
   uint32_t v = (uint32_t)o->value;
   return v > 1 && !(v & (v - 1)) ? __builtin_ctz(v) : -1;
}

/* x * 2^k as x << k: v_mul_lo_u32 is a quarter-rate instruction, v_lshlrev_b32 a
 * full-rate one that aco_opt_combine_alu can merge into v_lshl_add_u32/v_lshl_or_b32; the
 * low 32 bits of both are the same. s_lshl_b32 writes scc where s_mul_i32 does not, so the
 * scalar form needs scc dead. */
static bool
strength_reduce_mul(struct aco_minstr *in, bool scc_dead)
{
   aco_operand *a = &in->operands[0], *b = &in->operands[1];
   int k = power_of_two(b);
   aco_operand x = *a;
   if (k < 0) {
      k = power_of_two(a);
      x = *b;
   }
   if (k < 0 || x.kind != ACO_OPND_TEMP)
      return false;
   if (in->opcode == aco_op_v_mul_lo_u32) {
      in->opcode = aco_op_v_lshlrev_b32;
      in->encoding = ACO_ENC_E64;
      in->operands[0] = aco_opnd_const((uint32_t)k, 32);
      in->operands[1] = x;
      return true;
   }
   if (in->opcode == aco_op_s_mul_i32 && scc_dead) {
      in->opcode = aco_op_s_lshl_b32;
      in->operands[0] = x;
      in->operands[1] = aco_opnd_const((uint32_t)k, 32);
      return true;
   }
   return false;
}

bool
aco_opt_fold_instr(struct aco_minstr *in, bool scc_dead)
{
   enum fold_kind k = kind_of((enum aco_opcode)in->opcode);
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (k == F_NONE || in->num_definitions != 1 || in->num_operands < 2 || !plain_form(in))
      return false;
   const aco_definition *d = &in->definitions[0];
   if (d->fixed || aco_rc_dwords(d->temp.rc) != 1 || aco_rc_is_subdword(d->temp.rc) ||
       (d->temp.rc.v & ACO_RC_LINEAR))
      return false;
   if ((info->flags & ACO_OPF_WRITE_SCC) && !scc_dead)
      return false;
   const aco_operand *a = &in->operands[0], *b = &in->operands[1];
   aco_operand out;
   if (!whole_dword(a) || !whole_dword(b))
      return false;
   if (!decide(k, a, b, &out))
      return k == F_MUL && in->num_operands == 2 && strength_reduce_mul(in, scc_dead);
   /* a VGPR value never becomes a scalar copy (that would need v_readfirstlane) */
   if (out.kind == ACO_OPND_TEMP && aco_rc_is_vgpr(out.temp.rc) && !aco_rc_is_vgpr(d->temp.rc))
      return false;
   if (out.kind == ACO_OPND_CONST)
      out = aco_opnd_const((uint32_t)out.value, 32);
   else
      out = aco_opnd_temp(out.temp);
   in->opcode = aco_op_p_parallelcopy;
   in->encoding = ACO_ENC_NATIVE;
   memset(&in->valu, 0, sizeof(in->valu));
   in->num_operands = 1;
   in->operands[0] = out;
   return true;
}

bool
aco_opt_fold_needs_scc(const struct aco_minstr *in)
{
   /* s_mul_i32 by a power of two becomes s_lshl_b32, which writes scc */
   return kind_of((enum aco_opcode)in->opcode) != F_NONE &&
          ((aco_op_info(in->opcode)->flags & ACO_OPF_WRITE_SCC) ||
           in->opcode == aco_op_s_mul_i32);
}

bool
aco_opt_reads_scc(const struct aco_minstr *in)
{
   if (aco_op_info(in->opcode)->flags & ACO_OPF_READ_SCC)
      return true;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      if (o->kind != ACO_OPND_CONST && o->fixed && aco_physreg_field(o->reg) == ACO_REG_SCC)
         return true;
   }
   return false;
}

bool
aco_opt_writes_scc(const struct aco_minstr *in)
{
   if (aco_op_info(in->opcode)->flags & ACO_OPF_WRITE_SCC)
      return true;
   for (unsigned k = 0; k < in->num_definitions; k++) {
      if (in->definitions[k].fixed && aco_physreg_field(in->definitions[k].reg) == ACO_REG_SCC)
         return true;
   }
   return false;
}

/* The block reads the scc it starts with, or passes it on. */
bool
aco_opt_scc_live_in(const struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      if (aco_opt_reads_scc(b->instrs.data[i]))
         return true;
      if (aco_opt_writes_scc(b->instrs.data[i]))
         return false;
   }
   return true;
}

bool
aco_opt_scc_live_out(const struct aco_mprogram *p, const struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->linear_succs.len; i++) {
      uint32_t s = b->linear_succs.data[i];
      if (s >= p->blocks.len || aco_opt_scc_live_in(p->blocks.data[s]))
         return true;
   }
   return false;
}

bool
aco_opt_scc_dead_after(const struct aco_mprogram *p, const struct aco_mblock *b, uint32_t i)
{
   for (uint32_t k = i + 1; k < b->instrs.len; k++) {
      if (aco_opt_reads_scc(b->instrs.data[k]))
         return false;
      if (aco_opt_writes_scc(b->instrs.data[k]))
         return true;
   }
   return !aco_opt_scc_live_out(p, b);
}
