/* SPDX-License-Identifier: MIT */
/* The execution-test runner: compile (one program, or several compiled apart and linked),
 * run on the emulator and on the reference interpreter, compare memory. See exec_util.h
 * for the kernel file format. */
#include "exec_util.h"
#include "llc_part.h"

#include "emu/emu.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "isel/entry_abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER_BASE UINT64_C(0x100000000)
#define BUFFER_STRIDE UINT64_C(0x1000000)
#define ARGBLOCK_ADDR UINT64_C(0x7f000000)
#define CODE_ADDR UINT64_C(0x80000000)
/* the scratch ring: its low dword near 2^32, so a wave offset carries into the high one */
#define SCRATCH_RING_ADDR UINT64_C(0x1fffff000)

char *
exec_read_file(const char *path, size_t *len)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 4096, n = 0;
   char *d = malloc(cap);
   size_t r;
   while (d && (r = fread(d + n, 1, cap - n - 1, f)) > 0) {
      n += r;
      if (n + 1 >= cap) {
         char *nd = realloc(d, cap * 2);
         if (!nd) {
            free(d);
            d = NULL;
            break;
         }
         d = nd;
         cap *= 2;
      }
   }
   fclose(f);
   if (d) {
      d[n] = 0;
      if (len)
         *len = n;
   }
   return d;
}

/* Whitespace-separated 32-bit values (C integer syntax, negative allowed) into out. */
static bool
parse_values(const char *s, uint32_t *out, unsigned max, unsigned *n)
{
   char tok[32];
   int k;
   while (sscanf(s, " %31s%n", tok, &k) == 1) {
      char *end;
      long long v = strtoll(tok, &end, 0);
      if (*end || *n == max || v < INT32_MIN || v > UINT32_MAX)
         return false;
      out[(*n)++] = (uint32_t)v;
      s += k;
   }
   return true;
}

/* `words NAME V...` or `expect NAME OFFSET V...`; NAME a buffer declared above. */
static bool
parse_words_line(const char *word, const char *rest, struct exec_spec *spec, char *err,
                 size_t errlen)
{
   char name[32];
   int k;
   if (sscanf(rest, " %31s%n", name, &k) != 1)
      return snprintf(err, errlen, "%s: no buffer name", word), false;
   rest += k;
   unsigned b = 0;
   while (b < spec->num_buffers && strcmp(spec->buffers[b].name, name))
      b++;
   if (b == spec->num_buffers)
      return snprintf(err, errlen, "%s: no buffer %s above", word, name), false;
   struct exec_buffer *buf = &spec->buffers[b];
   if (word[0] == 'w') {
      if (!parse_values(rest, buf->words, EXEC_MAX_WORDS, &buf->num_words) ||
          4 * buf->num_words > buf->size)
         return snprintf(err, errlen, "words %s: a bad value, more than %u, or past its end",
                         name, EXEC_MAX_WORDS), false;
      return true;
   }
   if (spec->num_expects == EXEC_MAX_EXPECTS)
      return snprintf(err, errlen, "too many expect lines"), false;
   struct exec_expect *e = &spec->expects[spec->num_expects++];
   e->buffer = b;
   if (sscanf(rest, " %u%n", &e->offset, &k) != 1 || e->offset % 4 ||
       !parse_values(rest + k, e->words, 16, &e->num_words) || !e->num_words ||
       e->offset + 4 * e->num_words > buf->size)
      return snprintf(err, errlen, "bad expect line for %s", name), false;
   return true;
}

bool
exec_parse_spec(const char *text, struct exec_spec *spec, char *err, size_t errlen)
{
   memset(spec, 0, sizeof(*spec));
   spec->grid[0] = spec->grid[1] = spec->grid[2] = 1;
   for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
      if (line[0] != ';')
         continue;
      char l[512];
      size_t n = strcspn(line, "\n");
      snprintf(l, sizeof(l), "%.*s", (int)(n - 1 < 511 ? n - 1 : 511), line + 1);
      char word[32] = "";
      int used = 0;
      if (sscanf(l, " %31s%n", word, &used) != 1)
         continue;
      const char *rest = l + used;
      if (!strcmp(word, "buffer")) {
         if (spec->num_buffers == EXEC_MAX_BUFFERS)
            return snprintf(err, errlen, "too many buffers"), false;
         struct exec_buffer *b = &spec->buffers[spec->num_buffers++];
         strcpy(b->init, "zero");
         char flag[16] = "";
         if (sscanf(rest, " %31s %u %15s %15s", b->name, &b->size, b->init, flag) < 2)
            return snprintf(err, errlen, "bad buffer line: %s", l), false;
         if (flag[0] && strcmp(flag, "scratchpad"))
            return snprintf(err, errlen, "bad buffer line (scratchpad or nothing after the "
                            "fill): %s", l), false;
         b->scratchpad = flag[0] != 0;
      } else if (!strcmp(word, "args")) {
         int k;
         char a[48];
         while (spec->num_args < 16 && sscanf(rest, " %47s%n", a, &k) == 1) {
            strcpy(spec->args[spec->num_args++], a);
            rest += k;
         }
      } else if (!strcmp(word, "words") || !strcmp(word, "expect")) {
         if (!parse_words_line(word, rest, spec, err, errlen))
            return false;
      } else if (!strcmp(word, "link") || !strcmp(word, "link-llc")) {
         if (spec->num_links == EXEC_MAX_LINKS)
            return snprintf(err, errlen, "too many link lines"), false;
         spec->link_llc[spec->num_links] = word[4] == '-';
         char *f = spec->links[spec->num_links++];
         if (sscanf(rest, " %127s", f) != 1)
            return snprintf(err, errlen, "bad link line: %s", l), false;
      } else if (!strcmp(word, "grid")) {
         if (sscanf(rest, " %u %u %u", &spec->grid[0], &spec->grid[1], &spec->grid[2]) != 3)
            return snprintf(err, errlen, "bad grid line: %s", l), false;
      } else if (!strcmp(word, "skip") || !strcmp(word, "unsupported")) {
         char(*what)[2][160] = word[0] == 's' ? spec->skip : spec->unsupported;
         char lvl[16];
         int k;
         if (sscanf(rest, " %15s%n", lvl, &k) != 1)
            return snprintf(err, errlen, "bad skip line"), false;
         unsigned waves = 3; /* bit 0 wave32, bit 1 wave64 */
         char *slash = strchr(lvl, '/');
         if (slash) {
            waves = !strcmp(slash + 1, "32") ? 1 : !strcmp(slash + 1, "64") ? 2 : 0;
            *slash = 0;
         }
         int i = !strcmp(lvl, "gfx1030") ? 0 : !strcmp(lvl, "gfx1100") ? 1 : !strcmp(lvl, "gfx1200") ? 2 : -1;
         if (i < 0 || !waves)
            return snprintf(err, errlen, "bad target in skip: %s", lvl), false;
         for (unsigned wv = 0; wv < 2; wv++) {
            if (!(waves & (1u << wv)))
               continue;
            snprintf(what[i][wv], sizeof(what[i][wv]), "%s", rest + k + (rest[k] == ' '));
            if (!what[i][wv][0])
               strcpy(what[i][wv], "(no reason)");
         }
      }
   }
   return true;
}

/* The first line starting with "target ", or NULL. */
static const char *
find_target_line(const char *text)
{
   const char *t = strstr(text, "target ");
   while (t && t != text && t[-1] != '\n')
      t = strstr(t + 1, "target ");
   return t;
}

char *
exec_retarget(const char *text, aco_gfx_level level, unsigned wave)
{
   const char *t = find_target_line(text);
   if (!t)
      return NULL;
   const char *end = t + strcspn(t, "\n");
   char repl[64];
   snprintf(repl, sizeof(repl), "target %s wave%u", aco_gfx_level_name(level), wave);
   size_t head = (size_t)(t - text), rl = strlen(repl), tail = strlen(end);
   char *out = malloc(head + rl + tail + 1);
   if (!out)
      return NULL;
   memcpy(out, text, head);
   memcpy(out + head, repl, rl);
   memcpy(out + head + rl, end, tail + 1);
   return out;
}

void
exec_fill(uint8_t *d, uint32_t size, const char *init)
{
   uint32_t seed = 0x12345678u;
   for (uint32_t i = 0; i + 3 < size || i < size; i += 4) {
      uint32_t v = 0;
      if (!strcmp(init, "iota"))
         v = i / 4;
      else if (!strcmp(init, "random")) {
         seed = seed * 1664525u + 1013904223u;
         v = seed;
      } else if (!strcmp(init, "f32ramp")) {
         float f = (float)(i / 4) * 0.75f - 10.0f;
         memcpy(&v, &f, 4);
      }
      for (unsigned k = 0; k < 4 && i + k < size; k++)
         d[i + k] = (uint8_t)(v >> (8 * k));
   }
}

static bool
fail(char *msg, size_t len, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, len, fmt, ap);
   va_end(ap);
   return false;
}

/* Whether code byte `at` is in a literal a relocation of bin leaves to the linker. */
static bool
relocated_byte(const aco_binary *bin, size_t at)
{
   for (uint32_t i = 0; i < bin->num_relocations; i++) {
      if (at >= bin->relocations[i].offset && at < bin->relocations[i].offset + 4u)
         return true;
   }
   return false;
}

/* llvm-mc-19 must accept the disassembly as it is and assemble it to our bytes (but for
 * the literals of calls to functions another binary defines: ld.lld-19 links those
 * against address 0, where our binary leaves them to aco_link). */
static bool
check_llvm_mc(const aco_binary *bin, aco_gfx_level level, unsigned wave, char *msg, size_t len)
{
   if (getenv("ACO_TEST_NO_LLVM_MC"))
      return true;
   char dir[] = "/tmp/aco-exec-XXXXXX";
   if (!mkdtemp(dir))
      return fail(msg, len, "mkdtemp failed");
   char path[256], cmd[1024];
   snprintf(path, sizeof(path), "%s/k.s", dir);
   FILE *f = fopen(path, "w");
   bool ok = f != NULL;
   if (f) {
      fputs(bin->disassembly, f);
      fclose(f);
      /* calls name functions PC-relatively (f@rel32@lo+4): linking resolves them */
      bool link = strstr(bin->disassembly, "@rel32@") != NULL;
      char lld[600] = "";
      if (link)
         snprintf(lld, sizeof(lld), " && ld.lld-19 %s -o %s/k.so %s/k.o 2>>%s/err",
                  bin->num_relocations ? "--unresolved-symbols=ignore-all" : "-shared", dir, dir,
                  dir);
      snprintf(cmd, sizeof(cmd),
               "llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=%s%s -filetype=obj -o %s/k.o %s/k.s "
               "2>%s/err%s && llvm-objcopy-19 -O binary --only-section=.text %s/k.%s %s/k.bin",
               aco_gfx_level_name(level), wave == 64 ? " -mattr=+wavefrontsize64" : "", dir, dir,
               dir, lld, dir, link ? "so" : "o", dir);
      if (system(cmd) != 0) {
         snprintf(path, sizeof(path), "%s/err", dir);
         char *err = exec_read_file(path, NULL);
         ok = fail(msg, len, "llvm-mc-19 rejects the assembly: %.2000s", err ? err : "");
         free(err);
      } else {
         size_t n = 0;
         snprintf(path, sizeof(path), "%s/k.bin", dir);
         char *code = exec_read_file(path, &n);
         size_t at = 0;
         while (code && at < n && at < bin->stats.code_bytes &&
                (code[at] == (char)bin->code[at] || relocated_byte(bin, at)))
            at++;
         if (!code || n != bin->stats.code_bytes || at != n) {
            ok = fail(msg, len, "llvm-mc-19 assembles the disassembly to other bytes (%zu vs %u, first difference at byte %zu)",
                      n, bin->stats.code_bytes, at);
         }
         free(code);
      }
   }
   snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
   if (system(cmd) != 0)
      ok = false;
   return ok;
}

bool
exec_setup_buffers(const struct exec_spec *spec, uint8_t **interp_mem, uint8_t **emu_mem,
                   struct air_interp_buffer *ib, char *msg, size_t msglen)
{
   for (unsigned i = 0; i < spec->num_buffers; i++) {
      const struct exec_buffer *b = &spec->buffers[i];
      interp_mem[i] = calloc(1, b->size + 4);
      emu_mem[i] = calloc(1, b->size + 4);
      if (!interp_mem[i] || !emu_mem[i])
         return fail(msg, msglen, "out of memory");
      exec_fill(interp_mem[i], b->size, b->init);
      for (unsigned w = 0; w < b->num_words; w++)
         memcpy(interp_mem[i] + 4 * w, &b->words[w], 4);
      memcpy(emu_mem[i], interp_mem[i], b->size);
      ib[i].address = BUFFER_BASE + BUFFER_STRIDE * i;
      ib[i].size = b->size;
      ib[i].data = interp_mem[i];
   }
   return true;
}

bool
exec_setup_args(const struct exec_spec *spec, const struct aco_function *entry,
                const struct air_interp_buffer *ib, struct air_interp_arg *args, char *msg,
                size_t msglen)
{
   memset(args, 0, 16 * sizeof(*args));
   if (spec->num_args != entry->num_params || spec->num_args > 16)
      return fail(msg, msglen, "%u args for %u parameters", spec->num_args, entry->num_params);
   for (unsigned i = 0; i < spec->num_args; i++) {
      const char *a = spec->args[i];
      bool found = false;
      for (unsigned k = 0; k < spec->num_buffers; k++) {
         if (!strcmp(a, spec->buffers[k].name)) {
            args[i].c[0] = ib[k].address;
            found = true;
         }
      }
      if (found)
         continue;
      if (!strncmp(a, "f:", 2)) {
         double d = strtod(a + 2, NULL);
         aco_type ty = entry->params[i].type;
         if (ty.bits == 64) {
            memcpy(&args[i].c[0], &d, 8);
         } else if (ty.bits == 16) {
            args[i].c[0] = air_float_to_half(d);
         } else {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            args[i].c[0] = u;
         }
      } else {
         args[i].c[0] = strtoull(a, NULL, 0);
      }
   }
   return true;
}

/* The spec's expect lines against one run's memory. */
static bool
check_expects(const struct exec_spec *spec, uint8_t *const *mem, const char *what, char *msg,
              size_t msglen)
{
   for (unsigned i = 0; i < spec->num_expects; i++) {
      const struct exec_expect *e = &spec->expects[i];
      for (unsigned w = 0; w < e->num_words; w++) {
         uint32_t got;
         memcpy(&got, mem[e->buffer] + e->offset + 4 * w, 4);
         if (got != e->words[w])
            return fail(msg, msglen, "expect: buffer %s byte %u: %s wrote 0x%08x (%d), expected "
                        "0x%08x (%d)", spec->buffers[e->buffer].name, e->offset + 4 * w, what,
                        got, (int32_t)got, e->words[w], (int32_t)e->words[w]);
      }
   }
   return true;
}

bool
exec_compare(const struct exec_spec *spec, const struct air_interp_buffer *ib,
             uint8_t *const *interp_mem, uint8_t *const *emu_mem, const char *what,
             const char *extra, char *msg, size_t msglen)
{
   if (!check_expects(spec, interp_mem, "the interpreter", msg, msglen) ||
       !check_expects(spec, emu_mem, what, msg, msglen))
      return false;
   for (unsigned i = 0; i < spec->num_buffers; i++) {
      if (spec->buffers[i].scratchpad)
         continue;
      for (uint32_t off = 0; off < spec->buffers[i].size; off += 4) {
         uint32_t n = spec->buffers[i].size - off < 4 ? spec->buffers[i].size - off : 4;
         uint32_t e = 0, g = 0;
         memcpy(&e, interp_mem[i] + off, n);
         memcpy(&g, emu_mem[i] + off, n);
         unsigned tag = ib[i].ulp ? ib[i].ulp[off] : 0;
         if (tag == 255)
            continue;
         bool same = tag ? air_float_within_ulp(32, e, g, tag) : e == g;
         if (!same)
            return fail(msg, msglen, "buffer %s byte %u: interpreter 0x%08x, %s 0x%08x\n%s",
                        spec->buffers[i].name, off, e, what, g, extra ? extra : "");
      }
   }
   return true;
}

/* The register limits exec_run compiles with (test_spill.c), and what the last compile
 * spilled. Test-program state: the library has none. */
static unsigned limit_sgprs, limit_vgprs;
static unsigned (*code_patch)(uint32_t *words, size_t num_words, aco_target t);
static unsigned last_patched;

void
exec_set_code_patch(unsigned (*patch)(uint32_t *words, size_t num_words, aco_target t))
{
   code_patch = patch;
}

unsigned
exec_last_patched(void)
{
   return last_patched;
}
static uint32_t last_stats[4], last_scratch;
static struct aco_emu_stats last_run;
static bool skip_asm_check;

void
exec_set_asm_check(bool on)
{
   skip_asm_check = !on;
}

void
exec_set_limits(unsigned max_sgprs, unsigned max_vgprs)
{
   limit_sgprs = max_sgprs;
   limit_vgprs = max_vgprs;
}

void
exec_last_run_stats(struct aco_emu_stats *out)
{
   *out = last_run;
}

void
exec_last_spills(uint32_t stats[4], uint32_t *scratch_bytes)
{
   memcpy(stats, last_stats, sizeof(last_stats));
   *scratch_bytes = last_scratch;
}

char *
exec_read_kernel(const char *arg, char *path, size_t path_len, size_t *len)
{
   const char *srcdir = getenv("ACO_TEST_SRCDIR");
   if (arg[0] == '/' || !srcdir)
      snprintf(path, path_len, "%s", arg);
   else
      snprintf(path, path_len, "%s/tests/exec/kernels/%s", srcdir, arg);
   return exec_read_file(path, len);
}

/* A program with functions besides its entry is checked against each callee's own ABI
 * at every call (docs/emulator.md); *callees is the table the launch points to. */
bool
exec_setup_callees(aco_program *p, const aco_binary *bin, struct aco_emu_launch *launch,
                   struct aco_emu_callee **callees, char *msg, size_t msglen)
{
   bool has_callee = false;
   for (uint32_t i = 0; i < p->num_functions; i++)
      has_callee |= !(p->functions[i]->flags & ACO_FUNCTION_ENTRY);
   if (!has_callee)
      return true;
   unsigned n;
   aco_status s = aco_emu_callees_for_binary(NULL, p, bin, callees, &n);
   if (s != ACO_SUCCESS)
      return fail(msg, msglen, "callee table: %s: %s", aco_status_string(s),
                  aco_program_message(p));
   launch->callees = *callees;
   launch->num_callees = n;
   launch->abi_check = n > 0; /* not llc's convention for libaco's code */
   return true;
}


/* ---- kernels of several programs compiled apart (; link lines) ---------------------- */

#define EXEC_MAX_PARTS (1 + EXEC_MAX_LINKS)

struct exec_parts {
   unsigned n;
   char path[EXEC_MAX_PARTS][600];
   char *text[EXEC_MAX_PARTS]; /* retargeted */
   aco_program *prog[EXEC_MAX_PARTS];
   bool llc[EXEC_MAX_PARTS]; /* built by llc-19 (llc_part.h) */
};

static void
free_parts(struct exec_parts *parts)
{
   for (unsigned i = 0; i < parts->n; i++) {
      aco_program_destroy(parts->prog[i]);
      free(parts->text[i]);
   }
   parts->n = 0;
}

/* Retargets and parses one part; file_text NULL: read parts->path[n]. */
static bool
add_part(struct exec_parts *parts, const char *file_text, aco_gfx_level level, unsigned wave,
         char *msg, size_t len)
{
   unsigned n = parts->n;
   char *read = file_text ? NULL : exec_read_file(parts->path[n], NULL);
   if (!file_text && !read)
      return fail(msg, len, "cannot read %s", parts->path[n]);
   parts->text[n] = exec_retarget(file_text ? file_text : read, level, wave);
   free(read);
   if (!parts->text[n])
      return fail(msg, len, "%s: no target line", parts->path[n]);
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   parts->n++;
   if (aco_program_create(&info, &parts->prog[n]) != ACO_SUCCESS)
      return fail(msg, len, "out of memory");
   if (aco_program_parse(parts->prog[n], parts->path[n], parts->text[n],
                         strlen(parts->text[n])) != ACO_SUCCESS)
      return fail(msg, len, "parse: %s", aco_program_message(parts->prog[n]));
   return true;
}

/* The part defining `name` (not just declaring it), or -1. */
static int
defining_part(const struct exec_parts *parts, const char *name)
{
   for (unsigned i = 0; i < parts->n; i++) {
      aco_function *f = aco_program_find_function(parts->prog[i], name);
      if (f && !(f->flags & ACO_FUNCTION_EXTERNAL))
         return (int)i;
   }
   return -1;
}

/* Each function defined by exactly one part. */
static bool
check_definitions(const struct exec_parts *parts, char *msg, size_t len)
{
   for (unsigned i = 0; i < parts->n; i++) {
      const aco_program *p = parts->prog[i];
      for (uint32_t k = 0; k < p->num_functions; k++) {
         const aco_function *f = p->functions[k];
         int d = defining_part(parts, f->name);
         if (d < 0)
            return fail(msg, len, "@%s is declared in %s but no file defines it", f->name,
                        parts->path[i]);
         if (!(f->flags & ACO_FUNCTION_EXTERNAL) && d != (int)i)
            return fail(msg, len, "@%s is defined in both %s and %s", f->name, parts->path[d],
                        parts->path[i]);
      }
   }
   return true;
}

/* Whether a line of part `self` stays out of the merge: a target line after the first
 * part's, or the declaration of a function a part defines. */
static bool
merge_drops(const struct exec_parts *parts, unsigned self, const char *line, size_t len)
{
   static const char decl[] = "declare function @";
   const size_t dl = sizeof(decl) - 1;
   if (self > 0 && find_target_line(line) == line)
      return true;
   if (len < dl || strncmp(line, decl, dl))
      return false;
   char name[256];
   size_t n = strcspn(line + dl, "( \t\n");
   if (n >= sizeof(name))
      return false;
   memcpy(name, line + dl, n);
   name[n] = 0;
   return defining_part(parts, name) >= 0;
}

/* The whole program: the parts' texts one after another, less what merge_drops. */
static char *
merge_parts(const struct exec_parts *parts)
{
   size_t cap = 1;
   for (unsigned i = 0; i < parts->n; i++)
      cap += strlen(parts->text[i]) + 1;
   char *out = malloc(cap), *w = out;
   for (unsigned i = 0; i < parts->n && out; i++) {
      for (const char *line = parts->text[i]; *line;) {
         size_t len = strcspn(line, "\n");
         if (!merge_drops(parts, i, line, len)) {
            memcpy(w, line, len);
            w += len;
            *w++ = '\n';
         }
         line += len + (line[len] == '\n');
      }
   }
   if (out)
      *w = 0;
   return out;
}

/* Loads the parts of a kernel with link lines (exec_util.h) and returns the whole
 * program's text (malloc'ed), or NULL with a message. */
static char *
load_parts(const char *name, const char *text, const struct exec_spec *spec,
           aco_gfx_level level, unsigned wave, struct exec_parts *parts, char *msg, size_t len)
{
   const char *slash = strrchr(name, '/');
   int dir_len = slash ? (int)(slash - name) : 1;
   const char *dir = slash ? name : ".";
   if (find_target_line(text)) {
      snprintf(parts->path[0], sizeof(parts->path[0]), "%s", name);
      if (!add_part(parts, text, level, wave, msg, len))
         return NULL;
   }
   for (unsigned i = 0; i < spec->num_links; i++) {
      const char *l = spec->links[i];
      if (l[0] == '/')
         snprintf(parts->path[parts->n], sizeof(parts->path[0]), "%s", l);
      else
         snprintf(parts->path[parts->n], sizeof(parts->path[0]), "%.*s/%s", dir_len, dir, l);
      parts->llc[parts->n] = spec->link_llc[i];
      if (!add_part(parts, NULL, level, wave, msg, len))
         return NULL;
   }
   if (!check_definitions(parts, msg, len))
      return NULL;
   char *whole = merge_parts(parts);
   if (!whole)
      fail(msg, len, "out of memory");
   return whole;
}

/* Compiles the kernel: the whole program p, or with parts each part on its own (each
 * checked with llvm-mc-19) and the binaries linked. */
static bool
compile_kernel(aco_program *p, const struct exec_parts *parts, const aco_compile_options *opts,
               aco_gfx_level level, unsigned wave, aco_binary **bin, char *msg, size_t len)
{
   if (!parts->n) {
      aco_status s = aco_compile(p, opts, NULL, bin);
      if (s != ACO_SUCCESS)
         return fail(msg, len, "compile: %s: %s", aco_status_string(s), aco_program_message(p));
      if ((*bin)->num_relocations)
         return fail(msg, len, "@%s is only declared: give its file with a link line",
                     (*bin)->relocations[0].symbol);
      return skip_asm_check || check_llvm_mc(*bin, level, wave, msg, len);
   }
   aco_binary *bins[EXEC_MAX_PARTS] = {0};
   bool ok = true;
   for (unsigned i = 0; i < parts->n && ok; i++) {
      if (parts->llc[i]) {
         ok = exec_llc_part(parts->prog[i], parts->path[i], &bins[i], msg, len);
         continue;
      }
      aco_status s = aco_compile(parts->prog[i], opts, NULL, &bins[i]);
      if (s != ACO_SUCCESS)
         ok = fail(msg, len, "compile %s: %s: %s", parts->path[i], aco_status_string(s),
                   aco_program_message(parts->prog[i]));
      else if (!skip_asm_check)
         ok = check_llvm_mc(bins[i], level, wave, msg, len);
   }
   char err[512] = "";
   if (ok && aco_link((const aco_binary *const *)bins, parts->n, NULL, bin, err,
                      sizeof(err)) != ACO_SUCCESS)
      ok = fail(msg, len, "link: %s", err);
   if (ok && (*bin)->num_relocations)
      ok = fail(msg, len, "link: @%s left unresolved", (*bin)->relocations[0].symbol);
   for (unsigned i = 0; i < parts->n; i++)
      aco_binary_destroy(bins[i]);
   return ok;
}

bool
exec_run(const char *name, const char *text, const struct exec_spec *spec, aco_gfx_level level,
         unsigned wave, char *msg, size_t msglen, uint32_t *instrs, bool dump)
{
   struct exec_parts parts;
   memset(&parts, 0, sizeof(parts));
   char *t = spec->num_links
                ? load_parts(name, text, spec, level, wave, &parts, msg, msglen)
                : exec_retarget(text, level, wave);
   if (!t) {
      free_parts(&parts);
      return spec->num_links ? false : fail(msg, msglen, "no target line");
   }
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p;
   bool ok = false;
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      free(t);
      free_parts(&parts);
      return fail(msg, msglen, "out of memory");
   }
   uint8_t *interp_mem[EXEC_MAX_BUFFERS] = {0}, *emu_mem[EXEC_MAX_BUFFERS] = {0};
   struct air_interp_buffer ib[EXEC_MAX_BUFFERS];
   aco_binary *bin = NULL;
   struct aco_emu *emu = NULL;
   struct aco_emu_callee *callees = NULL;
   uint8_t argblock[1024];
   memset(ib, 0, sizeof(ib));

   if (aco_program_parse(p, name, t, strlen(t)) != ACO_SUCCESS) {
      fail(msg, msglen, "parse: %s", aco_program_message(p));
      goto out;
   }
   struct aco_function *entry = NULL;
   for (uint32_t i = 0; i < p->num_functions && !entry; i++)
      if (p->functions[i]->flags & ACO_FUNCTION_ENTRY)
         entry = p->functions[i];
   if (!entry) {
      fail(msg, msglen, "no entry function");
      goto out;
   }
   aco_compile_options opts = {sizeof(opts), ACO_COMPILE_DISASSEMBLY, 0, 0, 0, 0};
   opts.max_sgprs = (uint16_t)limit_sgprs;
   opts.max_vgprs = (uint16_t)limit_vgprs;
   aco_status s;
   if (!compile_kernel(p, &parts, &opts, level, wave, &bin, msg, msglen))
      goto out;
   last_stats[0] = bin->stats.sgpr_spills;
   last_stats[1] = bin->stats.sgpr_reloads;
   last_stats[2] = bin->stats.vgpr_spills;
   last_stats[3] = bin->stats.vgpr_reloads;
   last_scratch = bin->config.scratch_bytes_per_lane;
   if (instrs)
      *instrs = bin->stats.instructions;

   if (!exec_setup_buffers(spec, interp_mem, emu_mem, ib, msg, msglen))
      goto out;
   struct air_interp_arg args[16];
   if (!exec_setup_args(spec, entry, ib, args, msg, msglen))
      goto out;

   /* the interpreter */
   struct air_interp_options io;
   memset(&io, 0, sizeof(io));
   memcpy(io.grid, spec->grid, sizeof(io.grid));
   struct air_interp_memory imem = {ib, spec->num_buffers};
   struct air_interp_result ires;
   enum air_fault fault = air_interp_run(p, entry, &io, &imem, args, &ires);
   if (fault != AIR_FAULT_NONE) {
      fail(msg, msglen, "interpreter: %s: %s", air_fault_name(fault), aco_program_message(p));
      air_interp_memory_finish(p, &imem);
      goto out;
   }

   /* the emulator */
   aco_target target = {level, wave};
   emu = aco_emu_create(NULL, target);
   if (!emu) {
      fail(msg, msglen, "emulator: out of memory");
      air_interp_memory_finish(p, &imem);
      goto out;
   }
   for (unsigned i = 0; i < spec->num_buffers; i++)
      aco_emu_map(emu, ib[i].address, emu_mem[i], spec->buffers[i].size, 0);
   aco_emu_map(emu, ARGBLOCK_ADDR, argblock, sizeof(argblock), ACO_EMU_MEM_READONLY);
   last_patched = 0;
   if (code_patch) {
      uint32_t *words = malloc(bin->code_size + 4);
      if (!words) {
         fail(msg, msglen, "out of memory");
         air_interp_memory_finish(p, &imem);
         goto out;
      }
      memcpy(words, bin->code, bin->code_size);
      last_patched = code_patch(words, bin->code_size / 4, target);
      aco_emu_load_code(emu, words, bin->code_size, CODE_ADDR);
      free(words);
   } else {
      aco_emu_load_code(emu, bin->code, bin->code_size, CODE_ADDR);
   }
   /* a hardware-style dispatch: the emulator starts each wave from the binary's RSRC
    * registers; the scratch ring has a slice more than a workgroup has waves, so the
    * waves of successive workgroups take slices at other offsets, and its base makes the
    * offset carry into the high dword (docs/emulator.md "Hardware-style dispatch") */
   struct aco_emu_dispatch launch;
   uint32_t threads = 1;
   for (unsigned c = 0; c < 3; c++)
      threads *= entry->workgroup_size[c] ? entry->workgroup_size[c] : 1;
   uint32_t ring_waves = (threads + wave - 1) / wave + 1;
   s = aco_entry_fill_dispatch(entry, bin, args, spec->grid, ARGBLOCK_ADDR, argblock,
                               sizeof(argblock), SCRATCH_RING_ADDR, ring_waves, &launch);
   if (s != ACO_SUCCESS) {
      fail(msg, msglen, "launch: %s", aco_status_string(s));
      air_interp_memory_finish(p, &imem);
      goto out;
   }
   struct aco_emu_launch calls;
   memset(&calls, 0, sizeof(calls));
   calls.abi_check = launch.abi_check;
   if (!exec_setup_callees(p, bin, &calls, &callees, msg, msglen)) {
      air_interp_memory_finish(p, &imem);
      goto out;
   }
   launch.callees = calls.callees;
   launch.num_callees = calls.num_callees;
   launch.abi_check = calls.abi_check;
   s = aco_emu_dispatch_run(emu, &launch);
   if (s != ACO_SUCCESS) {
      fail(msg, msglen, "emulator: %s\n%s", aco_emu_message(emu), bin->disassembly);
      air_interp_memory_finish(p, &imem);
      goto out;
   }

   aco_emu_get_stats(emu, &last_run);

   /* compare */
   ok = exec_compare(spec, ib, interp_mem, emu_mem, "emulator", bin->disassembly, msg, msglen);
   for (unsigned i = 0; i < spec->num_buffers && ok && dump; i++) {
      printf("  %s (%s wave%u, emulator = interpreter):", spec->buffers[i].name,
             aco_gfx_level_name(level), wave);
      for (uint32_t off = 0; off + 4 <= spec->buffers[i].size && off < 256; off += 4) {
         uint32_t v;
         memcpy(&v, emu_mem[i] + off, 4);
         printf("%s %08x", off % 32 ? "" : "\n   ", v);
      }
      printf("\n");
   }
   air_interp_memory_finish(p, &imem);
out:
   aco_emu_callees_free(NULL, callees);
   aco_emu_destroy(emu);
   aco_binary_destroy(bin);
   for (unsigned i = 0; i < EXEC_MAX_BUFFERS; i++) {
      free(interp_mem[i]);
      free(emu_mem[i]);
   }
   aco_program_destroy(p);
   free(t);
   free_parts(&parts);
   return ok;
}
