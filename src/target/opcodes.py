# SPDX-License-Identifier: MIT
"""The opcode table of libaco: one row per instruction, as data, and the generator
of the C enum and info table every other part reads (style.md point 4).

Each row: canonical mnemonic (LLVM's GFX11 spelling where it exists), format, then
one column per GFX level (gfx1030, gfx1100, gfx1200):
    -                 absent on that level
    OP                opcode number (hex) in the native format
    OP/E64            ... and the opcode of the VOP3 (e64) form of a VOP1/VOP2/VOPC
    ...=name          LLVM spells it differently on that level
    ...|sig           operand signature differs on that level (commas for spaces)
and last the operand signature, in LLVM's printed order. A signature token is
role + register file + dwords ("dv2": vector destination of 2 dwords):
    d destination   a src0 / address   b src1 / sbase   c src2   e carry-out (VOP3SD)
    x data0   y data1   r resource   o soffset   k 16-bit immediate / SMEM offset
MUBUF's vdata is 'd' for loads and stores (a store reads it) and 'x' for atomics, which
read it and, when returning (ACO_ENC_MEM_RTN), write the old value back to it.
    vcc  the implicit lane mask (vcc_lo in wave32)   off  no saddr   offen  MUBUF offen
    L    a mandatory 32-bit literal (the K of fmaak/fmamk)
    I    a mandatory 32-bit literal printed as a 32-bit constant (s_setreg_imm32_b32)
    WAITCNT SENDMSG HWREG DELAY DEPCTR  an immediate printed with that symbolic syntax
    ?    operands with a special syntax not described yet
VOPD rows give OPX/OPY numbers (OPX "-": the op exists only as the Y half).

The opcode numbers and mnemonics were read from LLVM 19's AMDGPU disassembler (every
opcode value of every format decoded by llvm-mc-19, see tests/encoding/scan_llvm.py)
and every row is re-checked against llvm-mc-19 by the encoding test suite.
Properties (implicit registers, wait counters, branches) are derived by the rules in
properties() below, so they live in this one file too.
"""
import re
import sys

GFX = ("gfx1030", "gfx1100", "gfx1200")

TABLE = """
ds_add_u32                         DS      0                      0                      0                      av1 xv1
ds_sub_u32                         DS      1                      1                      1                      av1 xv1
ds_rsub_u32                        DS      2                      2                      2                      av1 xv1
ds_inc_u32                         DS      3                      3                      3                      av1 xv1
ds_dec_u32                         DS      4                      4                      4                      av1 xv1
ds_min_i32                         DS      5                      5                      5                      av1 xv1
ds_max_i32                         DS      6                      6                      6                      av1 xv1
ds_min_u32                         DS      7                      7                      7                      av1 xv1
ds_max_u32                         DS      8                      8                      8                      av1 xv1
ds_and_b32                         DS      9                      9                      9                      av1 xv1
ds_or_b32                          DS      a                      a                      a                      av1 xv1
ds_xor_b32                         DS      b                      b                      b                      av1 xv1
ds_mskor_b32                       DS      c                      c                      c                      av1 xv1 yv1
ds_store_b32                       DS      d=ds_write_b32         d                      d                      av1 xv1
ds_store_2addr_b32                 DS      e=ds_write2_b32        e                      e                      av1 xv1 yv1
ds_store_2addr_stride64_b32        DS      f=ds_write2st64_b32    f                      f                      av1 xv1 yv1
ds_cmpstore_b32                    DS      -                      10                     10                     av1 xv1 yv1
ds_cmpstore_f32                    DS      -                      11                     -                      av1 xv1 yv1
ds_min_f32                         DS      12                     12                     12=ds_min_num_f32      av1 xv1
ds_max_f32                         DS      13                     13                     13=ds_max_num_f32      av1 xv1
ds_nop                             DS      14                     14                     14                     
ds_add_f32                         DS      15                     15                     15                     av1 xv1
ds_store_b8                        DS      1e=ds_write_b8         1e                     1e                     av1 xv1
ds_store_b16                       DS      1f=ds_write_b16        1f                     1f                     av1 xv1
ds_add_rtn_u32                     DS      20                     20                     20                     dv1 av1 xv1
ds_sub_rtn_u32                     DS      21                     21                     21                     dv1 av1 xv1
ds_rsub_rtn_u32                    DS      22                     22                     22                     dv1 av1 xv1
ds_inc_rtn_u32                     DS      23                     23                     23                     dv1 av1 xv1
ds_dec_rtn_u32                     DS      24                     24                     24                     dv1 av1 xv1
ds_min_rtn_i32                     DS      25                     25                     25                     dv1 av1 xv1
ds_max_rtn_i32                     DS      26                     26                     26                     dv1 av1 xv1
ds_min_rtn_u32                     DS      27                     27                     27                     dv1 av1 xv1
ds_max_rtn_u32                     DS      28                     28                     28                     dv1 av1 xv1
ds_and_rtn_b32                     DS      29                     29                     29                     dv1 av1 xv1
ds_or_rtn_b32                      DS      2a                     2a                     2a                     dv1 av1 xv1
ds_xor_rtn_b32                     DS      2b                     2b                     2b                     dv1 av1 xv1
ds_mskor_rtn_b32                   DS      2c                     2c                     2c                     dv1 av1 xv1 yv1
ds_storexchg_rtn_b32               DS      2d=ds_wrxchg_rtn_b32   2d                     2d                     dv1 av1 xv1
ds_storexchg_2addr_rtn_b32         DS      2e=ds_wrxchg2_rtn_b32  2e                     2e                     dv2 av1 xv1 yv1
ds_storexchg_2addr_stride64_rtn_b32 DS      2f=ds_wrxchg2st64_rtn_b32 2f                     2f                     dv2 av1 xv1 yv1
ds_cmpstore_rtn_b32                DS      -                      30                     30                     dv1 av1 xv1 yv1
ds_cmpstore_rtn_f32                DS      -                      31                     -                      dv1 av1 xv1 yv1
ds_min_rtn_f32                     DS      32                     32                     32=ds_min_num_rtn_f32  dv1 av1 xv1
ds_max_rtn_f32                     DS      33                     33                     33=ds_max_num_rtn_f32  dv1 av1 xv1
ds_wrap_rtn_b32                    DS      34                     34                     -                      dv1 av1 xv1 yv1
ds_swizzle_b32                     DS      35                     35                     35                     dv1 av1
ds_load_b32                        DS      36=ds_read_b32         36                     36                     dv1 av1
ds_load_2addr_b32                  DS      37=ds_read2_b32        37                     37                     dv2 av1
ds_load_2addr_stride64_b32         DS      38=ds_read2st64_b32    38                     38                     dv2 av1
ds_load_i8                         DS      39=ds_read_i8          39                     39                     dv1 av1
ds_load_u8                         DS      3a=ds_read_u8          3a                     3a                     dv1 av1
ds_load_i16                        DS      3b=ds_read_i16         3b                     3b                     dv1 av1
ds_load_u16                        DS      3c=ds_read_u16         3c                     3c                     dv1 av1
ds_consume                         DS      3d                     3d                     3d                     dv1
ds_append                          DS      3e                     3e                     3e                     dv1
ds_add_u64                         DS      40                     40                     40                     av1 xv2
ds_sub_u64                         DS      41                     41                     41                     av1 xv2
ds_rsub_u64                        DS      42                     42                     42                     av1 xv2
ds_inc_u64                         DS      43                     43                     43                     av1 xv2
ds_dec_u64                         DS      44                     44                     44                     av1 xv2
ds_min_i64                         DS      45                     45                     45                     av1 xv2
ds_max_i64                         DS      46                     46                     46                     av1 xv2
ds_min_u64                         DS      47                     47                     47                     av1 xv2
ds_max_u64                         DS      48                     48                     48                     av1 xv2
ds_and_b64                         DS      49                     49                     49                     av1 xv2
ds_or_b64                          DS      4a                     4a                     4a                     av1 xv2
ds_xor_b64                         DS      4b                     4b                     4b                     av1 xv2
ds_mskor_b64                       DS      4c                     4c                     4c                     av1 xv2 yv2
ds_store_b64                       DS      4d=ds_write_b64        4d                     4d                     av1 xv2
ds_store_2addr_b64                 DS      4e=ds_write2_b64       4e                     4e                     av1 xv2 yv2
ds_store_2addr_stride64_b64        DS      4f=ds_write2st64_b64   4f                     4f                     av1 xv2 yv2
ds_cmpstore_b64                    DS      -                      50                     50                     av1 xv2 yv2
ds_cmpstore_f64                    DS      -                      51                     -                      av1 xv2 yv2
ds_min_f64                         DS      52                     52                     52=ds_min_num_f64      av1 xv2
ds_max_f64                         DS      53                     53                     53=ds_max_num_f64      av1 xv2
ds_add_rtn_u64                     DS      60                     60                     60                     dv2 av1 xv2
ds_sub_rtn_u64                     DS      61                     61                     61                     dv2 av1 xv2
ds_rsub_rtn_u64                    DS      62                     62                     62                     dv2 av1 xv2
ds_inc_rtn_u64                     DS      63                     63                     63                     dv2 av1 xv2
ds_dec_rtn_u64                     DS      64                     64                     64                     dv2 av1 xv2
ds_min_rtn_i64                     DS      65                     65                     65                     dv2 av1 xv2
ds_max_rtn_i64                     DS      66                     66                     66                     dv2 av1 xv2
ds_min_rtn_u64                     DS      67                     67                     67                     dv2 av1 xv2
ds_max_rtn_u64                     DS      68                     68                     68                     dv2 av1 xv2
ds_and_rtn_b64                     DS      69                     69                     69                     dv2 av1 xv2
ds_or_rtn_b64                      DS      6a                     6a                     6a                     dv2 av1 xv2
ds_xor_rtn_b64                     DS      6b                     6b                     6b                     dv2 av1 xv2
ds_mskor_rtn_b64                   DS      6c                     6c                     6c                     dv2 av1 xv2 yv2
ds_storexchg_rtn_b64               DS      6d=ds_wrxchg_rtn_b64   6d                     6d                     dv2 av1 xv2
ds_storexchg_2addr_rtn_b64         DS      6e=ds_wrxchg2_rtn_b64  6e                     6e                     dv4 av1 xv2 yv2
ds_storexchg_2addr_stride64_rtn_b64 DS      6f=ds_wrxchg2st64_rtn_b64 6f                     6f                     dv4 av1 xv2 yv2
ds_cmpstore_rtn_b64                DS      -                      70                     70                     dv2 av1 xv2 yv2
ds_cmpstore_rtn_f64                DS      -                      71                     -                      dv2 av1 xv2 yv2
ds_min_rtn_f64                     DS      72                     72                     72=ds_min_num_rtn_f64  dv2 av1 xv2
ds_max_rtn_f64                     DS      73                     73                     73=ds_max_num_rtn_f64  dv2 av1 xv2
ds_load_b64                        DS      76=ds_read_b64         76                     76                     dv2 av1
ds_load_2addr_b64                  DS      77=ds_read2_b64        77                     77                     dv4 av1
ds_load_2addr_stride64_b64         DS      78=ds_read2st64_b64    78                     78                     dv4 av1
ds_add_rtn_f32                     DS      55                     79                     79                     dv1 av1 xv1
ds_condxchg32_rtn_b64              DS      7e                     7e                     7e                     dv2 av1 xv2
ds_store_b8_d16_hi                 DS      a0=ds_write_b8_d16_hi  a0                     a0                     av1 xv1
ds_store_b16_d16_hi                DS      a1=ds_write_b16_d16_hi a1                     a1                     av1 xv1
ds_load_u8_d16                     DS      a2=ds_read_u8_d16      a2                     a2                     dv1 av1
ds_load_u8_d16_hi                  DS      a3=ds_read_u8_d16_hi   a3                     a3                     dv1 av1
ds_load_i8_d16                     DS      a4=ds_read_i8_d16      a4                     a4                     dv1 av1
ds_load_i8_d16_hi                  DS      a5=ds_read_i8_d16_hi   a5                     a5                     dv1 av1
ds_load_u16_d16                    DS      a6=ds_read_u16_d16     a6                     a6                     dv1 av1
ds_load_u16_d16_hi                 DS      a7=ds_read_u16_d16_hi  a7                     a7                     dv1 av1
ds_bvh_stack_rtn_b32               DS      -                      ad                     -                      dv1 av1 xv1 yv4
ds_store_addtid_b32                DS      b0=ds_write_addtid_b32 b0                     b0                     xv1
ds_load_addtid_b32                 DS      b1=ds_read_addtid_b32  b1                     b1                     dv1
ds_permute_b32                     DS      b2                     b2                     b2                     dv1 av1 xv1
ds_bpermute_b32                    DS      b3                     b3                     b3                     dv1 av1 xv1
ds_store_b96                       DS      de=ds_write_b96        de                     de                     av1 xv3
ds_store_b128                      DS      df=ds_write_b128       df                     df                     av1 xv4
ds_load_b96                        DS      fe=ds_read_b96         fe                     fe                     dv3 av1
ds_load_b128                       DS      ff=ds_read_b128        ff                     ff                     dv4 av1
flat_load_u8                       FLAT    8=flat_load_ubyte      10                     10                     dv1 av2
flat_load_i8                       FLAT    9=flat_load_sbyte      11                     11                     dv1 av2
flat_load_u16                      FLAT    a=flat_load_ushort     12                     12                     dv1 av2
flat_load_i16                      FLAT    b=flat_load_sshort     13                     13                     dv1 av2
flat_load_b32                      FLAT    c=flat_load_dword      14                     14                     dv1 av2
flat_load_b64                      FLAT    d=flat_load_dwordx2    15                     15                     dv2 av2
flat_load_b96                      FLAT    f=flat_load_dwordx3    16                     16                     dv3 av2
flat_load_b128                     FLAT    e=flat_load_dwordx4    17                     17                     dv4 av2
flat_store_b8                      FLAT    18=flat_store_byte     18                     18                     av2 xv1
flat_store_b16                     FLAT    1a=flat_store_short    19                     19                     av2 xv1
flat_store_b32                     FLAT    1c=flat_store_dword    1a                     1a                     av2 xv1
flat_store_b64                     FLAT    1d=flat_store_dwordx2  1b                     1b                     av2 xv2
flat_store_b96                     FLAT    1f=flat_store_dwordx3  1c                     1c                     av2 xv3
flat_store_b128                    FLAT    1e=flat_store_dwordx4  1d                     1d                     av2 xv4
flat_load_d16_u8                   FLAT    20=flat_load_ubyte_d16 1e                     1e                     dv1 av2
flat_load_d16_i8                   FLAT    22=flat_load_sbyte_d16 1f                     1f                     dv1 av2
flat_load_d16_b16                  FLAT    24=flat_load_short_d16 20                     20                     dv1 av2
flat_load_d16_hi_u8                FLAT    21=flat_load_ubyte_d16_hi 21                     21                     dv1 av2
flat_load_d16_hi_i8                FLAT    23=flat_load_sbyte_d16_hi 22                     22                     dv1 av2
flat_load_d16_hi_b16               FLAT    25=flat_load_short_d16_hi 23                     23                     dv1 av2
flat_store_d16_hi_b8               FLAT    19=flat_store_byte_d16_hi 24                     24                     av2 xv1
flat_store_d16_hi_b16              FLAT    1b=flat_store_short_d16_hi 25                     25                     av2 xv1
flat_atomic_swap_b32               FLAT    30=flat_atomic_swap    33                     33                     av2 xv1
flat_atomic_cmpswap_b32            FLAT    31=flat_atomic_cmpswap 34                     34                     av2 xv2
flat_atomic_add_u32                FLAT    32=flat_atomic_add     35                     35                     av2 xv1
flat_atomic_sub_u32                FLAT    33=flat_atomic_sub     36                     36                     av2 xv1
flat_atomic_min_i32                FLAT    35=flat_atomic_smin    38                     38                     av2 xv1
flat_atomic_min_u32                FLAT    36=flat_atomic_umin    39                     39                     av2 xv1
flat_atomic_max_i32                FLAT    37=flat_atomic_smax    3a                     3a                     av2 xv1
flat_atomic_max_u32                FLAT    38=flat_atomic_umax    3b                     3b                     av2 xv1
flat_atomic_and_b32                FLAT    39=flat_atomic_and     3c                     3c                     av2 xv1
flat_atomic_or_b32                 FLAT    3a=flat_atomic_or      3d                     3d                     av2 xv1
flat_atomic_xor_b32                FLAT    3b=flat_atomic_xor     3e                     3e                     av2 xv1
flat_atomic_inc_u32                FLAT    3c=flat_atomic_inc     3f                     3f                     av2 xv1
flat_atomic_dec_u32                FLAT    3d=flat_atomic_dec     40                     40                     av2 xv1
flat_atomic_swap_b64               FLAT    50=flat_atomic_swap_x2 41                     41                     av2 xv2
flat_atomic_cmpswap_b64            FLAT    51=flat_atomic_cmpswap_x2 42                     42                     av2 xv4
flat_atomic_add_u64                FLAT    52=flat_atomic_add_x2  43                     43                     av2 xv2
flat_atomic_sub_u64                FLAT    53=flat_atomic_sub_x2  44                     44                     av2 xv2
flat_atomic_min_i64                FLAT    55=flat_atomic_smin_x2 45                     45                     av2 xv2
flat_atomic_min_u64                FLAT    56=flat_atomic_umin_x2 46                     46                     av2 xv2
flat_atomic_max_i64                FLAT    57=flat_atomic_smax_x2 47                     47                     av2 xv2
flat_atomic_max_u64                FLAT    58=flat_atomic_umax_x2 48                     48                     av2 xv2
flat_atomic_and_b64                FLAT    59=flat_atomic_and_x2  49                     49                     av2 xv2
flat_atomic_or_b64                 FLAT    5a=flat_atomic_or_x2   4a                     4a                     av2 xv2
flat_atomic_xor_b64                FLAT    5b=flat_atomic_xor_x2  4b                     4b                     av2 xv2
flat_atomic_inc_u64                FLAT    5c=flat_atomic_inc_x2  4c                     4c                     av2 xv2
flat_atomic_dec_u64                FLAT    5d=flat_atomic_dec_x2  4d                     4d                     av2 xv2
flat_atomic_cmpswap_f32            FLAT    3e=flat_atomic_fcmpswap 50                     -                      av2 xv2
flat_atomic_min_f32                FLAT    3f=flat_atomic_fmin    51                     51=flat_atomic_min_num_f32 av2 xv1
flat_atomic_max_f32                FLAT    40=flat_atomic_fmax    52                     52=flat_atomic_max_num_f32 av2 xv1
flat_atomic_add_f32                FLAT    -                      56                     56                     av2 xv1
global_load_u8                     GLOBAL  8=global_load_ubyte    10                     10                     dv1 av2 off
global_load_i8                     GLOBAL  9=global_load_sbyte    11                     11                     dv1 av2 off
global_load_u16                    GLOBAL  a=global_load_ushort   12                     12                     dv1 av2 off
global_load_i16                    GLOBAL  b=global_load_sshort   13                     13                     dv1 av2 off
global_load_b32                    GLOBAL  c=global_load_dword    14                     14                     dv1 av2 off
global_load_b64                    GLOBAL  d=global_load_dwordx2  15                     15                     dv2 av2 off
global_load_b96                    GLOBAL  f=global_load_dwordx3  16                     16                     dv3 av2 off
global_load_b128                   GLOBAL  e=global_load_dwordx4  17                     17                     dv4 av2 off
global_store_b8                    GLOBAL  18=global_store_byte   18                     18                     av2 xv1 off
global_store_b16                   GLOBAL  1a=global_store_short  19                     19                     av2 xv1 off
global_store_b32                   GLOBAL  1c=global_store_dword  1a                     1a                     av2 xv1 off
global_store_b64                   GLOBAL  1d=global_store_dwordx2 1b                     1b                     av2 xv2 off
global_store_b96                   GLOBAL  1f=global_store_dwordx3 1c                     1c                     av2 xv3 off
global_store_b128                  GLOBAL  1e=global_store_dwordx4 1d                     1d                     av2 xv4 off
global_load_d16_u8                 GLOBAL  20=global_load_ubyte_d16 1e                     1e                     dv1 av2 off
global_load_d16_i8                 GLOBAL  22=global_load_sbyte_d16 1f                     1f                     dv1 av2 off
global_load_d16_b16                GLOBAL  24=global_load_short_d16 20                     20                     dv1 av2 off
global_load_d16_hi_u8              GLOBAL  21=global_load_ubyte_d16_hi 21                     21                     dv1 av2 off
global_load_d16_hi_i8              GLOBAL  23=global_load_sbyte_d16_hi 22                     22                     dv1 av2 off
global_load_d16_hi_b16             GLOBAL  25=global_load_short_d16_hi 23                     23                     dv1 av2 off
global_store_d16_hi_b8             GLOBAL  19=global_store_byte_d16_hi 24                     24                     av2 xv1 off
global_store_d16_hi_b16            GLOBAL  1b=global_store_short_d16_hi 25                     25                     av2 xv1 off
global_atomic_swap_b32             GLOBAL  30=global_atomic_swap  33                     33                     av2 xv1 off
global_atomic_cmpswap_b32          GLOBAL  31=global_atomic_cmpswap 34                     34                     av2 xv2 off
global_atomic_add_u32              GLOBAL  32=global_atomic_add   35                     35                     av2 xv1 off
global_atomic_sub_u32              GLOBAL  33=global_atomic_sub   36                     36                     av2 xv1 off
global_atomic_csub_u32             GLOBAL  34=global_atomic_csub  37                     37=global_atomic_sub_clamp_u32 av2 xv1 off
global_atomic_min_i32              GLOBAL  35=global_atomic_smin  38                     38                     av2 xv1 off
global_atomic_min_u32              GLOBAL  36=global_atomic_umin  39                     39                     av2 xv1 off
global_atomic_max_i32              GLOBAL  37=global_atomic_smax  3a                     3a                     av2 xv1 off
global_atomic_max_u32              GLOBAL  38=global_atomic_umax  3b                     3b                     av2 xv1 off
global_atomic_and_b32              GLOBAL  39=global_atomic_and   3c                     3c                     av2 xv1 off
global_atomic_or_b32               GLOBAL  3a=global_atomic_or    3d                     3d                     av2 xv1 off
global_atomic_xor_b32              GLOBAL  3b=global_atomic_xor   3e                     3e                     av2 xv1 off
global_atomic_inc_u32              GLOBAL  3c=global_atomic_inc   3f                     3f                     av2 xv1 off
global_atomic_dec_u32              GLOBAL  3d=global_atomic_dec   40                     40                     av2 xv1 off
global_atomic_swap_b64             GLOBAL  50=global_atomic_swap_x2 41                     41                     av2 xv2 off
global_atomic_cmpswap_b64          GLOBAL  51=global_atomic_cmpswap_x2 42                     42                     av2 xv4 off
global_atomic_add_u64              GLOBAL  52=global_atomic_add_x2 43                     43                     av2 xv2 off
global_atomic_sub_u64              GLOBAL  53=global_atomic_sub_x2 44                     44                     av2 xv2 off
global_atomic_min_i64              GLOBAL  55=global_atomic_smin_x2 45                     45                     av2 xv2 off
global_atomic_min_u64              GLOBAL  56=global_atomic_umin_x2 46                     46                     av2 xv2 off
global_atomic_max_i64              GLOBAL  57=global_atomic_smax_x2 47                     47                     av2 xv2 off
global_atomic_max_u64              GLOBAL  58=global_atomic_umax_x2 48                     48                     av2 xv2 off
global_atomic_and_b64              GLOBAL  59=global_atomic_and_x2 49                     49                     av2 xv2 off
global_atomic_or_b64               GLOBAL  5a=global_atomic_or_x2 4a                     4a                     av2 xv2 off
global_atomic_xor_b64              GLOBAL  5b=global_atomic_xor_x2 4b                     4b                     av2 xv2 off
global_atomic_inc_u64              GLOBAL  5c=global_atomic_inc_x2 4c                     4c                     av2 xv2 off
global_atomic_dec_u64              GLOBAL  5d=global_atomic_dec_x2 4d                     4d                     av2 xv2 off
global_atomic_cmpswap_f32          GLOBAL  3e=global_atomic_fcmpswap 50                     -                      av2 xv2 off
global_atomic_min_f32              GLOBAL  3f=global_atomic_fmin  51                     51=global_atomic_min_num_f32 av2 xv1 off
global_atomic_max_f32              GLOBAL  40=global_atomic_fmax  52                     52=global_atomic_max_num_f32 av2 xv1 off
global_atomic_add_f32              GLOBAL  -                      56                     56                     av2 xv1 off
buffer_load_format_x               MUBUF   0                      0                      0                      dv1 av1 rs4 os1 offen
buffer_load_format_xy              MUBUF   1                      1                      1                      dv2 av1 rs4 os1 offen
buffer_load_format_xyz             MUBUF   2                      2                      2                      dv3 av1 rs4 os1 offen
buffer_load_format_xyzw            MUBUF   3                      3                      3                      dv4 av1 rs4 os1 offen
buffer_store_format_x              MUBUF   4                      4                      4                      dv1 av1 rs4 os1 offen
buffer_store_format_xy             MUBUF   5                      5                      5                      dv2 av1 rs4 os1 offen
buffer_store_format_xyz            MUBUF   6                      6                      6                      dv3 av1 rs4 os1 offen
buffer_store_format_xyzw           MUBUF   7                      7                      7                      dv4 av1 rs4 os1 offen
buffer_load_d16_format_x           MUBUF   80=buffer_load_format_d16_x 8                      8                      dv1 av1 rs4 os1 offen
buffer_load_d16_format_xy          MUBUF   81=buffer_load_format_d16_xy 9                      9                      dv1 av1 rs4 os1 offen
buffer_load_d16_format_xyz         MUBUF   82=buffer_load_format_d16_xyz a                      a                      dv2 av1 rs4 os1 offen
buffer_load_d16_format_xyzw        MUBUF   83=buffer_load_format_d16_xyzw b                      b                      dv2 av1 rs4 os1 offen
buffer_store_d16_format_x          MUBUF   84=buffer_store_format_d16_x c                      c                      dv1 av1 rs4 os1 offen
buffer_store_d16_format_xy         MUBUF   85=buffer_store_format_d16_xy d                      d                      dv1 av1 rs4 os1 offen
buffer_store_d16_format_xyz        MUBUF   86=buffer_store_format_d16_xyz e                      e                      dv2 av1 rs4 os1 offen
buffer_store_d16_format_xyzw       MUBUF   87=buffer_store_format_d16_xyzw f                      f                      dv2 av1 rs4 os1 offen
buffer_load_u8                     MUBUF   8=buffer_load_ubyte    10                     10                     dv1 av1 rs4 os1 offen
buffer_load_i8                     MUBUF   9=buffer_load_sbyte    11                     11                     dv1 av1 rs4 os1 offen
buffer_load_u16                    MUBUF   a=buffer_load_ushort   12                     12                     dv1 av1 rs4 os1 offen
buffer_load_i16                    MUBUF   b=buffer_load_sshort   13                     13                     dv1 av1 rs4 os1 offen
buffer_load_b32                    MUBUF   c=buffer_load_dword    14                     14                     dv1 av1 rs4 os1 offen
buffer_load_b64                    MUBUF   d=buffer_load_dwordx2  15                     15                     dv2 av1 rs4 os1 offen
buffer_load_b96                    MUBUF   f=buffer_load_dwordx3  16                     16                     dv3 av1 rs4 os1 offen
buffer_load_b128                   MUBUF   e=buffer_load_dwordx4  17                     17                     dv4 av1 rs4 os1 offen
buffer_store_b8                    MUBUF   18=buffer_store_byte   18                     18                     dv1 av1 rs4 os1 offen
buffer_store_b16                   MUBUF   1a=buffer_store_short  19                     19                     dv1 av1 rs4 os1 offen
buffer_store_b32                   MUBUF   1c=buffer_store_dword  1a                     1a                     dv1 av1 rs4 os1 offen
buffer_store_b64                   MUBUF   1d=buffer_store_dwordx2 1b                     1b                     dv2 av1 rs4 os1 offen
buffer_store_b96                   MUBUF   1f=buffer_store_dwordx3 1c                     1c                     dv3 av1 rs4 os1 offen
buffer_store_b128                  MUBUF   1e=buffer_store_dwordx4 1d                     1d                     dv4 av1 rs4 os1 offen
buffer_load_d16_u8                 MUBUF   20=buffer_load_ubyte_d16 1e                     1e                     dv1 av1 rs4 os1 offen
buffer_load_d16_i8                 MUBUF   22=buffer_load_sbyte_d16 1f                     1f                     dv1 av1 rs4 os1 offen
buffer_load_d16_b16                MUBUF   24=buffer_load_short_d16 20                     20                     dv1 av1 rs4 os1 offen
buffer_load_d16_hi_u8              MUBUF   21=buffer_load_ubyte_d16_hi 21                     21                     dv1 av1 rs4 os1 offen
buffer_load_d16_hi_i8              MUBUF   23=buffer_load_sbyte_d16_hi 22                     22                     dv1 av1 rs4 os1 offen
buffer_load_d16_hi_b16             MUBUF   25=buffer_load_short_d16_hi 23                     23                     dv1 av1 rs4 os1 offen
buffer_store_d16_hi_b8             MUBUF   19=buffer_store_byte_d16_hi 24                     24                     dv1 av1 rs4 os1 offen
buffer_store_d16_hi_b16            MUBUF   1b=buffer_store_short_d16_hi 25                     25                     dv1 av1 rs4 os1 offen
buffer_load_d16_hi_format_x        MUBUF   26=buffer_load_format_d16_hi_x 26                     26                     dv1 av1 rs4 os1 offen
buffer_store_d16_hi_format_x       MUBUF   27=buffer_store_format_d16_hi_x 27                     27                     dv1 av1 rs4 os1 offen
buffer_load_lds_u8                 MUBUF   -                      2d                     -                      av1 rs4 os1 offen
buffer_load_lds_i8                 MUBUF   -                      2e                     -                      av1 rs4 os1 offen
buffer_load_lds_u16                MUBUF   -                      2f                     -                      av1 rs4 os1 offen
buffer_load_lds_i16                MUBUF   -                      30                     -                      av1 rs4 os1 offen
buffer_load_lds_b32                MUBUF   -                      31                     -                      av1 rs4 os1 offen
buffer_load_lds_format_x           MUBUF   -                      32                     -                      av1 rs4 os1 offen
buffer_atomic_swap_b32             MUBUF   30=buffer_atomic_swap  33                     33                     xv1 av1 rs4 os1 offen
buffer_atomic_cmpswap_b32          MUBUF   31=buffer_atomic_cmpswap 34                     34                     xv2 av1 rs4 os1 offen
buffer_atomic_add_u32              MUBUF   32=buffer_atomic_add   35                     35                     xv1 av1 rs4 os1 offen
buffer_atomic_sub_u32              MUBUF   33=buffer_atomic_sub   36                     36                     xv1 av1 rs4 os1 offen
buffer_atomic_csub_u32             MUBUF   34=buffer_atomic_csub  37                     37=buffer_atomic_sub_clamp_u32 xv1 av1 rs4 os1 offen
buffer_atomic_min_i32              MUBUF   35=buffer_atomic_smin  38                     38                     xv1 av1 rs4 os1 offen
buffer_atomic_min_u32              MUBUF   36=buffer_atomic_umin  39                     39                     xv1 av1 rs4 os1 offen
buffer_atomic_max_i32              MUBUF   37=buffer_atomic_smax  3a                     3a                     xv1 av1 rs4 os1 offen
buffer_atomic_max_u32              MUBUF   38=buffer_atomic_umax  3b                     3b                     xv1 av1 rs4 os1 offen
buffer_atomic_and_b32              MUBUF   39=buffer_atomic_and   3c                     3c                     xv1 av1 rs4 os1 offen
buffer_atomic_or_b32               MUBUF   3a=buffer_atomic_or    3d                     3d                     xv1 av1 rs4 os1 offen
buffer_atomic_xor_b32              MUBUF   3b=buffer_atomic_xor   3e                     3e                     xv1 av1 rs4 os1 offen
buffer_atomic_inc_u32              MUBUF   3c=buffer_atomic_inc   3f                     3f                     xv1 av1 rs4 os1 offen
buffer_atomic_dec_u32              MUBUF   3d=buffer_atomic_dec   40                     40                     xv1 av1 rs4 os1 offen
buffer_atomic_swap_b64             MUBUF   50=buffer_atomic_swap_x2 41                     41                     xv2 av1 rs4 os1 offen
buffer_atomic_cmpswap_b64          MUBUF   51=buffer_atomic_cmpswap_x2 42                     42                     xv4 av1 rs4 os1 offen
buffer_atomic_add_u64              MUBUF   52=buffer_atomic_add_x2 43                     43                     xv2 av1 rs4 os1 offen
buffer_atomic_sub_u64              MUBUF   53=buffer_atomic_sub_x2 44                     44                     xv2 av1 rs4 os1 offen
buffer_atomic_min_i64              MUBUF   55=buffer_atomic_smin_x2 45                     45                     xv2 av1 rs4 os1 offen
buffer_atomic_min_u64              MUBUF   56=buffer_atomic_umin_x2 46                     46                     xv2 av1 rs4 os1 offen
buffer_atomic_max_i64              MUBUF   57=buffer_atomic_smax_x2 47                     47                     xv2 av1 rs4 os1 offen
buffer_atomic_max_u64              MUBUF   58=buffer_atomic_umax_x2 48                     48                     xv2 av1 rs4 os1 offen
buffer_atomic_and_b64              MUBUF   59=buffer_atomic_and_x2 49                     49                     xv2 av1 rs4 os1 offen
buffer_atomic_or_b64               MUBUF   5a=buffer_atomic_or_x2 4a                     4a                     xv2 av1 rs4 os1 offen
buffer_atomic_xor_b64              MUBUF   5b=buffer_atomic_xor_x2 4b                     4b                     xv2 av1 rs4 os1 offen
buffer_atomic_inc_u64              MUBUF   5c=buffer_atomic_inc_x2 4c                     4c                     xv2 av1 rs4 os1 offen
buffer_atomic_dec_u64              MUBUF   5d=buffer_atomic_dec_x2 4d                     4d                     xv2 av1 rs4 os1 offen
buffer_atomic_cmpswap_f32          MUBUF   3e=buffer_atomic_fcmpswap 50                     -                      xv2 av1 rs4 os1 offen
buffer_atomic_min_f32              MUBUF   3f=buffer_atomic_fmin  51                     51=buffer_atomic_min_num_f32 xv1 av1 rs4 os1 offen
buffer_atomic_max_f32              MUBUF   40=buffer_atomic_fmax  52                     52=buffer_atomic_max_num_f32 xv1 av1 rs4 os1 offen
buffer_atomic_add_f32              MUBUF   -                      56                     56                     xv1 av1 rs4 os1 offen
scratch_load_u8                    SCRATCH 8=scratch_load_ubyte   10                     10                     dv1 av1 off
scratch_load_i8                    SCRATCH 9=scratch_load_sbyte   11                     11                     dv1 av1 off
scratch_load_u16                   SCRATCH a=scratch_load_ushort  12                     12                     dv1 av1 off
scratch_load_i16                   SCRATCH b=scratch_load_sshort  13                     13                     dv1 av1 off
scratch_load_b32                   SCRATCH c=scratch_load_dword   14                     14                     dv1 av1 off
scratch_load_b64                   SCRATCH d=scratch_load_dwordx2 15                     15                     dv2 av1 off
scratch_load_b96                   SCRATCH f=scratch_load_dwordx3 16                     16                     dv3 av1 off
scratch_load_b128                  SCRATCH e=scratch_load_dwordx4 17                     17                     dv4 av1 off
scratch_store_b8                   SCRATCH 18=scratch_store_byte  18                     18                     av1 xv1 off
scratch_store_b16                  SCRATCH 1a=scratch_store_short 19                     19                     av1 xv1 off
scratch_store_b32                  SCRATCH 1c=scratch_store_dword 1a                     1a                     av1 xv1 off
scratch_store_b64                  SCRATCH 1d=scratch_store_dwordx2 1b                     1b                     av1 xv2 off
scratch_store_b96                  SCRATCH 1f=scratch_store_dwordx3 1c                     1c                     av1 xv3 off
scratch_store_b128                 SCRATCH 1e=scratch_store_dwordx4 1d                     1d                     av1 xv4 off
scratch_load_d16_u8                SCRATCH 20=scratch_load_ubyte_d16 1e                     1e                     dv1 av1 off
scratch_load_d16_i8                SCRATCH 22=scratch_load_sbyte_d16 1f                     1f                     dv1 av1 off
scratch_load_d16_b16               SCRATCH 24=scratch_load_short_d16 20                     20                     dv1 av1 off
scratch_load_d16_hi_u8             SCRATCH 21=scratch_load_ubyte_d16_hi 21                     21                     dv1 av1 off
scratch_load_d16_hi_i8             SCRATCH 23=scratch_load_sbyte_d16_hi 22                     22                     dv1 av1 off
scratch_load_d16_hi_b16            SCRATCH 25=scratch_load_short_d16_hi 23                     23                     dv1 av1 off
scratch_store_d16_hi_b8            SCRATCH 19=scratch_store_byte_d16_hi 24                     24                     av1 xv1 off
scratch_store_d16_hi_b16           SCRATCH 1b=scratch_store_short_d16_hi 25                     25                     av1 xv1 off
s_load_b32                         SMEM    0=s_load_dword         0                      0                      ds1 bs2 K
s_load_b64                         SMEM    1=s_load_dwordx2       1                      1                      ds2 bs2 K
s_load_b128                        SMEM    2=s_load_dwordx4       2                      2                      ds4 bs2 K
s_load_b256                        SMEM    3=s_load_dwordx8       3                      3                      ds8 bs2 K
s_load_b512                        SMEM    4=s_load_dwordx16      4                      4                      ds16 bs2 K
s_mov_b32                          SOP1    3                      0                      0                      ds1 as1
s_mov_b64                          SOP1    4                      1                      1                      ds2 as2
s_cmov_b32                         SOP1    5                      2                      2                      ds1 as1
s_cmov_b64                         SOP1    6                      3                      3                      ds2 as2
s_brev_b32                         SOP1    b                      4                      4                      ds1 as1
s_brev_b64                         SOP1    c                      5                      5                      ds2 as2
s_ctz_i32_b32                      SOP1    13=s_ff1_i32_b32       8                      8                      ds1 as1
s_ctz_i32_b64                      SOP1    14=s_ff1_i32_b64       9                      9                      ds1 as2
s_clz_i32_u32                      SOP1    15=s_flbit_i32_b32     a                      a                      ds1 as1
s_clz_i32_u64                      SOP1    16=s_flbit_i32_b64     b                      b                      ds1 as2
s_cls_i32                          SOP1    17=s_flbit_i32         c                      c                      ds1 as1
s_cls_i32_i64                      SOP1    18=s_flbit_i32_i64     d                      d                      ds1 as2
s_sext_i32_i8                      SOP1    19                     e                      e                      ds1 as1
s_sext_i32_i16                     SOP1    1a                     f                      f                      ds1 as1
s_bitset0_b32                      SOP1    1b                     10                     10                     ds1 as1
s_bitset0_b64                      SOP1    1c                     11                     11                     ds2 as1
s_bitset1_b32                      SOP1    1d                     12                     12                     ds1 as1
s_bitset1_b64                      SOP1    1e                     13                     13                     ds2 as1
s_bitreplicate_b64_b32             SOP1    3b                     14                     14                     ds2 as1
s_abs_i32                          SOP1    34                     15                     15                     ds1 as1
s_bcnt0_i32_b32                    SOP1    d                      16                     16                     ds1 as1
s_bcnt0_i32_b64                    SOP1    e                      17                     17                     ds1 as2
s_bcnt1_i32_b32                    SOP1    f                      18                     18                     ds1 as1
s_bcnt1_i32_b64                    SOP1    10                     19                     19                     ds1 as2
s_quadmask_b32                     SOP1    2c                     1a                     1a                     ds1 as1
s_quadmask_b64                     SOP1    2d                     1b                     1b                     ds2 as2
s_wqm_b32                          SOP1    9                      1c                     1c                     ds1 as1
s_wqm_b64                          SOP1    a                      1d                     1d                     ds2 as2
s_not_b32                          SOP1    7                      1e                     1e                     ds1 as1
s_not_b64                          SOP1    8                      1f                     1f                     ds2 as2
s_and_saveexec_b32                 SOP1    3c                     20                     20                     ds1 as1
s_and_saveexec_b64                 SOP1    24                     21                     21                     ds2 as2
s_or_saveexec_b32                  SOP1    3d                     22                     22                     ds1 as1
s_or_saveexec_b64                  SOP1    25                     23                     23                     ds2 as2
s_xor_saveexec_b32                 SOP1    3e                     24                     24                     ds1 as1
s_xor_saveexec_b64                 SOP1    26                     25                     25                     ds2 as2
s_nand_saveexec_b32                SOP1    41                     26                     26                     ds1 as1
s_nand_saveexec_b64                SOP1    29                     27                     27                     ds2 as2
s_nor_saveexec_b32                 SOP1    42                     28                     28                     ds1 as1
s_nor_saveexec_b64                 SOP1    2a                     29                     29                     ds2 as2
s_xnor_saveexec_b32                SOP1    43                     2a                     2a                     ds1 as1
s_xnor_saveexec_b64                SOP1    2b                     2b                     2b                     ds2 as2
s_and_not0_saveexec_b32            SOP1    44=s_andn1_saveexec_b32 2c                     2c                     ds1 as1
s_and_not0_saveexec_b64            SOP1    37=s_andn1_saveexec_b64 2d                     2d                     ds2 as2
s_or_not0_saveexec_b32             SOP1    45=s_orn1_saveexec_b32 2e                     2e                     ds1 as1
s_or_not0_saveexec_b64             SOP1    38=s_orn1_saveexec_b64 2f                     2f                     ds2 as2
s_and_not1_saveexec_b32            SOP1    3f=s_andn2_saveexec_b32 30                     30                     ds1 as1
s_and_not1_saveexec_b64            SOP1    27=s_andn2_saveexec_b64 31                     31                     ds2 as2
s_or_not1_saveexec_b32             SOP1    40=s_orn2_saveexec_b32 32                     32                     ds1 as1
s_or_not1_saveexec_b64             SOP1    28=s_orn2_saveexec_b64 33                     33                     ds2 as2
s_and_not0_wrexec_b32              SOP1    46=s_andn1_wrexec_b32  34                     34                     ds1 as1
s_and_not0_wrexec_b64              SOP1    39=s_andn1_wrexec_b64  35                     35                     ds2 as2
s_and_not1_wrexec_b32              SOP1    47=s_andn2_wrexec_b32  36                     36                     ds1 as1
s_and_not1_wrexec_b64              SOP1    3a=s_andn2_wrexec_b64  37                     37                     ds2 as2
s_movrels_b32                      SOP1    2e                     40                     40                     ds1 as1
s_movrels_b64                      SOP1    2f                     41                     41                     ds2 as2
s_movreld_b32                      SOP1    30                     42                     42                     ds1 as1
s_movreld_b64                      SOP1    31                     43                     43                     ds2 as2
s_movrelsd_2_b32                   SOP1    49                     44                     44                     ds1 as1
s_getpc_b64                        SOP1    1f                     47                     47                     ds2
s_setpc_b64                        SOP1    20                     48                     48                     as2
s_swappc_b64                       SOP1    21                     49                     49                     ds2 as2
s_rfe_b64                          SOP1    22                     4a                     4a                     as2
s_sendmsg_rtn_b32                  SOP1    -                      4c                     4c                     ds1 SENDMSG
s_sendmsg_rtn_b64                  SOP1    -                      4d                     4d                     ds2 SENDMSG
s_add_u32                          SOP2    0                      0                      0=s_add_co_u32         ds1 as1 bs1
s_sub_u32                          SOP2    1                      1                      1=s_sub_co_u32         ds1 as1 bs1
s_add_i32                          SOP2    2                      2                      2=s_add_co_i32         ds1 as1 bs1
s_sub_i32                          SOP2    3                      3                      3=s_sub_co_i32         ds1 as1 bs1
s_addc_u32                         SOP2    4                      4                      4=s_add_co_ci_u32      ds1 as1 bs1
s_subb_u32                         SOP2    5                      5                      5=s_sub_co_ci_u32      ds1 as1 bs1
s_absdiff_i32                      SOP2    2c                     6                      6                      ds1 as1 bs1
s_lshl_b32                         SOP2    1e                     8                      8                      ds1 as1 bs1
s_lshl_b64                         SOP2    1f                     9                      9                      ds2 as2 bs1
s_lshr_b32                         SOP2    20                     a                      a                      ds1 as1 bs1
s_lshr_b64                         SOP2    21                     b                      b                      ds2 as2 bs1
s_ashr_i32                         SOP2    22                     c                      c                      ds1 as1 bs1
s_ashr_i64                         SOP2    23                     d                      d                      ds2 as2 bs1
s_lshl1_add_u32                    SOP2    2e                     e                      e                      ds1 as1 bs1
s_lshl2_add_u32                    SOP2    2f                     f                      f                      ds1 as1 bs1
s_lshl3_add_u32                    SOP2    30                     10                     10                     ds1 as1 bs1
s_lshl4_add_u32                    SOP2    31                     11                     11                     ds1 as1 bs1
s_min_i32                          SOP2    6                      12                     12                     ds1 as1 bs1
s_min_u32                          SOP2    7                      13                     13                     ds1 as1 bs1
s_max_i32                          SOP2    8                      14                     14                     ds1 as1 bs1
s_max_u32                          SOP2    9                      15                     15                     ds1 as1 bs1
s_and_b32                          SOP2    e                      16                     16                     ds1 as1 bs1
s_and_b64                          SOP2    f                      17                     17                     ds2 as2 bs2
s_or_b32                           SOP2    10                     18                     18                     ds1 as1 bs1
s_or_b64                           SOP2    11                     19                     19                     ds2 as2 bs2
s_xor_b32                          SOP2    12                     1a                     1a                     ds1 as1 bs1
s_xor_b64                          SOP2    13                     1b                     1b                     ds2 as2 bs2
s_nand_b32                         SOP2    18                     1c                     1c                     ds1 as1 bs1
s_nand_b64                         SOP2    19                     1d                     1d                     ds2 as2 bs2
s_nor_b32                          SOP2    1a                     1e                     1e                     ds1 as1 bs1
s_nor_b64                          SOP2    1b                     1f                     1f                     ds2 as2 bs2
s_xnor_b32                         SOP2    1c                     20                     20                     ds1 as1 bs1
s_xnor_b64                         SOP2    1d                     21                     21                     ds2 as2 bs2
s_and_not1_b32                     SOP2    14=s_andn2_b32         22                     22                     ds1 as1 bs1
s_and_not1_b64                     SOP2    15=s_andn2_b64         23                     23                     ds2 as2 bs2
s_or_not1_b32                      SOP2    16=s_orn2_b32          24                     24                     ds1 as1 bs1
s_or_not1_b64                      SOP2    17=s_orn2_b64          25                     25                     ds2 as2 bs2
s_bfe_u32                          SOP2    27                     26                     26                     ds1 as1 bs1
s_bfe_i32                          SOP2    28                     27                     27                     ds1 as1 bs1
s_bfe_u64                          SOP2    29                     28                     28                     ds2 as2 bs1
s_bfe_i64                          SOP2    2a                     29                     29                     ds2 as2 bs1
s_bfm_b32                          SOP2    24                     2a                     2a                     ds1 as1 bs1
s_bfm_b64                          SOP2    25                     2b                     2b                     ds2 as1 bs1
s_mul_i32                          SOP2    26                     2c                     2c                     ds1 as1 bs1
s_mul_hi_u32                       SOP2    35                     2d                     2d                     ds1 as1 bs1
s_mul_hi_i32                       SOP2    36                     2e                     2e                     ds1 as1 bs1
s_cselect_b32                      SOP2    a                      30                     30                     ds1 as1 bs1
s_cselect_b64                      SOP2    b                      31                     31                     ds2 as2 bs2
s_pack_ll_b32_b16                  SOP2    32                     32                     32                     ds1 as1 bs1
s_pack_lh_b32_b16                  SOP2    33                     33                     33                     ds1 as1 bs1
s_pack_hh_b32_b16                  SOP2    34                     34                     34                     ds1 as1 bs1
s_pack_hl_b32_b16                  SOP2    -                      35                     35                     ds1 as1 bs1
s_cmp_eq_i32                       SOPC    0                      0                      0                      as1 bs1
s_cmp_lg_i32                       SOPC    1                      1                      1                      as1 bs1
s_cmp_gt_i32                       SOPC    2                      2                      2                      as1 bs1
s_cmp_ge_i32                       SOPC    3                      3                      3                      as1 bs1
s_cmp_lt_i32                       SOPC    4                      4                      4                      as1 bs1
s_cmp_le_i32                       SOPC    5                      5                      5                      as1 bs1
s_cmp_eq_u32                       SOPC    6                      6                      6                      as1 bs1
s_cmp_lg_u32                       SOPC    7                      7                      7                      as1 bs1
s_cmp_gt_u32                       SOPC    8                      8                      8                      as1 bs1
s_cmp_ge_u32                       SOPC    9                      9                      9                      as1 bs1
s_cmp_lt_u32                       SOPC    a                      a                      a                      as1 bs1
s_cmp_le_u32                       SOPC    b                      b                      b                      as1 bs1
s_bitcmp0_b32                      SOPC    c                      c                      c                      as1 bs1
s_bitcmp1_b32                      SOPC    d                      d                      d                      as1 bs1
s_bitcmp0_b64                      SOPC    e                      e                      e                      as2 bs1
s_bitcmp1_b64                      SOPC    f                      f                      f                      as2 bs1
s_cmp_eq_u64                       SOPC    12                     10                     10                     as2 bs2
s_cmp_lg_u64                       SOPC    13                     11                     11                     as2 bs2
s_movk_i32                         SOPK    0                      0                      0                      ds1 K
s_version                          SOPK    1                      1                      1                      k
s_cmovk_i32                        SOPK    2                      2                      2                      ds1 K
s_cmpk_eq_i32                      SOPK    3                      3                      -                      ds1 K
s_cmpk_lg_i32                      SOPK    4                      4                      -                      ds1 K
s_cmpk_gt_i32                      SOPK    5                      5                      -                      ds1 K
s_cmpk_ge_i32                      SOPK    6                      6                      -                      ds1 K
s_cmpk_lt_i32                      SOPK    7                      7                      -                      ds1 K
s_cmpk_le_i32                      SOPK    8                      8                      -                      ds1 K
s_cmpk_eq_u32                      SOPK    9                      9                      -                      ds1 K
s_cmpk_lg_u32                      SOPK    a                      a                      -                      ds1 K
s_cmpk_gt_u32                      SOPK    b                      b                      -                      ds1 K
s_cmpk_ge_u32                      SOPK    c                      c                      -                      ds1 K
s_cmpk_lt_u32                      SOPK    d                      d                      -                      ds1 K
s_cmpk_le_u32                      SOPK    e                      e                      -                      ds1 K
s_addk_i32                         SOPK    f                      f                      f=s_addk_co_i32        ds1 K
s_mulk_i32                         SOPK    10                     10                     10                     ds1 K
s_getreg_b32                       SOPK    12                     11                     11                     ds1 HWREG
s_setreg_b32                       SOPK    13                     12                     12                     HWREG as1
s_call_b64                         SOPK    16                     14                     14                     ds2 k
s_subvector_loop_begin             SOPK    1b                     16                     -                      ds1 k
s_subvector_loop_end               SOPK    1c                     17                     -                      ds1 k
s_waitcnt_vscnt                    SOPK    17                     18                     -                      ds1 K
s_waitcnt_vmcnt                    SOPK    18                     19                     -                      ds1 K
s_waitcnt_expcnt                   SOPK    19                     1a                     -                      ds1 K
s_waitcnt_lgkmcnt                  SOPK    1a                     1b                     -                      ds1 K
s_nop                              SOPP    0                      0                      0                      k
s_setkill                          SOPP    b                      1                      1                      k
s_sethalt                          SOPP    d                      2                      2                      k
s_sleep                            SOPP    e                      3                      3                      k
s_set_inst_prefetch_distance       SOPP    20=s_inst_prefetch     4                      -                      K
s_clause                           SOPP    21                     5                      5                      K
s_delay_alu                        SOPP    -                      7                      7                      DELAY
s_waitcnt_depctr                   SOPP    23                     8                      8=s_wait_alu           DEPCTR
s_waitcnt                          SOPP    c                      9                      9                      WAITCNT
s_wait_idle                        SOPP    22                     a                      a                      
s_wait_event                       SOPP    -                      b                      b                      K
s_trap                             SOPP    12                     10                     10                     k
s_round_mode                       SOPP    24                     11                     11                     K
s_denorm_mode                      SOPP    25                     12                     12                     k
s_code_end                         SOPP    1f                     1f                     1f                     
s_branch                           SOPP    2                      20                     20                     k
s_cbranch_scc0                     SOPP    4                      21                     21                     k
s_cbranch_scc1                     SOPP    5                      22                     22                     k
s_cbranch_vccz                     SOPP    6                      23                     23                     k
s_cbranch_vccnz                    SOPP    7                      24                     24                     k
s_cbranch_execz                    SOPP    8                      25                     25                     k
s_cbranch_execnz                   SOPP    9                      26                     26                     k
s_cbranch_cdbgsys                  SOPP    17                     27                     -                      k
s_cbranch_cdbguser                 SOPP    18                     28                     -                      k
s_cbranch_cdbgsys_or_user          SOPP    19                     29                     -                      k
s_cbranch_cdbgsys_and_user         SOPP    1a                     2a                     -                      k
s_endpgm                           SOPP    1                      30                     30                     KOPT
s_endpgm_saved                     SOPP    1b                     31                     31                     
s_wakeup                           SOPP    3                      34                     34                     
s_setprio                          SOPP    f                      35                     35                     k
s_sendmsg                          SOPP    10                     36                     36                     SENDMSG
s_sendmsghalt                      SOPP    11                     37                     37                     SENDMSG
s_incperflevel                     SOPP    14                     38                     38                     k
s_decperflevel                     SOPP    15                     39                     39                     k
s_ttracedata                       SOPP    16                     3a                     3a                     
s_ttracedata_imm                   SOPP    28                     3b                     3b                     K
s_icache_inv                       SOPP    13                     3c                     3c                     
s_barrier                          SOPP    a                      3d                     -                      
v_nop                              VOP1    0/180                  0/180                  0/180                      
v_mov_b32                          VOP1    1/181                  1/181                  1/181                  dv1 av1
v_readfirstlane_b32                VOP1    2                      2                      2                      ds1 av1
v_cvt_i32_f64                      VOP1    3/183                  3/183                  3/183                  dv1 av2
v_cvt_f64_i32                      VOP1    4/184                  4/184                  4/184                  dv2 av1
v_cvt_f32_i32                      VOP1    5/185                  5/185                  5/185                  dv1 av1
v_cvt_f32_u32                      VOP1    6/186                  6/186                  6/186                  dv1 av1
v_cvt_u32_f32                      VOP1    7/187                  7/187                  7/187                  dv1 av1
v_cvt_i32_f32                      VOP1    8/188                  8/188                  8/188                  dv1 av1
v_cvt_f16_f32                      VOP1    a/18a                  a/18a                  a/18a                  dv1 av1
v_cvt_f32_f16                      VOP1    b/18b                  b/18b                  b/18b                  dv1 av1
v_cvt_nearest_i32_f32              VOP1    c/18c=v_cvt_rpi_i32_f32 c/18c                  c/18c                  dv1 av1
v_cvt_floor_i32_f32                VOP1    d/18d=v_cvt_flr_i32_f32 d/18d                  d/18d                  dv1 av1
v_cvt_off_f32_i4                   VOP1    e/18e                  e/18e                  e/18e                  dv1 av1
v_cvt_f32_f64                      VOP1    f/18f                  f/18f                  f/18f                  dv1 av2
v_cvt_f64_f32                      VOP1    10/190                 10/190                 10/190                 dv2 av1
v_cvt_f32_ubyte0                   VOP1    11/191                 11/191                 11/191                 dv1 av1
v_cvt_f32_ubyte1                   VOP1    12/192                 12/192                 12/192                 dv1 av1
v_cvt_f32_ubyte2                   VOP1    13/193                 13/193                 13/193                 dv1 av1
v_cvt_f32_ubyte3                   VOP1    14/194                 14/194                 14/194                 dv1 av1
v_cvt_u32_f64                      VOP1    15/195                 15/195                 15/195                 dv1 av2
v_cvt_f64_u32                      VOP1    16/196                 16/196                 16/196                 dv2 av1
v_trunc_f64                        VOP1    17/197                 17/197                 17/197                 dv2 av2
v_ceil_f64                         VOP1    18/198                 18/198                 18/198                 dv2 av2
v_rndne_f64                        VOP1    19/199                 19/199                 19/199                 dv2 av2
v_floor_f64                        VOP1    1a/19a                 1a/19a                 1a/19a                 dv2 av2
v_pipeflush                        VOP1    1b/19b                 1b/19b                 1b/19b                     
v_fract_f32                        VOP1    20/1a0                 20/1a0                 20/1a0                 dv1 av1
v_trunc_f32                        VOP1    21/1a1                 21/1a1                 21/1a1                 dv1 av1
v_ceil_f32                         VOP1    22/1a2                 22/1a2                 22/1a2                 dv1 av1
v_rndne_f32                        VOP1    23/1a3                 23/1a3                 23/1a3                 dv1 av1
v_floor_f32                        VOP1    24/1a4                 24/1a4                 24/1a4                 dv1 av1
v_exp_f32                          VOP1    25/1a5                 25/1a5                 25/1a5                 dv1 av1
v_log_f32                          VOP1    27/1a7                 27/1a7                 27/1a7                 dv1 av1
v_rcp_f32                          VOP1    2a/1aa                 2a/1aa                 2a/1aa                 dv1 av1
v_rcp_iflag_f32                    VOP1    2b/1ab                 2b/1ab                 2b/1ab                 dv1 av1
v_rsq_f32                          VOP1    2e/1ae                 2e/1ae                 2e/1ae                 dv1 av1
v_rcp_f64                          VOP1    2f/1af                 2f/1af                 2f/1af                 dv2 av2
v_rsq_f64                          VOP1    31/1b1                 31/1b1                 31/1b1                 dv2 av2
v_sqrt_f32                         VOP1    33/1b3                 33/1b3                 33/1b3                 dv1 av1
v_sqrt_f64                         VOP1    34/1b4                 34/1b4                 34/1b4                 dv2 av2
v_sin_f32                          VOP1    35/1b5                 35/1b5                 35/1b5                 dv1 av1
v_cos_f32                          VOP1    36/1b6                 36/1b6                 36/1b6                 dv1 av1
v_not_b32                          VOP1    37/1b7                 37/1b7                 37/1b7                 dv1 av1
v_bfrev_b32                        VOP1    38/1b8                 38/1b8                 38/1b8                 dv1 av1
v_clz_i32_u32                      VOP1    39/1b9=v_ffbh_u32      39/1b9                 39/1b9                 dv1 av1
v_ctz_i32_b32                      VOP1    3a/1ba=v_ffbl_b32      3a/1ba                 3a/1ba                 dv1 av1
v_cls_i32                          VOP1    3b/1bb=v_ffbh_i32      3b/1bb                 3b/1bb                 dv1 av1
v_frexp_exp_i32_f64                VOP1    3c/1bc                 3c/1bc                 3c/1bc                 dv1 av2
v_frexp_mant_f64                   VOP1    3d/1bd                 3d/1bd                 3d/1bd                 dv2 av2
v_fract_f64                        VOP1    3e/1be                 3e/1be                 3e/1be                 dv2 av2
v_frexp_exp_i32_f32                VOP1    3f/1bf                 3f/1bf                 3f/1bf                 dv1 av1
v_frexp_mant_f32                   VOP1    40/1c0                 40/1c0                 40/1c0                 dv1 av1
v_movreld_b32                      VOP1    42/1c2                 42/1c2                 42/1c2                 dv1 av1
v_movrels_b32                      VOP1    43/1c3                 43/1c3                 43/1c3                 dv1 av1
v_movrelsd_b32                     VOP1    44/1c4                 44/1c4                 44/1c4                 dv1 av1
v_movrelsd_2_b32                   VOP1    48/1c8                 48/1c8                 48/1c8                 dv1 av1
v_cvt_f16_u16                      VOP1    50/1d0                 50/1d0                 50/1d0                 dv1 av1
v_cvt_f16_i16                      VOP1    51/1d1                 51/1d1                 51/1d1                 dv1 av1
v_cvt_u16_f16                      VOP1    52/1d2                 52/1d2                 52/1d2                 dv1 av1
v_cvt_i16_f16                      VOP1    53/1d3                 53/1d3                 53/1d3                 dv1 av1
v_rcp_f16                          VOP1    54/1d4                 54/1d4                 54/1d4                 dv1 av1
v_sqrt_f16                         VOP1    55/1d5                 55/1d5                 55/1d5                 dv1 av1
v_rsq_f16                          VOP1    56/1d6                 56/1d6                 56/1d6                 dv1 av1
v_log_f16                          VOP1    57/1d7                 57/1d7                 57/1d7                 dv1 av1
v_exp_f16                          VOP1    58/1d8                 58/1d8                 58/1d8                 dv1 av1
v_frexp_mant_f16                   VOP1    59/1d9                 59/1d9                 59/1d9                 dv1 av1
v_frexp_exp_i16_f16                VOP1    5a/1da                 5a/1da                 5a/1da                 dv1 av1
v_floor_f16                        VOP1    5b/1db                 5b/1db                 5b/1db                 dv1 av1
v_ceil_f16                         VOP1    5c/1dc                 5c/1dc                 5c/1dc                 dv1 av1
v_trunc_f16                        VOP1    5d/1dd                 5d/1dd                 5d/1dd                 dv1 av1
v_rndne_f16                        VOP1    5e/1de                 5e/1de                 5e/1de                 dv1 av1
v_fract_f16                        VOP1    5f/1df                 5f/1df                 5f/1df                 dv1 av1
v_sin_f16                          VOP1    60/1e0                 60/1e0                 60/1e0                 dv1 av1
v_cos_f16                          VOP1    61/1e1                 61/1e1                 61/1e1                 dv1 av1
v_sat_pk_u8_i16                    VOP1    62/1e2                 62/1e2                 62/1e2                 dv1 av1
v_cvt_norm_i16_f16                 VOP1    63/1e3                 63/1e3                 63/1e3                 dv1 av1
v_cvt_norm_u16_f16                 VOP1    64/1e4                 64/1e4                 64/1e4                 dv1 av1
v_swap_b32                         VOP1    65                     65                     65                     dv1 av1
v_permlane64_b32                   VOP1    -                      67                     67                     dv1 av1
v_swaprel_b32                      VOP1    68                     68                     68                     dv1 av1
v_not_b16                          VOP1    -                      69/1e9                 69/1e9                 dv1 av1
v_cvt_i32_i16                      VOP1    -                      6a/1ea                 6a/1ea                 dv1 av1
v_cvt_u32_u16                      VOP1    -                      6b/1eb                 6b/1eb                 dv1 av1
v_illegal                          VOP2    0                      0                      0                      
v_cndmask_b32                      VOP2    1/101                  1/101                  1/101                  dv1 av1 bv1 vcc
v_dot2acc_f32_f16                  VOP2    2=v_dot2c_f32_f16      2                      -                      dv1 av1 bv1
v_add_f32                          VOP2    3/103                  3/103                  3/103                  dv1 av1 bv1
v_sub_f32                          VOP2    4/104                  4/104                  4/104                  dv1 av1 bv1
v_subrev_f32                       VOP2    5/105                  5/105                  5/105                  dv1 av1 bv1
v_fmac_dx9_zero_f32                VOP2    6/106=v_fmac_legacy_f32 6/106                  -                      dv1 av1 bv1
v_mul_dx9_zero_f32                 VOP2    7/107=v_mul_legacy_f32 7/107                  7/107                  dv1 av1 bv1
v_mul_f32                          VOP2    8/108                  8/108                  8/108                  dv1 av1 bv1
v_mul_i32_i24                      VOP2    9/109                  9/109                  9/109                  dv1 av1 bv1
v_mul_hi_i32_i24                   VOP2    a/10a                  a/10a                  a/10a                  dv1 av1 bv1
v_mul_u32_u24                      VOP2    b/10b                  b/10b                  b/10b                  dv1 av1 bv1
v_mul_hi_u32_u24                   VOP2    c/10c                  c/10c                  c/10c                  dv1 av1 bv1
v_min_f32                          VOP2    f/10f                  f/10f                  15/115=v_min_num_f32   dv1 av1 bv1
v_max_f32                          VOP2    10/110                 10/110                 16/116=v_max_num_f32   dv1 av1 bv1
v_min_i32                          VOP2    11/111                 11/111                 11/111                 dv1 av1 bv1
v_max_i32                          VOP2    12/112                 12/112                 12/112                 dv1 av1 bv1
v_min_u32                          VOP2    13/113                 13/113                 13/113                 dv1 av1 bv1
v_max_u32                          VOP2    14/114                 14/114                 14/114                 dv1 av1 bv1
v_lshlrev_b32                      VOP2    1a/11a                 18/118                 18/118                 dv1 av1 bv1
v_lshrrev_b32                      VOP2    16/116                 19/119                 19/119                 dv1 av1 bv1
v_ashrrev_i32                      VOP2    18/118                 1a/11a                 1a/11a                 dv1 av1 bv1
v_and_b32                          VOP2    1b/11b                 1b/11b                 1b/11b                 dv1 av1 bv1
v_or_b32                           VOP2    1c/11c                 1c/11c                 1c/11c                 dv1 av1 bv1
v_xor_b32                          VOP2    1d/11d                 1d/11d                 1d/11d                 dv1 av1 bv1
v_xnor_b32                         VOP2    1e/11e                 1e/11e                 1e/11e                 dv1 av1 bv1
v_add_co_ci_u32                    VOP2    28/128                 20/120                 20/120                 dv1 vcc av1 bv1 vcc
v_sub_co_ci_u32                    VOP2    29/129                 21/121                 21/121                 dv1 vcc av1 bv1 vcc
v_subrev_co_ci_u32                 VOP2    2a/12a                 22/122                 22/122                 dv1 vcc av1 bv1 vcc
v_add_nc_u32                       VOP2    25/125                 25/125                 25/125                 dv1 av1 bv1
v_sub_nc_u32                       VOP2    26/126                 26/126                 26/126                 dv1 av1 bv1
v_subrev_nc_u32                    VOP2    27/127                 27/127                 27/127                 dv1 av1 bv1
v_readlane_b32                     VOP3    360                    360                    360                    ds1 av1 bs1
v_writelane_b32                    VOP3    361                    361                    361                    dv1 as1 bs1
v_permlane16_b32                   VOP3    377                    25b                    25b                    dv1 av1 bs1 cs1
v_permlanex16_b32                  VOP3    378                    25c                    25c                    dv1 av1 bs1 cs1
v_fmamk_f32                        VOP2    2c                     2c                     2c                     dv1 av1 L bv1
v_fmaak_f32                        VOP2    2d                     2d                     2d                     dv1 av1 bv1 L
v_fmamk_f16                        VOP2    37                     37                     37                     dv1 av1 L bv1
v_fmaak_f16                        VOP2    38                     38                     38                     dv1 av1 bv1 L
v_fmac_f32                         VOP2    2b/12b                 2b/12b                 2b/12b                 dv1 av1 bv1
v_cvt_pk_rtz_f16_f32               VOP2    2f/12f=v_cvt_pkrtz_f16_f32 2f/12f                 2f/12f                 dv1 av1 bv1
v_add_f16                          VOP2    32/132                 32/132                 32/132                 dv1 av1 bv1
v_sub_f16                          VOP2    33/133                 33/133                 33/133                 dv1 av1 bv1
v_subrev_f16                       VOP2    34/134                 34/134                 34/134                 dv1 av1 bv1
v_mul_f16                          VOP2    35/135                 35/135                 35/135                 dv1 av1 bv1
v_fmac_f16                         VOP2    36/136                 36/136                 36/136                 dv1 av1 bv1
v_max_f16                          VOP2    39/139                 39/139                 31/131=v_max_num_f16   dv1 av1 bv1
v_min_f16                          VOP2    3a/13a                 3a/13a                 30/130=v_min_num_f16   dv1 av1 bv1
v_ldexp_f16                        VOP2    3b/13b                 3b/13b                 3b/13b                 dv1 av1 bv1
v_pk_fmac_f16                      VOP2    3c                     3c                     3c                     dv1 av1 bv1
v_fma_dx9_zero_f32                 VOP3    140=v_fma_legacy_f32   209                    209                    dv1 av1 bv1 cv1
v_mad_i32_i24                      VOP3    142                    20a                    20a                    dv1 av1 bv1 cv1
v_mad_u32_u24                      VOP3    143                    20b                    20b                    dv1 av1 bv1 cv1
v_cubeid_f32                       VOP3    144                    20c                    20c                    dv1 av1 bv1 cv1
v_cubesc_f32                       VOP3    145                    20d                    20d                    dv1 av1 bv1 cv1
v_cubetc_f32                       VOP3    146                    20e                    20e                    dv1 av1 bv1 cv1
v_cubema_f32                       VOP3    147                    20f                    20f                    dv1 av1 bv1 cv1
v_bfe_u32                          VOP3    148                    210                    210                    dv1 av1 bv1 cv1
v_bfe_i32                          VOP3    149                    211                    211                    dv1 av1 bv1 cv1
v_bfi_b32                          VOP3    14a                    212                    212                    dv1 av1 bv1 cv1
v_fma_f32                          VOP3    14b                    213                    213                    dv1 av1 bv1 cv1
v_fma_f64                          VOP3    14c                    214                    214                    dv2 av2 bv2 cv2
v_lerp_u8                          VOP3    14d                    215                    215                    dv1 av1 bv1 cv1
v_alignbit_b32                     VOP3    14e                    216                    216                    dv1 av1 bv1 cv1
v_alignbyte_b32                    VOP3    14f                    217                    217                    dv1 av1 bv1 cv1
v_mullit_f32                       VOP3    150                    218                    218                    dv1 av1 bv1 cv1
v_min3_f32                         VOP3    151                    219                    229=v_min3_num_f32     dv1 av1 bv1 cv1
v_min3_i32                         VOP3    152                    21a                    21a                    dv1 av1 bv1 cv1
v_min3_u32                         VOP3    153                    21b                    21b                    dv1 av1 bv1 cv1
v_max3_f32                         VOP3    154                    21c                    22a=v_max3_num_f32     dv1 av1 bv1 cv1
v_max3_i32                         VOP3    155                    21d                    21d                    dv1 av1 bv1 cv1
v_max3_u32                         VOP3    156                    21e                    21e                    dv1 av1 bv1 cv1
v_med3_f32                         VOP3    157                    21f                    231=v_med3_num_f32     dv1 av1 bv1 cv1
v_med3_i32                         VOP3    158                    220                    220                    dv1 av1 bv1 cv1
v_med3_u32                         VOP3    159                    221                    221                    dv1 av1 bv1 cv1
v_sad_u8                           VOP3    15a                    222                    222                    dv1 av1 bv1 cv1
v_sad_hi_u8                        VOP3    15b                    223                    223                    dv1 av1 bv1 cv1
v_sad_u16                          VOP3    15c                    224                    224                    dv1 av1 bv1 cv1
v_sad_u32                          VOP3    15d                    225                    225                    dv1 av1 bv1 cv1
v_cvt_pk_u8_f32                    VOP3    15e                    226                    226                    dv1 av1 bv1 cv1
v_div_fixup_f32                    VOP3    15f                    227                    227                    dv1 av1 bv1 cv1
v_div_fixup_f64                    VOP3    160                    228                    228                    dv2 av2 bv2 cv2
v_div_fmas_f32                     VOP3    16f                    237                    237                    dv1 av1 bv1 cv1
v_div_fmas_f64                     VOP3    170                    238                    238                    dv2 av2 bv2 cv2
v_msad_u8                          VOP3    171                    239                    239                    dv1 av1 bv1 cv1
v_qsad_pk_u16_u8                   VOP3    172                    23a                    23a                    dv2 av2 bv1 cv2
v_mqsad_pk_u16_u8                  VOP3    173                    23b                    23b                    dv2 av2 bv1 cv2
v_mqsad_u32_u8                     VOP3    175                    23d                    23d                    dv4 av2 bv1 cv4
v_xor3_b32                         VOP3    178                    240                    240                    dv1 av1 bv1 cv1
v_mad_u16                          VOP3    340                    241                    241                    dv1 av1 bv1 cv1
v_perm_b32                         VOP3    344                    244                    244                    dv1 av1 bv1 cv1
v_xad_u32                          VOP3    345                    245                    245                    dv1 av1 bv1 cv1
v_lshl_add_u32                     VOP3    346                    246                    246                    dv1 av1 bv1 cv1
v_add_lshl_u32                     VOP3    347                    247                    247                    dv1 av1 bv1 cv1
v_fma_f16                          VOP3    34b                    248                    248                    dv1 av1 bv1 cv1
v_min3_f16                         VOP3    351                    249                    22b=v_min3_num_f16     dv1 av1 bv1 cv1
v_min3_i16                         VOP3    352                    24a                    24a                    dv1 av1 bv1 cv1
v_min3_u16                         VOP3    353                    24b                    24b                    dv1 av1 bv1 cv1
v_max3_f16                         VOP3    354                    24c                    22c=v_max3_num_f16     dv1 av1 bv1 cv1
v_max3_i16                         VOP3    355                    24d                    24d                    dv1 av1 bv1 cv1
v_max3_u16                         VOP3    356                    24e                    24e                    dv1 av1 bv1 cv1
v_med3_f16                         VOP3    357                    24f                    232=v_med3_num_f16     dv1 av1 bv1 cv1
v_med3_i16                         VOP3    358                    250                    250                    dv1 av1 bv1 cv1
v_med3_u16                         VOP3    359                    251                    251                    dv1 av1 bv1 cv1
v_mad_i16                          VOP3    35e                    253                    253                    dv1 av1 bv1 cv1
v_div_fixup_f16                    VOP3    35f                    254                    254                    dv1 av1 bv1 cv1
v_add3_u32                         VOP3    36d                    255                    255                    dv1 av1 bv1 cv1
v_lshl_or_b32                      VOP3    36f                    256                    256                    dv1 av1 bv1 cv1
v_and_or_b32                       VOP3    371                    257                    257                    dv1 av1 bv1 cv1
v_or3_b32                          VOP3    372                    258                    258                    dv1 av1 bv1 cv1
v_mad_u32_u16                      VOP3    373                    259                    259                    dv1 av1 bv1 cv1
v_mad_i32_i16                      VOP3    375                    25a                    25a                    dv1 av1 bv1 cv1
v_maxmin_f32                       VOP3    -                      25e                    269=v_maxmin_num_f32   dv1 av1 bv1 cv1
v_minmax_f32                       VOP3    -                      25f                    268=v_minmax_num_f32   dv1 av1 bv1 cv1
v_maxmin_f16                       VOP3    -                      260                    26b=v_maxmin_num_f16   dv1 av1 bv1 cv1
v_minmax_f16                       VOP3    -                      261                    26a=v_minmax_num_f16   dv1 av1 bv1 cv1
v_maxmin_u32                       VOP3    -                      262                    262                    dv1 av1 bv1 cv1
v_minmax_u32                       VOP3    -                      263                    263                    dv1 av1 bv1 cv1
v_maxmin_i32                       VOP3    -                      264                    264                    dv1 av1 bv1 cv1
v_minmax_i32                       VOP3    -                      265                    265                    dv1 av1 bv1 cv1
v_dot2_f16_f16                     VOP3    -                      266                    266                    dv1 av1 bv1 cv1
v_dot2_bf16_bf16                   VOP3    -                      267                    267                    dv1 av1 bv1 cv1
v_div_scale_f32                    VOP3    16d                    2fc                    2fc                    dv1 es1 av1 bv1 cv1
v_div_scale_f64                    VOP3    16e                    2fd                    2fd                    dv2 es1 av2 bv2 cv2
v_mad_u64_u32                      VOP3    176                    2fe                    2fe=v_mad_co_u64_u32   dv2 es1 av1 bv1 cv2
v_mad_i64_i32                      VOP3    177                    2ff                    2ff=v_mad_co_i64_i32   dv2 es1 av1 bv1 cv2
v_add_co_u32                       VOP3    30f                    300                    300                    dv1 es1 av1 bv1
v_sub_co_u32                       VOP3    310                    301                    301                    dv1 es1 av1 bv1
v_subrev_co_u32                    VOP3    319                    302                    302                    dv1 es1 av1 bv1
v_add_nc_u16                       VOP3    303                    303                    303                    dv1 av1 bv1
v_sub_nc_u16                       VOP3    304                    304                    304                    dv1 av1 bv1
v_mul_lo_u16                       VOP3    305                    305                    305                    dv1 av1 bv1
v_cvt_pk_i16_f32                   VOP3    -                      306                    306                    dv1 av1 bv1
v_cvt_pk_u16_f32                   VOP3    -                      307                    307                    dv1 av1 bv1
v_max_u16                          VOP3    309                    309                    309                    dv1 av1 bv1
v_max_i16                          VOP3    30a                    30a                    30a                    dv1 av1 bv1
v_min_u16                          VOP3    30b                    30b                    30b                    dv1 av1 bv1
v_min_i16                          VOP3    30c                    30c                    30c                    dv1 av1 bv1
v_add_nc_i16                       VOP3    30d                    30d                    30d                    dv1 av1 bv1
v_sub_nc_i16                       VOP3    30e                    30e                    30e                    dv1 av1 bv1
v_pack_b32_f16                     VOP3    311                    311                    311                    dv1 av1 bv1
v_cvt_pk_norm_i16_f16              VOP3    312=v_cvt_pknorm_i16_f16 312                    312                    dv1 av1 bv1
v_cvt_pk_norm_u16_f16              VOP3    313=v_cvt_pknorm_u16_f16 313                    313                    dv1 av1 bv1
v_ldexp_f32                        VOP3    362                    31c                    31c                    dv1 av1 bv1
v_bfm_b32                          VOP3    363                    31d                    31d                    dv1 av1 bv1
v_bcnt_u32_b32                     VOP3    364                    31e                    31e                    dv1 av1 bv1
v_mbcnt_lo_u32_b32                 VOP3    365                    31f                    31f                    dv1 av1 bv1
v_mbcnt_hi_u32_b32                 VOP3    366                    320                    320                    dv1 av1 bv1
v_cvt_pk_norm_i16_f32              VOP3    368=v_cvt_pknorm_i16_f32 321                    321                    dv1 av1 bv1
v_cvt_pk_norm_u16_f32              VOP3    369=v_cvt_pknorm_u16_f32 322                    322                    dv1 av1 bv1
v_cvt_pk_u16_u32                   VOP3    36a                    323                    323                    dv1 av1 bv1
v_cvt_pk_i16_i32                   VOP3    36b                    324                    324                    dv1 av1 bv1
v_sub_nc_i32                       VOP3    376                    325                    325                    dv1 av1 bv1
v_add_nc_i32                       VOP3    37f                    326                    326                    dv1 av1 bv1
v_add_f64                          VOP3    164                    327                    -                      dv2 av2 bv2
v_mul_f64                          VOP3    165                    328                    -                      dv2 av2 bv2
v_min_f64                          VOP3    166                    329                    -                      dv2 av2 bv2
v_max_f64                          VOP3    167                    32a                    -                      dv2 av2 bv2
v_ldexp_f64                        VOP3    168                    32b                    32b                    dv2 av2 bv1
v_mul_lo_u32                       VOP3    169                    32c                    32c                    dv1 av1 bv1
v_mul_hi_u32                       VOP3    16a                    32d                    32d                    dv1 av1 bv1
v_mul_hi_i32                       VOP3    16c                    32e                    32e                    dv1 av1 bv1
v_trig_preop_f64                   VOP3    174                    32f                    32f                    dv2 av2 bv1
v_lshlrev_b16                      VOP3    314                    338                    338                    dv1 av1 bv1
v_lshrrev_b16                      VOP3    307                    339                    339                    dv1 av1 bv1
v_ashrrev_i16                      VOP3    308                    33a                    33a                    dv1 av1 bv1
v_lshlrev_b64                      VOP3    2ff                    33c                    -                      dv2 av1 bv2
v_lshrrev_b64                      VOP3    300                    33d                    33d                    dv2 av1 bv2
v_ashrrev_i64                      VOP3    301                    33e                    33e                    dv2 av1 bv2
v_and_b16                          VOP3    -                      362                    362                    dv1 av1 bv1
v_or_b16                           VOP3    -                      363                    363                    dv1 av1 bv1
v_xor_b16                          VOP3    -                      364                    364                    dv1 av1 bv1
v_pk_mad_i16                       VOP3P   0                      0                      0                      dv1 av1 bv1 cv1
v_pk_mul_lo_u16                    VOP3P   1                      1                      1                      dv1 av1 bv1
v_pk_add_i16                       VOP3P   2                      2                      2                      dv1 av1 bv1
v_pk_sub_i16                       VOP3P   3                      3                      3                      dv1 av1 bv1
v_pk_lshlrev_b16                   VOP3P   4                      4                      4                      dv1 av1 bv1
v_pk_lshrrev_b16                   VOP3P   5                      5                      5                      dv1 av1 bv1
v_pk_ashrrev_i16                   VOP3P   6                      6                      6                      dv1 av1 bv1
v_pk_max_i16                       VOP3P   7                      7                      7                      dv1 av1 bv1
v_pk_min_i16                       VOP3P   8                      8                      8                      dv1 av1 bv1
v_pk_mad_u16                       VOP3P   9                      9                      9                      dv1 av1 bv1 cv1
v_pk_add_u16                       VOP3P   a                      a                      a                      dv1 av1 bv1
v_pk_sub_u16                       VOP3P   b                      b                      b                      dv1 av1 bv1
v_pk_max_u16                       VOP3P   c                      c                      c                      dv1 av1 bv1
v_pk_min_u16                       VOP3P   d                      d                      d                      dv1 av1 bv1
v_pk_fma_f16                       VOP3P   e                      e                      e                      dv1 av1 bv1 cv1
v_pk_add_f16                       VOP3P   f                      f                      f                      dv1 av1 bv1
v_pk_mul_f16                       VOP3P   10                     10                     10                     dv1 av1 bv1
v_pk_min_f16                       VOP3P   11                     11                     1b=v_pk_min_num_f16    dv1 av1 bv1
v_pk_max_f16                       VOP3P   12                     12                     1c=v_pk_max_num_f16    dv1 av1 bv1
v_dot2_f32_f16                     VOP3P   13                     13                     13                     dv1 av1 bv1 cv1
v_dot4_i32_iu8                     VOP3P   -                      16                     16                     dv1 av1 bv1 cv1
v_dot4_u32_u8                      VOP3P   17                     17                     17                     dv1 av1 bv1 cv1
v_dot8_i32_iu4                     VOP3P   -                      18                     18                     dv1 av1 bv1 cv1
v_dot8_u32_u4                      VOP3P   19                     19                     19                     dv1 av1 bv1 cv1
v_dot2_f32_bf16                    VOP3P   -                      1a                     1a                     dv1 av1 bv1 cv1
v_fma_mix_f32                      VOP3P   20                     20                     20                     dv1 av1 bv1 cv1
v_fma_mixlo_f16                    VOP3P   21                     21                     21                     dv1 av1 bv1 cv1
v_fma_mixhi_f16                    VOP3P   22                     22                     22                     dv1 av1 bv1 cv1
v_wmma_f32_16x16x16_f16            VOP3P   -                      40                     40|dv8,av4,bv4,cv8     dv8 av8 bv8 cv8
v_wmma_f32_16x16x16_bf16           VOP3P   -                      41                     41|dv8,av4,bv4,cv8     dv8 av8 bv8 cv8
v_wmma_f16_16x16x16_f16            VOP3P   -                      42                     42|dv4,av4,bv4,cv4     dv8 av8 bv8 cv8
v_wmma_bf16_16x16x16_bf16          VOP3P   -                      43                     43|dv4,av4,bv4,cv4     dv8 av8 bv8 cv8
v_wmma_i32_16x16x16_iu8            VOP3P   -                      44                     44|dv8,av2,bv2,cv8     dv8 av4 bv4 cv8
v_wmma_i32_16x16x16_iu4            VOP3P   -                      45                     45|dv8,av1,bv1,cv8     dv8 av2 bv2 cv8
v_cmp_f_f16                        VOPC    c8/c8                  0/0                    -                      vcc av1 bv1
v_cmp_lt_f16                       VOPC    c9/c9                  1/1                    1/1                    vcc av1 bv1
v_cmp_eq_f16                       VOPC    ca/ca                  2/2                    2/2                    vcc av1 bv1
v_cmp_le_f16                       VOPC    cb/cb                  3/3                    3/3                    vcc av1 bv1
v_cmp_gt_f16                       VOPC    cc/cc                  4/4                    4/4                    vcc av1 bv1
v_cmp_lg_f16                       VOPC    cd/cd                  5/5                    5/5                    vcc av1 bv1
v_cmp_ge_f16                       VOPC    ce/ce                  6/6                    6/6                    vcc av1 bv1
v_cmp_o_f16                        VOPC    cf/cf                  7/7                    7/7                    vcc av1 bv1
v_cmp_u_f16                        VOPC    e8/e8                  8/8                    8/8                    vcc av1 bv1
v_cmp_nge_f16                      VOPC    e9/e9                  9/9                    9/9                    vcc av1 bv1
v_cmp_nlg_f16                      VOPC    ea/ea                  a/a                    a/a                    vcc av1 bv1
v_cmp_ngt_f16                      VOPC    eb/eb                  b/b                    b/b                    vcc av1 bv1
v_cmp_nle_f16                      VOPC    ec/ec                  c/c                    c/c                    vcc av1 bv1
v_cmp_neq_f16                      VOPC    ed/ed                  d/d                    d/d                    vcc av1 bv1
v_cmp_nlt_f16                      VOPC    ee/ee                  e/e                    e/e                    vcc av1 bv1
v_cmp_t_f16                        VOPC    ef/ef=v_cmp_tru_f16    f/f                    -                      vcc av1 bv1
v_cmp_f_f32                        VOPC    0/0                    10/10                  -                      vcc av1 bv1
v_cmp_lt_f32                       VOPC    1/1                    11/11                  11/11                  vcc av1 bv1
v_cmp_eq_f32                       VOPC    2/2                    12/12                  12/12                  vcc av1 bv1
v_cmp_le_f32                       VOPC    3/3                    13/13                  13/13                  vcc av1 bv1
v_cmp_gt_f32                       VOPC    4/4                    14/14                  14/14                  vcc av1 bv1
v_cmp_lg_f32                       VOPC    5/5                    15/15                  15/15                  vcc av1 bv1
v_cmp_ge_f32                       VOPC    6/6                    16/16                  16/16                  vcc av1 bv1
v_cmp_o_f32                        VOPC    7/7                    17/17                  17/17                  vcc av1 bv1
v_cmp_u_f32                        VOPC    8/8                    18/18                  18/18                  vcc av1 bv1
v_cmp_nge_f32                      VOPC    9/9                    19/19                  19/19                  vcc av1 bv1
v_cmp_nlg_f32                      VOPC    a/a                    1a/1a                  1a/1a                  vcc av1 bv1
v_cmp_ngt_f32                      VOPC    b/b                    1b/1b                  1b/1b                  vcc av1 bv1
v_cmp_nle_f32                      VOPC    c/c                    1c/1c                  1c/1c                  vcc av1 bv1
v_cmp_neq_f32                      VOPC    d/d                    1d/1d                  1d/1d                  vcc av1 bv1
v_cmp_nlt_f32                      VOPC    e/e                    1e/1e                  1e/1e                  vcc av1 bv1
v_cmp_t_f32                        VOPC    f/f=v_cmp_tru_f32      1f/1f                  -                      vcc av1 bv1
v_cmp_f_f64                        VOPC    20/20                  20/20                  -                      vcc av2 bv2
v_cmp_lt_f64                       VOPC    21/21                  21/21                  21/21                  vcc av2 bv2
v_cmp_eq_f64                       VOPC    22/22                  22/22                  22/22                  vcc av2 bv2
v_cmp_le_f64                       VOPC    23/23                  23/23                  23/23                  vcc av2 bv2
v_cmp_gt_f64                       VOPC    24/24                  24/24                  24/24                  vcc av2 bv2
v_cmp_lg_f64                       VOPC    25/25                  25/25                  25/25                  vcc av2 bv2
v_cmp_ge_f64                       VOPC    26/26                  26/26                  26/26                  vcc av2 bv2
v_cmp_o_f64                        VOPC    27/27                  27/27                  27/27                  vcc av2 bv2
v_cmp_u_f64                        VOPC    28/28                  28/28                  28/28                  vcc av2 bv2
v_cmp_nge_f64                      VOPC    29/29                  29/29                  29/29                  vcc av2 bv2
v_cmp_nlg_f64                      VOPC    2a/2a                  2a/2a                  2a/2a                  vcc av2 bv2
v_cmp_ngt_f64                      VOPC    2b/2b                  2b/2b                  2b/2b                  vcc av2 bv2
v_cmp_nle_f64                      VOPC    2c/2c                  2c/2c                  2c/2c                  vcc av2 bv2
v_cmp_neq_f64                      VOPC    2d/2d                  2d/2d                  2d/2d                  vcc av2 bv2
v_cmp_nlt_f64                      VOPC    2e/2e                  2e/2e                  2e/2e                  vcc av2 bv2
v_cmp_t_f64                        VOPC    2f/2f=v_cmp_tru_f64    2f/2f                  -                      vcc av2 bv2
v_cmp_lt_i16                       VOPC    89/89                  31/31                  31/31                  vcc av1 bv1
v_cmp_eq_i16                       VOPC    8a/8a                  32/32                  32/32                  vcc av1 bv1
v_cmp_le_i16                       VOPC    8b/8b                  33/33                  33/33                  vcc av1 bv1
v_cmp_gt_i16                       VOPC    8c/8c                  34/34                  34/34                  vcc av1 bv1
v_cmp_ne_i16                       VOPC    8d/8d                  35/35                  35/35                  vcc av1 bv1
v_cmp_ge_i16                       VOPC    8e/8e                  36/36                  36/36                  vcc av1 bv1
v_cmp_lt_u16                       VOPC    a9/a9                  39/39                  39/39                  vcc av1 bv1
v_cmp_eq_u16                       VOPC    aa/aa                  3a/3a                  3a/3a                  vcc av1 bv1
v_cmp_le_u16                       VOPC    ab/ab                  3b/3b                  3b/3b                  vcc av1 bv1
v_cmp_gt_u16                       VOPC    ac/ac                  3c/3c                  3c/3c                  vcc av1 bv1
v_cmp_ne_u16                       VOPC    ad/ad                  3d/3d                  3d/3d                  vcc av1 bv1
v_cmp_ge_u16                       VOPC    ae/ae                  3e/3e                  3e/3e                  vcc av1 bv1
v_cmp_f_i32                        VOPC    80/80                  40/40                  -                      vcc av1 bv1
v_cmp_lt_i32                       VOPC    81/81                  41/41                  41/41                  vcc av1 bv1
v_cmp_eq_i32                       VOPC    82/82                  42/42                  42/42                  vcc av1 bv1
v_cmp_le_i32                       VOPC    83/83                  43/43                  43/43                  vcc av1 bv1
v_cmp_gt_i32                       VOPC    84/84                  44/44                  44/44                  vcc av1 bv1
v_cmp_ne_i32                       VOPC    85/85                  45/45                  45/45                  vcc av1 bv1
v_cmp_ge_i32                       VOPC    86/86                  46/46                  46/46                  vcc av1 bv1
v_cmp_t_i32                        VOPC    87/87                  47/47                  -                      vcc av1 bv1
v_cmp_f_u32                        VOPC    c0/c0                  48/48                  -                      vcc av1 bv1
v_cmp_lt_u32                       VOPC    c1/c1                  49/49                  49/49                  vcc av1 bv1
v_cmp_eq_u32                       VOPC    c2/c2                  4a/4a                  4a/4a                  vcc av1 bv1
v_cmp_le_u32                       VOPC    c3/c3                  4b/4b                  4b/4b                  vcc av1 bv1
v_cmp_gt_u32                       VOPC    c4/c4                  4c/4c                  4c/4c                  vcc av1 bv1
v_cmp_ne_u32                       VOPC    c5/c5                  4d/4d                  4d/4d                  vcc av1 bv1
v_cmp_ge_u32                       VOPC    c6/c6                  4e/4e                  4e/4e                  vcc av1 bv1
v_cmp_t_u32                        VOPC    c7/c7                  4f/4f                  -                      vcc av1 bv1
v_cmp_f_i64                        VOPC    a0/a0                  50/50                  -                      vcc av2 bv2
v_cmp_lt_i64                       VOPC    a1/a1                  51/51                  51/51                  vcc av2 bv2
v_cmp_eq_i64                       VOPC    a2/a2                  52/52                  52/52                  vcc av2 bv2
v_cmp_le_i64                       VOPC    a3/a3                  53/53                  53/53                  vcc av2 bv2
v_cmp_gt_i64                       VOPC    a4/a4                  54/54                  54/54                  vcc av2 bv2
v_cmp_ne_i64                       VOPC    a5/a5                  55/55                  55/55                  vcc av2 bv2
v_cmp_ge_i64                       VOPC    a6/a6                  56/56                  56/56                  vcc av2 bv2
v_cmp_t_i64                        VOPC    a7/a7                  57/57                  -                      vcc av2 bv2
v_cmp_f_u64                        VOPC    e0/e0                  58/58                  -                      vcc av2 bv2
v_cmp_lt_u64                       VOPC    e1/e1                  59/59                  59/59                  vcc av2 bv2
v_cmp_eq_u64                       VOPC    e2/e2                  5a/5a                  5a/5a                  vcc av2 bv2
v_cmp_le_u64                       VOPC    e3/e3                  5b/5b                  5b/5b                  vcc av2 bv2
v_cmp_gt_u64                       VOPC    e4/e4                  5c/5c                  5c/5c                  vcc av2 bv2
v_cmp_ne_u64                       VOPC    e5/e5                  5d/5d                  5d/5d                  vcc av2 bv2
v_cmp_ge_u64                       VOPC    e6/e6                  5e/5e                  5e/5e                  vcc av2 bv2
v_cmp_t_u64                        VOPC    e7/e7                  5f/5f                  -                      vcc av2 bv2
v_cmp_class_f16                    VOPC    8f/8f                  7d/7d                  7d/7d                  vcc av1 bv1
v_cmp_class_f32                    VOPC    88/88                  7e/7e                  7e/7e                  vcc av1 bv1
v_cmp_class_f64                    VOPC    a8/a8                  7f/7f                  7f/7f                  vcc av2 bv1
v_cmpx_f_f16                       VOPC    d8/d8                  80/80                  -                      av1 bv1
v_cmpx_lt_f16                      VOPC    d9/d9                  81/81                  81/81                  av1 bv1
v_cmpx_eq_f16                      VOPC    da/da                  82/82                  82/82                  av1 bv1
v_cmpx_le_f16                      VOPC    db/db                  83/83                  83/83                  av1 bv1
v_cmpx_gt_f16                      VOPC    dc/dc                  84/84                  84/84                  av1 bv1
v_cmpx_lg_f16                      VOPC    dd/dd                  85/85                  85/85                  av1 bv1
v_cmpx_ge_f16                      VOPC    de/de                  86/86                  86/86                  av1 bv1
v_cmpx_o_f16                       VOPC    df/df                  87/87                  87/87                  av1 bv1
v_cmpx_u_f16                       VOPC    f8/f8                  88/88                  88/88                  av1 bv1
v_cmpx_nge_f16                     VOPC    f9/f9                  89/89                  89/89                  av1 bv1
v_cmpx_nlg_f16                     VOPC    fa/fa                  8a/8a                  8a/8a                  av1 bv1
v_cmpx_ngt_f16                     VOPC    fb/fb                  8b/8b                  8b/8b                  av1 bv1
v_cmpx_nle_f16                     VOPC    fc/fc                  8c/8c                  8c/8c                  av1 bv1
v_cmpx_neq_f16                     VOPC    fd/fd                  8d/8d                  8d/8d                  av1 bv1
v_cmpx_nlt_f16                     VOPC    fe/fe                  8e/8e                  8e/8e                  av1 bv1
v_cmpx_t_f16                       VOPC    ff/ff=v_cmpx_tru_f16   8f/8f                  -                      av1 bv1
v_cmpx_f_f32                       VOPC    10/10                  90/90                  -                      av1 bv1
v_cmpx_lt_f32                      VOPC    11/11                  91/91                  91/91                  av1 bv1
v_cmpx_eq_f32                      VOPC    12/12                  92/92                  92/92                  av1 bv1
v_cmpx_le_f32                      VOPC    13/13                  93/93                  93/93                  av1 bv1
v_cmpx_gt_f32                      VOPC    14/14                  94/94                  94/94                  av1 bv1
v_cmpx_lg_f32                      VOPC    15/15                  95/95                  95/95                  av1 bv1
v_cmpx_ge_f32                      VOPC    16/16                  96/96                  96/96                  av1 bv1
v_cmpx_o_f32                       VOPC    17/17                  97/97                  97/97                  av1 bv1
v_cmpx_u_f32                       VOPC    18/18                  98/98                  98/98                  av1 bv1
v_cmpx_nge_f32                     VOPC    19/19                  99/99                  99/99                  av1 bv1
v_cmpx_nlg_f32                     VOPC    1a/1a                  9a/9a                  9a/9a                  av1 bv1
v_cmpx_ngt_f32                     VOPC    1b/1b                  9b/9b                  9b/9b                  av1 bv1
v_cmpx_nle_f32                     VOPC    1c/1c                  9c/9c                  9c/9c                  av1 bv1
v_cmpx_neq_f32                     VOPC    1d/1d                  9d/9d                  9d/9d                  av1 bv1
v_cmpx_nlt_f32                     VOPC    1e/1e                  9e/9e                  9e/9e                  av1 bv1
v_cmpx_t_f32                       VOPC    1f/1f=v_cmpx_tru_f32   9f/9f                  -                      av1 bv1
v_cmpx_f_f64                       VOPC    30/30                  a0/a0                  -                      av2 bv2
v_cmpx_lt_f64                      VOPC    31/31                  a1/a1                  a1/a1                  av2 bv2
v_cmpx_eq_f64                      VOPC    32/32                  a2/a2                  a2/a2                  av2 bv2
v_cmpx_le_f64                      VOPC    33/33                  a3/a3                  a3/a3                  av2 bv2
v_cmpx_gt_f64                      VOPC    34/34                  a4/a4                  a4/a4                  av2 bv2
v_cmpx_lg_f64                      VOPC    35/35                  a5/a5                  a5/a5                  av2 bv2
v_cmpx_ge_f64                      VOPC    36/36                  a6/a6                  a6/a6                  av2 bv2
v_cmpx_o_f64                       VOPC    37/37                  a7/a7                  a7/a7                  av2 bv2
v_cmpx_u_f64                       VOPC    38/38                  a8/a8                  a8/a8                  av2 bv2
v_cmpx_nge_f64                     VOPC    39/39                  a9/a9                  a9/a9                  av2 bv2
v_cmpx_nlg_f64                     VOPC    3a/3a                  aa/aa                  aa/aa                  av2 bv2
v_cmpx_ngt_f64                     VOPC    3b/3b                  ab/ab                  ab/ab                  av2 bv2
v_cmpx_nle_f64                     VOPC    3c/3c                  ac/ac                  ac/ac                  av2 bv2
v_cmpx_neq_f64                     VOPC    3d/3d                  ad/ad                  ad/ad                  av2 bv2
v_cmpx_nlt_f64                     VOPC    3e/3e                  ae/ae                  ae/ae                  av2 bv2
v_cmpx_t_f64                       VOPC    3f/3f=v_cmpx_tru_f64   af/af                  -                      av2 bv2
v_cmpx_lt_i16                      VOPC    99/99                  b1/b1                  b1/b1                  av1 bv1
v_cmpx_eq_i16                      VOPC    9a/9a                  b2/b2                  b2/b2                  av1 bv1
v_cmpx_le_i16                      VOPC    9b/9b                  b3/b3                  b3/b3                  av1 bv1
v_cmpx_gt_i16                      VOPC    9c/9c                  b4/b4                  b4/b4                  av1 bv1
v_cmpx_ne_i16                      VOPC    9d/9d                  b5/b5                  b5/b5                  av1 bv1
v_cmpx_ge_i16                      VOPC    9e/9e                  b6/b6                  b6/b6                  av1 bv1
v_cmpx_lt_u16                      VOPC    b9/b9                  b9/b9                  b9/b9                  av1 bv1
v_cmpx_eq_u16                      VOPC    ba/ba                  ba/ba                  ba/ba                  av1 bv1
v_cmpx_le_u16                      VOPC    bb/bb                  bb/bb                  bb/bb                  av1 bv1
v_cmpx_gt_u16                      VOPC    bc/bc                  bc/bc                  bc/bc                  av1 bv1
v_cmpx_ne_u16                      VOPC    bd/bd                  bd/bd                  bd/bd                  av1 bv1
v_cmpx_ge_u16                      VOPC    be/be                  be/be                  be/be                  av1 bv1
v_cmpx_f_i32                       VOPC    90/90                  c0/c0                  -                      av1 bv1
v_cmpx_lt_i32                      VOPC    91/91                  c1/c1                  c1/c1                  av1 bv1
v_cmpx_eq_i32                      VOPC    92/92                  c2/c2                  c2/c2                  av1 bv1
v_cmpx_le_i32                      VOPC    93/93                  c3/c3                  c3/c3                  av1 bv1
v_cmpx_gt_i32                      VOPC    94/94                  c4/c4                  c4/c4                  av1 bv1
v_cmpx_ne_i32                      VOPC    95/95                  c5/c5                  c5/c5                  av1 bv1
v_cmpx_ge_i32                      VOPC    96/96                  c6/c6                  c6/c6                  av1 bv1
v_cmpx_t_i32                       VOPC    97/97                  c7/c7                  -                      av1 bv1
v_cmpx_f_u32                       VOPC    d0/d0                  c8/c8                  -                      av1 bv1
v_cmpx_lt_u32                      VOPC    d1/d1                  c9/c9                  c9/c9                  av1 bv1
v_cmpx_eq_u32                      VOPC    d2/d2                  ca/ca                  ca/ca                  av1 bv1
v_cmpx_le_u32                      VOPC    d3/d3                  cb/cb                  cb/cb                  av1 bv1
v_cmpx_gt_u32                      VOPC    d4/d4                  cc/cc                  cc/cc                  av1 bv1
v_cmpx_ne_u32                      VOPC    d5/d5                  cd/cd                  cd/cd                  av1 bv1
v_cmpx_ge_u32                      VOPC    d6/d6                  ce/ce                  ce/ce                  av1 bv1
v_cmpx_t_u32                       VOPC    d7/d7                  cf/cf                  -                      av1 bv1
v_cmpx_f_i64                       VOPC    b0/b0                  d0/d0                  -                      av2 bv2
v_cmpx_lt_i64                      VOPC    b1/b1                  d1/d1                  d1/d1                  av2 bv2
v_cmpx_eq_i64                      VOPC    b2/b2                  d2/d2                  d2/d2                  av2 bv2
v_cmpx_le_i64                      VOPC    b3/b3                  d3/d3                  d3/d3                  av2 bv2
v_cmpx_gt_i64                      VOPC    b4/b4                  d4/d4                  d4/d4                  av2 bv2
v_cmpx_ne_i64                      VOPC    b5/b5                  d5/d5                  d5/d5                  av2 bv2
v_cmpx_ge_i64                      VOPC    b6/b6                  d6/d6                  d6/d6                  av2 bv2
v_cmpx_t_i64                       VOPC    b7/b7                  d7/d7                  -                      av2 bv2
v_cmpx_f_u64                       VOPC    f0/f0                  d8/d8                  -                      av2 bv2
v_cmpx_lt_u64                      VOPC    f1/f1                  d9/d9                  d9/d9                  av2 bv2
v_cmpx_eq_u64                      VOPC    f2/f2                  da/da                  da/da                  av2 bv2
v_cmpx_le_u64                      VOPC    f3/f3                  db/db                  db/db                  av2 bv2
v_cmpx_gt_u64                      VOPC    f4/f4                  dc/dc                  dc/dc                  av2 bv2
v_cmpx_ne_u64                      VOPC    f5/f5                  dd/dd                  dd/dd                  av2 bv2
v_cmpx_ge_u64                      VOPC    f6/f6                  de/de                  de/de                  av2 bv2
v_cmpx_t_u64                       VOPC    f7/f7                  df/df                  -                      av2 bv2
v_cmpx_class_f16                   VOPC    9f/9f                  fd/fd                  fd/fd                  av1 bv1
v_cmpx_class_f32                   VOPC    98/98                  fe/fe                  fe/fe                  av1 bv1
v_cmpx_class_f64                   VOPC    b8/b8                  ff/ff                  ff/ff                  av2 bv1
ds_cond_sub_u32                    DS      -                      -                      98                     av1 xv1
ds_sub_clamp_u32                   DS      -                      -                      99                     av1 xv1
ds_pk_add_f16                      DS      -                      -                      9a                     av1 xv1
ds_pk_add_bf16                     DS      -                      -                      9b                     av1 xv1
ds_cond_sub_rtn_u32                DS      -                      -                      a8                     dv1 av1 xv1
ds_sub_clamp_rtn_u32               DS      -                      -                      a9                     dv1 av1 xv1
ds_pk_add_rtn_f16                  DS      -                      -                      aa                     dv1 av1 xv1
ds_pk_add_rtn_bf16                 DS      -                      -                      ab                     dv1 av1 xv1
flat_atomic_sub_clamp_u32          FLAT    -                      -                      37                     av2 xv1
flat_atomic_cond_sub_u32           FLAT    -                      -                      50                     av2 xv1
flat_atomic_pk_add_f16             FLAT    -                      -                      59                     av2 xv1
flat_atomic_pk_add_bf16            FLAT    -                      -                      5a                     av2 xv1
global_atomic_cond_sub_u32         GLOBAL  -                      -                      50                     av2 xv1 off
global_load_block                  GLOBAL  -                      -                      53                     dv32 av2 off
global_store_block                 GLOBAL  -                      -                      54                     av2 xv32 off
global_load_tr_b128                GLOBAL  -                      -                      57                     dv4 av2 off
global_load_tr_b64                 GLOBAL  -                      -                      58                     dv2 av2 off
global_atomic_pk_add_f16           GLOBAL  -                      -                      59                     av2 xv1 off
global_atomic_pk_add_bf16          GLOBAL  -                      -                      5a                     av2 xv1 off
global_atomic_ordered_add_b64      GLOBAL  -                      -                      73                     av2 xv2 off
buffer_atomic_cond_sub_u32         MUBUF   -                      -                      50                     xv1 av1 rs4 os1 offen
buffer_atomic_pk_add_f16           MUBUF   -                      -                      59                     xv1 av1 rs4 os1 offen
buffer_atomic_pk_add_bf16          MUBUF   -                      -                      5a                     xv1 av1 rs4 os1 offen
tbuffer_load_format_x              MUBUF   -                      -                      80                     dv1 av1 rs4 os1 offen
tbuffer_load_format_xy             MUBUF   -                      -                      81                     dv2 av1 rs4 os1 offen
tbuffer_load_format_xyz            MUBUF   -                      -                      82                     dv3 av1 rs4 os1 offen
tbuffer_load_format_xyzw           MUBUF   -                      -                      83                     dv4 av1 rs4 os1 offen
tbuffer_store_format_x             MUBUF   -                      -                      84                     dv1 av1 rs4 os1 offen
tbuffer_store_format_xy            MUBUF   -                      -                      85                     dv2 av1 rs4 os1 offen
tbuffer_store_format_xyz           MUBUF   -                      -                      86                     dv3 av1 rs4 os1 offen
tbuffer_store_format_xyzw          MUBUF   -                      -                      87                     dv4 av1 rs4 os1 offen
tbuffer_load_d16_format_x          MUBUF   -                      -                      88                     dv1 av1 rs4 os1 offen
tbuffer_load_d16_format_xy         MUBUF   -                      -                      89                     dv1 av1 rs4 os1 offen
tbuffer_load_d16_format_xyz        MUBUF   -                      -                      8a                     dv2 av1 rs4 os1 offen
tbuffer_load_d16_format_xyzw       MUBUF   -                      -                      8b                     dv2 av1 rs4 os1 offen
tbuffer_store_d16_format_x         MUBUF   -                      -                      8c                     dv1 av1 rs4 os1 offen
tbuffer_store_d16_format_xy        MUBUF   -                      -                      8d                     dv1 av1 rs4 os1 offen
tbuffer_store_d16_format_xyz       MUBUF   -                      -                      8e                     dv2 av1 rs4 os1 offen
tbuffer_store_d16_format_xyzw      MUBUF   -                      -                      8f                     dv2 av1 rs4 os1 offen
scratch_load_block                 SCRATCH -                      -                      53                     dv32 av1 off
scratch_store_block                SCRATCH -                      -                      54                     av1 xv32 off
s_load_b96                         SMEM    -                      -                      5                      ds3 bs2 K
s_load_i8                          SMEM    -                      -                      8                      ds1 bs2 K
s_load_u8                          SMEM    -                      -                      9                      ds1 bs2 K
s_load_i16                         SMEM    -                      -                      a                      ds1 bs2 K
s_load_u16                         SMEM    -                      -                      b                      ds1 bs2 K
s_buffer_load_b32                  SMEM    8=s_buffer_load_dword  8                      10                     ds1 bs4 K
s_buffer_load_b64                  SMEM    9=s_buffer_load_dwordx2 9                      11                     ds2 bs4 K
s_buffer_load_b96                  SMEM    -                      -                      15                     ds3 bs4 K
s_buffer_load_b128                 SMEM    a=s_buffer_load_dwordx4 a                      12                     ds4 bs4 K
s_buffer_load_b256                 SMEM    b=s_buffer_load_dwordx8 b                      13                     ds8 bs4 K
s_buffer_load_b512                 SMEM    c=s_buffer_load_dwordx16 c                      14                     ds16 bs4 K
s_buffer_load_i8                   SMEM    -                      -                      18                     ds1 bs4 K
s_buffer_load_u8                   SMEM    -                      -                      19                     ds1 bs4 K
s_buffer_load_i16                  SMEM    -                      -                      1a                     ds1 bs4 K
s_buffer_load_u16                  SMEM    -                      -                      1b                     ds1 bs4 K
s_gl1_inv                          SMEM    1f                     20                     -
s_dcache_inv                       SMEM    20                     21                     21
buffer_gl0_inv                     MUBUF   71                     2b                     -
buffer_gl1_inv                     MUBUF   72                     2c                     -
global_inv                         GLOBAL  -                      -                      2b
global_wb                          GLOBAL  -                      -                      2c
global_wbinv                       GLOBAL  -                      -                      4f
s_setreg_imm32_b32                 SOPK    15                     13                     13                     HWREG I
s_barrier_signal                   SOP1    -                      -                      4e                     as1
s_barrier_signal_isfirst           SOP1    -                      -                      4f                     as1
s_get_barrier_state                SOP1    -                      -                      50                     ds1 as1
s_barrier_init                     SOP1    -                      -                      51                     as1
s_barrier_join                     SOP1    -                      -                      52                     as1
s_wakeup_barrier                   SOP1    -                      -                      57                     as1
s_sleep_var                        SOP1    -                      -                      58                     as1
s_ceil_f32                         SOP1    -                      -                      60                     ds1 as1
s_floor_f32                        SOP1    -                      -                      61                     ds1 as1
s_trunc_f32                        SOP1    -                      -                      62                     ds1 as1
s_rndne_f32                        SOP1    -                      -                      63                     ds1 as1
s_cvt_f32_i32                      SOP1    -                      -                      64                     ds1 as1
s_cvt_f32_u32                      SOP1    -                      -                      65                     ds1 as1
s_cvt_i32_f32                      SOP1    -                      -                      66                     ds1 as1
s_cvt_u32_f32                      SOP1    -                      -                      67                     ds1 as1
s_cvt_f16_f32                      SOP1    -                      -                      68                     ds1 as1
s_cvt_f32_f16                      SOP1    -                      -                      69                     ds1 as1
s_cvt_hi_f32_f16                   SOP1    -                      -                      6a                     ds1 as1
s_ceil_f16                         SOP1    -                      -                      6b                     ds1 as1
s_floor_f16                        SOP1    -                      -                      6c                     ds1 as1
s_trunc_f16                        SOP1    -                      -                      6d                     ds1 as1
s_rndne_f16                        SOP1    -                      -                      6e                     ds1 as1
s_add_f32                          SOP2    -                      -                      40                     ds1 as1 bs1
s_sub_f32                          SOP2    -                      -                      41                     ds1 as1 bs1
s_min_num_f32                      SOP2    -                      -                      42                     ds1 as1 bs1
s_max_num_f32                      SOP2    -                      -                      43                     ds1 as1 bs1
s_mul_f32                          SOP2    -                      -                      44                     ds1 as1 bs1
s_fmac_f32                         SOP2    -                      -                      47                     ds1 as1 bs1
s_fmaak_f32                        SOP2    -                      -                      45                     ds1 as1 bs1 L
s_fmamk_f32                        SOP2    -                      -                      46                     ds1 as1 L bs1
s_cvt_pk_rtz_f16_f32               SOP2    -                      -                      48                     ds1 as1 bs1
s_add_f16                          SOP2    -                      -                      49                     ds1 as1 bs1
s_sub_f16                          SOP2    -                      -                      4a                     ds1 as1 bs1
s_min_num_f16                      SOP2    -                      -                      4b                     ds1 as1 bs1
s_max_num_f16                      SOP2    -                      -                      4c                     ds1 as1 bs1
s_mul_f16                          SOP2    -                      -                      4d                     ds1 as1 bs1
s_fmac_f16                         SOP2    -                      -                      4e                     ds1 as1 bs1
s_minimum_f32                      SOP2    -                      -                      4f                     ds1 as1 bs1
s_maximum_f32                      SOP2    -                      -                      50                     ds1 as1 bs1
s_minimum_f16                      SOP2    -                      -                      51                     ds1 as1 bs1
s_maximum_f16                      SOP2    -                      -                      52                     ds1 as1 bs1
s_add_nc_u64                       SOP2    -                      -                      53                     ds2 as2 bs2
s_sub_nc_u64                       SOP2    -                      -                      54                     ds2 as2 bs2
s_mul_u64                          SOP2    -                      -                      55                     ds2 as2 bs2
s_cmp_lt_f32                       SOPC    -                      -                      41                     as1 bs1
s_cmp_eq_f32                       SOPC    -                      -                      42                     as1 bs1
s_cmp_le_f32                       SOPC    -                      -                      43                     as1 bs1
s_cmp_gt_f32                       SOPC    -                      -                      44                     as1 bs1
s_cmp_lg_f32                       SOPC    -                      -                      45                     as1 bs1
s_cmp_ge_f32                       SOPC    -                      -                      46                     as1 bs1
s_cmp_o_f32                        SOPC    -                      -                      47                     as1 bs1
s_cmp_u_f32                        SOPC    -                      -                      48                     as1 bs1
s_cmp_nge_f32                      SOPC    -                      -                      49                     as1 bs1
s_cmp_nlg_f32                      SOPC    -                      -                      4a                     as1 bs1
s_cmp_ngt_f32                      SOPC    -                      -                      4b                     as1 bs1
s_cmp_nle_f32                      SOPC    -                      -                      4c                     as1 bs1
s_cmp_neq_f32                      SOPC    -                      -                      4d                     as1 bs1
s_cmp_nlt_f32                      SOPC    -                      -                      4e                     as1 bs1
s_cmp_lt_f16                       SOPC    -                      -                      51                     as1 bs1
s_cmp_eq_f16                       SOPC    -                      -                      52                     as1 bs1
s_cmp_le_f16                       SOPC    -                      -                      53                     as1 bs1
s_cmp_gt_f16                       SOPC    -                      -                      54                     as1 bs1
s_cmp_lg_f16                       SOPC    -                      -                      55                     as1 bs1
s_cmp_ge_f16                       SOPC    -                      -                      56                     as1 bs1
s_cmp_o_f16                        SOPC    -                      -                      57                     as1 bs1
s_cmp_u_f16                        SOPC    -                      -                      58                     as1 bs1
s_cmp_nge_f16                      SOPC    -                      -                      59                     as1 bs1
s_cmp_nlg_f16                      SOPC    -                      -                      5a                     as1 bs1
s_cmp_ngt_f16                      SOPC    -                      -                      5b                     as1 bs1
s_cmp_nle_f16                      SOPC    -                      -                      5c                     as1 bs1
s_cmp_neq_f16                      SOPC    -                      -                      5d                     as1 bs1
s_cmp_nlt_f16                      SOPC    -                      -                      5e                     as1 bs1
s_singleuse_vdst                   SOPP    -                      -                      13                     K
s_barrier_wait                     SOPP    -                      -                      14                     KIMM
s_barrier_leave                    SOPP    -                      -                      15                     
s_wait_loadcnt                     SOPP    -                      -                      40                     K
s_wait_storecnt                    SOPP    -                      -                      41                     K
s_wait_samplecnt                   SOPP    -                      -                      42                     K
s_wait_bvhcnt                      SOPP    -                      -                      43                     K
s_wait_expcnt                      SOPP    -                      -                      44                     K
s_wait_dscnt                       SOPP    -                      -                      46                     K
s_wait_kmcnt                       SOPP    -                      -                      47                     K
s_wait_loadcnt_dscnt               SOPP    -                      -                      48                     K
s_wait_storecnt_dscnt              SOPP    -                      -                      49                     K
v_cvt_f32_fp8                      VOP1    -                      -                      6c/1ec                 dv1 av1
v_cvt_f32_bf8                      VOP1    -                      -                      6d/1ed                 dv1 av1
v_cvt_pk_f32_fp8                   VOP1    -                      -                      6e/1ee                 dv2 av1
v_cvt_pk_f32_bf8                   VOP1    -                      -                      6f/1ef                 dv2 av1
v_add_f64                          VOP2    -                      -                      2/102                  dv2 av2 bv2
v_mul_f64                          VOP2    -                      -                      6/106                  dv2 av2 bv2
v_min_num_f64                      VOP2    -                      -                      d/10d                  dv2 av2 bv2
v_max_num_f64                      VOP2    -                      -                      e/10e                  dv2 av2 bv2
v_lshlrev_b64                      VOP2    -                      -                      1f/11f                 dv2 av1 bv2
v_minimum3_f32                     VOP3    -                      -                      22d                    dv1 av1 bv1 cv1
v_maximum3_f32                     VOP3    -                      -                      22e                    dv1 av1 bv1 cv1
v_minimum3_f16                     VOP3    -                      -                      22f                    dv1 av1 bv1 cv1
v_maximum3_f16                     VOP3    -                      -                      230                    dv1 av1 bv1 cv1
v_minimummaximum_f32               VOP3    -                      -                      26c                    dv1 av1 bv1 cv1
v_maximumminimum_f32               VOP3    -                      -                      26d                    dv1 av1 bv1 cv1
v_minimummaximum_f16               VOP3    -                      -                      26e                    dv1 av1 bv1 cv1
v_maximumminimum_f16               VOP3    -                      -                      26f                    dv1 av1 bv1 cv1
v_permlane16_var_b32               VOP3    -                      -                      30f                    dv1 av1 bv1
v_permlanex16_var_b32              VOP3    -                      -                      310                    dv1 av1 bv1
v_minimum_f64                      VOP3    -                      -                      341                    dv2 av2 bv2
v_maximum_f64                      VOP3    -                      -                      342                    dv2 av2 bv2
v_minimum_f32                      VOP3    -                      -                      365                    dv1 av1 bv1
v_maximum_f32                      VOP3    -                      -                      366                    dv1 av1 bv1
v_minimum_f16                      VOP3    -                      -                      367                    dv1 av1 bv1
v_maximum_f16                      VOP3    -                      -                      368                    dv1 av1 bv1
v_cvt_pk_fp8_f32                   VOP3    -                      -                      369                    dv1 av1 bv1
v_cvt_pk_bf8_f32                   VOP3    -                      -                      36a                    dv1 av1 bv1
v_cvt_sr_fp8_f32                   VOP3    -                      -                      36b                    dv1 av1 bv1
v_cvt_sr_bf8_f32                   VOP3    -                      -                      36c                    dv1 av1 bv1
v_pk_minimum_f16                   VOP3P   -                      -                      1d                     dv1 av1 bv1
v_pk_maximum_f16                   VOP3P   -                      -                      1e                     dv1 av1 bv1
v_dot4_f32_fp8_bf8                 VOP3P   -                      -                      24                     dv1 av1 bv1 cv1
v_dot4_f32_bf8_fp8                 VOP3P   -                      -                      25                     dv1 av1 bv1 cv1
v_dot4_f32_fp8_fp8                 VOP3P   -                      -                      26                     dv1 av1 bv1 cv1
v_dot4_f32_bf8_bf8                 VOP3P   -                      -                      27                     dv1 av1 bv1 cv1
v_wmma_f32_16x16x16_fp8_fp8        VOP3P   -                      -                      46                     dv8 av2 bv2 cv8
v_wmma_f32_16x16x16_fp8_bf8        VOP3P   -                      -                      47                     dv8 av2 bv2 cv8
v_wmma_f32_16x16x16_bf8_fp8        VOP3P   -                      -                      48                     dv8 av2 bv2 cv8
v_wmma_f32_16x16x16_bf8_bf8        VOP3P   -                      -                      49                     dv8 av2 bv2 cv8
v_wmma_i32_16x16x32_iu4            VOP3P   -                      -                      4a                     dv8 av2 bv2 cv8
v_swmmac_f32_16x16x32_f16          VOP3P   -                      -                      50                     dv8 av4 bv8 cv1
v_swmmac_f32_16x16x32_bf16         VOP3P   -                      -                      51                     dv8 av4 bv8 cv1
v_swmmac_f16_16x16x32_f16          VOP3P   -                      -                      52                     dv4 av4 bv8 cv1
v_swmmac_bf16_16x16x32_bf16        VOP3P   -                      -                      53                     dv4 av4 bv8 cv1
v_swmmac_i32_16x16x32_iu8          VOP3P   -                      -                      54                     dv8 av2 bv4 cv1
v_swmmac_i32_16x16x32_iu4          VOP3P   -                      -                      55                     dv8 av1 bv2 cv1
v_swmmac_i32_16x16x64_iu4          VOP3P   -                      -                      56                     dv8 av2 bv4 cv1
v_swmmac_f32_16x16x32_fp8_fp8      VOP3P   -                      -                      57                     dv8 av2 bv4 cv1
v_swmmac_f32_16x16x32_fp8_bf8      VOP3P   -                      -                      58                     dv8 av2 bv4 cv1
v_swmmac_f32_16x16x32_bf8_fp8      VOP3P   -                      -                      59                     dv8 av2 bv4 cv1
v_swmmac_f32_16x16x32_bf8_bf8      VOP3P   -                      -                      5a                     dv8 av2 bv4 cv1
ds_cmpst_b32                       DS      10                     -                      -                      av1 xv1 yv1
ds_cmpst_f32                       DS      11                     -                      -                      av1 xv1 yv1
ds_cmpst_rtn_b32                   DS      30                     -                      -                      dv1 av1 xv1 yv1
ds_cmpst_rtn_f32                   DS      31                     -                      -                      dv1 av1 xv1 yv1
ds_cmpst_b64                       DS      50                     -                      -                      av1 xv2 yv2
ds_cmpst_f64                       DS      51                     -                      -                      av1 xv2 yv2
ds_cmpst_rtn_b64                   DS      70                     -                      -                      dv2 av1 xv2 yv2
ds_cmpst_rtn_f64                   DS      71                     -                      -                      dv2 av1 xv2 yv2
flat_atomic_fcmpswap_x2            FLAT    5e                     -                      -                      av2 xv4
flat_atomic_fmin_x2                FLAT    5f                     -                      -                      av2 xv2
flat_atomic_fmax_x2                FLAT    60                     -                      -                      av2 xv2
global_atomic_fcmpswap_x2          GLOBAL  5e                     -                      -                      av2 xv4 off
global_atomic_fmin_x2              GLOBAL  5f                     -                      -                      av2 xv2 off
global_atomic_fmax_x2              GLOBAL  60                     -                      -                      av2 xv2 off
buffer_atomic_fcmpswap_x2          MUBUF   5e                     -                      -                      xv4 av1 rs4 os1 offen
buffer_atomic_fmin_x2              MUBUF   5f                     -                      -                      xv2 av1 rs4 os1 offen
buffer_atomic_fmax_x2              MUBUF   60                     -                      -                      xv2 av1 rs4 os1 offen
s_ff0_i32_b32                      SOP1    11                     -                      -                      ds1 as1
s_ff0_i32_b64                      SOP1    12                     -                      -                      ds1 as2
s_endpgm_ordered_ps_done           SOPP    1e                     -                      -                      
v_clrexcp                          VOP1    41/1c1                 -                      -                      
v_dot4c_i32_i8                     VOP2    d                      -                      -                      dv1 av1 bv1
v_interp_p1ll_f16                  VOP3    342                    -                      -                      ?
v_interp_p1lv_f16                  VOP3    343                    -                      -                      ?
v_interp_p2_f16                    VOP3    35a                    -                      -                      ?
v_dot2_i32_i16                     VOP3P   14                     -                      -                      dv1 av1 bv1 cv1
v_dot2_u32_u16                     VOP3P   15                     -                      -                      dv1 av1 bv1 cv1
v_dot4_i32_i8                      VOP3P   16                     -                      -                      dv1 av1 bv1 cv1
v_dot8_i32_i4                      VOP3P   18                     -                      -                      dv1 av1 bv1 cv1
v_dual_fmac_f32                    VOPD    -                      0/0                    0/0                    dv1 av1 bv1
v_dual_fmaak_f32                   VOPD    -                      1/1                    1/1                    dv1 av1 bv1 L
v_dual_fmamk_f32                   VOPD    -                      2/2                    2/2                    dv1 av1 L bv1
v_dual_mul_f32                     VOPD    -                      3/3                    3/3                    dv1 av1 bv1
v_dual_add_f32                     VOPD    -                      4/4                    4/4                    dv1 av1 bv1
v_dual_sub_f32                     VOPD    -                      5/5                    5/5                    dv1 av1 bv1
v_dual_subrev_f32                  VOPD    -                      6/6                    6/6                    dv1 av1 bv1
v_dual_mul_dx9_zero_f32            VOPD    -                      7/7                    7/7                    dv1 av1 bv1
v_dual_mov_b32                     VOPD    -                      8/8                    8/8                    dv1 av1
v_dual_cndmask_b32                 VOPD    -                      9/9                    9/9                    dv1 av1 bv1
v_dual_max_f32                     VOPD    -                      a/a                    -                      dv1 av1 bv1
v_dual_max_num_f32                 VOPD    -                      -                      a/a                    dv1 av1 bv1
v_dual_min_f32                     VOPD    -                      b/b                    -                      dv1 av1 bv1
v_dual_min_num_f32                 VOPD    -                      -                      b/b                    dv1 av1 bv1
v_dual_dot2acc_f32_f16             VOPD    -                      c/c                    -                      dv1 av1 bv1
v_dual_add_nc_u32                  VOPD    -                      -/10                   -/10                   dv1 av1 bv1
v_dual_lshlrev_b32                 VOPD    -                      -/11                   -/11                   dv1 av1 bv1
v_dual_and_b32                     VOPD    -                      -/12                   -/12                   dv1 av1 bv1
"""

PSEUDO = """
p_startpgm p_parallelcopy p_create_vector p_split_vector p_extract_vector p_phi p_linear_phi
p_as_uniform p_call p_return p_function_address p_spill p_reload p_logical_start p_logical_end
p_branch p_cbranch_z p_cbranch_nz p_unit_test
p_reduce p_inclusive_scan p_exclusive_scan p_start_linear_vgpr p_end_linear_vgpr
""".split()

FORMATS = ("PSEUDO", "SOP1", "SOP2", "SOPK", "SOPC", "SOPP", "SMEM", "VOP1", "VOP2", "VOPC",
           "VOP3", "VOP3P", "VOPD", "DS", "FLAT", "GLOBAL", "SCRATCH", "MUBUF")
ROLES = "dabcexyrokl"
# Immediates with a symbolic syntax: role 'k', file = the syntax (src/emit/print_special.c).
SPECIAL_IMM = {"WAITCNT": "w", "SENDMSG": "m", "HWREG": "r", "DELAY": "a", "DEPCTR": "p",
               "KOPT": "o", "KIMM": "i"}
# KOPT: decimal, omitted when 0 (s_endpgm); KIMM: decimal up to 64, hex above (s_barrier_wait)
FLAGS = ("READ_EXEC", "WRITE_EXEC", "READ_SCC", "WRITE_SCC", "READ_VCC", "WRITE_VCC",
         "READ_M0", "WRITE_M0", "BRANCH", "CALL", "WAVE32_ONLY", "FLOAT", "STORE", "ATOMIC",
         "LOAD", "SPECIAL", "SRC16", "SRC2_16", "SRC_REG", "WAVE_TILED", "NO_MODS", "SRC1_INT", "SRC_M0",
         "OPSEL2", "SRC0_VGPR", "DPP", "SDWA", "DST16", "T16")
WAITS = ("NONE", "LOAD", "STORE", "KM", "DS", "FLAT", "EXP")
# Classes the hazard rules (docs/hazards.md) speak of, read by the emulator's detector and
# the NOP pass alike.
HAZARDS = ("TRANS", "PERMLANE", "MASK_LAST", "MASK_VCC", "FP_ATOMIC", "WAITCNT")


class Row:
    def __init__(self, name, fmt, cols, sig):
        self.name, self.fmt, self.sig = name, fmt, sig
        self.op, self.op2, self.asm, self.sigs = {}, {}, {}, {}
        for g, c in zip(GFX, cols):
            if c == "-":
                continue
            if "|" in c:
                c, s = c.split("|")
                self.sigs[g] = s.replace(",", " ")
            asm = name
            if "=" in c:
                c, asm = c.split("=")
            ops = c.split("/")
            self.op[g] = int(ops[0], 16) if ops[0] != "-" else -1
            self.op2[g] = int(ops[1], 16) if len(ops) > 1 and ops[1] != "-" else -1
            self.asm[g] = asm


def parse():
    """Rows; a mnemonic that changed format between levels (v_add_f64 is VOP3 before
    GFX12, VOP2 on GFX12) has one row per format, the later ones named NAME_FORMAT in the
    enum (row.ident)."""
    rows, seen = [], set()
    for line in TABLE.splitlines():
        f = line.split()
        if not f:
            continue
        r = Row(f[0], f[1], f[2:5], " ".join(f[5:]))
        r.ident = r.name if r.name not in seen else "%s_%s" % (r.name, r.fmt.lower())
        seen.add(r.name)
        rows.append(r)
    return rows


def properties(r):
    """Implicit registers, wait counter and kind of an instruction, by the naming rules
    of the ISA (checked by hand against the RDNA ISA guides)."""
    n, fmt, fl = r.name, r.fmt, set()
    wait = "NONE"
    sigs = [r.sig] + list(r.sigs.values())
    if n.startswith("v_"):
        fl.add("READ_EXEC")
    if fmt in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3P", "VOPD") and any(
            t in n for t in ("_f16", "_f32", "_f64", "f16_", "f32_", "f64_")):
        fl.add("FLOAT")
    if n.startswith("v_cmpx_"):
        fl.add("WRITE_EXEC")
    if fmt == "VOPC" and not n.startswith("v_cmpx_"):
        fl.add("WRITE_VCC")
    if fmt == "VOP2" and any("vcc" in s for s in sigs):
        if n.startswith(("v_add_co_ci", "v_sub_co_ci", "v_subrev_co_ci", "v_addc", "v_subb")):
            fl.update(("READ_VCC", "WRITE_VCC"))
        else:
            fl.add("READ_VCC")
    if n.startswith(("v_div_fmas", "s_cbranch_vcc")):
        fl.add("READ_VCC")
    if n.startswith("s_") and ("saveexec" in n or "wrexec" in n):
        fl.update(("READ_EXEC", "WRITE_EXEC", "WRITE_SCC"))
    if n.startswith(("s_cbranch_exec",)):
        fl.add("READ_EXEC")
    if fmt == "SOPC" or n.startswith(("s_bitcmp", "s_cmpk")):
        fl.add("WRITE_SCC")
    if fmt == "SOP2" and not n.startswith(("s_cselect", "s_mul_", "s_pack", "s_bfm", "s_mul_hi",
                                           "s_fmac", "s_fmaak", "s_fmamk", "s_add_f", "s_sub_f",
                                           "s_mul_f", "s_min_f", "s_max_f", "s_minimum",
                                           "s_maximum", "s_cvt", "s_movk")):
        fl.add("WRITE_SCC")
    if fmt == "SOP1" and n.startswith(("s_not", "s_wqm", "s_brev_", "s_bcnt", "s_quadmask",
                                       "s_abs", "s_and_not", "s_or_not")):
        fl.add("WRITE_SCC")
    if fmt == "SOPK" and n.startswith(("s_addk", "s_mulk")) and n.startswith("s_addk"):
        fl.add("WRITE_SCC")
    if n.startswith(("s_cselect", "s_cmov", "s_addc", "s_subb", "s_add_co_ci", "s_sub_co_ci",
                     "s_cbranch_scc")):
        fl.add("READ_SCC")
    if n.startswith(("s_movrel", "v_movrel", "s_sendmsg", "v_interp", "s_gds", "ds_gws",
                     "ds_ordered", "ds_param", "ds_direct", "v_readlane", "s_movk")) and False:
        fl.add("READ_M0")
    if n.startswith(("s_movrel", "v_movrel", "s_sendmsg", "ds_gws", "ds_ordered",
                     "ds_param", "ds_direct", "lds_")):
        fl.add("READ_M0")
    if n.startswith(("s_branch", "s_cbranch", "s_setpc")):
        fl.add("BRANCH")
    if n.startswith(("s_call", "s_swappc")):
        fl.add("CALL")
    if fmt == "VOPD":
        fl.add("WAVE32_ONLY")
    mem = fmt in ("DS", "FLAT", "GLOBAL", "SCRATCH", "MUBUF")
    if mem:
        if "atomic" in n:
            fl.add("ATOMIC")
        if "store" in n or "write" in n or ("atomic" in n and " d" not in " " + r.sig):
            fl.add("STORE")
        else:
            fl.add("LOAD")
    if fmt == "SMEM":
        wait = "KM"
        fl.add("LOAD")
    elif fmt == "DS":
        wait = "DS"
    elif fmt == "FLAT":
        wait = "FLAT"
    elif mem:
        wait = "STORE" if "STORE" in fl and "LOAD" not in fl else "LOAD"
    # Cache control: the GFX10.3/GFX11 invalidates count on no counter; GFX12's global_inv
    # counts as a load, global_wb/global_wbinv as stores (llc-19 waits storecnt after them).
    if n in ("buffer_gl0_inv", "buffer_gl1_inv", "s_dcache_inv", "s_gl1_inv"):
        fl.discard("LOAD")
        wait = "NONE"
    elif n in ("global_wb", "global_wbinv"):
        fl.discard("LOAD")
        fl.add("STORE")
        wait = "STORE"
    # OPSEL2: op_sel holds two control bits (fetch-inactive, bound-ctrl), printed op_sel:[a,b]
    if n.startswith(("v_permlane16_b32", "v_permlanex16_b32")):
        fl.add("OPSEL2")
    # DPP / SDWA: the op has DPP16/DPP8 forms (VOP1/VOP2/VOPC, and VOP3 on GFX11+) / SDWA
    # forms (GFX10.3 VOP1/VOP2/VOPC); checked against llvm-mc-19 by tests/encoding.
    wide = any(len(t) >= 3 and t[0] in "dabce" and t[2:].isdigit() and int(t[2:]) >= 2
               for sg in sigs for t in sg.split())
    no_operands = all(not sg.strip() for sg in sigs)
    no_dpp = wide or no_operands or n.startswith((
        "v_clrexcp", "v_fmaak", "v_fmamk", "v_fmac_dx9_zero", "v_pk_fmac", "v_readfirstlane",
        "v_swap", "v_permlane", "v_illegal", "v_div_fixup", "v_div_fmas", "v_div_scale",
        "v_fma_dx9_zero", "v_mul_hi_", "v_mul_lo_u32", "v_readlane", "v_writelane",
        "v_trig_preop"))
    no_sdwa = no_dpp or n.startswith(("v_cndmask", "v_dot2acc", "v_dot2c", "v_dot4c", "v_fmac"))
    if fmt in ("VOP1", "VOP2", "VOPC", "VOP3") and not no_dpp:
        fl.add("DPP")
    if fmt in ("VOP1", "VOP2", "VOPC") and not no_sdwa:
        fl.add("SDWA")
    # SRC0_VGPR: src0 is a VGPR (lane reads and permutes); the other sources are free.
    if n.startswith(("v_readlane", "v_permlane16_b32", "v_permlanex16_b32")):
        fl.add("SRC0_VGPR")
    if any(t == "?" or (t in SPECIAL_IMM and t not in ("KOPT", "KIMM")) for sg in sigs for t in sg.split()):
        fl.add("SPECIAL")
    if n.startswith("v_dual_cndmask"):
        fl.add("READ_VCC")
    # 16-bit sources (SRC16: src0/src1, SRC2_16: src2): their literal is 16 bits and their
    # float inline constants are halves. The type of the sources is the last type suffix
    # of the mnemonic (v_cvt_f32_f16 reads f16); packed and dot/sad/interp forms read 32
    # bits, v_fma_mix* is f16-typed for LLVM, and of SALU only SOP2/SOPC f16 ops are
    # (checked against llvm-mc-19 by the encoding test: a 32-bit literal there is rejected).
    types = re.findall(r"_(?:bf|f|i|u|b)(\d+)(?=_|$)", n)
    if fmt in ("VOP1", "VOP2", "VOPC", "VOP3") and types and types[-1] == "16" and \
            not n.startswith(("v_sat_pk", "v_sad_", "v_dot2", "v_interp", "v_pk_")):
        fl.add("SRC16")
        if n not in ("v_mad_u32_u16", "v_mad_i32_i16"):
            fl.add("SRC2_16")
    if fmt == "VOP3P" and n.startswith("v_fma_mix"):
        fl.update(("SRC16", "SRC2_16"))
    if fmt in ("SOP2", "SOPC") and n.endswith("_f16"):
        fl.update(("SRC16", "SRC2_16"))
    # DST16: the result is 16 bits (the first type suffix). On GFX11+ the 16-bit VGPR
    # operands (DST16 destination, SRC16 sources) of the 32-bit and DPP encodings name
    # v0..v127 with bit 7 choosing the high half, and VOP3 selects halves with op_sel;
    # tests/encoding checks these slots against the registers llvm-mc-19 limits to v0..v127.
    if fmt in ("VOP1", "VOP2", "VOP3") and ((types and types[0] == "16" and "_pk" not in n and
                                             not n.startswith(("v_sad_", "v_dot2", "v_pack"))) or
                                            n == "v_sat_pk_u8_i16"):
        fl.add("DST16")
    # T16: llvm-mc-19 (-mattr=+real-true16) spells the 16-bit VGPRs of the 32-bit and DPP
    # forms as v1.l / v1.h; its other 16-bit ops have no true16 syntax yet.
    if n in ("v_add_f16", "v_sub_f16", "v_subrev_f16", "v_mul_f16", "v_max_f16", "v_min_f16",
             "v_ceil_f16", "v_floor_f16", "v_exp_f16", "v_log_f16", "v_rcp_f16", "v_rsq_f16",
             "v_sqrt_f16"):
        fl.add("T16")
    # SRC_REG: src0 and src1 must be registers of the slot's file (no constants, VGPR-only
    # for VALU, SGPR-only for SALU): lane moves, relative moves, matrix ops, pc/trap regs.
    if n.startswith(("v_readfirstlane", "v_movrels", "v_swap", "v_permlane64",
                     "v_permlane16_var", "v_permlanex16_var", "v_wmma", "v_swmmac",
                     "s_movrels")) or n in ("s_setpc_b64", "s_rfe_b64"):
        fl.add("SRC_REG")
    # SRC_M0: the GFX12 named-barrier ops take the barrier in m0 or as an inline constant.
    if n.startswith(("s_barrier_signal", "s_barrier_init", "s_barrier_join",
                     "s_get_barrier_state", "s_wakeup_barrier")):
        fl.add("SRC_M0")
    # WAVE_TILED: register ranges given for wave32 halve in wave64 (aco_minstr_slots).
    if n.startswith(("v_wmma", "v_swmmac", "global_load_tr")):
        fl.add("WAVE_TILED")
    # NO_MODS: VOP3P ops whose sources take no neg_lo/neg_hi (fp8/bf8 inputs).
    if fmt == "VOP3P" and ("fp8" in n or "bf8" in n):
        fl.add("NO_MODS")
    # SRC1_INT: float VOP3 ops whose src1 is an integer (exponent, select, byte index) and
    # takes no abs/neg; llvm-mc rejects |src1| and drops the bits when disassembling.
    if n.startswith(("v_ldexp_f32", "v_ldexp_f64", "v_trig_preop", "v_cvt_pk_u8_f32",
                     "v_cvt_sr_fp8", "v_cvt_sr_bf8")):
        fl.add("SRC1_INT")
    return fl, wait


def hazard_classes(r):
    """TRANS: transcendental VALU; PERMLANE: v_permlane*; MASK_LAST: reads its last operand
    as a lane mask; MASK_VCC: reads vcc as a lane mask without an operand for it;
    FP_ATOMIC: floating-point VMEM/FLAT atomic; WAITCNT: s_waitcnt* (not depctr), s_wait_idle."""
    n, hz = r.name, set()
    if n in ("v_exp_f32", "v_exp_f16", "v_log_f32", "v_log_f16", "v_rcp_f32", "v_rcp_f16",
             "v_rcp_iflag_f32", "v_rsq_f32", "v_rsq_f16", "v_sqrt_f32", "v_sqrt_f16",
             "v_sin_f32", "v_sin_f16", "v_cos_f32", "v_cos_f16", "v_rcp_f64", "v_rsq_f64",
             "v_sqrt_f64"):
        hz.add("TRANS")
    if n.startswith("v_permlane"):
        hz.add("PERMLANE")
    if n in ("v_cndmask_b32", "v_cndmask_b16", "v_add_co_ci_u32", "v_sub_co_ci_u32",
             "v_subrev_co_ci_u32"):
        hz.add("MASK_LAST")
    if n in ("v_div_fmas_f32", "v_div_fmas_f64"):
        hz.add("MASK_VCC")
    fl, _ = properties(r)
    if "ATOMIC" in fl and r.fmt != "DS" and any(
            t in n for t in ("_f32", "_f64", "_f16", "bf16", "_fmin", "_fmax")):
        hz.add("FP_ATOMIC")
    if (n.startswith("s_waitcnt") and n != "s_waitcnt_depctr") or n == "s_wait_idle":
        hz.add("WAITCNT")
    return hz


def c_sig(sig):
    out = []
    for t in sig.split():
        if t == "vcc":
            out.append("{'v', 's', 1}")  # implicit lane mask, printed vcc_lo / vcc
        elif t == "off":
            out.append("{'f', 's', 2}")
        elif t == "offen":
            out.append("{'n', 'v', 0}")
        elif t in ("k", "K"):
            out.append("{'k', '%s', 0}" % ("h" if t == "K" else "d"))
        elif t in SPECIAL_IMM:
            out.append("{'k', '%s', 0}" % SPECIAL_IMM[t])
        elif t == "L":
            out.append("{'l', 'v', 1}")  # a mandatory literal constant (fmaak/fmamk K)
        elif t == "I":
            out.append("{'l', 's', 1}")  # a mandatory literal with constant syntax
        elif t == "?":
            return None
        else:
            out.append("{'%s', '%s', %d}" % (t[0], t[1], int(t[2:])))
    return out


def generate(h_path, c_path):
    rows = parse()
    h = ["/* SPDX-License-Identifier: MIT */",
         "/* Generated by src/target/opcodes.py from its table; do not edit. */",
         "#ifndef ACO_TARGET_OPCODES_GEN_H", "#define ACO_TARGET_OPCODES_GEN_H", "",
         "enum aco_opcode {"]
    for p in PSEUDO:
        h.append("   aco_op_%s," % p)
    for r in rows:
        h.append("   aco_op_%s," % r.ident)
    h += ["   aco_num_opcodes", "};", "", "enum aco_format {"]
    h += ["   ACO_FMT_%s," % f for f in FORMATS] + ["   ACO_NUM_FORMATS", "};", ""]
    h += ["enum aco_op_flag {"]
    h += ["   ACO_OPF_%s = 1u << %d," % (f, i) for i, f in enumerate(FLAGS)] + ["};", ""]
    h += ["enum aco_wait_counter {"]
    h += ["   ACO_WAIT_%s," % w for w in WAITS] + ["};", ""]
    h += ["enum aco_hazard_class {"]
    h += ["   ACO_HZ_%s = 1u << %d," % (f, i) for i, f in enumerate(HAZARDS)] + ["};", "",
                                                                               "#endif", ""]
    c = ["/* SPDX-License-Identifier: MIT */",
         "/* Generated by src/target/opcodes.py from its table; do not edit. */",
         '#include "target/opcodes.h"', ""]
    sig_ids = {}

    def sig_ref(s):
        cs = c_sig(s)
        if cs is None:
            return "NULL, 0xff"
        if not cs:
            return "NULL, 0"
        key = ", ".join(cs)
        if key not in sig_ids:
            sig_ids[key] = len(sig_ids)
            c.append("static const struct aco_op_slot sig%d[] = {%s};" % (sig_ids[key], key))
        return "sig%d, %d" % (sig_ids[key], len(cs))

    body = []
    for p in PSEUDO:
        body.append('   {"%s", ACO_FMT_PSEUDO, {-1, -1, -1}, {-1, -1, -1}, {NULL, NULL, NULL}, '
                    '{{NULL, 0}, {NULL, 0}, {NULL, 0}}, 0, ACO_WAIT_NONE, 0},' % p)
    for r in rows:
        fl, wait = properties(r)
        ops = ", ".join(str(r.op.get(g, -1)) for g in GFX)
        ops2 = ", ".join(str(r.op2.get(g, -1)) for g in GFX)
        asm = ", ".join('"%s"' % r.asm[g] if g in r.asm else "NULL" for g in GFX)
        sigs = ", ".join("{%s}" % sig_ref(r.sigs.get(g, r.sig)) if g in r.op else "{NULL, 0}"
                         for g in GFX)
        flags = " | ".join("ACO_OPF_" + f for f in FLAGS if f in fl) or "0"
        hz = hazard_classes(r)
        hazard = " | ".join("ACO_HZ_" + f for f in HAZARDS if f in hz) or "0"
        body.append('   {"%s", ACO_FMT_%s, {%s}, {%s}, {%s}, {%s}, %s, ACO_WAIT_%s, %s},'
                    % (r.name, r.fmt, ops, ops2, asm, sigs, flags, wait, hazard))
    c += ["", "const struct aco_op_info aco_op_infos[aco_num_opcodes] = {"] + body + ["};", ""]
    open(h_path, "w").write("\n".join(h))
    open(c_path, "w").write("\n".join(c))


if __name__ == "__main__":
    generate(sys.argv[1], sys.argv[2])
