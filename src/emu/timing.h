/* SPDX-License-Identifier: MIT */
/* The emulator's timing model (docs/timing.md): every wave issues in order and keeps its
 * own clock; a per-register scoreboard gives the dependency stalls, per-unit busy times the
 * issue costs, memory operations complete after their latency (in order per counter) and
 * waits stall until what they cover has completed. It never changes what the code
 * computes, only the statistics of the run. */
#ifndef ACO_EMU_TIMING_H
#define ACO_EMU_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "target/latency.h"

/* A wave's timing state. */
struct emu_timing {
   uint64_t cycle;               /* when the next instruction may issue */
   uint64_t issue;               /* when the current one issued */
   uint64_t ready[512];          /* per operand field: when its value is available */
   uint64_t unit_free[ACO_UNIT_COUNT];
   uint64_t last_done[4];        /* per wait counter: completion of the newest in-order op */
   /* where the cycles went */
   uint64_t dep_stall, unit_stall, wait_stall, branch_cycles, barrier_stall;
};

/* The run's totals (aco_emu_stats in emu.h sums these over waves). */
struct emu_wave_state;
struct emu_decoded;
struct emu_group;

void emu_timing_reset(struct emu_timing *t);
/* Before executing: the dependency and unit stalls, and the issue cycle. */
void emu_timing_begin(struct emu_wave_state *ws, const struct emu_decoded *d);
/* After executing: the unit costs, result latencies and taken-branch cost; next_pc is the
 * PC the instruction left. */
void emu_timing_end(struct emu_wave_state *ws, const struct emu_decoded *d, uint64_t old_pc);
/* The completion cycle of a memory operation issued now on counter c. */
uint64_t emu_timing_mem_ready(struct emu_wave_state *ws, unsigned counter, bool smem,
                              bool in_order);
/* A wait (or a full queue) needs an operation done: the wave stalls until `ready`. */
void emu_timing_stall_until(struct emu_wave_state *ws, uint64_t ready);

#endif
