/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the command-line tools. */
#ifndef ACO_TOOL_IO_H
#define ACO_TOOL_IO_H

#include <stddef.h>
#include <stdio.h>

/* Reads all of f into a malloc'ed buffer; NULL on a read or allocation error. */
char *tool_read_all(FILE *f, size_t *len);

#endif
