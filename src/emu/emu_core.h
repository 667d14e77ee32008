/* SPDX-License-Identifier: MIT */
/* The emulator core's private state, shared by emu.c (device, dispatch, registers, waits,
 * messages), salu.c (scalar ALU and program flow), memory.c (SMEM, VMEM, DS) and abi.c
 * (the ABI check). Not seen by valu.c or hazards.c, which use emu_internal.h. */
#ifndef ACO_EMU_CORE_H
#define ACO_EMU_CORE_H

#include "emit/emit.h"
#include "emu/emu_internal.h"
#include "emu/timing.h"
#include "util/alloc.h"

/* Wait counters. GFX10.3/GFX11 count SMEM and DS on one counter (lgkmcnt): both use
 * EMU_CNT_KM there. GFX12 counts them apart (kmcnt, dscnt). */
enum emu_counter { EMU_CNT_LOAD, EMU_CNT_STORE, EMU_CNT_KM, EMU_CNT_DS, EMU_NUM_CNT };

/* One memory operation whose counter has not been waited for. */
struct emu_pending {
   uint8_t counter;
   bool smem;           /* may complete out of order: only a wait to zero covers it */
   bool visible_store;  /* writes LDS or global memory (must complete before s_barrier) */
   bool vgpr;           /* destination file */
   uint16_t reg, count; /* destination range (count 0: none) */
   uint32_t pc;         /* offset of the issuing instruction */
   uint64_t ready;      /* the timing model's completion cycle */
};

#define EMU_MAX_PENDING 256

/* A call the ABI check watches (abi.c). */
struct emu_frame {
   uint64_t return_pc;
   uint64_t exec;                   /* lanes active at the call */
   uint32_t sgpr[128];
   uint32_t *vgpr;                  /* num_vgprs * EMU_MAX_LANES, all lanes */
   uint64_t *vgpr_written;          /* lanes written since the call, per VGPR */
   uint64_t sgpr_written[2];
   uint32_t call_pc;
   /* the caller's poison, back at the return on what the call keeps (abi.c) */
   uint32_t sgpr_poison[128];
   uint64_t *vgpr_poison;
   const struct aco_emu_abi *abi; /* the call's, kept through tail calls for the return */
   const char *callee;            /* the callee's name (messages); NULL without a table */
};

struct emu_group {
   uint32_t id[3];
   uint8_t *lds;
   uint32_t lds_size;
   uint8_t *scratch_ring; /* the dispatch's scratch ring (hardware-style dispatch) */
   unsigned num_waves, live, arrived;
   uint32_t generation;
   /* the timing model: the latest clock of the waves that arrived at the barrier, and
    * the clock at which the last barrier released */
   uint64_t arrive_cycle, release_cycle;
};

struct emu_wave_state {
   struct emu_wave w; /* first: emu_wave pointers are emu_wave_state pointers */
   struct emu_group *group;
   unsigned index_in_group;
   uint64_t steps;
   bool done, blocked, vgprs_released;
   uint32_t wait_generation;
   const struct aco_minstr *cur; /* the instruction being executed (messages) */
   uint8_t *scratch;             /* wave_size * scratch_bytes_per_lane */
   uint32_t scratch_per_lane;
   uint64_t scratch_addr;        /* its slice of the scratch ring; 0: no ring (by hand) */
   uint32_t scratch_wave_offset; /* the slice's byte offset in the ring */
   struct emu_pending pending[EMU_MAX_PENDING];
   unsigned num_pending;
   uint16_t sgpr_pend[128], vgpr_pend[256];
   uint32_t hwreg_flat_scratch[2];
   uint8_t flat_scratch_written; /* gfx1030: bit 0 FLAT_SCR_LO, bit 1 FLAT_SCR_HI */
   /* ABI check */
   /* Poison: bits whose value is garbage to the code running now (a register a call
    * clobbered, or a value computed from one). Per SGPR its poisoned bits (a lane mask is
    * poisoned lane by lane); per VGPR byte b the poisoned lanes, vgpr_poison[4 * reg + b]
    * (NULL until the first call or chain jump). */
   uint32_t sgpr_poison[128];
   bool scc_poison;
   uint64_t *vgpr_poison;
   /* SGPR swaps through three s_xor (lower_parallelcopy's): the xors mix the poison of the
    * two registers, the swap does not (salu.c) */
   struct emu_xor_swap {
      uint16_t x, y;
      uint8_t step; /* 0 free, 1 after x ^= y, 2 after y ^= x */
      uint64_t vx, vy, px, py;
   } xor_swaps[4];
   /* whether the instruction being executed read poisoned bits (reset per instruction,
    * and per lane where the vector ALU tracks lanes apart), and the first such read */
   bool taint;
   unsigned taint_field, taint_lane;
   struct emu_frame *frames;
   unsigned num_frames, cap_frames;
   /* inside an amdgpu_cs_chain function: the VGPRs and exec at its entry (its inactive
    * lanes of v8 and up must be there again at its next chain jump) */
   uint32_t *chain_vgpr;
   uint64_t chain_exec;
   struct emu_timing timing;
};

static inline struct emu_wave_state *
emu_ws(struct emu_wave *w)
{
   return (struct emu_wave_state *)w;
}

struct emu_mapping {
   uint64_t addr;
   uint8_t *host;
   size_t size;
   unsigned flags;
   uint8_t *written; /* one bit per byte written by a vector store during the run */
};

/* A decoded instruction of the code, cached per dword offset. */
struct emu_decoded {
   struct aco_minstr *in;
   uint8_t dwords;
   uint8_t tclass; /* enum aco_tclass */
};

struct aco_emu {
   const aco_allocator *alloc;
   aco_target target;
   const struct aco_gfx_info *gfx;
   struct emu_mapping *maps;
   uint32_t num_maps, cap_maps;
   uint8_t *code;
   size_t code_size;
   uint64_t code_addr;
   struct emu_decoded *decoded; /* code_size / 4 entries */
   bool *decoded_valid;
   struct aco_arena arena;      /* decoded instructions */
   void (*trace_sink)(void *user, const char *line);
   void *trace_user;
   const struct aco_emu_launch *launch;
   struct aco_emu_abi abi;
   uint64_t steps;
   struct aco_emu_stats stats; /* of the last run */
   aco_status status;
   char message[1024];
};

/* ---- emu.c ---- */
uint32_t emu_code_offset(const struct aco_emu *emu, uint64_t pc);
bool emu_pc_in_code(const struct aco_emu *emu, uint64_t pc);
/* An error not tied to an instruction (setup, OOM). */
aco_status emu_error(struct aco_emu *emu, aco_status status, const char *fmt, ...)
#if defined(__GNUC__)
   __attribute__((format(printf, 3, 4)))
#endif
   ;
/* Records an outstanding operation (the destination registers become pending). */
void emu_issue(struct emu_wave_state *ws, enum emu_counter c, bool smem, bool visible_store,
               bool vgpr, unsigned reg, unsigned count);
/* Completes what a wait for counter c <= n covers. */
void emu_wait(struct emu_wave_state *ws, enum emu_counter c, unsigned n);
/* s_barrier / s_barrier_signal: arrives; the barrier releases when every live wave of
 * the workgroup has arrived. s_barrier_wait blocks while wait_generation is current. */
void emu_barrier_arrive(struct emu_wave_state *ws);
/* Checks the destination range of a load about to be issued on counter c (allocation;
 * pending only for a load that may complete out of order with this one). */
bool emu_check_load_dst(struct emu_wave_state *ws, enum emu_counter c, bool smem, bool vgpr,
                        unsigned reg, unsigned count);
/* Register writes of a load's result, after emu_check_load_dst (ABI bookkeeping only). */
void emu_raw_write_sgpr(struct emu_wave_state *ws, unsigned field, uint32_t v);
void emu_raw_write_vgpr(struct emu_wave_state *ws, unsigned reg, unsigned lane, uint32_t v);
/* The same for the bytes `bytes` (bit b: byte b) of a d16 load; v holds the whole dword. */
void emu_raw_write_vgpr_bytes(struct emu_wave_state *ws, unsigned reg, unsigned lane, uint32_t v,
                              unsigned bytes);

/* ---- salu.c ---- */
/* Executes one SOP1/SOP2/SOPK/SOPC/SOPP instruction; advances or redirects the PC. */
bool emu_salu_execute(struct emu_wave_state *ws, const struct emu_decoded *d);
/* The value of a scalar operand: 32 or 64 bits (`dwords`), registers or constants. */
uint64_t emu_sop(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned idx,
                 unsigned dwords);
void emu_sdst(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned idx,
              unsigned dwords, uint64_t value);

/* ---- memory.c ---- */
/* What a poisoned register read by a memory instruction is used as (every register it
 * reads is an address, a descriptor or data that goes to memory; the DS lane shuffles
 * carry their data's poison, their index is an address). Addresses are checked before
 * the access, data after the instruction. */
#define EMU_USE_SMEM "the address of a scalar load"
#define EMU_USE_DS "the address or data of an LDS access"
#define EMU_USE_VMEM "the address, descriptor or data of a memory access"
/* Host pointer for [addr, addr+size) of registered memory, or NULL after emu_fail. */
uint8_t *emu_global_ptr(struct emu_wave_state *ws, uint64_t addr, unsigned size, bool store);
bool emu_smem_execute(struct emu_wave_state *ws, const struct emu_decoded *d);
bool emu_vmem_execute(struct emu_wave_state *ws, const struct emu_decoded *d);
bool emu_ds_execute(struct emu_wave_state *ws, const struct emu_decoded *d);
/* Whether d (4 dwords) is a gfx1030 scratch descriptor of this wave: swizzled over the
 * base the wave wrote to FLAT_SCRATCH, index stride = wave size (docs/emulator.md). */
bool emu_scratch_rsrc_is_wave(const struct emu_wave_state *ws, const uint32_t d[4]);

/* ---- abi.c ---- */
/* At a call to `target` (before the jump, after the return address went to the SGPR pair
 * at operand field ra_field): checks the target against the callee table, snapshots and
 * poisons. */
bool emu_abi_call(struct emu_wave_state *ws, uint64_t target, uint64_t return_pc,
                  unsigned ra_field);
/* At an s_setpc_b64 to `target`: the return of the innermost call if it matches, else
 * (with a callee table) a tail call. */
bool emu_abi_setpc(struct emu_wave_state *ws, uint64_t target);
void emu_abi_free(struct emu_wave_state *ws);
/* The register-write hooks (only when poison exists): the written bits/bytes take
 * `poison`, and the innermost frame records the write. */
void emu_abi_write_sgpr(struct emu_wave_state *ws, unsigned field, uint32_t poison);
void emu_abi_write_vgpr(struct emu_wave_state *ws, unsigned reg, unsigned lane, unsigned bytes,
                        unsigned poison);
/* A use of poisoned bits that changes what the program does (memory, control flow, exec,
 * an address): the error, naming the first poisoned read of the instruction. */
bool emu_abi_use(struct emu_wave_state *ws, const char *as);

#endif
