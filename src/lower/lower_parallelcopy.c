/* SPDX-License-Identifier: MIT */
/* Sequencing of a parallel copy (all destinations take their sources' values at once)
 * into hardware moves and swaps.
 *
 * The copy is cut into byte copies (destination byte <- source byte or constant byte):
 * every register byte is written by at most one of them, so the byte-transfer graph has
 * in-degree <= 1 and is a set of trees hanging off disjoint cycles. A byte copy is ready
 * when no pending copy still reads its destination. Ready copies are emitted grouped by
 * (destination dword, source dword), so one instruction writes each group:
 *   whole dwords   s_mov_b32 / s_mov_b64 (aligned pairs, both ready) / s_movk_i32,
 *                  v_mov_b32, v_readfirstlane_b32 (VGPR -> SGPR)
 *   part of a VGPR v_perm_b32 dst, dst, src, sel (bytes 0..3 of the selection come from
 *                  src1, 4..7 from src0 = dst itself, so unwritten bytes are kept);
 *                  constants: v_and_b32 then v_or_b32 with the shifted constant.
 * A copy into exec waits until every VGPR copy is done: those run under the exec mask the
 * parallel copy starts with.
 * When nothing is ready, every pending copy lies on a cycle of register bytes (each
 * pending destination is read exactly once, only by pending copies), so swapping two
 * locations loses nothing. A cycle inside one dword is a single ready group (v_perm_b32
 * reads before it writes), so one step takes a pending copy between two dwords and swaps
 * its destination with its source: whole dwords with v_swap_b32, or three s_xor_b32 (three
 * s_mov_b32 through a scratch SGPR when given), 16-bit halves with v_add_nc_u16 /
 * v_sub_nc_u16 and op_sel (d += s; s = d - s; d -= s: each writes one half and keeps the
 * other). That completes those bytes; the other pending copies then read the swapped
 * values from their new places. Each step completes at least one byte copy, so the loop
 * ends. Single bytes cannot trade places between two VGPRs without a masked byte
 * operation: they go through a free VGPR t (t = d; d = perm(d, s); s = perm(s, t)) when
 * the caller has one, and are refused (ACO_ERROR_UNSUPPORTED) otherwise.
 *
 * Cost: a table from register byte to the copy writing it makes a group O(1); a pass over
 * the pending copies emits every ready group, so the work is O(copies x chain length)
 * plus O(copies) per swap. */
#include "lower/lower.h"

#include <string.h>

#define PC_BYTES (512 * 4) /* SGPR fields 0..255 and VGPRs 256..511, in bytes */

struct pc_byte {
   uint16_t dst, src;
   uint8_t cval;
   bool is_const, done;
};

struct pc_ctx {
   struct aco_mprogram *p;
   aco_instr_list *out;
   struct pc_byte *c;
   uint32_t n, pending, cap;
   uint32_t pending_vgpr; /* pending copies into VGPRs (they run under the old exec) */
   int scratch_sgpr, scratch_vgpr;
   bool scc_live;
   /* pending copies reading each register byte, and 1 + the index of the copy writing
    * it: all zero between calls */
   uint16_t readers[PC_BYTES];
   uint16_t writer[PC_BYTES];
};

struct aco_copy_state {
   struct pc_ctx ctx;
};

static bool
is_vgpr_field(unsigned field)
{
   return field >= 256;
}

static aco_operand
reg_opnd(unsigned field, unsigned dwords)
{
   aco_rc rc = is_vgpr_field(field) ? aco_rc_v(dwords) : aco_rc_s(dwords);
   return aco_opnd_reg(aco_physreg_make(field, 0), rc);
}

static aco_definition
reg_def(unsigned field, unsigned dwords)
{
   aco_rc rc = is_vgpr_field(field) ? aco_rc_v(dwords) : aco_rc_s(dwords);
   return aco_def_fixed(aco_temp_make(0, rc), aco_physreg_make(field, 0));
}

static struct aco_minstr *
emit(struct pc_ctx *ctx, enum aco_opcode op, unsigned nops, unsigned ndefs)
{
   struct aco_minstr *in = aco_minstr_create(&ctx->p->arena, op, nops, ndefs);
   if (!in || !aco_vec_push(ctx->p->allocator, ctx->out, in))
      return NULL;
   return in;
}

static aco_status
oom(struct pc_ctx *ctx)
{
   return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY,
                             "lower_to_hw: out of memory lowering a parallel copy");
}

/* dst = src (one operand, one definition). */
static aco_status
emit_mov(struct pc_ctx *ctx, enum aco_opcode op, aco_definition d, aco_operand s)
{
   struct aco_minstr *in = emit(ctx, op, 1, 1);
   if (!in)
      return oom(ctx);
   in->definitions[0] = d;
   in->operands[0] = s;
   return ACO_SUCCESS;
}

static aco_status
emit_sgpr_const(struct pc_ctx *ctx, unsigned field, uint32_t v)
{
   if (aco_inline_constant(v, 32, false) < 0 && (int32_t)v >= -32768 && (int32_t)v <= 32767) {
      struct aco_minstr *in = emit(ctx, aco_op_s_movk_i32, 0, 1);
      if (!in)
         return oom(ctx);
      in->definitions[0] = reg_def(field, 1);
      in->imm = v & 0xffff;
      return ACO_SUCCESS;
   }
   return emit_mov(ctx, aco_op_s_mov_b32, reg_def(field, 1), aco_opnd_const(v, 32));
}

static void
finish_copy(struct pc_ctx *ctx, struct pc_byte *b)
{
   b->done = true;
   ctx->pending--;
   if (b->dst >= ACO_REG_VGPR0 * 4)
      ctx->pending_vgpr--;
   if (!b->is_const)
      ctx->readers[b->src]--;
}

/* The pending copies writing dword `dfield` from the same source dword (or constant) as
 * copy `first`, at most 4. */
static unsigned
collect_group(struct pc_ctx *ctx, uint32_t first, uint32_t *g)
{
   struct pc_byte *f = &ctx->c[first];
   unsigned n = 0, base = f->dst & ~3u;
   for (unsigned k = 0; k < 4; k++) {
      unsigned w = ctx->writer[base + k];
      if (!w)
         continue;
      struct pc_byte *b = &ctx->c[w - 1];
      if (b->done || b->is_const != f->is_const)
         continue;
      if (!b->is_const && b->src >> 2 != f->src >> 2)
         continue;
      g[n++] = w - 1;
   }
   return n;
}

/* Removes from g[] the copies whose destination is still read by a pending copy outside
 * g[]; returns the new count. */
static unsigned
ready_subset(struct pc_ctx *ctx, uint32_t *g, unsigned n)
{
   bool changed = true;
   while (changed && n) {
      changed = false;
      for (unsigned k = 0; k < n; k++) {
         unsigned inside = 0;
         for (unsigned m = 0; m < n; m++)
            if (!ctx->c[g[m]].is_const && ctx->c[g[m]].src == ctx->c[g[k]].dst)
               inside++;
         if (ctx->readers[ctx->c[g[k]].dst] > inside) {
            g[k] = g[--n];
            changed = true;
            break;
         }
      }
   }
   return n;
}

/* A whole pending group for dword `field` copying dword `sfield` in order (or the
 * constant), all ready; its constant in *v. */
static bool
whole_ready_group(struct pc_ctx *ctx, unsigned field, bool is_const, unsigned sfield,
                  uint32_t *v, uint32_t *g)
{
   *v = 0;
   for (unsigned k = 0; k < 4; k++) {
      unsigned w = ctx->writer[field * 4 + k];
      if (!w || ctx->c[w - 1].done)
         return false;
      struct pc_byte *b = &ctx->c[w - 1];
      if (b->is_const != is_const || (!is_const && b->src != sfield * 4 + k))
         return false;
      *v |= (uint32_t)b->cval << (8 * k);
      g[k] = w - 1;
   }
   return ready_subset(ctx, g, 4) == 4;
}

static bool
group_is_whole(struct pc_ctx *ctx, const uint32_t *g, unsigned n)
{
   if (n != 4)
      return false;
   for (unsigned k = 0; k < n; k++)
      if (!ctx->c[g[k]].is_const && (ctx->c[g[k]].src & 3) != (ctx->c[g[k]].dst & 3))
         return false;
   return true;
}

/* Whether a pending copy writes register byte r. */
static bool
is_pending_dst(struct pc_ctx *ctx, unsigned r)
{
   return ctx->writer[r] && !ctx->c[ctx->writer[r] - 1].done;
}

static aco_status
emit_group(struct pc_ctx *ctx, uint32_t *g, unsigned n)
{
   struct pc_byte *f = &ctx->c[g[0]];
   unsigned dfield = f->dst >> 2, sfield = f->src >> 2;
   unsigned wmask = 0, sel = 0, identity = 1;
   uint32_t cval = 0;
   for (unsigned k = 0; k < n; k++) {
      struct pc_byte *b = &ctx->c[g[k]];
      unsigned i = b->dst & 3;
      wmask |= 1u << i;
      cval |= (uint32_t)b->cval << (8 * i);
      sel |= (b->src & 3u) << (8 * i);
      if (!b->is_const && (b->src & 3) != i)
         identity = 0;
   }
   for (unsigned i = 0; i < 4; i++)
      if (!(wmask & (1u << i)))
         sel |= (4u + i) << (8 * i);
   bool whole = wmask == 0xf && identity;
   aco_status st = ACO_SUCCESS;

   if (!is_vgpr_field(dfield)) {
      if (!whole)
         return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED,
                                   "lower_to_hw: parallel copy writes part of SGPR %u", dfield);
      /* an aligned pair whose other half is ready too: one 64-bit move */
      uint32_t g2[4], v2;
      if (!(dfield & 1) && (f->is_const || (!is_vgpr_field(sfield) && !(sfield & 1))) &&
          whole_ready_group(ctx, dfield + 1, f->is_const, sfield + 1, &v2, g2)) {
         uint64_t v64 = (uint64_t)v2 << 32 | cval;
         if (!f->is_const || aco_inline_constant(v64, 64, false) >= 0) {
            aco_operand s = f->is_const ? aco_opnd_const(v64, 64) : reg_opnd(sfield, 2);
            st = emit_mov(ctx, aco_op_s_mov_b64, reg_def(dfield, 2), s);
            for (unsigned k = 0; k < 4; k++)
               finish_copy(ctx, &ctx->c[g2[k]]);
            goto done;
         }
      }
      if (f->is_const)
         st = emit_sgpr_const(ctx, dfield, cval);
      else if (is_vgpr_field(sfield))
         st = emit_mov(ctx, aco_op_v_readfirstlane_b32, reg_def(dfield, 1), reg_opnd(sfield, 1));
      else
         st = emit_mov(ctx, aco_op_s_mov_b32, reg_def(dfield, 1), reg_opnd(sfield, 1));
      goto done;
   }

   if (whole) {
      aco_operand s = f->is_const ? aco_opnd_const(cval, 32) : reg_opnd(sfield, 1);
      st = emit_mov(ctx, aco_op_v_mov_b32, reg_def(dfield, 1), s);
   } else if (f->is_const) {
      uint32_t keep = 0;
      for (unsigned i = 0; i < 4; i++)
         if (!(wmask & (1u << i)))
            keep |= 0xffu << (8 * i);
      struct aco_minstr *in = emit(ctx, aco_op_v_and_b32, 2, 1);
      if (!in)
         return oom(ctx);
      in->definitions[0] = reg_def(dfield, 1);
      in->operands[0] = aco_opnd_const(keep, 32);
      in->operands[1] = reg_opnd(dfield, 1);
      if (cval) {
         if (!(in = emit(ctx, aco_op_v_or_b32, 2, 1)))
            return oom(ctx);
         in->definitions[0] = reg_def(dfield, 1);
         in->operands[0] = aco_opnd_const(cval, 32);
         in->operands[1] = reg_opnd(dfield, 1);
      }
   } else {
      struct aco_minstr *in = emit(ctx, aco_op_v_perm_b32, 3, 1);
      if (!in)
         return oom(ctx);
      in->definitions[0] = reg_def(dfield, 1);
      in->operands[0] = reg_opnd(dfield, 1);
      in->operands[1] = reg_opnd(sfield, 1);
      in->operands[2] = aco_opnd_const(sel, 32);
   }
done:
   for (unsigned k = 0; k < n; k++)
      finish_copy(ctx, &ctx->c[g[k]]);
   return st;
}

/* After the bytes at x[k] and y[k] traded places, pending copies read them from there. */
static void
rename_sources(struct pc_ctx *ctx, const uint16_t *x, const uint16_t *y, unsigned count)
{
   for (uint32_t i = 0; i < ctx->n; i++) {
      struct pc_byte *b = &ctx->c[i];
      if (b->done || b->is_const)
         continue;
      for (unsigned k = 0; k < count; k++) {
         if (b->src == x[k]) {
            b->src = y[k];
            break;
         }
         if (b->src == y[k]) {
            b->src = x[k];
            break;
         }
      }
   }
   for (unsigned k = 0; k < count; k++) {
      uint16_t t = ctx->readers[x[k]];
      ctx->readers[x[k]] = ctx->readers[y[k]];
      ctx->readers[y[k]] = t;
   }
   for (uint32_t i = 0; i < ctx->n; i++) {
      struct pc_byte *b = &ctx->c[i];
      if (!b->done && !b->is_const && b->src == b->dst)
         finish_copy(ctx, b);
   }
}

static aco_status
emit_swap_sgpr(struct pc_ctx *ctx, unsigned d, unsigned s)
{
   if (ctx->scratch_sgpr >= 0) {
      unsigned t = (unsigned)ctx->scratch_sgpr;
      if (t + 1 > ctx->p->config.num_sgprs)
         ctx->p->config.num_sgprs = (uint16_t)(t + 1);
      aco_status st = emit_mov(ctx, aco_op_s_mov_b32, reg_def(t, 1), reg_opnd(d, 1));
      if (st == ACO_SUCCESS)
         st = emit_mov(ctx, aco_op_s_mov_b32, reg_def(d, 1), reg_opnd(s, 1));
      if (st == ACO_SUCCESS)
         st = emit_mov(ctx, aco_op_s_mov_b32, reg_def(s, 1), reg_opnd(t, 1));
      return st;
   }
   if (ctx->scc_live)
      return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED,
                                "lower_to_hw: swapping s%u and s%u would clobber live SCC "
                                "(no scratch SGPR given)", d, s);
   unsigned seq[3][2] = {{d, s}, {s, d}, {d, s}};
   for (unsigned k = 0; k < 3; k++) {
      struct aco_minstr *in = emit(ctx, aco_op_s_xor_b32, 2, 1);
      if (!in)
         return oom(ctx);
      in->definitions[0] = reg_def(seq[k][0], 1);
      in->operands[0] = reg_opnd(seq[k][0], 1);
      in->operands[1] = reg_opnd(seq[k][1], 1);
   }
   return ACO_SUCCESS;
}

/* 16-bit halves (d, hd) and (s, hs) trade values: d += s; s = d - s; d -= s (mod 2^16). */
static aco_status
emit_swap_half(struct pc_ctx *ctx, unsigned d, unsigned hd, unsigned s, unsigned hs)
{
   static const struct {
      bool sub, to_s;
   } seq[3] = {{false, false}, {true, true}, {true, false}};
   for (unsigned k = 0; k < 3; k++) {
      struct aco_minstr *in =
         emit(ctx, seq[k].sub ? aco_op_v_sub_nc_u16 : aco_op_v_add_nc_u16, 2, 1);
      if (!in)
         return oom(ctx);
      unsigned w = seq[k].to_s ? s : d, hw = seq[k].to_s ? hs : hd;
      in->definitions[0] = reg_def(w, 1);
      in->operands[0] = reg_opnd(d, 1);
      in->operands[1] = reg_opnd(s, 1);
      in->valu.opsel = (uint8_t)(hd | hs << 1 | hw << 3);
   }
   return ACO_SUCCESS;
}

static aco_status
no_ready_move(struct pc_ctx *ctx, const struct pc_byte *b)
{
   return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED,
                             "lower_to_hw: parallel copy without a ready move "
                             "(register byte %u <- %u)", b->dst, b->src);
}

static aco_status
swap_step(struct pc_ctx *ctx)
{
   /* a copy between two different dwords (a cycle within one dword is one ready group),
    * preferably starting a 16-bit half */
   uint32_t first = ctx->n;
   for (uint32_t i = 0; i < ctx->n; i++) {
      struct pc_byte *b = &ctx->c[i];
      if (b->done || b->is_const || b->dst >> 2 == b->src >> 2)
         continue;
      if (first == ctx->n || ((ctx->c[first].dst & 1) && !(b->dst & 1)))
         first = i;
   }
   if (first == ctx->n)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "lower_to_hw: parallel copy without a ready move");
   uint32_t g[4];
   unsigned n = collect_group(ctx, first, g);
   struct pc_byte *f = &ctx->c[first];
   unsigned dfield = f->dst >> 2, sfield = f->src >> 2;
   bool whole = n == 4;
   for (unsigned k = 0; k < n; k++)
      if ((ctx->c[g[k]].src & 3) != (ctx->c[g[k]].dst & 3))
         whole = false;
   uint16_t x[4], y[4];
   aco_status st;
   if (f->is_const || dfield == sfield)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "lower_to_hw: parallel copy without a ready move");
   /* only bytes on a cycle may trade places: each must be written by a pending copy */
   if (whole && is_vgpr_field(dfield) == is_vgpr_field(sfield)) {
      for (unsigned k = 0; k < 4; k++)
         if (!is_pending_dst(ctx, sfield * 4 + k))
            return no_ready_move(ctx, f);
      if (is_vgpr_field(dfield))
         st = emit_mov(ctx, aco_op_v_swap_b32, reg_def(dfield, 1), reg_opnd(sfield, 1));
      else
         st = emit_swap_sgpr(ctx, dfield, sfield);
      for (unsigned k = 0; k < 4; k++) {
         x[k] = (uint16_t)(dfield * 4 + k);
         y[k] = (uint16_t)(sfield * 4 + k);
      }
      if (st == ACO_SUCCESS)
         rename_sources(ctx, x, y, 4);
      return st;
   }
   if (!is_vgpr_field(dfield) || !is_vgpr_field(sfield))
      return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED,
                                "lower_to_hw: parallel copy needs a swap of part of an SGPR "
                                "or between SGPRs and VGPRs (register byte %u <- %u)",
                                f->dst, f->src);
   /* one 16-bit half of VGPRs at a time */
   unsigned db = f->dst & 3, sb = f->src & 3;
   bool pair = false;
   for (unsigned k = 0; k < n; k++)
      if (ctx->c[g[k]].dst == f->dst + 1 && ctx->c[g[k]].src == f->src + 1)
         pair = true;
   if (!(db & 1) && !(sb & 1) && pair) {
      if (!is_pending_dst(ctx, f->src) || !is_pending_dst(ctx, f->src + 1u))
         return no_ready_move(ctx, f);
      st = emit_swap_half(ctx, dfield, db >> 1, sfield, sb >> 1);
      x[0] = f->dst;
      x[1] = (uint16_t)(f->dst + 1);
      y[0] = f->src;
      y[1] = (uint16_t)(f->src + 1);
      if (st == ACO_SUCCESS)
         rename_sources(ctx, x, y, 2);
      return st;
   }
   /* single bytes: through a free VGPR t (t = d; d = perm(d, s); s = perm(s, t)) */
   if (ctx->scratch_vgpr < 0)
      return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED,
                                "lower_to_hw: parallel copy needs a byte-granular swap and "
                                "no VGPR is free (register byte %u <- %u)", f->dst, f->src);
   unsigned t = (unsigned)ctx->scratch_vgpr;
   uint32_t sel_d = 0, sel_s = 0;
   unsigned wd = 0, ws = 0;
   for (unsigned k = 0; k < n; k++) {
      struct pc_byte *b = &ctx->c[g[k]];
      if (!is_pending_dst(ctx, b->src))
         return no_ready_move(ctx, b);
      unsigned i = b->dst & 3, j = b->src & 3;
      sel_d |= j << (8 * i); /* d.i <- s.j (src1 = s) */
      sel_s |= i << (8 * j); /* s.j <- old d.i (src1 = t) */
      wd |= 1u << i;
      ws |= 1u << j;
      x[k] = b->dst;
      y[k] = b->src;
   }
   for (unsigned i = 0; i < 4; i++) {
      if (!(wd & (1u << i)))
         sel_d |= (4u + i) << (8 * i);
      if (!(ws & (1u << i)))
         sel_s |= (4u + i) << (8 * i);
   }
   if (t + 1 > 256u + ctx->p->config.num_vgprs)
      ctx->p->config.num_vgprs = (uint16_t)(t - 256 + 1);
   st = emit_mov(ctx, aco_op_v_mov_b32, reg_def(t, 1), reg_opnd(dfield, 1));
   struct aco_minstr *in;
   if (st == ACO_SUCCESS && !(in = emit(ctx, aco_op_v_perm_b32, 3, 1)))
      st = oom(ctx);
   if (st == ACO_SUCCESS) {
      in->definitions[0] = reg_def(dfield, 1);
      in->operands[0] = reg_opnd(dfield, 1);
      in->operands[1] = reg_opnd(sfield, 1);
      in->operands[2] = aco_opnd_const(sel_d, 32);
      if (!(in = emit(ctx, aco_op_v_perm_b32, 3, 1)))
         st = oom(ctx);
   }
   if (st == ACO_SUCCESS) {
      in->definitions[0] = reg_def(sfield, 1);
      in->operands[0] = reg_opnd(sfield, 1);
      in->operands[1] = reg_opnd(t, 1);
      in->operands[2] = aco_opnd_const(sel_s, 32);
      rename_sources(ctx, x, y, n);
   }
   return st;
}

/* Cuts the copies into byte copies (in the order given) and emits them. */
static aco_status
sequence(struct pc_ctx *ctx, const struct aco_copy *copies, unsigned count)
{
   struct aco_mprogram *p = ctx->p;
   struct pc_byte *c = ctx->c;

   uint8_t written[PC_BYTES / 8];
   memset(written, 0, sizeof(written));
   for (unsigned i = 0; i < count; i++) {
      const struct aco_copy *cp = &copies[i];
      for (unsigned k = 0; k < cp->bytes; k++) {
         unsigned d = cp->dst_b + k, s = cp->src_b + k;
         /* registers only: s0..s127 (with vcc, m0, exec) and v0..v255 */
         if (d >= PC_BYTES || (d >= 128 * 4 && d < ACO_REG_VGPR0 * 4) ||
             (!cp->is_const && (s >= PC_BYTES || (s >= 128 * 4 && s < ACO_REG_VGPR0 * 4))))
            return aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                      "lower_to_hw: parallel copy of register byte %u <- %u",
                                      d, s);
         if (written[d >> 3] & (1u << (d & 7)))
            return aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                      "lower_to_hw: parallel copy writes register byte %u twice",
                                      d);
         written[d >> 3] |= (uint8_t)(1u << (d & 7));
         if (!cp->is_const && s == d)
            continue;
         ctx->writer[d] = (uint16_t)(ctx->n + 1);
         struct pc_byte *b = &c[ctx->n++];
         b->dst = (uint16_t)d;
         b->is_const = cp->is_const;
         b->src = cp->is_const ? 0 : (uint16_t)s;
         b->cval = cp->is_const ? (uint8_t)(k < 8 ? cp->value >> (8 * k) : 0) : 0;
         if (!cp->is_const)
            ctx->readers[s]++;
      }
   }
   ctx->pending = ctx->n;
   ctx->pending_vgpr = 0;
   for (uint32_t i = 0; i < ctx->n; i++)
      ctx->pending_vgpr += c[i].dst >= ACO_REG_VGPR0 * 4;

   while (ctx->pending) {
      bool progress = false;
      for (uint32_t i = 0; i < ctx->n; i++) {
         if (ctx->c[i].done)
            continue;
         uint32_t g[4];
         unsigned gn = ready_subset(ctx, g, collect_group(ctx, i, g));
         unsigned field = ctx->c[i].dst >> 2;
         if (!gn || (!is_vgpr_field(field) && !group_is_whole(ctx, g, gn)))
            continue;
         /* VGPR copies run under the exec mask the parallel copy starts with */
         if ((field == ACO_REG_EXEC_LO || field == ACO_REG_EXEC_HI) && ctx->pending_vgpr)
            continue;
         aco_status st = emit_group(ctx, g, gn);
         if (st != ACO_SUCCESS)
            return st;
         progress = true;
      }
      if (!progress && ctx->pending) {
         aco_status st = swap_step(ctx);
         if (st != ACO_SUCCESS)
            return st;
      }
   }
   return ACO_SUCCESS;
}

/* exec = ~exec: the lanes that were inactive, or back */
static aco_status
emit_exec_not(struct pc_ctx *ctx)
{
   bool w64 = ctx->p->wave_size == 64;
   struct aco_minstr *in = emit(ctx, w64 ? aco_op_s_not_b64 : aco_op_s_not_b32, 1, 1);
   if (!in)
      return oom(ctx);
   in->definitions[0] = reg_def(ACO_REG_EXEC_LO, w64 ? 2 : 1);
   in->operands[0] = reg_opnd(ACO_REG_EXEC_LO, w64 ? 2 : 1);
   return ACO_SUCCESS;
}

/* Whether a copy of the set writes a byte copy k reads. */
static bool
written(const struct aco_copy *copies, unsigned count, const struct aco_copy *k)
{
   for (unsigned i = 0; i < count; i++)
      if (copies[i].dst_b < k->src_b + k->bytes && k->src_b < copies[i].dst_b + copies[i].bytes)
         return true;
   return false;
}

/* A copy into a linear VGPR that moves something (not onto itself). */
static bool
moves_whole_wave(const struct aco_copy *k)
{
   return k->whole_wave && k->bytes && (k->is_const || k->dst_b != k->src_b);
}

/* Empties the byte tables after a sequence (also after an error), for the next one. */
static void
clear_tables(struct pc_ctx *ctx)
{
   for (uint32_t i = 0; i < ctx->n; i++) {
      ctx->writer[ctx->c[i].dst] = 0;
      if (!ctx->c[i].is_const)
         ctx->readers[ctx->c[i].src] = 0;
   }
}

/* Copies into linear VGPRs are whole-wave: after the parallel copy (which ran in the active
 * lanes), the same copies again in the lanes that were inactive, where nothing it did
 * changed the sources (its VGPR writes and swaps keep inactive lanes; an SGPR source must
 * not be one it writes). exec is negated twice, so SCC must be dead and exec unwritten. */
static aco_status
whole_wave_copies(struct pc_ctx *ctx, const struct aco_copy *copies, unsigned count,
                  unsigned nwhole)
{
   struct aco_copy *sub = aco_arena_array(&ctx->p->arena, struct aco_copy, nwhole);
   if (!sub)
      return oom(ctx);
   unsigned n = 0;
   for (unsigned i = 0; i < count; i++) {
      const struct aco_copy *k = &copies[i];
      if (k->dst_b < (ACO_REG_EXEC_LO + 2) * 4 && k->dst_b + k->bytes > ACO_REG_EXEC_LO * 4)
         return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED, "lower_to_hw: a parallel "
                                   "copy writing exec and a linear VGPR");
      if (!moves_whole_wave(k))
         continue;
      if (!k->is_const && !is_vgpr_field(k->src_b / 4u) && written(copies, count, k))
         return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED, "lower_to_hw: a copy into "
                                   "a linear VGPR from an SGPR the same copy writes");
      sub[n++] = *k;
   }
   if (ctx->scc_live)
      return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED, "lower_to_hw: moving a linear "
                                "VGPR where SCC is live");
   aco_status st = emit_exec_not(ctx);
   if (st == ACO_SUCCESS)
      st = sequence(ctx, sub, n);
   if (st == ACO_SUCCESS)
      st = emit_exec_not(ctx);
   return st;
}

aco_status
aco_lower_copies(struct aco_mprogram *p, struct aco_copy_state **state, aco_instr_list *out,
                 const struct aco_copy *copies, unsigned count, int scratch_sgpr,
                 int scratch_vgpr, bool scc_live)
{
   uint32_t total = 0;
   for (unsigned i = 0; i < count; i++)
      total += copies[i].bytes;
   if (!total)
      return ACO_SUCCESS;
   if (!*state && !(*state = aco_arena_new(&p->arena, struct aco_copy_state)))
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY,
                                "lower_to_hw: out of memory lowering a parallel copy");
   struct pc_ctx *ctx = &(*state)->ctx;
   if (total > ctx->cap) {
      uint32_t cap = total > 2 * ctx->cap ? total : 2 * ctx->cap;
      struct pc_byte *c = aco_arena_array(&p->arena, struct pc_byte, cap);
      if (!c)
         return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY,
                                   "lower_to_hw: out of memory lowering a parallel copy");
      ctx->c = c;
      ctx->cap = cap;
   }
   memset(ctx->c, 0, sizeof(*ctx->c) * total);
   struct pc_byte *c = ctx->c;
   ctx->n = 0;
   ctx->p = p;
   ctx->out = out;
   ctx->scratch_sgpr = scratch_sgpr;
   ctx->scratch_vgpr = scratch_vgpr;
   ctx->scc_live = scc_live;

   unsigned nwhole = 0;
   for (unsigned i = 0; i < count; i++)
      nwhole += moves_whole_wave(&copies[i]);
   aco_status st = sequence(ctx, copies, count);
   clear_tables(ctx);
   if (st == ACO_SUCCESS && nwhole) {
      memset(c, 0, sizeof(*c) * total);
      ctx->n = 0;
      st = whole_wave_copies(ctx, copies, count, nwhole);
      clear_tables(ctx);
   }
   return st;
}
