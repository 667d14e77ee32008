/* SPDX-License-Identifier: MIT */
/* elf_dump DIR: writes DIR/<gfx>_w<wave>.o for every level and wave size with src/emit/elf.c:
 * two functions ("first", "second") assembled from machine IR built here, with a branch
 * between them. check_disasm.py reads them back with llvm-readelf-19 and llvm-objdump-19. */
#include "emit/emit.h"

#include <stdio.h>
#include <stdlib.h>

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
      }
   }
   return 0;
}
