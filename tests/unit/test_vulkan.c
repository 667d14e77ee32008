/* SPDX-License-Identifier: MIT */
/* aco_vulkan.h against the real Vulkan headers: the two-call idiom for statistics and
 * internal representations, with short arrays and short text buffers. */
#include <vulkan/vulkan_core.h>

#include "aco/aco_vulkan.h"
#include "helpers.h"

static aco_binary *
compile_saxpy(const char *path)
{
   FILE *f = fopen(path, "rb");
   assert_non_null(f);
   static char text[1 << 16];
   size_t len = fread(text, 1, sizeof(text) - 1, f);
   fclose(f);
   aco_program *p = test_program(ACO_GFX_NONE, 0);
   assert_int_equal(aco_program_parse(p, "saxpy.air", text, len), ACO_SUCCESS);
   aco_compile_options o = {sizeof(o), ACO_COMPILE_DISASSEMBLY | ACO_COMPILE_PRINT_IR, 0, 0, 0,
                            0};
   aco_binary *bin = NULL;
   assert_int_equal(aco_compile(p, &o, NULL, &bin), ACO_SUCCESS);
   aco_program_destroy(p);
   return bin;
}

static const char *path;

static void
test_statistics(void **state)
{
   (void)state;
   aco_binary *bin = compile_saxpy(path);
   uint32_t count = 0;
   assert_int_equal(aco_vk_get_statistics(bin, &count, NULL), VK_SUCCESS);
   assert_int_equal(count, aco_binary_statistic_count(bin));
   VkPipelineExecutableStatisticKHR *s = calloc(count + 1, sizeof(*s));
   for (uint32_t i = 0; i <= count; i++)
      s[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
   uint32_t n = count + 1;
   assert_int_equal(aco_vk_get_statistics(bin, &n, s), VK_SUCCESS);
   assert_int_equal(n, count);
   for (uint32_t i = 0; i < count; i++) {
      aco_statistic_info info = {.struct_size = sizeof(info)};
      aco_binary_statistic(bin, i, &info);
      assert_string_equal(s[i].name, info.name);
      assert_string_equal(s[i].description, info.description);
      assert_int_equal(s[i].format, VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR);
      assert_int_equal(s[i].value.u64, info.value);
      assert_int_equal(s[i].sType, VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR);
   }
   assert_string_equal(s[0].name, "Instructions");
   assert_int_equal(s[0].value.u64, bin->stats.instructions);
   /* too few: VK_INCOMPLETE, the first ones written, nothing past them */
   memset(s, 0x7e, sizeof(*s) * (count + 1));
   n = 3;
   assert_int_equal(aco_vk_get_statistics(bin, &n, s), VK_INCOMPLETE);
   assert_int_equal(n, 3);
   assert_string_equal(s[2].name, "Copies");
   assert_int_equal((unsigned char)s[3].name[0], 0x7e);
   free(s);
   aco_binary_destroy(bin);
}

static void
test_representations(void **state)
{
   (void)state;
   aco_binary *bin = compile_saxpy(path);
   uint32_t count = 0;
   assert_int_equal(aco_vk_get_internal_representations(bin, &count, NULL), VK_SUCCESS);
   assert_int_equal(count, 2);
   VkPipelineExecutableInternalRepresentationKHR r[2];
   memset(r, 0, sizeof(r));
   assert_int_equal(aco_vk_get_internal_representations(bin, &count, r), VK_SUCCESS);
   assert_string_equal(r[0].name, "Disassembly");
   assert_string_equal(r[1].name, "Machine IR");
   assert_true(r[0].isText);
   assert_int_equal(r[0].dataSize, strlen(bin->disassembly) + 1);
   assert_null(r[0].pData);
   char *full = malloc(r[1].dataSize);
   char *dis = malloc(r[0].dataSize);
   r[0].pData = dis;
   r[1].pData = full;
   size_t want = r[1].dataSize;
   assert_int_equal(aco_vk_get_internal_representations(bin, &count, r), VK_SUCCESS);
   assert_string_equal(dis, bin->disassembly);
   assert_int_equal(r[1].dataSize, want);
   assert_int_equal(strlen(full) + 1, want);
   assert_non_null(strstr(full, "; after waits: @saxpy"));
   /* a short buffer: cut, terminated, VK_INCOMPLETE */
   char small[16];
   memset(small, 'x', sizeof(small));
   r[0].pData = small;
   r[0].dataSize = 10;
   assert_int_equal(aco_vk_get_internal_representations(bin, &count, r), VK_INCOMPLETE);
   assert_int_equal(r[0].dataSize, 10);
   assert_int_equal(small[9], 0);
   assert_int_equal(small[10], 'x');
   assert_memory_equal(small, bin->disassembly, 9);
   /* one representation asked for of two */
   uint32_t one = 1;
   r[0].pData = NULL;
   assert_int_equal(aco_vk_get_internal_representations(bin, &one, r), VK_INCOMPLETE);
   assert_int_equal(one, 1);
   free(full);
   free(dis);
   aco_binary_destroy(bin);
}

int
main(int argc, char **argv)
{
   path = argc > 1 ? argv[1] : "examples/saxpy.air";
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_statistics),
      cmocka_unit_test(test_representations),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
