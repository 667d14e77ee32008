/* SPDX-License-Identifier: MIT */
/* aco_target_from_amdgpu_device: the device's ids from libdrm, when the library is built
 * with it (the meson `libdrm` feature defines ACO_HAVE_LIBDRM). */
#include "aco/aco_target.h"

#include <stdio.h>

#ifdef ACO_HAVE_LIBDRM
#include <amdgpu.h>
#endif

aco_status
aco_target_from_amdgpu_device(struct amdgpu_device *device, uint32_t wave_size, aco_target *target,
                              char *message, size_t message_size)
{
   if (target)
      *target = (aco_target){ACO_GFX_NONE, 0};
#ifdef ACO_HAVE_LIBDRM
   if (!device || !target) {
      if (message && message_size)
         snprintf(message, message_size, "aco_target_from_amdgpu_device: %s is NULL",
                  device ? "target" : "device");
      return ACO_ERROR_INVALID_ARGUMENT;
   }
   struct amdgpu_gpu_info info;
   int r = amdgpu_query_gpu_info(device, &info);
   if (r) {
      if (message && message_size)
         snprintf(message, message_size, "amdgpu_query_gpu_info failed (%d)", r);
      return ACO_ERROR_UNSUPPORTED;
   }
   return aco_target_from_amdgpu_ids(info.family_id, info.chip_external_rev, wave_size, target,
                                     message, message_size);
#else
   (void)device;
   (void)wave_size;
   if (message && message_size)
      snprintf(message, message_size,
               "aco_target_from_amdgpu_device: libaco was built without libdrm");
   return ACO_ERROR_UNSUPPORTED;
#endif
}
