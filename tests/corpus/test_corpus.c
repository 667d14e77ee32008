/* SPDX-License-Identifier: MIT */
/* The text-form corpus, found at run time under $ACO_TEST_SRCDIR:
 *
 *   roundtrip (suite golden): every .air file of tests/ir is in the exact printed form: it parses,
 *     validates and prints back byte for byte, and the printed text does the same again.
 *   malformed (suite unit): every .air file of tests/bad starts with
 *       ; error: <a substring of the expected message>
 *       ; status: parse|invalid
 *     and must fail to parse (ACO_ERROR_PARSE) or, parsed, fail to validate
 *     (ACO_ERROR_INVALID_IR) with that message. The source name given to the parser is the
 *     file's base name, so expectations may pin "name.air:line:col:".
 *
 * Each file gets a line of output; every mismatch is shown with the actual text, and the
 * test fails at the end if any file did. Minimum counts catch a corpus that went missing. */
#include "aco/aco.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define MIN_IR_FILES 15
#define MIN_BAD_FILES 40

/* ---- files -------------------------------------------------------------------------------- */

struct text {
   char *data;
   size_t len, cap;
};

static void
text_append(struct text *t, const char *data, size_t len)
{
   if (t->len + len + 1 > t->cap) {
      size_t cap = t->cap ? t->cap : 4096;
      while (cap < t->len + len + 1)
         cap *= 2;
      char *d = realloc(t->data, cap);
      assert_non_null(d);
      t->data = d;
      t->cap = cap;
   }
   memcpy(t->data + t->len, data, len);
   t->len += len;
   t->data[t->len] = 0;
}

static void
text_write(void *user, const char *data, size_t len)
{
   text_append(user, data, len);
}

static bool
read_file(const char *path, struct text *out)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return false;
   char buf[8192];
   size_t n;
   out->len = 0;
   text_append(out, "", 0);
   while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
      text_append(out, buf, n);
   bool ok = !ferror(f);
   fclose(f);
   return ok;
}

static int
compare_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.air files of $ACO_TEST_SRCDIR/<sub>, sorted; the count in *count. */
static char **
list_air(const char *sub, char *dir, size_t dir_size, unsigned *count)
{
   const char *root = getenv("ACO_TEST_SRCDIR");
   if (!root || !*root) {
      fail_msg("ACO_TEST_SRCDIR is not set (run the test through meson)");
   }
   snprintf(dir, dir_size, "%s/%s", root, sub);
   DIR *d = opendir(dir);
   if (!d)
      fail_msg("cannot open %s", dir);
   char **names = NULL;
   unsigned n = 0, cap = 0;
   struct dirent *e;
   while ((e = readdir(d))) {
      size_t len = strlen(e->d_name);
      if (len <= 4 || strcmp(e->d_name + len - 4, ".air"))
         continue;
      if (n == cap) {
         cap = cap ? cap * 2 : 64;
         names = realloc(names, sizeof(*names) * cap);
         assert_non_null(names);
      }
      names[n] = strdup(e->d_name);
      assert_non_null(names[n]);
      n++;
   }
   closedir(d);
   if (n)
      qsort(names, n, sizeof(*names), compare_names);
   *count = n;
   return names;
}

static void
free_names(char **names, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      free(names[i]);
   free(names);
}

/* ---- programs ----------------------------------------------------------------------------- */

static aco_program *
new_program(void)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p = NULL;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   assert_non_null(p);
   return p;
}

/* Shows where two texts first differ: the line number and both lines. */
static void
show_difference(const char *what, const struct text *want, const struct text *got)
{
   size_t i = 0, line = 1, line_start = 0;
   while (i < want->len && i < got->len && want->data[i] == got->data[i]) {
      if (want->data[i] == '\n') {
         line++;
         line_start = i + 1;
      }
      i++;
   }
   const char *w = want->data + line_start, *g = got->data + line_start;
   int wl = (int)strcspn(w, "\n"), gl = (int)strcspn(g, "\n");
   printf("    %s differs at line %zu (%zu vs %zu bytes):\n"
          "      expected: %.*s%s\n"
          "      printed:  %.*s%s\n",
          what, line, want->len, got->len, wl, w, line_start >= want->len ? "<end>" : "", gl, g,
          line_start >= got->len ? "<end>" : "");
}

/* Parses, validates and prints `in`; false (with the reason shown) on failure. */
static bool
parse_validate_print(const char *name, const struct text *in, struct text *out)
{
   aco_program *p = new_program();
   bool ok = false;
   aco_status s = aco_program_parse(p, name, in->data, in->len);
   if (s != ACO_SUCCESS) {
      printf("    parse failed (%s): %s\n", aco_status_string(s), aco_program_message(p));
      goto done;
   }
   s = aco_program_validate(p);
   if (s != ACO_SUCCESS) {
      printf("    validation failed (%s): %s\n", aco_status_string(s), aco_program_message(p));
      goto done;
   }
   out->len = 0;
   text_append(out, "", 0);
   s = aco_program_print(p, text_write, out);
   if (s != ACO_SUCCESS) {
      printf("    print failed (%s): %s\n", aco_status_string(s), aco_program_message(p));
      goto done;
   }
   ok = true;
done:
   aco_program_destroy(p);
   return ok;
}

/* ---- tests/ir: exact round trip ------------------------------------------------------------ */

static void
test_roundtrip(void **state)
{
   const char *sub = *state ? *state : "tests/ir";
   char dir[4096], path[8192];
   unsigned n;
   char **names = list_air(sub, dir, sizeof(dir), &n);
   unsigned failed = 0;
   struct text in = {0}, once = {0}, twice = {0};
   for (unsigned i = 0; i < n; i++) {
      snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
      bool ok = read_file(path, &in);
      if (!ok) {
         printf("FAIL %s: cannot read %s\n", names[i], path);
      } else if (!(ok = parse_validate_print(names[i], &in, &once))) {
         printf("FAIL %s: the file does not read back\n", names[i]);
      } else if (!(ok = once.len == in.len && !memcmp(once.data, in.data, in.len))) {
         printf("FAIL %s: not in the printed form\n", names[i]);
         show_difference("the printed program", &in, &once);
      } else if (!(ok = parse_validate_print(names[i], &once, &twice))) {
         printf("FAIL %s: the printed program does not read back\n", names[i]);
      } else if (!(ok = twice.len == once.len && !memcmp(twice.data, once.data, once.len))) {
         printf("FAIL %s: printing the printed program changes it\n", names[i]);
         show_difference("the second print", &once, &twice);
      }
      if (ok)
         printf("ok   %s (%zu bytes)\n", names[i], in.len);
      failed += !ok;
   }
   free(in.data);
   free(once.data);
   free(twice.data);
   free_names(names, n);
   printf("%u round-trip files, %u failed\n", n, failed);
   fflush(stdout);
   if (!*state && n < MIN_IR_FILES)
      fail_msg("only %u files in %s (at least %u expected)", n, dir, MIN_IR_FILES);
   if (failed)
      fail_msg("%u of %u files in %s do not round-trip", failed, n, dir);
}

/* ---- tests/bad: the expected error ----------------------------------------------------------- */

/* Reads "; key: value" from the line at *pos into value (the text itself is left intact for
 * the parser, whose line numbers count these lines too). */
static bool
header_line(const struct text *t, size_t *pos, const char *key, char *value, size_t size)
{
   char prefix[32];
   snprintf(prefix, sizeof(prefix), "; %s: ", key);
   size_t plen = strlen(prefix);
   const char *line = t->data + *pos;
   size_t len = strcspn(line, "\n");
   if (*pos + len >= t->len || len < plen || memcmp(line, prefix, plen))
      return false;
   size_t vlen = len - plen;
   if (vlen && line[plen + vlen - 1] == '\r')
      vlen--;
   if (vlen >= size)
      vlen = size - 1;
   memcpy(value, line + plen, vlen);
   value[vlen] = 0;
   *pos += len + 1;
   return true;
}

static bool
check_bad_file(const char *name, const struct text *in)
{
   size_t pos = 0;
   char want[1024], status_name[32];
   if (!header_line(in, &pos, "error", want, sizeof(want)) ||
       !header_line(in, &pos, "status", status_name, sizeof(status_name)) || !*want) {
      printf("FAIL %s: the file must start with '; error: <text>' and '; status: parse|invalid'\n",
             name);
      return false;
   }
   aco_status want_status;
   if (!strcmp(status_name, "parse")) {
      want_status = ACO_ERROR_PARSE;
   } else if (!strcmp(status_name, "invalid")) {
      want_status = ACO_ERROR_INVALID_IR;
   } else {
      printf("FAIL %s: unknown status '%s' (parse or invalid)\n", name, status_name);
      return false;
   }

   aco_program *p = new_program();
   aco_status s = aco_program_parse(p, name, in->data, in->len);
   const char *stage = "parse";
   if (s == ACO_SUCCESS) {
      s = aco_program_validate(p);
      stage = "validate";
   }
   const char *msg = aco_program_message(p);
   bool ok = s == want_status && strstr(msg, want);
   if (!ok) {
      printf("FAIL %s:\n"
             "    expected: %s error containing \"%s\"\n"
             "    got:      %s from %s: %s\n",
             name, status_name, want, aco_status_string(s), stage, msg);
   } else {
      /* a validator message starts with "N error(s):"; show its first error */
      const char *shown = msg;
      if (want_status == ACO_ERROR_INVALID_IR && strchr(msg, '\n'))
         shown = strchr(msg, '\n') + 1;
      int first = (int)strcspn(shown, "\n");
      printf("ok   %s: %.*s\n", name, first, shown);
   }
   aco_program_destroy(p);
   return ok;
}

static void
test_malformed(void **state)
{
   const char *sub = *state ? *state : "tests/bad";
   char dir[4096], path[8192];
   unsigned n;
   char **names = list_air(sub, dir, sizeof(dir), &n);
   unsigned failed = 0;
   struct text in = {0};
   for (unsigned i = 0; i < n; i++) {
      snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
      bool ok = read_file(path, &in);
      if (!ok)
         printf("FAIL %s: cannot read %s\n", names[i], path);
      else
         ok = check_bad_file(names[i], &in);
      failed += !ok;
   }
   free(in.data);
   free_names(names, n);
   printf("%u malformed files, %u failed\n", n, failed);
   fflush(stdout);
   if (!*state && n < MIN_BAD_FILES)
      fail_msg("only %u files in %s (at least %u expected)", n, dir, MIN_BAD_FILES);
   if (failed)
      fail_msg("%u of %u files in %s do not fail as they state", failed, n, dir);
}

/* usage: test_corpus [roundtrip|malformed|all] [DIR]
 * DIR (relative to ACO_TEST_SRCDIR) replaces tests/ir or tests/bad, without the minimum
 * count: `test_corpus malformed tests/ir-pending` shows how the pending files fare. */
int
main(int argc, char **argv)
{
   const char *which = argc > 1 ? argv[1] : "all";
   void *dir = argc > 2 ? argv[2] : NULL;
   const struct CMUnitTest roundtrip[] = {cmocka_unit_test_prestate(test_roundtrip, dir)};
   const struct CMUnitTest malformed[] = {cmocka_unit_test_prestate(test_malformed, dir)};
   bool all = !strcmp(which, "all");
   if (!all && strcmp(which, "roundtrip") && strcmp(which, "malformed")) {
      fprintf(stderr, "usage: %s [roundtrip|malformed|all] [DIR]\n", argv[0]);
      return 2;
   }
   int failed = 0;
   if (all || !strcmp(which, "roundtrip"))
      failed += cmocka_run_group_tests_name("corpus_roundtrip", roundtrip, NULL, NULL);
   if (all || !strcmp(which, "malformed"))
      failed += cmocka_run_group_tests_name("corpus_malformed", malformed, NULL, NULL);
   return failed ? 1 : 0;
}
