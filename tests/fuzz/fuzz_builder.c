/* SPDX-License-Identifier: MIT */
/* Fuzz target for the public building API: each input byte string is read as a sequence
 * of API calls (programs, ABIs, functions, builders, every builder call, validation,
 * compilation, destruction in any order) with arguments taken from the input, misuse
 * included: values and handles of other functions and programs, open regions left open,
 * unknown flags and options, allocators that fail or lack their functions. Any sequence
 * must end in statuses and messages, never a crash, a leak or a read of freed memory.
 *
 * Only what the API promises to catch is exercised: a handle is dropped from the tables
 * when its program is destroyed (using it afterwards is the caller's bug), except builders,
 * which may outlive their program. Built as a libFuzzer target with -Dfuzz=true and clang
 * (test fuzz-libfuzzer-builder), and in every build as fuzz-builder-random, which feeds it
 * pseudo-random inputs from fixed seeds. */
#include "aco/aco.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PROGRAMS 2
#define MAX_FUNCTIONS 6
#define MAX_BUILDERS 4
#define MAX_VALUES 64
#define ARRAY 16 /* every value array passed is this long: more than any call reads */

struct input {
   const uint8_t *data;
   size_t size, pos;
};

static unsigned
byte(struct input *in)
{
   return in->pos < in->size ? in->data[in->pos++] : 0;
}

static uint32_t
word(struct input *in)
{
   uint32_t w = byte(in);
   w |= byte(in) << 8;
   w |= byte(in) << 16;
   return w | (uint32_t)byte(in) << 24;
}

/* An allocator that fails after a budget (from the input) runs out. */
struct budget {
   unsigned left;
};

static void *
budget_alloc(void *user, size_t size, size_t align)
{
   struct budget *b = user;
   (void)align;
   if (!b->left)
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

/* Every failure on a program leaves a message there (docs/api.md "Errors"). */
static void
check_message(const aco_program *p, aco_status s, const char *call)
{
   if (s != ACO_SUCCESS && p && !aco_program_message(p)[0]) {
      fprintf(stderr, "%s failed (%s) without a message\n", call, aco_status_string(s));
      abort();
   }
}

struct state {
   aco_program *programs[MAX_PROGRAMS];
   struct budget budgets[MAX_PROGRAMS];
   aco_allocator allocators[MAX_PROGRAMS];
   aco_function *functions[MAX_PROGRAMS][MAX_FUNCTIONS];
   aco_builder *builders[MAX_BUILDERS];
   aco_value values[MAX_VALUES]; /* of any function of any program, made or made up */
   unsigned next_value;
   unsigned names;
};

static void
keep(struct state *st, aco_value v)
{
   st->values[st->next_value++ % MAX_VALUES] = v;
}

static aco_value
pick_value(struct state *st, struct input *in)
{
   unsigned k = byte(in);
   if (k == 255) {
      aco_value made_up = {word(in)};
      return made_up;
   }
   if (k < 160) /* mostly one of the latest: more of what is built is valid */
      return st->values[(st->next_value + MAX_VALUES - 1 - k % 4) % MAX_VALUES];
   return st->values[k % MAX_VALUES];
}

static void
pick_values(struct state *st, struct input *in, aco_value out[ARRAY])
{
   for (unsigned i = 0; i < ARRAY; i++)
      out[i] = i < 4 ? pick_value(st, in) : st->values[i];
}

static aco_program *
pick_program(struct state *st, struct input *in)
{
   return st->programs[byte(in) % MAX_PROGRAMS];
}

static aco_function *
pick_function(struct state *st, struct input *in)
{
   unsigned k = byte(in);
   return st->functions[k % MAX_PROGRAMS][k / MAX_PROGRAMS % MAX_FUNCTIONS];
}

static aco_type
pick_type(struct input *in)
{
   static const aco_type types[] = {
      {ACO_BASE_INT, 32, 1, 0}, {ACO_BASE_INT, 1, 1, 0},   {ACO_BASE_FLOAT, 32, 1, 0},
      {ACO_BASE_INT, 64, 1, 0}, {ACO_BASE_PTR, 64, 1, 0},  {ACO_BASE_FLOAT, 16, 2, 0},
      {ACO_BASE_INT, 16, 1, 0}, {ACO_BASE_FLOAT, 64, 1, 0}, {ACO_BASE_INT, 32, 4, 0},
      {7, 3, 0, 1}, /* not a type */
   };
   return types[byte(in) % (sizeof(types) / sizeof(types[0]))];
}

static void
destroy_program(struct state *st, unsigned i)
{
   aco_program_destroy(st->programs[i]);
   st->programs[i] = NULL;
   memset(st->functions[i], 0, sizeof(st->functions[i]));
}

static void
create_program(struct state *st, struct input *in)
{
   unsigned i = byte(in) % MAX_PROGRAMS;
   destroy_program(st, i);
   unsigned kind = byte(in);
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200,
                                          (aco_gfx_level)1010};
   aco_program_info info;
   memset(&info, 0, sizeof(info));
   info.struct_size = sizeof(info);
   info.target.gfx_level = levels[kind % 4];
   info.target.wave_size = kind & 4 ? 64 : (kind & 8 ? 16 : 32);
   st->allocators[i] = (aco_allocator){budget_alloc, budget_free, &st->budgets[i]};
   st->budgets[i].left = kind & 16 ? byte(in) * 4u : ~0u;
   if (kind & 32)
      st->allocators[i].free = NULL; /* refused */
   info.allocator = kind & 64 ? &st->allocators[i] : NULL;
   aco_program_create(&info, &st->programs[i]);
}

static void
create_abi(struct state *st, struct input *in)
{
   aco_program *p = pick_program(st, in);
   char name[16];
   snprintf(name, sizeof(name), "abi%u", st->names++ % 8);
   aco_reg_hint hints[2] = {{byte(in) % 4, (uint16_t)(byte(in) * 2)},
                            {byte(in) % 4, (uint16_t)(256 + byte(in))}};
   aco_abi_info info = {sizeof(info), name, byte(in) & 1,
                        {{(uint16_t)(byte(in) % 40), (uint16_t)(byte(in) % 40)},
                         {(uint16_t)(byte(in) % 40), (uint16_t)(byte(in) % 40)}, byte(in) & 1},
                        {(uint16_t)(byte(in) % 64), (uint16_t)(byte(in) % 64)},
                        {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, byte(in) % 3, hints};
   aco_abi *abi;
   check_message(p, aco_abi_create(p, &info, &abi), "aco_abi_create");
}

static void
create_function(struct state *st, struct input *in)
{
   unsigned pi = byte(in) % MAX_PROGRAMS, fi = byte(in) % MAX_FUNCTIONS;
   aco_program *p = st->programs[pi];
   if (!p)
      return;
   unsigned flags = byte(in);
   aco_param_info params[4];
   unsigned n = flags >> 5 & 3;
   for (unsigned i = 0; i < n; i++)
      params[i] = (aco_param_info){pick_type(in), byte(in) & 15, NULL};
   char name[16];
   snprintf(name, sizeof(name), "f%u", st->names++ % 16);
   /* an ABI of this program, of the other one, or none */
   aco_program *abi_program = st->programs[byte(in) % MAX_PROGRAMS];
   unsigned which = byte(in) % 8;
   const aco_abi *abi = abi_program && which < ACO_ABI_BUILTIN_COUNT
                           ? aco_program_builtin_abi(abi_program, (aco_builtin_abi)which)
                           : NULL;
   aco_function_info info = {sizeof(info), name, abi, flags & 31, n, params, {0}, {0}};
   if (flags & ACO_FUNCTION_ENTRY)
      info.workgroup_size[0] = 64;
   aco_function *f = NULL;
   aco_status s = aco_function_create(p, &info, &f);
   check_message(p, s, "aco_function_create");
   if (s == ACO_SUCCESS)
      st->functions[pi][fi] = f;
   for (unsigned i = 0; f && i < n; i++)
      keep(st, aco_function_param(f, i));
}

static void
build(struct state *st, struct input *in, unsigned what)
{
   unsigned bi = byte(in) % MAX_BUILDERS;
   aco_builder *b = st->builders[bi];
   if (aco_builder_status(b) != ACO_SUCCESS && byte(in) % 4) {
      /* a builder fails for good at its first error: often start over on a function */
      aco_builder_destroy(b);
      st->builders[bi] = NULL;
      aco_builder_create(st->functions[0][byte(in) % 2], &st->builders[bi]);
      b = st->builders[bi];
   }
   aco_value v[ARRAY], res[ARRAY];
   memset(res, 0, sizeof(res));
   aco_type types[ARRAY];
   for (unsigned i = 0; i < ARRAY; i++)
      types[i] = i < 3 ? pick_type(in) : types[0];
   pick_values(st, in, v);
   unsigned n = byte(in);
   aco_address addr = {v[1], v[2], (int32_t)(byte(in) * 4), byte(in) % 2, 0, byte(in) & 15};
   switch (what) {
   case 0:
      keep(st, aco_b_const(b, types[0], word(in)));
      break;
   case 1:
      if (n & 1) { /* an operation with its operand count */
         static const aco_op ops[] = {ACO_OP_IADD, ACO_OP_IMUL, ACO_OP_IEQ, ACO_OP_FADD,
                                      ACO_OP_FMUL, ACO_OP_ULT, ACO_OP_INEG, ACO_OP_FFMA,
                                      ACO_OP_SELECT, ACO_OP_BALLOT, ACO_OP_LOCAL_ID_X};
         aco_op op = ops[n / 2 % (sizeof(ops) / sizeof(ops[0]))];
         unsigned num = op == ACO_OP_FFMA || op == ACO_OP_SELECT ? 3
                        : op == ACO_OP_INEG || op == ACO_OP_BALLOT ? 1
                        : op == ACO_OP_LOCAL_ID_X ? 0 : 2;
         keep(st, aco_b_op(b, op, v, num));
      } else {
         keep(st, aco_b_op(b, (aco_op)(n % (ACO_OP_COUNT + 2)), v, byte(in) % 4));
      }
      break;
   case 2:
      keep(st, aco_b_convert(b, (aco_op)(n % (ACO_OP_COUNT + 2)), types[0], v[0]));
      break;
   case 3:
      keep(st, aco_b_extract(b, v[0], n % 5));
      break;
   case 4:
      keep(st, aco_b_load(b, (aco_op)(n % (ACO_OP_COUNT + 2)), types[0], n & 128 ? NULL : &addr));
      break;
   case 5:
      aco_b_store(b, (aco_op)(n % (ACO_OP_COUNT + 2)), &addr, v[0]);
      break;
   case 6:
      keep(st, aco_b_atomic(b, (aco_op)(n % (ACO_OP_COUNT + 2)), (aco_atomic_kind)(byte(in) % 13),
                            &addr, v[0], v[3]));
      break;
   case 7:
      aco_b_if(b, v[0], n % 3, types);
      break;
   case 8:
      aco_b_else(b, n & 1 ? v : NULL);
      break;
   case 9:
      aco_b_end_if(b, n & 1 ? v : NULL, res);
      break;
   case 10:
      aco_b_loop(b, n % 3, v, res, byte(in) % 3, types);
      break;
   case 11:
      if (n & 1)
         aco_b_break(b, v);
      else
         aco_b_continue(b, v);
      break;
   case 12:
      aco_b_end_loop(b, n & 1 ? v : NULL, res);
      break;
   case 13:
      aco_b_return(b, v);
      break;
   case 14: {
      aco_function *callee = pick_function(st, in);
      if (n & 1)
         aco_b_call(b, callee, v, n / 2 % 4, res);
      else if (n & 2)
         aco_b_tail_call_indirect(b, v[3], callee, v, n / 4 % 4);
      else
         keep(st, aco_b_func_addr(b, callee));
      break;
   }
   case 15:
      keep(st, aco_b_reduce(b, (aco_op)(n % (ACO_OP_COUNT + 2)), (aco_op)byte(in), v[0]));
      break;
   case 16:
      if (n & 1)
         aco_b_barrier(b);
      else
         aco_b_fence(b, (aco_scope)(n / 2 % 4));
      break;
   default:
      aco_builder_finish(b);
      break;
   }
   for (unsigned i = 0; i < 3; i++)
      keep(st, res[i]);
}

static void
compile(struct state *st, struct input *in)
{
   aco_program *p = pick_program(st, in);
   unsigned k = byte(in);
   aco_compile_options o = {sizeof(o), k & 3 ? k & 3 : (uint32_t)k << 8, 0, 0, 0, 0};
   aco_allocator none = {NULL, NULL, NULL};
   aco_binary *bin = NULL;
   aco_status s = aco_compile(p, &o, k & 4 ? &none : NULL, &bin);
   check_message(p, s, "aco_compile");
   if (s == ACO_SUCCESS)
      aco_binary_destroy(bin);
}

static void
ignore(void *user, const char *data, size_t len)
{
   (void)user;
   (void)data;
   (void)len;
}

int fuzz_builder_one(const uint8_t *data, size_t size);

int
fuzz_builder_one(const uint8_t *data, size_t size)
{
   struct input in = {data, size, 0};
   struct state st;
   memset(&st, 0, sizeof(st));
   for (unsigned steps = 0; in.pos < in.size && steps < 4096; steps++) {
      unsigned op = byte(&in);
      switch (op % 32) {
      case 0:
         create_program(&st, &in);
         break;
      case 1: /* rarely: most sequences should get somewhere */
         if (byte(&in) < 16)
            destroy_program(&st, byte(&in) % MAX_PROGRAMS);
         break;
      case 2:
         create_abi(&st, &in);
         break;
      case 3:
      case 4:
         create_function(&st, &in);
         break;
      case 5: {
         unsigned i = byte(&in) % MAX_BUILDERS;
         aco_builder_destroy(st.builders[i]);
         st.builders[i] = NULL;
         aco_builder_create(pick_function(&st, &in), &st.builders[i]);
         break;
      }
      case 6: {
         unsigned i = byte(&in) % MAX_BUILDERS;
         aco_builder_destroy(st.builders[i]);
         st.builders[i] = NULL;
         break;
      }
      case 7: {
         aco_program *p = pick_program(&st, &in);
         check_message(p, aco_program_validate(p), "aco_program_validate");
         break;
      }
      case 8:
         compile(&st, &in);
         break;
      case 9: {
         unsigned k = byte(&in);
         aco_function *f = st.functions[k % MAX_PROGRAMS][k / MAX_PROGRAMS % MAX_FUNCTIONS];
         aco_status s = aco_function_set_shared_size(f, word(&in) >> (byte(&in) % 32));
         if (f)
            check_message(st.programs[k % MAX_PROGRAMS], s, "aco_function_set_shared_size");
         break;
      }
      case 10:
         keep(&st, aco_function_param(pick_function(&st, &in), byte(&in) % 5));
         break;
      case 11:
         aco_program_print(pick_program(&st, &in), ignore, NULL);
         break;
      case 12: {
         aco_function *f = pick_function(&st, &in);
         aco_value_set_name(f, pick_value(&st, &in), byte(&in) & 1 ? "x" : "not a name");
         aco_value_type(f, pick_value(&st, &in));
         aco_function_add_stack_object(f, byte(&in), byte(&in));
         break;
      }
      default:
         build(&st, &in, op % 32 - 13);
         break;
      }
   }
   /* builders and programs destroyed in an order from the input */
   bool builders_first = byte(&in) & 1;
   for (unsigned i = 0; builders_first && i < MAX_BUILDERS; i++)
      aco_builder_destroy(st.builders[i]);
   for (unsigned i = 0; i < MAX_PROGRAMS; i++)
      destroy_program(&st, i);
   for (unsigned i = 0; !builders_first && i < MAX_BUILDERS; i++)
      aco_builder_destroy(st.builders[i]);
   return 0;
}

#ifdef ACO_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   return fuzz_builder_one(data, size);
}
#else
/* fuzz-builder-random: `fuzz-builder SEED COUNT`: COUNT inputs of a pseudo-random
 * generator (xorshift) from SEED, each starting with calls that make a program, functions
 * and builders so that most of it builds something. */
int
main(int argc, char **argv)
{
   uint64_t x = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
   unsigned count = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 1000;
   static const uint8_t prologue[] = {
      0, 0, 1,                 /* program 0: gfx1100 wave32, malloc */
      0, 1, 64,                /* program 1: gfx1030 wave32, through an allocator */
      3, 0, 0, 1, 0, 7,        /* function 0 of program 0: an entry without parameters */
      3, 0, 1, 32, 0, 1, 0, 7, /* function 1: one uniform i32 parameter */
      5, 0, 0,                 /* builder 0 on function 0 */
      5, 1, 2,                 /* builder 1 on function 1 */
   };
   uint8_t buf[1024];
   if (!x)
      x = 1;
   for (unsigned n = 0; n < count; n++) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      size_t len = sizeof(prologue) + 64 + (size_t)(x % (sizeof(buf) - sizeof(prologue) - 64));
      memcpy(buf, prologue, sizeof(prologue));
      for (size_t i = sizeof(prologue); i < len; i++) {
         x ^= x << 13;
         x ^= x >> 7;
         x ^= x << 17;
         buf[i] = (uint8_t)(x >> 24);
      }
      fuzz_builder_one(buf, len);
   }
   printf("fuzz-builder: %u inputs\n", count);
   return 0;
}
#endif
