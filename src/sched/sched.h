/* SPDX-License-Identifier: MIT */
/* Instruction scheduling (docs/architecture.md, "Scheduling"). */
#ifndef ACO_SCHED_H
#define ACO_SCHED_H

#include "mir/mir.h"

/* The post-RA list scheduler: interleaves independent chains and issues loads early
 * within each block, on physical registers (schedule_ilp.c). */
aco_status aco_schedule_ilp(struct aco_mprogram *p);

#endif
