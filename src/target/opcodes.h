/* SPDX-License-Identifier: MIT */
/* The opcode table: enum aco_opcode and one aco_op_info per opcode, generated from
 * src/target/opcodes.py. Every fact about an instruction is read from here. */
#ifndef ACO_TARGET_OPCODES_H
#define ACO_TARGET_OPCODES_H

#include "target/opcodes_gen.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One operand of the printed (LLVM) syntax, in order. role: 'd' destination, 'a' src0 or
 * address, 'b' src1 or SMEM base, 'c' src2, 'e' carry-out, 'x'/'y' data, 'r' resource,
 * 'o' soffset, 'k' immediate, 'v' implicit vcc, 'f' "off" (no saddr), 'n' "offen".
 * file 's' or 'v'; dwords the register count. */
struct aco_op_slot {
   char role;
   char file;
   uint8_t dwords;
};

struct aco_op_sig {
   const struct aco_op_slot *slots;
   uint8_t count; /* 0xff: special syntax not described by slots */
};

struct aco_op_info {
   const char *name;
   uint8_t format; /* enum aco_format */
   int16_t opcode[3];  /* per GFX index (gfx1030, gfx1100, gfx1200); -1 absent */
   int16_t opcode2[3]; /* VOP3 (e64) opcode of VOP1/VOP2/VOPC; VOPD: the OPY number */
   const char *asm_name[3];
   struct aco_op_sig sig[3];
   uint32_t flags; /* enum aco_op_flag */
   uint8_t wait;   /* enum aco_wait_counter */
   uint8_t hazard; /* enum aco_hazard_class */
};

extern const struct aco_op_info aco_op_infos[aco_num_opcodes];

static inline const struct aco_op_info *
aco_op_info(enum aco_opcode op)
{
   return &aco_op_infos[op];
}

/* Bits an instruction reads from the source in a slot of role 'a'/'b'/'c' (16 for 16-bit
 * sources, whose literals are 16 bits and float inline constants halves). */
static inline unsigned
aco_source_bits(const struct aco_op_info *info, struct aco_op_slot s)
{
   if ((s.role == 'a' || s.role == 'b') && (info->flags & ACO_OPF_SRC16))
      return 16;
   if (s.role == 'c' && (info->flags & ACO_OPF_SRC2_16))
      return 16;
   return s.dwords * 32u;
}

/* A VGPR slot of a 16-bit value (DST16 destination, 16-bit source). On GFX11+ it names
 * either half of a VGPR: a register at byte 2 is the high half (docs/mir.md). */
static inline bool
aco_slot_is_16bit_vgpr(const struct aco_op_info *info, struct aco_op_slot s)
{
   if (s.file != 'v')
      return false;
   if (s.role == 'd')
      return (info->flags & ACO_OPF_DST16) != 0;
   return (s.role == 'a' || s.role == 'b' || s.role == 'c') && aco_source_bits(info, s) == 16;
}

/* Instruction classes by format (the hazard rules and wait counters speak of these). */
static inline bool
aco_format_is_valu(unsigned fmt)
{
   return fmt >= ACO_FMT_VOP1 && fmt <= ACO_FMT_VOPD;
}
static inline bool
aco_format_is_salu(unsigned fmt)
{
   return fmt >= ACO_FMT_SOP1 && fmt <= ACO_FMT_SOPP;
}
/* DS, FLAT, GLOBAL, SCRATCH and MUBUF */
static inline bool
aco_format_is_vmem_or_ds(unsigned fmt)
{
   return fmt >= ACO_FMT_DS && fmt <= ACO_FMT_MUBUF;
}

const char *aco_format_name(enum aco_format fmt);
/* The opcode with that canonical name, or aco_num_opcodes. */
enum aco_opcode aco_opcode_from_name(const char *name);

#endif
