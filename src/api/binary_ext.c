/* SPDX-License-Identifier: MIT */
/* The binary's layout in its one allocation, its private trailer, and the statistics and
 * representations read from both (include/aco/aco_statistics.h, docs/statistics.md). */
#include "api/binary_ext.h"

#include <stdalign.h>
#include <string.h>

static size_t
align_up(size_t v, size_t a)
{
   return (v + a - 1) & ~(a - 1);
}

static size_t
ext_offset(void)
{
   return align_up(sizeof(aco_binary), alignof(struct aco_binary_ext));
}

const struct aco_binary_ext *
aco_binary_ext(const aco_binary *b)
{
   /* the allocation size says whether the trailer is there to read at all */
   if (!b || b->struct_size < sizeof(aco_binary) ||
       b->allocation_size < ext_offset() + sizeof(struct aco_binary_ext))
      return NULL;
   const struct aco_binary_ext *e =
      (const struct aco_binary_ext *)((const char *)b + ext_offset());
   return e->magic == ACO_BINARY_EXT_MAGIC ? e : NULL;
}

size_t
aco_binary_ext_end(void)
{
   return ext_offset() + sizeof(struct aco_binary_ext);
}

void
aco_binary_ext_set(aco_binary *b, uint64_t latency, uint64_t inv_throughput, uint32_t waves)
{
   struct aco_binary_ext *e = (struct aco_binary_ext *)((char *)b + ext_offset());
   memset(e, 0, sizeof(*e));
   e->magic = ACO_BINARY_EXT_MAGIC;
   e->latency = latency;
   e->inv_throughput = inv_throughput;
   e->waves = waves;
}

uint32_t
aco_binary_waves(aco_target target, uint32_t num_vgprs)
{
   const aco_chip_info *chip = aco_chip_of_target(target);
   if (!chip)
      return 0;
   unsigned w64 = target.wave_size == 64;
   unsigned g = chip->vgpr_granule[w64];
   unsigned alloc = num_vgprs ? (num_vgprs + g - 1) / g * g : g;
   unsigned waves = chip->vgprs_per_simd[w64] / alloc;
   return waves > chip->max_waves_per_simd ? chip->max_waves_per_simd : waves;
}

aco_status
aco_binary_pack(const struct aco_binary_parts *in, const aco_allocator *a, aco_binary **out)
{
   size_t names = 0;
   for (uint32_t i = 0; i < in->num_symbols; i++)
      names += strlen(in->symbols[i].name) + 1;
   for (uint32_t i = 0; i < in->num_relocations; i++)
      names += strlen(in->relocations[i].symbol) + 1;
   size_t off_syms = align_up(ext_offset() + sizeof(struct aco_binary_ext), alignof(aco_symbol));
   size_t off_relocs =
      align_up(off_syms + sizeof(aco_symbol) * in->num_symbols, alignof(aco_relocation));
   size_t off_names = off_relocs + sizeof(aco_relocation) * in->num_relocations;
   size_t off_code = align_up(off_names + names, 4);
   size_t off_dis = off_code + in->code_size;
   size_t off_ir = off_dis + (in->disassembly ? strlen(in->disassembly) + 1 : 0);
   size_t total = off_ir + (in->ir ? strlen(in->ir) + 1 : 0);
   char *mem = a->alloc(a->user, total, alignof(aco_binary));
   if (!mem)
      return ACO_ERROR_OUT_OF_MEMORY;
   memset(mem, 0, total);
   aco_binary *bin = (aco_binary *)mem;
   bin->struct_size = sizeof(aco_binary);
   bin->target = in->target;
   aco_symbol *bs = (aco_symbol *)(mem + off_syms);
   char *nm = mem + off_names;
   for (uint32_t i = 0; i < in->num_symbols; i++) {
      bs[i] = in->symbols[i];
      size_t len = strlen(in->symbols[i].name) + 1;
      memcpy(nm, in->symbols[i].name, len);
      bs[i].name = nm;
      nm += len;
   }
   aco_relocation *br = (aco_relocation *)(mem + off_relocs);
   for (uint32_t i = 0; i < in->num_relocations; i++) {
      br[i] = in->relocations[i];
      size_t len = strlen(in->relocations[i].symbol) + 1;
      memcpy(nm, in->relocations[i].symbol, len);
      br[i].symbol = nm;
      nm += len;
   }
   bin->num_relocations = in->num_relocations;
   bin->relocations = in->num_relocations ? br : NULL;
   if (in->code_size)
      memcpy(mem + off_code, in->code, in->code_size);
   bin->code = (const uint8_t *)(mem + off_code);
   bin->code_size = in->code_size;
   bin->num_symbols = in->num_symbols;
   bin->symbols = bs;
   bin->config = in->config;
   bin->stats = in->stats;
   if (in->disassembly) {
      memcpy(mem + off_dis, in->disassembly, off_ir - off_dis);
      bin->disassembly = mem + off_dis;
   }
   struct aco_binary_ext *e = (struct aco_binary_ext *)(mem + ext_offset());
   e->magic = ACO_BINARY_EXT_MAGIC;
   e->latency = in->latency;
   e->inv_throughput = in->inv_throughput;
   e->waves = in->waves;
   if (in->ir) {
      memcpy(mem + off_ir, in->ir, total - off_ir);
      e->ir = mem + off_ir;
   }
   bin->allocator = *a;
   bin->allocation_size = total;
   *out = bin;
   return ACO_SUCCESS;
}

/* ---- statistics ------------------------------------------------------------------------ */

enum stat_source { FROM_STATS, FROM_CONFIG, FROM_EXT };

#define STAT(field) FROM_STATS, offsetof(aco_statistics, field)
static const struct {
   const char *name, *description;
   uint32_t unit;
   uint8_t source;
   size_t offset; /* of a uint32_t in aco_statistics; for the others, an index */
} stat_table[] = {
   {"Instructions", "Machine instructions in the code (each VOPD pair counts once)",
    ACO_STAT_COUNT, STAT(instructions)},
   {"Code size", "Bytes of machine code", ACO_STAT_BYTES, STAT(code_bytes)},
   {"Copies", "Register copies that remained after register allocation", ACO_STAT_COUNT,
    STAT(copies)},
   {"Branches", "Branch instructions", ACO_STAT_COUNT, STAT(branches)},
   {"SALU", "Scalar ALU instructions", ACO_STAT_COUNT, STAT(salu)},
   {"VALU", "Vector ALU instructions", ACO_STAT_COUNT, STAT(valu)},
   {"SMEM", "Scalar memory instructions", ACO_STAT_COUNT, STAT(smem)},
   {"VMEM", "Vector memory instructions (global, scratch, buffer)", ACO_STAT_COUNT, STAT(vmem)},
   {"LDS", "Shared-memory (DS) instructions", ACO_STAT_COUNT, STAT(lds)},
   {"SGPR spills", "SGPRs written to spill space", ACO_STAT_COUNT, STAT(sgpr_spills)},
   {"SGPR reloads", "SGPRs read back from spill space", ACO_STAT_COUNT, STAT(sgpr_reloads)},
   {"VGPR spills", "VGPRs written to scratch", ACO_STAT_COUNT, STAT(vgpr_spills)},
   {"VGPR reloads", "VGPRs read back from scratch", ACO_STAT_COUNT, STAT(vgpr_reloads)},
   {"Waits", "s_waitcnt-style wait instructions", ACO_STAT_COUNT, STAT(waits)},
   {"NOPs", "s_nop instructions inserted for hazards", ACO_STAT_COUNT, STAT(nops)},
   {"SGPRs", "SGPRs allocated per wave", ACO_STAT_REGISTERS, FROM_CONFIG, 0},
   {"VGPRs", "VGPRs allocated per lane", ACO_STAT_REGISTERS, FROM_CONFIG, 1},
   {"Scratch", "Scratch bytes per lane (the deepest call path)", ACO_STAT_BYTES, FROM_CONFIG, 2},
   {"Waves per SIMD", "Waves of this program one SIMD holds at once, as the VGPRs allow",
    ACO_STAT_WAVES, FROM_EXT, 0},
   {"Latency", "Estimated cycles one wave takes alone, loops counted as several iterations",
    ACO_STAT_CYCLES, FROM_EXT, 1},
   {"Inverse throughput",
    "Estimated cycles per wave with the SIMD full of waves: the latency shared among them, or "
    "the busiest execution unit if that is more",
    ACO_STAT_CYCLES, FROM_EXT, 2},
};

#define NUM_STATS (sizeof(stat_table) / sizeof(stat_table[0]))

uint32_t
aco_binary_statistic_count(const aco_binary *binary)
{
   return binary ? NUM_STATS : 0;
}

aco_status
aco_binary_statistic(const aco_binary *binary, uint32_t index, aco_statistic_info *info)
{
   if (!binary || !info || info->struct_size < sizeof(aco_statistic_info) || index >= NUM_STATS)
      return ACO_ERROR_INVALID_ARGUMENT;
   uint64_t v = 0;
   const struct aco_binary_ext *e = aco_binary_ext(binary);
   switch (stat_table[index].source) {
   case FROM_STATS: {
      uint32_t x;
      memcpy(&x, (const char *)&binary->stats + stat_table[index].offset, sizeof(x));
      v = x;
      break;
   }
   case FROM_CONFIG:
      v = stat_table[index].offset == 0   ? binary->config.num_sgprs
          : stat_table[index].offset == 1 ? binary->config.num_vgprs
                                          : binary->config.scratch_bytes_per_lane;
      break;
   default:
      if (stat_table[index].offset == 0)
         v = e ? e->waves : aco_binary_waves(binary->target, binary->config.num_vgprs);
      else if (e)
         v = stat_table[index].offset == 1 ? e->latency : e->inv_throughput;
      break;
   }
   info->unit = stat_table[index].unit;
   info->name = stat_table[index].name;
   info->description = stat_table[index].description;
   info->value = v;
   return ACO_SUCCESS;
}

/* ---- representations ------------------------------------------------------------------- */

uint32_t
aco_binary_representation_count(const aco_binary *binary)
{
   if (!binary)
      return 0;
   const struct aco_binary_ext *e = aco_binary_ext(binary);
   return (binary->disassembly != NULL) + (e && e->ir);
}

aco_status
aco_binary_representation(const aco_binary *binary, uint32_t index, aco_representation_info *info)
{
   if (!binary || !info || info->struct_size < sizeof(aco_representation_info) ||
       index >= aco_binary_representation_count(binary))
      return ACO_ERROR_INVALID_ARGUMENT;
   if (index == 0 && binary->disassembly) {
      info->name = "Disassembly";
      info->description = "The machine code as llvm-objdump prints it, function by function";
      info->text = binary->disassembly;
   } else {
      info->name = "Machine IR";
      info->description = "The machine IR of each function after each compiler pass";
      info->text = aco_binary_ext(binary)->ir;
   }
   return ACO_SUCCESS;
}
