/* SPDX-License-Identifier: MIT */
/* The static cycle estimate of a binary (docs/statistics.md), with the figures of
 * target/latency.h that the schedulers and the emulator's timing model use.
 *
 * Each block of a lowered machine program is issued in order by one wave on an otherwise
 * idle SIMD: an instruction issues when the previous one has, its unit is free again (issue
 * cost times the wave64 passes) and its register operands are ready (the producer's result
 * latency; loads: the memory latency). Results still in flight at the end of a block are
 * still in flight at the start of the next one in code order. A block's cycles are those until its last instruction issues; blocks in loops count as
 * several runs (8 at depth 1, times 4 at depth 2, times 2 per level deeper).
 *
 * The latency is the sum of the weighted block cycles; the inverse throughput is what one
 * wave costs when the SIMD holds as many waves as the registers allow: the latency divided
 * by that many waves, or the weighted issue cycles of the busiest unit if more. */
#include "api/binary.h"

#include "api/binary_ext.h"
#include "target/opcodes.h"

#include <string.h>

#define NUM_FIELDS 512

static unsigned
result_latency(uint8_t cls, struct aco_tcost cost)
{
   switch (cls) {
   case ACO_T_VMEM: return ACO_VMEM_CYCLES;
   case ACO_T_LDS: return ACO_LDS_CYCLES;
   case ACO_T_SMEM: return ACO_SMEM_CYCLES;
   default: return cost.latency;
   }
}

static double
loop_weight(uint32_t depth)
{
   double w = 1.0;
   if (depth >= 1)
      w *= 8.0;
   if (depth >= 2)
      w *= 4.0;
   for (uint32_t d = 2; d < depth && d < 32; d++)
      w *= 2.0;
   return w;
}

void
aco_estimate_add(struct aco_estimate *e, const struct aco_mprogram *p)
{
   uint64_t ready[NUM_FIELDS];
   memset(ready, 0, sizeof(ready));
   for (uint32_t bi = 0; bi < p->blocks.len; bi++) {
      const struct aco_mblock *b = p->blocks.data[bi];
      uint64_t unit_free[ACO_UNIT_COUNT + 1] = {0};
      double used[ACO_UNIT_COUNT] = {0};
      uint64_t cycle = 0;
      for (uint32_t k = 0; k < b->instrs.len; k++) {
         const struct aco_minstr *in = b->instrs.data[k];
         if (aco_op_info(in->opcode)->format == ACO_FMT_PSEUDO)
            continue; /* nothing of it is left in the code */
         uint8_t cls = aco_timing_class(in->opcode);
         struct aco_tcost cost = aco_timing_cost(p->gfx_level, cls);
         unsigned passes = aco_timing_passes(p->gfx_level, p->wave_size, cls);
         uint64_t issue = cycle;
         if (unit_free[cost.unit] > issue)
            issue = unit_free[cost.unit];
         if (cost.complex_cost && unit_free[ACO_UNIT_TRANS] > issue)
            issue = unit_free[ACO_UNIT_TRANS];
         for (unsigned o = 0; o < in->num_operands; o++) {
            const aco_operand *op = &in->operands[o];
            if (!aco_operand_has_reg(op))
               continue;
            unsigned f = aco_physreg_field(op->reg), n = aco_rc_reg_count(op->temp.rc);
            for (unsigned r = f; r < f + n && r < NUM_FIELDS; r++)
               if (ready[r] > issue)
                  issue = ready[r];
         }
         if (cost.unit < ACO_UNIT_COUNT) {
            unit_free[cost.unit] = issue + (uint64_t)cost.cost * passes;
            used[cost.unit] += (double)cost.cost * passes;
         }
         if (cost.complex_cost) {
            unit_free[ACO_UNIT_TRANS] = issue + (uint64_t)cost.complex_cost * passes;
            used[ACO_UNIT_TRANS] += (double)cost.complex_cost * passes;
         }
         uint64_t done = issue + result_latency(cls, cost) + (passes - 1u) * cost.cost;
         for (unsigned d = 0; d < in->num_definitions; d++) {
            const aco_definition *def = &in->definitions[d];
            if (!def->fixed)
               continue;
            unsigned f = aco_physreg_field(def->reg), n = aco_rc_reg_count(def->temp.rc);
            for (unsigned r = f; r < f + n && r < NUM_FIELDS; r++)
               ready[r] = done;
         }
         cycle = issue + 1;
      }
      /* what is still in flight carries into the next block in code order */
      for (unsigned r = 0; r < NUM_FIELDS; r++)
         ready[r] = ready[r] > cycle ? ready[r] - cycle : 0;
      double w = loop_weight(b->loop_depth);
      e->latency += (double)cycle * w;
      for (unsigned u = 0; u < ACO_UNIT_COUNT; u++)
         e->usage[u] += used[u] * w;
   }
}

void
aco_estimate_finish(const struct aco_estimate *e, aco_target target, uint32_t num_vgprs,
                    struct aco_binary_parts *parts)
{
   uint32_t waves = aco_binary_waves(target, num_vgprs);
   double inv = e->latency / (waves ? waves : 1);
   for (unsigned u = 0; u < ACO_UNIT_COUNT; u++)
      if (e->usage[u] > inv)
         inv = e->usage[u];
   parts->waves = waves;
   parts->latency = (uint64_t)(e->latency + 0.5);
   parts->inv_throughput = (uint64_t)(inv + 0.5);
}
