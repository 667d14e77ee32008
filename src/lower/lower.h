/* SPDX-License-Identifier: MIT */
/* The post-RA lowering passes (SSA elimination, lowering to hardware, register saves of
 * called functions, wait insertion)
 * and what they share. The contracts are in the pass index of src/mir/mir.h. */
#ifndef ACO_LOWER_H
#define ACO_LOWER_H

#include "mir/mir.h"

/* Phis -> p_parallelcopy at the end of the predecessors (after register allocation). */
aco_status aco_eliminate_ssa(struct aco_mprogram *p);
/* Every pseudo instruction -> hardware instructions (after SSA elimination). */
aco_status aco_lower_to_hw(struct aco_mprogram *p);
/* Subgroup reductions and scans (p_reduce, p_inclusive_scan, p_exclusive_scan, docs/mir.md)
 * -> hardware instructions appended to *out (lower_reduce.c; called by aco_lower_to_hw). */
aco_status aco_lower_reduce(struct aco_mprogram *p, aco_instr_list *out,
                            const struct aco_minstr *in);
/* Called functions: saves at the entry and restores before each return of the registers
 * their ABI preserves and they write (save_registers.c); every function: the frame size
 * in the stack-pointer bumps around its calls (after lowering to hardware). */
aco_status aco_save_registers(struct aco_mprogram *p);
/* s_waitcnt / s_wait_* before the first use of a register a memory access still writes,
 * and before s_barrier / returns for outstanding stores (after lowering to hardware). */
aco_status aco_insert_waits(struct aco_mprogram *p);
/* Hazard NOPs per docs/hazards.md (insert_nops.c, owned by the hazard work). */
aco_status aco_insert_nops(struct aco_mprogram *p);

/* p_parallelcopy may name an SGPR the lowering may clobber (to swap SGPRs without
 * touching SCC): imm = ACO_PC_SCRATCH_SGPR | field. Without it SGPR swaps use s_xor_b32,
 * which writes SCC; where SCC is read later in the block before being written, they go
 * through an SGPR the function never mentions (a called function's register saves cover
 * it if its ABI preserves it), and fail with ACO_ERROR_UNSUPPORTED when there is none. */
#define ACO_PC_SCRATCH_SGPR 0x80000000u

/* One copy of a parallel copy: `bytes` bytes to the register at byte address dst_b from
 * the register at src_b, or from the constant `value` (little-endian) when is_const. */
struct aco_copy {
   uint16_t dst_b;
   uint16_t src_b;
   uint16_t bytes;
   bool is_const;
   bool whole_wave; /* into a linear VGPR: its inactive lanes take the value too */
   uint64_t value;
};

/* Sequences a parallel copy into hardware moves/swaps appended to *out (lower_parallelcopy.c).
 * scratch_sgpr / scratch_vgpr: a register field (VGPRs from 256) free to clobber, or -1;
 * using one raises config.num_sgprs / num_vgprs to cover it. scc_live: SCC must be kept.
 * *state: working memory reused from one call to the next (NULL at first; in the arena). */
struct aco_copy_state;
aco_status aco_lower_copies(struct aco_mprogram *p, struct aco_copy_state **state,
                            aco_instr_list *out, const struct aco_copy *copies, unsigned count,
                            int scratch_sgpr, int scratch_vgpr, bool scc_live);

#endif
