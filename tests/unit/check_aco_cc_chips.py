#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aco-cc -mcpu with chip names: -mcpu=help lists every chip, each name compiles and is
printed back in the `target` line, the wave suffix works, unknown names are refused."""
import subprocess, sys

cc, example = sys.argv[1], sys.argv[2]
chips = ["gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036",
         "gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152",
         "gfx1153", "gfx1200", "gfx1201"]
ok = True

def run(*args):
    return subprocess.run([cc, *args], capture_output=True, text=True)

r = run("-mcpu=help")
listed = [l.split()[0] for l in r.stdout.splitlines()[1:] if l.strip()]
if r.returncode != 0 or listed != chips:
    print("-mcpu=help lists", listed, "status", r.returncode); ok = False
for chip in chips:
    r = run(f"-mcpu={chip}", "--print", example)
    if r.returncode != 0 or f"target {chip} wave32\n" not in r.stdout:
        print(chip, "--print:", r.returncode, r.stderr); ok = False
    r = run(f"-mcpu={chip}", "-S", example)
    if r.returncode != 0 or "s_endpgm" not in r.stdout:
        print(chip, "-S:", r.returncode, r.stderr); ok = False
r = run("-mcpu=gfx1102:wavefrontsize64", "--print", example)
if r.returncode != 0 or "target gfx1102 wave64\n" not in r.stdout:
    print("wavefrontsize64:", r.returncode, r.stderr); ok = False
r = run("-mcpu=gfx1102:wavefrontsize64", "-mwave=32", example)
if r.returncode != 1:
    print("contradicting wave sizes accepted"); ok = False
r = run("-mcpu=gfx1010", example)
if r.returncode != 1 or "gfx1010" not in r.stderr:
    print("gfx1010:", r.returncode, r.stderr); ok = False
print("aco-cc chips:", "ok" if ok else "FAILED")
sys.exit(0 if ok else 1)
