/* SPDX-License-Identifier: MIT */
/* The assembler of whole machine programs (after lowering to hardware). */
#ifndef ACO_EMIT_ASSEMBLE_H
#define ACO_EMIT_ASSEMBLE_H

#include "aco/aco.h"
#include "mir/mir.h"

struct aco_assembly {
   ACO_VEC(uint32_t) words; /* on the program's allocator; free with aco_assembly_finish */
   uint32_t code_dwords;    /* before the s_code_end padding */
   aco_statistics stats;
   struct aco_strbuf *disasm; /* appended to when not NULL */
};

/* Appends p's code to out->words (a function starts at the current end), fixing branch
 * offsets (SOPP simm16: dwords from the next instruction), and counts its statistics.
 * Every instruction must be a hardware instruction with registers. */
aco_status aco_assemble(struct aco_mprogram *p, struct aco_assembly *out);
/* s_code_end padding after the last function: to a 64-byte line plus three more lines, so
 * instruction prefetch never reads past the code. */
aco_status aco_assemble_pad(struct aco_mprogram *p, struct aco_assembly *out);
void aco_assembly_finish(const aco_allocator *a, struct aco_assembly *out);

#endif
