/* SPDX-License-Identifier: MIT */
/* The statistics table and the representations of a binary (aco_statistics.h). */
#include "helpers.h"

static const char *loop_program =
   "target gfx1030 wave32\n"
   "entry function @k(uniform ptr %x, uniform i32 %n) abi @compute_default "
   "workgroup_size 64 1 1 {\n"
   "  %lid = local_invocation_id.x\n"
   "  %c4 = const i32 4\n"
   "  %o = imul %lid, %c4\n"
   "  %v = load_global f32 %x[%o]\n"
   "  %zero = const i32 0\n"
   "  %r = loop (%k = %zero, %acc = %v) -> f32 {\n"
   "    %done = uge %k, %n\n"
   "    if %done {\n"
   "      break %acc\n"
   "    }\n"
   "    %acc1 = fmul %acc, %acc\n"
   "    %acc2 = fadd %acc1, %acc\n"
   "    %one = const i32 1\n"
   "    %k1 = iadd %k, %one\n"
   "    continue %k1, %acc2\n"
   "  }\n"
   "  store_global %x[%o], %r\n"
   "  return\n"
   "}\n";

static aco_binary *
compile(const char *text, aco_gfx_level gfx, unsigned wave, uint32_t flags)
{
   aco_program *p = test_program(gfx, wave);
   char *t = strdup(text);
   char *line = strstr(t, "gfx1030 wave32");
   memcpy(line, aco_gfx_level_name(gfx), 7);
   memcpy(line + 12, wave == 64 ? "64" : "32", 2);
   aco_status s = aco_program_parse(p, "k.air", t, strlen(t));
   if (s != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(p));
   assert_int_equal(s, ACO_SUCCESS);
   free(t);
   aco_compile_options o = {sizeof(o), flags, 0, 0, 0, 0};
   aco_binary *bin = NULL;
   s = aco_compile(p, &o, NULL, &bin);
   if (s != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(p));
   assert_int_equal(s, ACO_SUCCESS);
   aco_program_destroy(p);
   return bin;
}

static uint64_t
stat_value(const aco_binary *bin, const char *name)
{
   for (uint32_t i = 0; i < aco_binary_statistic_count(bin); i++) {
      aco_statistic_info info = {.struct_size = sizeof(info)};
      assert_int_equal(aco_binary_statistic(bin, i, &info), ACO_SUCCESS);
      if (!strcmp(info.name, name))
         return info.value;
   }
   fail_msg("no statistic '%s'", name);
   return 0;
}

static void
test_table(void **state)
{
   (void)state;
   aco_binary *bin = compile(loop_program, ACO_GFX1030, 32, 0);
   uint32_t n = aco_binary_statistic_count(bin);
   assert_true(n >= 21);
   for (uint32_t i = 0; i < n; i++) {
      aco_statistic_info a = {.struct_size = sizeof(a)};
      assert_int_equal(aco_binary_statistic(bin, i, &a), ACO_SUCCESS);
      assert_true(a.name[0] && a.description[0]);
      assert_true(a.unit <= ACO_STAT_WAVES);
      for (uint32_t j = 0; j < i; j++) {
         aco_statistic_info b = {.struct_size = sizeof(b)};
         aco_binary_statistic(bin, j, &b);
         assert_string_not_equal(a.name, b.name);
      }
   }
   /* the old struct and the table agree */
   assert_int_equal(stat_value(bin, "Instructions"), bin->stats.instructions);
   assert_int_equal(stat_value(bin, "Code size"), bin->stats.code_bytes);
   assert_int_equal(stat_value(bin, "VALU"), bin->stats.valu);
   assert_int_equal(stat_value(bin, "Waits"), bin->stats.waits);
   assert_int_equal(stat_value(bin, "VGPRs"), bin->config.num_vgprs);
   assert_int_equal(stat_value(bin, "SGPRs"), bin->config.num_sgprs);
   uint64_t lat = stat_value(bin, "Latency"), inv = stat_value(bin, "Inverse throughput");
   uint64_t waves = stat_value(bin, "Waves per SIMD");
   assert_true(waves >= 1 && waves <= 16);
   /* a load's latency and a loop of eight runs at least */
   assert_true(lat > 320);
   assert_true(inv > 0 && inv <= lat);
   assert_true(inv >= lat / waves);
   /* misuse */
   aco_statistic_info info = {.struct_size = sizeof(info)};
   assert_int_equal(aco_binary_statistic(bin, n, &info), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_binary_statistic(NULL, 0, &info), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_binary_statistic(bin, 0, NULL), ACO_ERROR_INVALID_ARGUMENT);
   info.struct_size = 8;
   assert_int_equal(aco_binary_statistic(bin, 0, &info), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_binary_statistic_count(NULL), 0);
   assert_int_equal(aco_binary_representation_count(bin), 0);
   /* a linked binary keeps the estimates (summed over what it links) */
   aco_binary *linked = NULL;
   const aco_binary *parts[1] = {bin};
   char msg[128];
   assert_int_equal(aco_link(parts, 1, NULL, &linked, msg, sizeof(msg)), ACO_SUCCESS);
   assert_int_equal(stat_value(linked, "Latency"), lat);
   assert_int_equal(stat_value(linked, "Inverse throughput"), inv);
   assert_int_equal(stat_value(linked, "Waves per SIMD"), waves);
   assert_int_equal(stat_value(linked, "Instructions"), bin->stats.instructions);
   aco_binary_destroy(linked);
   aco_binary_destroy(bin);
}

/* wave64 on gfx1030 issues vector instructions twice: the estimate grows. */
static void
test_estimate_wave64(void **state)
{
   (void)state;
   aco_binary *w32 = compile(loop_program, ACO_GFX1030, 32, 0);
   aco_binary *w64 = compile(loop_program, ACO_GFX1030, 64, 0);
   assert_true(stat_value(w64, "Latency") > stat_value(w32, "Latency"));
   aco_binary_destroy(w32);
   aco_binary_destroy(w64);
}

static void
test_representations(void **state)
{
   (void)state;
   aco_binary *bin = compile(loop_program, ACO_GFX1100, 32,
                             ACO_COMPILE_DISASSEMBLY | ACO_COMPILE_PRINT_IR);
   assert_int_equal(aco_binary_representation_count(bin), 2);
   aco_representation_info r = {.struct_size = sizeof(r)};
   assert_int_equal(aco_binary_representation(bin, 0, &r), ACO_SUCCESS);
   assert_string_equal(r.name, "Disassembly");
   assert_ptr_equal(r.text, bin->disassembly);
   assert_non_null(strstr(r.text, "s_endpgm"));
   assert_int_equal(aco_binary_representation(bin, 1, &r), ACO_SUCCESS);
   assert_string_equal(r.name, "Machine IR");
   const char *passes[] = {"; after isel: @k", "; after ra: @k", "; after nops: @k"};
   for (unsigned i = 0; i < 3; i++)
      assert_non_null(strstr(r.text, passes[i]));
   /* the text is inside the binary's allocation */
   assert_true(r.text > (const char *)bin &&
               r.text + strlen(r.text) < (const char *)bin + bin->allocation_size);
   assert_int_equal(aco_binary_representation(bin, 2, &r), ACO_ERROR_INVALID_ARGUMENT);
   r.struct_size = 0;
   assert_int_equal(aco_binary_representation(bin, 0, &r), ACO_ERROR_INVALID_ARGUMENT);
   aco_binary_destroy(bin);
   /* the machine IR alone is representation 0 */
   bin = compile(loop_program, ACO_GFX1200, 32, ACO_COMPILE_PRINT_IR);
   assert_int_equal(aco_binary_representation_count(bin), 1);
   r.struct_size = sizeof(r);
   assert_int_equal(aco_binary_representation(bin, 0, &r), ACO_SUCCESS);
   assert_string_equal(r.name, "Machine IR");
   aco_binary_destroy(bin);
}

int
main(int argc, char **argv)
{
   (void)argc;
   (void)argv;
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_table),
      cmocka_unit_test(test_estimate_wave64),
      cmocka_unit_test(test_representations),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
