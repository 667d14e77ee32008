/* SPDX-License-Identifier: MIT */
/* A client built outside the tree against the installed library, through pkg-config only
 * (check_install.sh): picks its target by name, compiles a kernel on several threads at
 * once (one program per thread: docs/api.md "Threads"), and misuses the API on purpose,
 * expecting a status and a message each time. Exit status 0 when all of it holds. */
#include <aco/aco.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define THREADS 4

static aco_target target;
static unsigned failures;

static void
expect(int ok, const char *what)
{
   if (!ok) {
      fprintf(stderr, "client: FAIL %s\n", what);
      failures++;
   }
}

/* out[lid] = lid * n */
static aco_program *
build(aco_target t)
{
   aco_program_info info = {sizeof(info), t, NULL, NULL, NULL};
   aco_program *p = NULL;
   if (aco_program_create(&info, &p) != ACO_SUCCESS)
      return NULL;
   aco_param_info params[] = {{aco_type_ptr(), ACO_PARAM_UNIFORM, "out"},
                              {aco_type_int(32), ACO_PARAM_UNIFORM, "n"}};
   aco_function_info fi = {sizeof(fi), "main", NULL, ACO_FUNCTION_ENTRY, 2, params, {0, 0, 0, 0},
                           {64, 1, 1}};
   aco_function *f = NULL;
   aco_builder *b = NULL;
   if (aco_function_create(p, &fi, &f) != ACO_SUCCESS || aco_builder_create(f, &b) != ACO_SUCCESS) {
      aco_program_destroy(p);
      return NULL;
   }
   aco_value lid = aco_b_op(b, ACO_OP_LOCAL_ID_X, NULL, 0);
   aco_value v = aco_b_imul(b, lid, aco_function_param(f, 1));
   aco_address at = {.base = aco_function_param(f, 0), .offset = aco_b_imul(b, lid, aco_b_imm32(b, 4))};
   aco_b_store(b, ACO_OP_STORE_GLOBAL, &at, v);
   aco_b_return(b, NULL);
   aco_status s = aco_builder_finish(b);
   aco_builder_destroy(b);
   if (s != ACO_SUCCESS) {
      aco_program_destroy(p);
      return NULL;
   }
   return p;
}

static void *
compile_thread(void *arg)
{
   uint32_t *size = arg;
   for (unsigned i = 0; i < 8; i++) {
      aco_program *p = build(target);
      aco_binary *bin = NULL;
      if (!p || aco_compile(p, NULL, NULL, &bin) != ACO_SUCCESS) {
         *size = 0;
         aco_program_destroy(p);
         return NULL;
      }
      *size = bin->code_size;
      aco_binary_destroy(bin);
      aco_program_destroy(p);
   }
   return NULL;
}

static char diag_message[512];

static void
diag(void *user, aco_status status, const char *message)
{
   (void)user;
   (void)status;
   snprintf(diag_message, sizeof(diag_message), "%s", message);
}

int
main(int argc, char **argv)
{
   const char *name = argc > 1 ? argv[1] : "gfx1100";
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
      if (!strcmp(aco_gfx_level_name(levels[i]), name))
         target = (aco_target){levels[i], 32};
   if (!target.gfx_level) {
      fprintf(stderr, "client: unknown target %s\n", name);
      return 1;
   }

   /* several threads compiling at once, each its own programs */
   pthread_t threads[THREADS];
   uint32_t sizes[THREADS] = {0};
   for (unsigned i = 0; i < THREADS; i++)
      expect(!pthread_create(&threads[i], NULL, compile_thread, &sizes[i]), "pthread_create");
   for (unsigned i = 0; i < THREADS; i++)
      pthread_join(threads[i], NULL);
   for (unsigned i = 0; i < THREADS; i++)
      expect(sizes[i] && sizes[i] == sizes[0], "the same code from every thread");

   /* misuse: an allocator without functions, reported through diag */
   aco_allocator none = {NULL, NULL, NULL};
   aco_program_info info = {sizeof(info), target, &none, diag, NULL};
   aco_program *p = NULL;
   expect(aco_program_create(&info, &p) == ACO_ERROR_INVALID_ARGUMENT && !p,
          "an allocator without functions is refused");
   expect(strstr(diag_message, "allocator") != NULL, "diag names the allocator");

   /* misuse: a value of another program's function */
   aco_program *a = build(target), *c = build(target);
   aco_builder *b = NULL;
   expect(a && c, "two programs");
   if (a && c) {
      aco_function *fa = aco_program_find_function(a, "main");
      aco_function_info gi = {sizeof(gi), "g", NULL, 0, 0, NULL, {0, 0, 0, 0}, {0, 0, 0}};
      aco_function *fc = NULL;
      expect(aco_function_create(c, &gi, &fc) == ACO_SUCCESS, "a second function");
      expect(aco_builder_create(fc, &b) == ACO_SUCCESS, "a builder");
      aco_b_iadd(b, aco_function_param(fa, 1), aco_function_param(fa, 1));
      expect(aco_builder_status(b) == ACO_ERROR_INVALID_ARGUMENT, "a foreign value is refused");
      expect(strstr(aco_program_message(c), "not a value of this function") != NULL,
             "the message says why");
      aco_function_param(fc, 99);
      expect(strstr(aco_program_message(c), "no parameter 99") != NULL,
             "a missing parameter has a message");
   }
   aco_program_destroy(a);
   aco_program_destroy(c);
   aco_builder_destroy(b); /* after its program: allowed */

   printf("client: %s, %u threads compiled %u-byte kernels, %s\n", name, THREADS, sizes[0],
          failures ? "FAILED" : "misuse refused with messages");
   return failures ? 1 : 0;
}
