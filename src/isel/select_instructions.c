/* SPDX-License-Identifier: MIT */
/* aco_select_instructions: front IR -> SSA machine IR for kernels whose control flow is
 * uniform.
 *
 * Every front-IR value becomes one temporary whose register class follows from its type
 * and divergence: uniform values live in SGPRs, divergent ones in VGPRs (8- and 16-bit
 * values in a whole VGPR, upper bits undefined), booleans are lane masks (s1 in wave32,
 * s2 in wave64; a uniform boolean is all ones or zero). Constants are not given
 * registers: each use gets an inline constant, a literal or a fresh s_mov.
 *
 * Structured control flow maps onto blocks directly: an `if` on a uniform condition ends
 * its block with s_cmp + p_cbranch_z on scc, a loop gets a header, a latch that all
 * `continue`s reach (the header's single back-edge) and an exit block; results flow
 * through p_phi (VGPRs) or p_linear_phi (SGPRs). Logical and linear CFG are the same.
 * Divergent control flow and calls are rejected with ACO_ERROR_UNSUPPORTED. */
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
   if (k && k->type.comps <= 1) {
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

/* ---- blocks ---------------------------------------------------------------------------- */

static struct aco_mblock *
new_block(struct isel_ctx *c, uint32_t kind)
{
   struct aco_mblock *b = aco_mprogram_add_block(c->p);
   if (!b) {
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
      return NULL;
   }
   b->kind = ACO_BLOCK_UNIFORM | kind | (c->depth == 0 ? ACO_BLOCK_TOP_LEVEL : 0);
   b->loop_depth = c->depth;
   return b;
}

static void
add_edge(struct isel_ctx *c, struct aco_mblock *from, struct aco_mblock *to)
{
   if (!aco_mblock_add_logical_edge(c->p, from, to) || !aco_mblock_add_linear_edge(c->p, from, to))
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
}

static void
start_block(struct isel_ctx *c, struct aco_mblock *b)
{
   c->block = b;
   if (b)
      isel_emit(c, aco_op_p_logical_start, 0, 0);
}

/* Ends the current block with an unconditional jump to `to`. */
static void
end_with_branch(struct isel_ctx *c, struct aco_mblock *to)
{
   if (!c->block)
      return;
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *br = isel_emit(c, aco_op_p_branch, 0, 0);
   br->target_block = to->index;
   add_edge(c, c->block, to);
   c->block = NULL;
}

/* The value of a join: a phi of the incoming values, or the single one. */
static aco_temp
emit_phi(struct isel_ctx *c, aco_rc rc, unsigned n, const aco_temp *vals)
{
   if (n == 1)
      return vals[0];
   aco_temp d = isel_new(c, rc);
   struct aco_minstr *phi =
      isel_emit(c, aco_rc_is_vgpr(d.rc) ? aco_op_p_phi : aco_op_p_linear_phi, n, 1);
   for (unsigned i = 0; i < n; i++)
      phi->operands[i] = aco_opnd_temp(vals[i]);
   phi->definitions[0] = aco_def_temp(d);
   return d;
}

/* A value flowing along an edge into a phi of class rc: converted to the class (a uniform
 * value reaching a divergent result is copied to VGPRs). */
static aco_temp
flow_value(struct isel_ctx *c, aco_value v, aco_rc rc)
{
   aco_temp t = isel_temp(c, v);
   if (aco_rc_is_vgpr(rc) && !aco_rc_is_vgpr(t.rc))
      t = isel_as_vgpr(c, t);
   return t;
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

static aco_temp
valu2(struct isel_ctx *c, enum aco_opcode op, aco_operand a, aco_operand b)
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
   switch (in->op) {
   case ACO_OP_LOCAL_ID_X: d = local_id(c, 0); break;
   case ACO_OP_LOCAL_ID_Y: d = local_id(c, 1); break;
   case ACO_OP_LOCAL_ID_Z: d = local_id(c, 2); break;
   case ACO_OP_LOCAL_INDEX:
   case ACO_OP_SUBGROUP_ID: {
      d = local_id(c, 0);
      if (c->local_ids[1].id) {
         aco_temp t = valu2(c, aco_op_v_mul_u32_u24, aco_opnd_temp(c->local_ids[1]),
                            aco_opnd_const(ws[0], 32));
         d = valu2(c, aco_op_v_add_nc_u32, aco_opnd_temp(d), aco_opnd_temp(t));
      }
      if (c->local_ids[2].id) {
         aco_temp t = valu2(c, aco_op_v_mul_u32_u24, aco_opnd_temp(c->local_ids[2]),
                            aco_opnd_const(ws[0] * ws[1], 32));
         d = valu2(c, aco_op_v_add_nc_u32, aco_opnd_temp(d), aco_opnd_temp(t));
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
      d = valu2(c, aco_op_v_mbcnt_lo_u32_b32, aco_opnd_const(0xffffffffu, 32), aco_opnd_const(0, 32));
      if (wave == 64)
         d = valu2(c, aco_op_v_mbcnt_hi_u32_b32, aco_opnd_const(0xffffffffu, 32), aco_opnd_temp(d));
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

/* ---- structured control flow ------------------------------------------------------------- */

static aco_status select_region(struct isel_ctx *c, const struct air_region *r,
                                aco_temp *yield_vals);

static aco_status
select_if(struct isel_ctx *c, const struct air_instr *in)
{
   if (isel_div(c, in->srcs[0]))
      return isel_unsupported(c, in, "an if on a divergent condition");
   isel_scc_from_bool(c, isel_temp(c, in->srcs[0]));
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *br = isel_emit(c, aco_op_p_cbranch_z, 1, 0);
   br->operands[0] = isel_scc_opnd();
   struct aco_mblock *head = c->block;
   unsigned n = in->num_defs;
   aco_temp *vals = aco_arena_array(&c->p->arena, aco_temp, 2 * (n ? n : 1));
   if (!vals)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");

   struct aco_mblock *then_b = new_block(c, 0);
   if (!then_b)
      return c->p->status;
   add_edge(c, head, then_b);
   start_block(c, then_b);
   aco_status s = select_region(c, in->regions[0], vals);
   if (s)
      return s;
   struct aco_mblock *then_end = c->block;
   struct aco_minstr *then_br = NULL;
   if (then_end) {
      isel_emit(c, aco_op_p_logical_end, 0, 0);
      then_br = isel_emit(c, aco_op_p_branch, 0, 0);
   }
   struct aco_mblock *else_end = head;
   if (in->regions[1]) {
      struct aco_mblock *else_b = new_block(c, 0);
      if (!else_b)
         return c->p->status;
      br->target_block = else_b->index;
      add_edge(c, head, else_b);
      start_block(c, else_b);
      s = select_region(c, in->regions[1], vals + n);
      if (s)
         return s;
      else_end = c->block;
      if (else_end)
         isel_emit(c, aco_op_p_logical_end, 0, 0);
   }
   struct aco_mblock *merge = new_block(c, 0);
   if (!merge)
      return c->p->status;
   if (!in->regions[1])
      br->target_block = merge->index;
   unsigned npreds = 0;
   if (then_end) {
      then_br->target_block = merge->index;
      add_edge(c, then_end, merge);
      npreds++;
   }
   if (else_end) {
      if (else_end != head) {
         /* falls through into merge, which follows it */
         c->block = else_end;
         struct aco_minstr *eb = isel_emit(c, aco_op_p_branch, 0, 0);
         eb->target_block = merge->index;
      }
      add_edge(c, else_end, merge);
      npreds++;
   }
   if (!npreds) {
      c->block = NULL; /* both branches left: what follows is unreachable */
      return ACO_SUCCESS;
   }
   c->block = merge;
   for (unsigned i = 0; i < n; i++) {
      aco_temp ops[2];
      unsigned k = 0;
      if (then_end)
         ops[k++] = vals[i];
      if (else_end)
         ops[k++] = vals[n + i];
      c->temps[in->defs[i].id] = emit_phi(c, isel_rc_of(c, in->defs[i]), k, ops);
   }
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   return c->p->status;
}

static aco_status
record_jump(struct isel_ctx *c, const struct air_instr *in, bool is_break)
{
   struct isel_loop *l = c->loop;
   const struct air_region *body = l->instr->regions[0];
   unsigned n = is_break ? l->instr->num_defs : body->num_params;
   aco_temp *vals = aco_arena_array(&c->p->arena, aco_temp, n ? n : 1);
   if (!vals)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   for (unsigned i = 0; i < n; i++) {
      aco_value dst = is_break ? l->instr->defs[i] : body->params[i];
      vals[i] = flow_value(c, in ? in->srcs[i] : body->params[i], isel_rc_of(c, dst));
   }
   bool ok = is_break ? aco_vec_push(c->p->allocator, &l->break_vals, vals) &&
                           aco_vec_push(c->p->allocator, &l->break_preds, c->block->index)
                      : aco_vec_push(c->p->allocator, &l->continue_vals, vals) &&
                           aco_vec_push(c->p->allocator, &l->continue_preds, c->block->index);
   if (!ok)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *br = isel_emit(c, aco_op_p_branch, 0, 0);
   br->target_block = UINT32_MAX; /* patched when the target exists */
   c->block = NULL;
   return c->p->status;
}

static void
patch_jumps(struct isel_ctx *c, aco_block_list *preds, struct aco_mblock *to)
{
   for (uint32_t i = 0; i < preds->len; i++) {
      struct aco_mblock *b = c->p->blocks.data[preds->data[i]];
      struct aco_minstr *br = b->instrs.data[b->instrs.len - 1];
      br->target_block = to->index;
      add_edge(c, b, to);
   }
}

static aco_status
select_loop(struct isel_ctx *c, const struct air_instr *in)
{
   const struct air_region *body = in->regions[0];
   struct isel_loop l;
   memset(&l, 0, sizeof(l));
   l.instr = in;
   l.outer = c->loop;

   unsigned np = body->num_params;
   aco_temp *init = aco_arena_array(&c->p->arena, aco_temp, np ? np : 1);
   if (!init)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   for (unsigned i = 0; i < np; i++)
      init[i] = flow_value(c, in->srcs[i], isel_rc_of(c, body->params[i]));
   struct aco_mblock *pre = c->block;

   c->depth++;
   c->loop = &l;
   l.header = new_block(c, ACO_BLOCK_LOOP_HEADER);
   if (!l.header)
      return c->p->status;
   end_with_branch(c, l.header);
   (void)pre;
   c->block = l.header;
   struct aco_minstr **phis = aco_arena_array(&c->p->arena, struct aco_minstr *, np ? np : 1);
   if (!phis)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   for (unsigned i = 0; i < np; i++) {
      aco_temp d = isel_new(c, isel_rc_of(c, body->params[i]));
      phis[i] = isel_emit(c, aco_rc_is_vgpr(d.rc) ? aco_op_p_phi : aco_op_p_linear_phi, 2, 1);
      phis[i]->operands[0] = aco_opnd_temp(init[i]);
      phis[i]->definitions[0] = aco_def_temp(d);
      c->temps[body->params[i].id] = d;
   }
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   aco_status s = select_region(c, body, NULL);
   if (s)
      goto out;
   if (c->block) {
      s = record_jump(c, NULL, false); /* falling off the body continues */
      if (s)
         goto out;
   }
   if (l.continue_preds.len) {
      l.latch = new_block(c, 0);
      if (!l.latch) {
         s = c->p->status;
         goto out;
      }
      patch_jumps(c, &l.continue_preds, l.latch);
      c->block = l.latch;
      for (unsigned i = 0; i < np; i++) {
         aco_temp *ops = aco_arena_array(&c->p->arena, aco_temp, l.continue_vals.len);
         if (!ops) {
            s = aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
            goto out;
         }
         for (uint32_t k = 0; k < l.continue_vals.len; k++)
            ops[k] = l.continue_vals.data[k][i];
         aco_temp d = emit_phi(c, phis[i]->definitions[0].temp.rc, l.continue_vals.len, ops);
         phis[i]->operands[1] = aco_opnd_temp(d);
      }
      isel_emit(c, aco_op_p_logical_start, 0, 0);
      end_with_branch(c, l.header);
   } else {
      for (unsigned i = 0; i < np; i++)
         phis[i]->num_operands = 1;
   }
   c->depth--;
   c->loop = l.outer;
   if (!l.break_preds.len) {
      c->block = NULL; /* an endless loop: nothing after it runs */
      s = isel_unsupported(c, in, "a loop without a break");
      goto out;
   }
   l.exit = new_block(c, ACO_BLOCK_LOOP_EXIT);
   if (!l.exit) {
      s = c->p->status;
      goto out;
   }
   patch_jumps(c, &l.break_preds, l.exit);
   c->block = l.exit;
   for (unsigned i = 0; i < in->num_defs; i++) {
      aco_temp *ops = aco_arena_array(&c->p->arena, aco_temp, l.break_vals.len);
      if (!ops) {
         s = aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
         goto out;
      }
      for (uint32_t k = 0; k < l.break_vals.len; k++)
         ops[k] = l.break_vals.data[k][i];
      c->temps[in->defs[i].id] = emit_phi(c, isel_rc_of(c, in->defs[i]), l.break_vals.len, ops);
   }
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   s = c->p->status;
out:
   c->loop = l.outer;
   aco_vec_free(c->p->allocator, &l.continue_vals);
   aco_vec_free(c->p->allocator, &l.break_vals);
   aco_vec_free(c->p->allocator, &l.continue_preds);
   aco_vec_free(c->p->allocator, &l.break_preds);
   return s;
}

static aco_status
select_instr(struct isel_ctx *c, const struct air_instr *in, aco_temp *yield_vals)
{
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
      return isel_unsupported(c, in, "a call or function address");
   case ACO_OPC_REDUCE:
      return isel_select_reduce(c, in);
   case ACO_OPC_IF:
      return select_if(c, in);
   case ACO_OPC_LOOP:
      return select_loop(c, in);
   case ACO_OPC_JUMP:
      switch (in->op) {
      case ACO_OP_YIELD:
         for (unsigned i = 0; i < in->num_srcs; i++) {
            const struct air_instr *ifi = in->parent ? in->parent->parent : NULL;
            aco_rc rc = ifi ? isel_rc_of(c, ifi->defs[i]) : aco_rc_s(1);
            yield_vals[i] = flow_value(c, in->srcs[i], rc);
         }
         return c->p->status;
      case ACO_OP_BREAK:
         return record_jump(c, in, true);
      case ACO_OP_CONTINUE:
         return record_jump(c, in, false);
      case ACO_OP_RETURN:
         isel_emit(c, aco_op_p_logical_end, 0, 0);
         isel_emit(c, aco_op_p_return, 0, 0);
         c->block = NULL;
         return c->p->status;
      default:
         return isel_unsupported(c, in, aco_op_name(in->op));
      }
   default:
      return isel_select_alu(c, in);
   }
}

static aco_status
select_region(struct isel_ctx *c, const struct air_region *r, aco_temp *yield_vals)
{
   if (++c->nesting > AIR_MAX_NESTING + 8)
      return isel_unsupported(c, NULL, "nesting this deep");
   air_foreach_instr(in, r)
   {
      if (!c->block)
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
      /* FLAT_SCRATCH = scratch base: hwreg(HW_REG_FLAT_SCR_LO/HI), offset 0, size 32 */
      aco_temp parts[2];
      isel_split(c, scratch, 2, parts);
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
   if (!(f->flags & ACO_FUNCTION_ENTRY))
      return isel_unsupported(&c, NULL, "a function that is not an entry (calls)");
   c.divergent = aco_arena_array(&p->arena, bool, f->num_values);
   c.temps = aco_arena_array(&p->arena, aco_temp, f->num_values);
   p->name = aco_arena_strdup(&p->arena, f->name, strlen(f->name));
   if (!c.divergent || !c.temps || !p->name)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   p->is_entry = true;
   for (unsigned k = 0; k < 3; k++)
      p->config.workgroup_size[k] = f->workgroup_size[k] ? f->workgroup_size[k] : 1;
   aco_status s = aco_entry_layout_compute(f, &p->arena, &c.layout);
   if (s)
      return aco_mprogram_error(p, s, "instruction selection: out of memory");
   aco_compute_divergence(f, c.divergent);

   c.block = new_block(&c, 0); /* p_startpgm comes first, then p_logical_start */
   if (!c.block)
      return p->status;
   s = select_start(&c);
   if (!s)
      s = select_region(&c, f->body, NULL);
   if (!s && c.block) {
      isel_emit(&c, aco_op_p_logical_end, 0, 0);
      isel_emit(&c, aco_op_p_return, 0, 0);
   }
   p->config.scratch_bytes = c.layout.stack_bytes;
   p->config.lds_bytes = c.uses_lds ? 65536 : 0;
   return s ? s : p->status;
}
