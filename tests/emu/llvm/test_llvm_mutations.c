/* SPDX-License-Identifier: MIT */
/* Mutation tests of the emulator's detectors on llc-19's code (`test_llvm_mutations
 * gfx1100 32`). For each kernel with memory operations: delete each s_waitcnt*,
 * s_wait_* and s_nop line of llc's assembly in turn, reassemble with llvm-mc-19, run.
 *
 * Every deleted line gets one verdict:
 *  - detected: the run fails with the detector of the line's kind ("outstanding load"
 *    for a load-counter wait, "store before barrier" for a store-counter wait, "hazard"
 *    for s_nop, s_waitcnt_depctr and s_wait_alu), or any of them for a wait on several
 *    counters; any other error, or a detector of the wrong kind, fails the test;
 *  - explained: the run is clean and correct and a rule below says why the line was
 *    not needed in this program (the rule is printed);
 *  - hazard not detected: a clean run for a hazard line (s_nop and the dependency
 *    waits) is reported as an expected failure until the hazard detector catches it;
 *  - anything else fails: a clean run no rule explains (a missed detection, or a rule
 *    this file lacks), or a wrong output without an error.
 * Rules for lines that are not needed (R0 for every kind, the others for memory waits):
 *  R1 counter unused: the line waits only on counters no instruction of the program
 *     increments (expcnt, samplecnt, bvhcnt here; or kinds of memory it never uses);
 *  R2 stores only, no barrier after: a store-counter wait matters for other waves
 *     (barriers, releases); one wave's own memory accesses stay in order;
 *  R3 callee entry, nothing outstanding: the wait at a function's entry (counters are
 *     unknown there) when no call site has a load whose counter no wait zeroed since;
 *  R4 not used before covered: the registers of the loads it covered are not read or
 *     written before another wait covers them (in program order, through labels and
 *     into callees that start with such a wait; a branch or a return ends the search):
 *     e.g. llc's wait after each volatile load, which orders the loads, not their uses.
 *  R0 not executed: the line replaced by s_trap (same size) does not trap, so no wave
 *     reaches it with these inputs (e.g. a division's 32-bit fast path);
 *  E1.. specific to one kernel's launch (the table `exceptions`, each with its reason).
 * Then the ABI check: a callee-saved register (v40, s64, s20) overwritten right before
 * an llc-built callee's return must give an "abi:" error. */
#include "harness.h"

#include <ctype.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

enum counter { C_LOAD, C_STORE, C_DS, C_KM, C_EXP, C_SAMPLE, C_BVH, NUM_C };

/* A wait's counters: value per counter, -1 where it does not wait. */
struct wait {
   int v[NUM_C];
   bool hazard; /* s_nop, s_waitcnt_depctr, s_wait_alu */
};

struct text {
   char *buf;
   char **lines;
   unsigned n;
};

static bool
split_lines(char *buf, struct text *t)
{
   t->buf = buf;
   unsigned cap = 1024;
   t->lines = malloc(cap * sizeof(char *));
   t->n = 0;
   for (char *p = buf; p && *p;) {
      if (t->n == cap) {
         cap *= 2;
         char **nl = realloc(t->lines, cap * sizeof(char *));
         if (!nl)
            return false;
         t->lines = nl;
      }
      t->lines[t->n++] = p;
      char *e = strchr(p, '\n');
      if (!e)
         break;
      *e = 0;
      p = e + 1;
   }
   return t->lines != NULL;
}

/* The first token of a line ends with ':' (a label). */
static bool
is_label(const char *line)
{
   size_t n = strcspn(line, " \t");
   return n > 0 && line[n - 1] == ':';
}

/* The instruction of a line (leading blanks skipped), or NULL for labels, directives,
 * comments and blank lines. */
static const char *
instr_of(const char *line)
{
   while (*line == ' ' || *line == '\t')
      line++;
   if (!*line || *line == ';' || *line == '.' || is_label(line))
      return NULL;
   return line;
}

static bool
starts(const char *s, const char *prefix)
{
   return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A function's label: "name:" at the start of a line (local labels start with '.'). */
static bool
is_function_label(const char *line)
{
   return (isalpha((unsigned char)line[0]) || line[0] == '_') && is_label(line);
}

static int
num_after(const char *s, const char *key)
{
   const char *p = strstr(s, key);
   if (!p)
      return -1;
   return (int)strtol(p + strlen(key), NULL, 0);
}

/* Parses a wait line; false if the line is not a wait or s_nop. */
static bool
parse_wait(const char *in, struct wait *w)
{
   for (unsigned i = 0; i < NUM_C; i++)
      w->v[i] = -1;
   w->hazard = false;
   if (!in)
      return false;
   if (starts(in, "s_nop") || starts(in, "s_waitcnt_depctr") || starts(in, "s_wait_alu")) {
      w->hazard = true;
      return true;
   }
   if (starts(in, "s_waitcnt_vscnt")) {
      w->v[C_STORE] = (int)strtol(strrchr(in, ',') + 1, NULL, 0);
      return true;
   }
   if (starts(in, "s_waitcnt_vmcnt")) {
      w->v[C_LOAD] = (int)strtol(strrchr(in, ',') + 1, NULL, 0);
      return true;
   }
   if (starts(in, "s_waitcnt_lgkmcnt")) {
      w->v[C_KM] = w->v[C_DS] = (int)strtol(strrchr(in, ',') + 1, NULL, 0);
      return true;
   }
   if (starts(in, "s_waitcnt_expcnt")) {
      w->v[C_EXP] = (int)strtol(strrchr(in, ',') + 1, NULL, 0);
      return true;
   }
   if (starts(in, "s_waitcnt ")) {
      w->v[C_LOAD] = num_after(in, "vmcnt(");
      w->v[C_EXP] = num_after(in, "expcnt(");
      w->v[C_KM] = w->v[C_DS] = num_after(in, "lgkmcnt(");
      return true;
   }
   static const struct {
      const char *name;
      int c1, c2;
   } gfx12[] = {
      {"s_wait_loadcnt_dscnt", C_LOAD, C_DS}, {"s_wait_storecnt_dscnt", C_STORE, C_DS},
      {"s_wait_loadcnt", C_LOAD, -1},          {"s_wait_storecnt", C_STORE, -1},
      {"s_wait_dscnt", C_DS, -1},              {"s_wait_kmcnt", C_KM, -1},
      {"s_wait_expcnt", C_EXP, -1},            {"s_wait_samplecnt", C_SAMPLE, -1},
      {"s_wait_bvhcnt", C_BVH, -1},
   };
   for (unsigned i = 0; i < sizeof(gfx12) / sizeof(gfx12[0]); i++) {
      size_t n = strlen(gfx12[i].name);
      if (strncmp(in, gfx12[i].name, n) || (in[n] != ' ' && in[n] != '\t'))
         continue;
      int v = (int)strtol(in + n, NULL, 0);
      if (gfx12[i].c2 < 0) {
         w->v[gfx12[i].c1] = v;
      } else { /* the combined forms: first counter in bits [13:8], second in [5:0] */
         w->v[gfx12[i].c1] = (v >> 8) & 0x3f;
         w->v[gfx12[i].c2] = v & 0x3f;
      }
      return true;
   }
   return false;
}

/* The counters an instruction increments (bit per counter). */
static unsigned
counters_of(const char *in)
{
   if (!in)
      return 0;
   bool ret = strstr(in, " glc") || strstr(in, "TH_ATOMIC_RETURN") || strstr(in, "_rtn");
   if (starts(in, "global_load") || starts(in, "scratch_load") || starts(in, "buffer_load") ||
       starts(in, "flat_load"))
      return 1u << C_LOAD;
   if (starts(in, "global_store") || starts(in, "scratch_store") ||
       starts(in, "buffer_store") || starts(in, "flat_store"))
      return 1u << C_STORE;
   if (starts(in, "global_atomic") || starts(in, "buffer_atomic") || starts(in, "flat_atomic"))
      return ret ? 1u << C_LOAD : 1u << C_STORE;
   if (starts(in, "ds_"))
      return 1u << C_DS;
   if (starts(in, "s_load") || starts(in, "s_buffer_load") || starts(in, "s_memtime") ||
       starts(in, "s_memrealtime"))
      return 1u << C_KM;
   if (starts(in, "exp "))
      return 1u << C_EXP;
   if (starts(in, "image_sample") || starts(in, "image_gather"))
      return 1u << C_SAMPLE;
   if (starts(in, "image_bvh"))
      return 1u << C_BVH;
   return 0;
}

static bool
is_load(const char *in)
{
   unsigned c = counters_of(in);
   return (c & ((1u << C_LOAD) | (1u << C_KM) | (1u << C_SAMPLE) | (1u << C_BVH))) ||
          ((c & (1u << C_DS)) && (starts(in, "ds_read") || starts(in, "ds_load") ||
                                  strstr(in, "_rtn")));
}

/* R1: every counter of the wait is unused by the program. */
static bool
rule_unused(const struct text *t, const struct wait *w)
{
   unsigned used = 0;
   for (unsigned i = 0; i < t->n; i++)
      used |= counters_of(instr_of(t->lines[i]));
   for (unsigned c = 0; c < NUM_C; c++) {
      if (w->v[c] < 0)
         continue;
      /* lgkmcnt covers both DS and SMEM on GFX10.3/11: unused only if both are. */
      if (used & (1u << c))
         return false;
   }
   return true;
}

static bool
rule_store_no_barrier(const struct text *t, unsigned at, const struct wait *w)
{
   for (unsigned c = 0; c < NUM_C; c++)
      if (w->v[c] >= 0 && c != C_STORE)
         return false;
   for (unsigned i = at + 1; i < t->n; i++) {
      const char *in = instr_of(t->lines[i]);
      if (in && (starts(in, "s_barrier") || starts(in, "buffer_gl") || starts(in, "global_wb")))
         return false;
   }
   return true;
}

/* Registers named in an instruction's operands, as bit sets (s0-s127, v0-v255). */
struct regs {
   uint64_t s[2], v[4];
};

static void
add_range(struct regs *r, char file, unsigned lo, unsigned hi)
{
   for (unsigned i = lo; i <= hi && i < 256; i++) {
      if (file == 'v')
         r->v[i / 64] |= 1ull << (i % 64);
      else if (i < 128)
         r->s[i / 64] |= 1ull << (i % 64);
   }
}

/* The registers an operand text mentions (all operands, or only the first). */
static struct regs
regs_of(const char *in, bool first_only)
{
   struct regs r = {{0}, {0}};
   const char *p = in + strcspn(in, " \t");
   const char *end = first_only ? p + strcspn(p + 1, ",") + 1 : p + strlen(p);
   const char *semi = strchr(p, ';');
   if (semi && semi < end)
      end = semi;
   for (; p < end; p++) {
      if ((*p != 'v' && *p != 's') || isalnum((unsigned char)p[-1]) || p[-1] == '_')
         continue;
      char file = *p;
      if (p[1] == '[') {
         char *e;
         unsigned lo = (unsigned)strtoul(p + 2, &e, 10);
         if (*e == ':')
            add_range(&r, file, lo, (unsigned)strtoul(e + 1, NULL, 10));
      } else if (isdigit((unsigned char)p[1])) {
         char *e;
         unsigned n = (unsigned)strtoul(p + 1, &e, 10);
         if (!isalnum((unsigned char)*e) && *e != '_')
            add_range(&r, file, n, n);
      }
   }
   return r;
}

static bool
regs_overlap(const struct regs *a, const struct regs *b)
{
   return (a->s[0] & b->s[0]) || (a->s[1] & b->s[1]) || (a->v[0] & b->v[0]) ||
          (a->v[1] & b->v[1]) || (a->v[2] & b->v[2]) || (a->v[3] & b->v[3]);
}

/* The counter bit of a load (its result is what a wait protects). */
static unsigned
load_counter(const char *in)
{
   return is_load(in) ? counters_of(in) : 0;
}

/* Does wait n cover what w waited for (each of w's counters at most w's value)? */
static bool
covers(const struct wait *n, const struct wait *w)
{
   for (unsigned c = 0; c < NUM_C; c++)
      if (w->v[c] >= 0 && (n->v[c] < 0 || n->v[c] > w->v[c]))
         return false;
   return true;
}

/* Every function of the program starts with a wait that covers w. */
static bool
entries_cover(const struct text *t, const struct wait *w)
{
   for (unsigned i = 0; i < t->n; i++) {
      if (!is_function_label(t->lines[i]) || starts(t->lines[i], "main:"))
         continue;
      struct wait n;
      unsigned j = i + 1;
      while (j < t->n && !instr_of(t->lines[j]))
         j++;
      /* GFX12 splits the entry wait into one line per counter: merge them. */
      struct wait all;
      for (unsigned c = 0; c < NUM_C; c++)
         all.v[c] = -1;
      for (; j < t->n && parse_wait(instr_of(t->lines[j]), &n) && !n.hazard; j++)
         for (unsigned c = 0; c < NUM_C; c++)
            if (n.v[c] >= 0)
               all.v[c] = n.v[c];
      if (!covers(&all, w))
         return false;
   }
   return true;
}

/* R3: `at` is a function's first instruction and no caller has a load outstanding at a
 * call (scanning back from each s_swappc to the function start, a load whose counter no
 * later wait zeroes). */
static bool
rule_entry(const struct text *t, unsigned at)
{
   unsigned i = at;
   while (i > 0) {
      i--;
      if (instr_of(t->lines[i]))
         return false; /* not the first instruction */
      if (is_function_label(t->lines[i]))
         break;
   }
   if (!is_function_label(t->lines[i]))
      return false;
   for (unsigned c = 0; c < t->n; c++) {
      const char *in = instr_of(t->lines[c]);
      if (!in || !starts(in, "s_swappc"))
         continue;
      unsigned zeroed = 0;
      for (unsigned j = c; j-- > 0;) {
         if (is_function_label(t->lines[j]))
            break;
         const char *p = instr_of(t->lines[j]);
         struct wait w;
         if (parse_wait(p, &w) && !w.hazard) {
            for (unsigned k = 0; k < NUM_C; k++)
               if (w.v[k] == 0)
                  zeroed |= 1u << k;
            continue;
         }
         unsigned lc = load_counter(p);
         if (lc && !(lc & zeroed))
            return false;
      }
   }
   return true;
}

/* R4: the registers of the loads the wait covered (issued since the last wait that
 * zeroes their counter) are not read or written before a wait that covers them again:
 * walking on in program order (through labels; a call counts as covered when every
 * callee starts with such a wait; a branch, a return or the end of the text stop it). */
static bool
rule_covered(const struct text *t, unsigned at, const struct wait *w)
{
   struct regs pending = {{0}, {0}};
   for (unsigned j = at; j-- > 0;) {
      if (is_function_label(t->lines[j]))
         break;
      const char *p = instr_of(t->lines[j]);
      struct wait o;
      if (parse_wait(p, &o) && !o.hazard && covers(&o, w))
         break;
      unsigned lc = load_counter(p);
      bool counted = false;
      for (unsigned c = 0; c < NUM_C; c++)
         counted |= (lc & (1u << c)) && w->v[c] >= 0;
      if (counted) {
         struct regs d = regs_of(p, true);
         for (unsigned k = 0; k < 2; k++)
            pending.s[k] |= d.s[k];
         for (unsigned k = 0; k < 4; k++)
            pending.v[k] |= d.v[k];
      }
   }
   for (unsigned i = at + 1; i < t->n; i++) {
      const char *in = instr_of(t->lines[i]);
      if (!in)
         continue;
      struct wait n;
      if (parse_wait(in, &n)) {
         if (!n.hazard && covers(&n, w))
            return true;
         continue;
      }
      if (starts(in, "s_endpgm"))
         return true;
      struct regs used = regs_of(in, false);
      if (regs_overlap(&used, &pending))
         return false;
      if (starts(in, "s_swappc"))
         return entries_cover(t, w);
      if (starts(in, "s_cbranch") || starts(in, "s_branch") || starts(in, "s_setpc"))
         return false;
   }
   return false;
}

/* The function (label without ':') containing line `at`, in buf. */
static const char *
function_of(const struct text *t, unsigned at, char *buf, size_t size)
{
   for (unsigned j = at + 1; j-- > 0;) {
      if (is_function_label(t->lines[j])) {
         size_t n = strcspn(t->lines[j], ":");
         snprintf(buf, size, "%.*s", (int)n, t->lines[j]);
         return buf;
      }
   }
   snprintf(buf, size, "?");
   return buf;
}

/* Waits llc needs in general that a specific kernel's launch does not, each with the
 * reason (checked by kernel and function). */
static const struct {
   const char *kernel, *function, *reason;
} exceptions[] = {
   {"k26_indirect", "f1",
    "E1 f1 never runs first: llc's indirect-call loop calls the function of the first "
    "active lane first (lane 0, l % 3 == 0: f0), and f0's entry wait covers the caller's "
    "load; f2 calls f1 after its own entry wait"},
};

struct mut_state {
   const struct llvm_config *c;
   unsigned failures, detected, explained, xfail, assessed;
};

static char *
join_without(const struct text *t, unsigned skip, const char *insert_before_line,
             unsigned insert_at)
{
   size_t size = 1;
   for (unsigned i = 0; i < t->n; i++)
      size += strlen(t->lines[i]) + 1;
   if (insert_before_line)
      size += strlen(insert_before_line) + 2;
   char *out = malloc(size), *p = out;
   if (!out)
      return NULL;
   for (unsigned i = 0; i < t->n; i++) {
      if (insert_before_line && i == insert_at)
         p += sprintf(p, "\t%s\n", insert_before_line);
      if (i == skip)
         continue;
      p += sprintf(p, "%s\n", t->lines[i]);
   }
   *p = 0;
   return out;
}

/* Assembles `text` and runs it; the result and message. */
static enum llvm_result
run_text(const struct llvm_kernel *k, const struct llvm_config *c, const char *text,
         bool abi, char *msg, size_t msg_size)
{
   char s_path[PATH_MAX + 64], o_path[PATH_MAX + 64];
   snprintf(s_path, sizeof(s_path), "%s/mut-%s-%s-w%u.%ld.s", llvm_cache_dir(), k->name,
            c->cpu, c->wave_size, (long)getpid());
   snprintf(o_path, sizeof(o_path), "%s/mut-%s-%s-w%u.%ld.o", llvm_cache_dir(), k->name,
            c->cpu, c->wave_size, (long)getpid());
   if (!llvm_write_file(s_path, text, strlen(text))) {
      snprintf(msg, msg_size, "cannot write %.1000s", s_path);
      return LLVM_LOAD_ERROR;
   }
   enum llvm_result r = LLVM_LOAD_ERROR;
   if (llvm_assemble(c, s_path, o_path, msg, msg_size)) {
      size_t size;
      void *elf = llvm_read_file(o_path, &size);
      if (elf)
         r = llvm_run_and_check(k, c, elf, size, abi, msg, msg_size);
      free(elf);
      unlink(o_path);
   }
   unlink(s_path);
   return r;
}

static bool
detector_matches(const char *msg, const struct wait *w)
{
   if (w->hazard)
      return starts(msg, "hazard");
   bool load = w->v[C_LOAD] >= 0 || w->v[C_DS] >= 0 || w->v[C_KM] >= 0 ||
               w->v[C_SAMPLE] >= 0 || w->v[C_BVH] >= 0;
   bool store = w->v[C_STORE] >= 0 || w->v[C_DS] >= 0; /* DS stores before barriers */
   return (load && starts(msg, "outstanding load")) ||
          (store && starts(msg, "store before barrier"));
}

struct kernel_mut {
   const struct llvm_kernel *k;
   struct mut_state *ms;
};

static void
run_mutations(void **state)
{
   struct kernel_mut *km = *state;
   const struct llvm_kernel *k = km->k;
   const struct llvm_config *c = km->ms->c;
   char s_path[PATH_MAX], o_path[PATH_MAX], msg[4096];
   if (!llvm_build(k, c, s_path, o_path, msg, sizeof(msg)))
      fail_msg("%s: %s", k->name, msg);
   size_t size;
   char *src = llvm_read_file(s_path, &size);
   assert_non_null(src);
   struct text t;
   assert_true(split_lines(src, &t));

   char *whole = join_without(&t, UINT_MAX, NULL, 0);
   assert_non_null(whole);
   enum llvm_result base = run_text(k, c, whole, k->calls, msg, sizeof(msg));
   free(whole);
   const char *known = llvm_known_failure(k->name, c);
   if (base != LLVM_OK && known) {
      printf("  %s %s w%u: mutations not assessed, known emulator problem (%s): %s\n",
             k->name, c->cpu, c->wave_size, known, msg);
      free(t.lines);
      free(src);
      return;
   }
   if (base != LLVM_OK)
      fail_msg("%s on %s wave%u: the unmutated kernel does not pass (%s): mutations not "
               "assessed",
               k->name, c->cpu, c->wave_size, msg);

   unsigned bad = 0;
   for (unsigned i = 0; i < t.n; i++) {
      const char *in = instr_of(t.lines[i]);
      struct wait w;
      if (!parse_wait(in, &w))
         continue;
      char *text = join_without(&t, i, NULL, 0);
      assert_non_null(text);
      enum llvm_result r = run_text(k, c, text, k->calls, msg, sizeof(msg));
      free(text);
      const char *verdict = NULL, *rule = NULL;
      bool ok = false;
      bool reached = true;
      if (r == LLVM_OK) {
         char probe_msg[1024];
         char *probe = join_without(&t, i, "s_trap 2", i);
         assert_non_null(probe);
         enum llvm_result pr = run_text(k, c, probe, k->calls, probe_msg, sizeof(probe_msg));
         free(probe);
         reached = pr == LLVM_RUN_ERROR && starts(probe_msg, "trap:");
      }
      if (r == LLVM_OK && !reached) {
         verdict = "explained";
         rule = "R0 not executed with these inputs";
         ok = true;
         km->ms->explained++;
      } else if (r == LLVM_RUN_ERROR && detector_matches(msg, &w)) {
         verdict = "detected";
         ok = true;
         km->ms->detected++;
      } else if (r == LLVM_OK && w.hazard) {
         verdict = "hazard not detected (expected failure until the hazard detector "
                   "catches it)";
         ok = true;
         km->ms->xfail++;
      } else if (r == LLVM_OK) {
         if (rule_unused(&t, &w))
            rule = "R1 counter unused";
         else if (rule_store_no_barrier(&t, i, &w))
            rule = "R2 stores only, no barrier after";
         else if (rule_entry(&t, i))
            rule = "R3 callee entry, nothing outstanding";
         else if (rule_covered(&t, i, &w))
            rule = "R4 not used before a later wait covers it";
         char fn[128];
         function_of(&t, i, fn, sizeof(fn));
         for (unsigned e = 0; !rule && e < sizeof(exceptions) / sizeof(exceptions[0]); e++)
            if (!strcmp(exceptions[e].kernel, k->name) && !strcmp(exceptions[e].function, fn))
               rule = exceptions[e].reason;
         ok = rule != NULL;
         verdict = ok ? "explained" : "NOT DETECTED and no rule explains it";
         km->ms->explained += ok;
      } else if (r == LLVM_RUN_ERROR) {
         verdict = "WRONG DETECTOR";
      } else if (r == LLVM_MISMATCH) {
         verdict = "WRONG OUTPUT without an error";
      } else {
         verdict = "LOAD ERROR";
      }
      km->ms->assessed++;
      printf("  %s %s w%u line %u '%s': %s%s%s%s%s\n", k->name, c->cpu, c->wave_size, i + 1,
             in, verdict, rule ? ": " : "", rule ? rule : "",
             r == LLVM_RUN_ERROR ? " -- " : "", r == LLVM_RUN_ERROR ? msg : "");
      if (!ok)
         bad++;
   }
   free(t.lines);
   free(src);
   if (bad)
      fail_msg("%s: %u deleted waits without a correct verdict (listed above)", k->name, bad);
}

/* Inserts each corruption before the return of the callee `fn` and requires an ABI
 * error. */
static void
run_abi(void **state)
{
   struct kernel_mut *km = *state;
   const struct llvm_kernel *k = km->k;
   const struct llvm_config *c = km->ms->c;
   const char *fn = !strcmp(k->name, "k24_call") ? "mix:" : "work:";
   char s_path[PATH_MAX], o_path[PATH_MAX], msg[4096];
   if (!llvm_build(k, c, s_path, o_path, msg, sizeof(msg)))
      fail_msg("%s: %s", k->name, msg);
   size_t size;
   char *src = llvm_read_file(s_path, &size);
   assert_non_null(src);
   struct text t;
   assert_true(split_lines(src, &t));
   unsigned start = UINT_MAX, ret = UINT_MAX;
   for (unsigned i = 0; i < t.n; i++) {
      if (starts(t.lines[i], fn))
         start = i;
      const char *in = instr_of(t.lines[i]);
      if (start != UINT_MAX && ret == UINT_MAX && in && starts(in, "s_setpc_b64 s[30:31]"))
         ret = i;
   }
   if (start == UINT_MAX || ret == UINT_MAX)
      fail_msg("%s: no callee %s with a return", k->name, fn);
   char *whole = join_without(&t, UINT_MAX, NULL, 0);
   assert_non_null(whole);
   enum llvm_result base = run_text(k, c, whole, true, msg, sizeof(msg));
   free(whole);
   const char *known = llvm_known_failure(k->name, c);
   if (base != LLVM_OK && known) {
      printf("  %s %s w%u: ABI corruptions not assessed, known emulator problem (%s): %s\n",
             k->name, c->cpu, c->wave_size, known, msg);
      free(t.lines);
      free(src);
      return;
   }
   if (base != LLVM_OK)
      fail_msg("%s on %s wave%u: the unmodified kernel does not pass (%s)", k->name, c->cpu,
               c->wave_size, msg);
   static const char *const corruptions[] = {
      "v_mov_b32 v40, 0x1234",
      "s_mov_b32 s64, 0x1234",
      "s_mov_b32 s20, 0x1234",
   };
   unsigned bad = 0;
   for (unsigned j = 0; j < 3; j++) {
      char *text = join_without(&t, UINT_MAX, corruptions[j], ret);
      assert_non_null(text);
      enum llvm_result r = run_text(k, c, text, true, msg, sizeof(msg));
      free(text);
      bool ok = r == LLVM_RUN_ERROR && starts(msg, "abi:");
      printf("  %s %s w%u: '%s' before the return of %s %s -- %s\n", k->name, c->cpu,
             c->wave_size, corruptions[j], fn, ok ? "detected" : "NOT DETECTED",
             r == LLVM_RUN_ERROR ? msg : "no error");
      bad += !ok;
   }
   free(t.lines);
   free(src);
   if (bad)
      fail_msg("%s: %u corruptions of callee-saved registers not detected", k->name, bad);
}

/* Kernels with loads, stores, LDS, barriers, atomics, scratch or scalar loads, and the
 * ones where llc inserts hazard waits (s_waitcnt_depctr after transcendental and
 * 64-bit operations on GFX11). */
static const char *const mutated[] = {
   "k02_vadd",         "k03_divergent_if", "k05_collatz",      "k07_i64_div",
   "k08_i32_div",      "k09_i16",          "k11_f32_div",      "k12_f64",
   "k14_lds_reverse",  "k15_lds_reduce",   "k16_lds_atomics",  "k17_global_atomics",
   "k22_dpp",          "k24_call",         "k25_recursion",    "k26_indirect",
   "k27_csr",          "k28_uniform_loop", "k30_lds_pingpong", "k32_subdword",
   "k33_lds_wide",     "k36_private_array",
};
static const char *const abi_kernels[] = {"k24_call", "k27_csr"};

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s gfx1030|gfx1100|gfx1200 32|64 [kernel...]\n", argv[0]);
      return 1;
   }
   static struct mut_state ms;
   ms.c = llvm_find_config(argv[1], (unsigned)atoi(argv[2]));
   if (!ms.c) {
      fprintf(stderr, "unknown target %s wave%s\n", argv[1], argv[2]);
      return 1;
   }
   char why[256];
   if (!llvm_tools_present(why, sizeof(why))) {
      printf("%s\n", why);
      return 77;
   }
   enum { NM = sizeof(mutated) / sizeof(mutated[0]), NA = 2 };
   static struct kernel_mut kms[NM + NA];
   static struct CMUnitTest tests[NM + NA];
   static char names[NM + NA][64];
   unsigned n = 0;
   for (unsigned i = 0; i < NM + NA; i++) {
      const char *kn = i < NM ? mutated[i] : abi_kernels[i - NM];
      bool selected = argc == 3;
      for (int a = 3; a < argc; a++)
         selected |= !strcmp(argv[a], kn);
      if (!selected)
         continue;
      kms[n] = (struct kernel_mut){llvm_find_kernel(kn), &ms};
      assert_non_null(kms[n].k);
      snprintf(names[n], sizeof(names[n]), "%s%s", i < NM ? "waits-" : "abi-", kn);
      tests[n] = (struct CMUnitTest){names[n], i < NM ? run_mutations : run_abi, NULL, NULL,
                                     &kms[n]};
      n++;
   }
   char group[64];
   snprintf(group, sizeof(group), "llvm-mutations-%s-w%u", ms.c->cpu, ms.c->wave_size);
   int rc = _cmocka_run_group_tests(group, tests, n, NULL, NULL);
   printf("%s: %u deleted lines: %u detected, %u explained by a rule, %u hazards not yet "
          "detected (expected failures)\n",
          group, ms.assessed, ms.detected, ms.explained, ms.xfail);
   return rc;
}
