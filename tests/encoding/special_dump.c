/* SPDX-License-Identifier: MIT */
/* special_dump GFX OPCODE: every 16-bit immediate of a symbolic-immediate instruction
 * (s_waitcnt, s_sendmsg, s_delay_alu, s_waitcnt_depctr, s_getreg_b32), one line each:
 *    bytes<TAB>our text
 * check_special.py compares the text with llvm-mc-19's disassembly of the bytes. */
#include "emit/emit.h"

#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
   if (argc != 3)
      return 1;
   aco_gfx_level level = !strcmp(argv[1], "gfx1030")   ? ACO_GFX1030
                         : !strcmp(argv[1], "gfx1100") ? ACO_GFX1100
                                                       : ACO_GFX1200;
   enum aco_opcode op = aco_opcode_from_name(argv[2]);
   int gi = aco_gfx_index(level);
   if (op == aco_num_opcodes || aco_op_info(op)->opcode[gi] < 0)
      return 2;
   struct aco_slot_map map;
   if (!aco_minstr_slots(level, 32, op, ACO_ENC_NATIVE, &map))
      return 2;
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   for (unsigned v = 0; v < 65536; v++) {
      struct aco_minstr *in = aco_minstr_create(&arena, op, 0, map.num_definitions);
      if (map.num_definitions)
         in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(1));
      in->imm = v;
      uint32_t w[ACO_MAX_INSTR_DWORDS];
      if (aco_encode_instr(level, 32, in, w) != 1)
         return 3;
      sb.len = 0;
      aco_print_asm_instr(level, 32, in, &sb);
      printf("0x%02x,0x%02x,0x%02x,0x%02x\t%s\n", w[0] & 255, (w[0] >> 8) & 255,
             (w[0] >> 16) & 255, w[0] >> 24, aco_strbuf_str(&sb));
   }
   aco_strbuf_finish(&sb);
   aco_arena_finish(&arena);
   return 0;
}
