/* SPDX-License-Identifier: MIT */
/* Exec-mask insertion for divergent control flow. */
#include "lower/lower.h"

aco_status
aco_insert_exec_mask(struct aco_mprogram *p)
{
   aco_status s = aco_lower_bool_phis(p);
   return s ? s : p->status;
}
