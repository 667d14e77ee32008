#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""libaco.so exports exactly the aco_* functions its public headers declare (their ACO_API
declarations, found anew each run, so new public functions need nothing here), the version
script src/api/libaco.map lists exactly those, and the library has a versioned soname.

usage: check_exports.py LIBACO_SO INCLUDE_DIR LIBACO_MAP"""
import re, subprocess, sys, pathlib

lib, include, version_map = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True,
                     check=True).stdout
exported = {l.split()[-1].split("@")[0] for l in out.splitlines() if l.split()[1:2] in (["T"], ["D"], ["R"], ["B"])}
declared = set()
for h in include.glob("*.h"):
    declared |= set(re.findall(r"ACO_API\s+[^;(]*?\b(aco_\w+)\s*\(", h.read_text()))
bad = sorted(s for s in exported if not s.startswith("aco_"))
missing = sorted(declared - exported)
extra = sorted(exported - declared)
map_text = re.sub(r"/\*.*?\*/", "", version_map.read_text(), flags=re.S)
glob_section = re.search(r"global:(.*?)local:", map_text, re.S)
listed = set(re.findall(r"([A-Za-z_][\w*?]*)\s*;", glob_section.group(1) if glob_section else ""))
wild = sorted(n for n in listed if "*" in n or "?" in n)
dyn = subprocess.run(["readelf", "-d", lib], capture_output=True, text=True, check=True).stdout
soname = re.search(r"SONAME.*\[(.*)\]", dyn)
ok = True
if bad or extra:
    print("exported but not public API:", bad + extra); ok = False
if missing:
    print("declared ACO_API but not exported:", missing); ok = False
if wild:
    print(f"{version_map.name} exports by pattern, not by name:", wild); ok = False
if listed - declared:
    print(f"listed in {version_map.name} but declared by no header:", sorted(listed - declared))
    ok = False
if declared - listed:
    print(f"declared ACO_API but not listed in {version_map.name}:", sorted(declared - listed))
    ok = False
if not soname or not re.fullmatch(r"libaco\.so\.\d+", soname.group(1)):
    print("soname is not versioned:", soname and soname.group(1)); ok = False
print(f"{len(exported)} exported symbols, {len(declared)} declared, soname {soname and soname.group(1)}")
sys.exit(0 if ok else 1)
