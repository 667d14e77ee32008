/* SPDX-License-Identifier: MIT */
/* SPIR-V to the front IR (docs/spirv.md).
 *
 * The module is read in one pass that records types, constants, decorations and global
 * variables, then the entry function is emitted through the builder. Values are
 * scalarized: every SPIR-V value is a list of scalar leaves. SPIR-V's structured control
 * flow becomes ifs and loops: a selection construct is an if, a loop construct a loop whose
 * continue construct is emitted again at every branch to the continue target (so `continue`
 * always means "back to the header"). Values that live across blocks (phis, Function
 * variables, ids used outside their block) are cells: an if yields, and a loop carries, the
 * cells its construct may write, so no phi is needed in the IR. */
#include "aco/aco_spirv.h"

#include "ir/ir.h"
#include "spirv/spirv_names.h"
#include "util/alloc.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_LEAVES 1024u
#define MAX_DEPTH 180u
#define MAX_TYPE_DEPTH 32u

enum id_kind {
   ID_NONE = 0,
   ID_TYPE,
   ID_CONST,
   ID_VAR,   /* OpVariable: a pointer */
   ID_VALUE, /* a result of the function body */
   ID_PTR,   /* an access chain */
   ID_LABEL,
   ID_EXT, /* the GLSL.std.450 import */
   ID_FUNCTION,
   ID_UNDEF,
};

enum ptr_kind { PTR_BUFFER = 1, PTR_PUSH, PTR_SHARED, PTR_FUNC, PTR_BUILTIN };

struct sptr {
   uint8_t kind;
   uint32_t type;  /* pointee */
   aco_value base; /* PTR_BUFFER: the binding's address */
   aco_value dyn;  /* byte offset (i32), or invalid */
   uint32_t imm;   /* byte offset, or leaf offset for PTR_FUNC / PTR_BUILTIN */
   uint32_t cell;  /* PTR_FUNC: first cell of the variable */
   uint32_t var;   /* the OpVariable */
   /* PTR_FUNC indexed by a value: element dyn_index of dyn_count, dyn_stride cells apart
    * (imm is the cell of element 0) */
   aco_value dyn_index;
   uint32_t dyn_stride, dyn_count;
};

#define MAX_DYNAMIC_ELEMS 64u

struct sid {
   uint8_t kind;
   uint16_t op;   /* the defining opcode */
   uint32_t word; /* word offset of the defining instruction */
   uint32_t type; /* result type (values, constants, variables) */
   /* types */
   uint8_t bits;
   bool is_signed, block, buffer_block;
   uint32_t elem, count, sc, stride;
   uint32_t first_member, num_members;
   uint32_t leaves;
   uint32_t depth; /* types nested in this one */
   /* decorations */
   int32_t builtin, spec_id;
   int32_t set, binding;
   bool no_contraction;
   /* constants: first leaf in consts */
   uint32_t cfirst;
   /* values: first leaf in vals; cells: first cell (is_cell) */
   uint32_t vfirst;
   bool is_cell;
   uint32_t cell;
   /* blocks and functions */
   uint32_t block_index;
   uint32_t first_label;
   uint32_t def_block; /* 1 + block index of the definition; 0 outside the function */
   /* functions: their blocks, and the cells a call may change */
   uint32_t num_fn_blocks;
   uint64_t *fn_writes;
   bool fn_busy;
   const struct cellset *call_set;
   /* global variables */
   uint32_t shared_offset;
   uint32_t push_size;
   struct sptr ptr;
};

struct sblock {
   uint32_t label;
   uint32_t first; /* first instruction after OpLabel */
   uint32_t merge; /* OpSelectionMerge / OpLoopMerge word, or 0 */
   uint32_t term;  /* terminator word */
};

struct cell {
   aco_type type;
   aco_value cur;
};

struct member {
   uint32_t type;
   int32_t offset;
};

struct ctx {
   aco_program *p;
   aco_builder *b;
   aco_function *fn;
   const aco_spirv_options *opts;
   struct aco_arena arena;
   const uint32_t *w;
   uint32_t n;
   uint32_t bound;
   struct sid *ids;
   char *msg;
   size_t msg_size;
   aco_status status;

   struct member_offset {
      uint32_t id, member, offset;
   } * moffs; /* OpMemberDecorate Offset, applied when the struct is defined */
   uint32_t num_moffs, cap_moffs;
   struct member *members;
   uint32_t num_members, cap_members;
   uint64_t *consts;
   uint32_t num_consts, cap_consts;
   aco_value *vals;
   uint32_t num_vals, cap_vals;
   struct cell *cells;
   uint32_t num_cells, cap_cells;
   aco_type *cell_types;
   aco_value *cur; /* each cell's value at the emission point */

   struct sblock *blocks;
   uint32_t num_blocks;

   uint32_t entry_fn, funcs_begin;
   struct callctx *call; /* the innermost inlined call */
   uint32_t local_size[3];
   uint32_t local_size_id[3];
   bool has_local_size_id;
   uint32_t glsl_ext;
   uint32_t shared_bytes;
   uint32_t push_bytes;
   bool uses_num_workgroups;
   aco_value table;
   uint32_t first_push_param;

   /* emission */
   uint32_t budget;
   uint32_t depth;
   uint32_t cur_block; /* index of the block being emitted */
   struct loopctx *loop;
   /* what constructs change (lazily computed, per block or function) */
   uint32_t set_words;                           /* 64-bit words of a cell bitset */
   uint64_t *var_cells;                          /* cells of Function and Private variables */
   uint64_t **block_writes;                      /* per block */
   const struct cellset **sel_sets, **loop_sets; /* per header block */
   uint32_t fn_depth;                            /* function_writes nesting */
   uint8_t *walk_seen;                           /* per block, for one walk at a time */
   uint32_t *walk_stack;
   uint32_t stops[MAX_DEPTH + 8];
   uint32_t num_stops;
};

/* The cells a construct may change: what its if yields, or its loop carries. */
struct cellset {
   uint32_t n;
   uint32_t *idx;
   aco_type *types;
};

struct loopctx {
   uint32_t header, merge, cont; /* label ids; 0 for the loop around an inlined call */
   const struct cellset *set;
   struct loopctx *outer;
};

/* An inlined OpFunctionCall: its body runs in a loop that every return breaks. */
struct callctx {
   struct loopctx wrap;
   uint32_t result; /* the call's result id, 0 for void */
   uint32_t function;
   struct callctx *outer;
};

static bool
fail(struct ctx *c, aco_status s, uint32_t word, const char *fmt, ...)
{
   if (c->status != ACO_SUCCESS)
      return false;
   c->status = s;
   if (c->msg && c->msg_size) {
      int k = snprintf(c->msg, c->msg_size, "spirv word %u: ", word);
      if (k < 0)
         k = 0;
      if ((size_t)k < c->msg_size) {
         va_list ap;
         va_start(ap, fmt);
         vsnprintf(c->msg + k, c->msg_size - (size_t)k, fmt, ap);
         va_end(ap);
      }
   }
   return false;
}

#define INVALID(c, word, ...) fail((c), ACO_ERROR_INVALID_ARGUMENT, (word), __VA_ARGS__)
#define UNSUP(c, word, ...) fail((c), ACO_ERROR_UNSUPPORTED, (word), __VA_ARGS__)
#define OOM(c) fail((c), ACO_ERROR_OUT_OF_MEMORY, 0, "out of memory")

static const char *
op_name(uint32_t op)
{
   return spirv_op_name(op);
}

static bool
grow(struct ctx *c, void **ptr, uint32_t *cap, uint32_t need, size_t elem)
{
   if (need <= *cap)
      return true;
   uint32_t nc = *cap ? *cap : 64;
   while (nc < need) {
      if (nc > UINT32_MAX / 2)
         return OOM(c);
      nc *= 2;
   }
   void *np = aco_arena_alloc(&c->arena, (size_t)nc * elem, 8);
   if (!np)
      return OOM(c);
   if (*ptr)
      memcpy(np, *ptr, (size_t)*cap * elem);
   *ptr = np;
   *cap = nc;
   return true;
}

/* An id operand: below the bound, else malformed. */
static bool
check_id(struct ctx *c, uint32_t id, uint32_t word)
{
   if (id == 0 || id >= c->bound)
      return INVALID(c, word, "id %u out of range (bound %u)", id, c->bound);
   return true;
}

static struct sid *
get_type(struct ctx *c, uint32_t id, uint32_t word)
{
   if (!check_id(c, id, word))
      return NULL;
   if (c->ids[id].kind != ID_TYPE) {
      INVALID(c, word, "id %u is not a type", id);
      return NULL;
   }
   return &c->ids[id];
}

/* ---- types ---------------------------------------------------------------------------- */

static aco_type
leaf_aco_type(const struct sid *t)
{
   if (t->op == SpvOpTypeBool)
      return aco_type_bool();
   if (t->op == SpvOpTypeFloat)
      return aco_type_float(t->bits);
   return aco_type_int(t->bits);
}

/* The scalar type of leaf `i` of type `t`. */
static const struct sid *
leaf_scalar(struct ctx *c, uint32_t t, uint32_t i)
{
   for (;;) {
      const struct sid *ty = &c->ids[t];
      switch (ty->op) {
      case SpvOpTypeVector:
      case SpvOpTypeArray:
         t = ty->elem;
         i %= c->ids[t].leaves ? c->ids[t].leaves : 1;
         break;
      case SpvOpTypeStruct: {
         uint32_t m = 0;
         for (; m < ty->num_members; m++) {
            uint32_t mt = c->members[ty->first_member + m].type;
            if (i < c->ids[mt].leaves) {
               t = mt;
               break;
            }
            i -= c->ids[mt].leaves;
         }
         if (m == ty->num_members)
            return ty; /* past the end: callers check the leaf count first */
         break;
      }
      default:
         return ty;
      }
   }
}

/* Size and alignment of a type laid out without explicit decorations (shared memory):
 * scalars and vectors naturally (vec3 as vec4 alignment), arrays by element size. */
static void
natural_layout(struct ctx *c, uint32_t t, uint32_t *size, uint32_t *align)
{
   const struct sid *ty = &c->ids[t];
   switch (ty->op) {
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
      *size = *align = ty->bits / 8;
      return;
   case SpvOpTypeBool:
      *size = *align = 4;
      return;
   case SpvOpTypeVector: {
      uint32_t s, a;
      natural_layout(c, ty->elem, &s, &a);
      *size = s * ty->count;
      *align = s * (ty->count == 3 ? 4 : ty->count);
      return;
   }
   case SpvOpTypeArray: {
      uint32_t s, a;
      natural_layout(c, ty->elem, &s, &a);
      s = (s + a - 1) / a * a;
      *size = s * ty->count;
      *align = a;
      return;
   }
   case SpvOpTypeStruct: {
      uint32_t off = 0, al = 1;
      for (uint32_t m = 0; m < ty->num_members; m++) {
         uint32_t s, a;
         natural_layout(c, c->members[ty->first_member + m].type, &s, &a);
         off = (off + a - 1) / a * a + s;
         al = a > al ? a : al;
      }
      *size = (off + al - 1) / al * al;
      *align = al;
      return;
   }
   default:
      *size = *align = 4;
   }
}

/* Byte offset of member m of struct type ty (explicit Offset, or natural layout). */
static uint32_t
member_offset(struct ctx *c, const struct sid *ty, uint32_t m, bool explicit_layout)
{
   const struct member *mb = &c->members[ty->first_member + m];
   if (explicit_layout && mb->offset >= 0)
      return (uint32_t)mb->offset;
   uint32_t off = 0;
   for (uint32_t k = 0; k <= m; k++) {
      uint32_t s, a;
      natural_layout(c, c->members[ty->first_member + k].type, &s, &a);
      off = (off + a - 1) / a * a;
      if (k < m)
         off += s;
   }
   return off;
}

static uint32_t
elem_stride(struct ctx *c, const struct sid *ty, bool explicit_layout)
{
   if (ty->op == SpvOpTypeVector)
      return c->ids[ty->elem].bits / 8 ? c->ids[ty->elem].bits / 8 : 4;
   if (explicit_layout && ty->stride)
      return ty->stride;
   uint32_t s, a;
   natural_layout(c, ty->elem, &s, &a);
   return (s + a - 1) / a * a;
}

/* ---- constants ------------------------------------------------------------------------ */

static bool
push_const_leaf(struct ctx *c, uint64_t v)
{
   if (!grow(c, (void **)&c->consts, &c->cap_consts, c->num_consts + 1, sizeof(uint64_t)))
      return false;
   c->consts[c->num_consts++] = v;
   return true;
}

static uint64_t
mask_bits(uint64_t v, unsigned bits)
{
   return bits >= 64 ? v : bits == 1 ? (v != 0) : v & ((UINT64_C(1) << bits) - 1);
}

static int64_t
sext_bits(uint64_t v, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)v;
   uint64_t m = UINT64_C(1) << (bits - 1);
   v = mask_bits(v, bits);
   return (int64_t)((v ^ m) - m);
}

/* OpSpecConstantOp on scalar integer/boolean constants. */
static bool
eval_spec_op(struct ctx *c, uint32_t word, uint32_t op, const struct sid *rt, const uint64_t *a,
             unsigned n, uint64_t *out)
{
   unsigned bits = rt->op == SpvOpTypeBool ? 1 : rt->bits;
   unsigned sb = bits; /* operand bits for comparisons: taken from the operands */
   uint64_t x = n > 0 ? a[0] : 0, y = n > 1 ? a[1] : 0;
   int64_t sx = sext_bits(x, 64), sy = sext_bits(y, 64);
   (void)sb;
   switch (op) {
   case SpvOpIAdd:
      *out = x + y;
      break;
   case SpvOpISub:
      *out = x - y;
      break;
   case SpvOpIMul:
      *out = x * y;
      break;
   case SpvOpUDiv:
   case SpvOpSDiv:
   case SpvOpUMod:
   case SpvOpSRem:
   case SpvOpSMod:
      if (mask_bits(y, bits) == 0)
         return INVALID(c, word, "OpSpecConstantOp %s: division by zero", op_name(op));
      sx = sext_bits(x, bits);
      sy = sext_bits(y, bits);
      if (op == SpvOpUDiv)
         *out = mask_bits(x, bits) / mask_bits(y, bits);
      else if (op == SpvOpUMod)
         *out = mask_bits(x, bits) % mask_bits(y, bits);
      else if (sy == -1)
         *out = op == SpvOpSDiv ? (uint64_t)0 - (uint64_t)sx : 0;
      else if (op == SpvOpSDiv)
         *out = (uint64_t)(sx / sy);
      else {
         int64_t r = sx % sy;
         if (op == SpvOpSMod && r != 0 && ((r < 0) != (sy < 0)))
            r += sy;
         *out = (uint64_t)r;
      }
      break;
   case SpvOpShiftLeftLogical:
      *out = y < bits ? x << y : 0;
      break;
   case SpvOpShiftRightLogical:
      *out = y < bits ? mask_bits(x, bits) >> y : 0;
      break;
   case SpvOpShiftRightArithmetic:
      *out = (uint64_t)(sext_bits(x, bits) >> (y < bits ? y : bits - 1));
      break;
   case SpvOpBitwiseAnd:
      *out = x & y;
      break;
   case SpvOpBitwiseOr:
      *out = x | y;
      break;
   case SpvOpBitwiseXor:
      *out = x ^ y;
      break;
   case SpvOpNot:
      *out = ~x;
      break;
   case SpvOpSNegate:
      *out = (uint64_t)0 - x;
      break;
   case SpvOpLogicalAnd:
      *out = (x != 0) && (y != 0);
      break;
   case SpvOpLogicalOr:
      *out = (x != 0) || (y != 0);
      break;
   case SpvOpLogicalNot:
      *out = x == 0;
      break;
   case SpvOpLogicalEqual:
      *out = (x != 0) == (y != 0);
      break;
   case SpvOpLogicalNotEqual:
      *out = (x != 0) != (y != 0);
      break;
   case SpvOpIEqual:
      *out = x == y;
      break;
   case SpvOpINotEqual:
      *out = x != y;
      break;
   case SpvOpULessThan:
      *out = x < y;
      break;
   case SpvOpUGreaterThan:
      *out = x > y;
      break;
   case SpvOpULessThanEqual:
      *out = x <= y;
      break;
   case SpvOpUGreaterThanEqual:
      *out = x >= y;
      break;
   case SpvOpSLessThan:
      *out = sx < sy;
      break;
   case SpvOpSGreaterThan:
      *out = sx > sy;
      break;
   case SpvOpSLessThanEqual:
      *out = sx <= sy;
      break;
   case SpvOpSGreaterThanEqual:
      *out = sx >= sy;
      break;
   case SpvOpSelect:
      *out = x ? y : (n > 2 ? a[2] : 0);
      break;
   case SpvOpUConvert:
      *out = x;
      break;
   case SpvOpSConvert:
      *out = (uint64_t)sx;
      break;
   default:
      return UNSUP(c, word, "OpSpecConstantOp with %s", op_name(op));
   }
   *out = mask_bits(*out, bits);
   return true;
}

static uint64_t
spec_value(struct ctx *c, int32_t spec_id, uint64_t dflt, bool *found)
{
   *found = false;
   for (uint32_t i = 0; spec_id >= 0 && c->opts && i < c->opts->num_specs; i++) {
      if (c->opts->specs[i].id == (uint32_t)spec_id) {
         *found = true;
         return c->opts->specs[i].value;
      }
   }
   return dflt;
}

/* Scalar constants: the value, sign-extended for signed comparisons. */
static bool
scalar_const(struct ctx *c, uint32_t id, uint32_t word, uint64_t *v)
{
   if (!check_id(c, id, word))
      return false;
   const struct sid *s = &c->ids[id];
   if (s->kind != ID_CONST || c->ids[s->type].leaves != 1)
      return INVALID(c, word, "id %u is not a scalar constant", id);
   const struct sid *t = &c->ids[s->type];
   uint64_t x = c->consts[s->cfirst];
   *v = t->op == SpvOpTypeInt && t->is_signed ? (uint64_t)sext_bits(x, t->bits) : x;
   return true;
}

/* ---- module-level instructions -------------------------------------------------------- */

static bool
def_type(struct ctx *c, uint32_t id, uint32_t word, uint16_t op)
{
   if (!check_id(c, id, word))
      return false;
   struct sid *s = &c->ids[id];
   if (s->kind != ID_NONE)
      return INVALID(c, word, "id %u defined twice", id);
   s->kind = ID_TYPE;
   s->op = op;
   s->word = word;
   s->leaves = 1;
   return true;
}

static bool
parse_type(struct ctx *c, uint32_t o, uint32_t op, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   if (wc < 2)
      return INVALID(c, o, "%s too short", op_name(op));
   uint32_t id = w[1];
   if (!def_type(c, id, o, (uint16_t)op))
      return false;
   struct sid *s = &c->ids[id];
   switch (op) {
   case SpvOpTypeVoid:
   case SpvOpTypeFunction:
      s->leaves = 0;
      return true;
   case SpvOpTypeBool:
      s->bits = 1;
      return true;
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
      if (wc < 3)
         return INVALID(c, o, "%s too short", op_name(op));
      s->bits = (uint8_t)w[2];
      s->is_signed = op == SpvOpTypeInt && wc > 3 && w[3];
      if (op == SpvOpTypeInt ? (w[2] != 8 && w[2] != 16 && w[2] != 32 && w[2] != 64)
                             : (w[2] != 16 && w[2] != 32 && w[2] != 64))
         return UNSUP(c, o, "%s of width %u", op_name(op), w[2]);
      return true;
   case SpvOpTypeVector:
   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray: {
      if (wc < (op == SpvOpTypeRuntimeArray ? 3u : 4u))
         return INVALID(c, o, "%s too short", op_name(op));
      struct sid *e = get_type(c, w[2], o);
      if (!e)
         return false;
      s = &c->ids[id];
      s->elem = w[2];
      if (op == SpvOpTypeVector) {
         s->count = w[3];
         if (s->count < 2 || s->count > 16 || e->leaves != 1 || e->op == SpvOpTypeVector)
            return INVALID(c, o, "bad OpTypeVector");
      } else if (op == SpvOpTypeArray) {
         uint64_t len;
         if (!scalar_const(c, w[3], o, &len))
            return false;
         if (len == 0 || len > MAX_LEAVES * 64)
            return UNSUP(c, o, "array length %llu", (unsigned long long)len);
         s->count = (uint32_t)len;
      } else {
         s->count = 0;
      }
      uint64_t leaves = (uint64_t)e->leaves * s->count;
      s->leaves = leaves > MAX_LEAVES ? MAX_LEAVES + 1 : (uint32_t)leaves;
      s->depth = e->depth + 1;
      return s->depth <= MAX_TYPE_DEPTH ||
             UNSUP(c, o, "types nested more than %u deep", MAX_TYPE_DEPTH);
   }
   case SpvOpTypeStruct: {
      s->first_member = c->num_members;
      s->num_members = wc - 2;
      if (!grow(c, (void **)&c->members, &c->cap_members, c->num_members + wc,
                sizeof(struct member)))
         return false;
      uint64_t leaves = 0;
      for (uint32_t m = 2; m < wc; m++) {
         struct sid *e = get_type(c, w[m], o);
         if (!e)
            return false;
         c->members[c->num_members].type = w[m];
         c->members[c->num_members++].offset = -1;
         leaves += e->leaves;
         if (e->depth + 1 > c->ids[id].depth)
            c->ids[id].depth = e->depth + 1;
      }
      s = &c->ids[id];
      s->leaves = leaves > MAX_LEAVES ? MAX_LEAVES + 1 : (uint32_t)leaves;
      if (s->depth > MAX_TYPE_DEPTH)
         return UNSUP(c, o, "types nested more than %u deep", MAX_TYPE_DEPTH);
      for (uint32_t i = 0; i < c->num_moffs; i++) {
         if (c->moffs[i].id == id && c->moffs[i].member < s->num_members)
            c->members[s->first_member + c->moffs[i].member].offset = (int32_t)c->moffs[i].offset;
      }
      return true;
   }
   case SpvOpTypePointer: {
      if (wc < 4)
         return INVALID(c, o, "OpTypePointer too short");
      if (!get_type(c, w[3], o))
         return false;
      s = &c->ids[id];
      s->sc = w[2];
      s->elem = w[3];
      s->leaves = 0;
      return true;
   }
   default:
      return UNSUP(c, o, "type %s", op_name(op));
   }
}

static bool
parse_const(struct ctx *c, uint32_t o, uint32_t op, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   if (wc < 3)
      return INVALID(c, o, "%s too short", op_name(op));
   struct sid *t = get_type(c, w[1], o);
   if (!t || !check_id(c, w[2], o))
      return false;
   uint32_t id = w[2];
   if (c->ids[id].kind != ID_NONE)
      return INVALID(c, o, "id %u defined twice", id);
   if (t->leaves == 0 || t->leaves > MAX_LEAVES || t->op == SpvOpTypeRuntimeArray)
      return UNSUP(c, o, "%s of this type", op_name(op));
   uint32_t first = c->num_consts;
   switch (op) {
   case SpvOpConstantTrue:
   case SpvOpConstantFalse:
   case SpvOpSpecConstantTrue:
   case SpvOpSpecConstantFalse: {
      if (t->op != SpvOpTypeBool)
         return INVALID(c, o, "%s of a non-boolean type", op_name(op));
      bool found;
      uint64_t v = op == SpvOpConstantTrue || op == SpvOpSpecConstantTrue;
      if (op == SpvOpSpecConstantTrue || op == SpvOpSpecConstantFalse)
         v = spec_value(c, c->ids[id].spec_id, v, &found) != 0;
      if (!push_const_leaf(c, v))
         return false;
      break;
   }
   case SpvOpConstant:
   case SpvOpSpecConstant: {
      if (t->op != SpvOpTypeInt && t->op != SpvOpTypeFloat)
         return INVALID(c, o, "%s of a non-scalar type", op_name(op));
      uint32_t need = t->bits > 32 ? 5 : 4;
      if (wc < need)
         return INVALID(c, o, "%s too short", op_name(op));
      uint64_t v = w[3];
      if (t->bits > 32)
         v |= (uint64_t)w[4] << 32;
      bool found;
      if (op == SpvOpSpecConstant)
         v = spec_value(c, c->ids[id].spec_id, v, &found);
      if (!push_const_leaf(c, mask_bits(v, t->bits)))
         return false;
      break;
   }
   case SpvOpConstantNull:
      for (uint32_t i = 0; i < t->leaves; i++)
         if (!push_const_leaf(c, 0))
            return false;
      break;
   case SpvOpConstantComposite:
   case SpvOpSpecConstantComposite: {
      uint32_t total = 0;
      for (uint32_t k = 3; k < wc; k++) {
         if (!check_id(c, w[k], o))
            return false;
         const struct sid *e = &c->ids[w[k]];
         if (e->kind != ID_CONST)
            return INVALID(c, o, "constituent %u is not a constant", w[k]);
         uint32_t nl = c->ids[e->type].leaves;
         total += nl;
         if (total > t->leaves)
            return INVALID(c, o, "too many constituents");
         for (uint32_t i = 0; i < nl; i++)
            if (!push_const_leaf(c, c->consts[e->cfirst + i]))
               return false;
      }
      if (total != t->leaves)
         return INVALID(c, o, "constituents do not fill the type");
      break;
   }
   case SpvOpSpecConstantOp: {
      if (wc < 4)
         return INVALID(c, o, "OpSpecConstantOp too short");
      uint32_t sop = w[3];
      if (sop == SpvOpCompositeExtract) {
         if (wc < 5 || !check_id(c, w[4], o) || c->ids[w[4]].kind != ID_CONST)
            return INVALID(c, o, "bad OpSpecConstantOp OpCompositeExtract");
         uint32_t ct = c->ids[w[4]].type, leaf = 0;
         for (uint32_t k = 5; k < wc; k++) {
            const struct sid *ty = &c->ids[ct];
            if (ty->op == SpvOpTypeStruct) {
               if (w[k] >= ty->num_members)
                  return INVALID(c, o, "index %u out of range", w[k]);
               for (uint32_t m = 0; m < w[k]; m++)
                  leaf += c->ids[c->members[ty->first_member + m].type].leaves;
               ct = c->members[ty->first_member + w[k]].type;
            } else if (ty->op == SpvOpTypeVector || ty->op == SpvOpTypeArray) {
               if (w[k] >= ty->count)
                  return INVALID(c, o, "index %u out of range", w[k]);
               leaf += w[k] * c->ids[ty->elem].leaves;
               ct = ty->elem;
            } else {
               return INVALID(c, o, "index into a scalar");
            }
         }
         if (c->ids[ct].leaves != t->leaves)
            return INVALID(c, o, "result type mismatch");
         for (uint32_t i = 0; i < t->leaves; i++)
            if (!push_const_leaf(c, c->consts[c->ids[w[4]].cfirst + leaf + i]))
               return false;
         break;
      }
      if (t->leaves != 1 || (t->op != SpvOpTypeInt && t->op != SpvOpTypeBool))
         return UNSUP(c, o, "OpSpecConstantOp %s on non-scalar or float types", op_name(sop));
      uint64_t a[3] = {0, 0, 0};
      if (wc - 4 > 3)
         return INVALID(c, o, "OpSpecConstantOp has too many operands");
      for (uint32_t k = 4; k < wc; k++)
         if (!scalar_const(c, w[k], o, &a[k - 4]))
            return false;
      uint64_t r = 0;
      if (!eval_spec_op(c, o, sop, t, a, wc - 4, &r) || !push_const_leaf(c, r))
         return false;
      break;
   }
   default:
      return UNSUP(c, o, "%s", op_name(op));
   }
   struct sid *s = &c->ids[id];
   s->kind = ID_CONST;
   s->op = (uint16_t)op;
   s->word = o;
   s->type = w[1];
   s->cfirst = first;
   return true;
}

static bool
parse_decoration(struct ctx *c, uint32_t o, uint32_t op, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   if (op == SpvOpMemberDecorate) {
      if (wc < 4 || !check_id(c, w[1], o))
         return INVALID(c, o, "bad OpMemberDecorate");
      if (w[3] == SpvDecorationOffset && wc >= 5) {
         if (!grow(c, (void **)&c->moffs, &c->cap_moffs, c->num_moffs + 1, sizeof(*c->moffs)))
            return false;
         c->moffs[c->num_moffs].id = w[1];
         c->moffs[c->num_moffs].member = w[2];
         c->moffs[c->num_moffs++].offset = w[4] & 0x7fffffff;
      }
      return true;
   }
   if (wc < 3 || !check_id(c, w[1], o))
      return INVALID(c, o, "bad OpDecorate");
   struct sid *s = &c->ids[w[1]];
   uint32_t arg = wc > 3 ? w[3] : 0;
   switch (w[2]) {
   case SpvDecorationBuiltIn:
      s->builtin = (int32_t)arg;
      break;
   case SpvDecorationSpecId:
      s->spec_id = (int32_t)(arg & 0x7fffffff);
      break;
   case SpvDecorationDescriptorSet:
      s->set = (int32_t)(arg & 0x7fffffff);
      break;
   case SpvDecorationBinding:
      s->binding = (int32_t)(arg & 0x7fffffff);
      break;
   case SpvDecorationArrayStride:
      s->stride = arg;
      break;
   case SpvDecorationBlock:
      s->block = true;
      break;
   case SpvDecorationBufferBlock:
      s->buffer_block = true;
      break;
   case SpvDecorationNoContraction:
      s->no_contraction = true;
      break;
   default:
      break; /* layout and qualifiers that change nothing here */
   }
   return true;
}

static bool
read_string(struct ctx *c, uint32_t o, uint32_t first, uint32_t wc, const char **s)
{
   const char *str = (const char *)(c->w + o + first);
   size_t max = (size_t)(wc > first ? wc - first : 0) * 4;
   if (!max || !memchr(str, 0, max))
      return INVALID(c, o, "string operand not terminated inside its instruction");
   *s = str;
   return true;
}

static bool
check_capability(struct ctx *c, uint32_t o, uint32_t cap)
{
   switch (cap) {
   case SpvCapabilityShader:
   case SpvCapabilityMatrix: /* implied by Shader; matrix types themselves are refused */
   case SpvCapabilityInt64:
   case SpvCapabilityInt16:
   case SpvCapabilityInt8:
   case SpvCapabilityFloat64:
   case SpvCapabilityFloat16:
      return true;
   default:
      return UNSUP(c, o, "capability %s", spirv_capability_name(cap));
   }
}

static bool
parse_global_var(struct ctx *c, uint32_t o, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   if (wc < 4)
      return INVALID(c, o, "OpVariable too short");
   struct sid *pt = get_type(c, w[1], o);
   if (!pt || !check_id(c, w[2], o))
      return false;
   if (pt->op != SpvOpTypePointer)
      return INVALID(c, o, "OpVariable of a non-pointer type");
   struct sid *v = &c->ids[w[2]];
   if (v->kind != ID_NONE)
      return INVALID(c, o, "id %u defined twice", w[2]);
   uint32_t sc = w[3];
   if (sc != pt->sc)
      return INVALID(c, o, "OpVariable storage class differs from its pointer type's");
   struct sid *t = &c->ids[pt->elem];
   v->kind = ID_VAR;
   v->op = SpvOpVariable;
   v->word = o;
   v->type = w[1];
   v->ptr.type = pt->elem;
   v->ptr.var = w[2];
   switch (sc) {
   case SpvStorageClassStorageBuffer:
   case SpvStorageClassUniform:
      if (t->op != SpvOpTypeStruct || !(t->block || t->buffer_block))
         return UNSUP(c, o, "%s variable that is not a block (images, samplers, arrays of blocks)",
                      spirv_storageclass_name(sc));
      if (v->set < 0 || v->binding < 0)
         return INVALID(c, o, "buffer variable without DescriptorSet and Binding");
      v->ptr.kind = PTR_BUFFER;
      return true;
   case SpvStorageClassPushConstant: {
      if (t->op != SpvOpTypeStruct)
         return INVALID(c, o, "push constant variable that is not a struct");
      uint32_t size = 0;
      for (uint32_t m = 0; m < t->num_members; m++) {
         uint32_t s, a;
         natural_layout(c, c->members[t->first_member + m].type, &s, &a);
         uint32_t end = member_offset(c, t, m, true) + s;
         size = end > size ? end : size;
      }
      if (size > ACO_SPIRV_MAX_PUSH_BYTES)
         return UNSUP(c, o, "%u bytes of push constants (at most %u)", size,
                      ACO_SPIRV_MAX_PUSH_BYTES);
      if (c->push_bytes)
         return INVALID(c, o, "a second push constant variable");
      c->push_bytes = size ? size : 4;
      v->ptr.kind = PTR_PUSH;
      return true;
   }
   case SpvStorageClassWorkgroup: {
      if (t->leaves > MAX_LEAVES || t->op == SpvOpTypeRuntimeArray)
         return UNSUP(c, o, "Workgroup variable of this type");
      uint32_t s, a;
      natural_layout(c, pt->elem, &s, &a);
      uint32_t off = (c->shared_bytes + a - 1) / a * a;
      if ((uint64_t)off + s > 65536)
         return UNSUP(c, o, "more than 64 KiB of Workgroup variables");
      v->shared_offset = off;
      c->shared_bytes = off + s;
      v->ptr.kind = PTR_SHARED;
      v->ptr.imm = 0;
      return true;
   }
   case SpvStorageClassInput:
      if (v->builtin < 0)
         return UNSUP(c, o, "Input variable that is not a built-in");
      v->ptr.kind = PTR_BUILTIN;
      return true;
   case SpvStorageClassPrivate:
      if (t->leaves == 0 || t->leaves > MAX_LEAVES)
         return UNSUP(c, o, "Private variable of this type");
      v->ptr.kind = PTR_FUNC; /* cells, like Function variables */
      return true;
   default:
      return UNSUP(c, o, "variables of storage class %s", spirv_storageclass_name(sc));
   }
}

/* The module-level pass: everything but the function bodies. */
static bool
parse_module(struct ctx *c)
{
   bool found_entry = false;
   for (uint32_t o = 5; o < c->n;) {
      uint32_t wc = c->w[o] >> 16, op = c->w[o] & 0xffff;
      if (wc == 0 || wc > c->n - o)
         return INVALID(c, o, "instruction word count %u runs past the module", wc);
      const uint32_t *w = c->w + o;
      switch (op) {
      case SpvOpCapability:
         if (wc < 2 || !check_capability(c, o, w[1]))
            return wc < 2 ? INVALID(c, o, "OpCapability too short") : false;
         break;
      case SpvOpExtension: {
         const char *s = NULL;
         if (!read_string(c, o, 1, wc, &s))
            return false;
         if (strcmp(s, "SPV_KHR_storage_buffer_storage_class") &&
             strcmp(s, "SPV_KHR_non_semantic_info"))
            return UNSUP(c, o, "extension %s", s);
         break;
      }
      case SpvOpExtInstImport: {
         const char *s = NULL;
         if (wc < 3 || !check_id(c, w[1], o) || !read_string(c, o, 2, wc, &s))
            return c->status ? false : INVALID(c, o, "OpExtInstImport too short");
         if (strcmp(s, "GLSL.std.450"))
            return UNSUP(c, o, "extended instruction set %s", s);
         c->ids[w[1]].kind = ID_EXT;
         c->glsl_ext = w[1];
         break;
      }
      case SpvOpMemoryModel:
         if (wc < 3)
            return INVALID(c, o, "OpMemoryModel too short");
         if (w[1] != SpvAddressingModelLogical)
            return UNSUP(c, o, "addressing model %s", spirv_addressingmodel_name(w[1]));
         break;
      case SpvOpEntryPoint: {
         const char *name = NULL;
         if (wc < 4 || !check_id(c, w[2], o) || !read_string(c, o, 3, wc, &name))
            return c->status ? false : INVALID(c, o, "OpEntryPoint too short");
         if (w[1] != SpvExecutionModelGLCompute)
            break;
         if (c->opts && c->opts->entry && strcmp(name, c->opts->entry))
            break;
         if (found_entry)
            return INVALID(c, o, "several GLCompute entry points: name one in the options");
         found_entry = true;
         c->entry_fn = w[2];
         break;
      }
      case SpvOpExecutionMode:
      case SpvOpExecutionModeId:
         if (wc < 3)
            return INVALID(c, o, "%s too short", op_name(op));
         if (w[1] != c->entry_fn)
            break;
         if (w[2] == SpvExecutionModeLocalSize || w[2] == SpvExecutionModeLocalSizeId) {
            if (wc < 6)
               return INVALID(c, o, "LocalSize needs three values");
            for (unsigned i = 0; i < 3; i++) {
               if (w[2] == SpvExecutionModeLocalSize)
                  c->local_size[i] = w[3 + i];
               else
                  c->local_size_id[i] = w[3 + i];
            }
            c->has_local_size_id = w[2] == SpvExecutionModeLocalSizeId;
         } else {
            return UNSUP(c, o, "execution mode %s", spirv_executionmode_name(w[2]));
         }
         break;
      case SpvOpString:
      case SpvOpSource:
      case SpvOpSourceContinued:
      case SpvOpSourceExtension:
      case SpvOpName:
      case SpvOpMemberName:
      case SpvOpModuleProcessed:
      case SpvOpLine:
      case SpvOpNoLine:
      case SpvOpNop:
         break;
      case SpvOpDecorate:
      case SpvOpMemberDecorate:
         if (!parse_decoration(c, o, op, wc))
            return false;
         break;
      case SpvOpDecorationGroup:
      case SpvOpGroupDecorate:
      case SpvOpGroupMemberDecorate:
      case SpvOpDecorateId:
      case SpvOpDecorateString:
      case SpvOpMemberDecorateString:
         return UNSUP(c, o, "%s", op_name(op));
      case SpvOpTypeVoid:
      case SpvOpTypeBool:
      case SpvOpTypeInt:
      case SpvOpTypeFloat:
      case SpvOpTypeVector:
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
      case SpvOpTypeStruct:
      case SpvOpTypePointer:
      case SpvOpTypeFunction:
         if (!parse_type(c, o, op, wc))
            return false;
         break;
      case SpvOpConstantTrue:
      case SpvOpConstantFalse:
      case SpvOpConstant:
      case SpvOpConstantComposite:
      case SpvOpConstantNull:
      case SpvOpSpecConstantTrue:
      case SpvOpSpecConstantFalse:
      case SpvOpSpecConstant:
      case SpvOpSpecConstantComposite:
      case SpvOpSpecConstantOp:
         if (!parse_const(c, o, op, wc))
            return false;
         break;
      case SpvOpUndef:
         if (wc < 3 || !get_type(c, w[1], o) || !check_id(c, w[2], o))
            return c->status ? false : INVALID(c, o, "OpUndef too short");
         c->ids[w[2]].kind = ID_UNDEF;
         c->ids[w[2]].type = w[1];
         break;
      case SpvOpVariable:
         if (!parse_global_var(c, o, wc))
            return false;
         break;
      case SpvOpFunction: {
         if (wc < 5 || !check_id(c, w[2], o))
            return c->status ? false : INVALID(c, o, "OpFunction too short");
         uint32_t end = o;
         while (end < c->n && (c->w[end] & 0xffff) != SpvOpFunctionEnd) {
            uint32_t k = c->w[end] >> 16;
            if (k == 0 || k > c->n - end)
               return INVALID(c, end, "instruction word count %u runs past the module", k);
            end += k;
         }
         if (end >= c->n)
            return INVALID(c, o, "OpFunction without OpFunctionEnd");
         if (c->w[end] >> 16 != 1)
            return INVALID(c, end, "OpFunctionEnd of %u words", c->w[end] >> 16);
         if (c->ids[w[2]].kind != ID_NONE)
            return INVALID(c, o, "id %u defined twice", w[2]);
         c->ids[w[2]].kind = ID_FUNCTION;
         c->ids[w[2]].word = o;
         c->ids[w[2]].type = w[1];
         if (!c->funcs_begin)
            c->funcs_begin = o;
         o = end + (c->w[end] >> 16);
         continue;
      }
      default:
         return UNSUP(c, o, "%s outside a function", op_name(op));
      }
      o += wc;
   }
   if (!found_entry)
      return INVALID(c, 0,
                     c->opts && c->opts->entry ? "no GLCompute entry point named %s"
                                               : "no GLCompute entry point%s",
                     c->opts && c->opts->entry ? c->opts->entry : "");
   if (c->ids[c->entry_fn].kind != ID_FUNCTION)
      return INVALID(c, 0, "the entry point's function is not defined");
   /* the workgroup size: LocalSizeId constants, or a WorkgroupSize built-in constant */
   for (unsigned i = 0; i < 3 && c->has_local_size_id; i++) {
      uint64_t v;
      if (!scalar_const(c, c->local_size_id[i], 0, &v))
         return false;
      c->local_size[i] = (uint32_t)v;
   }
   for (uint32_t id = 1; id < c->bound; id++) {
      const struct sid *s = &c->ids[id];
      if (s->builtin == SpvBuiltInWorkgroupSize && s->kind == ID_CONST) {
         if (c->ids[s->type].leaves != 3)
            return INVALID(c, s->word, "WorkgroupSize is not a 3-component vector");
         for (unsigned i = 0; i < 3; i++)
            c->local_size[i] = (uint32_t)c->consts[s->cfirst + i];
      }
   }
   uint64_t total = 1;
   for (unsigned i = 0; i < 3; i++) {
      if (c->local_size[i] == 0)
         return INVALID(c, 0, "workgroup size %u %u %u", c->local_size[0], c->local_size[1],
                        c->local_size[2]);
      total *= c->local_size[i];
   }
   if (total > 1024)
      return UNSUP(c, 0, "workgroup of %llu invocations (at most 1024)", (unsigned long long)total);
   return true;
}

/* ---- the function body: blocks, cells ------------------------------------------------- */

static bool
is_terminator(uint32_t op)
{
   return op == SpvOpBranch || op == SpvOpBranchConditional || op == SpvOpSwitch ||
          op == SpvOpReturn || op == SpvOpReturnValue || op == SpvOpKill ||
          op == SpvOpUnreachable || op == SpvOpTerminateInvocation;
}

static bool
result_of(uint32_t o, const uint32_t *w, uint32_t wc, uint32_t *type, uint32_t *id)
{
   unsigned r = spirv_op_results(w[0] & 0xffff);
   bool has_result = r & 1, has_type = r & 2;
   *type = 0;
   *id = 0;
   if (!has_result)
      return false;
   uint32_t k = has_type ? 2 : 1;
   if (wc <= k)
      return false;
   *type = has_type ? w[1] : 0;
   *id = w[k];
   (void)o;
   return true;
}

static bool
new_cells(struct ctx *c, uint32_t type, uint32_t *first)
{
   uint32_t nl = c->ids[type].leaves;
   if (nl > MAX_LEAVES || c->ids[type].op == SpvOpTypeRuntimeArray)
      return UNSUP(c, c->ids[type].word, "a value of more than %u scalars", MAX_LEAVES);
   if (!grow(c, (void **)&c->cells, &c->cap_cells, c->num_cells + nl, sizeof(struct cell)))
      return false;
   *first = c->num_cells;
   for (uint32_t i = 0; i < nl; i++) {
      c->cells[c->num_cells].type = leaf_aco_type(leaf_scalar(c, type, i));
      c->cells[c->num_cells++].cur.id = 0;
   }
   return true;
}

static uint64_t *bits_new(struct ctx *c);
static void bits_range(uint64_t *b, uint32_t first, uint32_t n);

/* Blocks, definitions, and which values become cells, over every function. */
static bool
scan_function(struct ctx *c)
{
   const uint32_t *w = c->w;
   uint32_t o = c->funcs_begin, nb = 0;
   for (uint32_t k = o; k < c->n; k += w[k] >> 16)
      nb += (w[k] & 0xffff) == SpvOpLabel;
   c->blocks = aco_arena_array(&c->arena, struct sblock, nb + 1);
   if (!c->blocks)
      return OOM(c);
   int32_t cur = -1;
   uint32_t fn = 0;
   for (uint32_t k = o; k < c->n; k += w[k] >> 16) {
      uint32_t op = w[k] & 0xffff, wc = w[k] >> 16;
      if (op == SpvOpFunction) {
         fn = w[k + 2];
         cur = -1;
         continue;
      }
      if (op == SpvOpFunctionEnd) {
         if (cur < 0 || !c->blocks[cur].term)
            return INVALID(c, k, "function %u ends without a terminated block", fn);
         fn = 0;
         continue;
      }
      if (!fn && (op == SpvOpLine || op == SpvOpNoLine || op == SpvOpNop))
         continue;
      if (!fn)
         return INVALID(c, k, "%s between functions", op_name(op));
      if (op == SpvOpFunctionParameter) {
         if (fn == c->entry_fn)
            return UNSUP(c, k, "an entry function with parameters");
         if (cur >= 0)
            return INVALID(c, k, "OpFunctionParameter after the first block");
         if (wc < 3 || !get_type(c, w[k + 1], k) || !check_id(c, w[k + 2], k))
            return c->status ? false : INVALID(c, k, "OpFunctionParameter too short");
         struct sid *s = &c->ids[w[k + 2]];
         if (s->kind != ID_NONE)
            return INVALID(c, k, "id %u defined twice", w[k + 2]);
         bool is_ptr = c->ids[w[k + 1]].op == SpvOpTypePointer;
         s->kind = is_ptr ? ID_PTR : ID_VALUE;
         s->op = (uint16_t)op;
         s->word = k;
         s->type = w[k + 1];
         s->is_cell = !is_ptr;
         s->vfirst = UINT32_MAX;
         if (!is_ptr && c->ids[w[k + 1]].leaves > MAX_LEAVES)
            return UNSUP(c, k, "a parameter of more than %u scalars", MAX_LEAVES);
         continue;
      }
      if (op == SpvOpLabel) {
         if (wc < 2 || !check_id(c, w[k + 1], k))
            return c->status ? false : INVALID(c, k, "OpLabel too short");
         if (cur >= 0 && !c->blocks[cur].term)
            return INVALID(c, k, "block %u has no terminator", c->blocks[cur].label);
         cur = (int32_t)c->num_blocks++;
         struct sblock *bl = &c->blocks[cur];
         bl->label = w[k + 1];
         bl->first = k + wc;
         struct sid *s = &c->ids[bl->label];
         if (s->kind != ID_NONE)
            return INVALID(c, k, "id %u defined twice", bl->label);
         s->kind = ID_LABEL;
         s->block_index = (uint32_t)cur;
         s->word = k;
         if (!c->ids[fn].first_label) {
            c->ids[fn].first_label = bl->label;
            c->ids[fn].block_index = (uint32_t)cur;
         }
         c->ids[fn].num_fn_blocks++;
         continue;
      }
      if (cur < 0 || c->blocks[cur].term)
         return INVALID(c, k, "%s outside a block", op_name(op));
      if (op == SpvOpSelectionMerge || op == SpvOpLoopMerge) {
         uint32_t need = op == SpvOpLoopMerge ? 4 : 3;
         if (wc < need)
            return INVALID(c, k, "%s too short", op_name(op));
         c->blocks[cur].merge = k;
      } else if (c->blocks[cur].merge) {
         if (!is_terminator(op))
            return INVALID(c, k, "%s between a merge instruction and the terminator", op_name(op));
      }
      if (is_terminator(op))
         c->blocks[cur].term = k;
      uint32_t type, id;
      if (result_of(k, w + k, wc, &type, &id)) {
         if (!check_id(c, id, k))
            return false;
         struct sid *s = &c->ids[id];
         if (s->kind != ID_NONE)
            return INVALID(c, k, "id %u defined twice", id);
         if (type && !get_type(c, type, k))
            return false;
         s = &c->ids[id];
         s->kind = op == SpvOpVariable                           ? ID_VAR
                   : type && c->ids[type].op == SpvOpTypePointer ? ID_PTR
                                                                 : ID_VALUE;
         s->op = (uint16_t)op;
         s->word = k;
         s->type = type;
         s->def_block = (uint32_t)cur + 1;
         s->vfirst = UINT32_MAX;
         if (s->kind == ID_VALUE && (!type || c->ids[type].leaves > MAX_LEAVES))
            return UNSUP(c, k, "%s: a result of more than %u scalars", op_name(op), MAX_LEAVES);
         if (op == SpvOpFunctionCall && c->ids[type].op != SpvOpTypeVoid)
            s->is_cell = true; /* set by the return of the inlined function */
      }
   }
   if (fn)
      return INVALID(c, c->n, "a function without OpFunctionEnd");
   if (!c->ids[c->entry_fn].first_label)
      return INVALID(c, c->ids[c->entry_fn].word, "the entry function has no blocks");
   /* uses in other blocks than the definition's, and phis, make cells */
   cur = -1;
   for (uint32_t k = o; k < c->n; k += w[k] >> 16) {
      uint32_t op = w[k] & 0xffff, wc = w[k] >> 16;
      if (op == SpvOpLabel) {
         cur = (int32_t)c->ids[w[k + 1]].block_index;
         continue;
      }
      uint32_t type, id;
      uint32_t first = result_of(k, w + k, wc, &type, &id) ? (type ? 3 : 2) : 1;
      if (id && (op == SpvOpPhi || op == SpvOpVariable))
         c->ids[id].is_cell = true;
      for (uint32_t a = first; a < wc; a++) {
         uint32_t u = w[k + a];
         if (u == 0 || u >= c->bound)
            continue;
         struct sid *s = &c->ids[u];
         if (s->kind == ID_VALUE && (op == SpvOpPhi || s->def_block != (uint32_t)cur + 1))
            s->is_cell = true;
      }
   }
   for (uint32_t k = o; k < c->n; k += w[k] >> 16) {
      if ((w[k] & 0xffff) == SpvOpFunctionParameter) {
         uint32_t id = w[k + 2];
         if (c->ids[id].is_cell && !new_cells(c, c->ids[id].type, &c->ids[id].cell))
            return false;
         continue;
      }
      uint32_t type, id;
      if (!result_of(k, w + k, w[k] >> 16, &type, &id) || !c->ids[id].is_cell)
         continue;
      uint32_t t = type;
      if ((w[k] & 0xffff) == SpvOpVariable) {
         if (w[k] >> 16 < 4 || w[k + 3] != SpvStorageClassFunction)
            return UNSUP(c, k, "OpVariable of storage class %u in a function", w[k + 3]);
         t = c->ids[type].elem;
         c->ids[id].ptr.kind = PTR_FUNC;
         c->ids[id].ptr.type = t;
         c->ids[id].ptr.var = id;
      }
      if (!new_cells(c, t, &c->ids[id].cell))
         return false;
      c->ids[id].ptr.cell = c->ids[id].cell;
   }
   /* Private variables are cells too */
   for (uint32_t id = 1; id < c->bound; id++) {
      struct sid *s = &c->ids[id];
      if (s->kind == ID_VAR && s->ptr.kind == PTR_FUNC && !s->def_block) {
         if (!new_cells(c, s->ptr.type, &s->cell))
            return false;
         s->ptr.cell = s->cell;
         s->is_cell = true;
      }
   }
   c->cell_types = aco_arena_array(&c->arena, aco_type, c->num_cells + 1);
   c->cur = aco_arena_array(&c->arena, aco_value, c->num_cells + 1);
   if (!c->cell_types || !c->cur)
      return OOM(c);
   for (uint32_t i = 0; i < c->num_cells; i++)
      c->cell_types[i] = c->cells[i].type;
   c->set_words = (c->num_cells + 63) / 64;
   c->var_cells = bits_new(c);
   c->block_writes = aco_arena_array(&c->arena, uint64_t *, c->num_blocks + 1);
   c->sel_sets = aco_arena_array(&c->arena, const struct cellset *, c->num_blocks + 1);
   c->loop_sets = aco_arena_array(&c->arena, const struct cellset *, c->num_blocks + 1);
   c->walk_seen = aco_arena_array(&c->arena, uint8_t, c->num_blocks + 1);
   c->walk_stack = aco_arena_array(&c->arena, uint32_t, c->num_blocks + 1);
   if (!c->var_cells || !c->block_writes || !c->sel_sets || !c->loop_sets || !c->walk_seen ||
       !c->walk_stack)
      return OOM(c);
   for (uint32_t id = 1; id < c->bound; id++) {
      const struct sid *v = &c->ids[id];
      if (v->kind == ID_VAR && v->ptr.kind == PTR_FUNC && v->is_cell)
         bits_range(c->var_cells, v->cell, c->ids[v->ptr.type].leaves);
   }
   return true;
}

/* ---- values --------------------------------------------------------------------------- */

static uint32_t
leaves_of(struct ctx *c, uint32_t id)
{
   const struct sid *s = &c->ids[id];
   return s->type ? c->ids[s->type].leaves : 0;
}

static aco_value
zero_of(struct ctx *c, aco_type t)
{
   return aco_b_const(c->b, t, 0);
}

/* Leaf `leaf` of value id. */
static aco_value
val(struct ctx *c, uint32_t id, uint32_t leaf, uint32_t word)
{
   aco_value none = {0};
   if (!check_id(c, id, word))
      return none;
   const struct sid *s = &c->ids[id];
   if ((s->kind != ID_CONST && s->kind != ID_VALUE && s->kind != ID_UNDEF) || !s->type) {
      INVALID(c, word, "id %u is not a value", id);
      return none;
   }
   if (leaf >= c->ids[s->type].leaves) {
      INVALID(c, word, "id %u has no component %u", id, leaf);
      return none;
   }
   aco_type t = leaf_aco_type(leaf_scalar(c, s->type, leaf));
   if (s->kind == ID_CONST)
      return aco_b_const(c->b, t, c->consts[s->cfirst + leaf]);
   if (s->kind == ID_UNDEF)
      return zero_of(c, t);
   if (s->is_cell)
      return c->cur[s->cell + leaf];
   if (s->vfirst == UINT32_MAX) {
      INVALID(c, word, "id %u used before its definition", id);
      return none;
   }
   return c->vals[s->vfirst + leaf];
}

static bool
setv(struct ctx *c, uint32_t id, const aco_value *v, uint32_t n, uint32_t word)
{
   struct sid *s = &c->ids[id];
   if (s->kind != ID_VALUE || n != leaves_of(c, id))
      return INVALID(c, word, "result %u: %u components for a type of %u", id, n, leaves_of(c, id));
   if (s->is_cell) {
      for (uint32_t i = 0; i < n; i++)
         c->cur[s->cell + i] = v[i];
      return true;
   }
   if (!grow(c, (void **)&c->vals, &c->cap_vals, c->num_vals + n, sizeof(aco_value)))
      return false;
   s->vfirst = c->num_vals;
   memcpy(c->vals + c->num_vals, v, n * sizeof(aco_value));
   c->num_vals += n;
   return true;
}

static const struct sid *
scalar_type_of(struct ctx *c, uint32_t id)
{
   return leaf_scalar(c, c->ids[id].type, 0);
}

/* ---- pointers and memory ------------------------------------------------------------- */

static const struct sptr *
get_ptr(struct ctx *c, uint32_t id, uint32_t word)
{
   if (!check_id(c, id, word))
      return NULL;
   const struct sid *s = &c->ids[id];
   if (s->kind == ID_VAR && s->ptr.kind)
      return &s->ptr;
   if (s->kind == ID_PTR && !s->ptr.kind) {
      INVALID(c, word, "pointer %u used before its definition", id);
      return NULL;
   }
   if (s->kind == ID_PTR) {
      if (s->def_block && s->def_block != c->cur_block + 1) {
         UNSUP(c, word, "pointer %u used outside the block of its OpAccessChain", id);
         return NULL;
      }
      return &s->ptr;
   }
   INVALID(c, word, "id %u is not a pointer", id);
   return NULL;
}

static aco_value
offset_add(struct ctx *c, aco_value a, aco_value b)
{
   return a.id ? aco_b_iadd(c->b, a, b) : b;
}

/* An index operand as an i32 value. */
static aco_value
index_i32(struct ctx *c, uint32_t id, uint32_t word)
{
   aco_value v = val(c, id, 0, word);
   const struct sid *t = c->ids[id].type ? scalar_type_of(c, id) : NULL;
   if (!v.id || !t)
      return v;
   if (t->op != SpvOpTypeInt) {
      INVALID(c, word, "index %u is not an integer", id);
      return (aco_value){0};
   }
   if (t->bits == 64)
      return aco_b_convert(c->b, ACO_OP_TRUNC, aco_type_int(32), v);
   if (t->bits < 32)
      return aco_b_convert(c->b, t->is_signed ? ACO_OP_SEXT : ACO_OP_ZEXT, aco_type_int(32), v);
   return v;
}

static bool
emit_access_chain(struct ctx *c, uint32_t o, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   if (wc < 4)
      return INVALID(c, o, "OpAccessChain too short");
   const struct sptr *base = get_ptr(c, w[3], o);
   if (!base)
      return false;
   struct sptr p = *base;
   bool explicit_layout = p.kind == PTR_BUFFER || p.kind == PTR_PUSH;
   bool by_leaf = p.kind == PTR_FUNC || p.kind == PTR_BUILTIN;
   for (uint32_t k = 4; k < wc; k++) {
      const struct sid *ty = &c->ids[p.type];
      uint64_t idx = 0;
      bool is_const = check_id(c, w[k], o) && c->ids[w[k]].kind == ID_CONST;
      if (c->status)
         return false;
      if (is_const && !scalar_const(c, w[k], o, &idx))
         return false;
      if (ty->op == SpvOpTypeStruct) {
         if (!is_const || idx >= ty->num_members)
            return INVALID(c, o, "struct index is not a constant in range");
         if (by_leaf) {
            for (uint32_t m = 0; m < idx; m++)
               p.imm += c->ids[c->members[ty->first_member + m].type].leaves;
         } else {
            p.imm += member_offset(c, ty, (uint32_t)idx, explicit_layout);
         }
         p.type = c->members[ty->first_member + idx].type;
      } else if (ty->op == SpvOpTypeVector || ty->op == SpvOpTypeArray ||
                 ty->op == SpvOpTypeRuntimeArray) {
         if (by_leaf && !is_const) {
            /* selects over the elements (docs/spirv.md) */
            if (p.kind != PTR_FUNC || p.dyn_count || ty->op == SpvOpTypeRuntimeArray ||
                ty->count > MAX_DYNAMIC_ELEMS)
               return UNSUP(c, o,
                            "dynamic index into a %s variable (of more than %u elements, "
                            "or a second one)",
                            p.kind == PTR_FUNC ? "Function or Private" : "built-in",
                            MAX_DYNAMIC_ELEMS);
            p.dyn_index = index_i32(c, w[k], o);
            if (!p.dyn_index.id)
               return false;
            p.dyn_stride = c->ids[ty->elem].leaves;
            p.dyn_count = ty->count;
         } else if (by_leaf) {
            if (ty->op != SpvOpTypeRuntimeArray && idx >= ty->count)
               return INVALID(c, o, "constant index %llu out of range", (unsigned long long)idx);
            p.imm += (uint32_t)idx * c->ids[ty->elem].leaves;
         } else {
            uint32_t stride = elem_stride(c, ty, explicit_layout);
            if (is_const) {
               uint64_t off = (uint64_t)p.imm + idx * stride;
               if (off > INT32_MAX)
                  return UNSUP(c, o, "constant offset past 2 GiB");
               p.imm = (uint32_t)off;
            } else {
               if (p.kind == PTR_PUSH)
                  return UNSUP(c, o, "dynamic index into push constants");
               aco_value i = index_i32(c, w[k], o);
               aco_value scaled = aco_b_imul(c->b, i, aco_b_imm32(c->b, stride));
               p.dyn = offset_add(c, p.dyn, scaled);
            }
         }
         p.type = ty->elem;
      } else {
         return INVALID(c, o, "OpAccessChain indexes into a scalar");
      }
   }
   struct sid *r = &c->ids[w[2]];
   if (r->kind != ID_PTR || c->ids[r->type].elem != p.type)
      return INVALID(c, o, "OpAccessChain result type does not match the indexed type");
   r->ptr = p;
   return true;
}

static bool builtin_values(struct ctx *c, uint32_t word, int32_t builtin, aco_value *out,
                           uint32_t *n);
static bool emit_call(struct ctx *c, uint32_t o, uint32_t wc);

static aco_address
mem_addr(const struct sptr *p, uint32_t off)
{
   aco_address a;
   memset(&a, 0, sizeof(a));
   a.offset = p->dyn;
   if (p->kind == PTR_BUFFER) {
      a.base = p->base;
      a.imm = (int32_t)off;
   } else {
      a.imm = (int32_t)off;
   }
   return a;
}

/* Loads (values NULL: stores from `in`) every scalar of `type` at byte offset `off`. */
static bool
mem_walk(struct ctx *c, uint32_t word, const struct sptr *p, uint32_t type, uint32_t off,
         aco_value *io, uint32_t *at, bool store)
{
   const struct sid *ty = &c->ids[type];
   bool explicit_layout = p->kind != PTR_SHARED;
   switch (ty->op) {
   case SpvOpTypeInt:
   case SpvOpTypeFloat: {
      aco_type t = leaf_aco_type(ty);
      if (p->kind == PTR_PUSH) {
         if (store)
            return INVALID(c, word, "store to push constants");
         if (ty->bits < 32 || off % 4 || off + ty->bits / 8 > c->push_bytes)
            return UNSUP(c, word, "push constant of %u bits at byte %u", ty->bits, off);
         aco_value lo = aco_function_param(c->fn, c->first_push_param + off / 4);
         aco_value v = lo;
         if (ty->bits == 64) {
            aco_value hi = aco_function_param(c->fn, c->first_push_param + off / 4 + 1);
            aco_value s[2] = {lo, hi};
            aco_value pair = aco_b_op(c->b, ACO_OP_VEC, s, 2);
            v = aco_b_convert(c->b, ACO_OP_BITCAST, t, pair);
         } else if (t.base == ACO_BASE_FLOAT) {
            v = aco_b_convert(c->b, ACO_OP_BITCAST, t, lo);
         }
         io[(*at)++] = v;
         return true;
      }
      aco_address a = mem_addr(p, off);
      aco_op lop = p->kind == PTR_SHARED ? ACO_OP_LOAD_SHARED : ACO_OP_LOAD_GLOBAL;
      aco_op sop = p->kind == PTR_SHARED ? ACO_OP_STORE_SHARED : ACO_OP_STORE_GLOBAL;
      if (store)
         aco_b_store(c->b, sop, &a, io[(*at)++]);
      else
         io[(*at)++] = aco_b_load(c->b, lop, t, &a);
      return true;
   }
   case SpvOpTypeVector:
   case SpvOpTypeArray: {
      uint32_t stride = elem_stride(c, ty, explicit_layout);
      for (uint32_t i = 0; i < ty->count; i++)
         if (!mem_walk(c, word, p, ty->elem, off + i * stride, io, at, store))
            return false;
      return true;
   }
   case SpvOpTypeStruct:
      for (uint32_t m = 0; m < ty->num_members; m++) {
         if (!mem_walk(c, word, p, c->members[ty->first_member + m].type,
                       off + member_offset(c, ty, m, explicit_layout), io, at, store))
            return false;
      }
      return true;
   case SpvOpTypeBool:
      return UNSUP(c, word, "booleans in memory");
   default:
      return UNSUP(c, word, "%s in memory", op_name(ty->op));
   }
}

static bool
emit_load(struct ctx *c, uint32_t word, const struct sptr *p, uint32_t result)
{
   uint32_t n = leaves_of(c, result);
   aco_value v[MAX_LEAVES + 1];
   if (c->ids[c->ids[result].type].leaves > MAX_LEAVES || !c->ids[result].type ||
       c->ids[c->ids[result].type].op == SpvOpTypeRuntimeArray)
      return UNSUP(c, word, "load of this type");
   if (p->type != c->ids[result].type && c->ids[p->type].leaves != n)
      return INVALID(c, word, "OpLoad result type does not match the pointer");
   if (p->kind == PTR_FUNC) {
      for (uint32_t i = 0; i < n; i++) {
         v[i] = c->cur[p->cell + p->imm + i];
         for (uint32_t k = 1; k < p->dyn_count; k++) {
            aco_value is = aco_b_op2(c->b, ACO_OP_IEQ, p->dyn_index, aco_b_imm32(c->b, k));
            v[i] = aco_b_select(c->b, is, c->cur[p->cell + p->imm + k * p->dyn_stride + i], v[i]);
         }
      }
   } else if (p->kind == PTR_BUILTIN) {
      aco_value all[4];
      uint32_t na = 0;
      if (!builtin_values(c, word, c->ids[p->var].builtin, all, &na))
         return false;
      if (p->imm + n > na)
         return INVALID(c, word, "built-in load of the wrong size");
      for (uint32_t i = 0; i < n; i++)
         v[i] = all[p->imm + i];
   } else {
      uint32_t at = 0;
      if (!mem_walk(c, word, p, p->type, p->imm, v, &at, false))
         return false;
   }
   return setv(c, result, v, n, word);
}

static bool
emit_store(struct ctx *c, uint32_t word, const struct sptr *p, uint32_t value)
{
   if (!check_id(c, value, word))
      return false;
   uint32_t n = leaves_of(c, value);
   if (n > MAX_LEAVES || c->ids[p->type].leaves != n)
      return INVALID(c, word, "OpStore of a value that does not match the pointer");
   aco_value v[MAX_LEAVES + 1];
   for (uint32_t i = 0; i < n; i++)
      if (!(v[i] = val(c, value, i, word)).id)
         return false;
   if (p->kind == PTR_FUNC && p->dyn_count) {
      for (uint32_t k = 0; k < p->dyn_count; k++) {
         aco_value is = aco_b_op2(c->b, ACO_OP_IEQ, p->dyn_index, aco_b_imm32(c->b, k));
         for (uint32_t i = 0; i < n; i++) {
            aco_value *cell = &c->cur[p->cell + p->imm + k * p->dyn_stride + i];
            *cell = aco_b_select(c->b, is, v[i], *cell);
         }
      }
      return true;
   }
   if (p->kind == PTR_FUNC) {
      for (uint32_t i = 0; i < n; i++)
         c->cur[p->cell + p->imm + i] = v[i];
      return true;
   }
   if (p->kind == PTR_BUILTIN || p->kind == PTR_PUSH)
      return INVALID(c, word, "store to read-only memory");
   uint32_t at = 0;
   return mem_walk(c, word, p, p->type, p->imm, v, &at, true);
}

static bool
builtin_values(struct ctx *c, uint32_t word, int32_t builtin, aco_value *out, uint32_t *n)
{
   aco_builder *b = c->b;
   static const aco_op lid[3] = {ACO_OP_LOCAL_ID_X, ACO_OP_LOCAL_ID_Y, ACO_OP_LOCAL_ID_Z};
   static const aco_op wid[3] = {ACO_OP_WORKGROUP_ID_X, ACO_OP_WORKGROUP_ID_Y,
                                 ACO_OP_WORKGROUP_ID_Z};
   *n = 3;
   switch (builtin) {
   case SpvBuiltInLocalInvocationId:
      for (unsigned i = 0; i < 3; i++)
         out[i] = aco_b_op(b, lid[i], NULL, 0);
      return true;
   case SpvBuiltInWorkgroupId:
      for (unsigned i = 0; i < 3; i++)
         out[i] = aco_b_op(b, wid[i], NULL, 0);
      return true;
   case SpvBuiltInGlobalInvocationId:
      for (unsigned i = 0; i < 3; i++) {
         aco_value g =
             aco_b_imul(b, aco_b_op(b, wid[i], NULL, 0), aco_b_imm32(b, c->local_size[i]));
         out[i] = aco_b_iadd(b, g, aco_b_op(b, lid[i], NULL, 0));
      }
      return true;
   case SpvBuiltInNumWorkgroups:
      for (unsigned i = 0; i < 3; i++)
         out[i] = aco_function_param(c->fn, 1 + i);
      return true;
   case SpvBuiltInWorkgroupSize:
      for (unsigned i = 0; i < 3; i++)
         out[i] = aco_b_imm32(b, c->local_size[i]);
      return true;
   case SpvBuiltInLocalInvocationIndex:
      *n = 1;
      out[0] = aco_b_op(b, ACO_OP_LOCAL_INDEX, NULL, 0);
      return true;
   case SpvBuiltInSubgroupSize:
      *n = 1;
      out[0] = aco_b_op(b, ACO_OP_SUBGROUP_SIZE, NULL, 0);
      return true;
   case SpvBuiltInSubgroupLocalInvocationId:
      *n = 1;
      out[0] = aco_b_op(b, ACO_OP_SUBGROUP_INVOCATION, NULL, 0);
      return true;
   case SpvBuiltInNumSubgroups:
      *n = 1;
      out[0] = aco_b_op(b, ACO_OP_NUM_SUBGROUPS, NULL, 0);
      return true;
   case SpvBuiltInSubgroupId:
      *n = 1;
      out[0] = aco_b_op(b, ACO_OP_SUBGROUP_ID, NULL, 0);
      return true;
   default:
      return UNSUP(c, word, "built-in %s", spirv_builtin_name((uint32_t)builtin));
   }
}

/* ---- arithmetic ------------------------------------------------------------------------ */

/* Component-wise operation on operands w[3..3+nsrc): the result has as many scalars as
 * each operand (a scalar operand is repeated when `splat`). */
typedef aco_value (*leaf_fn)(struct ctx *c, uint32_t op, const struct sid *st, aco_value *s,
                             uint32_t word);

static bool
componentwise(struct ctx *c, uint32_t o, uint32_t first, uint32_t nsrc, leaf_fn fn, uint32_t op)
{
   const uint32_t *w = c->w + o;
   uint32_t wc = w[0] >> 16;
   if (wc < first + nsrc)
      return INVALID(c, o, "%s has too few operands", op_name(w[0] & 0xffff));
   uint32_t n = leaves_of(c, w[2]);
   aco_value r[MAX_LEAVES + 1];
   for (uint32_t k = 0; k < nsrc; k++) {
      if (!check_id(c, w[first + k], o))
         return false;
      uint32_t nk = leaves_of(c, w[first + k]);
      if (nk != n && nk != 1)
         return INVALID(c, o, "operand %u has %u components, the result %u", w[first + k], nk, n);
   }
   if (!n)
      return INVALID(c, o, "bad result type");
   const struct sid *st = scalar_type_of(c, w[first]);
   for (uint32_t i = 0; i < n; i++) {
      aco_value s[4];
      for (uint32_t k = 0; k < nsrc; k++) {
         uint32_t nk = leaves_of(c, w[first + k]);
         s[k] = val(c, w[first + k], nk == 1 ? 0 : i, o);
         if (!s[k].id)
            return false;
      }
      r[i] = fn(c, op, st, s, o);
      if (!r[i].id)
         return c->status ? false : INVALID(c, o, "%s could not be built", op_name(op));
   }
   return setv(c, w[2], r, n, o);
}

static aco_value
bnot(struct ctx *c, aco_value a)
{
   return aco_b_op1(c->b, ACO_OP_INOT, a);
}

static aco_value
fconst(struct ctx *c, const struct sid *st, double v)
{
   return aco_b_const_float(c->b, aco_type_float(st->bits), v);
}

static aco_value
alu_leaf(struct ctx *c, uint32_t op, const struct sid *st, aco_value *s, uint32_t word)
{
   aco_builder *b = c->b;
   aco_value none = {0};
   switch (op) {
   case SpvOpIAdd:
      return aco_b_op2(b, ACO_OP_IADD, s[0], s[1]);
   case SpvOpISub:
      return aco_b_op2(b, ACO_OP_ISUB, s[0], s[1]);
   case SpvOpIMul:
      return aco_b_op2(b, ACO_OP_IMUL, s[0], s[1]);
   case SpvOpUDiv:
      return aco_b_op2(b, ACO_OP_UDIV, s[0], s[1]);
   case SpvOpSDiv:
      return aco_b_op2(b, ACO_OP_SDIV, s[0], s[1]);
   case SpvOpUMod:
      return aco_b_op2(b, ACO_OP_UREM, s[0], s[1]);
   case SpvOpSRem:
      return aco_b_op2(b, ACO_OP_SREM, s[0], s[1]);
   case SpvOpSMod: {
      /* the remainder with the sign of the divisor */
      aco_value r = aco_b_op2(b, ACO_OP_SREM, s[0], s[1]);
      aco_value zero = zero_of(c, aco_type_int(st->bits));
      aco_value nz = aco_b_op2(b, ACO_OP_INE, r, zero);
      aco_value diff = aco_b_op2(b, ACO_OP_SLT, aco_b_op2(b, ACO_OP_IXOR, r, s[1]), zero);
      return aco_b_select(b, aco_b_iand(b, nz, diff), aco_b_iadd(b, r, s[1]), r);
   }
   case SpvOpSNegate:
      return aco_b_op1(b, ACO_OP_INEG, s[0]);
   case SpvOpNot:
      return aco_b_op1(b, ACO_OP_INOT, s[0]);
   case SpvOpShiftLeftLogical:
   case SpvOpShiftRightLogical:
   case SpvOpShiftRightArithmetic: {
      /* the shift amount may have another width than the base */
      aco_type t0 = aco_value_type(c->fn, s[0]), t1 = aco_value_type(c->fn, s[1]);
      aco_value amount = s[1];
      if (t1.bits < t0.bits)
         amount = aco_b_convert(b, ACO_OP_ZEXT, t0, s[1]);
      else if (t1.bits > t0.bits)
         amount = aco_b_convert(b, ACO_OP_TRUNC, t0, s[1]);
      aco_op sh = op == SpvOpShiftLeftLogical    ? ACO_OP_ISHL
                  : op == SpvOpShiftRightLogical ? ACO_OP_USHR
                                                 : ACO_OP_SSHR;
      return aco_b_op2(b, sh, s[0], amount);
   }
   case SpvOpBitwiseAnd:
   case SpvOpLogicalAnd:
      return aco_b_op2(b, ACO_OP_IAND, s[0], s[1]);
   case SpvOpBitwiseOr:
   case SpvOpLogicalOr:
      return aco_b_op2(b, ACO_OP_IOR, s[0], s[1]);
   case SpvOpBitwiseXor:
   case SpvOpLogicalNotEqual:
      return aco_b_op2(b, ACO_OP_IXOR, s[0], s[1]);
   case SpvOpLogicalEqual:
      return bnot(c, aco_b_op2(b, ACO_OP_IXOR, s[0], s[1]));
   case SpvOpLogicalNot:
      return bnot(c, s[0]);
   case SpvOpBitCount:
      return aco_b_op1(b, ACO_OP_POPCOUNT, s[0]);
   case SpvOpBitReverse:
      return aco_b_op1(b, ACO_OP_BITREVERSE, s[0]);
   case SpvOpIEqual:
      return aco_b_op2(b, ACO_OP_IEQ, s[0], s[1]);
   case SpvOpINotEqual:
      return aco_b_op2(b, ACO_OP_INE, s[0], s[1]);
   case SpvOpULessThan:
      return aco_b_op2(b, ACO_OP_ULT, s[0], s[1]);
   case SpvOpULessThanEqual:
      return aco_b_op2(b, ACO_OP_ULE, s[0], s[1]);
   case SpvOpUGreaterThan:
      return aco_b_op2(b, ACO_OP_UGT, s[0], s[1]);
   case SpvOpUGreaterThanEqual:
      return aco_b_op2(b, ACO_OP_UGE, s[0], s[1]);
   case SpvOpSLessThan:
      return aco_b_op2(b, ACO_OP_SLT, s[0], s[1]);
   case SpvOpSLessThanEqual:
      return aco_b_op2(b, ACO_OP_SLE, s[0], s[1]);
   case SpvOpSGreaterThan:
      return aco_b_op2(b, ACO_OP_SGT, s[0], s[1]);
   case SpvOpSGreaterThanEqual:
      return aco_b_op2(b, ACO_OP_SGE, s[0], s[1]);
   case SpvOpFAdd:
      return aco_b_op2(b, ACO_OP_FADD, s[0], s[1]);
   case SpvOpFSub:
      return aco_b_op2(b, ACO_OP_FSUB, s[0], s[1]);
   case SpvOpFMul:
   case SpvOpVectorTimesScalar:
      return aco_b_op2(b, ACO_OP_FMUL, s[0], s[1]);
   case SpvOpFDiv:
      return aco_b_approx(b, ACO_OP_FDIV, s[0], s[1], 0);
   case SpvOpFNegate:
      return aco_b_op1(b, ACO_OP_FNEG, s[0]);
   case SpvOpFOrdEqual:
      return aco_b_op2(b, ACO_OP_FEQ, s[0], s[1]);
   case SpvOpFOrdLessThan:
      return aco_b_op2(b, ACO_OP_FLT, s[0], s[1]);
   case SpvOpFOrdLessThanEqual:
      return aco_b_op2(b, ACO_OP_FLE, s[0], s[1]);
   case SpvOpFOrdGreaterThan:
      return aco_b_op2(b, ACO_OP_FGT, s[0], s[1]);
   case SpvOpFOrdGreaterThanEqual:
      return aco_b_op2(b, ACO_OP_FGE, s[0], s[1]);
   case SpvOpFUnordNotEqual:
      return aco_b_op2(b, ACO_OP_FNE, s[0], s[1]);
   case SpvOpFOrdNotEqual:
      return aco_b_iand(b, aco_b_op2(b, ACO_OP_FNE, s[0], s[1]),
                        bnot(c, aco_b_op2(b, ACO_OP_FUNORD, s[0], s[1])));
   case SpvOpFUnordEqual:
   case SpvOpFUnordLessThan:
   case SpvOpFUnordLessThanEqual:
   case SpvOpFUnordGreaterThan:
   case SpvOpFUnordGreaterThanEqual: {
      aco_op cmp = op == SpvOpFUnordEqual           ? ACO_OP_FEQ
                   : op == SpvOpFUnordLessThan      ? ACO_OP_FLT
                   : op == SpvOpFUnordLessThanEqual ? ACO_OP_FLE
                   : op == SpvOpFUnordGreaterThan   ? ACO_OP_FGT
                                                    : ACO_OP_FGE;
      return aco_b_ior(b, aco_b_op2(b, cmp, s[0], s[1]), aco_b_op2(b, ACO_OP_FUNORD, s[0], s[1]));
   }
   case SpvOpIsNan:
      return aco_b_op2(b, ACO_OP_FUNORD, s[0], s[0]);
   case SpvOpIsInf:
      return aco_b_op2(b, ACO_OP_FEQ, aco_b_op1(b, ACO_OP_FABS, s[0]), fconst(c, st, 1.0 / 0.0));
   case SpvOpSelect:
      return aco_b_select(b, s[0], s[1], s[2]);
   default:
      UNSUP(c, word, "%s", op_name(op));
      return none;
   }
}

static bool
emit_convert(struct ctx *c, uint32_t o, uint32_t op)
{
   const uint32_t *w = c->w + o;
   if ((w[0] >> 16) < 4 || !check_id(c, w[3], o))
      return c->status ? false : INVALID(c, o, "%s too short", op_name(op));
   uint32_t n = leaves_of(c, w[2]);
   if (n != leaves_of(c, w[3]))
      return op == SpvOpBitcast ? UNSUP(c, o, "OpBitcast between different component counts")
                                : INVALID(c, o, "%s: component counts differ", op_name(op));
   const struct sid *from = scalar_type_of(c, w[3]);
   const struct sid *to = scalar_type_of(c, w[2]);
   if (from->op == SpvOpTypeBool || to->op == SpvOpTypeBool)
      return INVALID(c, o, "%s of booleans", op_name(op));
   aco_type tt = leaf_aco_type(to);
   aco_value r[MAX_LEAVES + 1];
   for (uint32_t i = 0; i < n; i++) {
      aco_value s = val(c, w[3], i, o);
      if (!s.id)
         return false;
      aco_op aop = ACO_OP_INVALID;
      switch (op) {
      case SpvOpConvertFToU:
         aop = ACO_OP_F2U;
         break;
      case SpvOpConvertFToS:
         aop = ACO_OP_F2S;
         break;
      case SpvOpConvertSToF:
         aop = ACO_OP_S2F;
         break;
      case SpvOpConvertUToF:
         aop = ACO_OP_U2F;
         break;
      case SpvOpUConvert:
      case SpvOpSConvert:
         aop = to->bits > from->bits   ? (op == SpvOpUConvert ? ACO_OP_ZEXT : ACO_OP_SEXT)
               : to->bits < from->bits ? ACO_OP_TRUNC
                                       : ACO_OP_INVALID;
         break;
      case SpvOpFConvert:
         aop = to->bits != from->bits ? ACO_OP_FCONV : ACO_OP_INVALID;
         break;
      case SpvOpBitcast:
         if (to->bits != from->bits)
            return INVALID(c, o, "OpBitcast between sizes");
         aop = to->op != from->op ? ACO_OP_BITCAST : ACO_OP_INVALID;
         break;
      default:
         return UNSUP(c, o, "%s", op_name(op));
      }
      r[i] = aop == ACO_OP_INVALID ? s : aco_b_convert(c->b, aop, tt, s);
   }
   return setv(c, w[2], r, n, o);
}

/* The leaf offset and type reached by literal indices w[first..wc) into type t. */
static bool
composite_path(struct ctx *c, uint32_t o, uint32_t t, uint32_t first, uint32_t wc, uint32_t *leaf,
               uint32_t *type)
{
   const uint32_t *w = c->w + o;
   *leaf = 0;
   for (uint32_t k = first; k < wc; k++) {
      const struct sid *ty = &c->ids[t];
      if (ty->op == SpvOpTypeStruct) {
         if (w[k] >= ty->num_members)
            return INVALID(c, o, "member %u out of range", w[k]);
         for (uint32_t m = 0; m < w[k]; m++)
            *leaf += c->ids[c->members[ty->first_member + m].type].leaves;
         t = c->members[ty->first_member + w[k]].type;
      } else if (ty->op == SpvOpTypeVector || ty->op == SpvOpTypeArray) {
         if (w[k] >= ty->count)
            return INVALID(c, o, "index %u out of range", w[k]);
         *leaf += w[k] * c->ids[ty->elem].leaves;
         t = ty->elem;
      } else {
         return INVALID(c, o, "index into a scalar");
      }
   }
   *type = t;
   return true;
}

static aco_value
cmp_const(struct ctx *c, aco_op op, aco_value a, const struct sid *st, uint64_t k)
{
   return aco_b_op2(c->b, op, a, aco_b_const(c->b, aco_type_int(st->bits), k));
}

static aco_value
glsl_leaf(struct ctx *c, uint32_t inst, const struct sid *st, aco_value *s, uint32_t word)
{
   aco_builder *b = c->b;
   aco_value none = {0};
   bool is_float = st->op == SpvOpTypeFloat;
   switch (inst) {
   case GLSLstd450Round:
   case GLSLstd450RoundEven:
      return aco_b_op1(b, ACO_OP_FROUND_EVEN, s[0]);
   case GLSLstd450Trunc:
      return aco_b_op1(b, ACO_OP_FTRUNC, s[0]);
   case GLSLstd450FAbs:
      return aco_b_op1(b, ACO_OP_FABS, s[0]);
   case GLSLstd450SAbs:
      return aco_b_op1(b, ACO_OP_IABS, s[0]);
   case GLSLstd450Floor:
      return aco_b_op1(b, ACO_OP_FFLOOR, s[0]);
   case GLSLstd450Ceil:
      return aco_b_op1(b, ACO_OP_FCEIL, s[0]);
   case GLSLstd450Fract:
      return aco_b_op1(b, ACO_OP_FFRACT, s[0]);
   case GLSLstd450FSign: {
      aco_value zero = fconst(c, st, 0.0);
      aco_value r =
          aco_b_select(b, aco_b_op2(b, ACO_OP_FLT, s[0], zero), fconst(c, st, -1.0), s[0]);
      return aco_b_select(b, aco_b_op2(b, ACO_OP_FGT, s[0], zero), fconst(c, st, 1.0), r);
   }
   case GLSLstd450SSign: {
      aco_value one = aco_b_const(b, aco_type_int(st->bits), 1);
      aco_value m1 = aco_b_const(b, aco_type_int(st->bits), UINT64_MAX);
      return aco_b_op2(b, ACO_OP_SMAX, aco_b_op2(b, ACO_OP_SMIN, s[0], one), m1);
   }
   case GLSLstd450Sqrt:
      return aco_b_approx(b, ACO_OP_FSQRT, s[0], none, 0);
   case GLSLstd450InverseSqrt:
      return aco_b_approx(b, ACO_OP_FRSQ, s[0], none, 0);
   case GLSLstd450Exp2:
      return aco_b_approx(b, ACO_OP_FEXP2, s[0], none, 0);
   case GLSLstd450Log2:
      return aco_b_approx(b, ACO_OP_FLOG2, s[0], none, 0);
   case GLSLstd450Sin:
      return aco_b_approx(b, ACO_OP_FSIN, s[0], none, 0);
   case GLSLstd450Cos:
      return aco_b_approx(b, ACO_OP_FCOS, s[0], none, 0);
   case GLSLstd450Exp:
      return aco_b_approx(b, ACO_OP_FEXP2, aco_b_fmul(b, s[0], fconst(c, st, 1.4426950408889634)),
                          none, 0);
   case GLSLstd450Log:
      return aco_b_fmul(b, aco_b_approx(b, ACO_OP_FLOG2, s[0], none, 0),
                        fconst(c, st, 0.6931471805599453));
   case GLSLstd450Pow:
      return aco_b_approx(b, ACO_OP_FEXP2,
                          aco_b_fmul(b, s[1], aco_b_approx(b, ACO_OP_FLOG2, s[0], none, 0)), none,
                          0);
   case GLSLstd450FMin:
   case GLSLstd450NMin:
      return aco_b_op2(b, ACO_OP_FMIN, s[0], s[1]);
   case GLSLstd450FMax:
   case GLSLstd450NMax:
      return aco_b_op2(b, ACO_OP_FMAX, s[0], s[1]);
   case GLSLstd450UMin:
      return aco_b_op2(b, ACO_OP_UMIN, s[0], s[1]);
   case GLSLstd450UMax:
      return aco_b_op2(b, ACO_OP_UMAX, s[0], s[1]);
   case GLSLstd450SMin:
      return aco_b_op2(b, ACO_OP_SMIN, s[0], s[1]);
   case GLSLstd450SMax:
      return aco_b_op2(b, ACO_OP_SMAX, s[0], s[1]);
   case GLSLstd450FClamp:
   case GLSLstd450NClamp:
      return aco_b_op2(b, ACO_OP_FMIN, aco_b_op2(b, ACO_OP_FMAX, s[0], s[1]), s[2]);
   case GLSLstd450UClamp:
      return aco_b_op2(b, ACO_OP_UMIN, aco_b_op2(b, ACO_OP_UMAX, s[0], s[1]), s[2]);
   case GLSLstd450SClamp:
      return aco_b_op2(b, ACO_OP_SMIN, aco_b_op2(b, ACO_OP_SMAX, s[0], s[1]), s[2]);
   case GLSLstd450FMix: {
      /* x * (1 - a) + y * a */
      aco_value one = fconst(c, st, 1.0);
      aco_value l = aco_b_fmul(b, s[0], aco_b_op2(b, ACO_OP_FSUB, one, s[2]));
      return aco_b_fadd(b, l, aco_b_fmul(b, s[1], s[2]));
   }
   case GLSLstd450Step:
      return aco_b_select(b, aco_b_op2(b, ACO_OP_FLT, s[1], s[0]), fconst(c, st, 0.0),
                          fconst(c, st, 1.0));
   case GLSLstd450Fma:
      return aco_b_op3(b, ACO_OP_FFMA, s[0], s[1], s[2]);
   case GLSLstd450FindILsb:
      return aco_b_op1(b, ACO_OP_FIND_LSB, s[0]);
   case GLSLstd450FindUMsb:
      return aco_b_op1(b, ACO_OP_FIND_MSB, s[0]);
   case GLSLstd450FindSMsb: {
      aco_value neg = cmp_const(c, ACO_OP_SLT, s[0], st, 0);
      return aco_b_op1(b, ACO_OP_FIND_MSB, aco_b_select(b, neg, bnot(c, s[0]), s[0]));
   }
   default:
      (void)is_float;
      UNSUP(c, word, "GLSL.std.450 instruction %u", inst);
      return none;
   }
}

static unsigned
glsl_operands(uint32_t inst)
{
   switch (inst) {
   case GLSLstd450Pow:
   case GLSLstd450FMin:
   case GLSLstd450NMin:
   case GLSLstd450FMax:
   case GLSLstd450NMax:
   case GLSLstd450UMin:
   case GLSLstd450UMax:
   case GLSLstd450SMin:
   case GLSLstd450SMax:
   case GLSLstd450Step:
      return 2;
   case GLSLstd450FClamp:
   case GLSLstd450NClamp:
   case GLSLstd450UClamp:
   case GLSLstd450SClamp:
   case GLSLstd450FMix:
   case GLSLstd450Fma:
      return 3;
   default:
      return 1;
   }
}

static aco_value
glsl_thunk(struct ctx *c, uint32_t op, const struct sid *st, aco_value *s, uint32_t word)
{
   return glsl_leaf(c, op, st, s, word);
}

static bool
emit_ext_inst(struct ctx *c, uint32_t o, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   if (wc < 5)
      return INVALID(c, o, "OpExtInst too short");
   if (w[3] != c->glsl_ext || !c->glsl_ext)
      return INVALID(c, o, "OpExtInst of an unknown instruction set");
   uint32_t inst = w[4];
   if (inst == GLSLstd450Cross) {
      if (wc < 7 || !check_id(c, w[5], o) || !check_id(c, w[6], o) || leaves_of(c, w[5]) != 3 ||
          leaves_of(c, w[6]) != 3)
         return c->status ? false : INVALID(c, o, "cross of non-3-component vectors");
      aco_value a[3], bb[3], r[3];
      for (unsigned i = 0; i < 3; i++) {
         a[i] = val(c, w[5], i, o);
         bb[i] = val(c, w[6], i, o);
      }
      for (unsigned i = 0; i < 3; i++) {
         unsigned j = (i + 1) % 3, k = (i + 2) % 3;
         r[i] = aco_b_op2(c->b, ACO_OP_FSUB, aco_b_fmul(c->b, a[j], bb[k]),
                          aco_b_fmul(c->b, a[k], bb[j]));
      }
      return setv(c, w[2], r, 3, o);
   }
   if (inst == GLSLstd450Length || inst == GLSLstd450Distance) {
      unsigned nops = inst == GLSLstd450Length ? 1 : 2;
      if (wc != 5 + nops || !check_id(c, w[5], o) || (nops == 2 && !check_id(c, w[6], o)))
         return c->status ? false : INVALID(c, o, "bad GLSL.std.450 Length/Distance");
      uint32_t n = leaves_of(c, w[5]);
      if (n > 16 || (nops == 2 && leaves_of(c, w[6]) != n))
         return INVALID(c, o, "Length/Distance operand sizes");
      aco_value sum = {0};
      for (uint32_t i = 0; i < n && !c->status; i++) {
         aco_value x = val(c, w[5], i, o);
         if (nops == 2)
            x = aco_b_op2(c->b, ACO_OP_FSUB, x, val(c, w[6], i, o));
         aco_value sq = aco_b_fmul(c->b, x, x);
         sum = sum.id ? aco_b_fadd(c->b, sum, sq) : sq;
      }
      aco_value none = {0};
      aco_value r = aco_b_approx(c->b, ACO_OP_FSQRT, sum, none, 0);
      return !c->status && setv(c, w[2], &r, 1, o);
   }
   unsigned n = glsl_operands(inst);
   if (wc != 5 + n)
      return UNSUP(c, o, "GLSL.std.450 instruction %u with %u operands", inst, wc - 5);
   return componentwise(c, o, 5, n, glsl_thunk, inst);
}

/* ---- atomics and barriers ------------------------------------------------------------- */

static bool
const_u32(struct ctx *c, uint32_t id, uint32_t word, uint32_t *v)
{
   uint64_t x;
   if (!scalar_const(c, id, word, &x))
      return false;
   *v = (uint32_t)x;
   return true;
}

static aco_scope
map_scope(uint32_t scope)
{
   return scope == SpvScopeSubgroup || scope == SpvScopeInvocation ? ACO_SCOPE_SUBGROUP
          : scope == SpvScopeWorkgroup                             ? ACO_SCOPE_WORKGROUP
                                                                   : ACO_SCOPE_DEVICE;
}

#define SEM_ORDER                                                                                  \
   (SpvMemorySemanticsAcquireMask | SpvMemorySemanticsReleaseMask |                                \
    SpvMemorySemanticsAcquireReleaseMask | SpvMemorySemanticsSequentiallyConsistentMask)

static bool
emit_atomic(struct ctx *c, uint32_t o, uint32_t op, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   bool is_store = op == SpvOpAtomicStore;
   uint32_t pi = is_store ? 1 : 3;
   uint32_t need =
       is_store                                                                              ? 5
       : op == SpvOpAtomicLoad || op == SpvOpAtomicIIncrement || op == SpvOpAtomicIDecrement ? 6
       : op == SpvOpAtomicCompareExchange                                                    ? 9
                                                                                             : 7;
   if (wc < need)
      return INVALID(c, o, "%s too short", op_name(op));
   const struct sptr *p = get_ptr(c, w[pi], o);
   uint32_t scope, sem;
   if (!p || !const_u32(c, w[pi + 1], o, &scope) || !const_u32(c, w[pi + 2], o, &sem))
      return false;
   if (p->kind != PTR_BUFFER && p->kind != PTR_SHARED)
      return UNSUP(c, o, "%s on this storage class", op_name(op));
   const struct sid *t = &c->ids[p->type];
   if (t->op != SpvOpTypeInt || (t->bits != 32 && t->bits != 64))
      return UNSUP(c, o, "%s on a non-integer or narrow type", op_name(op));
   aco_type at = leaf_aco_type(t);
   aco_address a = mem_addr(p, p->imm);
   a.access = ACO_ACCESS_COHERENT | ACO_ACCESS_VOLATILE;
   bool ordered = (sem & SEM_ORDER) != 0;
   if (ordered)
      aco_b_fence(c->b, map_scope(scope));
   aco_value r = {0};
   bool shared = p->kind == PTR_SHARED;
   aco_op aop = shared ? ACO_OP_ATOMIC_SHARED : ACO_OP_ATOMIC_GLOBAL;
   if (is_store) {
      aco_value v = val(c, w[4], 0, o);
      if (!v.id)
         return false;
      aco_b_store(c->b, shared ? ACO_OP_STORE_SHARED : ACO_OP_STORE_GLOBAL, &a, v);
   } else if (op == SpvOpAtomicLoad) {
      r = aco_b_load(c->b, shared ? ACO_OP_LOAD_SHARED : ACO_OP_LOAD_GLOBAL, at, &a);
   } else {
      aco_atomic_kind kind;
      aco_value v = {0}, cmp = {0};
      switch (op) {
      case SpvOpAtomicIAdd:
         kind = ACO_ATOMIC_ADD;
         break;
      case SpvOpAtomicISub:
         kind = ACO_ATOMIC_SUB;
         break;
      case SpvOpAtomicIIncrement:
         kind = ACO_ATOMIC_ADD;
         v = aco_b_const(c->b, at, 1);
         break;
      case SpvOpAtomicIDecrement:
         kind = ACO_ATOMIC_SUB;
         v = aco_b_const(c->b, at, 1);
         break;
      case SpvOpAtomicSMin:
         kind = ACO_ATOMIC_SMIN;
         break;
      case SpvOpAtomicUMin:
         kind = ACO_ATOMIC_UMIN;
         break;
      case SpvOpAtomicSMax:
         kind = ACO_ATOMIC_SMAX;
         break;
      case SpvOpAtomicUMax:
         kind = ACO_ATOMIC_UMAX;
         break;
      case SpvOpAtomicAnd:
         kind = ACO_ATOMIC_AND;
         break;
      case SpvOpAtomicOr:
         kind = ACO_ATOMIC_OR;
         break;
      case SpvOpAtomicXor:
         kind = ACO_ATOMIC_XOR;
         break;
      case SpvOpAtomicExchange:
         kind = ACO_ATOMIC_XCHG;
         break;
      case SpvOpAtomicCompareExchange:
         kind = ACO_ATOMIC_CMPXCHG;
         break;
      default:
         return UNSUP(c, o, "%s", op_name(op));
      }
      if (op == SpvOpAtomicCompareExchange) {
         v = val(c, w[7], 0, o);
         cmp = val(c, w[8], 0, o);
      } else if (!v.id) {
         v = val(c, w[6], 0, o);
      }
      if (!v.id)
         return false;
      r = aco_b_atomic(c->b, aop, kind, &a, v, cmp);
   }
   if (ordered)
      aco_b_fence(c->b, map_scope(scope));
   return is_store || setv(c, w[2], &r, 1, o);
}

static bool
emit_barrier(struct ctx *c, uint32_t o, uint32_t op, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   uint32_t exec = SpvScopeWorkgroup, mem, sem;
   if (op == SpvOpControlBarrier) {
      if (wc < 4 || !const_u32(c, w[1], o, &exec) || !const_u32(c, w[2], o, &mem) ||
          !const_u32(c, w[3], o, &sem))
         return c->status ? false : INVALID(c, o, "OpControlBarrier too short");
   } else {
      if (wc < 3 || !const_u32(c, w[1], o, &mem) || !const_u32(c, w[2], o, &sem))
         return c->status ? false : INVALID(c, o, "OpMemoryBarrier too short");
   }
   /* buffer and image memory are ordered by a fence; the barrier orders shared memory */
   bool buffers = sem & (SpvMemorySemanticsUniformMemoryMask | SpvMemorySemanticsImageMemoryMask);
   if (sem && (buffers || op == SpvOpMemoryBarrier || map_scope(mem) == ACO_SCOPE_DEVICE))
      aco_b_fence(c->b, map_scope(mem));
   if (op == SpvOpControlBarrier) {
      if (exec == SpvScopeWorkgroup)
         aco_b_barrier(c->b);
      else if (exec != SpvScopeSubgroup)
         return UNSUP(c, o, "OpControlBarrier with execution scope %u", exec);
   }
   return true;
}

/* ---- instructions of a block ---------------------------------------------------------- */

static bool
emit_instr(struct ctx *c, uint32_t o)
{
   const uint32_t *w = c->w + o;
   uint32_t op = w[0] & 0xffff, wc = w[0] >> 16;
   aco_value r[MAX_LEAVES + 1];
   switch (op) {
   case SpvOpNop:
   case SpvOpLine:
   case SpvOpNoLine:
   case SpvOpPhi:
   case SpvOpVariable:
      return true;
   case SpvOpUndef: {
      uint32_t n = leaves_of(c, w[2]);
      for (uint32_t i = 0; i < n; i++)
         r[i] = zero_of(c, leaf_aco_type(leaf_scalar(c, c->ids[w[2]].type, i)));
      return setv(c, w[2], r, n, o);
   }
   case SpvOpLoad: {
      if (wc < 4)
         return INVALID(c, o, "OpLoad too short");
      const struct sptr *p = get_ptr(c, w[3], o);
      return p && emit_load(c, o, p, w[2]);
   }
   case SpvOpStore: {
      if (wc < 3)
         return INVALID(c, o, "OpStore too short");
      const struct sptr *p = get_ptr(c, w[1], o);
      return p && emit_store(c, o, p, w[2]);
   }
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain:
      return emit_access_chain(c, o, wc);
   case SpvOpCopyObject:
   case SpvOpCopyLogical: {
      if (wc < 4 || !check_id(c, w[3], o))
         return c->status ? false : INVALID(c, o, "OpCopyObject too short");
      if (c->ids[w[3]].kind == ID_PTR || c->ids[w[3]].kind == ID_VAR) {
         const struct sptr *p = get_ptr(c, w[3], o);
         if (!p)
            return false;
         c->ids[w[2]].ptr = *p;
         return true;
      }
      uint32_t n = leaves_of(c, w[3]);
      for (uint32_t i = 0; i < n; i++)
         r[i] = val(c, w[3], i, o);
      return !c->status && setv(c, w[2], r, n, o);
   }
   case SpvOpFunctionCall:
      return emit_call(c, o, wc);
   case SpvOpAny:
   case SpvOpAll: {
      if (wc < 4 || !check_id(c, w[3], o))
         return c->status ? false : INVALID(c, o, "%s too short", op_name(op));
      aco_value v = val(c, w[3], 0, o);
      for (uint32_t i = 1; i < leaves_of(c, w[3]) && !c->status; i++)
         v = aco_b_op2(c->b, op == SpvOpAll ? ACO_OP_IAND : ACO_OP_IOR, v, val(c, w[3], i, o));
      return !c->status && setv(c, w[2], &v, 1, o);
   }
   case SpvOpCompositeExtract: {
      if (wc < 4 || !check_id(c, w[3], o) || !c->ids[w[3]].type)
         return c->status ? false : INVALID(c, o, "bad OpCompositeExtract");
      uint32_t leaf, t;
      if (!composite_path(c, o, c->ids[w[3]].type, 4, wc, &leaf, &t))
         return false;
      uint32_t n = c->ids[t].leaves;
      for (uint32_t i = 0; i < n; i++)
         r[i] = val(c, w[3], leaf + i, o);
      return !c->status && setv(c, w[2], r, n, o);
   }
   case SpvOpCompositeInsert: {
      if (wc < 5 || !check_id(c, w[3], o) || !check_id(c, w[4], o) || !c->ids[w[4]].type)
         return c->status ? false : INVALID(c, o, "bad OpCompositeInsert");
      uint32_t leaf, t;
      if (!composite_path(c, o, c->ids[w[4]].type, 5, wc, &leaf, &t))
         return false;
      uint32_t n = leaves_of(c, w[4]), k = c->ids[t].leaves;
      if (leaves_of(c, w[3]) != k)
         return INVALID(c, o, "OpCompositeInsert object does not match");
      for (uint32_t i = 0; i < n; i++)
         r[i] = i >= leaf && i < leaf + k ? val(c, w[3], i - leaf, o) : val(c, w[4], i, o);
      return !c->status && setv(c, w[2], r, n, o);
   }
   case SpvOpCompositeConstruct: {
      uint32_t n = leaves_of(c, w[2]), at = 0;
      for (uint32_t k = 3; k < wc; k++) {
         if (!check_id(c, w[k], o))
            return false;
         uint32_t nk = leaves_of(c, w[k]);
         if (at + nk > n)
            return INVALID(c, o, "OpCompositeConstruct has too many constituents");
         for (uint32_t i = 0; i < nk; i++)
            r[at++] = val(c, w[k], i, o);
      }
      if (at != n)
         return INVALID(c, o, "OpCompositeConstruct constituents do not fill the type");
      return !c->status && setv(c, w[2], r, n, o);
   }
   case SpvOpVectorShuffle: {
      if (wc < 5 || !check_id(c, w[3], o) || !check_id(c, w[4], o))
         return c->status ? false : INVALID(c, o, "bad OpVectorShuffle");
      uint32_t n1 = leaves_of(c, w[3]), n2 = leaves_of(c, w[4]), n = leaves_of(c, w[2]);
      if (wc - 5 != n)
         return INVALID(c, o, "OpVectorShuffle component count");
      for (uint32_t i = 0; i < n; i++) {
         uint32_t s = w[5 + i];
         if (s == 0xffffffffu)
            r[i] = zero_of(c, leaf_aco_type(leaf_scalar(c, c->ids[w[2]].type, i)));
         else if (s < n1)
            r[i] = val(c, w[3], s, o);
         else if (s - n1 < n2)
            r[i] = val(c, w[4], s - n1, o);
         else
            return INVALID(c, o, "OpVectorShuffle component %u out of range", s);
      }
      return !c->status && setv(c, w[2], r, n, o);
   }
   case SpvOpVectorExtractDynamic:
   case SpvOpVectorInsertDynamic: {
      bool ins = op == SpvOpVectorInsertDynamic;
      if (wc < (ins ? 6u : 5u) || !check_id(c, w[3], o))
         return c->status ? false : INVALID(c, o, "%s too short", op_name(op));
      uint32_t n = leaves_of(c, w[3]);
      aco_value idx = index_i32(c, w[ins ? 5 : 4], o);
      if (!idx.id)
         return false;
      if (ins) {
         aco_value x = val(c, w[4], 0, o);
         for (uint32_t i = 0; i < n && !c->status; i++) {
            aco_value is = aco_b_op2(c->b, ACO_OP_IEQ, idx, aco_b_imm32(c->b, i));
            r[i] = aco_b_select(c->b, is, x, val(c, w[3], i, o));
         }
         return !c->status && setv(c, w[2], r, n, o);
      }
      aco_value v = val(c, w[3], 0, o);
      for (uint32_t i = 1; i < n && !c->status; i++) {
         aco_value is = aco_b_op2(c->b, ACO_OP_IEQ, idx, aco_b_imm32(c->b, i));
         v = aco_b_select(c->b, is, val(c, w[3], i, o), v);
      }
      return !c->status && setv(c, w[2], &v, 1, o);
   }
   case SpvOpDot: {
      if (wc < 5 || !check_id(c, w[3], o) || !check_id(c, w[4], o) ||
          leaves_of(c, w[3]) != leaves_of(c, w[4]))
         return c->status ? false : INVALID(c, o, "bad OpDot");
      uint32_t n = leaves_of(c, w[3]);
      aco_value sum = {0};
      for (uint32_t i = 0; i < n && !c->status; i++) {
         aco_value m = aco_b_fmul(c->b, val(c, w[3], i, o), val(c, w[4], i, o));
         sum = sum.id ? aco_b_fadd(c->b, sum, m) : m;
      }
      return !c->status && setv(c, w[2], &sum, 1, o);
   }
   case SpvOpConvertFToU:
   case SpvOpConvertFToS:
   case SpvOpConvertSToF:
   case SpvOpConvertUToF:
   case SpvOpUConvert:
   case SpvOpSConvert:
   case SpvOpFConvert:
   case SpvOpBitcast:
      return emit_convert(c, o, op);
   case SpvOpSNegate:
   case SpvOpNot:
   case SpvOpLogicalNot:
   case SpvOpBitCount:
   case SpvOpBitReverse:
   case SpvOpFNegate:
   case SpvOpIsNan:
   case SpvOpIsInf:
      return componentwise(c, o, 3, 1, alu_leaf, op);
   case SpvOpSelect:
      return componentwise(c, o, 3, 3, alu_leaf, op);
   case SpvOpIAdd:
   case SpvOpISub:
   case SpvOpIMul:
   case SpvOpUDiv:
   case SpvOpSDiv:
   case SpvOpUMod:
   case SpvOpSRem:
   case SpvOpSMod:
   case SpvOpShiftLeftLogical:
   case SpvOpShiftRightLogical:
   case SpvOpShiftRightArithmetic:
   case SpvOpBitwiseAnd:
   case SpvOpBitwiseOr:
   case SpvOpBitwiseXor:
   case SpvOpLogicalAnd:
   case SpvOpLogicalOr:
   case SpvOpLogicalEqual:
   case SpvOpLogicalNotEqual:
   case SpvOpIEqual:
   case SpvOpINotEqual:
   case SpvOpULessThan:
   case SpvOpULessThanEqual:
   case SpvOpUGreaterThan:
   case SpvOpUGreaterThanEqual:
   case SpvOpSLessThan:
   case SpvOpSLessThanEqual:
   case SpvOpSGreaterThan:
   case SpvOpSGreaterThanEqual:
   case SpvOpFAdd:
   case SpvOpFSub:
   case SpvOpFMul:
   case SpvOpFDiv:
   case SpvOpFOrdEqual:
   case SpvOpFOrdNotEqual:
   case SpvOpFOrdLessThan:
   case SpvOpFOrdLessThanEqual:
   case SpvOpFOrdGreaterThan:
   case SpvOpFOrdGreaterThanEqual:
   case SpvOpFUnordEqual:
   case SpvOpFUnordNotEqual:
   case SpvOpFUnordLessThan:
   case SpvOpFUnordLessThanEqual:
   case SpvOpFUnordGreaterThan:
   case SpvOpFUnordGreaterThanEqual:
   case SpvOpVectorTimesScalar:
      return componentwise(c, o, 3, 2, alu_leaf, op);
   case SpvOpExtInst:
      return emit_ext_inst(c, o, wc);
   case SpvOpAtomicLoad:
   case SpvOpAtomicStore:
   case SpvOpAtomicExchange:
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicIIncrement:
   case SpvOpAtomicIDecrement:
   case SpvOpAtomicIAdd:
   case SpvOpAtomicISub:
   case SpvOpAtomicSMin:
   case SpvOpAtomicUMin:
   case SpvOpAtomicSMax:
   case SpvOpAtomicUMax:
   case SpvOpAtomicAnd:
   case SpvOpAtomicOr:
   case SpvOpAtomicXor:
      return emit_atomic(c, o, op, wc);
   case SpvOpControlBarrier:
   case SpvOpMemoryBarrier:
      return emit_barrier(c, o, op, wc);
   default:
      return UNSUP(c, o, "%s", op_name(op));
   }
}

/* ---- what constructs change -------------------------------------------------------------
 *
 * An if yields, and a loop carries, only the cells written somewhere in its blocks (phis
 * of the blocks they branch to included), in the functions they call, or through a
 * pointer that may reach a variable. */

static uint64_t *
bits_new(struct ctx *c)
{
   uint64_t *b = aco_arena_array(&c->arena, uint64_t, c->set_words + 1);
   if (!b)
      OOM(c);
   return b;
}

static void
bits_range(uint64_t *b, uint32_t first, uint32_t n)
{
   for (uint32_t i = first; i < first + n; i++)
      b[i / 64] |= UINT64_C(1) << (i % 64);
}

static void
bits_or(struct ctx *c, uint64_t *dst, const uint64_t *src)
{
   for (uint32_t i = 0; i < c->set_words; i++)
      dst[i] |= src[i];
}

/* The cells of the variable a pointer id is derived from; all variables' cells when that
 * is not known here (a function parameter). */
static void
pointer_writes(struct ctx *c, uint32_t id, uint64_t *b)
{
   for (unsigned depth = 0; depth < 256 && id && id < c->bound; depth++) {
      const struct sid *s = &c->ids[id];
      if (s->kind == ID_VAR) {
         if (s->ptr.kind == PTR_FUNC && s->is_cell)
            bits_range(b, s->cell, c->ids[s->ptr.type].leaves);
         return;
      }
      if (s->kind != ID_PTR || (s->op != SpvOpAccessChain && s->op != SpvOpInBoundsAccessChain &&
                                s->op != SpvOpCopyObject))
         break;
      id = c->w[s->word + 3];
   }
   bits_or(c, b, c->var_cells);
}

static uint64_t *function_writes(struct ctx *c, uint32_t fn);

static void
edge_writes(struct ctx *c, uint32_t label, uint64_t *b)
{
   if (label == 0 || label >= c->bound || c->ids[label].kind != ID_LABEL)
      return;
   const struct sblock *bl = &c->blocks[c->ids[label].block_index];
   for (uint32_t k = bl->first; (c->w[k] & 0xffff) == SpvOpPhi; k += c->w[k] >> 16) {
      const struct sid *s = &c->ids[c->w[k + 2]];
      if (s->is_cell)
         bits_range(b, s->cell, leaves_of(c, c->w[k + 2]));
   }
}

/* The labels a block's terminator may branch to. */
static uint32_t
successors(struct ctx *c, const struct sblock *bl, uint32_t *out, uint32_t max)
{
   const uint32_t *t = c->w + bl->term;
   uint32_t op = t[0] & 0xffff, wc = t[0] >> 16, n = 0;
   if (op == SpvOpBranch && wc >= 2)
      out[n++] = t[1];
   else if (op == SpvOpBranchConditional && wc >= 4) {
      out[n++] = t[2];
      out[n++] = t[3];
   } else if (op == SpvOpSwitch && wc >= 3) {
      /* the literal width is unknown here: every word is tried as a label */
      for (uint32_t k = 2; k < wc && n < max; k++)
         if (t[k] && t[k] < c->bound && c->ids[t[k]].kind == ID_LABEL)
            out[n++] = t[k];
   }
   return n;
}

static const uint64_t *
block_writes(struct ctx *c, uint32_t bi)
{
   if (c->block_writes[bi])
      return c->block_writes[bi];
   uint64_t *b = bits_new(c);
   if (!b)
      return NULL;
   const struct sblock *bl = &c->blocks[bi];
   for (uint32_t k = bl->first; k < bl->term; k += c->w[k] >> 16) {
      const uint32_t *w = c->w + k;
      uint32_t op = w[0] & 0xffff, wc = w[0] >> 16, type, id;
      if (result_of(k, w, wc, &type, &id) && id < c->bound && c->ids[id].kind == ID_VALUE &&
          c->ids[id].is_cell)
         bits_range(b, c->ids[id].cell, leaves_of(c, id));
      if (op == SpvOpStore && wc >= 3)
         pointer_writes(c, w[1], b);
      if (op == SpvOpFunctionCall && wc >= 4) {
         const uint64_t *f = function_writes(c, w[3]);
         if (!f)
            return NULL;
         bits_or(c, b, f);
      }
   }
   uint32_t succ[64];
   uint32_t n = successors(c, bl, succ, 64);
   for (uint32_t i = 0; i < n; i++)
      edge_writes(c, succ[i], b);
   c->block_writes[bi] = b;
   return b;
}

/* A callee's blocks, its parameters and what it calls. */
static uint64_t *
function_writes(struct ctx *c, uint32_t fn)
{
   if (fn == 0 || fn >= c->bound || c->ids[fn].kind != ID_FUNCTION) {
      uint64_t *b = bits_new(c);
      if (b)
         memset(b, 0xff, c->set_words * sizeof(uint64_t)); /* refused when emitted */
      return b;
   }
   struct sid *f = &c->ids[fn];
   if (f->fn_writes)
      return f->fn_writes;
   uint64_t *b = bits_new(c);
   if (!b)
      return NULL;
   if (f->fn_busy || c->fn_depth > MAX_DEPTH) { /* recursion, too deep: refused when emitted */
      memset(b, 0xff, c->set_words * sizeof(uint64_t));
      return b;
   }
   f->fn_busy = true;
   c->fn_depth++;
   for (uint32_t k = f->word + (c->w[f->word] >> 16);
        k < c->n && (c->w[k] & 0xffff) == SpvOpFunctionParameter; k += c->w[k] >> 16) {
      const struct sid *ps = &c->ids[c->w[k + 2]];
      if (ps->is_cell)
         bits_range(b, ps->cell, leaves_of(c, c->w[k + 2]));
   }
   for (uint32_t i = 0; i < f->num_fn_blocks; i++) {
      const uint64_t *bw = block_writes(c, f->block_index + i);
      if (!bw)
         return NULL;
      bits_or(c, b, bw);
   }
   f->fn_busy = false;
   c->fn_depth--;
   f->fn_writes = b;
   return b;
}

static const struct cellset *
make_set(struct ctx *c, const uint64_t *b)
{
   struct cellset *set = aco_arena_new(&c->arena, struct cellset);
   if (!set)
      return OOM(c), NULL;
   for (uint32_t i = 0; i < c->num_cells; i++)
      set->n += (b[i / 64] >> (i % 64)) & 1;
   set->idx = aco_arena_array(&c->arena, uint32_t, set->n + 1);
   set->types = aco_arena_array(&c->arena, aco_type, set->n + 1);
   if (!set->idx || !set->types)
      return OOM(c), NULL;
   uint32_t k = 0;
   for (uint32_t i = 0; i < c->num_cells; i++) {
      if ((b[i / 64] >> (i % 64)) & 1) {
         set->idx[k] = i;
         set->types[k++] = c->cell_types[i];
      }
   }
   return set;
}

/* The cells written in the blocks reachable from `start` without entering `avoid`. */
static const struct cellset *
reach_set(struct ctx *c, const uint32_t *start, uint32_t nstart, const uint32_t *avoid,
          uint32_t navoid)
{
   uint64_t *b = bits_new(c);
   uint8_t *seen = c->walk_seen;
   uint32_t *stack = c->walk_stack;
   if (!b)
      return NULL;
   memset(seen, 0, c->num_blocks);
   uint32_t sp = 0;
   for (uint32_t i = 0; i < nstart; i++) {
      uint32_t l = start[i];
      bool skip = l == 0 || l >= c->bound || c->ids[l].kind != ID_LABEL;
      for (uint32_t a = 0; a < navoid && !skip; a++)
         skip = avoid[a] == l;
      if (!skip && !seen[c->ids[l].block_index]) {
         seen[c->ids[l].block_index] = 1;
         stack[sp++] = c->ids[l].block_index;
      }
   }
   while (sp) {
      uint32_t bi = stack[--sp];
      const uint64_t *bw = block_writes(c, bi);
      if (!bw)
         return NULL;
      bits_or(c, b, bw);
      uint32_t succ[64];
      uint32_t n = successors(c, &c->blocks[bi], succ, 64);
      for (uint32_t i = 0; i < n; i++) {
         uint32_t l = succ[i];
         bool skip = l == 0 || l >= c->bound || c->ids[l].kind != ID_LABEL;
         for (uint32_t a = 0; a < navoid && !skip; a++)
            skip = avoid[a] == l;
         if (!skip && !seen[c->ids[l].block_index]) {
            seen[c->ids[l].block_index] = 1;
            stack[sp++] = c->ids[l].block_index;
         }
      }
   }
   return make_set(c, b);
}

/* A selection (if or switch) of header block bi: paths that fall through to the merge;
 * those leaving by a loop jump pass their values with the jump. */
static const struct cellset *
selection_set(struct ctx *c, uint32_t bi, uint32_t merge)
{
   if (c->sel_sets[bi])
      return c->sel_sets[bi];
   uint32_t succ[64];
   uint32_t n = successors(c, &c->blocks[bi], succ, 64);
   uint32_t avoid[4] = {merge, 0, 0, 0};
   if (c->loop) {
      avoid[1] = c->loop->header;
      avoid[2] = c->loop->merge;
      avoid[3] = c->loop->cont;
   }
   uint64_t *b = bits_new(c);
   if (!b)
      return NULL;
   for (uint32_t i = 0; i < n; i++)
      edge_writes(c, succ[i], b);
   const struct cellset *r = reach_set(c, succ, n, avoid, 4);
   if (!r)
      return NULL;
   for (uint32_t i = 0; i < r->n; i++)
      bits_range(b, r->idx[i], 1);
   return c->sel_sets[bi] = make_set(c, b);
}

static const struct cellset *
loop_set(struct ctx *c, uint32_t bi, uint32_t merge)
{
   if (!c->loop_sets[bi])
      c->loop_sets[bi] = reach_set(c, &c->blocks[bi].label, 1, &merge, 1);
   return c->loop_sets[bi];
}

static const struct cellset *
call_set(struct ctx *c, uint32_t fn, uint32_t result)
{
   uint64_t *b = bits_new(c);
   const uint64_t *f = function_writes(c, fn);
   if (!b || !f)
      return NULL;
   bits_or(c, b, f);
   if (result && c->ids[result].is_cell)
      bits_range(b, c->ids[result].cell, leaves_of(c, result));
   return make_set(c, b);
}

static aco_value *
gather(struct ctx *c, const struct cellset *set)
{
   if (!set->n)
      return NULL;
   aco_value *v = aco_arena_array(&c->arena, aco_value, set->n);
   if (!v)
      return OOM(c), NULL;
   for (uint32_t i = 0; i < set->n; i++)
      v[i] = c->cur[set->idx[i]];
   return v;
}

static void
scatter(struct ctx *c, const struct cellset *set, const aco_value *v)
{
   for (uint32_t i = 0; i < set->n; i++)
      c->cur[set->idx[i]] = v[i];
}

/* ---- structured control flow ----------------------------------------------------------- */

static bool emit_from(struct ctx *c, uint32_t label, uint32_t stop, bool header, bool *fell);

static struct sblock *
block_of(struct ctx *c, uint32_t label, uint32_t word)
{
   if (!check_id(c, label, word))
      return NULL;
   if (c->ids[label].kind != ID_LABEL) {
      INVALID(c, word, "id %u is not a block of the entry function", label);
      return NULL;
   }
   return &c->blocks[c->ids[label].block_index];
}

/* The phis of block `to` take their values for the edge from block `from` (all read
 * before any is written). */
static bool
take_edge(struct ctx *c, uint32_t from, uint32_t to, uint32_t word)
{
   const struct sblock *bl = block_of(c, to, word);
   if (!bl)
      return false;
   uint32_t total = 0;
   for (uint32_t k = bl->first; (c->w[k] & 0xffff) == SpvOpPhi; k += c->w[k] >> 16)
      total += leaves_of(c, c->w[k + 2]);
   if (!total)
      return true;
   aco_value *tmp = aco_arena_array(&c->arena, aco_value, total);
   if (!tmp)
      return OOM(c);
   uint32_t at = 0;
   for (uint32_t k = bl->first; (c->w[k] & 0xffff) == SpvOpPhi; k += c->w[k] >> 16) {
      uint32_t wc = c->w[k] >> 16, id = c->w[k + 2], n = leaves_of(c, id), found = 0;
      for (uint32_t a = 3; a + 1 < wc; a += 2) {
         if (c->w[k + a + 1] == from) {
            found = c->w[k + a];
            break;
         }
      }
      if (!found)
         return INVALID(c, k, "OpPhi %u has no value for the edge from block %u", id, from);
      for (uint32_t i = 0; i < n; i++)
         if (!(tmp[at++] = val(c, found, i, k)).id)
            return false;
   }
   at = 0;
   for (uint32_t k = bl->first; (c->w[k] & 0xffff) == SpvOpPhi; k += c->w[k] >> 16) {
      uint32_t id = c->w[k + 2], n = leaves_of(c, id);
      if (!setv(c, id, tmp + at, n, k))
         return false;
      at += n;
   }
   return true;
}

/* Going to block `to` (its phis already taken): a fall to `stop`, a loop jump, or
 * *next = the block to emit next. */
static bool
goto_block(struct ctx *c, uint32_t to, uint32_t stop, uint32_t word, uint32_t *next, bool *fell)
{
   *next = 0;
   *fell = false;
   struct loopctx *l = c->loop;
   if (to == stop) {
      *fell = true;
      return true;
   }
   if (l && to == l->header) {
      aco_b_continue(c->b, gather(c, l->set));
      return !c->status;
   }
   if (l && to == l->merge) {
      aco_b_break(c->b, gather(c, l->set));
      return !c->status;
   }
   if (l && to == l->cont) {
      /* the continue construct, emitted here again: it ends with the back edge */
      bool f;
      if (++c->depth > MAX_DEPTH)
         return UNSUP(c, word, "constructs nested more than %u deep", MAX_DEPTH);
      bool ok = emit_from(c, to, 0, false, &f);
      c->depth--;
      return ok;
   }
   for (uint32_t i = 0; i < c->num_stops; i++)
      if (c->stops[i] == to)
         return UNSUP(c, word, "branch to the merge block %u of an enclosing construct", to);
   for (struct loopctx *o = l ? l->outer : NULL; o; o = o->outer)
      if (to == o->merge || to == o->header || to == o->cont)
         return UNSUP(c, word, "branch out of a loop nested in the loop of block %u", o->header);
   *next = to;
   return true;
}

/* A branch from block `from` to `to`, then everything up to `stop`. */
static bool
branch_region(struct ctx *c, uint32_t from, uint32_t to, uint32_t stop, uint32_t word, bool *fell)
{
   uint32_t next;
   if (!take_edge(c, from, to, word) || !goto_block(c, to, stop, word, &next, fell))
      return false;
   return !next || emit_from(c, next, stop, false, fell);
}

static bool
enter(struct ctx *c, uint32_t word, uint32_t stop)
{
   if (++c->depth > MAX_DEPTH)
      return UNSUP(c, word, "constructs nested more than %u deep", MAX_DEPTH);
   c->stops[c->num_stops++] = stop;
   return true;
}

static void
leave(struct ctx *c)
{
   c->depth--;
   c->num_stops--;
}

static aco_value *
snapshot(struct ctx *c)
{
   aco_value *s = aco_arena_array(&c->arena, aco_value, c->num_cells + 1);
   if (!s)
      OOM(c);
   else
      memcpy(s, c->cur, c->num_cells * sizeof(aco_value));
   return s;
}

/* Opens an if on `cond`; then-branch: a branch to `t`; else-branch: else_fn or a branch
 * to `f`; both up to the merge block m. */
struct switch_case {
   uint32_t target;
   uint64_t value;
};

static bool emit_cases(struct ctx *c, uint32_t word, uint32_t from, aco_value sel,
                       const struct sid *st, const struct switch_case *cases, uint32_t ncases,
                       uint32_t i, uint32_t dflt, uint32_t m);

static bool
emit_if(struct ctx *c, uint32_t word, uint32_t from, aco_value cond, uint32_t t, uint32_t f,
        uint32_t m, aco_value sel, const struct sid *st, const struct switch_case *cases,
        uint32_t ncases, uint32_t next_case)
{
   const struct cellset *set = selection_set(c, c->ids[from].block_index, m);
   aco_value *saved = snapshot(c);
   if (!set || !saved || !enter(c, word, m))
      return false;
   uint32_t n = set->n;
   aco_b_if(c->b, cond, n, n ? set->types : NULL);
   bool fell;
   if (!branch_region(c, from, t, m, word, &fell))
      return false;
   aco_b_else(c->b, fell ? gather(c, set) : NULL);
   memcpy(c->cur, saved, c->num_cells * sizeof(aco_value));
   if (cases) {
      fell = true;
      if (!emit_cases(c, word, from, sel, st, cases, ncases, next_case, f, m))
         return false;
   } else if (!branch_region(c, from, f, m, word, &fell)) {
      return false;
   }
   aco_value *results = n ? aco_arena_array(&c->arena, aco_value, n) : NULL;
   if (n && !results)
      return OOM(c);
   aco_b_end_if(c->b, fell ? gather(c, set) : NULL, results);
   memcpy(c->cur, saved, c->num_cells * sizeof(aco_value));
   if (n)
      scatter(c, set, results);
   leave(c);
   return aco_builder_status(c->b) == ACO_SUCCESS ||
          fail(c, aco_builder_status(c->b), word, "%s", aco_program_message(c->p));
}

/* Case targets from i on (each distinct target once, with all of its values), then the
 * default, as a chain of ifs. */
static bool
emit_cases(struct ctx *c, uint32_t word, uint32_t from, aco_value sel, const struct sid *st,
           const struct switch_case *cases, uint32_t ncases, uint32_t i, uint32_t dflt, uint32_t m)
{
   while (i < ncases) {
      bool seen = cases[i].target == dflt;
      for (uint32_t k = 0; k < i && !seen; k++)
         seen = cases[k].target == cases[i].target;
      if (!seen)
         break;
      i++;
   }
   if (i == ncases) {
      bool fell;
      return branch_region(c, from, dflt, m, word, &fell);
   }
   aco_value cond = {0};
   for (uint32_t k = i; k < ncases; k++) {
      if (cases[k].target != cases[i].target)
         continue;
      aco_value eq = aco_b_op2(c->b, ACO_OP_IEQ, sel,
                               aco_b_const(c->b, aco_type_int(st->bits), cases[k].value));
      cond = cond.id ? aco_b_ior(c->b, cond, eq) : eq;
   }
   return emit_if(c, word, from, cond, cases[i].target, dflt, m, sel, st, cases, ncases, i + 1);
}

static bool
emit_switch(struct ctx *c, uint32_t o, uint32_t from, uint32_t m)
{
   const uint32_t *w = c->w + o;
   uint32_t wc = w[0] >> 16;
   if (wc < 3 || !check_id(c, w[1], o) || leaves_of(c, w[1]) != 1)
      return c->status ? false : INVALID(c, o, "bad OpSwitch");
   const struct sid *st = scalar_type_of(c, w[1]);
   if (st->op != SpvOpTypeInt)
      return INVALID(c, o, "OpSwitch selector is not an integer");
   uint32_t lw = st->bits > 32 ? 2 : 1;
   if ((wc - 3) % (lw + 1))
      return INVALID(c, o, "OpSwitch operand count");
   uint32_t ncases = (wc - 3) / (lw + 1);
   struct switch_case *cases = aco_arena_array(&c->arena, struct switch_case, ncases + 1);
   if (!cases)
      return OOM(c);
   for (uint32_t i = 0; i < ncases; i++) {
      const uint32_t *cw = w + 3 + i * (lw + 1);
      cases[i].value = mask_bits(lw == 2 ? cw[0] | (uint64_t)cw[1] << 32 : cw[0], st->bits);
      cases[i].target = cw[lw];
      if (!block_of(c, cases[i].target, o))
         return false;
   }
   aco_value sel = val(c, w[1], 0, o);
   if (!sel.id || !block_of(c, w[2], o))
      return false;
   if (!enter(c, o, m))
      return false;
   bool ok = emit_cases(c, o, from, sel, st, cases, ncases, 0, w[2], m);
   leave(c);
   return ok;
}

static bool
emit_loop(struct ctx *c, uint32_t label, const struct sblock *bl, uint32_t stop)
{
   const uint32_t *m = c->w + bl->merge;
   struct loopctx l = {label, m[1], m[2], NULL, c->loop};
   if (!block_of(c, l.merge, bl->merge) || !block_of(c, l.cont, bl->merge))
      return false;
   const struct cellset *set = loop_set(c, c->ids[label].block_index, l.merge);
   aco_value *saved = snapshot(c);
   if (!set || !saved || !enter(c, bl->merge, stop))
      return false;
   l.set = set;
   uint32_t n = set->n;
   aco_value *carried = n ? aco_arena_array(&c->arena, aco_value, n) : NULL;
   aco_value *results = n ? aco_arena_array(&c->arena, aco_value, n) : NULL;
   if (n && (!carried || !results))
      return OOM(c);
   aco_b_loop(c->b, n, gather(c, set), carried, n, n ? set->types : NULL);
   if (aco_builder_status(c->b))
      return fail(c, aco_builder_status(c->b), bl->merge, "%s", aco_program_message(c->p));
   if (n)
      scatter(c, set, carried);
   c->loop = &l;
   bool fell;
   bool ok = emit_from(c, label, 0, true, &fell);
   c->loop = l.outer;
   if (!ok)
      return false;
   aco_b_end_loop(c->b, NULL, results);
   memcpy(c->cur, saved, c->num_cells * sizeof(aco_value));
   if (n)
      scatter(c, set, results);
   leave(c);
   return true;
}

/* Emits blocks from `label` until a branch reaches `stop` (*fell) or every path has
 * jumped. header: `label` is the header of the loop just opened. */
static bool
emit_from(struct ctx *c, uint32_t label, uint32_t stop, bool header, bool *fell)
{
   *fell = false;
   for (;;) {
      if (c->status)
         return false;
      if (aco_builder_status(c->b))
         return fail(c, aco_builder_status(c->b), 0, "%s", aco_program_message(c->p));
      if (c->budget-- == 0)
         return UNSUP(c, c->ids[label].word,
                      "control flow that is not structured (or duplicates too much code)");
      struct sblock *bl = block_of(c, label, 0);
      if (!bl)
         return false;
      uint32_t bi = c->ids[label].block_index;
      uint32_t mop = bl->merge ? c->w[bl->merge] & 0xffff : 0;
      uint32_t next;
      if (mop == SpvOpLoopMerge && !header) {
         if (!emit_loop(c, label, bl, stop) ||
             !goto_block(c, c->w[bl->merge + 1], stop, bl->merge, &next, fell))
            return false;
         if (!next)
            return true;
         label = next;
         continue;
      }
      header = false;
      c->cur_block = bi;
      uint32_t end = bl->merge ? bl->merge : bl->term;
      for (uint32_t k = bl->first; k < end; k += c->w[k] >> 16) {
         c->cur_block = bi;
         if (!emit_instr(c, k))
            return false;
      }
      c->cur_block = bi;
      const uint32_t *t = c->w + bl->term;
      uint32_t op = t[0] & 0xffff, wc = t[0] >> 16;
      switch (op) {
      case SpvOpReturn:
      case SpvOpUnreachable:
      case SpvOpReturnValue:
         if (!c->call) {
            if (op == SpvOpReturnValue)
               return INVALID(c, bl->term, "OpReturnValue in the entry function");
            aco_b_return(c->b, NULL);
            return true;
         }
         if (c->loop != &c->call->wrap)
            return UNSUP(c, bl->term, "return from inside a loop of a called function");
         if (op == SpvOpReturnValue) {
            uint32_t rid = c->call->result;
            if (wc < 2 || !rid || !check_id(c, t[1], bl->term) ||
                leaves_of(c, t[1]) != leaves_of(c, rid))
               return c->status ? false
                                : INVALID(c, bl->term, "OpReturnValue does not match the call");
            aco_value rv[MAX_LEAVES + 1];
            for (uint32_t i = 0; i < leaves_of(c, rid); i++)
               if (!(rv[i] = val(c, t[1], i, bl->term)).id)
                  return false;
            if (!setv(c, rid, rv, leaves_of(c, rid), bl->term))
               return false;
         }
         aco_b_break(c->b, gather(c, c->call->wrap.set));
         return !c->status;
      case SpvOpBranch:
         if (wc < 2)
            return INVALID(c, bl->term, "OpBranch too short");
         if (!take_edge(c, label, t[1], bl->term) ||
             !goto_block(c, t[1], stop, bl->term, &next, fell))
            return false;
         if (!next)
            return true;
         label = next;
         continue;
      case SpvOpBranchConditional: {
         if (wc < 4)
            return INVALID(c, bl->term, "OpBranchConditional too short");
         aco_value cond = val(c, t[1], 0, bl->term);
         if (!cond.id)
            return false;
         if (!block_of(c, t[2], bl->term) || !block_of(c, t[3], bl->term))
            return false;
         if (mop == SpvOpSelectionMerge) {
            uint32_t m = c->w[bl->merge + 1];
            if (!block_of(c, m, bl->merge) ||
                !emit_if(c, bl->term, label, cond, t[2], t[3], m, cond, NULL, NULL, 0, 0) ||
                !goto_block(c, m, stop, bl->merge, &next, fell))
               return false;
            if (!next)
               return true;
            label = next;
            continue;
         }
         /* no selection: one target leaves by a loop jump, the other goes on */
         struct loopctx *l = c->loop;
         bool exit_t = l && (t[2] == l->merge || t[2] == l->header || t[2] == l->cont);
         bool exit_f = l && (t[3] == l->merge || t[3] == l->header || t[3] == l->cont);
         if (!exit_t && !exit_f)
            return UNSUP(c, bl->term, "OpBranchConditional without a merge instruction");
         uint32_t leave_to = exit_t ? t[2] : t[3], stay = exit_t ? t[3] : t[2];
         aco_value c2 = exit_t ? cond : bnot(c, cond);
         aco_value *saved = snapshot(c);
         if (!saved)
            return false;
         aco_b_if(c->b, c2, 0, NULL);
         bool f2;
         if (!branch_region(c, label, leave_to, 0, bl->term, &f2))
            return false;
         aco_b_end_if(c->b, NULL, NULL);
         memcpy(c->cur, saved, c->num_cells * sizeof(aco_value));
         if (!take_edge(c, label, stay, bl->term) ||
             !goto_block(c, stay, stop, bl->term, &next, fell))
            return false;
         if (!next)
            return true;
         label = next;
         continue;
      }
      case SpvOpSwitch: {
         if (mop != SpvOpSelectionMerge)
            return UNSUP(c, bl->term, "OpSwitch without OpSelectionMerge");
         uint32_t m = c->w[bl->merge + 1];
         if (!block_of(c, m, bl->merge) || !emit_switch(c, bl->term, label, m) ||
             !goto_block(c, m, stop, bl->merge, &next, fell))
            return false;
         if (!next)
            return true;
         label = next;
         continue;
      }
      default:
         return UNSUP(c, bl->term, "%s", op_name(op));
      }
   }
}

/* OpFunctionCall: the callee's body inlined, in a loop of one iteration that its returns
 * break out of. */
static bool
emit_call(struct ctx *c, uint32_t o, uint32_t wc)
{
   const uint32_t *w = c->w + o;
   if (wc < 4 || !check_id(c, w[3], o))
      return c->status ? false : INVALID(c, o, "OpFunctionCall too short");
   uint32_t f = w[3];
   const struct sid *fs = &c->ids[f];
   if (fs->kind != ID_FUNCTION || !fs->first_label)
      return INVALID(c, o, "OpFunctionCall of %u, not a defined function", f);
   if (f == c->entry_fn)
      return INVALID(c, o, "OpFunctionCall of the entry point");
   for (struct callctx *k = c->call; k; k = k->outer)
      if (k->function == f)
         return INVALID(c, o, "recursive OpFunctionCall of %u", f);
   /* parameters */
   uint32_t a = 4;
   for (uint32_t k = fs->word + (c->w[fs->word] >> 16);
        (c->w[k] & 0xffff) == SpvOpFunctionParameter; k += c->w[k] >> 16, a++) {
      uint32_t pid = c->w[k + 2];
      if (a >= wc || !check_id(c, w[a], o))
         return c->status ? false : INVALID(c, o, "OpFunctionCall has too few arguments");
      struct sid *ps = &c->ids[pid];
      if (ps->kind == ID_PTR) {
         const struct sptr *p = get_ptr(c, w[a], o);
         if (!p)
            return false;
         if (c->ids[c->ids[ps->type].elem].leaves != c->ids[p->type].leaves)
            return INVALID(c, o, "pointer argument %u does not match its parameter", a - 4);
         ps->ptr = *p;
         continue;
      }
      uint32_t n = leaves_of(c, pid);
      if (leaves_of(c, w[a]) != n)
         return INVALID(c, o, "argument %u does not match its parameter", a - 4);
      aco_value v[MAX_LEAVES + 1];
      for (uint32_t i = 0; i < n; i++)
         if (!(v[i] = val(c, w[a], i, o)).id)
            return false;
      if (!setv(c, pid, v, n, o))
         return false;
   }
   if (a != wc)
      return INVALID(c, o, "OpFunctionCall has too many arguments");
   if (!enter(c, o, 0))
      return false;
   struct callctx call = {
       {0, 0, 0, NULL, c->loop}, c->ids[w[2]].kind == ID_VALUE ? w[2] : 0, f, c->call};
   const struct cellset *set = call_set(c, f, call.result);
   aco_value *saved = snapshot(c);
   if (!set || !saved)
      return false;
   call.wrap.set = set;
   uint32_t n = set->n;
   aco_value *carried = n ? aco_arena_array(&c->arena, aco_value, n) : NULL;
   aco_value *results = n ? aco_arena_array(&c->arena, aco_value, n) : NULL;
   if (n && (!carried || !results))
      return OOM(c);
   aco_b_loop(c->b, n, gather(c, set), carried, n, n ? set->types : NULL);
   if (n)
      scatter(c, set, carried);
   c->loop = &call.wrap;
   c->call = &call;
   uint32_t saved_block = c->cur_block;
   bool fell;
   bool ok = emit_from(c, fs->first_label, 0, false, &fell);
   c->loop = call.wrap.outer;
   c->call = call.outer;
   c->cur_block = saved_block;
   if (!ok)
      return false;
   aco_b_end_loop(c->b, NULL, results);
   memcpy(c->cur, saved, c->num_cells * sizeof(aco_value));
   if (n)
      scatter(c, set, results);
   leave(c);
   return true;
}

/* ---- the entry function ---------------------------------------------------------------- */

static bool
binding_slot(struct ctx *c, const struct sid *v, uint32_t *slot)
{
   const aco_spirv_options *o = c->opts;
   if (o && o->num_bindings) {
      for (uint32_t i = 0; i < o->num_bindings; i++) {
         if (o->bindings[i].set == (uint32_t)v->set &&
             o->bindings[i].binding == (uint32_t)v->binding) {
            *slot = o->bindings[i].slot;
            return true;
         }
      }
      return UNSUP(c, v->word, "set %d binding %d is not in the binding table", v->set, v->binding);
   }
   if ((uint32_t)v->binding >= ACO_SPIRV_SET_STRIDE || v->set >= 8)
      return UNSUP(c, v->word,
                   "set %d binding %d outside the default layout (set < 8, binding < %u)", v->set,
                   v->binding, ACO_SPIRV_SET_STRIDE);
   *slot = (uint32_t)v->set * ACO_SPIRV_SET_STRIDE + (uint32_t)v->binding;
   return true;
}

static bool
init_cell_const(struct ctx *c, uint32_t cell, uint32_t type, uint32_t init, uint32_t word)
{
   uint32_t n = c->ids[type].leaves;
   if (init) {
      if (!check_id(c, init, word) || c->ids[init].kind != ID_CONST || leaves_of(c, init) != n)
         return c->status ? false : INVALID(c, word, "bad variable initializer");
   }
   for (uint32_t i = 0; i < n; i++)
      c->cur[cell + i] = init ? val(c, init, i, word) : zero_of(c, c->cell_types[cell + i]);
   return true;
}

static bool
build_function(struct ctx *c)
{
   aco_param_info params[4 + ACO_SPIRV_MAX_PUSH_BYTES / 4];
   const char *pnames[3] = {"num_workgroups.x", "num_workgroups.y", "num_workgroups.z"};
   uint32_t np = 0;
   params[np++] = (aco_param_info){aco_type_ptr(), ACO_PARAM_UNIFORM, "descriptors"};
   for (uint32_t id = 1; id < c->bound; id++)
      if (c->ids[id].kind == ID_VAR && c->ids[id].builtin == SpvBuiltInNumWorkgroups)
         c->uses_num_workgroups = true;
   if (c->uses_num_workgroups)
      for (unsigned i = 0; i < 3; i++)
         params[np++] = (aco_param_info){aco_type_int(32), ACO_PARAM_UNIFORM, pnames[i]};
   c->first_push_param = np;
   char push_names[ACO_SPIRV_MAX_PUSH_BYTES / 4][16];
   for (uint32_t i = 0; i < (c->push_bytes + 3) / 4; i++) {
      snprintf(push_names[i], sizeof(push_names[i]), "push%u", i);
      params[np++] = (aco_param_info){aco_type_int(32), ACO_PARAM_UNIFORM, push_names[i]};
   }
   aco_function_info fi;
   memset(&fi, 0, sizeof(fi));
   fi.struct_size = sizeof(fi);
   fi.name = c->opts && c->opts->function_name ? c->opts->function_name : "main";
   fi.flags = ACO_FUNCTION_ENTRY;
   fi.num_params = np;
   fi.params = params;
   memcpy(fi.workgroup_size, c->local_size, sizeof(fi.workgroup_size));
   aco_status s = aco_function_create(c->p, &fi, &c->fn);
   if (s)
      return fail(c, s, 0, "%s", aco_program_message(c->p));
   if ((s = aco_function_set_shared_size(c->fn, c->shared_bytes)) ||
       (s = aco_builder_create(c->fn, &c->b)))
      return fail(c, s, 0, "%s", aco_program_message(c->p));
   c->table = aco_function_param(c->fn, 0);
   for (uint32_t id = 1; id < c->bound; id++) {
      struct sid *v = &c->ids[id];
      if (v->kind != ID_VAR)
         continue;
      if (v->ptr.kind == PTR_BUFFER) {
         uint32_t slot = 0;
         if (!binding_slot(c, v, &slot))
            return false;
         aco_address a;
         memset(&a, 0, sizeof(a));
         a.base = c->table;
         a.imm = (int32_t)(16 * slot);
         a.access = ACO_ACCESS_READONLY | ACO_ACCESS_INVARIANT;
         v->ptr.base = aco_b_load(c->b, ACO_OP_LOAD_UNIFORM, aco_type_ptr(), &a);
      } else if (v->ptr.kind == PTR_SHARED) {
         v->ptr.imm = v->shared_offset;
      } else if (v->ptr.kind == PTR_FUNC) {
         const uint32_t *w = c->w + v->word;
         if (!init_cell_const(c, v->cell, v->ptr.type, (w[0] >> 16) > 4 ? w[4] : 0, v->word))
            return false;
      }
   }
   for (uint32_t id = 1; id < c->bound; id++) {
      struct sid *v = &c->ids[id];
      if (v->is_cell && v->kind == ID_VALUE) {
         for (uint32_t i = 0; i < leaves_of(c, id); i++)
            c->cur[v->cell + i] = zero_of(c, c->cell_types[v->cell + i]);
      }
   }
   c->budget = 64 * c->num_blocks + 4096;
   bool fell;
   if (!emit_from(c, c->blocks[0].label, 0, false, &fell))
      return false;
   if ((s = aco_builder_finish(c->b)))
      return fail(c, s, 0, "%s", aco_program_message(c->p));
   if ((s = aco_program_validate(c->p)))
      return INVALID(c, 0, "the module does not translate to valid IR (its types disagree?): %s",
                     aco_program_message(c->p));
   return true;
}

aco_status
aco_spirv_translate(aco_program *program, const uint32_t *words, size_t num_words,
                    const aco_spirv_options *options, aco_function **entry,
                    aco_spirv_layout *layout, char *message, size_t message_size)
{
   struct ctx c;
   memset(&c, 0, sizeof(c));
   c.msg = message;
   c.msg_size = message_size;
   if (message && message_size)
      message[0] = 0;
   if (entry)
      *entry = NULL;
   if (!program || (!words && num_words) || (options && options->struct_size < sizeof(*options))) {
      fail(&c, ACO_ERROR_INVALID_ARGUMENT, 0,
           "NULL program or words, or a bad options struct_size");
      return c.status;
   }
   if (num_words < 5 || words[0] != ACO_SPIRV_MAGIC) {
      fail(&c, ACO_ERROR_INVALID_ARGUMENT, 0,
           "not a SPIR-V module (no magic number, or shorter "
           "than its header)");
      return c.status;
   }
   if (num_words > UINT32_MAX / 2 || words[3] == 0 || words[3] > 4 * num_words + 1024) {
      fail(&c, ACO_ERROR_INVALID_ARGUMENT, 3, "id bound %u does not fit a module of %zu words",
           words[3], num_words);
      return c.status;
   }
   c.p = program;
   c.opts = options;
   c.w = words;
   c.n = (uint32_t)num_words;
   c.bound = words[3];
   aco_arena_init(&c.arena, &program->allocator);
   c.ids = aco_arena_array(&c.arena, struct sid, c.bound);
   if (!c.ids) {
      OOM(&c);
   } else {
      for (uint32_t i = 0; i < c.bound; i++) {
         c.ids[i].builtin = c.ids[i].spec_id = c.ids[i].set = c.ids[i].binding = -1;
         c.ids[i].vfirst = UINT32_MAX;
      }
      if (parse_module(&c) && scan_function(&c) && build_function(&c)) {
         if (entry)
            *entry = c.fn;
         if (layout) {
            memset(layout, 0, sizeof(*layout));
            memcpy(layout->workgroup_size, c.local_size, sizeof(c.local_size));
            layout->num_workgroups_param = c.uses_num_workgroups;
            layout->first_push_param = c.first_push_param;
            layout->push_dwords = (c.push_bytes + 3) / 4;
            layout->shared_bytes = c.shared_bytes;
         }
      }
   }
   aco_builder_destroy(c.b);
   aco_arena_finish(&c.arena);
   return c.status;
}
