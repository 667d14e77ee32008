/* SPDX-License-Identifier: MIT */
/* What a called function writes of its caller's registers (docs/calls.md "The callee"):
 * register allocation takes clobbered registers first for every new value, SGPRs
 * included, and does not write a result over a dying preserved parameter while a
 * clobbered register is free; an SGPR is left for the saves to hold exec in. Each program
 * is compiled for every level and wave size and its code inspected. */
#include "helpers.h"

static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};

/* Compiles `text` retargeted to level/wave, with disassembly; NULL on failure (the
 * status in *status). */
static aco_binary *
compile_at(const char *text, aco_gfx_level level, unsigned wave, aco_status *status)
{
   char *t = malloc(strlen(text) + 64);
   assert_non_null(t);
   const char *body = strchr(text, '\n');
   sprintf(t, "target %s wave%u%s", aco_gfx_level_name(level), wave, body);
   aco_program *p = test_parse(t);
   free(t);
   aco_compile_options o = {sizeof(o), ACO_COMPILE_DISASSEMBLY, 0, 0, 0, 0};
   aco_binary *bin = NULL;
   *status = aco_compile(p, &o, NULL, &bin);
   if (*status != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(p));
   aco_program_destroy(p);
   return *status == ACO_SUCCESS ? bin : NULL;
}

static const aco_symbol *
symbol(const aco_binary *b, const char *name)
{
   for (uint32_t i = 0; i < b->num_symbols; i++)
      if (!strcmp(b->symbols[i].name, name))
         return &b->symbols[i];
   return NULL;
}

/* How many lines of the disassembly contain `what`. */
static unsigned
count_lines(const char *dis, const char *what)
{
   unsigned n = 0;
   for (const char *l = dis; l && *l;) {
      const char *e = strchr(l, '\n');
      size_t len = e ? (size_t)(e - l) : strlen(l);
      char line[256];
      snprintf(line, sizeof(line), "%.*s", (int)(len < 255 ? len : 255), l);
      n += strstr(line, what) != NULL;
      l = e ? e + 1 : NULL;
   }
   return n;
}

/* A preserved VGPR parameter (%x) dies in a conversion, uniform parameters (preserved
 * SGPRs) in scalar arithmetic: every result goes to a clobbered register, so the function
 * saves nothing and has no frame. */
static const char *const dying_params_text =
   "target gfx1100 wave32\n"
   "function @g(i32 %a, uniform i32 %k, uniform i32 %m, f32 %x, return i32 %r) abi @compute_default {\n"
   "  %s = imul %k, %m\n"
   "  %t = ixor %s, %k\n"
   "  %c = const i32 5\n"
   "  %u = sshr %t, %c\n"
   "  %v = f2u i32 %x\n"
   "  %w = iadd %v, %u\n"
   "  %y = imul %w, %a\n"
   "  return %y\n"
   "}\n";

static void
test_dying_params_not_overwritten(void **state)
{
   (void)state;
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         aco_status s;
         aco_binary *bin = compile_at(dying_params_text, levels[l], wave, &s);
         assert_int_equal(s, ACO_SUCCESS);
         const aco_symbol *g = symbol(bin, "g");
         assert_non_null(g);
         assert_int_equal(g->frame_size, 0);
         assert_int_equal(count_lines(bin->disassembly, "scratch_store"), 0);
         assert_int_equal(count_lines(bin->disassembly, "v_writelane"), 0);
         aco_binary_destroy(bin);
      }
   }
}

/* Under @few the clobbered SGPRs below callee_max are s16-19 (the return address and
 * uniform PC of a divergent-callable function) and s36-39. The reduction writes VGPRs in
 * all lanes, so the saves need an SGPR (pair in wave64) for exec: s36 (s[36:37]) stays
 * free of values, which take the other clobbered SGPRs first. */
static const char *const exec_sgpr_text =
   "target gfx1100 wave32\n"
   "abi @few {\n"
   "  preserved s16 v8\n"
   "  clobbered s4 v8\n"
   "  preserved_first\n"
   "  max_params s8 v4\n"
   "  callee_max s40 v64\n"
   "}\n"
   "function @h(i32 %a, uniform i32 %k, uniform i32 %m, return i32 %r) abi @few divergent_callable {\n"
   "  %s = imul %k, %m\n"
   "  %t = ixor %s, %k\n"
   "  %u = iadd %t, %m\n"
   "  %w = imul %u, %t\n"
   "  %z = iadd %w, %s\n"
   "  %q = ixor %z, %u\n"
   "  %e = imul %q, %s\n"
   "  %g = reduce umax %a\n"
   "  %f = iadd %e, %g\n"
   "  return %f\n"
   "}\n";

static void
test_exec_sgpr_kept_for_saves(void **state)
{
   (void)state;
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         aco_status s;
         aco_binary *bin = compile_at(exec_sgpr_text, levels[l], wave, &s);
         assert_int_equal(s, ACO_SUCCESS);
         const char *saveexec = wave == 32 ? "s_xor_saveexec_b32 s36," : "s_xor_saveexec_b64 s[36:37],";
         assert_true(count_lines(bin->disassembly, saveexec) >= 1);
         /* the scalar arithmetic writes clobbered s37-39 (wave64: s38, s39), never s36 */
         assert_true(count_lines(bin->disassembly, wave == 32 ? " s37," : " s38,") >= 1);
         assert_int_equal(count_lines(bin->disassembly, "_i32 s36,") +
                          count_lines(bin->disassembly, "_u32 s36,") +
                          count_lines(bin->disassembly, "_b32 s36, s"), 0);
         aco_binary_destroy(bin);
      }
   }
}

/* Uniform values live across a call take preserved SGPRs, which @r saves in lanes of a
 * VGPR no call clobbers: the values stay in its lanes from the entry to the return, so the
 * only scratch accesses are that VGPR's own whole-wave save and restore, and the restores
 * need one wait, before the return. */
static const char *const sgprs_in_lanes_text =
   "target gfx1100 wave32\n"
   "function @leaf(i32 %a, return i32 %r) abi @compute_default {\n"
   "  %b = iadd %a, %a\n"
   "  return %b\n"
   "}\n"
   "function @r(i32 %a, uniform i32 %k, uniform i32 %m, return i32 %r) abi @compute_default {\n"
   "  %s = imul %k, %m\n"
   "  %t = ixor %s, %k\n"
   "  %z = const i32 0\n"
   "  %c = call @leaf(%a, %z)\n"
   "  %u = iadd %c, %t\n"
   "  %v = iadd %u, %s\n"
   "  return %v\n"
   "}\n";

static void
test_sgprs_kept_in_lanes(void **state)
{
   (void)state;
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         aco_status s;
         aco_binary *bin = compile_at(sgprs_in_lanes_text, levels[l], wave, &s);
         assert_int_equal(s, ACO_SUCCESS);
         const char *d = bin->disassembly;
         assert_true(count_lines(d, "v_writelane_b32") >= 2);
         assert_true(count_lines(d, "v_readlane_b32") >= 2);
         assert_int_equal(count_lines(d, "scratch_store"), 1);
         assert_int_equal(count_lines(d, "scratch_load"), 1);
         assert_int_equal(count_lines(d, "s_waitcnt vmcnt") + count_lines(d, "s_wait_loadcnt"), 1);
         aco_binary_destroy(bin);
      }
   }
}

/* The result is computed from two dying values: it is defined right in its return
 * register (the affinity of p_return's fixed operand) rather than over a dying operand's
 * register, so no copy precedes the return. */
static const char *const result_in_place_text =
   "target gfx1100 wave32\n"
   "function @f(i32 %a, i32 %b, f32 %x, return i32 %r) abi @compute_default {\n"
   "  %c = const i32 12\n"
   "  %s = ishl %a, %c\n"
   "  %z = const i32 0\n"
   "  %m = smin %s, %z\n"
   "  %p = imul %m, %s\n"
   "  return %p\n"
   "}\n";

static void
test_result_defined_in_place(void **state)
{
   (void)state;
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         aco_status s;
         aco_binary *bin = compile_at(result_in_place_text, levels[l], wave, &s);
         assert_int_equal(s, ACO_SUCCESS);
         assert_int_equal(count_lines(bin->disassembly, "v_mov_b32"), 0);
         assert_int_equal(count_lines(bin->disassembly, "v_mul_lo_u32 v16,"), 1);
         aco_binary_destroy(bin);
      }
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dying_params_not_overwritten),
      cmocka_unit_test(test_exec_sgpr_kept_for_saves),
      cmocka_unit_test(test_sgprs_kept_in_lanes),
      cmocka_unit_test(test_result_defined_in_place),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
