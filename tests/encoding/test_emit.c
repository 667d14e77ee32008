/* SPDX-License-Identifier: MIT */
/* Assembler, decoder and printer on fixed llvm-mc-19 instances (bytes and text as llvm-mc
 * gives them): each is decoded, its constants checked, printed and encoded again. */
#include "emit/emit.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

struct sample {
   aco_gfx_level level;
   const char *text;
   uint8_t bytes[16];
   unsigned size;
   int const_operand; /* operand index of the literal, -1 none */
   uint64_t value;    /* its 64-bit value */
};

static const struct sample samples[] = {
   /* a 32-bit literal is zero-extended in 64-bit integer sources, signed ops included */
   {ACO_GFX1100, "s_mov_b64 s[0:1], 0xfffff830",
    {0xff, 0x01, 0x80, 0xbe, 0x30, 0xf8, 0xff, 0xff}, 8, 0, 0xfffff830ull},
   {ACO_GFX1030, "s_mov_b64 s[0:1], 0xfffff830",
    {0xff, 0x04, 0x80, 0xbe, 0x30, 0xf8, 0xff, 0xff}, 8, 0, 0xfffff830ull},
   {ACO_GFX1100, "v_mad_u64_u32 v[0:1], s0, v1, v2, 0x12345678",
    {0x00, 0x00, 0xfe, 0xd6, 0x01, 0x05, 0xfe, 0x03, 0x78, 0x56, 0x34, 0x12}, 12, 2,
    0x12345678ull},
   {ACO_GFX1200, "v_mad_co_i64_i32 v[0:1], s0, v1, v2, 0xfffff830",
    {0x00, 0x00, 0xff, 0xd6, 0x01, 0x05, 0xfe, 0x03, 0x30, 0xf8, 0xff, 0xff}, 12, 2,
    0xfffff830ull},
   {ACO_GFX1100, "v_lshlrev_b64 v[0:1], 1, 0x87654321",
    {0x00, 0x00, 0x3c, 0xd7, 0x81, 0xfe, 0x01, 0x00, 0x21, 0x43, 0x65, 0x87}, 12, 1,
    0x87654321ull},
   {ACO_GFX1100, "s_cmp_eq_u64 0x12345678, s[0:1]",
    {0xff, 0x00, 0x10, 0xbf, 0x78, 0x56, 0x34, 0x12}, 8, 0, 0x12345678ull},
   {ACO_GFX1030, "v_cmp_eq_u64_e32 vcc_lo, 0x12345678, v[2:3]",
    {0xff, 0x04, 0xc4, 0x7d, 0x78, 0x56, 0x34, 0x12}, 8, 0, 0x12345678ull},
   /* ... and is the high half of an f64 */
   {ACO_GFX1100, "v_add_f64 v[0:1], 0x12345678, v[2:3]",
    {0x00, 0x00, 0x27, 0xd7, 0xff, 0x04, 0x02, 0x00, 0x78, 0x56, 0x34, 0x12}, 12, 0,
    0x1234567800000000ull},
   {ACO_GFX1200, "v_add_f64_e32 v[0:1], 0x12345678, v[2:3]",
    {0xff, 0x04, 0x00, 0x04, 0x78, 0x56, 0x34, 0x12}, 8, 0, 0x1234567800000000ull},
   /* GLOBAL with an SGPR base: the offset shares storage with the VALU modifiers */
   {ACO_GFX1100, "global_load_b32 v1, v2, s[4:5] offset:257",
    {0x01, 0x01, 0x52, 0xdc, 0x02, 0x00, 0x04, 0x01}, 8, -1, 0},
   {ACO_GFX1100, "global_store_b32 v2, v3, s[4:5] offset:-255",
    {0x01, 0x1f, 0x6a, 0xdc, 0x02, 0x03, 0x04, 0x00}, 8, -1, 0},
   {ACO_GFX1030, "global_load_dword v1, v2, s[4:5] offset:257",
    {0x01, 0x81, 0x30, 0xdc, 0x02, 0x00, 0x04, 0x01}, 8, -1, 0},
   {ACO_GFX1200, "global_store_b32 v2, v3, s[4:5] offset:-255",
    {0x04, 0x80, 0x06, 0xee, 0x00, 0x00, 0x80, 0x01, 0x02, 0x01, 0xff, 0xff}, 12, -1, 0},
   /* VOP3 op_sel: the destination bit (3) follows the sources however many there are */
   {ACO_GFX1100, "v_sub_nc_u16 v1, v2, v3 op_sel:[0,1,1]",
    {0x01, 0x50, 0x04, 0xd7, 0x02, 0x07, 0x02, 0x00}, 8, -1, 0},
   {ACO_GFX1030, "v_sub_nc_u16 v1, v2, v3 op_sel:[1,0,0]",
    {0x01, 0x08, 0x04, 0xd7, 0x02, 0x07, 0x02, 0x00}, 8, -1, 0},
   {ACO_GFX1100, "v_fma_f16 v1, v2, v3, v4 op_sel:[0,0,0,1]",
    {0x01, 0x40, 0x48, 0xd6, 0x02, 0x07, 0x12, 0x04}, 8, -1, 0},
   /* v_fmac_f16_e64 lists op_sel for its accumulator too: [src0, src1, src2, dst] */
   {ACO_GFX1100, "v_fmac_f16_e64 v1, v4, v8 op_sel:[0,0,0,1]",
    {0x01, 0x40, 0x36, 0xd5, 0x04, 0x11, 0x02, 0x00}, 8, -1, 0},
   /* GFX11+ 16-bit halves in 32-bit and DPP forms: bit 7 of the VGPR field (llvm-mc-19
    * -mattr=+real-true16) */
   {ACO_GFX1100, "v_add_f16_e32 v1.h, v4.l, v8.h", {0x04, 0x11, 0x03, 0x65}, 4, -1, 0},
   {ACO_GFX1200, "v_ceil_f16_dpp v1.l, -|v4.h| row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1",
    {0xfa, 0xb8, 0x02, 0x7e, 0x84, 0x01, 0x39, 0xff}, 8, -1, 0},
   {ACO_GFX1100, "v_mul_f16_e32 v1.h, 0x1234, v3.l",
    {0xff, 0x06, 0x02, 0x6b, 0x34, 0x12, 0x00, 0x00}, 8, 0, 0x1234},
   /* ... and in ops llvm-mc-19 has no true16 syntax for (its fake16 mode calls v128+ in
    * these fields invalid): only 16-bit slots take a suffix */
   {ACO_GFX1100, "v_cvt_f32_f16_e32 v1, v2.h", {0x82, 0x17, 0x02, 0x7e}, 4, -1, 0},
   {ACO_GFX1100, "v_cmp_lt_u16_e32 vcc_lo, v2.h, v3.l", {0x82, 0x07, 0x72, 0x7c}, 4, -1, 0},
   /* MUBUF atomics: vdata is the data, and the destination too when glc returns */
   {ACO_GFX1100, "buffer_atomic_add_u32 v1, v2, s[4:7], s3 offen",
    {0x00, 0x00, 0xd4, 0xe0, 0x02, 0x01, 0x41, 0x03}, 8, -1, 0},
   {ACO_GFX1100, "buffer_atomic_add_u32 v1, v2, s[4:7], s3 offen glc",
    {0x00, 0x40, 0xd4, 0xe0, 0x02, 0x01, 0x41, 0x03}, 8, -1, 0},
   {ACO_GFX1200, "buffer_atomic_cmpswap_b32 v[2:3], v1, s[4:7], null offen th:TH_ATOMIC_RETURN",
    {0x7c, 0x00, 0x0d, 0xc4, 0x02, 0x08, 0x90, 0x40, 0x01, 0x00, 0x00, 0x00}, 12, -1, 0},
   {ACO_GFX1030, "buffer_atomic_cmpswap_x2 v[2:5], v1, s[4:7], 0 offen offset:8 glc",
    {0x08, 0x50, 0x44, 0xe1, 0x01, 0x02, 0x01, 0x80}, 8, -1, 0},
   /* rows the emulator used to decode itself */
   {ACO_GFX1100, "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x12345678",
    {0x01, 0xf8, 0x80, 0xb9, 0x78, 0x56, 0x34, 0x12}, 8, 0, 0x12345678},
   {ACO_GFX1030, "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 60",
    {0x01, 0x38, 0x80, 0xba, 0x3c, 0x00, 0x00, 0x00}, 8, 0, 60},
   {ACO_GFX1200, "s_buffer_load_b96 s[4:6], s[8:11], 0x10",
    {0x04, 0xa1, 0x02, 0xf4, 0x10, 0x00, 0x00, 0xf8}, 8, -1, 0},
   {ACO_GFX1030, "s_buffer_load_dword s5, s[8:11], 0x10",
    {0x44, 0x01, 0x20, 0xf4, 0x10, 0x00, 0x00, 0xfa}, 8, -1, 0},
   {ACO_GFX1100, "s_dcache_inv", {0x00, 0x00, 0x84, 0xf4, 0x00, 0x00, 0x00, 0x00}, 8, -1, 0},
   {ACO_GFX1030, "buffer_gl0_inv", {0x00, 0x00, 0xc4, 0xe1, 0x00, 0x00, 0x00, 0x00}, 8, -1, 0},
   {ACO_GFX1200, "global_inv scope:SCOPE_SYS",
    {0x7c, 0xc0, 0x0a, 0xee, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00}, 12, -1, 0},
};

static void
test_samples(void **state)
{
   struct aco_arena arena;
   struct aco_strbuf sb;
   aco_arena_init(&arena, NULL);
   aco_strbuf_init(&sb, NULL);
   for (unsigned i = 0; i < sizeof(samples) / sizeof(samples[0]); i++) {
      const struct sample *s = &samples[i];
      uint32_t words[ACO_MAX_INSTR_DWORDS] = {0}, out[ACO_MAX_INSTR_DWORDS] = {0};
      memcpy(words, s->bytes, s->size);
      struct aco_minstr *in = NULL;
      print_message("%s\n", s->text);
      assert_int_equal(aco_decode_instr(s->level, 32, words, s->size / 4, &arena, &in), s->size / 4);
      if (s->const_operand >= 0) {
         assert_int_equal(in->operands[s->const_operand].kind, ACO_OPND_CONST);
         assert_true(in->operands[s->const_operand].value == s->value);
      }
      sb.len = 0;
      aco_print_asm_instr(s->level, 32, in, &sb);
      assert_string_equal(aco_strbuf_str(&sb), s->text);
      assert_int_equal(aco_encode_instr(s->level, 32, in, out), s->size / 4);
      assert_memory_equal(out, words, s->size);
   }
   aco_strbuf_finish(&sb);
   aco_arena_finish(&arena);
   (void)state;
}

/* 64-bit constants that one 32-bit literal cannot give have no encoding. */
static void
test_unencodable_literals(void **state)
{
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   uint32_t out[ACO_MAX_INSTR_DWORDS];
   /* s_mov_b64 s[0:1], 0xfffff830 and v_add_f64 v[0:1], 0x12345678, v[2:3] */
   uint32_t smov[2] = {0xbe8001ff, 0xfffff830}, fadd[3] = {0xd7270000, 0x000204ff, 0x12345678};
   struct aco_minstr *a = NULL, *b = NULL;
   assert_int_equal(aco_decode_instr(ACO_GFX1100, 32, smov, 2, &arena, &a), 2);
   assert_int_equal(aco_decode_instr(ACO_GFX1100, 32, fadd, 3, &arena, &b), 3);
   a->operands[0].value = 0xfffffffffffff830ull; /* sign-extended: not a literal */
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, a, out), 0);
   a->operands[0].value = 0x1234567800000000ull; /* the f64 placement */
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, a, out), 0);
   a->operands[0].value = 0x80000000ull;
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, a, out), 2);
   assert_int_equal(out[1], 0x80000000u);
   b->operands[0].value = 0x12345678ull; /* an f64 with low bits set */
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, b, out), 0);
   b->operands[0].value = 0x4008000000000000ull; /* 3.0 */
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, b, out), 3);
   assert_int_equal(out[2], 0x40080000u);
   aco_arena_finish(&arena);
   (void)state;
}

static struct aco_minstr *
decode_one(struct aco_arena *arena, aco_gfx_level level, const uint32_t *words, unsigned n)
{
   struct aco_minstr *in = NULL;
   assert_int_equal(aco_decode_instr(level, 32, words, n, arena, &in), n);
   return in;
}

/* Byte-2 registers (high halves) on GFX11+: the decoded form of each field, the VOP3 op_sel
 * they become, and the halves no encoding has. */
static void
test_halves(void **state)
{
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   uint32_t out[ACO_MAX_INSTR_DWORDS];
   /* v_add_f16_e32 v1.h, v4.l, v8.h: the halves are byte-2 registers of v1 and v8 */
   uint32_t add[1] = {0x65031104};
   struct aco_minstr *in = decode_one(&arena, ACO_GFX1100, add, 1);
   assert_int_equal(in->definitions[0].reg.reg_b, aco_vgpr(1).reg_b + 2);
   assert_int_equal(in->operands[0].reg.reg_b, aco_vgpr(4).reg_b);
   assert_int_equal(in->operands[1].reg.reg_b, aco_vgpr(8).reg_b + 2);
   /* the fake16 reading of the same word on GFX10.3: whole registers v129 and v136 */
   struct aco_minstr *old = decode_one(&arena, ACO_GFX1030, add, 1);
   assert_int_equal(old->definitions[0].reg.reg_b, aco_vgpr(129).reg_b);
   assert_int_equal(old->operands[1].reg.reg_b, aco_vgpr(136).reg_b);
   /* v128 and up have no 16-bit field in the 32-bit forms: neither whole nor as halves */
   in->definitions[0].reg = aco_vgpr(130);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, out), 0);
   in->definitions[0].reg = aco_physreg_make(256 + 130, 2);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, out), 0);
   /* byte 1, and a high half of an SGPR in a 32-bit form, have no encoding */
   in->definitions[0].reg = aco_physreg_make(256 + 1, 1);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, out), 0);
   in->definitions[0].reg = aco_vgpr(1);
   in->operands[0] = aco_opnd_reg(aco_physreg_make(5, 2), aco_rc_s(1));
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, out), 0);
   in->operands[0] = aco_opnd_reg(aco_sgpr(5), aco_rc_s(1));
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, out), 1);
   assert_int_equal(out[0], 0x64031005u); /* v_add_f16_e32 v1.l, s5, v8.h */
   /* a half in a 32-bit slot: v_add_f32_e32 v1, v4, v8 with v8 at byte 2 */
   uint32_t addf[1] = {0x06021104};
   struct aco_minstr *f32 = decode_one(&arena, ACO_GFX1100, addf, 1);
   f32->operands[1].reg = aco_physreg_make(256 + 8, 2);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, f32, out), 0);
   /* VOP3: v_fma_f16 v1, v2, v3, v4 op_sel:[0,1,0,1] written as byte-2 registers gives the
    * same words; the decoder gives op_sel back, and the two compare equal */
   uint32_t fma[2] = {0xd6485001, 0x04120702};
   struct aco_minstr *ref = decode_one(&arena, ACO_GFX1100, fma, 2);
   assert_int_equal(ref->valu.opsel, 2 | 8);
   struct aco_minstr *hi = decode_one(&arena, ACO_GFX1100, fma, 2);
   hi->valu.opsel = 0;
   hi->definitions[0].reg = aco_physreg_make(256 + 1, 2);
   hi->operands[1].reg = aco_physreg_make(256 + 3, 2);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, hi, out), 2);
   assert_int_equal(out[0], fma[0]);
   assert_int_equal(out[1], fma[1]);
   assert_true(aco_minstr_equal_encoding(ACO_GFX1100, 32, hi, ref));
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   aco_print_asm_instr(ACO_GFX1100, 32, hi, &sb);
   assert_string_equal(aco_strbuf_str(&sb), "v_fma_f16 v1, v2, v3, v4 op_sel:[0,1,0,1]");
   aco_strbuf_finish(&sb);
   /* ... but not on a 32-bit source (v_mad_u32_u16's src2) */
   uint32_t mad[2] = {0xd6590001, 0x04120702};
   struct aco_minstr *m = decode_one(&arena, ACO_GFX1100, mad, 2);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, m, out), 2);
   m->operands[2].reg = aco_physreg_make(256 + 4, 2);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, m, out), 0);
   aco_arena_finish(&arena);
   (void)state;
}

/* MUBUF atomics: the operands and the returned value of the decoded form, and the forms
 * the encoder refuses (a return in other registers than the data, glc without a
 * destination). */
static void
test_mubuf_atomics(void **state)
{
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   uint32_t out[ACO_MAX_INSTR_DWORDS];
   /* buffer_atomic_add_u32 v1, v2, s[4:7], s3 offen (glc) */
   uint32_t add[2] = {0xe0d40000, 0x03410102}, add_rtn[2] = {0xe0d44000, 0x03410102};
   struct aco_minstr *in = decode_one(&arena, ACO_GFX1100, add, 2);
   assert_int_equal(in->encoding, ACO_ENC_NATIVE);
   assert_int_equal(in->num_definitions, 0);
   assert_int_equal(in->num_operands, 4); /* vdata, vaddr, rsrc, soffset */
   assert_int_equal(in->operands[0].reg.reg_b, aco_vgpr(1).reg_b);
   assert_int_equal(in->operands[1].reg.reg_b, aco_vgpr(2).reg_b);
   in->mem.glc = true; /* would overwrite vdata with nothing to say so */
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, in, out), 0);
   struct aco_minstr *rtn = decode_one(&arena, ACO_GFX1100, add_rtn, 2);
   assert_int_equal(rtn->encoding, ACO_ENC_MEM_RTN);
   assert_int_equal(rtn->num_definitions, 1);
   assert_int_equal(rtn->definitions[0].reg.reg_b, aco_vgpr(1).reg_b);
   assert_int_equal(rtn->operands[0].reg.reg_b, aco_vgpr(1).reg_b);
   /* the encoder sets glc from the returning form by itself */
   rtn->mem.glc = false;
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, rtn, out), 2);
   assert_int_equal(out[0], add_rtn[0]);
   rtn->definitions[0].reg = aco_vgpr(3);
   assert_int_equal(aco_encode_instr(ACO_GFX1100, 32, rtn, out), 0);
   /* a returning compare-and-swap's destination is its whole data range */
   uint32_t cmp[3] = {0xc40d007c, 0x40900802, 0x00000001};
   struct aco_minstr *c = decode_one(&arena, ACO_GFX1200, cmp, 3);
   assert_int_equal(c->encoding, ACO_ENC_MEM_RTN);
   assert_int_equal(aco_rc_dwords(c->definitions[0].temp.rc), 2);
   assert_int_equal(c->definitions[0].reg.reg_b, aco_vgpr(2).reg_b);
   aco_arena_finish(&arena);
   (void)state;
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_samples),
      cmocka_unit_test(test_unencodable_literals),
      cmocka_unit_test(test_halves),
      cmocka_unit_test(test_mubuf_atomics),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
