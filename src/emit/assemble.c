/* SPDX-License-Identifier: MIT */
/* aco_assemble: machine IR after lowering -> machine code.
 *
 * One walk over the program encodes every instruction, branches with whatever offset
 * they hold (an instruction's size never depends on its SOPP immediate), and so learns
 * each block's address; then only the branches are encoded again, with their offsets:
 * dword distances from the instruction after the branch to the target block's first
 * instruction. Statistics are counted from the opcode table's formats. The optional
 * disassembly is LLVM's syntax (llvm-mc-19 accepts it as it is), with each block's
 * address as a comment. The address of another object's function is a PC-relative pair
 * of relocated literals (aco_assemble_symbol_address), recorded for the ELF writer. */
#include "emit/assemble.h"

#include "emit/emit.h"

#include <string.h>

static bool
is_branch(const struct aco_minstr *in)
{
   /* s_setpc_b64 jumps too, but to a register */
   return (aco_op_info(in->opcode)->flags & ACO_OPF_BRANCH) &&
          aco_op_info(in->opcode)->format == ACO_FMT_SOPP;
}

static void
count(struct aco_mprogram *p, const struct aco_minstr *in, aco_statistics *st)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   const char *name = info->name;
   st->instructions++;
   /* register-to-register moves: what parallel copies and phis became */
   if ((in->opcode == aco_op_s_mov_b32 || in->opcode == aco_op_s_mov_b64 ||
        in->opcode == aco_op_v_mov_b32) &&
       in->num_operands == 1 && in->operands[0].kind != ACO_OPND_CONST)
      st->copies++;
   switch (info->format) {
   case ACO_FMT_SOP1:
   case ACO_FMT_SOP2:
   case ACO_FMT_SOPK:
   case ACO_FMT_SOPC:
      if (!strncmp(name, "s_waitcnt", 9))
         st->waits++;
      else
         st->salu++;
      break;
   case ACO_FMT_SOPP:
      if (info->flags & ACO_OPF_BRANCH)
         st->branches++;
      else if (!strncmp(name, "s_wait", 6))
         st->waits++;
      else if (!strcmp(name, "s_nop"))
         st->nops++;
      break;
   case ACO_FMT_SMEM: st->smem++; break;
   case ACO_FMT_VOP1:
   case ACO_FMT_VOP2:
   case ACO_FMT_VOPC:
   case ACO_FMT_VOP3:
   case ACO_FMT_VOP3P:
   case ACO_FMT_VOPD:
      if (!strcmp(name, "v_nop"))
         st->nops++;
      else
         st->valu++;
      break;
   case ACO_FMT_DS: st->lds++; break;
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
   case ACO_FMT_MUBUF: st->vmem++; break;
   default: break;
   }
   (void)p;
}

static aco_status
encode(struct aco_mprogram *p, const struct aco_minstr *in, uint32_t *out, unsigned *n)
{
   if (aco_op_info(in->opcode)->format == ACO_FMT_PSEUDO)
      return aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                "assemble: pseudo instruction %s left after lowering",
                                aco_op_info(in->opcode)->name);
   *n = aco_encode_minstr(p, in, out);
   if (!*n) {
      struct aco_strbuf sb;
      aco_strbuf_init(&sb, p->allocator);
      aco_mprint_instr(p, in, &sb);
      aco_status s = aco_mprogram_error(p, ACO_ERROR_UNSUPPORTED,
                                        "assemble: cannot encode '%s' on %s",
                                        aco_strbuf_str(&sb), p->gfx->name);
      aco_strbuf_finish(&sb);
      return s;
   }
   return ACO_SUCCESS;
}

/* A branch, encoded once with whatever offset it held; re-encoded once every block's
 * address is known. */
struct branch_fixup {
   struct aco_minstr *in;
   uint32_t dword; /* index in words of its first dword */
   uint32_t size;  /* dwords */
};

static aco_status
fix_branches(struct aco_mprogram *p, struct aco_assembly *out, const uint32_t *block_start,
             const struct branch_fixup *br, uint32_t count)
{
   uint32_t words[ACO_MAX_INSTR_DWORDS];
   unsigned n;
   for (uint32_t i = 0; i < count; i++) {
      struct aco_minstr *in = br[i].in;
      if (in->target_block >= p->blocks.len)
         return aco_mprogram_error(p, ACO_ERROR_INVALID_IR, "assemble: branch to block %u of %u",
                                   in->target_block, p->blocks.len);
      int64_t delta =
         (int64_t)block_start[in->target_block] - (int64_t)(br[i].dword + br[i].size);
      if (delta < INT16_MIN || delta > INT16_MAX)
         return aco_mprogram_error(p, ACO_ERROR_UNSUPPORTED,
                                   "assemble: branch of %lld dwords (long branches)",
                                   (long long)delta);
      in->imm = (uint32_t)(uint16_t)(int16_t)delta;
      aco_status s = encode(p, in, words, &n);
      if (s)
         return s;
      if (n != br[i].size)
         return aco_mprogram_error(p, ACO_ERROR_INVALID_IR,
                                   "assemble: a branch changed its size with its offset");
      memcpy(&out->words.data[br[i].dword], words, n * sizeof(words[0]));
   }
   return ACO_SUCCESS;
}

/* The disassembly, once the branch offsets are in the instructions. `fixup` is the first
 * call fixup of this program: the PC-relative literals take them in order. */
static void
print_disasm(struct aco_mprogram *p, struct aco_assembly *out, const uint32_t *block_start,
             uint32_t fixup)
{
   struct aco_mblock *b;
   struct aco_minstr *in;
   const char *prefix = p->name ? p->name : "";
   aco_foreach_block(p, b) {
      aco_strbuf_printf(out->disasm, ".LBB%s_%u: ; 0x%x\n", prefix, b->index,
                        block_start[b->index] * 4);
      aco_foreach_instr(b, in) {
         if ((in->reloc == ACO_MRELOC_PC_LO || in->reloc == ACO_MRELOC_PC_HI) &&
             fixup < out->fixups.len) {
            const struct aco_call_fixup *f = &out->fixups.data[fixup++];
            unsigned d = aco_physreg_field(in->definitions[0].reg);
            const char *name =
               f->function < out->num_function_names ? out->function_names[f->function] : "?";
            aco_strbuf_printf(out->disasm, "\t%s s%u, s%u, %s@rel32@%s+%lld\n",
                              aco_op_info(in->opcode)->asm_name[aco_gfx_index(p->gfx_level)], d,
                              d, name, f->hi ? "hi" : "lo", (long long)f->addend);
            continue;
         }
         aco_strbuf_printf(out->disasm, "\t");
         aco_print_asm_instr(p->gfx_level, p->wave_size, in, out->disasm);
         if (is_branch(in))
            aco_strbuf_printf(out->disasm, " ; .LBB%s_%u", prefix, in->target_block);
         aco_strbuf_printf(out->disasm, "\n");
      }
   }
}

/* Appends one instruction's words (and its call fixup, if it has one). */
static bool
append(struct aco_mprogram *p, struct aco_assembly *out, const struct aco_minstr *in,
       const uint32_t *words, unsigned n, uint32_t *getpc_end)
{
   if (!aco_vec_reserve(p->allocator, &out->words, out->words.len + n))
      return false;
   memcpy(&out->words.data[out->words.len], words, n * sizeof(words[0]));
   out->words.len += n;
   if (in->opcode == aco_op_s_getpc_b64)
      *getpc_end = out->words.len;
   if (in->reloc == ACO_MRELOC_PC_LO || in->reloc == ACO_MRELOC_PC_HI) {
      /* the literal is the last dword; the distance counts from the s_getpc_b64's end */
      struct aco_call_fixup f = {out->words.len - 1, in->target_block,
                                 in->reloc == ACO_MRELOC_PC_HI,
                                 ((int64_t)out->words.len - 1 - (int64_t)*getpc_end) * 4};
      out->words.data[out->words.len - 1] = 0;
      if (!aco_vec_push(p->allocator, &out->fixups, f))
         return false;
   }
   return true;
}

aco_status
aco_assemble(struct aco_mprogram *p, struct aco_assembly *out)
{
   uint32_t *block_start = aco_arena_array(&p->arena, uint32_t, p->blocks.len + 1);
   if (!block_start)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "assemble: out of memory");
   ACO_VEC(struct branch_fixup) branches = {NULL, 0, 0};
   uint32_t first_fixup = out->fixups.len;
   uint32_t words[ACO_MAX_INSTR_DWORDS];
   unsigned n = 0;
   struct aco_mblock *b;
   struct aco_minstr *in;
   aco_status s = ACO_SUCCESS;

   /* every instruction encoded once; a branch's size does not depend on its offset */
   uint32_t getpc_end = 0;
   aco_foreach_block(p, b) {
      block_start[b->index] = out->words.len;
      aco_foreach_instr(b, in) {
         s = encode(p, in, words, &n);
         if (s)
            goto done;
         struct branch_fixup br = {in, out->words.len, n};
         if ((is_branch(in) && !aco_vec_push(p->allocator, &branches, br)) ||
             !append(p, out, in, words, n, &getpc_end)) {
            s = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "assemble: out of memory");
            goto done;
         }
         count(p, in, &out->stats);
      }
   }
   block_start[p->blocks.len] = out->words.len;
   s = fix_branches(p, out, block_start, branches.data, branches.len);
   if (s)
      goto done;
   if (out->disasm)
      print_disasm(p, out, block_start, first_fixup);
   out->code_dwords = out->words.len;
   out->stats.code_bytes = out->code_dwords * 4;
   s = p->status;
done:
   aco_vec_free(p->allocator, &branches);
   return s;
}

aco_status
aco_assemble_pad(const aco_allocator *a, aco_gfx_level gfx_level, unsigned wave_size,
                 struct aco_assembly *out)
{
   struct aco_arena arena;
   aco_arena_init(&arena, a);
   struct aco_minstr *end = aco_minstr_create(&arena, aco_op_s_code_end, 0, 0);
   uint32_t w[ACO_MAX_INSTR_DWORDS];
   unsigned n = end ? aco_encode_instr(gfx_level, wave_size, end, w) : 0;
   aco_arena_finish(&arena);
   if (!end)
      return ACO_ERROR_OUT_OF_MEMORY;
   if (n != 1)
      return ACO_ERROR_UNSUPPORTED;
   uint32_t target = (out->words.len + 15) / 16 * 16 + 48;
   while (out->words.len < target) {
      if (!aco_vec_push(a, &out->words, w[0]))
         return ACO_ERROR_OUT_OF_MEMORY;
   }
   return ACO_SUCCESS;
}

void
aco_assembly_finish(const aco_allocator *a, struct aco_assembly *out)
{
   aco_vec_free(a, &out->words);
   aco_vec_free(a, &out->relocs);
   aco_vec_free(a, &out->fixups);
}

aco_status
aco_assembly_add_reloc(const aco_allocator *a, struct aco_assembly *out, uint32_t dword,
                       enum aco_elf_reloc_type type, const char *symbol, int64_t addend)
{
   if (dword >= out->words.len || !symbol || !symbol[0])
      return ACO_ERROR_INVALID_ARGUMENT;
   struct aco_elf_reloc r = {dword * 4, type, symbol, addend};
   return aco_vec_push(a, &out->relocs, r) ? ACO_SUCCESS : ACO_ERROR_OUT_OF_MEMORY;
}

/* Appends one SALU instruction d = op(d, literal) whose literal dword is relocated. */
static aco_status
add_relocated(struct aco_mprogram *p, struct aco_assembly *out, enum aco_opcode op,
              unsigned sgpr, const char *symbol, enum aco_elf_reloc_type type, int64_t addend)
{
   struct aco_minstr *in = aco_minstr_create(&p->arena, op, 2, 1);
   if (!in)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "assemble: out of memory");
   in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(sgpr));
   in->operands[0] = aco_opnd_reg(aco_sgpr(sgpr), aco_rc_s(1));
   /* any value that is no inline constant, so that the literal dword exists */
   in->operands[1] = aco_opnd_const(0x12345678, 32);
   uint32_t words[ACO_MAX_INSTR_DWORDS];
   unsigned n;
   aco_status s = encode(p, in, words, &n);
   for (unsigned i = 0; i < n && !s; i++) {
      if (!aco_vec_push(p->allocator, &out->words, words[i]))
         s = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "assemble: out of memory");
   }
   /* the literal is all relocation (its addend is in the relocation, as llc-19 has it) */
   if (!s)
      out->words.data[out->words.len - 1] = 0;
   if (!s)
      s = aco_assembly_add_reloc(p->allocator, out, out->words.len - 1, type, symbol, addend);
   if (!s)
      count(p, in, &out->stats);
   if (!s && out->disasm) {
      static const char *const reloc[2] = {"lo", "hi"};
      aco_strbuf_printf(out->disasm, "\t%s s%u, s%u, %s@rel32@%s+%lld\n",
                        aco_op_info(op)->asm_name[aco_gfx_index(p->gfx_level)], sgpr, sgpr,
                        symbol, reloc[type == ACO_R_AMDGPU_REL32_HI], (long long)addend);
   }
   return s ? s : p->status;
}

aco_status
aco_assemble_symbol_address(struct aco_mprogram *p, struct aco_assembly *out, unsigned sgpr,
                            const char *symbol)
{
   if (!symbol || !symbol[0] || sgpr % 2 || sgpr + 1 >= ACO_SGPR_COUNT)
      return aco_mprogram_error(p, ACO_ERROR_INVALID_ARGUMENT,
                                "assemble: no symbol address into s[%u:%u]", sgpr, sgpr + 1);
   struct aco_minstr *getpc = aco_minstr_create(&p->arena, aco_op_s_getpc_b64, 0, 1);
   if (!getpc)
      return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "assemble: out of memory");
   getpc->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(2)), aco_sgpr(sgpr));
   uint32_t words[ACO_MAX_INSTR_DWORDS];
   unsigned n;
   aco_status s = encode(p, getpc, words, &n);
   for (unsigned i = 0; i < n && !s; i++) {
      if (!aco_vec_push(p->allocator, &out->words, words[i]))
         s = aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "assemble: out of memory");
   }
   if (s)
      return s;
   count(p, getpc, &out->stats);
   if (out->disasm) {
      aco_strbuf_puts(out->disasm, "\t");
      aco_print_asm_instr(p->gfx_level, p->wave_size, getpc, out->disasm);
      aco_strbuf_puts(out->disasm, "\n");
   }
   /* the PC is the address after s_getpc_b64: the literals are 4 and 12 bytes past it */
   s = add_relocated(p, out, aco_op_s_add_u32, sgpr, symbol, ACO_R_AMDGPU_REL32_LO, 4);
   if (!s)
      s = add_relocated(p, out, aco_op_s_addc_u32, sgpr + 1, symbol, ACO_R_AMDGPU_REL32_HI, 12);
   return s;
}
