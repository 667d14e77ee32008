/* SPDX-License-Identifier: MIT */
/* Spilling, before register allocation, on SSA machine IR.
 *
 * When the register demand (aco_compute_liveness) exceeds the limits at some
 * instruction, values live through that instruction are chosen and taken out of registers
 * for their whole life: a value defined by a constant move is rematerialized (the move is
 * repeated before each use), any other value is stored once right after its definition
 * (p_spill) and read back into a new temporary right before each instruction that uses it
 * (p_reload), or at the end of the predecessor for a phi operand. The choice at an
 * instruction prefers constants, then the value whose next use in the block is farthest
 * (a value not used again in the block first, one not used in the enclosing loop before
 * one that is). Values created by spilling are never chosen again. Liveness is computed
 * again after each round until every instruction fits, or nothing is left to choose.
 *
 * Calls: the values live through a p_call (with the arguments it reads) must fit in the
 * registers the callee keeps, below the limits: the rest are spilled like any other
 * (docs/calls.md "The caller"). What the count leaves must also find aligned runs of
 * kept registers: a value that finds none is split into pieces that do (p_split_vector
 * after its definition, p_create_vector of the pieces before each use, where a reload
 * would go; the pieces are values like any other, spilled in a later round if need be),
 * or spilled when no split fits. Values of any width can be spilled.
 *
 * Where they go. SGPRs go into lanes of linear VGPRs (v_writelane / v_readlane, which
 * ignore exec: a linear VGPR is live in every lane, kept by the allocator in the top of the
 * VGPR file apart from ordinary VGPRs, so no other value's inactive lanes are touched);
 * each linear VGPR holds wave-size dwords and lives from the entry to its last reload.
 * VGPRs go into the function's scratch frame, after its stack objects, with the exec of
 * the block they are defined or used in: a lane's value is stored while the lane is
 * active and read back only where it is active again, so divergent control flow needs
 * nothing more. A VGPR spilled after a phi is stored after p_logical_start, once the block
 * has its exec. Every spilled value has a slot of its own. In a function whose calls keep
 * no common run of VGPRs (a callee keeping none, or callees under ABIs whose kept blocks
 * do not overlap), a linear VGPR could not live across the calls, so SGPRs go to the
 * scratch frame too: stored and loaded in all lanes through a linear VGPR the lowering
 * gets as a scratch definition of p_spill / p_reload.
 *
 * GFX10.3 addresses scratch through FLAT_SCRATCH, which an entry sets from its scratch
 * base SGPRs (docs/entry-abi.md): a function that needs VGPR spills but did not receive
 * them is marked (p->scratch_input_needed) and compiled again from instruction selection
 * with the scratch base requested. */
#include "ra/ra_util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ROUNDS 64

enum { KEEP = 0, SPILL = 1, REMAT = 2, SPLIT = 3 };

/* c->chosen: CHOSEN_SPILL (spilled or rematerialized) or CHOSEN_SPLIT (split into
 * pieces of c->split_regs[id] registers at most) */
enum { CHOSEN_SPILL = 1, CHOSEN_SPLIT = 2 };

struct spill_ctx {
   struct aco_mprogram *p;
   unsigned sgpr_limit, vgpr_limit;
   uint32_t num_temps;       /* at the start of the round */
   uint32_t unspillable_from; /* temporaries from this id on were created by spilling */
   uint8_t *state;            /* per temporary: KEEP, SPILL, REMAT, SPLIT (for all rounds) */
   uint8_t *chosen;           /* per temporary: chosen in this round (CHOSEN_*) */
   uint8_t *split_regs;       /* per temporary: CHOSEN_SPLIT: registers per piece */
   uint8_t *piece;            /* per temporary: a piece of a split value (for all rounds) */
   uint32_t *pieces_at;       /* per temporary: SPLIT: its first piece in `pieces` */
   ACO_VEC(aco_temp) pieces;  /* the pieces of split values, each value's in order */
   struct aco_minstr **def;   /* per temporary: its definition */
   uint32_t *def_block;
   int32_t *slot;             /* SPILL: SGPR lane (global) or VGPR frame offset */
   ACO_VEC(aco_temp) lin;     /* linear VGPRs holding SGPR spills */
   unsigned sgpr_slots;
   uint32_t frame_base, frame_bytes;
   bool over; /* choose(): some instruction was over a limit */
   /* scratch of one block's walk */
   uint8_t *live;
   uint32_t *next_use; /* per temporary (see next_use()) */
   ACO_VEC(uint32_t) live_list;
};

/* Chosen in this round (temporaries made during the round are never chosen). */
static inline bool
chosen(const struct spill_ctx *c, uint32_t id)
{
   return id < c->num_temps && c->chosen[id];
}

static aco_status
oom(struct spill_ctx *c)
{
   return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "spill: out of memory");
}

/* Registers a temporary counts in the demand (as aco_compute_liveness counts them). */
static unsigned
demand_of(aco_rc rc)
{
   unsigned d = aco_rc_reg_count(rc);
   if (!aco_rc_is_vgpr(rc) && d > 2)
      d = (d + 3) & ~3u;
   return d;
}

static bool
is_remat(const struct aco_minstr *in)
{
   if (!in || in->num_definitions != 1 || in->num_operands != 1 ||
       in->operands[0].kind != ACO_OPND_CONST)
      return false;
   return in->opcode == aco_op_s_mov_b32 || in->opcode == aco_op_s_mov_b64 ||
          in->opcode == aco_op_v_mov_b32;
}

static bool
spillable(const struct spill_ctx *c, uint32_t id)
{
   if (!id || (id >= c->unspillable_from && !c->piece[id]) || c->state[id] != KEEP || !c->def[id] ||
       id == c->p->stack_pointer.id) /* VGPR spills and reloads address the frame from it */
      return false;
   aco_rc rc = aco_ra_temp_rc(c->p, id);
   return !(aco_rc_is_vgpr(rc) && aco_rc_is_linear(rc));
}

/* ---- choosing ----------------------------------------------------------------------------- */

/* live[id]: 0 not in live_list, 1 live, 2 in the list but no longer live */
static void
live_add(struct spill_ctx *c, uint32_t id)
{
   if (!c->live[id] && !aco_vec_push(c->p->allocator, &c->live_list, id)) {
      oom(c);
      return;
   }
   c->live[id] = 1;
}

/* Distance from instruction i of the block to the next instruction of the block using id
 * (a large number when none does), from c->next_use, which the backward walk keeps: the
 * index of the nearest instruction after the current one reading each value. */
static uint32_t
next_use(const struct spill_ctx *c, uint32_t i, uint32_t id)
{
   uint32_t k = c->next_use[id];
   return k == UINT32_MAX ? 1u << 20 : k - i;
}

/* The live set after instruction i, from the live set after i+1 (walking backwards). */
static void
step_back(struct spill_ctx *c, const struct aco_minstr *in, uint32_t i)
{
   for (unsigned d = 0; d < in->num_definitions; d++)
      if (in->definitions[d].temp.id && c->live[in->definitions[d].temp.id])
         c->live[in->definitions[d].temp.id] = 2;
   if (aco_ra_is_phi(in))
      return;
   for (unsigned o = 0; o < in->num_operands; o++)
      if (in->operands[o].kind == ACO_OPND_TEMP && in->operands[o].temp.id) {
         live_add(c, in->operands[o].temp.id);
         c->next_use[in->operands[o].temp.id] = i;
      }
}

static bool
is_operand(const struct aco_minstr *in, uint32_t id)
{
   for (unsigned o = 0; o < in->num_operands; o++)
      if (in->operands[o].kind == ACO_OPND_TEMP && in->operands[o].temp.id == id)
         return true;
   for (unsigned d = 0; d < in->num_definitions; d++)
      if (in->definitions[d].temp.id == id)
         return true;
   return false;
}

/* An argument of a call in a register the callee keeps (not under one of the call's
 * fixed definitions): it takes that register during the call, spilled or not. */
static bool
kept_operand(const struct aco_minstr *in, const aco_operand *op)
{
   if (op->kind != ACO_OPND_TEMP || !op->fixed)
      return false;
   for (unsigned d = 0; d < in->num_definitions; d++) {
      const aco_definition *def = &in->definitions[d];
      unsigned lo = def->reg.reg_b, hi = lo + aco_rc_reg_count(def->temp.rc) * 4;
      if (def->fixed && op->reg.reg_b >= lo && op->reg.reg_b < hi)
         return false;
   }
   return true;
}

/* Whether spilling id relieves nothing at `in`: it is read there (at a call: it is
 * defined there, or an argument in a kept register; another argument living on is
 * reloaded for the call and so relieves the registers kept across it). */
static bool
held(const struct aco_minstr *in, uint32_t id)
{
   if (in->opcode != aco_op_p_call)
      return is_operand(in, id);
   for (unsigned d = 0; d < in->num_definitions; d++)
      if (in->definitions[d].temp.id == id)
         return true;
   for (unsigned o = 0; o < in->num_operands; o++)
      if (in->operands[o].kind == ACO_OPND_TEMP && in->operands[o].temp.id == id &&
          kept_operand(in, &in->operands[o]))
         return true;
   return false;
}

/* Chooses values live through instruction i of b until its demand of one file fits. */
static unsigned
choose_at(struct spill_ctx *c, struct aco_mblock *b, uint32_t i, bool vgpr, int excess)
{
   const struct aco_minstr *in = b->instrs.data[i];
   unsigned n = 0;
   /* values chosen earlier in this round that are live here already relieve it */
   for (uint32_t k = 0; k < c->live_list.len; k++) {
      uint32_t id = c->live_list.data[k];
      if (c->live[id] == 1 && c->chosen[id] == CHOSEN_SPILL &&
          aco_rc_is_vgpr(aco_ra_temp_rc(c->p, id)) == vgpr &&
          !held(in, id))
         excess -= (int)demand_of(aco_ra_temp_rc(c->p, id));
   }
   while (excess > 0) {
      uint32_t best = 0;
      uint64_t best_score = 0;
      for (uint32_t k = 0; k < c->live_list.len; k++) {
         uint32_t id = c->live_list.data[k];
         if (c->live[id] != 1 || c->chosen[id] || !spillable(c, id) || held(in, id))
            continue;
         aco_rc rc = aco_ra_temp_rc(c->p, id);
         if (aco_rc_is_vgpr(rc) != vgpr)
            continue;
         uint64_t score = is_remat(c->def[id]) ? UINT64_MAX / 2 : 0;
         score += (uint64_t)next_use(c, i, id) * 8 + demand_of(rc);
         if (score > best_score) {
            best_score = score;
            best = id;
         }
      }
      if (!best)
         break;
      c->chosen[best] = CHOSEN_SPILL;
      excess -= (int)demand_of(aco_ra_temp_rc(c->p, best));
      n++;
   }
   return n;
}

/* At a call, what must survive it (the values live through it, and the arguments that
 * die at it but sit in registers the callee keeps) beyond what fits in the registers the
 * callee keeps below the limit: the limit minus the registers the call's fixed
 * definitions (its results, return address and clobbered runs) cover. The live set after
 * the call is current. */
static int
call_excess(struct spill_ctx *c, const struct aco_minstr *in, bool vgpr)
{
   unsigned limit = vgpr ? c->vgpr_limit : c->sgpr_limit, base = vgpr ? 256 : 0;
   int capacity = (int)limit, need = 0;
   for (unsigned d = 0; d < in->num_definitions; d++) {
      const aco_definition *def = &in->definitions[d];
      unsigned f = aco_physreg_field(def->reg);
      if (!def->fixed || f < base || f >= base + limit)
         continue;
      unsigned regs = aco_rc_reg_count(def->temp.rc);
      capacity -= (int)(f + regs > base + limit ? base + limit - f : regs);
   }
   /* what lives on after the call, but the arguments in kept registers... */
   for (uint32_t k = 0; k < c->live_list.len; k++) {
      uint32_t id = c->live_list.data[k];
      aco_rc rc = aco_ra_temp_rc(c->p, id);
      if (c->live[id] == 1 && aco_rc_is_vgpr(rc) == vgpr && !held(in, id))
         need += (int)demand_of(rc);
   }
   /* ...which take their registers during the call whether they live on or not */
   for (unsigned o = 0; o < in->num_operands; o++) {
      const aco_operand *op = &in->operands[o];
      /* exactly its registers: a fixed place needs no alignment padding */
      if (kept_operand(in, op) && aco_rc_is_vgpr(op->temp.rc) == vgpr)
         need += (int)aco_rc_reg_count(op->temp.rc);
   }
   return need - capacity;
}

/* Registers of a file a value takes at a call, and the alignment of its first one (as the
 * allocator places it: SGPR pairs even, wider SGPR values at a multiple of 4). */
static unsigned
reg_align(aco_rc rc)
{
   return aco_rc_is_vgpr(rc) ? 1 : aco_ra_align_bytes(rc) / 4;
}

/* Takes the first free run of `regs` registers aligned to `align` in taken[0..limit). */
static bool
place_run(uint8_t *taken, unsigned limit, unsigned regs, unsigned align)
{
   for (unsigned r = 0; r + regs <= limit; r += align) {
      unsigned j = 0;
      while (j < regs && !taken[r + j])
         j++;
      if (j < regs)
         continue;
      memset(&taken[r], 1, regs);
      return true;
   }
   return false;
}

/* The registers in the k-th piece of a value of `regs` registers split into pieces of at
 * most `piece` (the last one may be smaller). */
static unsigned
piece_regs(unsigned regs, unsigned piece, unsigned k)
{
   unsigned left = regs - k * piece;
   return left < piece ? left : piece;
}

/* A value that finds no run of kept registers at a call is split into pieces when they
 * all find one among the registers left (pieces of at most 4, 3 (VGPRs), 2 or 1
 * registers, the largest that fit, each aligned as a value of its size), and then kept
 * in registers across the call instead of stored: the registers the pieces take are
 * marked in `taken`. 0: no split fits (or the value is not made of whole dwords, or is
 * one register); it is spilled. */
static unsigned
split_fit(struct spill_ctx *c, uint32_t id, uint8_t *taken, unsigned limit)
{
   aco_rc rc = aco_ra_temp_rc(c->p, id);
   unsigned regs = aco_rc_reg_count(rc);
   bool vgpr = aco_rc_is_vgpr(rc);
   if (regs < 2 || aco_rc_is_subdword(rc) || aco_rc_bytes(rc) != regs * 4)
      return 0;
   for (unsigned piece = regs - 1 < 4 ? regs - 1 : 4; piece >= 1; piece--) {
      if (!vgpr && piece == 3)
         continue; /* aligned like a quad: pieces of 4 fit wherever those of 3 do */
      uint8_t trial[256];
      memcpy(trial, taken, limit);
      unsigned k = 0;
      for (; k * piece < regs; k++) {
         unsigned n = piece_regs(regs, piece, k);
         if (!place_run(trial, limit, n, vgpr ? 1 : reg_align(aco_rc_s(n))))
            break;
      }
      if (k * piece >= regs) {
         memcpy(taken, trial, limit);
         return piece;
      }
   }
   return 0;
}

struct kept_item {
   uint32_t id;
   unsigned regs, align;
   uint32_t next; /* distance to the next use in the block */
   bool remat;
};

static int
cmp_kept(const void *a, const void *b)
{
   const struct kept_item *x = a, *y = b;
   if (x->align != y->align)
      return x->align > y->align ? -1 : 1;
   if (x->regs != y->regs)
      return x->regs > y->regs ? -1 : 1;
   if (x->remat != y->remat)
      return x->remat ? 1 : -1;
   if (x->next != y->next)
      return x->next < y->next ? -1 : 1;
   return x->id < y->id ? -1 : x->id > y->id;
}

/* At a call, the count of call_excess is not enough: a value living through the call needs
 * an aligned run of registers the callee keeps, and an ABI keeping its registers in short
 * stripes may have none wide enough for it, or too few for all of them. So the values
 * that must survive the call (those call_excess counts, but the ones chosen already) are
 * placed as the allocator packs a file, largest alignment and size first, the nearest
 * next use first within one size, into the registers below the limit that neither the
 * call's fixed definitions nor its arguments in kept registers take. Each value finding
 * no aligned window is then split into pieces that fit the registers left (split_fit), or
 * else spilled; a value of any width can be spilled, so none is left over. The live set
 * after the call is current. */
static unsigned
choose_unplaced(struct spill_ctx *c, struct aco_mblock *b, uint32_t i, bool vgpr)
{
   const struct aco_minstr *in = b->instrs.data[i];
   unsigned limit = vgpr ? c->vgpr_limit : c->sgpr_limit, base = vgpr ? 256 : 0;
   uint8_t taken[256] = {0};
   for (unsigned d = 0; d < in->num_definitions; d++) {
      const aco_definition *def = &in->definitions[d];
      unsigned f = aco_physreg_field(def->reg);
      if (!def->fixed || f + aco_rc_reg_count(def->temp.rc) <= base || f >= base + limit)
         continue;
      for (unsigned r = 0; r < aco_rc_reg_count(def->temp.rc); r++)
         if (f + r >= base && f + r < base + limit)
            taken[f + r - base] = 1;
   }
   for (unsigned o = 0; o < in->num_operands; o++) {
      const aco_operand *op = &in->operands[o];
      unsigned f = aco_physreg_field(op->reg);
      if (!kept_operand(in, op) || aco_rc_is_vgpr(op->temp.rc) != vgpr)
         continue;
      for (unsigned r = 0; r < aco_rc_reg_count(op->temp.rc); r++)
         if (f + r >= base && f + r < base + limit)
            taken[f + r - base] = 1;
   }
   ACO_VEC(struct kept_item) items = {NULL, 0, 0};
   for (uint32_t k = 0; k < c->live_list.len; k++) {
      uint32_t id = c->live_list.data[k];
      aco_rc rc = aco_ra_temp_rc(c->p, id);
      if (c->live[id] != 1 || aco_rc_is_vgpr(rc) != vgpr || held(in, id) || chosen(c, id))
         continue;
      struct kept_item it = {id, aco_rc_reg_count(rc), reg_align(rc), next_use(c, i, id),
                             is_remat(c->def[id])};
      if (!aco_vec_push(c->p->allocator, &items, it)) {
         oom(c);
         return 0;
      }
   }
   if (items.len > 1)
      qsort(items.data, items.len, sizeof(items.data[0]), cmp_kept);
   /* the values that find no place are moved to the front */
   uint32_t unplaced = 0;
   for (uint32_t k = 0; k < items.len; k++)
      if (!place_run(taken, limit, items.data[k].regs, items.data[k].align))
         items.data[unplaced++] = items.data[k];
   unsigned n = 0;
   for (uint32_t k = 0; k < unplaced; k++) {
      uint32_t id = items.data[k].id;
      if (!spillable(c, id))
         continue;
      unsigned piece = split_fit(c, id, taken, limit);
      c->chosen[id] = piece ? CHOSEN_SPLIT : CHOSEN_SPILL;
      c->split_regs[id] = (uint8_t)piece;
      n++;
   }
   aco_vec_free(c->p->allocator, &items);
   return n;
}

static bool
has_call(const struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->instrs.len; i++)
      if (b->instrs.data[i]->opcode == aco_op_p_call)
         return true;
   return false;
}

/* One backward walk per block over a limit or with a call: the values to spill in this
 * round. c->over tells whether anything was over. */
static unsigned
choose(struct spill_ctx *c)
{
   unsigned n = 0;
   struct aco_mblock *b;
   c->over = false;
   aco_foreach_block(c->p, b)
   {
      if (b->demand.sgpr <= (int)c->sgpr_limit && b->demand.vgpr <= (int)c->vgpr_limit &&
          (!c->p->num_calls || !has_call(b)))
         continue;
      for (uint32_t k = 0; k < c->live_list.len; k++) {
         c->live[c->live_list.data[k]] = 0;
         c->next_use[c->live_list.data[k]] = UINT32_MAX;
      }
      c->live_list.len = 0;
      for (uint32_t k = 0; k < b->num_live_out; k++)
         live_add(c, b->live_out[k]);
      for (uint32_t i = b->instrs.len; i-- > 0;) {
         struct aco_minstr *in = b->instrs.data[i];
         const struct aco_register_demand *d = &b->instr_demand[i];
         /* the live set after `in` is current: what is live through it is that minus
          * its definitions and operands */
         for (unsigned file = 0; file < 2; file++) {
            int excess = (file ? d->vgpr - (int)c->vgpr_limit : d->sgpr - (int)c->sgpr_limit);
            if (in->opcode == aco_op_p_call) {
               int e = call_excess(c, in, file);
               excess = e > excess ? e : excess;
            }
            if (excess > 0) {
               c->over = true;
               n += choose_at(c, b, i, file, excess);
            }
            /* what the count leaves must also find runs of kept registers */
            if (in->opcode == aco_op_p_call) {
               unsigned u = choose_unplaced(c, b, i, file);
               if (u) {
                  c->over = true;
                  n += u;
               }
            }
         }
         step_back(c, in, i);
      }
   }
   return n;
}

/* ---- rewriting -------------------------------------------------------------------------- */

static aco_temp
new_temp(struct spill_ctx *c, aco_rc rc)
{
   aco_temp t = aco_mprogram_new_temp(c->p, rc);
   if (!t.id)
      oom(c);
   return t;
}

/* The pieces of split value id: new temporaries of its file, in order. */
static aco_status
make_pieces(struct spill_ctx *c, uint32_t id)
{
   aco_rc rc = aco_ra_temp_rc(c->p, id);
   unsigned regs = aco_rc_reg_count(rc), piece = c->split_regs[id];
   c->pieces_at[id] = c->pieces.len;
   for (unsigned k = 0; k * piece < regs; k++) {
      unsigned n = piece_regs(regs, piece, k);
      aco_temp t = new_temp(c, aco_rc_is_vgpr(rc) ? aco_rc_v(n) : aco_rc_s(n));
      if (!t.id || !aco_vec_push(c->p->allocator, &c->pieces, t))
         return oom(c);
   }
   return ACO_SUCCESS;
}

/* Creates the linear VGPRs the SGPR slots need, at the entry (before the blocks are
 * rewritten, which replaces their instruction lists). */
static void
make_lin_vgprs(struct spill_ctx *c)
{
   unsigned need = (c->sgpr_slots + c->p->wave_size - 1) / c->p->wave_size;
   while (c->lin.len < need && c->p->status == ACO_SUCCESS) {
      aco_temp t = new_temp(c, aco_rc_lv(1));
      struct aco_mblock *entry = c->p->blocks.data[0];
      struct aco_minstr *start = aco_minstr_create(&c->p->arena, aco_op_p_start_linear_vgpr, 0, 1);
      if (!t.id || !start || !aco_vec_push(c->p->allocator, &c->lin, t)) {
         oom(c);
         return;
      }
      start->definitions[0] = aco_def_temp(t);
      /* after p_startpgm (the entry's first instruction) */
      struct aco_mbuilder bld;
      aco_mb_at(&bld, c->p, entry, entry->instrs.len && entry->instrs.data[0]->opcode == aco_op_p_startpgm ? 1 : 0);
      aco_mb_insert(&bld, start);
   }
}

/* The linear VGPR holding SGPR spill lane `slot`. */
static aco_temp
lin_vgpr(struct spill_ctx *c, unsigned slot)
{
   unsigned k = slot / c->p->wave_size;
   return k < c->lin.len ? c->lin.data[k] : aco_temp_make(0, aco_rc_lv(1));
}

static void
assign_slot(struct spill_ctx *c, uint32_t id)
{
   aco_rc rc = aco_ra_temp_rc(c->p, id);
   if (aco_rc_is_vgpr(rc) || c->p->call_keeps_no_vgpr) {
      unsigned bytes = aco_rc_dwords(rc) * 4;
      c->slot[id] = (int32_t)(c->frame_base + c->frame_bytes);
      c->frame_bytes += bytes;
   } else {
      c->slot[id] = (int32_t)c->sgpr_slots;
      c->sgpr_slots += aco_rc_dwords(rc);
   }
}

/* An SGPR spill through the scratch frame (docs/mir.md p_spill): the operands are the
 * value (p_spill) or nothing (p_reload), the slot and the stack pointer; the definitions
 * the reloaded value, a linear VGPR and a lane mask the lowering needs (dead at once). */
static struct aco_minstr *
make_sgpr_scratch(struct spill_ctx *c, uint32_t id, aco_temp *reloaded)
{
   aco_rc rc = aco_ra_temp_rc(c->p, id);
   bool sp = c->p->stack_pointer.id != 0;
   unsigned r = reloaded != NULL;
   struct aco_minstr *in = aco_minstr_create(&c->p->arena, r ? aco_op_p_reload : aco_op_p_spill,
                                             1 + !r + sp, 2 + r);
   aco_temp v = new_temp(c, aco_rc_lv(1)), m = new_temp(c, aco_rc_lane_mask(c->p->wave_size));
   if (!in || !v.id || !m.id)
      return NULL;
   unsigned o = 0, d = 0;
   if (r)
      in->definitions[d++] = aco_def_temp(*reloaded);
   else
      in->operands[o++] = aco_opnd_temp(aco_temp_make(id, rc));
   in->operands[o++] = aco_opnd_const((uint32_t)c->slot[id], 32);
   if (sp)
      in->operands[o++] = aco_opnd_temp(c->p->stack_pointer);
   in->definitions[d++] = aco_def_temp(v);
   in->definitions[d++] = aco_def_temp(m);
   return in;
}

/* p_split_vector of a split value into its pieces (after its definition) */
static struct aco_minstr *
make_split(struct spill_ctx *c, uint32_t id)
{
   unsigned regs = aco_rc_reg_count(aco_ra_temp_rc(c->p, id)), piece = c->split_regs[id];
   unsigned n = (regs + piece - 1) / piece;
   struct aco_minstr *in = aco_minstr_create(&c->p->arena, aco_op_p_split_vector, 1, n);
   if (!in)
      return NULL;
   in->operands[0] = aco_opnd_temp(aco_temp_make(id, aco_ra_temp_rc(c->p, id)));
   for (unsigned k = 0; k < n; k++)
      in->definitions[k] = aco_def_temp(c->pieces.data[c->pieces_at[id] + k]);
   return in;
}

/* p_spill id (after its definition) */
static struct aco_minstr *
make_spill(struct spill_ctx *c, uint32_t id)
{
   aco_rc rc = aco_ra_temp_rc(c->p, id);
   bool vgpr = aco_rc_is_vgpr(rc);
   if (c->state[id] == SPLIT)
      return make_split(c, id);
   if (!vgpr && c->p->call_keeps_no_vgpr)
      return make_sgpr_scratch(c, id, NULL);
   bool sp = vgpr && c->p->stack_pointer.id;
   struct aco_minstr *in = aco_minstr_create(&c->p->arena, aco_op_p_spill, vgpr ? 2 + sp : 3, 0);
   if (!in)
      return NULL;
   in->operands[0] = aco_opnd_temp(aco_temp_make(id, rc));
   if (vgpr) {
      in->operands[1] = aco_opnd_const((uint32_t)c->slot[id], 32);
      if (sp)
         in->operands[2] = aco_opnd_temp(c->p->stack_pointer);
   } else {
      in->operands[1] = aco_opnd_temp(lin_vgpr(c, (unsigned)c->slot[id]));
      in->operands[2] = aco_opnd_const((uint32_t)c->slot[id] % c->p->wave_size, 32);
   }
   return in;
}

/* The instruction giving a new copy of spilled value id: a reload, the rematerialized
 * constant move, or the p_create_vector of a split value's pieces. */
static struct aco_minstr *
make_reload(struct spill_ctx *c, uint32_t id, aco_temp *out)
{
   aco_rc rc = aco_ra_temp_rc(c->p, id);
   *out = new_temp(c, rc);
   if (!out->id)
      return NULL;
   struct aco_minstr *in;
   if (c->state[id] == SPLIT) {
      unsigned regs = aco_rc_reg_count(rc), piece = c->split_regs[id];
      unsigned n = (regs + piece - 1) / piece;
      in = aco_minstr_create(&c->p->arena, aco_op_p_create_vector, n, 1);
      if (!in)
         return NULL;
      for (unsigned k = 0; k < n; k++)
         in->operands[k] = aco_opnd_temp(c->pieces.data[c->pieces_at[id] + k]);
   } else if (c->state[id] == REMAT) {
      const struct aco_minstr *d = c->def[id];
      in = aco_minstr_create(&c->p->arena, (enum aco_opcode)d->opcode, 1, 1);
      if (!in)
         return NULL;
      in->encoding = d->encoding;
      in->valu = d->valu;
      in->operands[0] = d->operands[0];
   } else if (!aco_rc_is_vgpr(rc) && c->p->call_keeps_no_vgpr) {
      return make_sgpr_scratch(c, id, out);
   } else if (aco_rc_is_vgpr(rc)) {
      bool sp = c->p->stack_pointer.id != 0;
      in = aco_minstr_create(&c->p->arena, aco_op_p_reload, 1 + sp, 1);
      if (!in)
         return NULL;
      in->operands[0] = aco_opnd_const((uint32_t)c->slot[id], 32);
      if (sp)
         in->operands[1] = aco_opnd_temp(c->p->stack_pointer);
   } else {
      in = aco_minstr_create(&c->p->arena, aco_op_p_reload, 2, 1);
      if (!in)
         return NULL;
      in->operands[0] = aco_opnd_temp(lin_vgpr(c, (unsigned)c->slot[id]));
      in->operands[1] = aco_opnd_const((uint32_t)c->slot[id] % c->p->wave_size, 32);
   }
   in->definitions[0] = aco_def_temp(*out);
   return in;
}

static bool
is_branch(const struct aco_minstr *in)
{
   return in->opcode == aco_op_p_branch || in->opcode == aco_op_p_cbranch_z ||
          in->opcode == aco_op_p_cbranch_nz;
}

/* Reloads for phi operands go to the end of the predecessor: before p_logical_end for a
 * p_phi (the lanes of its logical part), before the closing branches for a p_linear_phi. */
static bool
insert_at_pred_end(struct spill_ctx *c, struct aco_mblock *pred, bool logical,
                   struct aco_minstr *in)
{
   uint32_t pos = pred->instrs.len;
   if (logical) {
      for (uint32_t k = pred->instrs.len; k-- > 0;)
         if (pred->instrs.data[k]->opcode == aco_op_p_logical_end) {
            pos = k;
            break;
         }
   } else {
      while (pos > 0 && is_branch(pred->instrs.data[pos - 1]))
         pos--;
   }
   struct aco_mbuilder bld;
   aco_mb_at(&bld, c->p, pred, pos);
   return aco_mb_insert(&bld, in) != NULL;
}

static aco_status
rewrite_phis(struct spill_ctx *c, struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->instrs.len && aco_ra_is_phi(b->instrs.data[i]); i++) {
      struct aco_minstr *phi = b->instrs.data[i];
      bool logical = phi->opcode == aco_op_p_phi;
      const aco_block_list *preds = logical ? &b->logical_preds : &b->linear_preds;
      for (unsigned o = 0; o < phi->num_operands && o < preds->len; o++) {
         aco_operand *op = &phi->operands[o];
         if (op->kind != ACO_OPND_TEMP || !chosen(c, op->temp.id))
            continue;
         aco_temp t;
         struct aco_minstr *r = make_reload(c, op->temp.id, &t);
         if (!r || !insert_at_pred_end(c, c->p->blocks.data[preds->data[o]], logical, r))
            return oom(c);
         op->temp = t;
      }
   }
   return c->p->status;
}

/* Whether instruction k of b is part of an entry's FLAT_SCRATCH setup (p_split_vector of
 * the scratch base, s_add_u32/s_addc_u32 of the wave offset, then s_setreg_b32 of each
 * half). */
static bool
scratch_setup(const struct aco_mblock *b, uint32_t k)
{
   for (; k < b->instrs.len; k++) {
      enum aco_opcode op = b->instrs.data[k]->opcode;
      if (op == aco_op_s_setreg_b32)
         return true;
      if (op != aco_op_p_split_vector && op != aco_op_s_add_u32 && op != aco_op_s_addc_u32)
         return false;
   }
   return false;
}

/* Where the store of a value defined by instruction `at` of b goes: right after it; after
 * the phis (and for VGPRs after p_logical_start) for a phi; after the entry's scratch
 * setup for an input of p_startpgm or a value the setup defines, when the store goes to
 * scratch. Reads before the store take the value where it is. */
static uint32_t
spill_point(const struct aco_mblock *b, uint32_t at, bool vgpr)
{
   const struct aco_minstr *in = b->instrs.data[at];
   uint32_t k = at + 1;
   if (vgpr && scratch_setup(b, at)) {
      /* a half of the scratch base: stored once the setup has read it */
      while (k < b->instrs.len && scratch_setup(b, k))
         k++;
      return k;
   }
   if (aco_ra_is_phi(in) || in->opcode == aco_op_p_startpgm) {
      /* past the phis, and the linear VGPRs of the SGPR slots made after p_startpgm */
      while (k < b->instrs.len && (aco_ra_is_phi(b->instrs.data[k]) ||
                                   b->instrs.data[k]->opcode == aco_op_p_start_linear_vgpr))
         k++;
      if (vgpr) {
         for (uint32_t j = k; j < b->instrs.len; j++)
            if (b->instrs.data[j]->opcode == aco_op_p_logical_start) {
               k = j + 1;
               break;
            }
         /* the entry writes FLAT_SCRATCH first (reading the scratch base, which may be
          * the value itself: until its store it is read where it is) */
         while (k < b->instrs.len && scratch_setup(b, k))
            k++;
      }
   }
   return k;
}

struct pending {
   uint32_t at, id; /* a store of value id before instruction `at` */
};
typedef ACO_VEC(struct pending) pending_list;

/* Whether value id is stored to its slot after instruction i of the block (it is still
 * in its register there). */
static bool
stored_later(const pending_list *pend, uint32_t id, uint32_t i)
{
   for (uint32_t k = 0; k < pend->len; k++)
      if (pend->data[k].id == id && pend->data[k].at > i)
         return true;
   return false;
}

static aco_status
rewrite_block(struct spill_ctx *c, struct aco_mblock *b)
{
   aco_instr_list out = {NULL, 0, 0};
   /* stores wait for their point: index -> list */
   pending_list pend = {NULL, 0, 0};
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      for (unsigned d = 0; d < in->num_definitions; d++) {
         uint32_t id = in->definitions[d].temp.id;
         if (id && chosen(c, id) && (c->state[id] == SPILL || c->state[id] == SPLIT)) {
            /* (a VGPR split, a register copy, goes where a VGPR store would) */
            bool frame = aco_rc_is_vgpr(aco_ra_temp_rc(c->p, id)) ||
                         (c->p->call_keeps_no_vgpr && c->state[id] == SPILL);
            struct pending p = {spill_point(b, i, frame), id};
            if (!aco_vec_push(c->p->allocator, &pend, p))
               goto fail;
         }
      }
   }
   for (uint32_t i = 0; i <= b->instrs.len; i++) {
      for (uint32_t k = 0; k < pend.len; k++) {
         if (pend.data[k].at != i)
            continue;
         struct aco_minstr *s = make_spill(c, pend.data[k].id);
         if (!s || !aco_vec_push(c->p->allocator, &out, s))
            goto fail;
      }
      if (i == b->instrs.len)
         break;
      struct aco_minstr *in = b->instrs.data[i];
      if (!aco_ra_is_phi(in)) {
         for (unsigned o = 0; o < in->num_operands; o++) {
            aco_operand *op = &in->operands[o];
            if (op->kind != ACO_OPND_TEMP || !chosen(c, op->temp.id) ||
                stored_later(&pend, op->temp.id, i))
               continue;
            uint32_t id = op->temp.id;
            aco_temp t;
            struct aco_minstr *r = make_reload(c, id, &t);
            if (!r || !aco_vec_push(c->p->allocator, &out, r))
               goto fail;
            /* every operand of this instruction reading the value takes the copy */
            for (unsigned o2 = o; o2 < in->num_operands; o2++)
               if (in->operands[o2].kind == ACO_OPND_TEMP && in->operands[o2].temp.id == id)
                  in->operands[o2].temp = t;
         }
      }
      /* a rematerialized value's own definition is dropped */
      if (in->num_definitions == 1 && chosen(c, in->definitions[0].temp.id) &&
          c->state[in->definitions[0].temp.id] == REMAT)
         continue;
      if (!aco_vec_push(c->p->allocator, &out, in))
         goto fail;
   }
   aco_vec_free(c->p->allocator, &pend);
   aco_vec_free(c->p->allocator, &b->instrs);
   b->instrs = out;
   return c->p->status;
fail:
   aco_vec_free(c->p->allocator, &pend);
   aco_vec_free(c->p->allocator, &out);
   return oom(c);
}

/* ---- driver ------------------------------------------------------------------------------ */

/* Grows a per-temporary array to n entries, keeping the first `old` (zero past them). */
static bool
regrow(const aco_allocator *a, void **ptr, uint32_t old, uint32_t n, size_t elem)
{
   void *fresh = aco_calloc(a, (size_t)n * elem);
   if (!fresh)
      return false;
   if (*ptr)
      memcpy(fresh, *ptr, (size_t)old * elem);
   aco_free(a, *ptr);
   *ptr = fresh;
   return true;
}

static aco_status
prepare_round(struct spill_ctx *c)
{
   struct aco_mprogram *p = c->p;
   const aco_allocator *a = p->allocator;
   uint32_t n = p->temp_count;
   if (!regrow(a, (void **)&c->state, c->num_temps, n, 1) ||
       !regrow(a, (void **)&c->slot, c->num_temps, n, sizeof(*c->slot)) ||
       !regrow(a, (void **)&c->piece, c->num_temps, n, 1) ||
       !regrow(a, (void **)&c->chosen, 0, n, 1) || !regrow(a, (void **)&c->live, 0, n, 1) ||
       !regrow(a, (void **)&c->split_regs, 0, n, 1) ||
       !regrow(a, (void **)&c->pieces_at, 0, n, sizeof(*c->pieces_at)) ||
       !regrow(a, (void **)&c->next_use, 0, n, sizeof(*c->next_use)) ||
       !regrow(a, (void **)&c->def, 0, n, sizeof(*c->def)))
      return oom(c);
   c->num_temps = n;
   for (uint32_t k = 0; k < c->pieces.len; k++)
      c->piece[c->pieces.data[k].id] = 1;
   memset(c->next_use, 0xff, (size_t)n * sizeof(*c->next_use));
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b)
   {
      aco_foreach_instr(b, in)
      {
         for (unsigned d = 0; d < in->num_definitions; d++)
            if (in->definitions[d].temp.id)
               c->def[in->definitions[d].temp.id] = in;
      }
   }
   return ACO_SUCCESS;
}

static void
finish(struct spill_ctx *c)
{
   const aco_allocator *a = c->p->allocator;
   aco_free(a, c->state);
   aco_free(a, c->chosen);
   aco_free(a, c->live);
   aco_free(a, c->next_use);
   aco_free(a, c->def);
   aco_free(a, c->slot);
   aco_free(a, c->piece);
   aco_free(a, c->split_regs);
   aco_free(a, c->pieces_at);
   aco_vec_free(a, &c->pieces);
   aco_vec_free(a, &c->lin);
   aco_vec_free(a, &c->live_list);
}

/* SGPR spills go into lanes of linear VGPRs, which must stay in registers every call of
 * the function keeps. When the calls together keep fewer than LINEAR_SPILL_RUN
 * consecutive VGPRs below the limit (a callee keeping none, or calls under ABIs whose
 * kept blocks do not overlap), SGPRs are spilled to the scratch frame instead. */
#define LINEAR_SPILL_RUN 8

static bool
calls_keep_linear_run(const struct aco_mprogram *p, unsigned vgpr_limit)
{
   unsigned run = 0;
   for (unsigned v = 0; v < vgpr_limit && v < 256; v++) {
      run = (p->call_clobbered_vgprs[v / 32] >> (v % 32)) & 1 ? 0 : run + 1;
      if (run >= LINEAR_SPILL_RUN)
         return true;
   }
   return false;
}

aco_status
aco_spill(struct aco_mprogram *p)
{
   struct spill_ctx c;
   memset(&c, 0, sizeof(c));
   c.p = p;
   c.sgpr_limit = p->max_sgprs && p->max_sgprs < ACO_SGPR_COUNT ? p->max_sgprs : ACO_SGPR_COUNT;
   c.vgpr_limit = p->max_vgprs && p->max_vgprs < ACO_VGPR_COUNT ? p->max_vgprs : ACO_VGPR_COUNT;
   c.unspillable_from = p->temp_count;
   c.frame_base = (p->config.scratch_bytes + 15) & ~15u;
   if (p->num_calls && !calls_keep_linear_run(p, c.vgpr_limit))
      p->call_keeps_no_vgpr = true;
   aco_status s = ACO_SUCCESS;
   unsigned round = 0;
   for (;; round++) {
      s = aco_compute_liveness(p);
      if (s)
         break;
      if (p->max_demand.sgpr <= (int)c.sgpr_limit && p->max_demand.vgpr <= (int)c.vgpr_limit &&
          !p->num_calls)
         break;
      if (round == MAX_ROUNDS) {
         s = aco_mprogram_error(p, ACO_ERROR_REGISTER_LIMIT,
                                "spill: the demand (%d SGPRs, %d VGPRs) still exceeds the "
                                "limits (%u, %u) after %u rounds", p->max_demand.sgpr,
                                p->max_demand.vgpr, c.sgpr_limit, c.vgpr_limit, round);
         break;
      }
      s = prepare_round(&c);
      if (s)
         break;
      unsigned chose = choose(&c);
      if (!c.over)
         break;
      if (!chose) {
         s = aco_mprogram_error(p, ACO_ERROR_REGISTER_LIMIT,
                                "spill: %d SGPRs and %d VGPRs are live at once and nothing "
                                "more can be spilled within the limits of %u SGPRs and %u "
                                "VGPRs", p->max_demand.sgpr, p->max_demand.vgpr, c.sgpr_limit,
                                c.vgpr_limit);
         break;
      }
      for (uint32_t id = 1; id < c.num_temps; id++) {
         if (!c.chosen[id])
            continue;
         if (c.chosen[id] == CHOSEN_SPLIT) {
            c.state[id] = SPLIT;
            s = make_pieces(&c, id);
            if (s)
               break;
            continue;
         }
         c.state[id] = is_remat(c.def[id]) ? REMAT : SPILL;
         if (c.state[id] == SPILL)
            assign_slot(&c, id);
      }
      if (s)
         break;
      make_lin_vgprs(&c);
      struct aco_mblock *b;
      aco_foreach_block(p, b)
      {
         s = rewrite_phis(&c, b);
         if (s)
            break;
      }
      aco_foreach_block(p, b)
      {
         if (s)
            break;
         s = rewrite_block(&c, b);
      }
      if (s)
         break;
   }
   if (s == ACO_SUCCESS && c.frame_bytes) {
      /* (SGPRs spilled through scratch count here too) */
      p->config.scratch_bytes = (c.frame_base + c.frame_bytes + 15) & ~15u;
      if (p->gfx_level == ACO_GFX1030 && !p->has_scratch_input)
         p->scratch_input_needed = true;
   }
   finish(&c);
   /* every way out of the loop without an error follows a liveness computation that
    * nothing has changed since (choosing reads only): the register allocator keeps it */
   p->liveness_current = s == ACO_SUCCESS && p->status == ACO_SUCCESS;
   return s ? s : p->status;
}
