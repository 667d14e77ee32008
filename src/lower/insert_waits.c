/* SPDX-License-Identifier: MIT */
/* Wait insertion, after lowering to hardware instructions.
 *
 * A memory instruction counts one event on each counter its kind uses (the opcode table's
 * `wait` field, mapped per GFX level by the tables below; a vector memory atomic is a load
 * when it returns the old value and a store when it does not) and its destination
 * registers become pending. Events of a counter complete in order, except SMEM and FLAT, which may
 * return out of order relative to the other events of their counters: while one of those
 * is outstanding, only a wait to zero covers anything on that counter.
 *
 * The state is, per register and counter, how many events of that counter were issued
 * after the one that writes the register (the largest count a wait may leave outstanding
 * for the register to be written), and the same for the last event that writes memory.
 * Before an instruction that reads or overwrites a pending register, the smallest wait
 * that covers it is inserted; before a barrier every outstanding memory write is waited
 * for, and before calls and s_setpc every pending register (docs/calls.md "Waits": no
 * register is pending at a function's entry or after a call; memory writes may be, so a
 * called function starts, and a caller resumes, with writes of unknown count outstanding);
 * s_endpgm needs nothing. States merge at joins
 * by taking, per register and counter, the smaller count (a wait that is enough on every
 * path); loops iterate to a fixed point (the state only grows), then one last walk inserts
 * the waits. Waits already in the program are taken into account. */
#include "lower/lower.h"
#include "util/bitset.h"

#include <string.h>

enum { W_MAXCNT = 7, W_NREG = 128 + 256, W_NONE = 0xff };

/* Event classes: the opcode table's enum aco_wait_counter, FLAT split by direction. */
enum { EV_NONE, EV_LOAD, EV_STORE, EV_KM, EV_DS, EV_FLAT_LOAD, EV_FLAT_STORE, EV_EXP, EV_NUM };

struct wait_counters {
   unsigned count;
   struct {
      const char *name;
      uint8_t max;
      uint16_t op; /* GFX12: its s_wait_* opcode; GFX10.3/11: s_waitcnt field or vscnt */
   } c[W_MAXCNT];
   uint8_t events[EV_NUM];  /* counters (bit mask) of each event class */
   uint8_t ooo[EV_NUM];     /* counters on which the class completes out of order */
};

/* GFX10.3 / GFX11: s_waitcnt vmcnt/expcnt/lgkmcnt, s_waitcnt_vscnt. */
enum { C_VM, C_EXP, C_LGKM, C_VS };
static const struct wait_counters counters_gfx10 = {
   4,
   {{"vmcnt", 63, aco_op_s_waitcnt}, {"expcnt", 7, aco_op_s_waitcnt},
    {"lgkmcnt", 63, aco_op_s_waitcnt}, {"vscnt", 63, aco_op_s_waitcnt_vscnt}},
   {[EV_LOAD] = 1 << C_VM, [EV_STORE] = 1 << C_VS, [EV_KM] = 1 << C_LGKM,
    [EV_DS] = 1 << C_LGKM, [EV_FLAT_LOAD] = 1 << C_VM | 1 << C_LGKM,
    [EV_FLAT_STORE] = 1 << C_VS | 1 << C_LGKM, [EV_EXP] = 1 << C_EXP},
   {[EV_KM] = 1 << C_LGKM, [EV_FLAT_LOAD] = 1 << C_VM | 1 << C_LGKM,
    [EV_FLAT_STORE] = 1 << C_VS | 1 << C_LGKM},
};

/* GFX12: one instruction per counter. */
enum { C12_LOAD, C12_STORE, C12_KM, C12_DS, C12_SAMPLE, C12_BVH, C12_EXP };
static const struct wait_counters counters_gfx12 = {
   7,
   {{"loadcnt", 63, aco_op_s_wait_loadcnt}, {"storecnt", 63, aco_op_s_wait_storecnt},
    {"kmcnt", 31, aco_op_s_wait_kmcnt}, {"dscnt", 63, aco_op_s_wait_dscnt},
    {"samplecnt", 63, aco_op_s_wait_samplecnt}, {"bvhcnt", 7, aco_op_s_wait_bvhcnt},
    {"expcnt", 7, aco_op_s_wait_expcnt}},
   {[EV_LOAD] = 1 << C12_LOAD, [EV_STORE] = 1 << C12_STORE, [EV_KM] = 1 << C12_KM,
    [EV_DS] = 1 << C12_DS, [EV_FLAT_LOAD] = 1 << C12_LOAD | 1 << C12_DS,
    [EV_FLAT_STORE] = 1 << C12_STORE | 1 << C12_DS, [EV_EXP] = 1 << C12_EXP},
   {[EV_KM] = 1 << C12_KM, [EV_FLAT_LOAD] = 1 << C12_LOAD | 1 << C12_DS,
    [EV_FLAT_STORE] = 1 << C12_STORE | 1 << C12_DS},
};

struct wait_state {
   bool reached;
   uint8_t ooo;                         /* counters with an out-of-order event pending */
   uint8_t store[W_MAXCNT];             /* events after the last memory write, or W_NONE */
   uint8_t need[W_NREG][W_MAXCNT];      /* events after the one writing the register */
   /* registers whose need may be other than W_NONE on some counter: the per-register
    * loops visit only these (a few loads' destinations, not all 384 registers) */
   uint64_t busy[W_NREG / 64];
};

/* for (r in s->busy): the register indices of the busy set, ascending */
#define foreach_busy(s, r)                                                                       \
   for (unsigned w_ = 0; w_ < W_NREG / 64; w_++)                                                 \
      for (uint64_t m_ = (s)->busy[w_]; m_ && ((r) = w_ * 64 + aco_ctz64(m_), true); m_ &= m_ - 1)

struct waits_ctx {
   struct aco_mprogram *p;
   const struct wait_counters *wc;
   struct wait_state **out; /* per block, the state at its end (NULL: not reached) */
   /* Without a back edge a block's out-state is read only by its later successors: once
    * the last of them has merged it, it goes back to a free list, so a few states live
    * at a time instead of one of 2.7 KB per block (memory each compile would touch
    * anew); succs_left counts the successors still to come. With back edges every state
    * lives to the end (states, one per block). */
   uint32_t *succs_left;
   struct wait_state *states, *free_states; /* free ones linked through their first bytes */
   struct wait_state cur;
   aco_instr_list list;    /* the block being rebuilt (last walk only) */
   bool emit;
};

static int
reg_index(unsigned field)
{
   if (field < 128)
      return (int)field;
   if (field >= 256 && field < 512)
      return (int)(field - 256 + 128);
   return -1;
}

static void
state_init(struct wait_state *s)
{
   memset(s, W_NONE, sizeof(*s));
   s->reached = false;
   s->ooo = 0;
   memset(s->busy, 0, sizeof(s->busy));
}

/* state_init for a state whose busy set is exact about what is not W_NONE. */
static void
state_reset(struct wait_state *s)
{
   unsigned r;
   foreach_busy(s, r)
      memset(s->need[r], W_NONE, W_MAXCNT);
   memset(s->store, W_NONE, W_MAXCNT);
   s->reached = false;
   s->ooo = 0;
   memset(s->busy, 0, sizeof(s->busy));
}

static void
set_busy(struct wait_state *s, unsigned r)
{
   s->busy[r / 64] |= 1ull << (r % 64);
}

/* dst[i] = min(dst[i], src[i]); true if any changed. Written without branches so the
 * compiler vectorizes it: the register table is merged at every block entry. */
static bool
merge_min(uint8_t *restrict dst, const uint8_t *restrict src, size_t n)
{
   uint8_t diff = 0;
   for (size_t i = 0; i < n; i++) {
      uint8_t m = src[i] < dst[i] ? src[i] : dst[i];
      diff |= (uint8_t)(m ^ dst[i]);
      dst[i] = m;
   }
   return diff != 0;
}

/* dst = dst joined with src; true if dst changed. */
static bool
state_merge(struct wait_state *dst, const struct wait_state *src)
{
   if (!src->reached)
      return false;
   bool changed = !dst->reached;
   dst->reached = true;
   if ((dst->ooo | src->ooo) != dst->ooo) {
      dst->ooo |= src->ooo;
      changed = true;
   }
   changed |= merge_min(&dst->store[0], &src->store[0], W_MAXCNT);
   /* a register src does not have busy is W_NONE there: the minimum keeps dst's */
   unsigned r;
   foreach_busy(src, r)
      changed |= merge_min(dst->need[r], src->need[r], W_MAXCNT);
   for (unsigned w = 0; w < W_NREG / 64; w++)
      dst->busy[w] |= src->busy[w];
   return changed;
}

/* A vector memory atomic that returns the old value: ACO_ENC_MEM_RTN on FLAT/GLOBAL/
 * SCRATCH; glc (TH_ATOMIC_RETURN on GFX12) on MUBUF, whose rows always have the
 * destination slot. */
static bool
atomic_returns(const struct aco_mprogram *p, const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (info->format == ACO_FMT_MUBUF)
      return p->gfx_level >= ACO_GFX1200 ? (in->mem.th & 1) != 0 : in->mem.glc;
   return (in->encoding & ACO_ENC_MEM_RTN) != 0;
}

/* The event class of an instruction. A vector memory atomic counts as a load when it
 * returns the old value (vmcnt / loadcnt: its destination is pending like a load's) and
 * as a store otherwise (vscnt / storecnt), whatever its row says. */
static unsigned
event_class(const struct aco_mprogram *p, const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if ((info->flags & ACO_OPF_ATOMIC) && info->format != ACO_FMT_DS) {
      bool rtn = atomic_returns(p, in);
      if (info->wait == ACO_WAIT_FLAT)
         return rtn ? EV_FLAT_LOAD : EV_FLAT_STORE;
      if (info->wait == ACO_WAIT_LOAD || info->wait == ACO_WAIT_STORE)
         return rtn ? EV_LOAD : EV_STORE;
   }
   switch (info->wait) {
   case ACO_WAIT_LOAD: return EV_LOAD;
   case ACO_WAIT_STORE: return EV_STORE;
   case ACO_WAIT_KM: return EV_KM;
   case ACO_WAIT_DS: return EV_DS;
   case ACO_WAIT_EXP: return EV_EXP;
   case ACO_WAIT_FLAT:
      return (info->flags & ACO_OPF_STORE) && !(info->flags & ACO_OPF_LOAD) ? EV_FLAT_STORE
                                                                           : EV_FLAT_LOAD;
   default: return EV_NONE;
   }
}

/* The wait counts of an existing wait instruction (W_NONE: no wait on that counter). */
static bool
existing_wait(struct waits_ctx *ctx, const struct aco_minstr *in, uint8_t *w)
{
   memset(w, W_NONE, W_MAXCNT);
   uint32_t imm = in->imm & 0xffff;
   if (ctx->wc == &counters_gfx12) {
      for (unsigned c = 0; c < ctx->wc->count; c++)
         if (in->opcode == ctx->wc->c[c].op) {
            w[c] = (uint8_t)(imm > 254 ? 254 : imm);
            return true;
         }
      return false;
   }
   if (in->opcode == aco_op_s_waitcnt) {
      unsigned vm, exp, lgkm;
      aco_waitcnt_decode(ctx->p->gfx_level, (uint16_t)imm, &vm, &exp, &lgkm);
      w[C_VM] = (uint8_t)vm;
      w[C_EXP] = (uint8_t)exp;
      w[C_LGKM] = (uint8_t)lgkm;
      return true;
   }
   if (in->opcode == aco_op_s_waitcnt_vscnt &&
       (!in->num_definitions ||
        aco_physreg_field(in->definitions[0].reg) == ctx->p->gfx->reg_null)) {
      w[C_VS] = (uint8_t)(imm > 254 ? 254 : imm);
      return true;
   }
   return false;
}

/* What a wait for counter c <= n completes. */
static void
apply_wait(struct wait_state *s, unsigned c, unsigned n)
{
   if ((s->ooo >> c) & 1) {
      if (n)
         return;
      s->ooo &= (uint8_t)~(1u << c);
   }
   if (s->store[c] != W_NONE && s->store[c] >= n)
      s->store[c] = W_NONE;
   unsigned r;
   foreach_busy(s, r) {
      if (s->need[r][c] != W_NONE && s->need[r][c] >= n)
         s->need[r][c] = W_NONE;
      /* nothing left pending on the register: out of the busy set, which stays exact,
       * so that the checks before each instruction find it empty after the waits */
      bool none = true;
      for (unsigned k = 0; k < W_MAXCNT; k++)
         none &= s->need[r][k] == W_NONE;
      if (none)
         s->busy[r / 64] &= ~(1ull << (r % 64));
   }
}

static bool
any_busy(const struct wait_state *s)
{
   uint64_t any = 0;
   for (unsigned w = 0; w < W_NREG / 64; w++)
      any |= s->busy[w];
   return any != 0;
}

static void
require_reg(struct waits_ctx *ctx, unsigned field, uint8_t *req)
{
   int r = reg_index(field);
   if (r < 0 || !(ctx->cur.busy[r / 64] >> (r % 64) & 1))
      return;
   for (unsigned c = 0; c < ctx->wc->count; c++) {
      uint8_t v = ctx->cur.need[r][c];
      if (v == W_NONE)
         continue;
      if ((ctx->cur.ooo >> c) & 1)
         v = 0;
      if (v < req[c])
         req[c] = v;
   }
}

static void
require_range(struct waits_ctx *ctx, aco_physreg reg, unsigned bytes, uint8_t *req)
{
   unsigned first = aco_physreg_field(reg);
   unsigned dwords = (aco_physreg_byte(reg) + bytes + 3) / 4;
   for (unsigned k = 0; k < (dwords ? dwords : 1); k++)
      require_reg(ctx, first + k, req);
}

/* Instructions before which every outstanding memory write is waited for: barriers make a
 * wave's writes visible to the others of its workgroup. Calls and returns are not among
 * them (docs/calls.md "Waits"): a wave's own accesses to one address happen in order, and
 * the other function assumes writes may still be in flight. */
static bool
is_barrier(const struct aco_minstr *in)
{
   return in->opcode == aco_op_s_barrier || in->opcode == aco_op_s_barrier_signal ||
          in->opcode == aco_op_s_barrier_signal_isfirst;
}

/* Memory writes another function may have left outstanding (at a called function's entry,
 * after a call): on every counter a store, an LDS write or a FLAT store counts on. */
static void
stores_unknown(const struct wait_counters *wc, struct wait_state *s)
{
   uint8_t m = wc->events[EV_STORE] | wc->events[EV_FLAT_STORE] | wc->events[EV_DS];
   for (unsigned c = 0; c < wc->count; c++)
      if ((m >> c) & 1)
         s->store[c] = 0;
}

static aco_status
push(struct waits_ctx *ctx, struct aco_minstr *in)
{
   if (!aco_vec_push(ctx->p->allocator, &ctx->list, in))
      return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY, "insert_waits: out of memory");
   return ACO_SUCCESS;
}

/* Emits (last walk) and applies the waits in req. */
static aco_status
emit_waits(struct waits_ctx *ctx, const uint8_t *req)
{
   const struct wait_counters *wc = ctx->wc;
   bool any = false;
   for (unsigned c = 0; c < wc->count; c++)
      any |= req[c] != W_NONE;
   if (!any)
      return ACO_SUCCESS;
   if (ctx->emit) {
      struct aco_arena *arena = &ctx->p->arena;
      if (wc == &counters_gfx12) {
         for (unsigned c = 0; c < wc->count; c++) {
            if (req[c] == W_NONE)
               continue;
            struct aco_minstr *w = aco_minstr_create(arena, wc->c[c].op, 0, 0);
            if (!w)
               return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY,
                                         "insert_waits: out of memory");
            w->imm = req[c];
            aco_status st = push(ctx, w);
            if (st != ACO_SUCCESS)
               return st;
         }
      } else {
         if (req[C_VM] != W_NONE || req[C_EXP] != W_NONE || req[C_LGKM] != W_NONE) {
            struct aco_minstr *w = aco_minstr_create(arena, aco_op_s_waitcnt, 0, 0);
            if (!w)
               return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY,
                                         "insert_waits: out of memory");
            w->imm = aco_waitcnt_encode(ctx->p->gfx_level, req[C_VM], req[C_EXP], req[C_LGKM]);
            aco_status st = push(ctx, w);
            if (st != ACO_SUCCESS)
               return st;
         }
         if (req[C_VS] != W_NONE) {
            struct aco_minstr *w = aco_minstr_create(arena, aco_op_s_waitcnt_vscnt, 0, 1);
            if (!w)
               return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY,
                                         "insert_waits: out of memory");
            w->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)),
                                              aco_physreg_make(ctx->p->gfx->reg_null, 0));
            w->imm = req[C_VS];
            aco_status st = push(ctx, w);
            if (st != ACO_SUCCESS)
               return st;
         }
      }
   }
   for (unsigned c = 0; c < wc->count; c++)
      if (req[c] != W_NONE)
         apply_wait(&ctx->cur, c, req[c]);
   return ACO_SUCCESS;
}

static aco_status
process_instr(struct waits_ctx *ctx, struct aco_minstr *in)
{
   const struct wait_counters *wc = ctx->wc;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   uint8_t req[W_MAXCNT];
   memset(req, W_NONE, sizeof(req));

   /* registers only matter while some are pending (after the waits, mostly none are) */
   if (any_busy(&ctx->cur)) {
      aco_foreach_operand(in, o) {
         if ((o->kind == ACO_OPND_TEMP || o->kind == ACO_OPND_REG) && o->fixed)
            require_range(ctx, o->reg, aco_rc_bytes(o->temp.rc), req);
      }
      aco_foreach_definition(in, d) {
         if (d->fixed)
            require_range(ctx, d->reg, aco_rc_bytes(d->temp.rc), req);
      }
      unsigned lane_mask_dwords = ctx->p->wave_size / 32;
      if (info->flags & (ACO_OPF_READ_VCC | ACO_OPF_WRITE_VCC))
         require_range(ctx, aco_sgpr(ACO_REG_VCC_LO), 4 * lane_mask_dwords, req);
      if (info->flags & (ACO_OPF_READ_EXEC | ACO_OPF_WRITE_EXEC))
         require_range(ctx, aco_sgpr(ACO_REG_EXEC_LO), 4 * lane_mask_dwords, req);
      if (info->flags & (ACO_OPF_READ_M0 | ACO_OPF_WRITE_M0))
         require_reg(ctx, ctx->p->gfx->reg_m0, req);
   }
   if (in->opcode == aco_op_s_setpc_b64 || (info->flags & ACO_OPF_CALL)) {
      /* the other function may read any register: none may still be pending, so that
       * nothing is pending either at a function's entry or after a call returns */
      unsigned r;
      foreach_busy(&ctx->cur, r)
         require_reg(ctx, r < 128 ? r : r - 128 + 256, req);
   }
   if (is_barrier(in)) {
      for (unsigned c = 0; c < wc->count; c++) {
         uint8_t v = ctx->cur.store[c];
         if (v == W_NONE)
            continue;
         if ((ctx->cur.ooo >> c) & 1)
            v = 0;
         if (v < req[c])
            req[c] = v;
      }
   }
   aco_status st = emit_waits(ctx, req);
   if (st != ACO_SUCCESS)
      return st;

   uint8_t w[W_MAXCNT];
   if (existing_wait(ctx, in, w)) {
      for (unsigned c = 0; c < wc->count; c++)
         if (w[c] != W_NONE)
            apply_wait(&ctx->cur, c, w[c]);
   }

   unsigned ev = event_class(ctx->p, in);
   if (ev != EV_NONE) {
      bool writes_memory = (info->flags & (ACO_OPF_STORE | ACO_OPF_ATOMIC)) != 0;
      for (unsigned c = 0; c < wc->count; c++) {
         if (!((wc->events[ev] >> c) & 1))
            continue;
         uint8_t max = wc->c[c].max;
         unsigned r;
         foreach_busy(&ctx->cur, r) {
            uint8_t *v = &ctx->cur.need[r][c];
            if (*v != W_NONE && *v < max)
               (*v)++;
         }
         if (ctx->cur.store[c] != W_NONE && ctx->cur.store[c] < max)
            ctx->cur.store[c]++;
         if (writes_memory)
            ctx->cur.store[c] = 0;
         if ((wc->ooo[ev] >> c) & 1)
            ctx->cur.ooo |= (uint8_t)(1u << c);
         aco_foreach_definition(in, d) {
            if (!d->fixed)
               continue;
            unsigned first = aco_physreg_field(d->reg);
            unsigned dwords = (aco_physreg_byte(d->reg) + aco_rc_bytes(d->temp.rc) + 3) / 4;
            for (unsigned k = 0; k < dwords; k++) {
               int r = reg_index(first + k);
               if (r >= 0) {
                  ctx->cur.need[r][c] = 0;
                  set_busy(&ctx->cur, (unsigned)r);
               }
            }
         }
      }
   }
   if (info->flags & ACO_OPF_CALL)
      stores_unknown(wc, &ctx->cur);
   return ctx->emit ? push(ctx, in) : ACO_SUCCESS;
}

/* Without a back edge: block b has merged its predecessors' out-states; those it was the
 * last successor of go to the free list. */
static void
release_preds(struct waits_ctx *ctx, const struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->linear_preds.len; i++) {
      uint32_t pi = b->linear_preds.data[i];
      if (pi >= ctx->p->blocks.len || !ctx->succs_left[pi] || --ctx->succs_left[pi] ||
          !ctx->out[pi])
         continue;
      *(struct wait_state **)ctx->out[pi] = ctx->free_states;
      ctx->free_states = ctx->out[pi];
      ctx->out[pi] = NULL;
   }
}

/* An initial out-state for block i: a freed one (its busy set is exact, so resetting
 * it is cheap) or a new one. */
static bool
take_state(struct waits_ctx *ctx, uint32_t i)
{
   struct wait_state *s = ctx->free_states;
   if (s) {
      ctx->free_states = *(struct wait_state **)s;
      state_reset(s); /* also what the link overwrote: reached, ooo, store */
   } else {
      s = aco_alloc(ctx->p->allocator, sizeof(*s));
      if (!s)
         return false;
      state_init(s);
   }
   ctx->out[i] = s;
   return true;
}

/* Walks block b from its predecessors' states; true in *changed if its out-state grew. */
static aco_status
process_block(struct waits_ctx *ctx, struct aco_mblock *b, bool *changed)
{
   state_reset(&ctx->cur);
   if (b->index == 0) {
      ctx->cur.reached = true;
      if (!ctx->p->is_entry || ctx->p->is_chain)
         stores_unknown(ctx->wc, &ctx->cur);
   }
   for (uint32_t i = 0; i < b->linear_preds.len; i++) {
      uint32_t pi = b->linear_preds.data[i];
      if (pi < ctx->p->blocks.len && ctx->out[pi])
         state_merge(&ctx->cur, ctx->out[pi]);
   }
   if (!ctx->states)
      release_preds(ctx, b);
   bool reached = ctx->cur.reached;
   if (!reached && !ctx->emit)
      return ACO_SUCCESS;
   ctx->cur.reached = true;
   ctx->list.data = NULL;
   ctx->list.len = ctx->list.cap = 0;
   /* the rebuilt block: its instructions and a few waits, without regrowing (empty blocks
    * mostly stay so) */
   if (ctx->emit && b->instrs.len &&
       !aco_vec_reserve(ctx->p->allocator, &ctx->list, b->instrs.len + 4))
      return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY, "insert_waits: out of memory");
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      aco_status st = process_instr(ctx, b->instrs.data[i]);
      if (st != ACO_SUCCESS) {
         aco_vec_free(ctx->p->allocator, &ctx->list);
         return st;
      }
   }
   if (ctx->emit) {
      aco_vec_free(ctx->p->allocator, &b->instrs);
      b->instrs.data = ctx->list.data;
      b->instrs.len = ctx->list.len;
      b->instrs.cap = ctx->list.cap;
      /* the out-state, for the successors when the last walk is the only one */
      if (reached && b->linear_succs.len) {
         if (!ctx->out[b->index] && !take_state(ctx, b->index))
            return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY,
                                      "insert_waits: out of memory");
         state_merge(ctx->out[b->index], &ctx->cur);
      }
      return ACO_SUCCESS;
   }
   *changed |= state_merge(ctx->out[b->index], &ctx->cur);
   return ACO_SUCCESS;
}

/* No predecessor's out-state grew since the count `since`. */
static bool
inputs_unchanged(const struct aco_mprogram *p, const struct aco_mblock *b, const uint32_t *stamp,
                 uint32_t since)
{
   for (uint32_t i = 0; i < b->linear_preds.len; i++) {
      uint32_t pi = b->linear_preds.data[i];
      if (pi < p->blocks.len && stamp[pi] > since)
         return false;
   }
   return true;
}

static void
finish(struct waits_ctx *ctx)
{
   const aco_allocator *a = ctx->p->allocator;
   if (ctx->states) {
      aco_free(a, ctx->states);
   } else {
      for (uint32_t i = 0; ctx->out && i < ctx->p->blocks.len; i++)
         aco_free(a, ctx->out[i]);
      while (ctx->free_states) {
         struct wait_state *next = *(struct wait_state **)ctx->free_states;
         aco_free(a, ctx->free_states);
         ctx->free_states = next;
      }
   }
   aco_free(a, ctx->out);
   aco_free(a, ctx->succs_left);
}

aco_status
aco_insert_waits(struct aco_mprogram *p)
{
   struct waits_ctx ctx;
   memset(&ctx, 0, sizeof(ctx));
   ctx.p = p;
   ctx.wc = p->gfx->has_split_waits ? &counters_gfx12 : &counters_gfx10;
   if (!p->blocks.len)
      return ACO_SUCCESS;
   /* Without a back edge every predecessor comes first: the last walk alone sees the
    * final states, and the fixed-point walks are skipped. */
   bool changed = false;
   struct aco_mblock *b;
   aco_foreach_block(p, b) {
      for (uint32_t i = 0; i < b->linear_preds.len; i++)
         changed |= b->linear_preds.data[i] >= b->index;
   }
   uint32_t n = p->blocks.len;
   ctx.out = aco_calloc(p->allocator, sizeof(*ctx.out) * n);
   ctx.succs_left = aco_alloc(p->allocator, sizeof(uint32_t) * n);
   if (changed)
      ctx.states = aco_alloc(p->allocator, sizeof(struct wait_state) * n);
   if (!ctx.out || !ctx.succs_left || (changed && !ctx.states)) {
      finish(&ctx);
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "insert_waits: out of memory");
   }
   state_init(&ctx.cur);
   for (uint32_t i = 0; i < n; i++) {
      ctx.succs_left[i] = p->blocks.data[i]->linear_succs.len;
      if (changed) {
         ctx.out[i] = &ctx.states[i];
         state_init(ctx.out[i]);
      }
   }
   aco_status st = ACO_SUCCESS;
   /* A block whose predecessors' out-states did not grow since its last walk gets the
    * same in-state, so it cannot grow its own: it is skipped (changes counts the
    * out-states that grew, stamp[i] is the count at block i's last growth, walked[i]
    * the count when it was last walked). */
   uint32_t changes = 0, *stamp = NULL, *walked = NULL;
   if (changed) {
      stamp = aco_calloc(p->allocator, sizeof(uint32_t) * p->blocks.len);
      walked = aco_calloc(p->allocator, sizeof(uint32_t) * p->blocks.len);
      if (!stamp || !walked)
         st = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "insert_waits: out of memory");
   }
   for (unsigned round = 0; changed && st == ACO_SUCCESS; round++) {
      changed = false;
      aco_foreach_block(p, b) {
         if (round > 0 && inputs_unchanged(p, b, stamp, walked[b->index]))
            continue;
         walked[b->index] = changes;
         bool grew = false;
         if ((st = process_block(&ctx, b, &grew)) != ACO_SUCCESS)
            break;
         if (grew) {
            changed = true;
            stamp[b->index] = ++changes;
         }
      }
   }
   aco_free(p->allocator, stamp);
   aco_free(p->allocator, walked);
   ctx.emit = true;
   if (st == ACO_SUCCESS) {
      aco_foreach_block(p, b) {
         if ((st = process_block(&ctx, b, &changed)) != ACO_SUCCESS)
            break;
      }
   }
   finish(&ctx);
   return st;
}
