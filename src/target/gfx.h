/* SPDX-License-Identifier: MIT */
/* Facts about each GFX level as data: register file, special registers, inline constants,
 * allocation granules, immediate ranges. Passes read these instead of testing levels. */
#ifndef ACO_TARGET_GFX_H
#define ACO_TARGET_GFX_H

#include "aco/aco_core.h"

#include <stdbool.h>
#include <stdint.h>

/* Index of a level into per-level arrays (opcode table columns): 0, 1, 2; -1 if unknown. */
int aco_gfx_index(aco_gfx_level level);

/* Scalar register-file encodings (the 7/8/9-bit operand field values). */
enum {
   ACO_SGPR_COUNT = 106, /* s0..s105 addressable */
   ACO_REG_VCC_LO = 106,
   ACO_REG_VCC_HI = 107,
   ACO_REG_TTMP0 = 108,
   ACO_REG_EXEC_LO = 126,
   ACO_REG_EXEC_HI = 127,
   ACO_REG_CONST_ZERO = 128,
   ACO_REG_CONST_POS_MAX = 192, /* 128 + 64 */
   ACO_REG_CONST_NEG_MIN = 208, /* -16 */
   ACO_REG_DPP8 = 233,
   ACO_REG_DPP8_FI = 234,
   ACO_REG_CONST_HALF = 240,
   ACO_REG_CONST_INV_2PI = 248,
   ACO_REG_SDWA = 249,
   ACO_REG_DPP16 = 250,
   ACO_REG_VCCZ = 251,
   ACO_REG_EXECZ = 252,
   ACO_REG_SCC = 253,
   ACO_REG_LITERAL = 255,
   ACO_REG_VGPR0 = 256,
   ACO_VGPR_COUNT = 256,
};

struct aco_gfx_info {
   aco_gfx_level level;
   const char *name;
   uint16_t reg_m0;   /* 124 on GFX10.3, 125 on GFX11+ */
   uint16_t reg_null; /* 125 on GFX10.3, 124 on GFX11+ */
   uint16_t sgpr_count;
   uint16_t vgpr_count;
   uint8_t vgpr_granule[2]; /* [wave32, wave64]: VGPRs are allocated in blocks of this */
   uint8_t sgpr_granule;
   int32_t scratch_offset_min, scratch_offset_max; /* immediate offsets of scratch_* */
   int32_t global_offset_min, global_offset_max;
   int32_t flat_offset_min, flat_offset_max;
   int32_t smem_offset_min, smem_offset_max;
   uint32_t mubuf_offset_max;
   bool has_sdwa, has_vopd, has_true16, has_split_waits, has_scratch_saddr_vaddr;
   bool getpc_needs_sext; /* s_getpc_b64 high half must be sign-extended from 16 bits */
   uint8_t waitcnt_vm_bits, waitcnt_lgkm_bits; /* s_waitcnt field widths */
   uint32_t elf_mach; /* EF_AMDGPU_MACH_* */
};

const struct aco_gfx_info *aco_gfx_info(aco_gfx_level level);

/* Operand-field value of an inline constant equal to the 32-bit pattern `value` for an
 * operand of `bits` (16, 32, 64; for 64 the value is the double's or integer's high/low
 * pattern as LLVM defines: integers sign-extended, floats as doubles), or -1 if none. */
int aco_inline_constant(uint64_t value, unsigned bits, bool is_float);
/* The value an inline-constant field denotes for an operand of `bits` bits. */
bool aco_inline_constant_value(unsigned field, unsigned bits, uint64_t *value);

/* s_waitcnt_depctr (s_wait_alu on GFX12) fields; a field at 0 waits until that counter
 * drains. The masks clear one field from "wait for nothing" (ACO_DEPCTR_NONE). */
enum {
   ACO_DEPCTR_NONE = 0xffff,
   ACO_DEPCTR_VA_VDST0 = 0x0fff, /* va_vdst [15:12]: VALU writes of VGPRs */
   ACO_DEPCTR_VA_SDST0 = 0xf1ff, /* va_sdst [11:9]: VALU writes of SGPRs */
   ACO_DEPCTR_VA_VCC0 = 0xfffd,  /* va_vcc [1]: VALU writes of vcc */
   ACO_DEPCTR_SA_SDST0 = 0xfffe, /* sa_sdst [0]: SALU writes of SGPRs */
};
static inline unsigned aco_depctr_va_vdst(uint32_t imm) { return (imm >> 12) & 0xf; }
static inline unsigned aco_depctr_va_sdst(uint32_t imm) { return (imm >> 9) & 7; }
static inline unsigned aco_depctr_va_vcc(uint32_t imm) { return (imm >> 1) & 1; }
static inline unsigned aco_depctr_sa_sdst(uint32_t imm) { return imm & 1; }

/* s_waitcnt immediate for the given counts on GFX10.3/GFX11 (saturating each field). */
uint16_t aco_waitcnt_encode(aco_gfx_level level, unsigned vm, unsigned exp, unsigned lgkm);
void aco_waitcnt_decode(aco_gfx_level level, uint16_t imm, unsigned *vm, unsigned *exp,
                        unsigned *lgkm);

#endif
