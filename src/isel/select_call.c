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

/* Value v in the class a parameter location needs: VGPR values of SGPR temporaries are
 * copied, uniform parameters of a value the divergence analysis could not prove uniform
 * read the first active lane (the IR requires the same value in every calling lane). */
static aco_temp
value_for(struct isel_ctx *c, aco_value v, const aco_param_location *l)
{
   aco_temp t = isel_temp(c, v);
   if (!t.id)
      return t;
   if (l->kind == ACO_PARAM_LOC_VGPR)
      return isel_as_vgpr(c, t);
   if (!aco_rc_is_vgpr(t.rc))
      return t;
   aco_temp d = isel_new(c, aco_rc_s(aco_rc_dwords(t.rc)));
   struct aco_minstr *in = isel_emit(c, aco_op_p_as_uniform, 1, 1);
   in->operands[0] = aco_opnd_temp(t);
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
   if (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE)
      return isel_unsupported(c, at, "a divergent-callable function (the call chain)");
   for (uint32_t i = 0; i < f->num_params; i++)
      if (l->params[i].kind == ACO_PARAM_LOC_STACK && (f->params[i].flags & ACO_PARAM_RETURN))
         return isel_unsupported(c, at, "a return parameter passed on the stack");
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
 * its copy; a uniform one is read from the first active lane). */
static aco_temp
load_stack_param(struct isel_ctx *c, const aco_param_location *loc, uint32_t stack_bytes,
                 bool uniform)
{
   aco_temp parts[32];
   unsigned n = 0;
   for (unsigned d = 0; d < loc->dwords; d += 4) {
      unsigned dw = loc->dwords - d < 4 ? loc->dwords - d : 4;
      aco_temp t = isel_new(c, aco_rc_v(dw));
      struct aco_minstr *ld = isel_emit(c, stack_loads[dw], 1, 1);
      ld->encoding = ACO_ENC_MEM_NO_VADDR | ACO_ENC_MEM_SADDR;
      ld->operands[0] = aco_opnd_temp(c->p->stack_pointer);
      ld->definitions[0] = aco_def_temp(t);
      ld->mem.offset = (int32_t)(loc->stack_offset + 4 * d) - (int32_t)stack_bytes;
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
 * the call's stack_bytes plus the slot's offset. */
static void
store_stack_arg(struct isel_ctx *c, aco_temp t, const aco_param_location *loc,
                uint32_t stack_bytes)
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
      st->reloc = ACO_MRELOC_OUTGOING;
   }
}

/* ---- the called function ---------------------------------------------------------------- */

aco_status
isel_select_function_start(struct isel_ctx *c)
{
   const struct aco_function *f = c->f;
   struct aco_call_layout *l = &c->call_layout;
   aco_status s = layout_of(c, f, l, NULL);
   if (s)
      return s;
   aco_definition *defs = aco_arena_array(&c->p->arena, aco_definition, f->num_params + 2);
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
      c->temps[f->params[i].value.id] = load_stack_param(c, &l->params[i], l->stack_bytes, uniform);
   }
   return c->p->status;
}

/* p_return with the values of `in` (a return; NULL: none) or, for a tail call, the
 * results of the call just made (vals). */
static aco_status
emit_return(struct isel_ctx *c, const struct air_instr *in, const aco_temp *vals)
{
   const struct aco_function *f = c->f;
   isel_emit(c, aco_op_p_logical_end, 0, 0);
   if (c->p->is_entry) {
      isel_emit(c, aco_op_p_return, 0, 0);
      return c->p->status;
   }
   const struct aco_call_layout *l = &c->call_layout;
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
         if (t.id && aco_rc_is_vgpr(t.rc) != (loc->kind == ACO_PARAM_LOC_VGPR))
            return isel_unsupported(c, in, "a tail call whose results change register file");
      } else if (f->params[i].flags & ACO_PARAM_RETURN) {
         if (!in || next_result >= in->num_srcs)
            return isel_unsupported(c, in, "a return without a value for every return parameter");
         t = value_for(c, in->srcs[next_result++], loc);
      } else if (loc->written_back) {
         t = c->temps[f->params[i].value.id];
      } else {
         continue;
      }
      if (!t.id)
         return isel_unsupported(c, in, "a return value of this type");
      ops[n++] = aco_opnd_fixed_temp(t, loc_reg(loc));
   }
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

aco_status
isel_select_call(struct isel_ctx *c, const struct air_instr *in)
{
   const struct aco_function *callee = in->callee;
   if (in->op == ACO_OP_FUNC_ADDR) {
      c->temps[in->defs[0].id] = function_address(c, callee);
      return c->p->status;
   }
   bool tail = in->op == ACO_OP_TAIL_CALL || in->op == ACO_OP_TAIL_CALL_INDIRECT;
   if (tail) {
      /* a call and a return of its results: the same values, but a frame per link of
       * the chain (docs/calls.md "Tail calls") */
      if (c->div_ifs.len || (c->loop && c->loop->divergent) || c->masks.len)
         return isel_unsupported(c, in, "a tail call inside divergent control flow");
      if (c->p->is_entry)
         return isel_unsupported(c, in, "a tail call from an entry function");
      c->tail_results = aco_arena_array(&c->p->arena, aco_temp, callee->num_params + 1);
      if (!c->tail_results)
         return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   }
   aco_status s = select_call_site(c, in);
   if (s || !tail)
      return s;
   s = emit_return(c, in, c->tail_results);
   c->tail_results = NULL;
   c->block = NULL;
   return s ? s : c->p->status;
}

static aco_status
select_call_site(struct isel_ctx *c, const struct air_instr *in)
{
   const struct aco_function *callee = in->callee;
   bool indirect = air_op_is_indirect_call(in->op);
   if (indirect && isel_div(c, in->srcs[0])) {
      /* results in SGPRs would be overwritten by each trip of the waterfall */
      for (uint32_t i = 0; i < callee->num_params; i++)
         if ((callee->params[i].flags & ACO_PARAM_RETURN) &&
             ((callee->params[i].flags & ACO_PARAM_UNIFORM) || callee->params[i].type.bits == 1))
            return isel_unsupported(c, in, "a uniform or i1 return parameter of a call through "
                                    "a pointer that differs between lanes");
      c->p->calls_dynamic = true;
      return isel_select_waterfall(c, in);
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
   const struct aco_function *callee = in->callee;
   bool indirect = air_op_is_indirect_call(in->op);
   struct aco_call_layout l;
   aco_status s = layout_of(c, callee, &l, in);
   if (s)
      return s;
   unsigned nargs = callee->num_params;
   unsigned nclobbers = clobber_defs(c, callee, &l, NULL);
   if (nargs + 2 > 255 || nargs + 1 + nclobbers > 255)
      return isel_unsupported(c, in, "a call with this many parameters and clobbered register runs");
   aco_operand *ops = aco_arena_array(&c->p->arena, aco_operand, nargs + 2);
   aco_definition *defs = aco_arena_array(&c->p->arena, aco_definition, nargs + 1 + nclobbers);
   if (!ops || !defs)
      return aco_mprogram_error(c->p, ACO_ERROR_OUT_OF_MEMORY, "instruction selection: out of memory");
   const aco_param_location *sp = &l.sys[ACO_SYSTEM_PARAM_STACK_POINTER];
   aco_temp sp_val = c->p->stack_pointer.id ? c->p->stack_pointer : isel_const_temp(c, 0, 1);
   unsigned nops = 0, ndefs = 0;
   ops[nops++] = aco_opnd_fixed_temp(sp_val, loc_reg(sp));
   ops[nops++] = aco_opnd_temp(target);
   for (uint32_t i = 0; i < nargs; i++) {
      const aco_param_location *loc = &l.params[i];
      if (loc->kind == ACO_PARAM_LOC_STACK) {
         aco_temp t = isel_temp(c, in->srcs[i + indirect]);
         if (!t.id)
            return isel_unsupported(c, in, "an argument of this type");
         store_stack_arg(c, t, loc, l.stack_bytes);
         continue;
      }
      aco_temp t = value_for(c, in->srcs[i + indirect], loc);
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
   if (!memchr(kept + 256, 1, 256))
      c->p->call_keeps_no_vgpr = true;
   struct aco_minstr *call = isel_emit(c, aco_op_p_call, nops, ndefs); /* nops <= nargs + 2 */
   memcpy(call->operands, ops, nops * sizeof(ops[0]));
   memcpy(call->definitions, defs, ndefs * sizeof(defs[0]));
   call->imm = l.stack_bytes;
   c->scc_bool.id = 0;
   c->p->num_calls++;
   return c->p->status;
}
