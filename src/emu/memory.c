/* SPDX-License-Identifier: MIT */
/* Memory instructions of the emulator: SMEM (s_load_*, s_buffer_load_*), vector memory
 * (FLAT, GLOBAL, SCRATCH, MUBUF with a buffer descriptor, gfx1030 scratch through a
 * swizzled one) and DS (LDS, swizzle, permute).
 * The register fields are read from the instruction words themselves (one layout per
 * GFX level, docs/isa-notes.md); what an opcode does is read from its canonical name
 * (size, sign, d16 half, atomic operation). Every access is bounds-checked against the
 * registered memory, the lane's scratch or the workgroup's LDS; every load's destination
 * stays pending until a wait covers it (emu.c). */
#include "emu/emu_core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static uint32_t
word(struct emu_wave_state *ws, unsigned i)
{
   struct aco_emu *emu = ws->w.emu;
   return *(const uint32_t *)(emu->code + emu_code_offset(emu, ws->w.pc) + 4 * i);
}

static void
mark_written(struct aco_emu *emu, struct emu_mapping *m, uint64_t off, unsigned size)
{
   if (!m->written) {
      m->written = aco_calloc(emu->alloc, (m->size + 7) / 8);
      if (!m->written)
         return; /* the scalar-cache detector loses this store; nothing else does */
   }
   for (unsigned i = 0; i < size; i++)
      m->written[(off + i) / 8] |= (uint8_t)(1u << ((off + i) % 8));
}

static struct emu_mapping *
find_mapping(struct aco_emu *emu, uint64_t addr, unsigned size)
{
   for (uint32_t i = 0; i < emu->num_maps; i++) {
      struct emu_mapping *m = &emu->maps[i];
      if (addr >= m->addr && addr - m->addr <= m->size && m->size - (addr - m->addr) >= size)
         return m;
   }
   return NULL;
}

uint8_t *
emu_global_ptr(struct emu_wave_state *ws, uint64_t addr, unsigned size, bool store)
{
   struct aco_emu *emu = ws->w.emu;
   struct emu_mapping *m = find_mapping(emu, addr, size);
   if (!m) {
      emu_fail(&ws->w, "out of bounds: %u-byte %s at 0x%llx is outside registered memory",
               size, store ? "store" : "load", (unsigned long long)addr);
      return NULL;
   }
   if (store && (m->flags & ACO_EMU_MEM_READONLY)) {
      emu_fail(&ws->w, "out of bounds: store to read-only memory at 0x%llx",
               (unsigned long long)addr);
      return NULL;
   }
   if (store)
      mark_written(emu, m, addr - m->addr, size);
   return m->host + (addr - m->addr);
}

static bool
written_during_run(struct aco_emu *emu, uint64_t addr, unsigned size)
{
   struct emu_mapping *m = find_mapping(emu, addr, size);
   if (!m || !m->written)
      return false;
   for (unsigned i = 0; i < size; i++) {
      uint64_t o = addr - m->addr + i;
      if ((m->written[o / 8] >> (o % 8)) & 1)
         return true;
   }
   return false;
}

static uint32_t
scalar_source(struct emu_wave_state *ws, unsigned field)
{
   uint64_t v;
   if ((field >= 128 && field <= 208) || (field >= 240 && field <= 248)) {
      aco_inline_constant_value(field, 32, &v);
      return (uint32_t)v;
   }
   if (field == ws->w.gfx->reg_null)
      return 0;
   return emu_read_sreg(&ws->w, field);
}

/* ---- SMEM ---- */

bool
emu_smem_execute(struct emu_wave_state *ws, const struct emu_decoded *d)
{
   struct aco_emu *emu = ws->w.emu;
   aco_gfx_level level = ws->w.level;
   uint32_t w0 = word(ws, 0), w1 = word(ws, 1);
   unsigned sdata = (w0 >> 6) & 0x7f, sbase = (w0 & 0x3f) << 1, soffset = w1 >> 25;
   int32_t offset = level >= ACO_GFX1200 ? (int32_t)(w1 << 8) >> 8 : (int32_t)(w1 << 11) >> 11;
   const struct aco_minstr *in = d->in;
   if (in->num_definitions != 1)
      return true; /* s_memtime, s_dcache_inv & co: nothing the programs depend on */
   unsigned dwords = aco_rc_dwords(in->definitions[0].temp.rc);
   /* s_buffer_load_*: the base is a buffer descriptor (four SGPRs, not two) */
   bool buffer = in->num_operands && aco_rc_dwords(in->operands[0].temp.rc) == 4;
   /* GFX12's sub-dword loads (plain and buffer): bytes and sign of the value */
   unsigned sub_bytes = 0;
   bool sub_sign = false;
   if (in->opcode == aco_op_s_buffer_load_i8 || in->opcode == aco_op_s_buffer_load_u8 ||
       in->opcode == aco_op_s_load_i8 || in->opcode == aco_op_s_load_u8)
      sub_bytes = 1, sub_sign = in->opcode == aco_op_s_buffer_load_i8 || in->opcode == aco_op_s_load_i8;
   if (in->opcode == aco_op_s_buffer_load_i16 || in->opcode == aco_op_s_buffer_load_u16 ||
       in->opcode == aco_op_s_load_i16 || in->opcode == aco_op_s_load_u16)
      sub_bytes = 2,
      sub_sign = in->opcode == aco_op_s_buffer_load_i16 || in->opcode == aco_op_s_load_i16;
   uint64_t base = emu_read_sreg(&ws->w, sbase) | (uint64_t)emu_read_sreg(&ws->w, sbase + 1) << 32;
   uint32_t num_records = 0;
   if (buffer) {
      base &= 0xffffffffffffull;
      num_records = emu_read_sreg(&ws->w, sbase + 2);
      emu_read_sreg(&ws->w, sbase + 3);
   }
   uint32_t soff = soffset == ws->w.gfx->reg_null ? 0 : scalar_source(ws, soffset);
   if (ws->w.failed || !emu_check_use(&ws->w, EMU_USE_SMEM))
      return false;
   uint64_t rel = (uint64_t)(int64_t)offset + soff;
   uint32_t vals[16];
   if (sub_bytes) {
      uint32_t v = 0;
      if (!buffer || rel + sub_bytes <= num_records) {
         uint8_t *p = emu_global_ptr(ws, base + rel, sub_bytes, false);
         if (!p)
            return false;
         memcpy(&v, p, sub_bytes);
      }
      if (sub_sign)
         v = sub_bytes == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
      vals[0] = v;
      dwords = 0; /* the loop below reads nothing more */
   }
   for (unsigned i = 0; i < dwords; i++) {
      uint64_t o = ((rel & ~3ull) + 4 * i);
      if (buffer && o + 4 > num_records) {
         vals[i] = 0; /* outside the descriptor's range */
         continue;
      }
      uint64_t addr = (base + o) & ~3ull;
      uint8_t *p = emu_global_ptr(ws, addr, 4, false);
      if (!p)
         return false;
      if (written_during_run(emu, addr, 4))
         return emu_fail(&ws->w, "scalar cache: SMEM reads 0x%llx, written by a vector store "
                         "during the run (scalar loads are not coherent with vector stores)",
                         (unsigned long long)addr);
      memcpy(&vals[i], p, 4);
   }
   dwords = sub_bytes ? 1 : dwords;
   if (!emu_check_load_dst(ws, EMU_CNT_KM, true, false, sdata, dwords))
      return false;
   for (unsigned i = 0; i < dwords; i++)
      emu_raw_write_sgpr(ws, sdata + i, vals[i]);
   emu_issue(ws, EMU_CNT_KM, true, false, false, sdata, dwords);
   return true;
}

/* ---- what a memory opcode does, from its name ---- */

enum mem_kind { MEM_LOAD, MEM_STORE, MEM_ATOMIC };
enum atomic_op {
   AT_SWAP, AT_CMPSWAP, AT_ADD, AT_SUB, AT_RSUB, AT_CSUB, AT_SMIN, AT_UMIN, AT_SMAX, AT_UMAX,
   AT_AND, AT_OR, AT_XOR, AT_INC, AT_DEC, AT_FADD, AT_FMIN, AT_FMAX, AT_MSKOR, AT_NONE,
};

struct mem_desc {
   enum mem_kind kind;
   unsigned bytes;   /* per element */
   unsigned elems;   /* dwords for b96/b128 (bytes = 4) */
   bool sign;
   unsigned d16;     /* 0: whole dword, 1: low half, 2: high half */
   enum atomic_op at;
   bool rtn;         /* DS: returns the old value */
   bool two_addr, stride64;
   bool is_float;
   bool cmp_first;   /* DS cmpst (GFX10.3): data0 is the compare value */
};

static bool
has(const char *n, const char *s)
{
   return strstr(n, s) != NULL;
}

static bool
parse_mem(const char *name, struct mem_desc *m)
{
   memset(m, 0, sizeof(*m));
   m->elems = 1;
   m->at = AT_NONE;
   const char *n = strchr(name, '_');
   if (!n)
      return false;
   n++;
   if (has(n, "format") || has(n, "lds_") || has(n, "addtid") || has(n, "_tr_") ||
       has(n, "block") || has(n, "pk_add") || has(n, "ordered") || has(n, "bvh") ||
       has(n, "append") || has(n, "consume") || has(n, "condxchg") || has(n, "wrap") ||
       has(n, "cond_sub"))
      return false;
   m->two_addr = has(n, "2addr");
   m->stride64 = has(n, "stride64");
   m->rtn = has(n, "rtn");
   if (has(n, "_d16_hi") || has(n, "d16_hi_"))
      m->d16 = 2;
   else if (has(n, "d16"))
      m->d16 = 1;
   if (has(n, "b128"))
      m->bytes = 4, m->elems = 4;
   else if (has(n, "b96"))
      m->bytes = 4, m->elems = 3;
   else if (has(n, "b64") || has(n, "u64") || has(n, "i64") || has(n, "f64") || has(n, "_x2"))
      m->bytes = 8;
   else if (has(n, "b8") || has(n, "u8") || has(n, "i8"))
      m->bytes = 1;
   else if (has(n, "b16") || has(n, "u16") || has(n, "i16") || has(n, "f16"))
      m->bytes = 2;
   else
      m->bytes = 4;
   m->sign = has(n, "_i8") || has(n, "_i16");
   m->is_float = has(n, "_f32") || has(n, "_f64");
   if (strncmp(n, "load", 4) == 0) {
      m->kind = MEM_LOAD;
      return true;
   }
   if (strncmp(n, "store", 5) == 0 && !has(n, "storexchg")) {
      m->kind = MEM_STORE;
      return true;
   }
   m->kind = MEM_ATOMIC;
   if (strncmp(n, "atomic_", 7) == 0)
      n += 7;
   char op_name[64];
   snprintf(op_name, sizeof(op_name), "%s", n);
   char *rtn = strstr(op_name, "rtn_");
   if (rtn)
      memmove(rtn, rtn + 4, strlen(rtn + 4) + 1);
   n = op_name;
   static const struct {
      const char *prefix;
      enum atomic_op op;
   } ops[] = {
      {"storexchg", AT_SWAP}, {"swap", AT_SWAP}, {"cmpswap", AT_CMPSWAP}, {"fcmpswap", AT_CMPSWAP},
      {"cmpstore", AT_CMPSWAP}, {"cmpst", AT_CMPSWAP}, {"add_f", AT_FADD}, {"add", AT_ADD},
      {"sub_clamp", AT_CSUB}, {"csub", AT_CSUB}, {"sub", AT_SUB}, {"rsub", AT_RSUB},
      {"min_f", AT_FMIN}, {"fmin", AT_FMIN}, {"max_f", AT_FMAX}, {"fmax", AT_FMAX},
      {"min_num_f", AT_FMIN}, {"max_num_f", AT_FMAX},
      {"min_i", AT_SMIN}, {"smin", AT_SMIN}, {"min_u", AT_UMIN}, {"umin", AT_UMIN},
      {"max_i", AT_SMAX}, {"smax", AT_SMAX}, {"max_u", AT_UMAX}, {"umax", AT_UMAX},
      {"and", AT_AND}, {"or", AT_OR}, {"xor", AT_XOR}, {"inc", AT_INC}, {"dec", AT_DEC},
      {"mskor", AT_MSKOR},
   };
   for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
      if (strncmp(n, ops[i].prefix, strlen(ops[i].prefix)) == 0) {
         m->at = ops[i].op;
         m->cmp_first = strncmp(n, "cmpst_", 6) == 0;
         if (m->at == AT_CMPSWAP && !has(name, "ds_"))
            m->bytes = has(n, "64") || has(n, "_x2") ? 8 : 4;
         return true;
      }
   }
   return false;
}

static double
as_f64(uint64_t v)
{
   double d;
   memcpy(&d, &v, 8);
   return d;
}

static uint64_t
f64_bits(double d)
{
   uint64_t v;
   memcpy(&v, &d, 8);
   return v;
}

static float
as_f32(uint32_t v)
{
   float f;
   memcpy(&f, &v, 4);
   return f;
}

static uint32_t
f32_bits(float f)
{
   uint32_t v;
   memcpy(&v, &f, 4);
   return v;
}

/* New memory value of an atomic; src is data0 (the source or the new value), cmp data1. */
static uint64_t
atomic_apply(const struct mem_desc *m, uint64_t old, uint64_t src, uint64_t cmp)
{
   bool b64 = m->bytes == 8;
   uint64_t mask = b64 ? ~0ull : 0xffffffffull;
   int64_t so = b64 ? (int64_t)old : (int32_t)old, ss = b64 ? (int64_t)src : (int32_t)src;
   switch (m->at) {
   case AT_SWAP: return src;
   case AT_CMPSWAP: return old == cmp ? src : old;
   case AT_ADD: return (old + src) & mask;
   case AT_SUB: return (old - src) & mask;
   case AT_RSUB: return (src - old) & mask;
   case AT_CSUB: return old >= src ? old - src : 0;
   case AT_SMIN: return so < ss ? old : src;
   case AT_UMIN: return old < src ? old : src;
   case AT_SMAX: return so > ss ? old : src;
   case AT_UMAX: return old > src ? old : src;
   case AT_AND: return old & src;
   case AT_OR: return old | src;
   case AT_XOR: return old ^ src;
   case AT_INC: return old >= src ? 0 : old + 1;
   case AT_DEC: return old == 0 || old > src ? src : old - 1;
   case AT_MSKOR: return (old & ~src) | cmp;
   case AT_FADD:
      return b64 ? f64_bits(as_f64(old) + as_f64(src)) : f32_bits(as_f32((uint32_t)old) + as_f32((uint32_t)src));
   case AT_FMIN:
      return b64 ? f64_bits(fmin(as_f64(old), as_f64(src)))
                 : f32_bits(fminf(as_f32((uint32_t)old), as_f32((uint32_t)src)));
   case AT_FMAX:
      return b64 ? f64_bits(fmax(as_f64(old), as_f64(src)))
                 : f32_bits(fmaxf(as_f32((uint32_t)old), as_f32((uint32_t)src)));
   default: return old;
   }
}

static uint64_t
read_vgprs(struct emu_wave_state *ws, unsigned reg, unsigned lane, unsigned dwords)
{
   uint64_t v = emu_read_vgpr(&ws->w, reg, lane);
   if (dwords == 2)
      v |= (uint64_t)emu_read_vgpr(&ws->w, reg + 1, lane) << 32;
   return v;
}

/* Data of one lane's load (elements of m->bytes) into dst dwords, honouring d16 halves
 * and sign. */
static void
load_to_regs(struct emu_wave_state *ws, const struct mem_desc *m, const uint8_t *src,
             unsigned vdst, unsigned lane)
{
   if (m->bytes >= 4) {
      unsigned dw = m->bytes == 8 ? 2 : m->elems;
      for (unsigned i = 0; i < dw; i++) {
         uint32_t v;
         memcpy(&v, src + 4 * i, 4);
         emu_raw_write_vgpr(ws, vdst + i, lane, v);
      }
      return;
   }
   uint32_t v = 0;
   memcpy(&v, src, m->bytes);
   if (m->sign)
      v = m->bytes == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
   if (m->d16) {
      /* the other half keeps its value and its ABI poison */
      uint32_t old = ws->w.vgpr[vdst * EMU_MAX_LANES + lane];
      v &= 0xffff;
      v = m->d16 == 2 ? (old & 0xffff) | v << 16 : (old & 0xffff0000u) | v;
      emu_raw_write_vgpr_bytes(ws, vdst, lane, v, m->d16 == 2 ? 0xc : 0x3);
      return;
   }
   emu_raw_write_vgpr(ws, vdst, lane, v);
}

static void
store_from_regs(struct emu_wave_state *ws, const struct mem_desc *m, uint8_t *dst,
                unsigned vdata, unsigned lane)
{
   unsigned dw = m->bytes == 8 ? 2 : m->bytes == 4 ? m->elems : 1;
   for (unsigned i = 0; i < dw; i++) {
      /* a byte or short store reads only the bytes it stores */
      unsigned bytes = m->bytes < 4 ? ((1u << m->bytes) - 1) << (m->d16 == 2 ? 2 : 0) : 0xf;
      uint32_t v = emu_read_vgpr_bytes(&ws->w, vdata + i, lane, bytes);
      if (m->bytes < 4) {
         if (m->d16 == 2)
            v >>= 16;
         memcpy(dst, &v, m->bytes);
         return;
      }
      memcpy(dst + 4 * i, &v, 4);
   }
}

/* Garbage a lane stores to its own scratch is no use of it (a spill of a value some lanes
 * never computed): the store reads its data without the ABI check taking it for a use.
 * What comes back from scratch is not garbage (the check does not follow values through
 * memory). */

static unsigned
access_bytes(const struct mem_desc *m)
{
   return m->bytes >= 4 && m->bytes != 8 ? 4 * m->elems : m->bytes;
}

static unsigned
result_dwords(const struct mem_desc *m)
{
   if (m->kind == MEM_ATOMIC)
      return m->bytes == 8 ? 2 : 1;
   return m->bytes == 8 ? 2 : m->bytes == 4 ? m->elems : 1;
}

/* ---- vector memory ---- */

struct vmem_fields {
   unsigned vaddr, vdata, vdst, saddr, soffset, srsrc;
   bool sve, saddr_off, rtn, offen, idxen;
   int32_t offset;
   unsigned seg; /* 0 flat, 1 scratch, 2 global, 3 buffer */
};

static void
vmem_fields(struct emu_wave_state *ws, const struct aco_minstr *in, struct vmem_fields *f)
{
   aco_gfx_level level = ws->w.level;
   uint32_t w0 = word(ws, 0), w1 = word(ws, 1);
   unsigned fmt = aco_op_info(in->opcode)->format;
   memset(f, 0, sizeof(*f));
   f->offset = in->mem.offset;
   unsigned null = ws->w.gfx->reg_null;
   if (fmt == ACO_FMT_MUBUF) {
      f->seg = 3;
      f->offen = in->mem.offen;
      f->idxen = in->mem.idxen;
      if (level >= ACO_GFX1200) {
         uint32_t w2 = word(ws, 2);
         f->soffset = w0 & 0x7f;
         f->vdata = w1 & 0xff;
         f->srsrc = (w1 >> 9) & 0x7f;
         f->vaddr = w2 & 0xff;
         f->offset = (int32_t)(w2 >> 8);
         f->rtn = in->mem.th & 1;
      } else {
         f->vaddr = w1 & 0xff;
         f->vdata = (w1 >> 8) & 0xff;
         f->srsrc = ((w1 >> 16) & 0x1f) << 2;
         f->soffset = w1 >> 24;
         f->offset = (int32_t)(w0 & 0xfff);
         f->rtn = in->mem.glc;
      }
      f->vdst = f->vdata;
      return;
   }
   f->seg = fmt == ACO_FMT_FLAT ? 0 : fmt == ACO_FMT_SCRATCH ? 1 : 2;
   if (level >= ACO_GFX1200) {
      uint32_t w2 = word(ws, 2);
      f->saddr = w0 & 0x7f;
      f->vdata = (w1 >> 23) & 0xff;
      f->vdst = w1 & 0xff;
      f->sve = (w1 >> 17) & 1;
      f->vaddr = w2 & 0xff;
      f->rtn = in->mem.th & 1;
   } else {
      f->vaddr = w1 & 0xff;
      f->vdata = (w1 >> 8) & 0xff;
      f->saddr = (w1 >> 16) & 0x7f;
      f->vdst = w1 >> 24;
      f->sve = level >= ACO_GFX1100 && ((w1 >> 23) & 1);
      f->rtn = in->mem.glc;
   }
   f->saddr_off = f->saddr == null || f->saddr == 0x7f;
   if (f->seg == 1 && level < ACO_GFX1100) {
      /* GFX10.3 scratch: saddr, or vaddr when saddr is off (0x7d); 0x7f: neither */
      f->sve = f->saddr == null;
   }
}

/* The per-lane address of a FLAT/GLOBAL/SCRATCH access (scratch: an offset into the
 * lane's private memory). */
static uint64_t
flat_address(struct emu_wave_state *ws, const struct vmem_fields *f, unsigned lane)
{
   if (f->seg == 1) {
      uint64_t a = (uint64_t)(int64_t)f->offset;
      if (!f->saddr_off)
         a += emu_read_sreg(&ws->w, f->saddr);
      if (f->sve)
         a += emu_read_vgpr(&ws->w, f->vaddr, lane);
      return a & 0xffffffffull;
   }
   if (!f->saddr_off) {
      uint64_t base = emu_read_sreg(&ws->w, f->saddr) | (uint64_t)emu_read_sreg(&ws->w, f->saddr + 1) << 32;
      return base + emu_read_vgpr(&ws->w, f->vaddr, lane) + (int64_t)f->offset;
   }
   return read_vgprs(ws, f->vaddr, lane, 2) + (int64_t)f->offset;
}

static uint8_t *
scratch_ptr(struct emu_wave_state *ws, uint64_t off, unsigned size, unsigned lane)
{
   if (off + size > ws->scratch_per_lane || off + size < off) {
      emu_fail(&ws->w, "out of bounds: scratch access of %u bytes at offset 0x%llx of lane %u "
               "(the launch gives %u bytes per lane)", size, (unsigned long long)off, lane,
               ws->scratch_per_lane);
      return NULL;
   }
   return ws->scratch + (size_t)lane * ws->scratch_per_lane + off;
}

struct buffer_rsrc {
   uint64_t base;
   uint32_t stride, num_records, oob;
   bool add_tid;
   uint32_t lane_base; /* swizzled scratch: soffset as a byte offset into each lane's scratch */
};

/* The base of the wave's scratch (FLAT_SCRATCH as the wave wrote it, 48 bits). */
static uint64_t
wave_scratch_base(const struct emu_wave_state *ws)
{
   return ws->hwreg_flat_scratch[0] | (uint64_t)(ws->hwreg_flat_scratch[1] & 0xffff) << 32;
}

bool
emu_scratch_rsrc_is_wave(const struct emu_wave_state *ws, const uint32_t d[4])
{
   uint64_t base = d[0] | (uint64_t)(d[1] & 0xffff) << 32;
   return ws->w.level == ACO_GFX1030 && ws->flat_scratch_written == 3 &&
          base == wave_scratch_base(ws) && (d[1] >> 31) && ((d[3] >> 23) & 1) &&
          (8u << ((d[3] >> 21) & 3)) == ws->w.wave_size;
}

/* In a hardware-style dispatch the wave's scratch is its slice of the ring: FLAT_SCRATCH
 * must hold the slice's address (the ring's base plus the wave's offset). Code that left
 * the wave offset out would have every wave of the dispatch share one slice. */
static bool
scratch_slice_check(struct emu_wave_state *ws)
{
   if (!ws->scratch_addr)
      return true;
   uint64_t fs = wave_scratch_base(ws);
   if (fs == ws->scratch_addr)
      return true;
   return emu_fail(&ws->w, "scratch slice: FLAT_SCRATCH is 0x%llx but this wave's slice of the "
                   "scratch ring is at 0x%llx (the ring's base 0x%llx plus the wave offset "
                   "0x%x): another wave's scratch",
                   (unsigned long long)fs, (unsigned long long)ws->scratch_addr,
                   (unsigned long long)(ws->scratch_addr - ws->scratch_wave_offset),
                   ws->scratch_wave_offset);
}

/* A swizzled descriptor (ADD_TID_ENABLE) is the wave's scratch seen as one buffer: lane l's
 * bytes o..o+3 of dword o / 4 sit at base + soffset + (o / 4) * 4 * index_stride + 4 * l
 * + o % 4 (index = lane id, below the index stride, so the record stride never counts;
 * elements are 4 bytes). The emulator keeps each lane's scratch apart, so it maps such an
 * access back onto the lane's own bytes. The wave's scratch base is the one address the
 * wave itself gave for it, FLAT_SCRATCH, as gfx1030 code writes it first from the base
 * the launch passes; a descriptor that is not exactly this wave's scratch fails. */
static bool
swizzled_scratch(struct emu_wave_state *ws, const struct vmem_fields *f, uint32_t d1,
                 uint32_t d3, uint32_t soff, struct buffer_rsrc *r)
{
   struct emu_wave *w = &ws->w;
   if (w->level != ACO_GFX1030)
      return emu_fail(w, "unknown instruction: swizzled buffers (ADD_TID_ENABLE) are emulated "
                      "only as gfx1030 scratch");
   if (ws->flat_scratch_written != 3)
      return emu_fail(w, "scratch setup: a swizzled buffer (scratch) access before the wave "
                      "wrote FLAT_SCRATCH (FLAT_SCR_LO and FLAT_SCR_HI), which gives the "
                      "wave's scratch base");
   uint64_t mine = wave_scratch_base(ws);
   unsigned index_stride = 8u << ((d3 >> 21) & 3);
   if (r->base != mine)
      return emu_fail(w, "scratch descriptor: base 0x%llx is not this wave's scratch base 0x%llx "
                      "(FLAT_SCRATCH)", (unsigned long long)r->base, (unsigned long long)mine);
   if (!(d1 >> 31))
      return emu_fail(w, "scratch descriptor: ADD_TID_ENABLE without SWIZZLE_ENABLE "
                      "(dword 1 bit 31) does not address per-lane scratch");
   if (index_stride != w->wave_size)
      return emu_fail(w, "scratch descriptor: index stride %u is not the wave size %u",
                      index_stride, w->wave_size);
   if (f->idxen)
      return emu_fail(w, "scratch descriptor: an index (idxen) into swizzled scratch is not "
                      "emulated");
   if (soff % (4 * index_stride))
      return emu_fail(w, "scratch descriptor: soffset 0x%x is not a multiple of 4 x %u bytes "
                      "(it would move lanes onto each other's scratch)", soff, index_stride);
   r->lane_base = soff / index_stride;
   return true;
}

bool
emu_vmem_execute(struct emu_wave_state *ws, const struct emu_decoded *d)
{
   const struct aco_minstr *in = d->in;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   struct mem_desc m;
   if (!in->num_operands && !in->num_definitions)
      return true; /* buffer_gl0_inv, global_inv, ...: the emulated memory has no caches */
   if (!parse_mem(info->name, &m))
      return emu_fail(&ws->w, "unknown instruction: %s is not emulated", info->name);
   struct vmem_fields f;
   vmem_fields(ws, in, &f);
   struct buffer_rsrc r = {0};
   uint32_t soff = 0;
   if (f.seg == 3) {
      uint32_t d0 = emu_read_sreg(&ws->w, f.srsrc), d1 = emu_read_sreg(&ws->w, f.srsrc + 1);
      r.num_records = emu_read_sreg(&ws->w, f.srsrc + 2);
      uint32_t d3 = emu_read_sreg(&ws->w, f.srsrc + 3);
      r.base = d0 | (uint64_t)(d1 & 0xffff) << 32;
      r.stride = (d1 >> 16) & 0x3fff;
      r.oob = (d3 >> 28) & 3;
      r.add_tid = (d3 >> 23) & 1;
      soff = scalar_source(ws, f.soffset);
      if (!emu_check_use(&ws->w, EMU_USE_VMEM))
         return false;
      if (r.add_tid && !swizzled_scratch(ws, &f, d1, d3, soff, &r))
         return false;
   }
   if (ws->w.failed)
      return false;
   if (f.seg == 1 && ws->w.level < ACO_GFX1100 && ws->flat_scratch_written != 3)
      return emu_fail(&ws->w, "scratch setup: a scratch access before the wave wrote "
                      "FLAT_SCRATCH (s_setreg_b32 of FLAT_SCR_LO and FLAT_SCR_HI), which "
                      "gfx1030 needs");
   if ((f.seg == 1 || r.add_tid) && !scratch_slice_check(ws))
      return false;
   bool store_like = m.kind != MEM_LOAD;
   unsigned size = access_bytes(&m);
   unsigned rdw = result_dwords(&m);
   bool returns = m.kind == MEM_LOAD || (m.kind == MEM_ATOMIC && f.rtn);
   unsigned data_dw = m.kind == MEM_ATOMIC && m.at == AT_CMPSWAP ? 2 * rdw : rdw;
   (void)data_dw;
   if (returns && !emu_check_load_dst(ws, EMU_CNT_LOAD, false, true, f.vdst, rdw))
      return false;
   uint64_t exec = emu_exec(&ws->w);
   for (unsigned lane = 0; lane < ws->w.wave_size; lane++) {
      if (!((exec >> lane) & 1))
         continue;
      uint8_t *p = NULL;
      uint8_t zero[16] = {0};
      bool in_range = true;
      if (f.seg == 3) {
         uint32_t vindex = 0, voffset = 0;
         if (f.idxen)
            vindex = emu_read_vgpr(&ws->w, f.vaddr, lane);
         if (f.offen)
            voffset = emu_read_vgpr(&ws->w, f.vaddr + f.idxen, lane);
         if (!emu_check_use(&ws->w, EMU_USE_VMEM))
            return false;
         uint64_t off = (uint64_t)voffset + (uint32_t)f.offset;
         if (r.oob == 2)
            in_range = r.num_records != 0;
         else if (f.idxen && r.stride)
            in_range = vindex < r.num_records && (r.oob != 0 || off + size <= r.stride);
         else
            in_range = off + size <= r.num_records;
         uint64_t addr = r.base + soff + (uint64_t)vindex * r.stride + off;
         bool raw = r.oob != 2 && !(f.idxen && r.stride) && !r.add_tid;
         if (raw && size > 4 && m.kind != MEM_ATOMIC) {
            /* dword x2/x3/x4 loads and stores are range-checked per dword */
            uint8_t *dst = zero;
            for (unsigned k = 0; k < size / 4; k++) {
               if (off + 4 * k + 4 > r.num_records)
                  continue;
               uint8_t *q = emu_global_ptr(ws, addr + 4 * k, 4, store_like);
               if (!q)
                  return false;
               if (m.kind == MEM_LOAD) {
                  memcpy(dst + 4 * k, q, 4);
               } else {
                  uint32_t v = emu_read_vgpr(&ws->w, f.vdata + k, lane);
                  memcpy(q, &v, 4);
               }
            }
            in_range = false;
         }
         if (in_range && r.add_tid)
            p = scratch_ptr(ws, r.lane_base + off, size, lane);
         else if (in_range)
            p = emu_global_ptr(ws, addr, size, store_like);
         else
            p = store_like ? NULL : zero; /* the hardware drops stores, loads give 0 */
         if (in_range && !p)
            return false;
      } else {
         uint64_t addr = flat_address(ws, &f, lane);
         if (ws->w.failed || !emu_check_use(&ws->w, EMU_USE_VMEM))
            return false;
         p = f.seg == 1 ? scratch_ptr(ws, addr, size, lane) : emu_global_ptr(ws, addr, size, store_like);
         if (!p)
            return false;
      }
      bool private = p && ws->scratch && p >= ws->scratch &&
                     p < ws->scratch + (size_t)ws->scratch_per_lane * ws->w.wave_size;
      if (m.kind == MEM_LOAD) {
         load_to_regs(ws, &m, p, f.vdst, lane);
      } else if (m.kind == MEM_STORE && private && ws->vgpr_poison) {
         /* the data's poison goes to scratch with it; reading it is no use */
         bool taint = ws->taint;
         unsigned taint_field = ws->taint_field, taint_lane = ws->taint_lane;
         store_from_regs(ws, &m, p, f.vdata, lane);
         ws->taint = taint;
         ws->taint_field = taint_field;
         ws->taint_lane = taint_lane;
      } else if (m.kind == MEM_STORE) {
         if (p)
            store_from_regs(ws, &m, p, f.vdata, lane);
         else
            store_from_regs(ws, &m, zero, f.vdata, lane);
      } else {
         uint64_t src = read_vgprs(ws, f.vdata, lane, rdw);
         uint64_t cmp = m.at == AT_CMPSWAP ? read_vgprs(ws, f.vdata + rdw, lane, rdw) : 0;
         uint64_t old = 0;
         if (p) {
            memcpy(&old, p, m.bytes == 8 ? 8 : 4);
            uint64_t nv = atomic_apply(&m, old, src, cmp);
            memcpy(p, &nv, m.bytes == 8 ? 8 : 4);
         }
         if (ws->w.failed)
            return false;
         if (f.rtn) {
            emu_raw_write_vgpr(ws, f.vdst, lane, (uint32_t)old);
            if (rdw == 2)
               emu_raw_write_vgpr(ws, f.vdst + 1, lane, (uint32_t)(old >> 32));
         }
      }
      if (ws->w.failed)
         return false;
   }
   bool level12 = ws->w.level >= ACO_GFX1200;
   (void)level12;
   bool visible = f.seg != 1 && !r.add_tid; /* scratch is private to the lane */
   if (returns)
      emu_issue(ws, EMU_CNT_LOAD, false, m.kind == MEM_ATOMIC && visible, true, f.vdst, rdw);
   else
      emu_issue(ws, EMU_CNT_STORE, false, visible, true, 0, 0);
   return true;
}

/* ---- DS ---- */

static uint8_t *
lds_ptr(struct emu_wave_state *ws, uint32_t addr, unsigned size)
{
   const struct emu_group *g = ws->group;
   if ((uint64_t)addr + size > g->lds_size) {
      emu_fail(&ws->w, "out of bounds: LDS access of %u bytes at 0x%x (the launch gives %u "
               "bytes of LDS)", size, addr, g->lds_size);
      return NULL;
   }
   return g->lds + addr;
}

static enum emu_counter
ds_counter(const struct emu_wave_state *ws)
{
   return ws->w.level >= ACO_GFX1200 ? EMU_CNT_DS : EMU_CNT_KM;
}

static bool
ds_lane_ops(struct emu_wave_state *ws, const struct aco_minstr *in, bool *wrote_lds,
            unsigned *dst_dwords)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   struct mem_desc m;
   uint32_t w0 = word(ws, 0), w1 = word(ws, 1);
   unsigned addr_reg = w1 & 0xff, d0 = (w1 >> 8) & 0xff, d1 = (w1 >> 16) & 0xff, vdst = w1 >> 24;
   uint32_t offset = w0 & 0xffff, off0 = w0 & 0xff, off1 = (w0 >> 8) & 0xff;
   uint64_t exec = emu_exec(&ws->w);
   unsigned wave = ws->w.wave_size;
   if (in->opcode == aco_op_ds_nop) {
      *dst_dwords = 0;
      return true;
   }
   if (in->opcode == aco_op_ds_swizzle_b32 || in->opcode == aco_op_ds_permute_b32 ||
       in->opcode == aco_op_ds_bpermute_b32) {
      /* lane shuffles: the data goes along with its ABI poison (no memory changes), the
       * lane index is an address */
      uint32_t src[EMU_MAX_LANES] = {0}, res[EMU_MAX_LANES] = {0}, idx[EMU_MAX_LANES] = {0};
      uint8_t src_pz[EMU_MAX_LANES] = {0}, res_pz[EMU_MAX_LANES] = {0};
      bool swz = in->opcode == aco_op_ds_swizzle_b32;
      unsigned data = swz ? addr_reg : d0;
      for (unsigned l = 0; l < wave; l++) {
         if ((exec >> l) & 1) {
            src[l] = emu_read_vgpr_bytes(&ws->w, data, l, 0);
            src_pz[l] = (uint8_t)emu_vgpr_poison(&ws->w, data, l);
            if (!swz)
               idx[l] = ((emu_read_vgpr(&ws->w, addr_reg, l) + offset) >> 2) & 31;
         }
      }
      if (ws->w.failed || !emu_check_load_dst(ws, ds_counter(ws), false, true, vdst, 1))
         return false;
      for (unsigned l = 0; l < wave; l++) {
         if (!((exec >> l) & 1))
            continue;
         unsigned half = l & ~31u; /* permutes stay within 32 lanes */
         if (swz) {
            unsigned s;
            if (offset & 0x8000) {
               s = (l & ~3u) | ((offset >> ((l & 3) * 2)) & 3);
            } else {
               unsigned and_m = offset & 31, or_m = (offset >> 5) & 31, xor_m = (offset >> 10) & 31;
               s = half | ((((l & 31) & and_m) | or_m) ^ xor_m);
            }
            res[l] = (exec >> s) & 1 ? src[s] : 0;
            res_pz[l] = (exec >> s) & 1 ? src_pz[s] : 0;
         } else if (in->opcode == aco_op_ds_bpermute_b32) {
            unsigned s = half | idx[l];
            res[l] = (exec >> s) & 1 ? src[s] : 0;
            res_pz[l] = (exec >> s) & 1 ? src_pz[s] : 0;
         }
      }
      if (in->opcode == aco_op_ds_permute_b32) {
         for (unsigned l = 0; l < wave; l++) {
            if ((exec >> l) & 1) {
               res[(l & ~31u) | idx[l]] = src[l];
               res_pz[(l & ~31u) | idx[l]] = src_pz[l];
            }
         }
      }
      for (unsigned l = 0; l < wave; l++) {
         if ((exec >> l) & 1) {
            emu_raw_write_vgpr(ws, vdst, l, res[l]);
            if (res_pz[l])
               emu_abi_write_vgpr(ws, vdst, l, 0xf, res_pz[l]);
         }
      }
      *dst_dwords = 1;
      *wrote_lds = false;
      return !ws->w.failed;
   }
   if (!parse_mem(info->name, &m))
      return emu_fail(&ws->w, "unknown instruction: %s is not emulated", info->name);
   unsigned esize = m.bytes == 8 ? 8 : m.bytes;
   unsigned size = access_bytes(&m);
   *wrote_lds = m.kind != MEM_LOAD;
   *dst_dwords = m.kind == MEM_LOAD ? result_dwords(&m) * (m.two_addr ? 2 : 1)
                 : m.rtn ? (m.bytes == 8 ? 2 : 1) * (m.two_addr ? 2 : 1) : 0;
   if (*dst_dwords && !emu_check_load_dst(ws, ds_counter(ws), false, true, vdst, *dst_dwords))
      return false;
   for (unsigned l = 0; l < wave; l++) {
      if (!((exec >> l) & 1))
         continue;
      uint32_t a = emu_read_vgpr(&ws->w, addr_reg, l);
      if (ws->w.failed || !emu_check_use(&ws->w, EMU_USE_DS))
         return false;
      unsigned n = m.two_addr ? 2 : 1;
      for (unsigned k = 0; k < n; k++) {
         uint32_t addr = m.two_addr ? a + (k ? off1 : off0) * esize * (m.stride64 ? 64 : 1)
                                    : a + offset;
         uint8_t *p = lds_ptr(ws, addr, size);
         if (!p)
            return false;
         unsigned rdw = m.bytes == 8 ? 2 : 1;
         if (m.kind == MEM_LOAD) {
            load_to_regs(ws, &m, p, vdst + k * result_dwords(&m), l);
         } else if (m.kind == MEM_STORE) {
            store_from_regs(ws, &m, p, k ? d1 : d0, l);
         } else {
            uint64_t x = read_vgprs(ws, m.two_addr && k ? d1 : d0, l, rdw);
            uint64_t y = m.at == AT_CMPSWAP || m.at == AT_MSKOR ? read_vgprs(ws, d1, l, rdw) : 0;
            if (m.cmp_first) {
               uint64_t t = x;
               x = y;
               y = t;
            }
            uint64_t old = 0;
            memcpy(&old, p, rdw * 4);
            uint64_t nv = atomic_apply(&m, old, x, y);
            if (ws->w.failed)
               return false;
            memcpy(p, &nv, rdw * 4);
            if (m.rtn) {
               emu_raw_write_vgpr(ws, vdst + k * rdw, l, (uint32_t)old);
               if (rdw == 2)
                  emu_raw_write_vgpr(ws, vdst + k * rdw + 1, l, (uint32_t)(old >> 32));
            }
         }
         if (ws->w.failed)
            return false;
      }
   }
   return true;
}

bool
emu_ds_execute(struct emu_wave_state *ws, const struct emu_decoded *d)
{
   bool wrote = false;
   unsigned dst_dwords = 0;
   if (!ds_lane_ops(ws, d->in, &wrote, &dst_dwords))
      return false;
   emu_issue(ws, ds_counter(ws), false, wrote, true, word(ws, 1) >> 24, dst_dwords);
   return true;
}
