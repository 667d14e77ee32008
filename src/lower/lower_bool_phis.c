/* SPDX-License-Identifier: MIT */
/* Boolean phis across divergent control flow. */
#include "lower/lower.h"

aco_status
aco_lower_bool_phis(struct aco_mprogram *p)
{
   return p->status;
}
