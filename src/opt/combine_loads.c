/* SPDX-License-Identifier: MIT */
/* aco_opt_combine_loads: adjacent loads of consecutive dwords from the same address
 * operands become one wider load and a p_split_vector into the original results:
 * global_load_b32/b64 up to b128 (b96 for three dwords), s_load_b32/b64 up to b512 (b96
 * where the level has it). Only loads that follow each other directly are combined, so
 * no store, atomic or barrier can sit between them; only loads without cache-policy bits
 * (glc, slc, dlc, th, scope), so a load that asked for a particular coherence keeps it.
 * The wider load reads exactly the bytes the loads read and needs no more alignment than
 * dword alignment, which the original offsets already have (GLOBAL and SMEM accesses of
 * several dwords only need that).
 *
 * The block is rebuilt into a fresh list (nothing is spliced into the list being read);
 * one pass, linear in the block size. */
#include "opt/opt.h"

#include <string.h>

/* The load of `dwords` dwords of a family (GLOBAL or SMEM), or aco_num_opcodes. */
static enum aco_opcode
load_op(const struct aco_mprogram *p, bool smem, unsigned dwords)
{
   static const enum aco_opcode global[5] = {aco_num_opcodes, aco_op_global_load_b32,
                                             aco_op_global_load_b64, aco_op_global_load_b96,
                                             aco_op_global_load_b128};
   enum aco_opcode op = aco_num_opcodes;
   if (!smem && dwords <= 4)
      op = global[dwords];
   else if (smem)
      op = dwords == 1 ? aco_op_s_load_b32 : dwords == 2 ? aco_op_s_load_b64
         : dwords == 3 ? aco_op_s_load_b96 : dwords == 4 ? aco_op_s_load_b128
         : dwords == 8 ? aco_op_s_load_b256 : dwords == 16 ? aco_op_s_load_b512 : aco_num_opcodes;
   if (op == aco_num_opcodes || aco_op_info(op)->opcode[aco_gfx_index(p->gfx_level)] < 0)
      return aco_num_opcodes;
   return op;
}

/* Dwords a combinable load reads (0: not combinable). */
static unsigned
load_dwords(const struct aco_minstr *in, bool *smem)
{
   switch (in->opcode) {
   case aco_op_global_load_b32: *smem = false; return 1;
   case aco_op_global_load_b64: *smem = false; return 2;
   case aco_op_s_load_b32: *smem = true; return 1;
   case aco_op_s_load_b64: *smem = true; return 2;
   default: return 0;
   }
}

static bool
plain_load(const struct aco_minstr *in)
{
   bool smem;
   if (!load_dwords(in, &smem) || in->num_definitions != 1 || in->definitions[0].fixed ||
       (in->encoding & ACO_ENC_MEM_RTN))
      return false;
   const struct aco_mem_fields *m = &in->mem;
   return !m->glc && !m->slc && !m->dlc && !m->th && !m->scope;
}

/* b continues a: same opcode, encoding and address operands, and the next offset. */
static bool
continues(const struct aco_minstr *a, const struct aco_minstr *b, unsigned dwords)
{
   if (!plain_load(b) || a->opcode != b->opcode || a->encoding != b->encoding ||
       a->num_operands != b->num_operands || b->mem.offset != a->mem.offset + (int32_t)dwords * 4)
      return false;
   for (unsigned i = 0; i < a->num_operands; i++) {
      const aco_operand *x = &a->operands[i], *y = &b->operands[i];
      if (x->kind != y->kind || x->fixed || y->fixed ||
          (x->kind == ACO_OPND_TEMP && x->temp.id != y->temp.id) ||
          (x->kind == ACO_OPND_CONST && x->value != y->value))
         return false;
   }
   return true;
}

/* The widest load of at most `avail` loads of `dwords` each: how many loads it takes. */
static unsigned
widest(const struct aco_mprogram *p, bool smem, unsigned dwords, unsigned avail)
{
   for (unsigned n = avail; n > 1; n--) {
      if (load_op(p, smem, n * dwords) != aco_num_opcodes)
         return n;
   }
   return 1;
}

/* Emits the load of loads[0..n) combined, then their split. */
static void
emit_combined(struct aco_mbuilder *b, struct aco_minstr **loads, unsigned n, unsigned dwords,
              bool smem)
{
   struct aco_mprogram *p = b->p;
   const struct aco_minstr *first = loads[0];
   aco_rc rc = aco_rc_is_vgpr(first->definitions[0].temp.rc) ? aco_rc_v(n * dwords)
                                                              : aco_rc_s(n * dwords);
   struct aco_minstr *w = aco_minstr_create(&p->arena, load_op(p, smem, n * dwords),
                                            first->num_operands, 1);
   struct aco_minstr *s = aco_minstr_create(&p->arena, aco_op_p_split_vector, 1, n);
   aco_temp t = aco_mb_temp(b, rc);
   if (!w || !s || !t.id) {
      aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "combining loads: out of memory");
      return;
   }
   w->encoding = first->encoding;
   w->mem = first->mem;
   memcpy(w->operands, first->operands, sizeof(aco_operand) * first->num_operands);
   w->definitions[0] = aco_def_temp(t);
   s->operands[0] = aco_opnd_temp(t);
   for (unsigned i = 0; i < n; i++)
      s->definitions[i] = loads[i]->definitions[0];
   aco_mb_insert(b, w);
   aco_mb_insert(b, s);
}

/* Some load of the block continues the one before it. */
static bool
has_run(const struct aco_mblock *blk)
{
   for (uint32_t i = 1; i < blk->instrs.len; i++) {
      bool smem;
      const struct aco_minstr *a = blk->instrs.data[i - 1];
      unsigned dwords = plain_load(a) ? load_dwords(a, &smem) : 0;
      if (dwords && continues(a, blk->instrs.data[i], dwords))
         return true;
   }
   return false;
}

static void
process_block(struct aco_mprogram *p, struct aco_mblock *blk)
{
   if (!has_run(blk))
      return;
   aco_instr_list list = {0};
   struct aco_mbuilder b;
   aco_mb_at_list(&b, p, &list);
   uint32_t n = blk->instrs.len;
   for (uint32_t i = 0; i < n && p->status == ACO_SUCCESS;) {
      struct aco_minstr *in = blk->instrs.data[i];
      bool smem = false;
      unsigned dwords = plain_load(in) ? load_dwords(in, &smem) : 0;
      uint32_t run = 1;
      while (dwords && i + run < n && run < 16 &&
             continues(blk->instrs.data[i + run - 1], blk->instrs.data[i + run], dwords))
         run++;
      unsigned take = dwords ? widest(p, smem, dwords, run) : 1;
      if (take > 1)
         emit_combined(&b, &blk->instrs.data[i], take, dwords, smem);
      else
         aco_mb_insert(&b, in);
      i += take;
   }
   if (p->status != ACO_SUCCESS) {
      aco_vec_free(p->allocator, &list);
      return;
   }
   aco_vec_free(p->allocator, &blk->instrs);
   blk->instrs = list;
}

aco_status
aco_opt_combine_loads(struct aco_mprogram *p)
{
   struct aco_mblock *blk;
   aco_foreach_block(p, blk) {
      if (p->status == ACO_SUCCESS)
         process_block(p, blk);
   }
   return p->status;
}
