/* SPDX-License-Identifier: MIT */
/* aco_insert_nops: separates the instruction sequences the hardware does not interlock
 * (docs/hazards.md) with the fewest s_nop / v_nop / s_waitcnt_depctr each level needs.
 *
 * Runs last, after wait insertion, on hardware instructions with physical registers.
 * A forward dataflow over the linear CFG: the state before an instruction says, for each
 * hazard of the level, how far back its first half happened (in VALU, transcendental, SALU
 * or wait-state counts; distances saturate at HZ_FAR) or which registers are in a window.
 * At a join flags and register sets are or-ed and distances take the minimum, so the state
 * is never less hazardous than along any path; loops are iterated until the block-end
 * states (rebased to a canonical form) stop changing, which they do since every distance
 * saturates and every set only grows. A final walk rebuilds every block into a fresh list,
 * inserting before an instruction exactly what its state requires; the inserted
 * instructions go through the same transfer function, so their own effect is counted.
 * Before s_setpc/s_swappc/s_call and at a program end without s_endpgm every open hazard
 * is resolved, so functions start and end clean.
 *
 * Why this is correct: for the hazards the emulator checks, each condition below is the
 * one under which its detector (src/emu/hazards.c) fires, evaluated on a state that bounds
 * every path, so no path through the output completes such a hazard. The ones only ACO
 * handles (VALUReadSGPRHazard, the VALU-write form of VALUMaskWriteHazard) follow ACO's
 * rules; docs/hazards.md says which is which. */
#include "emit/fields.h"
#include "lower/lower.h"
#include "util/bitset.h"

#include <stddef.h>
#include <string.h>

#define HZ_FAR 15 /* "long ago or never": no window is that wide */

/* Distances are kept as absolute counts (VALU, transcendental, SALU instructions so far)
 * at the event, so an instruction costs O(its operands); "since" = count now - count at
 * the event, saturated at HZ_FAR; 0 means "never". Block-end states are rebased to
 * HZ_BASE (canonical), which makes the join a maximum and equality a memcmp. */
#define HZ_BASE 64

struct nop_state {
   uint32_t valu, trans, salu;
   /* VALU writes counted at or before this are resolved (depctr va_vdst(0), VMEM, DS) */
   uint32_t vdst_resolved;
   /* VALUTransUseHazard: the counts right after the last transcendental write */
   uint32_t trans_at_valu[256], trans_at_trans[256];
   /* VALUPartialForwardingHazard: the VALU count right after the last VALU write of each
    * VGPR, the VALUs between the last SALU write of exec before that write and the write
    * (exec_gap), the VALU count at the last SALU write of exec; pf_unknown after a join
    * where paths disagree, until pf_unknown_valu reaches 8 */
   uint32_t wr_at[256];
   uint8_t exec_gap[256];
   uint32_t exec_at;
   bool pf_unknown;
   uint8_t pf_unknown_valu;
   /* VcmpxPermlaneHazard */
   bool vcmpx;
   /* SendmsgDeallocVgprs: the previous instruction is an s_nop */
   bool prev_nop;
   /* FPAtomicToDenormModeHazard: wait states since the last FP atomic */
   uint8_t fp_atomic_ws;
   /* VALUMaskWriteHazard: the lane-mask SGPRs of the last SGPR-reading VALU, those then
    * written by an SALU (pending) or, as ACO also handles, by a VALU (mask_valu_wr) */
   uint64_t mask[2], pending[2], mask_valu_wr[2];
   /* VALUReadSGPRHazard (gfx1200): SGPR pairs (field / 2) a VALU read; per SGPR the SALU
    * count right after an SALU wrote it after such a read; the SGPRs a VALU wrote after
    * such a read */
   uint64_t rs_read_pairs;
   uint32_t rs_salu_at[128];
   uint32_t rs_resolved;
   uint64_t rs_valu_wr[2];
   /* Bounds, not part of the state's value (states are compared before them): every
    * VGPR entry from vgpr_end on and every rs_salu_at entry from sgpr_end on is as a
    * clean state has it, so the per-register loops stop there (most programs use a few
    * dozen of the 256 VGPRs). */
   uint16_t vgpr_end, sgpr_end;
   /* No trans_at_valu entry is above it (0: all are 0), so that VALUTransUseHazard can
    * be ruled out for an instruction without looking at its operands. */
   uint32_t trans_at_max;
};
#define NOP_STATE_VALUE_BYTES offsetof(struct nop_state, vgpr_end)

struct nop_ctx {
   struct aco_mprogram *p;
   bool gfx10, gfx11, gfx11plus, gfx12, wave64;
   unsigned m0;
   struct nop_state **out;     /* per block, the state at its end (see keep_out) */
   bool *done;                 /* per block: out is computed */
   /* Without a back edge a block's out-state is only read by its successors, which come
    * later: once the last of them has taken its in-state the state goes back to a free
    * list (a few states live at a time instead of one of about 4 KB per block, memory
    * each compile would touch anew). succs_left counts the successors still to come. */
   uint32_t *succs_left;
   struct nop_state *free_states; /* linked through their first bytes */
   aco_instr_list *emit;       /* the list being built, NULL while analysing */
   /* 1 + the block whose kept out-state the walking state still equals (the emitting
    * walk without back edges), 0: none; its successor need not copy it back */
   uint32_t s_holds;
   bool failed;
};

/* ---- classes and small facts ------------------------------------------------------------- */

static unsigned
since(uint32_t now, uint32_t at, uint32_t resolved)
{
   if (!at || at <= resolved)
      return HZ_FAR;
   return now - at < HZ_FAR ? now - at : HZ_FAR;
}

static unsigned trans_valu(const struct nop_state *s, unsigned v)
{
   return since(s->valu, s->trans_at_valu[v], s->vdst_resolved);
}
static unsigned trans_trans(const struct nop_state *s, unsigned v)
{
   return trans_valu(s, v) < HZ_FAR ? since(s->trans, s->trans_at_trans[v], 0) : HZ_FAR;
}
static unsigned wr_valu(const struct nop_state *s, unsigned v)
{
   return since(s->valu, s->wr_at[v], s->vdst_resolved);
}
static unsigned exec_valu(const struct nop_state *s)
{
   return since(s->valu, s->exec_at, 0);
}
static unsigned rs_salu(const struct nop_state *s, unsigned r)
{
   return since(s->salu, s->rs_salu_at[r], s->rs_resolved);
}

static uint32_t
rebase(unsigned d)
{
   return d < HZ_FAR ? HZ_BASE - d : 0;
}

/* The same state with every count rebased to HZ_BASE. */
static void
state_canonical(struct nop_state *s)
{
   for (unsigned v = 0; v < s->vgpr_end; v++) {
      unsigned tv = trans_valu(s, v), tt = trans_trans(s, v), w = wr_valu(s, v);
      s->trans_at_valu[v] = rebase(tv);
      s->trans_at_trans[v] = tv < HZ_FAR ? HZ_BASE - tt : 0;
      s->wr_at[v] = rebase(w);
      if (w == HZ_FAR)
         s->exec_gap[v] = HZ_FAR;
   }
   for (unsigned r = 0; r < s->sgpr_end; r++)
      s->rs_salu_at[r] = rebase(rs_salu(s, r));
   s->exec_at = rebase(exec_valu(s));
   s->valu = s->trans = s->salu = HZ_BASE;
   s->vdst_resolved = s->rs_resolved = 0;
   s->trans_at_max = s->trans_at_max ? HZ_BASE : 0; /* rebased entries are at most that */
}

static void
state_clean(struct nop_state *s)
{
   memset(s, 0, sizeof(*s));
   memset(s->exec_gap, HZ_FAR, sizeof(s->exec_gap));
   s->valu = s->trans = s->salu = HZ_BASE;
   s->fp_atomic_ws = HZ_FAR;
}

/* Canonical states: do they disagree on anything VALUPartialForwardingHazard looks at? */
static bool
pf_state_differs(const struct nop_state *a, const struct nop_state *b)
{
   unsigned ea = exec_valu(a), eb = exec_valu(b);
   if (a->pf_unknown || b->pf_unknown)
      return true;
   if (ea != eb)
      return ea < 8 || eb < 8;
   unsigned end = a->vgpr_end > b->vgpr_end ? a->vgpr_end : b->vgpr_end;
   for (unsigned v = 0; v < end; v++) {
      unsigned wa = wr_valu(a, v), wb = wr_valu(b, v);
      if ((wa != wb || a->exec_gap[v] != b->exec_gap[v]) && (wa < 8 || wb < 8))
         return true;
   }
   return false;
}

static uint32_t
max32(uint32_t a, uint32_t b)
{
   return a > b ? a : b;
}

/* Joins canonical states: distances take the minimum (counts at the event the maximum),
 * flags and register sets the union. */
static void
state_join(struct nop_state *d, const struct nop_state *o)
{
   bool pf = pf_state_differs(d, o);
   if (d->vgpr_end < o->vgpr_end)
      d->vgpr_end = o->vgpr_end;
   if (d->sgpr_end < o->sgpr_end)
      d->sgpr_end = o->sgpr_end;
   d->trans_at_max = max32(d->trans_at_max, o->trans_at_max);
   for (unsigned v = 0; v < d->vgpr_end; v++) {
      d->trans_at_valu[v] = max32(d->trans_at_valu[v], o->trans_at_valu[v]);
      d->trans_at_trans[v] = max32(d->trans_at_trans[v], o->trans_at_trans[v]);
      d->wr_at[v] = max32(d->wr_at[v], o->wr_at[v]);
      d->exec_gap[v] = d->exec_gap[v] < o->exec_gap[v] ? d->exec_gap[v] : o->exec_gap[v];
   }
   d->exec_at = max32(d->exec_at, o->exec_at);
   if (pf) {
      if (d->pf_unknown && o->pf_unknown)
         d->pf_unknown_valu = d->pf_unknown_valu < o->pf_unknown_valu ? d->pf_unknown_valu
                                                                        : o->pf_unknown_valu;
      else
         d->pf_unknown_valu = 0;
      d->pf_unknown = true;
   }
   d->rs_read_pairs |= o->rs_read_pairs;
   for (unsigned r = 0; r < d->sgpr_end; r++)
      d->rs_salu_at[r] = max32(d->rs_salu_at[r], o->rs_salu_at[r]);
   d->vcmpx |= o->vcmpx;
   d->prev_nop &= o->prev_nop;
   d->fp_atomic_ws = d->fp_atomic_ws < o->fp_atomic_ws ? d->fp_atomic_ws : o->fp_atomic_ws;
   for (unsigned i = 0; i < 2; i++) {
      d->mask[i] |= o->mask[i];
      d->pending[i] |= o->pending[i];
      d->mask_valu_wr[i] |= o->mask_valu_wr[i];
      d->rs_valu_wr[i] |= o->rs_valu_wr[i];
   }
}

/* ---- the transfer function ---------------------------------------------------------------- */

static void
resolve_vdst(struct nop_state *s)
{
   s->vdst_resolved = s->valu;
   s->exec_at = 0;
   s->pf_unknown = false;
}

/* VALUReadSGPRHazard bookkeeping (gfx1200), after the checks of the instruction. */
static void
apply_read_sgpr(struct nop_ctx *c, struct nop_state *s, const struct aco_minstr *in,
                const struct aco_op_info *info)
{
   bool valu = aco_format_is_valu(info->format), salu = aco_format_is_salu(info->format);
   if (in->opcode == aco_op_s_waitcnt_depctr) {
      if ((in->imm & 1) == 0)
         s->rs_resolved = s->salu;
      if (aco_depctr_va_sdst(in->imm) == 0) {
         uint64_t vcc[2] = {0, 0};
         aco_bitset128_set(vcc, ACO_REG_VCC_LO, 2);
         s->rs_valu_wr[0] &= vcc[0];
         s->rs_valu_wr[1] &= vcc[1];
      }
      if (aco_depctr_va_vcc(in->imm) == 0) {
         uint64_t vcc[2] = {0, 0};
         aco_bitset128_set(vcc, ACO_REG_VCC_LO, 2);
         s->rs_valu_wr[0] &= ~vcc[0];
         s->rs_valu_wr[1] &= ~vcc[1];
      }
      return;
   }
   if (salu && info->format != ACO_FMT_SOPP)
      s->salu++;
   if (valu) {
      for (unsigned i = 0; i < in->num_operands; i++) {
         const aco_operand *o = &in->operands[i];
         if (!aco_operand_has_reg(o) || aco_physreg_is_vgpr(o->reg) || aco_physreg_field(o->reg) >= c->m0)
            continue;
         unsigned f = aco_physreg_field(o->reg);
         for (unsigned r = f; r < f + aco_rc_reg_count(o->temp.rc) && r < c->m0; r++)
            s->rs_read_pairs |= 1ull << (r / 2);
      }
   }
   if ((valu || salu) && in->num_definitions) {
      const aco_definition *d = &in->definitions[valu ? in->num_definitions - 1 : 0];
      unsigned f = aco_physreg_field(d->reg);
      if (!aco_physreg_is_vgpr(d->reg) && f < c->m0 && (s->rs_read_pairs & (1ull << (f / 2)))) {
         for (unsigned r = f; r < f + aco_rc_reg_count(d->temp.rc) && r < 128; r++) {
            if (valu)
               aco_bitset128_set(s->rs_valu_wr, r, 1);
            else
               s->rs_salu_at[r] = s->salu;
            if (!valu && r >= s->sgpr_end)
               s->sgpr_end = (uint16_t)(r + 1);
         }
      }
   }
}

static bool
has_const_operand(const struct aco_minstr *in)
{
   for (unsigned i = 0; i < in->num_operands; i++) {
      if (in->operands[i].kind == ACO_OPND_CONST)
         return true;
   }
   return false;
}

/* What executing `in` does to the state. */
static void
apply(struct nop_ctx *c, struct nop_state *s, const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
   uint8_t k = aco_op_info(in->opcode)->hazard;
   if (info->format == ACO_FMT_PSEUDO)
      return;

   if (k & ACO_HZ_FP_ATOMIC) {
      s->fp_atomic_ws = 0;
   } else if (aco_format_is_valu(info->format) || (k & ACO_HZ_WAITCNT)) {
      s->fp_atomic_ws = HZ_FAR;
   } else if (s->fp_atomic_ws < HZ_FAR) {
      unsigned ws = s->fp_atomic_ws + (in->opcode == aco_op_s_nop ? (in->imm & 0xf) + 1 : 1);
      s->fp_atomic_ws = ws < HZ_FAR ? (uint8_t)ws : HZ_FAR;
   }
   s->prev_nop = in->opcode == aco_op_s_nop;

   if (aco_format_is_valu(info->format)) {
      bool reads_sgpr = (k & ACO_HZ_MASK_VCC) != 0;
      /* a literal counts as an SGPR read; whether a constant is one depends on its slot
       * (16-bit float slots take f16 inline constants), as the encoder decides; only a
       * constant operand can be one, so the encoder's fields are asked only then */
      struct aco_fields fl;
      if (has_const_operand(in) &&
          aco_minstr_fields(c->p, in, &fl) && fl.has_lit)
         reads_sgpr = true;
      for (unsigned i = 0; i < in->num_operands; i++) {
         const aco_operand *o = &in->operands[i];
         if (aco_operand_has_reg(o) && !aco_physreg_is_vgpr(o->reg) &&
             aco_physreg_field(o->reg) < ACO_REG_EXEC_LO)
            reads_sgpr = true;
      }
      if (reads_sgpr) {
         s->mask[0] = s->mask[1] = 0;
         if ((k & ACO_HZ_MASK_LAST) && in->num_operands) {
            const aco_operand *m = &in->operands[in->num_operands - 1];
            if (aco_operand_has_reg(m) && !aco_physreg_is_vgpr(m->reg) &&
                aco_physreg_field(m->reg) < ACO_REG_EXEC_LO)
               aco_bitset128_set(s->mask, aco_physreg_field(m->reg), c->p->wave_size / 32);
         }
         if (k & ACO_HZ_MASK_VCC)
            aco_bitset128_set(s->mask, ACO_REG_VCC_LO, c->p->wave_size / 32);
      }
      if (in->num_definitions) {
         const aco_definition *d = &in->definitions[in->num_definitions - 1];
         unsigned f = aco_physreg_field(d->reg);
         if (!aco_physreg_is_vgpr(d->reg) && f < 128 && aco_bitset128_test(s->mask, f, aco_rc_reg_count(d->temp.rc)))
            aco_bitset128_set(s->mask_valu_wr, f, aco_rc_reg_count(d->temp.rc));
      }
      uint8_t gap = (uint8_t)exec_valu(s);
      s->valu++;
      if (k & ACO_HZ_TRANS)
         s->trans++;
      if (s->pf_unknown && ++s->pf_unknown_valu >= 8)
         s->pf_unknown = false;
      for (unsigned i = 0; i < in->num_definitions; i++) {
         const aco_definition *d = &in->definitions[i];
         if (!aco_physreg_is_vgpr(d->reg))
            continue;
         unsigned v0 = aco_physreg_field(d->reg) - 256;
         for (unsigned v = v0; v < v0 + aco_rc_reg_count(d->temp.rc) && v < 256; v++) {
            s->wr_at[v] = s->valu;
            s->exec_gap[v] = gap;
            if (v >= s->vgpr_end)
               s->vgpr_end = (uint16_t)(v + 1);
            if (k & ACO_HZ_TRANS) {
               s->trans_at_valu[v] = s->valu;
               s->trans_at_max = s->valu;
               s->trans_at_trans[v] = s->trans;
            }
         }
      }
      s->vcmpx = info->format == ACO_FMT_VOPC && (info->flags & ACO_OPF_WRITE_EXEC);
   } else if (aco_format_is_salu(info->format)) {
      bool writes_exec = (info->flags & ACO_OPF_WRITE_EXEC) != 0;
      for (unsigned i = 0; i < in->num_definitions; i++) {
         const aco_definition *d = &in->definitions[i];
         if (aco_physreg_is_vgpr(d->reg))
            continue;
         unsigned f = aco_physreg_field(d->reg), n = aco_rc_reg_count(d->temp.rc);
         if (f <= ACO_REG_EXEC_HI && f + n > ACO_REG_EXEC_LO)
            writes_exec = true;
         if (f >= ACO_REG_EXEC_LO || (f <= c->m0 && f + n > c->m0))
            continue;
         for (unsigned r = f; r < f + n && r < 128; r++) {
            if (aco_bitset128_test(s->mask, r, 1))
               aco_bitset128_set(s->pending, r, 1);
         }
      }
      if (writes_exec)
         s->exec_at = s->valu;
      if (in->opcode == aco_op_s_waitcnt_depctr) {
         uint64_t vcc[2] = {0, 0};
         aco_bitset128_set(vcc, ACO_REG_VCC_LO, 2);
         if (aco_depctr_va_vdst(in->imm) == 0)
            resolve_vdst(s);
         if (aco_depctr_va_vdst(in->imm) == 0 || aco_depctr_va_sdst(in->imm) == 0) {
            s->mask_valu_wr[0] &= vcc[0];
            s->mask_valu_wr[1] &= vcc[1];
         }
         if (aco_depctr_va_vdst(in->imm) == 0 || aco_depctr_va_vcc(in->imm) == 0) {
            s->mask_valu_wr[0] &= ~vcc[0];
            s->mask_valu_wr[1] &= ~vcc[1];
         }
         if ((in->imm & 1) == 0) {
            s->mask[0] = s->mask[1] = 0;
            s->pending[0] = s->pending[1] = 0;
         }
      }
   }
   if (aco_format_is_vmem_or_ds(info->format))
      resolve_vdst(s); /* VMEM, FLAT and DS wait for va_vdst */
   if (c->gfx12)
      apply_read_sgpr(c, s, in, info);
}

/* ---- what an instruction needs ------------------------------------------------------------ */

struct nop_fix {
   unsigned s_nop;   /* wait states to add with s_nop (0: none) */
   bool v_nop;
   uint16_t depctr;  /* ACO_DEPCTR_NONE: none */
   bool dealloc_nop; /* s_nop 0 right before the instruction */
};

static bool
trans_use_hazard(const struct nop_state *s, const struct aco_minstr *in)
{
   /* every transcendental write more than 5 VALUs ago (or none): no operand can have one */
   if (!s->trans_at_max || (s->valu > s->trans_at_max && s->valu - s->trans_at_max > 5))
      return false;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      if (!aco_operand_has_reg(o) || !aco_physreg_is_vgpr(o->reg))
         continue;
      unsigned v0 = aco_physreg_field(o->reg) - 256;
      for (unsigned v = v0; v < v0 + aco_rc_reg_count(o->temp.rc) && v < 256; v++) {
         if (trans_valu(s, v) <= 5 && trans_trans(s, v) <= 1)
            return true;
      }
   }
   return false;
}

/* As LLVM searches it backwards from the reading VALU: Vb is the most recent write of a
 * source (at most 4 VALU ago), the exec write the last one before it (at most 2 VALU
 * before it), Va the most recent write of another source before that exec write, at
 * most 2 VALU between the two writes. Distances are "VALUs since". */
static bool
partial_forwarding_hazard(const struct nop_state *s, const struct aco_minstr *in)
{
   unsigned nread = 0, near = 0, b_since = HZ_FAR, b_gap = HZ_FAR, a_since = HZ_FAR;
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < in->num_operands; i++) {
         const aco_operand *o = &in->operands[i];
         if (!aco_operand_has_reg(o) || !aco_physreg_is_vgpr(o->reg))
            continue;
         unsigned v0 = aco_physreg_field(o->reg) - 256;
         for (unsigned v = v0; v < v0 + aco_rc_reg_count(o->temp.rc) && v < 256; v++) {
            unsigned w = wr_valu(s, v);
            if (pass == 0) {
               nread++;
               near += w < 8;
               if (w < b_since)
                  b_since = w, b_gap = s->exec_gap[v];
            } else if (b_gap <= 2 && w < HZ_FAR && w > b_since + b_gap && w < a_since) {
               a_since = w;
            }
         }
      }
   }
   if (nread < 2)
      return false;
   if (s->pf_unknown && near)
      return true;
   return b_since <= 4 && a_since < HZ_FAR && a_since - b_since - 1 <= 2;
}

/* The s_waitcnt_depctr fields an SALU or VALU reading a window SGPR needs (ACO_DEPCTR_NONE: none). */
static uint16_t
mask_write_wait(struct nop_ctx *c, const struct nop_state *s, const struct aco_minstr *in)
{
   if (!(s->pending[0] | s->pending[1] | s->mask_valu_wr[0] | s->mask_valu_wr[1]))
      return ACO_DEPCTR_NONE;
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
   uint16_t imm = ACO_DEPCTR_NONE;
   for (unsigned i = 0; i <= in->num_operands; i++) {
      unsigned f, n;
      if (i < in->num_operands) {
         const aco_operand *o = &in->operands[i];
         if (!aco_operand_has_reg(o) || aco_physreg_is_vgpr(o->reg))
            continue;
         f = aco_physreg_field(o->reg), n = aco_rc_reg_count(o->temp.rc);
      } else if ((aco_op_info(in->opcode)->hazard & ACO_HZ_MASK_VCC) ||
                 (aco_format_is_valu(info->format) && (info->flags & ACO_OPF_READ_VCC))) {
         f = ACO_REG_VCC_LO, n = c->p->wave_size / 32; /* implicit vcc */
      } else {
         break;
      }
      for (unsigned r = f; r < f + n && r < 128; r++) {
         if (aco_bitset128_test(s->pending, r, 1))
            imm &= ACO_DEPCTR_SA_SDST0;
         if (aco_bitset128_test(s->mask_valu_wr, r, 1))
            imm &= (r == ACO_REG_VCC_LO || r == ACO_REG_VCC_HI) ? ACO_DEPCTR_VA_VCC0 : ACO_DEPCTR_VA_SDST0;
      }
   }
   return imm;
}

/* VALUReadSGPRHazard (gfx1200, as ACO): a VALU read an SGPR, an SALU then wrote it, and a
 * VALU (within 11 SALU instructions) or an SALU (within 10) reads it: s_wait_alu
 * sa_sdst(0); a VALU wrote it instead and a VALU reads it: va_sdst(0) / va_vcc(0). */
static uint16_t
read_sgpr_wait(struct nop_ctx *c, const struct nop_state *s, const struct aco_minstr *in,
               bool valu)
{
   uint16_t imm = ACO_DEPCTR_NONE;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      if (!aco_operand_has_reg(o) || aco_physreg_is_vgpr(o->reg) || aco_physreg_field(o->reg) >= c->m0)
         continue;
      unsigned f = aco_physreg_field(o->reg);
      for (unsigned r = f; r < f + aco_rc_reg_count(o->temp.rc) && r < c->m0; r++) {
         if (rs_salu(s, r) < (valu ? 11u : 10u))
            imm &= ACO_DEPCTR_SA_SDST0;
         if (valu && aco_bitset128_test(s->rs_valu_wr, r, 1))
            imm &= (r == ACO_REG_VCC_LO || r == ACO_REG_VCC_HI) ? ACO_DEPCTR_VA_VCC0 : ACO_DEPCTR_VA_SDST0;
      }
   }
   return imm;
}

static bool
leaves_function(const struct aco_minstr *in)
{
   return in->opcode == aco_op_s_setpc_b64 || in->opcode == aco_op_s_swappc_b64 ||
          in->opcode == aco_op_s_call_b64;
}

/* Everything still open, resolved (before leaving the function). */
static void
fix_all(struct nop_ctx *c, const struct nop_state *s, struct nop_fix *f)
{
   if (c->gfx10 && s->fp_atomic_ws < 3 && 3u - s->fp_atomic_ws > f->s_nop)
      f->s_nop = 3 - s->fp_atomic_ws;
   if (c->gfx11plus && s->vcmpx)
      f->v_nop = true;
   if (c->gfx12) {
      for (unsigned r = 0; r < 128; r++) {
         if (rs_salu(s, r) < 11)
            f->depctr &= ACO_DEPCTR_SA_SDST0;
         if (aco_bitset128_test(s->rs_valu_wr, r, 1))
            f->depctr &= (r == ACO_REG_VCC_LO || r == ACO_REG_VCC_HI) ? ACO_DEPCTR_VA_VCC0 : ACO_DEPCTR_VA_SDST0;
      }
   }
   if (c->gfx11) {
      /* the partial-forwarding state matters in wave64 only */
      bool open = c->wave64 && (exec_valu(s) < HZ_FAR || s->pf_unknown);
      for (unsigned v = 0; v < s->vgpr_end && !open; v++)
         open = trans_valu(s, v) < HZ_FAR || (c->wave64 && wr_valu(s, v) < 8);
      if (open)
         f->depctr &= ACO_DEPCTR_VA_VDST0;
      if (s->pending[0] | s->pending[1] | s->mask[0] | s->mask[1])
         f->depctr &= ACO_DEPCTR_SA_SDST0;
      for (unsigned r = 0; r < 128; r++) {
         if (aco_bitset128_test(s->mask_valu_wr, r, 1))
            f->depctr &= (r == ACO_REG_VCC_LO || r == ACO_REG_VCC_HI) ? ACO_DEPCTR_VA_VCC0 : ACO_DEPCTR_VA_SDST0;
      }
   }
}

static void
needed(struct nop_ctx *c, const struct nop_state *s, const struct aco_minstr *in,
       struct nop_fix *f)
{
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
   uint8_t k = aco_op_info(in->opcode)->hazard;
   bool valu = aco_format_is_valu(info->format);
   f->s_nop = 0;
   f->v_nop = false;
   f->depctr = ACO_DEPCTR_NONE;
   f->dealloc_nop = false;

   if (c->gfx10 && in->opcode == aco_op_s_denorm_mode && s->fp_atomic_ws < 3)
      f->s_nop = 3 - s->fp_atomic_ws;
   if (c->gfx11plus && valu && (k & ACO_HZ_PERMLANE) && s->vcmpx)
      f->v_nop = true;
   if (c->gfx11 && valu && trans_use_hazard(s, in))
      f->depctr &= ACO_DEPCTR_VA_VDST0;
   if (c->gfx11 && c->wave64 && valu && partial_forwarding_hazard(s, in))
      f->depctr &= ACO_DEPCTR_VA_VDST0;
   if (c->gfx11 && c->wave64 && (valu || aco_format_is_salu(info->format)))
      f->depctr &= mask_write_wait(c, s, in);
   if (c->gfx12 && (valu || aco_format_is_salu(info->format)))
      f->depctr &= read_sgpr_wait(c, s, in, valu);
   if (c->gfx11plus && in->opcode == aco_op_s_sendmsg && (in->imm & 0xff) == 3)
      f->dealloc_nop = true; /* decided against prev_nop after the other fixes */
   if (leaves_function(in))
      fix_all(c, s, f);
}

/* ---- emission ------------------------------------------------------------------------------ */

static void
put(struct nop_ctx *c, struct nop_state *s, struct aco_minstr *in)
{
   apply(c, s, in);
   if (c->emit && !aco_vec_push(c->p->allocator, c->emit, in))
      c->failed = true;
}

static void
put_new(struct nop_ctx *c, struct nop_state *s, enum aco_opcode op, uint32_t imm)
{
   if (!c->emit) {
      struct aco_minstr tmp;
      memset(&tmp, 0, sizeof(tmp));
      tmp.opcode = (uint16_t)op;
      tmp.imm = imm;
      apply(c, s, &tmp);
      return;
   }
   struct aco_minstr *in = aco_minstr_create(&c->p->arena, op, 0, 0);
   if (!in) {
      c->failed = true;
      return;
   }
   in->imm = imm;
   put(c, s, in);
}

static void
put_fixes(struct nop_ctx *c, struct nop_state *s, const struct nop_fix *f)
{
   if (f->s_nop)
      put_new(c, s, aco_op_s_nop, f->s_nop - 1);
   if (f->v_nop)
      put_new(c, s, aco_op_v_nop, 0);
   if (f->depctr != ACO_DEPCTR_NONE)
      put_new(c, s, aco_op_s_waitcnt_depctr, f->depctr);
   if (f->dealloc_nop && !s->prev_nop)
      put_new(c, s, aco_op_s_nop, 0);
}

/* Runs one block from its in-state; emits into c->emit when set. */
static void
walk_block(struct nop_ctx *c, struct aco_mblock *b, struct nop_state *s)
{
   bool ends = false;
   struct aco_minstr *in;
   aco_foreach_instr(b, in)
   {
      struct nop_fix f;
      needed(c, s, in, &f);
      put_fixes(c, s, &f);
      put(c, s, in);
      ends |= in->opcode == aco_op_s_endpgm || leaves_function(in);
   }
   if (!b->linear_succs.len && !ends) {
      struct nop_fix f = {0, false, ACO_DEPCTR_NONE, false};
      fix_all(c, s, &f);
      put_fixes(c, s, &f);
   }
}

static void
block_in_state(struct nop_ctx *c, struct aco_mblock *b, struct nop_state *s)
{
   bool any = false;
   for (uint32_t i = 0; i < b->linear_preds.len; i++) {
      uint32_t pi = b->linear_preds.data[i];
      if (pi >= c->p->blocks.len || !c->done[pi] || !c->out[pi])
         continue;
      if (any)
         state_join(s, c->out[pi]);
      else if (c->s_holds != pi + 1)
         memcpy(s, c->out[pi], sizeof(*s));
      any = true;
   }
   if (!any)
      state_clean(s);
   c->s_holds = 0; /* the walk changes s */
}

/* Without a back edge: block b has taken its in-state, so the predecessors it was the
 * last successor of are done with theirs. */
static void
release_preds(struct nop_ctx *c, const struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->linear_preds.len; i++) {
      uint32_t pi = b->linear_preds.data[i];
      if (pi >= c->p->blocks.len || !c->out[pi] || !c->succs_left[pi] || --c->succs_left[pi])
         continue;
      *(struct nop_state **)c->out[pi] = c->free_states;
      c->free_states = c->out[pi];
      c->out[pi] = NULL;
   }
}

/* Keeps s as block i's out-state (in a state of the free list, or a new one). */
static bool
keep_out(struct nop_ctx *c, uint32_t i, const struct nop_state *s)
{
   if (!c->out[i]) {
      if (c->free_states) {
         c->out[i] = c->free_states;
         c->free_states = *(struct nop_state **)c->free_states;
      } else {
         c->out[i] = aco_arena_alloc(&c->p->arena, sizeof(*s), alignof(struct nop_state));
         if (!c->out[i])
            return false;
      }
   }
   memcpy(c->out[i], s, sizeof(*s));
   c->done[i] = true;
   return true;
}

/* No predecessor's out-state changed since the count `since`. */
static bool
inputs_unchanged(const struct aco_mblock *b, uint32_t n, const uint32_t *stamp, uint32_t since)
{
   for (uint32_t i = 0; i < b->linear_preds.len; i++) {
      uint32_t pi = b->linear_preds.data[i];
      if (pi < n && stamp[pi] > since)
         return false;
   }
   return true;
}

/* The slot-map table (aco_mprogram_slots) records running out of memory on the program,
 * in its own words; the pass's message names the pass in front of them. */
static aco_status
slot_map_status(struct aco_mprogram *p)
{
   if (p->status != ACO_SUCCESS && strncmp(p->message, "insert_nops", 11)) {
      static const char prefix[] = "insert_nops: ";
      size_t keep = sizeof(p->message) - sizeof(prefix); /* the end of a long one goes */
      memmove(p->message + sizeof(prefix) - 1, p->message, keep);
      memcpy(p->message, prefix, sizeof(prefix) - 1);
      p->message[sizeof(p->message) - 1] = 0;
   }
   return p->status;
}

static aco_status
out_of_memory(struct aco_mprogram *p)
{
   aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "insert_nops: out of memory");
   return slot_map_status(p);
}

/* Frees the out-states of a program with loops (NULL otherwise) and passes st on. */
static aco_status
finish(struct aco_mprogram *p, struct nop_state *all, aco_status st)
{
   aco_free(p->allocator, all);
   return st;
}

aco_status
aco_insert_nops(struct aco_mprogram *p)
{
   struct nop_ctx c;
   memset(&c, 0, sizeof(c));
   c.p = p;
   c.gfx10 = p->gfx_level == ACO_GFX1030;
   c.gfx11 = p->gfx_level == ACO_GFX1100;
   c.gfx11plus = p->gfx_level == ACO_GFX1100 || p->gfx_level == ACO_GFX1200;
   c.gfx12 = p->gfx_level == ACO_GFX1200;
   c.wave64 = p->wave_size == 64;
   c.m0 = p->gfx ? p->gfx->reg_m0 : 125;
   uint32_t n = p->blocks.len;
   c.out = aco_arena_array(&p->arena, struct nop_state *, n ? n : 1);
   c.done = aco_arena_array(&p->arena, bool, n ? n : 1);
   c.succs_left = aco_arena_array(&p->arena, uint32_t, n ? n : 1);
   struct nop_state *s = aco_arena_new(&p->arena, struct nop_state);
   if (!c.out || !c.done || !c.succs_left || !s)
      return out_of_memory(p);

   /* the block states, to a fixed point (loops); bounded in case of a bug. Without a
    * back edge every predecessor comes first, so the emitting walk below sees the final
    * states by itself (it keeps each block's out-state as the first analysis round
    * would) and the analysis is skipped. */
   bool back_edge = false;
   for (uint32_t i = 0; i < n; i++) {
      const struct aco_mblock *b = p->blocks.data[i];
      for (uint32_t k = 0; k < b->linear_preds.len; k++)
         back_edge |= b->linear_preds.data[k] >= i;
   }
   bool changed = back_edge;
   /* A block whose predecessors' out-states did not change since its last walk gets the
    * same in-state, so the same out-state: in the rounds before the joining starts it is
    * skipped (changes counts the out-state changes, stamp[i] is the count at block i's
    * last change, walked[i] the count when it was last walked). */
   uint32_t changes = 0, *stamp = NULL, *walked = NULL;
   struct nop_state *all = NULL;
   if (back_edge) {
      /* every out-state lives to the end of the pass; not cleared: a block's out-state is
       * read only once `done` says it is computed. On the allocator, not the arena: about
       * 3.9 KB per block (600 KB for divergent_nested), which the later passes reuse
       * instead of holding until the end of the compile. */
      all = aco_alloc(p->allocator, sizeof(struct nop_state) * n);
      stamp = aco_arena_array(&p->arena, uint32_t, n);
      walked = aco_arena_array(&p->arena, uint32_t, n);
      if (!all || !stamp || !walked)
         return finish(p, all, out_of_memory(p));
      for (uint32_t i = 0; i < n; i++)
         c.out[i] = &all[i];
   } else {
      for (uint32_t i = 0; i < n; i++)
         c.succs_left[i] = p->blocks.data[i]->linear_succs.len;
   }
   for (unsigned round = 0; changed && round < 64; round++) {
      changed = false;
      for (uint32_t i = 0; i < n; i++) {
         struct aco_mblock *b = p->blocks.data[i];
         if (round > 0 && round < 4 && inputs_unchanged(b, n, stamp, walked[i]))
            continue;
         walked[i] = changes;
         block_in_state(&c, b, s);
         walk_block(&c, b, s);
         state_canonical(s);
         /* after a few rounds a block's state only grows (joined with what it was):
          * the transfer function is not monotone everywhere (the partial-forwarding
          * bookkeeping forgets after 8 VALUs), so a loop could otherwise alternate
          * between two states; joining is conservative (more NOPs, never fewer) and
          * every field of the join moves one way in a finite range */
         if (c.done[i] && round >= 4) {
            state_join(s, c.out[i]);
            state_canonical(s);
         }
         if (!c.done[i] || memcmp(c.out[i], s, NOP_STATE_VALUE_BYTES)) {
            memcpy(c.out[i], s, sizeof(*s));
            c.done[i] = true;
            changed = true;
            stamp[i] = ++changes;
         }
      }
   }
   if (changed)
      return finish(p, all,
                    aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                       "insert_nops: the hazard states of the loops do not settle"));

   /* rebuild each block with the NOPs */
   for (uint32_t i = 0; i < n; i++) {
      struct aco_mblock *b = p->blocks.data[i];
      aco_instr_list list = {NULL, 0, 0};
      /* its instructions and a few NOPs, without regrowing (empty blocks mostly stay so) */
      if (b->instrs.len && !aco_vec_reserve(p->allocator, &list, b->instrs.len + 4))
         return finish(p, all, out_of_memory(p));
      c.emit = &list;
      block_in_state(&c, b, s);
      if (!back_edge)
         release_preds(&c, b);
      walk_block(&c, b, s);
      c.emit = NULL;
      if (c.failed) {
         aco_vec_free(p->allocator, &list);
         return finish(p, all, out_of_memory(p));
      }
      aco_vec_free(p->allocator, &b->instrs);
      b->instrs = list;
      if (!back_edge && b->linear_succs.len) {
         state_canonical(s);
         if (!keep_out(&c, i, s))
            return finish(p, all, out_of_memory(p));
         c.s_holds = i + 1;
      }
   }
   return finish(p, all, slot_map_status(p));
}
