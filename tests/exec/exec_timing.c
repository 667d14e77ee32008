/* SPDX-License-Identifier: MIT */
/* exec-timing LEVEL WAVE FILE.air: the run-time yardstick of bench/run (docs/timing.md,
 * docs/performance.md). The kernel (with its `; buffer/args/grid` dispatch lines,
 * exec_util.h) is compiled by libaco and, from its `aco-cc --emit-llvm` translation, by
 * llc-19 -O2; each binary runs on the emulator with every detector on and its buffers are
 * compared with the reference interpreter's; then one JSON object per line gives, for
 * each compiler, the static instruction count (libaco's) and the run's executed
 * wave-instructions, modeled cycles and stalls:
 *
 *   {"aco": {...} | {"error": "..."}, "llc": {...} | {"error": "..."}}
 *
 * Exit status 0 when both ran and agreed with the interpreter, 1 otherwise. */
#include "exec_util.h"
#include "llc_part.h"

#include "emu/emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
print_json_string(const char *s)
{
   putchar('"');
   for (; *s; s++) {
      unsigned char c = (unsigned char)*s;
      if (c == '"' || c == '\\')
         printf("\\%c", c);
      else if (c < 0x20)
         printf("\\u%04x", c);
      else
         putchar(c);
   }
   putchar('"');
}

static void
print_stats(const struct aco_emu_stats *st)
{
   printf("{\"waves\": %llu, \"instructions\": %llu, \"cycles\": %llu, "
          "\"max_wave_cycles\": %llu, \"dependency_stall\": %llu, \"unit_stall\": %llu, "
          "\"wait_stall\": %llu, \"branch_cycles\": %llu, \"barrier_stall\": %llu",
          (unsigned long long)st->waves, (unsigned long long)st->instructions,
          (unsigned long long)st->cycles, (unsigned long long)st->max_wave_cycles,
          (unsigned long long)st->dependency_stall, (unsigned long long)st->unit_stall,
          (unsigned long long)st->wait_stall, (unsigned long long)st->branch_cycles,
          (unsigned long long)st->barrier_stall);
}

int
main(int argc, char **argv)
{
   if (argc != 4) {
      fprintf(stderr, "usage: exec-timing gfx1030|gfx1100|gfx1200 32|64 KERNEL.air\n");
      return 2;
   }
   aco_gfx_level level = !strcmp(argv[1], "gfx1030")   ? ACO_GFX1030
                         : !strcmp(argv[1], "gfx1100") ? ACO_GFX1100
                         : !strcmp(argv[1], "gfx1200") ? ACO_GFX1200
                                                       : ACO_GFX_NONE;
   unsigned wave = (unsigned)atoi(argv[2]);
   if (level == ACO_GFX_NONE || (wave != 32 && wave != 64)) {
      fprintf(stderr, "exec-timing: unknown target %s wave%s\n", argv[1], argv[2]);
      return 2;
   }
   char *text = exec_read_file(argv[3], NULL);
   if (!text) {
      fprintf(stderr, "exec-timing: cannot read %s\n", argv[3]);
      return 2;
   }
   static char msg[1 << 16];
   struct exec_spec spec;
   if (!exec_parse_spec(text, &spec, msg, sizeof(msg))) {
      fprintf(stderr, "exec-timing: %s: %s\n", argv[3], msg);
      free(text);
      return 2;
   }
   /* the reassembly check is the tests' business, not the yardstick's */
   exec_set_asm_check(false);
   exec_set_llc_measure(true);
   const char *base = strrchr(argv[3], '/') ? strrchr(argv[3], '/') + 1 : argv[3];
   uint32_t instrs = 0;
   struct aco_emu_stats st;
   bool ok_aco = exec_run(argv[3], text, &spec, level, wave, msg, sizeof(msg), &instrs, false);
   printf("{\"aco\": ");
   if (ok_aco) {
      exec_last_run_stats(&st);
      print_stats(&st);
      printf(", \"static_instructions\": %u}", instrs);
   } else {
      printf("{\"error\": ");
      print_json_string(msg);
      printf("}");
   }
   bool ok_llc = exec_run_llc(base, text, &spec, level, wave, msg, sizeof(msg), &st);
   printf(", \"llc\": ");
   if (ok_llc) {
      print_stats(&st);
      printf("}");
   } else {
      printf("{\"error\": ");
      print_json_string(msg);
      printf("}");
   }
   printf("}\n");
   free(text);
   return ok_aco && ok_llc ? 0 : 1;
}
