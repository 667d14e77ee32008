/* SPDX-License-Identifier: MIT */
/* The ELF loader (src/emu/loader.c) on its own: relocation values of an object
 * assembled by llvm-mc-19 from a hand-written file (forward and backward REL32_LO/HI,
 * ABS32_LO/HI, GOTPCREL32_LO/HI, ABS64 in data), symbols, a file linked by ld.lld-19,
 * and malformed input (every truncation, corrupted header fields, bad relocations):
 * always a status and a message, never a crash. Skipped without llvm-mc-19. */
#include "harness.h"

#include "emu/loader.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

/* Addresses with bits above 32 set so the high halves are exercised. */
#define BASE 0x0000123456789000ull

/* back at 0, main at 0x100, fwd at 0x180 (.text is 0x184 bytes); .rodata (16 bytes,
 * align 8) at 0x188 holds the addresses of fwd and back; the GOT follows at 0x198. */
static const char reloc_source[] =
   ".text\n"
   "back:\n"
   "  s_endpgm\n"
   ".p2align 8\n"
   ".globl main\n"
   "main:\n"
   "  s_getpc_b64 s[0:1]\n"                      /* 0x100 */
   "  s_add_u32 s0, s0, fwd@rel32@lo+4\n"        /* literal at 0x108 */
   "  s_addc_u32 s1, s1, fwd@rel32@hi+12\n"      /* literal at 0x110 */
   "  s_getpc_b64 s[2:3]\n"                      /* 0x114 */
   "  s_add_u32 s2, s2, back@rel32@lo+4\n"       /* 0x11c */
   "  s_addc_u32 s3, s3, back@rel32@hi+12\n"     /* 0x124 */
   "  s_mov_b32 s4, fwd@abs32@lo\n"              /* 0x12c */
   "  s_mov_b32 s5, fwd@abs32@hi\n"              /* 0x134 */
   "  s_getpc_b64 s[6:7]\n"                      /* 0x138 */
   "  s_add_u32 s6, s6, fwd@gotpcrel32@lo+4\n"   /* 0x140 */
   "  s_addc_u32 s7, s7, fwd@gotpcrel32@hi+12\n" /* 0x148 */
   "  s_endpgm\n"
   ".p2align 6\n"
   ".globl fwd\n"
   "fwd:\n"
   "  s_endpgm\n"
   ".section .rodata,\"a\"\n"
   ".p2align 3\n"
   "table:\n"
   "  .quad fwd\n"
   "  .quad back\n";

struct files {
   uint8_t *obj;
   size_t obj_size;
   char dir[PATH_MAX];
};

static bool
have(const char *tool)
{
   char cmd[128];
   snprintf(cmd, sizeof(cmd), "%s --version >/dev/null 2>&1", tool);
   return system(cmd) == 0;
}

static int
setup(void **state)
{
   static struct files f;
   if (!have("llvm-mc-19")) {
      *state = NULL;
      return 0;
   }
   snprintf(f.dir, sizeof(f.dir), "%s", llvm_cache_dir());
   char s_path[PATH_MAX + 32], o_path[PATH_MAX + 32], msg[2048];
   snprintf(s_path, sizeof(s_path), "%s/loader-relocs.%ld.s", f.dir, (long)getpid());
   snprintf(o_path, sizeof(o_path), "%s/loader-relocs.%ld.o", f.dir, (long)getpid());
   if (!llvm_write_file(s_path, reloc_source, strlen(reloc_source)))
      return -1;
   bool ok = llvm_assemble(llvm_find_config("gfx1100", 32), s_path, o_path, msg, sizeof(msg));
   unlink(s_path);
   if (!ok) {
      fprintf(stderr, "%s\n", msg);
      return -1;
   }
   f.obj = llvm_read_file(o_path, &f.obj_size);
   unlink(o_path);
   *state = &f;
   return f.obj ? 0 : -1;
}

static int
teardown(void **state)
{
   struct files *f = *state;
   if (f)
      free(f->obj);
   return 0;
}

static uint32_t
word(const uint8_t *p, size_t off)
{
   return p[off] | (uint32_t)p[off + 1] << 8 | (uint32_t)p[off + 2] << 16 |
          (uint32_t)p[off + 3] << 24;
}

static void
test_relocations(void **state)
{
   struct files *f = *state;
   if (!f)
      skip();
   struct aco_emu_elf *img;
   char msg[256];
   assert_int_equal(aco_emu_elf_create(NULL, f->obj, f->obj_size, BASE, &img, msg,
                                       sizeof(msg)),
                    ACO_SUCCESS);
   size_t size;
   const uint8_t *b = aco_emu_elf_bytes(img, &size);
   /* A GOT slot is reserved per GOT relocation; LO and HI share the first. */
   assert_int_equal(size, 0x198 + 16);
   assert_int_equal(word(b, 0x1a0) | word(b, 0x1a4), 0);
   uint32_t off, sz;
   assert_true(aco_emu_elf_symbol(img, "main", &off, &sz));
   assert_int_equal(off, 0x100);
   assert_true(aco_emu_elf_symbol(img, "fwd", &off, NULL));
   assert_int_equal(off, 0x180);
   assert_true(aco_emu_elf_symbol(img, "back", &off, NULL));
   assert_int_equal(off, 0);
   assert_false(aco_emu_elf_symbol(img, "nothere", &off, NULL));
   assert_int_equal(aco_emu_elf_gpu_addr(img), BASE);

   /* s_getpc gives the address after itself (0x104); + lo must reach 0x180. */
   assert_int_equal(word(b, 0x108), 0x180 + 4 - 0x108);
   assert_int_equal(word(b, 0x110), 0);
   assert_int_equal(word(b, 0x11c), (uint32_t)(0 + 4 - 0x11c));
   assert_int_equal(word(b, 0x124), 0xffffffffu); /* backward: high half all ones */
   assert_int_equal(word(b, 0x12c), (uint32_t)(BASE + 0x180));
   assert_int_equal(word(b, 0x134), (uint32_t)((BASE + 0x180) >> 32));
   assert_int_equal(word(b, 0x140), 0x198 + 4 - 0x140);
   assert_int_equal(word(b, 0x148), 0);
   /* The GOT slot and the table hold absolute addresses. */
   assert_int_equal(word(b, 0x198), (uint32_t)(BASE + 0x180));
   assert_int_equal(word(b, 0x19c), (uint32_t)((BASE + 0x180) >> 32));
   assert_int_equal(word(b, 0x188), (uint32_t)(BASE + 0x180));
   assert_int_equal(word(b, 0x18c), (uint32_t)((BASE + 0x180) >> 32));
   assert_int_equal(word(b, 0x190), (uint32_t)BASE);
   assert_int_equal(word(b, 0x194), (uint32_t)(BASE >> 32));
   /* Instruction words are untouched. */
   assert_int_equal(word(b, 0x100), 0xbe804700u); /* s_getpc_b64 s[0:1] on gfx11 */
   aco_emu_elf_destroy(img);
}

/* A file linked by ld.lld-19 (no REL32 relocations, which it can link) gives the same
 * code at its entry as the object. */
static void
test_linked(void **state)
{
   struct files *f = *state;
   if (!f || !have("ld.lld-19") || !have("llc-19"))
      skip();
   const struct llvm_kernel *k = llvm_find_kernel("k01_store_gid");
   const struct llvm_config *c = llvm_find_config("gfx1100", 32);
   char s_path[PATH_MAX], o_path[PATH_MAX], so_path[PATH_MAX + 32], msg[2048];
   if (!llvm_build(k, c, s_path, o_path, msg, sizeof(msg)))
      fail_msg("%s", msg);
   snprintf(so_path, sizeof(so_path), "%s.%ld.so", o_path, (long)getpid());
   char cmd[3 * PATH_MAX];
   snprintf(cmd, sizeof(cmd), "ld.lld-19 -shared '%s' -o '%s'", o_path, so_path);
   assert_int_equal(system(cmd), 0);
   size_t osize, lsize;
   uint8_t *obj = llvm_read_file(o_path, &osize), *so = llvm_read_file(so_path, &lsize);
   unlink(so_path);
   assert_non_null(obj);
   assert_non_null(so);
   struct aco_emu_elf *a, *b;
   assert_int_equal(aco_emu_elf_create(NULL, obj, osize, BASE, &a, msg, sizeof(msg)),
                    ACO_SUCCESS);
   assert_int_equal(aco_emu_elf_create(NULL, so, lsize, BASE, &b, msg, sizeof(msg)),
                    ACO_SUCCESS);
   uint32_t ao, as, bo, bs;
   assert_true(aco_emu_elf_symbol(a, "main", &ao, &as));
   assert_true(aco_emu_elf_symbol(b, "main", &bo, &bs));
   assert_int_equal(as, bs);
   assert_true(as > 16);
   size_t asz, bsz;
   const uint8_t *ab = aco_emu_elf_bytes(a, &asz), *bb = aco_emu_elf_bytes(b, &bsz);
   assert_true(ao + as <= asz && bo + bs <= bsz);
   assert_memory_equal(ab + ao, bb + bo, as);
   aco_emu_elf_destroy(a);
   aco_emu_elf_destroy(b);
   free(obj);
   free(so);
}

static aco_status
try_load(const uint8_t *data, size_t size, char *msg, size_t msg_size)
{
   struct aco_emu_elf *img = (struct aco_emu_elf *)(uintptr_t)1;
   aco_status st = aco_emu_elf_create(NULL, data, size, BASE, &img, msg, msg_size);
   if (st == ACO_SUCCESS) {
      size_t n;
      const uint8_t *b = aco_emu_elf_bytes(img, &n);
      volatile uint8_t sum = 0;
      for (size_t i = 0; i < n; i++)
         sum ^= b[i]; /* the image is readable in full */
      aco_emu_elf_destroy(img);
   } else {
      assert_null(img);
      assert_true(strlen(msg) > 12); /* "ELF loader: " and a reason */
   }
   return st;
}

static void
test_truncated(void **state)
{
   struct files *f = *state;
   if (!f)
      skip();
   char msg[256];
   /* The section headers are at the end of llvm-mc's output, so every truncation fails
    * (and each must fail cleanly). */
   for (size_t n = 0; n < f->obj_size; n++)
      assert_int_not_equal(try_load(f->obj, n, msg, sizeof(msg)), ACO_SUCCESS);
   assert_int_equal(try_load(f->obj, f->obj_size, msg, sizeof(msg)), ACO_SUCCESS);
}

static void
put(uint8_t *p, size_t off, unsigned bytes, uint64_t v)
{
   for (unsigned i = 0; i < bytes; i++)
      p[off + i] = (uint8_t)(v >> (8 * i));
}

static uint64_t
get(const uint8_t *p, size_t off, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      v |= (uint64_t)p[off + i] << (8 * i);
   return v;
}

/* Specific corruptions, each with the message it must give. */
static void
test_bad_fields(void **state)
{
   struct files *f = *state;
   if (!f)
      skip();
   uint8_t *c = malloc(f->obj_size);
   assert_non_null(c);
   char msg[256];
   uint64_t shoff = get(f->obj, 0x28, 8);
   unsigned shnum = (unsigned)get(f->obj, 0x3c, 2);
   struct {
      size_t off;
      unsigned bytes;
      uint64_t value;
      const char *expect;
   } cases[] = {
      {0, 1, 0x7e, "not an ELF file"},
      {4, 1, 1, "64-bit little-endian"},
      {0x12, 2, 62, "is not AMDGPU"},
      {0x10, 2, 4, "neither relocatable"},
      {0x28, 8, ~0ull - 10, "outside the file"},
      {0x3c, 2, 0xffff, "outside the file"},
      {0x3a, 2, 40, "section header size"},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      memcpy(c, f->obj, f->obj_size);
      put(c, cases[i].off, cases[i].bytes, cases[i].value);
      assert_int_not_equal(try_load(c, f->obj_size, msg, sizeof(msg)), ACO_SUCCESS);
      if (!strstr(msg, cases[i].expect))
         fail_msg("case %u: message '%s' lacks '%s'", i, msg, cases[i].expect);
   }
   /* Per section: a huge offset or size, a bad alignment; per relocation section: a
    * symbol index or offset out of range, an unknown type. */
   for (unsigned s = 1; s < shnum; s++) {
      size_t sh = (size_t)shoff + 64 * s;
      unsigned type = (unsigned)get(f->obj, sh + 4, 4);
      memcpy(c, f->obj, f->obj_size);
      put(c, sh + 24, 8, f->obj_size - 1); /* offset near the end */
      put(c, sh + 32, 8, 4096);
      if (type != 8 /* NOBITS */)
         assert_int_not_equal(try_load(c, f->obj_size, msg, sizeof(msg)), ACO_SUCCESS);
      memcpy(c, f->obj, f->obj_size);
      put(c, sh + 32, 8, ~0ull);
      if (type != 8)
         assert_int_not_equal(try_load(c, f->obj_size, msg, sizeof(msg)), ACO_SUCCESS);
      memcpy(c, f->obj, f->obj_size);
      put(c, sh + 48, 8, 3); /* alignment 3 */
      try_load(c, f->obj_size, msg, sizeof(msg));
      if (type == 9 /* REL */) {
         size_t rel = (size_t)get(f->obj, sh + 24, 8);
         memcpy(c, f->obj, f->obj_size);
         put(c, rel + 12, 4, 0x7fffffff); /* symbol index */
         assert_int_not_equal(try_load(c, f->obj_size, msg, sizeof(msg)), ACO_SUCCESS);
         assert_non_null(strstr(msg, "symbol index"));
         memcpy(c, f->obj, f->obj_size);
         put(c, rel, 8, 0x100000); /* offset */
         assert_int_not_equal(try_load(c, f->obj_size, msg, sizeof(msg)), ACO_SUCCESS);
         assert_non_null(strstr(msg, "outside"));
         memcpy(c, f->obj, f->obj_size);
         put(c, rel + 8, 4, 99); /* type */
         assert_int_not_equal(try_load(c, f->obj_size, msg, sizeof(msg)), ACO_SUCCESS);
         assert_non_null(strstr(msg, "unsupported relocation type 99"));
      }
   }
   free(c);
}

/* Every byte of the file set to a few values in turn: never a crash (the sanitizer
 * builds make this a memory-safety check), and a message whenever it fails. */
static void
test_every_byte(void **state)
{
   struct files *f = *state;
   if (!f)
      skip();
   uint8_t *c = malloc(f->obj_size);
   assert_non_null(c);
   char msg[256];
   static const uint8_t values[] = {0x00, 0xff, 0x80, 0x7f};
   unsigned failed = 0;
   for (size_t i = 0; i < f->obj_size; i++) {
      for (unsigned v = 0; v < 4; v++) {
         memcpy(c, f->obj, f->obj_size);
         c[i] = values[v];
         failed += try_load(c, f->obj_size, msg, sizeof(msg)) != ACO_SUCCESS;
      }
   }
   assert_true(failed > 0);
   free(c);
}

/* 5000 copies with 1 to 16 random bytes replaced (fixed seed): the same guarantee. */
static void
test_random_corruption(void **state)
{
   struct files *f = *state;
   if (!f)
      skip();
   uint8_t *c = malloc(f->obj_size);
   assert_non_null(c);
   char msg[256];
   uint32_t seed = 0x1d0a7u;
   for (unsigned it = 0; it < 5000; it++) {
      memcpy(c, f->obj, f->obj_size);
      seed = seed * 1103515245u + 12345u;
      unsigned changes = 1 + (seed >> 16) % 16;
      for (unsigned k = 0; k < changes; k++) {
         seed = seed * 1103515245u + 12345u;
         size_t at = (seed >> 8) % f->obj_size;
         seed = seed * 1103515245u + 12345u;
         c[at] = (uint8_t)(seed >> 16);
      }
      try_load(c, f->obj_size, msg, sizeof(msg));
   }
   free(c);
}

static void
test_arguments(void **state)
{
   (void)state;
   char msg[64];
   struct aco_emu_elf *img;
   assert_int_equal(aco_emu_elf_create(NULL, NULL, 10, 0, &img, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_null(img);
   assert_int_equal(aco_emu_elf_create(NULL, "x", 1, 0, NULL, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_emu_elf_create(NULL, "\177ELF", 4, 0, &img, NULL, 0),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_emu_load_image(NULL, NULL), ACO_ERROR_INVALID_ARGUMENT);
   assert_false(aco_emu_elf_symbol(NULL, "main", NULL, NULL));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_relocations), cmocka_unit_test(test_linked),
      cmocka_unit_test(test_truncated),   cmocka_unit_test(test_bad_fields),
      cmocka_unit_test(test_every_byte),  cmocka_unit_test(test_random_corruption),
      cmocka_unit_test(test_arguments),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
