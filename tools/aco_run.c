/* SPDX-License-Identifier: MIT */
/* aco-run: run a text IR program on the reference interpreter (docs/ir-semantics.md), or
 * machine code (a raw file or an ELF) on the ISA emulator (docs/emulator.md, with -mcpu=),
 * and print the memory it wrote. With --link, the program is several files compiled apart
 * and linked (docs/calls.md, "Separate compilation"); the interpreter runs their merge. */
#include "emu/emu.h"
#include "emu/loader.h"
#include "ir/interp.h"
#include "isel/entry_abi.h"

#include "tool_io.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_PARAMS 64
#define MAX_LINKS 16

/* An error message: after what stdout holds so far (it may be a pipe, buffered), so that
 * the message never lands inside a half-printed line. */
static void __attribute__((format(printf, 1, 2)))
run_error(const char *fmt, ...)
{
   fflush(stdout);
   va_list ap;
   va_start(ap, fmt);
   fputs("aco-run: error: ", stderr);
   vfprintf(stderr, fmt, ap);
   va_end(ap);
}

/* A program's message, located in its file (tool_print_errors). */
static void
program_error(const char *file, const char *message)
{
   fflush(stdout);
   tool_print_errors(stderr, "aco-run", file, message);
}

/* --dump DIR: buffer n's final bytes to DIR/bufN.bin. */
static bool
dump_buffer(const char *dir, unsigned n, const uint8_t *data, uint64_t size)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/buf%u.bin", dir, n);
   FILE *f = fopen(path, "wb");
   if (!f) {
      run_error("--dump: cannot create '%s': %s\n", path, strerror(errno));
      return false;
   }
   bool ok = fwrite(data, 1, size, f) == size;
   int e = errno;
   if (fclose(f) || !ok) {
      run_error("--dump: cannot write '%s': %s\n", path, strerror(ok ? errno : e));
      return false;
   }
   return true;
}

/* The options of both modes, for getopt_long_only: one dash or two, the value after '='
 * or as the next argument (-mcpu=gfx1100, -mcpu gfx1100, --grid 2,1,1). */
static const struct option long_options[] = {
   {"mcpu", required_argument, NULL, 0},      {"mwave", required_argument, NULL, 0},
   {"trace", no_argument, NULL, 0},           {"stats", no_argument, NULL, 0},
   {"abi-check", no_argument, NULL, 0},       {"compile", no_argument, NULL, 0},
   {"check", no_argument, NULL, 0},           {"entry", required_argument, NULL, 0},
   {"grid", required_argument, NULL, 0},      {"block", required_argument, NULL, 0},
   {"wgid-sgpr", required_argument, NULL, 0}, {"local-id", required_argument, NULL, 0},
   {"sgpr", required_argument, NULL, 0},      {"buf", required_argument, NULL, 0},
   {"arg", required_argument, NULL, 0},       {"link", required_argument, NULL, 0},
   {"sgprs", required_argument, NULL, 0},     {"vgprs", required_argument, NULL, 0},
   {"lds", required_argument, NULL, 0},       {"scratch", required_argument, NULL, 0},
   {"max-steps", required_argument, NULL, 0}, {"max-depth", required_argument, NULL, 0},
   {"dump", required_argument, NULL, 0},      {"help", no_argument, NULL, 'h'},
   {"version", no_argument, NULL, 0},         {"spec", required_argument, NULL, 0},
   {NULL, 0, NULL, 0},
};

/* The next option: its name as "--NAME" in name and its value (NULL if it takes none);
 * 1, or 0 after the last option, or -1 after a usage error (reported). The arguments
 * left from optind on are the files. */
static int
next_option(int argc, char **argv, char name[32], const char **value)
{
   int index = -1;
   int c = getopt_long_only(argc, argv, ":h", long_options, &index);
   if (c == -1)
      return 0;
   if (c == 'h') {
      index = 0;
      while (strcmp(long_options[index].name, "help"))
         index++;
   } else if (c == ':') {
      run_error("%s needs a value\n", argv[optind - 1]);
      return -1;
   } else if (c != 0) {
      run_error("unknown option '%s' (see --help)\n", argv[optind - 1]);
      return -1;
   }
   snprintf(name, 32, "--%s", long_options[index].name);
   *value = optarg;
   return 1;
}

/* The file operands after the options: one, or a usage error (exit status 1). */
static int
operands(int argc, char **argv, const char **input)
{
   for (int i = optind; i < argc; i++) {
      if (*input) {
         run_error("more than one input file\n");
         return 1;
      }
      *input = argv[i];
   }
   return 0;
}

static void
usage(FILE *f)
{
   fprintf(f,
      "usage: aco-run [options] FILE|-\n"
      "Runs an entry function of a libaco text IR program on the reference interpreter\n"
      "and prints every buffer the program wrote (hex, and as i32 and f32).\n"
      "\n"
      "A SPIR-V compute module (recognised by its magic number) is translated first\n"
      "(docs/spirv.md): --entry names its entry point, --spec ID=VALUE sets a\n"
      "specialization constant (repeatable), --buf N=... is the storage or uniform buffer\n"
      "of set 0 binding N (parameter 0, the descriptor table, is built from them), the\n"
      "workgroup counts parameters are taken from --grid, and --arg N=V gives the other\n"
      "parameters (the push constant words).\n"
      "\n"
      "  --entry NAME          the entry function (default: the only one)\n"
      "  --grid X,Y,Z          workgroups to run (default 1,1,1)\n"
      "  --max-steps N         stop after N instructions (default 10000000)\n"
      "  --max-depth N         nested call limit (default 256)\n"
      "  --lds N               shared memory bytes per workgroup (default: the entry's\n"
      "                        shared_size, else 65536)\n"
      "  --trace               print each executed instruction and its per-lane results\n"
      "  --stats               with --compile/--check: the emulator run's waves, executed\n"
      "                        wave-instructions and modeled cycles (docs/timing.md)\n"
      "  --buf N=zero:SIZE     parameter N (a ptr) points to SIZE zero bytes\n"
      "  --buf N=hex:BYTES     ... to these bytes (hex digits; spaces, '_' and ':' ignored)\n"
      "  --buf N=file:PATH     ... to the contents of a file\n"
      "  --buf N=words:A,B,..  ... to these 32-bit words (C integer syntax); a word bufK\n"
      "                        or bufK+OFFSET is buffer K's 64-bit address (plus OFFSET\n"
      "                        bytes) as two words, low first\n"
      "  --buf N=funcs:@f,@g   ... to the 64-bit addresses of these functions\n"
      "  --arg N=V[,V...]      parameter N (not a ptr): one value per component; integers\n"
      "                        in C syntax, floats as decimals or 0x bits (default 0)\n"
      "  --compile             compile with aco_compile and run the machine code on the\n"
      "                        ISA emulator (all detectors on; every call checked\n"
      "                        against its callee's ABI) instead of interpreting\n"
      "  --check               run both, print the interpreter's buffers, and fail (exit 4)\n"
      "                        unless the emulator wrote the same bytes (approximate float\n"
      "                        results within their ULP bound)\n"
      "  --link FILE           another program (repeatable): with --compile/--check FILE\n"
      "                        and every --link FILE are compiled apart and linked with\n"
      "                        aco_link (FILE first); the interpreter runs their merge:\n"
      "                        one text with the first target line and without the\n"
      "                        declarations of functions another file defines\n"
      "  --dump DIR            write each buffer's final bytes to DIR/bufN.bin (with\n"
      "                        --compile the emulator's, else the interpreter's)\n"
      "  -h, --help            this text\n"
      "  --version             the version of libaco\n"
      "\n"
      "Parameters are numbered from 0 in signature order. Every ptr parameter needs a\n"
      "--buf; buffer N lives at address (N + 1) << 32. Buffers given by --buf but not\n"
      "bound to a parameter are still mapped (reachable through stored pointers).\n"
      "\n"
      "Exit status: 0 success, 1 bad usage or input/output error, 2 invalid program (also a\n"
      "function defined in two files, one declared but defined in none, a link error),\n"
      "3 not supported by the compiler, 4 runtime error (out-of-bounds access, undefined\n"
      "value, step or call depth limit, bad function pointer, ...).\n"
      "\n"
      "Machine code (docs/emulator.md): aco-run -mcpu=CPU [options] FILE|-\n"
      "runs a raw code file or an AMDGPU ELF (llc-19 object or ld.lld-19 output) on the\n"
      "ISA emulator and prints every buffer word that changed.\n"
      "  -mcpu=gfx1030|gfx1100|gfx1200   the target (selects this mode; also -mcpu CPU)\n"
      "  -mwave=32|64          wave size (default 32)\n"
      "  --entry SYM|OFFSET    entry symbol (ELF) or byte offset (default 0)\n"
      "  --grid X,Y,Z          workgroups (default 1,1,1)\n"
      "  --block X,Y,Z         invocations per workgroup (default 1,1,1)\n"
      "  --sgpr N=V            initial value of user SGPR sN (C integer syntax); V = bufK\n"
      "                        puts buffer K's 64-bit address in sN and sN+1\n"
      "  --buf N=...           buffer N at address (N + 1) << 32 (zero:, hex:, file:, words:)\n"
      "  --dump DIR            write each buffer's final bytes to DIR/bufN.bin\n"
      "  --wgid-sgpr X,Y,Z     SGPRs receiving the workgroup id (-1: none; default none)\n"
      "  --local-id three|packed|none  local ids as v0..v2 or z<<20|y<<10|x in v0\n"
      "                        (default: three on gfx1030, packed on gfx11+)\n"
      "  --sgprs N --vgprs N   register allocation (default 106 and 256)\n"
      "  --lds N               LDS bytes per workgroup (default 65536)\n"
      "  --scratch N           scratch bytes per lane (default 0)\n"
      "  --max-steps N         instructions per wave (default 10000000)\n"
      "  --abi-check           check llc's amdgpu_gfx convention at every call and return\n"
      "  --trace               print each executed instruction\n"
      "  --stats               executed wave-instructions and modeled cycles (docs/timing.md)\n"
      "Exit status: 0 success, 1 bad usage or input/output error, 4 emulator error.\n");
}

struct buf_spec {
   const char *spec; /* after "N=" */
   bool given;
};

struct opts {
   const char *input, *entry;
   const char *dump; /* --dump DIR */
   struct air_interp_options io;
   bool trace, compile, check, stats;
   struct buf_spec bufs[MAX_PARAMS];
   const char *args[MAX_PARAMS];
   const char *links[MAX_LINKS];
   unsigned num_links;
   struct tool_spirv_args spv;
   bool spirv; /* --buf N is a binding, not a parameter */
};

/* One program file: the main one or a --link one, parsed on its own. */
struct part {
   const char *path;
   char *text; /* NUL-terminated */
   size_t len;
   aco_program *prog;
};


static bool
parse_index(const char *s, unsigned *index, const char **rest)
{
   char *end;
   errno = 0;
   unsigned long v = strtoul(s, &end, 10);
   if (errno || end == s || *end != '=' || v >= MAX_PARAMS)
      return false;
   *index = (unsigned)v;
   *rest = end + 1;
   return true;
}

static bool
parse_u64(const char *s, uint64_t *out)
{
   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 0);
   if (errno || end == s || *end)
      return false;
   *out = v;
   return true;
}

static void
trace_line(void *user, const char *line)
{
   (void)user;
   printf("%s\n", line);
}

/* Fills a buffer from its spec; returns false with a message. */
static bool
make_buffer(aco_program *p, unsigned n, const char *spec, struct air_interp_buffer *b)
{
   b->address = (uint64_t)(n + 1) << 32;
   if (!strncmp(spec, "zero:", 5)) {
      uint64_t size;
      if (!parse_u64(spec + 5, &size) || size > (UINT64_C(1) << 30)) {
         run_error("--buf %u: bad size '%s'\n", n, spec + 5);
         return false;
      }
      b->size = size;
      b->data = calloc(1, size ? size : 1);
   } else if (!strncmp(spec, "hex:", 4)) {
      size_t len = strlen(spec + 4);
      b->data = calloc(1, len / 2 + 1);
      uint64_t k = 0;
      int half = -1;
      for (const char *c = spec + 4; *c; c++) {
         if (*c == ' ' || *c == '_' || *c == ':')
            continue;
         int d = *c >= '0' && *c <= '9'   ? *c - '0'
                 : *c >= 'a' && *c <= 'f' ? *c - 'a' + 10
                 : *c >= 'A' && *c <= 'F' ? *c - 'A' + 10
                                          : -1;
         if (d < 0) {
            run_error("--buf %u: '%c' is not a hex digit\n", n, *c);
            free(b->data);
            return false;
         }
         if (half < 0) {
            half = d;
         } else {
            b->data[k++] = (uint8_t)(half << 4 | d);
            half = -1;
         }
      }
      if (half >= 0) {
         run_error("--buf %u: an odd number of hex digits\n", n);
         free(b->data);
         return false;
      }
      b->size = k;
   } else if (!strncmp(spec, "file:", 5)) {
      FILE *f = fopen(spec + 5, "rb");
      int e = errno;
      size_t len = 0;
      errno = 0;
      char *data = f ? tool_read_all(f, &len) : NULL;
      if (f) {
         e = errno ? errno : ENOMEM;
         fclose(f);
      }
      if (!data) {
         run_error("--buf %u: cannot read '%s': %s\n", n, spec + 5, strerror(e));
         return false;
      }
      b->data = (uint8_t *)data;
      b->size = len;
   } else if (!strncmp(spec, "words:", 6) || !strncmp(spec, "funcs:", 6)) {
      bool funcs = spec[0] == 'f';
      size_t count = 1;
      for (const char *c = spec + 6; *c; c++)
         count += *c == ',';
      b->data = calloc(count, 8);
      b->size = 0;
      char *copy = strdup(spec + 6);
      char *save = NULL;
      for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
         uint64_t v;
         if (funcs) {
            aco_function *f =
               p ? aco_program_find_function(p, tok[0] == '@' ? tok + 1 : tok) : NULL;
            if (!f) {
               run_error("--buf %u: no function %s\n", n, tok);
               free(copy);
               free(b->data);
               return false;
            }
            v = air_interp_function_address(f->index);
            memcpy(b->data + b->size, &v, 8);
            b->size += 8;
         } else if (!strncmp(tok, "buf", 3)) {
            /* bufK or bufK+OFFSET: buffer K's address (plus OFFSET bytes) as two words */
            char *plus = strchr(tok, '+');
            uint64_t k, off = 0;
            if (plus)
               *plus = 0;
            if (!parse_u64(tok + 3, &k) || k >= MAX_PARAMS || (plus && !parse_u64(plus + 1, &off))) {
               if (plus)
                  *plus = '+';
               run_error("--buf %u: bad buffer address '%s' (bufK or bufK+OFFSET, K below %u)\n",
                         n, tok, MAX_PARAMS);
               free(copy);
               free(b->data);
               return false;
            }
            v = ((k + 1) << 32) + off;
            memcpy(b->data + b->size, &v, 8);
            b->size += 8;
         } else {
            if (!parse_u64(tok, &v) && !(tok[0] == '-' && parse_u64(tok + 1, &v) &&
                                         (v = (uint64_t)-(int64_t)v, true))) {
               run_error("--buf %u: bad word '%s'\n", n, tok);
               free(copy);
               free(b->data);
               return false;
            }
            uint32_t w = (uint32_t)v;
            memcpy(b->data + b->size, &w, 4);
            b->size += 4;
         }
      }
      free(copy);
   } else {
      run_error("--buf %u: expected zero:, hex:, file:, words: or funcs:\n", n);
      return false;
   }
   if (!b->data) {
      run_error("out of memory\n");
      return false;
   }
   return true;
}

/* One component of an --arg value for a parameter of type t. */
static bool
parse_component(const char *s, aco_type t, uint64_t *out)
{
   if (t.base == ACO_BASE_FLOAT && !(s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) {
      char *end;
      double d = strtod(s, &end);
      if (end == s || *end)
         return false;
      if (t.bits == 64) {
         memcpy(out, &d, 8);
      } else if (t.bits == 32) {
         float f = (float)d;
         uint32_t u;
         memcpy(&u, &f, 4);
         *out = u;
      } else {
         *out = air_float_to_half(d);
      }
      return true;
   }
   uint64_t v;
   if (s[0] == '-') {
      if (!parse_u64(s + 1, &v))
         return false;
      v = (uint64_t)-(int64_t)v;
   } else if (!parse_u64(s, &v)) {
      return false;
   }
   *out = t.bits >= 64 ? v : v & ((UINT64_C(1) << t.bits) - 1);
   return true;
}

static bool
parse_arg(unsigned n, const char *spec, aco_type t, struct air_interp_arg *a)
{
   char *copy = strdup(spec), *save = NULL;
   unsigned i = 0;
   bool ok = copy != NULL;
   for (char *tok = ok ? strtok_r(copy, ",", &save) : NULL; ok && tok;
        tok = strtok_r(NULL, ",", &save)) {
      if (i >= t.comps || !parse_component(tok, t, &a->c[i++])) {
         run_error("--arg %u: bad value '%s'\n", n, tok);
         ok = false;
      }
   }
   if (ok && i != t.comps) {
      char tn[16];
      run_error("--arg %u: %s needs %u values, %u given\n", n,
              air_type_name(t, tn), t.comps, i);
      ok = false;
   }
   free(copy);
   return ok;
}

static void
print_buffer(unsigned n, const char *pname, const struct air_interp_buffer *b)
{
   printf("buffer %u%s%s%s: %" PRIu64 " bytes at 0x%" PRIx64 "\n", n, pname ? " (%" : "",
          pname ? pname : "", pname ? ")" : "", b->size, b->address);
   for (uint64_t row = 0; row < b->size; row += 16) {
      bool any = false;
      for (uint64_t i = row; i < row + 16 && i < b->size; i++)
         any |= b->written[i];
      if (!any)
         continue;
      printf("  %08" PRIx64 ":", row);
      for (uint64_t i = row; i < row + 16; i++) {
         if (i >= b->size)
            printf("   ");
         else if (b->written[i])
            printf(" %02x", b->data[i]);
         else
            printf(" ..");
      }
      printf("\n");
   }
   for (uint64_t w = 0; w + 4 <= b->size; w += 4) {
      if (!(b->written[w] | b->written[w + 1] | b->written[w + 2] | b->written[w + 3]))
         continue;
      uint32_t u;
      float f;
      memcpy(&u, b->data + w, 4);
      memcpy(&f, b->data + w, 4);
      printf("  +%-6" PRIu64 " 0x%08x  i32 %-11" PRId32 "  f32 %.9g", w, u, (int32_t)u, (double)f);
      uint8_t ulp = b->ulp ? b->ulp[w] : 0;
      if (ulp == 255)
         printf("  (derived from approximate results: no ULP bound)");
      else if (ulp == 254)
         printf("  (a NaN of any sign and payload)");
      else if (ulp)
         printf("  (approximate: within %u ULP)", ulp);
      printf("\n");
   }
}

/* ---- machine-code mode -------------------------------------------------------------- */

#define MC_CODE_ADDR 0x100000000000ull

struct mc_opts {
   aco_target target;
   const char *input, *entry;
   const char *dump; /* --dump DIR */
   struct aco_emu_launch l;
   const char *bufs[MAX_PARAMS];
   const char *sgpr_buf[ACO_EMU_MAX_USER_SGPRS];
   bool local_id_set;
   bool stats;
};

static bool
parse_triple(const char *s, uint32_t out[3], bool allow_neg)
{
   int v[3];
   char end;
   if (sscanf(s, "%d,%d,%d%c", &v[0], &v[1], &v[2], &end) != 3)
      return false;
   for (unsigned i = 0; i < 3; i++) {
      if (v[i] < (allow_neg ? -1 : 1))
         return false;
      out[i] = (uint32_t)v[i];
   }
   return true;
}

/* --stats: the run's executed instructions and modeled cycles (docs/timing.md). */
static void
print_emu_stats(const struct aco_emu *emu)
{
   struct aco_emu_stats st;
   aco_emu_get_stats(emu, &st);
   printf("stats: %" PRIu64 " waves, %" PRIu64 " wave-instructions, %" PRIu64
          " cycles (sum over waves), %" PRIu64 " cycles in the longest wave\n",
          st.waves, st.instructions, st.cycles, st.max_wave_cycles);
   if (st.waves)
      printf("stats: per wave %.1f instructions, %.1f cycles\n",
             (double)st.instructions / (double)st.waves, (double)st.cycles / (double)st.waves);
   printf("stats: stalls: %" PRIu64 " dependency, %" PRIu64 " unit, %" PRIu64
          " memory wait, %" PRIu64 " taken branches, %" PRIu64 " barrier\n",
          st.dependency_stall, st.unit_stall, st.wait_stall, st.branch_cycles,
          st.barrier_stall);
}

static void
mc_trace(void *user, const char *line)
{
   (void)user;
   printf("%s\n", line);
}

static int
run_machine_code(int argc, char **argv)
{
   struct mc_opts o;
   memset(&o, 0, sizeof(o));
   o.target.wave_size = 32;
   for (unsigned i = 0; i < 3; i++) {
      o.l.grid[i] = o.l.block[i] = 1;
      o.l.workgroup_id_sgpr[i] = -1;
   }
   o.l.num_sgprs = 106;
   o.l.num_vgprs = 256;
   o.l.lds_bytes = 65536;
   char a[32];
   const char *val;
   int r;
   optind = 1;
   while ((r = next_option(argc, argv, a, &val)) > 0) {
      uint64_t v;
      if (!strcmp(a, "--help")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(a, "--version")) {
         printf("aco-run (libaco) %d.%d.%d\n", ACO_VERSION_MAJOR, ACO_VERSION_MINOR,
                ACO_VERSION_PATCH);
         return 0;
      } else if (!strcmp(a, "--dump")) {
         o.dump = val;
      } else if (!strcmp(a, "--mcpu")) {
         const char *c = val;
         o.target.gfx_level = !strcmp(c, "gfx1030")   ? ACO_GFX1030
                              : !strcmp(c, "gfx1100") ? ACO_GFX1100
                              : !strcmp(c, "gfx1200") ? ACO_GFX1200
                                                      : ACO_GFX_NONE;
         if (o.target.gfx_level == ACO_GFX_NONE) {
            run_error("-mcpu takes gfx1030, gfx1100 or gfx1200\n");
            return 1;
         }
      } else if (!strcmp(a, "--mwave")) {
         if (strcmp(val, "32") && strcmp(val, "64")) {
            run_error("-mwave takes 32 or 64\n");
            return 1;
         }
         o.target.wave_size = (uint32_t)atoi(val);
      } else if (!strcmp(a, "--trace")) {
         o.l.trace = true;
      } else if (!strcmp(a, "--stats")) {
         o.stats = true;
      } else if (!strcmp(a, "--abi-check")) {
         o.l.abi_check = true;
      } else if (val) {
         unsigned idx;
         const char *rest;
         if (!strcmp(a, "--entry")) {
            o.entry = val;
         } else if (!strcmp(a, "--grid") || !strcmp(a, "--block")) {
            if (!parse_triple(val, a[2] == 'g' ? o.l.grid : o.l.block, false)) {
               run_error("%s takes X,Y,Z (each at least 1)\n", a);
               return 1;
            }
         } else if (!strcmp(a, "--wgid-sgpr")) {
            uint32_t t[3];
            if (!parse_triple(val, t, true)) {
               run_error("--wgid-sgpr takes X,Y,Z (SGPR numbers or -1)\n");
               return 1;
            }
            for (unsigned k = 0; k < 3; k++)
               o.l.workgroup_id_sgpr[k] = (int8_t)(int32_t)t[k];
         } else if (!strcmp(a, "--local-id")) {
            o.local_id_set = true;
            if (!strcmp(val, "three"))
               o.l.local_id = ACO_EMU_LOCAL_ID_THREE_VGPRS;
            else if (!strcmp(val, "packed"))
               o.l.local_id = ACO_EMU_LOCAL_ID_PACKED;
            else if (!strcmp(val, "none"))
               o.l.local_id = ACO_EMU_LOCAL_ID_NONE;
            else {
               run_error("--local-id takes three, packed or none\n");
               return 1;
            }
         } else if (!strcmp(a, "--sgpr") || !strcmp(a, "--buf")) {
            if (!parse_index(val, &idx, &rest) ||
                (a[2] == 's' && idx >= ACO_EMU_MAX_USER_SGPRS)) {
               run_error("%s takes N=... with N below %u\n", a,
                       a[2] == 's' ? ACO_EMU_MAX_USER_SGPRS : MAX_PARAMS);
               return 1;
            }
            if (a[2] == 'b') {
               o.bufs[idx] = rest;
            } else if (!strncmp(rest, "buf", 3)) {
               o.sgpr_buf[idx] = rest + 3;
               if (idx + 2 > o.l.num_user_sgprs)
                  o.l.num_user_sgprs = idx + 2;
            } else {
               if (!parse_u64(rest, &v) && !(rest[0] == '-' && parse_u64(rest + 1, &v) &&
                                              (v = (uint64_t)-(int64_t)v, true))) {
                  run_error("--sgpr %u: bad value '%s'\n", idx, rest);
                  return 1;
               }
               o.l.user_sgprs[idx] = (uint32_t)v;
               if (idx + 1 > o.l.num_user_sgprs)
                  o.l.num_user_sgprs = idx + 1;
            }
         } else {
            if (!parse_u64(val, &v) || v > UINT32_MAX) {
               run_error("%s takes a number\n", a);
               return 1;
            }
            if (!strcmp(a, "--sgprs") && v <= 106)
               o.l.num_sgprs = (uint16_t)v;
            else if (!strcmp(a, "--vgprs") && v <= 256)
               o.l.num_vgprs = (uint16_t)v;
            else if (!strcmp(a, "--lds"))
               o.l.lds_bytes = (uint32_t)v;
            else if (!strcmp(a, "--scratch"))
               o.l.scratch_bytes_per_lane = (uint32_t)v;
            else if (!strcmp(a, "--max-steps") && v)
               o.l.step_limit = v;
            else {
               run_error("unknown option or bad value: %s %s (see --help)\n", a,
                       val);
               return 1;
            }
         }
      } else {
         run_error("%s is not an option of the machine-code mode (see --help)\n", a);
         return 1;
      }
   }
   if (r < 0 || operands(argc, argv, &o.input))
      return 1;
   if (!o.input) {
      usage(stderr);
      return 1;
   }
   if (!o.local_id_set)
      o.l.local_id = o.target.gfx_level >= ACO_GFX1100 ? ACO_EMU_LOCAL_ID_PACKED
                                                       : ACO_EMU_LOCAL_ID_THREE_VGPRS;

   FILE *in = strcmp(o.input, "-") ? fopen(o.input, "rb") : stdin;
   int e = errno;
   size_t len = 0;
   errno = 0;
   char *data = in ? tool_read_all(in, &len) : NULL;
   if (in)
      e = errno ? errno : ENOMEM;
   if (in && in != stdin)
      fclose(in);
   if (!data) {
      run_error("cannot read '%s': %s\n", o.input, strerror(e));
      return 1;
   }
   int rc = 0;
   struct aco_emu *emu = aco_emu_create(NULL, o.target);
   struct aco_emu_elf *img = NULL;
   struct air_interp_buffer bufs[MAX_PARAMS];
   uint8_t *initial[MAX_PARAMS];
   unsigned nbufs = 0, buf_index[MAX_PARAMS];
   if (!emu) {
      run_error("out of memory\n");
      free(data);
      return 1;
   }
   bool elf = len >= 4 && !memcmp(data, "\177ELF", 4);
   char msg[512] = "";
   aco_status s;
   if (elf) {
      s = aco_emu_load_elf(emu, NULL, data, len, MC_CODE_ADDR, &img, msg, sizeof(msg));
   } else {
      s = aco_emu_load_code(emu, data, len, MC_CODE_ADDR);
      snprintf(msg, sizeof(msg), "%s", aco_emu_message(emu));
   }
   if (s != ACO_SUCCESS) {
      run_error("%s: %s\n", o.input, msg);
      rc = 1;
   }
   if (!rc && o.entry) {
      uint64_t off;
      if (img && aco_emu_elf_symbol(img, o.entry, &o.l.entry, NULL)) {
         /* found */
      } else if (parse_u64(o.entry, &off) && off <= UINT32_MAX) {
         o.l.entry = (uint32_t)off;
      } else {
         run_error("no entry '%s'%s\n", o.entry,
                 img ? "" : " (symbols need an ELF input)");
         rc = 1;
      }
   }
   for (unsigned n = 0; n < MAX_PARAMS && !rc; n++) {
      if (!o.bufs[n])
         continue;
      struct air_interp_buffer *b = &bufs[nbufs];
      if (!make_buffer(NULL, n, o.bufs[n], b)) {
         rc = 1;
         break;
      }
      initial[nbufs] = malloc(b->size ? b->size : 1);
      if (!initial[nbufs]) {
         free(b->data);
         rc = 1;
         break;
      }
      memcpy(initial[nbufs], b->data, b->size);
      buf_index[nbufs++] = n;
      if (b->size && aco_emu_map(emu, b->address, b->data, b->size, 0) != ACO_SUCCESS) {
         run_error("--buf %u: %s\n", n, aco_emu_message(emu));
         rc = 1;
      }
   }
   for (unsigned i = 0; i < ACO_EMU_MAX_USER_SGPRS && !rc; i++) {
      if (!o.sgpr_buf[i])
         continue;
      unsigned k;
      char end;
      if (sscanf(o.sgpr_buf[i], "%u%c", &k, &end) != 1 || k >= MAX_PARAMS || !o.bufs[k] ||
          i + 1 >= ACO_EMU_MAX_USER_SGPRS) {
         run_error("--sgpr %u=buf%s: no such buffer\n", i, o.sgpr_buf[i]);
         rc = 1;
         break;
      }
      uint64_t addr = (uint64_t)(k + 1) << 32;
      o.l.user_sgprs[i] = (uint32_t)addr;
      o.l.user_sgprs[i + 1] = (uint32_t)(addr >> 32);
   }
   if (!rc) {
      aco_emu_set_trace(emu, mc_trace, NULL);
      s = aco_emu_run(emu, &o.l);
      for (unsigned b = 0; b < nbufs; b++) {
         printf("buffer %u: %" PRIu64 " bytes at 0x%" PRIx64 "\n", buf_index[b], bufs[b].size,
                bufs[b].address);
         for (uint64_t w = 0; w + 4 <= bufs[b].size; w += 4) {
            if (!memcmp(bufs[b].data + w, initial[b] + w, 4))
               continue;
            uint32_t u;
            float f;
            memcpy(&u, bufs[b].data + w, 4);
            memcpy(&f, bufs[b].data + w, 4);
            printf("  +%-6" PRIu64 " 0x%08x  i32 %-11" PRId32 "  f32 %.9g\n", w, u, (int32_t)u,
                   (double)f);
         }
      }
      for (unsigned b = 0; b < nbufs && o.dump; b++)
         if (!dump_buffer(o.dump, buf_index[b], bufs[b].data, bufs[b].size))
            rc = 1;
      if (s != ACO_SUCCESS) {
         run_error("%s\n", aco_emu_message(emu));
         rc = s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 4;
      } else if (!rc) {
         printf("ok: %" PRIu64 " instructions\n", aco_emu_steps(emu));
         if (o.stats)
            print_emu_stats(emu);
      }
   }
   for (unsigned b = 0; b < nbufs; b++) {
      free(bufs[b].data);
      free(initial[b]);
   }
   if (img)
      aco_emu_elf_destroy(img);
   aco_emu_destroy(emu);
   free(data); /* after the image: its symbol lookups may read the input */
   return rc;
}

/* ---- compiled mode (--compile, --check) --------------------------------------------- */

#define RUN_CODE_ADDR 0x100000000000ull
#define RUN_ARGBLOCK_ADDR 0x7f0000000000ull

/* Whether the program has functions its entries call. */
static bool
has_callees(const aco_program *p)
{
   for (uint32_t i = 0; i < p->num_functions; i++) {
      if (!(p->functions[i]->flags & ACO_FUNCTION_ENTRY))
         return true;
   }
   return false;
}

/* A relocation left means a call into code nobody gave: exit status 2. (With --link the
 * files were checked before, so this is a program of its own that declares functions.) */
static int
check_resolved(const aco_binary *bin, const char *path)
{
   if (!bin->num_relocations)
      return 0;
   run_error("%s: @%s is only declared; give the file defining it with --link\n",
           path, bin->relocations[0].symbol);
   return 2;
}

/* Compiles each part on its own and links the binaries (the main part first); one part
 * is just compiled. The exit status, 0 with *out set. */
static int
compile_parts(const struct part *parts, unsigned nparts, aco_binary **out)
{
   aco_compile_options opts;
   memset(&opts, 0, sizeof(opts));
   opts.struct_size = sizeof(opts);
   aco_binary *bins[1 + MAX_LINKS] = {0};
   int rc = 0;
   for (unsigned i = 0; i < nparts && !rc; i++) {
      aco_status s = aco_compile(parts[i].prog, &opts, NULL, &bins[i]);
      if (s != ACO_SUCCESS) {
         program_error(parts[i].path, aco_program_message(parts[i].prog));
         rc = s == ACO_ERROR_UNSUPPORTED ? 3 : s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
      }
   }
   if (!rc && nparts == 1) {
      *out = bins[0];
      return check_resolved(*out, parts[0].path);
   }
   char msg[512] = "";
   aco_status s = rc ? ACO_SUCCESS
                     : aco_link((const aco_binary *const *)bins, nparts, NULL, out, msg,
                                sizeof(msg));
   if (s != ACO_SUCCESS) {
      run_error("link: %s: %s\n", aco_status_string(s), msg);
      rc = s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
   }
   for (unsigned i = 0; i < nparts; i++)
      aco_binary_destroy(bins[i]);
   return rc ? rc : check_resolved(*out, parts[0].path);
}

/* The emulator's copy of each buffer: initial[b] is replaced by what the compiled code
 * left there, for check_emulated. p is the whole program (the merge of the parts): the
 * entry and the callees' ABIs come from it. */
static int
run_compiled(aco_program *p, const struct part *parts, unsigned nparts, aco_function *entry,
             const struct opts *o, const struct air_interp_buffer *bufs,
             const unsigned *buf_param, unsigned nbufs, const struct air_interp_arg *args,
             uint8_t **mem, bool check)
{
   aco_binary *bin = NULL;
   int rc = compile_parts(parts, nparts, &bin);
   if (rc) {
      aco_binary_destroy(bin);
      return rc;
   }
   aco_status s;
   struct aco_emu *emu = aco_emu_create(NULL, aco_program_target(p));
   static uint8_t argblock[4096];
   uint32_t grid[3];
   for (unsigned i = 0; i < 3; i++)
      grid[i] = o->io.grid[i] ? o->io.grid[i] : 1;
   struct aco_emu_launch launch;
   struct aco_emu_callee *callees = NULL;
   if (!emu) {
      run_error("out of memory\n");
      rc = 1;
   }
   for (unsigned b = 0; b < nbufs && !rc; b++)
      aco_emu_map(emu, bufs[b].address, mem[b], bufs[b].size, 0);
   if (!rc) {
      aco_emu_map(emu, RUN_ARGBLOCK_ADDR, argblock, sizeof(argblock), ACO_EMU_MEM_READONLY);
      aco_emu_load_code(emu, bin->code, bin->code_size, RUN_CODE_ADDR);
      s = aco_entry_fill_launch(entry, bin, args, grid, RUN_ARGBLOCK_ADDR, argblock,
                                sizeof(argblock), 0, &launch);
      if (s != ACO_SUCCESS) {
         run_error("cannot set up the launch: %s\n", aco_status_string(s));
         rc = 1;
      }
   }
   if (!rc && has_callees(p)) {
      /* every call is checked against its callee's own ABI */
      s = aco_emu_callees_for_binary(NULL, p, bin, &callees, &launch.num_callees);
      if (s != ACO_SUCCESS) {
         run_error("callee table: %s\n", aco_program_message(p));
         rc = s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
      }
      launch.callees = callees;
      launch.abi_check = launch.num_callees > 0; /* not llc's convention for libaco's code */
   }
   if (!rc) {
      if (o->trace) {
         launch.trace = true;
         aco_emu_set_trace(emu, mc_trace, NULL);
      }
      s = aco_emu_run(emu, &launch);
      if (s != ACO_SUCCESS) {
         run_error("emulator: %s\n", aco_emu_message(emu));
         rc = 4;
      } else if (!check) {
         for (unsigned b = 0; b < nbufs; b++) {
            unsigned n = buf_param[b];
            bool named = !o->spirv && n < entry->num_params;
            if (o->spirv && n == MAX_PARAMS)
               continue; /* the descriptor table */
            printf("buffer %u%s%s%s (emulator, %u instructions of %s code): words that changed\n",
                   n, named ? " (%" : "", named ? entry->params[n].name : "", named ? ")" : "",
                   bin->stats.instructions,
                   aco_gfx_level_name(bin->target.gfx_level));
            for (uint64_t w = 0; w + 4 <= bufs[b].size; w += 4) {
               uint32_t now, before;
               memcpy(&now, mem[b] + w, 4);
               memcpy(&before, bufs[b].data + w, 4);
               float f;
               memcpy(&f, &now, 4);
               if (now != before)
                  printf("  +%-6" PRIu64 " 0x%08x  i32 %-11" PRId32 "  f32 %.9g\n", w, now,
                         (int32_t)now, (double)f);
            }
         }
         printf("ok: %" PRIu64 " instructions executed on the emulator\n", aco_emu_steps(emu));
         if (o->stats)
            print_emu_stats(emu);
      }
   }
   aco_emu_callees_free(NULL, callees);
   aco_emu_destroy(emu);
   aco_binary_destroy(bin);
   return rc;
}

/* --check: the interpreter's buffers (bufs, with ULP tags) against the emulator's. */
static int
check_emulated(const struct air_interp_buffer *bufs, const unsigned *buf_param, unsigned nbufs,
               uint8_t **emu_mem)
{
   uint64_t compared = 0;
   for (unsigned b = 0; b < nbufs; b++) {
      for (uint64_t off = 0; off < bufs[b].size; off += 4) {
         uint64_t n = bufs[b].size - off < 4 ? bufs[b].size - off : 4;
         uint32_t e = 0, g = 0;
         memcpy(&e, bufs[b].data + off, n);
         memcpy(&g, emu_mem[b] + off, n);
         unsigned tag = bufs[b].ulp ? bufs[b].ulp[off] : 0;
         compared += n;
         if (tag == 255 || (tag ? air_float_within_ulp(32, e, g, tag) : e == g))
            continue;
         run_error("check: buffer %u byte %" PRIu64 ": interpreter 0x%08x, emulator "
                 "0x%08x\n", buf_param[b], off, e, g);
         return 4;
      }
   }
   printf("check: the compiled code on the emulator wrote the same %" PRIu64
          " bytes as the interpreter\n", compared);
   return 0;
}

/* ---- the program files (FILE and each --link FILE) ----------------------------------- */

/* The file's contents with a NUL after them (not counted in *len). */
static char *
read_text(const char *path, size_t *len)
{
   FILE *in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
   if (!in) {
      run_error("cannot open '%s': %s\n", path, strerror(errno));
      return NULL;
   }
   errno = 0;
   char *text = tool_read_all(in, len);
   int e = errno ? errno : ENOMEM;
   if (in != stdin)
      fclose(in);
   char *terminated = text ? realloc(text, *len + 1) : NULL;
   if (!terminated) {
      run_error("cannot read '%s': %s\n", path, strerror(text ? ENOMEM : e));
      free(text);
      return NULL;
   }
   terminated[*len] = 0;
   return terminated;
}

/* Parses and validates text into a new program; the exit status. */
static int
parse_program(const char *name, const char *text, size_t len, aco_program **out)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   if (aco_program_create(&info, out) != ACO_SUCCESS) {
      run_error("out of memory\n");
      *out = NULL;
      return 1;
   }
   aco_status s = aco_program_parse(*out, name, text, len);
   if (s == ACO_SUCCESS)
      s = aco_program_validate(*out);
   if (s != ACO_SUCCESS) {
      program_error(name, aco_program_message(*out));
      return s == ACO_ERROR_OUT_OF_MEMORY ? 1 : 2;
   }
   return 0;
}

/* The part defining function `name` (not just declaring it), or -1. */
static int
defining_part(const struct part *parts, unsigned nparts, const char *name)
{
   for (unsigned i = 0; i < nparts; i++) {
      aco_function *f = aco_program_find_function(parts[i].prog, name);
      if (f && !(f->flags & ACO_FUNCTION_EXTERNAL))
         return (int)i;
   }
   return -1;
}

/* Every function defined once across the parts, every declared one defined by a part. */
static bool
check_definitions(const struct part *parts, unsigned nparts)
{
   for (unsigned i = 0; i < nparts; i++) {
      for (uint32_t k = 0; k < aco_program_function_count(parts[i].prog); k++) {
         aco_function *f = aco_program_function(parts[i].prog, k);
         int d = defining_part(parts, nparts, f->name);
         if (d < 0) {
            run_error("@%s is declared in %s but no file defines it\n",
                    f->name, parts[i].path);
            return false;
         }
         if (!(f->flags & ACO_FUNCTION_EXTERNAL) && d != (int)i) {
            run_error("@%s is defined in both %s and %s\n", f->name,
                    parts[d].path, parts[i].path);
            return false;
         }
      }
   }
   return true;
}

/* Whether a line of part `self` is left out of the merge: a target line after the first
 * file's, or a declaration of a function some part defines. */
static bool
merge_drops(const struct part *parts, unsigned nparts, unsigned self, const char *line,
            size_t len)
{
   size_t sp = strspn(line, " \t");
   line += sp;
   len -= sp;
   if (self > 0 && len >= 7 && !strncmp(line, "target", 6) && (line[6] == ' ' || line[6] == '\t'))
      return true;
   static const char decl[] = "declare function @";
   if (len < sizeof(decl) - 1 || strncmp(line, decl, sizeof(decl) - 1))
      return false;
   char name[256];
   size_t n = strcspn(line + sizeof(decl) - 1, "( \t\n");
   if (n >= sizeof(name))
      return false;
   memcpy(name, line + sizeof(decl) - 1, n);
   name[n] = 0;
   return defining_part(parts, nparts, name) >= 0;
}

/* The whole program's text: the parts one after another, less the lines merge_drops. */
static char *
merge_parts(const struct part *parts, unsigned nparts)
{
   size_t cap = 1;
   for (unsigned i = 0; i < nparts; i++)
      cap += parts[i].len + 1;
   char *out = malloc(cap), *w = out;
   for (unsigned i = 0; i < nparts && out; i++) {
      for (const char *line = parts[i].text; *line;) {
         size_t len = strcspn(line, "\n");
         if (!merge_drops(parts, nparts, i, line, len)) {
            memcpy(w, line, len);
            w += len;
            *w++ = '\n';
         }
         line += len + (line[len] == '\n');
      }
   }
   if (out)
      *w = 0;
   return out;
}

/* SPIR-V (docs/spirv.md): --buf N is the buffer of set 0 binding N; the descriptor table
 * (a buffer of its own, the last one) holds each one's address and size at slot N;
 * workgroup counts come from the grid, --arg gives the other parameters. */
static int
spirv_buffers(aco_program *p, aco_function *entry, const struct opts *o,
              struct air_interp_buffer *bufs, unsigned *buf_param, unsigned *nbufs,
              struct air_interp_arg *args)
{
   enum { slots = 32 };
   uint8_t table[16 * slots];
   memset(table, 0, sizeof(table));
   for (unsigned n = 0; n < MAX_PARAMS; n++) {
      if (!o->bufs[n].given)
         continue;
      if (n >= slots) {
         fprintf(stderr, "aco-run: --buf %u: bindings go up to %u\n", n, slots - 1);
         return 1;
      }
      if (!make_buffer(p, n, o->bufs[n].spec, &bufs[*nbufs]))
         return 1;
      bufs[*nbufs].written = bufs[*nbufs].ulp = NULL;
      uint64_t e[2] = {bufs[*nbufs].address, bufs[*nbufs].size};
      memcpy(table + 16 * n, e, 16);
      buf_param[(*nbufs)++] = n;
   }
   struct air_interp_buffer *t = &bufs[*nbufs];
   memset(t, 0, sizeof(*t));
   t->address = (uint64_t)(MAX_PARAMS + 1) << 32;
   t->size = sizeof(table);
   t->data = malloc(sizeof(table));
   if (!t->data) {
      fprintf(stderr, "aco-run: out of memory\n");
      return 1;
   }
   memcpy(t->data, table, sizeof(table));
   buf_param[(*nbufs)++] = MAX_PARAMS;
   args[0].c[0] = t->address;
   for (unsigned n = 1; n < entry->num_params && n < MAX_PARAMS; n++) {
      const char *name = entry->params[n].name;
      if (name && !strncmp(name, "num_workgroups.", 15)) {
         unsigned axis = (unsigned)(name[15] - 'x');
         args[n].c[0] = axis < 3 && o->io.grid[axis] ? o->io.grid[axis] : 1;
      } else if (o->args[n] && !parse_arg(n, o->args[n], entry->params[n].type, &args[n])) {
         return 1;
      }
   }
   for (unsigned n = entry->num_params; n < MAX_PARAMS; n++) {
      if (o->args[n]) {
         fprintf(stderr, "aco-run: --arg %u: the shader has %u parameters\n", n,
                 entry->num_params);
         return 1;
      }
   }
   return 0;
}

/* Reads and parses every part; *p is the whole program: the main part itself, or with
 * --link the merge of all. The exit status. */
static int
load_parts(struct part *parts, unsigned nparts, aco_program **p,
           const struct tool_spirv_args *spv, bool *is_spirv)
{
   *is_spirv = false;
   for (unsigned i = 0; i < nparts; i++) {
      if (i > 0 && !strcmp(parts[i].path, "-")) {
         run_error("--link takes a file, not '-'\n");
         return 1;
      }
      parts[i].text = read_text(parts[i].path, &parts[i].len);
      if (!parts[i].text)
         return 1;
      if (tool_is_spirv(parts[i].text, parts[i].len)) {
         if (nparts > 1) {
            fprintf(stderr, "aco-run: SPIR-V input takes no --link\n");
            return 1;
         }
         *is_spirv = true;
         int rc = tool_spirv_program("aco-run", parts[i].path, parts[i].text, parts[i].len,
                                     (aco_target){ACO_GFX_NONE, 0}, spv, &parts[i].prog);
         if (rc)
            return rc;
         *p = parts[i].prog;
         return 0;
      }
      int rc = parse_program(strcmp(parts[i].path, "-") ? parts[i].path : "<stdin>",
                             parts[i].text, parts[i].len, &parts[i].prog);
      if (rc)
         return rc;
   }
   if (nparts == 1) {
      *p = parts[0].prog;
      return 0;
   }
   if (!check_definitions(parts, nparts))
      return 2;
   char *merged = merge_parts(parts, nparts);
   if (!merged) {
      run_error("out of memory\n");
      return 1;
   }
   int rc = parse_program("<the linked files merged>", merged, strlen(merged), p);
   free(merged);
   return rc;
}

static void
free_parts(struct part *parts, unsigned nparts, aco_program *p)
{
   for (unsigned i = 0; i < nparts; i++) {
      if (parts[i].prog != p)
         aco_program_destroy(parts[i].prog);
      free(parts[i].text);
   }
   aco_program_destroy(p);
}

int
main(int argc, char **argv)
{
   /* -mcpu (any spelling getopt accepts) selects the machine-code mode */
   opterr = 0;
   char a[32];
   const char *val;
   int r;
   while ((r = next_option(argc, argv, a, &val)) > 0)
      if (!strcmp(a, "--mcpu"))
         return run_machine_code(argc, argv);
   if (r < 0)
      return 1;
   struct opts o;
   memset(&o, 0, sizeof(o));
   optind = 1;
   while ((r = next_option(argc, argv, a, &val)) > 0) {
      unsigned idx;
      const char *rest;
      uint64_t v;
      if (!strcmp(a, "--help")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(a, "--version")) {
         printf("aco-run (libaco) %d.%d.%d\n", ACO_VERSION_MAJOR, ACO_VERSION_MINOR,
                ACO_VERSION_PATCH);
         return 0;
      } else if (!strcmp(a, "--dump")) {
         o.dump = val;
      } else if (!strcmp(a, "--trace")) {
         o.trace = true;
      } else if (!strcmp(a, "--stats")) {
         o.stats = true;
      } else if (!strcmp(a, "--compile")) {
         o.compile = true;
      } else if (!strcmp(a, "--check")) {
         o.check = true;
      } else if (!strcmp(a, "--spec")) {
         if (!val || !tool_add_spec(&o.spv, val)) {
            run_error("--spec takes ID=VALUE (at most %u)\n", TOOL_MAX_SPECS);
            return 1;
         }
      } else if (!strcmp(a, "--entry") || !strcmp(a, "--grid") || !strcmp(a, "--max-steps") ||
                 !strcmp(a, "--max-depth") || !strcmp(a, "--lds") || !strcmp(a, "--buf") ||
                 !strcmp(a, "--arg") || !strcmp(a, "--link")) {
         if (!strcmp(a, "--link")) {
            if (o.num_links == MAX_LINKS) {
               run_error("at most %u --link files\n", MAX_LINKS);
               return 1;
            }
            o.links[o.num_links++] = val;
         } else if (!strcmp(a, "--entry")) {
            o.entry = val[0] == '@' ? val + 1 : val;
         } else if (!strcmp(a, "--grid")) {
            unsigned x, y, z;
            char end;
            if (sscanf(val, "%u,%u,%u%c", &x, &y, &z, &end) != 3 || !x || !y || !z) {
               run_error("--grid takes X,Y,Z (each at least 1)\n");
               return 1;
            }
            o.io.grid[0] = x;
            o.io.grid[1] = y;
            o.io.grid[2] = z;
         } else if (!strcmp(a, "--buf") || !strcmp(a, "--arg")) {
            if (!parse_index(val, &idx, &rest)) {
               run_error("%s takes N=... with N a parameter index below %u\n", a,
                       MAX_PARAMS);
               return 1;
            }
            if (a[2] == 'b') {
               o.bufs[idx].spec = rest;
               o.bufs[idx].given = true;
            } else {
               o.args[idx] = rest;
            }
         } else {
            if (!parse_u64(val, &v) || !v || (strcmp(a, "--max-steps") && v > UINT32_MAX)) {
               run_error("%s takes a positive number\n", a);
               return 1;
            }
            if (!strcmp(a, "--max-steps"))
               o.io.max_steps = v;
            else if (!strcmp(a, "--max-depth"))
               o.io.max_call_depth = (uint32_t)v;
            else
               o.io.lds_size = (uint32_t)v;
         }
      } else {
         run_error("%s is an option of the machine-code mode only (with -mcpu)\n", a);
         return 1;
      }
   }
   if (r < 0 || operands(argc, argv, &o.input))
      return 1;
   if (!o.input) {
      usage(stderr);
      return 1;
   }

   struct part parts[1 + MAX_LINKS];
   unsigned nparts = 1 + o.num_links;
   memset(parts, 0, sizeof(parts));
   parts[0].path = o.input;
   for (unsigned i = 0; i < o.num_links; i++)
      parts[1 + i].path = o.links[i];
   aco_program *p = NULL;
   bool spirv;
   o.spv.entry = o.entry;
   int load_rc = load_parts(parts, nparts, &p, &o.spv, &spirv);
   if (load_rc) {
      free_parts(parts, nparts, p);
      return load_rc;
   }
   if (spirv)
      o.entry = NULL; /* the entry point was chosen by the translation */
   o.spirv = spirv;

   aco_function *entry = NULL;
   if (o.entry) {
      entry = aco_program_find_function(p, o.entry);
      if (!entry || !(entry->flags & ACO_FUNCTION_ENTRY)) {
         run_error("no entry function @%s\n", o.entry);
         free_parts(parts, nparts, p);
         return 1;
      }
   } else {
      for (uint32_t i = 0; i < aco_program_function_count(p); i++) {
         aco_function *f = aco_program_function(p, i);
         if (!(f->flags & ACO_FUNCTION_ENTRY))
            continue;
         if (entry) {
            run_error("several entry functions; choose one with --entry\n");
            free_parts(parts, nparts, p);
            return 1;
         }
         entry = f;
      }
      if (!entry) {
         run_error("the program has no entry function\n");
         free_parts(parts, nparts, p);
         return 1;
      }
   }

   int rc = 0;
   struct air_interp_buffer bufs[MAX_PARAMS];
   unsigned buf_param[MAX_PARAMS];
   struct air_interp_arg args[MAX_PARAMS];
   unsigned nbufs = 0;
   memset(args, 0, sizeof(args));
   if (entry->num_params > MAX_PARAMS) {
      run_error("@%s has more than %u parameters\n", entry->name, MAX_PARAMS);
      rc = 1;
   }
   if (!rc && spirv)
      rc = spirv_buffers(p, entry, &o, bufs, buf_param, &nbufs, args);
   for (unsigned n = 0; n < MAX_PARAMS && !rc && !spirv; n++) {
      bool in_sig = n < entry->num_params;
      aco_type t = in_sig ? entry->params[n].type : aco_type_int(32);
      bool is_ptr = in_sig && t.base == ACO_BASE_PTR;
      if (o.bufs[n].given) {
         if (in_sig && !is_ptr) {
            run_error("--buf %u: parameter %u is not a ptr (use --arg)\n", n, n);
            rc = 1;
         } else if (!make_buffer(p, n, o.bufs[n].spec, &bufs[nbufs])) {
            rc = 1;
         } else {
            bufs[nbufs].written = bufs[nbufs].ulp = NULL;
            buf_param[nbufs] = n;
            if (is_ptr)
               args[n].c[0] = bufs[nbufs].address;
            nbufs++;
         }
      } else if (is_ptr) {
         run_error("parameter %u (%%%s) is a ptr: give it a buffer with --buf %u=...\n", n,
                 entry->params[n].name, n);
         rc = 1;
      }
      if (!rc && o.args[n]) {
         if (!in_sig || is_ptr) {
            run_error("--arg %u: @%s has no such non-ptr parameter\n", n,
                    entry->name);
            rc = 1;
         } else if (!parse_arg(n, o.args[n], t, &args[n])) {
            rc = 1;
         }
      }
   }

   uint8_t *initial[MAX_PARAMS] = {0};
   for (unsigned b = 0; b < nbufs && !rc && (o.compile || o.check); b++) {
      initial[b] = malloc(bufs[b].size ? bufs[b].size : 1);
      if (!initial[b]) {
         run_error("out of memory\n");
         rc = 1;
      } else {
         memcpy(initial[b], bufs[b].data, bufs[b].size);
      }
   }
   if (!rc && (o.compile || o.check)) {
      rc = run_compiled(p, parts, nparts, entry, &o, bufs, buf_param, nbufs, args, initial,
                        o.check);
      /* --compile: the emulator's bytes (run_compiled put them in initial) */
      for (unsigned b = 0; b < nbufs && o.dump && !o.check && (!rc || rc == 4); b++)
         if (!dump_buffer(o.dump, buf_param[b], initial[b], bufs[b].size))
            rc = rc ? rc : 1;
   }
   if (!rc && (!o.compile || o.check)) {
      if (o.trace && !o.compile) {
         o.io.trace = trace_line;
         o.io.trace_user = NULL;
      }
      struct air_interp_memory mem = {bufs, nbufs};
      struct air_interp_result res;
      enum air_fault fault = air_interp_run(p, entry, &o.io, &mem, args, &res);
      for (unsigned b = 0; b < nbufs; b++) {
         if (!bufs[b].written)
            continue;
         unsigned n = buf_param[b];
         print_buffer(n, !spirv && n < entry->num_params ? entry->params[n].name : NULL, &bufs[b]);
      }
      /* the interpreter's bytes (with --check, those it compares the emulator's with) */
      bool dump_failed = false;
      for (unsigned b = 0; b < nbufs && o.dump && fault != AIR_FAULT_INVALID_IR; b++)
         dump_failed |= !dump_buffer(o.dump, buf_param[b], bufs[b].data, bufs[b].size);
      if (dump_failed && fault == AIR_FAULT_NONE) {
         rc = 1;
      } else if (fault != AIR_FAULT_NONE) {
         run_error("%s\n", aco_program_message(p));
         rc = fault == AIR_FAULT_OUT_OF_MEMORY ? 1 : fault == AIR_FAULT_INVALID_IR ? 2 : 4;
      } else {
         printf("ok: %" PRIu64 " steps, call depth %u\n", res.steps, res.max_depth);
         if (o.check)
            rc = check_emulated(bufs, buf_param, nbufs, initial);
      }
      air_interp_memory_finish(p, &mem);
   }
   for (unsigned b = 0; b < nbufs; b++) {
      free(bufs[b].data);
      free(initial[b]);
   }
   free_parts(parts, nparts, p);
   return rc;
}
