/* SPDX-License-Identifier: MIT */
/* The reference interpreter of the front IR (docs/ir-semantics.md).
 *
 * Model. All invocations of one workgroup run together, in lock step, as one tree walk
 * over the structured IR with an active mask of up to 1024 lanes; the workgroup is cut
 * into waves of the target's size only where that is visible: subgroup operations,
 * subgroup system values, and uniformity checks, all of which look at the lanes of one
 * wave. Lock step is one legal schedule of the waves, so a barrier is simply "every
 * invocation still running is here", and a program whose results do not depend on the
 * schedule (no data races) gets the same results as on hardware. Workgroups run one
 * after the other.
 *
 * Control flow. An `if` runs its then-branch with the lanes whose condition holds, then
 * its else-branch with the others. A loop runs its body while any lane is in it;
 * break/continue/return take lanes out of the active mask and record them in the loop
 * or the frame. Jumps write their values straight into the slots of the values they
 * define (the if's or loop's results, the loop's carried values, the call's results),
 * per lane, so no lane ever sees another's values.
 *
 * Calls. A call runs the callee in a new frame for the calling lanes (an indirect call
 * once per distinct pointer, in the order of the first lane holding it, like the
 * waterfall loop compiled code uses). Tail calls do not nest: the frame ends, and the
 * callee frames it asked for run next from the same loop (call_function).
 *
 * Values. Each frame holds, per SSA value and lane, the components (zero-extended to
 * 64 bits), a defined flag (reading an undefined value is a fault, not garbage) and a
 * ULP tag telling whether the value comes from an approximate operation (and its bound)
 * or is a NaN an operation produced, which stands for any NaN. */
#include "ir/interp.h"

#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_LANES 1024
#define MASK_WORDS (MAX_LANES / 64)
#define ULP_UNBOUNDED 255
/* A NaN an operation produced: its sign and payload are unspecified (docs/ir-semantics.md),
 * so the interpreter's canonical NaN stands for every NaN. In memory, a 4-byte component
 * keeps the tag (air_float_within_ulp() takes any NaN for a NaN), the high half of an
 * 8-byte one too (the high word of every f64 NaN is an f32 NaN); the bytes of smaller
 * components and the low word of an 8-byte one are not compared (ULP_UNBOUNDED). */
#define ULP_ANY_NAN 254

/* ---- lane masks --------------------------------------------------------------------------- */

struct lmask {
   uint64_t w[MASK_WORDS];
};

static inline bool
m_has(const struct lmask *m, unsigned l)
{
   return (m->w[l >> 6] >> (l & 63)) & 1;
}
static inline void
m_set(struct lmask *m, unsigned l)
{
   m->w[l >> 6] |= UINT64_C(1) << (l & 63);
}
static bool
m_any(const struct lmask *m)
{
   for (unsigned i = 0; i < MASK_WORDS; i++)
      if (m->w[i])
         return true;
   return false;
}
static bool
m_equal(const struct lmask *a, const struct lmask *b)
{
   return !memcmp(a, b, sizeof(*a));
}
static void
m_or(struct lmask *d, const struct lmask *s)
{
   for (unsigned i = 0; i < MASK_WORDS; i++)
      d->w[i] |= s->w[i];
}
static void
m_andnot(struct lmask *d, const struct lmask *s)
{
   for (unsigned i = 0; i < MASK_WORDS; i++)
      d->w[i] &= ~s->w[i];
}
static int
m_first(const struct lmask *m)
{
   for (unsigned i = 0; i < MASK_WORDS; i++)
      if (m->w[i])
         return (int)(i * 64 + (unsigned)__builtin_ctzll(m->w[i]));
   return -1;
}

#define foreach_lane(l, c, m)                                                                   \
   for (unsigned l = 0; l < (c)->lanes; l++)                                                     \
      if (m_has((m), l))

/* ---- floating point ----------------------------------------------------------------------- */

static unsigned
mant_bits(unsigned bits)
{
   return bits == 16 ? 10 : bits == 32 ? 23 : 52;
}
static int
exp_max(unsigned bits)
{
   return bits == 16 ? 15 : bits == 32 ? 127 : 1023;
}
static uint64_t
bits_mask(unsigned bits)
{
   return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}
static uint64_t
f_exp_field(unsigned bits, uint64_t x)
{
   return (x >> mant_bits(bits)) & bits_mask(bits - 1 - mant_bits(bits));
}
static uint64_t
f_sign_bit(unsigned bits)
{
   return UINT64_C(1) << (bits - 1);
}
static bool
f_is_nan(unsigned bits, uint64_t x)
{
   return f_exp_field(bits, x) == bits_mask(bits - 1 - mant_bits(bits)) &&
          (x & bits_mask(mant_bits(bits)));
}
static bool
f_is_denorm(unsigned bits, uint64_t x)
{
   return f_exp_field(bits, x) == 0 && (x & bits_mask(mant_bits(bits)));
}
static uint64_t
f_canon_nan(unsigned bits)
{
   return bits == 16 ? 0x7e00 : bits == 32 ? 0x7fc00000 : UINT64_C(0x7ff8000000000000);
}
static uint64_t
f_inf(unsigned bits)
{
   return bits_mask(bits - 1 - mant_bits(bits)) << mant_bits(bits);
}

static double
u2d(uint64_t x)
{
   double d;
   memcpy(&d, &x, 8);
   return d;
}
static uint64_t
d2u(double d)
{
   uint64_t x;
   memcpy(&x, &d, 8);
   return x;
}
static float
u2fl(uint32_t x)
{
   float f;
   memcpy(&f, &x, 4);
   return f;
}
static uint32_t
fl2u(float f)
{
   uint32_t x;
   memcpy(&x, &f, 4);
   return x;
}

/* The value of a float of any size, exactly, as a double. */
static double
f_to_double(unsigned bits, uint64_t x)
{
   if (bits == 64)
      return u2d(x);
   if (bits == 32)
      return (double)u2fl((uint32_t)x);
   return air_half_to_double((uint16_t)x);
}

/* Rounds (-1)^neg * mant * 2^e to a float of `bits` bits with rounding mode `mode`
 * (aco_round_mode); the one place where results get rounded by hand. */
static uint64_t
round_mag(bool neg, uint64_t mant, int e, unsigned bits, unsigned mode)
{
   unsigned mb = mant_bits(bits);
   int emax = exp_max(bits), emin = 1 - emax;
   uint64_t sign = neg ? f_sign_bit(bits) : 0;
   if (!mant)
      return sign;
   int p = 63 - __builtin_clzll(mant);
   int E = p + e;                                         /* value in [2^E, 2^(E+1)) */
   int unit = (E >= emin ? E : emin) - (int)mb;           /* weight of the last kept bit */
   int shift = unit - e;
   uint64_t kept;
   if (shift <= 0) {
      kept = mant << -shift;
   } else {
      bool rbit, sticky;
      if (shift > 64) {
         kept = 0;
         rbit = false;
         sticky = true;
      } else if (shift == 64) {
         kept = 0;
         rbit = mant >> 63;
         sticky = mant & bits_mask(63);
      } else {
         kept = mant >> shift;
         rbit = (mant >> (shift - 1)) & 1;
         sticky = mant & bits_mask((unsigned)shift - 1);
      }
      bool inexact = rbit || sticky;
      bool up;
      switch (mode) {
      case ACO_ROUND_TOWARD_POSITIVE: up = inexact && !neg; break;
      case ACO_ROUND_TOWARD_NEGATIVE: up = inexact && neg; break;
      case ACO_ROUND_TOWARD_ZERO: up = false; break;
      default: up = rbit && (sticky || (kept & 1)); break;
      }
      kept += up;
   }
   if (kept >> (mb + 1)) {
      kept >>= 1;
      unit++;
   }
   if (kept >> mb) {
      if (unit + (int)mb > emax) {
         bool to_inf = mode == ACO_ROUND_NEAREST_EVEN ||
                       (mode == ACO_ROUND_TOWARD_POSITIVE && !neg) ||
                       (mode == ACO_ROUND_TOWARD_NEGATIVE && neg);
         return sign | (to_inf ? f_inf(bits) : f_inf(bits) - 1);
      }
      uint64_t be = (uint64_t)(unit + (int)mb + emax);
      return sign | be << mb | (kept & bits_mask(mb));
   }
   return sign | kept; /* subnormal (or zero after rounding) */
}

/* A double rounded to a float of `bits` bits; NaN becomes the canonical NaN. */
static uint64_t
double_to_f(unsigned bits, double d, unsigned mode)
{
   if (isnan(d))
      return f_canon_nan(bits);
   uint64_t u = d2u(d);
   bool neg = u >> 63;
   if (isinf(d))
      return (neg ? f_sign_bit(bits) : 0) | f_inf(bits);
   int ef = (int)((u >> 52) & 0x7ff);
   uint64_t m = u & bits_mask(52);
   if (ef)
      m |= UINT64_C(1) << 52;
   return round_mag(neg, m, (ef ? ef : 1) - 1075, bits, mode);
}

static int
host_round(unsigned mode)
{
   switch (mode) {
   case ACO_ROUND_TOWARD_POSITIVE: return FE_UPWARD;
   case ACO_ROUND_TOWARD_NEGATIVE: return FE_DOWNWARD;
   case ACO_ROUND_TOWARD_ZERO: return FE_TOWARDZERO;
   default: return FE_TONEAREST;
   }
}

struct fmode {
   unsigned round;
   bool flush;
};

static struct fmode
fmode_of(const struct aco_function *f, unsigned bits)
{
   struct fmode m;
   m.round = bits == 32 ? f->float_mode.round32 : f->float_mode.round16_64;
   m.flush = (bits == 32 ? f->float_mode.denorm32 : f->float_mode.denorm16_64) == ACO_DENORM_FLUSH;
   return m;
}

/* Input rule: flushed denormals become a zero of the same sign. */
static uint64_t
f_in(unsigned bits, uint64_t x, struct fmode m)
{
   return m.flush && f_is_denorm(bits, x) ? x & f_sign_bit(bits) : x;
}
/* Output rule: NaN is canonical; flushed denormals become a zero of the same sign. */
static uint64_t
f_out(unsigned bits, uint64_t x, struct fmode m)
{
   if (f_is_nan(bits, x))
      return f_canon_nan(bits);
   return f_in(bits, x, m);
}

/* fadd, fsub, fmul: correctly rounded in the mode. Host arithmetic runs under fesetround
 * with volatile operands so the compiler cannot move it across the mode switch; halves
 * are computed exactly in double (sums and products of two halves fit) and rounded by
 * hand. */
static uint64_t
f_arith(aco_op op, unsigned bits, uint64_t a, uint64_t b, struct fmode m)
{
   a = f_in(bits, a, m);
   b = f_in(bits, b, m);
   int old = fegetround();
   fesetround(host_round(m.round));
   uint64_t r;
   if (bits == 32) {
      volatile float x = u2fl((uint32_t)a), y = u2fl((uint32_t)b);
      volatile float v = op == ACO_OP_FADD ? x + y : op == ACO_OP_FSUB ? x - y : x * y;
      r = fl2u(v);
   } else {
      volatile double x = f_to_double(bits, a), y = f_to_double(bits, b);
      volatile double v = op == ACO_OP_FADD ? x + y : op == ACO_OP_FSUB ? x - y : x * y;
      r = bits == 64 ? d2u(v) : double_to_f(16, v, m.round);
   }
   fesetround(old);
   return f_out(bits, r, m);
}

static uint64_t
f_fma(unsigned bits, uint64_t a, uint64_t b, uint64_t c, struct fmode m)
{
   a = f_in(bits, a, m);
   b = f_in(bits, b, m);
   c = f_in(bits, c, m);
   int old = fegetround();
   uint64_t r;
   if (bits == 64) {
      fesetround(host_round(m.round));
      volatile double v = fma(u2d(a), u2d(b), u2d(c));
      r = d2u(v);
   } else if (bits == 32) {
      fesetround(host_round(m.round));
      volatile float v = fmaf(u2fl((uint32_t)a), u2fl((uint32_t)b), u2fl((uint32_t)c));
      r = fl2u(v);
   } else {
      /* a*b is exact in double; the sum is rounded to odd (toward zero, then the last
       * bit set if inexact), which a second rounding to 11 bits cannot spoil. */
      volatile double p = f_to_double(16, a) * f_to_double(16, b), z = f_to_double(16, c);
      fesetround(FE_TOWARDZERO);
      feclearexcept(FE_INEXACT);
      volatile double s = p + z;
      bool inexact = fetestexcept(FE_INEXACT);
      if (!inexact) {
         fesetround(host_round(m.round)); /* exact: only the sign of a zero may change */
         s = p + z;
      }
      double sv = s;
      if (inexact && !isinf(sv) && !isnan(sv))
         sv = u2d(d2u(sv) | 1);
      r = double_to_f(16, sv, m.round);
   }
   fesetround(old);
   return f_out(bits, r, m);
}

/* fmin/fmax: a NaN operand gives the other operand; -0 < +0. */
static uint64_t
f_minmax(bool is_max, unsigned bits, uint64_t a, uint64_t b, struct fmode m)
{
   a = f_in(bits, a, m);
   b = f_in(bits, b, m);
   bool na = f_is_nan(bits, a), nb = f_is_nan(bits, b);
   if (na && nb)
      return f_canon_nan(bits);
   if (na)
      return f_out(bits, b, m);
   if (nb)
      return f_out(bits, a, m);
   double x = f_to_double(bits, a), y = f_to_double(bits, b);
   uint64_t r;
   if (x == y) {
      bool sa = a & f_sign_bit(bits);
      /* equal values differ at most in the sign of zero */
      r = (is_max ? !sa : sa) ? a : b;
   } else {
      r = (x < y) != is_max ? a : b;
   }
   return f_out(bits, r, m);
}

static bool
f_compare(aco_op op, unsigned bits, uint64_t a, uint64_t b, struct fmode m)
{
   a = f_in(bits, a, m);
   b = f_in(bits, b, m);
   double x = f_to_double(bits, a), y = f_to_double(bits, b);
   bool unord = isnan(x) || isnan(y);
   switch (op) {
   case ACO_OP_FEQ: return !unord && x == y;
   case ACO_OP_FNE: return unord || x != y;
   case ACO_OP_FLT: return !unord && x < y;
   case ACO_OP_FLE: return !unord && x <= y;
   case ACO_OP_FGT: return !unord && x > y;
   case ACO_OP_FGE: return !unord && x >= y;
   default: return unord; /* funord */
   }
}

static uint64_t
f_unary(aco_op op, unsigned bits, uint64_t a, struct fmode m)
{
   if (op == ACO_OP_FNEG)
      return a ^ f_sign_bit(bits); /* sign-bit operations: exact on every input */
   if (op == ACO_OP_FABS)
      return a & ~f_sign_bit(bits);
   a = f_in(bits, a, m);
   double x = f_to_double(bits, a), r;
   if (isnan(x))
      return f_canon_nan(bits);
   int old = fegetround();
   fesetround(FE_TONEAREST);
   switch (op) {
   case ACO_OP_FFLOOR: r = floor(x); break;
   case ACO_OP_FCEIL: r = ceil(x); break;
   case ACO_OP_FTRUNC: r = trunc(x); break;
   case ACO_OP_FROUND_EVEN: r = nearbyint(x); break;
   default: { /* ffract: min(x - floor(x), the largest value below 1); inf gives NaN */
      fesetround(old);
      if (isinf(x))
         return f_canon_nan(bits);
      uint64_t fl = double_to_f(bits, floor(x), ACO_ROUND_NEAREST_EVEN);
      uint64_t d = f_arith(ACO_OP_FSUB, bits, a, fl, m);
      if (f_to_double(bits, d) >= 1.0)
         d = double_to_f(bits, 1.0, ACO_ROUND_NEAREST_EVEN) - 1;
      return f_out(bits, d, m);
   }
   }
   fesetround(old);
   return f_out(bits, double_to_f(bits, r, ACO_ROUND_NEAREST_EVEN), m);
}

/* Approximate operations: the exact value, computed in long double and rounded to the
 * nearest (the comparison allows the instruction's ULP bound around it). */
static uint64_t
f_approx(aco_op op, unsigned bits, uint64_t a, uint64_t b, struct fmode m)
{
   a = f_in(bits, a, m);
   b = f_in(bits, b, m);
   long double x = f_to_double(bits, a), y = f_to_double(bits, b), r;
   int old = fegetround();
   fesetround(FE_TONEAREST);
   switch (op) {
   case ACO_OP_FRCP: r = 1.0L / x; break;
   case ACO_OP_FRSQ: r = 1.0L / sqrtl(x); break;
   case ACO_OP_FSQRT: r = sqrtl(x); break;
   case ACO_OP_FEXP2: r = exp2l(x); break;
   case ACO_OP_FLOG2: r = log2l(x); break;
   case ACO_OP_FSIN: r = sinl(x); break;
   case ACO_OP_FCOS: r = cosl(x); break;
   default: r = x / y; break; /* fdiv */
   }
   double d = (double)r;
   fesetround(old);
   return f_out(bits, double_to_f(bits, d, ACO_ROUND_NEAREST_EVEN), m);
}

/* The ULP bound of fsin/fcos of a with result r and instruction bound `ulp`
 * (docs/ir-semantics.md): the hardware takes the angle in turns, x * (1 / 2pi) rounded
 * to f32, and the rounding of the constant and of the product (|x| * 2^-23 in radians)
 * comes on top of the instruction's bound: an absolute error of |x| * 2^-22 is allowed,
 * or |x| under flushing when |x| < 2^-123 (a denormal turn count is flushed). It is
 * converted to ULPs of r; ULP_UNBOUNDED when that does not fit a tag. */
static unsigned
trig_bound(unsigned bits, uint64_t a, uint64_t r, unsigned ulp, struct fmode m)
{
   double x = fabs(f_to_double(bits, f_in(bits, a, m)));
   double y = fabs(f_to_double(bits, r));
   if (isnan(x) || isinf(x) || isnan(y))
      return ulp;
   double err = ldexp(x, -22);
   if (m.flush && x < ldexp(1.0, -123))
      err = x;
   int e = 0;
   if (y != 0)
      frexp(y, &e); /* y = f * 2^e, f in [0.5, 1) */
   int emin = 2 - exp_max(bits); /* that of the smallest normal */
   double unit = ldexp(1.0, (e > emin ? e : emin) - 1 - (int)mant_bits(bits));
   double total = ulp + ceil(err / unit);
   return total < ULP_ANY_NAN ? (unsigned)total : ULP_UNBOUNDED;
}

bool
air_float_within_ulp(unsigned bits, uint64_t expected, uint64_t actual, unsigned ulp)
{
   if (bits != 16 && bits != 32 && bits != 64)
      return false;
   bool ne = f_is_nan(bits, expected), na = f_is_nan(bits, actual);
   if (ne || na)
      return ne && na;
   if (expected == actual)
      return true;
   /* Map both onto a line where adjacent floats are adjacent integers. */
   uint64_t sb = f_sign_bit(bits);
   int64_t ie = (expected & sb) ? -(int64_t)(expected & ~sb) : (int64_t)expected;
   int64_t ia = (actual & sb) ? -(int64_t)(actual & ~sb) : (int64_t)actual;
   uint64_t dist = ie > ia ? (uint64_t)ie - (uint64_t)ia : (uint64_t)ia - (uint64_t)ie;
   return dist <= ulp;
}

/* ---- the interpreter's state ------------------------------------------------------------ */

struct fninfo {
   uint32_t *off;       /* per value: its first component slot */
   uint32_t total;      /* component slots of all values */
   uint32_t frame_size; /* stack bytes per lane */
   uint32_t *obj_off;   /* per stack object: byte offset in the frame */
};

struct frame {
   struct aco_function *f;
   const struct fninfo *fi;
   struct lmask mask;     /* the lanes the frame runs for */
   struct lmask returned; /* lanes that returned or tail-called */
   uint64_t *vals;
   uint8_t *def; /* per value and lane: written */
   uint8_t *ulp; /* per value and lane: ULP tag (see air_interp_buffer::ulp) */
   uint8_t *stack, *stack_init, *stack_ulp; /* frame_size bytes per lane */
   struct frame *caller;                    /* for messages; NULL for the entry */
   const struct air_instr *call_site;
   struct frame *sink;                  /* return values go to sink_instr's results */
   const struct air_instr *sink_instr;  /* in the frame `sink`; NULL: the entry */
   unsigned depth;
   ACO_VEC(struct frame *) tails; /* tail callees to run when this frame ends */
};

struct loopstate {
   const struct air_instr *loop;
   struct lmask broken, continued;
};

struct ctx {
   struct aco_program *p;
   const aco_allocator *a;
   struct air_interp_options o;
   struct air_interp_memory *mem;
   struct fninfo *fi;
   unsigned lanes, wave_size, num_waves;
   uint32_t wg_size[3], wg_id[3];
   uint64_t steps;
   uint32_t max_depth;
   uint8_t *lds, *lds_init, *lds_ulp;
   struct frame *entry;
   enum air_fault fault;
   struct aco_strbuf msg;
   uint64_t *tmp; /* jump values of one lane */
   uint8_t *tmp_tags;
};

static const char *const fault_names[AIR_FAULT_COUNT] = {
   [AIR_FAULT_NONE] = "success",
   [AIR_FAULT_BAD_ARGUMENT] = "bad argument",
   [AIR_FAULT_INVALID_IR] = "invalid IR",
   [AIR_FAULT_OUT_OF_MEMORY] = "out of memory",
   [AIR_FAULT_UNSUPPORTED] = "unsupported",
   [AIR_FAULT_OUT_OF_BOUNDS] = "out-of-bounds access",
   [AIR_FAULT_MISALIGNED] = "misaligned access",
   [AIR_FAULT_UNDEFINED] = "undefined value",
   [AIR_FAULT_STEP_LIMIT] = "step limit reached",
   [AIR_FAULT_CALL_DEPTH] = "call depth limit reached",
   [AIR_FAULT_BAD_POINTER] = "bad function pointer",
   [AIR_FAULT_DIVERGENCE] = "divergence where uniformity is required",
   [AIR_FAULT_COHERENCE] = "scalar load of written memory",
};

const char *
air_fault_name(enum air_fault fault)
{
   return (unsigned)fault < AIR_FAULT_COUNT ? fault_names[fault] : "unknown fault";
}

static void
describe_instr(struct ctx *c, const struct aco_function *f, const struct air_instr *instr)
{
   aco_strbuf_printf(&c->msg, "@%s", f->name);
   if (!instr)
      return;
   if (instr->loc.line)
      aco_strbuf_printf(&c->msg, ", line %u", instr->loc.line);
   aco_strbuf_puts(&c->msg, ": `");
   air_print_instr(f, instr, &c->msg);
   aco_strbuf_puts(&c->msg, "`");
}

/* Records the first fault with where it happened; returns false for the callers. */
static bool __attribute__((format(printf, 6, 7)))
fail(struct ctx *c, const struct frame *fr, const struct air_instr *instr, int lane,
     enum air_fault kind, const char *fmt, ...)
{
   if (c->fault != AIR_FAULT_NONE)
      return false;
   c->fault = kind;
   aco_strbuf_printf(&c->msg, "%s: ", air_fault_name(kind));
   va_list ap;
   va_start(ap, fmt);
   aco_strbuf_vprintf(&c->msg, fmt, ap);
   va_end(ap);
   if (fr) {
      aco_strbuf_puts(&c->msg, "\n  in ");
      describe_instr(c, fr->f, instr);
   }
   aco_strbuf_printf(&c->msg, "\n  workgroup (%u, %u, %u)", c->wg_id[0], c->wg_id[1],
                     c->wg_id[2]);
   if (lane >= 0)
      aco_strbuf_printf(&c->msg, ", wave %u, lane %u (local invocation index %d)",
                        (unsigned)lane / c->wave_size, (unsigned)lane % c->wave_size, lane);
   for (const struct frame *f = fr; f && f->caller; f = f->caller) {
      aco_strbuf_puts(&c->msg, "\n  called from ");
      describe_instr(c, f->caller->f, f->call_site);
   }
   return false;
}

static bool
oom(struct ctx *c)
{
   return fail(c, NULL, NULL, -1, AIR_FAULT_OUT_OF_MEMORY, "out of memory");
}

/* ---- values -------------------------------------------------------------------------------- */

static inline aco_type
vtype(const struct frame *fr, aco_value v)
{
   return fr->f->values[v.id].type;
}

static inline uint64_t *
vslot(const struct ctx *c, const struct frame *fr, aco_value v, unsigned lane)
{
   return fr->vals + (size_t)fr->fi->off[v.id] * c->lanes + (size_t)lane * vtype(fr, v).comps;
}

static inline size_t
vidx(const struct ctx *c, aco_value v, unsigned lane)
{
   return (size_t)v.id * c->lanes + lane;
}

/* The components of v in `lane`, or NULL (and a fault) if the lane never wrote it. */
static const uint64_t *
rd(struct ctx *c, struct frame *fr, const struct air_instr *instr, aco_value v, unsigned lane)
{
   if (!fr->def[vidx(c, v, lane)]) {
      struct aco_strbuf name;
      aco_strbuf_init(&name, c->a);
      air_print_value(fr->f, v, &name);
      fail(c, fr, instr, (int)lane, AIR_FAULT_UNDEFINED, "%s has no value in this lane",
           aco_strbuf_str(&name));
      aco_strbuf_finish(&name);
      return NULL;
   }
   return vslot(c, fr, v, lane);
}

static inline uint8_t
tag(const struct ctx *c, const struct frame *fr, aco_value v, unsigned lane)
{
   return fr->ulp[vidx(c, v, lane)];
}

static void
wr(struct ctx *c, struct frame *fr, aco_value v, unsigned lane, const uint64_t *comps,
   uint8_t ulp)
{
   memcpy(vslot(c, fr, v, lane), comps, sizeof(uint64_t) * vtype(fr, v).comps);
   fr->def[vidx(c, v, lane)] = 1;
   fr->ulp[vidx(c, v, lane)] = ulp;
}

static void
wr1(struct ctx *c, struct frame *fr, aco_value v, unsigned lane, uint64_t x, uint8_t ulp)
{
   wr(c, fr, v, lane, &x, ulp);
}

/* The tag of a float result r of `bits` bits computed with tag u: a NaN whose bits the
 * inputs do not fix is any NaN. */
static uint8_t
nan_tag(unsigned bits, uint64_t r, uint8_t u)
{
   return u != ULP_UNBOUNDED && f_is_nan(bits, r) ? ULP_ANY_NAN : u;
}

/* Whether the operation's result is the same for every NaN operand (so an "any NaN"
 * input is as good as an exact one): float arithmetic, comparisons and conversions, but
 * not the operations that move bits (fneg, fabs, bitcast, select, ...). */
static bool
treats_nans_alike(aco_op op, aco_op_class cls)
{
   switch (cls) {
   case ACO_OPC_FLOAT_UN: return op != ACO_OP_FNEG && op != ACO_OP_FABS;
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_CMP:
   case ACO_OPC_FLOAT_APPROX: return true;
   case ACO_OPC_CONVERT: return op == ACO_OP_FCONV || op == ACO_OP_F2U || op == ACO_OP_F2S;
   default: return false;
   }
}

/* The tag of one byte of a stored component of cb bytes (byte k) with value tag u. */
static uint8_t
byte_tag(uint8_t u, unsigned cb, unsigned k)
{
   if (u != ULP_ANY_NAN || cb == 4 || (cb == 8 && k >= 4))
      return u;
   return ULP_UNBOUNDED;
}

/* The tag of a computed result: exact if all inputs were exact, unbounded otherwise. */
static uint8_t
derived(uint8_t a, uint8_t b)
{
   return a || b ? ULP_UNBOUNDED : 0;
}

/* ---- integers ------------------------------------------------------------------------------ */

static int64_t
sext(uint64_t x, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)x;
   uint64_t s = UINT64_C(1) << (bits - 1);
   x &= bits_mask(bits);
   return (int64_t)((x ^ s) - s);
}

static uint64_t
i_binop(aco_op op, unsigned bits, uint64_t a, uint64_t b)
{
   uint64_t m = bits_mask(bits);
   int64_t sa = sext(a, bits), sb = sext(b, bits);
   int64_t smin = bits >= 64 ? INT64_MIN : -(int64_t)(UINT64_C(1) << (bits - 1));
   unsigned sh = (unsigned)(b & (bits - 1));
   switch (op) {
   case ACO_OP_IADD: return (a + b) & m;
   case ACO_OP_ISUB: return (a - b) & m;
   case ACO_OP_IMUL: return (a * b) & m;
   case ACO_OP_UMUL_HI: return (uint64_t)(((unsigned __int128)a * b) >> bits) & m;
   case ACO_OP_SMUL_HI: return (uint64_t)(((__int128)sa * sb) >> bits) & m;
   case ACO_OP_UDIV: return b ? a / b : m;
   case ACO_OP_UREM: return b ? a % b : a;
   case ACO_OP_SDIV:
      if (!sb)
         return (sa >= 0 ? UINT64_MAX : 1) & m;
      if (sa == smin && sb == -1)
         return a;
      return (uint64_t)(sa / sb) & m;
   case ACO_OP_SREM:
      if (!sb)
         return a;
      if (sa == smin && sb == -1)
         return 0;
      return (uint64_t)(sa % sb) & m;
   case ACO_OP_IAND: return a & b;
   case ACO_OP_IOR: return a | b;
   case ACO_OP_IXOR: return a ^ b;
   case ACO_OP_ISHL: return (a << sh) & m;
   case ACO_OP_USHR: return a >> sh;
   case ACO_OP_SSHR: return (sa < 0 ? ~(~(uint64_t)sa >> sh) : (uint64_t)sa >> sh) & m;
   case ACO_OP_UMIN: return a < b ? a : b;
   case ACO_OP_UMAX: return a > b ? a : b;
   case ACO_OP_SMIN: return sa < sb ? a : b;
   case ACO_OP_SMAX: return sa > sb ? a : b;
   case ACO_OP_IEQ: return a == b;
   case ACO_OP_INE: return a != b;
   case ACO_OP_ULT: return a < b;
   case ACO_OP_ULE: return a <= b;
   case ACO_OP_UGT: return a > b;
   case ACO_OP_UGE: return a >= b;
   case ACO_OP_SLT: return sa < sb;
   case ACO_OP_SLE: return sa <= sb;
   case ACO_OP_SGT: return sa > sb;
   case ACO_OP_SGE: return sa >= sb;
   default: return 0;
   }
}

static uint64_t
i_unop(aco_op op, unsigned bits, uint64_t a)
{
   uint64_t m = bits_mask(bits);
   switch (op) {
   case ACO_OP_INEG: return (0 - a) & m;
   case ACO_OP_INOT: return ~a & m;
   case ACO_OP_IABS: return sext(a, bits) < 0 ? (0 - a) & m : a;
   case ACO_OP_POPCOUNT: return (uint64_t)__builtin_popcountll(a);
   case ACO_OP_BITREVERSE: {
      uint64_t r = 0;
      for (unsigned i = 0; i < bits; i++)
         r |= ((a >> i) & 1) << (bits - 1 - i);
      return r;
   }
   case ACO_OP_FIND_LSB: return a ? (uint64_t)__builtin_ctzll(a) : m;
   case ACO_OP_FIND_MSB: return a ? (uint64_t)(63 - __builtin_clzll(a)) : m;
   default: return 0;
   }
}

/* ---- conversions --------------------------------------------------------------------------- */

static uint64_t
convert(const struct aco_function *f, aco_op op, aco_type from, aco_type to, uint64_t x)
{
   switch (op) {
   case ACO_OP_ZEXT: return x;
   case ACO_OP_SEXT: return (uint64_t)sext(x, from.bits) & bits_mask(to.bits);
   case ACO_OP_TRUNC: return x & bits_mask(to.bits);
   case ACO_OP_FCONV: {
      struct fmode mi = fmode_of(f, from.bits), mo = fmode_of(f, to.bits);
      x = f_in(from.bits, x, mi);
      if (f_is_nan(from.bits, x))
         return f_canon_nan(to.bits);
      return f_out(to.bits, double_to_f(to.bits, f_to_double(from.bits, x), mo.round), mo);
   }
   case ACO_OP_U2F:
   case ACO_OP_S2F: {
      struct fmode mo = fmode_of(f, to.bits);
      bool neg = op == ACO_OP_S2F && sext(x, from.bits) < 0;
      uint64_t mag = neg ? (0 - (uint64_t)sext(x, from.bits)) : x;
      return f_out(to.bits, round_mag(neg, mag, 0, to.bits, mo.round), mo);
   }
   case ACO_OP_F2U:
   case ACO_OP_F2S: {
      x = f_in(from.bits, x, fmode_of(f, from.bits));
      if (f_is_nan(from.bits, x))
         return 0;
      double t = trunc(f_to_double(from.bits, x));
      unsigned b = to.bits;
      if (op == ACO_OP_F2U) {
         if (t <= 0)
            return 0;
         if (t >= ldexp(1.0, (int)b))
            return bits_mask(b);
         return (uint64_t)t;
      }
      if (t >= ldexp(1.0, (int)b - 1))
         return bits_mask(b - 1);
      if (t <= -ldexp(1.0, (int)b - 1))
         return (UINT64_C(1) << (b - 1)) & bits_mask(b);
      return (uint64_t)(int64_t)t & bits_mask(b);
   }
   default: return x;
   }
}

/* bitcast: the bits of all components, component 0 lowest, re-cut into the new type. */
static void
bitcast(aco_type from, aco_type to, const uint64_t *in, uint64_t *out)
{
   uint8_t bytes[128];
   unsigned fb = from.bits / 8, tb = to.bits / 8;
   for (unsigned i = 0; i < from.comps; i++)
      for (unsigned k = 0; k < fb; k++)
         bytes[i * fb + k] = (uint8_t)(in[i] >> (8 * k));
   for (unsigned i = 0; i < to.comps; i++) {
      out[i] = 0;
      for (unsigned k = 0; k < tb; k++)
         out[i] |= (uint64_t)bytes[i * tb + k] << (8 * k);
   }
}

/* ---- memory -------------------------------------------------------------------------------- */

/* Where a memory access of n bytes lands: host bytes plus shadows (NULL when absent). */
struct loc {
   uint8_t *data, *init, *ulp, *written;
   struct air_interp_buffer *buf;
   bool dropped; /* buffer access out of range: reads give 0, writes are dropped */
};

static bool
is_op(aco_op op, aco_op a, aco_op b, aco_op cc)
{
   return op == a || op == b || op == cc;
}

static struct air_interp_buffer *
find_buffer(struct ctx *c, uint64_t addr, uint64_t n)
{
   for (uint32_t i = 0; i < c->mem->num_buffers; i++) {
      struct air_interp_buffer *b = &c->mem->buffers[i];
      if (addr >= b->address && addr - b->address <= b->size && n <= b->size - (addr - b->address))
         return b;
   }
   return NULL;
}

/* Resolves the address of one component (comp_off bytes into the access) of `lane`. */
static bool
resolve(struct ctx *c, struct frame *fr, const struct air_instr *instr, unsigned lane,
        unsigned comp_off, unsigned n, bool for_write, struct loc *out, uint64_t *addr_out)
{
   memset(out, 0, sizeof(*out));
   aco_op op = instr->op;
   uint64_t off = 0;
   if (aco_value_is_valid(instr->srcs[AIR_MEM_OFFSET])) {
      const uint64_t *o = rd(c, fr, instr, instr->srcs[AIR_MEM_OFFSET], lane);
      if (!o)
         return false;
      off = o[0];
   }
   off += (uint64_t)(int64_t)instr->u.mem.imm + comp_off;
   const char *name = air_op_info(op)->name;
   if (is_op(op, ACO_OP_LOAD_SHARED, ACO_OP_STORE_SHARED, ACO_OP_ATOMIC_SHARED)) {
      *addr_out = off;
      if (off > c->o.lds_size || n > c->o.lds_size - off)
         return fail(c, fr, instr, (int)lane, AIR_FAULT_OUT_OF_BOUNDS,
                     "%s of %u bytes at shared address 0x%" PRIx64 " (shared memory has %u bytes)",
                     name, n, off, c->o.lds_size);
      out->data = c->lds + off;
      out->init = c->lds_init + off;
      out->ulp = c->lds_ulp + off;
      return true;
   }
   if (op == ACO_OP_LOAD_STACK || op == ACO_OP_STORE_STACK) {
      uint32_t obj = instr->u.mem.object, size = fr->f->stack_objects[obj].size;
      *addr_out = off;
      if (off > size || n > size - off)
         return fail(c, fr, instr, (int)lane, AIR_FAULT_OUT_OF_BOUNDS,
                     "%s of %u bytes at offset %" PRId64 " of stack object $%u (%u bytes)", name,
                     n, (int64_t)off, obj, size);
      size_t at = (size_t)lane * fr->fi->frame_size + fr->fi->obj_off[obj] + off;
      out->data = fr->stack + at;
      out->init = fr->stack_init + at;
      out->ulp = fr->stack_ulp + at;
      return true;
   }
   const uint64_t *base = rd(c, fr, instr, instr->srcs[AIR_MEM_BASE], lane);
   if (!base)
      return false;
   uint64_t addr;
   if (is_op(op, ACO_OP_LOAD_BUFFER, ACO_OP_STORE_BUFFER, ACO_OP_ATOMIC_BUFFER)) {
      uint64_t records = base[2] & 0xffffffffu;
      if (off > records || n > records - off) {
         out->dropped = true;
         *addr_out = off;
         return true;
      }
      addr = ((base[0] & 0xffffffffu) | (base[1] & 0xffff) << 32) + off;
   } else {
      addr = base[0] + off;
   }
   *addr_out = addr;
   struct air_interp_buffer *b = find_buffer(c, addr, n);
   if (!b)
      return fail(c, fr, instr, (int)lane, AIR_FAULT_OUT_OF_BOUNDS,
                  "%s of %u bytes at address 0x%" PRIx64 " is outside every buffer", name, n, addr);
   uint64_t at = addr - b->address;
   if (for_write && (!b->written || !b->ulp)) {
      if (!b->written && !(b->written = aco_calloc(c->a, b->size ? b->size : 1)))
         return oom(c);
      if (!b->ulp && !(b->ulp = aco_calloc(c->a, b->size ? b->size : 1)))
         return oom(c);
   }
   out->buf = b;
   out->data = b->data + at;
   out->written = b->written ? b->written + at : NULL;
   out->ulp = b->ulp ? b->ulp + at : NULL;
   return true;
}

static unsigned
access_align(const struct air_instr *instr, aco_type t)
{
   return instr->u.mem.align ? instr->u.mem.align : t.bits / 8;
}

static bool
check_align(struct ctx *c, struct frame *fr, const struct air_instr *instr, unsigned lane,
            uint64_t addr, unsigned align)
{
   if (align > 1 && addr % align)
      return fail(c, fr, instr, (int)lane, AIR_FAULT_MISALIGNED,
                  "address 0x%" PRIx64 " is not aligned to %u bytes", addr, align);
   return true;
}

/* The stack address alignment check is relative to the frame, whose objects are placed
 * at offsets aligned to their own alignment. */
static uint64_t
align_addr(const struct frame *fr, const struct air_instr *instr, uint64_t addr)
{
   if (instr->op == ACO_OP_LOAD_STACK || instr->op == ACO_OP_STORE_STACK)
      return addr + fr->fi->obj_off[instr->u.mem.object];
   return addr;
}

static bool
load_lane(struct ctx *c, struct frame *fr, const struct air_instr *instr, unsigned lane,
          uint64_t *comps, uint8_t *ulp_out, uint64_t *first_addr)
{
   aco_type t = instr->type;
   unsigned cb = t.bits / 8;
   /* an address computed from tagged values (the bits of any NaN, say) may differ in
    * compiled code, and so may what is loaded */
   uint8_t u = 0;
   for (unsigned k = AIR_MEM_BASE; k <= AIR_MEM_OFFSET; k++)
      if (aco_value_is_valid(instr->srcs[k]) && tag(c, fr, instr->srcs[k], lane))
         u = ULP_UNBOUNDED;
   for (unsigned i = 0; i < t.comps; i++) {
      struct loc l;
      uint64_t addr;
      if (!resolve(c, fr, instr, lane, i * cb, cb, false, &l, &addr))
         return false;
      if (i == 0) {
         *first_addr = addr;
         if (!l.dropped && !check_align(c, fr, instr, lane, align_addr(fr, instr, addr),
                                        access_align(instr, t)))
            return false;
      }
      comps[i] = 0;
      if (l.dropped)
         continue;
      for (unsigned k = 0; k < cb; k++) {
         if (l.init && !l.init[k])
            return fail(c, fr, instr, (int)lane, AIR_FAULT_UNDEFINED,
                        "reads byte 0x%" PRIx64 ", which was never written", addr + k);
         if (instr->op == ACO_OP_LOAD_UNIFORM && l.written && l.written[k])
            return fail(c, fr, instr, (int)lane, AIR_FAULT_COHERENCE,
                        "load_uniform reads address 0x%" PRIx64
                        ", which this run has stored to (the scalar cache does not see "
                        "vector stores)",
                        addr + k);
         comps[i] |= (uint64_t)l.data[k] << (8 * k);
         if (l.ulp && l.ulp[k] > u)
            u = l.ulp[k];
      }
   }
   *ulp_out = u;
   return true;
}

static bool
store_lane(struct ctx *c, struct frame *fr, const struct air_instr *instr, unsigned lane)
{
   aco_value v = instr->srcs[AIR_MEM_VALUE];
   aco_type t = vtype(fr, v);
   const uint64_t *x = rd(c, fr, instr, v, lane);
   if (!x)
      return false;
   uint8_t u = tag(c, fr, v, lane);
   unsigned cb = t.bits / 8;
   for (unsigned i = 0; i < t.comps; i++) {
      struct loc l;
      uint64_t addr;
      if (!resolve(c, fr, instr, lane, i * cb, cb, true, &l, &addr))
         return false;
      if (i == 0 && !l.dropped &&
          !check_align(c, fr, instr, lane, align_addr(fr, instr, addr), access_align(instr, t)))
         return false;
      if (l.dropped)
         continue;
      for (unsigned k = 0; k < cb; k++) {
         l.data[k] = (uint8_t)(x[i] >> (8 * k));
         if (l.init)
            l.init[k] = 1;
         if (l.ulp)
            l.ulp[k] = byte_tag(u, cb, k);
         if (l.written)
            l.written[k] = 1;
      }
   }
   return true;
}

static uint64_t
atomic_apply(aco_atomic_kind k, unsigned bits, uint64_t old, uint64_t v, uint64_t cmp)
{
   switch (k) {
   case ACO_ATOMIC_ADD: return i_binop(ACO_OP_IADD, bits, old, v);
   case ACO_ATOMIC_SUB: return i_binop(ACO_OP_ISUB, bits, old, v);
   case ACO_ATOMIC_UMIN: return i_binop(ACO_OP_UMIN, bits, old, v);
   case ACO_ATOMIC_UMAX: return i_binop(ACO_OP_UMAX, bits, old, v);
   case ACO_ATOMIC_SMIN: return i_binop(ACO_OP_SMIN, bits, old, v);
   case ACO_ATOMIC_SMAX: return i_binop(ACO_OP_SMAX, bits, old, v);
   case ACO_ATOMIC_AND: return old & v;
   case ACO_ATOMIC_OR: return old | v;
   case ACO_ATOMIC_XOR: return old ^ v;
   case ACO_ATOMIC_XCHG: return v;
   default: return old == cmp ? v : old; /* cmpxchg */
   }
}

static bool
atomic_lane(struct ctx *c, struct frame *fr, const struct air_instr *instr, unsigned lane)
{
   aco_value v = instr->srcs[AIR_MEM_VALUE];
   aco_type t = vtype(fr, v);
   unsigned n = t.bits / 8;
   const uint64_t *x = rd(c, fr, instr, v, lane), *cmp = NULL;
   if (!x)
      return false;
   if (instr->num_srcs > AIR_MEM_CMP && !(cmp = rd(c, fr, instr, instr->srcs[AIR_MEM_CMP], lane)))
      return false;
   struct loc l;
   uint64_t addr;
   if (!resolve(c, fr, instr, lane, 0, n, true, &l, &addr))
      return false;
   uint64_t old = 0;
   if (!l.dropped) {
      unsigned align = instr->u.mem.align ? instr->u.mem.align : n;
      if (!check_align(c, fr, instr, lane, addr, align < n ? n : align))
         return false;
      for (unsigned k = 0; k < n; k++) {
         if (l.init && !l.init[k])
            return fail(c, fr, instr, (int)lane, AIR_FAULT_UNDEFINED,
                        "atomic on byte 0x%" PRIx64 ", which was never written", addr + k);
         old |= (uint64_t)l.data[k] << (8 * k);
      }
      uint64_t nv = atomic_apply(instr->u.mem.atomic, t.bits, old, x[0], cmp ? cmp[0] : 0);
      for (unsigned k = 0; k < n; k++) {
         l.data[k] = (uint8_t)(nv >> (8 * k));
         if (l.init)
            l.init[k] = 1;
         if (l.ulp)
            l.ulp[k] = 0;
         if (l.written)
            l.written[k] = 1;
      }
   }
   wr1(c, fr, instr->defs[0], lane, old, 0);
   return true;
}

/* ---- tracing ------------------------------------------------------------------------------- */

static void
trace(struct ctx *c, struct frame *fr, const struct air_instr *instr, const struct lmask *active)
{
   if (!c->o.trace)
      return;
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, c->a);
   aco_strbuf_printf(&sb, "[wg %u,%u,%u] @%s: ", c->wg_id[0], c->wg_id[1], c->wg_id[2],
                     fr->f->name);
   air_print_instr(fr->f, instr, &sb);
   aco_strbuf_puts(&sb, "  ; lanes");
   foreach_lane(l, c, active) aco_strbuf_printf(&sb, " %u", l);
   c->o.trace(c->o.trace_user, aco_strbuf_str(&sb));
   if (instr->op != ACO_OP_IF && instr->op != ACO_OP_LOOP && !air_op_is_jump(instr->op) &&
       air_op_info(instr->op)->cls != ACO_OPC_CALL) {
      for (unsigned d = 0; d < instr->num_defs; d++) {
         sb.len = 0;
         if (sb.data)
            sb.data[0] = 0;
         aco_strbuf_puts(&sb, "    ");
         air_print_value(fr->f, instr->defs[d], &sb);
         aco_strbuf_puts(&sb, ":");
         aco_type t = vtype(fr, instr->defs[d]);
         foreach_lane(l, c, active) {
            if (!fr->def[vidx(c, instr->defs[d], l)])
               continue;
            const uint64_t *x = vslot(c, fr, instr->defs[d], l);
            aco_strbuf_printf(&sb, " [%u]=", l);
            for (unsigned i = 0; i < t.comps; i++)
               aco_strbuf_printf(&sb, "%s0x%" PRIx64, i ? "," : "", x[i]);
         }
         c->o.trace(c->o.trace_user, aco_strbuf_str(&sb));
      }
   }
   aco_strbuf_finish(&sb);
}

/* ---- frames and calls ---------------------------------------------------------------------- */

static void
free_frame(struct ctx *c, struct frame *fr)
{
   if (!fr)
      return;
   for (uint32_t i = 0; i < fr->tails.len; i++)
      free_frame(c, fr->tails.data[i]);
   aco_vec_free(c->a, &fr->tails);
   aco_free(c->a, fr->vals);
   aco_free(c->a, fr);
}

static struct frame *
new_frame(struct ctx *c, struct aco_function *f)
{
   const struct fninfo *fi = &c->fi[f->index];
   struct frame *fr = aco_calloc(c->a, sizeof(*fr));
   if (!fr) {
      oom(c);
      return NULL;
   }
   size_t L = c->lanes;
   size_t nv = (size_t)fi->total * L * sizeof(uint64_t);
   size_t nd = (size_t)f->num_values * L;
   size_t ns = (size_t)fi->frame_size * L;
   uint8_t *block = aco_calloc(c->a, nv + 2 * nd + 3 * ns + 1);
   if (!block) {
      aco_free(c->a, fr);
      oom(c);
      return NULL;
   }
   fr->f = f;
   fr->fi = fi;
   fr->vals = (uint64_t *)block;
   fr->def = block + nv;
   fr->ulp = fr->def + nd;
   fr->stack = fr->ulp + nd;
   fr->stack_init = fr->stack + ns;
   fr->stack_ulp = fr->stack_init + ns;
   return fr;
}

static bool exec_region(struct ctx *c, struct frame *fr, const struct air_region *r,
                        struct lmask *active, struct loopstate *ls);

/* Runs a frame and then, in order, the tail callees it and they asked for. */
static bool
call_function(struct ctx *c, struct frame *first)
{
   ACO_VEC(struct frame *) work = {0};
   if (!aco_vec_push(c->a, &work, first)) {
      free_frame(c, first);
      return oom(c);
   }
   bool ok = true;
   for (uint32_t i = 0; i < work.len; i++) {
      struct frame *fr = work.data[i];
      work.data[i] = NULL;
      if (ok) {
         struct lmask active = fr->mask;
         if (fr->depth > c->max_depth)
            c->max_depth = fr->depth;
         ok = exec_region(c, fr, fr->f->body, &active, NULL);
         if (ok && m_any(&active)) {
            /* falling off the end of the body is a return without values */
            if (air_num_return_params(fr->f))
               ok = fail(c, fr, fr->f->body->last, m_first(&active), AIR_FAULT_UNDEFINED,
                         "the end of @%s is reached without a return, so its return "
                         "parameters have no value",
                         fr->f->name);
            m_or(&fr->returned, &active);
         }
         for (uint32_t t = 0; ok && t < fr->tails.len; t++) {
            if (!aco_vec_push(c->a, &work, fr->tails.data[t]))
               ok = oom(c);
            else
               fr->tails.data[t] = NULL;
         }
      }
      if (fr == c->entry)
         c->entry = NULL;
      free_frame(c, fr);
   }
   aco_vec_free(c->a, &work);
   return ok;
}

/* Whether value v of frame fr is one value across the lanes of `group` in each wave; if
 * not, lanes *a and *b differ. */
static bool
same_in_waves(struct ctx *c, struct frame *fr, aco_value v, const struct lmask *group, int *a,
              unsigned *b)
{
   unsigned comps = vtype(fr, v).comps;
   for (unsigned w = 0; w < c->num_waves; w++) {
      int first = -1;
      for (unsigned l = w * c->wave_size; l < (w + 1) * c->wave_size && l < c->lanes; l++) {
         if (!m_has(group, l))
            continue;
         if (first < 0) {
            first = (int)l;
         } else if (memcmp(vslot(c, fr, v, l), vslot(c, fr, v, (unsigned)first),
                           comps * sizeof(uint64_t))) {
            *a = first;
            *b = l;
            return false;
         }
      }
   }
   return true;
}

/* Every parameter marked uniform must hold one value across the lanes of each wave. */
static bool
check_uniform_args(struct ctx *c, struct frame *fr, const struct air_instr *instr,
                   struct frame *cf, const struct lmask *group)
{
   int a;
   unsigned b;
   for (uint32_t p = 0; p < cf->f->num_params; p++) {
      if ((cf->f->params[p].flags & ACO_PARAM_UNIFORM) &&
          !same_in_waves(c, cf, cf->f->params[p].value, group, &a, &b))
         return fail(c, fr, instr, (int)b, AIR_FAULT_DIVERGENCE,
                     "argument %u for the uniform parameter of @%s differs between lanes %d "
                     "and %u of the wave",
                     p + 1, cf->f->name, a, b);
   }
   return true;
}

/* Every result of a uniform return parameter must be one value across the calling lanes
 * of each wave (they may have returned at different places). */
static bool
check_uniform_results(struct ctx *c, struct frame *fr, const struct air_instr *instr,
                      const struct aco_function *callee, const struct lmask *group)
{
   int a;
   unsigned b, k = 0;
   for (uint32_t p = 0; p < callee->num_params && k < instr->num_defs; p++) {
      if (!(callee->params[p].flags & ACO_PARAM_RETURN))
         continue;
      aco_value dv = instr->defs[k++];
      if ((callee->params[p].flags & ACO_PARAM_UNIFORM) &&
          !same_in_waves(c, fr, dv, group, &a, &b))
         return fail(c, fr, instr, (int)b, AIR_FAULT_DIVERGENCE,
                     "result %u of @%s (a uniform return parameter) differs between lanes %d "
                     "and %u of the wave",
                     k, callee->name, a, b);
   }
   return true;
}

static struct aco_function *
function_at(struct ctx *c, uint64_t addr)
{
   for (uint32_t i = 0; i < c->p->num_functions; i++)
      if (air_interp_function_address(i) == addr)
         return c->p->functions[i];
   return NULL;
}

static bool
same_signature(const struct aco_function *a, const struct aco_function *b)
{
   if (a->num_params != b->num_params || a->abi != b->abi)
      return false;
   for (uint32_t i = 0; i < a->num_params; i++)
      if (!aco_type_equal(a->params[i].type, b->params[i].type) ||
          (a->params[i].flags & (ACO_PARAM_UNIFORM | ACO_PARAM_RETURN)) !=
             (b->params[i].flags & (ACO_PARAM_UNIFORM | ACO_PARAM_RETURN)))
         return false;
   return true;
}

static bool
exec_call(struct ctx *c, struct frame *fr, const struct air_instr *instr, struct lmask *active)
{
   bool indirect = air_op_is_indirect_call(instr->op);
   bool tail = instr->op == ACO_OP_TAIL_CALL || instr->op == ACO_OP_TAIL_CALL_INDIRECT;
   struct lmask remaining = *active;
   while (m_any(&remaining)) {
      unsigned l0 = (unsigned)m_first(&remaining);
      struct lmask group;
      struct aco_function *callee = instr->callee;
      if (indirect) {
         memset(&group, 0, sizeof(group));
         const uint64_t *p0 = rd(c, fr, instr, instr->srcs[0], l0);
         if (!p0)
            return false;
         uint64_t ptr = p0[0];
         foreach_lane(l, c, &remaining) {
            const uint64_t *pl = rd(c, fr, instr, instr->srcs[0], l);
            if (!pl)
               return false;
            if (pl[0] == ptr)
               m_set(&group, l);
         }
         callee = function_at(c, ptr);
         if (!callee)
            return fail(c, fr, instr, (int)l0, AIR_FAULT_BAD_POINTER,
                        "0x%" PRIx64 " is not the address of a function", ptr);
         if (!same_signature(callee, instr->callee))
            return fail(c, fr, instr, (int)l0, AIR_FAULT_BAD_POINTER,
                        "the pointer names @%s, whose signature or ABI differs from @%s's",
                        callee->name, instr->callee->name);
         if (callee->flags & ACO_FUNCTION_ENTRY)
            return fail(c, fr, instr, (int)l0, AIR_FAULT_BAD_POINTER,
                        "the pointer names the entry function @%s", callee->name);
      } else {
         group = remaining;
      }
      if (!callee->body)
         return fail(c, fr, instr, (int)l0, AIR_FAULT_UNSUPPORTED,
                     "@%s is only declared in this program; the interpreter cannot run it",
                     callee->name);
      unsigned depth = tail ? fr->depth : fr->depth + 1;
      if (depth > c->o.max_call_depth)
         return fail(c, fr, instr, (int)l0, AIR_FAULT_CALL_DEPTH,
                     "calling @%s would nest %u calls deep (the limit is %u)", callee->name,
                     depth, c->o.max_call_depth);
      struct frame *cf = new_frame(c, callee);
      if (!cf)
         return false;
      cf->mask = group;
      cf->depth = depth;
      if (tail) {
         cf->caller = fr->caller;
         cf->call_site = fr->call_site;
         cf->sink = fr->sink;
         cf->sink_instr = fr->sink_instr;
      } else {
         cf->caller = fr;
         cf->call_site = instr;
         cf->sink = fr;
         cf->sink_instr = instr;
      }
      foreach_lane(l, c, &group) {
         for (uint32_t p = 0; p < callee->num_params; p++) {
            aco_value a = instr->srcs[indirect + p];
            const uint64_t *x = rd(c, fr, instr, a, l);
            if (!x) {
               free_frame(c, cf);
               return false;
            }
            wr(c, cf, callee->params[p].value, l, x, tag(c, fr, a, l));
         }
      }
      if (!check_uniform_args(c, fr, instr, cf, &group)) {
         free_frame(c, cf);
         return false;
      }
      if (tail) {
         if (!aco_vec_push(c->a, &fr->tails, cf)) {
            free_frame(c, cf);
            return oom(c);
         }
      } else if (!call_function(c, cf) ||
                 !check_uniform_results(c, fr, instr, callee, &group)) {
         return false;
      }
      m_andnot(&remaining, &group);
   }
   if (tail) {
      m_or(&fr->returned, active);
      memset(active, 0, sizeof(*active));
   }
   return true;
}

/* ---- jumps --------------------------------------------------------------------------------- */

/* Copies the jump's operands of one lane into `dsts` (read first, so a continue may
 * permute the carried values). */
static bool
jump_values(struct ctx *c, struct frame *fr, const struct air_instr *instr, unsigned lane,
            struct frame *dfr, const aco_value *dsts)
{
   if (instr->num_srcs > 256)
      return fail(c, fr, instr, (int)lane, AIR_FAULT_UNSUPPORTED, "more than 256 values");
   for (unsigned i = 0; i < instr->num_srcs; i++) {
      const uint64_t *x = rd(c, fr, instr, instr->srcs[i], lane);
      if (!x)
         return false;
      memcpy(c->tmp + i * 16, x, sizeof(uint64_t) * vtype(fr, instr->srcs[i]).comps);
      c->tmp_tags[i] = tag(c, fr, instr->srcs[i], lane);
   }
   for (unsigned i = 0; i < instr->num_srcs; i++)
      wr(c, dfr, dsts[i], lane, c->tmp + i * 16, c->tmp_tags[i]);
   return true;
}

static bool
exec_jump(struct ctx *c, struct frame *fr, const struct air_instr *instr, struct lmask *active,
          struct loopstate *ls)
{
   switch (instr->op) {
   case ACO_OP_YIELD: {
      const struct air_instr *parent_if = instr->parent->parent;
      foreach_lane(l, c, active) {
         if (!jump_values(c, fr, instr, l, fr, parent_if->defs))
            return false;
      }
      return true; /* the lanes go on after the if */
   }
   case ACO_OP_BREAK:
      foreach_lane(l, c, active) {
         if (!jump_values(c, fr, instr, l, fr, ls->loop->defs))
            return false;
      }
      m_or(&ls->broken, active);
      break;
   case ACO_OP_CONTINUE:
      foreach_lane(l, c, active) {
         if (!jump_values(c, fr, instr, l, fr, ls->loop->regions[0]->params))
            return false;
      }
      m_or(&ls->continued, active);
      break;
   default: /* return */
      if (fr->sink_instr) {
         foreach_lane(l, c, active) {
            if (!jump_values(c, fr, instr, l, fr->sink, fr->sink_instr->defs))
               return false;
         }
      }
      m_or(&fr->returned, active);
      break;
   }
   memset(active, 0, sizeof(*active));
   return true;
}

/* ---- subgroup operations --------------------------------------------------------------------- */

static uint64_t
reduce_identity(aco_op combine, aco_type t, const struct aco_function *f)
{
   unsigned b = t.bits;
   switch (combine) {
   case ACO_OP_IMUL: return 1;
   case ACO_OP_UMIN:
   case ACO_OP_IAND: return bits_mask(b);
   case ACO_OP_SMIN: return bits_mask(b - 1);
   case ACO_OP_SMAX: return UINT64_C(1) << (b - 1);
   case ACO_OP_FADD:
      /* -0 + x == x for every x, except that rounding toward negative turns +0 + -0
       * into -0: there +0 is the identity. */
      return fmode_of(f, b).round == ACO_ROUND_TOWARD_NEGATIVE ? 0 : f_sign_bit(b);
   case ACO_OP_FMUL: return double_to_f(b, 1.0, ACO_ROUND_NEAREST_EVEN);
   case ACO_OP_FMIN: return f_inf(b);
   case ACO_OP_FMAX: return f_inf(b) | f_sign_bit(b);
   default: return 0; /* iadd, umax, ior, ixor */
   }
}

static uint64_t
combine(const struct aco_function *f, aco_op op, aco_type t, uint64_t a, uint64_t b)
{
   switch (op) {
   case ACO_OP_FADD:
   case ACO_OP_FMUL: return f_arith(op, t.bits, a, b, fmode_of(f, t.bits));
   case ACO_OP_FMIN:
   case ACO_OP_FMAX: return f_minmax(op == ACO_OP_FMAX, t.bits, a, b, fmode_of(f, t.bits));
   default: return i_binop(op, t.bits, a, b);
   }
}

static bool
exec_subgroup(struct ctx *c, struct frame *fr, const struct air_instr *instr,
              const struct lmask *active)
{
   aco_value src = instr->srcs[0], dst = instr->defs[0];
   aco_type t = vtype(fr, src);
   unsigned ws = c->wave_size;
   for (unsigned w = 0; w < c->num_waves; w++) {
      unsigned lo = w * ws, hi = lo + ws < c->lanes ? lo + ws : c->lanes;
      int first = -1;
      for (unsigned l = lo; l < hi; l++)
         if (m_has(active, l) && first < 0)
            first = (int)l;
      if (first < 0)
         continue;
      switch (instr->op) {
      case ACO_OP_BALLOT: {
         uint64_t bits = 0;
         uint8_t u = 0;
         for (unsigned l = lo; l < hi; l++) {
            if (!m_has(active, l))
               continue;
            const uint64_t *x = rd(c, fr, instr, src, l);
            if (!x)
               return false;
            bits |= (x[0] & 1) << (l - lo);
            u = derived(u, tag(c, fr, src, l));
         }
         for (unsigned l = lo; l < hi; l++)
            if (m_has(active, l))
               wr1(c, fr, dst, l, bits, u);
         break;
      }
      case ACO_OP_READ_FIRST_LANE:
      case ACO_OP_READ_LANE: {
         unsigned from = (unsigned)first;
         if (instr->op == ACO_OP_READ_LANE) {
            const uint64_t *i0 = rd(c, fr, instr, instr->srcs[1], (unsigned)first);
            if (!i0)
               return false;
            for (unsigned l = lo; l < hi; l++) {
               if (!m_has(active, l))
                  continue;
               const uint64_t *il = rd(c, fr, instr, instr->srcs[1], l);
               if (!il)
                  return false;
               if (il[0] != i0[0])
                  return fail(c, fr, instr, (int)l, AIR_FAULT_DIVERGENCE,
                              "the lane index differs between lanes of the wave (%" PRIu64
                              " in lane %u, %" PRIu64 " in lane %d)",
                              il[0], l - lo, i0[0], first - (int)lo);
            }
            from = lo + (unsigned)i0[0];
            if (i0[0] >= ws || from >= hi || !m_has(active, from))
               return fail(c, fr, instr, first, AIR_FAULT_UNDEFINED,
                           "read_lane of lane %" PRIu64 ", which is not active in the wave",
                           i0[0]);
         }
         const uint64_t *x = rd(c, fr, instr, src, from);
         if (!x)
            return false;
         uint64_t v[16];
         memcpy(v, x, sizeof(uint64_t) * t.comps);
         uint8_t u = tag(c, fr, src, from);
         for (unsigned l = lo; l < hi; l++)
            if (m_has(active, l))
               wr(c, fr, dst, l, v, u);
         break;
      }
      default: { /* reduce, inclusive_scan, exclusive_scan */
         aco_op op = instr->u.combine;
         uint64_t x[64], y[64];
         uint8_t u = 0;
         uint64_t id = reduce_identity(op, t, fr->f);
         for (unsigned i = 0; i < ws; i++) {
            unsigned l = lo + i;
            x[i] = id;
            if (l < hi && m_has(active, l)) {
               const uint64_t *v = rd(c, fr, instr, src, l);
               if (!v)
                  return false;
               x[i] = v[0];
               uint8_t ti = tag(c, fr, src, l);
               u = derived(u, t.base == ACO_BASE_FLOAT && ti == ULP_ANY_NAN ? 0 : ti);
            }
         }
         if (instr->op == ACO_OP_REDUCE) {
            /* a balanced tree in lane order: ((x0 x1) (x2 x3)) ... */
            for (unsigned s = 1; s < ws; s *= 2)
               for (unsigned i = 0; i + s < ws; i += 2 * s)
                  x[i] = combine(fr->f, op, t, x[i], x[i + s]);
            for (unsigned i = 1; i < ws; i++)
               x[i] = x[0];
         } else {
            if (instr->op == ACO_OP_EXCLUSIVE_SCAN) {
               for (unsigned i = ws - 1; i > 0; i--)
                  x[i] = x[i - 1];
               x[0] = id;
            }
            /* Hillis-Steele: step d adds the partial result d lanes below */
            for (unsigned d = 1; d < ws; d *= 2) {
               for (unsigned i = 0; i < ws; i++)
                  y[i] = i >= d ? combine(fr->f, op, t, x[i - d], x[i]) : x[i];
               memcpy(x, y, sizeof(uint64_t) * ws);
            }
         }
         for (unsigned l = lo; l < hi; l++)
            if (m_has(active, l))
               wr1(c, fr, dst, l, x[l - lo],
                   t.base == ACO_BASE_FLOAT ? nan_tag(t.bits, x[l - lo], u) : u);
         break;
      }
      }
   }
   return true;
}

/* ---- one instruction over the active lanes ------------------------------------------------- */

static uint64_t
sysval(struct ctx *c, aco_op op, unsigned l)
{
   uint32_t sx = c->wg_size[0], sy = c->wg_size[1];
   switch (op) {
   case ACO_OP_LOCAL_ID_X: return l % sx;
   case ACO_OP_LOCAL_ID_Y: return (l / sx) % sy;
   case ACO_OP_LOCAL_ID_Z: return l / (sx * sy);
   case ACO_OP_LOCAL_INDEX: return l;
   case ACO_OP_WORKGROUP_ID_X: return c->wg_id[0];
   case ACO_OP_WORKGROUP_ID_Y: return c->wg_id[1];
   case ACO_OP_WORKGROUP_ID_Z: return c->wg_id[2];
   case ACO_OP_SUBGROUP_INVOCATION: return l % c->wave_size;
   case ACO_OP_SUBGROUP_SIZE: return c->wave_size;
   case ACO_OP_SUBGROUP_ID: return l / c->wave_size;
   default: return c->num_waves; /* num_subgroups */
   }
}

/* The ALU-like classes: each lane on its own. */
static bool
exec_lane_op(struct ctx *c, struct frame *fr, const struct air_instr *instr, unsigned l)
{
   const struct air_op_info *info = air_op_info(instr->op);
   const uint64_t *s[3] = {NULL, NULL, NULL};
   uint8_t u = 0;
   unsigned nsrc = instr->num_srcs;
   bool nan_blind = treats_nans_alike(instr->op, info->cls);
   if (info->cls != ACO_OPC_VEC) {
      for (unsigned i = 0; i < nsrc && i < 3; i++) {
         if (!(s[i] = rd(c, fr, instr, instr->srcs[i], l)))
            return false;
         uint8_t ti = tag(c, fr, instr->srcs[i], l);
         u = derived(u, nan_blind && ti == ULP_ANY_NAN ? 0 : ti);
      }
   }
   aco_type t = nsrc ? vtype(fr, instr->srcs[0]) : aco_type_int(32);
   aco_value d = instr->defs[0];
   uint64_t r = 0;
   switch (info->cls) {
   case ACO_OPC_CONST:
      r = instr->u.const_bits;
      break;
   case ACO_OPC_INT_UN:
      r = i_unop(instr->op, t.bits, s[0][0]);
      break;
   case ACO_OPC_INT_BIN:
   case ACO_OPC_INT_CMP:
      r = i_binop(instr->op, t.bits, s[0][0], s[1][0]);
      break;
   case ACO_OPC_FLOAT_UN:
      r = f_unary(instr->op, t.bits, s[0][0], fmode_of(fr->f, t.bits));
      if (instr->op == ACO_OP_FNEG || instr->op == ACO_OP_FABS)
         u = tag(c, fr, instr->srcs[0], l);
      else
         u = nan_tag(t.bits, r, u);
      break;
   case ACO_OPC_FLOAT_BIN:
      if (instr->op == ACO_OP_FMIN || instr->op == ACO_OP_FMAX)
         r = f_minmax(instr->op == ACO_OP_FMAX, t.bits, s[0][0], s[1][0],
                      fmode_of(fr->f, t.bits));
      else
         r = f_arith(instr->op, t.bits, s[0][0], s[1][0], fmode_of(fr->f, t.bits));
      u = nan_tag(t.bits, r, u);
      break;
   case ACO_OPC_FLOAT_TRI:
      r = f_fma(t.bits, s[0][0], s[1][0], s[2][0], fmode_of(fr->f, t.bits));
      u = nan_tag(t.bits, r, u);
      break;
   case ACO_OPC_FLOAT_CMP:
      r = f_compare(instr->op, t.bits, s[0][0], s[1][0], fmode_of(fr->f, t.bits));
      break;
   case ACO_OPC_FLOAT_APPROX: {
      r = f_approx(instr->op, t.bits, s[0][0], nsrc > 1 ? s[1][0] : 0, fmode_of(fr->f, t.bits));
      unsigned bound = instr->u.ulp < ULP_ANY_NAN ? instr->u.ulp : ULP_ANY_NAN - 1;
      if (instr->op == ACO_OP_FSIN || instr->op == ACO_OP_FCOS)
         bound = trig_bound(t.bits, s[0][0], r, bound, fmode_of(fr->f, t.bits));
      u = u ? ULP_UNBOUNDED : (uint8_t)bound;
      u = nan_tag(t.bits, r, u);
      break;
   }
   case ACO_OPC_CONVERT:
      if (instr->op == ACO_OP_BITCAST) {
         uint64_t out[16];
         bitcast(t, instr->type, s[0], out);
         wr(c, fr, d, l, out, u);
         return true;
      }
      r = convert(fr->f, instr->op, t, instr->type, s[0][0]);
      if (instr->op == ACO_OP_FCONV)
         u = nan_tag(instr->type.bits, r, u);
      break;
   case ACO_OPC_SELECT: {
      const uint64_t *pick = (s[0][0] & 1) ? s[1] : s[2];
      uint8_t ut = tag(c, fr, instr->srcs[(s[0][0] & 1) ? 1 : 2], l);
      wr(c, fr, d, l, pick, tag(c, fr, instr->srcs[0], l) ? ULP_UNBOUNDED : ut);
      return true;
   }
   case ACO_OPC_VEC: {
      uint64_t out[16];
      for (unsigned i = 0; i < nsrc; i++) {
         const uint64_t *x = rd(c, fr, instr, instr->srcs[i], l);
         if (!x)
            return false;
         out[i] = x[0];
         uint8_t ti = tag(c, fr, instr->srcs[i], l);
         u = ti > u ? ti : u;
      }
      wr(c, fr, d, l, out, u);
      return true;
   }
   case ACO_OPC_EXTRACT:
      r = s[0][instr->u.component];
      break;
   case ACO_OPC_SYSVAL:
      r = sysval(c, instr->op, l);
      break;
   case ACO_OPC_FUNC_ADDR:
      r = air_interp_function_address(instr->callee->index);
      break;
   default:
      return true;
   }
   wr1(c, fr, d, l, r, u);
   return true;
}

static bool
exec_memory(struct ctx *c, struct frame *fr, const struct air_instr *instr,
            const struct lmask *active)
{
   switch (air_op_info(instr->op)->cls) {
   case ACO_OPC_LOAD: {
      /* load_uniform: one address per wave, as a scalar load needs */
      uint64_t wave_addr[MAX_LANES / 32];
      int wave_first[MAX_LANES / 32];
      for (unsigned w = 0; w < c->num_waves; w++)
         wave_first[w] = -1;
      foreach_lane(l, c, active) {
         uint64_t v[16], addr = 0;
         uint8_t u = 0;
         if (!load_lane(c, fr, instr, l, v, &u, &addr))
            return false;
         if (instr->op == ACO_OP_LOAD_UNIFORM) {
            unsigned w = l / c->wave_size;
            if (wave_first[w] < 0) {
               wave_first[w] = (int)l;
               wave_addr[w] = addr;
            } else if (wave_addr[w] != addr) {
               return fail(c, fr, instr, (int)l, AIR_FAULT_DIVERGENCE,
                           "load_uniform reads 0x%" PRIx64 " here but 0x%" PRIx64
                           " in lane %u of the same wave",
                           addr, wave_addr[w], (unsigned)wave_first[w] % c->wave_size);
            }
         }
         wr(c, fr, instr->defs[0], l, v, u);
      }
      return true;
   }
   case ACO_OPC_STORE:
      foreach_lane(l, c, active) if (!store_lane(c, fr, instr, l)) return false;
      return true;
   default:
      foreach_lane(l, c, active) if (!atomic_lane(c, fr, instr, l)) return false;
      return true;
   }
}

static bool
exec_if(struct ctx *c, struct frame *fr, const struct air_instr *instr, struct lmask *active,
        struct loopstate *ls)
{
   struct lmask t, e;
   memset(&t, 0, sizeof(t));
   memset(&e, 0, sizeof(e));
   foreach_lane(l, c, active) {
      const uint64_t *x = rd(c, fr, instr, instr->srcs[0], l);
      if (!x)
         return false;
      m_set((x[0] & 1) ? &t : &e, l);
   }
   if (m_any(&t) && !exec_region(c, fr, instr->regions[0], &t, ls))
      return false;
   if (instr->regions[1] && m_any(&e) && !exec_region(c, fr, instr->regions[1], &e, ls))
      return false;
   *active = t;
   m_or(active, &e);
   return true;
}

static bool
exec_loop(struct ctx *c, struct frame *fr, const struct air_instr *instr, struct lmask *active)
{
   const struct air_region *body = instr->regions[0];
   struct loopstate ls;
   memset(&ls, 0, sizeof(ls));
   ls.loop = instr;
   foreach_lane(l, c, active) {
      for (unsigned i = 0; i < instr->num_srcs; i++) {
         const uint64_t *x = rd(c, fr, instr, instr->srcs[i], l);
         if (!x)
            return false;
         wr(c, fr, body->params[i], l, x, tag(c, fr, instr->srcs[i], l));
      }
   }
   struct lmask in = *active;
   while (m_any(&in)) {
      struct lmask iter = in;
      if (!exec_region(c, fr, body, &iter, &ls))
         return false;
      /* lanes reaching the end of the body continue (no carried values then) */
      in = iter;
      m_or(&in, &ls.continued);
      memset(&ls.continued, 0, sizeof(ls.continued));
   }
   *active = ls.broken;
   return true;
}

static bool
exec_instr(struct ctx *c, struct frame *fr, const struct air_instr *instr, struct lmask *active,
           struct loopstate *ls)
{
   if (++c->steps > c->o.max_steps)
      return fail(c, fr, instr, m_first(active), AIR_FAULT_STEP_LIMIT,
                  "%" PRIu64 " instructions executed (a loop that never ends?)", c->o.max_steps);
   const struct air_op_info *info = air_op_info(instr->op);
   bool ok = true;
   switch (info->cls) {
   case ACO_OPC_LOAD:
   case ACO_OPC_STORE:
   case ACO_OPC_ATOMIC:
      ok = exec_memory(c, fr, instr, active);
      break;
   case ACO_OPC_SUBGROUP:
   case ACO_OPC_REDUCE:
      ok = exec_subgroup(c, fr, instr, active);
      break;
   case ACO_OPC_BARRIER:
      if (instr->op == ACO_OP_BARRIER && c->entry) {
         struct lmask live = c->entry->mask;
         m_andnot(&live, &c->entry->returned);
         if (!m_equal(&live, active)) {
            struct lmask missing = live;
            m_andnot(&missing, active);
            return fail(c, fr, instr, m_first(&missing), AIR_FAULT_DIVERGENCE,
                        "barrier reached by only some of the invocations still running (the "
                        "lane below is elsewhere)");
         }
      }
      break;
   case ACO_OPC_CALL:
      trace(c, fr, instr, active);
      return exec_call(c, fr, instr, active);
   case ACO_OPC_IF:
      trace(c, fr, instr, active);
      return exec_if(c, fr, instr, active, ls);
   case ACO_OPC_LOOP:
      trace(c, fr, instr, active);
      return exec_loop(c, fr, instr, active);
   case ACO_OPC_JUMP:
      trace(c, fr, instr, active);
      return exec_jump(c, fr, instr, active, ls);
   default:
      foreach_lane(l, c, active) {
         if (!exec_lane_op(c, fr, instr, l))
            return false;
      }
      break;
   }
   if (ok)
      trace(c, fr, instr, active);
   return ok;
}

static bool
exec_region(struct ctx *c, struct frame *fr, const struct air_region *r, struct lmask *active,
            struct loopstate *ls)
{
   for (const struct air_instr *instr = r->first; instr && m_any(active); instr = instr->next)
      if (!exec_instr(c, fr, instr, active, ls))
         return false;
   return true;
}

/* ---- setup and the entry point ------------------------------------------------------------- */

static bool
compute_fninfo(struct ctx *c)
{
   c->fi = aco_calloc(c->a, sizeof(struct fninfo) * (c->p->num_functions + 1));
   if (!c->fi)
      return false;
   for (uint32_t i = 0; i < c->p->num_functions; i++) {
      struct aco_function *f = c->p->functions[i];
      struct fninfo *fi = &c->fi[i];
      fi->off = aco_calloc(c->a, sizeof(uint32_t) * (f->num_values + 1));
      fi->obj_off = aco_calloc(c->a, sizeof(uint32_t) * (f->num_stack_objects + 1));
      if (!fi->off || !fi->obj_off)
         return false;
      uint32_t total = 0;
      for (uint32_t v = 1; v < f->num_values; v++) {
         fi->off[v] = total;
         total += f->values[v].type.comps ? f->values[v].type.comps : 1;
      }
      fi->total = total;
      uint32_t size = 0;
      for (uint32_t s = 0; s < f->num_stack_objects; s++) {
         uint32_t al = f->stack_objects[s].align;
         size = (size + al - 1) / al * al;
         fi->obj_off[s] = size;
         size += f->stack_objects[s].size;
      }
      fi->frame_size = size;
   }
   return true;
}

static void
free_fninfo(struct ctx *c)
{
   if (!c->fi)
      return;
   for (uint32_t i = 0; i < c->p->num_functions; i++) {
      aco_free(c->a, c->fi[i].off);
      aco_free(c->a, c->fi[i].obj_off);
   }
   aco_free(c->a, c->fi);
}

static bool
check_request(struct ctx *c, struct aco_function *entry, const struct air_interp_arg *args)
{
   if (!entry || entry->program != c->p || !(entry->flags & ACO_FUNCTION_ENTRY) || !entry->body)
      return fail(c, NULL, NULL, -1, AIR_FAULT_BAD_ARGUMENT,
                  "the function to run must be an entry function defined in the program");
   if (entry->num_params && !args)
      return fail(c, NULL, NULL, -1, AIR_FAULT_BAD_ARGUMENT,
                  "@%s takes %u arguments, none given", entry->name, entry->num_params);
   uint64_t n = (uint64_t)entry->workgroup_size[0] * entry->workgroup_size[1] *
                entry->workgroup_size[2];
   if (!n || n > MAX_LANES)
      return fail(c, NULL, NULL, -1, AIR_FAULT_BAD_ARGUMENT, "bad workgroup size");
   for (uint32_t i = 0; i < c->mem->num_buffers; i++) {
      const struct air_interp_buffer *b = &c->mem->buffers[i];
      if ((!b->data && b->size) || b->address + b->size < b->address ||
          b->address + b->size > AIR_INTERP_FUNC_ADDR_BASE)
         return fail(c, NULL, NULL, -1, AIR_FAULT_BAD_ARGUMENT,
                     "buffer %u: no data, or it reaches the function addresses", i);
      for (uint32_t j = 0; j < i; j++) {
         const struct air_interp_buffer *o = &c->mem->buffers[j];
         if (b->address < o->address + o->size && o->address < b->address + b->size)
            return fail(c, NULL, NULL, -1, AIR_FAULT_BAD_ARGUMENT,
                        "buffers %u and %u overlap", j, i);
      }
   }
   return true;
}

static bool
run_workgroup(struct ctx *c, struct aco_function *entry, const struct air_interp_arg *args)
{
   memset(c->lds_init, 0, c->o.lds_size);
   memset(c->lds_ulp, 0, c->o.lds_size);
   struct frame *fr = new_frame(c, entry);
   if (!fr)
      return false;
   for (unsigned l = 0; l < c->lanes; l++)
      m_set(&fr->mask, l);
   for (uint32_t p = 0; p < entry->num_params; p++) {
      aco_type t = entry->params[p].type;
      uint64_t v[16];
      for (unsigned i = 0; i < t.comps; i++)
         v[i] = args[p].c[i] & bits_mask(t.bits);
      for (unsigned l = 0; l < c->lanes; l++)
         wr(c, fr, entry->params[p].value, l, v, 0);
   }
   c->entry = fr;
   return call_function(c, fr);
}

void
air_interp_memory_finish(struct aco_program *p, struct air_interp_memory *mem)
{
   if (!p || !mem)
      return;
   for (uint32_t i = 0; i < mem->num_buffers; i++) {
      aco_free(&p->allocator, mem->buffers[i].written);
      aco_free(&p->allocator, mem->buffers[i].ulp);
      mem->buffers[i].written = NULL;
      mem->buffers[i].ulp = NULL;
   }
}

enum air_fault
air_interp_run(struct aco_program *p, struct aco_function *entry,
               const struct air_interp_options *options, struct air_interp_memory *mem,
               const struct air_interp_arg *args, struct air_interp_result *result)
{
   if (!p)
      return AIR_FAULT_BAD_ARGUMENT;
   struct air_interp_memory no_mem = {NULL, 0};
   struct ctx c;
   memset(&c, 0, sizeof(c));
   c.p = p;
   c.a = &p->allocator;
   c.mem = mem ? mem : &no_mem;
   aco_strbuf_init(&c.msg, c.a);
   if (options)
      c.o = *options;
   for (unsigned i = 0; i < 3; i++)
      c.o.grid[i] = c.o.grid[i] ? c.o.grid[i] : 1;
   c.o.max_steps = c.o.max_steps ? c.o.max_steps : 10000000;
   c.o.max_call_depth = c.o.max_call_depth ? c.o.max_call_depth : 256;
   c.wave_size = p->target.wave_size == 64 ? 64 : 32;

   if (air_validate(p) != ACO_SUCCESS) {
      fail(&c, NULL, NULL, -1, AIR_FAULT_INVALID_IR, "%s", aco_program_message(p));
   } else if (check_request(&c, entry, args)) {
      for (unsigned i = 0; i < 3; i++)
         c.wg_size[i] = entry->workgroup_size[i];
      /* by default the workgroup has the shared memory its entry declares */
      if (!c.o.lds_size)
         c.o.lds_size = entry->has_shared_size ? entry->shared_size : AIR_MAX_SHARED_SIZE;
      c.lanes = c.wg_size[0] * c.wg_size[1] * c.wg_size[2];
      c.num_waves = (c.lanes + c.wave_size - 1) / c.wave_size;
      size_t lds_alloc = c.o.lds_size ? c.o.lds_size : 1; /* a declared 0 still allocates */
      c.lds = aco_calloc(c.a, lds_alloc);
      c.lds_init = aco_calloc(c.a, lds_alloc);
      c.lds_ulp = aco_calloc(c.a, lds_alloc);
      c.tmp = aco_alloc(c.a, sizeof(uint64_t) * 16 * 256);
      c.tmp_tags = aco_alloc(c.a, 256);
      if (!c.lds || !c.lds_init || !c.lds_ulp || !c.tmp || !c.tmp_tags || !compute_fninfo(&c)) {
         oom(&c);
      } else {
         for (uint32_t z = 0; z < c.o.grid[2] && !c.fault; z++)
            for (uint32_t y = 0; y < c.o.grid[1] && !c.fault; y++)
               for (uint32_t x = 0; x < c.o.grid[0] && !c.fault; x++) {
                  c.wg_id[0] = x;
                  c.wg_id[1] = y;
                  c.wg_id[2] = z;
                  run_workgroup(&c, entry, args);
               }
      }
      free_fninfo(&c);
      aco_free(c.a, c.lds);
      aco_free(c.a, c.lds_init);
      aco_free(c.a, c.lds_ulp);
      aco_free(c.a, c.tmp);
      aco_free(c.a, c.tmp_tags);
   }
   if (result) {
      result->fault = c.fault;
      result->steps = c.steps;
      result->max_depth = c.max_depth;
   }
   if (c.fault == AIR_FAULT_NONE)
      air_clear_message(p);
   else if (c.msg.failed)
      air_error(p, ACO_ERROR_OUT_OF_MEMORY, "%s", air_fault_name(c.fault));
   else
      air_error(p,
                c.fault == AIR_FAULT_OUT_OF_MEMORY ? ACO_ERROR_OUT_OF_MEMORY
                : c.fault == AIR_FAULT_INVALID_IR  ? ACO_ERROR_INVALID_IR
                : c.fault == AIR_FAULT_UNSUPPORTED ? ACO_ERROR_UNSUPPORTED
                                                   : ACO_ERROR_INVALID_ARGUMENT,
                "%s", aco_strbuf_str(&c.msg));
   aco_strbuf_finish(&c.msg);
   return c.fault;
}
