/* SPDX-License-Identifier: MIT */
/* Divergence analysis for instruction selection.
 *
 * A value is divergent when lanes of one wave may hold different values: the local ids,
 * the lane index, anything read from per-lane (stack) memory, the old values returned by
 * atomics, results of calls for return parameters that are not `uniform`, and every value
 * computed from a divergent one. Results of `if` and `loop`
 * and loop-carried values are divergent when a value flowing into them is (or the
 * condition of an `if` the yield, break or continue sits in is); a loop's results are
 * all divergent once one of its continues sits in an if on a divergent condition. Loops are iterated until nothing changes; values only ever
 * go from uniform to divergent, so this terminates after a few rounds. Linear in the
 * program size per round. */
#include "isel/isel.h"

#include <string.h>

struct div_ctx {
   const struct aco_function *f;
   bool *div;
   bool changed;
};

static void
mark(struct div_ctx *c, aco_value v)
{
   if (v.id && v.id < c->f->num_values && !c->div[v.id]) {
      c->div[v.id] = true;
      c->changed = true;
   }
}

static bool
is(const struct div_ctx *c, aco_value v)
{
   return v.id && v.id < c->f->num_values && c->div[v.id];
}

/* The jumps of region r that target the construct `target` (an if or a loop): yields of
 * an if's own branches, breaks/continues of a loop's body (not of nested loops). */
static void
flow_jumps(struct div_ctx *c, const struct air_region *r, const struct air_instr *target,
           aco_op kind, aco_value *dsts, unsigned ndst, bool force)
{
   air_foreach_instr(in, r)
   {
      if (in->op == kind) {
         for (unsigned i = 0; i < in->num_srcs && i < ndst; i++) {
            if (force || is(c, in->srcs[i]))
               mark(c, dsts[i]);
         }
      }
      if (in->op == ACO_OP_IF && kind != ACO_OP_YIELD) {
         for (unsigned k = 0; k < 2; k++) {
            if (in->regions[k])
               flow_jumps(c, in->regions[k], target, kind, dsts, ndst,
                          force || is(c, in->srcs[0]));
         }
      }
   }
}

static void visit_region(struct div_ctx *c, const struct air_region *r);

/* Whether a continue of the loop whose body is r sits in an if on a divergent condition
 * (nested loops have their own). After one, lanes leave the loop in different
 * iterations even through a break on a uniform condition. */
static bool
has_divergent_continue(const struct div_ctx *c, const struct air_region *r, bool in_div)
{
   air_foreach_instr(in, r)
   {
      if (in->op == ACO_OP_CONTINUE && in_div)
         return true;
      if (in->op == ACO_OP_IF) {
         bool d = in_div || is(c, in->srcs[0]);
         for (unsigned k = 0; k < 2; k++)
            if (in->regions[k] && has_divergent_continue(c, in->regions[k], d))
               return true;
      }
   }
   return false;
}

static void
visit_instr(struct div_ctx *c, const struct air_instr *in)
{
   switch (in->op) {
   case ACO_OP_LOCAL_ID_X:
   case ACO_OP_LOCAL_ID_Y:
   case ACO_OP_LOCAL_ID_Z:
   case ACO_OP_LOCAL_INDEX:
   case ACO_OP_SUBGROUP_INVOCATION:
   case ACO_OP_LOAD_STACK:
   case ACO_OP_ATOMIC_GLOBAL:
   case ACO_OP_ATOMIC_BUFFER:
   case ACO_OP_ATOMIC_SHARED:
   case ACO_OP_INCLUSIVE_SCAN:
   case ACO_OP_EXCLUSIVE_SCAN:
      for (unsigned i = 0; i < in->num_defs; i++)
         mark(c, in->defs[i]);
      return;
   case ACO_OP_CALL:
   case ACO_OP_CALL_INDIRECT: {
      /* a result is as uniform as the callee's return parameter (per pointer group when
       * the pointer differs between lanes: then it is divergent) */
      bool by_lane = in->op == ACO_OP_CALL_INDIRECT && is(c, in->srcs[0]);
      unsigned r = 0;
      for (uint32_t i = 0; i < in->callee->num_params && r < in->num_defs; i++) {
         uint32_t flags = in->callee->params[i].flags;
         if (!(flags & ACO_PARAM_RETURN))
            continue;
         if (by_lane || !(flags & ACO_PARAM_UNIFORM))
            mark(c, in->defs[r]);
         r++;
      }
      return;
   }
   case ACO_OP_BALLOT:
   case ACO_OP_READ_FIRST_LANE:
   case ACO_OP_READ_LANE:
   case ACO_OP_REDUCE:
      return;
   case ACO_OP_IF: {
      bool cond = is(c, in->srcs[0]);
      for (unsigned k = 0; k < 2; k++) {
         if (in->regions[k])
            visit_region(c, in->regions[k]);
      }
      for (unsigned k = 0; k < 2; k++) {
         if (in->regions[k])
            flow_jumps(c, in->regions[k], in, ACO_OP_YIELD, in->defs, in->num_defs, cond);
      }
      return;
   }
   case ACO_OP_LOOP: {
      struct air_region *body = in->regions[0];
      for (unsigned i = 0; i < in->num_srcs && i < body->num_params; i++) {
         if (is(c, in->srcs[i]))
            mark(c, body->params[i]);
      }
      bool outer = c->changed;
      do {
         c->changed = false;
         visit_region(c, body);
         flow_jumps(c, body, in, ACO_OP_CONTINUE, body->params, body->num_params, false);
         flow_jumps(c, body, in, ACO_OP_BREAK, in->defs, in->num_defs, false);
         if (has_divergent_continue(c, body, false)) {
            for (unsigned i = 0; i < in->num_defs; i++)
               mark(c, in->defs[i]);
         }
         outer |= c->changed;
      } while (c->changed);
      c->changed = outer;
      return;
   }
   default:
      break;
   }
   bool any = false;
   for (unsigned i = 0; i < in->num_srcs; i++)
      any |= is(c, in->srcs[i]);
   if (any) {
      for (unsigned i = 0; i < in->num_defs; i++)
         mark(c, in->defs[i]);
   }
}

static void
visit_region(struct div_ctx *c, const struct air_region *r)
{
   air_foreach_instr(in, r)
      visit_instr(c, in);
}

void
aco_compute_divergence(const struct aco_function *f, bool *divergent)
{
   struct div_ctx c = {f, divergent, false};
   memset(divergent, 0, f->num_values * sizeof(bool));
   for (uint32_t i = 0; i < f->num_params; i++) {
      if (!(f->params[i].flags & ACO_PARAM_UNIFORM))
         divergent[f->params[i].value.id] = true;
   }
   if (f->body)
      visit_region(&c, f->body);
}
