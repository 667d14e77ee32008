/* SPDX-License-Identifier: MIT */
/* gfx1030 scratch through a swizzled buffer descriptor (docs/emulator.md "Memory"), in
 * wave32 and wave64 (argv: cpu wave; the test is for gfx1030 only): MUBUF accesses through
 * a descriptor with ADD_TID_ENABLE and SWIZZLE_ENABLE over the wave's scratch reach each
 * lane's own bytes, the same bytes scratch_* instructions reach at the same offsets
 * (soffset counting wave-relative bytes: 4 x wave size per dword of a lane), and every
 * way a descriptor can fail to describe this wave's scratch is an error naming it; with
 * the ABI check, a jump to an amdgpu_cs_chain function hands s[48:51] on only when they
 * hold this wave's descriptor.
 *
 * The programs are LLVM assembly assembled by llvm-mc-19 (emu_asm.c). Each starts by
 * writing FLAT_SCRATCH from SCRATCH_BASE, the address the emulator takes as the wave's
 * scratch base, and then builds the descriptor in s[48:51] from the words given. */
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

#define CODE_ADDR 0x100000000ull
#define BUF_ADDR 0x200000000ull
#define SCRATCH_BASE 0x500010000ull

static unsigned wave;
static const char *cpu;

/* dword 3 of the scratch descriptor: format 32_FLOAT, INDEX_STRIDE (2: 32, 3: 64 lanes),
 * ADD_TID_ENABLE, RESOURCE_LEVEL, OOB_SELECT raw */
static uint32_t
dword3(unsigned lanes)
{
   return 0x30016000u | (lanes == 64 ? 3u : 2u) << 21 | 1u << 23 | 1u << 24;
}

struct desc {
   uint32_t w[4];
};

static struct desc
good_desc(void)
{
   struct desc d = {{(uint32_t)SCRATCH_BASE, (uint32_t)(SCRATCH_BASE >> 32) | 1u << 31,
                     0xffffffffu, dword3(wave)}};
   return d;
}

struct run {
   aco_status status;
   char message[1024];
};

/* Runs body after the scratch setup and the descriptor d (write_flat_scratch false: the
 * wave never writes FLAT_SCRATCH); buf (1 KiB) is at BUF_ADDR, s[0:1] points at it. With
 * a callee table, the ABI check is on. */
static struct run
run_table(const char *body, struct desc d, bool write_flat_scratch, uint32_t *buf,
          const struct aco_emu_callee *table, unsigned num)
{
   char text[4096];
   snprintf(text, sizeof(text),
            "s_mov_b32 s8, 0x%x\n"
            "s_mov_b32 s9, 0x%x\n"
            "%s"
            "s_mov_b32 s48, 0x%x\n"
            "s_mov_b32 s49, 0x%x\n"
            "s_mov_b32 s50, 0x%x\n"
            "s_mov_b32 s51, 0x%x\n"
            "%s",
            (uint32_t)SCRATCH_BASE, (uint32_t)(SCRATCH_BASE >> 32),
            write_flat_scratch ? "s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s8\n"
                                 "s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s9\n"
                               : "",
            d.w[0], d.w[1], d.w[2], d.w[3], body);
   struct emu_asm_target t = {ACO_GFX1030, wave, cpu};
   size_t n;
   uint32_t *code = emu_asm_assemble(&t, text, &n);
   aco_target target = {ACO_GFX1030, wave};
   struct aco_emu *emu = aco_emu_create(NULL, target);
   assert_non_null(emu);
   assert_int_equal(aco_emu_load_code(emu, code, n * 4, CODE_ADDR), ACO_SUCCESS);
   assert_int_equal(aco_emu_map(emu, BUF_ADDR, buf, 1024, 0), ACO_SUCCESS);
   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   for (unsigned i = 0; i < 3; i++) {
      l.grid[i] = 1;
      l.block[i] = 1;
      l.workgroup_id_sgpr[i] = -1;
   }
   l.block[0] = wave;
   l.num_sgprs = 106;
   l.num_vgprs = 32;
   l.user_sgprs[0] = (uint32_t)BUF_ADDR;
   l.user_sgprs[1] = (uint32_t)(BUF_ADDR >> 32);
   l.num_user_sgprs = 2;
   l.local_id = ACO_EMU_LOCAL_ID_THREE_VGPRS;
   l.scratch_bytes_per_lane = 32;
   l.step_limit = 10000;
   l.abi_check = num > 0;
   l.callees = table;
   l.num_callees = num;
   struct run r;
   r.status = aco_emu_run(emu, &l);
   snprintf(r.message, sizeof(r.message), "%s", aco_emu_message(emu));
   aco_emu_destroy(emu);
   free(code);
   return r;
}

static struct run
run(const char *body, struct desc d, bool write_flat_scratch, uint32_t *buf)
{
   return run_table(body, d, write_flat_scratch, buf, NULL, 0);
}

static void
expect_ok(struct run r)
{
   if (r.status != ACO_SUCCESS)
      fail_msg("%s w%u: unexpected error: %s", cpu, wave, r.message);
}

static void
expect_error(struct run r, const char *start, const char *detail)
{
   if (r.status == ACO_SUCCESS)
      fail_msg("%s w%u: expected a '%s' error, the run succeeded", cpu, wave, start);
   if (strncmp(r.message, start, strlen(start)) != 0 || !strstr(r.message, detail) ||
       !strstr(r.message, " at pc 0x"))
      fail_msg("%s w%u: expected '%s' ... '%s' with the pc, got: %s", cpu, wave, start, detail,
               r.message);
}

/* Stores through the descriptor at lane offsets 8 (immediate offset), 16 (voffset 4 plus
 * an soffset of 3 dwords of every lane, 12 x wave size bytes) and a dwordx2 at 24, and
 * reads them back through both views (s12: the wave size); every lane ends up with its own
 * values in buf. */
static const char *const stores_and_loads =
   "v_add_nc_u32 v2, 100, v0\n"
   "v_add_nc_u32 v3, 200, v0\n"
   "v_add_nc_u32 v4, 300, v0\n"
   "v_mov_b32 v1, 4\n"
   "buffer_store_dword v2, off, s[48:51], 0 offset:8\n"
   "s_mul_i32 s10, 12, s12\n"
   "buffer_store_dword v3, v1, s[48:51], s10 offen\n"
   "buffer_store_dwordx2 v[3:4], off, s[48:51], 0 offset:24\n"
   "s_waitcnt_vscnt null, 0\n"
   "scratch_load_dword v5, off, off offset:8\n"
   "scratch_load_dword v6, off, off offset:16\n"
   "buffer_load_dword v7, off, s[48:51], s10 offset:16\n" /* lane offset 28: v4 */
   "buffer_load_dword v8, v1, s[48:51], 0 offen offset:4\n" /* lane offset 8: v2 */
   "s_waitcnt vmcnt(0)\n"
   "v_lshlrev_b32 v9, 2, v0\n"
   "global_store_dword v9, v5, s[0:1]\n"
   "global_store_dword v9, v6, s[0:1] offset:0x100\n"
   "global_store_dword v9, v7, s[0:1] offset:0x200\n"
   "global_store_dword v9, v8, s[0:1] offset:0x300\n"
   "s_endpgm\n";

static void
test_lanes_own_bytes(void **state)
{
   (void)state;
   char body[2048];
   snprintf(body, sizeof(body), "s_mov_b32 s12, %u\n%s", wave, stores_and_loads);
   uint32_t *buf = calloc(1024, 1);
   assert_non_null(buf);
   expect_ok(run(body, good_desc(), true, buf));
   for (unsigned i = 0; i < wave; i++) {
      assert_int_equal(buf[i], 100 + i);
      assert_int_equal(buf[0x40 + i], 200 + i);
      assert_int_equal(buf[0x80 + i], 300 + i);
      assert_int_equal(buf[0xc0 + i], 100 + i);
   }
   free(buf);
}

/* A byte at lane offset 5 through the descriptor is byte 1 of the lane's dword at 4. */
static void
test_bytes(void **state)
{
   (void)state;
   uint32_t *buf = calloc(1024, 1);
   assert_non_null(buf);
   expect_ok(run("v_add_nc_u32 v2, 16, v0\n"
                 "buffer_store_byte v2, off, s[48:51], 0 offset:5\n"
                 "s_waitcnt_vscnt null, 0\n"
                 "scratch_load_dword v3, off, off offset:4\n"
                 "s_waitcnt vmcnt(0)\n"
                 "v_lshlrev_b32 v9, 2, v0\n"
                 "global_store_dword v9, v3, s[0:1]\n"
                 "s_endpgm\n", good_desc(), true, buf));
   for (unsigned i = 0; i < wave; i++)
      assert_int_equal(buf[i], (16 + i) << 8);
   free(buf);
}

static const char *const one_store = "v_mov_b32 v1, 4\n"
                                     "buffer_store_dword v0, v1, s[48:51], 0 offen\n"
                                     "s_endpgm\n";

static void
test_wrong_descriptor(void **state)
{
   (void)state;
   uint32_t *buf = calloc(1024, 1);
   assert_non_null(buf);
   expect_ok(run(one_store, good_desc(), true, buf));
   struct desc d = good_desc();
   d.w[0] += 4 * wave; /* another place: not this wave's scratch */
   expect_error(run(one_store, d, true, buf), "scratch descriptor", "is not this wave's scratch");
   d = good_desc();
   d.w[1] ^= 1; /* high bits of the base */
   expect_error(run(one_store, d, true, buf), "scratch descriptor", "is not this wave's scratch");
   d = good_desc();
   d.w[1] &= ~(1u << 31);
   expect_error(run(one_store, d, true, buf), "scratch descriptor", "SWIZZLE_ENABLE");
   d = good_desc();
   d.w[3] = dword3(wave == 32 ? 64 : 32);
   expect_error(run(one_store, d, true, buf), "scratch descriptor", "index stride");
   expect_error(run(one_store, good_desc(), false, buf), "scratch setup", "FLAT_SCRATCH");
   expect_error(run("v_mov_b32 v1, 4\ns_mov_b32 s10, 4\n"
                    "buffer_store_dword v0, v1, s[48:51], s10 offen\ns_endpgm\n",
                    good_desc(), true, buf),
                "scratch descriptor", "soffset");
   expect_error(run("v_mov_b32 v1, 1\nbuffer_store_dword v0, v1, s[48:51], 0 idxen\ns_endpgm\n",
                    good_desc(), true, buf),
                "scratch descriptor", "idxen");
   free(buf);
}

static void
test_bounds(void **state)
{
   (void)state;
   uint32_t *buf = calloc(1024, 1);
   assert_non_null(buf);
   /* 32 bytes per lane: a dword at 28 fits, at 32 (or 28 + 4 through soffset) does not */
   expect_ok(run("v_mov_b32 v1, 28\nbuffer_store_dword v0, v1, s[48:51], 0 offen\ns_endpgm\n",
                 good_desc(), true, buf));
   expect_error(run("v_mov_b32 v1, 32\nbuffer_store_dword v0, v1, s[48:51], 0 offen\n"
                    "s_endpgm\n", good_desc(), true, buf),
                "out of bounds", "scratch access");
   char body[256];
   snprintf(body, sizeof(body), "s_mov_b32 s10, %u\nv_mov_b32 v1, 28\n"
            "buffer_store_dword v0, v1, s[48:51], s10 offen\ns_endpgm\n", 4 * wave);
   expect_error(run(body, good_desc(), true, buf), "out of bounds", "scratch access");
   /* num_records bounds the offset like a raw buffer: a store past it is dropped */
   struct desc d = good_desc();
   d.w[2] = 8;
   expect_ok(run("v_add_nc_u32 v2, 7, v0\nbuffer_store_dword v2, off, s[48:51], 0 offset:4\n"
                 "buffer_store_dword v2, off, s[48:51], 0 offset:8\ns_waitcnt_vscnt null, 0\n"
                 "scratch_load_dword v3, off, off offset:4\n"
                 "scratch_load_dword v4, off, off offset:8\ns_waitcnt vmcnt(0)\n"
                 "v_lshlrev_b32 v9, 2, v0\nglobal_store_dword v9, v3, s[0:1]\n"
                 "global_store_dword v9, v4, s[0:1] offset:0x100\ns_endpgm\n",
                 d, true, buf));
   for (unsigned i = 0; i < wave; i++) {
      assert_int_equal(buf[i], 7 + i);
      assert_int_equal(buf[0x40 + i], 0);
   }
   free(buf);
}

/* A jump to an amdgpu_cs_chain function (@ch at 0x200, in the callee table) hands on
 * s[48:51] only when they hold this wave's scratch descriptor (LLVM's convention on
 * gfx1030); otherwise the callee reading them as its descriptor reads poison. */
static const char *const chain_jump =
   "v_add_nc_u32 v8, 5, v0\n"
   "s_getpc_b64 s[36:37]\n"
   "s_add_u32 s36, s36, ch-.\n"
   "s_addc_u32 s37, s37, 0\n"
   "s_setpc_b64 s[36:37]\n"
   ".org 0x200\n"
   "ch:\n"
   "buffer_store_dword v8, off, s[48:51], 0 offset:12\n"
   "s_waitcnt_vscnt null, 0\n"
   "scratch_load_dword v9, off, off offset:12\n"
   "s_waitcnt vmcnt(0)\n"
   "v_lshlrev_b32 v10, 2, v8\n"
   "global_store_dword v10, v9, s[0:1] offset:-20\n"
   "s_endpgm\n";

static void
test_chain_jump(void **state)
{
   (void)state;
   struct aco_emu_callee table[1];
   memset(table, 0, sizeof(table));
   table[0].offset = 0x200;
   table[0].name = "ch";
   struct aco_emu_abi *abi = &table[0].abi;
   abi->chain = true;
   abi->argument_sgprs[0] = 0x3;         /* s[0:1]: the buffer */
   abi->argument_vgprs[0] = 1ull << 8;   /* v8 */
   abi->clobbered_sgprs[0] = ~0x3ull;
   abi->clobbered_sgprs[1] = (1ull << (106 - 64)) - 1;
   abi->clobber_vcc_scc_m0 = true;
   uint32_t *buf = calloc(1024, 1);
   assert_non_null(buf);
   expect_ok(run_table(chain_jump, good_desc(), true, buf, table, 1));
   for (unsigned i = 0; i < wave; i++)
      assert_int_equal(buf[i], 5 + i); /* (v8 * 4 - 20) / 4 = lane */
   struct desc d = good_desc();
   d.w[0] += 0x1000;
   expect_error(run_table(chain_jump, d, true, buf, table, 1), "abi: use of s",
                "as the address, descriptor or data of a memory access");
   d = good_desc();
   d.w[3] = dword3(wave == 32 ? 64 : 32);
   expect_error(run_table(chain_jump, d, true, buf, table, 1), "abi: use of s",
                "as the address, descriptor or data of a memory access");
   /* without the check the wrong base is the access's own error */
   d = good_desc();
   d.w[0] += 0x1000;
   expect_error(run(chain_jump, d, true, buf), "scratch descriptor", "is not this wave's scratch");
   free(buf);
}

int
main(int argc, char **argv)
{
   if (argc != 3 || strcmp(argv[1], "gfx1030") || (strcmp(argv[2], "32") && strcmp(argv[2], "64"))) {
      fprintf(stderr, "usage: %s gfx1030 32|64\n", argv[0]);
      return 2;
   }
   cpu = argv[1];
   wave = (unsigned)atoi(argv[2]);
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lanes_own_bytes),
      cmocka_unit_test(test_wrong_descriptor),
      cmocka_unit_test(test_bytes),
      cmocka_unit_test(test_bounds),
      cmocka_unit_test(test_chain_jump),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
