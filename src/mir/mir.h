/* SPDX-License-Identifier: MIT */
/* Machine IR: close to the hardware, close to ACO's. An instruction has an opcode (from
 * the table in src/target/opcodes.py), operands (temporary, constant or fixed physical
 * register), definitions and format-specific fields. Operands and definitions appear in
 * the order of the opcode's signature (LLVM's printed order): definitions are the
 * signature's destination slots ('d', 'e', a leading implicit vcc), operands the rest.
 * Physical registers are addressed in bytes so 16-bit halves are first-class. Everything
 * lives in the program's arena. */
#ifndef ACO_MIR_H
#define ACO_MIR_H

#include "target/gfx.h"
#include "target/opcodes.h"
#include "util/alloc.h"
#include "util/strbuf.h"

#include <stdbool.h>
#include <stdint.h>

/* ---- register classes ---------------------------------------------------------------- */

/* bits 0..4: size (dwords, or bytes when ACO_RC_SUBDWORD), bit 5 VGPR, bit 6 linear VGPR,
 * bit 7 sub-dword (byte-sized) */
typedef struct aco_rc {
   uint8_t v;
} aco_rc;

enum { ACO_RC_VGPR = 1 << 5, ACO_RC_LINEAR = 1 << 6, ACO_RC_SUBDWORD = 1 << 7 };

static inline aco_rc aco_rc_s(unsigned dwords) { aco_rc r = {(uint8_t)dwords}; return r; }
static inline aco_rc aco_rc_v(unsigned dwords) { aco_rc r = {(uint8_t)(dwords | ACO_RC_VGPR)}; return r; }
static inline aco_rc aco_rc_vb(unsigned bytes)
{
   aco_rc r = {(uint8_t)(bytes | ACO_RC_VGPR | ACO_RC_SUBDWORD)};
   return r;
}
static inline aco_rc aco_rc_lv(unsigned dwords)
{
   aco_rc r = {(uint8_t)(dwords | ACO_RC_VGPR | ACO_RC_LINEAR)};
   return r;
}
static inline bool aco_rc_is_vgpr(aco_rc r) { return r.v & ACO_RC_VGPR; }
static inline bool aco_rc_is_linear(aco_rc r) { return !(r.v & ACO_RC_VGPR) || (r.v & ACO_RC_LINEAR); }
static inline bool aco_rc_is_subdword(aco_rc r) { return r.v & ACO_RC_SUBDWORD; }
static inline unsigned aco_rc_bytes(aco_rc r) { return (r.v & ACO_RC_SUBDWORD) ? (r.v & 31u) : (r.v & 31u) * 4u; }
static inline unsigned aco_rc_dwords(aco_rc r) { return (aco_rc_bytes(r) + 3) / 4; }
/* The lane-mask class: one SGPR in wave32, a pair in wave64. */
static inline aco_rc aco_rc_lane_mask(unsigned wave_size) { return aco_rc_s(wave_size / 32); }

/* ---- temporaries and physical registers --------------------------------------------- */

typedef struct aco_temp {
   uint32_t id; /* 0: none */
   aco_rc rc;
} aco_temp;

static inline aco_temp aco_temp_make(uint32_t id, aco_rc rc) { aco_temp t = {id, rc}; return t; }

/* A register in bytes: operand-field number * 4 + byte. SGPRs 0..105 are fields 0..105,
 * VGPRs are fields 256..511 (v0 = 1024 bytes). */
typedef struct aco_physreg {
   uint16_t reg_b;
} aco_physreg;

static inline aco_physreg aco_physreg_make(unsigned field, unsigned byte)
{
   aco_physreg r = {(uint16_t)(field * 4 + byte)};
   return r;
}
static inline aco_physreg aco_sgpr(unsigned n) { return aco_physreg_make(n, 0); }
static inline aco_physreg aco_vgpr(unsigned n) { return aco_physreg_make(256 + n, 0); }
static inline unsigned aco_physreg_field(aco_physreg r) { return r.reg_b >> 2; }
static inline unsigned aco_physreg_byte(aco_physreg r) { return r.reg_b & 3; }
static inline bool aco_physreg_is_vgpr(aco_physreg r) { return r.reg_b >= 1024; }

/* ---- operands and definitions --------------------------------------------------------- */

enum aco_operand_kind {
   ACO_OPND_UNDEF = 0,
   ACO_OPND_TEMP,  /* an SSA temporary (fixed to a register once allocated) */
   ACO_OPND_CONST, /* a constant; the encoder picks an inline constant or a literal */
   ACO_OPND_REG,   /* a physical register that is not a temporary (exec, m0, vcc, ...) */
};

typedef struct aco_operand {
   uint8_t kind;   /* enum aco_operand_kind */
   uint8_t bits;   /* constant operand: 16, 32 or 64 */
   bool fixed;     /* reg is meaningful */
   bool is_float;  /* constant: prefer float inline constants (for printing) */
   aco_temp temp;
   aco_physreg reg;
   /* aco_compute_liveness: the temporary is not live after this instruction; first_kill
    * marks the first of several operands reading that killed temporary. (Kept before
    * `value`, in the padding after `reg`, so that an operand takes 24 bytes: operands are
    * most of the memory a compile touches.) */
   bool kill, first_kill;
   uint64_t value; /* constant value */
} aco_operand;

static inline aco_operand aco_opnd_temp(aco_temp t)
{
   aco_operand o = {ACO_OPND_TEMP, 0, false, false, t, {0}, false, false, 0};
   return o;
}
static inline aco_operand aco_opnd_fixed_temp(aco_temp t, aco_physreg r)
{
   aco_operand o = {ACO_OPND_TEMP, 0, true, false, t, r, false, false, 0};
   return o;
}
static inline aco_operand aco_opnd_reg(aco_physreg r, aco_rc rc)
{
   aco_operand o = {ACO_OPND_REG, 0, true, false, {0, rc}, r, false, false, 0};
   return o;
}
static inline aco_operand aco_opnd_const(uint64_t value, unsigned bits)
{
   aco_operand o = {ACO_OPND_CONST, (uint8_t)bits, false, false, {0, {1}}, {0}, false, false, value};
   return o;
}
/* An operand with a physical register (a fixed temporary or a register operand). */
static inline bool aco_operand_has_reg(const aco_operand *o)
{
   return (o->kind == ACO_OPND_REG || o->kind == ACO_OPND_TEMP) && o->fixed;
}
/* Registers a class spans (a sub-dword class still takes one). */
static inline unsigned aco_rc_reg_count(aco_rc rc)
{
   unsigned d = aco_rc_dwords(rc);
   return d ? d : 1;
}

typedef struct aco_definition {
   aco_temp temp;
   aco_physreg reg;
   bool fixed;
   bool kill; /* aco_compute_liveness: never read (dead after this instruction) */
} aco_definition;

static inline aco_definition aco_def_temp(aco_temp t)
{
   aco_definition d = {t, {0}, false, false};
   return d;
}
static inline aco_definition aco_def_fixed(aco_temp t, aco_physreg r)
{
   aco_definition d = {t, r, true, false};
   return d;
}

/* ---- instructions ---------------------------------------------------------------------- */

/* How a VALU instruction is encoded. */
enum aco_encoding {
   ACO_ENC_NATIVE = 0, /* the opcode's own format (VOP1/VOP2/VOPC: the 32-bit form) */
   ACO_ENC_E64,        /* the VOP3 form of a VOP1/VOP2/VOPC opcode */
   ACO_ENC_DPP16,      /* VOP1/VOP2/VOPC: the 32-bit form; VOP3/VOP3P ops: their VOP3 DPP form */
   ACO_ENC_DPP8,
   ACO_ENC_SDWA,       /* GFX10.3 VOP1/VOP2/VOPC */
   ACO_ENC_E64_DPP16,  /* GFX11+: the VOP3 form of a VOP1/VOP2/VOPC opcode with DPP */
   ACO_ENC_E64_DPP8,
   /* FLAT/GLOBAL/SCRATCH (and SMEM) forms: flags combined on top of ACO_ENC_NATIVE, whose
    * slots are the table's (a 64-bit (GLOBAL/FLAT) or 32-bit (SCRATCH) vaddr, no saddr, no
    * returned value). */
   ACO_ENC_MEM_SADDR = 1 << 3,    /* an SGPR base: s[n:n+1] for GLOBAL (vaddr becomes a
                                   * 32-bit offset), one SGPR for SCRATCH */
   ACO_ENC_MEM_NO_VADDR = 1 << 4, /* SCRATCH without vaddr ("off") */
   ACO_ENC_MEM_RTN = 1 << 5,      /* an atomic returning the old value (glc / TH_ATOMIC_RETURN):
                                   * a destination before the address */
   ACO_ENC_MEM_SOFFSET = 1 << 6,  /* SMEM: an SGPR offset (soffset) after the base, added to
                                   * the immediate offset */
};

/* The instruction uses the VOP3 (e64) form of a VOP1/VOP2/VOPC opcode. */
static inline bool
aco_enc_is_e64(unsigned enc)
{
   return enc == ACO_ENC_E64 || enc == ACO_ENC_E64_DPP16 || enc == ACO_ENC_E64_DPP8;
}
static inline bool
aco_enc_is_dpp(unsigned enc)
{
   return enc == ACO_ENC_DPP16 || enc == ACO_ENC_DPP8 || enc == ACO_ENC_E64_DPP16 ||
          enc == ACO_ENC_E64_DPP8;
}

struct aco_valu_fields {
   uint8_t neg, abs;      /* bit i: source i */
   uint8_t opsel;         /* VOP3: bits 0..2 sources, bit 3 destination; VOP3P: op_sel */
   uint8_t opsel_hi;      /* VOP3P (default 7) */
   uint8_t neg_hi;        /* VOP3P */
   bool clamp;
   uint8_t omod;          /* 0 none, 1 mul:2, 2 mul:4, 3 div:2 */
   uint16_t dpp_ctrl;     /* DPP16 */
   uint8_t row_mask, bank_mask;
   bool bound_ctrl, fetch_inactive;
   uint32_t dpp8_sel;     /* DPP8: 8 x 3 bits */
   /* SDWA (GFX10.3): sel 0..3 BYTE_0..3, 4..5 WORD_0..1, 6 DWORD */
   uint8_t sdwa_sel[2], sdwa_dst_sel;
   uint8_t sdwa_dst_unused; /* 0 pad, 1 sext, 2 preserve */
   bool sdwa_sext[2];
};

struct aco_mem_fields {
   int32_t offset;        /* immediate byte offset (DS: offset0 | offset1 << 8 for two-address) */
   bool glc, slc, dlc;    /* GFX10.3 / GFX11 cache bits */
   uint8_t th, scope;     /* GFX12 cache policy */
   bool offen, idxen;     /* MUBUF */
   bool gds;              /* DS on GFX10.3 */
};

struct aco_minstr {
   uint16_t opcode;       /* enum aco_opcode */
   uint8_t encoding;      /* enum aco_encoding */
   uint8_t num_operands;
   uint8_t num_definitions;
   aco_operand *operands;
   aco_definition *definitions;
   union {
      struct aco_valu_fields valu;
      struct aco_mem_fields mem;
      uint32_t imm;          /* SOPK / SOPP immediate, s_waitcnt fields ... */
   };
   uint32_t target_block;    /* branches */
   /* VOPD: enum aco_opcode of the Y half; `opcode` is the X half. Definitions are
    * [X dst, Y dst], operands X's sources then Y's, each in its opcode's slot order. */
   uint16_t vopd_y;
   /* enum aco_mreloc: a constant operand fixed up after lowering (calls) */
   uint8_t reloc;
   /* 0, or 1 + the index of the operand whose register definition 0 must take (a tied
    * operand, docs/mir.md "Tied operands"): the accumulator of v_fmac_f32, the input of
    * s_addk_i32. An operand past the slot map names no field: the hardware reads it
    * through the destination. */
   uint8_t tied;
};

/* The operand tied to definition 0, or -1. */
static inline int
aco_minstr_tied_operand(const struct aco_minstr *in)
{
   return in->tied && in->tied <= in->num_operands && in->num_definitions ? in->tied - 1 : -1;
}

/* Whether operand k is also written: v_swap_b32 gives its source register the destination's
 * old value (the operand is not listed among the definitions). */
static inline bool
aco_minstr_writes_operand(const struct aco_minstr *in, unsigned k)
{
   return in->opcode == aco_op_v_swap_b32 && k == 0;
}

/* p_return's imm: jump to its last operand, not to its first (the return address): a
 * divergent-callable function continuing the call chain (docs/calls.md). */
#define ACO_RETURN_TO_LAST 1u
/* p_return's imm: end the wave (s_endpgm) instead: the return of a noreturn function. */
#define ACO_RETURN_END 2u

/* Constants of lowered calls known only later (docs/calls.md). */
enum aco_mreloc {
   ACO_MRELOC_NONE = 0,
   /* the literal of s_add_u32 / s_addc_u32 after s_getpc_b64: low / high half of the
    * distance from the end of the s_getpc_b64 to function target_block (the assembler) */
   ACO_MRELOC_PC_LO,
   ACO_MRELOC_PC_HI,
   /* the stack-pointer bump around a call: the caller's frame size (aco_save_registers) */
   ACO_MRELOC_FRAME,
   /* a store of a stack-passed argument: the frame size is added to its offset */
   ACO_MRELOC_OUTGOING,
};

/* ---- blocks and programs ----------------------------------------------------------------- */

typedef ACO_VEC(uint32_t) aco_block_list;
typedef ACO_VEC(struct aco_minstr *) aco_instr_list;

struct aco_register_demand {
   int16_t sgpr, vgpr;
};

enum aco_block_kind {
   ACO_BLOCK_UNIFORM = 1 << 0,
   ACO_BLOCK_LOOP_HEADER = 1 << 1,
   ACO_BLOCK_LOOP_EXIT = 1 << 2,
   ACO_BLOCK_TOP_LEVEL = 1 << 3,
   ACO_BLOCK_BRANCH = 1 << 4,   /* ends with a divergent branch (exec saved and narrowed) */
   ACO_BLOCK_INVERT = 1 << 5,   /* exec switches from the then lanes to the else lanes */
   ACO_BLOCK_MERGE = 1 << 6,    /* the end of a divergent if: exec restored */
   ACO_BLOCK_BREAK = 1 << 7,    /* a break or continue for some lanes of the loop */
   ACO_BLOCK_CONTINUE = 1 << 8, /* a loop's latch */
   ACO_BLOCK_LINEAR = 1 << 9,   /* only on the linear CFG (no logical code) */
};

struct aco_mblock {
   uint32_t index;
   uint32_t kind;
   uint32_t loop_depth;
   aco_instr_list instrs;
   aco_block_list logical_preds, logical_succs, linear_preds, linear_succs;
   struct aco_register_demand demand;
   /* aco_compute_liveness: temporaries live at the start and the end of the block
    * (ascending ids; phi definitions are not live-in, phi operands are live-out of their
    * predecessor) and the demand at each instruction (instrs.len entries; see
    * src/ra/compute_liveness.c). */
   uint32_t *live_in, *live_out;
   uint32_t num_live_in, num_live_out;
   struct aco_register_demand *instr_demand;
};

struct aco_mprogram {
   aco_gfx_level gfx_level;
   unsigned wave_size;
   const struct aco_gfx_info *gfx;
   struct aco_arena arena;
   const aco_allocator *allocator;
   ACO_VEC(struct aco_mblock *) blocks;
   uint32_t temp_count;
   ACO_VEC(aco_rc) temp_rc;

   /* The function this program is (one machine program per front-IR function). */
   const char *name;       /* in the arena */
   /* An entry, or an amdgpu_cs_chain function (is_chain): nothing to return to or to
    * preserve, a frame starting at scratch offset 0, `return` ends the wave. */
   bool is_entry;
   bool is_chain;
   bool noreturn; /* a noreturn function (not an entry): its return ends the wave */
   /* Results of the passes, read by the assembler and the binary's metadata. */
   struct aco_mconfig {
      uint16_t num_sgprs, num_vgprs;  /* highest register used + 1 (before granules) */
      uint32_t scratch_bytes;         /* per lane */
      uint32_t lds_bytes;
      uint32_t workgroup_size[3];
   } config;

   /* The first error of a pass (OOM, register limits, unsupported input). */
   aco_status status;
   char message[512];
   /* The last validator report in full (in the arena), NULL when it found nothing. */
   const char *report;
   /* aco_compute_liveness: the highest demand of any instruction (what spilling reads). */
   struct aco_register_demand max_demand;
   /* Set by aco_spill: the liveness on the program is that of the program it returns (its
    * last round computed it and nothing changed since), so the next aco_compute_liveness
    * (the register allocator's) keeps it and clears this. A pass placed between the two
    * that changes the program must clear it. */
   bool liveness_current;
   /* aco_mprogram_slots: the slot maps asked for so far (in the arena) */
   struct aco_slot_cache *slot_cache;
   /* Instruction selection keeps every divergent if a branch (ACO_DEBUG=skip=ifconv). */
   bool no_ifconv;
   /* Register limits for aco_spill and aco_register_allocate (0: s0..s105 / v0..v255). */
   uint16_t max_sgprs, max_vgprs;
   /* the chip's VGPR file per lane of a SIMD and its allocation granule at this wave size
    * (aco_chip_info); 0: the level's (gfx->vgpr_granule, 64 granules) */
   uint16_t vgpr_file;
   uint8_t vgpr_alloc_granule;
   /* GFX10.3 entries: the scratch base SGPRs were requested for this compile (set before
    * instruction selection), were received (instruction selection), are needed by the
    * spiller's VGPR spills but were not received (compile again with them). */
   bool force_scratch_input, has_scratch_input, scratch_input_needed;
   /* aco_lower_to_hw: spill code, in dwords (the binary's statistics) */
   uint32_t sgpr_spills, sgpr_reloads, vgpr_spills, vgpr_reloads;

   /* Calls (docs/calls.md). A function that is not an entry receives the stack pointer
    * (stack_pointer: the temporary instruction selection defines for it; id 0 in entries,
    * whose frame starts at scratch offset 0) and addresses its frame from it. */
   aco_temp stack_pointer;
   uint16_t stack_pointer_reg; /* its SGPR at the entry and at every return */
   /* called functions: per register field (s0..s105 = 0..105, v0..v255 = 256..511), 1
    * where the function's ABI preserves it (in the arena); NULL in entries */
   const uint8_t *preserved;
   uint32_t num_calls;        /* p_call instructions */
   uint32_t outgoing_bytes;   /* the largest stack-parameter area of its calls */
   /* set by aco_spill: the calls keep too few VGPRs in common for linear VGPRs to live
    * across them, so SGPR spills go to the scratch frame, not into lanes of linear VGPRs */
   bool call_keeps_no_vgpr;
   uint32_t call_clobbered_vgprs[8]; /* bit v: some call's callee may overwrite VGPR v */
   bool calls_dynamic;        /* an indirect call: the stack depth is unknown */
   /* aco_lower_to_hw, for aco_save_registers: by register field (s0..s105 = 0..105,
    * v0..v255 = 256..511), which registers the function writes (its code, and what the
    * callees of its calls may clobber), which hold any of its values or are named by
    * its code, and which VGPRs it writes in all lanes (linear VGPRs, v_writelane,
    * reductions under a full exec). */
   uint64_t regs_written[8], regs_used[8], regs_whole_wave[8];
   /* aco_save_registers: bytes per lane of the save area at the end of the frame
    * (config.scratch_bytes includes it) */
   uint32_t save_bytes;
};

/* Whether the function returns to a caller whose registers it must preserve: what
 * aco_save_registers saves, and what aco_lower_to_hw records for it. */
static inline bool
aco_mprogram_saves_registers(const struct aco_mprogram *p)
{
   return (!p->is_entry || p->is_chain) && p->preserved && !p->noreturn;
}

#define aco_foreach_block(p, blk)                                                             \
   for (uint32_t _bi = 0; _bi < (p)->blocks.len && ((blk) = (p)->blocks.data[_bi], 1); _bi++)
#define aco_foreach_instr(blk, ins)                                                           \
   for (uint32_t _ii = 0; _ii < (blk)->instrs.len && ((ins) = (blk)->instrs.data[_ii], 1); _ii++)
#define aco_foreach_operand(ins, op)                                                          \
   for (aco_operand *op = (ins)->operands; op < (ins)->operands + (ins)->num_operands; op++)
#define aco_foreach_definition(ins, def)                                                      \
   for (aco_definition *def = (ins)->definitions;                                             \
        def < (ins)->definitions + (ins)->num_definitions; def++)

/* ---- program, blocks, instructions (mir.c) ---------------------------------------------- */

struct aco_mprogram *aco_mprogram_create(const aco_allocator *a, aco_gfx_level level,
                                         unsigned wave_size);
void aco_mprogram_destroy(struct aco_mprogram *p);
struct aco_mblock *aco_mprogram_add_block(struct aco_mprogram *p);
aco_temp aco_mprogram_new_temp(struct aco_mprogram *p, aco_rc rc);
/* Adds succ to pred's successors and pred to succ's predecessors. */
bool aco_mblock_add_logical_edge(struct aco_mprogram *p, struct aco_mblock *pred,
                                 struct aco_mblock *succ);
bool aco_mblock_add_linear_edge(struct aco_mprogram *p, struct aco_mblock *pred,
                                struct aco_mblock *succ);
/* An instruction with its operand and definition arrays in one arena allocation. */
struct aco_minstr *aco_minstr_create(struct aco_arena *arena, enum aco_opcode op,
                                     unsigned num_operands, unsigned num_definitions);
/* The printed-order operand slots of an opcode on a level, encoding and wave size, each
 * mapped to its definition or operand index. Implicit vcc of the 32-bit forms is a fixed
 * operand/definition too, so e32 and e64 forms have the same shape; in the e64 form it
 * becomes an explicit lane-mask slot ('d' of VOPC, 'e' carry-out, 'c' carry-in/selector).
 * False for special-syntax ('?') or absent opcodes. */
struct aco_slot_map {
   unsigned count, num_operands, num_definitions;
   struct aco_op_slot slot[8];
   uint8_t index[8];
   bool is_def[8];
};
bool aco_minstr_slots(aco_gfx_level level, unsigned wave_size, enum aco_opcode op,
                      enum aco_encoding enc, struct aco_slot_map *map);
/* The table of the slot maps a program asked for (mir.c): open addressing keyed by opcode
 * and encoding, pointing at maps in the program's arena. Here so that finding a form
 * asked for before, what almost every question is, takes no call. */
struct aco_slot_entry {
   uint32_t key;                    /* opcode << 8 | encoding, + 1 (0: empty) */
   const struct aco_slot_map *map; /* NULL: no such form */
};
struct aco_slot_cache {
   uint32_t mask, used;
   struct aco_slot_entry *entries;
};
static inline uint32_t
aco_slot_key(enum aco_opcode op, enum aco_encoding enc)
{
   return ((uint32_t)op << 8 | (uint32_t)enc) + 1;
}
static inline uint32_t
aco_slot_hash(uint32_t key, uint32_t mask)
{
   return (key * 0x9e3779b1u) >> 16 & mask;
}
const struct aco_slot_map *aco_mprogram_slots_miss(struct aco_mprogram *p, enum aco_opcode op,
                                                   enum aco_encoding enc);
/* The same for p's level and wave size, computed once per program and opcode/encoding and
 * then looked up (the assembler, the NOP pass and copy propagation ask for every
 * instruction). NULL where aco_minstr_slots is false, and when out of memory (then also
 * recorded on p as ACO_ERROR_OUT_OF_MEMORY, so the pass fails rather than goes on). */
static inline const struct aco_slot_map *
aco_mprogram_slots(struct aco_mprogram *p, enum aco_opcode op, enum aco_encoding enc)
{
   const struct aco_slot_cache *c = p->slot_cache;
   if (c && (unsigned)op < aco_num_opcodes && (unsigned)enc <= 0xff) {
      uint32_t key = aco_slot_key(op, enc);
      for (uint32_t i = aco_slot_hash(key, c->mask); c->entries[i].key; i = (i + 1) & c->mask) {
         if (c->entries[i].key == key)
            return c->entries[i].map;
      }
   }
   return aco_mprogram_slots_miss(p, op, enc);
}

/* The same operation without a tied operand, as a new instruction: v_fmac_f32/f16 as
 * v_fma_f32/f16 (VOP3), s_addk_i32/s_mulk_i32 as s_add_i32/s_mul_i32 with a literal.
 * aco_untied_opcode gives that opcode, aco_num_opcodes when `in` is none of those (in
 * the shape docs/mir.md gives them); aco_minstr_untie NULL then or out of memory. */
enum aco_opcode aco_untied_opcode(const struct aco_minstr *in);
struct aco_minstr *aco_minstr_untie(struct aco_arena *arena, const struct aco_minstr *in);

/* Records the first error (status + message) on the program and returns the status, so a
 * pass can `return aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "...")`. */
aco_status aco_mprogram_error(struct aco_mprogram *p, aco_status status, const char *fmt, ...)
#if defined(__GNUC__)
   __attribute__((format(printf, 3, 4)))
#endif
   ;

/* ---- the passes, in pipeline order (src/api/compile.c runs them) ------------------------
 * Each returns ACO_SUCCESS or records an error on the program and returns it.
 *
 * aco_select_instructions (src/isel)   front-IR function -> SSA machine IR with pseudo
 *                                      instructions (docs/mir.md); pre-RA.
 * aco_spill (src/ra/spill.c)           register demand within the limits: values stored
 *                                      (p_spill) and read back (p_reload) or
 *                                      rematerialized; pre-RA, SSA.
 * aco_register_allocate (src/ra)       SSA temporaries -> physical registers (every operand
 *                                      and definition fixed); inserts p_parallelcopy; phis
 *                                      stay, with registers.
 * aco_eliminate_ssa (src/lower)        phis -> parallel copies at the end of predecessors.
 * aco_lower_to_hw (src/lower)          every pseudo instruction -> hardware instructions.
 * aco_save_registers (src/lower)       called functions: saves and restores of the
 *                                      registers their ABI preserves; the frame size in
 *                                      the stack-pointer bumps of calls.
 * aco_insert_waits (src/lower)         s_waitcnt / s_wait_* before uses of loaded values.
 * aco_insert_nops (src/lower)          hazard NOPs per docs/hazards.md.
 * then src/emit assembles the program (branch fixups, symbols, config, statistics).
 *
 * Validators (always on in tests): aco_validate_mir (structure, any stage) and
 * aco_validate_ra (re-simulates the register file after register allocation). */

/* ---- printer (print_mir.c): docs/mir.md "Printed form" --------------------------------- */

void aco_mprint_rc(aco_rc rc, struct aco_strbuf *sb);
/* A register of `bytes` bytes: v4, s[4:5], vcc, exec_lo, m0, scc, v4.h (byte 2). */
void aco_mprint_reg(const struct aco_mprogram *p, aco_physreg reg, unsigned bytes,
                    struct aco_strbuf *sb);
void aco_mprint_operand(const struct aco_mprogram *p, const aco_operand *o, struct aco_strbuf *sb);
void aco_mprint_definition(const struct aco_mprogram *p, const aco_definition *d,
                           struct aco_strbuf *sb);
/* One instruction, no newline. p gives the level and wave size (may be NULL). */
void aco_mprint_instr(const struct aco_mprogram *p, const struct aco_minstr *in,
                      struct aco_strbuf *sb);
void aco_mprint_block(const struct aco_mprogram *p, const struct aco_mblock *b,
                      struct aco_strbuf *sb);
void aco_mprint_program(const struct aco_mprogram *p, struct aco_strbuf *sb);
/* A DPP16 dpp_ctrl in LLVM's syntax: quad_perm:[0,1,2,3], row_shl:1, row_share:3 ... */
void aco_print_dpp_ctrl(unsigned ctrl, struct aco_strbuf *sb);
/* The DPP16 / DPP8 fields of an instruction in that encoding, in LLVM's syntax (with a
 * leading space); nothing for other encodings. */
void aco_print_dpp(const struct aco_minstr *in, struct aco_strbuf *sb);

/* ---- builder at a cursor (builder.c) ----------------------------------------------------
 * Instructions are created in the program's arena and inserted at the cursor (before the
 * instruction at `pos` of `list`), which then moves past them. A failed allocation
 * records ACO_ERROR_OUT_OF_MEMORY on the program and the builder returns NULL: check
 * p->status once at the end of a pass. */
struct aco_mbuilder {
   struct aco_mprogram *p;
   aco_instr_list *list;
   uint32_t pos;
};

/* Cursor at the end of a block, at instruction `index` of a block, or at the end of a
 * fresh list a lowering builds before swapping it into a block (style.md point 8). */
void aco_mb_at_end(struct aco_mbuilder *b, struct aco_mprogram *p, struct aco_mblock *block);
void aco_mb_at(struct aco_mbuilder *b, struct aco_mprogram *p, struct aco_mblock *block,
               uint32_t index);
void aco_mb_at_list(struct aco_mbuilder *b, struct aco_mprogram *p, aco_instr_list *list);

aco_temp aco_mb_temp(struct aco_mbuilder *b, aco_rc rc);
/* A definition of a new temporary of class rc. */
aco_definition aco_mb_def(struct aco_mbuilder *b, aco_rc rc);
/* Inserts an existing instruction at the cursor; returns it (NULL on allocation failure). */
struct aco_minstr *aco_mb_insert(struct aco_mbuilder *b, struct aco_minstr *in);
/* A zeroed instruction with these counts, inserted at the cursor. */
struct aco_minstr *aco_mb_instr(struct aco_mbuilder *b, enum aco_opcode op, unsigned ndefs,
                                unsigned nops);
/* A hardware instruction in encoding enc whose operand and definition counts come from
 * its slot map (aco_minstr_slots): defs and ops hold that many each. NULL (and an
 * ACO_ERROR_INVALID_IR on the program) for an opcode without one on this level. */
struct aco_minstr *aco_mb_hw(struct aco_mbuilder *b, enum aco_opcode op, enum aco_encoding enc,
                             const aco_definition *defs, const aco_operand *ops);

/* Common shapes (counts as in the opcode's signature). */
struct aco_minstr *aco_mb_sop1(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                               aco_operand a);
struct aco_minstr *aco_mb_sop2(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                               aco_operand a, aco_operand c);
struct aco_minstr *aco_mb_sopc(struct aco_mbuilder *b, enum aco_opcode op, aco_operand a,
                               aco_operand c);
struct aco_minstr *aco_mb_sopk(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                               uint16_t imm);
/* SOPP with an immediate (s_nop, s_waitcnt, s_endpgm ...); branches take a target. */
struct aco_minstr *aco_mb_sopp(struct aco_mbuilder *b, enum aco_opcode op, uint32_t imm);
struct aco_minstr *aco_mb_branch(struct aco_mbuilder *b, enum aco_opcode op, uint32_t target);
/* VALU in its native 32-bit form. VOP2/VOPC ops with an implicit vcc take it as a fixed
 * vcc operand / definition, which these fill in (wave-size lane mask). */
struct aco_minstr *aco_mb_vop1(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                               aco_operand a);
struct aco_minstr *aco_mb_vop2(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                               aco_operand a, aco_operand c);
/* VOP3 (or the e64 form of a VOP1/VOP2/VOPC op) with modifiers, e.g.
 *    aco_mb_vop3(b, aco_op_v_fma_f32, d, x, y, z, (struct aco_valu_fields){.neg = 1});
 * Sources beyond the opcode's count are ignored; a VOPC's dst is the lane mask, and a
 * VOP3SD's second definition (carry-out) gets a new lane-mask temporary. */
struct aco_minstr *aco_mb_vop3(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                               aco_operand a, aco_operand c, aco_operand d,
                               struct aco_valu_fields mods);
/* A memory instruction: dst (ignored when the opcode has no destination) and its sources
 * in signature order, fields by designated initialiser:
 *    aco_mb_mem(b, aco_op_global_load_b32, d, (aco_operand[]){addr}, (struct aco_mem_fields){.offset = 16});
 */
struct aco_minstr *aco_mb_mem(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                              const aco_operand *ops, struct aco_mem_fields f);

/* VOPD (GFX11+ wave32): X and Y halves (v_dual_* opcodes), their destinations, and the X
 * operands followed by the Y operands (each half's count from its slot map). */
struct aco_minstr *aco_mb_vopd(struct aco_mbuilder *b, enum aco_opcode x, enum aco_opcode y,
                               aco_definition dx, aco_definition dy, const aco_operand *ops);

/* Pseudo instructions (docs/mir.md). */
struct aco_minstr *aco_mb_parallelcopy(struct aco_mbuilder *b, unsigned n,
                                       const aco_definition *defs, const aco_operand *ops);
struct aco_minstr *aco_mb_copy(struct aco_mbuilder *b, aco_definition dst, aco_operand src);
struct aco_minstr *aco_mb_create_vector(struct aco_mbuilder *b, aco_definition dst, unsigned n,
                                        const aco_operand *ops);
struct aco_minstr *aco_mb_split_vector(struct aco_mbuilder *b, unsigned n,
                                       const aco_definition *defs, aco_operand src);
struct aco_minstr *aco_mb_extract_vector(struct aco_mbuilder *b, aco_definition dst,
                                         aco_operand src, unsigned index);
/* p_phi or p_linear_phi with one operand per predecessor. */
struct aco_minstr *aco_mb_phi(struct aco_mbuilder *b, enum aco_opcode op, aco_definition dst,
                              unsigned n, const aco_operand *ops);
/* p_branch (cond ignored) or p_cbranch_z / p_cbranch_nz on cond. */
struct aco_minstr *aco_mb_pbranch(struct aco_mbuilder *b, enum aco_opcode op, aco_operand cond,
                                  uint32_t target);
/* Fixed special-register operands sized for the program's wave size. */
aco_operand aco_mb_vcc(const struct aco_mbuilder *b);
aco_operand aco_mb_exec(const struct aco_mbuilder *b);
aco_operand aco_mb_m0(const struct aco_mbuilder *b);
aco_operand aco_mb_scc(void);

/* ---- validator (validate_mir.c) ----------------------------------------------------------
 * Structure at any stage: operand and definition counts and register classes against the
 * opcode's slot map, temporaries (class = p->temp_rc, defined once, defined before every
 * use along the CFG: dominance on the logical CFG for VGPRs, on the linear CFG otherwise),
 * phis (at block starts, one operand per predecessor), symmetric CFG edges and valid
 * branch targets. Reports every problem (stage, block, printed instruction), then the
 * whole program, through aco_mprogram_error (ACO_ERROR_INVALID_IR); the full report is
 * also kept in p->report. Returns ACO_SUCCESS only when it found nothing and no earlier
 * error is recorded on the program. */
aco_status aco_validate_mir(struct aco_mprogram *p, const char *stage);

/* ---- register allocation (src/ra) ---------------------------------------------------------
 * aco_compute_liveness: live-in/out per block, kill flags, demand per instruction, block and
 * program (p->max_demand). aco_register_allocate: runs liveness itself; every temporary
 * operand and definition fixed afterwards, limits p->max_sgprs/max_vgprs, records
 * p->config.num_sgprs/num_vgprs. aco_validate_ra: re-simulates the register file. */
aco_status aco_compute_liveness(struct aco_mprogram *p);
aco_status aco_spill(struct aco_mprogram *p);
aco_status aco_register_allocate(struct aco_mprogram *p);
aco_status aco_validate_ra(struct aco_mprogram *p);

#endif
