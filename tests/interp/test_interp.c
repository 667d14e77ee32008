/* SPDX-License-Identifier: MIT */
/* The reference interpreter against results worked out by hand (docs/ir-semantics.md). */
#include "ir/interp.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define OUT_ADDR UINT64_C(0x10000)
#define IN_ADDR UINT64_C(0x20000)
#define BUF_SIZE 4096
#define FILL 0xcd

/* One run: @main's ptr parameters get the out buffer, then the in buffer. */
struct h {
   aco_program *p;
   uint8_t out[BUF_SIZE], in[BUF_SIZE];
   struct air_interp_buffer bufs[2];
   struct air_interp_memory mem;
   struct air_interp_options opt;
   struct air_interp_result res;
};

static void
h_init(struct h *h)
{
   memset(h, 0, sizeof(*h));
   memset(h->out, FILL, sizeof(h->out));
}

static enum air_fault
h_run(struct h *h, const char *src)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   assert_int_equal(aco_program_create(&info, &h->p), ACO_SUCCESS);
   aco_status s = aco_program_parse(h->p, "test.air", src, strlen(src));
   if (s != ACO_SUCCESS)
      fprintf(stderr, "parse: %s\n%s\n", aco_program_message(h->p), src);
   assert_int_equal(s, ACO_SUCCESS);
   aco_function *f = aco_program_find_function(h->p, "main");
   assert_non_null(f);
   h->bufs[0] = (struct air_interp_buffer){OUT_ADDR, BUF_SIZE, h->out, NULL, NULL};
   h->bufs[1] = (struct air_interp_buffer){IN_ADDR, BUF_SIZE, h->in, NULL, NULL};
   h->mem.buffers = h->bufs;
   h->mem.num_buffers = 2;
   struct air_interp_arg args[8];
   memset(args, 0, sizeof(args));
   unsigned nptr = 0;
   for (uint32_t i = 0; i < f->num_params && i < 8; i++)
      if (f->params[i].type.base == ACO_BASE_PTR)
         args[i].c[0] = nptr++ ? IN_ADDR : OUT_ADDR;
   enum air_fault fault = air_interp_run(h->p, f, &h->opt, &h->mem, args, &h->res);
   if (getenv("INTERP_VERBOSE") && fault)
      fprintf(stderr, "%s\n", aco_program_message(h->p));
   return fault;
}

static void
h_finish(struct h *h)
{
   air_interp_memory_finish(h->p, &h->mem);
   aco_program_destroy(h->p);
   h->p = NULL;
}

static uint64_t
h_out(const struct h *h, unsigned byte_off, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      v |= (uint64_t)h->out[byte_off + i] << (8 * i);
   return v;
}
static uint32_t
w32(const struct h *h, unsigned index)
{
   return (uint32_t)h_out(h, index * 4, 4);
}

static void
expect_message(const struct h *h, const char *part)
{
   const char *m = aco_program_message(h->p);
   if (!strstr(m, part)) {
      fprintf(stderr, "message lacks \"%s\":\n%s\n", part, m);
      fail();
   }
}

/* Runs src (which must define @main) and expects success. */
static void
run_ok(struct h *h, const char *src)
{
   enum air_fault f = h_run(h, src);
   if (f != AIR_FAULT_NONE)
      fprintf(stderr, "%s\n", aco_program_message(h->p));
   assert_int_equal(f, AIR_FAULT_NONE);
}

static void
run_fault(struct h *h, const char *src, enum air_fault want, const char *part)
{
   enum air_fault f = h_run(h, src);
   if (f != want)
      fprintf(stderr, "expected %s, got %s: %s\n", air_fault_name(want), air_fault_name(f),
              aco_program_message(h->p));
   assert_int_equal(f, want);
   if (part)
      expect_message(h, part);
}

/* ---- every operation on edge values ------------------------------------------------------ */

/* One operation on constants: operands "type literal", the instruction with %a %b %c, the
 * type of its result, function attributes, and the expected bits. */
struct op_case {
   const char *attrs, *a, *b, *c, *instr, *rtype;
   uint64_t expect;
};

#define RNE ""
static const struct op_case op_cases[] = {
   /* integers: wrap-around, division by zero, INT_MIN / -1, shifts modulo the size */
   {RNE, "i32 0xffffffff", "i32 1", NULL, "iadd %a, %b", "i32", 0},
   {RNE, "i64 0xffffffffffffffff", "i64 2", NULL, "iadd %a, %b", "i64", 1},
   {RNE, "i32 0", "i32 1", NULL, "isub %a, %b", "i32", 0xffffffff},
   {RNE, "i32 0x10000", "i32 0x10000", NULL, "imul %a, %b", "i32", 0},
   {RNE, "i8 16", "i8 17", NULL, "imul %a, %b", "i8", 0x10},
   {RNE, "i32 0xffffffff", "i32 0xffffffff", NULL, "umul_hi %a, %b", "i32", 0xfffffffe},
   {RNE, "i32 -1", "i32 -1", NULL, "smul_hi %a, %b", "i32", 0},
   {RNE, "i32 0x80000000", "i32 2", NULL, "smul_hi %a, %b", "i32", 0xffffffff},
   {RNE, "i64 0xffffffffffffffff", "i64 2", NULL, "umul_hi %a, %b", "i64", 1},
   {RNE, "i16 0xffff", "i16 0xffff", NULL, "umul_hi %a, %b", "i16", 0xfffe},
   {RNE, "i32 7", "i32 0", NULL, "udiv %a, %b", "i32", 0xffffffff},
   {RNE, "i32 7", "i32 2", NULL, "udiv %a, %b", "i32", 3},
   {RNE, "i32 7", "i32 0", NULL, "urem %a, %b", "i32", 7},
   {RNE, "i32 7", "i32 3", NULL, "urem %a, %b", "i32", 1},
   {RNE, "i32 -2147483648", "i32 -1", NULL, "sdiv %a, %b", "i32", 0x80000000},
   {RNE, "i32 5", "i32 0", NULL, "sdiv %a, %b", "i32", 0xffffffff},
   {RNE, "i32 0", "i32 0", NULL, "sdiv %a, %b", "i32", 0xffffffff},
   {RNE, "i32 -5", "i32 0", NULL, "sdiv %a, %b", "i32", 1},
   {RNE, "i32 -7", "i32 2", NULL, "sdiv %a, %b", "i32", 0xfffffffd},
   {RNE, "i8 -128", "i8 -1", NULL, "sdiv %a, %b", "i8", 0x80},
   {RNE, "i32 -2147483648", "i32 -1", NULL, "srem %a, %b", "i32", 0},
   {RNE, "i32 -7", "i32 2", NULL, "srem %a, %b", "i32", 0xffffffff},
   {RNE, "i32 7", "i32 -2", NULL, "srem %a, %b", "i32", 1},
   {RNE, "i32 -5", "i32 0", NULL, "srem %a, %b", "i32", 0xfffffffb},
   {RNE, "i32 0xf0f0", "i32 0xff00", NULL, "iand %a, %b", "i32", 0xf000},
   {RNE, "i32 0xf0f0", "i32 0xff00", NULL, "ior %a, %b", "i32", 0xfff0},
   {RNE, "i32 0xf0f0", "i32 0xff00", NULL, "ixor %a, %b", "i32", 0x0ff0},
   {RNE, "i32 1", "i32 33", NULL, "ishl %a, %b", "i32", 2},
   {RNE, "i8 1", "i8 9", NULL, "ishl %a, %b", "i8", 2},
   {RNE, "i64 1", "i64 63", NULL, "ishl %a, %b", "i64", UINT64_C(0x8000000000000000)},
   {RNE, "i32 0x80000000", "i32 31", NULL, "ushr %a, %b", "i32", 1},
   {RNE, "i32 0x80000000", "i32 32", NULL, "ushr %a, %b", "i32", 0x80000000},
   {RNE, "i32 0x80000000", "i32 4", NULL, "sshr %a, %b", "i32", 0xf8000000},
   {RNE, "i16 0x8000", "i16 15", NULL, "sshr %a, %b", "i16", 0xffff},
   {RNE, "i16 0x4000", "i16 14", NULL, "sshr %a, %b", "i16", 1},
   {RNE, "i32 0xffffffff", "i32 1", NULL, "umin %a, %b", "i32", 1},
   {RNE, "i32 0xffffffff", "i32 1", NULL, "umax %a, %b", "i32", 0xffffffff},
   {RNE, "i32 -1", "i32 1", NULL, "smin %a, %b", "i32", 0xffffffff},
   {RNE, "i32 -1", "i32 1", NULL, "smax %a, %b", "i32", 1},
   {RNE, "i32 -2147483648", NULL, NULL, "ineg %a", "i32", 0x80000000},
   {RNE, "i16 1", NULL, NULL, "ineg %a", "i16", 0xffff},
   {RNE, "i32 0", NULL, NULL, "inot %a", "i32", 0xffffffff},
   {RNE, "i32 -2147483648", NULL, NULL, "iabs %a", "i32", 0x80000000},
   {RNE, "i32 -5", NULL, NULL, "iabs %a", "i32", 5},
   {RNE, "i32 0xffffffff", NULL, NULL, "popcount %a", "i32", 32},
   {RNE, "i64 0xffffffffffffffff", NULL, NULL, "popcount %a", "i64", 64},
   {RNE, "i32 1", NULL, NULL, "bitreverse %a", "i32", 0x80000000},
   {RNE, "i8 1", NULL, NULL, "bitreverse %a", "i8", 0x80},
   {RNE, "i32 0", NULL, NULL, "find_lsb %a", "i32", 0xffffffff},
   {RNE, "i32 8", NULL, NULL, "find_lsb %a", "i32", 3},
   {RNE, "i32 0", NULL, NULL, "find_msb %a", "i32", 0xffffffff},
   {RNE, "i16 0", NULL, NULL, "find_msb %a", "i16", 0xffff},
   {RNE, "i32 0x80000000", NULL, NULL, "find_msb %a", "i32", 31},
   {RNE, "i32 0xffffffff", "i32 1", NULL, "ult %a, %b", "i1", 0},
   {RNE, "i32 -1", "i32 1", NULL, "slt %a, %b", "i1", 1},
   {RNE, "i32 5", "i32 5", NULL, "ule %a, %b", "i1", 1},
   {RNE, "i32 5", "i32 5", NULL, "ugt %a, %b", "i1", 0},
   {RNE, "i32 -1", "i32 0", NULL, "uge %a, %b", "i1", 1},
   {RNE, "i32 -1", "i32 0", NULL, "sge %a, %b", "i1", 0},
   {RNE, "i32 -1", "i32 -1", NULL, "sle %a, %b", "i1", 1},
   {RNE, "i32 0", "i32 -1", NULL, "sgt %a, %b", "i1", 1},
   {RNE, "i64 1", "i64 1", NULL, "ieq %a, %b", "i1", 1},
   {RNE, "i8 1", "i8 2", NULL, "ine %a, %b", "i1", 1},
   {RNE, "i1 1", "i1 1", NULL, "iand %a, %b", "i1", 1},
   {RNE, "i1 1", "i1 1", NULL, "ixor %a, %b", "i1", 0},
   {RNE, "i1 0", "i1 1", NULL, "ior %a, %b", "i1", 1},
   {RNE, "i1 0", NULL, NULL, "inot %a", "i1", 1},
   {RNE, "i1 1", "i1 0", NULL, "ieq %a, %b", "i1", 0},

   /* exact floats: NaN, signed zeros, rounding modes, denormals */
   {RNE, "f32 1", "f32 2", NULL, "fadd %a, %b", "f32", 0x40400000},
   {RNE, "f32 0x7f800000", "f32 0xff800000", NULL, "fadd %a, %b", "f32", 0x7fc00000},
   {RNE, "f32 0x7f800001", "f32 1", NULL, "fadd %a, %b", "f32", 0x7fc00000},
   {RNE, "f32 0xffc12345", "f32 1", NULL, "fmul %a, %b", "f32", 0x7fc00000},
   {RNE, "f32 0", "f32 0x80000000", NULL, "fadd %a, %b", "f32", 0},
   {"round32 rtn", "f32 0", "f32 0x80000000", NULL, "fadd %a, %b", "f32", 0x80000000},
   {"round32 rtn", "f32 1", "f32 1", NULL, "fsub %a, %b", "f32", 0x80000000},
   {RNE, "f32 1", "f32 1", NULL, "fsub %a, %b", "f32", 0},
   {RNE, "f32 1", "f32 0x33800000", NULL, "fadd %a, %b", "f32", 0x3f800000},
   {"round32 rtp", "f32 1", "f32 0x33800000", NULL, "fadd %a, %b", "f32", 0x3f800001},
   {"round32 rtz", "f32 1", "f32 0x33800000", NULL, "fadd %a, %b", "f32", 0x3f800000},
   {"round32 rtn", "f32 -1", "f32 0xb3800000", NULL, "fadd %a, %b", "f32", 0xbf800001},
   {RNE, "f32 0x00000001", "f32 2", NULL, "fmul %a, %b", "f32", 2},
   {"denorm32 flush", "f32 0x00000001", "f32 2", NULL, "fmul %a, %b", "f32", 0},
   {RNE, "f32 0x00800000", "f32 0.5", NULL, "fmul %a, %b", "f32", 0x00400000},
   {"denorm32 flush", "f32 0x00800000", "f32 0.5", NULL, "fmul %a, %b", "f32", 0},
   {"denorm32 flush", "f32 0x80800000", "f32 0.5", NULL, "fmul %a, %b", "f32", 0x80000000},
   {RNE, "f32 0x7f7fffff", "f32 2", NULL, "fmul %a, %b", "f32", 0x7f800000},
   {"round32 rtz", "f32 0x7f7fffff", "f32 2", NULL, "fmul %a, %b", "f32", 0x7f7fffff},
   {"round32 rtn", "f32 0x7f7fffff", "f32 2", NULL, "fmul %a, %b", "f32", 0x7f7fffff},
   {"round32 rtn", "f32 0xff7fffff", "f32 2", NULL, "fmul %a, %b", "f32", 0xff800000},
   {RNE, "f32 0x7fc00000", "f32 1", NULL, "fmin %a, %b", "f32", 0x3f800000},
   {RNE, "f32 1", "f32 0xffffffff", NULL, "fmax %a, %b", "f32", 0x3f800000},
   {RNE, "f32 0x7fc00000", "f32 0x7f800001", NULL, "fmax %a, %b", "f32", 0x7fc00000},
   {RNE, "f32 0", "f32 0x80000000", NULL, "fmin %a, %b", "f32", 0x80000000},
   {RNE, "f32 0x80000000", "f32 0", NULL, "fmin %a, %b", "f32", 0x80000000},
   {RNE, "f32 0x80000000", "f32 0", NULL, "fmax %a, %b", "f32", 0},
   {RNE, "f32 -1", "f32 2", NULL, "fmin %a, %b", "f32", 0xbf800000},
   {RNE, "f32 0x80000001", "f32 0", NULL, "fmin %a, %b", "f32", 0x80000001},
   {"denorm32 flush", "f32 0x80000001", "f32 0", NULL, "fmin %a, %b", "f32", 0x80000000},
   {RNE, "f32 1", "f32 2", "f32 3", "ffma %a, %b, %c", "f32", 0x40a00000},
   {RNE, "f32 0x3f800800", "f32 0x3f800800", "f32 -1", "ffma %a, %b, %c", "f32", 0x3a000400},
   {RNE, "f32 0", "f32 0x7f800000", "f32 1", "ffma %a, %b, %c", "f32", 0x7fc00000},
   {RNE, "f32 0x7fc00000", NULL, NULL, "fneg %a", "f32", 0xffc00000},
   {RNE, "f32 0xff800000", NULL, NULL, "fabs %a", "f32", 0x7f800000},
   {"denorm32 flush", "f32 0x00000001", NULL, NULL, "fneg %a", "f32", 0x80000001},
   {RNE, "f32 -0.5", NULL, NULL, "ffloor %a", "f32", 0xbf800000},
   {RNE, "f32 -0.5", NULL, NULL, "fceil %a", "f32", 0x80000000},
   {RNE, "f32 -1.5", NULL, NULL, "ftrunc %a", "f32", 0xbf800000},
   {RNE, "f32 2.5", NULL, NULL, "fround_even %a", "f32", 0x40000000},
   {RNE, "f32 3.5", NULL, NULL, "fround_even %a", "f32", 0x40800000},
   {RNE, "f32 -0.5", NULL, NULL, "fround_even %a", "f32", 0x80000000},
   {RNE, "f32 0x7f800001", NULL, NULL, "ffloor %a", "f32", 0x7fc00000},
   {RNE, "f32 1.25", NULL, NULL, "ffract %a", "f32", 0x3e800000},
   {RNE, "f32 -0.25", NULL, NULL, "ffract %a", "f32", 0x3f400000},
   {RNE, "f32 0xaedbe6ff", NULL, NULL, "ffract %a", "f32", 0x3f7fffff},
   {RNE, "f32 0x7f800000", NULL, NULL, "ffract %a", "f32", 0x7fc00000},
   {RNE, "f32 0x7fc00000", "f32 0x7fc00000", NULL, "feq %a, %b", "i1", 0},
   {RNE, "f32 0x7fc00000", "f32 1", NULL, "fne %a, %b", "i1", 1},
   {RNE, "f32 0x80000000", "f32 0", NULL, "flt %a, %b", "i1", 0},
   {RNE, "f32 0x80000000", "f32 0", NULL, "fle %a, %b", "i1", 1},
   {RNE, "f32 0x80000000", "f32 0", NULL, "feq %a, %b", "i1", 1},
   {RNE, "f32 2", "f32 1", NULL, "fgt %a, %b", "i1", 1},
   {RNE, "f32 0x7fc00000", "f32 1", NULL, "fge %a, %b", "i1", 0},
   {RNE, "f32 0x7fc00000", "f32 1", NULL, "funord %a, %b", "i1", 1},
   {RNE, "f32 1", "f32 2", NULL, "funord %a, %b", "i1", 0},
   {RNE, "f32 0x00000001", "f32 0", NULL, "fgt %a, %b", "i1", 1},
   {"denorm32 flush", "f32 0x00000001", "f32 0", NULL, "fgt %a, %b", "i1", 0},
   {RNE, "f16 1", "f16 1", NULL, "fadd %a, %b", "f16", 0x4000},
   {RNE, "f16 1", "f16 0x1000", NULL, "fadd %a, %b", "f16", 0x3c00},
   {"round16_64 rtp", "f16 1", "f16 0x1000", NULL, "fadd %a, %b", "f16", 0x3c01},
   {RNE, "f16 0x7bff", "f16 2", NULL, "fmul %a, %b", "f16", 0x7c00},
   {"round16_64 rtz", "f16 0x7bff", "f16 2", NULL, "fmul %a, %b", "f16", 0x7bff},
   {RNE, "f16 0x0001", "f16 2", NULL, "fmul %a, %b", "f16", 0x0002},
   {"denorm16_64 flush", "f16 0x0001", "f16 2", NULL, "fmul %a, %b", "f16", 0},
   {RNE, "f16 0x7c01", "f16 2", NULL, "fmul %a, %b", "f16", 0x7e00},
   {RNE, "f16 0x3c01", "f16 0x3c02", "f16 0xbc00", "ffma %a, %b, %c", "f16", 0x1a01},
   {"round16_64 rtn", "f16 1", "f16 1", NULL, "fsub %a, %b", "f16", 0x8000},
   {RNE, "f16 0xfc00", "f16 1", NULL, "fmin %a, %b", "f16", 0xfc00},
   {RNE, "f64 1", "f64 0x3ca0000000000000", NULL, "fadd %a, %b", "f64",
    UINT64_C(0x3ff0000000000000)},
   {"round16_64 rtp", "f64 1", "f64 0x3ca0000000000000", NULL, "fadd %a, %b", "f64",
    UINT64_C(0x3ff0000000000001)},
   {RNE, "f64 0", "f64 0x7ff0000000000000", NULL, "fmul %a, %b", "f64",
    UINT64_C(0x7ff8000000000000)},
   {"denorm16_64 flush", "f64 0x0000000000000001", "f64 2", NULL, "fmul %a, %b", "f64", 0},
   {RNE, "f64 0x0000000000000001", "f64 2", NULL, "fmul %a, %b", "f64", 2},
   {RNE, "f64 2", "f64 3", "f64 1", "ffma %a, %b, %c", "f64", UINT64_C(0x401c000000000000)},
   /* denormal mode of f32 does not touch f64 */
   {"denorm32 flush", "f64 0x0000000000000001", "f64 2", NULL, "fmul %a, %b", "f64", 2},

   /* approximate operations: exact results rounded to nearest */
   {RNE, "f32 2", NULL, NULL, "frcp %a ulp 1", "f32", 0x3f000000},
   {RNE, "f32 0", NULL, NULL, "frcp %a ulp 1", "f32", 0x7f800000},
   {RNE, "f32 0x80000000", NULL, NULL, "frcp %a ulp 1", "f32", 0xff800000},
   {RNE, "f32 4", NULL, NULL, "frsq %a ulp 1", "f32", 0x3f000000},
   {RNE, "f32 -1", NULL, NULL, "frsq %a ulp 1", "f32", 0x7fc00000},
   {RNE, "f32 4", NULL, NULL, "fsqrt %a ulp 1", "f32", 0x40000000},
   {RNE, "f32 0x80000000", NULL, NULL, "fsqrt %a ulp 1", "f32", 0x80000000},
   {RNE, "f32 8", NULL, NULL, "flog2 %a ulp 1", "f32", 0x40400000},
   {RNE, "f32 0", NULL, NULL, "flog2 %a ulp 1", "f32", 0xff800000},
   {RNE, "f32 -1", NULL, NULL, "fexp2 %a ulp 1", "f32", 0x3f000000},
   {RNE, "f32 0", NULL, NULL, "fsin %a ulp 4", "f32", 0},
   {RNE, "f32 0", NULL, NULL, "fcos %a ulp 4", "f32", 0x3f800000},
   {RNE, "f32 1", "f32 3", NULL, "fdiv %a, %b ulp 2", "f32", 0x3eaaaaab},
   {RNE, "f16 2", NULL, NULL, "fsqrt %a ulp 1", "f16", 0x3da8},
   {RNE, "f64 1", "f64 3", NULL, "fdiv %a, %b ulp 2", "f64", UINT64_C(0x3fd5555555555555)},

   /* conversions */
   {RNE, "f32 -1.5", NULL, NULL, "f2u i32 %a", "i32", 0},
   {RNE, "f32 4294967296", NULL, NULL, "f2u i32 %a", "i32", 0xffffffff},
   {RNE, "f32 0x7fc00000", NULL, NULL, "f2u i32 %a", "i32", 0},
   {RNE, "f32 3.9", NULL, NULL, "f2u i32 %a", "i32", 3},
   {RNE, "f32 -3.9", NULL, NULL, "f2s i32 %a", "i32", 0xfffffffd},
   {RNE, "f32 3e9", NULL, NULL, "f2s i32 %a", "i32", 0x7fffffff},
   {RNE, "f32 -3e9", NULL, NULL, "f2s i32 %a", "i32", 0x80000000},
   {RNE, "f32 0xffc00000", NULL, NULL, "f2s i32 %a", "i32", 0},
   {RNE, "f32 200", NULL, NULL, "f2s i8 %a", "i8", 127},
   {RNE, "f16 300", NULL, NULL, "f2u i8 %a", "i8", 255},
   {RNE, "f64 -1e19", NULL, NULL, "f2s i64 %a", "i64", UINT64_C(0x8000000000000000)},
   {RNE, "f64 1e20", NULL, NULL, "f2u i64 %a", "i64", UINT64_MAX},
   {RNE, "i32 16777217", NULL, NULL, "u2f f32 %a", "f32", 0x4b800000},
   {"round32 rtp", "i32 16777217", NULL, NULL, "u2f f32 %a", "f32", 0x4b800001},
   {RNE, "i32 0xffffffff", NULL, NULL, "u2f f32 %a", "f32", 0x4f800000},
   {"round32 rtz", "i32 0xffffffff", NULL, NULL, "u2f f32 %a", "f32", 0x4f7fffff},
   {RNE, "i32 -1", NULL, NULL, "s2f f32 %a", "f32", 0xbf800000},
   {"round32 rtn", "i32 -16777217", NULL, NULL, "s2f f32 %a", "f32", 0xcb800001},
   {RNE, "i32 65520", NULL, NULL, "s2f f16 %a", "f16", 0x7c00},
   {RNE, "i32 65519", NULL, NULL, "s2f f16 %a", "f16", 0x7bff},
   {"round16_64 rtz", "i32 100000", NULL, NULL, "u2f f16 %a", "f16", 0x7bff},
   {RNE, "i64 -9223372036854775808", NULL, NULL, "s2f f64 %a", "f64",
    UINT64_C(0xc3e0000000000000)},
   {RNE, "i64 0xffffffffffffffff", NULL, NULL, "u2f f64 %a", "f64", UINT64_C(0x43f0000000000000)},
   {RNE, "i8 255", NULL, NULL, "u2f f32 %a", "f32", 0x437f0000},
   {RNE, "i8 -128", NULL, NULL, "s2f f32 %a", "f32", 0xc3000000},
   {RNE, "f32 65520", NULL, NULL, "fconv f16 %a", "f16", 0x7c00},
   {RNE, "f32 1e-8", NULL, NULL, "fconv f16 %a", "f16", 0},
   {RNE, "f32 0x33800000", NULL, NULL, "fconv f16 %a", "f16", 0x0001},
   {"denorm16_64 flush", "f32 0x33800000", NULL, NULL, "fconv f16 %a", "f16", 0},
   {RNE, "f64 0x3ff0000010000000", NULL, NULL, "fconv f32 %a", "f32", 0x3f800000},
   {"round32 rtp", "f64 0x3ff0000010000000", NULL, NULL, "fconv f32 %a", "f32", 0x3f800001},
   {RNE, "f16 0x7c01", NULL, NULL, "fconv f32 %a", "f32", 0x7fc00000},
   {RNE, "f16 0x8001", NULL, NULL, "fconv f32 %a", "f32", 0xb3800000},
   {"denorm32 flush", "f32 0x00000001", NULL, NULL, "fconv f64 %a", "f64", 0},
   {RNE, "f32 0x00000001", NULL, NULL, "fconv f64 %a", "f64", UINT64_C(0x36a0000000000000)},
   {RNE, "i8 -1", NULL, NULL, "sext i32 %a", "i32", 0xffffffff},
   {RNE, "i1 1", NULL, NULL, "sext i32 %a", "i32", 0xffffffff},
   {RNE, "i1 1", NULL, NULL, "zext i16 %a", "i16", 1},
   {RNE, "i32 0xffffffff", NULL, NULL, "zext i64 %a", "i64", 0xffffffff},
   {RNE, "i32 0x1ff", NULL, NULL, "trunc i8 %a", "i8", 0xff},
   {RNE, "f32 -2", NULL, NULL, "bitcast i32 %a", "i32", 0xc0000000},
   {RNE, "i32 0xaabbccdd", NULL, NULL, "bitcast f32 %a", "f32", 0xaabbccdd},
   /* select picks bits, NaN payloads included */
   {RNE, "f32 0x7f800001", "f32 2", NULL, "select %t, %a, %b", "f32", 0x7f800001},
   {RNE, "i64 5", "i64 6", NULL, "select %f, %a, %b", "i64", 6},
};

static void
test_operations(void **state)
{
   (void)state;
   char src[2048];
   for (size_t i = 0; i < sizeof(op_cases) / sizeof(op_cases[0]); i++) {
      const struct op_case *k = &op_cases[i];
      bool is_bool = !strcmp(k->rtype, "i1");
      snprintf(src, sizeof(src),
               "target gfx1100 wave32\n"
               "entry function @main(uniform ptr %%out) abi @compute_default %s {\n"
               "  %%t = const i1 1\n  %%f = const i1 0\n"
               "  %%a = const %s\n%s%s%s%s%s%s"
               "  %%r = %s\n"
               "%s"
               "  store_global %%out, %%%s\n"
               "  return\n}\n",
               k->attrs, k->a, k->b ? "  %b = const " : "", k->b ? k->b : "", k->b ? "\n" : "",
               k->c ? "  %c = const " : "", k->c ? k->c : "", k->c ? "\n" : "", k->instr,
               is_bool ? "  %z = zext i32 %r\n" : "", is_bool ? "z" : "r");
      struct h h;
      h_init(&h);
      enum air_fault f = h_run(&h, src);
      if (f != AIR_FAULT_NONE)
         fprintf(stderr, "case %zu (%s): %s\n", i, k->instr, aco_program_message(h.p));
      assert_int_equal(f, AIR_FAULT_NONE);
      unsigned bytes = is_bool ? 4 : (unsigned)atoi(k->rtype + 1) / 8;
      uint64_t got = h_out(&h, 0, bytes);
      if (got != k->expect)
         fprintf(stderr, "case %zu: %s [%s] with %s, %s, %s: got 0x%llx, expected 0x%llx\n", i,
                 k->instr, k->attrs, k->a, k->b ? k->b : "-", k->c ? k->c : "-",
                 (unsigned long long)got, (unsigned long long)k->expect);
      assert_true(got == k->expect);
      assert_int_equal(h.out[bytes], FILL); /* nothing beyond the value's bytes */
      h_finish(&h);
   }
}

static void
test_vectors_and_ulp_shadow(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_ok(&h, "target gfx1030 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default {\n"
              "  %a = const i32 0x11223344\n  %b = const i32 0x55667788\n"
              "  %v = vec %a, %b\n"
              "  %q = bitcast i64 %v\n"
              "  store_global %out, %q\n"
              "  %h = bitcast i16x4 %q\n"
              "  %e = extract %h, 3\n"
              "  store_global %out[8], %e\n"
              "  %x = const f32 2\n"
              "  %s = fsqrt %x ulp 3\n"
              "  store_global %out[12], %s\n"
              "  %s2 = fadd %s, %x\n"
              "  store_global %out[16], %s2\n"
              "  %l = load_global i32x2 %out\n"
              "  %l1 = extract %l, 1\n"
              "  store_global %out[20], %l1\n"
              "  return\n}\n");
   assert_int_equal(h_out(&h, 0, 8), UINT64_C(0x5566778811223344));
   assert_int_equal(h_out(&h, 8, 2), 0x5566);
   assert_int_equal(w32(&h, 3), 0x3fb504f3); /* sqrt(2) rounded to nearest */
   assert_int_equal(w32(&h, 5), 0x55667788);
   assert_non_null(h.bufs[0].ulp);
   assert_int_equal(h.bufs[0].ulp[0], 0);
   assert_int_equal(h.bufs[0].ulp[12], 3);
   assert_int_equal(h.bufs[0].ulp[16], 255);
   assert_int_equal(h.bufs[0].written[0], 1);
   assert_int_equal(h.bufs[0].written[24], 0);
   assert_true(air_float_within_ulp(32, 0x3fb504f3, 0x3fb504f5, 2));
   assert_false(air_float_within_ulp(32, 0x3fb504f3, 0x3fb504f6, 2));
   assert_true(air_float_within_ulp(32, 0x00000000, 0x80000001, 2));
   assert_false(air_float_within_ulp(32, 0x7fc00000, 0x3f800000, 100));
   h_finish(&h);
}

/* NaN results stand for any NaN (tag 254, in memory only where the comparison can take
 * any NaN), and fsin/fcos carry their absolute bound converted to ULPs of the result. */
static void
test_nan_and_trig_tags(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_ok(&h, "target gfx1030 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default {\n"
              "  %x = const f32 1.5\n  %nan = const f32 0x7fc00005\n"
              "  %inf = const f32 0x7f800000\n"
              "  %a = fsub %x, %nan\n  store_global %out, %a\n"
              "  %b = fsub %inf, %inf\n  store_global %out[4], %b\n"
              "  %d = fconv f64 %b\n  store_global %out[8], %d\n"
              "  %h = fconv f16 %b\n  %z = const f16 0\n"
              "  store_global %out[16], %z\n  store_global %out[18], %h\n"
              "  %n = fneg %b\n  store_global %out[20], %n\n"
              "  %m = fmin %nan, %x\n  store_global %out[24], %m\n"
              "  %s = fadd %x, %x\n  store_global %out[28], %s\n"
              "  %one = const f32 1.0\n  %s1 = fsin %one ulp 4\n  store_global %out[32], %s1\n"
              "  %pi = const f32 0x40490fdb\n  %sp = fsin %pi ulp 4\n"
              "  store_global %out[36], %sp\n"
              "  %zero = const f32 0\n  %c0 = fcos %zero ulp 4\n  store_global %out[40], %c0\n"
              "  %i = bitcast i32 %b\n  %j = iadd %i, %i\n  store_global %out[44], %j\n"
              "  %k = f2s i32 %b\n  store_global %out[48], %k\n"
              "  %z0 = const i32 0\n  %za = iand %i, %z0\n"
              "  %ld = load_global i32 %out[%za + 28]\n  store_global %out[52], %ld\n"
              "  %le = load_global i32 %out[%z0 + 28]\n  store_global %out[56], %le\n"
              "  return\n}\n");
   const uint8_t *u = h.bufs[0].ulp;
   assert_non_null(u);
   assert_int_equal(w32(&h, 0), 0x7fc00000); /* the canonical NaN, standing for any */
   assert_int_equal(u[0], 254);
   assert_int_equal(w32(&h, 1), 0x7fc00000);
   assert_int_equal(u[4], 254);
   assert_int_equal(h_out(&h, 8, 8), UINT64_C(0x7ff8000000000000));
   assert_int_equal(u[8], 255); /* the low word of an f64 NaN: any payload */
   assert_int_equal(u[11], 255);
   assert_int_equal(u[12], 254);
   assert_int_equal(h_out(&h, 16, 4), 0x7e000000);
   assert_int_equal(u[16], 0);   /* the exact f16 beside it */
   assert_int_equal(u[18], 255); /* an f16 NaN */
   assert_int_equal(w32(&h, 5), 0xffc00000); /* fneg moves bits and keeps the tag */
   assert_int_equal(u[20], 254);
   assert_int_equal(w32(&h, 6), 0x3fc00000); /* fmin: the other operand, exact */
   assert_int_equal(u[24], 0);
   assert_int_equal(u[28], 0);
   assert_int_equal(w32(&h, 8), 0x3f576aa4); /* sin(1) */
   assert_int_equal(u[32], 8); /* 4 + 2^-22 in ULPs (2^-24) of sin(1) */
   assert_int_equal(u[36], 255); /* near a zero of sin: only the absolute bound */
   assert_int_equal(w32(&h, 10), 0x3f800000);
   assert_int_equal(u[40], 4);
   assert_int_equal(u[44], 255); /* computed from a NaN's bits */
   assert_int_equal(w32(&h, 12), 0); /* f2s of any NaN is 0: exact */
   assert_int_equal(u[48], 0);
   assert_int_equal(w32(&h, 13), 0x40400000); /* 3.0 from out[28] either way, but... */
   assert_int_equal(u[52], 255);              /* ...its address came from a NaN's bits */
   assert_int_equal(w32(&h, 14), 0x40400000);
   assert_int_equal(u[56], 0);
   assert_true(air_float_within_ulp(32, 0x7fc00000, 0xffc00005, 254));
   assert_false(air_float_within_ulp(32, 0x7fc00000, 0x7f800000, 254));
   h_finish(&h);
}

/* ---- control flow ------------------------------------------------------------------------ */

static void
test_divergent_if(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 8 1 1 {\n"
              "  %lid = local_invocation_id.x\n"
              "  %two = const i32 2\n  %z = const i32 0\n  %four = const i32 4\n"
              "  %m = urem %lid, %two\n"
              "  %odd = ine %m, %z\n"
              "  %r = if %odd -> i32 {\n"
              "    %x = imul %lid, %lid\n    yield %x\n"
              "  } else {\n"
              "    %c = const i32 100\n    %y = iadd %lid, %c\n    yield %y\n"
              "  }\n"
              "  %o = imul %lid, %four\n"
              "  store_global %out[%o], %r\n"
              "  %three = const i32 3\n"
              "  %small = ult %lid, %three\n"
              "  if %small {\n"
              "    return\n"
              "  }\n"
              "  %o2 = iadd %o, %three\n"
              "  %one = const i32 1\n  %o3 = iadd %o2, %one\n"
              "  %k = const i32 32\n  %o4 = iadd %o3, %k\n"
              "  store_global %out[%o4 - 4], %lid\n"
              "  return\n}\n");
   static const uint32_t want[8] = {100, 1, 102, 9, 104, 25, 106, 49};
   for (unsigned l = 0; l < 8; l++)
      assert_int_equal(w32(&h, l), want[l]);
   /* lanes 0-2 returned early: their second slot keeps the fill */
   for (unsigned l = 0; l < 8; l++)
      assert_int_equal(w32(&h, 8 + l), l < 3 ? 0xcdcdcdcd : l);
   h_finish(&h);
}

/* Each lane leaves the loop after iteration lid; a ballot inside counts the lanes still in
 * the loop (8 - k in iteration k), so lane l sums 8(l+1) - l(l+1)/2. */
static void
test_loop_divergent_break(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 8 1 1 {\n"
              "  %lid = local_invocation_id.x\n"
              "  %z = const i32 0\n  %one = const i32 1\n  %four = const i32 4\n"
              "  %t = const i1 1\n"
              "  %acc, %last = loop (%k = %z, %a = %z) -> i32, i32 {\n"
              "    %b = ballot %t\n"
              "    %b32 = trunc i32 %b\n"
              "    %n = popcount %b32\n"
              "    %a2 = iadd %a, %n\n"
              "    %done = uge %k, %lid\n"
              "    if %done {\n"
              "      break %a2, %k\n"
              "    }\n"
              "    %k1 = iadd %k, %one\n"
              "    continue %k1, %a2\n"
              "  }\n"
              "  %o = imul %lid, %four\n"
              "  store_global %out[%o], %acc\n"
              "  %o2 = iadd %o, %four\n  %e = const i32 28\n  %o3 = iadd %o2, %e\n"
              "  store_global %out[%o3], %last\n"
              /* continue skipping odd iterations: counts even k below 2*lid+1 */
              "  %two = const i32 2\n"
              "  %lim = imul %lid, %two\n"
              "  %ev = loop (%j = %z, %c = %z) -> i32 {\n"
              "    %over = ugt %j, %lim\n"
              "    if %over {\n      break %c\n    }\n"
              "    %j1 = iadd %j, %one\n"
              "    %m = iand %j, %one\n"
              "    %isodd = ine %m, %z\n"
              "    if %isodd {\n      continue %j1, %c\n    }\n"
              "    %c1 = iadd %c, %one\n"
              "    continue %j1, %c1\n"
              "  }\n"
              "  %s = const i32 64\n  %o4 = iadd %o, %s\n"
              "  store_global %out[%o4], %ev\n"
              "  return\n}\n");
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(w32(&h, l), 8 * (l + 1) - l * (l + 1) / 2);
      assert_int_equal(w32(&h, 8 + l), l);
      assert_int_equal(w32(&h, 16 + l), l + 1);
   }
   h_finish(&h);
}

static void
test_step_limit(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   h.opt.max_steps = 1000;
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default {\n"
             "  %z = const i32 0\n"
             "  loop (%k = %z) {\n    %one = const i32 1\n    %k1 = iadd %k, %one\n"
             "    continue %k1\n  }\n"
             "  return\n}\n",
             AIR_FAULT_STEP_LIMIT, "1000 instructions executed");
   expect_message(&h, "@main, line");
   h_finish(&h);
}

/* ---- subgroup operations on wave32 and wave64 --------------------------------------------- */

static const char subgroup_src[] =
   "target gfx1100 %s\n"
   "entry function @main(uniform ptr %%out) abi @compute_default workgroup_size 64 1 1 {\n"
   "  %%lid = local_invocation_id.x\n"
   "  %%z = const i32 0\n  %%one = const i32 1\n  %%three = const i32 3\n"
   "  %%four = const i32 4\n  %%eight = const i32 8\n"
   "  %%slot = imul %%lid, %%eight\n"
   /* ballot of lid %% 3 == 0, stored as i64 at out[lid * 8] */
   "  %%m3 = urem %%lid, %%three\n"
   "  %%c3 = ieq %%m3, %%z\n"
   "  %%b = ballot %%c3\n"
   "  store_global %%out[%%slot], %%b\n"
   /* in lanes with lid >= 5: first active lane, sum of odd lids, exclusive umin */
   "  %%five = const i32 5\n"
   "  %%ge5 = uge %%lid, %%five\n"
   "  %%base = const i32 512\n  %%o4 = imul %%lid, %%four\n  %%o = iadd %%o4, %%base\n"
   "  if %%ge5 {\n"
   "    %%first = read_first_lane %%lid\n"
   "    store_global %%out[%%o], %%first\n"
   "    %%x = exclusive_scan umin %%lid\n"
   "    store_global %%out[%%o + 768], %%x\n"
   "  }\n"
   "  %%par = iand %%lid, %%one\n"
   "  %%odd = ine %%par, %%z\n"
   "  if %%odd {\n"
   "    %%sum = reduce iadd %%lid\n"
   "    store_global %%out[%%o + 256], %%sum\n"
   "  } else {\n"
   "    %%cnt = inclusive_scan iadd %%one\n"
   "    store_global %%out[%%o + 256], %%cnt\n"
   "    %%ex = exclusive_scan iadd %%lid\n"
   "    store_global %%out[%%o + 1024], %%ex\n"
   "  }\n"
   "  %%rl = read_lane %%lid, %%three\n"
   "  store_global %%out[%%o + 512], %%rl\n"
   "  %%half = const f32 0.5\n"
   "  %%fs = reduce fadd %%half\n"
   "  store_global %%out[%%o + 1280], %%fs\n"
   "  %%fm = exclusive_scan fmax %%half\n"
   "  store_global %%out[%%o + 1536], %%fm\n"
   "  return\n}\n";

static void
run_subgroups(unsigned wave)
{
   char src[4096];
   snprintf(src, sizeof(src), subgroup_src, wave == 32 ? "wave32" : "wave64");
   struct h h;
   h_init(&h);
   run_ok(&h, src);
   for (unsigned l = 0; l < 64; l++) {
      unsigned w = wave == 32 ? l / 32 : 0, lo = w * wave;
      uint64_t ballot = wave == 64 ? UINT64_C(0x9249249249249249)
                        : w == 0   ? 0x49249249
                                   : 0x92492492;
      assert_int_equal(h_out(&h, l * 8, 8), ballot);
      /* words from 512 bytes on: index 128 + lid */
      uint32_t first = lo == 0 ? 5 : 32;
      assert_int_equal(w32(&h, 128 + l), l >= 5 ? first : 0xcdcdcdcd);
      /* exclusive umin of lid over lanes >= 5: identity (all ones) in the first */
      assert_int_equal(w32(&h, 320 + l), l < 5 ? 0xcdcdcdcd : l == first ? 0xffffffff : first);
      uint32_t oddsum = wave == 64 ? 1024 : w == 0 ? 256 : 768;
      assert_int_equal(w32(&h, 192 + l), l & 1 ? oddsum : (l - lo) / 2 + 1);
      /* exclusive iadd of lid over even lanes: sum of the even lids below in the wave */
      if (!(l & 1)) {
         uint32_t s = 0;
         for (unsigned k = lo; k < l; k += 2)
            s += k;
         assert_int_equal(w32(&h, 384 + l), s);
      }
      assert_int_equal(w32(&h, 256 + l), lo + 3);
      assert_int_equal(w32(&h, 448 + l), wave == 32 ? 0x41800000 : 0x42000000); /* 16, 32 */
      assert_int_equal(w32(&h, 512 + l), l == lo ? 0xff800000 : 0x3f000000);
   }
   h_finish(&h);
}

static void
test_subgroups_wave32(void **state)
{
   (void)state;
   run_subgroups(32);
}

static void
test_subgroups_wave64(void **state)
{
   (void)state;
   run_subgroups(64);
}

static void
test_subgroup_faults(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 8 1 1 {\n"
             "  %lid = local_invocation_id.x\n  %two = const i32 2\n"
             "  %big = uge %lid, %two\n"
             "  if %big {\n    %r = read_lane %lid, %two\n    %s = read_lane %lid, %two\n"
             "    %one = const i32 1\n    %q = read_lane %lid, %one\n"
             "    store_global %out, %q\n  }\n"
             "  return\n}\n",
             AIR_FAULT_UNDEFINED, "read_lane of lane 1, which is not active");
   expect_message(&h, "wave 0, lane 2");
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 8 1 1 {\n"
             "  %lid = local_invocation_id.x\n"
             "  %r = read_lane %lid, %lid\n"
             "  return\n}\n",
             AIR_FAULT_DIVERGENCE, "lane index differs");
   h_finish(&h);
}

/* ---- memory --------------------------------------------------------------------------------- */

static void
test_global_memory_faults(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 4 1 1 {\n"
             "  %lid = local_invocation_id.x\n  %k = const i32 1023\n"
             "  %i = iadd %lid, %k\n  %four = const i32 4\n  %o = imul %i, %four\n"
             "  store_global %out[%o], %lid\n"
             "  return\n}\n",
             AIR_FAULT_OUT_OF_BOUNDS, "at address 0x11000 is outside every buffer");
   expect_message(&h, "wave 0, lane 1");
   /* lane 0 stored before lane 1 faulted */
   assert_int_equal(w32(&h, 1023), 0);
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default {\n"
             "  %x = load_global i32 %out[2]\n"
             "  return\n}\n",
             AIR_FAULT_MISALIGNED, "0x10002 is not aligned to 4 bytes");
   h_finish(&h);

   h_init(&h);
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default {\n"
              "  %x = const i32 0x12345678\n"
              "  store_global %out[6], %x align 2\n"
              "  %y = load_global i16 %out[8]\n"
              "  store_global %out[16], %y\n"
              "  return\n}\n");
   assert_int_equal(h_out(&h, 6, 4), 0x12345678);
   assert_int_equal(h_out(&h, 16, 2), 0x1234);
   h_finish(&h);
}

static void
test_buffer_descriptor(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   for (unsigned i = 0; i < 8; i++)
      h.in[i * 4] = (uint8_t)(i + 1);
   memset(h.in + 32, 0, 32);
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out, uniform ptr %in) abi @compute_default "
              "workgroup_size 8 1 1 {\n"
              "  %lid = local_invocation_id.x\n  %four = const i32 4\n"
              "  %o = imul %lid, %four\n"
              "  %p = bitcast i32x2 %in\n"
              "  %lo = extract %p, 0\n  %hi = extract %p, 1\n"
              "  %n = const i32 16\n  %z = const i32 0\n"
              "  %d = vec %lo, %hi, %n, %z\n"
              "  %v = load_buffer i32 %d[%o]\n"
              "  store_global %out[%o], %v\n"
              "  store_buffer %d[%o + 32], %lid\n"
              "  %old = atomic_buffer add %d[%o], %lid\n"
              "  store_global %out[%o + 32], %old\n"
              "  %w = load_buffer i32x2 %d[8]\n"
              "  %w1 = extract %w, 1\n"
              "  store_global %out[64], %w1\n"
              "  %x = load_buffer i32x2 %d[12]\n"
              "  %x0 = extract %x, 0\n  %x1 = extract %x, 1\n"
              "  store_global %out[68], %x0\n  store_global %out[72], %x1\n"
              "  return\n}\n");
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(w32(&h, l), l < 4 ? l + 1 : 0);      /* beyond 16 bytes: 0 */
      assert_int_equal(w32(&h, 8 + l), l < 4 ? l + 1 : 0);  /* atomics out of range: 0 */
   }
   assert_int_equal(w32(&h, 16), 7); /* in[12] after lane 3's atomic added 3 */
   assert_int_equal(w32(&h, 17), 7);
   assert_int_equal(w32(&h, 18), 0);
   /* in-range atomics applied, stores beyond the range dropped */
   for (unsigned l = 0; l < 4; l++)
      assert_int_equal(h.in[l * 4], l + 1 + l);
   for (unsigned i = 32; i < 64; i++)
      assert_int_equal(h.in[i], 0);
   h_finish(&h);
}

static void
test_shared_and_barrier(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   /* 64 invocations in 2 waves: each writes its slot, then reads the mirrored one */
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default "
              "workgroup_size 64 1 1 {\n"
              "  %lid = local_invocation_id.x\n  %four = const i32 4\n  %ten = const i32 10\n"
              "  %o = imul %lid, %four\n"
              "  %v = imul %lid, %ten\n"
              "  store_shared [%o], %v\n"
              "  %zero = const i32 0\n"
              "  store_shared [1024], %zero\n"
              "  barrier\n"
              "  %k = const i32 63\n  %m = isub %k, %lid\n  %mo = imul %m, %four\n"
              "  %r = load_shared i32 [%mo]\n"
              "  store_global %out[%o], %r\n"
              "  %one = const i32 1\n"
              "  %c = atomic_shared add [1024], %one\n"
              "  barrier\n"
              "  %t = load_shared i32 [1024]\n"
              "  store_global %out[%o + 256], %c\n"
              "  store_global %out[%o + 512], %t\n"
              "  return\n}\n");
   for (unsigned l = 0; l < 64; l++) {
      assert_int_equal(w32(&h, l), (63 - l) * 10);
      assert_int_equal(w32(&h, 128 + l), 64);
   }
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 64 1 1 {\n"
             "  %z = const i32 0\n"
             "  %x = atomic_shared add [0], %z\n"
             "  return\n}\n",
             AIR_FAULT_UNDEFINED, "never written");
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 64 1 1 {\n"
             "  %lid = local_invocation_id.x\n  %k = const i32 40\n"
             "  %lo = ult %lid, %k\n"
             "  if %lo {\n    barrier\n  }\n"
             "  return\n}\n",
             AIR_FAULT_DIVERGENCE, "barrier");
   expect_message(&h, "wave 1, lane 8");
   h_finish(&h);

   h_init(&h);
   h.opt.lds_size = 256;
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default {\n"
             "  %z = const i32 0\n"
             "  store_shared [256], %z\n"
             "  return\n}\n",
             AIR_FAULT_OUT_OF_BOUNDS, "shared memory has 256 bytes");
   h_finish(&h);
}

static void
test_global_atomics(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   memset(h.out, 0, 64);
   run_ok(&h, "target gfx1100 wave64\n"
              "entry function @main(uniform ptr %out) abi @compute_default "
              "workgroup_size 64 1 1 {\n"
              "  %lid = local_invocation_id.x\n  %four = const i32 4\n  %one = const i32 1\n"
              "  %z = const i32 0\n"
              "  %o = imul %lid, %four\n"
              "  %old = atomic_global add %out, %one\n"
              "  store_global %out[%o + 256], %old\n"
              "  %n = iadd %lid, %one\n"
              "  %cx = atomic_global cmpxchg %out[4], %n, %z\n"
              "  store_global %out[%o + 512], %cx\n"
              "  %l64 = zext i64 %lid\n"
              "  %mx = atomic_global umax %out[8], %l64\n"
              "  %sub = atomic_global sub %out[16], %one\n"
              "  %xc = atomic_global xchg %out[20], %lid\n"
              "  return\n}\n");
   assert_int_equal(w32(&h, 0), 64);
   assert_int_equal(w32(&h, 1), 1);
   assert_int_equal(h_out(&h, 8, 8), 63);
   assert_int_equal(w32(&h, 4), (uint32_t)-64);
   assert_int_equal(w32(&h, 5), 63);
   for (unsigned l = 0; l < 64; l++) {
      assert_int_equal(w32(&h, 64 + l), l);
      assert_int_equal(w32(&h, 128 + l), l ? 1 : 0);
   }
   h_finish(&h);
}

static void
test_load_uniform(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   h.in[0] = 42;
   h.in[4] = 43;
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out, uniform ptr %in) abi @compute_default "
              "workgroup_size 64 1 1 {\n"
              "  %lid = local_invocation_id.x\n  %four = const i32 4\n"
              "  %o = imul %lid, %four\n"
              "  %w = subgroup_id\n  %wo = imul %w, %four\n"
              "  %x = load_uniform i32 %in[%wo] readonly\n"
              "  store_global %out[%o], %x\n"
              "  return\n}\n");
   for (unsigned l = 0; l < 64; l++)
      assert_int_equal(w32(&h, l), l < 32 ? 42 : 43);
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out, uniform ptr %in) abi @compute_default "
             "workgroup_size 4 1 1 {\n"
             "  %lid = local_invocation_id.x\n  %four = const i32 4\n"
             "  %o = imul %lid, %four\n"
             "  %x = load_uniform i32 %in[%o] readonly\n"
             "  return\n}\n",
             AIR_FAULT_DIVERGENCE, "in lane 0 of the same wave");
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out, uniform ptr %in) abi @compute_default {\n"
             "  %z = const i32 0\n"
             "  store_global %in[4], %z\n"
             "  %x = load_uniform i32x2 %in invariant\n"
             "  return\n}\n",
             AIR_FAULT_COHERENCE, "0x20004");
   h_finish(&h);
}

static void
test_stack(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 4 1 1 {\n"
              "  stack $0 size 16 align 4\n"
              "  stack $1 size 2 align 2\n"
              "  %lid = local_invocation_id.x\n  %four = const i32 4\n"
              "  %o = imul %lid, %four\n"
              "  store_stack $0[%o], %lid\n"
              "  %s = trunc i16 %lid\n"
              "  store_stack $1, %s\n"
              "  %x = load_stack i32 $0[%o]\n"
              "  %y = load_stack i16 $1\n"
              "  %yz = zext i32 %y\n"
              "  %r = iadd %x, %yz\n"
              "  store_global %out[%o], %r\n"
              "  return\n}\n");
   for (unsigned l = 0; l < 4; l++)
      assert_int_equal(w32(&h, l), 2 * l);
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default {\n"
             "  stack $0 size 8 align 4\n"
             "  %z = const i32 0\n"
             "  store_stack $0[8], %z\n"
             "  return\n}\n",
             AIR_FAULT_OUT_OF_BOUNDS, "stack object $0 (8 bytes)");
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "entry function @main(uniform ptr %out) abi @compute_default {\n"
             "  stack $0 size 8 align 4\n"
             "  %x = load_stack i32 $0[4]\n"
             "  return\n}\n",
             AIR_FAULT_UNDEFINED, "never written");
   h_finish(&h);
}

/* ---- calls ---------------------------------------------------------------------------------- */

static void
test_direct_calls(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_ok(&h, "target gfx1100 wave32\n"
              "function @addmul(i32 %a, i32 %b, return i32 %s, return i32 %p) "
              "abi @compute_default {\n"
              "  %x = iadd %a, %b\n  %y = imul %a, %b\n  return %x, %y\n}\n"
              "function @pick(i32 %x, return i32 %r) abi @compute_default {\n"
              "  %one = const i32 1\n  %z = const i32 0\n"
              "  %m = iand %x, %one\n  %odd = ine %m, %z\n"
              "  if %odd {\n    %d = iadd %x, %x\n    return %d\n  }\n"
              "  %k = const i32 1000\n  %e = iadd %x, %k\n  return %e\n}\n"
              "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 8 1 1 {\n"
              "  %lid = local_invocation_id.x\n  %four = const i32 4\n  %three = const i32 3\n"
              "  %z = const i32 0\n"
              "  %o = imul %lid, %four\n"
              "  %s, %p = call @addmul(%lid, %three, %z, %z)\n"
              "  %q = call @pick(%lid, %z)\n"
              "  store_global %out[%o], %s\n"
              "  store_global %out[%o + 32], %p\n"
              "  store_global %out[%o + 64], %q\n"
              "  return\n}\n");
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(w32(&h, l), l + 3);
      assert_int_equal(w32(&h, 8 + l), l * 3);
      assert_int_equal(w32(&h, 16 + l), l & 1 ? 2 * l : l + 1000);
   }
   assert_int_equal(h.res.max_depth, 1);
   h_finish(&h);
}

/* Three callees chosen by lid % 3: each group runs alone, and a ballot in the callee
 * counts its group (11, 11 and 10 lanes of 32). */
static const char indirect_src[] =
   "target gfx1100 wave32\n"
   "function @f0(i32 %x, return i32 %r) abi @compute_default {\n"
   "  %k = const i32 0x100\n  %y = iadd %x, %k\n  %t = const i1 1\n"
   "  %b = ballot %t\n  %b32 = trunc i32 %b\n  %n = popcount %b32\n"
   "  %s = const i32 16\n  %ns = ishl %n, %s\n  %r2 = iadd %y, %ns\n  return %r2\n}\n"
   "function @f1(i32 %x, return i32 %r) abi @compute_default {\n"
   "  %k = const i32 0x200\n  %y = iadd %x, %k\n  %t = const i1 1\n"
   "  %b = ballot %t\n  %b32 = trunc i32 %b\n  %n = popcount %b32\n"
   "  %s = const i32 16\n  %ns = ishl %n, %s\n  %r2 = iadd %y, %ns\n  return %r2\n}\n"
   "function @f2(i32 %x, return i32 %r) abi @compute_default {\n"
   "  %k = const i32 0x300\n  %y = iadd %x, %k\n  %t = const i1 1\n"
   "  %b = ballot %t\n  %b32 = trunc i32 %b\n  %n = popcount %b32\n"
   "  %s = const i32 16\n  %ns = ishl %n, %s\n  %r2 = iadd %y, %ns\n  return %r2\n}\n"
   "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 32 1 1 {\n"
   "  %lid = local_invocation_id.x\n  %four = const i32 4\n  %three = const i32 3\n"
   "  %z = const i32 0\n  %one = const i32 1\n"
   "  %o = imul %lid, %four\n"
   "  %m = urem %lid, %three\n"
   "  %a0 = func_addr @f0\n  %a1 = func_addr @f1\n  %a2 = func_addr @f2\n"
   "  %is0 = ieq %m, %z\n  %is1 = ieq %m, %one\n"
   "  %a12 = select %is1, %a1, %a2\n"
   "  %fp = select %is0, %a0, %a12\n";
static const char indirect_tail[] =
   "  %r = call_indirect %fp : @f0(%lid, %z)\n"
   "  store_global %out[%o], %r\n"
   "  return\n}\n";

static void
test_indirect_divergent_calls(void **state)
{
   (void)state;
   char src[4096];
   struct h h;
   h_init(&h);
   snprintf(src, sizeof(src), "%s%s", indirect_src, indirect_tail);
   run_ok(&h, src);
   for (unsigned l = 0; l < 32; l++) {
      unsigned k = l % 3;
      assert_int_equal(w32(&h, l), l + 0x100 * (k + 1) + ((k == 2 ? 10u : 11u) << 16));
   }
   h_finish(&h);

   /* a pointer that names no function */
   h_init(&h);
   snprintf(src, sizeof(src), "%s%s%s", indirect_src,
            "  %five = const i32 5\n  %bad = ieq %lid, %five\n"
            "  %junk = const ptr 0x1234\n  %fq = select %bad, %junk, %fp\n",
            indirect_tail);
   char *p = strstr(src, "call_indirect %fp");
   memcpy(p, "call_indirect %fq", 17);
   run_fault(&h, src, AIR_FAULT_BAD_POINTER, "0x1234 is not the address of a function");
   expect_message(&h, "lane 5");
   h_finish(&h);
}

static const char recursion_src[] =
   "target gfx1100 wave32\n"
   "function @sum(i32 %n, return i32 %acc) abi @compute_default {\n"
   "  stack $0 size 4 align 4\n"
   "  store_stack $0, %n\n"
   "  %zero = const i32 0\n"
   "  %done = ieq %n, %zero\n"
   "  %res = if %done -> i32 {\n"
   "    yield %zero\n"
   "  } else {\n"
   "    %one = const i32 1\n    %m = isub %n, %one\n"
   "    %s = call @sum(%m, %zero)\n"
   "    %back = load_stack i32 $0\n"
   "    %t = iadd %s, %back\n    yield %t\n"
   "  }\n"
   "  return %res\n}\n"
   "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 4 1 1 {\n"
   "  %lid = local_invocation_id.x\n  %four = const i32 4\n  %z = const i32 0\n"
   "  %k = const i32 47\n  %n = iadd %lid, %k\n"
   "  %o = imul %lid, %four\n"
   "  %s = call @sum(%n, %z)\n"
   "  store_global %out[%o], %s\n"
   "  return\n}\n";

static void
test_recursion(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_ok(&h, recursion_src);
   for (unsigned l = 0; l < 4; l++) {
      unsigned n = 47 + l;
      assert_int_equal(w32(&h, l), n * (n + 1) / 2);
   }
   assert_int_equal(h.res.max_depth, 51); /* sum(50) .. sum(0) */
   h_finish(&h);

   h_init(&h);
   h.opt.max_call_depth = 20;
   run_fault(&h, recursion_src, AIR_FAULT_CALL_DEPTH, "nest 21 calls deep (the limit is 20)");
   expect_message(&h, "called from @sum");
   expect_message(&h, "called from @main");
   h_finish(&h);
}

static void
test_tail_calls(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   /* count(n, acc) = count(n - 1, acc + n): 100 * lid levels deep, far past the call depth
    * limit, because tail calls do not nest */
   run_ok(&h, "target gfx1100 wave32\n"
              "function @count(i32 %n, i32 %acc, return i32 %r) abi @compute_default {\n"
              "  %z = const i32 0\n"
              "  %done = ieq %n, %z\n"
              "  if %done {\n    return %acc\n  }\n"
              "  %one = const i32 1\n  %m = isub %n, %one\n  %a2 = iadd %acc, %n\n"
              "  tail_call @count(%m, %a2, %r)\n"
              "}\n"
              "function @start(i32 %n, return i32 %r) abi @compute_default {\n"
              "  %z = const i32 0\n"
              "  %p = func_addr @count\n"
              "  tail_call_indirect %p : @count(%n, %z, %r)\n"
              "}\n"
              "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 4 1 1 {\n"
              "  %lid = local_invocation_id.x\n  %four = const i32 4\n  %z = const i32 0\n"
              "  %h = const i32 100\n  %n = imul %lid, %h\n"
              "  %o = imul %lid, %four\n"
              "  %s = call @start(%n, %z)\n"
              "  store_global %out[%o], %s\n"
              "  return\n}\n");
   for (unsigned l = 0; l < 4; l++)
      assert_int_equal(w32(&h, l), 100 * l * (100 * l + 1) / 2);
   assert_int_equal(h.res.max_depth, 1);
   h_finish(&h);
}

static void
test_call_faults(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "function @u(uniform i32 %x, return i32 %r) abi @compute_default {\n"
             "  return %x\n}\n"
             "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 4 1 1 {\n"
             "  %lid = local_invocation_id.x\n"
             "  %r = call @u(%lid, %lid)\n"
             "  return\n}\n",
             AIR_FAULT_DIVERGENCE, "uniform parameter of @u differs between lanes 0 and 1");
   h_finish(&h);

   /* a uniform result given different values by lanes returning at different places */
   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "function @v(i32 %x, uniform return i32 %r) abi @compute_default {\n"
             "  %one = const i32 1\n"
             "  %odd = iand %x, %one\n"
             "  %c = ine %odd, %one\n"
             "  if %c {\n"
             "    %seven = const i32 7\n"
             "    return %seven\n"
             "  }\n"
             "  %eight = const i32 8\n"
             "  return %eight\n}\n"
             "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 4 1 1 {\n"
             "  %lid = local_invocation_id.x\n"
             "  %z = const i32 0\n"
             "  %r = call @v(%lid, %z)\n"
             "  return\n}\n",
             AIR_FAULT_DIVERGENCE, "result 1 of @v (a uniform return parameter) differs between "
                                   "lanes 0 and 1");
   h_finish(&h);

   h_init(&h);
   run_fault(&h,
             "target gfx1100 wave32\n"
             "declare function @ext(i32 %x) abi @compute_default\n"
             "entry function @main(uniform ptr %out) abi @compute_default {\n"
             "  %z = const i32 0\n"
             "  call @ext(%z)\n"
             "  return\n}\n",
             AIR_FAULT_UNSUPPORTED, "@ext is only declared");
   h_finish(&h);
}

static void
test_grid_and_sysvals(void **state)
{
   (void)state;
   struct h h;
   h_init(&h);
   h.opt.grid[0] = 2;
   h.opt.grid[1] = 3;
   run_ok(&h, "target gfx1030 wave64\n"
              "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 2 2 2 {\n"
              "  %idx = local_invocation_index\n"
              "  %x = local_invocation_id.x\n  %y = local_invocation_id.y\n"
              "  %z = local_invocation_id.z\n"
              "  %gx = workgroup_id.x\n  %gy = workgroup_id.y\n"
              "  %ns = num_subgroups\n  %ss = subgroup_size\n"
              "  %eight = const i32 8\n  %two = const i32 2\n  %four = const i32 4\n"
              "  %g = imul %gy, %two\n  %g2 = iadd %g, %gx\n  %g8 = imul %g2, %eight\n"
              "  %slot = iadd %g8, %idx\n  %o = imul %slot, %four\n"
              "  %k = imul %z, %four\n  %k2 = imul %y, %two\n  %k3 = iadd %k, %k2\n"
              "  %k4 = iadd %k3, %x\n"
              "  %s = const i32 8\n  %kk = ishl %g2, %s\n  %v = iadd %k4, %kk\n"
              "  %s2 = const i32 16\n  %nn = ishl %ns, %s2\n  %v2 = iadd %v, %nn\n"
              "  %s3 = const i32 24\n  %sz = ishl %ss, %s3\n  %v3 = iadd %v2, %sz\n"
              "  store_global %out[%o], %v3\n"
              "  return\n}\n");
   for (unsigned g = 0; g < 6; g++)
      for (unsigned l = 0; l < 8; l++)
         assert_int_equal(w32(&h, g * 8 + l), l | g << 8 | 1 << 16 | 64u << 24);
   h_finish(&h);
}

static void
test_trace(void **state);

/* ---- every program of tests/ir and examples ------------------------------------------------ */

static char *
read_file(const char *path, size_t *len)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *buf = malloc((size_t)n + 1);
   if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
      free(buf);
      buf = NULL;
   }
   fclose(f);
   if (buf) {
      buf[n] = 0;
      *len = (size_t)n;
   }
   return buf;
}

/* Buffers given by a line "; interp: N=funcs:@a,@b,..." (function addresses, 8 bytes
 * each) or "N=words:A,B,..." (i32); other ptr parameters get 64 KiB of zeros. */
static void
setup_directives(aco_program *p, const char *text, unsigned param, uint8_t *data)
{
   char key[16];
   snprintf(key, sizeof(key), "; interp: %u=", param);
   const char *d = strstr(text, key);
   if (!d)
      return;
   d += strlen(key);
   bool funcs = !strncmp(d, "funcs:", 6);
   d = strchr(d, ':') + 1;
   unsigned off = 0;
   while (*d && *d != '\n' && off + 8 <= 65536) {
      const char *e = d;
      while (*e && *e != ',' && *e != '\n' && *e != ' ')
         e++;
      uint64_t v;
      if (funcs) {
         char name[128];
         snprintf(name, sizeof(name), "%.*s", (int)(e - d - 1), d + 1);
         aco_function *f = aco_program_find_function(p, name);
         v = f ? air_interp_function_address(f->index) : 0;
         memcpy(data + off, &v, 8);
         off += 8;
      } else {
         v = strtoull(d, NULL, 0);
         memcpy(data + off, &v, 4);
         off += 4;
      }
      d = *e == ',' ? e + 1 : e;
      if (*e != ',')
         break;
   }
}

static void
run_corpus_dir(const char *dir, unsigned *ran, unsigned *failed)
{
   DIR *dd = opendir(dir);
   if (!dd)
      return;
   struct dirent *de;
   while ((de = readdir(dd))) {
      size_t n = strlen(de->d_name);
      if (n < 5 || strcmp(de->d_name + n - 4, ".air"))
         continue;
      char path[4096];
      snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
      size_t len = 0;
      char *text = read_file(path, &len);
      assert_non_null(text);
      aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
      aco_program *p;
      assert_int_equal(aco_program_create(&info, &p), ACO_SUCCESS);
      if (aco_program_parse(p, path, text, len) != ACO_SUCCESS ||
          aco_program_validate(p) != ACO_SUCCESS) {
         fprintf(stderr, "note: %s does not parse and validate, skipped: %s\n", path,
                 aco_program_message(p));
         aco_program_destroy(p);
         free(text);
         continue;
      }
      for (uint32_t i = 0; i < aco_program_function_count(p); i++) {
         aco_function *f = aco_program_function(p, i);
         if (!(f->flags & ACO_FUNCTION_ENTRY))
            continue;
         struct air_interp_buffer bufs[16];
         struct air_interp_arg args[16];
         memset(args, 0, sizeof(args));
         unsigned nb = 0;
         for (uint32_t k = 0; k < f->num_params && k < 16; k++) {
            if (f->params[k].type.base != ACO_BASE_PTR)
               continue;
            uint8_t *data = calloc(1, 65536);
            setup_directives(p, text, k, data);
            bufs[nb] = (struct air_interp_buffer){UINT64_C(0x100000) * (nb + 1), 65536, data,
                                                  NULL, NULL};
            args[k].c[0] = bufs[nb].address;
            nb++;
         }
         struct air_interp_memory mem = {bufs, nb};
         struct air_interp_result res;
         enum air_fault fault = air_interp_run(p, f, NULL, &mem, args, &res);
         bool input_dependent = fault == AIR_FAULT_BAD_POINTER ||
                                fault == AIR_FAULT_OUT_OF_BOUNDS ||
                                fault == AIR_FAULT_UNSUPPORTED;
         if (fault && !strstr(text, "; interp:") && input_dependent) {
            fprintf(stderr, "note: %s @%s needs inputs (add an '; interp:' line): %s\n", path,
                    f->name, aco_program_message(p));
         } else if (fault) {
            fprintf(stderr, "FAIL: %s @%s: %s\n", path, f->name, aco_program_message(p));
            (*failed)++;
         }
         (*ran)++;
         air_interp_memory_finish(p, &mem);
         for (unsigned b = 0; b < nb; b++)
            free(bufs[b].data);
      }
      aco_program_destroy(p);
      free(text);
   }
   closedir(dd);
}

static void
test_corpus(void **state)
{
   (void)state;
   const char *root = getenv("ACO_TEST_SRCDIR");
   if (!root)
      skip();
   char dir[4096];
   unsigned ran = 0, failed = 0;
   snprintf(dir, sizeof(dir), "%s/examples", root);
   run_corpus_dir(dir, &ran, &failed);
   snprintf(dir, sizeof(dir), "%s/tests/ir", root);
   run_corpus_dir(dir, &ran, &failed);
   fprintf(stderr, "ran %u entry functions of examples/ and tests/ir/, %u failed\n", ran,
           failed);
   assert_true(ran >= 1);
   assert_int_equal(failed, 0);
}

/* ---- trace -------------------------------------------------------------------------------- */

struct trace_buf {
   char text[8192];
   size_t len;
};

static void
trace_line(void *user, const char *line)
{
   struct trace_buf *t = user;
   int n = snprintf(t->text + t->len, sizeof(t->text) - t->len, "%s\n", line);
   if (n > 0 && t->len + (size_t)n < sizeof(t->text))
      t->len += (size_t)n;
}

static void
test_trace(void **state)
{
   (void)state;
   struct h h;
   struct trace_buf t = {{0}, 0};
   h_init(&h);
   h.opt.trace = trace_line;
   h.opt.trace_user = &t;
   run_ok(&h, "target gfx1100 wave32\n"
              "entry function @main(uniform ptr %out) abi @compute_default workgroup_size 2 1 1 {\n"
              "  %lid = local_invocation_id.x\n"
              "  %k = const i32 7\n"
              "  %r = iadd %lid, %k\n"
              "  return\n}\n");
   assert_non_null(strstr(t.text, "@main: %r = iadd %lid, %k  ; lanes 0 1"));
   assert_non_null(strstr(t.text, "%r: [0]=0x7 [1]=0x8"));
   h_finish(&h);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_operations),
      cmocka_unit_test(test_vectors_and_ulp_shadow),
      cmocka_unit_test(test_divergent_if),
      cmocka_unit_test(test_loop_divergent_break),
      cmocka_unit_test(test_step_limit),
      cmocka_unit_test(test_subgroups_wave32),
      cmocka_unit_test(test_subgroups_wave64),
      cmocka_unit_test(test_subgroup_faults),
      cmocka_unit_test(test_global_memory_faults),
      cmocka_unit_test(test_buffer_descriptor),
      cmocka_unit_test(test_shared_and_barrier),
      cmocka_unit_test(test_global_atomics),
      cmocka_unit_test(test_load_uniform),
      cmocka_unit_test(test_stack),
      cmocka_unit_test(test_direct_calls),
      cmocka_unit_test(test_indirect_divergent_calls),
      cmocka_unit_test(test_recursion),
      cmocka_unit_test(test_tail_calls),
      cmocka_unit_test(test_call_faults),
      cmocka_unit_test(test_grid_and_sysvals),
      cmocka_unit_test(test_nan_and_trig_tags),
      cmocka_unit_test(test_trace),
      cmocka_unit_test(test_corpus),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
