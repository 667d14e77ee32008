/* SPDX-License-Identifier: MIT */
/* Packaging compiled machine programs into one aco_binary allocation. */
#ifndef ACO_API_BINARY_H
#define ACO_API_BINARY_H

#include "aco/aco.h"
#include "mir/mir.h"

/* progs[i] is the compiled (lowered) machine program of function i, NULL for functions
 * without a body. Assembles them in order into one binary from `allocator`. */
aco_status aco_binary_build(aco_program *prog, struct aco_mprogram **progs,
                            const aco_compile_options *options, const aco_allocator *allocator,
                            aco_binary **out);

#endif
