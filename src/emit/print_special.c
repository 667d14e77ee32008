/* SPDX-License-Identifier: MIT */
/* Immediates that LLVM prints symbolically: s_waitcnt counters, s_sendmsg messages,
 * s_getreg/s_setreg hwreg(...), s_delay_alu dependencies and s_waitcnt_depctr/s_wait_alu
 * counters. The names and field layouts were read off llvm-mc-19's disassembly of every
 * 16-bit value on each level (docs/isa-notes.md, "Symbolic immediates"). */
#include "emit/emit.h"
#include "emit/fields.h"

#include <string.h>

/* ---- s_waitcnt ------------------------------------------------------------------------ */

static void
print_waitcnt(aco_gfx_level level, unsigned imm, struct aco_strbuf *sb)
{
   unsigned vm, exp, lgkm;
   aco_waitcnt_decode(level >= ACO_GFX1200 ? ACO_GFX1100 : level, (uint16_t)imm, &vm, &exp, &lgkm);
   /* a counter at its maximum is not waited for and not printed, unless none is waited for */
   bool all = vm == 63 && exp == 7 && lgkm == 63;
   bool first = true;
   if (vm != 63 || all) {
      aco_strbuf_printf(sb, "vmcnt(%u)", vm);
      first = false;
   }
   if (exp != 7 || all) {
      aco_strbuf_printf(sb, "%sexpcnt(%u)", first ? "" : " ", exp);
      first = false;
   }
   if (lgkm != 63 || all)
      aco_strbuf_printf(sb, "%slgkmcnt(%u)", first ? "" : " ", lgkm);
}

/* ---- hwreg ---------------------------------------------------------------------------- */

static const char *
hwreg_name(aco_gfx_level level, unsigned id)
{
   static const char *const gfx10[32] = {
      [1] = "MODE", [2] = "STATUS", [3] = "TRAPSTS", [5] = "GPR_ALLOC", [6] = "LDS_ALLOC",
      [7] = "IB_STS", [15] = "SH_MEM_BASES", [16] = "TBA_LO", [17] = "TBA_HI",
      [18] = "TMA_LO", [19] = "TMA_HI", [20] = "FLAT_SCR_LO", [21] = "FLAT_SCR_HI",
      [23] = "HW_ID1", [24] = "HW_ID2", [25] = "POPS_PACKER", [29] = "SHADER_CYCLES",
   };
   static const char *const gfx11[32] = {
      [1] = "MODE", [2] = "STATUS", [3] = "TRAPSTS", [5] = "GPR_ALLOC", [6] = "LDS_ALLOC",
      [7] = "IB_STS", [15] = "SH_MEM_BASES", [18] = "PERF_SNAPSHOT_PC_LO",
      [19] = "PERF_SNAPSHOT_PC_HI", [20] = "FLAT_SCR_LO", [21] = "FLAT_SCR_HI",
      [23] = "HW_ID1", [24] = "HW_ID2", [27] = "PERF_SNAPSHOT_DATA", [29] = "SHADER_CYCLES",
   };
   static const char *const gfx12[32] = {
      [1] = "MODE", [2] = "STATUS", [4] = "STATE_PRIV", [5] = "GPR_ALLOC", [6] = "LDS_ALLOC",
      [7] = "IB_STS", [10] = "PERF_SNAPSHOT_DATA", [11] = "PERF_SNAPSHOT_PC_LO",
      [12] = "PERF_SNAPSHOT_PC_HI", [15] = "PERF_SNAPSHOT_DATA1", [16] = "PERF_SNAPSHOT_DATA2",
      [17] = "EXCP_FLAG_PRIV", [18] = "EXCP_FLAG_USER", [19] = "TRAP_CTRL",
      [20] = "SCRATCH_BASE_LO", [21] = "SCRATCH_BASE_HI", [23] = "HW_ID1", [24] = "HW_ID2",
      [29] = "SHADER_CYCLES_LO", [30] = "SHADER_CYCLES_HI", [31] = "DVGPR_ALLOC_LO",
   };
   if (id == 32 && level >= ACO_GFX1200)
      return "DVGPR_ALLOC_HI";
   if (id >= 32)
      return NULL;
   return level >= ACO_GFX1200 ? gfx12[id] : level >= ACO_GFX1100 ? gfx11[id] : gfx10[id];
}

static void
print_hwreg(aco_gfx_level level, unsigned imm, struct aco_strbuf *sb)
{
   unsigned id = imm & 63, offset = (imm >> 6) & 31, size = ((imm >> 11) & 31) + 1;
   const char *name = hwreg_name(level, id);
   if (name)
      aco_strbuf_printf(sb, "hwreg(HW_REG_%s", name);
   else
      aco_strbuf_printf(sb, "hwreg(%u", id);
   if (offset != 0 || size != 32)
      aco_strbuf_printf(sb, ", %u, %u", offset, size);
   aco_strbuf_puts(sb, ")");
}

/* ---- sendmsg -------------------------------------------------------------------------- */

static const char *
msg_name(aco_gfx_level level, unsigned id)
{
   if (level >= ACO_GFX1100) {
      static const char *const rtn[8] = {"RTN_GET_DOORBELL", "RTN_GET_DDID", "RTN_GET_TMA",
                                         "RTN_GET_REALTIME", "RTN_SAVE_WAVE", "RTN_GET_TBA",
                                         "RTN_GET_TBA_TO_PC", "RTN_GET_SE_AID_ID"};
      unsigned nrtn = level >= ACO_GFX1200 ? 8 : 7;
      if (id >= 128 && id < 128 + nrtn)
         return rtn[id - 128];
      switch (id) {
      case 1: return "INTERRUPT";
      case 2: return "HS_TESSFACTOR";
      case 3: return "DEALLOC_VGPRS";
      case 5: return level < ACO_GFX1200 ? "STALL_WAVE_GEN" : NULL;
      case 6: return level < ACO_GFX1200 ? "HALT_WAVES" : NULL;
      case 9: return "GS_ALLOC_REQ";
      default: return NULL;
      }
   }
   static const char *const gfx10[16] = {
      [1] = "INTERRUPT", [2] = "GS", [3] = "GS_DONE", [4] = "SAVEWAVE",
      [5] = "STALL_WAVE_GEN", [6] = "HALT_WAVES", [7] = "ORDERED_PS_DONE",
      [8] = "EARLY_PRIM_DEALLOC", [9] = "GS_ALLOC_REQ", [10] = "GET_DOORBELL",
      [11] = "GET_DDID", [15] = "SYSMSG",
   };
   return id < 16 ? gfx10[id] : NULL;
}

static void
print_sendmsg(aco_gfx_level level, unsigned imm, struct aco_strbuf *sb)
{
   if (level >= ACO_GFX1100) {
      /* the message id is the whole field; there are no operations or streams */
      unsigned id = imm & 0xff;
      const char *name = msg_name(level, id);
      if (name)
         aco_strbuf_printf(sb, "sendmsg(MSG_%s)", name);
      else if (imm == id)
         aco_strbuf_printf(sb, "sendmsg(%u, 0, 0)", id);
      else
         aco_strbuf_printf(sb, "%u", imm);
      return;
   }
   unsigned id = imm & 15, op = (imm >> 4) & 7, stream = (imm >> 8) & 3;
   const char *name = msg_name(level, id);
   bool valid = name != NULL;
   const char *opname = NULL;
   bool has_stream = false;
   if (id == 2 || id == 3) { /* GS, GS_DONE: op NOP (GS_DONE only), CUT, EMIT, EMIT_CUT */
      static const char *const gs[4] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
      valid = valid && op < 4 && (op != 0 || id == 3) && (op != 0 || stream == 0);
      opname = op < 4 ? gs[op] : NULL;
      has_stream = op != 0;
   } else if (id == 15) {
      static const char *const sys[5] = {NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                         "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC"};
      valid = valid && op >= 1 && op <= 4 && op != 3 && stream == 0;
      opname = op <= 4 ? sys[op] : NULL;
   } else {
      valid = valid && op == 0 && stream == 0;
   }
   if (valid) {
      aco_strbuf_printf(sb, "sendmsg(MSG_%s", name);
      if (opname)
         aco_strbuf_printf(sb, ", %s", opname);
      if (has_stream)
         aco_strbuf_printf(sb, ", %u", stream);
      aco_strbuf_puts(sb, ")");
   } else if ((imm & ~0x37fu) == 0) {
      aco_strbuf_printf(sb, "sendmsg(%u, %u, %u)", id, op, stream);
   } else {
      aco_strbuf_printf(sb, "%u", imm);
   }
}

/* ---- s_delay_alu ---------------------------------------------------------------------- */

static void
print_delay_alu(unsigned imm, struct aco_strbuf *sb)
{
   static const char *const ids[12] = {"NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3",
                                       "VALU_DEP_4", "TRANS32_DEP_1", "TRANS32_DEP_2",
                                       "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1",
                                       "SALU_CYCLE_2", "SALU_CYCLE_3"};
   static const char *const skips[6] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};
   /* bits above 10 are ignored; invalid fields print as a comment, as LLVM does */
   unsigned id0 = imm & 15, skip = (imm >> 4) & 7, id1 = (imm >> 7) & 15;
   bool first = true;
   if (id0) {
      aco_strbuf_printf(sb, "instid0(%s)", id0 < 12 ? ids[id0] : "/* invalid instid value */");
      first = false;
   }
   if (skip) {
      aco_strbuf_printf(sb, "%sinstskip(%s)", first ? "" : " | ",
                        skip < 6 ? skips[skip] : "/* invalid instskip value */");
      first = false;
   }
   if (id1) {
      aco_strbuf_printf(sb, "%sinstid1(%s)", first ? "" : " | ",
                        id1 < 12 ? ids[id1] : "/* invalid instid value */");
      first = false;
   }
   if (first)
      aco_strbuf_puts(sb, "0");
}

/* ---- s_waitcnt_depctr / s_wait_alu ---------------------------------------------------- */

struct depctr_field {
   const char *name;
   uint8_t shift, bits;
};

static void
print_depctr(aco_gfx_level level, unsigned imm, struct aco_strbuf *sb)
{
   /* in LLVM's printing order; unused bits are 1 except bits 5..6 */
   static const struct depctr_field fields[] = {
      {"depctr_hold_cnt", 7, 1}, {"depctr_sa_sdst", 0, 1}, {"depctr_va_vdst", 12, 4},
      {"depctr_va_sdst", 9, 3},  {"depctr_va_ssrc", 8, 1}, {"depctr_va_vcc", 1, 1},
      {"depctr_vm_vsrc", 2, 3},
   };
   unsigned n = sizeof(fields) / sizeof(fields[0]);
   uint32_t known = 0, defaults = 0;
   for (unsigned i = 0; i < n; i++) {
      uint32_t mask = ((1u << fields[i].bits) - 1) << fields[i].shift;
      known |= mask;
      defaults |= mask;
   }
   (void)level;
   /* symbolic only when every bit outside the fields has its default (bits 5..6 zero) */
   if ((imm & 0xffff & ~known) != 0) {
      aco_strbuf_printf(sb, "0x%x", imm);
      return;
   }
   /* fields at their maximum are not printed, unless all are */
   bool first = true, all = imm == defaults;
   for (unsigned i = 0; i < n; i++) {
      unsigned v = (imm >> fields[i].shift) & ((1u << fields[i].bits) - 1);
      if (v == (1u << fields[i].bits) - 1 && !all)
         continue;
      aco_strbuf_printf(sb, "%s%s(%u)", first ? "" : " ", fields[i].name, v);
      first = false;
   }
}

void
aco_print_special_imm(aco_gfx_level level, char kind, unsigned imm, struct aco_strbuf *sb)
{
   imm &= 0xffff;
   switch (kind) {
   case 'w': print_waitcnt(level, imm, sb); break;
   case 'r': print_hwreg(level, imm, sb); break;
   case 'm': print_sendmsg(level, imm, sb); break;
   case 'a': print_delay_alu(imm, sb); break;
   case 'p': print_depctr(level, imm, sb); break;
   case 'o': aco_strbuf_printf(sb, "%u", imm); break;
   case 'i': aco_strbuf_printf(sb, imm <= 64 ? "%u" : "0x%x", imm); break;
   default: aco_strbuf_printf(sb, "0x%x", imm); break;
   }
}
