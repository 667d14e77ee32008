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

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_samples),
      cmocka_unit_test(test_unencodable_literals),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
