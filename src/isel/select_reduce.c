/* SPDX-License-Identifier: MIT */
/* Selection of subgroup reductions and scans. */
#include "isel/isel.h"

aco_status
isel_select_reduce(struct isel_ctx *c, const struct air_instr *in)
{
   return isel_unsupported(c, in, aco_op_name(in->op));
}
