/* SPDX-License-Identifier: MIT */
/* The parser of the text form (docs/ir.md).
 *
 * Two passes: the first reads the target line, ABIs and function headers and skips
 * bodies (balanced braces), so a call may name a function defined further down; the
 * second parses each body. Errors stop the parse and carry line:column and what was
 * expected. Names are resolved here; types, scoping and signatures are left to the
 * validator. */
#include "ir/ir.h"

#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *air_atomic_name(aco_atomic_kind k);
const char *air_scope_name(aco_scope s);
const char *air_round_name(unsigned r);

enum tok_kind {
   TOK_EOF,
   TOK_IDENT,  /* keyword or operation name */
   TOK_VALUE,  /* %name */
   TOK_GLOBAL, /* @name */
   TOK_OBJECT, /* $N */
   TOK_NUMBER,
   TOK_PUNCT,  /* = , ( ) { } [ ] : + - -> */
};

struct token {
   enum tok_kind kind;
   const char *text; /* for VALUE/GLOBAL/OBJECT: after the sigil */
   size_t len;
   uint32_t line, col;
};

struct name_slot {
   const char *name;
   uint32_t len;
   uint32_t id;
};

struct pending_body {
   struct aco_function *f;
   size_t pos;
   uint32_t line, col;
};

struct parser {
   struct aco_program *p;
   const char *name;
   const char *src;
   size_t len, pos;
   uint32_t line, col;
   struct token tok;
   jmp_buf fail;
   aco_status status;
   struct aco_function *f;
   struct name_slot *names; /* open addressing over the value names of f */
   uint32_t names_cap, names_used;
   ACO_VEC(struct pending_body) bodies; /* function bodies for the second pass */
   unsigned depth;                      /* ifs and loops open, bounded by AIR_MAX_NESTING */
};

/* ---- errors ------------------------------------------------------------------------------ */

static const char *
tok_desc(const struct token *t, char *buf, size_t size)
{
   switch (t->kind) {
   case TOK_EOF: return "end of input";
   case TOK_VALUE: snprintf(buf, size, "'%%%.*s'", (int)(t->len > 40 ? 40 : t->len), t->text); break;
   case TOK_GLOBAL: snprintf(buf, size, "'@%.*s'", (int)(t->len > 40 ? 40 : t->len), t->text); break;
   case TOK_OBJECT: snprintf(buf, size, "'$%.*s'", (int)(t->len > 40 ? 40 : t->len), t->text); break;
   default: snprintf(buf, size, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), t->text); break;
   }
   return buf;
}

static _Noreturn __attribute__((format(printf, 3, 4))) void
error_at(struct parser *ps, const struct token *at, const char *fmt, ...)
{
   struct aco_program *p = ps->p;
   air_clear_message(p);
   aco_strbuf_printf(&p->message, "%s:%u:%u: ", ps->name, at->line, at->col);
   va_list ap;
   va_start(ap, fmt);
   aco_strbuf_vprintf(&p->message, fmt, ap);
   va_end(ap);
   p->message_status = ACO_ERROR_PARSE;
   ps->status = ACO_ERROR_PARSE;
   longjmp(ps->fail, 1);
}

static _Noreturn void
expected(struct parser *ps, const char *what)
{
   char buf[64];
   error_at(ps, &ps->tok, "expected %s, found %s", what, tok_desc(&ps->tok, buf, sizeof(buf)));
}

static _Noreturn void
out_of_memory(struct parser *ps)
{
   air_error(ps->p, ACO_ERROR_OUT_OF_MEMORY, "out of memory");
   ps->status = ACO_ERROR_OUT_OF_MEMORY;
   longjmp(ps->fail, 1);
}

/* ---- lexer ------------------------------------------------------------------------------- */

static bool
is_ident_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '.';
}

static void
advance_char(struct parser *ps)
{
   if (ps->src[ps->pos] == '\n') {
      ps->line++;
      ps->col = 1;
   } else {
      ps->col++;
   }
   ps->pos++;
}

static void
next(struct parser *ps)
{
   for (;;) {
      while (ps->pos < ps->len && (ps->src[ps->pos] == ' ' || ps->src[ps->pos] == '\t' ||
                                   ps->src[ps->pos] == '\n' || ps->src[ps->pos] == '\r'))
         advance_char(ps);
      if (ps->pos < ps->len && ps->src[ps->pos] == ';') {
         while (ps->pos < ps->len && ps->src[ps->pos] != '\n')
            advance_char(ps);
         continue;
      }
      break;
   }
   struct token *t = &ps->tok;
   t->line = ps->line;
   t->col = ps->col;
   if (ps->pos >= ps->len) {
      t->kind = TOK_EOF;
      t->text = "";
      t->len = 0;
      return;
   }
   char c = ps->src[ps->pos];
   size_t start = ps->pos;
   if (c == '%' || c == '@' || c == '$') {
      advance_char(ps);
      size_t s = ps->pos;
      while (ps->pos < ps->len && is_ident_char(ps->src[ps->pos]))
         advance_char(ps);
      t->kind = c == '%' ? TOK_VALUE : c == '@' ? TOK_GLOBAL : TOK_OBJECT;
      t->text = ps->src + s;
      t->len = ps->pos - s;
      if (!t->len) {
         t->text = ps->src + start;
         t->len = 1;
         error_at(ps, t, "expected a name after '%c'", c);
      }
      return;
   }
   if (c >= '0' && c <= '9') {
      bool hex = c == '0' && ps->pos + 1 < ps->len &&
                 (ps->src[ps->pos + 1] == 'x' || ps->src[ps->pos + 1] == 'X');
      while (ps->pos < ps->len) {
         char d = ps->src[ps->pos];
         if (is_ident_char(d)) {
            advance_char(ps);
         } else if (!hex && (d == '+' || d == '-') &&
                    (ps->src[ps->pos - 1] == 'e' || ps->src[ps->pos - 1] == 'E')) {
            advance_char(ps);
         } else {
            break;
         }
      }
      t->kind = TOK_NUMBER;
   } else if (is_ident_char(c)) {
      while (ps->pos < ps->len && is_ident_char(ps->src[ps->pos]))
         advance_char(ps);
      t->kind = TOK_IDENT;
   } else if (c == '-' && ps->pos + 1 < ps->len && ps->src[ps->pos + 1] == '>') {
      advance_char(ps);
      advance_char(ps);
      t->kind = TOK_PUNCT;
   } else if (c && strchr("=,(){}[]:+-", c)) {
      advance_char(ps);
      t->kind = TOK_PUNCT;
   } else {
      t->kind = TOK_PUNCT;
      t->text = ps->src + start;
      t->len = 1;
      if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
         error_at(ps, t, "unexpected character 0x%02x", (unsigned char)c);
      error_at(ps, t, "unexpected character '%c'", c);
   }
   t->text = ps->src + start;
   t->len = ps->pos - start;
}

static bool
tok_is(const struct parser *ps, enum tok_kind kind, const char *text)
{
   return ps->tok.kind == kind && strlen(text) == ps->tok.len &&
          !memcmp(ps->tok.text, text, ps->tok.len);
}
static bool punct_is(const struct parser *ps, const char *p) { return tok_is(ps, TOK_PUNCT, p); }
static bool ident_is(const struct parser *ps, const char *p) { return tok_is(ps, TOK_IDENT, p); }

static bool
accept_punct(struct parser *ps, const char *p)
{
   if (!punct_is(ps, p))
      return false;
   next(ps);
   return true;
}

static void
expect_punct(struct parser *ps, const char *p)
{
   if (!accept_punct(ps, p)) {
      char what[16];
      snprintf(what, sizeof(what), "'%s'", p);
      expected(ps, what);
   }
}

static bool
accept_ident(struct parser *ps, const char *p)
{
   if (!ident_is(ps, p))
      return false;
   next(ps);
   return true;
}

static void
expect_ident(struct parser *ps, const char *p)
{
   if (!accept_ident(ps, p)) {
      char what[48];
      snprintf(what, sizeof(what), "'%s'", p);
      expected(ps, what);
   }
}

/* ---- numbers and types ---------------------------------------------------------------------- */

static bool
tok_to_u64(const struct token *t, uint64_t *out)
{
   if (t->kind != TOK_NUMBER || t->len >= 64)
      return false;
   char buf[64];
   memcpy(buf, t->text, t->len);
   buf[t->len] = 0;
   if (buf[0] == '0' && t->len > 1 && buf[1] != 'x' && buf[1] != 'X')
      return false; /* no octal */
   errno = 0;
   char *end;
   unsigned long long v = strtoull(buf, &end, 0);
   if (errno || *end)
      return false;
   *out = v;
   return true;
}

static uint64_t
parse_u64(struct parser *ps, uint64_t max, const char *what)
{
   uint64_t v;
   if (!tok_to_u64(&ps->tok, &v))
      expected(ps, what);
   if (v > max)
      error_at(ps, &ps->tok, "%s out of range (at most %" PRIu64 ")", what, max);
   next(ps);
   return v;
}

static int64_t
parse_i32(struct parser *ps, const char *what)
{
   bool neg = accept_punct(ps, "-");
   uint64_t v = parse_u64(ps, neg ? UINT64_C(0x80000000) : INT32_MAX, what);
   return neg ? -(int64_t)v : (int64_t)v;
}

static aco_type
parse_type(struct parser *ps)
{
   aco_type t;
   if (ps->tok.kind != TOK_IDENT || !air_type_parse(ps->tok.text, ps->tok.len, &t))
      expected(ps, "a type (i1, i8, i16, i32, i64, f16, f32, f64, ptr, or a vector like i32x4)");
   next(ps);
   return t;
}

/* A constant of type t: integers in decimal (signed or unsigned) or hex; floats in
 * decimal, or as their bits in hex. */
static uint64_t
parse_const(struct parser *ps, aco_type t)
{
   bool neg = accept_punct(ps, "-");
   struct token num = ps->tok;
   if (num.kind != TOK_NUMBER)
      expected(ps, t.base == ACO_BASE_FLOAT ? "a float constant" : "an integer constant");
   uint64_t mask = t.bits == 64 ? UINT64_MAX : (UINT64_C(1) << t.bits) - 1;
   bool is_hex = num.len > 2 && num.text[0] == '0' && (num.text[1] == 'x' || num.text[1] == 'X');
   uint64_t bits;
   if (t.base != ACO_BASE_FLOAT || is_hex) {
      uint64_t v;
      if (!tok_to_u64(&num, &v))
         error_at(ps, &num, "bad %s constant", is_hex ? "hexadecimal" : "integer");
      if (t.base == ACO_BASE_FLOAT && neg)
         error_at(ps, &num, "a float given as hex bits takes no sign");
      if (neg) {
         if (t.bits < 64 && v > (UINT64_C(1) << (t.bits - 1)))
            error_at(ps, &num, "constant out of range for i%u", t.bits);
         if (t.bits == 64 && v > (UINT64_C(1) << 63))
            error_at(ps, &num, "constant out of range for i64");
         bits = (0 - v) & mask;
      } else {
         if (v > mask)
            error_at(ps, &num, "constant out of range for a %u-bit type", t.bits);
         bits = v;
      }
   } else {
      char buf[64];
      if (num.len >= sizeof(buf) - 1)
         error_at(ps, &num, "float constant too long");
      buf[0] = '-';
      memcpy(buf + 1, num.text, num.len);
      buf[num.len + 1] = 0;
      const char *s = neg ? buf : buf + 1;
      char *end;
      if (t.bits == 32) {
         float fl = strtof(s, &end);
         uint32_t u;
         memcpy(&u, &fl, 4);
         bits = u;
      } else {
         double d = strtod(s, &end);
         if (t.bits == 64)
            memcpy(&bits, &d, 8);
         else
            bits = air_float_to_half(d);
      }
      if (*end || !((num.text[0] >= '0' && num.text[0] <= '9')))
         error_at(ps, &num, "bad float constant");
      bool inf = t.bits == 64   ? (bits & ~(UINT64_C(1) << 63)) == UINT64_C(0x7ff0000000000000)
                 : t.bits == 32 ? (bits & 0x7fffffff) == 0x7f800000
                                : (bits & 0x7fff) == 0x7c00;
      if (inf)
         error_at(ps, &num, "float constant out of range for f%u (write infinity as hex bits)",
                  t.bits);
   }
   next(ps);
   return bits;
}

/* ---- value names ---------------------------------------------------------------------------- */

static uint32_t
hash_name(const char *s, size_t len)
{
   uint32_t h = 2166136261u;
   for (size_t i = 0; i < len; i++)
      h = (h ^ (uint8_t)s[i]) * 16777619u;
   return h;
}

static struct name_slot *
find_slot(struct parser *ps, const char *s, size_t len)
{
   uint32_t mask = ps->names_cap - 1;
   for (uint32_t i = hash_name(s, len) & mask;; i = (i + 1) & mask) {
      struct name_slot *slot = &ps->names[i];
      if (!slot->name || (slot->len == len && !memcmp(slot->name, s, len)))
         return slot;
   }
}

static void
names_reset(struct parser *ps)
{
   aco_free(&ps->p->allocator, ps->names);
   ps->names = NULL;
   ps->names_cap = ps->names_used = 0;
}

static void
names_grow(struct parser *ps)
{
   uint32_t old_cap = ps->names_cap;
   struct name_slot *old = ps->names;
   uint32_t cap = old_cap ? old_cap * 2 : 64;
   ps->names = aco_calloc(&ps->p->allocator, sizeof(struct name_slot) * cap);
   if (!ps->names) {
      ps->names = old;
      out_of_memory(ps);
   }
   ps->names_cap = cap;
   for (uint32_t i = 0; i < old_cap; i++)
      if (old[i].name)
         *find_slot(ps, old[i].name, old[i].len) = old[i];
   aco_free(&ps->p->allocator, old);
}

/* Gives the value the name of the current %token and registers it. */
static void
define_name(struct parser *ps, const struct token *t, aco_value v)
{
   if ((ps->names_used + 1) * 2 > ps->names_cap)
      names_grow(ps);
   struct name_slot *slot = find_slot(ps, t->text, t->len);
   if (slot->name)
      error_at(ps, t, "redefinition of %%%.*s", (int)t->len, t->text);
   const char *name = aco_arena_strdup(&ps->p->arena, t->text, t->len);
   if (!name)
      out_of_memory(ps);
   slot->name = name;
   slot->len = (uint32_t)t->len;
   slot->id = v.id;
   ps->names_used++;
   ps->f->values[v.id].name = name;
}

static aco_value
parse_use(struct parser *ps)
{
   if (ps->tok.kind != TOK_VALUE)
      expected(ps, "a value (%name)");
   struct name_slot *slot = ps->names_cap ? find_slot(ps, ps->tok.text, ps->tok.len) : NULL;
   if (!slot || !slot->name)
      error_at(ps, &ps->tok, "use of undefined value %%%.*s", (int)ps->tok.len, ps->tok.text);
   aco_value v = {slot->id};
   next(ps);
   return v;
}

static struct aco_function *
parse_function_ref(struct parser *ps)
{
   if (ps->tok.kind != TOK_GLOBAL)
      expected(ps, "a function (@name)");
   char name[256];
   if (ps->tok.len >= sizeof(name))
      error_at(ps, &ps->tok, "name too long");
   memcpy(name, ps->tok.text, ps->tok.len);
   name[ps->tok.len] = 0;
   struct aco_function *callee = aco_program_find_function(ps->p, name);
   if (!callee)
      error_at(ps, &ps->tok, "unknown function @%s", name);
   next(ps);
   return callee;
}

/* ---- instructions ----------------------------------------------------------------------------- */

static struct air_instr *
new_instr(struct parser *ps, aco_op op, unsigned num_srcs, unsigned num_defs,
          const struct token *at)
{
   struct air_instr *instr = air_instr_create(ps->f, op, num_srcs, num_defs);
   if (!instr)
      out_of_memory(ps);
   instr->loc.line = at->line;
   instr->loc.col = at->col;
   return instr;
}

#define MAX_LIST 256

/* Parses "%a, %b, ..." (possibly empty when allow_empty). */
static unsigned
parse_use_list(struct parser *ps, aco_value *out, bool allow_empty)
{
   unsigned n = 0;
   if (allow_empty && ps->tok.kind != TOK_VALUE)
      return 0;
   do {
      if (n == MAX_LIST)
         error_at(ps, &ps->tok, "too many values (at most %u)", MAX_LIST);
      out[n++] = parse_use(ps);
   } while (accept_punct(ps, ","));
   return n;
}

/* Defines the results of instr from the tokens of the left-hand side. */
static void
define_results(struct parser *ps, struct air_instr *instr, const struct token *names,
               const aco_type *types)
{
   for (unsigned i = 0; i < instr->num_defs; i++) {
      instr->defs[i] = air_new_value(ps->f, types ? types[i] : aco_type_make(0, 0, 0));
      if (!aco_value_is_valid(instr->defs[i]))
         out_of_memory(ps);
      ps->f->values[instr->defs[i].id].def = instr;
      define_name(ps, &names[i], instr->defs[i]);
   }
}

static void parse_region(struct parser *ps, struct air_region *r, bool nested);

static bool
is_shared(aco_op op)
{
   return op == ACO_OP_LOAD_SHARED || op == ACO_OP_STORE_SHARED || op == ACO_OP_ATOMIC_SHARED;
}
static bool
is_stack(aco_op op)
{
   return op == ACO_OP_LOAD_STACK || op == ACO_OP_STORE_STACK;
}

/* address := (%base | $N | ) [ '[' [%off] [(+|-) imm] | imm ']' ] */
static void
parse_address(struct parser *ps, struct air_instr *instr)
{
   if (is_stack(instr->op)) {
      if (ps->tok.kind != TOK_OBJECT)
         expected(ps, "a stack object ($N)");
      uint64_t v;
      struct token t = ps->tok;
      t.kind = TOK_NUMBER;
      if (!tok_to_u64(&t, &v) || v >= UINT32_MAX)
         error_at(ps, &ps->tok, "a stack object is written $N with N a number");
      instr->u.mem.object = (uint32_t)v;
      next(ps);
   } else if (!is_shared(instr->op)) {
      instr->srcs[AIR_MEM_BASE] = parse_use(ps);
   }
   if (!accept_punct(ps, "[")) {
      if (is_shared(instr->op))
         expected(ps, "'[' (a shared memory address)");
      return;
   }
   if (ps->tok.kind == TOK_VALUE) {
      instr->srcs[AIR_MEM_OFFSET] = parse_use(ps);
      if (punct_is(ps, "+") || punct_is(ps, "-")) {
         bool neg = punct_is(ps, "-");
         next(ps);
         uint64_t v = parse_u64(ps, neg ? UINT64_C(0x80000000) : INT32_MAX, "an offset");
         instr->u.mem.imm = (int32_t)(neg ? -(int64_t)v : (int64_t)v);
      }
   } else {
      instr->u.mem.imm = (int32_t)parse_i32(ps, "an offset or a value");
   }
   expect_punct(ps, "]");
}

static void
parse_access(struct parser *ps, struct air_instr *instr)
{
   for (;;) {
      if (accept_ident(ps, "align")) {
         instr->u.mem.align = (uint32_t)parse_u64(ps, 1u << 16, "an alignment");
      } else if (accept_ident(ps, "readonly")) {
         instr->u.mem.access |= ACO_ACCESS_READONLY;
      } else if (accept_ident(ps, "invariant")) {
         instr->u.mem.access |= ACO_ACCESS_INVARIANT;
      } else if (accept_ident(ps, "volatile")) {
         instr->u.mem.access |= ACO_ACCESS_VOLATILE;
      } else if (accept_ident(ps, "coherent")) {
         instr->u.mem.access |= ACO_ACCESS_COHERENT;
      } else {
         return;
      }
   }
}

static aco_type
parse_result_types(struct parser *ps, unsigned num_defs, aco_type *types, const struct token *at)
{
   unsigned n = 0;
   if (accept_punct(ps, "->")) {
      do {
         if (n == MAX_LIST)
            error_at(ps, &ps->tok, "too many results");
         types[n++] = parse_type(ps);
      } while (accept_punct(ps, ","));
   }
   if (n != num_defs)
      error_at(ps, at, "%u result%s named but %u type%s given after '->'", num_defs,
               num_defs == 1 ? "" : "s", n, n == 1 ? "" : "s");
   return types[0];
}

static struct air_region *
parse_block(struct parser *ps, struct air_instr *parent)
{
   struct air_region *r = air_region_create(ps->f, parent);
   if (!r)
      out_of_memory(ps);
   expect_punct(ps, "{");
   parse_region(ps, r, true);
   expect_punct(ps, "}");
   return r;
}

static void
expect_no_results(struct parser *ps, unsigned num_defs, const struct token *at, const char *op)
{
   if (num_defs)
      error_at(ps, at, "'%s' produces no value", op);
}

static void
expect_one_result(struct parser *ps, unsigned num_defs, const struct token *at, const char *op)
{
   if (num_defs != 1)
      error_at(ps, at, "'%s' produces one value: write %%name = %s ...", op, op);
}

static struct air_instr *
parse_instr(struct parser *ps)
{
   struct token names[MAX_LIST];
   unsigned num_defs = 0;
   struct token start = ps->tok;
   if (ps->tok.kind == TOK_VALUE) {
      do {
         if (ps->tok.kind != TOK_VALUE)
            expected(ps, "a value name (%name)");
         if (num_defs == MAX_LIST)
            error_at(ps, &ps->tok, "too many results");
         names[num_defs++] = ps->tok;
         next(ps);
      } while (accept_punct(ps, ","));
      expect_punct(ps, "=");
   }
   struct token optok = ps->tok;
   if (optok.kind != TOK_IDENT)
      expected(ps, "an operation");
   aco_op op = air_op_from_name(optok.text, optok.len);
   if (op == ACO_OP_INVALID) {
      char buf[64];
      error_at(ps, &optok, "unknown operation %s", tok_desc(&optok, buf, sizeof(buf)));
   }
   next(ps);
   const char *opname = air_op_info(op)->name;
   aco_value srcs[MAX_LIST];
   aco_type types[MAX_LIST];
   struct air_instr *instr = NULL;
   aco_op_class cls = air_op_info(op)->cls;

   switch (cls) {
   case ACO_OPC_CONST: {
      expect_one_result(ps, num_defs, &optok, opname);
      aco_type t = parse_type(ps);
      if (t.comps != 1)
         error_at(ps, &optok, "constants are scalars; build vectors with vec");
      instr = new_instr(ps, op, 0, 1, &start);
      instr->type = t;
      instr->u.const_bits = parse_const(ps, t);
      define_results(ps, instr, names, &t);
      return instr;
   }
   case ACO_OPC_INT_UN:
   case ACO_OPC_INT_BIN:
   case ACO_OPC_INT_CMP:
   case ACO_OPC_FLOAT_UN:
   case ACO_OPC_FLOAT_BIN:
   case ACO_OPC_FLOAT_TRI:
   case ACO_OPC_FLOAT_CMP:
   case ACO_OPC_SELECT:
   case ACO_OPC_VEC:
   case ACO_OPC_SUBGROUP:
   case ACO_OPC_FLOAT_APPROX: {
      expect_one_result(ps, num_defs, &optok, opname);
      unsigned n = parse_use_list(ps, srcs, false);
      unsigned want = cls == ACO_OPC_INT_UN || cls == ACO_OPC_FLOAT_UN ? 1
                      : cls == ACO_OPC_FLOAT_TRI || cls == ACO_OPC_SELECT ? 3
                      : cls == ACO_OPC_VEC ? n
                      : cls == ACO_OPC_SUBGROUP ? (op == ACO_OP_READ_LANE ? 2 : 1)
                      : cls == ACO_OPC_FLOAT_APPROX ? (op == ACO_OP_FDIV ? 2 : 1)
                                                    : 2;
      if (cls == ACO_OPC_VEC && (n < 2 || n > 16))
         error_at(ps, &optok, "vec takes 2 to 16 components, not %u", n);
      if (n != want)
         error_at(ps, &optok, "'%s' takes %u operand%s, not %u", opname, want,
                  want == 1 ? "" : "s", n);
      instr = new_instr(ps, op, n, 1, &start);
      memcpy(instr->srcs, srcs, sizeof(aco_value) * n);
      if (cls == ACO_OPC_FLOAT_APPROX) {
         expect_ident(ps, "ulp");
         instr->u.ulp = (uint32_t)parse_u64(ps, UINT32_MAX, "a ULP bound");
      }
      break;
   }
   case ACO_OPC_CONVERT: {
      expect_one_result(ps, num_defs, &optok, opname);
      aco_type t = parse_type(ps);
      instr = new_instr(ps, op, 1, 1, &start);
      instr->type = t;
      instr->srcs[0] = parse_use(ps);
      break;
   }
   case ACO_OPC_EXTRACT:
      expect_one_result(ps, num_defs, &optok, opname);
      instr = new_instr(ps, op, 1, 1, &start);
      instr->srcs[0] = parse_use(ps);
      expect_punct(ps, ",");
      instr->u.component = (uint32_t)parse_u64(ps, 15, "a component index");
      break;
   case ACO_OPC_SYSVAL:
      expect_one_result(ps, num_defs, &optok, opname);
      instr = new_instr(ps, op, 0, 1, &start);
      break;
   case ACO_OPC_LOAD: {
      expect_one_result(ps, num_defs, &optok, opname);
      aco_type t = parse_type(ps);
      instr = new_instr(ps, op, 2, 1, &start);
      instr->type = t;
      parse_address(ps, instr);
      parse_access(ps, instr);
      break;
   }
   case ACO_OPC_STORE:
      expect_no_results(ps, num_defs, &optok, opname);
      instr = new_instr(ps, op, 3, 0, &start);
      parse_address(ps, instr);
      expect_punct(ps, ",");
      instr->srcs[AIR_MEM_VALUE] = parse_use(ps);
      parse_access(ps, instr);
      return instr;
   case ACO_OPC_ATOMIC: {
      expect_one_result(ps, num_defs, &optok, opname);
      aco_atomic_kind kind = ACO_ATOMIC_COUNT;
      for (unsigned k = 0; k < ACO_ATOMIC_COUNT; k++)
         if (ident_is(ps, air_atomic_name((aco_atomic_kind)k)))
            kind = (aco_atomic_kind)k;
      if (kind == ACO_ATOMIC_COUNT)
         expected(ps, "an atomic operation (add, sub, umin, umax, smin, smax, and, or, xor, "
                      "xchg, cmpxchg)");
      next(ps);
      bool cmp = kind == ACO_ATOMIC_CMPXCHG;
      instr = new_instr(ps, op, cmp ? 4 : 3, 1, &start);
      instr->u.mem.atomic = kind;
      parse_address(ps, instr);
      expect_punct(ps, ",");
      instr->srcs[AIR_MEM_VALUE] = parse_use(ps);
      if (cmp) {
         expect_punct(ps, ",");
         instr->srcs[AIR_MEM_CMP] = parse_use(ps);
      }
      parse_access(ps, instr);
      break;
   }
   case ACO_OPC_REDUCE: {
      expect_one_result(ps, num_defs, &optok, opname);
      if (ps->tok.kind != TOK_IDENT)
         expected(ps, "a combining operation (iadd, fmin, ...)");
      aco_op combine = air_op_from_name(ps->tok.text, ps->tok.len);
      if (combine == ACO_OP_INVALID)
         expected(ps, "a combining operation (iadd, fmin, ...)");
      next(ps);
      instr = new_instr(ps, op, 1, 1, &start);
      instr->u.combine = combine;
      instr->srcs[0] = parse_use(ps);
      break;
   }
   case ACO_OPC_BARRIER:
      expect_no_results(ps, num_defs, &optok, opname);
      instr = new_instr(ps, op, 0, 0, &start);
      if (op == ACO_OP_FENCE) {
         unsigned s = 3;
         for (unsigned k = 0; k < 3; k++)
            if (ident_is(ps, air_scope_name((aco_scope)k)))
               s = k;
         if (s == 3)
            expected(ps, "a scope (subgroup, workgroup, device)");
         next(ps);
         instr->u.scope = (aco_scope)s;
      }
      return instr;
   case ACO_OPC_CALL: {
      bool indirect = air_op_is_indirect_call(op);
      bool tail = op == ACO_OP_TAIL_CALL || op == ACO_OP_TAIL_CALL_INDIRECT;
      if (tail)
         expect_no_results(ps, num_defs, &optok, opname);
      aco_value ptr = {0};
      if (indirect) {
         ptr = parse_use(ps);
         expect_punct(ps, ":");
      }
      struct token callee_tok = ps->tok;
      struct aco_function *callee = parse_function_ref(ps);
      expect_punct(ps, "(");
      unsigned n = punct_is(ps, ")") ? 0 : parse_use_list(ps, srcs, false);
      expect_punct(ps, ")");
      unsigned nret = air_num_return_params(callee);
      if (!tail && num_defs != nret)
         error_at(ps, &callee_tok, "@%s has %u return parameter%s but %u result%s named",
                  callee->name, nret, nret == 1 ? "" : "s", num_defs, num_defs == 1 ? "" : "s");
      instr = new_instr(ps, op, n + indirect, num_defs, &start);
      instr->callee = callee;
      instr->srcs[0] = ptr;
      memcpy(instr->srcs + indirect, srcs, sizeof(aco_value) * n);
      unsigned k = 0;
      for (uint32_t i = 0; i < callee->num_params; i++)
         if (callee->params[i].flags & ACO_PARAM_RETURN)
            types[k++] = callee->params[i].type;
      define_results(ps, instr, names, types);
      return instr;
   }
   case ACO_OPC_FUNC_ADDR:
      expect_one_result(ps, num_defs, &optok, opname);
      instr = new_instr(ps, op, 0, 1, &start);
      instr->callee = parse_function_ref(ps);
      break;
   case ACO_OPC_IF: {
      aco_value cond = parse_use(ps);
      parse_result_types(ps, num_defs, types, &optok);
      instr = new_instr(ps, op, 1, num_defs, &start);
      instr->srcs[0] = cond;
      define_results(ps, instr, names, types);
      instr->regions[0] = parse_block(ps, instr);
      if (accept_ident(ps, "else"))
         instr->regions[1] = parse_block(ps, instr);
      return instr;
   }
   case ACO_OPC_LOOP: {
      struct token carried[MAX_LIST];
      unsigned n = 0;
      if (accept_punct(ps, "(")) {
         do {
            if (n == MAX_LIST)
               error_at(ps, &ps->tok, "too many carried values");
            if (ps->tok.kind != TOK_VALUE)
               expected(ps, "a carried value (%name = %init)");
            carried[n] = ps->tok;
            next(ps);
            expect_punct(ps, "=");
            srcs[n++] = parse_use(ps);
         } while (accept_punct(ps, ","));
         expect_punct(ps, ")");
      }
      parse_result_types(ps, num_defs, types, &optok);
      instr = new_instr(ps, op, n, num_defs, &start);
      memcpy(instr->srcs, srcs, sizeof(aco_value) * n);
      define_results(ps, instr, names, types);
      struct air_region *body = air_region_create(ps->f, instr);
      if (!body || (n && !(body->params = aco_arena_array(&ps->p->arena, aco_value, n))))
         out_of_memory(ps);
      body->num_params = n;
      for (unsigned i = 0; i < n; i++) {
         body->params[i] = air_new_value(ps->f, ps->f->values[srcs[i].id].type);
         if (!aco_value_is_valid(body->params[i]))
            out_of_memory(ps);
         define_name(ps, &carried[i], body->params[i]);
      }
      instr->regions[0] = body;
      expect_punct(ps, "{");
      parse_region(ps, body, true);
      expect_punct(ps, "}");
      return instr;
   }
   case ACO_OPC_JUMP: {
      expect_no_results(ps, num_defs, &optok, opname);
      /* values of a jump stand on its line: `return` then `%x = ...` is two instructions */
      unsigned n = ps->tok.line == optok.line ? parse_use_list(ps, srcs, true) : 0;
      instr = new_instr(ps, op, n, 0, &start);
      memcpy(instr->srcs, srcs, sizeof(aco_value) * n);
      return instr;
   }
   }
   aco_type t = air_result_type(ps->f, instr);
   define_results(ps, instr, names, &t);
   return instr;
}

/* A function's body, or (nested) a region of an if or a loop: those count towards the
 * nesting limit, as the builder counts them. */
static void
parse_region(struct parser *ps, struct air_region *r, bool nested)
{
   if (nested && ++ps->depth > AIR_MAX_NESTING)
      error_at(ps, &ps->tok, "control flow nested deeper than %u levels", AIR_MAX_NESTING);
   while (!punct_is(ps, "}")) {
      if (ps->tok.kind == TOK_EOF)
         expected(ps, "'}'");
      air_region_append(r, parse_instr(ps));
   }
   if (nested)
      ps->depth--;
}

/* ---- top level -------------------------------------------------------------------------------- */

static void
parse_target(struct parser *ps)
{
   expect_ident(ps, "target");
   aco_target t = {ACO_GFX_NONE, 0};
   uint32_t chip = 0; /* any chip name (aco_target.h); the program keeps its level and chip */
   for (uint32_t i = 0; i < aco_chip_count(); i++)
      if (ident_is(ps, aco_chip_at(i)->name)) {
         t.gfx_level = aco_chip_at(i)->level;
         chip = aco_chip_at(i)->number;
      }
   if (t.gfx_level == ACO_GFX_NONE)
      expected(ps, "a processor (gfx1030-gfx1036, gfx1100-gfx1103, gfx1150-gfx1153, gfx1200, "
                   "gfx1201)");
   struct token at = ps->tok;
   next(ps);
   if (accept_ident(ps, "wave32"))
      t.wave_size = 32;
   else if (accept_ident(ps, "wave64"))
      t.wave_size = 64;
   else
      expected(ps, "wave32 or wave64");
   if (ps->p->target.gfx_level != ACO_GFX_NONE &&
       (ps->p->target.gfx_level != t.gfx_level || ps->p->target.wave_size != t.wave_size ||
        (ps->p->chip && ps->p->chip != chip && chip != (uint32_t)t.gfx_level)))
      error_at(ps, &at, "the program was created for %s wave%u",
               ps->p->chip ? aco_chip_of_target((aco_target){(aco_gfx_level)ps->p->chip, 32})->name
                           : aco_gfx_level_name(ps->p->target.gfx_level),
               ps->p->target.wave_size);
   /* a program created for a chip keeps it when the text names only the level */
   if (!ps->p->chip || chip != (uint32_t)t.gfx_level)
      ps->p->chip = chip;
   ps->p->target = t;
}

static aco_reg_count
parse_reg_count(struct parser *ps)
{
   aco_reg_count c;
   for (unsigned i = 0; i < 2; i++) {
      char want = i ? 'v' : 's';
      if (ps->tok.kind != TOK_IDENT || ps->tok.text[0] != want || ps->tok.len < 2)
         expected(ps, i ? "a VGPR count (vN)" : "an SGPR count (sN)");
      struct token num = ps->tok;
      num.text++;
      num.len--;
      num.kind = TOK_NUMBER;
      uint64_t v;
      if (!tok_to_u64(&num, &v) || v > 0xffff)
         error_at(ps, &ps->tok, "bad register count");
      if (i)
         c.vgprs = (uint16_t)v;
      else
         c.sgprs = (uint16_t)v;
      next(ps);
   }
   return c;
}

static void
parse_abi(struct parser *ps)
{
   expect_ident(ps, "abi");
   if (ps->tok.kind != TOK_GLOBAL)
      expected(ps, "an ABI name (@name)");
   struct token name_tok = ps->tok;
   char name[256];
   if (name_tok.len >= sizeof(name))
      error_at(ps, &name_tok, "name too long");
   memcpy(name, name_tok.text, name_tok.len);
   name[name_tok.len] = 0;
   if (aco_program_find_abi(ps->p, name))
      error_at(ps, &name_tok, "ABI @%s is defined already", name);
   next(ps);
   aco_abi_info info = {sizeof(info), name, false, {{0, 0}, {0, 0}, false},
                        {ACO_NO_LIMIT, ACO_NO_LIMIT}, {ACO_NO_LIMIT, ACO_NO_LIMIT},
                        0xffffffffu, 0, NULL};
   aco_reg_hint hints[64];
   bool has_pres = false, has_clob = false, has_order = false;
   expect_punct(ps, "{");
   while (!accept_punct(ps, "}")) {
      struct token item = ps->tok;
      if (accept_ident(ps, "preserved")) {
         info.block.preserved = parse_reg_count(ps);
         has_pres = true;
      } else if (accept_ident(ps, "clobbered")) {
         info.block.clobbered = parse_reg_count(ps);
         has_clob = true;
      } else if (accept_ident(ps, "preserved_first")) {
         has_order = true;
      } else if (accept_ident(ps, "clobbered_first")) {
         info.block.clobbered_first = true;
         has_order = true;
      } else if (accept_ident(ps, "max_params")) {
         info.max_param_regs = parse_reg_count(ps);
      } else if (accept_ident(ps, "callee_max")) {
         info.callee_max_regs = parse_reg_count(ps);
      } else if (accept_ident(ps, "callee_stack")) {
         info.callee_max_stack = (uint32_t)parse_u64(ps, UINT32_MAX, "a byte count");
      } else if (accept_ident(ps, "hint")) {
         if (info.num_hints == 64)
            error_at(ps, &item, "too many hints (at most 64)");
         aco_reg_hint *h = &hints[info.num_hints++];
         h->param_index = (uint32_t)parse_u64(ps, 255, "a parameter index");
         struct token reg = ps->tok;
         if (reg.kind != TOK_IDENT || (reg.text[0] != 's' && reg.text[0] != 'v') || reg.len < 2)
            expected(ps, "a register (sN or vN)");
         struct token num = reg;
         num.text++;
         num.len--;
         num.kind = TOK_NUMBER;
         uint64_t v;
         unsigned max = reg.text[0] == 's' ? 105 : 255;
         if (!tok_to_u64(&num, &v) || v > max)
            error_at(ps, &reg, "bad register (s0-s105 or v0-v255)");
         h->reg = (uint16_t)(reg.text[0] == 's' ? v : 256 + v);
         next(ps);
      } else if (ps->tok.kind == TOK_EOF) {
         expected(ps, "'}'");
      } else {
         expected(ps, "an ABI item (preserved, clobbered, preserved_first, clobbered_first, "
                      "max_params, callee_max, callee_stack, hint)");
      }
   }
   if (has_pres != has_clob || (has_order && !has_pres))
      error_at(ps, &name_tok, "a register block needs both 'preserved' and 'clobbered' lines");
   info.has_block = has_pres;
   info.hints = hints;
   aco_abi *abi;
   aco_status s = aco_abi_create(ps->p, &info, &abi);
   if (s == ACO_ERROR_OUT_OF_MEMORY)
      out_of_memory(ps);
   if (s != ACO_SUCCESS) {
      char msg[512]; /* error_at rewrites the program's message: copy it first */
      snprintf(msg, sizeof(msg), "%s", aco_program_message(ps->p));
      error_at(ps, &name_tok, "%s", msg);
   }
}

static void
skip_body(struct parser *ps)
{
   unsigned depth = 0;
   struct token open = ps->tok;
   do {
      if (ps->tok.kind == TOK_EOF)
         error_at(ps, &open, "this '{' is never closed");
      if (punct_is(ps, "{"))
         depth++;
      else if (punct_is(ps, "}"))
         depth--;
      next(ps);
   } while (depth);
}

static void
parse_function_header(struct parser *ps)
{
   struct token start = ps->tok;
   uint32_t flags = 0;
   if (accept_ident(ps, "declare"))
      flags |= ACO_FUNCTION_EXTERNAL;
   if (accept_ident(ps, "entry"))
      flags |= ACO_FUNCTION_ENTRY;
   expect_ident(ps, "function");
   if (ps->tok.kind != TOK_GLOBAL)
      expected(ps, "a function name (@name)");
   struct token name_tok = ps->tok;
   char name[256];
   if (name_tok.len >= sizeof(name))
      error_at(ps, &name_tok, "name too long");
   memcpy(name, name_tok.text, name_tok.len);
   name[name_tok.len] = 0;
   if (aco_program_find_function(ps->p, name))
      error_at(ps, &name_tok, "function @%s is defined already", name);
   next(ps);

   aco_param_info params[MAX_LIST];
   struct token pnames[MAX_LIST];
   unsigned n = 0;
   expect_punct(ps, "(");
   if (!punct_is(ps, ")")) {
      do {
         if (n == MAX_LIST)
            error_at(ps, &ps->tok, "too many parameters");
         aco_param_info *pi = &params[n];
         pi->flags = 0;
         pi->name = NULL;
         for (;;) {
            if (accept_ident(ps, "uniform"))
               pi->flags |= ACO_PARAM_UNIFORM;
            else if (accept_ident(ps, "discardable"))
               pi->flags |= ACO_PARAM_DISCARDABLE;
            else if (accept_ident(ps, "return"))
               pi->flags |= ACO_PARAM_RETURN;
            else
               break;
         }
         pi->type = parse_type(ps);
         if (ps->tok.kind != TOK_VALUE)
            expected(ps, "a parameter name (%name)");
         pnames[n++] = ps->tok;
         next(ps);
      } while (accept_punct(ps, ","));
   }
   expect_punct(ps, ")");
   /* Parameter names are unique (for declarations too: the printer names them). */
   for (unsigned i = 0; i < n; i++)
      for (unsigned j = 0; j < i; j++)
         if (pnames[i].len == pnames[j].len &&
             !memcmp(pnames[i].text, pnames[j].text, pnames[i].len))
            error_at(ps, &pnames[i], "redefinition of %%%.*s", (int)pnames[i].len,
                     pnames[i].text);

   aco_function_info info = {sizeof(info), name, NULL, flags, n, params, {0, 0, 0, 0}, {1, 1, 1}};
   if (accept_ident(ps, "abi")) {
      if (ps->tok.kind != TOK_GLOBAL)
         expected(ps, "an ABI name (@name)");
      char abi_name[256];
      if (ps->tok.len >= sizeof(abi_name))
         error_at(ps, &ps->tok, "name too long");
      memcpy(abi_name, ps->tok.text, ps->tok.len);
      abi_name[ps->tok.len] = 0;
      info.abi = aco_program_find_abi(ps->p, abi_name);
      if (!info.abi)
         error_at(ps, &ps->tok, "unknown ABI @%s (ABIs are defined before their use)", abi_name);
      next(ps);
   } else {
      expected(ps, "'abi @name'");
   }
   uint32_t shared_size = 0;
   bool has_shared_size = false;
   for (;;) {
      if (accept_ident(ps, "divergent_callable")) {
         info.flags |= ACO_FUNCTION_DIVERGENT_CALLABLE;
      } else if (accept_ident(ps, "noreturn")) {
         info.flags |= ACO_FUNCTION_NORETURN;
      } else if (accept_ident(ps, "workgroup_size")) {
         for (unsigned i = 0; i < 3; i++)
            info.workgroup_size[i] = (uint32_t)parse_u64(ps, 1024, "a workgroup size");
      } else if (accept_ident(ps, "shared_size")) {
         /* any 32-bit size parses: the validator reports one above the limit by function */
         shared_size = (uint32_t)parse_u64(ps, UINT32_MAX, "a shared memory size");
         has_shared_size = true;
      } else if (ident_is(ps, "denorm32") || ident_is(ps, "denorm16_64")) {
         bool is32 = ident_is(ps, "denorm32");
         next(ps);
         uint8_t mode;
         if (accept_ident(ps, "flush"))
            mode = ACO_DENORM_FLUSH;
         else if (accept_ident(ps, "preserve"))
            mode = ACO_DENORM_PRESERVE;
         else
            expected(ps, "flush or preserve");
         if (is32)
            info.float_mode.denorm32 = mode;
         else
            info.float_mode.denorm16_64 = mode;
      } else if (ident_is(ps, "round32") || ident_is(ps, "round16_64")) {
         bool is32 = ident_is(ps, "round32");
         next(ps);
         unsigned r = 4;
         for (unsigned k = 0; k < 4; k++)
            if (ident_is(ps, air_round_name(k)))
               r = k;
         if (r == 4)
            expected(ps, "a rounding mode (rne, rtp, rtn, rtz)");
         next(ps);
         if (is32)
            info.float_mode.round32 = (uint8_t)r;
         else
            info.float_mode.round16_64 = (uint8_t)r;
      } else {
         break;
      }
   }
   if (flags & ACO_FUNCTION_EXTERNAL) {
      if (punct_is(ps, "{"))
         error_at(ps, &ps->tok, "a declared function has no body");
   } else if (!punct_is(ps, "{")) {
      expected(ps, "'{' (the function body) or an attribute");
   }
   aco_function *f;
   aco_status s = aco_function_create(ps->p, &info, &f);
   if (s == ACO_ERROR_OUT_OF_MEMORY)
      out_of_memory(ps);
   if (s != ACO_SUCCESS) {
      char msg[512]; /* error_at rewrites the program's message: copy it first */
      snprintf(msg, sizeof(msg), "%s", aco_program_message(ps->p));
      error_at(ps, &start, "%s", msg);
   }
   f->loc.line = start.line;
   f->loc.col = start.col;
   if (has_shared_size) {
      /* not through aco_function_set_shared_size: the validator reports a bad size with the
       * function's location */
      f->shared_size = shared_size;
      f->has_shared_size = true;
   }
   for (unsigned i = 0; i < n; i++) {
      const char *pn = aco_arena_strdup(&ps->p->arena, pnames[i].text, pnames[i].len);
      if (!pn)
         out_of_memory(ps);
      f->params[i].name = pn;
      f->values[f->params[i].value.id].name = pn;
   }
   if (!(flags & ACO_FUNCTION_EXTERNAL)) {
      struct pending_body pb = {f, ps->pos - ps->tok.len, ps->tok.line, ps->tok.col};
      if (!aco_vec_push(&ps->p->allocator, &ps->bodies, pb))
         out_of_memory(ps);
      skip_body(ps);
   }
}

static void
parse_body(struct parser *ps, const struct pending_body *pb)
{
   struct aco_function *f = pb->f;
   ps->f = f;
   ps->pos = pb->pos;
   ps->line = pb->line;
   ps->col = pb->col;
   names_reset(ps);
   for (uint32_t i = 0; i < f->num_params; i++) {
      struct token t = {TOK_VALUE, f->params[i].name, strlen(f->params[i].name), f->loc.line,
                        f->loc.col};
      define_name(ps, &t, f->params[i].value);
   }
   next(ps);
   expect_punct(ps, "{");
   while (accept_ident(ps, "stack")) {
      struct token obj = ps->tok;
      if (obj.kind != TOK_OBJECT)
         expected(ps, "a stack object ($N)");
      uint64_t idx;
      struct token num = obj;
      num.kind = TOK_NUMBER;
      if (!tok_to_u64(&num, &idx) || idx != f->num_stack_objects)
         error_at(ps, &obj, "stack objects are numbered in order: expected $%u",
                  f->num_stack_objects);
      next(ps);
      expect_ident(ps, "size");
      uint32_t size = (uint32_t)parse_u64(ps, UINT32_MAX, "a size in bytes");
      expect_ident(ps, "align");
      uint32_t align = (uint32_t)parse_u64(ps, 256, "an alignment");
      if (aco_function_add_stack_object(f, size, align) == UINT32_MAX) {
         if (ps->p->message_status == ACO_ERROR_OUT_OF_MEMORY)
            out_of_memory(ps);
         error_at(ps, &obj, "bad stack object: size must be > 0 and align a power of two");
      }
   }
   parse_region(ps, f->body, false);
   expect_punct(ps, "}");
}

aco_status
air_parse(struct aco_program *p, const char *source_name, const char *text, size_t len)
{
   struct parser ps;
   memset(&ps, 0, sizeof(ps));
   ps.p = p;
   ps.name = source_name ? source_name : "<input>";
   ps.src = text;
   ps.len = len;
   ps.line = ps.col = 1;
   air_clear_message(p);
   if (setjmp(ps.fail)) {
      names_reset(&ps);
      aco_vec_free(&p->allocator, &ps.bodies);
      if (p->diag)
         p->diag(p->diag_user, ps.status, aco_program_message(p));
      return ps.status;
   }
   next(&ps);
   parse_target(&ps);
   while (ps.tok.kind != TOK_EOF) {
      if (ident_is(&ps, "abi"))
         parse_abi(&ps);
      else if (ident_is(&ps, "function") || ident_is(&ps, "entry") || ident_is(&ps, "declare"))
         parse_function_header(&ps);
      else
         expected(&ps, "'abi', 'function', 'entry function' or 'declare function'");
   }
   for (uint32_t i = 0; i < ps.bodies.len; i++)
      parse_body(&ps, &ps.bodies.data[i]);
   names_reset(&ps);
   aco_vec_free(&p->allocator, &ps.bodies);
   return ACO_SUCCESS;
}

aco_status
aco_program_parse(aco_program *p, const char *source_name, const char *text, size_t length)
{
   if (!p)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (!text)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_program_parse: text is NULL");
   if (p->num_functions || p->num_abis != ACO_ABI_BUILTIN_COUNT)
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT,
                       "aco_program_parse: the program is not empty");
   return air_parse(p, source_name, text, length);
}
