/* SPDX-License-Identifier: MIT */
/* The machine-IR builder: instructions created in the program's arena and inserted at a
 * cursor. The shapes of hardware instructions come from the opcode's slot map, so a
 * builder call fills the signature's slots by role ('d' destination, 'a'/'b'/'c' sources,
 * 'v' implicit vcc, 'e' carry-out) and never needs to know an opcode. */
#include "mir/mir.h"

#include <string.h>

void
aco_mb_at_end(struct aco_mbuilder *b, struct aco_mprogram *p, struct aco_mblock *block)
{
   b->p = p;
   b->list = &block->instrs;
   b->pos = block->instrs.len;
}

void
aco_mb_at(struct aco_mbuilder *b, struct aco_mprogram *p, struct aco_mblock *block,
          uint32_t index)
{
   b->p = p;
   b->list = &block->instrs;
   b->pos = index < block->instrs.len ? index : block->instrs.len;
}

void
aco_mb_at_list(struct aco_mbuilder *b, struct aco_mprogram *p, aco_instr_list *list)
{
   b->p = p;
   b->list = list;
   b->pos = list->len;
}

aco_temp
aco_mb_temp(struct aco_mbuilder *b, aco_rc rc)
{
   aco_temp t = aco_mprogram_new_temp(b->p, rc);
   if (!t.id)
      aco_mprogram_error(b->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory creating a temporary");
   return t;
}

aco_definition
aco_mb_def(struct aco_mbuilder *b, aco_rc rc)
{
   return aco_def_temp(aco_mb_temp(b, rc));
}

struct aco_minstr *
aco_mb_insert(struct aco_mbuilder *b, struct aco_minstr *in)
{
   if (!in)
      return NULL;
   aco_instr_list *l = b->list;
   if (!aco_vec_push(b->p->allocator, l, in)) {
      aco_mprogram_error(b->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory inserting an instruction");
      return NULL;
   }
   if (b->pos + 1 < l->len) {
      memmove(&l->data[b->pos + 1], &l->data[b->pos], (l->len - 1 - b->pos) * sizeof(l->data[0]));
      l->data[b->pos] = in;
   }
   b->pos++;
   return in;
}

struct aco_minstr *
aco_mb_instr(struct aco_mbuilder *b, enum aco_opcode op, unsigned ndefs, unsigned nops)
{
   if (op >= aco_num_opcodes || ndefs > 255 || nops > 255) {
      aco_mprogram_error(b->p, ACO_ERROR_INVALID_IR, "builder: bad opcode %u or counts %u/%u",
                         (unsigned)op, ndefs, nops);
      return NULL;
   }
   struct aco_minstr *in = aco_minstr_create(&b->p->arena, op, nops, ndefs);
   if (!in) {
      aco_mprogram_error(b->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory creating an instruction");
      return NULL;
   }
   return aco_mb_insert(b, in);
}

static bool
slots(struct aco_mbuilder *b, enum aco_opcode op, enum aco_encoding enc,
      struct aco_slot_map *map)
{
   if (op < aco_num_opcodes &&
       aco_minstr_slots(b->p->gfx_level, b->p->wave_size, op, enc, map))
      return true;
   aco_mprogram_error(b->p, ACO_ERROR_INVALID_IR,
                      "builder: %s has no operand signature in this encoding on %s",
                      op < aco_num_opcodes ? aco_op_info(op)->name : "?", b->p->gfx->name);
   return false;
}

struct aco_minstr *
aco_mb_hw(struct aco_mbuilder *b, enum aco_opcode op, enum aco_encoding enc,
          const aco_definition *defs, const aco_operand *ops)
{
   struct aco_slot_map map;
   if (!slots(b, op, enc, &map))
      return NULL;
   struct aco_minstr *in = aco_mb_instr(b, op, map.num_definitions, map.num_operands);
   if (!in)
      return NULL;
   in->encoding = (uint8_t)enc;
   if (map.num_definitions)
      memcpy(in->definitions, defs, map.num_definitions * sizeof(*defs));
   if (map.num_operands)
      memcpy(in->operands, ops, map.num_operands * sizeof(*ops));
   return in;
}

aco_operand
aco_mb_vcc(const struct aco_mbuilder *b)
{
   return aco_opnd_reg(aco_sgpr(ACO_REG_VCC_LO), aco_rc_lane_mask(b->p->wave_size));
}

aco_operand
aco_mb_exec(const struct aco_mbuilder *b)
{
   return aco_opnd_reg(aco_sgpr(ACO_REG_EXEC_LO), aco_rc_lane_mask(b->p->wave_size));
}

aco_operand
aco_mb_m0(const struct aco_mbuilder *b)
{
   return aco_opnd_reg(aco_sgpr(b->p->gfx->reg_m0), aco_rc_s(1));
}

aco_operand
aco_mb_scc(void)
{
   return aco_opnd_reg(aco_sgpr(ACO_REG_SCC), aco_rc_s(1));
}

static bool
info_is_vopc(enum aco_opcode op)
{
   return aco_op_info(op)->format == ACO_FMT_VOPC;
}

/* Fills an instruction's slots by role: the first 'd' gets dst, sources 'a', 'b', 'c' get
 * src[0..2], an implicit vcc operand reads vcc, an implicit vcc or carry-out definition
 * gets a new lane-mask temporary (fixed to vcc for the implicit one). For VOPC in the
 * 32-bit form the implicit vcc definition is the destination: dst, fixed to vcc. */
static struct aco_minstr *
build_roles(struct aco_mbuilder *b, enum aco_opcode op, enum aco_encoding enc,
            aco_definition dst, const aco_operand *src, unsigned nsrc)
{
   struct aco_slot_map map;
   if (!slots(b, op, enc, &map))
      return NULL;
   struct aco_minstr *in = aco_mb_instr(b, op, map.num_definitions, map.num_operands);
   if (!in)
      return NULL;
   in->encoding = (uint8_t)enc;
   aco_rc mask = aco_rc_lane_mask(b->p->wave_size);
   bool dst_used = false;
   unsigned next_src = 0;
   for (unsigned i = 0; i < map.count; i++) {
      if (map.index[i] == 0xff)
         continue;
      char role = map.slot[i].role;
      if (map.is_def[i]) {
         aco_definition *d = &in->definitions[map.index[i]];
         if (role == 'v' && info_is_vopc(op) && !dst_used) {
            *d = dst;
            d->fixed = true;
            d->reg = aco_sgpr(ACO_REG_VCC_LO);
            dst_used = true;
         } else if (role == 'v') {
            *d = aco_def_fixed(aco_mb_temp(b, mask), aco_sgpr(ACO_REG_VCC_LO));
         } else if (role == 'e') {
            *d = aco_mb_def(b, mask);
         } else if (!dst_used) {
            *d = dst;
            dst_used = true;
         }
      } else if (role == 'v') {
         in->operands[map.index[i]] = aco_mb_vcc(b);
      } else {
         in->operands[map.index[i]] = next_src < nsrc ? src[next_src] : aco_opnd_const(0, 32);
         next_src++;
      }
   }
   return in;
}

struct aco_minstr *
aco_mb_sop1(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, aco_operand a)
{
   return build_roles(b, op, ACO_ENC_NATIVE, dst, &a, 1);
}

struct aco_minstr *
aco_mb_sop2(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, aco_operand a,
            aco_operand c)
{
   aco_operand src[2] = {a, c};
   return build_roles(b, op, ACO_ENC_NATIVE, dst, src, 2);
}

struct aco_minstr *
aco_mb_sopc(struct aco_mbuilder *b, enum aco_opcode op, aco_operand a, aco_operand c)
{
   aco_operand src[2] = {a, c};
   return build_roles(b, op, ACO_ENC_NATIVE, aco_def_temp(aco_temp_make(0, aco_rc_s(1))), src, 2);
}

struct aco_minstr *
aco_mb_sopk(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, uint16_t imm)
{
   struct aco_minstr *in = build_roles(b, op, ACO_ENC_NATIVE, dst, NULL, 0);
   if (in)
      in->imm = imm;
   return in;
}

struct aco_minstr *
aco_mb_sopp(struct aco_mbuilder *b, enum aco_opcode op, uint32_t imm)
{
   struct aco_minstr *in = aco_mb_instr(b, op, 0, 0);
   if (in)
      in->imm = imm;
   return in;
}

struct aco_minstr *
aco_mb_branch(struct aco_mbuilder *b, enum aco_opcode op, uint32_t target)
{
   struct aco_minstr *in = aco_mb_instr(b, op, 0, 0);
   if (in)
      in->target_block = target;
   return in;
}

struct aco_minstr *
aco_mb_vop1(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, aco_operand a)
{
   return build_roles(b, op, ACO_ENC_NATIVE, dst, &a, 1);
}

struct aco_minstr *
aco_mb_vop2(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, aco_operand a,
            aco_operand c)
{
   aco_operand src[2] = {a, c};
   return build_roles(b, op, ACO_ENC_NATIVE, dst, src, 2);
}

struct aco_minstr *
aco_mb_vop3(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, aco_operand a,
            aco_operand c, aco_operand d, struct aco_valu_fields mods)
{
   aco_operand src[3] = {a, c, d};
   unsigned fmt = op < aco_num_opcodes ? aco_op_info(op)->format : ACO_FMT_PSEUDO;
   enum aco_encoding enc = fmt == ACO_FMT_VOP1 || fmt == ACO_FMT_VOP2 || fmt == ACO_FMT_VOPC
                              ? ACO_ENC_E64 : ACO_ENC_NATIVE;
   struct aco_minstr *in = build_roles(b, op, enc, dst, src, 3);
   if (in) {
      /* keep the VOP3P op_sel_hi default unless the caller set one */
      uint8_t hi = in->valu.opsel_hi;
      in->valu = mods;
      if (fmt == ACO_FMT_VOP3P && !mods.opsel_hi)
         in->valu.opsel_hi = hi;
   }
   return in;
}

struct aco_minstr *
aco_mb_mem(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, const aco_operand *ops,
           struct aco_mem_fields f)
{
   struct aco_slot_map map;
   if (!slots(b, op, ACO_ENC_NATIVE, &map))
      return NULL;
   struct aco_minstr *in = build_roles(b, op, ACO_ENC_NATIVE, dst, ops, map.num_operands);
   if (in)
      in->mem = f;
   return in;
}

struct aco_minstr *
aco_mb_parallelcopy(struct aco_mbuilder *b, unsigned n, const aco_definition *defs,
                    const aco_operand *ops)
{
   struct aco_minstr *in = aco_mb_instr(b, aco_op_p_parallelcopy, n, n);
   if (in && n) {
      memcpy(in->definitions, defs, n * sizeof(*defs));
      memcpy(in->operands, ops, n * sizeof(*ops));
   }
   return in;
}

struct aco_minstr *
aco_mb_copy(struct aco_mbuilder *b, aco_definition dst, aco_operand src)
{
   return aco_mb_parallelcopy(b, 1, &dst, &src);
}

struct aco_minstr *
aco_mb_create_vector(struct aco_mbuilder *b, aco_definition dst, unsigned n,
                     const aco_operand *ops)
{
   struct aco_minstr *in = aco_mb_instr(b, aco_op_p_create_vector, 1, n);
   if (in) {
      in->definitions[0] = dst;
      if (n)
         memcpy(in->operands, ops, n * sizeof(*ops));
   }
   return in;
}

struct aco_minstr *
aco_mb_split_vector(struct aco_mbuilder *b, unsigned n, const aco_definition *defs,
                    aco_operand src)
{
   struct aco_minstr *in = aco_mb_instr(b, aco_op_p_split_vector, n, 1);
   if (in) {
      if (n)
         memcpy(in->definitions, defs, n * sizeof(*defs));
      in->operands[0] = src;
   }
   return in;
}

struct aco_minstr *
aco_mb_extract_vector(struct aco_mbuilder *b, aco_definition dst, aco_operand src,
                      unsigned index)
{
   struct aco_minstr *in = aco_mb_instr(b, aco_op_p_extract_vector, 1, 2);
   if (in) {
      in->definitions[0] = dst;
      in->operands[0] = src;
      in->operands[1] = aco_opnd_const(index, 32);
   }
   return in;
}

struct aco_minstr *
aco_mb_phi(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst, unsigned n,
           const aco_operand *ops)
{
   struct aco_minstr *in = aco_mb_instr(b, op, 1, n);
   if (in) {
      in->definitions[0] = dst;
      if (n)
         memcpy(in->operands, ops, n * sizeof(*ops));
   }
   return in;
}

struct aco_minstr *
aco_mb_pbranch(struct aco_mbuilder *b, enum aco_opcode op, aco_operand cond, uint32_t target)
{
   struct aco_minstr *in = aco_mb_instr(b, op, 0, op == aco_op_p_branch ? 0 : 1);
   if (in) {
      if (op != aco_op_p_branch)
         in->operands[0] = cond;
      in->target_block = target;
   }
   return in;
}

struct aco_minstr *
aco_mb_vopd(struct aco_mbuilder *b, enum aco_opcode x, enum aco_opcode y, aco_definition dx,
            aco_definition dy, const aco_operand *ops)
{
   struct aco_slot_map xm, ym;
   if (!slots(b, x, ACO_ENC_NATIVE, &xm) || !slots(b, y, ACO_ENC_NATIVE, &ym))
      return NULL;
   unsigned n = xm.num_operands + ym.num_operands;
   struct aco_minstr *in = aco_mb_instr(b, x, 2, n);
   if (!in)
      return NULL;
   in->vopd_y = (uint16_t)y;
   in->definitions[0] = dx;
   in->definitions[1] = dy;
   if (n)
      memcpy(in->operands, ops, n * sizeof(*ops));
   return in;
}
