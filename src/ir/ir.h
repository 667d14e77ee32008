/* SPDX-License-Identifier: MIT */
/* The front IR inside libaco ("air"): programs, ABIs, functions, regions, instructions.
 *
 * A function body is a region: a list of instructions. `if` and `loop` instructions own
 * regions of their own, so control flow is structured by construction. Values are SSA:
 * each is defined once (by an instruction, a parameter, or a loop region's carried-value
 * parameter) and visible in the rest of its region and the regions nested in it. Nothing
 * is ever used before it is defined in this order, so there are no phis: loop-carried
 * values are parameters of the loop body, and results of ifs and loops come from yield
 * and break.
 *
 * Everything lives in the program's arena; destroying the program frees it all. */
#ifndef ACO_IR_IR_H
#define ACO_IR_IR_H

#include "aco/aco.h"
#include "util/alloc.h"
#include "util/strbuf.h"

struct air_region;
struct air_instr;

/* How deeply ifs and loops may nest (the passes recurse over regions). */
#define AIR_MAX_NESTING 200

/* Shared memory a workgroup may have on every supported target (the LDS_SIZE limit), and
 * what an entry that declares no shared_size but may touch shared memory gets. */
#define AIR_MAX_SHARED_SIZE 65536u

/* Static facts about each operation, from ACO_OP_LIST. */
struct air_op_info {
   const char *name;
   aco_op_class cls;
};
extern const struct air_op_info air_op_infos[ACO_OP_COUNT];
static inline const struct air_op_info *
air_op_info(aco_op op)
{
   return &air_op_infos[op < ACO_OP_COUNT ? op : 0];
}
aco_op air_op_from_name(const char *name, size_t len);

/* Default ULP bound of an approximate operation, for a type of `bits` bits. */
unsigned air_default_ulp(aco_op op, unsigned bits);

struct air_value {
   aco_type type;
   const char *name;        /* NULL: printed as %<id> */
   struct air_instr *def;   /* NULL for parameters and carried values */
   bool is_param;           /* a function parameter */
};

struct air_stack_object {
   uint32_t size, align;
};

/* Where the text form put an instruction (0 when built through the API). */
struct air_loc {
   uint32_t line, col;
};

struct air_instr {
   aco_op op;
   uint16_t num_srcs, num_defs;
   aco_value *srcs; /* in the same allocation as the instruction */
   aco_value *defs;
   aco_type type;   /* const, convert, load: the type named in the instruction */
   union {
      uint64_t const_bits;  /* const: the value's bits, zero-extended */
      uint32_t ulp;         /* approximate float */
      uint32_t component;   /* extract */
      aco_op combine;       /* reduce, scans */
      aco_scope scope;      /* fence */
      struct {
         int32_t imm;
         uint32_t object;   /* stack object index */
         uint32_t align;
         uint32_t access;   /* aco_access_flags */
         aco_atomic_kind atomic;
      } mem;
   } u;
   struct aco_function *callee; /* call, tail call, func_addr; the signature if indirect */
   struct air_region *regions[2]; /* if: then, else (else may be NULL); loop: body */
   struct air_region *parent;
   struct air_instr *next, *prev;
   struct air_loc loc;
};

/* Memory operations keep their operands at fixed positions; absent ones have id 0. */
enum air_mem_src {
   AIR_MEM_BASE = 0,   /* ptr or buffer descriptor; absent for shared and stack */
   AIR_MEM_OFFSET = 1, /* i32, optional */
   AIR_MEM_VALUE = 2,  /* store, atomic */
   AIR_MEM_CMP = 3,    /* atomic cmpxchg */
};

struct air_region {
   struct air_instr *first, *last;
   struct air_instr *parent; /* NULL for a function body */
   aco_value *params;        /* loop body: carried values */
   uint32_t num_params;
};

struct air_param {
   aco_type type;
   uint32_t flags; /* aco_param_flags */
   const char *name;
   aco_value value;
};

struct aco_abi {
   const struct aco_program *program; /* the one it was created in */
   const char *name;
   bool builtin;
   bool chain; /* ACO_ABI_AMDGPU_CS_CHAIN: its own parameter layout, no system parameters */
   bool has_block;
   aco_register_block block;
   aco_reg_count max_param_regs;
   aco_reg_count callee_max_regs;
   uint32_t callee_max_stack;
   uint32_t num_hints;
   aco_reg_hint *hints;
};

struct aco_function {
   struct aco_program *program;
   uint32_t index;
   const char *name;
   const struct aco_abi *abi;
   uint32_t flags; /* aco_function_flags */
   aco_float_mode float_mode;
   uint32_t workgroup_size[3];
   uint32_t shared_size;     /* bytes of shared memory; meaningful when has_shared_size */
   bool has_shared_size;     /* declared (aco_function_set_shared_size, `shared_size N`) */
   uint32_t num_params;
   struct air_param *params;
   struct air_value *values; /* values[0] is the invalid value */
   uint32_t num_values, cap_values;
   struct air_stack_object *stack_objects;
   uint32_t num_stack_objects, cap_stack_objects;
   struct air_region *body; /* NULL for a declaration */
   struct air_loc loc;
   /* the high byte of the ids of this function's values as the API hands them out (1..255,
    * different for neighbouring functions and, almost always, for functions of different
    * programs), so that a value of another function is refused rather than aliased */
   uint8_t value_tag;
   /* a builder was destroyed with an if or a loop still open: the function cannot be
    * validated or compiled */
   bool unfinished;
};

/* Values as the API sees them: the internal id in the low AIR_VALUE_INDEX_BITS bits, the
 * function's value_tag above. */
#define AIR_VALUE_INDEX_BITS 24
#define AIR_VALUE_INDEX_MASK ((1u << AIR_VALUE_INDEX_BITS) - 1)

struct aco_program {
   aco_allocator allocator;
   struct aco_arena arena;
   aco_target target;  /* gfx_level: always a level (aco_program_create maps chips to theirs) */
   uint32_t chip;      /* the chip number the program was created for; 0: the level's first */
   aco_diag_fn diag;
   void *diag_user;
   struct aco_strbuf message;
   aco_status message_status;
   struct aco_function **functions;
   uint32_t num_functions, cap_functions;
   /* the functions by name (aco_program_find_function): open addressing over each
    * function's index + 1 (0: free), at most half full */
   uint32_t *function_slots;
   uint32_t cap_function_slots;
   struct aco_abi **abis; /* the built-in ones first */
   uint32_t num_abis, cap_abis;
   /* the builders not yet destroyed, which aco_program_destroy detaches (a builder may be
    * destroyed before or after its program) */
   struct aco_builder *builders;
   /* an unknown ACO_DEBUG option was reported through diag already */
   bool debug_reported;
};

/* Whether the struct_size bytes of a versioned struct whose known part is `known` bytes
 * are usable: struct_size covers the known part and any bytes beyond it are zero (a
 * later version's fields left unset). */
bool air_struct_size_ok(const void *s, uint32_t struct_size, size_t known);
/* Whether an allocator the caller passed (NULL: malloc) has both of its functions. */
static inline bool
air_allocator_ok(const aco_allocator *a)
{
   return !a || (a->alloc && a->free);
}

/* Records a failure of an API call: the message replaces the previous one (it is kept
 * even when building it runs out of memory: then it reads "out of memory"). Returns
 * status for tail calls. */
aco_status air_error(struct aco_program *p, aco_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
void air_clear_message(struct aco_program *p);
/* Cuts the program's builders loose from it (aco_program_destroy): they can then only be
 * destroyed. */
void air_builders_detach(struct aco_program *p);

/* Values and instructions. NULL / invalid value on out-of-memory. */
aco_value air_new_value(struct aco_function *f, aco_type type);
static inline struct air_value *
air_value(const struct aco_function *f, aco_value v)
{
   return v.id && v.id < f->num_values ? &f->values[v.id] : NULL;
}
/* A value as the API hands it out (the invalid value stays invalid). */
static inline aco_value
air_value_export(const struct aco_function *f, aco_value v)
{
   if (v.id && v.id <= AIR_VALUE_INDEX_MASK)
      v.id |= (uint32_t)f->value_tag << AIR_VALUE_INDEX_BITS;
   else
      v.id = 0;
   return v;
}
/* The internal value of an API value of f; the invalid value if it is not one of f's. */
static inline aco_value
air_value_import(const struct aco_function *f, aco_value v)
{
   aco_value none = {0};
   if (v.id >> AIR_VALUE_INDEX_BITS != f->value_tag)
      return none;
   v.id &= AIR_VALUE_INDEX_MASK;
   return air_value(f, v) ? v : none;
}
struct air_instr *air_instr_create(struct aco_function *f, aco_op op, unsigned num_srcs,
                                   unsigned num_defs);
struct air_region *air_region_create(struct aco_function *f, struct air_instr *parent);
void air_region_append(struct air_region *r, struct air_instr *instr);
/* The last instruction of a region if it is a jump or tail call, else NULL. */
struct air_instr *air_region_terminator(const struct air_region *r);
static inline bool
air_op_is_jump(aco_op op)
{
   return air_op_info(op)->cls == ACO_OPC_JUMP || op == ACO_OP_TAIL_CALL ||
          op == ACO_OP_TAIL_CALL_INDIRECT;
}
static inline bool
air_op_is_indirect_call(aco_op op)
{
   return op == ACO_OP_CALL_INDIRECT || op == ACO_OP_TAIL_CALL_INDIRECT;
}

/* Number of return parameters of a signature, and their index. */
unsigned air_num_return_params(const struct aco_function *f);

struct aco_abi *air_abi_create(struct aco_program *p, const aco_abi_info *info);
bool air_type_is_valid(aco_type t);
/* "i32", "f16x4", "ptr"; buf of at least 16 bytes. */
const char *air_type_name(aco_type t, char buf[16]);
bool air_type_parse(const char *s, size_t len, aco_type *out);

#define air_foreach_instr(instr, region)                                                        \
   for (struct air_instr *instr = (region)->first; instr; instr = instr->next)

/* Walks every instruction of a function in text order, descending into regions. */
typedef bool (*air_visit_fn)(void *ctx, struct air_instr *instr);
bool air_walk(struct air_region *r, air_visit_fn fn, void *ctx);
/* Whether f's body has a call or tail call. */
bool air_function_calls(const struct aco_function *f);
/* The shared memory bytes an entry's workgroup gets: its shared_size, or when it declares
 * none, AIR_MAX_SHARED_SIZE if shared memory may be used while it runs, else 0. */
uint32_t air_entry_shared_bytes(const struct aco_function *entry);

/* The text form. */
void air_print_program(const struct aco_program *p, struct aco_strbuf *sb);
void air_print_instr(const struct aco_function *f, const struct air_instr *instr,
                     struct aco_strbuf *sb);
void air_print_value(const struct aco_function *f, aco_value v, struct aco_strbuf *sb);
aco_status air_parse(struct aco_program *p, const char *source_name, const char *text,
                     size_t len);
aco_status air_validate(struct aco_program *p);



/* The type of the single result of a non-call, non-control instruction whose sources
 * are set; an invalid type if it cannot be derived. */
aco_type air_result_type(const struct aco_function *f, const struct air_instr *instr);
/* IEEE half precision, round to nearest even. */
uint16_t air_float_to_half(double v);
double air_half_to_double(uint16_t h);
#endif
