/* SPDX-License-Identifier: MIT */
/* Exact IEEE arithmetic for the emulator's vector ALU: f16, f32 and f64 as raw bit
 * patterns, computed with integers (never with the host's floating point, whose rounding
 * mode and denormal handling are not the wave's), under the MODE register's rounding mode
 * and denormal controls.
 *
 * A finite value is unpacked into sign, integer significand and exponent (value =
 * man * 2^exp). Sums and products are formed exactly in 128 bits (a significand is at
 * most 53 bits, a product 106; an addend is aligned with a sticky bit below a 125-bit
 * window, which keeps more than p + 3 bits), then rounded once by round_pack().
 *
 * Hardware conventions implemented here:
 * - a NaN result is the first NaN source (src0, src1, src2 order) made quiet; invalid
 *   operations (inf - inf, 0 * inf, sqrt(-1) ...) give the default NaN (positive, quiet
 *   bit only);
 * - input denormals are flushed to signed zero when the mode's input bit is clear,
 *   output denormals when the output bit is clear; tininess is detected after rounding
 *   (a result that rounds up to the smallest normal is kept);
 * - the approximate operations (rcp, rsq, sqrt, exp2, log2, sin, cos) are computed in the
 *   host's long double (64-bit significand) and rounded to nearest: within 1 ulp of the
 *   exact value (the hardware documents 1 ulp for f32 and f16, 2^29 ulp for the f64
 *   rcp/rsq/sqrt, which programs refine by Newton-Raphson). As documented, the f32
 *   exp/log/rcp/rsq/sqrt flush denormal inputs and results whatever the mode, sin/cos
 *   take x in revolutions (sin(2 pi x)) with exact results at quarter turns, and invalid
 *   inputs (sqrt(-1), log(-1), sin(inf)) give the negative quiet NaN;
 * - fract is x + -floor(x) (the ISA's definition, which LLVM's constant folding of
 *   v_fract follows), clamped below 1: a zero input gives the zero the rounding mode
 *   gives to a sum of opposite zeros, not its own sign. */
#include "emu/valu.h"

#include <math.h>
#include <string.h>

typedef unsigned __int128 u128;

struct fmt_info {
   unsigned man_bits, exp_bits;
   int bias;
};

static const struct fmt_info fmts[3] = {
   {10, 5, 15},
   {23, 8, 127},
   {52, 11, 1023},
};

enum { CLS_ZERO, CLS_FINITE, CLS_INF, CLS_NAN };

struct unpacked {
   int cls;
   bool sign;
   int exp;      /* value = man * 2^exp */
   uint64_t man;
};

static unsigned
total_bits(enum emu_fmt f)
{
   return 1 + fmts[f].exp_bits + fmts[f].man_bits;
}

uint64_t
emu_f_sign_bit(enum emu_fmt f)
{
   return 1ull << (total_bits(f) - 1);
}

static uint64_t
exp_mask(enum emu_fmt f)
{
   return ((1ull << fmts[f].exp_bits) - 1) << fmts[f].man_bits;
}

static uint64_t
man_mask(enum emu_fmt f)
{
   return (1ull << fmts[f].man_bits) - 1;
}

uint64_t
emu_f_default_nan(enum emu_fmt f)
{
   return exp_mask(f) | (1ull << (fmts[f].man_bits - 1));
}

bool
emu_f_is_nan(enum emu_fmt f, uint64_t a)
{
   return (a & exp_mask(f)) == exp_mask(f) && (a & man_mask(f));
}

bool
emu_f_is_snan(enum emu_fmt f, uint64_t a)
{
   return emu_f_is_nan(f, a) && !(a & (1ull << (fmts[f].man_bits - 1)));
}

bool
emu_f_is_inf(enum emu_fmt f, uint64_t a)
{
   return (a & ~emu_f_sign_bit(f)) == exp_mask(f);
}

bool
emu_f_is_denorm(enum emu_fmt f, uint64_t a)
{
   return !(a & exp_mask(f)) && (a & man_mask(f));
}

uint64_t
emu_f_quiet(enum emu_fmt f, uint64_t a)
{
   return a | (1ull << (fmts[f].man_bits - 1));
}

uint64_t
emu_f_flush_in(enum emu_fmt f, uint64_t a, struct emu_fpmode m)
{
   if (!m.denorm_in && emu_f_is_denorm(f, a))
      return a & emu_f_sign_bit(f);
   return a;
}

static struct unpacked
unpack(enum emu_fmt f, uint64_t a, struct emu_fpmode m)
{
   const struct fmt_info *fi = &fmts[f];
   struct unpacked u;
   u.sign = (a & emu_f_sign_bit(f)) != 0;
   uint64_t e = (a & exp_mask(f)) >> fi->man_bits;
   uint64_t man = a & man_mask(f);
   u.exp = 0;
   u.man = 0;
   if (e == (1u << fi->exp_bits) - 1) {
      u.cls = man ? CLS_NAN : CLS_INF;
   } else if (e == 0) {
      if (!man || !m.denorm_in) {
         u.cls = CLS_ZERO;
      } else {
         u.cls = CLS_FINITE;
         u.man = man;
         u.exp = 1 - fi->bias - (int)fi->man_bits;
      }
   } else {
      u.cls = CLS_FINITE;
      u.man = man | (1ull << fi->man_bits);
      u.exp = (int)e - fi->bias - (int)fi->man_bits;
   }
   return u;
}

static int
msb128(u128 v)
{
   uint64_t hi = (uint64_t)(v >> 64);
   if (hi)
      return 127 - __builtin_clzll(hi);
   return 63 - __builtin_clzll((uint64_t)v);
}

static uint64_t
signed_zero(enum emu_fmt f, bool sign)
{
   return sign ? emu_f_sign_bit(f) : 0;
}

static uint64_t
infinity(enum emu_fmt f, bool sign)
{
   return signed_zero(f, sign) | exp_mask(f);
}

/* An overflow: infinity, or the largest finite value when rounding away from it. */
static uint64_t
overflow_result(enum emu_fmt f, bool sign, unsigned rm)
{
   bool to_inf = rm == EMU_ROUND_NEAREST || (rm == EMU_ROUND_UP && !sign) ||
                 (rm == EMU_ROUND_DOWN && sign);
   if (to_inf)
      return infinity(f, sign);
   return signed_zero(f, sign) | (exp_mask(f) - (1ull << fmts[f].man_bits)) | man_mask(f);
}

/* Rounds (-1)^sign * (man + sticky * epsilon) * 2^exp to the format. */
static uint64_t
round_pack(enum emu_fmt f, bool sign, int exp, u128 man, bool sticky, unsigned rm,
           bool denorm_out)
{
   const struct fmt_info *fi = &fmts[f];
   if (!man && !sticky)
      return signed_zero(f, sign);
   if (!man) {
      /* only a sticky remainder: below anything representable */
      man = 1;
      exp -= 200;
   }
   int top = exp + msb128(man); /* the value is in [2^top, 2^(top+1)) */
   int emin = 1 - fi->bias;
   if (top > fi->bias)
      return overflow_result(f, sign, rm);
   int q = (top < emin ? emin : top) - (int)fi->man_bits;
   int sh = q - exp;
   uint64_t mant;
   bool round = false;
   if (sh > 0) {
      if (sh > 127) {
         mant = 0;
         round = false;
         sticky = true;
      } else {
         u128 rem = man & ((((u128)1) << sh) - 1);
         u128 half = ((u128)1) << (sh - 1);
         u128 shifted = man >> sh;
         mant = (uint64_t)shifted; /* at most man_bits + 1 bits */
         round = (rem & half) != 0;
         sticky = sticky || (rem & (half - 1)) != 0;
      }
   } else {
      mant = (uint64_t)(man << -sh);
   }
   bool inc = false;
   switch (rm) {
   case EMU_ROUND_NEAREST: inc = round && (sticky || (mant & 1)); break;
   case EMU_ROUND_UP: inc = !sign && (round || sticky); break;
   case EMU_ROUND_DOWN: inc = sign && (round || sticky); break;
   default: break;
   }
   mant += inc;
   if (mant >> (fi->man_bits + 1)) {
      mant >>= 1;
      q++;
   }
   uint64_t biased;
   if (mant >> fi->man_bits) {
      biased = (uint64_t)(q + (int)fi->man_bits + fi->bias);
      if (biased >= (1u << fi->exp_bits) - 1)
         return overflow_result(f, sign, rm);
   } else {
      biased = 0;
      if (mant && !denorm_out)
         return signed_zero(f, sign);
   }
   return signed_zero(f, sign) | (biased << fi->man_bits) | (mant & man_mask(f));
}

static uint64_t
pack_round(enum emu_fmt f, bool sign, int exp, u128 man, bool sticky, struct emu_fpmode m)
{
   return round_pack(f, sign, exp, man, sticky, m.round, m.denorm_out);
}

/* exact sum of two scaled integers, as (sign, exp, man, sticky); zero results get the
 * sign of the IEEE rules for the rounding mode. */
struct wide {
   bool sign;
   int exp;
   u128 man;
   bool sticky;
};

static void
normalize_wide(struct wide *v)
{
   if (!v->man)
      return;
   int s = 125 - msb128(v->man);
   if (s > 0) {
      v->man <<= s;
      v->exp -= s;
   } else if (s < 0) {
      u128 lost = v->man & ((((u128)1) << -s) - 1);
      v->man >>= -s;
      v->exp += -s;
      v->sticky = v->sticky || lost;
   }
}

static struct wide
add_wide(struct wide a, struct wide b, unsigned rm)
{
   if (!a.man && !a.sticky) {
      if (!b.man && !b.sticky) {
         struct wide z = {a.sign == b.sign ? a.sign : rm == EMU_ROUND_DOWN, 0, 0, false};
         return z;
      }
      return b;
   }
   if (!b.man && !b.sticky)
      return a;
   normalize_wide(&a);
   normalize_wide(&b);
   if (b.exp > a.exp || (b.exp == a.exp && b.man > a.man)) {
      struct wide t = a;
      a = b;
      b = t;
   }
   int diff = a.exp - b.exp;
   if (diff > 0) {
      if (diff > 127) {
         b.sticky = b.sticky || b.man;
         b.man = 0;
      } else {
         u128 lost = b.man & ((((u128)1) << diff) - 1);
         b.man >>= diff;
         b.sticky = b.sticky || lost;
      }
   }
   struct wide r = {a.sign, a.exp, 0, a.sticky || b.sticky};
   if (a.sign == b.sign) {
      r.man = a.man + b.man;
   } else {
      r.man = a.man - b.man - (b.sticky ? 1 : 0);
      if (!r.man && !r.sticky)
         r.sign = rm == EMU_ROUND_DOWN;
   }
   return r;
}

static uint64_t
propagate_nan(enum emu_fmt f, const uint64_t *v, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (emu_f_is_nan(f, v[i]))
         return emu_f_quiet(f, v[i]);
   }
   return emu_f_default_nan(f);
}

static struct wide
wide_of(struct unpacked u)
{
   struct wide w = {u.sign, u.exp, u.man, false};
   return w;
}

uint64_t
emu_f_add(enum emu_fmt f, uint64_t a, uint64_t b, struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m), y = unpack(f, b, m);
   if (x.cls == CLS_NAN || y.cls == CLS_NAN) {
      uint64_t v[2] = {a, b};
      return propagate_nan(f, v, 2);
   }
   if (x.cls == CLS_INF || y.cls == CLS_INF) {
      if (x.cls == CLS_INF && y.cls == CLS_INF && x.sign != y.sign)
         return emu_f_default_nan(f);
      return infinity(f, x.cls == CLS_INF ? x.sign : y.sign);
   }
   struct wide r = add_wide(wide_of(x), wide_of(y), m.round);
   return pack_round(f, r.sign, r.exp, r.man, r.sticky, m);
}

uint64_t
emu_f_mul(enum emu_fmt f, uint64_t a, uint64_t b, struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m), y = unpack(f, b, m);
   if (x.cls == CLS_NAN || y.cls == CLS_NAN) {
      uint64_t v[2] = {a, b};
      return propagate_nan(f, v, 2);
   }
   bool sign = x.sign != y.sign;
   if (x.cls == CLS_INF || y.cls == CLS_INF) {
      if (x.cls == CLS_ZERO || y.cls == CLS_ZERO)
         return emu_f_default_nan(f);
      return infinity(f, sign);
   }
   if (x.cls == CLS_ZERO || y.cls == CLS_ZERO)
      return signed_zero(f, sign);
   return pack_round(f, sign, x.exp + y.exp, (u128)x.man * y.man, false, m);
}

uint64_t
emu_f_fma_to(enum emu_fmt f, enum emu_fmt to, uint64_t a, uint64_t b, uint64_t c,
             struct emu_fpmode m, struct emu_fpmode mo)
{
   struct unpacked x = unpack(f, a, m), y = unpack(f, b, m), z = unpack(f, c, m);
   if (x.cls == CLS_NAN || y.cls == CLS_NAN || z.cls == CLS_NAN) {
      uint64_t v[3] = {a, b, c};
      uint64_t n = propagate_nan(f, v, 3);
      struct emu_fpmode keep = {0, true, true};
      return f == to ? n : emu_f_convert(f, to, n, keep, keep);
   }
   bool psign = x.sign != y.sign;
   if (x.cls == CLS_INF || y.cls == CLS_INF) {
      if (x.cls == CLS_ZERO || y.cls == CLS_ZERO)
         return emu_f_default_nan(to);
      if (z.cls == CLS_INF && z.sign != psign)
         return emu_f_default_nan(to);
      return infinity(to, psign);
   }
   if (z.cls == CLS_INF)
      return infinity(to, z.sign);
   struct wide p = {psign, x.exp + y.exp, 0, false};
   if (x.cls != CLS_ZERO && y.cls != CLS_ZERO)
      p.man = (u128)x.man * y.man;
   struct wide r = add_wide(p, wide_of(z), mo.round);
   return pack_round(to, r.sign, r.exp, r.man, r.sticky, mo);
}

uint64_t
emu_f_fma(enum emu_fmt f, uint64_t a, uint64_t b, uint64_t c, struct emu_fpmode m)
{
   return emu_f_fma_to(f, f, a, b, c, m, m);
}

uint64_t
emu_f_dot2(enum emu_fmt f, uint64_t a0, uint64_t b0, uint64_t a1, uint64_t b1, enum emu_fmt to,
           uint64_t c, struct emu_fpmode m, struct emu_fpmode mo)
{
   struct unpacked x0 = unpack(f, a0, m), y0 = unpack(f, b0, m);
   struct unpacked x1 = unpack(f, a1, m), y1 = unpack(f, b1, m), z = unpack(to, c, mo);
   struct unpacked *prod[2][2] = {{&x0, &y0}, {&x1, &y1}};
   bool inf = false, inf_sign = false;
   for (unsigned i = 0; i < 2; i++) {
      struct unpacked *x = prod[i][0], *y = prod[i][1];
      if (x->cls == CLS_NAN || y->cls == CLS_NAN)
         return emu_f_default_nan(to);
      if (x->cls == CLS_INF || y->cls == CLS_INF) {
         bool sg = x->sign != y->sign;
         if (x->cls == CLS_ZERO || y->cls == CLS_ZERO || (inf && inf_sign != sg))
            return emu_f_default_nan(to);
         inf = true;
         inf_sign = sg;
      }
   }
   if (z.cls == CLS_NAN)
      return emu_f_quiet(to, c);
   if (z.cls == CLS_INF) {
      if (inf && inf_sign != z.sign)
         return emu_f_default_nan(to);
      return infinity(to, z.sign);
   }
   if (inf)
      return infinity(to, inf_sign);
   struct wide acc = wide_of(z);
   for (unsigned i = 0; i < 2; i++) {
      struct unpacked *x = prod[i][0], *y = prod[i][1];
      struct wide p = {x->sign != y->sign, x->exp + y->exp, 0, false};
      if (x->cls != CLS_ZERO && y->cls != CLS_ZERO)
         p.man = (u128)x->man * y->man;
      acc = add_wide(acc, p, mo.round);
   }
   return pack_round(to, acc.sign, acc.exp, acc.man, acc.sticky, mo);
}

uint64_t
emu_f_convert(enum emu_fmt from, enum emu_fmt to, uint64_t a, struct emu_fpmode in,
              struct emu_fpmode out)
{
   struct unpacked x = unpack(from, a, in);
   switch (x.cls) {
   case CLS_NAN: {
      /* keep the top payload bits, set the quiet bit */
      uint64_t payload = a & man_mask(from);
      int shift = (int)fmts[to].man_bits - (int)fmts[from].man_bits;
      payload = shift >= 0 ? payload << shift : payload >> -shift;
      return emu_f_quiet(to, signed_zero(to, x.sign) | exp_mask(to) | (payload & man_mask(to)));
   }
   case CLS_INF: return infinity(to, x.sign);
   case CLS_ZERO: return signed_zero(to, x.sign);
   default: return pack_round(to, x.sign, x.exp, x.man, false, out);
   }
}

uint64_t
emu_f_from_int(enum emu_fmt f, int64_t v, struct emu_fpmode m)
{
   bool sign = v < 0;
   uint64_t mag = sign ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
   return pack_round(f, sign, 0, mag, false, m);
}

uint64_t
emu_f_from_uint(enum emu_fmt f, uint64_t v, struct emu_fpmode m)
{
   return pack_round(f, false, 0, v, false, m);
}

/* Rounds man * 2^exp (exp < 0) to an integer magnitude with rounding `rm`. */
static uint64_t
round_to_integer(bool sign, int exp, uint64_t man, unsigned rm, bool *overflow)
{
   *overflow = false;
   if (exp >= 0) {
      if (exp >= 64 || (exp > 0 && (man >> (64 - exp))))
         *overflow = true;
      return exp >= 64 ? 0 : man << exp;
   }
   int sh = -exp;
   uint64_t q, rem;
   bool round, sticky;
   if (sh >= 64) {
      q = 0;
      round = sh == 64 ? (man >> 63) != 0 : false;
      sticky = sh == 64 ? (man & ~(1ull << 63)) != 0 : man != 0;
   } else {
      q = man >> sh;
      rem = man & ((1ull << sh) - 1);
      round = (rem >> (sh - 1)) & 1;
      sticky = (rem & ((1ull << (sh - 1)) - 1)) != 0;
   }
   bool inc = false;
   switch (rm) {
   case EMU_ROUND_NEAREST: inc = round && (sticky || (q & 1)); break;
   case EMU_ROUND_UP: inc = !sign && (round || sticky); break;
   case EMU_ROUND_DOWN: inc = sign && (round || sticky); break;
   default: break;
   }
   return q + inc;
}

int64_t
emu_f_to_int(enum emu_fmt f, uint64_t a, unsigned rm, int64_t lo, int64_t hi,
             struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m);
   if (x.cls == CLS_NAN || x.cls == CLS_ZERO)
      return 0;
   if (x.cls == CLS_INF)
      return x.sign ? lo : hi;
   bool ovf;
   uint64_t mag = round_to_integer(x.sign, x.exp, x.man, rm, &ovf);
   if (x.sign) {
      if (!ovf && mag == 0) /* an overflowed magnitude reads 0 too: saturate below */
         return 0;
      if (ovf || lo >= 0 || mag - 1 > (uint64_t)(-(lo + 1)))
         return lo;
      return (int64_t)(0 - mag);
   }
   if (ovf || mag > (uint64_t)hi)
      return hi;
   return (int64_t)mag;
}

uint64_t
emu_f_round_int(enum emu_fmt f, uint64_t a, unsigned rm, struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m);
   if (x.cls == CLS_NAN)
      return emu_f_quiet(f, a);
   if (x.cls == CLS_INF)
      return a;
   if (x.cls == CLS_ZERO)
      return signed_zero(f, x.sign);
   if (x.exp >= 0)
      return a;
   bool ovf;
   uint64_t mag = round_to_integer(x.sign, x.exp, x.man, rm, &ovf);
   return pack_round(f, x.sign, 0, mag, false, m);
}

uint64_t
emu_f_ldexp(enum emu_fmt f, uint64_t a, int64_t e, struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m);
   if (x.cls == CLS_NAN)
      return emu_f_quiet(f, a);
   if (x.cls == CLS_INF)
      return a;
   if (x.cls == CLS_ZERO)
      return signed_zero(f, x.sign);
   if (e > 5000)
      e = 5000;
   if (e < -5000)
      e = -5000;
   return pack_round(f, x.sign, x.exp + (int)e, x.man, false, m);
}

uint64_t
emu_f_fract(enum emu_fmt f, uint64_t a, struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m);
   if (x.cls == CLS_NAN)
      return emu_f_quiet(f, a);
   if (x.cls == CLS_INF)
      return emu_f_default_nan(f);
   /* x + -floor(x) for zeros too: the sum of two opposite zeros is +0, or -0 when
    * rounding toward negative, whatever the sign of x */
   uint64_t fl = emu_f_round_int(f, a, EMU_ROUND_DOWN, m);
   uint64_t r = emu_f_add(f, a, fl ^ emu_f_sign_bit(f), m);
   /* the largest value below 1.0 */
   uint64_t below_one = ((uint64_t)(fmts[f].bias - 1) << fmts[f].man_bits) | man_mask(f);
   if (r > below_one && !(r & emu_f_sign_bit(f)))
      r = below_one;
   return r;
}

uint64_t
emu_f_frexp_mant(enum emu_fmt f, uint64_t a, struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m);
   if (x.cls == CLS_NAN)
      return emu_f_quiet(f, a);
   if (x.cls == CLS_INF)
      return a;
   if (x.cls == CLS_ZERO)
      return signed_zero(f, x.sign);
   /* man * 2^exp with the result in [0.5, 1): exponent -1 - msb */
   int msb = 63 - __builtin_clzll(x.man);
   return pack_round(f, x.sign, -1 - msb, x.man, false, m);
}

int32_t
emu_f_frexp_exp(enum emu_fmt f, uint64_t a, struct emu_fpmode m)
{
   struct unpacked x = unpack(f, a, m);
   if (x.cls != CLS_FINITE)
      return 0;
   int msb = 63 - __builtin_clzll(x.man);
   return x.exp + msb + 1;
}

int
emu_f_compare(enum emu_fmt f, uint64_t a, uint64_t b, struct emu_fpmode m)
{
   if (emu_f_is_nan(f, a) || emu_f_is_nan(f, b))
      return 2;
   a = emu_f_flush_in(f, a, m);
   b = emu_f_flush_in(f, b, m);
   uint64_t sb = emu_f_sign_bit(f);
   int64_t ka = (int64_t)(a & ~sb), kb = (int64_t)(b & ~sb);
   if (a & sb)
      ka = -ka;
   if (b & sb)
      kb = -kb;
   return ka < kb ? -1 : ka > kb ? 1 : 0;
}

bool
emu_f_class(enum emu_fmt f, uint64_t a, uint32_t mask)
{
   bool neg = (a & emu_f_sign_bit(f)) != 0;
   unsigned bit;
   if (emu_f_is_nan(f, a))
      bit = emu_f_is_snan(f, a) ? 0 : 1;
   else if (emu_f_is_inf(f, a))
      bit = neg ? 2 : 9;
   else if (!(a & ~emu_f_sign_bit(f)))
      bit = neg ? 5 : 6;
   else if (emu_f_is_denorm(f, a))
      bit = neg ? 4 : 7;
   else
      bit = neg ? 3 : 8;
   return (mask >> bit) & 1;
}

uint64_t
emu_f_minmax(enum emu_fmt f, uint64_t a, uint64_t b, bool max, enum emu_minmax_kind k,
             bool ieee, struct emu_fpmode m)
{
   bool na = emu_f_is_nan(f, a), nb = emu_f_is_nan(f, b);
   if (na || nb) {
      if (k == EMU_MINMAX_MINIMUM) {
         uint64_t v[2] = {a, b};
         return propagate_nan(f, v, 2);
      }
      if (k == EMU_MINMAX_LEGACY && ieee &&
          ((na && emu_f_is_snan(f, a)) || (nb && emu_f_is_snan(f, b))))
         return emu_f_quiet(f, na && emu_f_is_snan(f, a) ? a : b);
      if (na && nb)
         return emu_f_quiet(f, a);
      return emu_f_flush_in(f, na ? b : a, m);
   }
   a = emu_f_flush_in(f, a, m);
   b = emu_f_flush_in(f, b, m);
   /* -0 orders below +0 */
   uint64_t sb = emu_f_sign_bit(f);
   int64_t ka = (int64_t)(a & ~sb), kb = (int64_t)(b & ~sb);
   ka = (a & sb) ? -ka - 1 : ka;
   kb = (b & sb) ? -kb - 1 : kb;
   uint64_t r = (ka < kb) == max ? b : a;
   /* the result goes through the output flush like any arithmetic result */
   if (!m.denorm_out && emu_f_is_denorm(f, r))
      r &= sb;
   return r;
}

static long double
to_host(enum emu_fmt f, struct unpacked x)
{
   if (x.cls == CLS_ZERO)
      return x.sign ? -0.0L : 0.0L;
   if (x.cls == CLS_INF)
      return x.sign ? -INFINITY : INFINITY;
   long double v = ldexpl((long double)x.man, x.exp);
   return x.sign ? -v : v;
}

static uint64_t
from_host(enum emu_fmt f, long double v, struct emu_fpmode m)
{
   if (isnan(v))
      return emu_f_default_nan(f);
   if (isinf(v))
      return infinity(f, v < 0);
   bool sign = signbit(v) != 0;
   if (v == 0)
      return signed_zero(f, sign);
   int e;
   long double fr = frexpl(fabsl(v), &e); /* [0.5, 1) */
   /* 64 significant bits of the host value */
   uint64_t man = (uint64_t)ldexpl(fr, 64);
   return round_pack(f, sign, e - 64, man, false, EMU_ROUND_NEAREST, m.denorm_out);
}

/* sin(2 pi x) (cos: quarter = 1) by quadrants, so quarter turns are exact. A negative x
 * goes through its magnitude (sin is odd, cos even): adding 1 to a tiny negative turn
 * would round it away. */
static long double
sin_revolutions(long double x, unsigned quarter)
{
   if (x < 0) {
      long double v = sin_revolutions(-x, quarter);
      return quarter || v == 0 ? v : -v; /* exact zeros stay +0 */
   }
   long double rev = fmodl(x, 1.0L); /* exact */
   long double r = rev * 4.0L; /* exact */
   long double qf = floorl(r);
   long double f = r - qf;
   unsigned q = ((unsigned)qf + quarter) & 3;
   const long double half_pi = 1.5707963267948966192313216916397514L;
   long double v = (q & 1) ? cosl(f * half_pi) : sinl(f * half_pi);
   if (f == 0) {
      if (!(q & 1))
         return 0.0L; /* an exact zero is +0 (cos(0.25) = +0) */
      v = 1.0L;
   }
   return q >= 2 ? -v : v;
}

uint64_t
emu_f_approx(enum emu_fmt f, enum emu_approx op, uint64_t a, struct emu_fpmode m)
{
   /* f32 exp/log/rcp/rsq/sqrt flush denormal inputs and results whatever the mode */
   if (f == EMU_F32 && op != EMU_APPROX_SIN && op != EMU_APPROX_COS)
      m.denorm_in = m.denorm_out = false;
   struct unpacked x = unpack(f, a, m);
   if (x.cls == CLS_NAN)
      return emu_f_quiet(f, a);
   /* invalid operations give the negative quiet NaN (as the ISA's examples show) */
   uint64_t invalid = emu_f_default_nan(f) | emu_f_sign_bit(f);
   long double v = to_host(f, x), r;
   switch (op) {
   case EMU_APPROX_RCP: r = 1.0L / v; break;
   case EMU_APPROX_RSQ:
      if (x.cls == CLS_ZERO)
         return infinity(f, x.sign);
      if (x.sign)
         return invalid;
      r = 1.0L / sqrtl(v);
      break;
   case EMU_APPROX_SQRT:
      if (x.cls == CLS_ZERO)
         return signed_zero(f, x.sign);
      if (x.sign)
         return invalid;
      r = sqrtl(v);
      break;
   case EMU_APPROX_EXP2: r = exp2l(v); break;
   case EMU_APPROX_LOG2:
      if (x.cls == CLS_ZERO)
         return infinity(f, true);
      if (x.sign)
         return invalid;
      r = log2l(v);
      break;
   case EMU_APPROX_SIN:
   case EMU_APPROX_COS:
      if (x.cls == CLS_INF)
         return invalid;
      if (x.cls == CLS_ZERO && op == EMU_APPROX_SIN)
         return signed_zero(f, x.sign);
      r = sin_revolutions(v, op == EMU_APPROX_COS);
      break;
   default: return invalid;
   }
   return from_host(f, r, m);
}

static int
biased_exp(enum emu_fmt f, uint64_t a)
{
   return (int)((a & exp_mask(f)) >> fmts[f].man_bits);
}

/* 2/pi as a 1201-bit binary fraction, most significant bit first (bit 0 is 2^-1): the
 * table v_trig_preop_f64 reads. Computed with integer arithmetic (Machin's formula for pi,
 * then a long division). */
static const uint32_t two_over_pi[38] = {
   0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab,
   0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e,
   0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b,
   0xbdf9283b, 0x1ff897ff, 0xde05980f, 0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7,
   0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1,
   0x1f8d5d08, 0x56033046, 0xfc7b0000,
};

uint64_t
emu_f_trig_preop(uint64_t a, uint32_t segment, struct emu_fpmode m)
{
   /* 53 bits of 2/pi from bit 53 * segment on, skipping further ahead for large inputs
    * (exponent above 1077) so the product with the input keeps its significant bits */
   int e = biased_exp(EMU_F64, a);
   int shift = (int)(segment & 31) * 53;
   if (e > 1077)
      shift += e - 1077;
   uint64_t r = 0;
   for (int i = 0; i < 53; i++) {
      int idx = shift + i;
      unsigned bit = idx <= 1200 ? (two_over_pi[idx / 32] >> (31 - idx % 32)) & 1 : 0;
      r = r << 1 | bit;
   }
   int scale = -53 - shift;
   if (e >= 1968)
      scale += 128;
   return emu_f_ldexp(EMU_F64, emu_f_from_uint(EMU_F64, r, m), scale, m);
}

uint64_t
emu_f_div_fixup(enum emu_fmt f, uint64_t q, uint64_t den, uint64_t num, struct emu_fpmode m)
{
   uint64_t sb = emu_f_sign_bit(f);
   bool sign = ((den ^ num) & sb) != 0;
   struct unpacked d = unpack(f, den, m), n = unpack(f, num, m);
   if (n.cls == CLS_NAN)
      return emu_f_quiet(f, num);
   if (d.cls == CLS_NAN)
      return emu_f_quiet(f, den);
   if (d.cls == CLS_ZERO && n.cls == CLS_ZERO)
      return emu_f_default_nan(f) | sb;
   if (d.cls == CLS_INF && n.cls == CLS_INF)
      return emu_f_default_nan(f) | sb;
   if (d.cls == CLS_ZERO || n.cls == CLS_INF)
      return infinity(f, sign);
   if (d.cls == CLS_INF || n.cls == CLS_ZERO)
      return signed_zero(f, sign);
   if (emu_f_is_nan(f, q))
      return infinity(f, sign);
   return (q & ~sb) | (sign ? sb : 0);
}

uint64_t
emu_f_div_scale(enum emu_fmt f, uint64_t s0, uint64_t den, uint64_t num, bool *vcc,
                struct emu_fpmode m)
{
   /* The scale step of the division macro: scales by 2^64 (f32) or 2^128 (f64) when the
    * quotient or the reciprocal of the denominator would be denormal or overflow. */
   int scale = f == EMU_F64 ? 128 : 64;
   int big = f == EMU_F64 ? 768 : 96;
   int tiny = f == EMU_F64 ? 53 : 23;
   struct emu_fpmode keep = {EMU_ROUND_NEAREST, true, true};
   struct unpacked d = unpack(f, den, keep), n = unpack(f, num, keep);
   *vcc = false;
   if (d.cls == CLS_ZERO || n.cls == CLS_ZERO)
      return emu_f_default_nan(f);
   if (d.cls == CLS_NAN || n.cls == CLS_NAN || d.cls == CLS_INF || n.cls == CLS_INF)
      return s0;
   int ed = biased_exp(f, den), en = biased_exp(f, num);
   bool s0_is_den = s0 == den, s0_is_num = s0 == num;
   /* 1/den is checked against the f64 range for both formats (as the ISA states it),
    * num/den against the format's own */
   long double qd = to_host(f, n) / to_host(f, d);
   bool rcp_denorm = fabsl(1.0L / to_host(f, d)) < ldexpl(1.0L, -1022);
   bool quot_denorm = fabsl(qd) < ldexpl(1.0L, 1 - fmts[f].bias);
   if (en - ed >= big) {
      *vcc = true;
      if (s0_is_den)
         return emu_f_ldexp(f, s0, scale, keep);
   } else if (emu_f_is_denorm(f, den)) {
      return emu_f_ldexp(f, s0, scale, keep);
   } else if (rcp_denorm && quot_denorm) {
      *vcc = true;
      if (s0_is_den)
         return emu_f_ldexp(f, s0, scale, keep);
   } else if (rcp_denorm) {
      return emu_f_ldexp(f, s0, -scale, keep);
   } else if (quot_denorm) {
      *vcc = true;
      if (s0_is_num)
         return emu_f_ldexp(f, s0, scale, keep);
   } else if (en <= tiny) {
      return emu_f_ldexp(f, s0, scale, keep);
   }
   (void)m;
   return s0;
}

uint64_t
emu_f_div_fmas(enum emu_fmt f, uint64_t a, uint64_t b, uint64_t c, bool vcc,
               struct emu_fpmode m)
{
   /* inputs are not flushed; with vcc the result is scaled by 2^+-64 (f32) or 2^+-128
    * (f64), up when |c| >= 2 (the denominator was scaled), down otherwise */
   struct emu_fpmode in = m;
   in.denorm_in = true;
   if (!vcc)
      return emu_f_fma(f, a, b, c, in);
   struct emu_fpmode exact = {m.round, true, true};
   uint64_t r = emu_f_fma(f, a, b, c, exact);
   int scale = f == EMU_F64 ? 128 : 64;
   bool up = biased_exp(f, c) >= fmts[f].bias + 1;
   return emu_f_ldexp(f, r, up ? scale : -scale, in);
}

uint64_t
emu_f_clamp01(enum emu_fmt f, uint64_t a, bool dx10)
{
   uint64_t one = (uint64_t)fmts[f].bias << fmts[f].man_bits;
   if (emu_f_is_nan(f, a))
      return dx10 ? 0 : a;
   if (a & emu_f_sign_bit(f))
      return 0;
   if (a > one)
      return one;
   return a;
}
