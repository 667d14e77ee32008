/* SPDX-License-Identifier: MIT */
/* aco-cc: compile a text IR program (docs/ir.md), with flags like llc's. */
#include "aco/aco.h"

#include "emit_llvm.h"
#include "tool_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum mode { MODE_ASM, MODE_PRINT, MODE_OBJ, MODE_ELF, MODE_LLVM };

static void
usage(FILE *f)
{
   fprintf(f,
           "usage: aco-cc [options] [FILE|-]\n"
           "Reads a libaco text IR program (FILE, or standard input), validates it and\n"
           "compiles it for an AMD RDNA GPU.\n"
           "\n"
           "  -mcpu=gfx1030|gfx1100|gfx1200  target (default: the program's `target` line)\n"
           "  -mwave=32|64                   wave size (default: the program's)\n"
           "  --print                        print the validated program in text form\n"
           "  -S                             print assembly (default)\n"
           "  -c                             write raw machine code\n"
           "  --emit-elf                     write an ELF object\n"
           "  --emit-llvm                    write LLVM IR for llc-19 (for comparisons)\n"
           "  -o FILE                        output file (default: standard output)\n"
           "  -h, --help                     this text\n"
           "\n"
           "Exit status: 0 success, 1 bad usage or input/output error, 2 invalid program,\n"
           "3 valid program that cannot be compiled (unsupported).\n");
}

static void
write_file(void *user, const char *data, size_t len)
{
   fwrite(data, 1, len, (FILE *)user);
}

int
main(int argc, char **argv)
{
   enum mode mode = MODE_ASM;
   const char *input = NULL, *output = NULL;
   aco_target target = {ACO_GFX_NONE, 0};
   unsigned wave = 0;
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
         usage(stdout);
         return 0;
      } else if (!strncmp(a, "-mcpu=", 6)) {
         const char *cpu = a + 6;
         if (!strcmp(cpu, "gfx1030"))
            target.gfx_level = ACO_GFX1030;
         else if (!strcmp(cpu, "gfx1100"))
            target.gfx_level = ACO_GFX1100;
         else if (!strcmp(cpu, "gfx1200"))
            target.gfx_level = ACO_GFX1200;
         else {
            fprintf(stderr, "aco-cc: unknown -mcpu '%s' (gfx1030, gfx1100 or gfx1200)\n", cpu);
            return 1;
         }
      } else if (!strncmp(a, "-mwave=", 7)) {
         if (!strcmp(a + 7, "32"))
            wave = 32;
         else if (!strcmp(a + 7, "64"))
            wave = 64;
         else {
            fprintf(stderr, "aco-cc: -mwave must be 32 or 64\n");
            return 1;
         }
      } else if (!strcmp(a, "--print")) {
         mode = MODE_PRINT;
      } else if (!strcmp(a, "-S")) {
         mode = MODE_ASM;
      } else if (!strcmp(a, "-c")) {
         mode = MODE_OBJ;
      } else if (!strcmp(a, "--emit-elf")) {
         mode = MODE_ELF;
      } else if (!strcmp(a, "--emit-llvm")) {
         mode = MODE_LLVM;
      } else if (!strcmp(a, "-o")) {
         if (++i == argc) {
            fprintf(stderr, "aco-cc: -o needs a file name\n");
            return 1;
         }
         output = argv[i];
      } else if (a[0] == '-' && a[1]) {
         fprintf(stderr, "aco-cc: unknown option '%s' (see --help)\n", a);
         return 1;
      } else if (input) {
         fprintf(stderr, "aco-cc: more than one input file\n");
         return 1;
      } else {
         input = a;
      }
   }
   if (!input)
      input = "-";

   FILE *in = strcmp(input, "-") ? fopen(input, "rb") : stdin;
   if (!in) {
      fprintf(stderr, "aco-cc: cannot open '%s'\n", input);
      return 1;
   }
   size_t len;
   char *text = tool_read_all(in, &len);
   if (in != stdin)
      fclose(in);
   if (!text) {
      fprintf(stderr, "aco-cc: cannot read '%s'\n", input);
      return 1;
   }

   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p;
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      fprintf(stderr, "aco-cc: out of memory\n");
      free(text);
      return 1;
   }
   const char *name = strcmp(input, "-") ? input : "<stdin>";
   aco_status s = aco_program_parse(p, name, text, len);
   free(text);
   int rc = 0;
   if (s == ACO_SUCCESS) {
      aco_target t = aco_program_target(p);
      if ((target.gfx_level && target.gfx_level != t.gfx_level) || (wave && wave != t.wave_size)) {
         fprintf(stderr,
                 "aco-cc: the program says `target %s wave%u`; retargeting a program with "
                 "-mcpu/-mwave is not supported yet\n",
                 aco_gfx_level_name(t.gfx_level), t.wave_size);
         aco_program_destroy(p);
         return 3;
      }
      s = aco_program_validate(p);
   }
   if (s != ACO_SUCCESS) {
      fprintf(stderr, "aco-cc: %s: %s\n", aco_status_string(s), aco_program_message(p));
      aco_program_destroy(p);
      return s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
   }

   FILE *out = stdout;
   if (output && !(out = fopen(output, "wb"))) {
      fprintf(stderr, "aco-cc: cannot write '%s'\n", output);
      aco_program_destroy(p);
      return 1;
   }
   if (mode == MODE_PRINT) {
      s = aco_program_print(p, write_file, out);
      if (s != ACO_SUCCESS) {
         fprintf(stderr, "aco-cc: %s\n", aco_program_message(p));
         rc = 1;
      }
   } else if (mode == MODE_LLVM) {
      rc = emit_llvm_to_file(p, out);
   } else {
      aco_compile_options opts = {sizeof(opts), ACO_COMPILE_DISASSEMBLY, 0, 0, 0, 0};
      aco_binary *bin;
      s = aco_compile(p, &opts, NULL, &bin);
      if (s != ACO_SUCCESS) {
         fprintf(stderr, "aco-cc: %s: %s\n", aco_status_string(s), aco_program_message(p));
         rc = s == ACO_ERROR_UNSUPPORTED ? 3 : s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
      } else {
         if (mode == MODE_ASM && bin->disassembly)
            fputs(bin->disassembly, out);
         else if (mode == MODE_OBJ)
            fwrite(bin->code, 1, bin->code_size, out);
         else {
            fprintf(stderr, "aco-cc: --emit-elf is not available yet\n");
            rc = 3;
         }
         aco_binary_destroy(bin);
      }
   }
   if (out != stdout && fclose(out)) {
      fprintf(stderr, "aco-cc: cannot write '%s'\n", output);
      rc = 1;
   }
   aco_program_destroy(p);
   return rc;
}
