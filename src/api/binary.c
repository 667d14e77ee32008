/* SPDX-License-Identifier: MIT */
/* The binary builder: every function's code one after the other, a symbol per function,
 * the configuration (granule-rounded register counts, scratch, LDS, resource registers
 * of the entry from docs/entry-abi.md), statistics and the optional disassembly, all in
 * one allocation from the caller's allocator. Each function is assembled when it is added,
 * keeping only what the binary needs of its machine program (struct fn_summary). */
#include "api/binary.h"

#include "api/binary_ext.h"

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

/* ---- calls -------------------------------------------------------------------------------- */

struct fn_summary {
   uint32_t frame;     /* its own stack bytes per lane */
   bool has_code;      /* added (else only declared, or a function without a body) */
   bool calls_dynamic; /* indirect calls */
   bool is_entry;
};

struct calls_ctx {
   const struct fn_summary *fn;
   const struct aco_assembly *as;
   const uint32_t *fix_begin; /* per function: its fixups [fix_begin[i], fix_begin[i + 1]) */
   uint8_t *state;            /* 0 new, 1 on the path, 2 done */
   uint32_t *depth;
   bool dynamic;  /* recursion or indirect calls */
   bool external; /* calls to functions of other binaries */
};

/* The stack bytes per lane of the deepest call path from function i: its frame plus the
 * deepest of the functions it refers to (calls or takes the address of). A function met
 * again on the path (recursion) makes the depth dynamic. */
static uint32_t
stack_depth(struct calls_ctx *c, uint32_t i)
{
   if (c->state[i] == 1) {
      c->dynamic = true;
      return 0;
   }
   if (c->state[i] == 2)
      return c->depth[i];
   c->state[i] = 1;
   uint32_t deepest = 0;
   for (uint32_t k = c->fix_begin[i]; k < c->fix_begin[i + 1]; k++) {
      uint32_t j = c->as->fixups.data[k].function;
      if (c->fn[j].has_code) {
         uint32_t d = stack_depth(c, j);
         deepest = d > deepest ? d : deepest;
      } else {
         c->external = true; /* a function of another binary: known when linked */
      }
   }
   if (c->fn[i].calls_dynamic)
      c->dynamic = true;
   c->state[i] = 2;
   c->depth[i] = c->fn[i].frame + deepest;
   return c->depth[i];
}

/* Writes the PC-relative distances to functions of this binary into the code; those to
 * functions only declared here become relocations (*relocs, on the program's allocator). */
static aco_status
resolve_fixups(aco_program *prog, struct aco_assembly *as, const uint32_t *offset,
               const struct fn_summary *fn, aco_relocation **relocs, uint32_t *num_relocs)
{
   *relocs = NULL;
   *num_relocs = 0;
   for (uint32_t k = 0; k < as->fixups.len; k++) {
      const struct aco_call_fixup *f = &as->fixups.data[k];
      if (f->function >= prog->num_functions)
         return air_error(prog, ACO_ERROR_INVALID_IR, "aco_compile: a call to function %u of %u",
                          f->function, prog->num_functions);
      if (!fn[f->function].has_code) {
         if (!*relocs && !(*relocs = aco_calloc(&prog->allocator,
                                                sizeof(aco_relocation) * as->fixups.len)))
            return air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
         aco_relocation *r = &(*relocs)[(*num_relocs)++];
         r->offset = f->dword * 4;
         r->kind = f->hi ? ACO_RELOC_REL32_HI : ACO_RELOC_REL32_LO;
         r->symbol = prog->functions[f->function]->name;
         r->addend = f->addend;
         continue;
      }
      int64_t v = (int64_t)offset[f->function] + f->addend - (int64_t)f->dword * 4;
      as->words.data[f->dword] = (uint32_t)((uint64_t)v >> (f->hi ? 32 : 0));
   }
   return ACO_SUCCESS;
}

aco_status
aco_binary_builder_init(struct aco_binary_builder *b, aco_program *prog,
                        const aco_compile_options *options)
{
   memset(b, 0, sizeof(*b));
   b->prog = prog;
   b->want_disasm = options && (options->flags & ACO_COMPILE_DISASSEMBLY);
   aco_strbuf_init(&b->dis, &prog->allocator);
   b->as.disasm = b->want_disasm ? &b->dis : NULL;
   uint32_t n = prog->num_functions;
   b->fnames = aco_calloc(&prog->allocator, sizeof(char *) * (n + 1));
   for (uint32_t i = 0; b->fnames && i < n; i++)
      b->fnames[i] = prog->functions[i]->name;
   b->as.function_names = b->fnames;
   b->as.num_function_names = n;
   b->cfg.wave_size = prog->target.wave_size;
   b->syms = aco_calloc(&prog->allocator, sizeof(aco_symbol) * (n ? n : 1));
   b->fix_begin = aco_calloc(&prog->allocator, sizeof(uint32_t) * (n + 1));
   b->func_offset = aco_calloc(&prog->allocator, sizeof(uint32_t) * (n + 1));
   b->fn = aco_calloc(&prog->allocator, sizeof(struct fn_summary) * (n + 1));
   if (!b->fnames || !b->syms || !b->fix_begin || !b->func_offset || !b->fn)
      b->status = air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
   return b->status;
}

/* The call fixups of functions [b->next, end) start at the current end. */
static void
skip_to(struct aco_binary_builder *b, uint32_t end)
{
   for (; b->next < end; b->next++)
      b->fix_begin[b->next] = b->as.fixups.len;
}

aco_status
aco_binary_builder_add(struct aco_binary_builder *b, uint32_t function, struct aco_mprogram *p)
{
   aco_program *prog = b->prog;
   if (b->status != ACO_SUCCESS)
      return b->status;
   if (function < b->next || function >= prog->num_functions)
      return b->status = air_error(prog, ACO_ERROR_INVALID_ARGUMENT,
                                   "aco_compile: function %u added out of order", function);
   skip_to(b, function + 1); /* its fixups start here too */
   const struct aco_function *f = prog->functions[function];
   if (b->want_disasm)
      aco_strbuf_printf(&b->dis, "%s:\n", f->name);
   uint32_t start = b->as.words.len;
   aco_status s = aco_assemble(p, &b->as);
   if (s != ACO_SUCCESS)
      return b->status = air_error(prog, s, "aco_compile: @%s: %s", f->name, p->message);
   aco_symbol *sym = &b->syms[b->nsym++];
   b->func_offset[function] = start * 4;
   struct fn_summary *fs = &b->fn[function];
   fs->has_code = true;
   fs->frame = p->config.scratch_bytes;
   fs->calls_dynamic = p->calls_dynamic;
   fs->is_entry = p->is_entry;
   sym->name = f->name;
   sym->offset = start * 4;
   sym->size = (b->as.words.len - start) * 4;
   sym->num_sgprs = p->config.num_sgprs;
   sym->num_vgprs = p->config.num_vgprs;
   sym->frame_size = p->config.scratch_bytes;
   sym->flags = f->flags;
   b->names += strlen(f->name) + 1;
   aco_config *cfg = &b->cfg;
   if (p->config.num_sgprs > cfg->num_sgprs)
      cfg->num_sgprs = p->config.num_sgprs;
   if (p->config.num_vgprs > cfg->num_vgprs)
      cfg->num_vgprs = p->config.num_vgprs;
   if (p->config.scratch_bytes > cfg->scratch_bytes_per_lane)
      cfg->scratch_bytes_per_lane = p->config.scratch_bytes;
   if (p->config.lds_bytes > cfg->lds_bytes)
      cfg->lds_bytes = p->config.lds_bytes;
   if ((f->flags & ACO_FUNCTION_ENTRY) && !b->entry) {
      b->entry = f;
      b->entry_scratch_input = p->gfx_level == ACO_GFX1030 && p->has_scratch_input;
   }
   aco_estimate_add(&b->est, p);
   b->as.stats.sgpr_spills += p->sgpr_spills;
   b->as.stats.sgpr_reloads += p->sgpr_reloads;
   b->as.stats.vgpr_spills += p->vgpr_spills;
   b->as.stats.vgpr_reloads += p->vgpr_reloads;
   return ACO_SUCCESS;
}

void
aco_binary_builder_discard(struct aco_binary_builder *b)
{
   aco_program *prog = b->prog;
   aco_free(&prog->allocator, b->syms);
   aco_free(&prog->allocator, b->fnames);
   aco_free(&prog->allocator, b->fix_begin);
   aco_free(&prog->allocator, b->func_offset);
   aco_free(&prog->allocator, b->fn);
   aco_assembly_finish(&prog->allocator, &b->as);
   aco_strbuf_finish(&b->dis);
   memset(b, 0, sizeof(*b));
}

aco_status
aco_binary_builder_finish(struct aco_binary_builder *b, const aco_allocator *allocator,
                          aco_binary **out)
{
   aco_program *prog = b->prog;
   const aco_allocator *a = aco_allocator_or_default(allocator);
   uint32_t n = prog->num_functions, nsym = b->nsym;
   aco_status s = b->status;
   struct aco_assembly *as = &b->as;
   aco_config cfg = b->cfg;
   aco_symbol *syms = b->syms;
   const struct aco_function *entry = b->entry;
   aco_relocation *relocs = NULL;
   uint32_t num_relocs = 0;
   if (s == ACO_SUCCESS) {
      skip_to(b, n);
      b->fix_begin[n] = as->fixups.len;
      s = resolve_fixups(prog, as, b->func_offset, b->fn, &relocs, &num_relocs);
   }
   if (s == ACO_SUCCESS) {
      /* the deepest call path from each function; the entry's is the binary's scratch */
      struct calls_ctx cc = {b->fn, as, b->fix_begin, NULL, NULL, false, false};
      cc.state = aco_calloc(&prog->allocator, n + 1);
      cc.depth = aco_calloc(&prog->allocator, sizeof(uint32_t) * (n + 1));
      if (!cc.state || !cc.depth)
         s = air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
      for (uint32_t i = 0, k = 0; i < n && s == ACO_SUCCESS; i++) {
         if (!b->fn[i].has_code)
            continue;
         uint32_t d = stack_depth(&cc, i);
         syms[k++].stack_depth = d;
         if (b->fn[i].is_entry && d > cfg.scratch_bytes_per_lane)
            cfg.scratch_bytes_per_lane = d;
      }
      cfg.dynamic_stack = cc.dynamic || cc.external;
      for (uint32_t k = 0; k < nsym && cc.dynamic; k++)
         syms[k].flags |= ACO_SYMBOL_DYNAMIC_STACK;
      aco_free(&prog->allocator, cc.state);
      aco_free(&prog->allocator, cc.depth);
   }
   if (s == ACO_SUCCESS && nsym) {
      s = aco_assemble_pad(&prog->allocator, prog->target.gfx_level, prog->target.wave_size, as);
      if (s != ACO_SUCCESS)
         s = air_error(prog, s, "aco_compile: %s",
                       s == ACO_ERROR_OUT_OF_MEMORY ? "out of memory" : "no s_code_end");
   }
   if (s == ACO_SUCCESS && b->dis.failed)
      s = air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
   bool want_disasm = b->want_disasm;

   if (s == ACO_SUCCESS) {
      const struct aco_gfx_info *g = aco_gfx_info(prog->target.gfx_level);
      /* VGPRs in the chip's allocation blocks (gfx1102's are 16 VGPRs in wave32, not 24) */
      const aco_chip_info *chip = aco_chip_of_target(
         (aco_target){(aco_gfx_level)(prog->chip ? prog->chip : (uint32_t)prog->target.gfx_level),
                      prog->target.wave_size});
      struct aco_arena arena;
      aco_arena_init(&arena, &prog->allocator);
      uint32_t raw_vgprs = cfg.num_vgprs;
      if (entry) {
         struct aco_entry_layout l;
         /* as instruction selection decided: entries that call set up scratch */
         s = aco_entry_layout_compute_scratch(
            entry, &arena,
            cfg.scratch_bytes_per_lane > 0 || air_function_calls(entry) || b->entry_scratch_input,
            &l);
         if (s == ACO_SUCCESS) {
            /* the inputs the hardware writes count even when the code never reads them */
            unsigned inputs = l.num_user_sgprs;
            for (unsigned k = 0; k < 3; k++)
               if (l.workgroup_id_sgpr[k] >= 0)
                  inputs = (unsigned)l.workgroup_id_sgpr[k] + 1;
            if (l.scratch_offset_sgpr >= 0)
               inputs = (unsigned)l.scratch_offset_sgpr + 1;
            if (inputs > cfg.num_sgprs)
               cfg.num_sgprs = (uint16_t)inputs;
            unsigned vin = l.local_id_packed ? 1 : (l.local_id_count ? l.local_id_count : 1);
            if (vin > raw_vgprs)
               raw_vgprs = vin;
            uint32_t rsrc[3];
            aco_entry_rsrc(&l, prog->target, raw_vgprs,
                           cfg.scratch_bytes_per_lane | (cfg.dynamic_stack ? 1u : 0u),
                           cfg.lds_bytes, entry->float_mode, rsrc);
            cfg.rsrc1 = rsrc[0];
            cfg.rsrc2 = rsrc[1];
            cfg.rsrc3 = rsrc[2];
         }
      }
      aco_arena_finish(&arena);
      cfg.num_sgprs = (uint16_t)round_up(cfg.num_sgprs ? cfg.num_sgprs : 1, g->sgpr_granule);
      cfg.num_vgprs = (uint16_t)round_up(raw_vgprs ? raw_vgprs : 1,
                                         chip->vgpr_granule[prog->target.wave_size == 64]);
      /* a granule that does not divide the file (24 on GFX11+, 8 for the 106 SGPRs) ends
       * at the file's end */
      if (cfg.num_vgprs > ACO_VGPR_COUNT)
         cfg.num_vgprs = ACO_VGPR_COUNT;
      if (cfg.num_sgprs > ACO_SGPR_COUNT)
         cfg.num_sgprs = ACO_SGPR_COUNT;
   }

   if (s == ACO_SUCCESS) {
      struct aco_binary_parts parts = {
         .target = prog->target,
         .code = (const uint8_t *)as->words.data,
         .code_size = as->words.len * 4u,
         .symbols = syms,
         .num_symbols = nsym,
         .relocations = relocs,
         .num_relocations = num_relocs,
         .config = cfg,
         .stats = as->stats,
         .disassembly = want_disasm ? aco_strbuf_str(&b->dis) : NULL,
         .ir = b->ir,
      };
      aco_target chip = {(aco_gfx_level)(prog->chip ? prog->chip : (uint32_t)prog->target.gfx_level),
                         prog->target.wave_size};
      aco_estimate_finish(&b->est, chip, cfg.num_vgprs, &parts);
      s = aco_binary_pack(&parts, a, out);
      if (s != ACO_SUCCESS)
         s = air_error(prog, s, "aco_compile: out of memory");
   }
   aco_free(&prog->allocator, relocs);
   aco_binary_builder_discard(b);
   return s;
}
