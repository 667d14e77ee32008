/* SPDX-License-Identifier: MIT */
#include "tool_io.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

char *
tool_read_all(FILE *f, size_t *len)
{
   size_t cap = 1 << 16, n = 0;
   char *buf = malloc(cap);
   if (!buf)
      return NULL;
   for (;;) {
      if (n == cap) { /* also keeps room for the NUL */
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
   if (n == cap) {
      char *nb = realloc(buf, cap + 1);
      if (!nb) {
         free(buf);
         return NULL;
      }
      buf = nb;
   }
   buf[n] = 0;
   *len = n;
   return buf;
}

/* The length of "L:C: " at s (digits, ':', digits, ':', ' '), or 0. */
static size_t
location_len(const char *s, size_t len)
{
   size_t i = 0;
   for (unsigned part = 0; part < 2; part++) {
      size_t start = i;
      while (i < len && s[i] >= '0' && s[i] <= '9')
         i++;
      if (i == start || i == len || s[i] != ':')
         return 0;
      i++;
   }
   return i < len && s[i] == ' ' ? i + 1 : 0;
}

/* "N error:" or "N errors:", the validator's heading. */
static bool
is_count_heading(const char *s, size_t len)
{
   size_t i = 0;
   while (i < len && s[i] >= '0' && s[i] <= '9')
      i++;
   return i && ((len - i == 8 && !memcmp(s + i, " errors:", 8)) ||
                (len - i == 7 && !memcmp(s + i, " error:", 7)));
}

void
tool_print_errors(FILE *f, const char *tool, const char *file, const char *message)
{
   fflush(stdout); /* what the tool printed so far comes first */
   const char *where = file ? file : tool;
   size_t flen = file ? strlen(file) : 0;
   bool any = false;
   for (const char *line = message; *line;) {
      size_t len = strcspn(line, "\n");
      size_t loc;
      if (len && !is_count_heading(line, len)) {
         any = true;
         if (file && len > flen && !memcmp(line, file, flen) && line[flen] == ':' &&
             (loc = location_len(line + flen + 1, len - flen - 1)))
            fprintf(f, "%.*s error: %.*s\n", (int)(flen + loc), line, (int)(len - flen - 1 - loc),
                    line + flen + 1 + loc);
         else if (len > 5 && !memcmp(line, "line ", 5) && (loc = location_len(line + 5, len - 5)))
            fprintf(f, "%s:%.*s error: %.*s\n", where, (int)loc - 1, line + 5,
                    (int)(len - 5 - loc), line + 5 + loc);
         else
            fprintf(f, "%s: error: %.*s\n", where, (int)len, line);
      }
      line += len + (line[len] == '\n');
   }
   if (!any)
      fprintf(f, "%s: error: failed\n", where);
}

static bool
is_blank(char c)
{
   return c == ' ' || c == '\t';
}

enum tool_retarget_result
tool_retarget(const char *text, size_t len, const char *cpu, unsigned wave, char **out,
              size_t *out_len)
{
   *out = NULL;
   *out_len = 0;
   /* The line: [line, end), end at its newline or comment; its words after `target`. */
   size_t line = 0, p = 0, eol = 0;
   bool found = false;
   while (!found && line < len) {
      const char *nl = memchr(text + line, '\n', len - line);
      eol = nl ? (size_t)(nl - text) : len;
      for (p = line; p < eol && is_blank(text[p]); p++)
         ;
      found = eol - p > 6 && !memcmp(text + p, "target", 6) && is_blank(text[p + 6]);
      if (!found)
         line = eol + 1;
   }
   if (!found)
      return TOOL_RETARGET_NO_TARGET_LINE;
   const char *semi = memchr(text + p, ';', eol - p);
   size_t end = semi ? (size_t)(semi - text) : eol;
   size_t word[2] = {end, end}, word_len[2] = {0, 0};
   size_t q = p + 6;
   for (unsigned w = 0; w < 2; w++) {
      while (q < end && is_blank(text[q]))
         q++;
      word[w] = q;
      while (q < end && !is_blank(text[q]))
         q++;
      word_len[w] = q - word[w];
   }
   char wave_word[16] = "";
   if (wave)
      snprintf(wave_word, sizeof(wave_word), "wave%u", wave);
   const char *cpu_s = cpu ? cpu : text + word[0];
   size_t cpu_len = cpu ? strlen(cpu) : word_len[0];
   const char *wave_s = wave ? wave_word : text + word[1];
   size_t wave_len = wave ? strlen(wave_word) : word_len[1];

   size_t n = line + strlen("target ") + cpu_len + 1 + wave_len + 1 + (len - end);
   char *r = malloc(n + 1);
   if (!r)
      return TOOL_RETARGET_OUT_OF_MEMORY;
   size_t o = 0;
   memcpy(r, text, line);
   o += line;
   memcpy(r + o, "target ", 7);
   o += 7;
   memcpy(r + o, cpu_s, cpu_len);
   o += cpu_len;
   r[o++] = ' ';
   memcpy(r + o, wave_s, wave_len);
   o += wave_len;
   r[o++] = ' ';
   memcpy(r + o, text + end, len - end);
   o += len - end;
   r[o] = 0;
   *out = r;
   *out_len = o;
   return TOOL_RETARGET_OK;
}
