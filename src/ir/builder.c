/* SPDX-License-Identifier: MIT */
/* The builder: appends instructions at the end of the innermost open region.
 *
 * It checks what it needs to build the right shape (handles, operand counts, open and
 * closed regions); types and scoping are the validator's job, so IR built here and IR
 * parsed from text are checked by the same code. The first failure sticks. */
#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

struct builder_frame {
   struct air_instr *instr; /* the if or loop */
   unsigned branch;         /* if: 0 then, 1 else */
};

struct aco_builder {
   struct aco_function *f; /* NULL once its program is destroyed */
   aco_allocator allocator; /* the program's, kept to free the builder after the program */
   struct aco_builder *prev, *next; /* in the program's list of builders */
   aco_status status;
   struct air_region *cur;
   struct builder_frame *frames;
   uint32_t depth, cap;
   bool finished;
};

static const aco_value no_value = {0};

static aco_status
fail(aco_builder *b, aco_status status, const char *what, const char *why)
{
   if (b->status == ACO_SUCCESS) {
      b->status = status;
      if (b->f)
         air_error(b->f->program, status, "%s: @%s: %s", what, b->f->name, why);
   }
   return b->status;
}

static bool
oom(aco_builder *b)
{
   fail(b, ACO_ERROR_OUT_OF_MEMORY, "builder", "out of memory");
   return false;
}

aco_status
aco_builder_create(aco_function *f, aco_builder **out)
{
   if (!f)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!out)
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT, "aco_builder_create: out is NULL");
   *out = NULL;
   if (!f->body)
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_builder_create: @%s is declared, not defined here", f->name);
   aco_builder *b = aco_calloc(&f->program->allocator, sizeof(*b));
   if (!b)
      return air_error(f->program, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   b->f = f;
   b->allocator = f->program->allocator;
   b->cur = f->body;
   b->next = f->program->builders;
   if (b->next)
      b->next->prev = b;
   f->program->builders = b;
   *out = b;
   return ACO_SUCCESS;
}

void
air_builders_detach(struct aco_program *p)
{
   for (aco_builder *b = p->builders; b; b = b->next)
      b->f = NULL;
   p->builders = NULL;
}

void
aco_builder_destroy(aco_builder *b)
{
   if (!b)
      return;
   if (b->f) {
      /* an if or loop left open: the function's body is not what was meant */
      if (b->depth)
         b->f->unfinished = true;
      if (b->prev)
         b->prev->next = b->next;
      else
         b->f->program->builders = b->next;
      if (b->next)
         b->next->prev = b->prev;
   }
   aco_allocator a = b->allocator;
   aco_free(&a, b->frames);
   aco_free(&a, b);
}

aco_status
aco_builder_status(const aco_builder *b)
{
   return b ? b->status : ACO_ERROR_INVALID_ARGUMENT;
}

aco_status
aco_builder_finish(aco_builder *b)
{
   if (!b)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!b->f)
      return b->status != ACO_SUCCESS ? b->status : ACO_ERROR_INVALID_ARGUMENT;
   if (b->status == ACO_SUCCESS && b->depth)
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_builder_finish",
           b->frames[b->depth - 1].instr->op == ACO_OP_IF ? "an if is still open"
                                                           : "a loop is still open");
   b->finished = true;
   return b->status;
}

/* Whether the builder may append now; reports why not. */
static bool
can_append(aco_builder *b, const char *what)
{
   if (!b || b->status != ACO_SUCCESS)
      return false;
   if (!b->f) {
      b->status = ACO_ERROR_INVALID_ARGUMENT; /* its program is gone: nowhere to report */
      return false;
   }
   if (b->finished) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what, "the builder is finished");
      return false;
   }
   if (air_region_terminator(b->cur)) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what,
           "the region already ended with a jump; nothing may follow it");
      return false;
   }
   return true;
}

static bool
check_values(aco_builder *b, const char *what, const aco_value *v, unsigned n)
{
   if (n && !v) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what, "the value array is NULL");
      return false;
   }
   for (unsigned i = 0; i < n; i++) {
      if (!aco_value_is_valid(air_value_import(b->f, v[i]))) {
         fail(b, ACO_ERROR_INVALID_ARGUMENT, what,
              aco_value_is_valid(v[i]) ? "an operand is not a value of this function"
                                       : "an operand is the invalid value");
         return false;
      }
   }
   return true;
}

/* The internal value of a checked API value (the invalid value stays invalid). */
static aco_value
in(const aco_builder *b, aco_value v)
{
   return air_value_import(b->f, v);
}

/* API values of internal ones. */
static void
out_values(const aco_builder *b, aco_value *dst, const aco_value *src, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      dst[i] = air_value_export(b->f, src[i]);
}

static struct air_instr *
append(aco_builder *b, aco_op op, const aco_value *srcs, unsigned num_srcs, unsigned num_defs)
{
   struct air_instr *instr = air_instr_create(b->f, op, num_srcs, num_defs);
   if (!instr) {
      oom(b);
      return NULL;
   }
   if (num_srcs && srcs)
      for (unsigned i = 0; i < num_srcs; i++)
         instr->srcs[i] = in(b, srcs[i]);
   air_region_append(b->cur, instr);
   return instr;
}

static bool
make_defs(aco_builder *b, struct air_instr *instr, const aco_type *types)
{
   for (unsigned i = 0; i < instr->num_defs; i++) {
      instr->defs[i] = air_new_value(b->f, types[i]);
      if (!aco_value_is_valid(instr->defs[i]))
         return oom(b);
      if (instr->defs[i].id > AIR_VALUE_INDEX_MASK) {
         fail(b, ACO_ERROR_UNSUPPORTED, "builder", "more than 16777215 values in a function");
         return false;
      }
      b->f->values[instr->defs[i].id].def = instr;
   }
   return true;
}

/* Appends a one-result instruction whose result type follows from its sources. */
static aco_value
append1(aco_builder *b, struct air_instr *instr)
{
   if (!instr)
      return no_value;
   aco_type t = air_result_type(b->f, instr);
   return make_defs(b, instr, &t) ? air_value_export(b->f, instr->defs[0]) : no_value;
}

aco_type
air_result_type(const struct aco_function *f, const struct air_instr *instr)
{
   aco_type bad = aco_type_make(ACO_BASE_INVALID, 0, 0);
   const struct air_value *s0 = instr->num_srcs ? air_value(f, instr->srcs[0]) : NULL;
   switch (air_op_info(instr->op)->cls) {
   case ACO_OPC_CONST:
   case ACO_OPC_CONVERT:
   case ACO_OPC_LOAD:
      return instr->type;
   case ACO_OPC_INT_CMP:
   case ACO_OPC_FLOAT_CMP:
      return aco_type_bool();
   case ACO_OPC_SYSVAL:
      return aco_type_int(32);
   case ACO_OPC_FUNC_ADDR:
      return aco_type_ptr();
   case ACO_OPC_SELECT: {
      const struct air_value *s1 = instr->num_srcs > 1 ? air_value(f, instr->srcs[1]) : NULL;
      return s1 ? s1->type : bad;
   }
   case ACO_OPC_VEC:
      return s0 ? aco_type_vec(s0->type, instr->num_srcs) : bad;
   case ACO_OPC_EXTRACT:
      return s0 ? aco_type_vec(s0->type, 1) : bad;
   case ACO_OPC_ATOMIC: {
      const struct air_value *v = air_value(f, instr->srcs[AIR_MEM_VALUE]);
      return v ? v->type : bad;
   }
   case ACO_OPC_SUBGROUP:
      if (instr->op == ACO_OP_BALLOT)
         return aco_type_int(64);
      return s0 ? s0->type : bad;
   case ACO_OPC_INT_UN:
   case ACO_OPC_INT_BIN:
   case ACO_OPC_FLOAT_UN:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_APPROX:
   case ACO_OPC_REDUCE:
      return s0 ? s0->type : bad;
   default:
      return bad;
   }
}

aco_value
aco_b_const(aco_builder *b, aco_type type, uint64_t bits)
{
   if (!can_append(b, "aco_b_const"))
      return no_value;
   if (!air_type_is_valid(type) || type.comps != 1) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_const", "the type must be a valid scalar");
      return no_value;
   }
   if (type.bits < 64)
      bits &= (UINT64_C(1) << type.bits) - 1;
   struct air_instr *instr = append(b, ACO_OP_CONST, NULL, 0, 1);
   if (!instr)
      return no_value;
   instr->type = type;
   instr->u.const_bits = bits;
   return append1(b, instr);
}

aco_value
aco_b_const_float(aco_builder *b, aco_type type, double value)
{
   if (b && b->status == ACO_SUCCESS && type.base != ACO_BASE_FLOAT) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_const_float", "the type must be a float");
      return no_value;
   }
   uint64_t bits = 0;
   if (type.bits == 64) {
      memcpy(&bits, &value, 8);
   } else if (type.bits == 32) {
      float f = (float)value;
      uint32_t u;
      memcpy(&u, &f, 4);
      bits = u;
   } else {
      bits = air_float_to_half(value);
   }
   return aco_b_const(b, type, bits);
}

static unsigned
class_num_srcs(aco_op_class cls, aco_op op)
{
   switch (cls) {
   case ACO_OPC_INT_UN:
   case ACO_OPC_FLOAT_UN:
      return 1;
   case ACO_OPC_INT_BIN:
   case ACO_OPC_INT_CMP:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_CMP:
      return 2;
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_SELECT:
      return 3;
   case ACO_OPC_SYSVAL:
      return 0;
   case ACO_OPC_SUBGROUP:
      return op == ACO_OP_READ_LANE ? 2 : 1;
   default:
      return 0;
   }
}

aco_value
aco_b_op(aco_builder *b, aco_op op, const aco_value *srcs, unsigned num_srcs)
{
   if (!can_append(b, "aco_b_op"))
      return no_value;
   if (op <= ACO_OP_INVALID || op >= ACO_OP_COUNT) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_op", "unknown operation");
      return no_value;
   }
   aco_op_class cls = air_op_info(op)->cls;
   if (cls == ACO_OPC_VEC) {
      if (num_srcs < 2 || num_srcs > 16) {
         fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_op", "vec takes 2 to 16 components");
         return no_value;
      }
   } else if (cls != ACO_OPC_INT_UN && cls != ACO_OPC_INT_BIN && cls != ACO_OPC_INT_CMP &&
              cls != ACO_OPC_FLOAT_UN && cls != ACO_OPC_FLOAT_BIN && cls != ACO_OPC_FLOAT_TRI &&
              cls != ACO_OPC_FLOAT_CMP && cls != ACO_OPC_SELECT && cls != ACO_OPC_SYSVAL &&
              cls != ACO_OPC_SUBGROUP) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_op", "this operation has a builder of its own");
      return no_value;
   } else if (num_srcs != class_num_srcs(cls, op)) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_op", "wrong number of operands");
      return no_value;
   }
   if (!check_values(b, "aco_b_op", srcs, num_srcs))
      return no_value;
   return append1(b, append(b, op, srcs, num_srcs, 1));
}

aco_value
aco_b_approx(aco_builder *b, aco_op op, aco_value a, aco_value b2, unsigned ulp)
{
   if (!can_append(b, "aco_b_approx"))
      return no_value;
   if (op <= ACO_OP_INVALID || op >= ACO_OP_COUNT ||
       air_op_info(op)->cls != ACO_OPC_FLOAT_APPROX) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_approx", "not an approximate float operation");
      return no_value;
   }
   aco_value srcs[2] = {a, b2};
   unsigned n = op == ACO_OP_FDIV ? 2 : 1;
   if (!check_values(b, "aco_b_approx", srcs, n))
      return no_value;
   struct air_instr *instr = append(b, op, srcs, n, 1);
   if (!instr)
      return no_value;
   const struct air_value *v = air_value(b->f, in(b, a));
   instr->u.ulp = ulp ? ulp : air_default_ulp(op, v->type.bits);
   return append1(b, instr);
}

aco_value
aco_b_convert(aco_builder *b, aco_op op, aco_type to, aco_value src)
{
   if (!can_append(b, "aco_b_convert"))
      return no_value;
   if (op <= ACO_OP_INVALID || op >= ACO_OP_COUNT || air_op_info(op)->cls != ACO_OPC_CONVERT) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_convert", "not a conversion");
      return no_value;
   }
   if (!check_values(b, "aco_b_convert", &src, 1))
      return no_value;
   struct air_instr *instr = append(b, op, &src, 1, 1);
   if (!instr)
      return no_value;
   instr->type = to;
   return append1(b, instr);
}

aco_value
aco_b_extract(aco_builder *b, aco_value vec, unsigned component)
{
   if (!can_append(b, "aco_b_extract") || !check_values(b, "aco_b_extract", &vec, 1))
      return no_value;
   struct air_instr *instr = append(b, ACO_OP_EXTRACT, &vec, 1, 1);
   if (!instr)
      return no_value;
   instr->u.component = component;
   return append1(b, instr);
}

static bool
check_mem(aco_builder *b, const char *what, aco_op op, aco_op_class cls, const aco_address *addr)
{
   if (op <= ACO_OP_INVALID || op >= ACO_OP_COUNT || air_op_info(op)->cls != cls) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what, "wrong kind of memory operation");
      return false;
   }
   if (!addr) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what, "the address is NULL");
      return false;
   }
   if ((aco_value_is_valid(addr->base) && !check_values(b, what, &addr->base, 1)) ||
       (aco_value_is_valid(addr->offset) && !check_values(b, what, &addr->offset, 1)))
      return false;
   return true;
}

static struct air_instr *
append_mem(aco_builder *b, aco_op op, const aco_address *addr, unsigned num_srcs,
           unsigned num_defs)
{
   aco_value srcs[4] = {addr->base, addr->offset, {0}, {0}};
   struct air_instr *instr = append(b, op, srcs, num_srcs, num_defs);
   if (instr) {
      instr->u.mem.imm = addr->imm;
      instr->u.mem.object = addr->object;
      instr->u.mem.align = addr->align;
      instr->u.mem.access = addr->access;
   }
   return instr;
}

aco_value
aco_b_load(aco_builder *b, aco_op op, aco_type type, const aco_address *addr)
{
   if (!can_append(b, "aco_b_load") || !check_mem(b, "aco_b_load", op, ACO_OPC_LOAD, addr))
      return no_value;
   struct air_instr *instr = append_mem(b, op, addr, 2, 1);
   if (!instr)
      return no_value;
   instr->type = type;
   return append1(b, instr);
}

void
aco_b_store(aco_builder *b, aco_op op, const aco_address *addr, aco_value value)
{
   if (!can_append(b, "aco_b_store") || !check_mem(b, "aco_b_store", op, ACO_OPC_STORE, addr) ||
       !check_values(b, "aco_b_store", &value, 1))
      return;
   struct air_instr *instr = append_mem(b, op, addr, 3, 0);
   if (instr)
      instr->srcs[AIR_MEM_VALUE] = in(b, value);
}

aco_value
aco_b_atomic(aco_builder *b, aco_op op, aco_atomic_kind kind, const aco_address *addr,
             aco_value value, aco_value cmp)
{
   if (!can_append(b, "aco_b_atomic") || !check_mem(b, "aco_b_atomic", op, ACO_OPC_ATOMIC, addr))
      return no_value;
   if ((unsigned)kind >= ACO_ATOMIC_COUNT) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_atomic", "unknown atomic kind");
      return no_value;
   }
   bool has_cmp = kind == ACO_ATOMIC_CMPXCHG;
   if (!check_values(b, "aco_b_atomic", &value, 1) ||
       (has_cmp && !check_values(b, "aco_b_atomic", &cmp, 1)))
      return no_value;
   struct air_instr *instr = append_mem(b, op, addr, has_cmp ? 4 : 3, 1);
   if (!instr)
      return no_value;
   instr->u.mem.atomic = kind;
   instr->srcs[AIR_MEM_VALUE] = in(b, value);
   if (has_cmp)
      instr->srcs[AIR_MEM_CMP] = in(b, cmp);
   return append1(b, instr);
}

aco_value
aco_b_reduce(aco_builder *b, aco_op op, aco_op combine, aco_value src)
{
   if (!can_append(b, "aco_b_reduce"))
      return no_value;
   if (op <= ACO_OP_INVALID || op >= ACO_OP_COUNT || air_op_info(op)->cls != ACO_OPC_REDUCE) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_reduce", "not a reduction or scan");
      return no_value;
   }
   if (!check_values(b, "aco_b_reduce", &src, 1))
      return no_value;
   struct air_instr *instr = append(b, op, &src, 1, 1);
   if (!instr)
      return no_value;
   instr->u.combine = combine;
   return append1(b, instr);
}

void
aco_b_barrier(aco_builder *b)
{
   if (can_append(b, "aco_b_barrier"))
      append(b, ACO_OP_BARRIER, NULL, 0, 0);
}

void
aco_b_fence(aco_builder *b, aco_scope scope)
{
   if (!can_append(b, "aco_b_fence"))
      return;
   struct air_instr *instr = append(b, ACO_OP_FENCE, NULL, 0, 0);
   if (instr)
      instr->u.scope = scope;
}

static void
build_call(aco_builder *b, const char *what, aco_op op, aco_value pointer, aco_function *callee,
           const aco_value *args, unsigned num_args, aco_value *results)
{
   if (!can_append(b, what))
      return;
   if (!callee || callee->program != b->f->program) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what, "the callee is not a function of this program");
      return;
   }
   if (num_args != callee->num_params) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what,
           "the number of arguments differs from the callee's parameters");
      return;
   }
   bool indirect = air_op_is_indirect_call(op);
   if ((indirect && !check_values(b, what, &pointer, 1)) || !check_values(b, what, args, num_args))
      return;
   bool tail = op == ACO_OP_TAIL_CALL || op == ACO_OP_TAIL_CALL_INDIRECT;
   unsigned num_results = tail ? 0 : air_num_return_params(callee);
   if (num_results && !results) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what, "results is NULL but the callee returns values");
      return;
   }
   struct air_instr *instr = append(b, op, NULL, num_args + indirect, num_results);
   if (!instr)
      return;
   instr->callee = callee;
   if (indirect)
      instr->srcs[0] = in(b, pointer);
   for (unsigned i = 0; i < num_args; i++)
      instr->srcs[indirect + i] = in(b, args[i]);
   aco_type types[256];
   unsigned n = 0;
   for (uint32_t i = 0; i < callee->num_params && n < 256; i++)
      if (callee->params[i].flags & ACO_PARAM_RETURN)
         types[n++] = callee->params[i].type;
   if (num_results && make_defs(b, instr, types))
      out_values(b, results, instr->defs, num_results);
}

void
aco_b_call(aco_builder *b, aco_function *callee, const aco_value *args, unsigned num_args,
           aco_value *results)
{
   build_call(b, "aco_b_call", ACO_OP_CALL, no_value, callee, args, num_args, results);
}

void
aco_b_call_indirect(aco_builder *b, aco_value pointer, aco_function *signature,
                    const aco_value *args, unsigned num_args, aco_value *results)
{
   build_call(b, "aco_b_call_indirect", ACO_OP_CALL_INDIRECT, pointer, signature, args, num_args,
              results);
}

void
aco_b_tail_call(aco_builder *b, aco_function *callee, const aco_value *args, unsigned num_args)
{
   build_call(b, "aco_b_tail_call", ACO_OP_TAIL_CALL, no_value, callee, args, num_args, NULL);
}

void
aco_b_tail_call_indirect(aco_builder *b, aco_value pointer, aco_function *signature,
                         const aco_value *args, unsigned num_args)
{
   build_call(b, "aco_b_tail_call_indirect", ACO_OP_TAIL_CALL_INDIRECT, pointer, signature, args,
              num_args, NULL);
}

aco_value
aco_b_func_addr(aco_builder *b, aco_function *function)
{
   if (!can_append(b, "aco_b_func_addr"))
      return no_value;
   if (!function || function->program != b->f->program) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_func_addr", "not a function of this program");
      return no_value;
   }
   struct air_instr *instr = append(b, ACO_OP_FUNC_ADDR, NULL, 0, 1);
   if (!instr)
      return no_value;
   instr->callee = function;
   return append1(b, instr);
}

/* ---- control flow ----------------------------------------------------------------------------- */

static bool
push_frame(aco_builder *b, struct air_instr *instr)
{
   if (b->depth >= AIR_MAX_NESTING) {
      char why[64];
      snprintf(why, sizeof(why), "control flow nested deeper than %u levels", AIR_MAX_NESTING);
      fail(b, ACO_ERROR_INVALID_ARGUMENT, air_op_info(instr->op)->name, why);
      return false;
   }
   if (!aco_grow(&b->f->program->allocator, (void **)&b->frames, &b->cap, b->depth + 1,
                 sizeof(*b->frames)))
      return oom(b);
   b->frames[b->depth].instr = instr;
   b->frames[b->depth].branch = 0;
   b->depth++;
   return true;
}

static struct builder_frame *
top_frame(aco_builder *b, aco_op op, const char *what)
{
   if (!b || b->status != ACO_SUCCESS)
      return NULL;
   if (!b->f) {
      b->status = ACO_ERROR_INVALID_ARGUMENT;
      return NULL;
   }
   if (!b->depth || b->frames[b->depth - 1].instr->op != op) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, what,
           op == ACO_OP_IF ? "no if is open here" : "no loop is open here");
      return NULL;
   }
   return &b->frames[b->depth - 1];
}

/* Appends a jump carrying n values to the current region. */
static void
append_jump(aco_builder *b, const char *what, aco_op op, const aco_value *values, unsigned n)
{
   if (!check_values(b, what, values, n))
      return;
   append(b, op, values, n, 0);
}

void
aco_b_if(aco_builder *b, aco_value cond, unsigned num_results, const aco_type *types)
{
   if (!can_append(b, "aco_b_if") || !check_values(b, "aco_b_if", &cond, 1))
      return;
   if (num_results && !types) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_if", "types is NULL");
      return;
   }
   struct air_instr *instr = append(b, ACO_OP_IF, &cond, 1, num_results);
   if (!instr || !make_defs(b, instr, types))
      return;
   instr->regions[0] = air_region_create(b->f, instr);
   if (!instr->regions[0] || !push_frame(b, instr)) {
      oom(b);
      return;
   }
   b->cur = instr->regions[0];
}

/* Closes the open branch: a fall-through yields `yields`. */
static void
close_branch(aco_builder *b, const char *what, struct air_instr *instr, const aco_value *yields)
{
   if (!air_region_terminator(b->cur) && (instr->num_defs || yields))
      append_jump(b, what, ACO_OP_YIELD, yields, instr->num_defs);
}

void
aco_b_else(aco_builder *b, const aco_value *yields)
{
   struct builder_frame *fr = top_frame(b, ACO_OP_IF, "aco_b_else");
   if (!fr)
      return;
   if (fr->branch) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_else", "this if already has an else");
      return;
   }
   close_branch(b, "aco_b_else", fr->instr, yields);
   fr->instr->regions[1] = air_region_create(b->f, fr->instr);
   if (!fr->instr->regions[1]) {
      oom(b);
      return;
   }
   fr->branch = 1;
   b->cur = fr->instr->regions[1];
}

void
aco_b_end_if(aco_builder *b, const aco_value *yields, aco_value *results)
{
   struct builder_frame *fr = top_frame(b, ACO_OP_IF, "aco_b_end_if");
   if (!fr)
      return;
   struct air_instr *instr = fr->instr;
   if (instr->num_defs && !fr->branch) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_end_if", "an if with results needs an else");
      return;
   }
   close_branch(b, "aco_b_end_if", instr, yields);
   if (b->status != ACO_SUCCESS)
      return;
   if (instr->num_defs && results)
      out_values(b, results, instr->defs, instr->num_defs);
   b->depth--;
   b->cur = instr->parent;
}

void
aco_b_loop(aco_builder *b, unsigned num_carried, const aco_value *init, aco_value *carried,
           unsigned num_results, const aco_type *types)
{
   if (!can_append(b, "aco_b_loop") || !check_values(b, "aco_b_loop", init, num_carried))
      return;
   if ((num_carried && !carried) || (num_results && !types)) {
      fail(b, ACO_ERROR_INVALID_ARGUMENT, "aco_b_loop", "carried or types is NULL");
      return;
   }
   struct air_instr *instr = append(b, ACO_OP_LOOP, init, num_carried, num_results);
   if (!instr || !make_defs(b, instr, types))
      return;
   struct air_region *body = air_region_create(b->f, instr);
   if (!body || !push_frame(b, instr)) {
      oom(b);
      return;
   }
   instr->regions[0] = body;
   if (num_carried) {
      body->params = aco_arena_array(&b->f->program->arena, aco_value, num_carried);
      if (!body->params) {
         oom(b);
         return;
      }
      body->num_params = num_carried;
      for (unsigned i = 0; i < num_carried; i++) {
         body->params[i] = air_new_value(b->f, air_value(b->f, in(b, init[i]))->type);
         if (!aco_value_is_valid(body->params[i])) {
            oom(b);
            return;
         }
         carried[i] = air_value_export(b->f, body->params[i]);
      }
   }
   b->cur = body;
}

static struct air_instr *
innermost_loop(aco_builder *b, const char *what)
{
   for (uint32_t i = b->depth; i-- > 0;)
      if (b->frames[i].instr->op == ACO_OP_LOOP)
         return b->frames[i].instr;
   fail(b, ACO_ERROR_INVALID_ARGUMENT, what, "not inside a loop");
   return NULL;
}

void
aco_b_break(aco_builder *b, const aco_value *results)
{
   if (!can_append(b, "aco_b_break"))
      return;
   struct air_instr *loop = innermost_loop(b, "aco_b_break");
   if (loop)
      append_jump(b, "aco_b_break", ACO_OP_BREAK, results, loop->num_defs);
}

void
aco_b_continue(aco_builder *b, const aco_value *next)
{
   if (!can_append(b, "aco_b_continue"))
      return;
   struct air_instr *loop = innermost_loop(b, "aco_b_continue");
   if (loop)
      append_jump(b, "aco_b_continue", ACO_OP_CONTINUE, next, loop->num_srcs);
}

void
aco_b_end_loop(aco_builder *b, const aco_value *next, aco_value *results)
{
   struct builder_frame *fr = top_frame(b, ACO_OP_LOOP, "aco_b_end_loop");
   if (!fr)
      return;
   struct air_instr *instr = fr->instr;
   if (!air_region_terminator(b->cur) && (instr->num_srcs || next))
      append_jump(b, "aco_b_end_loop", ACO_OP_CONTINUE, next, instr->num_srcs);
   if (b->status != ACO_SUCCESS)
      return;
   if (instr->num_defs && results)
      out_values(b, results, instr->defs, instr->num_defs);
   b->depth--;
   b->cur = instr->parent;
}

void
aco_b_return(aco_builder *b, const aco_value *values)
{
   if (can_append(b, "aco_b_return"))
      append_jump(b, "aco_b_return", ACO_OP_RETURN, values, air_num_return_params(b->f));
}
