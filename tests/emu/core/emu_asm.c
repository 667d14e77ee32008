/* SPDX-License-Identifier: MIT */
/* Hand-written programs for the emulator tests: LLVM assembly with @NAME@ placeholders for
 * what is spelled differently per level and wave size (waits, barriers, exec, ...),
 * assembled by llvm-mc-19 at test time (the oracle for the bytes) and cached in
 * ACO_EMU_CORE_CACHE (a folder of the build directory) keyed by source, cpu and wave. */
#include "emu_asm.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void
sb_add(struct strb *b, const char *s, size_t n)
{
   if (b->len + n + 1 > b->cap) {
      b->cap = (b->len + n + 1) * 2;
      b->s = realloc(b->s, b->cap);
      assert_non_null(b->s);
   }
   memcpy(b->s + b->len, s, n);
   b->len += n;
   b->s[b->len] = 0;
}

static const char *
placeholder(const struct emu_asm_target *t, const char *name)
{
   bool g12 = t->level >= ACO_GFX1200;
   if (!strcmp(name, "WAITV"))
      return g12 ? "s_wait_loadcnt 0" : "s_waitcnt vmcnt(0)";
   if (!strcmp(name, "WAITS"))
      return g12 ? "s_wait_storecnt 0" : "s_waitcnt_vscnt null, 0";
   if (!strcmp(name, "WAITK"))
      return g12 ? "s_wait_kmcnt 0" : "s_waitcnt lgkmcnt(0)";
   if (!strcmp(name, "WAITK1"))
      return g12 ? "s_wait_kmcnt 1" : "s_waitcnt lgkmcnt(1)";
   if (!strcmp(name, "WAITV1"))
      return g12 ? "s_wait_loadcnt 1" : "s_waitcnt vmcnt(1)";
   if (!strcmp(name, "WAITD"))
      return g12 ? "s_wait_dscnt 0" : "s_waitcnt lgkmcnt(0)";
   if (!strcmp(name, "BARRIER"))
      return g12 ? "s_barrier_signal -1\ns_barrier_wait -1" : "s_barrier";
   if (!strcmp(name, "RTN"))
      return g12 ? "th:TH_ATOMIC_RETURN" : "glc";
   if (!strcmp(name, "EXEC"))
      return t->wave == 64 ? "exec" : "exec_lo";
   if (!strcmp(name, "VCC"))
      return t->wave == 64 ? "vcc" : "vcc_lo";
   if (!strcmp(name, "MASK"))
      return t->wave == 64 ? "s[20:21]" : "s20";
   if (!strcmp(name, "FLATSCR"))
      return t->level >= ACO_GFX1100 ? "" : "s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s0\n"
                                         "s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s1";
   if (!strcmp(name, "MASK2"))
      return t->wave == 64 ? "s[36:37]" : "s36";
   if (!strcmp(name, "MASK3"))
      return t->wave == 64 ? "s[70:71]" : "s70";
   if (!strcmp(name, "XORSAVEEXEC"))
      return t->wave == 64 ? "s_xor_saveexec_b64" : "s_xor_saveexec_b32";
   if (!strcmp(name, "ORSAVEEXEC"))
      return t->wave == 64 ? "s_or_saveexec_b64" : "s_or_saveexec_b32";
   if (!strcmp(name, "MOVM"))
      return t->wave == 64 ? "s_mov_b64" : "s_mov_b32";
   if (!strcmp(name, "SAVEEXEC"))
      return t->wave == 64 ? "s_and_saveexec_b64" : "s_and_saveexec_b32";
   if (!strcmp(name, "SOFF"))
      return g12 ? "null" : "0";
   if (!strcmp(name, "BUFOFF"))
      return g12 ? "0x1004" : "0xffc"; /* past the 12-bit field where there is room */
   fail_msg("unknown placeholder %s", name);
   return "";
}

static char *
expand(const struct emu_asm_target *t, const char *src)
{
   struct strb b = {0};
   sb_add(&b, "", 0);
   while (*src) {
      const char *at = strchr(src, '@');
      if (!at) {
         sb_add(&b, src, strlen(src));
         break;
      }
      sb_add(&b, src, (size_t)(at - src));
      const char *end = strchr(at + 1, '@');
      assert_non_null(end);
      char name[32];
      size_t n = (size_t)(end - at - 1);
      assert_true(n < sizeof(name));
      memcpy(name, at + 1, n);
      name[n] = 0;
      const char *r = placeholder(t, name);
      sb_add(&b, r, strlen(r));
      src = end + 1;
   }
   return b.s;
}

/* The program's bytes (a multiple of 4): llvm-mc-19 assembles to an object (so labels
 * resolve), llvm-objcopy-19 extracts .text. */
static uint64_t
fnv1a(uint64_t h, const char *s)
{
   for (; *s; s++)
      h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
   return h;
}

/* A cached assembly (ACO_EMU_CORE_CACHE: a folder in the build directory), keyed by the
 * source, cpu and wave size. */
static uint32_t *
cache_read(const char *path, size_t *dwords)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   uint8_t *bytes = malloc(1 << 16);
   assert_non_null(bytes);
   size_t n = fread(bytes, 1, 1 << 16, f);
   fclose(f);
   if (n == 0 || n % 4) {
      free(bytes);
      return NULL;
   }
   *dwords = n / 4;
   return (uint32_t *)bytes;
}

static uint32_t *assemble_uncached(const struct emu_asm_target *t, char *src, size_t *dwords);

uint32_t *
emu_asm_assemble(const struct emu_asm_target *t, const char *text, size_t *dwords)
{
   char *src = expand(t, text);
   const char *cache = getenv("ACO_EMU_CORE_CACHE");
   char path[512] = "";
   if (cache && *cache) {
      char key[64];
      snprintf(key, sizeof(key), "%s-w%u", t->cpu, t->wave);
      uint64_t h = fnv1a(fnv1a(0xcbf29ce484222325ull, key), src);
      snprintf(path, sizeof(path), "%s/%016llx.bin", cache, (unsigned long long)h);
      uint32_t *w = cache_read(path, dwords);
      if (w) {
         free(src);
         return w;
      }
   }
   uint32_t *w = assemble_uncached(t, src, dwords);
   if (path[0]) {
      char tmp[600];
      snprintf(tmp, sizeof(tmp), "%s.%d", path, (int)getpid());
      char mk[600];
      snprintf(mk, sizeof(mk), "mkdir -p %s", cache);
      FILE *f = system(mk) == 0 ? fopen(tmp, "wb") : NULL;
      if (f) {
         bool ok = fwrite(w, 4, *dwords, f) == *dwords;
         ok &= fclose(f) == 0;
         if (!ok || rename(tmp, path) != 0)
            unlink(tmp);
      }
   }
   return w;
}

static uint32_t *
assemble_uncached(const struct emu_asm_target *t, char *src, size_t *dwords)
{
   char dir[] = "/tmp/aco-emu-core-XXXXXX";
   assert_non_null(mkdtemp(dir));
   char path[256], cmd[1024];
   snprintf(path, sizeof(path), "%s/p.s", dir);
   FILE *f = fopen(path, "w");
   assert_non_null(f);
   fputs(src, f);
   fputc('\n', f);
   fclose(f);
   snprintf(cmd, sizeof(cmd),
            "cd %s && llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=%s -mattr=+wavefrontsize%u "
            "-filetype=obj -o p.o p.s 2> err.txt && "
            "llvm-objcopy-19 -O binary --only-section=.text p.o p.bin 2>> err.txt",
            dir, t->cpu, t->wave);
   int status = system(cmd);
   char errs[4096] = "";
   snprintf(path, sizeof(path), "%s/err.txt", dir);
   f = fopen(path, "r");
   if (f) {
      size_t n = fread(errs, 1, sizeof(errs) - 1, f);
      errs[n] = 0;
      fclose(f);
   }
   if (status != 0)
      fail_msg("llvm-mc-19 -mcpu=%s failed: %s", t->cpu, errs);
   snprintf(path, sizeof(path), "%s/p.bin", dir);
   f = fopen(path, "rb");
   assert_non_null(f);
   uint8_t *bytes = malloc(1 << 16);
   assert_non_null(bytes);
   size_t nbytes = fread(bytes, 1, 1 << 16, f);
   fclose(f);
   snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
   if (system(cmd) != 0)
      fail_msg("cannot remove %s", dir);
   free(src);
   assert_int_equal(nbytes % 4, 0);
   *dwords = nbytes / 4;
   return (uint32_t *)bytes;
}
