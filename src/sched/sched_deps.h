/* SPDX-License-Identifier: MIT */
/* The dependency graph both schedulers build over a region of at most SCHED_REGION_MAX
 * instructions (docs/architecture.md, "Scheduling"): edges through operand fields
 * (physical registers, including the implicit exec, vcc, scc and m0), and the memory order. */
#ifndef ACO_SCHED_DEPS_H
#define ACO_SCHED_DEPS_H

#include "mir/mir.h"

#include <stdbool.h>
#include <stdint.h>

#define SCHED_REGION_MAX 64
#define SCHED_NUM_FIELDS 512
#define SCHED_MAX_EDGES 8192

struct sched_edge {
   uint16_t from, to, latency;
};

struct sched_deps {
   const struct aco_mprogram *p;
   /* the producers' latencies, by region index (filled by the scheduler) */
   uint8_t latency[SCHED_REGION_MAX];
   struct sched_edge edges[SCHED_MAX_EDGES];
   uint32_t num_edges;
   bool overflow; /* more edges than SCHED_MAX_EDGES: the region stays as it is */
   /* per operand field, within the region: the last writer (+1, 0 none) and the readers
    * since it (a bit per region index) */
   uint16_t last_writer[SCHED_NUM_FIELDS];
   uint64_t readers[SCHED_NUM_FIELDS];
   uint16_t touched[SCHED_NUM_FIELDS];
   unsigned num_touched;
   /* memory: the last store or atomic, and the loads since */
   int last_store;
   uint8_t loads[SCHED_REGION_MAX];
   unsigned num_loads;
};

/* A new region (the fields the last one touched are cleared). */
void sched_deps_begin(struct sched_deps *d);
void sched_deps_edge(struct sched_deps *d, unsigned from, unsigned to, unsigned latency);
/* Instruction i reads / writes operand field f (a read after a write waits for the
 * writer's latency; writes keep their order after earlier reads and writes). */
void sched_deps_read(struct sched_deps *d, unsigned i, unsigned f);
void sched_deps_write(struct sched_deps *d, unsigned i, unsigned f);
/* The fields a register operand or definition covers. */
void sched_field_range(aco_physreg reg, aco_rc rc, unsigned *first, unsigned *count);
/* The opcode's implicit reads or writes (exec for every vector instruction of class cls). */
void sched_deps_implicit(struct sched_deps *d, unsigned i, const struct aco_minstr *in,
                         uint8_t cls, bool write);
/* Instruction i accesses memory: loads after the last store, stores after everything. */
void sched_deps_memory(struct sched_deps *d, unsigned i, bool writes);
/* Stores and atomics. The opcode table flags every DS instruction as a load, so for LDS
 * only the reads (ds_read*, ds_load*) count as loads. */
bool sched_writes_memory(const struct aco_minstr *in);

#endif
