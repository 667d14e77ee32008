/* SPDX-License-Identifier: MIT */
/* Randomized register-allocation test: random valid SSA machine programs (straight code,
 * if/else with phis, loops with header phis, nested; SGPRs, VGPRs, vectors, 16-bit
 * halves, linear VGPRs, lane masks; fixed operands and definitions; vector pseudo
 * instructions and wide loads) under random register limits, on every GFX level and wave
 * size. Each is allocated and must pass aco_validate_ra; a limit error is accepted only
 * when the demand computed by liveness really exceeds the limit.
 *
 *    test_ra_random [count [first-seed]]     a failing seed is printed; rerun it alone
 *                                            with `test_ra_random 1 SEED` (ACO_RA_DUMP=1
 *                                            prints the program before and after). */
#include "ra_test_util.h"

#include <stdlib.h>

struct gen {
   struct aco_mprogram *p;
   uint64_t rng;
   struct aco_mblock *cur;
   aco_temp pool[48];
   unsigned npool;
   unsigned depth, blocks_left;
   unsigned max_s, max_v;
};

static unsigned
rnd(struct gen *g, unsigned n)
{
   g->rng ^= g->rng << 13;
   g->rng ^= g->rng >> 7;
   g->rng ^= g->rng << 17;
   return n ? (unsigned)(g->rng % n) : 0;
}

static aco_rc
random_rc(struct gen *g)
{
   switch (rnd(g, 12)) {
   case 0: return aco_rc_s(1);
   case 1: return aco_rc_s(2);
   case 2: return aco_rc_s(4);
   case 3: return aco_rc_s(3);
   case 4: return aco_rc_lane_mask(g->p->wave_size);
   case 5: return aco_rc_v(2);
   case 6: return aco_rc_v(3);
   case 7: return aco_rc_v(4);
   case 8: return aco_rc_vb(2);
   case 9: return aco_rc_lv(1);
   default: return aco_rc_v(1);
   }
}

static void
pool_add(struct gen *g, aco_temp t)
{
   if (g->npool == 48)
      g->pool[rnd(g, 48)] = t;
   else
      g->pool[g->npool++] = t;
}

static aco_temp
pool_pick(struct gen *g)
{
   return g->pool[rnd(g, g->npool)];
}

/* An aligned register of the class inside the limits; VGPRs in the lower half (linear
 * VGPRs take the top of the file, and in divergent code fixed ordinary VGPRs may not). */
static aco_physreg
random_reg(struct gen *g, aco_rc rc)
{
   unsigned dw = aco_rc_dwords(rc);
   if (aco_rc_is_vgpr(rc)) {
      unsigned n = g->max_v / 2 - dw + 1;
      return aco_vgpr(rnd(g, n));
   }
   unsigned a = dw == 1 ? 1 : dw == 2 ? 2 : 4;
   unsigned n = (g->max_s - dw) / a + 1;
   return aco_sgpr(rnd(g, n) * a);
}

static void
emit_straight(struct gen *g, unsigned n)
{
   struct aco_mprogram *p = g->p;
   for (unsigned i = 0; i < n; i++) {
      struct aco_mblock *b = g->cur;
      unsigned kind = rnd(g, 20);
      if (g->npool == 0)
         kind = 0;
      if (kind <= 5) { /* a new value from up to three others */
         aco_temp t = aco_mprogram_new_temp(p, random_rc(g));
         aco_operand ops[3];
         unsigned nops = rnd(g, g->npool < 3 ? g->npool + 1 : 4);
         for (unsigned k = 0; k < nops; k++)
            ops[k] = aco_opnd_temp(pool_pick(g));
         t_ut(p, b, t, nops, ops);
         pool_add(g, t);
      } else if (kind == 6) { /* a use with a fixed register */
         aco_temp t = pool_pick(g);
         if (aco_rc_is_vgpr(t.rc) && aco_rc_is_linear(t.rc))
            continue;
         aco_physreg r1 = random_reg(g, t.rc), r2 = random_reg(g, t.rc);
         aco_operand ops[2] = {aco_opnd_fixed_temp(t, r1), aco_opnd_temp(pool_pick(g))};
         unsigned bytes = aco_rc_bytes(t.rc);
         if (rnd(g, 3) == 0 && (r2.reg_b >= r1.reg_b + bytes || r1.reg_b >= r2.reg_b + bytes))
            ops[1] = aco_opnd_fixed_temp(t, r2); /* the same value in two places */
         t_ut(p, b, aco_temp_make(0, aco_rc_s(1)), 1 + rnd(g, 2), ops);
      } else if (kind == 7) { /* a fixed definition (not over a fixed operand) */
         aco_rc rc = random_rc(g);
         if (aco_rc_is_vgpr(rc) && aco_rc_is_linear(rc))
            continue;
         aco_temp t = aco_mprogram_new_temp(p, rc);
         aco_definition d = aco_def_fixed(t, random_reg(g, t.rc));
         aco_operand o = aco_opnd_temp(pool_pick(g));
         t_instr(p, b, aco_op_p_unit_test, 1, &d, 1, &o);
         pool_add(g, t);
      } else if (kind == 8) { /* p_create_vector of VGPR values */
         aco_operand ops[4];
         unsigned nops = 0, bytes = 0;
         for (unsigned k = 0; k < 6 && nops < 3; k++) {
            aco_temp t = pool_pick(g);
            if (aco_rc_is_vgpr(t.rc) && !aco_rc_is_linear(t.rc) && bytes + aco_rc_bytes(t.rc) <= 16) {
               ops[nops++] = aco_opnd_temp(t);
               bytes += aco_rc_bytes(t.rc);
            }
         }
         if (nops < 2 || bytes % 4)
            continue;
         aco_temp v = aco_mprogram_new_temp(p, aco_rc_v(bytes / 4));
         aco_definition d = aco_def_temp(v);
         t_instr(p, b, aco_op_p_create_vector, 1, &d, nops, ops);
         pool_add(g, v);
      } else if (kind == 9) { /* p_split_vector of a dword vector into pieces */
         aco_temp t = pool_pick(g);
         unsigned dw = aco_rc_dwords(t.rc);
         if (aco_rc_is_subdword(t.rc) || (aco_rc_is_linear(t.rc) && aco_rc_is_vgpr(t.rc)))
            continue;
         aco_definition defs[8];
         unsigned nd = 0;
         bool halves = aco_rc_is_vgpr(t.rc) && dw == 1;
         if (halves) {
            defs[nd++] = aco_def_temp(aco_mprogram_new_temp(p, aco_rc_vb(2)));
            defs[nd++] = aco_def_temp(aco_mprogram_new_temp(p, aco_rc_vb(2)));
         } else if (dw >= 2) {
            for (unsigned k = 0; k < dw; k++)
               defs[nd++] = aco_def_temp(aco_mprogram_new_temp(
                  p, aco_rc_is_vgpr(t.rc) ? aco_rc_v(1) : aco_rc_s(1)));
         } else {
            continue;
         }
         aco_operand o = aco_opnd_temp(t);
         t_instr(p, b, aco_op_p_split_vector, nd, defs, 1, &o);
         for (unsigned k = 0; k < nd; k++)
            pool_add(g, defs[k].temp);
      } else if (kind == 10) { /* a 64-bit load: its result may not overlap the address */
         aco_temp addr = pool_pick(g);
         if (addr.rc.v != aco_rc_v(2).v)
            continue;
         aco_temp t = aco_mprogram_new_temp(p, rnd(g, 2) ? aco_rc_v(2) : aco_rc_v(4));
         aco_definition d = aco_def_temp(t);
         aco_operand o = aco_opnd_temp(addr);
         t_instr(p, b, t.rc.v == aco_rc_v(2).v ? aco_op_global_load_b64 : aco_op_global_load_b128,
                 1, &d, 1, &o);
         pool_add(g, t);
      } else if (kind == 11) { /* a hardware 16-bit definition: byte 0 */
         aco_temp x = pool_pick(g), y = pool_pick(g);
         if (x.rc.v != aco_rc_vb(2).v || y.rc.v != aco_rc_vb(2).v)
            continue;
         aco_temp t = aco_mprogram_new_temp(p, aco_rc_vb(2));
         aco_definition d = aco_def_temp(t);
         aco_operand o[2] = {aco_opnd_temp(x), aco_opnd_temp(y)};
         t_instr(p, b, aco_op_v_add_f16, 1, &d, 2, o);
         pool_add(g, t);
      } else if (kind == 16) { /* a lane mask written to vcc (as a compare would) */
         aco_temp t = aco_mprogram_new_temp(p, aco_rc_lane_mask(p->wave_size));
         aco_definition d = aco_def_fixed(t, aco_physreg_make(ACO_REG_VCC_LO, 0));
         t_instr(p, b, aco_op_p_unit_test, 1, &d, 0, NULL);
         pool_add(g, t);
      } else if (kind == 17) { /* vcc and scc clobbered without a temporary */
         aco_definition d[2] = {
            aco_def_fixed(aco_temp_make(0, aco_rc_lane_mask(p->wave_size)),
                          aco_physreg_make(ACO_REG_VCC_LO, 0)),
            aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_physreg_make(ACO_REG_SCC, 0)),
         };
         aco_operand o = aco_opnd_temp(pool_pick(g));
         t_instr(p, b, aco_op_p_unit_test, 2, d, 1, &o);
      } else if (kind == 18) { /* p_extract_vector of an element */
         aco_temp t = pool_pick(g);
         unsigned dw = aco_rc_dwords(t.rc);
         if (aco_rc_is_subdword(t.rc) || dw < 2 || (aco_rc_is_vgpr(t.rc) && aco_rc_is_linear(t.rc)))
            continue;
         aco_temp e = aco_mprogram_new_temp(p, aco_rc_is_vgpr(t.rc) ? aco_rc_v(1) : aco_rc_s(1));
         aco_definition d = aco_def_temp(e);
         aco_operand ops[2] = {aco_opnd_temp(t), aco_opnd_const(rnd(g, dw), 32)};
         t_instr(p, b, aco_op_p_extract_vector, 1, &d, 2, ops);
         pool_add(g, e);
      } else if (kind == 19) { /* p_parallelcopy of up to three values */
         aco_definition d[3];
         aco_operand o[3];
         unsigned n = 1 + rnd(g, 3);
         for (unsigned k = 0; k < n; k++) {
            aco_temp t = pool_pick(g);
            o[k] = aco_opnd_temp(t);
            d[k] = aco_def_temp(aco_mprogram_new_temp(p, t.rc));
         }
         t_instr(p, b, aco_op_p_parallelcopy, n, d, n, o);
         for (unsigned k = 0; k < n; k++)
            pool_add(g, d[k].temp);
      } else if (kind <= 13) { /* values die */
         unsigned k = rnd(g, g->npool);
         t_use(p, b, 1, &g->pool[k]);
         g->pool[k] = g->pool[--g->npool];
      } else { /* a plain use */
         aco_temp ts[3] = {pool_pick(g), pool_pick(g), pool_pick(g)};
         t_use(p, b, 1 + rnd(g, 3), ts);
      }
   }
   while (g->npool > 14) {
      unsigned k = rnd(g, g->npool);
      t_use(p, g->cur, 1, &g->pool[k]);
      g->pool[k] = g->pool[--g->npool];
   }
}

static struct aco_mblock *
new_block(struct gen *g)
{
   if (g->blocks_left)
      g->blocks_left--;
   return aco_mprogram_add_block(g->p);
}

static void gen_region(struct gen *g);

static aco_temp
new_like(struct gen *g, aco_rc rc, unsigned nops)
{
   aco_temp t = aco_mprogram_new_temp(g->p, rc);
   aco_operand ops[2];
   for (unsigned k = 0; k < nops && k < g->npool && k < 2; k++)
      ops[k] = aco_opnd_temp(pool_pick(g));
   t_ut(g->p, g->cur, t, nops < g->npool ? nops : g->npool, ops);
   return t;
}

static enum aco_opcode
phi_op(aco_rc rc)
{
   return aco_rc_is_linear(rc) ? aco_op_p_linear_phi : aco_op_p_phi;
}

static void
gen_if(struct gen *g)
{
   struct aco_mprogram *p = g->p;
   struct aco_mblock *head = g->cur, *then_b = new_block(g);
   aco_temp saved[48];
   unsigned nsaved = g->npool;
   memcpy(saved, g->pool, sizeof(saved));
   t_edge(p, head, then_b);
   unsigned nphis = rnd(g, 3);
   aco_rc rcs[3];
   aco_temp tv[3], ev[3];
   for (unsigned k = 0; k < nphis; k++)
      rcs[k] = random_rc(g);

   g->cur = then_b;
   gen_region(g);
   for (unsigned k = 0; k < nphis; k++)
      tv[k] = new_like(g, rcs[k], 1);
   struct aco_mblock *then_end = g->cur;

   memcpy(g->pool, saved, sizeof(saved));
   g->npool = nsaved;
   struct aco_mblock *else_b = new_block(g);
   t_edge(p, head, else_b);
   g->cur = else_b;
   gen_region(g);
   for (unsigned k = 0; k < nphis; k++)
      ev[k] = new_like(g, rcs[k], 1);
   struct aco_mblock *else_end = g->cur;

   struct aco_mblock *merge = new_block(g);
   t_edge(p, then_end, merge);
   t_edge(p, else_end, merge);
   memcpy(g->pool, saved, sizeof(saved));
   g->npool = nsaved;
   g->cur = merge;
   for (unsigned k = 0; k < nphis; k++) {
      aco_temp d = aco_mprogram_new_temp(p, rcs[k]);
      aco_definition dd = aco_def_temp(d);
      t_instr(p, merge, phi_op(rcs[k]), 1, &dd, 2,
              (aco_operand[]){aco_opnd_temp(tv[k]), aco_opnd_temp(ev[k])});
      pool_add(g, d);
   }
}

/* Straight code using only values live along the linear CFG (SGPRs, linear VGPRs), for
 * blocks outside the logical CFG; what it defines is dropped afterwards. */
static void
emit_linear_only(struct gen *g, unsigned n)
{
   aco_temp saved[48];
   unsigned nsaved = g->npool;
   memcpy(saved, g->pool, sizeof(saved));
   g->npool = 0;
   for (unsigned k = 0; k < nsaved; k++)
      if (aco_rc_is_linear(saved[k].rc))
         g->pool[g->npool++] = saved[k];
   for (unsigned i = 0; i < n; i++) {
      aco_temp t = aco_mprogram_new_temp(g->p, rnd(g, 4) ? aco_rc_s(1 + rnd(g, 2)) : aco_rc_lv(1));
      aco_operand ops[2];
      unsigned nops = g->npool ? rnd(g, 3) : 0;
      for (unsigned k = 0; k < nops; k++)
         ops[k] = aco_opnd_temp(pool_pick(g));
      t_ut(g->p, g->cur, t, nops, ops);
      pool_add(g, t);
   }
   for (unsigned k = 0; k < g->npool; k++)
      if (rnd(g, 2))
         t_use(g->p, g->cur, 1, &g->pool[k]);
   memcpy(g->pool, saved, sizeof(saved));
   g->npool = nsaved;
}

/* A divergent if/else as the linear CFG executes it:
 *    BB_if -> then (logical) -> ... merge; linear: BB_if -> then -> invert -> else -> endif
 *    and the linear-only blocks then_linear / else_linear that skip a side. */
static void
gen_divergent_if(struct gen *g)
{
   struct aco_mprogram *p = g->p;
   struct aco_mblock *head = g->cur;
   struct aco_mblock *then_l = new_block(g), *then_n = new_block(g), *invert = new_block(g),
                     *else_l = new_block(g), *else_n = new_block(g), *endif = new_block(g);
   aco_mblock_add_logical_edge(p, head, then_l);
   aco_mblock_add_linear_edge(p, head, then_l);
   aco_mblock_add_linear_edge(p, head, then_n);
   aco_mblock_add_logical_edge(p, head, else_l);
   aco_mblock_add_linear_edge(p, then_l, invert);
   aco_mblock_add_linear_edge(p, then_n, invert);
   aco_mblock_add_linear_edge(p, invert, else_l);
   aco_mblock_add_linear_edge(p, invert, else_n);
   aco_mblock_add_logical_edge(p, then_l, endif);
   aco_mblock_add_logical_edge(p, else_l, endif);
   aco_mblock_add_linear_edge(p, else_l, endif);
   aco_mblock_add_linear_edge(p, else_n, endif);

   aco_temp saved[48];
   unsigned nsaved = g->npool;
   memcpy(saved, g->pool, sizeof(saved));
   unsigned nphis = rnd(g, 3);
   aco_temp tv[2], ev[2], lt = {0}, le = {0};

   g->cur = then_l;
   emit_straight(g, rnd(g, 6));
   for (unsigned k = 0; k < nphis; k++)
      tv[k] = new_like(g, rnd(g, 2) ? aco_rc_v(1) : aco_rc_v(2), 1);
   memcpy(g->pool, saved, sizeof(saved));
   g->npool = nsaved;
   g->cur = then_n;
   emit_linear_only(g, rnd(g, 3));
   g->cur = invert;
   emit_linear_only(g, rnd(g, 3));
   g->cur = else_l;
   emit_straight(g, rnd(g, 6));
   for (unsigned k = 0; k < nphis; k++)
      ev[k] = new_like(g, tv[k].rc, 1);
   bool linear_phi = rnd(g, 2);
   if (linear_phi)
      lt = new_like(g, aco_rc_s(1), 1);
   memcpy(g->pool, saved, sizeof(saved));
   g->npool = nsaved;
   g->cur = else_n;
   emit_linear_only(g, rnd(g, 3));
   if (linear_phi)
      le = new_like(g, aco_rc_s(1), 0);

   g->cur = endif;
   for (unsigned k = 0; k < nphis; k++) {
      aco_temp d = aco_mprogram_new_temp(p, tv[k].rc);
      aco_definition dd = aco_def_temp(d);
      t_instr(p, endif, aco_op_p_phi, 1, &dd, 2,
              (aco_operand[]){aco_opnd_temp(tv[k]), aco_opnd_temp(ev[k])});
      pool_add(g, d);
   }
   if (linear_phi) {
      aco_temp d = aco_mprogram_new_temp(p, aco_rc_s(1));
      aco_definition dd = aco_def_temp(d);
      t_instr(p, endif, aco_op_p_linear_phi, 1, &dd, 2,
              (aco_operand[]){aco_opnd_temp(lt), aco_opnd_temp(le)});
      pool_add(g, d);
   }
}

static void
gen_loop(struct gen *g)
{
   struct aco_mprogram *p = g->p;
   struct aco_mblock *pre = g->cur, *header = new_block(g);
   t_edge(p, pre, header);
   unsigned nphis = g->npool ? rnd(g, 3) : 0;
   struct aco_minstr *phis[3];
   for (unsigned k = 0; k < nphis; k++) {
      aco_temp init = pool_pick(g);
      aco_temp d = aco_mprogram_new_temp(p, init.rc);
      aco_definition dd = aco_def_temp(d);
      phis[k] = t_instr(p, header, phi_op(init.rc), 1, &dd, 2,
                        (aco_operand[]){aco_opnd_temp(init), aco_opnd_temp(init)});
   }
   for (unsigned k = 0; k < nphis; k++)
      pool_add(g, phis[k]->definitions[0].temp);
   g->cur = header;
   emit_straight(g, rnd(g, 4));
   aco_temp saved[48];
   unsigned nsaved = g->npool;
   memcpy(saved, g->pool, sizeof(saved));

   struct aco_mblock *body = new_block(g);
   t_edge(p, header, body);
   g->cur = body;
   gen_region(g);
   for (unsigned k = 0; k < nphis; k++) /* back-edge values */
      phis[k]->operands[1] = aco_opnd_temp(new_like(g, phis[k]->definitions[0].temp.rc, 1));
   t_edge(p, g->cur, header);

   struct aco_mblock *exit_b = new_block(g);
   t_edge(p, header, exit_b);
   memcpy(g->pool, saved, sizeof(saved));
   g->npool = nsaved;
   g->cur = exit_b;
}

static void
gen_region(struct gen *g)
{
   unsigned items = 1 + rnd(g, 3);
   for (unsigned i = 0; i < items; i++) {
      emit_straight(g, rnd(g, 8));
      unsigned what = rnd(g, 5);
      if (g->depth >= 3 || g->blocks_left < 6 || what >= 3)
         continue;
      g->depth++;
      if (what == 0)
         gen_if(g);
      else if (what == 1)
         gen_loop(g);
      else
         gen_divergent_if(g);
      g->depth--;
   }
}

/* Breaks a validated allocation: a definition is moved onto the register of another
 * value of its file that is live across it (its uses follow). The validator must object.
 * Returns -1 when it does not, 1 when it does, 0 when no such pair was found. */
static int
mutate_and_check(struct aco_mprogram *p, uint64_t seed)
{
   struct gen g = {.rng = seed ^ 0x5bd1e995u};
   rnd(&g, 1);
   uint32_t n = p->temp_count;
   uint64_t *live = calloc((n + 63) / 64, 8);
   uint16_t *reg = calloc(n, sizeof(uint16_t));
   if (!live || !reg) {
      free(live);
      free(reg);
      return -1;
   }
   for (uint32_t bi = 0; bi < p->blocks.len; bi++) {
      struct aco_mblock *b = p->blocks.data[bi];
      for (uint32_t i = 0; i < b->instrs.len; i++)
         for (unsigned k = 0; k < b->instrs.data[i]->num_definitions; k++) {
            aco_definition *d = &b->instrs.data[i]->definitions[k];
            if (d->temp.id)
               reg[d->temp.id] = d->reg.reg_b;
         }
   }
   bool done = false;
   int ok = 0;
   for (unsigned attempt = 0; attempt < 8 && !done; attempt++) {
      struct aco_mblock *b = p->blocks.data[rnd(&g, p->blocks.len)];
      if (!b->instrs.len)
         continue;
      uint32_t at = rnd(&g, b->instrs.len);
      struct aco_minstr *in = b->instrs.data[at];
      if (!in->num_definitions || !in->definitions[0].temp.id ||
          in->opcode == aco_op_p_phi || in->opcode == aco_op_p_linear_phi)
         continue;
      aco_temp t = in->definitions[0].temp;
      /* live after `at`: backwards from the block's exit */
      memset(live, 0, (n + 63) / 64 * 8);
      for (uint32_t k = 0; k < b->num_live_out; k++)
         live[b->live_out[k] / 64] |= 1ull << (b->live_out[k] % 64);
      for (uint32_t i = b->instrs.len; i-- > at + 1;) {
         struct aco_minstr *x = b->instrs.data[i];
         for (unsigned k = 0; k < x->num_definitions; k++)
            if (x->definitions[k].temp.id)
               live[x->definitions[k].temp.id / 64] &= ~(1ull << (x->definitions[k].temp.id % 64));
         for (unsigned k = 0; k < x->num_operands; k++)
            if (x->operands[k].kind == ACO_OPND_TEMP)
               live[x->operands[k].temp.id / 64] |= 1ull << (x->operands[k].temp.id % 64);
      }
      for (uint32_t u = 1; u < n && !done; u++) {
         if (!((live[u / 64] >> (u % 64)) & 1) || u == t.id)
            continue;
         aco_rc urc = p->temp_rc.data[u];
         if (aco_rc_is_vgpr(urc) != aco_rc_is_vgpr(t.rc))
            continue;
         /* move t (its definition and every use) onto u */
         for (uint32_t bj = 0; bj < p->blocks.len; bj++) {
            struct aco_mblock *bb = p->blocks.data[bj];
            for (uint32_t i = 0; i < bb->instrs.len; i++) {
               struct aco_minstr *x = bb->instrs.data[i];
               for (unsigned k = 0; k < x->num_operands; k++)
                  if (x->operands[k].kind == ACO_OPND_TEMP && x->operands[k].temp.id == t.id)
                     x->operands[k].reg.reg_b = reg[u];
            }
         }
         in->definitions[0].reg.reg_b = reg[u];
         done = true;
      }
   }
   if (done)
      ok = aco_validate_ra(p) == ACO_ERROR_INVALID_IR ? 1 : -1;
   free(live);
   free(reg);
   return ok;
}

static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};

/* 0: allocated and validated, 1: over the limits, 2: limit error within 4 dwords of the
 * limits, -1: failure */
static int
run_seed(uint64_t seed, bool dump, unsigned *mutated)
{
   struct gen g = {0};
   g.rng = seed * 0x9e3779b97f4a7c15ull + 1;
   rnd(&g, 1);
   g.p = aco_mprogram_create(NULL, levels[rnd(&g, 3)], rnd(&g, 2) ? 64 : 32);
   if (!g.p)
      return -1;
   g.max_s = 16 + rnd(&g, 91);
   g.max_v = 8 + rnd(&g, 57);
   if (rnd(&g, 4) == 0) {
      g.max_s = 106;
      g.max_v = 256;
   }
   g.p->max_sgprs = (uint16_t)g.max_s;
   g.p->max_vgprs = (uint16_t)g.max_v;
   g.blocks_left = 6 + rnd(&g, 30);
   g.cur = new_block(&g);
   /* entry inputs in fixed registers, as p_startpgm gives them */
   aco_definition in[3] = {
      aco_def_fixed(aco_mprogram_new_temp(g.p, aco_rc_s(2)), aco_sgpr(0)),
      aco_def_fixed(aco_mprogram_new_temp(g.p, aco_rc_s(1)), aco_sgpr(2)),
      aco_def_fixed(aco_mprogram_new_temp(g.p, aco_rc_v(1)), aco_vgpr(0)),
   };
   t_instr(g.p, g.cur, aco_op_p_startpgm, 3, in, 0, NULL);
   for (int k = 0; k < 3; k++)
      pool_add(&g, in[k].temp);
   gen_region(&g);
   for (unsigned k = 0; k < g.npool; k++) /* everything is used at the end */
      t_use(g.p, g.cur, 1, &g.pool[k]);
   if (g.p->status != ACO_SUCCESS) {
      aco_mprogram_destroy(g.p);
      return -1;
   }
   if (dump)
      t_dump(g.p);

   int result = 0;
   aco_status st = aco_register_allocate(g.p);
   /* Without spilling a limit error is right when the demand exceeds the limit, and
    * acceptable within one vector (4 dwords) of it: values fixed to registers in a full
    * file can leave no aligned or contiguous place for a wide value. */
   if (st == ACO_ERROR_REGISTER_LIMIT && (g.p->max_demand.sgpr > (int)g.max_s ||
                                          g.p->max_demand.vgpr > (int)g.max_v)) {
      result = 1;
   } else if (st == ACO_ERROR_REGISTER_LIMIT && (g.p->max_demand.sgpr + 4 > (int)g.max_s ||
                                                 g.p->max_demand.vgpr + 4 > (int)g.max_v)) {
      result = 2;
   } else if (st != ACO_SUCCESS) {
      printf("seed %llu: allocation failed (demand s%d v%d, limits s%u v%u): %s\n",
             (unsigned long long)seed, g.p->max_demand.sgpr, g.p->max_demand.vgpr, g.max_s,
             g.max_v, g.p->message);
      result = -1;
   } else if (getenv("ACO_RA_MIR") && aco_validate_mir(g.p, "register_allocate") != ACO_SUCCESS) {
      printf("seed %llu: %s\n", (unsigned long long)seed, g.p->message);
      result = -1;
   } else if (aco_validate_ra(g.p) != ACO_SUCCESS) {
      printf("seed %llu: %s\n%s", (unsigned long long)seed, g.p->message,
             g.p->report ? g.p->report : "");
      result = -1;
   } else if (g.p->config.num_sgprs > g.max_s || g.p->config.num_vgprs > g.max_v) {
      printf("seed %llu: registers used s%u v%u over the limits\n", (unsigned long long)seed,
             g.p->config.num_sgprs, g.p->config.num_vgprs);
      result = -1;
   }
   if (dump)
      t_dump(g.p);
   int m = result == 0 ? mutate_and_check(g.p, seed) : 0;
   if (m < 0) {
      printf("seed %llu: the validator accepted a definition over a live value\n",
             (unsigned long long)seed);
      result = -1;
   }
   *mutated += m > 0;
   aco_mprogram_destroy(g.p);
   return result;
}

int
main(int argc, char **argv)
{
   unsigned count = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 3000;
   uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
   bool dump = getenv("ACO_RA_DUMP") != NULL;
   unsigned ok = 0, over = 0, tight = 0, failed = 0, mutated = 0;
   for (unsigned i = 0; i < count; i++) {
      int r = run_seed(first + i, dump, &mutated);
      if (r == 0)
         ok++;
      else if (r == 1)
         over++;
      else if (r == 2)
         tight++;
      else if (++failed >= 10)
         break;
   }
   printf("%u allocated and validated, %u over the limits, %u at the limits without room, "
          "%u failed; %u broken allocations rejected by the validator\n",
          ok, over, tight, failed, mutated);
   /* the generator must mostly produce programs that fit, and most of them must give the
    * validator something to reject */
   return failed || ok < count / 2 || mutated < ok / 2 ? 1 : 0;
}
