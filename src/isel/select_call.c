/* SPDX-License-Identifier: MIT */
/* Instruction selection of calls (docs/calls.md): the start of a function that is not an
 * entry, p_call at call sites, function addresses and the return of such a function.
 *
 * Where every parameter lives comes from call_abi.c, for the callee's signature and ABI.
 * A function's parameters are definitions of p_startpgm fixed to those registers, with
 * the return address and the stack pointer. Its return is a p_return reading, each fixed
 * to its register, the return values, the parameters it must hand back (written back)
 * and the system parameters; register allocation moves them there.
 *
 * A call is
 *    p_call  ret_addr, results..., clobbers...  <-  stack_pointer, callee_address, args...
 * with the stack pointer and the arguments fixed to the callee's registers, the return
 * address and the results fixed definitions, and one fixed definition without a
 * temporary for every run of registers the callee may overwrite (its ABI's clobbered
 * registers minus the ones it hands back, plus vcc, m0 and scc): register allocation
 * moves values living across the call out of them, as it does for any fixed definition.
 * Arguments in clobbered registers (discardable and return parameters) are fresh copies,
 * so they die at the call and never keep a value there. */
#include "isel/isel.h"

#include <string.h>

/* Registers of a parameter location as a class and a physical register. */
static aco_rc
loc_rc(const aco_param_location *l)
{
   return l->kind == ACO_PARAM_LOC_VGPR ? aco_rc_v(l->dwords) : aco_rc_s(l->dwords);
}

static aco_physreg
loc_reg(const aco_param_location *l)
{
   return l->kind == ACO_PARAM_LOC_VGPR ? aco_vgpr(l->reg) : aco_sgpr(l->reg);
}

static aco_temp
copy_of(struct isel_ctx *c, aco_temp t)
{
   aco_temp d = isel_new(c, t.rc);
   struct aco_minstr *in = isel_emit(c, aco_op_p_parallelcopy, 1, 1);
   in->operands[0] = aco_opnd_temp(t);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* A uniform parameter's value from a VGPR holding it in every lane (the first active). */
static aco_temp
value_for_temp(struct isel_ctx *c, aco_temp t)
{
   if (!aco_rc_is_vgpr(t.rc))
      return t;
   aco_temp d = isel_new(c, aco_rc_s(aco_rc_dwords(t.rc)));
   struct aco_minstr *in = isel_emit(c, aco_op_p_as_uniform, 1, 1);
   in->operands[0] = aco_opnd_temp(t);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* Whether parameter i of f is per lane (in VGPRs, or on the stack when not uniform). */
static bool
param_in_vgprs(const struct aco_function *f, uint32_t i, const aco_param_location *loc)
{
   if (loc->kind == ACO_PARAM_LOC_STACK)
      return !(f->params[i].flags & ACO_PARAM_UNIFORM) && f->params[i].type.bits != 1;
   return loc->kind == ACO_PARAM_LOC_VGPR;
}

/* Value v in the class a parameter needs (per_lane: VGPRs): VGPR values of SGPR
 * temporaries are copied, uniform parameters of a value the divergence analysis could
 * not prove uniform read the first active lane (the IR requires the same value in every
 * calling lane). */
static aco_temp
value_for(struct isel_ctx *c, aco_value v, bool per_lane)
{
   aco_temp t = isel_temp(c, v);
   if (!t.id)
      return t;
   return per_lane ? isel_as_vgpr(c, t) : value_for_temp(c, t);
}

/* An i1 lane mask as a VGPR of 0/1 per lane, and back (a lane is set where it is not 0). */
static aco_temp
lanes_of_mask(struct isel_ctx *c, aco_temp mask)
{
   aco_temp d = isel_new(c, aco_rc_v(1));
   struct aco_minstr *in = isel_emit(c, aco_op_v_cndmask_b32, 3, 1);
   in->encoding = ACO_ENC_E64;
   in->operands[0] = aco_opnd_const(0, 32);
   in->operands[1] = aco_opnd_const(1, 32);
   in->operands[2] = aco_opnd_temp(mask);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

static aco_temp
mask_of_lanes(struct isel_ctx *c, aco_temp v)
{
   aco_temp d = isel_new(c, aco_rc_s(c->lane_mask_dwords));
   struct aco_minstr *in = isel_emit(c, aco_op_v_cmp_ne_u32, 2, 1);
   in->encoding = ACO_ENC_E64;
   in->operands[0] = aco_opnd_const(0, 32);
   in->operands[1] = aco_opnd_temp(v);
   in->definitions[0] = aco_def_temp(d);
   return d;
}

static aco_status
layout_of(struct isel_ctx *c, const struct aco_function *f, struct aco_call_layout *l,
          const struct air_instr *at)
{
   struct aco_call_signature sig;
   aco_status s = aco_call_layout_for_function(f, &c->p->arena, l, &sig);
   if (s)
      return aco_mprogram_error(c->p, s, "instruction selection: @%s: the parameters of @%s "
                                "get no places under its ABI", c->f->name, f->name);
   for (uint32_t i = 0; i < f->num_params; i++)
      if (l->params[i].kind == ACO_PARAM_LOC_STACK && (f->params[i].flags & ACO_PARAM_RETURN) &&
          (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE))
         return isel_unsupported(c, at, "a return parameter of a divergent-callable function "
                                 "passed on the stack");
   if (f->num_params > 250)
      return isel_unsupported(c, at, "a function with more than 250 parameters");
   return ACO_SUCCESS;
}

/* ---- the stack-parameter area ------------------------------------------------------------ */

static const enum aco_opcode stack_loads[5] = {aco_op_p_startpgm, aco_op_scratch_load_b32,
                                               aco_op_scratch_load_b64, aco_op_scratch_load_b96,
                                               aco_op_scratch_load_b128};
static const enum aco_opcode stack_stores[5] = {aco_op_p_startpgm, aco_op_scratch_store_b32,
                                                aco_op_scratch_store_b64, aco_op_scratch_store_b96,
                                                aco_op_scratch_store_b128};

/* A parameter the callee finds at its stack pointer - stack_bytes + offset (every lane has
 * its copy; a uniform one is read from the first active lane); with `outgoing`, a result
 * the caller finds in its outgoing area after the call (see store_stack_arg). */
static aco_temp
load_stack_param(struct isel_ctx *c, const aco_param_location *loc, uint32_t stack_bytes,
                 bool uniform, bool outgoing)
{
   aco_temp parts[32];
   unsigned n = 0;
   for (unsigned d = 0; d < loc->dwords; d += 4) {
      unsigned dw = loc->dwords - d < 4 ? loc->dwords - d : 4;
      aco_temp t = isel_new(c, aco_rc_v(dw));
      bool sp = c->p->stack_pointer.id != 0;
      struct aco_minstr *ld = isel_emit(c, stack_loads[dw], sp, 1);
      ld->encoding = sp ? ACO_ENC_MEM_NO_VADDR | ACO_ENC_MEM_SADDR : ACO_ENC_MEM_NO_VADDR;
      if (sp)
         ld->operands[0] = aco_opnd_temp(c->p->stack_pointer);
      ld->definitions[0] = aco_def_temp(t);
      ld->mem.offset = (int32_t)(loc->stack_offset + 4 * d) - (int32_t)stack_bytes;
      ld->reloc = outgoing ? ACO_MRELOC_OUTGOING : ACO_MRELOC_NONE;
      isel_split(c, t, dw, parts + n);
      n += dw;
   }
   aco_temp v = isel_combine(c, aco_rc_v(loc->dwords), n, parts);
   if (!uniform)
      return v;
   aco_temp u = isel_new(c, aco_rc_s(loc->dwords));
   struct aco_minstr *in = isel_emit(c, aco_op_p_as_uniform, 1, 1);
   in->operands[0] = aco_opnd_temp(v);
   in->definitions[0] = aco_def_temp(u);
   return u;
}

/* Stores argument t of a call into its slot of the outgoing area, which ends where the
 * callee's frame starts: the caller's frame size (known after aco_save_registers) minus
 * the call's stack_bytes plus the slot's offset. Without `outgoing`: a result the callee
 * gives back in the slot it found the parameter in. */
static void
store_stack_arg(struct isel_ctx *c, aco_temp t, const aco_param_location *loc,
                uint32_t stack_bytes, bool outgoing)
{
   aco_temp v = isel_as_vgpr(c, t);
   aco_temp parts[32];
   unsigned total = aco_rc_dwords(v.rc);
   isel_split(c, v, total, parts);
   for (unsigned d = 0; d < total; d += 4) {
      unsigned dw = total - d < 4 ? total - d : 4;
      aco_temp chunk = isel_combine(c, aco_rc_v(dw), dw, parts + d);
      bool sp = c->p->stack_pointer.id != 0;
      struct aco_minstr *st = isel_emit(c, stack_stores[dw], 1 + sp, 0);
      st->encoding = sp ? ACO_ENC_MEM_NO_VADDR | ACO_ENC_MEM_SADDR : ACO_ENC_MEM_NO_VADDR;
      st->operands[0] = aco_opnd_temp(chunk);
      if (sp)
         st->operands[1] = aco_opnd_temp(c->p->stack_pointer);
      st->mem.offset = (int32_t)(loc->stack_offset + 4 * d) - (int32_t)stack_bytes;
      st->reloc = outgoing ? ACO_MRELOC_OUTGOING : ACO_MRELOC_NONE;
   }
}

/* ---- the called function ---------------------------------------------------------------- */

bool
isel_is_return(const struct aco_function *f, const struct air_instr *in)
{
   if (in->op == ACO_OP_RETURN)
      return true;
   return (in->op == ACO_OP_TAIL_CALL || in->op == ACO_OP_TAIL_CALL_INDIRECT) &&
          !in->callee->abi->chain && !(f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE);
}

static bool
not_nested_return(void *ctx, struct air_instr *in)
{
   const struct aco_function *f = ctx;
   return !(isel_is_return(f, in) && in->parent != f->body);
}

/* Whether f returns (or tail-calls) from inside an if or loop. */
static bool
returns_nested(const struct aco_function *f)
{
   return !air_walk(f->body, not_nested_return, (void *)f);
}

aco_status
isel_select_function_start(struct isel_ctx *c)
{
   const struct aco_function *f = c->f;
   struct aco_call_layout *l = &c->call_layout;
   aco_status s = layout_of(c, f, l, NULL);
   if (s)
      return s;
   aco_definition *defs = aco_arena_array(&c->p->arena, aco_definition, f->num_params + 4);
   if (!defs)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   unsigned n = 0;
   const aco_param_location *ra = &l->sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS];
   const aco_param_location *sp = &l->sys[ACO_SYSTEM_PARAM_STACK_POINTER];
   c->return_address = isel_new(c, loc_rc(ra));
   defs[n++] = aco_def_fixed(c->return_address, loc_reg(ra));
   uint8_t *preserved = aco_arena_array(&c->p->arena, uint8_t, 512);
   if (!preserved)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   aco_abi_preserved_registers(f->abi, 256, 256, preserved);
   c->p->preserved = preserved;
   c->p->stack_pointer_reg = sp->reg;
   c->p->stack_pointer = isel_new(c, loc_rc(sp));
   defs[n++] = aco_def_fixed(c->p->stack_pointer, loc_reg(sp));
   bool chain = f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE;
   if (chain) {
      const aco_param_location *upc = &l->sys[ACO_SYSTEM_PARAM_UNIFORM_PC];
      const aco_param_location *dpc = &l->sys[ACO_SYSTEM_PARAM_DIVERGENT_PC];
      if (c->p->preserved[upc->reg])
         return isel_unsupported(c, NULL, "a divergent-callable function whose uniform PC "
                                 "sits in a preserved register");
      c->uniform_pc = isel_new(c, loc_rc(upc));
      defs[n++] = aco_def_fixed(c->uniform_pc, loc_reg(upc));
      c->divergent_pc = isel_new(c, loc_rc(dpc));
      defs[n++] = aco_def_fixed(c->divergent_pc, loc_reg(dpc));
   }
   for (uint32_t i = 0; i < f->num_params; i++) {
      if (l->params[i].kind == ACO_PARAM_LOC_STACK)
         continue;
      aco_temp t = isel_new(c, loc_rc(&l->params[i]));
      defs[n++] = aco_def_fixed(t, loc_reg(&l->params[i]));
      c->temps[f->params[i].value.id] = t;
   }
   struct aco_minstr *start = isel_emit(c, aco_op_p_startpgm, 0, n);
   memcpy(start->definitions, defs, n * sizeof(defs[0]));
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   for (uint32_t i = 0; i < f->num_params; i++) {
      if (l->params[i].kind != ACO_PARAM_LOC_STACK)
         continue;
      bool uniform = (f->params[i].flags & ACO_PARAM_UNIFORM) || f->params[i].type.bits == 1;
      c->temps[f->params[i].value.id] = load_stack_param(c, &l->params[i], l->stack_bytes,
                                                         uniform, false);
   }
   if (!chain && !isel_ends_wave(c) && returns_nested(f)) {
      /* returns inside ifs may be divergent: the end restores the entry's exec */
      c->entry_exec = isel_new(c, aco_rc_lane_mask(c->p->wave_size));
      struct aco_minstr *cp = isel_emit(c, c->p->wave_size == 64 ? aco_op_s_mov_b64 : aco_op_s_mov_b32, 1, 1);
      cp->operands[0] = aco_opnd_reg(aco_physreg_make(ACO_REG_EXEC_LO, 0), aco_rc_lane_mask(c->p->wave_size));
      cp->definitions[0] = aco_def_temp(c->entry_exec);
   }
   if (chain) {
      /* the body runs for the lanes that want this function */
      aco_temp cond = isel_new(c, aco_rc_lane_mask(c->p->wave_size));
      struct aco_minstr *cmp = isel_emit(c, aco_op_v_cmp_eq_u64, 2, 1);
      cmp->encoding = ACO_ENC_E64;
      cmp->operands[0] = aco_opnd_temp(c->uniform_pc);
      cmp->operands[1] = aco_opnd_temp(c->divergent_pc);
      cmp->definitions[0] = aco_def_temp(cond);
      isel_chain_guard_open(c, cond);
   }
   return c->p->status;
}

/* ---- amdgpu_cs_chain functions (docs/calls.md "Chain functions") ----------------------- */

static aco_temp function_address(struct isel_ctx *c, const struct aco_function *f);

enum { CHAIN_RSRC_SGPR = 48 }; /* gfx1030: s[48:51], the scratch descriptor */

/* Counters are unknown where a jump enters: whatever the code before it left outstanding
 * is waited for first. */
static void
wait_everything(struct isel_ctx *c)
{
   if (c->p->gfx->has_split_waits) {
      static const enum aco_opcode w[] = {aco_op_s_wait_loadcnt, aco_op_s_wait_storecnt,
                                          aco_op_s_wait_kmcnt,   aco_op_s_wait_dscnt,
                                          aco_op_s_wait_samplecnt, aco_op_s_wait_bvhcnt,
                                          aco_op_s_wait_expcnt};
      for (unsigned i = 0; i < sizeof(w) / sizeof(w[0]); i++)
         isel_emit(c, w[i], 0, 0)->imm = 0;
      return;
   }
   isel_emit(c, aco_op_s_waitcnt, 0, 0)->imm = aco_waitcnt_encode(c->p->gfx_level, 0, 0, 0);
   struct aco_minstr *vs = isel_emit(c, aco_op_s_waitcnt_vscnt, 0, 1);
   vs->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(c->p->gfx->reg_null));
   vs->imm = 0;
}

/* The start of an amdgpu_cs_chain function: its parameters where the jump left them. SGPR
 * values arrive dword by dword (the layout does not align pairs) and are put together. */
aco_status
isel_select_chain_start(struct isel_ctx *c)
{
   const struct aco_function *f = c->f;
   struct aco_call_layout *l = &c->call_layout;
   aco_status s = layout_of(c, f, l, NULL);
   if (s)
      return s;
   unsigned ndefs = l->param_regs.sgprs + f->num_params;
   aco_definition *defs = aco_arena_array(&c->p->arena, aco_definition, ndefs + 1);
   aco_temp *parts = aco_arena_array(&c->p->arena, aco_temp, l->param_regs.sgprs + 1);
   if (!defs || !parts)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   unsigned n = 0;
   for (uint32_t i = 0; i < f->num_params; i++) {
      const aco_param_location *loc = &l->params[i];
      if (loc->kind == ACO_PARAM_LOC_VGPR) {
         aco_temp t = isel_new(c, loc_rc(loc));
         defs[n++] = aco_def_fixed(t, loc_reg(loc));
         c->temps[f->params[i].value.id] = t;
         continue;
      }
      for (unsigned d = 0; d < loc->dwords; d++) {
         parts[loc->reg + d] = isel_new(c, aco_rc_s(1));
         defs[n++] = aco_def_fixed(parts[loc->reg + d], aco_sgpr(loc->reg + d));
      }
   }
   if (c->p->gfx_level == ACO_GFX1030) {
      /* the scratch descriptor, which only code of llc's reads; kept for the jumps on */
      c->chain_scratch = isel_new(c, aco_rc_s(4));
      defs[n++] = aco_def_fixed(c->chain_scratch, aco_sgpr(CHAIN_RSRC_SGPR));
   }
   struct aco_minstr *start = isel_emit(c, aco_op_p_startpgm, 0, n);
   memcpy(start->definitions, defs, n * sizeof(defs[0]));
   isel_emit(c, aco_op_p_logical_start, 0, 0);
   wait_everything(c);
   /* nothing is preserved; the save pass keeps the inactive lanes of v8 and up */
   c->p->preserved = aco_arena_zalloc(&c->p->arena, 512, 1);
   if (!c->p->preserved)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   for (uint32_t i = 0; i < f->num_params; i++) {
      const aco_param_location *loc = &l->params[i];
      if (loc->kind == ACO_PARAM_LOC_SGPR)
         c->temps[f->params[i].value.id] =
            isel_combine(c, aco_rc_s(loc->dwords), loc->dwords, parts + loc->reg);
   }
   return c->p->status;
}

/* gfx1030: the scratch buffer descriptor a jump passes in s[48:51], as LLVM's convention
 * has it for code addressing scratch through MUBUF (llc's default there): the wave's
 * scratch as one swizzled buffer (SWIZZLE_ENABLE, ADD_TID_ENABLE, index stride = wave
 * size, 4-byte elements), so that lane l's byte o is at base + (o / 4 * wave size + l) *
 * 4 + o % 4, the bytes FLAT_SCRATCH reaches at offset o, over 2^32 - 1 bytes (raw bounds).
 * An entry builds it from its scratch base (read back from FLAT_SCRATCH); a chain
 * function passes on the one it received. libaco's own code keeps addressing scratch through FLAT_SCRATCH. Id 0 on
 * other levels (they have no descriptor). */
static aco_temp
chain_scratch_rsrc(struct isel_ctx *c)
{
   if (c->p->gfx_level != ACO_GFX1030) {
      aco_temp none = {0, {0}};
      return none;
   }
   if (c->p->is_chain)
      return c->chain_scratch;
   /* the base as the entry wrote it to FLAT_SCRATCH (entries that jump always set it up,
    * air_function_calls): read back rather than kept in two SGPRs all along */
   aco_temp w[4];
   for (unsigned k = 0; k < 2; k++) {
      w[k] = isel_new(c, aco_rc_s(1));
      struct aco_minstr *gr = isel_emit(c, aco_op_s_getreg_b32, 0, 1);
      gr->definitions[0] = aco_def_temp(w[k]);
      gr->imm = (k ? 21u : 20u) | (31u << 11); /* hwreg(HW_REG_FLAT_SCR_LO/HI), all 32 bits */
   }
   /* dword 1: base[47:32], stride 0, SWIZZLE_ENABLE (bit 31) */
   aco_temp hi = isel_sop2(c, aco_op_s_and_b32, aco_opnd_temp(w[1]), aco_opnd_const(0xffffu, 32));
   w[1] = isel_sop2(c, aco_op_s_or_b32, aco_opnd_temp(hi), aco_opnd_const(1u << 31, 32));
   w[2] = isel_const_temp(c, 0xffffffffu, 1); /* num_records */
   /* dword 3: format 32_FLOAT (22 << 12), INDEX_STRIDE (2: 32, 3: 64 lanes; << 21),
    * ADD_TID_ENABLE (1 << 23), RESOURCE_LEVEL (1 << 24), OOB_SELECT raw (3 << 28) */
   uint32_t index_stride = c->p->wave_size == 64 ? 3u : 2u;
   w[3] = isel_const_temp(c, 22u << 12 | index_stride << 21 | 1u << 23 | 1u << 24 | 3u << 28, 1);
   return isel_combine(c, aco_rc_s(4), 4, w);
}

/* A tail call to an amdgpu_cs_chain function: the arguments go where its layout says, and
 * the jump leaves with this function's exec (the validator keeps it out of ifs and loops).
 * Nothing else is handed on but the gfx1030 scratch descriptor: there is no return address
 * and the callee's frame starts at 0. */
static aco_status
chain_jump(struct isel_ctx *c, const struct air_instr *in)
{
   const struct aco_function *callee = in->callee;
   bool indirect = air_op_is_indirect_call(in->op);
   if (indirect && isel_div(c, in->srcs[0]))
      return isel_unsupported(c, in, "a jump to an amdgpu_cs_chain function through a pointer "
                              "that differs between lanes");
   struct aco_call_layout l;
   aco_status s = layout_of(c, callee, &l, in);
   if (s)
      return s;
   unsigned treg = (l.param_regs.sgprs + 1) & ~1u; /* the first pair after the arguments */
   aco_temp rsrc = chain_scratch_rsrc(c);
   if (rsrc.id && treg + 2 > CHAIN_RSRC_SGPR)
      treg = CHAIN_RSRC_SGPR + 4;
   aco_operand *ops = aco_arena_array(&c->p->arena, aco_operand, l.param_regs.sgprs + callee->num_params + 2);
   if (!ops)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   aco_temp target = indirect ? isel_temp(c, in->srcs[0]) : function_address(c, callee);
   unsigned n = 0;
   for (uint32_t i = 0; i < callee->num_params; i++) {
      const aco_param_location *loc = &l.params[i];
      aco_temp t = value_for(c, in->srcs[i + indirect], loc->kind == ACO_PARAM_LOC_VGPR);
      if (!t.id)
         return isel_unsupported(c, in, "an argument of this type");
      if (loc->kind == ACO_PARAM_LOC_VGPR) {
         ops[n++] = aco_opnd_fixed_temp(t, loc_reg(loc));
         continue;
      }
      aco_temp parts[32];
      isel_split(c, t, loc->dwords, parts);
      for (unsigned d = 0; d < loc->dwords; d++)
         ops[n++] = aco_opnd_fixed_temp(parts[d], aco_sgpr(loc->reg + d));
   }
   if (rsrc.id)
      ops[n++] = aco_opnd_fixed_temp(rsrc, aco_sgpr(CHAIN_RSRC_SGPR));
   ops[n++] = aco_opnd_fixed_temp(target, aco_sgpr(treg)); /* last: where the jump goes */
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *r = isel_emit(c, aco_op_p_return, n, 0);
   memcpy(r->operands, ops, n * sizeof(ops[0]));
   r->imm = ACO_RETURN_TO_LAST;
   c->p->calls_dynamic |= indirect;
   c->p->num_calls++;
   c->block = NULL;
   return c->p->status;
}

static aco_temp
salu1(struct isel_ctx *c, enum aco_opcode op, aco_rc rc, aco_operand a)
{
   aco_temp d = isel_new(c, rc);
   struct aco_minstr *in = isel_emit(c, op, 1, 1);
   in->operands[0] = a;
   in->definitions[0] = aco_def_temp(d);
   return d;
}

/* d = scc ? a : b after comparing mask m with 0 (s_cselect reads scc right after) */
static aco_temp
select_if_any(struct isel_ctx *c, aco_temp m, aco_operand a, aco_operand b)
{
   bool w64 = c->p->wave_size == 64;
   struct aco_minstr *cmp = isel_emit(c, w64 ? aco_op_s_cmp_lg_u64 : aco_op_s_cmp_lg_u32, 2, 0);
   cmp->operands[0] = aco_opnd_temp(m);
   cmp->operands[1] = aco_opnd_const(0, w64 ? 64 : 32);
   unsigned dw = a.kind == ACO_OPND_TEMP ? aco_rc_dwords(a.temp.rc) : b.kind == ACO_OPND_TEMP
                                                                          ? aco_rc_dwords(b.temp.rc) : 1;
   aco_temp d = isel_new(c, aco_rc_s(dw));
   struct aco_minstr *sel = isel_emit(c, dw == 2 ? aco_op_s_cselect_b64 : aco_op_s_cselect_b32, 2, 1);
   sel->operands[0] = a;
   sel->operands[1] = b;
   sel->definitions[0] = aco_def_temp(d);
   c->scc_bool.id = 0;
   return d;
}

/* The end of a divergent-callable function (docs/calls.md "Divergent calls", the chain):
 * the guard closes (return values from the served lanes, the incoming ones elsewhere; the
 * served lanes' divergent PC becomes 0), then the function jumps to the divergent PC of the
 * first lane still wanting one, as the next function's uniform PC, or returns when none
 * does, handing every parameter back in both cases. A tail call (`tail`, the function's
 * last instruction) goes through the chain instead: the served lanes get its arguments
 * of return parameters and its callee as their divergent PC, so the chain reaches the
 * callee for them later; the other arguments must be the function's own parameters (the
 * chain hands those back to the caller as they came). */
static aco_status
chain_return(struct isel_ctx *c, const struct air_instr *in, const struct air_instr *tail)
{
   const struct aco_function *f = c->f;
   const struct aco_call_layout *l = &c->call_layout;
   if (c->nesting > 1)
      return isel_unsupported(c, in ? in : tail, "a return or tail call inside an if or loop "
                              "of a divergent-callable function");
   bool indirect = tail && air_op_is_indirect_call(tail->op);
   aco_temp *then_vals = aco_arena_array(&c->p->arena, aco_temp, 2 * (f->num_params + 1));
   aco_temp *else_vals = then_vals + f->num_params + 1;
   aco_temp *out = aco_arena_array(&c->p->arena, aco_temp, f->num_params + 1);
   int *merged = aco_arena_array(&c->p->arena, int, f->num_params + 1);
   aco_operand *ops = aco_arena_array(&c->p->arena, aco_operand, f->num_params + 5);
   if (!then_vals || !out || !ops || !merged)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   unsigned k = 0, next_result = 0;
   for (uint32_t i = 0; i < f->num_params; i++) {
      const aco_param_location *loc = &l->params[i];
      bool ret = f->params[i].flags & ACO_PARAM_RETURN;
      merged[i] = -1;
      if (ret && f->params[i].type.bits == 1)
         return isel_unsupported(c, in, "an i1 return parameter of a divergent-callable function");
      aco_value v;
      if (tail) {
         /* every parameter but the return ones is handed back to the caller as it came */
         v = tail->srcs[i + indirect];
         if (!ret || loc->kind != ACO_PARAM_LOC_VGPR) {
            if (v.id != f->params[i].value.id)
               return isel_unsupported(c, tail, "a tail call in a divergent-callable function "
                                       "passing other than its own parameter for one that is "
                                       "not a return parameter in VGPRs");
            continue;
         }
      } else if (ret) {
         if (!in || next_result >= in->num_srcs)
            return isel_unsupported(c, in, "a return without a value for every return parameter");
         v = in->srcs[next_result++];
      } else {
         continue;
      }
      then_vals[k] = value_for(c, v, loc->kind == ACO_PARAM_LOC_VGPR);
      else_vals[k] = c->temps[f->params[i].value.id];
      if (!then_vals[k].id || aco_rc_is_vgpr(then_vals[k].rc) != aco_rc_is_vgpr(else_vals[k].rc))
         return isel_unsupported(c, in ? in : tail, "a return value of this type");
      merged[i] = (int)k++;
   }
   if (tail) {
      /* the served lanes want the callee next */
      aco_temp target = indirect ? isel_temp(c, tail->srcs[0]) : function_address(c, tail->callee);
      then_vals[k] = aco_rc_is_vgpr(target.rc) ? target : isel_as_vgpr(c, target);
      c->p->calls_dynamic |= indirect;
   } else {
      then_vals[k] = isel_as_vgpr(c, isel_const_temp(c, 0, 2)); /* served */
   }
   else_vals[k] = c->divergent_pc;
   isel_chain_guard_close(c, k + 1, then_vals, else_vals, out);
   aco_temp dpc = out[k];

   /* the lanes still wanting a function, and the first one's */
   bool w64 = c->p->wave_size == 64;
   aco_temp want = isel_new(c, aco_rc_lane_mask(c->p->wave_size));
   struct aco_minstr *cmp = isel_emit(c, aco_op_v_cmp_ne_u64, 2, 1);
   cmp->encoding = ACO_ENC_E64;
   cmp->operands[0] = aco_opnd_const(0, 64);
   cmp->operands[1] = aco_opnd_temp(dpc);
   cmp->definitions[0] = aco_def_temp(want);
   aco_operand exec = aco_opnd_reg(aco_physreg_make(ACO_REG_EXEC_LO, 0), aco_rc_lane_mask(c->p->wave_size));
   aco_temp lanes = select_if_any(c, want, aco_opnd_temp(want), exec);
   aco_temp lane = salu1(c, w64 ? aco_op_s_ctz_i32_b64 : aco_op_s_ctz_i32_b32, aco_rc_s(1),
                         aco_opnd_temp(lanes));
   aco_temp next_pc = isel_read_pair(c, dpc, lane);
   aco_temp target = select_if_any(c, want, aco_opnd_temp(next_pc), aco_opnd_temp(c->return_address));

   isel_emit(c, aco_op_p_logical_end, 0, 0);
   unsigned n = 0;
   ops[n++] = aco_opnd_fixed_temp(c->return_address, loc_reg(&l->sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS]));
   ops[n++] = aco_opnd_fixed_temp(c->p->stack_pointer, loc_reg(&l->sys[ACO_SYSTEM_PARAM_STACK_POINTER]));
   ops[n++] = aco_opnd_fixed_temp(dpc, loc_reg(&l->sys[ACO_SYSTEM_PARAM_DIVERGENT_PC]));
   for (uint32_t i = 0; i < f->num_params; i++) {
      const aco_param_location *loc = &l->params[i];
      if (loc->kind == ACO_PARAM_LOC_STACK)
         continue;
      aco_temp t = merged[i] >= 0 ? out[merged[i]] : c->temps[f->params[i].value.id];
      ops[n++] = aco_opnd_fixed_temp(t, loc_reg(loc));
   }
   /* the jump target goes where the next function expects its uniform PC */
   ops[n++] = aco_opnd_fixed_temp(target, loc_reg(&l->sys[ACO_SYSTEM_PARAM_UNIFORM_PC]));
   struct aco_minstr *r = isel_emit(c, aco_op_p_return, n, 0);
   memcpy(r->operands, ops, n * sizeof(ops[0]));
   r->imm = ACO_RETURN_TO_LAST;
   return c->p->status;
}

/* p_return with the values of `in` (a return; NULL: none) or, for a tail call, the
 * results of the call just made (vals). */
bool
isel_ends_wave(const struct isel_ctx *c)
{
   return c->p->is_entry || (c->f->flags & ACO_FUNCTION_NORETURN);
}

static aco_status
emit_return(struct isel_ctx *c, const struct air_instr *in, const aco_temp *vals)
{
   const struct aco_function *f = c->f;
   if (isel_ends_wave(c)) {
      /* a noreturn function's calls are the last thing of the wave (the validator sees
       * to it), so it ends the wave as an entry does, and owes nobody anything */
      isel_emit(c, aco_op_p_logical_end, 0, 0);
      isel_emit(c, aco_op_p_return, 0, 0)->imm = c->p->is_entry ? 0 : ACO_RETURN_END;
      return c->p->status;
   }
   if (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE) {
      if (vals)
         return isel_unsupported(c, in, "a tail call in a divergent-callable function");
      return chain_return(c, in, NULL);
   }
   const struct aco_call_layout *l = &c->call_layout;
   if (c->entry_exec.id && (!vals || c->returns.e.len || c->div_ifs.len || c->masks.len)) {
      /* the results by lane: a divergent return site sends its own, the end merges (a
       * tail call inside divergent control flow, or after a return there, was made a
       * call: its results are returned here) */
      unsigned nret = air_num_return_params(f), k = 0;
      aco_temp *rv = aco_arena_array(&c->p->arena, aco_temp, nret + 1);
      if (!rv)
         return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
      /* results meet lanes that returned elsewhere: uniform and i1 ones go by lane too */
      bool by_lane = !c->block || c->div_ifs.len || c->masks.len || c->returns.e.len;
      for (uint32_t i = 0; i < f->num_params && c->block; i++) {
         if (!(f->params[i].flags & ACO_PARAM_RETURN))
            continue;
         bool vgpr = param_in_vgprs(f, i, &l->params[i]);
         if (vals && vgpr && !aco_rc_is_vgpr(vals[k].rc))
            return isel_unsupported(c, in, "a tail call whose results change register file");
         if (!vals && (!in || k >= in->num_srcs))
            return isel_unsupported(c, in, "a return without a value for every return parameter");
         rv[k] = vals ? vals[k] : value_for(c, in->srcs[k], vgpr);
         if (!vgpr && by_lane) /* merged in a VGPR, made uniform or a lane mask at the end */
            rv[k] = f->params[i].type.bits == 1 ? lanes_of_mask(c, rv[k]) : isel_as_vgpr(c, rv[k]);
         k++;
      }
      if (c->block && (c->div_ifs.len || c->masks.len)) {
         isel_return_site(c, nret, rv);
         return c->p->status;
      }
      if (c->block && c->returns.e.len && c->nesting > 1) {
         /* inside uniform ifs: every lane still running returns, straight to the end (a
          * loop with a return after such a return is divergent: loop_returns_divergent) */
         if (c->loop)
            return isel_unsupported(c, in, "a return inside a uniform loop after a return "
                                    "inside divergent control flow");
         isel_return_all(c, nret, rv);
         return c->p->status;
      }
      isel_returns_join(c, nret, rv);
      for (uint32_t i = 0, r = 0; i < f->num_params; i++) {
         if (!(f->params[i].flags & ACO_PARAM_RETURN))
            continue;
         if (!param_in_vgprs(f, i, &l->params[i]) && by_lane)
            rv[r] = f->params[i].type.bits == 1 ? mask_of_lanes(c, rv[r])
                                                : value_for_temp(c, rv[r]);
         r++;
      }
      vals = rv;
   }
   aco_operand *ops = aco_arena_array(&c->p->arena, aco_operand, f->num_params + 2);
   if (!ops)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   unsigned n = 0, next_result = 0;
   ops[n++] = aco_opnd_fixed_temp(c->return_address, loc_reg(&l->sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS]));
   ops[n++] = aco_opnd_fixed_temp(c->p->stack_pointer, loc_reg(&l->sys[ACO_SYSTEM_PARAM_STACK_POINTER]));
   for (uint32_t i = 0; i < f->num_params; i++) {
      const aco_param_location *loc = &l->params[i];
      aco_temp t = {0, {0}};
      if ((f->params[i].flags & ACO_PARAM_RETURN) && vals) {
         t = vals[next_result++];
         if (t.id && loc->kind != ACO_PARAM_LOC_STACK &&
             aco_rc_is_vgpr(t.rc) != (loc->kind == ACO_PARAM_LOC_VGPR))
            return isel_unsupported(c, in, "a tail call whose results change register file");
      } else if (f->params[i].flags & ACO_PARAM_RETURN) {
         if (!in || next_result >= in->num_srcs)
            return isel_unsupported(c, in, "a return without a value for every return parameter");
         t = value_for(c, in->srcs[next_result++], param_in_vgprs(f, i, loc));
      } else if (loc->written_back) {
         t = c->temps[f->params[i].value.id];
      } else {
         continue;
      }
      if (!t.id)
         return isel_unsupported(c, in, "a return value of this type");
      if (loc->kind == ACO_PARAM_LOC_STACK) /* where the caller finds it after the call */
         store_stack_arg(c, t, loc, l->stack_bytes, false);
      else
         ops[n++] = aco_opnd_fixed_temp(t, loc_reg(loc));
   }
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *r = isel_emit(c, aco_op_p_return, n, 0);
   memcpy(r->operands, ops, n * sizeof(ops[0]));
   return c->p->status;
}

aco_status
isel_select_return(struct isel_ctx *c, const struct air_instr *in)
{
   return emit_return(c, in, NULL);
}

/* ---- call sites ------------------------------------------------------------------------ */

/* The callee's registers it may overwrite in the calling lanes, as fixed definitions
 * without temporaries: runs of its ABI's clobbered registers (at most 31 dwords each)
 * that no parameter handed back or result occupies; then vcc, m0 and scc. Returns how
 * many; fills out when not NULL. */
static unsigned
clobber_defs(struct isel_ctx *c, const struct aco_function *callee,
             const struct aco_call_layout *l, aco_definition *out)
{
   uint8_t keep[512];
   aco_abi_preserved_registers(callee->abi, 256, 256, keep);
   for (unsigned k = 0; k < ACO_SYSTEM_PARAM_COUNT + l->num_params; k++) {
      const aco_param_location *loc = k < ACO_SYSTEM_PARAM_COUNT ? &l->sys[k]
                                                                 : &l->params[k - ACO_SYSTEM_PARAM_COUNT];
      if (loc->kind != ACO_PARAM_LOC_SGPR && loc->kind != ACO_PARAM_LOC_VGPR)
         continue;
      bool result = k >= ACO_SYSTEM_PARAM_COUNT &&
                    (callee->params[k - ACO_SYSTEM_PARAM_COUNT].flags & ACO_PARAM_RETURN);
      if (!loc->written_back && !result && k != ACO_SYSTEM_PARAM_RETURN_ADDRESS)
         continue;
      if (k == ACO_SYSTEM_PARAM_UNIFORM_PC || k == ACO_SYSTEM_PARAM_DIVERGENT_PC)
         continue; /* the chain changes them */
      unsigned base = loc->kind == ACO_PARAM_LOC_VGPR ? 256 : 0;
      for (unsigned d = 0; d < loc->dwords; d++)
         keep[base + loc->reg + d] = 1;
   }
   unsigned n = 0;
   for (unsigned file = 0; file < 2; file++) {
      unsigned count = file ? 256 : ACO_SGPR_COUNT;
      for (unsigned r = 0; r < count;) {
         if (keep[file * 256 + r]) {
            r++;
            continue;
         }
         unsigned len = 1;
         while (r + len < count && len < 31 && !keep[file * 256 + r + len])
            len++;
         aco_rc rc = file ? aco_rc_v(len) : aco_rc_s(len);
         if (out)
            out[n] = aco_def_fixed(aco_temp_make(0, rc), file ? aco_vgpr(r) : aco_sgpr(r));
         n++;
         r += len;
      }
   }
   if (out) {
      out[n] = aco_def_fixed(aco_temp_make(0, aco_rc_lane_mask(c->p->wave_size)),
                             aco_physreg_make(ACO_REG_VCC_LO, 0));
      out[n + 1] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)),
                                 aco_physreg_make(c->p->gfx->reg_m0, 0));
      out[n + 2] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_physreg_make(ACO_REG_SCC, 0));
   }
   return n + 3;
}

/* The address of function f (an SGPR pair): p_call and func_addr take it from here. */
static aco_temp
function_address(struct isel_ctx *c, const struct aco_function *f)
{
   aco_temp d = isel_new(c, aco_rc_s(2));
   struct aco_minstr *in = isel_emit(c, aco_op_p_function_address, 0, 2);
   in->definitions[0] = aco_def_temp(d);
   /* the PC-relative addition writes scc */
   in->definitions[1] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_physreg_make(ACO_REG_SCC, 0));
   in->imm = f->index;
   c->scc_bool.id = 0;
   return d;
}

static aco_status select_call_site(struct isel_ctx *c, const struct air_instr *in);
static aco_status try_tail_jump(struct isel_ctx *c, const struct air_instr *in, bool *done);
static aco_status emit_call(struct isel_ctx *c, const struct air_instr *in, aco_temp target,
                            aco_temp dpc);

/* Whether a and b take the same parameters (types and flags, in order). */
static bool
same_params(const struct aco_function *a, const struct aco_function *b)
{
   if (a->num_params != b->num_params)
      return false;
   for (uint32_t i = 0; i < a->num_params; i++)
      if (!aco_type_equal(a->params[i].type, b->params[i].type) ||
          a->params[i].flags != b->params[i].flags)
         return false;
   return true;
}

aco_status
isel_select_call(struct isel_ctx *c, const struct air_instr *in)
{
   const struct aco_function *callee = in->callee;
   if (in->op == ACO_OP_FUNC_ADDR) {
      c->temps[in->defs[0].id] = function_address(c, callee);
      return c->p->status;
   }
   bool tail = in->op == ACO_OP_TAIL_CALL || in->op == ACO_OP_TAIL_CALL_INDIRECT;
   if (tail && callee->abi->chain)
      return chain_jump(c, in);
   if (tail && (c->f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE)) {
      /* through the chain: the callee serves these lanes when the chain reaches it */
      if (!(callee->flags & ACO_FUNCTION_DIVERGENT_CALLABLE) || !same_params(c->f, callee))
         return isel_unsupported(c, in, "a tail call in a divergent-callable function to a "
                                 "function that is not divergent-callable with the same "
                                 "parameters");
      aco_status s = chain_return(c, NULL, in);
      c->block = NULL;
      return s ? s : c->p->status;
   }
   bool divergent_here = isel_in_divergent_cf(c);
   if (tail) {
      /* a jump when the conditions hold, otherwise a call and a return of its results:
       * the same values, but a frame per link of the chain (docs/calls.md "Tail calls") */
      if (c->p->is_entry)
         return isel_unsupported(c, in, "a tail call from an entry function");
      bool in_loop;
      if (divergent_here && isel_ends_wave(c))
         return isel_unsupported(c, in, "a tail call inside divergent control flow of a "
                                 "noreturn function");
      if (divergent_here && (!c->entry_exec.id || !isel_return_loops_ok(c, &in_loop)))
         return isel_unsupported(c, in, "a tail call inside a loop nested in a divergent loop");
      /* inside divergent control flow, or after a return there, the lanes that return
       * wait at the end for the others: a call, whose results a return site or the end
       * merges with theirs */
      if (!c->returns.e.len && !divergent_here) {
         bool done = false;
         aco_status s = try_tail_jump(c, in, &done);
         if (s || done)
            return s;
      }
      c->tail_results = aco_arena_array(&c->p->arena, aco_temp, callee->num_params + 1);
      if (!c->tail_results)
         return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   }
   aco_status s = select_call_site(c, in);
   if (s || !tail)
      return s;
   s = emit_return(c, in, c->tail_results);
   c->tail_results = NULL;
   if (!divergent_here) /* a return site goes on with the lanes that did not return */
      c->block = NULL;
   return s ? s : c->p->status;
}

static bool
same_loc(const aco_param_location *a, const aco_param_location *b)
{
   return a->kind == b->kind && a->reg == b->reg && a->dwords == b->dwords;
}

static bool
loc_overlaps(const aco_param_location *l, unsigned sgpr, unsigned n)
{
   return l->kind == ACO_PARAM_LOC_SGPR && sgpr < l->reg + l->dwords && l->reg < sgpr + n;
}

/* A tail call as a jump (docs/calls.md "Tail calls"): the callee hands back what this
 * function must (its return address, stack pointer and the parameters it passes through
 * unchanged in the same registers) and returns its results where this function's caller
 * expects them; this function's register saves are restored before the s_setpc_b64 and its
 * frame is gone (the stack pointer is the incoming one). *done tells whether it applied. */
static aco_status
try_tail_jump(struct isel_ctx *c, const struct air_instr *in, bool *done)
{
   const struct aco_function *f = c->f, *callee = in->callee;
   const struct aco_call_layout *own = &c->call_layout;
   bool indirect = air_op_is_indirect_call(in->op);
   *done = false;
   if ((callee->flags | f->flags) & ACO_FUNCTION_DIVERGENT_CALLABLE ||
       (indirect && isel_div(c, in->srcs[0])) || own->stack_bytes)
      return ACO_SUCCESS;
   struct aco_call_layout l;
   aco_status s = layout_of(c, callee, &l, in);
   if (s)
      return s;
   if (l.stack_bytes || !same_loc(&l.sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS],
                                  &own->sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS]) ||
       !same_loc(&l.sys[ACO_SYSTEM_PARAM_STACK_POINTER], &own->sys[ACO_SYSTEM_PARAM_STACK_POINTER]))
      return ACO_SUCCESS;
   /* results where this function's caller wants them */
   for (uint32_t i = 0, j = 0; i < callee->num_params; i++) {
      if (!(callee->params[i].flags & ACO_PARAM_RETURN))
         continue;
      while (j < f->num_params && !(f->params[j].flags & ACO_PARAM_RETURN))
         j++;
      if (j == f->num_params || !same_loc(&l.params[i], &own->params[j]))
         return ACO_SUCCESS;
      j++;
   }
   /* what the callee hands back is what this function owes: each parameter this function
    * must hand back is passed through unchanged in the same registers, and the callee
    * hands back nothing else in a register this function must keep */
   for (uint32_t j = 0; j < f->num_params; j++) {
      const aco_param_location *mine = &own->params[j];
      bool owed = !(f->params[j].flags & (ACO_PARAM_RETURN | ACO_PARAM_DISCARDABLE));
      if (!owed)
         continue;
      bool matched = false;
      for (uint32_t i = 0; i < callee->num_params && !matched; i++)
         matched = !(callee->params[i].flags & (ACO_PARAM_RETURN | ACO_PARAM_DISCARDABLE)) &&
                   same_loc(&l.params[i], mine) &&
                   in->srcs[i + indirect].id == f->params[j].value.id;
      if (!matched)
         return ACO_SUCCESS;
   }
   for (uint32_t i = 0; i < callee->num_params; i++) {
      bool handed_back = !(callee->params[i].flags & (ACO_PARAM_RETURN | ACO_PARAM_DISCARDABLE));
      if (!handed_back)
         continue;
      bool ok = false;
      for (uint32_t j = 0; j < f->num_params && !ok; j++)
         ok = same_loc(&l.params[i], &own->params[j]) &&
              in->srcs[i + indirect].id == f->params[j].value.id;
      if (!ok)
         return ACO_SUCCESS;
   }
   /* the target: a pair this function may clobber that no parameter of the callee uses */
   int treg = -1;
   for (unsigned r = 0; r + 1 < ACO_SGPR_COUNT && treg < 0; r += 2) {
      bool free_pair = !c->p->preserved[r] && !c->p->preserved[r + 1];
      for (unsigned k = 0; k < ACO_SYSTEM_PARAM_COUNT && free_pair; k++)
         free_pair = !loc_overlaps(&l.sys[k], r, 2);
      for (uint32_t i = 0; i < callee->num_params && free_pair; i++)
         free_pair = !loc_overlaps(&l.params[i], r, 2);
      if (free_pair)
         treg = (int)r;
   }
   if (treg < 0)
      return ACO_SUCCESS;

   aco_temp target = indirect ? isel_temp(c, in->srcs[0]) : function_address(c, callee);
   aco_operand *ops = aco_arena_array(&c->p->arena, aco_operand, callee->num_params + 3);
   if (!ops)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   unsigned n = 0;
   ops[n++] = aco_opnd_fixed_temp(c->return_address, loc_reg(&own->sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS]));
   ops[n++] = aco_opnd_fixed_temp(c->p->stack_pointer, loc_reg(&own->sys[ACO_SYSTEM_PARAM_STACK_POINTER]));
   for (uint32_t i = 0; i < callee->num_params; i++) {
      bool per_lane = l.params[i].kind == ACO_PARAM_LOC_VGPR;
      aco_temp t = value_for(c, in->srcs[i + indirect], per_lane);
      if (!t.id)
         return isel_unsupported(c, in, "an argument of this type");
      ops[n++] = aco_opnd_fixed_temp(t, loc_reg(&l.params[i]));
   }
   ops[n++] = aco_opnd_fixed_temp(target, aco_sgpr((unsigned)treg));
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   struct aco_minstr *r = isel_emit(c, aco_op_p_return, n, 0);
   memcpy(r->operands, ops, n * sizeof(ops[0]));
   r->imm = ACO_RETURN_TO_LAST;
   c->p->calls_dynamic |= indirect;
   c->block = NULL;
   *done = true;
   return c->p->status;
}

static aco_status
select_call_site(struct isel_ctx *c, const struct air_instr *in)
{
   const struct aco_function *callee = in->callee;
   bool indirect = air_op_is_indirect_call(in->op);
   if (callee->flags & ACO_FUNCTION_DIVERGENT_CALLABLE) {
      /* the chain: the callee wanted by the first lane first, each then passing on */
      aco_temp ptr = indirect ? isel_temp(c, in->srcs[0]) : function_address(c, callee);
      aco_temp dpc = aco_rc_is_vgpr(ptr.rc) ? copy_of(c, ptr) : isel_as_vgpr(c, ptr);
      aco_temp upc = aco_rc_is_vgpr(ptr.rc) ? isel_read_pair(c, ptr, aco_temp_make(0, aco_rc_s(1)))
                                            : ptr;
      c->p->calls_dynamic |= indirect;
      if (!aco_rc_is_vgpr(ptr.rc))
         return emit_call(c, in, upc, dpc);
      struct isel_skip skip;
      isel_skip_begin(c, &skip);
      aco_status s = emit_call(c, in, upc, dpc);
      isel_skip_end(c, &skip, 0, NULL);
      return s ? s : c->p->status;
   }
   if (indirect && isel_div(c, in->srcs[0]) && (callee->flags & ACO_FUNCTION_NORETURN))
      return isel_unsupported(c, in, "a call to a noreturn function through a pointer that "
                              "differs between lanes (the first callee would end the wave)");
   if (indirect && isel_div(c, in->srcs[0])) {
      c->p->calls_dynamic = true;
      struct isel_skip skip;
      isel_skip_begin(c, &skip);
      aco_status s = isel_select_waterfall(c, in);
      /* i1 results are lane masks defined in the skipped region */
      aco_temp masks[256];
      unsigned nmasks = 0;
      for (unsigned k = 0; k < in->num_defs && k < 256 && !s; k++)
         if (air_value(c->f, in->defs[k])->type.bits == 1)
            masks[nmasks++] = c->temps[in->defs[k].id];
      isel_skip_end(c, &skip, nmasks, masks);
      for (unsigned k = 0, m = 0; k < in->num_defs && k < 256 && !s; k++)
         if (air_value(c->f, in->defs[k])->type.bits == 1)
            c->temps[in->defs[k].id] = masks[m++];
      return s ? s : c->p->status;
   }
   aco_temp target;
   if (indirect) {
      target = isel_temp(c, in->srcs[0]);
      c->p->calls_dynamic = true;
   } else {
      target = function_address(c, callee);
   }
   return isel_emit_call(c, in, target);
}

aco_status
isel_emit_call(struct isel_ctx *c, const struct air_instr *in, aco_temp target)
{
   return emit_call(c, in, target, aco_temp_make(0, aco_rc_v(2)));
}

/* p_call to `target`; for a divergent-callable callee, dpc is each lane's wanted function
 * and target the first lane's (the uniform PC). */
static aco_status
emit_call(struct isel_ctx *c, const struct air_instr *in, aco_temp target, aco_temp dpc)
{
   const struct aco_function *callee = in->callee;
   bool indirect = air_op_is_indirect_call(in->op);
   struct aco_call_layout l;
   aco_status s = layout_of(c, callee, &l, in);
   if (s)
      return s;
   unsigned nargs = callee->num_params;
   unsigned nclobbers = clobber_defs(c, callee, &l, NULL);
   if (nargs + 4 > 255 || nargs + 1 + nclobbers > 255)
      return isel_unsupported(c, in, "a call with this many parameters and clobbered register runs");
   aco_operand *ops = aco_arena_array(&c->p->arena, aco_operand, nargs + 4);
   aco_definition *defs = aco_arena_array(&c->p->arena, aco_definition, nargs + 1 + nclobbers);
   if (!ops || !defs)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   const aco_param_location *sp = &l.sys[ACO_SYSTEM_PARAM_STACK_POINTER];
   aco_temp sp_val = c->p->stack_pointer.id ? c->p->stack_pointer : isel_const_temp(c, 0, 1);
   unsigned nops = 0, ndefs = 0;
   ops[nops++] = aco_opnd_fixed_temp(sp_val, loc_reg(sp));
   ops[nops++] = aco_opnd_temp(target);
   if (dpc.id) {
      ops[nops++] = aco_opnd_fixed_temp(copy_of(c, target), loc_reg(&l.sys[ACO_SYSTEM_PARAM_UNIFORM_PC]));
      ops[nops++] = aco_opnd_fixed_temp(dpc, loc_reg(&l.sys[ACO_SYSTEM_PARAM_DIVERGENT_PC]));
   }
   for (uint32_t i = 0; i < nargs; i++) {
      const aco_param_location *loc = &l.params[i];
      if (loc->kind == ACO_PARAM_LOC_STACK) {
         aco_temp t = isel_temp(c, in->srcs[i + indirect]);
         if (!t.id)
            return isel_unsupported(c, in, "an argument of this type");
         store_stack_arg(c, t, loc, l.stack_bytes, true);
         continue;
      }
      aco_temp t = value_for(c, in->srcs[i + indirect], loc->kind == ACO_PARAM_LOC_VGPR);
      if (!t.id)
         return isel_unsupported(c, in, "an argument of this type");
      if (!loc->preserved && !loc->written_back)
         t = copy_of(c, t); /* dies at the call: the callee overwrites its register */
      ops[nops++] = aco_opnd_fixed_temp(t, loc_reg(loc));
   }
   if (l.stack_bytes > c->p->outgoing_bytes)
      c->p->outgoing_bytes = l.stack_bytes;
   const aco_param_location *ra = &l.sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS];
   defs[ndefs++] = aco_def_fixed(isel_new(c, loc_rc(ra)), loc_reg(ra));
   unsigned next_result = 0;
   for (uint32_t i = 0; i < nargs; i++) {
      if (!(callee->params[i].flags & ACO_PARAM_RETURN))
         continue;
      if (l.params[i].kind == ACO_PARAM_LOC_STACK) {
         next_result++; /* loaded after the call */
         continue;
      }
      aco_temp r = isel_new(c, loc_rc(&l.params[i]));
      defs[ndefs++] = aco_def_fixed(r, loc_reg(&l.params[i]));
      if (c->tail_results)
         c->tail_results[next_result++] = r;
      else if (next_result < in->num_defs)
         c->temps[in->defs[next_result++].id] = r;
   }
   ndefs += clobber_defs(c, callee, &l, defs + ndefs);
   uint8_t kept[512];
   aco_abi_preserved_registers(callee->abi, 256, 256, kept);
   for (unsigned v = 0; v < 256; v++)
      if (!kept[256 + v])
         c->p->call_clobbered_vgprs[v / 32] |= 1u << (v % 32);
   struct aco_minstr *call = isel_emit(c, aco_op_p_call, nops, ndefs); /* nops <= nargs + 2 */
   memcpy(call->operands, ops, nops * sizeof(ops[0]));
   memcpy(call->definitions, defs, ndefs * sizeof(defs[0]));
   call->imm = l.stack_bytes;
   c->scc_bool.id = 0;
   c->p->num_calls++;
   /* results on the stack: where the callee stored them, in the outgoing area */
   next_result = 0;
   for (uint32_t i = 0; i < nargs; i++) {
      if (!(callee->params[i].flags & ACO_PARAM_RETURN))
         continue;
      unsigned k = next_result++;
      if (l.params[i].kind != ACO_PARAM_LOC_STACK)
         continue;
      bool uniform = (callee->params[i].flags & ACO_PARAM_UNIFORM) || callee->params[i].type.bits == 1;
      aco_temp r = load_stack_param(c, &l.params[i], l.stack_bytes, uniform, true);
      if (c->tail_results)
         c->tail_results[k] = r;
      else if (k < in->num_defs)
         c->temps[in->defs[k].id] = r;
   }
   return c->p->status;
}
