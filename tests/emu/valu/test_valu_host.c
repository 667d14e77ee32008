/* SPDX-License-Identifier: MIT */
/* Differential test of the vector ALU's IEEE arithmetic against the host: the host's
 * binary32/binary64 arithmetic, fmaf/fma and _Float16 conversions are an independent
 * IEEE-754 implementation, run here under each rounding mode (fesetround) with denormals
 * kept (the host never flushes). Operands are random bit patterns (every class: zeros,
 * denormals, normals, infinities, NaNs), near-cancelling pairs and fixed edge values.
 * NaN results are compared as "is NaN" only (the host's default NaN differs). Built with
 * -frounding-math so the compiler keeps host operations after fesetround. */
#include "emu/valu.h"

#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

static const int host_modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};

/* xorshift64*: a fixed seed, so a failure replays */
static uint64_t
rnd(uint64_t *s)
{
   *s ^= *s >> 12;
   *s ^= *s << 25;
   *s ^= *s >> 27;
   return *s * 0x2545f4914f6cdd1dull;
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
d2u(double f)
{
   uint64_t u;
   memcpy(&u, &f, 8);
   return u;
}
static double
u2d(uint64_t u)
{
   double f;
   memcpy(&f, &u, 8);
   return f;
}
static uint16_t
h2u(_Float16 f)
{
   uint16_t u;
   memcpy(&u, &f, 2);
   return u;
}
static _Float16
u2h(uint16_t u)
{
   _Float16 f;
   memcpy(&f, &u, 2);
   return f;
}

static const uint32_t edge32[] = {0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000,
                                  0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000,
                                  0xff800000, 0x7fc00000, 0x7f800001, 0x33800000, 0x4b800000};

static uint32_t
gen32(uint64_t *s, unsigned i)
{
   uint64_t r = rnd(s);
   switch (r % 4) {
   case 0: return edge32[(r >> 8) % (sizeof(edge32) / sizeof(edge32[0]))];
   case 1: return (uint32_t)(r >> 32) & 0x80ffffffu; /* tiny: denormal or near */
   case 2: return ((uint32_t)(r >> 32) & 0x81ffffffu) | 0x3f000000u; /* around 1 */
   default: return (uint32_t)(r >> 32);
   }
}

static void
check32(const char *what, uint32_t a, uint32_t b, uint32_t c, unsigned rm, uint32_t got,
        float want)
{
   if (isnan(want) && ((got & 0x7f800000) == 0x7f800000 && (got & 0x7fffff)))
      return;
   if (got != f2u(want)) {
      fesetround(FE_TONEAREST);
      fail_msg("%s rm %u: %08x %08x %08x: got %08x, host %08x", what, rm, a, b, c, got,
               f2u(want));
   }
}

static void
test_f32_vs_host(void **state)
{
   uint64_t seed = 0x1234567887654321ull;
   for (unsigned rm = 0; rm < 4; rm++) {
      struct emu_fpmode m = {(uint8_t)rm, true, true};
      for (unsigned i = 0; i < 200000; i++) {
         uint32_t a = gen32(&seed, i), b = gen32(&seed, i), c = gen32(&seed, i);
         if (i % 8 == 0)
            b = a ^ 0x80000000u ^ (uint32_t)(rnd(&seed) & 0xff); /* near cancellation */
         fesetround(host_modes[rm]);
         volatile float x = u2f(a), y = u2f(b), z = u2f(c);
         float sum = x + y, prod = x * y, fused = fmaf(x, y, z), diff = x - y;
         volatile double xd = u2f(a);
         float from_d = (float)(xd * 3.0);
         double dd = xd * 3.0;
         fesetround(FE_TONEAREST);
         check32("add", a, b, 0, rm, (uint32_t)emu_f_add(EMU_F32, a, b, m), sum);
         check32("sub", a, b, 0, rm, (uint32_t)emu_f_add(EMU_F32, a, b ^ 0x80000000u, m), diff);
         check32("mul", a, b, 0, rm, (uint32_t)emu_f_mul(EMU_F32, a, b, m), prod);
         check32("fma", a, b, c, rm, (uint32_t)emu_f_fma(EMU_F32, a, b, c, m), fused);
         check32("f64->f32", a, 0, 0, rm,
                 (uint32_t)emu_f_convert(EMU_F64, EMU_F32, d2u(dd), m, m), from_d);
      }
   }
}

static void
test_f64_vs_host(void **state)
{
   uint64_t seed = 0x0badc0ffee0ddf00ull;
   for (unsigned rm = 0; rm < 4; rm++) {
      struct emu_fpmode m = {(uint8_t)rm, true, true};
      for (unsigned i = 0; i < 100000; i++) {
         uint64_t a = rnd(&seed), b = rnd(&seed), c = rnd(&seed);
         if (i % 3 == 0)
            a = (a & 0x800fffffffffffffull) | 0x3ff0000000000000ull;
         if (i % 3 == 1)
            b = (b & 0x800fffffffffffffull) | 0x0000000000000000ull; /* denormals */
         if (i % 8 == 0)
            b = a ^ 0x8000000000000000ull ^ (rnd(&seed) & 0xff);
         fesetround(host_modes[rm]);
         volatile double x = u2d(a), y = u2d(b), z = u2d(c);
         double sum = x + y, prod = x * y, fused = fma(x, y, z);
         fesetround(FE_TONEAREST);
         uint64_t r[3] = {emu_f_add(EMU_F64, a, b, m), emu_f_mul(EMU_F64, a, b, m),
                          emu_f_fma(EMU_F64, a, b, c, m)};
         double want[3] = {sum, prod, fused};
         for (unsigned k = 0; k < 3; k++) {
            if (isnan(want[k]) && isnan(u2d(r[k])))
               continue;
            if (r[k] != d2u(want[k]))
               fail_msg("f64 op %u rm %u: %016llx %016llx %016llx: got %016llx, host %016llx", k,
                        rm, (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
                        (unsigned long long)r[k], (unsigned long long)d2u(want[k]));
         }
      }
   }
}

static void
test_f16_vs_host(void **state)
{
   /* f16 add/mul are correctly rounded through binary32 (24 >= 2 * 11 + 2 bits), and every
    * f32 -> f16 conversion is checked exhaustively over f16-relevant f32 patterns */
   uint64_t seed = 42;
   for (unsigned rm = 0; rm < 4; rm++) {
      struct emu_fpmode m = {(uint8_t)rm, true, true};
      for (unsigned i = 0; i < 200000; i++) {
         uint16_t a = (uint16_t)rnd(&seed), b = (uint16_t)rnd(&seed);
         uint32_t f = (uint32_t)rnd(&seed);
         if (i & 1)
            f = (f & 0x87ffffffu) | 0x30000000u; /* the f16 range incl. its denormals */
         fesetround(host_modes[rm]);
         volatile _Float16 x = u2h(a), y = u2h(b);
         volatile float ff = u2f(f);
         _Float16 sum = x + y, prod = x * y, conv = (_Float16)ff;
         fesetround(FE_TONEAREST);
         uint16_t r[3] = {(uint16_t)emu_f_add(EMU_F16, a, b, m), (uint16_t)emu_f_mul(EMU_F16, a, b, m),
                          (uint16_t)emu_f_convert(EMU_F32, EMU_F16, f, m, m)};
         _Float16 want[3] = {sum, prod, conv};
         for (unsigned k = 0; k < 3; k++) {
            bool nan_w = isnan((float)want[k]);
            bool nan_r = (r[k] & 0x7c00) == 0x7c00 && (r[k] & 0x3ff);
            if (nan_w && nan_r)
               continue;
            if (r[k] != h2u(want[k]))
               fail_msg("f16 op %u rm %u: %04x %04x (%08x): got %04x, host %04x", k, rm, a, b, f,
                        r[k], h2u(want[k]));
         }
      }
   }
}

static void
test_int_conversions_vs_host(void **state)
{
   uint64_t seed = 7;
   for (unsigned rm = 0; rm < 4; rm++) {
      struct emu_fpmode m = {(uint8_t)rm, true, true};
      for (unsigned i = 0; i < 200000; i++) {
         uint32_t v = (uint32_t)rnd(&seed) >> (rnd(&seed) % 32);
         fesetround(host_modes[rm]);
         volatile int32_t si = (int32_t)v;
         volatile uint32_t ui = v;
         float fs = (float)si, fu = (float)ui;
         fesetround(FE_TONEAREST);
         check32("i32->f32", v, 0, 0, rm, (uint32_t)emu_f_from_int(EMU_F32, (int32_t)v, m), fs);
         check32("u32->f32", v, 0, 0, rm, (uint32_t)emu_f_from_uint(EMU_F32, v, m), fu);
      }
   }
   /* float -> int truncation inside the range */
   for (unsigned i = 0; i < 200000; i++) {
      uint32_t f = (uint32_t)rnd(&seed);
      float x = u2f(f);
      if (!(fabsf(x) < 2147483520.0f))
         continue;
      int64_t got = emu_f_to_int(EMU_F32, f, EMU_ROUND_ZERO, INT32_MIN, INT32_MAX,
                                 (struct emu_fpmode){0, true, true});
      if (got != (int32_t)x)
         fail_msg("f32->i32 %08x: got %lld, host %d", f, (long long)got, (int32_t)x);
      int64_t fl = emu_f_to_int(EMU_F32, f, EMU_ROUND_DOWN, INT32_MIN, INT32_MAX,
                                (struct emu_fpmode){0, true, true});
      if (fl != (int64_t)floorf(x))
         fail_msg("floor f32->i32 %08x: got %lld", f, (long long)fl);
      uint64_t rn = emu_f_round_int(EMU_F32, f, EMU_ROUND_NEAREST, (struct emu_fpmode){0, true, true});
      if ((uint32_t)rn != f2u(nearbyintf(x)))
         fail_msg("rndne %08x: got %08x", f, (uint32_t)rn);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_f32_vs_host),
      cmocka_unit_test(test_f64_vs_host),
      cmocka_unit_test(test_f16_vs_host),
      cmocka_unit_test(test_int_conversions_vs_host),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
