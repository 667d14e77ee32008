/* SPDX-License-Identifier: MIT */
/* llc_part.h: libaco IR -> LLVM IR -> llc-19 object -> aco_binary, for kernels whose parts
 * are linked across the two compilers. The ELF reader checks every offset against the
 * file's size and takes only what a relocatable object of llc's has: .text, .symtab and
 * its string table, relocation sections applying to .text, and .AMDGPU.config for the
 * scratch its functions need. */
#include "llc_part.h"

#include "emit_llvm.h"
#include "exec_util.h"
#include "ir/ir.h"
#include "target/gfx.h"
#include "util/alloc.h"
#include "util/strbuf.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool
fail(char *msg, size_t len, const char *fmt, const char *a)
{
   snprintf(msg, len, fmt, a);
   return false;
}

static const char *
cache_dir(void)
{
   const char *dir = getenv("ACO_LLVM_CROSS_CACHE");
   if (!dir || !dir[0])
      dir = "llvm-cross-cache";
   mkdir(dir, 0777); /* EEXIST is fine; a real failure shows when writing */
   return dir;
}

static bool
write_file(const char *path, const char *data, size_t size)
{
   FILE *f = fopen(path, "wb");
   if (!f)
      return false;
   bool ok = fwrite(data, 1, size, f) == size;
   return fclose(f) == 0 && ok;
}

/* flat_scratch: llc's gfx1030 code addresses scratch through FLAT_SCRATCH (the base in
 * s[0:1] of an entry) instead of MUBUF through a descriptor, which an entry of llc's would
 * take from relocations (SCRATCH_RSRC_DWORD0/1) nothing here resolves. Chain functions
 * take the descriptor in s[48:51] from whoever jumps to them. */
static bool
compile_llc(const char *name, const char *ll, const char *cpu, unsigned wave, bool flat_scratch,
            char *o_path, char *msg, size_t msglen)
{
   char opts[256];
   snprintf(opts, sizeof(opts),
            "-O2 -enable-ipra=false -mtriple=amdgcn-- -mcpu=%s -mattr=%s+wavefrontsize%u "
            "-filetype=obj",
            cpu, flat_scratch && !strcmp(cpu, "gfx1030") ? "+enable-flat-scratch," : "", wave);
   uint64_t h = UINT64_C(14695981039346656037);
   for (const char *s = opts; *s; s++)
      h = (h ^ (uint8_t)*s) * UINT64_C(1099511628211);
   for (const char *s = ll; *s; s++)
      h = (h ^ (uint8_t)*s) * UINT64_C(1099511628211);
   const char *dir = cache_dir();
   snprintf(o_path, PATH_MAX, "%s/%s-%s-w%u-%016llx.o", dir, name, cpu, wave,
            (unsigned long long)h);
   if (access(o_path, R_OK) == 0)
      return true;
   char ll_path[PATH_MAX + 16], tmp[PATH_MAX + 32], err[PATH_MAX + 32];
   snprintf(ll_path, sizeof(ll_path), "%s.ll", o_path);
   snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", o_path, (long)getpid());
   snprintf(err, sizeof(err), "%s.%ld.err", o_path, (long)getpid());
   if (!write_file(ll_path, ll, strlen(ll)))
      return fail(msg, msglen, "cannot write %s", ll_path);
   char cmd[4 * PATH_MAX + 512];
   snprintf(cmd, sizeof(cmd), "llc-19 %s '%s' -o '%s' 2>'%s'", opts, ll_path, tmp, err);
   int rc = system(cmd);
   if (rc != 0) {
      char *e = exec_read_file(err, NULL);
      snprintf(msg, msglen, "llc-19 failed (%d) on %s:\n%.1500s", rc, ll_path, e ? e : "");
      free(e);
      unlink(tmp);
      unlink(err);
      return false;
   }
   unlink(err);
   if (rename(tmp, o_path) != 0) {
      snprintf(msg, msglen, "cannot rename %s: %s", tmp, strerror(errno));
      unlink(tmp);
      return false;
   }
   return true;
}

bool
exec_compile_llc(const char *name, const char *ll, const char *cpu, unsigned wave, char *o_path,
                 char *msg, size_t msglen)
{
   /* whole kernels: the entry is llc's */
   return compile_llc(name, ll, cpu, wave, true, o_path, msg, msglen);
}

/* ---- the object ------------------------------------------------------------------------- */

enum { SHT_SYMTAB = 2, SHT_RELA = 4, SHT_REL = 9, STT_FUNC = 2 };
enum { R_AMDGPU_REL32_LO = 10, R_AMDGPU_REL32_HI = 11 };

struct obj {
   const uint8_t *b;
   size_t size;
};

static uint64_t
rd(const struct obj *o, uint64_t off, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      v |= (uint64_t)o->b[off + i] << (8 * i);
   return v;
}

static bool
fits(const struct obj *o, uint64_t off, uint64_t len)
{
   return off <= o->size && len <= o->size - off;
}

struct section {
   uint32_t name, type, link, info;
   uint64_t offset, size, entsize;
};

static bool
section(const struct obj *o, unsigned i, struct section *s)
{
   uint64_t shoff = rd(o, 0x28, 8), shentsize = rd(o, 0x3a, 2);
   uint64_t at = shoff + i * shentsize;
   if (shentsize < 64 || !fits(o, at, 64))
      return false;
   s->name = (uint32_t)rd(o, at, 4);
   s->type = (uint32_t)rd(o, at + 4, 4);
   s->offset = rd(o, at + 24, 8);
   s->size = rd(o, at + 32, 8);
   s->link = (uint32_t)rd(o, at + 40, 4);
   s->info = (uint32_t)rd(o, at + 44, 4);
   s->entsize = rd(o, at + 56, 8);
   return fits(o, s->offset, s->type == 8 ? 0 : s->size);
}

/* A NUL-terminated string at off of section strtab, or NULL. */
static const char *
str_at(const struct obj *o, const struct section *strtab, uint64_t off)
{
   if (off >= strtab->size)
      return NULL;
   const char *s = (const char *)o->b + strtab->offset + off;
   return memchr(s, 0, strtab->size - off) ? s : NULL;
}

/* Scratch bytes per lane the object's functions need at most. llc says it only per
 * function it compiles like an entry (amdgpu_cs_chain ones), as the COMPUTE_TMPRING_SIZE
 * register/value pair of .AMDGPU.config, without naming the function: WAVESIZE (bits
 * [24:12]) counts 1 KiB per wave on gfx1030 and 256 bytes on gfx1100 and gfx1200. Every
 * function of the object gets the largest (aco_link then counts it on each path): enough
 * for parts made of chain functions; an amdgpu_gfx function's own frame is not told. */
static uint32_t
object_frame_bytes(const struct obj *o, const struct section *config, aco_target target)
{
   enum { COMPUTE_TMPRING_SIZE = 0x286e8 };
   uint32_t unit = target.gfx_level == ACO_GFX1030 ? 1024 : 256, most = 0;
   for (uint64_t at = 0; config->size >= 8 && at <= config->size - 8; at += 8) {
      if (rd(o, config->offset + at, 4) != COMPUTE_TMPRING_SIZE)
         continue;
      uint32_t waves = (uint32_t)(rd(o, config->offset + at + 4, 4) >> 12) & 0x1fff;
      uint32_t lane = waves * unit / target.wave_size;
      most = lane > most ? lane : most;
   }
   return most;
}

bool
exec_binary_from_object(const void *elf, size_t size, aco_target target, aco_binary **out,
                        char *msg, size_t msglen)
{
   struct obj o = {elf, size};
   *out = NULL;
   if (size < 64 || memcmp(elf, "\177ELF\2\1", 6) || rd(&o, 16, 2) != 1 || rd(&o, 18, 2) != 224)
      return fail(msg, msglen, "%s", "not a little-endian ELF64 AMDGPU relocatable object");
   unsigned shnum = (unsigned)rd(&o, 0x3c, 2), shstrndx = (unsigned)rd(&o, 0x3e, 2);
   struct section shstr, text = {0}, symtab = {0}, strtab = {0}, config = {0};
   int text_index = -1, symtab_index = -1;
   if (!section(&o, shstrndx, &shstr))
      return fail(msg, msglen, "%s", "the section name table is outside the file");
   for (unsigned i = 0; i < shnum; i++) {
      struct section s;
      if (!section(&o, i, &s))
         return fail(msg, msglen, "%s", "a section header is outside the file");
      const char *n = str_at(&o, &shstr, s.name);
      if (n && !strcmp(n, ".text")) {
         text = s;
         text_index = (int)i;
      } else if (n && !strcmp(n, ".AMDGPU.config")) {
         config = s;
      } else if (s.type == SHT_SYMTAB) {
         symtab = s;
         symtab_index = (int)i;
      }
   }
   if (text_index < 0 || symtab_index < 0 || !section(&o, symtab.link, &strtab) ||
       symtab.entsize != 24)
      return fail(msg, msglen, "%s", "no .text or symbol table");

   /* count, then one allocation: the binary, code, symbols, relocations, names */
   unsigned nsym = 0, nrel = 0;
   size_t names = 0;
   for (uint64_t k = 0; k < symtab.size / 24; k++) {
      uint64_t at = symtab.offset + k * 24;
      if ((rd(&o, at + 4, 1) & 0xf) == STT_FUNC && rd(&o, at + 6, 2) == (uint64_t)text_index) {
         const char *n = str_at(&o, &strtab, rd(&o, at, 4));
         if (!n)
            return fail(msg, msglen, "%s", "a symbol name is outside the string table");
         nsym++;
         names += strlen(n) + 1;
      }
   }
   for (unsigned i = 0; i < shnum; i++) {
      struct section s;
      section(&o, i, &s);
      if ((s.type == SHT_REL || s.type == SHT_RELA) && s.info == (unsigned)text_index &&
          s.entsize) {
         nrel += (unsigned)(s.size / s.entsize);
         for (uint64_t k = 0; k < s.size / s.entsize; k++) {
            uint64_t sym = rd(&o, s.offset + k * s.entsize + 8, 8) >> 32;
            const char *n = str_at(&o, &strtab, rd(&o, symtab.offset + sym * 24, 4));
            if (sym * 24 >= symtab.size || !n)
               return fail(msg, msglen, "%s", "a relocation names no symbol");
            names += strlen(n) + 1;
         }
      }
   }
   size_t total = sizeof(aco_binary) + text.size + 8 + nsym * sizeof(aco_symbol) +
                  nrel * sizeof(aco_relocation) + names;
   aco_binary *bin = calloc(1, total);
   if (!bin)
      return fail(msg, msglen, "%s", "out of memory");
   uint8_t *code = (uint8_t *)(bin + 1);
   aco_symbol *syms = (aco_symbol *)(code + ((text.size + 7) & ~(uint64_t)7));
   aco_relocation *rels = (aco_relocation *)(syms + nsym);
   char *w = (char *)(rels + nrel);
   memcpy(code, o.b + text.offset, text.size);
   bin->struct_size = sizeof(*bin);
   bin->target = target;
   bin->code = code;
   bin->code_size = (uint32_t)text.size;
   bin->symbols = syms;
   bin->relocations = rels;
   bin->config.num_sgprs = ACO_SGPR_COUNT;
   bin->config.num_vgprs = ACO_VGPR_COUNT;
   bin->config.wave_size = target.wave_size;
   bin->allocator = *aco_allocator_or_default(NULL);
   bin->allocation_size = total;
   uint32_t frame = object_frame_bytes(&o, &config, target);
   for (uint64_t k = 0; k < symtab.size / 24; k++) {
      uint64_t at = symtab.offset + k * 24;
      if ((rd(&o, at + 4, 1) & 0xf) != STT_FUNC || rd(&o, at + 6, 2) != (uint64_t)text_index)
         continue;
      const char *n = str_at(&o, &strtab, rd(&o, at, 4));
      aco_symbol *s = &syms[bin->num_symbols++];
      strcpy(w, n);
      s->name = w;
      w += strlen(n) + 1;
      s->offset = (uint32_t)rd(&o, at + 8, 8);
      s->size = (uint32_t)rd(&o, at + 16, 8);
      s->num_sgprs = ACO_SGPR_COUNT;
      s->num_vgprs = ACO_VGPR_COUNT;
      s->frame_size = frame;
      s->stack_depth = frame;
   }
   for (unsigned i = 0; i < shnum; i++) {
      struct section s;
      section(&o, i, &s);
      if ((s.type != SHT_REL && s.type != SHT_RELA) || s.info != (unsigned)text_index ||
          !s.entsize)
         continue;
      for (uint64_t k = 0; k < s.size / s.entsize; k++) {
         uint64_t at = s.offset + k * s.entsize, off = rd(&o, at, 8), info = rd(&o, at + 8, 8);
         unsigned type = (unsigned)(info & 0xffffffffu);
         if ((type != R_AMDGPU_REL32_LO && type != R_AMDGPU_REL32_HI) || off + 4 > text.size) {
            free(bin);
            char t[16];
            snprintf(t, sizeof(t), "%u", type);
            return fail(msg, msglen, "relocation type %s is not R_AMDGPU_REL32_LO/HI", t);
         }
         aco_relocation *r = &rels[bin->num_relocations++];
         r->offset = (uint32_t)off;
         r->kind = type == R_AMDGPU_REL32_LO ? ACO_RELOC_REL32_LO : ACO_RELOC_REL32_HI;
         /* REL keeps the addend in the word, RELA after the info */
         r->addend = s.type == SHT_RELA ? (int64_t)rd(&o, at + 16, 8)
                                        : (int64_t)(int32_t)rd(&o, text.offset + off, 4);
         const char *n = str_at(&o, &strtab, rd(&o, symtab.offset + (info >> 32) * 24, 4));
         strcpy(w, n);
         r->symbol = w;
         w += strlen(n) + 1;
      }
   }
   *out = bin;
   return true;
}

bool
exec_llc_part(aco_program *p, const char *name, aco_binary **out, char *msg, size_t msglen)
{
   struct aco_strbuf ll;
   aco_strbuf_init(&ll, &p->allocator);
   char err[256], o_path[PATH_MAX], base[64];
   bool ok = air_emit_llvm(p, &ll, err, sizeof(err)) == ACO_SUCCESS;
   if (!ok)
      fail(msg, msglen, "air_emit_llvm: %s", err);
   const char *slash = strrchr(name, '/');
   snprintf(base, sizeof(base), "%.*s", (int)strcspn(slash ? slash + 1 : name, "."),
            slash ? slash + 1 : name);
   /* a part has no entry (the entry is libaco's): llc's defaults, MUBUF scratch on gfx1030 */
   ok = ok && compile_llc(base, aco_strbuf_str(&ll), aco_gfx_level_name(p->target.gfx_level),
                          p->target.wave_size, false, o_path, msg, msglen);
   aco_strbuf_finish(&ll);
   size_t size = 0;
   char *elf = ok ? exec_read_file(o_path, &size) : NULL;
   if (ok && !elf)
      ok = fail(msg, msglen, "cannot read %s", o_path);
   ok = ok && exec_binary_from_object(elf, size, p->target, out, msg, msglen);
   free(elf);
   return ok;
}
