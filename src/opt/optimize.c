/* SPDX-License-Identifier: MIT */
/* aco_optimize: the machine-IR optimizations in order. Copy propagation first (it also
 * folds constants and identities), so value numbering sees the values behind copies;
 * again after value numbering, whose renamings expose more folds; then single-use integer
 * operations are combined, and dead-code removal drops the copies, the combined
 * instructions and everything else nobody reads (dead loads stay, so combining loads
 * comes after it); the 32-bit VALU encodings are chosen last. Each pass is one linear
 * walk. */
#include "opt/opt.h"

aco_status
aco_optimize(struct aco_mprogram *p)
{
   if (p->status == ACO_SUCCESS)
      aco_opt_copy_propagate(p);
   if (p->status == ACO_SUCCESS)
      aco_opt_value_numbering(p);
   if (p->status == ACO_SUCCESS)
      aco_opt_copy_propagate(p);
   if (p->status == ACO_SUCCESS)
      aco_opt_combine_alu(p);
   if (p->status == ACO_SUCCESS)
      aco_opt_dead_code(p);
   if (p->status == ACO_SUCCESS)
      aco_opt_combine_loads(p);
   if (p->status == ACO_SUCCESS)
      aco_opt_shrink_valu(p);
   return p->status;
}
