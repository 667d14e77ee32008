/* SPDX-License-Identifier: MIT */
/* The latency and cost table (latency.h; docs/timing.md gives the sources). */
#include "target/latency.h"

#include "target/opcodes.h"

#include <string.h>

static bool
name_is(const char *name, const char *const *list)
{
   for (; *list; list++) {
      if (!strcmp(name, *list))
         return true;
   }
   return false;
}

static bool
has(const char *name, const char *part)
{
   return strstr(name, part) != NULL;
}

/* Full-rate ops the GFX11 VALU runs in one pass in wave64. */
static const char *const dual_issue_ops[] = {
   "v_fma_f32", "v_fmac_f32", "v_fmaak_f32", "v_fmamk_f32", "v_mul_f32", "v_add_f32",
   "v_sub_f32", "v_subrev_f32", "v_fma_f16", "v_fmac_f16", "v_fmaak_f16", "v_fmamk_f16",
   "v_mul_f16", "v_add_f16", "v_sub_f16", "v_subrev_f16", "v_mov_b32", "v_cndmask_b32",
   "v_max_f32", "v_min_f32", "v_max_f16", "v_min_f16", "v_max_num_f32", "v_min_num_f32",
   "v_max_num_f16", "v_min_num_f16", "v_dot2_f32_f16", "v_dot2c_f32_f16", NULL,
};

static const char *const quarter_rate_ops[] = {
   "v_mul_lo_u32", "v_mul_hi_u32", "v_mul_hi_i32", "v_mad_u64_u32", "v_mad_i64_i32",
   "v_mad_co_u64_u32", "v_mad_co_i64_i32", "v_mul_lo_i32", NULL,
};

static const char *const valu64_ops[] = {
   "v_lshlrev_b64", "v_lshrrev_b64", "v_ashrrev_i64", "v_lshl_add_u64", "v_add_nc_u64",
   "v_sub_nc_u64", "v_mov_b64", NULL,
};

uint8_t
aco_timing_class(unsigned opcode)
{
   const struct aco_op_info *info = aco_op_info((enum aco_opcode)opcode);
   const char *name = info->name;
   switch (info->format) {
   case ACO_FMT_SOP1:
   case ACO_FMT_SOP2:
   case ACO_FMT_SOPK:
   case ACO_FMT_SOPC:
   case ACO_FMT_SOPP:
      if (info->flags & (ACO_OPF_BRANCH | ACO_OPF_CALL) || !strcmp(name, "s_setpc_b64") ||
          !strcmp(name, "s_swappc_b64") || !strcmp(name, "s_call_b64"))
         return ACO_T_BRANCH;
      if (info->format == ACO_FMT_SOPP)
         return ACO_T_OTHER;
      return (info->flags & ACO_OPF_FLOAT) ? ACO_T_SFPU : ACO_T_SALU;
   case ACO_FMT_SMEM: return ACO_T_SMEM;
   case ACO_FMT_DS: return ACO_T_LDS;
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
   case ACO_FMT_MUBUF: return ACO_T_VMEM;
   case ACO_FMT_VOPD: return ACO_T_VOPD;
   case ACO_FMT_VOP1:
   case ACO_FMT_VOP2:
   case ACO_FMT_VOPC:
   case ACO_FMT_VOP3:
   case ACO_FMT_VOP3P:
      if (has(name, "f64"))
         return ACO_T_DOUBLE;
      if (info->hazard & ACO_HZ_TRANS)
         return ACO_T_TRANS;
      if (name_is(name, quarter_rate_ops))
         return ACO_T_QUARTER;
      if (name_is(name, valu64_ops))
         return ACO_T_VALU64;
      if (name_is(name, dual_issue_ops))
         return ACO_T_VALU_DUAL;
      return ACO_T_VALU;
   default: return ACO_T_OTHER;
   }
}

struct aco_tcost
aco_timing_cost(aco_gfx_level level, uint8_t cls)
{
   bool gfx11 = level >= ACO_GFX1100;
   switch (cls) {
   case ACO_T_VALU:
   case ACO_T_VALU_DUAL:
   case ACO_T_VOPD: return (struct aco_tcost){5, ACO_UNIT_VALU, 1, 0};
   case ACO_T_VALU64: return (struct aco_tcost){6, ACO_UNIT_VALU, 2, 2};
   case ACO_T_QUARTER: return (struct aco_tcost){8, ACO_UNIT_VALU, 4, 4};
   case ACO_T_TRANS: return (struct aco_tcost){10, ACO_UNIT_VALU, 1, 4};
   case ACO_T_DOUBLE: return (struct aco_tcost){gfx11 ? 38 : 22, ACO_UNIT_VALU, 16, 16};
   case ACO_T_SALU: return (struct aco_tcost){2, ACO_UNIT_SALU, 1, 0};
   case ACO_T_SFPU: return (struct aco_tcost){4, ACO_UNIT_SALU, 1, 0};
   case ACO_T_BRANCH: return (struct aco_tcost){0, ACO_UNIT_BRANCH, 3, 0};
   case ACO_T_SMEM: return (struct aco_tcost){0, ACO_UNIT_SMEM, 1, 0};
   case ACO_T_VMEM: return (struct aco_tcost){0, ACO_UNIT_VMEM, 1, 0};
   case ACO_T_LDS: return (struct aco_tcost){0, ACO_UNIT_LDS, 1, 0};
   default: return (struct aco_tcost){0, ACO_UNIT_COUNT, 0, 0};
   }
}

unsigned
aco_timing_passes(aco_gfx_level level, unsigned wave_size, uint8_t cls)
{
   if (wave_size != 64)
      return 1;
   switch (cls) {
   case ACO_T_VALU_DUAL: return level >= ACO_GFX1100 ? 1 : 2;
   case ACO_T_VALU:
   case ACO_T_VALU64:
   case ACO_T_QUARTER:
   case ACO_T_TRANS:
   case ACO_T_DOUBLE:
   case ACO_T_VMEM:
   case ACO_T_LDS: return 2;
   default: return 1;
   }
}

