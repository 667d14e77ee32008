/* SPDX-License-Identifier: MIT */
/* Building programs: programs, ABIs, functions, and the builder of the front IR.
 * docs/ir.md defines every operation; docs/api.md shows how a driver uses this. */
#ifndef ACO_IR_H
#define ACO_IR_H

#include "aco/aco_core.h"
#include "aco/aco_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aco_program aco_program;
typedef struct aco_abi aco_abi;
typedef struct aco_function aco_function;
typedef struct aco_builder aco_builder;

/* The mnemonic of an operation in the text form, and its class; NULL / ACO_OPC_CONST for
 * values outside the enum. */
ACO_API const char *aco_op_name(aco_op op);
ACO_API aco_op_class aco_op_get_class(aco_op op);

/* ---- programs ------------------------------------------------------------------------- */

/* Called once per failing call, with the same message aco_program_message() returns;
 * also for the failures of aco_program_create, which has no program to keep a message on
 * (except when info is NULL or its struct_size too small to hold diag). A status of
 * ACO_SUCCESS is a warning: an unknown ACO_DEBUG option, ignored, said once per program. */
typedef void (*aco_diag_fn)(void *user, aco_status status, const char *message);

typedef struct aco_program_info {
   uint32_t struct_size;          /* sizeof(aco_program_info) */
   aco_target target;             /* gfx_level 0: taken from the `target` line of parsed text */
   const aco_allocator *allocator;/* NULL: malloc/free; else both functions set; copied,
                                     must outlive the program and its builders */
   aco_diag_fn diag;              /* optional */
   void *diag_user;
} aco_program_info;

ACO_API aco_status aco_program_create(const aco_program_info *info, aco_program **out);
/* Frees the program and everything built in it (functions, ABIs, builders' IR). */
ACO_API void aco_program_destroy(aco_program *program);
ACO_API aco_target aco_program_target(const aco_program *program);
/* The message of the most recent failing call on this program (or its functions and
 * builders), naming function, block and instruction where there are some; "" if none. */
ACO_API const char *aco_program_message(const aco_program *program);

/* Parses the text form (docs/ir.md) into an empty program. `source_name` prefixes
 * error locations ("kernel.air:12:5: expected ..."). */
ACO_API aco_status aco_program_parse(aco_program *program, const char *source_name,
                                     const char *text, size_t length);

/* Prints the text form through `write` (called several times with pieces). */
typedef void (*aco_write_fn)(void *user, const char *data, size_t length);
ACO_API aco_status aco_program_print(const aco_program *program, aco_write_fn write, void *user);

/* Checks the whole program; reports every error found (in one message). */
ACO_API aco_status aco_program_validate(aco_program *program);

ACO_API uint32_t aco_program_function_count(const aco_program *program);
ACO_API aco_function *aco_program_function(aco_program *program, uint32_t index);
ACO_API aco_function *aco_program_find_function(aco_program *program, const char *name);

/* ---- ABIs (docs/calls.md) --------------------------------------------------------------- */

typedef struct aco_reg_count {
   uint16_t sgprs, vgprs;
} aco_reg_count;

/* Repeated over each register file from register 0 up: preserved then clobbered (or the
 * reverse when clobbered_first). */
typedef struct aco_register_block {
   aco_reg_count clobbered;
   aco_reg_count preserved;
   bool clobbered_first;
} aco_register_block;

/* A register name for hints: ACO_REG_SGPR(n) or ACO_REG_VGPR(n). */
#define ACO_REG_SGPR(n) ((uint16_t)(n))
#define ACO_REG_VGPR(n) ((uint16_t)(256 + (n)))

/* Where parameter param_index of every function with the ABI goes when that is possible:
 * the register (below callee_max) is of the parameter's file, aligned for it, free, in the
 * range its kind is assigned from, and under the max_params cap (docs/calls.md).
 * Otherwise the hint is ignored. At most one hint per parameter. */
typedef struct aco_reg_hint {
   uint32_t param_index; /* index in the signature of the functions using the ABI */
   uint16_t reg;         /* first register of the parameter */
} aco_reg_hint;

#define ACO_NO_LIMIT 0xffffu
#define ACO_ABI_MAX_HINTS 1024u

typedef struct aco_abi_info {
   uint32_t struct_size; /* sizeof(aco_abi_info) */
   const char *name;     /* unique in the program; printed as @name */
   bool has_block;       /* without a block every register is clobbered */
   aco_register_block block;
   aco_reg_count max_param_regs;   /* registers parameters may take; ACO_NO_LIMIT for none */
   aco_reg_count callee_max_regs;  /* registers a callee may use (s0..s105, v0..v255 at
                                      most); ACO_NO_LIMIT for the whole file */
   uint32_t callee_max_stack;      /* stack bytes per lane a callee may use, incl. its stack
                                      parameters; 0xffffffff none */
   uint32_t num_hints;
   const aco_reg_hint *hints;
} aco_abi_info;

typedef enum aco_builtin_abi {
   ACO_ABI_COMPUTE_DEFAULT = 0, /* clobbered 16/16, preserved 16/16, preserved first */
   ACO_ABI_RT_RECURSIVE = 1,    /* everything clobbered */
   ACO_ABI_RT_TRAVERSAL = 2,    /* everything clobbered */
   ACO_ABI_RT_ANYHIT = 3,       /* s0-s79 and v0-v79 preserved, the rest clobbered */
   /* LLVM's amdgpu_cs_chain: entered only by a tail call from an entry or another such
    * function, with the caller's exec; uniform parameters from s0, the others from v8,
    * no return address or stack pointer, nothing preserved (docs/calls.md "Chain
    * functions") */
   ACO_ABI_AMDGPU_CS_CHAIN = 4,
   ACO_ABI_BUILTIN_COUNT
} aco_builtin_abi;

ACO_API aco_status aco_abi_create(aco_program *program, const aco_abi_info *info, aco_abi **out);
/* Built-in ABIs exist in every program under the names compute_default, rt_recursive,
 * rt_traversal, rt_anyhit and amdgpu_cs_chain. */
ACO_API aco_abi *aco_program_builtin_abi(aco_program *program, aco_builtin_abi which);
ACO_API aco_abi *aco_program_find_abi(aco_program *program, const char *name);

/* Expands the register block over a register file of num_sgprs SGPRs and num_vgprs
 * VGPRs: preserved[i] is 1 for each preserved register (SGPRs at 0.., VGPRs at
 * 256..); arrays of 512 bytes. */
ACO_API aco_status aco_abi_preserved_registers(const aco_abi *abi, unsigned num_sgprs,
                                               unsigned num_vgprs, uint8_t preserved[512]);

/* Version of the parameter assignment (docs/calls.md "Parameter assignment"): where each
 * parameter of a called function lives follows from (ABI, signature, target, wave size)
 * by the algorithm of this version. Code compiled under different versions must not call
 * each other; drivers caching binaries include it in their keys. */
#define ACO_CALL_ABI_VERSION 1

/* ---- functions -------------------------------------------------------------------------- */

enum aco_param_flags {
   ACO_PARAM_UNIFORM = 1 << 0,     /* the same in every lane: passed in SGPRs */
   ACO_PARAM_DISCARDABLE = 1 << 1, /* the callee need not preserve it */
   ACO_PARAM_RETURN = 1 << 2,      /* the call yields its new value */
};

typedef struct aco_param_info {
   aco_type type;
   uint32_t flags;   /* aco_param_flags */
   const char *name; /* optional; used in the text form and messages */
} aco_param_info;

enum aco_function_flags {
   ACO_FUNCTION_ENTRY = 1 << 0,              /* a kernel: dispatched, not called */
   ACO_FUNCTION_DIVERGENT_CALLABLE = 1 << 1, /* may be reached by a divergent call chain */
   ACO_FUNCTION_NORETURN = 1 << 2,           /* never returns to its caller */
   ACO_FUNCTION_EXTERNAL = 1 << 3,           /* declared here, defined in another program */
};

typedef struct aco_function_info {
   uint32_t struct_size; /* sizeof(aco_function_info) */
   const char *name;     /* unique in the program; printed as @name */
   const aco_abi *abi;   /* NULL: compute_default; else one of this program's ABIs */
   uint32_t flags;       /* aco_function_flags */
   uint32_t num_params;
   const aco_param_info *params;
   aco_float_mode float_mode;
   uint32_t workgroup_size[3]; /* entry functions: local size; 0 means 1 */
} aco_function_info;

ACO_API aco_status aco_function_create(aco_program *program, const aco_function_info *info,
                                       aco_function **out);
ACO_API const char *aco_function_name(const aco_function *function);
/* The SSA value of parameter `index` inside the function's body. */
ACO_API aco_value aco_function_param(const aco_function *function, uint32_t index);
/* A stack object (function-local scratch memory); returns its index, or UINT32_MAX on
 * failure (message on the program). */
ACO_API uint32_t aco_function_add_stack_object(aco_function *function, uint32_t size,
                                               uint32_t align);
/* Shared memory (LDS) an entry function uses per workgroup, in bytes (docs/ir.md "Shared
 * memory size"): shared accesses must stay below it, and the binary allocates it (rounded up
 * to the hardware's 512-byte granule). At most 65536; only entry functions declare it. An
 * entry that declares nothing gets 64 KiB when it may touch shared memory. */
ACO_API aco_status aco_function_set_shared_size(aco_function *function, uint32_t bytes);
ACO_API aco_status aco_value_set_name(aco_function *function, aco_value value, const char *name);
ACO_API aco_type aco_value_type(const aco_function *function, aco_value value);

/* ---- parameter locations (docs/calls.md "Parameter assignment") ------------------------ */

typedef enum aco_param_loc_kind {
   ACO_PARAM_LOC_NONE = 0, /* a system parameter the function does not have */
   ACO_PARAM_LOC_SGPR = 1,
   ACO_PARAM_LOC_VGPR = 2,
   ACO_PARAM_LOC_STACK = 3, /* in the stack-parameter area below the callee's stack pointer */
} aco_param_loc_kind;

typedef struct aco_param_location {
   uint8_t kind;          /* aco_param_loc_kind */
   uint8_t dwords;        /* registers it takes, or stack dwords per lane */
   uint16_t reg;          /* SGPR/VGPR: number of the first register in its file */
   uint32_t stack_offset; /* STACK: byte offset in the stack-parameter area */
   bool preserved;        /* in a register of the ABI's preserved range */
   bool written_back;     /* the callee puts the incoming value back before it returns */
   bool hinted;           /* placed where an ABI hint asked */
} aco_param_location;

/* The parameters libaco adds to every function that is not an entry. */
typedef enum aco_system_param {
   ACO_SYSTEM_PARAM_RETURN_ADDRESS = 0, /* SGPR pair */
   ACO_SYSTEM_PARAM_UNIFORM_PC = 1,     /* SGPR pair; divergent_callable functions only */
   ACO_SYSTEM_PARAM_STACK_POINTER = 2,  /* one SGPR: per-lane byte offset into scratch */
   ACO_SYSTEM_PARAM_DIVERGENT_PC = 3,   /* VGPR pair; divergent_callable functions only */
   ACO_SYSTEM_PARAM_COUNT
} aco_system_param;

/* Where the parameters of `function` (not an entry: docs/entry-abi.md lays those out) live
 * under its ABI, for its program's target, by the assignment of ACO_CALL_ABI_VERSION:
 * params[i] for parameter i (num_params must be the function's parameter count),
 * system[] for the system parameters, *stack_bytes the size of the stack-parameter area
 * per lane. `system` and `stack_bytes` may be NULL. Fails with ACO_ERROR_REGISTER_LIMIT
 * when the ABI's limits leave no room (the message names the parameter). */
ACO_API aco_status aco_function_param_locations(const aco_function *function,
                                                aco_param_location *params, uint32_t num_params,
                                                aco_param_location *system,
                                                uint32_t *stack_bytes);

/* ---- the builder -------------------------------------------------------------------------
 *
 * A builder appends to one function, at the end of the innermost open region (the body,
 * a branch of an if, a loop body). Builder calls return values rather than statuses: the
 * first failure is kept (aco_builder_status) with its message on the program, and later
 * calls do nothing and return an invalid value. Check once at the end. */

ACO_API aco_status aco_builder_create(aco_function *function, aco_builder **out);
/* A builder may be destroyed before or after its program (docs/api.md "Lifetimes"); after
 * the program, it can only be destroyed (other calls do nothing). Destroyed with an if or a
 * loop still open, it leaves its function unfinished: validating or compiling the program
 * then fails. */
ACO_API void aco_builder_destroy(aco_builder *b);
ACO_API aco_status aco_builder_status(const aco_builder *b);
/* Ends the function body: every if and loop must be closed. */
ACO_API aco_status aco_builder_finish(aco_builder *b);

ACO_API aco_value aco_b_const(aco_builder *b, aco_type type, uint64_t bits);
ACO_API aco_value aco_b_const_float(aco_builder *b, aco_type type, double value);

/* Any operation of class INT_UN/INT_BIN/INT_CMP/FLOAT_UN/FLOAT_BIN/FLOAT_TRI/FLOAT_CMP,
 * SELECT, VEC, SYSVAL or SUBGROUP (ballot, read_first_lane, read_lane). */
ACO_API aco_value aco_b_op(aco_builder *b, aco_op op, const aco_value *srcs, unsigned num_srcs);
/* Approximate float operations (frcp ... fdiv); ulp 0 takes the default of docs/ir.md. */
ACO_API aco_value aco_b_approx(aco_builder *b, aco_op op, aco_value a, aco_value b2,
                               unsigned ulp);
ACO_API aco_value aco_b_convert(aco_builder *b, aco_op op, aco_type to, aco_value src);
ACO_API aco_value aco_b_extract(aco_builder *b, aco_value vec, unsigned component);

enum aco_access_flags {
   ACO_ACCESS_READONLY = 1 << 0,  /* nothing writes this memory while the dispatch runs */
   ACO_ACCESS_INVARIANT = 1 << 1, /* every read of the address gives the same value */
   ACO_ACCESS_VOLATILE = 1 << 2,
   ACO_ACCESS_COHERENT = 1 << 3, /* device-coherent (bypasses non-coherent caches) */
};

/* Where a memory operation reads or writes:
 *   global, uniform: base (ptr) + zext(offset) + imm
 *   buffer:          descriptor base (i32x4, uniform) at byte offset zext(offset) + imm
 *   shared:          LDS byte address offset + imm
 *   stack:           stack object `object` at byte offset offset + imm
 * offset is optional (invalid value = 0) and i32; imm is a constant byte offset. */
typedef struct aco_address {
   aco_value base;
   aco_value offset;
   int32_t imm;
   uint32_t object;
   uint32_t align;  /* known alignment in bytes; 0 = natural alignment of the type */
   uint32_t access; /* aco_access_flags */
} aco_address;

ACO_API aco_value aco_b_load(aco_builder *b, aco_op op, aco_type type, const aco_address *addr);
ACO_API void aco_b_store(aco_builder *b, aco_op op, const aco_address *addr, aco_value value);

typedef enum aco_atomic_kind {
   ACO_ATOMIC_ADD = 0,
   ACO_ATOMIC_SUB,
   ACO_ATOMIC_UMIN,
   ACO_ATOMIC_UMAX,
   ACO_ATOMIC_SMIN,
   ACO_ATOMIC_SMAX,
   ACO_ATOMIC_AND,
   ACO_ATOMIC_OR,
   ACO_ATOMIC_XOR,
   ACO_ATOMIC_XCHG,
   ACO_ATOMIC_CMPXCHG, /* cmp: the expected value */
   ACO_ATOMIC_COUNT
} aco_atomic_kind;

/* Returns the value memory held before the operation. */
ACO_API aco_value aco_b_atomic(aco_builder *b, aco_op op, aco_atomic_kind kind,
                               const aco_address *addr, aco_value value, aco_value cmp);

/* reduce / inclusive_scan / exclusive_scan with combine one of iadd, imul, umin, umax,
 * smin, smax, iand, ior, ixor, fadd, fmul, fmin, fmax. */
ACO_API aco_value aco_b_reduce(aco_builder *b, aco_op op, aco_op combine, aco_value src);

typedef enum aco_scope {
   ACO_SCOPE_SUBGROUP = 0,
   ACO_SCOPE_WORKGROUP = 1,
   ACO_SCOPE_DEVICE = 2,
} aco_scope;

/* A workgroup execution barrier that also orders shared memory. */
ACO_API void aco_b_barrier(aco_builder *b);
/* A memory fence: global and shared accesses before it are visible at `scope` to those
 * after it. */
ACO_API void aco_b_fence(aco_builder *b, aco_scope scope);

/* Calls. args has one value per callee parameter. results receives one value per return
 * parameter, in signature order (may be NULL if there are none). For indirect calls,
 * `signature` is a function (defined or declared) whose signature and ABI the callee has;
 * `pointer` is a ptr, uniform or not. Tail calls end the current region; the callee's
 * return parameters become the caller's. */
ACO_API void aco_b_call(aco_builder *b, aco_function *callee, const aco_value *args,
                        unsigned num_args, aco_value *results);
ACO_API void aco_b_call_indirect(aco_builder *b, aco_value pointer, aco_function *signature,
                                 const aco_value *args, unsigned num_args, aco_value *results);
ACO_API void aco_b_tail_call(aco_builder *b, aco_function *callee, const aco_value *args,
                             unsigned num_args);
ACO_API void aco_b_tail_call_indirect(aco_builder *b, aco_value pointer, aco_function *signature,
                                      const aco_value *args, unsigned num_args);
ACO_API aco_value aco_b_func_addr(aco_builder *b, aco_function *function);

/* Structured control flow.
 *   aco_b_if(b, c, n, types)         opens the then-branch; the if yields n values
 *   aco_b_else(b, yields)            closes the then-branch with its n yields (NULL if it
 *                                    ended with a jump, or n == 0) and opens the else-branch
 *   aco_b_end_if(b, yields, results) closes the open branch; results receives the n values
 * Loops carry n_carried values: aco_b_loop gives their in-loop values in `carried`;
 * continue passes the next ones; break passes the loop's n_results results. */
ACO_API void aco_b_if(aco_builder *b, aco_value cond, unsigned num_results,
                      const aco_type *types);
ACO_API void aco_b_else(aco_builder *b, const aco_value *yields);
ACO_API void aco_b_end_if(aco_builder *b, const aco_value *yields, aco_value *results);
ACO_API void aco_b_loop(aco_builder *b, unsigned num_carried, const aco_value *init,
                        aco_value *carried, unsigned num_results, const aco_type *types);
ACO_API void aco_b_break(aco_builder *b, const aco_value *results);
ACO_API void aco_b_continue(aco_builder *b, const aco_value *next);
/* Closes the loop body; if it falls through, that is a continue with `next` (NULL when
 * no values are carried or the body ended with a jump). */
ACO_API void aco_b_end_loop(aco_builder *b, const aco_value *next, aco_value *results);
/* Returns; values: one per return parameter of the function, in order. */
ACO_API void aco_b_return(aco_builder *b, const aco_value *values);

/* ---- shorthands ------------------------------------------------------------------------- */

static inline aco_value
aco_b_op1(aco_builder *b, aco_op op, aco_value a)
{
   return aco_b_op(b, op, &a, 1);
}
static inline aco_value
aco_b_op2(aco_builder *b, aco_op op, aco_value a, aco_value c)
{
   aco_value s[2] = {a, c};
   return aco_b_op(b, op, s, 2);
}
static inline aco_value
aco_b_op3(aco_builder *b, aco_op op, aco_value a, aco_value c, aco_value d)
{
   aco_value s[3] = {a, c, d};
   return aco_b_op(b, op, s, 3);
}
static inline aco_value
aco_b_imm32(aco_builder *b, uint32_t v)
{
   return aco_b_const(b, aco_type_int(32), v);
}
static inline aco_value aco_b_iadd(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_IADD, x, y); }
static inline aco_value aco_b_isub(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_ISUB, x, y); }
static inline aco_value aco_b_imul(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_IMUL, x, y); }
static inline aco_value aco_b_iand(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_IAND, x, y); }
static inline aco_value aco_b_ior(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_IOR, x, y); }
static inline aco_value aco_b_ishl(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_ISHL, x, y); }
static inline aco_value aco_b_fadd(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_FADD, x, y); }
static inline aco_value aco_b_fmul(aco_builder *b, aco_value x, aco_value y) { return aco_b_op2(b, ACO_OP_FMUL, x, y); }
static inline aco_value aco_b_select(aco_builder *b, aco_value c, aco_value x, aco_value y) { return aco_b_op3(b, ACO_OP_SELECT, c, x, y); }

#ifdef __cplusplus
}
#endif

#endif
