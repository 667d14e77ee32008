/* SPDX-License-Identifier: MIT */
/* aco_opt_combine_alu: a 32-bit integer VALU operation whose source is the result of
 * another one, read nowhere else and computed earlier in the same block, becomes one
 * three-source VOP3 instruction:
 *    add(add(a, b), c) -> v_add3_u32        or(or(a, b), c)   -> v_or3_b32
 *    xor(xor(a, b), c) -> v_xor3_b32        or(and(a, b), c)  -> v_and_or_b32
 *    add(a << b, c)    -> v_lshl_add_u32    or(a << b, c)     -> v_lshl_or_b32
 *    (a + b) << c      -> v_add_lshl_u32    add(a ^ b, c)     -> v_xad_u32
 *    min/max(min/max(a, b), c) of the same kind -> v_min3/v_max3 (_i32, _u32)
 * All are exact in two's complement (shift amounts use 5 bits in both forms), so the
 * result is bit-identical. Floats are not combined (fma contraction is forbidden and
 * min3/max3 differ in NaN and denormal details). The combined instruction keeps to the
 * VOP3 limits: at most two scalar sources (distinct SGPRs or the one literal value). The
 * inner instruction stays for aco_opt_dead_code.
 *
 * The same walk folds f32 fneg/fabs into the VOP3 neg/abs modifiers of their readers
 * (fold_float_modifiers).
 *
 * One walk with use counts and the defining instruction of every temporary; linear. */
#include "opt/opt.h"

#include <string.h>

struct combine_ctx {
   struct aco_mprogram *p;
   uint32_t *uses;
   struct aco_minstr **def_instr;
   uint32_t *def_block;
};

struct pattern {
   enum aco_opcode outer, inner, result;
   /* outer's operand holding the inner result (0 or 1; 2: either, commutative); the
    * result's sources: inner's a, b and outer's other operand, in this order unless
    * inner_is_rev (inner is a "rev" shift: value in b, amount in a) */
   uint8_t slot;
   bool inner_is_rev;
};

static const struct pattern patterns[] = {
   {aco_op_v_add_nc_u32, aco_op_v_add_nc_u32, aco_op_v_add3_u32, 2, false},
   {aco_op_v_or_b32, aco_op_v_or_b32, aco_op_v_or3_b32, 2, false},
   {aco_op_v_xor_b32, aco_op_v_xor_b32, aco_op_v_xor3_b32, 2, false},
   {aco_op_v_or_b32, aco_op_v_and_b32, aco_op_v_and_or_b32, 2, false},
   {aco_op_v_add_nc_u32, aco_op_v_lshlrev_b32, aco_op_v_lshl_add_u32, 2, true},
   {aco_op_v_or_b32, aco_op_v_lshlrev_b32, aco_op_v_lshl_or_b32, 2, true},
   {aco_op_v_add_nc_u32, aco_op_v_xor_b32, aco_op_v_xad_u32, 2, false},
   /* v_lshlrev_b32 c, add(a, b): the shifted value is operand 1 */
   {aco_op_v_lshlrev_b32, aco_op_v_add_nc_u32, aco_op_v_add_lshl_u32, 1, false},
   {aco_op_v_min_i32, aco_op_v_min_i32, aco_op_v_min3_i32, 2, false},
   {aco_op_v_max_i32, aco_op_v_max_i32, aco_op_v_max3_i32, 2, false},
   {aco_op_v_min_u32, aco_op_v_min_u32, aco_op_v_min3_u32, 2, false},
   {aco_op_v_max_u32, aco_op_v_max_u32, aco_op_v_max3_u32, 2, false},
};

static bool
plain_int(const struct aco_minstr *in)
{
   if (in->num_definitions != 1 || in->num_operands != 2 || in->definitions[0].fixed ||
       (in->encoding != ACO_ENC_NATIVE && in->encoding != ACO_ENC_E64) ||
       in->definitions[0].temp.rc.v != aco_rc_v(1).v)
      return false;
   const struct aco_valu_fields *v = &in->valu;
   if (v->neg || v->abs || v->opsel || v->clamp || v->omod)
      return false;
   for (unsigned i = 0; i < 2; i++) {
      const aco_operand *o = &in->operands[i];
      if (o->fixed || o->kind == ACO_OPND_REG || o->kind == ACO_OPND_UNDEF ||
          (o->kind == ACO_OPND_TEMP &&
           (aco_rc_is_subdword(o->temp.rc) || aco_rc_dwords(o->temp.rc) != 1 ||
            (o->temp.rc.v & ACO_RC_LINEAR))) ||
          (o->kind == ACO_OPND_CONST && o->bits != 32))
         return false;
   }
   return true;
}

/* At most two scalar values (distinct SGPRs, the literal) and one literal value. */
static bool
fits_constant_bus(const aco_operand *src)
{
   uint32_t sgpr[3];
   unsigned nsgpr = 0, nlit = 0;
   uint64_t lit = 0;
   for (unsigned i = 0; i < 3; i++) {
      const aco_operand *o = &src[i];
      if (o->kind == ACO_OPND_CONST && aco_inline_constant(o->value, 32, false) < 0) {
         if (nlit && lit != o->value)
            return false;
         nlit = 1, lit = o->value;
      } else if (o->kind == ACO_OPND_TEMP && !aco_rc_is_vgpr(o->temp.rc)) {
         bool seen = false;
         for (unsigned k = 0; k < nsgpr; k++)
            seen |= sgpr[k] == o->temp.id;
         if (!seen)
            sgpr[nsgpr++] = o->temp.id;
      }
   }
   return nsgpr + nlit <= 2;
}

/* The single-use result of a plain instruction of this block, or NULL. */
static struct aco_minstr *
inner_of(const struct combine_ctx *c, const aco_operand *o, uint32_t block)
{
   if (o->kind != ACO_OPND_TEMP || o->fixed || c->uses[o->temp.id] != 1 ||
       c->def_block[o->temp.id] != block)
      return NULL;
   struct aco_minstr *in = c->def_instr[o->temp.id];
   return in && plain_int(in) ? in : NULL;
}

static struct aco_minstr *
try_pattern(struct combine_ctx *c, struct aco_minstr *outer, const struct pattern *pt,
            uint32_t block)
{
   struct aco_mprogram *p = c->p;
   for (unsigned s = 0; s < 2; s++) {
      if (pt->slot != 2 && pt->slot != s)
         continue;
      struct aco_minstr *inner = inner_of(c, &outer->operands[s], block);
      if (!inner || inner->opcode != pt->inner)
         continue;
      aco_operand src[3] = {inner->operands[0], inner->operands[1], outer->operands[1 - s]};
      if (pt->inner_is_rev) {
         src[0] = inner->operands[1];
         src[1] = inner->operands[0];
      }
      if (!fits_constant_bus(src))
         continue;
      struct aco_minstr *n = aco_minstr_create(&p->arena, pt->result, 3, 1);
      if (!n) {
         aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "combining ALU: out of memory");
         return NULL;
      }
      for (unsigned i = 0; i < 3; i++)
         n->operands[i] = src[i];
      n->definitions[0] = outer->definitions[0];
      c->uses[inner->definitions[0].temp.id] = 0;
      return n;
   }
   return NULL;
}

/* Some pattern has op as its outer operation (the table's first column): most
 * instructions are none, and this keeps them from the walk over the table. */
static bool
is_outer(enum aco_opcode op)
{
   switch (op) {
   case aco_op_v_add_nc_u32: case aco_op_v_or_b32: case aco_op_v_xor_b32:
   case aco_op_v_lshlrev_b32: case aco_op_v_min_i32: case aco_op_v_max_i32:
   case aco_op_v_min_u32: case aco_op_v_max_u32:
      return true;
   default:
      return false;
   }
}

static struct aco_minstr *
combine(struct combine_ctx *c, struct aco_minstr *in, uint32_t block)
{
   if (!is_outer((enum aco_opcode)in->opcode) || !plain_int(in))
      return NULL;
   int gi = aco_gfx_index(c->p->gfx_level);
   for (unsigned i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
      const struct pattern *pt = &patterns[i];
      if (pt->outer != in->opcode || aco_op_info(pt->result)->opcode[gi] < 0)
         continue;
      struct aco_minstr *n = try_pattern(c, in, pt, block);
      if (n)
         return n;
   }
   return NULL;
}

/* ---- float input modifiers -------------------------------------------------------------
 * An f32 operand that is fneg(x) (v_xor_b32 0x80000000) or fabs(x) (v_and_b32 0x7fffffff)
 * of a 32-bit value is read as x through the VOP3 neg/abs modifier (both for -|x|): the
 * hardware flips or clears the sign bit of the source on the way in, the same bits the
 * integer operation gave, so the result is bit-identical (a NaN keeps its payload; its sign,
 * which the IR leaves unspecified, is the only thing that may differ). Only VALU opcodes
 * whose sources are all f32 take modifiers here; the integer operation stays for
 * aco_opt_dead_code when nothing else reads it. */
static bool
takes_f32_modifiers(const struct aco_minstr *in, unsigned k)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (in->encoding != ACO_ENC_E64 || !(info->flags & ACO_OPF_FLOAT) ||
       (info->flags & (ACO_OPF_NO_MODS | ACO_OPF_SRC16)) || info->format == ACO_FMT_VOP3P ||
       k >= 3)
      return false;
   if (k == 1 && (info->flags & ACO_OPF_SRC1_INT))
      return false;
   size_t n = strlen(info->name);
   return n > 4 && !strcmp(info->name + n - 4, "_f32") && strncmp(info->name, "v_cndmask", 9) &&
          strncmp(info->name, "v_cmp_class", 11);
}

/* The x of fneg(x) (neg) or fabs(x) (!neg) when def is one, else NULL. */
static const aco_operand *
sign_op_source(const struct aco_minstr *def, bool neg)
{
   if (!def || !plain_int(def) ||
       def->opcode != (neg ? aco_op_v_xor_b32 : aco_op_v_and_b32))
      return NULL;
   uint32_t mask = neg ? 0x80000000u : 0x7fffffffu;
   int ci = def->operands[0].kind == ACO_OPND_CONST ? 0 : 1;
   const aco_operand *x = &def->operands[1 - ci];
   if (def->operands[ci].kind != ACO_OPND_CONST || (uint32_t)def->operands[ci].value != mask ||
       x->kind != ACO_OPND_TEMP || aco_rc_dwords(x->temp.rc) != 1)
      return NULL;
   return x;
}

static void
fold_float_modifiers(struct combine_ctx *c, struct aco_minstr *in)
{
   struct aco_valu_fields *v = &in->valu;
   if (v->opsel || v->clamp || v->omod)
      return;
   for (unsigned k = 0; k < in->num_operands && k < 3; k++) {
      aco_operand *o = &in->operands[k];
      if (o->kind != ACO_OPND_TEMP || o->fixed || o->temp.rc.v != aco_rc_v(1).v ||
          (v->neg >> k & 1) || (v->abs >> k & 1) || !takes_f32_modifiers(in, k))
         continue;
      const struct aco_minstr *def = c->def_instr[o->temp.id];
      bool neg = true;
      const aco_operand *x = sign_op_source(def, true);
      if (!x) {
         neg = false;
         x = sign_op_source(def, false);
      }
      if (!x)
         continue;
      bool abs = !neg;
      /* fneg(fabs(y)): the and is one step further */
      const aco_operand *y = neg ? sign_op_source(c->def_instr[x->temp.id], false) : NULL;
      aco_operand src[3] = {{0}, {0}, {0}};
      for (unsigned i = 0; i < in->num_operands && i < 3; i++)
         src[i] = in->operands[i];
      if (y) {
         src[k] = *y;
         if (fits_constant_bus(src)) {
            x = y;
            abs = true;
         }
      }
      src[k] = *x;
      if (!fits_constant_bus(src))
         continue;
      c->uses[o->temp.id]--;
      *o = *x;
      if (neg)
         v->neg |= (uint8_t)(1u << k);
      if (abs)
         v->abs |= (uint8_t)(1u << k);
   }
}

aco_status
aco_opt_combine_alu(struct aco_mprogram *p)
{
   const aco_allocator *a = p->allocator;
   struct combine_ctx c = {p, NULL, NULL, NULL};
   c.uses = aco_calloc(a, sizeof(uint32_t) * p->temp_count);
   c.def_instr = aco_calloc(a, sizeof(*c.def_instr) * p->temp_count);
   c.def_block = aco_calloc(a, sizeof(uint32_t) * p->temp_count);
   struct aco_mblock *b;
   struct aco_minstr *in;
   if (c.uses && c.def_instr && c.def_block) {
      aco_foreach_block(p, b) {
         aco_foreach_instr(b, in) {
            aco_foreach_operand(in, o) {
               if (o->kind == ACO_OPND_TEMP && o->temp.id < p->temp_count)
                  c.uses[o->temp.id]++;
            }
         }
      }
      aco_foreach_block(p, b) {
         for (uint32_t i = 0; i < b->instrs.len && p->status == ACO_SUCCESS; i++) {
            fold_float_modifiers(&c, b->instrs.data[i]);
            struct aco_minstr *n = combine(&c, b->instrs.data[i], b->index);
            if (n)
               b->instrs.data[i] = n; /* the same definition, computed in one step */
            in = b->instrs.data[i];
            aco_foreach_definition(in, d) {
               if (d->temp.id) {
                  c.def_instr[d->temp.id] = in;
                  c.def_block[d->temp.id] = b->index;
               }
            }
         }
      }
   } else {
      aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "combining ALU: out of memory");
   }
   aco_free(a, c.uses);
   aco_free(a, c.def_instr);
   aco_free(a, c.def_block);
   return p->status;
}
