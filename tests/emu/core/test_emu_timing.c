/* SPDX-License-Identifier: MIT */
/* The emulator's timing model (docs/timing.md) on small hand-written programs, on each
 * level and wave size (argv: cpu wave): the dependency stall of a VALU chain against
 * independent ops, wave64 passes, s_nop, taken branches, memory latency hidden by
 * independent work or exposed by an early wait, and the clocks of two waves meeting at
 * a barrier. The expected figures are the model's (its latencies and costs), computed
 * here from the documented numbers, never read back from a run. */
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

static aco_gfx_level level;
static unsigned wave;
static const char *cpu;

#define CODE_ADDR 0x100000000ull
#define BUF_ADDR 0x200000000ull

/* The model's figures (docs/timing.md). */
#define VALU_LATENCY 5
#define VMEM_LATENCY 320
#define BRANCH_TAKEN 32

static struct aco_emu_stats
run_stats(const char *text, unsigned lanes)
{
   struct emu_asm_target t = {level, wave, cpu};
   size_t n;
   uint32_t *code = emu_asm_assemble(&t, text, &n);
   struct aco_emu *emu = aco_emu_create(NULL, (aco_target){level, wave});
   assert_non_null(emu);
   assert_int_equal(aco_emu_load_code(emu, code, n * 4, CODE_ADDR), ACO_SUCCESS);
   static uint32_t buf[1024];
   memset(buf, 0, sizeof(buf));
   assert_int_equal(aco_emu_map(emu, BUF_ADDR, buf, sizeof(buf), 0), ACO_SUCCESS);
   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   for (unsigned i = 0; i < 3; i++) {
      l.grid[i] = 1;
      l.block[i] = 1;
      l.workgroup_id_sgpr[i] = -1;
   }
   l.block[0] = lanes;
   l.num_sgprs = 106;
   l.num_vgprs = 64;
   l.user_sgprs[0] = (uint32_t)BUF_ADDR;
   l.user_sgprs[1] = (uint32_t)(BUF_ADDR >> 32);
   l.num_user_sgprs = 2;
   l.local_id = ACO_EMU_LOCAL_ID_PACKED;
   l.step_limit = 100000;
   aco_status s = aco_emu_run(emu, &l);
   if (s != ACO_SUCCESS)
      fail_msg("%s w%u: %s", cpu, wave, aco_emu_message(emu));
   struct aco_emu_stats st;
   aco_emu_get_stats(emu, &st);
   aco_emu_destroy(emu);
   free(code);
   return st;
}

/* Passes of a full-rate VALU op that is not dual-issue capable. */
static unsigned
valu_passes(void)
{
   return wave == 64 ? 2 : 1;
}

static void
test_valu_chain(void **state)
{
   (void)state;
   char dep[1024] = "", indep[1024] = "";
   for (unsigned i = 0; i < 8; i++) {
      strcat(dep, "v_add_nc_u32 v1, v1, v0\n");
      char line[64];
      snprintf(line, sizeof(line), "v_add_nc_u32 v%u, v0, v0\n", i + 1);
      strcat(indep, line);
   }
   strcat(dep, "s_endpgm\n");
   strcat(indep, "s_endpgm\n");
   struct aco_emu_stats d = run_stats(dep, wave), n = run_stats(indep, wave);
   unsigned p = valu_passes();
   /* each op of the chain issues when the previous result is there; s_endpgm issues
    * one pass after the last */
   uint64_t want_dep = 7 * (uint64_t)(VALU_LATENCY + p - 1) + p + 1;
   uint64_t want_indep = 8 * (uint64_t)p + 1;
   assert_int_equal(d.waves, 1);
   assert_int_equal(d.instructions, 9);
   assert_int_equal(d.cycles, want_dep);
   assert_int_equal(n.cycles, want_indep);
   assert_int_equal(d.dependency_stall, 7 * (uint64_t)(VALU_LATENCY - 1));
   assert_int_equal(n.dependency_stall, 0);
}

/* On GFX11+ v_mov_b32 runs in one pass in wave64 (dual issue); elsewhere two. */
static void
test_wave64_passes(void **state)
{
   (void)state;
   const char *text = "v_mov_b32 v1, v0\nv_mov_b32 v2, v0\nv_mov_b32 v3, v0\n"
                      "v_mov_b32 v4, v0\ns_endpgm\n";
   struct aco_emu_stats s = run_stats(text, wave);
   unsigned p = wave == 64 && level < ACO_GFX1100 ? 2 : 1;
   assert_int_equal(s.cycles, 4 * (uint64_t)p + 1);
}

static void
test_nop_and_branch(void **state)
{
   (void)state;
   struct aco_emu_stats nop = run_stats("s_nop 7\ns_endpgm\n", wave);
   assert_int_equal(nop.cycles, 8 + 1);
   /* a taken branch over one instruction, and one not taken (scc is 0 at the start) */
   struct aco_emu_stats br = run_stats("s_branch 1\ns_nop 0\ns_cbranch_scc1 0\ns_endpgm\n", wave);
   assert_int_equal(br.instructions, 3);
   assert_int_equal(br.cycles, BRANCH_TAKEN + 1 + 1);
   assert_int_equal(br.branch_cycles, BRANCH_TAKEN - 1);
}

/* A load's latency: covered by independent work before the wait, exposed by a wait right
 * after the load. The wave ends after its stores complete. */
static void
test_memory_latency(void **state)
{
   (void)state;
   char hidden[2048] = "v_mov_b32 v1, 0\nglobal_load_dword v2, v1, s[0:1]\n";
   char exposed[2048] = "v_mov_b32 v1, 0\nglobal_load_dword v2, v1, s[0:1]\n@WAITV@\n";
   for (unsigned i = 0; i < 40; i++) {
      strcat(hidden, "v_add_nc_u32 v3, v3, v0\n");
      strcat(exposed, "v_add_nc_u32 v3, v3, v0\n");
   }
   strcat(hidden, "@WAITV@\nv_add_nc_u32 v4, v2, v3\ns_endpgm\n");
   strcat(exposed, "v_add_nc_u32 v4, v2, v3\ns_endpgm\n");
   struct aco_emu_stats h = run_stats(hidden, wave), e = run_stats(exposed, wave);
   assert_int_equal(h.instructions, e.instructions);
   /* the exposed wait stalls for the whole latency */
   assert_true(e.wait_stall >= VMEM_LATENCY - 2 * valu_passes());
   assert_true(e.cycles >= VMEM_LATENCY + 40 * (uint64_t)VALU_LATENCY);
   /* the hidden one overlaps the chain with the load */
   assert_true(h.wait_stall < e.wait_stall);
   assert_true(h.cycles + 150 < e.cycles);
   assert_true(h.cycles >= VMEM_LATENCY);
   /* a store still in flight at s_endpgm delays the wave's end */
   struct aco_emu_stats st = run_stats("v_mov_b32 v1, 0\nglobal_store_dword v1, v0, s[0:1]\n"
                                       "s_endpgm\n", wave);
   assert_true(st.cycles >= VMEM_LATENCY);
}

/* Two waves: the first does a long chain before the barrier, the second none; after it
 * both go on from the first's clock, so the second waits at the barrier. */
static void
test_barrier_clock(void **state)
{
   (void)state;
   char text[4096] = "v_cmp_gt_u32 @VCC@, @WAVE@, v0\n"
                     "@SAVEEXEC@ @MASK@, @VCC@\n"
                     "s_cbranch_execz .Lskip\n";
   for (unsigned i = 0; i < 20; i++)
      strcat(text, "v_add_nc_u32 v1, v1, v0\n");
   strcat(text, ".Lskip:\n@MOVM@ @EXEC@, @MASK@\n@BARRIER@\ns_endpgm\n");
   /* @WAVE@ is not a placeholder of emu_asm: spell the wave size */
   char *w = strstr(text, "@WAVE@");
   char buf[4096];
   snprintf(buf, sizeof(buf), "%.*s%u%s", (int)(w - text), text, wave, w + 6);
   struct aco_emu_stats s = run_stats(buf, 2 * wave);
   assert_int_equal(s.waves, 2);
   /* wave 0 (local ids below the wave size) ran the chain; wave 1 has no lane in it,
    * branched over it and waited at the barrier for the rest of the chain's length */
   assert_true(s.barrier_stall >= 20 * (uint64_t)VALU_LATENCY - BRANCH_TAKEN - 8);
   assert_true(s.max_wave_cycles * 2 - s.cycles <= 4);
}

int
main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: test_emu_timing gfx1030|gfx1100|gfx1200 32|64\n");
      return 2;
   }
   cpu = argv[1];
   wave = (unsigned)atoi(argv[2]);
   level = !strcmp(cpu, "gfx1030") ? ACO_GFX1030 : !strcmp(cpu, "gfx1100") ? ACO_GFX1100
                                                                          : ACO_GFX1200;
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_valu_chain),
      cmocka_unit_test(test_wave64_passes),
      cmocka_unit_test(test_nop_and_branch),
      cmocka_unit_test(test_memory_latency),
      cmocka_unit_test(test_barrier_clock),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
