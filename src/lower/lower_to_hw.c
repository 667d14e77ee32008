/* SPDX-License-Identifier: MIT */
/* Lowering of every pseudo instruction to hardware instructions, after SSA elimination
 * (every operand and definition has its register).
 *
 *   p_parallelcopy, p_create_vector, p_split_vector, p_extract_vector
 *                        one parallel copy each, sequenced by lower_parallelcopy.c
 *   p_as_uniform         v_readfirstlane_b32 per dword from VGPRs, a copy from SGPRs
 *   p_startpgm, p_logical_start/end
 *                        removed
 *   p_branch             s_branch, dropped when the target is the next block or only
 *                        empty blocks lie between (checked once all blocks are lowered);
 *                        a conditional jump over a block holding only an s_branch jumps on
 *                        the opposite condition to its target instead; exec writes only a
 *                        merge's restore of exec reads after them (an empty else) go
 *   p_cbranch_z/nz       s_cbranch_scc0/1, vccz/vccnz, execz/execnz by the condition
 *                        register (dropped when the target is the next block)
 *   p_return             s_endpgm in an entry, s_setpc_b64 to the return address otherwise
 *   p_call               s_add_u32 sp, frame; s_swappc_b64; s_sub_u32 sp, frame (the frame
 *                        size is filled in by aco_save_registers)
 *   p_function_address   s_getpc_b64 and a PC-relative addition the assembler fills in
 *   p_reduce, p_inclusive_scan, p_exclusive_scan
 *                        lower_reduce.c (DPP / permlane sequences in whole-wave mode)
 *   p_start_linear_vgpr  a copy of its operands (all lanes), nothing without operands
 *   p_end_linear_vgpr    removed
 *   p_spill, p_reload    v_writelane/v_readlane of a linear VGPR (SGPRs), scratch stores
 *                        and loads at a fixed frame offset (VGPRs; from the stack pointer
 *                        in called functions)
 *   p_unit_test          kept (a marker for pass tests, never assembled)
 * SGPR swaps of a parallel copy use s_xor_b32, which writes SCC; where SCC is read later
 * in the block (phi copies before a branch on SCC) they go through the copy's scratch
 * SGPR (ACO_PC_SCRATCH_SGPR) or an SGPR no instruction mentions (counted in
 * config.num_sgprs). Single bytes trading places between VGPRs go through a VGPR no
 * instruction mentions.
 * Each block is rebuilt into a fresh array that replaces the old one. */
#include "lower/lower.h"

#include "opt/opt.h"

struct lower_ctx {
   struct aco_mprogram *p;
   struct aco_mblock *block;
   uint32_t index; /* of the instruction being lowered in block */
   aco_instr_list out;
   struct aco_copy_state *copy_state; /* reused by every parallel copy */
   struct aco_copy *copies;           /* the copies of one instruction */
   uint32_t copies_cap;
   int unused_sgpr, unused_vgpr; /* registers no instruction of the entry mentions, or -1 */
   /* per instruction of scc_block: whether SCC may be read after it before being written
    * (computed for a block when its first copy asks, in one backward walk down to it) */
   const struct aco_mblock *scc_block;
   bool *scc_live;
   uint32_t scc_cap;
};

static aco_status
oom(struct lower_ctx *ctx)
{
   return aco_mprogram_error(ctx->p, ACO_ERROR_OUT_OF_MEMORY, "lower_to_hw: out of memory");
}

static struct aco_minstr *
emit(struct lower_ctx *ctx, enum aco_opcode op, unsigned nops, unsigned ndefs)
{
   struct aco_minstr *in = aco_minstr_create(&ctx->p->arena, op, nops, ndefs);
   if (!in || !aco_vec_push(ctx->p->allocator, &ctx->out, in))
      return NULL;
   return in;
}

static unsigned
operand_bytes(const aco_operand *o)
{
   if (o->kind == ACO_OPND_CONST)
      return o->bits ? o->bits / 8u : 4u;
   return aco_rc_bytes(o->temp.rc);
}

static bool
reads_scc(const struct aco_minstr *in)
{
   for (unsigned k = 0; k < in->num_operands; k++)
      if (in->operands[k].kind == ACO_OPND_REG &&
          aco_physreg_field(in->operands[k].reg) == ACO_REG_SCC)
         return true;
   return aco_op_info(in->opcode)->flags & ACO_OPF_READ_SCC;
}

static bool
writes_scc(const struct aco_minstr *in)
{
   if (aco_op_info(in->opcode)->flags & ACO_OPF_WRITE_SCC)
      return true;
   for (unsigned k = 0; k < in->num_definitions; k++)
      if (aco_physreg_field(in->definitions[k].reg) == ACO_REG_SCC)
         return true;
   return false;
}

/* Whether SCC may be read after instruction `index` of the current block before being
 * written; false with an error recorded when out of memory. SCC is not live across
 * blocks in what instruction selection produces. */
static bool
scc_live_after(struct lower_ctx *ctx, uint32_t index)
{
   const struct aco_mblock *b = ctx->block;
   if (ctx->scc_block != b) {
      if (!aco_grow(ctx->p->allocator, (void **)&ctx->scc_live, &ctx->scc_cap, b->instrs.len,
                    sizeof(bool))) {
         oom(ctx);
         return false;
      }
      /* the block is lowered front to back, so no later question asks about an
       * instruction before this one: the walk stops there */
      bool live = false;
      for (uint32_t i = b->instrs.len; i-- > index;) {
         const struct aco_minstr *in = b->instrs.data[i];
         ctx->scc_live[i] = live;
         live = reads_scc(in) || (!writes_scc(in) && live);
      }
      ctx->scc_block = b;
   }
   return ctx->scc_live[index];
}

static aco_status
check_operand(struct lower_ctx *ctx, const struct aco_minstr *in, const aco_operand *o)
{
   if ((o->kind == ACO_OPND_TEMP || o->kind == ACO_OPND_REG) && !o->fixed)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "lower_to_hw: block %u: an operand of %s has no register",
                                ctx->block->index, aco_op_info(in->opcode)->name);
   return ACO_SUCCESS;
}

/* The copies of a copy-like pseudo instruction, then their sequencing. */
static aco_status
lower_copies(struct lower_ctx *ctx, const struct aco_minstr *in)
{
   uint32_t need = in->num_operands + in->num_definitions + 1u;
   if (need > ctx->copies_cap) {
      uint32_t cap = need > 2 * ctx->copies_cap ? need : 2 * ctx->copies_cap;
      if (!(ctx->copies = aco_arena_array(&ctx->p->arena, struct aco_copy, cap)))
         return oom(ctx);
      ctx->copies_cap = cap;
   }
   struct aco_copy *c = ctx->copies;
   unsigned n = 0;
   for (unsigned k = 0; k < in->num_definitions; k++)
      if (!in->definitions[k].fixed)
         return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                   "lower_to_hw: block %u: a definition of %s has no register",
                                   ctx->block->index, aco_op_info(in->opcode)->name);
   for (unsigned k = 0; k < in->num_operands; k++) {
      aco_status st = check_operand(ctx, in, &in->operands[k]);
      if (st != ACO_SUCCESS)
         return st;
   }

#define ADD_COPY(dst, opnd, src_off, nbytes)                                                     \
   do {                                                                                          \
      const aco_operand *o_ = (opnd);                                                            \
      if (o_->kind != ACO_OPND_UNDEF && (nbytes)) {                                              \
         c[n].dst_b = (uint16_t)(dst);                                                           \
         c[n].bytes = (uint16_t)(nbytes);                                                        \
         c[n].is_const = o_->kind == ACO_OPND_CONST;                                             \
         c[n].whole_wave = false;                                                                \
         c[n].src_b = c[n].is_const ? 0 : (uint16_t)(o_->reg.reg_b + (src_off));                 \
         c[n].value = c[n].is_const ? o_->value >> (8 * (src_off)) : 0;                          \
         n++;                                                                                    \
      }                                                                                          \
   } while (0)

   switch (in->opcode) {
   case aco_op_p_parallelcopy:
   case aco_op_p_as_uniform:
   case aco_op_p_start_linear_vgpr:
      if (in->num_operands != in->num_definitions)
         goto bad;
      for (unsigned k = 0; k < in->num_definitions; k++) {
         uint32_t before = n;
         aco_rc rc = in->definitions[k].temp.rc;
         ADD_COPY(in->definitions[k].reg.reg_b, &in->operands[k], 0, aco_rc_bytes(rc));
         if (n > before && aco_rc_is_vgpr(rc) && aco_rc_is_linear(rc))
            c[n - 1].whole_wave = true;
      }
      break;
   case aco_op_p_create_vector: {
      if (in->num_definitions != 1)
         goto bad;
      unsigned off = 0, size = aco_rc_bytes(in->definitions[0].temp.rc);
      for (unsigned k = 0; k < in->num_operands; k++) {
         unsigned b = operand_bytes(&in->operands[k]);
         if (off + b > size)
            goto bad;
         ADD_COPY(in->definitions[0].reg.reg_b + off, &in->operands[k], 0, b);
         off += b;
      }
      break;
   }
   case aco_op_p_split_vector: {
      if (in->num_operands != 1)
         goto bad;
      unsigned off = 0, size = operand_bytes(&in->operands[0]);
      for (unsigned k = 0; k < in->num_definitions; k++) {
         unsigned b = aco_rc_bytes(in->definitions[k].temp.rc);
         if (off + b > size)
            goto bad;
         ADD_COPY(in->definitions[k].reg.reg_b, &in->operands[0], off, b);
         off += b;
      }
      break;
   }
   case aco_op_p_extract_vector: {
      if (in->num_operands != 2 || in->num_definitions != 1 ||
          in->operands[1].kind != ACO_OPND_CONST)
         goto bad;
      unsigned b = aco_rc_bytes(in->definitions[0].temp.rc);
      uint64_t off = in->operands[1].value * b;
      if (off + b > operand_bytes(&in->operands[0]))
         goto bad;
      ADD_COPY(in->definitions[0].reg.reg_b, &in->operands[0], (unsigned)off, b);
      break;
   }
   default:
      goto bad;
   }
#undef ADD_COPY
   int scratch = (in->imm & ACO_PC_SCRATCH_SGPR) && in->opcode == aco_op_p_parallelcopy
                    ? (int)(in->imm & 0xff)
                    : -1;
   bool scc_live = scc_live_after(ctx, ctx->index);
   if (ctx->p->status != ACO_SUCCESS)
      return ctx->p->status;
   /* with SCC live (a phi copy before a branch on it), swap SGPRs through an SGPR the
    * entry never mentions rather than with s_xor_b32 */
   if (scratch < 0 && scc_live)
      scratch = ctx->unused_sgpr;
   return aco_lower_copies(ctx->p, &ctx->copy_state, &ctx->out, c, n, scratch, ctx->unused_vgpr,
                           scc_live);
bad:
   return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                             "lower_to_hw: block %u: malformed %s", ctx->block->index,
                             aco_op_info(in->opcode)->name);
}

static aco_status
lower_as_uniform(struct lower_ctx *ctx, const struct aco_minstr *in)
{
   if (in->num_operands != 1 || in->num_definitions != 1 || !in->definitions[0].fixed ||
       aco_physreg_is_vgpr(in->definitions[0].reg))
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "lower_to_hw: block %u: malformed p_as_uniform",
                                ctx->block->index);
   const aco_operand *o = &in->operands[0];
   aco_status st = check_operand(ctx, in, o);
   if (st != ACO_SUCCESS)
      return st;
   if (o->kind == ACO_OPND_UNDEF)
      return ACO_SUCCESS;
   if (o->kind == ACO_OPND_CONST || !aco_physreg_is_vgpr(o->reg))
      return lower_copies(ctx, in);
   if (aco_physreg_byte(o->reg))
      return aco_mprogram_error(ctx->p, ACO_ERROR_UNSUPPORTED,
                                "lower_to_hw: block %u: p_as_uniform of part of a VGPR",
                                ctx->block->index);
   unsigned dwords = aco_rc_dwords(in->definitions[0].temp.rc);
   for (unsigned k = 0; k < dwords; k++) {
      struct aco_minstr *r = emit(ctx, aco_op_v_readfirstlane_b32, 1, 1);
      if (!r)
         return oom(ctx);
      r->definitions[0] =
         aco_def_fixed(aco_temp_make(0, aco_rc_s(1)),
                       aco_physreg_make(aco_physreg_field(in->definitions[0].reg) + k, 0));
      r->operands[0] = aco_opnd_reg(aco_physreg_make(aco_physreg_field(o->reg) + k, 0),
                                    aco_rc_v(1));
   }
   return ACO_SUCCESS;
}

static aco_status
lower_branch(struct lower_ctx *ctx, const struct aco_minstr *in)
{
   if (in->target_block >= ctx->p->blocks.len)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "lower_to_hw: block %u: branch to missing block %u",
                                ctx->block->index, in->target_block);
   if (in->target_block == ctx->block->index + 1)
      return ACO_SUCCESS;
   enum aco_opcode op = aco_op_s_branch;
   if (in->opcode != aco_op_p_branch) {
      bool z = in->opcode == aco_op_p_cbranch_z;
      unsigned field = in->num_operands == 1 && in->operands[0].kind == ACO_OPND_REG
                          ? aco_physreg_field(in->operands[0].reg)
                          : ~0u;
      if (field == ACO_REG_SCC)
         op = z ? aco_op_s_cbranch_scc0 : aco_op_s_cbranch_scc1;
      else if (field == ACO_REG_VCC_LO)
         op = z ? aco_op_s_cbranch_vccz : aco_op_s_cbranch_vccnz;
      else if (field == ACO_REG_EXEC_LO)
         op = z ? aco_op_s_cbranch_execz : aco_op_s_cbranch_execnz;
      else
         return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                   "lower_to_hw: block %u: conditional branch on neither scc, "
                                   "vcc nor exec", ctx->block->index);
   }
   struct aco_minstr *b = emit(ctx, op, 0, 0);
   if (!b)
      return oom(ctx);
   b->target_block = in->target_block;
   return ACO_SUCCESS;
}

/* An SGPR spilled to the scratch frame (p_spill with the definitions: linear VGPR, lane
 * mask): under a full exec each dword is copied into every lane of the VGPR and
 * stored (or loaded, and read back from lane 0), so any later exec finds it. */
static aco_status
lower_sgpr_scratch(struct lower_ctx *ctx, const struct aco_minstr *in, bool reload)
{
   struct aco_mprogram *p = ctx->p;
   unsigned d0 = reload; /* the scratch definitions follow the reloaded value */
   aco_physreg s = reload ? in->definitions[0].reg : in->operands[0].reg;
   unsigned dwords = aco_rc_dwords(reload ? in->definitions[0].temp.rc : in->operands[0].temp.rc);
   const aco_operand *slot = &in->operands[reload ? 0 : 1];
   bool sp = in->num_operands == (reload ? 2u : 3u);
   aco_physreg v = in->definitions[d0].reg, m = in->definitions[d0 + 1].reg;
   bool w64 = p->wave_size == 64;
   aco_rc lm = aco_rc_s(w64 ? 2 : 1);
   struct aco_mbuilder b;
   aco_mb_at_list(&b, p, &ctx->out);
   /* s_mov, not s_or_saveexec: the spill may sit between an s_cmp and its branch */
   aco_mb_sop1(&b, w64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32, aco_def_fixed(aco_temp_make(0, lm), m),
               aco_opnd_reg(aco_physreg_make(ACO_REG_EXEC_LO, 0), lm));
   aco_mb_sop1(&b, w64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32,
               aco_def_fixed(aco_temp_make(0, lm), aco_physreg_make(ACO_REG_EXEC_LO, 0)),
               aco_opnd_const(w64 ? ~0ull : 0xffffffffu, w64 ? 64 : 32));
   enum aco_encoding enc = sp ? ACO_ENC_MEM_NO_VADDR | ACO_ENC_MEM_SADDR : ACO_ENC_MEM_NO_VADDR;
   aco_operand saddr = sp ? in->operands[reload ? 1 : 2] : aco_opnd_const(0, 32);
   for (unsigned k = 0; k < dwords; k++) {
      aco_physreg sk = aco_physreg_make(aco_physreg_field(s) + k, 0);
      struct aco_minstr *mem;
      if (reload) {
         aco_definition dv = aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), v);
         mem = aco_mb_hw(&b, aco_op_scratch_load_b32, enc, &dv, &saddr);
         aco_mb_vop1(&b, aco_op_v_readfirstlane_b32, aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), sk),
                     aco_opnd_reg(v, aco_rc_v(1)));
      } else {
         aco_mb_vop1(&b, aco_op_v_mov_b32, aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), v),
                     aco_opnd_reg(sk, aco_rc_s(1)));
         aco_operand ops[2] = {aco_opnd_reg(v, aco_rc_v(1)), saddr};
         mem = aco_mb_hw(&b, aco_op_scratch_store_b32, enc, NULL, ops);
      }
      if (mem)
         mem->mem.offset = (int32_t)(slot->value + 4 * k);
   }
   aco_mb_sop1(&b, w64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32,
               aco_def_fixed(aco_temp_make(0, lm), aco_physreg_make(ACO_REG_EXEC_LO, 0)),
               aco_opnd_reg(m, lm));
   if (reload)
      p->sgpr_reloads += dwords;
   else
      p->sgpr_spills += dwords;
   return p->status;
}

/* p_spill / p_reload (src/ra/spill.c): SGPR dwords into lanes of a linear VGPR with
 * v_writelane / v_readlane, VGPRs into the scratch frame at a fixed offset. */
static aco_status
lower_spill(struct lower_ctx *ctx, const struct aco_minstr *in)
{
   struct aco_mprogram *p = ctx->p;
   bool reload = in->opcode == aco_op_p_reload;
   if ((reload && (in->num_definitions < 1 || in->num_operands < 1)) ||
       (!reload && in->num_operands < 2))
      return aco_mprogram_error(p, ACO_ERROR_INVALID_IR, "lower_to_hw: block %u: malformed %s",
                                ctx->block->index, aco_op_info(in->opcode)->name);
   aco_physreg r = reload ? in->definitions[0].reg : in->operands[0].reg;
   aco_rc rc = reload ? in->definitions[0].temp.rc : in->operands[0].temp.rc;
   unsigned dwords = aco_rc_dwords(rc);
   if (!aco_physreg_is_vgpr(r) && in->num_definitions >= 2u + reload)
      return lower_sgpr_scratch(ctx, in, reload);
   struct aco_mbuilder b;
   aco_mb_at_list(&b, p, &ctx->out);
   if (!aco_physreg_is_vgpr(r)) {
      const aco_operand *lin = &in->operands[reload ? 0 : 1];
      uint32_t lane = (uint32_t)in->operands[reload ? 1 : 2].value;
      for (unsigned k = 0; k < dwords; k++) {
         aco_operand s = aco_opnd_reg(aco_physreg_make(aco_physreg_field(r) + k, 0), aco_rc_s(1));
         aco_operand l = aco_opnd_const(lane + k, 32);
         if (reload) {
            aco_definition d = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)),
                                             aco_physreg_make(aco_physreg_field(r) + k, 0));
            aco_operand ops[2] = {*lin, l};
            aco_mb_hw(&b, aco_op_v_readlane_b32, ACO_ENC_NATIVE, &d, ops);
         } else {
            aco_definition d = aco_def_fixed(aco_temp_make(0, aco_rc_lv(1)), lin->reg);
            aco_operand ops[2] = {s, l};
            aco_mb_hw(&b, aco_op_v_writelane_b32, ACO_ENC_NATIVE, &d, ops);
         }
      }
      if (reload)
         p->sgpr_reloads += dwords;
      else
         p->sgpr_spills += dwords;
      return p->status;
   }
   int64_t offset = (int64_t)in->operands[reload ? 0 : 1].value;
   if (offset + 4 * (int64_t)dwords - 4 > p->gfx->scratch_offset_max)
      return aco_mprogram_error(p, ACO_ERROR_UNSUPPORTED,
                                "lower_to_hw: block %u: a VGPR spill slot at byte %lld of the "
                                "frame is beyond the immediate offsets of %s (%s with %u operands)",
                                ctx->block->index, (long long)offset, p->gfx->name,
                                aco_op_info(in->opcode)->name, in->num_operands);
   static const enum aco_opcode loads[5] = {aco_op_p_startpgm, aco_op_scratch_load_b32,
                                            aco_op_scratch_load_b64, aco_op_scratch_load_b96,
                                            aco_op_scratch_load_b128};
   static const enum aco_opcode stores[5] = {aco_op_p_startpgm, aco_op_scratch_store_b32,
                                             aco_op_scratch_store_b64, aco_op_scratch_store_b96,
                                             aco_op_scratch_store_b128};
   if (dwords < 1)
      return aco_mprogram_error(p, ACO_ERROR_INVALID_IR, "lower_to_hw: block %u: a VGPR %s "
                                "of no dwords", ctx->block->index, aco_op_info(in->opcode)->name);
   /* a called function's frame starts at its stack pointer (the last operand) */
   bool sp = in->num_operands == (reload ? 2u : 3u);
   enum aco_encoding enc = sp ? ACO_ENC_MEM_NO_VADDR | ACO_ENC_MEM_SADDR : ACO_ENC_MEM_NO_VADDR;
   aco_operand ops[2];
   /* a 16-bit value in a VGPR half moves alone: the other half may hold another value */
   bool half = aco_rc_is_subdword(rc), hi = aco_physreg_byte(r) == 2;
   /* a wider value goes in pieces of at most four dwords, each at its place in the slot */
   for (unsigned k = 0; k < dwords; k += 4) {
      unsigned n = dwords - k < 4 ? dwords - k : 4;
      aco_physreg whole = aco_physreg_make(aco_physreg_field(r) + k, 0);
      struct aco_minstr *m;
      if (reload) {
         aco_definition d = aco_def_fixed(aco_temp_make(0, aco_rc_v(n)), whole);
         ops[0] = sp ? in->operands[1] : aco_opnd_const(0, 32);
         enum aco_opcode op = !half ? loads[n]
                              : hi  ? aco_op_scratch_load_d16_hi_b16 : aco_op_scratch_load_d16_b16;
         m = aco_mb_hw(&b, op, enc, &d, ops);
         p->vgpr_reloads += n;
      } else {
         ops[0] = aco_opnd_reg(whole, aco_rc_v(n));
         ops[1] = sp ? in->operands[2] : aco_opnd_const(0, 32);
         enum aco_opcode op = !half ? stores[n]
                              : hi  ? aco_op_scratch_store_d16_hi_b16 : aco_op_scratch_store_b16;
         m = aco_mb_hw(&b, op, enc, NULL, ops);
         p->vgpr_spills += n;
      }
      if (m)
         m->mem.offset = (int32_t)(offset + 4 * k);
   }
   return p->status;
}

/* ---- calls ---------------------------------------------------------------------------- */

/* d = op(d, constant) on one SGPR, with a constant fixed up later (reloc). */
static struct aco_minstr *
sop2_fixup(struct lower_ctx *ctx, enum aco_opcode op, unsigned sgpr, uint32_t value,
           enum aco_mreloc reloc, uint32_t target)
{
   struct aco_minstr *in = emit(ctx, op, 2, 1);
   if (!in)
      return NULL;
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(sgpr));
   in->operands[0] = aco_opnd_reg(aco_sgpr(sgpr), aco_rc_s(1));
   in->operands[1] = aco_opnd_const(value, 32);
   in->reloc = (uint8_t)reloc;
   in->target_block = target;
   return in;
}

/* p_function_address: s_getpc_b64 (GFX12: the high half sign-extended from bit 47) plus
 * the distance to the function, which the assembler fills in. */
static aco_status
lower_function_address(struct lower_ctx *ctx, const struct aco_minstr *in)
{
   unsigned d = aco_physreg_field(in->definitions[0].reg);
   struct aco_minstr *pc = emit(ctx, aco_op_s_getpc_b64, 0, 1);
   if (!pc)
      return oom(ctx);
   pc->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_sgpr(d));
   if (ctx->p->gfx->getpc_needs_sext) {
      struct aco_minstr *x = emit(ctx, aco_op_s_sext_i32_i16, 1, 1);
      if (!x)
         return oom(ctx);
      x->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(d + 1));
      x->operands[0] = aco_opnd_reg(aco_sgpr(d + 1), aco_rc_s(1));
   }
   /* any literal (no inline constant) until the assembler writes the distance */
   if (!sop2_fixup(ctx, aco_op_s_add_u32, d, 0x12345678, ACO_MRELOC_PC_LO, in->imm) ||
       !sop2_fixup(ctx, aco_op_s_addc_u32, d + 1, 0x12345678, ACO_MRELOC_PC_HI, in->imm))
      return oom(ctx);
   return ACO_SUCCESS;
}

/* p_call: the stack pointer moves past the caller's frame (its size is known after
 * aco_save_registers), s_swappc_b64, and back. */
static aco_status
lower_call(struct lower_ctx *ctx, const struct aco_minstr *in)
{
   if (in->num_operands < 2 || in->num_definitions < 1)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR, "lower_to_hw: block %u: malformed p_call",
                                ctx->block->index);
   unsigned sp = aco_physreg_field(in->operands[0].reg);
   if (!sop2_fixup(ctx, aco_op_s_add_u32, sp, 0, ACO_MRELOC_FRAME, 0))
      return oom(ctx);
   struct aco_minstr *sw = emit(ctx, aco_op_s_swappc_b64, 1, 1);
   if (!sw)
      return oom(ctx);
   sw->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), in->definitions[0].reg);
   sw->operands[0] = aco_opnd_reg(in->operands[1].reg, aco_rc_s(2));
   if (!sop2_fixup(ctx, aco_op_s_sub_u32, sp, 0, ACO_MRELOC_FRAME, 0))
      return oom(ctx);
   return ACO_SUCCESS;
}

static aco_status
lower_return(struct lower_ctx *ctx, const struct aco_minstr *in)
{
   /* an entry's (or chain function's) jumps to chain functions are s_setpc_b64 too */
   if ((ctx->p->is_entry && in->imm != ACO_RETURN_TO_LAST) || in->imm == ACO_RETURN_END)
      return emit(ctx, aco_op_s_endpgm, 0, 0) ? ACO_SUCCESS : oom(ctx);
   if (in->num_operands < 1)
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "lower_to_hw: block %u: p_return without a return address",
                                ctx->block->index);
   struct aco_minstr *r = emit(ctx, aco_op_s_setpc_b64, 1, 0);
   if (!r)
      return oom(ctx);
   unsigned to = in->imm == ACO_RETURN_TO_LAST ? in->num_operands - 1u : 0u;
   r->operands[0] = aco_opnd_reg(in->operands[to].reg, aco_rc_s(2));
   return ACO_SUCCESS;
}

static aco_status
lower_instr(struct lower_ctx *ctx, struct aco_minstr *in)
{
   switch (in->opcode) {
   case aco_op_p_startpgm:
   case aco_op_p_logical_start:
   case aco_op_p_logical_end:
      return ACO_SUCCESS;
   case aco_op_p_parallelcopy:
   case aco_op_p_create_vector:
   case aco_op_p_split_vector:
   case aco_op_p_extract_vector:
      return lower_copies(ctx, in);
   case aco_op_p_as_uniform:
      return lower_as_uniform(ctx, in);
   case aco_op_p_branch:
   case aco_op_p_cbranch_z:
   case aco_op_p_cbranch_nz:
      return lower_branch(ctx, in);
   case aco_op_p_return:
      return lower_return(ctx, in);
   case aco_op_p_phi:
   case aco_op_p_linear_phi:
      return aco_mprogram_error(ctx->p, ACO_ERROR_INVALID_IR,
                                "lower_to_hw: block %u: phi left (run aco_eliminate_ssa first)",
                                ctx->block->index);
   case aco_op_p_reduce:
   case aco_op_p_inclusive_scan:
   case aco_op_p_exclusive_scan:
      return aco_lower_reduce(ctx->p, &ctx->out, in);
   case aco_op_p_start_linear_vgpr:
      /* the linear VGPR takes its operands' value in every lane (a copy), or starts undefined */
      return in->num_operands ? lower_copies(ctx, in) : ACO_SUCCESS;
   case aco_op_p_end_linear_vgpr:
      return ACO_SUCCESS;
   case aco_op_p_spill:
   case aco_op_p_reload:
      return lower_spill(ctx, in);
   case aco_op_p_call:
      return lower_call(ctx, in);
   case aco_op_p_function_address:
      return lower_function_address(ctx, in);
   default:
      return aco_vec_push(ctx->p->allocator, &ctx->out, in) ? ACO_SUCCESS : oom(ctx);
   }
}

/* The lowest SGPR and VGPR that no instruction reads or writes (holding no value anywhere
 * in the function; in a called function aco_save_registers saves it if the ABI preserves
 * it); -1 when none. `mentioned` is the set record_registers filled before lowering. */
static void
find_unused_regs(const uint64_t *mentioned, int *sgpr, int *vgpr)
{
   *sgpr = *vgpr = -1;
   for (unsigned f = 0; f < ACO_SGPR_COUNT && *sgpr < 0; f++)
      if (!(mentioned[f / 64] & (1ull << (f % 64))))
         *sgpr = (int)f;
   for (unsigned f = 256; f < 512 && *vgpr < 0; f++)
      if (!(mentioned[f / 64] & (1ull << (f % 64))))
         *vgpr = (int)f;
}

/* Whether `op` jumps (s_branch, s_cbranch_*) to a block index in target_block. */
static bool
is_jump(enum aco_opcode op)
{
   return op == aco_op_s_branch || op == aco_op_s_cbranch_scc0 || op == aco_op_s_cbranch_scc1 ||
          op == aco_op_s_cbranch_vccz || op == aco_op_s_cbranch_vccnz ||
          op == aco_op_s_cbranch_execz || op == aco_op_s_cbranch_execnz;
}

/* Drops a block's final jump when only empty blocks lie between it and its target (the
 * linear-only blocks of divergent control flow are empty once lowered). From the last
 * block back, so a block emptied this way lets earlier jumps over it go too. */
static void
remove_jumps_over_empty_blocks(struct aco_mprogram *p)
{
   for (uint32_t i = p->blocks.len; i-- > 0;) {
      struct aco_mblock *b = p->blocks.data[i];
      if (!b->instrs.len)
         continue;
      const struct aco_minstr *last = b->instrs.data[b->instrs.len - 1];
      if (!is_jump(last->opcode) || last->target_block <= i || last->target_block >= p->blocks.len)
         continue;
      uint32_t k = i + 1;
      while (k < last->target_block && !p->blocks.data[k]->instrs.len)
         k++;
      if (k == last->target_block)
         b->instrs.len--;
   }
}

/* The conditional jump testing the opposite condition, or aco_num_opcodes. */
static enum aco_opcode
inverted_jump(enum aco_opcode op)
{
   switch (op) {
   case aco_op_s_cbranch_scc0: return aco_op_s_cbranch_scc1;
   case aco_op_s_cbranch_scc1: return aco_op_s_cbranch_scc0;
   case aco_op_s_cbranch_vccz: return aco_op_s_cbranch_vccnz;
   case aco_op_s_cbranch_vccnz: return aco_op_s_cbranch_vccz;
   case aco_op_s_cbranch_execz: return aco_op_s_cbranch_execnz;
   case aco_op_s_cbranch_execnz: return aco_op_s_cbranch_execz;
   default: return aco_num_opcodes;
   }
}

/* Replaces block index `from` by `to` in a predecessor or successor list. */
static void
replace_edge(aco_block_list *l, uint32_t from, uint32_t to)
{
   for (uint32_t i = 0; i < l->len; i++) {
      if (l->data[i] == from)
         l->data[i] = to;
   }
}

/* The first block from i on that has instructions (p->blocks.len when none). */
static uint32_t
next_nonempty(const struct aco_mprogram *p, uint32_t i)
{
   while (i < p->blocks.len && !p->blocks.data[i]->instrs.len)
      i++;
   return i;
}

/* No branch over a branch: a block ending in a conditional jump over the next block, when
 * that block is only an s_branch and is reached from nowhere else, jumps on the opposite
 * condition to where the s_branch went and falls through otherwise. The loops' exit tests
 * take this shape (the header tests whether to leave; the body follows). The CFG follows:
 * the block jumps straight to the target, and the emptied block is left without edges. */
static void
invert_branches_over_branches(struct aco_mprogram *p)
{
   for (uint32_t i = 0; i + 1 < p->blocks.len; i++) {
      struct aco_mblock *b = p->blocks.data[i];
      if (!b->instrs.len)
         continue;
      struct aco_minstr *last = b->instrs.data[b->instrs.len - 1];
      enum aco_opcode inv = inverted_jump((enum aco_opcode)last->opcode);
      if (inv == aco_num_opcodes)
         continue;
      struct aco_mblock *k = p->blocks.data[i + 1];
      if (k->instrs.len != 1 || k->linear_preds.len != 1 || k->linear_preds.data[0] != i)
         continue;
      const struct aco_minstr *jump = k->instrs.data[0];
      if (jump->opcode != aco_op_s_branch || jump->target_block >= p->blocks.len ||
          next_nonempty(p, i + 2) != next_nonempty(p, last->target_block))
         continue;
      uint32_t u = jump->target_block;
      last->opcode = (uint16_t)inv;
      last->target_block = u;
      k->instrs.len = 0;
      /* the CFG: i reaches u directly, k is left unreachable */
      struct aco_mblock *t = p->blocks.data[u];
      replace_edge(&b->linear_succs, i + 1, u);
      replace_edge(&t->linear_preds, i + 1, i);
      k->linear_preds.len = k->linear_succs.len = 0;
      if (k->logical_preds.len == 1 && k->logical_preds.data[0] == i &&
          k->logical_succs.len == 1 && k->logical_succs.data[0] == u) {
         replace_edge(&b->logical_succs, i + 1, u);
         replace_edge(&t->logical_preds, i + 1, i);
         k->logical_preds.len = k->logical_succs.len = 0;
      }
   }
}

/* Whether `in` writes exec (a definition fixed to exec_lo). */
static bool
writes_exec(const struct aco_minstr *in, uint32_t *src_field)
{
   if (in->num_definitions != 1 || !in->definitions[0].fixed ||
       aco_physreg_field(in->definitions[0].reg) != ACO_REG_EXEC_LO)
      return false;
   *src_field = in->num_operands ? aco_physreg_field(in->operands[0].reg) : ~0u;
   return true;
}

/* Dead exec writes: a block that only sets exec (the switch into an empty else,
 * exec = saved & ~exec, or exec = 0 after the last lanes broke out), from which every path
 * runs through empty blocks into a block that first sets exec from another register
 * (the merge restoring the saved mask) — nothing reads the exec it wrote. It goes, unless
 * the scc an s_and_not1 writes is read before being written again. */
static void
remove_dead_exec_writes(struct aco_mprogram *p)
{
   /* from the last block back, so a block emptied here lets an earlier one see past it */
   for (uint32_t i = p->blocks.len; i-- > 0;) {
      struct aco_mblock *b = p->blocks.data[i];
      if (!b->instrs.len || b->instrs.len > 2)
         continue;
      const struct aco_minstr *sw = b->instrs.data[0];
      uint32_t src;
      bool andn2 = sw->opcode == aco_op_s_and_not1_b32 || sw->opcode == aco_op_s_and_not1_b64;
      bool mov = sw->opcode == aco_op_s_mov_b32 || sw->opcode == aco_op_s_mov_b64;
      if ((!andn2 && !mov) || !writes_exec(sw, &src))
         continue;
      if (andn2 && (sw->num_operands != 2 || sw->operands[0].kind == ACO_OPND_CONST ||
                    aco_physreg_field(sw->operands[1].reg) != ACO_REG_EXEC_LO))
         continue;
      if (b->instrs.len == 2 && b->instrs.data[1]->opcode != aco_op_s_cbranch_execz)
         continue;
      uint32_t k = next_nonempty(p, i + 1);
      if (k >= p->blocks.len)
         continue;
      /* every path from here reaches k through the empty blocks between (their successors
       * all lie further on, up to k) */
      bool straight = true;
      for (uint32_t j = i; j < k && straight; j++) {
         const struct aco_mblock *e = p->blocks.data[j];
         for (uint32_t n = 0; n < e->linear_succs.len && straight; n++)
            straight = e->linear_succs.data[n] > j && e->linear_succs.data[n] <= k;
      }
      const struct aco_mblock *m = p->blocks.data[k];
      const struct aco_minstr *first = m->instrs.data[0];
      uint32_t from;
      if (!straight || (first->opcode != aco_op_s_mov_b32 && first->opcode != aco_op_s_mov_b64) ||
          !writes_exec(first, &from) || from == ACO_REG_EXEC_LO ||
          first->operands[0].kind == ACO_OPND_CONST)
         continue;
      if (andn2) {
         /* the scc the switch writes must be dead */
         bool scc_read = false, scc_written = false;
         for (uint32_t n = 0; n < m->instrs.len && !scc_read && !scc_written; n++) {
            scc_read = aco_opt_reads_scc(m->instrs.data[n]);
            scc_written = aco_opt_writes_scc(m->instrs.data[n]);
         }
         if (scc_read || !scc_written)
            continue;
      }
      b->instrs.len = 0;
   }
}

/* ---- registers the function touches (for aco_save_registers) ------------------------------ */

/* Sets bits first..last (inclusive, last < 512) of a 512-bit set, a word at a time. */
static void
set_range(uint64_t *set, unsigned first, unsigned last)
{
   for (unsigned w = first / 64; w <= last / 64; w++) {
      unsigned lo = w == first / 64 ? first % 64 : 0;
      unsigned hi = w == last / 64 ? last % 64 : 63;
      set[w] |= (~0ull >> (63 - hi)) & (~0ull << lo);
   }
}

/* Marks the operand fields r's bytes take: the addressable SGPRs and the VGPRs. */
static inline void
mark(uint64_t *set, aco_physreg r, unsigned bytes)
{
   unsigned first = aco_physreg_field(r);
   unsigned last = first + (aco_physreg_byte(r) + (bytes ? bytes : 4) - 1) / 4;
   if (last > 511)
      last = 511;
   if (first / 64 == last / 64 && (first >= 256 || last < ACO_SGPR_COUNT)) {
      set[first / 64] |= (~0ull >> (63 - last % 64)) & (~0ull << first % 64);
      return; /* the usual case: one word, no SGPR past the addressable ones */
   }
   if (first < ACO_SGPR_COUNT)
      set_range(set, first, last < ACO_SGPR_COUNT ? last : ACO_SGPR_COUNT - 1);
   if (last >= 256)
      set_range(set, first > 256 ? first : 256, last);
}

static bool
is_reduction(enum aco_opcode op)
{
   return op == aco_op_p_reduce || op == aco_op_p_inclusive_scan || op == aco_op_p_exclusive_scan;
}

/* Before lowering (`lowered` false) the pseudo instructions tell what lowering will write
 * in all lanes and what a call clobbers; after it, every hardware instruction is seen.
 * Before lowering it also fills `mentioned` (when not NULL): every register an operand or
 * definition names, fixed or not, but not what a call clobbers (find_unused_regs; one
 * walk for both, as both look at every operand); with `sets` false only that. */
static void
record_registers(struct aco_mprogram *p, bool lowered, bool sets, uint64_t *mentioned)
{
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_foreach_block(p, b) {
      aco_foreach_instr(b, in) {
         bool wwm = !lowered && is_reduction((enum aco_opcode)in->opcode);
         if (lowered && in->reloc == ACO_MRELOC_FRAME)
            continue; /* the stack pointer is moved back after the call */
         aco_foreach_operand(in, o) {
            if (mentioned && (o->kind == ACO_OPND_TEMP || o->kind == ACO_OPND_REG))
               mark(mentioned, o->reg, aco_rc_bytes(o->temp.rc));
            if (!sets || !aco_operand_has_reg(o))
               continue;
            mark(p->regs_used, o->reg, aco_rc_bytes(o->temp.rc));
            bool lin = o->kind == ACO_OPND_TEMP && aco_rc_is_vgpr(o->temp.rc) && aco_rc_is_linear(o->temp.rc);
            if (lowered && aco_minstr_writes_operand(in, (unsigned)(o - in->operands)))
               mark(p->regs_written, o->reg, aco_rc_bytes(o->temp.rc));
            if (wwm || (in->opcode == aco_op_p_spill && lin)) {
               /* a reduction's scratch and a linear VGPR taking an SGPR spill lane */
               mark(p->regs_whole_wave, o->reg, aco_rc_bytes(o->temp.rc));
               mark(p->regs_written, o->reg, aco_rc_bytes(o->temp.rc));
            }
         }
         aco_foreach_definition(in, d) {
            if (mentioned && !(!d->temp.id && in->opcode == aco_op_p_call))
               mark(mentioned, d->reg, aco_rc_bytes(d->temp.rc));
            if (!sets || !d->fixed)
               continue;
            if (in->opcode == aco_op_p_startpgm) {
               mark(p->regs_used, d->reg, aco_rc_bytes(d->temp.rc)); /* inputs */
               continue;
            }
            unsigned bytes = aco_rc_bytes(d->temp.rc);
            mark(p->regs_written, d->reg, bytes);
            if (!d->temp.id && in->opcode == aco_op_p_call)
               continue; /* what the callee may clobber holds no value of this function */
            mark(p->regs_used, d->reg, bytes);
            bool lin = aco_rc_is_vgpr(d->temp.rc) && aco_rc_is_linear(d->temp.rc);
            if (wwm || lin || in->opcode == aco_op_v_writelane_b32)
               mark(p->regs_whole_wave, d->reg, bytes);
         }
      }
   }
}

aco_status
aco_lower_to_hw(struct aco_mprogram *p)
{
   struct lower_ctx ctx = {p, NULL, 0, {NULL, 0, 0}, NULL, NULL, 0, -1, -1, NULL, NULL, 0};
   /* the sets only aco_save_registers reads, and only in a function that returns to a
    * caller preserving registers: the rest of the time (entry kernels) the walks would
    * mark every operand for nothing (5% of a compile) */
   bool sets = aco_mprogram_saves_registers(p);
   uint64_t mentioned[8] = {0};
   record_registers(p, false, sets, mentioned);
   find_unused_regs(mentioned, &ctx.unused_sgpr, &ctx.unused_vgpr);
   struct aco_mblock *b;
   aco_foreach_block(p, b) {
      ctx.block = b;
      ctx.out.data = NULL;
      ctx.out.len = ctx.out.cap = 0;
      /* the lowered block has about as many instructions: one array, not a doubling series */
      if (b->instrs.len && !aco_vec_reserve(p->allocator, &ctx.out, b->instrs.len)) {
         aco_free(p->allocator, ctx.scc_live);
         return oom(&ctx);
      }
      for (ctx.index = 0; ctx.index < b->instrs.len; ctx.index++) {
         aco_status st = lower_instr(&ctx, b->instrs.data[ctx.index]);
         if (st != ACO_SUCCESS) {
            aco_vec_free(p->allocator, &ctx.out);
            aco_free(p->allocator, ctx.scc_live);
            return st;
         }
      }
      aco_vec_free(p->allocator, &b->instrs);
      b->instrs.data = ctx.out.data;
      b->instrs.len = ctx.out.len;
      b->instrs.cap = ctx.out.cap;
   }
   aco_free(p->allocator, ctx.scc_live);
   remove_jumps_over_empty_blocks(p);
   remove_dead_exec_writes(p);
   remove_jumps_over_empty_blocks(p);
   invert_branches_over_branches(p);
   if (sets)
      record_registers(p, true, true, NULL);
   return ACO_SUCCESS;
}
