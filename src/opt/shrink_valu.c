/* SPDX-License-Identifier: MIT */
/* aco_opt_shrink_valu: VOP1 and VOP2 instructions that instruction selection emitted in
 * their 64-bit VOP3 (e64) form take the 32-bit form when nothing needs the VOP3 one: no
 * modifiers, a VGPR destination, and for VOP2 a VGPR second source (src0 takes any
 * source in both forms, a literal included). When only the first source is a VGPR, the
 * sources of a commutative integer operation are swapped (v_sub_nc_u32 becomes
 * v_subrev_nc_u32); float operations are not swapped, since with two NaN sources the
 * one that propagates may depend on the order. Left alone: VOPC and the forms with an
 * implicit vcc (v_cndmask, carries: their 32-bit form pins the mask to vcc), accumulating
 * forms (fmac, dot), 16-bit operations (their 32-bit forms constrain registers on GFX11).
 * Halves the size of most VALU instructions; runs last, after the passes that inspect
 * the e64 forms. */
#include "opt/opt.h"

#include <string.h>

/* The opcode computing the same with src0 and src1 exchanged, or aco_num_opcodes. */
static enum aco_opcode
swapped(enum aco_opcode op)
{
   switch (op) {
   case aco_op_v_add_nc_u32: case aco_op_v_and_b32: case aco_op_v_or_b32:
   case aco_op_v_xor_b32: case aco_op_v_xnor_b32: case aco_op_v_min_u32: case aco_op_v_max_u32:
   case aco_op_v_min_i32: case aco_op_v_max_i32: case aco_op_v_mul_u32_u24:
   case aco_op_v_mul_i32_i24: case aco_op_v_mul_hi_u32_u24: case aco_op_v_mul_hi_i32_i24:
      return op;
   case aco_op_v_sub_nc_u32: return aco_op_v_subrev_nc_u32;
   case aco_op_v_subrev_nc_u32: return aco_op_v_sub_nc_u32;
   default: return aco_num_opcodes;
   }
}

static bool
is_vgpr_temp(const aco_operand *o)
{
   return o->kind == ACO_OPND_TEMP && !o->fixed && aco_rc_is_vgpr(o->temp.rc) &&
          !aco_rc_is_subdword(o->temp.rc);
}

struct shrink_ctx {
   const struct aco_mprogram *p;
   /* per opcode: 0 not looked at yet, 1 an accumulating form (its name says so), 2 not;
    * the names are searched once per opcode, not once per instruction */
   uint8_t *accumulates;
};

static bool
accumulates(struct shrink_ctx *c, const struct aco_op_info *info, enum aco_opcode op)
{
   if (!c->accumulates[op])
      c->accumulates[op] = strstr(info->name, "mac") || strstr(info->name, "dot") ? 1 : 2;
   return c->accumulates[op] == 1;
}

static bool
shrinkable(struct shrink_ctx *c, const struct aco_minstr *in)
{
   const struct aco_mprogram *p = c->p;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (in->encoding != ACO_ENC_E64 ||
       (info->format != ACO_FMT_VOP1 && info->format != ACO_FMT_VOP2) ||
       (info->flags & (ACO_OPF_READ_VCC | ACO_OPF_WRITE_VCC | ACO_OPF_SRC16 | ACO_OPF_SRC2_16)) ||
       accumulates(c, info, (enum aco_opcode)in->opcode))
      return false;
   const struct aco_valu_fields *v = &in->valu;
   if (v->neg || v->abs || v->opsel || v->clamp || v->omod || in->num_definitions != 1)
      return false;
   const aco_definition *d = &in->definitions[0];
   if (d->fixed || !aco_rc_is_vgpr(d->temp.rc) || aco_rc_is_subdword(d->temp.rc))
      return false;
   /* both forms exist; without vcc slots they have the same operands (one per source) */
   int gi = aco_gfx_index(p->gfx_level);
   return info->opcode[gi] >= 0 && info->opcode2[gi] >= 0 &&
          in->num_operands == (info->format == ACO_FMT_VOP1 ? 1u : 2u);
}

static void
shrink(struct shrink_ctx *c, struct aco_minstr *in)
{
   if (!shrinkable(c, in))
      return;
   if (aco_op_info(in->opcode)->format == ACO_FMT_VOP2 && in->num_operands == 2 &&
       !is_vgpr_temp(&in->operands[1])) {
      enum aco_opcode sw = swapped((enum aco_opcode)in->opcode);
      if (sw == aco_num_opcodes || !is_vgpr_temp(&in->operands[0]))
         return;
      aco_operand a = in->operands[0];
      in->operands[0] = in->operands[1];
      in->operands[1] = a;
      in->opcode = (uint16_t)sw;
   }
   for (unsigned i = 1; i < in->num_operands; i++) {
      if (!is_vgpr_temp(&in->operands[i]))
         return;
   }
   in->encoding = ACO_ENC_NATIVE;
}

aco_status
aco_opt_shrink_valu(struct aco_mprogram *p)
{
   uint8_t per_opcode[aco_num_opcodes];
   memset(per_opcode, 0, sizeof(per_opcode));
   struct shrink_ctx c = {p, per_opcode};
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b) {
      aco_foreach_instr(b, in)
         shrink(&c, in);
   }
   return p->status;
}
