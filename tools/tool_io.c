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

bool
tool_is_spirv(const char *data, size_t len)
{
   uint32_t magic;
   if (len < 4)
      return false;
   memcpy(&magic, data, 4);
   return magic == 0x07230203u;
}

bool
tool_add_spec(struct tool_spirv_args *a, const char *spec)
{
   char *end;
   unsigned long id = strtoul(spec, &end, 0);
   if (end == spec || *end != '=' || id > UINT32_MAX || a->num_specs == TOOL_MAX_SPECS)
      return false;
   const char *v = end + 1;
   uint64_t value;
   if (!strncmp(v, "f:", 2)) {
      float f = strtof(v + 2, &end);
      uint32_t u;
      memcpy(&u, &f, 4);
      value = u;
      if (end == v + 2 || *end)
         return false;
   } else {
      value = v[0] == '-' ? (uint64_t)strtoll(v, &end, 0) : strtoull(v, &end, 0);
      if (end == v || *end)
         return false;
   }
   a->spec_ids[a->num_specs] = (uint32_t)id;
   a->spec_values[a->num_specs++] = value;
   return true;
}

#ifdef ACO_HAVE_SPIRV
#include "aco/aco_spirv.h"

int
tool_spirv_program(const char *tool, const char *name, const char *data, size_t len,
                   aco_target target, const struct tool_spirv_args *a, aco_program **out)
{
   if (!target.gfx_level)
      target.gfx_level = ACO_GFX1100;
   if (!target.wave_size)
      target.wave_size = 32;
   aco_program_info info = {sizeof(info), target, NULL, NULL, NULL};
   *out = NULL;
   if (len % 4) {
      fprintf(stderr, "%s: %s: a SPIR-V module of %zu bytes, not a whole number of words\n",
              tool, name, len);
      return 2;
   }
   uint32_t *words = malloc(len);
   if (!words || aco_program_create(&info, out) != ACO_SUCCESS) {
      free(words);
      fprintf(stderr, "%s: out of memory\n", tool);
      return 1;
   }
   memcpy(words, data, len);
   aco_spirv_spec specs[TOOL_MAX_SPECS];
   for (unsigned i = 0; i < a->num_specs; i++) {
      specs[i].id = a->spec_ids[i];
      specs[i].value = a->spec_values[i];
   }
   aco_spirv_options o;
   memset(&o, 0, sizeof(o));
   o.struct_size = sizeof(o);
   o.entry = a->entry;
   o.num_specs = a->num_specs;
   o.specs = specs;
   char msg[512];
   aco_status s = aco_spirv_translate(*out, words, len / 4, &o, NULL, NULL, msg, sizeof(msg));
   free(words);
   if (s == ACO_SUCCESS)
      return 0;
   fprintf(stderr, "%s: %s: %s: %s\n", tool, name, aco_status_string(s), msg);
   aco_program_destroy(*out);
   *out = NULL;
   return s == ACO_ERROR_UNSUPPORTED ? 3 : s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
}
#else
int
tool_spirv_program(const char *tool, const char *name, const char *data, size_t len,
                   aco_target target, const struct tool_spirv_args *a, aco_program **out)
{
   (void)data;
   (void)len;
   (void)target;
   (void)a;
   *out = NULL;
   fprintf(stderr, "%s: %s: this build has no SPIR-V support (spirv-headers missing)\n", tool,
           name);
   return 1;
}
#endif
