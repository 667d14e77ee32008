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

/* Chunks start small and double: most arenas belong to small functions or to one pass
 * over a small program and need a few KB, while a large program's arena should not take
 * thousands of chunks. The memory a compile touches is what it costs beyond its
 * instructions (fresh pages fault in), so a tiny function must not get 32 KB. 32 KB at
 * most: glibc considers giving the top of its heap back to the system whenever a block
 * of 64 KB or more is freed (and maps blocks from 128 KB on afresh), and each time it
 * does, the next compile faults those pages in again (alu_4k: 184 page faults per
 * compile with 64 KB chunks, 24 with 32 KB). Sizes are what is asked of the allocator,
 * header included. */
#define ARENA_FIRST_CHUNK (2 * 1024)
#define ARENA_MAX_CHUNK (32 * 1024)

void
aco_arena_init(struct aco_arena *arena, const aco_allocator *a)
{
   arena->allocator = aco_allocator_or_default(a);
   arena->chunks = NULL;
   arena->cur = arena->end = NULL;
   arena->next_chunk = 0;
}

void
aco_arena_finish(struct aco_arena *arena)
{
   /* in the reverse of the list's order, about the order the chunks were taken: the
    * newest ones tend to lie at the top of a brk heap, and freeing them first would
    * have malloc give the top back to the system piece by piece (glibc trims when more
    * than 128 KB is free at the top: a system call and a TLB flush per piece, and the
    * next compile faults the pages in again); freed last, the top is trimmed once */
   struct aco_arena_chunk *c = arena->chunks, *oldest = NULL;
   while (c) {
      struct aco_arena_chunk *next = c->next;
      c->next = oldest;
      oldest = c;
      c = next;
   }
   c = oldest;
   while (c) {
      struct aco_arena_chunk *next = c->next;
      aco_free(arena->allocator, c);
      c = next;
   }
   arena->chunks = NULL;
   arena->cur = arena->end = NULL;
   arena->next_chunk = 0;
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
   /* A new chunk, of the next size or larger, so that the allocation takes at most a
    * quarter of it; allocations too big for that get a chunk of their own, linked behind
    * the current one so the remainder of the current chunk stays usable. */
   if (size > SIZE_MAX / 2)
      return NULL;
   size_t want = size + align;
   size_t head = sizeof(struct aco_arena_chunk) + sizeof(struct block_header);
   size_t next = arena->next_chunk ? arena->next_chunk : ARENA_FIRST_CHUNK;
   while (next < ARENA_MAX_CHUNK && want > (next - head) / 4)
      next *= 2;
   size_t chunk = want > (next - head) / 4 ? want : next - head;
   if (chunk != want)
      arena->next_chunk = next < ARENA_MAX_CHUNK ? next * 2 : ARENA_MAX_CHUNK;
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
