/* SPDX-License-Identifier: MIT */
/* The emulator core on small hand-written programs, on gfx1030, gfx1100 and gfx1200 in
 * wave32 and wave64 (argv: cpu wave): scalar ALU edge values, branches and calls, every
 * kind of memory, LDS with barriers across waves, and every detector firing on a wrong
 * program and staying silent on the corrected one.
 *
 * The programs are LLVM assembly, assembled by llvm-mc-19 at test time (emu_asm.c: the
 * oracle for the bytes), with @NAME@ placeholders for what is spelled differently per
 * level (waits, barriers, atomics with return). */
#include "emu/emu.h"
#include "emu_asm.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static aco_gfx_level level;
static uint64_t code_addr = 0x100000000ull;
static unsigned wave;
static const char *cpu;

#define CODE_ADDR 0x100000000ull
#define BUF_ADDR 0x200000000ull
#define BUF2_ADDR 0x300000000ull

/* ---- assembling ---- */

static uint32_t *
assemble(const char *text, size_t *dwords)
{
   struct emu_asm_target t = {level, wave, cpu};
   return emu_asm_assemble(&t, text, dwords);
}

/* ---- running ---- */

struct run {
   aco_status status;
   char message[1024];
   uint64_t steps;
};

static void
base_launch(struct aco_emu_launch *l)
{
   memset(l, 0, sizeof(*l));
   for (unsigned i = 0; i < 3; i++) {
      l->grid[i] = 1;
      l->block[i] = 1;
      l->workgroup_id_sgpr[i] = -1;
   }
   l->block[0] = wave;
   l->num_sgprs = 106;
   l->num_vgprs = 64;
   l->user_sgprs[0] = (uint32_t)BUF_ADDR;
   l->user_sgprs[1] = (uint32_t)(BUF_ADDR >> 32);
   l->user_sgprs[2] = (uint32_t)BUF2_ADDR;
   l->user_sgprs[3] = (uint32_t)(BUF2_ADDR >> 32);
   l->num_user_sgprs = 4;
   l->local_id = level >= ACO_GFX1100 ? ACO_EMU_LOCAL_ID_PACKED : ACO_EMU_LOCAL_ID_THREE_VGPRS;
   l->local_id_vgpr = 0;
   l->step_limit = 100000;
}

/* Runs `text` with buf (and buf2, may be NULL) mapped. */
static struct run
run_full(const char *text, const struct aco_emu_launch *l, void *buf, size_t size, void *buf2,
         size_t size2)
{
   size_t n;
   uint32_t *code = assemble(text, &n);
   aco_target t = {level, wave};
   struct aco_emu *emu = aco_emu_create(NULL, t);
   assert_non_null(emu);
   assert_int_equal(aco_emu_load_code(emu, code, n * 4, code_addr), ACO_SUCCESS);
   if (buf)
      assert_int_equal(aco_emu_map(emu, BUF_ADDR, buf, size, 0), ACO_SUCCESS);
   if (buf2)
      assert_int_equal(aco_emu_map(emu, BUF2_ADDR, buf2, size2, 0), ACO_SUCCESS);
   struct run r;
   r.status = aco_emu_run(emu, l);
   snprintf(r.message, sizeof(r.message), "%s", aco_emu_message(emu));
   r.steps = aco_emu_steps(emu);
   aco_emu_destroy(emu);
   free(code);
   return r;
}

static struct run
run1(const char *text, void *buf, size_t size)
{
   struct aco_emu_launch l;
   base_launch(&l);
   return run_full(text, &l, buf, size, NULL, 0);
}

static void
expect_ok(struct run r)
{
   if (r.status != ACO_SUCCESS)
      fail_msg("%s w%u: unexpected error: %s", cpu, wave, r.message);
}

static void
expect_error(struct run r, const char *detector)
{
   if (r.status == ACO_SUCCESS)
      fail_msg("%s w%u: expected a '%s' error, the run succeeded", cpu, wave, detector);
   if (strncmp(r.message, detector, strlen(detector)) != 0 || !strstr(r.message, " at pc 0x") ||
       !strstr(r.message, "wave "))
      fail_msg("%s w%u: expected a '%s' error with pc and wave, got: %s", cpu, wave, detector,
               r.message);
}

/* ---- scalar ALU ---- */

/* Each case leaves its result in s10 (s[10:11] for 64-bit) and scc; the program stores
 * both for every case. */
struct salu_case {
   const char *text;
   uint64_t result;
   int scc; /* -1: not checked */
   bool b64;
   bool not_gfx12;
};

static const struct salu_case salu_cases[] = {
   {"s_mov_b32 s2, -1\ns_add_u32 s10, s2, 1", 0, 1, .b64 = false},
   {"s_mov_b32 s2, 0x7ffffffe\ns_add_u32 s10, s2, 1", 0x7fffffff, 0, .b64 = false},
   {"s_sub_u32 s10, 0, 1", 0xffffffff, 1, .b64 = false},
   {"s_mov_b32 s2, 0x7fffffff\ns_add_i32 s10, s2, 1", 0x80000000, 1, .b64 = false},
   {"s_mov_b32 s2, 0x80000000\ns_sub_i32 s10, s2, 1", 0x7fffffff, 1, .b64 = false},
   {"s_mov_b32 s2, 5\ns_sub_i32 s10, s2, 7", 0xfffffffe, 0, .b64 = false},
   {"s_cmp_eq_u32 0, 0\ns_mov_b32 s2, -1\ns_addc_u32 s10, s2, 0", 0, 1, .b64 = false},
   {"s_cmp_eq_u32 0, 0\ns_subb_u32 s10, 0, 0", 0xffffffff, 1, .b64 = false},
   {"s_cmp_eq_u32 0, 1\ns_subb_u32 s10, 5, 3", 2, 0, .b64 = false},
   {"s_lshl_b32 s10, 1, 33", 2, 1, .b64 = false},
   {"s_mov_b32 s2, 0x80000000\ns_lshr_b32 s10, s2, 31", 1, 1, .b64 = false},
   {"s_mov_b32 s2, 0x80000000\ns_ashr_i32 s10, s2, 31", 0xffffffff, 1, .b64 = false},
   {"s_lshl_b32 s10, 0, 4", 0, 0, .b64 = false},
   {"s_mov_b64 s[2:3], 1\ns_lshl_b64 s[10:11], s[2:3], 63", 0x8000000000000000ull, 1, .b64 = true},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 0x80000000\ns_ashr_i64 s[10:11], s[2:3], 60",
    0xfffffffffffffff8ull, 1, .b64 = true},
   {"s_mov_b64 s[10:11], 0xffffffff", 0xffffffffull, -1, .b64 = true},
   {"s_mov_b64 s[10:11], -1", ~0ull, -1, .b64 = true},
   {"s_mov_b32 s2, 0x12345678\ns_bfe_u32 s10, s2, 0x80008", 0x56, 1, .b64 = false},
   {"s_movk_i32 s2, 0x80\ns_bfe_i32 s10, s2, 0x80000", 0xffffff80, 1, .b64 = false},
   {"s_mov_b32 s2, 0x12345678\ns_bfe_u32 s10, s2, 0x200000", 0x12345678, 1, .b64 = false},
   {"s_mov_b32 s2, 0x12345678\ns_bfe_u32 s10, s2, 0x4", 0, 0, .b64 = false},
   /* a signed field reaching past the top bit takes the source's sign (an
    * arithmetic shift); widths beyond the register act as the register width */
   {"s_mov_b32 s2, -1\ns_bfe_i32 s10, s2, 0x1e0018", 0xffffffff, 1, .b64 = false},
   {"s_mov_b32 s2, 0x80000000\ns_bfe_i32 s10, s2, 0x7f001c", 0xfffffff8, 1, .b64 = false},
   {"s_mov_b32 s2, 0x40000000\ns_bfe_i32 s10, s2, 0x8001c", 4, 1, .b64 = false},
   {"s_mov_b32 s2, 0x80000000\ns_bfe_u32 s10, s2, 0x7f001c", 8, 1, .b64 = false},
   {"s_mov_b32 s2, -1\ns_bfe_i32 s10, s2, 0x18", 0, 0, .b64 = false},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 0x80000000\ns_bfe_i64 s[10:11], s[2:3], 0x40003c",
    0xfffffffffffffff8ull, 1, .b64 = true},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 0x80000000\ns_bfe_i64 s[10:11], s[2:3], 0x7f0020",
    0xffffffff80000000ull, 1, .b64 = true},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 0x40000000\ns_bfe_i64 s[10:11], s[2:3], 0x7f003e",
    1, 1, .b64 = true},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 0x80000000\ns_bfe_u64 s[10:11], s[2:3], 0x7f003c",
    8, 1, .b64 = true},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 0x80000000\ns_bfe_i64 s[10:11], s[2:3], 0x3c",
    0, 0, .b64 = true},
   {"s_bfm_b32 s10, 5, 3", 0xf8, -1, .b64 = false},
   {"s_ff1_i32_b32 s10, 0", 0xffffffff, -1, .b64 = false},
   {"s_ff1_i32_b32 s10, 0x100", 8, -1, .b64 = false},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 1\ns_ff1_i32_b64 s10, s[2:3]", 32, -1, .b64 = false},
   {"s_flbit_i32_b32 s10, 1", 31, -1, .b64 = false},
   {"s_flbit_i32_b32 s10, 0", 0xffffffff, -1, .b64 = false},
   {"s_mov_b32 s2, 0xffff0000\ns_flbit_i32 s10, s2", 16, -1, .b64 = false},
   {"s_flbit_i32 s10, -1", 0xffffffff, -1, .b64 = false},
   {"s_mov_b64 s[2:3], -1\ns_bcnt1_i32_b64 s10, s[2:3]", 64, 1, .b64 = false},
   {"s_bcnt0_i32_b32 s10, -1", 0, 0, .b64 = false},
   {"s_brev_b32 s10, 1", 0x80000000, -1, .b64 = false},
   {"s_mul_hi_i32 s10, -2, 3", 0xffffffff, -1, .b64 = false},
   {"s_mov_b32 s2, -1\ns_mul_hi_u32 s10, s2, s2", 0xfffffffe, -1, .b64 = false},
   {"s_mov_b32 s2, 0x10000\ns_mul_i32 s10, s2, s2", 0, -1, .b64 = false},
   {"s_min_i32 s10, -1, 1", 0xffffffff, 1, .b64 = false},
   {"s_min_u32 s10, -1, 1", 1, 0, .b64 = false},
   {"s_max_i32 s10, -1, 1", 1, 0, .b64 = false},
   {"s_cmp_lg_u32 1, 0\ns_cselect_b32 s10, 7, 9", 7, 1, .b64 = false},
   {"s_cmp_lt_i32 1, -1\ns_cselect_b32 s10, 7, 9", 9, 0, .b64 = false},
   {"s_cmp_lt_u32 1, -1\ns_mov_b32 s10, 3\ns_cmov_b32 s10, 4", 4, 1, .b64 = false},
   {"s_sext_i32_i16 s10, 0x8000", 0xffff8000, -1, .b64 = false},
   {"s_sext_i32_i8 s10, 0x7f", 0x7f, -1, .b64 = false},
   {"s_mov_b32 s2, 0x1234\ns_pack_ll_b32_b16 s10, s2, 0x5678", 0x56781234, -1, .b64 = false},
   {"s_mov_b32 s2, 0x11112222\ns_mov_b32 s3, 0x33334444\ns_pack_hh_b32_b16 s10, s2, s3",
    0x33331111, -1, .b64 = false},
   {"s_mov_b32 s2, 0x80000000\ns_abs_i32 s10, s2", 0x80000000, 1, .b64 = false},
   {"s_abs_i32 s10, -5", 5, 1, .b64 = false},
   {"s_mov_b32 s2, 0x40000000\ns_lshl2_add_u32 s10, s2, 1", 1, 1, .b64 = false},
   {"s_movk_i32 s10, 0x8000", 0xffff8000, -1, .b64 = false},
   {"s_mov_b32 s10, 0x7fffffff\ns_addk_i32 s10, 0x1", 0x80000000, 1, .b64 = false},
   {"s_mov_b32 s10, 3\ns_mulk_i32 s10, 0xfffe", 0xfffffffa, -1, .b64 = false},
   {"s_mov_b32 s10, 5\ns_cmpk_lt_i32 s10, 0xffff", 5, 0, .not_gfx12 = true},
   {"s_mov_b32 s10, 5\ns_cmpk_lt_u32 s10, 0xffff", 5, 1, .not_gfx12 = true},
   {"s_mov_b64 s[2:3], 0\ns_not_b64 s[10:11], s[2:3]", ~0ull, 1, .b64 = true},
   {"s_mov_b32 s2, 0x0f0f\ns_andn2_b32 s10, s2, 0xff", 0x0f00, 1, .b64 = false},
   {"s_mov_b32 s2, 0x0f0f\ns_orn2_b32 s10, s2, -1", 0x0f0f, 1, .b64 = false},
   {"s_xnor_b32 s10, 0, 0", 0xffffffff, 1, .b64 = false},
   {"s_mov_b32 s2, 0x12\ns_wqm_b32 s10, s2", 0xff, 1, .b64 = false},
   {"s_mov_b32 s2, 0x100\ns_bitcmp1_b32 s2, 8\ns_mov_b32 s10, 0", 0, 1, .b64 = false},
   {"s_mov_b32 s2, 0\ns_mov_b32 s3, 1\ns_bitcmp0_b64 s[2:3], 32\ns_mov_b32 s10, 0", 0, 0, .b64 = false},
   {"s_mov_b64 s[2:3], -1\ns_mov_b64 s[4:5], -1\ns_cmp_eq_u64 s[2:3], s[4:5]\ns_mov_b32 s10, 0",
    0, 1, .b64 = false},
   {"s_mov_b32 s10, 0\ns_bitset1_b32 s10, 31", 0x80000000, -1, .b64 = false},
   {"s_mov_b32 s2, 0x12345678\ns_mov_b32 s3, 0\ns_bfe_u64 s[10:11], s[2:3], 0x200004",
    0x01234567ull, 1, .b64 = true},
   {"s_mov_b32 m0, 2\ns_mov_b32 s12, 0x55\ns_movrels_b32 s10, s10", 0x55, -1, .b64 = false},
   {"s_mov_b64 s[2:3], 1\ns_bitreplicate_b64_b32 s[10:11], 0x5", 0x33, -1, .b64 = true},
   {"s_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 8)", 0xf0, -1, .b64 = false},
   {"s_mov_b32 s2, 0x3\ns_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s2\n"
    "s_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 8)", 0xf3, -1, .b64 = false},
   {"s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0x3c\ns_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 8)",
    0x3c, -1, .b64 = false},
   {"s_round_mode 0x5\ns_denorm_mode 0x2\ns_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 8)", 0x25, -1, .b64 = false},
};

/* GFX12's scalar float instructions: exact IEEE under MODE (rounding, denormals) and the
 * hardware's default NaN, as the vector ALU. MODE starts at 0xf0 (nearest even, denormals
 * kept); each case restores it. */
static const struct salu_case salu_float_cases[] = {
   /* inf - inf is the default NaN 0x7fc00000, not the host's 0xffc00000 */
   {"s_mov_b32 s2, 0x7f800000\ns_sub_f32 s10, s2, s2", 0x7fc00000, -1, .b64 = false},
   /* f32 denormals flushed (MODE[5:4] = 0): -denormal + -denormal is -0 */
   {"s_denorm_mode 0xc\ns_mov_b32 s2, 0x807ffffe\ns_add_f32 s10, s2, s2\ns_denorm_mode 0xf",
    0x80000000, -1, .b64 = false},
   {"s_mov_b32 s2, 0x807ffffe\ns_add_f32 s10, s2, s2", 0x80fffffc, -1, .b64 = false},
   /* rounding toward -inf: x - x is -0 */
   {"s_round_mode 0x2\ns_mov_b32 s2, 1.5\ns_sub_f32 s10, s2, s2\ns_round_mode 0x0", 0x80000000,
    -1, .b64 = false},
   /* 1 + (2^-24 + 2^-47): nearest even rounds up, toward zero not */
   {"s_mov_b32 s2, 0x33800001\ns_add_f32 s10, 1.0, s2", 0x3f800001, -1, .b64 = false},
   {"s_round_mode 0x3\ns_mov_b32 s2, 0x33800001\ns_add_f32 s10, 1.0, s2\ns_round_mode 0x0",
    0x3f800000, -1, .b64 = false},
   {"s_round_mode 0x3\ns_mov_b32 s2, 0x7fffffff\ns_cvt_f32_i32 s10, s2\ns_round_mode 0x0",
    0x4effffff, -1, .b64 = false},
   {"s_mov_b32 s2, 0x7fffffff\ns_cvt_f32_i32 s10, s2", 0x4f000000, -1, .b64 = false},
   /* a flushed denormal compares equal to 0 */
   {"s_denorm_mode 0xc\ns_mov_b32 s2, 0x00000010\ns_cmp_eq_f32 s2, 0\ns_denorm_mode 0xf\n"
    "s_mov_b32 s10, 0", 0, 1, .b64 = false},
   {"s_mov_b32 s2, 0x00000010\ns_cmp_eq_f32 s2, 0\ns_mov_b32 s10, 0", 0, 0, .b64 = false},
   /* minimumNumber: a NaN gives the other operand; one rounding in the fma */
   {"s_mov_b32 s2, 0x7fc00000\ns_min_num_f32 s10, s2, 1.0", 0x3f800000, -1, .b64 = false},
   {"s_mov_b32 s2, 0x3f800001\ns_mov_b32 s3, 0x3f7ffffe\ns_mov_b32 s10, -1.0\n"
    "s_fmac_f32 s10, s2, s3", 0xa8800000, -1, .b64 = false},
   /* f16 */
   {"s_mov_b32 s2, 0x3c00\ns_add_f16 s10, s2, s2", 0x4000, -1, .b64 = false},
   {"s_cvt_f16_f32 s10, 1.0", 0x3c00, -1, .b64 = false},
   {"s_mov_b32 s2, 0x3c000000\ns_cvt_hi_f32_f16 s10, s2", 0x3f800000, -1, .b64 = false},
};

static void
run_salu_cases(const struct salu_case *cases, unsigned n)
{
   struct strb b = {0};
   sb_add(&b, "v_mov_b32 v0, 0\n", 16);
   const struct salu_case *salu_cases = cases;
   for (unsigned i = 0; i < n; i++) {
      const struct salu_case *c = &salu_cases[i];
      char tail[512];
      if (c->not_gfx12 && level >= ACO_GFX1200)
         continue;
      sb_add(&b, c->text, strlen(c->text));
      snprintf(tail, sizeof(tail),
               "\ns_cselect_b32 s12, 1, 0\n"
               "v_mov_b32 v1, s10\nglobal_store_dword v0, v1, s[0:1] offset:%u\n"
               "v_mov_b32 v1, s%s\nglobal_store_dword v0, v1, s[0:1] offset:%u\n"
               "v_mov_b32 v1, s12\nglobal_store_dword v0, v1, s[0:1] offset:%u\n",
               i * 16, c->b64 ? "11" : "10", i * 16 + 4, i * 16 + 8);
      sb_add(&b, tail, strlen(tail));
   }
   sb_add(&b, "s_endpgm\n", 9);
   uint32_t *buf = calloc(n * 4, 4);
   struct run r = run1(b.s, buf, n * 16);
   expect_ok(r);
   for (unsigned i = 0; i < n; i++) {
      const struct salu_case *c = &salu_cases[i];
      if (c->not_gfx12 && level >= ACO_GFX1200)
         continue;
      uint64_t got = buf[i * 4] | (c->b64 ? (uint64_t)buf[i * 4 + 1] << 32 : 0);
      if (got != c->result)
         fail_msg("%s w%u case %u (%s): result 0x%llx, expected 0x%llx", cpu, wave, i, c->text,
                  (unsigned long long)got, (unsigned long long)c->result);
      if (c->scc >= 0 && buf[i * 4 + 2] != (unsigned)c->scc)
         fail_msg("%s w%u case %u (%s): scc %u, expected %d", cpu, wave, i, c->text,
                  buf[i * 4 + 2], c->scc);
   }
   free(buf);
   free(b.s);
}

static void
test_salu_edges(void **state)
{
   (void)state;
   run_salu_cases(salu_cases, sizeof(salu_cases) / sizeof(salu_cases[0]));
}

static void
test_salu_float(void **state)
{
   (void)state;
   if (level < ACO_GFX1200)
      skip();
   run_salu_cases(salu_float_cases, sizeof(salu_float_cases) / sizeof(salu_float_cases[0]));
}

/* ---- branches, exec, calls ---- */

static void
test_branches(void **state)
{
   (void)state;
   /* sum 1..10 with an scc loop; vccz/vccnz; execz/execnz; saveexec; a call through
    * s_getpc + s_swappc and back with s_setpc; s_call_b64 */
   const char *text =
      "v_mov_b32 v0, 0\n"
      "s_mov_b32 s10, 0\n"
      "s_mov_b32 s11, 1\n"
      "loop:\n"
      "s_add_u32 s10, s10, s11\n"
      "s_add_u32 s11, s11, 1\n"
      "s_cmp_le_u32 s11, 10\n"
      "s_cbranch_scc1 loop\n"
      "v_mov_b32 v1, s10\n"
      "global_store_dword v0, v1, s[0:1]\n"
      "@MOVM@ @VCC@, 0\n"
      "s_mov_b32 s12, 1\n"
      "s_cbranch_vccz vz\n"
      "s_mov_b32 s12, 2\n"
      "vz:\n"
      "@MOVM@ @VCC@, 4\n"
      "s_cbranch_vccnz vnz\n"
      "s_mov_b32 s12, 3\n"
      "vnz:\n"
      "v_mov_b32 v1, s12\n"
      "global_store_dword v0, v1, s[0:1] offset:4\n"
      "@MOVM@ @MASK@, @EXEC@\n"
      "@SAVEEXEC@ @MASK2@, 0\n"
      "s_mov_b32 s13, 5\n"
      "s_cbranch_execz ez\n"
      "s_mov_b32 s13, 6\n"
      "ez:\n"
      "s_cselect_b32 s14, 1, 2\n" /* saveexec sets scc = (exec != 0): 0 here */
      "@MOVM@ @EXEC@, @MASK@\n"
      "s_cbranch_execnz enz\n"
      "s_mov_b32 s13, 7\n"
      "enz:\n"
      "v_mov_b32 v1, s13\n"
      "global_store_dword v0, v1, s[0:1] offset:8\n"
      "v_mov_b32 v1, s14\n"
      "global_store_dword v0, v1, s[0:1] offset:12\n"
      "s_getpc_b64 s[30:31]\n"
      "s_add_u32 s30, s30, callee-.\n" /* s_getpc gives this instruction's address */
      "s_addc_u32 s31, s31, 0\n"
      "s_mov_b32 s15, 0\n"
      "s_swappc_b64 s[30:31], s[30:31]\n"
      "s_add_u32 s15, s15, 100\n"
      "s_call_b64 s[30:31], callee\n"
      "v_mov_b32 v1, s15\n"
      "global_store_dword v0, v1, s[0:1] offset:16\n"
      "s_endpgm\n"
      "callee:\n"
      "s_add_u32 s15, s15, 1\n"
      "s_setpc_b64 s[30:31]\n";
   uint32_t buf[8] = {0};
   struct run r = run1(text, buf, sizeof(buf));
   expect_ok(r);
   assert_int_equal(buf[0], 55);
   assert_int_equal(buf[1], 1);
   assert_int_equal(buf[2], 5);
   assert_int_equal(buf[3], 2);
   assert_int_equal(buf[4], 102);
}

/* s_getpc_b64 in the upper half of the address space: GFX12 returns 48 bits, which the
 * code sign-extends (s_sext_i32_i16 of the high dword) */
static void
test_getpc_high(void **state)
{
   (void)state;
   uint32_t buf[4] = {0};
   code_addr = 0xffff800000001000ull;
   struct run r = run1("s_getpc_b64 s[4:5]\n"
                       "v_mov_b32 v0, 0\n"
                       "v_mov_b32 v1, s5\n"
                       "global_store_dword v0, v1, s[0:1]\n"
                       "s_sext_i32_i16 s5, s5\n"
                       "v_mov_b32 v1, s4\n"
                       "v_mov_b32 v2, s5\n"
                       "global_store_dwordx2 v0, v[1:2], s[0:1] offset:4\n"
                       "s_endpgm\n", buf, sizeof(buf));
   code_addr = CODE_ADDR;
   expect_ok(r);
   assert_int_equal(buf[0], level >= ACO_GFX1200 ? 0x8000u : 0xffff8000u);
   assert_int_equal(buf[1], 0x1004);
   assert_int_equal(buf[2], 0xffff8000u);
}

/* ---- memory ---- */

static void
test_smem_global_flat(void **state)
{
   (void)state;
   const char *text =
      "s_load_dwordx2 s[4:5], s[0:1], 0x40\n"
      "s_load_dword s6, s[0:1], 0x48\n"
      "@WAITK@\n"
      "v_mov_b32 v1, s4\n"
      "v_mov_b32 v2, s5\n"
      "v_mov_b32 v3, s6\n"
      "v_mov_b32 v10, 0\n"
      "global_store_dwordx3 v10, v[1:3], s[0:1] offset:0x80\n"
      /* per-lane address: v0 = local id; 64-bit vaddr form */
      "v_lshlrev_b32 v4, 2, v0\n"
      "v_mov_b32 v5, s0\n"
      "v_mov_b32 v6, s1\n"
      "v_add_co_u32 v5, @VCC@, v5, v4\n"
      "v_add_co_ci_u32 v6, @VCC@, 0, v6, @VCC@\n"
      "global_load_dword v7, v[5:6], off offset:0x100\n"
      "@WAITV@\n"
      "v_add_nc_u32 v7, 1, v7\n"
      "global_store_dword v4, v7, s[0:1] offset:0x200\n"
      "flat_load_dword v8, v[5:6] offset:0x100\n"
      "@WAITV@\n"
      "@WAITK@\n"
      "flat_store_dword v[5:6], v8 offset:0x300\n"
      "global_load_ubyte v9, v10, s[0:1] offset:0x47\n"
      "global_load_sshort v11, v10, s[0:1] offset:0x42\n"
      "@WAITV@\n"
      "global_store_short v10, v9, s[0:1] offset:0x90\n"
      "global_store_dword v10, v11, s[0:1] offset:0x94\n"
      "s_endpgm\n";
   uint32_t *buf = calloc(1024, 1);
   buf[0x40 / 4] = 0x8badf00d;
   buf[0x44 / 4] = 0x12345678;
   buf[0x48 / 4] = 0xcafe;
   for (unsigned i = 0; i < 64; i++)
      buf[0x100 / 4 + i] = i * 3;
   expect_ok(run1(text, buf, 1024));
   assert_int_equal(buf[0x80 / 4], 0x8badf00d);
   assert_int_equal(buf[0x84 / 4], 0x12345678);
   assert_int_equal(buf[0x88 / 4], 0xcafe);
   for (unsigned i = 0; i < wave; i++) {
      assert_int_equal(buf[0x200 / 4 + i], i * 3 + 1);
      assert_int_equal(buf[0x300 / 4 + i], i * 3);
   }
   assert_int_equal(buf[0x90 / 4] & 0xffff, 0x12);
   assert_int_equal(buf[0x94 / 4], 0xffff8bad);
   free(buf);
}

/* GFX11+ 16-bit halves in the 32-bit VALU forms (bit 7 of a VGPR field, given as words:
 * llvm-mc-19 only spells them with -mattr=+real-true16) and in VOP3 (op_sel): a result
 * written to a high half keeps the low half, a high-half source reads bits 16..31. */
static void
test_true16(void **state)
{
   (void)state;
   if (level < ACO_GFX1100)
      return;
   const char *text =
      "v_mov_b32 v4, 0x3c004000\n" /* v4.h 1.0, v4.l 2.0 */
      "v_mov_b32 v8, 0x44004200\n" /* v8.h 4.0, v8.l 3.0 */
      "v_mov_b32 v1, 0x12345678\n"
      ".long 0x65031104\n"         /* v_add_f16_e32 v1.h, v4.l, v8.h */
      "v_mov_b32 v2, 0xabcd0000\n"
      ".long 0x7e041784\n"         /* v_cvt_f32_f16_e32 v2, v4.h */
      "v_mov_b32 v3, 0x11112222\n"
      ".long 0x7e06b904\n"         /* v_ceil_f16_e32 v3.l, v4.l */
      "v_mov_b32 v5, 0x33334444\n"
      "v_fma_f16 v5, v4, v8, v4 op_sel:[1,1,0,1]\n" /* v5.h = 1.0 * 4.0 + 2.0 */
      "v_mov_b32 v10, 0\n"
      "global_store_dword v10, v1, s[0:1] offset:0x80\n"
      "global_store_dword v10, v2, s[0:1] offset:0x84\n"
      "global_store_dword v10, v3, s[0:1] offset:0x88\n"
      "global_store_dword v10, v5, s[0:1] offset:0x8c\n"
      "s_endpgm\n";
   uint32_t *buf = calloc(1024, 1);
   expect_ok(run1(text, buf, 1024));
   assert_int_equal(buf[0x80 / 4], 0x46005678); /* 6.0 in the high half */
   assert_int_equal(buf[0x84 / 4], 0x3f800000); /* 1.0f */
   assert_int_equal(buf[0x88 / 4], 0x11114000); /* ceil(2.0) in the low half */
   assert_int_equal(buf[0x8c / 4], 0x46004444);
   free(buf);
}

static void
test_scratch(void **state)
{
   (void)state;
   /* each lane stores its id at offset 8 and 12 of its private memory through the vaddr,
    * saddr and immediate-only forms; lanes do not see each other's scratch */
   const char *text =
      "@FLATSCR@\n"
      "v_mov_b32 v10, 0\n"
      "v_mov_b32 v1, 8\n"
      "v_add_nc_u32 v2, 100, v0\n"
      "scratch_store_dword v1, v0, off\n"
      "s_mov_b32 s8, 12\n"
      "scratch_store_dword off, v2, s8\n"
      "scratch_store_dword off, v0, off offset:16\n"
      "@WAITS@\n"
      "scratch_load_dword v3, off, off offset:8\n"
      "scratch_load_dword v4, v1, off offset:4\n"
      "scratch_load_dword v5, off, s8 offset:4\n"
      "@WAITV@\n"
      "v_lshlrev_b32 v6, 2, v0\n"
      "global_store_dword v6, v3, s[0:1]\n"
      "global_store_dword v6, v4, s[0:1] offset:0x100\n"
      "global_store_dword v6, v5, s[0:1] offset:0x200\n"
      "s_endpgm\n";
   uint32_t *buf = calloc(1024, 1);
   struct aco_emu_launch l;
   base_launch(&l);
   l.scratch_bytes_per_lane = 64;
   expect_ok(run_full(text, &l, buf, 1024, NULL, 0));
   for (unsigned i = 0; i < wave; i++) {
      assert_int_equal(buf[i], i);
      assert_int_equal(buf[0x40 + i], 100 + i);
      assert_int_equal(buf[0x80 + i], i);
   }
   free(buf);
}

static void
test_buffer(void **state)
{
   (void)state;
   /* s[4:7]: a raw buffer over 16 bytes at buf+0x100; lanes 0..7 read dword i (lanes
    * 4..7 are out of range: 0) and store it back at buf2 through an idxen descriptor with
    * stride 4 and 6 records: stores of lanes 6 and 7 are dropped */
   const char *text =
      "s_mov_b32 s4, s0\n"
      "s_and_b32 s5, s1, 0xffff\n"
      "s_add_u32 s4, s4, 0x100\n"
      "s_mov_b32 s6, 16\n"
      "s_mov_b32 s7, 0x30000000\n"
      "s_mov_b32 s8, 0\n"
      "v_lshlrev_b32 v1, 2, v0\n"
      "buffer_load_dword v2, v1, s[4:7], @SOFF@ offen\n"
      "s_mov_b32 s12, s2\n"
      "s_and_b32 s13, s3, 0xffff\n"
      "s_or_b32 s13, s13, 0x40000\n" /* stride 4 */
      "s_mov_b32 s14, 6\n"
      "s_mov_b32 s15, 0x10000000\n"
      "@WAITV@\n"
      "v_add_nc_u32 v2, 1, v2\n"
      "v_cmp_gt_u32 @VCC@, 8, v0\n"
      "@SAVEEXEC@ @MASK@, @VCC@\n"
      "buffer_store_dword v2, v0, s[12:15], @SOFF@ idxen\n"
      "buffer_atomic_add v2, v1, s[4:7], @SOFF@ offen offset:0x10 @RTN@\n"
      "s_buffer_load_dwordx2 s[16:17], s[4:7], 0xc\n"
      "@WAITV@\n"
      "@WAITK@\n"
      "global_store_dword v1, v2, s[0:1] offset:0x200\n"
      "v_mov_b32 v3, s16\n"
      "v_mov_b32 v4, s17\n"
      "v_mov_b32 v5, 0\n"
      "global_store_dwordx2 v5, v[3:4], s[0:1] offset:0x300\n"
      "s_endpgm\n";
   uint32_t *buf = calloc(1024, 1), *buf2 = calloc(64, 4);
   for (unsigned i = 0; i < 4; i++)
      buf[0x40 + i] = 10 * (i + 1);
   for (unsigned i = 0; i < 64; i++) {
      buf2[i] = 0xdead;
      buf[0x80 + i] = 0x55;
   }
   struct aco_emu_launch l;
   base_launch(&l);
   expect_ok(run_full(text, &l, buf, 1024, buf2, 256));
   for (unsigned i = 0; i < 8; i++) {
      uint32_t loaded = i < 4 ? 10 * (i + 1) : 0;
      assert_int_equal(buf2[i], i < 6 ? loaded + 1 : 0xdead);
      /* the atomic: range 16 bytes, offset 0x10 + 4*i is past it: returns 0, no store */
      assert_int_equal(buf[0x80 + i], 0);
   }
   assert_int_equal(buf2[8], 0xdead);
   /* s_buffer_load_dwordx2 at 0xc of a 16-byte range: the dword at 16 reads 0 */
   assert_int_equal(buf[0xc0], 40);
   assert_int_equal(buf[0xc1], 0);
   assert_int_equal(buf[0x44], 0);
   free(buf);
   free(buf2);
}

/* The immediate offset of an offen MUBUF access (a 12-bit field before gfx1200, 24 bits
 * in the third dword on gfx1200) and the range check at its byte boundary: a raw buffer
 * of 20 bytes read with voffset 4*lane and offset:8 gives dwords 2..4 to lanes 0..2 and 0
 * past that; a byte load at offset:8 over 13 bytes reads bytes 8..12 for lanes 0..4; the
 * same dword load with offset:0xffc over 0x1010 bytes reads the dwords from 0x3ff, and
 * with offset:0x1004 (gfx1200: a 24-bit field) the dwords from 0x401 for lanes 0..2. */
static void
test_buffer_offset(void **state)
{
   (void)state;
   const char *text =
      "s_mov_b32 s4, s0\n"
      "s_and_b32 s5, s1, 0xffff\n"
      "s_mov_b32 s6, 20\n"
      "s_mov_b32 s7, 0x30000000\n"
      "s_mov_b32 s8, s0\n"
      "s_and_b32 s9, s1, 0xffff\n"
      "s_mov_b32 s10, 13\n"
      "s_mov_b32 s11, 0x30000000\n"
      "s_mov_b32 s12, s0\n"
      "s_and_b32 s13, s1, 0xffff\n"
      "s_mov_b32 s14, 0x1010\n"
      "s_mov_b32 s15, 0x30000000\n"
      "v_lshlrev_b32 v1, 2, v0\n"
      "buffer_load_dword v2, v1, s[4:7], @SOFF@ offen offset:8\n"
      "buffer_load_ubyte v3, v0, s[8:11], @SOFF@ offen offset:8\n"
      "buffer_load_dword v4, v1, s[12:15], @SOFF@ offen offset:0xffc\n"
      "buffer_load_dword v5, v1, s[12:15], @SOFF@ offen offset:@BUFOFF@\n"
      "@WAITV@\n"
      "global_store_dword v1, v2, s[2:3]\n"
      "global_store_dword v1, v3, s[2:3] offset:0x100\n"
      "global_store_dword v1, v4, s[2:3] offset:0x200\n"
      "global_store_dword v1, v5, s[2:3] offset:0x300\n"
      "s_endpgm\n";
   uint8_t *buf = calloc(0x2000, 1);
   uint32_t *buf2 = calloc(0x400, 4);
   for (unsigned i = 0; i < 0x2000; i++)
      buf[i] = (uint8_t)(i * 7 + 1);
   struct aco_emu_launch l;
   base_launch(&l);
   expect_ok(run_full(text, &l, buf, 0x2000, buf2, 0x1000));
   for (unsigned i = 0; i < wave; i++) {
      uint32_t d, d2;
      memcpy(&d, buf + 4 * i + 8, 4);
      memcpy(&d2, buf + 4 * i + 0xffc, 4);
      assert_int_equal(buf2[i], i < 3 ? d : 0);
      assert_int_equal(buf2[0x40 + i], i < 5 ? buf[i + 8] : 0);
      assert_int_equal(buf2[0x80 + i], i < 5 ? d2 : 0);
      uint32_t big = level >= ACO_GFX1200 ? 0x1004 : 0xffc, d3;
      memcpy(&d3, buf + 4 * i + big, 4);
      assert_int_equal(buf2[0xc0 + i], 4 * i + big + 4 <= 0x1010 ? d3 : 0);
   }
   free(buf);
   free(buf2);
}

static void
test_global_atomics(void **state)
{
   (void)state;
   /* every lane adds its id + 1 to one counter and gets the old value back; cmpswap and
    * 64-bit add */
   const char *text =
      "v_mov_b32 v10, 0\n"
      "v_add_nc_u32 v1, 1, v0\n"
      "global_atomic_add v2, v10, v1, s[0:1] @RTN@\n"
      "v_mov_b32 v3, 7\n"
      "v_mov_b32 v4, 5\n"
      "global_atomic_cmpswap v10, v[3:4], s[0:1] offset:4\n"
      "v_mov_b32 v5, -1\n"
      "v_mov_b32 v6, 0\n"
      "global_atomic_add_x2 v10, v[5:6], s[0:1] offset:8\n"
      "global_atomic_umax v10, v1, s[0:1] offset:16\n"
      "@WAITV@\n"
      "v_lshlrev_b32 v7, 2, v0\n"
      "global_store_dword v7, v2, s[0:1] offset:0x100\n"
      "s_endpgm\n";
   uint32_t *buf = calloc(1024, 1);
   buf[1] = 5;
   expect_ok(run1(text, buf, 1024));
   uint32_t sum = 0;
   for (unsigned i = 0; i < wave; i++) {
      assert_int_equal(buf[0x40 + i], sum); /* lanes in order */
      sum += i + 1;
   }
   assert_int_equal(buf[0], sum);
   assert_int_equal(buf[1], 7);
   uint64_t v64 = buf[2] | (uint64_t)buf[3] << 32;
   assert_int_equal(v64, (uint64_t)wave * 0xffffffffull);
   assert_int_equal(buf[4], wave);
   free(buf);
}

static void
test_lds(void **state)
{
   (void)state;
   /* two waves: each lane writes its id to lds[id] and id*2 to the 2addr/stride64 slots,
    * a barrier, then reads its neighbour's (id+1 mod N), atomics and a swizzle */
   const char *text =
      "v_lshlrev_b32 v1, 2, v0\n"
      "ds_write_b32 v1, v0\n"
      "v_lshlrev_b32 v2, 1, v0\n"
      "v_lshlrev_b32 v3, 3, v0\n"
      "v_add_nc_u32 v3, 0x400, v3\n"
      "v_add_nc_u32 v4, 1, v2\n"
      "ds_write2_b32 v3, v2, v4 offset1:1\n"
      "v_mov_b32 v5, 0\n"
      "v_mov_b32 v6, 1\n"
      "ds_add_u32 v5, v6 offset:0x1000\n"
      "ds_max_rtn_u32 v7, v5, v0 offset:0x1004\n"
      "@WAITD@\n"
      "@BARRIER@\n"
      "v_add_nc_u32 v8, 1, v0\n"
      "v_and_b32 v8, @NM1@, v8\n"
      "v_lshlrev_b32 v8, 2, v8\n"
      "ds_read_b32 v9, v8\n"
      "ds_read2_b32 v[10:11], v3 offset1:1\n"
      "ds_read2st64_b32 v[12:13], v5 offset1:1\n"
      "ds_read_b32 v14, v5 offset:0x1000\n"
      "ds_swizzle_b32 v15, v0 offset:swizzle(SWAP,1)\n"
      "ds_bpermute_b32 v16, v8, v0\n"
      "@WAITD@\n"
      "v_lshlrev_b32 v17, 6, v0\n"
      "global_store_dword v17, v7, s[0:1] offset:32\n"
      "global_store_dword v17, v9, s[0:1]\n"
      "global_store_dword v17, v10, s[0:1] offset:4\n"
      "global_store_dword v17, v11, s[0:1] offset:8\n"
      "global_store_dword v17, v14, s[0:1] offset:12\n"
      "global_store_dword v17, v15, s[0:1] offset:16\n"
      "global_store_dword v17, v16, s[0:1] offset:20\n"
      "global_store_dword v17, v12, s[0:1] offset:24\n"
      "global_store_dword v17, v13, s[0:1] offset:28\n"
      "s_endpgm\n";
   unsigned n = 2 * wave;
   char nm1[16];
   snprintf(nm1, sizeof(nm1), "%u", n - 1);
   /* @NM1@ is not a placeholder of the table: substitute here */
   char *t = strdup(text);
   char *at = strstr(t, "@NM1@");
   struct strb b = {0};
   sb_add(&b, t, (size_t)(at - t));
   sb_add(&b, nm1, strlen(nm1));
   sb_add(&b, at + 5, strlen(at + 5));
   free(t);
   uint32_t *buf = calloc(n * 16, 4);
   struct aco_emu_launch l;
   base_launch(&l);
   l.block[0] = n;
   l.grid[0] = 2; /* the second workgroup starts with fresh LDS: same results */
   l.lds_bytes = 0x2000;
   expect_ok(run_full(b.s, &l, buf, n * 64, NULL, 0));
   for (unsigned i = 0; i < n; i++) {
      uint32_t *o = buf + i * 16;
      assert_int_equal(o[8], i ? i - 1 : 0); /* ds_max_rtn: lanes in order, waves in turn */
      assert_int_equal(o[0], (i + 1) % n);
      assert_int_equal(o[1], 2 * i);
      assert_int_equal(o[2], 2 * i + 1);
      assert_int_equal(o[3], n);
      assert_int_equal(o[4], i ^ 1);
      /* bpermute stays within 32 lanes */
      assert_int_equal(o[5], (i & ~31u) | (((i + 1) % n) & 31));
      assert_int_equal(o[6], 0);     /* lds[0] = lane 0's id */
      assert_int_equal(o[7], n > 64 ? 64 : 0); /* lds dword 64: lane 64's id, if any */
   }
   free(buf);
   free(b.s);
}

/* ---- detectors ---- */

static void
test_detect_unknown_and_jump(void **state)
{
   (void)state;
   uint32_t buf[4];
   expect_error(run1("s_nop 0\n.long 0xffffffff\ns_endpgm\n", buf, sizeof(buf)),
                "unknown instruction");
   expect_error(run1("s_mov_b64 s[4:5], 0\ns_setpc_b64 s[4:5]\n", buf, sizeof(buf)),
                "jump outside code");
   expect_error(run1("s_nop 0\n", buf, sizeof(buf)), "jump outside code");
   struct aco_emu_launch l;
   base_launch(&l);
   l.step_limit = 1000;
   struct run r = run_full("loop:\ns_branch loop\n", &l, buf, sizeof(buf), NULL, 0);
   expect_error(r, "step limit");
   assert_int_equal(r.steps, 1000);
   expect_ok(run1("s_branch end\ns_nop 0\nend:\ns_endpgm\n", buf, sizeof(buf)));
}

static void
test_detect_bounds(void **state)
{
   (void)state;
   uint32_t buf[16] = {0};
   expect_error(run1("v_mov_b32 v1, 0\nglobal_load_dword v2, v1, s[0:1] offset:64\n@WAITV@\n"
                     "s_endpgm\n", buf, sizeof(buf)), "out of bounds");
   expect_ok(run1("v_mov_b32 v1, 0\nglobal_load_dword v2, v1, s[0:1] offset:60\n@WAITV@\n"
                  "s_endpgm\n", buf, sizeof(buf)));
   expect_error(run1("s_load_dword s4, s[0:1], 0x40\n@WAITK@\ns_endpgm\n", buf, sizeof(buf)),
                "out of bounds");
   struct aco_emu_launch l;
   base_launch(&l);
   l.scratch_bytes_per_lane = 16;
   expect_error(run_full("@FLATSCR@\nv_mov_b32 v1, 16\nscratch_store_dword v1, v1, off\n"
                         "s_endpgm\n", &l, buf, sizeof(buf), NULL, 0), "out of bounds");
   expect_ok(run_full("@FLATSCR@\nv_mov_b32 v1, 12\nscratch_store_dword v1, v1, off\ns_endpgm\n",
                      &l, buf, sizeof(buf), NULL, 0));
   if (level < ACO_GFX1100) /* gfx1030 scratch needs FLAT_SCRATCH written by the wave */
      expect_error(run_full("v_mov_b32 v1, 12\nscratch_store_dword v1, v1, off\ns_endpgm\n", &l,
                            buf, sizeof(buf), NULL, 0), "scratch setup");
   l.lds_bytes = 256;
   expect_error(run_full("v_mov_b32 v1, 256\nds_write_b32 v1, v1\ns_endpgm\n", &l, buf,
                         sizeof(buf), NULL, 0), "out of bounds");
   expect_ok(run_full("v_mov_b32 v1, 252\nds_write_b32 v1, v1\ns_endpgm\n", &l, buf,
                      sizeof(buf), NULL, 0));
   /* code is mapped read-only */
   l.user_sgprs[0] = (uint32_t)CODE_ADDR;
   l.user_sgprs[1] = (uint32_t)(CODE_ADDR >> 32);
   expect_error(run_full("v_mov_b32 v1, 0\nglobal_store_dword v1, v1, s[0:1]\ns_endpgm\n", &l,
                         buf, sizeof(buf), NULL, 0), "out of bounds");
}

static void
test_detect_allocation(void **state)
{
   (void)state;
   uint32_t buf[4];
   struct aco_emu_launch l;
   base_launch(&l);
   l.num_sgprs = 16;
   l.num_vgprs = 8;
   expect_error(run_full("s_mov_b32 s16, 0\ns_endpgm\n", &l, buf, sizeof(buf), NULL, 0),
                "register beyond allocation");
   expect_error(run_full("v_mov_b32 v8, 0\ns_endpgm\n", &l, buf, sizeof(buf), NULL, 0),
                "register beyond allocation");
   expect_ok(run_full("s_mov_b32 s15, 0\nv_mov_b32 v7, 0\ns_mov_b32 vcc_lo, 0\ns_endpgm\n", &l,
                      buf, sizeof(buf), NULL, 0));
   if (level >= ACO_GFX1100) {
      /* no VGPR after they are released */
      expect_error(run_full("s_nop 0\ns_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\nv_mov_b32 v0, 0\ns_endpgm\n",
                            &l, buf, sizeof(buf), NULL, 0), "register beyond allocation");
      expect_ok(run_full("v_mov_b32 v0, 0\ns_nop 0\ns_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\ns_endpgm\n",
                         &l, buf, sizeof(buf), NULL, 0));
   }
}

static void
test_detect_outstanding(void **state)
{
   (void)state;
   uint32_t buf[16] = {1, 2, 3, 4};
   /* SMEM: read before the wait, and two outstanding with a wait for one */
   expect_error(run1("s_load_dword s4, s[0:1], 0x0\ns_add_u32 s5, s4, 1\ns_endpgm\n", buf,
                     sizeof(buf)), "outstanding load");
   expect_error(run1("s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x4\n@WAITK1@\n"
                     "s_add_u32 s6, s4, 1\ns_endpgm\n", buf, sizeof(buf)), "outstanding load");
   expect_ok(run1("s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x4\n@WAITK@\n"
                  "s_add_u32 s6, s4, s5\ns_endpgm\n", buf, sizeof(buf)));
   /* overwriting a pending destination */
   expect_error(run1("s_load_dword s4, s[0:1], 0x0\ns_mov_b32 s4, 0\ns_endpgm\n", buf,
                     sizeof(buf)), "outstanding load");
   /* two loads on one in-order counter may write the same register (d16 halves); two
    * SMEM loads may not (they return out of order) */
   uint32_t h[4] = {0x1111aaaa, 0x2222bbbb};
   const char *halves = "v_mov_b32 v1, 0\n"
                        "global_load_short_d16 v2, v1, s[0:1]\n"
                        "global_load_short_d16_hi v2, v1, s[0:1] offset:4\n"
                        "@WAITV@\n"
                        "global_store_dword v1, v2, s[0:1] offset:8\n"
                        "s_endpgm\n";
   expect_ok(run1(halves, h, sizeof(h)));
   assert_int_equal(h[2], 0xbbbbaaaa);
   expect_error(run1("s_load_dword s4, s[0:1], 0x0\ns_load_dword s4, s[0:1], 0x4\n@WAITK@\n"
                     "s_endpgm\n", buf, sizeof(buf)), "outstanding load");
   /* vector loads complete in order: vmcnt(1) covers the first of two */
   const char *two =
      "v_mov_b32 v1, 0\n"
      "global_load_dword v2, v1, s[0:1]\n"
      "global_load_dword v3, v1, s[0:1] offset:4\n"
      "@WAITV1@\n"
      "v_add_nc_u32 v4, v2, 1\n"
      "%s"
      "s_endpgm\n";
   char text[512];
   snprintf(text, sizeof(text), two, "");
   expect_ok(run1(text, buf, sizeof(buf)));
   snprintf(text, sizeof(text), two, "v_add_nc_u32 v4, v3, 1\n");
   expect_error(run1(text, buf, sizeof(buf)), "outstanding load");
   /* DS */
   struct aco_emu_launch l;
   base_launch(&l);
   l.lds_bytes = 64;
   expect_error(run_full("v_mov_b32 v1, 0\nds_read_b32 v2, v1\nv_mov_b32 v3, v2\ns_endpgm\n",
                         &l, buf, sizeof(buf), NULL, 0), "outstanding load");
   expect_ok(run_full("v_mov_b32 v1, 0\nds_read_b32 v2, v1\n@WAITD@\nv_mov_b32 v3, v2\n"
                      "s_endpgm\n", &l, buf, sizeof(buf), NULL, 0));
}

static void
test_detect_barrier_store(void **state)
{
   (void)state;
   uint32_t buf[4];
   struct aco_emu_launch l;
   base_launch(&l);
   l.block[0] = 2 * wave;
   l.lds_bytes = 1024;
   expect_error(run_full("v_lshlrev_b32 v1, 2, v0\nds_write_b32 v1, v0\n@BARRIER@\ns_endpgm\n",
                         &l, buf, sizeof(buf), NULL, 0), "store before barrier");
   expect_ok(run_full("v_lshlrev_b32 v1, 2, v0\nds_write_b32 v1, v0\n@WAITD@\n@BARRIER@\n"
                      "s_endpgm\n", &l, buf, sizeof(buf), NULL, 0));
   expect_error(run_full("v_mov_b32 v1, 0\nglobal_store_dword v1, v0, s[0:1]\n@BARRIER@\n"
                         "s_endpgm\n", &l, buf, sizeof(buf), NULL, 0), "store before barrier");
   expect_ok(run_full("v_mov_b32 v1, 0\nglobal_store_dword v1, v0, s[0:1]\n@WAITS@\n"
                      "@BARRIER@\ns_endpgm\n", &l, buf, sizeof(buf), NULL, 0));
}

static void
test_detect_scalar_cache(void **state)
{
   (void)state;
   uint32_t buf[16] = {0};
   expect_error(run1("v_mov_b32 v1, 0\nglobal_store_dword v1, v1, s[0:1] offset:8\n@WAITS@\n"
                     "s_load_dword s4, s[0:1], 0x8\n@WAITK@\ns_endpgm\n", buf, sizeof(buf)),
                "scalar cache");
   expect_ok(run1("v_mov_b32 v1, 0\nglobal_store_dword v1, v1, s[0:1] offset:8\n@WAITS@\n"
                  "s_load_dword s4, s[0:1], 0xc\n@WAITK@\ns_endpgm\n", buf, sizeof(buf)));
}

/* A callee at `callee` that must preserve what amdgpu_gfx preserves. */
static const char *abi_caller =
   "v_mov_b32 v40, 40\n"
   "v_mov_b32 v41, v0\n"
   "v_mov_b32 v1, 1\n"
   "s_mov_b32 s64, 64\n"
   "s_mov_b32 s32, 0\n"
   "v_cmp_gt_u32 @VCC@, 4, v0\n"
   "@MOVM@ @MASK@, @EXEC@\n"
   "@MOVM@ @EXEC@, @VCC@\n"
   "s_getpc_b64 s[30:31]\n"
   "s_add_u32 s30, s30, callee-.\n"
   "s_addc_u32 s31, s31, 0\n"
   "s_swappc_b64 s[30:31], s[30:31]\n"
   "@MOVM@ @EXEC@, @MASK@\n"
   "%s" /* after the call */
   "v_mov_b32 v2, 0\n"
   "global_store_dword v2, v40, s[0:1]\n"
   "s_endpgm\n"
   "callee:\n"
   "%s" /* the body */
   "s_setpc_b64 s[30:31]\n";

static struct run
run_abi(const char *after, const char *body)
{
   char text[2048];
   snprintf(text, sizeof(text), abi_caller, after, body);
   uint32_t buf[4];
   struct aco_emu_launch l;
   base_launch(&l);
   l.abi_check = true;
   return run_full(text, &l, buf, sizeof(buf), NULL, 0);
}

/* Garbage stored to the lane's private scratch is no use of it (a spill of a value some
 * lanes never computed); the address of a scratch access still is. */
static struct run
run_abi_scratch(const char *body)
{
   char text[2048];
   snprintf(text, sizeof(text), abi_caller, "", body);
   uint32_t buf[4];
   struct aco_emu_launch l;
   base_launch(&l);
   l.abi_check = true;
   l.scratch_bytes_per_lane = 64;
   return run_full(text, &l, buf, sizeof(buf), NULL, 0);
}

static void
test_abi_scratch(void **state)
{
   (void)state;
   expect_ok(run_abi_scratch("@FLATSCR@\nv_mov_b32 v36, 0\nscratch_store_dword v36, v33, off offset:8\n"
                             "scratch_load_dword v34, v36, off offset:8\n@WAITV@\n"));
   /* the same garbage stored to memory others see is a use */
   expect_error(run_abi_scratch("v_mov_b32 v37, 4\nglobal_store_dword v37, v33, s[0:1]\n"),
                "abi: use of v33 lane 0 as the address, descriptor or data of a memory access");
   expect_error(run_abi_scratch("@FLATSCR@\nscratch_store_dword v33, v1, off offset:8\n"),
                "abi: use of v33 lane 0 as the address");
}

/* An SGPR swap through three s_xor moves the garbage with the value (the xors mix it, the
 * swap does not): the clean value swapped in is clean, the garbage swapped out is not. */
static void
test_abi_xor_swap(void **state)
{
   (void)state;
   const char *swap = "s_mov_b32 s41, 7\ns_xor_b32 s40, s40, s41\ns_mov_b32 s42, 1\n"
                      "s_xor_b32 s41, s41, s40\ns_xor_b32 s40, s40, s41\n";
   char text[512];
   snprintf(text, sizeof(text), "%ss_cmp_eq_u32 s40, 0\ns_cbranch_scc1 skip\nskip:\n", swap);
   expect_ok(run_abi("", text));
   snprintf(text, sizeof(text), "%ss_cmp_eq_u32 s41, 0\ns_cbranch_scc1 skip\nskip:\n", swap);
   expect_error(run_abi("", text), "abi: use of scc as a branch condition");
}

/* Sums and products carry only upward: a 16-bit value's product (garbage in the upper
 * halves) has clean low bytes, which a 16-bit store may use; its upper bytes stay garbage. */
static void
test_abi_upward(void **state)
{
   (void)state;
   const char *mul = "v_mov_b32 v37, 4\nglobal_load_short_d16 v33, v37, s[0:1]\n@WAITV@\n"
                     "v_mul_lo_u32 v34, v33, v33\nv_add_nc_u32 v34, v34, v33\n";
   char text[512];
   snprintf(text, sizeof(text), "%sglobal_store_short v37, v34, s[0:1]\n", mul);
   expect_ok(run_abi("", text));
   snprintf(text, sizeof(text), "%sglobal_store_dword v37, v34, s[0:1]\n", mul);
   expect_error(run_abi("", text), "abi: use of v34 lane 0 as the address");
}

static void
test_detect_abi(void **state)
{
   (void)state;
   /* a correct callee: uses clobbered registers, saves/restores a preserved one */
   expect_ok(run_abi("v_mov_b32 v3, v0\n",
                     "v_mov_b32 v33, 5\ns_mov_b32 s40, 1\nv_add_nc_u32 v0, 5, v1\nv_add_nc_u32 v0, v0, v33\n"
                     "v_mov_b32 v20, v40\nv_mov_b32 v40, 7\nv_mov_b32 v40, v20\n"));
   /* a preserved VGPR changed in an active lane */
   expect_error(run_abi("", "v_mov_b32 v40, 7\n"), "abi: preserved v40");
   /* a preserved SGPR changed */
   expect_error(run_abi("", "s_mov_b32 s64, 0\n"), "abi: preserved s64");
   /* an inactive lane of a clobbered VGPR changed (whole-wave write) */
   expect_error(run_abi("", "@MOVM@ @MASK2@, @EXEC@\n@MOVM@ @EXEC@, -1\nv_mov_b32 v5, 9\n"
                        "@MOVM@ @EXEC@, @MASK2@\n"),
                "abi: inactive lane of v5");
   /* garbage (a clobbered register the callee did not write) goes through values: a
    * result computed from it is garbage too, and only a use that changes what the program
    * does is an error */
   expect_ok(run_abi("", "v_not_b32 v3, v33\nv_add_nc_u32 v4, v3, 1\nv_mov_b32 v5, v4\n"
                         "s_add_u32 s3, s40, 1\ns_cmp_eq_u32 s3, 0\ns_cselect_b32 s36, s3, 1\n"));
   /* store data, store address, load address, a scalar load's base */
   expect_error(run_abi("", "v_not_b32 v3, v33\nv_mov_b32 v34, 4\n"
                            "global_store_dword v34, v3, s[0:1]\n"),
                "abi: use of v3 lane 0 as the address, descriptor or data of a memory access");
   expect_error(run_abi("", "global_store_dword v33, v1, s[0:1]\n"),
                "abi: use of v33 lane 0 as the address, descriptor or data of a memory access");
   expect_error(run_abi("", "v_add_nc_u32 v3, 4, v33\nglobal_load_dword v4, v3, s[0:1]\n"),
                "abi: use of v3 lane 0 as the address");
   expect_error(run_abi("", "s_load_dword s36, s[40:41], 0x0\n"),
                "abi: use of s40 as the address of a scalar load");
   /* a branch condition: scc from garbage, vcc from garbage */
   expect_error(run_abi("", "s_add_u32 s3, s40, 1\ns_cmp_eq_u32 s3, 0\ns_cbranch_scc1 skip\n"
                            "skip:\n"),
                "abi: use of scc as a branch condition");
   expect_error(run_abi("", "v_cmp_eq_u32 @VCC@, 0, v33\ns_cbranch_vccz skip\nskip:\n"),
                "abi: use of vcc");
   /* exec, a jump target, a register index (m0 is clobbered) */
   expect_error(run_abi("", "v_cmpx_eq_u32 0, v33\n"), "abi: use of v33 lane 0 as exec");
   expect_error(run_abi("", "s_setpc_b64 s[40:41]\n"), "abi: use of s40 as a jump target");
   expect_error(run_abi("", "s_movrels_b32 s3, s4\n"), "abi: use of m0 as a register index");
   /* a plain move (a parallel copy, a whole-wave copy of a linear VGPR) takes the garbage
    * along: using the copy is the error */
   expect_ok(run_abi("", "s_mov_b32 s3, s40\ns_mov_b64 s[36:37], s[40:41]\n"));
   expect_error(run_abi("", "s_mov_b64 s[36:37], s[40:41]\ns_add_u32 s38, s37, 1\n"
                            "s_cmp_eq_u32 s38, 0\ns_cbranch_scc1 skip\nskip:\n"),
                "abi: use of scc as a branch condition");
   expect_ok(run_abi("", "v_mov_b32 v3, v33\nv_swap_b32 v4, v3\n"));
   expect_error(run_abi("", "v_mov_b32 v3, v33\nv_swap_b32 v4, v3\nv_not_b32 v5, v4\n"
                            "global_store_dword v5, v1, s[0:1]\n"),
                "abi: use of v5 lane 0 as the address");
   /* v_readfirstlane with no lane active reads lane 0: the SGPR takes the poison */
   expect_ok(run_abi("", "@MOVM@ @MASK2@, @EXEC@\n@MOVM@ @EXEC@, 0\nv_readfirstlane_b32 s40, v33\n"
                         "@MOVM@ @EXEC@, @MASK2@\n"));
   expect_error(run_abi("", "v_readfirstlane_b32 s40, v33\ns_load_dword s36, s[40:41], 0x0\n"),
                "abi: use of s40 as the address of a scalar load");
   /* the caller uses an argument register the callee did not write */
   expect_error(run_abi("v_not_b32 v3, v1\nv_add_nc_u32 v40, v40, v3\n", ""),
                "abi: use of v40 lane 0 as the address, descriptor or data of a memory access");
   /* the caller uses a clobbered register in an inactive lane: fine */
   expect_ok(run_abi("v_cmp_le_u32 @VCC@, 4, v41\n@MOVM@ @EXEC@, @VCC@\nv_mov_b32 v3, v33\n"
                     "v_mov_b32 v2, 0\nglobal_store_dword v2, v3, s[0:1] offset:4\n"
                     "@MOVM@ @EXEC@, @MASK@\n", ""));
   /* a preserved register the callee computed from garbage, though equal to what it held */
   expect_error(run_abi("", "s_xor_b32 s3, s40, s40\ns_add_u32 s64, s64, s3\n"),
                "abi: preserved s64 holds garbage at the return of the call");
}

/* Poison through values, lane by lane and byte by byte. */
static void
test_abi_poison_propagation(void **state)
{
   (void)state;
   /* llc-19: only the low dword of a 64-bit multiply-add whose high addend dword is garbage
    * is used; the high dword is garbage */
   const char *mad = "v_mov_b32 v33, 5\nv_mad_u64_u32 v[35:36], null, 7, 3, v[33:34]\n"
                     "v_mov_b32 v37, 4\n";
   char text[512];
   snprintf(text, sizeof(text), "%sglobal_store_dword v37, v35, s[0:1]\n", mad);
   expect_ok(run_abi("", text));
   snprintf(text, sizeof(text), "%sglobal_store_dword v37, v36, s[0:1]\n", mad);
   expect_error(run_abi("", text), "abi: use of v36 lane 0 as the address");
   /* a 16-bit value inserted into the low half of a garbage register (v_perm_b32, a 16-bit
    * result, SDWA on gfx1030): the low half is fine to store, the whole register is not */
   const char *perm = "v_mov_b32 v34, 0x1234\nv_perm_b32 v33, v33, v34, 0x7060100\n"
                      "v_mov_b32 v37, 4\n";
   snprintf(text, sizeof(text), "%sglobal_store_short v37, v33, s[0:1]\n", perm);
   expect_ok(run_abi("", text));
   snprintf(text, sizeof(text), "%sglobal_store_short_d16_hi v37, v33, s[0:1]\n", perm);
   expect_error(run_abi("", text), "abi: use of v33 lane 0 as the address");
   snprintf(text, sizeof(text), "%sglobal_store_dword v37, v33, s[0:1]\n", perm);
   expect_error(run_abi("", text), "abi: use of v33 lane 0 as the address");
   /* the high byte of the result taken from the clean register is clean */
   expect_ok(run_abi("", "v_mov_b32 v34, 0x1234\nv_perm_b32 v35, v33, v34, 0x0c0c0c01\n"
                         "v_mov_b32 v37, 4\nglobal_store_dword v37, v35, s[0:1]\n"));
   if (level >= ACO_GFX1100) {
      /* v_readfirstlane takes the bytes' poison into the SGPR: a 16-bit compare of its low
       * half is fine, a 32-bit one is garbage */
      expect_ok(run_abi("", "v_add_nc_u16 v33, 7, 0\nv_readfirstlane_b32 s36, v33\n"
                            "v_cmp_eq_u16_e64 @VCC@, s36, 7\ns_cbranch_vccz skip\nskip:\n"));
      expect_error(run_abi("", "v_add_nc_u16 v33, 7, 0\nv_readfirstlane_b32 s36, v33\n"
                               "s_cmp_eq_u32 s36, 7\ns_cbranch_scc1 skip\nskip:\n"),
                   "abi: use of scc as a branch condition");
      /* moves and bitwise logic keep the poison byte by byte (back into a VGPR too) */
      const char *back = "v_add_nc_u16 v33, 7, 0\nv_readfirstlane_b32 s36, v33\n"
                         "v_mov_b32 v34, s36\nv_and_b32 v35, 0xff, v34\nv_mov_b32 v37, 4\n";
      snprintf(text, sizeof(text), "%sglobal_store_short v37, v34, s[0:1]\n"
                                   "global_store_short v37, v35, s[0:1]\n", back);
      expect_ok(run_abi("", text));
      snprintf(text, sizeof(text), "%sglobal_store_dword v37, v34, s[0:1]\n", back);
      expect_error(run_abi("", text), "abi: use of v34 lane 0 as the address");
      /* scalar logic and shifts too: an AND with a clean 0 clears the garbage, a shift
       * moves it */
      const char *half = "v_add_nc_u16 v33, 7, 0\nv_readfirstlane_b32 s36, v33\nv_mov_b32 v37, 4\n";
      snprintf(text, sizeof(text), "%ss_and_b32 s37, s36, 0xffff\nv_mov_b32 v34, s37\n"
                                   "global_store_dword v37, v34, s[0:1]\n", half);
      expect_ok(run_abi("", text));
      snprintf(text, sizeof(text), "%ss_lshr_b32 s37, s36, 16\nv_mov_b32 v34, s37\n"
                                   "global_store_short v37, v34, s[0:1]\n", half);
      expect_error(run_abi("", text), "abi: use of v34 lane 0 as the address");
      expect_ok(run_abi("", "v_add_nc_u16 v33, 7, 0\nv_add_nc_u16 v34, v33, 1\n"
                            "v_mov_b32 v37, 4\nglobal_store_short v37, v34, s[0:1]\n"));
      expect_error(run_abi("", "v_add_nc_u16 v33, 7, 0\nv_add_nc_u16 v34, v33, 1 op_sel:[1,0,0]\n"
                               "v_mov_b32 v37, 4\nglobal_store_short v37, v34, s[0:1]\n"),
                   "abi: use of v34 lane 0 as the address");
   } else {
      const char *sdwa = "v_mov_b32 v38, 7\nv_mov_b32_sdwa v33, v38 dst_sel:WORD_0 "
                         "dst_unused:UNUSED_PRESERVE src0_sel:DWORD\nv_mov_b32 v37, 4\n";
      snprintf(text, sizeof(text), "%sglobal_store_short v37, v33, s[0:1]\n", sdwa);
      expect_ok(run_abi("", text));
      snprintf(text, sizeof(text), "%sglobal_store_dword v37, v33, s[0:1]\n", sdwa);
      expect_error(run_abi("", text), "abi: use of v33 lane 0 as the address");
   }
   /* a d16 load fills one half: the other stays garbage */
   expect_ok(run_abi("", "v_mov_b32 v37, 4\nglobal_load_short_d16 v33, v37, s[0:1]\n@WAITV@\n"
                         "global_store_short v37, v33, s[0:1]\n"));
   expect_error(run_abi("", "v_mov_b32 v37, 4\nglobal_load_short_d16 v33, v37, s[0:1]\n@WAITV@\n"
                            "global_store_dword v37, v33, s[0:1]\n"),
                "abi: use of v33 lane 0 as the address");
   /* lane by lane: garbage in lane 1 only (written in lane 0 alone) reaches the carry of
    * lane 1 only; lane 0's sum is stored */
   expect_ok(run_abi("", "@MOVM@ @MASK2@, @EXEC@\n@MOVM@ @EXEC@, 1\nv_mov_b32 v33, 9\n"
                         "@MOVM@ @EXEC@, @MASK2@\nv_mov_b32 v38, 0\nv_add_co_u32 v35, @VCC@, v33, 1\n"
                         "v_add_co_ci_u32 v36, @VCC@, 0, v38, @VCC@\n@MOVM@ @EXEC@, 1\n"
                         "v_mov_b32 v37, 4\nglobal_store_dword v37, v36, s[0:1]\n"
                         "@MOVM@ @EXEC@, @MASK2@\n"));
   expect_error(run_abi("", "@MOVM@ @MASK2@, @EXEC@\n@MOVM@ @EXEC@, 1\nv_mov_b32 v33, 9\n"
                            "@MOVM@ @EXEC@, @MASK2@\nv_mov_b32 v38, 0\nv_add_co_u32 v35, @VCC@, v33, 1\n"
                            "v_add_co_ci_u32 v36, @VCC@, 0, v38, @VCC@\n@MOVM@ @EXEC@, 3\n"
                            "v_mov_b32 v37, 4\nglobal_store_dword v37, v36, s[0:1]\n"
                            "@MOVM@ @EXEC@, @MASK2@\n"),
                "abi: use of v36 lane 1 as the address");
   /* lane shuffles carry the garbage of the lane they read */
   expect_error(run_abi("", "v_mov_b32 v37, 4\nds_swizzle_b32 v35, v33 offset:swizzle(BROADCAST,2,0)\n"
                            "@WAITD@\nglobal_store_dword v37, v35, s[0:1]\n"),
                "abi: use of v35 lane 0 as the address");
   expect_ok(run_abi("", "v_mov_b32 v37, 4\nds_swizzle_b32 v35, v33 offset:swizzle(BROADCAST,2,0)\n"
                         "@WAITD@\n"));
}

/* ---- setup ---- */

static void
test_launch_state(void **state)
{
   (void)state;
   /* workgroup ids into s4/s5/s6 (GFX12: ttmp9 and ttmp7 too), user SGPRs, local ids */
   const char *text12 =
      "v_mov_b32 v1, ttmp9\n"
      "v_mov_b32 v2, ttmp7\n";
   char text[2048];
   snprintf(text, sizeof(text),
            "v_mov_b32 v3, s4\n"
            "v_mov_b32 v4, s5\n"
            "v_mov_b32 v5, s6\n"
            "v_mov_b32 v6, s7\n"
            "%s"
            "v_mov_b32 v10, 0\n"
            "v_cmp_eq_u32 @VCC@, 0, v0\n"
            "@SAVEEXEC@ @MASK@, @VCC@\n"
            "s_mul_i32 s9, s5, 16\n"
            "s_add_u32 s8, s4, s9\n"
            "s_lshl_b32 s8, s8, 4\n"
            "v_mov_b32 v7, s8\n"
            "global_store_dword v7, v3, s[0:1]\n"
            "global_store_dword v7, v4, s[0:1] offset:4\n"
            "global_store_dword v7, v6, s[0:1] offset:8\n"
            "%s"
            "s_endpgm\n",
            level >= ACO_GFX1200 ? text12 : "",
            level >= ACO_GFX1200 ? "global_store_dword v7, v1, s[0:1] offset:12\n" : "");
   uint32_t *buf = calloc(4096, 1);
   struct aco_emu_launch l;
   base_launch(&l);
   l.grid[0] = 3;
   l.grid[1] = 2;
   l.user_sgprs[7] = 0xabcd;
   l.num_user_sgprs = 8;
   l.workgroup_id_sgpr[0] = 4;
   l.workgroup_id_sgpr[1] = 5;
   l.workgroup_id_sgpr[2] = 6;
   expect_ok(run_full(text, &l, buf, 4096, NULL, 0));
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 0; x < 3; x++) {
         uint32_t *o = buf + (x + y * 16) * 4;
         assert_int_equal(o[0], x);
         assert_int_equal(o[1], y);
         assert_int_equal(o[2], 0xabcd);
         if (level >= ACO_GFX1200)
            assert_int_equal(o[3], x);
      }
   }
   free(buf);
}

int
main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: test_emu_core gfx1030|gfx1100|gfx1200 32|64\n");
      return 2;
   }
   cpu = argv[1];
   wave = (unsigned)atoi(argv[2]);
   level = !strcmp(cpu, "gfx1030") ? ACO_GFX1030 : !strcmp(cpu, "gfx1100") ? ACO_GFX1100
                                                                          : ACO_GFX1200;
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_salu_edges),
      cmocka_unit_test(test_salu_float),
      cmocka_unit_test(test_branches),
      cmocka_unit_test(test_getpc_high),
      cmocka_unit_test(test_smem_global_flat),
      cmocka_unit_test(test_true16),
      cmocka_unit_test(test_scratch),
      cmocka_unit_test(test_buffer),
      cmocka_unit_test(test_buffer_offset),
      cmocka_unit_test(test_global_atomics),
      cmocka_unit_test(test_lds),
      cmocka_unit_test(test_launch_state),
      cmocka_unit_test(test_detect_unknown_and_jump),
      cmocka_unit_test(test_detect_bounds),
      cmocka_unit_test(test_detect_allocation),
      cmocka_unit_test(test_detect_outstanding),
      cmocka_unit_test(test_detect_barrier_store),
      cmocka_unit_test(test_detect_scalar_cache),
      cmocka_unit_test(test_detect_abi),
      cmocka_unit_test(test_abi_scratch),
      cmocka_unit_test(test_abi_xor_swap),
      cmocka_unit_test(test_abi_upward),
      cmocka_unit_test(test_abi_poison_propagation),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
