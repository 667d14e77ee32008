/* SPDX-License-Identifier: MIT */
/* The register-allocation validator.
 *
 * After aco_register_allocate every temporary has one register (SSA: one definition).
 * The validator first checks the assignment itself: every temporary operand and
 * definition fixed, each temporary defined once, every operand naming the register its
 * temporary was defined in, the register in the class's file (SGPR or VGPR), aligned as
 * the class requires (ra_util.h) and below the limits (p->max_sgprs/max_vgprs; special
 * registers such as vcc, m0, exec or scc only where an instruction fixed them), and 16-bit
 * operands and results of hardware instructions at byte 0 of their VGPR or at byte 2 where
 * the slot names high halves (ra_util.h: GFX11+ 16-bit slots of VOP3 opcodes).
 *
 * It then recomputes liveness on the allocated program (aco_compute_liveness, which
 * refreshes kill flags and demand) and re-simulates the register file of every block:
 * one entry per byte holding the temporary there. At entry it holds the block's live-in
 * values, at their registers; phi definitions are written next; then every instruction
 * reads its operands (each byte must hold the operand's own temporary), releases the
 * operands it kills, writes its definitions (no byte may hold a value still live, and
 * wide hardware definitions may overlap the instruction's operands only by taking exactly
 * the registers of a killed operand of their size; a 16-bit result of an instruction that
 * writes the whole VGPR needs the other half free too) and releases dead
 * definitions. Writes of physical registers without a temporary (scc, vcc, m0 ...) may
 * not hit a live temporary either. Since every live value is in the file, "no two live
 * values overlap" everywhere, so every operand reads its own SSA value along every path.
 * A tied definition (docs/mir.md) must be in the registers of its operand.
 *
 * In divergent code (logical and linear edges differ somewhere) linear VGPRs, written in
 * all lanes, and ordinary VGPRs, which keep values in inactive lanes where their logical
 * liveness does not reach, must never share a register anywhere in the program.
 *
 * Every problem is reported with block, instruction index and the printed instruction;
 * p->message holds the first and the count, p->report all of them. */
#include "ra/ra_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define RF_BYTES 2048u

struct vra_ctx {
   struct aco_mprogram *p;
   struct aco_strbuf report;
   unsigned errors;
   char first[400];
   uint32_t rf[RF_BYTES];
   uint16_t *reg;     /* per temporary, bytes */
   uint8_t *defined;  /* per temporary: number of definitions */
   unsigned sgpr_limit, vgpr_limit;
};

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
report(struct vra_ctx *c, const struct aco_mblock *b, int idx, const char *fmt, ...)
{
   char msg[300];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   struct aco_strbuf line;
   aco_strbuf_init(&line, c->p->allocator);
   if (b && idx >= 0 && (uint32_t)idx < b->instrs.len) {
      aco_strbuf_printf(&line, "BB%u, instruction %d: %s: ", b->index, idx, msg);
      aco_mprint_instr(c->p, b->instrs.data[idx], &line);
   } else if (b) {
      aco_strbuf_printf(&line, "BB%u: %s", b->index, msg);
   } else {
      aco_strbuf_printf(&line, "%s", msg);
   }
   if (!c->errors)
      snprintf(c->first, sizeof(c->first), "%s", aco_strbuf_str(&line));
   aco_strbuf_printf(&c->report, "%s\n", aco_strbuf_str(&line));
   aco_strbuf_finish(&line);
   c->errors++;
}

/* Special registers a temporary may be fixed to by an instruction: vcc, exec, m0, scc. */
static bool
special_reg_ok(const struct aco_mprogram *p, unsigned field)
{
   return field == ACO_REG_VCC_LO || field == ACO_REG_EXEC_LO || field == p->gfx->reg_m0 ||
          field == ACO_REG_SCC;
}

/* Class, alignment and limits of a temporary at reg. */
static void
check_reg(struct vra_ctx *c, const struct aco_mblock *b, int idx, aco_temp t, unsigned reg,
          bool is_def)
{
   const char *what = is_def ? "definition" : "operand";
   unsigned bytes = aco_rc_bytes(t.rc);
   bool vgpr_reg = reg >= 1024;
   if (aco_rc_is_vgpr(t.rc) != vgpr_reg) {
      report(c, b, idx, "%s %%%u of class %s is in a %s", what, t.id,
             aco_rc_is_vgpr(t.rc) ? "VGPR" : "SGPR", vgpr_reg ? "VGPR" : "SGPR");
      return;
   }
   if (vgpr_reg) {
      if (reg + bytes > 1024 + c->vgpr_limit * 4)
         report(c, b, idx, "%s %%%u is beyond the VGPR limit %u", what, t.id, c->vgpr_limit);
      unsigned byte = reg & 3;
      if (bytes >= 3 ? byte != 0 : (byte & 1) != 0)
         report(c, b, idx, "%s %%%u is misaligned (byte %u)", what, t.id, byte);
      return;
   }
   if (reg & 3) {
      report(c, b, idx, "%s %%%u is in part of an SGPR", what, t.id);
      return;
   }
   unsigned field = reg / 4;
   if (field >= c->sgpr_limit) {
      if (!special_reg_ok(c->p, field) || bytes > 8)
         report(c, b, idx, "%s %%%u is beyond the SGPR limit %u", what, t.id, c->sgpr_limit);
      return;
   }
   if (field * 4 + bytes > c->sgpr_limit * 4)
      report(c, b, idx, "%s %%%u is beyond the SGPR limit %u", what, t.id, c->sgpr_limit);
   if (reg % aco_ra_align_bytes(t.rc))
      report(c, b, idx, "%s %%%u (s%u) is not aligned to %u SGPRs", what, t.id, field,
             aco_ra_align_bytes(t.rc) / 4);
}

static void
check_assignment(struct vra_ctx *c)
{
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(c->p, b)
   {
      aco_foreach_instr(b, in)
      {
         aco_foreach_definition(in, d)
         {
            if (!d->temp.id)
               continue;
            if (d->temp.id >= c->p->temp_count) {
               report(c, b, (int)_ii, "definition of unknown temporary %%%u", d->temp.id);
               continue;
            }
            if (!d->fixed) {
               report(c, b, (int)_ii, "definition %%%u has no register", d->temp.id);
               continue;
            }
            if (c->defined[d->temp.id]++) {
               report(c, b, (int)_ii, "temporary %%%u is defined twice", d->temp.id);
               continue;
            }
            c->reg[d->temp.id] = d->reg.reg_b;
            check_reg(c, b, (int)_ii, d->temp, d->reg.reg_b, true);
            if (aco_op_info((enum aco_opcode)in->opcode)->format != ACO_FMT_PSEUDO &&
                aco_rc_is_subdword(d->temp.rc) && (d->reg.reg_b & 3) &&
                ((d->reg.reg_b & 3) != 2 || d - in->definitions >= 8 ||
                 !((aco_ra_high_half_slots(c->p, in) >> (16 + (d - in->definitions))) & 1)))
               report(c, b, (int)_ii, "16-bit result %%%u of a hardware instruction in a high half",
                      d->temp.id);
         }
      }
   }
   aco_foreach_block(c->p, b)
   {
      aco_foreach_instr(b, in)
      {
         aco_foreach_operand(in, o)
         {
            if (o->kind != ACO_OPND_TEMP)
               continue;
            if (o->temp.id >= c->p->temp_count || !c->defined[o->temp.id]) {
               report(c, b, (int)_ii, "operand %%%u is never defined", o->temp.id);
               continue;
            }
            bool hw = aco_op_info((enum aco_opcode)in->opcode)->format != ACO_FMT_PSEUDO;
            unsigned k = (unsigned)(o - in->operands);
            if (hw && aco_rc_is_subdword(o->temp.rc) && (o->reg.reg_b & 3) &&
                ((o->reg.reg_b & 3) != 2 || k >= 16 ||
                 !((aco_ra_high_half_slots(c->p, in) >> k) & 1)))
               report(c, b, (int)_ii, "16-bit operand %%%u of a hardware instruction in a high half",
                      o->temp.id);
            if (!o->fixed)
               report(c, b, (int)_ii, "operand %%%u has no register", o->temp.id);
            else if (o->reg.reg_b != c->reg[o->temp.id])
               report(c, b, (int)_ii, "operand %%%u is read from a register it was not defined in",
                      o->temp.id);
         }
         /* a tied definition is written over its operand (which therefore must die here:
          * the simulation below finds it live otherwise) */
         int t = aco_minstr_tied_operand(in);
         if (t >= 0 && in->definitions[0].temp.id &&
             (!aco_operand_has_reg(&in->operands[t]) ||
              in->operands[t].reg.reg_b != in->definitions[0].reg.reg_b))
            report(c, b, (int)_ii, "tied definition %%%u is not in the registers of operand %d",
                   in->definitions[0].temp.id, t);
      }
   }
}

static void
rf_write(struct vra_ctx *c, const struct aco_mblock *b, int idx, aco_temp t, const char *what)
{
   unsigned reg = c->reg[t.id], bytes = aco_rc_bytes(t.rc);
   for (unsigned i = 0; i < bytes && reg + i < RF_BYTES; i++) {
      uint32_t o = c->rf[reg + i];
      if (o && o != t.id) {
         report(c, b, idx, "%s %%%u overlaps live %%%u", what, t.id, o);
         break;
      }
   }
   for (unsigned i = 0; i < bytes && reg + i < RF_BYTES; i++)
      c->rf[reg + i] = t.id;
}

static void
rf_clear(struct vra_ctx *c, aco_temp t)
{
   unsigned reg = c->reg[t.id], bytes = aco_rc_bytes(t.rc);
   for (unsigned i = 0; i < bytes && reg + i < RF_BYTES; i++)
      if (c->rf[reg + i] == t.id)
         c->rf[reg + i] = 0;
}

static bool
ranges_overlap(unsigned a, unsigned an, unsigned b, unsigned bn)
{
   return a < b + bn && b < a + an;
}

static void
simulate_block(struct vra_ctx *c, struct aco_mblock *b)
{
   memset(c->rf, 0, sizeof(c->rf));
   for (uint32_t i = 0; i < b->num_live_in; i++) {
      uint32_t t = b->live_in[i];
      rf_write(c, b, -1, aco_temp_make(t, aco_ra_temp_rc(c->p, t)), "live-in value");
   }
   uint32_t first = 0;
   for (; first < b->instrs.len && aco_ra_is_phi(b->instrs.data[first]); first++) {
      aco_definition *d = &b->instrs.data[first]->definitions[0];
      if (d->temp.id)
         rf_write(c, b, (int)first, d->temp, "phi definition");
   }
   for (uint32_t i = 0; i < first; i++) {
      aco_definition *d = &b->instrs.data[i]->definitions[0];
      if (d->temp.id && d->kill)
         rf_clear(c, d->temp);
   }
   /* A phi's copies go to the end of its predecessors, where only the phis' operands and
    * this block's live-in values may be live: no predecessor may branch elsewhere too. */
   for (uint32_t i = 0; i < first; i++) {
      bool logical = b->instrs.data[i]->opcode == aco_op_p_phi;
      const aco_block_list *preds = logical ? &b->logical_preds : &b->linear_preds;
      for (uint32_t k = 0; k < preds->len; k++) {
         const struct aco_mblock *pb = c->p->blocks.data[preds->data[k]];
         if ((logical ? pb->logical_succs.len : pb->linear_succs.len) > 1) {
            report(c, b, (int)i, "phi on a critical edge from BB%u", pb->index);
            break;
         }
      }
   }
   for (uint32_t i = first; i < b->instrs.len; i++) {
      struct aco_minstr *in = b->instrs.data[i];
      aco_foreach_operand(in, o)
      {
         if (o->kind != ACO_OPND_TEMP)
            continue;
         unsigned reg = c->reg[o->temp.id], bytes = aco_rc_bytes(o->temp.rc);
         for (unsigned k = 0; k < bytes && reg + k < RF_BYTES; k++) {
            if (c->rf[reg + k] != o->temp.id) {
               if (c->rf[reg + k])
                  report(c, b, (int)i, "operand %%%u reads a register holding %%%u", o->temp.id,
                         c->rf[reg + k]);
               else
                  report(c, b, (int)i, "operand %%%u reads a register holding nothing",
                         o->temp.id);
               break;
            }
         }
      }
      if (!aco_ra_defs_may_overlap_operands(in)) {
         aco_foreach_definition(in, d)
         {
            if (!d->temp.id)
               continue;
            aco_foreach_operand(in, o)
            {
               bool same = d->reg.reg_b == o->reg.reg_b &&
                           aco_rc_bytes(d->temp.rc) == aco_rc_bytes(o->temp.rc) && o->kill;
               if (o->kind == ACO_OPND_TEMP && !same &&
                   ranges_overlap(d->reg.reg_b, aco_rc_bytes(d->temp.rc), o->reg.reg_b,
                                  aco_rc_bytes(o->temp.rc))) {
                  report(c, b, (int)i, "definition %%%u overlaps operand %%%u", d->temp.id,
                         o->temp.id);
                  break;
               }
            }
         }
      }
      aco_foreach_operand(in, o) if (o->kind == ACO_OPND_TEMP && o->kill) rf_clear(c, o->temp);
      bool hw = aco_op_info((enum aco_opcode)in->opcode)->format != ACO_FMT_PSEUDO;
      aco_foreach_definition(in, d)
      {
         /* a 16-bit result written with its whole VGPR clobbers the other half too */
         if (d->temp.id && hw && aco_rc_is_subdword(d->temp.rc) &&
             !aco_ra_def_keeps_other_half(in, (unsigned)(d - in->definitions))) {
            unsigned base = c->reg[d->temp.id] & ~3u;
            for (unsigned k = 0; k < 4 && base + k < RF_BYTES; k++)
               if (c->rf[base + k] && c->rf[base + k] != d->temp.id) {
                  report(c, b, (int)i, "definition %%%u writes its whole VGPR, holding live %%%u",
                         d->temp.id, c->rf[base + k]);
                  break;
               }
         }
         if (d->temp.id) {
            rf_write(c, b, (int)i, d->temp, "definition");
         } else if (d->fixed) {
            unsigned bytes = aco_ra_def_bytes(c->p, d);
            for (unsigned k = 0; k < bytes && d->reg.reg_b + k < RF_BYTES; k++)
               if (c->rf[d->reg.reg_b + k]) {
                  report(c, b, (int)i, "a write of a fixed register clobbers live %%%u",
                         c->rf[d->reg.reg_b + k]);
                  break;
               }
         }
      }
      aco_foreach_definition(in, d) if (d->temp.id && d->kill) rf_clear(c, d->temp);
   }
}

static bool
same_list(const aco_block_list *a, const aco_block_list *b)
{
   return a->len == b->len && (!a->len || !memcmp(a->data, b->data, a->len * sizeof(*a->data)));
}

/* In divergent code ordinary VGPRs keep values in inactive lanes across blocks where
 * their liveness (logical CFG) does not see them, and linear VGPRs are written in all
 * lanes: the two may never share a register (the allocator's split of the file). */
static void
check_linear_vgprs(struct vra_ctx *c)
{
   struct aco_mprogram *p = c->p;
   bool divergent = false;
   for (uint32_t i = 0; i < p->blocks.len && !divergent; i++) {
      const struct aco_mblock *b = p->blocks.data[i];
      divergent = !same_list(&b->logical_preds, &b->linear_preds) ||
                  !same_list(&b->logical_succs, &b->linear_succs);
   }
   if (!divergent)
      return;
   uint32_t owner[2][1024] = {{0}}; /* [linear][byte of v0..v255]: a temporary there */
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b)
   {
      aco_foreach_instr(b, in)
      {
         aco_foreach_definition(in, d)
         {
            if (!d->temp.id || !aco_rc_is_vgpr(d->temp.rc) || d->reg.reg_b < 1024)
               continue;
            unsigned l = aco_rc_is_linear(d->temp.rc);
            for (unsigned k = 0; k < aco_rc_bytes(d->temp.rc); k++) {
               unsigned byte = d->reg.reg_b - 1024 + k;
               if (byte >= 1024)
                  break;
               owner[l][byte] = d->temp.id;
               if (owner[!l][byte]) {
                  report(c, b, (int)_ii, "linear VGPR %%%u shares v%u with VGPR %%%u in divergent code",
                         l ? d->temp.id : owner[1][byte], byte / 4,
                         l ? owner[0][byte] : d->temp.id);
                  break;
               }
            }
         }
      }
   }
}

aco_status
aco_validate_ra(struct aco_mprogram *p)
{
   if (p->status != ACO_SUCCESS)
      return p->status;
   struct vra_ctx *c = aco_arena_new(&p->arena, struct vra_ctx);
   if (!c)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "validate_ra: out of memory");
   c->p = p;
   c->sgpr_limit = p->max_sgprs && p->max_sgprs < ACO_SGPR_COUNT ? p->max_sgprs : ACO_SGPR_COUNT;
   c->vgpr_limit = p->max_vgprs && p->max_vgprs < ACO_VGPR_COUNT ? p->max_vgprs : ACO_VGPR_COUNT;
   c->reg = aco_arena_array(&p->arena, uint16_t, p->temp_count + 1);
   c->defined = aco_arena_array(&p->arena, uint8_t, p->temp_count + 1);
   if (!c->reg || !c->defined)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "validate_ra: out of memory");
   aco_strbuf_init(&c->report, p->allocator);

   check_assignment(c);
   if (!c->errors)
      check_linear_vgprs(c);
   if (!c->errors) {
      /* the simulation needs a sound assignment and liveness of the allocated program */
      aco_status st = aco_compute_liveness(p);
      if (st != ACO_SUCCESS) {
         report(c, NULL, -1, "%s", p->message);
         p->status = ACO_SUCCESS;
      } else {
         struct aco_mblock *b;
         aco_foreach_block(p, b) simulate_block(c, b);
      }
   }

   aco_status st = ACO_SUCCESS;
   if (c->errors) {
      const char *full = aco_strbuf_str(&c->report);
      p->report = aco_arena_strdup(&p->arena, full, strlen(full));
      st = aco_mprogram_error(p, ACO_ERROR_INVALID_IR, "validate_ra: %u error%s; first: %s",
                              c->errors, c->errors == 1 ? "" : "s", c->first);
   }
   aco_strbuf_finish(&c->report);
   return st;
}
