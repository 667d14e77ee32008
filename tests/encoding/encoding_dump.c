/* SPDX-License-Identifier: MIT */
/* Generates instances of every opcode-table row for every GFX level and wave size,
 * encodes and prints each, decodes the bytes back, and writes one line per instance:
 *   gfx wave name<TAB>text<TAB>hex bytes<TAB>decode-status
 * check_encoding.py compares them with llvm-mc-19. Rows the generator cannot describe
 * yet are written as "uncovered" lines with the reason, so nothing is skipped silently. */
#include "emit/emit.h"

#include <stdio.h>
#include <string.h>

struct gen {
   aco_gfx_level level;
   unsigned wave;
   struct aco_arena *arena;
};

enum variant { V_BASE, V_INLINE, V_LITERAL, V_SGPR, V_E64, V_MODS, V_MEM, V_COUNT };

static unsigned
reg_for(char role, char file, unsigned dwords)
{
   if (file == 'v') {
      switch (role) {
      case 'd': return 256 + 1;
      case 'a': return 256 + 4;
      case 'b': return 256 + 8;
      case 'c': return 256 + 12;
      case 'x': return 256 + 16;
      default: return 256 + 20;
      }
   }
   switch (role) {
   case 'd': return dwords >= 4 ? 16 : 4;
   case 'a': return 8;
   case 'b': return dwords >= 4 ? 20 : 10;
   case 'c': return 12;
   case 'e': return 24;
   case 'r': return 28;
   case 'o': return 32;
   default: return 40;
   }
}

static struct aco_minstr *
make(struct gen *g, enum aco_opcode op, enum variant v)
{
   const struct aco_op_info *info = aco_op_info(op);
   enum aco_encoding enc = v == V_E64 ? ACO_ENC_E64 : ACO_ENC_NATIVE;
   struct aco_slot_map map;
   if (!aco_minstr_slots(g->level, g->wave, op, enc, &map))
      return NULL;
   struct aco_minstr *in = aco_minstr_create(g->arena, op, map.num_operands, map.num_definitions);
   in->encoding = (uint8_t)enc;
   bool vop = info->format >= ACO_FMT_VOP1 && info->format <= ACO_FMT_VOP3P;
   bool salu = info->format <= ACO_FMT_SOPC && info->format >= ACO_FMT_SOP1;
   bool changed = v == V_BASE || v == V_E64;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      if (map.index[i] == 0xff) {
         if (s.role == 'k')
            in->imm = v == V_INLINE ? 0x20 : 0x10;
         continue;
      }
      unsigned field = reg_for(s.role, s.file, s.dwords);
      aco_rc rc = s.file == 'v' ? aco_rc_v(s.dwords) : aco_rc_s(s.dwords);
      if (s.role == 'v' || ((s.role == 'e' || s.role == 'c' || s.role == 'd') && s.file == 's' && vop))
         field = s.role == 'v' ? ACO_REG_VCC_LO : reg_for(s.role, 's', s.dwords);
      if (s.role == 'a' && (info->flags & ACO_OPF_SRC_M0))
         field = aco_gfx_info(g->level)->reg_m0;
      /* llvm-mc only accepts null as the SGPR of s_waitcnt_{vs,vm,exp,lgkm}cnt */
      if (info->format == ACO_FMT_SOPK && s.role == 'd' && !strncmp(info->name, "s_waitcnt_", 10))
         field = aco_gfx_info(g->level)->reg_null;
      if (map.is_def[i]) {
         in->definitions[map.index[i]] = aco_def_fixed(aco_temp_make(0, rc), aco_physreg_make(field, 0));
         continue;
      }
      aco_operand o = aco_opnd_reg(aco_physreg_make(field, 0), rc);
      /* register-only sources (ACO_OPF_SRC_REG) get no constant / other-file variants */
      bool src0 = s.role == 'a' && (vop || salu) && (vop ? true : s.file == 's') &&
                  !(info->flags & ACO_OPF_SRC_REG) &&
                  !((info->flags & ACO_OPF_SRC_M0) && v == V_LITERAL);
      bool src_any = src0 || (salu && s.role == 'b') ||
                     ((info->format == ACO_FMT_VOP3 || info->format == ACO_FMT_VOP3P ||
                       enc == ACO_ENC_E64) && (s.role == 'b' || s.role == 'c') && s.role != 'v');
      if (s.role == 'a' && v == V_INLINE && src_any) {
         o = aco_opnd_const(s.dwords == 2 ? (uint64_t)-3 : 5, s.dwords * 32);
         changed = true;
      } else if (s.role == 'a' && v == V_LITERAL && src0 && s.dwords == 1) {
         /* a 16-bit source takes a 16-bit literal */
         o = aco_source_bits(info, s) == 16 ? aco_opnd_const(0x5678, 16)
                                            : aco_opnd_const(0x12345678, 32);
         changed = true;
      } else if (s.role == 'a' && v == V_SGPR && src0 && s.file == 'v') {
         o = aco_opnd_reg(aco_physreg_make(8, 0), aco_rc_s(s.dwords));
         changed = true;
      }
      in->operands[map.index[i]] = o;
   }
   bool vop3sd = false;
   for (unsigned i = 0; i < map.count; i++)
      vop3sd |= map.slot[i].role == 'e';
   if (v == V_MODS && !vop3sd && !(info->flags & ACO_OPF_NO_MODS)) {
      if (info->format == ACO_FMT_VOP3 && (info->flags & ACO_OPF_FLOAT)) {
         in->valu.neg = 1;
         in->valu.abs = (info->flags & ACO_OPF_SRC1_INT) ? 1 : 2;
         changed = true;
      } else if (info->format == ACO_FMT_VOP3P && (info->flags & ACO_OPF_FLOAT)) {
         in->valu.neg = 1;
         in->valu.neg_hi = 2;
         changed = true;
      }
   }
   if (v == V_MEM) {
      switch (info->format) {
      case ACO_FMT_SMEM: in->mem.offset = 0x40; changed = true; break;
      case ACO_FMT_DS: /* ds_nop has no offset syntax */
         if (map.count) {
            in->mem.offset = 8;
            changed = true;
         }
         break;
      case ACO_FMT_GLOBAL:
      case ACO_FMT_SCRATCH: in->mem.offset = -16; changed = true; break;
      case ACO_FMT_FLAT: in->mem.offset = 16; changed = true; break;
      case ACO_FMT_MUBUF: in->mem.offset = 12; changed = true; break;
      default: break;
      }
      if (changed && info->format != ACO_FMT_SMEM && info->format != ACO_FMT_DS) {
         if (g->level >= ACO_GFX1200)
            in->mem.scope = 1;
         else
            in->mem.glc = (info->flags & ACO_OPF_LOAD) != 0;
      }
   }
   if (info->format == ACO_FMT_MUBUF)
      in->mem.offen = true;
   if (info->format == ACO_FMT_SMEM)
      in->mem.offset = in->mem.offset ? in->mem.offset : 0x10;
   return changed ? in : NULL;
}

int
main(void)
{
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   for (unsigned li = 0; li < 3; li++) {
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         struct gen g = {levels[li], wave, &arena};
         const char *gname = aco_gfx_info(g.level)->name;
         for (unsigned op = 0; op < aco_num_opcodes; op++) {
            const struct aco_op_info *info = aco_op_info(op);
            if (info->format == ACO_FMT_PSEUDO || info->opcode[li] < 0)
               continue;
            if (info->format == ACO_FMT_VOPD) {
               printf("%s %u %s\tuncovered: VOPD pairs not generated yet\n", gname, wave, info->name);
               continue;
            }
            if (info->sig[li].count == 0xff) {
               printf("%s %u %s\tuncovered: special operand syntax\n", gname, wave, info->name);
               continue;
            }
            for (unsigned v = 0; v < V_COUNT; v++) {
               struct aco_minstr *in = make(&g, op, v);
               if (!in)
                  continue;
               uint32_t words[ACO_MAX_INSTR_DWORDS];
               unsigned n = aco_encode_instr(g.level, wave, in, words);
               sb.len = 0;
               aco_print_asm_instr(g.level, wave, in, &sb);
               printf("%s %u %s\t%s\t", gname, wave, info->name, aco_strbuf_str(&sb));
               for (unsigned i = 0; i < n * 4; i++)
                  printf("%s0x%02x", i ? "," : "", (words[i / 4] >> (8 * (i % 4))) & 0xff);
               struct aco_minstr *dec = NULL;
               unsigned used = n ? aco_decode_instr(g.level, wave, words, n, &arena, &dec) : 0;
               const char *st = !n ? "noencode"
                                : used != n ? "nodecode"
                                : aco_minstr_equal_encoding(g.level, wave, in, dec) ? "ok"
                                                                                    : "decodediff";
               printf("\t%s\n", st);
            }
         }
      }
   }
   aco_strbuf_finish(&sb);
   aco_arena_finish(&arena);
   return 0;
}
