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

/* 16-bit values (class v2b) in hardware instructions.
 *
 * Which half a slot may name: every 16-bit operand and result may sit at byte 0 of its
 * VGPR (a 32-bit slot then reads the other half too, which a 16-bit value does not care
 * about). Byte 2, the high half, only on GFX11+ in a 16-bit VGPR slot
 * (aco_slot_is_16bit_vgpr) of a VOP3 opcode in its own encoding (v_fma_f16, v_add_nc_u16,
 * v_med3_i16 ...), where the assembler turns it into op_sel. The VOP3 (e64) forms of
 * VOP1/VOP2/VOPC opcodes take the same op_sel bits, but llvm-mc-19 refuses op_sel there
 * (and its true16 syntax on them), so their programs could not be checked against it; the
 * 32-bit and DPP forms could name the high halves of v0..v127 (bit 7). Neither is used: no
 * half lands in v128+ of a form that cannot encode it, and no later change of form meets
 * one. GFX10.3 keeps byte 0 (SDWA could reach the high half; not used). Returns a mask of
 * operand indices (bits 0..15) and definition indices (bits 16..23) that may take byte 2. */
static inline uint32_t
aco_ra_high_half_slots(const struct aco_mprogram *p, const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
   if (p->gfx_level < ACO_GFX1100 || info->format != ACO_FMT_VOP3 ||
       in->encoding != ACO_ENC_NATIVE)
      return 0;
   /* the 16-bit opcodes that are VOP2 on GFX10.3: llvm-mc-19 refuses op_sel on their
    * GFX11+ VOP3 encodings too */
   switch (in->opcode) {
   case aco_op_v_lshlrev_b16:
   case aco_op_v_lshrrev_b16:
   case aco_op_v_ashrrev_i16:
   case aco_op_v_max_u16:
   case aco_op_v_max_i16:
   case aco_op_v_min_u16:
   case aco_op_v_min_i16:
   case aco_op_v_mul_lo_u16:
      return 0;
   default:
      break;
   }
   struct aco_slot_map map;
   if (!aco_minstr_slots(p->gfx_level, p->wave_size, (enum aco_opcode)in->opcode,
                         (enum aco_encoding)in->encoding, &map))
      return 0;
   uint32_t mask = 0;
   for (unsigned i = 0; i < map.count; i++) {
      if (map.index[i] == 0xff || !aco_slot_is_16bit_vgpr(info, map.slot[i]))
         continue;
      if (map.is_def[i] && map.index[i] < 8)
         mask |= 1u << (16 + map.index[i]);
      else if (!map.is_def[i] && map.index[i] < 16)
         mask |= 1u << map.index[i];
   }
   return mask;
}

/* Whether hardware definition `di`, a v2b temporary, writes only its own half. 16-bit VALU
 * results (ACO_OPF_DST16 opcodes: f16 arithmetic, the 16-bit integer ops, conversions to
 * 16 bits) keep the other half of the VGPR on GFX10.3, GFX11 and GFX12 (the
 * emulator does the same). Every other instruction writing a 16-bit value (32-bit VALU
 * operations, loads, SDWA forms) writes the whole VGPR: the other half cannot hold a live
 * value there, and the result sits at byte 0. */
static inline bool
aco_ra_def_keeps_other_half(const struct aco_minstr *in, unsigned di)
{
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)in->opcode);
   return di == 0 && (info->flags & ACO_OPF_DST16) && info->format >= ACO_FMT_VOP1 &&
          info->format <= ACO_FMT_VOP3 && in->encoding != ACO_ENC_SDWA &&
          aco_rc_is_subdword(in->definitions[0].temp.rc);
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
