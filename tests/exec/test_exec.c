/* SPDX-License-Identifier: MIT */
/* test_exec [--dump] [--limits SGPRS,VGPRS] FILE...: each kernel on gfx1030, gfx1100 and gfx1200 in wave32 and wave64,
 * compiled and run on the emulator against the reference interpreter (exec_util.h).
 * One line per kernel and target; fails if any run differs. */
#include "exec_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main(int argc, char **argv)
{
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   unsigned failed = 0, passed = 0, skipped = 0;
   bool dump = false;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--dump")) {
         dump = true; /* print the buffers after each run */
         continue;
      }
      if (!strcmp(argv[i], "--limits") && i + 1 < argc) {
         /* --limits SGPRS,VGPRS: compile under these register limits (spilling) */
         unsigned s = 0, v = 0;
         if (sscanf(argv[++i], "%u,%u", &s, &v) != 2) {
            printf("FAIL --limits wants SGPRS,VGPRS\n");
            return 1;
         }
         exec_set_limits(s, v);
         continue;
      }
      char path[1024];
      size_t len;
      char *text = exec_read_kernel(argv[i], path, sizeof(path), &len);
      if (!text) {
         printf("FAIL %s: cannot read\n", path);
         failed++;
         continue;
      }
      struct exec_spec spec;
      char err[256];
      if (!exec_parse_spec(text, &spec, err, sizeof(err))) {
         printf("FAIL %s: %s\n", argv[i], err);
         failed++;
         free(text);
         continue;
      }
      for (unsigned l = 0; l < 3; l++) {
         for (unsigned w = 32; w <= 64; w += 32) {
            if (spec.skip[l][w / 64][0]) {
               printf("skip %s %s wave%u: %s\n", argv[i], aco_gfx_level_name(levels[l]), w,
                      spec.skip[l][w / 64]);
               skipped++;
               continue;
            }
            static char msg[1 << 16];
            uint32_t instrs = 0;
            const char *refusal = spec.unsupported[l][w / 64];
            if (refusal[0]) {
               /* the compile must refuse it, saying what */
               bool ran = exec_run(path, text, &spec, levels[l], w, msg, sizeof(msg), &instrs, dump);
               if (!ran && strstr(msg, ": unsupported: ") && strstr(msg, refusal)) {
                  printf("ok   %s %s wave%u: unsupported, as expected\n", argv[i],
                         aco_gfx_level_name(levels[l]), w);
                  passed++;
               } else {
                  printf("FAIL %s %s wave%u: expected an unsupported error naming \"%s\", got: %s\n",
                         argv[i], aco_gfx_level_name(levels[l]), w, refusal, ran ? "a run" : msg);
                  failed++;
               }
               continue;
            }
            if (exec_run(path, text, &spec, levels[l], w, msg, sizeof(msg), &instrs, dump)) {
               printf("ok   %s %s wave%u (%u instructions)\n", argv[i],
                      aco_gfx_level_name(levels[l]), w, instrs);
               passed++;
            } else {
               printf("FAIL %s %s wave%u: %s\n", argv[i], aco_gfx_level_name(levels[l]), w, msg);
               failed++;
            }
         }
      }
      free(text);
   }
   printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
   return failed || !passed ? 1 : 0;
}
