/* SPDX-License-Identifier: MIT */
/* Instruction selection: front IR (src/ir) -> SSA machine IR (src/mir), for kernels with
 * uniform control flow. Shared by the files of src/isel; the entry points are
 * aco_compute_divergence and aco_select_instructions. */
#ifndef ACO_ISEL_ISEL_H
#define ACO_ISEL_ISEL_H

#include "ir/ir.h"
#include "isel/entry_abi.h"
#include "mir/mir.h"

/* Marks every value of f that may differ between the lanes of a wave: divergent[id] for
 * each value id (num_values entries). Local ids, the lane index, per-lane memory (stack),
 * atomics, and anything computed from a divergent value are divergent; arguments,
 * workgroup ids and subgroup-wide results are uniform. */
void aco_compute_divergence(const struct aco_function *f, bool *divergent);

/* Selects machine instructions for front-IR function f into the empty program p.
 * Divergent control flow and calls give ACO_ERROR_UNSUPPORTED naming the construct. */
aco_status aco_select_instructions(struct aco_mprogram *p, const struct aco_function *f);

/* ---- internal ---------------------------------------------------------------------- */

struct isel_loop {
   struct aco_mblock *header, *latch, *exit;
   const struct air_instr *instr;
   /* p_phi/p_linear_phi of the latch (carried values) and the exit (results) collect
    * one operand per incoming edge; they are built once all edges are known. */
   ACO_VEC(aco_temp *) continue_vals; /* per continue edge: values */
   ACO_VEC(aco_temp *) break_vals;
   aco_block_list continue_preds, break_preds;
   struct isel_loop *outer;
};

struct isel_ctx {
   struct aco_mprogram *p;
   const struct aco_function *f;
   struct aco_entry_layout layout;
   bool *divergent;   /* per value id */
   aco_temp *temps;   /* per value id; id 0: constant or not selected */
   struct aco_mblock *block; /* NULL: unreachable code */
   unsigned lane_mask_dwords;
   int gfx_index;
   aco_temp local_id_input;   /* v0 (packed) or v0..v2 as one v3 */
   aco_temp local_ids[3];     /* split components, id 0 if constant 0 */
   aco_temp workgroup_ids[3];
   aco_temp argblock;
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
aco_temp isel_lane_mask_from_scc(struct isel_ctx *c);
void isel_scc_from_bool(struct isel_ctx *c, aco_temp b);
/* Splits a multi-dword temp into dword temps (or returns it). */
void isel_split(struct isel_ctx *c, aco_temp t, unsigned n, aco_temp *out);
aco_temp isel_combine(struct isel_ctx *c, aco_rc rc, unsigned n, const aco_temp *parts);

aco_operand isel_scc_opnd(void);

/* select_alu.c, select_memory.c, select_reduce.c (reduce, inclusive/exclusive scan) */
aco_status isel_select_alu(struct isel_ctx *c, const struct air_instr *in);
aco_status isel_select_memory(struct isel_ctx *c, const struct air_instr *in);
aco_status isel_select_reduce(struct isel_ctx *c, const struct air_instr *in);

#endif
