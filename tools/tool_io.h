/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the command-line tools. */
#ifndef ACO_TOOL_IO_H
#define ACO_TOOL_IO_H

#include <stddef.h>
#include <stdio.h>

/* Reads all of f into a malloc'ed buffer, followed by a NUL byte not counted in *len; NULL
 * on a read or allocation error. */
char *tool_read_all(FILE *f, size_t *len);

/* Results of tool_retarget. */
enum tool_retarget_result {
   TOOL_RETARGET_OK,
   TOOL_RETARGET_NO_TARGET_LINE,
   TOOL_RETARGET_OUT_OF_MEMORY,
};

/* The program text (len bytes, not necessarily NUL-terminated, never read past) with its
 * `target` line, the first line whose first word is `target`, replaced by
 * `target CPU waveWAVE` (cpu NULL or wave 0: the program's word is kept). The result goes
 * to *out (malloc'ed, NUL-terminated) and its length to *out_len. */
enum tool_retarget_result tool_retarget(const char *text, size_t len, const char *cpu,
                                        unsigned wave, char **out, size_t *out_len);

/* Writes a libaco message (one or more lines) to f as compiler diagnostics, one per line,
 * the location first: "FILE:LINE:COL: error: what" for lines located in the text (the
 * parser's "FILE:LINE:COL: ..." and the validator's "line LINE:COL: ..."), else
 * "FILE: error: what" (or "TOOL: error: what" when file is NULL). The validator's
 * "N errors:" heading is left out. Flushes stdout first, so that the messages follow what
 * the tool printed. */
void tool_print_errors(FILE *f, const char *tool, const char *file, const char *message);

/* ---- SPIR-V input (docs/spirv.md) ---- */

#include "aco/aco_ir.h"

#include <stdbool.h>
#include <stdint.h>

#define TOOL_MAX_SPECS 64

/* What --entry and --spec ID=VALUE gave. */
struct tool_spirv_args {
   const char *entry;
   unsigned num_specs;
   uint32_t spec_ids[TOOL_MAX_SPECS];
   uint64_t spec_values[TOOL_MAX_SPECS];
};

/* Whether the file's first word is SPIR-V's magic number. */
bool tool_is_spirv(const char *data, size_t len);
/* Parses the value of --spec (ID=VALUE; VALUE an integer, or f:FLOAT for a 32-bit float);
 * false when malformed or too many. */
bool tool_add_spec(struct tool_spirv_args *a, const char *spec);
/* Translates a SPIR-V module into a new program for `target` (gfx_level 0: gfx1100,
 * wave 0: 32). Returns an exit status: 0, 1 (out of memory, or no SPIR-V support
 * built), 2 (malformed module), 3 (unsupported); messages go to stderr prefixed by tool. */
int tool_spirv_program(const char *tool, const char *name, const char *data, size_t len,
                       aco_target target, const struct tool_spirv_args *a, aco_program **out);

#endif
