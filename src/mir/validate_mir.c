/* SPDX-License-Identifier: MIT */
/* The structural validator of the machine IR, run after every pass in tests (any stage,
 * before or after register allocation). It checks:
 *  - the CFG: block indices, edges in range and symmetric (with multiplicity), branch
 *    targets that exist and are linear successors;
 *  - every instruction against its opcode: counts and register classes of the slot map
 *    (aco_minstr_slots) for hardware opcodes, the conventions of docs/mir.md for pseudo
 *    instructions, encodings the level has;
 *  - temporaries: ids in range, class equal to p->temp_rc, one definition each, every
 *    use dominated by the definition (logical CFG for VGPRs, linear CFG for SGPRs and
 *    linear VGPRs; a phi's operand at the end of its predecessor), phis at block starts
 *    with one operand per predecessor.
 * Every problem is reported with the stage, block and printed instruction, then the
 * whole program follows. */
#include "mir/mir.h"

#include <stdarg.h>
#include <string.h>

#define MAX_REPORTED 64

struct vctx {
   struct aco_mprogram *p;
   const char *stage;
   struct aco_strbuf out;
   unsigned errors;
   /* per temporary: block + 1 of its definition (0: none) and index there */
   uint32_t *def_block, *def_index;
   /* per block and CFG (0 logical, 1 linear): immediate dominator, RPO number (~0u when
    * unreachable) */
   uint32_t *idom[2], *rpo[2];
};

static void __attribute__((format(printf, 5, 6)))
report(struct vctx *c, int block, int index, const struct aco_minstr *in, const char *fmt, ...)
{
   c->errors++;
   if (c->errors > MAX_REPORTED)
      return;
   struct aco_strbuf *sb = &c->out;
   if (c->errors == MAX_REPORTED) {
      aco_strbuf_puts(sb, "(more problems not shown)\n");
      return;
   }
   aco_strbuf_printf(sb, "machine IR after %s", c->stage);
   if (block >= 0)
      aco_strbuf_printf(sb, ", BB%d", block);
   if (in) {
      aco_strbuf_printf(sb, ", instruction %d `", index);
      aco_mprint_instr(c->p, in, sb);
      aco_strbuf_puts(sb, "`");
   }
   aco_strbuf_puts(sb, ": ");
   va_list ap;
   va_start(ap, fmt);
   aco_strbuf_vprintf(sb, fmt, ap);
   va_end(ap);
   aco_strbuf_puts(sb, "\n");
}

/* ---- CFG ------------------------------------------------------------------------------- */

static unsigned
count_in(const aco_block_list *l, uint32_t v)
{
   unsigned n = 0;
   for (uint32_t i = 0; i < l->len; i++)
      n += l->data[i] == v;
   return n;
}

static bool
check_edges(struct vctx *c, struct aco_mblock *b, const aco_block_list *succs, bool linear)
{
   struct aco_mprogram *p = c->p;
   bool ok = true;
   for (uint32_t i = 0; i < succs->len; i++) {
      uint32_t s = succs->data[i];
      if (s >= p->blocks.len) {
         report(c, (int)b->index, -1, NULL, "%s successor BB%u does not exist",
                linear ? "linear" : "logical", s);
         ok = false;
         continue;
      }
      struct aco_mblock *sb = p->blocks.data[s];
      const aco_block_list *preds = linear ? &sb->linear_preds : &sb->logical_preds;
      if (count_in(preds, b->index) != count_in(succs, s)) {
         report(c, (int)b->index, -1, NULL,
                "%s edge BB%u -> BB%u is not mirrored in BB%u's predecessors",
                linear ? "linear" : "logical", b->index, s, s);
         ok = false;
      }
   }
   const aco_block_list *preds = linear ? &b->linear_preds : &b->logical_preds;
   for (uint32_t i = 0; i < preds->len; i++) {
      uint32_t pr = preds->data[i];
      if (pr >= p->blocks.len) {
         report(c, (int)b->index, -1, NULL, "%s predecessor BB%u does not exist",
                linear ? "linear" : "logical", pr);
         ok = false;
         continue;
      }
      struct aco_mblock *pb = p->blocks.data[pr];
      const aco_block_list *ps = linear ? &pb->linear_succs : &pb->logical_succs;
      if (count_in(ps, b->index) != count_in(preds, pr)) {
         report(c, (int)b->index, -1, NULL,
                "%s edge BB%u -> BB%u is not mirrored in BB%u's successors",
                linear ? "linear" : "logical", pr, b->index, pr);
         ok = false;
      }
   }
   return ok;
}

static uint32_t
intersect(const uint32_t *idom, const uint32_t *rpo, uint32_t a, uint32_t b)
{
   while (a != b) {
      while (rpo[a] > rpo[b])
         a = idom[a];
      while (rpo[b] > rpo[a])
         b = idom[b];
   }
   return a;
}

/* Dominators by the iterative algorithm of Cooper, Harvey and Kennedy over a reverse
 * postorder from block 0. */
static bool
compute_dominators(struct vctx *c, int cfg)
{
   struct aco_mprogram *p = c->p;
   uint32_t n = p->blocks.len;
   const aco_allocator *a = p->allocator;
   uint32_t *order = aco_alloc(a, sizeof(uint32_t) * n);
   uint32_t *stack = aco_alloc(a, sizeof(uint32_t) * n * 2);
   uint8_t *seen = aco_calloc(a, n);
   uint32_t *idom = c->idom[cfg], *rpo = c->rpo[cfg];
   bool ok = order && stack && seen;
   if (ok) {
      /* iterative DFS: stack of (block, next successor index) */
      uint32_t sp = 0, post = 0;
      stack[sp++] = 0, stack[sp++] = 0;
      seen[0] = 1;
      while (sp) {
         uint32_t blk = stack[sp - 2], si = stack[sp - 1];
         const aco_block_list *succs = cfg ? &p->blocks.data[blk]->linear_succs
                                           : &p->blocks.data[blk]->logical_succs;
         if (si < succs->len) {
            stack[sp - 1]++;
            uint32_t s = succs->data[si];
            if (s < n && !seen[s]) {
               seen[s] = 1;
               stack[sp++] = s, stack[sp++] = 0;
            }
         } else {
            order[post++] = blk;
            sp -= 2;
         }
      }
      for (uint32_t i = 0; i < n; i++)
         rpo[i] = ~0u, idom[i] = ~0u;
      for (uint32_t i = 0; i < post; i++)
         rpo[order[post - 1 - i]] = i;
      idom[0] = 0;
      bool changed = true;
      while (changed) {
         changed = false;
         for (uint32_t i = 1; i < post; i++) {
            uint32_t blk = order[post - 1 - i];
            const aco_block_list *preds = cfg ? &p->blocks.data[blk]->linear_preds
                                              : &p->blocks.data[blk]->logical_preds;
            uint32_t nd = ~0u;
            for (uint32_t k = 0; k < preds->len; k++) {
               uint32_t pr = preds->data[k];
               if (pr >= n || idom[pr] == ~0u)
                  continue;
               nd = nd == ~0u ? pr : intersect(idom, rpo, pr, nd);
            }
            if (nd != idom[blk]) {
               idom[blk] = nd;
               changed = true;
            }
         }
      }
   }
   aco_free(a, order);
   aco_free(a, stack);
   aco_free(a, seen);
   return ok;
}

static bool
dominates(struct vctx *c, int cfg, uint32_t a, uint32_t b)
{
   const uint32_t *idom = c->idom[cfg];
   if (c->rpo[cfg][b] == ~0u || c->rpo[cfg][a] == ~0u)
      return false;
   while (b != a) {
      if (b == 0 || idom[b] == ~0u || idom[b] == b)
         return false;
      b = idom[b];
   }
   return true;
}

/* ---- instructions ---------------------------------------------------------------------- */

static unsigned
operand_bytes(const aco_operand *o)
{
   if (o->kind == ACO_OPND_CONST)
      return (o->bits ? o->bits : 32) / 8;
   return aco_rc_bytes(o->temp.rc);
}

static bool
rc_fits_slot(aco_rc rc, struct aco_op_slot s, bool valu)
{
   if ((s.file == 'v') != aco_rc_is_vgpr(rc))
      return false;
   if (aco_rc_is_subdword(rc))
      return valu && s.file == 'v' && s.dwords == 1;
   return aco_rc_dwords(rc) == s.dwords;
}

static void
check_temp(struct vctx *c, int blk, int idx, const struct aco_minstr *in, aco_temp t,
           const char *what, unsigned i)
{
   struct aco_mprogram *p = c->p;
   if (t.id >= p->temp_count || t.id >= p->temp_rc.len) {
      report(c, blk, idx, in, "%s %u: temporary %%%u was never created", what, i, t.id);
      return;
   }
   if (p->temp_rc.data[t.id].v != t.rc.v) {
      struct aco_strbuf a, b;
      aco_strbuf_init(&a, p->allocator);
      aco_strbuf_init(&b, p->allocator);
      aco_mprint_rc(t.rc, &a);
      aco_mprint_rc(p->temp_rc.data[t.id], &b);
      report(c, blk, idx, in, "%s %u: %%%u has class %s here but %s in the program", what, i,
             t.id, aco_strbuf_str(&a), aco_strbuf_str(&b));
      aco_strbuf_finish(&a);
      aco_strbuf_finish(&b);
   }
}

static void
check_register(struct vctx *c, int blk, int idx, const struct aco_minstr *in, aco_rc rc,
               aco_physreg reg, const char *what, unsigned i)
{
   bool vreg = aco_physreg_is_vgpr(reg);
   if (vreg != aco_rc_is_vgpr(rc)) {
      report(c, blk, idx, in, "%s %u: a %s class in a %s", what, i,
             aco_rc_is_vgpr(rc) ? "VGPR" : "SGPR", vreg ? "VGPR" : "scalar register");
      return;
   }
   unsigned end = reg.reg_b + aco_rc_bytes(rc);
   if (vreg ? end > (ACO_REG_VGPR0 + c->p->gfx->vgpr_count) * 4u : end > ACO_REG_VGPR0 * 4u)
      report(c, blk, idx, in, "%s %u: register range past the register file", what, i);
   if (!aco_rc_is_subdword(rc) && aco_physreg_byte(reg))
      report(c, blk, idx, in, "%s %u: a whole-register class at a byte offset", what, i);
}

/* A tied operand (docs/mir.md): a register of definition 0's size and file, never a
 * constant, since definition 0 will be written where it is. */
static void
check_tied(struct vctx *c, int blk, int idx, const struct aco_minstr *in)
{
   if (!in->tied)
      return;
   int k = aco_minstr_tied_operand(in);
   if (k < 0) {
      report(c, blk, idx, in, "tied to operand %u, which does not exist", in->tied - 1u);
      return;
   }
   const aco_operand *o = &in->operands[k];
   const aco_definition *d = &in->definitions[0];
   if (o->kind != ACO_OPND_TEMP && o->kind != ACO_OPND_REG) {
      report(c, blk, idx, in, "tied operand %d is not a register", k);
      return;
   }
   if (aco_rc_bytes(o->temp.rc) != aco_rc_bytes(d->temp.rc) ||
       aco_rc_is_vgpr(o->temp.rc) != aco_rc_is_vgpr(d->temp.rc))
      report(c, blk, idx, in, "tied operand %d and definition 0 differ in size or file", k);
}

static void
check_hw(struct vctx *c, int blk, int idx, const struct aco_minstr *in)
{
   struct aco_mprogram *p = c->p;
   const struct aco_op_info *info = aco_op_info(in->opcode);
   int gi = aco_gfx_index(p->gfx_level);
   unsigned fmt = info->format;
   if (fmt == ACO_FMT_VOPD) {
      struct aco_slot_map xm, ym;
      if (p->wave_size != 32 || !p->gfx->has_vopd) {
         report(c, blk, idx, in, "VOPD needs GFX11+ in wave32");
      } else if (in->vopd_y >= aco_num_opcodes ||
                 aco_op_info(in->vopd_y)->format != ACO_FMT_VOPD ||
                 aco_op_info(in->vopd_y)->opcode2[gi] < 0 || info->opcode[gi] < 0) {
         report(c, blk, idx, in, "VOPD halves that do not exist as X and Y on %s",
                p->gfx->name);
      } else if (!aco_minstr_slots(p->gfx_level, 32, in->opcode, ACO_ENC_NATIVE, &xm) ||
                 !aco_minstr_slots(p->gfx_level, 32, in->vopd_y, ACO_ENC_NATIVE, &ym) ||
                 in->num_definitions != 2 ||
                 in->num_operands != xm.num_operands + ym.num_operands) {
         report(c, blk, idx, in, "VOPD needs 2 definitions and the halves' operands");
      } else {
         for (unsigned d = 0; d < 2; d++) {
            if (!aco_rc_is_vgpr(in->definitions[d].temp.rc) ||
                aco_rc_dwords(in->definitions[d].temp.rc) != 1)
               report(c, blk, idx, in, "definition %u: VOPD writes one VGPR", d);
         }
         /* with registers: destinations of different parity, sources in different banks */
         const aco_definition *dd = in->definitions;
         if (dd[0].fixed && dd[1].fixed &&
             ((aco_physreg_field(dd[0].reg) ^ aco_physreg_field(dd[1].reg)) & 1) == 0)
            report(c, blk, idx, in, "VOPD destinations need different lowest bits");
         for (unsigned k = 0; k < 2; k++) {
            unsigned xi = k, yi = xm.num_operands + k;
            if (k >= xm.num_operands || k >= ym.num_operands)
               continue;
            const aco_operand *a = &in->operands[xi], *b = &in->operands[yi];
            bool av = a->kind != ACO_OPND_CONST && (a->fixed || a->kind == ACO_OPND_REG) &&
                      aco_physreg_is_vgpr(a->reg);
            bool bv = b->kind != ACO_OPND_CONST && (b->fixed || b->kind == ACO_OPND_REG) &&
                      aco_physreg_is_vgpr(b->reg);
            if (av && bv && aco_physreg_field(a->reg) % 4 == aco_physreg_field(b->reg) % 4)
               report(c, blk, idx, in, "VOPD %s operands in the same VGPR bank",
                      k ? "vsrc1" : "src0");
         }
      }
      return;
   }
   if (info->opcode[gi] < 0) {
      report(c, blk, idx, in, "%s does not exist on %s", info->name, p->gfx->name);
      return;
   }
   bool vop12c = fmt == ACO_FMT_VOP1 || fmt == ACO_FMT_VOP2 || fmt == ACO_FMT_VOPC;
   bool valu = fmt >= ACO_FMT_VOP1 && fmt <= ACO_FMT_VOPD;
   switch (in->encoding) {
   case ACO_ENC_NATIVE:
      break;
   case ACO_ENC_E64:
      if (!vop12c || info->opcode2[gi] < 0)
         report(c, blk, idx, in, "no VOP3 (e64) form");
      break;
   case ACO_ENC_DPP16:
   case ACO_ENC_DPP8:
      if (!vop12c && !(fmt == ACO_FMT_VOP3 && p->gfx_level >= ACO_GFX1100))
         report(c, blk, idx, in, "no DPP form");
      break;
   case ACO_ENC_SDWA:
      if (!vop12c || !p->gfx->has_sdwa)
         report(c, blk, idx, in, "no SDWA form on %s", p->gfx->name);
      break;
   default:
      /* memory forms (ACO_ENC_MEM_*): the slot map says whether they exist */
      if (fmt != ACO_FMT_SMEM && fmt != ACO_FMT_FLAT && fmt != ACO_FMT_GLOBAL &&
          fmt != ACO_FMT_SCRATCH && fmt != ACO_FMT_MUBUF) {
         report(c, blk, idx, in, "unknown encoding %u", in->encoding);
         return;
      }
      break;
   }
   if (aco_enc_is_dpp(in->encoding) || in->encoding == ACO_ENC_SDWA) {
      if (!(info->flags & (in->encoding == ACO_ENC_SDWA ? ACO_OPF_SDWA : ACO_OPF_DPP)))
         report(c, blk, idx, in, "%s has no %s form", info->name,
                in->encoding == ACO_ENC_SDWA ? "SDWA" : "DPP");
      else if (aco_enc_is_dpp(in->encoding) && in->num_operands &&
               in->operands[0].kind != ACO_OPND_UNDEF &&
               (in->operands[0].kind == ACO_OPND_CONST || !aco_rc_is_vgpr(in->operands[0].temp.rc)))
         report(c, blk, idx, in, "DPP reads src0 from a VGPR");
   }
   if (info->sig[gi].count == 0xff)
      return; /* special syntax: fields in imm */
   struct aco_slot_map map;
   if (!aco_minstr_slots(p->gfx_level, p->wave_size, in->opcode, in->encoding, &map)) {
      report(c, blk, idx, in, "no operand signature for this encoding");
      return;
   }
   unsigned tied_extra = aco_minstr_tied_operand(in) == (int)map.num_operands;
   if (map.num_operands + tied_extra != in->num_operands ||
       map.num_definitions != in->num_definitions) {
      report(c, blk, idx, in, "%u definitions and %u operands, the opcode has %u and %u",
             in->num_definitions, in->num_operands, map.num_definitions, map.num_operands);
      return;
   }
   check_tied(c, blk, idx, in);
   bool vop3 = in->encoding == ACO_ENC_E64 || fmt == ACO_FMT_VOP3 || fmt == ACO_FMT_VOP3P;
   for (unsigned i = 0; i < map.count; i++) {
      if (map.index[i] == 0xff)
         continue;
      struct aco_op_slot s = map.slot[i];
      unsigned k = map.index[i];
      if (s.role == 'v' && in->encoding != ACO_ENC_SDWA) {
         bool fixed = map.is_def[i] ? in->definitions[k].fixed
                                    : in->operands[k].fixed || in->operands[k].kind == ACO_OPND_REG;
         aco_physreg r = map.is_def[i] ? in->definitions[k].reg : in->operands[k].reg;
         if (fixed && aco_physreg_field(r) != ACO_REG_VCC_LO)
            report(c, blk, idx, in, "%s %u: the 32-bit form's implicit lane mask is vcc",
                   map.is_def[i] ? "definition" : "operand", k);
      }
      if (map.is_def[i]) {
         const aco_definition *d = &in->definitions[k];
         if ((d->temp.id || d->fixed) && !rc_fits_slot(d->temp.rc, s, valu)) {
            report(c, blk, idx, in, "definition %u: class does not fit a %c%u slot", k,
                   s.file, s.dwords);
         }
         continue;
      }
      const aco_operand *o = &in->operands[k];
      bool source = s.role == 'a' || s.role == 'b' || s.role == 'c';
      if (o->kind == ACO_OPND_CONST) {
         if ((!source && s.role != 'o') || (info->flags & ACO_OPF_SRC_REG))
            report(c, blk, idx, in, "operand %u: a constant where a register is required", k);
         else if (valu && !vop3 && s.role != 'a')
            report(c, blk, idx, in, "operand %u: only src0 takes a constant in this encoding", k);
         continue;
      }
      if (o->kind != ACO_OPND_TEMP && o->kind != ACO_OPND_REG)
         continue;
      aco_rc rc = o->temp.rc;
      /* VALU sources may be SGPRs: src0 always, any source in VOP3 */
      if (valu && s.file == 'v' && source && !aco_rc_is_vgpr(rc) &&
          (s.role == 'a' || vop3) && !(info->flags & ACO_OPF_SRC_REG)) {
         if (aco_rc_dwords(rc) != s.dwords)
            report(c, blk, idx, in, "operand %u: size does not fit a %c%u slot", k, s.file,
                   s.dwords);
         continue;
      }
      if (!rc_fits_slot(rc, s, valu))
         report(c, blk, idx, in, "operand %u: class does not fit a %c%u slot", k, s.file,
                s.dwords);
   }
}

static bool
is_branch(const struct aco_minstr *in)
{
   return in->opcode == aco_op_p_branch || in->opcode == aco_op_p_cbranch_z ||
          in->opcode == aco_op_p_cbranch_nz ||
          ((aco_op_info(in->opcode)->flags & ACO_OPF_BRANCH) &&
           strcmp(aco_op_info(in->opcode)->name, "s_setpc_b64") != 0);
}

static void
check_pseudo(struct vctx *c, struct aco_mblock *b, int idx, const struct aco_minstr *in,
             bool *phis_done)
{
   int blk = (int)b->index;
   unsigned nd = in->num_definitions, no = in->num_operands;
   switch (in->opcode) {
   case aco_op_p_parallelcopy:
      if (nd != no) {
         report(c, blk, idx, in, "%u definitions for %u operands", nd, no);
         return;
      }
      for (unsigned i = 0; i < nd; i++) {
         if (in->operands[i].kind != ACO_OPND_UNDEF &&
             operand_bytes(&in->operands[i]) != aco_rc_bytes(in->definitions[i].temp.rc))
            report(c, blk, idx, in, "copy %u: operand and definition sizes differ", i);
      }
      break;
   case aco_op_p_create_vector: {
      unsigned bytes = 0;
      for (unsigned i = 0; i < no; i++)
         bytes += operand_bytes(&in->operands[i]);
      if (nd != 1)
         report(c, blk, idx, in, "needs exactly one definition");
      else if (bytes != aco_rc_bytes(in->definitions[0].temp.rc))
         report(c, blk, idx, in, "operands have %u bytes, the definition %u", bytes,
                aco_rc_bytes(in->definitions[0].temp.rc));
      break;
   }
   case aco_op_p_split_vector: {
      unsigned bytes = 0;
      for (unsigned i = 0; i < nd; i++)
         bytes += aco_rc_bytes(in->definitions[i].temp.rc);
      if (no != 1)
         report(c, blk, idx, in, "needs exactly one operand");
      else if (bytes != operand_bytes(&in->operands[0]))
         report(c, blk, idx, in, "definitions have %u bytes, the operand %u", bytes,
                operand_bytes(&in->operands[0]));
      break;
   }
   case aco_op_p_extract_vector:
      if (nd != 1 || no != 2 || in->operands[1].kind != ACO_OPND_CONST) {
         report(c, blk, idx, in, "needs one definition, an operand and a constant index");
      } else {
         unsigned size = aco_rc_bytes(in->definitions[0].temp.rc);
         if (size == 0 || (in->operands[1].value + 1) * size > operand_bytes(&in->operands[0]))
            report(c, blk, idx, in, "index %llu is past the vector",
                   (unsigned long long)in->operands[1].value);
      }
      break;
   case aco_op_p_phi:
   case aco_op_p_linear_phi: {
      const aco_block_list *preds = in->opcode == aco_op_p_phi ? &b->logical_preds
                                                               : &b->linear_preds;
      if (*phis_done)
         report(c, blk, idx, in, "phi after a non-phi instruction");
      if (nd != 1)
         report(c, blk, idx, in, "needs exactly one definition");
      if (no != preds->len)
         report(c, blk, idx, in, "%u operands for %u %s predecessors", no, preds->len,
                in->opcode == aco_op_p_phi ? "logical" : "linear");
      for (unsigned i = 0; nd == 1 && i < no; i++) {
         if (in->operands[i].kind != ACO_OPND_UNDEF && in->operands[i].kind != ACO_OPND_CONST &&
             in->operands[i].temp.rc.v != in->definitions[0].temp.rc.v)
            report(c, blk, idx, in, "operand %u: class differs from the definition's", i);
      }
      return;
   }
   case aco_op_p_branch:
      if (no || nd)
         report(c, blk, idx, in, "takes no operands or definitions");
      break;
   case aco_op_p_cbranch_z:
   case aco_op_p_cbranch_nz:
      if (no != 1 || nd)
         report(c, blk, idx, in, "needs exactly one operand (the condition)");
      break;
   case aco_op_p_as_uniform:
      if (nd != 1 || no != 1)
         report(c, blk, idx, in, "needs one definition and one operand");
      else if (aco_rc_is_vgpr(in->definitions[0].temp.rc))
         report(c, blk, idx, in, "the definition must be an SGPR class");
      break;
   default:
      break;
   }
   *phis_done = true;
}

static void
check_instr(struct vctx *c, struct aco_mblock *b, int idx, const struct aco_minstr *in,
            bool *phis_done)
{
   struct aco_mprogram *p = c->p;
   int blk = (int)b->index;
   if (in->opcode >= aco_num_opcodes) {
      report(c, blk, idx, NULL, "instruction %d has opcode %u, out of range", idx, in->opcode);
      return;
   }
   if (aco_op_info(in->opcode)->format == ACO_FMT_PSEUDO) {
      check_pseudo(c, b, idx, in, phis_done);
   } else {
      *phis_done = true;
      check_hw(c, blk, idx, in);
   }
   if (is_branch(in)) {
      if (in->target_block >= p->blocks.len)
         report(c, blk, idx, in, "branch target BB%u does not exist", in->target_block);
      else if (!count_in(&b->linear_succs, in->target_block))
         report(c, blk, idx, in, "branch target BB%u is not a linear successor",
                in->target_block);
   }
   for (unsigned i = 0; i < in->num_definitions; i++) {
      const aco_definition *d = &in->definitions[i];
      if (d->temp.id) {
         check_temp(c, blk, idx, in, d->temp, "definition", i);
         if (d->temp.id < p->temp_count && d->temp.id < p->temp_rc.len) {
            if (c->def_block[d->temp.id])
               report(c, blk, idx, in, "definition %u: %%%u is already defined in BB%u", i,
                      d->temp.id, c->def_block[d->temp.id] - 1);
            else
               c->def_block[d->temp.id] = (uint32_t)blk + 1, c->def_index[d->temp.id] = (uint32_t)idx;
         }
      }
      if (d->fixed)
         check_register(c, blk, idx, in, d->temp.rc, d->reg, "definition", i);
   }
   for (unsigned i = 0; i < in->num_operands; i++) {
      const aco_operand *o = &in->operands[i];
      if (o->kind == ACO_OPND_TEMP) {
         if (!o->temp.id)
            report(c, blk, idx, in, "operand %u: temporary without an id", i);
         else
            check_temp(c, blk, idx, in, o->temp, "operand", i);
      }
      if (o->kind > ACO_OPND_REG)
         report(c, blk, idx, in, "operand %u: unknown kind %u", i, o->kind);
      if ((o->kind == ACO_OPND_TEMP && o->fixed) || o->kind == ACO_OPND_REG)
         check_register(c, blk, idx, in, o->temp.rc, o->reg, "operand", i);
   }
}

/* A use of t at instruction idx of block blk (a phi operand: at the end of block `at`). */
static void
check_use(struct vctx *c, int blk, int idx, const struct aco_minstr *in, unsigned i, aco_temp t,
          bool phi, uint32_t at)
{
   struct aco_mprogram *p = c->p;
   if (!t.id || t.id >= p->temp_count || t.id >= p->temp_rc.len)
      return;
   if (!c->def_block[t.id]) {
      report(c, blk, idx, in, "operand %u: %%%u is never defined", i, t.id);
      return;
   }
   uint32_t db = c->def_block[t.id] - 1;
   if (!phi && db == (uint32_t)blk) {
      if (c->def_index[t.id] >= (uint32_t)idx)
         report(c, blk, idx, in, "operand %u: %%%u is used before its definition", i, t.id);
      return;
   }
   int cfg = aco_rc_is_linear(t.rc) ? 1 : 0;
   /* blocks outside the logical CFG (linear-only blocks) fall back to the linear CFG */
   if (cfg == 0 && (c->rpo[0][at] == ~0u || c->rpo[0][db] == ~0u))
      cfg = 1;
   if (phi && db == at)
      return;
   if (dominates(c, cfg, db, at))
      return;
   if (phi)
      report(c, blk, idx, in,
             "operand %u: %%%u (defined in BB%u) does not dominate the end of predecessor BB%u",
             i, t.id, db, at);
   else
      report(c, blk, idx, in, "operand %u: %%%u (defined in BB%u) does not dominate this use",
             i, t.id, db);
}

aco_status
aco_validate_mir(struct aco_mprogram *p, const char *stage)
{
   struct vctx c;
   memset(&c, 0, sizeof(c));
   c.p = p;
   c.stage = stage ? stage : "?";
   aco_strbuf_init(&c.out, p->allocator);
   p->report = NULL;
   uint32_t n = p->blocks.len, nt = p->temp_count;
   const aco_allocator *a = p->allocator;
   c.def_block = aco_calloc(a, sizeof(uint32_t) * (nt + 1));
   c.def_index = aco_calloc(a, sizeof(uint32_t) * (nt + 1));
   for (int k = 0; k < 2; k++) {
      c.idom[k] = aco_alloc(a, sizeof(uint32_t) * (n + 1));
      c.rpo[k] = aco_alloc(a, sizeof(uint32_t) * (n + 1));
   }
   aco_status st = ACO_SUCCESS;
   if (!c.def_block || !c.def_index || !c.idom[0] || !c.idom[1] || !c.rpo[0] || !c.rpo[1]) {
      st = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory validating after %s",
                              c.stage);
      goto done;
   }
   if (n == 0)
      report(&c, -1, -1, NULL, "the program has no blocks");

   bool cfg_ok = true;
   for (uint32_t bi = 0; bi < n; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      if (!b || b->index != bi) {
         report(&c, (int)bi, -1, NULL, "block at position %u has index %u", bi, b ? b->index : 0);
         cfg_ok = false;
         continue;
      }
      cfg_ok &= check_edges(&c, b, &b->logical_succs, false);
      cfg_ok &= check_edges(&c, b, &b->linear_succs, true);
   }
   if (!cfg_ok)
      goto finish;
   if (n && (!compute_dominators(&c, 0) || !compute_dominators(&c, 1))) {
      st = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory validating after %s",
                              c.stage);
      goto done;
   }

   /* definitions first (a loop's phi may read a temporary defined later in the body) */
   for (uint32_t bi = 0; bi < n; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      bool phis_done = false;
      for (uint32_t ii = 0; ii < b->instrs.len; ii++) {
         const struct aco_minstr *in = b->instrs.data[ii];
         if (!in) {
            report(&c, (int)bi, (int)ii, NULL, "instruction %u is NULL", ii);
            continue;
         }
         check_instr(&c, b, (int)ii, in, &phis_done);
      }
   }
   for (uint32_t bi = 0; bi < n; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      for (uint32_t ii = 0; ii < b->instrs.len; ii++) {
         const struct aco_minstr *in = b->instrs.data[ii];
         if (!in || in->opcode >= aco_num_opcodes)
            continue;
         bool phi = in->opcode == aco_op_p_phi || in->opcode == aco_op_p_linear_phi;
         const aco_block_list *preds = in->opcode == aco_op_p_phi ? &b->logical_preds
                                                                  : &b->linear_preds;
         for (unsigned i = 0; i < in->num_operands; i++) {
            const aco_operand *o = &in->operands[i];
            if (o->kind != ACO_OPND_TEMP)
               continue;
            if (phi && i >= preds->len)
               continue;
            check_use(&c, (int)bi, (int)ii, in, i, o->temp, phi, phi ? preds->data[i] : bi);
         }
      }
   }

finish:
   if (c.errors) {
      aco_strbuf_puts(&c.out, "\n");
      aco_mprint_program(p, &c.out);
      const char *text = aco_strbuf_str(&c.out);
      p->report = aco_arena_strdup(&p->arena, text, strlen(text));
      st = aco_mprogram_error(p, ACO_ERROR_INVALID_IR, "%s", text);
      if (st == ACO_SUCCESS)
         st = ACO_ERROR_INVALID_IR;
   } else {
      st = p->status;
   }
done:
   aco_free(a, c.def_block);
   aco_free(a, c.def_index);
   for (int k = 0; k < 2; k++) {
      aco_free(a, c.idom[k]);
      aco_free(a, c.rpo[k]);
   }
   aco_strbuf_finish(&c.out);
   return st;
}
