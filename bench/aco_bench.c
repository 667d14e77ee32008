/* SPDX-License-Identifier: MIT */
/* aco-bench: compiles text-IR programs in process, several times each, and prints one
 * JSON object per program: the median and minimum time of aco_compile (parsing excluded;
 * aco_compile's own validation of the program included), the peak memory the compile
 * took from the allocator beyond the parsed program, the number of allocator calls per
 * compile, and the code statistics of the binary (code_bytes: the instructions, without
 * the s_code_end padding after them, as llc's codeLenInByte). bench/run drives it and
 * compares with llc-19.
 *
 * Each program is compiled two ways, alternating: with its memory from an aco_pool kept
 * across the compiles (what a driver compiling many programs on a thread does; the main
 * times), and from malloc directly (the "malloc_" times: every compile's memory goes back
 * to glibc, which may give the top of its heap back to the system and fault it in again
 * on the next compile).
 *
 * Built a second time as aco-bench-passes (ACO_BENCH_PASSES, linked with the library's
 * internals), it times the pipeline up to the end of each pass instead (the compile
 * stopped after it, as aco-cc's stop does), the minimum over the rounds, and prints the
 * differences: the wall time of each pass, for profiling without a profiler. */
#include "aco/aco.h"
#ifdef ACO_BENCH_PASSES
#include "api/compile.h"
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* An allocator that counts the bytes in use, their peak and the calls. The program and
 * the compile both allocate from it, so the peak of a compile is measured from the bytes
 * the parsed program holds when the compile starts. */
struct counting {
   size_t now, peak, calls;
   const aco_allocator *next; /* where the memory comes from; NULL: posix_memalign/free */
};

static void *
count_alloc(void *user, size_t size, size_t align)
{
   struct counting *c = user;
   if (align < sizeof(void *))
      align = sizeof(void *);
   void *p = NULL;
   if (c->next)
      p = c->next->alloc(c->next->user, size, align);
   else if (posix_memalign(&p, align, size ? size : 1))
      p = NULL;
   if (!p)
      return NULL;
   c->now += size;
   c->calls++;
   if (c->now > c->peak)
      c->peak = c->now;
   return p;
}

static void
count_free(void *user, void *ptr, size_t size)
{
   struct counting *c = user;
   if (!ptr)
      return;
   c->now -= size;
   if (c->next)
      c->next->free(c->next->user, ptr, size);
   else
      free(ptr);
}

static double
now_us(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
cmp_double(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

static char *
read_file(const char *path, size_t *len)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 1 << 16, n = 0;
   char *buf = malloc(cap);
   while (buf) {
      size_t r = fread(buf + n, 1, cap - n, f);
      n += r;
      if (n < cap)
         break;
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
         free(buf);
         buf = NULL;
         break;
      }
      buf = nb;
      cap *= 2;
   }
   fclose(f);
   *len = n;
   return buf;
}

/* JSON string body (the messages contain quotes and colons). */
static void
json_str(const char *s)
{
   putchar('"');
   for (; *s; s++) {
      if (*s == '"' || *s == '\\')
         printf("\\%c", *s);
      else if ((unsigned char)*s < 0x20)
         printf("\\u%04x", *s);
      else
         putchar(*s);
   }
   putchar('"');
}

#ifdef ACO_BENCH_PASSES
/* The pipeline's passes in order (src/api/compile.c), then the whole compile. */
static const char *const stages[] = {"isel", "opt", "spill", "ra", "ssa", "lower", "waits",
                                     "nops", ""};

/* The time of one compile stopped after `stage` ("": the whole compile, binary
 * included); negative on an error. */
static double
time_stage(aco_program *p, const aco_allocator *a, const char *stage)
{
   struct aco_debug_options dbg;
   memset(&dbg, 0, sizeof(dbg));
   strcpy(dbg.stop_after, stage);
   aco_compile_options opts;
   memset(&opts, 0, sizeof(opts));
   opts.struct_size = sizeof(opts);
   aco_binary *bin = NULL;
   double t0 = now_us();
   aco_status s = aco_compile_with(p, &opts, a, &dbg, &bin);
   double t = now_us() - t0;
   aco_binary_destroy(bin);
   return s == ACO_SUCCESS ? t : -1;
}

#define NUM_STAGES (sizeof(stages) / sizeof(stages[0]))

/* One JSON object: each pass's time as the difference of the stopped compiles (minimum
 * of each over the rounds; a round runs every stage once, so a disturbance of the machine
 * spreads over all of them); the validation aco_compile starts with is timed through
 * aco_program_validate. */
static void
print_passes(aco_program *p, const aco_allocator *a, unsigned reps)
{
   double best[NUM_STAGES + 1];
   for (unsigned r = 0; r < reps; r++) {
      double t0 = now_us();
      aco_program_validate(p);
      double t = now_us() - t0;
      if (r == 0 || t < best[0])
         best[0] = t;
      for (unsigned i = 0; i < NUM_STAGES; i++) {
         t = time_stage(p, a, stages[i]);
         if (t < 0) {
            printf(", \"status\": ");
            json_str(aco_program_message(p));
            printf("}\n");
            return;
         }
         if (r == 0 || t < best[i + 1])
            best[i + 1] = t;
      }
   }
   printf(", \"status\": \"ok\", \"passes_us\": {\"validate\": %.1f", best[0]);
   for (unsigned i = 0; i < NUM_STAGES; i++)
      printf(", \"%s\": %.1f", stages[i][0] ? stages[i] : "binary", best[i + 1] - best[i]);
   printf("}, \"total_us\": %.1f}\n", best[NUM_STAGES]);
}
#endif

/* The two ways a program is compiled: memory from a pool, from malloc. */
#define WAY_POOL 1u
#define WAY_MALLOC 2u

/* A parsed and validated program whose memory comes through a counting allocator. */
struct bench_program {
   struct counting cnt;
   aco_allocator a;
   aco_program *p;
};

static aco_status
load_program(struct bench_program *bp, const char *path, const char *text, size_t len,
             const aco_allocator *next)
{
   bp->cnt = (struct counting){0, 0, 0, next};
   bp->a = (aco_allocator){count_alloc, count_free, &bp->cnt};
   aco_program_info info;
   memset(&info, 0, sizeof(info));
   info.struct_size = sizeof(info);
   info.allocator = &bp->a;
   bp->p = NULL;
   aco_status s = aco_program_create(&info, &bp->p);
   if (s == ACO_SUCCESS)
      s = aco_program_parse(bp->p, path, text, len);
   if (s == ACO_SUCCESS)
      s = aco_program_validate(bp->p);
   return s;
}

/* One compile, timed; its binary replaces *bin. The peak and the calls are of the
 * compile alone (the parsed program's bytes are the base). */
static aco_status
timed_compile(struct bench_program *bp, aco_binary **bin, double *us, size_t *peak,
              size_t *calls)
{
   aco_compile_options opts;
   memset(&opts, 0, sizeof(opts));
   opts.struct_size = sizeof(opts);
   aco_binary_destroy(*bin);
   *bin = NULL;
   size_t base = bp->cnt.now;
   bp->cnt.peak = bp->cnt.now;
   bp->cnt.calls = 0;
   double t0 = now_us();
   aco_status s = aco_compile(bp->p, &opts, &bp->a, bin);
   *us = now_us() - t0;
   if (bp->cnt.peak - base > *peak)
      *peak = bp->cnt.peak - base;
   *calls = bp->cnt.calls;
   return s;
}

static int
bench_file(const char *path, unsigned reps, unsigned ways)
{
   size_t len;
   char *text = read_file(path, &len);
   if (!text) {
      fprintf(stderr, "aco-bench: cannot read %s: %s\n", path, strerror(errno));
      return 1;
   }
   aco_pool *pool = NULL;
   struct bench_program pooled, direct;
   pooled.p = direct.p = NULL;
   aco_status s = aco_pool_create(NULL, &pool);
   if (s == ACO_SUCCESS)
      s = load_program(&pooled, path, text, len, aco_pool_allocator(pool));
   if (s == ACO_SUCCESS)
      s = load_program(&direct, path, text, len, NULL);
   free(text);
   printf("{\"file\": ");
   json_str(path);
   if (s != ACO_SUCCESS) {
      printf(", \"status\": ");
      json_str(pooled.p ? aco_program_message(pooled.p) : "out of memory");
      printf("}\n");
      aco_program_destroy(pooled.p);
      aco_program_destroy(direct.p);
      aco_pool_destroy(pool);
      return 1;
   }
#ifdef ACO_BENCH_PASSES
   print_passes(pooled.p, &pooled.a, reps);
   aco_program_destroy(pooled.p);
   aco_program_destroy(direct.p);
   aco_pool_destroy(pool);
   fflush(stdout);
   return 0;
#endif
   double *t = calloc(2 * (size_t)reps, sizeof(double)), *tm = t ? t + reps : NULL;
   aco_binary *bin = NULL, *bin_direct = NULL;
   size_t peak = 0, calls = 0, peak_direct = 0, calls_direct = 0;
   for (unsigned r = 0; t && r < reps && s == ACO_SUCCESS; r++) {
      if (ways & WAY_POOL)
         s = timed_compile(&pooled, &bin, &t[r], &peak, &calls);
      if (s == ACO_SUCCESS && (ways & WAY_MALLOC))
         s = timed_compile(&direct, &bin_direct, &tm[r], &peak_direct, &calls_direct);
   }
   if (s != ACO_SUCCESS || !t) {
      printf(", \"status\": ");
      json_str(t ? aco_program_message(pooled.p) : "out of memory");
      printf("}\n");
   } else {
      qsort(t, reps, sizeof(double), cmp_double);
      qsort(tm, reps, sizeof(double), cmp_double);
      if (!bin) { /* only malloc */
         bin = bin_direct;
         bin_direct = NULL;
         peak = peak_direct;
         calls = calls_direct;
      }
      const aco_statistics *st = &bin->stats;
      printf(", \"status\": \"ok\", \"reps\": %u, \"median_us\": %.1f, \"min_us\": %.1f, "
             "\"malloc_median_us\": %.1f, \"malloc_min_us\": %.1f, "
             "\"peak_bytes\": %zu, \"allocations\": %zu, \"instructions\": %u, \"code_bytes\": %u, \"sgprs\": %u, "
             "\"vgprs\": %u, \"scratch\": %u, \"spills\": %u, \"reloads\": %u, "
             "\"pool_held_bytes\": %zu}\n",
             reps, t[reps / 2], t[0], tm[reps / 2], tm[0], peak, calls, st->instructions,
             st->code_bytes, bin->config.num_sgprs, bin->config.num_vgprs,
             bin->config.scratch_bytes_per_lane, st->sgpr_spills + st->vgpr_spills,
             st->sgpr_reloads + st->vgpr_reloads, aco_pool_held_bytes(pool));
   }
   aco_binary_destroy(bin);
   aco_binary_destroy(bin_direct);
   free(t);
   aco_program_destroy(pooled.p);
   aco_program_destroy(direct.p);
   aco_pool_destroy(pool);
   fflush(stdout);
   return 0;
}

#define USAGE "usage: aco-bench [--reps N] [--only pool|malloc] FILE.air...\n"

int
main(int argc, char **argv)
{
   unsigned reps = 5, ways = WAY_POOL | WAY_MALLOC;
   int rc = 0, files = 0;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
         reps = (unsigned)atoi(argv[++i]);
         if (reps == 0)
            reps = 1;
      } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
         /* one way only (for profilers and fault counts; the other's times are 0) */
         i++;
         ways = !strcmp(argv[i], "pool") ? WAY_POOL : !strcmp(argv[i], "malloc") ? WAY_MALLOC : 0;
         if (!ways) {
            fprintf(stderr, USAGE);
            return 1;
         }
      } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         printf(USAGE);
         return 0;
      } else {
         rc |= bench_file(argv[i], reps, ways);
         files++;
      }
   }
   if (!files) {
      fprintf(stderr, USAGE);
      return 1;
   }
   return rc;
}
