/* SPDX-License-Identifier: MIT */
/* aco_schedule_ilp: the post-RA list scheduler (docs/architecture.md, "Scheduling").
 * After register allocation, lowering and the callee saves, the instructions of each block
 * are reordered so that independent chains interleave and memory loads issue early: a
 * dependency graph over physical registers (read after write with the producer's latency
 * from target/latency.h, write after read, write after write; exec, vcc, scc and m0
 * included where an opcode reads or writes them implicitly) and memory (loads keep their
 * order relative to stores and atomics; stores and atomics keep theirs), then a
 * cycle-driven list schedule: at each step the ready instruction that can issue soonest,
 * the one heading the longest latency path on a tie, the earlier one on a second tie.
 *
 * Regions end at every instruction that is not an ALU or memory one (branches, calls,
 * waits, messages, barriers, MODE writes, pseudo-instructions) and at instructions the
 * assembler fixes up relative to their position (s_getpc_b64 and relocated constants);
 * a region holds at most REGION_MAX instructions, so the pass is linear in the program.
 * Registers are already assigned, so the order changes no register demand; the wait and
 * NOP passes run after it. */
#include "sched/sched.h"

#include "sched/sched_deps.h"

#include "target/latency.h"
#include "target/opcodes.h"
#include "util/alloc.h"

#include <string.h>

#define REGION_MAX SCHED_REGION_MAX

struct node {
   struct aco_minstr *in;
   uint8_t cls;
   uint8_t latency;  /* cycles until its results are ready (the scheduling latency) */
   uint8_t issue;    /* issue cycles */
   uint16_t npreds;  /* unscheduled predecessors */
   uint32_t first_succ, num_succ;
   uint32_t path;    /* longest latency path from here to the region's end */
   uint32_t earliest;
   bool done;
};

struct sched_ctx {
   struct aco_mprogram *p;
   uint8_t *class_cache; /* per opcode: 0xff unknown, else enum aco_tclass */
   struct node nodes[REGION_MAX];
   uint32_t succ_index[SCHED_MAX_EDGES];
   struct sched_deps deps;
};

static uint8_t
class_of(struct sched_ctx *c, unsigned op)
{
   if (c->class_cache[op] == 0xff)
      c->class_cache[op] = aco_timing_class(op);
   return c->class_cache[op];
}

/* Whether the instruction may move within its block. */
static bool
movable(const struct sched_ctx *c, const struct aco_minstr *in, uint8_t cls)
{
   (void)c;
   if (in->reloc || in->opcode == aco_op_s_getpc_b64)
      return false;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (info->format == ACO_FMT_PSEUDO || info->format == ACO_FMT_SOPP)
      return false;
   if (info->flags & (ACO_OPF_BRANCH | ACO_OPF_CALL | ACO_OPF_SPECIAL))
      return false;
   switch (cls) {
   case ACO_T_VALU:
   case ACO_T_VALU_DUAL:
   case ACO_T_VALU64:
   case ACO_T_QUARTER:
   case ACO_T_TRANS:
   case ACO_T_DOUBLE:
   case ACO_T_VOPD:
   case ACO_T_SALU:
   case ACO_T_SFPU:
   case ACO_T_SMEM:
   case ACO_T_VMEM:
   case ACO_T_LDS: break;
   default: return false;
   }
   /* s_setreg, s_getreg and friends: MODE and hardware state */
   if (info->format == ACO_FMT_SOPK && in->opcode != aco_op_s_movk_i32 &&
       in->opcode != aco_op_s_addk_i32 && in->opcode != aco_op_s_mulk_i32 &&
       in->opcode != aco_op_s_cmovk_i32)
      return false;
   return true;
}

/* The scheduling latency of an instruction's results: memory loads get theirs so that they
 * move up and their uses down. */
static unsigned
result_latency(const struct sched_ctx *c, const struct aco_minstr *in, uint8_t cls)
{
   struct aco_tcost t = aco_timing_cost(c->p->gfx_level, cls);
   unsigned passes = aco_timing_passes(c->p->gfx_level, c->p->wave_size, cls);
   switch (cls) {
   case ACO_T_VMEM: return sched_writes_memory(in) ? 1 : 200;
   case ACO_T_LDS: return ACO_LDS_CYCLES;
   case ACO_T_SMEM: return ACO_SMEM_CYCLES;
   default: return t.latency + passes - 1;
   }
}

static unsigned
issue_cycles(const struct sched_ctx *c, uint8_t cls)
{
   struct aco_tcost t = aco_timing_cost(c->p->gfx_level, cls);
   unsigned passes = aco_timing_passes(c->p->gfx_level, c->p->wave_size, cls);
   unsigned cost = t.cost > 1 ? t.cost : 1;
   return cost * passes;
}

/* Schedules instrs[start, start + n) of b in place. */
static void
schedule_region(struct sched_ctx *c, struct aco_mblock *b, uint32_t start, unsigned n)
{
   if (n < 3)
      return;
   struct sched_deps *dp = &c->deps;
   sched_deps_begin(dp);
   for (unsigned i = 0; i < n; i++) {
      struct node *nd = &c->nodes[i];
      nd->in = b->instrs.data[start + i];
      nd->cls = class_of(c, nd->in->opcode);
      nd->latency = (uint8_t)result_latency(c, nd->in, nd->cls);
      nd->issue = (uint8_t)issue_cycles(c, nd->cls);
      nd->done = false;
      nd->npreds = 0;
      nd->path = 0;
      nd->earliest = 0;
      dp->latency[i] = nd->latency;
   }
   for (unsigned i = 0; i < n; i++) {
      const struct aco_minstr *in = c->nodes[i].in;
      uint8_t cls = c->nodes[i].cls;
      for (unsigned k = 0; k < in->num_operands; k++) {
         const aco_operand *o = &in->operands[k];
         if (o->kind == ACO_OPND_CONST || o->kind == ACO_OPND_UNDEF || !o->fixed)
            continue;
         unsigned f, cnt;
         sched_field_range(o->reg, o->temp.rc, &f, &cnt);
         for (unsigned d = 0; d < cnt; d++)
            sched_deps_read(dp, i, f + d);
      }
      /* a definition that writes part of its registers (sub-dword, inactive lanes) keeps
       * the rest: it reads them too, which the write-after-write order already covers */
      sched_deps_implicit(dp, i, in, cls, false);
      for (unsigned k = 0; k < in->num_definitions; k++) {
         const aco_definition *d = &in->definitions[k];
         unsigned f, cnt;
         sched_field_range(d->reg, d->temp.rc, &f, &cnt);
         for (unsigned e = 0; e < cnt; e++)
            sched_deps_write(dp, i, f + e);
      }
      for (unsigned k = 0; k < in->num_operands; k++) {
         if (aco_minstr_writes_operand(in, k)) {
            unsigned f, cnt;
            sched_field_range(in->operands[k].reg, in->operands[k].temp.rc, &f, &cnt);
            for (unsigned e = 0; e < cnt; e++)
               sched_deps_write(dp, i, f + e);
         }
      }
      sched_deps_implicit(dp, i, in, cls, true);
      if (cls == ACO_T_SMEM || cls == ACO_T_VMEM || cls == ACO_T_LDS)
         sched_deps_memory(dp, i, sched_writes_memory(in));
   }
   if (dp->overflow)
      return;

   /* successor lists (counting sort by source) */
   for (unsigned i = 0; i < n; i++)
      c->nodes[i].num_succ = 0;
   for (uint32_t e = 0; e < dp->num_edges; e++) {
      c->nodes[dp->edges[e].from].num_succ++;
      c->nodes[dp->edges[e].to].npreds++;
   }
   uint32_t pos = 0;
   for (unsigned i = 0; i < n; i++) {
      c->nodes[i].first_succ = pos;
      pos += c->nodes[i].num_succ;
      c->nodes[i].num_succ = 0;
   }
   for (uint32_t e = 0; e < dp->num_edges; e++) {
      struct node *f = &c->nodes[dp->edges[e].from];
      c->succ_index[f->first_succ + f->num_succ++] = e;
   }
   /* longest latency paths, from the end (edges go forward in the original order) */
   for (unsigned i = n; i-- > 0;) {
      struct node *nd = &c->nodes[i];
      uint32_t best = nd->issue;
      for (uint32_t k = 0; k < nd->num_succ; k++) {
         const struct sched_edge *e = &dp->edges[c->succ_index[nd->first_succ + k]];
         uint32_t l = e->latency + c->nodes[e->to].path;
         if (l > best)
            best = l;
      }
      nd->path = best;
   }

   /* the list schedule, over the ready instructions */
   struct aco_minstr *order[REGION_MAX];
   uint8_t ready[REGION_MAX];
   unsigned num_ready = 0;
   for (unsigned i = 0; i < n; i++) {
      if (!c->nodes[i].npreds)
         ready[num_ready++] = (uint8_t)i;
   }
   uint32_t cycle = 0;
   for (unsigned s = 0; s < n; s++) {
      unsigned pick = 0;
      uint32_t pick_at = UINT32_MAX;
      for (unsigned r = 0; r < num_ready; r++) {
         const struct node *nd = &c->nodes[ready[r]];
         uint32_t at = nd->earliest > cycle ? nd->earliest : cycle;
         const struct node *best = &c->nodes[ready[pick]];
         if (at < pick_at ||
             (at == pick_at && (nd->path > best->path ||
                                (nd->path == best->path && ready[r] < ready[pick])))) {
            pick = r;
            pick_at = at;
         }
      }
      struct node *nd = &c->nodes[ready[pick]];
      ready[pick] = ready[--num_ready];
      nd->done = true;
      order[s] = nd->in;
      cycle = pick_at + nd->issue;
      for (uint32_t k = 0; k < nd->num_succ; k++) {
         const struct sched_edge *e = &dp->edges[c->succ_index[nd->first_succ + k]];
         struct node *t = &c->nodes[e->to];
         uint32_t when = pick_at + e->latency;
         if (when > t->earliest)
            t->earliest = when;
         if (--t->npreds == 0)
            ready[num_ready++] = (uint8_t)e->to;
      }
   }
   memcpy(&b->instrs.data[start], order, n * sizeof(order[0]));
}

aco_status
aco_schedule_ilp(struct aco_mprogram *p)
{
   struct sched_ctx *c = aco_calloc(p->allocator, sizeof(*c));
   uint8_t *cache = aco_alloc(p->allocator, aco_num_opcodes);
   if (!c || !cache) {
      aco_free(p->allocator, c);
      aco_free(p->allocator, cache);
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "scheduler: out of memory");
   }
   memset(cache, 0xff, aco_num_opcodes);
   c->p = p;
   c->deps.p = p;
   c->class_cache = cache;
   for (uint32_t bi = 0; bi < p->blocks.len; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      uint32_t start = 0;
      for (uint32_t i = 0; i <= b->instrs.len; i++) {
         bool end = i == b->instrs.len;
         if (!end) {
            struct aco_minstr *in = b->instrs.data[i];
            end = !movable(c, in, class_of(c, in->opcode));
         }
         if (end || i - start == REGION_MAX) {
            schedule_region(c, b, start, i - start);
            start = end ? i + 1 : i;
         }
      }
   }
   aco_free(p->allocator, cache);
   aco_free(p->allocator, c);
   return p->status;
}
