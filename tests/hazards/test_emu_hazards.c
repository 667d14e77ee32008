/* SPDX-License-Identifier: MIT */
/* The hazard detector inside the emulator: for every entry of docs/hazards.md a program
 * assembled by llvm-mc-19 that completes the hazard makes aco_emu_run fail with
 * "hazard <name>: ... at pc ..." at the right instruction, and the same program with the
 * separation llc-19 or ACO would insert runs to completion. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emu/emu.h"

#define CODE_ADDR 0x100000ull
#define BUF_ADDR 0x200000ull

static bool
tools_present(void)
{
   return system("llvm-mc-19 --version > /dev/null 2>&1") == 0 &&
          system("llvm-objcopy-19 --version > /dev/null 2>&1") == 0;
}

/* .text of `text` assembled for cpu and wave; NULL with the assembler's errors in msg. */
static uint32_t *
assemble(const char *cpu, unsigned wave, const char *text, size_t *bytes, char *msg,
         size_t msg_size)
{
   char dir[] = "/tmp/aco-hazards-XXXXXX";
   if (!mkdtemp(dir)) {
      snprintf(msg, msg_size, "mkdtemp failed");
      return NULL;
   }
   char path[256], cmd[1024];
   snprintf(path, sizeof(path), "%s/p.s", dir);
   FILE *f = fopen(path, "w");
   assert_non_null(f);
   fprintf(f, "%s\n", text);
   fclose(f);
   snprintf(cmd, sizeof(cmd),
            "cd %s && llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=%s -mattr=+wavefrontsize%u "
            "-filetype=obj -o p.o p.s > err.txt 2>&1 && "
            "llvm-objcopy-19 -O binary --only-section=.text p.o p.bin >> err.txt 2>&1",
            dir, cpu, wave);
   int status = system(cmd);
   uint32_t *code = NULL;
   snprintf(path, sizeof(path), "%s/%s", dir, status ? "err.txt" : "p.bin");
   f = fopen(path, "rb");
   if (f) {
      uint8_t *buf = calloc(1, 1 << 14);
      assert_non_null(buf);
      size_t n = fread(buf, 1, (1 << 14) - 1, f);
      fclose(f);
      if (status) {
         snprintf(msg, msg_size, "llvm-mc-19 -mcpu=%s: %s", cpu, (char *)buf);
         free(buf);
      } else {
         *bytes = n;
         code = (uint32_t *)buf;
      }
   }
   snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
   if (system(cmd) != 0)
      snprintf(msg, msg_size, "cannot remove %s", dir);
   return code;
}

struct result {
   aco_status status;
   char message[1024];
};

static struct result
run(const char *cpu, aco_gfx_level level, unsigned wave, const char *text)
{
   struct result r = {ACO_SUCCESS, ""};
   size_t size = 0;
   uint32_t *code = assemble(cpu, wave, text, &size, r.message, sizeof(r.message));
   if (!code)
      fail_msg("%s", r.message);
   static uint32_t buf[256];
   memset(buf, 0, sizeof(buf));
   aco_target t = {level, wave};
   struct aco_emu *emu = aco_emu_create(NULL, t);
   assert_non_null(emu);
   assert_int_equal(aco_emu_load_code(emu, code, size, CODE_ADDR), ACO_SUCCESS);
   assert_int_equal(aco_emu_map(emu, BUF_ADDR, buf, sizeof(buf), 0), ACO_SUCCESS);
   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   for (unsigned i = 0; i < 3; i++) {
      l.grid[i] = 1;
      l.block[i] = 1;
      l.workgroup_id_sgpr[i] = -1;
   }
   l.block[0] = wave;
   l.num_sgprs = 106;
   l.num_vgprs = 64;
   l.user_sgprs[0] = (uint32_t)BUF_ADDR;
   l.user_sgprs[1] = (uint32_t)(BUF_ADDR >> 32);
   l.num_user_sgprs = 2;
   l.step_limit = 1000;
   r.status = aco_emu_run(emu, &l);
   snprintf(r.message, sizeof(r.message), "%s", aco_emu_message(emu));
   aco_emu_destroy(emu);
   free(code);
   return r;
}

struct hazard_case {
   const char *name;    /* the detector's hazard name */
   const char *cpu;
   aco_gfx_level level;
   unsigned wave;
   const char *bad;     /* completes the hazard at the instruction marked by at_pc */
   unsigned at_pc;      /* byte offset of that instruction */
   const char *good;    /* the same with the separation */
};

static const struct hazard_case cases[] = {
   {"VALUTransUseHazard", "gfx1100", ACO_GFX1100, 32,
    "v_exp_f32 v1, v0\n v_add_f32 v2, v1, v0\n s_endpgm", 4,
    "v_exp_f32 v1, v0\n s_waitcnt_depctr 0xfff\n v_add_f32 v2, v1, v0\n s_endpgm"},
   {"VALUTransUseHazard", "gfx1100", ACO_GFX1100, 64,
    "v_sqrt_f32 v1, v0\n v_mov_b32 v3, 0\n v_mov_b32 v3, 0\n v_mov_b32 v3, 0\n"
    " v_mov_b32 v3, 0\n v_mov_b32 v3, 0\n v_add_f32 v2, v1, v0\n s_endpgm", 24,
    "v_sqrt_f32 v1, v0\n v_mov_b32 v3, 0\n v_mov_b32 v3, 0\n v_mov_b32 v3, 0\n"
    " v_mov_b32 v3, 0\n v_mov_b32 v3, 0\n v_mov_b32 v3, 0\n v_add_f32 v2, v1, v0\n s_endpgm"},
   {"VALUPartialForwardingHazard", "gfx1100", ACO_GFX1100, 64,
    "s_mov_b64 s[4:5], -1\n v_mov_b32 v0, 0\n s_mov_b64 exec, s[4:5]\n v_mov_b32 v1, 1\n"
    " v_add_nc_u32 v2, v0, v1\n s_endpgm", 16,
    "s_mov_b64 s[4:5], -1\n v_mov_b32 v0, 0\n s_mov_b64 exec, s[4:5]\n v_mov_b32 v1, 1\n"
    " s_waitcnt_depctr 0xfff\n v_add_nc_u32 v2, v0, v1\n s_endpgm"},
   {"VALUMaskWriteHazard", "gfx1100", ACO_GFX1100, 64,
    "s_mov_b64 s[8:9], -1\n v_cndmask_b32_e64 v1, v0, v1, s[8:9]\n s_mov_b64 s[8:9], 0\n"
    " s_add_u32 s2, s8, 1\n s_endpgm", 16,
    "s_mov_b64 s[8:9], -1\n v_cndmask_b32_e64 v1, v0, v1, s[8:9]\n s_mov_b64 s[8:9], 0\n"
    " s_waitcnt_depctr 0xfffe\n s_add_u32 s2, s8, 1\n s_endpgm"},
   {"SendmsgDeallocVgprs", "gfx1100", ACO_GFX1100, 32,
    "v_mov_b32 v0, 0\n s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\n s_endpgm", 4,
    "v_mov_b32 v0, 0\n s_nop 0\n s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\n s_endpgm"},
   {"SendmsgDeallocVgprs", "gfx1200", ACO_GFX1200, 64,
    "v_mov_b32 v0, 0\n s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\n s_endpgm", 4,
    "v_mov_b32 v0, 0\n s_nop 0\n s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\n s_endpgm"},
   {"VcmpxPermlaneHazard", "gfx1100", ACO_GFX1100, 64,
    "v_cmpx_eq_u32 v0, v0\n v_permlane64_b32 v1, v0\n s_endpgm", 4,
    "v_cmpx_eq_u32 v0, v0\n v_mov_b32 v0, v0\n v_permlane64_b32 v1, v0\n s_endpgm"},
   {"VcmpxPermlaneHazard", "gfx1200", ACO_GFX1200, 32,
    "v_cmpx_eq_u32 v0, v0\n v_permlane64_b32 v1, v0\n s_endpgm", 4,
    "v_cmpx_eq_u32 v0, v0\n v_nop\n v_permlane64_b32 v1, v0\n s_endpgm"},
   {"FPAtomicToDenormModeHazard", "gfx1030", ACO_GFX1030, 32,
    "v_mov_b32 v0, 0\n v_mov_b32 v1, 1.0\n global_atomic_fmin v0, v1, s[0:1]\n"
    " s_denorm_mode 0\n s_endpgm", 16,
    "v_mov_b32 v0, 0\n v_mov_b32 v1, 1.0\n global_atomic_fmin v0, v1, s[0:1]\n s_nop 2\n"
    " s_denorm_mode 0\n s_endpgm"},
};

static void
test_cases(void **state)
{
   (void)state;
   if (!tools_present())
      skip();
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct hazard_case *c = &cases[i];
      struct result r = run(c->cpu, c->level, c->wave, c->bad);
      char want[128], pc[64];
      snprintf(want, sizeof(want), "hazard %s:", c->name);
      snprintf(pc, sizeof(pc), "at pc 0x%x:", c->at_pc);
      if (r.status == ACO_SUCCESS || strncmp(r.message, want, strlen(want)) ||
          !strstr(r.message, pc))
         fail_msg("%s %s w%u: expected '%s ... %s', got: %s", c->name, c->cpu, c->wave, want,
                  pc, r.status == ACO_SUCCESS ? "success" : r.message);
      r = run(c->cpu, c->level, c->wave, c->good);
      if (r.status != ACO_SUCCESS && strstr(r.message, "hazard "))
         fail_msg("%s %s w%u: separated program still reported: %s", c->name, c->cpu,
                  c->wave, r.message);
      if (r.status != ACO_SUCCESS)
         print_message("note: %s %s w%u: separated program stops for another reason: %s\n",
                       c->name, c->cpu, c->wave, r.message);
   }
}

/* The same sequences on levels without the hazard run (or stop for other reasons). */
static void
test_other_levels(void **state)
{
   (void)state;
   if (!tools_present())
      skip();
   static const struct {
      const char *cpu;
      aco_gfx_level level;
      unsigned wave;
      const char *text;
   } quiet[] = {
      {"gfx1200", ACO_GFX1200, 32, "v_exp_f32 v1, v0\n v_add_f32 v2, v1, v0\n s_endpgm"},
      {"gfx1030", ACO_GFX1030, 32, "v_exp_f32 v1, v0\n v_add_f32 v2, v1, v0\n s_endpgm"},
      {"gfx1100", ACO_GFX1100, 32,
       "s_mov_b32 s4, -1\n v_mov_b32 v0, 0\n s_mov_b32 exec_lo, s4\n v_mov_b32 v1, 1\n"
       " v_add_nc_u32 v2, v0, v1\n s_endpgm"},
      {"gfx1200", ACO_GFX1200, 64,
       "s_mov_b64 s[8:9], -1\n v_cndmask_b32_e64 v1, v0, v1, s[8:9]\n s_mov_b64 s[8:9], 0\n"
       " s_add_co_u32 s2, s8, 1\n s_endpgm"},
   };
   for (unsigned i = 0; i < sizeof(quiet) / sizeof(quiet[0]); i++) {
      struct result r = run(quiet[i].cpu, quiet[i].level, quiet[i].wave, quiet[i].text);
      if (r.status != ACO_SUCCESS && strstr(r.message, "hazard "))
         fail_msg("%s w%u: unexpected: %s", quiet[i].cpu, quiet[i].wave, r.message);
      assert_int_equal(r.status, ACO_SUCCESS);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cases),
      cmocka_unit_test(test_other_levels),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
