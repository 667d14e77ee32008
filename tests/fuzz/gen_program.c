/* SPDX-License-Identifier: MIT */
/* The random program generator (gen_program.h).
 *
 * The kernel is written as text while a pool of visible values is kept beside it: each
 * value has a type, whether it is the same in every invocation of the workgroup
 * (uniform: only then may it steer a branch that must stay uniform, index read_lane or
 * address load_uniform), and whether it descends from an approximate operation (such
 * values are only stored, never compared, converted or used as addresses, because the
 * compiled code may round them differently from the interpreter). Regions push and pop
 * the pool as the IR's scoping does.
 *
 * Every operation is picked so that its result is defined for all inputs
 * (docs/ir-semantics.md): integer division and shifts are total in the IR, memory
 * offsets are masked into bounds and multiplied by the access size, loops count up to a
 * bound of at most 3 trips, stack objects are written whole before the first load,
 * shared memory is written by every invocation and read after a barrier reached in
 * uniform control flow, and read_lane names a lane that is active in every wave for both
 * wave sizes. The program text is assembled at the end, because the size of each
 * invocation's output slot is known only once the body is written.
 *
 * With GEN_CALLS the functions are written first, each with a pool of its own (its
 * parameters), calling only those written before it or itself under a depth bound, so
 * every program terminates; a cost bound on the calls one call makes keeps it short. A
 * function stores nothing: the caller stores its results. */
#include "gen_program.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum gbase { G_I1, G_I8, G_I16, G_I32, G_I64, G_F16, G_F32, G_F64, G_NUM_BASES };

struct gtype {
   uint8_t base, comps;
};

struct gval {
   uint32_t id;
   struct gtype t;
   bool uni;    /* the same in every invocation of the workgroup */
   bool approx; /* descends from an approximate operation */
   bool hidden; /* not to be used as an operand (only stored) */
};

#define MAX_DEPTH 4
#define MAX_RESULTS 3
#define SLOT_MAX 256       /* output bytes per invocation */
#define IN_SIZE 4096       /* bytes of `in` */
#define IN_INDEX_MASK 255  /* offsets into `in`: (x & mask) * component bytes */
#define STACK_SIZE 64      /* bytes of the stack object, written whole at the start */
#define LDS_STRIDE 8       /* bytes per invocation in a shared-memory exchange */
#define LDS_LIMIT 32768
#define MAX_FUNCS 4        /* functions besides the entry */
#define MAX_PARAMS 12
#define MAX_USER_ABIS 2
#define DEPTH_MAX 7        /* a recursive function runs at most DEPTH_MAX + 1 levels deep */
#define COST_MAX 64        /* calls one call of a function (or the entry) makes at most */
#define P_UNIFORM 1u
#define P_DISCARD 2u
#define P_RETURN 4u

struct loop_ctx {
   uint32_t inext;    /* the counter's value for the next iteration */
   bool divergent;
   unsigned div_ifs;  /* divergent ifs open when the loop began */
   unsigned nres, ncar;
   struct gtype res[MAX_RESULTS], car[MAX_RESULTS];
   bool res_uni[MAX_RESULTS], car_uni[MAX_RESULTS];
   bool res_approx[MAX_RESULTS], car_approx[MAX_RESULTS];
};

struct sbuf {
   char *d;
   size_t len, cap;
   bool oom;
};

struct gparam {
   struct gtype t;
   uint8_t flags; /* P_UNIFORM, P_DISCARD, P_RETURN */
};

/* A function besides the entry. Its return parameters come first in the signature, so
 * that they take registers before any cap of the ABI is reached (a return parameter on
 * the stack is not supported, docs/calls.md). */
struct gfunc {
   struct gparam p[MAX_PARAMS];
   unsigned np, nret;
   unsigned abi;         /* an index of builtin_abis, or NUM_BUILTIN_ABIS + a user ABI */
   unsigned group;       /* functions of a group have one signature and ABI */
   bool chain;           /* divergent_callable */
   bool lanes;           /* may be called through per-lane pointers */
   bool recursive;
   int in, lane, depth;  /* the `in` pointer, a per-lane i32, the recursion depth (-1: none) */
   unsigned cost;        /* calls one call of it makes at most, itself included */
};

/* A user ABI: a register block (or none) and caps on the parameters' registers. */
struct gabi {
   unsigned ps, pv, cs, cv, caps, capv;
   bool block, pfirst, capped;
};

struct gen {
   uint64_t rng;
   uint64_t feat;
   struct sbuf body;
   unsigned indent;
   struct gval *vals;
   unsigned nvals, capvals;
   uint32_t next_id;
   unsigned depth;
   unsigned div_ifs;   /* open ifs on divergent conditions */
   unsigned div_loops; /* open divergent loops */
   struct loop_ctx loops[MAX_DEPTH + 1];
   unsigned nloops;
   int budget;         /* statements left */
   unsigned out_used;  /* bytes of each invocation's slot in use */
   unsigned lds_used;
   unsigned wg[3], wg_size, lane_bound;
   bool stack_used;
   bool oom;
   struct gtype scalars[G_NUM_BASES];
   unsigned nscalars;
   /* calls */
   struct gfunc funcs[MAX_FUNCS];
   unsigned nfuncs;
   int cur;            /* the function being written, -1 for the entry */
   unsigned ncallable; /* the functions its body may call: those written before it */
   unsigned cost, cost_cap; /* calls the body makes at most (gfunc.cost), and the cap */
   bool rec_done;      /* the recursive call of the current function is written */
   bool div_returned;  /* it returned inside a divergent if (no uniform-if return after) */
   uint32_t depth_id;  /* its depth parameter */
   char lane[16];      /* a per-lane i32 every body has: %lid, or a parameter */
   char main_end[1100]; /* how the entry ends: "return", or a jump to a chain function */
   struct gabi abis[MAX_USER_ABIS];
   unsigned nabis;
   struct sbuf defs;   /* the user ABIs and the functions, written before the entry */
   struct sbuf fmode;  /* the float mode every function shares (the validator's rule) */
   bool fmode_set;
};

/* ---- text ---- */

static void
sb_vprintf(struct sbuf *s, const char *fmt, va_list ap)
{
   if (s->oom)
      return;
   va_list ap2;
   va_copy(ap2, ap);
   int n = vsnprintf(NULL, 0, fmt, ap2);
   va_end(ap2);
   if (n < 0) {
      s->oom = true;
      return;
   }
   if (s->len + (size_t)n + 1 > s->cap) {
      size_t cap = (s->len + (size_t)n + 1) * 2;
      char *d = realloc(s->d, cap);
      if (!d) {
         s->oom = true;
         return;
      }
      s->d = d;
      s->cap = cap;
   }
   vsnprintf(s->d + s->len, (size_t)n + 1, fmt, ap);
   s->len += (size_t)n;
}

static void
sb_printf(struct sbuf *s, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   sb_vprintf(s, fmt, ap);
   va_end(ap);
}

/* One line of the body at the current indentation. */
static void
emit(struct gen *g, const char *fmt, ...)
{
   sb_printf(&g->body, "%*s", (int)(2 + 2 * g->indent), "");
   va_list ap;
   va_start(ap, fmt);
   sb_vprintf(&g->body, fmt, ap);
   va_end(ap);
   sb_printf(&g->body, "\n");
}

/* ---- random numbers (splitmix64) ---- */

static uint64_t
rnd64(struct gen *g)
{
   uint64_t z = (g->rng += UINT64_C(0x9e3779b97f4a7c15));
   z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
   z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
   return z ^ (z >> 31);
}

static unsigned
rnd(struct gen *g, unsigned n)
{
   return n ? (unsigned)(rnd64(g) % n) : 0;
}

static bool
chance(struct gen *g, unsigned percent)
{
   return rnd(g, 100) < percent;
}

static bool
has(const struct gen *g, uint64_t f)
{
   return (g->feat & f) != 0;
}

/* ---- types ---- */

static const unsigned base_bits[G_NUM_BASES] = {1, 8, 16, 32, 64, 16, 32, 64};
static const char *const base_names[G_NUM_BASES] = {"i1",  "i8",  "i16", "i32",
                                                    "i64", "f16", "f32", "f64"};

static struct gtype
ty(enum gbase b, unsigned comps)
{
   return (struct gtype){(uint8_t)b, (uint8_t)comps};
}

static bool
is_float(struct gtype t)
{
   return t.base >= G_F16;
}

static unsigned
bits(struct gtype t)
{
   return base_bits[t.base];
}

static unsigned
comp_bytes(struct gtype t)
{
   return bits(t) / 8;
}

static unsigned
bytes(struct gtype t)
{
   return comp_bytes(t) * t.comps;
}

static bool
same_type(struct gtype a, struct gtype b)
{
   return a.base == b.base && a.comps == b.comps;
}

static const char *
tname(struct gtype t, char buf[16])
{
   if (t.comps == 1)
      snprintf(buf, 16, "%s", base_names[t.base]);
   else
      snprintf(buf, 16, "%sx%u", base_names[t.base], t.comps);
   return buf;
}

static bool
base_enabled(const struct gen *g, enum gbase b)
{
   static const uint64_t need[G_NUM_BASES] = {0, GEN_I8, GEN_I16, 0, GEN_I64, GEN_F16, GEN_F32,
                                              GEN_F64};
   return !need[b] || has(g, need[b]);
}

/* A random scalar type of the enabled ones, i32 the most likely. */
static struct gtype
rnd_scalar(struct gen *g, bool allow_i1)
{
   if (chance(g, 30))
      return ty(G_I32, 1);
   if (allow_i1 && chance(g, 12))
      return ty(G_I1, 1);
   return g->scalars[rnd(g, g->nscalars)];
}

/* A random vector type of at most 32 bytes. */
static struct gtype
rnd_vector(struct gen *g)
{
   struct gtype s;
   do
      s = g->scalars[rnd(g, g->nscalars)];
   while (bits(s) < 32 && !has(g, GEN_SMALL_VECTOR));
   unsigned max = (has(g, GEN_WIDE_VECTOR) ? 32 : 16) / comp_bytes(s);
   if (max > 4)
      max = 4;
   return ty((enum gbase)s.base, 2 + rnd(g, max - 1));
}

static struct gtype
rnd_type(struct gen *g, bool allow_i1)
{
   if (has(g, GEN_VECTOR) && chance(g, 15))
      return rnd_vector(g);
   return rnd_scalar(g, allow_i1);
}

/* ---- the value pool ---- */

static uint32_t
add_val(struct gen *g, struct gtype t, bool uni, bool approx)
{
   uint32_t id = g->next_id++;
   if (g->nvals == g->capvals) {
      unsigned cap = g->capvals ? g->capvals * 2 : 64;
      struct gval *v = realloc(g->vals, cap * sizeof(*v));
      if (!v) {
         g->oom = true;
         return id;
      }
      g->vals = v;
      g->capvals = cap;
   }
   g->vals[g->nvals++] = (struct gval){id, t, uni, approx, false};
   return id;
}

static const struct gval *
find_val(const struct gen *g, uint32_t id)
{
   for (unsigned i = g->nvals; i-- > 0;)
      if (g->vals[i].id == id)
         return &g->vals[i];
   return NULL;
}

/* A visible value of type t (uniform if need_uni; approximate only if allow_approx),
 * recent ones preferred so that values form chains; -1 if none. */
static int
pick(struct gen *g, struct gtype t, bool need_uni, bool allow_approx)
{
   int found[512];
   unsigned n = 0;
   for (unsigned i = g->nvals; i-- > 0 && n < 512;) {
      const struct gval *v = &g->vals[i];
      if (same_type(v->t, t) && (v->uni || !need_uni) && (!v->approx || allow_approx) &&
          !v->hidden)
         found[n++] = (int)i;
   }
   if (!n)
      return -1;
   if (chance(g, 50))
      return found[rnd(g, n < 4 ? n : 4)];
   return found[rnd(g, n)];
}

static uint64_t
rnd_int_bits(struct gen *g, unsigned nbits)
{
   uint64_t mask = nbits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << nbits) - 1;
   uint64_t v;
   switch (rnd(g, 9)) {
   case 0: v = 0; break;
   case 1: v = 1; break;
   case 2: v = ~UINT64_C(0); break;
   case 3: v = UINT64_C(1) << (nbits - 1); break;        /* INT_MIN */
   case 4: v = (UINT64_C(1) << (nbits - 1)) - 1; break;  /* INT_MAX */
   case 5: v = rnd(g, 17); break;
   case 6: v = UINT64_C(1) << rnd(g, nbits); break;
   case 7: v = (uint64_t)-(int64_t)(1 + rnd(g, 16)); break;
   default: v = rnd64(g); break;
   }
   return v & mask;
}

static bool
is_nan_bits(uint64_t v, unsigned nbits)
{
   unsigned man = nbits == 16 ? 10 : nbits == 32 ? 23 : 52;
   uint64_t exp = (v >> man) & ((UINT64_C(1) << (nbits - 1 - man)) - 1);
   return exp == (UINT64_C(1) << (nbits - 1 - man)) - 1 && (v & ((UINT64_C(1) << man) - 1));
}

/* Float constants as bits: zeros, ones, halves, infinities, NaNs (also signalling and
 * with payloads), denormals, the largest finite value, and random bits. */
static uint64_t
rnd_float_bits(struct gen *g, unsigned nbits)
{
   static const uint64_t f16[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4248, 0x7c00, 0xfc00,
                                  0x7e00, 0x7d01, 0x0001, 0x83ff, 0x7bff, 0x5640, 0xc500};
   static const uint64_t f32[] = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000,
                                  0x40490fdb, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
                                  0xffc00123, 0x00000001, 0x807fffff, 0x7f7fffff, 0x4b000001,
                                  0xc2f6e979, 0x3eaaaaab, 0x4f000000};
   static const uint64_t f64[] = {0, UINT64_C(0x8000000000000000), UINT64_C(0x3ff0000000000000),
                                  UINT64_C(0xbff0000000000000), UINT64_C(0x3fe0000000000000),
                                  UINT64_C(0x400921fb54442d18), UINT64_C(0x7ff0000000000000),
                                  UINT64_C(0xfff0000000000000), UINT64_C(0x7ff8000000000000),
                                  UINT64_C(0x7ff0000000000001), UINT64_C(0x0000000000000001),
                                  UINT64_C(0x800fffffffffffff), UINT64_C(0x7fefffffffffffff),
                                  UINT64_C(0x4330000000000001), UINT64_C(0xc05edd2f1a9fbe77),
                                  UINT64_C(0x41e0000000000000)};
   for (;;) {
      uint64_t v;
      if (chance(g, 20))
         v = nbits == 64 ? rnd64(g) : rnd64(g) & ((UINT64_C(1) << nbits) - 1);
      else if (nbits == 16)
         v = f16[rnd(g, sizeof(f16) / sizeof(f16[0]))];
      else if (nbits == 32)
         v = f32[rnd(g, sizeof(f32) / sizeof(f32[0]))];
      else
         v = f64[rnd(g, sizeof(f64) / sizeof(f64[0]))];
      if (has(g, GEN_NAN) || !is_nan_bits(v, nbits))
         return v;
   }
}

static uint32_t
emit_const_bits(struct gen *g, struct gtype t, uint64_t v)
{
   char tb[16];
   uint32_t id = add_val(g, t, true, false);
   emit(g, "%%v%u = const %s 0x%llx", id, tname(t, tb), (unsigned long long)v);
   return id;
}

static uint32_t
emit_const(struct gen *g, struct gtype t)
{
   if (t.base == G_I1)
      return emit_const_bits(g, t, rnd(g, 2));
   if (is_float(t))
      return emit_const_bits(g, t, rnd_float_bits(g, bits(t)));
   return emit_const_bits(g, t, rnd_int_bits(g, bits(t)));
}

static uint32_t get(struct gen *g, struct gtype t, bool need_uni, bool allow_approx);

/* A vector built from components (constants made for missing ones). */
static uint32_t
emit_vec(struct gen *g, struct gtype t, bool need_uni, bool allow_approx)
{
   uint32_t c[4];
   bool uni = true, approx = false;
   for (unsigned i = 0; i < t.comps; i++) {
      c[i] = get(g, ty((enum gbase)t.base, 1), need_uni, allow_approx);
      const struct gval *v = find_val(g, c[i]);
      uni = uni && v && v->uni;
      approx = approx || (v && v->approx);
   }
   char line[128];
   int n = snprintf(line, sizeof(line), "vec");
   for (unsigned i = 0; i < t.comps; i++)
      n += snprintf(line + n, sizeof(line) - (size_t)n, "%s %%v%u", i ? "," : "", c[i]);
   uint32_t id = add_val(g, t, uni, approx);
   emit(g, "%%v%u = %s", id, line);
   return id;
}

/* A value of type t: a visible one, else a new constant (or vector of them). */
static uint32_t
get(struct gen *g, struct gtype t, bool need_uni, bool allow_approx)
{
   int i = chance(g, 8) ? -1 : pick(g, t, need_uni, allow_approx);
   if (i >= 0)
      return g->vals[i].id;
   if (t.comps > 1)
      return emit_vec(g, t, need_uni, allow_approx);
   return emit_const(g, t);
}

/* A copy: the pool moves when it grows. */
static struct gval
get_val(struct gen *g, struct gtype t, bool need_uni, bool allow_approx)
{
   const struct gval *v = find_val(g, get(g, t, need_uni, allow_approx));
   return v ? *v : (struct gval){0, t, false, false, false};
}

/* A per-lane value of type t if there is one (else any). */
static uint32_t
get_divergent(struct gen *g, struct gtype t)
{
   for (unsigned tries = 0; tries < 6; tries++) {
      int i = pick(g, t, false, false);
      if (i >= 0 && !g->vals[i].uni)
         return g->vals[i].id;
   }
   return get(g, t, false, false);
}

static uint32_t
const_i32(struct gen *g, uint32_t v)
{
   return emit_const_bits(g, ty(G_I32, 1), v);
}

/* A per-lane value of type t: a visible one, else a select of two constants on the
 * invocation index. */
static struct gval
per_lane(struct gen *g, struct gtype t, bool allow_approx)
{
   for (unsigned tries = 0; tries < 8; tries++) {
      int i = pick(g, t, false, allow_approx);
      if (i >= 0 && !g->vals[i].uni)
         return g->vals[i];
   }
   uint32_t k = const_i32(g, 1 + rnd(g, 40));
   uint32_t c = add_val(g, ty(G_I1, 1), false, false);
   emit(g, "%%v%u = ult %s, %%v%u", c, g->lane, k);
   uint32_t a = get(g, t, false, false), b = get(g, t, false, false);
   uint32_t id = add_val(g, t, false, false);
   emit(g, "%%v%u = select %%v%u, %%v%u, %%v%u", id, c, a, b);
   return *find_val(g, id);
}

/* The first operand of a float operation (or a conversion from or to float): per lane
 * without GEN_UNIFORM_FLOAT, so that the operation does not run on the scalar unit. */
static struct gval
float_operand(struct gen *g, struct gtype t, bool allow_approx)
{
   if (has(g, GEN_UNIFORM_FLOAT))
      return get_val(g, t, false, allow_approx);
   return per_lane(g, t, allow_approx);
}

/* ---- NaNs ---- */

/* Without GEN_SMALL_SCALAR, operations of the scalar unit (subgroup operations and
 * load_uniform) take 32- and 64-bit types only. */
static struct gtype
scalar_unit_type(const struct gen *g, struct gtype t)
{
   if (has(g, GEN_SMALL_SCALAR) || bits(t) >= 32)
      return t;
   return ty(G_I32, 1);
}

/* Without GEN_NAN, floats made from arbitrary bits (loads, bitcasts) are loaded as
 * integers when they are vectors ... */
static struct gtype
raw_bits_type(const struct gen *g, struct gtype t)
{
   if (has(g, GEN_NAN) || !is_float(t) || t.comps == 1)
      return t;
   return ty(t.base == G_F16 ? G_I16 : t.base == G_F32 ? G_I32 : G_I64, t.comps);
}

/* The float scalar `id` with a NaN replaced by the canonical one. */
static uint32_t
select_canonical(struct gen *g, uint32_t id)
{
   const struct gval *v = find_val(g, id);
   struct gtype t = v->t;
   bool uni = v->uni;
   uint32_t u = add_val(g, ty(G_I1, 1), uni, false);
   emit(g, "%%v%u = funord %%v%u, %%v%u", u, id, id);
   uint32_t nan = emit_const_bits(g, t, t.base == G_F16   ? 0x7e00
                                        : t.base == G_F32 ? 0x7fc00000
                                                          : UINT64_C(0x7ff8000000000000));
   uint32_t r = add_val(g, t, uni, false);
   emit(g, "%%v%u = select %%v%u, %%v%u, %%v%u", r, u, nan, id);
   return r;
}

/* ... when they are scalars, so every NaN is the canonical one (the original value is
 * only stored). */
static uint32_t
canonicalize(struct gen *g, uint32_t id)
{
   const struct gval *v = find_val(g, id);
   if (!v || has(g, GEN_NAN) || !is_float(v->t) || v->t.comps > 1)
      return id;
   ((struct gval *)v)->hidden = true;
   return select_canonical(g, id);
}

/* With GEN_NAN, a NaN that arithmetic gives has unspecified bits (docs/ir-semantics.md),
 * so no float may turn into integer bits that steer addresses or branches: a float
 * about to be bitcast, or stored where it may be read back as another type, has its
 * NaNs made canonical. A float vector is not (its type is exchanged for integers:
 * bits_safe_type). */
static uint32_t
bits_safe(struct gen *g, uint32_t id)
{
   const struct gval *v = find_val(g, id);
   if (!v || !has(g, GEN_NAN) || !is_float(v->t) || v->t.comps > 1)
      return id;
   return select_canonical(g, id);
}

static struct gtype
bits_safe_type(const struct gen *g, struct gtype t)
{
   if (!has(g, GEN_NAN) || !is_float(t) || t.comps == 1)
      return t;
   return ty(t.base == G_F16 ? G_I16 : t.base == G_F32 ? G_I32 : G_I64, t.comps);
}

/* ---- output ---- */

/* Reserves `size` bytes of each invocation's slot aligned for `align`; -1 when full. */
static int
reserve_out(struct gen *g, unsigned size, unsigned align)
{
   unsigned at = (g->out_used + align - 1) & ~(align - 1);
   if (at + size > SLOT_MAX)
      return -1;
   g->out_used = at + size;
   return (int)at;
}

/* Stores a value into the invocation's slot (booleans as an i32 0 or 1). */
static void
store_out(struct gen *g, uint32_t id)
{
   const struct gval *v = find_val(g, id);
   if (!v || g->cur >= 0) /* functions have no slot: their results are stored */
      return;
   struct gtype t = v->t;
   bool uni = v->uni;
   if (t.base == G_I1) {
      uint32_t one = const_i32(g, 1), zero = const_i32(g, 0);
      uint32_t s = add_val(g, ty(G_I32, 1), uni, false);
      emit(g, "%%v%u = select %%v%u, %%v%u, %%v%u", s, id, one, zero);
      id = s;
      t = ty(G_I32, 1);
   }
   int at = reserve_out(g, bytes(t), comp_bytes(t) < 8 ? comp_bytes(t) : 8);
   if (at >= 0)
      emit(g, "store_global %%out[%%obase + %d], %%v%u", at, id);
}

/* ---- statements ---- */

static void gen_block(struct gen *g, unsigned n);

static const char *const int_bin[] = {"iadd", "isub", "imul", "umul_hi", "smul_hi", "iand",
                                      "ior",  "ixor", "ishl", "ushr",    "sshr",    "umin",
                                      "umax", "smin", "smax"};
static const char *const int_div[] = {"udiv", "sdiv", "urem", "srem"};
static const char *const int_un[] = {"ineg",       "inot",     "iabs",    "popcount",
                                     "bitreverse", "find_lsb", "find_msb"};
static const char *const int_cmp[] = {"ieq", "ine", "ult", "ule", "ugt", "uge", "slt", "sle",
                                      "sgt", "sge"};
static const char *const float_bin[] = {"fadd", "fsub", "fmul", "fmin", "fmax"};
/* fneg needs GEN_NAN (it would give a NaN a sign) */
static const char *const float_un[] = {"fneg",  "fabs",        "ffloor", "fceil",
                                       "ftrunc", "fround_even", "ffract"};
static const char *const float_cmp[] = {"feq", "fne", "flt", "fle", "fgt", "fge", "funord"};

#define PICK(g, arr) ((arr)[rnd((g), sizeof(arr) / sizeof((arr)[0]))])

/* A comparison giving i1, of operands of a random scalar type. */
static uint32_t
gen_compare(struct gen *g, bool need_uni)
{
   struct gtype t = rnd_scalar(g, false);
   if (is_float(t) && !has(g, GEN_UNIFORM_FLOAT) && need_uni)
      t = ty(G_I32, 1);
   uint32_t a = is_float(t) && !need_uni ? float_operand(g, t, false).id
                                         : get(g, t, need_uni, false);
   uint32_t b = get(g, t, need_uni, false);
   const struct gval *va = find_val(g, a), *vb = find_val(g, b);
   uint32_t id = add_val(g, ty(G_I1, 1), va && vb && va->uni && vb->uni, false);
   emit(g, "%%v%u = %s %%v%u, %%v%u", id, is_float(t) ? PICK(g, float_cmp) : PICK(g, int_cmp),
        a, b);
   return id;
}

static void
gen_int_alu(struct gen *g, struct gtype t)
{
   bool uni = chance(g, 25);
   struct gval a = get_val(g, t, uni, false);
   uint32_t aid = a.id;
   bool auni = a.uni;
   unsigned k = rnd(g, 10);
   bool wide = bits(t) == 64 && !has(g, GEN_I64_ARITH);
   if (t.base == G_I1) {
      if (k < 2) {
         uint32_t id = add_val(g, t, auni, false);
         emit(g, "%%v%u = inot %%v%u", id, aid);
      } else if (k < 4) {
         gen_compare(g, false);
      } else {
         struct gval b = get_val(g, t, uni, false);
         static const char *const logic[] = {"iand", "ior", "ixor", "ieq", "ine"};
         uint32_t id = add_val(g, t, auni && b.uni, false);
         emit(g, "%%v%u = %s %%v%u, %%v%u", id, PICK(g, logic), aid, b.id);
      }
      return;
   }
   if (k < 2) {
      uint32_t id = add_val(g, t, auni, false);
      /* find_lsb and find_msb last: no 64-bit ones without GEN_I64_ARITH */
      unsigned n = sizeof(int_un) / sizeof(int_un[0]) - (wide ? 2 : 0);
      emit(g, "%%v%u = %s %%v%u", id, int_un[rnd(g, n)], aid);
      return;
   }
   const char *op;
   if (has(g, GEN_DIV) && k == 2 && !wide)
      op = PICK(g, int_div);
   else
      do
         op = PICK(g, int_bin);
      while (wide && strstr(op, "mul_hi"));
   struct gval b = get_val(g, t, uni, false);
   uint32_t id = add_val(g, t, auni && b.uni, false);
   emit(g, "%%v%u = %s %%v%u, %%v%u", id, op, aid, b.id);
}

/* Without GEN_APPROX_DENORMAL, an input of an approximate operation whose magnitude is
 * outside [2^-limit, 2^limit] and which is not 0, inf or NaN becomes 1.0, so that no
 * input or result is denormal. */
static uint32_t
tame(struct gen *g, uint32_t x, bool uni, unsigned limit)
{
   struct gtype f = ty(G_F32, 1), b = ty(G_I1, 1);
   uint32_t lo = emit_const_bits(g, f, (uint32_t)(127 - limit) << 23);
   uint32_t hi = emit_const_bits(g, f, (uint32_t)(127 + limit) << 23);
   uint32_t zero = emit_const_bits(g, f, 0), inf = emit_const_bits(g, f, 0x7f800000);
   uint32_t one = emit_const_bits(g, f, 0x3f800000);
   uint32_t a = add_val(g, f, uni, false);
   emit(g, "%%v%u = fabs %%v%u", a, x);
   uint32_t c[6];
   static const char *const tests[4] = {"flt", "fgt", "fne", "fne"};
   const uint32_t against[4] = {lo, hi, zero, inf};
   for (unsigned i = 0; i < 4; i++) {
      c[i] = add_val(g, b, uni, false);
      emit(g, "%%v%u = %s %%v%u, %%v%u", c[i], tests[i], a, against[i]);
   }
   /* out of range, and neither zero nor infinite (NaN compares false with flt/fgt) */
   c[4] = add_val(g, b, uni, false);
   emit(g, "%%v%u = ior %%v%u, %%v%u", c[4], c[0], c[1]);
   c[5] = add_val(g, b, uni, false);
   emit(g, "%%v%u = iand %%v%u, %%v%u", c[5], c[2], c[3]);
   uint32_t bad = add_val(g, b, uni, false);
   emit(g, "%%v%u = iand %%v%u, %%v%u", bad, c[4], c[5]);
   uint32_t r = add_val(g, f, uni, false);
   emit(g, "%%v%u = select %%v%u, %%v%u, %%v%u", r, bad, one, x);
   return r;
}

/* Approximate f32 operations with a ULP bound the compiled code must meet. sin and cos
 * get a small input, since the hardware's range reduction is exact only for small
 * arguments. */
static void
gen_approx(struct gen *g)
{
   static const struct {
      const char *op;
      unsigned srcs, ulp;
   } ops[] = {{"frcp", 1, 1}, {"frsq", 1, 2},  {"fsqrt", 1, 1}, {"fexp2", 1, 1},
              {"flog2", 1, 3}, {"fsin", 1, 4}, {"fcos", 1, 4},  {"fdiv", 2, 3}};
   struct gtype f = ty(G_F32, 1);
   unsigned k = rnd(g, sizeof(ops) / sizeof(ops[0]));
   if ((!strcmp(ops[k].op, "fsin") || !strcmp(ops[k].op, "fcos")) && !has(g, GEN_TRIG))
      k = 0; /* frcp instead */
   struct gval a = float_operand(g, f, false);
   uint32_t aid = a.id;
   bool uni = a.uni;
   if (!strcmp(ops[k].op, "fsin") || !strcmp(ops[k].op, "fcos")) {
      /* clamped to [-4, 4] (a NaN becomes -4) */
      uint32_t lo = emit_const_bits(g, f, 0xc0800000), hi = emit_const_bits(g, f, 0x40800000);
      uint32_t m = add_val(g, f, uni, false);
      emit(g, "%%v%u = fmax %%v%u, %%v%u", m, aid, lo);
      aid = add_val(g, f, uni, false);
      emit(g, "%%v%u = fmin %%v%u, %%v%u", aid, m, hi);
   }
   unsigned limit = ops[k].srcs == 2 ? 50 : 100;
   if (!has(g, GEN_APPROX_DENORMAL))
      aid = tame(g, aid, uni, limit);
   if (ops[k].srcs == 2) {
      struct gval b = get_val(g, f, false, false);
      uint32_t bid = has(g, GEN_APPROX_DENORMAL) ? b.id : tame(g, b.id, b.uni, limit);
      uint32_t id = add_val(g, f, uni && b.uni, true);
      emit(g, "%%v%u = %s %%v%u, %%v%u ulp %u", id, ops[k].op, aid, bid, ops[k].ulp);
   } else {
      uint32_t id = add_val(g, f, uni, true);
      emit(g, "%%v%u = %s %%v%u ulp %u", id, ops[k].op, aid, ops[k].ulp);
   }
}

static void
gen_float_alu(struct gen *g, struct gtype t)
{
   if (t.base == G_F32 && has(g, GEN_APPROX) && chance(g, 12)) {
      gen_approx(g);
      return;
   }
   /* approximate values may feed further arithmetic: the result is only stored */
   bool approx_ok = t.base == G_F32;
   unsigned k = rnd(g, 10);
   struct gval a = float_operand(g, t, approx_ok);
   uint32_t aid = a.id;
   bool uni = a.uni, approx = a.approx;
   if (k < 3) {
      const char *op;
      do
         op = PICK(g, float_un);
      while ((!has(g, GEN_NAN) && !strcmp(op, "fneg")) ||
             (!has(g, GEN_FFRACT) && !strcmp(op, "ffract")));
      uint32_t id = add_val(g, t, uni, approx);
      emit(g, "%%v%u = %s %%v%u", id, op, aid);
      return;
   }
   struct gval b = get_val(g, t, false, approx_ok);
   uint32_t bid = b.id;
   uni = uni && b.uni;
   approx = approx || b.approx;
   if (k == 3) {
      struct gval c = get_val(g, t, false, approx_ok);
      uint32_t id = add_val(g, t, uni && c.uni, approx || c.approx);
      emit(g, "%%v%u = ffma %%v%u, %%v%u, %%v%u", id, aid, bid, c.id);
      return;
   }
   const char *op;
   do
      op = PICK(g, float_bin);
   while (!has(g, GEN_FSUB) && !strcmp(op, "fsub"));
   uint32_t id = add_val(g, t, uni, approx);
   emit(g, "%%v%u = %s %%v%u, %%v%u", id, op, aid, bid);
}

static void
gen_alu(struct gen *g)
{
   struct gtype t = rnd_scalar(g, true);
   if (is_float(t))
      gen_float_alu(g, t);
   else
      gen_int_alu(g, t);
}

/* The enabled scalar types of `nbits` bits (for bitcasts). */
static unsigned
types_of_size(struct gen *g, unsigned nbits, struct gtype *out)
{
   unsigned n = 0;
   for (unsigned b = G_I8; b < G_NUM_BASES; b++) {
      if (!base_enabled(g, (enum gbase)b) || nbits % base_bits[b])
         continue;
      unsigned comps = nbits / base_bits[b];
      struct gtype t = ty((enum gbase)b, comps);
      if ((comps == 1 || (has(g, GEN_VECTOR) && comps <= 4)) &&
          same_type(raw_bits_type(g, t), t))
         out[n++] = t;
   }
   return n;
}

/* The conversions GEN_CONVERT_WIDE adds. */
static bool
is_wide_conversion(struct gtype s, struct gtype d, const char *op)
{
   if (!strcmp(op, "bitcast"))
      return s.comps > 1 || d.comps > 1;
   if (!is_float(s) && is_float(d))
      return bits(s) == 64 || (d.base == G_F16 && bits(s) >= 32);
   if (is_float(s) && !is_float(d))
      return bits(d) == 64;
   return s.base == G_F64 && d.base == G_F16;
}

static void
gen_convert(struct gen *g)
{
   char tb[16];
   struct gtype s = rnd_type(g, true);
   struct gval v = get_val(g, s, false, false);
   struct gtype d;
   const char *op;
   if (s.comps > 1 || (chance(g, 20) && s.base != G_I1)) {
      struct gtype cands[8];
      unsigned n = types_of_size(g, bits(s) * s.comps, cands);
      if (!n)
         return;
      d = cands[rnd(g, n)];
      op = "bitcast";
      if (same_type(d, s))
         return;
   } else if (is_float(s)) {
      d = rnd_scalar(g, false);
      if (is_float(d) && d.base == s.base)
         return;
      op = is_float(d) ? "fconv" : chance(g, 50) ? "f2u" : "f2s";
   } else {
      d = rnd_scalar(g, false);
      if (is_float(d)) {
         if (s.base == G_I1)
            return;
         op = chance(g, 50) ? "u2f" : "s2f";
      } else if (bits(d) > bits(s)) {
         op = chance(g, 50) ? "zext" : "sext";
      } else if (bits(d) < bits(s)) {
         op = "trunc";
      } else {
         return;
      }
   }
   if (!has(g, GEN_CONVERT_WIDE) && is_wide_conversion(s, d, op))
      return;
   if (!has(g, GEN_NARROW_F2I) && op[0] == 'f' && op[1] == '2' && bits(d) < 32)
      return;
   if (strcmp(op, "bitcast") && (is_float(s) || is_float(d)))
      v = float_operand(g, s, false);
   uint32_t src = v.id;
   bool uni = v.uni;
   if (!has(g, GEN_F2I_HUGE) && op[0] == 'f' && op[1] == '2' && s.base != G_F16) {
      /* clamped to [-2^63, 2^63] (a NaN becomes -2^63) */
      bool f64 = s.base == G_F64;
      uint32_t lo = emit_const_bits(g, s, f64 ? UINT64_C(0xc3e0000000000000) : 0xdf000000);
      uint32_t hi = emit_const_bits(g, s, f64 ? UINT64_C(0x43e0000000000000) : 0x5f000000);
      uint32_t m = add_val(g, s, uni, false);
      emit(g, "%%v%u = fmax %%v%u, %%v%u", m, src, lo);
      src = add_val(g, s, uni, false);
      emit(g, "%%v%u = fmin %%v%u, %%v%u", src, m, hi);
   }
   if (!strcmp(op, "bitcast")) {
      if (!same_type(bits_safe_type(g, s), s))
         return;
      src = bits_safe(g, src);
   }
   uint32_t id = add_val(g, d, uni, false);
   emit(g, "%%v%u = %s %s %%v%u", id, op, tname(d, tb), src);
   if (!strcmp(op, "bitcast"))
      canonicalize(g, id);
}

static void
gen_select(struct gen *g)
{
   struct gtype t = has(g, GEN_VECTOR_SELECT) ? rnd_type(g, true) : rnd_scalar(g, true);
   bool approx_ok = t.base == G_F32;
   struct gval c = get_val(g, ty(G_I1, 1), false, false);
   uint32_t cid = c.id;
   bool uni = c.uni;
   struct gval a = get_val(g, t, false, approx_ok);
   uint32_t aid = a.id;
   bool approx = a.approx;
   uni = uni && a.uni;
   struct gval b = get_val(g, t, false, approx_ok);
   uint32_t id = add_val(g, t, uni && b.uni, approx || b.approx);
   emit(g, "%%v%u = select %%v%u, %%v%u, %%v%u", id, cid, aid, b.id);
}

static void
gen_vector(struct gen *g)
{
   struct gtype t = rnd_vector(g);
   if (chance(g, 50)) {
      emit_vec(g, t, false, t.base == G_F32);
      return;
   }
   struct gval v = get_val(g, t, false, t.base == G_F32);
   uint32_t vid = v.id;
   uint32_t id = add_val(g, ty((enum gbase)t.base, 1), v.uni, v.approx);
   emit(g, "%%v%u = extract %%v%u, %u", id, vid, rnd(g, t.comps));
}

/* An i32 in [0, mask] * scale from a per-lane (or, if need_uni, uniform) value. */
static uint32_t
masked_offset(struct gen *g, uint32_t mask, uint32_t scale, bool need_uni)
{
   uint32_t x = need_uni ? get(g, ty(G_I32, 1), true, false) : get_divergent(g, ty(G_I32, 1));
   bool uni = find_val(g, x) && find_val(g, x)->uni;
   uint32_t m = const_i32(g, mask), s = const_i32(g, scale);
   uint32_t a = add_val(g, ty(G_I32, 1), uni, false);
   emit(g, "%%v%u = iand %%v%u, %%v%u", a, x, m);
   uint32_t o = add_val(g, ty(G_I32, 1), uni, false);
   emit(g, "%%v%u = imul %%v%u, %%v%u", o, a, s);
   return o;
}

/* A type for memory: no i1, at most 32 bytes. */
static struct gtype
rnd_mem_type(struct gen *g, unsigned max_bytes)
{
   for (;;) {
      struct gtype t = raw_bits_type(g, rnd_type(g, false));
      if (bytes(t) <= max_bytes)
         return t;
   }
}

static void
gen_global_load(struct gen *g)
{
   char tb[16];
   struct gtype t = rnd_mem_type(g, 32);
   bool uniform = has(g, GEN_LOAD_UNIFORM) && chance(g, 30);
   if (uniform)
      t = scalar_unit_type(g, t);
   bool uni_addr = uniform || chance(g, 25);
   uint32_t o = masked_offset(g, IN_INDEX_MASK, comp_bytes(t), uni_addr);
   uint32_t id = add_val(g, t, uni_addr, false);
   if (uniform)
      emit(g, "%%v%u = load_uniform %s %%in[%%v%u] readonly", id, tname(t, tb), o);
   else
      emit(g, "%%v%u = load_global %s %%in[%%v%u]", id, tname(t, tb), o);
   canonicalize(g, id);
}

static void
gen_store(struct gen *g)
{
   struct gtype t = rnd_type(g, true);
   store_out(g, get(g, t, false, t.base == G_F32));
}

static void
gen_stack(struct gen *g)
{
   char tb[16];
   if (!g->stack_used)
      return;
   struct gtype t = rnd_mem_type(g, 8);
   uint32_t o = masked_offset(g, STACK_SIZE / 8 - 1, 8, false);
   if (chance(g, 50)) {
      uint32_t v = bits_safe(g, get(g, bits_safe_type(g, t), false, false));
      emit(g, "store_stack $0[%%v%u], %%v%u", o, v);
      return;
   }
   uint32_t id = add_val(g, t, false, false);
   emit(g, "%%v%u = load_stack %s $0[%%v%u]", id, tname(t, tb), o);
   canonicalize(g, id);
}

/* Each invocation writes a value to its own place, all meet at a barrier, and each reads
 * the value another invocation wrote; a second barrier lets a later exchange reuse the
 * memory. Only in uniform control flow, where every invocation reaches the barriers. */
static void
gen_lds(struct gen *g)
{
   char tb[16];
   unsigned region = g->wg_size * LDS_STRIDE;
   if (g->lds_used + region > LDS_LIMIT)
      return;
   unsigned base = g->lds_used;
   g->lds_used += region;
   struct gtype t = rnd_mem_type(g, LDS_STRIDE);
   uint32_t v = bits_safe(g, get(g, bits_safe_type(g, t), false, false));
   uint32_t stride = const_i32(g, LDS_STRIDE);
   uint32_t a = add_val(g, ty(G_I32, 1), false, false);
   emit(g, "%%v%u = imul %%lid, %%v%u", a, stride);
   emit(g, "store_shared [%%v%u + %u], %%v%u", a, base, v);
   emit(g, "barrier");
   uint32_t other = add_val(g, ty(G_I32, 1), false, false);
   if (chance(g, 50)) {
      uint32_t last = const_i32(g, g->wg_size - 1);
      emit(g, "%%v%u = isub %%v%u, %%lid", other, last);
   } else {
      uint32_t k = const_i32(g, 1 + rnd(g, g->wg_size + 3)), n = const_i32(g, g->wg_size);
      uint32_t s = add_val(g, ty(G_I32, 1), false, false);
      emit(g, "%%v%u = iadd %%lid, %%v%u", s, k);
      emit(g, "%%v%u = urem %%v%u, %%v%u", other, s, n);
   }
   uint32_t b = add_val(g, ty(G_I32, 1), false, false);
   emit(g, "%%v%u = imul %%v%u, %%v%u", b, other, stride);
   uint32_t id = add_val(g, t, false, false);
   emit(g, "%%v%u = load_shared %s [%%v%u + %u]", id, tname(t, tb), b, base);
   canonicalize(g, id);
   emit(g, "barrier");
}

/* An atomic on the invocation's own slot: a store gives the old value it returns. */
static void
gen_atomic(struct gen *g)
{
   static const char *const kinds[] = {"add", "sub",  "umin", "umax", "smin",   "smax",
                                       "and", "or",   "xor",  "xchg", "cmpxchg"};
   struct gtype t = has(g, GEN_I64) && chance(g, 30) ? ty(G_I64, 1) : ty(G_I32, 1);
   int at = reserve_out(g, bytes(t), bytes(t));
   if (at < 0)
      return;
   uint32_t init = get(g, t, false, false), v = get(g, t, false, false);
   emit(g, "store_global %%out[%%obase + %d], %%v%u", at, init);
   const char *k = PICK(g, kinds);
   if (!strcmp(k, "cmpxchg")) {
      uint32_t cmp = chance(g, 50) ? init : get(g, t, false, false);
      uint32_t id = add_val(g, t, false, false);
      emit(g, "%%v%u = atomic_global cmpxchg %%out[%%obase + %d], %%v%u, %%v%u", id, at, v, cmp);
   } else {
      uint32_t id = add_val(g, t, false, false);
      emit(g, "%%v%u = atomic_global %s %%out[%%obase + %d], %%v%u", id, k, at, v);
   }
}

/* Whether every invocation that has not returned runs the current point together. */
static bool
cf_uniform(const struct gen *g)
{
   return !g->div_ifs && !g->div_loops;
}

/* Subgroup operations: their results are the same only within a wave, so they count as
 * per-lane values here (a branch on them could split the waves of a workgroup). */
static void
gen_subgroup(struct gen *g)
{
   unsigned kinds[4], n = 0;
   if (has(g, GEN_BALLOT))
      kinds[n++] = 0;
   if (has(g, GEN_READ_LANE))
      kinds[n++] = 1;
   if (has(g, GEN_REDUCE))
      kinds[n++] = 2;
   if (has(g, GEN_SCAN))
      kinds[n++] = 3;
   if (!n)
      return;
   switch (kinds[rnd(g, n)]) {
   case 0: {
      uint32_t c = chance(g, 60) ? gen_compare(g, false) : get(g, ty(G_I1, 1), false, false);
      uint32_t id = add_val(g, ty(G_I64, 1), false, false);
      emit(g, "%%v%u = ballot %%v%u", id, c);
      store_out(g, id);
      if (!has(g, GEN_I64))
         ((struct gval *)find_val(g, id))->hidden = true; /* no i64 arithmetic */
      return;
   }
   case 1: {
      struct gtype t = scalar_unit_type(g, rnd_mem_type(g, 32));
      uint32_t v = get_divergent(g, t);
      uint32_t id;
      if (cf_uniform(g) && chance(g, 60)) {
         uint32_t x = get(g, ty(G_I32, 1), true, false), b = const_i32(g, g->lane_bound);
         uint32_t l = add_val(g, ty(G_I32, 1), true, false);
         emit(g, "%%v%u = urem %%v%u, %%v%u", l, x, b);
         id = add_val(g, t, false, false);
         emit(g, "%%v%u = read_lane %%v%u, %%v%u", id, v, l);
      } else {
         id = add_val(g, t, false, false);
         emit(g, "%%v%u = read_first_lane %%v%u", id, v);
      }
      return;
   }
   default: {
      static const char *const icomb[] = {"iadd", "imul", "umin", "umax", "smin",
                                          "smax", "iand", "ior",  "ixor"};
      static const char *const fcomb[] = {"fadd", "fmul", "fmin", "fmax"};
      static const char *const scans[] = {"reduce", "inclusive_scan", "exclusive_scan"};
      struct gtype t = scalar_unit_type(g, rnd_scalar(g, false));
      uint32_t v = get_divergent(g, t);
      bool reduce = has(g, GEN_REDUCE) && (!has(g, GEN_SCAN) || chance(g, 50));
      const char *op = reduce ? scans[0] : scans[1 + rnd(g, 2)];
      uint32_t id = add_val(g, t, false, false);
      emit(g, "%%v%u = %s %s %%v%u", id, op, is_float(t) ? PICK(g, fcomb) : PICK(g, icomb), v);
      return;
   }
   }
}

/* ---- control flow ---- */

/* The values a jump gives: one per type, uniform/approximate as the slot allows. */
static void
jump_values(struct gen *g, char *out, size_t len, unsigned n, const struct gtype *t,
            const bool *uni, const bool *approx)
{
   uint32_t ids[MAX_RESULTS];
   for (unsigned i = 0; i < n; i++)
      ids[i] = get(g, t[i], uni[i], approx[i]);
   size_t k = 0;
   out[0] = 0;
   for (unsigned i = 0; i < n && k < len; i++)
      k += (size_t)snprintf(out + k, len - k, "%s %%v%u", i ? "," : "", ids[i]);
}

static struct loop_ctx *
innermost_loop(struct gen *g)
{
   return g->nloops ? &g->loops[g->nloops - 1] : NULL;
}

/* Whether the current point may break out of or continue the innermost loop: in a
 * uniform loop only where every lane of the loop still is. */
static bool
may_jump(const struct gen *g)
{
   const struct loop_ctx *l = g->nloops ? &g->loops[g->nloops - 1] : NULL;
   return l && (l->divergent || g->div_ifs == l->div_ifs);
}

static void gen_function_end(struct gen *g);

/* Whether the current point may return early: in a function that allows it
 * (GEN_CALL_EARLY_RETURN; docs/calls.md), in an if but in no loop (with
 * GEN_CALL_LOOP_RETURN: in at most one, GEN_CALL_NESTED_LOOP_RETURN: three), and in a
 * uniform if after a return of part of
 * the lanes only with GEN_CALL_AFTER_RETURN. */
static bool
may_return(const struct gen *g)
{
   unsigned max_loops = !has(g, GEN_CALL_LOOP_RETURN)          ? 0
                        : has(g, GEN_CALL_NESTED_LOOP_RETURN) ? 3
                                                              : 1;
   if (g->cur < 0 || !has(g, GEN_CALL_EARLY_RETURN) || g->nloops > max_loops || !g->depth)
      return false;
   const struct gfunc *f = &g->funcs[g->cur];
   if (f->chain)
      return false;
   for (unsigned i = 0; i < f->nret; i++)
      if (f->p[i].flags & P_UNIFORM) /* each return site could give its own value */
         return false;
   /* after a return of part of the lanes, all the others may return too */
   return g->div_ifs || !g->div_returned || has(g, GEN_CALL_AFTER_RETURN);
}

static void
emit_break(struct gen *g)
{
   struct loop_ctx *l = innermost_loop(g);
   char vals[256];
   jump_values(g, vals, sizeof(vals), l->nres, l->res, l->res_uni, l->res_approx);
   emit(g, "break%s", vals);
}

static void
emit_continue(struct gen *g)
{
   struct loop_ctx *l = innermost_loop(g);
   char vals[256];
   jump_values(g, vals, sizeof(vals), l->ncar, l->car, l->car_uni, l->car_approx);
   emit(g, "continue %%v%u%s%s", l->inext, l->ncar ? "," : "", vals);
}

/* Stores one or two of the values defined since `mark` (the current region's). */
static void
store_some(struct gen *g, unsigned mark)
{
   unsigned n = chance(g, 30) ? 2 : 1;
   for (unsigned i = 0; i < n && g->nvals > mark; i++) {
      unsigned k = mark + rnd(g, g->nvals - mark);
      if (g->vals[k].id)
         store_out(g, g->vals[k].id);
   }
}

static unsigned
sub_block_size(struct gen *g)
{
   unsigned n = 1 + rnd(g, 6);
   return (int)n > g->budget ? (g->budget > 0 ? (unsigned)g->budget : 1) : n;
}

/* One branch of an if: its statements, some stores, and its end: a yield of the
 * results, or (allowed_jump) a break or continue of the innermost loop. */
static void
gen_branch(struct gen *g, unsigned nres, const struct gtype *res, const bool *res_uni,
           const bool *res_approx, bool allow_jump)
{
   unsigned mark = g->nvals;
   g->indent++;
   gen_block(g, sub_block_size(g));
   if (chance(g, 50))
      store_some(g, mark);
   if (allow_jump && may_return(g) && chance(g, 20)) {
      /* part of the lanes return: in a divergent if or in a loop with divergent jumps */
      g->div_returned |= g->div_ifs > 0 || (g->nloops && innermost_loop(g)->divergent);
      gen_function_end(g);
   } else if (allow_jump && may_jump(g) && chance(g, 35)) {
      if (chance(g, 50))
         emit_break(g);
      else
         emit_continue(g);
   } else if (nres) {
      char vals[256];
      jump_values(g, vals, sizeof(vals), nres, res, res_uni, res_approx);
      emit(g, "yield%s", vals);
   }
   g->indent--;
   g->nvals = mark;
}

static void
gen_if(struct gen *g)
{
   bool can_uni = has(g, GEN_UNIFORM_IF), can_div = has(g, GEN_DIVERGENT_IF);
   if (!can_uni && !can_div)
      return;
   bool div = can_div && (!can_uni || chance(g, 50));
   uint32_t c;
   if (div) {
      c = gen_compare(g, false);
      const struct gval *v = find_val(g, c);
      if (v && v->uni) { /* make it per lane */
         uint32_t x = get_divergent(g, ty(G_I32, 1)), one = const_i32(g, 1 + rnd(g, 3));
         uint32_t a = add_val(g, ty(G_I32, 1), false, false);
         emit(g, "%%v%u = iand %%v%u, %%v%u", a, x, one);
         uint32_t z = const_i32(g, 0);
         c = add_val(g, ty(G_I1, 1), false, false);
         emit(g, "%%v%u = ieq %%v%u, %%v%u", c, a, z);
         div = !find_val(g, x)->uni;
      }
   } else {
      c = gen_compare(g, true);
   }
   unsigned nres = has(g, GEN_IF_RESULTS) && chance(g, 50) ? 1 + rnd(g, MAX_RESULTS) : 0;
   struct gtype res[MAX_RESULTS] = {{0, 0}};
   bool res_uni[MAX_RESULTS] = {0}, res_approx[MAX_RESULTS] = {0};
   uint32_t ids[MAX_RESULTS] = {0};
   char head[256] = "", types[128] = "", tb[16];
   size_t hk = 0, tk = 0;
   for (unsigned i = 0; i < nres; i++) {
      res[i] = rnd_type(g, true);
      res_uni[i] = !div && chance(g, 50);
      res_approx[i] = res[i].base == G_F32 && chance(g, 30);
      ids[i] = g->next_id++;
      hk += (size_t)snprintf(head + hk, sizeof(head) - hk, "%s%%v%u", i ? ", " : "", ids[i]);
      tk += (size_t)snprintf(types + tk, sizeof(types) - tk, "%s%s", i ? ", " : " -> ",
                             tname(res[i], tb));
   }
   bool has_else = nres || chance(g, 50);
   /* at most one branch leaves the loop, so code after the if stays reachable */
   int jumper = has_else ? (int)rnd(g, 2) : 0;
   emit(g, "%s%sif %%v%u%s {", head, nres ? " = " : "", c, types);
   g->div_ifs += div;
   g->depth++;
   gen_branch(g, nres, res, res_uni, res_approx, jumper == 0);
   if (has_else) {
      emit(g, "} else {");
      gen_branch(g, nres, res, res_uni, res_approx, jumper == 1);
   }
   g->depth--;
   g->div_ifs -= div;
   emit(g, "}");
   for (unsigned i = 0; i < nres; i++) {
      /* the ids were taken before the branches: put them in the pool now */
      uint32_t save = g->next_id;
      g->next_id = ids[i];
      add_val(g, res[i], res_uni[i], res_approx[i]);
      g->next_id = save;
   }
}

/* A loop counting %i from 0; it breaks when %i reaches a bound of at most 3 (1 in loops
 * nested two deep), so every loop ends, and other breaks and continues come from the ifs of its
 * body. A divergent loop has a per-lane bound or per-lane jumps; a uniform one has
 * neither, so all lanes run every iteration together. */
static void
gen_loop(struct gen *g)
{
   bool can_uni = has(g, GEN_UNIFORM_LOOP), can_div = has(g, GEN_DIVERGENT_LOOP);
   if (!can_uni && !can_div)
      return;
   bool div = can_div && (!can_uni || chance(g, 50));
   struct loop_ctx l;
   memset(&l, 0, sizeof(l));
   l.divergent = div;
   l.div_ifs = g->div_ifs;
   l.ncar = has(g, GEN_LOOP_CARRIED) ? rnd(g, MAX_RESULTS) : 0;
   l.nres = has(g, GEN_IF_RESULTS) ? rnd(g, MAX_RESULTS + 1) : 0;
   char tb[16];
   uint32_t init[MAX_RESULTS];
   for (unsigned i = 0; i < l.ncar; i++) {
      l.car[i] = rnd_type(g, true);
      l.car_uni[i] = !div && chance(g, 50);
      l.car_approx[i] = l.car[i].base == G_F32 && chance(g, 30);
      init[i] = get(g, l.car[i], l.car_uni[i], l.car_approx[i]);
   }
   for (unsigned i = 0; i < l.nres; i++) {
      l.res[i] = rnd_type(g, true);
      l.res_uni[i] = !div && chance(g, 50);
      l.res_approx[i] = l.res[i].base == G_F32 && chance(g, 30);
   }
   uint32_t mask = g->nloops < 2 ? 3 : 1;
   uint32_t x = div && chance(g, 70) ? get_divergent(g, ty(G_I32, 1))
                                     : get(g, ty(G_I32, 1), true, false);
   uint32_t m = const_i32(g, mask), zero = const_i32(g, 0), one = const_i32(g, 1);
   uint32_t bound = add_val(g, ty(G_I32, 1), find_val(g, x)->uni, false);
   emit(g, "%%v%u = iand %%v%u, %%v%u", bound, x, m);

   uint32_t res_ids[MAX_RESULTS];
   char head[256] = "", carried[256] = "", types[128] = "";
   size_t hk = 0, ck = 0, tk = 0;
   for (unsigned i = 0; i < l.nres; i++) {
      res_ids[i] = g->next_id++;
      hk += (size_t)snprintf(head + hk, sizeof(head) - hk, "%s%%v%u", i ? ", " : "", res_ids[i]);
      tk += (size_t)snprintf(types + tk, sizeof(types) - tk, "%s%s", i ? ", " : " -> ",
                             tname(l.res[i], tb));
   }
   unsigned mark = g->nvals;
   /* in a divergent loop the counter is the same in the lanes still running, but the
    * compiler takes it as divergent once a continue sits in a divergent if */
   uint32_t counter = add_val(g, ty(G_I32, 1), !div, false);
   ck += (size_t)snprintf(carried + ck, sizeof(carried) - ck, "%%v%u = %%v%u", counter, zero);
   for (unsigned i = 0; i < l.ncar; i++) {
      uint32_t c = add_val(g, l.car[i], l.car_uni[i], l.car_approx[i]);
      ck += (size_t)snprintf(carried + ck, sizeof(carried) - ck, ", %%v%u = %%v%u", c, init[i]);
   }
   emit(g, "%s%sloop (%s)%s {", head, l.nres ? " = " : "", carried, types);
   g->indent++;
   g->depth++;
   g->div_loops += div;
   l.inext = add_val(g, ty(G_I32, 1), !div, false);
   emit(g, "%%v%u = iadd %%v%u, %%v%u", l.inext, counter, one);
   g->loops[g->nloops++] = l;
   uint32_t done = add_val(g, ty(G_I1, 1), !div && find_val(g, bound)->uni, false);
   emit(g, "%%v%u = uge %%v%u, %%v%u", done, counter, bound);
   emit(g, "if %%v%u {", done);
   g->indent++;
   unsigned exit_mark = g->nvals;
   emit_break(g);
   g->nvals = exit_mark; /* constants made for the break are local to its branch */
   g->indent--;
   emit(g, "}");
   unsigned body_mark = g->nvals;
   gen_block(g, sub_block_size(g));
   if (chance(g, 60))
      store_some(g, body_mark);
   emit_continue(g);
   g->nloops--;
   g->div_loops -= div;
   g->depth--;
   g->indent--;
   emit(g, "}");
   g->nvals = mark;
   for (unsigned i = 0; i < l.nres; i++) {
      uint32_t save = g->next_id;
      g->next_id = res_ids[i];
      add_val(g, l.res[i], l.res_uni[i], l.res_approx[i]);
      g->next_id = save;
   }
}

static bool gen_call(struct gen *g);

static void
gen_stmt(struct gen *g)
{
   g->budget--;
   if (has(g, GEN_CALLS) && chance(g, 12) && gen_call(g))
      return;
   unsigned k = rnd(g, 100);
   bool nest = g->depth < MAX_DEPTH;
   bool entry = g->cur < 0; /* memory of the entry's own, barriers, subgroup operations */
   if (k < 36)
      gen_alu(g);
   else if (k < 44 && has(g, GEN_CONVERT))
      gen_convert(g);
   else if (k < 49)
      gen_select(g);
   else if (k < 54 && has(g, GEN_VECTOR))
      gen_vector(g);
   else if (k < 59 && has(g, GEN_GLOBAL_LOAD))
      gen_global_load(g);
   else if (k < 62)
      gen_store(g);
   else if (k < 65 && has(g, GEN_STACK))
      gen_stack(g);
   else if (k < 67 && has(g, GEN_LDS) && cf_uniform(g) && entry)
      gen_lds(g);
   else if (k < 69 && has(g, GEN_ATOMIC) && entry)
      gen_atomic(g);
   else if (k < 76 && entry)
      gen_subgroup(g);
   else if (k < 86 && nest)
      gen_if(g);
   else if (k < 94 && nest)
      gen_loop(g);
   else
      gen_alu(g);
}

static void
gen_block(struct gen *g, unsigned n)
{
   for (unsigned i = 0; i < n && !g->oom && !g->body.oom; i++)
      gen_stmt(g);
}

/* ---- calls ---- */

#define NUM_BUILTIN_ABIS 4
static const char *const builtin_abis[NUM_BUILTIN_ABIS] = {"compute_default", "rt_recursive",
                                                            "rt_traversal", "rt_anyhit"};

/* Registers a parameter takes (docs/calls.md: one per component, two if 64-bit). */
static unsigned
regs(struct gtype t)
{
   return t.comps * (bits(t) == 64 ? 2 : 1);
}

static bool
in_sgprs(const struct gparam *p)
{
   return (p->flags & P_UNIFORM) || p->t.base == G_I1;
}

/* User ABIs: register blocks of 4 to 16 registers a stripe, or none; most cap the
 * parameters' registers low, so that the rest go to the stack. */
static void
gen_user_abis(struct gen *g)
{
   static const unsigned stripe[] = {4, 8, 16};
   static const unsigned caps[] = {2, 4, 8}, capv[] = {3, 4, 8};
   g->nabis = has(g, GEN_CALL_ABI) ? rnd(g, MAX_USER_ABIS + 1) : 0;
   for (unsigned i = 0; i < g->nabis; i++) {
      struct gabi *a = &g->abis[i];
      a->block = chance(g, 80);
      a->ps = PICK(g, stripe);
      a->pv = PICK(g, stripe);
      a->cs = PICK(g, stripe);
      a->cv = PICK(g, stripe);
      a->pfirst = chance(g, 60);
      a->capped = chance(g, 70);
      a->caps = a->capped ? PICK(g, caps) : 32;
      a->capv = a->capped ? PICK(g, capv) : 32;
      sb_printf(&g->defs, "abi @u%u {\n", i);
      if (a->block)
         sb_printf(&g->defs, "  preserved s%u v%u\n  clobbered s%u v%u\n  %s\n", a->ps, a->pv,
                   a->cs, a->cv, a->pfirst ? "preserved_first" : "clobbered_first");
      sb_printf(&g->defs, "  max_params s%u v%u\n}\n\n", a->caps, a->capv);
   }
}

/* A return parameter's type: at most 4 registers (a clobbered stripe of a user ABI holds
 * it); under a capped ABI a 32-bit scalar, so that the returns fit under the cap. No i1
 * for functions called through per-lane pointers (docs/calls.md). */
static struct gtype
return_type(struct gen *g, bool chain, bool capped)
{
   /* under a capped ABI larger results may go to the stack (not for divergent-callable
    * functions, whose stack results are not supported) */
   if (capped && (chain || chance(g, 50)))
      return has(g, GEN_F32) && chance(g, 40) ? ty(G_F32, 1) : ty(G_I32, 1);
   struct gtype t = rnd_type(g, !chain); /* no i1 results of divergent-callable functions */
   if (regs(t) > 4)
      t.comps = bits(t) == 64 ? 2 : 4;
   return t;
}

static void
add_param(struct gfunc *f, struct gtype t, uint8_t flags)
{
   if (f->np < MAX_PARAMS)
      f->p[f->np++] = (struct gparam){t, flags};
}

/* A random signature and ABI: 1 to 3 return parameters first, then a per-lane i32 (the
 * body's lane value), `in` when loads are on, a depth for recursion, and up to 5 others
 * of any type and flags, in random order. */
static void
gen_signature(struct gen *g, struct gfunc *f)
{
   memset(f, 0, sizeof(*f));
   f->in = f->lane = f->depth = -1;
   if (has(g, GEN_CALL_ABI))
      f->abi = rnd(g, NUM_BUILTIN_ABIS + g->nabis);
   bool capped = f->abi >= NUM_BUILTIN_ABIS && g->abis[f->abi - NUM_BUILTIN_ABIS].capped;
   f->chain = has(g, GEN_CALL_CHAIN) && chance(g, 35);
   f->lanes = f->chain || (has(g, GEN_CALL_LANES) && chance(g, 50));
   f->nret = 1 + rnd(g, 3);
   for (unsigned i = 0; i < f->nret; i++) {
      struct gtype t = return_type(g, f->chain, capped);
      bool uni = !f->chain && chance(g, 25);
      add_param(f, t, P_RETURN | (uni ? P_UNIFORM : 0));
   }
   unsigned special[3] = {0, 0, 0}, nspecial = 0; /* 1 lane, 2 in, 3 depth */
   special[nspecial++] = 1;
   if (has(g, GEN_GLOBAL_LOAD))
      special[nspecial++] = 2;
   if (has(g, GEN_CALL_RECURSION) && chance(g, 60))
      special[nspecial++] = 3;
   unsigned nother = rnd(g, 6), total = nspecial + nother;
   for (unsigned i = 0; i < total; i++) {
      /* the specials land at random places among the others */
      unsigned k = rnd(g, total - i);
      if (k < nspecial) {
         unsigned what = special[k];
         special[k] = special[--nspecial];
         if (what == 2)
            f->in = (int)f->np;
         else if (what == 1)
            f->lane = (int)f->np;
         else
            f->depth = (int)f->np;
         add_param(f, ty(what == 2 ? G_I64 : G_I32, 1), what == 2 ? P_UNIFORM : 0);
         continue;
      }
      uint8_t flags = (chance(g, 30) ? P_UNIFORM : 0) | (chance(g, 20) ? P_DISCARD : 0);
      add_param(f, rnd_type(g, true), flags);
   }
   for (unsigned i = 0; i < f->np && !has(g, GEN_CALL_SGPR_VEC3); i++)
      if (f->p[i].t.comps == 3 && (int)i != f->in)
         f->p[i].flags &= (uint8_t)~P_UNIFORM;
   /* SGPR returns only where every SGPR parameter fits well under the cap of 32 */
   unsigned sgprs = 0;
   for (unsigned i = 0; i < f->np; i++)
      if (in_sgprs(&f->p[i]))
         sgprs += f->p[i].t.base == G_I1 ? 2 : regs(f->p[i].t);
   for (unsigned i = 0; i < f->nret && sgprs > 24; i++) {
      f->p[i].flags &= (uint8_t)~P_UNIFORM;
      if (f->p[i].t.base == G_I1)
         f->p[i].t = ty(G_I32, 1);
   }
}

static bool
same_returns(const struct gfunc *a, const struct gfunc *b)
{
   if (a->nret != b->nret || a->abi != b->abi)
      return false;
   for (unsigned i = 0; i < a->nret; i++)
      if (!same_type(a->p[i].t, b->p[i].t) || a->p[i].flags != b->p[i].flags)
         return false;
   return true;
}

/* A depth for a recursive function: a per-lane value masked to at most DEPTH_MAX. */
static uint32_t
bounded_depth(struct gen *g)
{
   uint32_t x = get_divergent(g, ty(G_I32, 1)), m = const_i32(g, DEPTH_MAX);
   uint32_t d = add_val(g, ty(G_I32, 1), find_val(g, x)->uni, false);
   emit(g, "%%v%u = iand %%v%u, %%v%u", d, x, m);
   return d;
}

/* A value nothing else uses (as far as value numbering goes): constants of random bits.
 * Without GEN_CALL_CLOBBERED_LIVE, the arguments of return and discardable parameters are
 * such values, so that none lives on after the call (call_clobbered_arg_live.air). */
static uint32_t
fresh_value(struct gen *g, struct gtype t)
{
   struct gtype c = ty((enum gbase)t.base, 1);
   uint32_t ids[4];
   for (unsigned i = 0; i < t.comps; i++) {
      uint64_t v = rnd64(g);
      if (bits(c) < 64)
         v &= (UINT64_C(1) << bits(c)) - 1;
      if (is_float(c) && !has(g, GEN_NAN) && is_nan_bits(v, bits(c)))
         v &= ~(UINT64_C(1) << (bits(c) - 2)); /* an exponent bit off: not a NaN */
      ids[i] = emit_const_bits(g, c, v);
      ((struct gval *)find_val(g, ids[i]))->hidden = true; /* used by this call only */
   }
   if (t.comps == 1)
      return ids[0];
   uint32_t id = add_val(g, t, true, false);
   g->vals[g->nvals - 1].hidden = true;
   char line[128];
   int n = snprintf(line, sizeof(line), "vec");
   for (unsigned i = 0; i < t.comps; i++)
      n += snprintf(line + n, sizeof(line) - (size_t)n, "%s %%v%u", i ? "," : "", ids[i]);
   emit(g, "%%v%u = %s", id, line);
   return id;
}

/* The arguments of a call of f (`depth`: the recursion's, 0 for a new bounded one). */
static void
call_args(struct gen *g, const struct gfunc *f, uint32_t depth, char *out, size_t len)
{
   size_t n = 0;
   out[0] = 0;
   for (unsigned i = 0; i < f->np && n < len; i++) {
      const struct gparam *p = &f->p[i];
      if ((int)i == f->in) {
         n += (size_t)snprintf(out + n, len - n, "%s%%in", i ? ", " : "");
         continue;
      }
      uint32_t id;
      if ((int)i == f->depth)
         id = depth ? depth : bounded_depth(g);
      else if ((int)i == f->lane)
         id = get_divergent(g, ty(G_I32, 1));
      else if ((p->flags & (P_RETURN | P_DISCARD)) && !has(g, GEN_CALL_CLOBBERED_LIVE))
         id = fresh_value(g, p->t);
      else
         id = get(g, p->t, p->flags & P_UNIFORM, false);
      n += (size_t)snprintf(out + n, len - n, "%s%%v%u", i ? ", " : "", id);
   }
}

/* Ids for f's results, "%va, %vb = " in head; put in the pool by call_results. */
static void
result_head(struct gen *g, const struct gfunc *f, uint32_t *ids, char *head, size_t len)
{
   size_t n = 0;
   head[0] = 0;
   for (unsigned i = 0; i < f->nret && n < len; i++) {
      ids[i] = g->next_id++;
      n += (size_t)snprintf(head + n, len - n, "%s%%v%u%s", i ? ", " : "", ids[i],
                            i + 1 == f->nret ? " = " : "");
   }
}

static void
call_results(struct gen *g, const struct gfunc *f, const uint32_t *ids, bool uni_ok)
{
   for (unsigned i = 0; i < f->nret; i++) {
      uint32_t save = g->next_id;
      g->next_id = ids[i];
      add_val(g, f->p[i].t, uni_ok && (f->p[i].flags & P_UNIFORM), false);
      g->next_id = save;
   }
   for (unsigned i = 0; i < f->nret; i++)
      if (chance(g, 60))
         store_out(g, ids[i]);
}

/* A pointer to one of the functions of f's group callable here: `per_lane` selects
 * between up to three of them by bits of a per-lane value. Returns the pointer's id; *cost
 * is the most any of them costs. */
static uint32_t
group_pointer(struct gen *g, const struct gfunc *f, bool per_lane, unsigned *cost)
{
   unsigned members[MAX_FUNCS], n = 0;
   for (unsigned j = 0; j < g->ncallable; j++)
      if (g->funcs[j].group == f->group)
         members[n++] = j;
   unsigned pick_n = per_lane ? 2 + rnd(g, 2) : (chance(g, 30) ? 2 : 1);
   uint32_t p = 0;
   *cost = 0;
   for (unsigned i = 0; i < pick_n; i++) {
      unsigned j = members[rnd(g, n)];
      if (g->funcs[j].cost > *cost)
         *cost = g->funcs[j].cost;
      uint32_t a = g->next_id++;
      emit(g, "%%v%u = func_addr @f%u", a, j);
      if (!i) {
         p = a;
         continue;
      }
      uint32_t c;
      if (per_lane) {
         uint32_t x = get_divergent(g, ty(G_I32, 1)), b = const_i32(g, 1u << rnd(g, 3));
         uint32_t z = const_i32(g, 0), m = add_val(g, ty(G_I32, 1), false, false);
         emit(g, "%%v%u = iand %%v%u, %%v%u", m, x, b);
         c = add_val(g, ty(G_I1, 1), false, false);
         emit(g, "%%v%u = ieq %%v%u, %%v%u", c, m, z);
      } else {
         c = get(g, ty(G_I1, 1), true, false);
      }
      uint32_t s = g->next_id++;
      emit(g, "%%v%u = select %%v%u, %%v%u, %%v%u", s, c, a, p);
      p = s;
   }
   return p;
}

/* The recursive call of the current function, under `if depth > 0`, giving its results
 * (else values of the same types). */
static void
gen_recursion(struct gen *g)
{
   const struct gfunc *f = &g->funcs[g->cur];
   char tb[16], types[128] = "", head[256], args[1024];
   g->rec_done = true;
   uint32_t z = const_i32(g, 0), one = const_i32(g, 1);
   uint32_t c = add_val(g, ty(G_I1, 1), false, false);
   emit(g, "%%v%u = ugt %%v%u, %%v%u", c, g->depth_id, z);
   uint32_t ids[MAX_PARAMS];
   result_head(g, f, ids, head, sizeof(head));
   size_t tk = 0;
   for (unsigned i = 0; i < f->nret; i++)
      tk += (size_t)snprintf(types + tk, sizeof(types) - tk, "%s%s", i ? ", " : " -> ",
                             tname(f->p[i].t, tb));
   emit(g, "%sif %%v%u%s {", head, c, types);
   unsigned mark = g->nvals;
   g->indent++;
   g->div_ifs++;
   uint32_t d = add_val(g, ty(G_I32, 1), false, false);
   emit(g, "%%v%u = isub %%v%u, %%v%u", d, g->depth_id, one);
   call_args(g, f, d, args, sizeof(args));
   uint32_t rids[MAX_PARAMS];
   result_head(g, f, rids, head, sizeof(head));
   emit(g, "%scall @f%d(%s)", head, g->cur, args);
   size_t n = 0;
   for (unsigned i = 0; i < f->nret; i++)
      n += (size_t)snprintf(args + n, sizeof(args) - n, "%s %%v%u", i ? "," : "", rids[i]);
   emit(g, "yield%s", args);
   g->nvals = mark;
   g->indent--;
   emit(g, "} else {");
   g->indent++;
   bool uni[MAX_PARAMS] = {0}, approx[MAX_PARAMS] = {0};
   struct gtype t[MAX_PARAMS];
   for (unsigned i = 0; i < f->nret; i++)
      t[i] = f->p[i].t;
   jump_values(g, args, sizeof(args), f->nret, t, uni, approx);
   emit(g, "yield%s", args);
   g->nvals = mark;
   g->indent--;
   g->div_ifs--;
   emit(g, "}");
   call_results(g, f, ids, false);
}

/* A call from the current body: direct, through a uniform pointer, or through a per-lane
 * one, of a function written before it (or the recursion of the current function); false
 * when none fits the cost cap. */
static bool
gen_call(struct gen *g)
{
   if (g->cur >= 0 && g->funcs[g->cur].recursive && !g->rec_done && !g->nloops &&
       chance(g, 40)) {
      gen_recursion(g);
      return true;
   }
   if (!g->ncallable)
      return false;
   const struct gfunc *f = &g->funcs[rnd(g, g->ncallable)];
   unsigned mult = 1u << (2 * g->nloops); /* a loop runs at most 3 times */
   unsigned kinds[3], nk = 0;
   kinds[nk++] = 0;
   if (has(g, GEN_CALL_INDIRECT))
      kinds[nk++] = 1;
   if (f->lanes && has(g, f->chain ? GEN_CALL_CHAIN : GEN_CALL_LANES))
      kinds[nk++] = 2;
   unsigned kind = kinds[rnd(g, nk)];
   unsigned most = f->cost;
   for (unsigned j = 0; kind && j < g->ncallable; j++)
      if (g->funcs[j].group == f->group && g->funcs[j].cost > most)
         most = g->funcs[j].cost;
   if (g->cost + mult * most > g->cost_cap)
      return false;
   char args[1024], head[256];
   call_args(g, f, 0, args, sizeof(args));
   unsigned cost = f->cost;
   uint32_t ids[MAX_PARAMS];
   if (kind) {
      uint32_t p = group_pointer(g, f, kind == 2, &cost);
      result_head(g, f, ids, head, sizeof(head));
      emit(g, "%scall_indirect %%v%u : @f%u(%s)", head, p, (unsigned)(f - g->funcs), args);
   } else {
      result_head(g, f, ids, head, sizeof(head));
      emit(g, "%scall @f%u(%s)", head, (unsigned)(f - g->funcs), args);
   }
   g->cost += mult * cost;
   call_results(g, f, ids, kind != 2);
   return true;
}

/* The end of a function (or an early return): a tail call of an earlier function with
 * its ABI and return parameters (not from a divergent_callable function; in divergent
 * control flow only with call-tail-divergent, docs/calls.md), or a return. */
static void
gen_function_end(struct gen *g)
{
   const struct gfunc *f = &g->funcs[g->cur];
   char args[1024];
   bool after = g->div_returned && (!has(g, GEN_CALL_AFTER_RETURN) || g->nloops);
   bool divergent = g->div_ifs || (g->nloops && innermost_loop(g)->divergent);
   if (has(g, GEN_CALL_TAIL) && !f->chain && (!divergent || has(g, GEN_CALL_TAIL_DIVERGENT)) &&
       !after && chance(g, 40)) {
      unsigned cands[MAX_FUNCS], n = 0;
      for (unsigned j = 0; j < g->ncallable; j++)
         if (same_returns(f, &g->funcs[j]) && g->cost + g->funcs[j].cost <= g->cost_cap)
            cands[n++] = j;
      if (n) {
         unsigned j = cands[rnd(g, n)];
         const struct gfunc *t = &g->funcs[j];
         g->cost += t->cost;
         call_args(g, t, 0, args, sizeof(args));
         if (has(g, GEN_CALL_INDIRECT) && chance(g, 40)) {
            uint32_t p = g->next_id++;
            emit(g, "%%v%u = func_addr @f%u", p, j);
            emit(g, "tail_call_indirect %%v%u : @f%u(%s)", p, j, args);
         } else {
            emit(g, "tail_call @f%u(%s)", j, args);
         }
         return;
      }
   }
   bool uni[MAX_PARAMS], approx[MAX_PARAMS] = {0};
   struct gtype t[MAX_PARAMS];
   for (unsigned i = 0; i < f->nret; i++) {
      t[i] = f->p[i].t;
      uni[i] = f->p[i].flags & P_UNIFORM;
   }
   jump_values(g, args, sizeof(args), f->nret, t, uni, approx);
   emit(g, "return%s", args);
}

static void
float_mode(struct gen *g, struct sbuf *s);

/* A function body of its own: a fresh pool and statement state; returns the state to
 * give back to end_body. */
static struct gen
begin_body(struct gen *g)
{
   struct gen saved = *g;
   g->vals = NULL;
   g->nvals = g->capvals = 0;
   memset(&g->body, 0, sizeof(g->body));
   g->indent = g->depth = g->div_ifs = g->div_loops = g->nloops = 0;
   g->cost = 0;
   return saved;
}

/* Back to `saved` with what the body consumed (random numbers, ids, and with
 * keep_slots the entry's slot bytes it stored to); the function (head, body) goes to
 * the definitions. */
static void
end_body(struct gen *g, struct gen *saved, struct sbuf *head, bool keep_slots)
{
   struct sbuf body = g->body;
   saved->rng = g->rng;
   saved->next_id = g->next_id;
   if (keep_slots)
      saved->out_used = g->out_used;
   saved->oom = saved->oom || g->oom || body.oom || head->oom;
   free(g->vals);
   *g = *saved;
   sb_printf(&g->defs, "%s%s}\n\n", head->d ? head->d : "", body.d ? body.d : "");
   free(head->d);
   free(body.d);
}


/* Function k: its signature (or that of an earlier function, making a group for pointer
 * calls), then its body with a pool of its own (its parameters), written to g->defs. */
static void
gen_function(struct gen *g, unsigned k)
{
   struct gfunc *f = &g->funcs[k];
   bool grouped = k && (has(g, GEN_CALL_INDIRECT) || has(g, GEN_CALL_LANES) ||
                        has(g, GEN_CALL_CHAIN)) && chance(g, 45);
   if (grouped) {
      *f = g->funcs[rnd(g, k)];
   } else {
      gen_signature(g, f);
      f->group = k;
   }
   f->recursive = f->depth >= 0 && chance(g, 60);
   f->cost = 0;

   struct gen saved = begin_body(g);
   g->cur = (int)k;
   g->ncallable = k;
   g->cost_cap = f->recursive ? COST_MAX / (DEPTH_MAX + 1) - 1 : COST_MAX - 1;
   g->rec_done = false;
   g->div_returned = false;
   g->stack_used = has(g, GEN_STACK) && chance(g, 50);

   struct sbuf head = {0};
   char tb[16];
   sb_printf(&head, "function @f%u(", k);
   for (unsigned i = 0; i < f->np; i++) {
      const struct gparam *p = &f->p[i];
      sb_printf(&head, "%s", i ? ", " : "");
      if ((int)i == f->in) {
         sb_printf(&head, "uniform ptr %%in");
         continue;
      }
      uint32_t id = add_val(g, p->t, p->flags & P_UNIFORM, false);
      if ((p->flags & P_RETURN) && !has(g, GEN_CALL_RETURN_INPUT))
         g->vals[g->nvals - 1].hidden = true;
      if ((int)i == f->lane)
         snprintf(g->lane, sizeof(g->lane), "%%v%u", id);
      if ((int)i == f->depth)
         g->depth_id = id;
      sb_printf(&head, "%s%s%s%s %%v%u", p->flags & P_UNIFORM ? "uniform " : "",
                p->flags & P_DISCARD ? "discardable " : "", p->flags & P_RETURN ? "return " : "",
                tname(p->t, tb), id);
   }
   sb_printf(&head, ") abi @");
   if (f->abi < NUM_BUILTIN_ABIS)
      sb_printf(&head, "%s", builtin_abis[f->abi]);
   else
      sb_printf(&head, "u%u", f->abi - NUM_BUILTIN_ABIS);
   sb_printf(&head, "%s%s {\n", f->chain ? " divergent_callable" : "", g->fmode.d ? g->fmode.d : "");
   if (g->stack_used) {
      sb_printf(&head, "  stack $0 size %u align 8\n", STACK_SIZE);
      uint32_t z = const_i32(g, 0);
      for (unsigned off = 0; off < STACK_SIZE; off += 4)
         emit(g, "store_stack $0[%u], %%v%u", off, z);
   }
   g->budget = 4 + (int)rnd(g, 28);
   while (g->budget > 0 && !g->oom && !g->body.oom)
      gen_stmt(g);
   if (f->recursive && !g->rec_done)
      gen_recursion(g);
   gen_function_end(g);
   f->cost = (1 + g->cost) * (f->recursive ? DEPTH_MAX + 1 : 1);

   saved.funcs[k] = *f;
   end_body(g, &saved, &head, false);
}

/* The functions of a program with calls, and the float mode they share with the entry. */
static void
gen_functions(struct gen *g)
{
   if (!has(g, GEN_CALLS))
      return;
   float_mode(g, &g->fmode);
   g->fmode_set = true;
   gen_user_abis(g);
   g->nfuncs = 1 + rnd(g, MAX_FUNCS);
   for (unsigned k = 0; k < g->nfuncs && !g->oom; k++)
      gen_function(g, k);
   g->ncallable = g->nfuncs;
   g->cost = 0;
   g->cost_cap = COST_MAX;
}

/* ---- the kernel ---- */

static void
pick_workgroup(struct gen *g)
{
   static const unsigned whole[][3] = {{64, 1, 1}, {128, 1, 1}, {8, 8, 1}, {16, 4, 2},
                                       {192, 1, 1}, {32, 2, 1}, {256, 1, 1}};
   static const unsigned partial[][3] = {{1, 1, 1},  {7, 1, 1},   {16, 1, 1},  {24, 1, 1},
                                         {32, 1, 1}, {40, 1, 1},  {48, 1, 1},  {65, 1, 1},
                                         {96, 1, 1}, {100, 1, 1}, {130, 1, 1}, {5, 3, 2},
                                         {10, 3, 1}, {33, 1, 1},  {160, 1, 1}, {8, 4, 3}};
   const unsigned *w;
   if (has(g, GEN_PARTIAL_WAVE) && chance(g, 75))
      w = partial[rnd(g, sizeof(partial) / sizeof(partial[0]))];
   else
      w = whole[rnd(g, sizeof(whole) / sizeof(whole[0]))];
   if (!has(g, GEN_SYSVALS) && (w[1] > 1 || w[2] > 1))
      w = whole[0];
   memcpy(g->wg, w, sizeof(g->wg));
   g->wg_size = w[0] * w[1] * w[2];
   /* the lanes of the last (possibly partial) wave, for both wave sizes */
   g->lane_bound = 32;
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      unsigned last = g->wg_size - wave * ((g->wg_size - 1) / wave);
      if (last < g->lane_bound)
         g->lane_bound = last;
   }
}

/* Values every program starts with: invocation ids (per lane), arguments and the
 * workgroup id (uniform), and loads of `in` (per lane). */
static void
seed_values(struct gen *g)
{
   char tb[16];
   add_val(g, ty(G_I32, 1), false, false);
   emit(g, "%%v%u = local_invocation_index", g->next_id - 1);
   add_val(g, ty(G_I32, 1), true, false);
   emit(g, "%%v%u = workgroup_id.x", g->next_id - 1);
   if (has(g, GEN_SYSVALS)) {
      static const char *const sv[] = {"local_invocation_id.x", "local_invocation_id.y",
                                       "subgroup_invocation", "subgroup_id"};
      unsigned n = 1 + rnd(g, 2);
      for (unsigned i = 0; i < n; i++) {
         add_val(g, ty(G_I32, 1), false, false);
         emit(g, "%%v%u = %s", g->next_id - 1, PICK(g, sv));
      }
      /* a value of the wave size: the same in every lane, not the same for both targets */
      static const char *const wave[] = {"subgroup_size", "num_subgroups"};
      uint32_t id = add_val(g, ty(G_I32, 1), true, false);
      emit(g, "%%v%u = %s", id, PICK(g, wave));
   }
   if (has(g, GEN_GLOBAL_LOAD)) {
      for (unsigned i = 0; i < 2; i++) {
         struct gtype t = i ? rnd_mem_type(g, 16) : ty(G_I32, 1);
         uint32_t o = masked_offset(g, IN_INDEX_MASK, comp_bytes(t), false);
         uint32_t id = add_val(g, t, false, false);
         emit(g, "%%v%u = load_global %s %%in[%%v%u]", id, tname(t, tb), o);
         canonicalize(g, id);
      }
   }
   if (g->stack_used) {
      uint32_t z = const_i32(g, 0);
      for (unsigned off = 0; off < STACK_SIZE; off += 4)
         emit(g, "store_stack $0[%u], %%v%u", off, z);
   }
}

static void
float_mode(struct gen *g, struct sbuf *s)
{
   static const char *const rounding[] = {"rne", "rtp", "rtn", "rtz"};
   if (!has(g, GEN_FLOAT_MODE) || chance(g, 50))
      return;
   if (chance(g, 50))
      sb_printf(s, " denorm32 flush");
   if (chance(g, 50))
      sb_printf(s, " denorm16_64 flush");
   if (chance(g, 30))
      sb_printf(s, " round32 %s", rounding[1 + rnd(g, 3)]);
   if (chance(g, 30))
      sb_printf(s, " round16_64 %s", rounding[1 + rnd(g, 3)]);
}

/* ---- amdgpu_cs_chain functions ---- */

#define MAX_CHAIN_EXTRA 4

/* A parameter type the chain layout takes: no i1, no vector of 8/16-bit values. */
static struct gtype
chain_type(struct gen *g)
{
   for (unsigned tries = 0; tries < 8; tries++) {
      struct gtype t = rnd_type(g, false);
      if (t.base != G_I1 && (t.comps == 1 || comp_bytes(t) >= 4))
         return t;
   }
   return ty(G_I32, 1);
}

/* "%in, %out, %obase, %lid" and a value of each extra parameter from the current pool. */
static void
chain_args(struct gen *g, const struct gtype *t, const bool *uni, unsigned n, char *out,
           size_t len)
{
   size_t k = (size_t)snprintf(out, len, "%%in, %%out, %%obase, %%lid");
   for (unsigned i = 0; i < n && k < len; i++)
      k += (size_t)snprintf(out + k, len - k, ", %%v%u", get(g, t[i], uni[i], false));
}

/* Chain function @c<k> (k + 1 < n: it jumps on to @c<k+1>, written before it): the
 * entry's slot parameters, a few others, a body like the entry's, its stores, and its
 * end. Its parameter types go to *t / *uni for the jump that reaches it. */
static void
gen_chain_function(struct gen *g, unsigned k, unsigned n, const struct gtype *next_t,
                   const bool *next_uni, unsigned next_n, struct gtype *t, bool *uni,
                   unsigned *nt)
{
   *nt = rnd(g, MAX_CHAIN_EXTRA + 1);
   for (unsigned i = 0; i < *nt; i++) {
      t[i] = chain_type(g);
      uni[i] = chance(g, 40);
   }
   struct gen saved = begin_body(g);
   g->cur = -1; /* stores into the entry's slots */
   g->ncallable = g->nfuncs;
   g->cost_cap = COST_MAX - 1;
   g->stack_used = has(g, GEN_STACK) && chance(g, 50);
   snprintf(g->lane, sizeof(g->lane), "%%lid");
   struct sbuf head = {0};
   char tb[16];
   sb_printf(&head, "function @c%u(uniform ptr %%in, uniform ptr %%out, i32 %%obase, i32 %%lid", k);
   for (unsigned i = 0; i < *nt; i++)
      sb_printf(&head, ", %s%s %%v%u", uni[i] ? "uniform " : "", tname(t[i], tb),
                add_val(g, t[i], uni[i], false));
   sb_printf(&head, ") abi @amdgpu_cs_chain%s {\n", g->fmode.d ? g->fmode.d : "");
   if (g->stack_used) {
      sb_printf(&head, "  stack $0 size %u align 8\n", STACK_SIZE);
      uint32_t z = const_i32(g, 0);
      for (unsigned off = 0; off < STACK_SIZE; off += 4)
         emit(g, "store_stack $0[%u], %%v%u", off, z);
   }
   g->budget = 4 + (int)rnd(g, 24);
   while (g->budget > 0 && !g->oom && !g->body.oom)
      gen_stmt(g);
   for (unsigned i = g->nvals, m = 0; i-- > 0 && m < 4; m++)
      if (g->vals[i].id)
         store_out(g, g->vals[i].id);
   if (k + 1 < n) {
      char args[1024];
      chain_args(g, next_t, next_uni, next_n, args, sizeof(args));
      emit(g, "tail_call @c%u(%s)", k + 1, args);
   } else {
      emit(g, "return");
   }
   end_body(g, &saved, &head, true);
}

/* The entry's end (after its stores): a jump to @c0, whose functions are written now, the
 * last first, so that each jump targets one written before it. */
static void
gen_chain_end(struct gen *g)
{
   if (!has(g, GEN_CALL_CS_CHAIN) || !chance(g, 40))
      return;
   unsigned n = 1 + rnd(g, 2);
   struct gtype t[2][MAX_CHAIN_EXTRA];
   bool uni[2][MAX_CHAIN_EXTRA];
   unsigned nt[2] = {0, 0};
   for (unsigned k = n; k-- > 0;)
      gen_chain_function(g, k, n, t[(k + 1) % 2], uni[(k + 1) % 2], nt[(k + 1) % 2], t[k % 2],
                         uni[k % 2], &nt[k % 2]);
   char args[1024];
   chain_args(g, t[0], uni[0], nt[0], args, sizeof(args));
   snprintf(g->main_end, sizeof(g->main_end), "tail_call @c0(%s)", args);
}

static char *
assemble(struct gen *g, uint64_t seed, const char *prologue, unsigned grid, uint32_t a0,
         uint32_t a1, uint32_t af)
{
   struct sbuf s = {0};
   unsigned slot = (g->out_used + 15) & ~15u;
   if (!slot)
      slot = 16;
   float f;
   memcpy(&f, &af, 4);
   sb_printf(&s, "; generated: seed %llu, features 0x%llx\n", (unsigned long long)seed,
             (unsigned long long)g->feat);
   sb_printf(&s, "; buffer in %u random\n; buffer out %u\n", IN_SIZE,
             slot * g->wg_size * grid);
   sb_printf(&s, "; args in out %u %u%s", a0, a1, has(g, GEN_F32) ? "" : "\n");
   if (has(g, GEN_F32))
      sb_printf(&s, " f:%.9g\n", (double)f);
   sb_printf(&s, "; grid %u 1 1\ntarget gfx1100 wave32\n\n%s", grid, g->defs.d ? g->defs.d : "");
   sb_printf(&s, "entry function @main(uniform ptr %%in, uniform ptr %%out, uniform i32 %%v0, "
                 "uniform i32 %%v1%s) abi @compute_default workgroup_size %u %u %u",
             has(g, GEN_F32) ? ", uniform f32 %v2" : "", g->wg[0], g->wg[1], g->wg[2]);
   if (!g->fmode_set)
      float_mode(g, &g->fmode);
   sb_printf(&s, "%s {\n", g->fmode.d ? g->fmode.d : "");
   if (g->stack_used)
      sb_printf(&s, "  stack $0 size %u align 8\n", STACK_SIZE);
   sb_printf(&s, "  %%lid = local_invocation_index\n  %%wgid = workgroup_id.x\n");
   sb_printf(&s, "  %%wgsz = const i32 %u\n  %%gbase = imul %%wgid, %%wgsz\n", g->wg_size);
   sb_printf(&s, "  %%gid = iadd %%gbase, %%lid\n  %%slot = const i32 %u\n", slot);
   sb_printf(&s, "  %%obase = imul %%gid, %%slot\n%s%s  %s\n}\n", prologue, g->body.d,
             g->main_end[0] ? g->main_end : "return");
   if (s.oom) {
      free(s.d);
      return NULL;
   }
   return s.d;
}

const char *
gen_feature_name(unsigned bit)
{
   static const char *const names[GEN_FEATURE_COUNT] = {
      "uniform-if", "divergent-if", "uniform-loop", "divergent-loop", "results", "carried",
      "i8", "i16", "i64", "f16", "f32", "f64", "vector", "convert", "div", "approx",
      "global-load", "load-uniform", "lds", "stack", "atomic", "ballot", "read-lane",
      "reduce", "scan", "partial-wave", "float-mode", "sysvals", "nan", "i64-arith",
      "convert-wide", "small-vector", "wide-vector", "small-scalar", "vector-select",
      "uniform-float", "ffract", "fsub", "narrow-f2i", "approx-denormal", "f2i-huge", "trig",
      "calls", "call-abi", "call-indirect", "call-lanes", "call-chain", "call-recursion",
      "call-tail", "call-sgpr-vec3", "call-clobbered-live", "call-return-input",
      "call-early-return", "call-after-return", "call-cs-chain", "call-loop-return",
      "call-tail-divergent", "call-nested-loop-return"};
   return bit < GEN_FEATURE_COUNT ? names[bit] : NULL;
}

bool
gen_parse_features(const char *text, uint64_t *features, char *err, size_t errlen)
{
   char *end;
   unsigned long long v = strtoull(text, &end, 0);
   if (*text && !*end) {
      *features = (uint64_t)v & GEN_FEATURES_ALL;
      return true;
   }
   uint64_t f = 0;
   const char *p = text;
   while (*p) {
      size_t n = strcspn(p, ",");
      bool minus = *p == '-';
      const char *w = p + minus;
      size_t wn = n - minus;
      uint64_t bit = 0;
      if (wn == 3 && !strncmp(w, "all", 3))
         bit = GEN_FEATURES_ALL;
      else if (wn == 7 && !strncmp(w, "default", 7))
         bit = GEN_FEATURES_DEFAULT;
      else if (wn == 4 && !strncmp(w, "none", 4))
         f = 0;
      else {
         for (unsigned i = 0; gen_feature_name(i); i++)
            if (strlen(gen_feature_name(i)) == wn && !strncmp(gen_feature_name(i), w, wn))
               bit = UINT64_C(1) << i;
         if (!bit) {
            snprintf(err, errlen, "unknown feature '%.*s'", (int)n, p);
            return false;
         }
      }
      f = minus ? f & ~bit : f | bit;
      p += n + (p[n] == ',');
   }
   *features = f;
   return true;
}

char *
gen_program(uint64_t seed, uint64_t features)
{
   struct gen g;
   memset(&g, 0, sizeof(g));
   g.rng = seed;
   g.feat = features & GEN_FEATURES_ALL;
   for (unsigned b = G_I8; b < G_NUM_BASES; b++)
      if (base_enabled(&g, (enum gbase)b))
         g.scalars[g.nscalars++] = ty((enum gbase)b, 1);
   g.vals = malloc(64 * sizeof(*g.vals));
   if (!g.vals)
      return NULL;
   g.capvals = 64;
   pick_workgroup(&g);
   unsigned grid = 1 + rnd(&g, 3);
   while (grid > 1 && g.wg_size * grid > 512)
      grid--;
   uint32_t a0 = chance(&g, 50) ? rnd(&g, 1000) : (uint32_t)rnd64(&g);
   uint32_t a1 = rnd(&g, 8);
   uint32_t af = (uint32_t)rnd_float_bits(&g, 32);
   if ((af & 0x7f800000) == 0x7f800000 && (af & 0x7fffff))
      af = 0x40400000; /* the argument is given in decimal: no NaN payloads */
   /* the arguments are %v0..%v2 */
   add_val(&g, ty(G_I32, 1), true, false);
   add_val(&g, ty(G_I32, 1), true, false);
   if (has(&g, GEN_F32))
      add_val(&g, ty(G_F32, 1), true, false);
   else
      g.next_id++;
   g.stack_used = has(&g, GEN_STACK);
   g.cur = -1;
   snprintf(g.lane, sizeof(g.lane), "%%lid");
   gen_functions(&g);
   /* the prologue goes to its own buffer, so that the body can follow it */
   seed_values(&g);
   struct sbuf prologue = g.body;
   memset(&g.body, 0, sizeof(g.body));
   g.budget = 12 + (int)rnd(&g, 48);
   unsigned mark = g.nvals;
   while (g.budget > 0 && !g.oom && !g.body.oom)
      gen_stmt(&g);
   /* the end: store the last values of the top level and a few more */
   for (unsigned i = g.nvals, n = 0; i-- > mark && n < 6; n++)
      if (g.vals[i].id)
         store_out(&g, g.vals[i].id);
   store_some(&g, 0);
   gen_chain_end(&g);
   char *text = NULL;
   if (!g.oom && !g.body.oom && !prologue.oom && !g.defs.oom && !g.fmode.oom)
      text = assemble(&g, seed, prologue.d ? prologue.d : "", grid, a0, a1, af);
   free(prologue.d);
   free(g.defs.d);
   free(g.fmode.d);
   free(g.body.d);
   free(g.vals);
   return text;
}
