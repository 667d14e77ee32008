/* SPDX-License-Identifier: MIT */
/* The operations of the front IR, as one list.
 *
 * ACO_OP_LIST(X) calls X(name, text, class) once per operation: `name` forms the enum
 * constant ACO_OP_<name>, `text` is the mnemonic of the text form (docs/ir.md) and
 * `class` (aco_op_class) fixes its operands, result and text syntax. The numbering of
 * existing operations never changes; new ones are appended. */
#ifndef ACO_OPS_H
#define ACO_OPS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aco_op_class {
   ACO_OPC_CONST,       /* %d = const T literal */
   ACO_OPC_INT_UN,      /* %d = op %a                 int -> same type */
   ACO_OPC_INT_BIN,     /* %d = op %a, %b             int, int -> same type */
   ACO_OPC_INT_CMP,     /* %d = op %a, %b             int, int -> i1 */
   ACO_OPC_FLOAT_UN,    /* %d = op %a                 float -> same type, exact */
   ACO_OPC_FLOAT_BIN,   /* %d = op %a, %b             float, float -> same type, exact */
   ACO_OPC_FLOAT_TRI,   /* %d = op %a, %b, %c         float x3 -> same type, exact */
   ACO_OPC_FLOAT_CMP,   /* %d = op %a, %b             float, float -> i1 */
   ACO_OPC_FLOAT_APPROX,/* %d = op %a [, %b] ulp N    approximate float, ULP bound N */
   ACO_OPC_CONVERT,     /* %d = op T %a               conversion to type T */
   ACO_OPC_SELECT,      /* %d = select %c, %a, %b */
   ACO_OPC_VEC,         /* %d = vec %a, %b, ...       components -> vector */
   ACO_OPC_EXTRACT,     /* %d = extract %v, N */
   ACO_OPC_SYSVAL,      /* %d = op                    system value, i32 */
   ACO_OPC_LOAD,        /* %d = op T <address>        memory read */
   ACO_OPC_STORE,       /* op <address>, %v */
   ACO_OPC_ATOMIC,      /* %d = op kind T <address>, %v [, %cmp] */
   ACO_OPC_SUBGROUP,    /* %d = op %a [, %lane]       ballot, read_first_lane, read_lane */
   ACO_OPC_REDUCE,      /* %d = op combine %a         reduce / inclusive / exclusive scan */
   ACO_OPC_BARRIER,     /* barrier | fence scope */
   ACO_OPC_CALL,        /* [%r, ...] = call @f(...) | call %p : @sig(...) */
   ACO_OPC_FUNC_ADDR,   /* %d = func_addr @f */
   ACO_OPC_IF,          /* [%r, ...] = if %c [-> T, ...] { } [else { }] */
   ACO_OPC_LOOP,        /* [%r, ...] = loop [(%x = %init, ...)] [-> T, ...] { } */
   ACO_OPC_JUMP,        /* break / continue / yield / return [%v, ...] */
} aco_op_class;

#define ACO_OP_LIST(X)                                                                           \
   X(CONST, "const", ACO_OPC_CONST)                                                               \
   /* integer arithmetic; shifts use the low log2(bits) bits of the amount */                     \
   X(IADD, "iadd", ACO_OPC_INT_BIN)                                                               \
   X(ISUB, "isub", ACO_OPC_INT_BIN)                                                               \
   X(IMUL, "imul", ACO_OPC_INT_BIN)                                                               \
   X(UMUL_HI, "umul_hi", ACO_OPC_INT_BIN)                                                         \
   X(SMUL_HI, "smul_hi", ACO_OPC_INT_BIN)                                                         \
   X(UDIV, "udiv", ACO_OPC_INT_BIN)                                                               \
   X(SDIV, "sdiv", ACO_OPC_INT_BIN)                                                               \
   X(UREM, "urem", ACO_OPC_INT_BIN)                                                               \
   X(SREM, "srem", ACO_OPC_INT_BIN)                                                               \
   X(IAND, "iand", ACO_OPC_INT_BIN)                                                               \
   X(IOR, "ior", ACO_OPC_INT_BIN)                                                                 \
   X(IXOR, "ixor", ACO_OPC_INT_BIN)                                                               \
   X(ISHL, "ishl", ACO_OPC_INT_BIN)                                                               \
   X(USHR, "ushr", ACO_OPC_INT_BIN)                                                               \
   X(SSHR, "sshr", ACO_OPC_INT_BIN)                                                               \
   X(UMIN, "umin", ACO_OPC_INT_BIN)                                                               \
   X(UMAX, "umax", ACO_OPC_INT_BIN)                                                               \
   X(SMIN, "smin", ACO_OPC_INT_BIN)                                                               \
   X(SMAX, "smax", ACO_OPC_INT_BIN)                                                               \
   X(INEG, "ineg", ACO_OPC_INT_UN)                                                                \
   X(INOT, "inot", ACO_OPC_INT_UN)                                                                \
   X(IABS, "iabs", ACO_OPC_INT_UN)                                                                \
   X(POPCOUNT, "popcount", ACO_OPC_INT_UN)                                                        \
   X(BITREVERSE, "bitreverse", ACO_OPC_INT_UN)                                                    \
   X(FIND_LSB, "find_lsb", ACO_OPC_INT_UN)                                                        \
   X(FIND_MSB, "find_msb", ACO_OPC_INT_UN)                                                        \
   X(IEQ, "ieq", ACO_OPC_INT_CMP)                                                                 \
   X(INE, "ine", ACO_OPC_INT_CMP)                                                                 \
   X(ULT, "ult", ACO_OPC_INT_CMP)                                                                 \
   X(ULE, "ule", ACO_OPC_INT_CMP)                                                                 \
   X(UGT, "ugt", ACO_OPC_INT_CMP)                                                                 \
   X(UGE, "uge", ACO_OPC_INT_CMP)                                                                 \
   X(SLT, "slt", ACO_OPC_INT_CMP)                                                                 \
   X(SLE, "sle", ACO_OPC_INT_CMP)                                                                 \
   X(SGT, "sgt", ACO_OPC_INT_CMP)                                                                 \
   X(SGE, "sge", ACO_OPC_INT_CMP)                                                                 \
   /* exact float arithmetic */                                                                   \
   X(FADD, "fadd", ACO_OPC_FLOAT_BIN)                                                             \
   X(FSUB, "fsub", ACO_OPC_FLOAT_BIN)                                                             \
   X(FMUL, "fmul", ACO_OPC_FLOAT_BIN)                                                             \
   X(FMIN, "fmin", ACO_OPC_FLOAT_BIN)                                                             \
   X(FMAX, "fmax", ACO_OPC_FLOAT_BIN)                                                             \
   X(FFMA, "ffma", ACO_OPC_FLOAT_TRI)                                                             \
   X(FNEG, "fneg", ACO_OPC_FLOAT_UN)                                                              \
   X(FABS, "fabs", ACO_OPC_FLOAT_UN)                                                              \
   X(FFLOOR, "ffloor", ACO_OPC_FLOAT_UN)                                                          \
   X(FCEIL, "fceil", ACO_OPC_FLOAT_UN)                                                            \
   X(FTRUNC, "ftrunc", ACO_OPC_FLOAT_UN)                                                          \
   X(FROUND_EVEN, "fround_even", ACO_OPC_FLOAT_UN)                                                \
   X(FFRACT, "ffract", ACO_OPC_FLOAT_UN)                                                          \
   X(FEQ, "feq", ACO_OPC_FLOAT_CMP)                                                               \
   X(FNE, "fne", ACO_OPC_FLOAT_CMP)                                                               \
   X(FLT, "flt", ACO_OPC_FLOAT_CMP)                                                               \
   X(FLE, "fle", ACO_OPC_FLOAT_CMP)                                                               \
   X(FGT, "fgt", ACO_OPC_FLOAT_CMP)                                                               \
   X(FGE, "fge", ACO_OPC_FLOAT_CMP)                                                               \
   X(FUNORD, "funord", ACO_OPC_FLOAT_CMP)                                                         \
   /* approximate float operations, each with a ULP bound */                                      \
   X(FRCP, "frcp", ACO_OPC_FLOAT_APPROX)                                                          \
   X(FRSQ, "frsq", ACO_OPC_FLOAT_APPROX)                                                          \
   X(FSQRT, "fsqrt", ACO_OPC_FLOAT_APPROX)                                                        \
   X(FEXP2, "fexp2", ACO_OPC_FLOAT_APPROX)                                                        \
   X(FLOG2, "flog2", ACO_OPC_FLOAT_APPROX)                                                        \
   X(FSIN, "fsin", ACO_OPC_FLOAT_APPROX)                                                          \
   X(FCOS, "fcos", ACO_OPC_FLOAT_APPROX)                                                          \
   X(FDIV, "fdiv", ACO_OPC_FLOAT_APPROX)                                                          \
   /* conversions */                                                                              \
   X(ZEXT, "zext", ACO_OPC_CONVERT)                                                               \
   X(SEXT, "sext", ACO_OPC_CONVERT)                                                               \
   X(TRUNC, "trunc", ACO_OPC_CONVERT)                                                             \
   X(FCONV, "fconv", ACO_OPC_CONVERT)                                                             \
   X(U2F, "u2f", ACO_OPC_CONVERT)                                                                 \
   X(S2F, "s2f", ACO_OPC_CONVERT)                                                                 \
   X(F2U, "f2u", ACO_OPC_CONVERT)                                                                 \
   X(F2S, "f2s", ACO_OPC_CONVERT)                                                                 \
   X(BITCAST, "bitcast", ACO_OPC_CONVERT)                                                         \
   X(SELECT, "select", ACO_OPC_SELECT)                                                            \
   X(VEC, "vec", ACO_OPC_VEC)                                                                     \
   X(EXTRACT, "extract", ACO_OPC_EXTRACT)                                                         \
   /* system values (i32) */                                                                      \
   X(LOCAL_ID_X, "local_invocation_id.x", ACO_OPC_SYSVAL)                                         \
   X(LOCAL_ID_Y, "local_invocation_id.y", ACO_OPC_SYSVAL)                                         \
   X(LOCAL_ID_Z, "local_invocation_id.z", ACO_OPC_SYSVAL)                                         \
   X(LOCAL_INDEX, "local_invocation_index", ACO_OPC_SYSVAL)                                       \
   X(WORKGROUP_ID_X, "workgroup_id.x", ACO_OPC_SYSVAL)                                            \
   X(WORKGROUP_ID_Y, "workgroup_id.y", ACO_OPC_SYSVAL)                                            \
   X(WORKGROUP_ID_Z, "workgroup_id.z", ACO_OPC_SYSVAL)                                            \
   X(SUBGROUP_INVOCATION, "subgroup_invocation", ACO_OPC_SYSVAL)                                  \
   X(SUBGROUP_SIZE, "subgroup_size", ACO_OPC_SYSVAL)                                              \
   X(SUBGROUP_ID, "subgroup_id", ACO_OPC_SYSVAL)                                                  \
   X(NUM_SUBGROUPS, "num_subgroups", ACO_OPC_SYSVAL)                                              \
   /* memory */                                                                                   \
   X(LOAD_GLOBAL, "load_global", ACO_OPC_LOAD)                                                    \
   X(STORE_GLOBAL, "store_global", ACO_OPC_STORE)                                                 \
   X(ATOMIC_GLOBAL, "atomic_global", ACO_OPC_ATOMIC)                                              \
   X(LOAD_UNIFORM, "load_uniform", ACO_OPC_LOAD)                                                  \
   X(LOAD_BUFFER, "load_buffer", ACO_OPC_LOAD)                                                    \
   X(STORE_BUFFER, "store_buffer", ACO_OPC_STORE)                                                 \
   X(ATOMIC_BUFFER, "atomic_buffer", ACO_OPC_ATOMIC)                                              \
   X(LOAD_SHARED, "load_shared", ACO_OPC_LOAD)                                                    \
   X(STORE_SHARED, "store_shared", ACO_OPC_STORE)                                                 \
   X(ATOMIC_SHARED, "atomic_shared", ACO_OPC_ATOMIC)                                              \
   X(LOAD_STACK, "load_stack", ACO_OPC_LOAD)                                                      \
   X(STORE_STACK, "store_stack", ACO_OPC_STORE)                                                   \
   /* subgroup operations */                                                                      \
   X(BALLOT, "ballot", ACO_OPC_SUBGROUP)                                                          \
   X(READ_FIRST_LANE, "read_first_lane", ACO_OPC_SUBGROUP)                                        \
   X(READ_LANE, "read_lane", ACO_OPC_SUBGROUP)                                                    \
   X(REDUCE, "reduce", ACO_OPC_REDUCE)                                                            \
   X(INCLUSIVE_SCAN, "inclusive_scan", ACO_OPC_REDUCE)                                            \
   X(EXCLUSIVE_SCAN, "exclusive_scan", ACO_OPC_REDUCE)                                            \
   X(BARRIER, "barrier", ACO_OPC_BARRIER)                                                         \
   X(FENCE, "fence", ACO_OPC_BARRIER)                                                             \
   /* calls */                                                                                    \
   X(CALL, "call", ACO_OPC_CALL)                                                                  \
   X(CALL_INDIRECT, "call_indirect", ACO_OPC_CALL)                                                \
   X(TAIL_CALL, "tail_call", ACO_OPC_CALL)                                                        \
   X(TAIL_CALL_INDIRECT, "tail_call_indirect", ACO_OPC_CALL)                                      \
   X(FUNC_ADDR, "func_addr", ACO_OPC_FUNC_ADDR)                                                   \
   /* structured control flow */                                                                  \
   X(IF, "if", ACO_OPC_IF)                                                                        \
   X(LOOP, "loop", ACO_OPC_LOOP)                                                                  \
   X(BREAK, "break", ACO_OPC_JUMP)                                                                \
   X(CONTINUE, "continue", ACO_OPC_JUMP)                                                          \
   X(YIELD, "yield", ACO_OPC_JUMP)                                                                \
   X(RETURN, "return", ACO_OPC_JUMP)

typedef enum aco_op {
   ACO_OP_INVALID = 0,
#define ACO_OP_ENUM_(name, text, cls) ACO_OP_##name,
   ACO_OP_LIST(ACO_OP_ENUM_)
#undef ACO_OP_ENUM_
   ACO_OP_COUNT
} aco_op;

#ifdef __cplusplus
}
#endif

#endif
