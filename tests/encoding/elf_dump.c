/* SPDX-License-Identifier: MIT */
/* elf_dump DIR: writes DIR/<gfx>_w<wave>.o for every level and wave size with src/emit/elf.c:
 * two functions ("first", "second") assembled from machine IR built here, with a branch
 * between them; and DIR/reloc_<gfx>_w<wave>.o, a function "caller" that calls "ext",
 * defined in no object (relocations), with its assembly text in reloc_<gfx>_w<wave>.s.
 * check_disasm.py reads them back with llvm-readelf-19 and llvm-objdump-19. */
#include "emit/assemble.h"
#include "emit/emit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned
emit(aco_gfx_level level, unsigned wave, struct aco_minstr *in, uint32_t *code, unsigned n)
{
   unsigned k = aco_encode_instr(level, wave, in, code + n);
   if (!k) {
      fprintf(stderr, "elf_dump: cannot encode %s\n", aco_op_info(in->opcode)->name);
      exit(1);
   }
   return n + k;
}

static struct aco_minstr *
vop2(struct aco_arena *a, enum aco_opcode op, unsigned d, unsigned s0, unsigned s1)
{
   struct aco_minstr *in = aco_minstr_create(a, op, 2, 1);
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_v(1)), aco_vgpr(d));
   in->operands[0] = aco_opnd_reg(aco_vgpr(s0), aco_rc_v(1));
   in->operands[1] = aco_opnd_reg(aco_vgpr(s1), aco_rc_v(1));
   return in;
}

static struct aco_minstr *
sopp(struct aco_arena *a, enum aco_opcode op, uint32_t imm)
{
   struct aco_minstr *in = aco_minstr_create(a, op, 0, 0);
   in->imm = imm;
   return in;
}

static bool
write_file(const char *path, const void *data, size_t size)
{
   FILE *f = fopen(path, "wb");
   bool ok = f && fwrite(data, 1, size, f) == size;
   if (f)
      ok &= fclose(f) == 0;
   if (!ok)
      fprintf(stderr, "elf_dump: cannot write %s\n", path);
   return ok;
}

static void
append(struct aco_mprogram *p, struct aco_assembly *as, struct aco_minstr *in)
{
   uint32_t w[ACO_MAX_INSTR_DWORDS];
   unsigned n = emit(p->gfx_level, p->wave_size, in, w, 0);
   for (unsigned i = 0; i < n; i++)
      aco_vec_push(p->allocator, &as->words, w[i]);
   aco_strbuf_puts(as->disasm, "\t");
   aco_print_asm_instr(p->gfx_level, p->wave_size, in, as->disasm);
   aco_strbuf_puts(as->disasm, "\n");
}

/* caller: s_getpc_b64 s[4:5] + the relocated s_add_u32/s_addc_u32 of ext's address,
 * s_swappc_b64 s[30:31], s[4:5], s_endpgm */
static bool
write_reloc_object(const char *dir, aco_gfx_level level, unsigned wave)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, level, wave);
   struct aco_strbuf text;
   aco_strbuf_init(&text, NULL);
   struct aco_assembly as;
   memset(&as, 0, sizeof(as));
   as.disasm = &text;
   aco_strbuf_puts(&text, "\t.text\n\t.globl caller\ncaller:\n");
   bool ok = p && aco_assemble_symbol_address(p, &as, 4, "ext") == ACO_SUCCESS;
   if (ok) {
      struct aco_minstr *call = aco_minstr_create(&p->arena, aco_op_s_swappc_b64, 1, 1);
      call->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_sgpr(30));
      call->operands[0] = aco_opnd_reg(aco_sgpr(4), aco_rc_s(2));
      append(p, &as, call);
      append(p, &as, sopp(&p->arena, aco_op_s_endpgm, 0));
      struct aco_elf_symbol sym = {"caller", 0, as.words.len * 4};
      void *elf = NULL;
      size_t size = 0;
      ok = aco_elf_write_relocs(NULL, level, wave, as.words.data, as.words.len, &sym, 1,
                                as.relocs.data, as.relocs.len, &elf, &size) == ACO_SUCCESS &&
           as.relocs.len == 2;
      char path[4096];
      snprintf(path, sizeof(path), "%s/reloc_%s_w%u.o", dir, aco_gfx_info(level)->name, wave);
      ok = ok && write_file(path, elf, size);
      snprintf(path, sizeof(path), "%s/reloc_%s_w%u.s", dir, aco_gfx_info(level)->name, wave);
      ok = ok && write_file(path, aco_strbuf_str(&text), strlen(aco_strbuf_str(&text)));
      aco_free(aco_default_allocator(), elf);
   }
   aco_assembly_finish(aco_default_allocator(), &as);
   aco_strbuf_finish(&text);
   aco_mprogram_destroy(p);
   return ok;
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: elf_dump DIR\n");
      return 1;
   }
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned li = 0; li < 3; li++) {
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         aco_gfx_level level = levels[li];
         struct aco_arena arena;
         aco_arena_init(&arena, NULL);
         uint32_t code[64];
         unsigned n = 0;
         /* first: v_add_f32 v1, v2, v3; s_cbranch_scc0 over the nop; s_nop; s_endpgm */
         n = emit(level, wave, vop2(&arena, aco_op_v_add_f32, 1, 2, 3), code, n);
         n = emit(level, wave, sopp(&arena, aco_op_s_cbranch_scc0, 1), code, n);
         n = emit(level, wave, sopp(&arena, aco_op_s_nop, 0), code, n);
         n = emit(level, wave, sopp(&arena, aco_op_s_endpgm, 0), code, n);
         unsigned first = n;
         /* second: v_mul_f32 v4, v5, v6; s_branch back to first; s_endpgm */
         n = emit(level, wave, vop2(&arena, aco_op_v_mul_f32, 4, 5, 6), code, n);
         n = emit(level, wave, sopp(&arena, aco_op_s_branch, (uint16_t)(-(int)(n + 1))), code, n);
         n = emit(level, wave, sopp(&arena, aco_op_s_endpgm, 0), code, n);
         struct aco_elf_symbol syms[2] = {{"first", 0, first * 4},
                                          {"second", first * 4, (n - first) * 4}};
         void *elf;
         size_t size;
         if (aco_elf_write(NULL, level, wave, code, n, syms, 2, &elf, &size) != ACO_SUCCESS) {
            fprintf(stderr, "elf_dump: aco_elf_write failed\n");
            return 1;
         }
         char path[4096];
         snprintf(path, sizeof(path), "%s/%s_w%u.o", argv[1], aco_gfx_info(level)->name, wave);
         FILE *f = fopen(path, "wb");
         if (!f || fwrite(elf, 1, size, f) != size) {
            fprintf(stderr, "elf_dump: cannot write %s\n", path);
            return 1;
         }
         fclose(f);
         aco_free(aco_default_allocator(), elf);
         aco_arena_finish(&arena);
         if (!write_reloc_object(argv[1], level, wave)) {
            fprintf(stderr, "elf_dump: the relocation object failed\n");
            return 1;
         }
      }
   }
   return 0;
}
