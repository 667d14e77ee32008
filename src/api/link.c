/* SPDX-License-Identifier: MIT */
/* aco_link: binaries compiled apart made one (docs/calls.md "Separate compilation").
 *
 * The code of each binary follows the previous one at a 256-byte boundary (a binary ends
 * with its own s_code_end padding). A relocation is the low or high half of
 * S + addend - P for the function S it names and the dword P it fixes (PC-relative, so
 * only the distance between the binaries matters); it is resolved when one of the
 * binaries defines S and kept otherwise. The configuration is recomputed: registers are
 * the most any binary needs, the scratch of an entry is the deepest call path, bounded by
 * each function's stack depth inside its own binary plus the depth of the deepest
 * function any relocation of that binary reaches in the others (a cycle among them,
 * recursion or a call back into a binary, is dynamic). The entry's resource registers get
 * the new VGPR count and scratch enable. */
#include "api/binary.h"
#include "ir/ir.h"

#include "api/binary_ext.h"

#include "target/gfx.h"

#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct link_ctx {
   const aco_binary *const *bins;
   uint32_t count;
   uint32_t *base;        /* per binary: byte offset of its code in the result */
   uint32_t nsym;         /* all symbols */
   const aco_symbol **sym; /* flattened */
   uint32_t *sym_bin;      /* binary of each symbol */
   uint8_t *state;         /* depth walk: 0 new, 1 on the path, 2 done */
   uint32_t *depth;
   bool dynamic;
   char *message;
   size_t message_size;
};

static aco_status
link_error(struct link_ctx *c, aco_status s, const char *fmt, ...)
{
   if (c->message && c->message_size) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(c->message, c->message_size, fmt, ap);
      va_end(ap);
   }
   return s;
}

static int
find_symbol(const struct link_ctx *c, const char *name)
{
   for (uint32_t i = 0; i < c->nsym; i++)
      if (!strcmp(c->sym[i]->name, name))
         return (int)i;
   return -1;
}

/* Deepest call path from symbol i across binaries: its depth inside its binary plus the
 * deepest function any relocation of that binary reaches. The binary does not say which
 * of its functions i reaches on the way (calls inside it are resolved), so every one
 * counts, even those only other functions of it call: an upper bound. */
static uint32_t
depth_of(struct link_ctx *c, uint32_t i)
{
   if (c->state[i] == 1) {
      c->dynamic = true;
      return 0;
   }
   if (c->state[i] == 2)
      return c->depth[i];
   c->state[i] = 1;
   uint32_t b = c->sym_bin[i], deepest = 0;
   const aco_binary *bin = c->bins[b];
   for (uint32_t r = 0; r < bin->num_relocations; r++) {
      const aco_relocation *rel = &bin->relocations[r];
      int j = find_symbol(c, rel->symbol);
      if (j < 0) {
         c->dynamic = true;
         continue;
      }
      uint32_t d = depth_of(c, (uint32_t)j);
      deepest = d > deepest ? d : deepest;
   }
   c->state[i] = 2;
   c->depth[i] = c->sym[i]->stack_depth + deepest;
   return c->depth[i];
}

static size_t
align_up(size_t v, size_t a)
{
   return (v + a - 1) & ~(a - 1);
}

static aco_status
check_inputs(struct link_ctx *c)
{
   if (!c->bins || !c->count)
      return link_error(c, ACO_ERROR_INVALID_ARGUMENT, "aco_link: no binaries");
   for (uint32_t b = 0; b < c->count; b++) {
      const aco_binary *bin = c->bins[b];
      if (!bin || bin->struct_size < sizeof(aco_binary))
         return link_error(c, ACO_ERROR_INVALID_ARGUMENT, "aco_link: binary %u is not one", b);
      if (bin->target.gfx_level != c->bins[0]->target.gfx_level ||
          bin->target.wave_size != c->bins[0]->target.wave_size)
         return link_error(c, ACO_ERROR_INVALID_ARGUMENT,
                           "aco_link: binary %u is for another target than binary 0", b);
      if ((bin->code_size && !bin->code) || (bin->num_symbols && !bin->symbols) ||
          (bin->num_relocations && !bin->relocations))
         return link_error(c, ACO_ERROR_INVALID_ARGUMENT,
                           "aco_link: binary %u: a count without its array", b);
      for (uint32_t r = 0; r < bin->num_relocations; r++) {
         const aco_relocation *rel = &bin->relocations[r];
         if ((rel->kind != ACO_RELOC_REL32_LO && rel->kind != ACO_RELOC_REL32_HI) ||
             rel->offset % 4 || rel->offset + 4 > bin->code_size || !rel->symbol)
            return link_error(c, ACO_ERROR_INVALID_ARGUMENT,
                              "aco_link: binary %u: relocation %u is malformed", b, r);
      }
   }
   return ACO_SUCCESS;
}

/* The entry's resource registers for the linked code: RSRC1's VGPR blocks grow to cover
 * the VGPRs of the other binaries' code (`other_vgprs`) and never shrink, so relinking
 * unchanged code keeps the entry's own value; SCRATCH_EN is set when the linked code
 * needs scratch and never cleared (on GFX10.3 an entry that takes the scratch base reads
 * the wave offset SGPR SCRATCH_EN enables, docs/entry-abi.md "Scratch"). */
static void
update_rsrc(aco_config *cfg, aco_target t, unsigned other_vgprs)
{
   unsigned enc_granule = t.wave_size == 32 ? 8 : 4;
   unsigned blocks = (cfg->rsrc1 & 0x3fu) + 1;
   unsigned need = (other_vgprs + enc_granule - 1) / enc_granule;
   if (need > blocks)
      blocks = need;
   cfg->rsrc1 = (cfg->rsrc1 & ~0x3fu) | ((blocks - 1) & 0x3fu);
   if (cfg->scratch_bytes_per_lane || cfg->dynamic_stack)
      cfg->rsrc2 |= 1u;
}

aco_status
aco_link(const aco_binary *const *binaries, uint32_t count, const aco_allocator *allocator,
         aco_binary **out, char *message, size_t message_size)
{
   struct link_ctx c;
   memset(&c, 0, sizeof(c));
   c.bins = binaries;
   c.count = count;
   c.message = message;
   c.message_size = message_size;
   if (message && message_size)
      message[0] = 0;
   if (!out)
      return link_error(&c, ACO_ERROR_INVALID_ARGUMENT, "aco_link: out is NULL");
   *out = NULL;
   if (!air_allocator_ok(allocator))
      return link_error(&c, ACO_ERROR_INVALID_ARGUMENT,
                        "aco_link: the allocator lacks its alloc or free function");
   aco_status s = check_inputs(&c);
   if (s)
      return s;
   const aco_allocator *a = aco_allocator_or_default(allocator);
   uint32_t nrel = 0;
   size_t code = 0, names = 0, dis = 0;
   for (uint32_t b = 0; b < count; b++) {
      c.nsym += binaries[b]->num_symbols;
      nrel += binaries[b]->num_relocations;
      code = align_up(code, 256) + binaries[b]->code_size;
      if (binaries[b]->disassembly)
         dis += strlen(binaries[b]->disassembly);
   }
   c.base = aco_calloc(a, sizeof(uint32_t) * count);
   c.sym = aco_calloc(a, sizeof(*c.sym) * (c.nsym + 1));
   c.sym_bin = aco_calloc(a, sizeof(uint32_t) * (c.nsym + 1));
   c.state = aco_calloc(a, c.nsym + 1);
   c.depth = aco_calloc(a, sizeof(uint32_t) * (c.nsym + 1));
   bool *resolved = aco_calloc(a, nrel + 1);
   if (!c.base || !c.sym || !c.sym_bin || !c.state || !c.depth || !resolved) {
      s = link_error(&c, ACO_ERROR_OUT_OF_MEMORY, "aco_link: out of memory");
      goto done;
   }
   uint32_t k = 0, total_syms = c.nsym;
   size_t at = 0;
   c.nsym = 0; /* grows as symbols are entered, for find_symbol */
   for (uint32_t b = 0; b < count; b++) {
      at = align_up(at, 256);
      c.base[b] = (uint32_t)at;
      at += binaries[b]->code_size;
      for (uint32_t i = 0; i < binaries[b]->num_symbols; i++) {
         const aco_symbol *sy = &binaries[b]->symbols[i];
         if (find_symbol(&c, sy->name) >= 0) {
            s = link_error(&c, ACO_ERROR_LINK, "aco_link: @%s is defined by two binaries",
                           sy->name);
            goto done;
         }
         c.sym[k] = sy;
         c.sym_bin[k++] = b;
         c.nsym = k;
         names += strlen(sy->name) + 1;
      }
   }
   (void)total_syms;
   uint32_t left = 0;
   for (uint32_t b = 0, r0 = 0; b < count; r0 += binaries[b]->num_relocations, b++)
      for (uint32_t r = 0; r < binaries[b]->num_relocations; r++) {
         resolved[r0 + r] = find_symbol(&c, binaries[b]->relocations[r].symbol) >= 0;
         if (!resolved[r0 + r]) {
            left++;
            names += strlen(binaries[b]->relocations[r].symbol) + 1;
         }
      }

   /* the configuration */
   aco_config cfg = binaries[0]->config;
   aco_statistics st;
   memset(&st, 0, sizeof(st));
   bool have_entry = false;
   uint32_t entry_bin = 0;
   cfg.scratch_bytes_per_lane = 0;
   cfg.dynamic_stack = left != 0;
   for (uint32_t b = 0; b < count; b++) {
      const aco_config *bc = &binaries[b]->config;
      cfg.num_sgprs = bc->num_sgprs > cfg.num_sgprs ? bc->num_sgprs : cfg.num_sgprs;
      cfg.num_vgprs = bc->num_vgprs > cfg.num_vgprs ? bc->num_vgprs : cfg.num_vgprs;
      cfg.lds_bytes = bc->lds_bytes > cfg.lds_bytes ? bc->lds_bytes : cfg.lds_bytes;
      for (uint32_t i = 0; i < binaries[b]->num_symbols; i++)
         cfg.dynamic_stack |= (binaries[b]->symbols[i].flags & ACO_SYMBOL_DYNAMIC_STACK) != 0;
      const aco_statistics *bs = &binaries[b]->stats;
      const uint32_t *src = (const uint32_t *)bs;
      uint32_t *dst = (uint32_t *)&st;
      for (size_t w = 0; w < sizeof(st) / sizeof(uint32_t); w++)
         dst[w] += src[w];
   }
   for (uint32_t i = 0; i < c.nsym; i++) {
      uint32_t d = depth_of(&c, i);
      if (c.sym[i]->flags & ACO_FUNCTION_ENTRY) {
         if (!have_entry) {
            cfg.rsrc1 = binaries[c.sym_bin[i]]->config.rsrc1;
            cfg.rsrc2 = binaries[c.sym_bin[i]]->config.rsrc2;
            cfg.rsrc3 = binaries[c.sym_bin[i]]->config.rsrc3;
            entry_bin = c.sym_bin[i];
            have_entry = true;
         }
         cfg.scratch_bytes_per_lane = d > cfg.scratch_bytes_per_lane ? d : cfg.scratch_bytes_per_lane;
      }
   }
   cfg.dynamic_stack |= c.dynamic;
   if (have_entry) {
      unsigned other_vgprs = 0;
      for (uint32_t b = 0; b < count; b++)
         if (b != entry_bin && binaries[b]->config.num_vgprs > other_vgprs)
            other_vgprs = binaries[b]->config.num_vgprs;
      update_rsrc(&cfg, binaries[0]->target, other_vgprs);
   }

   /* one allocation, as aco_compile makes it */
   /* the private trailer after the struct (api/binary_ext.h) */
   size_t off_syms = align_up(aco_binary_ext_end(), alignof(aco_symbol));
   size_t off_relocs = align_up(off_syms + sizeof(aco_symbol) * c.nsym, alignof(aco_relocation));
   size_t off_names = off_relocs + sizeof(aco_relocation) * left;
   size_t off_code = align_up(off_names + names, 4);
   size_t off_dis = off_code + code;
   size_t total = off_dis + (dis ? dis + 1 : 0);
   char *mem = a->alloc(a->user, total, alignof(aco_binary));
   if (!mem) {
      s = link_error(&c, ACO_ERROR_OUT_OF_MEMORY, "aco_link: out of memory");
      goto done;
   }
   memset(mem, 0, total);
   aco_binary *res = (aco_binary *)mem;
   res->struct_size = sizeof(aco_binary);
   res->target = binaries[0]->target;
   aco_symbol *syms = (aco_symbol *)(mem + off_syms);
   aco_relocation *rels = (aco_relocation *)(mem + off_relocs);
   char *nm = mem + off_names;
   uint8_t *cd = (uint8_t *)(mem + off_code);
   for (uint32_t i = 0; i < c.nsym; i++) {
      syms[i] = *c.sym[i];
      syms[i].offset += c.base[c.sym_bin[i]];
      syms[i].stack_depth = c.depth[i];
      size_t len = strlen(c.sym[i]->name) + 1;
      memcpy(nm, c.sym[i]->name, len);
      syms[i].name = nm;
      nm += len;
   }
   for (uint32_t b = 0; b < count; b++)
      if (binaries[b]->code_size) /* a program without functions has none */
         memcpy(cd + c.base[b], binaries[b]->code, binaries[b]->code_size);
   uint32_t kept = 0;
   for (uint32_t b = 0, r0 = 0; b < count; r0 += binaries[b]->num_relocations, b++) {
      for (uint32_t r = 0; r < binaries[b]->num_relocations; r++) {
         const aco_relocation *rel = &binaries[b]->relocations[r];
         uint32_t p = c.base[b] + rel->offset;
         if (!resolved[r0 + r]) {
            rels[kept] = *rel;
            rels[kept].offset = p;
            size_t len = strlen(rel->symbol) + 1;
            memcpy(nm, rel->symbol, len);
            rels[kept++].symbol = nm;
            nm += len;
            continue;
         }
         const aco_symbol *target = &syms[find_symbol(&c, rel->symbol)];
         int64_t v = (int64_t)target->offset + rel->addend - (int64_t)p;
         uint32_t word = (uint32_t)((uint64_t)v >> (rel->kind == ACO_RELOC_REL32_HI ? 32 : 0));
         memcpy(cd + p, &word, 4);
      }
   }
   if (dis) {
      char *d = mem + off_dis;
      for (uint32_t b = 0; b < count; b++)
         if (binaries[b]->disassembly) {
            size_t len = strlen(binaries[b]->disassembly);
            memcpy(d, binaries[b]->disassembly, len);
            d += len;
         }
      *d = 0;
      res->disassembly = mem + off_dis;
   }
   res->code = cd;
   res->code_size = (uint32_t)code;
   res->num_symbols = c.nsym;
   res->symbols = syms;
   res->num_relocations = left;
   res->relocations = left ? rels : NULL;
   res->config = cfg;
   res->stats = st;
   res->allocator = *a;
   res->allocation_size = total;
   /* the estimates add up like the functions of one compile (docs/statistics.md) */
   uint64_t latency = 0, inv = 0;
   for (uint32_t b = 0; b < count; b++) {
      const struct aco_binary_ext *e = aco_binary_ext(binaries[b]);
      latency += e ? e->latency : 0;
      inv += e ? e->inv_throughput : 0;
   }
   aco_binary_ext_set(res, latency, inv, aco_binary_waves(res->target, cfg.num_vgprs));
   *out = res;
   s = ACO_SUCCESS;
done:
   aco_free(a, c.base);
   aco_free(a, c.sym);
   aco_free(a, c.sym_bin);
   aco_free(a, c.state);
   aco_free(a, c.depth);
   aco_free(a, resolved);
   return s;
}
