/* SPDX-License-Identifier: MIT */
#include "util/strbuf.h"

#include <stdio.h>
#include <string.h>

void
aco_strbuf_init(struct aco_strbuf *sb, const aco_allocator *a)
{
   memset(sb, 0, sizeof(*sb));
   sb->allocator = aco_allocator_or_default(a);
}

void
aco_strbuf_finish(struct aco_strbuf *sb)
{
   aco_free(sb->allocator, sb->data);
   sb->data = NULL;
   sb->len = sb->cap = 0;
}

void
aco_strbuf_append(struct aco_strbuf *sb, const char *s, size_t len)
{
   if (sb->failed)
      return;
   if (len >= UINT32_MAX - sb->len ||
       !aco_grow(sb->allocator, (void **)&sb->data, &sb->cap, sb->len + (uint32_t)len + 1, 1)) {
      sb->failed = true;
      return;
   }
   memcpy(sb->data + sb->len, s, len);
   sb->len += (uint32_t)len;
   sb->data[sb->len] = 0;
}

void
aco_strbuf_puts(struct aco_strbuf *sb, const char *s)
{
   aco_strbuf_append(sb, s, strlen(s));
}

void
aco_strbuf_vprintf(struct aco_strbuf *sb, const char *fmt, va_list ap)
{
   char small[256];
   va_list copy;
   va_copy(copy, ap);
   int n = vsnprintf(small, sizeof(small), fmt, copy);
   va_end(copy);
   if (n < 0) {
      sb->failed = true;
      return;
   }
   if ((size_t)n < sizeof(small)) {
      aco_strbuf_append(sb, small, (size_t)n);
      return;
   }
   if (sb->failed || !aco_grow(sb->allocator, (void **)&sb->data, &sb->cap,
                               sb->len + (uint32_t)n + 1, 1)) {
      sb->failed = true;
      return;
   }
   vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
   sb->len += (uint32_t)n;
}

void
aco_strbuf_printf(struct aco_strbuf *sb, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   aco_strbuf_vprintf(sb, fmt, ap);
   va_end(ap);
}

const char *
aco_strbuf_str(const struct aco_strbuf *sb)
{
   return sb->data && !sb->failed ? sb->data : "";
}
