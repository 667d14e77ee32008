/* SPDX-License-Identifier: MIT */
/* Internals of the emulator's vector ALU (valu*.c): exact IEEE arithmetic on raw bit
 * patterns of f16/f32/f64 under the MODE register's rounding and denormal controls
 * (valu_float.c), and the per-lane semantics of each opcode (valu_ops.c). Everything here
 * is pure: values in, bits out, no wave state. */
#ifndef ACO_EMU_VALU_H
#define ACO_EMU_VALU_H

#include "emu/emu_internal.h"

#include <stdbool.h>
#include <stdint.h>

enum emu_fmt { EMU_F16, EMU_F32, EMU_F64 };

/* MODE fields (as the hardware's MODE register): round [1:0] f32, [3:2] f16/f64 (0 nearest
 * even, 1 +inf, 2 -inf, 3 zero); denorm [5:4] f32, [7:6] f16/f64 (bit 0: input denormals
 * kept, bit 1: output denormals kept); DX10_CLAMP [8]; IEEE [9]. */
enum {
   EMU_ROUND_NEAREST = 0,
   EMU_ROUND_UP = 1,
   EMU_ROUND_DOWN = 2,
   EMU_ROUND_ZERO = 3,
   EMU_MODE_DX10_CLAMP = 1u << 8,
   EMU_MODE_IEEE = 1u << 9,
};

struct emu_fpmode {
   uint8_t round;
   bool denorm_in, denorm_out;
};

static inline struct emu_fpmode
emu_fpmode_of(uint32_t mode, enum emu_fmt f)
{
   unsigned r = f == EMU_F32 ? (mode & 3) : ((mode >> 2) & 3);
   unsigned d = f == EMU_F32 ? ((mode >> 4) & 3) : ((mode >> 6) & 3);
   struct emu_fpmode m = {(uint8_t)r, (d & 1) != 0, (d & 2) != 0};
   return m;
}

/* ---- valu_float.c --------------------------------------------------------------------- */

uint64_t emu_f_default_nan(enum emu_fmt f);
bool emu_f_is_nan(enum emu_fmt f, uint64_t a);
bool emu_f_is_snan(enum emu_fmt f, uint64_t a);
bool emu_f_is_inf(enum emu_fmt f, uint64_t a);
bool emu_f_is_denorm(enum emu_fmt f, uint64_t a);
uint64_t emu_f_quiet(enum emu_fmt f, uint64_t a);
uint64_t emu_f_sign_bit(enum emu_fmt f);
/* Input denormals become signed zeros unless the mode keeps them. */
uint64_t emu_f_flush_in(enum emu_fmt f, uint64_t a, struct emu_fpmode m);

uint64_t emu_f_add(enum emu_fmt f, uint64_t a, uint64_t b, struct emu_fpmode m);
uint64_t emu_f_mul(enum emu_fmt f, uint64_t a, uint64_t b, struct emu_fpmode m);
uint64_t emu_f_fma(enum emu_fmt f, uint64_t a, uint64_t b, uint64_t c, struct emu_fpmode m);
/* a * b + c of format f rounded once to format `to` (v_fma_mixlo/hi): m is the input's
 * mode, mo the output's. */
uint64_t emu_f_fma_to(enum emu_fmt f, enum emu_fmt to, uint64_t a, uint64_t b, uint64_t c,
                      struct emu_fpmode m, struct emu_fpmode mo);
/* a0 * b0 + a1 * b1 + c with one rounding: products of format f, c and the result of
 * format `to` (v_dot2 with f32 accumulation). */
uint64_t emu_f_dot2(enum emu_fmt f, uint64_t a0, uint64_t b0, uint64_t a1, uint64_t b1,
                    enum emu_fmt to, uint64_t c, struct emu_fpmode m, struct emu_fpmode mo);
/* Format conversion; `in` is the source format's mode (input flushing), `out` the
 * destination's (rounding, output flushing). */
uint64_t emu_f_convert(enum emu_fmt from, enum emu_fmt to, uint64_t a, struct emu_fpmode in,
                       struct emu_fpmode out);
uint64_t emu_f_from_int(enum emu_fmt f, int64_t v, struct emu_fpmode m);
uint64_t emu_f_from_uint(enum emu_fmt f, uint64_t v, struct emu_fpmode m);
/* Rounds with `rm` to an integer and saturates to [lo, hi]; NaN gives 0. */
int64_t emu_f_to_int(enum emu_fmt f, uint64_t a, unsigned rm, int64_t lo, int64_t hi,
                     struct emu_fpmode m);
/* Round to an integral value in the same format (trunc/floor/ceil/rndne: rm). */
uint64_t emu_f_round_int(enum emu_fmt f, uint64_t a, unsigned rm, struct emu_fpmode m);
uint64_t emu_f_ldexp(enum emu_fmt f, uint64_t a, int64_t e, struct emu_fpmode m);
uint64_t emu_f_fract(enum emu_fmt f, uint64_t a, struct emu_fpmode m);
uint64_t emu_f_frexp_mant(enum emu_fmt f, uint64_t a, struct emu_fpmode m);
int32_t emu_f_frexp_exp(enum emu_fmt f, uint64_t a, struct emu_fpmode m);
/* -1, 0, 1, or 2 when unordered (a NaN). Input denormals flushed per mode. */
int emu_f_compare(enum emu_fmt f, uint64_t a, uint64_t b, struct emu_fpmode m);
/* v_cmp_class mask bits: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
 * 7 +denormal, 8 +normal, 9 +inf. */
bool emu_f_class(enum emu_fmt f, uint64_t a, uint32_t mask);

enum emu_minmax_kind {
   EMU_MINMAX_LEGACY,  /* GFX10/11 v_min/v_max: IEEE mode quiets sNaN, else the number */
   EMU_MINMAX_NUM,     /* GFX12 *_num: a NaN gives the other operand */
   EMU_MINMAX_MINIMUM, /* GFX12 minimum/maximum: a NaN gives NaN */
};
uint64_t emu_f_minmax(enum emu_fmt f, uint64_t a, uint64_t b, bool max, enum emu_minmax_kind k,
                      bool ieee, struct emu_fpmode m);

enum emu_approx {
   EMU_APPROX_RCP,
   EMU_APPROX_RSQ,
   EMU_APPROX_SQRT,
   EMU_APPROX_EXP2,
   EMU_APPROX_LOG2,
   EMU_APPROX_SIN, /* of x revolutions: sin(2 pi x) */
   EMU_APPROX_COS,
};
uint64_t emu_f_approx(enum emu_fmt f, enum emu_approx op, uint64_t a, struct emu_fpmode m);

uint64_t emu_f_div_fixup(enum emu_fmt f, uint64_t q, uint64_t den, uint64_t num,
                         struct emu_fpmode m);
uint64_t emu_f_div_scale(enum emu_fmt f, uint64_t s0, uint64_t den, uint64_t num, bool *vcc,
                         struct emu_fpmode m);
uint64_t emu_f_div_fmas(enum emu_fmt f, uint64_t a, uint64_t b, uint64_t c, bool vcc,
                        struct emu_fpmode m);
/* v_trig_preop_f64: 53 bits of 2/pi selected by the input's exponent and the segment */
uint64_t emu_f_trig_preop(uint64_t a, uint32_t segment, struct emu_fpmode m);
/* clamp to [0, 1] (NaN to 0 when dx10) */
uint64_t emu_f_clamp01(enum emu_fmt f, uint64_t a, bool dx10);

/* ---- valu_ops.c ----------------------------------------------------------------------- */

/* What one lane of an instruction computes. Sources are already fetched with their
 * selects and input modifiers; results go back through `d` (up to 128 bits) and `carry`
 * (the lane-mask bit of VOPC, carry-out, v_div_scale's vcc). */
struct emu_lane_in {
   uint64_t s[3];
   bool mask_in;   /* carry-in / v_cndmask selector / vcc of v_div_fmas */
   unsigned lane;
   bool clamp;
   uint8_t omod;
   /* VOP3P */
   uint8_t opsel, opsel_hi, neg, neg_hi, abs;
};
struct emu_lane_out {
   uint64_t d[2];
   bool carry;
};

enum emu_result_kind {
   EMU_RES_NONE = 0, /* no vector result */
   EMU_RES_B16,      /* a 16-bit result: the other half of the register is preserved */
   EMU_RES_B32,
   EMU_RES_B64,
   EMU_RES_B128,
};

enum emu_mask_in {
   EMU_MASK_IN_NONE = 0,
   EMU_MASK_IN_SLOT,  /* the lane-mask source slot (vcc in e32, src2 in e64) */
   EMU_MASK_IN_VCC,   /* implicit vcc (v_div_fmas) */
};

/* Per-opcode facts the dispatcher needs. */
struct emu_op_desc {
   uint8_t result;     /* enum emu_result_kind */
   uint8_t mask_in;    /* enum emu_mask_in */
   bool mask_out;      /* VOPC / carry-out / div_scale: a lane mask is written */
   bool cmpx;          /* the lane mask goes to exec */
   bool reads_dst;     /* the destination is also src2 (fmac, dot2acc) */
   bool packed;        /* VOP3P: sources raw, the op applies op_sel/neg itself */
   bool hi_half_dst;   /* v_fma_mixhi_f16: writes the high half */
   int8_t float_fmt;   /* -1 or enum emu_fmt of the result (omod/clamp by the dispatcher) */
};

/* A float comparison's predicate (the part of v_cmp_<p>_f32 between the underscores) on
 * the outcome c of emu_f_compare; false for an unknown predicate. */
bool emu_float_pred(const char *p, int c, bool *r);

/* Describes an opcode (in == NULL) or computes one lane. False: the opcode is not a
 * VALU operation this emulator implements (then nothing is computed). */
bool emu_valu_op(const struct emu_wave *w, enum aco_opcode op, const struct emu_lane_in *in,
                 struct emu_lane_out *out, struct emu_op_desc *d);

#endif
