/* SPDX-License-Identifier: MIT */
/* Compiling with llc-19/llvm-mc-19 into a cache, loading and running on the emulator
 * (harness.h). */
#include "harness.h"

#include "emu/loader.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* GPU addresses above 4 GiB so address arithmetic needs its high halves. */
#define CODE_ADDR 0x0000001000000000ull
#define OUT_ADDR 0x0000000200000000ull
#define IN_ADDR 0x0000000300000000ull
#define SCRATCH_BYTES_PER_LANE 8192
#define LDS_BYTES 65536

const struct llvm_config llvm_configs[] = {
   {ACO_GFX1030, "gfx1030", 32}, {ACO_GFX1030, "gfx1030", 64},
   {ACO_GFX1100, "gfx1100", 32}, {ACO_GFX1100, "gfx1100", 64},
   {ACO_GFX1200, "gfx1200", 32}, {ACO_GFX1200, "gfx1200", 64},
};
const unsigned llvm_num_configs = sizeof(llvm_configs) / sizeof(llvm_configs[0]);

const struct llvm_config *
llvm_find_config(const char *cpu, unsigned wave_size)
{
   for (unsigned i = 0; i < llvm_num_configs; i++)
      if (!strcmp(llvm_configs[i].cpu, cpu) && llvm_configs[i].wave_size == wave_size)
         return &llvm_configs[i];
   return NULL;
}

const struct llvm_kernel *
llvm_find_kernel(const char *name)
{
   for (unsigned i = 0; i < llvm_num_kernels; i++)
      if (!strcmp(llvm_kernels[i].name, name))
         return &llvm_kernels[i];
   return NULL;
}

bool
llvm_tools_present(char *why, size_t why_size)
{
   static const char *const tools[] = {"llc-19", "llvm-mc-19"};
   for (unsigned i = 0; i < 2; i++) {
      char cmd[128];
      snprintf(cmd, sizeof(cmd), "%s --version >/dev/null 2>&1", tools[i]);
      if (system(cmd) != 0) {
         snprintf(why, why_size, "%s is not installed (Debian package llvm-19): skipped",
                  tools[i]);
         return false;
      }
   }
   return true;
}

const char *
llvm_cache_dir(void)
{
   const char *dir = getenv("ACO_LLVM_CACHE");
   if (!dir || !dir[0])
      dir = "llvm-cache";
   mkdir(dir, 0777); /* EEXIST is fine; a real failure shows when writing */
   return dir;
}

static const char *
src_dir(char *buf, size_t size)
{
   const char *root = getenv("ACO_TEST_SRCDIR");
   snprintf(buf, size, "%s/tests/emu/llvm", root && root[0] ? root : ".");
   return buf;
}

static const char *
mattr(const struct llvm_config *c)
{
   return c->wave_size == 64 ? "+enable-flat-scratch,+wavefrontsize64"
                             : "+enable-flat-scratch,+wavefrontsize32";
}

/* Runs a shell command; on failure msg gets the command and its error output. */
static bool
run_cmd(const char *cmd, const char *err_path, char *msg, size_t msg_size)
{
   char full[3 * PATH_MAX + 512];
   snprintf(full, sizeof(full), "%s 2>'%s'", cmd, err_path);
   int rc = system(full);
   if (rc == 0) {
      unlink(err_path);
      return true;
   }
   size_t n = 0;
   char *err = llvm_read_file(err_path, &n);
   snprintf(msg, msg_size, "command failed (%d): %s\n%.*s", rc, cmd, (int)(n > 1500 ? 1500 : n),
            err ? err : "");
   free(err);
   unlink(err_path);
   return false;
}

bool
llvm_assemble(const struct llvm_config *c, const char *s_path, const char *o_path, char *msg,
              size_t msg_size)
{
   char tmp[PATH_MAX + 32], err[PATH_MAX + 32], cmd[3 * PATH_MAX + 256];
   snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", o_path, (long)getpid());
   snprintf(err, sizeof(err), "%s.%ld.err", o_path, (long)getpid());
   snprintf(cmd, sizeof(cmd), "llvm-mc-19 -triple=amdgcn-- -mcpu=%s -mattr=%s -filetype=obj '%s' -o '%s'",
            c->cpu, mattr(c), s_path, tmp);
   if (!run_cmd(cmd, err, msg, msg_size)) {
      unlink(tmp);
      return false;
   }
   if (rename(tmp, o_path) != 0) {
      snprintf(msg, msg_size, "cannot rename %s: %s", tmp, strerror(errno));
      unlink(tmp);
      return false;
   }
   return true;
}

static bool
newer_than(const char *path, const struct stat *src)
{
   struct stat st;
   if (stat(path, &st) != 0)
      return false;
   if (st.st_mtim.tv_sec != src->st_mtim.tv_sec)
      return st.st_mtim.tv_sec > src->st_mtim.tv_sec;
   return st.st_mtim.tv_nsec >= src->st_mtim.tv_nsec;
}

bool
llvm_build(const struct llvm_kernel *k, const struct llvm_config *c, char *s_path,
           char *o_path, char *msg, size_t msg_size)
{
   char dir[PATH_MAX], ll[PATH_MAX + 64];
   snprintf(ll, sizeof(ll), "%s/%s.ll", src_dir(dir, sizeof(dir)), k->name);
   struct stat src;
   if (stat(ll, &src) != 0) {
      snprintf(msg, msg_size, "cannot find %s (is ACO_TEST_SRCDIR set?)", ll);
      return false;
   }
   /* The options are part of the cache's file names (a hash), so changing them
    * recompiles. llc-19 would otherwise let callers of internal functions rely on the
    * registers the callee really clobbers (interprocedural register allocation) instead
    * of the calling convention the ABI check enforces: -enable-ipra=false. */
   char opts[256];
   snprintf(opts, sizeof(opts), "-O2 -enable-ipra=false -mtriple=amdgcn-- -mcpu=%s -mattr=%s",
            c->cpu, mattr(c));
   uint32_t h = 2166136261u;
   for (const char *p = opts; *p; p++)
      h = (h ^ (uint8_t)*p) * 16777619u;
   const char *cache = llvm_cache_dir();
   snprintf(s_path, PATH_MAX, "%s/%s-%s-w%u-%08x.s", cache, k->name, c->cpu, c->wave_size, h);
   snprintf(o_path, PATH_MAX, "%s/%s-%s-w%u-%08x.o", cache, k->name, c->cpu, c->wave_size, h);
   if (newer_than(s_path, &src) && newer_than(o_path, &src))
      return true;
   char tmp[PATH_MAX + 32], err[PATH_MAX + 32], cmd[3 * PATH_MAX + 256];
   snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", s_path, (long)getpid());
   snprintf(err, sizeof(err), "%s.%ld.err", s_path, (long)getpid());
   snprintf(cmd, sizeof(cmd), "llc-19 %s '%s' -o '%s'", opts, ll, tmp);
   if (!run_cmd(cmd, err, msg, msg_size)) {
      unlink(tmp);
      return false;
   }
   if (rename(tmp, s_path) != 0) {
      snprintf(msg, msg_size, "cannot rename %s: %s", tmp, strerror(errno));
      unlink(tmp);
      return false;
   }
   return llvm_assemble(c, s_path, o_path, msg, msg_size);
}

void *
llvm_read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 4096, n = 0;
   char *buf = malloc(cap + 1);
   while (buf) {
      size_t got = fread(buf + n, 1, cap - n, f);
      n += got;
      if (n < cap)
         break;
      cap *= 2;
      char *nb = realloc(buf, cap + 1);
      if (!nb) {
         free(buf);
         buf = NULL;
      }
      buf = nb;
   }
   fclose(f);
   if (buf) {
      buf[n] = 0;
      *size = n;
   }
   return buf;
}

bool
llvm_write_file(const char *path, const void *data, size_t size)
{
   FILE *f = fopen(path, "wb");
   if (!f)
      return false;
   bool ok = fwrite(data, 1, size, f) == size;
   return fclose(f) == 0 && ok;
}

static void
trace_line(void *user, const char *line)
{
   (void)user;
   fprintf(stderr, "%s\n", line);
}

enum llvm_result
llvm_run_and_check(const struct llvm_kernel *k, const struct llvm_config *c, const void *elf,
                   size_t elf_size, bool abi_check, char *msg, size_t msg_size)
{
   enum llvm_result res = LLVM_LOAD_ERROR;
   msg[0] = 0;
   uint32_t *in = calloc(k->in_words ? k->in_words : 1, 4);
   uint32_t *out = malloc((size_t)k->out_words * 4);
   uint32_t *exp = malloc((size_t)k->out_words * 4);
   struct aco_emu *emu = aco_emu_create(NULL, (aco_target){c->level, c->wave_size});
   struct aco_emu_elf *img = NULL;
   if (!in || !out || !exp || !emu) {
      snprintf(msg, msg_size, "out of memory");
      goto done;
   }
   for (uint32_t i = 0; i < k->out_words; i++)
      out[i] = 0xcdcdcdcdu;
   uint32_t n = 0;
   k->init(in, out, &n);
   memcpy(exp, out, (size_t)k->out_words * 4);

   aco_status st = aco_emu_map(emu, OUT_ADDR, out, (size_t)k->out_words * 4, 0);
   if (st == ACO_SUCCESS && k->in_words)
      st = aco_emu_map(emu, IN_ADDR, in, (size_t)k->in_words * 4, ACO_EMU_MEM_READONLY);
   if (st != ACO_SUCCESS) {
      snprintf(msg, msg_size, "aco_emu_map: %s", aco_emu_message(emu));
      goto done;
   }
   st = aco_emu_load_elf(emu, NULL, elf, elf_size, CODE_ADDR, &img, msg, msg_size);
   if (st != ACO_SUCCESS)
      goto done;
   uint32_t entry;
   if (!aco_emu_elf_symbol(img, "main", &entry, NULL)) {
      snprintf(msg, msg_size, "no symbol 'main'");
      goto done;
   }

   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   l.entry = entry;
   l.grid[0] = k->grid;
   l.grid[1] = l.grid[2] = 1;
   l.block[0] = k->block;
   l.block[1] = l.block[2] = 1;
   l.num_sgprs = 106;
   l.num_vgprs = 256;
   unsigned u = 0;
   if (c->level == ACO_GFX1030) {
      /* llc's gfx10.3 code with +enable-flat-scratch: the flat scratch base in s[0:1]
       * (written to FLAT_SCRATCH by the entry), the arguments, the wave's scratch
       * offset after them. Scratch is per wave in the emulator: both are 0. */
      l.user_sgprs[u++] = 0;
      l.user_sgprs[u++] = 0;
   }
   l.user_sgprs[u++] = (uint32_t)OUT_ADDR;
   l.user_sgprs[u++] = (uint32_t)(OUT_ADDR >> 32);
   l.user_sgprs[u++] = (uint32_t)IN_ADDR;
   l.user_sgprs[u++] = (uint32_t)(IN_ADDR >> 32);
   l.workgroup_id_sgpr[0] = (int8_t)u;
   l.workgroup_id_sgpr[1] = l.workgroup_id_sgpr[2] = -1;
   l.user_sgprs[u++] = 0;
   l.user_sgprs[u++] = n;
   if (c->level == ACO_GFX1030)
      l.user_sgprs[u++] = 0;
   l.num_user_sgprs = u;
   l.local_id = ACO_EMU_LOCAL_ID_PACKED;
   l.local_id_vgpr = 0;
   l.scratch_bytes_per_lane = SCRATCH_BYTES_PER_LANE;
   l.lds_bytes = LDS_BYTES;
   l.abi_check = abi_check;
   /* ACO_LLVM_TRACE=1: every executed instruction on stderr (for one kernel at a time). */
   const char *trace = getenv("ACO_LLVM_TRACE");
   if (trace && trace[0] == '1') {
      l.trace = true;
      aco_emu_set_trace(emu, trace_line, NULL);
   }

   st = aco_emu_run(emu, &l);
   if (st != ACO_SUCCESS) {
      snprintf(msg, msg_size, "%s", aco_emu_message(emu));
      res = LLVM_RUN_ERROR;
      goto done;
   }
   k->expect(in, n, c->wave_size, exp);
   unsigned bad = 0;
   size_t len = 0;
   for (uint32_t i = 0; i < k->out_words; i++) {
      if (out[i] == exp[i])
         continue;
      if (bad < 6 && len < msg_size)
         len += (size_t)snprintf(msg + len, msg_size - len,
                                 "%sout[%u] = 0x%08x, expected 0x%08x", bad ? "; " : "", i,
                                 out[i], exp[i]);
      bad++;
   }
   if (bad && len < msg_size)
      snprintf(msg + len, msg_size - len, " (%u of %u words differ)", bad, k->out_words);
   res = bad ? LLVM_MISMATCH : LLVM_OK;
done:
   aco_emu_elf_destroy(img);
   if (emu)
      aco_emu_destroy(emu);
   free(in);
   free(out);
   free(exp);
   return res;
}
