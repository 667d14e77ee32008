/* SPDX-License-Identifier: MIT */
/* The assembler: machine IR to instruction words, one packing function per format, the
 * GFX-level differences of each format kept side by side (docs/isa-notes.md explains each
 * quirk). Operands are found through the opcode's slot map, so no opcode switch here. */
#include "emit/emit.h"
#include "emit/fields.h"

#include <string.h>

static unsigned
operand_field(aco_gfx_level level, const aco_operand *o, unsigned dwords, unsigned slot_bits,
              bool *lit, uint32_t *lit_value)
{
   if (o->kind == ACO_OPND_CONST && slot_bits == 16) {
      /* a 16-bit source reads the low half; only values that are 16-bit numbers (zero- or
       * sign-extended) are accepted, anything else has no encoding */
      uint64_t hi = o->value >> 16;
      if (hi != 0 && hi != 0xffff && hi != 0xffffffffffffull)
         return ~0u;
      int f = aco_inline_constant(o->value & 0xffff, 16, true);
      if (f >= 0)
         return (unsigned)f;
      *lit = true;
      *lit_value = (uint32_t)(o->value & 0xffff);
      return ACO_REG_LITERAL;
   }
   if (o->kind == ACO_OPND_CONST) {
      unsigned bits = o->bits ? o->bits : dwords * 32;
      int f = aco_inline_constant(o->value, bits, o->is_float || bits == 64);
      if (f >= 0)
         return (unsigned)f;
      *lit = true;
      *lit_value = bits == 64 ? (uint32_t)(o->value >> 32) : (uint32_t)o->value;
      return ACO_REG_LITERAL;
   }
   if (o->kind == ACO_OPND_UNDEF)
      return aco_gfx_info(level)->reg_null;
   return aco_physreg_field(o->reg);
}

bool
aco_instr_fields(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                 struct aco_fields *f)
{
   struct aco_slot_map map;
   memset(f, 0, sizeof(*f));
   if (!aco_minstr_slots(level, wave_size, in->opcode, in->encoding, &map))
      return false;
   if (map.num_operands != in->num_operands || map.num_definitions != in->num_definitions)
      return false;
   f->saddr = aco_gfx_info(level)->reg_null;
   f->soffset = aco_gfx_info(level)->reg_null;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      unsigned v = 0;
      if (map.index[i] != 0xff) {
         if (map.is_def[i])
            v = aco_physreg_field(in->definitions[map.index[i]].reg);
         else
            v = operand_field(level, &in->operands[map.index[i]], s.dwords,
                              aco_source_bits(aco_op_info(in->opcode), s), &f->has_lit,
                              &f->lit);
         if (v == ~0u)
            return false; /* constant that the source cannot hold */
         if ((aco_op_info(in->opcode)->flags & ACO_OPF_SRC_REG) && !map.is_def[i] &&
             (s.role == 'a' || s.role == 'b') &&
             (in->operands[map.index[i]].kind == ACO_OPND_CONST ||
              in->operands[map.index[i]].kind == ACO_OPND_UNDEF || (v >= 256) != (s.file == 'v')))
            return false; /* register-only source of the slot's file */
         if ((aco_op_info(in->opcode)->flags & ACO_OPF_SRC_M0) && s.role == 'a' &&
             v != aco_gfx_info(level)->reg_m0 && !(v >= 128 && v <= 208) && !(v >= 240 && v <= 248))
            return false; /* m0 or an inline constant only */
      }
      switch (s.role) {
      case 'd': f->d = v; f->has_d = true; break;
      case 'e': f->e = v; break;
      case 'a': f->a = v; f->has_a = true; break;
      case 'b': f->b = v; break;
      case 'c': f->c = v; break;
      case 'x': f->x = v; break;
      case 'y': f->y = v; break;
      case 'r': f->r = v; break;
      case 'o': f->soffset = v; break;
      case 'f': f->saddr_off = true; break;
      default: break;
      }
   }
   return true;
}

static uint32_t vg(unsigned field) { return field & 0xff; }

unsigned
aco_encode_instr(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                 uint32_t *out)
{
   int gi = aco_gfx_index(level);
   const struct aco_op_info *info = aco_op_info(in->opcode);
   struct aco_fields f;
   if (gi < 0 || info->opcode[gi] < 0 || !aco_instr_fields(level, wave_size, in, &f))
      return 0;
   uint32_t op = (uint32_t)info->opcode[gi];
   const struct aco_valu_fields *m = &in->valu;
   const struct aco_mem_fields *mem = &in->mem;
   unsigned n = 0;
   unsigned fmt = info->format;
   if (in->encoding == ACO_ENC_E64 || fmt == ACO_FMT_VOP3) {
      if (in->encoding == ACO_ENC_E64)
         op = (uint32_t)info->opcode2[gi];
      /* VOPC e64 and VOP3SD put the lane mask in vdst / sdst; the rest are plain.
       * v_cmpx_* e64 has no written destination: vdst holds exec_lo. */
      unsigned d = fmt == ACO_FMT_VOPC && !f.has_d ? ACO_REG_EXEC_LO : f.d;
      out[n++] = 0xD4000000u | op << 16 | (uint32_t)m->clamp << 15 | (f.e ? f.e << 8 : 0) |
                 (uint32_t)(m->opsel & 15) << 11 | (uint32_t)(m->abs & 7) << 8 | (d & 0xff);
      out[n++] = (uint32_t)(m->neg & 7) << 29 | (uint32_t)(m->omod & 3) << 27 | f.c << 18 |
                 f.b << 9 | f.a;
      if (f.e && (m->opsel || m->abs))
         return 0; /* VOP3SD has no room for them */
      if ((info->flags & ACO_OPF_SRC1_INT) && ((m->abs | m->neg) & 2))
         return 0; /* integer src1 takes no float modifiers */
   } else {
      switch (fmt) {
      case ACO_FMT_SOP1:
         out[n++] = 0xBE800000u | f.d << 16 | op << 8 | f.a;
         break;
      case ACO_FMT_SOP2:
         out[n++] = 0x80000000u | op << 23 | f.d << 16 | f.b << 8 | f.a;
         break;
      case ACO_FMT_SOPK:
         out[n++] = 0xB0000000u | op << 23 | f.d << 16 | (in->imm & 0xffff);
         break;
      case ACO_FMT_SOPC:
         out[n++] = 0xBF000000u | op << 16 | f.b << 8 | f.a;
         break;
      case ACO_FMT_SOPP:
         out[n++] = 0xBF800000u | op << 16 | (in->imm & 0xffff);
         break;
      case ACO_FMT_SMEM:
         if (level >= ACO_GFX1200) {
            out[n++] = 0xF4000000u | op << 13 | f.d << 6 | f.b >> 1;
            out[n++] = (uint32_t)f.soffset << 25 | ((uint32_t)mem->offset & 0xffffff);
         } else {
            unsigned glc = level >= ACO_GFX1100 ? 14 : 16, dlc = level >= ACO_GFX1100 ? 13 : 14;
            out[n++] = 0xF4000000u | op << 18 | (uint32_t)mem->glc << glc |
                       (uint32_t)mem->dlc << dlc | f.d << 6 | f.b >> 1;
            out[n++] = (uint32_t)f.soffset << 25 | ((uint32_t)mem->offset & 0x1fffff);
         }
         break;
      case ACO_FMT_VOP1:
         out[n++] = 0x7E000000u | vg(f.d) << 17 | op << 9 | f.a;
         break;
      case ACO_FMT_VOP2:
         out[n++] = op << 25 | vg(f.d) << 17 | vg(f.b) << 9 | f.a;
         break;
      case ACO_FMT_VOPC:
         out[n++] = 0x7C000000u | op << 17 | vg(f.b) << 9 | f.a;
         break;
      case ACO_FMT_VOP3P:
         if ((info->flags & ACO_OPF_NO_MODS) && (m->neg || m->neg_hi))
            return 0;
         out[n++] = 0xCC000000u | op << 16 | (uint32_t)m->clamp << 15 |
                    (uint32_t)((m->opsel_hi >> 2) & 1) << 14 | (uint32_t)(m->opsel & 7) << 11 |
                    (uint32_t)(m->neg_hi & 7) << 8 | (f.d & 0xff);
         out[n++] = (uint32_t)(m->neg & 7) << 29 | (uint32_t)(m->opsel_hi & 3) << 27 |
                    f.c << 18 | f.b << 9 | f.a;
         break;
      case ACO_FMT_DS:
         out[n++] = 0xD8000000u | op << 18 | (uint32_t)mem->gds << 17 | ((uint32_t)mem->offset & 0xffff);
         out[n++] = vg(f.d) << 24 | vg(f.y) << 16 | vg(f.x) << 8 | vg(f.a);
         break;
      case ACO_FMT_FLAT:
      case ACO_FMT_GLOBAL:
      case ACO_FMT_SCRATCH: {
         unsigned seg = fmt == ACO_FMT_FLAT ? 0 : fmt == ACO_FMT_SCRATCH ? 1 : 2;
         unsigned saddr = f.saddr_off || fmt == ACO_FMT_FLAT ? f.saddr : f.saddr;
         bool sve = fmt == ACO_FMT_SCRATCH && f.has_a;
         if (level >= ACO_GFX1200) {
            out[n++] = (0xECu + seg) << 24 | op << 14 | saddr;
            out[n++] = vg(f.x) << 23 | (uint32_t)(mem->th & 7) << 20 |
                       (uint32_t)(mem->scope & 3) << 18 | (uint32_t)sve << 17 | vg(f.d);
            out[n++] = ((uint32_t)mem->offset & 0xffffff) << 8 | vg(f.a);
         } else if (level >= ACO_GFX1100) {
            out[n++] = 0xDC000000u | op << 18 | seg << 16 | (uint32_t)mem->slc << 15 |
                       (uint32_t)mem->glc << 14 | (uint32_t)mem->dlc << 13 |
                       ((uint32_t)mem->offset & 0x1fff);
            out[n++] = vg(f.d) << 24 | (uint32_t)sve << 23 | saddr << 16 | vg(f.x) << 8 | vg(f.a);
         } else {
            out[n++] = 0xDC000000u | op << 18 | (uint32_t)mem->slc << 17 |
                       (uint32_t)mem->glc << 16 | seg << 14 | (uint32_t)mem->dlc << 12 |
                       ((uint32_t)mem->offset & 0xfff);
            out[n++] = vg(f.d) << 24 | saddr << 16 | vg(f.x) << 8 | vg(f.a);
         }
         break;
      }
      case ACO_FMT_MUBUF: {
         /* the signature's 'd' is vdata for loads and stores alike */
         if (level >= ACO_GFX1200) {
            out[n++] = 0xC4000000u | op << 14 | (f.soffset & 0x7f);
            out[n++] = (uint32_t)mem->idxen << 31 | (uint32_t)mem->offen << 30 | 1u << 23 |
                       (uint32_t)(mem->th & 7) << 20 | (uint32_t)(mem->scope & 3) << 18 |
                       (f.r & 0x7f) << 9 | vg(f.d); /* full SGPR number, not /4 */
            out[n++] = ((uint32_t)mem->offset & 0xffffff) << 8 | vg(f.a);
         } else if (level >= ACO_GFX1100) {
            out[n++] = 0xE0000000u | op << 18 | (uint32_t)mem->glc << 14 |
                       (uint32_t)mem->dlc << 13 | (uint32_t)mem->slc << 12 |
                       ((uint32_t)mem->offset & 0xfff);
            out[n++] = f.soffset << 24 | (uint32_t)mem->idxen << 23 | (uint32_t)mem->offen << 22 |
                       (f.r >> 2) << 16 | vg(f.d) << 8 | vg(f.a);
         } else {
            out[n++] = 0xE0000000u | op << 18 | (uint32_t)mem->dlc << 15 |
                       (uint32_t)mem->glc << 14 | (uint32_t)mem->idxen << 13 |
                       (uint32_t)mem->offen << 12 | ((uint32_t)mem->offset & 0xfff);
            out[n++] = f.soffset << 24 | (uint32_t)mem->slc << 22 | (f.r >> 2) << 16 |
                       vg(f.d) << 8 | vg(f.a);
         }
         break;
      }
      default:
         return 0;
      }
   }
   if (f.has_lit)
      out[n++] = f.lit;
   return n;
}
