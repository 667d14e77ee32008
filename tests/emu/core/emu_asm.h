/* SPDX-License-Identifier: MIT */
/* Assembling the emulator tests' hand-written programs (emu_asm.c). */
#ifndef ACO_TESTS_EMU_ASM_H
#define ACO_TESTS_EMU_ASM_H

#include "aco/aco_core.h"

#include <stddef.h>
#include <stdint.h>

struct emu_asm_target {
   aco_gfx_level level;
   unsigned wave;   /* 32 or 64 */
   const char *cpu; /* gfx1030, gfx1100, gfx1200 */
};

/* A growing string (programs built in a loop). */
struct strb {
   char *s;
   size_t len, cap;
};

void sb_add(struct strb *b, const char *s, size_t n);

/* The program's code (malloc'ed, *dwords dwords) after its placeholders are expanded:
 * WAITV, WAITS, WAITK, WAITK1, WAITV1, WAITD (waits), BARRIER, RTN (atomic return), EXEC,
 * VCC, MOVM, SAVEEXEC, ORSAVEEXEC, XORSAVEEXEC (wave-size forms), MASK, MASK2, MASK3
 * (s20, s36, s70 or the pair there, for an exec mask),
 * FLATSCR (gfx1030's scratch setup from s[0:1]), SOFF, BUFOFF. Fails the test when
 * llvm-mc-19 does. */
uint32_t *emu_asm_assemble(const struct emu_asm_target *t, const char *text, size_t *dwords);

#endif
