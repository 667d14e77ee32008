/* SPDX-License-Identifier: MIT */
/* The shared-memory size of an entry (docs/ir.md "Shared memory size"): the builder call
 * and the text form (which round-trip), the validator's limits, the binary's lds_bytes
 * and RSRC2 LDS_SIZE field on every level, and accesses past the size, which the
 * interpreter and the emulator both report. */
#include "aco/aco.h"
#include "emu/emu.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "isel/entry_abi.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

static const char *const cpus[3] = {"gfx1030", "gfx1100", "gfx1200"};

static aco_program *
parse_status(const char *text, aco_status *s)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   *s = aco_program_parse(p, "shared.air", text, strlen(text));
   return p;
}

static aco_program *
parse(const char *text)
{
   aco_status s;
   aco_program *p = parse_status(text, &s);
   if (s != ACO_SUCCESS)
      fail_msg("parse: %s", aco_program_message(p));
   return p;
}

/* A kernel of 64 invocations storing to shared address lid * stride; `attrs` follow the
 * ABI. */
static void
kernel(char *buf, size_t len, const char *cpu, const char *attrs, unsigned stride)
{
   snprintf(buf, len,
            "target %s wave32\n"
            "entry function @main() abi @compute_default workgroup_size 64 1 1%s {\n"
            "  %%lid = local_invocation_id.x\n"
            "  %%k = const i32 %u\n"
            "  %%o = imul %%lid, %%k\n"
            "  store_shared [%%o], %%lid\n"
            "  return\n"
            "}\n",
            cpu, attrs, stride);
}

struct text {
   char buf[4096];
   size_t len;
};

static void
append(void *user, const char *data, size_t length)
{
   struct text *t = user;
   assert_true(t->len + length < sizeof(t->buf));
   memcpy(t->buf + t->len, data, length);
   t->len += length;
   t->buf[t->len] = 0;
}

static void
print(aco_program *p, struct text *t)
{
   t->len = 0;
   t->buf[0] = 0;
   assert_int_equal(aco_program_print(p, append, t), ACO_SUCCESS);
}

/* The builder call and the text form say the same, and the printed form parses back. */
static void
test_builder_and_text(void **state)
{
   (void)state;
   aco_program_info info = {sizeof(info), {ACO_GFX1100, 32}, NULL, NULL, NULL};
   aco_program *p;
   assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
   aco_function_info fi = {sizeof(fi), "main", NULL, ACO_FUNCTION_ENTRY, 0, NULL,
                           {0, 0, 0, 0}, {64, 1, 1}};
   aco_function *f;
   assert_int_equal(aco_function_create(p, &fi, &f), ACO_SUCCESS);
   assert_int_equal(aco_function_set_shared_size(f, 4096), ACO_SUCCESS);
   assert_int_equal(aco_function_set_shared_size(NULL, 4), ACO_ERROR_INVALID_ARGUMENT);
   aco_builder *b;
   assert_int_equal(aco_builder_create(f, &b), ACO_SUCCESS);
   assert_int_equal(aco_builder_finish(b), ACO_SUCCESS);
   aco_builder_destroy(b);
   assert_int_equal(aco_program_validate(p), ACO_SUCCESS);
   static struct text text, again;
   print(p, &text);
   assert_non_null(strstr(text.buf, "workgroup_size 64 1 1 shared_size 4096 {"));
   aco_program *q = parse(text.buf);
   print(q, &again);
   assert_string_equal(text.buf, again.buf);
   aco_program_destroy(q);
   aco_program_destroy(p);

   /* a declared 0 is kept (it says: no shared memory), and printed */
   char k[1024];
   kernel(k, sizeof(k), "gfx1100", " shared_size 0", 4);
   q = parse(k);
   print(q, &text);
   assert_non_null(strstr(text.buf, " shared_size 0 {"));
   aco_program_destroy(q);
}

static void
expect_invalid(const char *text, const char *want)
{
   aco_status s;
   aco_program *p = parse_status(text, &s);
   if (s == ACO_SUCCESS)
      s = aco_program_validate(p);
   assert_int_equal(s, ACO_ERROR_INVALID_IR);
   if (!strstr(aco_program_message(p), want))
      fail_msg("want \"%s\" in: %s", want, aco_program_message(p));
   aco_program_destroy(p);
}

/* Above 64 KiB, on a function that is not an entry, and a constant address past the end:
 * errors naming the function. */
static void
test_validator(void **state)
{
   (void)state;
   char k[1024];
   kernel(k, sizeof(k), "gfx1100", " shared_size 65537", 4);
   expect_invalid(k, "function @main: shared_size 65537 is above the limit of 65536");
   kernel(k, sizeof(k), "gfx1100", " shared_size 65536", 4);
   aco_program *p = parse(k);
   assert_int_equal(aco_program_validate(p), ACO_SUCCESS);
   aco_program_destroy(p);
   expect_invalid("target gfx1100 wave32\n"
                  "function @f() abi @compute_default shared_size 16 {\n  return\n}\n",
                  "function @f: only entry functions declare a shared_size");
   static const char *const constant =
      "target gfx1100 wave32\n"
      "entry function @main() abi @compute_default shared_size 64 {\n"
      "  %%a = const i32 %u\n"
      "  %%v = const i32 7\n"
      "  store_shared [%%a + %d], %%v\n"
      "  return\n"
      "}\n";
   snprintf(k, sizeof(k), constant, 60u, 4); /* bytes 64..67 */
   expect_invalid(k, "4 bytes at shared address 64 are outside the 64 declared bytes");
   snprintf(k, sizeof(k), constant, 56u, 4); /* bytes 60..63: the last word */
   p = parse(k);
   assert_int_equal(aco_program_validate(p), ACO_SUCCESS);
   aco_program_destroy(p);
}

static aco_binary *
compile(aco_program *p)
{
   aco_compile_options opts = {.struct_size = sizeof(opts)};
   aco_binary *bin = NULL;
   if (aco_compile(p, &opts, NULL, &bin) != ACO_SUCCESS)
      fail_msg("compile: %s", aco_program_message(p));
   return bin;
}

/* lds_bytes is the declared size rounded up to RSRC2's 512-byte LDS_SIZE granule, and the
 * field counts those blocks; an entry that declares nothing gets 64 KiB when it touches
 * shared memory, none when it does not. */
static void
test_config(void **state)
{
   (void)state;
   static const struct {
      const char *attrs;
      uint32_t bytes;
   } cases[] = {
      {" shared_size 0", 0},        {" shared_size 1", 512},     {" shared_size 512", 512},
      {" shared_size 513", 1024},   {" shared_size 8576", 8704}, {" shared_size 65536", 65536},
      {"", 65536},
   };
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
         char k[1024];
         kernel(k, sizeof(k), cpus[l], cases[i].attrs, 0);
         aco_program *p = parse(k);
         aco_binary *bin = compile(p);
         if (bin->config.lds_bytes != cases[i].bytes)
            fail_msg("%s%s: lds_bytes %u, want %u", cpus[l], cases[i].attrs,
                     bin->config.lds_bytes, cases[i].bytes);
         assert_int_equal((bin->config.rsrc2 >> 15) & 0x1ff, cases[i].bytes / 512);
         aco_binary_destroy(bin);
         aco_program_destroy(p);
      }
   }
   /* no shared memory anywhere: nothing allocated */
   aco_program *p = parse("target gfx1100 wave32\n"
                          "entry function @main() abi @compute_default {\n  return\n}\n");
   aco_binary *bin = compile(p);
   assert_int_equal(bin->config.lds_bytes, 0);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   /* the entry declares nothing and calls a function that uses shared memory */
   static const char *const calls =
      "target gfx1100 wave32\n"
      "function @f(i32 %%x) abi @compute_default {\n"
      "  store_shared [%%x], %%x\n"
      "  return\n"
      "}\n"
      "entry function @main() abi @compute_default%s {\n"
      "  %%lid = local_invocation_id.x\n"
      "  call @f(%%lid)\n"
      "  return\n"
      "}\n";
   char k[1024];
   snprintf(k, sizeof(k), calls, "");
   p = parse(k);
   bin = compile(p);
   assert_int_equal(bin->config.lds_bytes, 65536);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   snprintf(k, sizeof(k), calls, " shared_size 256"); /* the callee does not widen it */
   p = parse(k);
   bin = compile(p);
   assert_int_equal(bin->config.lds_bytes, 512);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   /* a callee defined elsewhere may use shared memory: 64 KiB unless the entry declares;
    * a callee's own binary allocates nothing */
   static const char *const external =
      "target gfx1100 wave32\n"
      "declare function @g(i32 %%x) abi @compute_default\n"
      "function @h(i32 %%x) abi @compute_default {\n"
      "  store_shared [%%x], %%x\n"
      "  return\n"
      "}\n"
      "entry function @main() abi @compute_default%s {\n"
      "  %%lid = local_invocation_id.x\n"
      "  call @g(%%lid)\n"
      "  return\n"
      "}\n";
   snprintf(k, sizeof(k), external, "");
   p = parse(k);
   bin = compile(p);
   assert_int_equal(bin->config.lds_bytes, 65536);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   snprintf(k, sizeof(k), external, " shared_size 2048");
   p = parse(k);
   bin = compile(p);
   assert_int_equal(bin->config.lds_bytes, 2048);
   assert_int_equal((bin->config.rsrc2 >> 15) & 0x1ff, 4);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   p = parse("target gfx1100 wave32\n"
             "function @h(i32 %x) abi @compute_default {\n"
             "  store_shared [%x], %x\n"
             "  return\n"
             "}\n");
   bin = compile(p);
   assert_int_equal(bin->config.lds_bytes, 0);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
}

/* The interpreter's shared memory is the declared size: lane 32 of a 16-byte stride with
 * 500 declared bytes stores at 512, past the end. */
static void
test_interpreter_bounds(void **state)
{
   (void)state;
   char k[1024];
   kernel(k, sizeof(k), "gfx1100", " shared_size 500", 16);
   aco_program *p = parse(k);
   struct air_interp_result r;
   enum air_fault f = air_interp_run(p, aco_program_find_function(p, "main"), NULL, NULL, NULL,
                                     &r);
   assert_int_equal(f, AIR_FAULT_OUT_OF_BOUNDS);
   if (!strstr(aco_program_message(p), "at shared address 0x200 (shared memory has 500 bytes)"))
      fail_msg("%s", aco_program_message(p));
   aco_program_destroy(p);
   /* with 1024 bytes every store fits */
   kernel(k, sizeof(k), "gfx1100", " shared_size 1024", 16);
   p = parse(k);
   assert_int_equal(air_interp_run(p, aco_program_find_function(p, "main"), NULL, NULL, NULL, &r),
                    AIR_FAULT_NONE);
   aco_program_destroy(p);
}

static aco_status
run_emulator(aco_program *p, const aco_binary *bin, unsigned level, char *msg, size_t len)
{
   aco_target t = {ACO_GFX1030, 32};
   t.gfx_level = level == 0 ? ACO_GFX1030 : level == 1 ? ACO_GFX1100 : ACO_GFX1200;
   struct aco_emu *emu = aco_emu_create(NULL, t);
   assert_non_null(emu);
   uint8_t argblock[256];
   assert_int_equal(aco_emu_map(emu, 0x7f000000, argblock, sizeof(argblock),
                                ACO_EMU_MEM_READONLY),
                    ACO_SUCCESS);
   assert_int_equal(aco_emu_load_code(emu, bin->code, bin->code_size, 0x10000000), ACO_SUCCESS);
   struct air_interp_arg args[1];
   memset(args, 0, sizeof(args));
   uint32_t grid[3] = {1, 1, 1};
   struct aco_emu_launch l;
   assert_int_equal(aco_entry_fill_launch(aco_program_find_function(p, "main"), bin, args, grid,
                                          0x7f000000, argblock, sizeof(argblock), 0, &l),
                    ACO_SUCCESS);
   assert_int_equal(l.lds_bytes, bin->config.lds_bytes);
   aco_status s = aco_emu_run(emu, &l);
   snprintf(msg, len, "%s", aco_emu_message(emu));
   aco_emu_destroy(emu);
   return s;
}

/* The emulator's LDS is the binary's lds_bytes (the declared size rounded up to 512):
 * 500 declared bytes give 512, and lane 32's store at 512 fails there as well; 1024
 * declared bytes run through. */
static void
test_emulator_bounds(void **state)
{
   (void)state;
   for (unsigned l = 0; l < 3; l++) {
      char k[1024], msg[512];
      kernel(k, sizeof(k), cpus[l], " shared_size 500", 16);
      aco_program *p = parse(k);
      aco_binary *bin = compile(p);
      assert_int_equal(bin->config.lds_bytes, 512);
      assert_int_not_equal(run_emulator(p, bin, l, msg, sizeof(msg)), ACO_SUCCESS);
      if (!strstr(msg, "512 bytes of LDS"))
         fail_msg("%s: %s", cpus[l], msg);
      aco_binary_destroy(bin);
      aco_program_destroy(p);

      kernel(k, sizeof(k), cpus[l], " shared_size 1024", 16);
      p = parse(k);
      bin = compile(p);
      if (run_emulator(p, bin, l, msg, sizeof(msg)) != ACO_SUCCESS)
         fail_msg("%s: %s", cpus[l], msg);
      aco_binary_destroy(bin);
      aco_program_destroy(p);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builder_and_text),
      cmocka_unit_test(test_validator),
      cmocka_unit_test(test_config),
      cmocka_unit_test(test_interpreter_bounds),
      cmocka_unit_test(test_emulator_bounds),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
