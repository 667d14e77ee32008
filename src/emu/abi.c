/* SPDX-License-Identifier: MIT */
/* The emulator's ABI check (launch.abi_check, docs/emulator.md). At a call the clobbered
 * registers are poisoned in the lanes active at the call (reading one before writing it
 * is an error, in the callee as in the caller after the return); the preserved registers
 * (all lanes), exec and the inactive lanes of every VGPR are snapshotted and compared at
 * the return, the s_setpc_b64 to the saved return address. Argument registers are not
 * poisoned at the call but are at the return where the callee did not write them. */
#include "emu/emu_core.h"

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
   }
   aco_free(a, ws->frames);
   aco_free(a, ws->vgpr_poison);
   ws->frames = NULL;
   ws->vgpr_poison = NULL;
   ws->num_frames = ws->cap_frames = 0;
   memset(ws->sgpr_poison, 0, sizeof(ws->sgpr_poison));
   ws->scc_poison = false;
}

static uint64_t
lane_mask(const struct emu_wave_state *ws)
{
   return ws->w.wave_size == 64 ? ~0ull : 0xffffffffull;
}

bool
emu_abi_call(struct emu_wave_state *ws, uint64_t return_pc)
{
   struct aco_emu *emu = ws->w.emu;
   if (!emu->launch->abi_check)
      return true;
   const aco_allocator *a = emu->alloc;
   const struct aco_emu_abi *abi = &emu->abi;
   unsigned nv = ws->w.num_vgprs;
   if (!ws->vgpr_poison) {
      ws->vgpr_poison = aco_calloc(a, (nv ? nv : 1) * sizeof(uint64_t));
      if (!ws->vgpr_poison)
         return emu_fail(&ws->w, "out of memory in the ABI check");
   }
   if (ws->num_frames == ws->cap_frames &&
       !aco_grow(a, (void **)&ws->frames, &ws->cap_frames, ws->num_frames + 1, sizeof(*ws->frames)))
      return emu_fail(&ws->w, "out of memory in the ABI check");
   struct emu_frame *f = &ws->frames[ws->num_frames];
   memset(f, 0, sizeof(*f));
   f->vgpr = aco_alloc(a, (size_t)(nv ? nv : 1) * EMU_MAX_LANES * 4);
   f->vgpr_written = aco_calloc(a, (nv ? nv : 1) * sizeof(uint64_t));
   if (!f->vgpr || !f->vgpr_written) {
      aco_free(a, f->vgpr);
      aco_free(a, f->vgpr_written);
      return emu_fail(&ws->w, "out of memory in the ABI check");
   }
   ws->num_frames++;
   f->return_pc = return_pc;
   f->call_pc = emu_code_offset(emu, return_pc - 4);
   f->exec = emu_exec(&ws->w);
   memcpy(f->sgpr, ws->w.sgpr, sizeof(f->sgpr));
   memcpy(f->vgpr, ws->w.vgpr, (size_t)nv * EMU_MAX_LANES * 4);
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++) {
      if (test_bit(abi->clobbered_sgprs, s))
         set_bit(ws->sgpr_poison, s);
   }
   if (abi->clobber_vcc_scc_m0) {
      set_bit(ws->sgpr_poison, ACO_REG_VCC_LO);
      set_bit(ws->sgpr_poison, ACO_REG_VCC_HI);
      set_bit(ws->sgpr_poison, ws->w.gfx->reg_m0);
      ws->scc_poison = true;
   }
   for (unsigned v = 0; v < nv; v++) {
      if (!test_bit(abi->preserved_vgprs, v) && !test_bit(abi->argument_vgprs, v))
         ws->vgpr_poison[v] |= f->exec;
   }
   return true;
}

bool
emu_abi_setpc(struct emu_wave_state *ws, uint64_t target)
{
   struct aco_emu *emu = ws->w.emu;
   if (!ws->num_frames || ws->frames[ws->num_frames - 1].return_pc != target)
      return true;
   const struct aco_emu_abi *abi = &emu->abi;
   struct emu_frame *f = &ws->frames[ws->num_frames - 1];
   unsigned nv = ws->w.num_vgprs;
   bool ok = true;
   for (unsigned s = 0; s < ACO_SGPR_COUNT && ok; s++) {
      if (test_bit(abi->preserved_sgprs, s) && f->sgpr[s] != ws->w.sgpr[s])
         ok = emu_fail(&ws->w, "abi: preserved s%u changed across the call at pc 0x%x "
                       "(0x%x before, 0x%x at the return)", s, f->call_pc, f->sgpr[s],
                       ws->w.sgpr[s]);
   }
   if (ok && (emu_exec(&ws->w) & lane_mask(ws)) != (f->exec & lane_mask(ws)))
      ok = emu_fail(&ws->w, "abi: exec changed across the call at pc 0x%x (0x%llx before, "
                    "0x%llx at the return)", f->call_pc, (unsigned long long)f->exec,
                    (unsigned long long)emu_exec(&ws->w));
   for (unsigned v = 0; v < nv && ok; v++) {
      uint64_t lanes = test_bit(abi->preserved_vgprs, v) ? lane_mask(ws) : ~f->exec & lane_mask(ws);
      for (unsigned l = 0; l < ws->w.wave_size && ok; l++) {
         uint32_t before = f->vgpr[v * EMU_MAX_LANES + l], now = ws->w.vgpr[v * EMU_MAX_LANES + l];
         if (((lanes >> l) & 1) && before != now)
            ok = emu_fail(&ws->w, "abi: %s v%u lane %u changed across the call at pc 0x%x "
                          "(0x%x before, 0x%x at the return)",
                          test_bit(abi->preserved_vgprs, v) ? "preserved" : "inactive lane of",
                          v, l, f->call_pc, before, now);
      }
   }
   if (!ok)
      return false;
   /* arguments the callee did not write are garbage to the caller */
   for (unsigned v = 0; v < nv; v++) {
      if (test_bit(abi->argument_vgprs, v))
         ws->vgpr_poison[v] |= f->exec & ~f->vgpr_written[v];
   }
   for (unsigned s = 0; s < ACO_SGPR_COUNT; s++) {
      if (test_bit(abi->argument_sgprs, s) && !test_bit(f->sgpr_written, s))
         set_bit(ws->sgpr_poison, s);
   }
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
   ws->num_frames--;
   return true;
}

bool
emu_abi_read_sgpr(struct emu_wave_state *ws, unsigned field)
{
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, ws->w.emu->alloc);
   if (field == ACO_REG_SCC)
      aco_strbuf_puts(&sb, "scc");
   else
      aco_print_asm_reg(ws->w.level, ws->w.wave_size, field, 1, &sb);
   emu_fail(&ws->w, "abi: read of %s, clobbered by a call and not written since",
            aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
   return false;
}

bool
emu_abi_read_vgpr(struct emu_wave_state *ws, unsigned reg, unsigned lane)
{
   return emu_fail(&ws->w, "abi: read of v%u lane %u, clobbered by a call and not written "
                   "since", reg, lane);
}

void
emu_abi_write_sgpr(struct emu_wave_state *ws, unsigned field)
{
   if (field >= 128)
      return;
   ws->sgpr_poison[field / 64] &= ~(1ull << (field % 64));
   if (ws->num_frames)
      set_bit(ws->frames[ws->num_frames - 1].sgpr_written, field);
}

void
emu_abi_write_vgpr(struct emu_wave_state *ws, unsigned reg, unsigned lane)
{
   ws->vgpr_poison[reg] &= ~(1ull << lane);
   if (ws->num_frames)
      ws->frames[ws->num_frames - 1].vgpr_written[reg] |= 1ull << lane;
}
