/* SPDX-License-Identifier: MIT */
/* Chips: every RDNA2/3/3.5/4 processor by name, what codegen needs to know about each, and
 * targets from a processor name or from the kernel driver's device ids (docs/targets.md). */
#ifndef ACO_TARGET_H
#define ACO_TARGET_H

#include "aco/aco_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aco_chip_info.features */
enum aco_chip_features {
   ACO_CHIP_FULL_VGPRS = 1 << 0,       /* the 1.5x VGPR file (1536 per lane in wave32) */
   ACO_CHIP_VOPD = 1 << 1,             /* dual-issue VALU encoding */
   ACO_CHIP_WMMA = 1 << 2,             /* matrix multiply-accumulate instructions */
   ACO_CHIP_TRANS_USE_HAZARD = 1 << 3, /* a transcendental's result read too early */
   ACO_CHIP_USER_SGPR_INIT16_BUG = 1 << 4, /* wave32: user SGPRs initialised in 16s */
   ACO_CHIP_APU = 1 << 5,              /* an integrated GPU */
};

/* What libaco knows of one processor. The table is constant; fields may be appended in
 * later versions, so use it through the pointer (never copy it by value). */
typedef struct aco_chip_info {
   const char *name;          /* LLVM's processor name: "gfx1102" */
   uint32_t number;           /* 1102: also what aco_target.gfx_level holds for the chip */
   aco_gfx_level level;       /* the code generator it uses: gfx1030, gfx1100 or gfx1200 */
   const char *codename;      /* "Navi 33" */
   uint16_t vgprs_per_simd[2];/* [wave32, wave64]: VGPRs per lane of one SIMD's file */
   uint8_t vgpr_granule[2];   /* [wave32, wave64]: a wave allocates VGPRs in blocks of this */
   uint8_t max_waves_per_simd;
   uint8_t reserved;
   uint32_t lds_bytes_per_workgroup;
   uint32_t features;         /* aco_chip_features */
} aco_chip_info;

/* The chips, by index (0 .. aco_chip_count() - 1), in increasing number; NULL past the end. */
ACO_API uint32_t aco_chip_count(void);
ACO_API const aco_chip_info *aco_chip_at(uint32_t index);
/* The chip of a target: its gfx_level is a chip number (1031) or a level (1030, taken as
 * that level's first chip). NULL for anything else. */
ACO_API const aco_chip_info *aco_chip_of_target(aco_target target);

/* A target from a processor name as LLVM spells it ("gfx1031"), optionally followed by
 * ":wavefrontsize32" or ":wavefrontsize64". wave_size is 32, 64, or 0 for the suffix's (32
 * without one); a suffix that contradicts wave_size is an error. The target's gfx_level is
 * the chip number (it is also an aco_gfx_level value for gfx1030, gfx1100 and gfx1200):
 * every function taking an aco_target accepts chip numbers, and compiles for the chip's
 * level with the chip's register file (aco_program_target and aco_binary.target give the
 * level). On an error, *target is {ACO_GFX_NONE, 0} and, if message is not NULL, a text
 * saying why is written there (at most message_size bytes, NUL included). */
ACO_API aco_status aco_target_from_name(const char *name, uint32_t wave_size, aco_target *target,
                                        char *message, size_t message_size);

/* A target from the values amdgpu_query_gpu_info() gives (struct amdgpu_gpu_info's
 * family_id and chip_external_rev), as Linux's amdgpu_drm.h and AMD's address library
 * number them. Families and revisions of chips before RDNA2 are ACO_ERROR_UNSUPPORTED.
 * wave_size: 32 or 64 (0: 32). Same error contract as aco_target_from_name. */
ACO_API aco_status aco_target_from_amdgpu_ids(uint32_t family_id, uint32_t chip_external_rev,
                                              uint32_t wave_size, aco_target *target,
                                              char *message, size_t message_size);

/* Queries an open amdgpu device (libdrm's amdgpu_device_handle) and maps it as above. Only
 * in a library built with libdrm (the meson `libdrm` feature); elsewhere the function exists
 * and returns ACO_ERROR_UNSUPPORTED with a message saying so. */
struct amdgpu_device;
ACO_API aco_status aco_target_from_amdgpu_device(struct amdgpu_device *device, uint32_t wave_size,
                                                 aco_target *target, char *message,
                                                 size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
