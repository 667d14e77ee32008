/* SPDX-License-Identifier: MIT */
/* The ELF writer: a relocatable ELF64 object for EM_AMDGPU that llvm-objdump-19 and
 * ld.lld-19 read. Sections: .text (the code, SHF_ALLOC|SHF_EXECINSTR), .rela.text when
 * there are relocations (SHT_RELA, as llc-19 writes them: ld.lld-19 reads no implicit
 * addends for EM_AMDGPU), .symtab (one STT_FUNC symbol per function, global, then one
 * undefined global symbol per other name the relocations refer to, hidden: it belongs to
 * the same code object, so the link binds it there), .strtab and
 * .shstrtab. e_flags holds the level's EF_AMDGPU_MACH; the wave size is not an ELF
 * property (docs/isa-notes.md). The OS ABI is AMDGPU_PAL, whose objects carry no
 * code-object version in e_flags. */
#include "emit/emit.h"

#include <string.h>

enum {
   EHDR_SIZE = 64,
   SHDR_SIZE = 64,
   SYM_SIZE = 24,
   EM_AMDGPU = 224,
   ELFOSABI_AMDGPU_PAL = 65,
   SHT_PROGBITS = 1,
   SHT_SYMTAB = 2,
   SHT_STRTAB = 3,
   SHT_RELA = 4,
   SHF_INFO_LINK = 0x40,
   RELA_SIZE = 24,
   STV_HIDDEN = 2,
   SHF_ALLOC = 2,
   SHF_EXECINSTR = 4,
   STT_NOTYPE = 0,
   STT_FUNC = 2,
   STB_GLOBAL = 1,
   TEXT_ALIGN = 256,
};

struct writer {
   unsigned char *buf;
   size_t len;
};

static void put8(struct writer *w, size_t at, uint8_t v) { w->buf[at] = v; }
static void put16(struct writer *w, size_t at, uint16_t v)
{
   w->buf[at] = (uint8_t)v;
   w->buf[at + 1] = (uint8_t)(v >> 8);
}
static void put32(struct writer *w, size_t at, uint32_t v)
{
   put16(w, at, (uint16_t)v);
   put16(w, at + 2, (uint16_t)(v >> 16));
}
static void put64(struct writer *w, size_t at, uint64_t v)
{
   put32(w, at, (uint32_t)v);
   put32(w, at + 4, (uint32_t)(v >> 32));
}

static size_t align_up(size_t v, size_t a) { return (v + a - 1) / a * a; }

static void
section_header(struct writer *w, size_t at, uint32_t name, uint32_t type, uint64_t flags,
               uint64_t offset, uint64_t size, uint32_t link, uint32_t info, uint64_t align,
               uint64_t entsize)
{
   put32(w, at + 0, name);
   put32(w, at + 4, type);
   put64(w, at + 8, flags);
   put64(w, at + 16, 0); /* sh_addr */
   put64(w, at + 24, offset);
   put64(w, at + 32, size);
   put32(w, at + 40, link);
   put32(w, at + 44, info);
   put64(w, at + 48, align);
   put64(w, at + 56, entsize);
}

/* The symbol-table index of a relocation's symbol: a function of the object, or one of
 * the undefined names in order of first use (undef[] collects them). */
static unsigned
reloc_symbol(const struct aco_elf_symbol *syms, unsigned nsyms, const char **undef,
             unsigned *nundef, const char *name)
{
   for (unsigned i = 0; i < nsyms; i++)
      if (!strcmp(syms[i].name, name))
         return i + 1;
   for (unsigned i = 0; i < *nundef; i++)
      if (!strcmp(undef[i], name))
         return nsyms + 1 + i;
   undef[*nundef] = name;
   return nsyms + 1 + (*nundef)++;
}

static bool
valid_reloc(const struct aco_elf_reloc *r, uint32_t code_dwords)
{
   bool type = r->type == ACO_R_AMDGPU_ABS32_LO || r->type == ACO_R_AMDGPU_ABS32_HI ||
               r->type == ACO_R_AMDGPU_REL32_LO || r->type == ACO_R_AMDGPU_REL32_HI;
   return type && r->symbol && r->symbol[0] && r->offset % 4 == 0 &&
          r->offset / 4 < code_dwords;
}

aco_status
aco_elf_write(const aco_allocator *a, aco_gfx_level level, unsigned wave_size,
              const uint32_t *code, uint32_t code_dwords, const struct aco_elf_symbol *syms,
              unsigned nsyms, void **out, size_t *out_size)
{
   return aco_elf_write_relocs(a, level, wave_size, code, code_dwords, syms, nsyms, NULL, 0,
                               out, out_size);
}

aco_status
aco_elf_write_relocs(const aco_allocator *a, aco_gfx_level level, unsigned wave_size,
                     const uint32_t *code, uint32_t code_dwords,
                     const struct aco_elf_symbol *syms, unsigned nsyms,
                     const struct aco_elf_reloc *relocs, unsigned nrelocs, void **out,
                     size_t *out_size)
{
   const struct aco_gfx_info *gfx = aco_gfx_info(level);
   a = aco_allocator_or_default(a);
   *out = NULL;
   *out_size = 0;
   if (!gfx || (wave_size != 32 && wave_size != 64) || (code_dwords && !code) ||
       (nsyms && !syms) || (nrelocs && !relocs))
      return ACO_ERROR_INVALID_ARGUMENT;
   for (unsigned i = 0; i < nsyms; i++) {
      if (!syms[i].name || !syms[i].name[0] || syms[i].offset > code_dwords * 4u ||
          syms[i].size > code_dwords * 4u - syms[i].offset)
         return ACO_ERROR_INVALID_ARGUMENT;
   }
   for (unsigned i = 0; i < nrelocs; i++) {
      if (!valid_reloc(&relocs[i], code_dwords))
         return ACO_ERROR_INVALID_ARGUMENT;
   }
   /* the undefined symbols and each relocation's symbol index */
   const char **undef = aco_calloc(a, sizeof(*undef) * (nrelocs ? nrelocs : 1));
   unsigned *rsym = aco_calloc(a, sizeof(*rsym) * (nrelocs ? nrelocs : 1));
   if (!undef || !rsym) {
      aco_free(a, undef);
      aco_free(a, rsym);
      return ACO_ERROR_OUT_OF_MEMORY;
   }
   unsigned nundef = 0;
   for (unsigned i = 0; i < nrelocs; i++)
      rsym[i] = reloc_symbol(syms, nsyms, undef, &nundef, relocs[i].symbol);

   /* sections: null, .text, [.rela.text,] .symtab, .strtab, .shstrtab */
   static const char shstrtab[] = "\0.text\0.symtab\0.strtab\0.shstrtab\0.rela.text";
   enum { SH_TEXT = 1, SH_SYMTAB = 7, SH_STRTAB = 15, SH_SHSTRTAB = 23, SH_RELA = 33 };
   bool rela = nrelocs > 0;
   unsigned sec_symtab = rela ? 3 : 2, nsec = sec_symtab + 3;
   size_t strtab_size = 1;
   for (unsigned i = 0; i < nsyms; i++)
      strtab_size += strlen(syms[i].name) + 1;
   for (unsigned i = 0; i < nundef; i++)
      strtab_size += strlen(undef[i]) + 1;
   unsigned nsymtab = nsyms + nundef + 1;

   size_t text_off = TEXT_ALIGN;
   size_t text_size = (size_t)code_dwords * 4;
   size_t rela_off = align_up(text_off + text_size, 8);
   size_t rela_size = (size_t)nrelocs * RELA_SIZE;
   size_t symtab_off = align_up(rela_off + rela_size, 8);
   size_t symtab_size = (size_t)nsymtab * SYM_SIZE;
   size_t strtab_off = symtab_off + symtab_size;
   size_t shstrtab_off = strtab_off + strtab_size;
   size_t shdr_off = align_up(shstrtab_off + sizeof(shstrtab), 8);
   size_t total = shdr_off + nsec * SHDR_SIZE;

   struct writer w = {aco_calloc(a, total), total};
   if (!w.buf) {
      aco_free(a, undef);
      aco_free(a, rsym);
      return ACO_ERROR_OUT_OF_MEMORY;
   }
   /* ELF header */
   memcpy(w.buf, "\177ELF", 4);
   put8(&w, 4, 2);  /* ELFCLASS64 */
   put8(&w, 5, 1);  /* little endian */
   put8(&w, 6, 1);  /* EV_CURRENT */
   put8(&w, 7, ELFOSABI_AMDGPU_PAL);
   put16(&w, 16, 1); /* ET_REL */
   put16(&w, 18, EM_AMDGPU);
   put32(&w, 20, 1);
   put64(&w, 40, shdr_off);
   put32(&w, 48, gfx->elf_mach);
   put16(&w, 52, EHDR_SIZE);
   put16(&w, 58, SHDR_SIZE);
   put16(&w, 60, (uint16_t)nsec);
   put16(&w, 62, (uint16_t)(nsec - 1)); /* .shstrtab */
   /* .text */
   for (uint32_t i = 0; i < code_dwords; i++)
      put32(&w, text_off + 4 * i, code[i]);
   /* .rela.text: r_offset, r_info (symbol << 32 | type), r_addend */
   for (unsigned i = 0; i < nrelocs; i++) {
      size_t at = rela_off + (size_t)i * RELA_SIZE;
      put64(&w, at, relocs[i].offset);
      put64(&w, at + 8, (uint64_t)rsym[i] << 32 | relocs[i].type);
      put64(&w, at + 16, (uint64_t)relocs[i].addend);
   }
   /* .symtab (entry 0 is null; every other symbol is global) and .strtab */
   size_t name = 1;
   for (unsigned i = 0; i < nsyms + nundef; i++) {
      size_t at = symtab_off + (size_t)(i + 1) * SYM_SIZE;
      bool defined = i < nsyms;
      const char *sname = defined ? syms[i].name : undef[i - nsyms];
      size_t len = strlen(sname);
      memcpy(w.buf + strtab_off + name, sname, len);
      put32(&w, at, (uint32_t)name);
      put8(&w, at + 4, STB_GLOBAL << 4 | (defined ? STT_FUNC : STT_NOTYPE));
      put8(&w, at + 5, defined ? 0 : STV_HIDDEN);
      put16(&w, at + 6, defined ? 1 : 0); /* .text, or SHN_UNDEF */
      put64(&w, at + 8, defined ? syms[i].offset : 0);
      put64(&w, at + 16, defined ? syms[i].size : 0);
      name += len + 1;
   }
   memcpy(w.buf + shstrtab_off, shstrtab, sizeof(shstrtab));
   section_header(&w, shdr_off + 1 * SHDR_SIZE, SH_TEXT, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
                  text_off, text_size, 0, 0, TEXT_ALIGN, 0);
   if (rela)
      section_header(&w, shdr_off + 2 * SHDR_SIZE, SH_RELA, SHT_RELA, SHF_INFO_LINK, rela_off,
                     rela_size, sec_symtab, 1 /* .text */, 8, RELA_SIZE);
   section_header(&w, shdr_off + sec_symtab * SHDR_SIZE, SH_SYMTAB, SHT_SYMTAB, 0, symtab_off,
                  symtab_size, sec_symtab + 1, 1 /* first global */, 8, SYM_SIZE);
   section_header(&w, shdr_off + (sec_symtab + 1) * SHDR_SIZE, SH_STRTAB, SHT_STRTAB, 0,
                  strtab_off, strtab_size, 0, 0, 1, 0);
   section_header(&w, shdr_off + (sec_symtab + 2) * SHDR_SIZE, SH_SHSTRTAB, SHT_STRTAB, 0,
                  shstrtab_off, sizeof(shstrtab), 0, 0, 1, 0);
   aco_free(a, undef);
   aco_free(a, rsym);
   *out = w.buf;
   *out_size = total;
   return ACO_SUCCESS;
}
