/* SPDX-License-Identifier: MIT */
/* aco_save_registers: what a called function owes its caller (docs/calls.md "The
 * callee"), after lowering to hardware, when every register it writes is known
 * (p->regs_written, p->regs_used, p->regs_whole_wave from aco_lower_to_hw; the registers
 * callees of its own calls may clobber count as written).
 *
 * - A preserved VGPR written under exec is stored in the lanes active at the entry and
 *   loaded back in those lanes before each return.
 * - A VGPR written in all lanes is stored in all lanes; loaded back in all lanes if
 *   preserved, in the lanes inactive at the entry if clobbered (the caller's values there
 *   are preserved by every ABI).
 * - Preserved SGPRs it writes go into lanes of a VGPR the function never names
 *   (v_writelane) and back (v_readlane) before each return; that VGPR counts as written
 *   in all lanes. When no call of the function clobbers that VGPR either, the values stay
 *   in its lanes meanwhile; otherwise its lanes are stored with exec = just those lanes
 *   and loaded back before the v_readlane.
 * A return restores only what some path to it may have written (on the linear CFG);
 * the others still hold their entry values.
 *
 * The save area is at the end of the frame, addressed from the stack pointer as it is at
 * the entry and at every return (its ABI register). Code around all-lane accesses runs
 * under exec = all ones (s_or_saveexec), with the entry mask kept in an SGPR the function
 * never uses and its ABI does not preserve; SCC is dead at both points. Restores go right
 * before each s_setpc_b64 (a return is never inside divergent control flow, so exec is the
 * entry mask there).
 *
 * A noreturn function owes nothing: its return ends the wave.
 * An amdgpu_cs_chain function preserves nothing but owes the code that jumped to it the
 * inactive lanes of v8 and up (LLVM's convention): VGPRs from v8 it writes in all lanes
 * are saved and restored in the lanes inactive at its entry, around its jumps (its return
 * ends the wave). It has no stack pointer: the save area is at its frame's offset in
 * scratch, and the saves come after the waits it starts with.
 *
 * Then, for every function, the outgoing stack-parameter area of its calls is put at the
 * end of the frame, the stack-pointer bumps around its calls get the final frame size
 * (or are removed when the frame is empty) and the stores of stack-passed arguments
 * their offsets in it. */
#include "lower/lower.h"

#include <string.h>

static bool
test(const uint64_t *set, unsigned f)
{
   return (set[f / 64] >> (f % 64)) & 1;
}

struct save_ctx {
   struct aco_mprogram *p;
   int sp;               /* stack pointer SGPR, or -1 (chain functions: offsets from 0) */
   int tmp;              /* SGPR (pair in wave64) for the entry exec, or -1 */
   int lane_vgpr;        /* VGPR carrying SGPRs, or -1 */
   /* the SGPRs stay in the lane VGPR's lanes from the entry to each return (nothing else
    * writes it, no call clobbers it): no scratch slot and no wait of their own */
   bool lanes_kept;
   uint32_t base;        /* first byte of the save area */
   uint32_t bytes;       /* its size */
   uint16_t active[256], all[256], inactive[256], sgprs[ACO_SGPR_COUNT];
   unsigned num_active, num_all, num_inactive, num_sgprs;
   uint32_t slot_of[512]; /* byte offset in the frame of each saved VGPR field */
   uint32_t sgpr_slot0;
   /* while restores are emitted: the registers some path to this point may have
    * written (NULL: all); the others still hold the entry's values */
   const uint64_t *wrote;
};

/* Whether the restore being emitted needs register field f. */
static bool
wanted(const struct save_ctx *c, unsigned f)
{
   return !c->wrote || test(c->wrote, f) || (int)f == c->lane_vgpr;
}

static aco_status
err(struct save_ctx *c, aco_status s, const char *what)
{
   return aco_mprogram_error(c->p, s, "save_registers: @%s: %s", c->p->name ? c->p->name : "",
                             what);
}

/* A register no instruction names that the ABI does not preserve: free at the entry and
 * at each return. */
static int
free_register(struct save_ctx *c, unsigned first, unsigned end, unsigned size)
{
   for (unsigned r = first; r + size <= end; r += size) {
      bool ok = true;
      for (unsigned k = 0; k < size && ok; k++)
         ok = !test(c->p->regs_used, r + k) && !c->p->preserved[r + k];
      if (ok)
         return (int)r;
   }
   return -1;
}

static aco_status
classify(struct save_ctx *c)
{
   struct aco_mprogram *p = c->p;
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++)
      if (test(p->regs_written, s) && p->preserved[s])
         c->sgprs[c->num_sgprs++] = (uint16_t)s;
   c->tmp = c->lane_vgpr = -1;
   if (c->num_sgprs) {
      /* a VGPR the function never names, clobbered if possible; better one no call of the
       * function clobbers either, which can keep the SGPRs in its lanes throughout */
      for (unsigned f = 256; f < 512 && c->lane_vgpr < 0; f++)
         if (!test(p->regs_used, f) && !test(p->regs_written, f) && !p->preserved[f])
            c->lane_vgpr = (int)f;
      for (unsigned f = 256; f < 512 && c->lane_vgpr < 0; f++)
         if (!test(p->regs_used, f) && !test(p->regs_written, f))
            c->lane_vgpr = (int)f;
      if (c->lane_vgpr < 0)
         c->lane_vgpr = free_register(c, 256, 512, 1);
      for (unsigned f = 256; f < 512 && c->lane_vgpr < 0; f++)
         if (!test(p->regs_used, f))
            c->lane_vgpr = (int)f;
      c->lanes_kept = c->lane_vgpr >= 0 && !test(p->regs_written, (unsigned)c->lane_vgpr) &&
                      c->num_sgprs <= p->wave_size;
      if (c->lane_vgpr < 0)
         return err(c, ACO_ERROR_UNSUPPORTED,
                    "every VGPR is used: none is left to save the preserved SGPRs in");
   }
   for (unsigned v = 0; v < 256; v++) {
      unsigned f = 256 + v;
      bool wwm = test(p->regs_whole_wave, f) || (int)f == c->lane_vgpr;
      if ((!test(p->regs_written, f) && (int)f != c->lane_vgpr) || (p->is_chain && v < 8))
         continue;
      if (wwm && p->preserved[f])
         c->all[c->num_all++] = (uint16_t)f;
      else if (wwm)
         c->inactive[c->num_inactive++] = (uint16_t)f;
      else if (p->preserved[f])
         c->active[c->num_active++] = (uint16_t)f;
   }
   c->base = (p->config.scratch_bytes + 3) & ~3u;
   uint32_t at = c->base;
   for (unsigned k = 0; k < c->num_active; k++, at += 4)
      c->slot_of[c->active[k]] = at;
   for (unsigned k = 0; k < c->num_all; k++, at += 4)
      c->slot_of[c->all[k]] = at;
   for (unsigned k = 0; k < c->num_inactive; k++, at += 4)
      c->slot_of[c->inactive[k]] = at;
   c->sgpr_slot0 = at;
   if (!c->lanes_kept)
      at += 4 * ((c->num_sgprs + p->wave_size - 1) / p->wave_size);
   if (c->num_all || c->num_inactive || c->num_sgprs) {
      unsigned size = p->wave_size / 32;
      c->tmp = free_register(c, 0, ACO_SGPR_COUNT, size);
      if (c->tmp < 0)
         return err(c, ACO_ERROR_UNSUPPORTED,
                    "no SGPR left free to hold exec while registers are saved in all lanes");
   }
   c->bytes = at - c->base;
   if (c->bytes && at - 4 > (uint32_t)p->gfx->scratch_offset_max)
      return err(c, ACO_ERROR_UNSUPPORTED,
                 "the register save area lies beyond the immediate offsets of scratch "
                 "instructions");
   return ACO_SUCCESS;
}

/* ---- emitting ----------------------------------------------------------------------------- */

static void
scratch(struct save_ctx *c, struct aco_mbuilder *b, bool load, unsigned vfield, uint32_t off)
{
   bool sp = c->sp >= 0;
   enum aco_encoding enc = ACO_ENC_MEM_NO_VADDR | (sp ? ACO_ENC_MEM_SADDR : 0);
   aco_operand saddr = aco_opnd_reg(aco_sgpr(sp ? (unsigned)c->sp : 0), aco_rc_s(1));
   struct aco_minstr *m;
   if (load) {
      aco_definition d = aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_physreg_make(vfield, 0));
      m = aco_mb_hw(b, aco_op_scratch_load_b32, enc, &d, sp ? &saddr : NULL);
   } else {
      aco_operand ops[2] = {aco_opnd_reg(aco_physreg_make(vfield, 0), aco_rc_v(1)), saddr};
      m = aco_mb_hw(b, aco_op_scratch_store_b32, enc, NULL, ops);
   }
   if (m)
      m->mem.offset = (int32_t)off;
}

static aco_rc
lane_mask_rc(const struct save_ctx *c)
{
   return aco_rc_s(c->p->wave_size / 32);
}

/* exec = all lanes (s_or_saveexec -1) or the lanes inactive at the entry (s_xor_saveexec
 * -1), the entry mask kept in tmp */
static void
saveexec(struct save_ctx *c, struct aco_mbuilder *b, bool inactive)
{
   bool w64 = c->p->wave_size == 64;
   enum aco_opcode op = inactive ? (w64 ? aco_op_s_xor_saveexec_b64 : aco_op_s_xor_saveexec_b32)
                                 : (w64 ? aco_op_s_or_saveexec_b64 : aco_op_s_or_saveexec_b32);
   aco_definition d = aco_def_fixed(aco_temp_make(0, lane_mask_rc(c)), aco_sgpr((unsigned)c->tmp));
   aco_mb_sop1(b, op, d, aco_opnd_const(w64 ? ~0ull : 0xffffffffu, w64 ? 64 : 32));
}

static void
set_exec(struct save_ctx *c, struct aco_mbuilder *b, aco_operand v)
{
   bool w64 = c->p->wave_size == 64;
   aco_definition d = aco_def_fixed(aco_temp_make(0, lane_mask_rc(c)),
                                    aco_physreg_make(ACO_REG_EXEC_LO, 0));
   aco_mb_sop1(b, w64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32, d, v);
}

static void
restore_exec(struct save_ctx *c, struct aco_mbuilder *b)
{
   set_exec(c, b, aco_opnd_reg(aco_sgpr((unsigned)c->tmp), lane_mask_rc(c)));
}

/* VGPRs saved or restored in all lanes (preserved) or in the inactive ones (clobbered) */
static void
whole_wave(struct save_ctx *c, struct aco_mbuilder *b, bool load, bool inactive)
{
   const uint16_t *regs = inactive ? c->inactive : c->all;
   unsigned n = inactive ? c->num_inactive : c->num_all, any = 0;
   for (unsigned k = 0; k < n; k++)
      any += !load || wanted(c, regs[k]);
   if (!any)
      return;
   saveexec(c, b, inactive);
   for (unsigned k = 0; k < n; k++)
      if (!load || wanted(c, regs[k]))
         scratch(c, b, load, regs[k], c->slot_of[regs[k]]);
   restore_exec(c, b);
}

static void
lane_op(struct save_ctx *c, struct aco_mbuilder *b, bool read, unsigned sgpr, unsigned lane)
{
   aco_physreg v = aco_physreg_make((unsigned)c->lane_vgpr, 0);
   if (read) {
      aco_definition d = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(sgpr));
      aco_operand ops[2] = {aco_opnd_reg(v, aco_rc_v(1)), aco_opnd_const(lane, 32)};
      aco_mb_hw(b, aco_op_v_readlane_b32, ACO_ENC_NATIVE, &d, ops);
   } else {
      aco_definition d = aco_def_fixed(aco_temp_make(0, aco_rc_lv(1)), v);
      aco_operand ops[2] = {aco_opnd_reg(aco_sgpr(sgpr), aco_rc_s(1)), aco_opnd_const(lane, 32)};
      aco_mb_hw(b, aco_op_v_writelane_b32, ACO_ENC_NATIVE, &d, ops);
   }
}

/* The preserved SGPRs through lanes 0..n-1 of the lane VGPR, a wave's worth per slot,
 * stored and loaded with exec = those lanes (the others hold nothing of this). The lane
 * VGPR's own lanes are saved and restored with the whole-wave VGPRs. */
static void
move_sgprs(struct save_ctx *c, struct aco_mbuilder *b, bool restore)
{
   unsigned any = 0;
   for (unsigned k = 0; k < c->num_sgprs; k++)
      any += !restore || wanted(c, c->sgprs[k]);
   if (!any)
      return;
   if (c->lanes_kept) {
      /* v_writelane / v_readlane ignore exec; the lanes hold the values until the return */
      for (unsigned k = 0; k < c->num_sgprs; k++)
         if (!restore || wanted(c, c->sgprs[k]))
            lane_op(c, b, restore, c->sgprs[k], k);
      return;
   }
   unsigned lv = (unsigned)c->lane_vgpr, ws = c->p->wave_size;
   bool w64 = ws == 64;
   aco_mb_sop1(b, w64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32,
               aco_def_fixed(aco_temp_make(0, lane_mask_rc(c)), aco_sgpr((unsigned)c->tmp)),
               aco_opnd_reg(aco_physreg_make(ACO_REG_EXEC_LO, 0), lane_mask_rc(c)));
   for (unsigned first = 0; first < c->num_sgprs; first += ws) {
      uint32_t slot = c->sgpr_slot0 + 4 * (first / ws);
      unsigned n = c->num_sgprs - first < ws ? c->num_sgprs - first : ws;
      if (w64 && n < 64) /* a 64-bit mask is no SALU constant: s_bfm_b64 makes it */
         aco_mb_sop2(b, aco_op_s_bfm_b64,
                     aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_physreg_make(ACO_REG_EXEC_LO, 0)),
                     aco_opnd_const(n, 32), aco_opnd_const(0, 32));
      else
         set_exec(c, b, aco_opnd_const(n == 64 ? ~0ull : (1ull << n) - 1, w64 ? 64 : 32));
      if (restore)
         scratch(c, b, true, lv, slot);
      for (unsigned k = 0; k < n; k++)
         if (!restore || wanted(c, c->sgprs[first + k]))
            lane_op(c, b, restore, c->sgprs[first + k], k);
      if (!restore)
         scratch(c, b, false, lv, slot);
   }
   restore_exec(c, b);
}

static void
emit_saves(struct save_ctx *c, struct aco_mbuilder *b)
{
   for (unsigned k = 0; k < c->num_active; k++)
      scratch(c, b, false, c->active[k], c->slot_of[c->active[k]]);
   whole_wave(c, b, false, false);
   whole_wave(c, b, false, true);
   move_sgprs(c, b, false);
}

static void
emit_restores(struct save_ctx *c, struct aco_mbuilder *b)
{
   for (unsigned k = 0; k < c->num_active; k++)
      if (wanted(c, c->active[k]))
         scratch(c, b, true, c->active[k], c->slot_of[c->active[k]]);
   move_sgprs(c, b, true);
   whole_wave(c, b, true, false);
   whole_wave(c, b, true, true);
}

/* The waits a chain function starts with (instruction selection puts them there). */
static bool
is_wait(enum aco_opcode op)
{
   switch (op) {
   case aco_op_s_waitcnt: case aco_op_s_waitcnt_vscnt: case aco_op_s_wait_loadcnt:
   case aco_op_s_wait_storecnt: case aco_op_s_wait_kmcnt: case aco_op_s_wait_dscnt:
   case aco_op_s_wait_samplecnt: case aco_op_s_wait_bvhcnt: case aco_op_s_wait_expcnt:
      return true;
   default:
      return false;
   }
}

static void
mark_written(uint64_t *m, aco_physreg reg, unsigned bytes)
{
   unsigned f = aco_physreg_field(reg);
   unsigned n = (aco_physreg_byte(reg) + bytes + 3) / 4;
   for (unsigned r = f; r < f + n && r < 512; r++)
      m[r / 64] |= 1ull << (r % 64);
}

/* Per block, the registers (fields 0..511, 8 words each) some path from the entry may
 * have written by its end, on the linear CFG (which has every logical path): its
 * definitions (and the source of v_swap_b32), and at a call every register a callee may
 * clobber (p->regs_written has them), joined over the predecessors until nothing
 * changes. NULL when out of memory. */
static uint64_t *
written_by_block(struct save_ctx *c)
{
   struct aco_mprogram *p = c->p;
   uint32_t nb = p->blocks.len;
   uint64_t *w = aco_arena_array(&p->arena, uint64_t, 8 * (size_t)(nb ? nb : 1));
   if (!w)
      return NULL;
   memset(w, 0, 8 * sizeof(uint64_t) * nb);
   for (uint32_t i = 0; i < nb; i++) {
      uint64_t *m = w + 8 * i;
      struct aco_minstr *in;
      aco_foreach_instr(p->blocks.data[i], in) {
         if (in->opcode == aco_op_s_swappc_b64)
            for (unsigned k = 0; k < 8; k++)
               m[k] |= p->regs_written[k];
         aco_foreach_definition(in, d)
            mark_written(m, d->reg, aco_rc_bytes(d->temp.rc));
         for (unsigned k = 0; k < in->num_operands; k++)
            if (aco_minstr_writes_operand(in, k))
               mark_written(m, in->operands[k].reg, aco_rc_bytes(in->operands[k].temp.rc));
      }
   }
   for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t i = 0; i < nb; i++) {
         const struct aco_mblock *blk = p->blocks.data[i];
         for (uint32_t k = 0; k < blk->linear_preds.len; k++) {
            const uint64_t *from = w + 8 * blk->linear_preds.data[k];
            for (unsigned j = 0; j < 8; j++) {
               uint64_t v = w[8 * i + j] | from[j];
               changed |= v != w[8 * i + j];
               w[8 * i + j] = v;
            }
         }
      }
   }
   return w;
}

static aco_status
insert_saves(struct save_ctx *c)
{
   struct aco_mprogram *p = c->p;
   uint64_t *wrote = written_by_block(c);
   if (!wrote)
      return err(c, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   struct aco_mbuilder b;
   struct aco_mblock *first = p->blocks.data[0];
   uint32_t at = 0;
   while (p->is_chain && at < first->instrs.len && is_wait(first->instrs.data[at]->opcode))
      at++; /* after the waits for what the jump left outstanding */
   aco_mb_at(&b, p, first, at);
   emit_saves(c, &b);
   struct aco_mblock *blk;
   aco_foreach_block(p, blk) {
      for (uint32_t i = 0; i < blk->instrs.len; i++) {
         if (blk->instrs.data[i]->opcode != aco_op_s_setpc_b64)
            continue;
         aco_mb_at(&b, p, blk, i);
         uint32_t before = blk->instrs.len;
         c->wrote = wrote + 8 * blk->index;
         emit_restores(c, &b);
         c->wrote = NULL;
         i += blk->instrs.len - before;
      }
   }
   return p->status;
}

/* The frame size into the stack-pointer bumps around calls (none for an empty frame)
 * and into the offsets of stack-passed arguments, which end where the callee's frame
 * starts. */
static aco_status
patch_bumps(struct aco_mprogram *p)
{
   struct aco_mblock *b;
   uint32_t frame = p->config.scratch_bytes;
   aco_foreach_block(p, b) {
      uint32_t n = 0;
      for (uint32_t i = 0; i < b->instrs.len; i++) {
         struct aco_minstr *in = b->instrs.data[i];
         if (in->reloc == ACO_MRELOC_FRAME) {
            if (!frame)
               continue;
            in->operands[1] = aco_opnd_const(frame, 32);
         } else if (in->reloc == ACO_MRELOC_OUTGOING) {
            int64_t off = (int64_t)in->mem.offset + frame;
            if (off > p->gfx->scratch_offset_max)
               return aco_mprogram_error(p, ACO_ERROR_UNSUPPORTED,
                                         "save_registers: @%s: a stack-passed argument at byte "
                                         "%lld of the frame is beyond the immediate offsets of "
                                         "scratch instructions", p->name ? p->name : "",
                                         (long long)off);
            in->mem.offset = (int32_t)off;
            in->reloc = ACO_MRELOC_NONE;
         }
         b->instrs.data[n++] = in;
      }
      b->instrs.len = n;
   }
   return ACO_SUCCESS;
}

aco_status
aco_save_registers(struct aco_mprogram *p)
{
   if (aco_mprogram_saves_registers(p)) {
      struct save_ctx *c = aco_arena_zalloc(&p->arena, sizeof(struct save_ctx), 8);
      if (!c)
         return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "save_registers: out of memory");
      c->p = p;
      c->sp = p->is_chain ? -1 : (int)p->stack_pointer_reg;
      aco_status s = classify(c);
      if (s)
         return s;
      if (c->bytes) {
         s = insert_saves(c);
         if (s)
            return s;
         p->save_bytes = c->bytes;
         p->config.scratch_bytes = (c->base + c->bytes + 15) & ~15u;
         /* the registers the saves use count like any other: the lane VGPR, and every
          * saved one (a callee's ABI may clobber a register this function never names,
          * so it must exist in the wave's allocation) */
         if (c->lane_vgpr >= 0 && (unsigned)c->lane_vgpr - 255 > p->config.num_vgprs)
            p->config.num_vgprs = (uint16_t)(c->lane_vgpr - 255);
         const uint16_t *lists[3] = {c->active, c->all, c->inactive};
         unsigned counts[3] = {c->num_active, c->num_all, c->num_inactive};
         for (unsigned l = 0; l < 3; l++)
            for (unsigned k = 0; k < counts[l]; k++)
               if ((unsigned)lists[l][k] - 255 > p->config.num_vgprs)
                  p->config.num_vgprs = (uint16_t)(lists[l][k] - 255);
         for (unsigned k = 0; k < c->num_sgprs; k++)
            if (c->sgprs[k] + 1u > p->config.num_sgprs)
               p->config.num_sgprs = (uint16_t)(c->sgprs[k] + 1);
         unsigned tmp_end = c->tmp >= 0 ? (unsigned)c->tmp + p->wave_size / 32 : 0;
         if (tmp_end > p->config.num_sgprs)
            p->config.num_sgprs = (uint16_t)tmp_end;
      }
   }
   /* the frame is 16-byte aligned, so every callee's frame starts aligned; the
    * outgoing stack-parameter area is its end */
   p->config.scratch_bytes = (p->config.scratch_bytes + 15) & ~15u;
   p->config.scratch_bytes += (p->outgoing_bytes + 15) & ~15u;
   aco_status s = patch_bumps(p);
   return s ? s : p->status;
}
