/* SPDX-License-Identifier: MIT */
/* Optional optimizations on SSA machine IR, between instruction selection and the
 * pre-RA lowering of divergent control flow. */
#ifndef ACO_OPT_OPT_H
#define ACO_OPT_OPT_H

#include "mir/mir.h"

/* Runs the machine-IR optimizations below in order (optimize.c); ACO_DEBUG=noopt (or
 * skip=opt) skips them. The program stays valid SSA machine IR. */
aco_status aco_optimize(struct aco_mprogram *p);

/* ---- the passes, in aco_optimize's order (pre-RA, SSA in and out, each linear) -------- */

/* Copies forwarded (p_parallelcopy, s_mov, v_mov, p_as_uniform, splits of a
 * p_create_vector ...): uses of a copy read its source, constants become inline-constant
 * operands where the slot takes them, and foldable instructions (aco_opt_fold_instr)
 * become copies first. The copies themselves stay for aco_opt_dead_code. */
aco_status aco_opt_copy_propagate(struct aco_mprogram *p);
/* Removes an instruction that computes the same value as an earlier one whose block
 * dominates it (on the linear CFG for scalar values, the logical CFG as well for VGPRs;
 * within one block for values that depend on the active lanes); its uses read the
 * earlier result. */
aco_status aco_opt_value_numbering(struct aco_mprogram *p);
/* Two single-use 32-bit integer VALU operations of a block become one three-source
 * instruction (v_add3_u32, v_lshl_add_u32, v_and_or_b32, v_min3_i32 ...). */
aco_status aco_opt_combine_alu(struct aco_mprogram *p);
/* Removes instructions without side effects whose results are never read. */
aco_status aco_opt_dead_code(struct aco_mprogram *p);
/* Adjacent loads of consecutive dwords from the same address (global_load, s_load)
 * become one wider load and a p_split_vector. */
aco_status aco_opt_combine_loads(struct aco_mprogram *p);
/* VOP1/VOP2 instructions in the e64 form that need nothing of it take the 32-bit form
 * (sources of commutative integer operations swapped where that makes it possible). */
aco_status aco_opt_shrink_valu(struct aco_mprogram *p);

/* ---- helpers shared by the passes ------------------------------------------------------ */

/* fold_constants.c: rewrites `in` into a p_parallelcopy of its result when its operands
 * decide it (both constant, or an identity such as x - x, x & x, x | 0, x * 1, min(x, x)).
 * scc_dead: the scc an SALU instruction writes is read by nobody (it may then be
 * rewritten); aco_opt_fold_needs_scc says when the caller must find that out. True when
 * it changed the instruction. */
bool aco_opt_fold_instr(struct aco_minstr *in, bool scc_dead);
bool aco_opt_fold_needs_scc(const struct aco_minstr *in);

/* fold_constants.c: the instruction reads / writes scc (its flags, or an operand /
 * definition fixed to scc). */
bool aco_opt_reads_scc(const struct aco_minstr *in);
bool aco_opt_writes_scc(const struct aco_minstr *in);
/* scc may be read after block b: a linear successor reads it before writing it, or does
 * not write it at all (then it may pass it on: conservative, no iteration). */
bool aco_opt_scc_live_out(const struct aco_mprogram *p, const struct aco_mblock *b);
/* The same for one block on entry: it reads scc before writing it, or does not write it. */
bool aco_opt_scc_live_in(const struct aco_mblock *b);
/* The scc that instruction i of block b writes is overwritten before anything reads it
 * (a scan forward to the next scc reader or writer, so a pass asks only about the scc
 * writers it would change). */
bool aco_opt_scc_dead_after(const struct aco_mprogram *p, const struct aco_mblock *b,
                            uint32_t i);

/* compute_dominators.c: immediate dominators on the linear and the logical CFG (blocks
 * are in a topological order but for loop back-edges, so one forward walk suffices);
 * ~0u for a block without (logical) predecessors other than the entry. */
bool aco_opt_compute_dominators(struct aco_mprogram *p, uint32_t *idom_linear,
                                uint32_t *idom_logical);
/* The dominator tree of n blocks as ranges, so a dominance test takes constant time
 * (a walk up the tree takes as many steps as the tree is deep: thousands in a long chain
 * of ifs): pre[b] numbers b in a pre-order walk of the tree, size[b] counts its subtree;
 * a block without idom (~0u) gets pre ~0u and size 0 and dominates only itself. */
void aco_opt_dominator_ranges(const uint32_t *idom, uint32_t n, uint32_t *pre, uint32_t *size);
static inline bool
aco_opt_dominates(const uint32_t *pre, const uint32_t *size, uint32_t a, uint32_t b)
{
   return a == b || pre[b] - pre[a] < size[a]; /* pre[b] below pre[a] wraps around */
}

#endif
