/* SPDX-License-Identifier: MIT */
/* A growing string on the embedder's allocator. Once an append fails the buffer is
 * marked failed and later appends do nothing, so callers check once at the end. */
#ifndef ACO_UTIL_STRBUF_H
#define ACO_UTIL_STRBUF_H

#include "util/alloc.h"

#include <stdarg.h>

struct aco_strbuf {
   const aco_allocator *allocator;
   char *data;
   uint32_t len, cap;
   bool failed;
};

void aco_strbuf_init(struct aco_strbuf *sb, const aco_allocator *a);
void aco_strbuf_finish(struct aco_strbuf *sb);
void aco_strbuf_append(struct aco_strbuf *sb, const char *s, size_t len);
void aco_strbuf_puts(struct aco_strbuf *sb, const char *s);
void aco_strbuf_printf(struct aco_strbuf *sb, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
void aco_strbuf_vprintf(struct aco_strbuf *sb, const char *fmt, va_list ap);
/* Always NUL-terminated; "" when empty or failed. */
const char *aco_strbuf_str(const struct aco_strbuf *sb);

#endif
