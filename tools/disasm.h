/* SPDX-License-Identifier: MIT */
/* aco-cc --disasm: machine code (an AMDGPU ELF object or raw instruction words) printed the
 * way `llvm-objdump-19 -d` prints it. */
#ifndef ACO_TOOL_DISASM_H
#define ACO_TOOL_DISASM_H

#include "aco/aco_core.h"

#include <stddef.h>
#include <stdio.h>

/* Disassembles data[0..size): an ELF object when it starts with the ELF magic (every
 * executable section, labelled by its function symbols), raw little-endian words otherwise.
 * Unknown words print as `.long 0x...`. Returns 0, or 1 with a message on err for a
 * malformed ELF file. */
int aco_disasm_buffer(const unsigned char *data, size_t size, const char *name,
                      aco_gfx_level level, unsigned wave_size, FILE *out, FILE *err);

/* Reads path (or standard input for "-") and disassembles it; 1 on an I/O error. */
int aco_disasm_file(const char *path, aco_gfx_level level, unsigned wave_size, FILE *out,
                    FILE *err);

#endif
