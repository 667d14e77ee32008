/* SPDX-License-Identifier: MIT */
/* test_hw_dispatch CPU WAVE: the hardware-style dispatch (docs/emulator.md) checked
 * against another compiler's idea of how a wave starts. llc-19 compiles an AMDHSA kernel
 * (hsa_scratch_waves.ll: private memory across a barrier in 4 or 8 waves of two
 * workgroups); the test acts as the command processor: it reads COMPUTE_PGM_RSRC1/2 and
 * the user SGPR enables from the kernel descriptor (`k.kd`, AMDGPUUsage "Kernel
 * Descriptor"), writes the user data in the order AMDGPUUsage gives (private segment
 * buffer, dispatch ptr, queue ptr, kernarg segment ptr, dispatch id, flat scratch init)
 * and dispatches. The emulator must place the workgroup ids, the scratch wave offset
 * (gfx1030) or FLAT_SCRATCH (gfx1100, gfx1200) and the local ids where llc's code reads
 * them, or the run fails or the output differs. */
#include "harness.h"

#include "emu/loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CODE_ADDR UINT64_C(0x80000000)
#define OUT_ADDR UINT64_C(0x100000000)
#define KERNARG_ADDR UINT64_C(0x7f000000)
#define RING_ADDR UINT64_C(0x1fffff000)
#define BLOCK 128
#define GRID 2

static uint32_t
rd32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

int
main(int argc, char **argv)
{
   char why[256];
   if (argc != 3)
      return 2;
   const struct llvm_config *c = llvm_find_config(argv[1], (unsigned)atoi(argv[2]));
   if (!c)
      return 2;
   if (!llvm_tools_present(why, sizeof(why))) {
      printf("%s\n", why);
      return 77;
   }
   const char *root = getenv("ACO_TEST_SRCDIR");
   char obj[4096], cmd[9000];
   snprintf(obj, sizeof(obj), "%s/hsa_scratch_waves-%s-w%u.o", llvm_cache_dir(), c->cpu,
            c->wave_size);
   snprintf(cmd, sizeof(cmd),
            "llc-19 -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=%s -mattr=+wavefrontsize%u%s "
            "-filetype=obj '%s/tests/emu/llvm/hsa_scratch_waves.ll' -o '%s'",
            c->cpu, c->wave_size, c->level == ACO_GFX1030 ? ",+enable-flat-scratch" : "",
            root ? root : ".", obj);
   if (system(cmd) != 0) {
      printf("FAIL: %s\n", cmd);
      return 1;
   }
   size_t size;
   uint8_t *elf = llvm_read_file(obj, &size);
   aco_target t = {c->level, c->wave_size};
   struct aco_emu *emu = aco_emu_create(NULL, t);
   static uint32_t out[BLOCK * GRID];
   uint64_t kernarg[2] = {OUT_ADDR, 0};
   struct aco_emu_elf *img = NULL;
   char msg[4096] = "";
   int failed = 1;
   unsigned waves = (BLOCK + c->wave_size - 1) / c->wave_size;
   struct aco_emu_dispatch d;
   memset(&d, 0, sizeof(d));
   memset(out, 0xcc, sizeof(out));
   if (!elf || !emu)
      goto done;
   aco_emu_map(emu, OUT_ADDR, out, sizeof(out), 0);
   aco_emu_map(emu, KERNARG_ADDR, kernarg, sizeof(kernarg), ACO_EMU_MEM_READONLY);
   if (aco_emu_load_elf(emu, NULL, elf, size, CODE_ADDR, &img, msg, sizeof(msg)) !=
       ACO_SUCCESS)
      goto done;
   uint32_t entry, kd_off, kd_size;
   size_t img_size;
   const uint8_t *bytes = aco_emu_elf_bytes(img, &img_size);
   if (!aco_emu_elf_symbol(img, "k", &entry, NULL) ||
       !aco_emu_elf_symbol(img, "k.kd", &kd_off, &kd_size) || kd_off + 64 > img_size) {
      snprintf(msg, sizeof(msg), "no symbols k and k.kd");
      goto done;
   }
   const uint8_t *kd = bytes + kd_off;
   d.entry = entry;
   d.rsrc3 = rd32(kd + 44);
   d.rsrc1 = rd32(kd + 48);
   d.rsrc2 = rd32(kd + 52);
   uint32_t props = rd32(kd + 56) & 0xffff, private_bytes = rd32(kd + 4);
   d.grid[0] = GRID, d.grid[1] = d.grid[2] = 1;
   d.block[0] = BLOCK, d.block[1] = d.block[2] = 1;
   unsigned u = 0;
   static const unsigned sizes[7] = {4, 2, 2, 2, 2, 2, 1};
   for (unsigned bit = 0; bit < 7; bit++) {
      if (!(props >> bit & 1))
         continue;
      if (bit == 3) { /* kernarg segment ptr */
         d.user_data[u] = (uint32_t)KERNARG_ADDR;
         d.user_data[u + 1] = (uint32_t)(KERNARG_ADDR >> 32);
      } else if (bit == 5) { /* flat scratch init: the ring's address */
         d.user_data[u] = (uint32_t)RING_ADDR;
         d.user_data[u + 1] = (uint32_t)(RING_ADDR >> 32);
      } else if (bit == 0 || bit == 6) {
         snprintf(msg, sizeof(msg), "llc's kernel wants a private segment buffer or size "
                  "(kernel code properties 0x%x): not provided by this test", props);
         goto done;
      }
      u += sizes[bit];
   }
   /* llc pads USER_SGPR on gfx1100 wave32 so that user and system SGPRs are at least 16
    * (LLVM's UserSGPRInit16Bug workaround): the padding SGPRs receive 0 */
   if (u > ((d.rsrc2 >> 1) & 0x1f)) {
      snprintf(msg, sizeof(msg), "the descriptor enables %u user SGPRs, RSRC2 says %u", u,
               (d.rsrc2 >> 1) & 0x1f);
      goto done;
   }
   if (!(d.rsrc2 & 1) || !private_bytes) {
      snprintf(msg, sizeof(msg), "llc's kernel uses no scratch: the test tests nothing");
      goto done;
   }
   d.scratch_base = RING_ADDR;
   d.scratch_wave_bytes = (private_bytes * c->wave_size + 255u) & ~255u;
   d.scratch_waves = waves + 1;
   if (aco_emu_dispatch_run(emu, &d) != ACO_SUCCESS) {
      snprintf(msg, sizeof(msg), "emulator: %s", aco_emu_message(emu));
      goto done;
   }
   failed = 0;
   for (unsigned g = 0; g < GRID; g++) {
      for (unsigned l = 0; l < BLOCK; l++) {
         uint32_t want = g * 1000 + l, got = out[g * BLOCK + l];
         if (got != want && failed++ < 8)
            printf("FAIL %s wave%u: out[%u] = %u, expected %u\n", c->cpu, c->wave_size,
                   g * BLOCK + l, got, want);
      }
   }
done:
   if (failed && msg[0])
      printf("FAIL %s wave%u: %s\n", c->cpu, c->wave_size, msg);
   else if (!failed)
      printf("ok   %s wave%u: llc's AMDHSA kernel, %u waves per workgroup with scratch, "
             "dispatched from its descriptor (RSRC2 0x%08x)\n",
             c->cpu, c->wave_size, waves, d.rsrc2);
   aco_emu_elf_destroy(img);
   aco_emu_destroy(emu);
   free(elf);
   return failed ? 1 : 0;
}
