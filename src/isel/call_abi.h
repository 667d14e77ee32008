/* SPDX-License-Identifier: MIT */
/* Parameter assignment of called functions (docs/calls.md "Parameter assignment"): where
 * each parameter of a signature lives under an ABI (an SGPR or VGPR range, or a slot of
 * the stack-parameter area), plus the system parameters libaco adds (return address,
 * stack pointer, uniform and divergent PC). It is a pure function of (ABI, signature,
 * target, divergent-callable), versioned by ACO_CALL_ABI_VERSION, so that a caller and a
 * callee compiled apart agree on it. Instruction selection of calls and of called
 * functions reads it; the disassembly header prints it. */
#ifndef ACO_ISEL_CALL_ABI_H
#define ACO_ISEL_CALL_ABI_H

#include "aco/aco.h"
#include "ir/ir.h"
#include "util/strbuf.h"

#include <stdbool.h>
#include <stdint.h>

/* Locations are the public aco_param_location (include/aco/aco_ir.h); system parameters
 * are indexed by aco_system_param. */

struct aco_call_signature {
   const char *name; /* the function, for messages; may be NULL */
   const aco_param_info *params;
   uint32_t num_params;
   bool divergent_callable;
};

struct aco_call_layout {
   uint32_t version; /* ACO_CALL_ABI_VERSION */
   aco_param_location sys[ACO_SYSTEM_PARAM_COUNT]; /* by aco_system_param */
   uint32_t num_params;
   aco_param_location *params; /* one per signature parameter (the caller's array) */
   uint32_t stack_bytes;        /* the stack-parameter area, bytes per lane */
   aco_reg_count param_regs;    /* registers the signature's parameters take (no system ones) */
   aco_reg_count reg_limit;     /* the registers a callee may use: min(hardware, ABI limit) */
};

/* Computes the layout of `sig` under `abi` for `target` into *out, with out->params = locs
 * (sig->num_params entries). On failure returns ACO_ERROR_INVALID_ARGUMENT (bad type,
 * flags or target) or ACO_ERROR_REGISTER_LIMIT (the ABI's register or stack limits leave
 * no room), with a message naming the function and parameter appended to msg (if not
 * NULL). Allocates nothing. */
aco_status aco_call_layout_compute(const struct aco_abi *abi, const struct aco_call_signature *sig,
                                   aco_target target, aco_param_location *locs,
                                   struct aco_call_layout *out, struct aco_strbuf *msg);

/* The layout of function f (not an entry) under its ABI and its program's target, and
 * (if sig_out is not NULL) its signature as the layout functions take it; both point into
 * `arena`. Errors are reported on the program. */
aco_status aco_call_layout_for_function(const struct aco_function *f, struct aco_arena *arena,
                                        struct aco_call_layout *out,
                                        struct aco_call_signature *sig_out);

/* "s4", "s[4:5]", "v7", "v[0:2]", "stack+8..15"; buf of at least 32 bytes. */
const char *aco_call_loc_name(const aco_param_location *loc, char buf[32]);

/* The layout as comment lines (the disassembly header's format, docs/calls.md):
 *   ; @f: abi @compute_default, call ABI v1, gfx1100 wave32
 *   ;   return address: s[16:17] clobbered, written back
 *   ;   param 0 %x (i32): v0 preserved
 * sig->params[i].name names parameter i when set. */
void aco_call_layout_print(const struct aco_call_layout *l, const struct aco_abi *abi,
                           const struct aco_call_signature *sig, aco_target target,
                           struct aco_strbuf *sb);

#endif
