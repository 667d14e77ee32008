/* SPDX-License-Identifier: MIT */
/* The emulator's vector ALU: executes one decoded VALU instruction (VOP1, VOP2, VOPC,
 * VOP3, VOP3P, VOPD and their DPP16/DPP8/SDWA forms, and the cross-lane moves) on a wave.
 *
 * An instruction is executed in two phases so that every lane reads the registers as they
 * were before it (DPP reads neighbours, v_swap and VOPD exchange values, a destination
 * may be a source): first all active lanes are computed into a buffer, then the buffer is
 * written. Per lane: sources are fetched (SGPR, VGPR of the DPP source lane, constant),
 * narrowed by the SDWA select or the 16-bit half (register byte offset 2 on GFX11+, or
 * op_sel in VOP3), modified (abs, then neg), computed by emu_valu_op (valu_ops.c), then
 * omod and clamp are applied to float results. Inactive lanes are never written; lane
 * masks (VOPC, carry-out, v_div_scale) are written whole, inactive lanes as 0.
 *
 * Operands come in the opcode's slot order (aco_minstr_slots): 'a', 'b', 'c' (and the
 * mandatory literal 'l' of fmaak/fmamk) are src0..2 by position; the implicit lane mask
 * 'v' (e32) or its explicit e64 slot is the carry-in / selector when it is a source, the
 * lane-mask result when it is a definition.
 *
 * Not implemented (they fail as unknown instructions): v_cube*, v_mullit_f32,
 * v_mqsad_u32_u8, v_interp_* (GFX10.3), WMMA/SWMMAC, and the GFX12 fp8/bf8 conversions and
 * dot products. */
#include "emu/valu.h"

#include <stddef.h>
#include <string.h>

struct part {
   enum aco_opcode op;
   struct emu_op_desc d;
   int src[3];     /* operand indices of src0..2, -1 none */
   uint8_t bits[3];
   int mask_src;   /* operand index of the carry-in / selector, -1 */
   int dst, mdst;  /* definition indices: vector result, lane-mask result */
   bool vop3;      /* op_sel applies */
   uint64_t res[EMU_MAX_LANES][2];
   uint8_t poison[EMU_MAX_LANES]; /* ABI poison of each lane's result: bit b byte b (of
                                   * every dword) */
   uint64_t written; /* lanes whose vector result is written */
   uint64_t mask;
   uint64_t mask_poison; /* lanes whose lane-mask result bit is garbage */
};

struct ctx {
   struct emu_wave *w;
   const struct aco_minstr *in;
   uint64_t exec;
};

static uint32_t
read_field(struct emu_wave *w, unsigned field, unsigned lane)
{
   if (field >= ACO_REG_VGPR0)
      return emu_read_vgpr(w, field - ACO_REG_VGPR0, lane);
   return emu_read_sreg(w, field);
}

/* The same, where only the bytes `bytes` of a VGPR are used (a 16-bit half, an SDWA
 * select): only their ABI poison counts. */
static uint32_t
read_field_bytes(struct emu_wave *w, unsigned field, unsigned lane, unsigned bytes)
{
   if (field >= ACO_REG_VGPR0)
      return emu_read_vgpr_bytes(w, field - ACO_REG_VGPR0, lane, bytes);
   return emu_read_sreg_bytes(w, field, bytes);
}

/* The poisoned bytes of dword 0 of an operand as lane `lane` sees it (no taint). */
static unsigned
operand_poison(struct emu_wave *w, const aco_operand *op, unsigned lane)
{
   if (op->kind == ACO_OPND_CONST)
      return 0;
   unsigned field = aco_physreg_field(op->reg);
   if (field >= ACO_REG_VGPR0)
      return emu_vgpr_poison(w, field - ACO_REG_VGPR0, lane);
   uint32_t bits = emu_sreg_poison(w, field);
   if (field == ACO_REG_SCC || field == ACO_REG_VCCZ)
      return bits ? 0xf : 0;
   unsigned bytes = 0;
   for (unsigned b = 0; b < 4; b++)
      bytes |= ((bits >> (8 * b)) & 0xff) ? 1u << b : 0;
   return bytes;
}

/* 32-bit operations whose result byte b depends only on byte b of each source (moves,
 * bitwise logic, v_cndmask_b32): their result keeps the sources' poison byte by byte. */
static bool
bytewise_op(enum aco_opcode op)
{
   switch (op) {
   case aco_op_v_mov_b32: case aco_op_v_not_b32: case aco_op_v_and_b32: case aco_op_v_or_b32:
   case aco_op_v_xor_b32: case aco_op_v_xnor_b32: case aco_op_v_cndmask_b32:
   case aco_op_v_and_or_b32: case aco_op_v_or3_b32: case aco_op_v_xor3_b32: case aco_op_v_bfi_b32:
      return true;
   default: return false;
   }
}

/* 32-bit integer operations whose result byte b depends only on bytes 0..b of the sources
 * (carries and partial products only move up): garbage in a source's high bytes stays out
 * of the result's low bytes (a 16-bit value's product, whose upper half is undefined, is
 * stored as 16 bits). */
static bool
upward_op(enum aco_opcode op)
{
   switch (op) {
   case aco_op_v_add_nc_u32: case aco_op_v_sub_nc_u32: case aco_op_v_subrev_nc_u32:
   case aco_op_v_mul_lo_u32: case aco_op_v_mul_u32_u24: case aco_op_v_add3_u32:
   case aco_op_v_mad_u32_u24: case aco_op_v_xad_u32:
      return true;
   default: return false;
   }
}

/* Raw source bits (up to 64) as lane `lane` sees them, before selects. */
static uint64_t
read_raw(struct emu_wave *w, const aco_operand *op, unsigned lane, unsigned bits)
{
   if (op->kind == ACO_OPND_CONST) {
      uint64_t v = emu_read_operand(w, op, lane, 0);
      if (bits == 64)
         v |= (uint64_t)emu_read_operand(w, op, lane, 1) << 32;
      return v;
   }
   unsigned field = aco_physreg_field(op->reg);
   uint64_t v = read_field(w, field, lane);
   if (bits == 64)
      v |= (uint64_t)read_field(w, field + 1, lane) << 32;
   return v;
}

/* A lane mask; *poison gets its garbage lanes (the read itself does not taint: each lane
 * uses its own bit). */
static uint64_t
read_mask(struct emu_wave *w, const aco_operand *op, uint64_t *poison)
{
   bool t = emu_taint(w);
   uint64_t v = read_raw(w, op, 0, w->wave_size == 64 ? 64 : 32);
   emu_set_taint(w, t);
   *poison = 0;
   if (op->kind != ACO_OPND_CONST) {
      unsigned field = aco_physreg_field(op->reg);
      *poison = emu_sreg_poison(w, field);
      if (w->wave_size == 64)
         *poison |= (uint64_t)emu_sreg_poison(w, field + 1) << 32;
   }
   return w->wave_size == 64 ? v : (v & 0xffffffffu);
}

static void
write_mask(struct emu_wave *w, unsigned field, uint64_t mask, uint64_t poison)
{
   if (field == w->gfx->reg_null)
      return; /* both dwords of a null pair are null (not null + exec_lo / m0) */
   emu_write_sreg_poison(w, field, (uint32_t)mask, (uint32_t)poison);
   if (w->wave_size == 64)
      emu_write_sreg_poison(w, field + 1, (uint32_t)(mask >> 32), (uint32_t)(poison >> 32));
}

/* The bytes of a register an SDWA select reads. */
static unsigned
sdwa_bytes(unsigned sel)
{
   return sel < 4 ? 1u << sel : sel < 6 ? 3u << (2 * (sel - 4)) : 0xf;
}

/* v_perm_b32: each result byte comes from one byte (or the sign of one) of {src0, src1}, or
 * is a constant; its poison is that byte's. */
static unsigned
perm_poison(unsigned p0, unsigned p1, uint32_t sel)
{
   unsigned data = p1 | p0 << 4, r = 0;
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = (sel >> (8 * i)) & 0xff, bit = 0;
      if (s < 8)
         bit = (data >> s) & 1;
      else if (s < 12)
         bit = (data >> (2 * (s - 8) + 1)) & 1;
      r |= bit << i;
   }
   return r;
}

static uint32_t
sdwa_select(uint32_t v, unsigned sel, bool sext)
{
   if (sel >= 6)
      return v;
   unsigned width = sel < 4 ? 8 : 16, shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
   uint32_t x = (v >> shift) & ((1u << width) - 1);
   if (sext && (x >> (width - 1)))
      x |= ~((1u << width) - 1);
   return x;
}

static uint32_t
sdwa_dst(uint32_t r, uint32_t old, unsigned sel, unsigned unused)
{
   if (sel >= 6)
      return r;
   unsigned width = sel < 4 ? 8 : 16, shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
   uint32_t field = ((1u << width) - 1) << shift;
   uint32_t v = (r << shift) & field;
   if (unused == 2)
      return v | (old & ~field);
   if (unused == 1 && ((r >> (width - 1)) & 1) && shift + width < 32)
      v |= ~0u << (shift + width);
   return v;
}

static bool
is_dpp(const struct aco_minstr *in)
{
   return aco_enc_is_dpp(in->encoding);
}

static bool
is_dpp8(const struct aco_minstr *in)
{
   return in->encoding == ACO_ENC_DPP8 || in->encoding == ACO_ENC_E64_DPP8;
}

/* DPP: the lane src0 is read from, or -1 if the source is out of range or (without
 * fetch-inactive) disabled. */
static int
dpp_source(struct ctx *c, unsigned lane, bool *ok)
{
   const struct aco_valu_fields *v = &c->in->valu;
   int src;
   *ok = true;
   if (is_dpp8(c->in)) {
      src = (int)((lane & ~7u) | ((v->dpp8_sel >> (3 * (lane & 7))) & 7));
   } else {
      unsigned ctrl = v->dpp_ctrl, row = lane & ~15u, l = lane & 15;
      if (ctrl <= 0xff) {
         src = (int)((lane & ~3u) | ((ctrl >> (2 * (lane & 3))) & 3));
      } else if (ctrl >= 0x101 && ctrl <= 0x10f) {
         unsigned n = ctrl & 15;
         src = l + n < 16 ? (int)(lane + n) : -1;
      } else if (ctrl >= 0x111 && ctrl <= 0x11f) {
         unsigned n = ctrl & 15;
         src = l >= n ? (int)(lane - n) : -1;
      } else if (ctrl >= 0x121 && ctrl <= 0x12f) {
         src = (int)(row | ((l - (ctrl & 15)) & 15));
      } else if (ctrl == 0x140) {
         src = (int)(row | (15 - l));
      } else if (ctrl == 0x141) {
         src = (int)((lane & ~7u) | (7 - (lane & 7)));
      } else if (ctrl >= 0x150 && ctrl <= 0x15f) {
         src = (int)(row | (ctrl & 15));
      } else if (ctrl >= 0x160 && ctrl <= 0x16f) {
         src = (int)(row | (l ^ (ctrl & 15)));
      } else {
         *ok = false;
         return -1;
      }
   }
   if (src < 0 || src >= (int)c->w->wave_size)
      return -1;
   if (!v->fetch_inactive && !((c->exec >> src) & 1))
      return -1;
   return src;
}

/* Source i of a part as lane `lane` uses it (lane `from` for DPP src0). */
static uint64_t
fetch_source(struct ctx *c, struct part *p, unsigned i, unsigned from, bool zero)
{
   const struct aco_minstr *in = c->in;
   const aco_operand *op = &in->operands[p->src[i]];
   unsigned bits = p->bits[i];
   uint64_t v;
   if (zero) {
      v = 0;
   } else if (in->encoding == ACO_ENC_SDWA && i < 2) {
      uint32_t x = op->kind == ACO_OPND_CONST
                      ? (uint32_t)read_raw(c->w, op, from, 32)
                      : read_field_bytes(c->w, aco_physreg_field(op->reg), from,
                                         sdwa_bytes(in->valu.sdwa_sel[i]));
      v = sdwa_select(x, in->valu.sdwa_sel[i], in->valu.sdwa_sext[i]);
   } else if (bits == 16) {
      bool hi = (op->kind == ACO_OPND_REG && aco_physreg_byte(op->reg) >= 2) ||
                (p->vop3 && ((in->valu.opsel >> i) & 1));
      v = op->kind == ACO_OPND_CONST
             ? read_raw(c->w, op, from, 32)
             : read_field_bytes(c->w, aco_physreg_field(op->reg), from, hi ? 0xc : 0x3);
      v = (v >> (hi ? 16 : 0)) & 0xffff;
   } else {
      v = read_raw(c->w, op, from, bits == 64 ? 64 : 32);
   }
   if (bits == 16)
      v &= 0xffff;
   else if (bits == 32)
      v &= 0xffffffffu;
   if (!p->d.packed) {
      uint64_t sign = 1ull << ((bits == 64 ? 64 : bits) - 1);
      if ((in->valu.abs >> i) & 1)
         v &= ~sign;
      if ((in->valu.neg >> i) & 1)
         v ^= sign;
   }
   return v;
}

static uint32_t
dst_half_shift(struct ctx *c, struct part *p)
{
   const aco_definition *def = &c->in->definitions[p->dst];
   bool hi = aco_physreg_byte(def->reg) >= 2 || (p->vop3 && (c->in->valu.opsel & 8)) ||
             p->d.hi_half_dst;
   return hi ? 16 : 0;
}

static uint64_t
float_output_mods(struct ctx *c, struct part *p, uint64_t r)
{
   enum emu_fmt f = (enum emu_fmt)p->d.float_fmt;
   const struct aco_valu_fields *v = &c->in->valu;
   if (v->omod) {
      static const int8_t scale[4] = {0, 1, 2, -1};
      r = emu_f_ldexp(f, r, scale[v->omod & 3], emu_fpmode_of(c->w->mode, f));
   }
   if (v->clamp)
      r = emu_f_clamp01(f, r, (c->w->mode & EMU_MODE_DX10_CLAMP) != 0);
   return r;
}

static bool
low_dword_closed(enum aco_opcode op)
{
   return op == aco_op_v_mad_u64_u32 || op == aco_op_v_mad_i64_i32 ||
          op == aco_op_v_lshlrev_b64 || op == aco_op_v_lshlrev_b64_vop2;
}

static bool
compute_part(struct ctx *c, struct part *p)
{
   struct emu_wave *w = c->w;
   const struct aco_minstr *in = c->in;
   uint64_t mask_in = 0, mask_poison = 0;
   if (p->d.mask_in == EMU_MASK_IN_SLOT && p->mask_src >= 0) {
      mask_in = read_mask(w, &in->operands[p->mask_src], &mask_poison);
   } else if (p->d.mask_in != EMU_MASK_IN_NONE) {
      /* v_div_fmas, and v_dual_cndmask_b32 whose vcc is implicit */
      aco_operand vcc = aco_opnd_reg(aco_sgpr(ACO_REG_VCC_LO), aco_rc_lane_mask(w->wave_size));
      mask_in = read_mask(w, &vcc, &mask_poison);
   }
   p->written = 0;
   p->mask = 0;
   p->mask_poison = 0;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!((c->exec >> lane) & 1))
         continue;
      /* each lane computes from its own sources: its result is garbage if they are */
      emu_set_taint(w, (mask_poison >> lane) & 1);
      struct emu_lane_in li;
      memset(&li, 0, sizeof(li));
      li.lane = lane;
      li.clamp = in->valu.clamp;
      li.omod = in->valu.omod;
      li.opsel = in->valu.opsel;
      li.opsel_hi = in->valu.opsel_hi;
      li.neg = in->valu.neg;
      li.neg_hi = in->valu.neg_hi;
      li.abs = in->valu.abs;
      li.mask_in = (mask_in >> lane) & 1;
      bool write = true;
      unsigned src_poison = 0; /* the bytes of the sources read, for bytewise_op */
      for (unsigned i = 0; i < 3; i++) {
         if (p->src[i] < 0)
            continue;
         /* v_cndmask_b32 uses one source per lane: the other is no read of the program's
          * (selecting around a register a call clobbered is fine) */
         if (p->op == aco_op_v_cndmask_b32 && i < 2 && i != (unsigned)li.mask_in)
            continue;
         unsigned from = lane;
         bool zero = false;
         if (i == 0 && is_dpp(in)) {
            bool known;
            int s = dpp_source(c, lane, &known);
            if (!known)
               return emu_fail(w, "DPP control 0x%x is not available on this level",
                               in->valu.dpp_ctrl);
            if (s < 0) {
               if (is_dpp8(in) || in->valu.bound_ctrl)
                  zero = true;
               else
                  write = false;
            } else {
               from = (unsigned)s;
            }
         }
         li.s[i] = fetch_source(c, p, i, from, zero);
         if (!zero)
            src_poison |= operand_poison(w, &in->operands[p->src[i]], from);
      }
      if (is_dpp(in) && !is_dpp8(in)) {
         if (!((in->valu.row_mask >> (lane / 16)) & 1) ||
             !((in->valu.bank_mask >> ((lane / 4) & 3)) & 1))
            write = false;
      }
      if (p->d.reads_dst) {
         const aco_definition *def = &in->definitions[p->dst];
         bool b16 = p->d.result == EMU_RES_B16;
         unsigned sh = b16 ? dst_half_shift(c, p) : 0;
         uint32_t old = read_field_bytes(w, aco_physreg_field(def->reg), lane,
                                         b16 ? 3u << (sh / 8) : 0xf);
         li.s[2] = b16 ? (old >> sh) & 0xffff : old;
      }
      unsigned poison = emu_taint(w) ? 0xff : 0;
      /* 64-bit results whose low dword depends only on the low dwords of the sources
       * (integer multiply-add, left shift): garbage in a high dword stays in the high
       * dword of the result */
      if (poison && low_dword_closed(p->op) && !is_dpp(in)) {
         bool lo = (mask_poison >> lane) & 1;
         for (unsigned i = 0; i < 3; i++)
            lo |= p->src[i] >= 0 && operand_poison(w, &in->operands[p->src[i]], lane);
         poison = lo ? 0xff : 0xf0;
      }
      if (poison && bytewise_op(p->op) && in->encoding != ACO_ENC_SDWA &&
          !in->valu.abs && !in->valu.neg)
         poison = ((mask_poison >> lane) & 1) ? 0xff : src_poison;
      if (poison && upward_op(p->op) && in->encoding != ACO_ENC_SDWA && !is_dpp(in) &&
          !in->valu.clamp && !((mask_poison >> lane) & 1)) {
         unsigned m = src_poison & 0xf;
         m |= m << 1;
         m |= m << 2;
         poison = m & 0xf;
      }
      /* v_perm_b32 moves bytes: each result byte has the poison of the byte it took */
      if (p->op == aco_op_v_perm_b32 && !is_dpp(in) && p->src[2] >= 0) {
         unsigned sel = operand_poison(w, &in->operands[p->src[2]], lane) ? 0xf : 0;
         poison = sel | perm_poison(operand_poison(w, &in->operands[p->src[0]], lane),
                                    operand_poison(w, &in->operands[p->src[1]], lane),
                                    (uint32_t)li.s[2]);
      }
      struct emu_lane_out lo;
      struct emu_op_desc d;
      emu_valu_op(w, p->op, &li, &lo, &d);
      if (p->d.float_fmt >= 0)
         lo.d[0] = float_output_mods(c, p, lo.d[0]);
      /* a lane DPP disables writes no lane-mask bit either */
      if (lo.carry && write)
         p->mask |= 1ull << lane;
      if (write && poison)
         p->mask_poison |= 1ull << lane;
      if (write) {
         p->res[lane][0] = lo.d[0];
         p->res[lane][1] = lo.d[1];
         p->poison[lane] = (uint8_t)poison;
         p->written |= 1ull << lane;
      }
   }
   return !w->failed;
}

static void
write_part(struct ctx *c, struct part *p)
{
   struct emu_wave *w = c->w;
   const struct aco_minstr *in = c->in;
   if (p->d.result != EMU_RES_NONE && p->dst >= 0) {
      const aco_definition *def = &in->definitions[p->dst];
      unsigned field = aco_physreg_field(def->reg);
      bool vgpr = field >= ACO_REG_VGPR0;
      unsigned reg = field - ACO_REG_VGPR0;
      for (unsigned lane = 0; lane < w->wave_size; lane++) {
         if (!((p->written >> lane) & 1))
            continue;
         uint64_t r = p->res[lane][0];
         unsigned pz = p->poison[lane] & 0xf, pz_hi = p->poison[lane] >> 4;
         if (!vgpr) {
            emu_fail(w, "malformed instruction: a vector result in a scalar register");
            return;
         }
         switch (p->d.result) {
         case EMU_RES_B16:
         case EMU_RES_B32: {
            uint32_t v = (uint32_t)r;
            unsigned bytes = 0xf;
            if (in->encoding == ACO_ENC_SDWA) {
               uint32_t old = emu_read_vgpr_merge(w, reg, lane);
               unsigned sel = in->valu.sdwa_dst_sel, unused = in->valu.sdwa_dst_unused;
               if (p->d.result == EMU_RES_B16)
                  v &= 0xffff;
               v = sdwa_dst(v, old, sel, unused);
               /* the selected field is the result; padding with zeros is not garbage,
                * preserved bytes keep their poison */
               if (unused == 2)
                  bytes = sdwa_bytes(sel);
               else if (unused == 0)
                  pz &= sdwa_bytes(sel);
            } else if (p->d.result == EMU_RES_B16) {
               uint32_t old = emu_read_vgpr_merge(w, reg, lane);
               unsigned sh = dst_half_shift(c, p);
               v = (old & ~(0xffffu << sh)) | ((v & 0xffff) << sh);
               bytes = 3u << (sh / 8);
            }
            emu_write_vgpr_bytes(w, reg, lane, v, bytes, pz);
            break;
         }
         case EMU_RES_B64:
            emu_write_vgpr_bytes(w, reg, lane, (uint32_t)r, 0xf, pz);
            emu_write_vgpr_bytes(w, reg + 1, lane, (uint32_t)(r >> 32), 0xf, pz_hi);
            break;
         case EMU_RES_B128:
            for (unsigned i = 0; i < 4; i++)
               emu_write_vgpr_bytes(w, reg + i, lane,
                                    (uint32_t)(p->res[lane][i / 2] >> (32 * (i & 1))), 0xf,
                                    pz | pz_hi);
            break;
         default: break;
         }
      }
   }
   if (p->d.cmpx) {
      write_mask(w, ACO_REG_EXEC_LO, p->mask, p->mask_poison);
   } else if (p->d.mask_out && p->mdst >= 0) {
      write_mask(w, aco_physreg_field(in->definitions[p->mdst].reg), p->mask, p->mask_poison);
   }
}

/* Maps the slots of `op` onto the operand range starting at `first_op` / definition
 * `first_def` (VOPD halves share the instruction's arrays). */
static bool
setup_part(struct ctx *c, struct part *p, enum aco_opcode slot_op, enum aco_opcode op,
           unsigned enc, unsigned first_op, unsigned first_def, unsigned *num_ops,
           unsigned *num_defs)
{
   struct emu_wave *w = c->w;
   const struct aco_minstr *in = c->in;
   const struct aco_op_info *info = aco_op_info(op);
   const struct aco_op_info *slot_info = aco_op_info(slot_op);
   memset(p, 0, offsetof(struct part, res));
   p->op = op;
   p->src[0] = p->src[1] = p->src[2] = -1;
   p->mask_src = p->dst = p->mdst = -1;
   if (!emu_valu_op(w, op, NULL, NULL, &p->d))
      return emu_fail(w, "unknown instruction: %s is not implemented by the vector ALU",
                      info->name);
   bool e64 = aco_enc_is_e64(enc) && (info->format == ACO_FMT_VOP1 ||
                                      info->format == ACO_FMT_VOP2 ||
                                      info->format == ACO_FMT_VOPC);
   struct aco_slot_map map;
   if (!aco_minstr_slots(w->level, w->wave_size, slot_op, e64 ? ACO_ENC_E64 : ACO_ENC_NATIVE,
                         &map))
      return emu_fail(w, "unknown instruction: %s does not exist on this level",
                      slot_info->name);
   if (first_op + map.num_operands > in->num_operands ||
       first_def + map.num_definitions > in->num_definitions)
      return emu_fail(w, "malformed instruction: %s has %u operands and %u definitions",
                      slot_info->name, in->num_operands, in->num_definitions);
   p->vop3 = info->format == ACO_FMT_VOP3 || info->format == ACO_FMT_VOP3P || e64;
   unsigned nsrc = 0;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      if (map.index[i] == 0xff)
         continue;
      int idx = (int)map.index[i] + (int)(map.is_def[i] ? first_def : first_op);
      if (map.is_def[i]) {
         if (s.role == 'd' && info->format != ACO_FMT_VOPC)
            p->dst = idx;
         else
            p->mdst = idx;
         continue;
      }
      bool lane_mask = s.role == 'v' || (s.role == 'c' && e64 &&
                                         p->d.mask_in == EMU_MASK_IN_SLOT);
      if (lane_mask) {
         p->mask_src = idx;
      } else if (((s.role >= 'a' && s.role <= 'c') || s.role == 'l') && nsrc < 3) {
         /* sources by position: v_fmamk's K (slot 'l') is src1, its 'b' src2 */
         unsigned k = nsrc++;
         p->src[k] = idx;
         unsigned bits = aco_source_bits(slot_info, s);
         if (s.role == 'l' && (info->flags & ACO_OPF_SRC16))
            bits = 16;
         if (p->d.packed)
            bits = 32;
         p->bits[k] = (uint8_t)bits;
      }
   }
   if (p->d.result != EMU_RES_NONE && p->dst < 0)
      return emu_fail(w, "malformed instruction: %s has no vector destination", info->name);
   *num_ops = map.num_operands;
   *num_defs = map.num_definitions;
   return true;
}

/* ---- cross-lane operations -------------------------------------------------------------- */

static bool
exec_lane_op(struct ctx *c)
{
   struct emu_wave *w = c->w;
   const struct aco_minstr *in = c->in;
   enum aco_opcode op = (enum aco_opcode)in->opcode;
   if (in->num_operands < 1 || in->num_definitions < 1)
      return emu_fail(w, "malformed instruction: %s", aco_op_info(op)->name);
   const aco_operand *src = &in->operands[0];
   unsigned dfield = aco_physreg_field(in->definitions[0].reg);
   if (op == aco_op_v_readfirstlane_b32) {
      if (!c->exec && src->kind != ACO_OPND_CONST &&
          aco_physreg_field(src->reg) >= ACO_REG_VGPR0) {
         emu_read_lane_inactive(w, dfield, aco_physreg_field(src->reg) - ACO_REG_VGPR0);
         return !w->failed;
      }
      unsigned first = c->exec ? (unsigned)__builtin_ctzll(c->exec) : 0;
      /* the SGPR takes the poison of the lane's bytes */
      uint32_t v = (uint32_t)read_raw(w, src, first, 32);
      emu_write_sreg_poison(w, dfield, v, emu_byte_bits(operand_poison(w, src, first)));
      return !w->failed;
   }
   /* v_readlane / v_writelane ignore exec; the lane index is taken modulo the wave size */
   if (op == aco_op_v_readlane_b32 || op == aco_op_v_writelane_b32) {
      if (in->num_operands < 2)
         return emu_fail(w, "malformed instruction: %s", aco_op_info(op)->name);
      unsigned lane = (uint32_t)read_raw(w, &in->operands[1], 0, 32) & (w->wave_size - 1);
      if (op == aco_op_v_readlane_b32) {
         /* the lane's bytes' poison, all of it if the lane index is garbage */
         bool index = emu_taint(w);
         uint32_t v = (uint32_t)read_raw(w, src, lane, 32);
         emu_write_sreg_poison(w, dfield, v,
                               index ? ~0u : emu_byte_bits(operand_poison(w, src, lane)));
      } else {
         if (dfield < ACO_REG_VGPR0)
            return emu_fail(w, "malformed instruction: v_writelane_b32 to a scalar register");
         emu_write_vgpr(w, dfield - ACO_REG_VGPR0, lane, (uint32_t)read_raw(w, src, 0, 32));
      }
      return !w->failed;
   }
   if (dfield < ACO_REG_VGPR0)
      return emu_fail(w, "malformed instruction: %s writes a scalar register",
                      aco_op_info(op)->name);
   unsigned dreg = dfield - ACO_REG_VGPR0;
   /* relative moves: VGPR numbers offset by m0 (v_movrelsd_2: source by m0[9:0],
    * destination by m0[25:16]) */
   if (op == aco_op_v_swaprel_b32) {
      /* exchanges VGPR[vdst + m0[25:16]] and VGPR[vsrc0 + m0[9:0]] */
      uint32_t m0 = emu_read_sreg(w, w->gfx->reg_m0);
      if (!emu_check_use(w, "a register index"))
         return false;
      if (src->kind != ACO_OPND_REG || !aco_physreg_is_vgpr(src->reg))
         return emu_fail(w, "malformed instruction: v_swaprel_b32 of a non-VGPR");
      unsigned sreg = aco_physreg_field(src->reg) - ACO_REG_VGPR0 + (m0 & 0x3ff);
      unsigned dr = dreg + ((m0 >> 16) & 0x3ff);
      for (unsigned lane = 0; lane < w->wave_size && !w->failed; lane++) {
         if ((c->exec >> lane) & 1)
            emu_swap_vgpr(w, dr, sreg, lane);
      }
      return !w->failed;
   }
   if (op == aco_op_v_movrels_b32 || op == aco_op_v_movreld_b32 ||
       op == aco_op_v_movrelsd_b32 || op == aco_op_v_movrelsd_2_b32) {
      uint32_t m0 = emu_read_sreg(w, w->gfx->reg_m0);
      if (!emu_check_use(w, "a register index"))
         return false;
      unsigned soff = op == aco_op_v_movrelsd_2_b32 ? (m0 & 0x3ff) : m0;
      unsigned doff = op == aco_op_v_movrelsd_2_b32 ? ((m0 >> 16) & 0x3ff) : m0;
      bool rel_src = op != aco_op_v_movreld_b32, rel_dst = op != aco_op_v_movrels_b32;
      if (rel_src && (src->kind != ACO_OPND_REG || !aco_physreg_is_vgpr(src->reg)))
         return emu_fail(w, "malformed instruction: %s of a non-VGPR", aco_op_info(op)->name);
      uint32_t vals[EMU_MAX_LANES];
      uint8_t pz[EMU_MAX_LANES];
      for (unsigned lane = 0; lane < w->wave_size; lane++) {
         if (!((c->exec >> lane) & 1))
            continue;
         if (rel_src) {
            unsigned r = aco_physreg_field(src->reg) - ACO_REG_VGPR0 + soff;
            vals[lane] = emu_read_vgpr(w, r, lane);
            pz[lane] = (uint8_t)emu_vgpr_poison(w, r, lane);
         } else {
            emu_set_taint(w, false);
            vals[lane] = (uint32_t)read_raw(w, src, lane, 32);
            pz[lane] = emu_taint(w) ? 0xf : 0;
         }
      }
      for (unsigned lane = 0; lane < w->wave_size; lane++) {
         if ((c->exec >> lane) & 1)
            emu_write_vgpr_bytes(w, dreg + (rel_dst ? doff : 0), lane, vals[lane], 0xf, pz[lane]);
      }
      return !w->failed;
   }
   uint32_t res[EMU_MAX_LANES], res2[EMU_MAX_LANES];
   uint8_t pz[EMU_MAX_LANES];
   uint64_t skip = 0;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!((c->exec >> lane) & 1))
         continue;
      /* each lane's result is garbage if what it read is */
      emu_set_taint(w, false);
      switch (op) {
      case aco_op_v_permlane64_b32:
         res[lane] = (uint32_t)read_raw(w, src, w->wave_size == 64 ? lane ^ 32 : lane, 32);
         break;
      case aco_op_v_swap_b32:
         res[lane] = (uint32_t)read_raw(w, src, lane, 32);
         res2[lane] = emu_read_vgpr(w, dreg, lane);
         break;
      case aco_op_v_permlane16_b32:
      case aco_op_v_permlanex16_b32: {
         /* lane selects: 16 x 4 bits in {src2, src1}; op_sel[0] fetch-inactive,
          * op_sel[1] bound_ctrl (an inactive source gives 0 instead of no write) */
         if (in->num_operands < 3)
            return emu_fail(w, "malformed instruction: %s", aco_op_info(op)->name);
         uint64_t sels = (uint32_t)read_raw(w, &in->operands[1], 0, 32) |
                         (uint64_t)(uint32_t)read_raw(w, &in->operands[2], 0, 32) << 32;
         unsigned row = lane & ~15u;
         if (op == aco_op_v_permlanex16_b32)
            row ^= 16;
         unsigned from = row | ((sels >> (4 * (lane & 15))) & 15);
         bool fi = in->valu.opsel & 1, bc = (in->valu.opsel >> 1) & 1;
         if (!fi && !((c->exec >> from) & 1)) {
            if (!bc) {
               skip |= 1ull << lane;
               break;
            }
            res[lane] = 0;
         } else {
            res[lane] = (uint32_t)read_raw(w, src, from, 32);
         }
         break;
      }
      case aco_op_v_permlane16_var_b32:
      case aco_op_v_permlanex16_var_b32: {
         if (in->num_operands < 2)
            return emu_fail(w, "malformed instruction: %s", aco_op_info(op)->name);
         unsigned sel = (uint32_t)read_raw(w, &in->operands[1], lane, 32) & 15;
         unsigned row = lane & ~15u;
         if (op == aco_op_v_permlanex16_var_b32)
            row ^= 16;
         res[lane] = (uint32_t)read_raw(w, src, row + sel, 32);
         break;
      }
      default: return false;
      }
      pz[lane] = emu_taint(w) ? 0xf : 0;
   }
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!((c->exec >> lane) & 1) || ((skip >> lane) & 1))
         continue;
      emu_write_vgpr_bytes(w, dreg, lane, res[lane], 0xf, pz[lane]);
      if (op == aco_op_v_swap_b32) {
         if (src->kind != ACO_OPND_REG || !aco_physreg_is_vgpr(src->reg))
            return emu_fail(w, "malformed instruction: v_swap_b32 of a non-VGPR");
         emu_write_vgpr_bytes(w, aco_physreg_field(src->reg) - ACO_REG_VGPR0, lane, res2[lane],
                              0xf, pz[lane]);
      }
   }
   return !w->failed;
}

/* ---- VOPD ---------------------------------------------------------------------------------- */

static enum aco_opcode
vopd_base(enum aco_opcode op)
{
   switch (op) {
   case aco_op_v_dual_add_f32: return aco_op_v_add_f32;
   case aco_op_v_dual_cndmask_b32: return aco_op_v_cndmask_b32;
   case aco_op_v_dual_fmac_f32: return aco_op_v_fmac_f32;
   case aco_op_v_dual_fmaak_f32: return aco_op_v_fmaak_f32;
   case aco_op_v_dual_fmamk_f32: return aco_op_v_fmamk_f32;
   case aco_op_v_dual_max_f32:
   case aco_op_v_dual_max_num_f32: return aco_op_v_max_f32;
   case aco_op_v_dual_min_f32:
   case aco_op_v_dual_min_num_f32: return aco_op_v_min_f32;
   case aco_op_v_dual_mov_b32: return aco_op_v_mov_b32;
   case aco_op_v_dual_mul_dx9_zero_f32: return aco_op_v_mul_dx9_zero_f32;
   case aco_op_v_dual_mul_f32: return aco_op_v_mul_f32;
   case aco_op_v_dual_sub_f32: return aco_op_v_sub_f32;
   case aco_op_v_dual_subrev_f32: return aco_op_v_subrev_f32;
   case aco_op_v_dual_dot2acc_f32_f16: return aco_op_v_dot2acc_f32_f16;
   case aco_op_v_dual_add_nc_u32: return aco_op_v_add_nc_u32;
   case aco_op_v_dual_lshlrev_b32: return aco_op_v_lshlrev_b32;
   case aco_op_v_dual_and_b32: return aco_op_v_and_b32;
   default: return aco_num_opcodes;
   }
}

static bool
exec_vopd(struct ctx *c)
{
   struct emu_wave *w = c->w;
   const struct aco_minstr *in = c->in;
   struct part parts[2];
   enum aco_opcode halves[2] = {(enum aco_opcode)in->opcode, (enum aco_opcode)in->vopd_y};
   enum aco_opcode ops[2] = {vopd_base(halves[0]), vopd_base(halves[1])};
   unsigned first_op = 0;
   for (unsigned i = 0; i < 2; i++) {
      if (ops[i] == aco_num_opcodes)
         return emu_fail(w, "unknown instruction: VOPD half %s", aco_op_info(halves[i])->name);
      unsigned nops, ndefs;
      if (!setup_part(c, &parts[i], halves[i], ops[i], ACO_ENC_NATIVE, first_op, i, &nops,
                      &ndefs))
         return false;
      first_op += nops;
   }
   for (unsigned i = 0; i < 2; i++) {
      if (!compute_part(c, &parts[i]))
         return false;
   }
   for (unsigned i = 0; i < 2; i++)
      write_part(c, &parts[i]);
   return !w->failed;
}

/* v_mov_b32 and v_swap_b32 between VGPRs, with no modifiers: what a parallel copy emits.
 * They move values as they are, poisoned ones included (emu_move_vgpr). */
static bool
plain_vgpr_move(const struct ctx *c)
{
   const struct aco_minstr *in = c->in;
   if ((in->opcode != aco_op_v_mov_b32 && in->opcode != aco_op_v_swap_b32) ||
       in->num_operands != 1 || in->num_definitions < 1 ||
       (in->encoding != ACO_ENC_NATIVE && in->encoding != ACO_ENC_E64) ||
       in->valu.abs || in->valu.neg || in->valu.opsel || in->valu.clamp || in->valu.omod)
      return false;
   const aco_operand *src = &in->operands[0];
   return src->kind == ACO_OPND_REG && aco_physreg_is_vgpr(src->reg) &&
          aco_physreg_byte(src->reg) == 0 && aco_physreg_is_vgpr(in->definitions[0].reg) &&
          aco_physreg_byte(in->definitions[0].reg) == 0;
}

static bool
exec_plain_move(struct ctx *c)
{
   struct emu_wave *w = c->w;
   unsigned s = aco_physreg_field(c->in->operands[0].reg) - ACO_REG_VGPR0;
   unsigned d = aco_physreg_field(c->in->definitions[0].reg) - ACO_REG_VGPR0;
   for (unsigned lane = 0; lane < w->wave_size && !w->failed; lane++) {
      if (!((c->exec >> lane) & 1))
         continue;
      if (c->in->opcode == aco_op_v_swap_b32)
         emu_swap_vgpr(w, d, s, lane);
      else
         emu_move_vgpr(w, d, s, lane);
   }
   return !w->failed;
}

bool
emu_valu_execute(struct emu_wave *w, const struct aco_minstr *in)
{
   struct ctx c = {w, in, emu_exec(w)};
   if (w->wave_size == 32)
      c.exec &= 0xffffffffu;
   if (plain_vgpr_move(&c))
      return exec_plain_move(&c);
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
   switch (in->opcode) {
   case aco_op_v_readfirstlane_b32:
   case aco_op_v_permlane64_b32:
   case aco_op_v_swap_b32:
   case aco_op_v_permlane16_var_b32:
   case aco_op_v_permlanex16_var_b32:
   case aco_op_v_permlane16_b32:
   case aco_op_v_permlanex16_b32:
   case aco_op_v_readlane_b32:
   case aco_op_v_writelane_b32:
   case aco_op_v_movrels_b32:
   case aco_op_v_movreld_b32:
   case aco_op_v_movrelsd_b32:
   case aco_op_v_movrelsd_2_b32:
   case aco_op_v_swaprel_b32:
      return exec_lane_op(&c);
   default: break;
   }
   if (info->format == ACO_FMT_VOPD) {
      if (w->wave_size != 32)
         return emu_fail(w, "unknown instruction: VOPD %s in wave64", info->name);
      return exec_vopd(&c);
   }
   if (in->encoding == ACO_ENC_SDWA && !w->gfx->has_sdwa)
      return emu_fail(w, "unknown instruction: SDWA does not exist on this level");
   struct part p;
   unsigned nops, ndefs;
   if (!setup_part(&c, &p, (enum aco_opcode)in->opcode, (enum aco_opcode)in->opcode,
                   in->encoding, 0, 0, &nops, &ndefs))
      return false;
   if (!compute_part(&c, &p))
      return false;
   write_part(&c, &p);
   return !w->failed;
}
