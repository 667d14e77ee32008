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

enum variant {
   V_BASE, V_INLINE, V_LITERAL, V_SGPR, V_E64, V_MODS, V_MEM,
   V_DPP16, V_DPP8, V_SDWA, V_E64_DPP16, V_E64_DPP8, /* VALU encodings */
   V_SADDR, V_NOVADDR, V_RTN, V_SOFFSET,            /* memory forms */
   V_COUNT
};

/* Immediates of the symbolic kinds, three per kind (for V_BASE, V_INLINE, V_LITERAL). */
static uint32_t
special_imm(aco_gfx_level level, char kind, const char *name, enum variant v)
{
   unsigned k = v == V_BASE ? 0 : v == V_INLINE ? 1 : 2;
   switch (kind) {
   case 'w': {
      static const unsigned cnt[3][3] = {{0, 7, 63}, {63, 2, 0}, {5, 7, 63}};
      return aco_waitcnt_encode(level >= ACO_GFX1200 ? ACO_GFX1100 : level, cnt[k][0], cnt[k][1],
                                cnt[k][2]);
   }
   case 'r': {
      /* MODE (writable everywhere), whole and a field; HW_ID1 for s_getreg */
      static const uint32_t hw[3] = {1 | 31u << 11, 1 | 2u << 6 | 3u << 11, 23 | 31u << 11};
      return strcmp(name, "s_setreg_b32") == 0 && k == 2 ? hw[1] | 4u << 6 : hw[k];
   }
   case 'm':
      if (!strncmp(name, "s_sendmsg_rtn", 13))
         return k == 0 ? 128 : 131; /* MSG_RTN_GET_DOORBELL, MSG_RTN_GET_REALTIME */
      if (level >= ACO_GFX1100)
         return k == 0 ? 3 : k == 1 ? 1 : 9; /* DEALLOC_VGPRS, INTERRUPT, GS_ALLOC_REQ */
      return k == 0 ? 1 : k == 1 ? 0x22 : 0x4f; /* INTERRUPT, GS EMIT, SYSMSG TTRACE_PC */
   case 'a': {
      static const uint32_t d[3] = {0x91, 0x6, 0x481};
      return d[k];
   }
   case 'p': {
      static const uint32_t d[3] = {0x0f9f, 0xfffe, 0x0f9e};
      return d[k];
   }
   case 'o':
      return k == 0 ? 0 : 1;
   case 'i':
      return k == 0 ? 0x10 : k == 1 ? 0xffff : 0x100;
   default:
      return v == V_INLINE ? 0x20 : 0x10;
   }
}

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

/* The sources' type is the mnemonic's last type suffix (v_cvt_f32_u32 reads u32). */
static bool
float_sources(const char *name)
{
   const char *last = NULL;
   for (const char *p = strchr(name, '_'); p; p = strchr(p + 1, '_')) {
      const char *t = p[1] == 'b' && p[2] == 'f' ? p + 3 : p + 2;
      if (strchr("fiub", p[1]) && *t >= '0' && *t <= '9')
         last = p + 1;
   }
   return last && last[0] != 'i' && last[0] != 'u' && (last[0] != 'b' || last[1] == 'f') &&
          !strstr(name, "ubyte") && !strstr(name, "fp8") && !strstr(name, "bf8");
}

static struct aco_minstr *
make(struct gen *g, enum aco_opcode op, enum variant v)
{
   const struct aco_op_info *info = aco_op_info(op);
   unsigned fmt = info->format;
   bool vop12c = fmt == ACO_FMT_VOP1 || fmt == ACO_FMT_VOP2 || fmt == ACO_FMT_VOPC;
   bool gfx11 = g->level >= ACO_GFX1100;
   unsigned enc = ACO_ENC_NATIVE;
   switch (v) {
   case V_E64: enc = ACO_ENC_E64; break;
   case V_DPP16:
   case V_DPP8:
      if (!(info->flags & ACO_OPF_DPP) || !(vop12c || (gfx11 && fmt == ACO_FMT_VOP3)) ||
          (fmt == ACO_FMT_VOPC && !gfx11))
         return NULL;
      enc = v == V_DPP16 ? ACO_ENC_DPP16 : ACO_ENC_DPP8;
      break;
   case V_E64_DPP16:
   case V_E64_DPP8:
      if (!(info->flags & ACO_OPF_DPP) || !vop12c || !gfx11)
         return NULL;
      enc = v == V_E64_DPP16 ? ACO_ENC_E64_DPP16 : ACO_ENC_E64_DPP8;
      break;
   case V_SDWA:
      if (!(info->flags & ACO_OPF_SDWA) || !vop12c || !aco_gfx_info(g->level)->has_sdwa)
         return NULL;
      enc = ACO_ENC_SDWA;
      break;
   case V_SADDR:
      if (fmt != ACO_FMT_GLOBAL && fmt != ACO_FMT_SCRATCH)
         return NULL;
      enc = ACO_ENC_MEM_SADDR | (fmt == ACO_FMT_SCRATCH && !gfx11 ? ACO_ENC_MEM_NO_VADDR : 0);
      break;
   case V_NOVADDR:
      if (fmt != ACO_FMT_SCRATCH)
         return NULL;
      enc = ACO_ENC_MEM_NO_VADDR;
      break;
   case V_RTN:
      if (!(info->flags & ACO_OPF_ATOMIC) ||
          (fmt != ACO_FMT_GLOBAL && fmt != ACO_FMT_FLAT && fmt != ACO_FMT_MUBUF))
         return NULL;
      enc = ACO_ENC_MEM_RTN;
      break;
   case V_SOFFSET:
      if (fmt != ACO_FMT_SMEM)
         return NULL;
      enc = ACO_ENC_MEM_SOFFSET;
      break;
   default:
      break;
   }
   struct aco_slot_map map;
   if (!aco_minstr_slots(g->level, g->wave, op, (enum aco_encoding)enc, &map))
      return NULL;
   struct aco_minstr *in = aco_minstr_create(g->arena, op, map.num_operands, map.num_definitions);
   in->encoding = (uint8_t)enc;
   bool vop = info->format >= ACO_FMT_VOP1 && info->format <= ACO_FMT_VOP3P;
   bool salu = info->format <= ACO_FMT_SOPC && info->format >= ACO_FMT_SOP1;
   bool changed = v == V_BASE || v == V_E64 || v >= V_DPP16;
   bool special = false;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      if (s.role == 'k' && s.file != 'h' && s.file != 'd') {
         special = true;
         in->imm = special_imm(g->level, s.file, info->name, v);
         changed = v == V_BASE || v == V_INLINE || (v == V_LITERAL && s.file != 'o');
      }
      if (s.role == 'l') {
         in->operands[map.index[i]] = aco_source_bits(info, (struct aco_op_slot){'a', 'v', 1}) == 16
                                         ? aco_opnd_const(0x1234, 16)
                                         : aco_opnd_const(0x12345678, 32);
         continue;
      }
      if (map.index[i] == 0xff) {
         if (s.role == 'k' && !special)
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
                  !(info->flags & (ACO_OPF_SRC_REG | ACO_OPF_SRC0_VGPR)) &&
                  info->format != ACO_FMT_SOPK && enc == ACO_ENC_NATIVE &&
                  !((info->flags & ACO_OPF_SRC_M0) && v == V_LITERAL);
      bool src_any = src0 || (salu && s.role == 'b') ||
                     ((info->format == ACO_FMT_VOP3 || info->format == ACO_FMT_VOP3P ||
                       enc == ACO_ENC_E64) && (s.role == 'b' || s.role == 'c') && s.role != 'v');
      if (s.role == 'a' && v == V_INLINE && src_any) {
         o = aco_opnd_const(s.dwords == 2 ? (uint64_t)-3 : 5, s.dwords * 32);
         changed = true;
      } else if (s.role == 'a' && v == V_LITERAL && src0 && s.dwords == 1) {
         /* a 16-bit source takes a 16-bit literal */
         bool k_op = false; /* fmaak/fmamk share the literal with K */
         for (unsigned j = 0; j < map.count; j++)
            k_op |= map.slot[j].role == 'l';
         o = aco_source_bits(info, s) == 16 ? aco_opnd_const(k_op ? 0x1234 : 0x5678, 16)
                                            : aco_opnd_const(0x12345678, 32);
         changed = true;
      } else if (s.role == 'a' && v == V_LITERAL && src0 && s.dwords == 2) {
         /* one literal dword: the high half of an f64, a zero-extended integer */
         o = aco_opnd_const((info->flags & ACO_OPF_FLOAT) ? 0x1234567800000000ull : 0x87654321ull,
                            64);
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
      } else if (info->format == ACO_FMT_VOP3 && (info->flags & ACO_OPF_SRC16) &&
                 strstr(info->name, "_nc_") && map.num_operands == 2) {
         /* op_sel of src1 and of the destination (bit 3): op_sel:[0,1,1] */
         in->valu.opsel = 2 | 8;
         changed = true;
      } else if (info->format == ACO_FMT_VOP3P && (info->flags & ACO_OPF_FLOAT)) {
         in->valu.neg = 1;
         in->valu.neg_hi = 2;
         changed = true;
      }
   }
   /* the cache-control ops (s_dcache_inv, buffer_gl0_inv, global_inv, ...) */
   bool cache_op = !map.count && (info->format == ACO_FMT_SMEM ||
                                  (aco_format_is_vmem_or_ds(info->format) &&
                                   info->format != ACO_FMT_DS));
   if (cache_op && v != V_BASE && v != V_MEM)
      return NULL;
   if (v == V_MEM && cache_op) {
      /* the cache-control ops take only GFX12's scope (not SMEM's) */
      if (g->level < ACO_GFX1200 || info->format == ACO_FMT_SMEM)
         return NULL;
      in->mem.scope = 3;
      return in;
   }
   if (v == V_MEM) {
      switch (info->format) {
      case ACO_FMT_SMEM:
         in->mem.offset = 0x40;
         if (g->level >= ACO_GFX1200)
            in->mem.th = 1, in->mem.scope = 3; /* th:TH_LOAD_NT scope:SCOPE_SYS */
         else
            in->mem.glc = true;
         changed = true;
         break;
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
   switch (v) {
   case V_DPP16:
   case V_E64_DPP16: {
      static const uint16_t ctrl[4] = {0xb1, 0x101, 0x153, 0x161};
      in->valu.dpp_ctrl = ctrl[op % 4];
      in->valu.row_mask = op % 3 ? 0xf : 0x5;
      in->valu.bank_mask = 0xf;
      in->valu.bound_ctrl = op % 2;
      in->valu.fetch_inactive = op % 5 == 0;
      if (float_sources(info->name) && v == V_DPP16 && fmt != ACO_FMT_VOP3)
         in->valu.neg = 1, in->valu.abs = 1;
      break;
   }
   case V_DPP8:
   case V_E64_DPP8:
      in->valu.dpp8_sel = 1 | 0 << 3 | 3 << 6 | 2 << 9 | 5 << 12 | 4 << 15 | 7 << 18 | 6 << 21;
      in->valu.fetch_inactive = op % 2;
      break;
   case V_SDWA:
      in->valu.sdwa_sel[0] = 5;
      in->valu.sdwa_sel[1] = 0;
      in->valu.sdwa_dst_sel = fmt == ACO_FMT_VOPC ? 0 : 5;
      in->valu.sdwa_dst_unused = fmt == ACO_FMT_VOPC ? 0 : 2;
      if (float_sources(info->name))
         in->valu.neg = 1;
      else
         in->valu.sdwa_sext[0] = true;
      break;
   case V_RTN:
      if (g->level >= ACO_GFX1200)
         in->mem.th = 1;
      else
         in->mem.glc = true;
      break;
   case V_SADDR:
      /* 0x101: the low bits of both bytes set (storage shared with VALU neg/abs) */
      in->mem.offset = 0x101;
      break;
   case V_NOVADDR:
   case V_SOFFSET:
      in->mem.offset = 16;
      break;
   default:
      break;
   }
   if (info->format == ACO_FMT_MUBUF && map.count)
      in->mem.offen = true;
   /* a returning MUBUF atomic writes the old value over its data: the same registers */
   if (info->format == ACO_FMT_MUBUF && (enc & ACO_ENC_MEM_RTN)) {
      for (unsigned i = 0; i < map.count; i++)
         if (map.slot[i].role == 'x')
            in->definitions[0].reg = in->operands[map.index[i]].reg;
   }
   if (info->format == ACO_FMT_SMEM && map.count)
      in->mem.offset = in->mem.offset ? in->mem.offset : 0x10;
   (void)special;
   return changed ? in : NULL;
}

/* A VOPD pair: X and Y halves with registers in distinct banks (src0 v4/v6, vsrc1 v9/v11)
 * and destinations of different parity (v1, v2); variant 1 puts an SGPR and an inline
 * constant in the src0s. */
static struct aco_minstr *
make_vopd(struct gen *g, enum aco_opcode x, enum aco_opcode y, unsigned variant)
{
   struct aco_slot_map xm, ym;
   if (!aco_minstr_slots(g->level, g->wave, x, ACO_ENC_NATIVE, &xm) ||
       !aco_minstr_slots(g->level, g->wave, y, ACO_ENC_NATIVE, &ym))
      return NULL;
   struct aco_minstr *in = aco_minstr_create(g->arena, x, xm.num_operands + ym.num_operands, 2);
   in->vopd_y = (uint16_t)y;
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_vgpr(1));
   in->definitions[1] = aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_vgpr(2));
   unsigned k = 0;
   for (unsigned h = 0; h < 2; h++) {
      const struct aco_slot_map *m = h ? &ym : &xm;
      for (unsigned i = 0; i < m->count; i++) {
         if (m->is_def[i] || m->index[i] == 0xff)
            continue;
         aco_operand o;
         switch (m->slot[i].role) {
         case 'a':
            o = variant == 0 ? aco_opnd_reg(aco_vgpr(h ? 6 : 4), aco_rc_v(1))
                : h ? aco_opnd_const(5, 32) : aco_opnd_reg(aco_sgpr(8), aco_rc_s(1));
            break;
         case 'b': o = aco_opnd_reg(aco_vgpr(h ? 11 : 9), aco_rc_v(1)); break;
         default: o = aco_opnd_const(0x12345678, 32); break;
         }
         in->operands[k++] = o;
      }
   }
   return in;
}

static void
emit_instance(struct gen *g, const char *gname, const char *name, const char *tag,
              struct aco_minstr *in, struct aco_strbuf *sb)
{
   uint32_t words[ACO_MAX_INSTR_DWORDS];
   unsigned n = aco_encode_instr(g->level, g->wave, in, words);
   sb->len = 0;
   aco_print_asm_instr(g->level, g->wave, in, sb);
   printf("%s %u %s%s\t%s\t", gname, g->wave, name, tag, aco_strbuf_str(sb));
   for (unsigned i = 0; i < n * 4; i++)
      printf("%s0x%02x", i ? "," : "", (words[i / 4] >> (8 * (i % 4))) & 0xff);
   struct aco_minstr *dec = NULL;
   unsigned used = n ? aco_decode_instr(g->level, g->wave, words, n, g->arena, &dec) : 0;
   const char *st = !n ? "noencode"
                    : used != n ? "nodecode"
                    : aco_minstr_equal_encoding(g->level, g->wave, in, dec) &&
                            dec->vopd_y == in->vopd_y ? "ok" : "decodediff";
   printf("\t%s\n", st);
}

/* GFX11+ 16-bit halves: the 16-bit VGPR operands of an instance moved to their high half
 * (byte 2) where bit `pattern` of the slot's role says so (d: 0, a: 1, b: 2, c: 3). */
static struct aco_minstr *
with_halves(struct gen *g, struct aco_minstr *in, unsigned pattern)
{
   struct aco_slot_map map;
   if (!in || !aco_minstr_slots(g->level, g->wave, in->opcode, in->encoding, &map))
      return NULL;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   bool any = false;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      const char *roles = "dabc", *r = strchr(roles, s.role);
      if (map.index[i] == 0xff || !r || !aco_slot_is_16bit_vgpr(info, s))
         continue;
      aco_physreg *reg = map.is_def[i] ? &in->definitions[map.index[i]].reg
                                       : &in->operands[map.index[i]].reg;
      if (!map.is_def[i] && !aco_operand_has_reg(&in->operands[map.index[i]]))
         continue;
      if (!aco_physreg_is_vgpr(*reg) || !(pattern >> (r - roles) & 1))
         continue;
      *reg = aco_physreg_make(aco_physreg_field(*reg), 2);
      any = true;
   }
   return any ? in : NULL;
}

/* High halves in every form that has them: the 32-bit and DPP forms of the ops llvm-mc-19
 * spells in true16 syntax (tagged " t16": checked with -mattr=+real-true16), in two
 * patterns so that each operand is seen as .l and as .h; and the VOP3 forms of every op
 * with 16-bit VGPR operands, as op_sel (default syntax; tagged " opsel", as llvm-mc-19
 * has op_sel on only some of them). */
static void
emit_halves(struct gen *g, const char *gname, enum aco_opcode op, struct aco_strbuf *sb)
{
   const struct aco_op_info *info = aco_op_info(op);
   if (g->level < ACO_GFX1100)
      return;
   if (info->flags & ACO_OPF_T16) {
      static const enum variant forms[3] = {V_BASE, V_DPP16, V_DPP8};
      for (unsigned k = 0; k < 3; k++) {
         for (unsigned pattern = 0x5; pattern <= 0xa; pattern += 5) {
            struct aco_minstr *in = with_halves(g, make(g, op, forms[k]), pattern);
            if (in)
               emit_instance(g, gname, info->name, " t16", in, sb);
         }
      }
   }
   if (info->format == ACO_FMT_VOP3 || (info->format >= ACO_FMT_VOP1 &&
                                        info->format <= ACO_FMT_VOPC)) {
      struct aco_minstr *in = make(g, op, info->format == ACO_FMT_VOP3 ? V_BASE : V_E64);
      in = with_halves(g, in, 0xf);
      if (in)
         emit_instance(g, gname, info->name, " opsel", in, sb);
   }
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
            if (info->format == ACO_FMT_PSEUDO ||
                (info->opcode[li] < 0 && !(info->format == ACO_FMT_VOPD && info->opcode2[li] >= 0)))
               continue;
            if (info->format == ACO_FMT_VOPD) {
               /* X halves pair with v_dual_mov_b32, Y halves with v_dual_mul_f32 */
               if (wave != 32)
                  continue;
               for (unsigned variant = 0; variant < 2; variant++) {
                  if (info->opcode[li] >= 0)
                     emit_instance(&g, gname, info->name, "",
                                   make_vopd(&g, op, aco_op_v_dual_mov_b32, variant), &sb);
                  if (info->opcode2[li] >= 0)
                     emit_instance(&g, gname, info->name, "",
                                   make_vopd(&g, aco_op_v_dual_mul_f32, op, variant), &sb);
               }
               continue;
            }
            if (info->sig[li].count == 0xff) {
               printf("%s %u %s\tuncovered: special operand syntax\n", gname, wave, info->name);
               continue;
            }
            emit_halves(&g, gname, op, &sb);
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
