/* SPDX-License-Identifier: MIT */
/* Instruction selection of memory operations and barriers.
 *
 * global: 64-bit VGPR addresses (base + zext(offset) computed with a 64-bit add), the
 *         constant part in the instruction's offset when it fits the level's range;
 * load_uniform: s_load (SMEM) from an SGPR-pair base, only on memory the IR marks
 *         readonly/invariant (the validator enforces it);
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

static op_t
sized(unsigned bytes, op_t b8, op_t b16, op_t b32, op_t b64, op_t b96, op_t b128)
{
   switch (bytes) {
   case 1: return b8;
   case 2: return b16;
   case 4: return b32;
   case 8: return b64;
   case 12: return b96;
   case 16: return b128;
   default: return NONE;
   }
}

/* A store's opcode by the size of its value (ops: 8, 16, 32, 64, 96, 128 bits) and the
 * value in VGPRs; NONE after recording ACO_ERROR_UNSUPPORTED (naming `what` for a size
 * without an opcode). */
static op_t
store_value(struct isel_ctx *c, const struct air_instr *in, const op_t ops[6], const char *what,
            aco_temp *data)
{
   aco_type t = type_of(c, in->srcs[AIR_MEM_VALUE]);
   if (t.bits < 32 && t.comps > 1) {
      isel_unsupported(c, in, "a store of a vector of 8- or 16-bit components");
      return NONE;
   }
   op_t op = sized(type_bytes(t), ops[0], ops[1], ops[2], ops[3], ops[4], ops[5]);
   if (op == NONE) {
      isel_unsupported(c, in, what);
      return NONE;
   }
   *data = vgpr_data(c, in->srcs[AIR_MEM_VALUE]);
   return op;
}

static bool
fits(int64_t v, int32_t lo, int32_t hi)
{
   return v >= lo && v <= hi;
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
   int64_t inst_off = fits(imm, g->global_offset_min, g->global_offset_max) ? imm : 0;
   aco_value base = in->srcs[AIR_MEM_BASE], off = in->srcs[AIR_MEM_OFFSET];
   /* a uniform base goes in saddr with the 32-bit offset in vaddr (the hardware adds it
    * zero-extended, as the IR does); otherwise a 64-bit VGPR address */
   bool saddr = ISEL_GLOBAL_SADDR && !isel_div(c, base);
   aco_temp addr = saddr ? voffset(c, off, imm - inst_off)
                         : global_address(c, base, off, imm - inst_off);
   aco_temp sbase = saddr ? isel_temp(c, base) : addr;
   unsigned enc = saddr ? ACO_ENC_MEM_SADDR : ACO_ENC_NATIVE;
   struct aco_minstr *mi;
   if (in->op == ACO_OP_LOAD_GLOBAL) {
      aco_type t = in->type;
      if (t.bits < 32 && t.comps > 1)
         return isel_unsupported(c, in, "a load of a vector of 8- or 16-bit components");
      unsigned bytes = type_bytes(t);
      op_t op = sized(bytes, aco_op_global_load_u8, aco_op_global_load_u16, aco_op_global_load_b32,
                      aco_op_global_load_b64, aco_op_global_load_b96, aco_op_global_load_b128);
      if (op == NONE)
         return isel_unsupported(c, in, "a global load of this size");
      aco_temp d = isel_new(c, aco_rc_v((bytes + 3) / 4));
      mi = isel_emit(c, op, saddr ? 2 : 1, 1);
      mi->operands[0] = T(addr);
      if (saddr)
         mi->operands[1] = T(sbase);
      mi->definitions[0] = aco_def_temp(d);
      set_loaded(c, in->defs[0], d);
   } else if (in->op == ACO_OP_STORE_GLOBAL) {
      static const op_t stores[6] = {aco_op_global_store_b8,  aco_op_global_store_b16,
                                     aco_op_global_store_b32, aco_op_global_store_b64,
                                     aco_op_global_store_b96, aco_op_global_store_b128};
      aco_temp data;
      op_t op = store_value(c, in, stores, "a global store of this size", &data);
      if (op == NONE)
         return c->p->status;
      mi = isel_emit(c, op, saddr ? 3 : 2, 0);
      mi->operands[0] = T(addr);
      mi->operands[1] = T(data);
      if (saddr)
         mi->operands[2] = T(sbase);
   } else {
      aco_type t = type_of(c, in->srcs[AIR_MEM_VALUE]);
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
      mi = isel_emit(c, op, saddr ? 3 : 2, 1);
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
   }
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

/* A scalar load through SMEM: whole dwords in the widest loads the level has (gfx10.3 and
 * gfx11 have no 12-byte one), put together; a single 8- or 16-bit value from the dword
 * holding it (SMEM ignores the address's low two bits, and a naturally aligned value never
 * crosses a dword), shifted down by the address's byte offset. */
static aco_status
select_uniform_load(struct isel_ctx *c, const struct air_instr *in)
{
   if (isel_div(c, in->srcs[AIR_MEM_BASE]) || isel_div(c, in->srcs[AIR_MEM_OFFSET]))
      return isel_unsupported(c, in, "load_uniform from a divergent address");
   unsigned bytes = type_bytes(in->type);
   bool narrow = in->type.comps == 1 && (in->type.bits == 8 || in->type.bits == 16);
   if (!narrow && (in->type.bits < 32 || bytes % 4 || bytes > 64))
      return isel_unsupported(c, in, "a load_uniform of this type");
   const struct aco_gfx_info *g = c->p->gfx;
   int64_t imm = in->u.mem.imm;
   /* SMEM ignores the low two bits of the address: keep the immediate dword-aligned and
    * non-negative so the effective address is the IR's */
   int64_t inst_off = fits(imm, g->smem_offset_min, g->smem_offset_max) && imm >= 0 &&
                      !(imm & 3) ? imm : 0;
   aco_temp base = isel_temp(c, in->srcs[AIR_MEM_BASE]);
   aco_operand off = in->srcs[AIR_MEM_OFFSET].id ? isel_opnd(c, in->srcs[AIR_MEM_OFFSET], 32) : K(0);
   uint64_t extra = (uint64_t)(imm - inst_off);
   if (off.kind == ACO_OPND_CONST) {
      extra += (uint32_t)off.value;
      off = K(0);
   } else if (off.kind == ACO_OPND_TEMP && (extra & 3)) {
      /* an instruction offset stays dword-aligned: the rest joins the register offset */
      off = T(isel_sop2(c, aco_op_s_add_u32, off, K((uint32_t)extra)));
      extra = 0;
   }
   if (off.kind == ACO_OPND_TEMP || extra) {
      aco_temp bp[2];
      isel_split(c, base, 2, bp);
      aco_operand lo_add = off.kind == ACO_OPND_TEMP ? off : K((uint32_t)extra);
      struct aco_minstr *a = isel_emit(c, aco_op_s_add_u32, 2, 1);
      aco_temp lo = isel_new(c, aco_rc_s(1));
      a->operands[0] = T(bp[0]);
      a->operands[1] = lo_add;
      a->definitions[0] = aco_def_temp(lo);
      struct aco_minstr *h = isel_emit(c, aco_op_s_addc_u32, 2, 1);
      aco_temp hi = isel_new(c, aco_rc_s(1));
      h->operands[0] = T(bp[1]);
      h->operands[1] = K(off.kind == ACO_OPND_TEMP ? 0 : (uint32_t)(extra >> 32));
      h->definitions[0] = aco_def_temp(hi);
      aco_temp parts[2] = {lo, hi};
      base = isel_combine(c, aco_rc_s(2), 2, parts);
      if (off.kind == ACO_OPND_TEMP && extra) {
         inst_off += (int64_t)extra;
         if (!fits(inst_off, g->smem_offset_min, g->smem_offset_max))
            return isel_unsupported(c, in, "a load_uniform offset this large");
      }
   }
   aco_temp pieces[16];
   unsigned npieces = 0, done = 0, need = narrow ? 4 : bytes;
   while (done < need) {
      unsigned size;
      op_t op = smem_load_op(c, need - done, &size);
      if (op == NONE || !fits(inst_off + done, g->smem_offset_min, g->smem_offset_max))
         return isel_unsupported(c, in, "a load_uniform of this type");
      aco_temp d = isel_new(c, aco_rc_s(size / 4));
      struct aco_minstr *ld = isel_emit(c, op, 1, 1);
      ld->operands[0] = T(base);
      ld->definitions[0] = aco_def_temp(d);
      ld->mem.offset = (int32_t)(inst_off + done);
      pieces[npieces++] = d;
      done += size;
   }
   aco_temp v = isel_combine(c, aco_rc_s(need / 4), npieces, pieces);
   if (narrow) {
      /* the byte offset of the value in its dword, in bits */
      aco_temp bp[2];
      isel_split(c, base, 2, bp);
      aco_temp a = inst_off ? isel_sop2(c, aco_op_s_add_u32, T(bp[0]), K((uint32_t)inst_off)) : bp[0];
      aco_temp sh = isel_sop2(c, aco_op_s_lshl_b32, T(isel_sop2(c, aco_op_s_and_b32, T(a), K(3))), K(3));
      v = isel_sop2(c, aco_op_s_lshr_b32, T(v), T(sh));
   }
   if (isel_div(c, in->defs[0]))
      v = isel_as_vgpr(c, v);
   c->temps[in->defs[0].id] = v;
   return c->p->status;
}

/* DS accesses need their natural alignment: a wider access than the known alignment is
 * split into the widest aligned pieces (dwords at least, the IR's default alignment of a
 * vector being its component's). */
static unsigned
lds_piece(unsigned bytes, uint32_t align)
{
   if (bytes <= 4)
      return bytes;
   unsigned piece = align >= 16 ? 16 : align >= 8 ? 8 : 4;
   while (bytes % piece)
      piece /= 2;
   return piece == 16 && bytes == 12 ? 4 : piece;
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
   unsigned piece = atomic ? bytes : lds_piece(bytes, align);
   unsigned npieces = bytes / piece;
   int64_t inst_off = imm >= 0 && imm + bytes <= 0xffff ? imm : 0;
   aco_temp addr = voffset(c, in->srcs[AIR_MEM_OFFSET], imm - inst_off);
   if (!atomic && t.bits < 32 && t.comps > 1)
      return isel_unsupported(c, in, "a shared access of a vector of 8- or 16-bit components");
   if (in->op == ACO_OP_LOAD_SHARED) {
      op_t op = sized(piece, aco_op_ds_load_u8, aco_op_ds_load_u16, aco_op_ds_load_b32,
                      aco_op_ds_load_b64, aco_op_ds_load_b96, aco_op_ds_load_b128);
      if (op == NONE || npieces > 16)
         return isel_unsupported(c, in, "a shared load of this size");
      aco_temp parts[16];
      for (unsigned i = 0; i < npieces; i++) {
         parts[i] = isel_new(c, aco_rc_v((piece + 3) / 4));
         struct aco_minstr *ld = isel_emit(c, op, 1, 1);
         ld->operands[0] = T(addr);
         ld->definitions[0] = aco_def_temp(parts[i]);
         ld->mem.offset = (int32_t)(inst_off + i * piece);
      }
      set_loaded(c, in->defs[0], isel_combine(c, aco_rc_v((bytes + 3) / 4), npieces, parts));
      return c->p->status;
   }
   if (store) {
      op_t op = sized(piece, aco_op_ds_store_b8, aco_op_ds_store_b16, aco_op_ds_store_b32,
                      aco_op_ds_store_b64, aco_op_ds_store_b96, aco_op_ds_store_b128);
      if (op == NONE || npieces > 16)
         return isel_unsupported(c, in, "a shared store of this size");
      aco_temp data = vgpr_data(c, in->srcs[AIR_MEM_VALUE]);
      aco_temp parts[16];
      isel_split(c, data, npieces, parts);
      for (unsigned i = 0; i < npieces; i++) {
         struct aco_minstr *st = isel_emit(c, op, 2, 0);
         st->operands[0] = T(addr);
         st->operands[1] = T(parts[i]);
         st->mem.offset = (int32_t)(inst_off + i * piece);
      }
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
   int64_t inst_off = fits(imm, g->scratch_offset_min, g->scratch_offset_max) ? imm : 0;
   aco_temp addr = voffset(c, in->srcs[AIR_MEM_OFFSET], imm - inst_off);
   if (c->p->stack_pointer.id) /* a called function's frame starts at its stack pointer */
      addr = isel_valu2(c, aco_op_v_add_nc_u32, aco_opnd_temp(c->p->stack_pointer), T(addr));
   if (in->op == ACO_OP_LOAD_STACK) {
      aco_type t = in->type;
      if (t.bits < 32 && t.comps > 1)
         return isel_unsupported(c, in, "a load of a vector of 8- or 16-bit components");
      unsigned bytes = type_bytes(t);
      op_t op = sized(bytes, aco_op_scratch_load_u8, aco_op_scratch_load_u16,
                      aco_op_scratch_load_b32, aco_op_scratch_load_b64, aco_op_scratch_load_b96,
                      aco_op_scratch_load_b128);
      if (op == NONE)
         return isel_unsupported(c, in, "a stack load of this size");
      aco_temp d = isel_new(c, aco_rc_v((bytes + 3) / 4));
      struct aco_minstr *ld = isel_emit(c, op, 1, 1);
      ld->operands[0] = T(addr);
      ld->definitions[0] = aco_def_temp(d);
      ld->mem.offset = (int32_t)inst_off;
      set_loaded(c, in->defs[0], d);
      return c->p->status;
   }
   static const op_t stores[6] = {aco_op_scratch_store_b8,  aco_op_scratch_store_b16,
                                  aco_op_scratch_store_b32, aco_op_scratch_store_b64,
                                  aco_op_scratch_store_b96, aco_op_scratch_store_b128};
   aco_temp data;
   op_t op = store_value(c, in, stores, "a stack store of this size", &data);
   if (op == NONE)
      return c->p->status;
   struct aco_minstr *st = isel_emit(c, op, 2, 0);
   st->operands[0] = T(addr);
   st->operands[1] = T(data);
   st->mem.offset = (int32_t)inst_off;
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

/* The MUBUF opcode of a buffer access, or NONE. */
static op_t
buffer_opcode(struct isel_ctx *c, const struct air_instr *in, aco_type t)
{
   unsigned bytes = type_bytes(t);
   if (in->op == ACO_OP_ATOMIC_BUFFER) {
      if (in->u.mem.atomic >= ACO_ATOMIC_COUNT || (t.bits != 32 && t.bits != 64) || t.comps > 1)
         return NONE;
      op_t op = (t.bits == 64 ? buffer_atomic64 : buffer_atomic32)[in->u.mem.atomic];
      return isel_has(c, op) ? op : NONE;
   }
   if (in->op == ACO_OP_STORE_BUFFER)
      return sized(bytes, aco_op_buffer_store_b8, aco_op_buffer_store_b16,
                   aco_op_buffer_store_b32, aco_op_buffer_store_b64, aco_op_buffer_store_b96,
                   aco_op_buffer_store_b128);
   return sized(bytes, aco_op_buffer_load_u8, aco_op_buffer_load_u16, aco_op_buffer_load_b32,
                aco_op_buffer_load_b64, aco_op_buffer_load_b96, aco_op_buffer_load_b128);
}

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
   if (t.bits < 32 && t.comps > 1)
      return isel_unsupported(c, in, "a buffer access of a vector of 8- or 16-bit components");
   unsigned bytes = type_bytes(t);
   op_t op = buffer_opcode(c, in, t);
   if (op == NONE)
      return isel_unsupported(c, in, atomic ? "this buffer atomic on this target"
                                            : "a buffer access of this size");
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
   int64_t inst_off = imm >= 0 && (uint64_t)imm <= c->p->gfx->mubuf_offset_max ? imm : 0;
   aco_temp addr = voffset(c, in->srcs[AIR_MEM_OFFSET], imm - inst_off);
   /* no soffset: GFX12 takes only registers there (null reads 0) */
   aco_operand soff = c->p->gfx_level >= ACO_GFX1200
                         ? aco_opnd_reg(aco_sgpr(c->p->gfx->reg_null), aco_rc_s(1))
                         : K(0);
   if (atomic) {
      buffer_atomic(c, in, op, addr, rsrc, soff, inst_off);
      return c->p->status;
   }
   if (store) {
      /* vdata is the signature's 'd' but an operand: vdata, vaddr, rsrc, soffset */
      aco_temp data = vgpr_data(c, in->srcs[AIR_MEM_VALUE]);
      struct aco_minstr *st = isel_emit(c, op, 4, 0);
      st->operands[0] = T(data);
      st->operands[1] = T(addr);
      st->operands[2] = T(rsrc);
      st->operands[3] = soff;
      st->mem.offset = (int32_t)inst_off;
      st->mem.offen = true;
      return c->p->status;
   }
   aco_temp d = isel_new(c, aco_rc_v((bytes + 3) / 4));
   struct aco_minstr *ld = isel_emit(c, op, 3, 1);
   ld->operands[0] = T(addr);
   ld->operands[1] = T(rsrc);
   ld->operands[2] = soff;
   ld->definitions[0] = aco_def_temp(d);
   ld->mem.offset = (int32_t)inst_off;
   ld->mem.offen = true;
   set_loaded(c, in->defs[0], d);
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
