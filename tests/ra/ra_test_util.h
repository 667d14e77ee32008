/* SPDX-License-Identifier: MIT */
/* Small machine-IR construction helpers for the register-allocation tests. */
#ifndef ACO_TESTS_RA_UTIL_H
#define ACO_TESTS_RA_UTIL_H

#include "mir/mir.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static inline struct aco_minstr *
t_instr(struct aco_mprogram *p, struct aco_mblock *b, enum aco_opcode op, unsigned ndefs,
        const aco_definition *defs, unsigned nops, const aco_operand *ops)
{
   struct aco_minstr *in = aco_minstr_create(&p->arena, op, nops, ndefs);
   if (!in)
      return NULL;
   for (unsigned i = 0; i < ndefs; i++)
      in->definitions[i] = defs[i];
   for (unsigned i = 0; i < nops; i++)
      in->operands[i] = ops[i];
   if (!aco_vec_push(p->allocator, &b->instrs, in))
      return NULL;
   return in;
}

/* p_unit_test defining `def` (id 0: none) from up to three operands. */
static inline struct aco_minstr *
t_ut(struct aco_mprogram *p, struct aco_mblock *b, aco_temp def, unsigned nops,
     const aco_operand *ops)
{
   aco_definition d = aco_def_temp(def);
   return t_instr(p, b, aco_op_p_unit_test, def.id ? 1 : 0, &d, nops, ops);
}

/* A new temporary defined by a p_unit_test without operands. */
static inline aco_temp
t_def(struct aco_mprogram *p, struct aco_mblock *b, aco_rc rc)
{
   aco_temp t = aco_mprogram_new_temp(p, rc);
   t_ut(p, b, t, 0, NULL);
   return t;
}

/* A p_unit_test reading the given temporaries. */
static inline struct aco_minstr *
t_use(struct aco_mprogram *p, struct aco_mblock *b, unsigned n, const aco_temp *ts)
{
   aco_operand ops[16];
   for (unsigned i = 0; i < n; i++)
      ops[i] = aco_opnd_temp(ts[i]);
   return t_ut(p, b, aco_temp_make(0, aco_rc_s(1)), n, ops);
}

/* Uniform control flow: the logical and the linear edge. */
static inline void
t_edge(struct aco_mprogram *p, struct aco_mblock *a, struct aco_mblock *b)
{
   aco_mblock_add_logical_edge(p, a, b);
   aco_mblock_add_linear_edge(p, a, b);
}

static inline void
t_dump(const struct aco_mprogram *p)
{
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, p->allocator);
   aco_mprint_program(p, &sb);
   fprintf(stderr, "%s\n", aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
}

/* Register allocation and its validator on p; on failure prints why and the program. */
static inline bool
t_allocate(struct aco_mprogram *p)
{
   aco_status st = aco_register_allocate(p);
   if (st == ACO_SUCCESS)
      st = aco_validate_ra(p);
   if (st != ACO_SUCCESS) {
      fprintf(stderr, "%s\n%s", p->message, p->report ? p->report : "");
      t_dump(p);
   }
   return st == ACO_SUCCESS;
}

/* Number of instructions with this opcode in the program. */
static inline unsigned
t_count_op(const struct aco_mprogram *p, enum aco_opcode op)
{
   unsigned n = 0;
   for (uint32_t bi = 0; bi < p->blocks.len; bi++) {
      const struct aco_mblock *b = p->blocks.data[bi];
      for (uint32_t i = 0; i < b->instrs.len; i++)
         n += b->instrs.data[i]->opcode == op;
   }
   return n;
}

#endif
