/* SPDX-License-Identifier: MIT */
/* SSA elimination, after register allocation: every p_phi / p_linear_phi becomes one copy
 * per predecessor, gathered into one p_parallelcopy per predecessor and kind, placed at
 * the end of that predecessor: logical phis (operand k comes from logical predecessor k)
 * just before its p_logical_end (or its closing branches if it has none), linear phis
 * (linear predecessor k) just before its closing branches. All copies into one predecessor happen at once, as the phis of a
 * block do. A copy whose source register equals its destination, and an undefined
 * operand, give no copy. The register allocator guarantees that what a copy overwrites
 * is dead at that point (no critical edges carry phis).
 *
 * The program leaves SSA form here: a phi's temporary is now written in several blocks.
 * So every temporary becomes the register it was allocated to (operands ACO_OPND_REG,
 * definitions without a temporary id, register classes kept): the later passes and the
 * assembler read registers only, and the validator's SSA checks have nothing left to
 * check. */
#include "lower/lower.h"

#include <string.h>

struct phi_copy {
   aco_definition def;
   aco_operand op;
};

typedef ACO_VEC(struct phi_copy) phi_copy_list;

struct ssa_ctx {
   struct aco_mprogram *p;
   phi_copy_list *logical, *linear; /* per block: copies to place at its end */
};

static bool
is_phi(const struct aco_minstr *in)
{
   return in->opcode == aco_op_p_phi || in->opcode == aco_op_p_linear_phi;
}

static bool
is_branch(const struct aco_minstr *in)
{
   return in->opcode == aco_op_p_branch || in->opcode == aco_op_p_cbranch_z ||
          in->opcode == aco_op_p_cbranch_nz;
}

static aco_status
gather(struct ssa_ctx *ctx, struct aco_mblock *b, const struct aco_minstr *phi)
{
   bool logical = phi->opcode == aco_op_p_phi;
   const aco_block_list *preds = logical ? &b->logical_preds : &b->linear_preds;
   if (phi->num_definitions != 1 || phi->num_operands != preds->len)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "eliminate_ssa: block %u: %s with %u operands for %u "
                                "predecessors", b->index, aco_op_info(phi->opcode)->name,
                                phi->num_operands, preds->len);
   const aco_definition *d = &phi->definitions[0];
   if (!d->fixed)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "eliminate_ssa: block %u: phi definition without a register",
                                b->index);
   for (unsigned k = 0; k < phi->num_operands; k++) {
      const aco_operand *o = &phi->operands[k];
      if (o->kind == ACO_OPND_UNDEF)
         continue;
      if (o->kind != ACO_OPND_CONST) {
         if (!o->fixed)
            return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                      "eliminate_ssa: block %u: phi operand without a register",
                                      b->index);
         if (o->reg.reg_b == d->reg.reg_b)
            continue;
      }
      phi_copy_list *l = &(logical ? ctx->logical : ctx->linear)[preds->data[k]];
      struct phi_copy c = {*d, *o};
      if (!aco_vec_push(ctx->p->allocator, l, c))
         return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY,
                                   "eliminate_ssa: out of memory");
   }
   return ACO_SUCCESS;
}

static struct aco_minstr *
make_copy(struct ssa_ctx *ctx, const phi_copy_list *l)
{
   struct aco_minstr *pc =
      aco_minstr_create(&ctx->p->arena, aco_op_p_parallelcopy, l->len, l->len);
   if (!pc)
      return NULL;
   for (uint32_t i = 0; i < l->len; i++) {
      pc->definitions[i] = l->data[i].def;
      pc->operands[i] = l->data[i].op;
   }
   return pc;
}

/* Rebuilds block b without its phis and with its outgoing copies. */
static aco_status
rebuild(struct ssa_ctx *ctx, struct aco_mblock *b)
{
   phi_copy_list *lg = &ctx->logical[b->index], *ln = &ctx->linear[b->index];
   uint32_t n = b->instrs.len;
   uint32_t branch_at = n; /* first of the closing branches */
   while (branch_at > 0 && is_branch(b->instrs.data[branch_at - 1]))
      branch_at--;
   uint32_t logical_at = branch_at;
   for (uint32_t i = 0; i < n; i++)
      if (b->instrs.data[i]->opcode == aco_op_p_logical_end)
         logical_at = i;
   struct aco_minstr *lg_copy = NULL, *ln_copy = NULL;
   if (lg->len && !(lg_copy = make_copy(ctx, lg)))
      goto oom;
   if (ln->len && !(ln_copy = make_copy(ctx, ln)))
      goto oom;

   aco_instr_list out = {NULL, 0, 0};
   for (uint32_t i = 0; i <= n; i++) {
      if (i == logical_at && lg_copy && !aco_vec_push(ctx->p->allocator, &out, lg_copy))
         goto oom_out;
      if (i == branch_at && ln_copy && !aco_vec_push(ctx->p->allocator, &out, ln_copy))
         goto oom_out;
      if (i == n)
         break;
      struct aco_minstr *in = b->instrs.data[i];
      if (!is_phi(in) && !aco_vec_push(ctx->p->allocator, &out, in))
         goto oom_out;
   }
   aco_vec_free(ctx->p->allocator, &b->instrs);
   b->instrs.data = out.data;
   b->instrs.len = out.len;
   b->instrs.cap = out.cap;
   return ACO_SUCCESS;
oom_out:
   aco_vec_free(ctx->p->allocator, &out);
oom:
   return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY, "eliminate_ssa: out of memory");
}

/* Every temporary of block b becomes its register. */
static aco_status
to_registers(struct aco_mprogram *p, struct aco_mblock *b)
{
   struct aco_minstr *in;
   aco_foreach_instr(b, in) {
      aco_foreach_operand(in, o) {
         if (o->kind != ACO_OPND_TEMP)
            continue;
         if (!o->fixed)
            return aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                      "eliminate_ssa: block %u: %s reads %%%u, which has no "
                                      "register", b->index, aco_op_info(in->opcode)->name,
                                      o->temp.id);
         o->kind = ACO_OPND_REG;
         o->temp.id = 0;
      }
      aco_foreach_definition(in, d) {
         if (d->temp.id && !d->fixed)
            return aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                      "eliminate_ssa: block %u: %s writes %%%u, which has no "
                                      "register", b->index, aco_op_info(in->opcode)->name,
                                      d->temp.id);
         d->temp.id = 0;
      }
   }
   return ACO_SUCCESS;
}

aco_status
aco_eliminate_ssa(struct aco_mprogram *p)
{
   uint32_t nb = p->blocks.len;
   struct ssa_ctx ctx = {p, NULL, NULL};
   aco_status st = ACO_SUCCESS;
   bool *has_phi = NULL;
   if (!nb)
      return ACO_SUCCESS;
   ctx.logical = aco_calloc(p->allocator, sizeof(phi_copy_list) * nb);
   ctx.linear = aco_calloc(p->allocator, sizeof(phi_copy_list) * nb);
   if (!ctx.logical || !ctx.linear) {
      st = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "eliminate_ssa: out of memory");
      goto out;
   }
   /* the copies of every phi first (a block's copies go to its predecessors), then each
    * block in one walk: rebuilt if it has phis or copies, then turned into registers */
   has_phi = aco_calloc(p->allocator, nb);
   if (!has_phi) {
      st = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "eliminate_ssa: out of memory");
      goto out;
   }
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b) {
      aco_foreach_instr(b, in) {
         if (!is_phi(in))
            continue;
         has_phi[b->index] = true;
         if ((st = gather(&ctx, b, in)) != ACO_SUCCESS)
            goto out;
      }
   }
   aco_foreach_block(p, b) {
      if ((has_phi[b->index] || ctx.logical[b->index].len || ctx.linear[b->index].len) &&
          (st = rebuild(&ctx, b)) != ACO_SUCCESS)
         goto out;
      if ((st = to_registers(p, b)) != ACO_SUCCESS)
         goto out;
   }
out:
   for (uint32_t i = 0; i < nb; i++) {
      if (ctx.logical)
         aco_vec_free(p->allocator, &ctx.logical[i]);
      if (ctx.linear)
         aco_vec_free(p->allocator, &ctx.linear[i]);
   }
   aco_free(p->allocator, ctx.logical);
   aco_free(p->allocator, ctx.linear);
   aco_free(p->allocator, has_phi);
   return st;
}
