/* SPDX-License-Identifier: MIT */
/* Compiling a program into machine code, and the binary it produces. */
#ifndef ACO_COMPILE_H
#define ACO_COMPILE_H

#include "aco/aco_ir.h"

#ifdef __cplusplus
extern "C" {
#endif

enum aco_compile_flags {
   ACO_COMPILE_DISASSEMBLY = 1 << 0, /* fill aco_binary.disassembly */
   ACO_COMPILE_NO_OPT = 1 << 1,      /* skip optional optimizations */
   ACO_COMPILE_PRINT_IR = 1 << 2,    /* keep the machine IR after each pass in the binary
                                      * (aco_binary_representation, aco_statistics.h) */
};

typedef struct aco_compile_options {
   uint32_t struct_size; /* sizeof(aco_compile_options) */
   uint32_t flags;       /* aco_compile_flags */
   uint16_t max_sgprs;   /* 0: the target's maximum */
   uint16_t max_vgprs;   /* 0: the target's maximum */
   uint16_t min_waves;   /* waves per SIMD the code must allow; 0: no requirement */
   uint16_t reserved;
} aco_compile_options;

/* aco_symbol.flags: besides the aco_function_flags, the binary's stack depth is not
 * known (recursion or indirect calls among its functions). */
#define ACO_SYMBOL_DYNAMIC_STACK (1u << 31)

typedef struct aco_symbol {
   const char *name;
   uint32_t offset;     /* of the function's first instruction in code */
   uint32_t size;       /* bytes of code */
   uint16_t num_sgprs;  /* registers the function (not its callees) uses */
   uint16_t num_vgprs;
   uint32_t frame_size; /* stack bytes per lane */
   uint32_t flags;      /* aco_function_flags */
   /* stack bytes per lane of the deepest call path from this function through the
    * functions of its binary (its frame included); calls leaving the binary add theirs
    * when linked (aco_link) */
   uint32_t stack_depth;
} aco_symbol;

typedef enum aco_reloc_kind {
   ACO_RELOC_REL32_LO = 1, /* (S + A - P) low 32 bits, P = address of the fixed dword */
   ACO_RELOC_REL32_HI = 2, /* (S + A - P) high 32 bits */
   ACO_RELOC_ABS64 = 3,
} aco_reloc_kind;

/* A call to, or the address of, a function of another binary (docs/calls.md
 * "Separate compilation"): the dword at `offset` becomes the low or high half of
 * S + addend - P, S the function's address and P the dword's (PC-relative, from the end
 * of the s_getpc_b64 before it). aco_link resolves them. */
typedef struct aco_relocation {
   uint32_t offset;    /* byte offset in code of the dword(s) to fix */
   uint32_t kind;      /* aco_reloc_kind */
   const char *symbol; /* name of an external function */
   int64_t addend;
} aco_relocation;

typedef struct aco_config {
   uint16_t num_sgprs, num_vgprs;  /* allocated for the whole program (incl. callees) */
   uint32_t scratch_bytes_per_lane;/* deepest call path; see dynamic_stack */
   bool dynamic_stack;             /* recursion or unknown callees: size chosen by driver */
   uint32_t lds_bytes;
   uint32_t wave_size;
   uint32_t rsrc1, rsrc2, rsrc3;   /* COMPUTE_PGM_RSRC1/2/3 */
} aco_config;

typedef struct aco_statistics {
   uint32_t instructions;
   uint32_t code_bytes;
   uint32_t copies;
   uint32_t branches;
   uint32_t salu, valu, smem, vmem, lds;
   uint32_t sgpr_spills, sgpr_reloads, vgpr_spills, vgpr_reloads;
   uint32_t waits, nops;
} aco_statistics;

/* One allocation from the allocator given to aco_compile; free with aco_binary_destroy. */
typedef struct aco_binary {
   uint32_t struct_size;
   aco_target target;
   const uint8_t *code;
   uint32_t code_size;
   uint32_t num_symbols;
   const aco_symbol *symbols;
   uint32_t num_relocations;
   const aco_relocation *relocations;
   aco_config config;
   aco_statistics stats;
   const char *disassembly; /* NULL unless ACO_COMPILE_DISASSEMBLY */
   aco_allocator allocator; /* what it was allocated with */
   size_t allocation_size;  /* bytes of that one allocation */
} aco_binary;

/* Validates and compiles every function of the program. On failure *binary is NULL and
 * the message is on the program. */
ACO_API aco_status aco_compile(aco_program *program, const aco_compile_options *options,
                               const aco_allocator *allocator, aco_binary **binary);
ACO_API void aco_binary_destroy(aco_binary *binary);

/* Links binaries compiled apart for the same target into one, as if compiled together:
 * their code one after another (each keeps its own alignment), every relocation naming a
 * symbol of one of them resolved (others stay relocations of the result), symbols merged
 * (a name defined twice is an error), the configuration covering all of them (registers:
 * the most any uses; scratch: the deepest call path, dynamic with recursion, indirect
 * calls or relocations left; the entry's resource registers updated), statistics summed,
 * disassemblies concatenated. The result comes from `allocator` (NULL: malloc); on failure
 * *out is NULL and, if message is not NULL, a text saying why is written there. */
ACO_API aco_status aco_link(const aco_binary *const *binaries, uint32_t count,
                            const aco_allocator *allocator, aco_binary **out, char *message,
                            size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
