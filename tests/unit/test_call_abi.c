/* SPDX-License-Identifier: MIT */
/* Parameter assignment (src/isel/call_abi.c, docs/calls.md): the worked examples of
 * docs/calls.md as tables for each built-in ABI in wave32 and wave64, the edge cases of
 * the algorithm one by one, the properties every assignment must have checked over many
 * generated signatures and ABIs, and invalid inputs. */
#include "helpers.h"

#include "isel/call_abi.h"

#include <dirent.h>

#define MAX_PARAMS 64

/* ---- helpers ----------------------------------------------------------------------------- */

static aco_param_info
P(aco_type type, uint32_t flags, const char *name)
{
   aco_param_info p = {type, flags, name};
   return p;
}

#define U ACO_PARAM_UNIFORM
#define D ACO_PARAM_DISCARDABLE
#define R ACO_PARAM_RETURN

static aco_type
T(aco_base_type base, unsigned bits, unsigned comps)
{
   return aco_type_make(base, bits, comps);
}

#define I32 T(ACO_BASE_INT, 32, 1)
#define I64 T(ACO_BASE_INT, 64, 1)
#define F32 T(ACO_BASE_FLOAT, 32, 1)
#define PTR T(ACO_BASE_PTR, 64, 1)
#define BOOL T(ACO_BASE_INT, 1, 1)

struct result {
   aco_status status;
   struct aco_call_layout l;
   aco_param_location locs[MAX_PARAMS];
   char msg[512];
};

static void
run(const aco_abi *abi, const aco_param_info *params, unsigned n, bool dc, aco_gfx_level gfx,
    unsigned wave, struct result *r)
{
   assert_true(n <= MAX_PARAMS);
   struct aco_call_signature sig = {"f", params, n, dc};
   struct aco_strbuf msg;
   aco_strbuf_init(&msg, NULL);
   memset(r, 0, sizeof(*r));
   r->status = aco_call_layout_compute(abi, &sig, (aco_target){gfx, wave}, r->locs, &r->l, &msg);
   snprintf(r->msg, sizeof(r->msg), "%s", aco_strbuf_str(&msg));
   aco_strbuf_finish(&msg);
}

/* "s[2:3] p", "v16 c", "v0 pw", "s4 cwh", "stack+0..3": location, then p(reserved) or
 * c(lobbered), w(ritten back), h(inted). */
static const char *
describe(const aco_param_location *loc, char buf[48])
{
   char name[32];
   aco_call_loc_name(loc, name);
   if (loc->kind == ACO_PARAM_LOC_STACK || loc->kind == ACO_PARAM_LOC_NONE) {
      snprintf(buf, 48, "%s", name);
      return buf;
   }
   snprintf(buf, 48, "%s %c%s%s", name, loc->preserved ? 'p' : 'c', loc->written_back ? "w" : "",
            loc->hinted ? "h" : "");
   return buf;
}

/* want: the four system parameters (return address, uniform PC, stack pointer, divergent
 * PC; "none" when absent), then one entry per parameter. */
static void
expect_layout(const struct result *r, const char *const *want, unsigned n, const char *what)
{
   if (r->status != ACO_SUCCESS)
      fail_msg("%s: failed: %s", what, r->msg);
   assert_int_equal(r->l.version, ACO_CALL_ABI_VERSION);
   char buf[48];
   for (unsigned s = 0; s < ACO_SYSTEM_PARAM_COUNT; s++)
      if (strcmp(describe(&r->l.sys[s], buf), want[s]))
         fail_msg("%s: system parameter %u is '%s', expected '%s'", what, s, buf, want[s]);
   for (unsigned i = 0; i < n; i++)
      if (strcmp(describe(&r->l.params[i], buf), want[ACO_SYSTEM_PARAM_COUNT + i]))
         fail_msg("%s: parameter %u is '%s', expected '%s'", what, i, buf,
                  want[ACO_SYSTEM_PARAM_COUNT + i]);
}

static aco_abi *
user_abi(aco_program *p, const char *name, bool has_block, aco_register_block block,
         aco_reg_count max_params, aco_reg_count callee_max, uint32_t callee_stack,
         const aco_reg_hint *hints, unsigned num_hints)
{
   aco_abi_info info = {sizeof(info), name,       has_block, block,    max_params,
                        callee_max,   callee_stack, num_hints, hints};
   aco_abi *abi = NULL;
   aco_status s = aco_abi_create(p, &info, &abi);
   if (s != ACO_SUCCESS)
      fail_msg("aco_abi_create(%s): %s", name, aco_program_message(p));
   return abi;
}

static const aco_reg_count no_limit = {ACO_NO_LIMIT, ACO_NO_LIMIT};

/* ---- the worked examples of docs/calls.md ---------------------------------------------- */

/* One signature with every kind of parameter. */
static const aco_param_info *
mixed_signature(void)
{
   static aco_param_info params[9];
   params[0] = P(PTR, U, "a");
   params[1] = P(I32, 0, "b");
   params[2] = P(I32, U, "c");
   params[3] = P(F32, D, "d");
   params[4] = P(I32, R, "r");
   params[5] = P(I64, U, "e");
   params[6] = P(BOOL, 0, "m");
   params[7] = P(T(ACO_BASE_FLOAT, 16, 2), 0, "h");
   params[8] = P(T(ACO_BASE_INT, 32, 3), U, "v3");
   return params;
}

struct example {
   aco_builtin_abi abi;
   unsigned wave;
   bool dc;
   const char *want[4 + 9];
};

static const struct example examples[] = {
   {ACO_ABI_COMPUTE_DEFAULT, 32, false,
    {"s[16:17] cw", "none", "s0 pw", "none", "s[2:3] p", "v0 p", "s1 p", "v16 c", "v17 c",
     "s[8:9] p", "s7 p", "v[1:2] p", "s[4:6] p"}},
   {ACO_ABI_COMPUTE_DEFAULT, 64, false,
    {"s[16:17] cw", "none", "s0 pw", "none", "s[2:3] p", "v0 p", "s1 p", "v16 c", "v17 c",
     "s[8:9] p", "s[10:11] p", "v[1:2] p", "s[4:6] p"}},
   {ACO_ABI_COMPUTE_DEFAULT, 32, true,
    {"s[16:17] cw", "s[18:19] cw", "s0 pw", "v[16:17] cw", "s[2:3] pw", "v0 pw", "s1 pw",
     "v18 cw", "v19 c", "s[8:9] pw", "s7 pw", "v[1:2] pw", "s[4:6] pw"}},
   {ACO_ABI_COMPUTE_DEFAULT, 64, true,
    {"s[16:17] cw", "s[18:19] cw", "s0 pw", "v[16:17] cw", "s[2:3] pw", "v0 pw", "s1 pw",
     "v18 cw", "v19 c", "s[8:9] pw", "s[10:11] pw", "v[1:2] pw", "s[4:6] pw"}},
   {ACO_ABI_RT_RECURSIVE, 32, false,
    {"s[0:1] cw", "none", "s2 cw", "none", "s[8:9] cw", "v0 cw", "s3 cw", "v1 c", "v2 c",
     "s[10:11] cw", "s7 cw", "v[3:4] cw", "s[4:6] cw"}},
   {ACO_ABI_RT_RECURSIVE, 64, false,
    {"s[0:1] cw", "none", "s2 cw", "none", "s[8:9] cw", "v0 cw", "s3 cw", "v1 c", "v2 c",
     "s[10:11] cw", "s[12:13] cw", "v[3:4] cw", "s[4:6] cw"}},
   {ACO_ABI_RT_RECURSIVE, 32, true,
    {"s[0:1] cw", "s[2:3] cw", "s4 cw", "v[0:1] cw", "s[6:7] cw", "v2 cw", "s5 cw", "v3 cw",
     "v4 c", "s[12:13] cw", "s11 cw", "v[5:6] cw", "s[8:10] cw"}},
   {ACO_ABI_RT_RECURSIVE, 64, true,
    {"s[0:1] cw", "s[2:3] cw", "s4 cw", "v[0:1] cw", "s[6:7] cw", "v2 cw", "s5 cw", "v3 cw",
     "v4 c", "s[12:13] cw", "s[14:15] cw", "v[5:6] cw", "s[8:10] cw"}},
   {ACO_ABI_RT_TRAVERSAL, 32, false,
    {"s[0:1] cw", "none", "s2 cw", "none", "s[8:9] cw", "v0 cw", "s3 cw", "v1 c", "v2 c",
     "s[10:11] cw", "s7 cw", "v[3:4] cw", "s[4:6] cw"}},
   {ACO_ABI_RT_TRAVERSAL, 64, false,
    {"s[0:1] cw", "none", "s2 cw", "none", "s[8:9] cw", "v0 cw", "s3 cw", "v1 c", "v2 c",
     "s[10:11] cw", "s[12:13] cw", "v[3:4] cw", "s[4:6] cw"}},
   {ACO_ABI_RT_TRAVERSAL, 32, true,
    {"s[0:1] cw", "s[2:3] cw", "s4 cw", "v[0:1] cw", "s[6:7] cw", "v2 cw", "s5 cw", "v3 cw",
     "v4 c", "s[12:13] cw", "s11 cw", "v[5:6] cw", "s[8:10] cw"}},
   {ACO_ABI_RT_TRAVERSAL, 64, true,
    {"s[0:1] cw", "s[2:3] cw", "s4 cw", "v[0:1] cw", "s[6:7] cw", "v2 cw", "s5 cw", "v3 cw",
     "v4 c", "s[12:13] cw", "s[14:15] cw", "v[5:6] cw", "s[8:10] cw"}},
   {ACO_ABI_RT_ANYHIT, 32, false,
    {"s[80:81] cw", "none", "s0 pw", "none", "s[2:3] p", "v0 p", "s1 p", "v80 c", "v81 c",
     "s[8:9] p", "s7 p", "v[1:2] p", "s[4:6] p"}},
   {ACO_ABI_RT_ANYHIT, 64, false,
    {"s[80:81] cw", "none", "s0 pw", "none", "s[2:3] p", "v0 p", "s1 p", "v80 c", "v81 c",
     "s[8:9] p", "s[10:11] p", "v[1:2] p", "s[4:6] p"}},
   {ACO_ABI_RT_ANYHIT, 32, true,
    {"s[80:81] cw", "s[82:83] cw", "s0 pw", "v[80:81] cw", "s[2:3] pw", "v0 pw", "s1 pw",
     "v82 cw", "v83 c", "s[8:9] pw", "s7 pw", "v[1:2] pw", "s[4:6] pw"}},
   {ACO_ABI_RT_ANYHIT, 64, true,
    {"s[80:81] cw", "s[82:83] cw", "s0 pw", "v[80:81] cw", "s[2:3] pw", "v0 pw", "s1 pw",
     "v82 cw", "v83 c", "s[8:9] pw", "s[10:11] pw", "v[1:2] pw", "s[4:6] pw"}},
};

/* The same on every GFX level: the assignment depends on the wave size only. */
static void
test_builtin_examples(void **state)
{
   (void)state;
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   for (unsigned g = 0; g < 3; g++) {
      aco_program *p = test_program(levels[g], 32);
      for (unsigned e = 0; e < sizeof(examples) / sizeof(examples[0]); e++) {
         const struct example *x = &examples[e];
         struct result r;
         run(aco_program_builtin_abi(p, x->abi), mixed_signature(), 9, x->dc, levels[g],
             x->wave, &r);
         char what[64];
         snprintf(what, sizeof(what), "example %u (gfx %u)", e, g);
         expect_layout(&r, x->want, 9, what);
         assert_int_equal(r.l.stack_bytes, 0);
         assert_int_equal(r.l.param_regs.sgprs, x->wave == 64 ? 10 : 9);
         assert_int_equal(r.l.param_regs.vgprs, 5);
         assert_int_equal(r.l.reg_limit.sgprs, 106);
         assert_int_equal(r.l.reg_limit.vgprs, 256);
      }
      aco_program_destroy(p);
   }
}

/* amdgpu_cs_chain: no system parameters, uniform dwords from s0 without alignment, the
 * others from v8, in signature order; SGPRs end at s47 on gfx1030 (s[48:51] is LLVM's
 * scratch descriptor) and at s103 elsewhere; no stack; i1 and return parameters refused. */
static void
test_chain_layout(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   const aco_abi *chain = aco_program_builtin_abi(p, ACO_ABI_AMDGPU_CS_CHAIN);
   static const aco_gfx_level levels[] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   aco_param_info params[6] = {P(I32, U, "k"), P(PTR, U, "out"), P(I32, 0, "lane"),
                               P(I64, U, "big"), P(T(ACO_BASE_FLOAT, 64, 1), 0, "d"),
                               P(T(ACO_BASE_INT, 32, 3), D, "v3")};
   static const char *const want[] = {"none", "none", "none", "none", "s0 c", "s[1:2] c",
                                      "v8 c", "s[3:4] c", "v[9:10] c", "v[11:13] c"};
   for (unsigned g = 0; g < 3; g++) {
      for (unsigned w = 32; w <= 64; w += 32) {
         struct result r;
         run(chain, params, 6, false, levels[g], w, &r);
         expect_layout(&r, want, 6, "chain");
         assert_int_equal(r.l.stack_bytes, 0);
         assert_int_equal(r.l.param_regs.sgprs, 5);
         assert_int_equal(r.l.param_regs.vgprs, 6);
      }
   }
   /* 48 SGPR dwords fit everywhere, 49 only past gfx1030; 104 is the end elsewhere */
   aco_param_info many[60];
   for (unsigned i = 0; i < 60; i++)
      many[i] = P(I64, U, NULL);
   struct result r;
   run(chain, many, 24, false, ACO_GFX1030, 32, &r);
   assert_int_equal(r.status, ACO_SUCCESS);
   assert_int_equal(r.locs[23].reg, 46);
   many[24] = P(I32, U, NULL);
   run(chain, many, 25, false, ACO_GFX1030, 32, &r);
   assert_int_equal(r.status, ACO_ERROR_REGISTER_LIMIT);
   assert_non_null(strstr(r.msg, "end at s47"));
   run(chain, many, 25, false, ACO_GFX1200, 64, &r);
   assert_int_equal(r.status, ACO_SUCCESS);
   many[24] = P(I64, U, NULL);
   run(chain, many, 52, false, ACO_GFX1100, 32, &r);
   assert_int_equal(r.status, ACO_SUCCESS);
   run(chain, many, 53, false, ACO_GFX1100, 32, &r);
   assert_int_equal(r.status, ACO_ERROR_REGISTER_LIMIT);
   assert_non_null(strstr(r.msg, "end at s103"));
   /* refused: lane masks, return parameters, divergent_callable */
   aco_param_info bad[1] = {P(BOOL, 0, "b")};
   run(chain, bad, 1, false, ACO_GFX1100, 32, &r);
   assert_int_equal(r.status, ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(r.msg, "no i1"));
   bad[0] = P(I32, R, "r");
   run(chain, bad, 1, false, ACO_GFX1100, 32, &r);
   assert_int_equal(r.status, ACO_ERROR_INVALID_ARGUMENT);
   bad[0] = P(I32, 0, "x");
   run(chain, bad, 1, true, ACO_GFX1100, 32, &r);
   assert_int_equal(r.status, ACO_ERROR_INVALID_ARGUMENT);
   aco_program_destroy(p);
}

/* 40 VGPR values: the cap of 32 sends the last 8 to the stack, in signature order. */
static void
test_builtin_cap_to_stack(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_param_info params[40];
   for (unsigned i = 0; i < 40; i++)
      params[i] = P(I32, 0, NULL);
   for (unsigned w = 32; w <= 64; w += 32) {
      for (unsigned a = 0; a < ACO_ABI_AMDGPU_CS_CHAIN; a++) {
         struct result r;
         run(aco_program_builtin_abi(p, a), params, 40, false, ACO_GFX1100, w, &r);
         assert_int_equal(r.status, ACO_SUCCESS);
         for (unsigned i = 0; i < 32; i++) {
            /* compute_default: the preserved stripes v0-v15 and v32-v47 */
            unsigned want = a == ACO_ABI_COMPUTE_DEFAULT && i >= 16 ? i + 16 : i;
            assert_int_equal(r.locs[i].kind, ACO_PARAM_LOC_VGPR);
            assert_int_equal(r.locs[i].reg, want);
         }
         for (unsigned i = 32; i < 40; i++) {
            assert_int_equal(r.locs[i].kind, ACO_PARAM_LOC_STACK);
            assert_int_equal(r.locs[i].stack_offset, 4 * (i - 32));
         }
         assert_int_equal(r.l.stack_bytes, 32);
         assert_int_equal(r.l.param_regs.vgprs, 32);
      }
   }
   aco_program_destroy(p);
}

/* 20 uniform 64-bit values: even pairs in the preserved range (any range without a
 * block), 16 of them under the SGPR cap of 32, the last 4 on the stack. */
static void
test_builtin_sgpr_pairs(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1030, 32);
   aco_param_info params[20];
   for (unsigned i = 0; i < 20; i++)
      params[i] = P(I64, U, NULL);
   static const unsigned cd[16] = {2, 4, 6, 8, 10, 12, 14, 32, 34, 36, 38, 40, 42, 44, 46, 64};
   for (unsigned w = 32; w <= 64; w += 32) {
      for (unsigned dc = 0; dc < 2; dc++) {
         for (unsigned a = 0; a < ACO_ABI_AMDGPU_CS_CHAIN; a++) {
            struct result r;
            run(aco_program_builtin_abi(p, a), params, 20, dc, ACO_GFX1030, w, &r);
            assert_int_equal(r.status, ACO_SUCCESS);
            for (unsigned i = 0; i < 16; i++) {
               /* no block: after the return address, the stack pointer and, when
                * divergent-callable, the uniform PC */
               unsigned want = a == ACO_ABI_COMPUTE_DEFAULT ? cd[i]
                               : a == ACO_ABI_RT_ANYHIT    ? 2 + 2 * i
                                                           : (dc ? 6 : 4) + 2 * i;
               assert_int_equal(r.locs[i].kind, ACO_PARAM_LOC_SGPR);
               assert_int_equal(r.locs[i].dwords, 2);
               if (r.locs[i].reg != want)
                  fail_msg("abi %u wave%u dc %u: parameter %u at s%u, expected s%u", a, w, dc,
                           i, r.locs[i].reg, want);
            }
            for (unsigned i = 16; i < 20; i++) {
               assert_int_equal(r.locs[i].kind, ACO_PARAM_LOC_STACK);
               assert_int_equal(r.locs[i].stack_offset, 8 * (i - 16));
            }
            assert_int_equal(r.l.stack_bytes, 32);
            assert_int_equal(r.l.param_regs.sgprs, 32);
         }
      }
   }
   aco_program_destroy(p);
}

/* ---- edge cases ------------------------------------------------------------------------- */

static void
test_alignment_and_gaps(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1030, 32);
   aco_abi *rec = aco_program_builtin_abi(p, ACO_ABI_RT_RECURSIVE);
   /* RA s[0:1], SP s2; the 4-aligned vector first (s[4:7]), then the pair (s[8:9]), then
    * the single dword fills the hole at s3 */
   aco_param_info a[] = {P(I32, U, "x"), P(I64, U, "y"), P(T(ACO_BASE_INT, 32, 4), U, "z")};
   struct result r;
   run(rec, a, 3, false, ACO_GFX1030, 32, &r);
   static const char *const want_a[] = {"s[0:1] cw", "none",       "s2 cw", "none",
                                        "s3 cw",     "s[8:9] cw", "s[4:7] cw"};
   expect_layout(&r, want_a, 3, "gaps");
   /* 8- and 16-bit values take whole registers: i8x3 is three SGPRs, 4-aligned; f16x4
    * four VGPRs; a VGPR pair needs no alignment */
   aco_param_info b[] = {P(T(ACO_BASE_INT, 16, 1), 0, "h"), P(I64, 0, "q"),
                         P(T(ACO_BASE_INT, 8, 3), U, "c"), P(T(ACO_BASE_FLOAT, 16, 4), 0, "v")};
   run(rec, b, 4, false, ACO_GFX1030, 32, &r);
   static const char *const want_b[] = {"s[0:1] cw", "none",       "s2 cw",     "none",
                                        "v0 cw",     "v[1:2] cw", "s[4:6] cw", "v[3:6] cw"};
   expect_layout(&r, want_b, 4, "sizes");
   /* lane masks: a divergent i1 is an SGPR (wave32) or an even SGPR pair (wave64); a
    * uniform one too */
   aco_param_info c[] = {P(I32, U, "k"), P(BOOL, 0, "m"), P(BOOL, U, "u")};
   run(rec, c, 3, false, ACO_GFX1030, 32, &r);
   static const char *const want_c32[] = {"s[0:1] cw", "none", "s2 cw", "none",
                                          "s3 cw",     "s4 cw", "s5 cw"};
   expect_layout(&r, want_c32, 3, "lane masks wave32");
   run(rec, c, 3, false, ACO_GFX1030, 64, &r);
   static const char *const want_c64[] = {"s[0:1] cw", "none",      "s2 cw",    "none",
                                          "s3 cw",     "s[4:5] cw", "s[6:7] cw"};
   expect_layout(&r, want_c64, 3, "lane masks wave64");
   aco_program_destroy(p);
}

/* A full pool sends the parameter to the stack even when registers of the other kind are
 * free; a later, smaller parameter still takes what fits. */
static void
test_pool_full_and_cap(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   /* SGPRs s0-s3 preserved, s4-s7 clobbered (8 SGPRs a callee may use) */
   aco_abi *small = user_abi(p, "small", true, (aco_register_block){{4, 8}, {4, 8}, false},
                             (aco_reg_count){ACO_NO_LIMIT, 3}, (aco_reg_count){8, 16}, 64,
                             NULL, 0);
   /* RA s[4:5] (clobbered), SP s0 (preserved); preserved s1-s3 left for a (3 dwords needs
    * 4-alignment: stack), b s[2:3], c s1; d (discardable) s6. VGPRs: cap 3 sends the
    * second i64 to the stack, the i32 after it fits */
   aco_param_info a[] = {P(T(ACO_BASE_INT, 32, 3), U, "a"), P(I64, U, "b"), P(I32, U, "c"),
                         P(I32, U | D, "d"),                 P(I64, 0, "v"), P(I64, 0, "w"),
                         P(I32, 0, "x"),                     P(I32, U | D, "e"),
                         P(I32, U | D, "f")};
   struct result r;
   run(small, a, 9, false, ACO_GFX1100, 32, &r);
   static const char *const want[] = {"s[4:5] cw", "none",         "s0 pw",     "none",
                                      "stack+0..11", "s[2:3] p",   "s1 p",      "s6 c",
                                      "v[0:1] p",  "stack+12..19", "v2 p",      "s7 c",
                                      "stack+20..23"};
   expect_layout(&r, want, 9, "small");
   assert_int_equal(r.l.stack_bytes, 24);
   assert_int_equal(r.l.param_regs.vgprs, 3);
   assert_int_equal(r.l.param_regs.sgprs, 5);
   assert_int_equal(r.l.reg_limit.sgprs, 8);
   assert_int_equal(r.l.reg_limit.vgprs, 16);
   aco_program_destroy(p);
}

/* Files without one kind of register: non-discardable values use the whole file (and are
 * written back), return values go to the stack rather than into a preserved register. */
static void
test_one_kind_files(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1200, 64);
   /* SGPRs: all preserved; VGPRs: all clobbered */
   aco_abi *odd = user_abi(p, "odd", true, (aco_register_block){{0, 32}, {32, 0}, false},
                           no_limit, no_limit, 0xffffffffu, NULL, 0);
   aco_param_info a[] = {P(I32, 0, "x"), P(I32, U | D, "s"), P(I32, R, "r"), P(I32, U, "k"),
                         P(I32, D, "d")};
   struct result r;
   run(odd, a, 5, false, ACO_GFX1200, 64, &r);
   /* RA: no clobbered SGPR, so anywhere: s[0:1]; SP s2 */
   static const char *const want[] = {"s[0:1] pw", "none", "s2 pw", "none",
                                      "v0 cw",     "s3 p", "v1 c",  "s4 p", "v2 c"};
   expect_layout(&r, want, 5, "odd");
   aco_param_info b[] = {P(I32, U | R, "ur")};
   run(odd, b, 1, false, ACO_GFX1200, 64, &r);
   static const char *const want_b[] = {"s[0:1] pw", "none", "s2 pw", "none", "stack+0..3"};
   expect_layout(&r, want_b, 1, "odd return");
   /* a callee limit below the first preserved register: everything clobbered */
   aco_abi *low = user_abi(p, "low", true, (aco_register_block){{8, 8}, {8, 8}, true},
                           no_limit, (aco_reg_count){8, 8}, 0xffffffffu, NULL, 0);
   aco_param_info c[] = {P(I32, U, "k"), P(I32, 0, "x")};
   run(low, c, 2, false, ACO_GFX1200, 64, &r);
   static const char *const want_c[] = {"s[0:1] cw", "none", "s2 cw", "none", "s3 cw", "v0 cw"};
   expect_layout(&r, want_c, 2, "low");
   aco_program_destroy(p);
}

static void
test_hints(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   static const aco_reg_hint hints[] = {
      {0, ACO_REG_VGPR(18)}, /* honoured */
      {1, ACO_REG_SGPR(20)}, /* honoured */
      {2, ACO_REG_SGPR(9)},  /* a pair at an odd SGPR: ignored */
      {3, ACO_REG_SGPR(3)},  /* a VGPR parameter: ignored */
      {4, ACO_REG_VGPR(18)}, /* taken by parameter 0: ignored */
      {5, ACO_REG_VGPR(2)},  /* discardable, but v2 is preserved: ignored */
      {9, ACO_REG_VGPR(0)},  /* no such parameter */
   };
   aco_abi *h = user_abi(p, "h", true, (aco_register_block){{8, 8}, {8, 8}, false}, no_limit,
                         no_limit, 0xffffffffu, hints, 7);
   aco_param_info a[] = {P(F32, 0, "a"), P(I32, U, "b"), P(I64, U, "c"),
                         P(I32, 0, "d"), P(I32, 0, "e"), P(I32, D, "f")};
   struct result r;
   run(h, a, 6, false, ACO_GFX1100, 32, &r);
   /* preserved s0-7, s16-23, ...; clobbered s8-15, ... */
   static const char *const want[] = {"s[8:9] cw", "none", "s0 pw", "none", "v18 ph",
                                      "s20 ph",    "s[2:3] p", "v0 p", "v1 p", "v8 c"};
   expect_layout(&r, want, 6, "hints");
   /* hints do not count beyond the cap */
   aco_reg_hint capped_hint = {0, ACO_REG_VGPR(5)};
   aco_abi *capped = user_abi(p, "capped", false, (aco_register_block){{0, 0}, {0, 0}, false},
                              (aco_reg_count){ACO_NO_LIMIT, 1}, no_limit, 0xffffffffu,
                              &capped_hint, 1);
   aco_param_info b[] = {P(I64, 0, "w")};
   run(capped, b, 1, false, ACO_GFX1100, 32, &r);
   static const char *const want_b[] = {"s[0:1] cw", "none", "s2 cw", "none", "stack+0..7"};
   expect_layout(&r, want_b, 1, "capped hint");
   aco_program_destroy(p);
}

/* The parser's ABIs give the same layouts, and the text form round-trips. */
static void
test_parsed_abi(void **state)
{
   (void)state;
   aco_program *p = test_parse("target gfx1030 wave64\n"
                               "abi @small {\n"
                               "  preserved s8 v8\n  clobbered s24 v24\n  preserved_first\n"
                               "  max_params s8 v8\n  callee_max s64 v64\n  callee_stack 256\n"
                               "  hint 0 s4\n  hint 1 v0\n}\n"
                               "declare function @scale(uniform i32 %k, i32 %x, return i32 %r) "
                               "abi @small\n");
   aco_function *f = aco_program_find_function(p, "scale");
   assert_non_null(f);
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_call_layout l;
   struct aco_call_signature sig;
   assert_int_equal(aco_call_layout_for_function(f, &arena, &l, &sig), ACO_SUCCESS);
   struct result r;
   r.status = ACO_SUCCESS;
   r.l = l;
   static const char *const want[] = {"s[8:9] cw", "none", "s0 pw", "none",
                                      "s4 ph",     "v0 ph", "v8 c"};
   expect_layout(&r, want, 3, "parsed");
   assert_int_equal(l.reg_limit.sgprs, 64);
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   aco_call_layout_print(&l, f->abi, &sig, aco_program_target(p), &sb);
   assert_string_equal(aco_strbuf_str(&sb),
                       "; @scale: abi @small, call ABI v1, gfx1030 wave64\n"
                       ";   return address: s[8:9] clobbered, written back\n"
                       ";   stack pointer: s0 preserved, written back\n"
                       ";   param 0 %k (uniform i32): s4 preserved, hinted\n"
                       ";   param 1 %x (i32): v0 preserved, hinted\n"
                       ";   param 2 %r (return i32): v8 clobbered\n"
                       ";   stack parameters: 0 bytes per lane\n");
   aco_strbuf_finish(&sb);
   aco_arena_finish(&arena);
   aco_program_destroy(p);
}

/* ---- properties over generated signatures ------------------------------------------------ */

struct rng {
   uint32_t s;
};

static unsigned
rnd(struct rng *g, unsigned n)
{
   g->s = g->s * 1664525u + 1013904223u;
   return (g->s >> 8) % n;
}

static aco_param_info
random_param(struct rng *g, bool dc)
{
   static const unsigned bits[] = {1, 8, 16, 32, 32, 32, 64};
   unsigned b = bits[rnd(g, 7)];
   unsigned comps = b == 1 || rnd(g, 3) ? 1 : 2 + rnd(g, b == 64 ? 3 : 15);
   aco_type t = aco_type_make(b == 64 && rnd(g, 2) ? ACO_BASE_PTR : ACO_BASE_INT, b, comps);
   if (t.base == ACO_BASE_PTR)
      t.comps = 1;
   uint32_t flags = rnd(g, 2) ? ACO_PARAM_UNIFORM : 0;
   switch (rnd(g, 4)) {
   case 0: flags |= ACO_PARAM_DISCARDABLE; break;
   case 1:
      if (!(dc && (flags & ACO_PARAM_UNIFORM)))
         flags |= ACO_PARAM_RETURN;
      break;
   default: break;
   }
   return P(t, flags, NULL);
}

struct check {
   const struct result *r;
   const aco_param_info *params;
   unsigned n, wave;
   uint8_t pres[512];
   unsigned limit[2];
   bool has_pres[2], has_clob[2];
};

static unsigned
loc_file(const aco_param_location *l)
{
   return l->kind == ACO_PARAM_LOC_VGPR;
}

static bool
is_reg(const aco_param_location *l)
{
   return l->kind == ACO_PARAM_LOC_SGPR || l->kind == ACO_PARAM_LOC_VGPR;
}

/* System parameters first, then the signature's. */
static const aco_param_location *
loc_at(const struct aco_call_layout *l, unsigned k)
{
   return k < ACO_SYSTEM_PARAM_COUNT ? &l->sys[k] : &l->params[k - ACO_SYSTEM_PARAM_COUNT];
}

static unsigned
want_file(const aco_param_info *p)
{
   return (p->flags & ACO_PARAM_UNIFORM) || p->type.bits == 1 ? 0 : 1;
}

static unsigned
want_dwords(const aco_param_info *p, unsigned wave)
{
   return p->type.bits == 1 ? wave / 32 : p->type.comps * (p->type.bits == 64 ? 2 : 1);
}

static unsigned
want_align(unsigned file, unsigned dwords)
{
   return file ? 1 : dwords >= 3 ? 4 : dwords;
}

/* Preserved/clobbered pool membership as docs/calls.md states it. */
static bool
allowed_in(const struct check *c, const aco_param_info *p, unsigned file, unsigned reg)
{
   bool pres = c->pres[256 * file + reg];
   if (p->flags & (ACO_PARAM_DISCARDABLE | ACO_PARAM_RETURN)) {
      if (c->has_clob[file])
         return !pres;
      return !(p->flags & ACO_PARAM_RETURN);
   }
   return c->has_pres[file] ? pres : true;
}

/* Whether registers [first, first+n) of file are free of every location. */
static bool
run_free(const struct check *c, unsigned file, unsigned first, unsigned n)
{
   const struct aco_call_layout *l = &c->r->l;
   for (unsigned k = 0; k < ACO_SYSTEM_PARAM_COUNT + c->n; k++) {
      const aco_param_location *o = loc_at(l, k);
      if (is_reg(o) && loc_file(o) == file && o->reg < first + n && first < o->reg + o->dwords)
         return false;
   }
   return true;
}

static void
check_register_param(const struct check *c, unsigned i, unsigned used[2])
{
   const aco_param_info *p = &c->params[i];
   const aco_param_location *l = &c->r->l.params[i];
   unsigned file = want_file(p), dw = want_dwords(p, c->wave);
   assert_int_equal(loc_file(l), file);
   assert_int_equal(l->dwords, dw);
   assert_int_equal(l->reg % want_align(file, dw), 0);
   assert_true(l->reg + dw <= c->limit[file]);
   for (unsigned r = l->reg; r < l->reg + dw; r++)
      assert_true(allowed_in(c, p, file, r));
   assert_int_equal(l->preserved, c->pres[256 * file + l->reg]);
   bool keep = !(p->flags & (ACO_PARAM_DISCARDABLE | ACO_PARAM_RETURN));
   bool dc = c->r->l.sys[ACO_SYSTEM_PARAM_UNIFORM_PC].kind != ACO_PARAM_LOC_NONE;
   bool wb = !(p->flags & ACO_PARAM_RETURN) && (dc || (keep && !l->preserved));
   assert_int_equal(l->written_back, wb);
   used[file] += dw;
}

/* A stack parameter had no room: its pool has no free aligned run now (there was none
 * when it was placed either), or it would have taken its file over the cap. */
static void
check_stack_param(const struct check *c, const aco_abi *abi, unsigned i, const unsigned used[2])
{
   const aco_param_info *p = &c->params[i];
   unsigned file = want_file(p), dw = want_dwords(p, c->wave);
   unsigned cap = file ? abi->max_param_regs.vgprs : abi->max_param_regs.sgprs;
   if (used[file] + dw > cap)
      return;
   for (unsigned r = 0; r + dw <= c->limit[file]; r += want_align(file, dw)) {
      bool ok = run_free(c, file, r, dw);
      for (unsigned k = r; ok && k < r + dw; k++)
         ok = allowed_in(c, p, file, k);
      if (ok)
         fail_msg("parameter %u went to the stack, but %c%u is free", i, file ? 'v' : 's', r);
   }
}

/* Two unhinted register parameters of one file, size and pool, in signature order, are in
 * ascending registers (lowest free run first, ties by signature order). */
static void
check_order(const struct check *c)
{
   const aco_param_location *l = c->r->l.params;
   for (unsigned i = 0; i < c->n; i++) {
      for (unsigned j = i + 1; j < c->n; j++) {
         const aco_param_info *a = &c->params[i], *b = &c->params[j];
         if (!is_reg(&l[i]) || !is_reg(&l[j]) || l[i].hinted || l[j].hinted ||
             loc_file(&l[i]) != loc_file(&l[j]) || l[i].dwords != l[j].dwords ||
             (a->flags & (ACO_PARAM_DISCARDABLE | ACO_PARAM_RETURN)) !=
                (b->flags & (ACO_PARAM_DISCARDABLE | ACO_PARAM_RETURN)))
            continue;
         if (!(l[i].reg < l[j].reg))
            fail_msg("parameters %u and %u are out of order", i, j);
      }
   }
}

static void
check_properties(const aco_abi *abi, const aco_param_info *params, unsigned n, bool dc,
                 unsigned wave, const struct result *r)
{
   struct check c = {r, params, n, wave, {0}, {0}, {false}, {false}};
   assert_int_equal(aco_abi_preserved_registers(abi, 106, 256, c.pres), ACO_SUCCESS);
   c.limit[0] = abi->callee_max_regs.sgprs < 106 ? abi->callee_max_regs.sgprs : 106;
   c.limit[1] = abi->callee_max_regs.vgprs < 256 ? abi->callee_max_regs.vgprs : 256;
   for (unsigned f = 0; f < 2; f++)
      for (unsigned k = 0; k < c.limit[f]; k++) {
         c.has_pres[f] |= c.pres[256 * f + k];
         c.has_clob[f] |= !c.pres[256 * f + k];
      }
   /* no two locations overlap */
   const struct aco_call_layout *l = &r->l;
   for (unsigned k = 0; k < ACO_SYSTEM_PARAM_COUNT + n; k++) {
      const aco_param_location *o = loc_at(l, k);
      if (!is_reg(o))
         continue;
      for (unsigned m = k + 1; m < ACO_SYSTEM_PARAM_COUNT + n; m++) {
         const aco_param_location *q = loc_at(l, m);
         if (is_reg(q) && loc_file(o) == loc_file(q) && o->reg < q->reg + q->dwords &&
             q->reg < o->reg + o->dwords)
            fail_msg("locations %u and %u overlap", k, m);
      }
   }
   assert_int_equal(l->sys[ACO_SYSTEM_PARAM_UNIFORM_PC].kind != ACO_PARAM_LOC_NONE, dc);
   assert_int_equal(l->sys[ACO_SYSTEM_PARAM_DIVERGENT_PC].kind != ACO_PARAM_LOC_NONE, dc);
   assert_int_equal(l->sys[ACO_SYSTEM_PARAM_RETURN_ADDRESS].kind, ACO_PARAM_LOC_SGPR);
   assert_int_equal(l->sys[ACO_SYSTEM_PARAM_STACK_POINTER].kind, ACO_PARAM_LOC_SGPR);
   unsigned used[2] = {0, 0}, stack = 0;
   for (unsigned i = 0; i < n; i++) {
      if (is_reg(&l->params[i]))
         check_register_param(&c, i, used);
   }
   for (unsigned i = 0; i < n; i++) {
      if (l->params[i].kind != ACO_PARAM_LOC_STACK)
         continue;
      assert_int_equal(l->params[i].stack_offset, stack);
      stack += 4 * want_dwords(&params[i], wave);
      check_stack_param(&c, abi, i, used);
   }
   assert_int_equal(l->stack_bytes, stack);
   assert_true(used[0] <= abi->max_param_regs.sgprs && used[1] <= abi->max_param_regs.vgprs);
   assert_int_equal(l->param_regs.sgprs, used[0]);
   assert_int_equal(l->param_regs.vgprs, used[1]);
   check_order(&c);
}

static void
test_properties(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   static const aco_reg_hint hints[] = {{0, ACO_REG_VGPR(3)}, {1, ACO_REG_SGPR(12)},
                                        {5, ACO_REG_VGPR(40)}};
   aco_abi *abis[] = {
      aco_program_builtin_abi(p, ACO_ABI_COMPUTE_DEFAULT),
      aco_program_builtin_abi(p, ACO_ABI_RT_RECURSIVE),
      aco_program_builtin_abi(p, ACO_ABI_RT_TRAVERSAL),
      aco_program_builtin_abi(p, ACO_ABI_RT_ANYHIT),
      user_abi(p, "tight", true, (aco_register_block){{6, 8}, {4, 4}, true},
               (aco_reg_count){12, 20}, (aco_reg_count){24, 32}, 0xffffffffu, NULL, 0),
      user_abi(p, "hinted", false, (aco_register_block){{0, 0}, {0, 0}, false},
               (aco_reg_count){16, 16}, no_limit, 0xffffffffu, hints, 3),
      user_abi(p, "stripes", true, (aco_register_block){{2, 3}, {3, 2}, false}, no_limit,
               (aco_reg_count){40, 64}, 0xffffffffu, hints, 3),
   };
   struct rng g = {12345};
   unsigned checked = 0, on_stack = 0;
   for (unsigned a = 0; a < sizeof(abis) / sizeof(abis[0]); a++) {
      for (unsigned w = 32; w <= 64; w += 32) {
         for (unsigned dc = 0; dc < 2; dc++) {
            for (unsigned s = 0; s < 60; s++) {
               aco_param_info params[MAX_PARAMS];
               unsigned n = rnd(&g, 40);
               for (unsigned i = 0; i < n; i++)
                  params[i] = random_param(&g, dc);
               struct result r, again;
               run(abis[a], params, n, dc, ACO_GFX1100, w, &r);
               if (r.status != ACO_SUCCESS)
                  fail_msg("abi %u wave%u dc %u signature %u: %s", a, w, dc, s, r.msg);
               check_properties(abis[a], params, n, dc, w, &r);
               /* deterministic */
               run(abis[a], params, n, dc, ACO_GFX1100, w, &again);
               assert_memory_equal(r.locs, again.locs, sizeof(r.locs[0]) * n);
               assert_memory_equal(r.l.sys, again.l.sys, sizeof(r.l.sys));
               checked++;
               on_stack += r.l.stack_bytes != 0;
            }
         }
      }
   }
   /* the generator reaches both outcomes */
   assert_true(on_stack > 50 && on_stack < checked);
   aco_program_destroy(p);
}

/* ---- the public query ---------------------------------------------------------------------- */

static aco_function *
declare(aco_program *p, const char *name, const aco_abi *abi, uint32_t flags,
        const aco_param_info *params, uint32_t n)
{
   aco_function_info info = {sizeof(info), name, abi, flags | ACO_FUNCTION_EXTERNAL, n, params,
                             {0}, {1, 1, 1}};
   aco_function *f = NULL;
   aco_status s = aco_function_create(p, &info, &f);
   if (s != ACO_SUCCESS)
      fail_msg("aco_function_create(%s): %s", name, aco_program_message(p));
   return f;
}

static void
test_public_query(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 64);
   aco_function *f = declare(p, "f", aco_program_builtin_abi(p, ACO_ABI_RT_ANYHIT),
                             ACO_FUNCTION_DIVERGENT_CALLABLE, mixed_signature(), 9);
   aco_param_location locs[9], sys[ACO_SYSTEM_PARAM_COUNT];
   uint32_t stack = 1;
   assert_int_equal(aco_function_param_locations(f, locs, 9, sys, &stack), ACO_SUCCESS);
   assert_int_equal(stack, 0);
   /* the wave64 divergent-callable any-hit row of the examples */
   const struct example *x = &examples[sizeof(examples) / sizeof(examples[0]) - 1];
   assert_int_equal(x->abi, ACO_ABI_RT_ANYHIT);
   assert_true(x->wave == 64 && x->dc);
   struct result r;
   memset(&r, 0, sizeof(r));
   memcpy(r.l.sys, sys, sizeof(sys));
   memcpy(r.locs, locs, sizeof(locs));
   r.l.params = r.locs;
   r.l.version = ACO_CALL_ABI_VERSION;
   expect_layout(&r, x->want, 9, "public");
   assert_int_equal(sys[ACO_SYSTEM_PARAM_DIVERGENT_PC].kind, ACO_PARAM_LOC_VGPR);
   assert_int_equal(sys[ACO_SYSTEM_PARAM_DIVERGENT_PC].reg, 80);
   /* system and stack_bytes are optional */
   assert_int_equal(aco_function_param_locations(f, locs, 9, NULL, NULL), ACO_SUCCESS);

   /* a stack parameter */
   aco_param_info wide = P(T(ACO_BASE_INT, 64, 16), 0, "w");
   aco_param_info two[2] = {wide, wide};
   aco_abi *rec = aco_program_builtin_abi(p, ACO_ABI_RT_RECURSIVE);
   aco_function *g = declare(p, "g", rec, 0, two, 2);
   assert_int_equal(aco_function_param_locations(g, locs, 2, NULL, &stack), ACO_SUCCESS);
   assert_int_equal(locs[0].kind, ACO_PARAM_LOC_VGPR);
   assert_int_equal(locs[0].reg, 0);
   assert_int_equal(locs[0].dwords, 32);
   assert_int_equal(locs[1].kind, ACO_PARAM_LOC_STACK);
   assert_int_equal(locs[1].stack_offset, 0);
   assert_int_equal(stack, 128);
   /* no 32-register run in compute_default's 16-register preserved stripes (NULL ABI) */
   aco_function *h = declare(p, "h", NULL, 0, two, 2);
   assert_int_equal(aco_function_param_locations(h, locs, 2, NULL, &stack), ACO_SUCCESS);
   assert_int_equal(locs[0].kind, ACO_PARAM_LOC_STACK);
   assert_int_equal(locs[1].stack_offset, 128);
   assert_int_equal(stack, 256);

   /* misuse */
   assert_int_equal(aco_function_param_locations(NULL, locs, 0, NULL, NULL),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_function_param_locations(f, NULL, 9, NULL, NULL),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_function_param_locations(f, locs, 8, NULL, NULL),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "@f has 9 parameters, not 8"));
   aco_param_info arg = P(PTR, U, "out");
   aco_function_info entry = {sizeof(entry), "main", NULL, ACO_FUNCTION_ENTRY, 1, &arg, {0},
                              {64, 1, 1}};
   aco_function *m = NULL;
   assert_int_equal(aco_function_create(p, &entry, &m), ACO_SUCCESS);
   assert_int_equal(aco_function_param_locations(m, locs, 1, NULL, NULL),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "@main is an entry function"));
   aco_program_destroy(p);

   /* a program without a target yet */
   p = test_program(ACO_GFX_NONE, 0);
   f = declare(p, "f", NULL, 0, NULL, 0);
   assert_int_equal(aco_function_param_locations(f, NULL, 0, sys, NULL),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(aco_program_message(p), "@f: no such target"));
   aco_program_destroy(p);
}

/* ---- the corpus ---------------------------------------------------------------------------- */

static char *
read_text(const char *path, size_t *len)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   char *data = NULL;
   size_t n = 0, got;
   char chunk[4096];
   while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0) {
      data = realloc(data, n + got + 1);
      memcpy(data + n, chunk, got);
      n += got;
   }
   fclose(f);
   if (data)
      data[n] = 0;
   *len = n;
   return data;
}

static aco_program *
parse_file(const char *dir, const char *name)
{
   const char *root = getenv("ACO_TEST_SRCDIR");
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s/%s", root ? root : ".", dir, name);
   size_t len = 0;
   char *text = read_text(path, &len);
   if (!text)
      fail_msg("cannot read %s", path);
   aco_program *p = test_program(ACO_GFX_NONE, 0);
   aco_status s = aco_program_parse(p, name, text, len);
   free(text);
   if (s != ACO_SUCCESS)
      fail_msg("%s: %s", name, aco_program_message(p));
   return p;
}

static char *
print_function_layout(aco_function *f, struct aco_arena *arena)
{
   struct aco_call_layout l;
   struct aco_call_signature sig;
   assert_int_equal(aco_call_layout_for_function(f, arena, &l, &sig), ACO_SUCCESS);
   struct aco_strbuf sb;
   aco_strbuf_init(&sb, NULL);
   aco_call_layout_print(&l, f->abi, &sig, f->program->target, &sb);
   char *out = strdup(aco_strbuf_str(&sb));
   aco_strbuf_finish(&sb);
   return out;
}

/* tests/ir/call_abi_examples.air holds the examples of docs/calls.md. */
static void
test_examples_file(void **state)
{
   (void)state;
   aco_program *p = parse_file("tests/ir", "call_abi_examples.air");
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   char *gaps = print_function_layout(aco_program_find_function(p, "gaps"), &arena);
   assert_string_equal(gaps, "; @gaps: abi @rt_recursive, call ABI v1, gfx1100 wave32\n"
                             ";   return address: s[0:1] clobbered, written back\n"
                             ";   stack pointer: s2 clobbered, written back\n"
                             ";   param 0 %x (uniform i32): s3 clobbered, written back\n"
                             ";   param 1 %y (uniform i64): s[12:13] clobbered, written back\n"
                             ";   param 2 %z (uniform i32x4): s[4:7] clobbered, written back\n"
                             ";   param 3 %h (i16): v0 clobbered, written back\n"
                             ";   param 4 %b (uniform i8x3): s[8:10] clobbered, written back\n"
                             ";   param 5 %v (f16x4): v[1:4] clobbered, written back\n"
                             ";   stack parameters: 0 bytes per lane\n");
   free(gaps);
   char *dc = print_function_layout(aco_program_find_function(p, "ahit_dc"), &arena);
   assert_string_equal(dc, "; @ahit_dc: abi @rt_anyhit, call ABI v1, gfx1100 wave32\n"
                           ";   return address: s[80:81] clobbered, written back\n"
                           ";   uniform PC: s[82:83] clobbered, written back\n"
                           ";   stack pointer: s0 preserved, written back\n"
                           ";   divergent PC: v[80:81] clobbered, written back\n"
                           ";   param 0 %a (uniform ptr): s[2:3] preserved, written back\n"
                           ";   param 1 %b (i32): v0 preserved, written back\n"
                           ";   param 2 %c (uniform i32): s1 preserved, written back\n"
                           ";   param 3 %d (discardable f32): v82 clobbered, written back\n"
                           ";   param 4 %r (return i32): v83 clobbered\n"
                           ";   param 5 %e (uniform i64): s[8:9] preserved, written back\n"
                           ";   param 6 %m (i1): s7 preserved, written back\n"
                           ";   param 7 %h (f16x2): v[1:2] preserved, written back\n"
                           ";   param 8 %v3 (uniform i32x3): s[4:6] preserved, written back\n"
                           ";   stack parameters: 0 bytes per lane\n");
   free(dc);
   aco_arena_finish(&arena);
   aco_program_destroy(p);
}

/* Every function that is not an entry in the IR corpus and the examples gets a layout
 * with the properties above. */
static void
test_corpus_functions(void **state)
{
   (void)state;
   static const char *const dirs[] = {"tests/ir", "examples"};
   const char *root = getenv("ACO_TEST_SRCDIR");
   unsigned functions = 0;
   for (unsigned d = 0; d < 2; d++) {
      char path[4096];
      snprintf(path, sizeof(path), "%s/%s", root ? root : ".", dirs[d]);
      DIR *dir = opendir(path);
      if (!dir)
         fail_msg("cannot list %s", path);
      struct dirent *e;
      while ((e = readdir(dir))) {
         size_t n = strlen(e->d_name);
         if (n < 5 || strcmp(e->d_name + n - 4, ".air"))
            continue;
         aco_program *p = parse_file(dirs[d], e->d_name);
         struct aco_arena arena;
         aco_arena_init(&arena, NULL);
         for (uint32_t i = 0; i < aco_program_function_count(p); i++) {
            aco_function *f = aco_program_function(p, i);
            if ((f->flags & ACO_FUNCTION_ENTRY) || f->num_params > MAX_PARAMS)
               continue;
            aco_param_info params[MAX_PARAMS];
            for (unsigned k = 0; k < f->num_params; k++)
               params[k] = (aco_param_info){f->params[k].type, f->params[k].flags, NULL};
            bool dc = (f->flags & ACO_FUNCTION_DIVERGENT_CALLABLE) != 0;
            aco_target t = aco_program_target(p);
            struct result r;
            run(f->abi, params, f->num_params, dc, t.gfx_level, t.wave_size, &r);
            if (r.status != ACO_SUCCESS)
               fail_msg("%s: @%s: %s", e->d_name, f->name, r.msg);
            check_properties(f->abi, params, f->num_params, dc, t.wave_size, &r);
            functions++;
         }
         aco_arena_finish(&arena);
         aco_program_destroy(p);
      }
      closedir(dir);
   }
   assert_true(functions >= 20);
}

/* ---- invalid inputs ----------------------------------------------------------------------- */

static void
expect_error(const aco_abi *abi, const aco_param_info *params, unsigned n, bool dc,
             aco_gfx_level gfx, unsigned wave, aco_status status, const char *text)
{
   struct result r;
   run(abi, params, n, dc, gfx, wave, &r);
   assert_int_equal(r.status, status);
   if (!strstr(r.msg, text))
      fail_msg("message '%s' does not contain '%s'", r.msg, text);
}

static void
test_invalid(void **state)
{
   (void)state;
   aco_program *p = test_program(ACO_GFX1100, 32);
   aco_abi *cd = aco_program_builtin_abi(p, ACO_ABI_COMPUTE_DEFAULT);
   aco_param_info bad_type[] = {P(I32, 0, "ok"), P(T(ACO_BASE_INT, 7, 1), 0, "x")};
   expect_error(cd, bad_type, 2, false, ACO_GFX1100, 32, ACO_ERROR_INVALID_ARGUMENT,
                "@f: parameter 1 (%x, bad type) has no valid type");
   aco_param_info bad_flags[] = {P(I32, 0x40, NULL)};
   expect_error(cd, bad_flags, 1, false, ACO_GFX1100, 32, ACO_ERROR_INVALID_ARGUMENT,
                "parameter 0 (i32) has unknown flags 0x40");
   aco_param_info both[] = {P(I32, D | R, "y")};
   expect_error(cd, both, 1, false, ACO_GFX1100, 32, ACO_ERROR_INVALID_ARGUMENT,
                "parameter 0 (%y, i32) is both return and discardable");
   aco_param_info uret[] = {P(I32, U | R, "z")};
   expect_error(cd, uret, 1, true, ACO_GFX1100, 32, ACO_ERROR_INVALID_ARGUMENT,
                "cannot have uniform return parameters");
   expect_error(cd, uret, 1, false, ACO_GFX1100, 48, ACO_ERROR_INVALID_ARGUMENT,
                "no such target");
   expect_error(cd, uret, 1, false, (aco_gfx_level)77, 32, ACO_ERROR_INVALID_ARGUMENT,
                "no such target");
   struct result r;
   struct aco_call_signature sig = {"f", uret, 1, false};
   assert_int_equal(aco_call_layout_compute(NULL, &sig, (aco_target){ACO_GFX1100, 32}, r.locs,
                                            &r.l, NULL),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_call_layout_compute(cd, &sig, (aco_target){ACO_GFX1100, 32}, NULL, &r.l,
                                            NULL),
                    ACO_ERROR_INVALID_ARGUMENT);

   /* a register limit with no room for the system parameters */
   aco_abi *tiny = user_abi(p, "tiny", false, (aco_register_block){{0, 0}, {0, 0}, false},
                            no_limit, (aco_reg_count){2, 8}, 0xffffffffu, NULL, 0);
   expect_error(tiny, NULL, 0, false, ACO_GFX1100, 32, ACO_ERROR_REGISTER_LIMIT,
                "@f: the register limit of ABI @tiny (callee_max s2 v8) leaves no room for the "
                "stack pointer");
   aco_abi *novgpr = user_abi(p, "novgpr", false, (aco_register_block){{0, 0}, {0, 0}, false},
                              no_limit, (aco_reg_count){8, 1}, 0xffffffffu, NULL, 0);
   expect_error(novgpr, NULL, 0, true, ACO_GFX1100, 32, ACO_ERROR_REGISTER_LIMIT,
                "leaves no room for the divergent PC");
   /* ... but without the divergent PC it fits */
   run(novgpr, NULL, 0, false, ACO_GFX1100, 32, &r);
   assert_int_equal(r.status, ACO_SUCCESS);

   /* the stack limit: the parameter that crosses it is named */
   aco_abi *nostack = user_abi(p, "nostack", false, (aco_register_block){{0, 0}, {0, 0}, false},
                               (aco_reg_count){ACO_NO_LIMIT, 2}, no_limit, 8, NULL, 0);
   aco_param_info many[] = {P(I32, 0, "a"), P(I32, 0, "b"), P(I32, 0, "c"), P(I32, 0, "d"),
                            P(I32, 0, "e")};
   run(nostack, many, 4, false, ACO_GFX1100, 32, &r);
   assert_int_equal(r.status, ACO_SUCCESS);
   assert_int_equal(r.l.stack_bytes, 8);
   expect_error(nostack, many, 5, false, ACO_GFX1100, 32, ACO_ERROR_REGISTER_LIMIT,
                "@f: parameter 4 (%e, i32) gets no register under ABI @nostack (max_params "
                "s65535 v2) and the stack parameters would take 12 bytes per lane, over its "
                "callee_stack 8");
   aco_program_destroy(p);
}

/* Through a function: the message lands on the program. */
static void
test_function_error(void **state)
{
   (void)state;
   aco_program *p = test_parse("target gfx1200 wave32\n"
                               "abi @cramped {\n  max_params s0 v1\n  callee_stack 4\n}\n"
                               "declare function @g(i32 %a, i32 %b, i32 %c) abi @cramped\n");
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_call_layout l;
   aco_status s =
      aco_call_layout_for_function(aco_program_find_function(p, "g"), &arena, &l, NULL);
   assert_int_equal(s, ACO_ERROR_REGISTER_LIMIT);
   assert_non_null(strstr(aco_program_message(p), "@g: parameter 2 (%c, i32) gets no register"));
   aco_arena_finish(&arena);
   aco_program_destroy(p);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builtin_examples), cmocka_unit_test(test_builtin_cap_to_stack),
      cmocka_unit_test(test_builtin_sgpr_pairs),
      cmocka_unit_test(test_alignment_and_gaps), cmocka_unit_test(test_pool_full_and_cap),
      cmocka_unit_test(test_one_kind_files),   cmocka_unit_test(test_hints),
      cmocka_unit_test(test_parsed_abi),       cmocka_unit_test(test_properties),
      cmocka_unit_test(test_public_query),     cmocka_unit_test(test_examples_file),
      cmocka_unit_test(test_corpus_functions), cmocka_unit_test(test_chain_layout),
      cmocka_unit_test(test_invalid),          cmocka_unit_test(test_function_error),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
