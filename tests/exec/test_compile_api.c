/* SPDX-License-Identifier: MIT */
/* The compile driver's contracts: the entry-ABI layout and resource registers for known
 * signatures, ACO_DEBUG parsing, the binary as one allocation from the caller's allocator,
 * and an allocation failing at each point of a compile in turn (a status, no crash, no
 * leak). */
#include "aco/aco.h"

#include "api/compile.h"
#include "ir/ir.h"
#include "isel/entry_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned failures;

#define CHECK(cond)                                                                            \
   do {                                                                                        \
      if (!(cond)) {                                                                           \
         printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                \
         failures++;                                                                           \
      }                                                                                        \
   } while (0)

/* What a program's diag callback received. */
struct diag_log {
   unsigned calls;
   char last[256];
   aco_status status;
};

static void
log_diag(void *user, aco_status status, const char *message)
{
   struct diag_log *log = user;
   log->calls++;
   log->status = status;
   snprintf(log->last, sizeof(log->last), "%s", message);
}

static aco_program *
parse(const char *text)
{
   aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, NULL, NULL, NULL};
   aco_program *p;
   if (aco_program_create(&info, &p) != ACO_SUCCESS)
      return NULL;
   if (aco_program_parse(p, "t", text, strlen(text)) != ACO_SUCCESS) {
      printf("parse: %s\n", aco_program_message(p));
      aco_program_destroy(p);
      return NULL;
   }
   return p;
}

static void
test_layout(void)
{
   aco_program *p = parse("target gfx1100 wave64\n"
                          "entry function @k(uniform ptr %a, uniform i32 %b, uniform i32 %c, "
                          "uniform i64 %d, uniform i16 %e) abi @compute_default "
                          "workgroup_size 16 4 1 {\n"
                          "  %y = local_invocation_id.y\n  %w = workgroup_id.z\n"
                          "  %s = iadd %y, %w\n  store_global %a[%s], %s\n  return\n}\n");
   CHECK(p);
   if (!p)
      return;
   struct aco_arena arena;
   aco_arena_init(&arena, NULL);
   struct aco_entry_layout l;
   CHECK(aco_entry_layout_compute(p->functions[0], &arena, &l) == ACO_SUCCESS);
   CHECK(l.args[0].sgpr == 0 && l.args[0].dwords == 2);
   CHECK(l.args[1].sgpr == 2 && l.args[2].sgpr == 3);
   CHECK(l.args[3].sgpr == 4 && l.args[3].dwords == 2);
   CHECK(l.args[4].sgpr == 6 && l.args[4].dwords == 1);
   CHECK(l.num_user_sgprs == 7);
   CHECK(l.workgroup_id_sgpr[0] == -1 && l.workgroup_id_sgpr[1] == -1 &&
         l.workgroup_id_sgpr[2] == 7);
   CHECK(l.local_id_count == 2 && l.local_id_packed);
   CHECK(l.argblock_sgpr == -1 && l.scratch_sgpr == -1);
   uint32_t rsrc[3];
   aco_float_mode fm = {ACO_DENORM_FLUSH, ACO_DENORM_PRESERVE, ACO_ROUND_TOWARD_ZERO, 0};
   aco_entry_rsrc(&l, p->target, 24, 0, 1000, fm, rsrc);
   CHECK((rsrc[0] & 0x3f) == 5);                 /* 24 VGPRs in blocks of 4 (wave64) */
   CHECK(((rsrc[0] >> 12) & 0xff) == (3 | 0 << 4 | 3 << 6));
   CHECK(rsrc[0] & (1u << 25));                  /* MEM_ORDERED */
   CHECK(((rsrc[1] >> 1) & 0x1f) == 7);          /* USER_SGPR */
   CHECK(!(rsrc[1] & 1));                        /* no scratch */
   CHECK((rsrc[1] >> 7 & 7) == 4);               /* TGID_Z_EN only */
   CHECK(((rsrc[1] >> 11) & 3) == 1);            /* TIDIG_COMP_CNT: x and y */
   CHECK(((rsrc[1] >> 15) & 0x1ff) == 2);        /* 1000 bytes of LDS in 512-byte blocks */
   aco_arena_finish(&arena);
   aco_program_destroy(p);

   /* 17 dwords of arguments: all in the argument block, 8-byte aligned where needed; on
    * gfx1030 with stack objects the scratch base comes first */
   p = parse("target gfx1030 wave32\n"
             "entry function @k(uniform ptr %a, uniform i32 %b, uniform i64 %c, uniform i32x4 %d, "
             "uniform i32x4 %e, uniform i32x4 %f) abi @compute_default {\n"
             "  stack $0 size 12 align 4\n  return\n}\n");
   CHECK(p);
   if (!p)
      return;
   aco_arena_init(&arena, NULL);
   CHECK(aco_entry_layout_compute(p->functions[0], &arena, &l) == ACO_SUCCESS);
   CHECK(l.scratch_sgpr == 0 && l.argblock_sgpr == 2 && l.num_user_sgprs == 4);
   CHECK(l.args[0].in_block && l.args[0].block_offset == 0);
   CHECK(l.args[1].block_offset == 8 && l.args[2].block_offset == 16);
   CHECK(l.args[3].block_offset == 24 && l.args[4].block_offset == 40);
   CHECK(l.argblock_size == 72 && l.stack_bytes == 16);
   CHECK(l.local_id_count == 0 && !l.local_id_packed);
   aco_arena_finish(&arena);
   aco_program_destroy(p);
}

static void
test_debug_options(void)
{
   struct aco_debug_options d;
   char bad[64];
   memset(&d, 0, sizeof(d));
   CHECK(aco_debug_parse("validateir,print-after=ra,skip=nops,nosched", &d, bad));
   CHECK(d.flags == (ACO_DEBUG_VALIDATE_IR | ACO_DEBUG_NO_SCHED));
   CHECK(!strcmp(d.print_after, "ra") && !strcmp(d.skip, "nops"));
   memset(&d, 0, sizeof(d));
   CHECK(!aco_debug_parse("validateir,bogus", &d, bad) && !strcmp(bad, "bogus"));
   CHECK(!aco_debug_parse("skip=nothing", &d, bad));
   CHECK(!aco_debug_parse("validatera=1", &d, bad));
   CHECK(aco_debug_parse("", &d, bad) && aco_debug_parse(NULL, &d, bad));
}

/* An allocator that counts, and fails the allocation numbered fail_at (0: never). */
struct counting {
   unsigned allocs, frees, fail_at;
   size_t live;
};

static void *
c_alloc(void *user, size_t size, size_t align)
{
   struct counting *c = user;
   if (c->fail_at && ++c->allocs == c->fail_at)
      return NULL;
   if (!c->fail_at)
      c->allocs++;
   void *p = NULL;
   if (posix_memalign(&p, align < sizeof(void *) ? sizeof(void *) : align, size ? size : 1))
      return NULL;
   c->live += size;
   return p;
}

static void
c_free(void *user, void *ptr, size_t size)
{
   struct counting *c = user;
   if (ptr) {
      c->frees++;
      c->live -= size;
   }
   free(ptr);
}

static const char kernel[] =
   "target gfx1100 wave32\n"
   "entry function @k(uniform ptr %out, uniform i32 %n) abi @compute_default "
   "workgroup_size 64 1 1 {\n"
   "  %lid = local_invocation_id.x\n  %zero = const i32 0\n"
   "  %r = loop (%i = %zero, %a = %lid) -> i32 {\n"
   "    %d = uge %i, %n\n    if %d {\n      break %a\n    }\n"
   "    %one = const i32 1\n    %i1 = iadd %i, %one\n    %a1 = imul %a, %i1\n"
   "    continue %i1, %a1\n  }\n"
   "  %c4 = const i32 4\n  %o = imul %lid, %c4\n  store_global %out[%o], %r\n  return\n}\n";

static void
test_binary_allocation(void)
{
   aco_program *p = parse(kernel);
   CHECK(p);
   if (!p)
      return;
   struct counting bc = {0, 0, 0, 0};
   aco_allocator ba = {c_alloc, c_free, &bc};
   aco_compile_options o = {sizeof(o), ACO_COMPILE_DISASSEMBLY, 0, 0, 0, 0};
   aco_binary *b = NULL;
   CHECK(aco_compile(p, &o, &ba, &b) == ACO_SUCCESS);
   CHECK(b && bc.allocs == 1);
   if (b) {
      CHECK(b->num_symbols == 1 && !strcmp(b->symbols[0].name, "k"));
      CHECK(b->symbols[0].offset == 0 && b->symbols[0].size == b->stats.code_bytes);
      CHECK(b->code_size % 64 == 0 && b->code_size >= b->stats.code_bytes + 192);
      CHECK(b->stats.instructions > 5 && b->stats.branches >= 1 && b->stats.vmem == 1);
      CHECK(b->config.wave_size == 32 && b->config.num_vgprs % 24 == 0 &&
            b->config.num_sgprs % 8 == 0 && b->config.num_sgprs >= 3);
      CHECK(b->disassembly && strstr(b->disassembly, "s_endpgm"));
      CHECK(((b->config.rsrc2 >> 1) & 0x1f) == 3);
      aco_binary_destroy(b);
   }
   CHECK(bc.frees == 1 && bc.live == 0);

   /* the binary's allocation failing */
   struct counting fc = {0, 0, 1, 0};
   aco_allocator fa = {c_alloc, c_free, &fc};
   b = NULL;
   CHECK(aco_compile(p, &o, &fa, &b) == ACO_ERROR_OUT_OF_MEMORY && !b);
   aco_program_destroy(p);

   /* ACO_DEBUG is read by aco_compile: an unknown option is said once through diag (with
    * ACO_SUCCESS) and ignored, the known ones still apply */
   struct diag_log log = {0, "", ACO_SUCCESS};
   aco_program_info di = {sizeof(di), {ACO_GFX_NONE, 0}, NULL, log_diag, &log};
   CHECK(aco_program_create(&di, &p) == ACO_SUCCESS);
   CHECK(aco_program_parse(p, "t", kernel, strlen(kernel)) == ACO_SUCCESS);
   setenv("ACO_DEBUG", "nonsense,validateir", 1);
   CHECK(aco_compile(p, NULL, NULL, &b) == ACO_SUCCESS && b);
   aco_binary_destroy(b);
   CHECK(log.calls == 1 && log.status == ACO_SUCCESS);
   CHECK(strstr(log.last, "ACO_DEBUG: unknown option 'nonsense' ignored") != NULL);
   CHECK(aco_compile(p, NULL, NULL, &b) == ACO_SUCCESS && b);
   aco_binary_destroy(b);
   CHECK(log.calls == 1);
   unsetenv("ACO_DEBUG");
   aco_program_destroy(p);
}

static void
test_allocation_failures(void)
{
   unsigned points = 0;
   for (unsigned n = 1; n < 100000; n++) {
      struct counting pc = {0, 0, 0, 0};
      aco_allocator pa = {c_alloc, c_free, &pc};
      aco_program_info info = {sizeof(info), {ACO_GFX_NONE, 0}, &pa, NULL, NULL};
      aco_program *p;
      if (aco_program_create(&info, &p) != ACO_SUCCESS ||
          aco_program_parse(p, "t", kernel, strlen(kernel)) != ACO_SUCCESS) {
         CHECK(0);
         return;
      }
      pc.fail_at = pc.allocs + n; /* fail the n-th allocation of the compile */
      aco_binary *b = NULL;
      aco_status s = aco_compile(p, NULL, NULL, &b);
      bool done = pc.allocs < pc.fail_at;
      if (!done) {
         points++;
         if (s != ACO_ERROR_OUT_OF_MEMORY || b)
            printf("allocation %u: status %s (%s)\n", n, aco_status_string(s),
                   aco_program_message(p));
         CHECK(s == ACO_ERROR_OUT_OF_MEMORY && !b);
      } else {
         CHECK(s == ACO_SUCCESS);
      }
      aco_binary_destroy(b);
      aco_program_destroy(p);
      CHECK(pc.live == 0);
      if (done)
         break;
   }
   printf("an allocation failed at each of %u points of a compile\n", points);
   CHECK(points > 10);
}

/* Register limits: min_waves caps the VGPRs (the file divided by the waves, in granules),
 * max_vgprs/max_sgprs cap them directly and spilling keeps the program within; a limit
 * below what one instruction needs and min_waves above 16 are clear errors. */
static void
test_limits(void)
{
   static const char text[] =
      "target gfx1030 wave32\n"
      "entry function @k(uniform ptr %a) abi @compute_default workgroup_size 64 1 1 {\n"
      "  %l = local_invocation_id.x\n  %c4 = const i32 4\n  %o = imul %l, %c4\n"
      "  %x = load_global i32x4 %a[%o]\n  %y = load_global i32x4 %a[%o + 16]\n"
      "  %z = load_global i32x4 %a[%o + 32]\n"
      "  %s = vec %l, %l, %l, %l\n  store_global %a[%o + 48], %x\n"
      "  store_global %a[%o + 64], %y\n  store_global %a[%o + 80], %z\n"
      "  store_global %a[%o + 96], %s\n  return\n}\n";
   static const struct {
      aco_gfx_level level;
      unsigned wave, min_waves, expect_max;
   } cases[] = {
      {ACO_GFX1030, 32, 16, 64}, {ACO_GFX1030, 64, 16, 32}, {ACO_GFX1100, 32, 16, 96},
      {ACO_GFX1100, 64, 16, 48}, {ACO_GFX1030, 32, 4, 256}, {ACO_GFX1200, 64, 12, 60},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      aco_program *p = parse(text);
      CHECK(p);
      if (!p)
         return;
      p->target.gfx_level = cases[i].level;
      p->target.wave_size = cases[i].wave;
      aco_compile_options o = {sizeof(o), 0, 0, 0, (uint16_t)cases[i].min_waves, 0};
      aco_binary *bin = NULL;
      CHECK(aco_compile(p, &o, NULL, &bin) == ACO_SUCCESS);
      if (bin)
         CHECK(bin->config.num_vgprs <= cases[i].expect_max);
      aco_binary_destroy(bin);
      aco_program_destroy(p);
   }
   /* tight limits spill (and count it); impossible ones are errors naming the limit */
   aco_program *p = parse(text);
   CHECK(p);
   if (!p)
      return;
   aco_compile_options o = {sizeof(o), 0, 0, 6, 0, 0};
   aco_binary *bin = NULL;
   CHECK(aco_compile(p, &o, NULL, &bin) == ACO_SUCCESS);
   if (bin) {
      CHECK(bin->config.num_vgprs <= 16); /* 6 rounded to the wave32 granule */
      CHECK(bin->stats.vgpr_spills > 0 && bin->stats.vgpr_reloads > 0);
      CHECK(bin->config.scratch_bytes_per_lane > 0);
   }
   aco_binary_destroy(bin);
   o.max_vgprs = 2;
   CHECK(aco_compile(p, &o, NULL, &bin) == ACO_ERROR_REGISTER_LIMIT);
   CHECK(strstr(aco_program_message(p), "VGPR") != NULL);
   o.max_vgprs = 0;
   o.min_waves = 17;
   CHECK(aco_compile(p, &o, NULL, &bin) == ACO_ERROR_INVALID_ARGUMENT);
   CHECK(strstr(aco_program_message(p), "min_waves") != NULL);
   aco_program_destroy(p);
}

int
main(void)
{
   test_limits();
   test_layout();
   test_debug_options();
   test_binary_allocation();
   test_allocation_failures();
   printf("%s\n", failures ? "FAILED" : "all checks passed");
   return failures ? 1 : 0;
}
