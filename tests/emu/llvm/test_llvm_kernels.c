/* SPDX-License-Identifier: MIT */
/* Runs every kernel of tests/emu/llvm (compiled by llc-19 for one target and wave size,
 * given as arguments: `test_llvm_kernels gfx1100 64`) on the emulator and compares every
 * output word with the values kernels.c computes in C. Kernels with calls run with the
 * ABI check. Exits 77 (skipped) when llc-19 or llvm-mc-19 is missing. */
#include "harness.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

struct kernel_state {
   const struct llvm_kernel *k;
   const struct llvm_config *c;
};

static void
run_kernel(void **state)
{
   const struct kernel_state *ks = *state;
   char s_path[PATH_MAX], o_path[PATH_MAX], msg[4096];
   if (!llvm_build(ks->k, ks->c, s_path, o_path, msg, sizeof(msg)))
      fail_msg("%s: %s", ks->k->name, msg);
   size_t size;
   void *elf = llvm_read_file(o_path, &size);
   if (!elf)
      fail_msg("%s: cannot read %s", ks->k->name, o_path);
   enum llvm_result r =
      llvm_run_and_check(ks->k, ks->c, elf, size, ks->k->calls, msg, sizeof(msg));
   free(elf);
   const char *known = llvm_known_failure(ks->k->name, ks->c);
   if (known && r != LLVM_OK) {
      printf("  known emulator problem (%s): %s\n", known, msg);
      return;
   }
   if (known)
      printf("  NOTE: %s now passes on %s wave%u: remove its llvm_known_failures entry\n",
             ks->k->name, ks->c->cpu, ks->c->wave_size);
   if (r != LLVM_OK)
      fail_msg("%s on %s wave%u: %s: %s", ks->k->name, ks->c->cpu, ks->c->wave_size,
               r == LLVM_MISMATCH   ? "wrong output"
               : r == LLVM_RUN_ERROR ? "emulator error"
                                     : "load error",
               msg);
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s gfx1030|gfx1100|gfx1200 32|64 [kernel...]\n", argv[0]);
      return 1;
   }
   const struct llvm_config *c = llvm_find_config(argv[1], (unsigned)atoi(argv[2]));
   if (!c) {
      fprintf(stderr, "unknown target %s wave%s\n", argv[1], argv[2]);
      return 1;
   }
   char why[256];
   if (!llvm_tools_present(why, sizeof(why))) {
      printf("%s\n", why);
      return 77;
   }
   struct kernel_state *states = calloc(llvm_num_kernels, sizeof(*states));
   struct CMUnitTest *tests = calloc(llvm_num_kernels, sizeof(*tests));
   if (!states || !tests)
      return 1;
   unsigned n = 0;
   for (unsigned i = 0; i < llvm_num_kernels; i++) {
      bool selected = argc == 3;
      for (int a = 3; a < argc; a++)
         selected |= !strcmp(argv[a], llvm_kernels[i].name);
      if (!selected)
         continue;
      states[n] = (struct kernel_state){&llvm_kernels[i], c};
      tests[n] = (struct CMUnitTest){llvm_kernels[i].name, run_kernel, NULL, NULL, &states[n]};
      n++;
   }
   char group[64];
   snprintf(group, sizeof(group), "llvm-kernels-%s-w%u", c->cpu, c->wave_size);
   int rc = _cmocka_run_group_tests(group, tests, n, NULL, NULL);
   free(tests);
   free(states);
   return rc;
}
