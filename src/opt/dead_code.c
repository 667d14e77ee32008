/* SPDX-License-Identifier: MIT */
/* aco_opt_dead_code: removes instructions whose results nobody reads and that do nothing
 * else: pure pseudo instructions (copies, vectors, phis) and ALU instructions without
 * side effects. Never removed: memory accesses (even loads), branches, calls, exec, m0
 * and mode writers, special instructions (s_setreg, s_sendmsg, waits, barriers: most have
 * no definitions at all), instructions with a fixed definition (ABI inputs of p_startpgm,
 * vcc), and an scc writer whose scc a later instruction reads (aco_opt_scc_live_out).
 *
 * One backward walk over the blocks from the last: the use counts of the operands of a
 * removed instruction drop, so a chain of dead instructions goes in the same walk
 * (except around loop back-edges, where a phi keeps its operands). Whether scc is live
 * into a block already walked falls out of its walk (the first scc reader or writer
 * kept), so only successors across back-edges are scanned for it. */
#include "opt/opt.h"

static bool
removable(const struct aco_minstr *in, bool scc_live)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (!in->num_definitions)
      return false;
   for (unsigned i = 0; i < in->num_definitions; i++) {
      if (in->definitions[i].fixed)
         return false;
   }
   switch (in->opcode) {
   case aco_op_p_parallelcopy: case aco_op_p_create_vector: case aco_op_p_split_vector:
   case aco_op_p_extract_vector: case aco_op_p_as_uniform: case aco_op_p_phi:
   case aco_op_p_linear_phi:
      return true;
   default:
      break;
   }
   if (!aco_format_is_valu(info->format) && !aco_format_is_salu(info->format))
      return false;
   if (info->flags & (ACO_OPF_WRITE_EXEC | ACO_OPF_BRANCH | ACO_OPF_CALL | ACO_OPF_SPECIAL |
                      ACO_OPF_WRITE_M0 | ACO_OPF_LOAD | ACO_OPF_STORE | ACO_OPF_ATOMIC))
      return false;
   return !aco_opt_writes_scc(in) || !scc_live;
}

static bool
unused(const struct aco_minstr *in, const uint32_t *uses)
{
   for (unsigned i = 0; i < in->num_definitions; i++) {
      if (in->definitions[i].temp.id && uses[in->definitions[i].temp.id])
         return false;
   }
   return true;
}

/* live_in, per block: 0 not walked yet, else 1 + whether scc is live into it after its
 * walk. */
static bool
scc_live_out(const struct aco_mprogram *p, const struct aco_mblock *b, const uint8_t *live_in)
{
   for (uint32_t i = 0; i < b->linear_succs.len; i++) {
      uint32_t s = b->linear_succs.data[i];
      if (s >= p->blocks.len ||
          (live_in[s] ? live_in[s] == 2 : aco_opt_scc_live_in(p->blocks.data[s])))
         return true;
   }
   return false;
}

static void
process_block(const struct aco_mprogram *p, uint32_t index, uint32_t *uses, uint8_t *live_in)
{
   struct aco_mblock *b = p->blocks.data[index];
   bool scc_live = scc_live_out(p, b, live_in);
   bool live_on_entry = true; /* no scc reader or writer kept: passed on */
   uint32_t n = b->instrs.len;
   for (uint32_t i = n; i-- > 0;) {
      struct aco_minstr *in = b->instrs.data[i];
      if (removable(in, scc_live) && unused(in, uses)) {
         for (unsigned k = 0; k < in->num_operands; k++) {
            if (in->operands[k].kind == ACO_OPND_TEMP)
               uses[in->operands[k].temp.id]--;
         }
         b->instrs.data[i] = NULL;
         continue;
      }
      bool writes = aco_opt_writes_scc(in), reads = aco_opt_reads_scc(in);
      if (writes)
         scc_live = false;
      if (reads)
         scc_live = true;
      if (reads || writes)
         live_on_entry = reads;
   }
   live_in[index] = (uint8_t)(1 + live_on_entry);
   uint32_t out = 0;
   for (uint32_t i = 0; i < n; i++) {
      if (b->instrs.data[i])
         b->instrs.data[out++] = b->instrs.data[i];
   }
   b->instrs.len = out;
}

aco_status
aco_opt_dead_code(struct aco_mprogram *p)
{
   /* one block: the use counts, then the blocks' scc state */
   uint32_t *uses = aco_calloc(p->allocator, sizeof(uint32_t) * p->temp_count + p->blocks.len);
   if (!uses)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "dead code: out of memory");
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b) {
      aco_foreach_instr(b, in) {
         for (unsigned k = 0; k < in->num_operands; k++) {
            if (in->operands[k].kind == ACO_OPND_TEMP && in->operands[k].temp.id < p->temp_count)
               uses[in->operands[k].temp.id]++;
         }
      }
   }
   uint8_t *live_in = (uint8_t *)(uses + p->temp_count);
   for (uint32_t i = p->blocks.len; i-- > 0;)
      process_block(p, i, uses, live_in);
   aco_free(p->allocator, uses);
   return p->status;
}
