/* SPDX-License-Identifier: MIT */
/* The emulator's wave state and the interface between its core (emu.c: decode, scalar,
 * memory, control flow, detectors) and its vector ALU (valu.c). Register accesses go
 * through these functions so the detectors (allocation bounds, outstanding loads,
 * poisoned values, hazards) see every one of them. */
#ifndef ACO_EMU_INTERNAL_H
#define ACO_EMU_INTERNAL_H

#include "emu/emu.h"
#include "mir/mir.h"

#define EMU_MAX_LANES 64

struct emu_wave {
   struct aco_emu *emu;
   const struct aco_gfx_info *gfx;
   aco_gfx_level level;
   unsigned wave_size;     /* 32 or 64 */
   unsigned id;            /* wave index in the dispatch (for messages) */
   uint64_t pc;            /* byte address of the current instruction */
   uint32_t sgpr[128];     /* operand fields 0..127: s0..s105, vcc, ttmp, m0, null, exec */
   bool scc;
   uint32_t mode;          /* MODE: [3:0] round (f32 [1:0], f16/f64 [3:2]), [7:4] denorm */
   uint32_t *vgpr;         /* vgpr[reg * EMU_MAX_LANES + lane], num_vgprs registers */
   uint16_t num_sgprs, num_vgprs;
   bool failed;
   struct emu_hazard_state *hazards; /* owned by hazards.c */
};

/* exec as a lane mask (the high half is ignored in wave32). */
static inline uint64_t
emu_exec(const struct emu_wave *w)
{
   uint64_t e = w->sgpr[ACO_REG_EXEC_LO];
   if (w->wave_size == 64)
      e |= (uint64_t)w->sgpr[ACO_REG_EXEC_HI] << 32;
   return e;
}

/* Records the first error of the run ("detector: what" + PC, disassembly and wave are
 * added by the core) and marks the wave failed. Returns false for `return emu_fail(..)`. */
bool emu_fail(struct emu_wave *w, const char *fmt, ...)
#if defined(__GNUC__)
   __attribute__((format(printf, 2, 3)))
#endif
   ;

/* A scalar operand-field value (SGPR, vcc, m0, exec, null, scc, execz/vccz, inline
 * constants are decoded to ACO_OPND_CONST before): dword `dword` of the register range
 * starting at `field`. Checks allocation bounds and outstanding loads. */
uint32_t emu_read_sreg(struct emu_wave *w, unsigned field);
void emu_write_sreg(struct emu_wave *w, unsigned field, uint32_t value);

/* One lane of VGPR `reg` (0..255). */
uint32_t emu_read_vgpr(struct emu_wave *w, unsigned reg, unsigned lane);
uint32_t emu_read_vgpr_merge(struct emu_wave *w, unsigned reg, unsigned lane);
void emu_write_vgpr(struct emu_wave *w, unsigned reg, unsigned lane, uint32_t value);

/* ABI poison through values (docs/emulator.md "The ABI check"). A read of poisoned bits
 * taints the instruction; a plain register write takes the taint as its poison (all of
 * it), so a result computed from garbage is garbage. Uses that change what the program
 * does fail (emu_abi_use). The functions below let the vector ALU track lanes and bytes
 * apart. */
/* Reads only the bytes `bytes` (bit b: byte b) of a VGPR lane: only their poison taints. */
uint32_t emu_read_vgpr_bytes(struct emu_wave *w, unsigned reg, unsigned lane, unsigned bytes);
/* Writes the whole dword (the caller merged what it keeps); bytes in `bytes` take the
 * poison bits of `poison` (bit b: byte b), the others keep theirs. */
void emu_write_vgpr_bytes(struct emu_wave *w, unsigned reg, unsigned lane, uint32_t value,
                          unsigned bytes, unsigned poison);
/* The same for an SGPR (or other scalar field): only the poison of its bytes `bytes`. */
uint32_t emu_read_sreg_bytes(struct emu_wave *w, unsigned field, unsigned bytes);
/* The bit mask of the bytes `bytes` (bit b: byte b). */
static inline uint32_t
emu_byte_bits(unsigned bytes)
{
   uint32_t m = 0;
   for (unsigned b = 0; b < 4; b++)
      m |= (bytes >> b & 1) ? 0xffu << (8 * b) : 0;
   return m;
}
/* Writes an SGPR whose bits `poison` are garbage (a lane mask computed lane by lane, the
 * bytes of a VGPR lane read into it). */
void emu_write_sreg_poison(struct emu_wave *w, unsigned field, uint32_t value, uint32_t poison);
/* Poisoned bytes of a VGPR lane (bit b: byte b), poisoned bits of a scalar operand field
 * (scc: bit 0); 0 without poison. Neither taints. */
unsigned emu_vgpr_poison(struct emu_wave *w, unsigned reg, unsigned lane);
uint32_t emu_sreg_poison(struct emu_wave *w, unsigned field);
/* The taint of the instruction so far; setting it (false: a new lane) keeps the first
 * poisoned read for messages. */
bool emu_taint(struct emu_wave *w);
void emu_set_taint(struct emu_wave *w, bool taint);
/* Fails with the ABI error if the instruction is tainted: its poisoned read is used as
 * `as` (an address, a branch condition...). */
bool emu_check_use(struct emu_wave *w, const char *as);
void emu_move_vgpr(struct emu_wave *w, unsigned dst, unsigned src, unsigned lane);
void emu_move_sgpr(struct emu_wave *w, unsigned dst, unsigned src);
void emu_read_lane_inactive(struct emu_wave *w, unsigned dfield, unsigned src);
void emu_swap_vgpr(struct emu_wave *w, unsigned a, unsigned b, unsigned lane);

/* Dword `dword` of an operand as lane `lane` sees it: VGPRs per lane, SGPRs and special
 * registers, constants (a 64-bit constant gives its low or high dword). */
uint32_t emu_read_operand(struct emu_wave *w, const aco_operand *op, unsigned lane,
                          unsigned dword);

/* Executes one VALU instruction (VOP1, VOP2, VOPC, VOP3, VOP3P, VOPD and their DPP/SDWA
 * forms, incl. v_readlane/v_writelane/v_readfirstlane). False if it failed (emu_fail was
 * called) or if it is not a VALU instruction the emulator knows (then it calls emu_fail
 * with "unknown instruction"). */
bool emu_valu_execute(struct emu_wave *w, const struct aco_minstr *in);

/* Hazard detection (hazards.c, the list in docs/hazards.md). emu_hazard_init allocates
 * the wave's state (false on OOM); emu_hazard_check runs before each instruction is
 * executed and returns false after emu_fail if the instruction completes a hazard;
 * emu_hazard_finish frees the state. */
bool emu_hazard_init(struct emu_wave *w);
bool emu_hazard_check(struct emu_wave *w, const struct aco_minstr *in);
void emu_hazard_finish(struct emu_wave *w);

#endif
