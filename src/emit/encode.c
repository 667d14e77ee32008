/* SPDX-License-Identifier: MIT */
/* The assembler: machine IR to instruction words, one packing function per format, the
 * GFX-level differences of each format kept side by side (docs/isa-notes.md explains each
 * quirk). Operands are found through the opcode's slot map, so no opcode switch here. */
#include "emit/emit.h"
#include "emit/fields.h"

#include <string.h>

static unsigned operand_field_raw(aco_gfx_level level, const aco_operand *o, unsigned dwords,
                                  unsigned slot_bits, bool fp, bool *lit, uint32_t *lit_value);

static unsigned
operand_field(aco_gfx_level level, const aco_operand *o, unsigned dwords, unsigned slot_bits,
              bool fp, bool *lit, uint32_t *lit_value)
{
   bool had_lit = *lit;
   uint32_t prev = *lit_value;
   unsigned v = operand_field_raw(level, o, dwords, slot_bits, fp, lit, lit_value);
   /* one literal dword per instruction: two constants must share it */
   if (v == ACO_REG_LITERAL && had_lit && prev != *lit_value)
      return ~0u;
   return v;
}

static unsigned
operand_field_raw(aco_gfx_level level, const aco_operand *o, unsigned dwords, unsigned slot_bits,
                  bool fp, bool *lit, uint32_t *lit_value)
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
      if (bits == 64) {
         /* one 32-bit literal: the high half of an f64, the zero-extended low half of an
          * integer; values that are neither have no encoding */
         uint32_t half = fp ? (uint32_t)(o->value >> 32) : (uint32_t)o->value;
         if (aco_literal64(fp, half) != o->value)
            return ~0u;
         *lit = true;
         *lit_value = half;
         return ACO_REG_LITERAL;
      }
      *lit = true;
      *lit_value = (uint32_t)o->value;
      return ACO_REG_LITERAL;
   }
   if (o->kind == ACO_OPND_UNDEF)
      return aco_gfx_info(level)->reg_null;
   return aco_physreg_field(o->reg);
}

/* GFX11+ 16-bit halves (a register at byte 2 is the high half): the 32-bit and DPP
 * encodings of VOP1/VOP2/VOPC name v0..v127 in their 16-bit VGPR fields, bit 7 choosing
 * the high half; the VOP3 forms keep the full register number and set the operand's op_sel
 * bit. Any other byte offset, or a half in a slot that is not 16 bits, has no encoding.
 * GFX10.3 reaches halves through SDWA and op_sel fields instead, so it is left alone. */
static bool
half_field(bool vop3, struct aco_op_slot s, aco_physreg reg, unsigned *v, struct aco_fields *f)
{
   unsigned byte = aco_physreg_byte(reg);
   if (byte != 0 && byte != 2)
      return false;
   if (vop3) {
      unsigned bit = s.role == 'd' ? 3 : s.role == 'a' ? 0 : s.role == 'b' ? 1 : 2;
      f->half_opsel |= (uint8_t)((byte == 2) << bit);
      return true;
   }
   if (*v < 256)
      return byte == 0; /* an SGPR source of a 32-bit form reads its low half */
   if (*v - 256 >= 128)
      return false;
   *v |= (byte == 2) << 7;
   return true;
}

/* The register of a slot where halves have meaning (GFX11+ VOP1/VOP2/VOPC/VOP3, see
 * half_field): only 16-bit VGPR slots may name a high half, the rest whole registers. */
static inline bool
slot_reg_ok(const struct aco_op_info *info, bool vop3, struct aco_op_slot s, aco_physreg reg,
            unsigned *v, struct aco_fields *f)
{
   if (!aco_slot_is_16bit_vgpr(info, s))
      return aco_physreg_byte(reg) == 0;
   return half_field(vop3, s, reg, v, f);
}

/* An opcode's slot map: from the program's table when there is a program (p's level and
 * wave size are the ones asked for), computed into *tmp otherwise. */
static const struct aco_slot_map *
slot_map(struct aco_mprogram *p, aco_gfx_level level, unsigned wave_size, enum aco_opcode op,
         enum aco_encoding enc, struct aco_slot_map *tmp)
{
   if (p)
      return aco_mprogram_slots(p, op, enc);
   return aco_minstr_slots(level, wave_size, op, enc, tmp) ? tmp : NULL;
}

static bool
instr_fields(aco_gfx_level level, const struct aco_minstr *in, const struct aco_slot_map *map,
             struct aco_fields *f)
{
   memset(f, 0, sizeof(*f));
   if (!map)
      return false;
   /* a tied operand past the slot map (docs/mir.md) is read through the destination */
   unsigned tied_extra = aco_minstr_tied_operand(in) == (int)map->num_operands;
   if (map->num_operands + tied_extra != in->num_operands ||
       map->num_definitions != in->num_definitions)
      return false;
   /* what every slot asks of the opcode and level, looked up once */
   const struct aco_gfx_info *gfx = aco_gfx_info(level);
   const struct aco_op_info *info = aco_op_info(in->opcode);
   uint32_t flags = info->flags;
   bool fp = (flags & ACO_OPF_FLOAT) != 0;
   bool halves = level >= ACO_GFX1100 && info->format >= ACO_FMT_VOP1 &&
                 info->format <= ACO_FMT_VOP3;
   bool vop3 = info->format == ACO_FMT_VOP3 || aco_enc_is_e64(in->encoding);
   f->saddr = gfx->reg_null;
   f->soffset = gfx->reg_null;
   for (unsigned i = 0; i < map->count; i++) {
      struct aco_op_slot s = map->slot[i];
      unsigned v = 0;
      if (map->index[i] != 0xff) {
         if (s.role == 'l') {
            /* the K of fmaak/fmamk: always a literal, shared with a literal src0 */
            const aco_operand *o = &in->operands[map->index[i]];
            uint32_t k = (uint32_t)o->value;
            if (o->kind != ACO_OPND_CONST || (f->has_lit && f->lit != k))
               return false;
            f->has_lit = true;
            f->lit = k;
            continue;
         }
         const aco_operand *o = map->is_def[i] ? NULL : &in->operands[map->index[i]];
         if (!o) {
            aco_physreg reg = in->definitions[map->index[i]].reg;
            v = aco_physreg_field(reg);
            if (halves && !slot_reg_ok(info, vop3, s, reg, &v, f))
               return false;
         } else {
            v = operand_field(level, o, s.dwords, aco_source_bits(info, s), fp, &f->has_lit,
                              &f->lit);
            if (v == ~0u)
               return false; /* constant that the source cannot hold */
            bool reg = o->kind == ACO_OPND_REG || o->kind == ACO_OPND_TEMP;
            if (reg && halves && !slot_reg_ok(info, vop3, s, o->reg, &v, f))
               return false;
            if ((flags & ACO_OPF_SRC_REG) && (s.role == 'a' || s.role == 'b') &&
                (o->kind == ACO_OPND_CONST || o->kind == ACO_OPND_UNDEF ||
                 (v >= 256) != (s.file == 'v')))
               return false; /* register-only source of the slot's file */
            if ((flags & ACO_OPF_SRC0_VGPR) && s.role == 'a' &&
                (o->kind == ACO_OPND_CONST || v < 256))
               return false;
            if ((flags & ACO_OPF_SRC_M0) && s.role == 'a' && v != gfx->reg_m0 &&
                !(v >= 128 && v <= 208) && !(v >= 240 && v <= 248))
               return false; /* m0 or an inline constant only */
         }
      }
      switch (s.role) {
      case 'd': f->d = v; f->has_d = true; break;
      case 'e': f->e = v; break;
      case 'a': f->a = v; f->has_a = true; break;
      case 'b': f->b = v; f->has_b = true; break;
      case 'c': f->c = v; break;
      case 'x': f->x = v; break;
      case 'y': f->y = v; break;
      case 'r': f->r = v; break;
      case 'o': f->soffset = v; break;
      case 'f': f->saddr_off = true; break;
      case 's': f->saddr = v; break;
      case 'v':
         if (map->is_def[i])
            f->vdef = v, f->has_vdef = true;
         else
            f->vop = v, f->has_vop = true;
         break;
      case 'k':
         /* s_sendmsg_rtn_*: the message id sits in the ssrc0 field */
         if (info->format == ACO_FMT_SOP1)
            f->a = in->imm & 0xff, f->has_a = true;
         break;
      default: break;
      }
   }
   return true;
}

bool
aco_instr_fields(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                 struct aco_fields *f)
{
   struct aco_slot_map tmp;
   return instr_fields(level, in, slot_map(NULL, level, wave_size, in->opcode, in->encoding, &tmp),
                       f);
}

bool
aco_minstr_fields(struct aco_mprogram *p, const struct aco_minstr *in, struct aco_fields *f)
{
   return instr_fields(p->gfx_level, in, aco_mprogram_slots(p, in->opcode, in->encoding), f);
}

static uint32_t vg(unsigned field) { return field & 0xff; }

/* The extra dword of DPP16, DPP8 (src0 field 250, 233/234) and SDWA (249), and the value
 * that replaces src0. VOP3 forms keep their modifiers in the VOP3 words. */
static bool
valu_extra_dword(aco_gfx_level level, unsigned fmt, const struct aco_minstr *in,
                 const struct aco_fields *f, bool vop3, unsigned *src0, uint32_t *word)
{
   const struct aco_valu_fields *m = &in->valu;
   unsigned enc = in->encoding;
   if (aco_enc_is_dpp(enc)) {
      if (!f->has_a || f->a < 256 || f->has_lit)
         return false; /* src0 is a VGPR, no literal */
      if (enc == ACO_ENC_DPP8 || enc == ACO_ENC_E64_DPP8) {
         if (!vop3 && (m->neg || m->abs))
            return false;
         *src0 = m->fetch_inactive ? ACO_REG_DPP8_FI : ACO_REG_DPP8;
         *word = vg(f->a) | (m->dpp8_sel & 0xffffff) << 8;
      } else {
         *src0 = ACO_REG_DPP16;
         *word = vg(f->a) | (uint32_t)(m->dpp_ctrl & 0x1ff) << 8 |
                 (uint32_t)m->fetch_inactive << 18 | (uint32_t)m->bound_ctrl << 19 |
                 (uint32_t)(m->bank_mask & 15) << 24 | (uint32_t)(m->row_mask & 15) << 28;
         if (!vop3)
            *word |= (uint32_t)(m->neg & 1) << 20 | (uint32_t)(m->abs & 1) << 21 |
                     (uint32_t)(m->neg >> 1 & 1) << 22 | (uint32_t)(m->abs >> 1 & 1) << 23;
      }
      return true;
   }
   if (enc != ACO_ENC_SDWA)
      return true;
   if (!aco_gfx_info(level)->has_sdwa || vop3 || f->has_lit || !f->has_a)
      return false;
   /* SDWA sources are VGPRs or (flagged by s0/s1) SGPRs and inline constants */
   *src0 = ACO_REG_SDWA;
   *word = (f->a & 0xff) | (uint32_t)(f->a < 256) << 23 |
           (uint32_t)(m->sdwa_sel[0] & 7) << 16 | (uint32_t)m->sdwa_sext[0] << 19 |
           (uint32_t)(m->neg & 1) << 20 | (uint32_t)(m->abs & 1) << 21;
   if (fmt != ACO_FMT_VOP1)
      *word |= (uint32_t)(m->sdwa_sel[1] & 7) << 24 | (uint32_t)m->sdwa_sext[1] << 27 |
               (uint32_t)(m->neg >> 1 & 1) << 28 | (uint32_t)(m->abs >> 1 & 1) << 29 |
               (uint32_t)(f->b < 256) << 31;
   if (fmt == ACO_FMT_VOPC) {
      /* the lane mask goes to sdst unless it is vcc */
      if (m->clamp || m->omod)
         return false;
      if (f->has_vdef && f->vdef != ACO_REG_VCC_LO)
         *word |= 1u << 15 | (f->vdef & 0x7f) << 8;
   } else {
      *word |= (uint32_t)(m->sdwa_dst_sel & 7) << 8 | (uint32_t)(m->sdwa_dst_unused & 3) << 11 |
               (uint32_t)m->clamp << 13 | (uint32_t)(m->omod & 3) << 14;
   }
   return true;
}

/* VOPD: X and Y halves, each with its own slot map; operands X's then Y's. */
static unsigned
encode_vopd(struct aco_mprogram *p, aco_gfx_level level, unsigned wave,
            const struct aco_minstr *in, uint32_t *out)
{
   int gi = aco_gfx_index(level);
   if (wave != 32 || !aco_gfx_info(level)->has_vopd || in->vopd_y >= aco_num_opcodes ||
       in->num_definitions != 2)
      return 0;
   const struct aco_op_info *xi = aco_op_info(in->opcode), *yi = aco_op_info(in->vopd_y);
   if (yi->format != ACO_FMT_VOPD || xi->opcode[gi] < 0 || yi->opcode2[gi] < 0)
      return 0;
   struct aco_slot_map xtmp, ytmp;
   const struct aco_slot_map *xmp = slot_map(p, level, wave, in->opcode, ACO_ENC_NATIVE, &xtmp);
   const struct aco_slot_map *ymp = slot_map(p, level, wave, in->vopd_y, ACO_ENC_NATIVE, &ytmp);
   if (!xmp || !ymp)
      return 0;
   const struct aco_slot_map xm = *xmp, ym = *ymp;
   if (xm.num_operands + ym.num_operands != in->num_operands)
      return 0;
   /* encode each half through a view of the shared arrays */
   struct aco_minstr x = *in, y = *in;
   x.num_operands = (uint8_t)xm.num_operands;
   x.num_definitions = 1;
   y.opcode = in->vopd_y;
   y.operands = in->operands + xm.num_operands;
   y.num_operands = (uint8_t)ym.num_operands;
   y.definitions = in->definitions + 1;
   y.num_definitions = 1;
   struct aco_fields fx, fy;
   if (!instr_fields(level, &x, &xm, &fx) || !instr_fields(level, &y, &ym, &fy))
      return 0;
   if (fx.has_lit && fy.has_lit && fx.lit != fy.lit)
      return 0;
   /* vsrc1 are VGPRs; the two destinations differ in their lowest bit */
   bool xb = xm.num_operands > 1, yb = ym.num_operands > 1;
   if ((xb && fx.b < 256) || (yb && fy.b < 256) || fx.d < 256 || fy.d < 256 ||
       ((fx.d ^ fy.d) & 1) == 0)
      return 0;
   unsigned n = 0;
   out[n++] = 0xC8000000u | (uint32_t)xi->opcode[gi] << 22 | (uint32_t)yi->opcode2[gi] << 17 |
              (xb ? vg(fx.b) : 0) << 9 | fx.a;
   out[n++] = vg(fx.d) << 24 | (vg(fy.d) >> 1) << 17 | (yb ? vg(fy.b) : 0) << 9 | fy.a;
   if (fx.has_lit || fy.has_lit)
      out[n++] = fx.has_lit ? fx.lit : fy.lit;
   return n;
}

/* p: where the slot maps come from (NULL: computed for this instruction). */
static unsigned
encode_instr(struct aco_mprogram *p, aco_gfx_level level, unsigned wave_size,
             const struct aco_minstr *in, uint32_t *out)
{
   int gi = aco_gfx_index(level);
   const struct aco_op_info *info = aco_op_info(in->opcode);
   struct aco_fields f;
   struct aco_slot_map tmp;
   if (gi < 0)
      return 0;
   if (info->format == ACO_FMT_VOPD)
      return encode_vopd(p, level, wave_size, in, out);
   if (info->opcode[gi] < 0 ||
       !instr_fields(level, in, slot_map(p, level, wave_size, in->opcode, in->encoding, &tmp), &f))
      return 0;
   uint32_t op = (uint32_t)info->opcode[gi];
   const struct aco_valu_fields *m = &in->valu;
   const struct aco_mem_fields *mem = &in->mem;
   unsigned n = 0;
   unsigned fmt = info->format;
   bool e64 = aco_enc_is_e64(in->encoding);
   bool vop3 = e64 || fmt == ACO_FMT_VOP3 || fmt == ACO_FMT_VOP3P;
   bool flatlike = fmt == ACO_FMT_FLAT || fmt == ACO_FMT_GLOBAL || fmt == ACO_FMT_SCRATCH;
   if (in->encoding != ACO_ENC_NATIVE && in->encoding != ACO_ENC_E64 &&
       !(fmt >= ACO_FMT_VOP1 && fmt <= ACO_FMT_VOP3P) && !flatlike && fmt != ACO_FMT_SMEM &&
       fmt != ACO_FMT_MUBUF)
      return 0;
   if (in->encoding == ACO_ENC_SDWA && vop3)
      return 0;
   if (aco_enc_is_dpp(in->encoding) && level < ACO_GFX1100 && vop3)
      return 0; /* VOP3 DPP is GFX11+ */
   unsigned src0 = f.a;
   uint32_t extra = 0;
   bool has_extra = aco_enc_is_dpp(in->encoding) || in->encoding == ACO_ENC_SDWA;
   if (!valu_extra_dword(level, fmt, in, &f, vop3, &src0, &extra))
      return 0;
   /* the 32-bit forms read and write only vcc as their implicit lane mask (SDWA VOPC may
    * write any SGPR) */
   if (!vop3 && ((f.has_vop && f.vop != ACO_REG_VCC_LO) ||
                 (f.has_vdef && f.vdef != ACO_REG_VCC_LO && in->encoding != ACO_ENC_SDWA)))
      return 0;
   if (vop3 && fmt != ACO_FMT_VOP3P) {
      unsigned opsel = m->opsel | f.half_opsel;
      if (e64)
         op = (uint32_t)info->opcode2[gi];
      /* VOPC e64 and VOP3SD put the lane mask in vdst / sdst; the rest are plain.
       * v_cmpx_* e64 has no written destination: vdst holds exec_lo. */
      unsigned d = fmt == ACO_FMT_VOPC && !f.has_d ? ACO_REG_EXEC_LO : f.d;
      out[n++] = 0xD4000000u | op << 16 | (uint32_t)m->clamp << 15 | (f.e ? f.e << 8 : 0) |
                 (opsel & 15) << 11 | (uint32_t)(m->abs & 7) << 8 | (d & 0xff);
      out[n++] = (uint32_t)(m->neg & 7) << 29 | (uint32_t)(m->omod & 3) << 27 | f.c << 18 |
                 f.b << 9 | src0;
      if (f.e && (opsel || m->abs))
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
         /* s_setreg_b32 reads its SGPR through the sdst field */
         out[n++] = 0xB0000000u | op << 23 | (f.has_d ? f.d : f.a) << 16 | (in->imm & 0xffff);
         break;
      case ACO_FMT_SOPC:
         out[n++] = 0xBF000000u | op << 16 | f.b << 8 | f.a;
         break;
      case ACO_FMT_SOPP:
         out[n++] = 0xBF800000u | op << 16 | (in->imm & 0xffff);
         break;
      case ACO_FMT_SMEM:
         /* the cache invalidates have no operands and a zero soffset field */
         if (!in->num_operands && !in->num_definitions)
            f.soffset = 0;
         if (level >= ACO_GFX1200) {
            out[n++] = 0xF4000000u | (uint32_t)(mem->th & 7) << 23 |
                       (uint32_t)(mem->scope & 3) << 21 | op << 13 | f.d << 6 | f.b >> 1;
            out[n++] = (uint32_t)f.soffset << 25 | ((uint32_t)mem->offset & 0xffffff);
         } else {
            unsigned glc = level >= ACO_GFX1100 ? 14 : 16, dlc = level >= ACO_GFX1100 ? 13 : 14;
            out[n++] = 0xF4000000u | op << 18 | (uint32_t)mem->glc << glc |
                       (uint32_t)mem->dlc << dlc | f.d << 6 | f.b >> 1;
            out[n++] = (uint32_t)f.soffset << 25 | ((uint32_t)mem->offset & 0x1fffff);
         }
         break;
      case ACO_FMT_VOP1:
         if (has_extra && (m->opsel || (in->encoding != ACO_ENC_SDWA && (m->clamp || m->omod))))
            return 0;
         out[n++] = 0x7E000000u | vg(f.d) << 17 | op << 9 | src0;
         break;
      case ACO_FMT_VOP2:
         if (has_extra && (m->opsel || (in->encoding != ACO_ENC_SDWA && (m->clamp || m->omod))))
            return 0;
         if (in->encoding != ACO_ENC_SDWA && f.has_b && f.b < 256)
            return 0; /* vsrc1 is a VGPR */
         out[n++] = op << 25 | vg(f.d) << 17 | vg(f.b) << 9 | src0;
         break;
      case ACO_FMT_VOPC:
         if (has_extra && (m->opsel || (in->encoding != ACO_ENC_SDWA && (m->clamp || m->omod))))
            return 0;
         if (in->encoding != ACO_ENC_SDWA && f.has_b && f.b < 256)
            return 0;
         out[n++] = 0x7C000000u | op << 17 | vg(f.b) << 9 | src0;
         break;
      case ACO_FMT_VOP3P:
         if ((info->flags & ACO_OPF_NO_MODS) && (m->neg || m->neg_hi))
            return 0;
         out[n++] = 0xCC000000u | op << 16 | (uint32_t)m->clamp << 15 |
                    (uint32_t)((m->opsel_hi >> 2) & 1) << 14 | (uint32_t)(m->opsel & 7) << 11 |
                    (uint32_t)(m->neg_hi & 7) << 8 | (f.d & 0xff);
         out[n++] = (uint32_t)(m->neg & 7) << 29 | (uint32_t)(m->opsel_hi & 3) << 27 |
                    f.c << 18 | f.b << 9 | src0;
         break;
      case ACO_FMT_DS:
         out[n++] = 0xD8000000u | op << 18 | (uint32_t)mem->gds << 17 | ((uint32_t)mem->offset & 0xffff);
         out[n++] = vg(f.d) << 24 | vg(f.y) << 16 | vg(f.x) << 8 | vg(f.a);
         break;
      case ACO_FMT_FLAT:
      case ACO_FMT_GLOBAL:
      case ACO_FMT_SCRATCH: {
         unsigned seg = fmt == ACO_FMT_FLAT ? 0 : fmt == ACO_FMT_SCRATCH ? 1 : 2;
         unsigned saddr = f.saddr;
         bool sve = fmt == ACO_FMT_SCRATCH && f.has_a;
         /* GFX10.3 scratch without vaddr and saddr has 0x7f in saddr */
         if (fmt == ACO_FMT_SCRATCH && level < ACO_GFX1100 &&
             (in->encoding & (ACO_ENC_MEM_NO_VADDR | ACO_ENC_MEM_SADDR)) == ACO_ENC_MEM_NO_VADDR)
            saddr = 0x7f;
         /* a returning atomic has glc (TH_ATOMIC_RETURN on GFX12) */
         struct aco_mem_fields mf = *mem;
         if (in->encoding & ACO_ENC_MEM_RTN) {
            mf.glc = true;
            mf.th |= 1;
         }
         mem = &mf;
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
         /* the cache invalidates have no operands and a zero soffset field */
         if (!in->num_operands && !in->num_definitions)
            f.soffset = 0;
         /* vdata: 'd' of loads and stores, 'x' of atomics; a returning atomic writes the
          * old value back over its data, so both must be the same registers, and glc
          * (TH_ATOMIC_RETURN) is set exactly when it returns */
         struct aco_mem_fields mf = *mem;
         if (info->flags & ACO_OPF_ATOMIC) {
            bool rtn = (in->encoding & ACO_ENC_MEM_RTN) != 0;
            if (rtn && f.d != f.x)
               return 0;
            if (!rtn && (level >= ACO_GFX1200 ? (mem->th & 1) : mem->glc))
               return 0;
            mf.glc |= rtn;
            mf.th |= rtn;
            f.d = f.x;
         }
         mem = &mf;
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
   if (has_extra)
      out[n++] = extra;
   if (f.has_lit)
      out[n++] = f.lit;
   return n;
}

unsigned
aco_encode_instr(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                 uint32_t *out)
{
   return encode_instr(NULL, level, wave_size, in, out);
}

unsigned
aco_encode_minstr(struct aco_mprogram *p, const struct aco_minstr *in, uint32_t *out)
{
   return encode_instr(p, p->gfx_level, p->wave_size, in, out);
}
