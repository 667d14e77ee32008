/* SPDX-License-Identifier: MIT */
/* The public API's contracts: statuses, argument checks, messages, the diag callback,
 * compile before code generation exists. */
#include "helpers.h"

static void
test_status_strings(void **state)
{
   (void)state;
   for (int s = ACO_SUCCESS; s <= ACO_ERROR_LINK; s++) {
      const char *str = aco_status_string((aco_status)s);
      assert_non_null(str);
      assert_string_not_equal(str, "unknown status");
   }
   assert_string_equal(aco_status_string((aco_status)999), "unknown status");
   assert_string_equal(aco_status_string(ACO_ERROR_OUT_OF_MEMORY), "out of memory");
   assert_string_equal(aco_gfx_level_name(ACO_GFX1200), "gfx1200");
   assert_null(aco_gfx_level_name((aco_gfx_level)1010));
   assert_string_equal(aco_op_name(ACO_OP_LOCAL_ID_X), "local_invocation_id.x");
   assert_null(aco_op_name(ACO_OP_COUNT));
   assert_int_equal(aco_op_get_class(ACO_OP_FFMA), ACO_OPC_FLOAT_TRI);
}

static void
test_program_create_arguments(void **state)
{
   (void)state;
   aco_program *p = (aco_program *)1;
   assert_int_equal(aco_program_create(NULL, &p), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(p);
   aco_program_info info = {sizeof(info) - 1, {ACO_GFX1100, 32}, NULL, NULL, NULL};
   assert_int_equal(aco_program_create(&info, &p), ACO_ERROR_INVALID_ARGUMENT);
   info.struct_size = sizeof(info);
   info.target.wave_size = 16;
   assert_int_equal(aco_program_create(&info, &p), ACO_ERROR_INVALID_ARGUMENT);
   info.target = (aco_target){(aco_gfx_level)1010, 32};
   assert_int_equal(aco_program_create(&info, &p), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_program_create(&info, NULL), ACO_ERROR_INVALID_ARGUMENT);
   aco_program_destroy(NULL);
   assert_string_equal(aco_program_message(NULL), "no program");
   assert_int_equal(aco_program_validate(NULL), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_program_parse(NULL, "x", "", 0), ACO_ERROR_INVALID_ARGUMENT);
}

static void
test_function_create_arguments(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1030, 32);
   aco_function *f;
   aco_function_info fi = {sizeof(fi), "f", NULL, 0, 0, NULL, {0, 0, 0, 0}, {0, 0, 0}};
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_SUCCESS);
   assert_ptr_equal(aco_program_find_function(p, "f"), f);
   assert_ptr_equal(aco_program_function(p, 0), f);
   assert_int_equal(aco_program_function_count(p), 1);
   assert_string_equal(aco_function_name(f), "f");
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "function @f exists already"));
   fi.name = "has space";
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);
   fi.name = "g";
   fi.num_params = 1;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "params is NULL"));
   aco_param_info bad = {aco_type_make(ACO_BASE_FLOAT, 8, 1), 0, NULL};
   fi.params = &bad;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "parameter 0 has an invalid type"));
   bad.type = aco_type_int(32);
   bad.flags = 1u << 7;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);
   fi.num_params = 0;
   fi.float_mode.round32 = 9;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "bad float mode"));
   fi.float_mode.round32 = 0;
   fi.flags = 1u << 9;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_ERROR_INVALID_ARGUMENT);

   aco_function *ff = aco_program_find_function(p, "f");
   assert_int_equal(aco_function_add_stack_object(ff, 0, 4), UINT32_MAX);
   assert_int_equal(aco_function_add_stack_object(ff, 8, 3), UINT32_MAX);
   assert_int_equal(aco_function_add_stack_object(ff, 8, 8), 0);
   assert_false(aco_value_is_valid(aco_function_param(ff, 0)));
   assert_int_equal(aco_value_type(ff, (aco_value){99}).base, ACO_BASE_INVALID);
   aco_program_destroy(p);
}

/* Functions are found by name through a table that grows with the program: every one of
 * thousands is found, names not defined are not, and a name defined already is refused. */
static void
test_find_function_many(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   enum { N = 5000 };
   aco_function *made[N];
   char name[32];
   for (unsigned i = 0; i < N; i++) {
      snprintf(name, sizeof(name), i % 2 ? "f%u" : "rt.shader_%u", i);
      aco_function_info fi = {sizeof(fi), name, NULL, 0, 0, NULL, {0, 0, 0, 0}, {0, 0, 0}};
      assert_int_equal(aco_function_create(p, &fi, &made[i]), ACO_SUCCESS);
   }
   assert_int_equal(aco_program_function_count(p), N);
   for (unsigned i = 0; i < N; i++) {
      snprintf(name, sizeof(name), i % 2 ? "f%u" : "rt.shader_%u", i);
      assert_ptr_equal(aco_program_find_function(p, name), made[i]);
      assert_ptr_equal(aco_program_function(p, i), made[i]);
      /* the other spelling, and a prefix, are other names */
      snprintf(name, sizeof(name), i % 2 ? "rt.shader_%u" : "f%u", i);
      assert_null(aco_program_find_function(p, name));
   }
   assert_null(aco_program_find_function(p, "f"));
   assert_null(aco_program_find_function(p, ""));
   assert_null(aco_program_find_function(p, NULL));
   aco_function_info dup = {sizeof(dup), "f4999", NULL, 0, 0, NULL, {0, 0, 0, 0}, {0, 0, 0}};
   aco_function *f = NULL;
   assert_int_equal(aco_function_create(p, &dup, &f), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "function @f4999 exists already"));
   assert_int_equal(aco_program_function_count(p), N);
   aco_program_destroy(p);
   assert_null(aco_program_find_function(NULL, "f1"));
}

static int diag_calls;
static void
count_diag(void *user, aco_status status, const char *message)
{
   (void)user;
   assert_int_equal(status, ACO_ERROR_PARSE);
   assert_non_null(strstr(message, "in.air:2:1: expected"));
   diag_calls++;
}

static void
test_parse_contract(void **state)
{
   (void)state;
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, count_diag, NULL};
   aco_program *p;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   const char *bad = "target gfx1100 wave32\nbogus";
   assert_int_equal(aco_program_parse(p, "in.air", bad, strlen(bad)), ACO_ERROR_PARSE);
   assert_int_equal(diag_calls, 1);
   aco_program_destroy(p);

   /* text shorter than its length argument says: the length rules, NULs are errors */
   p = test_program(ACO_GFX_NONE, 0);
   const char nul[] = "target gfx1100 wave32\0junk";
   assert_int_equal(aco_program_parse(p, "n.air", nul, sizeof(nul) - 1), ACO_ERROR_PARSE);
   assert_non_null(strstr(aco_program_message(p), "n.air:1:22: unexpected character 0x00"));
   aco_program_destroy(p);

   /* a program created for one target rejects text for another */
   p = test_program(ACO_GFX1030, 64);
   const char *t = "target gfx1100 wave32\n";
   assert_int_equal(aco_program_parse(p, "t.air", t, strlen(t)), ACO_ERROR_PARSE);
   assert_non_null(strstr(aco_program_message(p), "created for gfx1030 wave64"));
   aco_program_destroy(p);

   /* parse only into an empty program */
   p = test_parse("target gfx1200 wave64\nfunction @f() abi @rt_recursive {\n  return\n}\n");
   assert_int_equal(aco_program_target(p).gfx_level, ACO_GFX1200);
   assert_int_equal(aco_program_target(p).wave_size, 64);
   assert_int_equal(aco_program_parse(p, "again", t, strlen(t)), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "not empty"));
   assert_int_equal(aco_program_validate(p), ACO_SUCCESS);
   assert_string_equal(aco_program_message(p), "");
   aco_program_destroy(p);
}

static void
test_compile_unsupported(void **state)
{
   (void)state;
   /* an i1 result of a divergent-callable function (a lane mask: not merged per lane) */
   aco_program *p = test_parse("target gfx1100 wave32\n"
                               "function @k(return i1 %r) abi @compute_default "
                               "divergent_callable {\n  %t = const i1 1\n  return %t\n}\n");
   aco_binary *bin = (aco_binary *)1;
   assert_int_equal(aco_compile(p, NULL, NULL, &bin), ACO_ERROR_UNSUPPORTED);
   assert_null(bin);
   assert_non_null(strstr(aco_program_message(p), "an i1 return parameter of a divergent-callable"));
   assert_non_null(strstr(aco_program_message(p), "not supported yet"));
   aco_compile_options o = {sizeof(o) - 2, 0, 0, 0, 0, 0};
   assert_int_equal(aco_compile(p, &o, NULL, &bin), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_compile(NULL, NULL, NULL, &bin), ACO_ERROR_INVALID_ARGUMENT);
   aco_binary_destroy(NULL);
   aco_program_destroy(p);

   /* an invalid program is rejected by the validator before anything else */
   p = test_parse("target gfx1100 wave32\n"
                  "function @f(i32 %a) abi @compute_default {\n  %x = fneg %a\n  return\n}\n");
   assert_int_equal(aco_compile(p, NULL, NULL, &bin), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(aco_program_message(p), "test.air") == NULL ? "line 3:3" : "");
   assert_non_null(strstr(aco_program_message(p), "line 3:3: function @f, body, instruction 1"));
   aco_program_destroy(p);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_status_strings),
      cmocka_unit_test(test_program_create_arguments),
      cmocka_unit_test(test_function_create_arguments),
      cmocka_unit_test(test_find_function_many),
      cmocka_unit_test(test_parse_contract),
      cmocka_unit_test(test_compile_unsupported),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
