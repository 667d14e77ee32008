/* SPDX-License-Identifier: MIT */
/* Every allocation may fail: an allocator that fails at the Nth call, for every N of a
 * build + parse + validate + print scenario, must give ACO_ERROR_OUT_OF_MEMORY and leave
 * nothing allocated once the program is destroyed. */
#include "helpers.h"

struct counting {
   unsigned calls, fail_at;
   long live;
   size_t live_bytes;
};

static void *
counting_alloc(void *user, size_t size, size_t align)
{
   struct counting *c = user;
   if (++c->calls == c->fail_at)
      return NULL;
   void *p = aligned_alloc(align < sizeof(void *) ? sizeof(void *) : align,
                           (size + align - 1) / align * align);
   if (p) {
      c->live++;
      c->live_bytes += size;
   }
   return p;
}

static void
counting_free(void *user, void *ptr, size_t size)
{
   struct counting *c = user;
   c->live--;
   c->live_bytes -= size;
   free(ptr);
}

static const char *const program_text =
   "target gfx1100 wave64\n"
   "abi @a {\n  preserved s8 v8\n  clobbered s8 v8\n  preserved_first\n  hint 0 v2\n}\n"
   "function @leaf(f32 %x, return f32 %r) abi @a {\n"
   "  stack $0 size 16 align 4\n"
   "  store_stack $0[4], %x\n"
   "  %y = load_stack f32 $0[4]\n"
   "  %z = fadd %x, %y\n"
   "  return %z\n}\n"
   "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 32 2 1 {\n"
   "  %lid = local_invocation_id.x\n"
   "  %f = u2f f32 %lid\n"
   "  %zero = const f32 0\n"
   "  %r = call @leaf(%f, %zero)\n"
   "  %n = loop (%k = %lid) -> i32 {\n"
   "    %one = const i32 1\n"
   "    %k1 = iadd %k, %one\n"
   "    %c = uge %k1, %one\n"
   "    if %c {\n      break %k1\n    }\n"
   "    continue %k1\n  }\n"
   "  %four = const i32 4\n"
   "  %o = imul %lid, %four\n"
   "  store_global %out[%o], %r\n"
   "  return\n}\n";

static void
sink(void *user, const char *data, size_t len)
{
   (void)data;
   *(size_t *)user += len;
}

/* Runs the scenario; returns its first non-success status (the program is destroyed). */
static aco_status
scenario(const aco_allocator *a)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, a, NULL, NULL};
   aco_program *p;
   aco_status s = aco_program_create(&info, &p);
   if (s != ACO_SUCCESS)
      return s;
   s = aco_program_parse(p, "oom.air", program_text, strlen(program_text));
   if (s == ACO_SUCCESS)
      s = aco_program_validate(p);
   if (s == ACO_SUCCESS) {
      /* grow the program through the builder too */
      aco_param_info param = {aco_type_int(32), ACO_PARAM_RETURN, "acc"};
      aco_function_info fi = {sizeof(fi), "built", NULL, 0, 1, &param, {0, 0, 0, 0}, {0, 0, 0}};
      aco_function *f;
      s = aco_function_create(p, &fi, &f);
      aco_builder *b = NULL;
      if (s == ACO_SUCCESS)
         s = aco_builder_create(f, &b);
      if (s == ACO_SUCCESS) {
         aco_value acc = aco_function_param(f, 0);
         aco_type i32 = aco_type_int(32);
         aco_value carried, res;
         aco_b_loop(b, 1, &acc, &carried, 1, &i32);
         for (unsigned i = 0; i < 300; i++)
            carried = aco_b_iadd(b, carried, aco_b_imm32(b, i));
         aco_b_break(b, &carried);
         aco_b_end_loop(b, NULL, &res);
         aco_b_return(b, &res);
         s = aco_builder_finish(b);
         aco_builder_destroy(b);
      }
   }
   if (s == ACO_SUCCESS)
      s = aco_program_validate(p);
   size_t printed = 0;
   if (s == ACO_SUCCESS)
      s = aco_program_print(p, sink, &printed);
   if (s == ACO_SUCCESS) {
      /* parameter locations (docs/calls.md): x at its hint, r in the first clobbered VGPR */
      aco_param_location locs[2];
      s = aco_function_param_locations(aco_program_find_function(p, "leaf"), locs, 2, NULL,
                                       NULL);
      if (s == ACO_SUCCESS) {
         assert_true(locs[0].kind == ACO_PARAM_LOC_VGPR && locs[0].reg == 2 && locs[0].hinted);
         assert_true(locs[1].kind == ACO_PARAM_LOC_VGPR && locs[1].reg == 8);
      }
   }
   if (s == ACO_SUCCESS) {
      assert_true(printed > 1000);
      /* error paths allocate too: a message naming the problem */
      const char *bad = "target gfx1100 wave32\nfunction @f() abi @nope {\n}\n";
      aco_program *q;
      s = aco_program_create(&info, &q);
      if (s == ACO_SUCCESS) {
         s = aco_program_parse(q, "bad.air", bad, strlen(bad));
         if (s == ACO_ERROR_PARSE) {
            /* the message is there, or says it ran out of memory writing it */
            const char *m = aco_program_message(q);
            assert_true(strstr(m, "unknown ABI @nope") || strstr(m, "out of memory"));
            s = strstr(m, "out of memory") ? ACO_ERROR_OUT_OF_MEMORY : ACO_SUCCESS;
         }
         aco_program_destroy(q);
      }
   }
   aco_program_destroy(p);
   return s;
}

static void
test_every_allocation_fails_cleanly(void **state)
{
   (void)state;
   struct counting c = {0, 0, 0, 0};
   aco_allocator a = {counting_alloc, counting_free, &c};
   assert_int_equal(scenario(&a), ACO_SUCCESS);
   assert_int_equal(c.live, 0);
   unsigned total = c.calls;
   assert_true(total > 10);
   for (unsigned n = 1; n <= total; n++) {
      c = (struct counting){0, n, 0, 0};
      aco_status s = scenario(&a);
      if (s != ACO_ERROR_OUT_OF_MEMORY)
         fail_msg("allocation %u of %u failed: status %s, expected out of memory", n, total,
                  aco_status_string(s));
      if (c.live != 0)
         fail_msg("allocation %u of %u failed: %ld blocks (%zu bytes) leaked", n, total, c.live,
                  c.live_bytes);
   }
   printf("failed each of %u allocations in turn: all returned ACO_ERROR_OUT_OF_MEMORY, "
          "nothing leaked\n",
          total);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_allocation_fails_cleanly),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
