/* SPDX-License-Identifier: MIT */
/* aco_opt_value_numbering: an instruction computing what an earlier one computed (same
 * opcode, encoding, fields, operands and definition classes) is removed and its results
 * renamed to the earlier ones, when the earlier block dominates the later one: on the
 * linear CFG for scalar results, and on the logical CFG too for VGPR results (a VGPR is
 * only written in the lanes active where it is defined). Values that depend on which
 * lanes are active (a VALU lane mask or scalar result, lane reads, DPP) are reused only
 * within their block, where the active lanes cannot change before the exec lowering.
 * Memory accesses, phis, instructions with fixed registers, implicit m0/scc reads and
 * side effects are never candidates; an scc writer only when nothing reads that scc.
 *
 * One walk in block order with a hash table of the instructions seen; a hit that does
 * not dominate replaces the entry (as ACO does), and dominance is a range test on the
 * dominator tree (aco_opt_dominator_ranges), so each lookup takes constant time. Phi
 * operands on back-edges are renamed afterwards. */
#include "opt/opt.h"

#include <string.h>

struct vn_entry {
   struct aco_minstr *in;
   uint32_t block;
};

/* A slot of the hash table: 8 bytes, as the table is cleared per run and sized for every
 * instruction of the program; the entries it points at are taken in order. */
struct vn_slot {
   uint32_t hash;  /* compared first: most probes then never touch the instruction */
   uint32_t entry; /* 1 + index into entries, 0: empty */
};

struct vn_ctx {
   struct aco_mprogram *p;
   struct vn_slot *table;
   uint32_t mask;
   struct vn_entry *entries; /* one per instruction at most */
   uint32_t num_entries;
   aco_temp *rename; /* per temporary: the earlier result, or id 0 */
   uint32_t *idom_linear, *idom_logical;
   /* the dominator trees as ranges (aco_opt_dominator_ranges) */
   uint32_t *pre_linear, *size_linear, *pre_logical, *size_logical;
   bool *removed; /* per instruction of the block being walked */
};

static bool
is_pure_pseudo(enum aco_opcode op)
{
   return op == aco_op_p_parallelcopy || op == aco_op_p_create_vector ||
          op == aco_op_p_split_vector || op == aco_op_p_extract_vector ||
          op == aco_op_p_as_uniform;
}

static bool
candidate(const struct vn_ctx *c, const struct aco_mblock *b, uint32_t idx)
{
   const struct aco_minstr *in = b->instrs.data[idx];
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (!in->num_definitions)
      return false;
   for (unsigned i = 0; i < in->num_definitions; i++) {
      if (in->definitions[i].fixed || !in->definitions[i].temp.id)
         return false;
   }
   for (unsigned i = 0; i < in->num_operands; i++) {
      if (in->operands[i].fixed || in->operands[i].kind == ACO_OPND_REG)
         return false;
   }
   if (info->format == ACO_FMT_PSEUDO)
      return is_pure_pseudo((enum aco_opcode)in->opcode);
   if (!aco_format_is_valu(info->format) && !aco_format_is_salu(info->format))
      return false;
   if (info->flags & (ACO_OPF_WRITE_EXEC | ACO_OPF_BRANCH | ACO_OPF_CALL | ACO_OPF_SPECIAL |
                      ACO_OPF_READ_SCC | ACO_OPF_READ_M0 | ACO_OPF_WRITE_M0 | ACO_OPF_LOAD |
                      ACO_OPF_STORE | ACO_OPF_ATOMIC))
      return false;
   return !(info->flags & ACO_OPF_WRITE_SCC) || aco_opt_scc_dead_after(c->p, b, idx);
}

/* The result depends on the lanes active where it runs. */
static bool
lane_dependent(const struct aco_minstr *in)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   if (!aco_format_is_valu(info->format))
      return false;
   for (unsigned i = 0; i < in->num_definitions; i++) {
      aco_rc rc = in->definitions[i].temp.rc;
      if (!aco_rc_is_vgpr(rc) || (rc.v & ACO_RC_LINEAR))
         return true;
   }
   return aco_enc_is_dpp(in->encoding) || (info->flags & ACO_OPF_SRC0_VGPR) ||
          info->format == ACO_FMT_VOPD || !strncmp(info->name, "v_permlane", 10) ||
          !strncmp(info->name, "v_readfirstlane", 15);
}

static bool
has_vgpr_def(const struct aco_minstr *in)
{
   for (unsigned i = 0; i < in->num_definitions; i++) {
      if (aco_rc_is_vgpr(in->definitions[i].temp.rc))
         return true;
   }
   return false;
}

static uint32_t
hash_instr(const struct aco_minstr *in)
{
   uint32_t h = 2166136261u;
#define MIX(v) (h = (h ^ (uint32_t)(v)) * 16777619u)
   MIX(in->opcode);
   MIX(in->encoding);
   MIX(in->num_definitions);
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      MIX(o->kind);
      MIX(o->kind == ACO_OPND_TEMP ? o->temp.id : (uint32_t)o->value);
   }
#undef MIX
   return h;
}

static bool
same_operand(const aco_operand *a, const aco_operand *b)
{
   if (a->kind != b->kind)
      return false;
   if (a->kind == ACO_OPND_TEMP)
      return a->temp.id == b->temp.id;
   if (a->kind == ACO_OPND_CONST)
      return a->value == b->value && a->bits == b->bits && a->is_float == b->is_float;
   return a->temp.rc.v == b->temp.rc.v;
}

static bool
same_instr(const struct aco_minstr *a, const struct aco_minstr *b)
{
   if (a->opcode != b->opcode || a->encoding != b->encoding ||
       a->num_operands != b->num_operands || a->num_definitions != b->num_definitions ||
       a->vopd_y != b->vopd_y || a->target_block != b->target_block ||
       memcmp(&a->valu, &b->valu, sizeof(a->valu)) || memcmp(&a->mem, &b->mem, sizeof(a->mem)))
      return false;
   for (unsigned i = 0; i < a->num_operands; i++) {
      if (!same_operand(&a->operands[i], &b->operands[i]))
         return false;
   }
   for (unsigned i = 0; i < a->num_definitions; i++) {
      if (a->definitions[i].temp.rc.v != b->definitions[i].temp.rc.v)
         return false;
   }
   return true;
}

static bool
reusable(const struct vn_ctx *c, const struct vn_entry *e, const struct aco_minstr *in,
         uint32_t block)
{
   if (lane_dependent(in))
      return e->block == block;
   if (!aco_opt_dominates(c->pre_linear, c->size_linear, e->block, block))
      return false;
   return !has_vgpr_def(in) || aco_opt_dominates(c->pre_logical, c->size_logical, e->block, block);
}

static void
rename_operands(const struct vn_ctx *c, struct aco_minstr *in)
{
   for (unsigned i = 0; i < in->num_operands; i++) {
      aco_operand *o = &in->operands[i];
      if (o->kind == ACO_OPND_TEMP && c->rename[o->temp.id].id)
         o->temp = c->rename[o->temp.id];
   }
}

/* True when `in` is replaced by an earlier instruction. */
static bool
lookup(struct vn_ctx *c, struct aco_minstr *in, uint32_t block)
{
   uint32_t h = hash_instr(in), i = h & c->mask;
   for (; c->table[i].entry; i = (i + 1) & c->mask) {
      if (c->table[i].hash != h)
         continue;
      struct vn_entry *e = &c->entries[c->table[i].entry - 1];
      if (!same_instr(e->in, in))
         continue;
      if (!reusable(c, e, in, block)) {
         e->in = in, e->block = block;
         return false;
      }
      for (unsigned k = 0; k < in->num_definitions; k++)
         c->rename[in->definitions[k].temp.id] = e->in->definitions[k].temp;
      return true;
   }
   c->entries[c->num_entries++] = (struct vn_entry){in, block};
   c->table[i].hash = h, c->table[i].entry = c->num_entries;
   return false;
}

static void
process_block(struct vn_ctx *c, struct aco_mblock *b)
{
   /* removals are marked first: the scc scans read the block as it was */
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      rename_operands(c, in);
      if (candidate(c, b, i) && lookup(c, in, b->index))
         c->removed[i] = true;
   }
   uint32_t out = 0;
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      if (!c->removed[i])
         b->instrs.data[out++] = b->instrs.data[i];
      c->removed[i] = false;
   }
   b->instrs.len = out;
}

static void
rename_phis(const struct vn_ctx *c, struct aco_mblock *b)
{
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      if (in->opcode != aco_op_p_phi && in->opcode != aco_op_p_linear_phi)
         break;
      rename_operands(c, in);
   }
}

aco_status
aco_opt_value_numbering(struct aco_mprogram *p)
{
   const aco_allocator *a = p->allocator;
   uint32_t count = 0, max_len = 1, n = p->blocks.len ? p->blocks.len : 1;
   struct aco_mblock *b;
   aco_foreach_block(p, b) {
      count += b->instrs.len;
      max_len = b->instrs.len > max_len ? b->instrs.len : max_len;
   }
   uint32_t size = 16;
   while (size < count * 2)
      size *= 2;
   struct vn_ctx c = {.p = p, .mask = size - 1};
   c.table = aco_calloc(a, sizeof(*c.table) * size);
   c.entries = aco_alloc(a, sizeof(*c.entries) * (count ? count : 1));
   c.rename = aco_calloc(a, sizeof(*c.rename) * p->temp_count);
   c.idom_linear = aco_alloc(a, sizeof(uint32_t) * n);
   c.idom_logical = aco_alloc(a, sizeof(uint32_t) * n);
   uint32_t *ranges = aco_alloc(a, sizeof(uint32_t) * n * 4);
   c.removed = aco_calloc(a, sizeof(bool) * max_len);
   if (c.table && c.entries && c.rename && c.idom_linear && c.idom_logical && ranges && c.removed &&
       aco_opt_compute_dominators(p, c.idom_linear, c.idom_logical)) {
      c.pre_linear = ranges, c.size_linear = ranges + n;
      c.pre_logical = ranges + 2 * n, c.size_logical = ranges + 3 * n;
      aco_opt_dominator_ranges(c.idom_linear, p->blocks.len, c.pre_linear, c.size_linear);
      aco_opt_dominator_ranges(c.idom_logical, p->blocks.len, c.pre_logical, c.size_logical);
      aco_foreach_block(p, b)
         process_block(&c, b);
      aco_foreach_block(p, b)
         rename_phis(&c, b);
   } else {
      aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "value numbering: out of memory");
   }
   aco_free(a, c.table);
   aco_free(a, c.entries);
   aco_free(a, c.rename);
   aco_free(a, c.idom_linear);
   aco_free(a, c.idom_logical);
   aco_free(a, ranges);
   aco_free(a, c.removed);
   return p->status;
}
