/* SPDX-License-Identifier: MIT */
/* Cache identity and binary blobs (aco_cache.h): a blob reads back as the same binary; a
 * blob with any byte changed, cut at any length, of another compiler or with well-formed
 * checksums but nonsense inside is refused without reading past it (the unit suites run
 * under ASan in CI). argv[1]: a program to compile. */
#include "helpers.h"

static const char *program_path;

static aco_binary *
compile_path(uint32_t flags)
{
   FILE *f = fopen(program_path, "rb");
   assert_non_null(f);
   static char text[1 << 16];
   size_t len = fread(text, 1, sizeof(text) - 1, f);
   fclose(f);
   aco_program *p = test_program(ACO_GFX_NONE, 0);
   assert_int_equal(aco_program_parse(p, "p.air", text, len), ACO_SUCCESS);
   aco_compile_options o = {sizeof(o), flags, 0, 0, 0, 0};
   aco_binary *bin = NULL;
   assert_int_equal(aco_compile(p, &o, NULL, &bin), ACO_SUCCESS);
   aco_program_destroy(p);
   return bin;
}

static uint8_t *
serialize(const aco_binary *bin, size_t *size)
{
   assert_int_equal(aco_binary_serialize(bin, NULL, size), ACO_SUCCESS);
   uint8_t *blob = malloc(*size);
   size_t small = *size - 1;
   assert_int_equal(aco_binary_serialize(bin, blob, &small), ACO_ERROR_INVALID_ARGUMENT);
   size_t got = *size;
   assert_int_equal(aco_binary_serialize(bin, blob, &got), ACO_SUCCESS);
   assert_int_equal(got, *size);
   return blob;
}

/* CRC-32 (IEEE, reflected), to forge blobs whose checksum holds. */
static uint32_t
crc32(const uint8_t *p, size_t n)
{
   uint32_t c = ~0u;
   for (size_t i = 0; i < n; i++) {
      c ^= p[i];
      for (int k = 0; k < 8; k++)
         c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
   }
   return ~c;
}

static void
fix_checksum(uint8_t *blob, size_t size)
{
   memset(blob + 24, 0, 4);
   uint32_t c = crc32(blob, size);
   for (int i = 0; i < 4; i++)
      blob[24 + i] = (uint8_t)(c >> (8 * i));
}

static void
test_identity(void **state)
{
   (void)state;
   char v[32];
   snprintf(v, sizeof(v), "%d.%d.%d", ACO_VERSION_MAJOR, ACO_VERSION_MINOR, ACO_VERSION_PATCH);
   assert_string_equal(aco_version(), v);
   uint8_t a[ACO_IDENTIFIER_SIZE], b[ACO_IDENTIFIER_SIZE];
   unsetenv("ACO_DEBUG");
   aco_compiler_identifier(a);
   aco_compiler_identifier(b);
   assert_memory_equal(a, b, ACO_IDENTIFIER_SIZE);
   /* options that only check or print leave the identifier; those that change code not */
   setenv("ACO_DEBUG", "validateir,validatera,print-after=none", 1);
   aco_compiler_identifier(b);
   setenv("ACO_DEBUG", "validateir,validatera", 1);
   aco_compiler_identifier(b);
   assert_memory_equal(a, b, ACO_IDENTIFIER_SIZE);
   const char *changing[] = {"noopt", "nosched", "skip=ilp", "skip=opt", "bogus"};
   uint8_t seen[5][ACO_IDENTIFIER_SIZE];
   for (unsigned i = 0; i < 5; i++) {
      setenv("ACO_DEBUG", changing[i], 1);
      aco_compiler_identifier(seen[i]);
      assert_memory_not_equal(a, seen[i], ACO_IDENTIFIER_SIZE);
      for (unsigned j = 0; j < i; j++)
         assert_memory_not_equal(seen[j], seen[i], ACO_IDENTIFIER_SIZE);
   }
   unsetenv("ACO_DEBUG");

   aco_compile_options o = {sizeof(o), 0, 0, 0, 0, 0};
   uint64_t h = aco_compile_options_hash(&o);
   assert_true(h != 0);
   assert_int_equal(h, aco_compile_options_hash(NULL));
   o.reserved = 7; /* not an option */
   assert_int_equal(h, aco_compile_options_hash(&o));
   uint64_t hs[4];
   o = (aco_compile_options){sizeof(o), ACO_COMPILE_NO_OPT, 0, 0, 0, 0};
   hs[0] = aco_compile_options_hash(&o);
   o = (aco_compile_options){sizeof(o), 0, 64, 0, 0, 0};
   hs[1] = aco_compile_options_hash(&o);
   o = (aco_compile_options){sizeof(o), 0, 0, 64, 0, 0};
   hs[2] = aco_compile_options_hash(&o);
   o = (aco_compile_options){sizeof(o), 0, 0, 0, 4, 0};
   hs[3] = aco_compile_options_hash(&o);
   for (unsigned i = 0; i < 4; i++) {
      assert_true(hs[i] != h);
      for (unsigned j = 0; j < i; j++)
         assert_true(hs[i] != hs[j]);
   }
   /* a fixed value: the hash is the same on every host and run */
   o = (aco_compile_options){sizeof(o), 0, 0, 0, 0, 0};
   assert_int_equal(aco_compile_options_hash(&o), aco_compile_options_hash(&o));
}

static void
assert_same_binary(const aco_binary *a, const aco_binary *b)
{
   assert_int_equal(a->target.gfx_level, b->target.gfx_level);
   assert_int_equal(a->target.wave_size, b->target.wave_size);
   assert_int_equal(a->code_size, b->code_size);
   assert_memory_equal(a->code, b->code, a->code_size);
   assert_int_equal(a->num_symbols, b->num_symbols);
   for (uint32_t i = 0; i < a->num_symbols; i++) {
      assert_string_equal(a->symbols[i].name, b->symbols[i].name);
      assert_int_equal(a->symbols[i].offset, b->symbols[i].offset);
      assert_int_equal(a->symbols[i].size, b->symbols[i].size);
      assert_int_equal(a->symbols[i].stack_depth, b->symbols[i].stack_depth);
   }
   assert_int_equal(a->num_relocations, b->num_relocations);
   assert_memory_equal(&a->config, &b->config, sizeof(a->config));
   assert_memory_equal(&a->stats, &b->stats, sizeof(a->stats));
   assert_int_equal(a->disassembly != NULL, b->disassembly != NULL);
   if (a->disassembly)
      assert_string_equal(a->disassembly, b->disassembly);
   assert_int_equal(aco_binary_statistic_count(a), aco_binary_statistic_count(b));
   for (uint32_t i = 0; i < aco_binary_statistic_count(a); i++) {
      aco_statistic_info x = {.struct_size = sizeof(x)}, y = {.struct_size = sizeof(y)};
      aco_binary_statistic(a, i, &x);
      aco_binary_statistic(b, i, &y);
      assert_int_equal(x.value, y.value);
   }
   assert_int_equal(aco_binary_representation_count(a), aco_binary_representation_count(b));
   for (uint32_t i = 0; i < aco_binary_representation_count(a); i++) {
      aco_representation_info x = {.struct_size = sizeof(x)}, y = {.struct_size = sizeof(y)};
      aco_binary_representation(a, i, &x);
      aco_binary_representation(b, i, &y);
      assert_string_equal(x.text, y.text);
   }
}

static void
test_round_trip(void **state)
{
   (void)state;
   for (int k = 0; k < 2; k++) {
      aco_binary *bin =
         compile_path(k ? ACO_COMPILE_DISASSEMBLY | ACO_COMPILE_PRINT_IR : 0);
      size_t size;
      uint8_t *blob = serialize(bin, &size);
      assert_memory_equal(blob, "ACOBLOB1", 8);
      aco_binary *back = NULL;
      char msg[128] = "x";
      assert_int_equal(aco_binary_deserialize(blob, size, NULL, &back, msg, sizeof(msg)),
                       ACO_SUCCESS);
      assert_string_equal(msg, "");
      assert_same_binary(bin, back);
      /* the copy serializes to the same bytes */
      size_t size2;
      uint8_t *blob2 = serialize(back, &size2);
      assert_int_equal(size, size2);
      assert_memory_equal(blob, blob2, size);
      free(blob2);
      aco_binary_destroy(back);
      free(blob);
      aco_binary_destroy(bin);
   }
}

static void
expect_refused(const uint8_t *blob, size_t size, const char *what)
{
   aco_binary *back = (aco_binary *)1;
   char msg[160] = "";
   aco_status s = aco_binary_deserialize(blob, size, NULL, &back, msg, sizeof(msg));
   if (s == ACO_SUCCESS)
      fail_msg("%s: accepted", what);
   assert_null(back);
   assert_true(msg[0] != 0);
}

static void
test_every_byte_and_length(void **state)
{
   (void)state;
   aco_binary *bin = compile_path(ACO_COMPILE_DISASSEMBLY);
   size_t size;
   uint8_t *blob = serialize(bin, &size);
   /* cut at every length: each copy is exactly that long, for ASan to see any overread */
   for (size_t n = 0; n < size; n++) {
      uint8_t *cut = malloc(n ? n : 1);
      memcpy(cut, blob, n);
      expect_refused(cut, n, "truncated");
      free(cut);
   }
   /* every byte changed: the checksum catches it */
   for (size_t i = 0; i < size; i++) {
      blob[i] ^= 0x5a;
      expect_refused(blob, size, "a changed byte");
      blob[i] ^= 0x5a;
   }
   /* one byte more */
   uint8_t *longer = malloc(size + 1);
   memcpy(longer, blob, size);
   longer[size] = 0;
   expect_refused(longer, size + 1, "longer");
   free(longer);
   /* another compiler's: a valid checksum, another identifier */
   uint8_t *foreign = malloc(size);
   memcpy(foreign, blob, size);
   foreign[32 + 16] ^= 1;
   fix_checksum(foreign, size);
   aco_binary *back = NULL;
   char msg[160];
   assert_int_equal(aco_binary_deserialize(foreign, size, NULL, &back, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_non_null(strstr(msg, "another compiler"));
   /* another format version */
   memcpy(foreign, blob, size);
   foreign[8] = 2;
   fix_checksum(foreign, size);
   expect_refused(foreign, size, "version 2");
   /* forged blobs: each byte of the body set to values that make lengths and counts
    * absurd, with the checksum made right, so that the field checks themselves run */
   static const uint8_t values[] = {0x00, 0x01, 0x7f, 0x80, 0xff};
   unsigned accepted = 0;
   for (size_t i = 64; i < size; i++) {
      for (unsigned v = 0; v < sizeof(values); v++) {
         if (blob[i] == values[v])
            continue;
         memcpy(foreign, blob, size);
         foreign[i] = values[v];
         fix_checksum(foreign, size);
         back = NULL;
         aco_status s = aco_binary_deserialize(foreign, size, NULL, &back, NULL, 0);
         if (s == ACO_SUCCESS) {
            accepted++; /* a changed value inside a well-formed blob (code, a count) */
            aco_binary_destroy(back);
         } else {
            assert_null(back);
         }
      }
   }
   assert_true(accepted > 0);
   free(foreign);
   /* misuse */
   assert_int_equal(aco_binary_deserialize(NULL, 10, NULL, &back, NULL, 0),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_binary_deserialize(blob, size, NULL, NULL, msg, sizeof(msg)),
                    ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_binary_serialize(NULL, NULL, &size), ACO_ERROR_INVALID_ARGUMENT);
   assert_int_equal(aco_binary_serialize(bin, NULL, NULL), ACO_ERROR_INVALID_ARGUMENT);
   free(blob);
   aco_binary_destroy(bin);
}

int
main(int argc, char **argv)
{
   program_path = argc > 1 ? argv[1] : "bench/programs/pressure_96.air";
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_identity),
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_every_byte_and_length),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
