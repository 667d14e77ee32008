/* SPDX-License-Identifier: MIT */
/* Lowering of subgroup reductions and scans. */
#include "lower/lower.h"

aco_status
aco_lower_reduce(struct aco_mprogram *p, aco_instr_list *out, const struct aco_minstr *in)
{
   (void)out;
   return aco_mprogram_error(p, ACO_ERROR_UNSUPPORTED, "lower_to_hw: %s",
                             aco_op_info(in->opcode)->name);
}
