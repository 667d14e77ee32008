/* SPDX-License-Identifier: MIT */
/* The emulator's ABI check (launch.abi_check, docs/emulator.md). At a call the clobbered
 * registers are poisoned in the lanes active at the call (reading one before writing it
 * is an error, in the callee as in the caller after the return); the preserved registers
 * (all lanes), exec and the inactive lanes of every VGPR are snapshotted and compared at
 * the return, the s_setpc_b64 to the saved return address. Argument registers are not
 * poisoned at the call but are at the return where the callee did not write them.
 *
 * Poison is garbage to the code running now. Inside a callee, what it must keep (preserved
 * registers, inactive lanes) is not poisoned even if it was garbage to its caller: the
 * callee may save and restore it without knowing. The frame keeps the caller's poison and
 * the return puts it back on those registers, which hold what they held before the call.
 *
 * Poison goes through values (emu.c's register accessors): a result computed from poisoned
 * bits is poisoned, lane by lane and, for VGPRs, byte by byte where an instruction writes
 * part of a register. Only a use that changes what the program does fails: a memory
 * address, descriptor or store data, a branch condition or jump target, exec, a register
 * index, a hardware register, and at the return a preserved register or a lane inactive at
 * the call. Garbage nobody uses that way is no error.
 *
 * The convention is launch.abi, or with a callee table the entry of the call's target
 * (a target in no entry is an error). The frame keeps the ABI it was checked against, so
 * the return is compared with that one. With a table, an s_setpc_b64 that is not a return
 * is a tail call: its target must be a function whose ABI preserves everything the
 * frame's does (the caller gets the frame's promise, not the tail callee's) and whose
 * return-address pair holds the frame's return address; the frame stays. An s_setpc_b64 to
 * an amdgpu_cs_chain function is a jump outside any call, checked like a call's entry. */
#include "emu/emu_core.h"

#include <stdio.h>
#include <string.h>

static void
set_bit(uint64_t *set, unsigned n)
{
   set[n / 64] |= 1ull << (n % 64);
}

static bool
test_bit(const uint64_t *set, unsigned n)
{
   return (set[n / 64] >> (n % 64)) & 1;
}


void
aco_emu_abi_amdgpu_gfx(struct aco_emu_abi *abi)
{
   memset(abi, 0, sizeof(*abi));
   for (unsigned s = 4; s <= 34; s++)
      set_bit(abi->preserved_sgprs, s);
   for (unsigned s = 64; s < ACO_SGPR_COUNT; s++)
      set_bit(abi->preserved_sgprs, s);
   for (unsigned s = 35; s < 64; s++)
      set_bit(abi->clobbered_sgprs, s);
   for (unsigned v = 40; v < 256; v += 16)
      for (unsigned i = 0; i < 8; i++)
         set_bit(abi->preserved_vgprs, v + i);
   for (unsigned v = 0; v < 32; v++)
      set_bit(abi->argument_vgprs, v);
   abi->clobber_vcc_scc_m0 = true;
   abi->return_address_sgpr = 30;
   abi->stack_pointer_sgpr = 32;
}

void
emu_abi_free(struct emu_wave_state *ws)
{
   const aco_allocator *a = ws->w.emu->alloc;
   for (unsigned i = 0; i < ws->num_frames; i++) {
      aco_free(a, ws->frames[i].vgpr);
      aco_free(a, ws->frames[i].vgpr_written);
      aco_free(a, ws->frames[i].vgpr_poison);
   }
   aco_free(a, ws->frames);
   aco_free(a, ws->vgpr_poison);
   aco_free(a, ws->chain_vgpr);
   ws->chain_vgpr = NULL;
   ws->frames = NULL;
   ws->vgpr_poison = NULL;
   ws->num_frames = ws->cap_frames = 0;
   memset(ws->sgpr_poison, 0, sizeof(ws->sgpr_poison));
   ws->scc_poison = false;
   ws->taint = false;
}

static uint64_t
lane_mask(const struct emu_wave_state *ws)
{
   return ws->w.wave_size == 64 ? ~0ull : 0xffffffffull;
}

/* The entry of the callee table for the function at `target`; NULL if there is none. */
static const struct aco_emu_callee *
find_callee(const struct aco_emu *emu, uint64_t target)
{
   const struct aco_emu_launch *l = emu->launch;
   if (!emu_pc_in_code(emu, target))
      return NULL;
   uint32_t offset = emu_code_offset(emu, target);
   for (unsigned i = 0; i < l->num_callees; i++) {
      if (l->callees[i].offset == offset)
         return &l->callees[i];
   }
   return NULL;
}

/* "the call to @f at pc 0x10" for messages. */
static void
describe_call(const struct emu_frame *f, char *buf, size_t size)
{
   if (f->callee)
      snprintf(buf, size, "the call to @%s at pc 0x%x", f->callee, f->call_pc);
   else
      snprintf(buf, size, "the call at pc 0x%x", f->call_pc);
}

/* What an SGPR is to the convention, for messages. */
static const char *
sgpr_role(const struct aco_emu_abi *abi, unsigned s)
{
   if (s == abi->stack_pointer_sgpr)
      return " (the stack pointer)";
   if (s == abi->return_address_sgpr || s == abi->return_address_sgpr + 1u)
      return " (the return address)";
   return "";
}

/* Entering a callee (a call or a tail call) with `lanes` active: what it may overwrite is
 * garbage to it in those lanes; what it must keep (preserved registers, inactive lanes) is
 * readable; arguments are as the caller left them. */
static void
enter_callee(struct emu_wave_state *ws, const struct aco_emu_abi *abi, uint64_t lanes)
{
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++) {
      if (test_bit(abi->clobbered_sgprs, s) || test_bit(abi->preserved_sgprs, s))
         ws->sgpr_poison[s] = test_bit(abi->clobbered_sgprs, s) ? ~0u : 0;
   }
   if (abi->clobber_vcc_scc_m0) {
      ws->sgpr_poison[ACO_REG_VCC_LO] = ~0u;
      ws->sgpr_poison[ACO_REG_VCC_HI] = ~0u;
      ws->sgpr_poison[ws->w.gfx->reg_m0] = ~0u;
      ws->scc_poison = true;
   }
   for (unsigned v = 0; v < ws->w.num_vgprs; v++) {
      for (unsigned b = 0; b < 4; b++) {
         uint64_t *p = &ws->vgpr_poison[4 * v + b];
         if (test_bit(abi->preserved_vgprs, v))
            *p = 0;
         else if (test_bit(abi->argument_vgprs, v) || test_bit(abi->result_vgprs, v))
            *p &= lanes;
         else
            *p = lanes;
      }
   }
}

/* Back in the caller of frame f: preserved registers and the lanes inactive at the call
 * hold what they held before it, and are as poisoned as they were; clobbered registers are
 * garbage in the call's lanes, whatever the callee wrote; arguments too where the callee
 * did not write them (where it did, they hold its results). */
static void
return_to_caller(struct emu_wave_state *ws, const struct emu_frame *f)
{
   const struct aco_emu_abi *abi = f->abi;
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++) {
      if (test_bit(abi->preserved_sgprs, s))
         ws->sgpr_poison[s] = f->sgpr_poison[s];
      else if (test_bit(abi->result_sgprs, s))
         continue; /* the callee's result, or the caller's value it did not replace */
      else if (test_bit(abi->clobbered_sgprs, s) ||
               (test_bit(abi->argument_sgprs, s) && !test_bit(f->sgpr_written, s)))
         ws->sgpr_poison[s] = ~0u;
   }
   if (abi->clobber_vcc_scc_m0) {
      ws->sgpr_poison[ACO_REG_VCC_LO] = ~0u;
      ws->sgpr_poison[ACO_REG_VCC_HI] = ~0u;
      ws->sgpr_poison[ws->w.gfx->reg_m0] = ~0u;
      ws->scc_poison = true;
   }
   uint64_t lanes = f->exec & lane_mask(ws);
   for (unsigned v = 0; v < ws->w.num_vgprs; v++) {
      for (unsigned b = 0; b < 4; b++) {
         uint64_t *p = &ws->vgpr_poison[4 * v + b];
         uint64_t before = f->vgpr_poison[4 * v + b], now = *p;
         if (test_bit(abi->preserved_vgprs, v))
            *p = before;
         else if (test_bit(abi->result_vgprs, v))
            *p = (before & ~lanes) | (now & lanes);
         else if (test_bit(abi->argument_vgprs, v))
            *p = (before & ~lanes) | (now & lanes) | (lanes & ~f->vgpr_written[v]);
         else
            *p = (before & ~lanes) | lanes;
      }
   }
}

/* The per-VGPR poison masks, made at the first call or chain jump. */
static bool
alloc_poison(struct emu_wave_state *ws)
{
   unsigned nv = ws->w.num_vgprs;
   if (!ws->vgpr_poison)
      ws->vgpr_poison = aco_calloc(ws->w.emu->alloc, (nv ? nv : 1) * 4 * sizeof(uint64_t));
   return ws->vgpr_poison != NULL;
}

static bool
push_frame(struct emu_wave_state *ws)
{
   const aco_allocator *a = ws->w.emu->alloc;
   unsigned nv = ws->w.num_vgprs;
   if (!alloc_poison(ws))
      return false;
   if (ws->num_frames == ws->cap_frames &&
       !aco_grow(a, (void **)&ws->frames, &ws->cap_frames, ws->num_frames + 1, sizeof(*ws->frames)))
      return false;
   struct emu_frame *f = &ws->frames[ws->num_frames];
   memset(f, 0, sizeof(*f));
   f->vgpr = aco_alloc(a, (size_t)(nv ? nv : 1) * EMU_MAX_LANES * 4);
   f->vgpr_written = aco_calloc(a, (nv ? nv : 1) * sizeof(uint64_t));
   f->vgpr_poison = aco_alloc(a, (nv ? nv : 1) * 4 * sizeof(uint64_t));
   if (!f->vgpr || !f->vgpr_written || !f->vgpr_poison) {
      aco_free(a, f->vgpr);
      aco_free(a, f->vgpr_written);
      aco_free(a, f->vgpr_poison);
      return false;
   }
   memcpy(f->vgpr_poison, ws->vgpr_poison, nv * 4 * sizeof(uint64_t));
   memcpy(f->sgpr_poison, ws->sgpr_poison, sizeof(f->sgpr_poison));
   ws->num_frames++;
   return true;
}

bool
emu_abi_call(struct emu_wave_state *ws, uint64_t target, uint64_t return_pc, unsigned ra_field)
{
   struct aco_emu *emu = ws->w.emu;
   if (!emu->launch->abi_check || !emu_pc_in_code(emu, target))
      return true; /* the jump reports a target outside the code */
   uint32_t call_pc = emu_code_offset(emu, ws->w.pc);
   const struct aco_emu_abi *abi = &emu->abi;
   const char *name = NULL;
   if (emu->launch->num_callees) {
      const struct aco_emu_callee *c = find_callee(emu, target);
      if (!c)
         return emu_fail(&ws->w, "abi: call to 0x%x which is no function of the binary",
                         emu_code_offset(emu, target));
      if (c->abi.chain)
         return emu_fail(&ws->w, "abi: call to the amdgpu_cs_chain function @%s, which is "
                         "entered by s_setpc_b64 only", c->name);
      /* the callee returns through the pair its ABI names: the call must fill that one */
      if (ra_field != c->abi.return_address_sgpr)
         return emu_fail(&ws->w, "abi: the call to @%s puts the return address in s[%u:%u], "
                         "its ABI expects it in s[%u:%u]", c->name, ra_field, ra_field + 1,
                         c->abi.return_address_sgpr, c->abi.return_address_sgpr + 1);
      abi = &c->abi;
      name = c->name;
   }
   if (!push_frame(ws))
      return emu_fail(&ws->w, "out of memory in the ABI check");
   struct emu_frame *f = &ws->frames[ws->num_frames - 1];
   f->return_pc = return_pc;
   f->call_pc = call_pc;
   f->abi = abi;
   f->callee = name;
   f->exec = emu_exec(&ws->w);
   memcpy(f->sgpr, ws->w.sgpr, sizeof(f->sgpr));
   memcpy(f->vgpr, ws->w.vgpr, (size_t)ws->w.num_vgprs * EMU_MAX_LANES * 4);
   enter_callee(ws, abi, f->exec & lane_mask(ws));
   return true;
}

/* The registers the caller expects back, compared with the snapshot of the call. */
static bool
compare_frame(struct emu_wave_state *ws, const struct emu_frame *f)
{
   const struct aco_emu_abi *abi = f->abi;
   char call[160];
   describe_call(f, call, sizeof(call));
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++) {
      if (test_bit(abi->preserved_sgprs, s) && f->sgpr[s] != ws->w.sgpr[s])
         return emu_fail(&ws->w, "abi: preserved s%u%s changed across %s (0x%x before, 0x%x "
                         "at the return)", s, sgpr_role(abi, s), call, f->sgpr[s],
                         ws->w.sgpr[s]);
   }
   if ((emu_exec(&ws->w) & lane_mask(ws)) != (f->exec & lane_mask(ws)))
      return emu_fail(&ws->w, "abi: exec changed across %s (0x%llx before, 0x%llx at the "
                      "return)", call, (unsigned long long)f->exec,
                      (unsigned long long)emu_exec(&ws->w));
   for (unsigned v = 0; v < ws->w.num_vgprs; v++) {
      bool preserved = test_bit(abi->preserved_vgprs, v);
      uint64_t lanes = preserved ? lane_mask(ws) : ~f->exec & lane_mask(ws);
      for (unsigned l = 0; l < ws->w.wave_size; l++) {
         uint32_t before = f->vgpr[v * EMU_MAX_LANES + l], now = ws->w.vgpr[v * EMU_MAX_LANES + l];
         if (((lanes >> l) & 1) && before != now)
            return emu_fail(&ws->w, "abi: %s v%u lane %u changed across %s (0x%x before, 0x%x "
                            "at the return)", preserved ? "preserved" : "inactive lane of", v,
                            l, call, before, now);
      }
   }
   return true;
}

/* What the caller gets back must not be garbage the callee made: preserved registers and
 * the lanes inactive at the call hold what they held before it, so poison there is garbage
 * the callee wrote (even if equal). Results are not checked here: they carry their poison
 * to the caller, where a use fails (a 16-bit result leaves the rest of its register
 * garbage, and the check does not know the results' sizes). */
static bool
check_returned_poison(struct emu_wave_state *ws, const struct emu_frame *f)
{
   const struct aco_emu_abi *abi = f->abi;
   char call[160];
   describe_call(f, call, sizeof(call));
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++) {
      if (ws->sgpr_poison[s] && test_bit(abi->preserved_sgprs, s))
         return emu_fail(&ws->w, "abi: preserved s%u%s holds garbage at the return of %s "
                         "(computed from a register a call clobbered)", s, sgpr_role(abi, s),
                         call);
   }
   uint64_t active = f->exec & lane_mask(ws);
   for (unsigned v = 0; v < ws->w.num_vgprs; v++) {
      bool preserved = test_bit(abi->preserved_vgprs, v);
      for (unsigned b = 0; b < 4; b++) {
         uint64_t bad = ws->vgpr_poison[4 * v + b] & (preserved ? lane_mask(ws) : ~active) &
                        lane_mask(ws);
         if (!bad)
            continue;
         return emu_fail(&ws->w, "abi: %s v%u lane %u holds garbage at the return of %s "
                         "(computed from a register a call clobbered)",
                         preserved ? "preserved" : "inactive lane of", v,
                         (unsigned)__builtin_ctzll(bad), call);
      }
   }
   return true;
}

static bool
check_return(struct emu_wave_state *ws)
{
   struct aco_emu *emu = ws->w.emu;
   struct emu_frame *f = &ws->frames[ws->num_frames - 1];
   unsigned nv = ws->w.num_vgprs;
   if (!compare_frame(ws, f) || !check_returned_poison(ws, f))
      return false;
   return_to_caller(ws, f);
   /* the caller's frame saw these writes too */
   if (ws->num_frames > 1) {
      struct emu_frame *parent = f - 1;
      for (unsigned v = 0; v < nv; v++)
         parent->vgpr_written[v] |= f->vgpr_written[v];
      parent->sgpr_written[0] |= f->sgpr_written[0];
      parent->sgpr_written[1] |= f->sgpr_written[1];
   }
   aco_free(emu->alloc, f->vgpr);
   aco_free(emu->alloc, f->vgpr_written);
   aco_free(emu->alloc, f->vgpr_poison);
   ws->num_frames--;
   return true;
}

/* The first register `outer` preserves and `inner` does not (VGPRs as 256 + n), or -1. */
static int
first_unpreserved(const struct aco_emu_abi *outer, const struct aco_emu_abi *inner)
{
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++) {
      if (test_bit(outer->preserved_sgprs, s) && !test_bit(inner->preserved_sgprs, s))
         return (int)s;
   }
   for (unsigned v = 0; v < ACO_VGPR_COUNT; v++) {
      if (test_bit(outer->preserved_vgprs, v) && !test_bit(inner->preserved_vgprs, v))
         return 256 + (int)v;
   }
   return -1;
}

/* An s_setpc_b64 to a function: the callee returns straight to the frame's caller, so it
 * must hand back at least what the frame's ABI promises that caller, and its return
 * address must be the frame's. The return is then compared against the frame's ABI. */
static bool
tail_call(struct emu_wave_state *ws, uint64_t target)
{
   struct aco_emu *emu = ws->w.emu;
   struct emu_frame *f = ws->num_frames ? &ws->frames[ws->num_frames - 1] : NULL;
   const struct aco_emu_callee *c = find_callee(emu, target);
   if (!c && f)
      return emu_fail(&ws->w, "abi: tail call to 0x%x which is no function of the binary "
                      "(nor the return address 0x%x of the innermost call)",
                      emu_code_offset(emu, target), emu_code_offset(emu, f->return_pc));
   if (!c)
      return emu_fail(&ws->w, "abi: tail call to 0x%x which is no function of the binary "
                      "(and no call to return from)", emu_code_offset(emu, target));
   if (!f)
      return emu_fail(&ws->w, "abi: tail call to @%s outside any call: there is no return "
                      "address to hand on", c->name);
   char call[160];
   describe_call(f, call, sizeof(call));
   int r = first_unpreserved(f->abi, &c->abi);
   if (r < 0 && f->abi->clobber_vcc_scc_m0 < c->abi.clobber_vcc_scc_m0)
      return emu_fail(&ws->w, "abi: tail call to @%s within %s: it clobbers vcc, scc and m0, "
                      "which that call preserves", c->name, call);
   if (r >= 0)
      return emu_fail(&ws->w, "abi: tail call to @%s within %s: its ABI does not preserve "
                      "%s%u, which that call's ABI does", c->name, call, r < 256 ? "s" : "v",
                      r < 256 ? (unsigned)r : (unsigned)r - 256);
   unsigned ra = c->abi.return_address_sgpr;
   uint64_t held = ra + 1 < ACO_SGPR_COUNT
                      ? ws->w.sgpr[ra] | (uint64_t)ws->w.sgpr[ra + 1] << 32
                      : ~f->return_pc;
   if (held != f->return_pc)
      return emu_fail(&ws->w, "abi: tail call to @%s within %s: s[%u:%u] hold 0x%llx, not "
                      "the return address 0x%llx", c->name, call, ra, ra + 1,
                      (unsigned long long)held, (unsigned long long)f->return_pc);
   enter_callee(ws, &c->abi, emu_exec(&ws->w) & lane_mask(ws));
   return true;
}

#define CHAIN_RSRC_SGPR 48

/* An s_setpc_b64 to an amdgpu_cs_chain function: only where no call is open (the chain
 * starts the stack over), and the function finds nothing but its arguments in the lanes
 * the jump leaves with. A chain function jumping on must have kept the lanes inactive at
 * its entry of v8 and up as they were. */
static bool
chain_jump(struct emu_wave_state *ws, const struct aco_emu_callee *c)
{
   if (ws->num_frames) {
      char call[160];
      describe_call(&ws->frames[ws->num_frames - 1], call, sizeof(call));
      return emu_fail(&ws->w, "abi: jump to the amdgpu_cs_chain function @%s within %s: "
                      "chain functions are entered at stack depth 0", c->name, call);
   }
   if (!alloc_poison(ws))
      return emu_fail(&ws->w, "out of memory in the ABI check");
   uint64_t exec = emu_exec(&ws->w) & lane_mask(ws);
   size_t bytes = (size_t)ws->w.num_vgprs * EMU_MAX_LANES * 4;
   if (ws->chain_vgpr) {
      /* leaving a chain function: what it owed in the lanes inactive at its entry */
      uint64_t inactive = ~ws->chain_exec & lane_mask(ws);
      for (unsigned v = 8; v < ws->w.num_vgprs; v++) {
         for (unsigned l = 0; l < ws->w.wave_size; l++) {
            size_t k = (size_t)v * EMU_MAX_LANES + l;
            if (((inactive >> l) & 1) && ws->w.vgpr[k] != ws->chain_vgpr[k])
               return emu_fail(&ws->w, "abi: jump to @%s: v%u lane %u, inactive at the entry of "
                               "the amdgpu_cs_chain function jumping, changed from 0x%08x to "
                               "0x%08x", c->name, v, l, ws->chain_vgpr[k], ws->w.vgpr[k]);
         }
      }
   } else if (!(ws->chain_vgpr = aco_alloc(ws->w.emu->alloc, bytes ? bytes : 4))) {
      return emu_fail(&ws->w, "out of memory in the ABI check");
   }
   memcpy(ws->chain_vgpr, ws->w.vgpr, bytes);
   ws->chain_exec = exec;
   /* gfx1030: s[48:51] go along with the arguments when they hold this wave's scratch
    * descriptor (docs/calls.md "Chain functions"); anything else there is garbage to the
    * callee, so code reading it as the descriptor fails on the read */
   bool rsrc = emu_scratch_rsrc_is_wave(ws, &ws->w.sgpr[CHAIN_RSRC_SGPR]);
   uint32_t rsrc_poison[4];
   memcpy(rsrc_poison, &ws->sgpr_poison[CHAIN_RSRC_SGPR], sizeof(rsrc_poison));
   enter_callee(ws, &c->abi, exec);
   if (rsrc)
      memcpy(&ws->sgpr_poison[CHAIN_RSRC_SGPR], rsrc_poison, sizeof(rsrc_poison));
   return true;
}

bool
emu_abi_setpc(struct emu_wave_state *ws, uint64_t target)
{
   struct aco_emu *emu = ws->w.emu;
   if (!emu->launch->abi_check)
      return true;
   if (ws->num_frames && ws->frames[ws->num_frames - 1].return_pc == target)
      return check_return(ws);
   /* without a table (llc's code) a jump elsewhere is not checked: a tail chain simply
    * never returns to the frame; the jump reports a target outside the code */
   if (!emu->launch->num_callees || !emu_pc_in_code(emu, target))
      return true;
   const struct aco_emu_callee *c = find_callee(emu, target);
   if (c && c->abi.chain)
      return chain_jump(ws, c);
   return tail_call(ws, target);
}

/* "v3 lane 0", "s40", "scc" for messages. */
static void
describe_reg(struct emu_wave_state *ws, unsigned field, unsigned lane, struct aco_strbuf *sb)
{
   if (field >= ACO_REG_VGPR0 && field != ~0u)
      aco_strbuf_printf(sb, "v%u lane %u", field - ACO_REG_VGPR0, lane);
   else if (field == ACO_REG_SCC)
      aco_strbuf_puts(sb, "scc");
   else
      aco_print_asm_reg(ws->w.level, ws->w.wave_size, field, 1, sb);
}

bool
emu_abi_use(struct emu_wave_state *ws, const char *as)
{
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, ws->w.emu->alloc);
   describe_reg(ws, ws->taint_field, ws->taint_lane, &sb);
   emu_fail(&ws->w, "abi: use of %s as %s: it holds garbage (clobbered by a call and not "
            "written since, or computed from such a value)", aco_strbuf_str(&sb), as);
   aco_strbuf_finish(&sb);
   return false;
}

void
emu_abi_write_sgpr(struct emu_wave_state *ws, unsigned field, uint32_t poison)
{
   if (field >= 128)
      return;
   ws->sgpr_poison[field] = poison;
   if (ws->num_frames)
      set_bit(ws->frames[ws->num_frames - 1].sgpr_written, field);
}

void
emu_abi_write_vgpr(struct emu_wave_state *ws, unsigned reg, unsigned lane, unsigned bytes,
                   unsigned poison)
{
   for (unsigned b = 0; b < 4; b++) {
      if ((bytes >> b) & 1)
         ws->vgpr_poison[4 * reg + b] = (ws->vgpr_poison[4 * reg + b] & ~(1ull << lane)) |
                                        (uint64_t)((poison >> b) & 1) << lane;
   }
   if (ws->num_frames)
      ws->frames[ws->num_frames - 1].vgpr_written[reg] |= 1ull << lane;
}
