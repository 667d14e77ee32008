/* SPDX-License-Identifier: MIT */
/* Execution tests: a kernel file (tests/exec/kernels/NAME.air) carries its dispatch in
 * comment lines at the top:
 *
 *   ; buffer NAME BYTES [zero|iota|random|f32ramp]   memory the kernel reads or writes
 *   ; args VALUE...      one per entry parameter: a buffer name (its address), an integer
 *                         (decimal or 0x hex) or f:FLOAT
 *   ; grid X Y Z          workgroups (default 1 1 1)
 *   ; skip LEVEL[/WAVE] REASON   do not run on gfx1030/gfx1100/gfx1200 (in wave32 or 64
 *                         only with /32, /64); the reason is printed
 *
 * The kernel is retargeted to each level and wave size, compiled, run on the emulator
 * (every detector on) and on the reference interpreter, and every buffer byte compared
 * (values the interpreter tags as approximate are compared within their ULP bound). */
#ifndef ACO_TESTS_EXEC_UTIL_H
#define ACO_TESTS_EXEC_UTIL_H

#include "aco/aco.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXEC_MAX_BUFFERS 8

struct exec_buffer {
   char name[32];
   uint32_t size;
   char init[16];
};

struct exec_spec {
   struct exec_buffer buffers[EXEC_MAX_BUFFERS];
   unsigned num_buffers;
   char args[16][48];
   unsigned num_args;
   uint32_t grid[3];
   char skip[3][2][160]; /* per level index and wave (32, 64): reason, "" to run */
};

/* The file's text (malloc'ed, NUL-terminated) or NULL. */
char *exec_read_file(const char *path, size_t *len);
bool exec_parse_spec(const char *text, struct exec_spec *spec, char *err, size_t errlen);
/* The text with the target line replaced (malloc'ed). */
char *exec_retarget(const char *text, aco_gfx_level level, unsigned wave);

/* Compiles and runs one kernel on one target; false with a message on any difference.
 * dump: print the buffers the emulator run left (the first 64 dwords of each). */
bool exec_run(const char *name, const char *text, const struct exec_spec *spec,
              aco_gfx_level level, unsigned wave, char *msg, size_t msglen, uint32_t *instrs,
              bool dump);

#endif
