/* SPDX-License-Identifier: MIT */
/* Fuzz target for the text parser, validator and printer: any input must give a status
 * (never a crash or a leak), and a program that parses must print to text that parses
 * back to the same text. Built as a libFuzzer target with -Dfuzz=true and clang-19, and
 * as the `fuzz-replay` test, which feeds it the corpus and deterministic mutations. */
#include "fuzz_parse.h"

#include "aco/aco.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct text {
   char *data;
   size_t len, cap;
   bool failed;
};

static void
append(void *user, const char *data, size_t len)
{
   struct text *t = user;
   if (t->failed)
      return;
   if (t->len + len + 1 > t->cap) {
      size_t cap = (t->len + len + 1) * 2;
      char *d = realloc(t->data, cap);
      if (!d) {
         t->failed = true;
         return;
      }
      t->data = d;
      t->cap = cap;
   }
   memcpy(t->data + t->len, data, len);
   t->len += len;
   t->data[t->len] = 0;
}

static aco_program *
parse(const char *text, size_t len, aco_status *s)
{
   aco_program_info info;
   memset(&info, 0, sizeof(info));
   info.struct_size = sizeof(info);
   aco_program *p;
   *s = aco_program_create(&info, &p);
   if (*s != ACO_SUCCESS)
      return NULL;
   *s = aco_program_parse(p, "fuzz", text, len);
   if (*s == ACO_SUCCESS)
      *s = aco_program_validate(p);
   return p;
}

int
fuzz_parse_one(const uint8_t *data, size_t size)
{
   aco_status s;
   aco_program *p = parse((const char *)data, size, &s);
   if (!p)
      return 0;
   if (s == ACO_SUCCESS) {
      struct text t1 = {0}, t2 = {0};
      if (aco_program_print(p, append, &t1) == ACO_SUCCESS && !t1.failed) {
         aco_status s2;
         aco_program *q = parse(t1.data, t1.len, &s2);
         if (s2 != ACO_SUCCESS) {
            fprintf(stderr, "printed program does not parse back: %s\n--- text:\n%s\n",
                    q ? aco_program_message(q) : "no program", t1.data);
            abort();
         }
         aco_program_print(q, append, &t2);
         if (!t2.failed && (t1.len != t2.len || memcmp(t1.data, t2.data, t1.len))) {
            fprintf(stderr, "print -> parse -> print changed the text:\n%s\n---\n%s\n",
                    t1.data, t2.data);
            abort();
         }
         aco_program_destroy(q);
      }
      free(t1.data);
      free(t2.data);
   } else if (!aco_program_message(p)[0]) {
      fprintf(stderr, "status %d without a message\n", (int)s);
      abort();
   }
   aco_program_destroy(p);
   return 0;
}

#ifdef ACO_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   return fuzz_parse_one(data, size);
}
#endif
