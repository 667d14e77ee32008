/* SPDX-License-Identifier: MIT */
/* The schedulers' dependency graph (sched_deps.h). */
#include "sched/sched_deps.h"

#include "target/latency.h"
#include "target/opcodes.h"

#include <string.h>

void
sched_deps_begin(struct sched_deps *d)
{
   for (unsigned k = 0; k < d->num_touched; k++) {
      d->last_writer[d->touched[k]] = 0;
      d->readers[d->touched[k]] = 0;
   }
   d->num_touched = 0;
   d->num_edges = 0;
   d->overflow = false;
   d->last_store = -1;
   d->num_loads = 0;
}

void
sched_deps_edge(struct sched_deps *d, unsigned from, unsigned to, unsigned latency)
{
   if (from == to)
      return;
   if (d->num_edges == SCHED_MAX_EDGES) {
      d->overflow = true;
      return;
   }
   d->edges[d->num_edges++] = (struct sched_edge){(uint16_t)from, (uint16_t)to,
                                                  (uint16_t)latency};
}

static void
touch(struct sched_deps *d, unsigned f)
{
   if (!d->last_writer[f] && !d->readers[f])
      d->touched[d->num_touched++] = (uint16_t)f;
}

void
sched_deps_read(struct sched_deps *d, unsigned i, unsigned f)
{
   if (f >= SCHED_NUM_FIELDS)
      return;
   touch(d, f);
   if (d->last_writer[f]) {
      unsigned w = d->last_writer[f] - 1u;
      sched_deps_edge(d, w, i, d->latency[w]);
   }
   d->readers[f] |= UINT64_C(1) << i;
}

void
sched_deps_write(struct sched_deps *d, unsigned i, unsigned f)
{
   if (f >= SCHED_NUM_FIELDS)
      return;
   touch(d, f);
   if (d->last_writer[f])
      sched_deps_edge(d, d->last_writer[f] - 1u, i, 1);
   for (uint64_t r = d->readers[f]; r; r &= r - 1)
      sched_deps_edge(d, (unsigned)__builtin_ctzll(r), i, 0);
   d->readers[f] = 0;
   d->last_writer[f] = (uint16_t)(i + 1);
}

void
sched_field_range(aco_physreg reg, aco_rc rc, unsigned *first, unsigned *count)
{
   unsigned bytes = aco_physreg_byte(reg) + aco_rc_bytes(rc);
   *first = aco_physreg_field(reg);
   *count = bytes > 4 ? (bytes + 3) / 4 : 1;
}

static void
access(struct sched_deps *d, unsigned i, unsigned f, bool write)
{
   if (write)
      sched_deps_write(d, i, f);
   else
      sched_deps_read(d, i, f);
}

void
sched_deps_implicit(struct sched_deps *d, unsigned i, const struct aco_minstr *in, uint8_t cls,
                    bool write)
{
   uint32_t flags = aco_op_info(in->opcode)->flags;
   unsigned lm = d->p->wave_size == 64 ? 2 : 1;
   bool vector = (cls >= ACO_T_VALU && cls <= ACO_T_VOPD) || cls == ACO_T_VMEM ||
                 cls == ACO_T_LDS;
   bool exec = write ? (flags & ACO_OPF_WRITE_EXEC) != 0
                     : vector || (flags & ACO_OPF_READ_EXEC) != 0;
   for (unsigned k = 0; exec && k < lm; k++)
      access(d, i, ACO_REG_EXEC_LO + k, write);
   if (flags & (write ? ACO_OPF_WRITE_VCC : ACO_OPF_READ_VCC)) {
      for (unsigned k = 0; k < lm; k++)
         access(d, i, ACO_REG_VCC_LO + k, write);
   }
   if (flags & (write ? ACO_OPF_WRITE_SCC : ACO_OPF_READ_SCC))
      access(d, i, ACO_REG_SCC, write);
   if (flags & (write ? ACO_OPF_WRITE_M0 : ACO_OPF_READ_M0))
      access(d, i, d->p->gfx->reg_m0, write);
}

void
sched_deps_memory(struct sched_deps *d, unsigned i, bool writes)
{
   if (d->last_store >= 0)
      sched_deps_edge(d, (unsigned)d->last_store, i, 1);
   if (writes) {
      for (unsigned k = 0; k < d->num_loads; k++)
         sched_deps_edge(d, d->loads[k], i, 0);
      d->num_loads = 0;
      d->last_store = (int)i;
   } else if (d->num_loads < SCHED_REGION_MAX) {
      d->loads[d->num_loads++] = (uint8_t)i;
   }
}

bool
sched_writes_memory(const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (info->format == ACO_FMT_DS)
      return strncmp(info->name, "ds_read", 7) != 0 && strncmp(info->name, "ds_load", 7) != 0;
   return (info->flags & (ACO_OPF_STORE | ACO_OPF_ATOMIC)) != 0;
}
