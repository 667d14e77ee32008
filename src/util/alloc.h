/* SPDX-License-Identifier: MIT */
/* Memory from the embedder's allocator, and arenas carved from it.
 *
 * Every byte libaco uses comes from an aco_allocator. Inside a program or a compile,
 * objects live in arenas: allocated in chunks, never freed one by one, all released
 * when the arena is. An allocation that fails returns NULL and leaves the arena usable;
 * callers turn that into ACO_ERROR_OUT_OF_MEMORY. */
#ifndef ACO_UTIL_ALLOC_H
#define ACO_UTIL_ALLOC_H

#include "aco/aco_core.h"

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The allocator a NULL pointer stands for: malloc/free. */
const aco_allocator *aco_default_allocator(void);
static inline const aco_allocator *
aco_allocator_or_default(const aco_allocator *a)
{
   return a ? a : aco_default_allocator();
}

void *aco_alloc(const aco_allocator *a, size_t size);
void *aco_calloc(const aco_allocator *a, size_t size);
void aco_free(const aco_allocator *a, void *ptr);
/* Grows *ptr to at least min_count elements (doubling); false on failure, *ptr kept. */
bool aco_grow(const aco_allocator *a, void **ptr, uint32_t *cap, uint32_t min_count, size_t elem);

struct aco_arena_chunk;
struct aco_arena {
   const aco_allocator *allocator;
   struct aco_arena_chunk *chunks;
   char *cur, *end;
   size_t next_chunk; /* bytes of the next chunk (0: the first size) */
};

void aco_arena_init(struct aco_arena *arena, const aco_allocator *a);
void aco_arena_finish(struct aco_arena *arena);
void *aco_arena_alloc(struct aco_arena *arena, size_t size, size_t align);
void *aco_arena_zalloc(struct aco_arena *arena, size_t size, size_t align);
char *aco_arena_strdup(struct aco_arena *arena, const char *s, size_t len);

#define aco_arena_new(arena, type) ((type *)aco_arena_zalloc((arena), sizeof(type), alignof(type)))
#define aco_arena_array(arena, type, n)                                                          \
   ((type *)aco_arena_zalloc((arena), sizeof(type) * (size_t)(n), alignof(type)))

/* A growable array of elements of one type, on the allocator (not an arena). */
#define ACO_VEC(type)                                                                            \
   struct {                                                                                      \
      type *data;                                                                                \
      uint32_t len, cap;                                                                         \
   }
#define aco_vec_push(a, v, elem)                                                                 \
   (((v)->len < (v)->cap ||                                                                      \
     aco_grow((a), (void **)&(v)->data, &(v)->cap, (v)->len + 1, sizeof(*(v)->data))) &&       \
    ((v)->data[(v)->len++] = (elem), true))
/* Room for at least n elements (len unchanged); false on failure. */
#define aco_vec_reserve(a, v, n)                                                                 \
   ((uint32_t)(n) <= (v)->cap ||                                                                 \
    aco_grow((a), (void **)&(v)->data, &(v)->cap, (uint32_t)(n), sizeof(*(v)->data)))
#define aco_vec_free(a, v) (aco_free((a), (v)->data), (v)->data = NULL, (v)->len = (v)->cap = 0)

#endif
