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

static void
print_source(aco_gfx_level level, unsigned wave, const struct aco_minstr *in,
             const aco_operand *o, unsigned dwords, unsigned src, const struct aco_fields *f,
             struct aco_strbuf *sb)
{
   bool vop3 = in->encoding == ACO_ENC_E64 || aco_op_info(in->opcode)->format == ACO_FMT_VOP3 ||
               aco_op_info(in->opcode)->format == ACO_FMT_VOP3P;
   bool neg = vop3 && src < 3 && (in->valu.neg >> src & 1);
   bool abs = vop3 && src < 3 && aco_op_info(in->opcode)->format != ACO_FMT_VOP3P &&
              (in->valu.abs >> src & 1);
   if (neg)
      aco_strbuf_puts(sb, "-");
   if (abs)
      aco_strbuf_puts(sb, "|");
   if (o->kind == ACO_OPND_CONST) {
      unsigned bits = o->bits ? o->bits : dwords * 32;
      int field = aco_inline_constant(o->value, bits, o->is_float || bits == 64);
      if (field >= 0)
         aco_print_asm_reg(level, wave, (unsigned)field, dwords, sb);
      else
         aco_strbuf_printf(sb, "0x%x", f->lit);
   } else {
      aco_print_asm_reg(level, wave, aco_physreg_field(o->reg), dwords, sb);
   }
   if (abs)
      aco_strbuf_puts(sb, "|");
}

static void
print_bits(struct aco_strbuf *sb, const char *name, unsigned bits, unsigned n)
{
   aco_strbuf_printf(sb, " %s:[", name);
   for (unsigned i = 0; i < n; i++)
      aco_strbuf_printf(sb, "%s%u", i ? "," : "", bits >> i & 1);
   aco_strbuf_puts(sb, "]");
}

void
aco_print_asm_instr(aco_gfx_level level, unsigned wave, const struct aco_minstr *in,
                    struct aco_strbuf *sb)
{
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
      if (in->encoding == ACO_ENC_E64)
         aco_strbuf_puts(sb, "_e64");
      else if (info->opcode2[gi] >= 0)
         aco_strbuf_puts(sb, "_e32");
   }
   bool first = true;
   unsigned nsrc = 0;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      if (s.role == 'n')
         continue;
      aco_strbuf_puts(sb, first ? " " : ", ");
      first = false;
      /* MUBUF: "soffset offen" is separated by a space, not a comma */
      if (fmt == ACO_FMT_MUBUF && s.role == 'o') {
         sb->len -= 2;
         aco_strbuf_puts(sb, ", ");
      }
      if (s.role == 'k') {
         if (s.file == 'h')
            aco_strbuf_printf(sb, "0x%x", fmt == ACO_FMT_SMEM ? (uint32_t)in->mem.offset : in->imm & 0xffff);
         else
            aco_strbuf_printf(sb, "%u", in->imm & 0xffff);
      } else if (s.role == 'f') {
         aco_strbuf_puts(sb, "off");
      } else if (map.is_def[i]) {
         aco_print_asm_reg(level, wave, aco_physreg_field(in->definitions[map.index[i]].reg),
                           s.dwords, sb);
      } else {
         const aco_operand *o = &in->operands[map.index[i]];
         print_source(level, wave, in, o, s.dwords, (s.role == 'a' ? 0 : s.role == 'b' ? 1 : s.role == 'c' ? 2 : 3), &f, sb);
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
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
      if (mem->offset)
         aco_strbuf_printf(sb, " offset:%d", mem->offset);
      /* fallthrough */
   case ACO_FMT_SMEM:
      if (level >= ACO_GFX1200) {
         if (mem->th)
            aco_strbuf_printf(sb, " th:%u", mem->th);
         if (mem->scope)
            aco_strbuf_printf(sb, " scope:%u", mem->scope);
      } else {
         if (mem->glc)
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
      if (in->valu.opsel_hi != (1u << nsrc) - 1 && (in->valu.opsel_hi & ((1u << nsrc) - 1)) != (1u << nsrc) - 1)
         print_bits(sb, "op_sel_hi", in->valu.opsel_hi, nsrc);
      if (in->valu.neg_hi)
         print_bits(sb, "neg_hi", in->valu.neg_hi, nsrc);
      if (in->valu.neg)
         print_bits(sb, "neg_lo", in->valu.neg, nsrc);
      if (in->valu.clamp)
         aco_strbuf_puts(sb, " clamp");
      break;
   default:
      if (in->encoding == ACO_ENC_E64 || fmt == ACO_FMT_VOP3) {
         if (in->valu.opsel)
            print_bits(sb, "op_sel", in->valu.opsel, nsrc + 1);
         if (in->valu.clamp)
            aco_strbuf_puts(sb, " clamp");
         static const char *const omod[4] = {"", " mul:2", " mul:4", " div:2"};
         aco_strbuf_puts(sb, omod[in->valu.omod & 3]);
      }
      break;
   }
}
