/* SPDX-License-Identifier: MIT */
/* Immediate dominators of the linear and the logical CFG. Blocks come in a topological
 * order of the CFG except for loop back-edges (docs/mir.md), and a back-edge's source is
 * dominated by the loop header it jumps to, so the dominator of a block is the nearest
 * common dominator of its predecessors with a lower index: one walk, no iteration. The
 * same order makes every block's immediate dominator come before it, so the subtree
 * sizes are one backward walk and the pre-order ranges one forward walk. */
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

void
aco_opt_dominator_ranges(const uint32_t *idom, uint32_t n, uint32_t *pre, uint32_t *size)
{
   /* children take their parent's range after the parent's own number, in block order;
    * the backward walk that sums the subtree sizes also finds, for each block, how many
    * numbers its later siblings take (kept in pre until the forward walk) */
   for (uint32_t i = 0; i < n; i++)
      size[i] = idom[i] == ~0u ? 0 : 1;
   for (uint32_t i = n; i-- > 1;) {
      if (idom[i] == ~0u)
         continue;
      pre[i] = size[idom[i]] - 1;
      size[idom[i]] += size[i];
   }
   for (uint32_t i = 0; i < n; i++) {
      if (idom[i] == ~0u)
         pre[i] = ~0u;
      else if (i == 0)
         pre[i] = 0;
      else
         pre[i] = pre[idom[i]] + size[idom[i]] - pre[i] - size[i];
   }
}
