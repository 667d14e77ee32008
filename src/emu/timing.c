/* SPDX-License-Identifier: MIT */
/* The timing model (docs/timing.md has the figures and where each comes from). */
#include "emu/timing.h"

#include "emu/emu_core.h"

#include <string.h>


static bool
has(const char *name, const char *part)
{
   return strstr(name, part) != NULL;
}

static bool
is_vector_class(uint8_t cls)
{
   return cls >= ACO_T_VALU && cls <= ACO_T_VOPD;
}

void
emu_timing_reset(struct emu_timing *t)
{
   memset(t, 0, sizeof(*t));
}

static uint64_t
max64(uint64_t a, uint64_t b)
{
   return a > b ? a : b;
}

/* The operand fields [first, first + count) of a register operand or definition. */
static void
reg_range(aco_physreg reg, aco_rc rc, unsigned *first, unsigned *count)
{
   unsigned f = aco_physreg_field(reg);
   unsigned bytes = aco_physreg_byte(reg) + aco_rc_bytes(rc);
   unsigned n = (bytes + 3) / 4;
   *first = f;
   *count = n ? n : 1;
}

static uint64_t
fields_ready(const struct emu_timing *t, unsigned first, unsigned count)
{
   uint64_t r = 0;
   for (unsigned i = 0; i < count && first + i < 512; i++)
      r = max64(r, t->ready[first + i]);
   return r;
}

static void
set_ready(struct emu_timing *t, unsigned first, unsigned count, uint64_t when)
{
   for (unsigned i = 0; i < count && first + i < 512; i++)
      t->ready[first + i] = when;
}

/* Implicit register reads and writes from the opcode's flags (and exec for every vector
 * instruction). */
static void
implicit_fields(const struct emu_wave *w, uint32_t flags, bool vector, bool write,
                unsigned out[4][2], unsigned *n)
{
   unsigned lm = w->wave_size == 64 ? 2 : 1;
   *n = 0;
   bool exec = write ? (flags & ACO_OPF_WRITE_EXEC) : (vector || (flags & ACO_OPF_READ_EXEC));
   if (exec)
      out[(*n)][0] = ACO_REG_EXEC_LO, out[(*n)++][1] = lm;
   if (flags & (write ? ACO_OPF_WRITE_VCC : ACO_OPF_READ_VCC))
      out[(*n)][0] = ACO_REG_VCC_LO, out[(*n)++][1] = lm;
   if (flags & (write ? ACO_OPF_WRITE_SCC : ACO_OPF_READ_SCC))
      out[(*n)][0] = ACO_REG_SCC, out[(*n)++][1] = 1;
   if (flags & (write ? ACO_OPF_WRITE_M0 : ACO_OPF_READ_M0))
      out[(*n)][0] = w->gfx->reg_m0, out[(*n)++][1] = 1;
}

void
emu_timing_begin(struct emu_wave_state *ws, const struct emu_decoded *d)
{
   struct emu_timing *t = &ws->timing;
   const struct aco_minstr *in = d->in;
   uint64_t deps = 0;
   struct aco_tcost c = aco_timing_cost(ws->w.level, d->tclass);
   if (in) {
      for (unsigned i = 0; i < in->num_operands; i++) {
         const aco_operand *op = &in->operands[i];
         if ((op->kind != ACO_OPND_TEMP && op->kind != ACO_OPND_REG) || !op->fixed)
            continue;
         unsigned first, count;
         reg_range(op->reg, op->temp.rc, &first, &count);
         deps = max64(deps, fields_ready(t, first, count));
      }
      unsigned imp[4][2], n;
      implicit_fields(&ws->w, aco_op_info(in->opcode)->flags, is_vector_class(d->tclass),
                      false, imp, &n);
      for (unsigned i = 0; i < n; i++)
         deps = max64(deps, fields_ready(t, imp[i][0], imp[i][1]));
   }
   uint64_t issue = max64(t->cycle, deps);
   t->dep_stall += issue - t->cycle;
   if (c.unit < ACO_UNIT_COUNT) {
      uint64_t u = t->unit_free[c.unit];
      if (c.complex_cost)
         u = max64(u, t->unit_free[ACO_UNIT_TRANS]);
      if (u > issue) {
         t->unit_stall += u - issue;
         issue = u;
      }
   }
   t->cycle = issue;
   t->issue = issue;
}

uint64_t
emu_timing_mem_ready(struct emu_wave_state *ws, unsigned counter, bool smem, bool in_order)
{
   struct emu_timing *t = &ws->timing;
   uint64_t lat;
   if (smem) {
      const struct aco_minstr *in = ws->cur;
      bool reg_offset = false;
      if (in && has(aco_op_info(in->opcode)->name, "s_buffer_load")) {
         for (unsigned i = 1; i < in->num_operands; i++)
            reg_offset |= in->operands[i].kind != ACO_OPND_CONST;
      }
      lat = reg_offset ? ACO_SMEM_MISS_CYCLES : ACO_SMEM_CYCLES;
   } else if (counter == EMU_CNT_DS || (counter == EMU_CNT_KM && !smem)) {
      lat = ACO_LDS_CYCLES;
   } else {
      lat = ACO_VMEM_CYCLES;
   }
   uint64_t done = t->issue + lat;
   if (in_order && counter < 4) {
      done = max64(done, t->last_done[counter]);
      t->last_done[counter] = done;
   }
   return done;
}

void
emu_timing_stall_until(struct emu_wave_state *ws, uint64_t ready)
{
   struct emu_timing *t = &ws->timing;
   if (ready > t->cycle) {
      t->wait_stall += ready - t->cycle;
      t->cycle = ready;
   }
}

void
emu_timing_end(struct emu_wave_state *ws, const struct emu_decoded *d, uint64_t old_pc)
{
   struct emu_timing *t = &ws->timing;
   const struct aco_minstr *in = d->in;
   uint8_t cls = d->tclass;
   struct aco_tcost c = aco_timing_cost(ws->w.level, cls);
   unsigned p = aco_timing_passes(ws->w.level, ws->w.wave_size, cls);
   uint64_t issue = t->issue;
   if (c.unit < ACO_UNIT_COUNT) {
      t->unit_free[c.unit] = max64(t->unit_free[c.unit], issue + (uint64_t)c.cost * p);
      if (c.complex_cost)
         t->unit_free[ACO_UNIT_TRANS] =
            max64(t->unit_free[ACO_UNIT_TRANS], issue + (uint64_t)c.complex_cost * p);
   }
   /* results: memory results are covered by the waits, the others by their latency */
   bool memory = cls == ACO_T_SMEM || cls == ACO_T_VMEM || cls == ACO_T_LDS;
   uint64_t ready = issue + (memory ? 0 : c.latency + (p - 1));
   if (in) {
      for (unsigned i = 0; i < in->num_definitions; i++) {
         unsigned first, count;
         reg_range(in->definitions[i].reg, in->definitions[i].temp.rc, &first, &count);
         set_ready(t, first, count, ready);
      }
      unsigned imp[4][2], n;
      implicit_fields(&ws->w, aco_op_info(in->opcode)->flags, false, true, imp, &n);
      for (unsigned i = 0; i < n; i++)
         set_ready(t, imp[i][0], imp[i][1], ready);
   }
   /* one issue cycle per pass; s_nop N idles N + 1 cycles */
   uint64_t next = issue + p;
   if (in && in->opcode == aco_op_s_nop)
      next = issue + (in->imm & 0xf) + 1;
   if (cls == ACO_T_BRANCH && !ws->done && ws->w.pc != old_pc + d->dwords * 4u) {
      next = issue + ACO_BRANCH_TAKEN_CYCLES;
      t->branch_cycles += ACO_BRANCH_TAKEN_CYCLES - 1;
   }
   t->cycle = max64(t->cycle, next);
}
