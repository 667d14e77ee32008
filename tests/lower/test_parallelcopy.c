/* SPDX-License-Identifier: MIT */
/* Exhaustive tests of parallel-copy sequencing (aco_lower_to_hw on one p_parallelcopy):
 * every assignment of a few destinations to sources among a few registers and constants
 * (cycles, fan-out, identities, SGPR/VGPR mixes, 64-bit pairs, 16-bit halves) is lowered
 * and the result run on a small register-file simulator written here (one lane, SGPRs,
 * VGPRs, SCC): every destination must hold its source's value afterwards and no other
 * register byte may change (nor SCC when it is live). */
#include "emit/emit.h"
#include "lower/lower.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};

/* ---- the simulator ------------------------------------------------------------------- */

struct sim {
   uint32_t s[128];
   uint32_t v[256];
   bool scc;
   char err[256];
};

static uint32_t
hash32(uint32_t x)
{
   x ^= x >> 16;
   x *= 0x7feb352dU;
   x ^= x >> 15;
   x *= 0x846ca68bU;
   x ^= x >> 16;
   return x;
}

static void
sim_init(struct sim *m, uint32_t seed)
{
   for (unsigned i = 0; i < 128; i++)
      m->s[i] = hash32(seed * 1000 + i);
   for (unsigned i = 0; i < 256; i++)
      m->v[i] = hash32(seed * 1000 + 500 + i);
   m->scc = seed & 1;
   m->err[0] = 0;
}

static uint32_t *
sim_reg(struct sim *m, unsigned field)
{
   if (field < 128)
      return &m->s[field];
   if (field >= 256 && field < 512)
      return &m->v[field - 256];
   return NULL;
}

static uint8_t
sim_byte(struct sim *m, unsigned addr)
{
   uint32_t *r = sim_reg(m, addr >> 2);
   return r ? (uint8_t)(*r >> (8 * (addr & 3))) : 0;
}

static bool
sim_fail(struct sim *m, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(m->err, sizeof(m->err), fmt, ap);
   va_end(ap);
   return false;
}

/* dword k of an operand */
static bool
sim_src(struct sim *m, const aco_operand *o, unsigned k, uint32_t *out)
{
   if (o->kind == ACO_OPND_CONST) {
      uint64_t v = o->value;
      if (o->bits == 64 && k == 1)
         *out = (uint32_t)(v >> 32);
      else
         *out = (uint32_t)v;
      return true;
   }
   if (o->kind != ACO_OPND_REG && o->kind != ACO_OPND_TEMP)
      return sim_fail(m, "undefined operand");
   if (aco_physreg_byte(o->reg))
      return sim_fail(m, "operand at a byte offset");
   uint32_t *r = sim_reg(m, aco_physreg_field(o->reg) + k);
   if (!r)
      return sim_fail(m, "operand register %u", aco_physreg_field(o->reg));
   *out = *r;
   return true;
}

static bool
sim_dst(struct sim *m, const struct aco_minstr *in, unsigned k, uint32_t **out)
{
   if (!in->num_definitions || aco_physreg_byte(in->definitions[0].reg))
      return sim_fail(m, "bad definition");
   *out = sim_reg(m, aco_physreg_field(in->definitions[0].reg) + k);
   return *out ? true : sim_fail(m, "definition register");
}

static bool
sim_is_vgpr_opnd(const aco_operand *o)
{
   return o->kind != ACO_OPND_CONST && aco_physreg_is_vgpr(o->reg);
}

static bool
sim_exec(struct sim *m, const struct aco_minstr *in)
{
   uint32_t a = 0, b = 0, c = 0, *d = NULL;
   switch (in->opcode) {
   case aco_op_s_mov_b32:
      if (sim_is_vgpr_opnd(&in->operands[0]))
         return sim_fail(m, "s_mov_b32 from a VGPR");
      if (!sim_src(m, &in->operands[0], 0, &a) || !sim_dst(m, in, 0, &d))
         return false;
      if (aco_physreg_is_vgpr(in->definitions[0].reg))
         return sim_fail(m, "s_mov_b32 to a VGPR");
      *d = a;
      return true;
   case aco_op_s_mov_b64: {
      if (in->operands[0].kind == ACO_OPND_CONST &&
          aco_inline_constant(in->operands[0].value, 64, false) < 0)
         return sim_fail(m, "s_mov_b64 with a 64-bit literal");
      if ((aco_physreg_field(in->definitions[0].reg) & 1) ||
          (in->operands[0].kind != ACO_OPND_CONST && (aco_physreg_field(in->operands[0].reg) & 1)))
         return sim_fail(m, "s_mov_b64 on unaligned pairs");
      uint32_t lo, hi, *dh;
      if (!sim_src(m, &in->operands[0], 0, &lo) || !sim_src(m, &in->operands[0], 1, &hi) ||
          !sim_dst(m, in, 0, &d) || !sim_dst(m, in, 1, &dh))
         return false;
      *d = lo;
      *dh = hi;
      return true;
   }
   case aco_op_s_movk_i32:
      if (!sim_dst(m, in, 0, &d))
         return false;
      *d = (uint32_t)(int32_t)(int16_t)(in->imm & 0xffff);
      return true;
   case aco_op_s_xor_b32:
      if (!sim_src(m, &in->operands[0], 0, &a) || !sim_src(m, &in->operands[1], 0, &b) ||
          !sim_dst(m, in, 0, &d))
         return false;
      *d = a ^ b;
      m->scc = *d != 0;
      return true;
   case aco_op_v_mov_b32:
   case aco_op_v_readfirstlane_b32:
      if (!sim_src(m, &in->operands[0], 0, &a) || !sim_dst(m, in, 0, &d))
         return false;
      if ((in->opcode == aco_op_v_mov_b32) != aco_physreg_is_vgpr(in->definitions[0].reg))
         return sim_fail(m, "destination file");
      if (in->opcode == aco_op_v_readfirstlane_b32 && !sim_is_vgpr_opnd(&in->operands[0]))
         return sim_fail(m, "v_readfirstlane_b32 from an SGPR");
      *d = a;
      return true;
   case aco_op_v_swap_b32: {
      if (!sim_is_vgpr_opnd(&in->operands[0]) ||
          !aco_physreg_is_vgpr(in->definitions[0].reg))
         return sim_fail(m, "v_swap_b32 of non-VGPRs");
      uint32_t *s = sim_reg(m, aco_physreg_field(in->operands[0].reg));
      if (!sim_dst(m, in, 0, &d))
         return false;
      a = *d;
      *d = *s;
      *s = a;
      return true;
   }
   case aco_op_v_and_b32:
   case aco_op_v_or_b32:
      if (!sim_is_vgpr_opnd(&in->operands[1]))
         return sim_fail(m, "VOP2 src1 must be a VGPR");
      if (!sim_src(m, &in->operands[0], 0, &a) || !sim_src(m, &in->operands[1], 0, &b) ||
          !sim_dst(m, in, 0, &d))
         return false;
      *d = in->opcode == aco_op_v_and_b32 ? a & b : a | b;
      return true;
   case aco_op_v_perm_b32: {
      unsigned lits = 0;
      for (unsigned k = 0; k < 3; k++)
         lits += in->operands[k].kind == ACO_OPND_CONST &&
                 aco_inline_constant(in->operands[k].value, 32, false) < 0;
      if (lits > 1)
         return sim_fail(m, "v_perm_b32 with two literals");
      if (!sim_src(m, &in->operands[0], 0, &a) || !sim_src(m, &in->operands[1], 0, &b) ||
          !sim_src(m, &in->operands[2], 0, &c) || !sim_dst(m, in, 0, &d))
         return false;
      uint64_t both = (uint64_t)a << 32 | b; /* src1 is bytes 0..3, src0 bytes 4..7 */
      uint32_t r = 0;
      for (unsigned i = 0; i < 4; i++) {
         unsigned sel = (c >> (8 * i)) & 0xff;
         uint32_t byte;
         if (sel < 8)
            byte = (uint32_t)(both >> (8 * sel)) & 0xff;
         else if (sel == 12)
            byte = 0;
         else if (sel >= 13)
            byte = 0xff;
         else
            return sim_fail(m, "v_perm_b32 sign selector");
         r |= byte << (8 * i);
      }
      *d = r;
      return true;
   }
   case aco_op_v_add_nc_u16:
   case aco_op_v_sub_nc_u16: {
      if (!sim_src(m, &in->operands[0], 0, &a) || !sim_src(m, &in->operands[1], 0, &b) ||
          !sim_dst(m, in, 0, &d))
         return false;
      unsigned os = in->valu.opsel;
      uint16_t x = (uint16_t)(a >> ((os & 1) ? 16 : 0));
      uint16_t y = (uint16_t)(b >> ((os & 2) ? 16 : 0));
      uint16_t r = in->opcode == aco_op_v_add_nc_u16 ? (uint16_t)(x + y) : (uint16_t)(x - y);
      if (os & 8)
         *d = (*d & 0xffffu) | (uint32_t)r << 16;
      else
         *d = (*d & 0xffff0000u) | r;
      return true;
   }
   default:
      return sim_fail(m, "unexpected %s", aco_op_info(in->opcode)->name);
   }
}

/* ---- one case ------------------------------------------------------------------------- */

/* One copy: `bytes` bytes to register byte dst from register byte src, or the constant. */
struct tcopy {
   uint16_t dst, src, bytes;
   bool is_const;
   uint64_t value;
};

struct tcase {
   aco_gfx_level level;
   struct tcopy c[8];
   unsigned n;
   int scratch;   /* scratch SGPR given to the lowering, or -1 */
   bool scc_live; /* an instruction reading SCC follows */
   bool not_entry;
   unsigned may_change; /* 1 + an SGPR the lowering may clobber (unused by the program) */
};

static aco_rc
rc_of(unsigned addr, unsigned bytes)
{
   if (addr >= 1024)
      return (bytes % 4 || addr % 4) ? aco_rc_vb(bytes) : aco_rc_v(bytes / 4);
   return aco_rc_s(bytes / 4);
}

static void
describe(const struct tcase *t, struct aco_mprogram *p, char *buf, size_t size)
{
   size_t len = (size_t)snprintf(buf, size, "%s scratch %d scc_live %d:", aco_gfx_info(t->level)->name,
                                 t->scratch, t->scc_live);
   for (unsigned i = 0; i < t->n && len < size; i++) {
      const struct tcopy *c = &t->c[i];
      if (c->is_const)
         len += (size_t)snprintf(buf + len, size - len, " [%u]%u<-#%llx", c->dst, c->bytes,
                                 (unsigned long long)c->value);
      else
         len += (size_t)snprintf(buf + len, size - len, " [%u]%u<-[%u]", c->dst, c->bytes, c->src);
   }
   if (!p || len >= size)
      return;
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   struct aco_mblock *b = p->blocks.data[0];
   for (uint32_t i = 0; i < b->instrs.len; i++) {
      aco_strbuf_printf(&sb, "\n   ");
      aco_print_asm_instr(p->gfx_level, p->wave_size, b->instrs.data[i], &sb);
   }
   snprintf(buf + len, size - len, "%s", aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
}

static unsigned cases_run, instrs_total;
/* also require every emitted instruction to be encodable on its level (test_encodable) */
static bool check_encoding;

/* Lowers and simulates; returns the lowering's status (ACO_SUCCESS when checked). */
static aco_status
run_case(const struct tcase *t, bool expect_success)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, t->level, 32);
   assert_non_null(p);
   p->is_entry = !t->not_entry;
   struct aco_mblock *b = aco_mprogram_add_block(p);
   assert_non_null(b);
   struct aco_minstr *pc = aco_minstr_create(&p->arena, aco_op_p_parallelcopy, t->n, t->n);
   assert_non_null(pc);
   for (unsigned i = 0; i < t->n; i++) {
      const struct tcopy *c = &t->c[i];
      aco_rc rc = rc_of(c->dst, c->bytes);
      pc->definitions[i] = aco_def_fixed(aco_temp_make(100 + i, rc), (aco_physreg){c->dst});
      if (c->is_const)
         pc->operands[i] = aco_opnd_const(c->value, c->bytes == 8 ? 64 : c->bytes == 2 ? 16 : 32);
      else
         pc->operands[i] = aco_opnd_fixed_temp(aco_temp_make(200 + i, rc_of(c->src, c->bytes)),
                                               (aco_physreg){c->src});
   }
   if (t->scratch >= 0)
      pc->imm = ACO_PC_SCRATCH_SGPR | (unsigned)t->scratch;
   assert_true(aco_vec_push(p->allocator, &b->instrs, pc));
   if (t->scc_live) {
      struct aco_minstr *sel = aco_minstr_create(&p->arena, aco_op_s_cselect_b32, 2, 1);
      assert_non_null(sel);
      sel->definitions[0] = aco_def_fixed(aco_temp_make(99, aco_rc_s(1)), aco_sgpr(100));
      sel->operands[0] = aco_opnd_const(1, 32);
      sel->operands[1] = aco_opnd_const(0, 32);
      assert_true(aco_vec_push(p->allocator, &b->instrs, sel));
   }

   char desc[4096];
   aco_status st = aco_lower_to_hw(p);
   if (st != ACO_SUCCESS) {
      if (expect_success) {
         describe(t, NULL, desc, sizeof(desc));
         fail_msg("lowering failed (%s): %s", p->message, desc);
      }
      aco_mprogram_destroy(p);
      return st;
   }

   struct sim m, init;
   sim_init(&m, cases_run + 1);
   init = m;
   uint32_t n = b->instrs.len;
   for (uint32_t i = 0; i < n; i++) {
      const struct aco_minstr *in = b->instrs.data[i];
      if (in->opcode == aco_op_s_cselect_b32) {
         assert_true(t->scc_live);
         assert_int_equal(i, n - 1);
         n = i;
         break;
      }
      uint32_t words[ACO_MAX_INSTR_DWORDS];
      if (check_encoding && !aco_encode_instr(p->gfx_level, p->wave_size, in, words)) {
         describe(t, p, desc, sizeof(desc));
         fail_msg("instruction %u cannot be encoded\n%s", i, desc);
      }
      if (!sim_exec(&m, in)) {
         describe(t, p, desc, sizeof(desc));
         fail_msg("instruction %u: %s\n%s", i, m.err, desc);
      }
   }
   instrs_total += n;

   /* expected register file: initial bytes, destinations from their sources */
   struct sim want = init;
   for (unsigned i = 0; i < t->n; i++) {
      const struct tcopy *c = &t->c[i];
      for (unsigned k = 0; k < c->bytes; k++) {
         uint8_t v = c->is_const ? (uint8_t)(c->value >> (8 * k)) : sim_byte(&init, c->src + k);
         uint32_t *r = sim_reg(&want, (c->dst + k) >> 2);
         unsigned sh = 8 * ((c->dst + k) & 3);
         *r = (*r & ~(0xffu << sh)) | (uint32_t)v << sh;
      }
   }
   if (t->scratch >= 0)
      want.s[t->scratch] = m.s[t->scratch];
   if (t->may_change)
      want.s[t->may_change - 1] = m.s[t->may_change - 1];
   if (t->scc_live && t->scratch < 0) {
      /* the lowering may swap through the lowest SGPR the program does not mention */
      bool used[128] = {false};
      used[100] = true;
      for (unsigned i = 0; i < t->n; i++) {
         for (unsigned k = 0; k < t->c[i].bytes; k++) {
            if (t->c[i].dst + k < 512)
               used[(t->c[i].dst + k) / 4] = true;
            if (!t->c[i].is_const && t->c[i].src + k < 512)
               used[(t->c[i].src + k) / 4] = true;
         }
      }
      unsigned f = 0;
      while (used[f])
         f++;
      want.s[f] = m.s[f];
   }
   {
      /* bytes trading places go through the lowest VGPR the program does not mention */
      bool used[256] = {false};
      for (unsigned i = 0; i < t->n; i++) {
         for (unsigned k = 0; k < t->c[i].bytes; k++) {
            if (t->c[i].dst + k >= 1024)
               used[(t->c[i].dst + k) / 4 - 256] = true;
            if (!t->c[i].is_const && t->c[i].src + k >= 1024)
               used[(t->c[i].src + k) / 4 - 256] = true;
         }
      }
      unsigned f = 0;
      while (f < 255 && used[f])
         f++;
      want.v[f] = m.v[f];
   }
   for (unsigned addr = 0; addr < 512 * 4; addr++) {
      if (!sim_reg(&m, addr >> 2))
         continue;
      if (sim_byte(&m, addr) != sim_byte(&want, addr)) {
         describe(t, p, desc, sizeof(desc));
         fail_msg("register byte %u (%s%u byte %u) is %02x, expected %02x (initially %02x)\n%s",
                  addr, addr >= 1024 ? "v" : "s", (addr >> 2) - (addr >= 1024 ? 256 : 0),
                  addr & 3, sim_byte(&m, addr), sim_byte(&want, addr), sim_byte(&init, addr),
                  desc);
      }
   }
   if (t->scc_live && m.scc != init.scc) {
      describe(t, p, desc, sizeof(desc));
      fail_msg("SCC changed while live\n%s", desc);
   }
   cases_run++;
   aco_mprogram_destroy(p);
   return ACO_SUCCESS;
}

/* ---- enumerations ------------------------------------------------------------------------ */

/* Every assignment of `ndst` destination slots to {no copy, one of the source slots, each
 * constant}, slots of `bytes` bytes at the given register byte addresses. */
static void
enumerate(aco_gfx_level level, const uint16_t *dst, unsigned ndst, const uint16_t *src,
          unsigned nsrc, const uint64_t *consts, unsigned nconst, unsigned bytes, int scratch,
          bool scc_live, bool (*allowed)(uint16_t d, uint16_t s, bool is_const))
{
   unsigned choices = 1 + nsrc + nconst, total = 1;
   for (unsigned i = 0; i < ndst; i++)
      total *= choices;
   for (unsigned code = 0; code < total; code++) {
      struct tcase t = {level, {{0}}, 0, scratch, scc_live, false, 0};
      unsigned x = code;
      bool ok = true;
      for (unsigned i = 0; i < ndst; i++) {
         unsigned ch = x % choices;
         x /= choices;
         if (!ch)
            continue;
         struct tcopy *c = &t.c[t.n++];
         c->dst = dst[i];
         c->bytes = (uint16_t)bytes;
         if (ch <= nsrc) {
            c->src = src[ch - 1];
         } else {
            c->is_const = true;
            c->value = consts[ch - 1 - nsrc];
         }
         if (allowed && !allowed(c->dst, c->src, c->is_const))
            ok = false;
      }
      if (ok)
         run_case(&t, true);
   }
}

#define S(n) ((uint16_t)((n) * 4))
#define V(n) ((uint16_t)((256 + (n)) * 4))

static void
test_vgpr32(void **state)
{
   const uint16_t regs[] = {V(0), V(1), V(2), V(3)};
   const uint64_t consts[] = {0x3f800000, 7};
   unsigned before = cases_run;
   for (unsigned l = 0; l < 3; l++)
      enumerate(levels[l], regs, 4, regs, 4, consts, 2, 4, -1, false, NULL);
   assert_int_equal(cases_run - before, 3 * 7 * 7 * 7 * 7);
}

static void
test_sgpr32(void **state)
{
   const uint16_t regs[] = {S(0), S(1), S(2), S(3)};
   const uint64_t consts[] = {0x12345678, 0xffff8000, 0xfffffff0};
   for (unsigned l = 0; l < 3; l++) {
      enumerate(levels[l], regs, 4, regs, 4, consts, 3, 4, -1, false, NULL);
      /* with a scratch SGPR, SCC is preserved even when live */
      enumerate(levels[l], regs, 4, regs, 4, consts, 3, 4, 10, true, NULL);
   }
}

static void
test_sgpr_swap_scc_live(void **state)
{
   /* SGPR swaps while SCC is live: through the lowest SGPR the program never mentions (s2
    * here: s0, s1 and s100 are used), in an entry and in a called function (whose
    * register saves cover it if its ABI preserves it) */
   struct tcase t = {ACO_GFX1100, {{S(0), S(1), 4, false, 0}, {S(1), S(0), 4, false, 0}}, 2,
                     -1, true, false, 0};
   assert_int_equal(run_case(&t, true), ACO_SUCCESS);
   t.not_entry = true;
   assert_int_equal(run_case(&t, true), ACO_SUCCESS);
   /* a chain needs no swap: SCC survives */
   struct tcase u = {ACO_GFX1100, {{S(0), S(1), 4, false, 0}, {S(1), S(2), 4, false, 0}}, 2,
                     -1, true, true, 0};
   assert_int_equal(run_case(&u, true), ACO_SUCCESS);
   /* every SGPR assignment among s0..s3 with SCC live, in an entry */
   const uint16_t regs[] = {S(0), S(1), S(2), S(3)};
   const uint64_t consts[] = {0x12345678};
   enumerate(ACO_GFX1030, regs, 4, regs, 4, consts, 1, 4, -1, true, NULL);
}

static bool
sgpr_from_sgpr(uint16_t d, uint16_t s, bool is_const)
{
   return is_const || d >= 1024 || s < 1024;
}

static void
test_mixed(void **state)
{
   /* VGPRs take SGPRs, VGPRs or constants; SGPRs take SGPRs or constants */
   const uint16_t regs[] = {V(0), V(1), S(0), S(1), V(2)};
   const uint64_t consts[] = {0xabcdef01};
   for (unsigned l = 0; l < 3; l++)
      enumerate(levels[l], regs, 5, regs, 5, consts, 1, 4, -1, false, sgpr_from_sgpr);
}

static void
test_vgpr_to_sgpr(void **state)
{
   /* readfirstlane as a copy (uniform VGPR values) */
   struct tcase t = {ACO_GFX1030, {{S(0), V(0), 4, false, 0}, {V(0), V(1), 4, false, 0}}, 2,
                     -1, false, false, 0};
   assert_int_equal(run_case(&t, true), ACO_SUCCESS);
}

static void
test_pairs64(void **state)
{
   /* 64-bit copies between aligned and unaligned pairs, and 64-bit constants */
   const uint16_t sdst[] = {S(0), S(2), S(4)};
   const uint16_t ssrc[] = {S(0), S(1), S(2), S(3), S(4)};
   const uint16_t vdst[] = {V(0), V(2), V(4)};
   const uint16_t vsrc[] = {V(0), V(1), V(2), V(3), V(4)};
   const uint64_t consts[] = {0xfffffffffffffff0ull, 0x100000000ull, 40};
   for (unsigned l = 0; l < 3; l++) {
      enumerate(levels[l], sdst, 3, ssrc, 5, consts, 3, 8, -1, false, NULL);
      enumerate(levels[l], vdst, 3, vsrc, 5, consts, 3, 8, -1, false, NULL);
   }
}

static void
test_halves(void **state)
{
   /* 16-bit halves of three VGPRs: every assignment of five destination halves */
   const uint16_t dst[] = {V(0), V(0) + 2, V(1), V(1) + 2, V(2)};
   const uint16_t src[] = {V(0), V(0) + 2, V(1), V(1) + 2, V(2), V(2) + 2, S(5) + 2};
   const uint64_t consts[] = {0x3c00};
   for (unsigned l = 0; l < 3; l++)
      enumerate(levels[l], dst, 5, src, 7, consts, 1, 2, -1, false, NULL);
}

static void
test_halves_and_dwords(void **state)
{
   /* whole dwords and halves in one copy */
   const uint16_t dst[] = {V(0), V(1) + 2, V(2)};
   const uint16_t src[] = {V(0), V(1), V(2), V(1) + 2, V(0) + 2};
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned code = 0; code < 6 * 6 * 6; code++) {
         struct tcase t = {levels[l], {{0}}, 0, -1, false, false, 0};
         unsigned x = code;
         bool ok = true;
         for (unsigned i = 0; i < 3; i++) {
            unsigned ch = x % 6;
            x /= 6;
            if (!ch)
               continue;
            unsigned bytes = i == 1 ? 2 : 4;
            uint16_t s = src[ch - 1];
            if (bytes == 4 && (s & 3))
               ok = false;
            t.c[t.n++] = (struct tcopy){dst[i], s, (uint16_t)bytes, false, 0};
         }
         if (ok)
            run_case(&t, true);
      }
   }
}

static void
test_bytes(void **state)
{
   /* single bytes without cycles: every assignment of the bytes of v0 from bytes of v1 */
   for (unsigned code = 0; code < 5 * 5 * 5 * 5; code++) {
      struct tcase t = {ACO_GFX1100, {{0}}, 0, -1, false, false, 0};
      unsigned x = code;
      for (unsigned i = 0; i < 4; i++) {
         unsigned ch = x % 5;
         x /= 5;
         if (ch)
            t.c[t.n++] = (struct tcopy){(uint16_t)(V(0) + i), (uint16_t)(V(1) + ch - 1), 1, false, 0};
      }
      run_case(&t, true);
   }
   /* a byte swap between two VGPRs goes through a free VGPR, in an entry and in a called
    * function alike */
   struct tcase s = {ACO_GFX1100, {{V(0) + 1, V(1) + 1, 1, false, 0}, {V(1) + 1, V(0) + 1, 1, false, 0}},
                     2, -1, false, false, 0};
   assert_int_equal(run_case(&s, true), ACO_SUCCESS);
   s.not_entry = true;
   assert_int_equal(run_case(&s, true), ACO_SUCCESS);
   /* random permutations of the 8 bytes of v0 and v1, and of 12 bytes of v0..v2 with some
    * bytes left in place, on every level */
   uint32_t seed = 1;
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned it = 0; it < 3000; it++) {
         unsigned nb = it & 1 ? 12 : 8;
         uint16_t perm[12];
         for (unsigned i = 0; i < nb; i++)
            perm[i] = (uint16_t)i;
         for (unsigned i = nb - 1; i > 0; i--) {
            seed = seed * 1103515245u + 12345u;
            unsigned j = (seed >> 8) % (i + 1);
            uint16_t tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
         }
         struct tcase t = {levels[l], {{0}}, 0, -1, false, false, 0};
         for (unsigned i = 0; i < nb && t.n < 8; i++) {
            if (perm[i] == i)
               continue;
            t.c[t.n++] = (struct tcopy){(uint16_t)(V(0) + i), (uint16_t)(V(0) + perm[i]), 1, false, 0};
         }
         /* with fewer than 8 copies, the rest stays: the result is then not a permutation,
          * but still a valid parallel copy (each destination written once) */
         run_case(&t, true);
      }
   }
}

static void
test_errors(void **state)
{
   /* two copies into one register */
   struct tcase t = {ACO_GFX1030, {{V(0), V(1), 4, false, 0}, {V(0), V(2), 4, false, 0}}, 2, -1, false, false, 0};
   assert_int_equal(run_case(&t, false), ACO_ERROR_INVALID_IR);
}

static void
test_encodable(void **state)
{
   /* the same enumerations again, every emitted instruction through the assembler */
   check_encoding = true;
   test_vgpr32(state);
   test_sgpr32(state);
   test_mixed(state);
   test_pairs64(state);
   test_halves_and_dwords(state);
   test_bytes(state);
   check_encoding = false;
}

static void
test_summary(void **state)
{
   printf("parallel copies checked: %u, instructions simulated: %u\n", cases_run, instrs_total);
   assert_true(cases_run > 100000);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vgpr32),       cmocka_unit_test(test_sgpr32),
      cmocka_unit_test(test_sgpr_swap_scc_live), cmocka_unit_test(test_mixed),
      cmocka_unit_test(test_vgpr_to_sgpr), cmocka_unit_test(test_pairs64),
      cmocka_unit_test(test_halves),       cmocka_unit_test(test_halves_and_dwords),
      cmocka_unit_test(test_bytes),        cmocka_unit_test(test_errors),
      cmocka_unit_test(test_encodable),
      cmocka_unit_test(test_summary),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
