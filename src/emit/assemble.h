/* SPDX-License-Identifier: MIT */
/* The assembler of whole machine programs (after lowering to hardware). */
#ifndef ACO_EMIT_ASSEMBLE_H
#define ACO_EMIT_ASSEMBLE_H

#include "aco/aco.h"
#include "mir/mir.h"

#include "emit/emit.h"

struct aco_call_fixup;

struct aco_assembly {
   ACO_VEC(uint32_t) words; /* on the program's allocator; free with aco_assembly_finish */
   uint32_t code_dwords;    /* before the s_code_end padding */
   aco_statistics stats;
   struct aco_strbuf *disasm; /* appended to when not NULL */
   /* relocations of words (byte offsets), for aco_elf_write_relocs; same allocator */
   ACO_VEC(struct aco_elf_reloc) relocs;
   /* PC-relative literals naming a function of the program (ACO_MRELOC_PC_LO/HI): the
    * literal's dword, resolved by the binary builder (or turned into a relocation) */
   ACO_VEC(struct aco_call_fixup) fixups;
   /* the program's function names by index, for the disassembly of those literals
    * (NAME@rel32@lo+4, as llvm-mc-19 reads it); may be NULL */
   const char *const *function_names;
   uint32_t num_function_names;
};

struct aco_call_fixup {
   uint32_t dword;    /* index in words of the literal */
   uint32_t function; /* index of the function in the program */
   bool hi;           /* the high half of the distance */
   int64_t addend;    /* value = address(function) + addend - address(literal) */
};

/* Appends p's code to out->words (a function starts at the current end), fixing branch
 * offsets (SOPP simm16: dwords from the next instruction), and counts its statistics.
 * Every instruction must be a hardware instruction with registers. */
aco_status aco_assemble(struct aco_mprogram *p, struct aco_assembly *out);
/* s_code_end padding after the last function: to a 64-byte line plus three more lines, so
 * instruction prefetch never reads past the code. Needs no machine program (the functions'
 * may be freed already); words grow on `a`, the allocator the functions were assembled with. */
aco_status aco_assemble_pad(const aco_allocator *a, aco_gfx_level gfx_level, unsigned wave_size,
                            struct aco_assembly *out);
void aco_assembly_finish(const aco_allocator *a, struct aco_assembly *out);

/* Records that the dword at words[dword] is relocated against `symbol` (a string that
 * outlives the assembly): the literal of an instruction already appended. */
aco_status aco_assembly_add_reloc(const aco_allocator *a, struct aco_assembly *out,
                                  uint32_t dword, enum aco_elf_reloc_type type,
                                  const char *symbol, int64_t addend);
/* Appends the sequence that puts the address of `symbol` (another object's function,
 * resolved by the linker) in the SGPR pair s[sgpr:sgpr+1] and records its two
 * relocations: s_getpc_b64; s_add_u32 with REL32_LO (+4); s_addc_u32 with REL32_HI (+12).
 * s_add_u32 clobbers scc. */
aco_status aco_assemble_symbol_address(struct aco_mprogram *p, struct aco_assembly *out,
                                       unsigned sgpr, const char *symbol);

#endif
