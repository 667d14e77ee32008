/* SPDX-License-Identifier: MIT */
/* Golden tests of instruction selection: each tests/golden/isel/NAME.air is compiled up to
 * instruction selection (with the machine-IR validator on) and its printed machine IR is
 * checked against the expectations in the file's comments:
 *
 *   ; targets: gfx1030/32 gfx1100/64 ...   levels and wave sizes to run (default: the
 *                                          program's own target line)
 *   ; CHECK: text           a later line contains text (checks match in order)
 *   ; CHECK-gfx1200: text   the same, only on that level (also -gfx1030, -gfx1100)
 *   ; CHECK-w64: text       the same, only in wave64 (also -w32)
 *   ; CHECK-NOT: text       no line after the previous match (up to the next match) has it
 *   ; ERROR: text           selection fails, with text in the message
 *
 * Output: one line per file and target; on a mismatch the check and the whole printed
 * program. */
#include "aco/aco.h"

#include "api/compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../exec/exec_util.h"

struct check {
   char kind;  /* 'c' check, 'n' not, 'e' error */
   char only[16]; /* "", "gfx1030", "w64" ... */
   char text[256];
};

static bool
applies(const struct check *k, aco_gfx_level level, unsigned wave)
{
   if (!k->only[0])
      return true;
   if (k->only[0] == 'w')
      return (unsigned)atoi(k->only + 1) == wave;
   return !strcmp(k->only, aco_gfx_level_name(level));
}

/* The line after the first line at or after *pos containing text, or NULL. */
static const char *
find_line(const char *from, const char *limit, const char *text, const char **line_start)
{
   const char *hit = strstr(from, text);
   if (!hit || (limit && hit >= limit))
      return NULL;
   const char *ls = hit;
   while (ls > from && ls[-1] != '\n')
      ls--;
   *line_start = ls;
   const char *nl = strchr(hit, '\n');
   return nl ? nl + 1 : hit + strlen(hit);
}

static bool
run_one(const char *name, const char *text, const struct check *checks, unsigned n,
        aco_gfx_level level, unsigned wave)
{
   char *t = exec_retarget(text, level, wave);
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p = NULL;
   bool ok = t && aco_program_create(&info, &p) == ACO_SUCCESS;
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   aco_status s = ACO_ERROR_OUT_OF_MEMORY;
   if (ok) {
      s = aco_program_parse(p, name, t, strlen(t));
      if (s == ACO_SUCCESS) {
         struct aco_debug_options dbg;
         memset(&dbg, 0, sizeof(dbg));
         dbg.flags = ACO_DEBUG_VALIDATE_IR;
         strcpy(dbg.print_after, "isel");
         strcpy(dbg.stop_after, "isel");
         dbg.print = &sb;
         aco_binary *bin = NULL;
         s = aco_compile_with(p, NULL, NULL, &dbg, &bin);
         aco_binary_destroy(bin);
      }
   }
   const char *out = aco_strbuf_str(&sb);
   const char *msg = p ? aco_program_message(p) : "out of memory";
   const char *pos = out;
   bool want_error = false;
   for (unsigned i = 0; i < n && ok; i++) {
      const struct check *k = &checks[i];
      if (!applies(k, level, wave))
         continue;
      if (k->kind == 'e') {
         want_error = true;
         if (s == ACO_SUCCESS || !strstr(msg, k->text)) {
            printf("FAIL %s %s wave%u: expected an error with '%s', got %s: %s\n", name,
                   aco_gfx_level_name(level), wave, k->text, aco_status_string(s), msg);
            ok = false;
         }
         continue;
      }
      if (s != ACO_SUCCESS) {
         printf("FAIL %s %s wave%u: %s: %s\n", name, aco_gfx_level_name(level), wave,
                aco_status_string(s), msg);
         ok = false;
         break;
      }
      if (k->kind == 'n') {
         /* up to the next positive check's match */
         const char *limit = NULL, *ls;
         for (unsigned j = i + 1; j < n; j++) {
            if (checks[j].kind == 'c' && applies(&checks[j], level, wave)) {
               if (find_line(pos, NULL, checks[j].text, &ls))
                  limit = ls;
               break;
            }
         }
         if (find_line(pos, limit, k->text, &ls)) {
            printf("FAIL %s %s wave%u: CHECK-NOT '%s' found\n%s", name,
                   aco_gfx_level_name(level), wave, k->text, out);
            ok = false;
         }
         continue;
      }
      const char *ls;
      const char *next = find_line(pos, NULL, k->text, &ls);
      if (!next) {
         printf("FAIL %s %s wave%u: CHECK '%s' not found after:\n%.*s\n--- output:\n%s", name,
                aco_gfx_level_name(level), wave, k->text, (int)strcspn(pos, "\n"), pos, out);
         ok = false;
         break;
      }
      pos = next;
   }
   if (ok && !want_error && s != ACO_SUCCESS) {
      printf("FAIL %s %s wave%u: %s: %s\n", name, aco_gfx_level_name(level), wave,
             aco_status_string(s), msg);
      ok = false;
   }
   if (ok)
      printf("ok   %s %s wave%u\n", name, aco_gfx_level_name(level), wave);
   aco_strbuf_finish(&sb);
   aco_program_destroy(p);
   free(t);
   return ok;
}

int
main(int argc, char **argv)
{
   const char *srcdir = getenv("ACO_TEST_SRCDIR");
   unsigned failed = 0, passed = 0;
   for (int a = 1; a < argc; a++) {
      char path[1024];
      snprintf(path, sizeof(path), "%s/tests/golden/isel/%s", srcdir ? srcdir : ".", argv[a]);
      char *text = exec_read_file(path, NULL);
      if (!text) {
         printf("FAIL %s: cannot read\n", path);
         failed++;
         continue;
      }
      static struct check checks[256];
      unsigned n = 0;
      aco_gfx_level levels[6];
      unsigned waves[6], nt = 0;
      for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
         if (strncmp(l, "; ", 2))
            continue;
         size_t len = strcspn(l, "\n");
         char line[512];
         snprintf(line, sizeof(line), "%.*s", (int)(len - 2 < 511 ? len - 2 : 511), l + 2);
         if (!strncmp(line, "targets:", 8)) {
            char *tok = strtok(line + 8, " ");
            for (; tok && nt < 6; tok = strtok(NULL, " ")) {
               unsigned g = 0, w = 0;
               if (sscanf(tok, "gfx%u/%u", &g, &w) == 2) {
                  levels[nt] = (aco_gfx_level)g;
                  waves[nt++] = w;
               }
            }
            continue;
         }
         char *colon = strstr(line, ": ");
         if (!colon || n == 256)
            continue;
         struct check k;
         memset(&k, 0, sizeof(k));
         *colon = 0;
         snprintf(k.text, sizeof(k.text), "%.255s", colon + 2);
         if (!strcmp(line, "CHECK"))
            k.kind = 'c';
         else if (!strcmp(line, "CHECK-NOT"))
            k.kind = 'n';
         else if (!strcmp(line, "ERROR"))
            k.kind = 'e';
         else if (!strncmp(line, "CHECK-", 6)) {
            k.kind = 'c';
            snprintf(k.only, sizeof(k.only), "%.15s", line + 6);
         } else
            continue;
         checks[n++] = k;
      }
      if (!nt) {
         unsigned g = 0, w = 0;
         const char *tl = strstr(text, "\ntarget ");
         if (!strncmp(text, "target ", 7))
            tl = text - 1;
         if (tl && sscanf(tl + 1, "target gfx%u wave%u", &g, &w) == 2) {
            levels[nt] = (aco_gfx_level)g;
            waves[nt++] = w;
         }
      }
      if (!n) {
         printf("FAIL %s: no checks\n", argv[a]);
         failed++;
      }
      for (unsigned i = 0; i < nt; i++) {
         if (run_one(argv[a], text, checks, n, levels[i], waves[i]))
            passed++;
         else
            failed++;
      }
      free(text);
   }
   printf("%u passed, %u failed\n", passed, failed);
   return failed || !passed ? 1 : 0;
}
