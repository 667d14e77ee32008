/* SPDX-License-Identifier: MIT */
/* Shared helpers of the unit tests. */
#ifndef ACO_TEST_HELPERS_H
#define ACO_TEST_HELPERS_H

#include "aco/aco.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* Prints a program into a malloc'ed string. */
struct test_text {
   char *data;
   size_t len;
};

static inline void
test_text_write(void *user, const char *data, size_t len)
{
   struct test_text *t = user;
   t->data = realloc(t->data, t->len + len + 1);
   memcpy(t->data + t->len, data, len);
   t->len += len;
   t->data[t->len] = 0;
}

static inline char *
test_print(const aco_program *p)
{
   struct test_text t = {NULL, 0};
   assert_int_equal(aco_program_print(p, test_text_write, &t), ACO_SUCCESS);
   return t.data;
}

static inline aco_program *
test_program(aco_gfx_level gfx, unsigned wave)
{
   aco_program_info info = {sizeof(info), {gfx, wave}, NULL, NULL, NULL};
   aco_program *p = NULL;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   return p;
}

/* Parses text into a new program; asserts success and prints the message otherwise. */
static inline aco_program *
test_parse(const char *text)
{
   aco_program *p = test_program(ACO_GFX_NONE, 0);
   aco_status s = aco_program_parse(p, "test.air", text, strlen(text));
   if (s != ACO_SUCCESS)
      fprintf(stderr, "parse failed: %s\n", aco_program_message(p));
   assert_int_equal(s, ACO_SUCCESS);
   return p;
}

#endif
