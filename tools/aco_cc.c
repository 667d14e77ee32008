/* SPDX-License-Identifier: MIT */
/* aco-cc: compile a text IR program (docs/ir.md), with flags like llc's. */
#include "aco/aco.h"

#include "api/compile.h"
#include "disasm.h"
#include "emit/emit.h"
#include "emit_llvm.h"
#include "isel/call_abi.h"
#include "isel/entry_abi.h"
#include "tool_io.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum mode { MODE_ASM, MODE_PRINT, MODE_OBJ, MODE_ELF, MODE_LLVM, MODE_MIR, MODE_ABI };

static void
usage(FILE *f)
{
   fprintf(f,
           "usage: aco-cc [options] [FILE|-]\n"
           "Reads a libaco text IR program or a SPIR-V compute module (FILE, or standard\n"
           "input; SPIR-V is recognised by its magic number), validates it and compiles it\n"
           "for an AMD RDNA GPU.\n"
           "\n"
           "  -mcpu=CPU                      target processor (replaces the program's `target`\n"
           "                                 line); -mcpu=help lists them\n"
           "  -mwave=32|64                   wave size (default: the program's)\n"
           "  --print-mir                    print the machine IR after instruction selection\n"
           "  --print-abi                    print where each function's parameters live\n"
           "                                 (docs/calls.md, docs/entry-abi.md)\n"
           "  --disasm                       disassemble FILE (ELF object or raw code) like\n"
           "                                 llvm-objdump-19 -d\n"
           "  --stats                        with -S: append the configuration and statistics\n"
           "  --print                        print the validated program in text form\n"
           "  -S                             print assembly (default)\n"
           "  -c                             write raw machine code\n"
           "  --emit-elf                     write an ELF object\n"
           "  --emit-llvm                    write LLVM IR for llc-19 (for comparisons)\n"
           "  --entry NAME                   SPIR-V: the GLCompute entry point to translate\n"
           "  --spec ID=VALUE                SPIR-V: a specialization constant (VALUE an\n"
           "                                 integer, or f:FLOAT); repeatable\n"
           "  -o FILE                        output file (default: standard output)\n"
           "  -h, --help                     this text\n"
           "  --version                      the version of libaco\n"
           "\n"
           "Long options take one dash or two and their value after '=' or as the next\n"
           "argument (-mcpu=gfx1100, -mcpu gfx1100, -o=out.s). Errors are printed as\n"
           "FILE:LINE:COL: error: ... .\n"
           "\n"
           "Exit status: 0 success, 1 bad usage or input/output error, 2 invalid program,\n"
           "3 valid program that cannot be compiled (unsupported).\n"
           "\n"
           "ACO_DEBUG (comma-separated) applies to -S, -c and --emit-elf:\n");
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   aco_debug_help(&sb);
   fputs(aco_strbuf_str(&sb), f);
   aco_strbuf_finish(&sb);
}

/* -mcpu=help: every processor with its level and register file. */
static void
list_cpus(FILE *f)
{
   fprintf(f, "Available CPUs for -mcpu (append :wavefrontsize64 for wave64):\n");
   for (uint32_t i = 0; i < aco_chip_count(); i++) {
      const aco_chip_info *c = aco_chip_at(i);
      fprintf(f, "  %-8s %-20s code for %s, %u VGPRs per SIMD lane (wave32)\n", c->name,
              c->codename, aco_gfx_level_name(c->level), c->vgprs_per_simd[0]);
   }
}

static void
write_file(void *user, const char *data, size_t len)
{
   fwrite(data, 1, len, (FILE *)user);
}

/* Entry functions: their user SGPRs (docs/entry-abi.md). */
static aco_status
print_entry_abi(const struct aco_function *f, struct aco_arena *arena, struct aco_strbuf *sb)
{
   struct aco_entry_layout l;
   aco_status s = aco_entry_layout_compute(f, arena, &l);
   if (s != ACO_SUCCESS)
      return s;
   aco_target t = f->program->target;
   aco_strbuf_printf(sb, "; @%s: entry function (docs/entry-abi.md), %s wave%u\n", f->name,
                     aco_gfx_level_name(t.gfx_level), t.wave_size);
   if (l.scratch_sgpr >= 0)
      aco_strbuf_printf(sb, ";   scratch base: s[%d:%d]\n", l.scratch_sgpr, l.scratch_sgpr + 1);
   if (l.argblock_sgpr >= 0)
      aco_strbuf_printf(sb, ";   argument block: s[%d:%d], %u bytes\n", l.argblock_sgpr,
                        l.argblock_sgpr + 1, l.argblock_size);
   for (uint32_t i = 0; i < l.num_args; i++) {
      const struct aco_entry_arg *a = &l.args[i];
      char tn[16];
      aco_strbuf_printf(sb, ";   param %u ", i);
      if (f->params[i].name)
         aco_strbuf_printf(sb, "%%%s ", f->params[i].name);
      aco_strbuf_printf(sb, "(%s): ", air_type_name(f->params[i].type, tn));
      if (a->in_block)
         aco_strbuf_printf(sb, "argument block+%u\n", a->block_offset);
      else if (a->dwords == 1)
         aco_strbuf_printf(sb, "s%u\n", a->sgpr);
      else
         aco_strbuf_printf(sb, "s[%u:%u]\n", a->sgpr, a->sgpr + a->dwords - 1u);
   }
   for (unsigned d = 0; d < 3; d++)
      if (l.workgroup_id_sgpr[d] >= 0)
         aco_strbuf_printf(sb, ";   workgroup id %c: s%d\n", "xyz"[d], l.workgroup_id_sgpr[d]);
   if (l.local_id_packed)
      aco_strbuf_puts(sb, ";   local ids: v0 (z << 20 | y << 10 | x)\n");
   else
      for (unsigned d = 0; d < (l.local_id_count ? l.local_id_count : 1); d++)
         aco_strbuf_printf(sb, ";   local id %c: v%u\n", "xyz"[d], d);
   aco_strbuf_printf(sb, ";   stack objects: %u bytes per lane\n", l.stack_bytes);
   return ACO_SUCCESS;
}

/* --print-abi: every function's parameter locations, in the disassembly header's format. */
static aco_status
print_abi(aco_program *p, FILE *out)
{
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   aco_status s = ACO_SUCCESS;
   for (uint32_t i = 0; s == ACO_SUCCESS && i < aco_program_function_count(p); i++) {
      const struct aco_function *f = aco_program_function(p, i);
      if (f->flags & ACO_FUNCTION_ENTRY) {
         s = print_entry_abi(f, &arena, &sb);
         continue;
      }
      struct aco_call_layout l;
      struct aco_call_signature sig;
      s = aco_call_layout_for_function(f, &arena, &l, &sig);
      if (s != ACO_SUCCESS)
         break;
      aco_call_layout_print(&l, f->abi, &sig, f->program->target, &sb);
   }
   fputs(aco_strbuf_str(&sb), out);
   aco_strbuf_finish(&sb);
   aco_arena_finish(&arena);
   return s;
}

enum long_only_option {
   OPT_MCPU = 256,
   OPT_MWAVE,
   OPT_STATS,
   OPT_DISASM,
   OPT_PRINT_MIR,
   OPT_PRINT_ABI,
   OPT_PRINT,
   OPT_EMIT_ELF,
   OPT_EMIT_LLVM,
   OPT_VERSION,
   OPT_ENTRY,
   OPT_SPEC,
};

int
main(int argc, char **argv)
{
   enum mode mode = MODE_ASM;
   const char *input = NULL, *output = NULL;
   aco_target target = {ACO_GFX_NONE, 0};
   unsigned wave = 0, cpu_wave = 0;
   bool stats = false, disasm = false;
   struct tool_spirv_args spv;
   memset(&spv, 0, sizeof(spv));
   /* long options take one dash or two, and a value after '=' or as the next argument,
    * like llc's: -mcpu=gfx1100, -mcpu gfx1100, --mcpu=gfx1100, -o=out.s, -o out.s */
   static const struct option options[] = {
      {"mcpu", required_argument, NULL, OPT_MCPU},
      {"mwave", required_argument, NULL, OPT_MWAVE},
      {"stats", no_argument, NULL, OPT_STATS},
      {"disasm", no_argument, NULL, OPT_DISASM},
      {"print-mir", no_argument, NULL, OPT_PRINT_MIR},
      {"print-abi", no_argument, NULL, OPT_PRINT_ABI},
      {"print", no_argument, NULL, OPT_PRINT},
      {"emit-elf", no_argument, NULL, OPT_EMIT_ELF},
      {"emit-llvm", no_argument, NULL, OPT_EMIT_LLVM},
      {"o", required_argument, NULL, 'o'},
      {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, OPT_VERSION},
      {"entry", required_argument, NULL, OPT_ENTRY},
      {"spec", required_argument, NULL, OPT_SPEC},
      {NULL, 0, NULL, 0},
   };
   opterr = 0;
   int c;
   while ((c = getopt_long_only(argc, argv, ":Scho:", options, NULL)) != -1) {
      switch (c) {
      case 'h':
         usage(stdout);
         return 0;
      case OPT_VERSION:
         printf("aco-cc (libaco) %d.%d.%d\n", ACO_VERSION_MAJOR, ACO_VERSION_MINOR,
                ACO_VERSION_PATCH);
         return 0;
      case OPT_MCPU: {
         if (!strcmp(optarg, "help")) {
            list_cpus(stdout);
            return 0;
         }
         char msg[256];
         if (aco_target_from_name(optarg, 0, &target, msg, sizeof(msg)) != ACO_SUCCESS) {
            fprintf(stderr, "aco-cc: error: -mcpu: %s (-mcpu=help lists them)\n", msg);
            return 1;
         }
         if (strchr(optarg, ':')) /* gfx1100:wavefrontsize64 */
            cpu_wave = target.wave_size;
         break;
      }
      case OPT_MWAVE:
         if (!strcmp(optarg, "32") || !strcmp(optarg, "64")) {
            wave = (unsigned)atoi(optarg);
         } else {
            fprintf(stderr, "aco-cc: error: -mwave must be 32 or 64\n");
            return 1;
         }
         break;
      case OPT_STATS: stats = true; break;
      case OPT_DISASM: disasm = true; break;
      case OPT_PRINT_MIR: mode = MODE_MIR; break;
      case OPT_PRINT_ABI: mode = MODE_ABI; break;
      case OPT_PRINT: mode = MODE_PRINT; break;
      case 'S': mode = MODE_ASM; break;
      case 'c': mode = MODE_OBJ; break;
      case OPT_EMIT_ELF: mode = MODE_ELF; break;
      case OPT_EMIT_LLVM: mode = MODE_LLVM; break;
      case 'o': output = optarg; break;
      case OPT_ENTRY: spv.entry = optarg; break;
      case OPT_SPEC:
         if (!tool_add_spec(&spv, optarg)) {
            fprintf(stderr, "aco-cc: error: bad --spec '%s' (ID=VALUE, at most %u)\n", optarg,
                    TOOL_MAX_SPECS);
            return 1;
         }
         break;
      case ':':
         fprintf(stderr, "aco-cc: error: %s needs a value\n", argv[optind - 1]);
         return 1;
      default:
         fprintf(stderr, "aco-cc: error: unknown option '%s' (see --help)\n", argv[optind - 1]);
         return 1;
      }
   }
   for (int i = optind; i < argc; i++) {
      if (input) {
         fprintf(stderr, "aco-cc: error: more than one input file\n");
         return 1;
      }
      input = argv[i];
   }
   if (cpu_wave && wave && wave != cpu_wave) {
      fprintf(stderr, "aco-cc: error: -mcpu wave size %u contradicts -mwave=%u\n", cpu_wave, wave);
      return 1;
   }
   if (cpu_wave)
      wave = cpu_wave;
   const aco_chip_info *chip = target.gfx_level ? aco_chip_of_target(target) : NULL;
   if (chip) /* the code generator's level; the chip's name goes into the `target` line */
      target.gfx_level = chip->level;
   if (!input)
      input = "-";
   if (disasm) /* machine code (raw or ELF) printed like llvm-objdump-19 -d: tools/disasm.c */
      return aco_disasm_file(input, target.gfx_level == ACO_GFX_NONE ? ACO_GFX1100 : target.gfx_level,
                             wave ? wave : 32, stdout, stderr);

   FILE *in = strcmp(input, "-") ? fopen(input, "rb") : stdin;
   if (!in) {
      fprintf(stderr, "aco-cc: error: cannot open '%s': %s\n", input, strerror(errno));
      return 1;
   }
   size_t len;
   errno = 0;
   char *text = tool_read_all(in, &len);
   int read_errno = errno;
   if (in != stdin)
      fclose(in);
   if (!text) {
      fprintf(stderr, "aco-cc: error: cannot read '%s': %s\n", input,
              strerror(read_errno ? read_errno : EIO));
      return 1;
   }

   aco_program *p;
   const char *name = strcmp(input, "-") ? input : "<stdin>";
   aco_status s = ACO_SUCCESS;
   int rc = 0;
   if (tool_is_spirv(text, len)) {
      aco_target st = {target.gfx_level, wave};
      rc = tool_spirv_program("aco-cc", name, text, len, st, &spv, &p);
      free(text);
      if (rc)
         return rc;
      goto compile;
   }
   if (target.gfx_level || wave) {
      char *t;
      enum tool_retarget_result r =
          tool_retarget(text, len, chip ? chip->name : NULL,
                        wave, &t, &len);
      free(text);
      if (r == TOOL_RETARGET_OUT_OF_MEMORY) {
         fprintf(stderr, "aco-cc: error: out of memory\n");
         return 1;
      }
      if (r == TOOL_RETARGET_NO_TARGET_LINE) { /* an invalid program, flags or not */
         fprintf(stderr, "%s: error: no `target` line to retarget\n",
                 strcmp(input, "-") ? input : "<stdin>");
         return 2;
      }
      text = t;
   }

   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      fprintf(stderr, "aco-cc: error: out of memory\n");
      free(text);
      return 1;
   }
   s = aco_program_parse(p, name, text, len);
   free(text);
compile:
   if (s == ACO_SUCCESS) {
      s = aco_program_validate(p);
   }
   if (s != ACO_SUCCESS) {
      tool_print_errors(stderr, "aco-cc", name, aco_program_message(p));
      aco_program_destroy(p);
      return s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
   }

   FILE *out = stdout;
   if (output && !(out = fopen(output, "wb"))) {
      fprintf(stderr, "aco-cc: error: cannot write '%s': %s\n", output, strerror(errno));
      aco_program_destroy(p);
      return 1;
   }
   if (mode == MODE_PRINT) {
      s = aco_program_print(p, write_file, out);
      if (s != ACO_SUCCESS) {
         tool_print_errors(stderr, "aco-cc", name, aco_program_message(p));
         rc = 1;
      }
   } else if (mode == MODE_ABI) {
      s = print_abi(p, out);
      if (s != ACO_SUCCESS) {
         tool_print_errors(stderr, "aco-cc", name, aco_program_message(p));
         rc = s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
      }
   } else if (mode == MODE_LLVM) {
      rc = emit_llvm_to_file(p, out);
   } else if (mode == MODE_MIR) {
      struct aco_debug_options dbg;
      memset(&dbg, 0, sizeof(dbg));
      char bad[64];
      if (!aco_debug_parse(getenv("ACO_DEBUG"), &dbg, bad))
         fprintf(stderr, "aco-cc: warning: ACO_DEBUG: unknown option '%s' ignored\n", bad);
      struct aco_strbuf sb;
      aco_strbuf_init(&sb, NULL);
      strcpy(dbg.print_after, "isel");
      strcpy(dbg.stop_after, "isel");
      dbg.print = &sb;
      aco_binary *bin = NULL;
      s = aco_compile_with(p, NULL, NULL, &dbg, &bin);
      fputs(aco_strbuf_str(&sb), out);
      aco_strbuf_finish(&sb);
      aco_binary_destroy(bin);
      if (s != ACO_SUCCESS) {
         tool_print_errors(stderr, "aco-cc", name, aco_program_message(p));
         rc = s == ACO_ERROR_UNSUPPORTED ? 3
              : s == ACO_ERROR_OUT_OF_MEMORY || s == ACO_ERROR_INVALID_ARGUMENT ? 1
                                                                               : 2;
      }
   } else {
      aco_compile_options opts = {sizeof(opts), ACO_COMPILE_DISASSEMBLY, 0, 0, 0, 0};
      aco_binary *bin;
      s = aco_compile(p, &opts, NULL, &bin);
      if (s != ACO_SUCCESS) {
         tool_print_errors(stderr, "aco-cc", name, aco_program_message(p));
         rc = s == ACO_ERROR_UNSUPPORTED ? 3
              : s == ACO_ERROR_OUT_OF_MEMORY || s == ACO_ERROR_INVALID_ARGUMENT ? 1
                                                                               : 2;
      } else {
         if (mode == MODE_ASM) {
            if (bin->disassembly)
               fputs(bin->disassembly, out);
         }
         if (mode == MODE_ASM && stats) {
            const aco_config *c = &bin->config;
            const aco_statistics *st = &bin->stats;
            fprintf(out,
                    "; config: sgprs %u, vgprs %u, scratch %u bytes/lane, lds %u bytes, wave%u\n"
                    "; rsrc1 0x%08x, rsrc2 0x%08x, rsrc3 0x%08x\n"
                    "; stats: %u instructions, %u bytes, %u copies, %u branches, %u salu, "
                    "%u valu, %u smem, %u vmem, %u lds, %u waits, %u nops\n",
                    c->num_sgprs, c->num_vgprs, c->scratch_bytes_per_lane, c->lds_bytes,
                    c->wave_size, c->rsrc1, c->rsrc2, c->rsrc3, st->instructions,
                    st->code_bytes, st->copies, st->branches, st->salu, st->valu, st->smem,
                    st->vmem, st->lds, st->waits, st->nops);
         } else if (mode == MODE_ASM) {
            /* printed above */
         } else if (mode == MODE_OBJ)
            fwrite(bin->code, 1, bin->code_size, out);
         else {
            struct aco_elf_symbol syms[64];
            unsigned n = bin->num_symbols < 64 ? bin->num_symbols : 64;
            for (unsigned i = 0; i < n; i++) {
               syms[i].name = bin->symbols[i].name;
               syms[i].offset = bin->symbols[i].offset;
               syms[i].size = bin->symbols[i].size;
            }
            void *elf = NULL;
            size_t elf_size = 0;
            s = aco_elf_write(NULL, bin->target.gfx_level, bin->target.wave_size,
                              (const uint32_t *)bin->code, bin->code_size / 4, syms, n, &elf,
                              &elf_size);
            if (s != ACO_SUCCESS) {
               fprintf(stderr, "aco-cc: error: cannot write the ELF object: %s\n",
                       aco_status_string(s));
               rc = 1;
            } else {
               fwrite(elf, 1, elf_size, out);
               aco_free(NULL, elf);
            }
         }
         aco_binary_destroy(bin);
      }
   }
   if (out != stdout && fclose(out)) {
      fprintf(stderr, "aco-cc: error: cannot write '%s': %s\n", output, strerror(errno));
      rc = 1;
   }
   aco_program_destroy(p);
   return rc;
}
