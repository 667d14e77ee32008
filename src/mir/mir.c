/* SPDX-License-Identifier: MIT */
/* Machine-IR programs, blocks and instructions, and the slot map that ties an
 * instruction's operands to the opcode table's signature. */
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
