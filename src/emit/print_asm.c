/* SPDX-License-Identifier: MIT */
/* Machine IR in LLVM's assembly syntax, exactly as llvm-mc-19 prints it (the encoding test
 * compares the two byte for byte). */
#include "emit/emit.h"
#include "emit/fields.h"

#include <string.h>

void
aco_print_asm_reg(aco_gfx_level level, unsigned wave_size, unsigned field, unsigned dwords,
                  struct aco_strbuf *sb)
{
   const struct aco_gfx_info *gfx = aco_gfx_info(level);
   if (field >= 256) {
      if (dwords == 1)
         aco_strbuf_printf(sb, "v%u", field - 256);
      else
         aco_strbuf_printf(sb, "v[%u:%u]", field - 256, field - 256 + dwords - 1);
   } else if (field < ACO_SGPR_COUNT) {
      if (dwords == 1)
         aco_strbuf_printf(sb, "s%u", field);
      else
         aco_strbuf_printf(sb, "s[%u:%u]", field, field + dwords - 1);
   } else if (field == ACO_REG_VCC_LO) {
      aco_strbuf_puts(sb, dwords == 2 ? "vcc" : "vcc_lo");
   } else if (field == ACO_REG_VCC_HI) {
      aco_strbuf_puts(sb, "vcc_hi");
   } else if (field == ACO_REG_EXEC_LO) {
      aco_strbuf_puts(sb, dwords == 2 ? "exec" : "exec_lo");
   } else if (field == ACO_REG_EXEC_HI) {
      aco_strbuf_puts(sb, "exec_hi");
   } else if (field == gfx->reg_m0) {
      aco_strbuf_puts(sb, "m0");
   } else if (field == gfx->reg_null) {
      aco_strbuf_puts(sb, "null");
   } else if (field >= ACO_REG_TTMP0 && field < ACO_REG_TTMP0 + 16) {
      if (dwords == 1)
         aco_strbuf_printf(sb, "ttmp%u", field - ACO_REG_TTMP0);
      else
         aco_strbuf_printf(sb, "ttmp[%u:%u]", field - ACO_REG_TTMP0,
                           field - ACO_REG_TTMP0 + dwords - 1);
   } else if (field >= 128 && field <= 208) {
      aco_strbuf_printf(sb, "%d", field <= 192 ? (int)field - 128 : 192 - (int)field);
   } else if (field >= 240 && field <= 248) {
      static const char *const fl[9] = {"0.5", "-0.5", "1.0", "-1.0", "2.0",
                                        "-2.0", "4.0", "-4.0", "0.15915494"};
      aco_strbuf_puts(sb, fl[field - 240]);
   } else if (field == ACO_REG_SCC) {
      aco_strbuf_puts(sb, "scc");
   } else {
      aco_strbuf_printf(sb, "<field %u>", field);
   }
   (void)wave_size;
}

/* ds_swizzle_b32's offset as LLVM prints it: swizzle(QUAD_PERM|SWAP|REVERSE|BROADCAST|
 * BITMASK_PERM, ...) (AMDGPUInstPrinter::printSwizzle). */
static void
print_swizzle(struct aco_strbuf *sb, unsigned imm)
{
   if ((imm & 0xff00) == 0x8000) {
      aco_strbuf_puts(sb, " offset:swizzle(QUAD_PERM");
      for (unsigned i = 0; i < 4; i++)
         aco_strbuf_printf(sb, ",%u", imm >> (2 * i) & 3);
      aco_strbuf_puts(sb, ")");
   } else if ((imm & 0x8000) == 0) {
      unsigned and_mask = imm & 0x1f, or_mask = imm >> 5 & 0x1f, xor_mask = imm >> 10 & 0x1f;
      unsigned group = 0x1f - and_mask + 1;
      if (and_mask == 0x1f && or_mask == 0 && xor_mask && !(xor_mask & (xor_mask - 1))) {
         aco_strbuf_printf(sb, " offset:swizzle(SWAP,%u)", xor_mask);
      } else if (and_mask == 0x1f && or_mask == 0 && xor_mask && !(xor_mask & (xor_mask + 1))) {
         aco_strbuf_printf(sb, " offset:swizzle(REVERSE,%u)", xor_mask + 1);
      } else if (group > 1 && !(group & (group - 1)) && or_mask < group && !xor_mask) {
         aco_strbuf_printf(sb, " offset:swizzle(BROADCAST,%u,%u)", group, or_mask);
      } else {
         unsigned p0 = or_mask ^ xor_mask, p1 = ((0x1f & and_mask) | or_mask) ^ xor_mask;
         aco_strbuf_puts(sb, " offset:swizzle(BITMASK_PERM,\"");
         for (unsigned m = 1u << 4; m; m >>= 1)
            aco_strbuf_puts(sb, (p0 & m) && (p1 & m) ? "1" : !(p0 & m) && !(p1 & m) ? "0"
                                : (p1 & m) ? "p" : "i");
         aco_strbuf_puts(sb, "\")");
      }
   } else {
      aco_strbuf_printf(sb, " offset:%u", imm);
   }
}

static bool
is_fma_mix(const struct aco_minstr *in)
{
   return strncmp(aco_op_info(in->opcode)->name, "v_fma_mix", 9) == 0;
}

/* A register of a slot; in true16 syntax a 16-bit VGPR slot names its half, v1.l / v1.h. */
static void
print_slot_reg(aco_gfx_level level, unsigned wave, aco_physreg reg, unsigned dwords, bool half,
               struct aco_strbuf *sb)
{
   aco_print_asm_reg(level, wave, aco_physreg_field(reg), dwords, sb);
   if (half && aco_physreg_is_vgpr(reg))
      aco_strbuf_puts(sb, aco_physreg_byte(reg) >= 2 ? ".h" : ".l");
}

/* LLVM's true16 syntax (-mattr=+real-true16) is used where an instruction names a high half
 * in a 32-bit or DPP encoding (GFX11+); everything else keeps the default (fake16) syntax,
 * which is what llvm-objdump-19 prints, and VOP3 forms show halves as op_sel. */
static bool
uses_true16_syntax(aco_gfx_level level, const struct aco_minstr *in,
                   const struct aco_slot_map *map)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (level < ACO_GFX1100 || info->format < ACO_FMT_VOP1 || info->format > ACO_FMT_VOPC ||
       aco_enc_is_e64(in->encoding))
      return false;
   for (unsigned i = 0; i < map->count; i++) {
      if (map->index[i] == 0xff || !aco_slot_is_16bit_vgpr(info, map->slot[i]))
         continue;
      if (map->is_def[i] ? aco_physreg_byte(in->definitions[map->index[i]].reg) == 2
                         : aco_operand_has_reg(&in->operands[map->index[i]]) &&
                              aco_physreg_byte(in->operands[map->index[i]].reg) == 2)
         return true;
   }
   return false;
}

static void
print_source(aco_gfx_level level, unsigned wave, const struct aco_minstr *in,
             const aco_operand *o, unsigned dwords, unsigned slot_bits, unsigned src,
             const struct aco_fields *f, bool half,
             struct aco_strbuf *sb)
{
   /* neg/abs exist in VOP3 and in the 32-bit DPP16 and SDWA forms of VALU ops only (the
    * memory formats' encoding flags and fields are no VALU modifiers) */
   unsigned fmt = aco_op_info(in->opcode)->format;
   bool valu = fmt == ACO_FMT_VOP1 || fmt == ACO_FMT_VOP2 || fmt == ACO_FMT_VOPC ||
               fmt == ACO_FMT_VOP3 || fmt == ACO_FMT_VOP3P;
   bool vop3 = valu && (in->encoding != ACO_ENC_NATIVE || fmt == ACO_FMT_VOP3 ||
                        fmt == ACO_FMT_VOP3P);
   bool sext = in->encoding == ACO_ENC_SDWA && src < 2 && in->valu.sdwa_sext[src];
   /* VOP3P prints neg_lo:/neg_hi: lists instead, except v_fma_mix*, whose neg_hi bits
    * are the abs modifiers and which LLVM spells like VOP3 */
   bool vop3p = aco_op_info(in->opcode)->format == ACO_FMT_VOP3P;
   bool mix = vop3p && is_fma_mix(in);
   bool neg = vop3 && src < 3 && (!vop3p || mix) && (in->valu.neg >> src & 1);
   bool abs = vop3 && src < 3 &&
              (vop3p ? mix && (in->valu.neg_hi >> src & 1) : (in->valu.abs >> src & 1));
   if (sext)
      aco_strbuf_puts(sb, "sext(");
   if (neg)
      aco_strbuf_puts(sb, "-");
   if (abs)
      aco_strbuf_puts(sb, "|");
   if (o->kind == ACO_OPND_CONST) {
      unsigned bits = slot_bits == 16 ? 16 : o->bits ? o->bits : dwords * 32;
      int field = aco_inline_constant(o->value, bits, o->is_float || bits <= 16 || bits == 64);
      if (field >= 0)
         aco_print_asm_reg(level, wave, (unsigned)field, dwords, sb);
      else
         aco_strbuf_printf(sb, "0x%x", f->lit);
   } else {
      print_slot_reg(level, wave, o->reg, dwords, half, sb);
   }
   if (abs)
      aco_strbuf_puts(sb, "|");
   if (sext)
      aco_strbuf_puts(sb, ")");
}

static void
print_bits(struct aco_strbuf *sb, const char *name, unsigned bits, unsigned n)
{
   aco_strbuf_printf(sb, " %s:[", name);
   for (unsigned i = 0; i < n; i++)
      aco_strbuf_printf(sb, "%s%u", i ? "," : "", bits >> i & 1);
   aco_strbuf_puts(sb, "]");
}

/* GFX12 cache policy as LLVM names it: th depends on the kind of access (and, for the
 * values 3 and 4..7 of atomics, on the scope), scope is one of four names. */
static void
print_cache_policy(struct aco_strbuf *sb, uint32_t flags, unsigned th, unsigned scope)
{
   static const char *const load[8] = {NULL, "NT", "HT", "LU", "NT_RT", "RT_NT", "NT_HT", NULL};
   static const char *const store[8] = {NULL, "NT", "HT", "RT_WB", "NT_RT", "RT_NT", "NT_HT",
                                        "NT_WB"};
   static const char *const scopes[4] = {NULL, "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS"};
   if (th) {
      if (flags & ACO_OPF_ATOMIC) {
         static const char *const atomic[4] = {NULL, "RETURN", "NT", "NT_RETURN"};
         if (th < 4)
            aco_strbuf_printf(sb, " th:TH_ATOMIC_%s", atomic[th]);
         else if (scope >= 2)
            aco_strbuf_printf(sb, " th:TH_ATOMIC_CASCADE_%s", th < 6 ? "RT" : "NT");
         else
            aco_strbuf_printf(sb, " th:TH_ATOMIC_0x%x", th);
      } else {
         bool st = (flags & ACO_OPF_STORE) != 0;
         const char *name = th == 3 && scope == 3 ? "BYPASS" : st ? store[th] : load[th];
         if (name)
            aco_strbuf_printf(sb, " th:TH_%s_%s", st ? "STORE" : "LOAD", name);
         else
            aco_strbuf_printf(sb, " th:0x%x", th);
      }
   }
   if (scope)
      aco_strbuf_printf(sb, " scope:%s", scopes[scope]);
}

static const char *const sdwa_sel[8] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                        "WORD_0", "WORD_1", "DWORD", "7"};

/* DPP and SDWA controls after the operands and VOP3 modifiers. */
static void
print_dpp_sdwa(const struct aco_minstr *in, unsigned fmt, struct aco_strbuf *sb)
{
   const struct aco_valu_fields *m = &in->valu;
   switch (in->encoding) {
   case ACO_ENC_DPP16:
   case ACO_ENC_E64_DPP16:
   case ACO_ENC_DPP8:
   case ACO_ENC_E64_DPP8:
      aco_print_dpp(in, sb);
      break;
   case ACO_ENC_SDWA:
      if (fmt != ACO_FMT_VOPC) {
         if (m->clamp)
            aco_strbuf_puts(sb, " clamp");
         static const char *const omod[4] = {"", " mul:2", " mul:4", " div:2"};
         aco_strbuf_puts(sb, omod[m->omod & 3]);
         static const char *const unused[4] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE",
                                               "3"};
         aco_strbuf_printf(sb, " dst_sel:%s dst_unused:%s", sdwa_sel[m->sdwa_dst_sel & 7],
                           unused[m->sdwa_dst_unused & 3]);
      }
      aco_strbuf_printf(sb, " src0_sel:%s", sdwa_sel[m->sdwa_sel[0] & 7]);
      if (fmt != ACO_FMT_VOP1)
         aco_strbuf_printf(sb, " src1_sel:%s", sdwa_sel[m->sdwa_sel[1] & 7]);
      break;
   default:
      break;
   }
}

/* v_dual_X operands :: v_dual_Y operands */
static void
print_vopd(aco_gfx_level level, unsigned wave, const struct aco_minstr *in, struct aco_strbuf *sb)
{
   int gi = aco_gfx_index(level);
   struct aco_slot_map m[2];
   enum aco_opcode ops[2] = {in->opcode, in->vopd_y};
   if (in->vopd_y >= aco_num_opcodes || in->num_definitions != 2 ||
       !aco_minstr_slots(level, wave, ops[0], ACO_ENC_NATIVE, &m[0]) ||
       !aco_minstr_slots(level, wave, ops[1], ACO_ENC_NATIVE, &m[1]) ||
       m[0].num_operands + m[1].num_operands != in->num_operands) {
      aco_strbuf_printf(sb, "<%s>", aco_op_info(in->opcode)->name);
      return;
   }
   unsigned base = 0;
   for (unsigned h = 0; h < 2; h++) {
      const struct aco_op_info *info = aco_op_info(ops[h]);
      aco_strbuf_printf(sb, "%s%s", h ? " :: " : "", info->asm_name[gi] ? info->asm_name[gi] : "?");
      for (unsigned i = 0; i < m[h].count; i++) {
         aco_strbuf_puts(sb, i ? ", " : " ");
         if (m[h].is_def[i]) {
            aco_print_asm_reg(level, wave, aco_physreg_field(in->definitions[h].reg), 1, sb);
            continue;
         }
         const aco_operand *o = &in->operands[base + m[h].index[i]];
         if (o->kind != ACO_OPND_CONST) {
            aco_print_asm_reg(level, wave, aco_physreg_field(o->reg), 1, sb);
         } else {
            int field = m[h].slot[i].role == 'l' ? -1 : aco_inline_constant(o->value, 32, true);
            if (field >= 0)
               aco_print_asm_reg(level, wave, (unsigned)field, 1, sb);
            else
               aco_strbuf_printf(sb, "0x%x", (uint32_t)o->value);
         }
      }
      base += m[h].num_operands;
   }
}

void
aco_print_asm_instr(aco_gfx_level level, unsigned wave, const struct aco_minstr *in,
                    struct aco_strbuf *sb)
{
   if (aco_op_info(in->opcode)->format == ACO_FMT_VOPD) {
      print_vopd(level, wave, in, sb);
      return;
   }
   int gi = aco_gfx_index(level);
   const struct aco_op_info *info = aco_op_info(in->opcode);
   struct aco_slot_map map;
   struct aco_fields f;
   if (gi < 0 || info->opcode[gi] < 0 || !aco_minstr_slots(level, wave, in->opcode, in->encoding, &map) ||
       !aco_instr_fields(level, wave, in, &f)) {
      aco_strbuf_printf(sb, "<%s>", info->name);
      return;
   }
   unsigned fmt = info->format;
   aco_strbuf_puts(sb, info->asm_name[gi]);
   if (fmt == ACO_FMT_VOP1 || fmt == ACO_FMT_VOP2 || fmt == ACO_FMT_VOPC) {
      /* LLVM spells operand-less VALU ops (v_nop, v_pipeflush) without _e32 */
      static const char *const suffix[] = {"_e32", "_e64", "_dpp", "_dpp", "_sdwa",
                                           "_e64_dpp", "_e64_dpp"};
      /* the 32-bit DPP forms of VOPC print without a suffix (docs/isa-notes.md) */
      bool vopc_dpp = fmt == ACO_FMT_VOPC &&
                      (in->encoding == ACO_ENC_DPP16 || in->encoding == ACO_ENC_DPP8);
      if (!vopc_dpp && (in->encoding != ACO_ENC_NATIVE || (info->opcode2[gi] >= 0 && map.count)))
         aco_strbuf_puts(sb, suffix[in->encoding < 7 ? in->encoding : 0]);
   } else if (fmt == ACO_FMT_VOP3 && aco_enc_is_dpp(in->encoding)) {
      aco_strbuf_puts(sb, "_e64_dpp");
   }
   bool first = true, t16 = uses_true16_syntax(level, in, &map);
   unsigned nsrc = 0;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      if (s.role == 'n' || (s.role == 'k' && s.file == 'o' && !(in->imm & 0xffff)))
         continue;
      /* a returning MUBUF atomic names vdata once: its data slot shows it */
      if (fmt == ACO_FMT_MUBUF && s.role == 'd' && (info->flags & ACO_OPF_ATOMIC))
         continue;
      aco_strbuf_puts(sb, first ? " " : ", ");
      first = false;
      /* MUBUF: "soffset offen" is separated by a space, not a comma */
      if (fmt == ACO_FMT_MUBUF && s.role == 'o') {
         sb->len -= 2;
         aco_strbuf_puts(sb, ", ");
      }
      if (s.role == 'k' && s.file != 'h' && s.file != 'd') {
         aco_print_special_imm(level, s.file, in->imm, sb);
      } else if (s.role == 'l' && s.file == 's') {
         /* s_setreg_imm32_b32: always a literal dword, spelled like a 32-bit constant */
         const aco_operand *o = &in->operands[map.index[i]];
         int field = aco_inline_constant((uint32_t)o->value, 32, true);
         if (field >= 0)
            aco_print_asm_reg(level, wave, (unsigned)field, 1, sb);
         else
            aco_strbuf_printf(sb, "0x%x", (uint32_t)o->value);
      } else if (s.role == 'l') {
         const aco_operand *o = &in->operands[map.index[i]];
         aco_strbuf_printf(sb, "0x%x", (uint32_t)(aco_source_bits(info, (struct aco_op_slot){'a', 'v', 1}) == 16
                                                     ? o->value & 0xffff : o->value));
      } else if (s.role == 'k' && fmt == ACO_FMT_SMEM) {
         /* after an SGPR offset the immediate is " offset:0x10" (nothing when 0); alone,
          * GFX10.3/GFX11 print a zero offset as "null" (the soffset field) */
         uint32_t off = (uint32_t)in->mem.offset & (level >= ACO_GFX1200 ? 0xffffff : 0x1fffff);
         if (in->encoding & ACO_ENC_MEM_SOFFSET) {
            sb->len -= 2;
            if (off)
               aco_strbuf_printf(sb, " offset:0x%x", off);
         } else if (!off && level < ACO_GFX1200) {
            aco_strbuf_puts(sb, "null");
         } else {
            aco_strbuf_printf(sb, "0x%x", off);
         }
      } else if (s.role == 'k') {
         if (s.file == 'h')
            aco_strbuf_printf(sb, "0x%x", fmt == ACO_FMT_SMEM ? (uint32_t)in->mem.offset : in->imm & 0xffff);
         else
            aco_strbuf_printf(sb, "%u", in->imm & 0xffff);
      } else if (s.role == 'f' || s.role == 'g') {
         aco_strbuf_puts(sb, "off");
      } else if (fmt == ACO_FMT_MUBUF && s.role == 'a' && !in->mem.offen && !in->mem.idxen) {
         aco_strbuf_puts(sb, "off"); /* vaddr unused */
      } else if (map.is_def[i]) {
         print_slot_reg(level, wave, in->definitions[map.index[i]].reg, s.dwords,
                        t16 && aco_slot_is_16bit_vgpr(info, s), sb);
      } else {
         const aco_operand *o = &in->operands[map.index[i]];
         print_source(level, wave, in, o, s.dwords, aco_source_bits(info, s),
                      (s.role == 'a' ? 0 : s.role == 'b' ? 1 : s.role == 'c' ? 2 : 3), &f,
                      t16 && aco_slot_is_16bit_vgpr(info, s), sb);
         nsrc++;
      }
   }
   const struct aco_mem_fields *mem = &in->mem;
   switch (fmt) {
   case ACO_FMT_MUBUF:
      if (mem->offen)
         aco_strbuf_puts(sb, " offen");
      if (mem->idxen)
         aco_strbuf_puts(sb, " idxen");
      /* fallthrough */
   case ACO_FMT_DS:
      /* two-address forms have two 8-bit offsets (mem.offset = offset0 | offset1 << 8) */
      if (fmt == ACO_FMT_DS && strstr(info->name, "_2addr")) {
         if (mem->offset & 0xff)
            aco_strbuf_printf(sb, " offset0:%d", mem->offset & 0xff);
         if (mem->offset >> 8 & 0xff)
            aco_strbuf_printf(sb, " offset1:%d", mem->offset >> 8 & 0xff);
         if (mem->gds && level < ACO_GFX1100)
            aco_strbuf_puts(sb, " gds");
         break;
      }
      if (fmt == ACO_FMT_DS && strcmp(info->name, "ds_swizzle_b32") == 0) {
         if (mem->offset & 0xffff)
            print_swizzle(sb, (unsigned)mem->offset & 0xffff);
         if (mem->gds && level < ACO_GFX1100)
            aco_strbuf_puts(sb, " gds");
         break;
      }
      /* fallthrough */
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
      if (mem->offset)
         aco_strbuf_printf(sb, " offset:%d", mem->offset);
      /* fallthrough */
   case ACO_FMT_SMEM:
      if (level >= ACO_GFX1200) {
         unsigned rtn = (in->encoding & ACO_ENC_MEM_RTN) && fmt != ACO_FMT_SMEM;
         print_cache_policy(sb, info->flags, (mem->th | rtn) & 7, mem->scope & 3);
      } else {
         /* a returning atomic has glc (set by the encoder from ACO_ENC_MEM_RTN) */
         if (mem->glc || ((in->encoding & ACO_ENC_MEM_RTN) && fmt != ACO_FMT_SMEM))
            aco_strbuf_puts(sb, " glc");
         if (mem->slc && fmt != ACO_FMT_SMEM)
            aco_strbuf_puts(sb, " slc");
         if (mem->dlc)
            aco_strbuf_puts(sb, " dlc");
         if (mem->gds && fmt == ACO_FMT_DS)
            aco_strbuf_puts(sb, " gds");
      }
      break;
   case ACO_FMT_VOP3P:
      if (in->valu.opsel)
         print_bits(sb, "op_sel", in->valu.opsel, nsrc);
      /* op_sel_hi defaults to all ones, for v_fma_mix* to zero (docs/isa-notes.md) */
      if (is_fma_mix(in) ? (in->valu.opsel_hi & ((1u << nsrc) - 1)) != 0
                         : (in->valu.opsel_hi & ((1u << nsrc) - 1)) != (1u << nsrc) - 1)
         print_bits(sb, "op_sel_hi", in->valu.opsel_hi, nsrc);
      if (in->valu.neg && !is_fma_mix(in))
         print_bits(sb, "neg_lo", in->valu.neg, nsrc);
      if (in->valu.neg_hi && !is_fma_mix(in))
         print_bits(sb, "neg_hi", in->valu.neg_hi, nsrc);
      if (in->valu.clamp)
         aco_strbuf_puts(sb, " clamp");
      break;
   default:
      if (aco_enc_is_e64(in->encoding) || fmt == ACO_FMT_VOP3) {
         /* op_sel:[src0..src(n-1), dst]: the destination is bit 3 whatever the number of
          * sources */
         unsigned opsel = in->valu.opsel | f.half_opsel, n = nsrc + 1;
         if (info->flags & ACO_OPF_OPSEL2)
            n = 2;
         else if (strcmp(info->name, "v_fmac_f16") == 0)
            n = 4; /* [src0, src1, src2 (the accumulator, never set), dst] */
         else if (nsrc < 3)
            opsel = (opsel & ((1u << nsrc) - 1)) | (opsel >> 3 & 1) << nsrc;
         if (opsel)
            print_bits(sb, "op_sel", opsel, n);
         if (in->valu.clamp)
            aco_strbuf_puts(sb, " clamp");
         static const char *const omod[4] = {"", " mul:2", " mul:4", " div:2"};
         aco_strbuf_puts(sb, omod[in->valu.omod & 3]);
      }
      print_dpp_sdwa(in, fmt, sb);
      break;
   }
}
