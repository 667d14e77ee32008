/* SPDX-License-Identifier: MIT */
/* The ABI check with a callee table (docs/emulator.md), on gfx1030, gfx1100 and gfx1200
 * in wave32 and wave64 (argv: cpu wave).
 *
 * Hand-written programs (emu_asm.c) call functions at fixed offsets of the code, each
 * with its own convention: @fa and @fc under ABI A (return address s[30:31], stack
 * pointer s32), @fb under ABI B (s[16:17], s18), @fr (A) recursing 120 deep, and calls
 * nested across the two conventions. Each wrong
 * callee must give its error, each corrected twin none. Then the table libaco builds for
 * a program (aco_emu_callees_for_symbols) on functions parsed from the text form, and a
 * call compiled by libaco run against the table of its binary (skipped while aco_compile
 * does not compile calls). */
#include "emu/emu.h"
#include "emu_asm.h"
#include "ir/interp.h"
#include "isel/entry_abi.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct emu_asm_target target;

#define CODE_ADDR 0x100000000ull
#define BUF_ADDR 0x200000000ull
#define FA 0x200u
#define FB 0x300u
#define FC 0x400u
#define FR 0x500u
#define NOTFN 0x600u

/* ---- the conventions ---- */

static void
set_regs(uint64_t *set, unsigned first, unsigned last)
{
   for (unsigned r = first; r <= last; r++)
      set[r / 64] |= 1ull << (r % 64);
}

static bool
has_reg(const uint64_t *set, unsigned r)
{
   return (set[r / 64] >> (r % 64)) & 1;
}

/* Every SGPR below 106 in no other set is clobbered. */
static void
clobber_rest(struct aco_emu_abi *abi)
{
   for (unsigned s = 0; s < 106; s++) {
      if (!has_reg(abi->preserved_sgprs, s) && !has_reg(abi->argument_sgprs, s))
         set_regs(abi->clobbered_sgprs, s, s);
   }
   abi->clobber_vcc_scc_m0 = true;
}

/* A: preserved s0-s3, s30-s34, s64-s105, v40-v63; arguments s4-s5, v0-v7. */
static struct aco_emu_abi
abi_a(void)
{
   struct aco_emu_abi abi;
   memset(&abi, 0, sizeof(abi));
   set_regs(abi.preserved_sgprs, 0, 3);
   set_regs(abi.preserved_sgprs, 30, 34);
   set_regs(abi.preserved_sgprs, 64, 105);
   set_regs(abi.argument_sgprs, 4, 5);
   set_regs(abi.preserved_vgprs, 40, 63);
   set_regs(abi.argument_vgprs, 0, 7);
   clobber_rest(&abi);
   abi.return_address_sgpr = 30;
   abi.stack_pointer_sgpr = 32;
   return abi;
}

/* B: preserved s0-s3, s16-s23, s64-s105, v8-v15, v40-v63 (as A: what A preserves and B
 * does not, A saves around a call to B); arguments s4-s5, v0-v3. */
static struct aco_emu_abi
abi_b(void)
{
   struct aco_emu_abi abi;
   memset(&abi, 0, sizeof(abi));
   set_regs(abi.preserved_sgprs, 0, 3);
   set_regs(abi.preserved_sgprs, 16, 23);
   set_regs(abi.preserved_sgprs, 64, 105);
   set_regs(abi.argument_sgprs, 4, 5);
   set_regs(abi.preserved_vgprs, 8, 15);
   set_regs(abi.preserved_vgprs, 40, 63);
   set_regs(abi.argument_vgprs, 0, 3);
   clobber_rest(&abi);
   abi.return_address_sgpr = 16;
   abi.stack_pointer_sgpr = 18;
   return abi;
}

/* A that also preserves v8-v15: a tail call from A may go there. */
static struct aco_emu_abi
abi_a_wider(void)
{
   struct aco_emu_abi abi = abi_a();
   set_regs(abi.preserved_vgprs, 8, 15);
   return abi;
}

/* ---- the programs ---- */

#define CALL_FA "s_getpc_b64 s[30:31]\ns_add_u32 s30, s30, fa-.\ns_addc_u32 s31, s31, 0\n" \
                "s_swappc_b64 s[30:31], s[30:31]\n"
/* B's stack pointer is set before each call: it is A's s18, which A clobbers */
#define CALL_FB "s_mov_b32 s18, 0x400\n" \
                "s_getpc_b64 s[16:17]\ns_add_u32 s16, s16, fb-.\ns_addc_u32 s17, s17, 0\n" \
                "s_swappc_b64 s[16:17], s[16:17]\n"
#define TAIL(label) "s_getpc_b64 s[36:37]\ns_add_u32 s36, s36, " label "-.\n" \
                    "s_addc_u32 s37, s37, 0\ns_setpc_b64 s[36:37]\n"
/* the result each callee computes from the lane id in v41 */
#define FA_RESULT "v_add_nc_u32 v0, 1, v41\n"
#define FB_RESULT "v_add_nc_u32 v0, 100, v41\n"

/* The caller runs `calls` in lanes 0-3, then stores v40 of every lane. */
static const char *program =
   "@FLATSCR@\n"
   "s_mov_b32 s32, 0\n"
   "s_mov_b32 s33, 33\n"
   "s_mov_b32 s64, 64\n"
   "v_mov_b32 v40, 40\n"
   "v_mov_b32 v41, v0\n"
   "v_mov_b32 v42, 42\n"
   "v_cmp_gt_u32 @VCC@, 4, v0\n"
   "@MOVM@ @MASK3@, @EXEC@\n"
   "@MOVM@ @EXEC@, @VCC@\n"
   "%s" /* calls */
   "@MOVM@ @EXEC@, @MASK3@\n"
   "v_lshlrev_b32 v2, 2, v41\n"
   "global_store_dword v2, v40, s[0:1]\n"
   "s_endpgm\n"
   ".org 0x200\n"
   "fa:\n%s"
   "s_setpc_b64 s[30:31]\n"
   ".org 0x300\n"
   "fb:\n%s"
   "s_setpc_b64 s[16:17]\n"
   ".org 0x400\n"
   "fc:\n%s"
   "s_setpc_b64 s[30:31]\n"
   ".org 0x500\n"
   /* v0 = s4: each level saves its return address on the stack and adds 1 */
   "fr:\n"
   "s_cmp_eq_u32 s4, 0\n"
   "s_cbranch_scc0 fr_deeper\n"
   "v_mov_b32 v0, 0\n"
   "s_setpc_b64 s[30:31]\n"
   "fr_deeper:\n"
   "s_sub_u32 s4, s4, 1\n"
   "v_mov_b32 v20, s30\n"
   "v_mov_b32 v21, s31\n"
   "scratch_store_dwordx2 off, v[20:21], s32\n"
   "s_add_u32 s32, s32, 8\n"
   "s_getpc_b64 s[30:31]\n"
   "s_sub_u32 s30, s30, .-fr\n" /* backwards: the borrow goes to the high half */
   "s_subb_u32 s31, s31, 0\n"
   "s_swappc_b64 s[30:31], s[30:31]\n"
   "s_sub_u32 s32, s32, 8\n"
   "scratch_load_dwordx2 v[20:21], off, s32\n"
   "@WAITV@\n"
   "v_readfirstlane_b32 s30, v20\n"
   "v_readfirstlane_b32 s31, v21\n"
   "v_add_nc_u32 v0, 1, v0\n"
   "s_nop 4\n"
   "s_setpc_b64 s[30:31]\n"
   ".org 0x600\n"
   "notfn:\n"
   "s_setpc_b64 s[30:31]\n";

struct bodies {
   const char *calls, *fa, *fb, *fc;
};

struct run {
   aco_status status;
   char message[1024];
   uint32_t out[64];
};

/* Assembles the program with these bodies and runs it in one wave (lanes 0-3 call) with
 * the table; out receives v40 of every lane. */
static struct run
run_table(struct bodies b, const struct aco_emu_callee *table, unsigned num, bool abi_check)
{
   char text[8192];
   snprintf(text, sizeof(text), program, b.calls, b.fa ? b.fa : "", b.fb ? b.fb : "",
            b.fc ? b.fc : "");
   size_t n;
   uint32_t *code = emu_asm_assemble(&target, text, &n);
   aco_target t = {target.level, target.wave};
   struct aco_emu *emu = aco_emu_create(NULL, t);
   assert_non_null(emu);
   assert_int_equal(aco_emu_load_code(emu, code, n * 4, CODE_ADDR), ACO_SUCCESS);
   struct run r;
   memset(&r, 0, sizeof(r));
   assert_int_equal(aco_emu_map(emu, BUF_ADDR, r.out, sizeof(r.out), 0), ACO_SUCCESS);
   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   for (unsigned i = 0; i < 3; i++) {
      l.grid[i] = l.block[i] = 1;
      l.workgroup_id_sgpr[i] = -1;
   }
   l.block[0] = target.wave;
   l.num_sgprs = 106;
   l.num_vgprs = 64;
   l.user_sgprs[0] = (uint32_t)BUF_ADDR;
   l.user_sgprs[1] = (uint32_t)(BUF_ADDR >> 32);
   l.num_user_sgprs = 2;
   l.local_id = target.level >= ACO_GFX1100 ? ACO_EMU_LOCAL_ID_PACKED
                                            : ACO_EMU_LOCAL_ID_THREE_VGPRS;
   l.scratch_bytes_per_lane = 2048;
   l.step_limit = 100000;
   l.abi_check = abi_check;
   l.callees = table;
   l.num_callees = num;
   r.status = aco_emu_run(emu, &l);
   snprintf(r.message, sizeof(r.message), "%s", aco_emu_message(emu));
   aco_emu_destroy(emu);
   free(code);
   return r;
}

/* fa, fb, fc, fr at their offsets; fc as wide as A or wider. */
static struct run
run_prog(struct bodies b)
{
   struct aco_emu_callee table[4] = {
      {FA, "fa", abi_a()},
      {FB, "fb", abi_b()},
      {FC, "fc", abi_a_wider()},
      {FR, "fr", abi_a()},
   };
   return run_table(b, table, 4, true);
}

static void
expect_ok(struct run r)
{
   if (r.status != ACO_SUCCESS)
      fail_msg("%s w%u: unexpected error: %s", target.cpu, target.wave, r.message);
}

static void
expect_error(struct run r, const char *what)
{
   if (r.status == ACO_SUCCESS)
      fail_msg("%s w%u: expected \"%s\", the run succeeded", target.cpu, target.wave, what);
   if (!strstr(r.message, what))
      fail_msg("%s w%u: expected \"%s\", got: %s", target.cpu, target.wave, what, r.message);
}

/* v40 of lanes 0-3 became 40 + `add` + lane (times `per_lane`); the others kept 40 */
static void
expect_out(const struct run *r, uint32_t add, uint32_t per_lane)
{
   for (unsigned i = 0; i < target.wave; i++)
      assert_int_equal(r->out[i], i < 4 ? 40 + add + per_lane * i : 40);
}

/* ---- calls under two conventions ---- */

static void
test_two_abis(void **state)
{
   (void)state;
   /* both callees use what their ABI clobbers: s33 is preserved by A, not by B */
   struct bodies ok = {CALL_FA "v_add_nc_u32 v40, v40, v0\n" CALL_FB "v_add_nc_u32 v40, v40, v0\n",
                       FA_RESULT "s_mov_b32 s40, 5\ns_mov_b32 s16, 7\nv_mov_b32 v20, 3\n",
                       FB_RESULT "s_mov_b32 s33, 9\ns_mov_b32 s30, 9\nv_mov_b32 v20, 1\n", NULL};
   struct run r = run_prog(ok);
   expect_ok(r);
   expect_out(&r, 101, 2);

   struct bodies b = ok;
   b.fa = FA_RESULT "s_mov_b32 s33, 0\n";
   expect_error(run_prog(b), "abi: preserved s33 changed across the call to @fa");
   b = ok;
   b.fb = FB_RESULT "s_mov_b32 s64, 0\n";
   expect_error(run_prog(b), "abi: preserved s64 changed across the call to @fb");
   /* v8 is preserved by B only */
   b = ok;
   b.fa = FA_RESULT "v_mov_b32 v8, 1\n";
   expect_ok(run_prog(b));
   b.fb = FB_RESULT "v_mov_b32 v8, 2\n";
   expect_error(run_prog(b), "abi: preserved v8 lane 0 changed across the call to @fb");
   /* arguments the callee did not write are garbage after the return (v40 is stored) */
   b = ok;
   b.calls = CALL_FB "v_add_nc_u32 v40, v40, v3\n";
   expect_error(run_prog(b), "abi: use of v40 lane 0 as the address, descriptor or data");
   /* what A clobbers is garbage in the callee: computing with it is fine, storing it to
    * memory others see is not (to the lane's own scratch it is: a spill) */
   b = ok;
   b.fa = FA_RESULT "v_not_b32 v21, v20\n";
   expect_ok(run_prog(b));
   b.fa = FA_RESULT "v_not_b32 v21, v20\nv_mov_b32 v22, 0\n"
                  "global_store_dword v22, v21, s[0:1]\n";
   expect_error(run_prog(b), "abi: use of v21 lane 0 as the address, descriptor or data");
   /* and in the caller after the return, whatever the callee wrote there */
   b = ok;
   b.calls = CALL_FA "v_add_nc_u32 v40, v40, v20\n";
   expect_error(run_prog(b), "abi: use of v40 lane 0 as the address, descriptor or data");
}

/* fa (A) calls fb (B) in lanes 0-1 of its lanes 0-3, keeping its return address and exec
 * mask in s20-s23, which B preserves and A does not, and s32-s34 (preserved by A, not by
 * B) in lanes 0-2 of v9 (preserved by B). */
#define FA_CALLS_FB(after) \
   FA_RESULT "v_cmp_gt_u32 @VCC@, 2, v41\n@MOVM@ @MASK@, @EXEC@\n@MOVM@ @EXEC@, @VCC@\n" \
   "s_mov_b64 s[22:23], s[30:31]\nv_writelane_b32 v9, s32, 0\nv_writelane_b32 v9, s33, 1\n" \
   "v_writelane_b32 v9, s34, 2\n" CALL_FB "s_mov_b64 s[30:31], s[22:23]\n" \
   "v_readlane_b32 s32, v9, 0\nv_readlane_b32 s33, v9, 1\nv_readlane_b32 s34, v9, 2\n" \
   "@MOVM@ @EXEC@, @MASK@\n" after

static void
test_nested_poison(void **state)
{
   (void)state;
   /* fb saves and restores the lanes of v20 inactive at its call: lanes 2-3 are garbage to
    * fa (A clobbers v20), not to fb, which must keep them */
   const char *save_v20 = FB_RESULT "@XORSAVEEXEC@ @MASK2@, -1\n"
                                    "scratch_store_dword off, v20, s18\nv_mov_b32 v20, 5\n"
                                    "scratch_load_dword v20, off, s18\n@WAITV@\n"
                                    "@MOVM@ @EXEC@, @MASK2@\n";
   struct bodies b = {CALL_FA "v_add_nc_u32 v40, v40, v0\n", FA_CALLS_FB(""), save_v20, NULL};
   struct run r = run_prog(b);
   expect_ok(r);
   /* v0: fb's result in lanes 0-1, fa's in lanes 2-3 */
   for (unsigned i = 0; i < target.wave; i++)
      assert_int_equal(r.out[i], i < 2 ? 140 + i : i < 4 ? 41 + i : 40);
   /* back in fa, lanes 2-3 of v20 are garbage again */
   b.fa = FA_CALLS_FB("v_cmp_le_u32 @VCC@, 2, v41\n@SAVEEXEC@ @MASK2@, @VCC@\nv_not_b32 v21, v20\n"
                      "v_mov_b32 v22, 0\nglobal_store_dword v22, v21, s[0:1]\n@MOVM@ @EXEC@, @MASK@\n");
   expect_error(run_prog(b), "abi: use of v21 lane 2 as the address, descriptor or data");
   /* v8 is garbage to fa (A clobbers it) but preserved by B: fb may save it */
   b.fa = FA_CALLS_FB("");
   b.fb = FB_RESULT "scratch_store_dword off, v8, s18\nv_mov_b32 v8, 3\n"
                    "scratch_load_dword v8, off, s18\n@WAITV@\n";
   expect_ok(run_prog(b));
   /* and it is garbage to fa again after the return */
   b.fa = FA_CALLS_FB("v_not_b32 v21, v8\nv_mov_b32 v22, 0\n"
                      "global_store_dword v22, v21, s[0:1]\n");
   expect_error(run_prog(b), "abi: use of v21 lane 0 as the address, descriptor or data");
}

static void
test_inactive_lanes(void **state)
{
   (void)state;
   /* a preserved VGPR kept in the active lanes but overwritten in the others */
   struct bodies b = {CALL_FA "v_add_nc_u32 v40, v40, v0\n",
                      FA_RESULT "v_mov_b32 v20, v42\n@ORSAVEEXEC@ @MASK2@, -1\nv_mov_b32 v42, 7\n"
                                "@MOVM@ @EXEC@, @MASK2@\nv_mov_b32 v42, v20\n",
                      NULL, NULL};
   expect_error(run_prog(b), "abi: preserved v42 lane 4 changed across the call to @fa");
   /* the same with the whole register saved on the stack and reloaded */
   b.fa = FA_RESULT "@ORSAVEEXEC@ @MASK2@, -1\nscratch_store_dword off, v42, s32\n"
                    "v_mov_b32 v42, 7\nscratch_load_dword v42, off, s32\n@WAITV@\n"
                    "@MOVM@ @EXEC@, @MASK2@\n";
   struct run r = run_prog(b);
   expect_ok(r);
   expect_out(&r, 1, 1);
}

static void
test_stack_pointer(void **state)
{
   (void)state;
   struct bodies b = {CALL_FA "v_add_nc_u32 v40, v40, v0\n" CALL_FB "v_add_nc_u32 v40, v40, v0\n",
                      FA_RESULT "s_add_u32 s32, s32, 16\n", FB_RESULT, NULL};
   expect_error(run_prog(b), "abi: preserved s32 (the stack pointer) changed across the call "
                             "to @fa");
   b.fa = FA_RESULT;
   b.fb = FB_RESULT "s_add_u32 s18, s18, 4\n";
   expect_error(run_prog(b), "abi: preserved s18 (the stack pointer) changed across the call "
                             "to @fb");
   b.fb = FB_RESULT "s_add_u32 s18, s18, 4\nscratch_store_dword off, v41, s18\n"
                    "s_sub_u32 s18, s18, 4\n";
   struct run r = run_prog(b);
   expect_ok(r);
   expect_out(&r, 101, 2);
   /* and the return address, also handed back */
   b.fb = FB_RESULT "s_mov_b64 s[20:21], s[16:17]\ns_mov_b32 s16, 0\ns_setpc_b64 s[20:21]\n";
   expect_error(run_prog(b), "abi: preserved s16 (the return address) changed");
}

static void
test_tail_calls(void **state)
{
   (void)state;
   /* fa hands its call on to fc, which returns to fa's caller */
   struct bodies b = {CALL_FA "v_add_nc_u32 v40, v40, v0\n", "s_mov_b32 s40, 1\n" TAIL("fc"), NULL,
                      FA_RESULT};
   struct run r = run_prog(b);
   expect_ok(r);
   expect_out(&r, 1, 1);
   /* the return is compared with the call's ABI (fa's) */
   b.fc = FA_RESULT "s_mov_b32 s64, 1\n";
   expect_error(run_prog(b), "abi: preserved s64 changed across the call to @fa");
   /* what fc's ABI clobbers is garbage to fc */
   b.fc = FA_RESULT "s_add_u32 s41, s40, 1\ns_cmp_eq_u32 s41, 0\ns_cbranch_scc1 fc_skip\n"
                    "fc_skip:\n";
   expect_error(run_prog(b), "abi: use of scc as a branch condition");
   /* fb does not preserve what fa's caller expects back (s30 first) */
   b.fa = TAIL("fb");
   b.fb = FB_RESULT;
   expect_error(run_prog(b), "abi: tail call to @fb within the call to @fa at pc 0x");
   expect_error(run_prog(b), "its ABI does not preserve s30");
   /* the return address must be the frame's */
   b.fa = "s_mov_b32 s65, s31\ns_mov_b32 s31, 0\n" TAIL("fc");
   b.fc = FA_RESULT "s_mov_b32 s31, s65\n";
   expect_error(run_prog(b), "abi: tail call to @fc within the call to @fa");
   expect_error(run_prog(b), "s[30:31] hold 0x");
   /* a jump to what is no function and not the return */
   b.fa = TAIL("notfn");
   expect_error(run_prog(b), "abi: tail call to 0x600 which is no function of the binary");
   /* a kernel has no return address to hand on */
   b.calls = TAIL("fc");
   b.fa = FA_RESULT;
   expect_error(run_prog(b), "abi: tail call to @fc outside any call");
}

static void
test_bad_calls(void **state)
{
   (void)state;
   struct bodies b = {"s_getpc_b64 s[30:31]\ns_add_u32 s30, s30, notfn-.\ns_addc_u32 s31, s31, 0\n"
                      "s_swappc_b64 s[30:31], s[30:31]\n",
                      FA_RESULT, FB_RESULT, NULL};
   expect_error(run_prog(b), "abi: call to 0x600 which is no function of the binary");
   /* outside the code: the jump's own detector */
   b.calls = "s_mov_b64 s[30:31], 0\ns_swappc_b64 s[30:31], s[30:31]\n";
   expect_error(run_prog(b), "jump outside code");
   b.calls = CALL_FA;
   b.fa = "s_mov_b64 s[36:37], 0\ns_setpc_b64 s[36:37]\n";
   expect_error(run_prog(b), "jump outside code");
   b.fa = FA_RESULT;
   /* into the middle of a function */
   b.calls = "s_getpc_b64 s[30:31]\ns_add_u32 s30, s30, fa-.+4\ns_addc_u32 s31, s31, 0\n"
             "s_swappc_b64 s[30:31], s[30:31]\n";
   expect_error(run_prog(b), "abi: call to 0x204 which is no function of the binary");
   /* the return address in the pair fb's ABI does not read */
   b.calls = "s_getpc_b64 s[30:31]\ns_add_u32 s30, s30, fb-.\ns_addc_u32 s31, s31, 0\n"
             "s_swappc_b64 s[30:31], s[30:31]\n";
   expect_error(run_prog(b), "abi: the call to @fb puts the return address in s[30:31], its "
                             "ABI expects it in s[16:17]");
   /* a table without the callee */
   struct aco_emu_callee only_fb[1] = {{FB, "fb", abi_b()}};
   b.calls = CALL_FA "v_add_nc_u32 v40, v40, v0\n";
   expect_error(run_table(b, only_fb, 1, true), "abi: call to 0x200 which is no function");
   /* without abi_check the table is not looked at */
   struct run r = run_table(b, only_fb, 1, false);
   expect_ok(r);
   expect_out(&r, 1, 1);
}

static void
test_recursion(void **state)
{
   (void)state;
   struct bodies b = {"s_mov_b32 s4, 120\n"
                      "s_getpc_b64 s[30:31]\ns_add_u32 s30, s30, fr-.\ns_addc_u32 s31, s31, 0\n"
                      "s_swappc_b64 s[30:31], s[30:31]\n"
                      "v_add_nc_u32 v40, v40, v0\n",
                      NULL, NULL, NULL};
   struct run r = run_prog(b);
   expect_ok(r);
   expect_out(&r, 120, 0);
}

/* ---- the table of a program ---- */

static const char *callee_program =
   "target gfx1100 wave32\n"
   "abi @small {\n"
   "  preserved s8 v8\n"
   "  clobbered s24 v24\n"
   "  preserved_first\n"
   "  max_params s8 v8\n"
   "  callee_max s64 v64\n"
   "  callee_stack 256\n"
   "}\n"
   "function @f(uniform i32 %k, i32 %x, return i32 %r, discardable i32 %d, uniform i64 %e) "
   "abi @compute_default {\n"
   "  return %x\n"
   "}\n"
   "function @g(i32 %x, return i32 %r) abi @rt_recursive {\n"
   "  return %x\n"
   "}\n"
   "function @h(i32 %x) abi @small {\n"
   "  return\n"
   "}\n"
   "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 32 1 1 {\n"
   "  return\n"
   "}\n";

static aco_program *
parse(const char *text)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   if (aco_program_parse(p, "callees.air", text, strlen(text)) != ACO_SUCCESS)
      fail_msg("parse: %s", aco_program_message(p));
   return p;
}

static void
test_table_of_program(void **state)
{
   (void)state;
   aco_program *p = parse(callee_program);
   aco_symbol syms[4] = {
      {.name = "main", .size = 0x100, .flags = ACO_FUNCTION_ENTRY},
      {.name = "f", .offset = 0x100, .size = 0x40},
      {.name = "g", .offset = 0x140, .size = 0x40},
      {.name = "h", .offset = 0x180, .size = 0x40},
   };
   struct aco_emu_callee *t;
   unsigned n;
   assert_int_equal(aco_emu_callees_for_symbols(NULL, p, syms, 4, &t, &n), ACO_SUCCESS);
   assert_int_equal(n, 3);
   assert_int_equal(t[0].offset, 0x100);
   assert_string_equal(t[0].name, "f");
   assert_int_equal(t[1].offset, 0x140);
   assert_int_equal(t[2].offset, 0x180);

   /* @f under compute_default, wave32 (docs/calls.md): return address s[16:17], stack
    * pointer s0, %k s1, %e s[2:3], %x v0 (preserved), %r v16 and %d v17 (clobbered) */
   const struct aco_emu_abi *f = &t[0].abi;
   assert_int_equal(f->return_address_sgpr, 16);
   assert_int_equal(f->stack_pointer_sgpr, 0);
   assert_true(f->clobber_vcc_scc_m0);
   for (unsigned s = 0; s < 106; s++) {
      bool pres = s < 18 || (s >= 32 && s < 48) || (s >= 64 && s < 80) || s >= 96;
      assert_int_equal(has_reg(f->preserved_sgprs, s), pres);
      assert_int_equal(has_reg(f->clobbered_sgprs, s), !pres);
      assert_false(has_reg(f->argument_sgprs, s));
   }
   for (unsigned v = 0; v < 256; v++) {
      bool pres = (v / 16) % 2 == 0;
      assert_int_equal(has_reg(f->preserved_vgprs, v), pres);
      /* %r (return) in v16 keeps the caller's value where not written; %d v17 does not */
      assert_int_equal(has_reg(f->result_vgprs, v), v == 16);
      assert_int_equal(has_reg(f->argument_vgprs, v), v == 17);
   }

   /* @g under rt_recursive: nothing preserved but what it writes back: return address
    * s[0:1], stack pointer s2, %x v0; %r v1 is a result */
   const struct aco_emu_abi *g = &t[1].abi;
   assert_int_equal(g->return_address_sgpr, 0);
   assert_int_equal(g->stack_pointer_sgpr, 2);
   for (unsigned s = 0; s < 106; s++) {
      assert_int_equal(has_reg(g->preserved_sgprs, s), s <= 2);
      assert_int_equal(has_reg(g->clobbered_sgprs, s), s > 2);
   }
   for (unsigned v = 0; v < 256; v++) {
      assert_int_equal(has_reg(g->preserved_vgprs, v), v == 0);
      assert_int_equal(has_reg(g->result_vgprs, v), v == 1);
      assert_false(has_reg(g->argument_vgprs, v));
   }

   /* @h under @small: preserved s0-7, s32-39 (and the return address s[8:9]), v0-7,
    * v32-39; nothing at or above callee_max s64 v64 may change */
   const struct aco_emu_abi *h = &t[2].abi;
   assert_int_equal(h->return_address_sgpr, 8);
   assert_int_equal(h->stack_pointer_sgpr, 0);
   for (unsigned s = 0; s < 106; s++) {
      bool pres = s < 10 || (s >= 32 && s < 40) || s >= 64;
      assert_int_equal(has_reg(h->preserved_sgprs, s), pres);
   }
   for (unsigned v = 0; v < 256; v++) {
      bool pres = v < 8 || (v >= 32 && v < 40) || v >= 64;
      assert_int_equal(has_reg(h->preserved_vgprs, v), pres);
   }
   aco_emu_callees_free(NULL, t);

   /* a binary holding the same symbols */
   aco_binary bin;
   memset(&bin, 0, sizeof(bin));
   bin.struct_size = sizeof(bin);
   bin.num_symbols = 4;
   bin.symbols = syms;
   assert_int_equal(aco_emu_callees_for_binary(NULL, p, &bin, &t, &n), ACO_SUCCESS);
   assert_int_equal(n, 3);
   assert_string_equal(t[2].name, "h");
   aco_emu_callees_free(NULL, t);
   aco_program_destroy(p);
}

static void
test_table_errors(void **state)
{
   (void)state;
   aco_program *p = parse(callee_program);
   struct aco_emu_callee *t = (struct aco_emu_callee *)&t;
   unsigned n = 7;
   /* only entries: an empty table */
   aco_symbol entry = {.name = "main", .size = 0x100, .flags = ACO_FUNCTION_ENTRY};
   assert_int_equal(aco_emu_callees_for_symbols(NULL, p, &entry, 1, &t, &n), ACO_SUCCESS);
   assert_null(t);
   assert_int_equal(n, 0);
   /* a symbol the program does not define */
   aco_symbol bad[2] = {{.name = "f", .size = 0x40},
                        {.name = "nope", .offset = 0x40, .size = 0x40}};
   assert_int_equal(aco_emu_callees_for_symbols(NULL, p, bad, 2, &t, &n),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_null(t);
   assert_non_null(strstr(aco_program_message(p), "symbol @nope is no function of the program"));
   /* a symbol not flagged as the entry its function is */
   aco_symbol main_fn = {.name = "main", .size = 0x40};
   assert_int_equal(aco_emu_callees_for_symbols(NULL, p, &main_fn, 1, &t, &n),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "@main"));
   /* missing arguments */
   assert_int_equal(aco_emu_callees_for_symbols(NULL, p, bad, 2, NULL, &n),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_emu_callees_for_symbols(NULL, NULL, bad, 2, &t, &n),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_emu_callees_for_symbols(NULL, p, NULL, 2, &t, &n),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_emu_callees_for_binary(NULL, p, NULL, &t, &n),
                    ACO_ERROR_INVALID_ARGUMENT);
   aco_program_destroy(p);
}

/* An allocator that fails from the n-th allocation on. */
struct failing {
   unsigned left, live;
};

static void *
failing_alloc(void *user, size_t size, size_t align)
{
   (void)align;
   struct failing *f = user;
   if (!f->left)
      return NULL;
   f->left--;
   f->live++;
   return malloc(size);
}

static void
failing_free(void *user, void *ptr, size_t size)
{
   (void)size;
   struct failing *f = user;
   if (ptr)
      f->live--;
   free(ptr);
}

static void
test_table_out_of_memory(void **state)
{
   (void)state;
   aco_program *p = parse(callee_program);
   aco_symbol syms[2] = {{.name = "f", .size = 0x40},
                         {.name = "g", .offset = 0x40, .size = 0x40}};
   struct aco_emu_callee *t;
   unsigned n;
   struct failing f = {0, 0};
   aco_allocator a = {failing_alloc, failing_free, &f};
   assert_int_equal(aco_emu_callees_for_symbols(&a, p, syms, 2, &t, &n),
                    ACO_ERROR_OUT_OF_MEMORY);
   assert_null(t);
   assert_int_equal(f.live, 0);
   f.left = 1;
   assert_int_equal(aco_emu_callees_for_symbols(&a, p, syms, 2, &t, &n), ACO_SUCCESS);
   assert_int_equal(n, 2);
   aco_emu_callees_free(&a, t);
   assert_int_equal(f.live, 0);
   aco_program_destroy(p);
}

/* ---- compiled calls ---- */

static const char *call_program =
   "target %s wave%u\n"
   "function @add3(i32 %%x, uniform i32 %%k, return i32 %%r) abi @compute_default {\n"
   "  %%t = iadd %%x, %%k\n"
   "  %%three = const i32 3\n"
   "  %%u = iadd %%t, %%three\n"
   "  return %%u\n"
   "}\n"
   "entry function @main(uniform ptr %%out) abi @compute_default workgroup_size 64 1 1 {\n"
   "  %%lid = local_invocation_id.x\n"
   "  %%k = const i32 100\n"
   "  %%z = const i32 0\n"
   "  %%r = call @add3(%%lid, %%k, %%z)\n"
   "  %%c4 = const i32 4\n"
   "  %%off = imul %%lid, %%c4\n"
   "  store_global %%out[%%off], %%r\n"
   "}\n";

/* Runs the compiled program (out at BUF_ADDR, 64 invocations) with the table. */
static struct run
run_compiled(aco_program *p, const aco_binary *bin, const struct aco_emu_callee *table,
             unsigned num)
{
   aco_target t = {target.level, target.wave};
   struct aco_emu *emu = aco_emu_create(NULL, t);
   assert_non_null(emu);
   struct run r;
   memset(&r, 0, sizeof(r));
   uint8_t argblock[256];
   assert_int_equal(aco_emu_map(emu, BUF_ADDR, r.out, sizeof(r.out), 0), ACO_SUCCESS);
   assert_int_equal(aco_emu_map(emu, 0x7f000000, argblock, sizeof(argblock),
                                ACO_EMU_MEM_READONLY), ACO_SUCCESS);
   assert_int_equal(aco_emu_load_code(emu, bin->code, bin->code_size, CODE_ADDR), ACO_SUCCESS);
   struct air_interp_arg args[1];
   memset(args, 0, sizeof(args));
   args[0].c[0] = BUF_ADDR;
   uint32_t grid[3] = {1, 1, 1};
   struct aco_emu_launch l;
   assert_int_equal(aco_entry_fill_launch(aco_program_find_function(p, "main"), bin, args, grid,
                                          0x7f000000, argblock, sizeof(argblock), 0, &l),
                    ACO_SUCCESS);
   l.abi_check = true;
   l.callees = table;
   l.num_callees = num;
   r.status = aco_emu_run(emu, &l);
   snprintf(r.message, sizeof(r.message), "%s", aco_emu_message(emu));
   aco_emu_destroy(emu);
   return r;
}

/* libaco's own call, checked against the table built from its binary; the same run with
 * a table that promises what @add3 does not keep must fail. */
static void
test_compiled_call(void **state)
{
   (void)state;
   char text[2048];
   snprintf(text, sizeof(text), call_program, target.cpu, target.wave);
   aco_program *p = parse(text);
   aco_compile_options opts = {.struct_size = sizeof(opts)};
   aco_binary *bin = NULL;
   aco_status s = aco_compile(p, &opts, NULL, &bin);
   if (s == ACO_ERROR_UNSUPPORTED) {
      aco_program_destroy(p);
      skip(); /* calls are not compiled yet */
   }
   if (s != ACO_SUCCESS)
      fail_msg("compile: %s", aco_program_message(p));
   struct aco_emu_callee *table;
   unsigned n;
   assert_int_equal(aco_emu_callees_for_binary(NULL, p, bin, &table, &n), ACO_SUCCESS);
   assert_int_equal(n, 1);
   assert_string_equal(table[0].name, "add3");
   assert_int_equal(table[0].abi.return_address_sgpr, 16);
   assert_int_equal(table[0].abi.stack_pointer_sgpr, 0);

   struct run r = run_compiled(p, bin, table, n);
   expect_ok(r);
   for (unsigned i = 0; i < 64; i++)
      assert_int_equal(r.out[i], i + 103);
   /* the result (v16, the first clobbered VGPR) claimed preserved */
   struct aco_emu_callee wrong = table[0];
   set_regs(wrong.abi.preserved_vgprs, 16, 16);
   expect_error(run_compiled(p, bin, &wrong, 1),
                "abi: preserved v16 lane 0 changed across the call to @add3");
   /* a convention with the return address elsewhere */
   wrong = table[0];
   wrong.abi.return_address_sgpr = 30;
   expect_error(run_compiled(p, bin, &wrong, 1),
                "abi: the call to @add3 puts the return address in s[16:17], its ABI expects "
                "it in s[30:31]");
   /* a table without @add3 */
   wrong = table[0];
   wrong.offset += 4;
   expect_error(run_compiled(p, bin, &wrong, 1), "which is no function of the binary");
   aco_emu_callees_free(NULL, table);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
}

int
main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: test_emu_callees gfx1030|gfx1100|gfx1200 32|64\n");
      return 2;
   }
   target.cpu = argv[1];
   target.wave = (unsigned)atoi(argv[2]);
   target.level = !strcmp(target.cpu, "gfx1030")   ? ACO_GFX1030
                  : !strcmp(target.cpu, "gfx1100") ? ACO_GFX1100
                                                   : ACO_GFX1200;
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_two_abis),
      cmocka_unit_test(test_inactive_lanes),
      cmocka_unit_test(test_nested_poison),
      cmocka_unit_test(test_stack_pointer),
      cmocka_unit_test(test_tail_calls),
      cmocka_unit_test(test_bad_calls),
      cmocka_unit_test(test_recursion),
      cmocka_unit_test(test_table_of_program),
      cmocka_unit_test(test_table_errors),
      cmocka_unit_test(test_table_out_of_memory),
      cmocka_unit_test(test_compiled_call),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
