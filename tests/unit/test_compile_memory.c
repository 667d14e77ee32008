/* SPDX-License-Identifier: MIT */
/* A compile holds one function's machine program at a time: each function is assembled and
 * its memory freed before the next is compiled, so the memory a compile adds to the parsed
 * program is the largest function's plus the output, not a share of every function. Measured
 * with an allocator that tracks the peak of live bytes, on chains of small functions. */
#include "helpers.h"

#include "util/strbuf.h"

struct peak {
   size_t live, peak;
};

static void *
peak_alloc(void *user, size_t size, size_t align)
{
   struct peak *c = user;
   void *p = aligned_alloc(align < sizeof(void *) ? sizeof(void *) : align,
                           (size + align - 1) / align * align);
   if (p) {
      c->live += size;
      if (c->live > c->peak)
         c->peak = c->live;
   }
   return p;
}

static void
peak_free(void *user, void *ptr, size_t size)
{
   struct peak *c = user;
   c->live -= size;
   free(ptr);
}

/* n functions, each calling the one before it, and an entry calling the last. */
static char *
chain_program(unsigned n)
{
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   aco_strbuf_puts(&sb, "target gfx1100 wave32\n"
                        "function @f0(i32 %a, i32 %b, return i32 %r) abi @compute_default {\n"
                        "  %s = iadd %a, %b\n  return %s\n}\n");
   for (unsigned i = 1; i < n; i++)
      aco_strbuf_printf(&sb,
                        "function @f%u(i32 %%a, i32 %%b, return i32 %%r) abi @compute_default {\n"
                        "  %%s = iadd %%a, %%b\n  %%m = imul %%s, %%r\n"
                        "  %%t = call @f%u(%%m, %%a, %%r)\n  %%u = ixor %%t, %%a\n"
                        "  return %%u\n}\n",
                        i, i - 1);
   aco_strbuf_printf(&sb,
                     "entry function @k(uniform ptr %%out) abi @compute_default "
                     "workgroup_size 32 1 1 {\n  %%lid = local_invocation_id.x\n"
                     "  %%z = const i32 0\n  %%v = call @f%u(%%lid, %%z, %%lid)\n"
                     "  store_global %%out[%%z], %%v\n  return\n}\n",
                     n - 1);
   char *text = strdup(aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
   return text;
}

struct measure {
   size_t compile_extra; /* peak during aco_compile minus the live bytes before it */
   size_t code_size;
};

static struct measure
measure(unsigned n, uint32_t flags)
{
   struct peak c = {0, 0};
   aco_allocator a = {peak_alloc, peak_free, &c};
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, &a, NULL, NULL};
   aco_program *p;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   char *text = chain_program(n);
   assert_int_equal(aco_program_parse(p, "chain", text, strlen(text)), ACO_SUCCESS);
   free(text);
   assert_int_equal(aco_program_validate(p), ACO_SUCCESS);
   size_t before = c.live;
   c.peak = c.live;
   aco_compile_options opts = {sizeof(opts), flags, 0, 0, 0, 0};
   aco_binary *bin = NULL;
   aco_status s = aco_compile(p, &opts, &a, &bin);
   if (s != ACO_SUCCESS)
      fail_msg("%u functions: %s: %s", n, aco_status_string(s), aco_program_message(p));
   assert_int_equal(bin->num_symbols, n + 1);
   struct measure m = {c.peak - before, bin->code_size};
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   assert_int_equal(c.live, 0);
   return m;
}

/* The compile's extra memory for 4n functions against n: what is kept per function (code,
 * symbols, call fixups, disassembly, the output's copy of them) grows 4 times, the largest
 * function's working memory not at all. Held machine programs (tens of KB per function)
 * would make it grow 4 times in all. */
static void
check_growth(uint32_t flags, const char *what)
{
   const unsigned n = 500;
   struct measure small = measure(n, flags), big = measure(4 * n, flags);
   printf("%s: %u functions: %zu bytes more than the parsed program at the peak "
          "(%zu code bytes); %u functions: %zu bytes (%zu code bytes); %.0f bytes per "
          "added function\n",
          what, n, small.compile_extra, small.code_size, 4 * n, big.compile_extra, big.code_size,
          (double)(big.compile_extra - small.compile_extra) / (3.0 * n));
   assert_true(big.code_size > 3 * small.code_size);
   /* per added function: what the output keeps of it, a few times its code bytes (with the
    * disassembly, its text: about 40 bytes an instruction) */
   size_t per_function = (big.code_size / (4 * n)) * (flags & ACO_COMPILE_DISASSEMBLY ? 24 : 6);
   if (big.compile_extra > small.compile_extra + 3 * n * per_function)
      fail_msg("%s: the compile's memory grew by %zu bytes for %u more functions (more than "
               "%zu per function): function memory is held to the end",
               what, big.compile_extra - small.compile_extra, 3 * n, per_function);
}

static void
test_memory_bounded_without_disassembly(void **state)
{
   (void)state;
   check_growth(0, "code only");
}

static void
test_memory_bounded_with_disassembly(void **state)
{
   (void)state;
   check_growth(ACO_COMPILE_DISASSEMBLY, "with disassembly");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_memory_bounded_without_disassembly),
      cmocka_unit_test(test_memory_bounded_with_disassembly),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
