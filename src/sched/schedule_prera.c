/* SPDX-License-Identifier: MIT */
/* aco_schedule_prera: memory loads move up before register allocation (docs/architecture.md,
 * "Scheduling"). After spilling, on SSA temporaries: each load of global, scalar, scratch,
 * buffer or shared memory moves up within its block past the instructions it does not
 * depend on, so that its latency overlaps the work before it and loads issued together
 * form clauses. A load stops below
 *   - the definition of any temporary or register it reads (exec for vector memory),
 *   - any store, atomic or other memory write, another load (loads keep their order),
 *   - branches, calls, barriers, waits, messages and every pseudo-instruction other than
 *     copies (the logical start and end of a block among them),
 *   - MOVE_WINDOW instructions,
 * and where its result, live from its new place on, would lift the register demand at an
 * instruction it passes above the budget: for an entry, the most VGPRs that still give
 * the number of waves its current demand gives (and the SGPRs it already needs); for a
 * function that saves registers for its caller, the demand it already has (more registers
 * would mean more saves). The allocator recomputes liveness afterwards. Linear in the
 * program (each load looks at most MOVE_WINDOW instructions up). Reloads of VGPRs the
 * spiller put in the scratch frame count as loads (and their spills as stores), so they
 * leave the place right before their use where the spiller put them. */
#include "sched/sched.h"

#include "sched/sched_deps.h"

#include "target/latency.h"
#include "target/opcodes.h"
#include "util/alloc.h"

#include <string.h>

#define MOVE_WINDOW 48

/* A VGPR spilled to or reloaded from its slot of the scratch frame (docs/mir.md): a store
 * and a load once lowered. SGPR spills (lanes of a linear VGPR) are not. */
static bool
is_vgpr_spill(const struct aco_minstr *in)
{
   return in->opcode == aco_op_p_spill && !in->num_definitions && in->num_operands >= 2 &&
          in->operands[0].kind == ACO_OPND_TEMP && aco_rc_is_vgpr(in->operands[0].temp.rc) &&
          !(in->operands[0].temp.rc.v & ACO_RC_LINEAR) && in->operands[1].kind == ACO_OPND_CONST;
}

static bool
is_vgpr_reload(const struct aco_minstr *in)
{
   return in->opcode == aco_op_p_reload && in->num_definitions == 1 && in->num_operands >= 1 &&
          aco_rc_is_vgpr(in->definitions[0].temp.rc) &&
          !(in->definitions[0].temp.rc.v & ACO_RC_LINEAR) && in->operands[0].kind == ACO_OPND_CONST;
}

static bool
is_load(const struct aco_minstr *in)
{
   if (is_vgpr_reload(in))
      return true;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   switch (info->format) {
   case ACO_FMT_SMEM:
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
   case ACO_FMT_MUBUF:
      return (info->flags & ACO_OPF_LOAD) && !(info->flags & (ACO_OPF_STORE | ACO_OPF_ATOMIC)) &&
             in->num_definitions == 1;
   case ACO_FMT_DS:
      return (!strncmp(info->name, "ds_read", 7) || !strncmp(info->name, "ds_load", 7)) &&
             in->num_definitions == 1;
   default: return false;
   }
}

/* Whether a load may move above `in` at all (dependencies on values are checked apart). */
static bool
passable(const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   switch (info->format) {
   case ACO_FMT_PSEUDO:
      return in->opcode == aco_op_p_parallelcopy || in->opcode == aco_op_p_create_vector ||
             in->opcode == aco_op_p_split_vector || in->opcode == aco_op_p_extract_vector;
   case ACO_FMT_SOPP: return false;
   case ACO_FMT_SOPK:
      return in->opcode == aco_op_s_movk_i32 || in->opcode == aco_op_s_addk_i32 ||
             in->opcode == aco_op_s_mulk_i32 || in->opcode == aco_op_s_cmovk_i32;
   case ACO_FMT_SMEM:
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
   case ACO_FMT_MUBUF:
   case ACO_FMT_DS: return false; /* memory keeps its order */
   default: break;
   }
   return !(info->flags & (ACO_OPF_BRANCH | ACO_OPF_CALL | ACO_OPF_SPECIAL));
}

/* Whether `in` defines something `load` reads: a temporary, a fixed register, or exec. */
static bool
feeds(const struct aco_minstr *in, const struct aco_minstr *load, bool vector)
{
   if (vector && (aco_op_info(in->opcode)->flags & ACO_OPF_WRITE_EXEC))
      return true;
   for (unsigned d = 0; d < in->num_definitions; d++) {
      const aco_definition *def = &in->definitions[d];
      if (vector && def->fixed && aco_physreg_field(def->reg) == ACO_REG_EXEC_LO)
         return true;
      for (unsigned k = 0; k < load->num_operands; k++) {
         const aco_operand *o = &load->operands[k];
         if (o->kind == ACO_OPND_TEMP && def->temp.id && o->temp.id == def->temp.id)
            return true;
         if ((o->kind == ACO_OPND_REG || o->fixed) && def->fixed &&
             aco_physreg_field(o->reg) == aco_physreg_field(def->reg))
            return true;
      }
   }
   return false;
}

/* The register budget: see the file comment. */
static struct aco_register_demand
budget_of(const struct aco_mprogram *p)
{
   struct aco_register_demand b = p->max_demand;
   if (p->is_entry || p->is_chain) {
      unsigned granule = p->gfx->vgpr_granule[p->wave_size == 64], file = granule * 64;
      if (p->vgpr_file) { /* the chip's file (gfx1102's is two thirds of gfx1100's) */
         granule = p->vgpr_alloc_granule;
         file = p->vgpr_file;
      }
      unsigned used = b.vgpr > 0 ? (unsigned)b.vgpr : 1;
      unsigned alloc = (used + granule - 1) / granule * granule;
      unsigned waves = file / alloc;
      if (waves > 16)
         waves = 16;
      unsigned v = file / waves / granule * granule;
      /* room the allocator keeps for fragmentation and the limits the compile set */
      unsigned cap = p->max_vgprs ? p->max_vgprs : ACO_VGPR_COUNT;
      if (v + 8 > cap)
         v = cap > 8 ? cap - 8 : 0;
      if ((int)v > b.vgpr)
         b.vgpr = (int16_t)v;
   }
   return b;
}

static void
schedule_block(struct aco_mprogram *p, struct aco_mblock *b, struct aco_register_demand budget,
               bool *changed)
{
   struct aco_register_demand *dem = b->instr_demand;
   if (!dem)
      return;
   for (uint32_t i = 1; i < b->instrs.len; i++) {
      struct aco_minstr *load = b->instrs.data[i];
      if (!is_load(load) || load->definitions[0].fixed)
         continue;
      aco_rc rc = load->definitions[0].temp.rc;
      int size = (int)aco_rc_dwords(rc);
      bool vgpr = aco_rc_is_vgpr(rc);
      bool vector = aco_op_info(load->opcode)->format != ACO_FMT_SMEM;
      uint32_t to = i;
      uint32_t floor = i > MOVE_WINDOW ? i - MOVE_WINDOW : 0;
      while (to > floor) {
         const struct aco_minstr *prev = b->instrs.data[to - 1];
         if (!passable(prev) || feeds(prev, load, vector))
            break;
         int d = vgpr ? dem[to - 1].vgpr : dem[to - 1].sgpr;
         if (d + size > (vgpr ? budget.vgpr : budget.sgpr))
            break;
         to--;
      }
      if (to == i)
         continue;
      /* the load's result is live across [to, i): their demand grows by its size */
      struct aco_register_demand ld = dem[i];
      for (uint32_t k = i; k > to; k--) {
         b->instrs.data[k] = b->instrs.data[k - 1];
         dem[k] = dem[k - 1];
         if (vgpr)
            dem[k].vgpr = (int16_t)(dem[k].vgpr + size);
         else
            dem[k].sgpr = (int16_t)(dem[k].sgpr + size);
      }
      b->instrs.data[to] = load;
      dem[to] = ld;
      *changed = true;
   }
}

/* ---- the list scheduler ---------------------------------------------------------------
 * Each region of a block (a run of at most REGION_MAX ALU and memory instructions between
 * instructions nothing may cross: pseudo-instructions other than copies, branches, calls,
 * SOPP, instructions with fixed definitions) is list-scheduled on its dependency graph:
 * temporaries (read after write with the producer's latency, target/latency.h), fixed and
 * implicit registers (exec, vcc, scc, m0: every order kept), memory (loads after stores,
 * stores after everything). At each step the ready instruction that issues soonest and
 * heads the longest latency path goes next, among those whose definitions keep the
 * register demand within the budget; when none does, the one that adds the least. The
 * new order replaces the old only when its highest demand stays within the budget. */
#define REGION_MAX SCHED_REGION_MAX
#define MAX_USES 8

struct pnode {
   struct aco_minstr *in;
   uint8_t latency, issue;
   uint16_t npreds;
   uint32_t first_succ, num_succ;
   uint32_t path, earliest;
   int16_t def_v, def_s;     /* dwords defined per file */
   int16_t dead_v, dead_s;   /* of those, never read */
   uint16_t uses[MAX_USES];  /* region temp slots read (once each) */
   uint8_t num_uses;
   bool done;
};

struct pslot {
   uint32_t id;
   int16_t size;
   bool vgpr;
   bool dies;       /* not live after its last use in this region */
   uint16_t left;   /* reads not scheduled yet */
};

struct prera_ctx {
   struct aco_mprogram *p;
   uint8_t *class_cache;
   uint32_t *slot_stamp, *slot_index, *def_at; /* per temporary id */
   uint32_t stamp;
   struct pnode nodes[REGION_MAX];
   struct pslot slots[REGION_MAX * (MAX_USES + 2)];
   unsigned num_slots;
   uint32_t succ_index[SCHED_MAX_EDGES];
   struct sched_deps deps;
   bool overflow; /* more slots or uses than the region tables hold */
};

static uint8_t
pclass(struct prera_ctx *c, unsigned op)
{
   if (c->class_cache[op] == 0xff)
      c->class_cache[op] = aco_timing_class(op);
   return c->class_cache[op];
}

/* Instructions a region may hold. */
static bool
schedulable(struct prera_ctx *c, const struct aco_minstr *in)
{
   if (is_vgpr_spill(in) || is_vgpr_reload(in))
      return true;
   if (!passable(in) && !is_load(in)) {
      /* stores, atomics and other memory instructions stay in order but may be scheduled */
      unsigned fmt = aco_op_info(in->opcode)->format;
      if (fmt != ACO_FMT_SMEM && fmt != ACO_FMT_FLAT && fmt != ACO_FMT_GLOBAL &&
          fmt != ACO_FMT_SCRATCH && fmt != ACO_FMT_MUBUF && fmt != ACO_FMT_DS)
         return false;
   }
   if (in->reloc || aco_op_info(in->opcode)->format == ACO_FMT_PSEUDO)
      return false;
   for (unsigned d = 0; d < in->num_definitions; d++) {
      if (in->definitions[d].fixed) {
         unsigned f = aco_physreg_field(in->definitions[d].reg);
         if (f != ACO_REG_SCC && f != ACO_REG_VCC_LO)
            return false;
      }
   }
   uint8_t cls = pclass(c, in->opcode);
   return cls != ACO_T_OTHER && cls != ACO_T_BRANCH;
}

static bool
pwrites_memory(const struct aco_minstr *in)
{
   return is_vgpr_spill(in) || sched_writes_memory(in);
}

static bool
pmemory(const struct aco_minstr *in)
{
   if (is_vgpr_spill(in) || is_vgpr_reload(in))
      return true;
   unsigned fmt = aco_op_info(in->opcode)->format;
   return fmt == ACO_FMT_SMEM || fmt == ACO_FMT_FLAT || fmt == ACO_FMT_GLOBAL ||
          fmt == ACO_FMT_SCRATCH || fmt == ACO_FMT_MUBUF || fmt == ACO_FMT_DS;
}

/* The region's slot for temporary t (created on first sight). */
static int
slot_of(struct prera_ctx *c, aco_temp t)
{
   if (c->slot_stamp[t.id] == c->stamp)
      return (int)c->slot_index[t.id];
   if (c->num_slots == sizeof(c->slots) / sizeof(c->slots[0]))
      return -1;
   c->slot_stamp[t.id] = c->stamp;
   c->slot_index[t.id] = c->num_slots;
   struct pslot *s = &c->slots[c->num_slots];
   s->id = t.id;
   s->size = (int16_t)aco_rc_dwords(t.rc);
   s->vgpr = aco_rc_is_vgpr(t.rc);
   s->dies = false;
   s->left = 0;
   return (int)c->num_slots++;
}

/* The highest demand change (per file) of scheduling `order` from the region's start:
 * definitions add their size, a temporary read for the last time in the region and dead
 * after it frees its size, a definition nothing reads frees its size at once. */
static void
pressure_of(struct prera_ctx *c, struct pnode *const *order, unsigned n, int *max_v, int *max_s)
{
   for (unsigned k = 0; k < c->num_slots; k++)
      c->slots[k].left = 0;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned u = 0; u < order[i]->num_uses; u++)
         c->slots[order[i]->uses[u]].left++;
   }
   int v = 0, s = 0;
   *max_v = *max_s = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct pnode *nd = order[i];
      v += nd->def_v;
      s += nd->def_s;
      if (v > *max_v)
         *max_v = v;
      if (s > *max_s)
         *max_s = s;
      for (unsigned u = 0; u < nd->num_uses; u++) {
         struct pslot *sl = &c->slots[nd->uses[u]];
         if (--sl->left == 0 && sl->dies) {
            if (sl->vgpr)
               v -= sl->size;
            else
               s -= sl->size;
         }
      }
      v -= nd->dead_v;
      s -= nd->dead_s;
   }
}

static void
list_schedule_region(struct prera_ctx *c, struct aco_mblock *b, uint32_t start, unsigned n,
                     struct aco_register_demand budget, bool *changed)
{
   if (n < 3)
      return;
   struct aco_mprogram *p = c->p;
   c->stamp++;
   c->num_slots = 0;
   struct sched_deps *dp = &c->deps;
   sched_deps_begin(dp);
   c->overflow = false;
   struct aco_register_demand region_max = {0, 0};
   for (unsigned i = 0; i < n; i++) {
      struct aco_register_demand d = b->instr_demand[start + i];
      if (d.vgpr > region_max.vgpr)
         region_max.vgpr = d.vgpr;
      if (d.sgpr > region_max.sgpr)
         region_max.sgpr = d.sgpr;
   }
   for (unsigned i = 0; i < n; i++) {
      struct pnode *nd = &c->nodes[i];
      struct aco_minstr *in = b->instrs.data[start + i];
      uint8_t cls = is_vgpr_spill(in) || is_vgpr_reload(in) ? ACO_T_VMEM : pclass(c, in->opcode);
      struct aco_tcost t = aco_timing_cost(p->gfx_level, cls);
      unsigned passes = aco_timing_passes(p->gfx_level, p->wave_size, cls);
      memset(nd, 0, sizeof(*nd));
      nd->in = in;
      nd->latency = (uint8_t)(cls == ACO_T_VMEM ? (pwrites_memory(in) ? 1 : 200)
                              : cls == ACO_T_LDS ? ACO_LDS_CYCLES
                              : cls == ACO_T_SMEM ? ACO_SMEM_CYCLES
                                                  : t.latency + passes - 1);
      nd->issue = (uint8_t)((t.cost > 1 ? t.cost : 1) * passes);
      dp->latency[i] = nd->latency;
   }
   for (unsigned i = 0; i < n && !c->overflow; i++) {
      struct pnode *nd = &c->nodes[i];
      const struct aco_minstr *in = nd->in;
      uint8_t cls = is_vgpr_spill(in) || is_vgpr_reload(in) ? ACO_T_VMEM : pclass(c, in->opcode);
      for (unsigned k = 0; k < in->num_operands; k++) {
         const aco_operand *o = &in->operands[k];
         if (o->kind == ACO_OPND_CONST || o->kind == ACO_OPND_UNDEF)
            continue;
         if (o->fixed || o->kind == ACO_OPND_REG) {
            unsigned f = aco_physreg_field(o->reg);
            unsigned cnt = o->kind == ACO_OPND_TEMP ? aco_rc_dwords(o->temp.rc) : 1;
            for (unsigned d = 0; d < (cnt ? cnt : 1); d++)
               sched_deps_read(dp, i, f + d);
         }
         if (o->kind != ACO_OPND_TEMP || !o->temp.id)
            continue;
         int sl = slot_of(c, o->temp);
         if (sl < 0) {
            c->overflow = true;
            break;
         }
         if (o->kill)
            c->slots[sl].dies = true;
         bool seen = false;
         for (unsigned u = 0; u < nd->num_uses; u++)
            seen |= nd->uses[u] == sl;
         if (!seen) {
            if (nd->num_uses == MAX_USES) {
               c->overflow = true;
               break;
            }
            nd->uses[nd->num_uses++] = (uint16_t)sl;
            uint32_t def = c->slot_stamp[o->temp.id] == c->stamp ? c->def_at[o->temp.id] : 0;
            if (def)
               sched_deps_edge(dp, def - 1, i, c->nodes[def - 1].latency);
         }
      }
      sched_deps_implicit(dp, i, in, cls, false);
      for (unsigned d = 0; d < in->num_definitions; d++) {
         const aco_definition *def = &in->definitions[d];
         if (def->fixed) {
            unsigned f, cnt;
            sched_field_range(def->reg, def->temp.rc, &f, &cnt);
            for (unsigned e = 0; e < cnt; e++)
               sched_deps_write(dp, i, f + e);
            continue;
         }
         if (!def->temp.id)
            continue;
         int sl = slot_of(c, def->temp);
         if (sl < 0) {
            c->overflow = true;
            break;
         }
         c->def_at[def->temp.id] = i + 1;
         int16_t sz = (int16_t)aco_rc_dwords(def->temp.rc);
         bool v = aco_rc_is_vgpr(def->temp.rc);
         *(v ? &nd->def_v : &nd->def_s) += sz;
         if (def->kill)
            *(v ? &nd->dead_v : &nd->dead_s) += sz;
      }
      sched_deps_implicit(dp, i, in, cls, true);
      if (pmemory(in))
         sched_deps_memory(dp, i, pwrites_memory(in));
   }
   /* definitions seen in this region only: clear them for the next one */
   for (unsigned k = 0; k < c->num_slots; k++)
      c->def_at[c->slots[k].id] = 0;
   if (c->overflow || dp->overflow)
      return;

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
      struct pnode *f = &c->nodes[dp->edges[e].from];
      c->succ_index[f->first_succ + f->num_succ++] = e;
   }
   for (unsigned i = n; i-- > 0;) {
      struct pnode *nd = &c->nodes[i];
      uint32_t best = nd->issue;
      for (uint32_t k = 0; k < nd->num_succ; k++) {
         uint32_t e = c->succ_index[nd->first_succ + k];
         uint32_t l = dp->edges[e].latency + c->nodes[dp->edges[e].to].path;
         if (l > best)
            best = l;
      }
      nd->path = best;
   }

   /* the pressure of the original order gives the demand at the region's start */
   struct pnode *orig[REGION_MAX], *order[REGION_MAX];
   for (unsigned i = 0; i < n; i++)
      orig[i] = &c->nodes[i];
   int d0v, d0s;
   pressure_of(c, orig, n, &d0v, &d0s);
   int limit_v = budget.vgpr - (region_max.vgpr - d0v);
   int limit_s = budget.sgpr - (region_max.sgpr - d0s);

   for (unsigned k = 0; k < c->num_slots; k++)
      c->slots[k].left = 0;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned u = 0; u < c->nodes[i].num_uses; u++)
         c->slots[c->nodes[i].uses[u]].left++;
   }
   int cur_v = 0, cur_s = 0;
   uint32_t cycle = 0;
   uint8_t ready[REGION_MAX];
   unsigned num_ready = 0;
   for (unsigned i = 0; i < n; i++) {
      if (!c->nodes[i].npreds)
         ready[num_ready++] = (uint8_t)i;
   }
   for (unsigned s = 0; s < n; s++) {
      int pick = -1, pick_fits = 0;
      uint32_t pick_at = 0;
      int pick_growth = 0;
      for (unsigned r = 0; r < num_ready; r++) {
         unsigned i = ready[r];
         const struct pnode *nd = &c->nodes[i];
         bool fits = cur_v + nd->def_v <= limit_v && cur_s + nd->def_s <= limit_s;
         uint32_t at = nd->earliest > cycle ? nd->earliest : cycle;
         bool better;
         int growth = 0;
         if (!fits || (pick >= 0 && !pick_fits)) {
            growth = nd->def_v + nd->def_s;
            for (unsigned u = 0; u < nd->num_uses; u++) {
               const struct pslot *sl = &c->slots[nd->uses[u]];
               if (sl->left == 1 && sl->dies)
                  growth -= sl->size;
            }
         }
         if (pick < 0) {
            better = true;
         } else {
            const struct pnode *best = &c->nodes[ready[pick]];
            if (fits != pick_fits)
               better = fits;
            else if (fits)
               better = at < pick_at ||
                        (at == pick_at && (nd->path > best->path ||
                                           (nd->path == best->path && i < ready[pick])));
            else
               better = growth < pick_growth || (growth == pick_growth && i < ready[pick]);
         }
         if (better) {
            pick = (int)r;
            pick_fits = fits;
            pick_at = at;
            pick_growth = growth;
         }
      }
      struct pnode *nd = &c->nodes[ready[pick]];
      ready[pick] = ready[--num_ready];
      nd->done = true;
      order[s] = nd;
      cycle = pick_at + nd->issue;
      cur_v += nd->def_v - nd->dead_v;
      cur_s += nd->def_s - nd->dead_s;
      for (unsigned u = 0; u < nd->num_uses; u++) {
         struct pslot *sl = &c->slots[nd->uses[u]];
         if (--sl->left == 0 && sl->dies) {
            if (sl->vgpr)
               cur_v -= sl->size;
            else
               cur_s -= sl->size;
         }
      }
      for (uint32_t k = 0; k < nd->num_succ; k++) {
         uint32_t e = c->succ_index[nd->first_succ + k];
         struct pnode *t = &c->nodes[dp->edges[e].to];
         uint32_t when = pick_at + dp->edges[e].latency;
         if (when > t->earliest)
            t->earliest = when;
         if (--t->npreds == 0)
            ready[num_ready++] = (uint8_t)dp->edges[e].to;
      }
   }
   int d1v, d1s;
   pressure_of(c, order, n, &d1v, &d1s);
   if (d1v > limit_v || d1s > limit_s)
      return; /* the original order stays */
   bool same = true;
   for (unsigned i = 0; i < n; i++) {
      same &= b->instrs.data[start + i] == order[i]->in;
      b->instrs.data[start + i] = order[i]->in;
   }
   *changed |= !same;
}

static aco_status
list_schedule(struct aco_mprogram *p, struct aco_register_demand budget, bool *changed)
{
   struct prera_ctx *c = aco_calloc(p->allocator, sizeof(*c));
   uint8_t *cache = aco_alloc(p->allocator, aco_num_opcodes);
   size_t tn = (size_t)p->temp_count + 1;
   uint32_t *arrays = aco_calloc(p->allocator, tn * 3 * sizeof(uint32_t));
   if (!c || !cache || !arrays) {
      aco_free(p->allocator, c);
      aco_free(p->allocator, cache);
      aco_free(p->allocator, arrays);
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "scheduler: out of memory");
   }
   memset(cache, 0xff, aco_num_opcodes);
   c->p = p;
   c->deps.p = p;
   c->class_cache = cache;
   c->slot_stamp = arrays;
   c->slot_index = arrays + tn;
   c->def_at = arrays + 2 * tn;
   for (uint32_t bi = 0; bi < p->blocks.len; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      if (!b->instr_demand)
         continue;
      uint32_t start = 0;
      for (uint32_t i = 0; i <= b->instrs.len; i++) {
         bool end = i == b->instrs.len || !schedulable(c, b->instrs.data[i]);
         if (end || i - start == REGION_MAX) {
            list_schedule_region(c, b, start, i - start, budget, changed);
            start = end ? i + 1 : i;
         }
      }
   }
   aco_free(p->allocator, arrays);
   aco_free(p->allocator, cache);
   aco_free(p->allocator, c);
   return p->status;
}

aco_status
aco_schedule_prera(struct aco_mprogram *p)
{
   if (p->status != ACO_SUCCESS)
      return p->status;
   aco_status s = aco_compute_liveness(p);
   if (s != ACO_SUCCESS)
      return s;
   struct aco_register_demand budget = budget_of(p);
   /* the blocks' orders as they were, to go back to when the estimates were wrong */
   uint32_t total = 0;
   for (uint32_t bi = 0; bi < p->blocks.len; bi++)
      total += p->blocks.data[bi]->instrs.len;
   struct aco_minstr **saved = aco_alloc(p->allocator, sizeof(*saved) * (total ? total : 1));
   if (!saved)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "scheduler: out of memory");
   for (uint32_t bi = 0, k = 0; bi < p->blocks.len; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      memcpy(saved + k, b->instrs.data, sizeof(*saved) * b->instrs.len);
      k += b->instrs.len;
   }
   bool changed = false;
   s = list_schedule(p, budget, &changed);
   /* the list schedule leaves each block's demand as it was at most where it moved
    * things (its pressure check); the loads then move on that estimate */
   for (uint32_t bi = 0; bi < p->blocks.len && !changed && s == ACO_SUCCESS; bi++)
      schedule_block(p, p->blocks.data[bi], budget, &changed);
   if (s == ACO_SUCCESS && changed) {
      /* the demand estimates are per region; the whole function's demand must stay within
       * the budget (and so within the limits the spiller kept), else the order it had
       * comes back. The allocator takes this liveness as it is. */
      s = aco_compute_liveness(p);
      if (s == ACO_SUCCESS &&
          (p->max_demand.vgpr > budget.vgpr || p->max_demand.sgpr > budget.sgpr)) {
         for (uint32_t bi = 0, k = 0; bi < p->blocks.len; bi++) {
            struct aco_mblock *b = p->blocks.data[bi];
            memcpy(b->instrs.data, saved + k, sizeof(*saved) * b->instrs.len);
            k += b->instrs.len;
         }
         s = aco_compute_liveness(p);
      }
   }
   aco_free(p->allocator, saved);
   p->liveness_current = s == ACO_SUCCESS;
   return s;
}
