/* SPDX-License-Identifier: MIT */
/* test_llvm_cross LEVEL WAVE [FILE.air...]: the cross-check of `aco-cc --emit-llvm`
 * (docs/emit-llvm.md). Every kernel of tests/exec/kernels, tests/exec/pending,
 * tests/exec/llvm_cross (kernels for this check only: calls, divergent control flow,
 * subgroup scans, the guarded edge cases) and examples/saxpy.air (or the files named,
 * relative to the source root) is
 * retargeted, translated to LLVM IR by air_emit_llvm, compiled by llc-19 and run on the
 * emulator with every detector on; all buffer bytes are compared with the reference
 * interpreter as test_exec does (values tagged approximate within their ULP bound).
 *
 * llc's objects are cached in $ACO_LLVM_CROSS_CACHE (default ./llvm-cross-cache) under a
 * hash of the LLVM IR and the llc options, so a rerun only compiles what changed.
 * Exits 77 (skipped) when llc-19 is not installed.
 *
 * The launch (docs/emit-llvm.md): the entry's parameters are inreg, packed from s0 by
 * llc without alignment (s2 on gfx1030, where llc expects the flat-scratch base in
 * s[0:1] and the wave's scratch offset after the last argument), then the workgroup ids
 * x, y, z, and the packed local id in v0. MODE follows the entry's denormal modes (what
 * the `denormal-fp-math` attributes tell llc). */
#include "exec_util.h"
#include "llc_part.h"

#include "emit_llvm.h"
#include "emu/emu.h"
#include "emu/loader.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "util/strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_KERNELS 256

/* Runs that cannot pass for a reason outside the translation: llc-19 or the emulator.
 * They still run; a listed run that passes fails the test so its entry is removed.
 * level NULL: every level; wave 0: both. */
struct known_limit {
   const char *kernel, *level;
   unsigned wave;
   const char *reason;
};
#define LLC_BREAK_BALLOT                                                                    \
   "llc-19 computes a ballot of the loop's break block after the loop, where every lane "    \
   "that has left is active (0xffffffff for 0x11111111 or 0x01010101): the front IR's "      \
   "ballot counts the lanes breaking in that iteration"
static const struct known_limit known_limits[] = {
   {"div_loop_break.air", "gfx1100", 64,
    "llc-19 leaves a VALUPartialForwardingHazard across the loop's back-edge: v_mad_u64_u32 "
    "reads v2 (written by itself in the previous iteration, before the s_or_b64/s_and_not1_b64 "
    "exec writes at the loop head) and v1 (a v_mov after them) with one VALU in between and "
    "no s_waitcnt_depctr va_vdst(0); the pattern is LLVM's own rule for wave64 gfx11 "
    "(at most 2 VALUs around the SALU exec write, at most 4 after), which its hazard "
    "recognizer does not follow into the previous iteration"},
   {"conv64_modes.air", NULL, 0,
    "aco-cc --emit-llvm cannot express rounding modes other than nearest-even (llc-19's "
    "constrained intrinsics are not used yet), so the kernel has no LLVM translation"},
   {"float16_sincos.air", NULL, 0,
    "llc-19's f16 sin/cos scale by 1/2pi in f16 before v_sin_f16/v_cos_f16, which loses "
    "many ulp (0xb872 for 0xb8cf), beyond the kernel's bound; libaco computes them in f32"},
   {"float_approx_16_64.air", NULL, 0,
    "llc-19's f64 division by the largest f64 gives -inf in one lane (0xfff00000 high word) "
    "where the quotient underflows to -0; not yet traced to llc-19's v_div_scale/v_div_fmas/"
    "v_div_fixup_f64 sequence or to the emulator's model of those instructions"},
   {"div_subgroup.air", NULL, 0, LLC_BREAK_BALLOT},
   {"div_subgroup_loops.air", NULL, 0, LLC_BREAK_BALLOT},
   {"buffer_vectors.air", NULL, 0,
    "llc-19 cannot select llvm.amdgcn.raw.buffer.load/store of <3 x i8>, <5 x i8>, "
    "<3 x i16> or <5 x i32> (\"Do not know how to widen the result of this operator\"); "
    "aco-cc --emit-llvm does not split them into supported types yet"},
   {"int64_div.air", "gfx1200", 0,
    "llc-19 emits a VOP3 instruction (0xd6840008) the emulator does not decode yet"},
   {NULL, NULL, 0, NULL},
};

static const char *
known_limit(const char *kernel, const char *level, unsigned wave)
{
   for (const struct known_limit *k = known_limits; k->kernel; k++)
      if (!strcmp(k->kernel, kernel) && (!k->level || !strcmp(k->level, level)) &&
          (!k->wave || k->wave == wave))
         return k->reason;
   return NULL;
}

static int
cmp_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: test_llvm_cross gfx1030|gfx1100|gfx1200 32|64 [KERNEL.air...]\n");
      return 1;
   }
   aco_gfx_level level = !strcmp(argv[1], "gfx1030")   ? ACO_GFX1030
                         : !strcmp(argv[1], "gfx1100") ? ACO_GFX1100
                         : !strcmp(argv[1], "gfx1200") ? ACO_GFX1200
                                                       : ACO_GFX_NONE;
   unsigned wave = (unsigned)atoi(argv[2]);
   if (level == ACO_GFX_NONE || (wave != 32 && wave != 64)) {
      fprintf(stderr, "unknown target %s wave%s\n", argv[1], argv[2]);
      return 1;
   }
   if (system("llc-19 --version >/dev/null 2>&1") != 0) {
      printf("SKIP: llc-19 is not installed (Debian package llvm-19)\n");
      return 77;
   }
   const char *srcdir = getenv("ACO_TEST_SRCDIR");
   if (!srcdir || !srcdir[0])
      srcdir = ".";
   /* paths relative to the source root */
   char *names[MAX_KERNELS];
   unsigned num = 0;
   if (argc > 3) {
      for (int i = 3; i < argc && num < MAX_KERNELS; i++)
         names[num++] = strdup(argv[i]);
   } else {
      static const char *const dirs[] = {"tests/exec/kernels", "tests/exec/pending",
                                         "tests/exec/llvm_cross"};
      for (unsigned k = 0; k < 3; k++) {
         char kdir[PATH_MAX];
         snprintf(kdir, sizeof(kdir), "%s/%s", srcdir, dirs[k]);
         DIR *d = opendir(kdir);
         if (!d && k == 0) {
            printf("FAIL: cannot open %s (is ACO_TEST_SRCDIR set?)\n", kdir);
            return 1;
         }
         if (!d) {
            printf("note: no directory %s\n", kdir);
            continue;
         }
         unsigned first = num;
         struct dirent *e;
         while ((e = readdir(d)) && num < MAX_KERNELS) {
            size_t n = strlen(e->d_name);
            if (n > 4 && !strcmp(e->d_name + n - 4, ".air")) {
               char rel[PATH_MAX];
               snprintf(rel, sizeof(rel), "%s/%s", dirs[k], e->d_name);
               names[num++] = strdup(rel);
            }
         }
         closedir(d);
         qsort(names + first, num - first, sizeof(names[0]), cmp_names);
      }
      if (num < MAX_KERNELS)
         names[num++] = strdup("examples/saxpy.air");
   }
   unsigned passed = 0, failed = 0, known = 0;
   static char msg[1 << 16];
   for (unsigned i = 0; i < num; i++) {
      if (!names[i]) {
         printf("FAIL: out of memory\n");
         failed++;
         continue;
      }
      char path[2 * PATH_MAX];
      if (names[i][0] == '/')
         snprintf(path, sizeof(path), "%s", names[i]);
      else
         snprintf(path, sizeof(path), "%s/%s", srcdir, names[i]);
      const char *base = strrchr(names[i], '/') ? strrchr(names[i], '/') + 1 : names[i];
      char *text = exec_read_file(path, NULL);
      struct exec_spec spec;
      bool ok;
      uint64_t steps = 0;
      struct aco_emu_stats st;
      if (!text)
         ok = false, snprintf(msg, sizeof(msg), "cannot read %s", path);
      else if (!exec_parse_spec(text, &spec, msg, sizeof(msg)))
         ok = false;
      else
         ok = exec_run_llc(base, text, &spec, level, wave, msg, sizeof(msg), &st);
      steps = st.instructions;
      const char *why = known_limit(base, argv[1], wave);
      if (ok && !why) {
         printf("ok   %s %s wave%u (%llu instructions executed)\n", base, argv[1], wave,
                (unsigned long long)steps);
         passed++;
      } else if (ok) {
         printf("FAIL %s %s wave%u: listed as a known limitation (%s) but passes: remove the "
                "entry\n",
                base, argv[1], wave, why);
         failed++;
      } else if (why) {
         printf("known %s %s wave%u: %s\n  (%.*s)\n", base, argv[1], wave, why, 300, msg);
         known++;
      } else {
         printf("FAIL %s %s wave%u: %s\n", base, argv[1], wave, msg);
         failed++;
      }
      free(text);
      free(names[i]);
   }
   printf("%u passed, %u failed, %u known limitations\n", passed, failed, known);
   return failed || !passed ? 1 : 0;
}
