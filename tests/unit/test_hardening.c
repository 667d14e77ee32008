/* SPDX-License-Identifier: MIT */
/* Misuse of the public API: each case is refused with a status and a message naming the
 * call (docs/api.md "Errors"), and nothing crashes, leaks or reads freed memory (the
 * sanitizer builds of CI run this too). */
#include "helpers.h"

/* What a diag callback received. */
struct diag_log {
   unsigned calls;
   aco_status status;
   char last[512];
};

static void
log_diag(void *user, aco_status status, const char *message)
{
   struct diag_log *log = user;
   log->calls++;
   log->status = status;
   snprintf(log->last, sizeof(log->last), "%s", message);
}

static aco_program *
logged_program(struct diag_log *log)
{
   aco_program_info info = {sizeof(info), {ACO_GFX1100, 32}, NULL, log_diag, log};
   aco_program *p = NULL;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   return p;
}

static aco_function *
kernel(aco_program *p, const char *name)
{
   aco_param_info params[1] = {{aco_type_int(32), ACO_PARAM_UNIFORM, "n"}};
   aco_function_info fi = {sizeof(fi), name, NULL, ACO_FUNCTION_ENTRY, 1, params, {0}, {64, 1, 1}};
   aco_function *f = NULL;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_SUCCESS);
   return f;
}

static void
assert_message(const aco_program *p, const char *part)
{
   if (!strstr(aco_program_message(p), part))
      fail_msg("message \"%s\" lacks \"%s\"", aco_program_message(p), part);
}

/* An allocator that fails once `left` allocations are made (libaco asks for alignments
 * malloc gives). */
struct budget {
   unsigned left;
};

static void *
budget_alloc(void *user, size_t size, size_t align)
{
   struct budget *b = user;
   (void)align;
   if (!b || !b->left)
      return NULL;
   b->left--;
   return malloc(size ? size : 1);
}

static void
budget_free(void *user, void *ptr, size_t size)
{
   (void)user;
   (void)size;
   free(ptr);
}

/* aco_program_create has no program: its failures go to diag. */
static void
test_program_create_diag(void **state)
{
   (void)state;
   struct diag_log log = {0, ACO_SUCCESS, ""};
   aco_program *p = (aco_program *)1;
   aco_program_info info = {sizeof(info), {(aco_gfx_level)1010, 32}, NULL, log_diag, &log};
   assert_int_equal(aco_program_create(&info, &p), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(p);
   assert_int_equal(log.calls, 1);
   assert_int_equal(log.status, ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(log.last, "aco_program_create: unknown target (gfx level 1010, wave32)"));

   info.target = (aco_target){ACO_GFX1100, 32};
   assert_int_equal(aco_program_create(&info, NULL), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(log.calls, 2);
   assert_non_null(strstr(log.last, "aco_program_create: out is NULL"));
}

/* An allocator without its functions is refused wherever one is taken. */
static void
test_incomplete_allocator(void **state)
{
   (void)state;
   struct diag_log log = {0, ACO_SUCCESS, ""};
   aco_allocator none = {NULL, NULL, NULL};
   aco_program_info info = {sizeof(info), {ACO_GFX1100, 32}, &none, log_diag, &log};
   aco_program *p = (aco_program *)1;
   assert_int_equal(aco_program_create(&info, &p), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(p);
   assert_int_equal(log.calls, 1);
   assert_non_null(strstr(log.last, "aco_program_create: the allocator lacks its alloc or free"));
   aco_allocator half = {budget_alloc, NULL, NULL};
   info.allocator = &half;
   assert_int_equal(aco_program_create(&info, &p), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(log.calls, 2);

   p = logged_program(&log);
   aco_function *f = kernel(p, "main");
   aco_builder *b = NULL;
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   aco_b_return(b, NULL);
   assert_int_equal(aco_builder_finish(b), ACO_SUCCESS);
   aco_builder_destroy(b);
   aco_binary *bin = (aco_binary *)1;
   assert_int_equal(aco_compile(p, NULL, &none, &bin), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(bin);
   assert_message(p, "aco_compile: the allocator lacks its alloc or free function");

   assert_int_equal(aco_compile(p, NULL, NULL, &bin), ACO_SUCCESS);
   aco_binary *linked = NULL;
   char msg[256];
   const aco_binary *bins[1] = {bin};
   assert_int_equal(aco_link(bins, 1, &half, &linked, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_null(linked);
   assert_non_null(strstr(msg, "aco_link: the allocator lacks its alloc or free function"));
   aco_binary_destroy(bin);

   aco_pool *pool = NULL;
   assert_int_equal(aco_pool_create(&none, &pool), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(pool);
   aco_program_destroy(p);
}

/* An ABI is a handle of its program: another program's is refused (it would be used
 * after that program is destroyed). */
static void
test_abi_of_another_program(void **state)
{
   (void)state;
   struct diag_log log = {0, ACO_SUCCESS, ""};
   aco_program *p = logged_program(&log);
   aco_program *other = test_program(ACO_GFX1100, 32);
   aco_function_info fi = {sizeof(fi), "f", aco_program_builtin_abi(other, ACO_ABI_RT_RECURSIVE),
                           0, 0, NULL, {0}, {0}};
   aco_function *f = (aco_function *)1;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(f);
   assert_message(p, "aco_function_create: @f: the ABI is not one of this program's");
   assert_int_equal(log.calls, 1);
   aco_program_destroy(other);
   /* its own ABIs are accepted */
   fi.abi = aco_program_builtin_abi(p, ACO_ABI_RT_RECURSIVE);
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_SUCCESS);
   aco_program_destroy(p);
}

/* A value of another function (of this or another program) is refused, not aliased. */
static void
test_value_of_another_function(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_function *f = kernel(p, "f");
   aco_function *g = kernel(p, "g");
   aco_value fn = aco_function_param(f, 0);
   aco_value gn = aco_function_param(g, 0);
   assert_true(aco_value_is_valid(fn) && aco_value_is_valid(gn));
   assert_int_not_equal(fn.id, gn.id);
   assert_int_equal(aco_value_type(g, fn).base, ACO_BASE_INVALID);
   assert_int_equal(aco_value_type(f, fn).bits, 32);
   assert_int_equal(aco_value_set_name(g, fn, "x"), ACO_ERROR_INVALID_ARGUMENT);

   aco_builder *b = NULL;
   assert_int_equal(aco_builder_create(g, &b), ACO_SUCCESS);
   aco_value ok = aco_b_iadd(b, gn, gn);
   assert_true(aco_value_is_valid(ok));
   aco_value bad = aco_b_iadd(b, gn, fn);
   assert_false(aco_value_is_valid(bad));
   assert_int_equal(aco_builder_status(b), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_b_op: @g: an operand is not a value of this function");
   aco_builder_destroy(b);

   /* a function of another program: tags differ from program to program only almost
    * always (they come from the program's address), but two neighbouring functions never
    * share one, so one of q's first two has a tag other than f's */
   aco_program *q = test_program(ACO_GFX1100, 32);
   aco_function *qf = kernel(q, "f");
   aco_function *qg = kernel(q, "g");
   if (aco_function_param(qf, 0).id >> 24 == fn.id >> 24)
      qf = qg;
   assert_int_not_equal(aco_function_param(qf, 0).id >> 24, fn.id >> 24);
   assert_int_equal(aco_builder_create(qf, &b), ACO_SUCCESS);
   aco_b_iadd(b, fn, fn);
   assert_int_equal(aco_builder_status(b), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(q, "an operand is not a value of this function");
   aco_builder_destroy(b);
   aco_program_destroy(q);
   aco_program_destroy(p);
}

/* A builder destroyed with an if open leaves its function unfinished: no compile. */
static void
test_unfinished_builder(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_function *f = kernel(p, "main");
   aco_builder *b = NULL;
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   aco_value n = aco_function_param(f, 0);
   aco_value c = aco_b_op2(b, ACO_OP_IEQ, n, aco_b_imm32(b, 0));
   aco_b_if(b, c, 0, NULL);
   aco_b_barrier(b);
   assert_int_equal(aco_builder_status(b), ACO_SUCCESS);
   aco_builder_destroy(b);
   aco_binary *bin = (aco_binary *)1;
   assert_int_equal(aco_program_validate(p), ACO_ERROR_INVALID_IR);
   assert_message(p, "its builder was destroyed with an if or a loop still open");
   assert_int_equal(aco_compile(p, NULL, NULL, &bin), ACO_ERROR_INVALID_IR);
   assert_null(bin);
   aco_program_destroy(p);

   /* a loop likewise */
   p = test_program(ACO_GFX1100, 32);
   f = kernel(p, "main");
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   aco_b_loop(b, 0, NULL, NULL, 0, NULL);
   aco_builder_destroy(b);
   assert_int_equal(aco_program_validate(p), ACO_ERROR_INVALID_IR);
   aco_program_destroy(p);
}

/* Builders and programs may be destroyed in either order. */
static void
test_builder_after_program(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_function *f = kernel(p, "main");
   aco_builder *b1 = NULL, *b2 = NULL, *b3 = NULL;
   assert_int_equal(aco_builder_create(f, &b1), ACO_SUCCESS);
   assert_int_equal(aco_builder_create(f, &b2), ACO_SUCCESS);
   assert_int_equal(aco_builder_create(f, &b3), ACO_SUCCESS);
   aco_builder_destroy(b2); /* from the middle of the program's list */
   aco_b_loop(b1, 0, NULL, NULL, 0, NULL);
   aco_program_destroy(p);
   /* detached: calls do nothing, and destroying touches nothing of the program */
   assert_false(aco_value_is_valid(aco_b_imm32(b1, 1)));
   aco_b_end_loop(b1, NULL, NULL);
   assert_int_equal(aco_builder_status(b1), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_builder_finish(b3), ACO_ERROR_INVALID_ARGUMENT);
   aco_builder_destroy(b1);
   aco_builder_destroy(b3);
}

/* Flags, struct tails and sizes beyond what this version knows are refused. */
static void
test_unknown_flags_tails_sizes(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_function *f = kernel(p, "main");
   aco_builder *b = NULL;
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   aco_b_return(b, NULL);
   aco_builder_destroy(b);

   aco_binary *bin = NULL;
   aco_compile_options o = {sizeof(o), 1u << 7, 0, 0, 0, 0};
   assert_int_equal(aco_compile(p, &o, NULL, &bin), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_compile: unknown flags 0x80");
   o.flags = 0;
   o.reserved = 1;
   assert_int_equal(aco_compile(p, &o, NULL, &bin), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "reserved must be 0");

   /* a larger struct from a later version: accepted while the extra bytes are zero */
   struct {
      aco_compile_options o;
      uint32_t later[2];
   } big = {{sizeof(big), 0, 0, 0, 0, 0}, {0, 0}};
   assert_int_equal(aco_compile(p, &big.o, NULL, &bin), ACO_SUCCESS);
   aco_binary_destroy(bin);
   big.later[1] = 5;
   assert_int_equal(aco_compile(p, &big.o, NULL, &bin), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "non-zero bytes beyond it");

   struct {
      aco_function_info fi;
      uint64_t later;
   } bigf = {{sizeof(bigf), "g", NULL, 0, 0, NULL, {0}, {0}}, 1};
   aco_function *g = NULL;
   assert_int_equal(aco_function_create(p, &bigf.fi, &g), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_function_create: aco_function_info.struct_size");
   bigf.later = 0;
   assert_int_equal(aco_function_create(p, &bigf.fi, &g), ACO_SUCCESS);

   struct {
      aco_abi_info ai;
      uint32_t later;
   } biga = {{sizeof(biga), "mine", false, {{0, 0}, {0, 0}, false}, {32, 32},
              {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, 0, NULL}, 7};
   aco_abi *abi = NULL;
   assert_int_equal(aco_abi_create(p, &biga.ai, &abi), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_abi_create: aco_abi_info.struct_size");

   struct diag_log log = {0, ACO_SUCCESS, ""};
   struct {
      aco_program_info pi;
      uint32_t later;
   } bigp = {{sizeof(bigp), {ACO_GFX1100, 32}, NULL, log_diag, &log}, 1};
   aco_program *q = NULL;
   assert_int_equal(aco_program_create(&bigp.pi, &q), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(log.calls, 1);
   assert_non_null(strstr(log.last, "non-zero bytes beyond"));

   /* out-of-range sizes */
   assert_int_equal(aco_function_set_shared_size(f, 1u << 20), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_function_set_shared_size: @main: 1048576 bytes is above the limit");
   assert_int_equal(aco_function_set_shared_size(g, 16), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "only entry functions declare a shared size");
   assert_int_equal(aco_function_set_shared_size(f, 65536), ACO_SUCCESS);
   aco_program_destroy(p);
}

/* Calls that used to fail without a message. */
static void
test_messages(void **state)
{
   (void)state;
   struct diag_log log = {0, ACO_SUCCESS, ""};
   aco_program *p = logged_program(&log);
   assert_int_equal(aco_function_create(p, NULL, NULL), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_function_create: out is NULL");
   aco_function *f = NULL;
   assert_int_equal(aco_function_create(p, NULL, &f), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_function_create: info is NULL");
   assert_int_equal(aco_abi_create(p, NULL, NULL), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_abi_create: out is NULL");
   f = kernel(p, "main");
   assert_false(aco_value_is_valid(aco_function_param(f, 99)));
   assert_message(p, "aco_function_param: @main has 1 parameters; there is no parameter 99");
   assert_int_equal(aco_builder_create(f, NULL), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_builder_create: out is NULL");
   assert_int_equal(aco_program_print(p, NULL, NULL), ACO_ERROR_INVALID_ARGUMENT);
   assert_message(p, "aco_program_print: write is NULL");
   assert_int_equal(log.calls, 6);
   aco_program_destroy(p);
}


/* Out of memory: a message on the program, or through diag when there is none. */
static void
test_out_of_memory_messages(void **state)
{
   (void)state;
   struct budget budget = {0};
   aco_allocator a = {budget_alloc, budget_free, &budget};
   struct diag_log log = {0, ACO_SUCCESS, ""};
   aco_program_info info = {sizeof(info), {ACO_GFX1100, 32}, &a, log_diag, &log};
   aco_program *p = NULL;
   unsigned failed = 0;
   /* every allocation of aco_program_create failing in turn */
   for (unsigned n = 0; n < 64; n++) {
      budget.left = n;
      log.calls = 0;
      aco_status s = aco_program_create(&info, &p);
      if (s == ACO_SUCCESS) {
         aco_program_destroy(p);
         break;
      }
      failed++;
      assert_int_equal(s, ACO_ERROR_OUT_OF_MEMORY);
      assert_int_equal(log.calls, 1);
      assert_string_equal(log.last, "aco_program_create: out of memory");
   }
   assert_true(failed >= 2);

   /* aco_builder_create */
   budget.left = 1000;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   aco_function *f = kernel(p, "main");
   budget.left = 0;
   aco_builder *b = (aco_builder *)1;
   assert_int_equal(aco_builder_create(f, &b), ACO_ERROR_OUT_OF_MEMORY);
   assert_null(b);
   assert_message(p, "out of memory");
   aco_program_destroy(p);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_program_create_diag),
      cmocka_unit_test(test_incomplete_allocator),
      cmocka_unit_test(test_abi_of_another_program),
      cmocka_unit_test(test_value_of_another_function),
      cmocka_unit_test(test_unfinished_builder),
      cmocka_unit_test(test_builder_after_program),
      cmocka_unit_test(test_unknown_flags_tails_sizes),
      cmocka_unit_test(test_messages),
      cmocka_unit_test(test_out_of_memory_messages),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
