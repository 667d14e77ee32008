/* SPDX-License-Identifier: MIT */
/* Machine-IR programs, blocks and instructions, and the slot map that ties an
 * instruction's operands to the opcode table's signature (computed from the table, and
 * kept per program for the passes that ask for every instruction). */
#include "mir/mir.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct aco_mprogram *
aco_mprogram_create(const aco_allocator *a, aco_gfx_level level, unsigned wave_size)
{
   a = aco_allocator_or_default(a);
   const struct aco_gfx_info *gfx = aco_gfx_info(level);
   if (!gfx || (wave_size != 32 && wave_size != 64))
      return NULL;
   struct aco_mprogram *p = aco_calloc(a, sizeof(*p));
   if (!p)
      return NULL;
   p->allocator = a;
   p->gfx_level = level;
   p->wave_size = wave_size;
   p->gfx = gfx;
   aco_arena_init(&p->arena, a);
   p->temp_count = 1; /* id 0 is "no temporary" */
   return p;
}

void
aco_mprogram_destroy(struct aco_mprogram *p)
{
   if (!p)
      return;
   for (uint32_t i = 0; i < p->blocks.len; i++) {
      struct aco_mblock *b = p->blocks.data[i];
      aco_vec_free(p->allocator, &b->instrs);
      aco_vec_free(p->allocator, &b->logical_preds);
      aco_vec_free(p->allocator, &b->logical_succs);
      aco_vec_free(p->allocator, &b->linear_preds);
      aco_vec_free(p->allocator, &b->linear_succs);
   }
   aco_vec_free(p->allocator, &p->blocks);
   aco_vec_free(p->allocator, &p->temp_rc);
   aco_arena_finish(&p->arena);
   aco_free(p->allocator, p);
}

struct aco_mblock *
aco_mprogram_add_block(struct aco_mprogram *p)
{
   struct aco_mblock *b = aco_arena_new(&p->arena, struct aco_mblock);
   if (!b)
      return NULL;
   b->index = p->blocks.len;
   if (!aco_vec_push(p->allocator, &p->blocks, b))
      return NULL;
   return b;
}

aco_temp
aco_mprogram_new_temp(struct aco_mprogram *p, aco_rc rc)
{
   if (p->temp_rc.len == 0 && !aco_vec_push(p->allocator, &p->temp_rc, rc))
      return aco_temp_make(0, rc);
   if (!aco_vec_push(p->allocator, &p->temp_rc, rc))
      return aco_temp_make(0, rc);
   return aco_temp_make(p->temp_count++, rc);
}

bool
aco_mblock_add_logical_edge(struct aco_mprogram *p, struct aco_mblock *pred, struct aco_mblock *succ)
{
   return aco_vec_push(p->allocator, &pred->logical_succs, succ->index) &&
          aco_vec_push(p->allocator, &succ->logical_preds, pred->index);
}

bool
aco_mblock_add_linear_edge(struct aco_mprogram *p, struct aco_mblock *pred, struct aco_mblock *succ)
{
   return aco_vec_push(p->allocator, &pred->linear_succs, succ->index) &&
          aco_vec_push(p->allocator, &succ->linear_preds, pred->index);
}

struct aco_minstr *
aco_minstr_create(struct aco_arena *arena, enum aco_opcode op, unsigned num_operands,
                  unsigned num_definitions)
{
   size_t size = sizeof(struct aco_minstr) + num_operands * sizeof(aco_operand) +
                 num_definitions * sizeof(aco_definition);
   char *mem = aco_arena_zalloc(arena, size, alignof(struct aco_minstr));
   if (!mem)
      return NULL;
   struct aco_minstr *in = (struct aco_minstr *)mem;
   in->opcode = (uint16_t)op;
   in->num_operands = (uint8_t)num_operands;
   in->num_definitions = (uint8_t)num_definitions;
   in->operands = (aco_operand *)(mem + sizeof(*in));
   in->definitions = (aco_definition *)(mem + sizeof(*in) + num_operands * sizeof(aco_operand));
   /* op_sel_hi defaults to "high halves" except for the mixed-precision FMAs */
   if (aco_op_info(op)->format == ACO_FMT_VOP3P && strncmp(aco_op_info(op)->name, "v_fma_mix", 9))
      in->valu.opsel_hi = 7;
   return in;
}

static bool
is_source_role(char r)
{
   return r != 'd' && r != 'e' && r != 'v' && r != 'f' && r != 'n' && r != 'k' && r != 'g';
}

bool
aco_minstr_slots(aco_gfx_level level, unsigned wave_size, enum aco_opcode op,
                 enum aco_encoding enc, struct aco_slot_map *map)
{
   int gi = aco_gfx_index(level);
   if (gi < 0 || op >= aco_num_opcodes)
      return false;
   const struct aco_op_info *info = aco_op_info(op);
   const struct aco_op_sig *sig = &info->sig[gi];
   /* VOPD ops that exist only as the Y half have no OPX number */
   bool absent = info->format == ACO_FMT_VOPD ? info->opcode[gi] < 0 && info->opcode2[gi] < 0
                                              : info->opcode[gi] < 0;
   if (absent || sig->count == 0xff || sig->count > 8)
      return false;
   if (aco_enc_is_e64(enc) && info->opcode2[gi] < 0)
      return false;
   memset(map, 0, sizeof(*map));
   bool flatlike = info->format == ACO_FMT_FLAT || info->format == ACO_FMT_GLOBAL ||
                   info->format == ACO_FMT_SCRATCH;
   if ((unsigned)enc >= (unsigned)ACO_ENC_MEM_SADDR) {
      unsigned bad = (unsigned)enc & ~(unsigned)(ACO_ENC_MEM_SADDR | ACO_ENC_MEM_NO_VADDR |
                                                 ACO_ENC_MEM_RTN | ACO_ENC_MEM_SOFFSET);
      bool smem = info->format == ACO_FMT_SMEM && (unsigned)enc == (unsigned)ACO_ENC_MEM_SOFFSET;
      bool mubuf_rtn = info->format == ACO_FMT_MUBUF && (unsigned)enc == (unsigned)ACO_ENC_MEM_RTN;
      if (smem || mubuf_rtn)
         bad = 0;
      else if (enc & ACO_ENC_MEM_SOFFSET)
         bad = 1;
      if ((!flatlike && !smem && !mubuf_rtn) || bad ||
          ((enc & ACO_ENC_MEM_SADDR) && info->format == ACO_FMT_FLAT) ||
          ((enc & ACO_ENC_MEM_NO_VADDR) && info->format != ACO_FMT_SCRATCH) ||
          ((enc & ACO_ENC_MEM_RTN) && !(info->flags & ACO_OPF_ATOMIC)) ||
          (info->format == ACO_FMT_SCRATCH && level < ACO_GFX1100 &&
           (enc & ACO_ENC_MEM_SADDR) && !(enc & ACO_ENC_MEM_NO_VADDR)))
         return false;
   }
   bool seen_source = false;
   if (enc & ACO_ENC_MEM_RTN) {
      /* the returned value: the data's size, half of it for compare-and-swap; MUBUF
       * returns it in vdata itself, so its destination is the whole vdata range */
      unsigned data = 1;
      for (unsigned i = 0; i < sig->count; i++)
         data = sig->slots[i].role == 'x' ? sig->slots[i].dwords : data;
      if (strstr(info->name, "cmpswap") && info->format != ACO_FMT_MUBUF)
         data /= 2;
      map->slot[0] = (struct aco_op_slot){'d', 'v', (uint8_t)data};
      map->is_def[0] = true;
      map->index[0] = 0;
      map->num_definitions = 1;
      map->count = 1;
   }
   for (unsigned i = 0; i < sig->count; i++) {
      struct aco_op_slot s = sig->slots[i];
      if (flatlike && s.role == 'a' && (enc & ACO_ENC_MEM_NO_VADDR))
         s = (struct aco_op_slot){'g', 'v', 0}; /* "off" in place of vaddr */
      else if (flatlike && s.role == 'a' && (enc & ACO_ENC_MEM_SADDR))
         s.dwords = 1;
      else if (flatlike && s.role == 'f' && (enc & ACO_ENC_MEM_SADDR))
         s = (struct aco_op_slot){'s', 's', (uint8_t)(info->format == ACO_FMT_GLOBAL ? 2 : 1)};
      bool def;
      if (s.role == 'v') {
         def = !seen_source;
         s.dwords = (uint8_t)(wave_size / 32);
         if (aco_enc_is_e64(enc))
            s.role = def ? (info->format == ACO_FMT_VOPC ? 'd' : 'e') : 'c';
      } else if (s.role == 'e') {
         def = true;
         s.dwords = (uint8_t)(wave_size / 32);
      } else {
         /* MUBUF names vdata 'd' for loads and stores alike: a store reads it (atomics
          * name it 'x') */
         def = s.role == 'd' && !(info->format == ACO_FMT_MUBUF &&
                                  (info->flags & (ACO_OPF_STORE | ACO_OPF_LOAD)) == ACO_OPF_STORE);
      }
      if (s.role == 'd' && info->format == ACO_FMT_VOPC)
         s.dwords = (uint8_t)(wave_size / 32);
      /* Matrix ops and global_load_tr_* spread their tiles over the lanes: in wave64 the
       * table's (wave32) D and C ranges are half as long, and on GFX12 also A and B. */
      if (wave_size == 64 && s.dwords > 1 && (info->flags & ACO_OPF_WAVE_TILED) &&
          (s.role == 'd' || s.role == 'c' || (level >= ACO_GFX1200 && info->format == ACO_FMT_VOP3P)))
         s.dwords /= 2;
      if (is_source_role(s.role))
         seen_source = true;
      if (s.role == 'k' && (enc & ACO_ENC_MEM_SOFFSET) && info->format == ACO_FMT_SMEM) {
         /* the SGPR offset goes before the immediate */
         map->slot[map->count] = (struct aco_op_slot){'o', 's', 1};
         map->is_def[map->count] = false;
         map->index[map->count] = (uint8_t)map->num_operands++;
         map->count++;
      }
      map->slot[map->count] = s;
      map->is_def[map->count] = def;
      if (s.role == 'f' || s.role == 'n' || s.role == 'k' || s.role == 'g')
         map->index[map->count] = 0xff;
      else if (def)
         map->index[map->count] = (uint8_t)map->num_definitions++;
      else
         map->index[map->count] = (uint8_t)map->num_operands++;
      map->count++;
   }
   return true;
}

/* The table (mir.h) doubles at half full, the old one staying in the arena; maps keep
 * their address and are allocated one by one (only for the forms the program uses: a few
 * dozen). Small on purpose: fresh memory costs page faults, which matter for small
 * programs. */
static struct aco_slot_entry *
slot_find(struct aco_slot_entry *entries, uint32_t mask, uint32_t key)
{
   uint32_t i = aco_slot_hash(key, mask);
   while (entries[i].key && entries[i].key != key)
      i = (i + 1) & mask;
   return &entries[i];
}

static bool
slot_cache_grow(struct aco_mprogram *p, struct aco_slot_cache *c)
{
   uint32_t mask = c->entries ? c->mask * 2 + 1 : 31;
   struct aco_slot_entry *e = aco_arena_array(&p->arena, struct aco_slot_entry, mask + 1);
   if (!e)
      return false;
   for (uint32_t i = 0; c->entries && i <= c->mask; i++) {
      if (c->entries[i].key)
         *slot_find(e, mask, c->entries[i].key) = c->entries[i];
   }
   c->entries = e;
   c->mask = mask;
   return true;
}

/* aco_mprogram_slots for a form not in the table yet: computed, then recorded. */
const struct aco_slot_map *
aco_mprogram_slots_miss(struct aco_mprogram *p, enum aco_opcode op, enum aco_encoding enc)
{
   struct aco_slot_cache *c = p->slot_cache;
   if (!c) {
      c = aco_arena_new(&p->arena, struct aco_slot_cache);
      if (!c || !slot_cache_grow(p, c))
         goto oom;
      p->slot_cache = c;
   }
   if ((unsigned)op >= aco_num_opcodes || (unsigned)enc > 0xff)
      return NULL;
   uint32_t key = aco_slot_key(op, enc);
   struct aco_slot_entry *e = slot_find(c->entries, c->mask, key);
   if (e->key)
      return e->map;
   struct aco_slot_map map;
   struct aco_slot_map *kept = NULL;
   if (aco_minstr_slots(p->gfx_level, p->wave_size, op, enc, &map)) {
      kept = aco_arena_new(&p->arena, struct aco_slot_map);
      if (!kept)
         goto oom;
      *kept = map;
   }
   if ((c->used + 1) * 2 > c->mask + 1) {
      if (!slot_cache_grow(p, c))
         goto oom;
      e = slot_find(c->entries, c->mask, key);
   }
   e->key = key;
   e->map = kept;
   c->used++;
   return kept;
oom:
   /* the callers take NULL for "no such form": the program's error tells them apart */
   aco_mprogram_error(p, ACO_ERROR_OUT_OF_MEMORY, "slot maps: out of memory");
   return NULL;
}

enum aco_opcode
aco_untied_opcode(const struct aco_minstr *in)
{
   int k = aco_minstr_tied_operand(in);
   bool sopk = aco_op_info(in->opcode)->format == ACO_FMT_SOPK;
   if (k < 0 || (sopk ? in->num_operands != 1 : in->num_operands != 3 || k != 2 || in->encoding))
      return aco_num_opcodes;
   switch (in->opcode) {
   case aco_op_v_fmac_f32: return aco_op_v_fma_f32;
   case aco_op_v_fmac_f16: return aco_op_v_fma_f16;
   case aco_op_s_addk_i32: return aco_op_s_add_i32;
   case aco_op_s_mulk_i32: return aco_op_s_mul_i32;
   default: return aco_num_opcodes;
   }
}

struct aco_minstr *
aco_minstr_untie(struct aco_arena *arena, const struct aco_minstr *in)
{
   enum aco_opcode op = aco_untied_opcode(in);
   if (op == aco_num_opcodes)
      return NULL;
   bool sopk = aco_op_info(in->opcode)->format == ACO_FMT_SOPK;
   struct aco_minstr *u = aco_minstr_create(arena, op, sopk ? 2 : 3, in->num_definitions);
   if (!u)
      return NULL;
   memcpy(u->definitions, in->definitions, sizeof(aco_definition) * in->num_definitions);
   if (sopk) {
      /* SOPK's immediate is sign-extended to 32 bits */
      u->operands[0] = in->operands[0];
      u->operands[1] = aco_opnd_const((uint32_t)(int32_t)(int16_t)(in->imm & 0xffff), 32);
   } else {
      memcpy(u->operands, in->operands, sizeof(aco_operand) * 3);
      u->valu = in->valu;
   }
   return u;
}

aco_status
aco_mprogram_error(struct aco_mprogram *p, aco_status status, const char *fmt, ...)
{
   if (p->status != ACO_SUCCESS)
      return p->status;
   p->status = status;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(p->message, sizeof(p->message), fmt, ap);
   va_end(ap);
   return status;
}
