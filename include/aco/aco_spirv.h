/* SPDX-License-Identifier: MIT */
/* SPIR-V in: a Vulkan compute shader (GLCompute, Shader capability) translated into a
 * program of the front IR through the builder API. docs/spirv.md lists what is covered and
 * defines the resource layout the entry function receives. */
#ifndef ACO_SPIRV_H
#define ACO_SPIRV_H

#include "aco/aco_ir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACO_SPIRV_MAGIC 0x07230203u

/* A specialization constant's value: the low bits of `value` as the constant's type
 * (booleans: 0 or not 0). */
typedef struct aco_spirv_spec {
   uint32_t id; /* SpecId decoration */
   uint64_t value;
} aco_spirv_spec;

/* Where a descriptor binding's entry is in the descriptor table. */
typedef struct aco_spirv_binding {
   uint32_t set, binding;
   uint32_t slot; /* the entry is at byte 16 * slot of the table */
} aco_spirv_binding;

/* Default: slot = set * ACO_SPIRV_SET_STRIDE + binding (binding < the stride, set < 8). */
#define ACO_SPIRV_SET_STRIDE 32u
/* Push constant bytes the entry receives as parameters (one i32 each 4 bytes). */
#define ACO_SPIRV_MAX_PUSH_BYTES 128u

typedef struct aco_spirv_options {
   uint32_t struct_size;      /* sizeof(aco_spirv_options) */
   const char *entry;         /* the OpEntryPoint's name; NULL: the only GLCompute entry point */
   const char *function_name; /* name of the entry function built; NULL: "main" */
   uint32_t num_specs;
   const aco_spirv_spec *specs;
   /* Explicit table slots; when num_bindings is 0 the default above applies. A binding
    * the shader uses and the list does not name is an error. */
   uint32_t num_bindings;
   const aco_spirv_binding *bindings;
} aco_spirv_options;

/* What the entry function expects, for the driver (or a test) to fill its parameters:
 * parameter 0 is the descriptor table address (a ptr), then the three workgroup counts
 * when num_workgroups_param is set, then push_dwords i32 parameters holding the push
 * constant bytes in order. */
typedef struct aco_spirv_layout {
   uint32_t workgroup_size[3];
   bool num_workgroups_param; /* parameters 1..3: the dispatch's workgroup counts */
   uint32_t first_push_param;
   uint32_t push_dwords;
   uint32_t shared_bytes;
} aco_spirv_layout;

/* Translates `words` (num_words 32-bit words, host byte order) into a new entry function
 * of `program` (whose target the shader is built for). Errors: ACO_ERROR_INVALID_ARGUMENT
 * for a malformed module, ACO_ERROR_UNSUPPORTED for what is not covered, each with a
 * message written to `message` (message_size bytes, may be 0) naming the word offset and
 * the opcode or capability. On failure the program may hold a partly built function:
 * destroy it. layout may be NULL. */
ACO_API aco_status aco_spirv_translate(aco_program *program, const uint32_t *words,
                                       size_t num_words, const aco_spirv_options *options,
                                       aco_function **entry, aco_spirv_layout *layout,
                                       char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
