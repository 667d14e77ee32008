/* SPDX-License-Identifier: MIT */
/* aco_compile: the pipeline, pass by pass (docs/architecture.md), and the ACO_DEBUG
 * switches. Each machine program (one per front-IR function) goes through
 * compile_function and is assembled into the binary (api/binary.h) and freed before the
 * next function is compiled, so a compile holds one machine program at a time. */
#include "api/compile.h"

#include "api/binary.h"
#include "emit/assemble.h"
#include "ir/ir.h"
#include "isel/isel.h"
#include "lower/lower.h"
#include "mir/mir.h"
#include "opt/opt.h"
#include "sched/sched.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- ACO_DEBUG ------------------------------------------------------------------------ */

static const struct {
   const char *name;
   uint32_t flag; /* 0: takes =PASS */
   const char *description;
} debug_table[] = {
   {"validateir", ACO_DEBUG_VALIDATE_IR, "validate the machine IR after every pass"},
   {"validatera", ACO_DEBUG_VALIDATE_RA, "re-simulate the register file after allocation"},
   {"noopt", ACO_DEBUG_NO_OPT, "skip optional optimizations"},
   {"nosched", ACO_DEBUG_NO_SCHED, "skip instruction scheduling"},
   {"print-after", 0, "print-after=PASS|all: print the machine IR after PASS to stderr"},
   {"skip", 0, "skip=PASS: do not run PASS (debugging only: the result may be invalid)"},
};

/* The passes, for print-after= and skip= ("ifconv" is the if-conversion inside isel: skip
 * only). */
static const char *const pass_names[] = {"isel", "opt",  "spill", "sched", "ra",  "ssa",
                                         "lower", "save", "ilp", "waits", "nops",
                                         "ifconv"};

static bool
copy_pass(const char *v, size_t len, char out[32])
{
   if (len >= 32)
      return false;
   bool known = len == 3 && !strncmp(v, "all", 3);
   for (unsigned i = 0; i < sizeof(pass_names) / sizeof(pass_names[0]); i++)
      known |= strlen(pass_names[i]) == len && !strncmp(v, pass_names[i], len);
   memcpy(out, v, len);
   out[len] = 0;
   return known;
}

bool
aco_debug_parse(const char *text, struct aco_debug_options *out, char bad[64])
{
   bad[0] = 0;
   for (const char *s = text ? text : ""; *s;) {
      size_t len = strcspn(s, ",");
      size_t name_len = strcspn(s, "=,");
      bool ok = false;
      for (unsigned i = 0; i < sizeof(debug_table) / sizeof(debug_table[0]) && !ok; i++) {
         if (strlen(debug_table[i].name) != name_len || strncmp(s, debug_table[i].name, name_len))
            continue;
         if (debug_table[i].flag) {
            ok = name_len == len;
            out->flags |= debug_table[i].flag;
         } else if (name_len < len) {
            char *dst = !strcmp(debug_table[i].name, "skip") ? out->skip : out->print_after;
            ok = copy_pass(s + name_len + 1, len - name_len - 1, dst);
         }
      }
      if (!ok && len && !bad[0])
         snprintf(bad, 64, "%.*s", (int)(len < 60 ? len : 60), s);
      s += len + (s[len] == ',');
   }
   return !bad[0];
}

void
aco_debug_help(struct aco_strbuf *sb)
{
   for (unsigned i = 0; i < sizeof(debug_table) / sizeof(debug_table[0]); i++)
      aco_strbuf_printf(sb, "  %-12s %s\n", debug_table[i].name, debug_table[i].description);
}

/* ---- the pipeline ----------------------------------------------------------------------- */

struct compile_ctx {
   const struct aco_debug_options *dbg;
   bool stopped;
   struct aco_strbuf *ir; /* ACO_COMPILE_PRINT_IR: the machine IR after each pass */
};

static bool
skipped(const struct compile_ctx *c, const char *pass)
{
   return !strcmp(c->dbg->skip, pass) ||
          (!strcmp(pass, "opt") && (c->dbg->flags & ACO_DEBUG_NO_OPT));
}

/* After a pass: stop on its error, print and validate as asked. */
static aco_status
after(struct compile_ctx *c, struct aco_mprogram *p, const char *pass, aco_status s)
{
   if (s == ACO_SUCCESS)
      s = p->status;
   if (s != ACO_SUCCESS)
      return s;
   if (!strcmp(c->dbg->print_after, pass) || !strcmp(c->dbg->print_after, "all")) {
      struct aco_strbuf sb;
      aco_strbuf_init(&sb, p->allocator);
      aco_strbuf_printf(&sb, "; after %s: @%s\n", pass, p->name ? p->name : "");
      aco_mprint_program(p, &sb);
      if (c->dbg->print)
         aco_strbuf_puts(c->dbg->print, aco_strbuf_str(&sb));
      else
         fputs(aco_strbuf_str(&sb), stderr);
      aco_strbuf_finish(&sb);
   }
   if (c->ir) {
      aco_strbuf_printf(c->ir, "; after %s: @%s\n", pass, p->name ? p->name : "");
      aco_mprint_program(p, c->ir);
   }
   if (c->dbg->flags & ACO_DEBUG_VALIDATE_IR)
      s = aco_validate_mir(p, pass);
   if (s == ACO_SUCCESS && !strcmp(pass, "ra") && (c->dbg->flags & ACO_DEBUG_VALIDATE_RA))
      s = aco_validate_ra(p);
   if (s == ACO_SUCCESS && !strcmp(c->dbg->stop_after, pass))
      c->stopped = true;
   return s;
}

#define PASS(c, p, name, call)                                                                 \
   do {                                                                                        \
      if (!skipped(c, name)) {                                                                 \
         aco_status s_ = after(c, p, name, call);                                              \
         if (s_ != ACO_SUCCESS || (c)->stopped)                                                \
            return s_;                                                                         \
      }                                                                                        \
   } while (0)

static aco_status
compile_function(struct compile_ctx *c, const struct aco_function *f, struct aco_mprogram *p)
{
   p->no_ifconv = skipped(c, "ifconv");
   PASS(c, p, "isel", aco_select_instructions(p, f));
   PASS(c, p, "opt", aco_optimize(p));
   PASS(c, p, "spill", aco_spill(p));
   if (p->scratch_input_needed)
      return ACO_SUCCESS; /* compiled again with the scratch base (aco_compile_with) */
   if (!(c->dbg->flags & ACO_DEBUG_NO_SCHED))
      PASS(c, p, "sched", aco_schedule_prera(p));
   PASS(c, p, "ra", aco_register_allocate(p));
   PASS(c, p, "ssa", aco_eliminate_ssa(p));
   PASS(c, p, "lower", aco_lower_to_hw(p));
   PASS(c, p, "save", aco_save_registers(p));
   if (!(c->dbg->flags & ACO_DEBUG_NO_SCHED))
      PASS(c, p, "ilp", aco_schedule_ilp(p));
   PASS(c, p, "waits", aco_insert_waits(p));
   PASS(c, p, "nops", aco_insert_nops(p));
   return ACO_SUCCESS;
}

/* The chip the program was created for (the level's first chip without one). */
static const aco_chip_info *
compile_chip(const aco_program *prog)
{
   aco_target t = {(aco_gfx_level)(prog->chip ? prog->chip : (uint32_t)prog->target.gfx_level),
                   prog->target.wave_size};
   return aco_chip_of_target(t);
}

/* A machine program for one function, with the compile's register limits. */
static struct aco_mprogram *
new_mprogram(aco_program *prog, const aco_compile_options *options, unsigned max_vgprs,
             bool scratch_input)
{
   struct aco_mprogram *p =
      aco_mprogram_create(&prog->allocator, prog->target.gfx_level, prog->target.wave_size);
   if (p) {
      p->max_sgprs = options ? options->max_sgprs : 0;
      p->max_vgprs = (uint16_t)max_vgprs;
      const aco_chip_info *chip = compile_chip(prog);
      p->vgpr_file = chip->vgprs_per_simd[prog->target.wave_size == 64];
      p->vgpr_alloc_granule = chip->vgpr_granule[prog->target.wave_size == 64];
      p->force_scratch_input = scratch_input;
   }
   return p;
}

aco_status
aco_compile_with(aco_program *prog, const aco_compile_options *options,
                 const aco_allocator *allocator, const struct aco_debug_options *dbg,
                 aco_binary **binary)
{
   aco_status s = air_validate(prog);
   if (s != ACO_SUCCESS)
      return s;
   struct aco_strbuf ir;
   aco_strbuf_init(&ir, &prog->allocator);
   bool want_ir = options && (options->flags & ACO_COMPILE_PRINT_IR);
   struct compile_ctx c = {dbg, false, want_ir ? &ir : NULL};
   uint32_t n = prog->num_functions;
   unsigned max_vgprs = options ? options->max_vgprs : 0;
   if (options && options->min_waves) {
      /* waves per SIMD: the chip's VGPR file divided by what a wave allocates, at most the
       * chip's wave limit; SGPRs do not limit waves on these levels */
      const aco_chip_info *chip = compile_chip(prog);
      unsigned w64 = prog->target.wave_size == 64;
      unsigned granule = chip->vgpr_granule[w64];
      if (options->min_waves > chip->max_waves_per_simd)
         return air_error(prog, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_compile: min_waves %u: at most %u waves fit a SIMD of %s",
                          options->min_waves, chip->max_waves_per_simd, chip->name);
      unsigned lim = chip->vgprs_per_simd[w64] / options->min_waves / granule * granule;
      if (lim > ACO_VGPR_COUNT)
         lim = ACO_VGPR_COUNT;
      if (!max_vgprs || lim < max_vgprs)
         max_vgprs = lim;
   }
   struct aco_binary_builder bb;
   s = aco_binary_builder_init(&bb, prog, options);
   bool stopped = false;
   for (uint32_t i = 0; i < n && s == ACO_SUCCESS; i++) {
      const struct aco_function *f = prog->functions[i];
      if (!f->body)
         continue;
      struct aco_mprogram *p = new_mprogram(prog, options, max_vgprs, false);
      if (!p) {
         s = air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
         break;
      }
      c.stopped = false;
      s = compile_function(&c, f, p);
      if (s == ACO_SUCCESS && p->scratch_input_needed) {
         /* GFX10.3: VGPR spills need the scratch base SGPRs the entry did not ask for */
         aco_mprogram_destroy(p);
         p = new_mprogram(prog, options, max_vgprs, true);
         if (!p) {
            s = air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
            break;
         }
         c.stopped = false;
         s = compile_function(&c, f, p);
         if (s == ACO_SUCCESS && p->scratch_input_needed)
            s = aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                   "spill: no scratch base although it was requested");
      }
      if (s != ACO_SUCCESS)
         s = air_error(prog, s, "aco_compile: @%s: %s%s%s", f->name, p->message,
                       p->report ? "\n" : "", p->report ? p->report : "");
      else if (c.stopped) /* ACO_DEBUG stop-after: the passes after it make no binary */
         stopped = true;
      else if (!stopped)
         s = aco_binary_builder_add(&bb, i, p);
      /* the binary keeps what it needs of p: the function's memory goes before the next */
      aco_mprogram_destroy(p);
   }
   if (s == ACO_SUCCESS && ir.failed)
      s = air_error(prog, ACO_ERROR_OUT_OF_MEMORY, "aco_compile: out of memory");
   if (s == ACO_SUCCESS && !stopped) {
      bb.ir = want_ir ? aco_strbuf_str(&ir) : NULL;
      s = aco_binary_builder_finish(&bb, allocator, binary);
   } else {
      aco_binary_builder_discard(&bb);
   }
   aco_strbuf_finish(&ir);
   return s;
}

#define ALL_COMPILE_FLAGS (ACO_COMPILE_DISASSEMBLY | ACO_COMPILE_NO_OPT | ACO_COMPILE_PRINT_IR)

aco_status
aco_compile(aco_program *p, const aco_compile_options *options, const aco_allocator *allocator,
            aco_binary **binary)
{
   if (!binary)
      return p ? air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_compile: binary is NULL")
               : ACO_ERROR_INVALID_ARGUMENT;
   *binary = NULL;
   if (!p)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (options && !air_struct_size_ok(options, options->struct_size, sizeof(*options)))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_compile: aco_compile_options.struct_size %u: smaller than this "
                       "version's struct (%zu), or non-zero bytes beyond it",
                       options->struct_size, sizeof(*options));
   if (options && (options->flags & ~ALL_COMPILE_FLAGS))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_compile: unknown flags 0x%x",
                       options->flags & ~ALL_COMPILE_FLAGS);
   if (options && options->reserved)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_compile: aco_compile_options.reserved must be 0");
   if (!air_allocator_ok(allocator))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_compile: the allocator lacks its alloc or free function");
   struct aco_debug_options dbg;
   memset(&dbg, 0, sizeof(dbg));
   char bad[64];
   /* an unknown option is ignored (the others still apply), and said once per program: a
    * typo in the environment must not make a driver's compiles fail */
   if (!aco_debug_parse(getenv("ACO_DEBUG"), &dbg, bad) && !p->debug_reported) {
      p->debug_reported = true;
      if (p->diag) {
         char msg[128];
         snprintf(msg, sizeof(msg), "ACO_DEBUG: unknown option '%s' ignored", bad);
         p->diag(p->diag_user, ACO_SUCCESS, msg);
      }
   }
   return aco_compile_with(p, options, allocator, &dbg, binary);
}

void
aco_binary_destroy(aco_binary *binary)
{
   if (!binary)
      return;
   aco_allocator a = binary->allocator;
   a.free(a.user, binary, binary->allocation_size);
}
