/* SPDX-License-Identifier: MIT */
/* aco_compile: the pipeline, pass by pass (docs/architecture.md). */
#include "ir/ir.h"

aco_status
aco_compile(aco_program *p, const aco_compile_options *options, const aco_allocator *allocator,
            aco_binary **binary)
{
   if (!binary)
      return p ? air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_compile: binary is NULL")
               : ACO_ERROR_INVALID_ARGUMENT;
   *binary = NULL;
   if (!p)
      return ACO_ERROR_INVALID_ARGUMENT;
   if (options && options->struct_size < sizeof(aco_compile_options))
      return air_error(p, ACO_ERROR_INVALID_ARGUMENT, "aco_compile: bad aco_compile_options");
   (void)allocator;
   aco_status s = air_validate(p);
   if (s != ACO_SUCCESS)
      return s;
   return air_error(p, ACO_ERROR_UNSUPPORTED,
                    "aco_compile: code generation is not available yet (the program is valid)");
}

void
aco_binary_destroy(aco_binary *binary)
{
   if (!binary)
      return;
   aco_allocator a = binary->allocator;
   a.free(a.user, binary, binary->allocation_size);
}
