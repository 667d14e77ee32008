/* SPDX-License-Identifier: MIT */
/* Chips and targets: names, the amdgpu family/revision table, and the chip's register file
 * as the compiler uses it (aco_target.h). argv[1]: a program with 96 values live at once. */
#include "helpers.h"

static const char *pressure_path;

static void
test_every_chip_by_name(void **state)
{
   (void)state;
   assert_true(aco_chip_count() >= 17);
   assert_null(aco_chip_at(aco_chip_count()));
   uint32_t last = 0;
   for (uint32_t i = 0; i < aco_chip_count(); i++) {
      const aco_chip_info *c = aco_chip_at(i);
      assert_non_null(c);
      assert_true(c->number > last); /* increasing, no duplicates */
      last = c->number;
      assert_non_null(aco_gfx_level_name(c->level));
      assert_true(c->number / 100 == (uint32_t)c->level / 100 ||
                  (c->number >= 1150 && c->level == ACO_GFX1100));
      assert_int_equal(c->vgprs_per_simd[0], 2 * c->vgprs_per_simd[1]);
      assert_int_equal(c->vgprs_per_simd[0] % c->vgpr_granule[0], 0);
      assert_int_equal(c->vgprs_per_simd[0] == 1536, (c->features & ACO_CHIP_FULL_VGPRS) != 0);
      char msg[128];
      aco_target t;
      assert_int_equal(aco_target_from_name(c->name, 0, &t, msg, sizeof(msg)), ACO_SUCCESS);
      assert_int_equal(t.gfx_level, c->number);
      assert_int_equal(t.wave_size, 32);
      assert_ptr_equal(aco_chip_of_target(t), c);
      char name[64];
      snprintf(name, sizeof(name), "%s:wavefrontsize64", c->name);
      assert_int_equal(aco_target_from_name(name, 0, &t, NULL, 0), ACO_SUCCESS);
      assert_int_equal(t.wave_size, 64);
      assert_int_equal(aco_target_from_name(name, 64, &t, NULL, 0), ACO_SUCCESS);
      assert_int_equal(aco_target_from_name(c->name, 64, &t, NULL, 0), ACO_SUCCESS);
      assert_int_equal(t.wave_size, 64);
   }
   const char *expect[] = {"gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035",
                           "gfx1036", "gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150",
                           "gfx1151", "gfx1152", "gfx1200", "gfx1201"};
   for (unsigned i = 0; i < sizeof(expect) / sizeof(expect[0]); i++) {
      aco_target t;
      assert_int_equal(aco_target_from_name(expect[i], 32, &t, NULL, 0), ACO_SUCCESS);
   }
   /* the facts codegen reads: gfx1102/gfx1103/gfx1150 have the smaller file */
   aco_target t;
   aco_target_from_name("gfx1102", 0, &t, NULL, 0);
   assert_int_equal(aco_chip_of_target(t)->vgprs_per_simd[0], 1024);
   assert_int_equal(aco_chip_of_target(t)->level, ACO_GFX1100);
   aco_target_from_name("gfx1101", 0, &t, NULL, 0);
   assert_int_equal(aco_chip_of_target(t)->vgprs_per_simd[0], 1536);
   aco_target_from_name("gfx1151", 0, &t, NULL, 0);
   assert_int_equal(aco_chip_of_target(t)->vgpr_granule[0], 24);
   aco_target_from_name("gfx1201", 0, &t, NULL, 0);
   assert_int_equal(aco_chip_of_target(t)->level, ACO_GFX1200);
   /* a level is its first chip */
   assert_string_equal(aco_chip_of_target((aco_target){ACO_GFX1100, 32})->name, "gfx1100");
   assert_null(aco_chip_of_target((aco_target){(aco_gfx_level)1010, 32}));
}

static void
test_bad_names(void **state)
{
   (void)state;
   char msg[160];
   aco_target t = {ACO_GFX1100, 32};
   assert_int_equal(aco_target_from_name("gfx1010", 0, &t, msg, sizeof(msg)),
                    ACO_ERROR_UNSUPPORTED);
   assert_non_null(strstr(msg, "gfx1010"));
   assert_int_equal(t.gfx_level, ACO_GFX_NONE);
   const char *bad[] = {"", "gfx", "gfx11000", "GFX1100", "gfx1100:", "gfx1100:xnack+",
                        "gfx1100:wavefrontsize", "gfx1100:wavefrontsize64:wavefrontsize32",
                        " gfx1100", "gfx1100 "};
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      msg[0] = 0;
      assert_int_not_equal(aco_target_from_name(bad[i], 0, &t, msg, sizeof(msg)), ACO_SUCCESS);
      assert_true(msg[0] != 0);
   }
   assert_int_equal(aco_target_from_name("gfx1100:wavefrontsize64", 32, &t, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(msg, "contradicts"));
   assert_int_equal(aco_target_from_name("gfx1100", 48, &t, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_target_from_name(NULL, 0, &t, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_target_from_name("gfx1100", 0, NULL, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   /* a message buffer too small is cut, never overrun */
   char tiny[4] = {'x', 'x', 'x', 'x'};
   assert_int_not_equal(aco_target_from_name("nope", 0, &t, tiny, 3), ACO_SUCCESS);
   assert_int_equal(tiny[2], 0);
   assert_int_equal(tiny[3], 'x');
}

/* family_id and chip_external_rev as amdgpu_query_gpu_info reports them, per chip. */
static void
test_amdgpu_ids(void **state)
{
   (void)state;
   static const struct {
      uint32_t family, rev;
      const char *chip; /* NULL: refused */
   } cases[] = {
      {143, 0x28, "gfx1030"}, {143, 0x31, "gfx1030"}, {143, 0x32, "gfx1031"},
      {143, 0x3c, "gfx1032"}, {143, 0x46, "gfx1034"}, {143, 0x4f, "gfx1034"},
      {143, 0x01, NULL},      /* Navi 10: RDNA1 */
      {143, 0x50, NULL},
      {144, 0x01, "gfx1033"}, {146, 0x01, "gfx1035"}, {149, 0x01, "gfx1036"},
      {151, 0x01, "gfx1036"}, {145, 0x01, "gfx1100"}, {145, 0x0f, "gfx1100"},
      {145, 0x10, "gfx1102"}, {145, 0x1f, "gfx1102"}, {145, 0x20, "gfx1101"},
      {145, 0xff, "gfx1101"}, {145, 0x00, NULL},      {148, 0x01, "gfx1103"},
      {148, 0x80, "gfx1103"}, {148, 0xc0, "gfx1103"}, {150, 0x01, "gfx1150"},
      {150, 0x40, "gfx1152"}, {150, 0x50, "gfx1153"}, {150, 0xc0, "gfx1151"},
      {152, 0x40, "gfx1200"}, {152, 0x50, "gfx1201"}, {152, 0x3f, NULL},
      {141, 0x01, NULL},      /* Vega 10 */
      {0, 0, NULL},           {152, 0x100, NULL},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char msg[128] = "";
      aco_target t;
      aco_status s = aco_target_from_amdgpu_ids(cases[i].family, cases[i].rev, 0, &t, msg,
                                                sizeof(msg));
      if (!cases[i].chip) {
         assert_int_equal(s, ACO_ERROR_UNSUPPORTED);
         assert_true(msg[0] != 0);
         assert_int_equal(t.gfx_level, ACO_GFX_NONE);
         continue;
      }
      if (s != ACO_SUCCESS)
         fprintf(stderr, "family %u rev 0x%x: %s\n", cases[i].family, cases[i].rev, msg);
      assert_int_equal(s, ACO_SUCCESS);
      assert_string_equal(aco_chip_of_target(t)->name, cases[i].chip);
      assert_int_equal(t.wave_size, 32);
   }
   aco_target t;
   assert_int_equal(aco_target_from_amdgpu_ids(145, 1, 64, &t, NULL, 0), ACO_SUCCESS);
   assert_int_equal(t.wave_size, 64);
   assert_int_equal(aco_target_from_amdgpu_ids(145, 1, 16, &t, NULL, 0),
                    ACO_ERROR_INVALID_ARGUMENT);
   char msg[128] = "";
   assert_int_not_equal(aco_target_from_amdgpu_device(NULL, 0, &t, msg, sizeof(msg)),
                        ACO_SUCCESS);
   assert_true(msg[0] != 0);
}

static aco_binary *
compile_file(const char *chip, uint16_t min_waves, aco_status expect, char *msg, size_t size)
{
   FILE *f = fopen(pressure_path, "rb");
   assert_non_null(f);
   static char text[1 << 16];
   size_t len = fread(text, 1, sizeof(text) - 1, f);
   fclose(f);
   aco_target t;
   assert_int_equal(aco_target_from_name(chip, 32, &t, NULL, 0), ACO_SUCCESS);
   aco_program_info info = {sizeof(info), t, NULL, NULL, NULL};
   aco_program *p;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   assert_int_equal(aco_program_target(p).gfx_level, aco_chip_of_target(t)->level);
   assert_int_equal(aco_program_parse(p, "pressure.air", text, len), ACO_SUCCESS);
   aco_compile_options o = {sizeof(o), 0, 0, 0, min_waves, 0};
   aco_binary *bin = NULL;
   aco_status s = aco_compile(p, &o, NULL, &bin);
   if (msg)
      snprintf(msg, size, "%s", aco_program_message(p));
   aco_program_destroy(p);
   assert_int_equal(s, expect);
   return bin;
}

/* gfx1102 has two thirds of gfx1100's VGPRs: the same wave count allows fewer registers. */
static void
test_chip_register_file(void **state)
{
   (void)state;
   aco_binary *big = compile_file("gfx1100", 16, ACO_SUCCESS, NULL, 0);
   aco_binary *small = compile_file("gfx1102", 16, ACO_SUCCESS, NULL, 0);
   assert_true(big->config.num_vgprs <= 96);
   assert_true(small->config.num_vgprs <= 64);
   assert_true(small->config.num_vgprs < big->config.num_vgprs ||
               small->stats.vgpr_spills > big->stats.vgpr_spills);
   assert_int_equal(big->target.gfx_level, ACO_GFX1100);
   assert_int_equal(small->target.gfx_level, ACO_GFX1100);
   aco_binary_destroy(big);
   aco_binary_destroy(small);
   /* without a wave requirement gfx1102 waves are fewer for the same registers */
   big = compile_file("gfx1101", 0, ACO_SUCCESS, NULL, 0);
   small = compile_file("gfx1103", 0, ACO_SUCCESS, NULL, 0);
   aco_statistic_info a = {.struct_size = sizeof(a)}, b = {.struct_size = sizeof(b)};
   for (uint32_t i = 0; i < aco_binary_statistic_count(big); i++) {
      assert_int_equal(aco_binary_statistic(big, i, &a), ACO_SUCCESS);
      assert_int_equal(aco_binary_statistic(small, i, &b), ACO_SUCCESS);
      if (!strcmp(a.name, "Waves per SIMD")) {
         assert_int_equal(a.value, 1536 / ((big->config.num_vgprs + 23) / 24 * 24) > 16
                                      ? 16
                                      : 1536 / ((big->config.num_vgprs + 23) / 24 * 24));
         assert_int_equal(b.value, 1024 / ((small->config.num_vgprs + 15) / 16 * 16) > 16
                                      ? 16
                                      : 1024 / ((small->config.num_vgprs + 15) / 16 * 16));
      }
   }
   aco_binary_destroy(big);
   aco_binary_destroy(small);
   char msg[256];
   compile_file("gfx1102", 17, ACO_ERROR_INVALID_ARGUMENT, msg, sizeof(msg));
   assert_non_null(strstr(msg, "gfx1102"));
}

int
main(int argc, char **argv)
{
   pressure_path = argc > 1 ? argv[1] : "bench/programs/pressure_96.air";
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_chip_by_name),
      cmocka_unit_test(test_bad_names),
      cmocka_unit_test(test_amdgpu_ids),
      cmocka_unit_test(test_chip_register_file),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
