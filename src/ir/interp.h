/* SPDX-License-Identifier: MIT */
/* The reference interpreter of the front IR: what a program means (docs/ir-semantics.md).
 *
 * It runs an entry function over a grid of workgroups with the SIMT model of the
 * target (waves of 32 or 64 lanes, an active mask, structured divergent control flow,
 * subgroup operations per wave), on memory the caller registers. Every execution test
 * compares what compiled code did on the ISA emulator with what this computed. It uses
 * no compiler pass and stops with a clear message (function, instruction, workgroup,
 * wave, lane) on anything whose result would not be defined. */
#ifndef ACO_IR_INTERP_H
#define ACO_IR_INTERP_H

#include "ir/ir.h"

/* Why a run stopped; AIR_FAULT_NONE means it completed. */
enum air_fault {
   AIR_FAULT_NONE = 0,
   AIR_FAULT_BAD_ARGUMENT,   /* the caller's request: entry, arguments, options, buffers */
   AIR_FAULT_INVALID_IR,     /* the program does not validate */
   AIR_FAULT_OUT_OF_MEMORY,
   AIR_FAULT_UNSUPPORTED,    /* e.g. a call to a function only declared in this program */
   AIR_FAULT_OUT_OF_BOUNDS,  /* global address outside every buffer, shared/stack overrun */
   AIR_FAULT_MISALIGNED,     /* an address below the alignment the instruction states */
   AIR_FAULT_UNDEFINED,      /* reading a value or memory byte never written */
   AIR_FAULT_STEP_LIMIT,     /* max_steps instructions executed (runaway loop?) */
   AIR_FAULT_CALL_DEPTH,     /* calls nested deeper than max_call_depth */
   AIR_FAULT_BAD_POINTER,    /* an indirect call through a pointer naming no fitting function */
   AIR_FAULT_DIVERGENCE,     /* a uniform requirement broken: barrier, uniform argument,
                                read_lane index, load_uniform address */
   AIR_FAULT_COHERENCE,      /* load_uniform of bytes the run has written */
   AIR_FAULT_COUNT
};

/* A short name of a fault ("out of bounds"). */
const char *air_fault_name(enum air_fault fault);

/* Memory the program can reach through 64-bit addresses: host bytes at an address the
 * caller chooses. Buffers must not overlap and must lie below AIR_INTERP_FUNC_ADDR_BASE. */
struct air_interp_buffer {
   uint64_t address;
   uint64_t size;
   uint8_t *data;
   /* Set by the interpreter, released by air_interp_memory_finish(): */
   uint8_t *written; /* per byte, 1 once the program stored to it; NULL: never written */
   uint8_t *ulp;     /* per byte: 0 exact; N (1..253) part of a value within N ULP of the
                        exact result of an approximate operation; 254 a NaN whose sign and
                        payload are unspecified; 255 derived from an approximate value by
                        further arithmetic (no bound). NULL: all exact. */
};

struct air_interp_memory {
   struct air_interp_buffer *buffers;
   uint32_t num_buffers;
};

/* Frees what the interpreter attached to the buffers (written/ulp shadows). */
void air_interp_memory_finish(struct aco_program *p, struct air_interp_memory *mem);

/* The address func_addr gives function number `index` of its program. */
#define AIR_INTERP_FUNC_ADDR_BASE UINT64_C(0xffff000000000000)
static inline uint64_t
air_interp_function_address(uint32_t index)
{
   return AIR_INTERP_FUNC_ADDR_BASE + UINT64_C(0x100) * ((uint64_t)index + 1);
}

/* One argument of the entry function: its components, each zero-extended to 64 bits
 * (floats as their bits). Entry parameters are uniform: the same in every lane. */
struct air_interp_arg {
   uint64_t c[16];
};

typedef void (*air_interp_trace_fn)(void *user, const char *line);

struct air_interp_options {
   uint32_t grid[3];        /* workgroups in x, y, z; 0 means 1 */
   uint64_t max_steps;      /* instructions executed in all (per workgroup-wide step); 0: 10^7 */
   uint32_t max_call_depth; /* nested calls (tail calls do not nest); 0: 256 */
   uint32_t lds_size;       /* shared memory bytes per workgroup; 0: the entry's
                             * shared_size, 65536 when it declares none */
   air_interp_trace_fn trace; /* optional: one line per executed instruction and lane */
   void *trace_user;
};

struct air_interp_result {
   enum air_fault fault;
   uint64_t steps;
   uint32_t max_depth; /* deepest call nesting reached */
};

/* Runs `entry` (an entry function of p) on the grid. `args` has one element per entry
 * parameter. On a fault the program's message (aco_program_message) names it: what went
 * wrong, the function, the instruction, the workgroup, wave and lane, and the calls that
 * led there. The buffers keep whatever the program wrote before the fault. */
enum air_fault air_interp_run(struct aco_program *p, struct aco_function *entry,
                              const struct air_interp_options *options,
                              struct air_interp_memory *mem, const struct air_interp_arg *args,
                              struct air_interp_result *result);

/* Whether `actual` is within `ulp` units in the last place of `expected` for a float of
 * `bits` bits (both given as bits): NaN matches only NaN, infinities and zeros only
 * themselves or neighbours within the bound (the ULP of the expected value is used). */
bool air_float_within_ulp(unsigned bits, uint64_t expected, uint64_t actual, unsigned ulp);

#endif
