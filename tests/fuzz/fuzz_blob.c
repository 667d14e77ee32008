/* SPDX-License-Identifier: MIT */
/* libFuzzer target for aco_binary_deserialize (-Dfuzz=true): each input is read as a blob
 * as it is, and once more with its header made valid (magic, format version, sizes, this
 * compiler's identifier, the checksum), so that the mutations reach the fields behind the
 * checksum. An accepted blob must serialize back to the same bytes. */
#include "aco/aco.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint32_t
crc32(const uint8_t *p, size_t n)
{
   uint32_t c = ~0u;
   for (size_t i = 0; i < n; i++) {
      c ^= p[i];
      for (int k = 0; k < 8; k++)
         c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
   }
   return ~c;
}

static void
put32(uint8_t *p, uint32_t v)
{
   for (int i = 0; i < 4; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

static void
try_blob(const uint8_t *data, size_t size)
{
   aco_binary *bin = NULL;
   char msg[128];
   if (aco_binary_deserialize(data, size, NULL, &bin, msg, sizeof(msg)) != ACO_SUCCESS) {
      if (bin)
         abort();
      return;
   }
   size_t n = 0;
   if (aco_binary_serialize(bin, NULL, &n) != ACO_SUCCESS || n != size)
      abort();
   uint8_t *again = malloc(n);
   if (aco_binary_serialize(bin, again, &n) != ACO_SUCCESS || memcmp(again, data, size))
      abort();
   free(again);
   aco_binary_destroy(bin);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   try_blob(data, size);
   uint8_t *b = malloc(size + 64);
   memset(b, 0, 64);
   memcpy(b, "ACOBLOB1", 8);
   put32(b + 8, 1);
   put32(b + 12, 64);
   put32(b + 16, (uint32_t)(size + 64));
   aco_compiler_identifier(b + 32);
   memcpy(b + 64, data, size);
   put32(b + 24, crc32(b, size + 64));
   try_blob(b, size + 64);
   free(b);
   return 0;
}
