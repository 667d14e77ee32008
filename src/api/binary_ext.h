/* SPDX-License-Identifier: MIT */
/* What a binary carries beyond struct aco_binary (whose layout is part of the ABI): a
 * private trailer right after the struct in the same allocation, found through
 * aco_binary_ext, and the one function that lays a binary out in its allocation. */
#ifndef ACO_API_BINARY_EXT_H
#define ACO_API_BINARY_EXT_H

#include "aco/aco.h"

#define ACO_BINARY_EXT_MAGIC 0x3158452d4f434141ull /* "AACO-EX1" */

struct aco_binary_ext {
   uint64_t magic;
   uint64_t latency;        /* estimated cycles of one wave (docs/statistics.md) */
   uint64_t inv_throughput; /* estimated cycles per wave with the SIMD full of waves */
   uint32_t waves;          /* waves per SIMD the register counts allow */
   uint32_t reserved;
   const char *ir;          /* the machine IR after each pass; NULL unless asked for */
};

/* The trailer of a binary that libaco made, NULL for one without it. */
const struct aco_binary_ext *aco_binary_ext(const aco_binary *binary);

/* Everything a binary holds; the pointers are copied into its allocation. */
struct aco_binary_parts {
   aco_target target;
   const uint8_t *code;
   uint32_t code_size;
   const aco_symbol *symbols;
   uint32_t num_symbols;
   const aco_relocation *relocations;
   uint32_t num_relocations;
   aco_config config;
   aco_statistics stats;
   const char *disassembly; /* NULL: none */
   const char *ir;          /* NULL: none */
   uint64_t latency, inv_throughput;
   uint32_t waves;
};

/* One allocation from `allocator` (never NULL here) holding the binary and its trailer. */
aco_status aco_binary_pack(const struct aco_binary_parts *parts, const aco_allocator *allocator,
                           aco_binary **out);

/* Where the trailer ends in an allocation laid out by another function (aco_link), and how
 * such a function fills it in. */
size_t aco_binary_ext_end(void);
void aco_binary_ext_set(aco_binary *binary, uint64_t latency, uint64_t inv_throughput,
                        uint32_t waves);

/* Waves per SIMD a program with these register counts allows on the target's chip. */
uint32_t aco_binary_waves(aco_target target, uint32_t num_vgprs);

#endif
