/* SPDX-License-Identifier: MIT */
/* The SPIR-V translator on untrusted input: any bytes must give a status, never a crash or
 * a leak; a failure's message names a word offset; a module that translates must also
 * compile. Built as a libFuzzer target with -Dfuzz=true (fuzz-spirv) and replayed over the
 * spirv suite's modules with deterministic mutations by spirv_bad.c in every build. */
#include "fuzz_spirv.h"

#include "aco/aco.h"
#include "aco/aco_spirv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
fuzz_spirv_one(const uint8_t *data, size_t size, aco_status *status)
{
   size_t n = size / 4;
   uint32_t *words = malloc(n ? n * 4 : 4);
   if (!words)
      return 0;
   memcpy(words, data, n * 4);
   aco_program_info info = {sizeof(info), {ACO_GFX1100, 32}, NULL, NULL, NULL};
   aco_program *p;
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      free(words);
      return 0;
   }
   char msg[1024];
   aco_spirv_options o;
   memset(&o, 0, sizeof(o));
   o.struct_size = sizeof(o);
   aco_function *entry;
   aco_spirv_layout lay;
   aco_status s = aco_spirv_translate(p, words, n, &o, &entry, &lay, msg, sizeof(msg));
   if (status)
      *status = s;
   if (s != ACO_SUCCESS && (!strstr(msg, "spirv word ") || s == ACO_ERROR_INVALID_IR)) {
      fprintf(stderr, "a failure (%s) without a word offset: %s\n", aco_status_string(s), msg);
      abort();
   }
   if (s == ACO_SUCCESS) {
      aco_binary *bin = NULL;
      aco_status cs = aco_compile(p, NULL, NULL, &bin);
      if (cs != ACO_SUCCESS && cs != ACO_ERROR_UNSUPPORTED && cs != ACO_ERROR_REGISTER_LIMIT) {
         fprintf(stderr, "a translated module does not compile: %s: %s\n", aco_status_string(cs),
                 aco_program_message(p));
         abort();
      }
      aco_binary_destroy(bin);
   }
   aco_program_destroy(p);
   free(words);
   return 0;
}

#ifdef ACO_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   return fuzz_spirv_one(data, size, NULL);
}
#endif
