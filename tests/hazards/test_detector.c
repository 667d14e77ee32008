/* SPDX-License-Identifier: MIT */
/* The emulator's hazard detector (src/emu/hazards.c) on hand-made instruction streams:
 * for every entry of docs/hazards.md, the hazardous sequence fires on the levels that have
 * the hazard, and stops firing once the separation the entry names is there (or on the
 * levels without it). This test compiles hazards.c itself with a recording emu_fail, so
 * the detector is checked alone, without the emulator core. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "emu/emu_internal.h"
#include "target/gfx.h"

static char last_message[512];

bool
emu_fail(struct emu_wave *w, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(last_message, sizeof(last_message), fmt, ap);
   va_end(ap);
   w->failed = true;
   return false;
}

/* ---- building instructions ---------------------------------------------------------------- */

struct seq {
   struct aco_arena arena;
   struct aco_minstr *in[64];
   unsigned n;
   unsigned wave;
};

static aco_operand
v(unsigned n)
{
   return aco_opnd_reg(aco_vgpr(n), aco_rc_v(1));
}

static aco_operand
s(unsigned n, unsigned dwords)
{
   return aco_opnd_reg(aco_sgpr(n), aco_rc_s(dwords));
}

static aco_definition
vd(unsigned n)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_vgpr(n));
}

static aco_definition
sd(unsigned n, unsigned dwords)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_s(dwords)), aco_sgpr(n));
}

static struct aco_minstr *
add(struct seq *q, enum aco_opcode op, unsigned ndefs, unsigned nops)
{
   struct aco_minstr *in = aco_minstr_create(&q->arena, op, nops, ndefs);
   assert_non_null(in);
   assert_true(q->n < 64);
   q->in[q->n++] = in;
   return in;
}

/* d = op a, b (VOP2 / VOP1 when b is UNDEF) */
static void
valu(struct seq *q, enum aco_opcode op, unsigned d, aco_operand a, aco_operand b)
{
   unsigned nops = b.kind == ACO_OPND_UNDEF ? 1 : 2;
   struct aco_minstr *in = add(q, op, 1, nops);
   in->definitions[0] = vd(d);
   in->operands[0] = a;
   if (nops == 2)
      in->operands[1] = b;
}

static const aco_operand none = {0};

static void
vmov(struct seq *q, unsigned d)
{
   valu(q, aco_op_v_mov_b32, d, aco_opnd_const(0, 32), none);
}

static void
sopp(struct seq *q, enum aco_opcode op, uint32_t imm)
{
   add(q, op, 0, 0)->imm = imm;
}

static void
smov64(struct seq *q, unsigned dst_field, unsigned src)
{
   struct aco_minstr *in = add(q, aco_op_s_mov_b64, 1, 1);
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_physreg_make(dst_field, 0));
   in->operands[0] = s(src, 2);
}

static void
vcmpx(struct seq *q)
{
   struct aco_minstr *in = add(q, aco_op_v_cmpx_eq_u32, 0, 2);
   in->operands[0] = v(0);
   in->operands[1] = v(1);
}

/* v_cndmask_b32 d, a, b, mask (the selector is the last operand) */
static void
cndmask(struct seq *q, unsigned d, unsigned mask_sgpr)
{
   struct aco_minstr *in = add(q, aco_op_v_cndmask_b32, 1, 3);
   in->encoding = ACO_ENC_E64;
   in->definitions[0] = vd(d);
   in->operands[0] = v(0);
   in->operands[1] = v(1);
   in->operands[2] = s(mask_sgpr, q->wave / 32);
}

static void
init(struct seq *q, unsigned wave)
{
   memset(q, 0, sizeof(*q));
   aco_arena_init(&q->arena, NULL);
   q->wave = wave;
}

/* Runs the sequence through the detector: the index of the instruction it rejects, or -1.
 * Frees the sequence. */
static int
run(struct seq *q, aco_gfx_level level)
{
   struct emu_wave w;
   memset(&w, 0, sizeof(w));
   w.gfx = aco_gfx_info(level);
   w.level = level;
   w.wave_size = q->wave;
   last_message[0] = 0;
   assert_true(emu_hazard_init(&w));
   int failed = -1;
   for (unsigned i = 0; i < q->n; i++) {
      if (!emu_hazard_check(&w, q->in[i])) {
         failed = (int)i;
         break;
      }
   }
   emu_hazard_finish(&w);
   assert_null(w.hazards);
   aco_arena_finish(&q->arena);
   return failed;
}

static void
expect_fire(int got, int index, const char *name)
{
   if (got != index)
      fail_msg("expected %s at instruction %d, got %d (%s)", name, index, got, last_message);
   char want[96];
   snprintf(want, sizeof(want), "hazard %s:", name);
   if (strncmp(last_message, want, strlen(want)))
      fail_msg("expected '%s', got '%s'", want, last_message);
}

static void
expect_quiet(int got)
{
   if (got != -1)
      fail_msg("unexpected report at instruction %d: %s", got, last_message);
}

/* ---- FPAtomicToDenormModeHazard ------------------------------------------------------------ */

static int
fp_atomic_then_denorm(aco_gfx_level level, int between, unsigned nop_imm)
{
   struct seq q;
   init(&q, 32);
   struct aco_minstr *a = add(&q, aco_op_global_atomic_min_f32, 0, 2);
   a->operands[0] = aco_opnd_reg(aco_vgpr(0), aco_rc_v(2));
   a->operands[1] = v(2);
   if (between == 1)
      sopp(&q, aco_op_s_nop, nop_imm);
   else if (between == 2)
      vmov(&q, 5);
   else if (between == 3)
      sopp(&q, aco_op_s_waitcnt, 0);
   else if (between == 4) {
      for (unsigned i = 0; i < nop_imm; i++)
         sopp(&q, aco_op_s_nop, 0);
   }
   sopp(&q, aco_op_s_denorm_mode, 0);
   return run(&q, level);
}

static void
test_fp_atomic_denorm(void **state)
{
   (void)state;
   expect_fire(fp_atomic_then_denorm(ACO_GFX1030, 0, 0), 1, "FPAtomicToDenormModeHazard");
   expect_fire(fp_atomic_then_denorm(ACO_GFX1030, 1, 1), 2, "FPAtomicToDenormModeHazard");
   expect_fire(fp_atomic_then_denorm(ACO_GFX1030, 4, 2), 3, "FPAtomicToDenormModeHazard");
   expect_quiet(fp_atomic_then_denorm(ACO_GFX1030, 1, 2)); /* s_nop 2: 3 wait states */
   expect_quiet(fp_atomic_then_denorm(ACO_GFX1030, 4, 3)); /* three s_nop 0 */
   expect_quiet(fp_atomic_then_denorm(ACO_GFX1030, 2, 0)); /* a VALU */
   expect_quiet(fp_atomic_then_denorm(ACO_GFX1030, 3, 0)); /* a wait */
   expect_quiet(fp_atomic_then_denorm(ACO_GFX1100, 0, 0));
   expect_quiet(fp_atomic_then_denorm(ACO_GFX1200, 0, 0));
}

/* ---- VcmpxPermlaneHazard --------------------------------------------------------------------- */

static int
cmpx_then_permlane(aco_gfx_level level, unsigned wave, int between)
{
   struct seq q;
   init(&q, wave);
   vcmpx(&q);
   if (between == 1)
      add(&q, aco_op_v_nop, 0, 0);
   else if (between == 2)
      vmov(&q, 3);
   else if (between == 3)
      sopp(&q, aco_op_s_nop, 4); /* not a VALU: does not separate */
   valu(&q, aco_op_v_permlane64_b32, 1, v(1), none);
   return run(&q, level);
}

static void
test_vcmpx_permlane(void **state)
{
   (void)state;
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      expect_fire(cmpx_then_permlane(ACO_GFX1100, wave, 0), 1, "VcmpxPermlaneHazard");
      expect_fire(cmpx_then_permlane(ACO_GFX1200, wave, 0), 1, "VcmpxPermlaneHazard");
      expect_fire(cmpx_then_permlane(ACO_GFX1200, wave, 3), 2, "VcmpxPermlaneHazard");
      expect_quiet(cmpx_then_permlane(ACO_GFX1100, wave, 1));
      expect_quiet(cmpx_then_permlane(ACO_GFX1200, wave, 2));
      expect_quiet(cmpx_then_permlane(ACO_GFX1030, wave, 0));
   }
}

/* ---- VALUTransUseHazard ---------------------------------------------------------------------- */

/* v_exp_f32 v1, v0; `valus` v_mov; `transes` v_rcp; [depctr | global load]; v_add_f32 v2, v1, v0 */
static int
trans_then_use(aco_gfx_level level, unsigned valus, unsigned transes, int resolve)
{
   struct seq q;
   init(&q, 32);
   valu(&q, aco_op_v_exp_f32, 1, v(0), none);
   for (unsigned i = 0; i < valus; i++)
      vmov(&q, 10 + i);
   for (unsigned i = 0; i < transes; i++)
      valu(&q, aco_op_v_rcp_f32, 20 + i, v(0), none);
   if (resolve == 1)
      sopp(&q, aco_op_s_waitcnt_depctr, 0x0fff);
   else if (resolve == 2)
      sopp(&q, aco_op_s_waitcnt_depctr, 0xfffe); /* sa_sdst only: no help */
   else if (resolve == 3) {
      struct aco_minstr *l = add(&q, aco_op_global_load_b32, 1, 2);
      l->definitions[0] = vd(30);
      l->operands[0] = aco_opnd_reg(aco_vgpr(4), aco_rc_v(2));
      l->operands[1] = s(0, 2);
   }
   valu(&q, aco_op_v_add_f32, 2, v(1), v(0));
   return run(&q, level);
}

static void
test_trans_use(void **state)
{
   (void)state;
   expect_fire(trans_then_use(ACO_GFX1100, 0, 0, 0), 1, "VALUTransUseHazard");
   expect_fire(trans_then_use(ACO_GFX1100, 5, 0, 0), 6, "VALUTransUseHazard");
   expect_fire(trans_then_use(ACO_GFX1100, 0, 1, 0), 2, "VALUTransUseHazard");
   expect_fire(trans_then_use(ACO_GFX1100, 4, 1, 0), 6, "VALUTransUseHazard");
   expect_fire(trans_then_use(ACO_GFX1100, 0, 0, 2), 2, "VALUTransUseHazard");
   expect_quiet(trans_then_use(ACO_GFX1100, 6, 0, 0)); /* 6 VALU */
   expect_quiet(trans_then_use(ACO_GFX1100, 0, 2, 0)); /* 2 transcendentals */
   expect_quiet(trans_then_use(ACO_GFX1100, 0, 0, 1)); /* depctr va_vdst(0) */
   expect_quiet(trans_then_use(ACO_GFX1100, 0, 0, 3)); /* a VMEM waits va_vdst */
   expect_quiet(trans_then_use(ACO_GFX1030, 0, 0, 0));
   expect_quiet(trans_then_use(ACO_GFX1200, 0, 0, 0));
}

/* ---- VALUPartialForwardingHazard ------------------------------------------------------------- */

/* v_mov v0; `gap1` v_mov; s_mov_b64 exec; v_mov v1; `gap3` v_mov; [depctr]; v_add v2, v0, v1 */
static int
partial_forwarding(aco_gfx_level level, unsigned wave, unsigned gap1, unsigned gap3,
                   bool resolve)
{
   struct seq q;
   init(&q, wave);
   vmov(&q, 0);
   for (unsigned i = 0; i < gap1; i++)
      vmov(&q, 10 + i);
   smov64(&q, ACO_REG_EXEC_LO, 4);
   vmov(&q, 1);
   for (unsigned i = 0; i < gap3; i++)
      vmov(&q, 20 + i);
   if (resolve)
      sopp(&q, aco_op_s_waitcnt_depctr, 0x0fff);
   valu(&q, aco_op_v_add_nc_u32, 2, v(0), v(1));
   return run(&q, level);
}

static void
test_partial_forwarding(void **state)
{
   (void)state;
   expect_fire(partial_forwarding(ACO_GFX1100, 64, 0, 0, false), 3,
               "VALUPartialForwardingHazard");
   expect_fire(partial_forwarding(ACO_GFX1100, 64, 2, 0, false), 5,
               "VALUPartialForwardingHazard");
   expect_fire(partial_forwarding(ACO_GFX1100, 64, 0, 4, false), 7,
               "VALUPartialForwardingHazard");
   expect_quiet(partial_forwarding(ACO_GFX1100, 64, 3, 0, false)); /* 3 VALU between writes */
   expect_quiet(partial_forwarding(ACO_GFX1100, 64, 0, 5, false)); /* 5 VALU before read */
   expect_quiet(partial_forwarding(ACO_GFX1100, 64, 0, 0, true));
   expect_quiet(partial_forwarding(ACO_GFX1100, 32, 0, 0, false));

   /* the exec write that counts is the last one before the most recent source write:
    * a later exec write changes nothing (llc's code has this at loop exits) */
   struct seq q;
   init(&q, 64);
   vmov(&q, 0);
   smov64(&q, ACO_REG_EXEC_LO, 4);
   vmov(&q, 1);
   smov64(&q, ACO_REG_EXEC_LO, 6);
   vmov(&q, 7);
   valu(&q, aco_op_v_add_nc_u32, 2, v(0), v(1));
   expect_fire(run(&q, ACO_GFX1100), 5, "VALUPartialForwardingHazard");
   /* both sources written before the exec write: no hazard */
   init(&q, 64);
   vmov(&q, 0);
   vmov(&q, 1);
   smov64(&q, ACO_REG_EXEC_LO, 4);
   valu(&q, aco_op_v_add_nc_u32, 2, v(0), v(1));
   expect_quiet(run(&q, ACO_GFX1100));
   /* a VMEM in between waits for va_vdst */
   init(&q, 64);
   vmov(&q, 0);
   smov64(&q, ACO_REG_EXEC_LO, 4);
   vmov(&q, 1);
   struct aco_minstr *l = add(&q, aco_op_global_load_b32, 1, 2);
   l->definitions[0] = vd(30);
   l->operands[0] = aco_opnd_reg(aco_vgpr(4), aco_rc_v(2));
   l->operands[1] = s(0, 2);
   valu(&q, aco_op_v_add_nc_u32, 2, v(0), v(1));
   expect_quiet(run(&q, ACO_GFX1100));
   expect_quiet(partial_forwarding(ACO_GFX1200, 64, 0, 0, false));
   expect_quiet(partial_forwarding(ACO_GFX1030, 64, 0, 0, false));
}

/* ---- VALUMaskWriteHazard --------------------------------------------------------------------- */

/* v_cndmask v1, v0, v1, s[0:1]; [v_add v3, s4, v0]; s_mov_b64 s[0:1], s[8:9]; [depctr];
 * then a read of s0 by an SALU (reader 0) or a VALU (reader 1) */
static int
mask_write(aco_gfx_level level, unsigned wave, bool other_sgpr_read, bool resolve, int reader)
{
   struct seq q;
   init(&q, wave);
   cndmask(&q, 1, 0);
   if (other_sgpr_read)
      valu(&q, aco_op_v_add_nc_u32, 3, s(4, 1), v(0));
   smov64(&q, 0, 8);
   if (resolve)
      sopp(&q, aco_op_s_waitcnt_depctr, 0xfffe);
   if (reader == 0) {
      struct aco_minstr *in = add(&q, aco_op_s_add_u32, 1, 2);
      in->definitions[0] = sd(2, 1);
      in->operands[0] = s(0, 1);
      in->operands[1] = aco_opnd_const(1, 32);
   } else {
      valu(&q, aco_op_v_add_nc_u32, 3, s(0, 1), v(0));
   }
   return run(&q, level);
}

static void
test_mask_write(void **state)
{
   (void)state;
   expect_fire(mask_write(ACO_GFX1100, 64, false, false, 0), 2, "VALUMaskWriteHazard");
   expect_fire(mask_write(ACO_GFX1100, 64, false, false, 1), 2, "VALUMaskWriteHazard");
   expect_quiet(mask_write(ACO_GFX1100, 64, false, true, 0));
   expect_quiet(mask_write(ACO_GFX1100, 64, true, false, 0));
   expect_quiet(mask_write(ACO_GFX1100, 32, false, false, 0));
   expect_quiet(mask_write(ACO_GFX1200, 64, false, false, 0));
   expect_quiet(mask_write(ACO_GFX1030, 64, false, false, 0));
}

/* ---- SendmsgDeallocVgprs --------------------------------------------------------------------- */

static int
dealloc(aco_gfx_level level, bool nop, unsigned msg)
{
   struct seq q;
   init(&q, 32);
   vmov(&q, 0);
   if (nop)
      sopp(&q, aco_op_s_nop, 0);
   sopp(&q, aco_op_s_sendmsg, msg);
   sopp(&q, aco_op_s_endpgm, 0);
   return run(&q, level);
}

static void
test_sendmsg_dealloc(void **state)
{
   (void)state;
   expect_fire(dealloc(ACO_GFX1100, false, 3), 1, "SendmsgDeallocVgprs");
   expect_fire(dealloc(ACO_GFX1200, false, 3), 1, "SendmsgDeallocVgprs");
   expect_quiet(dealloc(ACO_GFX1100, true, 3));
   expect_quiet(dealloc(ACO_GFX1200, true, 3));
   expect_quiet(dealloc(ACO_GFX1100, false, 1));
   expect_quiet(dealloc(ACO_GFX1030, false, 3));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fp_atomic_denorm),
      cmocka_unit_test(test_vcmpx_permlane),
      cmocka_unit_test(test_trans_use),
      cmocka_unit_test(test_partial_forwarding),
      cmocka_unit_test(test_mask_write),
      cmocka_unit_test(test_sendmsg_dealloc),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
