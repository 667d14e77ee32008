/* SPDX-License-Identifier: MIT */
/* Hazard detection for the emulator (docs/hazards.md). Not written yet: no hazard is
 * detected. */
#include "emu/emu_internal.h"

bool
emu_hazard_init(struct emu_wave *w)
{
   w->hazards = NULL;
   return true;
}

bool
emu_hazard_check(struct emu_wave *w, const struct aco_minstr *in)
{
   (void)w;
   (void)in;
   return true;
}

void
emu_hazard_finish(struct emu_wave *w)
{
   (void)w;
}
