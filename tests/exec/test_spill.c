/* SPDX-License-Identifier: MIT */
/* test_spill FILE...: each kernel on gfx1030, gfx1100 and gfx1200 in wave32 and wave64,
 * compiled under register limits that force spilling and run on the emulator against the
 * reference interpreter (exec_util.h).
 *
 * For each kernel and target the VGPR limit descends (SGPRs unlimited), then the SGPR
 * limit (VGPRs unlimited), then both together, down the lists below. Every limit the
 * compiler accepts must give the interpreter's results with every detector silent; the
 * descent stops at the first limit it rejects with ACO_ERROR_REGISTER_LIMIT (the
 * program needs more registers at one instruction than the limit), which is printed as
 * the smallest accepted limit. Any other failure fails the test, and so does a kernel
 * whose runs spilled nothing at all (the limits would not test the spiller). */
#include "exec_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned vgpr_limits[] = {16, 10, 7, 5, 4, 3, 2};
static const unsigned sgpr_limits[] = {28, 16, 12, 9, 7, 5, 4};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct totals {
   unsigned passed, failed, spilled_runs;
};

/* One descent: kind 0 VGPRs, 1 SGPRs, 2 both. */
static void
descend(const char *name, const char *text, const struct exec_spec *spec, aco_gfx_level level,
        unsigned wave, unsigned kind, struct totals *t)
{
   static const char *const kinds[3] = {"vgprs", "sgprs", "both"};
   static char msg[1 << 16];
   unsigned n = kind == 1 ? (unsigned)COUNT(sgpr_limits) : (unsigned)COUNT(vgpr_limits);
   unsigned smallest = 0, spills = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned v = kind == 1 ? 0 : vgpr_limits[i];
      unsigned s = kind == 0 ? 0 : kind == 1 ? sgpr_limits[i] : sgpr_limits[i < COUNT(sgpr_limits) ? i : COUNT(sgpr_limits) - 1];
      exec_set_limits(s, v);
      exec_set_asm_check(i == 0 || i + 1 == n); /* llvm-mc once at each end is enough */
      if (exec_run(name, text, spec, level, wave, msg, sizeof(msg), NULL, false)) {
         uint32_t st[4], scratch;
         exec_last_spills(st, &scratch);
         spills += st[0] + st[1] + st[2] + st[3];
         if (st[0] + st[1] + st[2] + st[3])
            t->spilled_runs++;
         smallest = kind == 1 ? s : v;
         t->passed++;
         continue;
      }
      if (strstr(msg, "compile: register limit too low"))
         break;
      printf("FAIL %s %s wave%u %s: max_sgprs %u max_vgprs %u: %s\n", name,
             aco_gfx_level_name(level), wave, kinds[kind], s, v, msg);
      t->failed++;
      break;
   }
   printf("ok   %s %s wave%u %s: down to %u, %u dwords of spill code\n", name,
          aco_gfx_level_name(level), wave, kinds[kind], smallest, spills);
}

int
main(int argc, char **argv)
{
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   unsigned failed = 0;
   for (int i = 1; i < argc; i++) {
      char path[1024];
      size_t len;
      char *text = exec_read_kernel(argv[i], path, sizeof(path), &len);
      struct exec_spec spec;
      char err[256];
      if (!text || !exec_parse_spec(text, &spec, err, sizeof(err))) {
         printf("FAIL %s: %s\n", path, text ? err : "cannot read");
         free(text);
         failed++;
         continue;
      }
      struct totals t = {0, 0, 0};
      for (unsigned l = 0; l < 3; l++) {
         for (unsigned w = 32; w <= 64; w += 32) {
            if (spec.skip[l][w / 64][0])
               continue;
            for (unsigned kind = 0; kind < 3; kind++)
               descend(argv[i], text, &spec, levels[l], w, kind, &t);
         }
      }
      if (!t.spilled_runs) {
         printf("FAIL %s: no run spilled anything\n", argv[i]);
         t.failed++;
      }
      printf("%s: %u runs passed (%u with spill code), %u failed\n", argv[i], t.passed,
             t.spilled_runs, t.failed);
      failed += t.failed;
      free(text);
   }
   return failed ? 1 : 0;
}
