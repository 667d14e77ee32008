/* SPDX-License-Identifier: MIT */
/* The disassembler: instruction words back to machine IR, through the same opcode table
 * and slot maps as the encoder (so a round trip checks both). */
#include "emit/emit.h"
#include "emit/fields.h"

#include <string.h>

static bool
find_opcode(int gi, unsigned fmt, unsigned op, bool e64, enum aco_opcode *out)
{
   for (unsigned i = 0; i < aco_num_opcodes; i++) {
      const struct aco_op_info *info = aco_op_info(i);
      if (e64) {
         if ((info->format == ACO_FMT_VOP1 || info->format == ACO_FMT_VOP2 ||
              info->format == ACO_FMT_VOPC) && info->opcode2[gi] == (int)op) {
            *out = i;
            return true;
         }
      }
      if (info->format == fmt && info->opcode[gi] == (int)op) {
         *out = i;
         return true;
      }
   }
   return false;
}

static bool
find_vopd(int gi, unsigned op, bool y, enum aco_opcode *out)
{
   for (unsigned i = 0; i < aco_num_opcodes; i++) {
      const struct aco_op_info *info = aco_op_info(i);
      if (info->format == ACO_FMT_VOPD && (y ? info->opcode2[gi] : info->opcode[gi]) == (int)op) {
         *out = i;
         return true;
      }
   }
   return false;
}

/* A source field as an operand: register, inline constant or the literal. */
static aco_operand
source_operand(unsigned v, aco_rc rc, unsigned bits, unsigned dwords, bool fp, uint32_t literal)
{
   uint64_t val;
   if (v == ACO_REG_LITERAL)
      return bits == 16 ? aco_opnd_const(literal & 0xffff, 16)
                        : aco_opnd_const(dwords == 2 ? aco_literal64(fp, literal) : literal, bits);
   if (aco_inline_constant_value(v, bits, &val))
      return aco_opnd_const(val, bits);
   return aco_opnd_reg(aco_physreg_make(v, 0), rc);
}

static unsigned
decode_vopd(aco_gfx_level level, unsigned wave, const uint32_t *w, unsigned count,
            struct aco_arena *arena, struct aco_minstr **out)
{
   int gi = aco_gfx_index(level);
   if (count < 2 || wave != 32)
      return 0;
   uint32_t w0 = w[0], w1 = w[1];
   enum aco_opcode x, y;
   if (!find_vopd(gi, (w0 >> 22) & 15, false, &x) || !find_vopd(gi, (w0 >> 17) & 31, true, &y))
      return 0;
   struct aco_slot_map xm, ym;
   if (!aco_minstr_slots(level, wave, x, ACO_ENC_NATIVE, &xm) ||
       !aco_minstr_slots(level, wave, y, ACO_ENC_NATIVE, &ym))
      return 0;
   struct aco_minstr *in = aco_minstr_create(arena, x, xm.num_operands + ym.num_operands, 2);
   if (!in)
      return 0;
   in->vopd_y = (uint16_t)y;
   unsigned dx = 256 + (w1 >> 24), dy = 256 + ((((w1 >> 17) & 0x7f) << 1) | ((dx & 1) ^ 1));
   unsigned src[2][2] = {{w0 & 0x1ff, 256 + ((w0 >> 9) & 0xff)},
                         {w1 & 0x1ff, 256 + ((w1 >> 9) & 0xff)}};
   bool lit = false;
   uint32_t literal = count > 2 ? w[2] : 0;
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_physreg_make(dx, 0));
   in->definitions[1] = aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_physreg_make(dy, 0));
   unsigned k = 0;
   for (unsigned h = 0; h < 2; h++) {
      const struct aco_slot_map *m = h ? &ym : &xm;
      for (unsigned i = 0; i < m->count; i++) {
         if (m->is_def[i] || m->index[i] == 0xff)
            continue;
         char role = m->slot[i].role;
         unsigned v = role == 'a' ? src[h][0] : role == 'b' ? src[h][1] : ACO_REG_LITERAL;
         if (v == ACO_REG_LITERAL) {
            if (count < 3)
               return 0;
            lit = true;
         }
         in->operands[k++] = source_operand(v, aco_rc_v(1), 32, 1, false, literal);
      }
   }
   *out = in;
   return 2 + lit;
}

unsigned
aco_decode_instr(aco_gfx_level level, unsigned wave, const uint32_t *w, unsigned count,
                 struct aco_arena *arena, struct aco_minstr **out)
{
   int gi = aco_gfx_index(level);
   if (gi < 0 || count == 0)
      return 0;
   uint32_t w0 = w[0], w1 = count > 1 ? w[1] : 0, w2 = count > 2 ? w[2] : 0;
   struct aco_fields f;
   memset(&f, 0, sizeof(f));
   struct aco_valu_fields m;
   memset(&m, 0, sizeof(m));
   struct aco_mem_fields mem;
   memset(&mem, 0, sizeof(mem));
   uint32_t imm = 0;
   unsigned fmt, op, n;
   bool e64 = false;
   f.soffset = aco_gfx_info(level)->reg_null;
   if (aco_gfx_info(level)->has_vopd && (w0 >> 26) == 0x32)
      return decode_vopd(level, wave, w, count, arena, out);
   if ((w0 >> 23) == 0x17d) {
      fmt = ACO_FMT_SOP1, op = (w0 >> 8) & 0xff, f.d = (w0 >> 16) & 0x7f, f.a = w0 & 0xff, n = 1;
      imm = f.a; /* s_sendmsg_rtn_*: the message id */
   } else if ((w0 >> 23) == 0x17e) {
      fmt = ACO_FMT_SOPC, op = (w0 >> 16) & 0x7f, f.b = (w0 >> 8) & 0xff, f.a = w0 & 0xff, n = 1;
   } else if ((w0 >> 23) == 0x17f) {
      fmt = ACO_FMT_SOPP, op = (w0 >> 16) & 0x7f, imm = w0 & 0xffff, n = 1;
   } else if ((w0 >> 28) == 0xb) {
      fmt = ACO_FMT_SOPK, op = (w0 >> 23) & 0x1f, f.d = (w0 >> 16) & 0x7f, imm = w0 & 0xffff, n = 1;
      f.a = f.d; /* s_setreg_b32 reads the SGPR in sdst */
   } else if ((w0 >> 30) == 2) {
      fmt = ACO_FMT_SOP2, op = (w0 >> 23) & 0x7f, f.d = (w0 >> 16) & 0x7f;
      f.b = (w0 >> 8) & 0xff, f.a = w0 & 0xff, n = 1;
   } else if ((w0 >> 25) == 0x3f) {
      fmt = ACO_FMT_VOP1, op = (w0 >> 9) & 0xff, f.d = 256 + ((w0 >> 17) & 0xff), f.a = w0 & 0x1ff, n = 1;
   } else if ((w0 >> 25) == 0x3e) {
      fmt = ACO_FMT_VOPC, op = (w0 >> 17) & 0xff, f.b = 256 + ((w0 >> 9) & 0xff), f.a = w0 & 0x1ff, n = 1;
   } else if ((w0 >> 31) == 0) {
      fmt = ACO_FMT_VOP2, op = (w0 >> 25) & 0x3f, f.d = 256 + ((w0 >> 17) & 0xff);
      f.b = 256 + ((w0 >> 9) & 0xff), f.a = w0 & 0x1ff, n = 1;
   } else if ((w0 >> 26) == 0x3d) {
      fmt = ACO_FMT_SMEM, n = 2, f.d = (w0 >> 6) & 0x7f, f.b = (w0 & 0x3f) << 1;
      f.soffset = w1 >> 25;
      if (level >= ACO_GFX1200) {
         op = (w0 >> 13) & 0xff;
         mem.th = (w0 >> 23) & 7, mem.scope = (w0 >> 21) & 3;
         mem.offset = (int32_t)(w1 << 8) >> 8;
      } else {
         op = (w0 >> 18) & 0xff;
         mem.glc = (w0 >> (level >= ACO_GFX1100 ? 14 : 16)) & 1;
         mem.dlc = (w0 >> (level >= ACO_GFX1100 ? 13 : 14)) & 1;
         mem.offset = (int32_t)(w1 << 11) >> 11;
      }
   } else if ((w0 >> 26) == 0x35) {
      fmt = ACO_FMT_VOP3, op = (w0 >> 16) & 0x3ff, n = 2, e64 = true;
      f.d = w0 & 0xff, f.e = (w0 >> 8) & 0x7f;
      m.clamp = (w0 >> 15) & 1, m.opsel = (w0 >> 11) & 15, m.abs = (w0 >> 8) & 7;
      m.neg = w1 >> 29, m.omod = (w1 >> 27) & 3;
      f.c = (w1 >> 18) & 0x1ff, f.b = (w1 >> 9) & 0x1ff, f.a = w1 & 0x1ff;
   } else if ((w0 >> 24) == 0xcc) {
      fmt = ACO_FMT_VOP3P, op = (w0 >> 16) & 0x7f, n = 2;
      f.d = 256 + (w0 & 0xff);
      m.clamp = (w0 >> 15) & 1, m.opsel_hi = (uint8_t)(((w0 >> 14) & 1) << 2 | ((w1 >> 27) & 3));
      m.opsel = (w0 >> 11) & 7, m.neg_hi = (w0 >> 8) & 7, m.neg = w1 >> 29;
      f.c = (w1 >> 18) & 0x1ff, f.b = (w1 >> 9) & 0x1ff, f.a = w1 & 0x1ff;
   } else if ((w0 >> 26) == 0x36) {
      fmt = ACO_FMT_DS, op = (w0 >> 18) & 0xff, n = 2;
      mem.gds = (w0 >> 17) & 1, mem.offset = w0 & 0xffff;
      f.d = 256 + (w1 >> 24), f.y = 256 + ((w1 >> 16) & 0xff), f.x = 256 + ((w1 >> 8) & 0xff);
      f.a = 256 + (w1 & 0xff);
   } else if (level < ACO_GFX1200 && (w0 >> 26) == 0x37) {
      unsigned seg;
      op = (w0 >> 18) & 0x7f, n = 2;
      if (level >= ACO_GFX1100) {
         seg = (w0 >> 16) & 3, mem.slc = (w0 >> 15) & 1, mem.glc = (w0 >> 14) & 1;
         mem.dlc = (w0 >> 13) & 1, mem.offset = (int32_t)(w0 << 19) >> 19;
      } else {
         seg = (w0 >> 14) & 3, mem.slc = (w0 >> 17) & 1, mem.glc = (w0 >> 16) & 1;
         mem.dlc = (w0 >> 12) & 1, mem.offset = (int32_t)(w0 << 20) >> 20;
      }
      fmt = seg == 0 ? ACO_FMT_FLAT : seg == 1 ? ACO_FMT_SCRATCH : ACO_FMT_GLOBAL;
      f.d = 256 + (w1 >> 24), f.saddr = (w1 >> 16) & 0x7f, f.x = 256 + ((w1 >> 8) & 0xff);
      f.a = 256 + (w1 & 0xff);
   } else if (level >= ACO_GFX1200 && (w0 >> 24) >= 0xec && (w0 >> 24) <= 0xee) {
      unsigned seg = (w0 >> 24) - 0xec;
      fmt = seg == 0 ? ACO_FMT_FLAT : seg == 1 ? ACO_FMT_SCRATCH : ACO_FMT_GLOBAL;
      op = (w0 >> 14) & 0xff, n = 3, f.saddr = w0 & 0x7f;
      f.x = 256 + ((w1 >> 23) & 0xff), mem.th = (w1 >> 20) & 7, mem.scope = (w1 >> 18) & 3;
      f.d = 256 + (w1 & 0xff), mem.offset = (int32_t)w2 >> 8, f.a = 256 + (w2 & 0xff);
   } else if (level >= ACO_GFX1200 && (w0 >> 24) == 0xc4) {
      fmt = ACO_FMT_MUBUF, op = (w0 >> 14) & 0xff, n = 3, f.soffset = w0 & 0x7f;
      mem.idxen = w1 >> 31, mem.offen = (w1 >> 30) & 1, mem.th = (w1 >> 20) & 7;
      mem.scope = (w1 >> 18) & 3, f.r = (w1 >> 9) & 0x7f, f.d = 256 + (w1 & 0xff);
      mem.offset = (int32_t)(w2 >> 8), f.a = 256 + (w2 & 0xff);
   } else if (level < ACO_GFX1200 && (w0 >> 26) == 0x38) {
      fmt = ACO_FMT_MUBUF, op = (w0 >> 18) & 0xff, n = 2, mem.offset = w0 & 0xfff;
      if (level >= ACO_GFX1100) {
         mem.glc = (w0 >> 14) & 1, mem.dlc = (w0 >> 13) & 1, mem.slc = (w0 >> 12) & 1;
         mem.idxen = (w1 >> 23) & 1, mem.offen = (w1 >> 22) & 1;
      } else {
         mem.dlc = (w0 >> 15) & 1, mem.glc = (w0 >> 14) & 1, mem.idxen = (w0 >> 13) & 1;
         mem.offen = (w0 >> 12) & 1, mem.slc = (w1 >> 22) & 1;
      }
      f.soffset = w1 >> 24, f.r = ((w1 >> 16) & 0x1f) << 2, f.d = 256 + ((w1 >> 8) & 0xff);
      f.a = 256 + (w1 & 0xff);
   } else {
      return 0;
   }
   /* DPP16, DPP8 and SDWA replace src0 with a marker and add a dword */
   enum aco_encoding enc = ACO_ENC_NATIVE;
   bool vopc_sdst = false;
   unsigned sdst = ACO_REG_VCC_LO;
   uint32_t xw = 0;
   bool vop12c = fmt == ACO_FMT_VOP1 || fmt == ACO_FMT_VOP2 || fmt == ACO_FMT_VOPC;
   bool vop3any = fmt == ACO_FMT_VOP3 || fmt == ACO_FMT_VOP3P;
   if ((vop12c || (vop3any && level >= ACO_GFX1100)) &&
       (f.a == ACO_REG_DPP16 || f.a == ACO_REG_DPP8 || f.a == ACO_REG_DPP8_FI ||
        (f.a == ACO_REG_SDWA && vop12c && aco_gfx_info(level)->has_sdwa))) {
      if (n >= count)
         return 0;
      xw = w[n++];
      if (f.a == ACO_REG_SDWA) {
         enc = ACO_ENC_SDWA;
         f.a = (xw & 0xff) + ((xw >> 23) & 1 ? 0 : 256);
         m.sdwa_sel[0] = (xw >> 16) & 7, m.sdwa_sext[0] = (xw >> 19) & 1;
         m.neg = (uint8_t)(((xw >> 20) & 1) | ((xw >> 28) & 1) << 1);
         m.abs = (uint8_t)(((xw >> 21) & 1) | ((xw >> 29) & 1) << 1);
         if (fmt != ACO_FMT_VOP1) {
            m.sdwa_sel[1] = (xw >> 24) & 7, m.sdwa_sext[1] = (xw >> 27) & 1;
            if (xw >> 31)
               f.b -= 256;
         }
         if (fmt == ACO_FMT_VOPC) {
            vopc_sdst = (xw >> 15) & 1;
            sdst = vopc_sdst ? (xw >> 8) & 0x7f : ACO_REG_VCC_LO;
         } else {
            m.sdwa_dst_sel = (xw >> 8) & 7, m.sdwa_dst_unused = (xw >> 11) & 3;
            m.clamp = (xw >> 13) & 1, m.omod = (xw >> 14) & 3;
         }
      } else if (f.a == ACO_REG_DPP16) {
         enc = ACO_ENC_DPP16;
         m.dpp_ctrl = (xw >> 8) & 0x1ff, m.fetch_inactive = (xw >> 18) & 1;
         m.bound_ctrl = (xw >> 19) & 1, m.bank_mask = (xw >> 24) & 15, m.row_mask = xw >> 28;
         if (vop12c) {
            m.neg = (uint8_t)(((xw >> 20) & 1) | ((xw >> 22) & 1) << 1);
            m.abs = (uint8_t)(((xw >> 21) & 1) | ((xw >> 23) & 1) << 1);
         }
         f.a = 256 + (xw & 0xff);
      } else {
         enc = ACO_ENC_DPP8;
         m.fetch_inactive = f.a == ACO_REG_DPP8_FI;
         m.dpp8_sel = xw >> 8;
         f.a = 256 + (xw & 0xff);
      }
   }
   if (n > count)
      return 0;
   enum aco_opcode opc;
   if (fmt == ACO_FMT_VOP3) {
      if (!find_opcode(gi, ACO_FMT_VOP3, op, true, &opc))
         return 0;
      e64 = aco_op_info(opc)->format != ACO_FMT_VOP3;
   } else if (!find_opcode(gi, fmt, op, false, &opc)) {
      return 0;
   }
   if (e64)
      enc = enc == ACO_ENC_DPP16 ? ACO_ENC_E64_DPP16 : enc == ACO_ENC_DPP8 ? ACO_ENC_E64_DPP8
                                                                          : ACO_ENC_E64;
   /* MUBUF atomics: vdata is the data ('x'), and the destination when glc returns */
   if (fmt == ACO_FMT_MUBUF && (aco_op_info(opc)->flags & ACO_OPF_ATOMIC)) {
      f.x = f.d;
      if (level >= ACO_GFX1200 ? (mem.th & 1) : mem.glc)
         enc = (enum aco_encoding)ACO_ENC_MEM_RTN;
   }
   if (fmt == ACO_FMT_SMEM && f.soffset != aco_gfx_info(level)->reg_null &&
       aco_op_info(opc)->sig[gi].count)
      enc = (enum aco_encoding)ACO_ENC_MEM_SOFFSET;
   if (fmt == ACO_FMT_FLAT || fmt == ACO_FMT_GLOBAL || fmt == ACO_FMT_SCRATCH) {
      unsigned null = aco_gfx_info(level)->reg_null, flags = 0;
      if (fmt == ACO_FMT_SCRATCH && level < ACO_GFX1100)
         flags = f.saddr == 0x7f ? ACO_ENC_MEM_NO_VADDR
                 : f.saddr != null ? ACO_ENC_MEM_SADDR | ACO_ENC_MEM_NO_VADDR : 0;
      else if (fmt != ACO_FMT_FLAT && f.saddr != null)
         flags = ACO_ENC_MEM_SADDR;
      if (fmt == ACO_FMT_SCRATCH && level >= ACO_GFX1100 &&
          !((level >= ACO_GFX1200 ? w1 >> 17 : w1 >> 23) & 1))
         flags |= ACO_ENC_MEM_NO_VADDR;
      if ((aco_op_info(opc)->flags & ACO_OPF_ATOMIC) &&
          (level >= ACO_GFX1200 ? (mem.th & 1) : mem.glc))
         flags |= ACO_ENC_MEM_RTN;
      enc = (enum aco_encoding)flags;
   }
   struct aco_slot_map map;
   if (!aco_minstr_slots(level, wave, opc, enc, &map))
      return 0;
   struct aco_minstr *in = aco_minstr_create(arena, opc, map.num_operands, map.num_definitions);
   if (!in)
      return 0;
   in->encoding = (uint8_t)enc;
   bool vop3sd = false;
   for (unsigned i = 0; i < map.count; i++)
      vop3sd |= map.slot[i].role == 'e';
   if (fmt == ACO_FMT_VOP3 && vop3sd)
      m.abs = 0, m.opsel = 0;
   else
      f.e = 0;
   if (fmt >= ACO_FMT_VOP1 && fmt <= ACO_FMT_VOP3P)
      in->valu = m;
   else if (fmt >= ACO_FMT_DS || fmt == ACO_FMT_SMEM)
      in->mem = mem;
   else
      in->imm = imm;
   unsigned lit_dwords = 0;
   bool half_fields = level >= ACO_GFX1100 && vop12c && !aco_enc_is_e64(enc);
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      if (map.index[i] == 0xff)
         continue;
      unsigned v = 0;
      switch (s.role) {
      case 'd': v = f.d; break;
      case 'e': v = f.e; break;
      case 'a': v = f.a; break;
      case 'b': v = f.b; break;
      case 'c': v = f.c; break;
      case 'x': v = f.x; break;
      case 'y': v = f.y; break;
      case 'r': v = f.r; break;
      case 'o': v = f.soffset; break;
      case 'v': v = map.is_def[i] ? sdst : ACO_REG_VCC_LO; break;
      case 'l': v = ACO_REG_LITERAL; break;
      case 's': v = f.saddr; break;
      }
      if (fmt == ACO_FMT_VOP3 && s.file == 'v' && s.role == 'd')
         v += 256;
      if (fmt == ACO_FMT_VOP1 && s.file == 's' && s.role == 'd')
         v -= 256; /* v_readfirstlane_b32: SGPR in the vdst field */
      aco_rc rc = s.file == 'v' ? aco_rc_v(s.dwords) : aco_rc_s(s.dwords);
      unsigned bits = map.is_def[i] ? s.dwords * 32 : aco_source_bits(aco_op_info(opc), s);
      /* GFX11+ 32-bit and DPP forms: bit 7 of a 16-bit VGPR field is the high half (the
       * VOP3 forms keep it in op_sel) */
      unsigned byte = 0;
      if (half_fields && aco_slot_is_16bit_vgpr(aco_op_info(opc), s) && v >= 256 + 128 &&
          v < 512) {
         v -= 128, byte = 2;
         rc = aco_rc_vb(2);
      }
      if (map.is_def[i]) {
         in->definitions[map.index[i]] = aco_def_fixed(aco_temp_make(0, rc),
                                                       aco_physreg_make(v, byte));
      } else if (v == ACO_REG_LITERAL) {
         if (n >= count)
            return 0;
         bool fp = (aco_op_info(opc)->flags & ACO_OPF_FLOAT) != 0;
         aco_operand o = bits == 16 ? aco_opnd_const(w[n] & 0xffff, 16)
                         : aco_opnd_const(s.dwords == 2 ? aco_literal64(fp, w[n]) : w[n], bits);
         in->operands[map.index[i]] = o;
         lit_dwords = 1;
      } else if ((v >= 128 && v <= 208) || (v >= 240 && v <= 248)) {
         uint64_t val;
         aco_inline_constant_value(v, bits, &val);
         in->operands[map.index[i]] = aco_opnd_const(val, bits);
      } else {
         in->operands[map.index[i]] = aco_opnd_reg(aco_physreg_make(v, byte), rc);
      }
   }
   *out = in;
   return n + lit_dwords;
}

bool
aco_minstr_equal_encoding(aco_gfx_level level, unsigned wave, const struct aco_minstr *a,
                          const struct aco_minstr *b)
{
   uint32_t wa[ACO_MAX_INSTR_DWORDS], wb[ACO_MAX_INSTR_DWORDS];
   if (a->opcode != b->opcode || a->encoding != b->encoding ||
       a->num_operands != b->num_operands || a->num_definitions != b->num_definitions ||
       (aco_op_info(a->opcode)->format == ACO_FMT_VOPD && a->vopd_y != b->vopd_y))
      return false;
   unsigned fmt = aco_op_info(a->opcode)->format;
   bool vop3_halves = level >= ACO_GFX1100 &&
                      (fmt == ACO_FMT_VOP3 || (fmt >= ACO_FMT_VOP1 && fmt <= ACO_FMT_VOPC &&
                                               aco_enc_is_e64(a->encoding)));
   for (unsigned i = 0; i < a->num_definitions; i++) {
      aco_physreg x = a->definitions[i].reg, y = b->definitions[i].reg;
      if (vop3_halves ? aco_physreg_field(x) != aco_physreg_field(y) : x.reg_b != y.reg_b)
         return false;
   }
   for (unsigned i = 0; i < a->num_operands; i++) {
      const aco_operand *x = &a->operands[i], *y = &b->operands[i];
      if ((x->kind == ACO_OPND_CONST) != (y->kind == ACO_OPND_CONST))
         return false;
      /* a GFX11+ VOP3 high half is a byte-2 register or op_sel: the words below decide */
      if (x->kind != ACO_OPND_CONST && vop3_halves &&
          aco_physreg_field(x->reg) == aco_physreg_field(y->reg))
         continue;
      /* a 16-bit constant equals its sign- or zero-extended 32-bit spelling */
      uint64_t mask = x->kind == ACO_OPND_CONST && (x->bits == 16 || y->bits == 16) ? 0xffff
                                                                                  : ~0ull;
      if (x->kind == ACO_OPND_CONST ? (x->value & mask) != (y->value & mask)
                                    : x->reg.reg_b != y->reg.reg_b)
         return false;
   }
   unsigned na = aco_encode_instr(level, wave, a, wa), nb = aco_encode_instr(level, wave, b, wb);
   return na == nb && memcmp(wa, wb, na * 4) == 0;
}
