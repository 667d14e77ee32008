/* SPDX-License-Identifier: MIT */
/* VK_KHR_pipeline_executable_properties from a binary: a driver's
 * vkGetPipelineExecutableStatisticsKHR and vkGetPipelineExecutableInternalRepresentationsKHR
 * for one executable are a call of these (docs/statistics.md). Header-only: include it after
 * <vulkan/vulkan.h> (or <vulkan/vulkan_core.h>); the library itself does not use Vulkan.
 * Installed when libaco is configured with the Vulkan headers (meson feature `vulkan`). */
#ifndef ACO_VULKAN_H
#define ACO_VULKAN_H

#include "aco/aco.h"

#include <string.h>

#ifndef VK_KHR_pipeline_executable_properties
#error "aco/aco_vulkan.h needs <vulkan/vulkan_core.h> with VK_KHR_pipeline_executable_properties"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Copies text into a fixed VK_MAX_DESCRIPTION_SIZE array, cut if longer, NUL-terminated. */
static inline void
aco_vk_copy_description(char dst[VK_MAX_DESCRIPTION_SIZE], const char *src)
{
   size_t n = strlen(src);
   if (n >= VK_MAX_DESCRIPTION_SIZE)
      n = VK_MAX_DESCRIPTION_SIZE - 1;
   memcpy(dst, src, n);
   dst[n] = 0;
}

/* The Vulkan two-call idiom over the binary's statistics (aco_binary_statistic): with
 * statistics NULL, *count receives how many there are; otherwise the first *count of them
 * are written (sType and pNext are left as the caller set them), *count becomes the number
 * written, and VK_INCOMPLETE says some did not fit. Values are UINT64. */
static inline VkResult
aco_vk_get_statistics(const aco_binary *binary, uint32_t *count,
                      VkPipelineExecutableStatisticKHR *statistics)
{
   uint32_t total = aco_binary_statistic_count(binary);
   if (!statistics) {
      *count = total;
      return VK_SUCCESS;
   }
   uint32_t n = *count < total ? *count : total;
   for (uint32_t i = 0; i < n; i++) {
      aco_statistic_info info;
      memset(&info, 0, sizeof(info));
      info.struct_size = sizeof(info);
      if (aco_binary_statistic(binary, i, &info) != ACO_SUCCESS)
         return VK_ERROR_UNKNOWN;
      aco_vk_copy_description(statistics[i].name, info.name);
      aco_vk_copy_description(statistics[i].description, info.description);
      statistics[i].format = VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR;
      statistics[i].value.u64 = info.value;
   }
   *count = n;
   return n < total ? VK_INCOMPLETE : VK_SUCCESS;
}

/* The same idiom over the binary's representations (aco_binary_representation), and within
 * each for its text: a NULL pData receives the size needed in dataSize (the NUL included);
 * a buffer receives as much as fits, dataSize the bytes written, and VK_INCOMPLETE is
 * returned if any text or representation was cut. */
static inline VkResult
aco_vk_get_internal_representations(const aco_binary *binary, uint32_t *count,
                                    VkPipelineExecutableInternalRepresentationKHR *reps)
{
   uint32_t total = aco_binary_representation_count(binary);
   if (!reps) {
      *count = total;
      return VK_SUCCESS;
   }
   VkResult result = VK_SUCCESS;
   uint32_t n = *count < total ? *count : total;
   for (uint32_t i = 0; i < n; i++) {
      aco_representation_info info;
      memset(&info, 0, sizeof(info));
      info.struct_size = sizeof(info);
      if (aco_binary_representation(binary, i, &info) != ACO_SUCCESS)
         return VK_ERROR_UNKNOWN;
      aco_vk_copy_description(reps[i].name, info.name);
      aco_vk_copy_description(reps[i].description, info.description);
      reps[i].isText = VK_TRUE;
      size_t size = strlen(info.text) + 1;
      if (!reps[i].pData) {
         reps[i].dataSize = size;
         continue;
      }
      if (reps[i].dataSize < size) {
         result = VK_INCOMPLETE;
         size = reps[i].dataSize;
      }
      if (size) {
         memcpy(reps[i].pData, info.text, size - 1);
         ((char *)reps[i].pData)[size - 1] = 0;
      }
      reps[i].dataSize = size;
   }
   *count = n;
   return n < total ? VK_INCOMPLETE : result;
}

#ifdef __cplusplus
}
#endif

#endif
