/* SPDX-License-Identifier: MIT */
#ifndef ACO_TESTS_FUZZ_PARSE_H
#define ACO_TESTS_FUZZ_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* One input; aborts (after a message) if a property is violated. */
int fuzz_parse_one(const uint8_t *data, size_t size);

#endif
