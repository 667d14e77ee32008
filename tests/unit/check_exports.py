#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""libaco.so exports exactly the aco_* functions its public headers declare, and has a
versioned soname."""
import re, subprocess, sys, pathlib

lib, include = sys.argv[1], pathlib.Path(sys.argv[2])
out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True,
                     check=True).stdout
exported = {l.split()[-1].split("@")[0] for l in out.splitlines() if l.split()[1:2] in (["T"], ["D"], ["R"], ["B"])}
declared = set()
for h in include.glob("*.h"):
    declared |= set(re.findall(r"ACO_API\s+[^;(]*?\b(aco_\w+)\s*\(", h.read_text()))
bad = sorted(s for s in exported if not s.startswith("aco_"))
missing = sorted(declared - exported)
extra = sorted(exported - declared)
dyn = subprocess.run(["readelf", "-d", lib], capture_output=True, text=True, check=True).stdout
soname = re.search(r"SONAME.*\[(.*)\]", dyn)
ok = True
if bad or extra:
    print("exported but not public API:", bad + extra); ok = False
if missing:
    print("declared ACO_API but not exported:", missing); ok = False
if not soname or not re.fullmatch(r"libaco\.so\.\d+", soname.group(1)):
    print("soname is not versioned:", soname and soname.group(1)); ok = False
print(f"{len(exported)} exported symbols, {len(declared)} declared, soname {soname and soname.group(1)}")
sys.exit(0 if ok else 1)
