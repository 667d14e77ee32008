/* SPDX-License-Identifier: MIT */
/* test_llvm_cross LEVEL WAVE [FILE.air...]: the cross-check of `aco-cc --emit-llvm`
 * (docs/emit-llvm.md). Every kernel of tests/exec/kernels, tests/exec/pending,
 * tests/exec/llvm_cross (kernels for this check only: calls, divergent control flow,
 * subgroup scans, the guarded edge cases) and examples/saxpy.air (or the files named,
 * relative to the source root) is
 * retargeted, translated to LLVM IR by air_emit_llvm, compiled by llc-19 and run on the
 * emulator with every detector on; all buffer bytes are compared with the reference
 * interpreter as test_exec does (values tagged approximate within their ULP bound).
 *
 * llc's objects are cached in $ACO_LLVM_CROSS_CACHE (default ./llvm-cross-cache) under a
 * hash of the LLVM IR and the llc options, so a rerun only compiles what changed.
 * Exits 77 (skipped) when llc-19 is not installed.
 *
 * The launch (docs/emit-llvm.md): the entry's parameters are inreg, packed from s0 by
 * llc without alignment (s2 on gfx1030, where llc expects the flat-scratch base in
 * s[0:1] and the wave's scratch offset after the last argument), then the workgroup ids
 * x, y, z, and the packed local id in v0. MODE follows the entry's denormal modes (what
 * the `denormal-fp-math` attributes tell llc). */
#include "exec_util.h"
#include "llc_part.h"

#include "emit_llvm.h"
#include "emu/emu.h"
#include "emu/loader.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "util/strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BUFFER_BASE UINT64_C(0x100000000)
#define BUFFER_STRIDE UINT64_C(0x1000000)
#define CODE_ADDR UINT64_C(0x1000000000)
#define SCRATCH_BYTES_PER_LANE 8192
#define LDS_BYTES 65536
#define MAX_KERNELS 256

/* Runs that cannot pass for a reason outside the translation: llc-19 or the emulator.
 * They still run; a listed run that passes fails the test so its entry is removed.
 * level NULL: every level; wave 0: both. */
struct known_limit {
   const char *kernel, *level;
   unsigned wave;
   const char *reason;
};
#define LLC_BREAK_BALLOT                                                                    \
   "llc-19 computes a ballot of the loop's break block after the loop, where every lane "    \
   "that has left is active (0xffffffff for 0x11111111 or 0x01010101): the front IR's "      \
   "ballot counts the lanes breaking in that iteration"
static const struct known_limit known_limits[] = {
   {"div_loop_break.air", "gfx1100", 64,
    "llc-19 leaves a VALUPartialForwardingHazard across the loop's back-edge: v_mad_u64_u32 "
    "reads v2 (written by itself in the previous iteration, before the s_or_b64/s_and_not1_b64 "
    "exec writes at the loop head) and v1 (a v_mov after them) with one VALU in between and "
    "no s_waitcnt_depctr va_vdst(0); the pattern is LLVM's own rule for wave64 gfx11 "
    "(at most 2 VALUs around the SALU exec write, at most 4 after), which its hazard "
    "recognizer does not follow into the previous iteration"},
   {"conv64_modes.air", NULL, 0,
    "aco-cc --emit-llvm cannot express rounding modes other than nearest-even (llc-19's "
    "constrained intrinsics are not used yet), so the kernel has no LLVM translation"},
   {"float16_sincos.air", NULL, 0,
    "llc-19's f16 sin/cos scale by 1/2pi in f16 before v_sin_f16/v_cos_f16, which loses "
    "many ulp (0xb872 for 0xb8cf), beyond the kernel's bound; libaco computes them in f32"},
   {"float_approx_16_64.air", NULL, 0,
    "llc-19's f64 division by the largest f64 gives -inf in one lane (0xfff00000 high word) "
    "where the quotient underflows to -0; not yet traced to llc-19's v_div_scale/v_div_fmas/"
    "v_div_fixup_f64 sequence or to the emulator's model of those instructions"},
   {"div_subgroup.air", NULL, 0, LLC_BREAK_BALLOT},
   {"div_subgroup_loops.air", NULL, 0, LLC_BREAK_BALLOT},
   {"buffer_vectors.air", NULL, 0,
    "llc-19 cannot select llvm.amdgcn.raw.buffer.load/store of <3 x i8>, <5 x i8>, "
    "<3 x i16> or <5 x i32> (\"Do not know how to widen the result of this operator\"); "
    "aco-cc --emit-llvm does not split them into supported types yet"},
   {"int64_div.air", "gfx1200", 0,
    "llc-19 emits a VOP3 instruction (0xd6840008) the emulator does not decode yet"},
   {NULL, NULL, 0, NULL},
};

static const char *
known_limit(const char *kernel, const char *level, unsigned wave)
{
   for (const struct known_limit *k = known_limits; k->kernel; k++)
      if (!strcmp(k->kernel, kernel) && (!k->level || !strcmp(k->level, level)) &&
          (!k->wave || k->wave == wave))
         return k->reason;
   return NULL;
}

static bool
fail(char *msg, size_t len, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, len, fmt, ap);
   va_end(ap);
   return false;
}

/* One kernel on one target: translate, compile, run both ways, compare. */
static bool
cross_run(const char *name, const char *text, const struct exec_spec *spec,
          aco_gfx_level level, unsigned wave, char *msg, size_t msglen, uint64_t *steps)
{
   const char *cpu = aco_gfx_level_name(level);
   char *t = exec_retarget(text, level, wave);
   if (!t)
      return fail(msg, msglen, "no target line");
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p = NULL;
   if (aco_program_create(&info, &p) != ACO_SUCCESS) {
      free(t);
      return fail(msg, msglen, "out of memory");
   }
   bool ok = false;
   uint8_t *interp_mem[EXEC_MAX_BUFFERS] = {0}, *emu_mem[EXEC_MAX_BUFFERS] = {0};
   struct air_interp_buffer ib[EXEC_MAX_BUFFERS];
   memset(ib, 0, sizeof(ib));
   struct aco_strbuf ll;
   aco_strbuf_init(&ll, &p->allocator);
   struct aco_emu *emu = NULL;
   struct aco_emu_elf *img = NULL;
   char *elf = NULL;
   bool interp_done = false;
   struct air_interp_memory imem = {ib, spec->num_buffers};

   if (aco_program_parse(p, name, t, strlen(t)) != ACO_SUCCESS ||
       aco_program_validate(p) != ACO_SUCCESS) {
      fail(msg, msglen, "parse: %s", aco_program_message(p));
      goto out;
   }
   struct aco_function *entry = NULL;
   for (uint32_t i = 0; i < p->num_functions && !entry; i++)
      if (p->functions[i]->flags & ACO_FUNCTION_ENTRY)
         entry = p->functions[i];
   if (!entry) {
      fail(msg, msglen, "no entry function");
      goto out;
   }
   char err[256];
   if (air_emit_llvm(p, &ll, err, sizeof(err)) != ACO_SUCCESS) {
      fail(msg, msglen, "air_emit_llvm: %s", err);
      goto out;
   }
   char o_path[PATH_MAX];
   char base[64];
   snprintf(base, sizeof(base), "%.*s", (int)strcspn(name, "."), name);
   if (!exec_compile_llc(base, aco_strbuf_str(&ll), cpu, wave, o_path, msg, msglen))
      goto out;
   size_t elf_size = 0;
   elf = exec_read_file(o_path, &elf_size);
   if (!elf) {
      fail(msg, msglen, "cannot read %s", o_path);
      goto out;
   }

   if (!exec_setup_buffers(spec, interp_mem, emu_mem, ib, msg, msglen))
      goto out;
   /* arguments, as test_exec gives them */
   struct air_interp_arg args[16];
   if (!exec_setup_args(spec, entry, ib, args, msg, msglen))
      goto out;

   /* the interpreter */
   struct air_interp_options io;
   memset(&io, 0, sizeof(io));
   memcpy(io.grid, spec->grid, sizeof(io.grid));
   struct air_interp_result ires;
   enum air_fault fault = air_interp_run(p, entry, &io, &imem, args, &ires);
   interp_done = true;
   if (fault != AIR_FAULT_NONE) {
      fail(msg, msglen, "interpreter: %s: %s", air_fault_name(fault), aco_program_message(p));
      goto out;
   }

   /* the emulator: llc's object */
   emu = aco_emu_create(NULL, (aco_target){level, wave});
   if (!emu) {
      fail(msg, msglen, "emulator: out of memory");
      goto out;
   }
   for (unsigned i = 0; i < spec->num_buffers; i++) {
      if (aco_emu_map(emu, ib[i].address, emu_mem[i], spec->buffers[i].size, 0) !=
          ACO_SUCCESS) {
         fail(msg, msglen, "aco_emu_map: %s", aco_emu_message(emu));
         goto out;
      }
   }
   if (aco_emu_load_elf(emu, NULL, elf, elf_size, CODE_ADDR, &img, msg, msglen) !=
       ACO_SUCCESS)
      goto out;
   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   if (!aco_emu_elf_symbol(img, entry->name, &l.entry, NULL)) {
      fail(msg, msglen, "no symbol '%s' in %s", entry->name, o_path);
      goto out;
   }
   unsigned u = 0;
   if (level == ACO_GFX1030) {
      /* the flat-scratch base: the emulator's scratch is per wave, 0 */
      l.user_sgprs[u++] = 0;
      l.user_sgprs[u++] = 0;
   }
   for (unsigned i = 0; i < entry->num_params; i++) {
      aco_type ty = entry->params[i].type;
      unsigned dwords = ty.bits == 64 ? 2 : 1;
      if (ty.comps > 1) {
         fail(msg, msglen, "parameter %u: vector parameters are not set up", i);
         goto out;
      }
      if (u + dwords + 4 > ACO_EMU_MAX_USER_SGPRS) {
         fail(msg, msglen, "more argument dwords than the launch's %u user SGPRs",
              ACO_EMU_MAX_USER_SGPRS);
         goto out;
      }
      uint64_t v = args[i].c[0];
      if (ty.bits < 32)
         v &= (UINT64_C(1) << ty.bits) - 1;
      l.user_sgprs[u++] = (uint32_t)v;
      if (dwords == 2)
         l.user_sgprs[u++] = (uint32_t)(v >> 32);
   }
   for (unsigned d = 0; d < 3; d++) {
      l.workgroup_id_sgpr[d] = (int8_t)u;
      l.user_sgprs[u++] = 0;
   }
   if (level == ACO_GFX1030)
      l.user_sgprs[u++] = 0; /* the wave's scratch offset */
   l.num_user_sgprs = u;
   for (unsigned d = 0; d < 3; d++) {
      l.grid[d] = spec->grid[d];
      l.block[d] = entry->workgroup_size[d] ? entry->workgroup_size[d] : 1;
   }
   l.num_sgprs = 106;
   l.num_vgprs = 256;
   l.local_id = ACO_EMU_LOCAL_ID_PACKED;
   l.local_id_vgpr = 0;
   l.scratch_bytes_per_lane = SCRATCH_BYTES_PER_LANE;
   l.lds_bytes = LDS_BYTES;
   l.abi_check = true;
   l.mode_set = true;
   l.mode = (uint8_t)((entry->float_mode.denorm32 == ACO_DENORM_FLUSH ? 0u : 3u) << 4 |
                      (entry->float_mode.denorm16_64 == ACO_DENORM_FLUSH ? 0u : 3u) << 6);
   if (aco_emu_run(emu, &l) != ACO_SUCCESS) {
      fail(msg, msglen, "emulator: %s\n(llc output: %s)", aco_emu_message(emu), o_path);
      goto out;
   }
   if (steps)
      *steps = aco_emu_steps(emu);

   /* a kernel that leaves every buffer as it was checks nothing */
   bool wrote = false;
   for (unsigned i = 0; i < spec->num_buffers && !wrote; i++) {
      uint8_t *init = malloc(spec->buffers[i].size + 4);
      if (!init) {
         fail(msg, msglen, "out of memory");
         goto out;
      }
      exec_fill(init, spec->buffers[i].size, spec->buffers[i].init);
      wrote = memcmp(init, interp_mem[i], spec->buffers[i].size) != 0;
      free(init);
   }
   if (!wrote) {
      fail(msg, msglen, "the interpreter changed no buffer byte: nothing to compare");
      goto out;
   }

   /* compare every byte */
   char where[PATH_MAX + 32];
   snprintf(where, sizeof(where), "(llc output: %s)", o_path);
   ok = exec_compare(spec, ib, interp_mem, emu_mem, "llc code", where, msg, msglen);
out:
   if (interp_done)
      air_interp_memory_finish(p, &imem);
   aco_emu_elf_destroy(img);
   if (emu)
      aco_emu_destroy(emu);
   free(elf);
   for (unsigned i = 0; i < EXEC_MAX_BUFFERS; i++) {
      free(interp_mem[i]);
      free(emu_mem[i]);
   }
   aco_strbuf_finish(&ll);
   aco_program_destroy(p);
   free(t);
   return ok;
}

static int
cmp_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: test_llvm_cross gfx1030|gfx1100|gfx1200 32|64 [KERNEL.air...]\n");
      return 1;
   }
   aco_gfx_level level = !strcmp(argv[1], "gfx1030")   ? ACO_GFX1030
                         : !strcmp(argv[1], "gfx1100") ? ACO_GFX1100
                         : !strcmp(argv[1], "gfx1200") ? ACO_GFX1200
                                                       : ACO_GFX_NONE;
   unsigned wave = (unsigned)atoi(argv[2]);
   if (level == ACO_GFX_NONE || (wave != 32 && wave != 64)) {
      fprintf(stderr, "unknown target %s wave%s\n", argv[1], argv[2]);
      return 1;
   }
   if (system("llc-19 --version >/dev/null 2>&1") != 0) {
      printf("SKIP: llc-19 is not installed (Debian package llvm-19)\n");
      return 77;
   }
   const char *srcdir = getenv("ACO_TEST_SRCDIR");
   if (!srcdir || !srcdir[0])
      srcdir = ".";
   /* paths relative to the source root */
   char *names[MAX_KERNELS];
   unsigned num = 0;
   if (argc > 3) {
      for (int i = 3; i < argc && num < MAX_KERNELS; i++)
         names[num++] = strdup(argv[i]);
   } else {
      static const char *const dirs[] = {"tests/exec/kernels", "tests/exec/pending",
                                         "tests/exec/llvm_cross"};
      for (unsigned k = 0; k < 3; k++) {
         char kdir[PATH_MAX];
         snprintf(kdir, sizeof(kdir), "%s/%s", srcdir, dirs[k]);
         DIR *d = opendir(kdir);
         if (!d && k == 0) {
            printf("FAIL: cannot open %s (is ACO_TEST_SRCDIR set?)\n", kdir);
            return 1;
         }
         if (!d) {
            printf("note: no directory %s\n", kdir);
            continue;
         }
         unsigned first = num;
         struct dirent *e;
         while ((e = readdir(d)) && num < MAX_KERNELS) {
            size_t n = strlen(e->d_name);
            if (n > 4 && !strcmp(e->d_name + n - 4, ".air")) {
               char rel[PATH_MAX];
               snprintf(rel, sizeof(rel), "%s/%s", dirs[k], e->d_name);
               names[num++] = strdup(rel);
            }
         }
         closedir(d);
         qsort(names + first, num - first, sizeof(names[0]), cmp_names);
      }
      if (num < MAX_KERNELS)
         names[num++] = strdup("examples/saxpy.air");
   }
   unsigned passed = 0, failed = 0, known = 0;
   static char msg[1 << 16];
   for (unsigned i = 0; i < num; i++) {
      if (!names[i]) {
         printf("FAIL: out of memory\n");
         failed++;
         continue;
      }
      char path[2 * PATH_MAX];
      if (names[i][0] == '/')
         snprintf(path, sizeof(path), "%s", names[i]);
      else
         snprintf(path, sizeof(path), "%s/%s", srcdir, names[i]);
      const char *base = strrchr(names[i], '/') ? strrchr(names[i], '/') + 1 : names[i];
      char *text = exec_read_file(path, NULL);
      struct exec_spec spec;
      bool ok;
      uint64_t steps = 0;
      if (!text)
         ok = fail(msg, sizeof(msg), "cannot read %s", path);
      else if (!exec_parse_spec(text, &spec, msg, sizeof(msg)))
         ok = false;
      else
         ok = cross_run(base, text, &spec, level, wave, msg, sizeof(msg), &steps);
      const char *why = known_limit(base, argv[1], wave);
      if (ok && !why) {
         printf("ok   %s %s wave%u (%llu instructions executed)\n", base, argv[1], wave,
                (unsigned long long)steps);
         passed++;
      } else if (ok) {
         printf("FAIL %s %s wave%u: listed as a known limitation (%s) but passes: remove the "
                "entry\n",
                base, argv[1], wave, why);
         failed++;
      } else if (why) {
         printf("known %s %s wave%u: %s\n  (%.*s)\n", base, argv[1], wave, why, 300, msg);
         known++;
      } else {
         printf("FAIL %s %s wave%u: %s\n", base, argv[1], wave, msg);
         failed++;
      }
      free(text);
      free(names[i]);
   }
   printf("%u passed, %u failed, %u known limitations\n", passed, failed, known);
   return failed || !passed ? 1 : 0;
}
