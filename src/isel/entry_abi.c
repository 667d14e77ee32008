/* SPDX-License-Identifier: MIT */
/* The entry ABI (docs/entry-abi.md): one layout computation shared by instruction
 * selection, the binary's resource registers and the emulator's launch state. */
#include "isel/entry_abi.h"

#include "emu/emu.h"
#include "ir/interp.h"
#include "target/gfx.h"

#include <string.h>

unsigned
aco_entry_arg_dwords(aco_type t)
{
   unsigned comp = t.bits == 64 ? 2 : 1;
   return comp * (t.comps ? t.comps : 1);
}

struct sysval_scan {
   bool wg[3];
   bool lid[3];
};

static bool
scan_sysvals(void *user, struct air_instr *in)
{
   struct sysval_scan *s = user;
   switch (in->op) {
   case ACO_OP_WORKGROUP_ID_X: s->wg[0] = true; break;
   case ACO_OP_WORKGROUP_ID_Y: s->wg[1] = true; break;
   case ACO_OP_WORKGROUP_ID_Z: s->wg[2] = true; break;
   case ACO_OP_LOCAL_ID_X: s->lid[0] = true; break;
   case ACO_OP_LOCAL_ID_Y: s->lid[1] = true; break;
   case ACO_OP_LOCAL_ID_Z: s->lid[2] = true; break;
   case ACO_OP_LOCAL_INDEX:
   case ACO_OP_SUBGROUP_ID:
      s->lid[0] = s->lid[1] = s->lid[2] = true;
      break;
   default: break;
   }
   return true;
}

aco_status
aco_entry_layout_compute(const struct aco_function *f, struct aco_arena *arena,
                         struct aco_entry_layout *out)
{
   return aco_entry_layout_compute_scratch(f, arena, false, out);
}

aco_status
aco_entry_layout_compute_scratch(const struct aco_function *f, struct aco_arena *arena,
                                 bool uses_scratch, struct aco_entry_layout *out)
{
   memset(out, 0, sizeof(*out));
   aco_target target = f->program->target;
   out->scratch_sgpr = -1;
   out->scratch_offset_sgpr = -1;
   out->argblock_sgpr = -1;
   out->num_args = f->num_params;
   out->args = aco_arena_array(arena, struct aco_entry_arg, f->num_params ? f->num_params : 1);
   out->stack_offsets =
      aco_arena_array(arena, uint32_t, f->num_stack_objects ? f->num_stack_objects : 1);
   if (!out->args || !out->stack_offsets)
      return ACO_ERROR_OUT_OF_MEMORY;

   uint32_t off = 0;
   for (uint32_t i = 0; i < f->num_stack_objects; i++) {
      uint32_t align = f->stack_objects[i].align ? f->stack_objects[i].align : 1;
      off = (off + align - 1) & ~(align - 1);
      out->stack_offsets[i] = off;
      off += f->stack_objects[i].size;
   }
   out->stack_bytes = (off + 15) & ~15u;

   unsigned next = 0;
   if (target.gfx_level == ACO_GFX1030 && (out->stack_bytes || uses_scratch)) {
      out->scratch_sgpr = 0;
      next = 2;
   }
   unsigned first_arg = next;
   bool fits = true;
   for (uint32_t i = 0; i < f->num_params; i++) {
      unsigned dw = aco_entry_arg_dwords(f->params[i].type);
      if (dw >= 2)
         next = (next + 1) & ~1u;
      out->args[i].sgpr = (uint8_t)next;
      out->args[i].dwords = (uint8_t)dw;
      next += dw;
      if (next > ACO_ENTRY_MAX_USER_SGPRS)
         fits = false;
   }
   if (!fits) {
      next = (first_arg + 1) & ~1u;
      out->argblock_sgpr = (int)next;
      next += 2;
      uint32_t boff = 0;
      for (uint32_t i = 0; i < f->num_params; i++) {
         aco_type t = f->params[i].type;
         unsigned dw = aco_entry_arg_dwords(t);
         unsigned align = (t.bits == 64 || dw >= 2) ? 8 : 4;
         boff = (boff + align - 1) & ~(align - 1);
         out->args[i].in_block = true;
         out->args[i].block_offset = boff;
         out->args[i].sgpr = 0;
         boff += dw * 4;
      }
      out->argblock_size = boff;
   }

   struct sysval_scan scan = {{false}, {false}};
   if (f->body)
      air_walk(f->body, scan_sysvals, &scan);
   for (unsigned c = 0; c < 3; c++)
      out->workgroup_id_sgpr[c] = -1;
   out->num_user_sgprs = next;
   for (unsigned c = 0; c < 3; c++) {
      if (scan.wg[c])
         out->workgroup_id_sgpr[c] = (int)next++;
   }
   /* SCRATCH_EN without architected flat scratch: the wave's byte offset into the
    * scratch ring follows the workgroup ids */
   if (out->scratch_sgpr >= 0)
      out->scratch_offset_sgpr = (int)next++;
   for (unsigned c = 0; c < 3; c++) {
      if (scan.lid[c] && f->workgroup_size[c] > 1)
         out->local_id_count = c + 1;
   }
   out->local_id_packed = target.gfx_level >= ACO_GFX1100;
   return ACO_SUCCESS;
}

void
aco_entry_rsrc(const struct aco_entry_layout *l, aco_target target, unsigned num_vgprs,
               uint32_t scratch_bytes, uint32_t lds_bytes, aco_float_mode mode, uint32_t rsrc[3])
{
   unsigned enc_granule = target.wave_size == 32 ? 8 : 4;
   unsigned vgpr_blocks = num_vgprs ? (num_vgprs + enc_granule - 1) / enc_granule : 1;
   uint32_t float_mode = (mode.round32 & 3u) | (mode.round16_64 & 3u) << 2 |
                         (mode.denorm32 == ACO_DENORM_FLUSH ? 0u : 3u) << 4 |
                         (mode.denorm16_64 == ACO_DENORM_FLUSH ? 0u : 3u) << 6;
   rsrc[0] = ((vgpr_blocks - 1) & 0x3f) | float_mode << 12 | 1u << 25;
   uint32_t lds_blocks = (lds_bytes + 511) / 512;
   /* SCRATCH_EN: the wave gets a slice of the scratch ring (and, on GFX10.3, its offset
    * in an SGPR the entry adds to the scratch base) */
   bool scratch = scratch_bytes || l->scratch_sgpr >= 0;
   rsrc[1] = (scratch ? 1u : 0u) | (l->num_user_sgprs & 0x1f) << 1 |
             (l->workgroup_id_sgpr[0] >= 0 ? 1u << 7 : 0) |
             (l->workgroup_id_sgpr[1] >= 0 ? 1u << 8 : 0) |
             (l->workgroup_id_sgpr[2] >= 0 ? 1u << 9 : 0) |
             (l->local_id_count ? (l->local_id_count - 1) & 3u : 0) << 11 |
             (lds_blocks & 0x1ff) << 15;
   rsrc[2] = 0;
}

static void
put_arg(uint32_t *dst, aco_type t, const struct air_interp_arg *a)
{
   unsigned comps = t.comps ? t.comps : 1;
   for (unsigned c = 0; c < comps; c++) {
      uint64_t v = a->c[c];
      if (t.bits == 64) {
         dst[2 * c] = (uint32_t)v;
         dst[2 * c + 1] = (uint32_t)(v >> 32);
      } else {
         uint64_t mask = t.bits >= 32 ? 0xffffffffu : ((1u << t.bits) - 1u);
         dst[c] = (uint32_t)(v & mask);
      }
   }
}

aco_status
aco_entry_fill_launch(const struct aco_function *f, const aco_binary *bin,
                      const struct air_interp_arg *args, const uint32_t grid[3],
                      uint64_t argblock_addr, uint8_t *argblock, uint32_t argblock_size,
                      uint64_t scratch_base, struct aco_emu_launch *launch)
{
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_entry_layout l;
   /* as instruction selection decided: entries that call set up scratch for callees, and
    * SCRATCH_EN says an entry takes the scratch base (GFX10.3) even when its code ended
    * up with no scratch (a retry for spilling forced the input) */
   aco_status s = aco_entry_layout_compute_scratch(
      f, &arena,
      bin->config.scratch_bytes_per_lane > 0 || air_function_calls(f) || (bin->config.rsrc2 & 1u),
      &l);
   if (s != ACO_SUCCESS) {
      aco_arena_finish(&arena);
      return s;
   }
   memset(launch, 0, sizeof(*launch));
   const aco_symbol *sym = NULL;
   for (uint32_t i = 0; i < bin->num_symbols; i++) {
      if (bin->symbols[i].name && !strcmp(bin->symbols[i].name, f->name))
         sym = &bin->symbols[i];
   }
   if (!sym || l.num_user_sgprs > ACO_EMU_MAX_USER_SGPRS ||
       (l.argblock_sgpr >= 0 && (!argblock || argblock_size < l.argblock_size))) {
      aco_arena_finish(&arena);
      return ACO_ERROR_INVALID_ARGUMENT;
   }
   launch->entry = sym->offset;
   for (unsigned c = 0; c < 3; c++) {
      launch->grid[c] = grid && grid[c] ? grid[c] : 1;
      launch->block[c] = f->workgroup_size[c] ? f->workgroup_size[c] : 1;
      launch->workgroup_id_sgpr[c] = (int8_t)l.workgroup_id_sgpr[c];
   }
   launch->num_sgprs = bin->config.num_sgprs;
   launch->num_vgprs = bin->config.num_vgprs;
   launch->num_user_sgprs = l.num_user_sgprs;
   if (l.scratch_sgpr >= 0) {
      launch->user_sgprs[l.scratch_sgpr] = (uint32_t)scratch_base;
      launch->user_sgprs[l.scratch_sgpr + 1] = (uint32_t)(scratch_base >> 32);
   }
   if (l.argblock_sgpr >= 0) {
      memset(argblock, 0, l.argblock_size);
      launch->user_sgprs[l.argblock_sgpr] = (uint32_t)argblock_addr;
      launch->user_sgprs[l.argblock_sgpr + 1] = (uint32_t)(argblock_addr >> 32);
   }
   for (uint32_t i = 0; i < f->num_params; i++) {
      uint32_t words[32] = {0};
      put_arg(words, f->params[i].type, &args[i]);
      if (l.args[i].in_block)
         memcpy(argblock + l.args[i].block_offset, words, l.args[i].dwords * 4u);
      else
         memcpy(&launch->user_sgprs[l.args[i].sgpr], words, l.args[i].dwords * 4u);
   }
   launch->local_id = l.local_id_packed ? ACO_EMU_LOCAL_ID_PACKED : ACO_EMU_LOCAL_ID_THREE_VGPRS;
   launch->local_id_vgpr = 0;
   launch->scratch_bytes_per_lane = bin->config.scratch_bytes_per_lane;
   /* recursion: the depth is the driver's choice; the emulator gives every lane 16 KiB */
   if (bin->config.dynamic_stack && launch->scratch_bytes_per_lane < ACO_ENTRY_DYNAMIC_STACK)
      launch->scratch_bytes_per_lane = ACO_ENTRY_DYNAMIC_STACK;
   launch->lds_bytes = bin->config.lds_bytes;
   launch->abi_check = true;
   launch->mode_set = true;
   launch->mode = (uint8_t)(bin->config.rsrc1 >> 12); /* FLOAT_MODE: the same bits as MODE */
   aco_arena_finish(&arena);
   return ACO_SUCCESS;
}

aco_status
aco_entry_fill_dispatch(const struct aco_function *f, const aco_binary *bin,
                        const struct air_interp_arg *args, const uint32_t grid[3],
                        uint64_t argblock_addr, uint8_t *argblock, uint32_t argblock_size,
                        uint64_t scratch_base, uint32_t scratch_waves,
                        struct aco_emu_dispatch *d)
{
   struct aco_emu_launch l;
   aco_status s = aco_entry_fill_launch(f, bin, args, grid, argblock_addr, argblock,
                                        argblock_size, scratch_base, &l);
   if (s != ACO_SUCCESS)
      return s;
   memset(d, 0, sizeof(*d));
   d->entry = l.entry;
   d->rsrc1 = bin->config.rsrc1;
   d->rsrc2 = bin->config.rsrc2;
   d->rsrc3 = bin->config.rsrc3;
   memcpy(d->grid, l.grid, sizeof(d->grid));
   memcpy(d->block, l.block, sizeof(d->block));
   memcpy(d->user_data, l.user_sgprs, sizeof(d->user_data));
   if (bin->config.rsrc2 & 1u) {
      unsigned wave = f->program->target.wave_size;
      d->scratch_base = scratch_base;
      d->scratch_wave_bytes = (l.scratch_bytes_per_lane * wave + 255u) & ~255u;
      d->scratch_waves = scratch_waves;
   }
   d->abi_check = true;
   return ACO_SUCCESS;
}
