/* SPDX-License-Identifier: MIT */
/* Compiling is deterministic and thread-safe: every kernel of tests/exec/kernels on every
 * target is compiled once (twice, the two results must be byte-identical), then 16
 * threads compile different kernels at the same time, each program parsed in its own
 * thread, and every result must equal the single-threaded bytes. Half of the threads take
 * their memory from an aco_pool of their own, as a driver's compile threads would. Run
 * under ThreadSanitizer by the sanitizer CI job. */
#include "exec_util.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 16
#define ROUNDS 3

struct job {
   char *text; /* retargeted */
   uint8_t *code;
   uint32_t size;
};

static struct job jobs[512];
static unsigned num_jobs;

static bool
compile(const char *text, const aco_allocator *a, uint8_t **code, uint32_t *size)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, a, NULL, NULL};
   aco_program *p;
   if (aco_program_create(&info, &p) != ACO_SUCCESS)
      return false;
   aco_binary *bin = NULL;
   bool ok = aco_program_parse(p, "k", text, strlen(text)) == ACO_SUCCESS &&
             aco_compile(p, NULL, a, &bin) == ACO_SUCCESS;
   if (ok) {
      *code = malloc(bin->code_size);
      ok = *code != NULL;
      if (ok)
         memcpy(*code, bin->code, bin->code_size);
      *size = bin->code_size;
   } else {
      printf("compile failed: %s\n", aco_program_message(p));
   }
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   return ok;
}

struct thread_arg {
   unsigned index;
   unsigned mismatches;
};

static void *
thread_main(void *user)
{
   struct thread_arg *a = user;
   aco_pool *pool = NULL;
   if ((a->index & 1) && aco_pool_create(NULL, &pool) != ACO_SUCCESS)
      a->mismatches++;
   for (unsigned r = 0; r < ROUNDS; r++) {
      for (unsigned j = 0; j < num_jobs; j += THREADS) {
         unsigned k = (j + a->index * 7 + r) % num_jobs;
         uint8_t *code = NULL;
         uint32_t size = 0;
         if (!compile(jobs[k].text, aco_pool_allocator(pool), &code, &size) ||
             size != jobs[k].size || memcmp(code, jobs[k].code, size))
            a->mismatches++;
         free(code);
      }
   }
   if (pool && aco_pool_release(pool) != ACO_SUCCESS) /* every block came back */
      a->mismatches++;
   aco_pool_destroy(pool);
   return NULL;
}

int
main(void)
{
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   const char *srcdir = getenv("ACO_TEST_SRCDIR");
   char dirpath[1024];
   snprintf(dirpath, sizeof(dirpath), "%s/tests/exec/kernels", srcdir ? srcdir : ".");
   DIR *d = opendir(dirpath);
   if (!d) {
      printf("FAIL: cannot open %s\n", dirpath);
      return 1;
   }
   struct dirent *e;
   unsigned failed = 0;
   while ((e = readdir(d))) {
      size_t l = strlen(e->d_name);
      if (l < 5 || strcmp(e->d_name + l - 4, ".air"))
         continue;
      char path[2048];
      snprintf(path, sizeof(path), "%s/%s", dirpath, e->d_name);
      char *text = exec_read_file(path, NULL);
      for (unsigned lv = 0; text && lv < 3; lv++) {
         for (unsigned w = 32; w <= 64 && num_jobs < 512; w += 32) {
            struct job *j = &jobs[num_jobs];
            j->text = exec_retarget(text, levels[lv], w);
            uint8_t *again = NULL;
            uint32_t again_size = 0;
            if (!j->text || !compile(j->text, NULL, &j->code, &j->size) ||
                !compile(j->text, NULL, &again, &again_size)) {
               printf("FAIL %s %s wave%u: does not compile\n", e->d_name,
                      aco_gfx_level_name(levels[lv]), w);
               failed++;
               free(j->text);
               free(j->code);
               free(again);
               continue;
            }
            if (again_size != j->size || memcmp(again, j->code, j->size)) {
               printf("FAIL %s %s wave%u: two compiles gave different bytes\n", e->d_name,
                      aco_gfx_level_name(levels[lv]), w);
               failed++;
            }
            free(again);
            num_jobs++;
         }
      }
      free(text);
   }
   closedir(d);
   printf("%u programs compiled twice to identical bytes\n", num_jobs);

   pthread_t th[THREADS];
   struct thread_arg args[THREADS];
   for (unsigned i = 0; i < THREADS; i++) {
      args[i].index = i;
      args[i].mismatches = 0;
      if (pthread_create(&th[i], NULL, thread_main, &args[i])) {
         printf("FAIL: pthread_create\n");
         return 1;
      }
   }
   unsigned mism = 0;
   for (unsigned i = 0; i < THREADS; i++) {
      pthread_join(th[i], NULL);
      mism += args[i].mismatches;
   }
   printf("%u threads x %u rounds: %u results differ from the single-threaded bytes\n",
          THREADS, ROUNDS, mism);
   for (unsigned i = 0; i < num_jobs; i++) {
      free(jobs[i].text);
      free(jobs[i].code);
   }
   return failed || mism || num_jobs < 25 ? 1 : 0;
}
