/* SPDX-License-Identifier: MIT */
/* test_wave_scratch KERNEL...: each kernel (scratch in several waves at once, in every
 * configuration) runs on every level and wave size through the hardware-style dispatch
 * against the interpreter, as written and with 4 VGPRs (spilling to scratch too);
 * then, on gfx1030, with the entry's addition of the wave offset removed (the
 * s_add_u32/s_addc_u32 before the FLAT_SCRATCH writes replaced by s_nop): that code gives
 * every wave the same scratch, and the run must fail (docs/emulator.md "Hardware-style
 * dispatch"). */
#include "exec_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Replaces the entry's s_add_u32/s_addc_u32 that precede its first SOPK instruction (the
 * s_setreg_b32 of FLAT_SCR_LO) by s_nop 0. */
static unsigned
drop_wave_offset(uint32_t *words, size_t n, aco_target t)
{
   unsigned changed = 0;
   if (t.gfx_level != ACO_GFX1030)
      return 0;
   for (size_t i = 0; i < n && (words[i] >> 28) != 0xb; i++) {
      uint32_t top = words[i] >> 23; /* SOP2: 0b10, then the 7-bit opcode */
      if (top == 0x100 || top == 0x104) { /* s_add_u32, s_addc_u32 */
         words[i] = 0xbf800000u; /* s_nop 0 */
         changed++;
      }
   }
   return changed;
}

int
main(int argc, char **argv)
{
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   unsigned failed = 0, passed = 0;
   exec_set_asm_check(false);
   for (int i = 1; i < argc; i++) {
      char path[1024];
      size_t len;
      char *text = exec_read_kernel(argv[i], path, sizeof(path), &len);
      struct exec_spec spec;
      char err[256];
      if (!text || !exec_parse_spec(text, &spec, err, sizeof(err))) {
         printf("FAIL %s: cannot read or parse\n", argv[i]);
         failed++;
         free(text);
         continue;
      }
      /* as written, then under register limits that make it spill to scratch too */
      for (unsigned lim = 0; lim < 2; lim++)
      for (unsigned l = 0; l < 3; l++) {
         for (unsigned w = 32; w <= 64; w += 32) {
            char msg[8192];
            exec_set_limits(0, lim ? 4 : 0);
            exec_set_code_patch(NULL);
            if (!exec_run(path, text, &spec, levels[l], w, msg, sizeof(msg), NULL, false)) {
               printf("FAIL %s %s wave%u: %s\n", argv[i], aco_gfx_level_name(levels[l]), w, msg);
               failed++;
               continue;
            }
            passed++;
            uint32_t spills[4], scratch;
            exec_last_spills(spills, &scratch);
            if (lim && !spills[2]) {
               printf("FAIL %s %s wave%u: the limits made nothing spill to scratch\n", argv[i],
                      aco_gfx_level_name(levels[l]), w);
               failed++;
            }
            if (levels[l] != ACO_GFX1030)
               continue;
            /* the mutation: code that ignores the wave offset */
            exec_set_code_patch(drop_wave_offset);
            bool ran = exec_run(path, text, &spec, levels[l], w, msg, sizeof(msg), NULL, false);
            unsigned patched = exec_last_patched();
            exec_set_code_patch(NULL);
            if (patched != 2) {
               printf("FAIL %s %s wave%u: expected the entry to add the wave offset "
                      "(s_add_u32 + s_addc_u32 before FLAT_SCRATCH), found %u of them\n",
                      argv[i], aco_gfx_level_name(levels[l]), w, patched);
               failed++;
            } else if (ran || !strstr(msg, "scratch slice")) {
               printf("FAIL %s %s wave%u: code ignoring the wave offset %s\n", argv[i],
                      aco_gfx_level_name(levels[l]), w,
                      ran ? "ran without error" : "failed for another reason:");
               if (!ran)
                  printf("%.600s\n", msg);
               failed++;
            } else {
               printf("ok   %s %s wave%u%s: without the wave offset: %.160s\n", argv[i],
                      aco_gfx_level_name(levels[l]), w, lim ? " (spilling)" : "", msg);
               passed++;
            }
         }
      }
      free(text);
   }
   printf("%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}
