/* SPDX-License-Identifier: MIT */
/* The three passes together on a loop, run on the ISA emulator: an allocated program
 * whose loop phis need cycles at the back-edge (two VGPRs trading values, two SGPRs
 * swapped while SCC decides the branch, 16-bit halves of two VGPRs trading places) and
 * a load used inside the loop goes through aco_eliminate_ssa, aco_lower_to_hw,
 * aco_insert_waits and the assembler, runs with every detector on, and its stores are
 * compared with the same loop computed in C. Every level, both wave sizes. */
#include "emit/assemble.h"
#include "emit/emit.h"
#include "emu/emu.h"
#include "lower/lower.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define IN_ADDR 0x100000ull
#define OUT_ADDR 0x200000ull
#define V(n) (256 + (n))

static struct aco_minstr *
add(struct aco_mprogram *p, struct aco_mblock *b, enum aco_opcode op, unsigned ndefs,
    unsigned nops)
{
   struct aco_minstr *in = aco_minstr_create(&p->arena, op, nops, ndefs);
   assert_non_null(in);
   assert_true(aco_vec_push(p->allocator, &b->instrs, in));
   return in;
}

static aco_rc
rc_of(unsigned field, unsigned bytes)
{
   if (field >= 256)
      return bytes % 4 ? aco_rc_vb(bytes) : aco_rc_v(bytes / 4);
   return aco_rc_s(bytes / 4);
}

static aco_definition
d(unsigned field, unsigned byte, unsigned bytes)
{
   return aco_def_fixed(aco_temp_make(0, rc_of(field, bytes)), aco_physreg_make(field, byte));
}

static aco_operand
o(unsigned field, unsigned byte, unsigned bytes)
{
   return aco_opnd_reg(aco_physreg_make(field, byte), rc_of(field, bytes));
}

static void
mov(struct aco_mprogram *p, struct aco_mblock *b, unsigned field, uint32_t v)
{
   struct aco_minstr *in = add(p, b, field >= 256 ? aco_op_v_mov_b32 : aco_op_s_mov_b32, 1, 1);
   in->definitions[0] = d(field, 0, 4);
   in->operands[0] = aco_opnd_const(v, 32);
}

static void
phi(struct aco_mprogram *p, struct aco_mblock *b, unsigned field, unsigned byte,
    unsigned bytes, unsigned from_field, unsigned from_byte)
{
   bool vgpr = field >= 256;
   struct aco_minstr *in = add(p, b, vgpr ? aco_op_p_phi : aco_op_p_linear_phi, 1, 2);
   in->definitions[0] = d(field, byte, bytes);
   in->operands[0] = o(field, byte, bytes);           /* from BB0: unchanged */
   in->operands[1] = o(from_field, from_byte, bytes); /* from the back-edge */
}

static void
store(struct aco_mprogram *p, struct aco_mblock *b, unsigned vdata, unsigned slot)
{
   struct aco_minstr *in = add(p, b, aco_op_global_store_b32, 0, 2);
   in->operands[0] = o(V(22), 0, 8);
   in->operands[1] = o(V(vdata), 0, 4);
   in->mem.offset = (int32_t)(4 * slot);
}

static void
run_loop(aco_gfx_level level, unsigned wave)
{
   struct aco_mprogram *p = aco_mprogram_create(NULL, level, wave);
   assert_non_null(p);
   p->is_entry = true;
   p->name = "loop";
   struct aco_mblock *b0 = aco_mprogram_add_block(p), *b1 = aco_mprogram_add_block(p),
                     *b2 = aco_mprogram_add_block(p);
   assert_true(b0 && b1 && b2);
   assert_true(aco_mblock_add_logical_edge(p, b0, b1) && aco_mblock_add_linear_edge(p, b0, b1));
   assert_true(aco_mblock_add_logical_edge(p, b1, b1) && aco_mblock_add_linear_edge(p, b1, b1));
   assert_true(aco_mblock_add_logical_edge(p, b1, b2) && aco_mblock_add_linear_edge(p, b1, b2));

   /* BB0: x=v1, y=v2, a=s8, b=s9, halves v6.lo / v7.hi, i=s4, v10 = IN[0] */
   mov(p, b0, V(20), (uint32_t)IN_ADDR);
   mov(p, b0, V(21), (uint32_t)(IN_ADDR >> 32));
   mov(p, b0, V(22), (uint32_t)OUT_ADDR);
   mov(p, b0, V(23), (uint32_t)(OUT_ADDR >> 32));
   struct aco_minstr *in = add(p, b0, aco_op_global_load_b32, 1, 1);
   in->definitions[0] = d(V(10), 0, 4);
   in->operands[0] = o(V(20), 0, 8);
   mov(p, b0, V(1), 0);
   mov(p, b0, V(2), 1);
   mov(p, b0, 8, 3);
   mov(p, b0, 9, 5);
   mov(p, b0, V(6), 0x11112222);
   mov(p, b0, V(7), 0x33334444);
   mov(p, b0, 4, 0);

   /* BB1: the loop */
   phi(p, b1, V(1), 0, 4, V(2), 0); /* x' = y */
   phi(p, b1, V(2), 0, 4, V(1), 0); /* y' = x + y + in (computed into v1) */
   phi(p, b1, 8, 0, 4, 9, 0);       /* a' = b */
   phi(p, b1, 9, 0, 4, 8, 0);       /* b' = a */
   phi(p, b1, V(6), 0, 2, V(7), 2); /* v6.lo' = v7.hi */
   phi(p, b1, V(7), 2, 2, V(6), 0); /* v7.hi' = v6.lo */
   phi(p, b1, 4, 0, 4, 5, 0);       /* i' = i + 1 */
   in = add(p, b1, aco_op_v_add_nc_u32, 1, 2);
   in->definitions[0] = d(V(1), 0, 4);
   in->operands[0] = o(V(1), 0, 4);
   in->operands[1] = o(V(2), 0, 4);
   in = add(p, b1, aco_op_v_add_nc_u32, 1, 2);
   in->definitions[0] = d(V(1), 0, 4);
   in->operands[0] = o(V(1), 0, 4);
   in->operands[1] = o(V(10), 0, 4);
   in = add(p, b1, aco_op_s_add_u32, 1, 2);
   in->definitions[0] = d(5, 0, 4);
   in->operands[0] = o(4, 0, 4);
   in->operands[1] = aco_opnd_const(1, 32);
   in = add(p, b1, aco_op_s_cmp_lt_u32, 0, 2);
   in->operands[0] = o(5, 0, 4);
   in->operands[1] = aco_opnd_const(6, 32);
   in = add(p, b1, aco_op_p_cbranch_nz, 0, 1);
   in->operands[0] = aco_opnd_reg(aco_sgpr(ACO_REG_SCC), aco_rc_s(1));
   in->target_block = 1;

   /* BB2: store everything */
   store(p, b2, 1, 0);
   store(p, b2, 2, 1);
   in = add(p, b2, aco_op_v_mov_b32, 1, 1);
   in->definitions[0] = d(V(30), 0, 4);
   in->operands[0] = o(8, 0, 4);
   store(p, b2, 30, 2);
   in = add(p, b2, aco_op_v_mov_b32, 1, 1);
   in->definitions[0] = d(V(31), 0, 4);
   in->operands[0] = o(9, 0, 4);
   store(p, b2, 31, 3);
   store(p, b2, 6, 4);
   store(p, b2, 7, 5);
   add(p, b2, aco_op_p_return, 0, 0);

   assert_int_equal(aco_eliminate_ssa(p), ACO_SUCCESS);
   assert_int_equal(aco_lower_to_hw(p), ACO_SUCCESS);
   assert_int_equal(aco_insert_waits(p), ACO_SUCCESS);
   struct aco_strbuf dis;
   aco_strbuf_init(&dis, NULL);
   struct aco_assembly as;
   memset(&as, 0, sizeof(as));
   as.disasm = &dis;
   assert_int_equal(aco_assemble(p, &as), ACO_SUCCESS);

   /* the same loop in C: the body, then the back-edge copies, then the branch */
   uint32_t in_mem[4] = {1000, 0, 0, 0};
   uint32_t x = 0, y = 1, a = 3, bb = 5, v6 = 0x11112222, v7 = 0x33334444;
   for (unsigned i = 0; i < 6; i++) {
      uint32_t sum = x + y + in_mem[0];
      x = y;
      y = sum;
      uint32_t t = a;
      a = bb;
      bb = t;
      uint32_t lo6 = v6 & 0xffff, hi7 = v7 >> 16;
      v6 = (v6 & 0xffff0000u) | hi7;
      v7 = (v7 & 0xffffu) | lo6 << 16;
   }
   const uint32_t expect[6] = {x, y, a, bb, v6, v7};

   uint32_t out[6] = {0};
   aco_target target = {level, wave};
   struct aco_emu *emu = aco_emu_create(NULL, target);
   assert_non_null(emu);
   assert_int_equal(aco_emu_map(emu, IN_ADDR, in_mem, sizeof(in_mem), ACO_EMU_MEM_READONLY),
                    ACO_SUCCESS);
   assert_int_equal(aco_emu_map(emu, OUT_ADDR, out, sizeof(out), 0), ACO_SUCCESS);
   assert_int_equal(aco_emu_load_code(emu, as.words.data, as.words.len * 4, 0x10000),
                    ACO_SUCCESS);
   struct aco_emu_launch launch;
   memset(&launch, 0, sizeof(launch));
   launch.grid[0] = launch.grid[1] = launch.grid[2] = 1;
   launch.block[0] = wave;
   launch.block[1] = launch.block[2] = 1;
   launch.num_sgprs = 106;
   launch.num_vgprs = 256;
   launch.workgroup_id_sgpr[0] = launch.workgroup_id_sgpr[1] = launch.workgroup_id_sgpr[2] = -1;
   aco_status st = aco_emu_run(emu, &launch);
   if (st != ACO_SUCCESS || memcmp(out, expect, sizeof(out)))
      fail_msg("%s wave%u: %s\n%s\n x %u/%u y %u/%u a %u/%u b %u/%u v6 %08x/%08x v7 %08x/%08x",
               aco_gfx_info(level)->name, wave, st ? aco_emu_message(emu) : "wrong values",
               aco_strbuf_str(&dis), out[0], expect[0], out[1], expect[1], out[2], expect[2],
               out[3], expect[3], out[4], expect[4], out[5], expect[5]);
   /* the back-edge copy needed each kind of swap, and the loop a wait */
   const char *text = aco_strbuf_str(&dis);
   if (!strstr(text, "v_swap_b32 v1, v2") && !strstr(text, "v_swap_b32 v2, v1"))
      fail_msg("no v_swap_b32:\n%s", text);
   if (!strstr(text, "v_add_nc_u16") || !strstr(text, "v_sub_nc_u16"))
      fail_msg("no 16-bit swap:\n%s", text);
   if (strstr(text, "s_xor_b32"))
      fail_msg("an SGPR swap clobbers SCC before the branch:\n%s", text);
   if (!strstr(text, level >= ACO_GFX1200 ? "s_wait_loadcnt" : "s_waitcnt"))
      fail_msg("no wait for the load:\n%s", text);
   if (getenv("ACO_TEST_VERBOSE"))
      printf("%s\n", text);
   aco_emu_destroy(emu);
   aco_assembly_finish(p->allocator, &as);
   aco_strbuf_finish(&dis);
   aco_mprogram_destroy(p);
}

static void
test_loop_with_cycles(void **state)
{
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned l = 0; l < 3; l++) {
      run_loop(levels[l], 32);
      run_loop(levels[l], 64);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loop_with_cycles),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
