/* SPDX-License-Identifier: MIT */
/* Separate compilation: relocations of calls to declared functions, and aco_link
 * (docs/calls.md "Separate compilation"). The linked code must be the code the program
 * compiled as a whole has, byte for byte where the layout is the same, and the
 * configuration must cover every binary. Running linked code is tests/calls's. */
#include "helpers.h"

static const char *const callee_text =
   "target gfx1100 wave32\n"
   "function @twice(i32 %x, uniform i32 %k, return i32 %r) abi @compute_default {\n"
   "  %t = iadd %x, %x\n"
   "  %u = iadd %t, %k\n"
   "  %v = call @twice_inner(%u, %k, %r)\n"
   "  return %v\n"
   "}\n"
   "function @twice_inner(i32 %x, uniform i32 %k, return i32 %r) abi @compute_default {\n"
   "  stack $0 size 64 align 4\n"
   "  store_stack $0, %x\n"
   "  %y = load_stack i32 $0\n"
   "  %t = imul %y, %k\n"
   "  return %t\n"
   "}\n";

static const char *const caller_text =
   "target gfx1100 wave32\n"
   "declare function @twice(i32 %x, uniform i32 %k, return i32 %r) abi @compute_default\n"
   "entry function @main(uniform ptr %out, uniform i32 %k) abi @compute_default "
   "workgroup_size 32 1 1 {\n"
   "  %lid = local_invocation_id.x\n"
   "  %z = const i32 0\n"
   "  %r = call @twice(%lid, %k, %z)\n"
   "  %f = func_addr @twice\n"
   "  %r2 = call_indirect %f : @twice(%r, %k, %z)\n"
   "  %four = const i32 4\n"
   "  %off = imul %lid, %four\n"
   "  store_global %out[%off], %r2\n"
   "}\n";

static aco_binary *
compile(const char *text)
{
   aco_program *p = test_parse(text);
   aco_binary *bin = NULL;
   aco_status s = aco_compile(p, NULL, NULL, &bin);
   if (s != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(p));
   assert_int_equal(s, ACO_SUCCESS);
   aco_program_destroy(p);
   return bin;
}

static const aco_symbol *
symbol(const aco_binary *b, const char *name)
{
   for (uint32_t i = 0; i < b->num_symbols; i++)
      if (!strcmp(b->symbols[i].name, name))
         return &b->symbols[i];
   return NULL;
}

static void
test_relocations(void **state)
{
   (void)state;
   aco_binary *caller = compile(caller_text);
   /* two direct or address uses of @twice: a LO and a HI literal each */
   assert_int_equal(caller->num_relocations, 4);
   for (uint32_t i = 0; i < 4; i++) {
      const aco_relocation *r = &caller->relocations[i];
      assert_string_equal(r->symbol, "twice");
      assert_int_equal(r->kind, i % 2 ? ACO_RELOC_REL32_HI : ACO_RELOC_REL32_LO);
      assert_int_equal(r->offset % 4, 0);
      assert_true(r->offset < caller->code_size);
      /* the literal is distance-from-the-end-of-s_getpc_b64: s_add_u32's literal is 4
       * bytes after it, s_addc_u32's 12 */
      assert_int_equal(r->addend, i % 2 ? 12 : 4);
      uint32_t word;
      memcpy(&word, caller->code + r->offset, 4);
      assert_int_equal(word, 0);
   }
   assert_true(caller->config.dynamic_stack); /* the callee is not known */
   assert_null(symbol(caller, "twice"));
   aco_binary *callee = compile(callee_text);
   assert_int_equal(callee->num_relocations, 0);
   const aco_symbol *tw = symbol(callee, "twice"), *in = symbol(callee, "twice_inner");
   assert_non_null(tw);
   assert_non_null(in);
   assert_true(in->frame_size >= 64);
   assert_int_equal(tw->stack_depth, tw->frame_size + in->stack_depth);
   assert_false(callee->config.dynamic_stack);
   aco_binary_destroy(caller);
   aco_binary_destroy(callee);
}

static void
test_link_resolves(void **state)
{
   (void)state;
   aco_binary *caller = compile(caller_text);
   aco_binary *callee = compile(callee_text);
   const aco_binary *bins[2] = {caller, callee};
   aco_binary *out = NULL;
   char msg[256];
   assert_int_equal(aco_link(bins, 2, NULL, &out, msg, sizeof(msg)), ACO_SUCCESS);
   assert_string_equal(msg, "");
   assert_int_equal(out->num_relocations, 0);
   assert_int_equal(out->num_symbols, 3);
   const aco_symbol *m = symbol(out, "main"), *tw = symbol(out, "twice");
   assert_non_null(m);
   assert_non_null(tw);
   assert_int_equal(tw->offset % 256, 0);
   assert_true(tw->offset >= caller->code_size);
   /* the code: each binary's bytes, the literals now the distance to @twice */
   assert_memory_equal(out->code + m->offset, caller->code, 16);
   for (uint32_t i = 0; i < caller->num_relocations; i += 2) {
      const aco_relocation *lo = &caller->relocations[i];
      uint32_t wlo, whi;
      memcpy(&wlo, out->code + lo->offset, 4);
      memcpy(&whi, out->code + lo->offset + 8, 4);
      int64_t dist = (int64_t)((uint64_t)whi << 32 | wlo);
      /* from the end of s_getpc_b64 (4 bytes before the s_add_u32 literal's opcode) */
      assert_int_equal(dist, (int64_t)tw->offset - (int64_t)(lo->offset - 4));
   }
   assert_memory_equal(out->code + tw->offset, callee->code + symbol(callee, "twice")->offset,
                       symbol(callee, "twice")->size);
   /* configuration: the most registers, the deepest path (still dynamic: the caller
    * calls through a pointer too) */
   assert_int_equal(out->config.num_vgprs, caller->config.num_vgprs > callee->config.num_vgprs
                                              ? caller->config.num_vgprs
                                              : callee->config.num_vgprs);
   assert_true(out->config.dynamic_stack);
   assert_int_equal(out->config.scratch_bytes_per_lane,
                    m->frame_size + symbol(callee, "twice")->stack_depth);
   assert_int_equal(out->config.rsrc2 & 1, 1); /* scratch enabled */
   assert_int_equal(out->stats.instructions, caller->stats.instructions + callee->stats.instructions);
   aco_binary_destroy(out);
   aco_binary_destroy(caller);
   aco_binary_destroy(callee);
}

/* Relinking a kernel alone changes nothing: the code and the resource registers stay
 * the compiler's (the VGPR blocks are not recomputed from the granule-rounded count, and
 * SCRATCH_EN stays set where the entry takes the scratch wave offset). With a callee the
 * VGPR blocks cover the callee's VGPRs. */
static void
test_link_rsrc(void **state)
{
   (void)state;
   static const char *const targets[] = {"gfx1030 wave32", "gfx1030 wave64",
                                         "gfx1100 wave32", "gfx1100 wave64",
                                         "gfx1200 wave32"};
   for (unsigned t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
      char text[1024];
      snprintf(text, sizeof(text),
               "target %s\n"
               "entry function @main(uniform ptr %%out) abi @compute_default "
               "workgroup_size 64 1 1 {\n"
               "  stack $0 size 8 align 4\n"
               "  %%lid = local_invocation_id.x\n"
               "  store_stack $0, %%lid\n"
               "  %%v = load_stack i32 $0\n"
               "  %%four = const i32 4\n"
               "  %%off = imul %%lid, %%four\n"
               "  store_global %%out[%%off], %%v\n"
               "}\n",
               targets[t]);
      aco_binary *k = compile(text);
      const aco_binary *one[1] = {k};
      aco_binary *out = NULL;
      assert_int_equal(aco_link(one, 1, NULL, &out, NULL, 0), ACO_SUCCESS);
      assert_int_equal(out->config.rsrc1, k->config.rsrc1);
      assert_int_equal(out->config.rsrc2, k->config.rsrc2);
      assert_int_equal(out->config.rsrc3, k->config.rsrc3);
      assert_int_equal(out->config.rsrc2 & 1, 1);
      assert_int_equal(out->code_size, k->code_size);
      assert_memory_equal(out->code, k->code, k->code_size);
      aco_binary_destroy(out);
      aco_binary_destroy(k);
   }
   /* a caller and its callee compiled apart, on gfx1030: the entry takes the scratch base
    * and the wave offset SCRATCH_EN enables; the VGPR blocks cover both binaries */
   char caller30[2048], callee30[2048];
   snprintf(caller30, sizeof(caller30), "target gfx1030 wave32\n%s",
            strchr(caller_text, '\n') + 1);
   snprintf(callee30, sizeof(callee30), "target gfx1030 wave32\n%s",
            strchr(callee_text, '\n') + 1);
   aco_binary *caller = compile(caller30);
   aco_binary *callee = compile(callee30);
   assert_int_equal(caller->config.rsrc2 & 1, 1);
   const aco_binary *bins[2] = {caller, callee};
   aco_binary *out = NULL;
   assert_int_equal(aco_link(bins, 2, NULL, &out, NULL, 0), ACO_SUCCESS);
   assert_int_equal(out->config.rsrc2, caller->config.rsrc2);
   unsigned blocks = (out->config.rsrc1 & 0x3f) + 1;
   assert_true(blocks * 8 >= callee->config.num_vgprs);
   assert_true(blocks >= (caller->config.rsrc1 & 0x3f) + 1);
   aco_binary_destroy(out);
   aco_binary_destroy(caller);
   aco_binary_destroy(callee);
}

/* Only direct calls across the binaries: once linked the stack depth is known. */
static void
test_link_static_depth(void **state)
{
   (void)state;
   const char *direct =
      "target gfx1100 wave32\n"
      "declare function @twice(i32 %x, uniform i32 %k, return i32 %r) abi @compute_default\n"
      "entry function @main(uniform ptr %out, uniform i32 %k) abi @compute_default "
      "workgroup_size 32 1 1 {\n"
      "  %lid = local_invocation_id.x\n"
      "  %z = const i32 0\n"
      "  %r = call @twice(%lid, %k, %z)\n"
      "  store_global %out, %r\n"
      "}\n";
   aco_binary *caller = compile(direct);
   aco_binary *callee = compile(callee_text);
   assert_true(caller->config.dynamic_stack);
   const aco_binary *bins[2] = {callee, caller};
   aco_binary *out = NULL;
   assert_int_equal(aco_link(bins, 2, NULL, &out, NULL, 0), ACO_SUCCESS);
   assert_false(out->config.dynamic_stack);
   assert_int_equal(out->config.scratch_bytes_per_lane,
                    symbol(out, "main")->frame_size + symbol(out, "twice")->stack_depth);
   assert_true(out->config.scratch_bytes_per_lane >= 64);
   aco_binary_destroy(out);
   aco_binary_destroy(caller);
   aco_binary_destroy(callee);
}

static void
test_link_errors(void **state)
{
   (void)state;
   aco_binary *caller = compile(caller_text);
   aco_binary *callee = compile(callee_text);
   aco_binary *out = (aco_binary *)1;
   char msg[256];
   /* the same functions twice */
   const aco_binary *twice[2] = {callee, callee};
   assert_int_equal(aco_link(twice, 2, NULL, &out, msg, sizeof(msg)), ACO_ERROR_LINK);
   assert_null(out);
   assert_non_null(strstr(msg, "@twice is defined by two binaries"));
   /* nothing to link, no output */
   assert_int_equal(aco_link(NULL, 0, NULL, &out, msg, sizeof(msg)), ACO_ERROR_INVALID_ARGUMENT);
   const aco_binary *one[1] = {caller};
   assert_int_equal(aco_link(one, 1, NULL, NULL, msg, sizeof(msg)), ACO_ERROR_INVALID_ARGUMENT);
   /* another target */
   aco_program *p = test_parse("target gfx1030 wave32\n"
                               "function @other(i32 %x) abi @compute_default {\n  return\n}\n");
   aco_binary *other = NULL;
   assert_int_equal(aco_compile(p, NULL, NULL, &other), ACO_SUCCESS);
   aco_program_destroy(p);
   const aco_binary *mixed[2] = {caller, other};
   assert_int_equal(aco_link(mixed, 2, NULL, &out, msg, sizeof(msg)), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(msg, "another target"));
   /* the caller alone: its relocations stay, still dynamic */
   assert_int_equal(aco_link(one, 1, NULL, &out, NULL, 0), ACO_SUCCESS);
   assert_int_equal(out->num_relocations, 4);
   assert_string_equal(out->relocations[0].symbol, "twice");
   assert_true(out->config.dynamic_stack);
   aco_binary_destroy(out);
   aco_binary_destroy(other);
   aco_binary_destroy(caller);
   aco_binary_destroy(callee);
}

/* A program without code (no functions, or only declarations) compiles to an empty binary,
 * with and without disassembly, which links with others; a binary whose counts have no
 * arrays is refused. */
static void
test_empty_binaries(void **state)
{
   (void)state;
   static const char *const texts[] = {
      "target gfx1100 wave32\n",
      "target gfx1100 wave32\n"
      "declare function @twice(i32 %x, uniform i32 %k, return i32 %r) abi @compute_default\n",
   };
   aco_binary *callee = compile(callee_text);
   for (unsigned t = 0; t < 2; t++) {
      for (uint32_t flags = 0; flags <= ACO_COMPILE_DISASSEMBLY; flags += ACO_COMPILE_DISASSEMBLY) {
         aco_program *p = test_parse(texts[t]);
         aco_compile_options o = {sizeof(o), flags, 0, 0, 0, 0};
         aco_binary *empty = NULL;
         assert_int_equal(aco_compile(p, &o, NULL, &empty), ACO_SUCCESS);
         aco_program_destroy(p);
         assert_int_equal(empty->code_size, 0);
         assert_int_equal(empty->num_symbols, 0);
         assert_int_equal(empty->num_relocations, 0);
         if (flags)
            assert_string_equal(empty->disassembly, "");
         else
            assert_null(empty->disassembly);
         const aco_binary *both[2] = {empty, callee};
         aco_binary *out = NULL;
         assert_int_equal(aco_link(both, 2, NULL, &out, NULL, 0), ACO_SUCCESS);
         assert_int_equal(out->num_symbols, callee->num_symbols);
         assert_int_equal(out->code_size, callee->code_size);
         assert_memory_equal(out->code, callee->code, callee->code_size);
         aco_binary_destroy(out);
         const aco_binary *alone[1] = {empty};
         assert_int_equal(aco_link(alone, 1, NULL, &out, NULL, 0), ACO_SUCCESS);
         assert_int_equal(out->code_size, 0);
         aco_binary_destroy(out);
         aco_binary_destroy(empty);
      }
   }
   aco_binary bad = *callee;
   bad.code = NULL;
   const aco_binary *one[1] = {&bad};
   aco_binary *out = (aco_binary *)1;
   char msg[256];
   assert_int_equal(aco_link(one, 1, NULL, &out, msg, sizeof(msg)), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(out);
   assert_non_null(strstr(msg, "binary 0: a count without its array"));
   aco_binary_destroy(callee);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_relocations),
      cmocka_unit_test(test_link_resolves),
      cmocka_unit_test(test_link_static_depth),
      cmocka_unit_test(test_link_rsrc),
      cmocka_unit_test(test_link_errors),
      cmocka_unit_test(test_empty_binaries),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
