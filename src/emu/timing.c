/* SPDX-License-Identifier: MIT */
/* The timing model (docs/timing.md has the figures and where each comes from). */
#include "emu/timing.h"

#include "emu/emu_core.h"

#include <string.h>

/* Taken branches, jumps, calls and returns: the wave refetches from the target. */
#define EMU_BRANCH_TAKEN_CYCLES 32
/* Memory latencies (issue to completion). */
#define EMU_VMEM_CYCLES 320
#define EMU_LDS_CYCLES 20
#define EMU_SMEM_CYCLES 30      /* s_load: a constant address, likely an L0 hit */
#define EMU_SMEM_MISS_CYCLES 200 /* s_buffer_load with a register offset */

static bool
name_is(const char *name, const char *const *list)
{
   for (; *list; list++) {
      if (!strcmp(name, *list))
         return true;
   }
   return false;
}

static bool
has(const char *name, const char *part)
{
   return strstr(name, part) != NULL;
}

/* Full-rate ops the GFX11 VALU runs in one pass in wave64. */
static const char *const dual_issue_ops[] = {
   "v_fma_f32", "v_fmac_f32", "v_fmaak_f32", "v_fmamk_f32", "v_mul_f32", "v_add_f32",
   "v_sub_f32", "v_subrev_f32", "v_fma_f16", "v_fmac_f16", "v_fmaak_f16", "v_fmamk_f16",
   "v_mul_f16", "v_add_f16", "v_sub_f16", "v_subrev_f16", "v_mov_b32", "v_cndmask_b32",
   "v_max_f32", "v_min_f32", "v_max_f16", "v_min_f16", "v_max_num_f32", "v_min_num_f32",
   "v_max_num_f16", "v_min_num_f16", "v_dot2_f32_f16", "v_dot2c_f32_f16", NULL,
};

static const char *const quarter_rate_ops[] = {
   "v_mul_lo_u32", "v_mul_hi_u32", "v_mul_hi_i32", "v_mad_u64_u32", "v_mad_i64_i32",
   "v_mad_co_u64_u32", "v_mad_co_i64_i32", "v_mul_lo_i32", NULL,
};

static const char *const valu64_ops[] = {
   "v_lshlrev_b64", "v_lshrrev_b64", "v_ashrrev_i64", "v_lshl_add_u64", "v_add_nc_u64",
   "v_sub_nc_u64", "v_mov_b64", NULL,
};

uint8_t
emu_timing_class(unsigned level, unsigned opcode)
{
   (void)level;
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)opcode);
   const char *name = info->name;
   switch (info->format) {
   case ACO_FMT_SOP1:
   case ACO_FMT_SOP2:
   case ACO_FMT_SOPK:
   case ACO_FMT_SOPC:
   case ACO_FMT_SOPP:
      if (info->flags & (ACO_OPF_BRANCH | ACO_OPF_CALL) || !strcmp(name, "s_setpc_b64") ||
          !strcmp(name, "s_swappc_b64") || !strcmp(name, "s_call_b64"))
         return EMU_T_BRANCH;
      if (info->format == ACO_FMT_SOPP)
         return EMU_T_OTHER;
      return (info->flags & ACO_OPF_FLOAT) ? EMU_T_SFPU : EMU_T_SALU;
   case ACO_FMT_SMEM: return EMU_T_SMEM;
   case ACO_FMT_DS: return EMU_T_LDS;
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
   case ACO_FMT_MUBUF: return EMU_T_VMEM;
   case ACO_FMT_VOPD: return EMU_T_VOPD;
   case ACO_FMT_VOP1:
   case ACO_FMT_VOP2:
   case ACO_FMT_VOPC:
   case ACO_FMT_VOP3:
   case ACO_FMT_VOP3P:
      if (has(name, "f64"))
         return EMU_T_DOUBLE;
      if (info->hazard & ACO_HZ_TRANS)
         return EMU_T_TRANS;
      if (name_is(name, quarter_rate_ops))
         return EMU_T_QUARTER;
      if (name_is(name, valu64_ops))
         return EMU_T_VALU64;
      if (name_is(name, dual_issue_ops))
         return EMU_T_VALU_DUAL;
      return EMU_T_VALU;
   default: return EMU_T_OTHER;
   }
}

/* Result latency, unit, issue cost on it and on the transcendental/complex unit. */
struct tcost {
   uint8_t latency, unit, cost, complex_cost;
};

static struct tcost
cost_of(aco_gfx_level level, uint8_t cls)
{
   bool gfx11 = level >= ACO_GFX1100;
   switch (cls) {
   case EMU_T_VALU:
   case EMU_T_VALU_DUAL:
   case EMU_T_VOPD: return (struct tcost){5, EMU_UNIT_VALU, 1, 0};
   case EMU_T_VALU64: return (struct tcost){6, EMU_UNIT_VALU, 2, 2};
   case EMU_T_QUARTER: return (struct tcost){8, EMU_UNIT_VALU, 4, 4};
   case EMU_T_TRANS: return (struct tcost){10, EMU_UNIT_VALU, 1, 4};
   case EMU_T_DOUBLE: return (struct tcost){gfx11 ? 38 : 22, EMU_UNIT_VALU, 16, 16};
   case EMU_T_SALU: return (struct tcost){2, EMU_UNIT_SALU, 1, 0};
   case EMU_T_SFPU: return (struct tcost){4, EMU_UNIT_SALU, 1, 0};
   case EMU_T_BRANCH: return (struct tcost){0, EMU_UNIT_BRANCH, 3, 0};
   case EMU_T_SMEM: return (struct tcost){0, EMU_UNIT_SMEM, 1, 0};
   case EMU_T_VMEM: return (struct tcost){0, EMU_UNIT_VMEM, 1, 0};
   case EMU_T_LDS: return (struct tcost){0, EMU_UNIT_LDS, 1, 0};
   default: return (struct tcost){0, EMU_UNIT_COUNT, 0, 0};
   }
}

/* Vector instructions that take two passes of the 32-lane SIMD in wave64. */
static unsigned
passes(const struct emu_wave *w, uint8_t cls)
{
   if (w->wave_size != 64)
      return 1;
   switch (cls) {
   case EMU_T_VALU_DUAL: return w->level >= ACO_GFX1100 ? 1 : 2;
   case EMU_T_VALU:
   case EMU_T_VALU64:
   case EMU_T_QUARTER:
   case EMU_T_TRANS:
   case EMU_T_DOUBLE:
   case EMU_T_VMEM:
   case EMU_T_LDS: return 2;
   default: return 1;
   }
}

static bool
is_vector_class(uint8_t cls)
{
   return cls >= EMU_T_VALU && cls <= EMU_T_VOPD;
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
   struct tcost c = cost_of(ws->w.level, d->tclass);
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
   if (c.unit < EMU_UNIT_COUNT) {
      uint64_t u = t->unit_free[c.unit];
      if (c.complex_cost)
         u = max64(u, t->unit_free[EMU_UNIT_TRANS]);
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
      lat = reg_offset ? EMU_SMEM_MISS_CYCLES : EMU_SMEM_CYCLES;
   } else if (counter == EMU_CNT_DS || (counter == EMU_CNT_KM && !smem)) {
      lat = EMU_LDS_CYCLES;
   } else {
      lat = EMU_VMEM_CYCLES;
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
   struct tcost c = cost_of(ws->w.level, cls);
   unsigned p = passes(&ws->w, cls);
   uint64_t issue = t->issue;
   if (c.unit < EMU_UNIT_COUNT) {
      t->unit_free[c.unit] = max64(t->unit_free[c.unit], issue + (uint64_t)c.cost * p);
      if (c.complex_cost)
         t->unit_free[EMU_UNIT_TRANS] =
            max64(t->unit_free[EMU_UNIT_TRANS], issue + (uint64_t)c.complex_cost * p);
   }
   /* results: memory results are covered by the waits, the others by their latency */
   bool memory = cls == EMU_T_SMEM || cls == EMU_T_VMEM || cls == EMU_T_LDS;
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
   if (cls == EMU_T_BRANCH && !ws->done && ws->w.pc != old_pc + d->dwords * 4u) {
      next = issue + EMU_BRANCH_TAKEN_CYCLES;
      t->branch_cycles += EMU_BRANCH_TAKEN_CYCLES - 1;
   }
   t->cycle = max64(t->cycle, next);
}
