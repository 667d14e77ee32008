/* SPDX-License-Identifier: MIT */
/* The front-IR validator: everything a pass may rely on, checked before any runs.
 *
 * Types of every operation, SSA scoping (a value is used only after its definition, in
 * its region or one nested in it), structured control flow (jumps last in their region,
 * yield in if branches, break/continue in loops, the right number and types of values
 * on each), calls against the callee's signature, and the ABI and attribute rules of
 * docs/calls.md. Every error is reported, each naming function, block and instruction,
 * and the source position when the program was parsed. */
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ERRORS 64

struct vctx {
   struct aco_program *p;
   struct aco_function *f;
   struct aco_strbuf *out;
   unsigned errors;
   uint8_t *visible;   /* per value id */
   uint32_t *scope;    /* value ids defined, innermost last */
   uint32_t scope_len;
   unsigned instr_index;
   char path[256];     /* the block being checked */
   struct air_region *loops[256];
   unsigned loop_depth;
};

static void __attribute__((format(printf, 3, 4)))
report(struct vctx *c, const struct air_instr *instr, const char *fmt, ...)
{
   c->errors++;
   if (c->errors > MAX_ERRORS)
      return;
   struct aco_strbuf *sb = c->out;
   if (c->errors == MAX_ERRORS) {
      aco_strbuf_puts(sb, "(more errors not shown)\n");
      return;
   }
   if (instr && instr->loc.line)
      aco_strbuf_printf(sb, "line %u:%u: ", instr->loc.line, instr->loc.col);
   else if (!instr && c->f && c->f->loc.line)
      aco_strbuf_printf(sb, "line %u:%u: ", c->f->loc.line, c->f->loc.col);
   if (c->f)
      aco_strbuf_printf(sb, "function @%s", c->f->name);
   else
      aco_strbuf_puts(sb, "program");
   if (instr) {
      aco_strbuf_printf(sb, ", %s, instruction %u `", c->path, c->instr_index);
      air_print_instr(c->f, instr, sb);
      aco_strbuf_puts(sb, "`");
   }
   aco_strbuf_puts(sb, ": ");
   va_list ap;
   va_start(ap, fmt);
   aco_strbuf_vprintf(sb, fmt, ap);
   va_end(ap);
   aco_strbuf_puts(sb, "\n");
}

static const char *
tname(aco_type t, char buf[16])
{
   return air_type_name(t, buf);
}

static bool is_int(aco_type t) { return t.base == ACO_BASE_INT && t.comps == 1; }
static bool is_float(aco_type t) { return t.base == ACO_BASE_FLOAT && t.comps == 1; }
static bool is_bool(aco_type t) { return is_int(t) && t.bits == 1; }

/* The type of operand i, reporting a bad or invisible value (then invalid type). */
static aco_type
use(struct vctx *c, const struct air_instr *instr, unsigned i)
{
   aco_value v = instr->srcs[i];
   const struct air_value *val = air_value(c->f, v);
   if (!val) {
      report(c, instr, "operand %u is not a value of this function", i + 1);
      return aco_type_make(0, 0, 0);
   }
   if (!c->visible[v.id]) {
      struct aco_strbuf name;
      aco_strbuf_init(&name, &c->p->allocator);
      air_print_value(c->f, v, &name);
      report(c, instr,
             "%s is used where it is not defined (it must be defined earlier in this region or "
             "an enclosing one)",
             aco_strbuf_str(&name));
      aco_strbuf_finish(&name);
   }
   return val->type;
}

static void
define(struct vctx *c, aco_value v)
{
   if (!air_value(c->f, v))
      return;
   c->visible[v.id] = 1;
   c->scope[c->scope_len++] = v.id;
}

static void
check_same(struct vctx *c, const struct air_instr *instr, aco_type a, aco_type b,
           const char *what)
{
   char x[16], y[16];
   if (!aco_type_equal(a, b))
      report(c, instr, "%s: %s and %s differ", what, tname(a, x), tname(b, y));
}

static void
check_values_match(struct vctx *c, const struct air_instr *instr, const aco_value *vals,
                   unsigned first, unsigned n, const aco_value *want, unsigned num_want,
                   const char *what)
{
   if (n != num_want) {
      report(c, instr, "%s: %u value%s given, %u expected", what, n, n == 1 ? "" : "s",
             num_want);
      return;
   }
   for (unsigned i = 0; i < n; i++) {
      aco_type t = use(c, instr, first + i);
      const struct air_value *w = air_value(c->f, want[i]);
      char x[16], y[16];
      if (w && air_type_is_valid(t) && !aco_type_equal(t, w->type))
         report(c, instr, "%s: value %u is %s, expected %s", what, i + 1, tname(t, x),
                tname(w->type, y));
   }
   (void)vals;
}

static bool
is_shared_op(aco_op op)
{
   return op == ACO_OP_LOAD_SHARED || op == ACO_OP_STORE_SHARED || op == ACO_OP_ATOMIC_SHARED;
}
static bool
is_stack_op(aco_op op)
{
   return op == ACO_OP_LOAD_STACK || op == ACO_OP_STORE_STACK;
}
static bool
is_buffer_op(aco_op op)
{
   return op == ACO_OP_LOAD_BUFFER || op == ACO_OP_STORE_BUFFER || op == ACO_OP_ATOMIC_BUFFER;
}

/* A shared access at a constant address is checked against the declared size: it can
 * only fault (or, on hardware, read zeros and drop writes). Other addresses are checked
 * when the program runs. */
static void
check_shared_bounds(struct vctx *c, const struct air_instr *instr, aco_type vt)
{
   if (!c->f->has_shared_size)
      return;
   uint64_t addr = 0;
   if (aco_value_is_valid(instr->srcs[AIR_MEM_OFFSET])) {
      const struct air_value *v = air_value(c->f, instr->srcs[AIR_MEM_OFFSET]);
      if (!v || !v->def || v->def->op != ACO_OP_CONST)
         return;
      addr = v->def->u.const_bits & 0xffffffffu;
   }
   addr += (uint64_t)(int64_t)instr->u.mem.imm;
   uint64_t bytes = (uint64_t)(vt.comps ? vt.comps : 1) * (vt.bits / 8);
   if (addr > c->f->shared_size || bytes > c->f->shared_size - addr)
      report(c, instr, "%u bytes at shared address %llu are outside the %u declared bytes",
             (unsigned)bytes, (unsigned long long)addr, (unsigned)c->f->shared_size);
}

static void
check_memory(struct vctx *c, const struct air_instr *instr)
{
   char x[16];
   aco_op op = instr->op;
   unsigned want_srcs = air_op_info(op)->cls == ACO_OPC_LOAD ? 2
                        : instr->u.mem.atomic == ACO_ATOMIC_CMPXCHG &&
                              air_op_info(op)->cls == ACO_OPC_ATOMIC
                           ? 4
                           : 3;
   if (instr->num_srcs != want_srcs) {
      report(c, instr, "malformed memory operation (%u operands)", instr->num_srcs);
      return;
   }
   bool has_base = aco_value_is_valid(instr->srcs[AIR_MEM_BASE]);
   if (is_shared_op(op) || is_stack_op(op)) {
      if (has_base)
         report(c, instr, "%s memory takes no base address",
                is_stack_op(op) ? "stack" : "shared");
   } else if (!has_base) {
      report(c, instr, "a base address is needed");
   } else {
      aco_type t = use(c, instr, AIR_MEM_BASE);
      if (is_buffer_op(op) && !aco_type_equal(t, aco_type_vec(aco_type_int(32), 4)))
         report(c, instr, "the buffer descriptor must be i32x4, not %s", tname(t, x));
      else if (!is_buffer_op(op) && t.base != ACO_BASE_PTR)
         report(c, instr, "the address must be a ptr, not %s", tname(t, x));
   }
   if (aco_value_is_valid(instr->srcs[AIR_MEM_OFFSET])) {
      aco_type t = use(c, instr, AIR_MEM_OFFSET);
      if (air_type_is_valid(t) && !aco_type_equal(t, aco_type_int(32)))
         report(c, instr, "the offset must be i32, not %s", tname(t, x));
   }
   if (is_stack_op(op) && instr->u.mem.object >= c->f->num_stack_objects)
      report(c, instr, "stack object $%u does not exist (the function has %u)",
             instr->u.mem.object, c->f->num_stack_objects);
   if (instr->u.mem.align & (instr->u.mem.align - 1))
      report(c, instr, "the alignment %u is not a power of two", instr->u.mem.align);
   if (op == ACO_OP_LOAD_UNIFORM &&
       !(instr->u.mem.access & (ACO_ACCESS_READONLY | ACO_ACCESS_INVARIANT)))
      report(c, instr,
             "load_uniform reads through the scalar cache, which vector stores do not update: "
             "the memory must be marked readonly or invariant");
   if ((instr->u.mem.access & ACO_ACCESS_VOLATILE) &&
       (instr->u.mem.access & (ACO_ACCESS_READONLY | ACO_ACCESS_INVARIANT)))
      report(c, instr, "volatile memory cannot be readonly or invariant");

   aco_type vt = aco_type_make(ACO_BASE_INVALID, 0, 0);
   switch (air_op_info(op)->cls) {
   case ACO_OPC_LOAD:
      vt = instr->type;
      if (!air_type_is_valid(vt) || vt.bits == 1)
         report(c, instr, "cannot load %s", tname(vt, x));
      break;
   case ACO_OPC_STORE:
      vt = use(c, instr, AIR_MEM_VALUE);
      if (air_type_is_valid(vt) && vt.bits == 1)
         report(c, instr, "cannot store i1 (booleans have no memory layout; zext them)");
      break;
   default: /* atomic */
      if (is_stack_op(op))
         break;
      vt = use(c, instr, AIR_MEM_VALUE);
      if (air_type_is_valid(vt) && (!is_int(vt) || (vt.bits != 32 && vt.bits != 64)))
         report(c, instr, "atomics work on i32 or i64, not %s", tname(vt, x));
      if (instr->u.mem.atomic >= ACO_ATOMIC_COUNT)
         report(c, instr, "unknown atomic operation");
      if (instr->num_srcs == 4)
         check_same(c, instr, vt, use(c, instr, AIR_MEM_CMP), "cmpxchg operands");
      break;
   }
   if (is_shared_op(op) && air_type_is_valid(vt))
      check_shared_bounds(c, instr, vt);
}

static void
check_convert(struct vctx *c, const struct air_instr *instr)
{
   aco_type s = use(c, instr, 0), d = instr->type;
   char x[16], y[16];
   if (!air_type_is_valid(s))
      return;
   bool ok;
   switch (instr->op) {
   case ACO_OP_ZEXT:
   case ACO_OP_SEXT: ok = is_int(s) && is_int(d) && d.bits > s.bits; break;
   case ACO_OP_TRUNC: ok = is_int(s) && is_int(d) && d.bits < s.bits; break;
   case ACO_OP_FCONV: ok = is_float(s) && is_float(d) && d.bits != s.bits; break;
   case ACO_OP_U2F:
   case ACO_OP_S2F: ok = is_int(s) && s.bits >= 8 && is_float(d); break;
   case ACO_OP_F2U:
   case ACO_OP_F2S: ok = is_float(s) && is_int(d) && d.bits >= 8; break;
   default: /* bitcast */
      ok = air_type_is_valid(d) && s.bits != 1 && d.bits != 1 &&
           (unsigned)s.bits * s.comps == (unsigned)d.bits * d.comps;
      break;
   }
   if (!ok || !air_type_is_valid(d))
      report(c, instr, "%s cannot convert %s to %s", air_op_info(instr->op)->name, tname(s, x),
             tname(d, y));
}

static bool
combine_is_valid(aco_op combine, aco_type t)
{
   switch (combine) {
   case ACO_OP_IADD:
   case ACO_OP_IMUL:
   case ACO_OP_UMIN:
   case ACO_OP_UMAX:
   case ACO_OP_SMIN:
   case ACO_OP_SMAX:
   case ACO_OP_IAND:
   case ACO_OP_IOR:
   case ACO_OP_IXOR:
      return is_int(t) && t.bits >= 8;
   case ACO_OP_FADD:
   case ACO_OP_FMUL:
   case ACO_OP_FMIN:
   case ACO_OP_FMAX:
      return is_float(t);
   default:
      return false;
   }
}

/* amdgpu_cs_chain functions (docs/calls.md "Chain functions") are entered by a jump with
 * the caller's exec: only a tail call in the body's own region (so in uniform control
 * flow), from an entry or another such function; and such a function has no caller to
 * return to, so it tail-calls nothing else. */
static void
check_chain_call(struct vctx *c, const struct air_instr *instr, const struct aco_function *callee,
                 bool tail)
{
   bool from_chain = c->f->abi->chain;
   if (callee->abi->chain) {
      if (!tail)
         report(c, instr, "@%s has ABI @amdgpu_cs_chain: it is entered by tail_call only",
                callee->name);
      else if (!(c->f->flags & ACO_FUNCTION_ENTRY) && !from_chain)
         report(c, instr, "a tail call to the amdgpu_cs_chain function @%s must come from an "
                "entry or another amdgpu_cs_chain function", callee->name);
      else if (instr->parent != c->f->body)
         report(c, instr, "a tail call to the amdgpu_cs_chain function @%s must be in the "
                "function's body, not inside an if or loop", callee->name);
   } else if (tail && from_chain) {
      report(c, instr, "an amdgpu_cs_chain function tail-calls only amdgpu_cs_chain functions "
             "(@%s has ABI @%s; there is no caller to return to)", callee->name, callee->abi->name);
   }
}

static void
check_call(struct vctx *c, const struct air_instr *instr)
{
   const struct aco_function *callee = instr->callee;
   char x[16], y[16];
   if (!callee) {
      report(c, instr, "no callee");
      return;
   }
   bool indirect = air_op_is_indirect_call(instr->op);
   bool tail = instr->op == ACO_OP_TAIL_CALL || instr->op == ACO_OP_TAIL_CALL_INDIRECT;
   if (indirect) {
      aco_type t = use(c, instr, 0);
      if (air_type_is_valid(t) && t.base != ACO_BASE_PTR)
         report(c, instr, "the callee pointer must be a ptr, not %s", tname(t, x));
   }
   if (callee->flags & ACO_FUNCTION_ENTRY)
      report(c, instr, "@%s is an entry function; entries are dispatched, not called",
             callee->name);
   check_chain_call(c, instr, callee, tail);
   unsigned nargs = instr->num_srcs - indirect;
   if (nargs != callee->num_params) {
      report(c, instr, "@%s takes %u argument%s, %u given", callee->name, callee->num_params,
             callee->num_params == 1 ? "" : "s", nargs);
   } else {
      for (unsigned i = 0; i < nargs; i++) {
         aco_type t = use(c, instr, indirect + i);
         if (air_type_is_valid(t) && !aco_type_equal(t, callee->params[i].type))
            report(c, instr, "argument %u is %s but @%s's parameter %u is %s", i + 1,
                   tname(t, x), callee->name, i + 1, tname(callee->params[i].type, y));
      }
   }
   const aco_float_mode *m = &c->f->float_mode, *cm = &callee->float_mode;
   if (memcmp(m, cm, sizeof(*m)))
      report(c, instr, "@%s has another float mode than its caller", callee->name);
   if (tail && callee->abi->chain) {
      /* no return parameters on either side, and ABIs differ on purpose */
   } else if (tail) {
      unsigned n = air_num_return_params(c->f), k = 0;
      bool ok = n == air_num_return_params(callee);
      for (uint32_t i = 0; ok && i < callee->num_params; i++) {
         if (!(callee->params[i].flags & ACO_PARAM_RETURN))
            continue;
         while (k < c->f->num_params && !(c->f->params[k].flags & ACO_PARAM_RETURN))
            k++;
         ok = k < c->f->num_params && aco_type_equal(c->f->params[k].type, callee->params[i].type);
         k++;
      }
      if (!ok)
         report(c, instr,
                "a tail call's callee must have the caller's return parameters (same types, "
                "same order): @%s's differ from @%s's",
                callee->name, c->f->name);
      if (c->f->abi != callee->abi)
         report(c, instr, "a tail call's callee must have the caller's ABI (@%s, not @%s)",
                c->f->abi->name, callee->abi->name);
   } else {
      unsigned k = 0;
      if (instr->num_defs != air_num_return_params(callee)) {
         report(c, instr, "@%s has %u return parameters, the call names %u results",
                callee->name, air_num_return_params(callee), instr->num_defs);
         return;
      }
      for (uint32_t i = 0; i < callee->num_params; i++) {
         if (!(callee->params[i].flags & ACO_PARAM_RETURN))
            continue;
         const struct air_value *d = air_value(c->f, instr->defs[k++]);
         if (d && !aco_type_equal(d->type, callee->params[i].type))
            report(c, instr, "result %u is %s, the return parameter is %s", k,
                   tname(d->type, x), tname(callee->params[i].type, y));
      }
   }
}

static void check_region(struct vctx *c, struct air_region *r, const char *name);

/* The region the jump leaves (for messages) and its checks. */
static void
check_jump(struct vctx *c, const struct air_instr *instr)
{
   struct air_region *r = instr->parent;
   if (instr != r->last)
      report(c, instr, "%s must be the last instruction of its block",
             air_op_info(instr->op)->name);
   switch (instr->op) {
   case ACO_OP_YIELD: {
      struct air_instr *p = r->parent;
      if (!p || p->op != ACO_OP_IF) {
         report(c, instr, "yield is only allowed at the end of a branch of an if");
         return;
      }
      check_values_match(c, instr, instr->srcs, 0, instr->num_srcs, p->defs, p->num_defs,
                         "the if's results");
      break;
   }
   case ACO_OP_BREAK:
   case ACO_OP_CONTINUE: {
      if (!c->loop_depth) {
         report(c, instr, "%s outside a loop", air_op_info(instr->op)->name);
         return;
      }
      struct air_region *body = c->loops[c->loop_depth - 1];
      struct air_instr *loop = body->parent;
      if (instr->op == ACO_OP_BREAK)
         check_values_match(c, instr, instr->srcs, 0, instr->num_srcs, loop->defs,
                            loop->num_defs, "the loop's results");
      else
         check_values_match(c, instr, instr->srcs, 0, instr->num_srcs, body->params,
                            body->num_params, "the loop's carried values");
      break;
   }
   case ACO_OP_RETURN: {
      unsigned n = air_num_return_params(c->f);
      if (instr->num_srcs != n) {
         report(c, instr, "return takes one value per return parameter: %u given, %u expected",
                instr->num_srcs, n);
         return;
      }
      unsigned k = 0;
      for (uint32_t i = 0; i < c->f->num_params; i++) {
         if (!(c->f->params[i].flags & ACO_PARAM_RETURN))
            continue;
         aco_type t = use(c, instr, k);
         char x[16], y[16];
         if (air_type_is_valid(t) && !aco_type_equal(t, c->f->params[i].type))
            report(c, instr, "return value %u is %s, the parameter is %s", k + 1, tname(t, x),
                   tname(c->f->params[i].type, y));
         k++;
      }
      break;
   }
   default:
      break;
   }
}

static void
check_instr(struct vctx *c, struct air_instr *instr)
{
   const struct air_op_info *info = air_op_info(instr->op);
   char x[16], y[16];
   if (instr->op <= ACO_OP_INVALID || instr->op >= ACO_OP_COUNT) {
      report(c, instr, "unknown operation %d", (int)instr->op);
      return;
   }
   switch (info->cls) {
   case ACO_OPC_CONST:
      if (!air_type_is_valid(instr->type) || instr->type.comps != 1)
         report(c, instr, "constants are valid scalars");
      break;
   case ACO_OPC_INT_UN:
   case ACO_OPC_INT_BIN:
   case ACO_OPC_INT_CMP: {
      aco_type a = use(c, instr, 0);
      if (!air_type_is_valid(a))
         break;
      bool logic = instr->op == ACO_OP_IAND || instr->op == ACO_OP_IOR ||
                   instr->op == ACO_OP_IXOR || instr->op == ACO_OP_INOT ||
                   instr->op == ACO_OP_IEQ || instr->op == ACO_OP_INE;
      if (!is_int(a) || (a.bits == 1 && !logic))
         report(c, instr, "%s takes %s, not %s", info->name,
                logic ? "integer scalars" : "integer scalars of 8 bits or more", tname(a, x));
      if (instr->num_srcs > 1)
         check_same(c, instr, a, use(c, instr, 1), "operand types");
      break;
   }
   case ACO_OPC_FLOAT_UN:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_CMP:
   case ACO_OPC_FLOAT_APPROX: {
      aco_type a = use(c, instr, 0);
      if (!air_type_is_valid(a))
         break;
      if (!is_float(a))
         report(c, instr, "%s takes float scalars, not %s", info->name, tname(a, x));
      for (unsigned i = 1; i < instr->num_srcs; i++)
         check_same(c, instr, a, use(c, instr, i), "operand types");
      if (info->cls == ACO_OPC_FLOAT_APPROX && !instr->u.ulp)
         report(c, instr, "an approximate operation needs a ULP bound of at least 1");
      break;
   }
   case ACO_OPC_CONVERT:
      check_convert(c, instr);
      break;
   case ACO_OPC_SELECT: {
      aco_type cnd = use(c, instr, 0);
      if (air_type_is_valid(cnd) && !is_bool(cnd))
         report(c, instr, "the condition must be i1, not %s", tname(cnd, x));
      check_same(c, instr, use(c, instr, 1), use(c, instr, 2), "select operands");
      break;
   }
   case ACO_OPC_VEC: {
      aco_type a = use(c, instr, 0);
      if (air_type_is_valid(a) && (a.comps != 1 || a.bits == 1))
         report(c, instr, "vec components must be scalars other than i1, not %s", tname(a, x));
      for (unsigned i = 1; i < instr->num_srcs; i++)
         check_same(c, instr, a, use(c, instr, i), "component types");
      break;
   }
   case ACO_OPC_EXTRACT: {
      aco_type a = use(c, instr, 0);
      if (air_type_is_valid(a) && (a.comps < 2 || instr->u.component >= a.comps))
         report(c, instr, "component %u of %s does not exist", instr->u.component, tname(a, x));
      break;
   }
   case ACO_OPC_SYSVAL:
   case ACO_OPC_BARRIER:
      if (instr->op == ACO_OP_FENCE && instr->u.scope > ACO_SCOPE_DEVICE)
         report(c, instr, "unknown scope");
      break;
   case ACO_OPC_LOAD:
   case ACO_OPC_STORE:
   case ACO_OPC_ATOMIC:
      check_memory(c, instr);
      break;
   case ACO_OPC_SUBGROUP: {
      aco_type a = use(c, instr, 0);
      if (!air_type_is_valid(a))
         break;
      if (instr->op == ACO_OP_BALLOT && !is_bool(a))
         report(c, instr, "ballot takes an i1, not %s", tname(a, x));
      if (instr->op != ACO_OP_BALLOT && a.bits == 1)
         report(c, instr, "%s does not take i1 (use ballot)", info->name);
      if (instr->op == ACO_OP_READ_LANE) {
         aco_type l = use(c, instr, 1);
         if (air_type_is_valid(l) && !aco_type_equal(l, aco_type_int(32)))
            report(c, instr, "the lane index must be i32, not %s", tname(l, y));
      }
      break;
   }
   case ACO_OPC_REDUCE: {
      aco_type a = use(c, instr, 0);
      if (air_type_is_valid(a) && !combine_is_valid(instr->u.combine, a))
         report(c, instr, "%s cannot combine %s with %s", info->name, tname(a, x),
                air_op_info(instr->u.combine)->name);
      break;
   }
   case ACO_OPC_CALL:
      check_call(c, instr);
      break;
   case ACO_OPC_FUNC_ADDR:
      if (!instr->callee)
         report(c, instr, "no function");
      else if (instr->callee->flags & ACO_FUNCTION_ENTRY)
         report(c, instr, "@%s is an entry function and has no callable address",
                instr->callee->name);
      break;
   case ACO_OPC_IF: {
      aco_type cnd = use(c, instr, 0);
      if (air_type_is_valid(cnd) && !is_bool(cnd))
         report(c, instr, "the condition must be i1, not %s", tname(cnd, x));
      if (!instr->regions[0]) {
         report(c, instr, "an if needs a then-branch");
         break;
      }
      if (instr->num_defs && !instr->regions[1])
         report(c, instr, "an if with results needs an else-branch");
      char saved[256];
      memcpy(saved, c->path, sizeof(saved));
      unsigned index = c->instr_index;
      for (unsigned i = 0; i < 2; i++) {
         struct air_region *r = instr->regions[i];
         if (!r)
            continue;
         char name[64];
         snprintf(name, sizeof(name), "if %u %s", index, i ? "else" : "then");
         if (instr->num_defs && !air_region_terminator(r))
            report(c, instr, "the %s-branch must end with yield (the if has results)",
                   i ? "else" : "then");
         check_region(c, r, name);
         memcpy(c->path, saved, sizeof(saved));
      }
      break;
   }
   case ACO_OPC_LOOP: {
      struct air_region *body = instr->regions[0];
      if (!body) {
         report(c, instr, "a loop needs a body");
         break;
      }
      for (unsigned i = 0; i < instr->num_srcs; i++) {
         aco_type t = use(c, instr, i);
         const struct air_value *p = i < body->num_params ? air_value(c->f, body->params[i]) : NULL;
         if (!p)
            report(c, instr, "carried value %u has no loop parameter", i + 1);
         else if (air_type_is_valid(t) && !aco_type_equal(t, p->type))
            report(c, instr, "carried value %u: %s and %s differ", i + 1, tname(t, x),
                   tname(p->type, y));
      }
      if (body->num_params && !air_region_terminator(body))
         report(c, instr, "a loop with carried values must end its body with a jump "
                          "(continue with the next values)");
      if (c->loop_depth == 256) {
         report(c, instr, "loops nested too deeply");
         break;
      }
      char saved[256], name[64];
      memcpy(saved, c->path, sizeof(saved));
      snprintf(name, sizeof(name), "loop %u body", c->instr_index);
      uint32_t mark = c->scope_len;
      c->loops[c->loop_depth++] = body;
      for (unsigned i = 0; i < body->num_params; i++)
         define(c, body->params[i]);
      check_region(c, body, name);
      c->loop_depth--;
      /* the carried values go out of scope with the body */
      while (c->scope_len > mark)
         c->visible[c->scope[--c->scope_len]] = 0;
      memcpy(c->path, saved, sizeof(saved));
      break;
   }
   case ACO_OPC_JUMP:
      check_jump(c, instr);
      break;
   }
   if (instr->op == ACO_OP_TAIL_CALL || instr->op == ACO_OP_TAIL_CALL_INDIRECT) {
      if (instr != instr->parent->last)
         report(c, instr, "a tail call must be the last instruction of its block");
      if ((c->f->flags & ACO_FUNCTION_ENTRY) && instr->callee && !instr->callee->abi->chain)
         report(c, instr, "an entry function tail-calls only amdgpu_cs_chain functions (it has "
                "no caller to return to)");
   }
   /* a noreturn callee ends the invocation: nothing after the call could run */
   if ((instr->op == ACO_OP_CALL || instr->op == ACO_OP_CALL_INDIRECT) && instr->callee &&
       (instr->callee->flags & ACO_FUNCTION_NORETURN)) {
      if (!instr->next || instr->next->op != ACO_OP_RETURN || instr->next->num_srcs)
         report(c, instr, "a call to the noreturn function @%s must be followed by a return "
                "without values", instr->callee->name);
      if (!(c->f->flags & (ACO_FUNCTION_ENTRY | ACO_FUNCTION_NORETURN)) && !c->f->abi->chain)
         report(c, instr, "only entries, noreturn and amdgpu_cs_chain functions call the "
                "noreturn function @%s", instr->callee->name);
      else if (instr->parent != c->f->body)
         report(c, instr, "a call to the noreturn function @%s must be in the function's body, "
                "not inside an if or loop (it ends every lane of the wave)", instr->callee->name);
   }
   /* Results become visible after the instruction (and its regions). */
   for (unsigned i = 0; i < instr->num_defs; i++) {
      const struct air_value *d = air_value(c->f, instr->defs[i]);
      if (!d || d->def != instr)
         report(c, instr, "result %u is not a value defined by this instruction", i + 1);
      else if (!air_type_is_valid(d->type))
         report(c, instr, "result %u has no valid type", i + 1);
      else if (c->visible[instr->defs[i].id])
         report(c, instr, "result %u is defined twice", i + 1);
      else
         define(c, instr->defs[i]);
   }
}

static void
check_region(struct vctx *c, struct air_region *r, const char *name)
{
   size_t len = strlen(c->path);
   if (len)
      snprintf(c->path + len, sizeof(c->path) - len, " > %s", name);
   else
      snprintf(c->path, sizeof(c->path), "%s", name);
   uint32_t mark = c->scope_len;
   air_foreach_instr (instr, r) {
      c->instr_index++;
      if (instr->parent != r)
         report(c, instr, "the instruction's parent link is broken");
      check_instr(c, instr);
   }
   while (c->scope_len > mark)
      c->visible[c->scope[--c->scope_len]] = 0;
   c->path[len] = 0;
}

static uint32_t
hash_str(const char *s)
{
   uint32_t h = 2166136261u;
   for (; *s; s++)
      h = (h ^ (uint8_t)*s) * 16777619u;
   return h;
}

/* The number a name of decimal digits only spells, or 0 when it is no such name; numbers
 * of `limit` or more come out as `limit` (no id is that large). */
static uint32_t
digits_value(const char *n, uint32_t limit)
{
   uint64_t v = 0;
   if (!*n)
      return 0;
   for (; *n; n++) {
      if (*n < '0' || *n > '9')
         return 0;
      v = v * 10 + (uint64_t)(*n - '0');
      if (v >= limit)
         v = limit;
   }
   return (uint32_t)v;
}

/* Printed names must be unique so the text form reads back: named values among
 * themselves, and a name of digits only must not be the id of an unnamed value. */
static void
check_names(struct vctx *c)
{
   struct aco_function *f = c->f;
   uint32_t cap = 16;
   while (cap < f->num_values * 2)
      cap *= 2;
   uint32_t *table = aco_calloc(&c->p->allocator, sizeof(uint32_t) * cap);
   if (!table) {
      c->out->failed = true;
      return;
   }
   for (uint32_t i = 1; i < f->num_values; i++) {
      const char *n = f->values[i].name;
      if (!n)
         continue;
      uint32_t k = hash_str(n) & (cap - 1);
      while (table[k] && strcmp(f->values[table[k]].name, n))
         k = (k + 1) & (cap - 1);
      if (table[k])
         report(c, NULL, "two values are named %%%s", n);
      else
         table[k] = i;
      uint32_t id = digits_value(n, f->num_values);
      if (id && id < f->num_values && id != i && !f->values[id].name)
         report(c, NULL, "value %%%s would print like the unnamed value %u", n, id);
   }
   aco_free(&c->p->allocator, table);
}

static void
check_function(struct vctx *c, struct aco_function *f)
{
   c->f = f;
   bool entry = f->flags & ACO_FUNCTION_ENTRY;
   if (entry && (f->flags & ACO_FUNCTION_EXTERNAL))
      report(c, NULL, "an entry function must be defined in its program");
   if (entry && (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE))
      report(c, NULL, "an entry function cannot be divergent_callable");
   if ((f->flags & ACO_FUNCTION_NORETURN) && (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE))
      report(c, NULL, "a noreturn function cannot be divergent_callable (it ends the wave)");
   uint64_t wg = (uint64_t)f->workgroup_size[0] * f->workgroup_size[1] * f->workgroup_size[2];
   if (wg > 1024)
      report(c, NULL, "the workgroup has %llu invocations (at most 1024)", (unsigned long long)wg);
   if (f->abi->chain && (entry || (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE)))
      report(c, NULL, "an amdgpu_cs_chain function is neither an entry nor divergent_callable");
   if (!entry && wg != 1)
      report(c, NULL, "only entry functions have a workgroup_size");
   if (f->has_shared_size && f->shared_size > AIR_MAX_SHARED_SIZE)
      report(c, NULL, "shared_size %u is above the limit of %u bytes", (unsigned)f->shared_size,
             AIR_MAX_SHARED_SIZE);
   if (!entry && f->has_shared_size)
      report(c, NULL, "only entry functions declare a shared_size");
   if (f->unfinished)
      report(c, NULL, "its builder was destroyed with an if or a loop still open");
   for (uint32_t i = 0; i < f->num_params; i++) {
      const struct air_param *p = &f->params[i];
      if (entry && (!(p->flags & ACO_PARAM_UNIFORM) ||
                    (p->flags & (ACO_PARAM_RETURN | ACO_PARAM_DISCARDABLE))))
         report(c, NULL,
                "parameter %u: entry function parameters are uniform arguments, neither return "
                "nor discardable",
                i + 1);
      if ((f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE) && (p->flags & ACO_PARAM_UNIFORM) &&
          (p->flags & ACO_PARAM_RETURN))
         report(c, NULL,
                "parameter %u: a divergent_callable function cannot have uniform return "
                "parameters (its SGPR writes would reach lanes it does not serve)",
                i + 1);
      if (f->abi->chain && (p->flags & ACO_PARAM_RETURN))
         report(c, NULL, "parameter %u: amdgpu_cs_chain functions have no return parameters",
                i + 1);
      if (f->abi->chain && (p->type.bits == 1 || (p->type.comps > 1 && p->type.bits < 32)))
         report(c, NULL, "parameter %u: amdgpu_cs_chain functions take no i1 parameters or "
                "vectors of 8- or 16-bit values", i + 1);
      if ((p->flags & ACO_PARAM_RETURN) && (p->flags & ACO_PARAM_DISCARDABLE))
         report(c, NULL, "parameter %u is both return and discardable", i + 1);
   }
   check_names(c);
   if (!f->body)
      return;
   uint8_t *visible = aco_calloc(&c->p->allocator, f->num_values);
   uint32_t *scope = aco_alloc(&c->p->allocator, sizeof(uint32_t) * f->num_values);
   if (!visible || !scope) {
      aco_free(&c->p->allocator, visible);
      aco_free(&c->p->allocator, scope);
      c->out->failed = true;
      return;
   }
   c->visible = visible;
   c->scope = scope;
   c->scope_len = 0;
   c->instr_index = 0;
   c->loop_depth = 0;
   c->path[0] = 0;
   for (uint32_t i = 0; i < f->num_params; i++)
      define(c, f->params[i].value);
   check_region(c, f->body, "body");
   if (air_num_return_params(f) && !air_region_terminator(f->body))
      report(c, NULL, "the body falls off its end, but the function has return parameters: "
                      "end it with return");
   aco_free(&c->p->allocator, visible);
   aco_free(&c->p->allocator, scope);
   c->visible = NULL;
   c->scope = NULL;
}

aco_status
air_validate(struct aco_program *p)
{
   struct aco_strbuf out;
   aco_strbuf_init(&out, &p->allocator);
   struct vctx c;
   memset(&c, 0, sizeof(c));
   c.p = p;
   c.out = &out;
   if (!aco_gfx_level_name(p->target.gfx_level))
      report(&c, NULL, "no target (gfx1030, gfx1100 or gfx1200) is set");
   for (uint32_t i = 0; i < p->num_functions; i++)
      check_function(&c, p->functions[i]);
   aco_status s = ACO_SUCCESS;
   if (out.failed)
      s = air_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   else if (c.errors)
      s = air_error(p, ACO_ERROR_INVALID_IR, "%u error%s:\n%s", c.errors,
                    c.errors == 1 ? "" : "s", aco_strbuf_str(&out));
   else
      air_clear_message(p);
   aco_strbuf_finish(&out);
   return s;
}

aco_status
aco_program_validate(aco_program *p)
{
   return p ? air_validate(p) : ACO_ERROR_INVALID_ARGUMENT;
}
