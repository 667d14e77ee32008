/* SPDX-License-Identifier: MIT */
/* aco_pool: an allocator that keeps what is freed into it for the next allocations.
 *
 * A compile allocates a few hundred blocks and frees them all at its end. Given straight
 * to malloc, those frees can hand the top of the heap back to the system, and the next
 * compile faults the same pages in again (docs/performance.md: for a program of a few
 * thousand instructions that is a third of the compile). A pool that a thread keeps
 * across its compiles turns the second compile's allocations into free-list pops.
 *
 * Sizes are rounded up to classes: 16-byte steps to 64 bytes, then four classes per
 * power of two (80, 96, 112, 128, 160, ...), so a block wastes at most a quarter of
 * itself. Each class has a free list threaded through its free blocks. Blocks up to
 * SLAB_MAX_BLOCK are carved from slabs; larger ones are allocated from the backing
 * allocator one by one. Both are recorded in `owned` and given back only by
 * aco_pool_release or aco_pool_destroy. Blocks are aligned to 16 bytes, and to 64 from
 * 64 bytes on; larger alignments are refused (NULL).
 *
 * free receives the size that was asked for, not the class that served it: a block
 * served at a larger class for its alignment goes back to the smaller class, which it
 * covers (it is at least that large and at least that aligned). */
#include "util/alloc.h"

#include <string.h>

/* Under AddressSanitizer the blocks the pool holds but has not handed out are poisoned,
 * so a use after free or an overflow into a neighbour is still reported. */
#if defined(__SANITIZE_ADDRESS__)
#define POOL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ASAN 1
#endif
#endif
#ifdef POOL_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define MIN_CLASS_BYTES 16
#define SMALL_CLASSES 4 /* 16, 32, 48, 64 */
#define MAX_POOLED ((size_t)1 << 30)
#define NUM_CLASSES (SMALL_CLASSES + 4 * 24) /* up to 2^30 */
#define SLAB_BYTES (64 * 1024)
#define SLAB_MAX_BLOCK (8 * 1024)
#define BLOCK_ALIGN 64

struct owned_block {
   void *ptr;
   size_t size;
};

struct aco_pool {
   aco_allocator allocator; /* what aco_pool_allocator gives out: user = this pool */
   aco_allocator backing;
   void *free_list[NUM_CLASSES];
   char *slab_cur, *slab_end;
   struct owned_block *owned; /* every allocation from `backing`, for release */
   size_t num_owned, cap_owned;
   size_t held, in_use; /* bytes taken from `backing`, bytes handed out now */
};

static unsigned
floor_log2(size_t v)
{
   unsigned r = 0;
   while (v >>= 1)
      r++;
   return r;
}

/* The class of a size (1 <= size <= MAX_POOLED). */
static unsigned
class_of(size_t size)
{
   if (size <= SMALL_CLASSES * MIN_CLASS_BYTES)
      return (unsigned)((size + MIN_CLASS_BYTES - 1) / MIN_CLASS_BYTES) - 1;
   unsigned k = floor_log2(size - 1); /* 2^k < size <= 2^(k+1), k >= 6 */
   size_t step = (size_t)1 << (k - 2);
   size_t sub = (size - ((size_t)1 << k) + step - 1) / step; /* 1..4 */
   return SMALL_CLASSES + (k - 6) * 4 + (unsigned)sub - 1;
}

static size_t
class_bytes(unsigned c)
{
   if (c < SMALL_CLASSES)
      return (size_t)(c + 1) * MIN_CLASS_BYTES;
   unsigned k = (c - SMALL_CLASSES) / 4 + 6, sub = (c - SMALL_CLASSES) % 4 + 1;
   return ((size_t)1 << k) + sub * ((size_t)1 << (k - 2));
}

/* Takes `size` bytes from the backing allocator and records them. */
static void *
take_backing(struct aco_pool *pool, size_t size)
{
   if (pool->num_owned == pool->cap_owned) {
      size_t cap = pool->cap_owned ? pool->cap_owned * 2 : 64;
      struct owned_block *n =
         pool->backing.alloc(pool->backing.user, cap * sizeof(*n), alignof(struct owned_block));
      if (!n)
         return NULL;
      if (pool->owned) {
         memcpy(n, pool->owned, pool->num_owned * sizeof(*n));
         pool->backing.free(pool->backing.user, pool->owned, pool->cap_owned * sizeof(*n));
      }
      pool->owned = n;
      pool->cap_owned = cap;
   }
   void *p = pool->backing.alloc(pool->backing.user, size, BLOCK_ALIGN);
   if (!p)
      return NULL;
   pool->owned[pool->num_owned++] = (struct owned_block){p, size};
   pool->held += size;
   POISON(p, size);
   return p;
}

/* A new block of class c: carved from the current slab, or a slab or block of its own. */
static void *
new_block(struct aco_pool *pool, unsigned c)
{
   size_t bytes = class_bytes(c);
   if (bytes > SLAB_MAX_BLOCK)
      return take_backing(pool, bytes);
   size_t align = bytes >= BLOCK_ALIGN ? BLOCK_ALIGN : MIN_CLASS_BYTES;
   uintptr_t at = ((uintptr_t)pool->slab_cur + align - 1) & ~(uintptr_t)(align - 1);
   if (!pool->slab_cur || at + bytes > (uintptr_t)pool->slab_end) {
      char *slab = take_backing(pool, SLAB_BYTES);
      if (!slab)
         return NULL;
      pool->slab_cur = slab;
      pool->slab_end = slab + SLAB_BYTES;
      at = (uintptr_t)slab;
   }
   pool->slab_cur = (char *)(at + bytes);
   return (void *)at;
}

static void *
pool_alloc(void *user, size_t size, size_t align)
{
   struct aco_pool *pool = user;
   if (align > BLOCK_ALIGN)
      return NULL;
   if (size > MAX_POOLED)
      return pool->backing.alloc(pool->backing.user, size, align);
   size_t need = size ? size : 1;
   if (align > MIN_CLASS_BYTES && need < BLOCK_ALIGN)
      need = BLOCK_ALIGN; /* only classes from 64 bytes on are 64-aligned */
   unsigned c = class_of(need);
   void *p = pool->free_list[c];
   if (p) {
      UNPOISON(p, sizeof(void *));
      memcpy(&pool->free_list[c], p, sizeof(void *));
   } else if (!(p = new_block(pool, c))) {
      return NULL;
   }
   UNPOISON(p, size ? size : 1);
   pool->in_use += size;
   return p;
}

static void
pool_free(void *user, void *ptr, size_t size)
{
   struct aco_pool *pool = user;
   if (!ptr)
      return;
   if (size > MAX_POOLED) {
      pool->backing.free(pool->backing.user, ptr, size);
      return;
   }
   unsigned c = class_of(size ? size : 1);
   POISON(ptr, class_bytes(c));
   UNPOISON(ptr, sizeof(void *));
   memcpy(ptr, &pool->free_list[c], sizeof(void *));
   POISON(ptr, sizeof(void *));
   pool->free_list[c] = ptr;
   pool->in_use -= size;
}

aco_status
aco_pool_create(const aco_allocator *backing, aco_pool **out)
{
   if (!out)
      return ACO_ERROR_INVALID_ARGUMENT;
   *out = NULL;
   const aco_allocator *b = aco_allocator_or_default(backing);
   if (!b->alloc || !b->free)
      return ACO_ERROR_INVALID_ARGUMENT;
   struct aco_pool *pool = b->alloc(b->user, sizeof(*pool), alignof(struct aco_pool));
   if (!pool)
      return ACO_ERROR_OUT_OF_MEMORY;
   memset(pool, 0, sizeof(*pool));
   pool->backing = *b;
   pool->allocator = (aco_allocator){pool_alloc, pool_free, pool};
   *out = pool;
   return ACO_SUCCESS;
}

const aco_allocator *
aco_pool_allocator(aco_pool *pool)
{
   return pool ? &pool->allocator : NULL;
}

size_t
aco_pool_held_bytes(const aco_pool *pool)
{
   return pool ? pool->held : 0;
}

/* Gives every slab and block back to the backing allocator. */
static void
release_all(struct aco_pool *pool)
{
   for (size_t i = 0; i < pool->num_owned; i++) {
      UNPOISON(pool->owned[i].ptr, pool->owned[i].size);
      pool->backing.free(pool->backing.user, pool->owned[i].ptr, pool->owned[i].size);
   }
   if (pool->owned)
      pool->backing.free(pool->backing.user, pool->owned, pool->cap_owned * sizeof(*pool->owned));
   pool->owned = NULL;
   pool->num_owned = pool->cap_owned = 0;
   pool->held = 0;
   pool->slab_cur = pool->slab_end = NULL;
   memset(pool->free_list, 0, sizeof(pool->free_list));
}

aco_status
aco_pool_release(aco_pool *pool)
{
   if (!pool || pool->in_use)
      return ACO_ERROR_INVALID_ARGUMENT;
   release_all(pool);
   return ACO_SUCCESS;
}

void
aco_pool_destroy(aco_pool *pool)
{
   if (!pool)
      return;
   release_all(pool);
   aco_allocator b = pool->backing;
   b.free(b.user, pool, sizeof(*pool));
}
