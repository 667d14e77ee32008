/* SPDX-License-Identifier: MIT */
/* The text form of the front IR (docs/ir.md). The parser reads back exactly what this
 * writes: parse(print(p)) prints identically. */
#include "ir/ir.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const atomic_names[ACO_ATOMIC_COUNT] = {
   "add", "sub", "umin", "umax", "smin", "smax", "and", "or", "xor", "xchg", "cmpxchg",
};
static const char *const scope_names[] = {"subgroup", "workgroup", "device"};
static const char *const round_names[] = {"rne", "rtp", "rtn", "rtz"};

const char *air_atomic_name(aco_atomic_kind k);
const char *
air_atomic_name(aco_atomic_kind k)
{
   return (unsigned)k < ACO_ATOMIC_COUNT ? atomic_names[k] : "<bad atomic>";
}

const char *air_scope_name(aco_scope s);
const char *
air_scope_name(aco_scope s)
{
   return (unsigned)s < 3 ? scope_names[s] : "<bad scope>";
}

const char *air_round_name(unsigned r);
const char *
air_round_name(unsigned r)
{
   return r < 4 ? round_names[r] : "<bad rounding>";
}

void
air_print_value(const struct aco_function *f, aco_value v, struct aco_strbuf *sb)
{
   const struct air_value *val = air_value(f, v);
   if (!val)
      aco_strbuf_printf(sb, "%%<invalid %u>", v.id);
   else if (val->name)
      aco_strbuf_printf(sb, "%%%s", val->name);
   else
      aco_strbuf_printf(sb, "%%%u", v.id);
}

static void
print_type(aco_type t, struct aco_strbuf *sb)
{
   char buf[16];
   aco_strbuf_puts(sb, air_type_name(t, buf));
}

static void
print_values(const struct aco_function *f, const aco_value *v, unsigned n, struct aco_strbuf *sb)
{
   for (unsigned i = 0; i < n; i++) {
      if (i)
         aco_strbuf_puts(sb, ", ");
      air_print_value(f, v[i], sb);
   }
}

/* The shortest decimal that reads back to the same bits, or the bits in hex for
 * infinities and NaNs. */
static void
print_float(unsigned bits, uint64_t raw, struct aco_strbuf *sb)
{
   double v;
   if (bits == 64) {
      memcpy(&v, &raw, 8);
   } else if (bits == 32) {
      uint32_t u = (uint32_t)raw;
      float fl;
      memcpy(&fl, &u, 4);
      v = fl;
   } else {
      v = air_half_to_double((uint16_t)raw);
   }
   if (!isfinite(v)) {
      aco_strbuf_printf(sb, "0x%0*" PRIx64, (int)bits / 4, raw);
      return;
   }
   char buf[64];
   for (int prec = 1; prec <= 17; prec++) {
      snprintf(buf, sizeof(buf), "%.*g", prec, v);
      double back = strtod(buf, NULL);
      uint64_t rb;
      if (bits == 64) {
         memcpy(&rb, &back, 8);
      } else if (bits == 32) {
         float fl = (float)back;
         uint32_t u;
         memcpy(&u, &fl, 4);
         rb = u;
      } else {
         rb = air_float_to_half(back);
      }
      if (rb == raw)
         break;
   }
   /* Whole numbers read better without an exponent: 100, not 1e+02. */
   if (strchr(buf, 'e') && fabs(v) < 1e16 && v == floor(v))
      snprintf(buf, sizeof(buf), "%.0f", v);
   aco_strbuf_puts(sb, buf);
}

void air_print_const(aco_type t, uint64_t bits, struct aco_strbuf *sb);
void
air_print_const(aco_type t, uint64_t bits, struct aco_strbuf *sb)
{
   if (t.base == ACO_BASE_FLOAT) {
      print_float(t.bits, bits, sb);
   } else if (t.bits == 1) {
      aco_strbuf_printf(sb, "%u", (unsigned)(bits & 1));
   } else {
      int64_t s = (int64_t)(bits << (64 - t.bits)) >> (64 - t.bits);
      aco_strbuf_printf(sb, "%" PRId64, s);
   }
}

static void
print_address(const struct aco_function *f, const struct air_instr *instr, struct aco_strbuf *sb)
{
   bool shared = instr->op == ACO_OP_LOAD_SHARED || instr->op == ACO_OP_STORE_SHARED ||
                 instr->op == ACO_OP_ATOMIC_SHARED;
   bool stack = instr->op == ACO_OP_LOAD_STACK || instr->op == ACO_OP_STORE_STACK;
   if (stack)
      aco_strbuf_printf(sb, "$%u", instr->u.mem.object);
   else if (!shared)
      air_print_value(f, instr->srcs[AIR_MEM_BASE], sb);
   bool has_off = aco_value_is_valid(instr->srcs[AIR_MEM_OFFSET]);
   int32_t imm = instr->u.mem.imm;
   if (!has_off && !imm && !shared)
      return;
   aco_strbuf_puts(sb, shared ? "[" : "[");
   if (has_off) {
      air_print_value(f, instr->srcs[AIR_MEM_OFFSET], sb);
      if (imm)
         aco_strbuf_printf(sb, " %c %" PRIu32, imm < 0 ? '-' : '+',
                           imm < 0 ? (uint32_t)0 - (uint32_t)imm : (uint32_t)imm);
   } else {
      aco_strbuf_printf(sb, "%" PRId32, imm);
   }
   aco_strbuf_puts(sb, "]");
}

static void
print_access(const struct air_instr *instr, struct aco_strbuf *sb)
{
   if (instr->u.mem.align)
      aco_strbuf_printf(sb, " align %" PRIu32, instr->u.mem.align);
   uint32_t a = instr->u.mem.access;
   if (a & ACO_ACCESS_READONLY)
      aco_strbuf_puts(sb, " readonly");
   if (a & ACO_ACCESS_INVARIANT)
      aco_strbuf_puts(sb, " invariant");
   if (a & ACO_ACCESS_VOLATILE)
      aco_strbuf_puts(sb, " volatile");
   if (a & ACO_ACCESS_COHERENT)
      aco_strbuf_puts(sb, " coherent");
}

static void print_region(const struct aco_function *f, const struct air_region *r, unsigned depth,
                         struct aco_strbuf *sb);

static void
indent(unsigned depth, struct aco_strbuf *sb)
{
   for (unsigned i = 0; i < depth; i++)
      aco_strbuf_puts(sb, "  ");
}

static void
print_types(const struct aco_function *f, const struct air_instr *instr, struct aco_strbuf *sb)
{
   if (!instr->num_defs)
      return;
   aco_strbuf_puts(sb, " ->");
   for (unsigned i = 0; i < instr->num_defs; i++) {
      aco_strbuf_puts(sb, i ? ", " : " ");
      const struct air_value *v = air_value(f, instr->defs[i]);
      print_type(v ? v->type : aco_type_make(0, 0, 0), sb);
   }
}

/* Prints one instruction; if/loop with their regions at nesting `depth`. */
static void
print_instr(const struct aco_function *f, const struct air_instr *instr, unsigned depth,
            struct aco_strbuf *sb)
{
   const struct air_op_info *info = air_op_info(instr->op);
   if (instr->num_defs) {
      print_values(f, instr->defs, instr->num_defs, sb);
      aco_strbuf_puts(sb, " = ");
   }
   aco_strbuf_puts(sb, info->name);
   switch (info->cls) {
   case ACO_OPC_CONST:
      aco_strbuf_puts(sb, " ");
      print_type(instr->type, sb);
      aco_strbuf_puts(sb, " ");
      air_print_const(instr->type, instr->u.const_bits, sb);
      break;
   case ACO_OPC_INT_UN:
   case ACO_OPC_INT_BIN:
   case ACO_OPC_INT_CMP:
   case ACO_OPC_FLOAT_UN:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_CMP:
   case ACO_OPC_SELECT:
   case ACO_OPC_VEC:
   case ACO_OPC_SUBGROUP:
   case ACO_OPC_JUMP:
      if (instr->num_srcs)
         aco_strbuf_puts(sb, " ");
      print_values(f, instr->srcs, instr->num_srcs, sb);
      break;
   case ACO_OPC_FLOAT_APPROX:
      aco_strbuf_puts(sb, " ");
      print_values(f, instr->srcs, instr->num_srcs, sb);
      aco_strbuf_printf(sb, " ulp %" PRIu32, instr->u.ulp);
      break;
   case ACO_OPC_CONVERT:
      aco_strbuf_puts(sb, " ");
      print_type(instr->type, sb);
      aco_strbuf_puts(sb, " ");
      print_values(f, instr->srcs, instr->num_srcs, sb);
      break;
   case ACO_OPC_EXTRACT:
      aco_strbuf_puts(sb, " ");
      print_values(f, instr->srcs, instr->num_srcs, sb);
      aco_strbuf_printf(sb, ", %" PRIu32, instr->u.component);
      break;
   case ACO_OPC_SYSVAL:
      break;
   case ACO_OPC_LOAD:
      aco_strbuf_puts(sb, " ");
      print_type(instr->type, sb);
      aco_strbuf_puts(sb, " ");
      print_address(f, instr, sb);
      print_access(instr, sb);
      break;
   case ACO_OPC_STORE:
      aco_strbuf_puts(sb, " ");
      print_address(f, instr, sb);
      aco_strbuf_puts(sb, ", ");
      air_print_value(f, instr->srcs[AIR_MEM_VALUE], sb);
      print_access(instr, sb);
      break;
   case ACO_OPC_ATOMIC:
      aco_strbuf_printf(sb, " %s ", air_atomic_name(instr->u.mem.atomic));
      print_address(f, instr, sb);
      aco_strbuf_puts(sb, ", ");
      print_values(f, instr->srcs + AIR_MEM_VALUE, instr->num_srcs - AIR_MEM_VALUE, sb);
      print_access(instr, sb);
      break;
   case ACO_OPC_REDUCE:
      aco_strbuf_printf(sb, " %s ", air_op_info(instr->u.combine)->name);
      print_values(f, instr->srcs, instr->num_srcs, sb);
      break;
   case ACO_OPC_BARRIER:
      if (instr->op == ACO_OP_FENCE)
         aco_strbuf_printf(sb, " %s", air_scope_name(instr->u.scope));
      break;
   case ACO_OPC_CALL: {
      bool indirect = air_op_is_indirect_call(instr->op);
      aco_strbuf_puts(sb, " ");
      if (indirect) {
         air_print_value(f, instr->srcs[0], sb);
         aco_strbuf_puts(sb, " : ");
      }
      aco_strbuf_printf(sb, "@%s(", instr->callee ? instr->callee->name : "<none>");
      print_values(f, instr->srcs + indirect, instr->num_srcs - indirect, sb);
      aco_strbuf_puts(sb, ")");
      break;
   }
   case ACO_OPC_FUNC_ADDR:
      aco_strbuf_printf(sb, " @%s", instr->callee ? instr->callee->name : "<none>");
      break;
   case ACO_OPC_IF:
      aco_strbuf_puts(sb, " ");
      print_values(f, instr->srcs, instr->num_srcs, sb);
      print_types(f, instr, sb);
      aco_strbuf_puts(sb, " {\n");
      print_region(f, instr->regions[0], depth + 1, sb);
      indent(depth, sb);
      aco_strbuf_puts(sb, "}");
      if (instr->regions[1]) {
         aco_strbuf_puts(sb, " else {\n");
         print_region(f, instr->regions[1], depth + 1, sb);
         indent(depth, sb);
         aco_strbuf_puts(sb, "}");
      }
      break;
   case ACO_OPC_LOOP: {
      const struct air_region *body = instr->regions[0];
      if (instr->num_srcs && body) {
         aco_strbuf_puts(sb, " (");
         for (unsigned i = 0; i < instr->num_srcs && i < body->num_params; i++) {
            if (i)
               aco_strbuf_puts(sb, ", ");
            air_print_value(f, body->params[i], sb);
            aco_strbuf_puts(sb, " = ");
            air_print_value(f, instr->srcs[i], sb);
         }
         aco_strbuf_puts(sb, ")");
      }
      print_types(f, instr, sb);
      aco_strbuf_puts(sb, " {\n");
      if (body)
         print_region(f, body, depth + 1, sb);
      indent(depth, sb);
      aco_strbuf_puts(sb, "}");
      break;
   }
   }
}

void
air_print_instr(const struct aco_function *f, const struct air_instr *instr, struct aco_strbuf *sb)
{
   /* For messages: one line, nested regions elided. */
   if (instr->op == ACO_OP_IF || instr->op == ACO_OP_LOOP) {
      struct air_instr copy = *instr;
      struct air_region empty = {0};
      copy.regions[0] = instr->regions[0] ? &empty : NULL;
      if (instr->op == ACO_OP_LOOP && instr->regions[0]) {
         empty.params = instr->regions[0]->params;
         empty.num_params = instr->regions[0]->num_params;
      }
      copy.regions[1] = NULL;
      struct aco_strbuf tmp;
      aco_strbuf_init(&tmp, sb->allocator);
      print_instr(f, &copy, 0, &tmp);
      const char *s = aco_strbuf_str(&tmp);
      const char *brace = strchr(s, '{');
      aco_strbuf_append(sb, s, brace ? (size_t)(brace - s) + 1 : strlen(s));
      aco_strbuf_puts(sb, " ... }");
      aco_strbuf_finish(&tmp);
      return;
   }
   print_instr(f, instr, 0, sb);
}

static void
print_region(const struct aco_function *f, const struct air_region *r, unsigned depth,
             struct aco_strbuf *sb)
{
   air_foreach_instr (instr, r) {
      indent(depth, sb);
      print_instr(f, instr, depth, sb);
      aco_strbuf_puts(sb, "\n");
   }
}

static void
print_reg_count(const char *what, aco_reg_count c, struct aco_strbuf *sb)
{
   aco_strbuf_printf(sb, "  %s s%u v%u\n", what, c.sgprs, c.vgprs);
}

static void
print_abi(const struct aco_abi *abi, struct aco_strbuf *sb)
{
   aco_strbuf_printf(sb, "abi @%s {\n", abi->name);
   if (abi->has_block) {
      print_reg_count("preserved", abi->block.preserved, sb);
      print_reg_count("clobbered", abi->block.clobbered, sb);
      aco_strbuf_puts(sb, abi->block.clobbered_first ? "  clobbered_first\n"
                                                     : "  preserved_first\n");
   }
   if (abi->max_param_regs.sgprs != ACO_NO_LIMIT || abi->max_param_regs.vgprs != ACO_NO_LIMIT)
      print_reg_count("max_params", abi->max_param_regs, sb);
   if (abi->callee_max_regs.sgprs != ACO_NO_LIMIT || abi->callee_max_regs.vgprs != ACO_NO_LIMIT)
      print_reg_count("callee_max", abi->callee_max_regs, sb);
   if (abi->callee_max_stack != 0xffffffffu)
      aco_strbuf_printf(sb, "  callee_stack %" PRIu32 "\n", abi->callee_max_stack);
   for (uint32_t i = 0; i < abi->num_hints; i++) {
      unsigned reg = abi->hints[i].reg;
      aco_strbuf_printf(sb, "  hint %" PRIu32 " %c%u\n", abi->hints[i].param_index,
                        reg >= 256 ? 'v' : 's', reg >= 256 ? reg - 256 : reg);
   }
   aco_strbuf_puts(sb, "}\n");
}

static void
print_signature(const struct aco_function *f, struct aco_strbuf *sb)
{
   if (f->flags & ACO_FUNCTION_EXTERNAL)
      aco_strbuf_puts(sb, "declare ");
   if (f->flags & ACO_FUNCTION_ENTRY)
      aco_strbuf_puts(sb, "entry ");
   aco_strbuf_printf(sb, "function @%s(", f->name);
   for (uint32_t i = 0; i < f->num_params; i++) {
      const struct air_param *p = &f->params[i];
      if (i)
         aco_strbuf_puts(sb, ", ");
      if (p->flags & ACO_PARAM_UNIFORM)
         aco_strbuf_puts(sb, "uniform ");
      if (p->flags & ACO_PARAM_DISCARDABLE)
         aco_strbuf_puts(sb, "discardable ");
      if (p->flags & ACO_PARAM_RETURN)
         aco_strbuf_puts(sb, "return ");
      print_type(p->type, sb);
      aco_strbuf_puts(sb, " ");
      air_print_value(f, p->value, sb);
   }
   aco_strbuf_printf(sb, ") abi @%s", f->abi ? f->abi->name : "<none>");
   if (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE)
      aco_strbuf_puts(sb, " divergent_callable");
   if (f->flags & ACO_FUNCTION_NORETURN)
      aco_strbuf_puts(sb, " noreturn");
   if (f->workgroup_size[0] != 1 || f->workgroup_size[1] != 1 || f->workgroup_size[2] != 1)
      aco_strbuf_printf(sb, " workgroup_size %" PRIu32 " %" PRIu32 " %" PRIu32,
                        f->workgroup_size[0], f->workgroup_size[1], f->workgroup_size[2]);
   if (f->has_shared_size)
      aco_strbuf_printf(sb, " shared_size %" PRIu32, f->shared_size);
   if (f->float_mode.denorm32)
      aco_strbuf_puts(sb, " denorm32 flush");
   if (f->float_mode.denorm16_64)
      aco_strbuf_puts(sb, " denorm16_64 flush");
   if (f->float_mode.round32)
      aco_strbuf_printf(sb, " round32 %s", air_round_name(f->float_mode.round32));
   if (f->float_mode.round16_64)
      aco_strbuf_printf(sb, " round16_64 %s", air_round_name(f->float_mode.round16_64));
}

void
air_print_program(const struct aco_program *p, struct aco_strbuf *sb)
{
   const char *gfx = aco_gfx_level_name(p->target.gfx_level);
   if (gfx && p->chip) /* the chip it was created or parsed for */
      gfx = aco_chip_of_target((aco_target){(aco_gfx_level)p->chip, 32})->name;
   if (gfx)
      aco_strbuf_printf(sb, "target %s wave%u\n", gfx, p->target.wave_size);
   for (uint32_t i = 0; i < p->num_abis; i++) {
      if (p->abis[i]->builtin)
         continue;
      aco_strbuf_puts(sb, "\n");
      print_abi(p->abis[i], sb);
   }
   for (uint32_t i = 0; i < p->num_functions; i++) {
      const struct aco_function *f = p->functions[i];
      aco_strbuf_puts(sb, "\n");
      print_signature(f, sb);
      if (!f->body) {
         aco_strbuf_puts(sb, "\n");
         continue;
      }
      aco_strbuf_puts(sb, " {\n");
      for (uint32_t s = 0; s < f->num_stack_objects; s++)
         aco_strbuf_printf(sb, "  stack $%u size %" PRIu32 " align %" PRIu32 "\n", s,
                           f->stack_objects[s].size, f->stack_objects[s].align);
      print_region(f, f->body, 1, sb);
      aco_strbuf_puts(sb, "}\n");
   }
}

aco_status
aco_program_print(const aco_program *p, aco_write_fn write, void *user)
{
   if (!p)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!write)
      return air_error((aco_program *)p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_program_print: write is NULL");
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, &p->allocator);
   air_print_program(p, &sb);
   if (sb.failed) {
      aco_strbuf_finish(&sb);
      return air_error((aco_program *)p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   }
   write(user, aco_strbuf_str(&sb), sb.len);
   aco_strbuf_finish(&sb);
   return ACO_SUCCESS;
}
