/* SPDX-License-Identifier: MIT */
/* Builds a small compute kernel with the builder API, validates it and prints it. */
#include <aco/aco.h>

#include <stdio.h>

static void
write_stdout(void *user, const char *data, size_t len)
{
   fwrite(data, 1, len, (FILE *)user);
}

int
main(void)
{
   aco_program_info info = {sizeof(info), {ACO_GFX1100, 32}, NULL /* malloc/free */, NULL, NULL};
   aco_program *p;
   if (aco_program_create(&info, &p) != ACO_SUCCESS)
      return 1;

   aco_param_info params[] = {{aco_type_ptr(), ACO_PARAM_UNIFORM, "out"}};
   aco_function_info fi = {sizeof(fi), "main", NULL /* compute_default */, ACO_FUNCTION_ENTRY,
                           1, params, {0, 0, 0, 0}, {64, 1, 1}};
   aco_function *f;
   aco_function_create(p, &fi, &f);

   aco_builder *b;
   aco_builder_create(f, &b);
   aco_value lid = aco_b_op(b, ACO_OP_LOCAL_ID_X, NULL, 0);
   aco_value off = aco_b_imul(b, lid, aco_b_imm32(b, 4));
   aco_address at = {.base = aco_function_param(f, 0), .offset = off};
   aco_b_store(b, ACO_OP_STORE_GLOBAL, &at, lid);
   aco_b_return(b, NULL);
   int rc = 0;
   if (aco_builder_finish(b) != ACO_SUCCESS) { /* builder errors stick: check once */
      fprintf(stderr, "%s\n", aco_program_message(p));
      rc = 1;
   }
   aco_builder_destroy(b);

   if (!rc && aco_program_validate(p) != ACO_SUCCESS) {
      fprintf(stderr, "%s\n", aco_program_message(p)); /* every error, located */
      rc = 1;
   }
   if (!rc)
      aco_program_print(p, write_stdout, stdout);
   aco_program_destroy(p); /* frees everything */
   return rc;
}
