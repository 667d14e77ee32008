/* SPDX-License-Identifier: MIT */
/* The compile pipeline with its debugging switches (ACO_DEBUG), for aco_compile and the
 * tools. */
#ifndef ACO_API_COMPILE_H
#define ACO_API_COMPILE_H

#include "aco/aco.h"
#include "util/strbuf.h"

enum aco_debug_flags {
   ACO_DEBUG_VALIDATE_IR = 1 << 0,
   ACO_DEBUG_VALIDATE_RA = 1 << 1,
   ACO_DEBUG_NO_OPT = 1 << 2,
   ACO_DEBUG_NO_SCHED = 1 << 3,
};

struct aco_debug_options {
   uint32_t flags;             /* enum aco_debug_flags */
   char print_after[32];       /* a pass name, "all" or "" */
   char skip[32];              /* a pass name or "" */
   char stop_after[32];        /* a pass name or "": no binary, ACO_SUCCESS */
   struct aco_strbuf *print;   /* where print-after goes; NULL: stderr */
};

/* Parses an ACO_DEBUG string ("validateir,print-after=ra"); false on an unknown option
 * (the first one is named in `bad`; the known options around it are still applied). */
bool aco_debug_parse(const char *text, struct aco_debug_options *out, char bad[64]);
/* Appends the option table (name and description, one per line). */
void aco_debug_help(struct aco_strbuf *sb);

aco_status aco_compile_with(aco_program *p, const aco_compile_options *options,
                            const aco_allocator *allocator, const struct aco_debug_options *dbg,
                            aco_binary **binary);

#endif
