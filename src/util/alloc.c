/* SPDX-License-Identifier: MIT */
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

static void *
default_alloc(void *user, size_t size, size_t align)
{
   (void)user;
   if (align <= alignof(max_align_t))
      return malloc(size ? size : 1);
   return aligned_alloc(align, (size + align - 1) / align * align);
}

static void
default_free(void *user, void *ptr, size_t size)
{
   (void)user;
   (void)size;
   free(ptr);
}

static const aco_allocator default_allocator = {default_alloc, default_free, NULL};

const aco_allocator *
aco_default_allocator(void)
{
   return &default_allocator;
}

/* Each block remembers its size, so aco_free can hand it to the embedder's free. */
struct block_header {
   size_t size;
   max_align_t pad[];
};

void *
aco_alloc(const aco_allocator *a, size_t size)
{
   a = aco_allocator_or_default(a);
   if (size > SIZE_MAX - sizeof(struct block_header))
      return NULL;
   struct block_header *h =
      a->alloc(a->user, sizeof(struct block_header) + size, alignof(max_align_t));
   if (!h)
      return NULL;
   h->size = sizeof(struct block_header) + size;
   return h + 1;
}

void *
aco_calloc(const aco_allocator *a, size_t size)
{
   void *p = aco_alloc(a, size);
   if (p)
      memset(p, 0, size);
   return p;
}

void
aco_free(const aco_allocator *a, void *ptr)
{
   if (!ptr)
      return;
   a = aco_allocator_or_default(a);
   struct block_header *h = (struct block_header *)ptr - 1;
   a->free(a->user, h, h->size);
}

bool
aco_grow(const aco_allocator *a, void **ptr, uint32_t *cap, uint32_t min_count, size_t elem)
{
   if (*cap >= min_count)
      return true;
   uint64_t n = *cap ? *cap : 8;
   while (n < min_count)
      n *= 2;
   if (n > UINT32_MAX || n * elem > SIZE_MAX / 2)
      return false;
   void *p = aco_alloc(a, (size_t)(n * elem));
   if (!p)
      return false;
   if (*ptr)
      memcpy(p, *ptr, (size_t)*cap * elem);
   aco_free(a, *ptr);
   *ptr = p;
   *cap = (uint32_t)n;
   return true;
}

struct aco_arena_chunk {
   struct aco_arena_chunk *next;
   max_align_t data[];
};

#define ARENA_CHUNK_SIZE (32 * 1024)

void
aco_arena_init(struct aco_arena *arena, const aco_allocator *a)
{
   arena->allocator = aco_allocator_or_default(a);
   arena->chunks = NULL;
   arena->cur = arena->end = NULL;
}

void
aco_arena_finish(struct aco_arena *arena)
{
   struct aco_arena_chunk *c = arena->chunks;
   while (c) {
      struct aco_arena_chunk *next = c->next;
      aco_free(arena->allocator, c);
      c = next;
   }
   arena->chunks = NULL;
   arena->cur = arena->end = NULL;
}

void *
aco_arena_alloc(struct aco_arena *arena, size_t size, size_t align)
{
   if (!align)
      align = 1;
   uintptr_t p = ((uintptr_t)arena->cur + align - 1) & ~(uintptr_t)(align - 1);
   if (arena->cur && p <= (uintptr_t)arena->end && size <= (uintptr_t)arena->end - p) {
      arena->cur = (char *)(p + size);
      return (void *)p;
   }
   /* A new chunk: big allocations get one of their own, linked behind the current one
    * so the remainder of the current chunk stays usable. */
   if (size > SIZE_MAX / 2)
      return NULL;
   size_t want = size + align;
   size_t chunk = want > ARENA_CHUNK_SIZE / 4 ? want : ARENA_CHUNK_SIZE;
   struct aco_arena_chunk *c = aco_alloc(arena->allocator, sizeof(*c) + chunk);
   if (!c)
      return NULL;
   char *base = (char *)c->data;
   p = ((uintptr_t)base + align - 1) & ~(uintptr_t)(align - 1);
   if (chunk == want && arena->chunks) {
      c->next = arena->chunks->next;
      arena->chunks->next = c;
      return (void *)p;
   }
   c->next = arena->chunks;
   arena->chunks = c;
   arena->cur = (char *)(p + size);
   arena->end = base + chunk;
   return (void *)p;
}

void *
aco_arena_zalloc(struct aco_arena *arena, size_t size, size_t align)
{
   void *p = aco_arena_alloc(arena, size, align);
   if (p)
      memset(p, 0, size);
   return p;
}

char *
aco_arena_strdup(struct aco_arena *arena, const char *s, size_t len)
{
   char *d = aco_arena_alloc(arena, len + 1, 1);
   if (d) {
      memcpy(d, s, len);
      d[len] = 0;
   }
   return d;
}
