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

#include "target/latency.h"
#include "target/opcodes.h"
#include "util/alloc.h"

#include <string.h>

#define REGION_MAX 64
#define NUM_FIELDS 512
#define MAX_EDGES 8192

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

struct edge {
   uint16_t from, to;
   uint16_t latency;
};

struct sched_ctx {
   struct aco_mprogram *p;
   uint8_t *class_cache; /* per opcode: 0xff unknown, else enum aco_tclass */
   struct node nodes[REGION_MAX];
   struct edge edges[MAX_EDGES];
   uint32_t num_edges;
   uint32_t succ_index[MAX_EDGES];
   /* per operand field, within the current region: the last writer (+1, 0 none) and the
    * readers since it (a bit per region index) */
   uint16_t last_writer[NUM_FIELDS];
   uint64_t readers[NUM_FIELDS];
   uint16_t touched[NUM_FIELDS];
   unsigned num_touched;
   bool overflow;
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

static void
field_range(aco_physreg reg, aco_rc rc, unsigned *first, unsigned *count)
{
   unsigned bytes = aco_physreg_byte(reg) + aco_rc_bytes(rc);
   *first = aco_physreg_field(reg);
   *count = bytes > 4 ? (bytes + 3) / 4 : 1;
}

static void
add_edge(struct sched_ctx *c, unsigned from, unsigned to, unsigned latency)
{
   if (from == to)
      return;
   if (c->num_edges == MAX_EDGES) {
      c->overflow = true;
      return;
   }
   c->edges[c->num_edges++] = (struct edge){(uint16_t)from, (uint16_t)to, (uint16_t)latency};
}

static void
touch(struct sched_ctx *c, unsigned f)
{
   if (!c->last_writer[f] && !c->readers[f])
      c->touched[c->num_touched++] = (uint16_t)f;
}

static void
read_field(struct sched_ctx *c, unsigned i, unsigned f)
{
   if (f >= NUM_FIELDS)
      return;
   touch(c, f);
   if (c->last_writer[f]) {
      unsigned w = c->last_writer[f] - 1u;
      add_edge(c, w, i, c->nodes[w].latency);
   }
   c->readers[f] |= UINT64_C(1) << i;
}

static void
write_field(struct sched_ctx *c, unsigned i, unsigned f)
{
   if (f >= NUM_FIELDS)
      return;
   touch(c, f);
   if (c->last_writer[f])
      add_edge(c, c->last_writer[f] - 1u, i, 1);
   for (uint64_t r = c->readers[f]; r; r &= r - 1)
      add_edge(c, (unsigned)__builtin_ctzll(r), i, 0);
   c->readers[f] = 0;
   c->last_writer[f] = (uint16_t)(i + 1);
}

/* Implicit operands of an opcode (and exec for vector instructions). */
static void
implicit(struct sched_ctx *c, unsigned i, const struct aco_minstr *in, uint8_t cls, bool write)
{
   uint32_t flags = aco_op_info(in->opcode)->flags;
   unsigned lm = c->p->wave_size == 64 ? 2 : 1;
   bool vector = cls >= ACO_T_VALU && cls <= ACO_T_VOPD;
   vector |= cls == ACO_T_VMEM || cls == ACO_T_LDS;
   bool exec = write ? (flags & ACO_OPF_WRITE_EXEC) != 0
                     : vector || (flags & ACO_OPF_READ_EXEC) != 0;
   for (unsigned k = 0; exec && k < lm; k++)
      write ? write_field(c, i, ACO_REG_EXEC_LO + k) : read_field(c, i, ACO_REG_EXEC_LO + k);
   if (flags & (write ? ACO_OPF_WRITE_VCC : ACO_OPF_READ_VCC)) {
      for (unsigned k = 0; k < lm; k++)
         write ? write_field(c, i, ACO_REG_VCC_LO + k) : read_field(c, i, ACO_REG_VCC_LO + k);
   }
   if (flags & (write ? ACO_OPF_WRITE_SCC : ACO_OPF_READ_SCC))
      write ? write_field(c, i, ACO_REG_SCC) : read_field(c, i, ACO_REG_SCC);
   if (flags & (write ? ACO_OPF_WRITE_M0 : ACO_OPF_READ_M0))
      write ? write_field(c, i, c->p->gfx->reg_m0) : read_field(c, i, c->p->gfx->reg_m0);
}

static bool
is_memory(uint8_t cls)
{
   return cls == ACO_T_SMEM || cls == ACO_T_VMEM || cls == ACO_T_LDS;
}

/* Stores and atomics. The opcode table flags every DS instruction as a load, so for LDS
 * only the reads (ds_read*, ds_load*) count as loads. */
static bool
writes_memory(const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (info->format == ACO_FMT_DS)
      return strncmp(info->name, "ds_read", 7) != 0 && strncmp(info->name, "ds_load", 7) != 0;
   return (info->flags & (ACO_OPF_STORE | ACO_OPF_ATOMIC)) != 0;
}

/* The scheduling latency of an instruction's results: memory loads get theirs so that they
 * move up and their uses down. */
static unsigned
result_latency(const struct sched_ctx *c, const struct aco_minstr *in, uint8_t cls)
{
   struct aco_tcost t = aco_timing_cost(c->p->gfx_level, cls);
   unsigned passes = aco_timing_passes(c->p->gfx_level, c->p->wave_size, cls);
   switch (cls) {
   case ACO_T_VMEM: return writes_memory(in) ? 1 : 200;
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

static void
reset_fields(struct sched_ctx *c)
{
   for (unsigned k = 0; k < c->num_touched; k++) {
      unsigned f = c->touched[k];
      c->last_writer[f] = 0;
      c->readers[f] = 0;
   }
   c->num_touched = 0;
}

/* Schedules instrs[start, start + n) of b in place. */
static void
schedule_region(struct sched_ctx *c, struct aco_mblock *b, uint32_t start, unsigned n)
{
   if (n < 3)
      return;
   c->num_edges = 0;
   c->overflow = false;
   int last_store = -1;
   unsigned loads_since[REGION_MAX], num_loads = 0;
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
   }
   for (unsigned i = 0; i < n; i++) {
      const struct aco_minstr *in = c->nodes[i].in;
      uint8_t cls = c->nodes[i].cls;
      for (unsigned k = 0; k < in->num_operands; k++) {
         const aco_operand *o = &in->operands[k];
         if (o->kind == ACO_OPND_CONST || o->kind == ACO_OPND_UNDEF || !o->fixed)
            continue;
         unsigned f, cnt;
         field_range(o->reg, o->temp.rc, &f, &cnt);
         for (unsigned d = 0; d < cnt; d++)
            read_field(c, i, f + d);
      }
      /* a definition that writes part of its registers (sub-dword, inactive lanes) keeps
       * the rest: it reads them too, which the write-after-write order already covers */
      implicit(c, i, in, cls, false);
      for (unsigned k = 0; k < in->num_definitions; k++) {
         const aco_definition *d = &in->definitions[k];
         unsigned f, cnt;
         field_range(d->reg, d->temp.rc, &f, &cnt);
         for (unsigned e = 0; e < cnt; e++)
            write_field(c, i, f + e);
      }
      for (unsigned k = 0; k < in->num_operands; k++) {
         if (aco_minstr_writes_operand(in, k)) {
            unsigned f, cnt;
            field_range(in->operands[k].reg, in->operands[k].temp.rc, &f, &cnt);
            for (unsigned e = 0; e < cnt; e++)
               write_field(c, i, f + e);
         }
      }
      implicit(c, i, in, cls, true);
      if (is_memory(cls)) {
         if (writes_memory(in)) {
            if (last_store >= 0)
               add_edge(c, (unsigned)last_store, i, 1);
            for (unsigned k = 0; k < num_loads; k++)
               add_edge(c, loads_since[k], i, 0);
            num_loads = 0;
            last_store = (int)i;
         } else {
            if (last_store >= 0)
               add_edge(c, (unsigned)last_store, i, 1);
            loads_since[num_loads++] = i;
         }
      }
   }
   reset_fields(c);
   if (c->overflow)
      return;

   /* successor lists (counting sort by source) */
   for (unsigned i = 0; i < n; i++)
      c->nodes[i].num_succ = 0;
   for (uint32_t e = 0; e < c->num_edges; e++) {
      c->nodes[c->edges[e].from].num_succ++;
      c->nodes[c->edges[e].to].npreds++;
   }
   uint32_t pos = 0;
   for (unsigned i = 0; i < n; i++) {
      c->nodes[i].first_succ = pos;
      pos += c->nodes[i].num_succ;
      c->nodes[i].num_succ = 0;
   }
   for (uint32_t e = 0; e < c->num_edges; e++) {
      struct node *f = &c->nodes[c->edges[e].from];
      c->succ_index[f->first_succ + f->num_succ++] = e;
   }
   /* longest latency paths, from the end (edges go forward in the original order) */
   for (unsigned i = n; i-- > 0;) {
      struct node *nd = &c->nodes[i];
      uint32_t best = nd->issue;
      for (uint32_t k = 0; k < nd->num_succ; k++) {
         const struct edge *e = &c->edges[c->succ_index[nd->first_succ + k]];
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
         const struct edge *e = &c->edges[c->succ_index[nd->first_succ + k]];
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
