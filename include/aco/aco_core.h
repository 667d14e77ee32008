/* SPDX-License-Identifier: MIT */
/* libaco core types: status codes, allocator, targets, front-IR value types. */
#ifndef ACO_CORE_H
#define ACO_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && !defined(ACO_BUILDING_LIBRARY_STATIC)
#define ACO_API __attribute__((visibility("default")))
#else
#define ACO_API
#endif

#define ACO_VERSION_MAJOR 0
#define ACO_VERSION_MINOR 1
#define ACO_VERSION_PATCH 0

typedef enum aco_status {
   ACO_SUCCESS = 0,
   ACO_ERROR_INVALID_ARGUMENT = 1, /* API misuse: NULL handle, wrong handle kind, bad option */
   ACO_ERROR_INVALID_IR = 2,       /* the validator rejected the program */
   ACO_ERROR_PARSE = 3,            /* the text form could not be parsed */
   ACO_ERROR_OUT_OF_MEMORY = 4,    /* the allocator returned NULL */
   ACO_ERROR_UNSUPPORTED = 5,      /* valid, but not supported (yet); the message names what */
   ACO_ERROR_REGISTER_LIMIT = 6,   /* the program cannot fit the requested register limits */
   ACO_ERROR_LINK = 7,             /* unresolved or inconsistent symbols between binaries */
} aco_status;

/* A short constant description of a status ("invalid IR", ...). Never NULL. */
ACO_API const char *aco_status_string(aco_status status);

/* All memory libaco uses comes from this allocator. alloc returns memory aligned to at
 * least `align` (a power of two) or NULL; free receives the size that was allocated.
 * A NULL aco_allocator pointer anywhere means malloc/free. */
typedef struct aco_allocator {
   void *(*alloc)(void *user, size_t size, size_t align);
   void (*free)(void *user, void *ptr, size_t size);
   void *user;
} aco_allocator;

/* A memory pool: an allocator that keeps the memory freed into it and serves the next
 * allocations from it, taking more from its backing allocator only when it has no block
 * of the size. A driver that compiles many programs on one thread gives each compile's
 * program (aco_program_info.allocator) and aco_compile the pool's allocator, so that
 * from the second compile on no memory is taken from, or given back to, the system.
 * The pool holds the most memory it was ever asked for until it is released.
 *
 * Not thread-safe: one pool per thread (or a lock around every use). Alignments above
 * 64 bytes are refused (the allocation returns NULL; libaco asks for at most 16).
 * Everything allocated from a pool must be freed before aco_pool_release, and must no
 * longer be used after aco_pool_destroy (a binary that outlives the pool should come
 * from another allocator). backing: NULL means malloc/free. */
typedef struct aco_pool aco_pool;
ACO_API aco_status aco_pool_create(const aco_allocator *backing, aco_pool **pool);
/* The pool as an allocator; valid until aco_pool_destroy. NULL for a NULL pool. */
ACO_API const aco_allocator *aco_pool_allocator(aco_pool *pool);
/* Bytes the pool holds from its backing allocator (blocks in use and free). */
ACO_API size_t aco_pool_held_bytes(const aco_pool *pool);
/* Gives all held memory back to the backing allocator. ACO_ERROR_INVALID_ARGUMENT (and
 * nothing is given back) while any block of the pool is still allocated. */
ACO_API aco_status aco_pool_release(aco_pool *pool);
/* Gives all held memory back and frees the pool; NULL is ignored. */
ACO_API void aco_pool_destroy(aco_pool *pool);

typedef enum aco_gfx_level {
   ACO_GFX_NONE = 0,
   ACO_GFX1030 = 1030, /* RDNA2 */
   ACO_GFX1100 = 1100, /* RDNA3 */
   ACO_GFX1200 = 1200, /* RDNA4 */
} aco_gfx_level;

typedef struct aco_target {
   aco_gfx_level gfx_level;
   uint32_t wave_size; /* 32 or 64 */
} aco_target;

/* The name LLVM uses for the processor ("gfx1100"), or NULL for an unknown level. */
ACO_API const char *aco_gfx_level_name(aco_gfx_level level);

/* ---- front-IR value types ----------------------------------------------------------- */

typedef enum aco_base_type {
   ACO_BASE_INVALID = 0,
   ACO_BASE_INT = 1,   /* i1 (booleans), i8, i16, i32, i64; signedness is in the operation */
   ACO_BASE_FLOAT = 2, /* f16, f32, f64 */
   ACO_BASE_PTR = 3,   /* 64-bit global address (also function addresses) */
} aco_base_type;

/* A scalar or a vector of 2..16 components. Passed by value. */
typedef struct aco_type {
   uint8_t base;  /* aco_base_type */
   uint8_t bits;  /* 1, 8, 16, 32 or 64 */
   uint8_t comps; /* 1..16 */
   uint8_t reserved;
} aco_type;

static inline aco_type
aco_type_make(aco_base_type base, unsigned bits, unsigned comps)
{
   aco_type t;
   t.base = (uint8_t)base;
   t.bits = (uint8_t)bits;
   t.comps = (uint8_t)comps;
   t.reserved = 0;
   return t;
}
static inline aco_type aco_type_int(unsigned bits) { return aco_type_make(ACO_BASE_INT, bits, 1); }
static inline aco_type aco_type_float(unsigned bits) { return aco_type_make(ACO_BASE_FLOAT, bits, 1); }
static inline aco_type aco_type_bool(void) { return aco_type_make(ACO_BASE_INT, 1, 1); }
static inline aco_type aco_type_ptr(void) { return aco_type_make(ACO_BASE_PTR, 64, 1); }
static inline aco_type
aco_type_vec(aco_type scalar, unsigned comps)
{
   scalar.comps = (uint8_t)comps;
   return scalar;
}
static inline bool
aco_type_equal(aco_type a, aco_type b)
{
   return a.base == b.base && a.bits == b.bits && a.comps == b.comps;
}

/* An SSA value of one function; id 0 is "no value". Passed by value. The id also says
 * which function it belongs to: a value passed to a builder of another function is refused
 * (always for functions of one program created fewer than 255 apart, otherwise almost
 * always). */
typedef struct aco_value {
   uint32_t id;
} aco_value;

static inline bool aco_value_is_valid(aco_value v) { return v.id != 0; }

/* ---- floating-point environment of a function ----------------------------------------- */

typedef enum aco_denorm_mode {
   ACO_DENORM_PRESERVE = 0, /* denormal inputs and outputs kept (IEEE) */
   ACO_DENORM_FLUSH = 1,    /* denormal inputs and outputs flushed to a zero of the same sign */
} aco_denorm_mode;

typedef enum aco_round_mode {
   ACO_ROUND_NEAREST_EVEN = 0,
   ACO_ROUND_TOWARD_POSITIVE = 1,
   ACO_ROUND_TOWARD_NEGATIVE = 2,
   ACO_ROUND_TOWARD_ZERO = 3,
} aco_round_mode;

/* Per function; a call keeps the caller's mode (callees must have the same one). */
typedef struct aco_float_mode {
   uint8_t denorm32;    /* aco_denorm_mode for f32 */
   uint8_t denorm16_64; /* aco_denorm_mode for f16 and f64 */
   uint8_t round32;     /* aco_round_mode for f32 */
   uint8_t round16_64;  /* aco_round_mode for f16 and f64 */
} aco_float_mode;

#ifdef __cplusplus
}
#endif

#endif
