/* SPDX-License-Identifier: MIT */
/* aco_select_instructions: front IR -> SSA machine IR.
 *
 * Every front-IR value becomes one temporary whose register class follows from its type
 * and divergence: uniform values live in SGPRs, divergent ones in VGPRs (8- and 16-bit
 * values in a whole VGPR, upper bits undefined), booleans are lane masks (s1 in wave32,
 * s2 in wave64; a uniform boolean is all ones or zero). Constants are not given
 * registers: each use gets an inline constant, a literal or a fresh s_mov.
 *
 * Structured control flow, the logical and linear CFGs and the exec mask are
 * select_cf.c's; calls, function starts and returns select_call.c's. */
#include "isel/isel.h"

#include <stdio.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------------------------- */

bool
isel_failed(const struct isel_ctx *c)
{
   return c->p->status != ACO_SUCCESS;
}

struct aco_minstr *
isel_emit(struct isel_ctx *c, enum aco_opcode op, unsigned nops, unsigned ndefs)
{
   struct aco_minstr *in = aco_minstr_create(&c->p->arena, op, nops, ndefs);
   if (aco_op_info(op)->flags & ACO_OPF_WRITE_SCC)
      c->scc_bool.id = 0;
   if (aco_op_info(op)->format != ACO_FMT_PSEUDO && !isel_has(c, op))
      aco_mprogram_error(c->p, ACO_ERROR_UNSUPPORTED,
                         "instruction selection: @%s: %s does not exist on %s", c->f->name,
                         aco_op_info(op)->name, c->p->gfx->name);
   if (in && c->block && aco_vec_push(c->p->allocator, &c->block->instrs, in))
      return in;
   aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   /* callers fill the instruction without checking: give them the context's spare one */
   memset(&c->spare, 0, sizeof(c->spare));
   c->spare.instr.operands = c->spare.ops;
   c->spare.instr.definitions = c->spare.defs;
   c->spare.instr.num_operands = (uint8_t)nops;
   c->spare.instr.num_definitions = (uint8_t)ndefs;
   return &c->spare.instr;
}

aco_temp
isel_new(struct isel_ctx *c, aco_rc rc)
{
   aco_temp t = aco_mprogram_new_temp(c->p, rc);
   if (!t.id)
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   return t;
}

bool
isel_has(const struct isel_ctx *c, enum aco_opcode op)
{
   return op < aco_num_opcodes && aco_op_info(op)->opcode[c->gfx_index] >= 0;
}

enum aco_opcode
isel_pick(struct isel_ctx *c, enum aco_opcode op)
{
   if (isel_has(c, op))
      return op;
   /* a mnemonic that changed format between levels has one row per format */
   const char *name = aco_op_info(op)->name;
   for (unsigned alt = 0; alt < aco_num_opcodes; alt++) {
      if (isel_has(c, (enum aco_opcode)alt) && !strcmp(aco_op_info((enum aco_opcode)alt)->name, name))
         return (enum aco_opcode)alt;
   }
   return aco_op_p_startpgm;
}

aco_status
isel_unsupported(struct isel_ctx *c, const struct air_instr *in, const char *what)
{
   char buf[64] = "";
   if (in && in->loc.line)
      snprintf(buf, sizeof(buf), " (line %u)", in->loc.line);
   return aco_mprogram_error(c->p, ACO_ERROR_UNSUPPORTED,
                             "instruction selection: @%s: %s is not supported yet%s", c->f->name,
                             what, buf);
}

bool
isel_div(const struct isel_ctx *c, aco_value v)
{
   return v.id && c->divergent[v.id];
}

aco_rc
isel_rc_of(const struct isel_ctx *c, aco_value v)
{
   aco_type t = air_value(c->f, v)->type;
   if (t.bits == 1)
      return aco_rc_s(c->lane_mask_dwords);
   unsigned dwords = (t.bits == 64 ? 2u : 1u) * (t.comps ? t.comps : 1);
   return isel_div(c, v) ? aco_rc_v(dwords) : aco_rc_s(dwords);
}

const struct air_instr *
isel_const_def(const struct isel_ctx *c, aco_value v)
{
   const struct air_value *av = air_value(c->f, v);
   return av && av->def && av->def->op == ACO_OP_CONST ? av->def : NULL;
}

aco_operand
isel_scc_opnd(void)
{
   return aco_opnd_reg(aco_physreg_make(ACO_REG_SCC, 0), aco_rc_s(1));
}

aco_temp
isel_const_temp(struct isel_ctx *c, uint64_t value, unsigned dwords)
{
   aco_temp d = isel_new(c, aco_rc_s(dwords));
   if (dwords == 1) {
      struct aco_minstr *in = isel_emit(c, aco_op_s_mov_b32, 1, 1);
      in->operands[0] = aco_opnd_const((uint32_t)value, 32);
      in->definitions[0] = aco_def_temp(d);
   } else if (aco_inline_constant(value, 64, false) >= 0) {
      struct aco_minstr *in = isel_emit(c, aco_op_s_mov_b64, 1, 1);
      in->operands[0] = aco_opnd_const(value, 64);
      in->definitions[0] = aco_def_temp(d);
   } else {
      aco_temp lo = isel_const_temp(c, (uint32_t)value, 1);
      aco_temp hi = isel_const_temp(c, value >> 32, 1);
      struct aco_minstr *in = isel_emit(c, aco_op_p_create_vector, 2, 1);
      in->operands[0] = aco_opnd_temp(lo);
      in->operands[1] = aco_opnd_temp(hi);
      in->definitions[0] = aco_def_temp(d);
   }
   return d;
}

static uint64_t
const_bits(const struct isel_ctx *c, const struct air_instr *k)
{
   if (k->type.bits == 1)
      return k->u.const_bits ? (c->lane_mask_dwords == 2 ? ~UINT64_C(0) : 0xffffffffu) : 0;
   return k->u.const_bits;
}

aco_temp
isel_temp(struct isel_ctx *c, aco_value v)
{
   const struct air_instr *k = isel_const_def(c, v);
   if (k) {
      unsigned dwords = k->type.bits == 1 ? c->lane_mask_dwords : k->type.bits == 64 ? 2 : 1;
      if (k->type.comps > 1)
         return c->temps[v.id];
      return isel_const_temp(c, const_bits(c, k), dwords);
   }
   return c->temps[v.id];
}

aco_operand
isel_opnd(struct isel_ctx *c, aco_value v, unsigned bits)
{
   const struct air_instr *k = isel_const_def(c, v);
   if (!k)
      return aco_opnd_temp(c->temps[v.id]); /* what isel_temp gives, without a second look */
   if (k->type.comps <= 1) {
      uint64_t val = const_bits(c, k);
      /* float constants may use the float inline constants (1.0, 0.5, ...) */
      bool is_float = k->type.base == ACO_BASE_FLOAT;
      aco_operand o = aco_opnd_const(0, 32);
      if (bits <= 32 && k->type.bits <= 32)
         o = aco_opnd_const((uint32_t)val, 32);
      else if (bits == 64 && aco_inline_constant(val, 64, is_float) >= 0)
         o = aco_opnd_const(val, 64);
      else
         return aco_opnd_temp(isel_temp(c, v));
      o.is_float = is_float;
      return o;
   }
   return aco_opnd_temp(isel_temp(c, v));
}

aco_temp
isel_as_vgpr(struct isel_ctx *c, aco_temp t)
{
   if (aco_rc_is_vgpr(t.rc))
      return t;
   aco_temp d = isel_new(c, aco_rc_v(aco_rc_dwords(t.rc)));
   struct aco_minstr *in = isel_emit(c, aco_op_p_parallelcopy, 1, 1);
   in->operands[0] = aco_opnd_temp(t);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

aco_temp
isel_read_pair(struct isel_ctx *c, aco_temp v, aco_temp lane)
{
   aco_temp half[2], out[2];
   isel_split(c, v, 2, half);
   for (unsigned k = 0; k < 2; k++) {
      out[k] = isel_new(c, aco_rc_s(1));
      struct aco_minstr *r = lane.id ? isel_emit(c, aco_op_v_readlane_b32, 2, 1)
                                     : isel_emit(c, aco_op_v_readfirstlane_b32, 1, 1);
      r->operands[0] = aco_opnd_temp(half[k]);
      if (lane.id)
         r->operands[1] = aco_opnd_temp(lane);
      r->definitions[0] = aco_def_temp(out[k]);
   }
   return isel_combine(c, aco_rc_s(2), 2, out);
}

aco_temp
isel_lane_mask_from_scc(struct isel_ctx *c)
{
   aco_temp d = isel_new(c, aco_rc_s(c->lane_mask_dwords));
   bool w64 = c->lane_mask_dwords == 2;
   struct aco_minstr *in = isel_emit(c, w64 ? aco_op_s_cselect_b64 : aco_op_s_cselect_b32, 2, 1);
   in->operands[0] = aco_opnd_const(w64 ? ~UINT64_C(0) : 0xffffffffu, w64 ? 64 : 32);
   in->operands[1] = aco_opnd_const(0, w64 ? 64 : 32);
   in->definitions[0] = aco_def_temp(d);
   c->scc_bool = d; /* scc still holds the condition */
   c->scc_block = c->block;
   return d;
}

void
isel_scc_from_bool(struct isel_ctx *c, aco_temp b)
{
   if (c->scc_bool.id && c->scc_bool.id == b.id && c->scc_block == c->block)
      return;
   bool w64 = c->lane_mask_dwords == 2;
   struct aco_minstr *in = isel_emit(c, w64 ? aco_op_s_cmp_lg_u64 : aco_op_s_cmp_lg_u32, 2, 0);
   in->operands[0] = aco_opnd_temp(b);
   in->operands[1] = aco_opnd_const(0, w64 ? 64 : 32);
}

void
isel_split(struct isel_ctx *c, aco_temp t, unsigned n, aco_temp *out)
{
   if (n == 1) {
      out[0] = t;
      return;
   }
   unsigned each = aco_rc_dwords(t.rc) / n;
   aco_rc rc = aco_rc_is_vgpr(t.rc) ? aco_rc_v(each) : aco_rc_s(each);
   struct aco_minstr *in = isel_emit(c, aco_op_p_split_vector, 1, n);
   in->operands[0] = aco_opnd_temp(t);
   for (unsigned i = 0; i < n; i++) {
      out[i] = isel_new(c, rc);
      in->definitions[i] = aco_def_temp(out[i]);
   }
}

/* d = a OP b, a one-dword SALU result (SCC, which it writes, is not kept as a boolean) */
aco_temp
isel_sop2(struct isel_ctx *c, enum aco_opcode op, aco_operand a, aco_operand b)
{
   aco_temp d = isel_new(c, aco_rc_s(1));
   struct aco_minstr *in = isel_emit(c, op, 2, 1);
   in->operands[0] = a;
   in->operands[1] = b;
   in->definitions[0] = aco_def_temp(d);
   c->scc_bool.id = 0;
   return d;
}

aco_temp
isel_combine(struct isel_ctx *c, aco_rc rc, unsigned n, const aco_temp *parts)
{
   if (n == 1)
      return parts[0];
   aco_temp d = isel_new(c, rc);
   struct aco_minstr *in = isel_emit(c, aco_op_p_create_vector, n, 1);
   for (unsigned i = 0; i < n; i++)
      in->operands[i] = aco_opnd_temp(parts[i]);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* ---- system values ----------------------------------------------------------------------- */

static aco_temp
vconst(struct isel_ctx *c, uint32_t value)
{
   aco_temp d = isel_new(c, aco_rc_v(1));
   struct aco_minstr *in = isel_emit(c, aco_op_v_mov_b32, 1, 1);
   in->encoding = ACO_ENC_E64;
   in->operands[0] = aco_opnd_const(value, 32);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

aco_temp
isel_valu2(struct isel_ctx *c, enum aco_opcode op, aco_operand a, aco_operand b)
{
   aco_temp d = isel_new(c, aco_rc_v(1));
   struct aco_minstr *in = isel_emit(c, op, 2, 1);
   if (aco_op_info(op)->format != ACO_FMT_VOP3)
      in->encoding = ACO_ENC_E64;
   in->operands[0] = a;
   in->operands[1] = b;
   in->definitions[0] = aco_def_temp(d);
   return d;
}

static aco_temp
local_id(struct isel_ctx *c, unsigned comp)
{
   if (!c->local_ids[comp].id)
      return vconst(c, 0);
   return c->local_ids[comp];
}

static aco_status
select_sysval(struct isel_ctx *c, const struct air_instr *in)
{
   aco_temp d = {0, {0}};
   const uint32_t *ws = c->f->workgroup_size;
   unsigned wave = c->p->wave_size;
   bool dispatched = c->p->is_entry && !c->p->is_chain;
   if (!dispatched && in->op != ACO_OP_SUBGROUP_INVOCATION && in->op != ACO_OP_SUBGROUP_SIZE)
      return isel_unsupported(c, in, "a dispatch system value (local or workgroup ids, subgroup "
                              "id or count) outside an entry function");
   switch (in->op) {
   case ACO_OP_LOCAL_ID_X: d = local_id(c, 0); break;
   case ACO_OP_LOCAL_ID_Y: d = local_id(c, 1); break;
   case ACO_OP_LOCAL_ID_Z: d = local_id(c, 2); break;
   case ACO_OP_LOCAL_INDEX:
   case ACO_OP_SUBGROUP_ID: {
      d = local_id(c, 0);
      if (c->local_ids[1].id) {
         aco_temp t = isel_valu2(c, aco_op_v_mul_u32_u24, aco_opnd_temp(c->local_ids[1]),
                            aco_opnd_const(ws[0], 32));
         d = isel_valu2(c, aco_op_v_add_nc_u32, aco_opnd_temp(d), aco_opnd_temp(t));
      }
      if (c->local_ids[2].id) {
         aco_temp t = isel_valu2(c, aco_op_v_mul_u32_u24, aco_opnd_temp(c->local_ids[2]),
                            aco_opnd_const(ws[0] * ws[1], 32));
         d = isel_valu2(c, aco_op_v_add_nc_u32, aco_opnd_temp(d), aco_opnd_temp(t));
      }
      if (in->op == ACO_OP_SUBGROUP_ID) {
         /* lanes of a wave are consecutive invocations, lane 0 first */
         aco_temp first = isel_new(c, aco_rc_s(1));
         struct aco_minstr *r = isel_emit(c, aco_op_v_readfirstlane_b32, 1, 1);
         r->operands[0] = aco_opnd_temp(d);
         r->definitions[0] = aco_def_temp(first);
         d = isel_new(c, aco_rc_s(1));
         struct aco_minstr *sh = isel_emit(c, aco_op_s_lshr_b32, 2, 1);
         sh->operands[0] = aco_opnd_temp(first);
         sh->operands[1] = aco_opnd_const(wave == 64 ? 6 : 5, 32);
         sh->definitions[0] = aco_def_temp(d);
      }
      break;
   }
   case ACO_OP_WORKGROUP_ID_X:
   case ACO_OP_WORKGROUP_ID_Y:
   case ACO_OP_WORKGROUP_ID_Z:
      d = c->workgroup_ids[in->op - ACO_OP_WORKGROUP_ID_X];
      break;
   case ACO_OP_SUBGROUP_INVOCATION:
      d = isel_valu2(c, aco_op_v_mbcnt_lo_u32_b32, aco_opnd_const(0xffffffffu, 32), aco_opnd_const(0, 32));
      if (wave == 64)
         d = isel_valu2(c, aco_op_v_mbcnt_hi_u32_b32, aco_opnd_const(0xffffffffu, 32), aco_opnd_temp(d));
      break;
   case ACO_OP_SUBGROUP_SIZE:
      d = isel_const_temp(c, wave, 1);
      break;
   case ACO_OP_NUM_SUBGROUPS:
      d = isel_const_temp(c, (ws[0] * ws[1] * ws[2] + wave - 1) / wave, 1);
      break;
   default:
      return isel_unsupported(c, in, aco_op_name(in->op));
   }
   c->temps[in->defs[0].id] = d;
   return ACO_SUCCESS;
}

/* Whether value v is wider than a register class can be (31 dwords: i64x16, f64x16 and
 * ptrx16 take 32). */
static bool
too_wide(const struct isel_ctx *c, aco_value v)
{
   if (!v.id)
      return false;
   aco_type t = air_value(c->f, v)->type;
   return (t.bits == 64 ? 2u : 1u) * (t.comps ? t.comps : 1) > 31;
}

static aco_status
select_instr(struct isel_ctx *c, const struct air_instr *in, aco_temp *yield_vals)
{
   for (unsigned i = 0; i < in->num_defs; i++)
      if (too_wide(c, in->defs[i]))
         return isel_unsupported(c, in, "a value of 32 dwords (a vector of 16 64-bit components)");
   for (unsigned i = 0; i < in->num_srcs; i++)
      if (too_wide(c, in->srcs[i]))
         return isel_unsupported(c, in, "a value of 32 dwords (a vector of 16 64-bit components)");
   switch (air_op_info(in->op)->cls) {
   case ACO_OPC_CONST:
      if (in->type.comps > 1)
         return isel_unsupported(c, in, "a vector constant");
      return ACO_SUCCESS; /* materialized at each use */
   case ACO_OPC_SYSVAL:
      return select_sysval(c, in);
   case ACO_OPC_LOAD:
   case ACO_OPC_STORE:
   case ACO_OPC_ATOMIC:
   case ACO_OPC_BARRIER:
      return isel_select_memory(c, in);
   case ACO_OPC_CALL:
   case ACO_OPC_FUNC_ADDR:
      return isel_select_call(c, in);
   case ACO_OPC_REDUCE:
      return isel_select_reduce(c, in);
   case ACO_OPC_IF:
      return isel_select_if(c, in);
   case ACO_OPC_LOOP:
      return isel_select_loop(c, in);
   case ACO_OPC_JUMP:
      return isel_select_jump(c, in, yield_vals);
   default:
      return isel_select_alu(c, in);
   }
}

aco_status
isel_select_region(struct isel_ctx *c, const struct air_region *r, aco_temp *yield_vals)
{
   if (++c->nesting > AIR_MAX_NESTING + 8)
      return isel_unsupported(c, NULL, "nesting this deep");
   air_foreach_instr(in, r)
   {
      if (!c->block || c->dead)
         break; /* after a jump: unreachable */
      aco_status s = select_instr(c, in, yield_vals);
      if (s)
         return s;
   }
   c->nesting--;
   return c->p->status;
}

/* ---- entry ------------------------------------------------------------------------------- */

static aco_status
select_start(struct isel_ctx *c)
{
   const struct aco_function *f = c->f;
   struct aco_entry_layout *l = &c->layout;
   unsigned ndefs = 0;
   aco_definition defs[64 + 8];
   aco_temp scratch = {0, {0}};
   for (uint32_t i = 0; i < f->num_params; i++) {
      if (l->args[i].in_block || ndefs >= 64)
         continue;
      aco_temp t = isel_new(c, aco_rc_s(l->args[i].dwords));
      defs[ndefs++] = aco_def_fixed(t, aco_sgpr(l->args[i].sgpr));
      c->temps[f->params[i].value.id] = t;
   }
   if (l->argblock_sgpr >= 0) {
      c->argblock = isel_new(c, aco_rc_s(2));
      defs[ndefs++] = aco_def_fixed(c->argblock, aco_sgpr((unsigned)l->argblock_sgpr));
   }
   if (l->scratch_sgpr >= 0) {
      scratch = isel_new(c, aco_rc_s(2));
      defs[ndefs++] = aco_def_fixed(scratch, aco_sgpr((unsigned)l->scratch_sgpr));
   }
   for (unsigned k = 0; k < 3; k++) {
      if (l->workgroup_id_sgpr[k] >= 0) {
         c->workgroup_ids[k] = isel_new(c, aco_rc_s(1));
         defs[ndefs++] = aco_def_fixed(c->workgroup_ids[k], aco_sgpr((unsigned)l->workgroup_id_sgpr[k]));
      }
   }
   aco_temp wave_offset = {0, {0}};
   if (l->scratch_offset_sgpr >= 0) {
      wave_offset = isel_new(c, aco_rc_s(1));
      defs[ndefs++] = aco_def_fixed(wave_offset, aco_sgpr((unsigned)l->scratch_offset_sgpr));
   }
   aco_temp packed = {0, {0}};
   if (l->local_id_count) {
      if (l->local_id_packed) {
         packed = isel_new(c, aco_rc_v(1));
         defs[ndefs++] = aco_def_fixed(packed, aco_vgpr(0));
      } else {
         for (unsigned k = 0; k < l->local_id_count; k++) {
            aco_temp t = isel_new(c, aco_rc_v(1));
            defs[ndefs++] = aco_def_fixed(t, aco_vgpr(k));
            if (f->workgroup_size[k] > 1)
               c->local_ids[k] = t;
         }
      }
   }
   struct aco_minstr *sp = isel_emit(c, aco_op_p_startpgm, 0, ndefs);
   memcpy(sp->definitions, defs, ndefs * sizeof(defs[0]));
   isel_emit(c, aco_op_p_logical_start, 0, 0);

   if (scratch.id) {
      /* FLAT_SCRATCH = scratch base + the wave's offset (docs/entry-abi.md "Scratch"):
       * hwreg(HW_REG_FLAT_SCR_LO/HI), offset 0, size 32 */
      aco_temp parts[2];
      isel_split(c, scratch, 2, parts);
      if (wave_offset.id) {
         parts[0] = isel_sop2(c, aco_op_s_add_u32, aco_opnd_temp(parts[0]),
                              aco_opnd_temp(wave_offset));
         parts[1] = isel_sop2(c, aco_op_s_addc_u32, aco_opnd_temp(parts[1]),
                              aco_opnd_const(0, 32));
      }
      for (unsigned k = 0; k < 2; k++) {
         struct aco_minstr *sr = isel_emit(c, aco_op_s_setreg_b32, 1, 0);
         sr->operands[0] = aco_opnd_temp(parts[k]);
         sr->imm = (k ? 21u : 20u) | (31u << 11);
      }
   }
   if (packed.id) {
      static const unsigned shift[3] = {0, 10, 20};
      for (unsigned k = 0; k < l->local_id_count; k++) {
         if (f->workgroup_size[k] <= 1)
            continue;
         aco_temp d = isel_new(c, aco_rc_v(1));
         struct aco_minstr *in = isel_emit(c, aco_op_v_bfe_u32, 3, 1);
         in->operands[0] = aco_opnd_temp(packed);
         in->operands[1] = aco_opnd_const(shift[k], 32);
         in->operands[2] = aco_opnd_const(10, 32);
         in->definitions[0] = aco_def_temp(d);
         c->local_ids[k] = d;
      }
   }
   for (uint32_t i = 0; i < f->num_params; i++) {
      aco_type t = f->params[i].type;
      aco_temp v = c->temps[f->params[i].value.id];
      if (l->args[i].in_block) {
         static const enum aco_opcode loads[5] = {aco_op_p_startpgm, aco_op_s_load_b32,
                                                  aco_op_s_load_b64, aco_op_p_startpgm,
                                                  aco_op_s_load_b128};
         unsigned dw = l->args[i].dwords;
         enum aco_opcode op = dw <= 4 ? loads[dw] : aco_op_p_startpgm;
         if (dw == 8)
            op = aco_op_s_load_b256;
         if (op == aco_op_p_startpgm || !isel_has(c, op))
            return isel_unsupported(c, NULL, "an argument of this size in the argument block");
         v = isel_new(c, aco_rc_s(dw));
         struct aco_minstr *ld = isel_emit(c, op, 1, 1);
         ld->operands[0] = aco_opnd_temp(c->argblock);
         ld->mem.offset = (int32_t)l->args[i].block_offset;
         ld->definitions[0] = aco_def_temp(v);
      }
      if (t.bits == 1) {
         struct aco_minstr *cmp = isel_emit(c, aco_op_s_cmp_lg_u32, 2, 0);
         cmp->operands[0] = aco_opnd_temp(v);
         cmp->operands[1] = aco_opnd_const(0, 32);
         v = isel_lane_mask_from_scc(c);
      }
      c->temps[f->params[i].value.id] = v;
   }
   return c->p->status;
}

/* The register limits of the compile (options), made to fit the registers the ABIs fix
 * (a called function's parameters, the arguments and results of its calls), and for a
 * called function kept within its ABI's callee_max. */
static void
fit_limits(struct aco_mprogram *p, const struct aco_function *f)
{
   unsigned need[2] = {0, 0};
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b) {
      aco_foreach_instr(b, in) {
         if (in->opcode != aco_op_p_startpgm && in->opcode != aco_op_p_call &&
             in->opcode != aco_op_p_return)
            continue;
         for (unsigned k = 0; k < in->num_operands + in->num_definitions; k++) {
            bool def = k >= in->num_operands;
            const aco_operand *o = def ? NULL : &in->operands[k];
            const aco_definition *d = def ? &in->definitions[k - in->num_operands] : NULL;
            aco_temp t = def ? d->temp : o->temp;
            aco_physreg r = def ? d->reg : o->reg;
            if (!t.id || !(def ? d->fixed : o->fixed))
               continue;
            unsigned f0 = aco_physreg_field(r), vg = f0 >= 256;
            unsigned end = f0 - (vg ? 256 : 0) + aco_rc_reg_count(t.rc);
            if (f0 < ACO_SGPR_COUNT || vg)
               need[vg] = end > need[vg] ? end : need[vg];
         }
      }
   }
   if (!p->is_entry) {
      const aco_reg_count *m = &f->abi->callee_max_regs;
      if (m->sgprs < ACO_SGPR_COUNT && (!p->max_sgprs || m->sgprs < p->max_sgprs))
         p->max_sgprs = m->sgprs;
      if (m->vgprs < ACO_VGPR_COUNT && (!p->max_vgprs || m->vgprs < p->max_vgprs))
         p->max_vgprs = m->vgprs;
   }
   if (p->max_sgprs && p->max_sgprs < need[0])
      p->max_sgprs = (uint16_t)need[0];
   if (p->max_vgprs && p->max_vgprs < need[1])
      p->max_vgprs = (uint16_t)need[1];
}

aco_status
aco_select_instructions(struct aco_mprogram *p, const struct aco_function *f)
{
   struct isel_ctx c;
   memset(&c, 0, sizeof(c));
   c.p = p;
   c.f = f;
   c.lane_mask_dwords = p->wave_size / 32;
   c.gfx_index = aco_gfx_index(p->gfx_level);
   if (!f->body)
      return aco_mprogram_error(p, ACO_ERROR_INVALID_ARGUMENT, "@%s has no body", f->name);
   c.divergent = aco_arena_array(&p->arena, bool, f->num_values);
   c.temps = aco_arena_array(&p->arena, aco_temp, f->num_values);
   p->name = aco_arena_strdup(&p->arena, f->name, strlen(f->name));
   if (!c.divergent || !c.temps || !p->name)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   p->is_chain = f->abi->chain;
   p->is_entry = (f->flags & ACO_FUNCTION_ENTRY) || p->is_chain;
   p->noreturn = (f->flags & ACO_FUNCTION_NORETURN) && !p->is_entry;
   for (unsigned k = 0; k < 3; k++)
      p->config.workgroup_size[k] = f->workgroup_size[k] ? f->workgroup_size[k] : 1;
   /* entries that call set up scratch for their callees */
   bool scratch = p->force_scratch_input || (p->is_entry && air_function_calls(f));
   aco_status s = aco_entry_layout_compute_scratch(f, &p->arena, scratch, &c.layout);
   if (s)
      return aco_mprogram_error(p, s, "instruction selection: out of memory");
   aco_compute_divergence(f, c.divergent);

   c.block = isel_new_block(&c, 0); /* p_startpgm comes first, then p_logical_start */
   if (!c.block)
      return p->status;
   s = p->is_chain   ? isel_select_chain_start(&c)
       : p->is_entry ? select_start(&c)
                     : isel_select_function_start(&c);
   if (!s)
      s = isel_select_region(&c, f->body, NULL);
   if (!s && (c.block || c.returns.e.len)) /* the end, or the merge of early returns */
      s = isel_select_return(&c, NULL);
   isel_free_cf(&c);
   if (!s)
      fit_limits(p, f);
   p->config.scratch_bytes = c.layout.stack_bytes;
   p->has_scratch_input = c.layout.scratch_sgpr >= 0 || p->gfx_level != ACO_GFX1030;
   /* Only an entry allocates shared memory: the functions it calls use its allocation.
    * RSRC2's LDS_SIZE counts 512-byte blocks on every supported level. */
   p->config.lds_bytes = p->is_entry ? (air_entry_shared_bytes(f) + 511u) & ~511u : 0;
   return s ? s : p->status;
}
