/* SPDX-License-Identifier: MIT */
/* fuzz-replay: runs the parser fuzz target over every file given and over deterministic
 * mutations of each (every truncation point in steps, single-byte replacements with
 * characters the syntax cares about, duplicated and deleted lines), so CI exercises the
 * error paths under the sanitizers without libFuzzer. */
#include "fuzz_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long runs;

static void
one(const char *data, size_t len)
{
   fuzz_parse_one((const uint8_t *)data, len);
   runs++;
}

static void
mutate(const char *text, size_t len)
{
   static const char repl[] = "%@$,()[]{}=:;-+0x9 \n\"";
   char *buf = malloc(len * 2 + 2);
   if (!buf)
      return;
   one(text, len);
   size_t step = len / 200 + 1;
   for (size_t cut = 0; cut < len; cut += step)
      one(text, cut);
   for (size_t i = 0; i < len; i += step) {
      memcpy(buf, text, len);
      buf[i] = repl[(i / step) % (sizeof(repl) - 1)];
      one(buf, len);
   }
   /* delete, then duplicate, each line */
   size_t start = 0;
   for (size_t i = 0; i <= len; i++) {
      if (i < len && text[i] != '\n')
         continue;
      size_t end = i < len ? i + 1 : i;
      memcpy(buf, text, start);
      memcpy(buf + start, text + end, len - end);
      one(buf, len - (end - start));
      memcpy(buf, text, end);
      memcpy(buf + end, text + start, end - start);
      memcpy(buf + end + (end - start), text + end, len - end);
      one(buf, len + (end - start));
      start = end;
   }
   free(buf);
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      FILE *f = fopen(argv[i], "rb");
      if (!f) {
         fprintf(stderr, "fuzz-replay: cannot read %s\n", argv[i]);
         return 1;
      }
      static char text[1 << 20];
      size_t len = fread(text, 1, sizeof(text), f);
      fclose(f);
      mutate(text, len);
   }
   printf("fuzz-replay: %d files, %lu inputs, no failures\n", argc - 1, runs);
   return 0;
}
