/* SPDX-License-Identifier: MIT */
/* The harness of the llc-19 kernel tests: the kernel table (kernels.c: launch shape,
 * inputs and the expected output computed in plain C) and the steps shared by the
 * kernel and mutation tests (harness.c: compile with llc-19 and llvm-mc-19 into a
 * cache, load with the ELF loader, run on the emulator). README.md says more. */
#ifndef ACO_TESTS_EMU_LLVM_HARNESS_H
#define ACO_TESTS_EMU_LLVM_HARNESS_H

#include "emu/emu.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every kernel is `amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr inreg %in,
 * i32 inreg %wg, i32 inreg %n, i32 %lid)`: out and in are buffers, wg the workgroup id
 * (x), n a uniform value and lid the packed local id. One-dimensional launches. */
struct llvm_kernel {
   const char *name; /* tests/emu/llvm/<name>.ll */
   uint32_t block, grid;
   uint32_t in_words, out_words;
   bool calls; /* run with the ABI check */
   /* Fills the input and the output's initial contents, and sets n. */
   void (*init)(uint32_t *in, uint32_t *out, uint32_t *n);
   /* Computes the expected output into exp (which holds the initial output). */
   void (*expect)(const uint32_t *in, uint32_t n, unsigned wave_size, uint32_t *exp);
};

extern const struct llvm_kernel llvm_kernels[];
extern const unsigned llvm_num_kernels;
const struct llvm_kernel *llvm_find_kernel(const char *name);

struct llvm_config;

/* Runs that fail because of the emulator, not the kernel (kernels.c): each with the
 * instruction and the expected and actual values. cpu NULL: every target; wave_size 0:
 * both. */
struct llvm_known_failure {
   const char *kernel, *cpu;
   unsigned wave_size;
   const char *reason;
};
extern const struct llvm_known_failure llvm_known_failures[];
/* The reason a run is known to fail, or NULL. */
const char *llvm_known_failure(const char *kernel, const struct llvm_config *c);

struct llvm_config {
   aco_gfx_level level;
   const char *cpu;
   unsigned wave_size;
};

extern const struct llvm_config llvm_configs[];
extern const unsigned llvm_num_configs;
/* "gfx1100" + "32" or "64": NULL if unknown. */
const struct llvm_config *llvm_find_config(const char *cpu, unsigned wave_size);

/* False (with the reason) when llc-19 or llvm-mc-19 cannot be run. */
bool llvm_tools_present(char *why, size_t why_size);

/* Compiles tests/emu/llvm/<name>.ll for the config into the cache (reused while newer
 * than the .ll): llc-19 to assembly, llvm-mc-19 to an object. s_path/o_path (PATH_MAX
 * bytes) receive the files. */
bool llvm_build(const struct llvm_kernel *k, const struct llvm_config *c, char *s_path,
                char *o_path, char *msg, size_t msg_size);
/* Assembles s_path into o_path with llvm-mc-19 for the config. */
bool llvm_assemble(const struct llvm_config *c, const char *s_path, const char *o_path,
                   char *msg, size_t msg_size);

/* Reads a whole file (free() the result). */
void *llvm_read_file(const char *path, size_t *size);
bool llvm_write_file(const char *path, const void *data, size_t size);

/* The cache directory (created on first use). */
const char *llvm_cache_dir(void);

enum llvm_result {
   LLVM_OK,        /* ran, every output word as expected */
   LLVM_MISMATCH,  /* ran without an error, some output word differs */
   LLVM_RUN_ERROR, /* the emulator reported an error (a detector fired) */
   LLVM_LOAD_ERROR /* the loader or the setup failed */
};

/* Runs the object file contents on the emulator with the kernel's buffers (input and
 * initial output from k->init) and compares every output word with k->expect. msg names
 * the error or the first mismatches. */
enum llvm_result llvm_run_and_check(const struct llvm_kernel *k, const struct llvm_config *c,
                                    const void *elf, size_t elf_size, bool abi_check,
                                    char *msg, size_t msg_size);

#endif
