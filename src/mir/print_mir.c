/* SPDX-License-Identifier: MIT */
/* The machine-IR printer (docs/mir.md "Printed form"): one line per instruction,
 *    %12:v1, %13:s1[vcc] = v_add_co_u32_e64 %4:v1[v4], 5 clamp
 * definitions, then the mnemonic with its encoding, operands and format fields. Blocks
 * print a header with their kind and loop depth and their logical and linear edges. */
#include "mir/mir.h"

#include <string.h>

void
aco_mprint_rc(aco_rc rc, struct aco_strbuf *sb)
{
   unsigned size = rc.v & 31u;
   if (aco_rc_is_subdword(rc))
      aco_strbuf_printf(sb, "v%ub", size);
   else if (rc.v & ACO_RC_LINEAR)
      aco_strbuf_printf(sb, "lv%u", size);
   else
      aco_strbuf_printf(sb, "%c%u", aco_rc_is_vgpr(rc) ? 'v' : 's', size);
}

void
aco_mprint_reg(const struct aco_mprogram *p, aco_physreg reg, unsigned bytes,
               struct aco_strbuf *sb)
{
   unsigned field = aco_physreg_field(reg), byte = aco_physreg_byte(reg);
   unsigned dwords = (byte + bytes + 3) / 4;
   if (dwords == 0)
      dwords = 1;
   const struct aco_gfx_info *gfx = p ? p->gfx : NULL;
   if (field >= ACO_REG_VGPR0 || field < ACO_SGPR_COUNT) {
      char f = field >= ACO_REG_VGPR0 ? 'v' : 's';
      unsigned n = field >= ACO_REG_VGPR0 ? field - ACO_REG_VGPR0 : field;
      if (dwords == 1)
         aco_strbuf_printf(sb, "%c%u", f, n);
      else
         aco_strbuf_printf(sb, "%c[%u:%u]", f, n, n + dwords - 1);
   } else if (field == ACO_REG_VCC_LO) {
      aco_strbuf_puts(sb, dwords == 2 ? "vcc" : "vcc_lo");
   } else if (field == ACO_REG_VCC_HI) {
      aco_strbuf_puts(sb, "vcc_hi");
   } else if (field == ACO_REG_EXEC_LO) {
      aco_strbuf_puts(sb, dwords == 2 ? "exec" : "exec_lo");
   } else if (field == ACO_REG_EXEC_HI) {
      aco_strbuf_puts(sb, "exec_hi");
   } else if (gfx && field == gfx->reg_m0) {
      aco_strbuf_puts(sb, "m0");
   } else if (gfx && field == gfx->reg_null) {
      aco_strbuf_puts(sb, "null");
   } else if (field == ACO_REG_SCC) {
      aco_strbuf_puts(sb, "scc");
   } else if (field == ACO_REG_VCCZ) {
      aco_strbuf_puts(sb, "vccz");
   } else if (field == ACO_REG_EXECZ) {
      aco_strbuf_puts(sb, "execz");
   } else if (field >= ACO_REG_TTMP0 && field < ACO_REG_TTMP0 + 16) {
      aco_strbuf_printf(sb, "ttmp%u", field - ACO_REG_TTMP0);
   } else {
      aco_strbuf_printf(sb, "r%u", field);
   }
   if (byte == 2 && bytes <= 2)
      aco_strbuf_puts(sb, ".h");
   else if (byte)
      aco_strbuf_printf(sb, ".b%u", byte);
}

static void
print_const(const aco_operand *o, struct aco_strbuf *sb)
{
   unsigned bits = o->bits ? o->bits : 32;
   uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   uint64_t v = o->value & mask;
   /* sign-extend for the small negative integers */
   int64_t s = bits >= 64 ? (int64_t)v : (v >> (bits - 1)) & 1 ? (int64_t)(v | ~mask) : (int64_t)v;
   if (s >= -16 && s <= 64)
      aco_strbuf_printf(sb, "%lld", (long long)s);
   else
      aco_strbuf_printf(sb, "0x%llx", (unsigned long long)v);
   if (bits != 32)
      aco_strbuf_printf(sb, ":%u", bits);
}

void
aco_mprint_operand(const struct aco_mprogram *p, const aco_operand *o, struct aco_strbuf *sb)
{
   switch (o->kind) {
   case ACO_OPND_TEMP:
      aco_strbuf_printf(sb, "%%%u:", o->temp.id);
      aco_mprint_rc(o->temp.rc, sb);
      if (o->fixed) {
         aco_strbuf_puts(sb, "[");
         aco_mprint_reg(p, o->reg, aco_rc_bytes(o->temp.rc), sb);
         aco_strbuf_puts(sb, "]");
      }
      break;
   case ACO_OPND_CONST:
      print_const(o, sb);
      break;
   case ACO_OPND_REG:
      aco_mprint_reg(p, o->reg, aco_rc_bytes(o->temp.rc) ? aco_rc_bytes(o->temp.rc) : 4, sb);
      break;
   default:
      aco_strbuf_puts(sb, "undef");
      if (o->temp.rc.v) {
         aco_strbuf_puts(sb, ":");
         aco_mprint_rc(o->temp.rc, sb);
      }
      break;
   }
}

void
aco_mprint_definition(const struct aco_mprogram *p, const aco_definition *d,
                      struct aco_strbuf *sb)
{
   if (d->temp.id) {
      aco_strbuf_printf(sb, "%%%u:", d->temp.id);
      aco_mprint_rc(d->temp.rc, sb);
      if (d->fixed) {
         aco_strbuf_puts(sb, "[");
         aco_mprint_reg(p, d->reg, aco_rc_bytes(d->temp.rc), sb);
         aco_strbuf_puts(sb, "]");
      }
   } else if (d->fixed) {
      aco_mprint_reg(p, d->reg, aco_rc_bytes(d->temp.rc) ? aco_rc_bytes(d->temp.rc) : 4, sb);
   } else {
      aco_strbuf_puts(sb, "_");
   }
}

static void
print_list(struct aco_strbuf *sb, const char *name, unsigned bits, unsigned n)
{
   aco_strbuf_printf(sb, " %s:[", name);
   for (unsigned i = 0; i < n; i++)
      aco_strbuf_printf(sb, "%s%u", i ? "," : "", bits >> i & 1);
   aco_strbuf_puts(sb, "]");
}

static const char *const sdwa_sel_names[8] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                              "WORD_0", "WORD_1", "DWORD", "?"};

void
aco_print_dpp_ctrl(unsigned ctrl, struct aco_strbuf *sb)
{
   if (ctrl <= 0xff) {
      aco_strbuf_printf(sb, "quad_perm:[%u,%u,%u,%u]", ctrl & 3, ctrl >> 2 & 3, ctrl >> 4 & 3,
                        ctrl >> 6 & 3);
   } else if (ctrl >= 0x101 && ctrl <= 0x10f) {
      aco_strbuf_printf(sb, "row_shl:%u", ctrl - 0x100);
   } else if (ctrl >= 0x111 && ctrl <= 0x11f) {
      aco_strbuf_printf(sb, "row_shr:%u", ctrl - 0x110);
   } else if (ctrl >= 0x121 && ctrl <= 0x12f) {
      aco_strbuf_printf(sb, "row_ror:%u", ctrl - 0x120);
   } else if (ctrl == 0x140) {
      aco_strbuf_puts(sb, "row_mirror");
   } else if (ctrl == 0x141) {
      aco_strbuf_puts(sb, "row_half_mirror");
   } else if (ctrl >= 0x150 && ctrl <= 0x15f) {
      aco_strbuf_printf(sb, "row_share:%u", ctrl - 0x150);
   } else if (ctrl >= 0x160 && ctrl <= 0x16f) {
      aco_strbuf_printf(sb, "row_xmask:%u", ctrl - 0x160);
   } else {
      aco_strbuf_printf(sb, "dpp_ctrl:0x%x", ctrl);
   }
}

void
aco_print_dpp(const struct aco_minstr *in, struct aco_strbuf *sb)
{
   const struct aco_valu_fields *m = &in->valu;
   switch (in->encoding) {
   case ACO_ENC_DPP16:
   case ACO_ENC_E64_DPP16:
      aco_strbuf_puts(sb, " ");
      aco_print_dpp_ctrl(m->dpp_ctrl, sb);
      aco_strbuf_printf(sb, " row_mask:0x%x bank_mask:0x%x", m->row_mask & 15, m->bank_mask & 15);
      if (m->bound_ctrl)
         aco_strbuf_puts(sb, " bound_ctrl:1");
      if (m->fetch_inactive)
         aco_strbuf_puts(sb, " fi:1");
      break;
   case ACO_ENC_DPP8:
   case ACO_ENC_E64_DPP8:
      aco_strbuf_puts(sb, " dpp8:[");
      for (unsigned i = 0; i < 8; i++)
         aco_strbuf_printf(sb, "%s%u", i ? "," : "", m->dpp8_sel >> (3 * i) & 7);
      aco_strbuf_puts(sb, "]");
      if (m->fetch_inactive)
         aco_strbuf_puts(sb, " fi:1");
      break;
   default:
      break;
   }
}

static void
print_valu_fields(const struct aco_minstr *in, unsigned nsrc, struct aco_strbuf *sb)
{
   const struct aco_valu_fields *m = &in->valu;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   bool vop3p = info->format == ACO_FMT_VOP3P;
   bool mix = vop3p && strncmp(info->name, "v_fma_mix", 9) == 0;
   unsigned n = nsrc ? nsrc : 1;
   if (m->neg)
      print_list(sb, vop3p && !mix ? "neg_lo" : "neg", m->neg, n);
   if (m->abs)
      print_list(sb, "abs", m->abs, n);
   if (m->opsel)
      print_list(sb, "op_sel", m->opsel, vop3p ? n : 4);
   if (vop3p && m->opsel_hi != (mix ? 0 : 7))
      print_list(sb, "op_sel_hi", m->opsel_hi, n);
   if (m->neg_hi)
      print_list(sb, mix ? "abs_hi" : "neg_hi", m->neg_hi, n);
   if (m->clamp)
      aco_strbuf_puts(sb, " clamp");
   static const char *const omod[4] = {"", " mul:2", " mul:4", " div:2"};
   aco_strbuf_puts(sb, omod[m->omod & 3]);
   switch (in->encoding) {
   case ACO_ENC_DPP16:
   case ACO_ENC_E64_DPP16:
   case ACO_ENC_DPP8:
   case ACO_ENC_E64_DPP8:
      aco_print_dpp(in, sb);
      break;
   case ACO_ENC_SDWA:
      aco_strbuf_printf(sb, " dst_sel:%s dst_unused:%s", sdwa_sel_names[m->sdwa_dst_sel & 7],
                        m->sdwa_dst_unused == 1   ? "UNUSED_SEXT"
                        : m->sdwa_dst_unused == 2 ? "UNUSED_PRESERVE"
                                                  : "UNUSED_PAD");
      for (unsigned i = 0; i < 2 && i < n; i++)
         aco_strbuf_printf(sb, " src%u_sel:%s%s", i, sdwa_sel_names[m->sdwa_sel[i] & 7],
                           m->sdwa_sext[i] ? " sext" : "");
      break;
   default:
      break;
   }
}

static void
print_mem_fields(const struct aco_minstr *in, struct aco_strbuf *sb)
{
   const struct aco_mem_fields *m = &in->mem;
   if (m->offset)
      aco_strbuf_printf(sb, " offset:%d", m->offset);
   if (m->offen)
      aco_strbuf_puts(sb, " offen");
   if (m->idxen)
      aco_strbuf_puts(sb, " idxen");
   if (m->glc)
      aco_strbuf_puts(sb, " glc");
   if (m->slc)
      aco_strbuf_puts(sb, " slc");
   if (m->dlc)
      aco_strbuf_puts(sb, " dlc");
   if (m->th)
      aco_strbuf_printf(sb, " th:%u", m->th);
   if (m->scope)
      aco_strbuf_printf(sb, " scope:%u", m->scope);
   if (m->gds)
      aco_strbuf_puts(sb, " gds");
}

/* Number of operands of the X half of a VOPD instruction (the rest are Y's). */
static unsigned
vopd_x_operands(const struct aco_mprogram *p, const struct aco_minstr *in)
{
   struct aco_slot_map map;
   if (p && aco_minstr_slots(p->gfx_level, p->wave_size, in->opcode, ACO_ENC_NATIVE, &map))
      return map.num_operands;
   return in->num_operands;
}

static const char *const enc_suffix[] = {"", "_e64", "_dpp", "_dpp8", "_sdwa", "_e64_dpp",
                                         "_e64_dpp8"};

void
aco_mprint_instr(const struct aco_mprogram *p, const struct aco_minstr *in, struct aco_strbuf *sb)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   for (unsigned i = 0; i < in->num_definitions; i++) {
      if (i)
         aco_strbuf_puts(sb, ", ");
      aco_mprint_definition(p, &in->definitions[i], sb);
   }
   if (in->num_definitions)
      aco_strbuf_puts(sb, " = ");
   aco_strbuf_puts(sb, info->name);
   if (in->encoding < sizeof(enc_suffix) / sizeof(enc_suffix[0]))
      aco_strbuf_puts(sb, enc_suffix[in->encoding]);
   unsigned split = info->format == ACO_FMT_VOPD ? vopd_x_operands(p, in) : ~0u;
   for (unsigned i = 0; i < in->num_operands; i++) {
      if (i == split)
         aco_strbuf_printf(sb, " :: %s", in->vopd_y < aco_num_opcodes
                                             ? aco_op_info(in->vopd_y)->name : "?");
      aco_strbuf_puts(sb, i && i != split ? ", " : " ");
      aco_mprint_operand(p, &in->operands[i], sb);
   }
   if (split != ~0u && split >= in->num_operands)
      aco_strbuf_printf(sb, " :: %s", in->vopd_y < aco_num_opcodes
                                          ? aco_op_info(in->vopd_y)->name : "?");

   unsigned fmt = info->format;
   bool branch = (info->flags & ACO_OPF_BRANCH) && strcmp(info->name, "s_setpc_b64") != 0;
   if (in->opcode == aco_op_p_branch || in->opcode == aco_op_p_cbranch_z ||
       in->opcode == aco_op_p_cbranch_nz || branch) {
      aco_strbuf_printf(sb, " BB%u", in->target_block);
   } else if (fmt == ACO_FMT_SOPK || fmt == ACO_FMT_SOPP) {
      if (in->imm || (info->sig[0].count == 0xff || info->sig[1].count == 0xff ||
                      info->sig[2].count == 0xff))
         aco_strbuf_printf(sb, " imm:0x%x", in->imm);
   } else if (fmt == ACO_FMT_PSEUDO) {
      if (in->imm)
         aco_strbuf_printf(sb, " imm:%u", in->imm);
   } else if (fmt == ACO_FMT_SMEM || fmt >= ACO_FMT_DS) {
      print_mem_fields(in, sb);
   } else if (fmt >= ACO_FMT_VOP1 && fmt <= ACO_FMT_VOP3P) {
      unsigned nsrc = 0;
      struct aco_slot_map map;
      if (p && aco_minstr_slots(p->gfx_level, p->wave_size, in->opcode, in->encoding, &map)) {
         for (unsigned i = 0; i < map.count; i++)
            nsrc += !map.is_def[i] && (map.slot[i].role == 'a' || map.slot[i].role == 'b' ||
                                       map.slot[i].role == 'c');
      } else {
         nsrc = in->num_operands;
      }
      print_valu_fields(in, nsrc, sb);
   }
}

static void
print_edges(struct aco_strbuf *sb, const char *what, const aco_block_list *l)
{
   aco_strbuf_printf(sb, "%s:", what);
   for (uint32_t i = 0; i < l->len; i++)
      aco_strbuf_printf(sb, "%s BB%u", i ? "," : "", l->data[i]);
}

void
aco_mprint_block(const struct aco_mprogram *p, const struct aco_mblock *b, struct aco_strbuf *sb)
{
   aco_strbuf_printf(sb, "BB%u:", b->index);
   static const struct {
      uint32_t bit;
      const char *name;
   } kinds[] = {{ACO_BLOCK_UNIFORM, "uniform"},
                {ACO_BLOCK_TOP_LEVEL, "top-level"},
                {ACO_BLOCK_LOOP_HEADER, "loop-header"},
                {ACO_BLOCK_LOOP_EXIT, "loop-exit"},
                {ACO_BLOCK_BRANCH, "branch"},
                {ACO_BLOCK_INVERT, "invert"},
                {ACO_BLOCK_MERGE, "merge"},
                {ACO_BLOCK_BREAK, "break"},
                {ACO_BLOCK_CONTINUE, "continue"},
                {ACO_BLOCK_LINEAR, "linear"}};
   if (b->kind) {
      aco_strbuf_puts(sb, " kind:");
      for (unsigned i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
         if (b->kind & kinds[i].bit)
            aco_strbuf_printf(sb, " %s", kinds[i].name);
      }
   }
   if (b->loop_depth)
      aco_strbuf_printf(sb, ", loop depth: %u", b->loop_depth);
   aco_strbuf_puts(sb, "\n   /* ");
   print_edges(sb, "logical preds", &b->logical_preds);
   aco_strbuf_puts(sb, " / ");
   print_edges(sb, "linear preds", &b->linear_preds);
   aco_strbuf_puts(sb, " */\n");
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      aco_strbuf_puts(sb, "   ");
      aco_mprint_instr(p, b->instrs.data[i], sb);
      aco_strbuf_puts(sb, "\n");
   }
   aco_strbuf_puts(sb, "   /* ");
   print_edges(sb, "logical succs", &b->logical_succs);
   aco_strbuf_puts(sb, " / ");
   print_edges(sb, "linear succs", &b->linear_succs);
   aco_strbuf_puts(sb, " */\n");
}

void
aco_mprint_program(const struct aco_mprogram *p, struct aco_strbuf *sb)
{
   aco_strbuf_printf(sb, "function %s%s: %s wave%u\n", p->name ? p->name : "(unnamed)",
                     p->is_entry ? " (entry)" : "", p->gfx ? p->gfx->name : "?", p->wave_size);
   for (uint32_t i = 0; i < p->blocks.len; i++)
      aco_mprint_block(p, p->blocks.data[i], sb);
}
