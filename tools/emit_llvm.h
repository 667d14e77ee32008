/* SPDX-License-Identifier: MIT */
/* aco-cc --emit-llvm: a validated front-IR program as LLVM IR for llc-19
 * (docs/emit-llvm.md). */
#ifndef ACO_TOOLS_EMIT_LLVM_H
#define ACO_TOOLS_EMIT_LLVM_H

#include "aco/aco.h"
#include "util/strbuf.h"

#include <stddef.h>
#include <stdio.h>

/* Appends the module to out. ACO_ERROR_UNSUPPORTED (message in err) for constructs the
 * translation does not express. */
aco_status air_emit_llvm(struct aco_program *p, struct aco_strbuf *out, char *err,
                         size_t err_size);

/* aco-cc --emit-llvm: writes the module or prints the error; the tool's exit status. */
int emit_llvm_to_file(aco_program *p, FILE *out);

#endif
