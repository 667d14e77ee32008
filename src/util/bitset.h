/* SPDX-License-Identifier: MIT */
/* Small fixed bit sets, such as one bit per scalar operand field (0..127). */
#ifndef ACO_UTIL_BITSET_H
#define ACO_UTIL_BITSET_H

#include <stdbool.h>
#include <stdint.h>

/* Sets bits [first, first + count) of a 128-bit set (bits past 127 are ignored). */
static inline void
aco_bitset128_set(uint64_t set[2], unsigned first, unsigned count)
{
   for (unsigned i = first; i < first + count && i < 128; i++)
      set[i / 64] |= UINT64_C(1) << (i % 64);
}

/* Whether any of bits [first, first + count) of a 128-bit set is set. */
static inline bool
aco_bitset128_test(const uint64_t set[2], unsigned first, unsigned count)
{
   for (unsigned i = first; i < first + count && i < 128; i++) {
      if (set[i / 64] & (UINT64_C(1) << (i % 64)))
         return true;
   }
   return false;
}

/* The index of the lowest set bit of a non-zero word. */
static inline unsigned
aco_ctz64(uint64_t m)
{
#if defined(__GNUC__)
   return (unsigned)__builtin_ctzll(m);
#else
   unsigned n = 0;
   while (!(m & 1))
      m >>= 1, n++;
   return n;
#endif
}

#endif
