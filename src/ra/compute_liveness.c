/* SPDX-License-Identifier: MIT */
/* Live-variable analysis and register demand.
 *
 * SGPRs and linear VGPRs are live along the linear CFG, ordinary VGPRs along the logical
 * CFG: a temporary live at the entry of a block is live at the exit of the block's linear
 * or logical predecessors according to its class. A phi's operand is live at the exit of
 * the matching predecessor only (p_phi: logical predecessors, p_linear_phi: linear ones);
 * a phi's definition is not live-in.
 *
 * Sets are sorted arrays of temporary ids per block (live-in, live-out), built through
 * one scratch set (a mark per id and a list of members), so the cost is proportional to
 * the sizes of the sets, never to the number of temporaries per block. The solver walks
 * blocks backwards with a worklist that always takes the highest pending block (blocks
 * are in a topological order except for back-edges, so one sweep plus one more per loop
 * nesting level reaches the fixed point); a block's live-out set is rebuilt from its
 * successors' live-in sets and the phi operands they take from it. A second sweep per
 * block then sets kill flags and the demand at each instruction.
 *
 * Demand is counted in dwords per file: a temporary of class sN or vN counts N (SGPR
 * tuples wider than a pair count their aligned footprint: s3 counts 4), a
 * sub-dword VGPR temporary counts as a whole VGPR (the allocator may pack two halves in
 * one register, so the count is an upper bound there), linear VGPRs count as VGPRs. The
 * demand at an instruction is the larger of what is live before it and what is live
 * through it plus all its definitions (plus the killed operands when the definitions
 * must not overlap the operands, see ra_util.h). A block's demand is the maximum over its
 * instructions and its live-in set; p->max_demand is the maximum over blocks.
 *
 * Kill flags: an operand is killed when its temporary is not live after the instruction
 * (every operand reading it is marked, first_kill on the first of them); a definition is
 * killed when nothing reads it. A phi operand is killed when its temporary is not live
 * into the phi's block.
 *
 * The spiller computes liveness on the program it returns (p->liveness_current), so the
 * register allocator's call right after it returns at once instead of computing the same
 * result again. */
#include "ra/ra_util.h"

#include <stdlib.h>
#include <string.h>

struct liveness_ctx {
   struct aco_mprogram *p;
   uint32_t **live_in;   /* per block: sorted ids */
   uint32_t *num_live_in;
   bool *pending;
   /* the set being built: members are ids whose mark equals stamp (list may hold stale
    * entries, filtered when the set is read) */
   uint32_t *mark;
   uint32_t stamp;
   ACO_VEC(uint32_t) list;
   bool oom;
};

static void
set_begin(struct liveness_ctx *c)
{
   c->stamp++;
   c->list.len = 0;
}
static inline bool
set_test(const struct liveness_ctx *c, uint32_t t)
{
   return c->mark[t] == c->stamp;
}
static inline void
set_add(struct liveness_ctx *c, uint32_t t)
{
   if (c->mark[t] == c->stamp)
      return;
   c->mark[t] = c->stamp;
   if (!aco_vec_push(c->p->allocator, &c->list, t))
      c->oom = true;
}
static inline void
set_del(struct liveness_ctx *c, uint32_t t)
{
   if (c->mark[t] == c->stamp)
      c->mark[t] = 0;
}

static int
cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

/* Ascending order; most live sets are short, where insertion beats qsort's calls. */
static void
sort_ids(uint32_t *a, uint32_t n)
{
   if (n > 32) {
      qsort(a, n, sizeof(*a), cmp_u32);
      return;
   }
   for (uint32_t i = 1; i < n; i++) {
      uint32_t v = a[i], j = i;
      for (; j > 0 && a[j - 1] > v; j--)
         a[j] = a[j - 1];
      a[j] = v;
   }
}

/* The members, sorted, into the arena (the set stays as it is). */
static uint32_t *
set_to_list(struct liveness_ctx *c, uint32_t *count)
{
   uint32_t n = 0;
   for (uint32_t i = 0; i < c->list.len; i++)
      if (set_test(c, c->list.data[i]))
         n++;
   uint32_t *out = aco_arena_array(&c->p->arena, uint32_t, n ? n : 1);
   if (!out)
      return NULL;
   n = 0;
   for (uint32_t i = 0; i < c->list.len; i++) {
      uint32_t t = c->list.data[i];
      if (set_test(c, t)) {
         out[n++] = t;
         c->mark[t] = ~0u; /* emitted once */
      }
   }
   for (uint32_t i = 0; i < n; i++)
      c->mark[out[i]] = c->stamp;
   sort_ids(out, n);
   *count = n;
   return out;
}

#define set_foreach(c, t)                                                                     \
   for (uint32_t _k = 0, t; _k < (c)->list.len && ((t) = (c)->list.data[_k], 1); _k++)        \
      if (set_test((c), (t)))

static void
demand_add(const struct aco_mprogram *p, struct aco_register_demand *d, aco_temp t, int sign)
{
   (void)p;
   unsigned dw = aco_rc_dwords(t.rc);
   if (!aco_rc_is_vgpr(t.rc) && dw > 2)
      dw = (dw + 3) & ~3u; /* an s3 takes an aligned quad */
   int n = (int)dw * sign;
   if (aco_rc_is_vgpr(t.rc))
      d->vgpr = (int16_t)(d->vgpr + n);
   else
      d->sgpr = (int16_t)(d->sgpr + n);
}

static void
demand_max(struct aco_register_demand *a, struct aco_register_demand b)
{
   if (b.sgpr > a->sgpr)
      a->sgpr = b.sgpr;
   if (b.vgpr > a->vgpr)
      a->vgpr = b.vgpr;
}

static bool
check_temp(struct liveness_ctx *c, aco_temp t, const struct aco_mblock *b)
{
   if (t.id < c->p->temp_count && t.id < c->p->temp_rc.len)
      return true;
   aco_mprogram_error(c->p, ACO_ERROR_INVALID_IR,
                      "liveness: BB%u: temporary %%%u was not created by the program", b->index,
                      t.id);
   return false;
}

/* Builds the set live at the exit of b from its successors' live-in sets (linear
 * temporaries over linear edges, logical ones over logical edges) and the operands of
 * their phis that come from b. */
static bool
build_live_out(struct liveness_ctx *c, const struct aco_mblock *b)
{
   set_begin(c);
   for (int linear = 0; linear < 2; linear++) {
      const aco_block_list *succs = linear ? &b->linear_succs : &b->logical_succs;
      for (uint32_t k = 0; k < succs->len; k++) {
         uint32_t si = succs->data[k];
         for (uint32_t i = 0; i < c->num_live_in[si]; i++) {
            uint32_t t = c->live_in[si][i];
            if (aco_rc_is_linear(aco_ra_temp_rc(c->p, t)) == (linear != 0))
               set_add(c, t);
         }
         const struct aco_mblock *sb = c->p->blocks.data[si];
         const aco_block_list *preds = linear ? &sb->linear_preds : &sb->logical_preds;
         for (uint32_t i = 0; i < sb->instrs.len && aco_ra_is_phi(sb->instrs.data[i]); i++) {
            const struct aco_minstr *phi = sb->instrs.data[i];
            if ((phi->opcode == aco_op_p_linear_phi) != (linear != 0))
               continue;
            for (unsigned j = 0; j < phi->num_operands && j < preds->len; j++) {
               const aco_operand *o = &phi->operands[j];
               if (preds->data[j] != b->index || o->kind != ACO_OPND_TEMP)
                  continue;
               if (!check_temp(c, o->temp, sb))
                  return false;
               set_add(c, o->temp.id);
            }
         }
      }
   }
   return true;
}

/* live_in = (live_out - defs) + uses; when it changed, the predecessors are queued. */
static bool
solve_block(struct liveness_ctx *c, struct aco_mblock *b, uint32_t *next)
{
   if (!build_live_out(c, b))
      return false;
   for (uint32_t i = b->instrs.len; i-- > 0;) {
      struct aco_minstr *in = b->instrs.data[i];
      aco_foreach_definition(in, d)
      {
         if (!d->temp.id)
            continue;
         if (!check_temp(c, d->temp, b))
            return false;
         set_del(c, d->temp.id);
      }
      if (aco_ra_is_phi(in))
         continue;
      aco_foreach_operand(in, o)
      {
         if (o->kind != ACO_OPND_TEMP)
            continue;
         if (!check_temp(c, o->temp, b))
            return false;
         set_add(c, o->temp.id);
      }
   }
   uint32_t n;
   uint32_t *list = set_to_list(c, &n);
   if (!list || c->oom)
      return false;
   uint32_t bi = b->index;
   if (n == c->num_live_in[bi] && (!n || !memcmp(list, c->live_in[bi], n * sizeof(*list))))
      return true;
   c->live_in[bi] = list;
   c->num_live_in[bi] = n;
   for (int linear = 0; linear < 2; linear++) {
      const aco_block_list *preds = linear ? &b->linear_preds : &b->logical_preds;
      for (uint32_t k = 0; k < preds->len; k++) {
         c->pending[preds->data[k]] = true;
         if (preds->data[k] + 1 > *next)
            *next = preds->data[k] + 1;
      }
   }
   return true;
}

/* Kill flags and demand, one backward walk per block over the solved sets. */
static bool
annotate_block(struct liveness_ctx *c, struct aco_mblock *b)
{
   struct aco_mprogram *p = c->p;
   if (!build_live_out(c, b))
      return false;
   b->live_out = set_to_list(c, &b->num_live_out);
   b->live_in = c->live_in[b->index];
   b->num_live_in = c->num_live_in[b->index];
   if (!b->live_out || (!b->live_in && (b->live_in = aco_arena_array(&p->arena, uint32_t, 1)) == NULL))
      return false;
   struct aco_register_demand cur = {0, 0};
   set_foreach(c, t) demand_add(p, &cur, aco_temp_make(t, aco_ra_temp_rc(p, t)), 1);

   b->instr_demand = aco_arena_array(&p->arena, struct aco_register_demand,
                                     b->instrs.len ? b->instrs.len : 1);
   if (!b->instr_demand)
      return false;
   struct aco_register_demand block_demand = cur;

   uint32_t first_non_phi = 0;
   while (first_non_phi < b->instrs.len && aco_ra_is_phi(b->instrs.data[first_non_phi]))
      first_non_phi++;

   for (uint32_t i = b->instrs.len; i-- > first_non_phi;) {
      struct aco_minstr *in = b->instrs.data[i];
      struct aco_register_demand defs = {0, 0}, killed = {0, 0};
      aco_foreach_definition(in, d)
      {
         if (!d->temp.id)
            continue;
         demand_add(p, &defs, d->temp, 1);
         d->kill = !set_test(c, d->temp.id);
         if (!d->kill) {
            set_del(c, d->temp.id);
            demand_add(p, &cur, d->temp, -1);
         }
      }
      /* cur: live through the instruction */
      struct aco_register_demand through = cur;
      aco_foreach_operand(in, o) o->kill = o->first_kill = false;
      aco_foreach_operand(in, o)
      {
         if (o->kind != ACO_OPND_TEMP)
            continue;
         if (!set_test(c, o->temp.id)) {
            /* first reading operand of a temporary not live after: kill all readers */
            for (aco_operand *q = o; q < in->operands + in->num_operands; q++)
               if (q->kind == ACO_OPND_TEMP && q->temp.id == o->temp.id)
                  q->kill = true;
            o->first_kill = true;
            set_add(c, o->temp.id);
            demand_add(p, &cur, o->temp, 1);
            demand_add(p, &killed, o->temp, 1);
         }
      }
      struct aco_register_demand at = through;
      at.sgpr = (int16_t)(at.sgpr + defs.sgpr);
      at.vgpr = (int16_t)(at.vgpr + defs.vgpr);
      if (!aco_ra_defs_may_overlap_operands(in)) {
         at.sgpr = (int16_t)(at.sgpr + killed.sgpr);
         at.vgpr = (int16_t)(at.vgpr + killed.vgpr);
      }
      demand_max(&at, cur);
      b->instr_demand[i] = at;
      demand_max(&block_demand, at);
   }

   /* phis: all definitions are written at the block's entry */
   struct aco_register_demand entry = cur;
   for (uint32_t i = 0; i < first_non_phi; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      aco_foreach_definition(in, d)
      {
         if (!d->temp.id)
            continue;
         d->kill = !set_test(c, d->temp.id);
         if (d->kill)
            demand_add(p, &entry, d->temp, 1);
      }
   }
   for (uint32_t i = 0; i < first_non_phi; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      b->instr_demand[i] = entry;
      aco_foreach_definition(in, d) if (d->temp.id) set_del(c, d->temp.id);
   }
   demand_max(&block_demand, entry);
   /* a phi operand dies at the end of its predecessor unless live into this block */
   for (uint32_t i = 0; i < first_non_phi; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      aco_foreach_operand(in, o)
      {
         o->kill = o->first_kill = false;
         if (o->kind != ACO_OPND_TEMP || set_test(c, o->temp.id))
            continue;
         bool first = true;
         for (aco_operand *q = in->operands; q < o; q++)
            if (q->kind == ACO_OPND_TEMP && q->temp.id == o->temp.id)
               first = false;
         o->kill = true;
         o->first_kill = first;
      }
   }
   b->demand = block_demand;
   demand_max(&p->max_demand, block_demand);
   return !c->oom;
}

static aco_status
liveness(struct liveness_ctx *c)
{
   struct aco_mprogram *p = c->p;
   uint32_t nblocks = p->blocks.len;
   c->live_in = aco_arena_array(&p->arena, uint32_t *, nblocks);
   c->num_live_in = aco_arena_array(&p->arena, uint32_t, nblocks);
   c->pending = aco_arena_array(&p->arena, bool, nblocks);
   c->mark = aco_arena_array(&p->arena, uint32_t, p->temp_count + 1);
   if (!c->live_in || !c->num_live_in || !c->pending || !c->mark)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "liveness: out of memory");
   for (uint32_t i = 0; i < nblocks; i++)
      c->pending[i] = true;

   uint32_t next = nblocks;
   while (next > 0) {
      uint32_t idx = --next;
      if (!c->pending[idx])
         continue;
      c->pending[idx] = false;
      if (!solve_block(c, p->blocks.data[idx], &next))
         break;
   }
   if (p->status != ACO_SUCCESS)
      return p->status;
   if (c->oom || next > 0)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "liveness: out of memory");

   p->max_demand.sgpr = p->max_demand.vgpr = 0;
   for (uint32_t i = 0; i < nblocks; i++)
      if (!annotate_block(c, p->blocks.data[i]))
         return p->status != ACO_SUCCESS
                   ? p->status
                   : aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "liveness: out of memory");

   const struct aco_mblock *entry = p->blocks.data[0];
   if (entry->num_live_in)
      return aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                "liveness: temporary %%%u is used but not defined on every path "
                                "from the entry",
                                entry->live_in[0]);
   return ACO_SUCCESS;
}

aco_status
aco_compute_liveness(struct aco_mprogram *p)
{
   if (p->status != ACO_SUCCESS)
      return p->status;
   /* the spiller's last round computed it on this very program */
   if (p->liveness_current) {
      p->liveness_current = false;
      return ACO_SUCCESS;
   }
   if (!p->blocks.len)
      return ACO_SUCCESS;
   struct liveness_ctx c = {.p = p};
   aco_status st = liveness(&c);
   aco_vec_free(p->allocator, &c.list);
   return st;
}
