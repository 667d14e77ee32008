/* SPDX-License-Identifier: MIT */
/* Facts shared by liveness, register allocation and the RA validator, so the three agree
 * on what an instruction needs. */
#ifndef ACO_RA_RA_UTIL_H
#define ACO_RA_RA_UTIL_H

#include "mir/mir.h"

static inline bool
aco_ra_is_phi(const struct aco_minstr *in)
{
   return in->opcode == aco_op_p_phi || in->opcode == aco_op_p_linear_phi;
}

/* Whether a definition may take any register of an operand the instruction kills.
 * Pseudo instructions (copies, vector building, phis) are lowered with the overlap in
 * mind; a hardware instruction reads its sources before writing, which is safe for one
 * dword or less. For wider hardware definitions only exactly the registers of a killed
 * operand of the same size may be reused (as in `global_load_b64 v[0:1], v[0:1], off`);
 * otherwise definitions and operands stay apart (early clobber): partial overlaps of
 * multi-dword results with sources (64-bit VALU, v_mad_u64_u32, loads whose address is
 * overwritten by a later dword) are where the hardware is not documented to read
 * everything first. */
static inline bool
aco_ra_defs_may_overlap_operands(const struct aco_minstr *in)
{
   /* an SGPR spill through scratch writes its scratch definitions before it reads the
    * value */
   if (in->opcode == aco_op_p_spill || in->opcode == aco_op_p_reload)
      return false;
   if (aco_op_info((enum aco_opcode)in->opcode)->format == ACO_FMT_PSEUDO)
      return true;
   for (unsigned i = 0; i < in->num_definitions; i++) {
      const aco_definition *d = &in->definitions[i];
      if (d->temp.id && aco_rc_bytes(d->temp.rc) > 4)
         return false;
   }
   return true;
}

/* Bytes a definition writes: its temporary's, or for a register written without one
 * (scc, vcc, m0, a run of registers a call clobbers) the class it carries, and at least
 * the wave's lane mask in vcc or exec. */
static inline unsigned
aco_ra_def_bytes(const struct aco_mprogram *p, const aco_definition *d)
{
   if (d->temp.id)
      return aco_rc_bytes(d->temp.rc);
   unsigned bytes = d->temp.rc.v ? aco_rc_bytes(d->temp.rc) : 4;
   unsigned f = aco_physreg_field(d->reg);
   if ((f == ACO_REG_VCC_LO || f == ACO_REG_EXEC_LO) && p->wave_size == 64 && bytes < 8)
      bytes = 8;
   return bytes ? bytes : 4;
}

/* The class of a temporary id. */
static inline aco_rc
aco_ra_temp_rc(const struct aco_mprogram *p, uint32_t id)
{
   return p->temp_rc.data[id];
}

/* Alignment in bytes of a register class: SGPR pairs at even registers, 3+ SGPRs at
 * multiples of 4 (SMEM destinations), VGPR halves at byte 0 or 2. */
static inline unsigned
aco_ra_align_bytes(aco_rc rc)
{
   unsigned bytes = aco_rc_bytes(rc);
   if (!aco_rc_is_vgpr(rc))
      return bytes <= 4 ? 4 : bytes <= 8 ? 8 : 16;
   if (bytes >= 3)
      return 4;
   return 2;
}

#endif
