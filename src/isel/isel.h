/* SPDX-License-Identifier: MIT */
/* Instruction selection: front IR (src/ir) -> SSA machine IR (src/mir), for kernels with
 * uniform control flow. Shared by the files of src/isel; the entry points are
 * aco_compute_divergence and aco_select_instructions. */
#ifndef ACO_ISEL_ISEL_H
#define ACO_ISEL_ISEL_H

#include "ir/ir.h"
#include "isel/call_abi.h"
#include "isel/entry_abi.h"
#include "mir/mir.h"

/* Marks every value of f that may differ between the lanes of a wave: divergent[id] for
 * each value id (num_values entries). Local ids, the lane index, per-lane memory (stack),
 * atomics, and anything computed from a divergent value are divergent; arguments,
 * workgroup ids and subgroup-wide results are uniform. */
void aco_compute_divergence(const struct aco_function *f, bool *divergent);

/* Selects machine instructions for front-IR function f into the empty program p.
 * Calls give ACO_ERROR_UNSUPPORTED naming the construct. */
aco_status aco_select_instructions(struct aco_mprogram *p, const struct aco_function *f);

/* ---- internal ---------------------------------------------------------------------- */

/* A block where control flow joins (select_cf.c): the edges into it, each logical
 * (carrying the construct's values: yields, break or continue operands) and/or linear
 * (carrying the values of the mask variables), in the order they become predecessors. */
struct isel_join_entry {
   uint32_t block;
   bool logical, linear;
   bool via_exit_block; /* a divergent break: the linear edge goes through a new block */
   aco_temp *vals;      /* logical: nvals values */
   aco_temp *masks;     /* linear: nmasks values */
};

struct isel_join {
   unsigned nvals, nmasks;
   ACO_VEC(struct isel_join_entry) e;
   ACO_VEC(struct aco_minstr *) branches; /* jumps whose target is the join's block */
};

struct isel_loop {
   const struct air_instr *instr;
   struct isel_loop *outer;
   /* Some break or continue runs for only some of the active lanes (it sits in an if on
    * a divergent condition): exec is then the loop mask L, lanes leave one by one, and
    * the exit restores the mask the loop was entered with. */
   bool divergent;
   bool seen_divergent_continue; /* a later break cannot jump straight out */
   unsigned div_if_base;         /* c->div_ifs.len when the loop began */
   unsigned mask_base;           /* mask variable of L (divergent loops) */
   int ret_mask;                 /* mask variable of the lanes that returned in it, or -1 */
   int *param_acc, *result_acc;  /* per boolean param/result: its accumulator, or -1 */
   struct isel_join latch, exit;
};

/* An if being selected (for its yields). */
struct isel_if {
   const struct air_instr *instr;
   bool divergent;
   bool converted; /* if-converted: both sides run, results selected by lane (select_cf.c) */
   unsigned acc_base; /* divergent: mask variable of the first boolean result */
   struct isel_if *outer;
};

struct isel_ctx {
   struct aco_mprogram *p;
   const struct aco_function *f;
   struct aco_entry_layout layout;
   bool *divergent;   /* per value id */
   aco_temp *temps;   /* per value id; id 0: constant or not selected */
   struct aco_mblock *block; /* NULL: unreachable code */
   /* The block is reached on the linear CFG but no lane runs its logical code (after a
    * break or continue that left only for some lanes): the rest of the region is not
    * selected. */
   bool dead;
   /* Mask variables: lane masks that change along the control flow (saved exec masks of
    * divergent ifs, loop masks, accumulated booleans), merged at joins like SSA values. */
   ACO_VEC(aco_temp) masks;
   ACO_VEC(unsigned) div_ifs; /* mask variable of each open divergent if's saved exec */
   struct isel_if *cur_if;
   unsigned lane_mask_dwords;
   int gfx_index;
   aco_temp local_id_input;   /* v0 (packed) or v0..v2 as one v3 */
   aco_temp local_ids[3];     /* split components, id 0 if constant 0 */
   aco_temp workgroup_ids[3];
   aco_temp argblock;
   /* functions that are not entries: where their parameters live (call_abi.c) and the
    * system parameters the return hands back */
   struct aco_call_layout call_layout;
   aco_temp return_address;
   aco_temp *tail_results; /* a tail call being selected: where its results go */
   /* gfx1030: a chain function's incoming scratch buffer descriptor (s[48:51], passed on
    * at its jumps: docs/calls.md "Chain functions") */
   aco_temp chain_scratch;
   /* divergent-callable functions: the uniform and divergent PC parameters, and the guard
    * around the body (its head block and the exec mask it saved) */
   aco_temp uniform_pc, divergent_pc;
   uint32_t guard_head;
   aco_temp guard_saved;
   /* a called function returning inside divergent ifs: exec at its entry, and the join
    * of its returns (each return site's results on a logical edge) */
   aco_temp entry_exec;
   struct isel_join returns;
   bool uses_lds;
   aco_temp scc_bool;           /* a uniform boolean scc still holds (since its s_cselect) */
   struct aco_mblock *scc_block;
   struct isel_loop *loop;
   unsigned depth;   /* loop depth */
   unsigned nesting; /* regions being selected */
   struct {
      struct aco_minstr instr;
      aco_operand ops[72];
      aco_definition defs[72];
   } spare; /* absorbs writes after an allocation failure */
};

/* helpers (select_instructions.c) */
struct aco_minstr *isel_emit(struct isel_ctx *c, enum aco_opcode op, unsigned nops, unsigned ndefs);
aco_temp isel_new(struct isel_ctx *c, aco_rc rc);
bool isel_has(const struct isel_ctx *c, enum aco_opcode op);
/* The variant of op available on the target (the _vop2 rows of GFX12), or 0 (p_startpgm)
 * when none is: the one place where per-level variants are chosen. */
enum aco_opcode isel_pick(struct isel_ctx *c, enum aco_opcode op);
aco_status isel_unsupported(struct isel_ctx *c, const struct air_instr *in, const char *what);
bool isel_failed(const struct isel_ctx *c);

aco_rc isel_rc_of(const struct isel_ctx *c, aco_value v);
bool isel_div(const struct isel_ctx *c, aco_value v);
const struct air_instr *isel_const_def(const struct isel_ctx *c, aco_value v);
/* A value as an operand: constants become constant operands when the value fits the
 * instruction (bits), otherwise materialized. */
aco_operand isel_opnd(struct isel_ctx *c, aco_value v, unsigned bits);
aco_temp isel_temp(struct isel_ctx *c, aco_value v);
/* A VGPR copy of a temp (SGPR temps are copied with p_parallelcopy). */
aco_temp isel_as_vgpr(struct isel_ctx *c, aco_temp t);
aco_temp isel_const_temp(struct isel_ctx *c, uint64_t value, unsigned dwords);
aco_temp isel_sop2(struct isel_ctx *c, enum aco_opcode op, aco_operand a, aco_operand b);
aco_temp isel_lane_mask_from_scc(struct isel_ctx *c);
/* A VGPR pair's value in one lane as an SGPR pair: lane `lane` (an SGPR), or the first
 * active lane when lane.id is 0. */
aco_temp isel_read_pair(struct isel_ctx *c, aco_temp v, aco_temp lane);
void isel_scc_from_bool(struct isel_ctx *c, aco_temp b);
/* Splits a multi-dword temp into dword temps (or returns it). */
void isel_split(struct isel_ctx *c, aco_temp t, unsigned n, aco_temp *out);
aco_temp isel_combine(struct isel_ctx *c, aco_rc rc, unsigned n, const aco_temp *parts);
/* cond ? t : f per lane for a per-lane value of type ty (whole dwords, at most 16) in
 * VGPRs: v_cndmask per dword (select_alu.c). */
aco_temp isel_select_lanes(struct isel_ctx *c, aco_type ty, aco_temp cond, aco_temp t,
                           aco_temp f);

aco_operand isel_scc_opnd(void);
/* A one-dword VALU result of op (e64 form for VOP1/VOP2/VOPC opcodes). */
aco_temp isel_valu2(struct isel_ctx *c, enum aco_opcode op, aco_operand a, aco_operand b);

/* select_instructions.c, select_cf.c: regions, blocks and structured control flow */
aco_status isel_select_region(struct isel_ctx *c, const struct air_region *r, aco_temp *yield_vals);
struct aco_mblock *isel_new_block(struct isel_ctx *c, uint32_t kind);
aco_status isel_select_if(struct isel_ctx *c, const struct air_instr *in);
aco_status isel_select_loop(struct isel_ctx *c, const struct air_instr *in);
aco_status isel_select_jump(struct isel_ctx *c, const struct air_instr *in, aco_temp *yield_vals);
void isel_free_cf(struct isel_ctx *c);

/* select_alu.c, select_memory.c, select_reduce.c (reduce, inclusive/exclusive scan) */
aco_status isel_select_alu(struct isel_ctx *c, const struct air_instr *in);
aco_status isel_select_memory(struct isel_ctx *c, const struct air_instr *in);
aco_status isel_select_reduce(struct isel_ctx *c, const struct air_instr *in);

/* select_call.c: the start of a function that is not an entry, calls, function addresses
 * and returns (docs/calls.md) */
aco_status isel_select_function_start(struct isel_ctx *c);
aco_status isel_select_chain_start(struct isel_ctx *c);
/* Whether `return` ends the wave's lanes (entries, chain and noreturn functions) rather
 * than going back to a caller. */
bool isel_ends_wave(const struct isel_ctx *c);
/* Whether `in` leaves f back to its caller: a return, or a tail call that may be made a
 * call and a return (not one through the chain: to a chain function, or from a
 * divergent-callable one). Loops and the function's start treat both alike. */
bool isel_is_return(const struct aco_function *f, const struct air_instr *in);
/* Whether the loops around a return of some lanes allow it (select_cf.c); *in_div_loop:
 * whether one of them is divergent. */
bool isel_return_loops_ok(const struct isel_ctx *c, bool *in_div_loop);
/* Whether the current point is inside divergent control flow (a divergent if or loop,
 * some lane mask saved around it): a return or tail call there is one of part of the
 * lanes (select_cf.c). */
bool isel_in_divergent_cf(const struct isel_ctx *c);
aco_status isel_select_call(struct isel_ctx *c, const struct air_instr *in);
aco_status isel_select_return(struct isel_ctx *c, const struct air_instr *in);
/* p_call of call instruction `in` to the uniform address `target` (select_call.c) */
aco_status isel_emit_call(struct isel_ctx *c, const struct air_instr *in, aco_temp target);
/* a call through a pointer that differs between lanes: the waterfall loop around
 * isel_emit_call (select_cf.c) */
aco_status isel_select_waterfall(struct isel_ctx *c, const struct air_instr *in);
/* Code the wave skips when no lane is active (select_cf.c): begin ends the current block
 * with a branch on exec = 0 and opens the block of the skipped code; end joins both.
 * Calls through per-lane pointers use it: with no lane, the first lane's pointer is
 * garbage. */
struct isel_skip {
   uint32_t from;
   struct aco_minstr *branch;
};
void isel_skip_begin(struct isel_ctx *c, struct isel_skip *s);
void isel_skip_end(struct isel_ctx *c, struct isel_skip *s, unsigned n, aco_temp *sgprs);
/* The guard of a divergent-callable function's body (select_cf.c): open narrows exec to
 * the lanes of `cond` and starts the body's block; close ends the body, merges each of the
 * n values (then_vals from the body's lanes, else_vals from the others) into out[] and
 * restores exec. */
aco_status isel_chain_guard_open(struct isel_ctx *c, aco_temp cond);
aco_status isel_chain_guard_close(struct isel_ctx *c, unsigned n, const aco_temp *then_vals,
                                  const aco_temp *else_vals, aco_temp *out);
/* A called function's returns inside divergent ifs (select_cf.c): a return site sends the
 * n values (vals) of its lanes to the function's end; the end merges them with its own
 * (vals, replaced by the merged ones) and restores the entry's exec. */
void isel_return_site(struct isel_ctx *c, unsigned n, aco_temp *vals);
void isel_return_all(struct isel_ctx *c, unsigned n, aco_temp *vals);
void isel_returns_join(struct isel_ctx *c, unsigned n, aco_temp *vals);

#endif
