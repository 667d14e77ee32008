/* SPDX-License-Identifier: MIT */
/* Programs, ABIs, functions, values, regions and instructions of the front IR. */
#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

const struct air_op_info air_op_infos[ACO_OP_COUNT] = {
   [ACO_OP_INVALID] = {"<invalid>", ACO_OPC_CONST},
#define AIR_OP_INFO_(name, text, cls) [ACO_OP_##name] = {text, cls},
   ACO_OP_LIST(AIR_OP_INFO_)
#undef AIR_OP_INFO_
};

aco_op
air_op_from_name(const char *name, size_t len)
{
   for (unsigned op = 1; op < ACO_OP_COUNT; op++) {
      const char *n = air_op_infos[op].name;
      if (strlen(n) == len && !memcmp(n, name, len))
         return (aco_op)op;
   }
   return ACO_OP_INVALID;
}

const char *
aco_op_name(aco_op op)
{
   return op > ACO_OP_INVALID && op < ACO_OP_COUNT ? air_op_infos[op].name : NULL;
}

aco_op_class
aco_op_get_class(aco_op op)
{
   return air_op_info(op)->cls;
}

unsigned
air_default_ulp(aco_op op, unsigned bits)
{
   switch (op) {
   case ACO_OP_FRCP:
   case ACO_OP_FRSQ:
   case ACO_OP_FSQRT:
   case ACO_OP_FEXP2:
   case ACO_OP_FLOG2:
      return 1;
   case ACO_OP_FDIV:
      return 2;
   case ACO_OP_FSIN:
   case ACO_OP_FCOS:
      return bits == 16 ? 2 : 4;
   default:
      return 0;
   }
}

const char *
aco_status_string(aco_status status)
{
   switch (status) {
   case ACO_SUCCESS: return "success";
   case ACO_ERROR_INVALID_ARGUMENT: return "invalid argument";
   case ACO_ERROR_INVALID_IR: return "invalid IR";
   case ACO_ERROR_PARSE: return "parse error";
   case ACO_ERROR_OUT_OF_MEMORY: return "out of memory";
   case ACO_ERROR_UNSUPPORTED: return "unsupported";
   case ACO_ERROR_REGISTER_LIMIT: return "register limit too low";
   case ACO_ERROR_LINK: return "link error";
   }
   return "unknown status";
}

const char *
aco_gfx_level_name(aco_gfx_level level)
{
   switch (level) {
   case ACO_GFX1030: return "gfx1030";
   case ACO_GFX1100: return "gfx1100";
   case ACO_GFX1200: return "gfx1200";
   default: return NULL;
   }
}

/* ---- messages ----------------------------------------------------------------------------- */

void
air_clear_message(struct aco_program *p)
{
   p->message.len = 0;
   p->message.failed = false;
   if (p->message.data)
      p->message.data[0] = 0;
   p->message_status = ACO_SUCCESS;
}

aco_status
air_error(struct aco_program *p, aco_status status, const char *fmt, ...)
{
   air_clear_message(p);
   va_list ap;
   va_start(ap, fmt);
   aco_strbuf_vprintf(&p->message, fmt, ap);
   va_end(ap);
   p->message_status = status;
   if (p->diag)
      p->diag(p->diag_user, status, aco_program_message(p));
   return status;
}

const char *
aco_program_message(const aco_program *p)
{
   if (!p)
      return "no program";
   if (p->message.failed)
      return "out of memory (while writing an error message)";
   return aco_strbuf_str(&p->message);
}

/* ---- types -------------------------------------------------------------------------------- */

bool
air_type_is_valid(aco_type t)
{
   if (t.comps < 1 || t.comps > 16 || t.reserved || (t.bits == 1 && t.comps > 1))
      return false; /* no vectors of i1 */
   switch (t.base) {
   case ACO_BASE_INT:
      return t.bits == 1 || t.bits == 8 || t.bits == 16 || t.bits == 32 || t.bits == 64;
   case ACO_BASE_FLOAT:
      return t.bits == 16 || t.bits == 32 || t.bits == 64;
   case ACO_BASE_PTR:
      return t.bits == 64;
   default:
      return false;
   }
}

const char *
air_type_name(aco_type t, char buf[16])
{
   if (!air_type_is_valid(t)) {
      snprintf(buf, 16, "<bad type>");
      return buf;
   }
   int n;
   if (t.base == ACO_BASE_PTR)
      n = snprintf(buf, 16, "ptr");
   else
      n = snprintf(buf, 16, "%c%u", t.base == ACO_BASE_INT ? 'i' : 'f', t.bits);
   if (t.comps > 1)
      snprintf(buf + n, 16 - (size_t)n, "x%u", t.comps);
   return buf;
}

static bool
parse_uint(const char *s, size_t len, unsigned *out)
{
   if (!len || len > 3)
      return false;
   unsigned v = 0;
   for (size_t i = 0; i < len; i++) {
      if (s[i] < '0' || s[i] > '9')
         return false;
      v = v * 10 + (unsigned)(s[i] - '0');
   }
   *out = v;
   return true;
}

bool
air_type_parse(const char *s, size_t len, aco_type *out)
{
   size_t x = 0;
   while (x < len && s[x] != 'x')
      x++;
   unsigned comps = 1;
   if (x < len && !parse_uint(s + x + 1, len - x - 1, &comps))
      return false;
   aco_type t;
   unsigned bits;
   if (x == 3 && !memcmp(s, "ptr", 3))
      t = aco_type_ptr();
   else if (x >= 2 && (s[0] == 'i' || s[0] == 'f') && parse_uint(s + 1, x - 1, &bits))
      t = aco_type_make(s[0] == 'i' ? ACO_BASE_INT : ACO_BASE_FLOAT, bits, 1);
   else
      return false;
   if (s[1] == '0' && x > 2)
      return false; /* no leading zeros: one spelling per type */
   t.comps = (uint8_t)comps;
   if (comps > 16 || !air_type_is_valid(t) || (x < len && comps < 2) ||
       (x + 1 < len && s[x + 1] == '0'))
      return false;
   *out = t;
   return true;
}

/* ---- programs ----------------------------------------------------------------------------- */

/* A level or a chip number (aco_target.h), and a wave size. */
static bool
target_is_valid(aco_target t)
{
   return aco_chip_of_target(t) && (t.wave_size == 32 || t.wave_size == 64);
}

static const aco_abi_info builtin_abi_infos[ACO_ABI_BUILTIN_COUNT] = {
   [ACO_ABI_COMPUTE_DEFAULT] = {sizeof(aco_abi_info), "compute_default", true,
                                {{16, 16}, {16, 16}, false}, {32, 32},
                                {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, 0, NULL},
   [ACO_ABI_RT_RECURSIVE] = {sizeof(aco_abi_info), "rt_recursive", false, {{0, 0}, {0, 0}, false},
                             {32, 32}, {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, 0, NULL},
   [ACO_ABI_RT_TRAVERSAL] = {sizeof(aco_abi_info), "rt_traversal", false, {{0, 0}, {0, 0}, false},
                             {32, 32}, {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, 0, NULL},
   [ACO_ABI_RT_ANYHIT] = {sizeof(aco_abi_info), "rt_anyhit", true, {{128, 256}, {80, 80}, false},
                          {32, 32}, {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, 0, NULL},
   [ACO_ABI_AMDGPU_CS_CHAIN] = {sizeof(aco_abi_info), "amdgpu_cs_chain", false,
                                {{0, 0}, {0, 0}, false}, {ACO_NO_LIMIT, ACO_NO_LIMIT},
                                {ACO_NO_LIMIT, ACO_NO_LIMIT}, 0xffffffffu, 0, NULL},
};

bool
air_struct_size_ok(const void *s, uint32_t struct_size, size_t known)
{
   if (struct_size < known)
      return false;
   const uint8_t *tail = (const uint8_t *)s + known;
   for (size_t i = 0; i < struct_size - known; i++)
      if (tail[i])
         return false;
   return true;
}

/* A failure of aco_program_create: no program yet, so the message goes to diag only. */
static aco_status
create_failed(const aco_program_info *info, aco_status status, const char *message)
{
   if (info && info->diag)
      info->diag(info->diag_user, status, message);
   return status;
}

aco_status
aco_program_create(const aco_program_info *info, aco_program **out)
{
   if (out)
      *out = NULL;
   if (!info)
      return ACO_ERROR_INVALID_ARGUMENT;
   /* diag is read only once struct_size says the caller's struct has it */
   bool sized = info->struct_size >= sizeof(aco_program_info);
   const aco_program_info *known = sized ? info : NULL;
   if (!out)
      return create_failed(known, ACO_ERROR_INVALID_ARGUMENT, "aco_program_create: out is NULL");
   if (!sized)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!air_struct_size_ok(info, info->struct_size, sizeof(aco_program_info)))
      return create_failed(info, ACO_ERROR_INVALID_ARGUMENT,
                           "aco_program_create: aco_program_info has non-zero bytes beyond the "
                           "fields this version knows");
   if (info->target.gfx_level != ACO_GFX_NONE && !target_is_valid(info->target)) {
      char msg[128];
      snprintf(msg, sizeof(msg), "aco_program_create: unknown target (gfx level %u, wave%u)",
               (unsigned)info->target.gfx_level, (unsigned)info->target.wave_size);
      return create_failed(info, ACO_ERROR_INVALID_ARGUMENT, msg);
   }
   if (!air_allocator_ok(info->allocator))
      return create_failed(info, ACO_ERROR_INVALID_ARGUMENT,
                           "aco_program_create: the allocator lacks its alloc or free function");
   const aco_allocator *a = aco_allocator_or_default(info->allocator);
   struct aco_program *p = aco_calloc(a, sizeof(*p));
   if (!p)
      return create_failed(info, ACO_ERROR_OUT_OF_MEMORY, "aco_program_create: out of memory");
   p->allocator = *a;
   aco_arena_init(&p->arena, &p->allocator);
   aco_strbuf_init(&p->message, &p->allocator);
   p->target = info->target;
   if (info->target.gfx_level != ACO_GFX_NONE) {
      /* a chip compiles for its level; the chip's own facts stay in p->chip */
      const aco_chip_info *chip = aco_chip_of_target(info->target);
      p->target.gfx_level = chip->level;
      p->chip = chip->number;
   }
   p->diag = info->diag;
   p->diag_user = info->diag_user;
   for (unsigned i = 0; i < ACO_ABI_BUILTIN_COUNT; i++) {
      struct aco_abi *abi = air_abi_create(p, &builtin_abi_infos[i]);
      if (!abi) {
         p->diag = NULL;
         aco_program_destroy(p);
         return create_failed(info, ACO_ERROR_OUT_OF_MEMORY,
                              "aco_program_create: out of memory");
      }
      abi->builtin = true;
      abi->chain = i == ACO_ABI_AMDGPU_CS_CHAIN;
   }
   *out = p;
   return ACO_SUCCESS;
}

void
aco_program_destroy(aco_program *p)
{
   if (!p)
      return;
   air_builders_detach(p);
   aco_allocator a = p->allocator;
   aco_strbuf_finish(&p->message);
   aco_arena_finish(&p->arena);
   aco_free(&a, p);
}

aco_target
aco_program_target(const aco_program *p)
{
   aco_target none = {ACO_GFX_NONE, 0};
   return p ? p->target : none;
}

uint32_t
aco_program_function_count(const aco_program *p)
{
   return p ? p->num_functions : 0;
}

aco_function *
aco_program_function(aco_program *p, uint32_t index)
{
   return p && index < p->num_functions ? p->functions[index] : NULL;
}

static uint32_t
name_hash(const char *s)
{
   uint32_t h = 2166136261u; /* FNV-1a */
   for (; *s; s++)
      h = (h ^ (uint8_t)*s) * 16777619u;
   return h;
}

static void
function_slot_insert(uint32_t *slots, uint32_t cap, const struct aco_function *f)
{
   uint32_t i = name_hash(f->name) & (cap - 1);
   while (slots[i])
      i = (i + 1) & (cap - 1);
   slots[i] = f->index + 1;
}

/* Room in the name table for one more function: a table twice as large when it would be
 * more than half full (in the arena, like the function array). */
static bool
function_slots_reserve(aco_program *p)
{
   if ((uint64_t)(p->num_functions + 1) * 2 <= p->cap_function_slots)
      return true;
   if (p->num_functions >= UINT32_MAX / 4)
      return false;
   uint32_t cap = p->cap_function_slots ? p->cap_function_slots * 2 : 16;
   uint32_t *slots = aco_arena_array(&p->arena, uint32_t, cap);
   if (!slots)
      return false;
   for (uint32_t i = 0; i < p->num_functions; i++)
      function_slot_insert(slots, cap, p->functions[i]);
   p->function_slots = slots;
   p->cap_function_slots = cap;
   return true;
}

aco_function *
aco_program_find_function(aco_program *p, const char *name)
{
   if (!p || !name || !p->cap_function_slots)
      return NULL;
   uint32_t mask = p->cap_function_slots - 1;
   for (uint32_t i = name_hash(name) & mask; p->function_slots[i]; i = (i + 1) & mask) {
      struct aco_function *f = p->functions[p->function_slots[i] - 1];
      if (!strcmp(f->name, name))
         return f;
   }
   return NULL;
}

/* Grows an arena array of pointers: the old array stays in the arena (at most doubles
 * the space), which keeps every allocation of a program in one place. */
static bool
arena_grow(struct aco_arena *arena, void **data, uint32_t *cap, uint32_t need, size_t elem)
{
   if (need <= *cap)
      return true;
   uint32_t n = *cap ? *cap * 2 : 8;
   while (n < need)
      n *= 2;
   void *d = aco_arena_alloc(arena, (size_t)n * elem, alignof(max_align_t));
   if (!d)
      return false;
   if (*data)
      memcpy(d, *data, (size_t)*cap * elem);
   *data = d;
   *cap = n;
   return true;
}

/* ---- ABIs --------------------------------------------------------------------------------- */

struct aco_abi *
air_abi_create(struct aco_program *p, const aco_abi_info *info)
{
   if (!arena_grow(&p->arena, (void **)&p->abis, &p->cap_abis, p->num_abis + 1,
                   sizeof(*p->abis)))
      return NULL;
   struct aco_abi *abi = aco_arena_new(&p->arena, struct aco_abi);
   if (!abi)
      return NULL;
   abi->name = aco_arena_strdup(&p->arena, info->name, strlen(info->name));
   abi->hints = info->num_hints ? aco_arena_array(&p->arena, aco_reg_hint, info->num_hints)
                                : NULL;
   if (!abi->name || (info->num_hints && !abi->hints))
      return NULL;
   if (info->num_hints)
      memcpy(abi->hints, info->hints, sizeof(aco_reg_hint) * info->num_hints);
   abi->num_hints = info->num_hints;
   abi->program = p;
   abi->has_block = info->has_block;
   abi->block = info->has_block ? info->block : (aco_register_block){{0, 0}, {0, 0}, false};
   abi->max_param_regs = info->max_param_regs;
   abi->callee_max_regs = info->callee_max_regs;
   abi->callee_max_stack = info->callee_max_stack;
   p->abis[p->num_abis++] = abi;
   return abi;
}

static bool
is_identifier(const char *s)
{
   if (!s || !*s)
      return false;
   for (; *s; s++)
      if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
            *s == '_' || *s == '.'))
         return false;
   return true;
}

/* A hint names an addressable SGPR or VGPR under the callee limit, for a parameter no
 * earlier hint names. */
static aco_status
check_hint(struct aco_program *p, const aco_abi_info *info, uint32_t i)
{
   const aco_reg_hint *h = &info->hints[i];
   if ((h->reg >= 106 && h->reg < 256) || h->reg >= 512)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_abi_create: @%s: hint %u names no SGPR or VGPR", info->name, i);
   bool vgpr = h->reg >= 256;
   unsigned num = vgpr ? h->reg - 256u : h->reg;
   unsigned lim = vgpr ? info->callee_max_regs.vgprs : info->callee_max_regs.sgprs;
   if (lim != ACO_NO_LIMIT && num >= lim)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_abi_create: @%s: hint %u names %c%u, beyond callee_max (%c%u)",
                       info->name, i, vgpr ? 'v' : 's', num, vgpr ? 'v' : 's', lim);
   for (uint32_t k = 0; k < i; k++)
      if (info->hints[k].param_index == h->param_index)
         return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_abi_create: @%s: hints %u and %u both name parameter %u",
                          info->name, k, i, h->param_index);
   return ACO_SUCCESS;
}

aco_status
aco_abi_create(aco_program *p, const aco_abi_info *info, aco_abi **out)
{
   if (!p)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!out)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_abi_create: out is NULL");
   *out = NULL;
   if (!info)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_abi_create: info is NULL");
   if (!air_struct_size_ok(info, info->struct_size, sizeof(aco_abi_info)))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_abi_create: aco_abi_info.struct_size %u: smaller than this version's "
                       "struct (%zu), or non-zero bytes beyond it",
                       info->struct_size, sizeof(aco_abi_info));
   if (!is_identifier(info->name))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_abi_create: the name must be letters, digits, '_' or '.'");
   if (aco_program_find_abi(p, info->name))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_abi_create: ABI @%s exists already",
                       info->name);
   if (info->has_block &&
       ((!info->block.clobbered.sgprs && !info->block.preserved.sgprs) ||
        (!info->block.clobbered.vgprs && !info->block.preserved.vgprs)))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_abi_create: @%s: a register block needs registers in each file",
                       info->name);
   aco_reg_count lim = info->callee_max_regs;
   if ((lim.sgprs != ACO_NO_LIMIT && lim.sgprs > 106) ||
       (lim.vgprs != ACO_NO_LIMIT && lim.vgprs > 256))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_abi_create: @%s: callee_max s%u v%u is beyond the register files "
                       "(s106 v256)",
                       info->name, lim.sgprs, lim.vgprs);
   if (info->num_hints && !info->hints)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_abi_create: hints is NULL");
   if (info->num_hints > ACO_ABI_MAX_HINTS)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_abi_create: @%s: %u hints (at most %u)", info->name,
                       info->num_hints, ACO_ABI_MAX_HINTS);
   for (uint32_t i = 0; i < info->num_hints; i++) {
      aco_status s = check_hint(p, info, i);
      if (s != ACO_SUCCESS)
         return s;
   }
   struct aco_abi *abi = air_abi_create(p, info);
   if (!abi)
      return air_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   *out = abi;
   return ACO_SUCCESS;
}

aco_abi *
aco_program_builtin_abi(aco_program *p, aco_builtin_abi which)
{
   return p && (unsigned)which < ACO_ABI_BUILTIN_COUNT ? p->abis[which] : NULL;
}

aco_abi *
aco_program_find_abi(aco_program *p, const char *name)
{
   if (!p || !name)
      return NULL;
   for (uint32_t i = 0; i < p->num_abis; i++)
      if (!strcmp(p->abis[i]->name, name))
         return p->abis[i];
   return NULL;
}

/* The block repeats from register 0 of each file: `first` registers of one kind, then
 * `second` of the other, until the file ends. */
static void
expand_block(unsigned count, unsigned preserved, unsigned clobbered, bool clobbered_first,
             uint8_t *out)
{
   unsigned stride = preserved + clobbered;
   for (unsigned r = 0; r < count; r++) {
      unsigned pos = r % stride;
      out[r] = clobbered_first ? pos >= clobbered : pos < preserved;
   }
}

aco_status
aco_abi_preserved_registers(const aco_abi *abi, unsigned num_sgprs, unsigned num_vgprs,
                            uint8_t preserved[512])
{
   if (!abi || !preserved || num_sgprs > 256 || num_vgprs > 256)
      return ACO_ERROR_INVALID_ARGUMENT;
   memset(preserved, 0, 512);
   if (!abi->has_block)
      return ACO_SUCCESS;
   const aco_register_block *b = &abi->block;
   expand_block(num_sgprs, b->preserved.sgprs, b->clobbered.sgprs, b->clobbered_first, preserved);
   expand_block(num_vgprs, b->preserved.vgprs, b->clobbered.vgprs, b->clobbered_first,
                preserved + 256);
   return ACO_SUCCESS;
}

/* ---- functions, values, instructions -------------------------------------------------------- */

aco_value
air_new_value(struct aco_function *f, aco_type type)
{
   aco_value none = {0};
   if (!arena_grow(&f->program->arena, (void **)&f->values, &f->cap_values, f->num_values + 1,
                   sizeof(*f->values)))
      return none;
   struct air_value *v = &f->values[f->num_values];
   memset(v, 0, sizeof(*v));
   v->type = type;
   aco_value id = {f->num_values++};
   return id;
}

struct air_instr *
air_instr_create(struct aco_function *f, aco_op op, unsigned num_srcs, unsigned num_defs)
{
   size_t size = sizeof(struct air_instr) + sizeof(aco_value) * (num_srcs + num_defs);
   struct air_instr *instr = aco_arena_zalloc(&f->program->arena, size, alignof(struct air_instr));
   if (!instr)
      return NULL;
   instr->op = op;
   instr->num_srcs = (uint16_t)num_srcs;
   instr->num_defs = (uint16_t)num_defs;
   instr->srcs = (aco_value *)(instr + 1);
   instr->defs = instr->srcs + num_srcs;
   return instr;
}

struct air_region *
air_region_create(struct aco_function *f, struct air_instr *parent)
{
   struct air_region *r = aco_arena_new(&f->program->arena, struct air_region);
   if (r)
      r->parent = parent;
   return r;
}

void
air_region_append(struct air_region *r, struct air_instr *instr)
{
   instr->parent = r;
   instr->prev = r->last;
   instr->next = NULL;
   if (r->last)
      r->last->next = instr;
   else
      r->first = instr;
   r->last = instr;
}

struct air_instr *
air_region_terminator(const struct air_region *r)
{
   return r->last && air_op_is_jump(r->last->op) ? r->last : NULL;
}

unsigned
air_num_return_params(const struct aco_function *f)
{
   unsigned n = 0;
   for (uint32_t i = 0; i < f->num_params; i++)
      n += !!(f->params[i].flags & ACO_PARAM_RETURN);
   return n;
}

bool
air_walk(struct air_region *r, air_visit_fn fn, void *ctx)
{
   if (!r)
      return true;
   air_foreach_instr (instr, r) {
      if (!fn(ctx, instr))
         return false;
      for (unsigned i = 0; i < 2; i++)
         if (!air_walk(instr->regions[i], fn, ctx))
            return false;
   }
   return true;
}

static bool
not_a_call(void *ctx, struct air_instr *instr)
{
   (void)ctx;
   return air_op_info(instr->op)->cls != ACO_OPC_CALL;
}

bool
air_function_calls(const struct aco_function *f)
{
   return !air_walk(f->body, not_a_call, NULL);
}

static bool
not_shared(void *ctx, struct air_instr *instr)
{
   (void)ctx;
   aco_op op = instr->op;
   return op != ACO_OP_LOAD_SHARED && op != ACO_OP_STORE_SHARED && op != ACO_OP_ATOMIC_SHARED;
}

/* not_shared that also records whether a call was passed (ctx: a bool), so that the
 * entry's body is walked once for both questions. */
static bool
not_shared_note_calls(void *ctx, struct air_instr *instr)
{
   if (air_op_info(instr->op)->cls == ACO_OPC_CALL)
      *(bool *)ctx = true;
   return not_shared(NULL, instr);
}

/* An entry that declares nothing keeps the whole 64 KiB whenever shared memory may be
 * touched while it runs: by its own body, or by a callee (any function of the program, or
 * one defined elsewhere, since an indirect call may reach any of them). */
uint32_t
air_entry_shared_bytes(const struct aco_function *entry)
{
   if (entry->has_shared_size)
      return entry->shared_size;
   bool calls = false;
   if (!air_walk(entry->body, not_shared_note_calls, &calls))
      return AIR_MAX_SHARED_SIZE;
   if (!calls)
      return 0;
   const struct aco_program *p = entry->program;
   for (uint32_t i = 0; i < p->num_functions; i++) {
      const struct aco_function *f = p->functions[i];
      if ((f->flags & ACO_FUNCTION_EXTERNAL) || !air_walk(f->body, not_shared, NULL))
         return AIR_MAX_SHARED_SIZE;
   }
   return 0;
}

/* Compares pointers only: a handle of a destroyed program is never read. */
static bool
program_has_abi(const struct aco_program *p, const aco_abi *abi)
{
   for (uint32_t i = 0; i < p->num_abis; i++)
      if (p->abis[i] == abi)
         return true;
   return false;
}

/* Varies the value tags of functions from program to program (from the program's
 * address: nothing global). */
static uint32_t
program_salt(const struct aco_program *p)
{
   uint64_t x = (uint64_t)(uintptr_t)p;
   x ^= x >> 29;
   x *= UINT64_C(0x9e3779b97f4a7c15);
   return (uint32_t)(x >> 40);
}

#define ALL_FUNCTION_FLAGS                                                                     \
   (ACO_FUNCTION_ENTRY | ACO_FUNCTION_DIVERGENT_CALLABLE | ACO_FUNCTION_NORETURN |              \
    ACO_FUNCTION_EXTERNAL)
#define ALL_PARAM_FLAGS (ACO_PARAM_UNIFORM | ACO_PARAM_DISCARDABLE | ACO_PARAM_RETURN)

aco_status
aco_function_create(aco_program *p, const aco_function_info *info, aco_function **out)
{
   if (!p)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!out)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_function_create: out is NULL");
   *out = NULL;
   if (!info)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_function_create: info is NULL");
   if (!air_struct_size_ok(info, info->struct_size, sizeof(aco_function_info)))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_create: aco_function_info.struct_size %u: smaller than "
                       "this version's struct (%zu), or non-zero bytes beyond it",
                       info->struct_size, sizeof(aco_function_info));
   if (!is_identifier(info->name))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_create: the name must be letters, digits, '_' or '.'");
   if (aco_program_find_function(p, info->name))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_create: function @%s exists already", info->name);
   if (info->flags & ~ALL_FUNCTION_FLAGS)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_function_create: @%s: unknown flags",
                       info->name);
   if (info->num_params && !info->params)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_function_create: @%s: params is NULL",
                       info->name);
   if (info->abi && !program_has_abi(p, info->abi))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_create: @%s: the ABI is not one of this program's",
                       info->name);
   if (info->float_mode.denorm32 > ACO_DENORM_FLUSH ||
       info->float_mode.denorm16_64 > ACO_DENORM_FLUSH ||
       info->float_mode.round32 > ACO_ROUND_TOWARD_ZERO ||
       info->float_mode.round16_64 > ACO_ROUND_TOWARD_ZERO)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_create: @%s: bad float mode", info->name);
   for (uint32_t i = 0; i < info->num_params; i++) {
      const aco_param_info *pi = &info->params[i];
      if (!air_type_is_valid(pi->type))
         return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_function_create: @%s: parameter %u has an invalid type",
                          info->name, i);
      if (pi->flags & ~ALL_PARAM_FLAGS)
         return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_function_create: @%s: parameter %u has unknown flags", info->name,
                          i);
      if (pi->name && !is_identifier(pi->name))
         return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                          "aco_function_create: @%s: parameter %u: bad name", info->name, i);
   }

   struct aco_function *f = aco_arena_new(&p->arena, struct aco_function);
   if (!f || !function_slots_reserve(p) ||
       !arena_grow(&p->arena, (void **)&p->functions, &p->cap_functions, p->num_functions + 1,
                   sizeof(*p->functions)))
      return air_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   f->program = p;
   f->value_tag = (uint8_t)(1 + (p->num_functions + program_salt(p)) % 255);
   f->name = aco_arena_strdup(&p->arena, info->name, strlen(info->name));
   f->abi = info->abi ? info->abi : p->abis[ACO_ABI_COMPUTE_DEFAULT];
   f->flags = info->flags;
   f->float_mode = info->float_mode;
   for (unsigned i = 0; i < 3; i++)
      f->workgroup_size[i] = info->workgroup_size[i] ? info->workgroup_size[i] : 1;
   f->num_params = info->num_params;
   f->params = info->num_params ? aco_arena_array(&p->arena, struct air_param, info->num_params)
                                : NULL;
   /* values[0] stands for "no value" */
   if (f->name)
      air_new_value(f, aco_type_make(ACO_BASE_INVALID, 0, 0));
   if (!f->name || (info->num_params && !f->params) || f->num_values != 1)
      return air_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   for (uint32_t i = 0; i < info->num_params; i++) {
      const aco_param_info *pi = &info->params[i];
      struct air_param *param = &f->params[i];
      param->type = pi->type;
      param->flags = pi->flags;
      param->name = pi->name ? aco_arena_strdup(&p->arena, pi->name, strlen(pi->name)) : NULL;
      param->value = air_new_value(f, pi->type);
      if ((pi->name && !param->name) || !aco_value_is_valid(param->value))
         return air_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
      f->values[param->value.id].name = param->name;
      f->values[param->value.id].is_param = true;
   }
   if (!(info->flags & ACO_FUNCTION_EXTERNAL)) {
      f->body = air_region_create(f, NULL);
      if (!f->body)
         return air_error(p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   }
   f->index = p->num_functions;
   p->functions[p->num_functions++] = f;
   function_slot_insert(p->function_slots, p->cap_function_slots, f);
   *out = f;
   return ACO_SUCCESS;
}

const char *
aco_function_name(const aco_function *f)
{
   return f ? f->name : NULL;
}

aco_value
aco_function_param(const aco_function *f, uint32_t index)
{
   aco_value none = {0};
   if (!f)
      return none;
   if (index >= f->num_params) {
      air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                "aco_function_param: @%s has %u parameters; there is no parameter %u", f->name,
                f->num_params, index);
      return none;
   }
   return air_value_export(f, f->params[index].value);
}

uint32_t
aco_function_add_stack_object(aco_function *f, uint32_t size, uint32_t align)
{
   if (!f)
      return UINT32_MAX;
   if (!size || !align || (align & (align - 1)) || align > 256) {
      air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                "aco_function_add_stack_object: @%s: size must be > 0 and align a power of two "
                "up to 256",
                f->name);
      return UINT32_MAX;
   }
   if (!f->body) {
      air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                "aco_function_add_stack_object: @%s is only declared", f->name);
      return UINT32_MAX;
   }
   if (!arena_grow(&f->program->arena, (void **)&f->stack_objects, &f->cap_stack_objects,
                   f->num_stack_objects + 1, sizeof(*f->stack_objects))) {
      air_error(f->program, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
      return UINT32_MAX;
   }
   f->stack_objects[f->num_stack_objects].size = size;
   f->stack_objects[f->num_stack_objects].align = align;
   return f->num_stack_objects++;
}

aco_status
aco_function_set_shared_size(aco_function *f, uint32_t bytes)
{
   if (!f)
      return ACO_ERROR_INVALID_ARGUMENT;
   /* the validator checks the same (it also sees sizes written in the text form) */
   if (bytes > AIR_MAX_SHARED_SIZE)
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_set_shared_size: @%s: %u bytes is above the limit of %u",
                       f->name, bytes, AIR_MAX_SHARED_SIZE);
   if (!(f->flags & ACO_FUNCTION_ENTRY))
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_function_set_shared_size: @%s: only entry functions declare a "
                       "shared size",
                       f->name);
   f->shared_size = bytes;
   f->has_shared_size = true;
   return ACO_SUCCESS;
}

aco_status
aco_value_set_name(aco_function *f, aco_value value, const char *name)
{
   if (!f)
      return ACO_ERROR_INVALID_ARGUMENT;
   struct air_value *v = air_value(f, air_value_import(f, value));
   if (!v || !is_identifier(name))
      return air_error(f->program, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_value_set_name: @%s: bad value or name", f->name);
   v->name = aco_arena_strdup(&f->program->arena, name, strlen(name));
   return v->name ? ACO_SUCCESS : air_error(f->program, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
}

aco_type
aco_value_type(const aco_function *f, aco_value value)
{
   const struct air_value *v = f ? air_value(f, air_value_import(f, value)) : NULL;
   return v ? v->type : aco_type_make(ACO_BASE_INVALID, 0, 0);
}

/* ---- half precision ----------------------------------------------------------------------- */

uint16_t
air_float_to_half(double v)
{
   uint64_t d;
   memcpy(&d, &v, 8);
   uint16_t sign = (uint16_t)((d >> 48) & 0x8000);
   int exp = (int)((d >> 52) & 0x7ff);
   uint64_t mant = d & ((UINT64_C(1) << 52) - 1);
   if (exp == 0x7ff) /* inf or NaN (quiet, payload's top bits kept) */
      return sign | 0x7c00 | (mant ? (uint16_t)(0x200 | (mant >> 42)) : 0);
   if (exp == 0 && mant == 0)
      return sign;
   /* value = 1.mant * 2^(exp-1023); half: 1.m10 * 2^(e-15), subnormal below 2^-14. */
   int e = exp - 1023;
   uint64_t full = mant | (UINT64_C(1) << 52); /* 53 bits */
   int shift;                                  /* bits to drop from `full` */
   uint16_t he;
   if (e >= -14) {
      shift = 42;
      he = (uint16_t)(e + 15);
   } else {
      shift = 42 + (-14 - e);
      he = 0;
   }
   if (exp == 0 || shift > 60) /* double subnormals and tiny values round to zero */
      return sign;
   uint64_t kept = full >> shift;
   uint64_t rest = full & ((UINT64_C(1) << shift) - 1);
   uint64_t half = UINT64_C(1) << (shift - 1);
   if (rest > half || (rest == half && (kept & 1)))
      kept++;
   /* kept includes the implicit bit for normals (bit 10). */
   uint32_t bits;
   if (he == 0)
      bits = (uint32_t)kept; /* may carry into the smallest normal: still right */
   else
      bits = ((uint32_t)he << 10) + (uint32_t)(kept - 0x400);
   if (bits >= 0x7c00)
      return sign | 0x7c00;
   return sign | (uint16_t)bits;
}

double
air_half_to_double(uint16_t h)
{
   int sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
   double v;
   if (exp == 0)
      v = mant * 0x1p-24;
   else if (exp == 31)
      v = mant ? 0.0 / 0.0 : 1.0 / 0.0;
   else
      v = (1024 + mant) * 0x1p-25 * (double)(1u << exp) ;
   return sign ? -v : v;
}
