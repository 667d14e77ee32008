/* SPDX-License-Identifier: MIT */
/* A kernel through llc-19 instead of libaco (llc_part.h, exec_run_llc): translated by
 * air_emit_llvm, compiled by llc-19, loaded as an ELF object and run on the emulator with
 * every detector on, then compared with the reference interpreter as exec_run does. The
 * launch is the one docs/emit-llvm.md describes. */
#include "exec_util.h"
#include "llc_part.h"

#include "emit_llvm.h"
#include "emu/emu.h"
#include "emu/loader.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "util/strbuf.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CODE_ADDR UINT64_C(0x1000000000)
#define SCRATCH_BYTES_PER_LANE 8192
#define LDS_BYTES 65536

/* Test-program state (the library has none): exec_set_llc_measure. */
static bool llc_measure;

void
exec_set_llc_measure(bool on)
{
   llc_measure = on;
}

static bool
fail(char *msg, size_t len, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, len, fmt, ap);
   va_end(ap);
   return false;
}

bool
exec_run_llc(const char *name, const char *text, const struct exec_spec *spec,
             aco_gfx_level level, unsigned wave, char *msg, size_t msglen,
             struct aco_emu_stats *stats)
{
   const char *cpu = aco_gfx_level_name(level);
   char *t = exec_retarget(text, level, wave);
   if (!t)
      return fail(msg, msglen, "no target line");
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p = NULL;
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      free(t);
      return fail(msg, msglen, "out of memory");
   }
   bool ok = false;
   uint8_t *interp_mem[EXEC_MAX_BUFFERS] = {0}, *emu_mem[EXEC_MAX_BUFFERS] = {0};
   struct air_interp_buffer ib[EXEC_MAX_BUFFERS];
   memset(ib, 0, sizeof(ib));
   struct aco_strbuf ll;
   aco_strbuf_init(&ll, &p->allocator);
   struct aco_emu *emu = NULL;
   struct aco_emu_elf *img = NULL;
   char *elf = NULL;
   bool interp_done = false;
   struct air_interp_memory imem = {ib, spec->num_buffers};

   if (aco_program_parse(p, name, t, strlen(t)) != ACO_SUCCESS ||
       aco_program_validate(p) != ACO_SUCCESS) {
      fail(msg, msglen, "parse: %s", aco_program_message(p));
      goto out;
   }
   struct aco_function *entry = NULL;
   for (uint32_t i = 0; i < p->num_functions && !entry; i++)
      if (p->functions[i]->flags & ACO_FUNCTION_ENTRY)
         entry = p->functions[i];
   if (!entry) {
      fail(msg, msglen, "no entry function");
      goto out;
   }
   char err[256];
   if (air_emit_llvm(p, &ll, err, sizeof(err)) != ACO_SUCCESS) {
      fail(msg, msglen, "air_emit_llvm: %s", err);
      goto out;
   }
   char o_path[PATH_MAX];
   char base[64];
   snprintf(base, sizeof(base), "%.*s", (int)strcspn(name, "."), name);
   if (!exec_compile_llc(base, aco_strbuf_str(&ll), cpu, wave, o_path, msg, msglen))
      goto out;
   size_t elf_size = 0;
   elf = exec_read_file(o_path, &elf_size);
   if (!elf) {
      fail(msg, msglen, "cannot read %s", o_path);
      goto out;
   }

   if (!exec_setup_buffers(spec, interp_mem, emu_mem, ib, msg, msglen))
      goto out;
   /* arguments, as test_exec gives them */
   struct air_interp_arg args[16];
   if (!exec_setup_args(spec, entry, ib, args, msg, msglen))
      goto out;

   /* the interpreter */
   struct air_interp_options io;
   memset(&io, 0, sizeof(io));
   memcpy(io.grid, spec->grid, sizeof(io.grid));
   struct air_interp_result ires;
   enum air_fault fault = air_interp_run(p, entry, &io, &imem, args, &ires);
   interp_done = true;
   if (fault != AIR_FAULT_NONE) {
      fail(msg, msglen, "interpreter: %s: %s", air_fault_name(fault), aco_program_message(p));
      goto out;
   }

   /* the emulator: llc's object */
   emu = aco_emu_create(NULL, (aco_target){level, wave});
   if (!emu) {
      fail(msg, msglen, "emulator: out of memory");
      goto out;
   }
   for (unsigned i = 0; i < spec->num_buffers; i++) {
      if (aco_emu_map(emu, ib[i].address, emu_mem[i], spec->buffers[i].size, 0) !=
          ACO_SUCCESS) {
         fail(msg, msglen, "aco_emu_map: %s", aco_emu_message(emu));
         goto out;
      }
   }
   if (aco_emu_load_elf(emu, NULL, elf, elf_size, CODE_ADDR, &img, msg, msglen) !=
       ACO_SUCCESS)
      goto out;
   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   if (!aco_emu_elf_symbol(img, entry->name, &l.entry, NULL)) {
      fail(msg, msglen, "no symbol '%s' in %s", entry->name, o_path);
      goto out;
   }
   unsigned u = 0;
   if (level == ACO_GFX1030) {
      /* the flat-scratch base: the emulator's scratch is per wave, 0 */
      l.user_sgprs[u++] = 0;
      l.user_sgprs[u++] = 0;
   }
   for (unsigned i = 0; i < entry->num_params; i++) {
      aco_type ty = entry->params[i].type;
      unsigned dwords = ty.bits == 64 ? 2 : 1;
      if (ty.comps > 1) {
         fail(msg, msglen, "parameter %u: vector parameters are not set up", i);
         goto out;
      }
      if (u + dwords + 4 > ACO_EMU_MAX_USER_SGPRS) {
         fail(msg, msglen, "more argument dwords than the launch's %u user SGPRs",
              ACO_EMU_MAX_USER_SGPRS);
         goto out;
      }
      uint64_t v = args[i].c[0];
      if (ty.bits < 32)
         v &= (UINT64_C(1) << ty.bits) - 1;
      l.user_sgprs[u++] = (uint32_t)v;
      if (dwords == 2)
         l.user_sgprs[u++] = (uint32_t)(v >> 32);
   }
   for (unsigned d = 0; d < 3; d++) {
      l.workgroup_id_sgpr[d] = (int8_t)u;
      l.user_sgprs[u++] = 0;
   }
   if (level == ACO_GFX1030)
      l.user_sgprs[u++] = 0; /* the wave's scratch offset */
   l.num_user_sgprs = u;
   for (unsigned d = 0; d < 3; d++) {
      l.grid[d] = spec->grid[d];
      l.block[d] = entry->workgroup_size[d] ? entry->workgroup_size[d] : 1;
   }
   l.num_sgprs = 106;
   l.num_vgprs = 256;
   l.local_id = ACO_EMU_LOCAL_ID_PACKED;
   l.local_id_vgpr = 0;
   l.scratch_bytes_per_lane = SCRATCH_BYTES_PER_LANE;
   l.lds_bytes = LDS_BYTES;
   l.abi_check = !llc_measure;
   l.mode_set = true;
   l.mode = (uint8_t)((entry->float_mode.denorm32 == ACO_DENORM_FLUSH ? 0u : 3u) << 4 |
                      (entry->float_mode.denorm16_64 == ACO_DENORM_FLUSH ? 0u : 3u) << 6);
   if (aco_emu_run(emu, &l) != ACO_SUCCESS) {
      fail(msg, msglen, "emulator: %s\n(llc output: %s)", aco_emu_message(emu), o_path);
      goto out;
   }
   if (stats)
      aco_emu_get_stats(emu, stats);

   /* a kernel that leaves every buffer as it was checks nothing */
   bool wrote = false;
   for (unsigned i = 0; i < spec->num_buffers && !wrote; i++) {
      if (spec->buffers[i].scratchpad)
         continue;
      uint8_t *init = malloc(spec->buffers[i].size + 4);
      if (!init) {
         fail(msg, msglen, "out of memory");
         goto out;
      }
      exec_fill(init, spec->buffers[i].size, spec->buffers[i].init);
      wrote = memcmp(init, interp_mem[i], spec->buffers[i].size) != 0;
      free(init);
   }
   if (!wrote && !llc_measure) {
      fail(msg, msglen, "the interpreter changed no buffer byte: nothing to compare");
      goto out;
   }

   /* compare every byte */
   char where[PATH_MAX + 32];
   snprintf(where, sizeof(where), "(llc output: %s)", o_path);
   ok = exec_compare(spec, ib, interp_mem, emu_mem, "llc code", where, msg, msglen);
out:
   if (interp_done)
      air_interp_memory_finish(p, &imem);
   aco_emu_elf_destroy(img);
   if (emu)
      aco_emu_destroy(emu);
   free(elf);
   for (unsigned i = 0; i < EXEC_MAX_BUFFERS; i++) {
      free(interp_mem[i]);
      free(emu_mem[i]);
   }
   aco_strbuf_finish(&ll);
   aco_program_destroy(p);
   free(t);
   return ok;
}

