/* SPDX-License-Identifier: MIT */
/* The llc-19 kernels: launch shape, inputs, and the expected output of each computed in
 * plain C from the IR's meaning (never by the emulator). g = wg * block + l; waves are
 * formed from consecutive local ids, lane = l % wave_size. */
#include "harness.h"

#include <math.h>
#include <string.h>

static uint32_t
rng_next(uint32_t *s)
{
   uint32_t x = *s;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   return *s = x;
}

static void
fill_random(uint32_t *in, uint32_t words, uint32_t seed)
{
   uint32_t s = seed;
   for (uint32_t i = 0; i < words; i++)
      in[i] = rng_next(&s);
}

static uint32_t
f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float
u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint64_t
d2u(double d)
{
   uint64_t u;
   memcpy(&u, &d, 8);
   return u;
}

static double
u2d(uint64_t u)
{
   double d;
   memcpy(&d, &u, 8);
   return d;
}

static uint64_t
rd64(const uint32_t *p, uint32_t i)
{
   return p[2 * i] | (uint64_t)p[2 * i + 1] << 32;
}

static void
wr64(uint32_t *p, uint32_t i, uint64_t v)
{
   p[2 * i] = (uint32_t)v;
   p[2 * i + 1] = (uint32_t)(v >> 32);
}

/* A float with a few significant bits and a varied magnitude, never 0 or NaN; one in
 * 16 a denormal. */
static float
random_float(uint32_t *s)
{
   uint32_t r = rng_next(s);
   if ((r & 15) == 0)
      return u2f((r & 0x807ffff0u) | 0x10u); /* denormal, non-zero */
   float v = (float)((int32_t)(rng_next(s) % 20001u) - 10000) / (float)(r % 97u + 1u);
   return v == 0.0f ? 1.5f : v;
}

/* Round-to-nearest-even float -> half. */
static uint16_t
f32_to_f16(float f)
{
   uint32_t x = f2u(f);
   uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
   if (ax > 0x7f800000u)
      return (uint16_t)(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
   if (ax >= 0x477ff000u) /* 65520 and above round to infinity */
      return (uint16_t)(sign | 0x7c00u);
   if (ax < 0x38800000u) /* below 2^-14: a denormal half (or the smallest normal) */
      return (uint16_t)(sign | (uint32_t)nearbyintf(fabsf(f) * 16777216.0f));
   uint32_t h = (((ax >> 23) - 112u) << 10) | ((ax >> 13) & 0x3ffu);
   uint32_t rem = ax & 0x1fffu;
   if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
      h++;
   return (uint16_t)(sign | h);
}

static float
f16_to_f32(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 31u, m = h & 0x3ffu;
   if (e == 31)
      return u2f(sign | 0x7f800000u | (m << 13));
   float v = e ? ldexpf((float)(m | 0x400u), (int)e - 25) : ldexpf((float)m, -24);
   return u2f(f2u(v) | sign);
}

/* ---- k01..k05: basics, branches, loops ---- */

static void
init_n1000(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)in;
   (void)out;
   *n = 1000;
}

static void
exp_k01(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++)
      e[g] = g * 3 + n;
}

static void
init_random(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   fill_random(in, 2048, 0x12345u);
   *n = 0x5a5a1234u;
}

static void
exp_k02(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++)
      e[g] = (in[g] + in[g + 128]) ^ n;
}

static void
exp_k03(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t l = g % 64, x = in[g];
      uint32_t v = (x & 1) ? x * 3 + 1 : x >> 1;
      if (l < 20) {
         v += 100;
         if (l < 5)
            v -= in[g + 128];
      }
      e[g] = v;
   }
}

static void
exp_k04(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t cnt = in[g] % 37, s = 0;
      for (uint32_t i = 0; i <= cnt; i++)
         s += (i * i) ^ g;
      e[g] = s;
   }
}

static void
exp_k05(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t x = in[g] % 1000 + 1, st = 0;
      while (x != 1 && st < 300) {
         x = (x & 1) ? 3 * x + 1 : x >> 1;
         st++;
      }
      e[g] = (x << 16) | st;
   }
}

/* ---- k06..k09: integer math ---- */

static void
exp_k06(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 64; g++) {
      uint64_t a = rd64(in, g), b = rd64(in, g + 64);
      unsigned sh = (unsigned)(b & 63);
      wr64(e, 4 * g, a * b);
      wr64(e, 4 * g + 1, a + (b << 7));
      wr64(e, 4 * g + 2, a >> sh);
      wr64(e, 4 * g + 3, (uint64_t)((int64_t)a >> sh));
   }
}

/* Random 64-bit values; every fourth invocation gets a 32-bit dividend and divisor, so
 * llc's 32-bit fast path of the division runs too. */
static void
init_k07(uint32_t *in, uint32_t *out, uint32_t *n)
{
   init_random(in, out, n);
   for (uint32_t g = 0; g < 64; g += 4) {
      wr64(in, g, rd64(in, g) >> 32);
      wr64(in, g + 64, rd64(in, g + 64) >> 38 << 6); /* b & 63 == 0: d = b | 1 < 2^32 */
   }
}

static void
exp_k07(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 64; g++) {
      uint64_t a = rd64(in, g), b = rd64(in, g + 64);
      uint64_t d = (b >> (b & 63)) | 1;
      wr64(e, 2 * g, a / d);
      wr64(e, 2 * g + 1, (uint64_t)(((int64_t)a >> 1) % (int64_t)d));
   }
}

static void
exp_k08(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t a = in[g], b = in[g + 128];
      uint32_t d = (b >> (b & 31)) | 1;
      int32_t s = (int32_t)a >> 1;
      int32_t sd = (int32_t)((a & 4) ? 0u - d : d);
      e[4 * g] = a / d;
      e[4 * g + 1] = a % d;
      e[4 * g + 2] = (uint32_t)(s / sd);
      e[4 * g + 3] = (uint32_t)(s % sd);
   }
}

static void
exp_k09(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint16_t a = (uint16_t)in[g], b = (uint16_t)(in[g] >> 16);
      uint16_t r[8];
      r[0] = (uint16_t)(a * b);
      r[1] = (uint16_t)(a + b);
      r[2] = (uint16_t)(a >> (b & 15));
      r[3] = (uint16_t)((int16_t)a >> (b & 15));
      r[4] = a < b ? a : b;
      r[5] = (int16_t)a > (int16_t)b ? a : b;
      r[6] = (uint16_t)(a / (b | 1));
      r[7] = (uint16_t)(a - b);
      for (unsigned i = 0; i < 4; i++)
         e[4 * g + i] = r[2 * i] | (uint32_t)r[2 * i + 1] << 16;
   }
}

/* ---- k10..k13: float math ---- */

static void
init_floats(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   uint32_t s = 0xf10a7u;
   for (uint32_t i = 0; i < 384; i++)
      in[i] = f2u(random_float(&s));
   *n = 0;
}

static void
exp_k10(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      float x = u2f(in[g]), y = u2f(in[g + 128]), z = u2f(in[g + 256]);
      uint32_t *o = e + 10 * g;
      o[0] = f2u(x + y);
      o[1] = f2u(x * y);
      o[2] = f2u(fmaf(x, y, z));
      o[3] = f2u(x - z);
      o[4] = f2u(fminf(x, y));
      o[5] = f2u(fmaxf(x, y));
      o[6] = (uint32_t)(int32_t)(x * 64.0f);
      o[7] = f2u((float)((int32_t)in[g + 256] >> 8));
      o[8] = f2u(x < y ? y : z);
      o[9] = f2u(fabsf(x) * -y);
   }
}

static void
exp_k11(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      float x = u2f(in[g]), y = u2f(in[g + 128]);
      e[3 * g] = f2u(x / y);
      e[3 * g + 1] = f2u(sqrtf(fabsf(x)));
      e[3 * g + 2] = f2u(1.0f / y);
   }
}

static void
init_doubles(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   uint32_t s = 0xd0b1eu;
   for (uint32_t i = 0; i < 192; i++) {
      uint32_t r = rng_next(&s);
      double v = (double)((int32_t)(rng_next(&s) % 2000001u) - 1000000) /
                 (double)(r % 1000u + 1u) * ldexp(1.0, (int)(r >> 20 & 31) - 16);
      if ((r & 31) == 0)
         v = ldexp((double)(r | 1), -1060); /* a denormal */
      wr64(in, i, d2u(v == 0.0 ? 2.25 : v));
   }
   *n = 0;
}

static void
exp_k12(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 64; g++) {
      double x = u2d(rd64(in, g)), y = u2d(rd64(in, g + 64)), z = u2d(rd64(in, g + 128));
      wr64(e, 8 * g, d2u(x + y));
      wr64(e, 8 * g + 1, d2u(x * y));
      wr64(e, 8 * g + 2, d2u(fma(x, y, z)));
      wr64(e, 8 * g + 3, d2u(x / y));
      wr64(e, 8 * g + 4, (uint64_t)(int64_t)x);
      wr64(e, 8 * g + 5, d2u((double)(int32_t)(uint32_t)rd64(in, g + 128)));
      wr64(e, 8 * g + 6, d2u(fmin(x, y)));
      wr64(e, 8 * g + 7, d2u(x < z ? x : y));
   }
}

/* As init_floats with positive denormals only: they become +0 halves, so minnum never
 * meets zeros of both signs (whose order it leaves open). */
static void
init_halves(uint32_t *in, uint32_t *out, uint32_t *n)
{
   init_floats(in, out, n);
   for (uint32_t i = 0; i < 384; i++)
      if ((in[i] & 0x7f800000u) == 0)
         in[i] &= 0x7fffffffu;
}

static void
exp_k13(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint16_t a = f32_to_f16(u2f(in[g])), b = f32_to_f16(u2f(in[g + 128]));
      float fa = f16_to_f32(a), fb = f16_to_f32(b);
      uint16_t r0 = f32_to_f16(fa + fb), r1 = f32_to_f16(fa * fb), r2 = f32_to_f16(fa - fb);
      uint16_t r3 = fb < fa ? b : a;
      uint16_t r4 = fa < fb ? a : b;
      e[4 * g] = r0 | (uint32_t)r1 << 16;
      e[4 * g + 1] = r2 | (uint32_t)r3 << 16;
      e[4 * g + 2] = r4 | (uint32_t)a << 16;
      e[4 * g + 3] = f2u(f16_to_f32(r1));
   }
}

/* ---- k14..k17: LDS, barriers, atomics ---- */

static void
exp_k14(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 256; g++) {
      uint32_t wg = g / 128, l = g % 128;
      e[g] = in[wg * 128 + 127 - l] + l;
   }
}

static void
exp_k15(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t wg = 0; wg < 2; wg++) {
      uint32_t lds[128];
      memcpy(lds, in + wg * 128, sizeof(lds));
      for (uint32_t s = 64; s; s >>= 1)
         for (uint32_t l = 0; l < s; l++)
            lds[l] += lds[l + s];
      e[wg] = lds[0];
      for (uint32_t l = 0; l < 128; l++)
         e[2 + wg * 128 + l] = lds[l];
   }
}

static void
exp_k16(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t wg = 0; wg < 2; wg++) {
      uint32_t sum = 0, max = 0, x = 0;
      for (uint32_t l = 0; l < 128; l++) {
         uint32_t v = in[wg * 128 + l];
         sum += v & 255;
         max = v > max ? v : max;
         x ^= v;
      }
      uint32_t *o = e + 8 * wg;
      o[0] = sum;
      o[1] = max;
      o[2] = x;
      o[3] = 128;
      o[4] = o[5] = o[6] = o[7] = 0xffffffffu;
   }
}

static void
init_k17(uint32_t *in, uint32_t *out, uint32_t *n)
{
   fill_random(in, 128, 0xa70u);
   out[0] = 0;
   out[1] = 0;
   out[2] = 0xffffffffu;
   out[3] = 0;
   out[4] = 0;
   out[5] = 0xffffffffu;
   out[6] = out[7] = 0;
   out[8] = out[9] = out[10] = 0;
   for (unsigned i = 16; i < 20; i++)
      out[i] = 0;
   uint32_t min = 0xffffffffu;
   for (unsigned i = 0; i < 128; i++)
      min = in[i] < min ? in[i] : min;
   *n = min;
}

static void
exp_k17(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   uint32_t sum16 = 0, max = 0, min = 0xffffffffu, x = 0, o = 0, a = 0xffffffffu;
   uint64_t sum = 0;
   for (unsigned i = 0; i < 128; i++) {
      uint32_t v = in[i];
      sum16 += v & 0xffff;
      max = v > max ? v : max;
      min = v < min ? v : min;
      x ^= v;
      o |= v;
      a &= v;
      sum += v;
   }
   e[0] = sum16;
   e[1] = max;
   e[2] = min;
   e[3] = x;
   e[4] = o;
   e[5] = a;
   wr64(e, 3, sum);
   e[8] = 128;
   e[9] = sum16;
   e[10] = 256;
   for (unsigned i = 16; i < 20; i++)
      e[i] = 0xffffffffu;
}

/* ---- k18..k23: subgroup operations ---- */

static void
exp_k18(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t l = g % 64, base = g - l, wave0 = l - l % ws;
      uint32_t first = wave0;
      while (first % 3 != 1)
         first++;
      e[g] = l % 3 == 1 ? in[base + first] * 5 : in[g];
   }
}

static void
init_k19(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   fill_random(in, 128, 0x19u);
   *n = 0x40 | 19;
}

static void
exp_k19(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t l = g % 64, wave_first = g - l % ws;
      e[3 * g] = in[wave_first + 5];
      e[3 * g + 1] = in[wave_first + (n & 31)];
      e[3 * g + 2] = l % ws == 7 ? in[wave_first] + 1 : l;
   }
}

static void
exp_k20(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t l = g % 64, wave_first = g - l % ws, lwave0 = l - l % ws;
      uint64_t b0 = 0, b1 = 0, b2 = 0;
      for (uint32_t i = 0; i < ws; i++) {
         uint32_t li = lwave0 + i;
         b0 |= (uint64_t)(in[wave_first + i] & 1) << i;
         b1 |= (uint64_t)(li % 5 == 0) << i;
         b2 |= (uint64_t)(li < 40 && li % 3 == 0) << i;
      }
      wr64(e, 3 * g, b0);
      wr64(e, 3 * g + 1, b1);
      wr64(e, 3 * g + 2, l < 40 ? b2 : 12345);
   }
}

static void
exp_k21(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t lane = (g % 64) % ws, wave_first = g - lane, c = 0;
      for (uint32_t i = 0; i < lane; i++)
         c += in[wave_first + i] & 1;
      e[g] = lane;
      e[128 + g] = (in[g] & 1) ? c : 0xffffffffu;
   }
}

static void
exp_k22(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t r = g % 16, row = g - r; /* rows of 16 never cross waves */
      uint32_t *o = e + 9 * g;
      o[0] = r >= 1 ? in[g - 1] : 77;
      o[1] = in[(g & ~3u) + (3 - (g & 3))];
      o[2] = in[row + 15 - r];
      o[3] = in[row + ((r - 4) & 15)];
      o[4] = in[row + 3];
      o[5] = in[(g & ~7u) + 7 - (g & 7)];
      o[6] = r + 2 < 16 ? in[g + 2] : 0;
      o[7] = in[row + (r ^ 1)];
      uint32_t row_in_wave = (g % ws) / 16;
      o[8] = ((5u >> row_in_wave) & 1) && r >= 1 ? in[g - 1] : 77;
   }
}

static void
exp_k23(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   const uint32_t lo = 0x12345670u, hi = 0xfedcba98u;
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t r = g % 16, row = g - r;
      uint32_t pair = g - g % 32, other = row ^ 16; /* the other row of the pair */
      (void)pair;
      uint32_t idx = r < 8 ? (lo >> (4 * r)) & 15 : (hi >> (4 * (r - 8))) & 15;
      uint32_t idx2 = r < 8 ? (hi >> (4 * r)) & 15 : (lo >> (4 * (r - 8))) & 15;
      e[3 * g] = in[row + idx];
      e[3 * g + 1] = in[other + idx];
      e[3 * g + 2] = in[row + idx2];
   }
}

/* ---- k24..k27: calls ---- */

static void
exp_k24(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t l = g % 64, x = in[g];
      uint32_t a = (x + l) * n, b = (x - l) ^ n;
      if (l & 1) {
         uint32_t a2 = (a + b) * 7, b2 = (a - b) ^ 7;
         a = a2;
         b = b2;
      }
      e[2 * g] = a;
      e[2 * g + 1] = b;
   }
}

static uint32_t
rec(uint32_t d, uint32_t x)
{
   uint32_t buf[8];
   for (uint32_t i = 0; i < 8; i++)
      buf[i] = x + i * d;
   if (d == 0)
      return x;
   return rec(d - 1, x * 3 + 1) + buf[(x + d) & 7];
}

static void
exp_k25(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++)
      e[g] = rec((g % 64) % 7, in[g]);
}

static uint32_t
k26_f(unsigned which, uint32_t x)
{
   return which == 0 ? x + 1000 : which == 1 ? x * 7 : (x * 7) ^ 85;
}

static void
init_k26(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   fill_random(in, 128, 0x26u);
   *n = 3; /* odd: the uniform call goes to f2 */
}

static void
exp_k26(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t r = k26_f((g % 64) % 3, in[g]);
      e[g] = k26_f((n & 1) ? 2 : 0, r);
   }
}

static void
exp_k27(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t s0 = 0, s1 = 0, s2 = 0, acc = 0;
      for (uint32_t i = 0; i < 8; i++) {
         uint32_t a = in[8 * g + i], b = in[8 * (g + 128) + i];
         s0 += a;
         s1 ^= b;
         s2 += a * b;
      }
      for (uint32_t i = 0; i < 3; i++)
         acc += g * i + 3;
      e[g] = s0 + s1 + s2 + acc;
   }
}

/* ---- k28..k30 ---- */

static void
init_k28(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   fill_random(in, 128, 0x28u);
   *n = 37;
   uint32_t sum = 0;
   for (uint32_t i = 0; i < *n; i++)
      sum += in[i];
   in[1] ^= ~sum & 1; /* an odd sum: the branch that reads in[l] runs */
}

static void
exp_k28(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   uint32_t sum = 0;
   for (uint32_t i = 0; i < n; i++)
      sum += in[i];
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t l = g % 64;
      e[g] = sum + l + ((sum & 1) ? in[l] : 0);
   }
}

static uint32_t
bitrev(uint32_t x)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= ((x >> i) & 1) << (31 - i);
   return r;
}

static void
exp_k29(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t x0 = in[g], y = in[g + 128], x = x0 >> (y & 31);
      uint64_t pr = (uint64_t)x0 * y;
      uint32_t *o = e + 9 * g;
      o[0] = (uint32_t)__builtin_popcount(x);
      o[1] = x ? (uint32_t)__builtin_clz(x) : 32;
      o[2] = x ? (uint32_t)__builtin_ctz(x) : 32;
      o[3] = bitrev(x);
      o[4] = (y >> 24) | ((y >> 8) & 0xff00u) | ((y << 8) & 0xff0000u) | (y << 24);
      o[5] = (y & 31) ? (x0 << (y & 31)) | (y >> (32 - (y & 31))) : x0;
      o[6] = (uint32_t)(pr >> 32);
      o[7] = (uint32_t)__builtin_popcountll(pr << 3);
      o[8] = (int32_t)x0 < (int32_t)y ? x0 : y;
   }
}

static void
exp_k30(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t wg = 0; wg < 2; wg++) {
      uint32_t v[128], nv[128];
      memcpy(v, in + 128 * wg, sizeof(v));
      for (uint32_t r = 0; r < 4; r++) {
         for (uint32_t l = 0; l < 128; l++)
            nv[l] = v[(l + 1) & 127] * 3 + r;
         memcpy(v, nv, sizeof(v));
      }
      memcpy(e + 128 * wg, v, sizeof(v));
   }
}

/* k27 reads 8 words per invocation at g and g + 128. */
static void
init_k27(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   fill_random(in, 2048, 0x27u);
   *n = 0;
}


/* ---- k31..k37 ---- */

static void
exp_k31(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      /* ds_bpermute reads within the lane's own 32-lane half in wave64 (GFX10+ run wave64
       * as two halves; compilers shuffle across halves with v_permlane64 or LDS). */
      uint32_t l = g % 64;
      (void)ws;
      e[3 * g] = in[(g & ~31u) + ((l * 7 + 3) & 31)];
      e[3 * g + 1] = in[g ^ 1];
      e[3 * g + 2] = in[(g & ~3u) + 3 - (g & 3)];
   }
}

static void
exp_k32(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   const uint8_t *b8 = (const uint8_t *)in;
   for (uint32_t g = 0; g < 128; g++) {
      uint8_t b = b8[g];
      uint16_t h = (uint16_t)(b8[2 * g] | b8[2 * g + 1] << 8);
      e[g] = (uint8_t)(b + 1) | (uint32_t)b << 8 | (uint32_t)(uint16_t)(h + 1) << 16;
      uint32_t gm = g & 31;
      e[128 + 2 * g] = in[4 * gm] + in[4 * gm + 1] + in[4 * gm + 2] + in[4 * gm + 3];
      e[128 + 2 * g + 1] = b + h + (uint32_t)((int32_t)(int8_t)b * (int32_t)(int16_t)h);
   }
}

static void
exp_k33(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t wg = 0; wg < 2; wg++) {
      const uint32_t *x = in + 128 * wg;
      int32_t min = 100;
      for (uint32_t l = 0; l < 128; l++) {
         uint32_t g = 128 * wg + l, rl = 127 - l, l9 = (l + 9) & 127, lh = l & 63;
         e[4 * g] = x[rl];
         e[4 * g + 1] = x[rl] ^ rl;
         e[4 * g + 2] = (x[l9] + 1 + x[l9] * 3) ^ l9;
         e[4 * g + 3] = x[lh] - x[lh + 64];
         int32_t m = (int32_t)x[l] % 1000;
         min = m < min ? m : min;
      }
      e[1024 + 2 * wg] = 128;
      e[1025 + 2 * wg] = (uint32_t)min;
   }
}

static void
exp_k34(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint16_t hx = f32_to_f16(u2f(in[g])), hy = f32_to_f16(u2f(in[g + 128]));
      uint16_t hz = f32_to_f16(u2f(in[g + 256]));
      uint16_t a[2] = {hx, hy}, b[2] = {hz, hx};
      for (unsigned c = 0; c < 2; c++) {
         float fa = f16_to_f32(a[c]), fb = f16_to_f32(b[c]);
         unsigned sh = 16 * c;
         if (c == 0)
            for (unsigned k = 0; k < 5; k++)
               e[5 * g + k] = 0;
         e[5 * g] |= (uint32_t)f32_to_f16(fa + fb) << sh;
         e[5 * g + 1] |= (uint32_t)f32_to_f16(fa * fb) << sh;
         e[5 * g + 2] |= (uint32_t)f32_to_f16(fa - fb) << sh;
         e[5 * g + 3] |= (uint32_t)(fb < fa ? b[c] : a[c]) << sh;
         e[5 * g + 4] |= (uint32_t)f32_to_f16(-fa * fb) << sh;
      }
   }
}

static void
exp_k35(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t x = in[g] & 0xffff, acc = 1, i = 0;
      for (; i < 24; i++) {
         if (i % 3 == 2)
            continue;
         uint32_t xi = x + i;
         switch (xi % 5) {
         case 0: acc += xi; break;
         case 1: acc ^= x; break;
         case 2: acc *= 3; break;
         case 3: acc = (acc << 5) | (acc >> 27); break;
         default:
            for (uint32_t j = 0; j <= (x & 3); j++)
               acc += 7;
            break;
         }
         if (acc & 0x100000u)
            break;
      }
      e[g] = acc;
      e[128 + g] = i;
   }
}

static void
exp_k36(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t x = in[g], arr[32], s = 0;
      for (uint32_t i = 0; i < 32; i++)
         arr[i] = x * i + i;
      for (uint32_t k = 0; k < 4; k++)
         s += arr[(x >> (5 * k)) & 31];
      arr[x >> 27] = g;
      e[g] = s;
      e[128 + g] = arr[x & 31];
   }
}

/* Edge values: denormals of both signs, halves (rint ties), values beyond the i32 and
 * u32 ranges; y also infinities. Never zero, so x * y is never 0 * inf. */
static void
init_k37(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   uint32_t s = 0xed9e5u;
   for (uint32_t i = 0; i < 256; i++) {
      uint32_t r = rng_next(&s);
      float v;
      switch (r % 8) {
      case 0: v = u2f((r & 0x807ffff0u) | 0x100u); break;              /* denormal */
      case 1: v = (float)((int32_t)(r >> 8) % 2000) + 0.5f; break;      /* a tie */
      case 2: v = ldexpf((float)(r >> 8 | 1), (int)(r >> 3 & 15) + 8); break; /* huge */
      case 3: v = -ldexpf((float)(r >> 8 | 1), (int)(r >> 3 & 15) + 8); break;
      case 4: v = (i >= 128 && (r & 0x100)) ? ((r & 0x200) ? INFINITY : -INFINITY)
                                            : u2f((r & 0x803ffff0u) | 0x7d000000u);
         break;
      default: v = random_float(&s); break;
      }
      in[i] = f2u(v);
   }
   *n = 0;
}

static void
exp_k37(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      float x = u2f(in[g]), y = u2f(in[g + 128]);
      uint32_t *o = e + 11 * g;
      o[0] = f2u(floorf(x));
      o[1] = f2u(ceilf(x));
      o[2] = f2u(truncf(x));
      o[3] = f2u(rintf(x));
      o[4] = f2u(copysignf(x, y));
      o[5] = f2u(ldexpf(x, (int)(in[g + 128] & 63) - 32));
      int ex;
      o[6] = f2u(frexpf(x, &ex));
      o[7] = (uint32_t)ex;
      o[8] = x >= 2147483648.0f    ? 0x7fffffffu
             : x < -2147483648.0f ? 0x80000000u
                                  : (uint32_t)(int32_t)x;
      o[9] = y >= 4294967296.0f ? 0xffffffffu : y <= 0.0f ? 0u : (uint32_t)y;
      o[10] = f2u(x * y);
   }
}

/* ---- k38.. ---- */

/* llvm.amdgcn.sbfe/ubfe: offset and width take their low five bits, width 0 gives 0; a
 * signed field reaching past bit 31 is the arithmetic shift x >> offset. */
static uint32_t
sbfe32(uint32_t x, uint32_t off, uint32_t width)
{
   off &= 31;
   width &= 31;
   if (!width)
      return 0;
   if (off + width >= 32)
      return (uint32_t)((int32_t)x >> off);
   uint32_t f = (x >> off) & ((1u << width) - 1), sign = 1u << (width - 1);
   return (f ^ sign) - sign;
}

static uint32_t
ubfe32(uint32_t x, uint32_t off, uint32_t width)
{
   off &= 31;
   width &= 31;
   return width ? (x >> off) & (uint32_t)((1ull << width) - 1) : 0;
}

/* Random words; the two uniform words (in[256 + wg]) one negative, one positive. */
static void
init_k38(uint32_t *in, uint32_t *out, uint32_t *n)
{
   (void)out;
   fill_random(in, 258, 0x38u);
   in[256] |= 0x80000000u;
   in[257] &= 0x7fffffffu;
   *n = 0;
}

static void
exp_k38(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t x = in[g], y = in[g + 128], off = y & 31, w = (y >> 5) & 31;
      uint32_t xs = in[256 + g / 64];
      /* s_bfe_i64 of xs:xs with offset 48, width 32: the arithmetic shift by 48 */
      uint64_t xw = (uint64_t)xs << 32 | xs, s64 = (uint64_t)((int64_t)xw >> 48);
      uint32_t *o = e + 8 * g;
      o[0] = sbfe32(x, off, w);
      o[1] = ubfe32(x, off, w);
      o[2] = sbfe32(x, off, 30);
      o[3] = sbfe32(x, 24, w);
      o[4] = sbfe32(xs, 24, 30);
      o[5] = ubfe32(xs, 24, 30);
      o[6] = (uint32_t)s64;
      o[7] = (uint32_t)(s64 >> 32);
   }
}

static void
exp_k39(const uint32_t *in, uint32_t n, unsigned ws, uint32_t *e)
{
   for (uint32_t g = 0; g < 128; g++) {
      uint32_t l = g % 64, x = in[g], a = x + 7, b = l ^ 12345;
      e[2 * g] = a * 3 + b;
      e[2 * g + 1] = a ^ b;
   }
}

const struct llvm_kernel llvm_kernels[] = {
   {"k01_store_gid", 64, 2, 0, 128, false, init_n1000, exp_k01},
   {"k02_vadd", 64, 2, 2048, 128, false, init_random, exp_k02},
   {"k03_divergent_if", 64, 2, 2048, 128, false, init_random, exp_k03},
   {"k04_loop_var", 64, 2, 2048, 128, false, init_random, exp_k04},
   {"k05_collatz", 64, 2, 2048, 128, false, init_random, exp_k05},
   {"k06_i64_arith", 64, 1, 2048, 512, false, init_random, exp_k06},
   {"k07_i64_div", 64, 1, 2048, 256, false, init_k07, exp_k07},
   {"k08_i32_div", 64, 2, 2048, 512, false, init_random, exp_k08},
   {"k09_i16", 64, 2, 2048, 512, false, init_random, exp_k09},
   {"k10_f32", 64, 2, 384, 1280, false, init_floats, exp_k10},
   {"k11_f32_div", 64, 2, 384, 384, false, init_floats, exp_k11},
   {"k12_f64", 64, 1, 384, 1024, false, init_doubles, exp_k12},
   {"k13_f16", 64, 2, 384, 512, false, init_halves, exp_k13},
   {"k14_lds_reverse", 128, 2, 2048, 256, false, init_random, exp_k14},
   {"k15_lds_reduce", 128, 2, 2048, 258, false, init_random, exp_k15},
   {"k16_lds_atomics", 128, 2, 2048, 16, false, init_random, exp_k16},
   {"k17_global_atomics", 64, 2, 128, 32, false, init_k17, exp_k17},
   {"k18_readfirstlane", 64, 2, 2048, 128, false, init_random, exp_k18},
   {"k19_readlane", 64, 2, 128, 384, false, init_k19, exp_k19},
   {"k20_ballot", 64, 2, 2048, 768, false, init_random, exp_k20},
   {"k21_mbcnt", 64, 2, 2048, 256, false, init_random, exp_k21},
   {"k22_dpp", 64, 2, 2048, 1152, false, init_random, exp_k22},
   {"k23_permlane", 64, 2, 2048, 384, false, init_random, exp_k23},
   {"k24_call", 64, 2, 2048, 256, true, init_random, exp_k24},
   {"k25_recursion", 64, 2, 2048, 128, true, init_random, exp_k25},
   {"k26_indirect", 64, 2, 128, 128, true, init_k26, exp_k26},
   {"k27_csr", 64, 2, 2048, 128, true, init_k27, exp_k27},
   {"k28_uniform_loop", 64, 2, 128, 128, false, init_k28, exp_k28},
   {"k29_bitops", 64, 2, 2048, 1152, false, init_random, exp_k29},
   {"k30_lds_pingpong", 128, 2, 2048, 256, false, init_random, exp_k30},
   {"k31_bpermute_swizzle", 64, 2, 2048, 384, false, init_random, exp_k31},
   {"k32_subdword", 64, 2, 2048, 384, false, init_random, exp_k32},
   {"k33_lds_wide", 128, 2, 2048, 1028, false, init_random, exp_k33},
   {"k34_packed_f16", 64, 2, 384, 640, false, init_halves, exp_k34},
   {"k35_switch_loop", 64, 2, 2048, 256, false, init_random, exp_k35},
   {"k36_private_array", 64, 2, 2048, 256, false, init_random, exp_k36},
   {"k37_f32_exact", 64, 2, 256, 1408, false, init_k37, exp_k37},
   {"k38_bfe", 64, 2, 258, 1024, false, init_k38, exp_k38},
   {"k39_mad_after_call", 64, 2, 2048, 256, true, init_random, exp_k39},
};
const unsigned llvm_num_kernels = sizeof(llvm_kernels) / sizeof(llvm_kernels[0]);

/* Runs that cannot pass because of an emulator problem, each with the instruction and
 * the expected and actual values, e.g.
 *    {"k18_readfirstlane", NULL, 0, "v_mad_u64_u32 puts a 32-bit literal src2 in the high "
 *     "dword: v_mad_u64_u32 v[3:4], null, 2, 3, 0x55555555 gives 0x5555555500000006"},
 * Remove an entry once its runs pass (the tests print a note when a listed run passes).
 * Empty: every kernel passes on every target and wave size. */
const struct llvm_known_failure llvm_known_failures[] = {
   {NULL, NULL, 0, NULL},
};

const char *
llvm_known_failure(const char *kernel, const struct llvm_config *c)
{
   for (const struct llvm_known_failure *f = llvm_known_failures; f->kernel; f++)
      if (!strcmp(f->kernel, kernel) && (!f->cpu || !strcmp(f->cpu, c->cpu)) &&
          (!f->wave_size || f->wave_size == c->wave_size))
         return f->reason;
   return NULL;
}
