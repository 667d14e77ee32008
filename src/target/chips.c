/* SPDX-License-Identifier: MIT */
/* The chip table and the ways to a target (include/aco/aco_target.h). The facts and their
 * sources are in docs/targets.md: processor names and features from LLVM's AMDGPU processor
 * table and subtarget features, register files from LLVM's VGPR allocation rules, family ids
 * from Linux's amdgpu_drm.h and revision ranges from AMD's address library. */
#include "aco/aco_target.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define LDS_64K (64u * 1024u)
#define RDNA2(c) ACO_GFX1030, c, {1024, 512}, {16, 8}, 16, 0, LDS_64K
#define RDNA3_SMALL(c) ACO_GFX1100, c, {1024, 512}, {16, 8}, 16, 0, LDS_64K
#define RDNA3_FULL(c) ACO_GFX1100, c, {1536, 768}, {24, 12}, 16, 0, LDS_64K
#define RDNA4(c) ACO_GFX1200, c, {1536, 768}, {24, 12}, 16, 0, LDS_64K
#define GFX11 (ACO_CHIP_VOPD | ACO_CHIP_WMMA)

static const aco_chip_info chips[] = {
   {"gfx1030", 1030, RDNA2("Navi 21"), 0},
   {"gfx1031", 1031, RDNA2("Navi 22"), 0},
   {"gfx1032", 1032, RDNA2("Navi 23"), 0},
   {"gfx1033", 1033, RDNA2("Van Gogh"), ACO_CHIP_APU},
   {"gfx1034", 1034, RDNA2("Navi 24"), 0},
   {"gfx1035", 1035, RDNA2("Rembrandt"), ACO_CHIP_APU},
   {"gfx1036", 1036, RDNA2("Raphael, Mendocino"), ACO_CHIP_APU},
   {"gfx1100", 1100, RDNA3_FULL("Navi 31"),
    GFX11 | ACO_CHIP_FULL_VGPRS | ACO_CHIP_TRANS_USE_HAZARD | ACO_CHIP_USER_SGPR_INIT16_BUG},
   {"gfx1101", 1101, RDNA3_FULL("Navi 32"),
    GFX11 | ACO_CHIP_FULL_VGPRS | ACO_CHIP_TRANS_USE_HAZARD},
   {"gfx1102", 1102, RDNA3_SMALL("Navi 33"),
    GFX11 | ACO_CHIP_TRANS_USE_HAZARD | ACO_CHIP_USER_SGPR_INIT16_BUG},
   {"gfx1103", 1103, RDNA3_SMALL("Phoenix, Hawk Point"),
    GFX11 | ACO_CHIP_TRANS_USE_HAZARD | ACO_CHIP_APU},
   {"gfx1150", 1150, RDNA3_SMALL("Strix Point"), GFX11 | ACO_CHIP_APU},
   {"gfx1151", 1151, RDNA3_FULL("Strix Halo"), GFX11 | ACO_CHIP_FULL_VGPRS | ACO_CHIP_APU},
   {"gfx1152", 1152, RDNA3_SMALL("Krackan Point"), GFX11 | ACO_CHIP_APU},
   {"gfx1153", 1153, RDNA3_SMALL("gfx1153"), GFX11 | ACO_CHIP_APU},
   {"gfx1200", 1200, RDNA4("Navi 44"), ACO_CHIP_FULL_VGPRS | GFX11},
   {"gfx1201", 1201, RDNA4("Navi 48"), ACO_CHIP_FULL_VGPRS | GFX11},
};

#define NUM_CHIPS (sizeof(chips) / sizeof(chips[0]))

uint32_t
aco_chip_count(void)
{
   return NUM_CHIPS;
}

const aco_chip_info *
aco_chip_at(uint32_t index)
{
   return index < NUM_CHIPS ? &chips[index] : NULL;
}

const aco_chip_info *
aco_chip_of_target(aco_target target)
{
   for (unsigned i = 0; i < NUM_CHIPS; i++)
      if (chips[i].number == (uint32_t)target.gfx_level)
         return &chips[i];
   return NULL;
}

static aco_status
fail(aco_status s, aco_target *target, char *message, size_t size, const char *fmt, ...)
{
   if (target)
      *target = (aco_target){ACO_GFX_NONE, 0};
   if (message && size) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(message, size, fmt, ap);
      va_end(ap);
   }
   return s;
}

static aco_status
make_target(const aco_chip_info *chip, uint32_t wave_size, aco_target *target, char *message,
            size_t size)
{
   if (wave_size != 0 && wave_size != 32 && wave_size != 64)
      return fail(ACO_ERROR_INVALID_ARGUMENT, target, message, size,
                  "wave size %u: 32, 64 or 0 (32)", wave_size);
   target->gfx_level = (aco_gfx_level)chip->number;
   target->wave_size = wave_size ? wave_size : 32;
   if (message && size)
      message[0] = 0;
   return ACO_SUCCESS;
}

aco_status
aco_target_from_name(const char *name, uint32_t wave_size, aco_target *target, char *message,
                     size_t message_size)
{
   if (!target)
      return fail(ACO_ERROR_INVALID_ARGUMENT, NULL, message, message_size,
                  "aco_target_from_name: target is NULL");
   if (!name)
      return fail(ACO_ERROR_INVALID_ARGUMENT, target, message, message_size,
                  "aco_target_from_name: name is NULL");
   size_t len = strcspn(name, ":");
   const char *suffix = name + len;
   uint32_t wave = wave_size;
   if (*suffix) {
      uint32_t w = !strcmp(suffix, ":wavefrontsize32")   ? 32
                   : !strcmp(suffix, ":wavefrontsize64") ? 64
                                                         : 0;
      if (!w)
         return fail(ACO_ERROR_INVALID_ARGUMENT, target, message, message_size,
                     "'%s': unknown feature '%s' (:wavefrontsize32 or :wavefrontsize64)", name,
                     suffix + 1);
      if (wave_size && wave_size != w)
         return fail(ACO_ERROR_INVALID_ARGUMENT, target, message, message_size,
                     "'%s' contradicts wave size %u", name, wave_size);
      wave = w;
   }
   for (unsigned i = 0; i < NUM_CHIPS; i++)
      if (strlen(chips[i].name) == len && !strncmp(chips[i].name, name, len))
         return make_target(&chips[i], wave, target, message, message_size);
   return fail(ACO_ERROR_UNSUPPORTED, target, message, message_size,
               "unknown processor '%.*s' (gfx1030-gfx1036, gfx1100-gfx1103, gfx1150-gfx1153, "
               "gfx1200, gfx1201)",
               (int)(len > 64 ? 64 : len), name);
}

/* amdgpu_drm.h's family ids of the supported generations, and the revision ranges
 * [first, end) of each chip in a family. */
enum {
   FAMILY_NV = 143,
   FAMILY_VGH = 144,
   FAMILY_GC_11_0_0 = 145,
   FAMILY_YC = 146,
   FAMILY_GC_11_0_1 = 148,
   FAMILY_GC_10_3_6 = 149,
   FAMILY_GC_11_5_0 = 150,
   FAMILY_GC_10_3_7 = 151,
   FAMILY_GC_12_0_0 = 152,
};

static const struct {
   uint16_t family;
   uint8_t first, end; /* end 0xff: up to 0xff included */
   uint16_t chip;
} revisions[] = {
   {FAMILY_NV, 0x28, 0x32, 1030},        {FAMILY_NV, 0x32, 0x3c, 1031},
   {FAMILY_NV, 0x3c, 0x46, 1032},        {FAMILY_NV, 0x46, 0x50, 1034},
   {FAMILY_VGH, 0x01, 0xff, 1033},       {FAMILY_YC, 0x01, 0xff, 1035},
   {FAMILY_GC_10_3_6, 0x01, 0xff, 1036}, {FAMILY_GC_10_3_7, 0x01, 0xff, 1036},
   {FAMILY_GC_11_0_0, 0x01, 0x10, 1100}, {FAMILY_GC_11_0_0, 0x10, 0x20, 1102},
   {FAMILY_GC_11_0_0, 0x20, 0xff, 1101}, {FAMILY_GC_11_0_1, 0x01, 0xff, 1103},
   {FAMILY_GC_11_5_0, 0x01, 0x40, 1150}, {FAMILY_GC_11_5_0, 0x40, 0x50, 1152},
   {FAMILY_GC_11_5_0, 0x50, 0xc0, 1153}, {FAMILY_GC_11_5_0, 0xc0, 0xff, 1151},
   {FAMILY_GC_12_0_0, 0x40, 0x50, 1200}, {FAMILY_GC_12_0_0, 0x50, 0xff, 1201},
};

aco_status
aco_target_from_amdgpu_ids(uint32_t family_id, uint32_t chip_external_rev, uint32_t wave_size,
                           aco_target *target, char *message, size_t message_size)
{
   if (!target)
      return fail(ACO_ERROR_INVALID_ARGUMENT, NULL, message, message_size,
                  "aco_target_from_amdgpu_ids: target is NULL");
   bool family_known = false;
   for (unsigned i = 0; i < sizeof(revisions) / sizeof(revisions[0]); i++) {
      if (revisions[i].family != family_id)
         continue;
      family_known = true;
      uint32_t end = revisions[i].end == 0xff ? 0x100 : revisions[i].end;
      if (chip_external_rev >= revisions[i].first && chip_external_rev < end) {
         aco_target t = {(aco_gfx_level)revisions[i].chip, 0};
         return make_target(aco_chip_of_target(t), wave_size, target, message, message_size);
      }
   }
   if (family_known)
      return fail(ACO_ERROR_UNSUPPORTED, target, message, message_size,
                  "amdgpu family %u: unknown external revision 0x%x", family_id,
                  chip_external_rev);
   return fail(ACO_ERROR_UNSUPPORTED, target, message, message_size,
               "amdgpu family %u is not an RDNA2, RDNA3 or RDNA4 GPU", family_id);
}
