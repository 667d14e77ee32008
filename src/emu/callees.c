/* SPDX-License-Identifier: MIT */
/* The callee table of a libaco binary for the emulator's ABI check (docs/emulator.md):
 * for each function of the binary that is not an entry, the convention its callers rely
 * on, from its ABI (docs/calls.md) and its parameter assignment:
 *  - preserved: the ABI's preserved registers (its register block over s0-s105 and
 *    v0-v255), the registers at or above its callee_max (no callee may touch them), and
 *    the registers of every parameter the function writes back (the system parameters
 *    always are: return address, stack pointer, and the PCs of divergent_callable ones);
 *  - arguments: the registers of its other parameters (return and discardable ones): not
 *    poisoned at the call, poisoned at the return where the callee did not write them;
 *  - clobbered: every other SGPR, and vcc, scc and m0.
 * Stack parameters live in memory and are not part of it. An amdgpu_cs_chain function
 * preserves nothing and has only arguments (docs/calls.md "Chain functions"). */
#include "emu/emu_core.h"
#include "ir/ir.h"

#include <string.h>

static void
set_range(uint64_t *set, unsigned first, unsigned count)
{
   for (unsigned r = first; r < first + count; r++)
      set[r / 64] |= 1ull << (r % 64);
}

/* The registers of one parameter go to the preserved or the argument set. A parameter
 * in a register the ABI preserves stays preserved whatever its flags say. */
static void
add_param(struct aco_emu_abi *abi, const aco_param_location *loc, bool result)
{
   bool kept = loc->written_back || loc->preserved;
   if (loc->kind == ACO_PARAM_LOC_SGPR)
      set_range(kept ? abi->preserved_sgprs : result ? abi->result_sgprs : abi->argument_sgprs,
                loc->reg, loc->dwords);
   else if (loc->kind == ACO_PARAM_LOC_VGPR)
      set_range(kept ? abi->preserved_vgprs : result ? abi->result_vgprs : abi->argument_vgprs,
                loc->reg, loc->dwords);
}

static aco_status
build_abi(aco_program *prog, const aco_function *fn, struct aco_emu_abi *abi)
{
   const aco_abi *fabi = fn->abi ? fn->abi : aco_program_builtin_abi(prog, ACO_ABI_COMPUTE_DEFAULT);
   uint8_t preserved[512];
   aco_status s = aco_abi_preserved_registers(fabi, ACO_SGPR_COUNT, ACO_VGPR_COUNT, preserved);
   if (s != ACO_SUCCESS)
      return air_error(prog, s, "aco_emu_callees: @%s: no preserved registers for its ABI",
                       fn->name);
   aco_param_location *params = NULL;
   if (fn->num_params) {
      params = aco_calloc(&prog->allocator, fn->num_params * sizeof(*params));
      if (!params)
         return air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_emu_callees: out of memory");
   }
   aco_param_location sys[ACO_SYSTEM_PARAM_COUNT];
   s = aco_function_param_locations(fn, params, fn->num_params, sys, NULL);
   if (s != ACO_SUCCESS) {
      aco_free(&prog->allocator, params);
      return s; /* the message is on the program */
   }
   memset(abi, 0, sizeof(*abi));
   for (unsigned r = 0; r < ACO_SGPR_COUNT; r++) {
      if (preserved[r] || r >= fabi->callee_max_regs.sgprs)
         set_range(abi->preserved_sgprs, r, 1);
   }
   for (unsigned r = 0; r < ACO_VGPR_COUNT; r++) {
      if (preserved[256 + r] || r >= fabi->callee_max_regs.vgprs)
         set_range(abi->preserved_vgprs, r, 1);
   }
   for (unsigned i = 0; i < ACO_SYSTEM_PARAM_COUNT; i++) {
      /* a divergent-callable function changes the PCs of the call chain */
      sys[i].written_back = i != ACO_SYSTEM_PARAM_UNIFORM_PC && i != ACO_SYSTEM_PARAM_DIVERGENT_PC;
      add_param(abi, &sys[i], false);
   }
   for (uint32_t i = 0; i < fn->num_params; i++)
      add_param(abi, &params[i], (fn->params[i].flags & ACO_PARAM_RETURN) != 0);
   aco_free(&prog->allocator, params);
   for (unsigned r = 0; r < ACO_SGPR_COUNT; r++) {
      uint64_t bit = 1ull << (r % 64);
      if (!(abi->preserved_sgprs[r / 64] & bit) && !(abi->argument_sgprs[r / 64] & bit) &&
          !(abi->result_sgprs[r / 64] & bit))
         abi->clobbered_sgprs[r / 64] |= bit;
   }
   abi->clobber_vcc_scc_m0 = true;
   abi->chain = fabi->chain;
   if (abi->chain)
      return ACO_SUCCESS; /* no return address or stack pointer */
   if (sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS].kind != ACO_PARAM_LOC_SGPR ||
       sys[ACO_SYSTEM_PARAM_STACK_POINTER].kind != ACO_PARAM_LOC_SGPR)
      return air_error(prog, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_emu_callees: @%s has no return address or stack pointer SGPR",
                       fn->name);
   abi->return_address_sgpr = (uint8_t)sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS].reg;
   abi->stack_pointer_sgpr = (uint8_t)sys[ACO_SYSTEM_PARAM_STACK_POINTER].reg;
   return ACO_SUCCESS;
}

/* Whether the symbol is code of a function its callers reach through a call. */
static bool
is_callee_symbol(const aco_symbol *sym)
{
   return !(sym->flags & (ACO_FUNCTION_ENTRY | ACO_FUNCTION_EXTERNAL));
}

aco_status
aco_emu_callees_for_symbols(const aco_allocator *a, aco_program *prog, const aco_symbol *syms,
                            unsigned num_syms, struct aco_emu_callee **out, unsigned *num)
{
   if (!out || !num)
      return ACO_ERROR_INVALID_ARGUMENT;
   *out = NULL;
   *num = 0;
   if (!prog || (num_syms && !syms))
      return ACO_ERROR_INVALID_ARGUMENT;
   a = aco_allocator_or_default(a);
   unsigned n = 0;
   for (unsigned i = 0; i < num_syms; i++)
      n += is_callee_symbol(&syms[i]);
   if (!n)
      return ACO_SUCCESS;
   struct aco_emu_callee *table = aco_calloc(a, n * sizeof(*table));
   if (!table)
      return air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_emu_callees: out of memory");
   unsigned k = 0;
   for (unsigned i = 0; i < num_syms; i++) {
      if (!is_callee_symbol(&syms[i]))
         continue;
      const char *name = syms[i].name ? syms[i].name : "";
      aco_function *fn = aco_program_find_function(prog, name);
      aco_status s =
          fn ? ACO_SUCCESS
             : air_error(prog, ACO_ERROR_INVALID_ARGUMENT,
                         "aco_emu_callees: symbol @%s is no function of the program", name);
      if (s == ACO_SUCCESS && (fn->flags & ACO_FUNCTION_ENTRY))
         s = air_error(prog, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_emu_callees: symbol @%s is not flagged as an entry, its function is",
                       name);
      if (s == ACO_SUCCESS)
         s = build_abi(prog, fn, &table[k].abi);
      if (s != ACO_SUCCESS) {
         aco_free(a, table);
         return s;
      }
      table[k].offset = syms[i].offset;
      table[k].name = name;
      k++;
   }
   *out = table;
   *num = n;
   return ACO_SUCCESS;
}

aco_status
aco_emu_callees_for_binary(const aco_allocator *a, aco_program *prog, const aco_binary *bin,
                           struct aco_emu_callee **out, unsigned *num)
{
   if (!bin) {
      if (out)
         *out = NULL;
      if (num)
         *num = 0;
      return ACO_ERROR_INVALID_ARGUMENT;
   }
   return aco_emu_callees_for_symbols(a, prog, bin->symbols, bin->num_symbols, out, num);
}

void
aco_emu_callees_free(const aco_allocator *a, struct aco_emu_callee *callees)
{
   aco_free(aco_allocator_or_default(a), callees);
}
