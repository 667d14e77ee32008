/* SPDX-License-Identifier: MIT */
/* Operand fields of an instruction by signature role, shared by encoder and decoder. */
#ifndef ACO_EMIT_FIELDS_H
#define ACO_EMIT_FIELDS_H

#include "mir/mir.h"

struct aco_fields {
   unsigned d, e, a, b, c, x, y, r, saddr, soffset;
   bool has_d, has_a, saddr_off, has_lit;
   uint32_t lit;
};

bool aco_instr_fields(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                      struct aco_fields *f);

#endif
