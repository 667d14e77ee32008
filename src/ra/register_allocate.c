/* SPDX-License-Identifier: MIT */
/* SSA-based register allocation.
 *
 * What it does. Blocks are visited once, in order; inside a block instructions are
 * visited once, in order. A register file (one entry per byte of s0..s127, the special
 * scalar registers and v0..v255: the temporary held there) is rebuilt at each block's
 * entry from the live-in set and updated at each instruction: operands that die are
 * released, definitions take free registers. Under SSA the values live at any point fit
 * whenever the demand computed by aco_compute_liveness is within the limits, so the only
 * difficulty is contiguity and fixed registers. When a definition needs a window of
 * registers that is not free (a vector, an aligned SGPR pair or quad, a register fixed
 * by the instruction), the values occupying the cheapest window are moved elsewhere with
 * one p_parallelcopy inserted before the instruction; when no free place is left for them
 * the whole file of that class is compacted (same copy). A moved value gets a new
 * temporary (live-range splitting), and later uses in the block are renamed on the fly
 * through cur_name[original id]. An operand fixed to a register moves its value there
 * (later uses follow it); only when the instruction needs the same value in two fixed
 * registers does the second get a copy that dies at the instruction. Definitions of
 * copy-like pseudo instructions (p_parallelcopy, p_create_vector, p_split_vector,
 * p_extract_vector) prefer the registers that make them free.
 *
 * Across blocks. Each block records the name of every live-out value at its exit. At a
 * block's entry each live-in value takes the name its predecessors agree on; when they
 * disagree (a value moved on one path) the allocator creates a phi for it (p_phi for
 * VGPRs on the logical CFG, p_linear_phi otherwise). At a loop header the back-edge names
 * are not known yet, so every live-in value gets a phi there; its back-edge operands (and
 * those of the program's own phis) are filled when the back-edge block has been
 * allocated. At the end, the phis the allocator created whose operands are all one value
 * in the phi's own register (a value not moved in the loop, or only through such phis) are
 * removed and their uses renamed back, in one pass over the program.
 *
 * Phis keep their registers for SSA elimination: a phi's definition takes, when free,
 * the register of its first operand whose register is free (so agreeing operands make no
 * copies), otherwise any free register.
 *
 * Complexity. Every instruction costs O(operands + definitions) plus searches over the
 * register file of one class, whose size is a constant of the hardware (at most 1024
 * byte positions); moves and compactions are bounded by the same constant per
 * instruction. Block entries cost O(live-in x predecessors x log live-out) (binary search
 * in the predecessor's sorted live-out list) plus clearing the constant-size file.
 * Per-temporary data are arrays indexed by id. The final trivial-phi removal is one pass
 * over all operands. So the allocation is linear in the size of the program (times the
 * register-file constant), with no scan over all temporaries per instruction.
 *
 * Linear VGPRs (written in all lanes) take a band of as many registers as they need at
 * most at once, right above the most ordinary VGPRs live at once (so the count of VGPRs
 * used stays small), and ordinary VGPRs the registers below it, or above it when those
 * are taken; so in divergent code, where the liveness of ordinary VGPRs follows only the
 * logical CFG, neither can overwrite the other. In uniform programs a value that finds no
 * room in its part (the program fixed registers there) may use the other part; in
 * divergent ones never (the validator checks that no register holds both kinds in
 * divergent programs).
 *
 * Limits: p->max_sgprs / p->max_vgprs (0: s0..s105 / v0..v255). A demand above a limit
 * returns ACO_ERROR_REGISTER_LIMIT (spilling comes before this pass later). vcc, exec,
 * m0 and scc are never chosen for a temporary; a temporary fixed there by instruction
 * selection stays there until something needs the register.
 *
 * 16-bit values (v2b, docs/mir.md): pseudo instructions (copies, vector ops, phis) place
 * halves at byte 0 or 2; hardware instructions at byte 0, or byte 2 where the slot names a
 * high half (ra_util.h: GFX11+ 16-bit slots of VOP3 opcodes); an operand elsewhere at
 * byte 2 is copied to byte 0 first. A 16-bit result that writes its whole VGPR (all but
 * the DST16 opcodes) takes a whole free VGPR. One that keeps the other half goes to byte 2
 * only when every later read of it in the block takes a high half and byte 0 of every
 * VGPR given out so far is taken, so halves lower the VGPR count without copies.
 * Definitions wider than a dword of hardware instructions never overlap the
 * instruction's operands (see ra_util.h). */
#include "ra/ra_util.h"

#include <stdlib.h>
#include <string.h>

#define RF_BYTES 2048u  /* fields 0..511 */
#define VGPR_BASE 1024u /* v0 in bytes */

struct ra_temp {
   uint16_t reg;    /* bytes */
   uint32_t orig;   /* the original id this name stands for */
   uint32_t pinned; /* == ctx serial: may not move during this instruction */
   uint32_t killed; /* == ctx serial: an operand this instruction kills */
   uint32_t alias;  /* trivial-phi removal: the name that replaces this one */
};

struct ra_copy {
   uint32_t src, dst;
   uint16_t src_reg;
   bool move; /* the source dies at the copy (a move), else it is a copy for one operand */
};

struct ra_ctx {
   struct aco_mprogram *p;
   uint32_t rf[RF_BYTES];
   ACO_VEC(struct ra_temp) temps;
   uint32_t orig_count;
   uint32_t *cur_name;  /* by original id */
   uint32_t **out_name; /* per block, parallel to live_out */
   unsigned sgpr_limit, vgpr_limit;
   unsigned linear_vgprs; /* the top of the VGPR file reserved for linear VGPRs */
   unsigned linear_top;   /* the register above the linear band */
   bool divergent;        /* logical and linear edges differ somewhere */
   uint32_t serial;
   ACO_VEC(struct ra_copy) copies;
   ACO_VEC(uint32_t) scratch;
   ACO_VEC(struct aco_minstr *) ra_phis;
   uint32_t *opnd_name; /* per operand of the current instruction (256 entries) */
   unsigned resv_lo, resv_hi; /* bytes no move may target */
   unsigned vgpr_top; /* bytes: the end of the highest ordinary VGPR given out so far */
   uint32_t index;    /* the instruction being allocated, in its block's original list */
   bool strict_defs; /* the instruction's definitions may not reuse any operand register */
   /* registers a call clobbers, already cleared for this instruction: no value moved out
    * of a later clobbered run may land there */
   uint8_t clobbered[RF_BYTES];
   bool any_clobbered;
   bool moving_killed; /* compact() places an operand this instruction kills (window_free) */
   bool failed;
   /* a function that saves what it writes of these for its caller (by register: SGPRs,
    * then VGPRs from 256): free registers outside them are taken first; NULL otherwise */
   const uint8_t *preserved;
   /* bytes: the clobbered SGPR (pair in wave64) the saves hold exec in, which the
    * clobbered-first search leaves alone (empty when there is none) */
   unsigned exec_lo, exec_hi;
   /* by original temporary: the register (bytes, +1; 0: none) a call or return reads it
    * from where it dies, which its definition takes when it is free */
   uint16_t *affinity;
};

/* ---- small helpers ----------------------------------------------------------------------- */

static bool
fail(struct ra_ctx *c, aco_status s, const char *what, const struct aco_mblock *b)
{
   if (!c->failed)
      aco_mprogram_error(c->p, s, "register allocation: BB%u: %s", b ? b->index : 0, what);
   c->failed = true;
   return false;
}

static inline aco_rc
rc_of(struct ra_ctx *c, uint32_t id)
{
   return aco_ra_temp_rc(c->p, id);
}

static inline unsigned
bytes_of(struct ra_ctx *c, uint32_t id)
{
   return aco_rc_bytes(rc_of(c, id));
}

static void
file_range(const struct ra_ctx *c, aco_rc rc, unsigned *lo, unsigned *hi)
{
   if (aco_rc_is_vgpr(rc)) {
      /* linear VGPRs live in the top linear_vgprs registers, ordinary ones below */
      unsigned top = c->linear_vgprs ? c->linear_top : c->vgpr_limit;
      unsigned split = VGPR_BASE + (top - c->linear_vgprs) * 4;
      *lo = aco_rc_is_linear(rc) ? split : VGPR_BASE;
      *hi = aco_rc_is_linear(rc) ? VGPR_BASE + top * 4 : split;
   } else {
      *lo = 0;
      *hi = c->sgpr_limit * 4;
   }
}

static uint32_t
new_name(struct ra_ctx *c, uint32_t of)
{
   aco_rc rc = rc_of(c, of);
   aco_temp t = aco_mprogram_new_temp(c->p, rc);
   if (!t.id) {
      c->failed = true;
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "register allocation: out of memory");
      return 0;
   }
   struct ra_temp z = {0};
   while (c->temps.len <= t.id)
      if (!aco_vec_push(c->p->allocator, &c->temps, z)) {
         c->failed = true;
         aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "register allocation: out of memory");
         return 0;
      }
   c->temps.data[t.id].orig = c->temps.data[of].orig;
   return t.id;
}

/* The bytes of [reg, reg+bytes) inside the register file. */
static inline unsigned
rf_clip(unsigned reg, unsigned bytes)
{
   return reg >= RF_BYTES ? 0 : bytes < RF_BYTES - reg ? bytes : RF_BYTES - reg;
}

static void
rf_fill(struct ra_ctx *c, unsigned reg, unsigned bytes, uint32_t id)
{
   for (unsigned i = 0, n = rf_clip(reg, bytes); i < n; i++)
      c->rf[reg + i] = id;
}

static void
rf_release(struct ra_ctx *c, uint32_t id)
{
   unsigned reg = c->temps.data[id].reg;
   for (unsigned i = 0, n = rf_clip(reg, bytes_of(c, id)); i < n; i++)
      if (c->rf[reg + i] == id)
         c->rf[reg + i] = 0;
}

static void
place(struct ra_ctx *c, uint32_t id, unsigned reg)
{
   c->temps.data[id].reg = (uint16_t)reg;
   rf_fill(c, reg, bytes_of(c, id), id);
   unsigned end = (reg + bytes_of(c, id) + 3) & ~3u;
   if (reg >= VGPR_BASE && !aco_rc_is_linear(rc_of(c, id)) && end > c->vgpr_top)
      c->vgpr_top = end;
}

/* Is [reg, reg+bytes) free? For a definition (def) bytes of operands this instruction
 * kills count as free when `overlap`, or when the operand has exactly these registers;
 * moves never target them nor the reserved window. */
static bool
window_free(struct ra_ctx *c, unsigned reg, unsigned bytes, bool def, bool overlap)
{
   if (reg + bytes > RF_BYTES)
      return false;
   bool move = !def && !c->moving_killed;
   if (move && c->resv_lo < c->resv_hi && reg < c->resv_hi && reg + bytes > c->resv_lo)
      return false;
   uint32_t allowed = 0; /* the last owner found free for this window */
   for (unsigned i = 0; i < bytes; i++) {
      uint32_t o = c->rf[reg + i];
      if (move && c->any_clobbered && c->clobbered[reg + i])
         return false;
      if (!o || o == allowed)
         continue;
      if (def && c->temps.data[o].killed == c->serial && !c->strict_defs &&
          (overlap || (c->temps.data[o].reg == reg && bytes_of(c, o) == bytes))) {
         allowed = o;
         continue; /* early clobber still allows the very same registers */
      }
      return false;
   }
   return true;
}

static unsigned
align_of(aco_rc rc, bool hw_def)
{
   unsigned a = aco_ra_align_bytes(rc);
   if (hw_def && a < 4)
      a = 4;
   return a;
}

/* Whether a window holds a register the function must save before writing it. */
static bool
window_preserved(const struct ra_ctx *c, unsigned reg, unsigned bytes)
{
   for (unsigned b = reg & ~3u; b < reg + bytes; b += 4)
      if (c->preserved[b / 4])
         return true;
   return false;
}

/* Whether a window is one the clobbered-first search takes: no preserved register in it
 * and none of the SGPRs kept for the saves' exec. */
static bool
window_clobbered(const struct ra_ctx *c, unsigned reg, unsigned bytes)
{
   return !window_preserved(c, reg, bytes) && (reg >= c->exec_hi || reg + bytes <= c->exec_lo);
}

/* First free aligned window of the class (linear VGPRs: the highest one); with
 * `clobbered_only`, none that holds a preserved register or the saves' exec SGPRs. */
static bool
find_reg_in(struct ra_ctx *c, aco_rc rc, unsigned lo, unsigned hi, bool def, bool overlap,
            bool hw_def, bool clobbered_only, unsigned *out)
{
   unsigned bytes = aco_rc_bytes(rc), a = align_of(rc, hw_def);
   if (hi < lo + bytes)
      return false;
   if (aco_rc_is_vgpr(rc) && aco_rc_is_linear(rc)) {
      for (unsigned r = lo + ((hi - bytes - lo) / a) * a;; r -= a) {
         if (window_free(c, r, bytes, def, overlap) &&
             (!clobbered_only || window_clobbered(c, r, bytes))) {
            *out = r;
            return true;
         }
         if (r < lo + a)
            return false;
      }
   }
   for (unsigned r = lo; r + bytes <= hi; r += a)
      if (window_free(c, r, bytes, def, overlap) &&
          (!clobbered_only || window_clobbered(c, r, bytes))) {
         *out = r;
         return true;
      }
   return false;
}

/* A free window in the class's part of its file; failing that (values fixed by the
 * program into the other part), anywhere in the file. */
static bool
find_reg(struct ra_ctx *c, aco_rc rc, bool def, bool overlap, bool hw_def, unsigned *out)
{
   unsigned lo, hi;
   file_range(c, rc, &lo, &hi);
   /* a register the caller does not need kept costs no save and restore */
   if (c->preserved && find_reg_in(c, rc, lo, hi, def, overlap, hw_def, true, out))
      return true;
   if (find_reg_in(c, rc, lo, hi, def, overlap, hw_def, false, out))
      return true;
   if (aco_rc_is_vgpr(rc) && !aco_rc_is_linear(rc) && c->linear_vgprs &&
       find_reg_in(c, rc, VGPR_BASE + c->linear_top * 4, VGPR_BASE + c->vgpr_limit * 4, def, overlap, hw_def, false, out))
      return true;
   return aco_rc_is_vgpr(rc) && c->linear_vgprs && !c->divergent &&
          find_reg_in(c, rc, VGPR_BASE, VGPR_BASE + c->vgpr_limit * 4, def, overlap, hw_def, false, out);
}

/* ---- moving values ----------------------------------------------------------------------- */

/* Moves value `id` to `reg` with the instruction's parallel copy; returns its new name. */
static uint32_t
move_value(struct ra_ctx *c, uint32_t id, unsigned reg, unsigned num_ops)
{
   rf_release(c, id);
   for (uint32_t k = 0; k < c->copies.len; k++) {
      if (c->copies.data[k].dst == id) { /* moved twice: retarget the copy */
         place(c, id, reg);
         return id;
      }
   }
   uint32_t n = new_name(c, id);
   if (!n)
      return id;
   struct ra_temp *old = &c->temps.data[id], *nt = &c->temps.data[n];
   nt->pinned = old->pinned;
   nt->killed = old->killed;
   struct ra_copy cp = {id, n, old->reg, true};
   if (!aco_vec_push(c->p->allocator, &c->copies, cp)) {
      c->failed = true;
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "register allocation: out of memory");
      return id;
   }
   place(c, n, reg);
   if (c->cur_name[old->orig] == id)
      c->cur_name[old->orig] = n;
   for (unsigned k = 0; k < num_ops; k++)
      if (c->opnd_name[k] == id)
         c->opnd_name[k] = n;
   return n;
}

static bool
movable(struct ra_ctx *c, uint32_t id)
{
   return c->temps.data[id].pinned != c->serial;
}

struct sort_item {
   uint32_t id;
   unsigned bytes;
   bool killed; /* read by the instruction for the last time, placed last */
};

static int
cmp_items(const void *a, const void *b)
{
   const struct sort_item *x = a, *y = b;
   if (x->killed != y->killed)
      return x->killed ? 1 : -1;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return x->id < y->id ? -1 : x->id > y->id;
}

/* Packs every movable value of the class's file from the bottom (largest first), around
 * pinned values and the reserved window. With keep_killed (definitions may overlap
 * operands), values the instruction reads for the last time go last and may also take the
 * reserved window and the registers its definitions clobber: they are read before those
 * are written, so at a call they need none of the few registers the callee keeps. */
static bool
compact(struct ra_ctx *c, aco_rc rc, unsigned num_ops, bool keep_killed,
        const struct aco_mblock *b)
{
   unsigned lo, hi;
   file_range(c, rc, &lo, &hi);
   struct sort_item items[1024];
   unsigned n = 0;
   for (unsigned r = lo; r < hi; r++) {
      uint32_t id = c->rf[r];
      if (!id || !movable(c, id))
         continue;
      struct ra_temp *t = &c->temps.data[id];
      if (t->reg != r) /* seen at its first byte */
         continue;
      if (t->reg < lo || t->reg + bytes_of(c, id) > hi)
         continue;
      items[n].id = id;
      items[n].bytes = bytes_of(c, id);
      items[n].killed = keep_killed && t->killed == c->serial;
      n++;
   }
   qsort(items, n, sizeof(items[0]), cmp_items);
   unsigned old_reg[1024];
   for (unsigned i = 0; i < n; i++) {
      old_reg[i] = c->temps.data[items[i].id].reg;
      rf_release(c, items[i].id);
   }
   for (unsigned i = 0; i < n; i++) {
      uint32_t id = items[i].id;
      unsigned reg;
      c->moving_killed = items[i].killed;
      bool found = find_reg(c, rc_of(c, id), false, false, false, &reg);
      c->moving_killed = false;
      if (!found)
         return fail(c, ACO_ERROR_REGISTER_LIMIT,
                     "registers too fragmented to place a value", b);
      if (reg == old_reg[i])
         place(c, id, reg);
      else {
         c->temps.data[id].reg = (uint16_t)old_reg[i];
         move_value(c, id, reg, num_ops);
      }
   }
   return !c->failed;
}

/* Makes [reg, reg+bytes) free of everything but `keep` (and, when keep_killed, of
 * operands the instruction kills). */
static bool
evict(struct ra_ctx *c, unsigned reg, unsigned bytes, uint32_t keep, bool keep_killed,
      unsigned num_ops, const struct aco_mblock *b)
{
   c->resv_lo = reg;
   c->resv_hi = reg + bytes;
   bool compacted = false;
   for (unsigned i = 0; i < bytes && !c->failed; i++) {
      uint32_t id = c->rf[reg + i];
      if (!id || id == keep)
         continue;
      if (keep_killed && c->temps.data[id].killed == c->serial)
         continue;
      if (!movable(c, id)) {
         c->resv_lo = c->resv_hi = 0;
         return fail(c, ACO_ERROR_UNSUPPORTED,
                     "a fixed register is needed by two values of one instruction", b);
      }
      unsigned to;
      if (find_reg(c, rc_of(c, id), false, false, false, &to)) {
         move_value(c, id, to, num_ops);
         continue;
      }
      /* no free place outside the window: pack the file around it once, then retry */
      if (compacted) {
         fail(c, ACO_ERROR_REGISTER_LIMIT, "no room to move a value out of the way", b);
         break;
      }
      compacted = true;
      if (!compact(c, rc_of(c, id), num_ops, keep_killed, b))
         break;
      i = (unsigned)-1; /* rescan the window */
   }
   c->resv_lo = c->resv_hi = 0;
   return !c->failed;
}

/* The aligned window of the class with the fewest bytes of movable values in it. */
static bool
cheapest_window(struct ra_ctx *c, aco_rc rc, bool overlap, bool hw_def, unsigned *out)
{
   unsigned lo, hi, bytes = aco_rc_bytes(rc), a = align_of(rc, hw_def);
   file_range(c, rc, &lo, &hi);
   unsigned best_cost = ~0u;
   for (unsigned r = lo; r + bytes <= hi; r += a) {
      unsigned cost = 0;
      for (unsigned i = 0; i < bytes; i++) {
         uint32_t id = c->rf[r + i];
         if (!id || (overlap && c->temps.data[id].killed == c->serial))
            continue;
         if (!movable(c, id)) {
            cost = ~0u;
            break;
         }
         cost++;
      }
      if (cost < best_cost) {
         best_cost = cost;
         *out = r;
      }
   }
   return best_cost != ~0u;
}

/* ---- instructions ------------------------------------------------------------------------ */

static bool
is_pseudo(const struct aco_minstr *in)
{
   return aco_op_info((enum aco_opcode)in->opcode)->format == ACO_FMT_PSEUDO;
}

/* A register the definition would like (copy-free pseudo instructions), or -1. */
static int
preferred_reg(struct ra_ctx *c, const struct aco_minstr *in, unsigned di)
{
   const aco_operand *ops = in->operands;
   int tied = aco_minstr_tied_operand(in);
   if (di == 0 && tied >= 0 && ops[tied].kind == ACO_OPND_TEMP)
      return c->temps.data[c->opnd_name[tied]].reg; /* handle_tied_operand made it free */
   switch (in->opcode) {
   case aco_op_p_parallelcopy:
      if (di < in->num_operands && ops[di].kind == ACO_OPND_TEMP)
         return c->temps.data[c->opnd_name[di]].reg;
      return -1;
   case aco_op_p_create_vector: {
      unsigned off = 0;
      for (unsigned k = 0; k < in->num_operands; k++) {
         unsigned sz = ops[k].kind == ACO_OPND_TEMP ? aco_rc_bytes(ops[k].temp.rc)
                                                    : ops[k].bits / 8u;
         if (ops[k].kind == ACO_OPND_TEMP) {
            unsigned r = c->temps.data[c->opnd_name[k]].reg;
            if (r >= off)
               return (int)(r - off);
         }
         off += sz;
      }
      return -1;
   }
   case aco_op_p_split_vector: {
      if (!in->num_operands || ops[0].kind != ACO_OPND_TEMP)
         return -1;
      unsigned off = 0;
      for (unsigned k = 0; k < di; k++)
         off += aco_rc_bytes(in->definitions[k].temp.rc);
      return (int)(c->temps.data[c->opnd_name[0]].reg + off);
   }
   case aco_op_p_extract_vector:
      if (in->num_operands < 2 || ops[0].kind != ACO_OPND_TEMP || ops[1].kind != ACO_OPND_CONST)
         return -1;
      return (int)(c->temps.data[c->opnd_name[0]].reg +
                   ops[1].value * aco_rc_bytes(in->definitions[di].temp.rc));
   default: {
      /* a killed operand of the same size and file: the result may replace it */
      unsigned bytes = aco_rc_bytes(in->definitions[di].temp.rc);
      for (unsigned k = 0; k < in->num_operands; k++) {
         if (ops[k].kind != ACO_OPND_TEMP || !ops[k].kill ||
             aco_rc_bytes(ops[k].temp.rc) != bytes ||
             aco_rc_is_vgpr(ops[k].temp.rc) != aco_rc_is_vgpr(in->definitions[di].temp.rc))
            continue;
         return (int)c->temps.data[c->opnd_name[k]].reg;
      }
      return -1;
   }
   }
}

/* Whether the preferred register of a definition of `in` means writing it: not for the
 * pseudo instructions whose result, there, is the operand left in place. */
static bool
writes_in_place(const struct aco_minstr *in)
{
   return in->opcode != aco_op_p_parallelcopy && in->opcode != aco_op_p_split_vector &&
          in->opcode != aco_op_p_extract_vector;
}

static bool
reg_fits_class(struct ra_ctx *c, aco_rc rc, int reg, bool hw_def)
{
   unsigned lo, hi;
   file_range(c, rc, &lo, &hi);
   return reg >= (int)lo && (unsigned)reg + aco_rc_bytes(rc) <= hi &&
          ((unsigned)reg - lo) % align_of(rc, hw_def) == 0;
}

/* Whether a fixed definition of `in` writes any of [reg, reg + bytes). */
static bool
written_by(struct ra_ctx *c, const struct aco_minstr *in, unsigned reg, unsigned bytes)
{
   for (unsigned i = 0; i < in->num_definitions; i++) {
      const aco_definition *d = &in->definitions[i];
      unsigned lo = d->reg.reg_b, hi = lo + aco_ra_def_bytes(c->p, d);
      if (d->fixed && reg < hi && reg + bytes > lo)
         return true;
   }
   return false;
}

/* A copy of value `name`, now in `reg`, to the new name n. The parallel copy reads every
 * source before it writes: when this instruction's copies already moved `name`, the copy
 * reads it where it was before them. */
static struct ra_copy
copy_from(const struct ra_ctx *c, uint32_t name, unsigned reg, uint32_t n)
{
   struct ra_copy cp = {name, n, (uint16_t)reg, false};
   for (uint32_t j = 0; j < c->copies.len; j++)
      if (c->copies.data[j].dst == name) {
         cp.src = c->copies.data[j].src;
         cp.src_reg = c->copies.data[j].src_reg;
      }
   return cp;
}

/* Operand k gets a copy of its value in register `to` (a new name that dies here); the
 * copy reads the value where it was before this instruction's copies. Returns the new
 * name, 0 on failure. */
static uint32_t
copy_operand(struct ra_ctx *c, unsigned k, unsigned to, const struct aco_mblock *b)
{
   uint32_t name = c->opnd_name[k];
   uint32_t n = new_name(c, name);
   if (!n)
      return 0;
   struct ra_copy cp = copy_from(c, name, c->temps.data[name].reg, n);
   if (!aco_vec_push(c->p->allocator, &c->copies, cp)) {
      fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
      return 0;
   }
   place(c, n, to);
   c->temps.data[n].killed = c->serial;
   c->opnd_name[k] = n;
   return n;
}

static bool
handle_fixed_operands(struct ra_ctx *c, struct aco_minstr *in, const struct aco_mblock *b)
{
   for (unsigned k = 0; k < in->num_operands && !c->failed; k++) {
      aco_operand *o = &in->operands[k];
      if (o->kind != ACO_OPND_TEMP || !o->fixed)
         continue;
      uint32_t name = c->opnd_name[k];
      unsigned want = o->reg.reg_b, bytes = bytes_of(c, name);
      if (c->temps.data[name].reg == want) {
         if (c->temps.data[name].killed == c->serial || !movable(c, name) ||
             !written_by(c, in, want, bytes)) {
            c->temps.data[name].pinned = c->serial;
            continue;
         }
         /* already there, but the instruction overwrites the register (a call's
          * clobbered one) and the value lives on: it moves out for its later uses and the
          * operand gets a copy that dies here */
         unsigned to;
         rf_release(c, name);
         c->resv_lo = want;
         c->resv_hi = want + bytes;
         bool found = find_reg(c, rc_of(c, name), false, false, false, &to);
         c->resv_lo = c->resv_hi = 0;
         if (!found) {
            place(c, name, want);
            return fail(c, ACO_ERROR_REGISTER_LIMIT,
                        "no room to keep a value a call overwrites", b);
         }
         c->temps.data[name].reg = (uint16_t)want;
         uint32_t moved = move_value(c, name, to, in->num_operands);
         uint32_t n = new_name(c, name);
         if (!n)
            return false;
         struct ra_copy cp = copy_from(c, name, want, n);
         if (!aco_vec_push(c->p->allocator, &c->copies, cp))
            return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
         place(c, n, want);
         c->temps.data[n].killed = c->serial;
         c->temps.data[n].pinned = c->serial;
         c->opnd_name[k] = n;
         for (unsigned j = k + 1; j < in->num_operands; j++)
            if (c->opnd_name[j] == moved && in->operands[j].fixed &&
                in->operands[j].reg.reg_b == want)
               c->opnd_name[j] = n;
         continue;
      }
      /* move the value there (later uses follow it) unless another operand of this
       * instruction already fixed it elsewhere, or the instruction overwrites that
       * register (a call's clobbered registers) while the value lives on: then copy it
       * for this operand */
      bool only_use = movable(c, name) &&
                      (c->temps.data[name].killed == c->serial || !written_by(c, in, want, bytes));
      if (only_use)
         rf_release(c, name); /* its old place is free for the values it displaces */
      if (!evict(c, want, bytes, 0, false, in->num_operands, b))
         return false;
      name = c->opnd_name[k]; /* eviction may have moved it */
      if (only_use) {
         name = move_value(c, name, want, in->num_operands);
      } else {
         name = copy_operand(c, k, want, b);
         if (!name)
            return false;
      }
      c->temps.data[name].pinned = c->serial;
   }
   return !c->failed;
}

/* A hardware instruction reads a 16-bit operand at byte 2 only where its slot can name the
 * high half (ra_util.h: GFX11+ 16-bit slots of VOP3 opcodes); elsewhere a value left at
 * byte 2 (by a copy, a phi or another instruction's result) moves to byte 0 of a VGPR
 * first. */
static bool
handle_subdword_operands(struct ra_ctx *c, struct aco_minstr *in, const struct aco_mblock *b)
{
   if (is_pseudo(in))
      return true;
   uint32_t high_ok = aco_ra_high_half_slots(c->p, in);
   for (unsigned k = 0; k < in->num_operands && !c->failed; k++) {
      aco_operand *o = &in->operands[k];
      if (o->kind != ACO_OPND_TEMP || o->fixed || !aco_rc_is_subdword(o->temp.rc))
         continue;
      uint32_t name = c->opnd_name[k];
      if (!(c->temps.data[name].reg & 3))
         continue;
      if (k < 16 && (high_ok >> k) & 1 && (c->temps.data[name].reg & 3) == 2) {
         c->temps.data[name].pinned = c->serial;
         continue;
      }
      if (!movable(c, name))
         return fail(c, ACO_ERROR_UNSUPPORTED,
                     "a 16-bit operand is fixed to a high half and needed in a low one", b);
      aco_rc rc = rc_of(c, name);
      unsigned to;
      if (!find_reg(c, rc, false, false, true, &to)) {
         if (!cheapest_window(c, rc, false, true, &to))
            return fail(c, ACO_ERROR_REGISTER_LIMIT, "no VGPR for a 16-bit operand", b);
         rf_release(c, name);
         if (!evict(c, to, aco_rc_bytes(rc), 0, false, in->num_operands, b))
            return false;
         name = c->opnd_name[k];
      }
      name = move_value(c, name, to, in->num_operands);
      c->temps.data[name].pinned = c->serial;
   }
   return !c->failed;
}

/* A tied operand (docs/mir.md "Tied operands"): definition 0 is written over it. When the
 * operand dies here the definition takes its registers as they are; when its value lives
 * on, the instruction takes its untied form (aco_minstr_untie: v_fma_f32 for v_fmac_f32),
 * which costs no extra instruction; an opcode without one reads a copy made for this
 * instruction, which dies here and which the definition then takes (a copy needs a free
 * register beyond the demand liveness counted).
 * *inp may be replaced by that form. */
static bool
handle_tied_operand(struct ra_ctx *c, struct aco_minstr **inp, const struct aco_mblock *b)
{
   struct aco_minstr *in = *inp;
   int k = aco_minstr_tied_operand(in);
   if (k < 0 || in->operands[k].kind != ACO_OPND_TEMP)
      return true;
   uint32_t name = c->opnd_name[k];
   /* killed: the definition takes its register, unless another operand reads the same
    * value there (x * y + x): then the addend is a copy like a live one */
   bool shared = false;
   for (unsigned j = 0; j < in->num_operands; j++)
      shared |= (int)j != k && in->operands[j].kind == ACO_OPND_TEMP && c->opnd_name[j] == name;
   if (c->temps.data[name].killed == c->serial && !shared) {
      c->temps.data[name].pinned = c->serial;
      return true;
   }
   aco_rc rc = rc_of(c, name);
   unsigned to;
   /* the untied form (v_fma_f32 for v_fmac_f32, s_add_i32 for s_addk_i32) costs no
    * instruction where the copy costs one: it is taken whenever there is one */
   bool untie = aco_untied_opcode(in) != aco_num_opcodes;
   if (untie || !find_reg(c, rc, false, false, aco_rc_is_subdword(rc), &to)) {
      if (!untie)
         return fail(c, ACO_ERROR_REGISTER_LIMIT, "no register to copy a tied operand to", b);
      struct aco_minstr *u = aco_minstr_untie(&c->p->arena, in);
      if (!u)
         return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
      for (unsigned j = in->num_operands; j < u->num_operands; j++)
         c->opnd_name[j] = 0; /* SOPK's immediate became a constant operand */
      *inp = u;
      return true;
   }
   uint32_t n = copy_operand(c, k, to, b);
   if (!n)
      return false;
   c->temps.data[n].pinned = c->serial;
   return true;
}

/* Whether every later read of original temporary `id` can take the high half and the
 * value dies in this block within 64 instructions: then placing it at byte 2 costs no copy
 * (pseudo instructions and 32-bit slots read byte 0). */
static bool
reads_take_high_half(struct ra_ctx *c, const struct aco_mblock *b, uint32_t id)
{
   for (uint32_t i = c->index + 1; i < b->instrs.len && i <= c->index + 64; i++) {
      const struct aco_minstr *in = b->instrs.data[i];
      uint32_t mask = is_pseudo(in) ? 0 : aco_ra_high_half_slots(c->p, in);
      bool read = false, killed = false;
      for (unsigned k = 0; k < in->num_operands; k++) {
         const aco_operand *o = &in->operands[k];
         if (o->kind != ACO_OPND_TEMP || o->temp.id != id)
            continue;
         if (k >= 16 || !((mask >> k) & 1))
            return false;
         read = true;
         killed |= o->kill;
      }
      if (read && killed)
         return true;
   }
   return false;
}

static bool
handle_definitions(struct ra_ctx *c, struct aco_minstr *in, const struct aco_mblock *b)
{
   bool overlap = aco_ra_defs_may_overlap_operands(in);
   unsigned nops = in->num_operands;
   /* fixed ones first: they decide what must move */
   for (unsigned i = 0; i < in->num_definitions && !c->failed; i++) {
      aco_definition *d = &in->definitions[i];
      if (!d->fixed)
         continue;
      unsigned bytes = aco_ra_def_bytes(c->p, d);
      if (!evict(c, d->reg.reg_b, bytes, 0, overlap, nops, b))
         return false;
      if (d->temp.id) {
         place(c, d->temp.id, d->reg.reg_b);
         c->temps.data[d->temp.id].pinned = c->serial;
      } else if (d->reg.reg_b + bytes <= RF_BYTES) {
         memset(c->clobbered + d->reg.reg_b, 1, bytes);
         c->any_clobbered = true;
      }
   }
   if (c->any_clobbered) {
      memset(c->clobbered, 0, sizeof(c->clobbered));
      c->any_clobbered = false;
   }
   uint32_t high_ok = aco_ra_high_half_slots(c->p, in) >> 16;
   for (unsigned i = 0; i < in->num_definitions && !c->failed; i++) {
      aco_definition *d = &in->definitions[i];
      if (d->fixed || !d->temp.id)
         continue;
      aco_rc rc = d->temp.rc;
      bool hw_def = !is_pseudo(in) && aco_rc_is_subdword(rc);
      /* the window the result needs: a 16-bit result written with its whole VGPR needs
       * that VGPR (searched as one dword); one that keeps the other half needs its own two
       * bytes, at byte 0 or, where the slot names high halves, at byte 2 */
      aco_rc wrc = rc;
      unsigned bytes, reg = 0, lo, hi;
      if (hw_def && !aco_ra_def_keeps_other_half(in, i))
         wrc = aco_rc_v(1);
      bytes = aco_rc_bytes(wrc);
      file_range(c, wrc, &lo, &hi);
      /* a high half only where its readers take it (no copies) and byte 0 of every VGPR
       * given out so far is taken (a fresh VGPR would raise the count) */
      if (hw_def && bytes == 2 && i < 8 && (high_ok >> i) & 1 &&
          !(c->vgpr_top > lo && find_reg_in(c, wrc, lo, c->vgpr_top < hi ? c->vgpr_top : hi,
                                            true, overlap, true, false, &reg)) &&
          reads_take_high_half(c, b, d->temp.id))
         hw_def = false;
      int pref = preferred_reg(c, in, i);
      /* the register a call or return will read the value from: taken before a dying
       * operand's register (which saves nothing for a hardware instruction without a tied
       * operand), after a copy-free place of a pseudo instruction */
      int aff = -1;
      bool tied_here = i == 0 && aco_minstr_tied_operand(in) >= 0;
      if ((pref < 0 || (!is_pseudo(in) && !tied_here)) && !hw_def &&
          aco_rc_bytes(wrc) == aco_rc_bytes(rc) &&
          d->temp.id < c->orig_count && c->affinity[d->temp.id]) {
         unsigned want = c->affinity[d->temp.id] - 1u;
         if (reg_fits_class(c, wrc, (int)want, false) && window_free(c, want, bytes, true, overlap))
            aff = (int)want;
      }
      /* a tied result takes its operand's register wherever that is (a value may sit
       * past its class's part of the file when nothing else was free) */
      bool tied_def = tied_here;
      if (aff >= 0)
         pref = -1;
      /* in a function that saves registers, a result written over a preserved register
       * (a dying operand's, say a parameter's) costs a save and a restore with a wait:
       * a free clobbered window is taken instead. Copy-free pseudo instructions leave
       * their value where it is and write nothing. */
      if (pref >= 0 && !tied_def && c->preserved && writes_in_place(in) &&
          window_preserved(c, (unsigned)pref, bytes) &&
          find_reg_in(c, wrc, lo, hi, true, overlap, hw_def, true, &reg)) {
         pref = -1;
      } else if (pref >= 0 && (tied_def || reg_fits_class(c, wrc, pref, hw_def)) &&
          window_free(c, (unsigned)pref, bytes, true, overlap)) {
         reg = (unsigned)pref;
      } else if (aff >= 0) {
         reg = (unsigned)aff;
      } else if (!find_reg(c, wrc, true, overlap, hw_def, &reg)) {
         if (!cheapest_window(c, wrc, overlap, hw_def, &reg))
            return fail(c, ACO_ERROR_REGISTER_LIMIT,
                        "no window of registers for a definition", b);
         if (!evict(c, reg, bytes, 0, overlap, nops, b))
            return false;
      }
      place(c, d->temp.id, reg);
      c->temps.data[d->temp.id].pinned = c->serial;
   }
   return !c->failed;
}

static bool
emit_copies(struct ra_ctx *c, aco_instr_list *list, const struct aco_mblock *b)
{
   if (!c->copies.len)
      return true;
   struct aco_minstr *pc =
      aco_minstr_create(&c->p->arena, aco_op_p_parallelcopy, c->copies.len, c->copies.len);
   if (!pc)
      return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
   for (uint32_t k = 0; k < c->copies.len; k++) {
      struct ra_copy *cp = &c->copies.data[k];
      aco_rc rc = rc_of(c, cp->src);
      pc->operands[k] =
         aco_opnd_fixed_temp(aco_temp_make(cp->src, rc), (aco_physreg){cp->src_reg});
      /* a moved value dies at the copy; a copied one (fixed operand) lives on */
      pc->operands[k].kill = pc->operands[k].first_kill = cp->move;
      pc->definitions[k] =
         aco_def_fixed(aco_temp_make(cp->dst, rc), (aco_physreg){c->temps.data[cp->dst].reg});
   }
   c->copies.len = 0;
   if (!aco_vec_push(c->p->allocator, list, pc))
      return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
   return true;
}

static bool
allocate_instr(struct ra_ctx *c, struct aco_minstr *in, aco_instr_list *list,
               const struct aco_mblock *b)
{
   c->serial++;
   /* SGPR spills through scratch write their scratch registers before reading the value */
   c->strict_defs = in->opcode == aco_op_p_spill || in->opcode == aco_op_p_reload;
   /* current names of the operands; killed ones marked */
   for (unsigned k = 0; k < in->num_operands; k++) {
      aco_operand *o = &in->operands[k];
      c->opnd_name[k] = 0;
      if (o->kind != ACO_OPND_TEMP)
         continue;
      if (o->temp.id >= c->orig_count || !c->cur_name[o->temp.id])
         return fail(c, ACO_ERROR_INVALID_IR, "operand without a live value", b);
      uint32_t name = c->cur_name[o->temp.id];
      c->opnd_name[k] = name;
      if (o->kill)
         c->temps.data[name].killed = c->serial;
   }
   for (unsigned i = 0; i < in->num_definitions; i++) {
      aco_definition *d = &in->definitions[i];
      if (!d->temp.id)
         continue;
      if (d->temp.id >= c->orig_count)
         return fail(c, ACO_ERROR_INVALID_IR, "definition of an unknown temporary", b);
      c->temps.data[d->temp.id].orig = d->temp.id;
      c->cur_name[d->temp.id] = d->temp.id;
   }
   if (!handle_fixed_operands(c, in, b) || !handle_subdword_operands(c, in, b) ||
       !handle_tied_operand(c, &in, b) || !handle_definitions(c, in, b))
      return false;
   int tied = aco_minstr_tied_operand(in);
   if (tied >= 0 && in->operands[tied].kind == ACO_OPND_TEMP && in->definitions[0].temp.id &&
       c->temps.data[in->definitions[0].temp.id].reg != c->temps.data[c->opnd_name[tied]].reg)
      return fail(c, ACO_ERROR_REGISTER_LIMIT, "a tied definition could not take its operand's "
                                               "registers", b);

   /* release what dies here */
   for (unsigned k = 0; k < in->num_operands; k++)
      if (in->operands[k].kind == ACO_OPND_TEMP && c->temps.data[c->opnd_name[k]].killed == c->serial)
         rf_release(c, c->opnd_name[k]);
   for (unsigned i = 0; i < in->num_definitions; i++)
      if (in->definitions[i].temp.id && in->definitions[i].kill)
         rf_release(c, in->definitions[i].temp.id);

   for (unsigned k = 0; k < in->num_operands; k++) {
      aco_operand *o = &in->operands[k];
      if (o->kind != ACO_OPND_TEMP)
         continue;
      uint32_t name = c->opnd_name[k];
      o->temp = aco_temp_make(name, o->temp.rc);
      o->reg.reg_b = c->temps.data[name].reg;
      o->fixed = true;
   }
   for (unsigned i = 0; i < in->num_definitions; i++) {
      aco_definition *d = &in->definitions[i];
      if (!d->temp.id)
         continue;
      d->reg.reg_b = c->temps.data[d->temp.id].reg;
      d->fixed = true;
   }
   if (!emit_copies(c, list, b))
      return false;
   if (!aco_vec_push(c->p->allocator, list, in))
      return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
   return !c->failed;
}

/* ---- block boundaries --------------------------------------------------------------------- */

/* The name of original `t` at the exit of block `pred` (0 if not live there). */
static uint32_t
pred_name(struct ra_ctx *c, uint32_t pred, uint32_t t)
{
   const struct aco_mblock *pb = c->p->blocks.data[pred];
   uint32_t lo = 0, hi = pb->num_live_out;
   while (lo < hi) {
      uint32_t mid = (lo + hi) / 2;
      if (pb->live_out[mid] < t)
         lo = mid + 1;
      else
         hi = mid;
   }
   if (lo < pb->num_live_out && pb->live_out[lo] == t && c->out_name[pred])
      return c->out_name[pred][lo];
   return 0;
}

static void
set_phi_operand(struct ra_ctx *c, aco_operand *o, uint32_t name)
{
   o->temp = aco_temp_make(name, rc_of(c, name));
   o->reg.reg_b = c->temps.data[name].reg;
   o->fixed = true;
}

/* A register for a phi definition: when `prefer`, the first operand register that is
 * free; otherwise (or failing that) the first free one. False when nothing fits. */
static bool
place_phi_def(struct ra_ctx *c, struct aco_minstr *phi, uint32_t def, bool prefer)
{
   aco_rc rc = rc_of(c, def);
   for (unsigned k = 0; prefer && k < phi->num_operands; k++) {
      aco_operand *o = &phi->operands[k];
      if (o->kind != ACO_OPND_TEMP || !o->fixed)
         continue;
      if (reg_fits_class(c, rc, o->reg.reg_b, false) &&
          window_free(c, o->reg.reg_b, aco_rc_bytes(rc), false, false)) {
         place(c, def, o->reg.reg_b);
         return true;
      }
   }
   unsigned reg;
   if (!find_reg(c, rc, false, false, false, &reg))
      return false;
   place(c, def, reg);
   return true;
}

static int
cmp_phis(const void *a, const void *b)
{
   const struct aco_minstr *x = *(struct aco_minstr *const *)a, *y = *(struct aco_minstr *const *)b;
   unsigned bx = aco_rc_bytes(x->definitions[0].temp.rc), by = aco_rc_bytes(y->definitions[0].temp.rc);
   if (bx != by)
      return bx > by ? -1 : 1;
   return x->definitions[0].temp.id < y->definitions[0].temp.id ? -1 : 1;
}

/* The register file at a block's entry. Live-in values whose predecessors agree on a
 * name stay where they are; the others (and, at a loop header, all) get a phi. When the
 * phis do not fit around the values that stay (fragmentation), the block is redone with
 * every live-in value as a phi, placed largest first: that is a fresh packing of values
 * whose total fits the limits, at the price of copies in the predecessors. Returns false
 * on a hard error (reported) and sets *retry when the phis did not fit. */
static bool
init_block_try(struct ra_ctx *c, struct aco_mblock *b, aco_instr_list *list, bool all_phis,
               bool *retry)
{
   memset(c->rf, 0, sizeof(c->rf));
   c->scratch.len = 0;
   list->len = 0;
   *retry = false;
   for (uint32_t i = 0; i < b->num_live_in; i++) {
      uint32_t t = b->live_in[i];
      aco_rc rc = rc_of(c, t);
      const aco_block_list *preds = aco_rc_is_linear(rc) ? &b->linear_preds : &b->logical_preds;
      uint32_t name = 0;
      bool agree = !all_phis, any = false;
      for (uint32_t k = 0; k < preds->len; k++) {
         if (preds->data[k] >= b->index) {
            agree = false; /* a back-edge: not known yet */
            continue;
         }
         uint32_t n = pred_name(c, preds->data[k], t);
         if (!n)
            return fail(c, ACO_ERROR_INVALID_IR, "live-in value missing in a predecessor", b);
         if (any && n != name)
            agree = false;
         name = n;
         any = true;
      }
      if (!any)
         return fail(c, ACO_ERROR_INVALID_IR,
                     "value live into a block no earlier block reaches", b);
      if (agree && window_free(c, c->temps.data[name].reg, bytes_of(c, name), false, false)) {
         place(c, name, c->temps.data[name].reg);
         c->cur_name[t] = name;
      } else if (!aco_vec_push(c->p->allocator, &c->scratch, t)) {
         return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
      }
   }
   /* phis for values whose names differ, and for everything live into a loop header */
   for (uint32_t i = 0; i < c->scratch.len; i++) {
      uint32_t t = c->scratch.data[i];
      aco_rc rc = rc_of(c, t);
      bool linear = aco_rc_is_linear(rc);
      const aco_block_list *preds = linear ? &b->linear_preds : &b->logical_preds;
      struct aco_minstr *phi = aco_minstr_create(
         &c->p->arena, linear ? aco_op_p_linear_phi : aco_op_p_phi, preds->len, 1);
      if (!phi)
         return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
      for (uint32_t k = 0; k < preds->len; k++) {
         phi->operands[k] = aco_opnd_temp(aco_temp_make(t, rc));
         if (preds->data[k] < b->index)
            set_phi_operand(c, &phi->operands[k], pred_name(c, preds->data[k], t));
      }
      c->temps.data[t].orig = t;
      uint32_t def = new_name(c, t);
      if (!def)
         return false;
      phi->definitions[0] = aco_def_temp(aco_temp_make(def, rc));
      c->cur_name[t] = def;
      if (!aco_vec_push(c->p->allocator, list, phi))
         return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
   }
   uint32_t created = list->len;
   /* the program's own phis */
   uint32_t i = 0;
   for (; i < b->instrs.len && aco_ra_is_phi(b->instrs.data[i]); i++) {
      struct aco_minstr *phi = b->instrs.data[i];
      const aco_block_list *preds =
         phi->opcode == aco_op_p_phi ? &b->logical_preds : &b->linear_preds;
      for (unsigned k = 0; k < phi->num_operands && k < preds->len; k++) {
         aco_operand *o = &phi->operands[k];
         o->fixed = false;
         if (o->kind != ACO_OPND_TEMP || preds->data[k] >= b->index)
            continue;
         /* (a second try sees the names the first one gave) */
         uint32_t n = pred_name(c, preds->data[k], c->temps.data[o->temp.id].orig);
         if (!n)
            return fail(c, ACO_ERROR_INVALID_IR, "phi operand not live in its predecessor", b);
         set_phi_operand(c, o, n);
      }
      aco_definition *d = &phi->definitions[0];
      if (phi->num_definitions != 1 || !d->temp.id || d->temp.id >= c->orig_count)
         return fail(c, ACO_ERROR_INVALID_IR, "phi without one temporary definition", b);
      c->temps.data[d->temp.id].orig = d->temp.id;
      c->cur_name[d->temp.id] = d->temp.id;
      if (!aco_vec_push(c->p->allocator, list, phi))
         return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
   }

   /* registers: created phis (their value's old place), then the program's phis; in the
    * second try largest first */
   struct aco_minstr **order = list->data;
   if (all_phis) {
      order = aco_arena_array(&c->p->arena, struct aco_minstr *, list->len ? list->len : 1);
      if (!order)
         return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
      if (list->len)
         memcpy(order, list->data, list->len * sizeof(*order));
      qsort(order, list->len, sizeof(*order), cmp_phis);
   }
   for (uint32_t k = 0; k < list->len; k++) {
      struct aco_minstr *phi = order[k];
      aco_definition *d = &phi->definitions[0];
      if (k >= created && !all_phis && d->fixed) { /* fixed by instruction selection */
         if (!window_free(c, d->reg.reg_b, aco_rc_bytes(d->temp.rc), false, false))
            return fail(c, ACO_ERROR_UNSUPPORTED, "fixed phi register is taken", b);
         place(c, d->temp.id, d->reg.reg_b);
      } else if (!place_phi_def(c, phi, d->temp.id, !all_phis)) {
         *retry = true;
         return false;
      }
      d->reg.reg_b = c->temps.data[d->temp.id].reg;
      d->fixed = true;
   }
   for (uint32_t j = 0; j < list->len; j++) {
      aco_definition *d = &list->data[j]->definitions[0];
      if (d->kill)
         rf_release(c, d->temp.id);
   }
   for (uint32_t j = 0; j < created; j++)
      if (!aco_vec_push(c->p->allocator, &c->ra_phis, list->data[j]))
         return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
   return true;
}

static bool
init_block(struct ra_ctx *c, struct aco_mblock *b, aco_instr_list *list)
{
   bool retry;
   if (init_block_try(c, b, list, false, &retry))
      return true;
   if (!retry)
      return false;
   if (init_block_try(c, b, list, true, &retry))
      return true;
   if (retry)
      fail(c, ACO_ERROR_REGISTER_LIMIT, "no registers left for the phis", b);
   return false;
}

/* Records the exit names of block b and fills back-edge operands of the phis of loop
 * headers it jumps back to. */
static bool
finish_block(struct ra_ctx *c, struct aco_mblock *b)
{
   uint32_t *names = aco_arena_array(&c->p->arena, uint32_t, b->num_live_out ? b->num_live_out : 1);
   if (!names)
      return fail(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory", b);
   for (uint32_t i = 0; i < b->num_live_out; i++)
      names[i] = c->cur_name[b->live_out[i]];
   c->out_name[b->index] = names;

   for (int pass = 0; pass < 2; pass++) {
      const aco_block_list *succs = pass ? &b->logical_succs : &b->linear_succs;
      for (uint32_t s = 0; s < succs->len; s++) {
         if (succs->data[s] > b->index)
            continue;
         struct aco_mblock *h = c->p->blocks.data[succs->data[s]];
         for (uint32_t i = 0; i < h->instrs.len && aco_ra_is_phi(h->instrs.data[i]); i++) {
            struct aco_minstr *phi = h->instrs.data[i];
            const aco_block_list *preds =
               phi->opcode == aco_op_p_phi ? &h->logical_preds : &h->linear_preds;
            for (unsigned k = 0; k < phi->num_operands && k < preds->len; k++) {
               aco_operand *o = &phi->operands[k];
               if (preds->data[k] != b->index || o->kind != ACO_OPND_TEMP || o->fixed)
                  continue;
               uint32_t n = pred_name(c, b->index, o->temp.id);
               if (!n)
                  return fail(c, ACO_ERROR_INVALID_IR, "back-edge value not live", b);
               set_phi_operand(c, o, n);
            }
         }
      }
   }
   return true;
}

/* ---- trivial loop phis --------------------------------------------------------------------- */

static uint32_t
resolve(struct ra_ctx *c, uint32_t id)
{
   while (c->temps.data[id].alias)
      id = c->temps.data[id].alias;
   return id;
}

static bool
remove_trivial_phis(struct ra_ctx *c)
{
   bool changed = true, any = false;
   while (changed) {
      changed = false;
      for (uint32_t i = 0; i < c->ra_phis.len; i++) {
         struct aco_minstr *phi = c->ra_phis.data[i];
         if (!phi)
            continue;
         uint32_t def = phi->definitions[0].temp.id, same = 0;
         bool trivial = true;
         for (unsigned k = 0; k < phi->num_operands && trivial; k++) {
            if (phi->operands[k].kind != ACO_OPND_TEMP) {
               trivial = false;
               break;
            }
            uint32_t v = resolve(c, phi->operands[k].temp.id);
            if (v == def)
               continue;
            if (same && v != same)
               trivial = false;
            same = v;
         }
         if (!trivial || !same || c->temps.data[same].reg != c->temps.data[def].reg)
            continue;
         c->temps.data[def].alias = same;
         c->ra_phis.data[i] = NULL;
         changed = any = true;
      }
   }
   if (!any)
      return true;
   struct aco_mblock *b;
   aco_foreach_block(c->p, b)
   {
      uint32_t out = 0;
      for (uint32_t i = 0; i < b->instrs.len; i++) {
         struct aco_minstr *in = b->instrs.data[i];
         if (aco_ra_is_phi(in) && in->definitions[0].temp.id &&
             c->temps.data[in->definitions[0].temp.id].alias)
            continue;
         aco_foreach_operand(in, o)
         {
            if (o->kind == ACO_OPND_TEMP && c->temps.data[o->temp.id].alias)
               o->temp.id = resolve(c, o->temp.id);
         }
         b->instrs.data[out++] = in;
      }
      b->instrs.len = out;
   }
   return true;
}

/* ---- driver --------------------------------------------------------------------------------- */

static void
record_usage(struct ra_ctx *c)
{
   unsigned max_s = 0, max_v = 0;
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(c->p, b)
   {
      aco_foreach_instr(b, in)
      {
         for (unsigned k = 0; k < in->num_operands + in->num_definitions; k++) {
            unsigned reg, bytes;
            if (k < in->num_operands) {
               aco_operand *o = &in->operands[k];
               if (o->kind != ACO_OPND_TEMP && o->kind != ACO_OPND_REG)
                  continue;
               reg = o->reg.reg_b;
               bytes = aco_rc_bytes(o->temp.rc);
            } else {
               aco_definition *d = &in->definitions[k - in->num_operands];
               /* what a call clobbers is the callee's use, counted for the binary */
               if ((!d->temp.id && !d->fixed) || (!d->temp.id && in->opcode == aco_op_p_call))
                  continue;
               reg = d->reg.reg_b;
               bytes = d->temp.id ? aco_rc_bytes(d->temp.rc) : 4;
            }
            unsigned end = (reg + (bytes ? bytes : 4) + 3) / 4;
            if (reg >= VGPR_BASE) {
               if (end - 256 > max_v)
                  max_v = end - 256;
            } else if (reg / 4 < ACO_SGPR_COUNT && end > max_s) {
               max_s = end > ACO_SGPR_COUNT ? ACO_SGPR_COUNT : end;
            }
         }
      }
   }
   c->p->config.num_sgprs = (uint16_t)max_s;
   c->p->config.num_vgprs = (uint16_t)max_v;
}

/* Whether some temporary is a linear VGPR. Most programs have none, and then the demand
 * split below (a walk over the whole program) would find 0 linear VGPRs. */
static bool
has_linear_vgprs(const struct aco_mprogram *p)
{
   for (uint32_t t = 1; t < p->temp_rc.len; t++) {
      aco_rc rc = p->temp_rc.data[t];
      if (aco_rc_is_vgpr(rc) && aco_rc_is_linear(rc))
         return true;
   }
   return false;
}

/* The most VGPRs ordinary (logical) and linear temporaries need at once, each counted
 * as in compute_liveness.c: one backward walk per block from its live-out set. */
static bool
vgpr_split_demand(struct ra_ctx *c, unsigned *logical, unsigned *linear)
{
   struct aco_mprogram *p = c->p;
   uint32_t *mark = aco_arena_array(&p->arena, uint32_t, p->temp_count + 1);
   if (!mark)
      return false;
   *logical = *linear = 0;
   for (uint32_t bi = 0; bi < p->blocks.len; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      uint32_t stamp = bi + 1;
      unsigned cnt[2] = {0, 0}; /* [logical, linear] */
      for (uint32_t k = 0; k < b->num_live_out; k++) {
         aco_rc rc = rc_of(c, b->live_out[k]);
         mark[b->live_out[k]] = stamp;
         if (aco_rc_is_vgpr(rc))
            cnt[aco_rc_is_linear(rc)] += aco_rc_dwords(rc);
      }
      for (uint32_t i = b->instrs.len; i-- > 0;) {
         struct aco_minstr *in = b->instrs.data[i];
         unsigned at[2] = {cnt[0], cnt[1]}, defs[2] = {0, 0};
         aco_foreach_definition(in, d)
         {
            if (!d->temp.id || !aco_rc_is_vgpr(d->temp.rc))
               continue;
            unsigned l = aco_rc_is_linear(d->temp.rc), dw = aco_rc_dwords(d->temp.rc);
            defs[l] += dw;
            if (mark[d->temp.id] == stamp) {
               mark[d->temp.id] = 0;
               cnt[l] -= dw;
               at[l] -= dw;
            }
         }
         at[0] += defs[0];
         at[1] += defs[1];
         if (!aco_ra_is_phi(in)) {
            aco_foreach_operand(in, o)
            {
               if (o->kind != ACO_OPND_TEMP || !aco_rc_is_vgpr(o->temp.rc) ||
                   mark[o->temp.id] == stamp)
                  continue;
               mark[o->temp.id] = stamp;
               cnt[aco_rc_is_linear(o->temp.rc)] += aco_rc_dwords(o->temp.rc);
            }
         }
         for (int l = 0; l < 2; l++) {
            unsigned m = at[l] > cnt[l] ? at[l] : cnt[l];
            if (l ? m > *linear : m > *logical)
               *(l ? linear : logical) = m;
         }
      }
   }
   return true;
}

static aco_status
check_limits(struct ra_ctx *c)
{
   struct aco_mprogram *p = c->p;
   /* Linear VGPRs are written in all lanes: they get registers no ordinary VGPR ever
    * uses, so divergent code (where liveness of ordinary VGPRs follows the logical CFG
    * only) can never clobber one with the other. */
   unsigned logical = 0, linear = 0;
   if (has_linear_vgprs(p) && !vgpr_split_demand(c, &logical, &linear))
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "register allocation: out of memory");
   for (uint32_t i = 0; i < p->blocks.len; i++) {
      const struct aco_mblock *b = p->blocks.data[i];
      if (b->logical_preds.len != b->linear_preds.len ||
          b->logical_succs.len != b->linear_succs.len ||
          (b->linear_preds.len && memcmp(b->logical_preds.data, b->linear_preds.data,
                                         b->linear_preds.len * sizeof(uint32_t))) ||
          (b->linear_succs.len && memcmp(b->logical_succs.data, b->linear_succs.data,
                                         b->linear_succs.len * sizeof(uint32_t))))
         c->divergent = true;
   }
   if (linear) {
      if (logical + linear > c->vgpr_limit)
         return aco_mprogram_error(p, ACO_ERROR_REGISTER_LIMIT,
                                   "register allocation: %u VGPRs and %u linear VGPRs needed, "
                                   "the limit is %u",
                                   logical, linear, c->vgpr_limit);
      c->linear_vgprs = linear;
      /* the band goes above the ordinary demand, in registers no ordinary VGPR is fixed
       * to (those cannot move out of it) and, if possible, no call clobbers (linear VGPRs
       * live across calls stay put): the first such window from there up, else from
       * there down; at the top when there is none */
      uint8_t blocked[256] = {0};
      struct aco_mblock *fb;
      struct aco_minstr *fin;
      aco_foreach_block(p, fb)
      {
         aco_foreach_instr(fb, fin)
         {
            for (unsigned k = 0; k < fin->num_operands + fin->num_definitions; k++) {
               bool def = k >= fin->num_operands;
               aco_physreg r = def ? fin->definitions[k - fin->num_operands].reg
                                   : fin->operands[k].reg;
               aco_rc rc = def ? fin->definitions[k - fin->num_operands].temp.rc
                               : fin->operands[k].temp.rc;
               bool fixed = def ? fin->definitions[k - fin->num_operands].fixed
                                : aco_operand_has_reg(&fin->operands[k]);
               if (!fixed || !aco_physreg_is_vgpr(r) || aco_rc_is_linear(rc))
                  continue;
               unsigned first = aco_physreg_field(r) - 256;
               unsigned top = first + (aco_physreg_byte(r) + aco_rc_bytes(rc) + 3) / 4;
               /* 2: a value is fixed there; 1: only a call clobbers it */
               uint8_t how = def && !fin->definitions[k - fin->num_operands].temp.id ? 1 : 2;
               for (unsigned v = first; v < top && v < 256; v++)
                  blocked[v] = blocked[v] > how ? blocked[v] : how;
            }
         }
      }
      int base = -1;
      for (uint8_t worst = 0; worst < 2 && base < 0; worst++) {
         for (unsigned b = logical; base < 0 && b + linear <= c->vgpr_limit; b++) {
            unsigned v = b;
            while (v < b + linear && blocked[v] <= worst)
               v++;
            if (v == b + linear)
               base = (int)b;
         }
         for (unsigned b = logical; base < 0 && b-- > 0;) {
            unsigned v = b;
            while (v < b + linear && v < c->vgpr_limit && blocked[v] <= worst)
               v++;
            if (v == b + linear)
               base = (int)b;
         }
      }
      /* in divergent code a linear VGPR may share no register with a value fixed there */
      if (base < 0 && c->divergent)
         return aco_mprogram_error(p, ACO_ERROR_REGISTER_LIMIT,
                                   "register allocation: no %u VGPRs under the limit of %u "
                                   "are free of fixed registers for the linear VGPRs",
                                   linear, c->vgpr_limit);
      c->linear_top = base >= 0 ? (unsigned)base + linear : c->vgpr_limit;
   }
   if (p->max_demand.sgpr <= (int)c->sgpr_limit && p->max_demand.vgpr <= (int)c->vgpr_limit)
      return ACO_SUCCESS;
   for (uint32_t i = 0; i < p->blocks.len; i++) {
      struct aco_mblock *b = p->blocks.data[i];
      if (b->demand.sgpr > (int)c->sgpr_limit || b->demand.vgpr > (int)c->vgpr_limit)
         return aco_mprogram_error(p, ACO_ERROR_REGISTER_LIMIT,
                                   "register allocation: BB%u needs %d SGPRs and %d VGPRs, the "
                                   "limits are %u and %u",
                                   i, b->demand.sgpr, b->demand.vgpr, c->sgpr_limit,
                                   c->vgpr_limit);
   }
   return aco_mprogram_error(p, ACO_ERROR_REGISTER_LIMIT, "register allocation: over the limits");
}

/* The SGPR (pair in wave64) the register saves will hold exec in (save_registers.c): the
 * first clobbered one below the limit that no fixed operand or definition names (the
 * parameters, results and return address; not what a call clobbers). Values take it only
 * when every other clobbered SGPR is taken, so that SGPRs can be placed clobbered first
 * even under an ABI whose few clobbered SGPRs hold its system parameters. */
static void
choose_exec_sgprs(struct ra_ctx *c)
{
   struct aco_mprogram *p = c->p;
   uint8_t named[ACO_SGPR_COUNT] = {0};
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b) {
      aco_foreach_instr(b, in) {
         aco_foreach_operand(in, o) {
            if (o->kind != ACO_OPND_TEMP || !o->fixed)
               continue;
            for (unsigned r = o->reg.reg_b / 4; r * 4 < o->reg.reg_b + aco_rc_bytes(o->temp.rc); r++)
               if (r < ACO_SGPR_COUNT)
                  named[r] = 1;
         }
         aco_foreach_definition(in, d) {
            if (!d->fixed || !d->temp.id)
               continue;
            for (unsigned r = d->reg.reg_b / 4; r * 4 < d->reg.reg_b + aco_rc_bytes(d->temp.rc); r++)
               if (r < ACO_SGPR_COUNT)
                  named[r] = 1;
         }
      }
   }
   unsigned size = p->wave_size / 32;
   for (unsigned r = 0; r + size <= c->sgpr_limit && r + size <= ACO_SGPR_COUNT; r += size) {
      bool ok = true;
      for (unsigned k = 0; k < size && ok; k++)
         ok = !c->preserved[r + k] && !named[r + k];
      if (ok) {
         c->exec_lo = r * 4;
         c->exec_hi = (r + size) * 4;
         return;
      }
   }
}

/* Affinity hints: a value read for the last time as a fixed operand of a call or a
 * return (an argument, a result) is best defined right in that register, which saves the
 * copy into it. */
static void
collect_affinities(struct ra_ctx *c)
{
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(c->p, b) {
      aco_foreach_instr(b, in) {
         if (in->opcode != aco_op_p_call && in->opcode != aco_op_p_return)
            continue;
         aco_foreach_operand(in, o) {
            if (o->kind == ACO_OPND_TEMP && o->fixed && o->kill && o->temp.id < c->orig_count &&
                !c->affinity[o->temp.id] && o->reg.reg_b < 0xffff)
               c->affinity[o->temp.id] = (uint16_t)(o->reg.reg_b + 1);
         }
      }
   }
}

aco_status
aco_register_allocate(struct aco_mprogram *p)
{
   if (p->status != ACO_SUCCESS)
      return p->status;
   aco_status st = aco_compute_liveness(p);
   if (st != ACO_SUCCESS)
      return st;

   struct ra_ctx *c = aco_arena_new(&p->arena, struct ra_ctx);
   if (!c)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "register allocation: out of memory");
   c->p = p;
   c->sgpr_limit = p->max_sgprs && p->max_sgprs < ACO_SGPR_COUNT ? p->max_sgprs : ACO_SGPR_COUNT;
   c->vgpr_limit = p->max_vgprs && p->max_vgprs < ACO_VGPR_COUNT ? p->max_vgprs : ACO_VGPR_COUNT;
   c->preserved = aco_mprogram_saves_registers(p) ? p->preserved : NULL;
   if (c->preserved)
      choose_exec_sgprs(c);
   c->orig_count = p->temp_count;
   c->cur_name = aco_arena_array(&p->arena, uint32_t, c->orig_count + 1);
   c->out_name = aco_arena_array(&p->arena, uint32_t *, p->blocks.len + 1);
   c->opnd_name = aco_arena_array(&p->arena, uint32_t, 256);
   c->affinity = aco_arena_array(&p->arena, uint16_t, c->orig_count + 1);
   if (c->affinity) {
      memset(c->affinity, 0, sizeof(uint16_t) * (c->orig_count + 1));
      collect_affinities(c);
   }
   struct ra_temp z = {0};
   bool ok = c->cur_name && c->out_name && c->opnd_name && c->affinity;
   while (ok && c->temps.len < p->temp_count)
      ok = aco_vec_push(p->allocator, &c->temps, z);
   if (!ok) {
      aco_vec_free(p->allocator, &c->temps);
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "register allocation: out of memory");
   }
   st = check_limits(c);

   for (uint32_t bi = 0; st == ACO_SUCCESS && bi < p->blocks.len && !c->failed; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      aco_instr_list list = {0};
      if (init_block(c, b, &list)) {
         for (uint32_t i = 0; i < b->instrs.len && !c->failed; i++) {
            struct aco_minstr *in = b->instrs.data[i];
            c->index = i;
            if (!aco_ra_is_phi(in))
               allocate_instr(c, in, &list, b);
         }
      }
      if (c->failed) {
         aco_vec_free(p->allocator, &list);
         break;
      }
      aco_vec_free(p->allocator, &b->instrs);
      b->instrs = list;
      finish_block(c, b);
   }
   if (st == ACO_SUCCESS && !c->failed)
      remove_trivial_phis(c);
   if (st == ACO_SUCCESS && !c->failed)
      record_usage(c);
   aco_vec_free(p->allocator, &c->temps);
   aco_vec_free(p->allocator, &c->copies);
   aco_vec_free(p->allocator, &c->scratch);
   aco_vec_free(p->allocator, &c->ra_phis);
   return p->status;
}
