/* SPDX-License-Identifier: MIT */
/* Execution tests: a kernel file (tests/exec/kernels/NAME.air) carries its dispatch in
 * comment lines at the top:
 *
 *   ; buffer NAME BYTES [zero|iota|random|f32ramp [scratchpad]]   memory the kernel reads
 *                         or writes; a scratchpad is not compared (it holds what differs
 *                         between the interpreter and compiled code: function addresses)
 *   ; words NAME V...     the first (or next) 32-bit words of buffer NAME, over its fill
 *                         (C integer syntax; several lines continue one another)
 *   ; expect NAME OFFSET V...   words the run must leave at byte OFFSET of buffer NAME
 *                         (on the interpreter and the emulator alike)
 *   ; args VALUE...      one per entry parameter: a buffer name (its address), an integer
 *                         (decimal or 0x hex) or f:FLOAT
 *   ; grid X Y Z          workgroups (default 1 1 1)
 *   ; skip LEVEL[/WAVE] REASON   do not run on gfx1030/gfx1100/gfx1200 (in wave32 or 64
 *                         only with /32, /64); the reason is printed
 *   ; link FILE           another program (a path relative to the kernel file's
 *                         directory), compiled apart and linked after the kernel's own
 *
 * With link lines the kernel is separately compiled programs (docs/calls.md, "Separate
 * compilation"): the kernel file's own program, if it has a target line (a file of
 * comments only is a spec for the programs it links), then each linked file in order.
 * Each is compiled by its own aco_compile and checked with llvm-mc-19; aco_link puts
 * them together (the first one's entry is the kernel). The interpreter runs their merge:
 * the texts one after another without the target lines after the first and without the
 * declarations of functions one of them defines. A function defined twice, or declared
 * and defined nowhere, is a failure.
 *
 * The kernel is retargeted to each level and wave size, compiled, run on the emulator
 * (every detector on) and on the reference interpreter, and every buffer byte compared
 * (values the interpreter tags as approximate are compared within their ULP bound). */
#ifndef ACO_TESTS_EXEC_UTIL_H
#define ACO_TESTS_EXEC_UTIL_H

#include "aco/aco.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXEC_MAX_BUFFERS 8
#define EXEC_MAX_LINKS 8

#define EXEC_MAX_WORDS 64
#define EXEC_MAX_EXPECTS 8

struct exec_buffer {
   char name[32];
   uint32_t size;
   char init[16];
   bool scratchpad; /* not compared */
   uint32_t words[EXEC_MAX_WORDS]; /* `words` lines */
   unsigned num_words;
};

struct exec_expect {
   unsigned buffer; /* index in exec_spec.buffers */
   uint32_t offset;
   uint32_t words[16];
   unsigned num_words;
};

struct exec_spec {
   struct exec_buffer buffers[EXEC_MAX_BUFFERS];
   unsigned num_buffers;
   char args[16][48];
   unsigned num_args;
   uint32_t grid[3];
   char skip[3][2][160]; /* per level index and wave (32, 64): reason, "" to run */
   /* per level index and wave: the compile must fail as unsupported with a message
    * containing this text ("" to run) */
   char unsupported[3][2][160];
   char links[EXEC_MAX_LINKS][128];
   bool link_llc[EXEC_MAX_LINKS]; /* `; link-llc FILE`: that part is built by llc-19 */
   unsigned num_links;
   struct exec_expect expects[EXEC_MAX_EXPECTS];
   unsigned num_expects;
};

/* The file's text (malloc'ed, NUL-terminated) or NULL. */
char *exec_read_file(const char *path, size_t *len);
/* Reads kernel `arg`: a path as given when absolute or when ACO_TEST_SRCDIR is not set,
 * else a file of tests/exec/kernels/. NULL (and the path in `path`) when unreadable. */
char *exec_read_kernel(const char *arg, char *path, size_t path_len, size_t *len);
/* A program with functions besides its entry is checked against each callee's own ABI at
 * every call: builds the table (*callees, freed with aco_emu_callees_free) and points the
 * launch to it. False with a message on failure. */
struct aco_emu_launch;
struct aco_emu_callee;
bool exec_setup_callees(aco_program *p, const aco_binary *bin, struct aco_emu_launch *launch,
                        struct aco_emu_callee **callees, char *msg, size_t msglen);
bool exec_parse_spec(const char *text, struct exec_spec *spec, char *err, size_t errlen);
/* The text with the target line replaced (malloc'ed). */
char *exec_retarget(const char *text, aco_gfx_level level, unsigned wave);

struct air_interp_buffer;
struct air_interp_arg;

/* The initial contents of a buffer (zero, iota, random, f32ramp). */
void exec_fill(uint8_t *d, uint32_t size, const char *init);
/* Allocates each buffer of the spec twice (the interpreter's and the emulator's copy,
 * freed by the caller), fills both, and binds the interpreter's at its address in ib. */
bool exec_setup_buffers(const struct exec_spec *spec, uint8_t **interp_mem, uint8_t **emu_mem,
                        struct air_interp_buffer *ib, char *msg, size_t msglen);
/* The entry's 16 argument values from the spec's `args` (a buffer name is its address). */
bool exec_setup_args(const struct exec_spec *spec, const aco_function *entry,
                     const struct air_interp_buffer *ib, struct air_interp_arg *args,
                     char *msg, size_t msglen);
/* Every buffer byte of the interpreter against the other run (`what` names it in the
 * message, followed by `extra`); approximate values within their ULP tags. */
bool exec_compare(const struct exec_spec *spec, const struct air_interp_buffer *ib,
                  uint8_t *const *interp_mem, uint8_t *const *emu_mem, const char *what,
                  const char *extra, char *msg, size_t msglen);

/* Register limits for the compiles of exec_run (0: the target's), and the spill
 * statistics of the last successful compile: SGPR spills, SGPR reloads, VGPR spills,
 * VGPR reloads (dwords), and the scratch bytes per lane. */
void exec_set_limits(unsigned max_sgprs, unsigned max_vgprs);
/* Whether exec_run reassembles the disassembly with llvm-mc-19 (default on). */
void exec_set_asm_check(bool on);
void exec_last_spills(uint32_t stats[4], uint32_t *scratch_bytes);
/* A mutation applied by exec_run to a copy of the compiled code before the emulator
 * loads it (NULL: none); it returns how many instructions it changed. The count of the
 * last run is exec_last_patched(). */
void exec_set_code_patch(unsigned (*patch)(uint32_t *words, size_t num_words, aco_target t));
unsigned exec_last_patched(void);
/* The emulator's statistics (executed instructions, modeled cycles) of the last run of
 * exec_run that got as far as running. */
struct aco_emu_stats;
void exec_last_run_stats(struct aco_emu_stats *out);
/* Compiles and runs one kernel on one target; false with a message on any difference.
 * name: the kernel file's path (link files are found beside it). dump: print the
 * buffers the emulator run left (the first 64 dwords of each). */
bool exec_run(const char *name, const char *text, const struct exec_spec *spec,
              aco_gfx_level level, unsigned wave, char *msg, size_t msglen, uint32_t *instrs,
              bool dump);

#endif
