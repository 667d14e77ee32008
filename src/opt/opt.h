/* SPDX-License-Identifier: MIT */
/* Optional optimizations on SSA machine IR, between instruction selection and the
 * pre-RA lowering of divergent control flow. */
#ifndef ACO_OPT_OPT_H
#define ACO_OPT_OPT_H

#include "mir/mir.h"

/* Runs the machine-IR optimizations (optimize.c); ACO_DEBUG=noopt (or skip=opt) skips
 * them. The program stays valid SSA machine IR. */
aco_status aco_optimize(struct aco_mprogram *p);

#endif
