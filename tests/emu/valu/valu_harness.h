/* SPDX-License-Identifier: MIT */
/* A wave of the emulator without its core: the register accessors the vector ALU calls
 * are defined here (plain arrays, no detectors), so each VALU instruction can be built
 * with aco_minstr_create and executed on chosen register values. Only test binaries
 * include this (it defines the emu_* accessors once per binary). */
#ifndef ACO_TEST_VALU_HARNESS_H
#define ACO_TEST_VALU_HARNESS_H

#include "emu/emu_internal.h"
#include "emu/valu.h"
#include "mir/mir.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#define T_VGPRS 64

struct twave {
   struct emu_wave w;
   uint32_t vgpr[T_VGPRS * EMU_MAX_LANES];
   struct aco_arena arena;
};

static char t_fail_msg[512];

bool
emu_fail(struct emu_wave *w, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(t_fail_msg, sizeof(t_fail_msg), fmt, ap);
   va_end(ap);
   w->failed = true;
   return false;
}

uint32_t
emu_read_sreg(struct emu_wave *w, unsigned field)
{
   if (field == ACO_REG_SCC)
      return w->scc;
   if (field == ACO_REG_EXECZ)
      return emu_exec(w) == 0;
   if (field >= 128 || field == w->gfx->reg_null)
      return 0;
   return w->sgpr[field];
}

void
emu_write_sreg(struct emu_wave *w, unsigned field, uint32_t value)
{
   if (field == ACO_REG_SCC) {
      w->scc = value & 1;
      return;
   }
   if (field >= 128 || field == w->gfx->reg_null)
      return;
   w->sgpr[field] = value;
}

uint32_t
emu_read_vgpr(struct emu_wave *w, unsigned reg, unsigned lane)
{
   if (reg >= w->num_vgprs) {
      emu_fail(w, "register beyond allocation: v%u", reg);
      return 0;
   }
   return w->vgpr[reg * EMU_MAX_LANES + lane];
}

uint32_t
emu_read_vgpr_merge(struct emu_wave *w, unsigned reg, unsigned lane)
{
   return emu_read_vgpr(w, reg, lane);
}

void
emu_write_vgpr(struct emu_wave *w, unsigned reg, unsigned lane, uint32_t value)
{
   if (reg >= w->num_vgprs) {
      emu_fail(w, "register beyond allocation: v%u", reg);
      return;
   }
   w->vgpr[reg * EMU_MAX_LANES + lane] = value;
}

/* this harness has no ABI poison: moves are a read and a write */
void
emu_move_vgpr(struct emu_wave *w, unsigned dst, unsigned src, unsigned lane)
{
   uint32_t v = emu_read_vgpr(w, src, lane);
   if (!w->failed)
      emu_write_vgpr(w, dst, lane, v);
}

void
emu_swap_vgpr(struct emu_wave *w, unsigned a, unsigned b, unsigned lane)
{
   uint32_t va = emu_read_vgpr(w, a, lane), vb = emu_read_vgpr(w, b, lane);
   if (w->failed)
      return;
   emu_write_vgpr(w, a, lane, vb);
   emu_write_vgpr(w, b, lane, va);
}

void
emu_read_lane_inactive(struct emu_wave *w, unsigned dfield, unsigned src)
{
   uint32_t v = emu_read_vgpr(w, src, 0);
   if (!w->failed)
      emu_write_sreg(w, dfield, v);
}

/* nor ABI poison and taint: the byte and poison forms are the plain accessors */
uint32_t
emu_read_vgpr_bytes(struct emu_wave *w, unsigned reg, unsigned lane, unsigned bytes)
{
   (void)bytes;
   return emu_read_vgpr(w, reg, lane);
}

void
emu_write_vgpr_bytes(struct emu_wave *w, unsigned reg, unsigned lane, uint32_t value,
                     unsigned bytes, unsigned poison)
{
   (void)bytes;
   (void)poison;
   emu_write_vgpr(w, reg, lane, value);
}

uint32_t
emu_read_sreg_bytes(struct emu_wave *w, unsigned field, unsigned bytes)
{
   (void)bytes;
   return emu_read_sreg(w, field);
}

void
emu_write_sreg_poison(struct emu_wave *w, unsigned field, uint32_t value, uint32_t poison)
{
   (void)poison;
   emu_write_sreg(w, field, value);
}

unsigned
emu_vgpr_poison(struct emu_wave *w, unsigned reg, unsigned lane)
{
   (void)w, (void)reg, (void)lane;
   return 0;
}

uint32_t
emu_sreg_poison(struct emu_wave *w, unsigned field)
{
   (void)w, (void)field;
   return 0;
}

bool
emu_taint(struct emu_wave *w)
{
   (void)w;
   return false;
}

void
emu_set_taint(struct emu_wave *w, bool taint)
{
   (void)w, (void)taint;
}

bool
emu_check_use(struct emu_wave *w, const char *as)
{
   (void)as;
   return !w->failed;
}

uint32_t
emu_read_operand(struct emu_wave *w, const aco_operand *op, unsigned lane, unsigned dword)
{
   if (op->kind == ACO_OPND_CONST) {
      if (op->bits == 64)
         return (uint32_t)(op->value >> (dword ? 32 : 0));
      return dword ? 0 : (uint32_t)op->value;
   }
   unsigned field = aco_physreg_field(op->reg) + dword;
   if (field >= ACO_REG_VGPR0)
      return emu_read_vgpr(w, field - ACO_REG_VGPR0, lane);
   return emu_read_sreg(w, field);
}

static inline void
t_init(struct twave *t, aco_gfx_level level, unsigned wave_size)
{
   memset(&t->w, 0, sizeof(t->w));
   memset(t->vgpr, 0, sizeof(t->vgpr));
   t->w.gfx = aco_gfx_info(level);
   t->w.level = level;
   t->w.wave_size = wave_size;
   t->w.mode = 0xf0; /* round to nearest, denormals kept */
   t->w.vgpr = t->vgpr;
   t->w.num_vgprs = T_VGPRS;
   t->w.num_sgprs = 106;
   t->w.sgpr[ACO_REG_EXEC_LO] = 0xffffffffu;
   t->w.sgpr[ACO_REG_EXEC_HI] = wave_size == 64 ? 0xffffffffu : 0;
   aco_arena_init(&t->arena, NULL);
   t_fail_msg[0] = 0;
}

static inline void
t_finish(struct twave *t)
{
   aco_arena_finish(&t->arena);
}

static inline void
t_exec(struct twave *t, uint64_t mask)
{
   t->w.sgpr[ACO_REG_EXEC_LO] = (uint32_t)mask;
   t->w.sgpr[ACO_REG_EXEC_HI] = (uint32_t)(mask >> 32);
}

static inline uint32_t *
t_v(struct twave *t, unsigned reg, unsigned lane)
{
   return &t->vgpr[reg * EMU_MAX_LANES + lane];
}

static inline aco_operand
V(unsigned n)
{
   return aco_opnd_reg(aco_vgpr(n), aco_rc_v(1));
}
static inline aco_operand
V2(unsigned n)
{
   return aco_opnd_reg(aco_vgpr(n), aco_rc_v(2));
}
/* the high 16-bit half of a VGPR (GFX11+ true16) */
static inline aco_operand
VH(unsigned n)
{
   return aco_opnd_reg(aco_physreg_make(256 + n, 2), aco_rc_vb(2));
}
static inline aco_operand
S(unsigned n)
{
   return aco_opnd_reg(aco_sgpr(n), aco_rc_s(1));
}
static inline aco_operand
K(uint64_t v)
{
   return aco_opnd_const(v, 32);
}
static inline aco_operand
K64(uint64_t v)
{
   return aco_opnd_const(v, 64);
}
static inline aco_definition
DV(unsigned n)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_vgpr(n));
}
static inline aco_definition
DVH(unsigned n)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_vb(2)), aco_physreg_make(256 + n, 2));
}
static inline aco_definition
DS(unsigned n)
{
   return aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(n));
}

/* An instruction of `op` in encoding `enc` with these operands/definitions; the counts are
 * checked against the opcode's slot map. */
static inline struct aco_minstr *
t_instr(struct twave *t, enum aco_opcode op, unsigned enc, unsigned ndefs,
        const aco_definition *defs, unsigned nops, const aco_operand *ops)
{
   struct aco_minstr *in = aco_minstr_create(&t->arena, op, nops, ndefs);
   assert_non_null(in);
   in->encoding = (uint8_t)enc;
   for (unsigned i = 0; i < nops; i++)
      in->operands[i] = ops[i];
   for (unsigned i = 0; i < ndefs; i++)
      in->definitions[i] = defs[i];
   return in;
}

static inline void
t_run(struct twave *t, const struct aco_minstr *in)
{
   bool ok = emu_valu_execute(&t->w, in);
   if (!ok)
      print_error("emu_valu_execute(%s) failed: %s\n", aco_op_info(in->opcode)->name,
                  t_fail_msg);
   assert_true(ok);
}

/* The lane-mask register (vcc, or s[n] as written by an e64 compare) as 64 bits. */
static inline uint64_t
t_mask(struct twave *t, unsigned field)
{
   uint64_t m = t->w.sgpr[field];
   if (t->w.wave_size == 64)
      m |= (uint64_t)t->w.sgpr[field + 1] << 32;
   return m;
}

static const aco_gfx_level t_levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};

#endif
