/* SPDX-License-Identifier: MIT */
#ifndef ACO_TESTS_FUZZ_SPIRV_H
#define ACO_TESTS_FUZZ_SPIRV_H

#include "aco/aco_core.h"

#include <stddef.h>
#include <stdint.h>

/* Translates (and, when that succeeds, compiles) the bytes as a SPIR-V module; aborts when
 * a failure's message names no word offset or a translated module does not compile.
 * *status (may be NULL) receives the translation's status. */
int fuzz_spirv_one(const uint8_t *data, size_t size, aco_status *status);

#endif
