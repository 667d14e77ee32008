/* SPDX-License-Identifier: MIT */
/* Immediate dominators of the linear and the logical CFG. Blocks come in a topological
 * order of the CFG except for loop back-edges (docs/mir.md), and a back-edge's source is
 * dominated by the loop header it jumps to, so the dominator of a block is the nearest
 * common dominator of its predecessors with a lower index: one walk, no iteration. */
#include "opt/opt.h"

static uint32_t
intersect(const uint32_t *idom, uint32_t a, uint32_t b)
{
   while (a != b) {
      while (a > b)
         a = idom[a];
      while (b > a)
         b = idom[b];
   }
   return a;
}

static void
compute(struct aco_mprogram *p, uint32_t *idom, bool linear)
{
   for (uint32_t i = 0; i < p->blocks.len; i++) {
      const struct aco_mblock *b = p->blocks.data[i];
      const aco_block_list *preds = linear ? &b->linear_preds : &b->logical_preds;
      uint32_t d = i == 0 ? 0 : ~0u;
      for (uint32_t k = 0; k < preds->len; k++) {
         uint32_t pr = preds->data[k];
         if (pr >= i || idom[pr] == ~0u)
            continue; /* a back-edge, or a predecessor not reached from the entry */
         d = d == ~0u ? pr : intersect(idom, d, pr);
      }
      idom[i] = d;
   }
}

bool
aco_opt_compute_dominators(struct aco_mprogram *p, uint32_t *idom_linear, uint32_t *idom_logical)
{
   compute(p, idom_linear, true);
   compute(p, idom_logical, false);
   return true;
}
