/* SPDX-License-Identifier: MIT */
/* Per-level facts. Offset ranges, register numbers and ELF machine values were checked
 * with llvm-mc-19 (see docs/isa-notes.md). */
#include "target/gfx.h"
#include "target/opcodes.h"

#include <stddef.h>
#include <string.h>

static const struct aco_gfx_info gfx_infos[3] = {
   {
      .level = ACO_GFX1030, .name = "gfx1030", .reg_m0 = 124, .reg_null = 125,
      .sgpr_count = ACO_SGPR_COUNT, .vgpr_count = 256, .vgpr_granule = {16, 8}, .sgpr_granule = 8,
      .scratch_offset_min = -2048, .scratch_offset_max = 2047,
      .global_offset_min = -2048, .global_offset_max = 2047,
      .flat_offset_min = 0, .flat_offset_max = 2047,
      .smem_offset_min = -(1 << 20), .smem_offset_max = (1 << 20) - 1,
      .mubuf_offset_max = 4095,
      .has_sdwa = true, .waitcnt_vm_bits = 6, .waitcnt_lgkm_bits = 6, .elf_mach = 0x36,
   },
   {
      .level = ACO_GFX1100, .name = "gfx1100", .reg_m0 = 125, .reg_null = 124,
      .sgpr_count = ACO_SGPR_COUNT, .vgpr_count = 256, .vgpr_granule = {24, 12}, .sgpr_granule = 8,
      .scratch_offset_min = -4096, .scratch_offset_max = 4095,
      .global_offset_min = -4096, .global_offset_max = 4095,
      .flat_offset_min = 0, .flat_offset_max = 4095,
      .smem_offset_min = -(1 << 20), .smem_offset_max = (1 << 20) - 1,
      .mubuf_offset_max = 4095,
      .has_vopd = true, .has_true16 = true, .has_scratch_saddr_vaddr = true,
      .waitcnt_vm_bits = 6, .waitcnt_lgkm_bits = 6, .elf_mach = 0x41,
   },
   {
      .level = ACO_GFX1200, .name = "gfx1200", .reg_m0 = 125, .reg_null = 124,
      .sgpr_count = ACO_SGPR_COUNT, .vgpr_count = 256, .vgpr_granule = {24, 12}, .sgpr_granule = 8,
      .scratch_offset_min = -(1 << 23), .scratch_offset_max = (1 << 23) - 1,
      .global_offset_min = -(1 << 23), .global_offset_max = (1 << 23) - 1,
      .flat_offset_min = -(1 << 23), .flat_offset_max = (1 << 23) - 1,
      .smem_offset_min = -(1 << 23), .smem_offset_max = (1 << 23) - 1,
      .mubuf_offset_max = (1 << 23) - 1,
      .has_vopd = true, .has_true16 = true, .has_split_waits = true,
      .has_scratch_saddr_vaddr = true, .getpc_needs_sext = true, .elf_mach = 0x48,
   },
};

int
aco_gfx_index(aco_gfx_level level)
{
   switch (level) {
   case ACO_GFX1030: return 0;
   case ACO_GFX1100: return 1;
   case ACO_GFX1200: return 2;
   default: return -1;
   }
}

const struct aco_gfx_info *
aco_gfx_info(aco_gfx_level level)
{
   int i = aco_gfx_index(level);
   return i < 0 ? NULL : &gfx_infos[i];
}

/* Bit patterns of the float inline constants 240..248 for 16, 32 and 64-bit operands. */
static const uint16_t inline_f16[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                       0xc000, 0x4400, 0xc400, 0x3118};
static const uint32_t inline_f32[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                       0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
static const uint64_t inline_f64[9] = {
   0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
   0x4000000000000000ull, 0xc000000000000000ull, 0x4010000000000000ull, 0xc010000000000000ull,
   0x3fc45f306dc9c882ull};

bool
aco_inline_constant_value(unsigned field, unsigned bits, uint64_t *value)
{
   uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   if (field >= 128 && field <= 192) {
      *value = field - 128;
   } else if (field >= 193 && field <= 208) {
      *value = (uint64_t)(-(int64_t)(field - 192)) & mask;
   } else if (field >= 240 && field <= 248) {
      *value = bits == 16 ? inline_f16[field - 240]
               : bits == 32 ? inline_f32[field - 240] : inline_f64[field - 240];
   } else {
      return false;
   }
   return true;
}

int
aco_inline_constant(uint64_t value, unsigned bits, bool is_float)
{
   uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   value &= mask;
   for (unsigned f = 128; f <= 208; f++) {
      uint64_t v;
      aco_inline_constant_value(f, bits, &v);
      if (v == value)
         return (int)f;
   }
   if (is_float || bits == 16 || bits == 32) {
      for (unsigned f = 240; f <= 248; f++) {
         uint64_t v;
         aco_inline_constant_value(f, bits, &v);
         if (v == value)
            return (int)f;
      }
   }
   return -1;
}

uint16_t
aco_waitcnt_encode(aco_gfx_level level, unsigned vm, unsigned exp, unsigned lgkm)
{
   vm = vm > 63 ? 63 : vm;
   exp = exp > 7 ? 7 : exp;
   lgkm = lgkm > 63 ? 63 : lgkm;
   if (level >= ACO_GFX1100)
      return (uint16_t)(vm << 10 | lgkm << 4 | exp);
   return (uint16_t)((vm & 15) | (vm >> 4) << 14 | exp << 4 | lgkm << 8);
}

void
aco_waitcnt_decode(aco_gfx_level level, uint16_t imm, unsigned *vm, unsigned *exp, unsigned *lgkm)
{
   if (level >= ACO_GFX1100) {
      *vm = imm >> 10;
      *lgkm = (imm >> 4) & 63;
      *exp = imm & 7;
   } else {
      *vm = (imm & 15) | (imm >> 14) << 4;
      *exp = (imm >> 4) & 7;
      *lgkm = (imm >> 8) & 63;
   }
}

static const char *const format_names[ACO_NUM_FORMATS] = {
   "PSEUDO", "SOP1", "SOP2", "SOPK", "SOPC", "SOPP", "SMEM", "VOP1", "VOP2", "VOPC",
   "VOP3", "VOP3P", "VOPD", "DS", "FLAT", "GLOBAL", "SCRATCH", "MUBUF",
};

const char *
aco_format_name(enum aco_format fmt)
{
   return fmt < ACO_NUM_FORMATS ? format_names[fmt] : "?";
}

enum aco_opcode
aco_opcode_from_name(const char *name)
{
   for (unsigned i = 0; i < aco_num_opcodes; i++) {
      if (strcmp(aco_op_infos[i].name, name) == 0)
         return (enum aco_opcode)i;
   }
   return aco_num_opcodes;
}
