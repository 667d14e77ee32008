/* SPDX-License-Identifier: MIT */
/* The builder: every operation of ACO_OP_LIST is built once, the result validates, prints,
 * and reads back to the same text; control flow and calls; builder misuse. */
#include "helpers.h"

static aco_function *
make_function(aco_program *p, const char *name, uint32_t flags, const aco_param_info *params,
              unsigned n)
{
   aco_function_info fi = {sizeof(fi), name, NULL, flags, n, params, {0, 0, 0, 0}, {0, 0, 0}};
   aco_function *f = NULL;
   aco_status s = aco_function_create(p, &fi, &f);
   if (s != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(p));
   assert_int_equal(s, ACO_SUCCESS);
   return f;
}

static void
assert_round_trip(aco_program *p)
{
   aco_status s = aco_program_validate(p);
   if (s != ACO_SUCCESS)
      fprintf(stderr, "%s\n", aco_program_message(p));
   assert_int_equal(s, ACO_SUCCESS);
   char *text = test_print(p);
   aco_program *q = test_parse(text);
   assert_int_equal(aco_program_validate(q), ACO_SUCCESS);
   char *again = test_print(q);
   assert_string_equal(text, again);
   free(again);
   free(text);
   aco_program_destroy(q);
}

/* Builds one instance of op; returns false for the operations built elsewhere. */
static bool
build_op(aco_builder *b, aco_function *callee, aco_op op, aco_value ptr, aco_value desc,
         uint32_t stack_obj)
{
   aco_type i32 = aco_type_int(32), f32 = aco_type_float(32);
   aco_value x = aco_b_const(b, i32, 7), y = aco_b_const(b, i32, 0xfffffff0u);
   aco_value fx = aco_b_const_float(b, f32, 1.5), fy = aco_b_const_float(b, f32, -0.25);
   aco_address ga = {ptr, x, 16, 0, 4, 0};
   aco_address sa = {{0}, x, 8, 0, 0, 0};
   aco_address ka = {{0}, x, 4, stack_obj, 0, 0};
   aco_address ba = {desc, x, 0, 0, 0, ACO_ACCESS_COHERENT};
   aco_address ua = {ptr, {0}, 64, 0, 0, ACO_ACCESS_READONLY};
   switch (aco_op_get_class(op)) {
   case ACO_OPC_CONST:
      aco_b_const(b, aco_type_int(64), UINT64_MAX);
      aco_b_const_float(b, aco_type_float(16), 0.5);
      aco_b_const_float(b, aco_type_float(64), -0.0);
      return true;
   case ACO_OPC_INT_UN:
   case ACO_OPC_INT_BIN:
   case ACO_OPC_INT_CMP: {
      aco_value s[2] = {x, y};
      aco_b_op(b, op, s, aco_op_get_class(op) == ACO_OPC_INT_UN ? 1 : 2);
      return true;
   }
   case ACO_OPC_FLOAT_UN:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_CMP: {
      aco_value s[3] = {fx, fy, fx};
      aco_op_class c = aco_op_get_class(op);
      aco_b_op(b, op, s, c == ACO_OPC_FLOAT_UN ? 1 : c == ACO_OPC_FLOAT_TRI ? 3 : 2);
      return true;
   }
   case ACO_OPC_FLOAT_APPROX:
      aco_b_approx(b, op, fx, fy, 0);
      return true;
   case ACO_OPC_CONVERT:
      switch (op) {
      case ACO_OP_ZEXT:
      case ACO_OP_SEXT: aco_b_convert(b, op, aco_type_int(64), x); break;
      case ACO_OP_TRUNC: aco_b_convert(b, op, aco_type_int(16), x); break;
      case ACO_OP_FCONV: aco_b_convert(b, op, aco_type_float(64), fx); break;
      case ACO_OP_U2F:
      case ACO_OP_S2F: aco_b_convert(b, op, f32, x); break;
      case ACO_OP_F2U:
      case ACO_OP_F2S: aco_b_convert(b, op, i32, fx); break;
      default: aco_b_convert(b, op, f32, x); break;
      }
      return true;
   case ACO_OPC_SELECT:
      aco_b_select(b, aco_b_op2(b, ACO_OP_ULT, x, y), fx, fy);
      return true;
   case ACO_OPC_VEC: {
      aco_value s[4] = {x, y, x, y};
      aco_value v = aco_b_op(b, op, s, 4);
      aco_b_store(b, ACO_OP_STORE_GLOBAL, &ga, v);
      return true;
   }
   case ACO_OPC_EXTRACT: {
      aco_value v = aco_b_load(b, ACO_OP_LOAD_GLOBAL, aco_type_vec(i32, 3), &ga);
      aco_b_extract(b, v, 2);
      return true;
   }
   case ACO_OPC_SYSVAL:
      aco_b_op(b, op, NULL, 0);
      return true;
   case ACO_OPC_LOAD:
      aco_b_load(b, op, i32,
                 op == ACO_OP_LOAD_SHARED  ? &sa
                 : op == ACO_OP_LOAD_STACK ? &ka
                 : op == ACO_OP_LOAD_BUFFER ? &ba
                 : op == ACO_OP_LOAD_UNIFORM ? &ua
                                            : &ga);
      return true;
   case ACO_OPC_STORE:
      aco_b_store(b, op,
                  op == ACO_OP_STORE_SHARED  ? &sa
                  : op == ACO_OP_STORE_STACK ? &ka
                  : op == ACO_OP_STORE_BUFFER ? &ba
                                              : &ga,
                  fx);
      return true;
   case ACO_OPC_ATOMIC: {
      const aco_address *a = op == ACO_OP_ATOMIC_SHARED   ? &sa
                             : op == ACO_OP_ATOMIC_BUFFER ? &ba
                                                          : &ga;
      aco_b_atomic(b, op, ACO_ATOMIC_UMAX, a, x, (aco_value){0});
      aco_b_atomic(b, op, ACO_ATOMIC_CMPXCHG, a, x, y);
      return true;
   }
   case ACO_OPC_SUBGROUP:
      if (op == ACO_OP_BALLOT)
         aco_b_op1(b, op, aco_b_op2(b, ACO_OP_IEQ, x, y));
      else if (op == ACO_OP_READ_LANE)
         aco_b_op2(b, op, fx, x);
      else
         aco_b_op1(b, op, fx);
      return true;
   case ACO_OPC_REDUCE:
      aco_b_reduce(b, op, ACO_OP_FMIN, fx);
      aco_b_reduce(b, op, ACO_OP_IADD, x);
      return true;
   case ACO_OPC_BARRIER:
      if (op == ACO_OP_FENCE)
         aco_b_fence(b, ACO_SCOPE_DEVICE);
      else
         aco_b_barrier(b);
      return true;
   case ACO_OPC_FUNC_ADDR:
      aco_b_func_addr(b, callee);
      return true;
   case ACO_OPC_CALL: {
      aco_value args[2] = {x, fx}, res[1];
      if (op == ACO_OP_CALL)
         aco_b_call(b, callee, args, 2, res);
      else if (op == ACO_OP_CALL_INDIRECT)
         aco_b_call_indirect(b, aco_b_func_addr(b, callee), callee, args, 2, res);
      else
         return false; /* tail calls end a region: built below */
      return true;
   }
   default:
      return false; /* control flow: built below */
   }
}

static void
test_every_operation(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_param_info cparams[2] = {{aco_type_int(32), 0, "a"},
                                {aco_type_float(32), ACO_PARAM_RETURN, "r"}};
   aco_function *callee = make_function(p, "callee", 0, cparams, 2);
   aco_builder *cb;
   assert_int_equal(aco_builder_create(callee, &cb), ACO_SUCCESS);
   aco_value r = aco_function_param(callee, 1);
   aco_b_return(cb, &r);
   assert_int_equal(aco_builder_finish(cb), ACO_SUCCESS);
   aco_builder_destroy(cb);

   aco_param_info params[3] = {{aco_type_ptr(), ACO_PARAM_UNIFORM, "buf"},
                               {aco_type_vec(aco_type_int(32), 4), ACO_PARAM_UNIFORM, "desc"},
                               {aco_type_float(32), ACO_PARAM_RETURN, "ret"}};
   aco_function *f = make_function(p, "all_ops", 0, params, 3);
   uint32_t obj = aco_function_add_stack_object(f, 64, 16);
   assert_int_equal(obj, 0);
   aco_builder *b;
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   unsigned built = 0;
   for (unsigned op = ACO_OP_INVALID + 1; op < ACO_OP_COUNT; op++)
      built += build_op(b, callee, (aco_op)op, aco_function_param(f, 0), aco_function_param(f, 1),
                        obj);
   assert_int_equal(aco_builder_status(b), ACO_SUCCESS);

   /* control flow: if with results, loop with carried values and break/continue, tail call */
   aco_type i32 = aco_type_int(32);
   aco_value zero = aco_b_imm32(b, 0), ten = aco_b_imm32(b, 10);
   aco_value c = aco_b_op2(b, ACO_OP_SLT, zero, ten);
   aco_value res[1], carried[1], lres[1];
   aco_b_if(b, c, 1, &i32);
   aco_b_else(b, &ten);
   aco_b_end_if(b, &zero, res);
   aco_b_loop(b, 1, &zero, carried, 1, &i32);
   aco_value next = aco_b_iadd(b, carried[0], aco_b_imm32(b, 1));
   aco_b_if(b, aco_b_op2(b, ACO_OP_UGE, next, ten), 0, NULL);
   aco_b_break(b, &next);
   aco_b_end_if(b, NULL, NULL);
   aco_b_if(b, aco_b_op2(b, ACO_OP_IEQ, next, res[0]), 0, NULL);
   aco_b_continue(b, &next);
   aco_b_end_if(b, NULL, NULL);
   aco_b_end_loop(b, &next, lres);
   aco_value args[2] = {lres[0], aco_function_param(f, 2)};
   aco_b_if(b, c, 0, NULL);
   aco_b_tail_call(b, callee, args, 2);
   aco_b_else(b, NULL);
   aco_b_tail_call_indirect(b, aco_b_func_addr(b, callee), callee, args, 2);
   aco_b_end_if(b, NULL, NULL);
   aco_value ret = aco_function_param(f, 2);
   aco_b_return(b, &ret);
   assert_int_equal(aco_builder_finish(b), ACO_SUCCESS);
   aco_builder_destroy(b);

   /* every operation either built above or by the control-flow part */
   assert_int_equal(built + 8 /* tail calls, if, loop, break, continue, yield, return */,
                    ACO_OP_COUNT - 1);
   char *text = test_print(p);
   for (unsigned op = ACO_OP_INVALID + 1; op < ACO_OP_COUNT; op++) {
      char needle[64];
      snprintf(needle, sizeof(needle), "%s", aco_op_name((aco_op)op));
      if (!strstr(text, needle))
         fail_msg("operation %s missing from:\n%s", needle, text);
   }
   free(text);
   assert_round_trip(p);
   aco_program_destroy(p);
}

static void
test_builder_misuse(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1030, 64);
   aco_function *f = make_function(p, "f", 0, NULL, 0);
   aco_builder *b;
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   aco_value bogus = {12345};
   aco_value v = aco_b_iadd(b, bogus, bogus);
   assert_false(aco_value_is_valid(v));
   assert_int_equal(aco_builder_status(b), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "aco_b_op: @f: an operand is not a value"));
   /* sticky: later calls do nothing */
   assert_false(aco_value_is_valid(aco_b_imm32(b, 1)));
   aco_builder_destroy(b);

   /* a jump ends its region */
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   aco_b_return(b, NULL);
   aco_b_imm32(b, 1);
   assert_int_equal(aco_builder_status(b), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "nothing may follow"));
   aco_builder_destroy(b);

   /* unclosed if */
   aco_function *g = make_function(p, "g", 0, NULL, 0);
   assert_int_equal(aco_builder_create(g, &b), ACO_SUCCESS);
   aco_value one = aco_b_const(b, aco_type_bool(), 1);
   aco_b_if(b, one, 0, NULL);
   assert_int_equal(aco_builder_finish(b), ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "an if is still open"));
   aco_builder_destroy(b);

   /* break outside a loop, if with results without else */
   aco_function *h = make_function(p, "h", 0, NULL, 0);
   assert_int_equal(aco_builder_create(h, &b), ACO_SUCCESS);
   aco_b_break(b, NULL);
   assert_non_null(strstr(aco_program_message(p), "not inside a loop"));
   aco_builder_destroy(b);
   aco_function *k = make_function(p, "k", 0, NULL, 0);
   assert_int_equal(aco_builder_create(k, &b), ACO_SUCCESS);
   aco_type i32 = aco_type_int(32);
   one = aco_b_const(b, aco_type_bool(), 1);
   aco_b_if(b, one, 1, &i32);
   aco_value z = aco_b_imm32(b, 0);
   aco_b_end_if(b, &z, NULL);
   assert_non_null(strstr(aco_program_message(p), "needs an else"));
   aco_builder_destroy(b);

   /* a declared function has no builder */
   aco_function *d = make_function(p, "ext", ACO_FUNCTION_EXTERNAL, NULL, 0);
   assert_int_equal(aco_builder_create(d, &b), ACO_ERROR_INVALID_ARGUMENT);
   aco_program_destroy(p);
}

static void
test_validator_reports_builder_ir(void **state)
{
   (void)state;
   /* Type errors are left to the validator, which names function, block and instruction. */
   aco_program *p = test_program(ACO_GFX1200, 32);
   aco_function *f = make_function(p, "bad", 0, NULL, 0);
   aco_builder *b;
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   aco_value x = aco_b_imm32(b, 1);
   aco_value fl = aco_b_const_float(b, aco_type_float(32), 2.0);
   aco_b_iadd(b, x, fl);
   aco_b_op2(b, ACO_OP_FADD, x, x);
   aco_b_return(b, NULL);
   assert_int_equal(aco_builder_finish(b), ACO_SUCCESS);
   aco_builder_destroy(b);
   assert_int_equal(aco_program_validate(p), ACO_ERROR_INVALID_IR);
   const char *m = aco_program_message(p);
   assert_non_null(strstr(m, "2 errors"));
   assert_non_null(strstr(m, "function @bad, body, instruction 3 `%3 = iadd %1, %2`: operand "
                             "types: i32 and f32 differ"));
   assert_non_null(strstr(m, "instruction 4 `%4 = fadd %1, %1`: fadd takes float scalars"));
   aco_program_destroy(p);
}

/* Ifs nest at most AIR_MAX_NESTING (200, docs/ir.md) deep: 200 build, validate, print,
 * parse back and compile; the 201st if is refused by the builder, and by the parser
 * (tests/bad/parse_nesting_201.air). */
static void
test_nesting_limit(void **state)
{
   (void)state;
   for (unsigned depth = 200; depth <= 201; depth++) {
      aco_program *p = test_program(ACO_GFX1100, 32);
      aco_function *f = make_function(p, "deep", 0, NULL, 0);
      aco_builder *b;
      assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
      aco_value c = aco_b_const(b, aco_type_bool(), 1);
      for (unsigned i = 0; i < depth; i++)
         aco_b_if(b, c, 0, NULL);
      aco_b_imm32(b, 7);
      for (unsigned i = 0; i < depth; i++)
         aco_b_end_if(b, NULL, NULL);
      aco_b_return(b, NULL);
      aco_status s = aco_builder_finish(b);
      aco_builder_destroy(b);
      if (depth == 201) {
         assert_int_equal(s, ACO_ERROR_INVALID_ARGUMENT);
         assert_non_null(strstr(aco_program_message(p),
                                "if: @deep: control flow nested deeper than 200 levels"));
         aco_program_destroy(p);
         continue;
      }
      assert_int_equal(s, ACO_SUCCESS);
      assert_round_trip(p);
      aco_binary *bin = NULL;
      s = aco_compile(p, NULL, NULL, &bin);
      if (s != ACO_SUCCESS)
         fprintf(stderr, "%s\n", aco_program_message(p));
      assert_int_equal(s, ACO_SUCCESS);
      aco_binary_destroy(bin);
      aco_program_destroy(p);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_operation),
      cmocka_unit_test(test_builder_misuse),
      cmocka_unit_test(test_validator_reports_builder_ir),
      cmocka_unit_test(test_nesting_limit),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
