/* SPDX-License-Identifier: MIT */
/* A binary's statistics as a self-describing table, and its textual representations
 * (disassembly, machine IR), as a driver reports them (docs/statistics.md). */
#ifndef ACO_STATISTICS_H
#define ACO_STATISTICS_H

#include "aco/aco_compile.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aco_statistic_unit {
   ACO_STAT_COUNT = 0,     /* a number of things (instructions, spills) */
   ACO_STAT_BYTES = 1,
   ACO_STAT_REGISTERS = 2,
   ACO_STAT_CYCLES = 3,    /* an estimate (docs/statistics.md) */
   ACO_STAT_WAVES = 4,
} aco_statistic_unit;

typedef struct aco_statistic_info {
   uint32_t struct_size;    /* set by the caller: sizeof(aco_statistic_info) */
   uint32_t unit;           /* aco_statistic_unit */
   const char *name;        /* constant text, short: "VALU instructions" */
   const char *description; /* constant text, one sentence */
   uint64_t value;
} aco_statistic_info;

/* The number of statistics of every binary of this version of libaco (0 for NULL). The
 * list only grows: index i names the same statistic in later versions. */
ACO_API uint32_t aco_binary_statistic_count(const aco_binary *binary);
/* Fills *info with statistic `index`. ACO_ERROR_INVALID_ARGUMENT for a NULL binary or info,
 * a struct_size smaller than this version's, or an index past the count. */
ACO_API aco_status aco_binary_statistic(const aco_binary *binary, uint32_t index,
                                        aco_statistic_info *info);

typedef struct aco_representation_info {
   uint32_t struct_size;    /* set by the caller: sizeof(aco_representation_info) */
   uint32_t reserved;
   const char *name;        /* constant text: "Disassembly", "Machine IR" */
   const char *description; /* constant text */
   const char *text;        /* NUL-terminated, inside the binary: valid until it is destroyed */
} aco_representation_info;

/* The representations the binary carries: its disassembly with ACO_COMPILE_DISASSEMBLY,
 * the machine IR after each pass with ACO_COMPILE_PRINT_IR, in that order. */
ACO_API uint32_t aco_binary_representation_count(const aco_binary *binary);
ACO_API aco_status aco_binary_representation(const aco_binary *binary, uint32_t index,
                                             aco_representation_info *info);

#ifdef __cplusplus
}
#endif

#endif
