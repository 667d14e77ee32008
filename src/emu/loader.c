/* SPDX-License-Identifier: MIT */
/* The ELF loader of the emulator (loader.h). Reads ELF64 little-endian AMDGPU files
 * byte by byte (no alignment assumptions, every offset checked against the input size
 * with overflow-free comparisons), lays the allocated contents out in one image and
 * relocates it for its GPU address. All memory comes from one arena released by
 * aco_emu_elf_destroy. */
#include "emu/loader.h"

#include "emu/emu.h"
#include "util/alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define ELF_EM_AMDGPU 224
#define ELF_ET_REL 1
#define ELF_ET_EXEC 2
#define ELF_ET_DYN 3
#define ELF_SHT_NOBITS 8
#define ELF_SHT_SYMTAB 2
#define ELF_SHT_RELA 4
#define ELF_SHT_REL 9
#define ELF_SHT_DYNSYM 11
#define ELF_SHF_ALLOC 0x2
#define ELF_PT_LOAD 1
#define ELF_SHN_UNDEF 0
#define ELF_SHN_LORESERVE 0xff00
#define ELF_SHN_ABS 0xfff1
#define ELF_SHN_COMMON 0xfff2

enum {
   R_AMDGPU_NONE = 0,
   R_AMDGPU_ABS32_LO = 1,
   R_AMDGPU_ABS32_HI = 2,
   R_AMDGPU_ABS64 = 3,
   R_AMDGPU_REL32 = 4,
   R_AMDGPU_REL64 = 5,
   R_AMDGPU_ABS32 = 6,
   R_AMDGPU_GOTPCREL = 7,
   R_AMDGPU_GOTPCREL32_LO = 8,
   R_AMDGPU_GOTPCREL32_HI = 9,
   R_AMDGPU_REL32_LO = 10,
   R_AMDGPU_REL32_HI = 11,
   R_AMDGPU_RELATIVE64 = 13,
};

/* Larger images are rejected (the emulator maps them in host memory). */
#define MAX_IMAGE_BYTES (256u << 20)
#define MAX_ALIGN 65536u

struct elf_sym {
   const char *name;
   uint32_t offset, size;
};

struct aco_emu_elf {
   struct aco_arena arena;
   uint8_t *bytes;
   size_t size;
   uint64_t gpu_addr;
   struct elf_sym *syms;
   uint32_t num_syms;
};

struct shdr {
   uint32_t name, type;
   uint64_t flags, addr, offset, size;
   uint32_t link, info;
   uint64_t addralign, entsize;
};

/* One load: the input, the image being built and the error message. */
struct load_ctx {
   const uint8_t *in;
   size_t in_size;
   struct aco_emu_elf *img;
   char *msg;
   size_t msg_size;
   bool failed;
   unsigned type;
   struct shdr *sh;
   unsigned shnum;
   uint64_t *sec_off; /* ET_REL: image offset of each allocated section, UINT64_MAX: none */
   uint64_t base;     /* linked files: the vaddr of image byte 0 */
   uint64_t got_off, got_used, got_slots;
};

static bool
fail(struct load_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
   __attribute__((format(printf, 2, 3)))
#endif
   ;

static bool
fail(struct load_ctx *c, const char *fmt, ...)
{
   if (!c->failed && c->msg && c->msg_size) {
      int n = snprintf(c->msg, c->msg_size, "ELF loader: ");
      if (n > 0 && (size_t)n < c->msg_size) {
         va_list ap;
         va_start(ap, fmt);
         vsnprintf(c->msg + n, c->msg_size - (size_t)n, fmt, ap);
         va_end(ap);
      }
   }
   c->failed = true;
   return false;
}

/* off + len within the input (no overflow). */
static bool
in_range(const struct load_ctx *c, uint64_t off, uint64_t len)
{
   return off <= c->in_size && len <= c->in_size - off;
}

static uint64_t
rd(const uint8_t *p, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      v |= (uint64_t)p[i] << (8 * i);
   return v;
}

static void
wr(uint8_t *p, unsigned bytes, uint64_t v)
{
   for (unsigned i = 0; i < bytes; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

/* A NUL-terminated string at `off` of string table section `strtab`. */
static const char *
get_str(struct load_ctx *c, unsigned strtab, uint64_t off)
{
   if (strtab == 0 || strtab >= c->shnum) {
      fail(c, "string table index %u out of range", strtab);
      return NULL;
   }
   const struct shdr *s = &c->sh[strtab];
   if (s->type == ELF_SHT_NOBITS || off >= s->size) {
      fail(c, "string offset %llu outside string table %u", (unsigned long long)off, strtab);
      return NULL;
   }
   const char *p = (const char *)c->in + s->offset + off;
   if (!memchr(p, 0, (size_t)(s->size - off))) {
      fail(c, "unterminated string in string table %u", strtab);
      return NULL;
   }
   return p;
}

static bool
read_sections(struct load_ctx *c)
{
   uint64_t shoff = rd(c->in + 0x28, 8);
   unsigned shentsize = (unsigned)rd(c->in + 0x3a, 2);
   c->shnum = (unsigned)rd(c->in + 0x3c, 2);
   if (c->shnum == 0)
      return true;
   if (shentsize != 64)
      return fail(c, "section header size %u, expected 64", shentsize);
   if (!in_range(c, shoff, (uint64_t)c->shnum * 64))
      return fail(c, "section headers (%u at offset %llu) outside the file", c->shnum,
                  (unsigned long long)shoff);
   c->sh = aco_arena_array(&c->img->arena, struct shdr, c->shnum);
   c->sec_off = aco_arena_array(&c->img->arena, uint64_t, c->shnum);
   if (!c->sh || !c->sec_off)
      return fail(c, "out of memory");
   for (unsigned i = 0; i < c->shnum; i++) {
      const uint8_t *p = c->in + shoff + (uint64_t)i * 64;
      struct shdr *s = &c->sh[i];
      s->name = (uint32_t)rd(p, 4);
      s->type = (uint32_t)rd(p + 4, 4);
      s->flags = rd(p + 8, 8);
      s->addr = rd(p + 16, 8);
      s->offset = rd(p + 24, 8);
      s->size = rd(p + 32, 8);
      s->link = (uint32_t)rd(p + 40, 4);
      s->info = (uint32_t)rd(p + 44, 4);
      s->addralign = rd(p + 48, 8);
      s->entsize = rd(p + 56, 8);
      c->sec_off[i] = UINT64_MAX;
      if (i != 0 && s->type != ELF_SHT_NOBITS && !in_range(c, s->offset, s->size))
         return fail(c, "section %u (offset %llu, size %llu) outside the file", i,
                     (unsigned long long)s->offset, (unsigned long long)s->size);
   }
   return true;
}

static bool
alloc_image(struct load_ctx *c, uint64_t size)
{
   if (size > MAX_IMAGE_BYTES)
      return fail(c, "image of %llu bytes is too large", (unsigned long long)size);
   c->img->size = (size_t)size;
   c->img->bytes = aco_arena_zalloc(&c->img->arena, size ? (size_t)size : 1, 16);
   if (!c->img->bytes)
      return fail(c, "out of memory");
   return true;
}

/* ET_REL: allocated sections in section order, each at its alignment; then the GOT. */
static bool
layout_object(struct load_ctx *c)
{
   uint64_t end = 0;
   for (unsigned i = 1; i < c->shnum; i++) {
      const struct shdr *s = &c->sh[i];
      if (!(s->flags & ELF_SHF_ALLOC))
         continue;
      uint64_t align = s->addralign ? s->addralign : 1;
      if (align & (align - 1) || align > MAX_ALIGN)
         return fail(c, "section %u has alignment %llu", i, (unsigned long long)align);
      if (s->size > MAX_IMAGE_BYTES)
         return fail(c, "section %u of %llu bytes is too large", i,
                     (unsigned long long)s->size);
      end = (end + align - 1) & ~(align - 1);
      c->sec_off[i] = end;
      end += s->size;
      if (end > MAX_IMAGE_BYTES)
         return fail(c, "image of %llu bytes is too large", (unsigned long long)end);
   }
   /* One GOT slot per GOT-relative relocation (simple, and the counts are small). */
   for (unsigned i = 1; i < c->shnum; i++) {
      const struct shdr *s = &c->sh[i];
      if (s->type != ELF_SHT_REL && s->type != ELF_SHT_RELA)
         continue;
      unsigned ent = s->type == ELF_SHT_REL ? 16 : 24;
      for (uint64_t o = 0; o + ent <= s->size; o += ent) {
         unsigned t = (unsigned)(rd(c->in + s->offset + o + 8, 8) & 0xffffffffu);
         if (t == R_AMDGPU_GOTPCREL || t == R_AMDGPU_GOTPCREL32_LO ||
             t == R_AMDGPU_GOTPCREL32_HI)
            c->got_slots++;
      }
   }
   end = (end + 7) & ~(uint64_t)7;
   c->got_off = end;
   end += c->got_slots * 8;
   if (!alloc_image(c, end))
      return false;
   for (unsigned i = 1; i < c->shnum; i++) {
      const struct shdr *s = &c->sh[i];
      if (c->sec_off[i] != UINT64_MAX && s->type != ELF_SHT_NOBITS)
         memcpy(c->img->bytes + c->sec_off[i], c->in + s->offset, (size_t)s->size);
   }
   return true;
}

/* Linked files: PT_LOAD segments at their vaddr relative to the lowest one. */
static bool
layout_segments(struct load_ctx *c)
{
   uint64_t phoff = rd(c->in + 0x20, 8);
   unsigned phentsize = (unsigned)rd(c->in + 0x36, 2);
   unsigned phnum = (unsigned)rd(c->in + 0x38, 2);
   if (phnum == 0)
      return fail(c, "linked file without program headers");
   if (phentsize != 56)
      return fail(c, "program header size %u, expected 56", phentsize);
   if (!in_range(c, phoff, (uint64_t)phnum * 56))
      return fail(c, "program headers outside the file");
   uint64_t lo = UINT64_MAX, hi = 0;
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < phnum; i++) {
         const uint8_t *p = c->in + phoff + (uint64_t)i * 56;
         if (rd(p, 4) != ELF_PT_LOAD)
            continue;
         uint64_t off = rd(p + 8, 8), vaddr = rd(p + 16, 8);
         uint64_t filesz = rd(p + 32, 8), memsz = rd(p + 40, 8);
         if (pass == 0) {
            if (filesz > memsz || !in_range(c, off, filesz))
               return fail(c, "segment %u (offset %llu, size %llu) outside the file", i,
                           (unsigned long long)off, (unsigned long long)filesz);
            if (memsz > MAX_IMAGE_BYTES || vaddr > UINT64_MAX - memsz)
               return fail(c, "segment %u is too large", i);
            if (memsz == 0)
               continue;
            lo = vaddr < lo ? vaddr : lo;
            hi = vaddr + memsz > hi ? vaddr + memsz : hi;
         } else if (filesz) {
            memcpy(c->img->bytes + (vaddr - lo), c->in + off, (size_t)filesz);
         }
      }
      if (pass == 0) {
         if (lo == UINT64_MAX)
            return fail(c, "no loadable segment");
         c->base = lo;
         if (!alloc_image(c, hi - lo))
            return false;
      }
   }
   return true;
}

/* The image offset of symbol `idx` of symbol table section `symtab` (absolute symbols:
 * *absolute set). False (with a message) if undefined or malformed. */
static bool
symbol_value(struct load_ctx *c, unsigned symtab, uint64_t idx, uint64_t *value,
             bool *absolute, const char **name)
{
   const struct shdr *st = &c->sh[symtab];
   if (st->entsize != 24 && st->entsize != 0)
      return fail(c, "symbol table %u has entry size %llu", symtab,
                  (unsigned long long)st->entsize);
   if (idx >= st->size / 24)
      return fail(c, "symbol index %llu out of range", (unsigned long long)idx);
   const uint8_t *p = c->in + st->offset + idx * 24;
   *name = get_str(c, st->link, rd(p, 4));
   if (!*name)
      return false;
   unsigned shndx = (unsigned)rd(p + 6, 2);
   uint64_t v = rd(p + 8, 8);
   *absolute = false;
   if (shndx == ELF_SHN_ABS) {
      *absolute = true;
      *value = v;
      return true;
   }
   if (shndx == ELF_SHN_UNDEF || shndx >= ELF_SHN_LORESERVE || shndx >= c->shnum)
      return fail(c, "undefined symbol '%s'", (*name)[0] ? *name : "(unnamed)");
   if (c->type == ELF_ET_REL) {
      if (c->sec_off[shndx] == UINT64_MAX)
         return fail(c, "symbol '%s' is in a section that is not loaded", *name);
      if (v > c->sh[shndx].size)
         return fail(c, "symbol '%s' outside its section", *name);
      *value = c->sec_off[shndx] + v;
   } else {
      if (v < c->base || v - c->base > c->img->size)
         return fail(c, "symbol '%s' outside the loaded segments", *name);
      *value = v - c->base;
   }
   return true;
}

static bool
apply_reloc(struct load_ctx *c, uint64_t where, unsigned type, uint64_t s, bool have_a,
            int64_t a, const char *name)
{
   unsigned width = type == R_AMDGPU_ABS64 || type == R_AMDGPU_REL64 ||
                          type == R_AMDGPU_RELATIVE64
                       ? 8
                       : 4;
   if (where > c->img->size || width > c->img->size - where)
      return fail(c, "relocation against '%s' at image offset %llu outside the image", name,
                  (unsigned long long)where);
   uint8_t *loc = c->img->bytes + where;
   if (!have_a)
      a = width == 8 ? (int64_t)rd(loc, 8) : (int64_t)(int32_t)rd(loc, 4);
   uint64_t p = c->img->gpu_addr + where;
   uint64_t v;
   switch (type) {
   case R_AMDGPU_NONE:
      return true;
   case R_AMDGPU_ABS32_LO:
   case R_AMDGPU_ABS32:
   case R_AMDGPU_ABS64:
   case R_AMDGPU_RELATIVE64:
      v = s + (uint64_t)a;
      break;
   case R_AMDGPU_ABS32_HI:
      v = (s + (uint64_t)a) >> 32;
      break;
   case R_AMDGPU_REL32:
   case R_AMDGPU_REL32_LO:
   case R_AMDGPU_REL64:
      v = s + (uint64_t)a - p;
      break;
   case R_AMDGPU_REL32_HI:
      v = (s + (uint64_t)a - p) >> 32;
      break;
   case R_AMDGPU_GOTPCREL:
   case R_AMDGPU_GOTPCREL32_LO:
   case R_AMDGPU_GOTPCREL32_HI: {
      /* One slot per target address, shared by the LO and HI halves. */
      uint64_t slot = UINT64_MAX;
      for (uint64_t i = 0; i < c->got_used; i++)
         if (rd(c->img->bytes + c->got_off + 8 * i, 8) == s)
            slot = c->got_off + 8 * i;
      if (slot == UINT64_MAX) {
         if (c->got_used >= c->got_slots)
            return fail(c, "GOT relocation against '%s' in a linked file", name);
         slot = c->got_off + 8 * c->got_used++;
         wr(c->img->bytes + slot, 8, s);
      }
      v = c->img->gpu_addr + slot + (uint64_t)a - p;
      if (type == R_AMDGPU_GOTPCREL32_HI)
         v >>= 32;
      break;
   }
   default:
      return fail(c, "unsupported relocation type %u against '%s'", type, name);
   }
   wr(loc, width, v);
   return true;
}

static bool
apply_relocations(struct load_ctx *c)
{
   for (unsigned i = 1; i < c->shnum; i++) {
      const struct shdr *s = &c->sh[i];
      if (s->type != ELF_SHT_REL && s->type != ELF_SHT_RELA)
         continue;
      bool rela = s->type == ELF_SHT_RELA;
      unsigned ent = rela ? 24 : 16;
      uint64_t target_off = 0;
      if (c->type == ELF_ET_REL) {
         if (s->info == 0 || s->info >= c->shnum)
            return fail(c, "relocation section %u targets section %u", i, s->info);
         if (c->sec_off[s->info] == UINT64_MAX)
            continue; /* relocations of sections that are not loaded (notes, config) */
         target_off = c->sec_off[s->info];
      }
      if (s->size % ent)
         return fail(c, "relocation section %u has a size that is not a multiple of %u", i,
                     ent);
      bool have_symtab = s->link != 0 && s->link < c->shnum &&
                         (c->sh[s->link].type == ELF_SHT_SYMTAB ||
                          c->sh[s->link].type == ELF_SHT_DYNSYM);
      for (uint64_t o = 0; o < s->size; o += ent) {
         const uint8_t *p = c->in + s->offset + o;
         uint64_t r_offset = rd(p, 8), r_info = rd(p + 8, 8);
         int64_t addend = rela ? (int64_t)rd(p + 16, 8) : 0;
         unsigned type = (unsigned)(r_info & 0xffffffffu);
         uint64_t sym = r_info >> 32;
         uint64_t where;
         if (c->type == ELF_ET_REL) {
            if (r_offset > c->sh[s->info].size)
               return fail(c, "relocation offset %llu outside section %u",
                           (unsigned long long)r_offset, s->info);
            where = target_off + r_offset;
         } else {
            if (r_offset < c->base)
               return fail(c, "relocation at %llu outside the loaded segments",
                           (unsigned long long)r_offset);
            where = r_offset - c->base;
         }
         if (type == R_AMDGPU_NONE)
            continue;
         uint64_t sv = 0;
         const char *name = "";
         if (type == R_AMDGPU_RELATIVE64) {
            sv = c->img->gpu_addr - c->base; /* the addend is a link-time address */
         } else if (sym != 0) {
            if (!have_symtab)
               return fail(c, "relocation section %u has no symbol table", i);
            bool absolute;
            if (!symbol_value(c, s->link, sym, &sv, &absolute, &name))
               return false;
            if (!absolute)
               sv += c->img->gpu_addr;
         }
         if (!apply_reloc(c, where, type, sv, rela, addend, name))
            return false;
      }
   }
   return true;
}

/* Defined symbols with a name, from .symtab (or .dynsym when there is none). */
static bool
collect_symbols(struct load_ctx *c)
{
   unsigned tab = 0;
   for (unsigned i = 1; i < c->shnum; i++) {
      if (c->sh[i].type == ELF_SHT_SYMTAB)
         tab = i;
      else if (c->sh[i].type == ELF_SHT_DYNSYM && !tab)
         tab = i;
   }
   if (!tab)
      return true;
   const struct shdr *st = &c->sh[tab];
   if (st->type == ELF_SHT_NOBITS)
      return fail(c, "symbol table without contents");
   uint64_t n = st->size / 24;
   c->img->syms = aco_arena_array(&c->img->arena, struct elf_sym, n ? n : 1);
   if (!c->img->syms)
      return fail(c, "out of memory");
   for (uint64_t i = 1; i < n; i++) {
      const uint8_t *p = c->in + st->offset + i * 24;
      unsigned shndx = (unsigned)rd(p + 6, 2);
      unsigned stype = p[4] & 0xf;
      if (shndx == ELF_SHN_UNDEF || shndx >= ELF_SHN_LORESERVE || stype == 3 /* section */ ||
          stype == 4 /* file */)
         continue;
      uint64_t v;
      bool absolute;
      const char *name;
      if (!symbol_value(c, tab, i, &v, &absolute, &name))
         return false;
      if (absolute || !name[0] || v > UINT32_MAX)
         continue;
      uint64_t sz = rd(p + 16, 8);
      c->img->syms[c->img->num_syms++] =
         (struct elf_sym){name, (uint32_t)v, sz > UINT32_MAX ? UINT32_MAX : (uint32_t)sz};
   }
   return true;
}

static bool
load(struct load_ctx *c)
{
   if (c->in_size < 64)
      return fail(c, "%zu bytes is too short for an ELF header", c->in_size);
   if (memcmp(c->in, "\177ELF", 4) != 0)
      return fail(c, "not an ELF file");
   if (c->in[4] != 2 || c->in[5] != 1)
      return fail(c, "not a 64-bit little-endian ELF file");
   c->type = (unsigned)rd(c->in + 0x10, 2);
   unsigned machine = (unsigned)rd(c->in + 0x12, 2);
   if (machine != ELF_EM_AMDGPU)
      return fail(c, "machine %u is not AMDGPU (%u)", machine, ELF_EM_AMDGPU);
   if (c->type != ELF_ET_REL && c->type != ELF_ET_EXEC && c->type != ELF_ET_DYN)
      return fail(c, "ELF type %u is neither relocatable, executable nor shared", c->type);
   if (!read_sections(c))
      return false;
   if (c->type == ELF_ET_REL) {
      if (!layout_object(c))
         return false;
   } else if (!layout_segments(c)) {
      return false;
   }
   return apply_relocations(c) && collect_symbols(c);
}

aco_status
aco_emu_elf_create(const aco_allocator *a, const void *elf, size_t size, uint64_t gpu_addr,
                   struct aco_emu_elf **out, char *msg, size_t msg_size)
{
   if (msg && msg_size)
      msg[0] = 0;
   if (!out)
      return ACO_ERROR_INVALID_ARGUMENT;
   *out = NULL;
   struct load_ctx c = {.in = elf, .in_size = size, .msg = msg, .msg_size = msg_size};
   if (!elf) {
      fail(&c, "no input");
      return ACO_ERROR_INVALID_ARGUMENT;
   }
   a = aco_allocator_or_default(a);
   struct aco_arena arena;
   aco_arena_init(&arena, a);
   struct aco_emu_elf *img = aco_arena_new(&arena, struct aco_emu_elf);
   if (!img) {
      aco_arena_finish(&arena);
      fail(&c, "out of memory");
      return ACO_ERROR_OUT_OF_MEMORY;
   }
   img->arena = arena;
   img->gpu_addr = gpu_addr;
   c.img = img;
   if (!load(&c)) {
      struct aco_arena tmp = img->arena;
      aco_arena_finish(&tmp);
      return msg && strstr(msg, "out of memory") ? ACO_ERROR_OUT_OF_MEMORY
                                                 : ACO_ERROR_INVALID_ARGUMENT;
   }
   *out = img;
   return ACO_SUCCESS;
}

void
aco_emu_elf_destroy(struct aco_emu_elf *img)
{
   if (!img)
      return;
   struct aco_arena arena = img->arena;
   aco_arena_finish(&arena);
}

const uint8_t *
aco_emu_elf_bytes(const struct aco_emu_elf *img, size_t *size)
{
   if (size)
      *size = img->size;
   return img->bytes;
}

uint64_t
aco_emu_elf_gpu_addr(const struct aco_emu_elf *img)
{
   return img->gpu_addr;
}

bool
aco_emu_elf_symbol(const struct aco_emu_elf *img, const char *name, uint32_t *offset,
                   uint32_t *size)
{
   if (!img || !name)
      return false;
   for (uint32_t i = 0; i < img->num_syms; i++) {
      if (strcmp(img->syms[i].name, name) == 0) {
         if (offset)
            *offset = img->syms[i].offset;
         if (size)
            *size = img->syms[i].size;
         return true;
      }
   }
   return false;
}

aco_status
aco_emu_load_image(struct aco_emu *emu, const struct aco_emu_elf *img)
{
   if (!emu || !img)
      return ACO_ERROR_INVALID_ARGUMENT;
   return aco_emu_load_code(emu, img->bytes, img->size, img->gpu_addr);
}

aco_status
aco_emu_load_elf(struct aco_emu *emu, const aco_allocator *a, const void *elf, size_t size,
                 uint64_t gpu_addr, struct aco_emu_elf **out, char *msg, size_t msg_size)
{
   struct aco_emu_elf *img;
   aco_status st = aco_emu_elf_create(a, elf, size, gpu_addr, &img, msg, msg_size);
   if (st != ACO_SUCCESS)
      return st;
   st = aco_emu_load_image(emu, img);
   if (st != ACO_SUCCESS) {
      if (msg && msg_size)
         snprintf(msg, msg_size, "ELF loader: %s", emu ? aco_emu_message(emu) : "no emulator");
      aco_emu_elf_destroy(img);
      return st;
   }
   if (out)
      *out = img;
   else
      aco_emu_elf_destroy(img);
   return ACO_SUCCESS;
}
