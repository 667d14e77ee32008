/* SPDX-License-Identifier: MIT */
/* The ISA emulator: runs machine code (decoded from bytes) of gfx1030, gfx1100 and
 * gfx1200 in wave32 and wave64 on the CPU, with detectors for missing waits, hazards,
 * out-of-bounds accesses and ABI violations. Used by tests and aco-run; never by
 * aco_compile. Every error carries the PC, the disassembly and the wave. */
#ifndef ACO_EMU_H
#define ACO_EMU_H

#include "aco/aco_compile.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct aco_emu;

enum aco_emu_mem_flags {
   ACO_EMU_MEM_READONLY = 1 << 0, /* stores fault */
};

/* How the launch provides the local invocation id. */
enum aco_emu_local_id {
   ACO_EMU_LOCAL_ID_NONE = 0,
   ACO_EMU_LOCAL_ID_THREE_VGPRS, /* x, y, z in local_id_vgpr, +1, +2 */
   ACO_EMU_LOCAL_ID_PACKED,      /* z << 20 | y << 10 | x in local_id_vgpr */
};

#define ACO_EMU_MAX_USER_SGPRS 32

/* A calling convention as the ABI check sees it (docs/emulator.md). Bit n of a set is
 * SGPR n (0..105) or VGPR n (0..255). At a call (s_swappc_b64, s_call_b64):
 *  - preserved registers are snapshotted in all lanes and must be equal at the return;
 *  - argument registers carry values into and out of the callee: not poisoned at the
 *    call, poisoned (in the lanes active at the call) at the return unless written;
 *  - every other SGPR in clobbered_sgprs and every VGPR that is neither preserved nor an
 *    argument is poisoned in the lanes active at the call: garbage, in the callee and in
 *    the caller after the return; what is computed from it is garbage too, and using
 *    garbage as a memory address or data, a branch condition, a jump target, exec or a
 *    register index is an error (as is garbage in a preserved register at the return);
 *  - SGPRs in no set are reserved (neither poisoned nor compared: s0-s3, the scratch
 *    descriptor of llc's gfx1030 code);
 *  - the inactive lanes of every VGPR are snapshotted and compared at the return;
 *  - exec is compared; vcc, scc and m0 are poisoned when clobber_vcc_scc_m0 is set;
 *  - inside the callee, preserved registers and inactive lanes are not poisoned (it may
 *    save them); the return gives them back the poison they had before the call.
 * The return is the s_setpc_b64 to the address the call saved. */
struct aco_emu_abi {
   uint64_t preserved_sgprs[2], argument_sgprs[2], clobbered_sgprs[2];
   uint64_t preserved_vgprs[4], argument_vgprs[4];
   /* results that are inputs too (libaco's `return` parameters): not poisoned at the
    * call, and where the callee did not write them they keep the caller's value */
   uint64_t result_sgprs[2], result_vgprs[4];
   bool clobber_vcc_scc_m0;
   uint8_t return_address_sgpr; /* first of the pair (s30) */
   uint8_t stack_pointer_sgpr;  /* s32 */
   /* an amdgpu_cs_chain function: entered only by an s_setpc_b64 outside any call (at
    * stack depth 0), never called; nothing is preserved for anyone (on gfx1030 s[48:51]
    * pass through when they hold the wave's scratch descriptor, docs/emulator.md) */
   bool chain;
};

/* A function of the loaded code and the convention its callers and it agree on. With a
 * table of them in the launch, the ABI check takes each call's (and tail call's) ABI from
 * the entry of its target instead of launch.abi. */
struct aco_emu_callee {
   uint32_t offset;  /* byte offset of its first instruction in the code (aco_symbol.offset) */
   const char *name; /* for messages */
   struct aco_emu_abi abi;
};

/* llc's amdgpu_gfx convention (../shared/reference/llvm-amdgpu-calling-conventions.md):
 * preserved s4-s34, s64-s105, v40-47, v56-63, ... (8 of every 16 from v40); arguments
 * and results v0-v31; clobbered s35-s63, vcc, scc, m0; reserved s0-s3. */
void aco_emu_abi_amdgpu_gfx(struct aco_emu_abi *abi);

/* The callee table of a libaco binary: one entry per symbol that is a function of `prog`
 * other than an entry (matched by name), its ABI made of the ABI's preserved registers
 * plus the registers of the parameters the function writes back (preserved), those of
 * its other parameters (arguments) and every other SGPR (clobbered); registers at or
 * above the ABI's callee_max count as preserved. Names point into the symbols. Free
 * *out with aco_emu_callees_free. On failure the message is on the program. */
aco_status aco_emu_callees_for_symbols(const aco_allocator *a, aco_program *prog,
                                       const aco_symbol *syms, unsigned num_syms,
                                       struct aco_emu_callee **out, unsigned *num);
aco_status aco_emu_callees_for_binary(const aco_allocator *a, aco_program *prog,
                                      const aco_binary *bin, struct aco_emu_callee **out,
                                      unsigned *num);
void aco_emu_callees_free(const aco_allocator *a, struct aco_emu_callee *callees);

/* One dispatch of an entry point: the initial register state follows docs/entry-abi.md
 * (the entry ABI layer fills this struct for libaco's code; tests fill it for llc's). */
struct aco_emu_launch {
   uint32_t entry;                /* byte offset of the entry in the code */
   uint32_t grid[3];              /* workgroups */
   uint32_t block[3];             /* invocations per workgroup */
   uint16_t num_sgprs, num_vgprs; /* allocation: an access beyond it is an error */
   uint32_t user_sgprs[ACO_EMU_MAX_USER_SGPRS]; /* s0.. */
   unsigned num_user_sgprs;
   int8_t workgroup_id_sgpr[3];   /* SGPR receiving the workgroup id x/y/z, -1: none */
   uint8_t local_id;              /* enum aco_emu_local_id */
   uint8_t local_id_vgpr;
   uint32_t scratch_bytes_per_lane;
   uint32_t lds_bytes;
   uint64_t step_limit;           /* instructions per wave; 0: a default */
   bool abi_check;                /* poison/snapshot at every call and return */
   bool trace;                    /* print each executed instruction to the trace sink */
   const struct aco_emu_abi *abi; /* with abi_check; NULL: aco_emu_abi_amdgpu_gfx */
   /* With abi_check, when num_callees > 0: every call and every s_setpc_b64 that is not a
    * return must target one of these (docs/emulator.md); launch.abi is then unused. */
   const struct aco_emu_callee *callees;
   unsigned num_callees;
   bool mode_set;                 /* else MODE starts as 0xf0 (docs/emulator.md) */
   uint8_t mode;                  /* initial MODE[7:0]: round [3:0], denorm [7:4] */
   /* Filled by aco_emu_dispatch_run (a launch filled by hand leaves them 0):
    * local_id_count: the local id components the hardware writes (1..3); 0: all three.
    * scratch_wave_bytes: the scratch ring of the dispatch, scratch_waves slices of
    * scratch_wave_bytes at scratch_base; wave n uses slice n % scratch_waves (its
    * scratch_bytes_per_lane is then scratch_wave_bytes / wave size) and, on gfx1030,
    * must address scratch through a FLAT_SCRATCH equal to its slice's address.
    * 0: every wave has scratch_bytes_per_lane of its own at no address.
    * scratch_offset_set: the slice's byte offset in the ring goes to SGPR
    * scratch_offset_sgpr (the private segment wave offset of gfx1030).
    * flat_scratch_init: FLAT_SCRATCH starts as the slice's address (architected flat
    * scratch, GFX11+). */
   uint8_t local_id_count;
   bool scratch_offset_set, flat_scratch_init;
   uint8_t scratch_offset_sgpr;
   uint64_t scratch_base;
   uint32_t scratch_wave_bytes, scratch_waves;
};

/* A dispatch as a driver programs it (docs/emulator.md "Hardware-style dispatch"): the
 * emulator derives each wave's initial state from these alone, as the hardware does:
 * COMPUTE_PGM_RSRC1 (VGPR blocks, FLOAT_MODE), COMPUTE_PGM_RSRC2 (SCRATCH_EN, USER_SGPR,
 * TGID_X/Y/Z_EN, TIDIG_COMP_CNT, LDS_SIZE), the user data registers, the grid and
 * workgroup size, and the scratch ring (COMPUTE_TMPRING_SIZE's wave count and wave
 * size, and the ring's address, which a gfx1030 driver passes in user data). */
struct aco_emu_dispatch {
   uint32_t entry;                /* byte offset of the entry in the code (COMPUTE_PGM_LO) */
   uint32_t rsrc1, rsrc2, rsrc3;  /* COMPUTE_PGM_RSRC1/2/3 */
   uint32_t grid[3];              /* workgroups */
   uint32_t block[3];             /* invocations per workgroup (COMPUTE_NUM_THREAD_X/Y/Z) */
   uint32_t user_data[ACO_EMU_MAX_USER_SGPRS]; /* COMPUTE_USER_DATA_0.. */
   uint64_t scratch_base;         /* GPU address of the scratch ring */
   uint32_t scratch_wave_bytes;   /* bytes of one wave's slice (a multiple of 256) */
   uint32_t scratch_waves;        /* slices in the ring: at least the waves of a workgroup */
   uint64_t step_limit;           /* as in aco_emu_launch */
   bool abi_check, trace;
   const struct aco_emu_abi *abi;
   const struct aco_emu_callee *callees;
   unsigned num_callees;
};

/* aco_emu_create: an emulated device for one target. The allocator may be NULL. */
struct aco_emu *aco_emu_create(const aco_allocator *a, aco_target target);
void aco_emu_destroy(struct aco_emu *emu);

/* Maps host memory at a GPU virtual address (no overlap with other mappings). The
 * emulator reads and writes it directly. */
aco_status aco_emu_map(struct aco_emu *emu, uint64_t gpu_addr, void *host, size_t size,
                       unsigned flags);
/* The code to run, placed at gpu_addr (also mapped read-only). Copied. */
aco_status aco_emu_load_code(struct aco_emu *emu, const void *code, size_t size,
                             uint64_t gpu_addr);
/* Where --trace output goes (default: none). */
void aco_emu_set_trace(struct aco_emu *emu, void (*sink)(void *user, const char *line),
                       void *user);

/* Runs the dispatch to completion. ACO_SUCCESS, or an error whose message
 * (aco_emu_message) names the detector, the PC, the instruction and the wave. */
aco_status aco_emu_run(struct aco_emu *emu, const struct aco_emu_launch *launch);
/* Runs a hardware-style dispatch (struct aco_emu_dispatch) to completion: the wave
 * state comes from the RSRC registers and the dispatch, per level, as
 * docs/emulator.md describes. Errors as aco_emu_run. */
aco_status aco_emu_dispatch_run(struct aco_emu *emu, const struct aco_emu_dispatch *d);
const char *aco_emu_message(const struct aco_emu *emu);
/* Instructions executed by the last run (all waves). */
uint64_t aco_emu_steps(const struct aco_emu *emu);

/* What the last run cost under the timing model (docs/timing.md): every wave issues in
 * order on its own clock, from 0 at its start to the cycle its s_endpgm retires (after
 * its outstanding memory operations). `cycles` is the sum over the waves that ended,
 * `max_wave_cycles` the longest of them; the stall fields say where the cycles went
 * (summed over waves). */
struct aco_emu_stats {
   uint64_t waves;           /* waves that ran to their end */
   uint64_t instructions;    /* wave-instructions executed (aco_emu_steps) */
   uint64_t cycles;          /* sum of the waves' cycles */
   uint64_t max_wave_cycles; /* the longest wave */
   uint64_t dependency_stall; /* waiting for an ALU result (the scoreboard) */
   uint64_t unit_stall;      /* waiting for a busy unit (multi-cycle and wave64 ops) */
   uint64_t wait_stall;      /* s_waitcnt (and friends) waiting for memory */
   uint64_t branch_cycles;   /* the refetch after taken branches, jumps, calls, returns */
   uint64_t barrier_stall;   /* waiting at workgroup barriers for the other waves */
};
void aco_emu_get_stats(const struct aco_emu *emu, struct aco_emu_stats *out);

#endif
