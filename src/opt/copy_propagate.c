/* SPDX-License-Identifier: MIT */
/* aco_opt_copy_propagate: one walk over the blocks in order (every definition comes before
 * its uses but for phi operands on loop back-edges, which a second walk over the phis
 * fixes). Each instruction first has its operands rewritten through the copy map, then
 * may be folded into a copy (fold_constants.c), and a copy then records its definition
 * in the map:
 *   - a copy of a temporary of the same class (p_parallelcopy, s_mov, v_mov without
 *     modifiers, p_as_uniform of a scalar, a one-operand p_create_vector, a split or
 *     extract of a p_create_vector with matching element sizes, a p_create_vector of
 *     every part of one p_split_vector in order): its uses read that temporary, which
 *     dominates them on the same CFG as the copy did;
 *   - a copy of a constant: its uses take the constant where the slot encodes it without
 *     a literal (inline constants use no constant-bus slot and no literal, so the VALU
 *     limits cannot be exceeded), or as the one literal of an SALU instruction.
 * Fixed operands and definitions (ABI registers, vcc, scc) are left alone. The copies
 * stay; aco_opt_dead_code removes those nobody reads any more. */
#include "opt/opt.h"

#include <string.h>

struct prop_ctx {
   struct aco_mprogram *p;
   aco_temp *rename;              /* per temporary: the temporary it copies, or id 0 */
   /* per temporary: 0, or 1 + the index in `consts` of the constant it holds (4 bytes per
    * temporary rather than a whole operand: the per-temporary arrays are zeroed on every
    * run, and few temporaries hold constants) */
   uint32_t *constant;
   ACO_VEC(aco_operand) consts;
   struct aco_minstr **def_instr; /* per temporary: its defining instruction */
   bool oom;
};

/* ---- may a constant replace an operand? ------------------------------------------------ */

static bool
inline_in_slot(uint64_t v, unsigned const_bits, unsigned slot_bits, bool is_float)
{
   if (slot_bits == 16) {
      uint64_t hi = v >> 16;
      if (hi != 0 && hi != 0xffff && hi != 0xffffffffffffull)
         return false;
      return aco_inline_constant(v & 0xffff, 16, true) >= 0;
   }
   return aco_inline_constant(v, const_bits, is_float || const_bits == 64) >= 0;
}

/* An SALU instruction holds one literal dword: another literal of a different value
 * forbids this one. */
static bool
salu_literal_free(const struct aco_minstr *in, unsigned idx, uint64_t v)
{
   for (unsigned j = 0; j < in->num_operands; j++) {
      const aco_operand *o = &in->operands[j];
      if (j != idx && o->kind == ACO_OPND_CONST && o->value != v &&
          aco_inline_constant(o->value, o->bits == 64 ? 64 : 32, o->bits == 64) < 0)
         return false;
   }
   return true;
}

static bool
const_fits(const struct prop_ctx *c, const struct aco_minstr *in, unsigned idx, const aco_operand *k)
{
   struct aco_mprogram *p = c->p;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   unsigned bits = k->bits ? k->bits : 32;
   if (in->opcode == aco_op_p_parallelcopy)
      return aco_rc_bytes(in->definitions[idx].temp.rc) * 8 == bits;
   bool valu = aco_format_is_valu(info->format), salu = aco_format_is_salu(info->format);
   if ((!valu && !salu) || info->format == ACO_FMT_VOP3P || info->format == ACO_FMT_VOPD ||
       info->format == ACO_FMT_SOPK || info->format == ACO_FMT_SOPP ||
       (info->flags & (ACO_OPF_SRC_REG | ACO_OPF_SRC_M0 | ACO_OPF_SPECIAL)))
      return false;
   if (valu && in->encoding != ACO_ENC_NATIVE && in->encoding != ACO_ENC_E64)
      return false;
   const struct aco_slot_map *map =
      aco_mprogram_slots(p, (enum aco_opcode)in->opcode, (enum aco_encoding)in->encoding);
   if (!map)
      return false;
   for (unsigned i = 0; i < map->count; i++) {
      struct aco_op_slot s = map->slot[i];
      if (map->is_def[i] || map->index[i] != idx)
         continue;
      if (s.role != 'a' && s.role != 'b' && s.role != 'c')
         return false;
      if ((s.dwords == 2) != (bits == 64) || s.dwords > 2)
         return false;
      if (s.role == 'a' && (info->flags & ACO_OPF_SRC0_VGPR))
         return false;
      /* a lane mask (v_cndmask's selector, a carry in) is an SGPR or vcc: the assembler
       * takes no constant there */
      if (s.role == 'c' && (in->opcode == aco_op_v_cndmask_b32 ||
                            in->opcode == aco_op_v_add_co_ci_u32 ||
                            in->opcode == aco_op_v_sub_co_ci_u32 ||
                            in->opcode == aco_op_v_subrev_co_ci_u32))
         return false;
      bool vop3 = in->encoding == ACO_ENC_E64 || info->format == ACO_FMT_VOP3;
      if (valu && !vop3 && s.role != 'a')
         return false; /* the 32-bit encodings take a constant in src0 only */
      unsigned slot_bits = aco_source_bits(info, s);
      if (inline_in_slot(k->value, bits, slot_bits, k->is_float))
         return true;
      return salu && bits == 32 && salu_literal_free(in, idx, k->value);
   }
   return false;
}

/* ---- rewriting operands ------------------------------------------------------------------ */

static void
rewrite_operands(struct prop_ctx *c, struct aco_minstr *in)
{
   bool phi = in->opcode == aco_op_p_phi || in->opcode == aco_op_p_linear_phi;
   for (unsigned i = 0; i < in->num_operands; i++) {
      aco_operand *o = &in->operands[i];
      if (o->kind != ACO_OPND_TEMP || o->fixed)
         continue;
      if (c->rename[o->temp.id].id)
         o->temp = c->rename[o->temp.id];
      uint32_t ki = c->constant[o->temp.id];
      if (!ki || phi)
         continue;
      const aco_operand *k = &c->consts.data[ki - 1];
      if (k->kind == ACO_OPND_CONST && const_fits(c, in, i, k))
         *o = aco_opnd_const(k->value, k->bits);
   }
}

/* ---- recording copies -------------------------------------------------------------------- */

static bool
plain_copy_source(const aco_operand *o)
{
   return (o->kind == ACO_OPND_TEMP && !o->fixed) || o->kind == ACO_OPND_CONST;
}

/* Records that definition d holds the value of operand o, when the map can say so. */
static void
record(struct prop_ctx *c, const aco_definition *d, const aco_operand *o)
{
   if (d->fixed || !d->temp.id || !plain_copy_source(o))
      return;
   aco_rc rc = d->temp.rc;
   if (o->kind == ACO_OPND_TEMP) {
      /* operands are already renamed: o is no copy itself */
      if (o->temp.rc.v == rc.v && o->temp.id != d->temp.id)
         c->rename[d->temp.id] = o->temp;
      else if (aco_rc_bytes(o->temp.rc) == aco_rc_bytes(rc) && !(rc.v & ACO_RC_LINEAR))
         c->constant[d->temp.id] = c->constant[o->temp.id]; /* e.g. a VGPR copy of an SGPR */
      return;
   }
   unsigned bits = o->bits ? o->bits : 32;
   if (!aco_rc_is_subdword(rc) && !(rc.v & ACO_RC_LINEAR) && aco_rc_bytes(rc) * 8 == bits) {
      if (aco_vec_push(c->p->allocator, &c->consts, *o))
         c->constant[d->temp.id] = c->consts.len;
      else
         c->oom = true;
   }
}

static unsigned
operand_bytes(const aco_operand *o)
{
   if (o->kind == ACO_OPND_CONST)
      return (o->bits ? o->bits : 32) / 8;
   return aco_rc_bytes(o->temp.rc);
}

/* The p_create_vector defining operand o, if any. */
static const struct aco_minstr *
vector_of(const struct prop_ctx *c, const aco_operand *o)
{
   if (o->kind != ACO_OPND_TEMP || o->fixed)
      return NULL;
   const struct aco_minstr *v = c->def_instr[o->temp.id];
   return v && v->opcode == aco_op_p_create_vector ? v : NULL;
}

static void
record_split(struct prop_ctx *c, const struct aco_minstr *in)
{
   const struct aco_minstr *v = vector_of(c, &in->operands[0]);
   if (!v || v->num_operands != in->num_definitions)
      return;
   for (unsigned i = 0; i < v->num_operands; i++) {
      if (operand_bytes(&v->operands[i]) != aco_rc_bytes(in->definitions[i].temp.rc))
         return;
   }
   for (unsigned i = 0; i < v->num_operands; i++)
      record(c, &in->definitions[i], &v->operands[i]);
}

static void
record_extract(struct prop_ctx *c, const struct aco_minstr *in)
{
   const struct aco_minstr *v = vector_of(c, &in->operands[0]);
   if (!v || in->operands[1].kind != ACO_OPND_CONST || in->operands[1].value >= v->num_operands)
      return;
   unsigned bytes = aco_rc_bytes(in->definitions[0].temp.rc);
   for (unsigned i = 0; i < v->num_operands; i++) {
      if (operand_bytes(&v->operands[i]) != bytes)
         return;
   }
   record(c, &in->definitions[0], &v->operands[in->operands[1].value]);
}

/* p_create_vector of the parts of one p_split_vector, in order: the split's operand. */
static void
record_rejoin(struct prop_ctx *c, const struct aco_minstr *in)
{
   const aco_operand *o = &in->operands[0];
   if (o->kind != ACO_OPND_TEMP || o->fixed)
      return;
   const struct aco_minstr *s = c->def_instr[o->temp.id];
   if (!s || s->opcode != aco_op_p_split_vector || s->num_definitions != in->num_operands)
      return;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *e = &in->operands[i];
      if (e->kind != ACO_OPND_TEMP || e->fixed || e->temp.id != s->definitions[i].temp.id)
         return;
   }
   record(c, &in->definitions[0], &s->operands[0]);
}

static bool
is_plain_mov(const struct aco_minstr *in)
{
   if (in->opcode == aco_op_s_mov_b32 || in->opcode == aco_op_s_mov_b64)
      return true;
   if (in->opcode != aco_op_v_mov_b32 ||
       (in->encoding != ACO_ENC_NATIVE && in->encoding != ACO_ENC_E64))
      return false;
   const struct aco_valu_fields *v = &in->valu;
   return !v->neg && !v->abs && !v->opsel && !v->clamp && !v->omod;
}

static void
record_copies(struct prop_ctx *c, const struct aco_minstr *in)
{
   switch (in->opcode) {
   case aco_op_p_parallelcopy:
      for (unsigned i = 0; i < in->num_definitions && i < in->num_operands; i++)
         record(c, &in->definitions[i], &in->operands[i]);
      return;
   case aco_op_p_as_uniform:
      if (in->operands[0].kind == ACO_OPND_TEMP && !aco_rc_is_vgpr(in->operands[0].temp.rc))
         record(c, &in->definitions[0], &in->operands[0]);
      return;
   case aco_op_p_create_vector:
      if (in->num_operands == 1)
         record(c, &in->definitions[0], &in->operands[0]);
      else
         record_rejoin(c, in);
      return;
   case aco_op_p_split_vector:
      record_split(c, in);
      return;
   case aco_op_p_extract_vector:
      record_extract(c, in);
      return;
   default:
      if (is_plain_mov(in) && in->num_definitions == 1 && in->num_operands == 1)
         record(c, &in->definitions[0], &in->operands[0]);
      return;
   }
}

/* ---- the walk ---------------------------------------------------------------------------- */

static void
process_block(struct prop_ctx *c, struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      rewrite_operands(c, in);
      aco_opt_fold_instr(in, aco_opt_fold_needs_scc(in) && aco_opt_scc_dead_after(c->p, b, i));
      for (unsigned k = 0; k < in->num_definitions; k++) {
         if (in->definitions[k].temp.id)
            c->def_instr[in->definitions[k].temp.id] = in;
      }
      record_copies(c, in);
   }
}

/* Phi operands on back-edges name temporaries defined later in the walk. */
static void
fix_phis(struct prop_ctx *c, struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      if (in->opcode != aco_op_p_phi && in->opcode != aco_op_p_linear_phi)
         break;
      rewrite_operands(c, in);
   }
}

aco_status
aco_opt_copy_propagate(struct aco_mprogram *p)
{
   struct aco_mblock *b;
   struct prop_ctx c = {p, NULL, NULL, {NULL, 0, 0}, NULL, false};
   c.rename = aco_calloc(p->allocator, sizeof(*c.rename) * p->temp_count);
   c.constant = aco_calloc(p->allocator, sizeof(*c.constant) * p->temp_count);
   c.def_instr = aco_calloc(p->allocator, sizeof(*c.def_instr) * p->temp_count);
   if (c.rename && c.constant && c.def_instr) {
      aco_foreach_block(p, b)
         process_block(&c, b);
      aco_foreach_block(p, b)
         fix_phis(&c, b);
   }
   if (!c.rename || !c.constant || !c.def_instr || c.oom) {
      aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "copy propagation: out of memory");
   }
   aco_free(p->allocator, c.rename);
   aco_free(p->allocator, c.constant);
   aco_vec_free(p->allocator, &c.consts);
   aco_free(p->allocator, c.def_instr);
   return p->status;
}
