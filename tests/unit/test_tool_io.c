/* SPDX-License-Identifier: MIT */
/* The command-line tools' helpers (tools/tool_io.c): reading a whole file, and replacing a
 * program's `target` line for aco-cc's -mcpu/-mwave, which must read only the bytes it is
 * given (a buffer is not NUL-terminated). */
#include "helpers.h"

#include "tool_io.h"

/* text[0, len) in a buffer of exactly len bytes followed by `after` bytes of 'x' (ASan sees
 * a read past len; without it, the x's show in the result). */
static char *
unterminated(const char *text, size_t *len, size_t after)
{
   *len = strlen(text);
   char *b = malloc(*len + after + 1);
   memcpy(b, text, *len);
   memset(b + *len, 'x', after);
   b[*len + after] = 0;
   return b;
}

static void
check(const char *text, const char *cpu, unsigned wave, const char *expected)
{
   for (size_t after = 0; after <= 8; after += 8) {
      size_t len;
      char *in = unterminated(text, &len, after);
      char *out = (char *)1;
      size_t out_len = 99;
      enum tool_retarget_result r = tool_retarget(in, len, cpu, wave, &out, &out_len);
      if (!expected) {
         assert_int_equal(r, TOOL_RETARGET_NO_TARGET_LINE);
         assert_null(out);
      } else {
         assert_int_equal(r, TOOL_RETARGET_OK);
         assert_string_equal(out, expected);
         assert_int_equal(out_len, strlen(expected));
         free(out);
      }
      free(in);
   }
}

static void
test_retarget(void **state)
{
   (void)state;
   /* the target line last, without a newline */
   check("target gfx1100 wave32", NULL, 64, "target gfx1100 wave64 ");
   check("; c\n  target gfx1100 wave32", "gfx1200", 0, "; c\ntarget gfx1200 wave32 ");
   check("target gfx1030 wave64 ; comment\nfunction", "gfx1100", 32,
         "target gfx1100 wave32 ; comment\nfunction");
   check("target\tgfx1030\twave64\n", NULL, 0, "target gfx1030 wave64 \n");
   /* only the first target line; words of any length are kept whole */
   check("target gfx1030 wave32\ntarget gfx1200 wave64\n", NULL, 64,
         "target gfx1030 wave64 \ntarget gfx1200 wave64\n");
   check("target gfx1030xxxxxxxxxxxxxxxxxxxx wave32", NULL, 64,
         "target gfx1030xxxxxxxxxxxxxxxxxxxx wave64 ");
   /* a target line without words: the parser reports what is missing */
   check("target \n", "gfx1100", 0, "target gfx1100  \n");
   /* no target line: nothing to replace */
   check("", "gfx1100", 0, NULL);
   check("\n\n", "gfx1100", 0, NULL);
   check("targetgfx1100 wave32\n", "gfx1100", 0, NULL);
   check("target", "gfx1100", 64, NULL);
   check("; target gfx1100 wave32\nfunction @f() abi @compute_default {\n}\n", NULL, 64, NULL);
   /* a NUL inside the text does not end it */
   static const char nul[] = "; a\0b\ntarget gfx1100 wave32";
   char *out;
   size_t out_len;
   assert_int_equal(tool_retarget(nul, sizeof(nul) - 1, NULL, 64, &out, &out_len),
                    TOOL_RETARGET_OK);
   assert_int_equal(out_len, 6 + 22);
   assert_memory_equal(out, "; a\0b\ntarget gfx1100 wave64 ", out_len + 1);
   free(out);
}

static void
test_read_all_terminates(void **state)
{
   (void)state;
   /* a file of exactly the first buffer's size (64 KiB) still gets its NUL */
   for (size_t size = 0; size <= (1u << 16); size += 1u << 15) {
      FILE *f = tmpfile();
      assert_non_null(f);
      for (size_t i = 0; i < size; i++)
         fputc('a' + (int)(i % 26), f);
      rewind(f);
      size_t len = 0;
      char *text = tool_read_all(f, &len);
      fclose(f);
      assert_non_null(text);
      assert_int_equal(len, size);
      assert_int_equal(text[len], 0);
      assert_int_equal(strlen(text), size);
      free(text);
   }
}

/* The diagnostics as tool_print_errors writes them for a message. */
static void
check_errors(const char *file, const char *message, const char *expected)
{
   char buf[1024] = "";
   FILE *f = fmemopen(buf, sizeof(buf) - 1, "w");
   assert_non_null(f);
   tool_print_errors(f, "aco-cc", file, message);
   fclose(f);
   assert_string_equal(buf, expected);
}

static void
test_print_errors(void **state)
{
   (void)state;
   /* the parser's location */
   check_errors("k.air", "k.air:4:19: expected a type", "k.air:4:19: error: expected a type\n");
   /* the validator's, with its heading, several errors */
   check_errors("k.air",
                "2 errors:\nline 7:3: function @k, body: bad\nline 12:1: function @f: worse\n",
                "k.air:7:3: error: function @k, body: bad\nk.air:12:1: error: function @f: worse\n");
   check_errors("k.air", "1 error:\nline 5:1: function @k: x",
                "k.air:5:1: error: function @k: x\n");
   /* no location: the file, or the tool without a file */
   check_errors("k.air", "aco_compile: @k: too many registers",
                "k.air: error: aco_compile: @k: too many registers\n");
   check_errors(NULL, "line 3:2: x", "aco-cc:3:2: error: x\n");
   check_errors(NULL, "out of memory", "aco-cc: error: out of memory\n");
   /* what only looks like a location */
   check_errors("k.air", "line 3: x", "k.air: error: line 3: x\n");
   check_errors("k.air", "k.air:3:x: y", "k.air: error: k.air:3:x: y\n");
   check_errors("k.air", "", "k.air: error: failed\n");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_retarget),
      cmocka_unit_test(test_read_all_terminates),
      cmocka_unit_test(test_print_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
