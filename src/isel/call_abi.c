/* SPDX-License-Identifier: MIT */
/* aco_call_layout_compute: the parameter assignment of docs/calls.md, version
 * ACO_CALL_ABI_VERSION.
 *
 * Each parameter becomes an item: a register file (SGPRs for uniform values and for
 * 1-bit lane masks, VGPRs otherwise), a size in dwords (each component rounded up to 32
 * bits; a lane mask takes wave_size / 32) and an alignment (SGPR values of 2 dwords: 2,
 * of 3 or more: 4; VGPRs: 1). Its pool is the ABI's clobbered registers when the
 * parameter is discardable or a return parameter, the preserved ones otherwise; a file
 * with no register of the wanted kind under the callee limit falls back to all its
 * registers (a return parameter to the stack instead: the callee must not hand back a
 * register the caller reads a new value from).
 *
 * Placement, in this order: the system parameters (return address, uniform PC, stack
 * pointer, divergent PC), which always get registers; the user parameters with a usable
 * ABI hint, in signature order; then the others by alignment (4, 2, 1) and signature
 * order, each in the lowest aligned run of free registers of its pool. Processing the
 * largest alignments first lets later, smaller parameters fill the holes alignment left.
 * A parameter that finds no run, or would take its file over the ABI's max_params cap,
 * goes to the stack-parameter area: 4-byte slots in signature order, the area ending at
 * the callee's incoming stack pointer. Nothing depends on anything but the inputs, so
 * the result is the same in every compile.
 *
 * The amdgpu_cs_chain ABI has LLVM's layout instead: no system parameters, the uniform
 * parameters' dwords one after another from s0 (no alignment: a 64-bit value may start at
 * an odd SGPR), the others' from v8, and no stack; GFX10.3 keeps s48 and up for the scratch
 * descriptor. */
#include "isel/call_abi.h"

#include "target/gfx.h"

#include <stdio.h>
#include <string.h>

enum pool { POOL_PRESERVED, POOL_CLOBBERED, POOL_ANY, POOL_NONE };

struct item {
   unsigned file; /* 0: SGPRs, 1: VGPRs */
   unsigned dwords;
   unsigned align;
   enum pool pool;
};

struct assign {
   unsigned limit[2];         /* registers of each file a callee may use */
   uint8_t preserved[2][256]; /* the ABI's expansion over the whole file */
   uint8_t used[2][256];
   bool has_preserved[2], has_clobbered[2];
   unsigned cap[2];        /* max_params */
   unsigned param_regs[2]; /* taken by user parameters so far */
};

static const char *const sys_names[ACO_SYSTEM_PARAM_COUNT] = {
    [ACO_SYSTEM_PARAM_RETURN_ADDRESS] = "return address",
    [ACO_SYSTEM_PARAM_UNIFORM_PC] = "uniform PC",
    [ACO_SYSTEM_PARAM_STACK_POINTER] = "stack pointer",
    [ACO_SYSTEM_PARAM_DIVERGENT_PC] = "divergent PC",
};

static unsigned
min_u(unsigned a, unsigned b)
{
   return a < b ? a : b;
}

static void
assign_init(struct assign *a, const struct aco_abi *abi)
{
   memset(a, 0, sizeof(*a));
   a->limit[0] = min_u(ACO_SGPR_COUNT, abi->callee_max_regs.sgprs);
   a->limit[1] = min_u(ACO_VGPR_COUNT, abi->callee_max_regs.vgprs);
   a->cap[0] = abi->max_param_regs.sgprs;
   a->cap[1] = abi->max_param_regs.vgprs;
   uint8_t pres[512];
   aco_abi_preserved_registers(abi, ACO_SGPR_COUNT, ACO_VGPR_COUNT, pres);
   for (unsigned f = 0; f < 2; f++) {
      memcpy(a->preserved[f], pres + 256 * f, 256);
      for (unsigned r = 0; r < a->limit[f]; r++) {
         a->has_preserved[f] |= a->preserved[f][r];
         a->has_clobbered[f] |= !a->preserved[f][r];
      }
   }
}

static unsigned
sgpr_align(unsigned dwords)
{
   return dwords >= 3 ? 4 : dwords == 2 ? 2 : 1;
}

static struct item
make_item(const struct assign *a, unsigned file, unsigned dwords, bool clobbered, bool is_return)
{
   struct item it = {file, dwords, file ? 1 : sgpr_align(dwords), POOL_ANY};
   if (clobbered)
      it.pool = a->has_clobbered[file] ? POOL_CLOBBERED : is_return ? POOL_NONE : POOL_ANY;
   else
      it.pool = a->has_preserved[file] ? POOL_PRESERVED : POOL_ANY;
   return it;
}

static struct item
param_item(const struct assign *a, const aco_param_info *p, unsigned wave_size)
{
   bool lane_mask = p->type.bits == 1;
   unsigned file = (p->flags & ACO_PARAM_UNIFORM) || lane_mask ? 0 : 1;
   unsigned dwords = lane_mask ? wave_size / 32 : p->type.comps * (p->type.bits == 64 ? 2u : 1u);
   return make_item(a, file, dwords, p->flags & (ACO_PARAM_DISCARDABLE | ACO_PARAM_RETURN),
                    p->flags & ACO_PARAM_RETURN);
}

static bool
in_pool(const struct assign *a, const struct item *it, unsigned r)
{
   switch (it->pool) {
   case POOL_PRESERVED:
      return a->preserved[it->file][r];
   case POOL_CLOBBERED:
      return !a->preserved[it->file][r];
   case POOL_ANY:
      return true;
   default:
      return false;
   }
}

static bool
run_is_free(const struct assign *a, const struct item *it, unsigned first)
{
   if (first % it->align || first + it->dwords > a->limit[it->file])
      return false;
   for (unsigned r = first; r < first + it->dwords; r++)
      if (a->used[it->file][r] || !in_pool(a, it, r))
         return false;
   return true;
}

/* The lowest aligned free run of the item's pool; -1 if none. */
static int
find_run(const struct assign *a, const struct item *it)
{
   for (unsigned r = 0; r + it->dwords <= a->limit[it->file]; r += it->align)
      if (run_is_free(a, it, r))
         return (int)r;
   return -1;
}

static void
take(struct assign *a, const struct item *it, unsigned first, aco_param_location *loc)
{
   memset(a->used[it->file] + first, 1, it->dwords);
   loc->kind = it->file ? ACO_PARAM_LOC_VGPR : ACO_PARAM_LOC_SGPR;
   loc->reg = (uint16_t)first;
   loc->dwords = (uint8_t)it->dwords;
   loc->preserved = a->preserved[it->file][first];
}

static bool
under_cap(const struct assign *a, const struct item *it)
{
   return a->param_regs[it->file] + it->dwords <= a->cap[it->file];
}

/* A user parameter into the lowest free run of its pool, or false (the stack). */
static bool
place_param(struct assign *a, const struct item *it, aco_param_location *loc)
{
   int r = under_cap(a, it) ? find_run(a, it) : -1;
   if (r < 0)
      return false;
   take(a, it, (unsigned)r, loc);
   a->param_regs[it->file] += it->dwords;
   return true;
}

/* The ABI's hint for parameter i, when it names this item's file and a free, aligned run
 * of its pool under the limit and the cap. */
static bool
place_hinted(struct assign *a, const struct aco_abi *abi, uint32_t i, const struct item *it,
             aco_param_location *loc)
{
   for (uint32_t h = 0; h < abi->num_hints; h++) {
      if (abi->hints[h].param_index != i)
         continue;
      unsigned reg = abi->hints[h].reg;
      if ((reg >= 256) != (it->file == 1) || !under_cap(a, it) || !run_is_free(a, it, reg % 256))
         return false;
      take(a, it, reg % 256, loc);
      a->param_regs[it->file] += it->dwords;
      loc->hinted = true;
      return true;
   }
   return false;
}

static void report(struct aco_strbuf *msg, const struct aco_call_signature *sig, const char *fmt,
                   ...) __attribute__((format(printf, 3, 4)));

static void
report(struct aco_strbuf *msg, const struct aco_call_signature *sig, const char *fmt, ...)
{
   if (!msg)
      return;
   if (sig && sig->name)
      aco_strbuf_printf(msg, "@%s: ", sig->name);
   va_list ap;
   va_start(ap, fmt);
   aco_strbuf_vprintf(msg, fmt, ap);
   va_end(ap);
}

/* "parameter 2 (%x, i32x4)" for messages. */
static const char *
param_label(const struct aco_call_signature *sig, uint32_t i, char buf[128])
{
   char t[16];
   const aco_param_info *p = &sig->params[i];
   const char *tn = air_type_is_valid(p->type) ? air_type_name(p->type, t) : "bad type";
   if (p->name)
      snprintf(buf, 128, "parameter %u (%%%.60s, %s)", i, p->name, tn);
   else
      snprintf(buf, 128, "parameter %u (%s)", i, tn);
   return buf;
}

static aco_status
check_signature(const struct aco_call_signature *sig, struct aco_strbuf *msg)
{
   char label[128];
   for (uint32_t i = 0; i < sig->num_params; i++) {
      const aco_param_info *p = &sig->params[i];
      if (!air_type_is_valid(p->type)) {
         report(msg, sig, "%s has no valid type", param_label(sig, i, label));
         return ACO_ERROR_INVALID_ARGUMENT;
      }
      if (p->flags & ~(uint32_t)(ACO_PARAM_UNIFORM | ACO_PARAM_DISCARDABLE | ACO_PARAM_RETURN)) {
         report(msg, sig, "%s has unknown flags 0x%x", param_label(sig, i, label), p->flags);
         return ACO_ERROR_INVALID_ARGUMENT;
      }
      if ((p->flags & ACO_PARAM_RETURN) && (p->flags & ACO_PARAM_DISCARDABLE)) {
         report(msg, sig, "%s is both return and discardable", param_label(sig, i, label));
         return ACO_ERROR_INVALID_ARGUMENT;
      }
      if (sig->divergent_callable && (p->flags & ACO_PARAM_RETURN) &&
          (p->flags & ACO_PARAM_UNIFORM)) {
         report(msg, sig, "%s: a divergent_callable function cannot have uniform return parameters",
                param_label(sig, i, label));
         return ACO_ERROR_INVALID_ARGUMENT;
      }
   }
   return ACO_SUCCESS;
}

static aco_status
place_system(struct assign *a, const struct aco_abi *abi, const struct aco_call_signature *sig,
             struct aco_call_layout *out, struct aco_strbuf *msg)
{
   static const struct {
      unsigned file, dwords;
      bool clobbered;
   } sys[ACO_SYSTEM_PARAM_COUNT] = {
       [ACO_SYSTEM_PARAM_RETURN_ADDRESS] = {0, 2, true},
       [ACO_SYSTEM_PARAM_UNIFORM_PC] = {0, 2, true},
       [ACO_SYSTEM_PARAM_STACK_POINTER] = {0, 1, false},
       [ACO_SYSTEM_PARAM_DIVERGENT_PC] = {1, 2, true},
   };
   for (unsigned s = 0; s < ACO_SYSTEM_PARAM_COUNT; s++) {
      bool pc = s == ACO_SYSTEM_PARAM_UNIFORM_PC || s == ACO_SYSTEM_PARAM_DIVERGENT_PC;
      if (pc && !sig->divergent_callable)
         continue;
      struct item it = make_item(a, sys[s].file, sys[s].dwords, sys[s].clobbered, false);
      int r = find_run(a, &it);
      if (r < 0) {
         it.pool = POOL_ANY;
         r = find_run(a, &it);
      }
      if (r < 0) {
         report(msg, sig,
                "the register limit of ABI @%s (callee_max s%u v%u) leaves no room for the %s",
                abi->name, a->limit[0], a->limit[1], sys_names[s]);
         return ACO_ERROR_REGISTER_LIMIT;
      }
      take(a, &it, (unsigned)r, &out->sys[s]);
      out->sys[s].written_back = true;
   }
   return ACO_SUCCESS;
}

/* Stack slots in signature order for the parameters that got no register. */
static aco_status
place_stack(const struct assign *a, const struct aco_abi *abi, const struct aco_call_signature *sig,
            unsigned wave_size, struct aco_call_layout *out, struct aco_strbuf *msg)
{
   uint64_t offset = 0;
   for (uint32_t i = 0; i < sig->num_params; i++) {
      aco_param_location *loc = &out->params[i];
      if (loc->kind != ACO_PARAM_LOC_NONE)
         continue;
      struct item it = param_item(a, &sig->params[i], wave_size);
      loc->kind = ACO_PARAM_LOC_STACK;
      loc->dwords = (uint8_t)it.dwords;
      loc->stack_offset = (uint32_t)offset;
      offset += 4u * it.dwords;
      if (offset > abi->callee_max_stack) {
         char label[128];
         report(msg, sig,
                "%s gets no register under ABI @%s (max_params s%u v%u) and the stack "
                "parameters would take %llu bytes per lane, over its callee_stack %u",
                param_label(sig, i, label), abi->name, abi->max_param_regs.sgprs,
                abi->max_param_regs.vgprs, (unsigned long long)offset, abi->callee_max_stack);
         return ACO_ERROR_REGISTER_LIMIT;
      }
   }
   out->stack_bytes = (uint32_t)offset;
   return ACO_SUCCESS;
}

/* The amdgpu_cs_chain layout (see the top of the file). Lane masks and vectors of 8- or
 * 16-bit components have no counterpart there (LLVM passes an i1 as a VGPR and packs
 * small vectors) and are refused. */
static aco_status
chain_layout(const struct aco_call_signature *sig, aco_target target, struct aco_call_layout *out,
             struct aco_strbuf *msg)
{
   char label[128];
   unsigned next[2] = {0, 8};
   unsigned limit[2] = {target.gfx_level == ACO_GFX1030 ? 48u : ACO_SGPR_COUNT - 2u,
                        ACO_VGPR_COUNT};
   for (uint32_t i = 0; i < sig->num_params; i++) {
      const aco_param_info *p = &sig->params[i];
      if (p->flags & ACO_PARAM_RETURN) {
         report(msg, sig, "%s: amdgpu_cs_chain functions have no return parameters",
                param_label(sig, i, label));
         return ACO_ERROR_INVALID_ARGUMENT;
      }
      if (p->type.bits == 1 || (p->type.comps > 1 && p->type.bits < 32)) {
         report(msg, sig, "%s: amdgpu_cs_chain functions take no %s", param_label(sig, i, label),
                p->type.bits == 1 ? "i1 parameters" : "vectors of 8- or 16-bit values");
         return ACO_ERROR_INVALID_ARGUMENT;
      }
      unsigned file = (p->flags & ACO_PARAM_UNIFORM) ? 0 : 1;
      unsigned dwords = p->type.comps * (p->type.bits == 64 ? 2u : 1u);
      if (next[file] + dwords > limit[file]) {
         report(msg, sig, "%s does not fit: amdgpu_cs_chain parameters end at %s%u",
                param_label(sig, i, label), file ? "v" : "s", limit[file] - 1);
         return ACO_ERROR_REGISTER_LIMIT;
      }
      out->params[i] = (aco_param_location){file ? ACO_PARAM_LOC_VGPR : ACO_PARAM_LOC_SGPR,
                                            (uint8_t)dwords, (uint16_t)next[file], 0, false,
                                            false, false};
      next[file] += dwords;
   }
   out->param_regs = (aco_reg_count){(uint16_t)next[0], (uint16_t)(next[1] - 8)};
   out->reg_limit = (aco_reg_count){ACO_SGPR_COUNT, ACO_VGPR_COUNT};
   return ACO_SUCCESS;
}

/* Items are derived again in each round (they are cheap) so that nothing is allocated. */
static void
place_params(struct assign *a, const struct aco_abi *abi, const struct aco_call_signature *sig,
             unsigned wave_size, struct aco_call_layout *out)
{
   for (uint32_t i = 0; i < sig->num_params; i++) {
      struct item it = param_item(a, &sig->params[i], wave_size);
      place_hinted(a, abi, i, &it, &out->params[i]);
   }
   static const unsigned aligns[] = {4, 2, 1};
   for (unsigned k = 0; k < 3; k++) {
      for (uint32_t i = 0; i < sig->num_params; i++) {
         struct item it = param_item(a, &sig->params[i], wave_size);
         if (it.align == aligns[k] && out->params[i].kind == ACO_PARAM_LOC_NONE)
            place_param(a, &it, &out->params[i]);
      }
   }
}

static void
mark_written_back(const struct aco_call_signature *sig, struct aco_call_layout *out)
{
   for (uint32_t i = 0; i < sig->num_params; i++) {
      aco_param_location *loc = &out->params[i];
      uint32_t flags = sig->params[i].flags;
      bool in_reg = loc->kind == ACO_PARAM_LOC_SGPR || loc->kind == ACO_PARAM_LOC_VGPR;
      if (flags & ACO_PARAM_RETURN)
         continue;
      /* a divergent chain hands every parameter on to its next callee (docs/calls.md) */
      loc->written_back = in_reg && (sig->divergent_callable ||
                                     (!loc->preserved && !(flags & ACO_PARAM_DISCARDABLE)));
   }
}

aco_status
aco_call_layout_compute(const struct aco_abi *abi, const struct aco_call_signature *sig,
                        aco_target target, aco_param_location *locs, struct aco_call_layout *out,
                        struct aco_strbuf *msg)
{
   if (!abi || !sig || !out || (sig->num_params && (!sig->params || !locs))) {
      report(msg, sig, "aco_call_layout_compute: missing argument");
      return ACO_ERROR_INVALID_ARGUMENT;
   }
   memset(out, 0, sizeof(*out));
   if (!aco_gfx_info(target.gfx_level) || (target.wave_size != 32 && target.wave_size != 64)) {
      report(msg, sig, "no such target (%u, wave%u)", (unsigned)target.gfx_level, target.wave_size);
      return ACO_ERROR_INVALID_ARGUMENT;
   }
   aco_status s = check_signature(sig, msg);
   if (s != ACO_SUCCESS)
      return s;
   out->version = ACO_CALL_ABI_VERSION;
   out->num_params = sig->num_params;
   out->params = locs;
   if (sig->num_params)
      memset(locs, 0, sizeof(*locs) * sig->num_params);
   if (abi->chain) {
      if (sig->divergent_callable) {
         report(msg, sig, "an amdgpu_cs_chain function cannot be divergent_callable");
         return ACO_ERROR_INVALID_ARGUMENT;
      }
      return chain_layout(sig, target, out, msg);
   }

   struct assign a;
   assign_init(&a, abi);
   out->reg_limit = (aco_reg_count){(uint16_t)a.limit[0], (uint16_t)a.limit[1]};
   s = place_system(&a, abi, sig, out, msg);
   if (s != ACO_SUCCESS)
      return s;

   place_params(&a, abi, sig, target.wave_size, out);
   s = place_stack(&a, abi, sig, target.wave_size, out, msg);
   if (s != ACO_SUCCESS)
      return s;
   out->param_regs = (aco_reg_count){(uint16_t)a.param_regs[0], (uint16_t)a.param_regs[1]};
   mark_written_back(sig, out);
   return ACO_SUCCESS;
}

aco_status
aco_call_layout_for_function(const struct aco_function *f, struct aco_arena *arena,
                             struct aco_call_layout *out, struct aco_call_signature *sig_out)
{
   uint32_t n = f->num_params;
   aco_param_info *params = aco_arena_array(arena, aco_param_info, n ? n : 1);
   aco_param_location *locs = aco_arena_array(arena, aco_param_location, n ? n : 1);
   if (!params || !locs)
      return air_error(f->program, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   for (uint32_t i = 0; i < n; i++)
      params[i] = (aco_param_info){f->params[i].type, f->params[i].flags, f->params[i].name};
   struct aco_call_signature sig = {f->name, params, n,
                                    (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE) != 0};
   struct aco_strbuf msg;
   aco_strbuf_init(&msg, &f->program->allocator);
   aco_status s = aco_call_layout_compute(f->abi, &sig, f->program->target, locs, out, &msg);
   if (s != ACO_SUCCESS)
      air_error(f->program, s, "%s", aco_strbuf_str(&msg));
   aco_strbuf_finish(&msg);
   if (sig_out)
      *sig_out = sig;
   return s;
}

aco_status
aco_function_param_locations(const aco_function *f, aco_param_location *params,
                             uint32_t num_params, aco_param_location *system,
                             uint32_t *stack_bytes)
{
   if (!f)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (num_params && !params)
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_param_locations: @%s: params is NULL", f->name);
   if (num_params != f->num_params)
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_param_locations: @%s has %u parameters, not %u", f->name,
                       f->num_params, num_params);
   if (f->flags & ACO_FUNCTION_ENTRY)
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_param_locations: @%s is an entry function; "
                       "docs/entry-abi.md lays out its inputs",
                       f->name);
   struct aco_arena arena;
   aco_arena_init(&arena, &f->program->allocator);
   struct aco_call_layout l;
   aco_status s = aco_call_layout_for_function(f, &arena, &l, NULL);
   if (s == ACO_SUCCESS) {
      if (num_params)
         memcpy(params, l.params, sizeof(*params) * num_params);
      if (system)
         memcpy(system, l.sys, sizeof(l.sys));
      if (stack_bytes)
         *stack_bytes = l.stack_bytes;
   }
   aco_arena_finish(&arena);
   return s;
}

const char *
aco_call_loc_name(const aco_param_location *loc, char buf[32])
{
   char file = loc->kind == ACO_PARAM_LOC_VGPR ? 'v' : 's';
   switch (loc->kind) {
   case ACO_PARAM_LOC_SGPR:
   case ACO_PARAM_LOC_VGPR:
      if (loc->dwords == 1)
         snprintf(buf, 32, "%c%u", file, loc->reg);
      else
         snprintf(buf, 32, "%c[%u:%u]", file, loc->reg, loc->reg + loc->dwords - 1u);
      break;
   case ACO_PARAM_LOC_STACK:
      snprintf(buf, 32, "stack+%u..%u", loc->stack_offset,
               loc->stack_offset + 4u * loc->dwords - 1u);
      break;
   default:
      snprintf(buf, 32, "none");
      break;
   }
   return buf;
}

static void
print_loc(const aco_param_location *loc, struct aco_strbuf *sb)
{
   char name[32];
   aco_strbuf_puts(sb, aco_call_loc_name(loc, name));
   if (loc->kind != ACO_PARAM_LOC_STACK)
      aco_strbuf_puts(sb, loc->preserved ? " preserved" : " clobbered");
   if (loc->written_back)
      aco_strbuf_puts(sb, ", written back");
   if (loc->hinted)
      aco_strbuf_puts(sb, ", hinted");
   aco_strbuf_puts(sb, "\n");
}

void
aco_call_layout_print(const struct aco_call_layout *l, const struct aco_abi *abi,
                      const struct aco_call_signature *sig, aco_target target,
                      struct aco_strbuf *sb)
{
   aco_strbuf_printf(sb, "; @%s: abi @%s, call ABI v%u, %s wave%u\n", sig->name ? sig->name : "?",
                     abi->name, l->version, aco_gfx_level_name(target.gfx_level), target.wave_size);
   for (unsigned s = 0; s < ACO_SYSTEM_PARAM_COUNT; s++) {
      if (l->sys[s].kind == ACO_PARAM_LOC_NONE)
         continue;
      aco_strbuf_printf(sb, ";   %s: ", sys_names[s]);
      print_loc(&l->sys[s], sb);
   }
   for (uint32_t i = 0; i < l->num_params; i++) {
      const aco_param_info *p = &sig->params[i];
      char t[16];
      aco_strbuf_printf(sb, ";   param %u ", i);
      if (p->name)
         aco_strbuf_printf(sb, "%%%s ", p->name);
      aco_strbuf_printf(sb, "(%s%s%s%s): ", p->flags & ACO_PARAM_UNIFORM ? "uniform " : "",
                        p->flags & ACO_PARAM_DISCARDABLE ? "discardable " : "",
                        p->flags & ACO_PARAM_RETURN ? "return " : "", air_type_name(p->type, t));
      print_loc(&l->params[i], sb);
   }
   aco_strbuf_printf(sb, ";   stack parameters: %u bytes per lane\n", l->stack_bytes);
}
