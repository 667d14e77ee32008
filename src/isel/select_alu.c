/* SPDX-License-Identifier: MIT */
/* Instruction selection of ALU operations: integer and float arithmetic in 8, 16, 32 and
 * 64 bits, comparisons, selects, conversions and vectors.
 *
 * Uniform integers use SALU; uniform floats use SALU float opcodes where the target has
 * them, else VALU on the SGPR operands followed by p_as_uniform. 8- and 16-bit values
 * sit in a whole register with undefined upper bits: operations whose low bits depend
 * only on the low bits of the inputs (add, mul, logic, left shift) run at 32 bits, the
 * others extend their inputs first (or use the 16-bit VALU opcodes, which read only the
 * low halves). 64-bit integer operations without a 64-bit opcode are split into 32-bit
 * halves with carries; 64-bit division and mul_hi are branch-free VALU expansions (a
 * float reciprocal refined by Newton-Raphson steps in integer arithmetic), uniform ones
 * read back with p_as_uniform. Conversions the hardware lacks (64-bit integers <-> floats,
 * f64 -> f16, 32-bit integers -> f16) are built so that they round once, in the
 * function's mode. The f32 transcendental unit flushes denormals whatever the mode:
 * approximate operations scale such inputs and results around it (approx_f32). Vectors
 * of 8- or 16-bit components keep one component per register; bitcasts pack and unpack
 * them. VALU instructions are emitted in their VOP3 form and
 * keep to the constant-bus limit (two SGPRs or literals, one for 64-bit shifts on
 * GFX10.3) by copying extra scalar operands to VGPRs. */
#include "isel/isel.h"

#include <string.h>

typedef enum aco_opcode op_t;
#define NONE aco_op_p_startpgm

static aco_type
type_of(const struct isel_ctx *c, aco_value v)
{
   return air_value(c->f, v)->type;
}

static bool
is_scalar_opnd(aco_operand o)
{
   return (o.kind == ACO_OPND_TEMP && !aco_rc_is_vgpr(o.temp.rc)) ||
          (o.kind == ACO_OPND_CONST && aco_inline_constant(o.value, o.bits == 64 ? 64 : 32, o.is_float) < 0);
}

/* Keeps a VALU instruction's operands within the constant bus (two SGPRs or literals on
 * GFX10.3+, one for 64-bit shifts on GFX10.3; one literal value): the operands from
 * `movable` on (lane masks) must stay SGPRs, so they are counted first, and the leading
 * ones that do not fit are copied to VGPRs. */
static void
fix_constant_bus(struct isel_ctx *c, op_t op, unsigned n, aco_operand *ops, unsigned movable)
{
   unsigned limit = 2;
   if (c->p->gfx_level < ACO_GFX1100 &&
       (op == aco_op_v_lshlrev_b64 || op == aco_op_v_lshrrev_b64 || op == aco_op_v_ashrrev_i64))
      limit = 1;
   if (op == aco_op_v_cndmask_b32 || op == aco_op_v_add_co_ci_u32 || op == aco_op_v_sub_co_ci_u32)
      movable = movable < 2 ? movable : 2;
   uint32_t seen[8];
   unsigned used = 0;
   bool has_lit = false;
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = pass ? 0 : movable; i < (pass ? movable : n); i++) {
         aco_operand *o = &ops[i];
         if (!is_scalar_opnd(*o))
            continue;
         bool dup = false;
         for (unsigned k = 0; k < used; k++)
            dup |= o->kind == ACO_OPND_TEMP && seen[k] == o->temp.id;
         if (dup)
            continue;
         bool fits = used < limit && !(o->kind == ACO_OPND_CONST && has_lit);
         if (!fits && pass) {
            if (o->kind == ACO_OPND_TEMP) {
               *o = aco_opnd_temp(isel_as_vgpr(c, o->temp));
            } else {
               aco_temp v = isel_new(c, aco_rc_v(o->bits == 64 ? 2 : 1));
               struct aco_minstr *mv = isel_emit(c, aco_op_p_parallelcopy, 1, 1);
               mv->operands[0] = *o;
               mv->definitions[0] = aco_def_temp(v);
               *o = aco_opnd_temp(v);
            }
            continue;
         }
         seen[used < 8 ? used : 7] = o->kind == ACO_OPND_TEMP ? o->temp.id : 0;
         used++;
         has_lit |= o->kind == ACO_OPND_CONST;
      }
   }
}

/* Emits a VALU instruction with one definition of class rc (and the carry-out when
 * carry is set); returns the definition. */
static aco_temp
valu_ex(struct isel_ctx *c, op_t op, aco_rc rc, unsigned n, aco_operand *ops, unsigned movable,
        aco_temp *carry_out)
{
   fix_constant_bus(c, op, n, ops, movable);
   /* looked up once per opcode (out of memory there fails the compile after this pass) */
   const struct aco_slot_map *map = aco_mprogram_slots(
      c->p, op, aco_op_info(op)->opcode2[c->gfx_index] >= 0 ? ACO_ENC_E64 : ACO_ENC_NATIVE);
   unsigned ndefs = map ? map->num_definitions : 1;
   struct aco_minstr *in = isel_emit(c, op, n, ndefs);
   if (aco_op_info(op)->opcode2[c->gfx_index] >= 0)
      in->encoding = ACO_ENC_E64;
   for (unsigned i = 0; i < n; i++)
      in->operands[i] = ops[i];
   aco_temp d = isel_new(c, rc);
   in->definitions[0] = aco_def_temp(d);
   if (ndefs > 1) {
      aco_temp e = isel_new(c, aco_rc_lane_mask(c->p->wave_size));
      in->definitions[1] = aco_def_temp(e);
      if (carry_out)
         *carry_out = e;
   }
   return d;
}

static aco_temp
valu(struct isel_ctx *c, op_t op, aco_rc rc, unsigned n, aco_operand a, aco_operand b, aco_operand cc)
{
   aco_operand ops[3] = {a, b, cc};
   return valu_ex(c, op, rc, n, ops, n, NULL);
}

static aco_temp
salu(struct isel_ctx *c, op_t op, unsigned dwords, unsigned n, aco_operand a, aco_operand b)
{
   /* one literal per SALU instruction */
   if (n == 2 && a.kind == ACO_OPND_CONST && b.kind == ACO_OPND_CONST && a.value != b.value &&
       aco_inline_constant(a.value, a.bits == 64 ? 64 : 32, false) < 0 &&
       aco_inline_constant(b.value, b.bits == 64 ? 64 : 32, false) < 0)
      a = aco_opnd_temp(isel_const_temp(c, a.value, a.bits == 64 ? 2 : 1));
   struct aco_minstr *in = isel_emit(c, op, n, 1);
   in->operands[0] = a;
   if (n > 1)
      in->operands[1] = b;
   aco_temp d = isel_new(c, aco_rc_s(dwords));
   in->definitions[0] = aco_def_temp(d);
   return d;
}

static void
scmp(struct isel_ctx *c, op_t op, aco_operand a, aco_operand b)
{
   if (a.kind == ACO_OPND_CONST && b.kind == ACO_OPND_CONST)
      a = aco_opnd_temp(isel_const_temp(c, a.value, a.bits == 64 ? 2 : 1));
   struct aco_minstr *in = isel_emit(c, op, 2, 0);
   in->operands[0] = a;
   in->operands[1] = b;
}

static aco_operand
T(aco_temp t)
{
   return aco_opnd_temp(t);
}

static aco_operand
K(uint64_t v)
{
   return aco_opnd_const(v, 32);
}

static const aco_operand NO = {0};

/* ---- 16-bit values in VGPR halves ----------------------------------------------------------
 * A divergent 16-bit value may live in half a VGPR (class v2b), so that two share one; the
 * allocator places the halves (ra_util.h says where an instruction may read or write
 * which half). Selection of ALU operations and memory accesses takes such operands as
 * they are: a VALU instruction reads them at byte 0 of their VGPR, a 32-bit slot then
 * reading the other half as well, which the rule that 16-bit values have undefined upper
 * bits makes harmless; vectors, stores and p_as_uniform get a whole-VGPR copy
 * (isel_whole_vgpr). The other users of values (phis of ifs and loops, call arguments and
 * results, reductions) expect a whole VGPR. A value takes a half only when every use reads
 * it with a 16-bit opcode (reads_halves), which a walk of the rest of its region
 * (values are visible only there and in the regions nested in it) finds out; a walk that
 * would pass HALF_WALK_LIMIT instructions gives up (a whole VGPR), keeping selection
 * linear. 8-bit values keep whole VGPRs, and so does everything on GFX10.3, whose hardware
 * instructions name only byte 0 here (ra_util.h): halves would only add copies. */
#define HALF_WALK_LIMIT 4096u

aco_temp isel_whole_vgpr(struct isel_ctx *c, aco_temp t);
bool isel_result_in_half(struct isel_ctx *c, const struct air_instr *in);
aco_temp isel_loaded_half(struct isel_ctx *c, const struct air_instr *in, aco_temp v);

static op_t valu16_op(aco_op op);

/* Whether `in` reads its 16-bit operands with 16-bit VALU opcodes (or with instructions
 * that are VOP3 anyway): a half costs it nothing. Memory accesses and vectors read whole
 * VGPRs (a half there needs a copy unless it dies in place), and the operations that run
 * at 32 bits (integer add, logic, comparisons and other extensions, fneg) would lose their
 * 32-bit encodings. */
static bool
reads_halves(const struct air_instr *in)
{
   switch (air_op_info(in->op)->cls) {
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_CMP:
   case ACO_OPC_FLOAT_APPROX:
   case ACO_OPC_SELECT:
      return true;
   case ACO_OPC_FLOAT_UN:
      return in->op != ACO_OP_FNEG && in->op != ACO_OP_FABS;
   case ACO_OPC_INT_BIN:
      return valu16_op(in->op) != NONE;
   case ACO_OPC_CONVERT:
      return in->op == ACO_OP_FCONV || in->op == ACO_OP_F2U || in->op == ACO_OP_F2S ||
             in->op == ACO_OP_BITCAST;
   default:
      return false;
   }
}

/* Whether every use of v from instruction `from` on (and in the regions nested there)
 * reads it as a half, with no call in between (a half cannot be spilled, and a value
 * living across a call may have to be); *budget counts the instructions seen. */
static bool
uses_read_halves(const struct air_instr *from, aco_value v, unsigned *budget)
{
   for (const struct air_instr *i = from; i; i = i->next) {
      if (!*budget || air_op_info(i->op)->cls == ACO_OPC_CALL)
         return false;
      --*budget;
      for (unsigned k = 0; k < i->num_srcs; k++)
         if (i->srcs[k].id == v.id && !reads_halves(i))
            return false;
      for (unsigned r = 0; r < 2; r++)
         if (i->regions[r] && !uses_read_halves(i->regions[r]->first, v, budget))
            return false;
   }
   return true;
}

/* Whether the result of `in` (a scalar divergent 16-bit value) goes into a VGPR half. */
bool
isel_result_in_half(struct isel_ctx *c, const struct air_instr *in)
{
   if (in->num_defs != 1)
      return false;
   aco_type t = type_of(c, in->defs[0]);
   if (c->p->gfx_level < ACO_GFX1100 || t.bits != 16 || t.comps > 1 || !isel_div(c, in->defs[0]))
      return false;
   unsigned budget = HALF_WALK_LIMIT;
   return uses_read_halves(in->next, in->defs[0], &budget);
}

/* A value in a half as a whole VGPR (its low half; the upper one undefined). */
aco_temp
isel_whole_vgpr(struct isel_ctx *c, aco_temp t)
{
   if (!aco_rc_is_subdword(t.rc))
      return t;
   aco_temp d = isel_new(c, aco_rc_v(1));
   struct aco_minstr *cv = isel_emit(c, aco_op_p_create_vector, 2, 1);
   cv->operands[0] = T(t);
   cv->operands[1].kind = ACO_OPND_UNDEF;
   cv->operands[1].temp.rc = aco_rc_vb(2);
   cv->definitions[0] = aco_def_temp(d);
   return d;
}

/* A loaded 16-bit value (a whole VGPR, the value in its low half) as the value of `in`:
 * its low half when the value goes into a half (the allocator keeps it in place when the
 * load's register dies here, so it costs no instruction). */
aco_temp
isel_loaded_half(struct isel_ctx *c, const struct air_instr *in, aco_temp v)
{
   if (!aco_rc_is_vgpr(v.rc) || aco_rc_bytes(v.rc) != 4 || !isel_result_in_half(c, in))
      return v;
   aco_temp d = isel_new(c, aco_rc_vb(2));
   struct aco_minstr *ex = isel_emit(c, aco_op_p_extract_vector, 2, 1);
   ex->operands[0] = T(v);
   ex->operands[1] = K(0);
   ex->definitions[0] = aco_def_temp(d);
   return d;
}

/* The result of an ALU operation in the class its uses allow: a 16-bit value going into a
 * half takes the v2b class when the 16-bit VALU instruction just emitted (ACO_OPF_DST16:
 * it writes only its half) defines it, and a value in a half that may not stay there (a
 * bitcast or truncation handing on its operand) becomes a whole VGPR. Results of 32-bit
 * operations stay whole (they clobber the other half anyway), and so do those of 16-bit
 * VOP1/VOP2 opcodes with 32-bit sources (v_cvt_f16_f32): a half would cost them their
 * 32-bit encoding (aco_opt shrinks only whole-VGPR results). */
static aco_temp
result_class(struct isel_ctx *c, const struct air_instr *in, aco_temp out)
{
   bool half = isel_result_in_half(c, in);
   if (aco_rc_is_subdword(out.rc))
      return half ? out : isel_whole_vgpr(c, out);
   if (!half || out.rc.v != aco_rc_v(1).v || !c->block || !c->block->instrs.len)
      return out;
   struct aco_minstr *last = c->block->instrs.data[c->block->instrs.len - 1];
   unsigned fmt = aco_op_info(last->opcode)->format;
   uint32_t flags = aco_op_info(last->opcode)->flags;
   if (fmt < ACO_FMT_VOP1 || fmt > ACO_FMT_VOP3 || fmt == ACO_FMT_VOPC ||
       !(flags & ACO_OPF_DST16) || (fmt != ACO_FMT_VOP3 && !(flags & ACO_OPF_SRC16)) ||
       !last->num_definitions || last->definitions[0].temp.id != out.id ||
       aco_minstr_tied_operand(last) >= 0 /* its result takes the operand's class */)
      return out;
   out.rc = aco_rc_vb(2);
   last->definitions[0].temp.rc = out.rc;
   c->p->temp_rc.data[out.id] = out.rc;
   return out;
}

/* A 32-bit (or narrower) operand extended to 32 bits. */
static aco_operand
ext32(struct isel_ctx *c, aco_operand o, unsigned bits, bool sign, bool div)
{
   if (bits >= 32 || bits == 1)
      return o;
   if (o.kind == ACO_OPND_CONST) {
      uint32_t v = (uint32_t)o.value & ((1u << bits) - 1);
      if (sign && (v >> (bits - 1)))
         v |= ~((1u << bits) - 1);
      return K(v);
   }
   if (div) {
      if (sign)
         return T(valu(c, aco_op_v_bfe_i32, aco_rc_v(1), 3, o, K(0), K(bits)));
      return T(valu(c, aco_op_v_and_b32, aco_rc_v(1), 2, K((1u << bits) - 1), o, NO));
   }
   if (sign)
      return T(salu(c, bits == 8 ? aco_op_s_sext_i32_i8 : aco_op_s_sext_i32_i16, 1, 1, o, NO));
   return T(salu(c, aco_op_s_and_b32, 1, 2, o, K((1u << bits) - 1)));
}

static aco_temp
as_uniform(struct isel_ctx *c, aco_temp v)
{
   aco_temp d = isel_new(c, aco_rc_s(aco_rc_dwords(v.rc)));
   struct aco_minstr *in = isel_emit(c, aco_op_p_as_uniform, 1, 1);
   in->operands[0] = T(v);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* Halves of a 64-bit operand. */
static void
halves(struct isel_ctx *c, aco_operand o, aco_operand out[2])
{
   if (o.kind == ACO_OPND_CONST) {
      out[0] = K((uint32_t)o.value);
      out[1] = K(o.value >> 32);
      return;
   }
   aco_temp p[2];
   isel_split(c, o.temp, 2, p);
   out[0] = T(p[0]);
   out[1] = T(p[1]);
}

static aco_temp
pair(struct isel_ctx *c, bool div, aco_temp lo, aco_temp hi)
{
   if (div) {
      lo = isel_as_vgpr(c, lo);
      hi = isel_as_vgpr(c, hi);
   }
   aco_temp parts[2] = {lo, hi};
   return isel_combine(c, div ? aco_rc_v(2) : aco_rc_s(2), 2, parts);
}

/* Lane mask of a uniform scc result. */
static aco_temp
bool_from_valu_mask(struct isel_ctx *c, aco_temp mask)
{
   isel_scc_from_bool(c, mask);
   return isel_lane_mask_from_scc(c);
}

/* ---- integer ------------------------------------------------------------------------- */

struct int_ops {
   aco_op ir;
   op_t s32, v32, s64;
   bool swap;    /* VALU takes the operands reversed (shifts) */
   int ext;      /* 0 none, 1 zero-extend, 2 sign-extend narrow inputs */
};

static const struct int_ops int_table[] = {
   {ACO_OP_IADD, aco_op_s_add_u32, aco_op_v_add_nc_u32, NONE, false, 0},
   {ACO_OP_ISUB, aco_op_s_sub_u32, aco_op_v_sub_nc_u32, NONE, false, 0},
   {ACO_OP_IMUL, aco_op_s_mul_i32, aco_op_v_mul_lo_u32, NONE, false, 0},
   {ACO_OP_IAND, aco_op_s_and_b32, aco_op_v_and_b32, aco_op_s_and_b64, false, 0},
   {ACO_OP_IOR, aco_op_s_or_b32, aco_op_v_or_b32, aco_op_s_or_b64, false, 0},
   {ACO_OP_IXOR, aco_op_s_xor_b32, aco_op_v_xor_b32, aco_op_s_xor_b64, false, 0},
   {ACO_OP_ISHL, aco_op_s_lshl_b32, aco_op_v_lshlrev_b32, aco_op_s_lshl_b64, true, 0},
   {ACO_OP_USHR, aco_op_s_lshr_b32, aco_op_v_lshrrev_b32, aco_op_s_lshr_b64, true, 1},
   {ACO_OP_SSHR, aco_op_s_ashr_i32, aco_op_v_ashrrev_i32, aco_op_s_ashr_i64, true, 2},
   {ACO_OP_UMIN, aco_op_s_min_u32, aco_op_v_min_u32, NONE, false, 1},
   {ACO_OP_UMAX, aco_op_s_max_u32, aco_op_v_max_u32, NONE, false, 1},
   {ACO_OP_SMIN, aco_op_s_min_i32, aco_op_v_min_i32, NONE, false, 2},
   {ACO_OP_SMAX, aco_op_s_max_i32, aco_op_v_max_i32, NONE, false, 2},
   {ACO_OP_UMUL_HI, aco_op_s_mul_hi_u32, aco_op_v_mul_hi_u32, NONE, false, 1},
   {ACO_OP_SMUL_HI, aco_op_s_mul_hi_i32, aco_op_v_mul_hi_i32, NONE, false, 2},
};

static aco_temp
bin32(struct isel_ctx *c, const struct int_ops *t, bool div, aco_operand a, aco_operand b)
{
   if (div) {
      if (t->swap)
         return valu(c, t->v32, aco_rc_v(1), 2, b, a, NO);
      return valu(c, t->v32, aco_rc_v(1), 2, a, b, NO);
   }
   return salu(c, t->s32, 1, 2, a, b);
}

static aco_temp
cmp_mask(struct isel_ctx *c, op_t vop, op_t sop, bool div, aco_operand a, aco_operand b);

/* A 16-bit signed constant that is no inline constant: SOPK carries it in the 4-byte
 * instruction, where s_add/s_mul would need an 8-byte literal. */
static bool
sopk_constant(aco_operand k, int32_t *out)
{
   if (k.kind != ACO_OPND_CONST)
      return false;
   int32_t v = (int32_t)(uint32_t)k.value;
   *out = v;
   return v >= INT16_MIN && v <= INT16_MAX && aco_inline_constant((uint32_t)v, 32, false) < 0;
}

/* Uniform x + k, x - k and x * k as s_addk_i32 / s_mulk_i32 (d = d + k, d = d * k: x is
 * tied to the result, docs/mir.md "Tied operands"). The scc they write (signed overflow
 * for s_addk, where s_add_u32 writes the carry) is never read by these operations'
 * users. Returns the invalid temporary when the operation does not fit. */
static aco_temp
sopk(struct isel_ctx *c, aco_op op, aco_operand a, aco_operand b)
{
   int32_t k;
   if ((op == ACO_OP_IADD || op == ACO_OP_IMUL) && a.kind == ACO_OPND_CONST) {
      aco_operand t = a;
      a = b;
      b = t;
   }
   bool fits = (op == ACO_OP_IADD || op == ACO_OP_IMUL || op == ACO_OP_ISUB) &&
               a.kind == ACO_OPND_TEMP && !aco_rc_is_vgpr(a.temp.rc) &&
               aco_rc_dwords(a.temp.rc) == 1 && sopk_constant(b, &k);
   if (fits && op == ACO_OP_ISUB) {
      fits = k != INT16_MIN && aco_inline_constant((uint32_t)-k, 32, false) < 0;
      k = -k;
   }
   if (!fits)
      return (aco_temp){0, {0}};
   struct aco_minstr *in = isel_emit(c, op == ACO_OP_IMUL ? aco_op_s_mulk_i32 : aco_op_s_addk_i32,
                                     1, 1);
   in->operands[0] = a;
   in->imm = (uint16_t)k;
   in->tied = 1; /* operand 0 */
   aco_temp d = isel_new(c, aco_rc_s(1));
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* 32-bit unsigned division and remainder on the VALU (uniform operands are read from
 * SGPRs): a float reciprocal of b scaled just below 2^32 gives an estimate of 2^32 / b,
 * one Newton-Raphson step on the integer estimate makes it exact to within one, and two
 * corrections of q and r finish. b == 0 gives q = all ones and r = a, as the IR defines. */
static void
udivrem32(struct isel_ctx *c, aco_operand a, aco_operand b, aco_temp *q_out, aco_temp *r_out)
{
   aco_rc v1 = aco_rc_v(1), lm = aco_rc_lane_mask(c->p->wave_size);
   if (b.kind == ACO_OPND_CONST)
      b = T(valu(c, aco_op_v_mov_b32, v1, 1, b, NO, NO));
   aco_temp bf = valu(c, aco_op_v_cvt_f32_u32, v1, 1, b, NO, NO);
   aco_temp rcp = valu(c, aco_op_v_rcp_iflag_f32, v1, 1, T(bf), NO, NO);
   aco_operand scale = aco_opnd_const(0x4f7ffffe, 32); /* 4294966784.0 */
   scale.is_float = true;
   aco_temp sc = valu(c, aco_op_v_mul_f32, v1, 2, T(rcp), scale, NO);
   aco_temp z = valu(c, aco_op_v_cvt_u32_f32, v1, 1, T(sc), NO, NO);
   aco_temp nb = valu(c, aco_op_v_sub_nc_u32, v1, 2, K(0), b, NO);
   aco_temp e = valu(c, aco_op_v_mul_lo_u32, v1, 2, T(nb), T(z), NO);
   aco_temp eh = valu(c, aco_op_v_mul_hi_u32, v1, 2, T(z), T(e), NO);
   z = valu(c, aco_op_v_add_nc_u32, v1, 2, T(z), T(eh), NO);
   aco_temp q = valu(c, aco_op_v_mul_hi_u32, v1, 2, a, T(z), NO);
   aco_temp qb = valu(c, aco_op_v_mul_lo_u32, v1, 2, T(q), b, NO);
   aco_temp r = valu(c, aco_op_v_sub_nc_u32, v1, 2, a, T(qb), NO);
   for (unsigned i = 0; i < 2; i++) {
      aco_temp ge = valu(c, aco_op_v_cmp_ge_u32, lm, 2, T(r), b, NO);
      aco_temp q1 = valu(c, aco_op_v_add_nc_u32, v1, 2, T(q), K(1), NO);
      aco_temp r1 = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(r), b, NO);
      q = valu(c, aco_op_v_cndmask_b32, v1, 3, T(q), T(q1), T(ge));
      r = valu(c, aco_op_v_cndmask_b32, v1, 3, T(r), T(r1), T(ge));
   }
   aco_temp zero = valu(c, aco_op_v_cmp_eq_u32, lm, 2, b, K(0), NO);
   *q_out = valu(c, aco_op_v_cndmask_b32, v1, 3, T(q), K(0xffffffffu), T(zero));
   *r_out = valu(c, aco_op_v_cndmask_b32, v1, 3, T(r), a, T(zero));
}

/* The multiply-high form of an unsigned 32-bit division by the constant d (not 0, 1 or a
 * power of two): q = mulhi(a, m) >> shift when some shift gives a multiplier m below 2^32
 * whose excess over 2^(32+shift)/d, times any 32-bit a, stays below one quotient step
 * (m * d - 2^(32+shift) <= 2^shift); otherwise (add = true) the 33-bit multiplier
 * 2^32 + m is applied as t = mulhi(a, m), q = (t + ((a - t) >> 1)) >> (shift - 1), with
 * shift = ceil(log2(d)). Granlund and Montgomery's method; every d of the 32-bit range
 * is handled. */
struct udiv_magic {
   uint32_t m;
   unsigned shift;
   bool add;
};

static struct udiv_magic
udiv_magic(uint32_t d)
{
   struct udiv_magic r = {0, 0, false};
   for (unsigned p = 0; p < 32; p++) {
      uint64_t two = UINT64_C(1) << (32 + p);
      uint64_t m = two / d + (two % d != 0);
      if (m >> 32)
         break;
      if (m * d - two <= (UINT64_C(1) << p)) {
         r.m = (uint32_t)m;
         r.shift = p;
         return r;
      }
   }
   unsigned l = 32 - (unsigned)__builtin_clz(d - 1); /* ceil(log2(d)), d >= 3 */
   uint64_t two = UINT64_C(1) << 32;
   r.m = (uint32_t)((two * ((UINT64_C(1) << l) - d)) / d + 1);
   r.shift = l;
   r.add = true;
   return r;
}

/* a / d and a % d for a constant d on the VALU: shifts and masks for powers of two, the
 * multiply-high form otherwise, and the remainder as a - q * d (a 24-bit multiply when
 * both factors fit). */
static void
udivrem32_const(struct isel_ctx *c, aco_operand a, uint32_t d, aco_temp *q_out,
                aco_temp *r_out)
{
   aco_rc v1 = aco_rc_v(1);
   if (!(d & (d - 1))) {
      unsigned k = (unsigned)__builtin_ctz(d);
      *q_out = k ? valu(c, aco_op_v_lshrrev_b32, v1, 2, K(k), a, NO)
                 : valu(c, aco_op_v_mov_b32, v1, 1, a, NO, NO);
      *r_out = valu(c, aco_op_v_and_b32, v1, 2, K(d - 1), a, NO);
      return;
   }
   struct udiv_magic mg = udiv_magic(d);
   aco_temp t = valu(c, aco_op_v_mul_hi_u32, v1, 2, a, K(mg.m), NO);
   aco_temp q;
   if (!mg.add) {
      q = mg.shift ? valu(c, aco_op_v_lshrrev_b32, v1, 2, K(mg.shift), T(t), NO) : t;
   } else {
      aco_temp diff = valu(c, aco_op_v_sub_nc_u32, v1, 2, a, T(t), NO);
      aco_temp half = valu(c, aco_op_v_lshrrev_b32, v1, 2, K(1), T(diff), NO);
      aco_temp sum = valu(c, aco_op_v_add_nc_u32, v1, 2, T(half), T(t), NO);
      q = mg.shift > 1 ? valu(c, aco_op_v_lshrrev_b32, v1, 2, K(mg.shift - 1), T(sum), NO)
                       : sum;
   }
   /* q < 2^32 / d: below 2^24 when d > 256, so a 24-bit multiply gives q * d exactly */
   bool small = d > 256 && d < (1u << 24);
   aco_temp qd = valu(c, small ? aco_op_v_mul_u32_u24 : aco_op_v_mul_lo_u32, v1, 2, T(q), K(d),
                      NO);
   *q_out = q;
   *r_out = valu(c, aco_op_v_sub_nc_u32, v1, 2, a, T(qd), NO);
}

/* The multiply-high form of a signed 32-bit division by a constant d (|d| >= 3, not a power
 * of two): q = mulhi_signed(a, m), corrected by a when m's sign differs from d's, shifted
 * right arithmetically by `shift`, plus one when negative (rounding toward zero). The
 * magic number search of Hacker's Delight (10-1). */
struct sdiv_magic {
   int32_t m;
   unsigned shift;
};

static struct sdiv_magic
sdiv_magic(int32_t d)
{
   const uint32_t two31 = 0x80000000u;
   uint32_t ad = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
   uint32_t t = two31 + ((uint32_t)d >> 31);
   uint32_t anc = t - 1 - t % ad;
   unsigned p = 31;
   uint32_t q1 = two31 / anc, r1 = two31 - q1 * anc;
   uint32_t q2 = two31 / ad, r2 = two31 - q2 * ad;
   uint32_t delta;
   do {
      p++;
      q1 *= 2, r1 *= 2;
      if (r1 >= anc)
         q1++, r1 -= anc;
      q2 *= 2, r2 *= 2;
      if (r2 >= ad)
         q2++, r2 -= ad;
      delta = ad - r2;
   } while (q1 < delta || (q1 == delta && r1 == 0));
   struct sdiv_magic r;
   uint32_t m = q2 + 1;
   r.m = (int32_t)(d < 0 ? 0u - m : m);
   r.shift = p - 32;
   return r;
}

/* a / d and a % d (signed, rounding toward zero) for a constant d other than 0 and -1. */
static void
sdivrem32_const(struct isel_ctx *c, aco_operand a, int32_t d, aco_temp *q_out, aco_temp *r_out)
{
   aco_rc v1 = aco_rc_v(1);
   uint32_t ad = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
   aco_temp q;
   if (ad == 1) {
      q = valu(c, aco_op_v_mov_b32, v1, 1, a, NO, NO);
   } else if (!(ad & (ad - 1))) {
      /* a power of two: add |d| - 1 to negative dividends, then shift */
      unsigned k = (unsigned)__builtin_ctz(ad);
      aco_temp sign = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), a, NO);
      aco_temp bias = valu(c, aco_op_v_lshrrev_b32, v1, 2, K(32 - k), T(sign), NO);
      aco_temp sum = valu(c, aco_op_v_add_nc_u32, v1, 2, a, T(bias), NO);
      q = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(k), T(sum), NO);
      if (d < 0)
         q = valu(c, aco_op_v_sub_nc_u32, v1, 2, K(0), T(q), NO);
   } else {
      struct sdiv_magic mg = sdiv_magic(d);
      q = valu(c, aco_op_v_mul_hi_i32, v1, 2, a, K((uint32_t)mg.m), NO);
      if (d > 0 && mg.m < 0)
         q = valu(c, aco_op_v_add_nc_u32, v1, 2, T(q), a, NO);
      else if (d < 0 && mg.m > 0)
         q = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(q), a, NO);
      if (mg.shift)
         q = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(mg.shift), T(q), NO);
      aco_temp neg = valu(c, aco_op_v_lshrrev_b32, v1, 2, K(31), T(q), NO);
      q = valu(c, aco_op_v_add_nc_u32, v1, 2, T(q), T(neg), NO);
   }
   aco_temp qd = valu(c, aco_op_v_mul_lo_u32, v1, 2, T(q), K((uint32_t)d), NO);
   *q_out = q;
   *r_out = valu(c, aco_op_v_sub_nc_u32, v1, 2, a, T(qd), NO);
}

/* ---- 64-bit integer arithmetic on the VALU ------------------------------------------------ */

/* A 64-bit VALU value as its two dword halves (temps of either file, or constants). */
struct v64 {
   aco_operand lo, hi;
};

static struct v64
v64_of(struct isel_ctx *c, aco_operand o)
{
   aco_operand h[2];
   halves(c, o, h);
   return (struct v64){h[0], h[1]};
}

static aco_temp
v64_temp(struct isel_ctx *c, struct v64 x)
{
   aco_temp p[2];
   for (unsigned i = 0; i < 2; i++) {
      aco_operand o = i ? x.hi : x.lo;
      p[i] = o.kind == ACO_OPND_TEMP ? o.temp : isel_const_temp(c, o.value, 1);
   }
   return pair(c, true, p[0], p[1]);
}

static struct v64
v64_add(struct isel_ctx *c, struct v64 a, struct v64 b, bool sub)
{
   aco_temp carry = {0, {0}};
   aco_operand l[2] = {a.lo, b.lo};
   aco_temp lo = valu_ex(c, sub ? aco_op_v_sub_co_u32 : aco_op_v_add_co_u32, aco_rc_v(1), 2, l, 2,
                         &carry);
   aco_operand h[3] = {a.hi, b.hi, T(carry)};
   aco_temp hi = valu_ex(c, sub ? aco_op_v_sub_co_ci_u32 : aco_op_v_add_co_ci_u32, aco_rc_v(1), 3,
                         h, 2, NULL);
   return (struct v64){T(lo), T(hi)};
}

/* The low 64 bits of a * b. */
static struct v64
v64_mul(struct isel_ctx *c, struct v64 a, struct v64 b)
{
   aco_rc v1 = aco_rc_v(1);
   aco_temp lo = valu(c, aco_op_v_mul_lo_u32, v1, 2, a.lo, b.lo, NO);
   aco_temp h = valu(c, aco_op_v_mul_hi_u32, v1, 2, a.lo, b.lo, NO);
   aco_temp x = valu(c, aco_op_v_mul_lo_u32, v1, 2, a.lo, b.hi, NO);
   aco_temp y = valu(c, aco_op_v_mul_lo_u32, v1, 2, a.hi, b.lo, NO);
   return (struct v64){T(lo), T(valu(c, aco_op_v_add3_u32, v1, 3, T(h), T(x), T(y)))};
}

/* The high 64 bits of the unsigned 128-bit product a * b: the four 32x32 partial
 * products, with the carries out of the middle column added into the high half. */
static struct v64
v64_mul_hi(struct isel_ctx *c, struct v64 a, struct v64 b)
{
   aco_rc v1 = aco_rc_v(1);
   aco_temp m00h = valu(c, aco_op_v_mul_hi_u32, v1, 2, a.lo, b.lo, NO);
   aco_temp m01l = valu(c, aco_op_v_mul_lo_u32, v1, 2, a.lo, b.hi, NO);
   aco_temp m01h = valu(c, aco_op_v_mul_hi_u32, v1, 2, a.lo, b.hi, NO);
   aco_temp m10l = valu(c, aco_op_v_mul_lo_u32, v1, 2, a.hi, b.lo, NO);
   aco_temp m10h = valu(c, aco_op_v_mul_hi_u32, v1, 2, a.hi, b.lo, NO);
   aco_temp m11l = valu(c, aco_op_v_mul_lo_u32, v1, 2, a.hi, b.hi, NO);
   aco_temp m11h = valu(c, aco_op_v_mul_hi_u32, v1, 2, a.hi, b.hi, NO);
   aco_temp c1 = {0, {0}}, c2 = {0, {0}}, d1 = {0, {0}}, d2 = {0, {0}};
   aco_operand s0[2] = {T(m00h), T(m01l)};
   aco_temp s = valu_ex(c, aco_op_v_add_co_u32, v1, 2, s0, 2, &c1);
   aco_operand s1[2] = {T(s), T(m10l)};
   valu_ex(c, aco_op_v_add_co_u32, v1, 2, s1, 2, &c2);
   aco_operand l1[3] = {T(m11l), T(m01h), T(c1)};
   aco_temp lo = valu_ex(c, aco_op_v_add_co_ci_u32, v1, 3, l1, 2, &d1);
   aco_operand h1[3] = {T(m11h), K(0), T(d1)};
   aco_temp hi = valu_ex(c, aco_op_v_add_co_ci_u32, v1, 3, h1, 2, NULL);
   aco_operand l2[3] = {T(lo), T(m10h), T(c2)};
   lo = valu_ex(c, aco_op_v_add_co_ci_u32, v1, 3, l2, 2, &d2);
   aco_operand h2[3] = {T(hi), K(0), T(d2)};
   hi = valu_ex(c, aco_op_v_add_co_ci_u32, v1, 3, h2, 2, NULL);
   return (struct v64){T(lo), T(hi)};
}

/* mask ? t : f per lane. */
static struct v64
v64_select(struct isel_ctx *c, aco_temp mask, struct v64 t, struct v64 f)
{
   aco_rc v1 = aco_rc_v(1);
   return (struct v64){T(valu(c, aco_op_v_cndmask_b32, v1, 3, f.lo, t.lo, T(mask))),
                       T(valu(c, aco_op_v_cndmask_b32, v1, 3, f.hi, t.hi, T(mask)))};
}

static aco_temp
v64_cmp(struct isel_ctx *c, op_t op, struct v64 a, struct v64 b)
{
   return valu(c, op, aco_rc_lane_mask(c->p->wave_size), 2, T(v64_temp(c, a)),
               T(v64_temp(c, b)), NO);
}

static aco_operand
F(uint32_t bits)
{
   aco_operand o = aco_opnd_const(bits, 32);
   o.is_float = true;
   return o;
}

/* An estimate of 2^64 / d from below (d != 0), from the f32 reciprocal of d scaled by
 * 2^64 * (1 - 2^-20): the margin is larger than the error of the conversions, the
 * reciprocal and the roundings in any rounding mode, so d * estimate < 2^64, which the
 * Newton-Raphson steps need. The f32 is split into high and low dwords (the low part
 * is exact: it is the estimate minus its high dword * 2^32). */
static struct v64
recip64_estimate(struct isel_ctx *c, struct v64 d)
{
   aco_rc v1 = aco_rc_v(1);
   aco_temp fh = valu(c, aco_op_v_cvt_f32_u32, v1, 1, d.hi, NO, NO);
   aco_temp fl = valu(c, aco_op_v_cvt_f32_u32, v1, 1, d.lo, NO, NO);
   aco_temp f = valu(c, aco_op_v_fma_f32, v1, 3, T(fh), F(0x4f800000), T(fl)); /* 2^32 */
   aco_temp r = valu(c, aco_op_v_rcp_f32, v1, 1, T(f), NO, NO);
   aco_temp e = valu(c, aco_op_v_mul_f32, v1, 2, T(r), F(0x5f7ffff0), NO);
   aco_temp eh = valu(c, aco_op_v_mul_f32, v1, 2, T(e), F(0x2f800000), NO); /* 2^-32 */
   eh = valu(c, aco_op_v_trunc_f32, v1, 1, T(eh), NO, NO);
   aco_temp el = valu(c, aco_op_v_fma_f32, v1, 3, T(eh), F(0xcf800000), T(e)); /* -2^32 */
   return (struct v64){T(valu(c, aco_op_v_cvt_u32_f32, v1, 1, T(el), NO, NO)),
                       T(valu(c, aco_op_v_cvt_u32_f32, v1, 1, T(eh), NO, NO))};
}

/* 64-bit unsigned division and remainder: two Newton-Raphson steps R += R * (2^64 -
 * d * R) / 2^64 take the estimate from 20 to beyond 64 correct bits while keeping it
 * below 2^64 / d, so q = (n * R) >> 64 is at most two below the quotient; two
 * corrections finish. d == 0 gives q = all ones and r = n, as the IR defines. */
static void
udivrem64(struct isel_ctx *c, aco_operand n64, aco_operand d64, struct v64 *q_out,
          struct v64 *r_out)
{
   aco_rc lm = aco_rc_lane_mask(c->p->wave_size);
   struct v64 n = v64_of(c, n64), d = v64_of(c, d64);
   struct v64 zero = {K(0), K(0)}, one = {K(1), K(0)};
   struct v64 rcp = recip64_estimate(c, d);
   struct v64 nd = v64_add(c, zero, d, true);
   for (unsigned i = 0; i < 2; i++) {
      struct v64 err = v64_mul(c, nd, rcp);
      rcp = v64_add(c, rcp, v64_mul_hi(c, rcp, err), false);
   }
   struct v64 q = v64_mul_hi(c, n, rcp);
   struct v64 r = v64_add(c, n, v64_mul(c, q, d), true);
   for (unsigned i = 0; i < 2; i++) {
      aco_temp ge = v64_cmp(c, aco_op_v_cmp_ge_u64, r, d);
      q = v64_select(c, ge, v64_add(c, q, one, false), q);
      r = v64_select(c, ge, v64_add(c, r, d, true), r);
   }
   aco_temp isz =
      valu(c, aco_op_v_cmp_eq_u64, lm, 2, T(v64_temp(c, d)), aco_opnd_const(0, 64), NO);
   *q_out = v64_select(c, isz, (struct v64){K(0xffffffffu), K(0xffffffffu)}, q);
   *r_out = v64_select(c, isz, n, r);
}

/* x with its sign flipped where s (all ones or zero in both halves) is set: (x ^ s) - s. */
static struct v64
v64_negate_if(struct isel_ctx *c, struct v64 x, aco_operand s)
{
   aco_rc v1 = aco_rc_v(1);
   struct v64 y = {T(valu(c, aco_op_v_xor_b32, v1, 2, x.lo, s, NO)),
                   T(valu(c, aco_op_v_xor_b32, v1, 2, x.hi, s, NO))};
   return v64_add(c, y, (struct v64){s, s}, true);
}

static aco_temp
divrem64(struct isel_ctx *c, aco_operand a, aco_operand b, bool sign, bool rem)
{
   struct v64 q, r;
   if (!sign) {
      udivrem64(c, a, b, &q, &r);
      return v64_temp(c, rem ? r : q);
   }
   /* on magnitudes; the quotient takes the sign of a ^ b, the remainder a's */
   aco_rc v1 = aco_rc_v(1);
   struct v64 ah = v64_of(c, a), bh = v64_of(c, b);
   aco_temp sa = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), ah.hi, NO);
   aco_temp sb = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), bh.hi, NO);
   aco_temp am = v64_temp(c, v64_negate_if(c, ah, T(sa)));
   aco_temp bm = v64_temp(c, v64_negate_if(c, bh, T(sb)));
   udivrem64(c, T(am), T(bm), &q, &r);
   aco_temp s = rem ? sa : valu(c, aco_op_v_xor_b32, v1, 2, T(sa), T(sb), NO);
   return v64_temp(c, v64_negate_if(c, rem ? r : q, T(s)));
}

/* The high 64 bits of the 128-bit product; the signed one from the unsigned one minus
 * b where a is negative and a where b is. */
static aco_temp
mul_hi64(struct isel_ctx *c, aco_operand a, aco_operand b, bool sign)
{
   struct v64 ah = v64_of(c, a), bh = v64_of(c, b);
   struct v64 h = v64_mul_hi(c, ah, bh);
   if (sign) {
      aco_rc v1 = aco_rc_v(1);
      aco_temp sa = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), ah.hi, NO);
      aco_temp sb = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), bh.hi, NO);
      struct v64 x = {T(valu(c, aco_op_v_and_b32, v1, 2, bh.lo, T(sa), NO)),
                      T(valu(c, aco_op_v_and_b32, v1, 2, bh.hi, T(sa), NO))};
      struct v64 y = {T(valu(c, aco_op_v_and_b32, v1, 2, ah.lo, T(sb), NO)),
                      T(valu(c, aco_op_v_and_b32, v1, 2, ah.hi, T(sb), NO))};
      h = v64_add(c, v64_add(c, h, x, true), y, true);
   }
   return v64_temp(c, h);
}

static aco_status
select_divrem(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type ty = type_of(c, in->srcs[0]);
   bool div = isel_div(c, in->defs[0]);
   bool sign = in->op == ACO_OP_SDIV || in->op == ACO_OP_SREM;
   bool rem = in->op == ACO_OP_UREM || in->op == ACO_OP_SREM;
   if (ty.bits == 64) {
      aco_temp res = divrem64(c, isel_opnd(c, in->srcs[0], 64), isel_opnd(c, in->srcs[1], 64),
                              sign, rem);
      *out = div ? res : as_uniform(c, res);
      return ACO_SUCCESS;
   }
   aco_operand a = ext32(c, isel_opnd(c, in->srcs[0], 32), ty.bits, sign, div);
   aco_operand b = ext32(c, isel_opnd(c, in->srcs[1], 32), ty.bits, sign, div);
   aco_rc v1 = aco_rc_v(1);
   aco_temp q, r, res;
   if (!sign && b.kind == ACO_OPND_CONST && (uint32_t)b.value > 1) {
      udivrem32_const(c, a, (uint32_t)b.value, &q, &r);
      res = rem ? r : q;
   } else if (sign && b.kind == ACO_OPND_CONST && (int32_t)b.value != 0 &&
              (int32_t)b.value != -1) {
      sdivrem32_const(c, a, (int32_t)b.value, &q, &r);
      res = rem ? r : q;
   } else if (!sign) {
      udivrem32(c, a, b, &q, &r);
      res = rem ? r : q;
   } else {
      /* on magnitudes; the quotient takes the sign of a ^ b, the remainder a's */
      aco_temp sa = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), a, NO);
      aco_temp sb = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), b, NO);
      aco_temp ax = valu(c, aco_op_v_xor_b32, v1, 2, a, T(sa), NO);
      aco_temp am = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(ax), T(sa), NO);
      aco_temp bx = valu(c, aco_op_v_xor_b32, v1, 2, b, T(sb), NO);
      aco_temp bm = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(bx), T(sb), NO);
      udivrem32(c, T(am), T(bm), &q, &r);
      aco_temp sr = rem ? sa : valu(c, aco_op_v_xor_b32, v1, 2, T(sa), T(sb), NO);
      aco_temp x = valu(c, aco_op_v_xor_b32, v1, 2, T(rem ? r : q), T(sr), NO);
      res = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(x), T(sr), NO);
   }
   *out = div ? res : as_uniform(c, res);
   return ACO_SUCCESS;
}

/* 16-bit VALU opcodes for the operations that would otherwise extend their inputs. */
static op_t
valu16_op(aco_op op)
{
   switch (op) {
   case ACO_OP_UMIN: return aco_op_v_min_u16;
   case ACO_OP_UMAX: return aco_op_v_max_u16;
   case ACO_OP_SMIN: return aco_op_v_min_i16;
   case ACO_OP_SMAX: return aco_op_v_max_i16;
   case ACO_OP_ISHL: return aco_op_v_lshlrev_b16;
   case ACO_OP_USHR: return aco_op_v_lshrrev_b16;
   case ACO_OP_SSHR: return aco_op_v_ashrrev_i16;
   default: return NONE;
   }
}

static aco_status
select_int_bin(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type ty = type_of(c, in->srcs[0]);
   bool div = isel_div(c, in->defs[0]);
   unsigned bits = ty.bits;
   if (bits == 1) {
      static const op_t b32[3] = {aco_op_s_and_b32, aco_op_s_or_b32, aco_op_s_xor_b32};
      static const op_t b64[3] = {aco_op_s_and_b64, aco_op_s_or_b64, aco_op_s_xor_b64};
      unsigned k = in->op == ACO_OP_IAND ? 0 : in->op == ACO_OP_IOR ? 1 : 2;
      bool w64 = c->lane_mask_dwords == 2;
      *out = salu(c, w64 ? b64[k] : b32[k], c->lane_mask_dwords, 2,
                  T(isel_temp(c, in->srcs[0])), T(isel_temp(c, in->srcs[1])));
      return ACO_SUCCESS;
   }
   const struct int_ops *t = NULL;
   for (unsigned i = 0; i < sizeof(int_table) / sizeof(int_table[0]); i++) {
      if (int_table[i].ir == in->op) {
         t = &int_table[i];
         break; /* one row per operation */
      }
   }
   if (in->op == ACO_OP_UDIV || in->op == ACO_OP_SDIV || in->op == ACO_OP_UREM ||
       in->op == ACO_OP_SREM)
      return select_divrem(c, in, out);
   if (!t)
      return isel_unsupported(c, in, aco_op_name(in->op));
   aco_operand a = isel_opnd(c, in->srcs[0], bits);
   aco_operand b = isel_opnd(c, in->srcs[1], bits);
   bool shift = t->swap;
   op_t op16 = bits == 16 && div ? valu16_op(in->op) : NONE;
   if (op16 != NONE) {
      /* the 16-bit VALU forms read only the low halves (and the amount's low 4 bits):
       * no extension or masking */
      *out = shift ? valu(c, op16, aco_rc_v(1), 2, b, a, NO)
                   : valu(c, op16, aco_rc_v(1), 2, a, b, NO);
      return ACO_SUCCESS;
   }
   if (bits <= 32) {
      if (shift && bits < 32)
         b = b.kind == ACO_OPND_CONST ? K(b.value & (bits - 1))
                                      : (div ? T(valu(c, aco_op_v_and_b32, aco_rc_v(1), 2, K(bits - 1), b, NO))
                                             : T(salu(c, aco_op_s_and_b32, 1, 2, b, K(bits - 1))));
      if (t->ext) {
         a = ext32(c, a, bits, t->ext == 2, div);
         if (!shift)
            b = ext32(c, b, bits, t->ext == 2, div);
      }
      aco_temp r = div ? (aco_temp){0, {0}} : sopk(c, in->op, a, b);
      if (!r.id)
         r = bin32(c, t, div, a, b);
      if ((in->op == ACO_OP_UMUL_HI || in->op == ACO_OP_SMUL_HI) && bits < 32) {
         /* the double-width product fits 32 bits: take bits [bits, 2*bits) */
         const struct int_ops *lo = &int_table[2];
         r = bin32(c, lo, div, a, b);
         const struct int_ops *sh = &int_table[in->op == ACO_OP_SMUL_HI ? 8 : 7];
         r = bin32(c, sh, div, T(r), K(bits));
      }
      *out = r;
      return ACO_SUCCESS;
   }
   /* 64 bits */
   switch (in->op) {
   case ACO_OP_IAND:
   case ACO_OP_IOR:
   case ACO_OP_IXOR:
      if (!div) {
         *out = salu(c, t->s64, 2, 2, a, b);
      } else {
         aco_operand ah[2], bh[2];
         halves(c, a, ah);
         halves(c, b, bh);
         *out = pair(c, true, bin32(c, t, true, ah[0], bh[0]), bin32(c, t, true, ah[1], bh[1]));
      }
      return ACO_SUCCESS;
   case ACO_OP_ISHL:
   case ACO_OP_USHR:
   case ACO_OP_SSHR: {
      aco_operand amt = b.kind == ACO_OPND_CONST ? K(b.value & 63) : b;
      if (amt.kind == ACO_OPND_TEMP) {
         aco_operand bh[2];
         halves(c, amt, bh);
         amt = bh[0];
      }
      if (!div) {
         *out = salu(c, t->s64, 2, 2, a, amt);
      } else {
         op_t v = in->op == ACO_OP_ISHL ? aco_op_v_lshlrev_b64
                  : in->op == ACO_OP_USHR ? aco_op_v_lshrrev_b64 : aco_op_v_ashrrev_i64;
         v = isel_pick(c, v);
         if (v == NONE)
            return isel_unsupported(c, in, "this 64-bit shift");
         *out = valu(c, v, aco_rc_v(2), 2, amt, a, NO);
      }
      return ACO_SUCCESS;
   }
   case ACO_OP_IADD:
   case ACO_OP_ISUB: {
      bool add = in->op == ACO_OP_IADD;
      aco_operand ah[2], bh[2];
      halves(c, a, ah);
      halves(c, b, bh);
      if (!div) {
         aco_temp lo = salu(c, add ? aco_op_s_add_u32 : aco_op_s_sub_u32, 1, 2, ah[0], bh[0]);
         aco_temp hi = salu(c, add ? aco_op_s_addc_u32 : aco_op_s_subb_u32, 1, 2, ah[1], bh[1]);
         *out = pair(c, false, lo, hi);
      } else {
         aco_temp carry = {0, {0}};
         aco_operand lops[2] = {ah[0], bh[0]};
         aco_temp lo = valu_ex(c, add ? aco_op_v_add_co_u32 : aco_op_v_sub_co_u32, aco_rc_v(1), 2,
                               lops, 2, &carry);
         aco_operand hops[3] = {ah[1], bh[1], T(carry)};
         aco_temp hi = valu_ex(c, add ? aco_op_v_add_co_ci_u32 : aco_op_v_sub_co_ci_u32,
                               aco_rc_v(1), 3, hops, 2, NULL);
         *out = pair(c, true, lo, hi);
      }
      return ACO_SUCCESS;
   }
   case ACO_OP_IMUL: {
      aco_operand ah[2], bh[2];
      halves(c, a, ah);
      halves(c, b, bh);
      const struct int_ops *mul = &int_table[2], *add = &int_table[0];
      const struct int_ops *hi = &int_table[13];
      aco_temp lo = bin32(c, mul, div, ah[0], bh[0]);
      aco_temp h = bin32(c, hi, div, ah[0], bh[0]);
      aco_temp x = bin32(c, mul, div, ah[0], bh[1]);
      aco_temp y = bin32(c, mul, div, ah[1], bh[0]);
      h = bin32(c, add, div, T(h), T(x));
      h = bin32(c, add, div, T(h), T(y));
      *out = pair(c, div, lo, h);
      return ACO_SUCCESS;
   }
   case ACO_OP_UMIN:
   case ACO_OP_UMAX:
   case ACO_OP_SMIN:
   case ACO_OP_SMAX: {
      bool sign = in->op == ACO_OP_SMIN || in->op == ACO_OP_SMAX;
      bool min = in->op == ACO_OP_UMIN || in->op == ACO_OP_SMIN;
      op_t vop = sign ? aco_op_v_cmp_lt_i64 : aco_op_v_cmp_lt_u64;
      aco_temp m = cmp_mask(c, vop, NONE, div, a, b); /* a < b */
      aco_operand ah[2], bh[2];
      halves(c, a, ah);
      halves(c, b, bh);
      aco_operand *first = min ? ah : bh, *second = min ? bh : ah; /* chosen when a < b */
      if (!div) {
         aco_operand x = isel_opnd(c, in->srcs[min ? 0 : 1], 64);
         aco_operand y = isel_opnd(c, in->srcs[min ? 1 : 0], 64);
         if (x.kind == ACO_OPND_CONST && y.kind == ACO_OPND_CONST)
            x = T(isel_temp(c, in->srcs[min ? 0 : 1]));
         isel_scc_from_bool(c, m);
         struct aco_minstr *sel = isel_emit(c, aco_op_s_cselect_b64, 2, 1);
         sel->operands[0] = x;
         sel->operands[1] = y;
         *out = isel_new(c, aco_rc_s(2));
         sel->definitions[0] = aco_def_temp(*out);
         (void)first;
         (void)second;
      } else {
         aco_temp lo = valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, second[0], first[0], T(m));
         aco_temp hi = valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, second[1], first[1], T(m));
         *out = pair(c, true, lo, hi);
      }
      return ACO_SUCCESS;
   }
   case ACO_OP_UMUL_HI:
   case ACO_OP_SMUL_HI: {
      aco_temp h = mul_hi64(c, a, b, in->op == ACO_OP_SMUL_HI);
      *out = div ? h : as_uniform(c, h);
      return ACO_SUCCESS;
   }
   default:
      return isel_unsupported(c, in, "this 64-bit integer operation");
   }
}

/* find_lsb / find_msb of a 64-bit value, -1 (in all 64 bits) for 0. The VALU searches each
 * dword (all ones when it has no set bit) and takes the unsigned minimum of the index in
 * the dword searched first and the other one offset by 32; the SALU has 64-bit forms. */
static aco_temp
find_bit64(struct isel_ctx *c, aco_operand a, bool msb, bool div)
{
   aco_temp r;
   if (!div) {
      aco_temp z = salu(c, msb ? aco_op_s_clz_i32_u64 : aco_op_s_ctz_i32_b64, 1, 1, a, NO);
      if (msb) {
         /* 63 - clz, keeping -1 */
         aco_temp x = salu(c, aco_op_s_sub_u32, 1, 2, K(63), T(z));
         scmp(c, aco_op_s_cmp_eq_u32, T(z), K(0xffffffffu));
         struct aco_minstr *sel = isel_emit(c, aco_op_s_cselect_b32, 2, 1);
         sel->operands[0] = K(0xffffffffu);
         sel->operands[1] = T(x);
         z = isel_new(c, aco_rc_s(1));
         sel->definitions[0] = aco_def_temp(z);
      }
      return pair(c, false, z, salu(c, aco_op_s_ashr_i32, 1, 2, T(z), K(31)));
   }
   aco_rc v1 = aco_rc_v(1);
   struct v64 x = v64_of(c, a);
   op_t op = msb ? aco_op_v_clz_i32_u32 : aco_op_v_ctz_i32_b32;
   aco_temp first = valu(c, op, v1, 1, msb ? x.hi : x.lo, NO, NO);
   aco_temp second = valu(c, op, v1, 1, msb ? x.lo : x.hi, NO, NO);
   second = valu(c, aco_op_v_or_b32, v1, 2, T(second), K(32), NO);
   r = valu(c, aco_op_v_min_u32, v1, 2, T(first), T(second), NO);
   if (msb) {
      /* 63 - (leading zeros), keeping -1 */
      aco_temp m = valu(c, aco_op_v_cmp_eq_u32, aco_rc_lane_mask(c->p->wave_size), 2, T(r),
                        K(0xffffffffu), NO);
      aco_temp x63 = valu(c, aco_op_v_sub_nc_u32, v1, 2, K(63), T(r), NO);
      r = valu(c, aco_op_v_cndmask_b32, v1, 3, T(x63), K(0xffffffffu), T(m));
   }
   return pair(c, true, r, valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), T(r), NO));
}

static aco_status
select_int_un(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type ty = type_of(c, in->srcs[0]);
   bool div = isel_div(c, in->defs[0]);
   unsigned bits = ty.bits;
   if (bits == 1) {
      if (in->op != ACO_OP_INOT)
         return isel_unsupported(c, in, aco_op_name(in->op));
      bool w64 = c->lane_mask_dwords == 2;
      *out = salu(c, w64 ? aco_op_s_not_b64 : aco_op_s_not_b32, c->lane_mask_dwords, 1,
                  T(isel_temp(c, in->srcs[0])), NO);
      return ACO_SUCCESS;
   }
   aco_operand a = isel_opnd(c, in->srcs[0], bits);
   if (bits == 64) {
      aco_operand ah[2];
      switch (in->op) {
      case ACO_OP_INOT:
         if (!div) {
            *out = salu(c, aco_op_s_not_b64, 2, 1, a, NO);
         } else {
            halves(c, a, ah);
            *out = pair(c, true, valu(c, aco_op_v_not_b32, aco_rc_v(1), 1, ah[0], NO, NO),
                        valu(c, aco_op_v_not_b32, aco_rc_v(1), 1, ah[1], NO, NO));
         }
         return ACO_SUCCESS;
      case ACO_OP_POPCOUNT: {
         aco_temp lo;
         if (!div) {
            lo = salu(c, aco_op_s_bcnt1_i32_b64, 1, 1, a, NO);
         } else {
            halves(c, a, ah);
            lo = valu(c, aco_op_v_bcnt_u32_b32, aco_rc_v(1), 2, ah[0], K(0), NO);
            lo = valu(c, aco_op_v_bcnt_u32_b32, aco_rc_v(1), 2, ah[1], T(lo), NO);
         }
         *out = pair(c, div, lo, div ? valu(c, aco_op_v_mov_b32, aco_rc_v(1), 1, K(0), NO, NO)
                                     : isel_const_temp(c, 0, 1));
         return ACO_SUCCESS;
      }
      case ACO_OP_FIND_LSB:
      case ACO_OP_FIND_MSB:
         *out = find_bit64(c, a, in->op == ACO_OP_FIND_MSB, div);
         return ACO_SUCCESS;
      case ACO_OP_BITREVERSE:
         if (!div) {
            *out = salu(c, aco_op_s_brev_b64, 2, 1, a, NO);
         } else {
            halves(c, a, ah);
            *out = pair(c, true, valu(c, aco_op_v_bfrev_b32, aco_rc_v(1), 1, ah[1], NO, NO),
                        valu(c, aco_op_v_bfrev_b32, aco_rc_v(1), 1, ah[0], NO, NO));
         }
         return ACO_SUCCESS;
      default:
         break;
      }
      /* ineg, iabs: through 0 - a and a select */
      if (in->op == ACO_OP_INEG || in->op == ACO_OP_IABS) {
         halves(c, a, ah);
         aco_temp lo, hi;
         if (!div) {
            lo = salu(c, aco_op_s_sub_u32, 1, 2, K(0), ah[0]);
            hi = salu(c, aco_op_s_subb_u32, 1, 2, K(0), ah[1]);
         } else {
            aco_temp carry = {0, {0}};
            aco_operand l[2] = {K(0), ah[0]};
            lo = valu_ex(c, aco_op_v_sub_co_u32, aco_rc_v(1), 2, l, 2, &carry);
            aco_operand h[3] = {K(0), ah[1], T(carry)};
            hi = valu_ex(c, aco_op_v_sub_co_ci_u32, aco_rc_v(1), 3, h, 2, NULL);
         }
         aco_temp neg = pair(c, div, lo, hi);
         if (in->op == ACO_OP_INEG) {
            *out = neg;
            return ACO_SUCCESS;
         }
         aco_temp m = cmp_mask(c, aco_op_v_cmp_lt_i64, NONE, div, a, aco_opnd_const(0, 64));
         if (!div) {
            aco_operand pos = a.kind == ACO_OPND_CONST ? T(isel_temp(c, in->srcs[0])) : a;
            isel_scc_from_bool(c, m);
            struct aco_minstr *sel = isel_emit(c, aco_op_s_cselect_b64, 2, 1);
            sel->operands[0] = T(neg);
            sel->operands[1] = pos;
            *out = isel_new(c, aco_rc_s(2));
            sel->definitions[0] = aco_def_temp(*out);
         } else {
            aco_operand nh[2];
            halves(c, T(neg), nh);
            *out = pair(c, true, valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, ah[0], nh[0], T(m)),
                        valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, ah[1], nh[1], T(m)));
         }
         return ACO_SUCCESS;
      }
      return isel_unsupported(c, in, "this 64-bit integer operation");
   }
   switch (in->op) {
   case ACO_OP_INOT:
      *out = div ? valu(c, aco_op_v_not_b32, aco_rc_v(1), 1, a, NO, NO)
                 : salu(c, aco_op_s_not_b32, 1, 1, a, NO);
      return ACO_SUCCESS;
   case ACO_OP_INEG:
      *out = div ? valu(c, aco_op_v_sub_nc_u32, aco_rc_v(1), 2, K(0), a, NO)
                 : salu(c, aco_op_s_sub_u32, 1, 2, K(0), a);
      return ACO_SUCCESS;
   case ACO_OP_IABS:
      a = ext32(c, a, bits, true, div);
      if (div) {
         aco_temp n = valu(c, aco_op_v_sub_nc_u32, aco_rc_v(1), 2, K(0), a, NO);
         *out = valu(c, aco_op_v_max_i32, aco_rc_v(1), 2, a, T(n), NO);
      } else {
         *out = salu(c, aco_op_s_abs_i32, 1, 1, a, NO);
      }
      return ACO_SUCCESS;
   case ACO_OP_POPCOUNT:
      a = ext32(c, a, bits, false, div);
      *out = div ? valu(c, aco_op_v_bcnt_u32_b32, aco_rc_v(1), 2, a, K(0), NO)
                 : salu(c, aco_op_s_bcnt1_i32_b32, 1, 1, a, NO);
      return ACO_SUCCESS;
   case ACO_OP_BITREVERSE: {
      aco_temp r = div ? valu(c, aco_op_v_bfrev_b32, aco_rc_v(1), 1, a, NO, NO)
                       : salu(c, aco_op_s_brev_b32, 1, 1, a, NO);
      if (bits < 32)
         r = div ? valu(c, aco_op_v_lshrrev_b32, aco_rc_v(1), 2, K(32 - bits), T(r), NO)
                 : salu(c, aco_op_s_lshr_b32, 1, 2, T(r), K(32 - bits));
      *out = r;
      return ACO_SUCCESS;
   }
   case ACO_OP_FIND_LSB:
      a = ext32(c, a, bits, false, div);
      *out = div ? valu(c, aco_op_v_ctz_i32_b32, aco_rc_v(1), 1, a, NO, NO)
                 : salu(c, aco_op_s_ctz_i32_b32, 1, 1, a, NO);
      return ACO_SUCCESS;
   case ACO_OP_FIND_MSB: {
      a = ext32(c, a, bits, false, div);
      /* 31 - clz; clz of 0 is -1 (all ones), which must stay -1 */
      if (div) {
         aco_temp z = valu(c, aco_op_v_clz_i32_u32, aco_rc_v(1), 1, a, NO, NO);
         aco_temp r = valu(c, aco_op_v_sub_nc_u32, aco_rc_v(1), 2, K(31), T(z), NO);
         aco_temp m = cmp_mask(c, aco_op_v_cmp_eq_u32, NONE, true, T(z), K(0xffffffffu));
         *out = valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, T(r), K(0xffffffffu), T(m));
      } else {
         aco_temp z = salu(c, aco_op_s_clz_i32_u32, 1, 1, a, NO);
         aco_temp r = salu(c, aco_op_s_sub_u32, 1, 2, K(31), T(z));
         scmp(c, aco_op_s_cmp_eq_u32, T(z), K(0xffffffffu));
         struct aco_minstr *sel = isel_emit(c, aco_op_s_cselect_b32, 2, 1);
         sel->operands[0] = K(0xffffffffu);
         sel->operands[1] = T(r);
         *out = isel_new(c, aco_rc_s(1));
         sel->definitions[0] = aco_def_temp(*out);
      }
      return ACO_SUCCESS;
   }
   default:
      return isel_unsupported(c, in, aco_op_name(in->op));
   }
}

/* ---- comparisons ------------------------------------------------------------------------ */

/* A lane mask for a VALU comparison (div), or a uniform boolean. sop: the SALU compare,
 * NONE to compare on the VALU and make the mask uniform. */
static aco_temp
cmp_mask(struct isel_ctx *c, op_t vop, op_t sop, bool div, aco_operand a, aco_operand b)
{
   if (!div && sop != NONE) {
      scmp(c, sop, a, b);
      return isel_lane_mask_from_scc(c);
   }
   aco_temp m = valu(c, vop, aco_rc_lane_mask(c->p->wave_size), 2, a, b, NO);
   return div ? m : bool_from_valu_mask(c, m);
}

enum { CC_EQ, CC_NE, CC_LT, CC_LE, CC_GT, CC_GE, CC_U };

static const op_t vcmp_u32[6] = {aco_op_v_cmp_eq_u32, aco_op_v_cmp_ne_u32, aco_op_v_cmp_lt_u32,
                                 aco_op_v_cmp_le_u32, aco_op_v_cmp_gt_u32, aco_op_v_cmp_ge_u32};
static const op_t vcmp_i32[6] = {aco_op_v_cmp_eq_i32, aco_op_v_cmp_ne_i32, aco_op_v_cmp_lt_i32,
                                 aco_op_v_cmp_le_i32, aco_op_v_cmp_gt_i32, aco_op_v_cmp_ge_i32};
static const op_t vcmp_u64[6] = {aco_op_v_cmp_eq_u64, aco_op_v_cmp_ne_u64, aco_op_v_cmp_lt_u64,
                                 aco_op_v_cmp_le_u64, aco_op_v_cmp_gt_u64, aco_op_v_cmp_ge_u64};
static const op_t vcmp_i64[6] = {aco_op_v_cmp_eq_i64, aco_op_v_cmp_ne_i64, aco_op_v_cmp_lt_i64,
                                 aco_op_v_cmp_le_i64, aco_op_v_cmp_gt_i64, aco_op_v_cmp_ge_i64};
static const op_t scmp_u32[6] = {aco_op_s_cmp_eq_u32, aco_op_s_cmp_lg_u32, aco_op_s_cmp_lt_u32,
                                 aco_op_s_cmp_le_u32, aco_op_s_cmp_gt_u32, aco_op_s_cmp_ge_u32};
static const op_t scmp_i32[6] = {aco_op_s_cmp_eq_i32, aco_op_s_cmp_lg_i32, aco_op_s_cmp_lt_i32,
                                 aco_op_s_cmp_le_i32, aco_op_s_cmp_gt_i32, aco_op_s_cmp_ge_i32};
static const op_t vcmp_f16[7] = {aco_op_v_cmp_eq_f16, aco_op_v_cmp_neq_f16, aco_op_v_cmp_lt_f16,
                                 aco_op_v_cmp_le_f16, aco_op_v_cmp_gt_f16, aco_op_v_cmp_ge_f16,
                                 aco_op_v_cmp_u_f16};
static const op_t vcmp_f32[7] = {aco_op_v_cmp_eq_f32, aco_op_v_cmp_neq_f32, aco_op_v_cmp_lt_f32,
                                 aco_op_v_cmp_le_f32, aco_op_v_cmp_gt_f32, aco_op_v_cmp_ge_f32,
                                 aco_op_v_cmp_u_f32};
static const op_t vcmp_f64[7] = {aco_op_v_cmp_eq_f64, aco_op_v_cmp_neq_f64, aco_op_v_cmp_lt_f64,
                                 aco_op_v_cmp_le_f64, aco_op_v_cmp_gt_f64, aco_op_v_cmp_ge_f64,
                                 aco_op_v_cmp_u_f64};

static aco_status
select_cmp(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type ty = type_of(c, in->srcs[0]);
   bool div = isel_div(c, in->defs[0]);
   unsigned cc;
   bool sign = false;
   switch (in->op) {
   case ACO_OP_IEQ: case ACO_OP_FEQ: cc = CC_EQ; break;
   case ACO_OP_INE: case ACO_OP_FNE: cc = CC_NE; break;
   case ACO_OP_ULT: case ACO_OP_FLT: cc = CC_LT; break;
   case ACO_OP_SLT: cc = CC_LT; sign = true; break;
   case ACO_OP_ULE: case ACO_OP_FLE: cc = CC_LE; break;
   case ACO_OP_SLE: cc = CC_LE; sign = true; break;
   case ACO_OP_UGT: case ACO_OP_FGT: cc = CC_GT; break;
   case ACO_OP_SGT: cc = CC_GT; sign = true; break;
   case ACO_OP_UGE: case ACO_OP_FGE: cc = CC_GE; break;
   case ACO_OP_SGE: cc = CC_GE; sign = true; break;
   case ACO_OP_FUNORD: cc = CC_U; break;
   default: return isel_unsupported(c, in, aco_op_name(in->op));
   }
   if (ty.bits == 1) {
      bool w64 = c->lane_mask_dwords == 2;
      op_t op = cc == CC_EQ ? (w64 ? aco_op_s_xnor_b64 : aco_op_s_xnor_b32)
                            : (w64 ? aco_op_s_xor_b64 : aco_op_s_xor_b32);
      *out = salu(c, op, c->lane_mask_dwords, 2, T(isel_temp(c, in->srcs[0])),
                  T(isel_temp(c, in->srcs[1])));
      return ACO_SUCCESS;
   }
   aco_operand a = isel_opnd(c, in->srcs[0], ty.bits);
   aco_operand b = isel_opnd(c, in->srcs[1], ty.bits);
   if (ty.base == ACO_BASE_FLOAT) {
      const op_t *tab = ty.bits == 16 ? vcmp_f16 : ty.bits == 32 ? vcmp_f32 : vcmp_f64;
      *out = cmp_mask(c, tab[cc], NONE, div, a, b);
      return ACO_SUCCESS;
   }
   if (ty.bits == 64) {
      op_t sop = NONE;
      if (cc == CC_EQ)
         sop = aco_op_s_cmp_eq_u64;
      else if (cc == CC_NE)
         sop = aco_op_s_cmp_lg_u64;
      if (a.kind == ACO_OPND_CONST && b.kind == ACO_OPND_CONST)
         a = T(isel_temp(c, in->srcs[0]));
      *out = cmp_mask(c, (sign ? vcmp_i64 : vcmp_u64)[cc], sop, div, a, b);
      return ACO_SUCCESS;
   }
   bool ext_sign = sign;
   a = ext32(c, a, ty.bits, ext_sign, div);
   b = ext32(c, b, ty.bits, ext_sign, div);
   *out = cmp_mask(c, (sign ? vcmp_i32 : vcmp_u32)[cc], (sign ? scmp_i32 : scmp_u32)[cc], div, a, b);
   return ACO_SUCCESS;
}

/* ---- floats ------------------------------------------------------------------------------- */

struct float_ops {
   aco_op ir;
   op_t f16, f32, f64, s32; /* s32: SALU float (GFX12) */
};

static const struct float_ops float_table[] = {
   {ACO_OP_FADD, aco_op_v_add_f16, aco_op_v_add_f32, aco_op_v_add_f64, aco_op_s_add_f32},
   {ACO_OP_FSUB, aco_op_v_sub_f16, aco_op_v_sub_f32, aco_op_v_add_f64, aco_op_s_sub_f32},
   {ACO_OP_FMUL, aco_op_v_mul_f16, aco_op_v_mul_f32, aco_op_v_mul_f64, aco_op_s_mul_f32},
   {ACO_OP_FMIN, aco_op_v_min_f16, aco_op_v_min_f32, aco_op_v_min_f64, NONE},
   {ACO_OP_FMAX, aco_op_v_max_f16, aco_op_v_max_f32, aco_op_v_max_f64, NONE},
   {ACO_OP_FFMA, aco_op_v_fma_f16, aco_op_v_fma_f32, aco_op_v_fma_f64, NONE},
   {ACO_OP_FFLOOR, aco_op_v_floor_f16, aco_op_v_floor_f32, aco_op_v_floor_f64, NONE},
   {ACO_OP_FCEIL, aco_op_v_ceil_f16, aco_op_v_ceil_f32, aco_op_v_ceil_f64, NONE},
   {ACO_OP_FTRUNC, aco_op_v_trunc_f16, aco_op_v_trunc_f32, aco_op_v_trunc_f64, NONE},
   {ACO_OP_FROUND_EVEN, aco_op_v_rndne_f16, aco_op_v_rndne_f32, aco_op_v_rndne_f64, NONE},
   {ACO_OP_FFRACT, aco_op_v_fract_f16, aco_op_v_fract_f32, aco_op_v_fract_f64, NONE},
   {ACO_OP_FRCP, aco_op_v_rcp_f16, aco_op_v_rcp_f32, NONE, NONE},
   {ACO_OP_FRSQ, aco_op_v_rsq_f16, aco_op_v_rsq_f32, NONE, NONE},
   {ACO_OP_FSQRT, aco_op_v_sqrt_f16, aco_op_v_sqrt_f32, NONE, NONE},
   {ACO_OP_FEXP2, aco_op_v_exp_f16, aco_op_v_exp_f32, NONE, NONE},
   {ACO_OP_FLOG2, aco_op_v_log_f16, aco_op_v_log_f32, NONE, NONE},
   {ACO_OP_FSIN, NONE, aco_op_v_sin_f32, NONE, NONE},
   {ACO_OP_FCOS, NONE, aco_op_v_cos_f32, NONE, NONE},
};

static op_t
pick_float_op(struct isel_ctx *c, op_t op)
{
   if (op == aco_op_v_min_f64 && !isel_has(c, op))
      return isel_has(c, aco_op_v_min_num_f64) ? aco_op_v_min_num_f64 : NONE;
   if (op == aco_op_v_max_f64 && !isel_has(c, op))
      return isel_has(c, aco_op_v_max_num_f64) ? aco_op_v_max_num_f64 : NONE;
   return op == NONE ? NONE : isel_pick(c, op);
}

/* The last emitted instruction, to set its modifiers. */
static struct aco_minstr *
last_instr(struct isel_ctx *c)
{
   return c->block->instrs.data[c->block->instrs.len - 1];
}

/* f16 fdiv, fsin and fcos computed in f32 (exact widening of the inputs, an error far below
 * an f16 ULP) and rounded once to f16. Near the zeros of sin and cos away from 0 the f32
 * angle in revolutions still limits the relative error (as for f32). */
static aco_temp
approx_f16_via_f32(struct isel_ctx *c, aco_op op, const aco_operand *ops)
{
   aco_rc v1 = aco_rc_v(1);
   aco_temp a = valu(c, aco_op_v_cvt_f32_f16, v1, 1, ops[0], NO, NO);
   aco_temp r;
   if (op == ACO_OP_FDIV) {
      aco_temp b = valu(c, aco_op_v_cvt_f32_f16, v1, 1, ops[1], NO, NO);
      b = valu(c, aco_op_v_rcp_f32, v1, 1, T(b), NO, NO);
      r = valu(c, aco_op_v_mul_f32, v1, 2, T(a), T(b), NO);
   } else {
      /* the hardware takes the angle in revolutions: x / (2 pi) reduced in f64,
       * where they are exact to far below an f16 ULP for every f16 x */
      aco_temp x = valu(c, aco_op_v_cvt_f64_f32, aco_rc_v(2), 1, T(a), NO, NO);
      aco_temp k = isel_const_temp(c, 0x3fc45f306dc9c883, 2); /* 1 / (2 pi) */
      x = valu(c, isel_pick(c, aco_op_v_mul_f64), aco_rc_v(2), 2, T(x), T(k), NO);
      aco_temp n = valu(c, aco_op_v_rndne_f64, aco_rc_v(2), 1, T(x), NO, NO);
      x = valu(c, isel_pick(c, aco_op_v_add_f64), aco_rc_v(2), 2, T(x), T(n), NO);
      last_instr(c)->valu.neg = 2; /* x - n: in [-1/2, 1/2], small angles keep their bits */
      a = valu(c, aco_op_v_cvt_f32_f64, v1, 1, T(x), NO, NO);
      r = valu(c, op == ACO_OP_FSIN ? aco_op_v_sin_f32 : aco_op_v_cos_f32, v1, 1, T(a), NO, NO);
   }
   return valu(c, aco_op_v_cvt_f16_f32, v1, 1, T(r), NO, NO);
}

static bool
is_approx_f32(aco_op op)
{
   return op == ACO_OP_FDIV || op == ACO_OP_FRCP || op == ACO_OP_FRSQ || op == ACO_OP_FSQRT ||
          op == ACO_OP_FEXP2 || op == ACO_OP_FLOG2;
}

/* A lane mask of the lanes where x (|x| with abs) is below the f32 constant `bound`. */
static aco_temp
below(struct isel_ctx *c, aco_operand x, uint32_t bound, bool abs)
{
   aco_temp m = valu(c, aco_op_v_cmp_lt_f32, aco_rc_lane_mask(c->p->wave_size), 2, x,
                     K(bound), NO);
   if (abs)
      last_instr(c)->valu.abs = 1;
   return m;
}

/* where m is set, `yes`, else `no` (32-bit constants) */
static aco_operand
pick_k(struct isel_ctx *c, aco_temp m, uint32_t no, uint32_t yes)
{
   return T(valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, K(no), K(yes), T(m)));
}

/* x / y as (mant(x) / mant(y)) * 2^(exp(x) - exp(y)) with frexp: the quotient of the
 * mantissas lies in (1/4, 2], so neither 1 / mant(y) nor the product overflows or is
 * denormal, and the final ldexp rounds a denormal result once, in the mode. v_rcp_f32
 * flushes denormal inputs and results whatever the mode, so a * (1 / b) would give inf
 * for a denormal b and 0 for |b| > 2^126. frexp gives a zero, inf or NaN back with
 * exponent 0, so the IEEE special cases come out of the rcp and the multiplication. x is
 * NULL for frcp. */
static aco_temp
div_f32(struct isel_ctx *c, const aco_operand *x, aco_operand y)
{
   aco_rc v1 = aco_rc_v(1);
   aco_temp my = valu(c, aco_op_v_frexp_mant_f32, v1, 1, y, NO, NO);
   aco_temp ey = valu(c, aco_op_v_frexp_exp_i32_f32, v1, 1, y, NO, NO);
   aco_temp q = valu(c, aco_op_v_rcp_f32, v1, 1, T(my), NO, NO);
   aco_temp e = valu(c, aco_op_v_sub_nc_u32, v1, 2, K(0), T(ey), NO);
   if (x) {
      aco_temp mx = valu(c, aco_op_v_frexp_mant_f32, v1, 1, *x, NO, NO);
      aco_temp ex = valu(c, aco_op_v_frexp_exp_i32_f32, v1, 1, *x, NO, NO);
      q = valu(c, aco_op_v_mul_f32, v1, 2, T(mx), T(q), NO);
      e = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(ex), T(ey), NO);
   }
   return valu(c, aco_op_v_ldexp_f32, v1, 2, T(q), T(e), NO);
}

/* f32 approximate operations. The hardware's rcp, rsq, sqrt, exp and log flush denormal
 * inputs and results whatever the mode, so when the function keeps denormals, inputs
 * that would be flushed are scaled into the normal range first and the result scaled
 * back exactly (as LLVM does): sqrt(x) = sqrt(x * 2^32) * 2^-16, rsq likewise with 2^16,
 * log2(x) = log2(x * 2^32) - 32, exp2(x) = exp2(x + 64) * 2^-64 for x < -126 (a denormal
 * result), and the reciprocal goes through frexp (div_f32). Under flushing the hardware
 * already does what the IR says, but for division: a * (1 / b) loses a normal quotient
 * when 1 / b is denormal, so division goes through frexp in both modes. */
static aco_temp
approx_f32(struct isel_ctx *c, aco_op op, const aco_operand *ops)
{
   aco_rc v1 = aco_rc_v(1);
   bool flush = c->f->float_mode.denorm32 == ACO_DENORM_FLUSH;
   if (op == ACO_OP_FDIV)
      return div_f32(c, &ops[0], ops[1]);
   op_t hw = op == ACO_OP_FRCP    ? aco_op_v_rcp_f32
             : op == ACO_OP_FRSQ  ? aco_op_v_rsq_f32
             : op == ACO_OP_FSQRT ? aco_op_v_sqrt_f32
             : op == ACO_OP_FEXP2 ? aco_op_v_exp_f32
                                  : aco_op_v_log_f32;
   if (flush)
      return valu(c, hw, v1, 1, ops[0], NO, NO);
   if (op == ACO_OP_FRCP)
      return div_f32(c, NULL, ops[0]);
   if (op == ACO_OP_FEXP2) {
      aco_temp m = below(c, ops[0], 0xc2fc0000u, false); /* x < -126 */
      aco_temp x = valu(c, aco_op_v_add_f32, v1, 2, ops[0], pick_k(c, m, 0, 0x42800000u), NO);
      aco_temp r = valu(c, hw, v1, 1, T(x), NO, NO);
      return valu(c, aco_op_v_ldexp_f32, v1, 2, T(r), pick_k(c, m, 0, (uint32_t)-64), NO);
   }
   aco_temp m = below(c, ops[0], 0x00800000u, true); /* |x| < 2^-126 */
   aco_temp x = valu(c, aco_op_v_ldexp_f32, v1, 2, ops[0], pick_k(c, m, 0, 32), NO);
   aco_temp r = valu(c, hw, v1, 1, T(x), NO, NO);
   if (op == ACO_OP_FLOG2) /* + -32.0 (+ +0 elsewhere, which keeps log2(1) = +0) */
      return valu(c, aco_op_v_add_f32, v1, 2, T(r), pick_k(c, m, 0, 0xc2000000u), NO);
   uint32_t back = op == ACO_OP_FSQRT ? (uint32_t)-16 : 16;
   return valu(c, aco_op_v_ldexp_f32, v1, 2, T(r), pick_k(c, m, 0, back), NO);
}

/* fma(a, b, c) with a negated. */
static aco_temp
fma64_neg_a(struct isel_ctx *c, aco_operand a, aco_operand b, aco_operand d)
{
   aco_temp r = valu(c, aco_op_v_fma_f64, aco_rc_v(2), 3, a, b, d);
   last_instr(c)->valu.neg = 1;
   return r;
}

/* Where the refined value is NaN but the hardware's first value is not (inputs 0, inf,
 * results that overflow), the first value is the IEEE result. */
static aco_temp
refined_or_first(struct isel_ctx *c, aco_temp refined, aco_temp first)
{
   aco_temp nan = valu(c, aco_op_v_cmp_u_f64, aco_rc_lane_mask(c->p->wave_size), 2, T(refined),
                       T(refined), NO);
   struct v64 f = v64_of(c, T(first)), r = v64_of(c, T(refined));
   return v64_temp(c, v64_select(c, nan, f, r));
}

/* f64 frcp, frsq, fsqrt and fdiv: the hardware's approximations refined by Newton-Raphson
 * steps in fma (each about doubles the correct bits), the division with one residual
 * correction of a * (1 / b), b scaled by a power of two first so that 1 / b is a normal
 * number. */
static aco_temp
approx_f64(struct isel_ctx *c, aco_op op, const aco_operand *ops)
{
   aco_rc v2 = aco_rc_v(2);
   aco_operand one = aco_opnd_const(0x3ff0000000000000, 64);
   aco_operand half = aco_opnd_const(0x3fe0000000000000, 64);
   one.is_float = half.is_float = true;
   op_t mul = isel_pick(c, aco_op_v_mul_f64);
   if (op == ACO_OP_FRSQ) {
      aco_temp r0 = valu(c, aco_op_v_rsq_f64, v2, 1, ops[0], NO, NO), r = r0;
      for (unsigned i = 0; i < 2; i++) {
         /* r += r / 2 * (1 - x * r * r) */
         aco_temp t = valu(c, mul, v2, 2, ops[0], T(r), NO);
         aco_temp e = fma64_neg_a(c, T(t), T(r), one);
         aco_temp h = valu(c, mul, v2, 2, T(r), half, NO);
         r = valu(c, aco_op_v_fma_f64, v2, 3, T(h), T(e), T(r));
      }
      return refined_or_first(c, r, r0);
   }
   aco_operand x = op == ACO_OP_FDIV ? ops[1] : ops[0];
   aco_temp k = {0, {0}};
   if (op == ACO_OP_FDIV) {
      /* a / b = (a / (b * 2^k)) * 2^k, with k = 128 for |b| < 2^-896 (whose reciprocal
       * overflows) and -128 for |b| > 2^896 (denormal reciprocal) */
      aco_rc v1 = aco_rc_v(1), lm = aco_rc_lane_mask(c->p->wave_size);
      aco_temp lo = isel_const_temp(c, 0x07f0000000000000, 2); /* 2^-896 */
      aco_temp hi = isel_const_temp(c, 0x77f0000000000000, 2); /* 2^896 */
      aco_temp tiny = valu(c, aco_op_v_cmp_lt_f64, lm, 2, x, T(lo), NO);
      last_instr(c)->valu.abs = 1;
      aco_temp huge = valu(c, aco_op_v_cmp_gt_f64, lm, 2, x, T(hi), NO);
      last_instr(c)->valu.abs = 1;
      k = valu(c, aco_op_v_cndmask_b32, v1, 3, K(0), K(128), T(tiny));
      k = valu(c, aco_op_v_cndmask_b32, v1, 3, T(k), K((uint32_t)-128), T(huge));
      x = T(valu(c, aco_op_v_ldexp_f64, v2, 2, x, T(k), NO));
   }
   if (op == ACO_OP_FSQRT) {
      /* s += (x - s * s) / (2 s) */
      aco_temp s0 = valu(c, aco_op_v_sqrt_f64, v2, 1, x, NO, NO);
      aco_temp d = fma64_neg_a(c, T(s0), T(s0), x);
      aco_temp g = valu(c, aco_op_v_rcp_f64, v2, 1, T(s0), NO, NO);
      g = valu(c, mul, v2, 2, T(g), half, NO);
      aco_temp s = valu(c, aco_op_v_fma_f64, v2, 3, T(d), T(g), T(s0));
      return refined_or_first(c, s, s0);
   }
   aco_temp r0 = valu(c, aco_op_v_rcp_f64, v2, 1, x, NO, NO), r = r0;
   for (unsigned i = 0; i < 2; i++) {
      /* r += r * (1 - x * r) */
      aco_temp e = fma64_neg_a(c, x, T(r), one);
      r = valu(c, aco_op_v_fma_f64, v2, 3, T(r), T(e), T(r));
   }
   if (op == ACO_OP_FRCP)
      return refined_or_first(c, r, r0);
   /* q = a * r; q += (a - b * q) * r */
   aco_temp q0 = valu(c, mul, v2, 2, ops[0], T(r0), NO);
   aco_temp q = valu(c, mul, v2, 2, ops[0], T(r), NO);
   aco_temp rem = fma64_neg_a(c, x, T(q), ops[0]);
   q = valu(c, aco_op_v_fma_f64, v2, 3, T(rem), T(r), T(q));
   q = refined_or_first(c, q, q0);
   return valu(c, aco_op_v_ldexp_f64, v2, 2, T(q), T(k), NO);
}

static bool
is_vgpr32_temp(aco_operand o)
{
   return o.kind == ACO_OPND_TEMP && aco_rc_is_vgpr(o.temp.rc) && !aco_rc_is_linear(o.temp.rc) &&
          !aco_rc_is_subdword(o.temp.rc) && aco_rc_dwords(o.temp.rc) == 1;
}

/* fma(a, b, c) fits the 4-byte VOP2 v_fmac_f32 (d = a * b + d) when b and c are VGPRs: the
 * VOP2 form reads src1 from a VGPR, and c is tied to the result (docs/mir.md "Tied
 * operands": register allocation overwrites c, or a copy of it when c lives on). a may
 * be anything, a literal included. When only a is a VGPR the multiplicands are swapped:
 * the product is the same, and which of two NaN operands propagates is left open by the
 * IR (docs/ir-semantics.md: a NaN result has an unspecified payload). */
static bool
fmac_fits(aco_operand *ops)
{
   if (!is_vgpr32_temp(ops[2]))
      return false;
   if (!is_vgpr32_temp(ops[1]) && is_vgpr32_temp(ops[0])) {
      aco_operand t = ops[0];
      ops[0] = ops[1];
      ops[1] = t;
   }
   return is_vgpr32_temp(ops[1]);
}

static aco_temp
fmac(struct isel_ctx *c, op_t op, const aco_operand *ops)
{
   struct aco_minstr *in = isel_emit(c, op, 3, 1);
   for (unsigned i = 0; i < 3; i++)
      in->operands[i] = ops[i];
   in->tied = 3; /* operand 2 */
   aco_temp d = isel_new(c, ops[2].temp.rc);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

static aco_status
select_float(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type ty = type_of(c, in->defs[0]);
   bool div = isel_div(c, in->defs[0]);
   unsigned bits = ty.bits;
   unsigned n = in->num_srcs;
   aco_operand ops[3];
   for (unsigned i = 0; i < n && i < 3; i++)
      ops[i] = isel_opnd(c, in->srcs[i], bits);

   if (in->op == ACO_OP_FNEG || in->op == ACO_OP_FABS) {
      uint64_t sign = UINT64_C(1) << (bits - 1);
      bool neg = in->op == ACO_OP_FNEG;
      if (bits == 64) {
         aco_operand h[2];
         halves(c, ops[0], h);
         aco_temp hi = div ? valu(c, neg ? aco_op_v_xor_b32 : aco_op_v_and_b32, aco_rc_v(1), 2,
                                  K(neg ? 0x80000000u : 0x7fffffffu), h[1], NO)
                           : salu(c, neg ? aco_op_s_xor_b32 : aco_op_s_and_b32, 1, 2, h[1],
                                  K(neg ? 0x80000000u : 0x7fffffffu));
         *out = pair(c, div, h[0].kind == ACO_OPND_TEMP ? h[0].temp : isel_const_temp(c, h[0].value, 1), hi);
         return ACO_SUCCESS;
      }
      uint32_t mask = (uint32_t)(neg ? sign : sign - 1);
      *out = div ? valu(c, neg ? aco_op_v_xor_b32 : aco_op_v_and_b32, aco_rc_v(1), 2, K(mask), ops[0], NO)
                 : salu(c, neg ? aco_op_s_xor_b32 : aco_op_s_and_b32, 1, 2, ops[0], K(mask));
      return ACO_SUCCESS;
   }
   bool approx16 = in->op == ACO_OP_FDIV || in->op == ACO_OP_FSIN || in->op == ACO_OP_FCOS;
   if (bits == 16 && approx16) {
      *out = approx_f16_via_f32(c, in->op, ops);
      if (!div)
         *out = as_uniform(c, *out);
      return ACO_SUCCESS;
   }
   if (bits == 64 && (in->op == ACO_OP_FDIV || in->op == ACO_OP_FRCP ||
                      in->op == ACO_OP_FRSQ || in->op == ACO_OP_FSQRT)) {
      *out = approx_f64(c, in->op, ops);
      if (!div)
         *out = as_uniform(c, *out);
      return ACO_SUCCESS;
   }
   if (bits == 32 && is_approx_f32(in->op)) {
      aco_temp d = approx_f32(c, in->op, ops);
      *out = div ? d : as_uniform(c, d);
      return ACO_SUCCESS;
   }
   const struct float_ops *t = NULL;
   for (unsigned i = 0; i < sizeof(float_table) / sizeof(float_table[0]); i++) {
      if (float_table[i].ir == in->op) {
         t = &float_table[i];
         break; /* one row per operation */
      }
   }
   if (!t)
      return isel_unsupported(c, in, aco_op_name(in->op));
   op_t op = pick_float_op(c, bits == 16 ? t->f16 : bits == 32 ? t->f32 : t->f64);
   if (op == NONE)
      return isel_unsupported(c, in, "this float operation at this size on this target");
   if (!div && bits == 32 && t->s32 != NONE && isel_has(c, t->s32)) {
      *out = salu(c, t->s32, 1, 2, ops[0], ops[1]);
      return ACO_SUCCESS;
   }
   if (in->op == ACO_OP_FSIN || in->op == ACO_OP_FCOS) {
      /* the hardware takes the angle in revolutions */
      aco_operand k = aco_opnd_const(0x3e22f983u, 32); /* 1 / (2 pi) */
      ops[0] = T(valu(c, aco_op_v_mul_f32, aco_rc_v(1), 2, ops[0], k, NO));
   }
   aco_rc rc = aco_rc_v(bits == 64 ? 2 : 1);
   aco_temp d;
   if (in->op == ACO_OP_FSUB && bits == 64) {
      aco_operand o2[2] = {ops[0], ops[1]};
      d = valu_ex(c, op, rc, 2, o2, 2, NULL);
      struct aco_minstr *last = c->block->instrs.data[c->block->instrs.len - 1];
      last->valu.neg = 2;
   } else if (op == aco_op_v_fma_f32 && fmac_fits(ops)) {
      d = fmac(c, aco_op_v_fmac_f32, ops);
   } else {
      d = valu_ex(c, op, rc, n, ops, n, NULL);
   }
   *out = div ? d : as_uniform(c, d);
   return ACO_SUCCESS;
}

/* ---- conversions ------------------------------------------------------------------------ */

static aco_temp
bool_to_int(struct isel_ctx *c, aco_temp m, uint32_t one, bool div)
{
   if (div)
      return valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, K(0), K(one), T(m));
   isel_scc_from_bool(c, m);
   struct aco_minstr *sel = isel_emit(c, aco_op_s_cselect_b32, 2, 1);
   sel->operands[0] = K(one);
   sel->operands[1] = K(0);
   aco_temp d = isel_new(c, aco_rc_s(1));
   sel->definitions[0] = aco_def_temp(d);
   return d;
}

/* A 32-bit VALU value of a (uniform or divergent) operand of `bits` float bits widened
 * to f32. */
static aco_operand
to_f32(struct isel_ctx *c, aco_operand a, unsigned bits)
{
   if (bits == 16)
      return T(valu(c, aco_op_v_cvt_f32_f16, aco_rc_v(1), 1, a, NO, NO));
   if (bits == 64)
      return T(valu(c, aco_op_v_cvt_f32_f64, aco_rc_v(1), 1, a, NO, NO));
   return a;
}

/* ---- conversions between 64-bit integers and floats ------------------------------------- */

/* clz of a 64-bit value, 64 for 0 (v_clz_i32_u32 gives all ones for 0). */
static aco_temp
clz64(struct isel_ctx *c, struct v64 x)
{
   aco_rc v1 = aco_rc_v(1);
   aco_temp zl = valu(c, aco_op_v_clz_i32_u32, v1, 1, x.lo, NO, NO);
   zl = valu(c, aco_op_v_min_u32, v1, 2, T(zl), K(32), NO);
   zl = valu(c, aco_op_v_add_nc_u32, v1, 2, T(zl), K(32), NO);
   aco_temp zh = valu(c, aco_op_v_clz_i32_u32, v1, 1, x.hi, NO, NO);
   return valu(c, aco_op_v_min_u32, v1, 2, T(zh), T(zl), NO);
}

/* A 64-bit integer to f32, rounded once in the function's mode: the magnitude shifted
 * so its top bit is bit 63, its high dword with a sticky bit for the nonzero bits below
 * (round to odd: the 32-bit conversion then rounds as the 64-bit value would, in any
 * mode), converted, and scaled back by the shift. The signed one keeps 31 bits and
 * applies the sign before converting, so directed roundings see the signed value. */
static aco_temp
int64_to_f32(struct isel_ctx *c, aco_operand x64, bool sign)
{
   aco_rc v1 = aco_rc_v(1);
   struct v64 x = v64_of(c, x64);
   aco_temp s = {0, {0}};
   if (sign) {
      s = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), x.hi, NO);
      x = v64_negate_if(c, x, T(s));
   }
   aco_temp z = clz64(c, x);
   aco_temp n = valu(c, isel_pick(c, aco_op_v_lshlrev_b64), aco_rc_v(2), 2, T(z),
                     T(v64_temp(c, x)), NO);
   struct v64 nh = v64_of(c, T(n));
   aco_temp low = nh.lo.temp;
   if (sign)
      low = valu(c, aco_op_v_and_or_b32, v1, 3, nh.hi, K(1), nh.lo);
   aco_temp sticky = valu(c, aco_op_v_min_u32, v1, 2, T(low), K(1), NO);
   aco_temp m = sign ? valu(c, aco_op_v_lshrrev_b32, v1, 2, K(1), nh.hi, NO) : nh.hi.temp;
   m = valu(c, aco_op_v_or_b32, v1, 2, T(m), T(sticky), NO);
   if (sign) {
      m = valu(c, aco_op_v_xor_b32, v1, 2, T(m), T(s), NO);
      m = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(m), T(s), NO);
   }
   aco_temp f = valu(c, sign ? aco_op_v_cvt_f32_i32 : aco_op_v_cvt_f32_u32, v1, 1, T(m), NO, NO);
   aco_temp e = valu(c, aco_op_v_sub_nc_u32, v1, 2, K(sign ? 33 : 32), T(z), NO);
   return valu(c, aco_op_v_ldexp_f32, v1, 2, T(f), T(e), NO);
}

/* An integer (32 or 64 bits) to f16 through an exact f32: magnitudes from 2^17 + 1 on
 * round like 2^17 + 1 in every mode (beyond the largest f16 and odd), so they are
 * clamped to it first. */
static aco_temp
int_to_f16(struct isel_ctx *c, aco_operand x, unsigned bits, bool sign)
{
   aco_rc v1 = aco_rc_v(1);
   const uint32_t big = 0x20001;
   aco_operand lo = x;
   struct v64 h = {x, x};
   if (bits == 64) {
      h = v64_of(c, x);
      lo = h.lo;
   }
   aco_temp v = sign ? valu(c, aco_op_v_med3_i32, v1, 3, lo, K((uint32_t) - (int32_t)big), K(big))
                     : valu(c, aco_op_v_min_u32, v1, 2, lo, K(big), NO);
   if (bits == 64) {
      /* beyond the low dword's range (the high dword is not its sign extension, or not
       * zero): big with the sign of the high dword */
      aco_operand ext = sign ? T(valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), lo, NO)) : K(0);
      aco_temp fits = valu(c, aco_op_v_cmp_eq_u32, aco_rc_lane_mask(c->p->wave_size), 2, ext,
                           h.hi, NO);
      aco_operand beyond = K(big);
      if (sign) {
         aco_temp s = valu(c, aco_op_v_ashrrev_i32, v1, 2, K(31), h.hi, NO);
         aco_temp b = valu(c, aco_op_v_xor_b32, v1, 2, K(big), T(s), NO);
         beyond = T(valu(c, aco_op_v_sub_nc_u32, v1, 2, T(b), T(s), NO));
      }
      v = valu(c, aco_op_v_cndmask_b32, v1, 3, beyond, T(v), T(fits));
   }
   aco_temp f = valu(c, sign ? aco_op_v_cvt_f32_i32 : aco_op_v_cvt_f32_u32, v1, 1, T(v), NO, NO);
   return valu(c, aco_op_v_cvt_f16_f32, v1, 1, T(f), NO, NO);
}

/* A 64-bit integer to f64: the high dword converted exactly and scaled by 2^32, plus the
 * low dword: one rounding, in the function's mode. */
static aco_temp
int64_to_f64(struct isel_ctx *c, aco_operand x64, bool sign)
{
   struct v64 x = v64_of(c, x64);
   aco_rc v2 = aco_rc_v(2);
   aco_temp h = valu(c, sign ? aco_op_v_cvt_f64_i32 : aco_op_v_cvt_f64_u32, v2, 1, x.hi, NO, NO);
   h = valu(c, aco_op_v_ldexp_f64, v2, 2, T(h), K(32), NO);
   aco_temp l = valu(c, aco_op_v_cvt_f64_u32, v2, 1, x.lo, NO, NO);
   return valu(c, isel_pick(c, aco_op_v_add_f64), v2, 2, T(h), T(l), NO);
}

/* A float (as f64, exact for every f16 and f32) to a 64-bit integer: truncated, split
 * into high = floor(t / 2^32) and low = t - high * 2^32 (both exact), each converted;
 * out-of-range inputs saturate and NaN gives 0. */
static aco_temp
f64_to_int64(struct isel_ctx *c, aco_operand x, bool sign)
{
   aco_rc v1 = aco_rc_v(1), v2 = aco_rc_v(2), lm = aco_rc_lane_mask(c->p->wave_size);
   aco_temp t = valu(c, aco_op_v_trunc_f64, v2, 1, x, NO, NO);
   if (!sign)
      t = valu(c, pick_float_op(c, aco_op_v_max_f64), v2, 2, T(t), aco_opnd_const(0, 64), NO);
   aco_temp h = valu(c, aco_op_v_ldexp_f64, v2, 2, T(t), K((uint32_t)-32), NO);
   h = valu(c, aco_op_v_floor_f64, v2, 1, T(h), NO, NO);
   aco_temp hs = valu(c, aco_op_v_ldexp_f64, v2, 2, T(h), K(32), NO);
   aco_operand sub[2] = {T(t), T(hs)};
   aco_temp l = valu_ex(c, isel_pick(c, aco_op_v_add_f64), v2, 2, sub, 2, NULL);
   last_instr(c)->valu.neg = 2;
   struct v64 r = {T(valu(c, aco_op_v_cvt_u32_f64, v1, 1, T(l), NO, NO)),
                   T(valu(c, sign ? aco_op_v_cvt_i32_f64 : aco_op_v_cvt_u32_f64, v1, 1, T(h),
                          NO, NO))};
   /* 2^64 (unsigned) or 2^63 and beyond saturate; below -2^63 too; NaN is 0 */
   aco_temp top = isel_const_temp(c, sign ? 0x43e0000000000000 : 0x43f0000000000000, 2);
   aco_temp ovf = valu(c, aco_op_v_cmp_ge_f64, lm, 2, x, T(top), NO);
   r = v64_select(c, ovf, (struct v64){K(0xffffffffu), K(sign ? 0x7fffffffu : 0xffffffffu)}, r);
   if (sign) {
      aco_temp bot = isel_const_temp(c, 0xc3e0000000000000, 2);
      aco_temp under = valu(c, aco_op_v_cmp_lt_f64, lm, 2, x, T(bot), NO);
      r = v64_select(c, under, (struct v64){K(0), K(0x80000000u)}, r);
      aco_temp nan = valu(c, aco_op_v_cmp_u_f64, lm, 2, x, x, NO);
      r = v64_select(c, nan, (struct v64){K(0), K(0)}, r);
   }
   return v64_temp(c, r);
}

/* f64 to f16 without double rounding: the f32 conversion is made round-to-odd (where it
 * was inexact, its magnitude truncated and its lowest bit set), which the f16 conversion
 * then rounds as it would the f64. (With f32 denormals flushed, an f64 below the f32
 * normal range loses its sticky bit, which only rounding away from zero would see.) */
static aco_temp
f64_to_f16(struct isel_ctx *c, aco_operand x)
{
   aco_rc v1 = aco_rc_v(1), lm = aco_rc_lane_mask(c->p->wave_size);
   aco_temp f = valu(c, aco_op_v_cvt_f32_f64, v1, 1, x, NO, NO);
   aco_temp back = valu(c, aco_op_v_cvt_f64_f32, aco_rc_v(2), 1, T(f), NO, NO);
   aco_temp inexact = valu(c, aco_op_v_cmp_lg_f64, lm, 2, T(back), x, NO);
   aco_temp away = valu(c, aco_op_v_cmp_gt_f64, lm, 2, T(back), x, NO);
   last_instr(c)->valu.abs = 3;
   aco_temp dec = valu(c, aco_op_v_cndmask_b32, v1, 3, K(0), K(1), T(away));
   aco_temp odd = valu(c, aco_op_v_cndmask_b32, v1, 3, K(0), K(1), T(inexact));
   f = valu(c, aco_op_v_sub_nc_u32, v1, 2, T(f), T(dec), NO);
   f = valu(c, aco_op_v_or_b32, v1, 2, T(f), T(odd), NO);
   return valu(c, aco_op_v_cvt_f16_f32, v1, 1, T(f), NO, NO);
}

/* A bitcast involving vectors of 8- or 16-bit components, which sit one per register (upper
 * bits undefined): the source is packed into dwords, component 0 lowest (each component
 * masked but the last of a dword, whose upper bits shift out), and the destination's
 * components are taken from them. */
static aco_temp
bitcast_vec(struct isel_ctx *c, aco_temp src, aco_type st, aco_type dt, bool div)
{
   unsigned sn = st.comps ? st.comps : 1, dn = dt.comps ? dt.comps : 1;
   /* f16x3 <-> i16x3 fill one and a half dwords: the upper half of the last is not read */
   unsigned dwords = (sn * st.bits + 31) / 32, sdw = aco_rc_dwords(src.rc);
   aco_temp parts[16], words[16], out[16];
   if (sdw > 16 || dwords > 16 || dn > 16 || dwords == 0)
      return (aco_temp){0, {0}};
   if (div)
      src = isel_as_vgpr(c, src);
   isel_split(c, src, sdw, parts);
   if (st.bits >= 32) {
      for (unsigned i = 0; i < dwords; i++)
         words[i] = parts[i];
   } else {
      unsigned per = 32 / st.bits;
      for (unsigned w = 0; w < dwords; w++) {
         unsigned count = sn - w * per < per ? sn - w * per : per;
         if (div && st.bits == 16 && count == 2) {
            /* bytes 0-1 of the first component (src1), then 0-1 of the second (src0) */
            words[w] = valu(c, aco_op_v_perm_b32, aco_rc_v(1), 3, T(parts[2 * w + 1]),
                            T(parts[2 * w]), K(0x05040100));
            continue;
         }
         aco_temp acc = {0, {0}};
         for (unsigned k = 0; k < count; k++) {
            aco_operand x = T(parts[w * per + k]);
            if (k + 1 < count)
               x = div ? T(valu(c, aco_op_v_and_b32, aco_rc_v(1), 2, K((1u << st.bits) - 1), x, NO))
                       : T(salu(c, aco_op_s_and_b32, 1, 2, x, K((1u << st.bits) - 1)));
            if (k == 0)
               acc = x.temp;
            else if (div)
               acc = valu(c, aco_op_v_lshl_or_b32, aco_rc_v(1), 3, x, K(k * st.bits), T(acc));
            else
               acc = salu(c, aco_op_s_or_b32, 1, 2, T(acc),
                          T(salu(c, aco_op_s_lshl_b32, 1, 2, x, K(k * st.bits))));
         }
         words[w] = acc;
      }
   }
   if (dt.bits >= 32) {
      for (unsigned i = 0; i < dwords; i++)
         out[i] = words[i];
   } else {
      unsigned per = 32 / dt.bits;
      for (unsigned i = 0; i < dn; i++) {
         unsigned sh = (i % per) * dt.bits;
         aco_temp w = words[i / per];
         out[i] = !sh ? w
                  : div ? valu(c, aco_op_v_lshrrev_b32, aco_rc_v(1), 2, K(sh), T(w), NO)
                        : salu(c, aco_op_s_lshr_b32, 1, 2, T(w), K(sh));
      }
   }
   unsigned n = dt.bits >= 32 ? dwords : dn;
   unsigned total = dt.bits == 64 ? 2 * dn : dn;
   return isel_combine(c, div ? aco_rc_v(total) : aco_rc_s(total), n, out);
}

static aco_status
select_convert(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type st = type_of(c, in->srcs[0]);
   aco_type dt = in->type;
   bool div = isel_div(c, in->defs[0]);
   if (st.comps > 1 || dt.comps > 1) {
      if (in->op == ACO_OP_BITCAST && aco_entry_arg_dwords(st) == aco_entry_arg_dwords(dt) &&
          st.bits >= 32 && dt.bits >= 32) {
         *out = isel_temp(c, in->srcs[0]);
         return ACO_SUCCESS;
      }
      if (in->op == ACO_OP_BITCAST) {
         *out = bitcast_vec(c, isel_temp(c, in->srcs[0]), st, dt, div);
         if (out->id)
            return ACO_SUCCESS;
         return isel_unsupported(c, in, "a bitcast of a vector this large");
      }
      return isel_unsupported(c, in, "a conversion of vectors");
   }
   aco_operand a = isel_opnd(c, in->srcs[0], st.bits);
   switch (in->op) {
   case ACO_OP_BITCAST:
      *out = isel_temp(c, in->srcs[0]);
      return ACO_SUCCESS;
   case ACO_OP_ZEXT:
   case ACO_OP_SEXT:
   case ACO_OP_TRUNC: {
      bool sign = in->op == ACO_OP_SEXT;
      aco_temp lo;
      if (dt.bits == 1) {
         /* the lowest bit */
         aco_operand x = a;
         if (st.bits == 64) {
            aco_operand h[2];
            halves(c, a, h);
            x = h[0];
         }
         if (div) {
            aco_temp b = valu(c, aco_op_v_and_b32, aco_rc_v(1), 2, K(1), x, NO);
            *out = cmp_mask(c, aco_op_v_cmp_ne_u32, NONE, true, T(b), K(0));
         } else {
            aco_temp b = salu(c, aco_op_s_and_b32, 1, 2, x, K(1));
            *out = cmp_mask(c, NONE, aco_op_s_cmp_lg_u32, false, T(b), K(0));
         }
         return ACO_SUCCESS;
      }
      if (st.bits == 1) {
         lo = bool_to_int(c, isel_temp(c, in->srcs[0]), sign ? 0xffffffffu : 1, div);
      } else if (st.bits == 64) {
         aco_operand h[2];
         halves(c, a, h);
         lo = h[0].kind == ACO_OPND_TEMP ? h[0].temp : isel_const_temp(c, h[0].value, 1);
      } else {
         aco_operand e = ext32(c, a, st.bits, sign, div);
         lo = e.kind == ACO_OPND_TEMP ? e.temp : isel_const_temp(c, e.value, 1);
      }
      if (dt.bits < 64) {
         *out = div ? isel_as_vgpr(c, lo) : lo;
         return ACO_SUCCESS;
      }
      if (st.bits == 64) {
         *out = isel_temp(c, in->srcs[0]);
         return ACO_SUCCESS;
      }
      aco_temp hi;
      if (sign && st.bits != 1)
         hi = div ? valu(c, aco_op_v_ashrrev_i32, aco_rc_v(1), 2, K(31), T(lo), NO)
                  : salu(c, aco_op_s_ashr_i32, 1, 2, T(lo), K(31));
      else if (sign)
         hi = lo;
      else
         hi = div ? valu(c, aco_op_v_mov_b32, aco_rc_v(1), 1, K(0), NO, NO) : isel_const_temp(c, 0, 1);
      *out = pair(c, div, lo, hi);
      return ACO_SUCCESS;
   }
   case ACO_OP_U2F:
   case ACO_OP_S2F: {
      bool sign = in->op == ACO_OP_S2F;
      aco_operand x = ext32(c, a, st.bits, sign, div);
      aco_temp r;
      if (st.bits == 64) {
         r = dt.bits == 64   ? int64_to_f64(c, a, sign)
             : dt.bits == 32 ? int64_to_f32(c, a, sign)
                             : int_to_f16(c, a, 64, sign);
      } else if (dt.bits == 64) {
         r = valu(c, sign ? aco_op_v_cvt_f64_i32 : aco_op_v_cvt_f64_u32, aco_rc_v(2), 1, x, NO, NO);
      } else if (dt.bits == 32) {
         r = valu(c, sign ? aco_op_v_cvt_f32_i32 : aco_op_v_cvt_f32_u32, aco_rc_v(1), 1, x, NO, NO);
      } else {
         r = st.bits > 16 ? int_to_f16(c, x, 32, sign)
                          : valu(c, sign ? aco_op_v_cvt_f16_i16 : aco_op_v_cvt_f16_u16,
                                 aco_rc_v(1), 1, x, NO, NO);
      }
      *out = div ? r : as_uniform(c, r);
      return ACO_SUCCESS;
   }
   case ACO_OP_F2U:
   case ACO_OP_F2S: {
      bool sign = in->op == ACO_OP_F2S;
      aco_temp r;
      if (dt.bits == 64) {
         aco_operand x = a;
         if (st.bits < 64)
            x = T(valu(c, aco_op_v_cvt_f64_f32, aco_rc_v(2), 1, to_f32(c, a, st.bits), NO, NO));
         r = f64_to_int64(c, x, sign);
         *out = div ? r : as_uniform(c, r);
         return ACO_SUCCESS;
      }
      if (st.bits == 64)
         r = valu(c, sign ? aco_op_v_cvt_i32_f64 : aco_op_v_cvt_u32_f64, aco_rc_v(1), 1, a, NO, NO);
      else
         r = valu(c, sign ? aco_op_v_cvt_i32_f32 : aco_op_v_cvt_u32_f32, aco_rc_v(1), 1,
                  to_f32(c, a, st.bits), NO, NO);
      if (dt.bits < 32) {
         /* saturate to the narrower range */
         if (sign) {
            int32_t hi = (1 << (dt.bits - 1)) - 1, lo = -(1 << (dt.bits - 1));
            r = valu(c, aco_op_v_min_i32, aco_rc_v(1), 2, T(r), K((uint32_t)hi), NO);
            r = valu(c, aco_op_v_max_i32, aco_rc_v(1), 2, T(r), K((uint32_t)lo), NO);
         } else {
            r = valu(c, aco_op_v_min_u32, aco_rc_v(1), 2, T(r), K((1u << dt.bits) - 1), NO);
         }
      }
      *out = div ? r : as_uniform(c, r);
      return ACO_SUCCESS;
   }
   case ACO_OP_FCONV: {
      aco_temp r;
      if (st.bits == 16 && dt.bits == 32)
         r = valu(c, aco_op_v_cvt_f32_f16, aco_rc_v(1), 1, a, NO, NO);
      else if (st.bits == 32 && dt.bits == 16)
         r = valu(c, aco_op_v_cvt_f16_f32, aco_rc_v(1), 1, a, NO, NO);
      else if (st.bits == 32 && dt.bits == 64)
         r = valu(c, aco_op_v_cvt_f64_f32, aco_rc_v(2), 1, a, NO, NO);
      else if (st.bits == 64 && dt.bits == 32)
         r = valu(c, aco_op_v_cvt_f32_f64, aco_rc_v(1), 1, a, NO, NO);
      else if (st.bits == 16 && dt.bits == 64)
         r = valu(c, aco_op_v_cvt_f64_f32, aco_rc_v(2), 1, to_f32(c, a, 16), NO, NO);
      else if (st.bits == 64 && dt.bits == 16)
         r = f64_to_f16(c, a);
      else
         return isel_unsupported(c, in, "fconv between equal sizes");
      *out = div ? r : as_uniform(c, r);
      return ACO_SUCCESS;
   }
   default:
      return isel_unsupported(c, in, aco_op_name(in->op));
   }
}

/* ---- select, vectors ------------------------------------------------------------------- */

static aco_status
select_select(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type ty = type_of(c, in->defs[0]);
   bool div = isel_div(c, in->defs[0]);
   aco_temp cond = isel_temp(c, in->srcs[0]);
   if (ty.bits == 1) {
      bool w64 = c->lane_mask_dwords == 2;
      aco_temp t = isel_temp(c, in->srcs[1]), f = isel_temp(c, in->srcs[2]);
      aco_temp x = salu(c, w64 ? aco_op_s_and_b64 : aco_op_s_and_b32, c->lane_mask_dwords, 2, T(cond), T(t));
      aco_temp y = salu(c, w64 ? aco_op_s_and_not1_b64 : aco_op_s_and_not1_b32, c->lane_mask_dwords, 2, T(f), T(cond));
      *out = salu(c, w64 ? aco_op_s_or_b64 : aco_op_s_or_b32, c->lane_mask_dwords, 2, T(x), T(y));
      return ACO_SUCCESS;
   }
   unsigned dwords = aco_entry_arg_dwords(ty);
   if (!div && dwords > 2) {
      /* one s_cselect per dword: they read scc without writing it */
      aco_temp tp[16], fp[16], rp[16];
      if (dwords > 16)
         return isel_unsupported(c, in, "a select of a vector this large");
      isel_split(c, isel_temp(c, in->srcs[1]), dwords, tp);
      isel_split(c, isel_temp(c, in->srcs[2]), dwords, fp);
      isel_scc_from_bool(c, cond);
      for (unsigned i = 0; i < dwords; i++) {
         struct aco_minstr *sel = isel_emit(c, aco_op_s_cselect_b32, 2, 1);
         sel->operands[0] = T(tp[i]);
         sel->operands[1] = T(fp[i]);
         rp[i] = isel_new(c, aco_rc_s(1));
         sel->definitions[0] = aco_def_temp(rp[i]);
      }
      *out = isel_combine(c, aco_rc_s(dwords), dwords, rp);
      return ACO_SUCCESS;
   }
   if (!div) {
      aco_operand x = isel_opnd(c, in->srcs[1], dwords * 32);
      aco_operand y = isel_opnd(c, in->srcs[2], dwords * 32);
      if (x.kind == ACO_OPND_CONST && y.kind == ACO_OPND_CONST && x.value != y.value)
         x = T(isel_temp(c, in->srcs[1]));
      isel_scc_from_bool(c, cond);
      struct aco_minstr *sel = isel_emit(c, dwords == 2 ? aco_op_s_cselect_b64 : aco_op_s_cselect_b32, 2, 1);
      sel->operands[0] = x;
      sel->operands[1] = y;
      *out = isel_new(c, aco_rc_s(dwords));
      sel->definitions[0] = aco_def_temp(*out);
      return ACO_SUCCESS;
   }
   if (dwords > 16)
      return isel_unsupported(c, in, "a select of a vector this large");
   if (dwords == 1) {
      *out = valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, isel_opnd(c, in->srcs[2], 32),
                  isel_opnd(c, in->srcs[1], 32), T(cond));
      return ACO_SUCCESS;
   }
   *out = isel_select_lanes(c, ty, cond, isel_temp(c, in->srcs[1]), isel_temp(c, in->srcs[2]));
   return ACO_SUCCESS;
}

aco_temp
isel_select_lanes(struct isel_ctx *c, aco_type ty, aco_temp cond, aco_temp t, aco_temp f)
{
   unsigned dwords = aco_entry_arg_dwords(ty);
   if (dwords == 1)
      return valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, T(f), T(t), T(cond));
   aco_temp tp[16], fp[16], rp[16];
   isel_split(c, t, dwords, tp);
   isel_split(c, f, dwords, fp);
   for (unsigned i = 0; i < dwords; i++)
      rp[i] = valu(c, aco_op_v_cndmask_b32, aco_rc_v(1), 3, T(fp[i]), T(tp[i]), T(cond));
   return isel_combine(c, aco_rc_v(dwords), dwords, rp);
}

static aco_status
select_vec(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   bool div = isel_div(c, in->defs[0]);
   aco_temp parts[16];
   for (unsigned i = 0; i < in->num_srcs && i < 16; i++) {
      parts[i] = isel_whole_vgpr(c, isel_temp(c, in->srcs[i]));
      if (div)
         parts[i] = isel_as_vgpr(c, parts[i]);
   }
   aco_temp d = isel_new(c, isel_rc_of(c, in->defs[0]));
   struct aco_minstr *cv = isel_emit(c, aco_op_p_create_vector, in->num_srcs, 1);
   for (unsigned i = 0; i < in->num_srcs; i++)
      cv->operands[i] = T(parts[i]);
   cv->definitions[0] = aco_def_temp(d);
   *out = d;
   return ACO_SUCCESS;
}

static aco_status
select_extract(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   aco_type ty = type_of(c, in->srcs[0]);
   aco_temp v = isel_temp(c, in->srcs[0]);
   unsigned each = ty.bits == 64 ? 2 : 1;
   aco_rc rc = aco_rc_is_vgpr(v.rc) ? aco_rc_v(each) : aco_rc_s(each);
   aco_temp d = isel_new(c, rc);
   struct aco_minstr *ex = isel_emit(c, aco_op_p_extract_vector, 2, 1);
   ex->operands[0] = T(v);
   ex->operands[1] = K(in->u.component);
   ex->definitions[0] = aco_def_temp(d);
   *out = d;
   return ACO_SUCCESS;
}

/* ---- subgroup operations -------------------------------------------------------------- */

static aco_status
select_subgroup(struct isel_ctx *c, const struct air_instr *in, aco_temp *out)
{
   bool w64 = c->lane_mask_dwords == 2;
   if (in->op == ACO_OP_BALLOT) {
      /* the active lanes where the condition holds; bits past the wave size are 0 */
      aco_operand exec = aco_opnd_reg(aco_physreg_make(ACO_REG_EXEC_LO, 0), aco_rc_s(w64 ? 2 : 1));
      aco_temp m = salu(c, w64 ? aco_op_s_and_b64 : aco_op_s_and_b32, w64 ? 2 : 1, 2,
                        T(isel_temp(c, in->srcs[0])), exec);
      *out = w64 ? m : pair(c, false, m, isel_const_temp(c, 0, 1));
      return ACO_SUCCESS;
   }
   aco_type ty = type_of(c, in->srcs[0]);
   if (ty.bits == 1)
      return isel_unsupported(c, in, "a subgroup read of a 1-bit value");
   aco_temp v = isel_temp(c, in->srcs[0]);
   if (!aco_rc_is_vgpr(v.rc)) {
      *out = v; /* already the same in every lane */
      return ACO_SUCCESS;
   }
   v = isel_whole_vgpr(c, v); /* p_as_uniform reads whole VGPRs */
   unsigned dw = aco_rc_dwords(v.rc);
   if (in->op == ACO_OP_READ_FIRST_LANE) {
      *out = as_uniform(c, v);
      return ACO_SUCCESS;
   }
   if (isel_div(c, in->srcs[1]))
      return isel_unsupported(c, in, "read_lane with a divergent lane index");
   aco_operand lane = isel_opnd(c, in->srcs[1], 32);
   aco_temp parts[16], res[16];
   if (dw > 16)
      return isel_unsupported(c, in, "read_lane of a vector this large");
   isel_split(c, v, dw, parts);
   for (unsigned i = 0; i < dw; i++) {
      struct aco_minstr *rl = isel_emit(c, aco_op_v_readlane_b32, 2, 1);
      rl->operands[0] = T(parts[i]);
      rl->operands[1] = lane;
      res[i] = isel_new(c, aco_rc_s(1));
      rl->definitions[0] = aco_def_temp(res[i]);
   }
   *out = isel_combine(c, aco_rc_s(dw), dw, res);
   return ACO_SUCCESS;
}

aco_status
isel_select_alu(struct isel_ctx *c, const struct air_instr *in)
{
   aco_temp out = {0, {0}};
   aco_status s;
   switch (air_op_info(in->op)->cls) {
   case ACO_OPC_INT_BIN: s = select_int_bin(c, in, &out); break;
   case ACO_OPC_INT_UN: s = select_int_un(c, in, &out); break;
   case ACO_OPC_INT_CMP:
   case ACO_OPC_FLOAT_CMP: s = select_cmp(c, in, &out); break;
   case ACO_OPC_FLOAT_UN:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_APPROX: s = select_float(c, in, &out); break;
   case ACO_OPC_CONVERT: s = select_convert(c, in, &out); break;
   case ACO_OPC_SELECT: s = select_select(c, in, &out); break;
   case ACO_OPC_VEC: s = select_vec(c, in, &out); break;
   case ACO_OPC_EXTRACT: s = select_extract(c, in, &out); break;
   case ACO_OPC_SUBGROUP: s = select_subgroup(c, in, &out); break;
   default: return isel_unsupported(c, in, aco_op_name(in->op));
   }
   if (s)
      return s;
   if (in->num_defs) {
      /* a uniform result flowing into a divergent value (never happens for ALU: a
       * divergent input makes the result divergent) */
      if (isel_div(c, in->defs[0]) && !aco_rc_is_vgpr(out.rc) && type_of(c, in->defs[0]).bits != 1)
         out = isel_as_vgpr(c, out);
      c->temps[in->defs[0].id] = result_class(c, in, out);
   }
   return c->p->status;
}
