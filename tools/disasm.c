/* SPDX-License-Identifier: MIT */
/* aco-cc --disasm: decodes machine code with libaco's decoder and prints it in the layout
 * of `llvm-objdump-19 -d` (instruction text padded to column 60, then the offset and the
 * instruction words; branch targets named after the nearest symbol). The test in
 * tests/encoding compares the two on llc-19-compiled objects. */
#include "disasm.h"

#include "emit/emit.h"
#include "tool_io.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct symbol {
   uint64_t value;
   const char *name;
};

struct section {
   const char *name;
   uint64_t addr;
   const unsigned char *data;
   size_t size;
   unsigned index;
};

static uint16_t rd16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const unsigned char *p) { return (uint32_t)rd16(p) | (uint32_t)rd16(p + 2) << 16; }
static uint64_t rd64(const unsigned char *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

static int
cmp_symbol(const void *a, const void *b)
{
   const struct symbol *x = a, *y = b;
   return x->value < y->value ? -1 : x->value > y->value ? 1 : strcmp(x->name, y->name);
}

/* " <name+0x10>" for the symbol at or before addr in the section. */
static void
print_target(FILE *out, const struct symbol *syms, unsigned nsyms, uint64_t addr)
{
   const struct symbol *best = NULL;
   for (unsigned i = 0; i < nsyms; i++) {
      if (syms[i].value <= addr)
         best = &syms[i];
   }
   if (!best)
      return;
   if (addr == best->value)
      fprintf(out, " <%s>", best->name);
   else
      fprintf(out, " <%s+0x%llx>", best->name, (unsigned long long)(addr - best->value));
}

static void
disasm_code(const unsigned char *data, size_t size, uint64_t base, const struct symbol *syms,
            unsigned nsyms, aco_gfx_level level, unsigned wave, FILE *out)
{
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   size_t nwords = size / 4;
   uint32_t *words = malloc((nwords + 1) * sizeof(uint32_t));
   if (!words) {
      aco_arena_finish(&arena);
      aco_strbuf_finish(&sb);
      return;
   }
   for (size_t i = 0; i < nwords; i++)
      words[i] = rd32(data + 4 * i);
   unsigned next_sym = 0;
   for (size_t i = 0; i < nwords;) {
      uint64_t addr = base + 4 * i;
      while (next_sym < nsyms && syms[next_sym].value < addr)
         next_sym++;
      for (; next_sym < nsyms && syms[next_sym].value == addr; next_sym++)
         fprintf(out, "\n%016llx <%s>:\n", (unsigned long long)addr, syms[next_sym].name);
      struct aco_minstr *in = NULL;
      size_t avail = nwords - i;
      unsigned n = aco_decode_instr(level, wave, words + i,
                                    avail < ACO_MAX_INSTR_DWORDS ? (unsigned)avail
                                                                 : ACO_MAX_INSTR_DWORDS,
                                    &arena, &in);
      sb.len = 0;
      if (n) {
         aco_print_asm_instr(level, wave, in, &sb);
      } else {
         aco_strbuf_printf(&sb, ".long 0x%08x", words[i]);
         n = 1;
      }
      fprintf(out, "\t%-59s// %012llX:", aco_strbuf_str(&sb), (unsigned long long)addr);
      for (unsigned k = 0; k < n; k++)
         fprintf(out, " %08X", words[i + k]);
      if (in && (aco_op_info(in->opcode)->flags & ACO_OPF_BRANCH) &&
          aco_op_info(in->opcode)->format == ACO_FMT_SOPP) {
         int64_t off = (int16_t)(in->imm & 0xffff);
         print_target(out, syms, nsyms, (uint64_t)((int64_t)addr + 4 + off * 4));
      }
      fputc('\n', out);
      i += n;
   }
   free(words);
   aco_strbuf_finish(&sb);
   aco_arena_finish(&arena);
}

static int
disasm_elf(const unsigned char *d, size_t size, const char *name, aco_gfx_level level,
           unsigned wave, FILE *out, FILE *err)
{
   if (size < 64 || d[4] != 2 || d[5] != 1) {
      fprintf(err, "aco-cc: %s: not a 64-bit little-endian ELF file\n", name);
      return 1;
   }
   uint64_t shoff = rd64(d + 40);
   unsigned shentsize = rd16(d + 58), shnum = rd16(d + 60), shstrndx = rd16(d + 62);
   if (shentsize < 64 || shoff > size || (uint64_t)shnum * shentsize > size - shoff ||
       shstrndx >= shnum) {
      fprintf(err, "aco-cc: %s: bad section header table\n", name);
      return 1;
   }
   const unsigned char *sh = d + shoff;
#define SH(i, off) (sh + (size_t)(i) * shentsize + (off))
   uint64_t stroff = rd64(SH(shstrndx, 24)), strsize = rd64(SH(shstrndx, 32));
   if (stroff > size || strsize > size - stroff) {
      fprintf(err, "aco-cc: %s: bad section name table\n", name);
      return 1;
   }
   fprintf(out, "\n%s:\tfile format elf64-amdgpu\n", name);
   /* the symbol table and its strings */
   const unsigned char *symtab = NULL, *symstr = NULL;
   uint64_t nsymtab = 0, symstrsize = 0;
   for (unsigned i = 0; i < shnum; i++) {
      if (rd32(SH(i, 4)) != 2 /* SHT_SYMTAB */)
         continue;
      uint64_t off = rd64(SH(i, 24)), sz = rd64(SH(i, 32));
      unsigned link = rd32(SH(i, 40));
      if (off > size || sz > size - off || link >= shnum)
         break;
      uint64_t soff = rd64(SH(link, 24)), ssz = rd64(SH(link, 32));
      if (soff > size || ssz > size - soff)
         break;
      symtab = d + off, nsymtab = sz / 24, symstr = d + soff, symstrsize = ssz;
   }
   struct symbol *syms = calloc(nsymtab + 1, sizeof(*syms));
   if (!syms)
      return 1;
   for (unsigned i = 0; i < shnum; i++) {
      uint64_t flags = rd64(SH(i, 8)), off = rd64(SH(i, 24)), sz = rd64(SH(i, 32));
      unsigned type = rd32(SH(i, 4)), nameoff = rd32(SH(i, 0));
      if (!(flags & 4 /* SHF_EXECINSTR */) || type != 1 /* SHT_PROGBITS */)
         continue;
      if (off > size || sz > size - off || nameoff >= strsize) {
         fprintf(err, "aco-cc: %s: bad section %u\n", name, i);
         free(syms);
         return 1;
      }
      unsigned nsyms = 0;
      for (uint64_t k = 0; k < nsymtab; k++) {
         const unsigned char *s = symtab + k * 24;
         unsigned st_name = rd32(s), info = s[4], shndx = rd16(s + 6);
         unsigned stype = info & 15;
         if (shndx != i || st_name == 0 || st_name >= symstrsize || (stype != 2 && stype != 0))
            continue;
         syms[nsyms].value = rd64(s + 8);
         syms[nsyms].name = (const char *)symstr + st_name;
         nsyms++;
      }
      qsort(syms, nsyms, sizeof(*syms), cmp_symbol);
      fprintf(out, "\nDisassembly of section %.*s:\n", (int)strnlen((const char *)d + stroff + nameoff,
                                                                      strsize - nameoff),
              (const char *)d + stroff + nameoff);
      disasm_code(d + off, sz, rd64(SH(i, 16)), syms, nsyms, level, wave, out);
   }
#undef SH
   free(syms);
   return 0;
}

int
aco_disasm_buffer(const unsigned char *data, size_t size, const char *name, aco_gfx_level level,
                  unsigned wave_size, FILE *out, FILE *err)
{
   if (size >= 4 && !memcmp(data, "\177ELF", 4))
      return disasm_elf(data, size, name, level, wave_size, out, err);
   disasm_code(data, size, 0, NULL, 0, level, wave_size, out);
   return 0;
}

int
aco_disasm_file(const char *path, aco_gfx_level level, unsigned wave_size, FILE *out, FILE *err)
{
   FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
   if (!f) {
      fprintf(err, "aco-cc: cannot open %s\n", path);
      return 1;
   }
   size_t len;
   char *data = tool_read_all(f, &len);
   if (f != stdin)
      fclose(f);
   if (!data) {
      fprintf(err, "aco-cc: cannot read %s\n", path);
      return 1;
   }
   int r = aco_disasm_buffer((const unsigned char *)data, len, path, level, wave_size, out, err);
   free(data);
   return r;
}
