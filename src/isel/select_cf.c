/* SPDX-License-Identifier: MIT */
/* Structured control flow: the logical and the linear CFG, and the exec mask.
 *
 * The front IR's ifs and loops map onto blocks with two sets of edges. The logical CFG is
 * the program as one lane sees it; the linear CFG is the order in which the wave runs
 * blocks. They differ where the wave must run both sides of an if on a divergent
 * condition, or keep iterating a loop that only some lanes left. Ordinary VGPRs are live
 * along the logical CFG (a lane's value can only be overwritten while that lane is
 * active), SGPRs and linear VGPRs along the linear one (src/ra). No edge of either CFG is
 * critical, so phi copies at the end of a predecessor never reach another successor.
 *
 * An if on a uniform condition is a scalar branch (s_cmp + s_cbranch_scc0); both CFGs
 * are the same: head -> then -> merge, head -> else -> merge (the else block exists,
 * empty, when the IR has none). An if on a divergent condition becomes
 *
 *    head      p_logical_end; S = s_and_saveexec(cond); s_cbranch_execz then_lin
 *    then      the then region (exec: its lanes)                -> invert
 *    then_lin  empty, linear only (reached when no lane takes the then side)
 *    invert    exec = S & ~exec; s_cbranch_execz else_lin (linear only)
 *    else      the else region                                   -> merge
 *    else_lin  empty, linear only
 *    merge     exec = S
 *
 * with logical edges head -> then -> merge and head -> else -> merge, and linear edges
 * following the listing. Results are VGPR phis on the logical edges; a boolean result (a
 * lane mask, whose bits for inactive lanes mean nothing) is accumulated instead: each
 * side ORs in its value ANDed with exec.
 *
 * A loop is preheader -> header -> body... -> latch -> header, and breaks -> exit. A
 * break or continue not inside an if on a divergent condition (of the same loop) jumps
 * directly, as does a break before any such continue. The others (divergent jumps) only
 * remove the current lanes: from the saved masks of the divergent ifs they are in (so
 * those ifs' ends do not bring them back) and, for a break, from the loop mask L; when L
 * becomes empty the wave leaves through a linear block to the exit. Otherwise exec
 * becomes 0 (every active lane has left) until a mask brings lanes back: the invert or
 * end of a divergent if, or the latch. The latch sets exec
 * to L, the exit back to the mask at the loop's entry. A divergent jump's block has its
 * logical edge to the latch or exit; its linear successor is the code that follows.
 *
 * Saved masks, loop masks and boolean accumulators are mask variables: SGPR lane masks
 * redefined along the control flow, merged at each join by p_linear_phi where the
 * incoming values differ (struct isel_join). Inside divergent control flow a loop may be
 * reached with exec empty (after divergent jumps): the wave skips it. A return inside
 * divergent ifs of an entry ends its lanes (select_divergent_return); elsewhere in
 * divergent control flow it is not supported yet. */
#include "isel/isel.h"

#include <string.h>

/* ---- blocks and edges ---------------------------------------------------------------- */

struct aco_mblock *
isel_new_block(struct isel_ctx *c, uint32_t kind)
{
   struct aco_mblock *b = aco_mprogram_add_block(c->p);
   if (!b) {
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
      return NULL;
   }
   b->kind = kind | (c->depth == 0 ? ACO_BLOCK_TOP_LEVEL : 0);
   if (!c->div_ifs.len && !(c->loop && c->loop->divergent))
      b->kind |= ACO_BLOCK_UNIFORM;
   b->loop_depth = c->depth;
   return b;
}

static void
edge(struct isel_ctx *c, uint32_t from, struct aco_mblock *to, bool logical, bool linear)
{
   struct aco_mblock *f = c->p->blocks.data[from];
   if ((logical && !aco_mblock_add_logical_edge(c->p, f, to)) ||
       (linear && !aco_mblock_add_linear_edge(c->p, f, to)))
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
}

/* Makes b current, with its logical part open. */
static void
start_block(struct isel_ctx *c, struct aco_mblock *b)
{
   c->block = b;
   c->dead = false;
   if (b)
      isel_emit(c, aco_op_p_logical_start, 0, 0);
}

static struct aco_minstr *
branch(struct isel_ctx *c, enum aco_opcode op, aco_operand cond)
{
   struct aco_minstr *br = isel_emit(c, op, op == aco_op_p_branch ? 0 : 1, 0);
   if (op != aco_op_p_branch)
      br->operands[0] = cond;
   br->target_block = UINT32_MAX; /* patched when the target exists */
   return br;
}

static aco_operand
opnd_undef(aco_rc rc)
{
   aco_operand o = aco_opnd_temp(aco_temp_make(0, rc));
   o.kind = ACO_OPND_UNDEF;
   return o;
}

/* What a uniform value is along an edge where it has none (a path whose lanes all
 * returned or left, which still runs with exec = 0): 0, not whatever the register held,
 * since scalar code and uniform branches run there regardless of exec. */
static aco_operand
linear_undef(aco_rc rc)
{
   if (!aco_rc_is_vgpr(rc) && aco_rc_dwords(rc) <= 2)
      return aco_opnd_const(0, aco_rc_dwords(rc) * 32);
   return opnd_undef(rc);
}

/* ---- lane masks ------------------------------------------------------------------------ */

static bool
wave64(const struct isel_ctx *c)
{
   return c->lane_mask_dwords == 2;
}

static aco_rc
lm_rc(const struct isel_ctx *c)
{
   return aco_rc_s(c->lane_mask_dwords);
}

static aco_operand
exec_opnd(const struct isel_ctx *c)
{
   return aco_opnd_reg(aco_physreg_make(ACO_REG_EXEC_LO, 0), lm_rc(c));
}

static aco_definition
exec_def(const struct isel_ctx *c)
{
   return aco_def_fixed(aco_temp_make(0, lm_rc(c)), aco_physreg_make(ACO_REG_EXEC_LO, 0));
}

/* d = a OP b on lane masks (SOP2, writes scc: d != 0). */
static aco_temp
mask_op(struct isel_ctx *c, enum aco_opcode op32, enum aco_opcode op64, aco_operand a,
        aco_operand b)
{
   aco_temp d = isel_new(c, lm_rc(c));
   struct aco_minstr *in = isel_emit(c, wave64(c) ? op64 : op32, 2, 1);
   in->operands[0] = a;
   in->operands[1] = b;
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* exec = a & ~b */
static void
exec_andn2(struct isel_ctx *c, aco_operand a, aco_operand b)
{
   struct aco_minstr *in =
      isel_emit(c, wave64(c) ? aco_op_s_and_not1_b64 : aco_op_s_and_not1_b32, 2, 1);
   in->operands[0] = a;
   in->operands[1] = b;
   in->definitions[0] = exec_def(c);
}

static void
exec_set(struct isel_ctx *c, aco_temp mask)
{
   struct aco_minstr *in = isel_emit(c, wave64(c) ? aco_op_s_mov_b64 : aco_op_s_mov_b32, 1, 1);
   in->operands[0] = aco_opnd_temp(mask);
   in->definitions[0] = exec_def(c);
}

/* exec = 0: every active lane has left along the logical CFG (a divergent break or
 * continue); the wave goes on along the linear CFG until a mask brings lanes back. */
static void
exec_zero(struct isel_ctx *c)
{
   struct aco_minstr *in = isel_emit(c, wave64(c) ? aco_op_s_mov_b64 : aco_op_s_mov_b32, 1, 1);
   in->operands[0] = aco_opnd_const(0, wave64(c) ? 64 : 32);
   in->definitions[0] = exec_def(c);
}

static aco_temp
exec_copy(struct isel_ctx *c)
{
   aco_temp d = isel_new(c, lm_rc(c));
   struct aco_minstr *in = isel_emit(c, wave64(c) ? aco_op_s_mov_b64 : aco_op_s_mov_b32, 1, 1);
   in->operands[0] = exec_opnd(c);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* acc = (acc & ~exec) | (v & exec): the active lanes' bits of v into accumulator var. */
static void
accumulate(struct isel_ctx *c, unsigned var, aco_temp v)
{
   aco_temp kept = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                           aco_opnd_temp(c->masks.data[var]), exec_opnd(c));
   aco_temp mine = mask_op(c, aco_op_s_and_b32, aco_op_s_and_b64, aco_opnd_temp(v), exec_opnd(c));
   c->masks.data[var] =
      mask_op(c, aco_op_s_or_b32, aco_op_s_or_b64, aco_opnd_temp(kept), aco_opnd_temp(mine));
}

static unsigned
push_mask(struct isel_ctx *c, aco_temp t)
{
   if (!aco_vec_push(c->p->allocator, &c->masks, t))
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   return c->masks.len - 1;
}

/* ---- joins ------------------------------------------------------------------------------ */

static aco_temp *
snapshot(struct isel_ctx *c, unsigned n)
{
   aco_temp *s = aco_arena_array(&c->p->arena, aco_temp, n ? n : 1);
   if (!s) {
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
      return NULL;
   }
   for (unsigned i = 0; i < n && i < c->masks.len; i++)
      s[i] = c->masks.data[i];
   return s;
}

/* An edge from block `from` into the join; masks NULL: the mask variables now. */
static void
join_add(struct isel_ctx *c, struct isel_join *j, uint32_t from, bool logical, bool linear,
         aco_temp *vals, aco_temp *masks)
{
   struct isel_join_entry e = {from, logical, linear, false, vals, NULL};
   if (linear)
      e.masks = masks ? masks : snapshot(c, j->nmasks);
   if (!aco_vec_push(c->p->allocator, &j->e, e))
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
}

static void
join_branch(struct isel_ctx *c, struct isel_join *j, struct aco_minstr *br)
{
   if (!aco_vec_push(c->p->allocator, &j->branches, br))
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
}

static unsigned
join_count(const struct isel_join *j, bool logical)
{
   unsigned n = 0;
   for (uint32_t k = 0; k < j->e.len; k++)
      n += logical ? j->e.data[k].logical : j->e.data[k].linear;
   return n;
}

static void
join_free(struct isel_ctx *c, struct isel_join *j)
{
   aco_vec_free(c->p->allocator, &j->e);
   aco_vec_free(c->p->allocator, &j->branches);
}

/* A join with a single edge from the block being built, logical and linear, needs no
 * block of its own: the block's closing jump and p_logical_end are taken back and its
 * logical part reopened. */
static bool
join_in_place(struct isel_ctx *c, const struct isel_join *j)
{
   if (j->e.len != 1 || !j->e.data[0].logical || !j->e.data[0].linear)
      return false;
   struct aco_mblock *b = c->p->blocks.data[j->e.data[0].block];
   if (b->index + 1 != c->p->blocks.len || b->instrs.len < 2 ||
       b->instrs.data[b->instrs.len - 1]->opcode != aco_op_p_branch ||
       b->instrs.data[b->instrs.len - 2]->opcode != aco_op_p_logical_end)
      return false;
   b->instrs.len -= 2;
   c->block = b;
   c->dead = false;
   return true;
}

/* A phi of n incoming values, or the value when they all agree. An edge without a value
 * (undefined: no lane takes it with one) still needs the phi, since the value may be
 * defined on the other paths only. */
static aco_temp
merge_values(struct isel_ctx *c, enum aco_opcode op, aco_rc rc, unsigned n, const aco_temp *v)
{
   aco_temp same = {0, rc};
   bool differ = false;
   for (unsigned k = 0; k < n; k++) {
      if (k && v[k].id != v[0].id)
         differ = true;
      if (v[k].id)
         same = v[k];
   }
   if (!differ || !same.id)
      return same;
   aco_temp d = isel_new(c, rc);
   struct aco_minstr *phi = isel_emit(c, op, n, 1);
   for (unsigned k = 0; k < n; k++)
      phi->operands[k] = v[k].id ? aco_opnd_temp(v[k]) : linear_undef(rc);
   phi->definitions[0] = aco_def_temp(d);
   return d;
}

/* Makes block m the join's block: edges in entry order (logical ones, then linear
 * ones), jumps retargeted, and the mask variables merged (phis at m's start). */
static void
join_finish(struct isel_ctx *c, struct isel_join *j, struct aco_mblock *m)
{
   for (uint32_t k = 0; k < j->e.len; k++)
      if (j->e.data[k].logical)
         edge(c, j->e.data[k].block, m, true, false);
   for (uint32_t k = 0; k < j->e.len; k++)
      if (j->e.data[k].linear)
         edge(c, j->e.data[k].block, m, false, true);
   for (uint32_t k = 0; k < j->branches.len; k++)
      j->branches.data[k]->target_block = m->index;
   c->block = m;
   c->dead = false;
   unsigned nlin = join_count(j, false);
   aco_temp *v = aco_arena_array(&c->p->arena, aco_temp, nlin ? nlin : 1);
   if (!v) {
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
      return;
   }
   for (unsigned i = 0; i < j->nmasks && nlin; i++) {
      unsigned n = 0;
      for (uint32_t k = 0; k < j->e.len; k++)
         if (j->e.data[k].linear && j->e.data[k].masks)
            v[n++] = j->e.data[k].masks[i];
      if (n == nlin)
         c->masks.data[i] = merge_values(c, aco_op_p_linear_phi, lm_rc(c), n, v);
   }
}

/* The joined value i of class rc: a VGPR phi on the logical edges, an SGPR phi on the
 * linear ones (undefined along edges that carry no value). */
static aco_temp
join_value(struct isel_ctx *c, const struct isel_join *j, unsigned i, aco_rc rc)
{
   bool logical = aco_rc_is_vgpr(rc);
   unsigned n = join_count(j, logical);
   aco_temp *v = aco_arena_array(&c->p->arena, aco_temp, n ? n : 1);
   if (!v) {
      aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
      return aco_temp_make(0, rc);
   }
   unsigned k = 0;
   for (uint32_t e = 0; e < j->e.len; e++) {
      const struct isel_join_entry *en = &j->e.data[e];
      if (logical ? en->logical : en->linear)
         v[k++] = en->logical && en->vals ? en->vals[i] : aco_temp_make(0, rc);
   }
   return merge_values(c, logical ? aco_op_p_phi : aco_op_p_linear_phi, rc, n, v);
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

static bool
is_bool(const struct isel_ctx *c, aco_value v)
{
   return air_value(c->f, v)->type.bits == 1;
}

static aco_status
oom(struct isel_ctx *c)
{
   return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
}

/* ---- if --------------------------------------------------------------------------------- */

static aco_status
select_uniform_if(struct isel_ctx *c, const struct air_instr *in, struct isel_if *info)
{
   unsigned n = in->num_defs;
   isel_scc_from_bool(c, isel_temp(c, in->srcs[0]));
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *to_else = branch(c, aco_op_p_cbranch_z, isel_scc_opnd());
   uint32_t head = c->block->index;
   struct isel_join join = {.nvals = n, .nmasks = c->masks.len};
   aco_temp *vals = aco_arena_array(&c->p->arena, aco_temp, 2 * (n ? n : 1));
   aco_temp *head_masks = snapshot(c, join.nmasks);
   if (!vals || !head_masks)
      return oom(c);

   for (unsigned side = 0; side < 2; side++) {
      struct aco_mblock *b = isel_new_block(c, 0);
      if (!b)
         break;
      /* each side starts from the masks of the head (the sides are alternative paths) */
      if (join.nmasks)
         memcpy(c->masks.data, head_masks, join.nmasks * sizeof(aco_temp));
      edge(c, head, b, true, true);
      if (side == 1)
         to_else->target_block = b->index;
      start_block(c, b);
      if (in->regions[side]) {
         aco_status s = isel_select_region(c, in->regions[side], vals + side * n);
         if (s) {
            join_free(c, &join);
            return s;
         }
      }
      if (c->block) {
         bool logical = !c->dead;
         if (logical)
            isel_emit(c, aco_op_p_logical_end, 0, 0);
         join_add(c, &join, c->block->index, logical, true, vals + side * n, NULL);
         join_branch(c, &join, branch(c, aco_op_p_branch, aco_opnd_const(0, 32)));
      }
   }
   (void)info;
   if (!join.e.len || isel_failed(c)) {
      c->block = NULL; /* both sides left: what follows is unreachable */
      join_free(c, &join);
      return c->p->status;
   }
   if (join_in_place(c, &join)) {
      for (unsigned i = 0; i < n; i++)
         c->temps[in->defs[i].id] = join.e.data[0].vals[i];
      join_free(c, &join);
      return c->p->status;
   }
   struct aco_mblock *merge = isel_new_block(c, 0);
   if (!merge) {
      join_free(c, &join);
      return c->p->status;
   }
   join_finish(c, &join, merge);
   for (unsigned i = 0; i < n; i++)
      c->temps[in->defs[i].id] = join_value(c, &join, i, isel_rc_of(c, in->defs[i]));
   c->dead = !join_count(&join, true);
   if (!c->dead)
      isel_emit(c, aco_op_p_logical_start, 0, 0);
   join_free(c, &join);
   return c->p->status;
}

/* Closes one side of a divergent if: its values go to the merge (`end`) on the logical
 * edge when lanes reach its end, its mask variables to `next` (the invert block, or the
 * merge) on the linear edge; then the linear-only block the wave takes when no lane runs
 * the side (the target of `skip`, a branch of block `from`), with the masks of `from`. */
static bool
close_side(struct isel_ctx *c, struct isel_join *end, struct isel_join *next, aco_temp *vals,
           struct aco_minstr *skip, uint32_t from, aco_temp *from_masks)
{
   if (!c->dead) {
      isel_emit(c, aco_op_p_logical_end, 0, 0);
      join_add(c, end, c->block->index, true, false, vals, NULL);
   }
   join_add(c, next, c->block->index, false, true, NULL, NULL);
   join_branch(c, next, branch(c, aco_op_p_branch, aco_opnd_const(0, 32)));
   struct aco_mblock *lin = isel_new_block(c, ACO_BLOCK_LINEAR);
   if (!lin)
      return false;
   skip->target_block = lin->index;
   edge(c, from, lin, false, true);
   c->block = lin;
   join_add(c, next, lin->index, false, true, NULL, from_masks);
   join_branch(c, next, branch(c, aco_op_p_branch, aco_opnd_const(0, 32)));
   return true;
}

static aco_status
select_divergent_if(struct isel_ctx *c, const struct air_instr *in, struct isel_if *info)
{
   unsigned n = in->num_defs;
   unsigned base = c->masks.len;
   aco_temp cond = isel_temp(c, in->srcs[0]);
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   c->block->kind |= ACO_BLOCK_BRANCH;
   aco_temp saved = isel_new(c, lm_rc(c));
   struct aco_minstr *save =
      isel_emit(c, wave64(c) ? aco_op_s_and_saveexec_b64 : aco_op_s_and_saveexec_b32, 1, 1);
   save->operands[0] = aco_opnd_temp(cond);
   save->definitions[0] = aco_def_temp(saved);
   push_mask(c, saved);
   info->acc_base = c->masks.len;
   for (unsigned i = 0; i < n; i++)
      if (is_bool(c, in->defs[i]))
         push_mask(c, isel_const_temp(c, 0, c->lane_mask_dwords));
   if (!aco_vec_push(c->p->allocator, &c->div_ifs, base))
      return oom(c);
   struct aco_minstr *skip_then = branch(c, aco_op_p_cbranch_z, exec_opnd(c));
   uint32_t head = c->block->index;
   aco_temp *head_masks = snapshot(c, c->masks.len);
   struct isel_join inv = {.nvals = 0, .nmasks = c->masks.len};
   struct isel_join end = {.nvals = n, .nmasks = c->masks.len};
   aco_temp *vals = aco_arena_array(&c->p->arena, aco_temp, 2 * (n ? n : 1));
   aco_status s = ACO_SUCCESS;
   if (!vals || !head_masks)
      goto fail;

   /* then, and the linear block taken when no lane enters it */
   struct aco_mblock *then_b = isel_new_block(c, 0);
   if (!then_b)
      goto fail;
   edge(c, head, then_b, true, true);
   start_block(c, then_b);
   s = isel_select_region(c, in->regions[0], vals);
   if (s)
      goto out;
   if (!c->block) {
      s = isel_unsupported(c, in, "a return inside divergent control flow");
      goto out;
   }
   if (!close_side(c, &end, &inv, vals, skip_then, head, head_masks))
      goto fail;

   /* invert: exec = saved & ~(the then lanes still active) */
   struct aco_mblock *invert = isel_new_block(c, ACO_BLOCK_INVERT | ACO_BLOCK_LINEAR);
   if (!invert)
      goto fail;
   join_finish(c, &inv, invert);
   exec_andn2(c, aco_opnd_temp(c->masks.data[base]), exec_opnd(c));
   struct aco_minstr *skip_else = branch(c, aco_op_p_cbranch_z, exec_opnd(c));
   aco_temp *inv_masks = snapshot(c, c->masks.len);
   if (!inv_masks)
      goto fail;

   struct aco_mblock *else_b = isel_new_block(c, 0);
   if (!else_b)
      goto fail;
   edge(c, head, else_b, true, false);
   edge(c, invert->index, else_b, false, true);
   start_block(c, else_b);
   if (in->regions[1]) {
      s = isel_select_region(c, in->regions[1], vals + n);
      if (s)
         goto out;
      if (!c->block) {
         s = isel_unsupported(c, in, "a return inside divergent control flow");
         goto out;
      }
   }
   if (!close_side(c, &end, &end, vals + n, skip_else, invert->index, inv_masks))
      goto fail;

   struct aco_mblock *merge = isel_new_block(c, ACO_BLOCK_MERGE);
   if (!merge)
      goto fail;
   join_finish(c, &end, merge);
   unsigned acc = info->acc_base;
   for (unsigned i = 0; i < n; i++) {
      aco_rc rc = isel_rc_of(c, in->defs[i]);
      if (is_bool(c, in->defs[i]))
         c->temps[in->defs[i].id] = c->masks.data[acc++];
      else if (aco_rc_is_vgpr(rc))
         c->temps[in->defs[i].id] = join_value(c, &end, i, rc);
      else {
         s = isel_unsupported(c, in, "a uniform result of an if on a divergent condition");
         goto out;
      }
   }
   exec_set(c, c->masks.data[base]);
   c->dead = !join_count(&end, true);
   if (!c->dead)
      isel_emit(c, aco_op_p_logical_start, 0, 0);
   s = c->p->status;
   goto out;
fail:
   s = c->p->status ? c->p->status : oom(c);
out:
   c->masks.len = base;
   c->div_ifs.len--;
   join_free(c, &inv);
   join_free(c, &end);
   return s;
}

/* ---- if-conversion ----------------------------------------------------------------------
 * A divergent if whose sides are short and only compute values (integer and float
 * arithmetic, comparisons, conversions, selects, vectors: no memory, no subgroup
 * operations, no control flow, no calls) runs both sides on every lane the if starts with
 * and picks each result by lane with v_cndmask (lane masks with s_and/s_or): no exec
 * writes, no branches. Every operation of the front IR is defined on every input
 * (docs/ir-semantics.md), so computing a side for lanes that would not have taken it
 * changes nothing they see. Sides are weighed by what they cost (division, approximate
 * and 64-bit float operations count more) against IFCONV_BUDGET, roughly what the
 * branches and exec writes of the divergent if cost. */
#define IFCONV_BUDGET 12

static unsigned
ifconv_cost(const struct isel_ctx *c, const struct air_region *r)
{
   if (!r)
      return 0;
   unsigned cost = 0;
   air_foreach_instr(in, r)
   {
      const struct air_op_info *info = air_op_info(in->op);
      switch (info->cls) {
      case ACO_OPC_CONST: break;
      case ACO_OPC_INT_BIN:
         if (in->op == ACO_OP_UDIV || in->op == ACO_OP_SDIV || in->op == ACO_OP_UREM ||
             in->op == ACO_OP_SREM)
            return IFCONV_BUDGET + 1;
         /* fallthrough */
      case ACO_OPC_INT_UN:
      case ACO_OPC_INT_CMP:
      case ACO_OPC_FLOAT_UN:
      case ACO_OPC_FLOAT_BIN:
      case ACO_OPC_FLOAT_TRI:
      case ACO_OPC_FLOAT_CMP:
      case ACO_OPC_CONVERT:
      case ACO_OPC_SELECT:
      case ACO_OPC_VEC:
      case ACO_OPC_EXTRACT:
      case ACO_OPC_SYSVAL: {
         unsigned bits = in->num_defs ? air_value(c->f, in->defs[0])->type.bits : 32;
         cost += bits == 64 ? 3 : 1;
         break;
      }
      case ACO_OPC_FLOAT_APPROX: cost += 6; break;
      case ACO_OPC_JUMP:
         if (in->op != ACO_OP_YIELD)
            return IFCONV_BUDGET + 1;
         break;
      default: return IFCONV_BUDGET + 1;
      }
   }
   return cost;
}

static bool
if_convertible(struct isel_ctx *c, const struct air_instr *in)
{
   if (c->p->no_ifconv || !in->regions[0])
      return false;
   for (unsigned i = 0; i < in->num_defs; i++) {
      aco_type ty = air_value(c->f, in->defs[i])->type;
      if (ty.bits == 1)
         continue;
      aco_rc rc = isel_rc_of(c, in->defs[i]);
      if (!aco_rc_is_vgpr(rc) || aco_rc_is_subdword(rc) || aco_entry_arg_dwords(ty) > 16)
         return false;
   }
   return ifconv_cost(c, in->regions[0]) + ifconv_cost(c, in->regions[1]) <= IFCONV_BUDGET;
}

static aco_status
select_converted_if(struct isel_ctx *c, const struct air_instr *in, struct isel_if *info)
{
   unsigned n = in->num_defs;
   aco_temp cond = isel_temp(c, in->srcs[0]);
   aco_temp *vals = aco_arena_array(&c->p->arena, aco_temp, 2 * (n ? n : 1));
   if (!vals)
      return oom(c);
   info->converted = true;
   for (unsigned side = 0; side < 2; side++) {
      if (!in->regions[side])
         continue;
      aco_status s = isel_select_region(c, in->regions[side], vals + side * n);
      if (s)
         return s;
   }
   for (unsigned i = 0; i < n; i++) {
      aco_type ty = air_value(c->f, in->defs[i])->type;
      aco_temp t = vals[i], f = vals[n + i];
      if (ty.bits == 1) {
         aco_temp x = mask_op(c, aco_op_s_and_b32, aco_op_s_and_b64, aco_opnd_temp(cond),
                              aco_opnd_temp(t));
         aco_temp y = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                              aco_opnd_temp(f), aco_opnd_temp(cond));
         c->temps[in->defs[i].id] = mask_op(c, aco_op_s_or_b32, aco_op_s_or_b64,
                                            aco_opnd_temp(x), aco_opnd_temp(y));
      } else {
         c->temps[in->defs[i].id] = isel_select_lanes(c, ty, cond, t, f);
      }
   }
   return c->p->status;
}

aco_status
isel_select_if(struct isel_ctx *c, const struct air_instr *in)
{
   struct isel_if info = {in, isel_div(c, in->srcs[0]), false, 0, c->cur_if};
   c->cur_if = &info;
   aco_status s = !info.divergent          ? select_uniform_if(c, in, &info)
                  : if_convertible(c, in) ? select_converted_if(c, in, &info)
                                          : select_divergent_if(c, in, &info);
   c->cur_if = info.outer;
   return s;
}

/* ---- loops ------------------------------------------------------------------------------ */

/* Whether a break, continue or return of the loop whose body is r sits in an if on a
 * divergent condition (nested loops have their own): then lanes leave one by one, and
 * the loop ends when none is left. */
static bool
has_divergent_jump(const struct isel_ctx *c, const struct air_region *r, bool in_div)
{
   air_foreach_instr(in, r)
   {
      if ((in->op == ACO_OP_BREAK || in->op == ACO_OP_CONTINUE || in->op == ACO_OP_RETURN) &&
          in_div)
         return true;
      if (in->op == ACO_OP_IF) {
         bool d = in_div || isel_div(c, in->srcs[0]);
         for (unsigned k = 0; k < 2; k++)
            if (in->regions[k] && has_divergent_jump(c, in->regions[k], d))
               return true;
      }
   }
   return false;
}

static bool
not_return(void *ctx, struct air_instr *in)
{
   return !isel_is_return(ctx, in);
}

static bool
not_loop_with_return(void *ctx, struct air_instr *in)
{
   return in->op != ACO_OP_LOOP || air_walk(in->regions[0], not_return, ctx);
}

/* A loop with a return inside is divergent unless every return in it is the whole
 * wave's: returns of part of the lanes make it keep its lanes in L, leave when none is
 * left, and restore exec without the returned lanes, which no mask outside it can do for
 * it (those masks have no phis in its header). After some lanes returned (c->returns),
 * a return of the rest must wait for them at the end too: the loop is divergent then. */
static bool
loop_returns_divergent(const struct isel_ctx *c, struct air_region *body)
{
   void *f = (void *)c->f;
   if (air_walk(body, not_return, f))
      return false;
   return c->masks.len || c->div_ifs.len || c->loop || c->returns.e.len ||
          !air_walk(body, not_loop_with_return, f);
}

static bool outer_loop_loses(struct isel_ctx *c, struct isel_loop *o, aco_temp ret);

aco_status
isel_select_loop(struct isel_ctx *c, const struct air_instr *in)
{
   const struct air_region *body = in->regions[0];
   unsigned np = body->num_params, nr = in->num_defs;
   struct isel_loop l;
   memset(&l, 0, sizeof(l));
   l.instr = in;
   l.outer = c->loop;
   l.divergent = has_divergent_jump(c, body, false) || loop_returns_divergent(c, in->regions[0]);
   l.div_if_base = c->div_ifs.len;
   unsigned outer_masks = c->masks.len;
   aco_temp *init = aco_arena_array(&c->p->arena, aco_temp, np ? np : 1);
   struct aco_minstr **phis = aco_arena_array(&c->p->arena, struct aco_minstr *, np ? np : 1);
   l.param_acc = aco_arena_array(&c->p->arena, int, np ? np : 1);
   l.result_acc = aco_arena_array(&c->p->arena, int, nr ? nr : 1);
   if (!init || !phis || !l.param_acc || !l.result_acc)
      return oom(c);
   for (unsigned i = 0; i < np; i++)
      init[i] = flow_value(c, in->srcs[i], isel_rc_of(c, body->params[i]));

   /* the mask variables of a divergent loop: L, then the boolean accumulators */
   aco_temp entry_exec = {0, {0}};
   l.mask_base = c->masks.len;
   if (l.divergent) {
      entry_exec = exec_copy(c);
      push_mask(c, entry_exec);
   }
   for (unsigned i = 0; i < nr; i++) {
      l.result_acc[i] = -1;
      if (l.divergent && is_bool(c, in->defs[i]))
         l.result_acc[i] = (int)push_mask(c, isel_const_temp(c, 0, c->lane_mask_dwords));
   }
   for (unsigned i = 0; i < np; i++) {
      l.param_acc[i] = -1;
      if (l.divergent && is_bool(c, body->params[i]) && isel_div(c, body->params[i]))
         l.param_acc[i] = (int)push_mask(c, init[i]);
   }
   /* lanes returning inside it are done (select_loop_return: they end, or wait at the
    * function's end for the others); the exit leaves them out */
   l.ret_mask = -1;
   if (l.divergent && (isel_ends_wave(c) || c->entry_exec.id) &&
       !air_walk(in->regions[0], not_return, (void *)c->f))
      l.ret_mask = (int)push_mask(c, isel_const_temp(c, 0, c->lane_mask_dwords));
   unsigned nm = c->masks.len;
   l.latch.nvals = np;
   l.latch.nmasks = nm;
   l.exit.nvals = nr;
   l.exit.nmasks = nm;

   isel_emit(c, aco_op_p_logical_end, 0, 0);
   /* Inside divergent control flow the loop may be reached with exec = 0 (every lane
    * left through a divergent jump): the wave then skips it, through a linear block to
    * the exit, since breaks under an if would be skipped and never see L empty. The
    * loop is entered through a block of its own so that no edge is critical. */
   if (l.divergent || outer_masks) {
      branch(c, aco_op_p_cbranch_z, exec_opnd(c));
      join_add(c, &l.exit, c->block->index, false, true, NULL, NULL);
      l.exit.e.data[l.exit.e.len - 1].via_exit_block = true;
      uint32_t from = c->block->index;
      struct aco_mblock *enter_b = isel_new_block(c, 0);
      if (!enter_b)
         return c->p->status;
      edge(c, from, enter_b, true, true);
      start_block(c, enter_b);
      isel_emit(c, aco_op_p_logical_end, 0, 0);
   }
   struct aco_minstr *enter = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   uint32_t pre = c->block->index;
   c->depth++;
   c->loop = &l;
   aco_status s = ACO_SUCCESS;
   struct aco_mblock *header = isel_new_block(c, ACO_BLOCK_LOOP_HEADER);
   if (!header)
      goto fail;
   enter->target_block = header->index;
   edge(c, pre, header, true, true);
   c->block = header;
   c->dead = false;
   for (unsigned i = 0; i < np; i++) {
      phis[i] = NULL;
      if (l.param_acc[i] >= 0)
         continue;
      aco_temp d = isel_new(c, isel_rc_of(c, body->params[i]));
      phis[i] = isel_emit(c, aco_rc_is_vgpr(d.rc) ? aco_op_p_phi : aco_op_p_linear_phi, 2, 1);
      phis[i]->operands[0] = aco_opnd_temp(init[i]);
      phis[i]->definitions[0] = aco_def_temp(d);
      c->temps[body->params[i].id] = d;
   }
   struct aco_minstr **mphis =
      aco_arena_array(&c->p->arena, struct aco_minstr *, nm - l.mask_base + 1);
   if (!mphis)
      goto fail;
   for (unsigned i = l.mask_base; i < nm; i++) {
      aco_temp d = isel_new(c, lm_rc(c));
      struct aco_minstr *phi = isel_emit(c, aco_op_p_linear_phi, 2, 1);
      phi->operands[0] = aco_opnd_temp(c->masks.data[i]);
      phi->definitions[0] = aco_def_temp(d);
      c->masks.data[i] = d;
      mphis[i - l.mask_base] = phi;
   }
   for (unsigned i = 0; i < np; i++)
      if (l.param_acc[i] >= 0)
         c->temps[body->params[i].id] = c->masks.data[l.param_acc[i]];
   isel_emit(c, aco_op_p_logical_start, 0, 0);

   s = isel_select_region(c, body, NULL);
   if (s)
      goto out;
   if (c->block) {
      if (!c->dead) {
         s = isel_select_jump(c, NULL, NULL); /* falling off the body continues */
         if (s)
            goto out;
      } else {
         join_add(c, &l.latch, c->block->index, false, true, NULL, NULL);
         join_branch(c, &l.latch, branch(c, aco_op_p_branch, aco_opnd_const(0, 32)));
         c->block = NULL;
      }
   }

   /* the latch: back to the header with exec = L */
   bool latch_logical = join_count(&l.latch, true) != 0;
   if (l.latch.e.len) {
      struct aco_mblock *latch = isel_new_block(c, ACO_BLOCK_CONTINUE);
      if (!latch)
         goto fail;
      join_finish(c, &l.latch, latch);
      for (unsigned i = 0; i < np; i++) {
         if (!phis[i])
            continue;
         aco_rc rc = phis[i]->definitions[0].temp.rc;
         if (aco_rc_is_vgpr(rc) && !latch_logical) {
            phis[i]->num_operands = 1;
            continue;
         }
         aco_temp v = join_value(c, &l.latch, i, rc);
         phis[i]->operands[1] = v.id ? aco_opnd_temp(v) : linear_undef(rc);
      }
      for (unsigned i = l.mask_base; i < nm; i++)
         mphis[i - l.mask_base]->operands[1] = aco_opnd_temp(c->masks.data[i]);
      if (l.divergent)
         exec_set(c, c->masks.data[l.mask_base]);
      if (latch_logical) {
         isel_emit(c, aco_op_p_logical_start, 0, 0);
         isel_emit(c, aco_op_p_logical_end, 0, 0);
      }
      struct aco_minstr *back = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
      back->target_block = header->index;
      edge(c, latch->index, header, latch_logical, true);
   } else {
      for (unsigned i = 0; i < np; i++)
         if (phis[i])
            phis[i]->num_operands = 1;
      for (unsigned i = l.mask_base; i < nm; i++)
         mphis[i - l.mask_base]->num_operands = 1;
   }
   c->depth--;
   c->loop = l.outer;
   if (!l.exit.e.len) {
      c->block = NULL; /* an endless loop: nothing after it runs */
      s = isel_unsupported(c, in, "a loop without a break");
      goto out;
   }

   /* divergent breaks reach the exit through a block of their own when L is empty, and so
    * does the wave that skips the loop */
   c->depth++;
   for (uint32_t k = 0; k < l.exit.e.len; k++) {
      struct isel_join_entry *e = &l.exit.e.data[k];
      if (!e->via_exit_block)
         continue;
      struct aco_mblock *b = isel_new_block(c, ACO_BLOCK_LINEAR);
      if (!b)
         goto fail;
      struct aco_mblock *from = c->p->blocks.data[e->block];
      from->instrs.data[from->instrs.len - 1]->target_block = b->index;
      edge(c, e->block, b, false, true);
      e->block = b->index;
      c->block = b;
      join_branch(c, &l.exit, branch(c, aco_op_p_branch, aco_opnd_const(0, 32)));
   }
   c->depth--;
   struct aco_mblock *exit_b = isel_new_block(c, ACO_BLOCK_LOOP_EXIT);
   if (!exit_b)
      goto fail;
   join_finish(c, &l.exit, exit_b);
   for (unsigned i = 0; i < nr; i++) {
      if (l.result_acc[i] >= 0)
         c->temps[in->defs[i].id] = c->masks.data[l.result_acc[i]];
      else
         c->temps[in->defs[i].id] = join_value(c, &l.exit, i, isel_rc_of(c, in->defs[i]));
   }
   if (l.ret_mask >= 0) {
      aco_temp ret = c->masks.data[l.ret_mask];
      exec_set(c, mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                          aco_opnd_temp(entry_exec), aco_opnd_temp(ret)));
      if (l.outer && l.outer->ret_mask >= 0 && !outer_loop_loses(c, l.outer, ret))
         goto fail;
      for (unsigned k = l.div_if_base; k-- > 0;) {
         unsigned var = c->div_ifs.data[k];
         c->masks.data[var] = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                                      aco_opnd_temp(c->masks.data[var]), aco_opnd_temp(ret));
      }
   } else if (l.divergent)
      exec_set(c, entry_exec);
   c->dead = !join_count(&l.exit, true);
   if (!c->dead)
      isel_emit(c, aco_op_p_logical_start, 0, 0);
   s = c->p->status;
   goto out;
fail:
   s = c->p->status ? c->p->status : oom(c);
out:
   c->loop = l.outer;
   c->masks.len = outer_masks;
   join_free(c, &l.latch);
   join_free(c, &l.exit);
   return s;
}

/* The lanes `gone` leave divergent loop l's mask L; when L is then empty the wave leaves
 * the loop, through a block of its own to the exit, else the block goes on: for the lanes
 * still running (`logical`), or for none (a linear block). False when out of memory. */
static bool
leave_loop_if_empty(struct isel_ctx *c, struct isel_loop *l, aco_operand gone, bool logical)
{
   c->masks.data[l->mask_base] = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                                         aco_opnd_temp(c->masks.data[l->mask_base]), gone);
   /* scc: L is not empty */
   branch(c, aco_op_p_cbranch_z, isel_scc_opnd());
   join_add(c, &l->exit, c->block->index, false, true, NULL, NULL);
   l->exit.e.data[l->exit.e.len - 1].via_exit_block = true;
   uint32_t from = c->block->index;
   struct aco_mblock *cont = isel_new_block(c, logical ? 0 : ACO_BLOCK_LINEAR);
   if (!cont)
      return false;
   if (logical)
      cont->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   edge(c, from, cont, logical, true);
   c->block = cont;
   return true;
}

/* Lanes that returned inside a loop nested in divergent loop o are gone from o as well:
 * they join o's returned lanes (which o's exit leaves out, and passes on to the loop
 * around it in turn) and leave its lanes L; when no lane is left in L, the wave leaves o
 * as after a divergent break, else the rest of o's body runs for the lanes still in it. */
static bool
outer_loop_loses(struct isel_ctx *c, struct isel_loop *o, aco_temp ret)
{
   c->masks.data[o->ret_mask] = mask_op(c, aco_op_s_or_b32, aco_op_s_or_b64,
                                        aco_opnd_temp(c->masks.data[o->ret_mask]),
                                        aco_opnd_temp(ret));
   return leave_loop_if_empty(c, o, aco_opnd_temp(ret), true) &&
          c->p->status == ACO_SUCCESS;
}

/* ---- break, continue, yield ------------------------------------------------------------ */

/* The lanes of exec leave the divergent loop l for good (a break, a return): they leave
 * its mask L; when L is then empty the wave leaves the loop through a block of its own to
 * the exit; the rest of the block runs for no lane. */
static aco_status
leave_loop_lanes(struct isel_ctx *c, struct isel_loop *l)
{
   if (!leave_loop_if_empty(c, l, exec_opnd(c), false))
      return c->p->status;
   c->dead = true;
   exec_zero(c);
   return c->p->status;
}

static aco_status
select_loop_jump(struct isel_ctx *c, const struct air_instr *in, bool is_break)
{
   struct isel_loop *l = c->loop;
   const struct air_region *body = l->instr->regions[0];
   unsigned n = is_break ? l->instr->num_defs : body->num_params;
   bool in_div_if = c->div_ifs.len > l->div_if_base;
   bool div_style = in_div_if || (is_break && l->seen_divergent_continue);
   if (!is_break && in_div_if)
      l->seen_divergent_continue = true;
   aco_temp *vals = aco_arena_array(&c->p->arena, aco_temp, n ? n : 1);
   if (!vals)
      return oom(c);
   const int *acc = is_break ? l->result_acc : l->param_acc;
   for (unsigned i = 0; i < n; i++) {
      aco_value dst = is_break ? l->instr->defs[i] : body->params[i];
      aco_value src = in ? in->srcs[i] : body->params[i];
      if (acc[i] >= 0) {
         vals[i] = aco_temp_make(0, lm_rc(c));
         accumulate(c, (unsigned)acc[i], isel_temp(c, src));
      } else {
         vals[i] = flow_value(c, src, isel_rc_of(c, dst));
      }
   }
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct isel_join *j = is_break ? &l->exit : &l->latch;
   if (!div_style) {
      join_add(c, j, c->block->index, true, true, vals, NULL);
      join_branch(c, j, branch(c, aco_op_p_branch, aco_opnd_const(0, 32)));
      c->block = NULL;
      return c->p->status;
   }
   /* only these lanes leave: take them out of the masks that would bring them back */
   c->block->kind |= ACO_BLOCK_BREAK;
   join_add(c, j, c->block->index, true, false, vals, NULL);
   for (unsigned k = c->div_ifs.len; k-- > l->div_if_base;) {
      unsigned var = c->div_ifs.data[k];
      c->masks.data[var] = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                                   aco_opnd_temp(c->masks.data[var]), exec_opnd(c));
   }
   c->dead = true;
   if (!is_break) {
      exec_zero(c);
      return c->p->status;
   }
   return leave_loop_lanes(c, l);
}

/* The lanes of a return inside divergent ifs are done: they leave every saved mask that
 * would bring them back (like a divergent break leaving all the ifs), the rest of the
 * region runs without them, and the block has no logical successor. */
static void
lanes_leave(struct isel_ctx *c)
{
   c->block->kind |= ACO_BLOCK_BREAK;
   for (unsigned k = c->div_ifs.len; k-- > 0;) {
      unsigned var = c->div_ifs.data[k];
      c->masks.data[var] = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                                   aco_opnd_temp(c->masks.data[var]), exec_opnd(c));
   }
   exec_zero(c);
   c->dead = true;
}

static aco_status loop_lanes_return(struct isel_ctx *c);

/* A return of some lanes of a function returning to its caller: their results go to the
 * function's end (a logical edge), where the lanes wait for the others; inside a divergent
 * loop they also leave it (isel_select_jump checked it is the only one: isel_return_loops_ok). */
void
isel_return_site(struct isel_ctx *c, unsigned n, aco_temp *vals)
{
   c->returns.nvals = n;
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   join_add(c, &c->returns, c->block->index, true, false, vals, NULL);
   if (c->loop && c->loop->ret_mask >= 0)
      loop_lanes_return(c);
   else
      lanes_leave(c);
}

/* A return of every lane still running (inside uniform ifs, or at the end) after returns
 * of some lanes: the block goes to the function's end, where all the results meet. */
void
isel_return_all(struct isel_ctx *c, unsigned n, aco_temp *vals)
{
   c->returns.nvals = n;
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   join_add(c, &c->returns, c->block->index, true, true, vals, NULL);
   join_branch(c, &c->returns, branch(c, aco_op_p_branch, aco_opnd_const(0, 32)));
}

/* The function's end when some lanes returned early: the results merged by lane (vals,
 * those of the block being built when there is one) and exec whole again. */
void
isel_returns_join(struct isel_ctx *c, unsigned n, aco_temp *vals)
{
   if (!c->returns.e.len)
      return;
   if (c->block)
      isel_return_all(c, n, vals);
   struct aco_mblock *end = isel_new_block(c, ACO_BLOCK_MERGE);
   if (!end)
      return;
   join_finish(c, &c->returns, end);
   for (unsigned i = 0; i < n; i++)
      vals[i] = join_value(c, &c->returns, i, vals[i].rc);
   exec_set(c, c->entry_exec);
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   join_free(c, &c->returns);
}

/* A return of some lanes of a function whose return ends them (an entry, a chain or a
 * noreturn function), inside divergent ifs, possibly in uniform loops: the lanes are
 * done; the end of the function ends the wave for the others. */
static aco_status
select_divergent_return(struct isel_ctx *c)
{
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   lanes_leave(c);
   return c->p->status;
}

/* The same inside a divergent loop L (the only divergent loop around it): the lanes also
 * leave L and join the loop's returned lanes R, which its exit leaves out of the mask it
 * restores; when L is empty the wave leaves the loop, as after a divergent break. */
static aco_status
select_loop_return(struct isel_ctx *c)
{
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   return loop_lanes_return(c);
}

static aco_status
loop_lanes_return(struct isel_ctx *c)
{
   struct isel_loop *l = c->loop;
   c->block->kind |= ACO_BLOCK_BREAK;
   c->masks.data[l->ret_mask] = mask_op(c, aco_op_s_or_b32, aco_op_s_or_b64,
                                        aco_opnd_temp(c->masks.data[l->ret_mask]), exec_opnd(c));
   /* the ifs around the loop lose these lanes where it ends (in isel_select_loop) */
   for (unsigned k = c->div_ifs.len; k-- > l->div_if_base;) {
      unsigned var = c->div_ifs.data[k];
      c->masks.data[var] = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                                   aco_opnd_temp(c->masks.data[var]), exec_opnd(c));
   }
   return leave_loop_lanes(c, l);
}

bool
isel_in_divergent_cf(const struct isel_ctx *c)
{
   return c->div_ifs.len || (c->loop && c->loop->divergent) || c->masks.len;
}

/* Whether the loops around a return of some lanes allow it: no divergent loop (uniform
 * loops keep the lanes left), or the innermost is divergent and so is every loop around
 * it with returned lanes to leave out (a loop around a loop with a return is divergent,
 * loop_returns_divergent, and keeps such a mask: the inner one's exit adds to it). */
bool
isel_return_loops_ok(const struct isel_ctx *c, bool *in_div_loop)
{
   const struct isel_loop *div = NULL;
   unsigned n = 0;
   for (const struct isel_loop *l = c->loop; l; l = l->outer)
      if (l->divergent && n++ == 0)
         div = l;
   *in_div_loop = n != 0;
   if (!n)
      return true;
   if (div != c->loop || div->ret_mask < 0)
      return false;
   for (const struct isel_loop *l = c->loop; l; l = l->outer)
      if (l->divergent && l->ret_mask < 0)
         return false;
   return true;
}

/* A return inside divergent control flow of a function whose return ends the lanes. */
static aco_status
select_lanes_end(struct isel_ctx *c, const struct air_instr *in)
{
   bool in_loop;
   if (!isel_return_loops_ok(c, &in_loop))
      return isel_unsupported(c, in, "a return inside a loop nested in a divergent loop");
   return in_loop ? select_loop_return(c) : select_divergent_return(c);
}

aco_status
isel_select_jump(struct isel_ctx *c, const struct air_instr *in, aco_temp *yield_vals)
{
   if (!in)
      return select_loop_jump(c, NULL, false);
   switch (in->op) {
   case ACO_OP_YIELD: {
      struct isel_if *info = c->cur_if;
      const struct air_instr *ifi = in->parent ? in->parent->parent : NULL;
      if (!info || info->instr != ifi)
         return isel_unsupported(c, in, "a yield outside its if");
      unsigned acc = info->acc_base;
      for (unsigned i = 0; i < in->num_srcs; i++) {
         if (info->converted) {
            yield_vals[i] = is_bool(c, ifi->defs[i])
                               ? isel_temp(c, in->srcs[i])
                               : flow_value(c, in->srcs[i], isel_rc_of(c, ifi->defs[i]));
         } else if (info->divergent && is_bool(c, ifi->defs[i])) {
            unsigned var = acc++;
            aco_temp mine = mask_op(c, aco_op_s_and_b32, aco_op_s_and_b64,
                                    aco_opnd_temp(isel_temp(c, in->srcs[i])), exec_opnd(c));
            c->masks.data[var] = mask_op(c, aco_op_s_or_b32, aco_op_s_or_b64,
                                         aco_opnd_temp(c->masks.data[var]), aco_opnd_temp(mine));
            yield_vals[i] = aco_temp_make(0, lm_rc(c));
         } else {
            yield_vals[i] = flow_value(c, in->srcs[i], isel_rc_of(c, ifi->defs[i]));
         }
      }
      return c->p->status;
   }
   case ACO_OP_BREAK:
   case ACO_OP_CONTINUE:
      if (!c->loop)
         return isel_unsupported(c, in, "a break or continue outside a loop");
      return select_loop_jump(c, in, in->op == ACO_OP_BREAK);
   case ACO_OP_RETURN:
      if (isel_in_divergent_cf(c)) {
         if (isel_ends_wave(c))
            return select_lanes_end(c, in);
         bool in_loop;
         if (c->entry_exec.id && !isel_return_loops_ok(c, &in_loop))
            return isel_unsupported(c, in, "a return inside a loop nested in a divergent loop");
         return isel_select_return(c, in); /* a return site (select_call.c) */
      }
      isel_select_return(c, in);
      c->block = NULL;
      return c->p->status;
   default:
      return isel_unsupported(c, in, aco_op_name(in->op));
   }
}

void
isel_skip_begin(struct isel_ctx *c, struct isel_skip *s)
{
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   s->branch = branch(c, aco_op_p_cbranch_z, exec_opnd(c));
   struct aco_minstr *go = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   s->from = c->block->index;
   struct aco_mblock *body = isel_new_block(c, 0);
   if (!body)
      return;
   body->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   go->target_block = body->index;
   edge(c, s->from, body, true, true);
   start_block(c, body);
}

/* The end of a skipped region; the n SGPR values (sgprs) defined in it get a linear phi,
 * 0 on the skipping path, and are replaced by it. */
void
isel_skip_end(struct isel_ctx *c, struct isel_skip *s, unsigned n, aco_temp *sgprs)
{
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *done = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   uint32_t last = c->block->index;
   struct aco_mblock *skip = isel_new_block(c, ACO_BLOCK_LINEAR);
   if (!skip)
      return;
   skip->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   s->branch->target_block = skip->index;
   edge(c, s->from, skip, false, true);
   c->block = skip;
   struct aco_minstr *over = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   struct aco_mblock *after = isel_new_block(c, 0);
   if (!after)
      return;
   done->target_block = over->target_block = after->index;
   edge(c, last, after, true, true);
   edge(c, skip->index, after, false, true);
   c->block = after;
   for (unsigned i = 0; i < n; i++) {
      aco_temp d = isel_new(c, sgprs[i].rc);
      struct aco_minstr *phi = isel_emit(c, aco_op_p_linear_phi, 2, 1);
      phi->operands[0] = aco_opnd_temp(sgprs[i]);
      phi->operands[1] = linear_undef(sgprs[i].rc);
      phi->definitions[0] = aco_def_temp(d);
      sgprs[i] = d;
   }
   start_block(c, after);
}

/* The waterfall loop of a call through a per-lane pointer (docs/calls.md): each trip takes
 * the first remaining lane's pointer, narrows exec to the lanes holding it, calls it, and
 * drops those lanes, until none remain; then exec is the entry mask again.
 *
 *    pre     E = exec
 *    head    p = readfirstlane(ptr); R = s_and_saveexec(ptr == p); p_call p;
 *            exec = R & ~exec; s_cbranch_execz after         (logical part: the call)
 *    latch   linear only                                        -> head
 *    after   exec = E
 *
 * Each lane runs the head's logical part once, in its own trip: the logical CFG is
 * pre -> head -> after with no back edge, so the allocator keeps a lane's VGPRs where it
 * left them until its trip and every copy it makes there runs once per lane. The
 * callee's results land in its ABI registers in the calling lanes of each trip; the other
 * lanes of those registers are not written (inactive lanes are preserved), so after the
 * last trip they hold every lane's results. An i1 result is a lane mask in SGPRs, which
 * each trip overwrites whole: a linear phi of the head gathers each trip's lanes of it,
 * A' = (A & ~exec) | (r & exec), from 0. A uniform result is copied into a VGPR in the
 * trip's lanes (the divergence analysis makes it divergent). */
aco_status
isel_select_waterfall(struct isel_ctx *c, const struct air_instr *in)
{
   aco_temp ptr = isel_temp(c, in->srcs[0]);
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   /* the i1 results (at most one per return parameter) */
   unsigned nres = in->num_defs, nmask = 0;
   struct aco_minstr **acc = aco_arena_array(&c->p->arena, struct aco_minstr *, nres + 1);
   if (!acc)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   aco_temp zero = {0, lm_rc(c)};
   for (unsigned k = 0; k < nres && !zero.id; k++) {
      if (!is_bool(c, in->defs[k]))
         continue;
      zero = isel_new(c, lm_rc(c));
      struct aco_minstr *mov = isel_emit(c, wave64(c) ? aco_op_s_mov_b64 : aco_op_s_mov_b32, 1, 1);
      mov->operands[0] = aco_opnd_const(0, wave64(c) ? 64 : 32);
      mov->definitions[0] = aco_def_temp(zero);
   }
   aco_temp entry = exec_copy(c);
   struct aco_minstr *enter = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   uint32_t pre = c->block->index;
   c->depth++;
   struct aco_mblock *head = isel_new_block(c, ACO_BLOCK_LOOP_HEADER);
   if (!head)
      return c->p->status;
   head->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   enter->target_block = head->index;
   edge(c, pre, head, true, true);
   c->block = head;
   c->dead = false;
   for (unsigned k = 0; k < nres; k++) {
      acc[k] = NULL;
      if (!is_bool(c, in->defs[k]))
         continue;
      acc[k] = isel_emit(c, aco_op_p_linear_phi, 2, 1);
      acc[k]->operands[0] = aco_opnd_temp(zero);
      acc[k]->definitions[0] = aco_def_temp(isel_new(c, lm_rc(c)));
      nmask++;
   }
   aco_temp target = isel_read_pair(c, ptr, aco_temp_make(0, aco_rc_s(1)));
   aco_temp same = isel_new(c, lm_rc(c));
   struct aco_minstr *cmp = isel_emit(c, aco_op_v_cmp_eq_u64, 2, 1);
   cmp->encoding = ACO_ENC_E64;
   cmp->operands[0] = aco_opnd_temp(target);
   cmp->operands[1] = aco_opnd_temp(ptr);
   cmp->definitions[0] = aco_def_temp(same);
   aco_temp rest = isel_new(c, lm_rc(c));
   struct aco_minstr *save =
      isel_emit(c, wave64(c) ? aco_op_s_and_saveexec_b64 : aco_op_s_and_saveexec_b32, 1, 1);
   save->operands[0] = aco_opnd_temp(same);
   save->definitions[0] = aco_def_temp(rest);
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   aco_status s = isel_emit_call(c, in, target);
   if (s)
      return s;
   for (unsigned k = 0; k < nres && nmask; k++) {
      if (!acc[k])
         continue;
      aco_temp kept = mask_op(c, aco_op_s_and_not1_b32, aco_op_s_and_not1_b64,
                              aco_opnd_temp(acc[k]->definitions[0].temp), exec_opnd(c));
      aco_temp mine = mask_op(c, aco_op_s_and_b32, aco_op_s_and_b64,
                              aco_opnd_temp(c->temps[in->defs[k].id]), exec_opnd(c));
      aco_temp next = mask_op(c, aco_op_s_or_b32, aco_op_s_or_b64, aco_opnd_temp(kept),
                              aco_opnd_temp(mine));
      acc[k]->operands[1] = aco_opnd_temp(next);
      c->temps[in->defs[k].id] = next;
   }
   /* a uniform result is uniform per trip only: each lane keeps its trip's in a VGPR */
   for (unsigned k = 0; k < nres; k++)
      if (!acc[k] && c->temps[in->defs[k].id].id && !aco_rc_is_vgpr(c->temps[in->defs[k].id].rc))
         c->temps[in->defs[k].id] = isel_as_vgpr(c, c->temps[in->defs[k].id]);
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   exec_andn2(c, aco_opnd_temp(rest), exec_opnd(c));
   struct aco_minstr *done = branch(c, aco_op_p_cbranch_z, exec_opnd(c));
   struct aco_minstr *again = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   struct aco_mblock *latch = isel_new_block(c, ACO_BLOCK_CONTINUE | ACO_BLOCK_LINEAR);
   c->depth--;
   if (!latch)
      return c->p->status;
   latch->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   again->target_block = latch->index;
   edge(c, head->index, latch, false, true);
   c->block = latch;
   branch(c, aco_op_p_branch, aco_opnd_const(0, 32))->target_block = head->index;
   edge(c, latch->index, head, false, true);
   struct aco_mblock *exit_b = isel_new_block(c, ACO_BLOCK_LOOP_EXIT);
   if (!exit_b)
      return c->p->status;
   done->target_block = exit_b->index;
   edge(c, head->index, exit_b, true, true);
   c->block = exit_b;
   c->dead = false;
   exec_set(c, entry);
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   return c->p->status;
}

/* The guard of a divergent-callable function (docs/calls.md "Divergent calls"): its body
 * runs for the lanes whose divergent PC is this function, as the then side of a divergent
 * if without an else region:
 *
 *    head    S = s_and_saveexec(cond)      (at least one lane: no skip)
 *    then    the body                       -> invert
 *    invert  exec = S & ~exec (linear only) -> else
 *    else    empty                          -> merge
 *    merge   exec = S; phis of the values
 *
 * with logical edges head -> then -> merge and head -> else -> merge. */
aco_status
isel_chain_guard_open(struct isel_ctx *c, aco_temp cond)
{
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   c->block->kind |= ACO_BLOCK_BRANCH;
   c->block->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   c->guard_saved = isel_new(c, lm_rc(c));
   struct aco_minstr *save =
      isel_emit(c, wave64(c) ? aco_op_s_and_saveexec_b64 : aco_op_s_and_saveexec_b32, 1, 1);
   save->operands[0] = aco_opnd_temp(cond);
   save->definitions[0] = aco_def_temp(c->guard_saved);
   struct aco_minstr *to_then = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   c->guard_head = c->block->index;
   struct aco_mblock *then_b = isel_new_block(c, 0);
   if (!then_b)
      return c->p->status;
   then_b->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   to_then->target_block = then_b->index;
   edge(c, c->guard_head, then_b, true, true);
   start_block(c, then_b);
   return c->p->status;
}

aco_status
isel_chain_guard_close(struct isel_ctx *c, unsigned n, const aco_temp *then_vals,
                       const aco_temp *else_vals, aco_temp *out)
{
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *to_invert = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   uint32_t then_end = c->block->index;
   struct aco_mblock *invert = isel_new_block(c, ACO_BLOCK_INVERT | ACO_BLOCK_LINEAR);
   if (!invert)
      return c->p->status;
   to_invert->target_block = invert->index;
   edge(c, then_end, invert, false, true);
   c->block = invert;
   exec_andn2(c, aco_opnd_temp(c->guard_saved), exec_opnd(c));
   struct aco_minstr *to_else = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   struct aco_mblock *else_b = isel_new_block(c, 0);
   if (!else_b)
      return c->p->status;
   else_b->kind &= ~(uint32_t)ACO_BLOCK_UNIFORM;
   to_else->target_block = else_b->index;
   edge(c, c->guard_head, else_b, true, false);
   edge(c, invert->index, else_b, false, true);
   start_block(c, else_b);
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *to_merge = branch(c, aco_op_p_branch, aco_opnd_const(0, 32));
   struct aco_mblock *merge = isel_new_block(c, ACO_BLOCK_MERGE);
   if (!merge)
      return c->p->status;
   to_merge->target_block = merge->index;
   edge(c, then_end, merge, true, false);
   edge(c, else_b->index, merge, true, true);
   c->block = merge;
   c->dead = false;
   for (unsigned i = 0; i < n; i++) {
      out[i] = isel_new(c, then_vals[i].rc);
      aco_operand ops[2] = {aco_opnd_temp(then_vals[i]), aco_opnd_temp(else_vals[i])};
      struct aco_minstr *phi = isel_emit(c, aco_op_p_phi, 2, 1);
      memcpy(phi->operands, ops, sizeof(ops));
      phi->definitions[0] = aco_def_temp(out[i]);
   }
   exec_set(c, c->guard_saved);
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   return c->p->status;
}

void
isel_free_cf(struct isel_ctx *c)
{
   join_free(c, &c->returns);
   aco_vec_free(c->p->allocator, &c->masks);
   aco_vec_free(c->p->allocator, &c->div_ifs);
}
