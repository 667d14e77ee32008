/* SPDX-License-Identifier: MIT */
/* The per-lane semantics of the VALU opcodes: one case per opcode row, computing the
 * result bits of one lane from its (already selected and modified) sources. Comparisons
 * are decoded from the row's mnemonic (predicate, type, width) instead of one case each.
 * Float results get omod/clamp from the dispatcher (valu.c); integer clamp (saturation)
 * and the packed (VOP3P) ops' per-half modifiers are applied here. */
#include "emu/valu.h"

#include <string.h>

#define RES(kind, ff)                                                                        \
   do {                                                                                      \
      d->result = (kind);                                                                    \
      d->float_fmt = (ff);                                                                   \
      if (!in)                                                                               \
         return true;                                                                        \
   } while (0)
#define OUT(v)                                                                               \
   do {                                                                                      \
      o->d[0] = (v);                                                                         \
      return true;                                                                           \
   } while (0)

enum { B16 = EMU_RES_B16, B32 = EMU_RES_B32, B64 = EMU_RES_B64, NOF = -1 };

static inline int32_t
i32(uint64_t v)
{
   return (int32_t)(uint32_t)v;
}
static inline int16_t
i16(uint64_t v)
{
   return (int16_t)(uint16_t)v;
}
static inline int64_t
sext(uint64_t v, unsigned bits)
{
   uint64_t m = 1ull << (bits - 1);
   v &= bits == 64 ? ~0ull : (1ull << bits) - 1;
   return (int64_t)((v ^ m) - m);
}
static inline uint64_t
sat_s(int64_t v, unsigned bits)
{
   int64_t hi = (int64_t)((1ull << (bits - 1)) - 1), lo = -hi - 1;
   return (uint64_t)(v > hi ? hi : v < lo ? lo : v) & ((1ull << bits) - 1);
}
static inline uint64_t
sat_u(int64_t v, unsigned bits)
{
   int64_t hi = (int64_t)((1ull << bits) - 1);
   return (uint64_t)(v > hi ? hi : v < 0 ? 0 : v);
}
static uint32_t
umin3(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t m = a < b ? a : b;
   return m < c ? m : c;
}
static uint32_t
umax3(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t m = a > b ? a : b;
   return m > c ? m : c;
}
static int64_t
smin(int64_t a, int64_t b)
{
   return a < b ? a : b;
}
static int64_t
smax(int64_t a, int64_t b)
{
   return a > b ? a : b;
}
static int64_t
smed3(int64_t a, int64_t b, int64_t c)
{
   return smax(smin(a, b), smin(smax(a, b), c));
}
static uint64_t
umed3(uint64_t a, uint64_t b, uint64_t c)
{
   uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
   uint64_t t = hi < c ? hi : c;
   return lo > t ? lo : t;
}

static unsigned
sad_u8(uint32_t a, uint32_t b, unsigned count, const uint8_t *skip_zero_ref)
{
   unsigned s = 0;
   for (unsigned i = 0; i < count; i++) {
      unsigned x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff;
      if (skip_zero_ref && !y)
         continue;
      s += x > y ? x - y : y - x;
   }
   return s;
}

static uint8_t
perm_byte(uint64_t data, unsigned sel)
{
   sel &= 0xff;
   if (sel >= 13)
      return 0xff;
   if (sel == 12)
      return 0;
   if (sel >= 8) {
      static const unsigned bit[4] = {15, 31, 47, 63};
      return ((data >> bit[sel - 8]) & 1) ? 0xff : 0;
   }
   return (uint8_t)(data >> (8 * sel));
}

/* float min/max/med3 of the levels: GFX12 renamed v_min_f32 (the same row) to
 * v_min_num_f32 with the IEEE-754-2019 minimumNumber rule. */
static enum emu_minmax_kind
legacy_kind(const struct emu_wave *w)
{
   return w->level >= ACO_GFX1200 ? EMU_MINMAX_NUM : EMU_MINMAX_LEGACY;
}

static uint64_t
fminmax(const struct emu_wave *w, enum emu_fmt f, uint64_t a, uint64_t b, bool max,
        enum emu_minmax_kind k)
{
   return emu_f_minmax(f, a, b, max, k, (w->mode & EMU_MODE_IEEE) != 0,
                       emu_fpmode_of(w->mode, f));
}

static uint64_t
fmed3(const struct emu_wave *w, enum emu_fmt f, uint64_t a, uint64_t b, uint64_t c)
{
   enum emu_minmax_kind k = legacy_kind(w);
   if (emu_f_is_nan(f, a) || emu_f_is_nan(f, b) || emu_f_is_nan(f, c))
      return fminmax(w, f, fminmax(w, f, a, b, false, k), c, false, k);
   uint64_t lo = fminmax(w, f, a, b, false, k), hi = fminmax(w, f, a, b, true, k);
   return fminmax(w, f, lo, fminmax(w, f, hi, c, false, k), true, k);
}

/* legacy (DX9) multiply: 0 * anything, incl. inf and NaN, is +0 */
static bool
dx9_zero(enum emu_fmt f, uint64_t a, struct emu_fpmode m)
{
   return !(emu_f_flush_in(f, a, m) & ~emu_f_sign_bit(f));
}

static uint64_t
norm16(enum emu_fmt f, uint64_t a, bool is_signed, struct emu_fpmode m)
{
   /* clamp to [-1, 1] or [0, 1], scale to 32767 / 65535, round to nearest even */
   uint64_t one = f == EMU_F16 ? 0x3c00 : 0x3f800000;
   uint64_t lo = is_signed ? one | emu_f_sign_bit(f) : 0;
   if (emu_f_is_nan(f, a))
      return 0;
   struct emu_fpmode exact = {EMU_ROUND_NEAREST, m.denorm_in, true};
   a = emu_f_minmax(f, a, lo, true, EMU_MINMAX_NUM, false, exact);
   a = emu_f_minmax(f, a, one, false, EMU_MINMAX_NUM, false, exact);
   uint64_t scale = is_signed ? emu_f_from_int(EMU_F32, 32767, exact)
                              : emu_f_from_int(EMU_F32, 65535, exact);
   uint64_t a32 = emu_f_convert(f, EMU_F32, a, exact, exact);
   uint64_t p = emu_f_mul(EMU_F32, a32, scale, exact);
   int64_t v = emu_f_to_int(EMU_F32, p, EMU_ROUND_NEAREST, is_signed ? -32768 : 0,
                            is_signed ? 32767 : 65535, exact);
   return (uint64_t)v & 0xffff;
}

/* ---- comparisons -------------------------------------------------------------------- */

static bool
cmp_desc(const char *name, char *pred, char *type, unsigned *bits, bool *cmpx)
{
   const char *p;
   if (!strncmp(name, "v_cmpx_", 7)) {
      *cmpx = true;
      p = name + 7;
   } else if (!strncmp(name, "v_cmp_", 6)) {
      *cmpx = false;
      p = name + 6;
   } else {
      return false;
   }
   const char *us = strrchr(p, '_');
   if (!us || us - p >= 8)
      return false;
   memcpy(pred, p, (size_t)(us - p));
   pred[us - p] = 0;
   *type = us[1];
   *bits = (unsigned)(us[2] - '0') * 10 + (unsigned)(us[3] - '0');
   return *bits == 16 || *bits == 32 || *bits == 64;
}

bool
emu_float_pred(const char *p, int c, bool *r)
{
   static const struct {
      const char *name;
      uint8_t truth; /* bit per outcome: 0 less, 1 equal, 2 greater, 3 unordered */
   } preds[] = {
      {"f", 0x0},   {"lt", 0x1},  {"eq", 0x2},  {"le", 0x3},  {"gt", 0x4},  {"lg", 0x5},
      {"ge", 0x6},  {"o", 0x7},   {"u", 0x8},   {"nge", 0x9}, {"nlg", 0xa}, {"ngt", 0xb},
      {"nle", 0xc}, {"neq", 0xd}, {"nlt", 0xe}, {"t", 0xf},   {"tru", 0xf},
   };
   unsigned outcome = c == 2 ? 3 : (unsigned)(c + 1);
   for (unsigned i = 0; i < sizeof(preds) / sizeof(preds[0]); i++) {
      if (!strcmp(p, preds[i].name)) {
         *r = (preds[i].truth >> outcome) & 1;
         return true;
      }
   }
   return false;
}

static bool
int_pred(const char *p, int c, bool *r)
{
   static const struct {
      const char *name;
      uint8_t truth; /* bit 0 less, 1 equal, 2 greater */
   } preds[] = {
      {"f", 0}, {"lt", 1}, {"eq", 2}, {"le", 3}, {"gt", 4}, {"ne", 5}, {"lg", 5}, {"ge", 6},
      {"t", 7},
   };
   for (unsigned i = 0; i < sizeof(preds) / sizeof(preds[0]); i++) {
      if (!strcmp(p, preds[i].name)) {
         *r = (preds[i].truth >> (c + 1)) & 1;
         return true;
      }
   }
   return false;
}

static bool
vopc(const struct emu_wave *w, enum aco_opcode op, const struct emu_lane_in *in,
     struct emu_lane_out *o, struct emu_op_desc *d)
{
   char pred[8], type;
   unsigned bits;
   bool cmpx;
   if (!cmp_desc(aco_op_info(op)->name, pred, &type, &bits, &cmpx))
      return false;
   d->result = EMU_RES_NONE;
   d->mask_out = true;
   d->cmpx = cmpx;
   d->float_fmt = NOF;
   bool dummy;
   if (type == 'f') {
      if (strcmp(pred, "class") && !emu_float_pred(pred, 0, &dummy))
         return false;
   } else if ((type != 'i' && type != 'u') || !int_pred(pred, 0, &dummy)) {
      return false;
   }
   if (!in)
      return true;
   uint64_t a = in->s[0], b = in->s[1];
   if (type == 'f') {
      enum emu_fmt f = bits == 16 ? EMU_F16 : bits == 32 ? EMU_F32 : EMU_F64;
      if (!strcmp(pred, "class")) {
         o->carry = emu_f_class(f, a, (uint32_t)b);
         return true;
      }
      int c = emu_f_compare(f, a, b, emu_fpmode_of(w->mode, f));
      return emu_float_pred(pred, c, &o->carry);
   }
   int c;
   if (type == 'i') {
      int64_t x = sext(a, bits), y = sext(b, bits);
      c = x < y ? -1 : x > y;
   } else {
      uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
      uint64_t x = a & mask, y = b & mask;
      c = x < y ? -1 : x > y;
   }
   return int_pred(pred, c, &o->carry);
}

/* ---- packed 16-bit (VOP3P) ------------------------------------------------------------ */

static uint16_t
pk_src(const struct emu_lane_in *in, unsigned i, bool hi, bool is_float)
{
   bool sel = ((hi ? in->opsel_hi : in->opsel) >> i) & 1;
   uint16_t v = (uint16_t)(in->s[i] >> (sel ? 16 : 0));
   if (is_float && (((hi ? in->neg_hi : in->neg) >> i) & 1))
      v ^= 0x8000;
   return v;
}

static bool
vop3p(const struct emu_wave *w, enum aco_opcode op, const struct emu_lane_in *in,
      struct emu_lane_out *o, struct emu_op_desc *d)
{
   d->packed = true;
   d->float_fmt = NOF;
   d->result = B32;
   struct emu_fpmode m16 = emu_fpmode_of(w->mode, EMU_F16);
   bool dx10 = (w->mode & EMU_MODE_DX10_CLAMP) != 0;
   switch (op) {
   case aco_op_v_fma_mix_f32:
   case aco_op_v_fma_mixlo_f16:
   case aco_op_v_fma_mixhi_f16: {
      d->result = op == aco_op_v_fma_mix_f32 ? B32 : B16;
      d->hi_half_dst = op == aco_op_v_fma_mixhi_f16;
      if (!in)
         return true;
      /* op_sel_hi[i]: source i is f16 (op_sel[i] picks its half), else f32; neg and abs
       * apply to the converted value (the VOP3P neg_hi field is abs for these ops) */
      struct emu_fpmode m32 = emu_fpmode_of(w->mode, EMU_F32);
      uint64_t s[3];
      for (unsigned i = 0; i < 3; i++) {
         uint64_t v = in->s[i] & 0xffffffffu;
         if ((in->opsel_hi >> i) & 1) {
            v = (v >> (((in->opsel >> i) & 1) ? 16 : 0)) & 0xffff;
            v = emu_f_convert(EMU_F16, EMU_F32, v, m16, (struct emu_fpmode){0, true, true});
         }
         if (((in->abs | in->neg_hi) >> i) & 1)
            v &= 0x7fffffffu;
         if ((in->neg >> i) & 1)
            v ^= 0x80000000u;
         s[i] = v;
      }
      if (op == aco_op_v_fma_mix_f32) {
         uint64_t r = emu_f_fma(EMU_F32, s[0], s[1], s[2], m32);
         OUT(in->clamp ? emu_f_clamp01(EMU_F32, r, dx10) : r);
      }
      struct emu_fpmode exact = {m16.round, true, true};
      uint64_t h = emu_f_fma_to(EMU_F32, EMU_F16, s[0], s[1], s[2], exact, m16);
      OUT(in->clamp ? emu_f_clamp01(EMU_F16, h, dx10) : h);
   }
   default: break;
   }

   bool is_float = op == aco_op_v_pk_fma_f16 || op == aco_op_v_pk_add_f16 ||
                   op == aco_op_v_pk_mul_f16 || op == aco_op_v_pk_min_f16 ||
                   op == aco_op_v_pk_max_f16 || op == aco_op_v_pk_minimum_f16 ||
                   op == aco_op_v_pk_maximum_f16 || op == aco_op_v_pk_fmac_f16;
   switch (op) {
   case aco_op_v_pk_mad_i16: case aco_op_v_pk_mul_lo_u16: case aco_op_v_pk_add_i16:
   case aco_op_v_pk_sub_i16: case aco_op_v_pk_lshlrev_b16: case aco_op_v_pk_lshrrev_b16:
   case aco_op_v_pk_ashrrev_i16: case aco_op_v_pk_max_i16: case aco_op_v_pk_min_i16:
   case aco_op_v_pk_mad_u16: case aco_op_v_pk_add_u16: case aco_op_v_pk_sub_u16:
   case aco_op_v_pk_max_u16: case aco_op_v_pk_min_u16: case aco_op_v_pk_fma_f16:
   case aco_op_v_pk_add_f16: case aco_op_v_pk_mul_f16: case aco_op_v_pk_min_f16:
   case aco_op_v_pk_max_f16: case aco_op_v_pk_minimum_f16: case aco_op_v_pk_maximum_f16:
   case aco_op_v_pk_fmac_f16:
      break;
   case aco_op_v_dot4_i32_iu8: case aco_op_v_dot8_i32_iu4: case aco_op_v_dot2_i32_i16:
   case aco_op_v_dot2_u32_u16: case aco_op_v_dot4_i32_i8: case aco_op_v_dot8_i32_i4: {
      if (!in)
         return true;
      /* integer dot products: element width and signedness (iu: neg_lo[i] makes
       * source i signed), clamp saturates to the result type */
      unsigned bits = op == aco_op_v_dot2_i32_i16 || op == aco_op_v_dot2_u32_u16 ? 16
                      : op == aco_op_v_dot4_i32_iu8 || op == aco_op_v_dot4_i32_i8 ? 8 : 4;
      bool iu = op == aco_op_v_dot4_i32_iu8 || op == aco_op_v_dot8_i32_iu4;
      bool sa = iu ? (in->neg & 1) : op != aco_op_v_dot2_u32_u16;
      bool sb = iu ? ((in->neg >> 1) & 1) : op != aco_op_v_dot2_u32_u16;
      bool is_signed = op != aco_op_v_dot2_u32_u16;
      int64_t acc = is_signed ? (int64_t)i32(in->s[2]) : (int64_t)(uint32_t)in->s[2];
      for (unsigned i = 0; i < 32 / bits; i++) {
         uint64_t x = (in->s[0] >> (bits * i)) & ((1u << bits) - 1);
         uint64_t y = (in->s[1] >> (bits * i)) & ((1u << bits) - 1);
         acc += (sa ? sext(x, bits) : (int64_t)x) * (sb ? sext(y, bits) : (int64_t)y);
      }
      if (in->clamp)
         OUT(is_signed ? sat_s(acc, 32) : sat_u(acc, 32));
      OUT((uint32_t)acc);
   }
   case aco_op_v_dot2_f32_bf16:
   case aco_op_v_dot4_u32_u8: case aco_op_v_dot8_u32_u4: case aco_op_v_dot2_f32_f16: {
      if (!in)
         return true;
      if (op == aco_op_v_dot2_f32_bf16) {
         /* bf16 is the high half of an f32; one rounding of the whole sum */
         struct emu_fpmode m32 = emu_fpmode_of(w->mode, EMU_F32);
         uint64_t acc = emu_f_dot2(EMU_F32, (uint64_t)pk_src(in, 0, 0, true) << 16,
                                   (uint64_t)pk_src(in, 1, 0, true) << 16,
                                   (uint64_t)pk_src(in, 0, 1, true) << 16,
                                   (uint64_t)pk_src(in, 1, 1, true) << 16, EMU_F32,
                                   in->s[2] & 0xffffffffu, m32, m32);
         OUT(in->clamp ? emu_f_clamp01(EMU_F32, acc, dx10) : acc);
      }
      uint32_t a = (uint32_t)in->s[0], b = (uint32_t)in->s[1];
      if (op == aco_op_v_dot2_f32_f16) {
         /* the exact sum of the two f16 products and the f32 accumulator, rounded once */
         struct emu_fpmode m32 = emu_fpmode_of(w->mode, EMU_F32);
         uint64_t acc = emu_f_dot2(EMU_F16, pk_src(in, 0, 0, true), pk_src(in, 1, 0, true),
                                   pk_src(in, 0, 1, true), pk_src(in, 1, 1, true), EMU_F32,
                                   in->s[2] & 0xffffffffu, m16, m32);
         OUT(in->clamp ? emu_f_clamp01(EMU_F32, acc, dx10) : acc);
      }
      uint64_t acc = in->s[2] & 0xffffffffu;
      unsigned n = op == aco_op_v_dot4_u32_u8 ? 4 : 8, bits = 32 / n;
      for (unsigned i = 0; i < n; i++)
         acc += (uint64_t)((a >> (bits * i)) & ((1u << bits) - 1)) *
                ((b >> (bits * i)) & ((1u << bits) - 1));
      OUT(in->clamp ? sat_u((int64_t)acc, 32) : acc & 0xffffffffu);
   }
   default: return false;
   }
   if (op == aco_op_v_pk_fmac_f16)
      d->reads_dst = true;
   if (!in)
      return true;
   uint32_t r = 0;
   for (unsigned h = 0; h < 2; h++) {
      uint16_t a = pk_src(in, 0, h, is_float), b = pk_src(in, 1, h, is_float);
      uint16_t c = op == aco_op_v_pk_fmac_f16 ? (uint16_t)(in->s[2] >> (16 * h))
                                              : pk_src(in, 2, h, is_float);
      uint64_t v = 0;
      switch (op) {
      case aco_op_v_pk_mad_i16: {
         int64_t t = (int64_t)i16(a) * i16(b) + i16(c);
         v = in->clamp ? sat_s(t, 16) : (uint64_t)t;
         break;
      }
      case aco_op_v_pk_mad_u16: {
         int64_t t = (int64_t)a * b + c;
         v = in->clamp ? sat_u(t, 16) : (uint64_t)t;
         break;
      }
      case aco_op_v_pk_mul_lo_u16: v = (uint32_t)a * b; break;
      case aco_op_v_pk_add_i16: v = in->clamp ? sat_s((int64_t)i16(a) + i16(b), 16) : (uint64_t)(a + b); break;
      case aco_op_v_pk_sub_i16: v = in->clamp ? sat_s((int64_t)i16(a) - i16(b), 16) : (uint64_t)(a - b); break;
      case aco_op_v_pk_add_u16: v = in->clamp ? sat_u((int64_t)a + b, 16) : (uint64_t)(a + b); break;
      case aco_op_v_pk_sub_u16: v = in->clamp ? sat_u((int64_t)a - b, 16) : (uint64_t)(a - b); break;
      case aco_op_v_pk_lshlrev_b16: v = (uint32_t)b << (a & 15); break;
      case aco_op_v_pk_lshrrev_b16: v = b >> (a & 15); break;
      case aco_op_v_pk_ashrrev_i16: v = (uint64_t)(i16(b) >> (a & 15)); break;
      case aco_op_v_pk_max_i16: v = (uint64_t)smax(i16(a), i16(b)); break;
      case aco_op_v_pk_min_i16: v = (uint64_t)smin(i16(a), i16(b)); break;
      case aco_op_v_pk_max_u16: v = a > b ? a : b; break;
      case aco_op_v_pk_min_u16: v = a < b ? a : b; break;
      case aco_op_v_pk_fma_f16:
      case aco_op_v_pk_fmac_f16: v = emu_f_fma(EMU_F16, a, b, c, m16); break;
      case aco_op_v_pk_add_f16: v = emu_f_add(EMU_F16, a, b, m16); break;
      case aco_op_v_pk_mul_f16: v = emu_f_mul(EMU_F16, a, b, m16); break;
      case aco_op_v_pk_min_f16: v = fminmax(w, EMU_F16, a, b, false, legacy_kind(w)); break;
      case aco_op_v_pk_max_f16: v = fminmax(w, EMU_F16, a, b, true, legacy_kind(w)); break;
      case aco_op_v_pk_minimum_f16: v = fminmax(w, EMU_F16, a, b, false, EMU_MINMAX_MINIMUM); break;
      case aco_op_v_pk_maximum_f16: v = fminmax(w, EMU_F16, a, b, true, EMU_MINMAX_MINIMUM); break;
      default: break;
      }
      if (is_float && in->clamp)
         v = emu_f_clamp01(EMU_F16, v, dx10);
      r |= (uint32_t)(v & 0xffff) << (16 * h);
   }
   OUT(r);
}

/* ---- everything else ------------------------------------------------------------------- */

bool
emu_valu_op(const struct emu_wave *w, enum aco_opcode op, const struct emu_lane_in *in,
            struct emu_lane_out *o, struct emu_op_desc *d)
{
   memset(d, 0, sizeof(*d));
   d->float_fmt = NOF;
   if (op >= aco_num_opcodes)
      return false;
   const struct aco_op_info *info = aco_op_info(op);
   if (o)
      memset(o, 0, sizeof(*o));
   if (info->format == ACO_FMT_VOPC)
      return vopc(w, op, in, o, d);
   if (op == aco_op_v_pk_fmac_f16 && in) {
      /* VOP2: both halves in place, no op_sel */
      struct emu_lane_in pk = *in;
      pk.opsel = 0;
      pk.opsel_hi = 7;
      pk.neg = pk.neg_hi = 0;
      return vop3p(w, op, &pk, o, d);
   }
   if (info->format == ACO_FMT_VOP3P || op == aco_op_v_pk_fmac_f16)
      return vop3p(w, op, in, o, d);
   if (op == aco_op_v_dot2acc_f32_f16) {
      d->reads_dst = true;
      d->result = B32;
      d->float_fmt = NOF;
      if (!in)
         return true;
      struct emu_lane_in pk = *in;
      pk.opsel = 0;
      pk.opsel_hi = 7;
      pk.neg = pk.neg_hi = 0;
      struct emu_op_desc dd;
      return vop3p(w, aco_op_v_dot2_f32_f16, &pk, o, &dd);
   }

   struct emu_fpmode m16 = emu_fpmode_of(w->mode, EMU_F16);
   struct emu_fpmode m32 = emu_fpmode_of(w->mode, EMU_F32);
   struct emu_fpmode m64 = emu_fpmode_of(w->mode, EMU_F64);
   uint64_t a = in ? in->s[0] : 0, b = in ? in->s[1] : 0, c = in ? in->s[2] : 0;
   bool clamp = in && in->clamp;
   enum emu_minmax_kind lk = legacy_kind(w);

   switch (op) {
   case aco_op_v_nop:
   case aco_op_v_clrexcp:
   case aco_op_v_pipeflush: RES(EMU_RES_NONE, NOF); return true;
   case aco_op_v_mov_b32: RES(B32, NOF); OUT(a);

   /* conversions */
   case aco_op_v_cvt_i32_f64: RES(B32, NOF); OUT((uint32_t)emu_f_to_int(EMU_F64, a, EMU_ROUND_ZERO, INT32_MIN, INT32_MAX, m64));
   case aco_op_v_cvt_u32_f64: RES(B32, NOF); OUT((uint32_t)emu_f_to_int(EMU_F64, a, EMU_ROUND_ZERO, 0, UINT32_MAX, m64));
   case aco_op_v_cvt_i32_f32: RES(B32, NOF); OUT((uint32_t)emu_f_to_int(EMU_F32, a, EMU_ROUND_ZERO, INT32_MIN, INT32_MAX, m32));
   case aco_op_v_cvt_u32_f32: RES(B32, NOF); OUT((uint32_t)emu_f_to_int(EMU_F32, a, EMU_ROUND_ZERO, 0, UINT32_MAX, m32));
   case aco_op_v_cvt_floor_i32_f32: RES(B32, NOF); OUT((uint32_t)emu_f_to_int(EMU_F32, a, EMU_ROUND_DOWN, INT32_MIN, INT32_MAX, m32));
   case aco_op_v_cvt_nearest_i32_f32: {
      /* floor(x + 0.5) */
      RES(B32, NOF);
      uint64_t t = emu_f_add(EMU_F32, a, 0x3f000000, m32);
      OUT((uint32_t)emu_f_to_int(EMU_F32, t, EMU_ROUND_DOWN, INT32_MIN, INT32_MAX, m32));
   }
   case aco_op_v_cvt_f64_i32: RES(B64, EMU_F64); OUT(emu_f_from_int(EMU_F64, i32(a), m64));
   case aco_op_v_cvt_f64_u32: RES(B64, EMU_F64); OUT(emu_f_from_uint(EMU_F64, (uint32_t)a, m64));
   case aco_op_v_cvt_f32_i32: RES(B32, EMU_F32); OUT(emu_f_from_int(EMU_F32, i32(a), m32));
   case aco_op_v_cvt_f32_u32: RES(B32, EMU_F32); OUT(emu_f_from_uint(EMU_F32, (uint32_t)a, m32));
   case aco_op_v_cvt_f16_f32: RES(B16, EMU_F16); OUT(emu_f_convert(EMU_F32, EMU_F16, a, m32, m16));
   case aco_op_v_cvt_f32_f16: RES(B32, EMU_F32); OUT(emu_f_convert(EMU_F16, EMU_F32, a, m16, m32));
   case aco_op_v_cvt_f32_f64: RES(B32, EMU_F32); OUT(emu_f_convert(EMU_F64, EMU_F32, a, m64, m32));
   case aco_op_v_cvt_f64_f32: RES(B64, EMU_F64); OUT(emu_f_convert(EMU_F32, EMU_F64, a, m32, m64));
   case aco_op_v_cvt_off_f32_i4: RES(B32, EMU_F32); OUT(emu_f_ldexp(EMU_F32, emu_f_from_int(EMU_F32, sext(a, 4), m32), -4, m32));
   case aco_op_v_cvt_f32_ubyte0: RES(B32, EMU_F32); OUT(emu_f_from_uint(EMU_F32, a & 0xff, m32));
   case aco_op_v_cvt_f32_ubyte1: RES(B32, EMU_F32); OUT(emu_f_from_uint(EMU_F32, (a >> 8) & 0xff, m32));
   case aco_op_v_cvt_f32_ubyte2: RES(B32, EMU_F32); OUT(emu_f_from_uint(EMU_F32, (a >> 16) & 0xff, m32));
   case aco_op_v_cvt_f32_ubyte3: RES(B32, EMU_F32); OUT(emu_f_from_uint(EMU_F32, (a >> 24) & 0xff, m32));
   case aco_op_v_cvt_f16_u16: RES(B16, EMU_F16); OUT(emu_f_from_uint(EMU_F16, a & 0xffff, m16));
   case aco_op_v_cvt_f16_i16: RES(B16, EMU_F16); OUT(emu_f_from_int(EMU_F16, i16(a), m16));
   case aco_op_v_cvt_u16_f16: RES(B16, NOF); OUT((uint64_t)emu_f_to_int(EMU_F16, a, EMU_ROUND_ZERO, 0, 65535, m16));
   case aco_op_v_cvt_i16_f16: RES(B16, NOF); OUT((uint64_t)emu_f_to_int(EMU_F16, a, EMU_ROUND_ZERO, -32768, 32767, m16) & 0xffff);
   case aco_op_v_cvt_norm_i16_f16: RES(B16, NOF); OUT(norm16(EMU_F16, a, true, m16));
   case aco_op_v_cvt_norm_u16_f16: RES(B16, NOF); OUT(norm16(EMU_F16, a, false, m16));
   case aco_op_v_cvt_pk_norm_i16_f16: RES(B32, NOF); OUT(norm16(EMU_F16, a, true, m16) | norm16(EMU_F16, b, true, m16) << 16);
   case aco_op_v_cvt_pk_norm_u16_f16: RES(B32, NOF); OUT(norm16(EMU_F16, a, false, m16) | norm16(EMU_F16, b, false, m16) << 16);
   case aco_op_v_cvt_pk_norm_i16_f32: RES(B32, NOF); OUT(norm16(EMU_F32, a, true, m32) | norm16(EMU_F32, b, true, m32) << 16);
   case aco_op_v_cvt_pk_norm_u16_f32: RES(B32, NOF); OUT(norm16(EMU_F32, a, false, m32) | norm16(EMU_F32, b, false, m32) << 16);
   case aco_op_v_cvt_pk_i16_f32:
      RES(B32, NOF);
      OUT(((uint64_t)emu_f_to_int(EMU_F32, a, EMU_ROUND_ZERO, -32768, 32767, m32) & 0xffff) |
          ((uint64_t)emu_f_to_int(EMU_F32, b, EMU_ROUND_ZERO, -32768, 32767, m32) & 0xffff) << 16);
   case aco_op_v_cvt_pk_u16_f32:
      RES(B32, NOF);
      OUT((uint64_t)emu_f_to_int(EMU_F32, a, EMU_ROUND_ZERO, 0, 65535, m32) |
          (uint64_t)emu_f_to_int(EMU_F32, b, EMU_ROUND_ZERO, 0, 65535, m32) << 16);
   case aco_op_v_cvt_pk_rtz_f16_f32: {
      RES(B32, NOF);
      struct emu_fpmode rz = m16;
      rz.round = EMU_ROUND_ZERO;
      OUT(emu_f_convert(EMU_F32, EMU_F16, a, m32, rz) | emu_f_convert(EMU_F32, EMU_F16, b, m32, rz) << 16);
   }
   case aco_op_v_cvt_pk_u16_u32: RES(B32, NOF); OUT(sat_u((uint32_t)a, 16) | sat_u((uint32_t)b, 16) << 16);
   case aco_op_v_cvt_pk_i16_i32: RES(B32, NOF); OUT(sat_s(i32(a), 16) | sat_s(i32(b), 16) << 16);
   case aco_op_v_cvt_pk_u8_f32: {
      RES(B32, NOF);
      unsigned sh = 8 * (b & 3);
      uint64_t byte = (uint64_t)emu_f_to_int(EMU_F32, a, EMU_ROUND_NEAREST, 0, 255, m32);
      OUT(((uint32_t)c & ~(0xffu << sh)) | (uint32_t)(byte << sh));
   }
   case aco_op_v_sat_pk_u8_i16: RES(B16, NOF); OUT(sat_u(i16(a), 8) | sat_u(i16(a >> 16), 8) << 8);
   case aco_op_v_cvt_i32_i16: RES(B32, NOF); OUT((uint32_t)(int32_t)i16(a));
   case aco_op_v_cvt_u32_u16: RES(B32, NOF); OUT(a & 0xffff);
   case aco_op_v_pack_b32_f16: RES(B32, NOF); OUT((a & 0xffff) | (b & 0xffff) << 16);

   /* rounding, fract, frexp */
   case aco_op_v_trunc_f64: RES(B64, EMU_F64); OUT(emu_f_round_int(EMU_F64, a, EMU_ROUND_ZERO, m64));
   case aco_op_v_ceil_f64: RES(B64, EMU_F64); OUT(emu_f_round_int(EMU_F64, a, EMU_ROUND_UP, m64));
   case aco_op_v_rndne_f64: RES(B64, EMU_F64); OUT(emu_f_round_int(EMU_F64, a, EMU_ROUND_NEAREST, m64));
   case aco_op_v_floor_f64: RES(B64, EMU_F64); OUT(emu_f_round_int(EMU_F64, a, EMU_ROUND_DOWN, m64));
   case aco_op_v_trunc_f32: RES(B32, EMU_F32); OUT(emu_f_round_int(EMU_F32, a, EMU_ROUND_ZERO, m32));
   case aco_op_v_ceil_f32: RES(B32, EMU_F32); OUT(emu_f_round_int(EMU_F32, a, EMU_ROUND_UP, m32));
   case aco_op_v_rndne_f32: RES(B32, EMU_F32); OUT(emu_f_round_int(EMU_F32, a, EMU_ROUND_NEAREST, m32));
   case aco_op_v_floor_f32: RES(B32, EMU_F32); OUT(emu_f_round_int(EMU_F32, a, EMU_ROUND_DOWN, m32));
   case aco_op_v_trunc_f16: RES(B16, EMU_F16); OUT(emu_f_round_int(EMU_F16, a, EMU_ROUND_ZERO, m16));
   case aco_op_v_ceil_f16: RES(B16, EMU_F16); OUT(emu_f_round_int(EMU_F16, a, EMU_ROUND_UP, m16));
   case aco_op_v_rndne_f16: RES(B16, EMU_F16); OUT(emu_f_round_int(EMU_F16, a, EMU_ROUND_NEAREST, m16));
   case aco_op_v_floor_f16: RES(B16, EMU_F16); OUT(emu_f_round_int(EMU_F16, a, EMU_ROUND_DOWN, m16));
   case aco_op_v_fract_f32: RES(B32, EMU_F32); OUT(emu_f_fract(EMU_F32, a, m32));
   case aco_op_v_fract_f64: RES(B64, EMU_F64); OUT(emu_f_fract(EMU_F64, a, m64));
   case aco_op_v_fract_f16: RES(B16, EMU_F16); OUT(emu_f_fract(EMU_F16, a, m16));
   case aco_op_v_frexp_mant_f32: RES(B32, EMU_F32); OUT(emu_f_frexp_mant(EMU_F32, a, m32));
   case aco_op_v_frexp_mant_f64: RES(B64, EMU_F64); OUT(emu_f_frexp_mant(EMU_F64, a, m64));
   case aco_op_v_frexp_mant_f16: RES(B16, EMU_F16); OUT(emu_f_frexp_mant(EMU_F16, a, m16));
   case aco_op_v_frexp_exp_i32_f32: RES(B32, NOF); OUT((uint32_t)emu_f_frexp_exp(EMU_F32, a, m32));
   case aco_op_v_frexp_exp_i32_f64: RES(B32, NOF); OUT((uint32_t)emu_f_frexp_exp(EMU_F64, a, m64));
   case aco_op_v_frexp_exp_i16_f16: RES(B16, NOF); OUT((uint32_t)emu_f_frexp_exp(EMU_F16, a, m16) & 0xffff);

   /* approximate */
   case aco_op_v_exp_f32: RES(B32, EMU_F32); OUT(emu_f_approx(EMU_F32, EMU_APPROX_EXP2, a, m32));
   case aco_op_v_log_f32: RES(B32, EMU_F32); OUT(emu_f_approx(EMU_F32, EMU_APPROX_LOG2, a, m32));
   case aco_op_v_rcp_f32:
   case aco_op_v_rcp_iflag_f32: RES(B32, EMU_F32); OUT(emu_f_approx(EMU_F32, EMU_APPROX_RCP, a, m32));
   case aco_op_v_rsq_f32: RES(B32, EMU_F32); OUT(emu_f_approx(EMU_F32, EMU_APPROX_RSQ, a, m32));
   case aco_op_v_sqrt_f32: RES(B32, EMU_F32); OUT(emu_f_approx(EMU_F32, EMU_APPROX_SQRT, a, m32));
   case aco_op_v_sin_f32: RES(B32, EMU_F32); OUT(emu_f_approx(EMU_F32, EMU_APPROX_SIN, a, m32));
   case aco_op_v_cos_f32: RES(B32, EMU_F32); OUT(emu_f_approx(EMU_F32, EMU_APPROX_COS, a, m32));
   case aco_op_v_rcp_f64: RES(B64, EMU_F64); OUT(emu_f_approx(EMU_F64, EMU_APPROX_RCP, a, m64));
   case aco_op_v_rsq_f64: RES(B64, EMU_F64); OUT(emu_f_approx(EMU_F64, EMU_APPROX_RSQ, a, m64));
   case aco_op_v_sqrt_f64: RES(B64, EMU_F64); OUT(emu_f_approx(EMU_F64, EMU_APPROX_SQRT, a, m64));
   case aco_op_v_rcp_f16: RES(B16, EMU_F16); OUT(emu_f_approx(EMU_F16, EMU_APPROX_RCP, a, m16));
   case aco_op_v_sqrt_f16: RES(B16, EMU_F16); OUT(emu_f_approx(EMU_F16, EMU_APPROX_SQRT, a, m16));
   case aco_op_v_rsq_f16: RES(B16, EMU_F16); OUT(emu_f_approx(EMU_F16, EMU_APPROX_RSQ, a, m16));
   case aco_op_v_log_f16: RES(B16, EMU_F16); OUT(emu_f_approx(EMU_F16, EMU_APPROX_LOG2, a, m16));
   case aco_op_v_exp_f16: RES(B16, EMU_F16); OUT(emu_f_approx(EMU_F16, EMU_APPROX_EXP2, a, m16));
   case aco_op_v_sin_f16: RES(B16, EMU_F16); OUT(emu_f_approx(EMU_F16, EMU_APPROX_SIN, a, m16));
   case aco_op_v_cos_f16: RES(B16, EMU_F16); OUT(emu_f_approx(EMU_F16, EMU_APPROX_COS, a, m16));

   /* bit ops */
   case aco_op_v_not_b32: RES(B32, NOF); OUT(~a & 0xffffffffu);
   case aco_op_v_not_b16: RES(B16, NOF); OUT(~a & 0xffff);
   case aco_op_v_bfrev_b32: {
      RES(B32, NOF);
      uint32_t v = (uint32_t)a, r = 0;
      for (unsigned i = 0; i < 32; i++)
         r |= ((v >> i) & 1u) << (31 - i);
      OUT(r);
   }
   case aco_op_v_clz_i32_u32: RES(B32, NOF); OUT((uint32_t)a ? (uint32_t)__builtin_clz((uint32_t)a) : 0xffffffffu);
   case aco_op_v_ctz_i32_b32: RES(B32, NOF); OUT((uint32_t)a ? (uint32_t)__builtin_ctz((uint32_t)a) : 0xffffffffu);
   case aco_op_v_cls_i32: {
      RES(B32, NOF);
      uint32_t v = (uint32_t)a;
      if (v == 0 || v == 0xffffffffu)
         OUT(0xffffffffu);
      OUT((uint32_t)__builtin_clz(i32(v) < 0 ? ~v : v));
   }
   case aco_op_v_bcnt_u32_b32: RES(B32, NOF); OUT((uint32_t)(__builtin_popcount((uint32_t)a) + (uint32_t)b));
   case aco_op_v_mbcnt_lo_u32_b32: {
      RES(B32, NOF);
      uint32_t below = in->lane >= 32 ? 0xffffffffu : (1u << in->lane) - 1;
      OUT((uint32_t)(__builtin_popcount((uint32_t)a & below) + (uint32_t)b));
   }
   case aco_op_v_mbcnt_hi_u32_b32: {
      RES(B32, NOF);
      uint32_t below = in->lane < 32 ? 0 : (uint32_t)((1ull << (in->lane - 32)) - 1);
      OUT((uint32_t)(__builtin_popcount((uint32_t)a & below) + (uint32_t)b));
   }
   case aco_op_v_bfm_b32: RES(B32, NOF); OUT((uint32_t)(((1ull << (a & 31)) - 1) << (b & 31)));
   case aco_op_v_bfe_u32: {
      RES(B32, NOF);
      unsigned off = b & 31, width = c & 31;
      OUT(((uint32_t)a >> off) & (uint32_t)((1ull << width) - 1));
   }
   case aco_op_v_bfe_i32: {
      /* The source is shifted arithmetically: when the field reaches past
       * bit 31, its top bits are copies of the source's sign. */
      RES(B32, NOF);
      unsigned off = b & 31, width = c & 31;
      if (!width)
         OUT(0);
      OUT((uint32_t)sext((uint32_t)(i32(a) >> off), width));
   }
   case aco_op_v_bfi_b32: RES(B32, NOF); OUT(((a & b) | (~a & c)) & 0xffffffffu);
   case aco_op_v_alignbit_b32: RES(B32, NOF); OUT((uint32_t)((((uint64_t)(uint32_t)a << 32) | (uint32_t)b) >> (c & 31)));
   case aco_op_v_alignbyte_b32: RES(B32, NOF); OUT((uint32_t)((((uint64_t)(uint32_t)a << 32) | (uint32_t)b) >> (8 * (c & 3))));
   case aco_op_v_perm_b32: {
      RES(B32, NOF);
      uint64_t data = ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
      uint32_t r = 0;
      for (unsigned i = 0; i < 4; i++)
         r |= (uint32_t)perm_byte(data, (uint32_t)c >> (8 * i)) << (8 * i);
      OUT(r);
   }
   case aco_op_v_and_b32: RES(B32, NOF); OUT(a & b & 0xffffffffu);
   case aco_op_v_or_b32: RES(B32, NOF); OUT((a | b) & 0xffffffffu);
   case aco_op_v_xor_b32: RES(B32, NOF); OUT((a ^ b) & 0xffffffffu);
   case aco_op_v_xnor_b32: RES(B32, NOF); OUT(~(a ^ b) & 0xffffffffu);
   case aco_op_v_and_b16: RES(B16, NOF); OUT(a & b & 0xffff);
   case aco_op_v_or_b16: RES(B16, NOF); OUT((a | b) & 0xffff);
   case aco_op_v_xor_b16: RES(B16, NOF); OUT((a ^ b) & 0xffff);
   case aco_op_v_xor3_b32: RES(B32, NOF); OUT((a ^ b ^ c) & 0xffffffffu);
   case aco_op_v_or3_b32: RES(B32, NOF); OUT((a | b | c) & 0xffffffffu);
   case aco_op_v_and_or_b32: RES(B32, NOF); OUT(((a & b) | c) & 0xffffffffu);
   case aco_op_v_lshl_or_b32: RES(B32, NOF); OUT((((uint32_t)a << (b & 31)) | (uint32_t)c));
   case aco_op_v_lshl_add_u32: RES(B32, NOF); OUT((uint32_t)(((uint32_t)a << (b & 31)) + (uint32_t)c));
   case aco_op_v_add_lshl_u32: RES(B32, NOF); OUT((uint32_t)(((uint32_t)a + (uint32_t)b) << (c & 31)));
   case aco_op_v_xad_u32: RES(B32, NOF); OUT((uint32_t)(((uint32_t)a ^ (uint32_t)b) + (uint32_t)c));
   case aco_op_v_add3_u32: {
      RES(B32, NOF);
      uint64_t s = (a & 0xffffffffu) + (b & 0xffffffffu) + (c & 0xffffffffu);
      OUT(clamp ? sat_u((int64_t)s, 32) : s & 0xffffffffu);
   }

   /* shifts */
   case aco_op_v_lshlrev_b32: RES(B32, NOF); OUT((uint32_t)b << (a & 31));
   case aco_op_v_lshrrev_b32: RES(B32, NOF); OUT((uint32_t)b >> (a & 31));
   case aco_op_v_ashrrev_i32: RES(B32, NOF); OUT((uint32_t)(i32(b) >> (a & 31)));
   case aco_op_v_lshlrev_b16: RES(B16, NOF); OUT((b << (a & 15)) & 0xffff);
   case aco_op_v_lshrrev_b16: RES(B16, NOF); OUT((b & 0xffff) >> (a & 15));
   case aco_op_v_ashrrev_i16: RES(B16, NOF); OUT((uint64_t)(i16(b) >> (a & 15)) & 0xffff);
   case aco_op_v_lshlrev_b64:
   case aco_op_v_lshlrev_b64_vop2: RES(B64, NOF); OUT(b << (a & 63));
   case aco_op_v_lshrrev_b64: RES(B64, NOF); OUT(b >> (a & 63));
   case aco_op_v_ashrrev_i64: RES(B64, NOF); OUT((uint64_t)((int64_t)b >> (a & 63)));

   /* integer arithmetic */
   case aco_op_v_cndmask_b32: d->mask_in = EMU_MASK_IN_SLOT; RES(B32, NOF); OUT(in->mask_in ? b : a);
   case aco_op_v_add_nc_u32: RES(B32, NOF); OUT(clamp ? sat_u((int64_t)(uint32_t)a + (uint32_t)b, 32) : (uint32_t)(a + b));
   case aco_op_v_sub_nc_u32: RES(B32, NOF); OUT(clamp ? sat_u((int64_t)(uint32_t)a - (uint32_t)b, 32) : (uint32_t)(a - b));
   case aco_op_v_subrev_nc_u32: RES(B32, NOF); OUT(clamp ? sat_u((int64_t)(uint32_t)b - (uint32_t)a, 32) : (uint32_t)(b - a));
   case aco_op_v_add_nc_i32: RES(B32, NOF); OUT(clamp ? sat_s((int64_t)i32(a) + i32(b), 32) : (uint32_t)(a + b));
   case aco_op_v_sub_nc_i32: RES(B32, NOF); OUT(clamp ? sat_s((int64_t)i32(a) - i32(b), 32) : (uint32_t)(a - b));
   case aco_op_v_add_co_u32:
   case aco_op_v_add_co_ci_u32: {
      if (op == aco_op_v_add_co_ci_u32)
         d->mask_in = EMU_MASK_IN_SLOT;
      d->mask_out = true;
      RES(B32, NOF);
      uint64_t s = (uint64_t)(uint32_t)a + (uint32_t)b + (op == aco_op_v_add_co_ci_u32 && in->mask_in);
      o->carry = s >> 32;
      OUT(clamp ? sat_u((int64_t)s, 32) : s & 0xffffffffu);
   }
   case aco_op_v_sub_co_u32:
   case aco_op_v_sub_co_ci_u32:
   case aco_op_v_subrev_co_u32:
   case aco_op_v_subrev_co_ci_u32: {
      bool ci = op == aco_op_v_sub_co_ci_u32 || op == aco_op_v_subrev_co_ci_u32;
      bool rev = op == aco_op_v_subrev_co_u32 || op == aco_op_v_subrev_co_ci_u32;
      if (ci)
         d->mask_in = EMU_MASK_IN_SLOT;
      d->mask_out = true;
      RES(B32, NOF);
      int64_t x = (uint32_t)(rev ? b : a), y = (uint32_t)(rev ? a : b);
      int64_t s = x - y - (ci && in->mask_in);
      o->carry = s < 0;
      OUT(clamp ? sat_u(s, 32) : (uint64_t)s & 0xffffffffu);
   }
   case aco_op_v_add_nc_u16: RES(B16, NOF); OUT(clamp ? sat_u((int64_t)(a & 0xffff) + (b & 0xffff), 16) : (a + b) & 0xffff);
   case aco_op_v_sub_nc_u16: RES(B16, NOF); OUT(clamp ? sat_u((int64_t)(a & 0xffff) - (int64_t)(b & 0xffff), 16) : (a - b) & 0xffff);
   case aco_op_v_add_nc_i16: RES(B16, NOF); OUT(clamp ? sat_s((int64_t)i16(a) + i16(b), 16) : (a + b) & 0xffff);
   case aco_op_v_sub_nc_i16: RES(B16, NOF); OUT(clamp ? sat_s((int64_t)i16(a) - i16(b), 16) : (a - b) & 0xffff);
   case aco_op_v_mul_lo_u16: RES(B16, NOF); OUT(clamp ? sat_u((int64_t)(a & 0xffff) * (int64_t)(b & 0xffff), 16) : (a * b) & 0xffff);
   case aco_op_v_mad_u16: RES(B16, NOF); OUT(clamp ? sat_u((int64_t)(a & 0xffff) * (int64_t)(b & 0xffff) + (int64_t)(c & 0xffff), 16) : (a * b + c) & 0xffff);
   case aco_op_v_mad_i16: RES(B16, NOF); OUT(clamp ? sat_s((int64_t)i16(a) * i16(b) + i16(c), 16) : (a * b + c) & 0xffff);
   case aco_op_v_max_u16: RES(B16, NOF); OUT((a & 0xffff) > (b & 0xffff) ? a & 0xffff : b & 0xffff);
   case aco_op_v_min_u16: RES(B16, NOF); OUT((a & 0xffff) < (b & 0xffff) ? a & 0xffff : b & 0xffff);
   case aco_op_v_max_i16: RES(B16, NOF); OUT((uint64_t)smax(i16(a), i16(b)) & 0xffff);
   case aco_op_v_min_i16: RES(B16, NOF); OUT((uint64_t)smin(i16(a), i16(b)) & 0xffff);
   case aco_op_v_min3_i16: RES(B16, NOF); OUT((uint64_t)smin(smin(i16(a), i16(b)), i16(c)) & 0xffff);
   case aco_op_v_max3_i16: RES(B16, NOF); OUT((uint64_t)smax(smax(i16(a), i16(b)), i16(c)) & 0xffff);
   case aco_op_v_med3_i16: RES(B16, NOF); OUT((uint64_t)smed3(i16(a), i16(b), i16(c)) & 0xffff);
   case aco_op_v_min3_u16: RES(B16, NOF); OUT(umin3(a & 0xffff, b & 0xffff, c & 0xffff));
   case aco_op_v_max3_u16: RES(B16, NOF); OUT(umax3(a & 0xffff, b & 0xffff, c & 0xffff));
   case aco_op_v_med3_u16: RES(B16, NOF); OUT(umed3(a & 0xffff, b & 0xffff, c & 0xffff));
   case aco_op_v_mad_u32_u16: RES(B32, NOF); OUT(clamp ? sat_u((int64_t)(a & 0xffff) * (int64_t)(b & 0xffff) + (int64_t)(c & 0xffffffffu), 32) : ((a & 0xffff) * (b & 0xffff) + c) & 0xffffffffu);
   case aco_op_v_mad_i32_i16: RES(B32, NOF); OUT(clamp ? sat_s((int64_t)i16(a) * i16(b) + i32(c), 32) : (uint32_t)((int64_t)i16(a) * i16(b) + i32(c)));
   case aco_op_v_mul_i32_i24: RES(B32, NOF); OUT((uint32_t)(sext(a, 24) * sext(b, 24)));
   case aco_op_v_mul_hi_i32_i24: RES(B32, NOF); OUT((uint32_t)((uint64_t)(sext(a, 24) * sext(b, 24)) >> 32));
   case aco_op_v_mul_u32_u24: RES(B32, NOF); OUT((uint32_t)((a & 0xffffff) * (b & 0xffffff)));
   case aco_op_v_mul_hi_u32_u24: RES(B32, NOF); OUT((uint32_t)(((a & 0xffffff) * (b & 0xffffff)) >> 32));
   case aco_op_v_mad_i32_i24: RES(B32, NOF); OUT(clamp ? sat_s(sext(a, 24) * sext(b, 24) + i32(c), 32) : (uint32_t)(sext(a, 24) * sext(b, 24) + i32(c)));
   case aco_op_v_mad_u32_u24: RES(B32, NOF); OUT(clamp ? sat_u((int64_t)((a & 0xffffff) * (b & 0xffffff) + (c & 0xffffffffu)), 32) : (uint32_t)((a & 0xffffff) * (b & 0xffffff) + c));
   case aco_op_v_mul_lo_u32: RES(B32, NOF); OUT((uint32_t)((uint32_t)a * (uint64_t)(uint32_t)b));
   case aco_op_v_mul_hi_u32: RES(B32, NOF); OUT((uint32_t)(((uint64_t)(uint32_t)a * (uint32_t)b) >> 32));
   case aco_op_v_mul_hi_i32: RES(B32, NOF); OUT((uint32_t)((uint64_t)((int64_t)i32(a) * i32(b)) >> 32));
   case aco_op_v_mad_u64_u32: {
      d->mask_out = true;
      RES(B64, NOF);
      unsigned __int128 s = (unsigned __int128)((uint64_t)(uint32_t)a * (uint32_t)b) + c;
      o->carry = (uint64_t)(s >> 64) != 0;
      OUT((uint64_t)s);
   }
   case aco_op_v_mad_i64_i32: {
      d->mask_out = true;
      RES(B64, NOF);
      __int128 s = (__int128)((int64_t)i32(a) * i32(b)) + (int64_t)c;
      /* the carry-out is bit 64 of the 65-bit two's complement result */
      o->carry = s < 0;
      OUT((uint64_t)s);
   }
   case aco_op_v_min_i32: RES(B32, NOF); OUT((uint32_t)smin(i32(a), i32(b)));
   case aco_op_v_max_i32: RES(B32, NOF); OUT((uint32_t)smax(i32(a), i32(b)));
   case aco_op_v_min_u32: RES(B32, NOF); OUT((uint32_t)a < (uint32_t)b ? (uint32_t)a : (uint32_t)b);
   case aco_op_v_max_u32: RES(B32, NOF); OUT((uint32_t)a > (uint32_t)b ? (uint32_t)a : (uint32_t)b);
   case aco_op_v_min3_i32: RES(B32, NOF); OUT((uint32_t)smin(smin(i32(a), i32(b)), i32(c)));
   case aco_op_v_max3_i32: RES(B32, NOF); OUT((uint32_t)smax(smax(i32(a), i32(b)), i32(c)));
   case aco_op_v_med3_i32: RES(B32, NOF); OUT((uint32_t)smed3(i32(a), i32(b), i32(c)));
   case aco_op_v_min3_u32: RES(B32, NOF); OUT(umin3((uint32_t)a, (uint32_t)b, (uint32_t)c));
   case aco_op_v_max3_u32: RES(B32, NOF); OUT(umax3((uint32_t)a, (uint32_t)b, (uint32_t)c));
   case aco_op_v_med3_u32: RES(B32, NOF); OUT(umed3((uint32_t)a, (uint32_t)b, (uint32_t)c));
   case aco_op_v_maxmin_u32: RES(B32, NOF); OUT(umin3(umax3((uint32_t)a, (uint32_t)b, 0), (uint32_t)c, ~0u));
   case aco_op_v_minmax_u32: RES(B32, NOF); OUT(umax3(umin3((uint32_t)a, (uint32_t)b, ~0u), (uint32_t)c, 0));
   case aco_op_v_maxmin_i32: RES(B32, NOF); OUT((uint32_t)smin(smax(i32(a), i32(b)), i32(c)));
   case aco_op_v_minmax_i32: RES(B32, NOF); OUT((uint32_t)smax(smin(i32(a), i32(b)), i32(c)));
   case aco_op_v_sad_u8: RES(B32, NOF); OUT(clamp ? sat_u((int64_t)sad_u8((uint32_t)a, (uint32_t)b, 4, NULL) + (uint32_t)c, 32) : (uint32_t)(sad_u8((uint32_t)a, (uint32_t)b, 4, NULL) + (uint32_t)c));
   case aco_op_v_sad_hi_u8: RES(B32, NOF); OUT((uint32_t)((sad_u8((uint32_t)a, (uint32_t)b, 4, NULL) << 16) + (uint32_t)c));
   case aco_op_v_sad_u16: {
      RES(B32, NOF);
      uint32_t s = 0;
      for (unsigned i = 0; i < 2; i++) {
         uint32_t x = (a >> (16 * i)) & 0xffff, y = (b >> (16 * i)) & 0xffff;
         s += x > y ? x - y : y - x;
      }
      OUT((uint32_t)(s + (uint32_t)c));
   }
   case aco_op_v_sad_u32: {
      RES(B32, NOF);
      uint32_t x = (uint32_t)a, y = (uint32_t)b;
      OUT((uint32_t)((x > y ? x - y : y - x) + (uint32_t)c));
   }
   case aco_op_v_msad_u8: {
      static const uint8_t skip = 1;
      RES(B32, NOF);
      OUT((uint32_t)(sad_u8((uint32_t)a, (uint32_t)b, 4, &skip) + (uint32_t)c));
   }
   case aco_op_v_qsad_pk_u16_u8:
   case aco_op_v_mqsad_pk_u16_u8: {
      static const uint8_t skip = 1;
      RES(B64, NOF);
      uint64_t r = 0;
      for (unsigned i = 0; i < 4; i++) {
         uint32_t slice = (uint32_t)(a >> (8 * i));
         uint32_t s = sad_u8(slice, (uint32_t)b, 4, op == aco_op_v_mqsad_pk_u16_u8 ? &skip : NULL);
         r |= (uint64_t)((s + (uint32_t)(c >> (16 * i))) & 0xffff) << (16 * i);
      }
      OUT(r);
   }
   case aco_op_v_lerp_u8: {
      RES(B32, NOF);
      uint32_t r = 0;
      for (unsigned i = 0; i < 4; i++) {
         uint32_t x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff, z = (c >> (8 * i)) & 1;
         r |= ((x + y + z) >> 1) << (8 * i);
      }
      OUT(r);
   }
   case aco_op_v_dot4c_i32_i8: {
      d->reads_dst = true;
      RES(B32, NOF);
      int64_t s = i32(c);
      for (unsigned i = 0; i < 4; i++)
         s += (int64_t)(int8_t)(a >> (8 * i)) * (int8_t)(b >> (8 * i));
      OUT((uint32_t)s);
   }

   /* float arithmetic */
   case aco_op_v_add_f32: RES(B32, EMU_F32); OUT(emu_f_add(EMU_F32, a, b, m32));
   case aco_op_v_sub_f32: RES(B32, EMU_F32); OUT(emu_f_add(EMU_F32, a, b ^ 0x80000000u, m32));
   case aco_op_v_subrev_f32: RES(B32, EMU_F32); OUT(emu_f_add(EMU_F32, b, a ^ 0x80000000u, m32));
   case aco_op_v_mul_f32: RES(B32, EMU_F32); OUT(emu_f_mul(EMU_F32, a, b, m32));
   case aco_op_v_mul_dx9_zero_f32:
      RES(B32, EMU_F32);
      if (dx9_zero(EMU_F32, a, m32) || dx9_zero(EMU_F32, b, m32))
         OUT(0);
      OUT(emu_f_mul(EMU_F32, a, b, m32));
   case aco_op_v_fmac_dx9_zero_f32:
   case aco_op_v_fma_dx9_zero_f32:
      if (op == aco_op_v_fmac_dx9_zero_f32)
         d->reads_dst = true;
      RES(B32, EMU_F32);
      if (dx9_zero(EMU_F32, a, m32) || dx9_zero(EMU_F32, b, m32))
         OUT(emu_f_add(EMU_F32, 0, c, m32));
      OUT(emu_f_fma(EMU_F32, a, b, c, m32));
   case aco_op_v_fmamk_f32:
   case aco_op_v_fmaak_f32: RES(B32, EMU_F32); OUT(emu_f_fma(EMU_F32, a, b, c, m32));
   case aco_op_v_fmamk_f16:
   case aco_op_v_fmaak_f16: RES(B16, EMU_F16); OUT(emu_f_fma(EMU_F16, a, b, c, m16));
   case aco_op_v_fmac_f32: d->reads_dst = true; RES(B32, EMU_F32); OUT(emu_f_fma(EMU_F32, a, b, c, m32));
   case aco_op_v_fma_f32: RES(B32, EMU_F32); OUT(emu_f_fma(EMU_F32, a, b, c, m32));
   case aco_op_v_fma_f64: RES(B64, EMU_F64); OUT(emu_f_fma(EMU_F64, a, b, c, m64));
   case aco_op_v_fma_f16: RES(B16, EMU_F16); OUT(emu_f_fma(EMU_F16, a, b, c, m16));
   case aco_op_v_fmac_f16: d->reads_dst = true; RES(B16, EMU_F16); OUT(emu_f_fma(EMU_F16, a, b, c, m16));
   case aco_op_v_add_f16: RES(B16, EMU_F16); OUT(emu_f_add(EMU_F16, a, b, m16));
   case aco_op_v_sub_f16: RES(B16, EMU_F16); OUT(emu_f_add(EMU_F16, a, b ^ 0x8000, m16));
   case aco_op_v_subrev_f16: RES(B16, EMU_F16); OUT(emu_f_add(EMU_F16, b, a ^ 0x8000, m16));
   case aco_op_v_mul_f16: RES(B16, EMU_F16); OUT(emu_f_mul(EMU_F16, a, b, m16));
   case aco_op_v_add_f64:
   case aco_op_v_add_f64_vop2: RES(B64, EMU_F64); OUT(emu_f_add(EMU_F64, a, b, m64));
   case aco_op_v_mul_f64:
   case aco_op_v_mul_f64_vop2: RES(B64, EMU_F64); OUT(emu_f_mul(EMU_F64, a, b, m64));
   case aco_op_v_ldexp_f32: RES(B32, EMU_F32); OUT(emu_f_ldexp(EMU_F32, a, i32(b), m32));
   case aco_op_v_trig_preop_f64: RES(B64, EMU_F64); OUT(emu_f_trig_preop(a, (uint32_t)b, m64));
   case aco_op_v_ldexp_f64: RES(B64, EMU_F64); OUT(emu_f_ldexp(EMU_F64, a, i32(b), m64));
   case aco_op_v_ldexp_f16: RES(B16, EMU_F16); OUT(emu_f_ldexp(EMU_F16, a, i16(b), m16));

   case aco_op_v_min_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, a, b, false, lk));
   case aco_op_v_max_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, a, b, true, lk));
   case aco_op_v_min_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, a, b, false, lk));
   case aco_op_v_max_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, a, b, true, lk));
   case aco_op_v_min_f64: RES(B64, EMU_F64); OUT(fminmax(w, EMU_F64, a, b, false, lk));
   case aco_op_v_max_f64: RES(B64, EMU_F64); OUT(fminmax(w, EMU_F64, a, b, true, lk));
   case aco_op_v_min_num_f64: RES(B64, EMU_F64); OUT(fminmax(w, EMU_F64, a, b, false, EMU_MINMAX_NUM));
   case aco_op_v_max_num_f64: RES(B64, EMU_F64); OUT(fminmax(w, EMU_F64, a, b, true, EMU_MINMAX_NUM));
   case aco_op_v_minimum_f64: RES(B64, EMU_F64); OUT(fminmax(w, EMU_F64, a, b, false, EMU_MINMAX_MINIMUM));
   case aco_op_v_maximum_f64: RES(B64, EMU_F64); OUT(fminmax(w, EMU_F64, a, b, true, EMU_MINMAX_MINIMUM));
   case aco_op_v_minimum_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, a, b, false, EMU_MINMAX_MINIMUM));
   case aco_op_v_maximum_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, a, b, true, EMU_MINMAX_MINIMUM));
   case aco_op_v_minimum_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, a, b, false, EMU_MINMAX_MINIMUM));
   case aco_op_v_maximum_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, a, b, true, EMU_MINMAX_MINIMUM));
   case aco_op_v_min3_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, false, lk), c, false, lk));
   case aco_op_v_max3_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, true, lk), c, true, lk));
   case aco_op_v_min3_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, false, lk), c, false, lk));
   case aco_op_v_max3_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, true, lk), c, true, lk));
   case aco_op_v_minimum3_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, false, EMU_MINMAX_MINIMUM), c, false, EMU_MINMAX_MINIMUM));
   case aco_op_v_maximum3_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, true, EMU_MINMAX_MINIMUM), c, true, EMU_MINMAX_MINIMUM));
   case aco_op_v_minimum3_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, false, EMU_MINMAX_MINIMUM), c, false, EMU_MINMAX_MINIMUM));
   case aco_op_v_maximum3_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, true, EMU_MINMAX_MINIMUM), c, true, EMU_MINMAX_MINIMUM));
   case aco_op_v_maxmin_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, true, lk), c, false, lk));
   case aco_op_v_minmax_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, false, lk), c, true, lk));
   case aco_op_v_maxmin_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, true, lk), c, false, lk));
   case aco_op_v_minmax_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, false, lk), c, true, lk));
   case aco_op_v_maximumminimum_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, true, EMU_MINMAX_MINIMUM), c, false, EMU_MINMAX_MINIMUM));
   case aco_op_v_minimummaximum_f32: RES(B32, EMU_F32); OUT(fminmax(w, EMU_F32, fminmax(w, EMU_F32, a, b, false, EMU_MINMAX_MINIMUM), c, true, EMU_MINMAX_MINIMUM));
   case aco_op_v_maximumminimum_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, true, EMU_MINMAX_MINIMUM), c, false, EMU_MINMAX_MINIMUM));
   case aco_op_v_minimummaximum_f16: RES(B16, EMU_F16); OUT(fminmax(w, EMU_F16, fminmax(w, EMU_F16, a, b, false, EMU_MINMAX_MINIMUM), c, true, EMU_MINMAX_MINIMUM));
   case aco_op_v_med3_f32: RES(B32, EMU_F32); OUT(fmed3(w, EMU_F32, a, b, c));
   case aco_op_v_med3_f16: RES(B16, EMU_F16); OUT(fmed3(w, EMU_F16, a, b, c));

   case aco_op_v_dot2_f16_f16:
   case aco_op_v_dot2_bf16_bf16: {
      /* a.lo * b.lo + a.hi * b.hi + c (c's half by op_sel[2]): the products are exact in
       * f64 and summed there, then rounded once to the result format */
      RES(B16, NOF);
      bool bf = op == aco_op_v_dot2_bf16_bf16;
      struct emu_fpmode exact = {EMU_ROUND_NEAREST, true, true};
      uint64_t cc = (c >> ((in->opsel & 4) ? 16 : 0)) & 0xffff;
      uint64_t acc = bf ? emu_f_convert(EMU_F32, EMU_F64, cc << 16, exact, exact)
                        : emu_f_convert(EMU_F16, EMU_F64, cc, m16, exact);
      for (unsigned h = 0; h < 2; h++) {
         uint64_t x = (a >> (16 * h)) & 0xffff, y = (b >> (16 * h)) & 0xffff;
         x = bf ? emu_f_convert(EMU_F32, EMU_F64, x << 16, exact, exact)
                : emu_f_convert(EMU_F16, EMU_F64, x, m16, exact);
         y = bf ? emu_f_convert(EMU_F32, EMU_F64, y << 16, exact, exact)
                : emu_f_convert(EMU_F16, EMU_F64, y, m16, exact);
         acc = emu_f_fma(EMU_F64, x, y, acc, exact);
      }
      if (bf) {
         /* bf16 is the high half of an f32 */
         uint64_t r32 = emu_f_convert(EMU_F64, EMU_F32, acc, exact, (struct emu_fpmode){EMU_ROUND_ZERO, true, true});
         if (emu_f_is_nan(EMU_F32, r32))
            OUT(0x7fc0);
         /* round the f32 to its high 16 bits, nearest even (from the exact f64) */
         uint64_t lo16 = r32 & 0xffff, hi16 = r32 >> 16;
         bool up = lo16 > 0x8000 || (lo16 == 0x8000 && (hi16 & 1)) ||
                   (lo16 == 0x8000 && emu_f_convert(EMU_F32, EMU_F64, r32, exact, exact) != acc);
         OUT((hi16 + up) & 0xffff);
      }
      OUT(emu_f_convert(EMU_F64, EMU_F16, acc, exact, m16));
   }
   case aco_op_v_div_fixup_f32: RES(B32, EMU_F32); OUT(emu_f_div_fixup(EMU_F32, a, b, c, m32));
   case aco_op_v_div_fixup_f64: RES(B64, EMU_F64); OUT(emu_f_div_fixup(EMU_F64, a, b, c, m64));
   case aco_op_v_div_fixup_f16: RES(B16, EMU_F16); OUT(emu_f_div_fixup(EMU_F16, a, b, c, m16));
   case aco_op_v_div_fmas_f32: d->mask_in = EMU_MASK_IN_VCC; RES(B32, EMU_F32); OUT(emu_f_div_fmas(EMU_F32, a, b, c, in->mask_in, m32));
   case aco_op_v_div_fmas_f64: d->mask_in = EMU_MASK_IN_VCC; RES(B64, EMU_F64); OUT(emu_f_div_fmas(EMU_F64, a, b, c, in->mask_in, m64));
   case aco_op_v_div_scale_f32:
      d->mask_out = true;
      RES(B32, NOF);
      OUT(emu_f_div_scale(EMU_F32, a, b, c, &o->carry, m32));
   case aco_op_v_div_scale_f64:
      d->mask_out = true;
      RES(B64, NOF);
      OUT(emu_f_div_scale(EMU_F64, a, b, c, &o->carry, m64));
   default: return false;
   }
}
