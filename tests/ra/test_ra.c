/* SPDX-License-Identifier: MIT */
/* Liveness, register allocation and the RA validator on small hand-built programs. */
#include "ra_test_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

static struct aco_mprogram *
new_prog(unsigned wave)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, ACO_GFX1100, wave);
   assert_non_null(p);
   return p;
}

static void
expect_set(const uint32_t *list, uint32_t n, const uint32_t *want, uint32_t nwant)
{
   assert_int_equal(n, nwant);
   for (uint32_t i = 0; i < n; i++)
      assert_int_equal(list[i], want[i]);
}

static void
allocate_ok(struct aco_mprogram *p)
{
   assert_true(t_allocate(p));
}

static struct aco_minstr *
last_instr(struct aco_mblock *b)
{
   return b->instrs.data[b->instrs.len - 1];
}

/* ---- liveness ------------------------------------------------------------------------------ */

static void
test_liveness_straight(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b, aco_rc_s(1));
   aco_temp v = t_def(p, b, aco_rc_v(1));
   aco_temp c = aco_mprogram_new_temp(p, aco_rc_v(2));
   struct aco_minstr *ic = t_ut(p, b, c, 2, (aco_operand[]){aco_opnd_temp(a), aco_opnd_temp(v)});
   aco_temp d = aco_mprogram_new_temp(p, aco_rc_s(2));
   struct aco_minstr *id = t_ut(p, b, d, 1, (aco_operand[]){aco_opnd_temp(a)});
   struct aco_minstr *iu = t_use(p, b, 4, (aco_temp[]){v, c, d, v});
   assert_int_equal(aco_compute_liveness(p), ACO_SUCCESS);

   assert_false(ic->operands[0].kill);
   assert_false(ic->operands[1].kill);
   assert_true(id->operands[0].kill && id->operands[0].first_kill);
   assert_true(iu->operands[0].kill && iu->operands[0].first_kill);
   assert_true(iu->operands[3].kill && !iu->operands[3].first_kill);
   assert_true(iu->operands[1].kill && iu->operands[2].kill);
   assert_false(ic->definitions[0].kill);

   const int16_t want[5][2] = {{1, 0}, {1, 1}, {1, 3}, {2, 3}, {2, 3}};
   for (int i = 0; i < 5; i++) {
      assert_int_equal(b->instr_demand[i].sgpr, want[i][0]);
      assert_int_equal(b->instr_demand[i].vgpr, want[i][1]);
   }
   assert_int_equal(b->demand.sgpr, 2);
   assert_int_equal(b->demand.vgpr, 3);
   assert_int_equal(p->max_demand.sgpr, 2);
   assert_int_equal(p->max_demand.vgpr, 3);
   aco_mprogram_destroy(p);
}

static void
test_liveness_if_and_loop(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p), *b3 = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b0, aco_rc_s(1));
   aco_temp y = t_def(p, b0, aco_rc_v(1));
   t_edge(p, b0, b1);
   t_edge(p, b0, b2);
   t_use(p, b1, 1, &x);
   t_edge(p, b1, b3);
   aco_temp z = t_def(p, b2, aco_rc_v(1));
   t_edge(p, b2, b3);
   aco_temp ph = aco_mprogram_new_temp(p, aco_rc_v(1));
   aco_definition pd = aco_def_temp(ph);
   struct aco_minstr *phi = t_instr(p, b3, aco_op_p_phi, 1, &pd, 2,
                                    (aco_operand[]){aco_opnd_temp(y), aco_opnd_temp(z)});
   t_use(p, b3, 2, (aco_temp[]){ph, x});
   assert_int_equal(aco_compute_liveness(p), ACO_SUCCESS);
   expect_set(b0->live_out, b0->num_live_out, (uint32_t[]){x.id, y.id}, 2);
   expect_set(b1->live_in, b1->num_live_in, (uint32_t[]){x.id, y.id}, 2);
   expect_set(b1->live_out, b1->num_live_out, (uint32_t[]){x.id, y.id}, 2);
   expect_set(b2->live_in, b2->num_live_in, (uint32_t[]){x.id}, 1);
   expect_set(b2->live_out, b2->num_live_out, (uint32_t[]){x.id, z.id}, 2);
   expect_set(b3->live_in, b3->num_live_in, (uint32_t[]){x.id}, 1);
   assert_true(phi->operands[0].kill && phi->operands[1].kill);
   /* at BB3's entry: x and the phi */
   assert_int_equal(b3->instr_demand[0].sgpr, 1);
   assert_int_equal(b3->instr_demand[0].vgpr, 1);
   aco_mprogram_destroy(p);

   /* a loop: BB0 -> BB1 (header) -> BB2 (body) -> BB1, BB1 -> BB3 (exit) */
   p = new_prog(64);
   b0 = aco_mprogram_add_block(p);
   b1 = aco_mprogram_add_block(p);
   b2 = aco_mprogram_add_block(p);
   b3 = aco_mprogram_add_block(p);
   aco_temp k = t_def(p, b0, aco_rc_s(2));
   aco_temp a = t_def(p, b0, aco_rc_v(1));
   t_edge(p, b0, b1);
   aco_temp h = aco_mprogram_new_temp(p, aco_rc_v(1));
   aco_temp n = aco_mprogram_new_temp(p, aco_rc_v(1));
   pd = aco_def_temp(h);
   phi = t_instr(p, b1, aco_op_p_phi, 1, &pd, 2, (aco_operand[]){aco_opnd_temp(a), aco_opnd_temp(n)});
   t_edge(p, b1, b2);
   t_ut(p, b2, n, 1, (aco_operand[]){aco_opnd_temp(h)});
   t_edge(p, b2, b1);
   t_edge(p, b1, b3);
   t_use(p, b3, 2, (aco_temp[]){h, k});
   assert_int_equal(aco_compute_liveness(p), ACO_SUCCESS);
   expect_set(b1->live_in, b1->num_live_in, (uint32_t[]){k.id}, 1);
   expect_set(b1->live_out, b1->num_live_out, (uint32_t[]){k.id, h.id}, 2);
   expect_set(b2->live_in, b2->num_live_in, (uint32_t[]){k.id, h.id}, 2);
   expect_set(b2->live_out, b2->num_live_out, (uint32_t[]){k.id, n.id}, 2);
   expect_set(b3->live_in, b3->num_live_in, (uint32_t[]){k.id, h.id}, 2);
   expect_set(b0->live_out, b0->num_live_out, (uint32_t[]){k.id, a.id}, 2);
   assert_int_equal(p->max_demand.sgpr, 2);
   aco_mprogram_destroy(p);
}

static void
test_liveness_undefined_use(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp a = aco_mprogram_new_temp(p, aco_rc_s(1));
   t_use(p, b, 1, &a);
   assert_int_equal(aco_compute_liveness(p), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(p->message, "not defined"));
   aco_mprogram_destroy(p);
}

/* ---- allocation ------------------------------------------------------------------------------ */

static void
test_ra_straight(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b, aco_rc_s(1));
   aco_temp c = t_def(p, b, aco_rc_s(2));
   aco_temp q = t_def(p, b, aco_rc_s(4));
   aco_temp v = t_def(p, b, aco_rc_v(3));
   t_use(p, b, 4, (aco_temp[]){a, c, q, v});
   allocate_ok(p);
   struct aco_minstr *u = last_instr(b);
   assert_int_equal(u->operands[0].reg.reg_b, aco_sgpr(0).reg_b);
   assert_int_equal(u->operands[1].reg.reg_b, aco_sgpr(2).reg_b); /* pair: even */
   assert_int_equal(u->operands[2].reg.reg_b, aco_sgpr(4).reg_b); /* quad: multiple of 4 */
   assert_int_equal(u->operands[3].reg.reg_b, aco_vgpr(0).reg_b);
   assert_int_equal(p->config.num_sgprs, 8);
   assert_int_equal(p->config.num_vgprs, 3);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 0);
   aco_mprogram_destroy(p);
}

static void
test_ra_fixed_operand(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b, aco_rc_v(1)); /* v0 */
   aco_temp c = t_def(p, b, aco_rc_v(1)); /* v1 */
   /* a must be read from v1, where c lives on */
   struct aco_minstr *in =
      t_ut(p, b, aco_temp_make(0, aco_rc_s(1)), 2,
           (aco_operand[]){aco_opnd_fixed_temp(a, aco_vgpr(1)), aco_opnd_temp(c)});
   t_use(p, b, 1, &c);
   allocate_ok(p);
   assert_int_equal(in->operands[0].reg.reg_b, aco_vgpr(1).reg_b);
   assert_int_not_equal(in->operands[1].reg.reg_b, aco_vgpr(1).reg_b);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 1);
   /* the copy is right before the instruction and swaps a into v1 */
   struct aco_minstr *pc = b->instrs.data[2];
   assert_int_equal(pc->opcode, aco_op_p_parallelcopy);
   assert_int_equal(pc->num_definitions, 2);
   assert_ptr_equal(b->instrs.data[3], in);
   aco_mprogram_destroy(p);
}

static void
test_ra_fixed_definition(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b, aco_rc_s(2)); /* s[0:1] */
   aco_temp d = aco_mprogram_new_temp(p, aco_rc_s(1));
   aco_definition dd = aco_def_fixed(d, aco_sgpr(1));
   t_instr(p, b, aco_op_p_unit_test, 1, &dd, 0, NULL);
   struct aco_minstr *u = t_use(p, b, 2, (aco_temp[]){a, d});
   allocate_ok(p);
   assert_int_equal(u->operands[1].reg.reg_b, aco_sgpr(1).reg_b);
   unsigned ar = u->operands[0].reg.reg_b;
   assert_true(ar % 8 == 0 && ar != 0); /* moved away, still an aligned pair */
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 1);
   aco_mprogram_destroy(p);
}

static void
test_ra_vector_split(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   p->max_vgprs = 4;
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp v[4];
   for (int i = 0; i < 4; i++)
      v[i] = t_def(p, b, aco_rc_v(1));
   t_use(p, b, 2, (aco_temp[]){v[1], v[3]}); /* frees v1 and v3: no two adjacent */
   aco_temp w = t_def(p, b, aco_rc_v(2));
   struct aco_minstr *u = t_use(p, b, 3, (aco_temp[]){v[0], v[2], w});
   allocate_ok(p);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 1);
   unsigned wr = u->operands[2].reg.reg_b;
   assert_true(wr >= aco_vgpr(0).reg_b && wr <= aco_vgpr(2).reg_b);
   assert_int_equal(p->config.num_vgprs, 4);
   aco_mprogram_destroy(p);
}

static void
test_ra_register_limit(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   p->max_sgprs = 2;
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b, aco_rc_s(1)), c = t_def(p, b, aco_rc_s(1)), d = t_def(p, b, aco_rc_s(1));
   t_use(p, b, 3, (aco_temp[]){a, c, d});
   assert_int_equal(aco_register_allocate(p), ACO_ERROR_REGISTER_LIMIT);
   assert_non_null(strstr(p->message, "3 SGPRs"));
   aco_mprogram_destroy(p);
}

static void
test_ra_subdword(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b, aco_rc_v(1));
   aco_temp lo = aco_mprogram_new_temp(p, aco_rc_vb(2)), hi = aco_mprogram_new_temp(p, aco_rc_vb(2));
   aco_definition defs[2] = {aco_def_temp(lo), aco_def_temp(hi)};
   aco_operand src = aco_opnd_temp(x);
   t_instr(p, b, aco_op_p_split_vector, 2, defs, 1, &src);
   aco_temp y = aco_mprogram_new_temp(p, aco_rc_vb(2));
   /* a hardware-like definition of a half: byte 0 of a free VGPR */
   aco_definition yd = aco_def_temp(y);
   aco_operand yo = aco_opnd_temp(lo);
   t_instr(p, b, aco_op_v_add_f16, 1, &yd, 1, &yo);
   struct aco_minstr *u = t_use(p, b, 2, (aco_temp[]){hi, y});
   /* a hardware instruction reading the high half: it is moved to a low half first */
   aco_temp z = aco_mprogram_new_temp(p, aco_rc_vb(2));
   aco_definition zd = aco_def_temp(z);
   struct aco_minstr *hw = t_instr(p, b, aco_op_v_add_f16, 1, &zd, 2,
                                   (aco_operand[]){aco_opnd_temp(hi), aco_opnd_temp(y)});
   t_use(p, b, 2, (aco_temp[]){z, hi});
   allocate_ok(p);
   assert_int_equal(u->operands[0].reg.reg_b, aco_vgpr(0).reg_b + 2); /* split in place */
   assert_int_equal(u->operands[1].reg.reg_b % 4, 0);
   assert_int_equal(hw->operands[0].reg.reg_b % 4, 0);
   assert_int_equal(hw->operands[1].reg.reg_b % 4, 0);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 1);
   aco_mprogram_destroy(p);
}

static void
test_ra_wide_hw_def_no_overlap(void **state)
{
   (void)state;
   for (int wide = 0; wide < 2; wide++) {
      struct aco_mprogram *p = new_prog(32);
      struct aco_mblock *b = aco_mprogram_add_block(p);
      aco_temp addr = t_def(p, b, aco_rc_v(2));
      aco_temp val = aco_mprogram_new_temp(p, wide ? aco_rc_v(4) : aco_rc_v(2));
      aco_definition d = aco_def_temp(val);
      aco_operand op = aco_opnd_temp(addr);
      struct aco_minstr *ld = t_instr(
         p, b, wide ? aco_op_global_load_b128 : aco_op_global_load_b64, 1, &d, 1, &op);
      t_use(p, b, 1, &val);
      allocate_ok(p);
      unsigned dr = ld->definitions[0].reg.reg_b, ar = ld->operands[0].reg.reg_b;
      if (!wide) {
         /* the address dies at the load: the result takes exactly its registers */
         assert_int_equal(dr, ar);
         assert_int_equal(p->config.num_vgprs, 2);
      } else {
         /* a 128-bit result may not partly overlap the 64-bit address */
         assert_true(dr >= ar + 8 || ar >= dr + 16);
         assert_int_equal(p->config.num_vgprs, 6);
         /* and the validator says so when it does */
         ld->definitions[0].reg.reg_b = (uint16_t)ar;
         b->instrs.data[2]->operands[0].reg.reg_b = (uint16_t)ar;
         assert_int_equal(aco_validate_ra(p), ACO_ERROR_INVALID_IR);
         assert_non_null(strstr(p->message, "overlaps operand"));
      }
      aco_mprogram_destroy(p);
   }
}

/* if/else with a phi whose operands land in one register: no copies needed */
static void
test_ra_if_phi(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(64);
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p), *b3 = aco_mprogram_add_block(p);
   aco_temp m = t_def(p, b0, aco_rc_lane_mask(64));
   t_edge(p, b0, b1);
   t_edge(p, b0, b2);
   aco_temp y = t_def(p, b1, aco_rc_v(1));
   t_edge(p, b1, b3);
   aco_temp z = t_def(p, b2, aco_rc_v(1));
   t_edge(p, b2, b3);
   aco_temp ph = aco_mprogram_new_temp(p, aco_rc_v(1));
   aco_definition pd = aco_def_temp(ph);
   struct aco_minstr *phi = t_instr(p, b3, aco_op_p_phi, 1, &pd, 2,
                                    (aco_operand[]){aco_opnd_temp(y), aco_opnd_temp(z)});
   struct aco_minstr *u = t_use(p, b3, 2, (aco_temp[]){ph, m});
   allocate_ok(p);
   assert_int_equal(phi->operands[0].reg.reg_b, phi->definitions[0].reg.reg_b);
   assert_int_equal(phi->operands[1].reg.reg_b, phi->definitions[0].reg.reg_b);
   assert_int_equal(u->operands[1].reg.reg_b % 8, 0); /* wave64 lane mask: a pair */
   assert_int_equal(t_count_op(p, aco_op_p_phi), 1);
   aco_mprogram_destroy(p);
}

/* A value live through a loop whose body moves it: the allocator adds a phi at the
 * header; a value the body leaves alone gets none (trivial phis are removed). */
static void
test_ra_loop(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p), *b3 = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b0, aco_rc_v(1)); /* v0 */
   aco_temp k = t_def(p, b0, aco_rc_s(1)); /* s0 */
   t_edge(p, b0, b1);
   t_use(p, b1, 1, &k);
   t_edge(p, b1, b2);
   /* body: something must be written to v0 while a lives on */
   aco_temp f = aco_mprogram_new_temp(p, aco_rc_v(1));
   aco_definition fd = aco_def_fixed(f, aco_vgpr(0));
   t_instr(p, b2, aco_op_p_unit_test, 1, &fd, 0, NULL);
   t_use(p, b2, 2, (aco_temp[]){f, a});
   t_edge(p, b2, b1);
   t_edge(p, b1, b3);
   t_use(p, b3, 2, (aco_temp[]){a, k});
   allocate_ok(p);
   /* a moved in the body: a phi for it at the header; k never moved: no phi */
   assert_int_equal(t_count_op(p, aco_op_p_phi), 1);
   assert_int_equal(t_count_op(p, aco_op_p_linear_phi), 0);
   struct aco_minstr *phi = b1->instrs.data[0];
   assert_int_equal(phi->opcode, aco_op_p_phi);
   assert_int_equal(phi->operands[0].reg.reg_b, aco_vgpr(0).reg_b);
   assert_int_not_equal(phi->operands[1].reg.reg_b, aco_vgpr(0).reg_b);
   aco_mprogram_destroy(p);
}

/* A lane mask left in vcc by a compare-like definition, then vcc written again while
 * the mask is still needed: the mask moves to an SGPR pair first. */
static void
test_ra_vcc_evicted(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(64);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_physreg vcc = aco_physreg_make(ACO_REG_VCC_LO, 0);
   aco_temp m = aco_mprogram_new_temp(p, aco_rc_lane_mask(64));
   aco_definition md = aco_def_fixed(m, vcc);
   t_instr(p, b, aco_op_p_unit_test, 1, &md, 0, NULL);
   aco_definition clob = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), vcc);
   t_instr(p, b, aco_op_p_unit_test, 1, &clob, 0, NULL);
   struct aco_minstr *u = t_use(p, b, 1, &m);
   allocate_ok(p);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 1);
   assert_int_equal(u->operands[0].reg.reg_b % 8, 0);
   assert_true(u->operands[0].reg.reg_b < aco_sgpr(ACO_SGPR_COUNT).reg_b);
   aco_mprogram_destroy(p);
}

/* Linear VGPRs take a band right above the ordinary VGPRs' demand, apart from them. */
static void
test_ra_linear_vgpr(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   p->max_vgprs = 8;
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp l = t_def(p, b, aco_rc_lv(1));
   aco_temp v = t_def(p, b, aco_rc_v(2));
   struct aco_minstr *u = t_use(p, b, 2, (aco_temp[]){l, v});
   allocate_ok(p);
   assert_int_equal(u->operands[0].reg.reg_b, aco_vgpr(2).reg_b);
   assert_int_equal(u->operands[1].reg.reg_b, aco_vgpr(0).reg_b);
   aco_mprogram_destroy(p);

   /* 7 ordinary + 2 linear do not fit 8 */
   p = new_prog(32);
   p->max_vgprs = 8;
   b = aco_mprogram_add_block(p);
   aco_temp ls = t_def(p, b, aco_rc_lv(2));
   aco_temp vs = t_def(p, b, aco_rc_v(7));
   t_use(p, b, 2, (aco_temp[]){ls, vs});
   assert_int_equal(aco_register_allocate(p), ACO_ERROR_REGISTER_LIMIT);
   aco_mprogram_destroy(p);
}

/* Both sides of an if need a pair where a value lives, so both move it (the same way):
 * at the merge the two names meet in a phi, which coalesces (no copy needed). */
static void
test_ra_if_moves(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   p->max_vgprs = 4;
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p), *b3 = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b0, aco_rc_v(1)); /* v0 */
   aco_temp x = t_def(p, b0, aco_rc_v(1)); /* v1 */
   aco_temp c = t_def(p, b0, aco_rc_v(1)); /* v2 */
   t_use(p, b0, 1, &x);                    /* v1 free again */
   t_edge(p, b0, b1);
   t_edge(p, b0, b2);
   aco_temp tv = t_def(p, b1, aco_rc_v(2));
   t_edge(p, b1, b3);
   aco_temp ev = t_def(p, b2, aco_rc_v(2));
   t_edge(p, b2, b3);
   aco_temp ph = aco_mprogram_new_temp(p, aco_rc_v(2));
   aco_definition pd = aco_def_temp(ph);
   t_instr(p, b3, aco_op_p_phi, 1, &pd, 2, (aco_operand[]){aco_opnd_temp(tv), aco_opnd_temp(ev)});
   t_use(p, b3, 3, (aco_temp[]){ph, a, c});
   allocate_ok(p);
   assert_int_equal(t_count_op(p, aco_op_p_parallelcopy), 2); /* one move per side */
   assert_int_equal(t_count_op(p, aco_op_p_phi), 2);          /* the program's + one for a */
   for (uint32_t i = 0; i < 2; i++) {
      struct aco_minstr *phi = b3->instrs.data[i];
      assert_int_equal(phi->opcode, aco_op_p_phi);
      assert_int_equal(phi->operands[0].reg.reg_b, phi->definitions[0].reg.reg_b);
      assert_int_equal(phi->operands[1].reg.reg_b, phi->definitions[0].reg.reg_b);
   }
   aco_mprogram_destroy(p);
}

/* ---- the validator rejects broken allocations ---------------------------------------------- */

/* s0 = a; s1 = b; use(a, b) allocated, then broken by `how`. */
static aco_status
broken(int how, char *msg, size_t len)
{
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b, aco_rc_s(1));
   aco_temp c = t_def(p, b, aco_rc_s(2));
   aco_temp v = t_def(p, b, aco_rc_v(1));
   struct aco_minstr *u = t_use(p, b, 3, (aco_temp[]){a, c, v});
   assert_int_equal(aco_register_allocate(p), ACO_SUCCESS);
   assert_int_equal(aco_validate_ra(p), ACO_SUCCESS);
   struct aco_minstr *da = b->instrs.data[0], *dc = b->instrs.data[1], *dv = b->instrs.data[2];
   switch (how) {
   case 0: /* c's pair over a */
      dc->definitions[0].reg = aco_sgpr(0);
      u->operands[1].reg = aco_sgpr(0);
      break;
   case 1: /* operand read from the wrong register */
      u->operands[0].reg = aco_sgpr(4);
      break;
   case 2: /* misaligned pair */
      dc->definitions[0].reg = aco_sgpr(3);
      u->operands[1].reg = aco_sgpr(3);
      break;
   case 3: /* beyond the limit */
      p->max_sgprs = 2;
      break;
   case 4: /* VGPR temporary in an SGPR */
      dv->definitions[0].reg = aco_sgpr(8);
      u->operands[2].reg = aco_sgpr(8);
      break;
   case 5: { /* an instruction writing vcc... where a lives */
      da->definitions[0].reg = aco_physreg_make(ACO_REG_VCC_LO, 0);
      u->operands[0].reg = aco_physreg_make(ACO_REG_VCC_LO, 0);
      aco_definition clob = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)),
                                          aco_physreg_make(ACO_REG_VCC_LO, 0));
      struct aco_minstr *w = aco_minstr_create(&p->arena, aco_op_p_unit_test, 0, 1);
      w->definitions[0] = clob;
      b->instrs.data[3] = w; /* replaces the use ... */
      aco_vec_push(p->allocator, &b->instrs, u); /* ... which now follows */
      break;
   }
   case 6: /* not fixed */
      u->operands[2].fixed = false;
      break;
   case 7: /* defined twice */
      dc->definitions[0].temp = a;
      break;
   }
   aco_status st = aco_validate_ra(p);
   snprintf(msg, len, "%s", p->message);
   aco_mprogram_destroy(p);
   return st;
}

static void
test_validator_rejects(void **state)
{
   (void)state;
   static const char *const expect[] = {
      "overlaps live", "not defined in", "not aligned", "beyond the SGPR limit",
      "is in a SGPR", "clobbers live", "has no register", "defined twice",
   };
   char msg[600];
   for (int how = 0; how < 8; how++) {
      aco_status st = broken(how, msg, sizeof(msg));
      if (st != ACO_ERROR_INVALID_IR || !strstr(msg, expect[how]))
         fprintf(stderr, "case %d: %s\n", how, msg);
      assert_int_equal(st, ACO_ERROR_INVALID_IR);
      assert_non_null(strstr(msg, expect[how]));
   }
}

/* A value live through a loop, overwritten in the body by hand: found at the body. */
static void
test_validator_loop_clobber(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p);
   aco_temp a = t_def(p, b0, aco_rc_v(1));
   t_edge(p, b0, b1);
   aco_temp t = t_def(p, b1, aco_rc_v(1));
   t_use(p, b1, 1, &t);
   t_edge(p, b1, b1);
   t_edge(p, b1, b2);
   t_use(p, b2, 1, &a);
   allocate_ok(p);
   struct aco_minstr *dt = b1->instrs.data[0];
   assert_int_equal(dt->definitions[0].temp.id, t.id);
   assert_int_not_equal(dt->definitions[0].reg.reg_b, aco_vgpr(0).reg_b);
   dt->definitions[0].reg = aco_vgpr(0);
   b1->instrs.data[1]->operands[0].reg = aco_vgpr(0);
   assert_int_equal(aco_validate_ra(p), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(p->message, "BB1"));
   assert_non_null(strstr(p->message, "overlaps live"));
   aco_mprogram_destroy(p);
}

/* Phi copies go to the end of the predecessors: a phi on a critical edge is reported. */
static void
test_validator_critical_edge(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p);
   aco_temp x = t_def(p, b0, aco_rc_s(1));
   t_edge(p, b0, b1);
   t_edge(p, b0, b2);
   aco_temp y = t_def(p, b1, aco_rc_s(1));
   t_edge(p, b1, b2);
   aco_temp ph = aco_mprogram_new_temp(p, aco_rc_s(1));
   aco_definition pd = aco_def_temp(ph);
   t_instr(p, b2, aco_op_p_linear_phi, 1, &pd, 2,
           (aco_operand[]){aco_opnd_temp(x), aco_opnd_temp(y)});
   t_use(p, b2, 1, &ph);
   assert_int_equal(aco_register_allocate(p), ACO_SUCCESS);
   assert_int_equal(aco_validate_ra(p), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(p->message, "critical edge from BB0"));
   aco_mprogram_destroy(p);
}

/* Divergent code: a linear VGPR given the register of an ordinary one is reported. */
static void
test_validator_divergent_linear(void **state)
{
   (void)state;
   struct aco_mprogram *p = new_prog(32);
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p), *b3 = aco_mprogram_add_block(p);
   aco_temp v = t_def(p, b0, aco_rc_v(1));
   aco_mblock_add_logical_edge(p, b0, b1);
   aco_mblock_add_linear_edge(p, b0, b1);
   aco_mblock_add_linear_edge(p, b0, b2);
   aco_mblock_add_linear_edge(p, b1, b2);
   aco_mblock_add_logical_edge(p, b1, b3);
   aco_mblock_add_linear_edge(p, b2, b3);
   aco_mblock_add_logical_edge(p, b0, b3);
   /* BB2 is outside the logical CFG: v is not live there, a linear VGPR is */
   aco_temp l = t_def(p, b2, aco_rc_lv(1));
   t_use(p, b2, 1, &l);
   t_use(p, b3, 1, &v);
   allocate_ok(p);
   struct aco_minstr *dl = b2->instrs.data[0];
   assert_int_equal(dl->definitions[0].temp.id, l.id);
   assert_int_not_equal(dl->definitions[0].reg.reg_b, aco_vgpr(0).reg_b);
   dl->definitions[0].reg = aco_vgpr(0);
   b2->instrs.data[1]->operands[0].reg = aco_vgpr(0);
   assert_int_equal(aco_validate_ra(p), ACO_ERROR_INVALID_IR);
   assert_non_null(strstr(p->message, "shares v0"));
   aco_mprogram_destroy(p);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_liveness_straight),
      cmocka_unit_test(test_liveness_if_and_loop),
      cmocka_unit_test(test_liveness_undefined_use),
      cmocka_unit_test(test_ra_straight),
      cmocka_unit_test(test_ra_fixed_operand),
      cmocka_unit_test(test_ra_fixed_definition),
      cmocka_unit_test(test_ra_vector_split),
      cmocka_unit_test(test_ra_register_limit),
      cmocka_unit_test(test_ra_subdword),
      cmocka_unit_test(test_ra_wide_hw_def_no_overlap),
      cmocka_unit_test(test_ra_if_phi),
      cmocka_unit_test(test_ra_loop),
      cmocka_unit_test(test_ra_vcc_evicted),
      cmocka_unit_test(test_ra_linear_vgpr),
      cmocka_unit_test(test_ra_if_moves),
      cmocka_unit_test(test_validator_rejects),
      cmocka_unit_test(test_validator_loop_clobber),
      cmocka_unit_test(test_validator_critical_edge),
      cmocka_unit_test(test_validator_divergent_linear),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
