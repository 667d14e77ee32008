/* SPDX-License-Identifier: MIT */
/* The random program generator of the differential tester: from a 64-bit seed and a
 * feature mask, the text of one front-IR kernel (docs/ir.md) that validates and runs on
 * the reference interpreter without a fault, for every target and wave size.
 *
 * The text starts with the dispatch comments of tests/exec (exec_util.h: `; buffer`,
 * `; args`, `; grid`), so a generated program saved to a file is also an exec kernel.
 * Each invocation owns a slot of the `out` buffer; every value worth checking is stored
 * there (inside the regions that compute it and at the end of the kernel), so a
 * miscompile shows up as a byte difference. `in` holds random words that loads read.
 * With the call features, functions before the entry compute values from their
 * parameters and return them to callers that store them. */
#ifndef ACO_TESTS_FUZZ_GEN_PROGRAM_H
#define ACO_TESTS_FUZZ_GEN_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a program may contain. i32, i1, integer ALU, selects and global stores are always
 * in; every other construct needs its bit. */
#define GEN_UNIFORM_IF (UINT64_C(1) << 0)      /* ifs on workgroup-uniform conditions */
#define GEN_DIVERGENT_IF (UINT64_C(1) << 1)    /* ifs on per-lane conditions */
#define GEN_UNIFORM_LOOP (UINT64_C(1) << 2)    /* loops all lanes run together */
#define GEN_DIVERGENT_LOOP (UINT64_C(1) << 3)  /* per-lane trip counts, breaks, continues */
#define GEN_IF_RESULTS (UINT64_C(1) << 4)      /* ifs and loops that give values */
#define GEN_LOOP_CARRIED (UINT64_C(1) << 5)    /* loop-carried values besides the counter */
#define GEN_I8 (UINT64_C(1) << 6)
#define GEN_I16 (UINT64_C(1) << 7)
#define GEN_I64 (UINT64_C(1) << 8)
#define GEN_F16 (UINT64_C(1) << 9)
#define GEN_F32 (UINT64_C(1) << 10)
#define GEN_F64 (UINT64_C(1) << 11)
#define GEN_VECTOR (UINT64_C(1) << 12)        /* vec, extract, vector loads and stores */
#define GEN_CONVERT (UINT64_C(1) << 13)       /* zext sext trunc fconv u2f s2f f2u f2s bitcast */
#define GEN_DIV (UINT64_C(1) << 14)           /* udiv sdiv urem srem */
#define GEN_APPROX (UINT64_C(1) << 15)        /* f32 frcp frsq fsqrt fexp2 flog2 fsin fcos fdiv */
#define GEN_GLOBAL_LOAD (UINT64_C(1) << 16)   /* load_global of `in` */
#define GEN_LOAD_UNIFORM (UINT64_C(1) << 17)  /* load_uniform of `in` */
#define GEN_LDS (UINT64_C(1) << 18)           /* shared memory exchanges with barriers */
#define GEN_STACK (UINT64_C(1) << 19)         /* store_stack / load_stack */
#define GEN_ATOMIC (UINT64_C(1) << 20)        /* atomic_global on the invocation's own slot */
#define GEN_BALLOT (UINT64_C(1) << 21)
#define GEN_READ_LANE (UINT64_C(1) << 22)     /* read_first_lane, read_lane */
#define GEN_REDUCE (UINT64_C(1) << 23)
#define GEN_SCAN (UINT64_C(1) << 24)          /* inclusive_scan, exclusive_scan */
#define GEN_PARTIAL_WAVE (UINT64_C(1) << 25)  /* workgroup sizes not a multiple of 64 */
#define GEN_FLOAT_MODE (UINT64_C(1) << 26)    /* denormal flushing and rounding modes */
#define GEN_SYSVALS (UINT64_C(1) << 27)       /* subgroup ids and sizes, 2D/3D workgroups */
/* NaNs with payloads or signs: NaN constants, floats loaded or bitcast from any bits,
 * fneg. Without it the only NaN is the canonical one invalid operations give. */
#define GEN_NAN (UINT64_C(1) << 28)
/* 64-bit umul_hi smul_hi find_lsb find_msb, and with GEN_DIV 64-bit division */
#define GEN_I64_ARITH (UINT64_C(1) << 29)
/* conversions between 64-bit integers and floats, to f16 from 32- and 64-bit integers,
 * f64 to f16, bitcasts of vectors */
#define GEN_CONVERT_WIDE (UINT64_C(1) << 30)
#define GEN_SMALL_VECTOR (UINT64_C(1) << 31)  /* vectors of 8- and 16-bit components */
#define GEN_WIDE_VECTOR (UINT64_C(1) << 32)   /* vectors of more than 16 bytes */
#define GEN_SMALL_SCALAR (UINT64_C(1) << 33)  /* 8/16-bit load_uniform and subgroup ops */
#define GEN_VECTOR_SELECT (UINT64_C(1) << 34) /* select of vectors */
/* Float arithmetic, comparisons and conversions on uniform operands only (without it
 * every float operation has a per-lane operand, so none runs on the scalar unit). */
#define GEN_UNIFORM_FLOAT (UINT64_C(1) << 35)
#define GEN_FFRACT (UINT64_C(1) << 36)
#define GEN_FSUB (UINT64_C(1) << 37)
#define GEN_NARROW_F2I (UINT64_C(1) << 38) /* f2u / f2s to i8 and i16 */
/* approximate operations on any magnitude (else their inputs and results are normal) */
#define GEN_APPROX_DENORMAL (UINT64_C(1) << 39)
#define GEN_F2I_HUGE (UINT64_C(1) << 40) /* f2u / f2s of magnitudes of 2^63 and more */
/* fsin / fcos (with their bound: N ULP plus |x| * 2^-22, docs/ir-semantics.md) */
#define GEN_TRIG (UINT64_C(1) << 41)
/* Function calls (docs/calls.md): 1-4 functions besides the entry, called directly from
 * the entry and from each other (each calls only those made before it), under
 * @compute_default. The others widen what the calls may be. */
#define GEN_CALLS (UINT64_C(1) << 42)
/* random built-in ABIs, and user ABIs with small max_params caps (stack parameters) */
#define GEN_CALL_ABI (UINT64_C(1) << 43)
#define GEN_CALL_INDIRECT (UINT64_C(1) << 44)  /* func_addr + call_indirect, uniform pointers */
#define GEN_CALL_LANES (UINT64_C(1) << 45)     /* per-lane pointers: the waterfall */
#define GEN_CALL_CHAIN (UINT64_C(1) << 46)     /* divergent_callable functions: the chain */
#define GEN_CALL_RECURSION (UINT64_C(1) << 47) /* bounded by a depth parameter */
#define GEN_CALL_TAIL (UINT64_C(1) << 48)      /* tail calls ending a function */
/* uniform parameters of three components (regressions/call_sgpr_vec3_param_spill.air) */
#define GEN_CALL_SGPR_VEC3 (UINT64_C(1) << 49)
/* any value as the argument of a return or discardable parameter (else new constants):
 * regressions/open/call_clobbered_arg_live.air */
#define GEN_CALL_CLOBBERED_LIVE (UINT64_C(1) << 50)
/* a function's return parameters as operands in its body (returning one unchanged:
 * regressions/call_return_param_unchanged.air) */
#define GEN_CALL_RETURN_INPUT (UINT64_C(1) << 51)
/* returns inside ifs (not in loops) of functions that are not divergent_callable and
 * have no uniform or i1 return parameters (docs/calls.md) */
#define GEN_CALL_EARLY_RETURN (UINT64_C(1) << 52)
/* after a return of part of the lanes: returns inside uniform ifs (and loops), and, in no
 * loop, a tail call ending the function (regressions/call_tail_after_divergent_return.air) */
#define GEN_CALL_AFTER_RETURN (UINT64_C(1) << 53)
/* the entry ends with a jump to an @amdgpu_cs_chain function, which may jump to another
 * (docs/calls.md "Chain functions"); their bodies store like the entry's */
#define GEN_CALL_CS_CHAIN (UINT64_C(1) << 54)
/* with call-early-return, returns also inside one loop (not nested in another) */
#define GEN_CALL_LOOP_RETURN (UINT64_C(1) << 55)
/* early returns may be tail calls too: inside divergent ifs and loops, a call and a
 * return of part of the lanes (docs/calls.md "Tail calls") */
#define GEN_CALL_TAIL_DIVERGENT (UINT64_C(1) << 56)
/* with call-loop-return, returns (and tail calls) also inside nested loops */
#define GEN_CALL_NESTED_LOOP_RETURN (UINT64_C(1) << 57)
#define GEN_FEATURE_COUNT 58

#define GEN_FEATURES_ALL ((UINT64_C(1) << GEN_FEATURE_COUNT) - 1)

/* Features whose programs fail today for a known reason, each with a minimal kernel in
 * tests/fuzz/regressions/open/: remove a bit here when its regression is fixed. None at
 * present. */
#define GEN_FEATURES_OPEN_BUGS 0

/* What the CI seed list runs (tests/fuzz/meson.build, difftest's default): what the
 * compiler compiles today, less the open bugs. This is the one place that says so
 * (tests/fuzz/README.md). */
#define GEN_FEATURES_SUPPORTED                                                            \
   (GEN_UNIFORM_IF | GEN_DIVERGENT_IF | GEN_UNIFORM_LOOP | GEN_DIVERGENT_LOOP |           \
    GEN_REDUCE | GEN_SCAN | GEN_IF_RESULTS | GEN_LOOP_CARRIED | GEN_I8 | GEN_I16 |        \
    GEN_I64 | GEN_F16 | GEN_F32 | GEN_F64 | GEN_VECTOR | GEN_CONVERT | GEN_DIV |          \
    GEN_APPROX | GEN_GLOBAL_LOAD | GEN_LOAD_UNIFORM | GEN_LDS | GEN_STACK | GEN_ATOMIC |  \
    GEN_BALLOT | GEN_READ_LANE | GEN_PARTIAL_WAVE | GEN_FLOAT_MODE | GEN_SYSVALS |        \
    GEN_NAN | GEN_UNIFORM_FLOAT | GEN_FFRACT | GEN_FSUB | GEN_NARROW_F2I |                \
    GEN_APPROX_DENORMAL | GEN_F2I_HUGE | GEN_TRIG | GEN_CALLS | GEN_CALL_ABI |            \
    GEN_CALL_INDIRECT | GEN_CALL_LANES | GEN_CALL_CHAIN | GEN_CALL_RECURSION |            \
    GEN_CALL_TAIL | GEN_CALL_SGPR_VEC3 | GEN_CALL_CLOBBERED_LIVE |                        \
    GEN_CALL_RETURN_INPUT | GEN_CALL_EARLY_RETURN | GEN_CALL_AFTER_RETURN |          \
    GEN_CALL_CS_CHAIN | GEN_CALL_LOOP_RETURN | GEN_CALL_TAIL_DIVERGENT |   \
    GEN_CALL_NESTED_LOOP_RETURN | GEN_I64_ARITH | GEN_CONVERT_WIDE | GEN_SMALL_VECTOR |   \
    GEN_SMALL_SCALAR | GEN_VECTOR_SELECT | GEN_WIDE_VECTOR)
#define GEN_FEATURES_DEFAULT (GEN_FEATURES_SUPPORTED & ~GEN_FEATURES_OPEN_BUGS)

/* The name of feature bit i ("uniform-if"), NULL past the last. */
const char *gen_feature_name(unsigned bit);

/* Parses a feature list: a number (0x...), or comma-separated words, each `all`,
 * `default`, `none`, a feature name (added) or `-name` (removed), applied in order
 * starting from nothing. False with a message on an unknown word. */
bool gen_parse_features(const char *text, uint64_t *features, char *err, size_t errlen);

/* The program for a seed (malloc'ed, NUL-terminated; the caller frees it), or NULL when
 * out of memory. The same seed and features always give the same text. */
char *gen_program(uint64_t seed, uint64_t features);

#endif
