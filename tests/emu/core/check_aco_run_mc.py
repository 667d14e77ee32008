#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aco-run's machine-code mode end to end, on each level and wave size: a kernel assembled
by llvm-mc-19 run from the ELF object (entry by symbol) and from raw bytes (entry by
offset), its stores printed; an out-of-bounds store exits 4 with the detector's message;
bad usage exits 1."""
import os, subprocess, sys, tempfile

aco_run = sys.argv[1]
SRC = """.text
.globl main
pad:
s_endpgm
main:
v_lshlrev_b32 v1, 2, v0
v_add_nc_u32 v2, s4, v0
global_store_dword v1, v2, s[0:1]
s_endpgm
"""
ok = True
with tempfile.TemporaryDirectory() as d:
    s, o, b = (os.path.join(d, n) for n in ("k.s", "k.o", "k.bin"))
    open(s, "w").write(SRC)
    for cpu in ("gfx1030", "gfx1100", "gfx1200"):
        for wave in ("32", "64"):
            subprocess.run(["llvm-mc-19", "-triple=amdgcn--", "-mcpu=" + cpu,
                            "-mattr=+wavefrontsize" + wave, "-filetype=obj", s, "-o", o], check=True)
            subprocess.run(["llvm-objcopy-19", "-O", "binary", "--only-section=.text", o, b],
                           check=True)
            common = ["-mcpu=" + cpu, "-mwave=" + wave, "--block", "4,1,1", "--sgpr", "0=buf0",
                      "--sgpr", "4=100"]
            for inp, entry in ((o, "main"), (b, "4")):
                r = subprocess.run([aco_run] + common + ["--entry", entry, "--buf", "0=zero:16", inp],
                                   capture_output=True, text=True)
                want = ["+%-6d 0x%08x  i32 %d" % (4 * i, 100 + i, 100 + i) for i in range(4)]
                if r.returncode != 0 or any(w not in r.stdout for w in want):
                    print(cpu, wave, inp, "unexpected:", r.returncode, r.stdout, r.stderr); ok = False
            r = subprocess.run([aco_run] + common + ["--entry", "main", "--buf", "0=zero:8", o],
                               capture_output=True, text=True)
            if r.returncode != 4 or "out of bounds" not in r.stderr or "pc 0x" not in r.stderr:
                print(cpu, wave, "expected exit 4 (out of bounds):", r.returncode, r.stderr); ok = False
    r = subprocess.run([aco_run, "-mcpu=gfx9000", o], capture_output=True, text=True)
    if r.returncode != 1:
        print("expected exit 1 for a bad -mcpu, got", r.returncode); ok = False
    r = subprocess.run([aco_run, "-mcpu=gfx1100", "--entry", "nosuch", o], capture_output=True, text=True)
    if r.returncode != 1 or "no entry" not in r.stderr:
        print("expected exit 1 for a missing entry, got", r.returncode, r.stderr); ok = False
print("aco-run machine-code mode: ok" if ok else "aco-run machine-code mode: FAILED")
sys.exit(0 if ok else 1)
