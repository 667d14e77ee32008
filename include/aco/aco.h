/* SPDX-License-Identifier: MIT */
/* libaco: a compiler backend for AMD RDNA GPUs (gfx1030, gfx1100, gfx1200).
 * This umbrella header is the whole public API. */
#ifndef ACO_H
#define ACO_H

#include "aco/aco_core.h"
#include "aco/aco_ops.h"
#include "aco/aco_ir.h"
#include "aco/aco_compile.h"
#include "aco/aco_target.h"
#include "aco/aco_statistics.h"
#include "aco/aco_cache.h"

#endif
