/* SPDX-License-Identifier: MIT */
/* Cache identity and binaries as blobs (include/aco/aco_cache.h, docs/cache.md).
 *
 * A blob is little-endian throughout: the header (magic "ACOBLOB1", format version, header
 * size, total size, a CRC-32 of the whole blob with its checksum field taken as zero, the
 * compiler identifier), then the binary's fields one after the other, strings and byte
 * arrays as a 32-bit length and the bytes. Reading checks every length against what is
 * left before using it, so a blob cut or altered anywhere is refused, never read past. */
#include "aco/aco.h"

#include "api/binary_ext.h"
#include "api/build_id.h"
#include "api/compile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

const char *
aco_version(void)
{
   return STR(ACO_VERSION_MAJOR) "." STR(ACO_VERSION_MINOR) "." STR(ACO_VERSION_PATCH);
}

/* ---- hashing --------------------------------------------------------------------------- */

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static uint64_t
fnv_bytes(uint64_t h, const void *data, size_t len)
{
   const uint8_t *p = data;
   for (size_t i = 0; i < len; i++)
      h = (h ^ p[i]) * FNV_PRIME;
   return h;
}

static uint64_t
fnv_u32(uint64_t h, uint32_t v)
{
   uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
   return fnv_bytes(h, b, 4);
}

static uint64_t
fnv_str(uint64_t h, const char *s)
{
   s = s ? s : "";
   return fnv_bytes(fnv_u32(h, (uint32_t)strlen(s)), s, strlen(s));
}

/* The build: a hash of the library's sources (ACO_BUILD_ID, src/api/build_id.py), the C
 * compiler that made it and the version. */
static uint64_t
build_hash(void)
{
#ifdef __VERSION__
   uint64_t h = fnv_str(FNV_OFFSET, __VERSION__);
#else
   uint64_t h = FNV_OFFSET;
#endif
   h = fnv_str(h, aco_version());
   h = fnv_u32(h, (uint32_t)ACO_BUILD_ID);
   return fnv_u32(h, (uint32_t)(ACO_BUILD_ID >> 32));
}

/* The ACO_DEBUG options that change code: noopt, nosched and skip=PASS (validation and
 * printing do not). An unparsable ACO_DEBUG fails every compile: it hashes as itself. */
static uint64_t
debug_hash(void)
{
   const char *env = getenv("ACO_DEBUG");
   struct aco_debug_options dbg;
   memset(&dbg, 0, sizeof(dbg));
   char bad[64];
   if (!aco_debug_parse(env, &dbg, bad))
      return fnv_str(FNV_OFFSET ^ 1, env);
   uint64_t h = fnv_u32(FNV_OFFSET, dbg.flags & (ACO_DEBUG_NO_OPT | ACO_DEBUG_NO_SCHED));
   return fnv_str(h, dbg.skip);
}

static void
put_u16(uint8_t *p, uint16_t v)
{
   p[0] = (uint8_t)v;
   p[1] = (uint8_t)(v >> 8);
}

static void
put_u32(uint8_t *p, uint32_t v)
{
   for (unsigned i = 0; i < 4; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

static void
put_u64(uint8_t *p, uint64_t v)
{
   for (unsigned i = 0; i < 8; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

void
aco_compiler_identifier(uint8_t id[ACO_IDENTIFIER_SIZE])
{
   if (!id)
      return;
   memset(id, 0, ACO_IDENTIFIER_SIZE);
   memcpy(id, "aco", 3);
   id[3] = 1; /* the layout of the identifier */
   put_u16(id + 4, ACO_VERSION_MAJOR);
   put_u16(id + 6, ACO_VERSION_MINOR);
   put_u16(id + 8, ACO_VERSION_PATCH);
   put_u64(id + 16, build_hash());
   put_u64(id + 24, debug_hash());
}

uint64_t
aco_compile_options_hash(const aco_compile_options *o)
{
   uint64_t h = fnv_str(FNV_OFFSET, "aco_compile_options");
   h = fnv_u32(h, o ? o->flags : 0);
   h = fnv_u32(h, o ? o->max_sgprs : 0);
   h = fnv_u32(h, o ? o->max_vgprs : 0);
   h = fnv_u32(h, o ? o->min_waves : 0);
   return h ? h : 1;
}

/* ---- CRC-32 (the IEEE polynomial, reflected) ------------------------------------------- */

static uint32_t
crc32_update(uint32_t crc, const uint8_t *p, size_t len)
{
   crc = ~crc;
   for (size_t i = 0; i < len; i++) {
      crc ^= p[i];
      for (unsigned k = 0; k < 8; k++)
         crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
   }
   return ~crc;
}

/* ---- writing ----------------------------------------------------------------------------- */

#define BLOB_MAGIC "ACOBLOB1"
#define BLOB_VERSION 1
#define HEADER_SIZE 64
#define OFF_CHECKSUM 24
#define OFF_IDENTIFIER 32

struct writer {
   uint8_t *buf; /* NULL: only count */
   size_t pos;
};

static void
w_bytes(struct writer *w, const void *p, size_t n)
{
   if (w->buf && n)
      memcpy(w->buf + w->pos, p, n);
   w->pos += n;
}

static void
w_u32(struct writer *w, uint32_t v)
{
   uint8_t b[4];
   put_u32(b, v);
   w_bytes(w, b, 4);
}

static void
w_u64(struct writer *w, uint64_t v)
{
   uint8_t b[8];
   put_u64(b, v);
   w_bytes(w, b, 8);
}

/* A string: its length + 1 (0 for NULL) and its bytes. */
static void
w_str(struct writer *w, const char *s)
{
   if (!s) {
      w_u32(w, 0);
      return;
   }
   size_t n = strlen(s);
   w_u32(w, (uint32_t)n + 1);
   w_bytes(w, s, n);
}

static void
write_binary(struct writer *w, const aco_binary *b)
{
   const struct aco_binary_ext *e = aco_binary_ext(b);
   w_u32(w, (uint32_t)b->target.gfx_level);
   w_u32(w, b->target.wave_size);
   const aco_config *c = &b->config;
   w_u32(w, c->num_sgprs);
   w_u32(w, c->num_vgprs);
   w_u32(w, c->scratch_bytes_per_lane);
   w_u32(w, c->dynamic_stack);
   w_u32(w, c->lds_bytes);
   w_u32(w, c->wave_size);
   w_u32(w, c->rsrc1);
   w_u32(w, c->rsrc2);
   w_u32(w, c->rsrc3);
   const aco_statistics *s = &b->stats;
   const uint32_t stats[] = {s->instructions, s->code_bytes, s->copies, s->branches,
                             s->salu, s->valu, s->smem, s->vmem, s->lds,
                             s->sgpr_spills, s->sgpr_reloads, s->vgpr_spills,
                             s->vgpr_reloads, s->waits, s->nops};
   for (unsigned i = 0; i < sizeof(stats) / sizeof(stats[0]); i++)
      w_u32(w, stats[i]);
   w_u64(w, e ? e->latency : 0);
   w_u64(w, e ? e->inv_throughput : 0);
   w_u32(w, e ? e->waves : 0);
   w_u32(w, b->code_size);
   w_bytes(w, b->code, b->code_size);
   w_u32(w, b->num_symbols);
   for (uint32_t i = 0; i < b->num_symbols; i++) {
      const aco_symbol *y = &b->symbols[i];
      w_str(w, y->name);
      w_u32(w, y->offset);
      w_u32(w, y->size);
      w_u32(w, y->num_sgprs);
      w_u32(w, y->num_vgprs);
      w_u32(w, y->frame_size);
      w_u32(w, y->flags);
      w_u32(w, y->stack_depth);
   }
   w_u32(w, b->num_relocations);
   for (uint32_t i = 0; i < b->num_relocations; i++) {
      const aco_relocation *r = &b->relocations[i];
      w_u32(w, r->offset);
      w_u32(w, r->kind);
      w_str(w, r->symbol);
      w_u64(w, (uint64_t)r->addend);
   }
   w_str(w, b->disassembly);
   w_str(w, e ? e->ir : NULL);
}

aco_status
aco_binary_serialize(const aco_binary *binary, void *blob, size_t *size)
{
   if (!binary || !size || binary->struct_size < sizeof(aco_binary))
      return ACO_ERROR_INVALID_ARGUMENT;
   struct writer count = {NULL, HEADER_SIZE};
   write_binary(&count, binary);
   if (!blob) {
      *size = count.pos;
      return ACO_SUCCESS;
   }
   if (*size < count.pos) {
      *size = count.pos;
      return ACO_ERROR_INVALID_ARGUMENT;
   }
   uint8_t *out = blob;
   memset(out, 0, HEADER_SIZE);
   memcpy(out, BLOB_MAGIC, 8);
   put_u32(out + 8, BLOB_VERSION);
   put_u32(out + 12, HEADER_SIZE);
   put_u64(out + 16, count.pos);
   aco_compiler_identifier(out + OFF_IDENTIFIER);
   struct writer w = {out, HEADER_SIZE};
   write_binary(&w, binary);
   put_u32(out + OFF_CHECKSUM, crc32_update(0, out, w.pos));
   *size = w.pos;
   return ACO_SUCCESS;
}

/* ---- reading ----------------------------------------------------------------------------- */

struct reader {
   const uint8_t *p;
   size_t pos, size;
   bool bad;
};

static const uint8_t *
r_bytes(struct reader *r, size_t n)
{
   if (r->bad || n > r->size - r->pos) {
      r->bad = true;
      return NULL;
   }
   const uint8_t *p = r->p + r->pos;
   r->pos += n;
   return p;
}

static uint32_t
r_u32(struct reader *r)
{
   const uint8_t *p = r_bytes(r, 4);
   return p ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
            : 0;
}

static uint64_t
r_u64(struct reader *r)
{
   uint64_t lo = r_u32(r);
   return lo | (uint64_t)r_u32(r) << 32;
}

/* A string into `arena` (NUL-terminated); NULL for an absent one; a string with a NUL
 * inside is bad. */
static const char *
r_str(struct reader *r, char **arena)
{
   uint32_t n = r_u32(r);
   if (!n)
      return NULL;
   const uint8_t *p = r_bytes(r, n - 1u);
   if (!p || memchr(p, 0, n - 1u)) {
      r->bad = true;
      return NULL;
   }
   char *s = *arena;
   memcpy(s, p, n - 1u);
   s[n - 1u] = 0;
   *arena += n;
   return s;
}

static aco_status
refuse(char *message, size_t size, const char *fmt, ...)
{
   if (message && size) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(message, size, fmt, ap);
      va_end(ap);
   }
   return ACO_ERROR_INVALID_ARGUMENT;
}

aco_status
aco_binary_deserialize(const void *blob, size_t size, const aco_allocator *allocator,
                       aco_binary **binary, char *message, size_t message_size)
{
   if (!binary)
      return refuse(message, message_size, "aco_binary_deserialize: binary is NULL");
   *binary = NULL;
   if (!blob)
      return refuse(message, message_size, "aco_binary_deserialize: blob is NULL");
   const uint8_t *in = blob;
   if (size < HEADER_SIZE || memcmp(in, BLOB_MAGIC, 8))
      return refuse(message, message_size, "not a libaco binary blob (%zu bytes)", size);
   struct reader hr = {in, 8, size, false};
   uint32_t version = r_u32(&hr), header = r_u32(&hr);
   uint64_t total = r_u64(&hr);
   uint32_t checksum = r_u32(&hr);
   if (version != BLOB_VERSION || header != HEADER_SIZE)
      return refuse(message, message_size, "blob format version %u: this libaco reads %u",
                    version, BLOB_VERSION);
   if (total != size)
      return refuse(message, message_size, "blob of %llu bytes given as %zu bytes (truncated?)",
                    (unsigned long long)total, size);
   static const uint8_t zero[4];
   uint32_t crc = crc32_update(0, in, OFF_CHECKSUM);
   crc = crc32_update(crc, zero, 4);
   crc = crc32_update(crc, in + OFF_CHECKSUM + 4, size - OFF_CHECKSUM - 4);
   if (crc != checksum)
      return refuse(message, message_size, "blob checksum mismatch (corrupted)");
   uint8_t id[ACO_IDENTIFIER_SIZE];
   aco_compiler_identifier(id);
   if (memcmp(id, in + OFF_IDENTIFIER, ACO_IDENTIFIER_SIZE))
      return refuse(message, message_size,
                    "blob made by another compiler (version, build or ACO_DEBUG differ)");

   /* The strings go into one scratch buffer no larger than the blob. */
   const aco_allocator *a = aco_allocator_or_default(allocator);
   if (!a->alloc || !a->free)
      return refuse(message, message_size, "aco_binary_deserialize: incomplete allocator");
   char *strings = a->alloc(a->user, size, 16);
   aco_symbol *syms = NULL;
   aco_relocation *relocs = NULL;
   size_t syms_size = 0, relocs_size = 0;
   aco_status s = ACO_SUCCESS;
   if (!strings)
      return ACO_ERROR_OUT_OF_MEMORY;
   char *arena = strings;
   struct reader r = {in, HEADER_SIZE, size, false};
   struct aco_binary_parts parts;
   memset(&parts, 0, sizeof(parts));
   parts.target.gfx_level = (aco_gfx_level)r_u32(&r);
   parts.target.wave_size = r_u32(&r);
   aco_config *c = &parts.config;
   c->num_sgprs = (uint16_t)r_u32(&r);
   c->num_vgprs = (uint16_t)r_u32(&r);
   c->scratch_bytes_per_lane = r_u32(&r);
   c->dynamic_stack = r_u32(&r) != 0;
   c->lds_bytes = r_u32(&r);
   c->wave_size = r_u32(&r);
   c->rsrc1 = r_u32(&r);
   c->rsrc2 = r_u32(&r);
   c->rsrc3 = r_u32(&r);
   aco_statistics *st = &parts.stats;
   uint32_t *stats[] = {&st->instructions, &st->code_bytes, &st->copies, &st->branches,
                        &st->salu, &st->valu, &st->smem, &st->vmem, &st->lds,
                        &st->sgpr_spills, &st->sgpr_reloads, &st->vgpr_spills,
                        &st->vgpr_reloads, &st->waits, &st->nops};
   for (unsigned i = 0; i < sizeof(stats) / sizeof(stats[0]); i++)
      *stats[i] = r_u32(&r);
   parts.latency = r_u64(&r);
   parts.inv_throughput = r_u64(&r);
   parts.waves = r_u32(&r);
   parts.code_size = r_u32(&r);
   parts.code = r_bytes(&r, parts.code_size);
   const char *why = NULL;
   if (!r.bad && (!aco_gfx_level_name(parts.target.gfx_level) ||
                  (parts.target.wave_size != 32 && parts.target.wave_size != 64)))
      why = "an unknown target";
   if (!r.bad && !why && parts.code_size % 4)
      why = "code that is not whole instructions";
   parts.num_symbols = r_u32(&r);
   /* each symbol takes at least 32 bytes of the blob: the count is bounded by it */
   if (!r.bad && !why && parts.num_symbols > (size - r.pos) / 32)
      r.bad = true;
   if (!r.bad && !why && parts.num_symbols) {
      syms_size = sizeof(aco_symbol) * parts.num_symbols;
      syms = a->alloc(a->user, syms_size, 16);
      if (!syms)
         s = ACO_ERROR_OUT_OF_MEMORY;
   }
   for (uint32_t i = 0; syms && i < parts.num_symbols && !r.bad && !why; i++) {
      aco_symbol *y = &syms[i];
      y->name = r_str(&r, &arena);
      y->offset = r_u32(&r);
      y->size = r_u32(&r);
      y->num_sgprs = (uint16_t)r_u32(&r);
      y->num_vgprs = (uint16_t)r_u32(&r);
      y->frame_size = r_u32(&r);
      y->flags = r_u32(&r);
      y->stack_depth = r_u32(&r);
      if (!r.bad && (!y->name || y->offset > parts.code_size ||
                     y->size > parts.code_size - y->offset))
         why = "a symbol outside the code";
   }
   parts.symbols = syms;
   if (s == ACO_SUCCESS) {
      parts.num_relocations = r_u32(&r);
      if (!r.bad && !why && parts.num_relocations > (size - r.pos) / 20)
         r.bad = true;
      if (!r.bad && !why && parts.num_relocations) {
         relocs_size = sizeof(aco_relocation) * parts.num_relocations;
         relocs = a->alloc(a->user, relocs_size, 16);
         if (!relocs)
            s = ACO_ERROR_OUT_OF_MEMORY;
      }
   }
   for (uint32_t i = 0; relocs && i < parts.num_relocations && !r.bad && !why; i++) {
      aco_relocation *x = &relocs[i];
      x->offset = r_u32(&r);
      x->kind = r_u32(&r);
      x->symbol = r_str(&r, &arena);
      x->addend = (int64_t)r_u64(&r);
      if (!r.bad && (!x->symbol || x->offset % 4 || x->offset >= parts.code_size ||
                     (x->kind == ACO_RELOC_ABS64 && parts.code_size - x->offset < 8) ||
                     x->kind < ACO_RELOC_REL32_LO || x->kind > ACO_RELOC_ABS64))
         why = "a relocation outside the code";
   }
   parts.relocations = relocs;
   if (s == ACO_SUCCESS && !why) {
      parts.disassembly = r_str(&r, &arena);
      parts.ir = r_str(&r, &arena);
      if (!r.bad && r.pos != size)
         why = "bytes after the binary";
   }
   if (s == ACO_SUCCESS && (r.bad || why))
      s = refuse(message, message_size, "malformed blob: %s", r.bad ? "truncated field" : why);
   if (s == ACO_SUCCESS) {
      s = aco_binary_pack(&parts, a, binary);
      if (s == ACO_SUCCESS && message && message_size)
         message[0] = 0;
   }
   if (s == ACO_ERROR_OUT_OF_MEMORY && message && message_size)
      snprintf(message, message_size, "aco_binary_deserialize: out of memory");
   if (syms)
      a->free(a->user, syms, syms_size);
   if (relocs)
      a->free(a->user, relocs, relocs_size);
   a->free(a->user, strings, size);
   return s;
}
