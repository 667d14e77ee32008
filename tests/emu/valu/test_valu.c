/* SPDX-License-Identifier: MIT */
/* Semantic tests of the emulator's vector ALU on edge values: every expected value is a
 * constant worked out by hand from the ISA's definition of the instruction (IEEE-754
 * rounding of the exact result, the documented NaN/clamp/saturation rules), never computed
 * by the code under test. Runs on gfx1030, gfx1100 and gfx1200 in wave32 and wave64 where
 * the instruction exists. */
#include "valu_harness.h"

/* Runs `op` on one lane (lane 0) with sources a, b, c in VGPRs (by slot order: src0 in
 * v10, src1 in v14, src2 in v18; 64-bit sources take two registers), the carry-in /
 * selector in vcc (e32) or s[22:23] (e64), and returns the vector result from v[0:1].
 * Lane-mask results go to vcc (e32) or s[20:21] (e64, VOP3SD). */
static uint64_t
eval(struct twave *t, enum aco_opcode op, unsigned enc, uint64_t a, uint64_t b, uint64_t c,
     struct aco_valu_fields mods)
{
   const struct aco_op_info *info = aco_op_info(op);
   if (info->format != ACO_FMT_VOP1 && info->format != ACO_FMT_VOP2 &&
       info->format != ACO_FMT_VOPC)
      enc = enc == ACO_ENC_E64 ? ACO_ENC_NATIVE : enc;
   struct aco_slot_map map;
   if (!aco_minstr_slots(t->w.level, t->w.wave_size, op,
                         enc == ACO_ENC_E64 ? ACO_ENC_E64 : ACO_ENC_NATIVE, &map))
      fail_msg("%s has no slot map on %u (enc %u)", aco_op_info(op)->name, t->w.level, enc);
   aco_definition defs[4];
   aco_operand ops[6];
   unsigned dst_dwords = 1;
   uint64_t src[3] = {a, b, c};
   unsigned nsrc = 0;
   for (unsigned i = 0; i < map.count; i++) {
      struct aco_op_slot s = map.slot[i];
      if (map.index[i] == 0xff)
         continue;
      unsigned lm = t->w.wave_size / 32;
      if (map.is_def[i]) {
         if (s.role == 'd' && info->format != ACO_FMT_VOPC) {
            defs[map.index[i]] = aco_def_fixed(aco_temp_make(0, aco_rc_v(s.dwords)), aco_vgpr(0));
            dst_dwords = s.dwords;
         }
         else if (s.role == 'v')
            defs[map.index[i]] = aco_def_fixed(aco_temp_make(0, aco_rc_s(lm)), aco_sgpr(ACO_REG_VCC_LO));
         else
            defs[map.index[i]] = aco_def_fixed(aco_temp_make(0, aco_rc_s(lm)), aco_sgpr(20));
         continue;
      }
      if (s.role == 'v') {
         ops[map.index[i]] = aco_opnd_reg(aco_sgpr(ACO_REG_VCC_LO), aco_rc_s(lm));
      } else if (s.role == 'c' && s.file == 's') {
         ops[map.index[i]] = aco_opnd_reg(aco_sgpr(22), aco_rc_s(lm));
      } else {
         unsigned reg = 10 + 4 * nsrc;
         for (unsigned l = 0; l < t->w.wave_size; l++) {
            *t_v(t, reg, l) = (uint32_t)src[nsrc];
            *t_v(t, reg + 1, l) = (uint32_t)(src[nsrc] >> 32);
         }
         ops[map.index[i]] = aco_opnd_reg(aco_vgpr(reg), aco_rc_v(s.dwords ? s.dwords : 1));
         nsrc++;
      }
   }
   struct aco_minstr *in = t_instr(t, op, enc, map.num_definitions, defs, map.num_operands, ops);
   uint8_t opsel_hi = in->valu.opsel_hi;
   in->valu = mods;
   if (info->format == ACO_FMT_VOP3P && !mods.opsel_hi)
      in->valu.opsel_hi = opsel_hi;
   t_exec(t, 1);
   *t_v(t, 0, 0) = 0xdeadbeefu;
   *t_v(t, 1, 0) = 0xdeadbeefu;
   t_run(t, in);
   if (dst_dwords == 1)
      return *t_v(t, 0, 0);
   return *t_v(t, 0, 0) | (uint64_t)*t_v(t, 1, 0) << 32;
}

static const struct aco_valu_fields NOMODS = {0};

static uint64_t
rnd_u64(uint64_t *s)
{
   *s ^= *s >> 12;
   *s ^= *s << 25;
   *s ^= *s >> 27;
   return *s * 0x2545f4914f6cdd1dull;
}

static uint32_t
e3(struct twave *t, enum aco_opcode op, uint64_t a, uint64_t b, uint64_t c)
{
   return (uint32_t)eval(t, op, ACO_ENC_NATIVE, a, b, c, NOMODS);
}
static uint32_t
e64(struct twave *t, enum aco_opcode op, uint64_t a, uint64_t b, uint64_t c)
{
   return (uint32_t)eval(t, op, ACO_ENC_E64, a, b, c, NOMODS);
}
static uint64_t
e3d(struct twave *t, enum aco_opcode op, uint64_t a, uint64_t b, uint64_t c)
{
   return eval(t, op, ACO_ENC_NATIVE, a, b, c, NOMODS);
}

/* MODE with round mode r for all formats and denormal bits d (f32) / d16 (f16/f64) */
static uint32_t
mode(unsigned r, unsigned d32, unsigned d16)
{
   return r | r << 2 | d32 << 4 | d16 << 6;
}

#define FOR_LEVELS(t, ws)                                                                     \
   for (unsigned _li = 0; _li < 3; _li++)                                                     \
      for (unsigned ws = 32; ws <= 64; ws += 32)                                              \
         for (struct twave *t = &(struct twave){0}; t; t_finish(t), t = NULL)                 \
            for (int _once = (t_init(t, t_levels[_li], ws), 1); _once; _once = 0)

/* ---- f32 arithmetic, rounding modes, denormals ---------------------------------------- */

static void
test_f32_add_rounding(void **state)
{
   FOR_LEVELS(t, ws) {
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x3f800000, 0x40000000, 0), 0x40400000);
      /* 1 + 2^-24 is a tie between 1.0 and 1+2^-23 */
      t->w.mode = mode(0, 3, 3);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x3f800000, 0x33800000, 0), 0x3f800000);
      /* 1 + 1.5 * 2^-24 rounds up */
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x3f800000, 0x33c00000, 0), 0x3f800001);
      t->w.mode = mode(EMU_ROUND_UP, 3, 3);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x3f800000, 0x33800000, 0), 0x3f800001);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0xbf800000, 0xb3800000, 0), 0xbf800000);
      t->w.mode = mode(EMU_ROUND_DOWN, 3, 3);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x3f800000, 0x33800000, 0), 0x3f800000);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0xbf800000, 0xb3800000, 0), 0xbf800001);
      /* x + -x is -0 rounding down, +0 otherwise */
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x40000000, 0xc0000000, 0), 0x80000000);
      t->w.mode = mode(EMU_ROUND_ZERO, 3, 3);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x3f800000, 0x33c00000, 0), 0x3f800000);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x40000000, 0xc0000000, 0), 0x00000000);
      /* overflow: max + max */
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x7f7fffff, 0x7f7fffff, 0), 0x7f7fffff);
      t->w.mode = mode(0, 3, 3);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x7f7fffff, 0x7f7fffff, 0), 0x7f800000);
      t->w.mode = mode(EMU_ROUND_UP, 3, 3);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0xff7fffff, 0xff7fffff, 0), 0xff7fffff);
      t->w.mode = mode(0, 3, 3);
      /* inf - inf, NaN quieting */
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x7f800000, 0xff800000, 0), 0x7fc00000);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x7f800001, 0x3f800000, 0), 0x7fc00001);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x3f800000, 0xffc00123, 0), 0xffc00123);
      assert_int_equal(e3(t, aco_op_v_sub_f32, 0x3f800000, 0x40000000, 0), 0xbf800000);
      assert_int_equal(e3(t, aco_op_v_subrev_f32, 0x3f800000, 0x40000000, 0), 0x3f800000);
      /* -0 + -0 = -0; -0 + +0 = +0 */
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x80000000, 0x80000000, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x80000000, 0x00000000, 0), 0x00000000);
   }
}

static void
test_f32_denormals(void **state)
{
   FOR_LEVELS(t, ws) {
      /* smallest denormal + 0 kept, flushed on output, flushed on input */
      t->w.mode = mode(0, 3, 3);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x00000001, 0, 0), 0x00000001);
      assert_int_equal(e3(t, aco_op_v_mul_f32, 0x00400000, 0x40000000, 0), 0x00800000);
      t->w.mode = mode(0, 1, 3); /* input kept, output flushed */
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x80000001, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_mul_f32, 0x00400000, 0x40000000, 0), 0x00800000);
      t->w.mode = mode(0, 2, 3); /* input flushed, output kept */
      assert_int_equal(e3(t, aco_op_v_mul_f32, 0x00400000, 0x40000000, 0), 0x00000000);
      /* min normal / 2 is a denormal output, kept */
      assert_int_equal(e3(t, aco_op_v_mul_f32, 0x00800000, 0x3f000000, 0), 0x00400000);
      t->w.mode = mode(0, 0, 3);
      assert_int_equal(e3(t, aco_op_v_mul_f32, 0x00800000, 0x3f000000, 0), 0x00000000);
      /* the f16/f64 field does not affect f32 */
      t->w.mode = mode(0, 3, 0);
      assert_int_equal(e3(t, aco_op_v_add_f32, 0x00000001, 0, 0), 0x00000001);
   }
}

static void
test_fma(void **state)
{
   FOR_LEVELS(t, ws) {
      /* (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly (a separate multiply would give 0) */
      assert_int_equal(e3(t, aco_op_v_fma_f32, 0x3f800001, 0x3f7ffffe, 0xbf800000), 0xa8800000);
      assert_int_equal(e3(t, aco_op_v_mul_f32, 0x3f800001, 0x3f7ffffe, 0), 0x3f800000);
      /* (1 + 2^-52)(1 - 2^-52) - 1 = -2^-104 */
      assert_int_equal(e3d(t, aco_op_v_fma_f64, 0x3ff0000000000001ull, 0x3feffffffffffffeull,
                           0xbff0000000000000ull),
                       0xb970000000000000ull);
      /* 0 * inf + x is NaN; inf + -inf from the product */
      assert_int_equal(e3(t, aco_op_v_fma_f32, 0, 0x7f800000, 0x3f800000), 0x7fc00000);
      assert_int_equal(e3(t, aco_op_v_fma_f32, 0x7f800000, 0x3f800000, 0xff800000), 0x7fc00000);
      /* fmac accumulates into its destination */
      struct aco_minstr *in = t_instr(t, aco_op_v_fmac_f32, ACO_ENC_NATIVE, 1,
                                      (aco_definition[]){DV(0)}, 2, (aco_operand[]){V(1), V(2)});
      t_exec(t, 1);
      *t_v(t, 0, 0) = 0x3f800000; /* 1 */
      *t_v(t, 1, 0) = 0x40000000; /* 2 */
      *t_v(t, 2, 0) = 0x40400000; /* 3 */
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0x40e00000); /* 7 */
      /* f16 fma: 0.5 * 2^-14 (smallest normal) = 2^-15: a denormal, 0x0200 */
      assert_int_equal(e3(t, aco_op_v_fma_f16, 0x3800, 0x0400, 0) & 0xffff, 0x0200);
      t->w.mode = mode(0, 3, 0);
      assert_int_equal(e3(t, aco_op_v_fma_f16, 0x3800, 0x0400, 0) & 0xffff, 0x0000);
   }
}

static void
test_f64(void **state)
{
   FOR_LEVELS(t, ws) {
      enum aco_opcode add = t->w.level >= ACO_GFX1200 ? aco_op_v_add_f64_vop2 : aco_op_v_add_f64;
      enum aco_opcode mul = t->w.level >= ACO_GFX1200 ? aco_op_v_mul_f64_vop2 : aco_op_v_mul_f64;
      /* 1 + 2^-53: a tie, to even */
      assert_int_equal(e3d(t, add, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0),
                       0x3ff0000000000000ull);
      t->w.mode = mode(EMU_ROUND_UP, 3, 3);
      assert_int_equal(e3d(t, add, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0),
                       0x3ff0000000000001ull);
      /* the f64 round mode is the f16/f64 field: RU only in the f32 field keeps RNE */
      t->w.mode = EMU_ROUND_UP | 0xf0;
      assert_int_equal(e3d(t, add, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0),
                       0x3ff0000000000000ull);
      t->w.mode = mode(0, 3, 3);
      assert_int_equal(e3d(t, mul, 0x4008000000000000ull, 0xc000000000000000ull, 0),
                       0xc018000000000000ull); /* 3 * -2 = -6 */
      /* 2^-1022 * 2^-1 = 2^-1023 denormal 0x0008000000000000, flushed with f64 flush */
      assert_int_equal(e3d(t, mul, 0x0010000000000000ull, 0x3fe0000000000000ull, 0),
                       0x0008000000000000ull);
      t->w.mode = mode(0, 3, 0);
      assert_int_equal(e3d(t, mul, 0x0010000000000000ull, 0x3fe0000000000000ull, 0), 0);
   }
}

/* ---- conversions ------------------------------------------------------------------------ */

static void
test_conversions(void **state)
{
   FOR_LEVELS(t, ws) {
      /* 1/3 to f16: 0x3555 to nearest, 0x3556 up */
      assert_int_equal(e3(t, aco_op_v_cvt_f16_f32, 0x3eaaaaab, 0, 0) & 0xffff, 0x3555);
      t->w.mode = mode(EMU_ROUND_UP, 3, 3);
      assert_int_equal(e3(t, aco_op_v_cvt_f16_f32, 0x3eaaaaab, 0, 0) & 0xffff, 0x3556);
      t->w.mode = mode(0, 3, 3);
      /* 65520 is halfway between 65504 and 65536: to even is infinity; RZ gives max */
      assert_int_equal(e3(t, aco_op_v_cvt_f16_f32, 0x477ff000, 0, 0) & 0xffff, 0x7c00);
      t->w.mode = mode(EMU_ROUND_ZERO, 3, 3);
      assert_int_equal(e3(t, aco_op_v_cvt_f16_f32, 0x477ff000, 0, 0) & 0xffff, 0x7bff);
      t->w.mode = mode(0, 3, 3);
      assert_int_equal(e3(t, aco_op_v_cvt_f16_f32, 0x7f800001, 0, 0) & 0xffff, 0x7e00);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_f16, 0x3555, 0, 0), 0x3eaaa000);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_f16, 0x8001, 0, 0), 0xb3800000); /* -2^-24 */
      /* float to int: truncation, saturation, NaN to 0 */
      assert_int_equal(e3(t, aco_op_v_cvt_i32_f32, 0x4f000000, 0, 0), 0x7fffffff);
      assert_int_equal(e3(t, aco_op_v_cvt_i32_f32, 0xc06ccccd, 0, 0), 0xfffffffd); /* -3.7 */
      assert_int_equal(e3(t, aco_op_v_cvt_i32_f32, 0x7fc00000, 0, 0), 0);
      assert_int_equal(e3(t, aco_op_v_cvt_i32_f32, 0xff800000, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_cvt_u32_f32, 0xbf800000, 0, 0), 0);
      assert_int_equal(e3(t, aco_op_v_cvt_u32_f32, 0x4f800000, 0, 0), 0xffffffff);
      assert_int_equal(e3(t, aco_op_v_cvt_i32_f64, 0xc1e0000000200000ull, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_cvt_u32_f64, 0x41efffffffe00000ull, 0, 0), 0xffffffff);
      assert_int_equal(e3(t, aco_op_v_cvt_floor_i32_f32, 0xc0200000, 0, 0), 0xfffffffd); /* -2.5 */
      assert_int_equal(e3(t, aco_op_v_cvt_nearest_i32_f32, 0xc0200000, 0, 0), 0xfffffffe);
      assert_int_equal(e3(t, aco_op_v_cvt_u16_f16, 0x7bff, 0, 0) & 0xffff, 0xffe0); /* 65504 */
      assert_int_equal(e3(t, aco_op_v_cvt_i16_f16, 0xfbff, 0, 0) & 0xffff, 0x8000);
      /* int to float with the rounding mode */
      assert_int_equal(e3(t, aco_op_v_cvt_f32_i32, 16777217, 0, 0), 0x4b800000);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_u32, 0xffffffff, 0, 0), 0x4f800000);
      t->w.mode = mode(EMU_ROUND_UP, 3, 3);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_i32, 16777217, 0, 0), 0x4b800001);
      t->w.mode = mode(EMU_ROUND_ZERO, 3, 3);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_u32, 0xffffffff, 0, 0), 0x4f7fffff);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_i32, 0xfeffffff, 0, 0), 0xcb800000); /* -16777217 */
      t->w.mode = mode(0, 3, 3);
      assert_int_equal(e3d(t, aco_op_v_cvt_f64_i32, 0x80000000, 0, 0), 0xc1e0000000000000ull);
      assert_int_equal(e3d(t, aco_op_v_cvt_f64_u32, 0xffffffff, 0, 0), 0x41efffffffe00000ull);
      /* f32 denormal to f64: exact, unless f32 input denormals are flushed */
      assert_int_equal(e3d(t, aco_op_v_cvt_f64_f32, 1, 0, 0), 0x36a0000000000000ull);
      t->w.mode = mode(0, 0, 3);
      assert_int_equal(e3d(t, aco_op_v_cvt_f64_f32, 1, 0, 0), 0);
      t->w.mode = mode(0, 3, 3);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_f64, 0x3ff0000010000000ull, 0, 0), 0x3f800000);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_f64, 0x3ff0000030000000ull, 0, 0), 0x3f800002);
      assert_int_equal(e3(t, aco_op_v_cvt_off_f32_i4, 8, 0, 0), 0xbf000000);
      assert_int_equal(e3(t, aco_op_v_cvt_off_f32_i4, 7, 0, 0), 0x3ee00000);
      assert_int_equal(e3(t, aco_op_v_cvt_f32_ubyte2, 0x00ff0000, 0, 0), 0x437f0000);
      /* packed conversions */
      assert_int_equal(e3(t, aco_op_v_cvt_pk_rtz_f16_f32, 0x3eaaaaab, 0xbeaaaaab, 0), 0xb5553555);
      assert_int_equal(e64(t, aco_op_v_cvt_pk_u16_u32, 70000, 5, 0), 0x0005ffff);
      assert_int_equal(e64(t, aco_op_v_cvt_pk_i16_i32, (uint32_t)-40000, 40000, 0), 0x7fff8000);
      assert_int_equal(e64(t, aco_op_v_cvt_pk_norm_i16_f32, 0x3f800000, 0xc0000000, 0),
                       0x80017fff);
      assert_int_equal(e64(t, aco_op_v_cvt_pk_norm_u16_f32, 0x3f000000, 0x7fc00000, 0),
                       0x00008000);
      assert_int_equal(e64(t, aco_op_v_cvt_pk_u8_f32, 0x437f8000, 1, 0x11223344), 0x1122ff44);
      assert_int_equal(e3(t, aco_op_v_sat_pk_u8_i16, 0x0100ff80, 0, 0) & 0xffff, 0xff00);
   }
}

/* ---- rounding, fract, frexp, ldexp ---------------------------------------------------------- */

static void
test_round_frexp(void **state)
{
   FOR_LEVELS(t, ws) {
      assert_int_equal(e3(t, aco_op_v_rndne_f32, 0x40200000, 0, 0), 0x40000000); /* 2.5 -> 2 */
      assert_int_equal(e3(t, aco_op_v_rndne_f32, 0x40600000, 0, 0), 0x40800000); /* 3.5 -> 4 */
      assert_int_equal(e3(t, aco_op_v_floor_f32, 0xbf000000, 0, 0), 0xbf800000);
      assert_int_equal(e3(t, aco_op_v_ceil_f32, 0xbf000000, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_trunc_f32, 0xbfd9999a, 0, 0), 0xbf800000);
      assert_int_equal(e3(t, aco_op_v_floor_f32, 0x7fc00000, 0, 0), 0x7fc00000);
      assert_int_equal(e3d(t, aco_op_v_floor_f64, 0xbff8000000000000ull, 0, 0),
                       0xc000000000000000ull);
      assert_int_equal(e3d(t, aco_op_v_rndne_f64, 0x4004000000000000ull, 0, 0),
                       0x4000000000000000ull); /* 2.5 -> 2 */
      assert_int_equal(e3(t, aco_op_v_ceil_f16, 0x3c01, 0, 0) & 0xffff, 0x4000);
      assert_int_equal(e3(t, aco_op_v_fract_f32, 0xbe800000, 0, 0), 0x3f400000);
      /* -2^-30 - floor(-2^-30) rounds to 1.0, clamped below 1 */
      assert_int_equal(e3(t, aco_op_v_fract_f32, 0xb0800000, 0, 0), 0x3f7fffff);
      assert_int_equal(e3(t, aco_op_v_fract_f32, 0x7f800000, 0, 0), 0x7fc00000);
      assert_int_equal(e3(t, aco_op_v_frexp_mant_f32, 0x41000000, 0, 0), 0x3f000000);
      assert_int_equal(e3(t, aco_op_v_frexp_exp_i32_f32, 0x41000000, 0, 0), 4);
      assert_int_equal(e3(t, aco_op_v_frexp_exp_i32_f32, 0x00000001, 0, 0), (uint32_t)-148);
      assert_int_equal(e3(t, aco_op_v_frexp_mant_f32, 0x00000001, 0, 0), 0x3f000000);
      assert_int_equal(e3(t, aco_op_v_frexp_exp_i32_f64, 0x3ff0000000000000ull, 0, 0), 1);
      assert_int_equal(e3(t, aco_op_v_frexp_exp_i32_f32, 0x7f800000, 0, 0), 0);
      assert_int_equal(e64(t, aco_op_v_ldexp_f32, 0x3f800000, (uint32_t)-149, 0), 0x00000001);
      assert_int_equal(e64(t, aco_op_v_ldexp_f32, 0x3fc00000, (uint32_t)-149, 0), 0x00000002);
      assert_int_equal(e64(t, aco_op_v_ldexp_f32, 0x3f800000, 128, 0), 0x7f800000);
      assert_int_equal(eval(t, aco_op_v_ldexp_f64, ACO_ENC_NATIVE, 0x3ff0000000000000ull, 1023, 0,
                            NOMODS),
                       0x7fe0000000000000ull);
      assert_int_equal(e3(t, aco_op_v_ldexp_f16, 0x3c00, 0xfff1, 0) & 0xffff, 0x0200); /* 2^-15 */
   }
}

/* ---- approximate ops ---------------------------------------------------------------------- */

static void
test_approx(void **state)
{
   FOR_LEVELS(t, ws) {
      assert_int_equal(e3(t, aco_op_v_rcp_f32, 0x40000000, 0, 0), 0x3f000000);
      assert_int_equal(e3(t, aco_op_v_rcp_f32, 0x80000000, 0, 0), 0xff800000);
      assert_int_equal(e3(t, aco_op_v_rcp_f32, 0xff800000, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_sqrt_f32, 0x40800000, 0, 0), 0x40000000);
      assert_int_equal(e3(t, aco_op_v_sqrt_f32, 0xbf800000, 0, 0), 0xffc00000);
      assert_int_equal(e3(t, aco_op_v_sqrt_f32, 0x80000000, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_rsq_f32, 0, 0, 0), 0x7f800000);
      assert_int_equal(e3(t, aco_op_v_rsq_f32, 0x40800000, 0, 0), 0x3f000000);
      assert_int_equal(e3(t, aco_op_v_log_f32, 0x41000000, 0, 0), 0x40400000);
      assert_int_equal(e3(t, aco_op_v_log_f32, 0, 0, 0), 0xff800000);
      assert_int_equal(e3(t, aco_op_v_exp_f32, 0xff800000, 0, 0), 0);
      assert_int_equal(e3(t, aco_op_v_exp_f32, 0x40400000, 0, 0), 0x41000000);
      assert_int_equal(e3(t, aco_op_v_sin_f32, 0x3e800000, 0, 0), 0x3f800000); /* sin(pi/2) */
      assert_int_equal(e3(t, aco_op_v_cos_f32, 0x3f000000, 0, 0), 0xbf800000); /* cos(pi) */
      assert_int_equal(e3(t, aco_op_v_sin_f32, 0x7f800000, 0, 0), 0xffc00000);
      /* the ISA's functional examples */
      assert_int_equal(e3(t, aco_op_v_log_f32, 0xff800000, 0, 0), 0xffc00000);
      assert_int_equal(e3(t, aco_op_v_log_f32, 0xbf800000, 0, 0), 0xffc00000);
      assert_int_equal(e3(t, aco_op_v_log_f32, 0x80000000, 0, 0), 0xff800000);
      assert_int_equal(e3(t, aco_op_v_log_f32, 0x3f800000, 0, 0), 0x00000000);
      assert_int_equal(e3(t, aco_op_v_log_f32, 0x7f800000, 0, 0), 0x7f800000);
      assert_int_equal(e3(t, aco_op_v_exp_f32, 0x80000000, 0, 0), 0x3f800000);
      assert_int_equal(e3(t, aco_op_v_exp_f32, 0x7f800000, 0, 0), 0x7f800000);
      assert_int_equal(e3(t, aco_op_v_rcp_f32, 0xc0000000, 0, 0), 0xbf000000);
      assert_int_equal(e3(t, aco_op_v_rcp_f32, 0x7f800000, 0, 0), 0x00000000);
      assert_int_equal(e3(t, aco_op_v_rsq_f32, 0xff800000, 0, 0), 0xffc00000);
      assert_int_equal(e3(t, aco_op_v_rsq_f32, 0x80000000, 0, 0), 0xff800000);
      assert_int_equal(e3(t, aco_op_v_rsq_f32, 0x7f800000, 0, 0), 0x00000000);
      assert_int_equal(e3(t, aco_op_v_sqrt_f32, 0xff800000, 0, 0), 0xffc00000);
      assert_int_equal(e3(t, aco_op_v_sqrt_f32, 0x7f800000, 0, 0), 0x7f800000);
      assert_int_equal(e3(t, aco_op_v_sin_f32, 0xff7fffff, 0, 0), 0x00000000);
      assert_int_equal(e3(t, aco_op_v_sin_f32, 0x80000000, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_cos_f32, 0xff7fffff, 0, 0), 0x3f800000);
      assert_int_equal(e3(t, aco_op_v_cos_f32, 0x80000000, 0, 0), 0x3f800000);
      assert_int_equal(e3(t, aco_op_v_cos_f32, 0x3e800000, 0, 0), 0x00000000);
      assert_int_equal(e3(t, aco_op_v_cos_f32, 0xff800000, 0, 0), 0xffc00000);
      assert_int_equal(e3(t, aco_op_v_rcp_f16, 0xc000, 0, 0) & 0xffff, 0xb800);
      assert_int_equal(e3(t, aco_op_v_rcp_f16, 0x8000, 0, 0) & 0xffff, 0xfc00);
      assert_int_equal(e3(t, aco_op_v_sqrt_f16, 0xfc00, 0, 0) & 0xffff, 0xfe00);
      assert_int_equal(e3(t, aco_op_v_sqrt_f16, 0x4400, 0, 0) & 0xffff, 0x4000);
      assert_int_equal(e3(t, aco_op_v_rsq_f16, 0x4400, 0, 0) & 0xffff, 0x3800);
      assert_int_equal(e3(t, aco_op_v_rsq_f16, 0x8000, 0, 0) & 0xffff, 0xfc00);
      /* f32 rcp flushes denormals whatever the mode: 1/2^-149 -> inf, 1/2^127 -> 0 */
      assert_int_equal(e3(t, aco_op_v_rcp_f32, 0x00000001, 0, 0), 0x7f800000);
      assert_int_equal(e3(t, aco_op_v_rcp_f32, 0x7f000000, 0, 0), 0x00000000);
      /* ffbh_i32 examples */
      assert_int_equal(e3(t, aco_op_v_cls_i32, 0x40000000, 0, 0), 1);
      assert_int_equal(e3(t, aco_op_v_cls_i32, 0x80000000, 0, 0), 1);
      assert_int_equal(e3(t, aco_op_v_cls_i32, 0x0fffffff, 0, 0), 4);
      assert_int_equal(e3(t, aco_op_v_cls_i32, 0xfffffffe, 0, 0), 31);
      assert_int_equal(e3(t, aco_op_v_clz_i32_u32, 0x100000ff, 0, 0), 3);
      assert_int_equal(e3(t, aco_op_v_ctz_i32_b32, 0xff000008, 0, 0), 3);
      assert_int_equal(e3d(t, aco_op_v_rcp_f64, 0x4010000000000000ull, 0, 0),
                       0x3fd0000000000000ull);
      assert_int_equal(e3d(t, aco_op_v_sqrt_f64, 0x4022000000000000ull, 0, 0),
                       0x4008000000000000ull); /* sqrt(9) = 3 */
      assert_int_equal(e3(t, aco_op_v_rcp_f16, 0x4400, 0, 0) & 0xffff, 0x3400); /* 1/4 */
      /* within 1 ulp: 1/3 */
      uint32_t r = e3(t, aco_op_v_rcp_f32, 0x40400000, 0, 0);
      assert_true(r == 0x3eaaaaab || r == 0x3eaaaaaa);
   }
}

/* ---- min / max / med3 --------------------------------------------------------------------- */

static void
test_minmax(void **state)
{
   FOR_LEVELS(t, ws) {
      bool gfx12 = t->w.level >= ACO_GFX1200;
      assert_int_equal(e3(t, aco_op_v_max_f32, 0x7fc00000, 0x3f800000, 0), 0x3f800000);
      assert_int_equal(e3(t, aco_op_v_min_f32, 0x80000000, 0x00000000, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_max_f32, 0x80000000, 0x00000000, 0), 0x00000000);
      t->w.mode |= EMU_MODE_IEEE;
      /* an sNaN gives a quiet NaN in IEEE mode (GFX10/11); GFX12 *_num give the number */
      assert_int_equal(e3(t, aco_op_v_max_f32, 0x7f800001, 0x3f800000, 0),
                       gfx12 ? 0x3f800000 : 0x7fc00001);
      t->w.mode &= ~EMU_MODE_IEEE;
      if (!gfx12)
         assert_int_equal(e3(t, aco_op_v_max_f32, 0x7f800001, 0x3f800000, 0), 0x3f800000);
      if (gfx12) {
         assert_int_equal(e64(t, aco_op_v_maximum_f32, 0x7fc00000, 0x3f800000, 0), 0x7fc00000);
         assert_int_equal(e64(t, aco_op_v_minimum_f32, 0x00000000, 0x80000000, 0), 0x80000000);
         assert_int_equal(e3d(t, aco_op_v_max_num_f64, 0x7ff8000000000000ull,
                              0x4000000000000000ull, 0),
                          0x4000000000000000ull);
      }
      assert_int_equal(e64(t, aco_op_v_med3_f32, 0x40400000, 0x3f800000, 0x40000000), 0x40000000);
      assert_int_equal(e64(t, aco_op_v_med3_i32, 5, (uint32_t)-1, 3), 3);
      assert_int_equal(e64(t, aco_op_v_med3_u32, 5, (uint32_t)-1, 3), 5);
      assert_int_equal(e64(t, aco_op_v_min3_i32, 5, (uint32_t)-1, 3), (uint32_t)-1);
      assert_int_equal(e64(t, aco_op_v_max3_u32, 5, (uint32_t)-1, 3), (uint32_t)-1);
      assert_int_equal(e64(t, aco_op_v_med3_i16, 0x8000, 0x7fff, 0x0001) & 0xffff, 0x0001);
      assert_int_equal(e3(t, aco_op_v_min_i32, 0x80000000, 1, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_max_u32, 0x80000000, 1, 0), 0x80000000);
      assert_int_equal(e64(t, aco_op_v_max_i16, 0x8000, 0x0001, 0) & 0xffff, 0x0001);
      if (t->w.level >= ACO_GFX1100) {
         assert_int_equal(e64(t, aco_op_v_maxmin_i32, 5, 9, 7), 7);
         assert_int_equal(e64(t, aco_op_v_minmax_u32, 5, 9, 7), 7);
         assert_int_equal(e64(t, aco_op_v_maxmin_f32, 0x40a00000, 0x41100000, 0x40e00000),
                          0x40e00000);
      }
   }
}

/* ---- comparisons into lane masks ----------------------------------------------------------- */

static uint64_t
cmp_lanes(struct twave *t, enum aco_opcode op, unsigned enc, const uint32_t *a,
          const uint32_t *b, uint64_t exec, unsigned *field)
{
   struct aco_slot_map map;
   assert_true(aco_minstr_slots(t->w.level, t->w.wave_size, op,
                                enc == ACO_ENC_E64 ? ACO_ENC_E64 : ACO_ENC_NATIVE, &map));
   unsigned lm = t->w.wave_size / 32;
   aco_definition def;
   *field = enc == ACO_ENC_E64 ? 20 : ACO_REG_VCC_LO;
   def = aco_def_fixed(aco_temp_make(0, aco_rc_s(lm)), aco_sgpr(*field));
   for (unsigned l = 0; l < t->w.wave_size; l++) {
      *t_v(t, 1, l) = a[l % 8];
      *t_v(t, 2, l) = b[l % 8];
   }
   struct aco_minstr *in = t_instr(t, op, enc, map.num_definitions, &def, 2,
                                   (aco_operand[]){V(1), V(2)});
   t_exec(t, exec);
   t->w.sgpr[*field] = t->w.sgpr[*field + 1] = 0x5a5a5a5a;
   t_run(t, in);
   return t_mask(t, *field);
}

static void
test_compare(void **state)
{
   static const uint32_t a[8] = {0x3f800000, 0x7fc00000, 0x80000000, 0x40000000,
                                 0xff800000, 0x00000001, 0x3f800000, 0xbf800000};
   static const uint32_t b[8] = {0x40000000, 0x3f800000, 0x00000000, 0x40000000,
                                 0x00000000, 0x00000000, 0x7f800001, 0xbf800000};
   /* per lane (mod 8): a < b, unordered, equal (-0 == 0), equal, less, greater (denormal
    * kept) / equal (flushed), unordered (sNaN), equal */
   FOR_LEVELS(t, ws) {
      uint64_t all = ws == 64 ? ~0ull : 0xffffffffull;
      uint64_t rep8 = 0;
      unsigned field;
      for (unsigned k = 0; k < ws / 8; k++)
         rep8 |= 0x1ull << (8 * k);
      uint64_t lt = cmp_lanes(t, aco_op_v_cmp_lt_f32, ACO_ENC_NATIVE, a, b, all, &field);
      assert_int_equal(field, ACO_REG_VCC_LO);
      assert_int_equal(lt, rep8 * 0x11); /* lanes 0 and 4 */
      uint64_t nge = cmp_lanes(t, aco_op_v_cmp_nge_f32, ACO_ENC_E64, a, b, all, &field);
      assert_int_equal(nge, rep8 * 0x53); /* 0, 1, 4, 6 */
      uint64_t eq = cmp_lanes(t, aco_op_v_cmp_eq_f32, ACO_ENC_NATIVE, a, b, all, &field);
      assert_int_equal(eq, rep8 * 0x8c); /* 2, 3, 7 */
      uint64_t u = cmp_lanes(t, aco_op_v_cmp_u_f32, ACO_ENC_NATIVE, a, b, all, &field);
      assert_int_equal(u, rep8 * 0x42);
      uint64_t neq = cmp_lanes(t, aco_op_v_cmp_neq_f32, ACO_ENC_NATIVE, a, b, all, &field);
      assert_int_equal(neq, rep8 * 0x73);
      t->w.mode = mode(0, 0, 3); /* flush f32 denormals: lane 5 becomes equal */
      eq = cmp_lanes(t, aco_op_v_cmp_eq_f32, ACO_ENC_NATIVE, a, b, all, &field);
      assert_int_equal(eq, rep8 * 0xac);
      t->w.mode = mode(0, 3, 3);
      /* inactive lanes are 0 in the written mask, both halves written in wave64 */
      uint64_t exec = ws == 64 ? 0xf0f0f0f0f0f0f0f0ull : 0xf0f0f0f0ull;
      eq = cmp_lanes(t, aco_op_v_cmp_eq_f32, ACO_ENC_E64, a, b, exec, &field);
      assert_int_equal(eq, rep8 * 0x80);
      if (ws == 32)
         assert_int_equal(t->w.sgpr[21], 0x5a5a5a5a); /* s21 untouched in wave32 */
      /* integer compares */
      static const uint32_t ia[8] = {0xffffffff, 0, 5, 7, 0x80000000, 1, 2, 3};
      static const uint32_t ib[8] = {0, 0xffffffff, 5, 6, 0x7fffffff, 1, 3, 2};
      assert_int_equal(cmp_lanes(t, aco_op_v_cmp_lt_i32, ACO_ENC_NATIVE, ia, ib, all, &field),
                       rep8 * 0x51); /* 0, 4, 6 */
      assert_int_equal(cmp_lanes(t, aco_op_v_cmp_lt_u32, ACO_ENC_NATIVE, ia, ib, all, &field),
                       rep8 * 0x42); /* 1, 6 */
      assert_int_equal(cmp_lanes(t, aco_op_v_cmp_ne_u32, ACO_ENC_NATIVE, ia, ib, all, &field),
                       rep8 * 0xdb);
      /* v_cmpx writes exec (only) */
      t->w.sgpr[ACO_REG_VCC_LO] = 0x12345678;
      struct aco_minstr *in = t_instr(t, aco_op_v_cmpx_gt_u32, ACO_ENC_NATIVE, 0, NULL, 2,
                                      (aco_operand[]){V(1), V(2)});
      for (unsigned l = 0; l < ws; l++) {
         *t_v(t, 1, l) = ia[l % 8];
         *t_v(t, 2, l) = ib[l % 8];
      }
      t_exec(t, all & ~1ull);
      t_run(t, in);
      assert_int_equal(emu_exec(&t->w), rep8 * 0x99 & ~1ull); /* 0 (inactive), 3, 4, 7 */
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO], 0x12345678);
      /* class: bit 4 negative denormal, bit 9 +inf, bit 1 quiet NaN, bit 0 signaling */
      assert_int_equal(e3(t, aco_op_v_cmp_class_f32, 0x80000001, 1 << 4, 0), 0xdeadbeef);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      e3(t, aco_op_v_cmp_class_f32, 0x7f800000, 1 << 8, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 0);
      e3(t, aco_op_v_cmp_class_f32, 0x7f800000, 1 << 9, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      e3(t, aco_op_v_cmp_class_f32, 0x7f800001, 1 << 1, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 0);
      e3(t, aco_op_v_cmp_class_f32, 0x7f800001, 1 << 0, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      e3(t, aco_op_v_cmp_class_f64, 0x8000000000000000ull, 1 << 5, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      e3(t, aco_op_v_cmp_class_f16, 0x0001, 1 << 7, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      /* 64-bit and 16-bit integer compares */
      e3(t, aco_op_v_cmp_gt_u64, 0x100000000ull, 0xffffffffull, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      e3(t, aco_op_v_cmp_lt_i64, 0xffffffff00000000ull, 0x00000000ffffffffull, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      e3(t, aco_op_v_cmp_lt_i16, 0x8000, 0x0001, 0);
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 1);
      e3(t, aco_op_v_cmp_lt_u16, 0x18000, 0x0001, 0); /* only the low half counts */
      assert_int_equal(t->w.sgpr[ACO_REG_VCC_LO] & 1, 0);
   }
}

/* ---- integer ----------------------------------------------------------------------------- */

static void
test_int_carry(void **state)
{
   FOR_LEVELS(t, ws) {
      struct aco_valu_fields clampf = {.clamp = true};
      assert_int_equal(e64(t, aco_op_v_add_co_u32, 0xffffffff, 1, 0), 0);
      assert_int_equal(t_mask(t, 20), 1);
      assert_int_equal(e64(t, aco_op_v_add_co_u32, 0xfffffffe, 1, 0), 0xffffffff);
      assert_int_equal(t_mask(t, 20), 0);
      assert_int_equal(e64(t, aco_op_v_sub_co_u32, 0, 1, 0), 0xffffffff);
      assert_int_equal(t_mask(t, 20), 1);
      assert_int_equal(e64(t, aco_op_v_subrev_co_u32, 0, 1, 0), 1);
      assert_int_equal(t_mask(t, 20), 0);
      /* e32 carry-in and carry-out in vcc */
      t->w.sgpr[ACO_REG_VCC_LO] = 1;
      t->w.sgpr[ACO_REG_VCC_HI] = 0;
      assert_int_equal(e3(t, aco_op_v_add_co_ci_u32, 0xfffffffe, 1, 0), 0);
      assert_int_equal(t_mask(t, ACO_REG_VCC_LO), 1);
      t->w.sgpr[ACO_REG_VCC_LO] = 1;
      assert_int_equal(e3(t, aco_op_v_sub_co_ci_u32, 5, 5, 0), 0xffffffff);
      assert_int_equal(t_mask(t, ACO_REG_VCC_LO), 1);
      t->w.sgpr[ACO_REG_VCC_LO] = 1;
      assert_int_equal(e3(t, aco_op_v_subrev_co_ci_u32, 2, 5, 0), 2);
      assert_int_equal(t_mask(t, ACO_REG_VCC_LO), 0);
      /* e64 carry-in from an SGPR */
      t->w.sgpr[22] = 1;
      t->w.sgpr[23] = 0;
      assert_int_equal(e64(t, aco_op_v_add_co_ci_u32, 1, 1, 0), 3);
      assert_int_equal(t_mask(t, 20), 0);
      /* clamp saturates */
      assert_int_equal(eval(t, aco_op_v_add_nc_u32, ACO_ENC_E64, 0xffffffff, 2, 0, clampf),
                       0xffffffff);
      assert_int_equal(eval(t, aco_op_v_sub_nc_u32, ACO_ENC_E64, 1, 2, 0, clampf), 0);
      assert_int_equal(e3(t, aco_op_v_sub_nc_u32, 1, 2, 0), 0xffffffff);
      assert_int_equal(eval(t, aco_op_v_add_nc_i32, ACO_ENC_NATIVE, 0x7fffffff, 1, 0, clampf),
                       0x7fffffff);
      assert_int_equal(eval(t, aco_op_v_sub_nc_i32, ACO_ENC_NATIVE, 0x80000000, 1, 0, clampf),
                       0x80000000);
      assert_int_equal(eval(t, aco_op_v_add_co_u32, ACO_ENC_NATIVE, 0xffffffff, 5, 0, clampf),
                       0xffffffff);
      /* mad_u64_u32: (2^32-1)^2 + 2^64-1 = 2^65 - 2^33 */
      assert_int_equal(eval(t, aco_op_v_mad_u64_u32, ACO_ENC_NATIVE, 0xffffffff, 0xffffffff,
                            0xffffffffffffffffull, NOMODS),
                       0xfffffffe00000000ull);
      assert_int_equal(t_mask(t, 20), 1);
      /* 64-bit integer constants are used as they are (the decoder zero-extends a 32-bit
       * literal there: tests/encoding/test_emit.c) */
      t_exec(t, 1);
      struct aco_minstr *in = t_instr(t, aco_op_v_mad_u64_u32, ACO_ENC_NATIVE, 2,
                                      (aco_definition[]){aco_def_fixed(aco_temp_make(0, aco_rc_v(2)), aco_vgpr(0)), DS(20)},
                                      3, (aco_operand[]){V(10), K(1), K64(0x55555555)});
      *t_v(t, 10, 0) = 0xaaaaaaab;
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0);
      assert_int_equal(*t_v(t, 1, 0), 1);
      in = t_instr(t, aco_op_v_mad_i64_i32, ACO_ENC_NATIVE, 2,
                   (aco_definition[]){aco_def_fixed(aco_temp_make(0, aco_rc_v(2)), aco_vgpr(0)), DS(20)},
                   3, (aco_operand[]){K(0), K(0), K64(0xfffffffffffffff0ull)});
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0xfffffff0);
      assert_int_equal(*t_v(t, 1, 0), 0xffffffff);
      /* an f64 inline constant stays what it is: 2.0 as an integer operand */
      assert_int_equal(eval(t, aco_op_v_lshrrev_b64, ACO_ENC_NATIVE, 32, 0x4000000000000000ull, 0,
                            NOMODS), 0x40000000);
      assert_int_equal(eval(t, aco_op_v_mad_i64_i32, ACO_ENC_NATIVE, (uint32_t)-2, 3, 10, NOMODS),
                       4);
      assert_int_equal(t_mask(t, 20), 0);
      assert_int_equal(eval(t, aco_op_v_mad_i64_i32, ACO_ENC_NATIVE, 0x80000000, 0x80000000,
                            0x4000000000000000ull, NOMODS),
                       0x8000000000000000ull); /* 2^63: bit 64 of the 65-bit sum is 0 */
      assert_int_equal(t_mask(t, 20), 0);
      assert_int_equal(eval(t, aco_op_v_mad_i64_i32, ACO_ENC_NATIVE, (uint32_t)-1, 1, 0, NOMODS),
                       ~0ull); /* -1: bit 64 of the 65-bit sum is 1 */
      assert_int_equal(t_mask(t, 20), 1);
   }
}

static void
test_int_ops(void **state)
{
   FOR_LEVELS(t, ws) {
      assert_int_equal(e64(t, aco_op_v_mul_hi_u32, 0xffffffff, 0xffffffff, 0), 0xfffffffe);
      assert_int_equal(e64(t, aco_op_v_mul_hi_i32, 0xffffffff, 0xffffffff, 0), 0);
      assert_int_equal(e64(t, aco_op_v_mul_hi_i32, 0x80000000, 2, 0), 0xffffffff);
      assert_int_equal(e64(t, aco_op_v_mul_lo_u32, 0x10001, 0x10001, 0), 0x00020001);
      assert_int_equal(e3(t, aco_op_v_mul_u32_u24, 0xffffff, 0xffffff, 0), 0xfe000001);
      assert_int_equal(e3(t, aco_op_v_mul_hi_u32_u24, 0xffffff, 0xffffff, 0), 0xffff);
      assert_int_equal(e3(t, aco_op_v_mul_u32_u24, 0xff000003, 2, 0), 6);
      assert_int_equal(e3(t, aco_op_v_mul_i32_i24, 0x00ffffff, 3, 0), (uint32_t)-3);
      assert_int_equal(e64(t, aco_op_v_mad_u32_u24, 0x1000000 | 5, 3, 1), 16);
      assert_int_equal(e64(t, aco_op_v_mad_u32_u16, 0xffff, 0xffff, 1), 0xfffe0002);
      assert_int_equal(e64(t, aco_op_v_mad_i32_i16, 0xffff, 0x0003, 10), 7);
      /* shifts: the amount is masked, 64-bit shifts beyond 32 */
      assert_int_equal(e3(t, aco_op_v_lshlrev_b32, 33, 1, 0), 2);
      assert_int_equal(e3(t, aco_op_v_ashrrev_i32, 31, 0x80000000, 0), 0xffffffff);
      assert_int_equal(e3(t, aco_op_v_lshrrev_b32, 4, 0x80000000, 0), 0x08000000);
      enum aco_opcode shl64 = t->w.level >= ACO_GFX1200 ? aco_op_v_lshlrev_b64_vop2
                                                        : aco_op_v_lshlrev_b64;
      assert_int_equal(e3d(t, shl64, 40, 1, 0), 0x0000010000000000ull);
      assert_int_equal(e3d(t, shl64, 64, 0x1234, 0), 0x1234);
      assert_int_equal(e3d(t, aco_op_v_lshrrev_b64, 32, 0x123456789abcdef0ull, 0), 0x12345678);
      assert_int_equal(e3d(t, aco_op_v_ashrrev_i64, 63, 0x8000000000000000ull, 0), ~0ull);
      assert_int_equal(e3d(t, aco_op_v_ashrrev_i64, 36, 0x8000000000000000ull, 0),
                       0xfffffffff8000000ull);
      assert_int_equal(e64(t, aco_op_v_lshlrev_b16, 4, 0x1234, 0) & 0xffff, 0x2340);
      assert_int_equal(e64(t, aco_op_v_lshrrev_b16, 17, 0x8000, 0) & 0xffff, 0x4000);
      assert_int_equal(e64(t, aco_op_v_ashrrev_i16, 15, 0x8000, 0) & 0xffff, 0xffff);
      /* bit fields */
      assert_int_equal(e64(t, aco_op_v_bfe_u32, 0xabcd1234, 8, 8), 0x12);
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0x00008000, 12, 4), 0xfffffff8);
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0x00008000, 12, 0), 0);
      /* a field reaching past bit 31: the signed form shifts arithmetically
       * (the result is src >> offset), the unsigned one logically */
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0xffffffff, 24, 30), 0xffffffff);
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0x80000000, 28, 8), 0xfffffff8);
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0x40000000, 28, 8), 4);
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0x80000000, 31, 1), 0xffffffff);
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0x80000000, 31, 0), 0);
      assert_int_equal(e64(t, aco_op_v_bfe_u32, 0xffffffff, 24, 30), 0xff);
      assert_int_equal(e64(t, aco_op_v_bfe_u32, 0x80000000, 28, 8), 8);
      /* offset and width take their low five bits: width 32 is width 0 */
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0xffffffff, 0, 32), 0);
      assert_int_equal(e64(t, aco_op_v_bfe_u32, 0x00000003, 32, 33), 1);
      assert_int_equal(e64(t, aco_op_v_bfe_i32, 0x80000000, 60, 40), 0xfffffff8);
      assert_int_equal(e64(t, aco_op_v_bfi_b32, 0xffff0000, 0x12345678, 0x9abcdef0), 0x1234def0);
      assert_int_equal(e64(t, aco_op_v_bfm_b32, 4, 8, 0), 0xf00);
      assert_int_equal(e64(t, aco_op_v_alignbit_b32, 0x12345678, 0x9abcdef0, 8), 0x789abcde);
      assert_int_equal(e64(t, aco_op_v_alignbyte_b32, 0x12345678, 0x9abcdef0, 1), 0x789abcde);
      assert_int_equal(e64(t, aco_op_v_alignbit_b32, 0x12345678, 0x9abcdef0, 32), 0x9abcdef0);
      assert_int_equal(e64(t, aco_op_v_perm_b32, 0x11223344, 0x55667788, 0x0c0d0700), 0x00ff1188);
      assert_int_equal(e64(t, aco_op_v_perm_b32, 0x80000000, 0x00008000, 0x0b0a0908), 0xff0000ff);
      /* counting */
      assert_int_equal(e64(t, aco_op_v_bcnt_u32_b32, 0xf0f0, 3, 0), 11);
      assert_int_equal(e3(t, aco_op_v_clz_i32_u32, 0x00010000, 0, 0), 15);
      assert_int_equal(e3(t, aco_op_v_clz_i32_u32, 0, 0, 0), 0xffffffff);
      assert_int_equal(e3(t, aco_op_v_ctz_i32_b32, 0x80, 0, 0), 7);
      assert_int_equal(e3(t, aco_op_v_ctz_i32_b32, 0, 0, 0), 0xffffffff);
      assert_int_equal(e3(t, aco_op_v_cls_i32, 0xffff0000, 0, 0), 16);
      assert_int_equal(e3(t, aco_op_v_cls_i32, 0x00000001, 0, 0), 31);
      assert_int_equal(e3(t, aco_op_v_cls_i32, 0xffffffff, 0, 0), 0xffffffff);
      assert_int_equal(e3(t, aco_op_v_bfrev_b32, 1, 0, 0), 0x80000000);
      assert_int_equal(e3(t, aco_op_v_not_b32, 0x0f0f0f0f, 0, 0), 0xf0f0f0f0);
      /* three-operand forms */
      assert_int_equal(e64(t, aco_op_v_lshl_add_u32, 1, 4, 3), 19);
      assert_int_equal(e64(t, aco_op_v_add_lshl_u32, 1, 2, 4), 48);
      assert_int_equal(e64(t, aco_op_v_lshl_or_b32, 1, 4, 1), 17);
      assert_int_equal(e64(t, aco_op_v_and_or_b32, 0xf0, 0x3c, 1), 0x31);
      assert_int_equal(e64(t, aco_op_v_or3_b32, 1, 2, 4), 7);
      assert_int_equal(e64(t, aco_op_v_xor3_b32, 7, 2, 4), 1);
      assert_int_equal(e64(t, aco_op_v_add3_u32, 0xffffffff, 2, 3), 4);
      assert_int_equal(e64(t, aco_op_v_xad_u32, 0xf, 0x1, 1), 0xf);
      /* sad */
      assert_int_equal(e64(t, aco_op_v_sad_u8, 0x01020304, 0x04030201, 10), 18);
      assert_int_equal(e64(t, aco_op_v_sad_hi_u8, 0x01020304, 0x04030201, 10), (8 << 16) + 10);
      assert_int_equal(e64(t, aco_op_v_sad_u16, 0x00010009, 0x00040002, 1), 11);
      assert_int_equal(e64(t, aco_op_v_sad_u32, 3, 10, 1), 8);
      assert_int_equal(e64(t, aco_op_v_msad_u8, 0x01020304, 0x04000201, 0), 3 + 1 + 3);
      assert_int_equal(e64(t, aco_op_v_lerp_u8, 0x00ff0102, 0x00ff0304, 0x01010101), 0x00ff0203);
      /* 16-bit */
      assert_int_equal(e64(t, aco_op_v_add_nc_u16, 0xffff, 1, 0) & 0xffff, 0);
      assert_int_equal(eval(t, aco_op_v_add_nc_u16, ACO_ENC_NATIVE, 0xffff, 1, 0,
                            (struct aco_valu_fields){.clamp = true}) & 0xffff,
                       0xffff);
      assert_int_equal(eval(t, aco_op_v_sub_nc_i16, ACO_ENC_NATIVE, 0x8000, 1, 0,
                            (struct aco_valu_fields){.clamp = true}) & 0xffff,
                       0x8000);
      assert_int_equal(e64(t, aco_op_v_mul_lo_u16, 0x100, 0x100, 0) & 0xffff, 0);
      assert_int_equal(e64(t, aco_op_v_mad_u16, 0x10, 0x10, 1) & 0xffff, 0x101);
      /* mbcnt in lane 0 */
      assert_int_equal(e64(t, aco_op_v_mbcnt_lo_u32_b32, 0xffffffff, 7, 0), 7);
   }
}

static void
test_mbcnt_cndmask_lanes(void **state)
{
   FOR_LEVELS(t, ws) {
      struct aco_minstr *lo = t_instr(t, aco_op_v_mbcnt_lo_u32_b32, ACO_ENC_NATIVE, 1,
                                      (aco_definition[]){DV(0)}, 2, (aco_operand[]){K(0xffffffff), K(0)});
      struct aco_minstr *hi = t_instr(t, aco_op_v_mbcnt_hi_u32_b32, ACO_ENC_NATIVE, 1,
                                      (aco_definition[]){DV(0)}, 2, (aco_operand[]){K(0xffffffff), V(0)});
      t_exec(t, ws == 64 ? ~0ull : 0xffffffffull);
      t_run(t, lo);
      t_run(t, hi);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), l);
      /* cndmask: vcc selects src1 */
      t->w.sgpr[ACO_REG_VCC_LO] = 0xaaaaaaaa;
      t->w.sgpr[ACO_REG_VCC_HI] = 0x0000ffff;
      struct aco_minstr *cnd = t_instr(t, aco_op_v_cndmask_b32, ACO_ENC_NATIVE, 1,
                                       (aco_definition[]){DV(1)}, 3,
                                       (aco_operand[]){K(1), K(2), aco_opnd_reg(aco_sgpr(ACO_REG_VCC_LO), aco_rc_s(ws / 32))});
      t_run(t, cnd);
      for (unsigned l = 0; l < ws; l++) {
         bool sel = l < 32 ? (l & 1) : (l < 48);
         assert_int_equal(*t_v(t, 1, l), sel ? 2 : 1);
      }
      /* inactive lanes keep their value */
      for (unsigned l = 0; l < ws; l++)
         *t_v(t, 2, l) = 0x77;
      struct aco_minstr *mov = t_instr(t, aco_op_v_mov_b32, ACO_ENC_NATIVE, 1,
                                       (aco_definition[]){DV(2)}, 1, (aco_operand[]){V(0)});
      t_exec(t, 0x5);
      t_run(t, mov);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 2, l), (l == 0 || l == 2) ? l : 0x77);
   }
}

/* ---- 16-bit halves and modifiers ------------------------------------------------------------ */

static void
test_halves_and_modifiers(void **state)
{
   FOR_LEVELS(t, ws) {
      t_exec(t, 1);
      *t_v(t, 1, 0) = 0x3c004000; /* hi 1.0, lo 2.0 */
      *t_v(t, 2, 0) = 0x44004200; /* hi 4.0, lo 3.0 */
      *t_v(t, 0, 0) = 0x11112222;
      if (t->w.level >= ACO_GFX1100) {
         /* true16: v0.h = v1.h + v2.l, v0.l preserved */
         struct aco_minstr *in = t_instr(t, aco_op_v_add_f16, ACO_ENC_NATIVE, 1,
                                         (aco_definition[]){DVH(0)}, 2, (aco_operand[]){VH(1), V(2)});
         t_run(t, in);
         assert_int_equal(*t_v(t, 0, 0), 0x44002222); /* 1 + 3 = 4 */
      }
      if (t->w.level >= ACO_GFX1100) {
         /* true16 compare of v1.h (1.0) < v2.l (3.0), and of v2.h (4.0) < v1.h */
         struct aco_minstr *cmp = t_instr(t, aco_op_v_cmp_lt_f16, ACO_ENC_NATIVE, 1,
                                          (aco_definition[]){aco_def_fixed(aco_temp_make(0, aco_rc_s(ws / 32)), aco_sgpr(ACO_REG_VCC_LO))},
                                          2, (aco_operand[]){VH(1), V(2)});
         t_run(t, cmp);
         assert_int_equal(t_mask(t, ACO_REG_VCC_LO), 1);
         cmp->operands[0] = VH(2);
         cmp->operands[1] = VH(1);
         t_run(t, cmp);
         assert_int_equal(t_mask(t, ACO_REG_VCC_LO), 0);
         /* true16 conversion into a high half */
         *t_v(t, 0, 0) = 0x11112222;
         struct aco_minstr *cvt = t_instr(t, aco_op_v_cvt_f16_f32, ACO_ENC_NATIVE, 1,
                                          (aco_definition[]){DVH(0)}, 1, (aco_operand[]){K(0x3f800000)});
         t_run(t, cvt);
         assert_int_equal(*t_v(t, 0, 0), 0x3c002222);
      }
      /* VOP3 op_sel: src0 high half, result to the high half */
      *t_v(t, 0, 0) = 0x11112222;
      struct aco_minstr *in = t_instr(t, aco_op_v_add_f16, ACO_ENC_E64, 1,
                                      (aco_definition[]){DV(0)}, 2, (aco_operand[]){V(1), V(2)});
      in->valu.opsel = 1 | 2 | 8;
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0x45002222); /* 1 + 4 = 5 */
      /* 16-bit result into the low half preserves the high half */
      *t_v(t, 0, 0) = 0x11112222;
      in = t_instr(t, aco_op_v_mul_f16, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(0)}, 2,
                   (aco_operand[]){V(1), V(2)});
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0x11114600); /* 2 * 3 = 6 */
      /* abs then neg */
      in = t_instr(t, aco_op_v_add_f32, ACO_ENC_E64, 1, (aco_definition[]){DV(0)}, 2,
                   (aco_operand[]){K(0xc0000000), K(0x3f800000)});
      in->valu.abs = 1;
      in->valu.neg = 1 | 2;
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0xc0400000); /* -|-2| + -1 = -3 */
      /* omod and clamp on float results */
      assert_int_equal(eval(t, aco_op_v_add_f32, ACO_ENC_E64, 0x3fc00000, 0x3fc00000, 0,
                            (struct aco_valu_fields){.omod = 1}),
                       0x40c00000);
      assert_int_equal(eval(t, aco_op_v_add_f32, ACO_ENC_E64, 0x3fc00000, 0x3fc00000, 0,
                            (struct aco_valu_fields){.omod = 3}),
                       0x3fc00000);
      assert_int_equal(eval(t, aco_op_v_add_f32, ACO_ENC_E64, 0x3fc00000, 0x3fc00000, 0,
                            (struct aco_valu_fields){.clamp = true}),
                       0x3f800000);
      assert_int_equal(eval(t, aco_op_v_add_f32, ACO_ENC_E64, 0xbfc00000, 0x3f000000, 0,
                            (struct aco_valu_fields){.clamp = true}),
                       0);
      assert_int_equal(eval(t, t->w.level >= ACO_GFX1200 ? aco_op_v_mul_f64_vop2 : aco_op_v_mul_f64,
                            ACO_ENC_E64, 0x4000000000000000ull,
                            0x4000000000000000ull, 0, (struct aco_valu_fields){.clamp = true}),
                       0x3ff0000000000000ull);
   }
}

static void
test_packed(void **state)
{
   FOR_LEVELS(t, ws) {
      assert_int_equal(e3(t, aco_op_v_pk_add_u16, 0x0001ffff, 0x00010001, 0), 0x00020000);
      assert_int_equal(eval(t, aco_op_v_pk_add_u16, ACO_ENC_NATIVE, 0x0001ffff, 0x00010001, 0,
                            (struct aco_valu_fields){.clamp = true}),
                       0x0002ffff);
      assert_int_equal(e3(t, aco_op_v_pk_sub_i16, 0x00050003, 0x00010005, 0), 0x0004fffe);
      assert_int_equal(e3(t, aco_op_v_pk_max_i16, 0x8000ffff, 0x00010001, 0), 0x00010001);
      assert_int_equal(e3(t, aco_op_v_pk_min_u16, 0x8000ffff, 0x00010001, 0), 0x00010001);
      assert_int_equal(e3(t, aco_op_v_pk_lshlrev_b16, 0x00040001, 0x00010001, 0), 0x00100002);
      assert_int_equal(e3(t, aco_op_v_pk_ashrrev_i16, 0x000f0001, 0x80008000, 0), 0xffffc000);
      assert_int_equal(e3(t, aco_op_v_pk_mul_lo_u16, 0x01000003, 0x01000005, 0), 0x0000000f);
      assert_int_equal(e3(t, aco_op_v_pk_mad_u16, 0x00020003, 0x00040005, 0x00010001), 0x00090010);
      /* op_sel swaps the halves of src0 (lo reads hi, hi reads lo) */
      assert_int_equal(eval(t, aco_op_v_pk_sub_u16, ACO_ENC_NATIVE, 0x00050003, 0x00010001, 0,
                            (struct aco_valu_fields){.opsel = 1, .opsel_hi = 6}),
                       0x00020004);
      /* f16: 2 * 3 = 6 (lo), 1 * -4 = -4 with neg_hi on src1 (hi) */
      assert_int_equal(eval(t, aco_op_v_pk_mul_f16, ACO_ENC_NATIVE, 0x3c004000, 0x44004200, 0,
                            (struct aco_valu_fields){.neg_hi = 2}),
                       0xc4004600);
      assert_int_equal(e3(t, aco_op_v_pk_fma_f16, 0x3c004000, 0x44004200, 0x3c003c00),
                       0x45004700); /* 1*4+1 = 5, 2*3+1 = 7 */
      assert_int_equal(e3(t, aco_op_v_pk_add_f16, 0x7c00fc00, 0x7c007c00, 0), 0x7c007e00);
      /* v_pk_fmac_f16 (VOP2): each half accumulates into its own half */
      struct aco_minstr *fmac = t_instr(t, aco_op_v_pk_fmac_f16, ACO_ENC_NATIVE, 1,
                                        (aco_definition[]){DV(0)}, 2, (aco_operand[]){V(1), V(2)});
      t_exec(t, 1);
      *t_v(t, 0, 0) = 0x3c003800; /* hi 1, lo 0.5 */
      *t_v(t, 1, 0) = 0x3c004000; /* hi 1, lo 2 */
      *t_v(t, 2, 0) = 0x44004200; /* hi 4, lo 3 */
      t_run(t, fmac);
      assert_int_equal(*t_v(t, 0, 0), 0x45004680); /* hi 1*4+1 = 5, lo 2*3+0.5 = 6.5 */
      /* fma_mix: f32 = f16(hi of src0) * f32 src1 + f16(lo of src2) */
      assert_int_equal(eval(t, aco_op_v_fma_mix_f32, ACO_ENC_NATIVE, 0x40000000, 0x40400000,
                            0x00003c00, (struct aco_valu_fields){.opsel = 1, .opsel_hi = 5}),
                       0x40e00000); /* 2 * 3 + 1 */
      /* neg_hi is abs for the mix ops: |-2| * 3 + 1 */
      assert_int_equal(eval(t, aco_op_v_fma_mix_f32, ACO_ENC_NATIVE, 0xc0000000, 0x40400000,
                            0x3f800000, (struct aco_valu_fields){.neg_hi = 1}),
                       0x40e00000);
      /* mixlo: one rounding to f16 of 1 + 2^-11 + 2^-22: above the tie, rounds up */
      uint32_t r = (uint32_t)eval(t, aco_op_v_fma_mixlo_f16, ACO_ENC_NATIVE, 0x3a000000,
                                  0x3f800000, 0x3f800002, NOMODS);
      assert_int_equal(r & 0xffff, 0x3c01);
   }
}

/* ---- division macro ---------------------------------------------------------------------- */

static uint32_t
fdiv32(struct twave *t, uint32_t a, uint32_t b)
{
   /* the f32 division sequence compilers emit: scale, rcp, Newton-Raphson, fmas, fixup */
   uint32_t den = e3(t, aco_op_v_div_scale_f32, b, b, a);
   uint32_t num = e3(t, aco_op_v_div_scale_f32, a, b, a);
   uint32_t flags = (uint32_t)t_mask(t, 20);
   uint32_t rcp = e3(t, aco_op_v_rcp_f32, den, 0, 0);
   uint32_t nden = den ^ 0x80000000u;
   uint32_t f0 = e3(t, aco_op_v_fma_f32, nden, rcp, 0x3f800000);
   uint32_t f1 = e3(t, aco_op_v_fma_f32, f0, rcp, rcp);
   uint32_t mul = e3(t, aco_op_v_mul_f32, num, f1, 0);
   uint32_t f2 = e3(t, aco_op_v_fma_f32, nden, mul, num);
   uint32_t f3 = e3(t, aco_op_v_fma_f32, f2, f1, mul);
   uint32_t f4 = e3(t, aco_op_v_fma_f32, nden, f3, num);
   t->w.sgpr[ACO_REG_VCC_LO] = flags;
   t->w.sgpr[ACO_REG_VCC_HI] = 0;
   uint32_t fm = e3(t, aco_op_v_div_fmas_f32, f4, f1, f3);
   return e3(t, aco_op_v_div_fixup_f32, fm, b, a);
}

static void
test_division(void **state)
{
   FOR_LEVELS(t, ws) {
      assert_int_equal(fdiv32(t, 0x3f800000, 0x40400000), 0x3eaaaaab); /* 1/3 */
      assert_int_equal(fdiv32(t, 0x41200000, 0x40800000), 0x40200000); /* 10/4 */
      assert_int_equal(fdiv32(t, 0x40e00000, 0xc0400000), 0xc0155555); /* 7/-3 */
      assert_int_equal(fdiv32(t, 0x3f800000, 0), 0x7f800000);
      assert_int_equal(fdiv32(t, 0, 0), 0xffc00000);
      assert_int_equal(fdiv32(t, 0x7fc00000, 0x3f800000), 0x7fc00000);
      assert_int_equal(fdiv32(t, 0x3f800000, 0x7f800000), 0);
      /* tiny numerator: the quotient 2^-140 / 3 is denormal; exact 1/3 ulp rounding */
      assert_int_equal(fdiv32(t, 0x00040000, 0x3f800000), 0x00040000);
      /* div_fixup directly */
      assert_int_equal(e64(t, aco_op_v_div_fixup_f32, 0x7fc00000, 0xc0000000, 0x40000000),
                       0xff800000);
      assert_int_equal(e3d(t, aco_op_v_div_fixup_f64, 0x3ff0000000000000ull,
                           0x0000000000000000ull, 0xbff0000000000000ull),
                       0xfff0000000000000ull);
   }
}

/* ---- DPP -------------------------------------------------------------------------------------- */

static void
dpp_mov(struct twave *t, unsigned ctrl, bool bound_ctrl, bool fi, unsigned row_mask,
        unsigned bank_mask, uint64_t exec)
{
   for (unsigned l = 0; l < t->w.wave_size; l++) {
      *t_v(t, 1, l) = 100 + l;
      *t_v(t, 0, l) = 0xdead;
   }
   struct aco_minstr *in = t_instr(t, aco_op_v_mov_b32, ACO_ENC_DPP16, 1,
                                   (aco_definition[]){DV(0)}, 1, (aco_operand[]){V(1)});
   in->valu.dpp_ctrl = (uint16_t)ctrl;
   in->valu.bound_ctrl = bound_ctrl;
   in->valu.fetch_inactive = fi;
   in->valu.row_mask = (uint8_t)row_mask;
   in->valu.bank_mask = (uint8_t)bank_mask;
   t_exec(t, exec);
   t_run(t, in);
}

static void
test_dpp(void **state)
{
   FOR_LEVELS(t, ws) {
      uint64_t all = ws == 64 ? ~0ull : 0xffffffffull;
      /* quad_perm [3,2,1,0] */
      dpp_mov(t, 0x1b, false, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), 100 + ((l & ~3u) | (3 - (l & 3))));
      /* row_shl:1: lane 15 of each row has no source: not written, or 0 with bound_ctrl */
      dpp_mov(t, 0x101, false, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), (l & 15) == 15 ? 0xdead : 100 + l + 1);
      dpp_mov(t, 0x101, true, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), (l & 15) == 15 ? 0 : 100 + l + 1);
      /* row_shr:3 */
      dpp_mov(t, 0x113, true, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), (l & 15) < 3 ? 0 : 100 + l - 3);
      /* row_ror:1: lane 0 of a row reads lane 15 */
      dpp_mov(t, 0x121, false, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), 100 + ((l & ~15u) | ((l + 15) & 15)));
      /* row_mirror, row_half_mirror */
      dpp_mov(t, 0x140, false, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), 100 + ((l & ~15u) | (15 - (l & 15))));
      dpp_mov(t, 0x141, false, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), 100 + ((l & ~7u) | (7 - (l & 7))));
      /* row_share:5, row_xmask:3 */
      dpp_mov(t, 0x155, false, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), 100 + ((l & ~15u) | 5));
      dpp_mov(t, 0x163, false, false, 0xf, 0xf, all);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), 100 + (l ^ 3));
      /* row_mask without row 1, bank_mask without bank 2 */
      dpp_mov(t, 0xe4, false, false, 0xd, 0xb, all);
      for (unsigned l = 0; l < ws; l++) {
         bool on = (l / 16) != 1 && ((l / 4) & 3) != 2;
         assert_int_equal(*t_v(t, 0, l), on ? 100 + l : 0xdead);
      }
      /* an inactive source lane: the lane is not written, unless fetch-inactive */
      uint64_t exec = all & ~0x2ull;
      dpp_mov(t, 0x101, false, false, 0xf, 0xf, exec);
      assert_int_equal(*t_v(t, 0, 0), 0xdead); /* lane 0 reads inactive lane 1 */
      assert_int_equal(*t_v(t, 0, 1), 0xdead); /* lane 1 inactive */
      assert_int_equal(*t_v(t, 0, 2), 103);
      dpp_mov(t, 0x101, false, true, 0xf, 0xf, exec);
      assert_int_equal(*t_v(t, 0, 0), 101);
      /* DPP8: reverse each group of 8 */
      for (unsigned l = 0; l < ws; l++) {
         *t_v(t, 1, l) = 100 + l;
         *t_v(t, 2, l) = 1;
      }
      struct aco_minstr *in = t_instr(t, aco_op_v_add_nc_u32, ACO_ENC_DPP8, 1,
                                      (aco_definition[]){DV(0)}, 2, (aco_operand[]){V(1), V(2)});
      in->valu.dpp8_sel = 7 | 6 << 3 | 5 << 6 | 4 << 9 | 3 << 12 | 2 << 15 | 1 << 18 | 0 << 21;
      t_exec(t, all);
      t_run(t, in);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), 101 + ((l & ~7u) | (7 - (l & 7))));
      /* DPP on a two-source op modifies only src0 */
      in = t_instr(t, aco_op_v_sub_nc_u32, ACO_ENC_DPP16, 1, (aco_definition[]){DV(0)}, 2,
                   (aco_operand[]){V(1), V(1)});
      in->valu.dpp_ctrl = 0x111; /* row_shr:1 */
      in->valu.bound_ctrl = true;
      in->valu.row_mask = in->valu.bank_mask = 0xf;
      t_run(t, in);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 0, l), (l & 15) ? 0xffffffffu : (uint32_t)-(int)(100 + l));
   }
}

static void
test_dpp_e64_vopc(void **state)
{
   FOR_LEVELS(t, ws) {
      uint64_t all = ws == 64 ? ~0ull : 0xffffffffull;
      for (unsigned l = 0; l < ws; l++) {
         *t_v(t, 1, l) = l;
         *t_v(t, 2, l) = 4;
      }
      /* v_cmp_lt_u32 with row_shl:1: lane l compares v1[l+1] < 4; lane 15 of a row has no
       * source and no bound_ctrl: its mask bit is 0 */
      struct aco_minstr *in = t_instr(t, aco_op_v_cmp_lt_u32, ACO_ENC_DPP16, 1,
                                      (aco_definition[]){aco_def_fixed(aco_temp_make(0, aco_rc_s(ws / 32)), aco_sgpr(ACO_REG_VCC_LO))},
                                      2, (aco_operand[]){V(1), V(2)});
      in->valu.dpp_ctrl = 0x101;
      in->valu.row_mask = in->valu.bank_mask = 0xf;
      t_exec(t, all);
      t_run(t, in);
      assert_int_equal(t_mask(t, ACO_REG_VCC_LO), 0x7); /* lanes 0..2 read 1..3 */
      if (t->w.level < ACO_GFX1100)
         continue;
      /* VOP3 with DPP (GFX11+): -src0 from the quad-mirrored lane, times src1, *2 */
      for (unsigned l = 0; l < ws; l++) {
         *t_v(t, 1, l) = 0x3f800000 + (l << 20); /* distinct floats */
         *t_v(t, 2, l) = 0x40000000;
      }
      in = t_instr(t, aco_op_v_mul_f32, ACO_ENC_E64_DPP16, 1, (aco_definition[]){DV(0)}, 2,
                   (aco_operand[]){V(1), V(2)});
      in->valu.dpp_ctrl = 0x1b;
      in->valu.row_mask = in->valu.bank_mask = 0xf;
      in->valu.neg = 1;
      in->valu.omod = 1;
      t_run(t, in);
      /* lane 0 reads lane 3: 1.0 + 3 * 2^-3 = 1.375; * 2 * 2 = 5.5, negated */
      assert_int_equal(*t_v(t, 0, 0), 0xc0b00000);
   }
}

/* ---- SDWA (GFX10.3) -------------------------------------------------------------------------- */

static void
test_sdwa(void **state)
{
   for (unsigned ws = 32; ws <= 64; ws += 32) {
      struct twave tw, *t = &tw;
      t_init(t, ACO_GFX1030, ws);
      t_exec(t, 1);
      *t_v(t, 1, 0) = 0x11f08022; /* byte 1 0x80, word 1 0x11f0 */
      *t_v(t, 2, 0) = 0xfffe0003;
      *t_v(t, 0, 0) = 0xaabbccdd;
      struct aco_minstr *in = t_instr(t, aco_op_v_add_nc_u32, ACO_ENC_SDWA, 1,
                                      (aco_definition[]){DV(0)}, 2, (aco_operand[]){V(1), V(2)});
      in->valu.sdwa_sel[0] = 1;      /* BYTE_1, sign-extended: -128 */
      in->valu.sdwa_sext[0] = true;
      in->valu.sdwa_sel[1] = 5;      /* WORD_1: 0xfffe */
      in->valu.sdwa_dst_sel = 4;     /* WORD_0 */
      in->valu.sdwa_dst_unused = 2;  /* preserve */
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0xaabb0000 | ((0xfffe - 128) & 0xffff));
      in->valu.sdwa_dst_sel = 5;     /* WORD_1, pad */
      in->valu.sdwa_dst_unused = 0;
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0xff7e0000u);
      in->valu.sdwa_dst_sel = 0;     /* BYTE_0, sign-extended above */
      in->valu.sdwa_dst_unused = 1;
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0), 0x0000007e); /* bit 7 clear */
      /* f16 from the high word */
      *t_v(t, 1, 0) = 0x40000000; /* hi 2.0 */
      *t_v(t, 2, 0) = 0x00004200; /* lo 3.0 */
      in = t_instr(t, aco_op_v_mul_f16, ACO_ENC_SDWA, 1, (aco_definition[]){DV(0)}, 2,
                   (aco_operand[]){V(1), V(2)});
      in->valu.sdwa_sel[0] = 5;
      in->valu.sdwa_sel[1] = 6;
      in->valu.sdwa_dst_sel = 6;
      t_run(t, in);
      assert_int_equal(*t_v(t, 0, 0) & 0xffff, 0x4600);
      t_finish(t);
      /* no SDWA after GFX10.3 */
      t_init(t, ACO_GFX1100, ws);
      in = t_instr(t, aco_op_v_add_nc_u32, ACO_ENC_SDWA, 1, (aco_definition[]){DV(0)}, 2,
                   (aco_operand[]){V(1), V(2)});
      assert_false(emu_valu_execute(&t->w, in));
      assert_non_null(strstr(t_fail_msg, "SDWA"));
      t_finish(t);
   }
}

/* ---- lane ops and VOPD ---------------------------------------------------------------------- */

static void
test_lane_ops(void **state)
{
   FOR_LEVELS(t, ws) {
      for (unsigned l = 0; l < ws; l++) {
         *t_v(t, 1, l) = 1000 + l;
         *t_v(t, 2, l) = 2000 + l;
      }
      struct aco_minstr *in = t_instr(t, aco_op_v_readfirstlane_b32, ACO_ENC_NATIVE, 1,
                                      (aco_definition[]){DS(10)}, 1, (aco_operand[]){V(1)});
      t_exec(t, 0x8ull << (ws == 64 ? 32 : 0));
      t_run(t, in);
      assert_int_equal(t->w.sgpr[10], 1000 + (ws == 64 ? 35 : 3));
      /* v_swap_b32 in the active lanes */
      in = t_instr(t, aco_op_v_swap_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(1)}, 1,
                   (aco_operand[]){V(2)});
      t_exec(t, 0x3);
      t_run(t, in);
      assert_int_equal(*t_v(t, 1, 0), 2000);
      assert_int_equal(*t_v(t, 2, 1), 1001);
      assert_int_equal(*t_v(t, 1, 2), 1002);
      if (t->w.level >= ACO_GFX1100) {
         /* v_permlane64_b32: halves swapped in wave64 (inactive sources still read) */
         in = t_instr(t, aco_op_v_permlane64_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(3)}, 1,
                      (aco_operand[]){V(2)});
         t_exec(t, 0x1);
         t_run(t, in);
         assert_int_equal(*t_v(t, 3, 0), ws == 64 ? 2032 : 1000);
      }
      if (t->w.level >= ACO_GFX1100 && ws == 32) {
         /* VOPD: both halves read before either writes (v1 <-> v2 exchange) */
         for (unsigned l = 0; l < ws; l++) {
            *t_v(t, 1, l) = 0x3f800000;
            *t_v(t, 2, l) = 0x40000000;
         }
         in = t_instr(t, aco_op_v_dual_mov_b32, ACO_ENC_NATIVE, 2,
                      (aco_definition[]){DV(1), DV(2)}, 2, (aco_operand[]){V(2), V(1)});
         in->vopd_y = aco_op_v_dual_mov_b32;
         t_exec(t, 0xffffffff);
         t_run(t, in);
         assert_int_equal(*t_v(t, 1, 5), 0x40000000);
         assert_int_equal(*t_v(t, 2, 5), 0x3f800000);
         /* X: v3 = v1 * v2, Y: v4 = v1 + v2 (v1 = 2, v2 = 1 now) */
         in = t_instr(t, aco_op_v_dual_mul_f32, ACO_ENC_NATIVE, 2,
                      (aco_definition[]){DV(3), DV(4)}, 4, (aco_operand[]){V(1), V(2), V(1), V(2)});
         in->vopd_y = aco_op_v_dual_add_f32;
         t_run(t, in);
         assert_int_equal(*t_v(t, 3, 0), 0x40000000);
         assert_int_equal(*t_v(t, 4, 0), 0x40400000);
      }
      if (t->w.level >= ACO_GFX1100 && ws == 64) {
         in = t_instr(t, aco_op_v_dual_mov_b32, ACO_ENC_NATIVE, 2,
                      (aco_definition[]){DV(1), DV(2)}, 2, (aco_operand[]){V(2), V(1)});
         in->vopd_y = aco_op_v_dual_mov_b32;
         assert_false(emu_valu_execute(&t->w, in));
         assert_non_null(strstr(t_fail_msg, "wave64"));
         t->w.failed = false;
      }
   }
}

static void
test_lane_moves(void **state)
{
   FOR_LEVELS(t, ws) {
      for (unsigned l = 0; l < ws; l++) {
         *t_v(t, 1, l) = 1000 + l;
         *t_v(t, 2, l) = 0;
         *t_v(t, 5, l) = 5000 + l;
      }
      /* readlane ignores exec, the lane index wraps at the wave size */
      t_exec(t, 0);
      struct aco_minstr *in = t_instr(t, aco_op_v_readlane_b32, ACO_ENC_NATIVE, 1,
                                      (aco_definition[]){DS(10)}, 2, (aco_operand[]){V(1), K(ws + 7)});
      t_run(t, in);
      assert_int_equal(t->w.sgpr[10], 1007);
      t->w.sgpr[11] = 0xabcd;
      in = t_instr(t, aco_op_v_writelane_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(2)}, 2,
                   (aco_operand[]){S(11), K(ws - 1)});
      t_run(t, in);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 2, l), l == ws - 1 ? 0xabcd : 0);
      /* permlane16: lane i of each row reads lane 15 - i; permlanex16 from the other row */
      uint32_t sel_lo = 0x89abcdef, sel_hi = 0x01234567;
      t->w.sgpr[12] = sel_lo;
      t->w.sgpr[13] = sel_hi;
      uint64_t all = ws == 64 ? ~0ull : 0xffffffffull;
      t_exec(t, all);
      in = t_instr(t, aco_op_v_permlane16_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(3)}, 3,
                   (aco_operand[]){V(1), S(12), S(13)});
      t_run(t, in);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 3, l), 1000 + ((l & ~15u) | (15 - (l & 15))));
      in = t_instr(t, aco_op_v_permlanex16_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(3)}, 3,
                   (aco_operand[]){V(1), S(12), S(13)});
      t_run(t, in);
      for (unsigned l = 0; l < ws; l++)
         assert_int_equal(*t_v(t, 3, l), 1000 + (((l & ~15u) ^ 16) | (15 - (l & 15))));
      /* an inactive source lane: no write, 0 with bound_ctrl (op_sel[1]), read with fi */
      for (unsigned l = 0; l < ws; l++)
         *t_v(t, 3, l) = 7;
      t_exec(t, all & ~(1ull << 15));
      in = t_instr(t, aco_op_v_permlane16_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(3)}, 3,
                   (aco_operand[]){V(1), S(12), S(13)});
      t_run(t, in);
      assert_int_equal(*t_v(t, 3, 0), 7);
      assert_int_equal(*t_v(t, 3, 1), 1014);
      in->valu.opsel = 2;
      t_run(t, in);
      assert_int_equal(*t_v(t, 3, 0), 0);
      in->valu.opsel = 1;
      t_run(t, in);
      assert_int_equal(*t_v(t, 3, 0), 1015);
      /* relative moves through m0 */
      t->w.sgpr[t->w.gfx->reg_m0] = 4;
      t_exec(t, all);
      in = t_instr(t, aco_op_v_movrels_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(6)}, 1,
                   (aco_operand[]){V(1)});
      t_run(t, in);
      assert_int_equal(*t_v(t, 6, 3), 5003);
      in = t_instr(t, aco_op_v_movreld_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(3)}, 1,
                   (aco_operand[]){K(42)});
      t_run(t, in);
      assert_int_equal(*t_v(t, 7, 0), 42);
      assert_int_equal(*t_v(t, 3, 0), 1015); /* v3 itself untouched */
      /* v_swaprel_b32 v3, v2 with m0 = 2 << 16 | 4 exchanges v[3 + 2] and v[2 + 4] */
      t->w.sgpr[t->w.gfx->reg_m0] = 2 << 16 | 4;
      *t_v(t, 5, 0) = 55;
      in = t_instr(t, aco_op_v_swaprel_b32, ACO_ENC_NATIVE, 1, (aco_definition[]){DV(3)}, 1,
                   (aco_operand[]){V(2)});
      *t_v(t, 6, 0) = 66;
      t_exec(t, 1);
      t_run(t, in);
      assert_int_equal(*t_v(t, 5, 0), 66);
      assert_int_equal(*t_v(t, 6, 0), 55);
   }
}

static void
test_dot_fmak(void **state)
{
   FOR_LEVELS(t, ws) {
      /* f16 dot: 2*3 + 1*4 + 0.5 = 10.5 */
      assert_int_equal(e3(t, aco_op_v_dot2_f32_f16, 0x3c004000, 0x44004200, 0x3f000000),
                       0x41280000);
      /* one rounding: 1 * 2^-24 + 1 * 2^-24 + 1.0 = 1 + 2^-23 exactly (two roundings of
       * 1 + 2^-24, a tie to even, would give 1.0) */
      assert_int_equal(e3(t, aco_op_v_dot2_f32_f16, 0x3c003c00, 0x00010001, 0x3f800000),
                       0x3f800001);
      assert_int_equal(e3(t, aco_op_v_dot4_u32_u8, 0x01020304, 0x05060708, 10),
                       10 + 4 * 8 + 3 * 7 + 2 * 6 + 1 * 5);
      assert_int_equal(e3(t, aco_op_v_dot8_u32_u4, 0xffffffff, 0x11111111, 0), 8 * 15);
      if (t->w.level >= ACO_GFX1100) {
         /* iu8: src0 signed (neg_lo[0]), src1 unsigned: -1 * 255 * 4 */
         assert_int_equal(eval(t, aco_op_v_dot4_i32_iu8, ACO_ENC_NATIVE, 0xffffffff, 0xffffffff,
                               0, (struct aco_valu_fields){.neg = 1}),
                          (uint32_t)-1020);
         assert_int_equal(e3(t, aco_op_v_dot4_i32_iu8, 0xffffffff, 0xffffffff, 0), 4 * 255 * 255);
         /* bf16: 2 * 3 + 1 * 1 + 0 */
         assert_int_equal(e3(t, aco_op_v_dot2_f32_bf16, 0x3f804000, 0x3f804040, 0), 0x40e00000);
      } else {
         assert_int_equal(e3(t, aco_op_v_dot4_i32_i8, 0xff7f0102, 0x02020202, 1),
                          1 + (-1 * 2) + 127 * 2 + 1 * 2 + 2 * 2);
         assert_int_equal(e3(t, aco_op_v_dot2_i32_i16, 0x8000ffff, 0x00020003, 0),
                          (uint32_t)(-32768 * 2 + -3));
         assert_int_equal(eval(t, aco_op_v_dot2_i32_i16, ACO_ENC_NATIVE, 0x80008000, 0x80008000,
                               0x7fffffff, (struct aco_valu_fields){.clamp = true}),
                          0x7fffffff);
      }
      if (t->w.level <= ACO_GFX1100) {
         struct aco_minstr *in = t_instr(t, aco_op_v_dot2acc_f32_f16, ACO_ENC_NATIVE, 1,
                                         (aco_definition[]){DV(0)}, 2, (aco_operand[]){V(1), V(2)});
         t_exec(t, 1);
         *t_v(t, 0, 0) = 0x3f800000;
         *t_v(t, 1, 0) = 0x3c004000;
         *t_v(t, 2, 0) = 0x44004200;
         t_run(t, in);
         assert_int_equal(*t_v(t, 0, 0), 0x41300000); /* 1 + 6 + 4 = 11 */
      }
      /* fmamk: src0 * K + src1; fmaak: src0 * src1 + K */
      assert_int_equal(e3(t, aco_op_v_fmamk_f32, 0x40000000, 0x40400000, 0x3f800000), 0x40e00000);
      assert_int_equal(e3(t, aco_op_v_fmaak_f32, 0x40000000, 0x40400000, 0x3f800000), 0x40e00000);
      assert_int_equal(e3(t, aco_op_v_fmamk_f16, 0x4000, 0x4200, 0x3c00) & 0xffff, 0x4700);
      if (t->w.level >= ACO_GFX1100) {
         /* f16 dot: 2*3 + 1*4 + 0.5 = 10.5 (0x4940); bf16: 2*3 + 1*1 + 0 = 7 (0x40e0) */
         assert_int_equal(e3(t, aco_op_v_dot2_f16_f16, 0x3c004000, 0x44004200, 0x3800) & 0xffff,
                          0x4940);
         assert_int_equal(e3(t, aco_op_v_dot2_bf16_bf16, 0x3f804000, 0x3f804040, 0) & 0xffff,
                          0x40e0);
         /* bf16 rounding: 1 + 2^-8 (a tie) to even 1.0; 1 + 3 * 2^-8 to 1 + 2^-6 */
         assert_int_equal(e3(t, aco_op_v_dot2_bf16_bf16, 0x3b803f80, 0x3f803f80, 0) & 0xffff,
                          0x3f80);
         assert_int_equal(e3(t, aco_op_v_dot2_bf16_bf16, 0x3c403f80, 0x3f803f80, 0) & 0xffff,
                          0x3f82);
      }
   }
}

static void
test_vopd_more(void **state)
{
   for (unsigned li = 1; li < 3; li++) {
      struct twave tw, *t = &tw;
      t_init(t, t_levels[li], 32);
      for (unsigned l = 0; l < 32; l++) {
         *t_v(t, 1, l) = 0x40000000; /* 2.0 */
         *t_v(t, 2, l) = 0x40400000; /* 3.0 */
         *t_v(t, 3, l) = 5;
      }
      t->w.sgpr[ACO_REG_VCC_LO] = 0x0000ffff;
      /* X: v4 = v1 * v2 + K(1.0); Y: v5 = vcc ? v3 : K(9) (vcc implicit) */
      struct aco_minstr *in = t_instr(t, aco_op_v_dual_fmaak_f32, ACO_ENC_NATIVE, 2,
                                      (aco_definition[]){DV(4), DV(5)}, 5,
                                      (aco_operand[]){V(1), V(2), K(0x3f800000), K(9), V(3)});
      in->vopd_y = aco_op_v_dual_cndmask_b32;
      t_run(t, in);
      for (unsigned l = 0; l < 32; l++) {
         assert_int_equal(*t_v(t, 4, l), 0x40e00000);
         assert_int_equal(*t_v(t, 5, l), l < 16 ? 5 : 9);
      }
      /* Y-only ops: v_dual_add_nc_u32, v_dual_lshlrev_b32, v_dual_and_b32 */
      in = t_instr(t, aco_op_v_dual_mov_b32, ACO_ENC_NATIVE, 2, (aco_definition[]){DV(6), DV(7)},
                   3, (aco_operand[]){V(3), K(2), V(3)});
      in->vopd_y = aco_op_v_dual_lshlrev_b32;
      t_run(t, in);
      assert_int_equal(*t_v(t, 6, 0), 5);
      assert_int_equal(*t_v(t, 7, 0), 20);
      in->vopd_y = aco_op_v_dual_add_nc_u32;
      t_run(t, in);
      assert_int_equal(*t_v(t, 7, 0), 7);
      in->vopd_y = aco_op_v_dual_and_b32;
      t_run(t, in);
      assert_int_equal(*t_v(t, 7, 0), 0);
      t_finish(t);
   }
}

/* ---- one line per opcode: every level where the row exists ---------------------------- */

struct case3 {
   enum aco_opcode op;
   uint64_t a, b, c, want;
   uint8_t kind; /* 0: vector result (16/32/64 bits by the op), 1: lane-mask bit of lane 0 */
};

static const struct case3 cases[] = {
   /* f16 */
   {aco_op_v_sub_f16, 0x4200, 0x3c00, 0, 0x4000, 0},
   {aco_op_v_subrev_f16, 0x4200, 0x3c00, 0, 0xc000, 0},
   {aco_op_v_mul_f16, 0x7bff, 0x4000, 0, 0x7c00, 0},
   {aco_op_v_max_f16, 0x3c00, 0xfc00, 0, 0x3c00, 0},
   {aco_op_v_min_f16, 0x3c00, 0xfc00, 0, 0xfc00, 0},
   {aco_op_v_ldexp_f16, 0x3c00, 16, 0, 0x7c00, 0},
   {aco_op_v_cvt_f16_u16, 65535, 0, 0, 0x7c00, 0},
   {aco_op_v_cvt_f16_i16, 0x8000, 0, 0, 0xf800, 0},
   {aco_op_v_cvt_norm_i16_f16, 0x3800, 0, 0, 0x4000, 0},
   {aco_op_v_cvt_norm_u16_f16, 0xbc00, 0, 0, 0, 0},
   {aco_op_v_frexp_mant_f16, 0x4a00, 0, 0, 0x3a00, 0},
   {aco_op_v_frexp_exp_i16_f16, 0x4a00, 0, 0, 4, 0},
   {aco_op_v_fract_f16, 0xbc01, 0, 0, 0x3bfe, 0},
   {aco_op_v_trunc_f16, 0xc2cd, 0, 0, 0xc200, 0},
   {aco_op_v_rndne_f16, 0x4100, 0, 0, 0x4000, 0},
   {aco_op_v_floor_f16, 0xb800, 0, 0, 0xbc00, 0},
   {aco_op_v_med3_f16, 0x4200, 0x3c00, 0x4000, 0x4000, 0},
   {aco_op_v_min3_f16, 0x4200, 0x3c00, 0x4000, 0x3c00, 0},
   {aco_op_v_max3_f16, 0x4200, 0x3c00, 0x4000, 0x4200, 0},
   {aco_op_v_div_fixup_f16, 0x3c00, 0x0000, 0x3c00, 0x7c00, 0},
   {aco_op_v_cvt_pk_norm_i16_f16, 0x3c00, 0xbc00, 0, 0x80017fff, 0},
   {aco_op_v_pack_b32_f16, 0x3c00, 0x4000, 0, 0x40003c00, 0},
   {aco_op_v_exp_f16, 0x4400, 0, 0, 0x4c00, 0},  /* 2^4 = 16 */
   {aco_op_v_log_f16, 0x4c00, 0, 0, 0x4400, 0},  /* log2(16) = 4 */
   {aco_op_v_sin_f16, 0x3400, 0, 0, 0x3c00, 0},  /* sin(2 pi / 4) = 1 */
   {aco_op_v_cos_f16, 0x3800, 0, 0, 0xbc00, 0},  /* cos(pi) = -1 */
   {aco_op_v_minmax_f16, 0x4200, 0x3c00, 0x4000, 0x4000, 0},
   {aco_op_v_maxmin_f16, 0x4200, 0x3c00, 0x4000, 0x4000, 0},
   /* f32 / f64 */
   {aco_op_v_mad_i32_i24, 0xffffff, 5, 10, 5, 0},
   {aco_op_v_mul_hi_i32_i24, 0x800000, 0x800000, 0, 0x4000, 0},
   {aco_op_v_min3_f32, 0x40400000, 0x3f800000, 0x40000000, 0x3f800000, 0},
   {aco_op_v_max3_f32, 0x40400000, 0x3f800000, 0x40000000, 0x40400000, 0},
   {aco_op_v_minmax_f32, 0x40a00000, 0x41100000, 0x40e00000, 0x40e00000, 0},
   {aco_op_v_fract_f64, 0xbff0000000000001ull, 0, 0, 0x3feffffffffffffeull, 0},
   {aco_op_v_rsq_f64, 0x4010000000000000ull, 0, 0, 0x3fe0000000000000ull, 0},
   {aco_op_v_cvt_f64_f32, 0x3fc00000, 0, 0, 0x3ff8000000000000ull, 0},
   {aco_op_v_frexp_mant_f64, 0x4028000000000000ull, 0, 0, 0x3fe8000000000000ull, 0},
   {aco_op_v_trunc_f64, 0xc00b333333333333ull, 0, 0, 0xc008000000000000ull, 0},
   {aco_op_v_ceil_f64, 0xc00b333333333333ull, 0, 0, 0xc008000000000000ull, 0},
   {aco_op_v_floor_f64, 0xc00b333333333333ull, 0, 0, 0xc010000000000000ull, 0},
   {aco_op_v_max_f64, 0x4000000000000000ull, 0xc000000000000000ull, 0, 0x4000000000000000ull, 0},
   {aco_op_v_min_f64, 0x4000000000000000ull, 0xc000000000000000ull, 0, 0xc000000000000000ull, 0},
   {aco_op_v_min_num_f64, 0x7ff8000000000000ull, 0xc000000000000000ull, 0, 0xc000000000000000ull, 0},
   {aco_op_v_maximum_f64, 0x7ff8000000000000ull, 0xc000000000000000ull, 0, 0x7ff8000000000000ull, 0},
   {aco_op_v_div_scale_f64, 0x3ff0000000000000ull, 0x4008000000000000ull, 0x3ff0000000000000ull,
    0x3ff0000000000000ull, 0},
   {aco_op_v_div_fixup_f64, 0x3fd5555555555555ull, 0x4008000000000000ull, 0x3ff0000000000000ull,
    0x3fd5555555555555ull, 0},
   /* 2/pi = 0.a2f9836e4e441529fc27... (hex): segment 0, segment 1, an input of 2^100 */
   {aco_op_v_trig_preop_f64, 0x3ff0000000000000ull, 0, 0, 0x3fe45f306dc9c882ull, 0},
   {aco_op_v_trig_preop_f64, 0x3ff0000000000000ull, 1, 0, 0x3c94a7f09d5f47d4ull, 0},
   {aco_op_v_trig_preop_f64, 0x4630000000000000ull, 0, 0, 0x3cb529fc2757d1e0ull, 0},
   {aco_op_v_fma_dx9_zero_f32, 0, 0x7f800000, 0x3f800000, 0x3f800000, 0},
   {aco_op_v_mul_dx9_zero_f32, 0x7fc00000, 0, 0, 0, 0},
   {aco_op_v_cvt_f32_ubyte0, 0xff, 0, 0, 0x437f0000, 0},
   {aco_op_v_cvt_f32_ubyte1, 0x8000, 0, 0, 0x43000000, 0},
   {aco_op_v_cvt_f32_ubyte3, 0x01000000, 0, 0, 0x3f800000, 0},
   {aco_op_v_rcp_iflag_f32, 0x40800000, 0, 0, 0x3e800000, 0},
   /* integer */
   {aco_op_v_xnor_b32, 0xf0f0f0f0, 0xff00ff00, 0, 0xf00ff00f, 0},
   {aco_op_v_cvt_u32_u16, 0xffff1234, 0, 0, 0x1234, 0},
   {aco_op_v_cvt_i32_i16, 0x0000ff80, 0, 0, 0xffffff80, 0},
   {aco_op_v_not_b16, 0x00ff, 0, 0, 0xff00, 0},
   {aco_op_v_and_b16, 0x0ff0, 0x00ff, 0, 0x00f0, 0},
   {aco_op_v_or_b16, 0x0ff0, 0x00ff, 0, 0x0fff, 0},
   {aco_op_v_xor_b16, 0x0ff0, 0x00ff, 0, 0x0f0f, 0},
   {aco_op_v_min_u16, 0x8000, 1, 0, 1, 0},
   {aco_op_v_max_u16, 0x8000, 1, 0, 0x8000, 0},
   {aco_op_v_min_i16, 0x8000, 1, 0, 0x8000, 0},
   {aco_op_v_min3_u16, 5, 0xffff, 3, 3, 0},
   {aco_op_v_max3_i16, 5, 0xffff, 3, 5, 0},
   {aco_op_v_med3_u16, 5, 0xffff, 3, 5, 0},
   {aco_op_v_min3_u32, 5, 0xffffffff, 3, 3, 0},
   {aco_op_v_max3_i32, 5, 0xffffffff, 3, 5, 0},
   {aco_op_v_sub_nc_u16, 1, 2, 0, 0xffff, 0},
   {aco_op_v_add_nc_i16, 0x7fff, 1, 0, 0x8000, 0},
   {aco_op_v_mad_i16, 0xffff, 3, 10, 7, 0},
   {aco_op_v_subrev_nc_u32, 1, 3, 0, 2, 0},
   {aco_op_v_maxmin_u32, 5, 9, 7, 7, 0},
   {aco_op_v_minmax_i32, 5, 9, 7, 7, 0},
   {aco_op_v_qsad_pk_u16_u8, 0x0807060504030201ull, 0x04030201, 0x0004000300020001ull,
    0x0010000b00060001ull, 0},
   {aco_op_v_mqsad_pk_u16_u8, 0x0807060504030201ull, 0x04030001, 0,
    0x0009000600030000ull, 0}, /* byte 1 of the reference is 0: skipped */
   {aco_op_v_mbcnt_hi_u32_b32, 0xffffffff, 9, 0, 9, 0},
   {aco_op_v_cvt_pk_i16_f32, 0xc7000000, 0x47000100, 0, 0x7fff8000, 0},
   {aco_op_v_cvt_pk_u16_f32, 0xbf800000, 0x47800000, 0, 0xffff0000, 0},
   /* comparisons (bit of lane 0) */
   {aco_op_v_cmp_nlt_f64, 0x7ff8000000000000ull, 0x3ff0000000000000ull, 0, 1, 1},
   {aco_op_v_cmp_o_f16, 0x7e00, 0, 0, 0, 1},
   {aco_op_v_cmp_le_f16, 0x3c00, 0x3c00, 0, 1, 1},
   {aco_op_v_cmp_lg_f32, 0x3f800000, 0x7fc00000, 0, 0, 1},
   {aco_op_v_cmp_ngt_f32, 0x3f800000, 0x7fc00000, 0, 1, 1},
   {aco_op_v_cmp_nle_f64, 0x4000000000000000ull, 0x3ff0000000000000ull, 0, 1, 1},
   {aco_op_v_cmp_ge_u16, 0x8000, 0x7fff, 0, 1, 1},
   {aco_op_v_cmp_ge_i16, 0x8000, 0x7fff, 0, 0, 1},
   {aco_op_v_cmp_t_i32, 0, 1, 0, 1, 1},
   {aco_op_v_cmp_f_u32, 0, 0, 0, 0, 1},
   {aco_op_v_cmp_ne_i64, 0x100000000ull, 0, 0, 1, 1},
   {aco_op_v_cmp_eq_u64, 0x100000000ull, 0, 0, 0, 1},
   {aco_op_v_cmp_class_f64, 0xfff0000000000000ull, 1 << 2, 0, 1, 1},
   {aco_op_v_cmp_class_f16, 0x7c01, 1 << 0, 0, 1, 1},
};

static void
test_opcode_lines(void **state)
{
   FOR_LEVELS(t, ws) {
      int gi = aco_gfx_index(t->w.level);
      for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
         const struct case3 *k = &cases[i];
         if (aco_op_info(k->op)->opcode[gi] < 0)
            continue;
         struct emu_op_desc d;
         assert_true(emu_valu_op(&t->w, k->op, NULL, NULL, &d));
         uint64_t r = eval(t, k->op, ACO_ENC_NATIVE, k->a, k->b, k->c, NOMODS);
         if (k->kind == 1) {
            r = t_mask(t, aco_op_info(k->op)->format == ACO_FMT_VOPC ? ACO_REG_VCC_LO : 20) & 1;
         } else if (d.result == EMU_RES_B16) {
            r &= 0xffff;
         }
         if (r != k->want)
            fail_msg("%s on %u wave%u: got 0x%llx, want 0x%llx", aco_op_info(k->op)->name,
                     t->w.level, ws, (unsigned long long)r, (unsigned long long)k->want);
      }
   }
}

/* Every VALU row of every level, in each encoding its format has, on random register
 * values: either it executes or it fails with a message (never a crash; run under
 * ASan/UBSan in CI). */
static void
test_every_opcode_runs(void **state)
{
   uint64_t seed = 0x9e3779b97f4a7c15ull;
   unsigned executed = 0;
   FOR_LEVELS(t, ws) {
      int gi = aco_gfx_index(t->w.level);
      for (unsigned op = 0; op < aco_num_opcodes; op++) {
         const struct aco_op_info *info = aco_op_info((enum aco_opcode)op);
         if (strncmp(info->name, "v_", 2) || info->opcode[gi] < 0)
            continue;
         static const unsigned encs[] = {ACO_ENC_NATIVE, ACO_ENC_E64, ACO_ENC_DPP16,
                                         ACO_ENC_DPP8, ACO_ENC_SDWA};
         for (unsigned e = 0; e < 5; e++) {
            struct aco_slot_map map;
            if (!aco_minstr_slots(t->w.level, ws, (enum aco_opcode)op,
                                  encs[e] == ACO_ENC_E64 ? ACO_ENC_E64 : ACO_ENC_NATIVE, &map))
               continue;
            if (map.count > 6 || (info->format == ACO_FMT_VOPD && ws == 64))
               continue;
            aco_definition defs[8];
            aco_operand ops[8];
            unsigned vreg = 0;
            for (unsigned i = 0; i < map.count; i++) {
               struct aco_op_slot sl = map.slot[i];
               if (map.index[i] == 0xff)
                  continue;
               unsigned dw = sl.dwords ? sl.dwords : 1;
               if (dw > 4)
                  dw = 4;
               if (map.is_def[i]) {
                  defs[map.index[i]] = sl.file == 's'
                     ? aco_def_fixed(aco_temp_make(0, aco_rc_s(dw)), aco_sgpr(20))
                     : aco_def_fixed(aco_temp_make(0, aco_rc_v(dw)), aco_vgpr(vreg));
                  vreg += 4;
               } else if (sl.file == 's') {
                  ops[map.index[i]] = aco_opnd_reg(aco_sgpr(24), aco_rc_s(dw));
               } else {
                  ops[map.index[i]] = aco_opnd_reg(aco_vgpr(vreg), aco_rc_v(dw));
                  vreg += 4;
               }
            }
            for (unsigned r = 0; r < T_VGPRS * EMU_MAX_LANES; r++)
               t->vgpr[r] = (uint32_t)rnd_u64(&seed);
            for (unsigned r = 0; r < 106; r++)
               t->w.sgpr[r] = (uint32_t)rnd_u64(&seed);
            struct aco_minstr *in = t_instr(t, (enum aco_opcode)op, encs[e], map.num_definitions,
                                            defs, map.num_operands, ops);
            in->valu.dpp_ctrl = (uint16_t)(rnd_u64(&seed) % 0x170);
            in->valu.row_mask = in->valu.bank_mask = 0xf;
            in->valu.dpp8_sel = (uint32_t)rnd_u64(&seed) & 0xffffff;
            in->valu.sdwa_sel[0] = (uint8_t)(rnd_u64(&seed) % 7);
            in->valu.sdwa_sel[1] = (uint8_t)(rnd_u64(&seed) % 7);
            in->valu.sdwa_dst_sel = (uint8_t)(rnd_u64(&seed) % 7);
            in->valu.sdwa_dst_unused = (uint8_t)(rnd_u64(&seed) % 3);
            in->valu.omod = (uint8_t)(rnd_u64(&seed) % 4);
            in->valu.clamp = rnd_u64(&seed) & 1;
            if (info->format == ACO_FMT_VOPD)
               in->vopd_y = aco_op_v_dual_mov_b32;
            t_exec(t, rnd_u64(&seed));
            t->w.failed = false;
            t->w.mode = (uint32_t)rnd_u64(&seed) & 0x3ff;
            if (emu_valu_execute(&t->w, in))
               executed++;
            else
               assert_true(t_fail_msg[0] != 0);
            t->w.mode = 0xf0;
         }
      }
   }
   assert_true(executed > 1000);
}

static void
test_unknown(void **state)
{
   struct twave tw, *t = &tw;
   t_init(t, ACO_GFX1100, 32);
   struct aco_minstr *in = t_instr(t, aco_op_v_add_f64_vop2, ACO_ENC_NATIVE, 1,
                                   (aco_definition[]){DV(0)}, 2, (aco_operand[]){V2(2), V2(4)});
   assert_false(emu_valu_execute(&t->w, in)); /* GFX12-only row */
   assert_non_null(strstr(t_fail_msg, "unknown instruction"));
   t_finish(t);
   t_init(t, ACO_GFX1100, 32);
   in = t_instr(t, aco_op_s_add_u32, ACO_ENC_NATIVE, 1, (aco_definition[]){DS(0)}, 2,
                (aco_operand[]){S(1), S(2)});
   assert_false(emu_valu_execute(&t->w, in));
   assert_non_null(strstr(t_fail_msg, "unknown instruction"));
   t_finish(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_f32_add_rounding),
      cmocka_unit_test(test_f32_denormals),
      cmocka_unit_test(test_fma),
      cmocka_unit_test(test_f64),
      cmocka_unit_test(test_conversions),
      cmocka_unit_test(test_round_frexp),
      cmocka_unit_test(test_approx),
      cmocka_unit_test(test_minmax),
      cmocka_unit_test(test_compare),
      cmocka_unit_test(test_int_carry),
      cmocka_unit_test(test_int_ops),
      cmocka_unit_test(test_mbcnt_cndmask_lanes),
      cmocka_unit_test(test_halves_and_modifiers),
      cmocka_unit_test(test_packed),
      cmocka_unit_test(test_division),
      cmocka_unit_test(test_dpp),
      cmocka_unit_test(test_dpp_e64_vopc),
      cmocka_unit_test(test_sdwa),
      cmocka_unit_test(test_lane_ops),
      cmocka_unit_test(test_lane_moves),
      cmocka_unit_test(test_dot_fmak),
      cmocka_unit_test(test_vopd_more),
      cmocka_unit_test(test_opcode_lines),
      cmocka_unit_test(test_every_opcode_runs),
      cmocka_unit_test(test_unknown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
