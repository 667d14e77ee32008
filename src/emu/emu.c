/* SPDX-License-Identifier: MIT */
/* The emulator's device and dispatch (docs/emulator.md): memory mappings onto host
 * buffers, the code and its decode cache (each PC decoded once), the grid run workgroup
 * by workgroup with the waves of a workgroup interleaved at barriers, the register files
 * and the accessors every detector hangs on (allocation bounds, outstanding loads, ABI
 * poison), the wait model and the error messages (detector, PC, disassembly, wave).
 * Scalar instructions are in salu.c, memory in memory.c, the ABI check in abi.c, vector
 * ALU in valu.c, hazards in hazards.c. */
#include "emu/emu_core.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define EMU_DEFAULT_STEP_LIMIT 10000000ull
#define EMU_DEFAULT_MODE 0xf0u

/* ---- device ------------------------------------------------------------------------- */

struct aco_emu *
aco_emu_create(const aco_allocator *a, aco_target target)
{
   a = aco_allocator_or_default(a);
   const struct aco_gfx_info *gfx = aco_gfx_info(target.gfx_level);
   if (!gfx || (target.wave_size != 32 && target.wave_size != 64))
      return NULL;
   struct aco_emu *emu = aco_calloc(a, sizeof(*emu));
   if (!emu)
      return NULL;
   emu->alloc = a;
   emu->target = target;
   emu->gfx = gfx;
   aco_arena_init(&emu->arena, a);
   aco_emu_abi_amdgpu_gfx(&emu->abi);
   return emu;
}

static void
free_code(struct aco_emu *emu)
{
   aco_free(emu->alloc, emu->code);
   aco_free(emu->alloc, emu->decoded);
   aco_free(emu->alloc, emu->decoded_valid);
   emu->code = NULL;
   emu->decoded = NULL;
   emu->decoded_valid = NULL;
   emu->code_size = 0;
   aco_arena_finish(&emu->arena);
   aco_arena_init(&emu->arena, emu->alloc);
}

void
aco_emu_destroy(struct aco_emu *emu)
{
   if (!emu)
      return;
   free_code(emu);
   for (uint32_t i = 0; i < emu->num_maps; i++)
      aco_free(emu->alloc, emu->maps[i].written);
   aco_free(emu->alloc, emu->maps);
   aco_arena_finish(&emu->arena);
   aco_free(emu->alloc, emu);
}

aco_status
emu_error(struct aco_emu *emu, aco_status status, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(emu->message, sizeof(emu->message), fmt, ap);
   va_end(ap);
   emu->status = status;
   return status;
}

static bool
overlaps(uint64_t a, uint64_t asize, uint64_t b, uint64_t bsize)
{
   return a < b + bsize && b < a + asize;
}

static aco_status
add_mapping(struct aco_emu *emu, uint64_t gpu_addr, void *host, size_t size, unsigned flags)
{
   if (!size || !host || gpu_addr + size < gpu_addr)
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT, "aco_emu_map: empty or wrapping range");
   for (uint32_t i = 0; i < emu->num_maps; i++) {
      if (overlaps(gpu_addr, size, emu->maps[i].addr, emu->maps[i].size))
         return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_emu_map: 0x%" PRIx64 "+0x%zx overlaps the mapping at 0x%" PRIx64,
                          gpu_addr, size, emu->maps[i].addr);
   }
   if (emu->num_maps == emu->cap_maps &&
       !aco_grow(emu->alloc, (void **)&emu->maps, &emu->cap_maps, emu->num_maps + 1,
                 sizeof(*emu->maps)))
      return emu_error(emu, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   struct emu_mapping m = {gpu_addr, host, size, flags, NULL};
   emu->maps[emu->num_maps++] = m;
   return ACO_SUCCESS;
}

aco_status
aco_emu_map(struct aco_emu *emu, uint64_t gpu_addr, void *host, size_t size, unsigned flags)
{
   if (!emu)
      return ACO_ERROR_INVALID_ARGUMENT;
   return add_mapping(emu, gpu_addr, host, size, flags);
}

aco_status
aco_emu_load_code(struct aco_emu *emu, const void *code, size_t size, uint64_t gpu_addr)
{
   if (!emu)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!code || !size || size % 4 || gpu_addr % 4)
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_emu_load_code: code must be a non-empty multiple of 4 bytes at a "
                       "4-byte aligned address");
   if (emu->code) {
      /* replace the previous code and its mapping */
      for (uint32_t i = 0; i < emu->num_maps; i++) {
         if (emu->maps[i].host == emu->code) {
            aco_free(emu->alloc, emu->maps[i].written);
            emu->maps[i] = emu->maps[--emu->num_maps];
            break;
         }
      }
      free_code(emu);
   }
   size_t n = size / 4;
   emu->code = aco_alloc(emu->alloc, size + 16);
   emu->decoded = aco_calloc(emu->alloc, n * sizeof(*emu->decoded));
   emu->decoded_valid = aco_calloc(emu->alloc, n * sizeof(bool));
   if (!emu->code || !emu->decoded || !emu->decoded_valid) {
      free_code(emu);
      return emu_error(emu, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   }
   memcpy(emu->code, code, size);
   memset(emu->code + size, 0, 16);
   emu->code_size = size;
   emu->code_addr = gpu_addr;
   aco_status s = add_mapping(emu, gpu_addr, emu->code, size, ACO_EMU_MEM_READONLY);
   if (s != ACO_SUCCESS)
      free_code(emu);
   return s;
}

void
aco_emu_set_trace(struct aco_emu *emu, void (*sink)(void *user, const char *line), void *user)
{
   if (!emu)
      return;
   emu->trace_sink = sink;
   emu->trace_user = user;
}

const char *
aco_emu_message(const struct aco_emu *emu)
{
   return emu ? emu->message : "no emulator";
}

uint64_t
aco_emu_steps(const struct aco_emu *emu)
{
   return emu ? emu->steps : 0;
}

void
aco_emu_get_stats(const struct aco_emu *emu, struct aco_emu_stats *out)
{
   if (!out)
      return;
   memset(out, 0, sizeof(*out));
   if (emu) {
      *out = emu->stats;
      out->instructions = emu->steps;
   }
}

bool
emu_pc_in_code(const struct aco_emu *emu, uint64_t pc)
{
   return pc >= emu->code_addr && pc < emu->code_addr + emu->code_size && pc % 4 == 0;
}

uint32_t
emu_code_offset(const struct aco_emu *emu, uint64_t pc)
{
   return (uint32_t)(pc - emu->code_addr);
}

/* ---- decoding ---------------------------------------------------------------------- */

static bool
find_opcode(const struct aco_emu *emu, unsigned fmt, unsigned op, enum aco_opcode *out)
{
   int gi = aco_gfx_index(emu->target.gfx_level);
   for (unsigned i = 0; i < aco_num_opcodes; i++) {
      const struct aco_op_info *info = aco_op_info(i);
      if (info->format == fmt && info->opcode[gi] == (int)op) {
         *out = i;
         return true;
      }
   }
   return false;
}

/* The encodings the table-driven decoder does not take: the special-syntax scalar
 * instructions (s_waitcnt, s_getreg/s_setreg, s_sendmsg, s_delay_alu ...: their raw
 * immediate is all the core needs). */
static bool
decode_fallback(struct aco_emu *emu, const uint32_t *w, struct emu_decoded *d)
{
   uint32_t w0 = w[0];
   enum aco_opcode opc;
   if ((w0 >> 23) == 0x17f) { /* SOPP */
      if (!find_opcode(emu, ACO_FMT_SOPP, (w0 >> 16) & 0x7f, &opc))
         return false;
      d->in = aco_minstr_create(&emu->arena, opc, 0, 0);
      if (!d->in)
         return false;
      d->in->imm = w0 & 0xffff;
      d->dwords = 1;
      return true;
   }
   if ((w0 >> 28) == 0xb) { /* SOPK */
      unsigned op = (w0 >> 23) & 0x1f, sdst = (w0 >> 16) & 0x7f;
      if (!find_opcode(emu, ACO_FMT_SOPK, op, &opc))
         return false;
      bool getreg = opc == aco_op_s_getreg_b32, setreg = opc == aco_op_s_setreg_b32;
      d->in = aco_minstr_create(&emu->arena, opc, setreg, getreg);
      if (!d->in)
         return false;
      if (getreg)
         d->in->definitions[0] = aco_def_fixed(aco_temp_make(0, aco_rc_s(1)), aco_sgpr(sdst));
      if (setreg)
         d->in->operands[0] = aco_opnd_reg(aco_sgpr(sdst), aco_rc_s(1));
      d->in->imm = w0 & 0xffff;
      d->dwords = 1;
      return true;
   }
   return false;
}

static const struct emu_decoded *
decode_at(struct aco_emu *emu, uint64_t pc)
{
   uint32_t idx = emu_code_offset(emu, pc) / 4;
   if (emu->decoded_valid[idx])
      return &emu->decoded[idx];
   const uint32_t *words = (const uint32_t *)(emu->code + idx * 4);
   unsigned avail = (unsigned)(emu->code_size / 4 - idx);
   struct emu_decoded d = {0};
   struct aco_minstr *in = NULL;
   unsigned n = aco_decode_instr(emu->target.gfx_level, emu->target.wave_size, words,
                                 avail < ACO_MAX_INSTR_DWORDS ? avail : ACO_MAX_INSTR_DWORDS,
                                 &emu->arena, &in);
   if (n) {
      d.in = in;
      d.dwords = (uint8_t)n;
      d.tclass = aco_timing_class(in->opcode);
   } else if (!decode_fallback(emu, words, &d)) {
      return NULL;
   }
   emu->decoded[idx] = d;
   emu->decoded_valid[idx] = true;
   return &emu->decoded[idx];
}

/* ---- messages ---------------------------------------------------------------------- */

static void
print_instr(struct aco_emu *emu, const struct emu_decoded *d, uint64_t pc, struct aco_strbuf *sb)
{
   if (d && d->in) {
      aco_print_asm_instr(emu->target.gfx_level, emu->target.wave_size, d->in, sb);
      if (d->in->num_operands == 0 && d->in->num_definitions == 0 &&
          aco_op_info(d->in->opcode)->sig[aco_gfx_index(emu->target.gfx_level)].count == 0xff)
         aco_strbuf_printf(sb, " 0x%x", d->in->imm & 0xffff);
      return;
   }
   if (emu_pc_in_code(emu, pc))
      aco_strbuf_printf(sb, ".long 0x%08x", *(const uint32_t *)(emu->code + emu_code_offset(emu, pc)));
   else
      aco_strbuf_puts(sb, "<outside code>");
}

static void
wave_location(struct emu_wave_state *ws, char *buf, size_t size)
{
   const struct emu_group *g = ws->group;
   snprintf(buf, size, "wave %u (workgroup %u,%u,%u, wave %u of %u)", ws->w.id, g->id[0],
            g->id[1], g->id[2], ws->index_in_group, g->num_waves);
}

static bool
fail_at(struct emu_wave_state *ws, const struct emu_decoded *d, uint64_t pc, const char *what)
{
   struct aco_emu *emu = ws->w.emu;
   ws->w.failed = true;
   if (emu->status != ACO_SUCCESS)
      return false;
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, emu->alloc);
   print_instr(emu, d, pc, &sb);
   char loc[128];
   wave_location(ws, loc, sizeof(loc));
   emu_error(emu, ACO_ERROR_INVALID_ARGUMENT, "%s at pc 0x%x: %s; %s", what,
             (unsigned)(pc - emu->code_addr), aco_strbuf_str(&sb), loc);
   aco_strbuf_finish(&sb);
   return false;
}

/* The decoded entry being executed (for messages from the ALU and memory code). */
static const struct emu_decoded *
current_decoded(struct emu_wave_state *ws)
{
   struct aco_emu *emu = ws->w.emu;
   if (!emu_pc_in_code(emu, ws->w.pc))
      return NULL;
   uint32_t idx = emu_code_offset(emu, ws->w.pc) / 4;
   return emu->decoded_valid[idx] ? &emu->decoded[idx] : NULL;
}

bool
emu_fail(struct emu_wave *w, const char *fmt, ...)
{
   char what[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(what, sizeof(what), fmt, ap);
   va_end(ap);
   struct emu_wave_state *ws = emu_ws(w);
   return fail_at(ws, current_decoded(ws), w->pc, what);
}

/* ---- registers --------------------------------------------------------------------- */

static bool
check_sgpr(struct emu_wave_state *ws, unsigned field, bool write)
{
   if (ws->w.failed)
      return false;
   if (field < ACO_SGPR_COUNT && field >= ws->w.num_sgprs)
      return emu_fail(&ws->w, "register beyond allocation: s%u %s, the launch allocates %u SGPRs",
                      field, write ? "written" : "read", ws->w.num_sgprs);
   if (field < 128 && ws->sgpr_pend[field])
      return emu_fail(&ws->w, "outstanding load: s%u %s before a wait covers the load that "
                      "writes it", field, write ? "overwritten" : "read");
   return true;
}

/* A read of poisoned bits: the instruction is tainted (the first such read is named in
 * messages). */
static void
taint(struct emu_wave_state *ws, unsigned field, unsigned lane)
{
   if (ws->taint_field == ~0u) {
      ws->taint_field = field;
      ws->taint_lane = lane;
   }
   ws->taint = true;
}

bool
emu_taint(struct emu_wave *w)
{
   return emu_ws(w)->taint;
}

void
emu_set_taint(struct emu_wave *w, bool t)
{
   emu_ws(w)->taint = t;
}

bool
emu_check_use(struct emu_wave *w, const char *as)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!ws->taint || w->failed)
      return !w->failed;
   return emu_abi_use(ws, as);
}

uint32_t
emu_sreg_poison(struct emu_wave *w, unsigned field)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (field == ACO_REG_SCC)
      return ws->scc_poison;
   if (field == ACO_REG_VCCZ)
      return ws->sgpr_poison[ACO_REG_VCC_LO] ||
             (w->wave_size == 64 && ws->sgpr_poison[ACO_REG_VCC_HI]);
   if (field >= 128 || field == w->gfx->reg_null)
      return 0;
   return ws->sgpr_poison[field];
}

uint32_t
emu_read_sreg(struct emu_wave *w, unsigned field)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (field == ACO_REG_SCC) {
      if (ws->scc_poison)
         taint(ws, field, 0);
      return w->scc;
   }
   if (field == ACO_REG_VCCZ) {
      uint64_t vcc = w->sgpr[ACO_REG_VCC_LO] | (w->wave_size == 64 ? (uint64_t)w->sgpr[ACO_REG_VCC_HI] << 32 : 0);
      if (emu_sreg_poison(w, field))
         taint(ws, ACO_REG_VCC_LO, 0);
      return vcc == 0;
   }
   if (field == ACO_REG_EXECZ)
      return emu_exec(w) == 0;
   if (field >= 128 || field == w->gfx->reg_null)
      return 0;
   if (!check_sgpr(ws, field, false))
      return 0;
   if (ws->sgpr_poison[field])
      taint(ws, field, 0);
   return w->sgpr[field];
}

uint32_t
emu_read_sreg_bytes(struct emu_wave *w, unsigned field, unsigned bytes)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (field >= 128 || field == w->gfx->reg_null || field == ACO_REG_SCC ||
       field == ACO_REG_VCCZ || field == ACO_REG_EXECZ)
      return emu_read_sreg(w, field);
   if (!check_sgpr(ws, field, false))
      return 0;
   if (ws->sgpr_poison[field] & emu_byte_bits(bytes))
      taint(ws, field, 0);
   return w->sgpr[field];
}

void
emu_write_sreg_poison(struct emu_wave *w, unsigned field, uint32_t value, uint32_t poison)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (field == ACO_REG_SCC) {
      w->scc = value & 1;
      ws->scc_poison = poison & 1;
      return;
   }
   if (field >= 128 || field == w->gfx->reg_null)
      return;
   if (!check_sgpr(ws, field, true))
      return;
   /* exec from garbage: which lanes run would depend on it */
   if (poison && (field == ACO_REG_EXEC_LO || (field == ACO_REG_EXEC_HI && w->wave_size == 64))) {
      taint(ws, field, 0);
      emu_abi_use(ws, "exec");
      return;
   }
   w->sgpr[field] = value;
   if (ws->vgpr_poison)
      emu_abi_write_sgpr(ws, field, poison);
}

void
emu_write_sreg(struct emu_wave *w, unsigned field, uint32_t value)
{
   emu_write_sreg_poison(w, field, value, emu_ws(w)->taint ? ~0u : 0);
}

static bool
check_vgpr(struct emu_wave_state *ws, unsigned reg, bool write)
{
   if (ws->w.failed)
      return false;
   if (ws->vgprs_released)
      return emu_fail(&ws->w, "register beyond allocation: v%u accessed after "
                      "s_sendmsg(MSG_DEALLOC_VGPRS)", reg);
   if (reg >= ws->w.num_vgprs)
      return emu_fail(&ws->w, "register beyond allocation: v%u %s, the launch allocates %u VGPRs",
                      reg, write ? "written" : "read", ws->w.num_vgprs);
   if (ws->vgpr_pend[reg])
      return emu_fail(&ws->w, "outstanding load: v%u %s before a wait covers the load that "
                      "writes it", reg, write ? "overwritten" : "read");
   return true;
}

unsigned
emu_vgpr_poison(struct emu_wave *w, unsigned reg, unsigned lane)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!ws->vgpr_poison || reg >= w->num_vgprs)
      return 0;
   unsigned r = 0;
   for (unsigned b = 0; b < 4; b++)
      r |= (unsigned)((ws->vgpr_poison[4 * reg + b] >> lane) & 1) << b;
   return r;
}

uint32_t
emu_read_vgpr_bytes(struct emu_wave *w, unsigned reg, unsigned lane, unsigned bytes)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!check_vgpr(ws, reg, false))
      return 0;
   if (emu_vgpr_poison(w, reg, lane) & bytes)
      taint(ws, ACO_REG_VGPR0 + reg, lane);
   return w->vgpr[reg * EMU_MAX_LANES + lane];
}

uint32_t
emu_read_vgpr(struct emu_wave *w, unsigned reg, unsigned lane)
{
   return emu_read_vgpr_bytes(w, reg, lane, 0xf);
}

/* A plain move of one lane from VGPR src to VGPR dst: the value goes along with its
 * poison, byte by byte. */
void
emu_move_vgpr(struct emu_wave *w, unsigned dst, unsigned src, unsigned lane)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!check_vgpr(ws, src, false))
      return;
   unsigned poison = emu_vgpr_poison(w, src, lane);
   if (poison)
      taint(ws, ACO_REG_VGPR0 + src, lane);
   emu_write_vgpr_bytes(w, dst, lane, w->vgpr[src * EMU_MAX_LANES + lane], 0xf, poison);
}

/* A plain move of SGPR src to SGPR dst (s_mov): the value goes along with its poison. */
void
emu_move_sgpr(struct emu_wave *w, unsigned dst, unsigned src)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!check_sgpr(ws, src, false))
      return;
   if (ws->sgpr_poison[src])
      taint(ws, src, 0);
   emu_write_sreg_poison(w, dst, w->sgpr[src], ws->sgpr_poison[src]);
}

/* v_readfirstlane with no lane active: the SGPR gets lane 0 of VGPR src, with its poison. */
void
emu_read_lane_inactive(struct emu_wave *w, unsigned dfield, unsigned src)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!check_vgpr(ws, src, false))
      return;
   emu_write_sreg_poison(w, dfield, w->vgpr[src * EMU_MAX_LANES],
                         emu_byte_bits(emu_vgpr_poison(w, src, 0)));
}

/* VGPRs a and b trade one lane, values and poison. */
void
emu_swap_vgpr(struct emu_wave *w, unsigned a, unsigned b, unsigned lane)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!check_vgpr(ws, a, false) || !check_vgpr(ws, b, false))
      return;
   uint32_t va = w->vgpr[a * EMU_MAX_LANES + lane], vb = w->vgpr[b * EMU_MAX_LANES + lane];
   unsigned pa = emu_vgpr_poison(w, a, lane), pb = emu_vgpr_poison(w, b, lane);
   emu_write_vgpr_bytes(w, a, lane, vb, 0xf, pb);
   emu_write_vgpr_bytes(w, b, lane, va, 0xf, pa);
}

/* The old value of a register a partial write (a 16-bit result, SDWA) merges into: the
 * bits it keeps are no read of the program's (they keep their poison). */
uint32_t
emu_read_vgpr_merge(struct emu_wave *w, unsigned reg, unsigned lane)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!check_vgpr(ws, reg, false))
      return 0;
   return w->vgpr[reg * EMU_MAX_LANES + lane];
}

void
emu_write_vgpr_bytes(struct emu_wave *w, unsigned reg, unsigned lane, uint32_t value,
                     unsigned bytes, unsigned poison)
{
   struct emu_wave_state *ws = emu_ws(w);
   if (!check_vgpr(ws, reg, true))
      return;
   w->vgpr[reg * EMU_MAX_LANES + lane] = value;
   if (ws->vgpr_poison)
      emu_abi_write_vgpr(ws, reg, lane, bytes, poison);
}

void
emu_write_vgpr(struct emu_wave *w, unsigned reg, unsigned lane, uint32_t value)
{
   emu_write_vgpr_bytes(w, reg, lane, value, 0xf, emu_ws(w)->taint ? 0xf : 0);
}

/* The destination of a load about to be issued: in the allocation, and not pending for a
 * load that may complete after it. Vector memory loads return in issue order, so a second
 * one may overwrite the first one's destination (llc packs d16 halves that way); SMEM
 * (out of order), DS (treated like llc and ACO do: a wait between the two) or a load on
 * another counter may not. */
bool
emu_check_load_dst(struct emu_wave_state *ws, enum emu_counter c, bool smem, bool vgpr,
                   unsigned reg, unsigned count)
{
   for (unsigned r = reg; r < reg + count; r++) {
      if (ws->w.failed)
         return false;
      if (vgpr) {
         if (ws->vgprs_released)
            return emu_fail(&ws->w, "register beyond allocation: v%u written after "
                            "s_sendmsg(MSG_DEALLOC_VGPRS)", r);
         if (r >= ws->w.num_vgprs)
            return emu_fail(&ws->w, "register beyond allocation: v%u written, the launch "
                            "allocates %u VGPRs", r, ws->w.num_vgprs);
      } else if (r < ACO_SGPR_COUNT && r >= ws->w.num_sgprs) {
         return emu_fail(&ws->w, "register beyond allocation: s%u written, the launch "
                         "allocates %u SGPRs", r, ws->w.num_sgprs);
      }
      if (r >= (vgpr ? 256u : 128u) || !(vgpr ? ws->vgpr_pend[r] : ws->sgpr_pend[r]))
         continue;
      for (unsigned i = 0; i < ws->num_pending; i++) {
         const struct emu_pending *p = &ws->pending[i];
         if (p->vgpr != vgpr || r < p->reg || r >= p->reg + p->count)
            continue;
         if (smem || p->smem || p->counter != c || c != EMU_CNT_LOAD)
            return emu_fail(&ws->w, "outstanding load: %c%u overwritten by a load that may "
                            "complete before the earlier one (issued at pc 0x%x) is waited for",
                            vgpr ? 'v' : 's', r, p->pc);
      }
   }
   return true;
}

/* Loaded values are not garbage (a load from a garbage address fails as a use). */
void
emu_raw_write_sgpr(struct emu_wave_state *ws, unsigned field, uint32_t v)
{
   if (field >= 128 || field == ws->w.gfx->reg_null)
      return;
   ws->w.sgpr[field] = v;
   if (ws->vgpr_poison)
      emu_abi_write_sgpr(ws, field, 0);
}

void
emu_raw_write_vgpr_bytes(struct emu_wave_state *ws, unsigned reg, unsigned lane, uint32_t v,
                         unsigned bytes)
{
   ws->w.vgpr[reg * EMU_MAX_LANES + lane] = v;
   if (ws->vgpr_poison)
      emu_abi_write_vgpr(ws, reg, lane, bytes, 0);
}

void
emu_raw_write_vgpr(struct emu_wave_state *ws, unsigned reg, unsigned lane, uint32_t v)
{
   emu_raw_write_vgpr_bytes(ws, reg, lane, v, 0xf);
}

uint32_t
emu_read_operand(struct emu_wave *w, const aco_operand *op, unsigned lane, unsigned dword)
{
   switch (op->kind) {
   case ACO_OPND_CONST:
      if (op->bits == 64)
         return (uint32_t)(op->value >> (dword ? 32 : 0));
      return dword ? 0 : (uint32_t)op->value;
   case ACO_OPND_REG:
   case ACO_OPND_TEMP: {
      unsigned field = aco_physreg_field(op->reg);
      if (field >= ACO_REG_VGPR0)
         return emu_read_vgpr(w, field - ACO_REG_VGPR0 + dword, lane);
      if (field >= 128) /* scc, execz, vccz: one bit */
         return dword ? 0 : emu_read_sreg(w, field);
      if (field == w->gfx->reg_null)
         return 0; /* a null range is null in every dword */
      return emu_read_sreg(w, field + dword);
   }
   default:
      return 0;
   }
}

/* ---- the wait model ---------------------------------------------------------------- */

static void
complete(struct emu_wave_state *ws, unsigned i)
{
   struct emu_pending *p = &ws->pending[i];
   emu_timing_stall_until(ws, p->ready);
   for (unsigned r = 0; r < p->count; r++) {
      if (p->vgpr)
         ws->vgpr_pend[p->reg + r]--;
      else
         ws->sgpr_pend[p->reg + r]--;
   }
   memmove(p, p + 1, (ws->num_pending - i - 1) * sizeof(*p));
   ws->num_pending--;
}

void
emu_issue(struct emu_wave_state *ws, enum emu_counter c, bool smem, bool visible_store, bool vgpr,
          unsigned reg, unsigned count)
{
   if (ws->num_pending == EMU_MAX_PENDING)
      complete(ws, 0); /* the hardware stalls until the oldest returns */
   struct emu_pending *p = &ws->pending[ws->num_pending++];
   p->counter = (uint8_t)c;
   p->smem = smem;
   p->visible_store = visible_store;
   p->vgpr = vgpr;
   p->reg = (uint16_t)reg;
   p->count = (uint16_t)count;
   p->pc = emu_code_offset(ws->w.emu, ws->w.pc);
   p->ready = emu_timing_mem_ready(ws, c, smem, !smem);
   for (unsigned r = 0; r < count; r++) {
      if (vgpr && reg + r < 256)
         ws->vgpr_pend[reg + r]++;
      else if (!vgpr && reg + r < 128)
         ws->sgpr_pend[reg + r]++;
      else
         p->count = (uint16_t)r;
   }
}

/* A wait for counter c <= n. Operations of one counter complete in order except SMEM,
 * which may return out of order: it is covered only by a wait to zero. So the oldest
 * (in-order count - n) in-order operations are done. */
void
emu_wait(struct emu_wave_state *ws, enum emu_counter c, unsigned n)
{
   unsigned total = 0, in_order = 0;
   for (unsigned i = 0; i < ws->num_pending; i++) {
      if (ws->pending[i].counter == c) {
         total++;
         in_order += !ws->pending[i].smem;
      }
   }
   if (total <= n)
      return;
   unsigned done_in_order = in_order > n ? in_order - n : 0;
   for (unsigned i = 0; i < ws->num_pending;) {
      struct emu_pending *p = &ws->pending[i];
      if (p->counter == c && (n == 0 || (!p->smem && done_in_order))) {
         if (!p->smem && done_in_order)
            done_in_order--;
         complete(ws, i);
      } else {
         i++;
      }
   }
}

/* ---- dispatch ---------------------------------------------------------------------- */

static bool
is_valu_format(unsigned fmt)
{
   return fmt == ACO_FMT_VOP1 || fmt == ACO_FMT_VOP2 || fmt == ACO_FMT_VOPC ||
          fmt == ACO_FMT_VOP3 || fmt == ACO_FMT_VOP3P || fmt == ACO_FMT_VOPD;
}

static void
trace_instr(struct emu_wave_state *ws, const struct emu_decoded *d)
{
   struct aco_emu *emu = ws->w.emu;
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, emu->alloc);
   aco_strbuf_printf(&sb, "w%u %06x: ", ws->w.id, emu_code_offset(emu, ws->w.pc));
   print_instr(emu, d, ws->w.pc, &sb);
   aco_strbuf_printf(&sb, "  [exec %016" PRIx64 " scc %u]", emu_exec(&ws->w), ws->w.scc);
   emu->trace_sink(emu->trace_user, aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
}

static bool
execute(struct emu_wave_state *ws, const struct emu_decoded *d)
{
   struct emu_wave *w = &ws->w;
   const struct aco_minstr *in = d->in;
   unsigned fmt = aco_op_info(in->opcode)->format;
   bool ok;
   ws->taint = false;
   ws->taint_field = ~0u;
   switch (fmt) {
   case ACO_FMT_SOP1:
   case ACO_FMT_SOP2:
   case ACO_FMT_SOPK:
   case ACO_FMT_SOPC:
   case ACO_FMT_SOPP:
      return emu_salu_execute(ws, d); /* moves the PC itself */
   /* the memory executors check addresses before the access; data is checked here */
   case ACO_FMT_SMEM:
      ok = emu_smem_execute(ws, d) && emu_check_use(w, EMU_USE_SMEM);
      break;
   case ACO_FMT_DS:
      ok = emu_ds_execute(ws, d) && emu_check_use(w, EMU_USE_DS);
      break;
   case ACO_FMT_FLAT:
   case ACO_FMT_GLOBAL:
   case ACO_FMT_SCRATCH:
   case ACO_FMT_MUBUF:
      ok = emu_vmem_execute(ws, d) && emu_check_use(w, EMU_USE_VMEM);
      break;
   default:
      if (!is_valu_format(fmt))
         return emu_fail(w, "unknown instruction: format %s is not emulated",
                         aco_format_name(fmt));
      ok = emu_valu_execute(w, in);
      break;
   }
   if (!ok || w->failed)
      return false;
   w->pc += d->dwords * 4u;
   return true;
}

/* The timing model at the end of a wave: it retires once its outstanding memory
 * operations have completed, and its cycles count in the totals. */
static void
wave_settle(struct emu_wave_state *ws)
{
   struct emu_timing *t = &ws->timing;
   if (ws->done) {
      for (unsigned i = 0; i < ws->num_pending; i++)
         emu_timing_stall_until(ws, ws->pending[i].ready);
      struct aco_emu_stats *s = &ws->w.emu->stats;
      s->waves++;
      s->cycles += t->cycle;
      if (t->cycle > s->max_wave_cycles)
         s->max_wave_cycles = t->cycle;
      s->dependency_stall += t->dep_stall;
      s->unit_stall += t->unit_stall;
      s->wait_stall += t->wait_stall;
      s->branch_cycles += t->branch_cycles;
      s->barrier_stall += t->barrier_stall;
   }
}

/* A wave that passes a barrier (it released it, or it was released) waits for the clock
 * of the latest arrival. */
static void
barrier_pass(struct emu_wave_state *ws)
{
   uint64_t r = ws->group->release_cycle;
   if (r > ws->timing.cycle) {
      ws->timing.barrier_stall += r - ws->timing.cycle;
      ws->timing.cycle = r;
   }
}

/* Runs a wave until it ends, blocks at a barrier or fails. */
static bool
run_wave(struct emu_wave_state *ws, uint64_t step_limit)
{
   struct emu_wave *w = &ws->w;
   struct aco_emu *emu = w->emu;
   while (!ws->done && !ws->blocked) {
      if (!emu_pc_in_code(emu, w->pc))
         return fail_at(ws, NULL, w->pc, "jump outside code: the PC left the loaded code");
      const struct emu_decoded *d = decode_at(emu, w->pc);
      if (!d)
         return fail_at(ws, NULL, w->pc, "unknown instruction: the bytes do not decode");
      if (ws->steps >= step_limit)
         return fail_at(ws, d, w->pc, "step limit: the wave ran too many instructions");
      ws->steps++;
      emu->steps++;
      ws->cur = d->in;
      if (emu->launch->trace && emu->trace_sink)
         trace_instr(ws, d);
      if (d->in && !emu_hazard_check(w, d->in))
         return false;
      uint64_t pc = w->pc;
      emu_timing_begin(ws, d);
      if (!execute(ws, d))
         return false;
      if (w->failed)
         return false;
      emu_timing_end(ws, d, pc);
      if (ws->done)
         wave_settle(ws);
   }
   return true;
}

static void
init_wave(struct emu_wave_state *ws, const struct aco_emu_launch *l, struct emu_group *g,
          unsigned index, unsigned global_id)
{
   struct emu_wave *w = &ws->w;
   struct aco_emu *emu = w->emu;
   unsigned wave_size = w->wave_size;
   memset(w->sgpr, 0, sizeof(w->sgpr));
   for (unsigned i = 0; i < l->num_user_sgprs && i < ACO_EMU_MAX_USER_SGPRS; i++)
      w->sgpr[i] = l->user_sgprs[i];
   for (unsigned i = 0; i < 3; i++) {
      if (l->workgroup_id_sgpr[i] >= 0 && l->workgroup_id_sgpr[i] < ACO_SGPR_COUNT)
         w->sgpr[l->workgroup_id_sgpr[i]] = g->id[i];
   }
   if (emu->target.gfx_level >= ACO_GFX1200) {
      /* GFX12 provides the workgroup ids in ttmp9 (x) and ttmp7 (y | z << 16) */
      w->sgpr[ACO_REG_TTMP0 + 9] = g->id[0];
      w->sgpr[ACO_REG_TTMP0 + 7] = g->id[1] | g->id[2] << 16;
   }
   unsigned bx = l->block[0] ? l->block[0] : 1, by = l->block[1] ? l->block[1] : 1;
   unsigned bz = l->block[2] ? l->block[2] : 1;
   unsigned total = bx * by * bz;
   uint64_t exec = 0;
   memset(w->vgpr, 0, (size_t)w->num_vgprs * EMU_MAX_LANES * 4);
   for (unsigned lane = 0; lane < wave_size; lane++) {
      unsigned t = index * wave_size + lane;
      if (t >= total)
         continue;
      exec |= 1ull << lane;
      unsigned x = t % bx, y = (t / bx) % by, z = t / (bx * by);
      unsigned v = l->local_id_vgpr;
      /* a hardware-style dispatch writes only the components TIDIG_COMP_CNT enables */
      unsigned n = l->local_id_count ? l->local_id_count : 3;
      if (n < 3)
         z = 0;
      if (n < 2)
         y = 0;
      if (l->local_id == ACO_EMU_LOCAL_ID_THREE_VGPRS) {
         for (unsigned c = 0; c < n; c++) {
            if (v + c < w->num_vgprs)
               w->vgpr[(v + c) * EMU_MAX_LANES + lane] = c == 0 ? x : c == 1 ? y : z;
         }
      } else if (l->local_id == ACO_EMU_LOCAL_ID_PACKED && v < w->num_vgprs) {
         w->vgpr[v * EMU_MAX_LANES + lane] = z << 20 | y << 10 | x;
      }
   }
   w->sgpr[ACO_REG_EXEC_LO] = (uint32_t)exec;
   w->sgpr[ACO_REG_EXEC_HI] = wave_size == 64 ? (uint32_t)(exec >> 32) : 0;
   w->scc = false;
   w->mode = l->mode_set ? l->mode : EMU_DEFAULT_MODE;
   w->pc = emu->code_addr + l->entry;
   w->id = global_id;
   w->failed = false;
   ws->group = g;
   ws->index_in_group = index;
   ws->steps = 0;
   ws->done = false;
   ws->blocked = false;
   ws->vgprs_released = false;
   ws->cur = NULL;
   ws->num_pending = 0;
   emu_timing_reset(&ws->timing);
   memset(ws->sgpr_pend, 0, sizeof(ws->sgpr_pend));
   memset(ws->vgpr_pend, 0, sizeof(ws->vgpr_pend));
   memset(ws->hwreg_flat_scratch, 0, sizeof(ws->hwreg_flat_scratch));
   ws->flat_scratch_written = 0;
   if (l->scratch_wave_bytes) {
      /* the wave's slice of the ring: its offset in an SGPR (gfx1030) or its address in
       * FLAT_SCRATCH (architected flat scratch, GFX11+) */
      uint32_t slot = global_id % l->scratch_waves;
      ws->scratch_wave_offset = slot * l->scratch_wave_bytes;
      ws->scratch_addr = l->scratch_base + ws->scratch_wave_offset;
      ws->scratch = g->scratch_ring + ws->scratch_wave_offset;
   } else {
      ws->scratch_addr = 0;
      ws->scratch_wave_offset = 0;
   }
   /* SCRATCH_EN with an empty ring (no scratch bytes): offset 0, no slice */
   if (l->scratch_offset_set)
      w->sgpr[l->scratch_offset_sgpr] = ws->scratch_wave_offset;
   if (l->flat_scratch_init) {
      uint64_t fs = ws->scratch_addr ? ws->scratch_addr : l->scratch_base;
      ws->hwreg_flat_scratch[0] = (uint32_t)fs;
      ws->hwreg_flat_scratch[1] = (uint32_t)(fs >> 32);
      ws->flat_scratch_written = 3;
   }
   memset(ws->sgpr_poison, 0, sizeof(ws->sgpr_poison));
   ws->scc_poison = false;
   memset(ws->xor_swaps, 0, sizeof(ws->xor_swaps));
   ws->taint = false;
   if (ws->scratch)
      memset(ws->scratch, 0, (size_t)ws->scratch_per_lane * wave_size);
}

void
emu_barrier_arrive(struct emu_wave_state *ws)
{
   struct emu_group *g = ws->group;
   ws->wait_generation = g->generation;
   if (ws->timing.cycle > g->arrive_cycle)
      g->arrive_cycle = ws->timing.cycle;
   if (++g->arrived >= g->live) {
      g->arrived = 0;
      g->generation++;
      g->release_cycle = g->arrive_cycle;
      g->arrive_cycle = 0;
      barrier_pass(ws);
   }
}

aco_status
aco_emu_run(struct aco_emu *emu, const struct aco_emu_launch *l)
{
   if (!emu || !l)
      return ACO_ERROR_INVALID_ARGUMENT;
   emu->status = ACO_SUCCESS;
   emu->message[0] = 0;
   emu->steps = 0;
   memset(&emu->stats, 0, sizeof(emu->stats));
   if (!emu->code)
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT, "aco_emu_run: no code loaded");
   if (l->entry >= emu->code_size || l->entry % 4)
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_emu_run: entry 0x%x is outside the code", l->entry);
   if (l->num_sgprs > ACO_SGPR_COUNT || l->num_vgprs > ACO_VGPR_COUNT ||
       l->num_user_sgprs > ACO_EMU_MAX_USER_SGPRS)
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_emu_run: at most %u SGPRs, %u VGPRs and %u user SGPRs",
                       ACO_SGPR_COUNT, ACO_VGPR_COUNT, ACO_EMU_MAX_USER_SGPRS);
   for (unsigned i = 0; i < 3; i++) {
      if ((l->grid[i] == 0) || (l->block[i] == 0))
         return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_emu_run: grid and block sizes must be at least 1");
   }
   uint64_t block = (uint64_t)l->block[0] * l->block[1] * l->block[2];
   if (block > 1024)
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_emu_run: at most 1024 invocations per workgroup");
   emu->launch = l;
   if (l->abi)
      emu->abi = *l->abi;
   else
      aco_emu_abi_amdgpu_gfx(&emu->abi);
   for (uint32_t i = 0; i < emu->num_maps; i++) {
      if (emu->maps[i].written)
         memset(emu->maps[i].written, 0, (emu->maps[i].size + 7) / 8);
   }

   const aco_allocator *a = emu->alloc;
   unsigned wave_size = emu->target.wave_size;
   unsigned num_waves = (unsigned)((block + wave_size - 1) / wave_size);
   struct emu_wave_state *waves = aco_calloc(a, num_waves * sizeof(*waves));
   uint32_t *vgprs = aco_alloc(a, (size_t)num_waves * (l->num_vgprs ? l->num_vgprs : 1) *
                                     EMU_MAX_LANES * 4);
   uint8_t *lds = aco_calloc(a, l->lds_bytes ? l->lds_bytes : 4);
   size_t scratch_size = (size_t)num_waves * wave_size * l->scratch_bytes_per_lane;
   uint32_t per_lane = l->scratch_bytes_per_lane;
   if (l->scratch_wave_bytes) {
      if (l->scratch_waves < num_waves || l->scratch_wave_bytes % wave_size ||
          (l->scratch_offset_set && l->scratch_offset_sgpr >= ACO_SGPR_COUNT)) {
         aco_free(a, waves);
         aco_free(a, vgprs);
         aco_free(a, lds);
         emu->launch = NULL;
         return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_emu_run: the scratch ring holds %u slices of %u bytes: it needs "
                          "one per wave of a workgroup (%u), each a multiple of the wave size",
                          l->scratch_waves, l->scratch_wave_bytes, num_waves);
      }
      scratch_size = (size_t)l->scratch_waves * l->scratch_wave_bytes;
      per_lane = l->scratch_wave_bytes / wave_size;
   }
   uint8_t *scratch = scratch_size ? aco_alloc(a, scratch_size) : NULL;
   aco_status status = ACO_SUCCESS;
   if (!waves || !vgprs || !lds || (scratch_size && !scratch)) {
      status = emu_error(emu, ACO_ERROR_OUT_OF_MEMORY, "aco_emu_run: out of memory");
      goto out;
   }
   uint64_t step_limit = l->step_limit ? l->step_limit : EMU_DEFAULT_STEP_LIMIT;
   struct emu_group g;
   for (unsigned i = 0; i < num_waves; i++) {
      struct emu_wave *w = &waves[i].w;
      w->emu = emu;
      w->gfx = emu->gfx;
      w->level = emu->target.gfx_level;
      w->wave_size = wave_size;
      w->num_sgprs = l->num_sgprs;
      w->num_vgprs = l->num_vgprs;
      w->vgpr = vgprs + (size_t)i * (l->num_vgprs ? l->num_vgprs : 1) * EMU_MAX_LANES;
      waves[i].scratch_per_lane = per_lane;
      waves[i].scratch = scratch && !l->scratch_wave_bytes
                            ? scratch + (size_t)i * wave_size * l->scratch_bytes_per_lane
                            : NULL;
   }
   unsigned wave_id = 0;
   for (uint32_t gz = 0; gz < l->grid[2] && status == ACO_SUCCESS; gz++) {
      for (uint32_t gy = 0; gy < l->grid[1] && status == ACO_SUCCESS; gy++) {
         for (uint32_t gx = 0; gx < l->grid[0] && status == ACO_SUCCESS; gx++) {
            memset(&g, 0, sizeof(g));
            g.id[0] = gx, g.id[1] = gy, g.id[2] = gz;
            g.lds = lds;
            g.lds_size = l->lds_bytes;
            g.scratch_ring = l->scratch_wave_bytes ? scratch : NULL;
            g.num_waves = g.live = num_waves;
            memset(lds, 0, l->lds_bytes ? l->lds_bytes : 4);
            for (unsigned i = 0; i < num_waves; i++) {
               /* a new wave: no ABI frames, no hazard history from the last workgroup */
               emu_abi_free(&waves[i]);
               emu_hazard_finish(&waves[i].w);
               if (!emu_hazard_init(&waves[i].w)) {
                  emu_error(emu, ACO_ERROR_OUT_OF_MEMORY, "aco_emu_run: out of memory");
                  break;
               }
               init_wave(&waves[i], l, &g, i, wave_id++);
            }
            /* round robin: each wave runs until it ends or waits at a barrier */
            bool progress = true;
            while (g.live && progress && emu->status == ACO_SUCCESS) {
               progress = false;
               for (unsigned i = 0; i < num_waves && emu->status == ACO_SUCCESS; i++) {
                  struct emu_wave_state *ws = &waves[i];
                  if (ws->blocked && ws->wait_generation != g.generation) {
                     ws->blocked = false;
                     barrier_pass(ws);
                  }
                  if (ws->done || ws->blocked)
                     continue;
                  progress = true;
                  if (!run_wave(ws, step_limit))
                     break;
                  if (ws->done) {
                     g.live--;
                     if (g.arrived && g.arrived >= g.live) {
                        g.arrived = 0;
                        g.generation++;
                        g.release_cycle = g.arrive_cycle;
                        g.arrive_cycle = 0;
                     }
                  }
               }
            }
            if (emu->status == ACO_SUCCESS && g.live)
               emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                         "barrier deadlock: %u waves of workgroup %u,%u,%u wait forever",
                         g.live, gx, gy, gz);
            status = emu->status;
         }
      }
   }
   for (unsigned i = 0; i < num_waves; i++) {
      emu_hazard_finish(&waves[i].w);
      emu_abi_free(&waves[i]);
   }
out:
   aco_free(a, waves);
   aco_free(a, vgprs);
   aco_free(a, lds);
   aco_free(a, scratch);
   emu->launch = NULL;
   return status;
}

/* ---- hardware-style dispatch ------------------------------------------------------------ */

aco_status
aco_emu_dispatch_run(struct aco_emu *emu, const struct aco_emu_dispatch *d)
{
   if (!emu || !d)
      return ACO_ERROR_INVALID_ARGUMENT;
   struct aco_emu_launch l;
   memset(&l, 0, sizeof(l));
   unsigned wave_size = emu->target.wave_size;
   aco_gfx_level level = emu->target.gfx_level;
   l.entry = d->entry;
   memcpy(l.grid, d->grid, sizeof(l.grid));
   memcpy(l.block, d->block, sizeof(l.block));
   /* RSRC1: VGPRS (5:0) counts blocks of 8 VGPRs in wave32, 4 in wave64; SGPRS (9:6) is
    * ignored by GFX10+ hardware, which gives every wave all 106 SGPRs */
   unsigned vgprs = ((d->rsrc1 & 0x3f) + 1) * (wave_size == 32 ? 8u : 4u);
   l.num_vgprs = (uint16_t)(vgprs > ACO_VGPR_COUNT ? ACO_VGPR_COUNT : vgprs);
   l.num_sgprs = ACO_SGPR_COUNT;
   l.mode_set = true;
   l.mode = (uint8_t)(d->rsrc1 >> 12); /* FLOAT_MODE (19:12): the same bits as MODE[7:0] */
   /* RSRC2: the system SGPRs follow the user SGPRs in a fixed order: workgroup id x, y, z
    * (each when enabled), the workgroup info (TG_SIZE_EN, not modelled), then the
    * private segment wave offset (SCRATCH_EN, levels without architected flat scratch) */
   bool scratch_en = d->rsrc2 & 1u;
   unsigned user = (d->rsrc2 >> 1) & 0x1f;
   if (user > ACO_EMU_MAX_USER_SGPRS)
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT, "aco_emu_dispatch_run: USER_SGPR %u",
                       user);
   if (d->rsrc2 & (1u << 10))
      return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_emu_dispatch_run: TG_SIZE_EN (the workgroup info SGPR) is not "
                       "modelled");
   l.num_user_sgprs = user;
   memcpy(l.user_sgprs, d->user_data, sizeof(l.user_sgprs));
   unsigned next = user;
   for (unsigned c = 0; c < 3; c++)
      l.workgroup_id_sgpr[c] = (d->rsrc2 >> (7 + c)) & 1u ? (int8_t)next++ : (int8_t)-1;
   bool architected = level >= ACO_GFX1100;
   if (scratch_en) {
      if (d->scratch_wave_bytes && !d->scratch_waves)
         return emu_error(emu, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_emu_dispatch_run: a scratch ring of no slices");
      l.scratch_base = d->scratch_base;
      l.scratch_wave_bytes = d->scratch_wave_bytes;
      l.scratch_waves = d->scratch_waves;
      if (architected) {
         l.flat_scratch_init = true;
      } else {
         l.scratch_offset_set = true;
         l.scratch_offset_sgpr = (uint8_t)next++;
      }
   }
   /* TIDIG_COMP_CNT (12:11): the highest local id component written; GFX10.3 writes one
    * VGPR per component from v0, GFX11+ packs them into v0 (10 bits each) */
   l.local_id_count = (uint8_t)(((d->rsrc2 >> 11) & 3u) + 1);
   if (l.local_id_count > 3)
      l.local_id_count = 3;
   l.local_id = architected ? ACO_EMU_LOCAL_ID_PACKED : ACO_EMU_LOCAL_ID_THREE_VGPRS;
   l.local_id_vgpr = 0;
   /* LDS_SIZE (23:15): 128-dword blocks */
   l.lds_bytes = ((d->rsrc2 >> 15) & 0x1ff) * 512u;
   l.step_limit = d->step_limit;
   l.abi_check = d->abi_check;
   l.trace = d->trace;
   l.abi = d->abi;
   l.callees = d->callees;
   l.num_callees = d->num_callees;
   return aco_emu_run(emu, &l);
}
