/* SPDX-License-Identifier: MIT */
/* Assembler, disassembler and binary packaging of machine IR (after register allocation:
 * every operand and definition is a fixed register or a constant). */
#ifndef ACO_EMIT_H
#define ACO_EMIT_H

#include "mir/mir.h"

#define ACO_MAX_INSTR_DWORDS 4

/* Encodes one instruction; returns the number of dwords written to out (at most
 * ACO_MAX_INSTR_DWORDS) or 0 if it cannot be encoded on this level (absent opcode,
 * operand that does not fit, special-syntax opcode without a raw immediate). */
unsigned aco_encode_instr(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                          uint32_t *out);
/* The same for an instruction of p, the slot maps looked up in p's table
 * (aco_mprogram_slots). */
unsigned aco_encode_minstr(struct aco_mprogram *p, const struct aco_minstr *in, uint32_t *out);

/* Decodes the instruction at words[0..count); returns the dwords consumed and the new
 * instruction in *out (allocated in arena), or 0 for an unknown encoding. */
unsigned aco_decode_instr(aco_gfx_level level, unsigned wave_size, const uint32_t *words,
                          unsigned count, struct aco_arena *arena, struct aco_minstr **out);

/* Appends the instruction in LLVM's assembly syntax (no newline). */
void aco_print_asm_instr(aco_gfx_level level, unsigned wave_size, const struct aco_minstr *in,
                         struct aco_strbuf *sb);
/* Operand-field text of a register range starting at field `field` of `dwords` dwords. */
void aco_print_asm_reg(aco_gfx_level level, unsigned wave_size, unsigned field, unsigned dwords,
                       struct aco_strbuf *sb);

/* Two instructions are the same for the assembler (opcode, encoding, registers, constant
 * values, format fields). */
bool aco_minstr_equal_encoding(aco_gfx_level level, unsigned wave_size,
                               const struct aco_minstr *a, const struct aco_minstr *b);

/* ---- ELF objects (elf.c) --------------------------------------------------------------- */

/* One function of an object: a global STT_FUNC symbol at `offset` bytes into .text. */
struct aco_elf_symbol {
   const char *name;
   uint32_t offset, size;
};

/* Relocation types of EM_AMDGPU (ELF r_type) the writer takes. */
enum aco_elf_reloc_type {
   ACO_R_AMDGPU_ABS32_LO = 1,
   ACO_R_AMDGPU_ABS32_HI = 2,
   ACO_R_AMDGPU_REL32_LO = 10, /* (S + A - P) & 0xffffffff */
   ACO_R_AMDGPU_REL32_HI = 11, /* (S + A - P) >> 32 */
};

/* A relocation of the dword at byte `offset` of .text against `symbol` with `addend`. A
 * symbol that is not one of the object's functions becomes an undefined global symbol:
 * a call to another object's function is s_getpc_b64 s[n:n+1]; s_add_u32 sn, sn, lit;
 * s_addc_u32 sn+1, sn+1, lit with REL32_LO at the first literal (addend 4) and REL32_HI
 * at the second (addend 12), as llc-19 writes them (the PC s_getpc_b64 gives is the
 * address after it). */
struct aco_elf_reloc {
   uint32_t offset;
   uint32_t type; /* enum aco_elf_reloc_type */
   const char *symbol;
   int64_t addend;
};

/* A relocatable ELF64 object for EM_AMDGPU with the level's EF_AMDGPU_MACH in e_flags:
 * .text holds code[0..code_dwords), one symbol per function. The bytes are allocated from
 * `a` (NULL: the default allocator) and returned in *out / *out_size; the caller frees them
 * with aco_free on the same allocator. */
aco_status aco_elf_write(const aco_allocator *a, aco_gfx_level level, unsigned wave_size,
                         const uint32_t *code, uint32_t code_dwords,
                         const struct aco_elf_symbol *syms, unsigned nsyms, void **out,
                         size_t *out_size);
/* ... with a .rela.text section holding relocs[0..nrelocs) (dword-aligned offsets inside
 * the code, the types above). */
aco_status aco_elf_write_relocs(const aco_allocator *a, aco_gfx_level level,
                                unsigned wave_size, const uint32_t *code, uint32_t code_dwords,
                                const struct aco_elf_symbol *syms, unsigned nsyms,
                                const struct aco_elf_reloc *relocs, unsigned nrelocs,
                                void **out, size_t *out_size);

#endif
