/* SPDX-License-Identifier: MIT */
/* The entry ABI (docs/entry-abi.md): where an entry function's inputs live, the resource
 * registers that describe it, and the emulator launch state derived from the same data. */
#ifndef ACO_ISEL_ENTRY_ABI_H
#define ACO_ISEL_ENTRY_ABI_H

#include "aco/aco.h"
#include "ir/ir.h"

#include <stdbool.h>
#include <stdint.h>

#define ACO_ENTRY_MAX_USER_SGPRS 16

struct aco_emu_launch;
struct air_interp_arg;

struct aco_entry_arg {
   bool in_block;        /* read from the argument block, else inline */
   uint8_t sgpr;         /* inline: first SGPR */
   uint8_t dwords;       /* SGPRs / block dwords it takes */
   uint32_t block_offset;/* in the argument block */
};

struct aco_entry_layout {
   unsigned num_user_sgprs;
   int scratch_sgpr;       /* GFX10.3 with stack objects: s[n:n+1] scratch base; else -1 */
   int argblock_sgpr;      /* the argument block pointer pair; -1 when inline */
   uint32_t argblock_size; /* bytes */
   int workgroup_id_sgpr[3]; /* -1: not read */
   int scratch_offset_sgpr;  /* with scratch_sgpr: the wave's private segment offset the
                              * hardware writes after the workgroup ids; else -1 */
   unsigned local_id_count;  /* 0..3: components x (, y (, z)) the code reads */
   bool local_id_packed;     /* GFX11+: v0 = z << 20 | y << 10 | x */
   uint32_t num_args;
   struct aco_entry_arg *args; /* one per parameter (arena of the caller) */
   uint32_t stack_bytes;       /* per lane: the stack objects, 16-byte rounded */
   uint32_t *stack_offsets;    /* per stack object */
};

/* Computes the layout of entry function f. args/stack_offsets come from `arena`. */
aco_status aco_entry_layout_compute(const struct aco_function *f, struct aco_arena *arena,
                                    struct aco_entry_layout *out);
/* The same for compiled code that uses scratch (stack objects or spill slots): on
 * GFX10.3 the scratch base is then passed even without stack objects. */
aco_status aco_entry_layout_compute_scratch(const struct aco_function *f, struct aco_arena *arena,
                                            bool uses_scratch, struct aco_entry_layout *out);

/* COMPUTE_PGM_RSRC1/2/3 for a program using num_vgprs VGPRs (before granules) and
 * lds_bytes of LDS. */
void aco_entry_rsrc(const struct aco_entry_layout *l, aco_target target, unsigned num_vgprs,
                    uint32_t scratch_bytes, uint32_t lds_bytes, aco_float_mode mode,
                    uint32_t rsrc[3]);

/* Dwords an argument of type t takes (each component rounded up to 32 bits). */
unsigned aco_entry_arg_dwords(aco_type t);

/* Scratch bytes per lane aco_entry_fill_launch gives a binary whose stack depth is
 * dynamic (recursion, indirect calls). */
#define ACO_ENTRY_DYNAMIC_STACK 16384u

/* Fills an emulator launch for the entry function f compiled into bin, with its
 * argument values (one per parameter, as the reference interpreter takes them). When the
 * layout uses an argument block, its bytes are written to argblock (argblock_size bytes,
 * which the caller maps at argblock_addr). grid and block are set from f's workgroup
 * size and grid. The scratch base SGPRs (GFX10.3) receive scratch_base. */
aco_status aco_entry_fill_launch(const struct aco_function *f, const aco_binary *bin,
                                 const struct air_interp_arg *args, const uint32_t grid[3],
                                 uint64_t argblock_addr, uint8_t *argblock,
                                 uint32_t argblock_size, uint64_t scratch_base,
                                 struct aco_emu_launch *launch);

/* Fills a hardware-style dispatch (struct aco_emu_dispatch) of the entry function f as a
 * driver would: the entry's offset and the RSRC registers from bin, the grid, the
 * workgroup size, the user data (the arguments inline or the argument block pointer as
 * aco_entry_fill_launch places them; on GFX10.3 the scratch ring's address first when
 * the entry takes one), and a scratch ring at scratch_base of scratch_waves slices, each
 * the binary's scratch bytes per lane (ACO_ENTRY_DYNAMIC_STACK for a dynamic stack) times
 * the wave size, rounded up to 256 bytes. The emulator derives everything else. */
struct aco_emu_dispatch;
aco_status aco_entry_fill_dispatch(const struct aco_function *f, const aco_binary *bin,
                                   const struct air_interp_arg *args, const uint32_t grid[3],
                                   uint64_t argblock_addr, uint8_t *argblock,
                                   uint32_t argblock_size, uint64_t scratch_base,
                                   uint32_t scratch_waves, struct aco_emu_dispatch *d);

#endif
