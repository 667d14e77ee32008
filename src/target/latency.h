/* SPDX-License-Identifier: MIT */
/* How long instructions take (docs/timing.md has each figure and its source): one table
 * for the schedulers (src/sched) and the emulator's timing model (src/emu/timing.c). */
#ifndef ACO_TARGET_LATENCY_H
#define ACO_TARGET_LATENCY_H

#include "target/gfx.h"

#include <stdbool.h>
#include <stdint.h>

/* The timing class of an opcode. */
enum aco_tclass {
   ACO_T_OTHER = 0, /* hints, waits, s_nop, messages: one issue cycle */
   ACO_T_VALU,      /* full-rate 32-bit VALU */
   ACO_T_VALU_DUAL, /* full-rate, and one pass in wave64 on GFX11+ */
   ACO_T_VALU64,    /* 64-bit shifts */
   ACO_T_QUARTER,   /* 32-bit multiplies, 64-bit multiply-adds */
   ACO_T_TRANS,     /* rcp, rsq, sqrt, exp, log, sin, cos (f32/f16) */
   ACO_T_DOUBLE,    /* f64 arithmetic and conversions */
   ACO_T_VOPD,      /* two full-rate ops in one issue (wave32) */
   ACO_T_SALU,
   ACO_T_SFPU,      /* SALU float (GFX12) */
   ACO_T_BRANCH,    /* branches, jumps, calls, returns */
   ACO_T_SMEM,
   ACO_T_VMEM,
   ACO_T_LDS,
};

/* Units an instruction occupies for its issue cost. */
enum aco_unit {
   ACO_UNIT_VALU,
   ACO_UNIT_TRANS, /* transcendental, 64-bit and quarter-rate ops also hold this one */
   ACO_UNIT_SALU,
   ACO_UNIT_BRANCH,
   ACO_UNIT_SMEM,
   ACO_UNIT_VMEM,
   ACO_UNIT_LDS,
   ACO_UNIT_COUNT,
};

/* Result latency, the unit and its issue cost, and the cost on the transcendental/complex
 * unit (0: none). Memory classes have latency 0 here: their results arrive after the
 * memory latency below, covered by waits. */
struct aco_tcost {
   uint8_t latency, unit, cost, complex_cost;
};

/* Memory latencies (issue to completion). */
#define ACO_VMEM_CYCLES 320
#define ACO_LDS_CYCLES 20
#define ACO_SMEM_CYCLES 30      /* s_load: a constant address, likely a scalar-cache hit */
#define ACO_SMEM_MISS_CYCLES 200 /* s_buffer_load with a register offset */
/* A taken branch, jump, call or return: the wave refetches at the target. */
#define ACO_BRANCH_TAKEN_CYCLES 32

uint8_t aco_timing_class(unsigned opcode);
struct aco_tcost aco_timing_cost(aco_gfx_level level, uint8_t cls);
/* Issue passes: 2 for vector instructions in wave64 (1 for the dual-issue ones on GFX11+). */
unsigned aco_timing_passes(aco_gfx_level level, unsigned wave_size, uint8_t cls);

#endif
