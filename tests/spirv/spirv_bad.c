/* SPDX-License-Identifier: MIT */
/* Malformed and mutated SPIR-V (suite spirv): hand-made broken modules must fail with the
 * status and the word offset expected, and every module given on the command line is
 * replayed through fuzz_spirv_one() truncated at each length and with each word replaced
 * by a few values. Run under the sanitizer builds too. */
#include "fuzz_spirv.h"

#include "aco/aco.h"
#include "aco/aco_spirv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void
expect(const char *what, const uint32_t *w, size_t n, aco_status want, const char *text)
{
   aco_program_info info = {sizeof(info), {ACO_GFX1100, 32}, NULL, NULL, NULL};
   aco_program *p;
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      failures++;
      return;
   }
   char msg[512];
   aco_status s = aco_spirv_translate(p, w, n, NULL, NULL, NULL, msg, sizeof(msg));
   bool ok = s == want && strstr(msg, text);
   printf("%s %s: %s: %s\n", ok ? "ok  " : "FAIL", what, aco_status_string(s), msg);
   failures += !ok;
   aco_program_destroy(p);
}

static uint32_t *
read_words(const char *path, size_t *n)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long len = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *w = len > 0 ? malloc((size_t)len) : NULL;
   if (w && fread(w, 1, (size_t)len, f) != (size_t)len) {
      free(w);
      w = NULL;
   }
   fclose(f);
   *n = (size_t)len / 4;
   return w;
}

int
main(int argc, char **argv)
{
   /* a minimal valid header, then broken instructions */
   uint32_t m[64] = {ACO_SPIRV_MAGIC, 0x00010500, 0, 64, 0};
   expect("no magic number", (uint32_t[]){1, 2, 3, 4, 5}, 5, ACO_ERROR_INVALID_ARGUMENT, "magic");
   expect("shorter than the header", m, 3, ACO_ERROR_INVALID_ARGUMENT, "header");
   expect("no entry point", m, 5, ACO_ERROR_INVALID_ARGUMENT, "no GLCompute entry point");
   m[5] = (2u << 16) | 17; /* OpCapability */
   m[6] = 1;               /* Shader */
   m[7] = (0u << 16) | 1;  /* word count 0 */
   expect("word count 0", m, 8, ACO_ERROR_INVALID_ARGUMENT, "spirv word 7");
   m[7] = (9u << 16) | 14; /* OpMemoryModel running past the end */
   expect("past the end", m, 8, ACO_ERROR_INVALID_ARGUMENT,
          "spirv word 7: instruction word count 9");
   m[7] = (2u << 16) | 17;
   m[8] = 5009; /* a capability outside the Shader set: RayQueryKHR (4472) style */
   m[8] = 4472;
   expect("unsupported capability", m, 9, ACO_ERROR_UNSUPPORTED,
          "spirv word 7: capability RayQueryKHR");
   m[7] = (4u << 16) | 21; /* OpTypeInt %70 32 0: id past the bound */
   m[8] = 70;
   m[9] = 32;
   m[10] = 0;
   expect("id past the bound", m, 11, ACO_ERROR_INVALID_ARGUMENT,
          "spirv word 7: id 70 out of range");
   m[3] = 0x7fffffff;
   expect("huge bound", m, 11, ACO_ERROR_INVALID_ARGUMENT, "spirv word 3: id bound");

   unsigned total = 0, translated = 0;
   for (int a = 1; a < argc; a++) {
      size_t n;
      uint32_t *w = read_words(argv[a], &n);
      if (!w) {
         printf("FAIL cannot read %s\n", argv[a]);
         failures++;
         continue;
      }
      aco_status s;
      fuzz_spirv_one((const uint8_t *)w, n * 4, &s);
      if (s != ACO_SUCCESS && s != ACO_ERROR_UNSUPPORTED) {
         printf("FAIL %s itself does not translate (%s)\n", argv[a], aco_status_string(s));
         failures++;
      }
      for (size_t len = 0; len < n; len++, total++) {
         fuzz_spirv_one((const uint8_t *)w, len * 4, &s);
         translated += s == ACO_SUCCESS;
      }
      static const uint32_t repl[] = {0, 0xffffffffu, 1, 0x00010000u, 0x00020000u | 61};
      for (size_t i = 5; i < n; i++) {
         uint32_t keep = w[i];
         /* the values above, then: a bit flipped, plus 3, the same opcode with a word count of
          * 0 or running far past the end */
         for (unsigned r = 0; r < sizeof(repl) / sizeof(repl[0]) + 4; r++, total++) {
            w[i] = r < 5    ? repl[r]
                   : r == 5 ? keep ^ 1u
                   : r == 6 ? keep + 3u
                   : r == 7 ? keep & 0xffffu
                            : (keep & 0xffffu) | 0xbc000000u;
            fuzz_spirv_one((const uint8_t *)w, n * 4, &s);
            translated += s == ACO_SUCCESS;
         }
         w[i] = keep;
      }
      free(w);
   }
   printf("%u mutated modules, %u of them translated, %d failures\n", total, translated, failures);
   return failures ? 1 : 0;
}
