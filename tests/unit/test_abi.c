/* SPDX-License-Identifier: MIT */
/* ABIs: the register-block expansion (docs/calls.md), built-in ABIs, user ABIs. */
#include "helpers.h"

#include "ir/ir.h"
#include "target/gfx.h"

/* Expected expansion, written as ranges "first-last" of preserved registers. */
static void
expect_ranges(const uint8_t *preserved, unsigned count, const unsigned (*ranges)[2],
              unsigned num_ranges, const char *file)
{
   uint8_t want[256] = {0};
   for (unsigned i = 0; i < num_ranges; i++)
      for (unsigned r = ranges[i][0]; r <= ranges[i][1]; r++)
         want[r] = 1;
   for (unsigned r = 0; r < count; r++)
      if (preserved[r] != want[r])
         fail_msg("%s%u: expected %s", file, r, want[r] ? "preserved" : "clobbered");
   for (unsigned r = count; r < 256; r++)
      assert_int_equal(preserved[r], 0);
}

static aco_abi *
make_abi(aco_program *p, const char *name, aco_register_block block)
{
   aco_abi_info info = {sizeof(info), name, true, block, {ACO_NO_LIMIT, ACO_NO_LIMIT},
                        {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, 0, NULL};
   aco_abi *abi = NULL;
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_SUCCESS);
   return abi;
}

/* The first example of the function-call design: 16/16 stripes, preserved first, over the
 * hypothetical 108 SGPRs / 128 VGPRs it uses (s0-s107: its "s96-s108" ends one register
 * past the file). */
static void
test_seed_stripes(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_abi *abi = make_abi(p, "stripes", (aco_register_block){{16, 16}, {16, 16}, false});
   uint8_t pres[512];
   assert_int_equal(aco_abi_preserved_registers(abi, 108, 128, pres), ACO_SUCCESS);
   static const unsigned v[][2] = {{0, 15}, {32, 47}, {64, 79}, {96, 111}};
   static const unsigned s[][2] = {{0, 15}, {32, 47}, {64, 79}, {96, 107}};
   expect_ranges(pres + 256, 128, v, 4, "v");
   expect_ranges(pres, 108, s, 4, "s");
   /* the built-in compute ABI is the same block */
   uint8_t builtin[512];
   assert_int_equal(aco_abi_preserved_registers(
                       aco_program_builtin_abi(p, ACO_ABI_COMPUTE_DEFAULT), 108, 128, builtin),
                    ACO_SUCCESS);
   assert_memory_equal(pres, builtin, 512);
   aco_program_destroy(p);
}

/* The second example: 80 low registers preserved, the rest clobbered (the any-hit ABI). */
static void
test_seed_low_preserved(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_abi *abi = make_abi(p, "low80", (aco_register_block){{128, 256}, {80, 80}, false});
   uint8_t pres[512];
   assert_int_equal(aco_abi_preserved_registers(abi, 108, 128, pres), ACO_SUCCESS);
   static const unsigned v[][2] = {{0, 79}};
   static const unsigned s[][2] = {{0, 79}};
   expect_ranges(pres + 256, 128, v, 1, "v");
   expect_ranges(pres, 108, s, 1, "s");
   uint8_t builtin[512];
   assert_int_equal(aco_abi_preserved_registers(aco_program_builtin_abi(p, ACO_ABI_RT_ANYHIT),
                                                108, 128, builtin),
                    ACO_SUCCESS);
   assert_memory_equal(pres, builtin, 512);
   aco_program_destroy(p);
}

/* Over the real register files: 106 SGPRs (vcc is 106/107) and 256 VGPRs. */
static void
test_real_register_files(void **state)
{
   (void)state;
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned l = 0; l < 3; l++) {
      const struct aco_gfx_info *gfx = aco_gfx_info(levels[l]);
      assert_non_null(gfx);
      assert_int_equal(gfx->sgpr_count, 106);
      assert_int_equal(gfx->vgpr_count, 256);
      aco_program *p = test_program(levels[l], 32);
      uint8_t pres[512];
      assert_int_equal(aco_abi_preserved_registers(
                          aco_program_builtin_abi(p, ACO_ABI_COMPUTE_DEFAULT), gfx->sgpr_count,
                          gfx->vgpr_count, pres),
                       ACO_SUCCESS);
      static const unsigned s[][2] = {{0, 15}, {32, 47}, {64, 79}, {96, 105}};
      static const unsigned v[][2] = {{0, 15},    {32, 47},   {64, 79},   {96, 111},
                                      {128, 143}, {160, 175}, {192, 207}, {224, 239}};
      expect_ranges(pres, 106, s, 4, "s");
      expect_ranges(pres + 256, 256, v, 8, "v");
      /* everything clobbered under the recursive and traversal ABIs */
      for (unsigned w = ACO_ABI_RT_RECURSIVE; w <= ACO_ABI_RT_TRAVERSAL; w++) {
         assert_int_equal(aco_abi_preserved_registers(aco_program_builtin_abi(p, w), 106, 256,
                                                      pres),
                          ACO_SUCCESS);
         for (unsigned r = 0; r < 512; r++)
            assert_int_equal(pres[r], 0);
      }
      aco_program_destroy(p);
   }
}

static void
test_clobbered_first(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1030, 64);
   aco_abi *abi = make_abi(p, "cfirst", (aco_register_block){{8, 24}, {4, 8}, true});
   uint8_t pres[512];
   assert_int_equal(aco_abi_preserved_registers(abi, 30, 70, pres), ACO_SUCCESS);
   static const unsigned s[][2] = {{8, 11}, {20, 23}};
   static const unsigned v[][2] = {{24, 31}, {56, 63}};
   expect_ranges(pres, 30, s, 2, "s");
   expect_ranges(pres + 256, 70, v, 2, "v");
   aco_program_destroy(p);
}

static void
test_abi_errors(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1030, 64);
   aco_abi *abi;
   aco_abi_info info = {sizeof(info), "compute_default", false, {{0, 0}, {0, 0}, false},
                        {ACO_NO_LIMIT, ACO_NO_LIMIT}, {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0, 0, NULL};
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "ABI @compute_default exists already"));
   info.name = "bad name";
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   info.name = "empty_block";
   info.has_block = true;
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "needs registers in each file"));
   info.has_block = false;
   info.name = "bad_hint";
   aco_reg_hint hint = {0, 110};
   info.num_hints = 1;
   info.hints = &hint;
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "hint 0 names no SGPR or VGPR"));
   hint.reg = ACO_REG_VGPR(4);
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_SUCCESS);
   assert_ptr_equal(aco_program_find_abi(p, "bad_hint"), abi);
   assert_null(aco_program_builtin_abi(p, ACO_ABI_BUILTIN_COUNT));
   uint8_t pres[512];
   assert_int_equal(aco_abi_preserved_registers(abi, 300, 10, pres), ACO_ERROR_INVALID_ARGUMENT);
   aco_program_destroy(p);
}

/* Callee limits within the register files; hints below them, one per parameter. */
static void
test_abi_limits_and_hints(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_abi *abi;
   aco_abi_info info = {sizeof(info), "lim", false, {{0, 0}, {0, 0}, false},
                        {ACO_NO_LIMIT, ACO_NO_LIMIT}, {107, 256}, 0xffffffffu, 0, NULL};
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p),
                          "@lim: callee_max s107 v256 is beyond the register files (s106 v256)"));
   info.callee_max_regs = (aco_reg_count){106, 257};
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   info.callee_max_regs = (aco_reg_count){32, 16};
   aco_reg_hint hints[3] = {{0, ACO_REG_VGPR(15)}, {1, ACO_REG_SGPR(31)}, {0, ACO_REG_SGPR(2)}};
   info.hints = hints;
   info.num_hints = 3;
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "@lim: hints 0 and 2 both name parameter 0"));
   hints[2].param_index = 2;
   hints[1].reg = ACO_REG_SGPR(32);
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(
      strstr(aco_program_message(p), "@lim: hint 1 names s32, beyond callee_max (s32)"));
   hints[1].reg = ACO_REG_SGPR(31);
   hints[0].reg = ACO_REG_VGPR(16);
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "hint 0 names v16, beyond callee_max (v16)"));
   hints[0].reg = ACO_REG_VGPR(15);
   info.num_hints = ACO_ABI_MAX_HINTS + 1;
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "1025 hints (at most 1024)"));
   info.num_hints = 3;
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_SUCCESS);
   assert_ptr_equal(aco_program_find_abi(p, "lim"), abi);
   /* the whole files are a valid limit */
   info.name = "full";
   info.callee_max_regs = (aco_reg_count){106, 256};
   assert_int_equal(aco_abi_create(p, &info, &abi), ACO_SUCCESS);
   aco_program_destroy(p);

   /* the text form reports the same at the ABI's name */
   p = test_program(ACO_GFX_NONE, 0);
   const char *text = "target gfx1100 wave32\n"
                      "abi @h {\n  callee_max s16 v16\n  hint 0 v3\n  hint 0 v4\n}\n";
   assert_int_equal(aco_program_parse(p, "t.air", text, strlen(text)), ACO_ERROR_PARSE);
   assert_non_null(strstr(aco_program_message(p), "t.air:2:5:"));
   assert_non_null(strstr(aco_program_message(p), "hints 0 and 1 both name parameter 0"));
   aco_program_destroy(p);
   p = test_program(ACO_GFX_NONE, 0);
   text = "target gfx1100 wave32\nabi @h {\n  callee_max s16 v16\n  hint 0 v16\n}\n";
   assert_int_equal(aco_program_parse(p, "t.air", text, strlen(text)), ACO_ERROR_PARSE);
   assert_non_null(strstr(aco_program_message(p), "beyond callee_max (v16)"));
   aco_program_destroy(p);
}

/* The five built-in ABIs exactly: blocks, caps and limits. */
static void
test_builtin_parameters(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1200, 64);
   static const char *const names[] = {"compute_default", "rt_recursive", "rt_traversal",
                                       "rt_anyhit", "amdgpu_cs_chain"};
   assert_int_equal(ACO_ABI_BUILTIN_COUNT, 5);
   for (unsigned i = 0; i < ACO_ABI_BUILTIN_COUNT; i++) {
      const struct aco_abi *abi = aco_program_builtin_abi(p, i);
      assert_non_null(abi);
      assert_string_equal(abi->name, names[i]);
      assert_ptr_equal(aco_program_find_abi(p, names[i]), abi);
      assert_int_equal(abi->chain, i == ACO_ABI_AMDGPU_CS_CHAIN);
      /* the chain ABI has LLVM's layout instead of caps */
      unsigned cap = i == ACO_ABI_AMDGPU_CS_CHAIN ? ACO_NO_LIMIT : 32;
      assert_int_equal(abi->max_param_regs.sgprs, cap);
      assert_int_equal(abi->max_param_regs.vgprs, cap);
      assert_int_equal(abi->callee_max_regs.sgprs, ACO_NO_LIMIT);
      assert_int_equal(abi->callee_max_regs.vgprs, ACO_NO_LIMIT);
      assert_int_equal(abi->callee_max_stack, 0xffffffffu);
      assert_int_equal(abi->num_hints, 0);
      assert_int_equal(abi->has_block, i == ACO_ABI_COMPUTE_DEFAULT || i == ACO_ABI_RT_ANYHIT);
   }
   const struct aco_abi *cd = aco_program_builtin_abi(p, ACO_ABI_COMPUTE_DEFAULT);
   assert_int_equal(cd->block.preserved.sgprs, 16);
   assert_int_equal(cd->block.preserved.vgprs, 16);
   assert_int_equal(cd->block.clobbered.sgprs, 16);
   assert_int_equal(cd->block.clobbered.vgprs, 16);
   assert_false(cd->block.clobbered_first);
   /* any-hit: s0-s79 and v0-v79 preserved, the rest of the real files clobbered */
   uint8_t pres[512];
   assert_int_equal(aco_abi_preserved_registers(aco_program_builtin_abi(p, ACO_ABI_RT_ANYHIT),
                                                106, 256, pres),
                    ACO_SUCCESS);
   for (unsigned r = 0; r < 106; r++)
      assert_int_equal(pres[r], r < 80);
   for (unsigned r = 0; r < 256; r++)
      assert_int_equal(pres[256 + r], r < 80);
   aco_program_destroy(p);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_stripes),     cmocka_unit_test(test_seed_low_preserved),
      cmocka_unit_test(test_real_register_files), cmocka_unit_test(test_clobbered_first),
      cmocka_unit_test(test_abi_errors),       cmocka_unit_test(test_abi_limits_and_hints),
      cmocka_unit_test(test_builtin_parameters),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
