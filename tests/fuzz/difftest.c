/* SPDX-License-Identifier: MIT */
/* difftest: the random differential tester. For each seed it generates a kernel
 * (gen_program.h), runs it on the reference interpreter for wave32 and wave64, compiles it
 * with aco_compile for gfx1030, gfx1100 and gfx1200 in both wave sizes, runs each binary
 * on the emulator (every detector on) and compares every byte of memory with the
 * interpreter's (tests/exec/exec_util.h). A compile that returns ACO_ERROR_UNSUPPORTED is
 * counted apart, by reason, and is not a failure; everything else that differs is, and
 * is printed with the command line that replays it. Usage: tests/fuzz/README.md. */
#include "gen_program.h"

#include "../exec/exec_util.h"
#include "emu/emu.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "isel/entry_abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ARGBLOCK_ADDR UINT64_C(0x7f000000)
/* the scratch ring: its low dword near 2^32, so a wave offset carries into the high one */
#define SCRATCH_RING_ADDR UINT64_C(0x1fffff000)
#define CODE_ADDR UINT64_C(0x80000000)
#define MAX_REASONS 128
#define MAX_KNOWN 32
#define MSG_SIZE (1 << 16)

struct reason {
   char text[200];
   unsigned count;
   uint64_t first_seed;
};

/* A known failure (--known FILE, one `REGRESSION: TEXT` a line): a failure whose message
 * contains TEXT is counted as known, not failed, until the bug REGRESSION reproduces
 * is fixed. */
struct known {
   char file[128], text[200];
};

struct options {
   uint64_t features;
   bool print, verbose, tight, interp_only;
   unsigned min_pass; /* percent of the runs that must pass (0: no requirement) */
   const char *save_dir;
   const char *file; /* --file: run this program instead of generated ones */
   struct known known[MAX_KNOWN];
   unsigned num_known;
};

struct tally {
   unsigned seeds, passed, failed, unsupported, over_limit, known, gen_errors;
   unsigned known_count[MAX_KNOWN];
   uint64_t known_first[MAX_KNOWN];
   struct reason reasons[MAX_REASONS];
   unsigned num_reasons;
};

/* The interpreter's run of one program for one wave size: the memory it left. */
struct reference {
   aco_program *p;
   aco_function *entry;
   struct exec_spec spec;
   uint8_t *mem[EXEC_MAX_BUFFERS];
   uint8_t *unused[EXEC_MAX_BUFFERS];
   struct air_interp_buffer ib[EXEC_MAX_BUFFERS];
   struct air_interp_memory imem;
   struct air_interp_arg args[16];
};

static bool
fail(char *msg, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, MSG_SIZE, fmt, ap);
   va_end(ap);
   return false;
}

static aco_program *
parse(const char *text, char *msg)
{
   aco_program_info info;
   memset(&info, 0, sizeof(info));
   info.struct_size = sizeof(info);
   aco_program *p;
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      fail(msg, "out of memory");
      return NULL;
   }
   if (aco_program_parse(p, "fuzz", text, strlen(text)) != ACO_SUCCESS ||
       aco_program_validate(p) != ACO_SUCCESS) {
      fail(msg, "%s", aco_program_message(p));
      aco_program_destroy(p);
      return NULL;
   }
   return p;
}

static aco_function *
entry_of(aco_program *p)
{
   for (uint32_t i = 0; i < p->num_functions; i++)
      if (p->functions[i]->flags & ACO_FUNCTION_ENTRY)
         return p->functions[i];
   return NULL;
}

static void
reference_finish(struct reference *r)
{
   if (r->p)
      air_interp_memory_finish(r->p, &r->imem);
   for (unsigned i = 0; i < EXEC_MAX_BUFFERS; i++) {
      free(r->mem[i]);
      free(r->unused[i]);
   }
   aco_program_destroy(r->p);
   memset(r, 0, sizeof(*r));
}

/* Parses, validates and interprets the program for one wave size. */
static bool
reference_run(const char *text, unsigned wave, struct reference *r, char *msg)
{
   memset(r, 0, sizeof(*r));
   char err[256];
   if (!exec_parse_spec(text, &r->spec, err, sizeof(err)))
      return fail(msg, "dispatch comments: %s", err);
   char *t = exec_retarget(text, ACO_GFX1100, wave);
   if (!t)
      return fail(msg, "no target line");
   r->p = parse(t, msg);
   free(t);
   if (!r->p)
      return false;
   r->entry = entry_of(r->p);
   if (!r->entry)
      return fail(msg, "no entry function");
   if (!exec_setup_buffers(&r->spec, r->mem, r->unused, r->ib, msg, MSG_SIZE) ||
       !exec_setup_args(&r->spec, r->entry, r->ib, r->args, msg, MSG_SIZE))
      return false;
   struct air_interp_options io;
   memset(&io, 0, sizeof(io));
   memcpy(io.grid, r->spec.grid, sizeof(io.grid));
   r->imem = (struct air_interp_memory){r->ib, r->spec.num_buffers};
   struct air_interp_result res;
   enum air_fault f = air_interp_run(r->p, r->entry, &io, &r->imem, r->args, &res);
   if (f != AIR_FAULT_NONE)
      return fail(msg, "interpreter (wave%u): %s: %s", wave, air_fault_name(f),
                  aco_program_message(r->p));
   return true;
}

/* Register limits for --tight: small enough that most programs need a spiller. With
 * calls a little larger: parameters and results sit at fixed registers of their ABI
 * (@compute_default's first clobbered ones are s16 and v16), which the limits must
 * reach. */
static void
tight_limits(uint64_t seed, bool calls, aco_compile_options *o)
{
   static const uint16_t sgprs[] = {16, 24, 32, 48}, call_sgprs[] = {24, 32, 40, 48};
   static const uint16_t vgprs[] = {8, 12, 16, 24, 32}, call_vgprs[] = {20, 24, 28, 32, 40};
   o->max_sgprs = (calls ? call_sgprs : sgprs)[seed % 4];
   o->max_vgprs = (calls ? call_vgprs : vgprs)[(seed / 4) % 5];
}

enum outcome { OUT_PASS, OUT_FAIL, OUT_UNSUPPORTED, OUT_LIMIT };

/* Emulator memory with the buffers' initial contents. */
static bool
fresh_memory(const struct exec_spec *spec, uint8_t **mem)
{
   for (unsigned i = 0; i < spec->num_buffers; i++) {
      mem[i] = calloc(1, spec->buffers[i].size + 4);
      if (!mem[i])
         return false;
      exec_fill(mem[i], spec->buffers[i].size, spec->buffers[i].init);
   }
   return true;
}

/* Whether the emulator's n bytes g match the interpreter's e, which all carry ULP tag
 * `tag`: exactly (0), not compared (255), or as a float of 8n bits within the tag's
 * bound (air_float_within_ulp, which takes any NaN for a NaN). */
static bool
same_bytes(const uint8_t *e, const uint8_t *g, unsigned n, unsigned tag)
{
   uint32_t a = 0, b = 0;
   memcpy(&a, e, n);
   memcpy(&b, g, n);
   if (!tag)
      return a == b;
   if (tag == 255 || (n != 2 && n != 4))
      return true;
   return air_float_within_ulp(8 * n, a, b, tag);
}

/* The memory comparison of tests/exec (exec_compare: 32-bit words, each under the tag of
 * its first byte), made finer where the tags of a word's bytes differ: then each half,
 * or each byte, is compared under its own tag. A NaN f16 result (whose bytes are not
 * compared: its sign and payload are unspecified, docs/ir-semantics.md) can share a word
 * with an exact value. */
static bool
compare_memory(const struct reference *r, uint8_t *const *mem, const char *extra, char *msg)
{
   static const uint8_t exact[4];
   for (unsigned i = 0; i < r->spec.num_buffers; i++) {
      for (uint32_t off = 0; off < r->spec.buffers[i].size; off += 4) {
         uint32_t n = r->spec.buffers[i].size - off < 4 ? r->spec.buffers[i].size - off : 4;
         const uint8_t *e = r->mem[i] + off, *g = mem[i] + off;
         const uint8_t *tags = r->ib[i].ulp ? r->ib[i].ulp + off : exact;
         unsigned width = n;
         for (unsigned k = 1; k < n; k++)
            if (tags[k] != tags[0])
               width = n == 4 && tags[1] == tags[0] && tags[3] == tags[2] ? 2 : 1;
         bool same = true;
         for (unsigned k = 0; k < n; k += width)
            same &= same_bytes(e + k, g + k, width < n - k ? width : n - k, tags[k]);
         if (!same) {
            uint32_t a = 0, b = 0;
            memcpy(&a, e, n);
            memcpy(&b, g, n);
            return fail(msg, "buffer %s byte %u: interpreter 0x%08x, emulator 0x%08x\n%s",
                        r->spec.buffers[i].name, off, a, b, extra);
         }
      }
   }
   return true;
}

/* Runs the binary compiled from program p (the entry ABI depends on the target, so the
 * entry is the compiled program's, not the reference's). */
static bool
emulate(const struct reference *r, aco_program *p, const aco_binary *bin, aco_target target,
        char *msg, const struct options *o)
{
   uint8_t *mem[EXEC_MAX_BUFFERS] = {0};
   uint8_t argblock[1024];
   struct aco_emu *emu = NULL;
   struct aco_emu_callee *callees = NULL;
   const aco_function *entry = entry_of(p);
   bool ok = false;
   if (!fresh_memory(&r->spec, mem)) {
      fail(msg, "out of memory");
      goto out;
   }
   emu = aco_emu_create(NULL, target);
   if (!emu) {
      fail(msg, "emulator: out of memory");
      goto out;
   }
   for (unsigned i = 0; i < r->spec.num_buffers; i++)
      aco_emu_map(emu, r->ib[i].address, mem[i], r->spec.buffers[i].size, 0);
   aco_emu_map(emu, ARGBLOCK_ADDR, argblock, sizeof(argblock), ACO_EMU_MEM_READONLY);
   aco_emu_load_code(emu, bin->code, bin->code_size, CODE_ADDR);
   /* the hardware-style dispatch (docs/emulator.md), with a scratch ring of a slice more
    * than a workgroup has waves */
   struct aco_emu_dispatch launch;
   uint32_t threads = 1;
   for (unsigned c = 0; c < 3; c++)
      threads *= entry->workgroup_size[c] ? entry->workgroup_size[c] : 1;
   uint32_t ring_waves = (threads + target.wave_size - 1) / target.wave_size + 1;
   aco_status s = aco_entry_fill_dispatch(entry, bin, r->args, r->spec.grid, ARGBLOCK_ADDR,
                                          argblock, sizeof(argblock), SCRATCH_RING_ADDR,
                                          ring_waves, &launch);
   if (s != ACO_SUCCESS) {
      fail(msg, "launch: %s", aco_status_string(s));
      goto out;
   }
   struct aco_emu_launch calls;
   memset(&calls, 0, sizeof(calls));
   calls.abi_check = launch.abi_check;
   if (!exec_setup_callees(p, bin, &calls, &callees, msg, MSG_SIZE))
      goto out;
   launch.callees = calls.callees;
   launch.num_callees = calls.num_callees;
   launch.abi_check = calls.abi_check;
   s = aco_emu_dispatch_run(emu, &launch);
   if (s != ACO_SUCCESS) {
      fail(msg, "emulator: %s\n%s", aco_emu_message(emu), o->verbose ? bin->disassembly : "");
      goto out;
   }
   ok = compare_memory(r, mem, o->verbose ? bin->disassembly : "", msg);
out:
   aco_emu_callees_free(NULL, callees);
   aco_emu_destroy(emu);
   for (unsigned i = 0; i < EXEC_MAX_BUFFERS; i++)
      free(mem[i]);
   return ok;
}

/* Compiles for one target and compares its run with the interpreter's. */
static enum outcome
run_target(const char *text, const struct reference *r, aco_gfx_level level, unsigned wave,
           uint64_t seed, const struct options *o, char *msg)
{
   char *t = exec_retarget(text, level, wave);
   if (!t)
      return fail(msg, "no target line"), OUT_FAIL;
   aco_program *p = parse(t, msg);
   free(t);
   if (!p)
      return OUT_FAIL;
   aco_compile_options opts;
   memset(&opts, 0, sizeof(opts));
   opts.struct_size = sizeof(opts);
   opts.flags = o->verbose ? ACO_COMPILE_DISASSEMBLY : 0;
   if (o->tight)
      tight_limits(seed, strstr(text, "\nfunction @") != NULL, &opts);
   aco_binary *bin = NULL;
   aco_status s = aco_compile(p, &opts, NULL, &bin);
   enum outcome res = OUT_FAIL;
   if (s == ACO_ERROR_UNSUPPORTED) {
      fail(msg, "%s", aco_program_message(p));
      res = OUT_UNSUPPORTED;
   } else if (s == ACO_ERROR_REGISTER_LIMIT && o->tight) {
      res = OUT_LIMIT;
   } else if (s != ACO_SUCCESS) {
      fail(msg, "compile: %s: %s", aco_status_string(s), aco_program_message(p));
   } else {
      aco_target target = {level, wave};
      res = emulate(r, p, bin, target, msg, o) ? OUT_PASS : OUT_FAIL;
   }
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   return res;
}

/* "instruction selection: @main: X is not supported yet (line 12)" -> without the
 * function and the line, so equal reasons count together. */
static void
normalize_reason(const char *msg, char *out, size_t len)
{
   size_t n = strcspn(msg, "\n");
   snprintf(out, len, "%.*s", (int)n, msg);
   char *at = strstr(out, ": @");
   if (at) {
      char *end = strstr(at + 3, ": ");
      if (end)
         memmove(at, end, strlen(end) + 1);
   }
   char *line = strstr(out, " (line ");
   if (line)
      *line = 0;
}

static void
count_reason(struct tally *t, const char *msg, uint64_t seed)
{
   char r[200];
   normalize_reason(msg, r, sizeof(r));
   for (unsigned i = 0; i < t->num_reasons; i++) {
      if (!strcmp(t->reasons[i].text, r)) {
         t->reasons[i].count++;
         return;
      }
   }
   if (t->num_reasons < MAX_REASONS) {
      struct reason *x = &t->reasons[t->num_reasons++];
      snprintf(x->text, sizeof(x->text), "%s", r);
      x->count = 1;
      x->first_seed = seed;
   }
}

static void
save_program(const struct options *o, uint64_t seed, const char *text)
{
   if (!o->save_dir)
      return;
   char path[1024];
   snprintf(path, sizeof(path), "%s/seed-%llu.air", o->save_dir, (unsigned long long)seed);
   FILE *f = fopen(path, "w");
   if (f) {
      fputs(text, f);
      fclose(f);
   }
}

/* printed: whether this seed's program was printed already */
static void
report_failure(const struct options *o, uint64_t seed, const char *where, const char *msg,
               const char *text, bool *printed)
{
   printf("FAIL seed %llu %s: %s\n", (unsigned long long)seed, where, msg);
   printf("  replay: difftest --seed %llu --features 0x%llx%s\n", (unsigned long long)seed,
          (unsigned long long)o->features, o->tight ? " --tight" : "");
   if (o->print && !*printed)
      printf("---- program\n%s----\n", text);
   *printed = true;
   fflush(stdout);
   save_program(o, seed, text);
}

static bool
is_known(const struct options *o, struct tally *t, const char *msg, uint64_t seed)
{
   for (unsigned i = 0; i < o->num_known; i++) {
      if (strstr(msg, o->known[i].text)) {
         if (!t->known_count[i]++)
            t->known_first[i] = seed;
         return true;
      }
   }
   return false;
}

static bool
read_known(const char *path, struct options *o)
{
   FILE *f = fopen(path, "r");
   if (!f) {
      fprintf(stderr, "difftest: cannot read %s\n", path);
      return false;
   }
   char line[512];
   bool ok = true;
   while (fgets(line, sizeof(line), f)) {
      line[strcspn(line, "\n")] = 0;
      if (!line[0] || line[0] == '#')
         continue;
      char *sep = strstr(line, ": ");
      if (!sep || o->num_known == MAX_KNOWN) {
         fprintf(stderr, "difftest: %s: bad line (or too many): %s\n", path, line);
         ok = false;
         break;
      }
      struct known *k = &o->known[o->num_known++];
      snprintf(k->file, sizeof(k->file), "%.*s", (int)(sep - line), line);
      snprintf(k->text, sizeof(k->text), "%s", sep + 2);
   }
   fclose(f);
   return ok;
}

/* One program: the generator's for `seed`, or with --file the file's text (seed 0). */
static void
run_seed(uint64_t seed, const struct options *o, struct tally *t, char *msg)
{
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   char *text = o->file ? exec_read_file(o->file, NULL) : gen_program(seed, o->features);
   t->seeds++;
   bool printed = false;
   if (!text) {
      printf("FAIL seed %llu: %s\n", (unsigned long long)seed,
             o->file ? "cannot read the file" : "out of memory");
      t->gen_errors++;
      return;
   }
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct reference r;
      if (!reference_run(text, wave, &r, msg)) {
         /* the generator's promise: every program validates and runs */
         reference_finish(&r);
         report_failure(o, seed, "generated program", msg, text, &printed);
         t->gen_errors++;
         break;
      }
      for (unsigned l = 0; l < 3 && !o->interp_only; l++) {
         char where[64];
         snprintf(where, sizeof(where), "%s wave%u", aco_gfx_level_name(levels[l]), wave);
         switch (run_target(text, &r, levels[l], wave, seed, o, msg)) {
         case OUT_PASS: t->passed++; break;
         case OUT_UNSUPPORTED:
            t->unsupported++;
            count_reason(t, msg, seed);
            break;
         case OUT_LIMIT: t->over_limit++; break;
         case OUT_FAIL:
            if (is_known(o, t, msg, seed)) {
               t->known++;
               break;
            }
            t->failed++;
            report_failure(o, seed, where, msg, text, &printed);
            break;
         }
      }
      reference_finish(&r);
   }
   if (o->print && !printed && t->seeds == 1)
      printf("---- program\n%s----\n", text);
   free(text);
}

static int
cmp_reason(const void *a, const void *b)
{
   const struct reason *x = a, *y = b;
   return x->count != y->count ? (x->count < y->count ? 1 : -1) : strcmp(x->text, y->text);
}

static void
summary(struct tally *t, const struct options *o)
{
   printf("%u seeds (features 0x%llx%s): %u passed, %u failed, %u unsupported", t->seeds,
          (unsigned long long)o->features, o->tight ? ", tight" : "", t->passed, t->failed,
          t->unsupported);
   if (o->tight)
      printf(", %u over the register limits", t->over_limit);
   if (o->num_known)
      printf(", %u known failures", t->known);
   printf(", %u generator errors\n", t->gen_errors);
   for (unsigned i = 0; i < o->num_known; i++) {
      const struct known *k = &o->known[i];
      if (t->known_count[i])
         printf("  known       %6u  %s: %s (first: seed %llu)\n", t->known_count[i], k->file,
                k->text, (unsigned long long)t->known_first[i]);
      else
         printf("  known            0  %s: %s (not seen in this run)\n", k->file, k->text);
   }
   qsort(t->reasons, t->num_reasons, sizeof(t->reasons[0]), cmp_reason);
   for (unsigned i = 0; i < t->num_reasons; i++)
      printf("  unsupported %6u  %s (first: seed %llu)\n", t->reasons[i].count,
             t->reasons[i].text, (unsigned long long)t->reasons[i].first_seed);
}

static int
usage(void)
{
   fprintf(stderr,
           "usage: difftest [--seed N | --seeds FIRST:COUNT | --time SECONDS [--start N] |\n"
           "                 --file PROGRAM]\n"
           "                [--features LIST] [--print] [--verbose] [--tight] [--interp-only]\n"
           "                [--min-pass PERCENT] [--known FILE] [--save DIR] [--list-features]\n");
   return 1;
}

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
   struct options o;
   memset(&o, 0, sizeof(o));
   o.features = GEN_FEATURES_DEFAULT;
   uint64_t first = 1, count = 100;
   double seconds = 0;
   bool start_given = false;
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(a, "--seed") && v) {
         first = strtoull(v, NULL, 0);
         count = 1;
         i++;
      } else if (!strcmp(a, "--seeds") && v) {
         char *colon;
         first = strtoull(v, &colon, 0);
         if (*colon != ':')
            return usage();
         count = strtoull(colon + 1, NULL, 0);
         i++;
      } else if (!strcmp(a, "--time") && v) {
         seconds = strtod(v, NULL);
         i++;
      } else if (!strcmp(a, "--start") && v) {
         first = strtoull(v, NULL, 0);
         start_given = true;
         i++;
      } else if (!strcmp(a, "--features") && v) {
         char err[128];
         if (!gen_parse_features(v, &o.features, err, sizeof(err))) {
            fprintf(stderr, "difftest: %s\n", err);
            return 1;
         }
         i++;
      } else if (!strcmp(a, "--min-pass") && v) {
         o.min_pass = (unsigned)strtoul(v, NULL, 0);
         i++;
      } else if (!strcmp(a, "--known") && v) {
         if (!read_known(v, &o))
            return 1;
         i++;
      } else if (!strcmp(a, "--file") && v) {
         o.file = v;
         first = 0;
         count = 1;
         i++;
      } else if (!strcmp(a, "--save") && v) {
         o.save_dir = v;
         i++;
      } else if (!strcmp(a, "--print")) {
         o.print = true;
      } else if (!strcmp(a, "--verbose")) {
         o.verbose = true;
      } else if (!strcmp(a, "--tight")) {
         o.tight = true;
      } else if (!strcmp(a, "--interp-only")) {
         o.interp_only = true;
      } else if (!strcmp(a, "--list-features")) {
         for (unsigned b = 0; gen_feature_name(b); b++)
            printf("%-20s 0x%013llx%s\n", gen_feature_name(b),
                   (unsigned long long)(UINT64_C(1) << b),
                   GEN_FEATURES_DEFAULT & (UINT64_C(1) << b) ? "  (default)" : "");
         return 0;
      } else {
         return usage();
      }
   }
   static char msg[MSG_SIZE];
   struct tally *t = calloc(1, sizeof(*t));
   if (!t)
      return 1;
   if (seconds > 0) {
      if (!start_given)
         first = (uint64_t)time(NULL) * 1000003u;
      printf("random run of %.0f s from seed %llu\n", seconds, (unsigned long long)first);
      double end = now() + seconds;
      for (uint64_t s = first; now() < end; s++)
         run_seed(s, &o, t, msg);
   } else {
      for (uint64_t s = first; s < first + count; s++)
         run_seed(s, &o, t, msg);
   }
   summary(t, &o);
   unsigned runs = t->passed + t->failed + t->unsupported + t->over_limit + t->known;
   bool ok = !t->failed && !t->gen_errors && t->seeds;
   if (ok && o.min_pass && !o.interp_only && t->passed * 100u < o.min_pass * runs) {
      printf("only %u of %u runs passed: less than the required %u%%\n", t->passed, runs,
             o.min_pass);
      ok = false;
   }
   free(t);
   return ok ? 0 : 1;
}
