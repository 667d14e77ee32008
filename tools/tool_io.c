/* SPDX-License-Identifier: MIT */
#include "tool_io.h"

#include <stdlib.h>

char *
tool_read_all(FILE *f, size_t *len)
{
   size_t cap = 1 << 16, n = 0;
   char *buf = malloc(cap);
   if (!buf)
      return NULL;
   for (;;) {
      if (n == cap) {
         char *nb = realloc(buf, cap *= 2);
         if (!nb) {
            free(buf);
            return NULL;
         }
         buf = nb;
      }
      size_t r = fread(buf + n, 1, cap - n, f);
      n += r;
      if (r == 0)
         break;
   }
   if (ferror(f)) {
      free(buf);
      return NULL;
   }
   *len = n;
   return buf;
}
