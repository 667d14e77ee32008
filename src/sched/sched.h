/* SPDX-License-Identifier: MIT */
/* Instruction scheduling (docs/architecture.md, "Scheduling"). */
#ifndef ACO_SCHED_H
#define ACO_SCHED_H

#include "mir/mir.h"

/* The pre-RA scheduler: memory loads move up within their blocks as far as their
 * operands, memory order and the register budget allow (schedule_prera.c). */
aco_status aco_schedule_prera(struct aco_mprogram *p);

/* The post-RA list scheduler: interleaves independent chains and issues loads early
 * within each block, on physical registers (schedule_ilp.c). */
aco_status aco_schedule_ilp(struct aco_mprogram *p);

#endif
