/* SPDX-License-Identifier: MIT */
/* aco_binary_build: every function's code one after the other, a symbol per function,
 * the configuration (granule-rounded register counts, scratch, LDS, resource registers
 * of the entry from docs/entry-abi.md), statistics and the optional disassembly, all in
 * one allocation from the caller's allocator. */
#include "api/binary.h"

#include "emit/assemble.h"
#include "ir/ir.h"
#include "isel/entry_abi.h"

#include <stdalign.h>
#include <string.h>

static uint32_t
round_up(uint32_t v, uint32_t g)
{
   return g ? (v + g - 1) / g * g : v;
}

static size_t
align_up(size_t v, size_t a)
{
   return (v + a - 1) & ~(a - 1);
}

aco_status
aco_binary_build(aco_program *prog, struct aco_mprogram **progs,
                 const aco_compile_options *options, const aco_allocator *allocator,
                 aco_binary **out)
{
   const aco_allocator *a = aco_allocator_or_default(allocator);
   bool want_disasm = options && (options->flags & ACO_COMPILE_DISASSEMBLY);
   struct aco_strbuf dis;
   aco_strbuf_init(&dis, &prog->allocator);
   struct aco_assembly as;
   memset(&as, 0, sizeof(as));
   as.disasm = want_disasm ? &dis : NULL;
   uint32_t n = prog->num_functions, nsym = 0;
   aco_symbol *syms = aco_calloc(&prog->allocator, sizeof(aco_symbol) * (n ? n : 1));
   struct aco_mprogram *last = NULL;
   aco_status s = syms ? ACO_SUCCESS : ACO_ERROR_OUT_OF_MEMORY;
   size_t names = 0;
   aco_config cfg;
   memset(&cfg, 0, sizeof(cfg));
   cfg.wave_size = prog->target.wave_size;
   const struct aco_function *entry = NULL;
   struct aco_mprogram *entry_p = NULL;
   for (uint32_t i = 0; i < n && s == ACO_SUCCESS; i++) {
      struct aco_mprogram *p = progs[i];
      const struct aco_function *f = prog->functions[i];
      if (!p)
         continue;
      if (want_disasm)
         aco_strbuf_printf(&dis, "%s:\n", f->name);
      uint32_t start = as.words.len;
      s = aco_assemble(p, &as);
      if (s != ACO_SUCCESS) {
         s = air_error(prog, s, "aco_compile: @%s: %s", f->name, p->message);
         break;
      }
      aco_symbol *sym = &syms[nsym++];
      sym->name = f->name;
      sym->offset = start * 4;
      sym->size = (as.words.len - start) * 4;
      sym->num_sgprs = p->config.num_sgprs;
      sym->num_vgprs = p->config.num_vgprs;
      sym->frame_size = p->config.scratch_bytes;
      sym->flags = f->flags;
      names += strlen(f->name) + 1;
      if (p->config.num_sgprs > cfg.num_sgprs)
         cfg.num_sgprs = p->config.num_sgprs;
      if (p->config.num_vgprs > cfg.num_vgprs)
         cfg.num_vgprs = p->config.num_vgprs;
      if (p->config.scratch_bytes > cfg.scratch_bytes_per_lane)
         cfg.scratch_bytes_per_lane = p->config.scratch_bytes;
      if (p->config.lds_bytes > cfg.lds_bytes)
         cfg.lds_bytes = p->config.lds_bytes;
      if ((f->flags & ACO_FUNCTION_ENTRY) && !entry) {
         entry = f;
         entry_p = p;
      }
      as.stats.sgpr_spills += p->sgpr_spills;
      as.stats.sgpr_reloads += p->sgpr_reloads;
      as.stats.vgpr_spills += p->vgpr_spills;
      as.stats.vgpr_reloads += p->vgpr_reloads;
      last = p;
   }
   if (s == ACO_SUCCESS && last)
      s = aco_assemble_pad(last, &as);
   if (s == ACO_SUCCESS && (dis.failed || (last && last->status)))
      s = ACO_ERROR_OUT_OF_MEMORY;

   if (s == ACO_SUCCESS) {
      const struct aco_gfx_info *g = aco_gfx_info(prog->target.gfx_level);
      struct aco_arena arena;
      aco_arena_init(&arena, &prog->allocator);
      uint32_t raw_vgprs = cfg.num_vgprs;
      if (entry) {
         struct aco_entry_layout l;
         s = aco_entry_layout_compute_scratch(entry, &arena, cfg.scratch_bytes_per_lane > 0, &l);
         if (s == ACO_SUCCESS) {
            /* the inputs the hardware writes count even when the code never reads them */
            unsigned inputs = l.num_user_sgprs;
            for (unsigned k = 0; k < 3; k++)
               if (l.workgroup_id_sgpr[k] >= 0)
                  inputs = (unsigned)l.workgroup_id_sgpr[k] + 1;
            if (inputs > cfg.num_sgprs)
               cfg.num_sgprs = (uint16_t)inputs;
            unsigned vin = l.local_id_packed ? 1 : (l.local_id_count ? l.local_id_count : 1);
            if (vin > raw_vgprs)
               raw_vgprs = vin;
            uint32_t rsrc[3];
            aco_entry_rsrc(&l, prog->target, raw_vgprs, cfg.scratch_bytes_per_lane,
                           cfg.lds_bytes, entry->float_mode, rsrc);
            cfg.rsrc1 = rsrc[0];
            cfg.rsrc2 = rsrc[1];
            cfg.rsrc3 = rsrc[2];
         }
         (void)entry_p;
      }
      aco_arena_finish(&arena);
      cfg.num_sgprs = (uint16_t)round_up(cfg.num_sgprs ? cfg.num_sgprs : 1, g->sgpr_granule);
      cfg.num_vgprs = (uint16_t)round_up(raw_vgprs ? raw_vgprs : 1,
                                         g->vgpr_granule[prog->target.wave_size == 64]);
      /* a granule that does not divide the file (24 on GFX11+) ends at the file's end */
      if (cfg.num_vgprs > ACO_VGPR_COUNT)
         cfg.num_vgprs = ACO_VGPR_COUNT;
   }

   if (s == ACO_SUCCESS) {
      size_t off_syms = align_up(sizeof(aco_binary), alignof(aco_symbol));
      size_t off_names = off_syms + sizeof(aco_symbol) * nsym;
      size_t off_code = align_up(off_names + names, 4);
      size_t off_dis = off_code + as.words.len * 4u;
      size_t total = off_dis + (want_disasm ? dis.len + 1 : 0);
      char *mem = a->alloc(a->user, total, alignof(aco_binary));
      if (!mem) {
         s = air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
      } else {
         memset(mem, 0, total);
         aco_binary *b = (aco_binary *)mem;
         b->struct_size = sizeof(aco_binary);
         b->target = prog->target;
         aco_symbol *bs = (aco_symbol *)(mem + off_syms);
         char *nm = mem + off_names;
         for (uint32_t i = 0; i < nsym; i++) {
            bs[i] = syms[i];
            size_t len = strlen(syms[i].name) + 1;
            memcpy(nm, syms[i].name, len);
            bs[i].name = nm;
            nm += len;
         }
         memcpy(mem + off_code, as.words.data, as.words.len * 4u);
         b->code = (const uint8_t *)(mem + off_code);
         b->code_size = as.words.len * 4u;
         b->num_symbols = nsym;
         b->symbols = bs;
         b->config = cfg;
         b->stats = as.stats;
         if (want_disasm) {
            memcpy(mem + off_dis, aco_strbuf_str(&dis), dis.len + 1);
            b->disassembly = mem + off_dis;
         }
         b->allocator = *a;
         b->allocation_size = total;
         *out = b;
      }
   }
   aco_free(&prog->allocator, syms);
   aco_assembly_finish(&prog->allocator, &as);
   aco_strbuf_finish(&dis);
   return s;
}
