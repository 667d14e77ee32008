/* SPDX-License-Identifier: MIT */
/* Packaging compiled machine programs into one aco_binary. */
#ifndef ACO_API_BINARY_H
#define ACO_API_BINARY_H

#include "aco/aco.h"
#include "emit/assemble.h"
#include "mir/mir.h"
#include "target/latency.h"

struct aco_binary_parts;

/* The static cycle estimate of a binary, function by function (estimate.c,
 * docs/statistics.md). */
struct aco_estimate {
   double latency;                 /* weighted cycles of the blocks of every function */
   double usage[ACO_UNIT_COUNT];   /* weighted issue cycles of each unit */
};
/* Adds the lowered machine program p. */
void aco_estimate_add(struct aco_estimate *e, const struct aco_mprogram *p);
/* The binary's latency, inverse throughput and waves per SIMD. */
void aco_estimate_finish(const struct aco_estimate *e, aco_target target, uint32_t num_vgprs,
                         struct aco_binary_parts *parts);

struct fn_summary;

/* The binary of a program under construction. Each function is assembled when it is added,
 * so its machine program can be destroyed right after: the builder keeps the code, the
 * symbols, call fixups, configuration, statistics and disassembly, never a machine
 * program. Everything is on the program's allocator until aco_binary_builder_finish. */
struct aco_binary_builder {
   aco_program *prog;
   aco_status status; /* the first error: later calls do nothing and finish returns it */
   bool want_disasm;
   struct aco_strbuf dis;
   struct aco_assembly as;
   const char **fnames; /* per function: its name, for the disassembly of calls */
   aco_symbol *syms;    /* one per function added, in function order */
   uint32_t nsym;
   size_t names;   /* bytes of the symbols' names, NULs included */
   aco_config cfg; /* the maxima over the functions so far */
   const struct aco_function *entry;
   /* whether instruction selection gave the entry a scratch base input (GFX10.3: also
    * when a retry for spilling forced it and the final code uses no scratch) */
   bool entry_scratch_input;
   uint32_t *fix_begin;   /* per function: its first call fixup in as.fixups */
   uint32_t *func_offset; /* per function: its byte offset in the code */
   struct fn_summary *fn; /* per function: what the stack depths need */
   uint32_t next;         /* the functions before this one were added or skipped */
   struct aco_estimate est;
   const char *ir; /* the machine IR after each pass (ACO_COMPILE_PRINT_IR), or NULL */
};

aco_status aco_binary_builder_init(struct aco_binary_builder *b, aco_program *prog,
                                   const aco_compile_options *options);
/* Assembles p, the compiled (lowered) machine program of function `function`, after the
 * code of the functions added before. Functions are added in increasing order; those never
 * added (declarations, functions without a body) have no code. */
aco_status aco_binary_builder_add(struct aco_binary_builder *b, uint32_t function,
                                  struct aco_mprogram *p);
/* Resolves the calls, packages everything into one binary from `allocator` and frees the
 * builder (also on an error). */
aco_status aco_binary_builder_finish(struct aco_binary_builder *b, const aco_allocator *allocator,
                                     aco_binary **out);
/* Frees the builder without making a binary. */
void aco_binary_builder_discard(struct aco_binary_builder *b);

#endif
