/* SPDX-License-Identifier: MIT */
/* Instruction selection of memory operations and barriers.
 *
 * global: 64-bit VGPR addresses (base + zext(offset) computed with a 64-bit add), the
 *         constant part in the instruction's offset when it fits the level's range;
 *         global, stack and shared values of any type in pieces (below);
 * load_uniform: s_load (SMEM) from an SGPR-pair base, only on memory the IR marks
 *         readonly/invariant (the validator enforces it), any type at any alignment;
 * buffer: MUBUF with offen, the descriptor rebuilt from the IR's (address, size) with
 *         the level's raw-buffer dword 3; atomics return the old value (glc) only when
 *         the IR reads it, in the registers of their data (a copy that dies there);
 * shared: DS with the constant in the 16-bit offset;
 * stack:  scratch_* with a VGPR offset from the frame (the entry's stack pointer is 0, a
 *         called function adds its stack pointer);
 * barrier / fence: every outstanding memory access waited for, then s_barrier
 *         (GFX12: s_barrier_signal -1 + s_barrier_wait).
 * Loads whose result is uniform but whose memory is not scalar-cache safe load into
 * VGPRs and move the value to SGPRs with p_as_uniform. */
#include "isel/isel.h"

#include <string.h>

typedef enum aco_opcode op_t;
#define NONE aco_op_p_startpgm

/* GLOBAL with an SGPR base (ACO_ENC_MEM_SADDR) for uniform bases; 0 keeps the 64-bit VGPR
 * address everywhere. */
#define ISEL_GLOBAL_SADDR 1

static aco_operand T(aco_temp t) { return aco_opnd_temp(t); }
static aco_operand K(uint64_t v) { return aco_opnd_const(v, 32); }

static aco_type
type_of(const struct isel_ctx *c, aco_value v)
{
   return air_value(c->f, v)->type;
}

static unsigned
type_bytes(aco_type t)
{
   return (t.comps ? t.comps : 1) * (t.bits / 8u);
}

static aco_temp
vop(struct isel_ctx *c, op_t op, unsigned ndefs, aco_operand a, aco_operand b, aco_operand cc,
    unsigned nops, aco_temp *carry)
{
   struct aco_minstr *in = isel_emit(c, op, nops, ndefs);
   if (aco_op_info(op)->opcode2[c->gfx_index] >= 0)
      in->encoding = ACO_ENC_E64;
   aco_operand ops[3] = {a, b, cc};
   for (unsigned i = 0; i < nops; i++)
      in->operands[i] = ops[i];
   aco_temp d = isel_new(c, aco_rc_v(1));
   in->definitions[0] = aco_def_temp(d);
   if (ndefs > 1) {
      aco_temp e = isel_new(c, aco_rc_lane_mask(c->p->wave_size));
      in->definitions[1] = aco_def_temp(e);
      if (carry)
         *carry = e;
   }
   return d;
}

/* A 32-bit VGPR offset: offset value (may be absent) + constant k. */
static aco_temp
voffset(struct isel_ctx *c, aco_value off, int64_t k)
{
   if (!off.id)
      return vop(c, aco_op_v_mov_b32, 1, K((uint32_t)k), K(0), K(0), 1, NULL);
   aco_operand o = isel_opnd(c, off, 32);
   if (o.kind == ACO_OPND_CONST)
      return vop(c, aco_op_v_mov_b32, 1, K((uint32_t)(o.value + (uint64_t)k)), K(0), K(0), 1, NULL);
   if (!k)
      return isel_as_vgpr(c, o.temp);
   return vop(c, aco_op_v_add_nc_u32, 1, T(o.temp), K((uint32_t)k), K(0), 2, NULL);
}

/* 64-bit VGPR address base + zext(offset) + k. */
static aco_temp
global_address(struct isel_ctx *c, aco_value base, aco_value off, int64_t k)
{
   aco_temp b = isel_temp(c, base);
   aco_operand o = off.id ? isel_opnd(c, off, 32) : K(0);
   if (o.kind == ACO_OPND_CONST) {
      uint64_t sum = (uint32_t)o.value + (uint64_t)k;
      if (!sum)
         return isel_as_vgpr(c, b);
      o = K(0);
      k = (int64_t)sum;
      if (sum > 0xffffffffu) {
         aco_temp kt = isel_const_temp(c, sum, 2);
         aco_temp bp[2], kp[2];
         isel_split(c, b, 2, bp);
         isel_split(c, kt, 2, kp);
         aco_temp carry = {0, {0}};
         aco_temp lo = vop(c, aco_op_v_add_co_u32, 2, T(bp[0]), T(kp[0]), K(0), 2, &carry);
         aco_temp hi = vop(c, aco_op_v_add_co_ci_u32, 2, T(kp[1]), T(isel_as_vgpr(c, bp[1])),
                           T(carry), 3, NULL);
         aco_temp parts[2] = {lo, hi};
         return isel_combine(c, aco_rc_v(2), 2, parts);
      }
   } else if (k) {
      o = T(vop(c, aco_op_v_add_nc_u32, 1, o, K((uint32_t)k), K(0), 2, NULL));
   }
   if (o.kind == ACO_OPND_CONST && k)
      o = K((uint32_t)k);
   aco_temp bp[2];
   isel_split(c, b, 2, bp);
   aco_temp carry = {0, {0}};
   aco_temp lo = vop(c, aco_op_v_add_co_u32, 2, T(bp[0]), o, K(0), 2, &carry);
   aco_temp hi = vop(c, aco_op_v_add_co_ci_u32, 2, K(0), T(bp[1]), T(carry), 3, NULL);
   aco_temp parts[2] = {lo, hi};
   return isel_combine(c, aco_rc_v(2), 2, parts);
}

/* 16-bit values in VGPR halves (select_alu.c) */
aco_temp isel_whole_vgpr(struct isel_ctx *c, aco_temp t);
aco_temp isel_loaded_half(struct isel_ctx *c, const struct air_instr *in, aco_temp v);

/* Stored data in whole VGPRs: memory instructions read their data registers whole (a
 * 16-bit store its low half). */
static aco_temp
vgpr_data(struct isel_ctx *c, aco_value v)
{
   return isel_whole_vgpr(c, isel_as_vgpr(c, isel_temp(c, v)));
}

/* The result of a load into VGPRs, moved to SGPRs when the value is uniform; a 16-bit
 * divergent one into a half when its uses allow (select_alu.c). */
static void
set_loaded(struct isel_ctx *c, aco_value def, aco_temp v)
{
   if (!isel_div(c, def)) {
      aco_temp s = isel_new(c, aco_rc_s(aco_rc_dwords(v.rc)));
      struct aco_minstr *u = isel_emit(c, aco_op_p_as_uniform, 1, 1);
      u->operands[0] = T(v);
      u->definitions[0] = aco_def_temp(s);
      v = s;
   } else if (air_value(c->f, def)->def) {
      v = isel_loaded_half(c, air_value(c->f, def)->def, v);
   }
   c->temps[def.id] = v;
}

static bool
fits(int64_t v, int32_t lo, int32_t hi)
{
   return v >= lo && v <= hi;
}

/* ---- accesses of any size -----------------------------------------------------------------
 * A global, stack, shared or buffer load or store of any type is made of pieces of the
 * sizes the instructions have (1, 2, 4, 8, 12 and 16 bytes; DS without 12), the widest
 * first, so that no byte outside the value is read or written. Global and scratch accesses
 * take any alignment; a DS piece keeps its natural alignment, as far as the known
 * alignment of the address (its `align`, else the component size) says; a buffer access
 * of 8- or 16-bit components has a piece per component (range-checked alone). Vectors of 8- and 16-bit
 * components sit one per register (upper bits undefined): a load takes each component
 * from the piece holding it (shifted down to bit 0), a store packs the components that
 * share a dword with v_perm_b32 (uniform 16-bit ones with s_pack_ll_b32_b16, before the
 * copy to VGPRs) unless a piece holds a single one; a sub-dword piece in the upper half
 * of a dword is stored with the d16_hi form. */

enum mem_space { SPACE_GLOBAL, SPACE_STACK, SPACE_SHARED, SPACE_BUFFER };

/* Where the pieces of an access go: the address operands and the instruction offset of
 * the first byte. */
struct mem_site {
   enum mem_space space;
   aco_temp addr, sbase; /* buffer: sbase is the descriptor */
   bool saddr;
   int64_t inst_off;
   aco_operand soff; /* buffer */
};

struct piece {
   unsigned off, size;
};

/* Sub-dword pieces and the dwords of wider ones (the bytes [off, off + size) of the
 * value in the low bytes of t, zero-extended for sub-dword pieces). */
struct chunk {
   unsigned off, size;
   aco_temp t;
};

#define MAX_PIECES 128 /* a value of 128 bytes in single bytes (isel refuses it earlier) */

static const op_t piece_load_ops[4][6] = {
   {aco_op_global_load_u8, aco_op_global_load_u16, aco_op_global_load_b32,
    aco_op_global_load_b64, aco_op_global_load_b96, aco_op_global_load_b128},
   {aco_op_scratch_load_u8, aco_op_scratch_load_u16, aco_op_scratch_load_b32,
    aco_op_scratch_load_b64, aco_op_scratch_load_b96, aco_op_scratch_load_b128},
   {aco_op_ds_load_u8, aco_op_ds_load_u16, aco_op_ds_load_b32, aco_op_ds_load_b64,
    aco_op_ds_load_b96, aco_op_ds_load_b128},
   {aco_op_buffer_load_u8, aco_op_buffer_load_u16, aco_op_buffer_load_b32,
    aco_op_buffer_load_b64, aco_op_buffer_load_b96, aco_op_buffer_load_b128}};
static const op_t piece_store_ops[4][6] = {
   {aco_op_global_store_b8, aco_op_global_store_b16, aco_op_global_store_b32,
    aco_op_global_store_b64, aco_op_global_store_b96, aco_op_global_store_b128},
   {aco_op_scratch_store_b8, aco_op_scratch_store_b16, aco_op_scratch_store_b32,
    aco_op_scratch_store_b64, aco_op_scratch_store_b96, aco_op_scratch_store_b128},
   {aco_op_ds_store_b8, aco_op_ds_store_b16, aco_op_ds_store_b32, aco_op_ds_store_b64,
    aco_op_ds_store_b96, aco_op_ds_store_b128},
   {aco_op_buffer_store_b8, aco_op_buffer_store_b16, aco_op_buffer_store_b32,
    aco_op_buffer_store_b64, aco_op_buffer_store_b96, aco_op_buffer_store_b128}};
/* stores of bits 16-23 / 16-31 of their data register */
static const op_t piece_store_hi_ops[4][2] = {
   {aco_op_global_store_d16_hi_b8, aco_op_global_store_d16_hi_b16},
   {aco_op_scratch_store_d16_hi_b8, aco_op_scratch_store_d16_hi_b16},
   {aco_op_ds_store_b8_d16_hi, aco_op_ds_store_b16_d16_hi},
   {aco_op_buffer_store_d16_hi_b8, aco_op_buffer_store_d16_hi_b16}};

static unsigned
size_index(unsigned size)
{
   return size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : size == 8 ? 3 : size == 12 ? 4 : 5;
}

/* The pieces of a `bytes`-byte access, in order: the widest size that fits what is left,
 * and for DS (shared) its natural alignment within `align` (the address's known
 * alignment); a buffer access of 8- or 16-bit components (`align` their size) has one
 * piece per component, which the range check then takes alone as the IR does. */
static unsigned
plan_pieces(unsigned bytes, enum mem_space space, uint32_t align, struct piece *out)
{
   if (space == SPACE_BUFFER && align < 4) {
      unsigned n = 0;
      for (unsigned o = 0; o < bytes && n < MAX_PIECES; o += align)
         out[n++] = (struct piece){o, align};
      return n;
   }
   static const unsigned sizes[6] = {16, 12, 8, 4, 2, 1};
   unsigned n = 0;
   for (unsigned o = 0; o < bytes && n < MAX_PIECES;) {
      uint32_t at = align;
      if (o && (o & -o) < at)
         at = o & -o;
      unsigned s = 1;
      for (unsigned i = 0; i < 6; i++) {
         s = sizes[i];
         if (s > bytes - o)
            continue;
         if (space == SPACE_SHARED && (s == 12 || s > at))
            continue;
         break;
      }
      out[n++] = (struct piece){o, s};
      o += s;
   }
   return n;
}

/* The number of operands of a piece's load or store. */
static unsigned
site_operand_count(const struct mem_site *s, bool store)
{
   if (s->space == SPACE_BUFFER)
      return store ? 4 : 3;
   return 1 + store + s->saddr;
}

/* The operands of a piece's instruction (address, data when storing, SGPR base) and its
 * offset. */
static void
site_operands(const struct mem_site *s, struct aco_minstr *mi, unsigned off, aco_temp data)
{
   unsigned k = 0;
   if (s->space == SPACE_BUFFER) {
      /* vdata (stores), vaddr, rsrc, soffset */
      if (data.id)
         mi->operands[k++] = T(data);
      mi->operands[k++] = T(s->addr);
      mi->operands[k++] = T(s->sbase);
      mi->operands[k++] = s->soff;
      mi->mem.offen = true;
      mi->mem.offset = (int32_t)(s->inst_off + off);
      return;
   }
   mi->operands[k++] = T(s->addr);
   if (data.id)
      mi->operands[k++] = T(data);
   if (s->saddr)
      mi->operands[k++] = T(s->sbase);
   if (s->space == SPACE_GLOBAL)
      mi->encoding = s->saddr ? ACO_ENC_MEM_SADDR : ACO_ENC_NATIVE;
   mi->mem.offset = (int32_t)(s->inst_off + off);
}

/* A VGPR whose low `len` bytes are bytes [o, o + len) of the loaded value (a chunk, or
 * the chunks of smaller pieces put together). */
static aco_temp
chunk_bytes(struct isel_ctx *c, const struct chunk *ch, unsigned n, unsigned o, unsigned len)
{
   for (unsigned i = 0; i < n; i++) {
      if (o < ch[i].off || o >= ch[i].off + ch[i].size)
         continue;
      if (o + len <= ch[i].off + ch[i].size) {
         unsigned rel = o - ch[i].off;
         return rel ? vop(c, aco_op_v_lshrrev_b32, 1, K(8 * rel), T(ch[i].t), K(0), 2, NULL)
                    : ch[i].t;
      }
      /* smaller pieces (zero-extended) make up the bytes */
      aco_temp acc = ch[i].t;
      for (unsigned k = i + 1; k < n && ch[k].off < o + len; k++)
         acc = vop(c, aco_op_v_lshl_or_b32, 1, T(ch[k].t), K(8 * (ch[k].off - o)), T(acc), 3,
                   NULL);
      return acc;
   }
   return (aco_temp){0, {0}};
}

/* Loads a value of type t (VGPRs, one component per register for 8- and 16-bit ones). */
static aco_temp
load_pieces(struct isel_ctx *c, const struct mem_site *s, aco_type t, uint32_t align)
{
   unsigned bytes = type_bytes(t), cb = t.bits / 8, comps = t.comps ? t.comps : 1;
   struct piece pc[MAX_PIECES];
   unsigned n = plan_pieces(bytes, s->space, align, pc);
   aco_temp regs[MAX_PIECES];
   bool whole = cb >= 4;
   for (unsigned i = 0; i < n; i++) {
      regs[i] = isel_new(c, aco_rc_v((pc[i].size + 3) / 4));
      struct aco_minstr *mi = isel_emit(c, piece_load_ops[s->space][size_index(pc[i].size)],
                                        site_operand_count(s, false), 1);
      site_operands(s, mi, pc[i].off, (aco_temp){0, {0}});
      mi->definitions[0] = aco_def_temp(regs[i]);
      whole &= pc[i].size >= 4;
   }
   if (whole) /* dwords in order */
      return isel_combine(c, aco_rc_v(bytes / 4), n, regs);
   struct chunk ch[MAX_PIECES];
   unsigned nch = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned dw = pc[i].size / 4;
      if (dw <= 1) {
         ch[nch++] = (struct chunk){pc[i].off, pc[i].size, regs[i]};
         continue;
      }
      aco_temp parts[4];
      isel_split(c, regs[i], dw, parts);
      for (unsigned k = 0; k < dw; k++)
         ch[nch++] = (struct chunk){pc[i].off + 4 * k, 4, parts[k]};
   }
   aco_temp out[32];
   unsigned nout = cb >= 4 ? bytes / 4 : comps, each = cb >= 4 ? 4 : cb;
   for (unsigned j = 0; j < nout; j++)
      out[j] = chunk_bytes(c, ch, nch, j * each, each);
   return isel_combine(c, aco_rc_v(nout), nout, out);
}

/* Dword k of the stored value's bytes: components of 8 or 16 bits packed (the bytes past
 * the last component undefined, and so is byte 2 of a dword holding three: no piece
 * stores it from here). */
static aco_temp
packed_word(struct isel_ctx *c, const aco_temp *parts, aco_type t, unsigned k)
{
   unsigned cb = t.bits / 8, comps = t.comps ? t.comps : 1;
   if (cb >= 4)
      return parts[k];
   unsigned per = 4 / cb, first = k * per;
   unsigned count = comps - first < per ? comps - first : per;
   const aco_temp *p = parts + first;
   if (count == 1)
      return isel_as_vgpr(c, p[0]);
   if (!aco_rc_is_vgpr(p[0].rc)) /* uniform 16-bit components */
      return isel_as_vgpr(c, isel_sop2(c, aco_op_s_pack_ll_b32_b16, T(p[0]), T(p[1])));
   if (cb == 2) /* bytes 0-1 of component 0 (src1), then 0-1 of component 1 (src0) */
      return vop(c, aco_op_v_perm_b32, 1, T(p[1]), T(p[0]), K(0x05040100), 3, NULL);
   /* bytes: byte 0 of src1, byte 0 of src0, zeros */
   aco_temp lo = vop(c, aco_op_v_perm_b32, 1, T(p[1]), T(p[0]), K(0x0c0c0400), 3, NULL);
   /* a 3-byte rest is stored as 2 + 1 bytes, byte 2 from its component */
   if (count < 4)
      return lo;
   aco_temp hi = vop(c, aco_op_v_perm_b32, 1, T(p[3]), T(p[2]), K(0x0c0c0400), 3, NULL);
   return vop(c, aco_op_v_perm_b32, 1, T(hi), T(lo), K(0x05040100), 3, NULL);
}

/* Stores value v of type t. */
static void
store_pieces(struct isel_ctx *c, const struct mem_site *s, aco_value v, aco_type t,
             uint32_t align)
{
   unsigned bytes = type_bytes(t), cb = t.bits / 8;
   struct piece pc[MAX_PIECES];
   unsigned n = plan_pieces(bytes, s->space, align, pc);
   /* uniform 16-bit components are packed by the scalar unit, then copied */
   aco_temp data = isel_temp(c, v);
   if (cb != 2 || aco_rc_is_vgpr(data.rc))
      data = vgpr_data(c, v);
   unsigned nparts = aco_rc_dwords(data.rc);
   aco_temp parts[32], words[32] = {{0, {0}}};
   bool as_is = n == 1 && cb >= 4; /* one piece: the value as it is */
   if (as_is) {
      parts[0] = data;
   } else {
      isel_split(c, data, nparts, parts);
   }
   for (unsigned i = 0; i < n; i++) {
      unsigned off = pc[i].off, size = pc[i].size;
      aco_temp d;
      op_t op = piece_store_ops[s->space][size_index(size)];
      if (as_is) {
         d = parts[0];
      } else if (size >= 4) {
         aco_temp dw[4];
         for (unsigned k = 0; k < size / 4; k++) {
            unsigned w = off / 4 + k;
            if (!words[w].id)
               words[w] = packed_word(c, parts, t, w);
            dw[k] = words[w];
         }
         d = isel_combine(c, aco_rc_v(size / 4), size / 4, dw);
      } else {
         unsigned rel;
         if (cb < 4 && size <= cb) { /* within one component */
            d = isel_as_vgpr(c, parts[off / cb]);
            rel = off % cb;
         } else {
            unsigned w = off / 4;
            if (!words[w].id)
               words[w] = packed_word(c, parts, t, w);
            d = words[w];
            rel = off % 4;
         }
         if (rel == 2)
            op = piece_store_hi_ops[s->space][size_index(size)];
         else if (rel)
            d = vop(c, aco_op_v_lshrrev_b32, 1, K(8 * rel), T(d), K(0), 2, NULL);
      }
      struct aco_minstr *mi = isel_emit(c, op, site_operand_count(s, true), 0);
      site_operands(s, mi, off, d);
   }
}

/* The instruction offset of an access at constant offset imm: imm when every piece's
 * offset fits the range [lo, hi], else 0 (the address takes it). */
static int64_t
pieces_offset(unsigned bytes, enum mem_space space, uint32_t align, int64_t imm, int32_t lo,
              int32_t hi)
{
   struct piece pc[MAX_PIECES];
   unsigned n = plan_pieces(bytes, space, align, pc);
   return fits(imm, lo, hi) && fits(imm + (int64_t)pc[n - 1].off, lo, hi) ? imm : 0;
}

static const op_t global_atomic32[ACO_ATOMIC_COUNT] = {
   aco_op_global_atomic_add_u32, aco_op_global_atomic_sub_u32, aco_op_global_atomic_min_u32,
   aco_op_global_atomic_max_u32, aco_op_global_atomic_min_i32, aco_op_global_atomic_max_i32,
   aco_op_global_atomic_and_b32, aco_op_global_atomic_or_b32, aco_op_global_atomic_xor_b32,
   aco_op_global_atomic_swap_b32, aco_op_global_atomic_cmpswap_b32};
static const op_t global_atomic64[ACO_ATOMIC_COUNT] = {
   aco_op_global_atomic_add_u64, aco_op_global_atomic_sub_u64, aco_op_global_atomic_min_u64,
   aco_op_global_atomic_max_u64, aco_op_global_atomic_min_i64, aco_op_global_atomic_max_i64,
   aco_op_global_atomic_and_b64, aco_op_global_atomic_or_b64, aco_op_global_atomic_xor_b64,
   aco_op_global_atomic_swap_b64, aco_op_global_atomic_cmpswap_b64};

/* The data operand of an atomic: the value, or [value, comparison] for cmpxchg. */
static aco_temp
atomic_data(struct isel_ctx *c, const struct air_instr *in, unsigned dwords)
{
   aco_temp v = vgpr_data(c, in->srcs[AIR_MEM_VALUE]);
   if (in->u.mem.atomic != ACO_ATOMIC_CMPXCHG)
      return v;
   aco_temp parts[2] = {v, vgpr_data(c, in->srcs[AIR_MEM_CMP])};
   return isel_combine(c, aco_rc_v(2 * dwords), 2, parts);
}

static aco_status
select_global(struct isel_ctx *c, const struct air_instr *in)
{
   const struct aco_gfx_info *g = c->p->gfx;
   int64_t imm = in->u.mem.imm;
   bool atomic = in->op == ACO_OP_ATOMIC_GLOBAL;
   aco_type t = in->op == ACO_OP_LOAD_GLOBAL ? in->type : type_of(c, in->srcs[AIR_MEM_VALUE]);
   int64_t inst_off =
      atomic ? (fits(imm, g->global_offset_min, g->global_offset_max) ? imm : 0)
             : pieces_offset(type_bytes(t), SPACE_GLOBAL, 0, imm, g->global_offset_min,
                             g->global_offset_max);
   aco_value base = in->srcs[AIR_MEM_BASE], off = in->srcs[AIR_MEM_OFFSET];
   /* a uniform base goes in saddr with the 32-bit offset in vaddr (the hardware adds it
    * zero-extended, as the IR does); otherwise a 64-bit VGPR address */
   bool saddr = ISEL_GLOBAL_SADDR && !isel_div(c, base);
   aco_temp addr = saddr ? voffset(c, off, imm - inst_off)
                         : global_address(c, base, off, imm - inst_off);
   aco_temp sbase = saddr ? isel_temp(c, base) : addr;
   unsigned enc = saddr ? ACO_ENC_MEM_SADDR : ACO_ENC_NATIVE;
   struct mem_site site = {SPACE_GLOBAL, addr, sbase, saddr, inst_off, K(0)};
   if (in->op == ACO_OP_LOAD_GLOBAL) {
      set_loaded(c, in->defs[0], load_pieces(c, &site, t, 0));
      return c->p->status;
   }
   if (in->op == ACO_OP_STORE_GLOBAL) {
      store_pieces(c, &site, in->srcs[AIR_MEM_VALUE], t, 0);
      return c->p->status;
   }
   unsigned kind = in->u.mem.atomic;
   if (kind >= ACO_ATOMIC_COUNT)
      return isel_unsupported(c, in, "this atomic");
   op_t op = (t.bits == 64 ? global_atomic64 : global_atomic32)[kind];
   if (!isel_has(c, op))
      return isel_unsupported(c, in, "this global atomic on this target");
   unsigned dw = t.bits == 64 ? 2 : 1;
   aco_temp data = atomic_data(c, in, dw);
   aco_temp d = isel_new(c, aco_rc_v(dw));
   enc |= ACO_ENC_MEM_RTN;
   struct aco_minstr *mi = isel_emit(c, op, saddr ? 3 : 2, 1);
   mi->definitions[0] = aco_def_temp(d);
   mi->operands[0] = T(addr);
   mi->operands[1] = T(data);
   if (saddr)
      mi->operands[2] = T(sbase);
   c->temps[in->defs[0].id] = d; /* atomics are divergent */
   /* return the old value: glc, TH_ATOMIC_RETURN on GFX12 */
   if (c->p->gfx_level >= ACO_GFX1200)
      mi->mem.th = 1;
   else
      mi->mem.glc = true;
   mi->encoding = (uint8_t)enc;
   mi->mem.offset = (int32_t)inst_off;
   return c->p->status;
}

/* The widest scalar load of at most `bytes` (a multiple of 4) this level has. */
static op_t
smem_load_op(struct isel_ctx *c, unsigned bytes, unsigned *size)
{
   static const struct {
      unsigned size;
      op_t op;
   } ops[] = {{64, aco_op_s_load_b512}, {32, aco_op_s_load_b256}, {16, aco_op_s_load_b128},
              {12, aco_op_s_load_b96},  {8, aco_op_s_load_b64},   {4, aco_op_s_load_b32}};
   for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
      if (ops[i].size <= bytes && isel_has(c, ops[i].op)) {
         *size = ops[i].size;
         return ops[i].op;
      }
   return NONE;
}

/* base + (zext(lo) | hi << 32), a 64-bit SGPR address. */
static aco_temp
add64_sgpr(struct isel_ctx *c, aco_temp base, aco_operand lo, uint32_t hi)
{
   aco_temp bp[2];
   isel_split(c, base, 2, bp);
   aco_temp parts[2] = {isel_sop2(c, aco_op_s_add_u32, T(bp[0]), lo),
                        isel_sop2(c, aco_op_s_addc_u32, T(bp[1]), K(hi))};
   return isel_combine(c, aco_rc_s(2), 2, parts);
}

/* An SMEM load of `dwords` dwords at base + soffset + offset (soffset: an SGPR, or K(0) for
 * none). */
static aco_temp
smem_load(struct isel_ctx *c, op_t op, aco_temp base, aco_operand soffset, unsigned dwords,
          int64_t offset)
{
   aco_temp d = isel_new(c, aco_rc_s(dwords));
   bool soff = soffset.kind == ACO_OPND_TEMP;
   struct aco_minstr *ld = isel_emit(c, op, soff ? 2 : 1, 1);
   ld->operands[0] = T(base);
   if (soff) {
      ld->operands[1] = soffset;
      ld->encoding = ACO_ENC_MEM_SOFFSET;
   }
   ld->definitions[0] = aco_def_temp(d);
   ld->mem.offset = (int32_t)offset;
   return d;
}

/* A scalar load through SMEM, which ignores the address's low two bits: the K dwords
 * from the one holding the first byte, in the widest loads the level has (gfx10.3 and
 * gfx11 have no 12-byte one), all of them holding bytes of the value. When the address
 * may not be dword-aligned (its known alignment, `align` or the component size, is less
 * than 4) the value starts at byte s = address & 3 of them and may reach one dword more:
 * that one is loaded through the address of the value's last byte (a dword the value
 * touches, or when it does not, one of the K again), and each dword of the value is the
 * low half of the 64-bit shift right by 8s of two neighbours. Components of 8 and 16 bits
 * are then shifted down from their dword. */
static aco_status
select_uniform_load(struct isel_ctx *c, const struct air_instr *in)
{
   if (isel_div(c, in->srcs[AIR_MEM_BASE]) || isel_div(c, in->srcs[AIR_MEM_OFFSET]))
      return isel_unsupported(c, in, "load_uniform from a divergent address");
   aco_type t = in->type;
   unsigned bytes = type_bytes(t), cb = t.bits / 8, comps = t.comps ? t.comps : 1;
   uint32_t align = in->u.mem.align ? in->u.mem.align : cb;
   unsigned max_s = align >= 4 ? 0 : 4 - align; /* the largest byte offset in a dword */
   unsigned dwords = (bytes + 3) / 4;
   bool extra = max_s + bytes > 4 * dwords;
   const struct aco_gfx_info *g = c->p->gfx;
   int64_t imm = in->u.mem.imm;
   /* SMEM ignores the low two bits of the address: keep the immediate dword-aligned and
    * non-negative so the effective address is the IR's */
   int64_t inst_off = fits(imm, g->smem_offset_min, g->smem_offset_max) && imm >= 0 &&
                      !(imm & 3) ? imm : 0;
   aco_temp base = isel_temp(c, in->srcs[AIR_MEM_BASE]);
   aco_operand off = in->srcs[AIR_MEM_OFFSET].id ? isel_opnd(c, in->srcs[AIR_MEM_OFFSET], 32) : K(0);
   uint64_t rest = (uint64_t)(imm - inst_off);
   if (off.kind == ACO_OPND_CONST) {
      rest += (uint32_t)off.value;
      off = K(0);
   } else if (off.kind == ACO_OPND_TEMP && (rest & 3)) {
      /* an instruction offset stays dword-aligned: the rest joins the register offset */
      off = T(isel_sop2(c, aco_op_s_add_u32, off, K((uint32_t)rest)));
      rest = 0;
   }
   /* a dword-aligned value at a register offset: the SGPR goes in the instruction's
    * soffset field, added to the base by the hardware (zero-extended, as the IR's offset) */
   aco_operand soff = K(0);
   if (off.kind == ACO_OPND_TEMP && !max_s && !extra &&
       fits(inst_off + (int64_t)rest, g->smem_offset_min, g->smem_offset_max) &&
       fits(inst_off + (int64_t)rest + 4 * dwords, g->smem_offset_min, g->smem_offset_max)) {
      soff = off;
      inst_off += (int64_t)rest;
      off = K(0);
      rest = 0;
   }
   if (off.kind == ACO_OPND_TEMP || rest) {
      aco_operand lo_add = off.kind == ACO_OPND_TEMP ? off : K((uint32_t)rest);
      uint32_t hi_add = off.kind == ACO_OPND_TEMP ? 0 : (uint32_t)(rest >> 32);
      base = add64_sgpr(c, base, lo_add, hi_add);
      if (off.kind == ACO_OPND_TEMP && rest) {
         inst_off += (int64_t)rest;
         if (!fits(inst_off, g->smem_offset_min, g->smem_offset_max))
            return isel_unsupported(c, in, "a load_uniform offset this large");
      }
   }
   aco_temp d[33];
   unsigned done = 0;
   while (done < dwords) {
      unsigned size;
      op_t op = smem_load_op(c, 4 * (dwords - done), &size);
      if (op == NONE || !fits(inst_off + 4 * done, g->smem_offset_min, g->smem_offset_max))
         return isel_unsupported(c, in, "a load_uniform of this type");
      aco_temp v = smem_load(c, op, base, soff, size / 4, inst_off + 4 * done);
      isel_split(c, v, size / 4, d + done);
      done += size / 4;
   }
   unsigned nd = dwords;
   if (extra) /* the dword of the last byte */
      d[nd++] = smem_load(c, aco_op_s_load_b32,
                          add64_sgpr(c, base, K((uint32_t)(inst_off + bytes - 1)), 0), K(0), 1,
                          0);
   aco_temp e[32];
   if (max_s) {
      /* the byte offset of the value in its dword, in bits */
      aco_temp bp[2];
      isel_split(c, base, 2, bp);
      aco_temp a = inst_off ? isel_sop2(c, aco_op_s_add_u32, T(bp[0]), K((uint32_t)inst_off)) : bp[0];
      aco_temp sh = isel_sop2(c, aco_op_s_lshl_b32, T(isel_sop2(c, aco_op_s_and_b32, T(a), K(3))), K(3));
      for (unsigned i = 0; i < dwords; i++) {
         if (i + 1 >= nd) {
            e[i] = isel_sop2(c, aco_op_s_lshr_b32, T(d[i]), T(sh));
            continue;
         }
         aco_temp pair[2] = {d[i], d[i + 1]};
         aco_temp w = isel_new(c, aco_rc_s(2)), both = isel_combine(c, aco_rc_s(2), 2, pair);
         struct aco_minstr *shr = isel_emit(c, aco_op_s_lshr_b64, 2, 1);
         shr->operands[0] = T(both);
         shr->operands[1] = T(sh);
         shr->definitions[0] = aco_def_temp(w);
         c->scc_bool.id = 0;
         isel_split(c, w, 2, pair);
         e[i] = pair[0];
      }
   } else {
      memcpy(e, d, dwords * sizeof(e[0]));
   }
   aco_temp v;
   if (cb >= 4) {
      v = isel_combine(c, aco_rc_s(dwords), dwords, e);
   } else {
      aco_temp parts[16];
      for (unsigned j = 0; j < comps; j++) {
         unsigned at = j * cb;
         parts[j] = at % 4 ? isel_sop2(c, aco_op_s_lshr_b32, T(e[at / 4]), K(8 * (at % 4)))
                           : e[at / 4];
      }
      v = isel_combine(c, aco_rc_s(comps), comps, parts);
   }
   if (isel_div(c, in->defs[0]))
      v = isel_as_vgpr(c, v);
   c->temps[in->defs[0].id] = v;
   return c->p->status;
}

static aco_status
select_shared(struct isel_ctx *c, const struct air_instr *in)
{
   c->uses_lds = true;
   int64_t imm = in->u.mem.imm;
   bool store = in->op == ACO_OP_STORE_SHARED;
   bool atomic = in->op == ACO_OP_ATOMIC_SHARED;
   aco_type t = store || atomic ? type_of(c, in->srcs[AIR_MEM_VALUE]) : in->type;
   unsigned bytes = type_bytes(t);
   uint32_t align = in->u.mem.align ? in->u.mem.align : t.bits / 8;
   int64_t inst_off = imm >= 0 && imm + bytes <= 0xffff ? imm : 0;
   aco_temp addr = voffset(c, in->srcs[AIR_MEM_OFFSET], imm - inst_off);
   struct mem_site site = {SPACE_SHARED, addr, addr, false, inst_off, K(0)};
   if (in->op == ACO_OP_LOAD_SHARED) {
      set_loaded(c, in->defs[0], load_pieces(c, &site, t, align));
      return c->p->status;
   }
   if (store) {
      store_pieces(c, &site, in->srcs[AIR_MEM_VALUE], t, align);
      return c->p->status;
   }
   /* atomics with return */
   static const op_t a32[ACO_ATOMIC_COUNT] = {
      aco_op_ds_add_rtn_u32, aco_op_ds_sub_rtn_u32, aco_op_ds_min_rtn_u32, aco_op_ds_max_rtn_u32,
      aco_op_ds_min_rtn_i32, aco_op_ds_max_rtn_i32, aco_op_ds_and_rtn_b32, aco_op_ds_or_rtn_b32,
      aco_op_ds_xor_rtn_b32, aco_op_ds_storexchg_rtn_b32, aco_op_ds_cmpstore_rtn_b32};
   static const op_t a64[ACO_ATOMIC_COUNT] = {
      aco_op_ds_add_rtn_u64, aco_op_ds_sub_rtn_u64, aco_op_ds_min_rtn_u64, aco_op_ds_max_rtn_u64,
      aco_op_ds_min_rtn_i64, aco_op_ds_max_rtn_i64, aco_op_ds_and_rtn_b64, aco_op_ds_or_rtn_b64,
      aco_op_ds_xor_rtn_b64, aco_op_ds_storexchg_rtn_b64, aco_op_ds_cmpstore_rtn_b64};
   unsigned kind = in->u.mem.atomic;
   if (kind >= ACO_ATOMIC_COUNT)
      return isel_unsupported(c, in, "this atomic");
   op_t op = (t.bits == 64 ? a64 : a32)[kind];
   if (!isel_has(c, op))
      return isel_unsupported(c, in, "this shared atomic on this target");
   bool cmp = kind == ACO_ATOMIC_CMPXCHG;
   aco_temp d = isel_new(c, aco_rc_v(t.bits == 64 ? 2 : 1));
   aco_temp data = vgpr_data(c, in->srcs[AIR_MEM_VALUE]);
   aco_temp cmpv = cmp ? vgpr_data(c, in->srcs[AIR_MEM_CMP]) : data;
   struct aco_minstr *at = isel_emit(c, op, cmp ? 3 : 2, 1);
   at->operands[0] = T(addr);
   /* ds_cmpstore: data0 the new value, data1 the comparison */
   at->operands[1] = T(data);
   if (cmp)
      at->operands[2] = T(cmpv);
   at->definitions[0] = aco_def_temp(d);
   at->mem.offset = (int32_t)inst_off;
   c->temps[in->defs[0].id] = d; /* atomics are divergent */
   return c->p->status;
}

static aco_status
select_stack(struct isel_ctx *c, const struct air_instr *in)
{
   const struct aco_gfx_info *g = c->p->gfx;
   uint32_t obj = in->u.mem.object;
   if (obj >= c->f->num_stack_objects)
      return isel_unsupported(c, in, "a stack object that does not exist");
   int64_t imm = (int64_t)c->layout.stack_offsets[obj] + in->u.mem.imm;
   aco_type t = in->op == ACO_OP_LOAD_STACK ? in->type : type_of(c, in->srcs[AIR_MEM_VALUE]);
   int64_t inst_off = pieces_offset(type_bytes(t), SPACE_STACK, 0, imm, g->scratch_offset_min,
                                    g->scratch_offset_max);
   aco_temp addr = voffset(c, in->srcs[AIR_MEM_OFFSET], imm - inst_off);
   if (c->p->stack_pointer.id) /* a called function's frame starts at its stack pointer */
      addr = isel_valu2(c, aco_op_v_add_nc_u32, aco_opnd_temp(c->p->stack_pointer), T(addr));
   struct mem_site site = {SPACE_STACK, addr, addr, false, inst_off, K(0)};
   if (in->op == ACO_OP_LOAD_STACK)
      set_loaded(c, in->defs[0], load_pieces(c, &site, in->type, 0));
   else
      store_pieces(c, &site, in->srcs[AIR_MEM_VALUE], t, 0);
   return c->p->status;
}

/* Dword 3 of a raw buffer descriptor: identity swizzle, 32-bit format, raw range check. */
static uint32_t
buffer_dword3(aco_gfx_level level)
{
   if (level >= ACO_GFX1200)
      return 0x30000fac | 20u << 12 | 0u << 24; /* format 32_FLOAT, OOB raw */
   if (level >= ACO_GFX1100)
      return 0x30000fac | 20u << 12;
   return 0x30000fac | 22u << 12 | 1u << 24; /* GFX10.3: RESOURCE_LEVEL 1 */
}

/* Does an instruction of the region, or of a region nested in it, read value id? */
static bool
region_reads(const struct air_region *r, uint32_t id)
{
   for (const struct air_instr *i = r ? r->first : NULL; i; i = i->next) {
      for (unsigned k = 0; k < i->num_srcs; k++)
         if (i->srcs[k].id == id)
            return true;
      if (region_reads(i->regions[0], id) || region_reads(i->regions[1], id))
         return true;
   }
   return false;
}

static const op_t buffer_atomic32[ACO_ATOMIC_COUNT] = {
   aco_op_buffer_atomic_add_u32, aco_op_buffer_atomic_sub_u32, aco_op_buffer_atomic_min_u32,
   aco_op_buffer_atomic_max_u32, aco_op_buffer_atomic_min_i32, aco_op_buffer_atomic_max_i32,
   aco_op_buffer_atomic_and_b32, aco_op_buffer_atomic_or_b32, aco_op_buffer_atomic_xor_b32,
   aco_op_buffer_atomic_swap_b32, aco_op_buffer_atomic_cmpswap_b32};
static const op_t buffer_atomic64[ACO_ATOMIC_COUNT] = {
   aco_op_buffer_atomic_add_u64, aco_op_buffer_atomic_sub_u64, aco_op_buffer_atomic_min_u64,
   aco_op_buffer_atomic_max_u64, aco_op_buffer_atomic_min_i64, aco_op_buffer_atomic_max_i64,
   aco_op_buffer_atomic_and_b64, aco_op_buffer_atomic_or_b64, aco_op_buffer_atomic_xor_b64,
   aco_op_buffer_atomic_swap_b64, aco_op_buffer_atomic_cmpswap_b64};

/* A buffer atomic: operands vdata, vaddr, rsrc, soffset. When the IR reads the old value
 * it comes back in vdata (glc / TH_ATOMIC_RETURN), so the destination takes the whole
 * data range, in the data's registers (the encoder checks it). The register allocator has
 * no tied operands yet; what gives the destination those registers: the data is a fresh
 * copy that dies here, and the allocator places a definition in a killed operand of its
 * size (the first one: vdata). The copy's definition is fixed (to v0) only so that copy
 * propagation and value numbering, which leave fixed registers alone, cannot merge it
 * with a value that lives on; it costs a move when v0 is taken. */
static void
buffer_atomic(struct isel_ctx *c, const struct air_instr *in, op_t op, aco_temp addr,
              aco_temp rsrc, aco_operand soff, int64_t inst_off)
{
   aco_type t = type_of(c, in->srcs[AIR_MEM_VALUE]);
   unsigned dw = t.bits == 64 ? 2 : 1;
   bool rtn = region_reads(c->f->body, in->defs[0].id);
   aco_temp data = atomic_data(c, in, dw);
   if (rtn) {
      struct aco_minstr *cp = isel_emit(c, aco_op_p_parallelcopy, 1, 1);
      aco_temp fresh = isel_new(c, data.rc);
      cp->operands[0] = T(data);
      cp->definitions[0] = aco_def_fixed(fresh, aco_vgpr(0));
      data = fresh;
   }
   struct aco_minstr *at = isel_emit(c, op, 4, rtn ? 1 : 0);
   at->operands[0] = T(data);
   at->operands[1] = T(addr);
   at->operands[2] = T(rsrc);
   at->operands[3] = soff;
   at->mem.offset = (int32_t)inst_off;
   at->mem.offen = true;
   if (!rtn)
      return;
   at->encoding = ACO_ENC_MEM_RTN;
   if (c->p->gfx_level >= ACO_GFX1200)
      at->mem.th = 1;
   else
      at->mem.glc = true;
   aco_temp d = isel_new(c, data.rc);
   at->definitions[0] = aco_def_temp(d);
   if (in->u.mem.atomic == ACO_ATOMIC_CMPXCHG) {
      aco_temp parts[4];
      isel_split(c, d, 2 * dw, parts);
      d = dw == 1 ? parts[0] : isel_combine(c, aco_rc_v(2), 2, parts);
   }
   c->temps[in->defs[0].id] = d; /* atomics are divergent */
}

static aco_status
select_buffer(struct isel_ctx *c, const struct air_instr *in)
{
   if (isel_div(c, in->srcs[AIR_MEM_BASE]))
      return isel_unsupported(c, in, "a buffer access through a divergent descriptor");
   bool store = in->op == ACO_OP_STORE_BUFFER, atomic = in->op == ACO_OP_ATOMIC_BUFFER;
   aco_type t = store || atomic ? type_of(c, in->srcs[AIR_MEM_VALUE]) : in->type;
   unsigned cb = t.bits / 8;
   op_t op = NONE;
   if (atomic) {
      if (in->u.mem.atomic < ACO_ATOMIC_COUNT && (t.bits == 32 || t.bits == 64) && t.comps <= 1)
         op = (t.bits == 64 ? buffer_atomic64 : buffer_atomic32)[in->u.mem.atomic];
      if (op == NONE || !isel_has(c, op))
         return isel_unsupported(c, in, "this buffer atomic on this target");
   }
   aco_temp desc = isel_temp(c, in->srcs[AIR_MEM_BASE]);
   aco_temp dp[4];
   isel_split(c, desc, 4, dp);
   struct aco_minstr *m = isel_emit(c, aco_op_s_and_b32, 2, 1);
   aco_temp hi = isel_new(c, aco_rc_s(1));
   m->operands[0] = T(dp[1]);
   m->operands[1] = K(0xffff);
   m->definitions[0] = aco_def_temp(hi);
   dp[1] = hi;
   dp[3] = isel_const_temp(c, buffer_dword3(c->p->gfx_level), 1);
   aco_temp rsrc = isel_combine(c, aco_rc_s(4), 4, dp);
   int64_t imm = in->u.mem.imm;
   int64_t inst_off =
      atomic ? (imm >= 0 && (uint64_t)imm <= c->p->gfx->mubuf_offset_max ? imm : 0)
             : pieces_offset(type_bytes(t), SPACE_BUFFER, cb, imm, 0,
                             (int32_t)c->p->gfx->mubuf_offset_max);
   aco_temp addr = voffset(c, in->srcs[AIR_MEM_OFFSET], imm - inst_off);
   /* no soffset: GFX12 takes only registers there (null reads 0) */
   aco_operand soff = c->p->gfx_level >= ACO_GFX1200
                         ? aco_opnd_reg(aco_sgpr(c->p->gfx->reg_null), aco_rc_s(1))
                         : K(0);
   if (atomic) {
      buffer_atomic(c, in, op, addr, rsrc, soff, inst_off);
      return c->p->status;
   }
   struct mem_site site = {SPACE_BUFFER, addr, rsrc, false, inst_off, soff};
   if (store)
      store_pieces(c, &site, in->srcs[AIR_MEM_VALUE], t, cb);
   else
      set_loaded(c, in->defs[0], load_pieces(c, &site, t, cb));
   return c->p->status;
}

/* Waits for every outstanding memory access. */
static void
wait_all(struct isel_ctx *c)
{
   if (c->p->gfx->has_split_waits) {
      static const op_t w[3] = {aco_op_s_wait_loadcnt, aco_op_s_wait_storecnt, aco_op_s_wait_dscnt};
      for (unsigned i = 0; i < 3; i++)
         isel_emit(c, w[i], 0, 0)->imm = 0;
      return;
   }
   struct aco_minstr *w = isel_emit(c, aco_op_s_waitcnt, 0, 0);
   w->imm = aco_waitcnt_encode(c->p->gfx_level, 0, 0, 0);
   struct aco_minstr *vs = isel_emit(c, aco_op_s_waitcnt_vscnt, 0, 1);
   vs->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(c->p->gfx->reg_null));
   vs->imm = 0;
}

static aco_status
select_barrier(struct isel_ctx *c, const struct air_instr *in)
{
   wait_all(c);
   if (in->op == ACO_OP_FENCE)
      return c->p->status;
   unsigned invocations = c->p->config.workgroup_size[0] * c->p->config.workgroup_size[1] *
                          c->p->config.workgroup_size[2];
   /* only a dispatched entry knows its workgroup; other functions run in any */
   bool dispatched = c->p->is_entry && !c->p->is_chain;
   if (dispatched && invocations <= c->p->wave_size)
      return c->p->status; /* one wave: the waits are all a barrier needs */
   if (isel_has(c, aco_op_s_barrier)) {
      isel_emit(c, aco_op_s_barrier, 0, 0);
   } else {
      struct aco_minstr *s = isel_emit(c, aco_op_s_barrier_signal, 1, 0);
      s->operands[0] = aco_opnd_const(0xffffffffu, 32);
      isel_emit(c, aco_op_s_barrier_wait, 0, 0)->imm = 0xffff;
   }
   return c->p->status;
}

aco_status
isel_select_memory(struct isel_ctx *c, const struct air_instr *in)
{
   switch (in->op) {
   case ACO_OP_LOAD_GLOBAL:
   case ACO_OP_STORE_GLOBAL:
   case ACO_OP_ATOMIC_GLOBAL:
      return select_global(c, in);
   case ACO_OP_LOAD_UNIFORM:
      return select_uniform_load(c, in);
   case ACO_OP_LOAD_SHARED:
   case ACO_OP_STORE_SHARED:
   case ACO_OP_ATOMIC_SHARED:
      return select_shared(c, in);
   case ACO_OP_LOAD_STACK:
   case ACO_OP_STORE_STACK:
      return select_stack(c, in);
   case ACO_OP_LOAD_BUFFER:
   case ACO_OP_STORE_BUFFER:
   case ACO_OP_ATOMIC_BUFFER:
      return select_buffer(c, in);
   case ACO_OP_BARRIER:
   case ACO_OP_FENCE:
      return select_barrier(c, in);
   default:
      return isel_unsupported(c, in, aco_op_name(in->op));
   }
}
