/* SPDX-License-Identifier: MIT */
/* aco_optimize: nothing yet. */
#include "opt/opt.h"

aco_status
aco_optimize(struct aco_mprogram *p)
{
   return p->status;
}
