/* SPDX-License-Identifier: MIT */
/* What a shader cache needs: the library's version, an identifier of the compiler that
 * changes whenever its output may, a stable hash of compile options, and binaries as
 * position-independent blobs (docs/cache.md). */
#ifndef ACO_CACHE_H
#define ACO_CACHE_H

#include "aco/aco_compile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "MAJOR.MINOR.PATCH" of the library that runs (ACO_VERSION_* are those of the headers). */
ACO_API const char *aco_version(void);

#define ACO_IDENTIFIER_SIZE 32

/* The compiler identifier for cache keys, ACO_IDENTIFIER_SIZE bytes: the version, a hash
 * of the build (the compiler's tables and the C compiler that built it), and a hash of the
 * ACO_DEBUG options of the environment that change code (docs/cache.md has the layout).
 * Equal identifiers compile equal programs with equal options into equal binaries. */
ACO_API void aco_compiler_identifier(uint8_t identifier[ACO_IDENTIFIER_SIZE]);

/* A hash of everything in the options that changes the binary (NULL: the defaults), the
 * same on every host and in every version with the same aco_compile_options fields; two
 * option structures with equal hashes compile alike. 0 is never returned. */
ACO_API uint64_t aco_compile_options_hash(const aco_compile_options *options);

/* Writes the binary as a blob: a header (magic, format version, size, checksum, the
 * compiler identifier), then everything of the binary without pointers. Two calls: with
 * blob NULL, *size receives the size needed; with a buffer, *size is its size on entry and
 * the size written on return (ACO_ERROR_INVALID_ARGUMENT if too small). */
ACO_API aco_status aco_binary_serialize(const aco_binary *binary, void *blob, size_t *size);

/* A binary again from a blob of aco_binary_serialize, in one allocation from `allocator`
 * (NULL: malloc); free it with aco_binary_destroy. A blob that is truncated, corrupted
 * (checksum), of another format version or made by another compiler (identifier) is
 * refused with ACO_ERROR_INVALID_ARGUMENT and, if message is not NULL, a text saying why. */
ACO_API aco_status aco_binary_deserialize(const void *blob, size_t size,
                                          const aco_allocator *allocator, aco_binary **binary,
                                          char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
