/* SPDX-License-Identifier: MIT */
/* aco_pool: blocks are aligned and disjoint, freed blocks are served again, a second
 * compile of the same program takes nothing from the backing allocator and gives the
 * same binary as malloc, release refuses while blocks are out, and every failure of the
 * backing allocator is an out-of-memory status that leaks nothing. Given directories of
 * programs, it compiles each one with malloc and through one pool shared by all of them,
 * with every block filled with garbage when handed out and when freed, and the two
 * binaries must be the same: no pass may depend on memory it did not write. */
#include "helpers.h"

#include <dirent.h>

/* The backing allocator: counts what is live, fails at the fail_at-th call. */
struct backing {
   unsigned calls, fail_at;
   long live;
   size_t live_bytes;
};

static void *
backing_alloc(void *user, size_t size, size_t align)
{
   struct backing *b = user;
   if (++b->calls == b->fail_at)
      return NULL;
   void *p = aligned_alloc(align, (size + align - 1) / align * align);
   if (p) {
      b->live++;
      b->live_bytes += size;
   }
   return p;
}

static void
backing_free(void *user, void *ptr, size_t size)
{
   struct backing *b = user;
   b->live--;
   b->live_bytes -= size;
   free(ptr);
}

static void
test_blocks_aligned_and_disjoint(void **state)
{
   (void)state;
   struct backing bk = {0, 0, 0, 0};
   aco_allocator ba = {backing_alloc, backing_free, &bk};
   aco_pool *pool;
   assert_int_equal(aco_pool_create(&ba, &pool), ACO_SUCCESS);
   const aco_allocator *a = aco_pool_allocator(pool);
   enum { N = 400 };
   unsigned char *ptr[N];
   size_t size[N], align[N];
   for (unsigned i = 0; i < N; i++) {
      /* sizes across the small classes, the slabs' limit and blocks of their own */
      size[i] = i < 300 ? 1 + i * 7 % 1500 : 1000 + (size_t)i * 97;
      align[i] = (size_t)1 << (i % 7); /* 1 .. 64 */
      ptr[i] = a->alloc(a->user, size[i], align[i]);
      assert_non_null(ptr[i]);
      assert_int_equal((uintptr_t)ptr[i] % align[i], 0);
      memset(ptr[i], (int)(i & 0xff), size[i]);
   }
   for (unsigned i = 0; i < N; i++)
      for (size_t j = 0; j < size[i]; j++)
         assert_int_equal(ptr[i][j], i & 0xff);
   /* a freed block is what the next allocation of its size gets */
   a->free(a->user, ptr[17], size[17]);
   assert_ptr_equal(a->alloc(a->user, size[17], align[17]), ptr[17]);
   assert_int_equal(aco_pool_release(pool), ACO_ERROR_INVALID_ARGUMENT);
   for (unsigned i = 0; i < N; i++)
      a->free(a->user, ptr[i], size[i]);
   size_t held = aco_pool_held_bytes(pool);
   assert_true(held > 0);
   /* the same allocations again come from the pool: nothing more is taken */
   unsigned calls = bk.calls;
   for (unsigned i = 0; i < N; i++)
      ptr[i] = a->alloc(a->user, size[i], align[i]);
   assert_int_equal(bk.calls, calls);
   assert_int_equal(aco_pool_held_bytes(pool), held);
   for (unsigned i = 0; i < N; i++)
      a->free(a->user, ptr[i], size[i]);
   /* alignments above 64 are refused */
   assert_null(a->alloc(a->user, 64, 128));
   assert_int_equal(aco_pool_release(pool), ACO_SUCCESS);
   assert_int_equal(aco_pool_held_bytes(pool), 0);
   assert_int_equal(bk.live, 1); /* the pool itself */
   aco_pool_destroy(pool);
   assert_int_equal(bk.live, 0);
   assert_int_equal(bk.live_bytes, 0);
}

static void
test_bad_arguments(void **state)
{
   (void)state;
   assert_int_equal(aco_pool_create(NULL, NULL), ACO_ERROR_INVALID_ARGUMENT);
   aco_allocator half = {backing_alloc, NULL, NULL};
   aco_pool *pool = (aco_pool *)&half;
   assert_int_equal(aco_pool_create(&half, &pool), ACO_ERROR_INVALID_ARGUMENT);
   assert_null(pool);
   assert_null(aco_pool_allocator(NULL));
   assert_int_equal(aco_pool_held_bytes(NULL), 0);
   assert_int_equal(aco_pool_release(NULL), ACO_ERROR_INVALID_ARGUMENT);
   aco_pool_destroy(NULL);
}

static const char *const kernel =
   "target gfx1100 wave32\n"
   "entry function @main(uniform ptr %out, uniform i32 %n) abi @compute_default "
   "workgroup_size 32 1 1 {\n"
   "  %lid = local_invocation_id.x\n"
   "  %c = ult %lid, %n\n"
   "  %v = if %c -> i32 {\n"
   "    %x = imul %lid, %lid\n"
   "    yield %x\n"
   "  } else {\n"
   "    yield %n\n"
   "  }\n"
   "  %four = const i32 4\n"
   "  %o = imul %lid, %four\n"
   "  store_global %out[%o], %v\n"
   "  return\n}\n";

/* Parses and compiles `kernel` with allocator a; the binary's code is copied to code. */
static aco_status
compile(const aco_allocator *a, unsigned char *code, size_t *code_size)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, a, NULL, NULL};
   aco_program *p;
   aco_status s = aco_program_create(&info, &p);
   if (s != ACO_SUCCESS)
      return s;
   s = aco_program_parse(p, "pool.air", kernel, strlen(kernel));
   aco_binary *bin = NULL;
   if (s == ACO_SUCCESS)
      s = aco_compile(p, NULL, a, &bin);
   if (s == ACO_SUCCESS) {
      assert_true(bin->code_size <= 4096);
      memcpy(code, bin->code, bin->code_size);
      *code_size = bin->code_size;
   }
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   return s;
}

static void
test_compiles_reuse(void **state)
{
   (void)state;
   static unsigned char by_malloc[4096], by_pool[4096];
   size_t n_malloc = 0, n_pool = 0;
   assert_int_equal(compile(NULL, by_malloc, &n_malloc), ACO_SUCCESS);
   struct backing bk = {0, 0, 0, 0};
   aco_allocator ba = {backing_alloc, backing_free, &bk};
   aco_pool *pool;
   assert_int_equal(aco_pool_create(&ba, &pool), ACO_SUCCESS);
   assert_int_equal(compile(aco_pool_allocator(pool), by_pool, &n_pool), ACO_SUCCESS);
   assert_int_equal(n_pool, n_malloc);
   assert_memory_equal(by_pool, by_malloc, n_malloc);
   unsigned calls = bk.calls;
   size_t held = aco_pool_held_bytes(pool);
   for (unsigned i = 0; i < 3; i++) {
      memset(by_pool, 0, sizeof(by_pool));
      assert_int_equal(compile(aco_pool_allocator(pool), by_pool, &n_pool), ACO_SUCCESS);
      assert_memory_equal(by_pool, by_malloc, n_malloc);
   }
   assert_int_equal(bk.calls, calls);
   assert_int_equal(aco_pool_held_bytes(pool), held);
   assert_int_equal(aco_pool_release(pool), ACO_SUCCESS);
   aco_pool_destroy(pool);
   assert_int_equal(bk.live, 0);
}

/* Every backing allocation may fail: the compile says so, and nothing leaks. */
static void
test_backing_fails(void **state)
{
   (void)state;
   unsigned char code[4096];
   size_t n;
   bool succeeded = false;
   for (unsigned fail_at = 2; !succeeded; fail_at++) {
      struct backing bk = {0, fail_at, 0, 0};
      aco_allocator ba = {backing_alloc, backing_free, &bk};
      aco_pool *pool;
      assert_int_equal(aco_pool_create(&ba, &pool), ACO_SUCCESS);
      aco_status s = compile(aco_pool_allocator(pool), code, &n);
      if (s == ACO_SUCCESS)
         succeeded = bk.calls < fail_at;
      else
         assert_int_equal(s, ACO_ERROR_OUT_OF_MEMORY);
      assert_int_equal(aco_pool_release(pool), ACO_SUCCESS); /* nothing left allocated */
      aco_pool_destroy(pool);
      assert_int_equal(bk.live, 0);
      assert_true(fail_at < 1000);
   }
}

/* The directories named on the command line. */
static char **program_dirs;
static int num_program_dirs;

/* An allocator in front of the pool that fills each block with garbage when handing it
 * out and when taking it back. */
static void *
dirty_alloc(void *user, size_t size, size_t align)
{
   const aco_allocator *pool = user;
   void *p = pool->alloc(pool->user, size, align);
   if (p)
      memset(p, 0x5a, size);
   return p;
}

static void
dirty_free(void *user, void *ptr, size_t size)
{
   const aco_allocator *pool = user;
   if (ptr)
      memset(ptr, 0xa5, size);
   pool->free(pool->user, ptr, size);
}

/* Compiles text with allocator a; the binary (NULL on failure) is returned in *bin. */
static aco_status
compile_text(const aco_allocator *a, const char *name, const char *text, aco_binary **bin)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, a, NULL, NULL};
   aco_program *p;
   *bin = NULL;
   aco_status s = aco_program_create(&info, &p);
   if (s != ACO_SUCCESS)
      return s;
   s = aco_program_parse(p, name, text, strlen(text));
   if (s == ACO_SUCCESS)
      s = aco_compile(p, NULL, a, bin);
   aco_program_destroy(p);
   return s;
}

static int
cmp_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Compiles one file both ways and compares; returns whether it compiled. */
static bool
compare_file(const aco_allocator *dirty, const char *path)
{
   FILE *f = fopen(path, "rb");
   assert_non_null(f);
   static char text[1 << 20];
   size_t n = fread(text, 1, sizeof(text) - 1, f);
   fclose(f);
   assert_true(n < sizeof(text) - 1);
   text[n] = 0;
   aco_binary *a = NULL, *b = NULL;
   aco_status sa = compile_text(NULL, path, text, &a);
   aco_status sb = compile_text(dirty, path, text, &b);
   if (sa != sb)
      fprintf(stderr, "%s: status %d with malloc, %d through the pool\n", path, sa, sb);
   assert_int_equal(sa, sb);
   if (sa == ACO_SUCCESS) {
      if (a->code_size != b->code_size || memcmp(a->code, b->code, a->code_size))
         fprintf(stderr, "%s: the code differs through the pool\n", path);
      assert_int_equal(a->code_size, b->code_size);
      assert_memory_equal(a->code, b->code, a->code_size);
      assert_memory_equal(&a->config, &b->config, sizeof(a->config));
      assert_memory_equal(&a->stats, &b->stats, sizeof(a->stats));
   }
   aco_binary_destroy(a);
   aco_binary_destroy(b);
   return sa == ACO_SUCCESS;
}

static void
test_programs_through_dirty_pool(void **state)
{
   (void)state;
   aco_pool *pool;
   assert_int_equal(aco_pool_create(NULL, &pool), ACO_SUCCESS);
   aco_allocator dirty = {dirty_alloc, dirty_free, (void *)aco_pool_allocator(pool)};
   unsigned compiled = 0;
   for (int d = 0; d < num_program_dirs; d++) {
      DIR *dir = opendir(program_dirs[d]);
      assert_non_null(dir);
      char *names[512];
      unsigned count = 0;
      for (struct dirent *e; (e = readdir(dir));) {
         size_t len = strlen(e->d_name);
         if (len > 4 && !strcmp(e->d_name + len - 4, ".air")) {
            assert_true(count < 512);
            names[count] = malloc(strlen(program_dirs[d]) + len + 2);
            sprintf(names[count++], "%s/%s", program_dirs[d], e->d_name);
         }
      }
      closedir(dir);
      qsort(names, count, sizeof(*names), cmp_names);
      for (unsigned i = 0; i < count; i++) {
         compiled += compare_file(&dirty, names[i]);
         free(names[i]);
      }
   }
   if (num_program_dirs) {
      printf("%u programs compiled the same both ways\n", compiled);
      assert_true(compiled >= 50);
   }
   assert_int_equal(aco_pool_release(pool), ACO_SUCCESS);
   aco_pool_destroy(pool);
}

int
main(int argc, char **argv)
{
   program_dirs = argv + 1;
   num_program_dirs = argc - 1;
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_blocks_aligned_and_disjoint),
      cmocka_unit_test(test_bad_arguments),
      cmocka_unit_test(test_compiles_reuse),
      cmocka_unit_test(test_backing_fails),
      cmocka_unit_test(test_programs_through_dirty_pool),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
