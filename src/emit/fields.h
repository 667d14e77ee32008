/* SPDX-License-Identifier: MIT */
/* Operand fields of an instruction by signature role, shared by encoder and decoder. */
#ifndef ACO_EMIT_FIELDS_H
#define ACO_EMIT_FIELDS_H

#include "mir/mir.h"

struct aco_fields {
   unsigned d, e, a, b, c, x, y, r, saddr, soffset;
   bool has_d, has_a, has_b, saddr_off, has_lit;
   uint32_t lit;
   /* the implicit lane mask ('v' slot): definition (VOPC/carry-out) and operand fields */
   unsigned vdef, vop;
   bool has_vdef, has_vop;
   /* GFX11+ VOP3 forms: op_sel bits of the 16-bit operands that are high halves (src i:
    * bit i, destination: bit 3), added to the instruction's own op_sel */
   uint8_t half_opsel;
};

/* The value a 32-bit literal gives a 64-bit source: the high half of an f64 (the op reads
 * floats), zero-extended for the integer ops, signed or not (llvm-mc-19 prints
 * v_mad_i64_i32's literal 0xfffff830, never -2000). */
static inline uint64_t
aco_literal64(bool fp64, uint32_t literal)
{
   return fp64 ? (uint64_t)literal << 32 : literal;
}

bool aco_instr_fields(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                      struct aco_fields *f);
/* The same for an instruction of p, its slot map looked up in p's table. */
bool aco_minstr_fields(struct aco_mprogram *p, const struct aco_minstr *in, struct aco_fields *f);

/* Appends a symbolic immediate: kind is the slot's file of a 'k' slot ('w' s_waitcnt, 'r'
 * hwreg, 'm' sendmsg, 'a' s_delay_alu, 'p' depctr). */
void aco_print_special_imm(aco_gfx_level level, char kind, unsigned imm, struct aco_strbuf *sb);

#endif
