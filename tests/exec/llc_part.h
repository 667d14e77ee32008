/* SPDX-License-Identifier: MIT */
/* Parts of a kernel built by llc-19 instead of libaco (`; link-llc FILE`, exec_util.h):
 * the part is translated to LLVM IR (air_emit_llvm), compiled by llc-19 into a relocatable
 * object (cached), and the object read back as an aco_binary that aco_link takes like one
 * of libaco's. */
#ifndef ACO_TESTS_LLC_PART_H
#define ACO_TESTS_LLC_PART_H

#include "aco/aco_compile.h"

#include <stdbool.h>
#include <stddef.h>

/* llc-19 -O2 on the module `ll` for cpu/wave into $ACO_LLVM_CROSS_CACHE (default
 * ./llvm-cross-cache), under a hash of the module and the options; o_path (PATH_MAX bytes)
 * names the object. */
bool exec_compile_llc(const char *name, const char *ll, const char *cpu, unsigned wave,
                      char *o_path, char *msg, size_t msglen);

/* An ELF relocatable object of llc's as a binary: its .text as the code, its functions as
 * symbols (flags 0, register counts the whole file: the object does not say), its
 * R_AMDGPU_REL32_LO/HI relocations (REL or RELA) as relocations. Free with
 * aco_binary_destroy. */
bool exec_binary_from_object(const void *elf, size_t size, aco_target target, aco_binary **out,
                             char *msg, size_t msglen);

/* Part `p` through air_emit_llvm, llc-19 and exec_binary_from_object. */
bool exec_llc_part(aco_program *p, const char *name, aco_binary **out, char *msg, size_t msglen);

/* The kernel (with its dispatch spec) compiled by llc-19 from its air_emit_llvm
 * translation, run on the emulator (every detector, the ABI check included) and compared
 * byte for byte with the interpreter (docs/emit-llvm.md, "Checked by execution"); the
 * emulator's statistics of the run in *stats (may be NULL). False with a message. */
struct exec_spec;
struct aco_emu_stats;
bool exec_run_llc(const char *name, const char *text, const struct exec_spec *spec,
                  aco_gfx_level level, unsigned wave, char *msg, size_t msglen,
                  struct aco_emu_stats *stats);

/* Measuring instead of testing (exec-timing): exec_run_llc does not check llc's calling
 * convention at every call (the check is not precise on every save llc makes of a
 * clobbered register yet) and accepts a kernel that leaves its buffers as they were. The
 * bytes are compared with the interpreter all the same. Default off. */
void exec_set_llc_measure(bool on);

#endif
