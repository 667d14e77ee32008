/* SPDX-License-Identifier: MIT */
/* Scalar ALU and program flow of the emulator: SOP1, SOP2, SOPK, SOPC, SOPP (moves,
 * arithmetic with carry in scc, bit operations, exec masking, comparisons, branches,
 * calls, waits, barriers, MODE, messages, hints). Semantics per the RDNA2/3/4 ISA guides;
 * both naming generations map to the same opcode (the table's canonical names). */
#include "emu/emu_core.h"
#include "emu/valu.h"

#include <string.h>

uint64_t
emu_sop(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned idx, unsigned dwords)
{
   const aco_operand *o = &in->operands[idx];
   /* constants hold their value (a 64-bit literal is decoded zero-extended) */
   if (o->kind == ACO_OPND_CONST)
      return dwords == 2 ? o->value : (uint32_t)o->value;
   uint64_t v = emu_read_operand(&ws->w, o, 0, 0);
   if (dwords == 2)
      v |= (uint64_t)emu_read_operand(&ws->w, o, 0, 1) << 32;
   return v;
}

void
emu_sdst(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned idx, unsigned dwords,
         uint64_t value)
{
   unsigned field = aco_physreg_field(in->definitions[idx].reg);
   emu_write_sreg(&ws->w, field, (uint32_t)value);
   if (dwords == 2)
      emu_write_sreg(&ws->w, field + 1, (uint32_t)(value >> 32));
}

/* The ABI poison bits of a scalar operand (none for a constant). */
static uint64_t
sop_poison(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned idx, unsigned dwords)
{
   const aco_operand *o = &in->operands[idx];
   if (o->kind == ACO_OPND_CONST)
      return 0;
   unsigned field = aco_physreg_field(o->reg);
   uint64_t p = emu_sreg_poison(&ws->w, field);
   if (dwords == 2 && field < 128)
      p |= (uint64_t)emu_sreg_poison(&ws->w, field + 1) << 32;
   return p;
}

/* Poison of a & b bit by bit: garbage unless the other bit is a known 0. */
/* Three s_xor swapping two SGPRs (x ^= y, y ^= x, x ^= y): each xor mixes the poison of
 * both, but the swap gives each register the other's value exactly, so at the third the
 * poison is swapped too (confirmed by the values: x ends with y's and y holds x's). Up to
 * four swaps may be under way at once (a parallel copy's pairs interleave). */
static uint64_t
xor_swap_poison(struct emu_wave_state *ws, const struct aco_minstr *in, uint64_t a, uint64_t b,
                uint64_t pa, uint64_t pb, uint64_t rp, unsigned dwords)
{
   if (in->num_definitions < 1 || in->num_operands < 2 || in->operands[0].kind == ACO_OPND_CONST ||
       in->operands[1].kind == ACO_OPND_CONST)
      return rp;
   unsigned d = aco_physreg_field(in->definitions[0].reg);
   unsigned f0 = aco_physreg_field(in->operands[0].reg), f1 = aco_physreg_field(in->operands[1].reg);
   if (d != f0 || f0 == f1 || d >= 128 || f1 >= 128)
      return rp;
   struct emu_xor_swap *sw = NULL, *free_slot = NULL;
   for (unsigned i = 0; i < 4; i++) {
      struct emu_xor_swap *e = &ws->xor_swaps[i];
      if (!e->step) {
         if (!free_slot)
            free_slot = e;
         continue;
      }
      if ((e->x == f0 && e->y == f1) || (e->x == f1 && e->y == f0))
         sw = e;
   }
   if (sw && sw->step == 1 && sw->y == f0 && sw->x == f1) {
      sw->step = 2; /* y ^= x */
      return rp;
   }
   if (sw && sw->step == 2 && sw->x == f0 && sw->y == f1) {
      uint64_t now_y = emu_sop(ws, in, 1, dwords);
      sw->step = 0;
      if ((a ^ b) == sw->vy && now_y == sw->vx) {
         /* y holds x's old value with x's old poison */
         for (unsigned k = 0; k < dwords; k++)
            emu_write_sreg_poison(&ws->w, f1 + k, (uint32_t)(now_y >> (32 * k)),
                                  (uint32_t)(sw->px >> (32 * k)));
         return sw->py;
      }
      return rp;
   }
   if (sw)
      sw->step = 0; /* some other use of the pair: start again */
   if (!free_slot)
      free_slot = &ws->xor_swaps[0];
   *free_slot = (struct emu_xor_swap){(uint16_t)f0, (uint16_t)f1, 1, a, b, pa, pb};
   return rp;
}

static uint64_t
and_poison(uint64_t a, uint64_t pa, uint64_t b, uint64_t pb)
{
   return (pa & (b | pb)) | (pb & (a | pa));
}

static uint64_t
get_exec(struct emu_wave_state *ws)
{
   uint64_t e = emu_read_sreg(&ws->w, ACO_REG_EXEC_LO);
   if (ws->w.wave_size == 64)
      e |= (uint64_t)emu_read_sreg(&ws->w, ACO_REG_EXEC_HI) << 32;
   return e;
}

static void
set_exec(struct emu_wave_state *ws, uint64_t e)
{
   emu_write_sreg(&ws->w, ACO_REG_EXEC_LO, (uint32_t)e);
   if (ws->w.wave_size == 64)
      emu_write_sreg(&ws->w, ACO_REG_EXEC_HI, (uint32_t)(e >> 32));
}

static void
set_scc(struct emu_wave_state *ws, bool v)
{
   emu_write_sreg(&ws->w, ACO_REG_SCC, v);
}

static bool
get_scc(struct emu_wave_state *ws)
{
   return emu_read_sreg(&ws->w, ACO_REG_SCC) & 1;
}

static bool
jump(struct emu_wave_state *ws, uint64_t target)
{
   if (!emu_pc_in_code(ws->w.emu, target))
      return emu_fail(&ws->w, "jump outside code: target 0x%llx is not in the loaded code "
                      "(code at 0x%llx, %zu bytes)", (unsigned long long)target,
                      (unsigned long long)ws->w.emu->code_addr, ws->w.emu->code_size);
   ws->w.pc = target;
   return true;
}

static uint64_t
branch_target(struct emu_wave_state *ws, uint32_t imm)
{
   return ws->w.pc + 4 + (int64_t)(int16_t)imm * 4;
}

static unsigned
clz64(uint64_t v, unsigned bits)
{
   unsigned n = 0;
   for (int i = (int)bits - 1; i >= 0 && !((v >> i) & 1); i--)
      n++;
   return n;
}

static unsigned
popcount64(uint64_t v)
{
   unsigned n = 0;
   for (; v; v &= v - 1)
      n++;
   return n;
}

static uint64_t
bitrev(uint64_t v, unsigned bits)
{
   uint64_t r = 0;
   for (unsigned i = 0; i < bits; i++)
      r |= ((v >> i) & 1) << (bits - 1 - i);
   return r;
}

static uint64_t
mask_bits(unsigned width)
{
   return width >= 64 ? ~0ull : (1ull << width) - 1;
}

/* ---- SOP1 ---- */

static bool
exec_op(enum aco_opcode op, unsigned *kind, bool *wrexec)
{
   /* kind: 0 and, 1 or, 2 xor, 3 nand, 4 nor, 5 xnor, 6 ~s&exec, 7 s&~exec, 8 ~s|exec,
    * 9 s|~exec */
   static const struct {
      enum aco_opcode b32, b64;
      unsigned kind;
      bool wrexec;
   } t[] = {
      {aco_op_s_and_saveexec_b32, aco_op_s_and_saveexec_b64, 0, false},
      {aco_op_s_or_saveexec_b32, aco_op_s_or_saveexec_b64, 1, false},
      {aco_op_s_xor_saveexec_b32, aco_op_s_xor_saveexec_b64, 2, false},
      {aco_op_s_nand_saveexec_b32, aco_op_s_nand_saveexec_b64, 3, false},
      {aco_op_s_nor_saveexec_b32, aco_op_s_nor_saveexec_b64, 4, false},
      {aco_op_s_xnor_saveexec_b32, aco_op_s_xnor_saveexec_b64, 5, false},
      {aco_op_s_and_not0_saveexec_b32, aco_op_s_and_not0_saveexec_b64, 6, false},
      {aco_op_s_and_not1_saveexec_b32, aco_op_s_and_not1_saveexec_b64, 7, false},
      {aco_op_s_or_not0_saveexec_b32, aco_op_s_or_not0_saveexec_b64, 8, false},
      {aco_op_s_or_not1_saveexec_b32, aco_op_s_or_not1_saveexec_b64, 9, false},
      {aco_op_s_and_not0_wrexec_b32, aco_op_s_and_not0_wrexec_b64, 6, true},
      {aco_op_s_and_not1_wrexec_b32, aco_op_s_and_not1_wrexec_b64, 7, true},
   };
   for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
      if (t[i].b32 == op || t[i].b64 == op) {
         *kind = t[i].kind;
         *wrexec = t[i].wrexec;
         return true;
      }
   }
   return false;
}

/* GFX12's scalar float instructions compute what the vector ALU's of the same operation
 * computes (exact IEEE under MODE's rounding and denormal controls, the hardware's default
 * NaN): the VALU opcode that does it, or aco_num_opcodes. */
static enum aco_opcode
salu_float_op(enum aco_opcode op)
{
   switch (op) {
   case aco_op_s_cvt_f32_i32: return aco_op_v_cvt_f32_i32;
   case aco_op_s_cvt_f32_u32: return aco_op_v_cvt_f32_u32;
   case aco_op_s_cvt_i32_f32: return aco_op_v_cvt_i32_f32;
   case aco_op_s_cvt_u32_f32: return aco_op_v_cvt_u32_f32;
   case aco_op_s_cvt_f16_f32: return aco_op_v_cvt_f16_f32;
   case aco_op_s_cvt_f32_f16: case aco_op_s_cvt_hi_f32_f16: return aco_op_v_cvt_f32_f16;
   case aco_op_s_cvt_pk_rtz_f16_f32: return aco_op_v_cvt_pk_rtz_f16_f32;
   case aco_op_s_ceil_f32: return aco_op_v_ceil_f32;
   case aco_op_s_floor_f32: return aco_op_v_floor_f32;
   case aco_op_s_trunc_f32: return aco_op_v_trunc_f32;
   case aco_op_s_rndne_f32: return aco_op_v_rndne_f32;
   case aco_op_s_ceil_f16: return aco_op_v_ceil_f16;
   case aco_op_s_floor_f16: return aco_op_v_floor_f16;
   case aco_op_s_trunc_f16: return aco_op_v_trunc_f16;
   case aco_op_s_rndne_f16: return aco_op_v_rndne_f16;
   case aco_op_s_add_f32: return aco_op_v_add_f32;
   case aco_op_s_sub_f32: return aco_op_v_sub_f32;
   case aco_op_s_mul_f32: return aco_op_v_mul_f32;
   case aco_op_s_add_f16: return aco_op_v_add_f16;
   case aco_op_s_sub_f16: return aco_op_v_sub_f16;
   case aco_op_s_mul_f16: return aco_op_v_mul_f16;
   /* GFX12's v_min/v_max rows are the minimumNumber/maximumNumber of the *_num names */
   case aco_op_s_min_num_f32: return aco_op_v_min_f32;
   case aco_op_s_max_num_f32: return aco_op_v_max_f32;
   case aco_op_s_min_num_f16: return aco_op_v_min_f16;
   case aco_op_s_max_num_f16: return aco_op_v_max_f16;
   case aco_op_s_minimum_f32: return aco_op_v_minimum_f32;
   case aco_op_s_maximum_f32: return aco_op_v_maximum_f32;
   case aco_op_s_minimum_f16: return aco_op_v_minimum_f16;
   case aco_op_s_maximum_f16: return aco_op_v_maximum_f16;
   case aco_op_s_fmaak_f32: case aco_op_s_fmamk_f32: case aco_op_s_fmac_f32:
      return aco_op_v_fma_f32;
   case aco_op_s_fmac_f16: return aco_op_v_fma_f16;
   default: return aco_num_opcodes;
   }
}

/* One scalar float operation through the vector ALU's arithmetic; a 16-bit result is
 * zero-extended. */
static uint32_t
salu_float(struct emu_wave_state *ws, enum aco_opcode vop, uint64_t a, uint64_t b, uint64_t c)
{
   struct emu_lane_in li;
   struct emu_lane_out lo;
   struct emu_op_desc d;
   memset(&li, 0, sizeof(li));
   memset(&lo, 0, sizeof(lo));
   /* 16-bit sources are the low halves of their SGPRs */
   bool src16 = vop == aco_op_v_cvt_f32_f16 || vop == aco_op_v_ceil_f16 ||
                vop == aco_op_v_floor_f16 || vop == aco_op_v_trunc_f16 ||
                vop == aco_op_v_rndne_f16 || vop == aco_op_v_add_f16 ||
                vop == aco_op_v_sub_f16 || vop == aco_op_v_mul_f16 || vop == aco_op_v_min_f16 ||
                vop == aco_op_v_max_f16 || vop == aco_op_v_minimum_f16 ||
                vop == aco_op_v_maximum_f16 || vop == aco_op_v_fma_f16;
   uint64_t mask = src16 ? 0xffff : 0xffffffffu;
   li.s[0] = a & mask;
   li.s[1] = b & mask;
   li.s[2] = c & mask;
   if (!emu_valu_op(&ws->w, vop, &li, &lo, &d))
      return 0;
   return d.result == EMU_RES_B16 ? (uint32_t)(lo.d[0] & 0xffff) : (uint32_t)lo.d[0];
}

static bool store_before_barrier(struct emu_wave_state *ws);

static bool
sop1(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned len)
{
   enum aco_opcode op = in->opcode;
   const struct aco_op_info *info = aco_op_info(op);
   bool b64 = strstr(info->name, "_b64") != NULL && !strstr(info->name, "_i32_b64");
   unsigned dw = b64 ? 2 : 1, bits = b64 ? 64 : 32;
   uint64_t next = ws->w.pc + 4 * len;
   unsigned kind;
   bool wrexec;
   if (exec_op(op, &kind, &wrexec)) {
      unsigned wdw = ws->w.wave_size / 32;
      uint64_t s = emu_sop(ws, in, 0, wdw), e = get_exec(ws), r;
      switch (kind) {
      case 0: r = s & e; break;
      case 1: r = s | e; break;
      case 2: r = s ^ e; break;
      case 3: r = ~(s & e); break;
      case 4: r = ~(s | e); break;
      case 5: r = ~(s ^ e); break;
      case 6: r = ~s & e; break;
      case 7: r = s & ~e; break;
      case 8: r = ~s | e; break;
      default: r = s | ~e; break;
      }
      r &= mask_bits(ws->w.wave_size);
      emu_sdst(ws, in, 0, wdw, wrexec ? r : e);
      set_exec(ws, r);
      set_scc(ws, r != 0);
      ws->w.pc = next;
      return !ws->w.failed;
   }
   if ((op == aco_op_s_mov_b32 || op == aco_op_s_mov_b64) && in->operands[0].kind == ACO_OPND_REG &&
       aco_physreg_field(in->operands[0].reg) + dw <= ACO_SGPR_COUNT &&
       aco_physreg_field(in->definitions[0].reg) + dw <= ACO_SGPR_COUNT) {
      /* SGPR to SGPR: the ABI poison goes along (emu_move_sgpr) */
      unsigned s = aco_physreg_field(in->operands[0].reg), d = aco_physreg_field(in->definitions[0].reg);
      for (unsigned k = 0; k < dw; k++)
         emu_move_sgpr(&ws->w, d + k, s + k);
      ws->w.pc = next;
      return !ws->w.failed;
   }
   uint64_t a = 0, r = 0;
   bool has_src = in->num_operands > 0 && op != aco_op_s_setpc_b64;
   unsigned src_dw = has_src && info->sig[aco_gfx_index(ws->w.level)].count != 0xff
                        ? info->sig[aco_gfx_index(ws->w.level)].slots[in->num_definitions].dwords
                        : 1;
   if (has_src && op != aco_op_s_swappc_b64)
      a = emu_sop(ws, in, 0, src_dw);
   bool write = true, scc = false, set = false;
   switch (op) {
   case aco_op_s_mov_b32: case aco_op_s_mov_b64: r = a; break;
   case aco_op_s_cmov_b32: case aco_op_s_cmov_b64:
      write = get_scc(ws);
      r = a;
      break;
   case aco_op_s_not_b32: case aco_op_s_not_b64:
      r = ~a & mask_bits(bits); set = true; scc = r != 0; break;
   case aco_op_s_wqm_b32: case aco_op_s_wqm_b64:
      for (unsigned i = 0; i < bits; i += 4)
         if ((a >> i) & 0xf)
            r |= 0xfull << i;
      set = true; scc = r != 0; break;
   case aco_op_s_quadmask_b32: case aco_op_s_quadmask_b64:
      for (unsigned i = 0; i < bits / 4; i++)
         if ((a >> (i * 4)) & 0xf)
            r |= 1ull << i;
      set = true; scc = r != 0; break;
   case aco_op_s_brev_b32: case aco_op_s_brev_b64: r = bitrev(a, bits); break;
   case aco_op_s_bcnt0_i32_b32: r = popcount64(~a & 0xffffffffu); set = true; scc = r != 0; break;
   case aco_op_s_bcnt0_i32_b64: r = popcount64(~a); set = true; scc = r != 0; break;
   case aco_op_s_bcnt1_i32_b32: case aco_op_s_bcnt1_i32_b64:
      r = popcount64(a); set = true; scc = r != 0; break;
   case aco_op_s_ctz_i32_b32: case aco_op_s_ctz_i32_b64: {
      unsigned n = src_dw * 32;
      r = 0xffffffffu;
      for (unsigned i = 0; i < n; i++)
         if ((a >> i) & 1) { r = i; break; }
      break;
   }
   case aco_op_s_ff0_i32_b32: case aco_op_s_ff0_i32_b64: {
      unsigned n = src_dw * 32;
      r = 0xffffffffu;
      for (unsigned i = 0; i < n; i++)
         if (!((a >> i) & 1)) { r = i; break; }
      break;
   }
   case aco_op_s_clz_i32_u32: case aco_op_s_clz_i32_u64: {
      unsigned n = src_dw * 32;
      r = a ? clz64(a, n) : 0xffffffffu;
      break;
   }
   case aco_op_s_cls_i32: case aco_op_s_cls_i32_i64: {
      unsigned n = src_dw * 32;
      uint64_t v = (a >> (n - 1)) & 1 ? ~a & mask_bits(n) : a;
      r = v ? clz64(v, n) : 0xffffffffu;
      break;
   }
   case aco_op_s_sext_i32_i8: r = (uint32_t)(int32_t)(int8_t)a; break;
   case aco_op_s_sext_i32_i16: r = (uint32_t)(int32_t)(int16_t)a; break;
   case aco_op_s_abs_i32: {
      int32_t v = (int32_t)a;
      r = v < 0 ? (uint32_t)0 - (uint32_t)v : (uint32_t)v;
      set = true; scc = r != 0; break;
   }
   case aco_op_s_bitset0_b32: case aco_op_s_bitset1_b32:
   case aco_op_s_bitset0_b64: case aco_op_s_bitset1_b64: {
      unsigned d = aco_physreg_field(in->definitions[0].reg);
      uint64_t cur = emu_read_sreg(&ws->w, d);
      if (dw == 2)
         cur |= (uint64_t)emu_read_sreg(&ws->w, d + 1) << 32;
      uint64_t bit = 1ull << (a & (bits - 1));
      r = op == aco_op_s_bitset0_b32 || op == aco_op_s_bitset0_b64 ? cur & ~bit : cur | bit;
      break;
   }
   case aco_op_s_bitreplicate_b64_b32:
      for (unsigned i = 0; i < 32; i++)
         if ((a >> i) & 1)
            r |= 3ull << (2 * i);
      dw = 2;
      break;
   case aco_op_s_getpc_b64:
      r = ws->w.pc + 4;
      if (ws->w.gfx->getpc_needs_sext)
         r &= 0xffffffffffffull; /* GFX12 returns 48 bits: code must sign-extend */
      dw = 2;
      break;
   case aco_op_s_setpc_b64: {
      uint64_t t = emu_sop(ws, in, 0, 2);
      if (ws->w.failed || !emu_check_use(&ws->w, "a jump target"))
         return false;
      if (!emu_abi_setpc(ws, t))
         return false;
      return jump(ws, t);
   }
   case aco_op_s_swappc_b64: {
      uint64_t t = emu_sop(ws, in, 0, 2);
      if (ws->w.failed || !emu_check_use(&ws->w, "a jump target"))
         return false;
      emu_sdst(ws, in, 0, 2, next);
      if (ws->w.failed ||
          !emu_abi_call(ws, t, next, aco_physreg_field(in->definitions[0].reg)))
         return false;
      return jump(ws, t);
   }
   case aco_op_s_movrels_b32: case aco_op_s_movrels_b64: {
      /* m0 picks the register: garbage there is an address; the base register read
       * above is not the one moved */
      emu_set_taint(&ws->w, false);
      unsigned m0 = emu_read_sreg(&ws->w, ws->w.gfx->reg_m0);
      if (!emu_check_use(&ws->w, "a register index"))
         return false;
      unsigned f = aco_physreg_field(in->operands[0].reg) + m0;
      r = emu_read_sreg(&ws->w, f);
      if (dw == 2)
         r |= (uint64_t)emu_read_sreg(&ws->w, f + 1) << 32;
      break;
   }
   case aco_op_s_movreld_b32: case aco_op_s_movreld_b64: {
      bool data = emu_taint(&ws->w);
      emu_set_taint(&ws->w, false);
      unsigned m0 = emu_read_sreg(&ws->w, ws->w.gfx->reg_m0);
      if (!emu_check_use(&ws->w, "a register index"))
         return false;
      emu_set_taint(&ws->w, data);
      unsigned f = aco_physreg_field(in->definitions[0].reg) + m0;
      emu_write_sreg(&ws->w, f, (uint32_t)a);
      if (dw == 2)
         emu_write_sreg(&ws->w, f + 1, (uint32_t)(a >> 32));
      write = false;
      break;
   }
   case aco_op_s_barrier_signal:
   case aco_op_s_barrier_signal_isfirst:
      /* GFX12 split barrier: -1 is the workgroup barrier */
      if (!store_before_barrier(ws))
         return false;
      if (op == aco_op_s_barrier_signal_isfirst)
         set_scc(ws, ws->group->arrived == 0);
      emu_barrier_arrive(ws);
      write = false;
      break;
   case aco_op_s_cvt_f32_i32: case aco_op_s_cvt_f32_u32: case aco_op_s_cvt_i32_f32:
   case aco_op_s_cvt_u32_f32: case aco_op_s_cvt_f16_f32: case aco_op_s_cvt_f32_f16:
   case aco_op_s_ceil_f32: case aco_op_s_floor_f32: case aco_op_s_trunc_f32:
   case aco_op_s_rndne_f32: case aco_op_s_ceil_f16: case aco_op_s_floor_f16:
   case aco_op_s_trunc_f16: case aco_op_s_rndne_f16:
      r = salu_float(ws, salu_float_op(op), (uint32_t)a, 0, 0);
      break;
   case aco_op_s_cvt_hi_f32_f16:
      r = salu_float(ws, salu_float_op(op), (uint32_t)a >> 16, 0, 0);
      break;
   default:
      return emu_fail(&ws->w, "unknown instruction: %s is not emulated", info->name);
   }
   if (ws->w.failed)
      return false;
   if (write && in->num_definitions)
      emu_sdst(ws, in, 0, aco_rc_dwords(in->definitions[0].temp.rc) == 2 ? 2 : dw, r);
   if (set)
      set_scc(ws, scc);
   ws->w.pc = next;
   return !ws->w.failed;
}

/* ---- SOP2 ---- */

static bool
sop2(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned len)
{
   enum aco_opcode op = in->opcode;
   const struct aco_op_info *info = aco_op_info(op);
   const struct aco_op_sig *sig = &info->sig[aco_gfx_index(ws->w.level)];
   unsigned ddw = sig->slots[0].dwords, adw = sig->slots[1].dwords, bdw = sig->slots[2].dwords;
   uint64_t a = emu_sop(ws, in, 0, adw), b = emu_sop(ws, in, 1, bdw), r = 0;
   uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
   bool set = true, scc = false;
   /* bitwise logic, packs and shifts by a sound amount keep the ABI poison bit by bit
    * (exact); other results are wholly garbage if any bit read is */
   uint64_t pa = sop_poison(ws, in, 0, adw), pb = sop_poison(ws, in, 1, bdw), rp = 0;
   bool exact = true;
   switch (op) {
   case aco_op_s_and_b32: case aco_op_s_and_b64: case aco_op_s_nand_b32: case aco_op_s_nand_b64:
      rp = and_poison(a, pa, b, pb);
      break;
   case aco_op_s_or_b32: case aco_op_s_or_b64: case aco_op_s_nor_b32: case aco_op_s_nor_b64:
      rp = and_poison(~a, pa, ~b, pb);
      break;
   case aco_op_s_and_not1_b32: case aco_op_s_and_not1_b64: rp = and_poison(a, pa, ~b, pb); break;
   case aco_op_s_or_not1_b32: case aco_op_s_or_not1_b64: rp = and_poison(~a, pa, b, pb); break;
   case aco_op_s_xor_b32: case aco_op_s_xor_b64: case aco_op_s_xnor_b32: case aco_op_s_xnor_b64:
      rp = pa | pb;
      if (op == aco_op_s_xor_b32 || op == aco_op_s_xor_b64)
         rp = xor_swap_poison(ws, in, a, b, pa, pb, rp, ddw);
      break;
   case aco_op_s_pack_ll_b32_b16: rp = (pa & 0xffff) | (pb & 0xffff) << 16; break;
   case aco_op_s_pack_lh_b32_b16: rp = (pa & 0xffff) | (pb & 0xffff0000u); break;
   case aco_op_s_pack_hh_b32_b16: rp = (pa >> 16 & 0xffff) | (pb & 0xffff0000u); break;
   case aco_op_s_pack_hl_b32_b16: rp = (pa >> 16 & 0xffff) | (pb & 0xffff) << 16; break;
   case aco_op_s_lshl_b32: rp = pb & 31 ? ~0ull : pa << (b32 & 31); break;
   case aco_op_s_lshl_b64: rp = pb & 63 ? ~0ull : pa << (b & 63); break;
   case aco_op_s_lshr_b32: rp = pb & 31 ? ~0ull : (pa & 0xffffffffu) >> (b32 & 31); break;
   case aco_op_s_lshr_b64: rp = pb & 63 ? ~0ull : pa >> (b & 63); break;
   default: exact = false; break;
   }
   rp &= mask_bits(ddw * 32);
   switch (op) {
   case aco_op_s_add_u32: r = (uint64_t)a32 + b32; scc = r >> 32; break;
   case aco_op_s_sub_u32: r = (uint32_t)(a32 - b32); scc = b32 > a32; break;
   case aco_op_s_add_i32:
      r = (uint32_t)(a32 + b32);
      scc = ((~(a32 ^ b32)) & (a32 ^ (uint32_t)r)) >> 31;
      break;
   case aco_op_s_sub_i32:
      r = (uint32_t)(a32 - b32);
      scc = ((a32 ^ b32) & (a32 ^ (uint32_t)r)) >> 31;
      break;
   case aco_op_s_addc_u32: {
      uint64_t t = (uint64_t)a32 + b32 + get_scc(ws);
      r = (uint32_t)t; scc = t >> 32;
      break;
   }
   case aco_op_s_subb_u32: {
      unsigned c = get_scc(ws);
      r = (uint32_t)(a32 - b32 - c);
      scc = (uint64_t)b32 + c > a32;
      break;
   }
   case aco_op_s_absdiff_i32: {
      int64_t d = (int64_t)(int32_t)a32 - (int32_t)b32;
      r = (uint32_t)(d < 0 ? -d : d); scc = r != 0;
      break;
   }
   case aco_op_s_lshl_b32: r = (uint32_t)(a32 << (b32 & 31)); scc = r != 0; break;
   case aco_op_s_lshl_b64: r = a << (b & 63); scc = r != 0; break;
   case aco_op_s_lshr_b32: r = a32 >> (b32 & 31); scc = r != 0; break;
   case aco_op_s_lshr_b64: r = a >> (b & 63); scc = r != 0; break;
   case aco_op_s_ashr_i32: r = (uint32_t)((int32_t)a32 >> (b32 & 31)); scc = r != 0; break;
   case aco_op_s_ashr_i64: r = (uint64_t)((int64_t)a >> (b & 63)); scc = r != 0; break;
   case aco_op_s_lshl1_add_u32: case aco_op_s_lshl2_add_u32:
   case aco_op_s_lshl3_add_u32: case aco_op_s_lshl4_add_u32: {
      unsigned sh = op == aco_op_s_lshl1_add_u32 ? 1 : op == aco_op_s_lshl2_add_u32 ? 2
                    : op == aco_op_s_lshl3_add_u32 ? 3 : 4;
      uint64_t t = ((uint64_t)a32 << sh) + b32;
      r = (uint32_t)t; scc = t >> 32;
      break;
   }
   case aco_op_s_min_i32: scc = (int32_t)a32 < (int32_t)b32; r = scc ? a32 : b32; break;
   case aco_op_s_min_u32: scc = a32 < b32; r = scc ? a32 : b32; break;
   case aco_op_s_max_i32: scc = (int32_t)a32 > (int32_t)b32; r = scc ? a32 : b32; break;
   case aco_op_s_max_u32: scc = a32 > b32; r = scc ? a32 : b32; break;
   case aco_op_s_and_b32: case aco_op_s_and_b64: r = a & b; scc = r != 0; break;
   case aco_op_s_or_b32: case aco_op_s_or_b64: r = a | b; scc = r != 0; break;
   case aco_op_s_xor_b32: case aco_op_s_xor_b64: r = a ^ b; scc = r != 0; break;
   case aco_op_s_nand_b32: case aco_op_s_nand_b64:
      r = ~(a & b) & mask_bits(ddw * 32); scc = r != 0; break;
   case aco_op_s_nor_b32: case aco_op_s_nor_b64:
      r = ~(a | b) & mask_bits(ddw * 32); scc = r != 0; break;
   case aco_op_s_xnor_b32: case aco_op_s_xnor_b64:
      r = ~(a ^ b) & mask_bits(ddw * 32); scc = r != 0; break;
   case aco_op_s_and_not1_b32: case aco_op_s_and_not1_b64:
      r = a & ~b & mask_bits(ddw * 32); scc = r != 0; break;
   case aco_op_s_or_not1_b32: case aco_op_s_or_not1_b64:
      r = (a | ~b) & mask_bits(ddw * 32); scc = r != 0; break;
   case aco_op_s_bfe_u32: case aco_op_s_bfe_i32: {
      unsigned off = b32 & 31, width = (b32 >> 16) & 0x7f;
      if (width > 32)
         width = 32;
      /* The signed form shifts arithmetically: a field reaching past bit 31
       * takes the source's sign for its missing bits. */
      uint64_t src = op == aco_op_s_bfe_i32 ? (uint64_t)(int64_t)(int32_t)a32 : a32;
      uint64_t v = (src >> off) & mask_bits(width);
      if (op == aco_op_s_bfe_i32 && width && width < 32 && ((v >> (width - 1)) & 1))
         v |= ~mask_bits(width);
      r = (uint32_t)v; scc = r != 0;
      break;
   }
   case aco_op_s_bfe_u64: case aco_op_s_bfe_i64: {
      unsigned off = b32 & 63, width = (b32 >> 16) & 0x7f;
      if (width > 64)
         width = 64;
      uint64_t v = (op == aco_op_s_bfe_i64 ? (uint64_t)((int64_t)a >> off) : a >> off) & mask_bits(width);
      if (op == aco_op_s_bfe_i64 && width && width < 64 && ((v >> (width - 1)) & 1))
         v |= ~mask_bits(width);
      r = v; scc = r != 0;
      break;
   }
   case aco_op_s_bfm_b32: r = (uint32_t)(mask_bits(a32 & 31) << (b32 & 31)); set = false; break;
   case aco_op_s_bfm_b64: r = mask_bits(a32 & 63) << (b32 & 63); set = false; break;
   case aco_op_s_mul_i32: r = (uint32_t)(a32 * b32); set = false; break;
   case aco_op_s_mul_hi_u32: r = ((uint64_t)a32 * b32) >> 32; set = false; break;
   case aco_op_s_mul_hi_i32:
      r = (uint32_t)((uint64_t)((int64_t)(int32_t)a32 * (int32_t)b32) >> 32); set = false; break;
   case aco_op_s_cselect_b32: case aco_op_s_cselect_b64: r = get_scc(ws) ? a : b; set = false; break;
   case aco_op_s_pack_ll_b32_b16: r = (a32 & 0xffff) | b32 << 16; set = false; break;
   case aco_op_s_pack_lh_b32_b16: r = (a32 & 0xffff) | (b32 & 0xffff0000u); set = false; break;
   case aco_op_s_pack_hh_b32_b16: r = a32 >> 16 | (b32 & 0xffff0000u); set = false; break;
   case aco_op_s_pack_hl_b32_b16: r = a32 >> 16 | b32 << 16; set = false; break;
   case aco_op_s_add_nc_u64: r = a + b; set = false; break;
   case aco_op_s_sub_nc_u64: r = a - b; set = false; break;
   case aco_op_s_mul_u64: r = a * b; set = false; break;
   case aco_op_s_add_f32: case aco_op_s_sub_f32: case aco_op_s_mul_f32:
   case aco_op_s_add_f16: case aco_op_s_sub_f16: case aco_op_s_mul_f16:
   case aco_op_s_min_num_f32: case aco_op_s_max_num_f32: case aco_op_s_min_num_f16:
   case aco_op_s_max_num_f16: case aco_op_s_minimum_f32: case aco_op_s_maximum_f32:
   case aco_op_s_minimum_f16: case aco_op_s_maximum_f16: case aco_op_s_cvt_pk_rtz_f16_f32:
      r = salu_float(ws, salu_float_op(op), a32, b32, 0);
      set = false;
      break;
   case aco_op_s_fmaak_f32: /* operands a, b, K: a * b + K */
   case aco_op_s_fmamk_f32: /* operands a, K, b: a * K + b */
      r = salu_float(ws, salu_float_op(op), a32, b32, (uint32_t)emu_sop(ws, in, 2, 1));
      set = false;
      break;
   case aco_op_s_fmac_f32: case aco_op_s_fmac_f16: {
      uint32_t d = (uint32_t)emu_read_sreg(&ws->w, aco_physreg_field(in->definitions[0].reg));
      r = salu_float(ws, salu_float_op(op), a32, b32, d);
      set = false;
      break;
   }
   default:
      return emu_fail(&ws->w, "unknown instruction: %s is not emulated", info->name);
   }
   if (ws->w.failed)
      return false;
   if (exact) {
      unsigned field = aco_physreg_field(in->definitions[0].reg);
      for (unsigned k = 0; k < ddw; k++)
         emu_write_sreg_poison(&ws->w, field + k, (uint32_t)(r >> (32 * k)),
                               (uint32_t)(rp >> (32 * k)));
      if (set)
         emu_write_sreg_poison(&ws->w, ACO_REG_SCC, scc, rp != 0);
   } else {
      emu_sdst(ws, in, 0, ddw, r);
      if (set)
         set_scc(ws, scc);
   }
   ws->w.pc += len * 4;
   return !ws->w.failed;
}

/* ---- SOPC ---- */

/* s_cmp_<pred>_f32/_f16: the vector ALU's comparison (input denormals as MODE says). */
static bool
fcmp(struct emu_wave_state *ws, const char *name, enum emu_fmt f, uint64_t a, uint64_t b)
{
   const char *p = name + strlen("s_cmp_");
   const char *us = strrchr(p, '_');
   char pred[8];
   size_t len = us && us - p < (ptrdiff_t)sizeof(pred) ? (size_t)(us - p) : 0;
   memcpy(pred, p, len);
   pred[len] = 0;
   bool r = false;
   if (!emu_float_pred(pred, emu_f_compare(f, a, b, emu_fpmode_of(ws->w.mode, f)), &r))
      emu_fail(&ws->w, "unknown instruction: %s is not emulated", name);
   return r;
}

static bool
int_compare(const char *name, uint64_t a, uint64_t b, bool is_signed, bool is64)
{
   int64_t sa = is64 ? (int64_t)a : (int32_t)a, sb = is64 ? (int64_t)b : (int32_t)b;
   if (!is64) {
      a = (uint32_t)a;
      b = (uint32_t)b;
   }
   if (strstr(name, "_eq_")) return a == b;
   if (strstr(name, "_lg_")) return a != b;
   if (strstr(name, "_gt_")) return is_signed ? sa > sb : a > b;
   if (strstr(name, "_ge_")) return is_signed ? sa >= sb : a >= b;
   if (strstr(name, "_lt_")) return is_signed ? sa < sb : a < b;
   return is_signed ? sa <= sb : a <= b; /* _le_ */
}

static bool
sopc(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned len)
{
   const struct aco_op_info *info = aco_op_info(in->opcode);
   const char *n = info->name;
   const struct aco_op_sig *sig = &info->sig[aco_gfx_index(ws->w.level)];
   unsigned adw = sig->slots[0].dwords;
   uint64_t a = emu_sop(ws, in, 0, adw), b = emu_sop(ws, in, 1, sig->slots[1].dwords);
   bool r;
   if (strncmp(n, "s_bitcmp", 8) == 0) {
      bool bit = (a >> (b & (adw * 32 - 1))) & 1;
      r = n[8] == '0' ? !bit : bit;
   } else if (strstr(n, "_f32")) {
      r = fcmp(ws, n, EMU_F32, (uint32_t)a, b & 0xffffffffu);
   } else if (strstr(n, "_f16")) {
      r = fcmp(ws, n, EMU_F16, a & 0xffff, b & 0xffff);
   } else {
      r = int_compare(n, a, b, strstr(n, "_i32") != NULL, adw == 2);
   }
   if (ws->w.failed)
      return false;
   set_scc(ws, r);
   ws->w.pc += len * 4;
   return !ws->w.failed;
}

/* ---- SOPK ---- */

static bool
hwreg_field(uint32_t imm, unsigned *id, unsigned *offset, uint32_t *mask)
{
   *id = imm & 63;
   *offset = (imm >> 6) & 31;
   unsigned size = ((imm >> 11) & 31) + 1;
   *mask = (uint32_t)mask_bits(size);
   return true;
}

enum { HWREG_MODE = 1, HWREG_STATUS = 2, HWREG_FLAT_SCR_LO = 20, HWREG_FLAT_SCR_HI = 21 };

static uint32_t
hwreg_read(struct emu_wave_state *ws, unsigned id)
{
   switch (id) {
   case HWREG_MODE: return ws->w.mode;
   case HWREG_STATUS: return (ws->w.scc ? 1u : 0u) | (emu_exec(&ws->w) == 0) << 9;
   case HWREG_FLAT_SCR_LO: return ws->w.level < ACO_GFX1100 ? ws->hwreg_flat_scratch[0] : 0;
   case HWREG_FLAT_SCR_HI: return ws->w.level < ACO_GFX1100 ? ws->hwreg_flat_scratch[1] : 0;
   default: return 0;
   }
}

static bool
hwreg_write(struct emu_wave_state *ws, uint32_t imm, uint32_t value)
{
   unsigned id, off;
   uint32_t mask;
   hwreg_field(imm, &id, &off, &mask);
   uint32_t cur = hwreg_read(ws, id);
   uint32_t v = (cur & ~(mask << off)) | ((value & mask) << off);
   switch (id) {
   case HWREG_MODE: ws->w.mode = v; return true;
   case HWREG_FLAT_SCR_LO:
   case HWREG_FLAT_SCR_HI:
      if (ws->w.level < ACO_GFX1100) {
         ws->hwreg_flat_scratch[id - HWREG_FLAT_SCR_LO] = v;
         ws->flat_scratch_written |= (uint8_t)(1u << (id - HWREG_FLAT_SCR_LO));
         return true;
      }
      break;
   default:
      break;
   }
   return true; /* other registers (trap, status bits) are not modelled: ignored */
}

static bool
sopk(struct emu_wave_state *ws, const struct aco_minstr *in, unsigned len)
{
   enum aco_opcode op = in->opcode;
   const struct aco_op_info *info = aco_op_info(op);
   uint32_t imm = in->imm & 0xffff;
   uint32_t simm = (uint32_t)(int32_t)(int16_t)imm;
   uint64_t next = ws->w.pc + len * 4;
   unsigned d = in->num_definitions ? aco_physreg_field(in->definitions[0].reg) : 0;
   switch (op) {
   case aco_op_s_movk_i32: emu_write_sreg(&ws->w, d, simm); break;
   case aco_op_s_cmovk_i32:
      if (get_scc(ws))
         emu_write_sreg(&ws->w, d, simm);
      break;
   case aco_op_s_addk_i32: {
      uint32_t a = emu_read_sreg(&ws->w, d), r = a + simm;
      emu_write_sreg(&ws->w, d, r);
      set_scc(ws, ((~(a ^ simm)) & (a ^ r)) >> 31);
      break;
   }
   case aco_op_s_mulk_i32: emu_write_sreg(&ws->w, d, emu_read_sreg(&ws->w, d) * simm); break;
   case aco_op_s_getreg_b32: {
      unsigned id, off;
      uint32_t mask;
      hwreg_field(imm, &id, &off, &mask);
      emu_write_sreg(&ws->w, d, (hwreg_read(ws, id) >> off) & mask);
      break;
   }
   case aco_op_s_setreg_b32: {
      uint32_t v = emu_read_sreg(&ws->w, aco_physreg_field(in->operands[0].reg));
      if (!emu_check_use(&ws->w, "a hardware register (MODE, FLAT_SCRATCH)"))
         return false;
      hwreg_write(ws, imm, v);
      break;
   }
   case aco_op_s_setreg_imm32_b32:
      hwreg_write(ws, imm, (uint32_t)in->operands[0].value);
      break;
   case aco_op_s_call_b64:
      emu_write_sreg(&ws->w, d, (uint32_t)next);
      emu_write_sreg(&ws->w, d + 1, (uint32_t)(next >> 32));
      if (ws->w.failed || !emu_abi_call(ws, branch_target(ws, imm), next, d))
         return false;
      return jump(ws, branch_target(ws, imm));
   case aco_op_s_waitcnt_vscnt: case aco_op_s_waitcnt_vmcnt:
   case aco_op_s_waitcnt_lgkmcnt: case aco_op_s_waitcnt_expcnt: {
      uint32_t n = imm + emu_read_sreg(&ws->w, d);
      if (op == aco_op_s_waitcnt_vscnt)
         emu_wait(ws, EMU_CNT_STORE, n);
      else if (op == aco_op_s_waitcnt_vmcnt)
         emu_wait(ws, EMU_CNT_LOAD, n);
      else if (op == aco_op_s_waitcnt_lgkmcnt)
         emu_wait(ws, EMU_CNT_KM, n);
      break;
   }
   case aco_op_s_version:
      break;
   default:
      if (strncmp(info->name, "s_cmpk_", 7) == 0) {
         uint32_t a = emu_read_sreg(&ws->w, d);
         bool sgn = strstr(info->name, "_i32") != NULL;
         set_scc(ws, int_compare(info->name, a, sgn ? simm : imm, sgn, false));
         break;
      }
      return emu_fail(&ws->w, "unknown instruction: %s is not emulated", info->name);
   }
   if (ws->w.failed)
      return false;
   ws->w.pc = next;
   return true;
}

/* ---- SOPP ---- */

static bool
store_before_barrier(struct emu_wave_state *ws)
{
   for (unsigned i = 0; i < ws->num_pending; i++) {
      if (ws->pending[i].visible_store)
         return emu_fail(&ws->w, "store before barrier: the store issued at pc 0x%x is not "
                         "waited for before the barrier", ws->pending[i].pc);
   }
   return true;
}

static bool
sopp(struct emu_wave_state *ws, const struct aco_minstr *in)
{
   enum aco_opcode op = in->opcode;
   uint32_t imm = in->imm & 0xffff;
   aco_gfx_level level = ws->w.level;
   bool taken = false;
   switch (op) {
   case aco_op_s_endpgm:
      ws->done = true;
      return true;
   case aco_op_s_branch: return jump(ws, branch_target(ws, imm));
   case aco_op_s_cbranch_scc0: taken = !get_scc(ws); goto cond;
   case aco_op_s_cbranch_scc1: taken = get_scc(ws); goto cond;
   case aco_op_s_cbranch_vccz: taken = emu_read_sreg(&ws->w, ACO_REG_VCCZ); goto cond;
   case aco_op_s_cbranch_vccnz: taken = !emu_read_sreg(&ws->w, ACO_REG_VCCZ); goto cond;
   case aco_op_s_cbranch_execz: taken = get_exec(ws) == 0; goto cond;
   case aco_op_s_cbranch_execnz: taken = get_exec(ws) != 0; goto cond;
   cond:
      if (ws->w.failed || !emu_check_use(&ws->w, "a branch condition"))
         return false;
      if (taken)
         return jump(ws, branch_target(ws, imm));
      break;
   case aco_op_s_barrier:
      if (!store_before_barrier(ws))
         return false;
      emu_barrier_arrive(ws);
      ws->w.pc += 4;
      if (ws->wait_generation == ws->group->generation)
         ws->blocked = true;
      return true;
   case aco_op_s_barrier_wait:
      ws->w.pc += 4;
      if (ws->wait_generation == ws->group->generation)
         ws->blocked = true;
      return true;
   case aco_op_s_waitcnt: {
      unsigned vm, exp, lgkm;
      aco_waitcnt_decode(level >= ACO_GFX1200 ? ACO_GFX1100 : level, (uint16_t)imm, &vm, &exp, &lgkm);
      emu_wait(ws, EMU_CNT_LOAD, vm);
      emu_wait(ws, EMU_CNT_KM, lgkm);
      if (level >= ACO_GFX1200)
         emu_wait(ws, EMU_CNT_DS, lgkm);
      break;
   }
   case aco_op_s_wait_loadcnt: emu_wait(ws, EMU_CNT_LOAD, imm); break;
   case aco_op_s_wait_storecnt: emu_wait(ws, EMU_CNT_STORE, imm); break;
   case aco_op_s_wait_kmcnt: emu_wait(ws, EMU_CNT_KM, imm); break;
   case aco_op_s_wait_dscnt: emu_wait(ws, EMU_CNT_DS, imm); break;
   case aco_op_s_wait_loadcnt_dscnt:
      emu_wait(ws, EMU_CNT_LOAD, (imm >> 8) & 0x3f);
      emu_wait(ws, EMU_CNT_DS, imm & 0x3f);
      break;
   case aco_op_s_wait_storecnt_dscnt:
      emu_wait(ws, EMU_CNT_STORE, (imm >> 8) & 0x3f);
      emu_wait(ws, EMU_CNT_DS, imm & 0x3f);
      break;
   case aco_op_s_wait_idle:
      for (unsigned c = 0; c < EMU_NUM_CNT; c++)
         emu_wait(ws, c, 0);
      break;
   case aco_op_s_round_mode: ws->w.mode = (ws->w.mode & ~0xfu) | (imm & 0xf); break;
   case aco_op_s_denorm_mode: ws->w.mode = (ws->w.mode & ~0xf0u) | (imm & 0xf) << 4; break;
   case aco_op_s_sendmsg:
      /* MSG_DEALLOC_VGPRS (3, GFX11+): the wave's VGPRs are gone */
      if (level >= ACO_GFX1100 && (imm & 0xff) == 3)
         ws->vgprs_released = true;
      break;
   case aco_op_s_trap:
      return emu_fail(&ws->w, "trap: s_trap %u executed", imm & 0xff);
   case aco_op_s_code_end:
      return emu_fail(&ws->w, "unknown instruction: s_code_end (padding after the code) executed");
   case aco_op_s_nop: case aco_op_s_sethalt: case aco_op_s_setkill: case aco_op_s_sleep:
   case aco_op_s_set_inst_prefetch_distance: case aco_op_s_clause: case aco_op_s_delay_alu:
   case aco_op_s_waitcnt_depctr: case aco_op_s_wait_samplecnt: case aco_op_s_wait_bvhcnt:
   case aco_op_s_wait_expcnt: case aco_op_s_wait_event: case aco_op_s_setprio:
   case aco_op_s_icache_inv: case aco_op_s_singleuse_vdst: case aco_op_s_incperflevel:
   case aco_op_s_decperflevel: case aco_op_s_ttracedata: case aco_op_s_ttracedata_imm:
   case aco_op_s_barrier_leave: case aco_op_s_wakeup:
      break;
   default:
      return emu_fail(&ws->w, "unknown instruction: %s is not emulated", aco_op_info(op)->name);
   }
   if (ws->w.failed)
      return false;
   ws->w.pc += 4;
   return true;
}

bool
emu_salu_execute(struct emu_wave_state *ws, const struct emu_decoded *d)
{
   const struct aco_minstr *in = d->in;
   switch (aco_op_info(in->opcode)->format) {
   case ACO_FMT_SOP1: return sop1(ws, in, d->dwords);
   case ACO_FMT_SOP2: return sop2(ws, in, d->dwords);
   case ACO_FMT_SOPC: return sopc(ws, in, d->dwords);
   case ACO_FMT_SOPK: return sopk(ws, in, d->dwords);
   default: return sopp(ws, in);
   }
}
