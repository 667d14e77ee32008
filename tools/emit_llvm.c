/* SPDX-License-Identifier: MIT */
/* Front IR -> LLVM IR for the amdgcn target, so the same program can be compiled by
 * llc-19 and by libaco (benchmarks, cross-checks). docs/emit-llvm.md lists the mapping.
 *
 * Structured control flow becomes basic blocks with phis. A loop's body is written into
 * a side buffer first, so the header's phis can list every `continue` edge; an `if`'s
 * merge phis and a loop's exit phis are written after the edges are known. Operations
 * whose LLVM counterparts have undefined cases (division by zero, over-wide shifts,
 * float-to-int overflow) are guarded so the results are the front IR's. */
#include "emit_llvm.h"

#include "ir/ir.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define MAX_DECLS 128
#define MAX_EDGES 64

/* One incoming edge of a merge (if results, loop header, loop exit). */
struct edge {
   unsigned block;         /* LLVM block number of the predecessor */
   const aco_value *vals;  /* the values it passes */
};

struct edge_list {
   struct edge e[MAX_EDGES];
   unsigned n;
};

struct loop_ctx {
   unsigned header, exit;
   struct edge_list conts, breaks;
   struct loop_ctx *outer;
};

struct if_ctx {
   unsigned merge;
   struct edge_list yields;
};

struct ctx {
   struct aco_program *p;
   const struct aco_function *f;
   struct aco_strbuf *out;  /* where instructions go now (a loop body's side buffer) */
   const aco_allocator *a;
   unsigned tmp, blocks, cur;  /* temporaries %t<n>, blocks b<n>, the current block */
   bool terminated;            /* the current block has its terminator */
   struct loop_ctx *loop;
   struct if_ctx *ifc;
   bool implicit_ids;          /* functions receive the ids from their callers */
   uint32_t entry_wg[3];       /* the entry's workgroup size, for functions */
   const char *decls[MAX_DECLS];
   unsigned num_decls;
   char err[256];
};

static void
fail(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void
fail(struct ctx *c, const char *fmt, ...)
{
   if (c->err[0])
      return;
   va_list ap;
   va_start(ap, fmt);
   int n = snprintf(c->err, sizeof(c->err), "--emit-llvm: function @%s: ", c->f ? c->f->name : "?");
   vsnprintf(c->err + n, sizeof(c->err) - (size_t)n, fmt, ap);
   va_end(ap);
}

#define emit(c, ...) aco_strbuf_printf((c)->out, __VA_ARGS__)

static void
need_decl(struct ctx *c, const char *decl)
{
   for (unsigned i = 0; i < c->num_decls; i++) {
      if (!strcmp(c->decls[i], decl))
         return;
   }
   if (c->num_decls < MAX_DECLS)
      c->decls[c->num_decls++] = decl;
   else
      fail(c, "too many intrinsics");
}

/* ---- types ------------------------------------------------------------------------------ */

static const char *
scalar_name(aco_type t)
{
   if (t.base == ACO_BASE_PTR)
      return "ptr addrspace(1)";
   if (t.base == ACO_BASE_FLOAT)
      return t.bits == 16 ? "half" : t.bits == 32 ? "float" : "double";
   switch (t.bits) {
   case 1: return "i1";
   case 8: return "i8";
   case 16: return "i16";
   case 64: return "i64";
   default: return "i32";
   }
}

/* Up to 4 type names live at once (one call's operands). */
struct tname {
   char s[40];
};

static struct tname
type_name(aco_type t)
{
   struct tname n;
   if (t.comps > 1)
      snprintf(n.s, sizeof(n.s), "<%u x %s>", t.comps, scalar_name(t));
   else
      snprintf(n.s, sizeof(n.s), "%s", scalar_name(t));
   return n;
}

/* The suffix of overloaded intrinsics: i32, f32, v4i32, v2f16, p1. */
static struct tname
type_suffix(aco_type t)
{
   struct tname n;
   const char *k = t.base == ACO_BASE_FLOAT ? "f" : t.base == ACO_BASE_PTR ? "p" : "i";
   unsigned bits = t.base == ACO_BASE_PTR ? 1 : t.bits;
   if (t.comps > 1)
      snprintf(n.s, sizeof(n.s), "v%u%s%u", t.comps, k, bits);
   else
      snprintf(n.s, sizeof(n.s), "%s%u", k, bits);
   return n;
}

static aco_type
vtype(const struct ctx *c, aco_value v)
{
   const struct air_value *val = air_value(c->f, v);
   return val ? val->type : aco_type_make(ACO_BASE_INT, 32, 1);
}

static aco_type
scalar_of(aco_type t)
{
   t.comps = 1;
   return t;
}

/* ---- blocks ----------------------------------------------------------------------------- */

static unsigned
new_block(struct ctx *c)
{
   return c->blocks++;
}

static void
start_block(struct ctx *c, unsigned b)
{
   emit(c, "b%u:\n", b);
   c->cur = b;
   c->terminated = false;
}

static void
branch(struct ctx *c, unsigned b)
{
   if (!c->terminated)
      emit(c, "  br label %%b%u\n", b);
   c->terminated = true;
}

static void
add_edge(struct ctx *c, struct edge_list *l, const aco_value *vals)
{
   if (l->n == MAX_EDGES) {
      fail(c, "more than %u edges into one merge", MAX_EDGES);
      return;
   }
   l->e[l->n].block = c->cur;
   l->e[l->n].vals = vals;
   l->n++;
}

/* phis for `count` values of types `types` at the start of a block */
static void
emit_phis(struct ctx *c, const aco_value *defs, unsigned count, const struct edge_list *l)
{
   for (unsigned i = 0; i < count; i++) {
      emit(c, "  %%v%u = phi %s ", defs[i].id, type_name(vtype(c, defs[i])).s);
      for (unsigned e = 0; e < l->n; e++)
         emit(c, "%s[ %%v%u, %%b%u ]", e ? ", " : "", l->e[e].vals[i].id, l->e[e].block);
      emit(c, "\n");
   }
}

/* ---- operations ---------------------------------------------------------------------- */

static unsigned
tmp(struct ctx *c)
{
   return c->tmp++;
}

static void
emit_const(struct ctx *c, const struct air_instr *in)
{
   aco_type t = in->type;
   unsigned d = in->defs[0].id;
   uint64_t bits = in->u.const_bits;
   if (t.base == ACO_BASE_FLOAT) {
      emit(c, "  %%v%u = bitcast i%u %" PRIu64 " to %s\n", d, t.bits, bits, scalar_name(t));
   } else if (t.base == ACO_BASE_PTR) {
      emit(c, "  %%v%u = inttoptr i64 %" PRIu64 " to ptr addrspace(1)\n", d, bits);
   } else if (t.bits == 1) {
      emit(c, "  %%v%u = or i1 false, %s\n", d, bits ? "true" : "false");
   } else {
      int64_t sv = (int64_t)(bits << (64 - t.bits)) >> (64 - t.bits);
      emit(c, "  %%v%u = or i%u 0, %" PRId64 "\n", d, t.bits, sv);
   }
}

/* Declares `declare RET @NAME.SUFFIX(ARGS)` once; the strings live in the program arena. */
static const char *
decl(struct ctx *c, const char *ret, const char *name, const char *args)
{
   char buf[512];
   snprintf(buf, sizeof(buf), "declare %s @%s(%s)", ret, name, args);
   size_t n = strlen(buf) + 1;
   char *s = aco_arena_alloc(&c->p->arena, n, 1);
   if (!s) {
      fail(c, "out of memory");
      return name;
   }
   memcpy(s, buf, n);
   need_decl(c, s);
   return name;
}

static void
emit_int_bin(struct ctx *c, const struct air_instr *in)
{
   aco_type t = vtype(c, in->srcs[0]);
   const char *ty = scalar_name(t);
   unsigned d = in->defs[0].id, a = in->srcs[0].id, b = in->srcs[1].id;
   unsigned bits = t.bits;
   const char *simple = NULL;
   switch (in->op) {
   case ACO_OP_IADD: simple = "add"; break;
   case ACO_OP_ISUB: simple = "sub"; break;
   case ACO_OP_IMUL: simple = "mul"; break;
   case ACO_OP_IAND: simple = "and"; break;
   case ACO_OP_IOR: simple = "or"; break;
   case ACO_OP_IXOR: simple = "xor"; break;
   default: break;
   }
   if (simple) {
      emit(c, "  %%v%u = %s %s %%v%u, %%v%u\n", d, simple, ty, a, b);
      return;
   }
   char name[128], args[128];
   unsigned t0 = tmp(c), t1 = tmp(c), t2 = tmp(c), t3 = tmp(c), t4 = tmp(c);
   switch (in->op) {
   case ACO_OP_ISHL:
   case ACO_OP_USHR:
   case ACO_OP_SSHR:
      emit(c, "  %%t%u = and %s %%v%u, %u\n", t0, ty, b, bits - 1);
      emit(c, "  %%v%u = %s %s %%v%u, %%t%u\n", d,
           in->op == ACO_OP_ISHL ? "shl" : in->op == ACO_OP_USHR ? "lshr" : "ashr", ty, a, t0);
      return;
   case ACO_OP_UMUL_HI:
   case ACO_OP_SMUL_HI: {
      const char *ext = in->op == ACO_OP_UMUL_HI ? "zext" : "sext";
      emit(c, "  %%t%u = %s %s %%v%u to i%u\n", t0, ext, ty, a, bits * 2);
      emit(c, "  %%t%u = %s %s %%v%u to i%u\n", t1, ext, ty, b, bits * 2);
      emit(c, "  %%t%u = mul i%u %%t%u, %%t%u\n", t2, bits * 2, t0, t1);
      emit(c, "  %%t%u = lshr i%u %%t%u, %u\n", t3, bits * 2, t2, bits);
      emit(c, "  %%v%u = trunc i%u %%t%u to %s\n", d, bits * 2, t3, ty);
      return;
   }
   case ACO_OP_UDIV:
   case ACO_OP_UREM:
      /* x / 0 = all ones, x % 0 = x */
      emit(c, "  %%t%u = icmp eq %s %%v%u, 0\n", t0, ty, b);
      emit(c, "  %%t%u = select i1 %%t%u, %s 1, %s %%v%u\n", t1, t0, ty, ty, b);
      emit(c, "  %%t%u = %s %s %%v%u, %%t%u\n", t2, in->op == ACO_OP_UDIV ? "udiv" : "urem", ty,
           a, t1);
      if (in->op == ACO_OP_UDIV)
         emit(c, "  %%v%u = select i1 %%t%u, %s -1, %s %%t%u\n", d, t0, ty, ty, t2);
      else
         emit(c, "  %%v%u = select i1 %%t%u, %s %%v%u, %s %%t%u\n", d, t0, ty, a, ty, t2);
      return;
   case ACO_OP_SDIV: {
      /* x / 0 = (x >= 0 ? -1 : 1); x / -1 = -x (INT_MIN / -1 = INT_MIN) */
      unsigned t5 = tmp(c), t6 = tmp(c), t7 = tmp(c), t8 = tmp(c);
      emit(c, "  %%t%u = icmp eq %s %%v%u, 0\n", t0, ty, b);
      emit(c, "  %%t%u = icmp eq %s %%v%u, -1\n", t1, ty, b);
      emit(c, "  %%t%u = or i1 %%t%u, %%t%u\n", t2, t0, t1);
      emit(c, "  %%t%u = select i1 %%t%u, %s 1, %s %%v%u\n", t3, t2, ty, ty, b);
      emit(c, "  %%t%u = sdiv %s %%v%u, %%t%u\n", t4, ty, a, t3);
      emit(c, "  %%t%u = sub %s 0, %%v%u\n", t5, ty, a);
      emit(c, "  %%t%u = select i1 %%t%u, %s %%t%u, %s %%t%u\n", t6, t1, ty, t5, ty, t4);
      emit(c, "  %%t%u = icmp slt %s %%v%u, 0\n", t7, ty, a);
      emit(c, "  %%t%u = select i1 %%t%u, %s 1, %s -1\n", t8, t7, ty, ty);
      emit(c, "  %%v%u = select i1 %%t%u, %s %%t%u, %s %%t%u\n", d, t0, ty, t8, ty, t6);
      return;
   }
   case ACO_OP_SREM:
      /* x % 0 = x; x % -1 = 0 */
      emit(c, "  %%t%u = icmp eq %s %%v%u, 0\n", t0, ty, b);
      emit(c, "  %%t%u = icmp eq %s %%v%u, -1\n", t1, ty, b);
      emit(c, "  %%t%u = or i1 %%t%u, %%t%u\n", t2, t0, t1);
      emit(c, "  %%t%u = select i1 %%t%u, %s 1, %s %%v%u\n", t3, t2, ty, ty, b);
      emit(c, "  %%t%u = srem %s %%v%u, %%t%u\n", t4, ty, a, t3);
      emit(c, "  %%v%u = select i1 %%t%u, %s %%v%u, %s %%t%u\n", d, t0, ty, a, ty, t4);
      return;
   case ACO_OP_UMIN:
   case ACO_OP_UMAX:
   case ACO_OP_SMIN:
   case ACO_OP_SMAX: {
      const char *op = in->op == ACO_OP_UMIN ? "umin" : in->op == ACO_OP_UMAX ? "umax"
                       : in->op == ACO_OP_SMIN ? "smin" : "smax";
      snprintf(name, sizeof(name), "llvm.%s.%s", op, type_suffix(t).s);
      snprintf(args, sizeof(args), "%s, %s", ty, ty);
      decl(c, ty, name, args);
      emit(c, "  %%v%u = call %s @%s(%s %%v%u, %s %%v%u)\n", d, ty, name, ty, a, ty, b);
      return;
   }
   default:
      fail(c, "operation %s", air_op_info(in->op)->name);
   }
}

static void
call1(struct ctx *c, unsigned d, const char *base, aco_type t, unsigned a, const char *extra)
{
   char name[128], args[128];
   const char *ty = type_name(t).s;
   struct tname tn = type_name(t);
   snprintf(name, sizeof(name), "llvm.%s.%s", base, type_suffix(t).s);
   snprintf(args, sizeof(args), "%s%s", tn.s, extra ? ", i1" : "");
   decl(c, tn.s, name, args);
   (void)ty;
   emit(c, "  %%v%u = call %s @%s(%s %%v%u%s)\n", d, tn.s, name, tn.s, a, extra ? extra : "");
}

static void
emit_int_un(struct ctx *c, const struct air_instr *in)
{
   aco_type t = vtype(c, in->srcs[0]);
   const char *ty = scalar_name(t);
   unsigned d = in->defs[0].id, a = in->srcs[0].id;
   unsigned t0 = tmp(c), t1 = tmp(c), t2 = tmp(c);
   switch (in->op) {
   case ACO_OP_INEG: emit(c, "  %%v%u = sub %s 0, %%v%u\n", d, ty, a); return;
   case ACO_OP_INOT: emit(c, "  %%v%u = xor %s %%v%u, %s\n", d, ty, a, t.bits == 1 ? "true" : "-1"); return;
   case ACO_OP_IABS: call1(c, d, "abs", t, a, ", i1 false"); return;
   case ACO_OP_POPCOUNT: call1(c, d, "ctpop", t, a, NULL); return;
   case ACO_OP_BITREVERSE: call1(c, d, "bitreverse", t, a, NULL); return;
   case ACO_OP_FIND_LSB:
   case ACO_OP_FIND_MSB: {
      char name[128], args[128];
      bool lsb = in->op == ACO_OP_FIND_LSB;
      snprintf(name, sizeof(name), "llvm.%s.%s", lsb ? "cttz" : "ctlz", type_suffix(t).s);
      snprintf(args, sizeof(args), "%s, i1", ty);
      decl(c, ty, name, args);
      emit(c, "  %%t%u = call %s @%s(%s %%v%u, i1 false)\n", t0, ty, name, ty, a);
      if (lsb) {
         emit(c, "  %%t%u = icmp eq %s %%v%u, 0\n", t1, ty, a);
         emit(c, "  %%v%u = select i1 %%t%u, %s -1, %s %%t%u\n", d, t1, ty, ty, t0);
      } else {
         /* bits-1-clz; clz(0) = bits gives -1 */
         emit(c, "  %%t%u = sub %s %u, %%t%u\n", t2, ty, t.bits - 1, t0);
         emit(c, "  %%v%u = or %s %%t%u, 0\n", d, ty, t2);
      }
      return;
   }
   default:
      fail(c, "operation %s", air_op_info(in->op)->name);
   }
}

static const char *
cmp_pred(aco_op op)
{
   switch (op) {
   case ACO_OP_IEQ: return "icmp eq";
   case ACO_OP_INE: return "icmp ne";
   case ACO_OP_ULT: return "icmp ult";
   case ACO_OP_ULE: return "icmp ule";
   case ACO_OP_UGT: return "icmp ugt";
   case ACO_OP_UGE: return "icmp uge";
   case ACO_OP_SLT: return "icmp slt";
   case ACO_OP_SLE: return "icmp sle";
   case ACO_OP_SGT: return "icmp sgt";
   case ACO_OP_SGE: return "icmp sge";
   case ACO_OP_FEQ: return "fcmp oeq";
   case ACO_OP_FNE: return "fcmp une";
   case ACO_OP_FLT: return "fcmp olt";
   case ACO_OP_FLE: return "fcmp ole";
   case ACO_OP_FGT: return "fcmp ogt";
   case ACO_OP_FGE: return "fcmp oge";
   case ACO_OP_FUNORD: return "fcmp uno";
   default: return NULL;
   }
}

static void
emit_float(struct ctx *c, const struct air_instr *in)
{
   aco_type t = vtype(c, in->srcs[0]);
   struct tname tn = type_name(t);
   const char *ty = tn.s;
   unsigned d = in->defs[0].id, a = in->srcs[0].id;
   unsigned b = in->num_srcs > 1 ? in->srcs[1].id : 0;
   char name[128], args[128];
   switch (in->op) {
   case ACO_OP_FADD: emit(c, "  %%v%u = fadd %s %%v%u, %%v%u\n", d, ty, a, b); return;
   case ACO_OP_FSUB: emit(c, "  %%v%u = fsub %s %%v%u, %%v%u\n", d, ty, a, b); return;
   case ACO_OP_FMUL: emit(c, "  %%v%u = fmul %s %%v%u, %%v%u\n", d, ty, a, b); return;
   case ACO_OP_FDIV: emit(c, "  %%v%u = fdiv %s %%v%u, %%v%u\n", d, ty, a, b); return;
   case ACO_OP_FNEG: emit(c, "  %%v%u = fneg %s %%v%u\n", d, ty, a); return;
   case ACO_OP_FMIN:
   case ACO_OP_FMAX:
      snprintf(name, sizeof(name), "llvm.%s.%s", in->op == ACO_OP_FMIN ? "minnum" : "maxnum",
               type_suffix(t).s);
      snprintf(args, sizeof(args), "%s, %s", ty, ty);
      decl(c, ty, name, args);
      emit(c, "  %%v%u = call %s @%s(%s %%v%u, %s %%v%u)\n", d, ty, name, ty, a, ty, b);
      return;
   case ACO_OP_FFMA:
      snprintf(name, sizeof(name), "llvm.fma.%s", type_suffix(t).s);
      snprintf(args, sizeof(args), "%s, %s, %s", ty, ty, ty);
      decl(c, ty, name, args);
      emit(c, "  %%v%u = call %s @%s(%s %%v%u, %s %%v%u, %s %%v%u)\n", d, ty, name, ty, a, ty,
           b, ty, in->srcs[2].id);
      return;
   case ACO_OP_FABS: call1(c, d, "fabs", t, a, NULL); return;
   case ACO_OP_FFLOOR: call1(c, d, "floor", t, a, NULL); return;
   case ACO_OP_FCEIL: call1(c, d, "ceil", t, a, NULL); return;
   case ACO_OP_FTRUNC: call1(c, d, "trunc", t, a, NULL); return;
   case ACO_OP_FROUND_EVEN: call1(c, d, "roundeven", t, a, NULL); return;
   case ACO_OP_FSQRT: call1(c, d, "sqrt", t, a, NULL); return;
   case ACO_OP_FEXP2: call1(c, d, "exp2", t, a, NULL); return;
   case ACO_OP_FLOG2: call1(c, d, "log2", t, a, NULL); return;
   case ACO_OP_FSIN: call1(c, d, "sin", t, a, NULL); return;
   case ACO_OP_FCOS: call1(c, d, "cos", t, a, NULL); return;
   case ACO_OP_FRCP:
      emit(c, "  %%v%u = fdiv %s 1.0, %%v%u\n", d, ty, a);
      return;
   case ACO_OP_FRSQ: {
      unsigned t0 = tmp(c);
      snprintf(name, sizeof(name), "llvm.sqrt.%s", type_suffix(t).s);
      decl(c, ty, name, ty);
      emit(c, "  %%t%u = call %s @%s(%s %%v%u)\n", t0, ty, name, ty, a);
      emit(c, "  %%v%u = fdiv %s 1.0, %%t%u\n", d, ty, t0);
      return;
   }
   case ACO_OP_FFRACT: {
      /* min(x - floor(x), largest below 1); NaN for infinities. llvm.minnum would
       * turn a NaN x - floor(x) into the bound: a NaN x keeps the difference. */
      unsigned t0 = tmp(c), t1 = tmp(c), t2 = tmp(c), t3 = tmp(c), t4 = tmp(c);
      unsigned t5 = tmp(c), t6 = tmp(c);
      const char *below1 = t.bits == 16 ? "0xH3BFF" : t.bits == 32 ? "0x3FEFFFFFE0000000"
                                                                    : "0x3FEFFFFFFFFFFFFF";
      const char *inf = t.bits == 16 ? "0xH7C00" : "0x7FF0000000000000";
      const char *nan = t.bits == 16 ? "0xH7E00" : "0x7FF8000000000000";
      snprintf(name, sizeof(name), "llvm.floor.%s", type_suffix(t).s);
      decl(c, ty, name, ty);
      emit(c, "  %%t%u = call %s @%s(%s %%v%u)\n", t0, ty, name, ty, a);
      emit(c, "  %%t%u = fsub %s %%v%u, %%t%u\n", t1, ty, a, t0);
      snprintf(name, sizeof(name), "llvm.minnum.%s", type_suffix(t).s);
      snprintf(args, sizeof(args), "%s, %s", ty, ty);
      decl(c, ty, name, args);
      emit(c, "  %%t%u = call %s @%s(%s %%t%u, %s %s)\n", t2, ty, name, ty, t1, ty, below1);
      snprintf(name, sizeof(name), "llvm.fabs.%s", type_suffix(t).s);
      decl(c, ty, name, ty);
      emit(c, "  %%t%u = call %s @%s(%s %%v%u)\n", t3, ty, name, ty, a);
      emit(c, "  %%t%u = fcmp oeq %s %%t%u, %s\n", t4, ty, t3, inf);
      emit(c, "  %%t%u = fcmp uno %s %%v%u, %%v%u\n", t5, ty, a, a);
      emit(c, "  %%t%u = select i1 %%t%u, %s %%t%u, %s %%t%u\n", t6, t5, ty, t1, ty, t2);
      emit(c, "  %%v%u = select i1 %%t%u, %s %s, %s %%t%u\n", d, t4, ty, nan, ty, t6);
      return;
   }
   default:
      fail(c, "operation %s", air_op_info(in->op)->name);
   }
}

static void
emit_convert(struct ctx *c, const struct air_instr *in)
{
   aco_type st = vtype(c, in->srcs[0]), dt = in->type;
   struct tname sn = type_name(st), dn = type_name(dt);
   unsigned d = in->defs[0].id, a = in->srcs[0].id;
   char name[128];
   switch (in->op) {
   case ACO_OP_ZEXT: emit(c, "  %%v%u = zext %s %%v%u to %s\n", d, sn.s, a, dn.s); return;
   case ACO_OP_SEXT: emit(c, "  %%v%u = sext %s %%v%u to %s\n", d, sn.s, a, dn.s); return;
   case ACO_OP_TRUNC: emit(c, "  %%v%u = trunc %s %%v%u to %s\n", d, sn.s, a, dn.s); return;
   case ACO_OP_FCONV:
      emit(c, "  %%v%u = %s %s %%v%u to %s\n", d, dt.bits > st.bits ? "fpext" : "fptrunc", sn.s,
           a, dn.s);
      return;
   case ACO_OP_U2F: emit(c, "  %%v%u = uitofp %s %%v%u to %s\n", d, sn.s, a, dn.s); return;
   case ACO_OP_S2F: emit(c, "  %%v%u = sitofp %s %%v%u to %s\n", d, sn.s, a, dn.s); return;
   case ACO_OP_F2U:
   case ACO_OP_F2S: {
      bool u = in->op == ACO_OP_F2U;
      snprintf(name, sizeof(name), "llvm.%s.sat.%s.%s", u ? "fptoui" : "fptosi",
               type_suffix(dt).s, type_suffix(st).s);
      decl(c, dn.s, name, sn.s);
      emit(c, "  %%v%u = call %s @%s(%s %%v%u)\n", d, dn.s, name, sn.s, a);
      return;
   }
   case ACO_OP_BITCAST:
      if (st.base == ACO_BASE_PTR && dt.base != ACO_BASE_PTR && dt.comps == 1) {
         emit(c, "  %%v%u = ptrtoint ptr addrspace(1) %%v%u to %s\n", d, a, dn.s);
      } else if (dt.base == ACO_BASE_PTR && st.comps == 1 && st.base != ACO_BASE_PTR) {
         emit(c, "  %%v%u = inttoptr %s %%v%u to ptr addrspace(1)\n", d, sn.s, a);
      } else if (st.base == ACO_BASE_PTR || dt.base == ACO_BASE_PTR) {
         unsigned t0 = tmp(c);
         if (st.base == ACO_BASE_PTR) {
            emit(c, "  %%t%u = ptrtoint ptr addrspace(1) %%v%u to i64\n", t0, a);
            emit(c, "  %%v%u = bitcast i64 %%t%u to %s\n", d, t0, dn.s);
         } else {
            emit(c, "  %%t%u = bitcast %s %%v%u to i64\n", t0, sn.s, a);
            emit(c, "  %%v%u = inttoptr i64 %%t%u to ptr addrspace(1)\n", d, t0);
         }
      } else {
         emit(c, "  %%v%u = bitcast %s %%v%u to %s\n", d, sn.s, a, dn.s);
      }
      return;
   default:
      fail(c, "operation %s", air_op_info(in->op)->name);
   }
}

/* ---- memory ------------------------------------------------------------------------------- */

/* Writes the address of a memory instruction into temporary %t<return> (a pointer in
 * the right address space) or returns 0 after fail(). */
static unsigned
address(struct ctx *c, const struct air_instr *in, const char **space)
{
   unsigned off = tmp(c), ptr = tmp(c);
   aco_value o = in->num_srcs > AIR_MEM_OFFSET ? in->srcs[AIR_MEM_OFFSET] : (aco_value){0};
   bool is64 = in->op == ACO_OP_LOAD_GLOBAL || in->op == ACO_OP_STORE_GLOBAL ||
               in->op == ACO_OP_ATOMIC_GLOBAL || in->op == ACO_OP_LOAD_UNIFORM;
   const char *it = is64 ? "i64" : "i32";
   if (o.id) {
      unsigned z = tmp(c);
      if (is64)
         emit(c, "  %%t%u = zext i32 %%v%u to i64\n", z, o.id);
      else
         emit(c, "  %%t%u = or i32 %%v%u, 0\n", z, o.id);
      emit(c, "  %%t%u = add %s %%t%u, %d\n", off, it, z, in->u.mem.imm);
   } else {
      emit(c, "  %%t%u = or %s 0, %d\n", off, it, in->u.mem.imm);
   }
   switch (in->op) {
   case ACO_OP_LOAD_GLOBAL:
   case ACO_OP_STORE_GLOBAL:
   case ACO_OP_ATOMIC_GLOBAL:
   case ACO_OP_LOAD_UNIFORM:
      *space = "ptr addrspace(1)";
      emit(c, "  %%t%u = getelementptr i8, ptr addrspace(1) %%v%u, i64 %%t%u\n", ptr,
           in->srcs[AIR_MEM_BASE].id, off);
      return ptr;
   case ACO_OP_LOAD_SHARED:
   case ACO_OP_STORE_SHARED:
   case ACO_OP_ATOMIC_SHARED:
      *space = "ptr addrspace(3)";
      emit(c, "  %%t%u = inttoptr i32 %%t%u to ptr addrspace(3)\n", ptr, off);
      return ptr;
   case ACO_OP_LOAD_STACK:
   case ACO_OP_STORE_STACK:
      *space = "ptr addrspace(5)";
      emit(c, "  %%t%u = getelementptr i8, ptr addrspace(5) %%stack%u, i32 %%t%u\n", ptr,
           in->u.mem.object, off);
      return ptr;
   default:
      *space = "i32"; /* buffers: the caller uses the offset */
      return off;
   }
}

static unsigned
mem_align(const struct air_instr *in, aco_type t)
{
   if (in->u.mem.align)
      return in->u.mem.align;
   return t.bits >= 8 ? t.bits / 8 : 1;
}

static const char *
atomic_op(aco_atomic_kind k)
{
   static const char *const names[] = {"add", "sub", "umin", "umax", "min", "max",
                                       "and", "or", "xor", "xchg"};
   return k < ACO_ATOMIC_CMPXCHG ? names[k] : "cmpxchg";
}

static const char *
buffer_atomic_op(aco_atomic_kind k)
{
   static const char *const names[] = {"add", "sub", "umin", "umax", "smin", "smax",
                                       "and", "or", "xor", "swap"};
   return k < ACO_ATOMIC_CMPXCHG ? names[k] : "cmpswap";
}

static void
emit_memory(struct ctx *c, const struct air_instr *in)
{
   const char *space;
   unsigned ptr = address(c, in, &space);
   bool vol = in->u.mem.access & ACO_ACCESS_VOLATILE;
   aco_op op = in->op;
   bool buffer = op == ACO_OP_LOAD_BUFFER || op == ACO_OP_STORE_BUFFER ||
                 op == ACO_OP_ATOMIC_BUFFER;
   char name[128], args[192];
   if (op == ACO_OP_LOAD_GLOBAL || op == ACO_OP_LOAD_UNIFORM || op == ACO_OP_LOAD_SHARED ||
       op == ACO_OP_LOAD_STACK) {
      struct tname tn = type_name(in->type);
      emit(c, "  %%v%u = load %s%s, %s %%t%u, align %u%s\n", in->defs[0].id, vol ? "volatile " : "",
           tn.s, space, ptr, mem_align(in, scalar_of(in->type)),
           op == ACO_OP_LOAD_UNIFORM ? ", !invariant.load !0" : "");
   } else if (op == ACO_OP_STORE_GLOBAL || op == ACO_OP_STORE_SHARED ||
              op == ACO_OP_STORE_STACK) {
      aco_type t = vtype(c, in->srcs[AIR_MEM_VALUE]);
      emit(c, "  store %s%s %%v%u, %s %%t%u, align %u\n", vol ? "volatile " : "",
           type_name(t).s, in->srcs[AIR_MEM_VALUE].id, space, ptr, mem_align(in, scalar_of(t)));
   } else if (op == ACO_OP_ATOMIC_GLOBAL || op == ACO_OP_ATOMIC_SHARED) {
      aco_type t = vtype(c, in->srcs[AIR_MEM_VALUE]);
      const char *ty = scalar_name(t);
      const char *scope = op == ACO_OP_ATOMIC_SHARED ? "workgroup" : "agent";
      if (in->u.mem.atomic == ACO_ATOMIC_CMPXCHG) {
         unsigned t0 = tmp(c);
         emit(c, "  %%t%u = cmpxchg %s%s %%t%u, %s %%v%u, %s %%v%u syncscope(\"%s\") monotonic monotonic\n",
              t0, vol ? "volatile " : "", space, ptr, ty, in->srcs[AIR_MEM_CMP].id, ty,
              in->srcs[AIR_MEM_VALUE].id, scope);
         emit(c, "  %%v%u = extractvalue { %s, i1 } %%t%u, 0\n", in->defs[0].id, ty, t0);
      } else {
         emit(c, "  %%v%u = atomicrmw %s%s %s %%t%u, %s %%v%u syncscope(\"%s\") monotonic\n",
              in->defs[0].id, vol ? "volatile " : "", atomic_op(in->u.mem.atomic), space, ptr,
              ty, in->srcs[AIR_MEM_VALUE].id, scope);
      }
   } else if (buffer) {
      unsigned desc = in->srcs[AIR_MEM_BASE].id;
      unsigned aux = (in->u.mem.access & (ACO_ACCESS_VOLATILE | ACO_ACCESS_COHERENT)) ? 1 : 0;
      if (op == ACO_OP_LOAD_BUFFER) {
         struct tname tn = type_name(in->type);
         snprintf(name, sizeof(name), "llvm.amdgcn.raw.buffer.load.%s", type_suffix(in->type).s);
         decl(c, tn.s, name, "<4 x i32>, i32, i32, i32");
         emit(c, "  %%v%u = call %s @%s(<4 x i32> %%v%u, i32 %%t%u, i32 0, i32 %u)\n",
              in->defs[0].id, tn.s, name, desc, ptr, aux);
      } else if (op == ACO_OP_STORE_BUFFER) {
         aco_type t = vtype(c, in->srcs[AIR_MEM_VALUE]);
         struct tname tn = type_name(t);
         snprintf(name, sizeof(name), "llvm.amdgcn.raw.buffer.store.%s", type_suffix(t).s);
         snprintf(args, sizeof(args), "%s, <4 x i32>, i32, i32, i32", tn.s);
         decl(c, "void", name, args);
         emit(c, "  call void @%s(%s %%v%u, <4 x i32> %%v%u, i32 %%t%u, i32 0, i32 %u)\n", name,
              tn.s, in->srcs[AIR_MEM_VALUE].id, desc, ptr, aux);
      } else {
         aco_type t = vtype(c, in->srcs[AIR_MEM_VALUE]);
         const char *ty = scalar_name(t);
         snprintf(name, sizeof(name), "llvm.amdgcn.raw.buffer.atomic.%s.%s",
                  buffer_atomic_op(in->u.mem.atomic), type_suffix(t).s);
         if (in->u.mem.atomic == ACO_ATOMIC_CMPXCHG) {
            snprintf(args, sizeof(args), "%s, %s, <4 x i32>, i32, i32, i32", ty, ty);
            decl(c, ty, name, args);
            emit(c, "  %%v%u = call %s @%s(%s %%v%u, %s %%v%u, <4 x i32> %%v%u, i32 %%t%u, i32 0, i32 0)\n",
                 in->defs[0].id, ty, name, ty, in->srcs[AIR_MEM_VALUE].id, ty,
                 in->srcs[AIR_MEM_CMP].id, desc, ptr);
         } else {
            snprintf(args, sizeof(args), "%s, <4 x i32>, i32, i32, i32", ty);
            decl(c, ty, name, args);
            emit(c, "  %%v%u = call %s @%s(%s %%v%u, <4 x i32> %%v%u, i32 %%t%u, i32 0, i32 0)\n",
                 in->defs[0].id, ty, name, ty, in->srcs[AIR_MEM_VALUE].id, desc, ptr);
         }
      }
   }
}

/* ---- subgroup operations ------------------------------------------------------------------ */

/* %t<ret> = this lane's index in the wave (mbcnt of all ones) */
static unsigned
lane_id(struct ctx *c)
{
   unsigned lo = tmp(c), r = tmp(c);
   decl(c, "i32", "llvm.amdgcn.mbcnt.lo", "i32, i32");
   emit(c, "  %%t%u = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)\n", lo);
   if (c->p->target.wave_size == 64) {
      decl(c, "i32", "llvm.amdgcn.mbcnt.hi", "i32, i32");
      emit(c, "  %%t%u = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %%t%u)\n", r, lo);
   } else {
      emit(c, "  %%t%u = or i32 %%t%u, 0\n", r, lo);
   }
   return r;
}

static const char *
lane_op_type(struct ctx *c, aco_type t)
{
   if (t.comps != 1 || t.bits == 1) {
      fail(c, "subgroup operation on a vector or boolean");
      return "i32";
   }
   return scalar_name(t);
}

static void
emit_subgroup(struct ctx *c, const struct air_instr *in)
{
   unsigned d = in->defs[0].id, a = in->srcs[0].id;
   char name[128], args[128];
   if (in->op == ACO_OP_BALLOT) {
      if (c->p->target.wave_size == 64) {
         decl(c, "i64", "llvm.amdgcn.ballot.i64", "i1");
         emit(c, "  %%v%u = call i64 @llvm.amdgcn.ballot.i64(i1 %%v%u)\n", d, a);
      } else {
         unsigned t0 = tmp(c);
         decl(c, "i32", "llvm.amdgcn.ballot.i32", "i1");
         emit(c, "  %%t%u = call i32 @llvm.amdgcn.ballot.i32(i1 %%v%u)\n", t0, a);
         emit(c, "  %%v%u = zext i32 %%t%u to i64\n", d, t0);
      }
      return;
   }
   aco_type t = vtype(c, in->srcs[0]);
   const char *ty = lane_op_type(c, t);
   if (in->op == ACO_OP_READ_FIRST_LANE) {
      snprintf(name, sizeof(name), "llvm.amdgcn.readfirstlane.%s", type_suffix(t).s);
      decl(c, ty, name, ty);
      emit(c, "  %%v%u = call %s @%s(%s %%v%u)\n", d, ty, name, ty, a);
   } else {
      snprintf(name, sizeof(name), "llvm.amdgcn.readlane.%s", type_suffix(t).s);
      snprintf(args, sizeof(args), "%s, i32", ty);
      decl(c, ty, name, args);
      emit(c, "  %%v%u = call %s @%s(%s %%v%u, i32 %%v%u)\n", d, ty, name, ty, a, in->srcs[1].id);
   }
}

/* identity of a combination for type t, as LLVM constant text */
static const char *
identity(aco_op comb, aco_type t, char *buf, size_t size, bool round_down)
{
   bool f = t.base == ACO_BASE_FLOAT;
   switch (comb) {
   case ACO_OP_IADD: case ACO_OP_IOR: case ACO_OP_IXOR: case ACO_OP_UMAX: return "0";
   case ACO_OP_IMUL: return "1";
   case ACO_OP_UMIN: case ACO_OP_IAND: return "-1";
   case ACO_OP_SMIN:
      snprintf(buf, size, "%" PRId64, (int64_t)((~0ull) >> (65 - t.bits)));
      return buf;
   case ACO_OP_SMAX:
      snprintf(buf, size, "%" PRId64, -(int64_t)((~0ull) >> (65 - t.bits)) - 1);
      return buf;
   case ACO_OP_FADD:
      if (round_down)
         return t.bits == 16 ? "0xH0000" : "0.0";
      return t.bits == 16 ? "0xH8000" : "-0.0";
   case ACO_OP_FMUL: return f && t.bits == 16 ? "0xH3C00" : "1.0";
   case ACO_OP_FMIN: return t.bits == 16 ? "0xH7C00" : "0x7FF0000000000000";
   case ACO_OP_FMAX: return t.bits == 16 ? "0xHFC00" : "0xFFF0000000000000";
   default: return "0";
   }
}

/* %t<ret> = x <comb> y for scalars of type t */
static unsigned
combine(struct ctx *c, aco_op comb, aco_type t, const char *x, const char *y)
{
   unsigned r = tmp(c);
   const char *ty = scalar_name(t);
   char name[128], args[128];
   const char *bin = NULL, *intr = NULL;
   switch (comb) {
   case ACO_OP_IADD: bin = "add"; break;
   case ACO_OP_IMUL: bin = "mul"; break;
   case ACO_OP_IAND: bin = "and"; break;
   case ACO_OP_IOR: bin = "or"; break;
   case ACO_OP_IXOR: bin = "xor"; break;
   case ACO_OP_FADD: bin = "fadd"; break;
   case ACO_OP_FMUL: bin = "fmul"; break;
   case ACO_OP_UMIN: intr = "umin"; break;
   case ACO_OP_UMAX: intr = "umax"; break;
   case ACO_OP_SMIN: intr = "smin"; break;
   case ACO_OP_SMAX: intr = "smax"; break;
   case ACO_OP_FMIN: intr = "minnum"; break;
   case ACO_OP_FMAX: intr = "maxnum"; break;
   default: fail(c, "combination %s", air_op_info(comb)->name); return r;
   }
   if (bin) {
      emit(c, "  %%t%u = %s %s %s, %s\n", r, bin, ty, x, y);
   } else {
      snprintf(name, sizeof(name), "llvm.%s.%s", intr, type_suffix(t).s);
      snprintf(args, sizeof(args), "%s, %s", ty, ty);
      decl(c, ty, name, args);
      emit(c, "  %%t%u = call %s @%s(%s %s, %s %s)\n", r, ty, name, ty, x, ty, y);
   }
   return r;
}

/* Reductions and scans. LLVM 19 has no general wave reduction intrinsic, so each is
 * spelled out over the lanes with readlane: inactive lanes contribute the identity. The
 * reduction is the documented balanced tree; fadd/fmul scans follow the documented
 * Hillis-Steele steps (rounding makes the order visible), the others combine lanes in
 * order, which gives the same values. */
static void
emit_reduce(struct ctx *c, const struct air_instr *in)
{
   aco_type t = vtype(c, in->srcs[0]);
   const char *ty = lane_op_type(c, t);
   aco_op comb = in->u.combine;
   unsigned wave = c->p->target.wave_size;
   char idbuf[32], x[48], y[32], name[128], args[128];
   bool rdown = t.base == ACO_BASE_FLOAT &&
                (t.bits == 32 ? c->f->float_mode.round32 : c->f->float_mode.round16_64) ==
                   ACO_ROUND_TOWARD_NEGATIVE;
   const char *id = identity(comb, t, idbuf, sizeof(idbuf), rdown);
   unsigned mask = tmp(c);
   if (wave == 64) {
      decl(c, "i64", "llvm.amdgcn.ballot.i64", "i1");
      emit(c, "  %%t%u = call i64 @llvm.amdgcn.ballot.i64(i1 true)\n", mask);
   } else {
      unsigned m32 = tmp(c);
      decl(c, "i32", "llvm.amdgcn.ballot.i32", "i1");
      emit(c, "  %%t%u = call i32 @llvm.amdgcn.ballot.i32(i1 true)\n", m32);
      emit(c, "  %%t%u = zext i32 %%t%u to i64\n", mask, m32);
   }
   snprintf(name, sizeof(name), "llvm.amdgcn.readlane.%s", type_suffix(t).s);
   snprintf(args, sizeof(args), "%s, i32", ty);
   decl(c, ty, name, args);
   unsigned lane = in->op == ACO_OP_REDUCE ? 0 : lane_id(c);
   unsigned v[64];
   for (unsigned l = 0; l < wave; l++) {
      unsigned r = tmp(c), bit = tmp(c), on = tmp(c);
      v[l] = tmp(c);
      emit(c, "  %%t%u = call %s @%s(%s %%v%u, i32 %u)\n", r, ty, name, ty, in->srcs[0].id, l);
      emit(c, "  %%t%u = and i64 %%t%u, %" PRIu64 "\n", bit, mask, (uint64_t)1 << l);
      emit(c, "  %%t%u = icmp ne i64 %%t%u, 0\n", on, bit);
      emit(c, "  %%t%u = select i1 %%t%u, %s %%t%u, %s %s\n", v[l], on, ty, r, ty, id);
   }
   if (in->op == ACO_OP_REDUCE) {
      for (unsigned width = 1; width < wave; width *= 2) {
         for (unsigned l = 0; l + width < wave; l += 2 * width) {
            snprintf(x, sizeof(x), "%%t%u", v[l]);
            snprintf(y, sizeof(y), "%%t%u", v[l + width]);
            v[l] = combine(c, comb, t, x, y);
         }
      }
      emit(c, "  %%v%u = select i1 true, %s %%t%u, %s %%t%u\n", in->defs[0].id, ty, v[0], ty,
           v[0]);
      return;
   }
   if (comb == ACO_OP_FADD || comb == ACO_OP_FMUL) {
      /* the documented Hillis-Steele order, computed for all lanes, then this lane's */
      for (unsigned dist = 1; dist < wave; dist *= 2) {
         for (unsigned l = wave; l-- > dist;) {
            snprintf(x, sizeof(x), "%%t%u", v[l - dist]);
            snprintf(y, sizeof(y), "%%t%u", v[l]);
            v[l] = combine(c, comb, t, x, y);
         }
      }
      unsigned res = tmp(c);
      emit(c, "  %%t%u = select i1 true, %s %s, %s %s\n", res, ty, id, ty, id);
      for (unsigned l = 0; l < wave; l++) {
         unsigned is_me = tmp(c), nres = tmp(c);
         bool excl = in->op == ACO_OP_EXCLUSIVE_SCAN;
         emit(c, "  %%t%u = icmp eq i32 %%t%u, %u\n", is_me, lane, l);
         if (excl && l == 0)
            emit(c, "  %%t%u = select i1 %%t%u, %s %s, %s %%t%u\n", nres, is_me, ty, id, ty, res);
         else
            emit(c, "  %%t%u = select i1 %%t%u, %s %%t%u, %s %%t%u\n", nres, is_me, ty,
                 v[excl ? l - 1 : l], ty, res);
         res = nres;
      }
      emit(c, "  %%v%u = select i1 true, %s %%t%u, %s %%t%u\n", in->defs[0].id, ty, res, ty, res);
      return;
   }
   /* scans: acc over lanes in order; this lane takes acc at its own index */
   unsigned res = tmp(c);
   emit(c, "  %%t%u = select i1 true, %s %s, %s %s\n", res, ty, id, ty, id);
   unsigned acc_prev = 0;
   bool have_acc = false;
   for (unsigned l = 0; l < wave; l++) {
      if (have_acc)
         snprintf(x, sizeof(x), "%%t%u", acc_prev);
      else
         snprintf(x, sizeof(x), "%s", id);
      snprintf(y, sizeof(y), "%%t%u", v[l]);
      unsigned before = have_acc ? acc_prev : 0;
      unsigned acc = combine(c, comb, t, x, y);
      unsigned is_me = tmp(c), nres = tmp(c);
      emit(c, "  %%t%u = icmp eq i32 %%t%u, %u\n", is_me, lane, l);
      if (in->op == ACO_OP_INCLUSIVE_SCAN)
         emit(c, "  %%t%u = select i1 %%t%u, %s %%t%u, %s %%t%u\n", nres, is_me, ty, acc, ty, res);
      else if (have_acc)
         emit(c, "  %%t%u = select i1 %%t%u, %s %%t%u, %s %%t%u\n", nres, is_me, ty, before, ty,
              res);
      else
         emit(c, "  %%t%u = select i1 %%t%u, %s %s, %s %%t%u\n", nres, is_me, ty, id, ty, res);
      res = nres;
      acc_prev = acc;
      have_acc = true;
   }
   emit(c, "  %%v%u = select i1 true, %s %%t%u, %s %%t%u\n", in->defs[0].id, ty, res, ty, res);
}

/* ---- system values --------------------------------------------------------------------- */

static void
emit_sysval(struct ctx *c, const struct air_instr *in)
{
   unsigned d = in->defs[0].id;
   const struct aco_function *f = c->f;
   bool entry = f->flags & ACO_FUNCTION_ENTRY;
   unsigned wave = c->p->target.wave_size;
   const uint32_t *wg = entry ? f->workgroup_size : c->entry_wg;
   unsigned wx = wg[0] ? wg[0] : 1, wy = wg[1] ? wg[1] : 1, wz = wg[2] ? wg[2] : 1;
   unsigned total = wx * wy * wz;
   switch (in->op) {
   case ACO_OP_SUBGROUP_SIZE:
      emit(c, "  %%v%u = or i32 0, %u\n", d, wave);
      return;
   case ACO_OP_SUBGROUP_INVOCATION: {
      unsigned l = lane_id(c);
      emit(c, "  %%v%u = or i32 %%t%u, 0\n", d, l);
      return;
   }
   default:
      break;
   }
   if (!entry && !c->implicit_ids) {
      fail(c, "%s outside an entry function", air_op_info(in->op)->name);
      return;
   }
   unsigned t0 = tmp(c), t1 = tmp(c), t2 = tmp(c), t3 = tmp(c), t4 = tmp(c), t5 = tmp(c);
   switch (in->op) {
   case ACO_OP_LOCAL_ID_X: emit(c, "  %%v%u = and i32 %%lid, 1023\n", d); return;
   case ACO_OP_LOCAL_ID_Y:
      emit(c, "  %%t%u = lshr i32 %%lid, 10\n", t0);
      emit(c, "  %%v%u = and i32 %%t%u, 1023\n", d, t0);
      return;
   case ACO_OP_LOCAL_ID_Z:
      emit(c, "  %%t%u = lshr i32 %%lid, 20\n", t0);
      emit(c, "  %%v%u = and i32 %%t%u, 1023\n", d, t0);
      return;
   case ACO_OP_WORKGROUP_ID_X: emit(c, "  %%v%u = or i32 %%wg.x, 0\n", d); return;
   case ACO_OP_WORKGROUP_ID_Y: emit(c, "  %%v%u = or i32 %%wg.y, 0\n", d); return;
   case ACO_OP_WORKGROUP_ID_Z: emit(c, "  %%v%u = or i32 %%wg.z, 0\n", d); return;
   case ACO_OP_NUM_SUBGROUPS: emit(c, "  %%v%u = or i32 0, %u\n", d, (total + wave - 1) / wave); return;
   case ACO_OP_LOCAL_INDEX:
   case ACO_OP_SUBGROUP_ID:
      emit(c, "  %%t%u = and i32 %%lid, 1023\n", t0);
      emit(c, "  %%t%u = lshr i32 %%lid, 10\n", t1);
      emit(c, "  %%t%u = and i32 %%t%u, 1023\n", t2, t1);
      emit(c, "  %%t%u = lshr i32 %%lid, 20\n", t3);
      emit(c, "  %%t%u = mul i32 %%t%u, %u\n", t4, t2, wx);
      emit(c, "  %%t%u = mul i32 %%t%u, %u\n", t5, t3, wx * wy);
      if (in->op == ACO_OP_LOCAL_INDEX) {
         unsigned t6 = tmp(c);
         emit(c, "  %%t%u = add i32 %%t%u, %%t%u\n", t6, t0, t4);
         emit(c, "  %%v%u = add i32 %%t%u, %%t%u\n", d, t6, t5);
      } else {
         unsigned t6 = tmp(c), t7 = tmp(c);
         emit(c, "  %%t%u = add i32 %%t%u, %%t%u\n", t6, t0, t4);
         emit(c, "  %%t%u = add i32 %%t%u, %%t%u\n", t7, t6, t5);
         emit(c, "  %%v%u = udiv i32 %%t%u, %u\n", d, t7, wave);
      }
      return;
   default:
      fail(c, "system value %s", air_op_info(in->op)->name);
   }
}

/* ---- calls ---------------------------------------------------------------------------- */

/* The LLVM return type of a function: void, T, or { T, ... } of its return parameters. */
static void
ret_type(const struct aco_function *f, struct aco_strbuf *sb)
{
   unsigned n = air_num_return_params(f);
   if (n == 0) {
      aco_strbuf_puts(sb, "void");
      return;
   }
   if (n > 1)
      aco_strbuf_puts(sb, "{ ");
   bool first = true;
   for (unsigned i = 0; i < f->num_params; i++) {
      if (!(f->params[i].flags & ACO_PARAM_RETURN))
         continue;
      aco_strbuf_printf(sb, "%s%s", first ? "" : ", ", type_name(f->params[i].type).s);
      first = false;
   }
   if (n > 1)
      aco_strbuf_puts(sb, " }");
}

/* Appends the dwords of value v (type t) to `dw` as i32 temporaries: the registers it
 * takes in an amdgpu_cs_chain layout (8- and 16-bit values zero-extended, 64-bit ones and
 * pointers as two halves, vectors component by component). */
static unsigned
value_dwords(struct ctx *c, unsigned v, aco_type t, unsigned *dw, unsigned n)
{
   bool ptr = t.base == ACO_BASE_PTR;
   unsigned bits = ptr ? 64 : t.bits;
   /* the value as a vector of integers of its components' width */
   unsigned whole = tmp(c);
   if (ptr) {
      unsigned i = tmp(c);
      emit(c, "  %%t%u = ptrtoint %s %%v%u to %s\n", i, type_name(t).s, v,
           t.comps > 1 ? type_name(aco_type_make(ACO_BASE_INT, 64, t.comps)).s : "i64");
      emit(c, "  %%t%u = bitcast %s %%t%u to <%u x i64>\n", whole,
           t.comps > 1 ? type_name(aco_type_make(ACO_BASE_INT, 64, t.comps)).s : "i64", i, t.comps);
   } else {
      emit(c, "  %%t%u = bitcast %s %%v%u to <%u x i%u>\n", whole, type_name(t).s, v, t.comps,
           bits);
   }
   for (unsigned k = 0; k < t.comps; k++) {
      unsigned comp = tmp(c);
      emit(c, "  %%t%u = extractelement <%u x i%u> %%t%u, i32 %u\n", comp, t.comps, bits, whole, k);
      if (bits < 32) {
         unsigned z = tmp(c);
         emit(c, "  %%t%u = zext i%u %%t%u to i32\n", z, bits, comp);
         dw[n++] = z;
      } else if (bits == 32) {
         dw[n++] = comp;
      } else {
         unsigned lo = tmp(c), sh = tmp(c), hi = tmp(c);
         emit(c, "  %%t%u = trunc i64 %%t%u to i32\n", lo, comp);
         emit(c, "  %%t%u = lshr i64 %%t%u, 32\n", sh, comp);
         emit(c, "  %%t%u = trunc i64 %%t%u to i32\n", hi, sh);
         dw[n++] = lo;
         dw[n++] = hi;
      }
   }
   return n;
}

/* [n x i32] of the dwords; returns its temporary. */
static unsigned
dword_array(struct ctx *c, const unsigned *dw, unsigned n)
{
   unsigned prev = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned t = tmp(c);
      if (i == 0)
         emit(c, "  %%t%u = insertvalue [%u x i32] poison, i32 %%t%u, 0\n", t, n, dw[0]);
      else
         emit(c, "  %%t%u = insertvalue [%u x i32] %%t%u, i32 %%t%u, %u\n", t, n, prev, dw[i], i);
      prev = t;
   }
   if (!n) {
      prev = tmp(c);
      emit(c, "  %%t%u = insertvalue [1 x i32] poison, i32 0, 0\n", prev);
   }
   return prev;
}

/* A tail call to an amdgpu_cs_chain function: llvm.amdgcn.cs.chain with the active lanes as
 * exec and the arguments as two arrays of dwords (SGPRs from s0, VGPRs from v8), which is
 * the layout libaco gives those functions (docs/calls.md "Chain functions"). */
static void
emit_chain_call(struct ctx *c, const struct air_instr *in)
{
   const struct aco_function *callee = in->callee;
   bool indirect = air_op_is_indirect_call(in->op);
   unsigned first_arg = indirect ? 1 : 0;
   unsigned sg[256], vg[256], ns = 0, nv = 0;
   for (unsigned i = first_arg; i < in->num_srcs && !c->err[0]; i++) {
      const struct air_param *pa = &callee->params[i - first_arg];
      if (pa->type.comps * 2u + ((pa->flags & ACO_PARAM_UNIFORM) ? ns : nv) > 256) {
         fail(c, "too many arguments for an amdgpu_cs_chain function");
         return;
      }
      if (pa->flags & ACO_PARAM_UNIFORM)
         ns = value_dwords(c, in->srcs[i].id, pa->type, sg, ns);
      else
         nv = value_dwords(c, in->srcs[i].id, pa->type, vg, nv);
   }
   unsigned sa = dword_array(c, sg, ns), va = dword_array(c, vg, nv);
   unsigned ws = c->p->target.wave_size, exec = tmp(c), fp = 0;
   char name[128], sig[160];
   snprintf(name, sizeof(name), "llvm.amdgcn.cs.chain.p0.i%u.a%ui32.a%ui32", ws, ns ? ns : 1,
            nv ? nv : 1);
   snprintf(sig, sizeof(sig), "ptr, i%u, [%u x i32], [%u x i32], i32 immarg, ...", ws,
            ns ? ns : 1, nv ? nv : 1);
   decl(c, "void", name, sig);
   decl(c, ws == 64 ? "i64" : "i32", ws == 64 ? "llvm.amdgcn.ballot.i64" : "llvm.amdgcn.ballot.i32",
        "i1");
   emit(c, "  %%t%u = call i%u @llvm.amdgcn.ballot.i%u(i1 true)\n", exec, ws, ws);
   if (indirect) {
      fp = tmp(c);
      emit(c, "  %%t%u = addrspacecast ptr addrspace(1) %%v%u to ptr\n", fp, in->srcs[0].id);
   }
   /* the call's function type without the declaration's immarg */
   char ftype[160];
   snprintf(ftype, sizeof(ftype), "ptr, i%u, [%u x i32], [%u x i32], i32, ...", ws, ns ? ns : 1,
            nv ? nv : 1);
   emit(c, "  call void (%s) @%s(ptr ", ftype, name);
   if (indirect)
      emit(c, "%%t%u", fp);
   else
      emit(c, "@%s", callee->name);
   emit(c, ", i%u %%t%u, [%u x i32] inreg %%t%u, [%u x i32] %%t%u, i32 0)\n", ws, exec,
        ns ? ns : 1, sa, nv ? nv : 1, va);
   emit(c, "  unreachable\n");
   c->terminated = true;
}

static void
emit_call(struct ctx *c, const struct air_instr *in)
{
   if (in->callee->abi->chain) {
      emit_chain_call(c, in);
      return;
   }
   const struct aco_function *callee = in->callee;
   struct aco_strbuf rt;
   aco_strbuf_init(&rt, c->a);
   ret_type(callee, &rt);
   const char *rts = aco_strbuf_str(&rt);
   bool indirect = air_op_is_indirect_call(in->op);
   bool tail = in->op == ACO_OP_TAIL_CALL || in->op == ACO_OP_TAIL_CALL_INDIRECT;
   unsigned first_arg = indirect ? 1 : 0;
   unsigned fp = 0, r = tmp(c);
   if (indirect) {
      fp = tmp(c);
      emit(c, "  %%t%u = addrspacecast ptr addrspace(1) %%v%u to ptr\n", fp, in->srcs[0].id);
   }
   bool is_void = !strcmp(rts, "void");
   if (is_void)
      emit(c, "  %scall amdgpu_gfx void ", tail ? "tail " : "");
   else
      emit(c, "  %%t%u = %scall amdgpu_gfx %s ", r, tail ? "tail " : "", rts);
   if (indirect)
      emit(c, "%%t%u(", fp);
   else
      emit(c, "@%s(", callee->name);
   for (unsigned i = first_arg; i < in->num_srcs; i++) {
      const struct air_param *pa = &callee->params[i - first_arg];
      emit(c, "%s%s%s %%v%u", i > first_arg ? ", " : "", type_name(pa->type).s,
           (pa->flags & ACO_PARAM_UNIFORM) ? " inreg" : "", in->srcs[i].id);
   }
   if (c->implicit_ids)
      emit(c, "%si32 inreg %%wg.x, i32 inreg %%wg.y, i32 inreg %%wg.z, i32 %%lid",
           in->num_srcs > first_arg ? ", " : "");
   emit(c, ")\n");
   unsigned n = air_num_return_params(callee);
   if (tail) {
      if (is_void)
         emit(c, "  ret void\n");
      else
         emit(c, "  ret %s %%t%u\n", rts, r);
      c->terminated = true;
   } else if (n == 1) {
      aco_type t = vtype(c, in->defs[0]);
      emit(c, "  %%v%u = select i1 true, %s %%t%u, %s %%t%u\n", in->defs[0].id,
           type_name(t).s, r, type_name(t).s, r);
   } else {
      for (unsigned i = 0; i < n && i < in->num_defs; i++)
         emit(c, "  %%v%u = extractvalue %s %%t%u, %u\n", in->defs[i].id, rts, r, i);
   }
   aco_strbuf_finish(&rt);
}

static void
emit_return(struct ctx *c, const struct air_instr *in)
{
   const struct aco_function *f = c->f;
   unsigned n = air_num_return_params(f);
   if (n == 0) {
      emit(c, "  ret void\n");
   } else {
      struct aco_strbuf rt;
      aco_strbuf_init(&rt, c->a);
      ret_type(f, &rt);
      if (n == 1) {
         emit(c, "  ret %s %%v%u\n", aco_strbuf_str(&rt), in->srcs[0].id);
      } else {
         unsigned prev = 0;
         for (unsigned i = 0; i < n; i++) {
            unsigned t = tmp(c);
            if (i == 0)
               emit(c, "  %%t%u = insertvalue %s poison, %s %%v%u, 0\n", t, aco_strbuf_str(&rt),
                    type_name(vtype(c, in->srcs[0])).s, in->srcs[0].id);
            else
               emit(c, "  %%t%u = insertvalue %s %%t%u, %s %%v%u, %u\n", t, aco_strbuf_str(&rt),
                    prev, type_name(vtype(c, in->srcs[i])).s, in->srcs[i].id, i);
            prev = t;
         }
         emit(c, "  ret %s %%t%u\n", aco_strbuf_str(&rt), prev);
      }
      aco_strbuf_finish(&rt);
   }
   c->terminated = true;
}

/* ---- control flow ------------------------------------------------------------------- */

static void emit_region(struct ctx *c, const struct air_region *r);

static void
emit_if(struct ctx *c, const struct air_instr *in)
{
   unsigned then_b = new_block(c), merge = new_block(c);
   unsigned else_b = in->regions[1] ? new_block(c) : merge;
   struct if_ctx ic = {.merge = merge};
   struct if_ctx *outer = c->ifc;
   if (!in->regions[1])
      add_edge(c, &ic.yields, NULL);
   emit(c, "  br i1 %%v%u, label %%b%u, label %%b%u\n", in->srcs[0].id, then_b, else_b);
   c->terminated = true;
   c->ifc = &ic;
   start_block(c, then_b);
   emit_region(c, in->regions[0]);
   if (!c->terminated) {
      add_edge(c, &ic.yields, NULL);
      branch(c, merge);
   }
   if (in->regions[1]) {
      start_block(c, else_b);
      emit_region(c, in->regions[1]);
      if (!c->terminated) {
         add_edge(c, &ic.yields, NULL);
         branch(c, merge);
      }
   }
   c->ifc = outer;
   start_block(c, merge);
   if (in->num_defs && ic.yields.n == 0) {
      for (unsigned i = 0; i < in->num_defs; i++) {
         struct tname tn = type_name(vtype(c, in->defs[i]));
         emit(c, "  %%v%u = freeze %s poison\n", in->defs[i].id, tn.s);
      }
      emit(c, "  unreachable\n");
      c->terminated = true;
      start_block(c, new_block(c));
      return;
   }
   emit_phis(c, in->defs, in->num_defs, &ic.yields);
   if (ic.yields.n == 0) {
      emit(c, "  unreachable\n");
      c->terminated = true;
      start_block(c, new_block(c));
   }
}

static void
emit_loop(struct ctx *c, const struct air_instr *in)
{
   struct loop_ctx lc = {.header = new_block(c), .exit = new_block(c), .outer = c->loop};
   const struct air_region *body = in->regions[0];
   struct edge_list entry = {.n = 0};
   add_edge(c, &entry, in->srcs);
   branch(c, lc.header);
   struct aco_strbuf *saved = c->out, text;
   aco_strbuf_init(&text, c->a);
   c->out = &text;
   c->cur = lc.header;
   c->terminated = false;
   c->loop = &lc;
   emit_region(c, body);
   if (!c->terminated) {
      add_edge(c, &lc.conts, NULL);
      branch(c, lc.header);
   }
   c->loop = lc.outer;
   c->out = saved;
   emit(c, "b%u:\n", lc.header);
   for (unsigned i = 0; i < body->num_params; i++) {
      emit(c, "  %%v%u = phi %s [ %%v%u, %%b%u ]", body->params[i].id,
           type_name(vtype(c, body->params[i])).s, entry.e[0].vals[i].id, entry.e[0].block);
      for (unsigned e = 0; e < lc.conts.n; e++)
         emit(c, ", [ %%v%u, %%b%u ]", lc.conts.e[e].vals[i].id, lc.conts.e[e].block);
      emit(c, "\n");
   }
   aco_strbuf_append(c->out, aco_strbuf_str(&text), text.len);
   if (text.failed)
      fail(c, "out of memory");
   aco_strbuf_finish(&text);
   start_block(c, lc.exit);
   if (lc.breaks.n == 0) {
      for (unsigned i = 0; i < in->num_defs; i++)
         emit(c, "  %%v%u = freeze %s poison\n", in->defs[i].id,
              type_name(vtype(c, in->defs[i])).s);
      emit(c, "  unreachable\n");
      c->terminated = true;
      start_block(c, new_block(c));
      return;
   }
   emit_phis(c, in->defs, in->num_defs, &lc.breaks);
}

static void
emit_instr(struct ctx *c, const struct air_instr *in)
{
   switch (air_op_info(in->op)->cls) {
   case ACO_OPC_CONST: emit_const(c, in); return;
   case ACO_OPC_INT_BIN: emit_int_bin(c, in); return;
   case ACO_OPC_INT_UN: emit_int_un(c, in); return;
   case ACO_OPC_INT_CMP:
   case ACO_OPC_FLOAT_CMP: {
      aco_type t = vtype(c, in->srcs[0]);
      emit(c, "  %%v%u = %s %s %%v%u, %%v%u\n", in->defs[0].id, cmp_pred(in->op),
           type_name(t).s, in->srcs[0].id, in->srcs[1].id);
      return;
   }
   case ACO_OPC_FLOAT_UN:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_APPROX: emit_float(c, in); return;
   case ACO_OPC_CONVERT: emit_convert(c, in); return;
   case ACO_OPC_SELECT: {
      struct tname tn = type_name(vtype(c, in->srcs[1]));
      emit(c, "  %%v%u = select i1 %%v%u, %s %%v%u, %s %%v%u\n", in->defs[0].id, in->srcs[0].id,
           tn.s, in->srcs[1].id, tn.s, in->srcs[2].id);
      return;
   }
   case ACO_OPC_VEC: {
      aco_type t = vtype(c, in->defs[0]);
      struct tname tn = type_name(t), sn = type_name(scalar_of(t));
      unsigned prev = 0;
      for (unsigned i = 0; i < in->num_srcs; i++) {
         unsigned r = i + 1 == in->num_srcs ? in->defs[0].id : tmp(c);
         if (i == 0)
            emit(c, "  %c%s%u = insertelement %s poison, %s %%v%u, i32 0\n", '%',
                 i + 1 == in->num_srcs ? "v" : "t", r, tn.s, sn.s, in->srcs[0].id);
         else
            emit(c, "  %c%s%u = insertelement %s %%t%u, %s %%v%u, i32 %u\n", '%',
                 i + 1 == in->num_srcs ? "v" : "t", r, tn.s, prev, sn.s, in->srcs[i].id, i);
         prev = r;
      }
      return;
   }
   case ACO_OPC_EXTRACT: {
      struct tname tn = type_name(vtype(c, in->srcs[0]));
      emit(c, "  %%v%u = extractelement %s %%v%u, i32 %u\n", in->defs[0].id, tn.s,
           in->srcs[0].id, in->u.component);
      return;
   }
   case ACO_OPC_SYSVAL: emit_sysval(c, in); return;
   case ACO_OPC_LOAD:
   case ACO_OPC_STORE:
   case ACO_OPC_ATOMIC: emit_memory(c, in); return;
   case ACO_OPC_SUBGROUP: emit_subgroup(c, in); return;
   case ACO_OPC_REDUCE: emit_reduce(c, in); return;
   case ACO_OPC_BARRIER:
      if (in->op == ACO_OP_BARRIER) {
         decl(c, "void", "llvm.amdgcn.s.barrier", "");
         emit(c, "  fence syncscope(\"workgroup\") release\n");
         emit(c, "  call void @llvm.amdgcn.s.barrier()\n");
         emit(c, "  fence syncscope(\"workgroup\") acquire\n");
      } else {
         const char *s = in->u.scope == ACO_SCOPE_SUBGROUP ? "wavefront"
                         : in->u.scope == ACO_SCOPE_WORKGROUP ? "workgroup" : "agent";
         emit(c, "  fence syncscope(\"%s\") acq_rel\n", s);
      }
      return;
   case ACO_OPC_CALL: emit_call(c, in); return;
   case ACO_OPC_FUNC_ADDR:
      emit(c, "  %%v%u = addrspacecast ptr @%s to ptr addrspace(1)\n", in->defs[0].id,
           in->callee->name);
      return;
   case ACO_OPC_IF: emit_if(c, in); return;
   case ACO_OPC_LOOP: emit_loop(c, in); return;
   case ACO_OPC_JUMP:
      switch (in->op) {
      case ACO_OP_YIELD:
         add_edge(c, &c->ifc->yields, in->srcs);
         branch(c, c->ifc->merge);
         return;
      case ACO_OP_BREAK:
         add_edge(c, &c->loop->breaks, in->srcs);
         branch(c, c->loop->exit);
         return;
      case ACO_OP_CONTINUE:
         add_edge(c, &c->loop->conts, in->srcs);
         branch(c, c->loop->header);
         return;
      default:
         emit_return(c, in);
         return;
      }
   }
}

static void
emit_region(struct ctx *c, const struct air_region *r)
{
   air_foreach_instr(in, r)
   {
      if (c->err[0])
         return;
      emit_instr(c, in);
   }
}

/* ---- functions and the module ----------------------------------------------------------- */

static const char *
denorm_attr(unsigned mode)
{
   return mode == ACO_DENORM_FLUSH ? "preserve-sign,preserve-sign" : "ieee,ieee";
}

static void
emit_signature(struct ctx *c, const struct aco_function *f, bool names)
{
   bool entry = f->flags & ACO_FUNCTION_ENTRY;
   for (unsigned i = 0; i < f->num_params; i++) {
      const struct air_param *pa = &f->params[i];
      emit(c, "%s%s%s", i ? ", " : "", type_name(pa->type).s,
           (entry || (pa->flags & ACO_PARAM_UNIFORM)) ? " inreg" : "");
      if (names)
         emit(c, " %%v%u", pa->value.id);
   }
   if (entry || (c->implicit_ids && !f->abi->chain)) {
      if (names)
         emit(c, "%si32 inreg %%wg.x, i32 inreg %%wg.y, i32 inreg %%wg.z, i32 %%lid",
              f->num_params ? ", " : "");
      else
         emit(c, "%si32 inreg, i32 inreg, i32 inreg, i32", f->num_params ? ", " : "");
   }
}

static void
emit_function(struct ctx *c, const struct aco_function *f, unsigned attr_index)
{
   c->f = f;
   c->tmp = 0;
   c->blocks = 0;
   bool entry = f->flags & ACO_FUNCTION_ENTRY;
   if (f->float_mode.round32 != ACO_ROUND_NEAREST_EVEN ||
       f->float_mode.round16_64 != ACO_ROUND_NEAREST_EVEN) {
      fail(c, "rounding modes other than nearest-even");
      return;
   }
   struct aco_strbuf rt;
   aco_strbuf_init(&rt, c->a);
   ret_type(f, &rt);
   if (!f->body && f->abi->chain) {
      emit(c, "declare dso_local amdgpu_cs_chain void @%s(", f->name);
      emit_signature(c, f, false);
      emit(c, ")\n\n");
      aco_strbuf_finish(&rt);
      return;
   }
   if (!f->body) {
      emit(c, "declare amdgpu_gfx %s @%s(", aco_strbuf_str(&rt), f->name);
      emit_signature(c, f, false);
      emit(c, ")\n\n");
      aco_strbuf_finish(&rt);
      return;
   }
   if (entry)
      emit(c, "define amdgpu_cs void @%s(", f->name);
   else if (f->abi->chain)
      emit(c, "define amdgpu_cs_chain void @%s(", f->name);
   else
      emit(c, "define hidden amdgpu_gfx %s @%s(", aco_strbuf_str(&rt), f->name);
   aco_strbuf_finish(&rt);
   emit_signature(c, f, true);
   emit(c, ") #%u {\n", attr_index);
   start_block(c, new_block(c));
   for (unsigned i = 0; i < f->num_stack_objects; i++)
      emit(c, "  %%stack%u = alloca [%u x i8], align %u, addrspace(5)\n", i,
           f->stack_objects[i].size, f->stack_objects[i].align);
   emit_region(c, f->body);
   if (!c->terminated) {
      if (air_num_return_params(f))
         fail(c, "body falls off its end");
      emit(c, "  ret void\n");
   }
   emit(c, "}\n\n");
}

static bool
uses_ids(void *ctx, struct air_instr *in)
{
   switch (in->op) {
   case ACO_OP_LOCAL_ID_X: case ACO_OP_LOCAL_ID_Y: case ACO_OP_LOCAL_ID_Z:
   case ACO_OP_LOCAL_INDEX: case ACO_OP_WORKGROUP_ID_X: case ACO_OP_WORKGROUP_ID_Y:
   case ACO_OP_WORKGROUP_ID_Z: case ACO_OP_SUBGROUP_ID: case ACO_OP_NUM_SUBGROUPS:
      *(bool *)ctx = true;
      return false;
   default:
      return true;
   }
}

aco_status
air_emit_llvm(struct aco_program *p, struct aco_strbuf *out, char *err, size_t err_size)
{
   struct ctx c;
   memset(&c, 0, sizeof(c));
   c.p = p;
   c.out = out;
   c.a = &p->allocator;
   static const char *const cpu[] = {"gfx1030", "gfx1100", "gfx1200"};
   int gi = p->target.gfx_level == ACO_GFX1030 ? 0 : p->target.gfx_level == ACO_GFX1100 ? 1 : 2;
   emit(&c, "; translated from libaco IR for llc-19 -mtriple=amdgcn-- -mcpu=%s%s\n", cpu[gi],
        p->target.wave_size == 64 ? " -mattr=+wavefrontsize64" : "");
   emit(&c, "target triple = \"amdgcn--\"\n\n");
   /* ids used outside entries make every function take them from its caller */
   for (uint32_t i = 0; i < p->num_functions; i++) {
      struct aco_function *f = p->functions[i];
      if ((f->flags & ACO_FUNCTION_ENTRY) && !c.entry_wg[0])
         memcpy(c.entry_wg, f->workgroup_size, sizeof(c.entry_wg));
      if (!(f->flags & ACO_FUNCTION_ENTRY) && f->body && !c.implicit_ids)
         air_walk(f->body, uses_ids, &c.implicit_ids);
   }
   for (uint32_t i = 0; i < p->num_functions && !c.err[0]; i++)
      emit_function(&c, p->functions[i], i);
   for (unsigned i = 0; i < c.num_decls; i++)
      emit(&c, "%s\n", c.decls[i]);
   emit(&c, "\n");
   for (uint32_t i = 0; i < p->num_functions; i++) {
      const struct aco_function *f = p->functions[i];
      if (!f->body)
         continue;
      emit(&c, "attributes #%u = { %s\"denormal-fp-math-f32\"=\"%s\" \"denormal-fp-math\"=\"%s\"",
           i, (f->flags & ACO_FUNCTION_ENTRY) ? "" : "noinline ",
           denorm_attr(f->float_mode.denorm32), denorm_attr(f->float_mode.denorm16_64));
      if (f->flags & ACO_FUNCTION_ENTRY) {
         unsigned n = (f->workgroup_size[0] ? f->workgroup_size[0] : 1) *
                      (f->workgroup_size[1] ? f->workgroup_size[1] : 1) *
                      (f->workgroup_size[2] ? f->workgroup_size[2] : 1);
         emit(&c, " \"amdgpu-flat-work-group-size\"=\"%u,%u\"", n, n);
      }
      emit(&c, " }\n");
   }
   emit(&c, "\n!0 = !{}\n");
   if (out->failed && !c.err[0])
      snprintf(c.err, sizeof(c.err), "--emit-llvm: out of memory");
   if (c.err[0]) {
      snprintf(err, err_size, "%s", c.err);
      return strstr(c.err, "out of memory") ? ACO_ERROR_OUT_OF_MEMORY : ACO_ERROR_UNSUPPORTED;
   }
   return ACO_SUCCESS;
}

int
emit_llvm_to_file(aco_program *p, FILE *out)
{
   struct aco_strbuf sb;
   char err[256];
   aco_strbuf_init(&sb, &p->allocator);
   aco_status s = air_emit_llvm(p, &sb, err, sizeof(err));
   if (s != ACO_SUCCESS) {
      fprintf(stderr, "aco-cc: %s\n", err);
      aco_strbuf_finish(&sb);
      return s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 3;
   }
   fputs(aco_strbuf_str(&sb), out);
   aco_strbuf_finish(&sb);
   return 0;
}
