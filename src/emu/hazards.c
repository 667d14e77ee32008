/* SPDX-License-Identifier: MIT */
/* Hazard detection for the emulator: the list of docs/hazards.md, checked on the
 * instruction stream each wave really executes (across branches, calls and returns).
 *
 * emu_hazard_check runs before an instruction executes. It first asks whether the
 * instruction completes a hazard given what the wave executed before (then emu_fail with
 * "hazard <name>: ..."), then records what the instruction does: which VGPRs a VALU or a
 * transcendental wrote and at which VALU index, SALU writes of exec, lane-mask reads,
 * waits that resolve hazards, wait states (s_nop N counts N+1, anything else 1).
 *
 * The detector follows the hardware rules, accepting every separation the sources accept
 * (it must not reject llc-19's code), so it is the independent check of the NOP pass. */
#include "emu/emu_internal.h"
#include "util/alloc.h"
#include "util/bitset.h"

#include <string.h>

/* Per-opcode classes, from the opcode table's names, computed when a wave first executes
 * the opcode (a wave's state holds them: no shared mutable state). */
#define HZ_NONE UINT32_MAX
#define HZ_FAR_GAP 0xff

struct emu_hazard_state {
   const aco_allocator *alloc;
   /* VALU and transcendental instructions executed so far; "index" of an instruction is
    * the count before it. Stored indices are index + 1 so 0 means "never". */
   uint64_t valu, trans;
   /* VALUTransUseHazard */
   uint64_t trans_wr_valu[256], trans_wr_trans[256];
   /* VALUPartialForwardingHazard: per VGPR its last VALU write and the VALUs between the
    * last SALU write of exec before that write and the write (HZ_FAR_GAP: none) */
   uint64_t vgpr_wr_valu[256];
   uint8_t vgpr_exec_gap[256];
   uint64_t exec_wr;        /* VALU count at the last SALU write of exec, + 1 */
   /* writes with a VALU index below this are resolved: s_waitcnt_depctr va_vdst(0), or a
    * VMEM/FLAT/DS instruction (they wait for va_vdst) */
   uint64_t vdst_resolved;
   /* VALUMaskWriteHazard: SGPRs read as a lane mask by the last SGPR-reading VALU, and
    * those SGPRs then written by an SALU. */
   uint64_t mask[2], pending[2];
   /* VcmpxPermlaneHazard */
   bool vcmpx;
   /* SendmsgDeallocVgprs */
   bool prev_nop;
   /* FPAtomicToDenormModeHazard: wait states since the last FP atomic, HZ_NONE if none */
   uint32_t since_fp_atomic;
};

/* The state lives on the default allocator: emu_internal.h does not expose the
 * emulator's own (a few kilobytes per wave, freed by emu_hazard_finish). */
bool
emu_hazard_init(struct emu_wave *w)
{
   const aco_allocator *a = aco_default_allocator();
   struct emu_hazard_state *s = aco_calloc(a, sizeof(*s));
   w->hazards = s;
   if (!s)
      return false;
   s->alloc = a;
   s->since_fp_atomic = HZ_NONE;
   return true;
}

void
emu_hazard_finish(struct emu_wave *w)
{
   if (w->hazards)
      aco_free(w->hazards->alloc, w->hazards);
   w->hazards = NULL;
}

/* ---- instruction facts ------------------------------------------------------------------ */

static bool
is_literal(const aco_operand *o)
{
   return o->kind == ACO_OPND_CONST && aco_inline_constant(o->value, o->bits ? o->bits : 32,
                                                           o->is_float) < 0;
}

/* s_waitcnt_depctr / s_wait_alu field values. */

/* ---- the checks ------------------------------------------------------------------------- */

static bool
check_trans_use(struct emu_wave *w, struct emu_hazard_state *s, const struct aco_minstr *in)
{
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      if (!aco_operand_has_reg(o) || !aco_physreg_is_vgpr(o->reg))
         continue;
      unsigned v0 = aco_physreg_field(o->reg) - 256;
      for (unsigned v = v0; v < v0 + aco_rc_reg_count(o->temp.rc) && v < 256; v++) {
         uint64_t t = s->trans_wr_valu[v];
         if (!t || t - 1 < s->vdst_resolved)
            continue;
         uint64_t valus = s->valu - t, transes = s->trans - s->trans_wr_trans[v];
         if (valus <= 5 && transes <= 1)
            return emu_fail(w,
                            "hazard VALUTransUseHazard: v%u written by a transcendental "
                            "instruction %u VALU ago is read without s_waitcnt_depctr "
                            "va_vdst(0) (needs 6 VALU or 2 transcendentals in between)",
                            v, (unsigned)valus);
      }
   }
   return true;
}

/* The pattern as LLVM searches it backwards from the reading VALU: Vb is the most recent
 * write of a source, the exec write is the last SALU write of exec before it, Va the most
 * recent write of another source before that exec write. */
static bool
check_partial_forwarding(struct emu_wave *w, struct emu_hazard_state *s,
                         const struct aco_minstr *in)
{
   uint64_t b_idx = 0, a_idx = 0;
   unsigned vb = 0, va = 0, nread = 0;
   bool have_b = false, have_a = false;
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < in->num_operands; i++) {
         const aco_operand *o = &in->operands[i];
         if (!aco_operand_has_reg(o) || !aco_physreg_is_vgpr(o->reg))
            continue;
         unsigned v0 = aco_physreg_field(o->reg) - 256;
         for (unsigned v = v0; v < v0 + aco_rc_reg_count(o->temp.rc) && v < 256; v++) {
            uint64_t wr = s->vgpr_wr_valu[v];
            if (!wr || wr - 1 < s->vdst_resolved)
               continue;
            uint64_t idx = wr - 1;
            if (pass == 0) {
               nread++;
               if (!have_b || idx > b_idx)
                  b_idx = idx, vb = v, have_b = true;
            } else if (have_b && s->vgpr_exec_gap[vb] <= 2 &&
                       idx + s->vgpr_exec_gap[vb] < b_idx && (!have_a || idx > a_idx)) {
               a_idx = idx, va = v, have_a = true;
            }
         }
      }
   }
   if (nread < 2 || !have_b || !have_a || s->valu - b_idx - 1 > 4)
      return true;
   if (b_idx - a_idx - 1 <= 2)
      return emu_fail(w,
                      "hazard VALUPartialForwardingHazard: v%u (written before an SALU write "
                      "of exec) and v%u (written after it) are read together without "
                      "s_waitcnt_depctr va_vdst(0)",
                      va, vb);
   return true;
}

static bool
check_mask_write(struct emu_wave *w, struct emu_hazard_state *s, const struct aco_minstr *in,
                 const struct aco_op_info *info)
{
   if (!(s->pending[0] | s->pending[1]))
      return true;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      if (!aco_operand_has_reg(o) || aco_physreg_is_vgpr(o->reg))
         continue;
      unsigned f = aco_physreg_field(o->reg);
      if (aco_bitset128_test(s->pending, f, aco_rc_reg_count(o->temp.rc)))
         return emu_fail(w,
                         "hazard VALUMaskWriteHazard: s%u was read as a lane mask by a VALU, "
                         "then written by an SALU, and is read without s_waitcnt_depctr "
                         "sa_sdst(0) after the write",
                         f);
   }
   if ((aco_op_info(in->opcode)->hazard & ACO_HZ_MASK_VCC) ||
       (aco_format_is_valu(info->format) && (info->flags & ACO_OPF_READ_VCC))) {
      if (aco_bitset128_test(s->pending, ACO_REG_VCC_LO, w->wave_size / 32))
         return emu_fail(w,
                         "hazard VALUMaskWriteHazard: vcc was read as a lane mask by a VALU, "
                         "then written by an SALU, and is read without s_waitcnt_depctr "
                         "sa_sdst(0) after the write");
   }
   return true;
}

/* ---- bookkeeping after the checks ------------------------------------------------------- */

static void
record_valu(struct emu_wave *w, struct emu_hazard_state *s, const struct aco_minstr *in,
            const struct aco_op_info *info)
{
   uint8_t c = aco_op_info(in->opcode)->hazard;
   uint64_t idx = s->valu;

   /* lane-mask reads (VALUMaskWriteHazard): the last VALU reading any SGPR or a literal
    * decides which SGPRs are in the window */
   bool reads_sgpr = (c & ACO_HZ_MASK_VCC) != 0;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      if (is_literal(o))
         reads_sgpr = true;
      else if (aco_operand_has_reg(o) && !aco_physreg_is_vgpr(o->reg) &&
               aco_physreg_field(o->reg) < ACO_REG_EXEC_LO)
         reads_sgpr = true;
   }
   if (reads_sgpr) {
      s->mask[0] = s->mask[1] = 0;
      if ((c & ACO_HZ_MASK_LAST) && in->num_operands) {
         const aco_operand *m = &in->operands[in->num_operands - 1];
         if (aco_operand_has_reg(m) && !aco_physreg_is_vgpr(m->reg) &&
             aco_physreg_field(m->reg) < ACO_REG_EXEC_LO)
            aco_bitset128_set(s->mask, aco_physreg_field(m->reg), w->wave_size / 32);
      }
      if (c & ACO_HZ_MASK_VCC)
         aco_bitset128_set(s->mask, ACO_REG_VCC_LO, w->wave_size / 32);
   }

   for (unsigned i = 0; i < in->num_definitions; i++) {
      const aco_definition *d = &in->definitions[i];
      if (!aco_physreg_is_vgpr(d->reg))
         continue;
      unsigned v0 = aco_physreg_field(d->reg) - 256;
      for (unsigned v = v0; v < v0 + aco_rc_reg_count(d->temp.rc) && v < 256; v++) {
         s->vgpr_wr_valu[v] = idx + 1;
         uint64_t gap = s->exec_wr && s->exec_wr - 1 >= s->vdst_resolved
                           ? idx - (s->exec_wr - 1) : HZ_FAR_GAP;
         s->vgpr_exec_gap[v] = gap < HZ_FAR_GAP ? (uint8_t)gap : HZ_FAR_GAP;
         if (c & ACO_HZ_TRANS) {
            s->trans_wr_valu[v] = idx + 1;
            s->trans_wr_trans[v] = s->trans + 1;
         }
      }
   }
   s->vcmpx = info->format == ACO_FMT_VOPC && (info->flags & ACO_OPF_WRITE_EXEC);
   s->valu++;
   if (c & ACO_HZ_TRANS)
      s->trans++;
}

static void
record_salu(struct emu_wave *w, struct emu_hazard_state *s, const struct aco_minstr *in,
            const struct aco_op_info *info)
{
   bool writes_exec = (info->flags & ACO_OPF_WRITE_EXEC) != 0;
   unsigned m0 = w->gfx ? w->gfx->reg_m0 : (w->level == ACO_GFX1030 ? 124 : 125);
   for (unsigned i = 0; i < in->num_definitions; i++) {
      const aco_definition *d = &in->definitions[i];
      if (aco_physreg_is_vgpr(d->reg))
         continue;
      unsigned f = aco_physreg_field(d->reg), n = aco_rc_reg_count(d->temp.rc);
      if (f <= ACO_REG_EXEC_HI && f + n > ACO_REG_EXEC_LO)
         writes_exec = true;
      if (f >= ACO_REG_EXEC_LO || (f <= m0 && f + n > m0))
         continue;
      for (unsigned r = f; r < f + n && r < 128; r++) {
         if (aco_bitset128_test(s->mask, r, 1))
            aco_bitset128_set(s->pending, r, 1);
      }
   }
   if (writes_exec)
      s->exec_wr = s->valu + 1;
   if (in->opcode == aco_op_s_waitcnt_depctr) {
      if (aco_depctr_va_vdst(in->imm) == 0) {
         s->vdst_resolved = s->valu;
      }
      if (aco_depctr_sa_sdst(in->imm) == 0) {
         s->mask[0] = s->mask[1] = 0;
         s->pending[0] = s->pending[1] = 0;
      }
   }
}

bool
emu_hazard_check(struct emu_wave *w, const struct aco_minstr *in)
{
   struct emu_hazard_state *s = w->hazards;
   if (!s || !in || in->opcode >= aco_num_opcodes)
      return true;
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
   uint8_t c = aco_op_info(in->opcode)->hazard;
   bool valu = aco_format_is_valu(info->format), salu = aco_format_is_salu(info->format);
   bool gfx10 = w->level == ACO_GFX1030, gfx11 = w->level == ACO_GFX1100;
   bool gfx11plus = w->level == ACO_GFX1100 || w->level == ACO_GFX1200;
   bool wave64 = w->wave_size == 64;

   /* ---- does this instruction complete a hazard? ---- */
   if (gfx10 && in->opcode == aco_op_s_denorm_mode && s->since_fp_atomic < 3)
      return emu_fail(w,
                      "hazard FPAtomicToDenormModeHazard: s_denorm_mode %u wait states after a "
                      "floating-point atomic (needs 3, a VALU or an s_waitcnt in between)",
                      s->since_fp_atomic);
   if (gfx11plus && valu && (c & ACO_HZ_PERMLANE) && s->vcmpx)
      return emu_fail(w, "hazard VcmpxPermlaneHazard: v_permlane right after a v_cmpx writing "
                         "exec (needs a VALU in between)");
   if (gfx11 && valu && !check_trans_use(w, s, in))
      return false;
   if (gfx11 && wave64 && valu && !check_partial_forwarding(w, s, in))
      return false;
   if (gfx11 && wave64 && (valu || salu) && !check_mask_write(w, s, in, info))
      return false;
   if (gfx11plus && in->opcode == aco_op_s_sendmsg && (in->imm & 0xff) == 3 && !s->prev_nop)
      return emu_fail(w, "hazard SendmsgDeallocVgprs: s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) "
                         "not immediately preceded by s_nop");

   /* ---- record what it does ---- */
   if (valu)
      record_valu(w, s, in, info);
   else if (salu)
      record_salu(w, s, in, info);
   if (aco_format_is_vmem_or_ds(info->format))
      s->vdst_resolved = s->valu; /* VMEM, FLAT and DS wait for va_vdst */

   if (c & ACO_HZ_FP_ATOMIC)
      s->since_fp_atomic = 0;
   else if (valu || (c & ACO_HZ_WAITCNT))
      s->since_fp_atomic = HZ_NONE;
   else if (s->since_fp_atomic != HZ_NONE)
      s->since_fp_atomic += in->opcode == aco_op_s_nop ? (in->imm & 0xf) + 1 : 1;
   if (s->since_fp_atomic != HZ_NONE && s->since_fp_atomic >= 3)
      s->since_fp_atomic = HZ_NONE; /* far enough */
   s->prev_nop = in->opcode == aco_op_s_nop;
   return true;
}
