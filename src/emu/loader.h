/* SPDX-License-Identifier: MIT */
/* Loads AMDGPU ELF files into the emulator: relocatable objects as llc-19 writes them
 * (`llc-19 -mtriple=amdgcn-- -filetype=obj`), and linked executables or shared objects
 * (ld.lld-19). An object's allocated sections are laid out in section order at their
 * alignment and its relocations applied for the given GPU address: R_AMDGPU_REL32_LO/HI
 * (S + A - P: the s_getpc_b64 + s_add_u32/s_addc_u32 calls llc emits, which ld.lld-19
 * cannot read from REL sections), REL32, REL64, ABS32_LO/HI, ABS32, ABS64 and the
 * GOTPCREL kinds (the loader appends a GOT). A linked file is laid out by its PT_LOAD
 * segments and its RELATIVE64/ABS64 relocations applied. Every read of the input is
 * bounds-checked: malformed input gives a status and a message. */
#ifndef ACO_EMU_LOADER_H
#define ACO_EMU_LOADER_H

#include "aco/aco_core.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct aco_emu;
struct aco_emu_elf;

/* Parses and relocates `elf` as if placed at gpu_addr. On success *out is the image
 * (free it with aco_emu_elf_destroy); on failure *out is NULL and msg (if not NULL)
 * holds a message. The allocator may be NULL. */
aco_status aco_emu_elf_create(const aco_allocator *a, const void *elf, size_t size,
                              uint64_t gpu_addr, struct aco_emu_elf **out, char *msg,
                              size_t msg_size);
void aco_emu_elf_destroy(struct aco_emu_elf *img);

/* The relocated bytes; byte 0 belongs at the gpu_addr given to aco_emu_elf_create. */
const uint8_t *aco_emu_elf_bytes(const struct aco_emu_elf *img, size_t *size);
uint64_t aco_emu_elf_gpu_addr(const struct aco_emu_elf *img);

/* A defined symbol's byte offset in the image (what aco_emu_launch.entry takes) and
 * size. False if there is no such symbol. */
bool aco_emu_elf_symbol(const struct aco_emu_elf *img, const char *name, uint32_t *offset,
                        uint32_t *size);

/* Places the image's bytes in the emulator (aco_emu_load_code at its gpu_addr). */
aco_status aco_emu_load_image(struct aco_emu *emu, const struct aco_emu_elf *img);

/* aco_emu_elf_create + aco_emu_load_image. *out receives the image for symbol lookups
 * (may be NULL when only the bytes matter). */
aco_status aco_emu_load_elf(struct aco_emu *emu, const aco_allocator *a, const void *elf,
                            size_t size, uint64_t gpu_addr, struct aco_emu_elf **out,
                            char *msg, size_t msg_size);

#endif
