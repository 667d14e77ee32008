#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aco-cc --emit-llvm on every corpus program, for each target and wave size: the
translation must be accepted by llc-19 (which compiles it), or fail with the exact
message listed below for constructs the translation does not express."""
import concurrent.futures
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ACO_CC = sys.argv[1]
SRC = pathlib.Path(os.environ.get("ACO_TEST_SRCDIR", pathlib.Path(__file__).parents[2]))
LLC = shutil.which("llc-19")

# program -> the message aco-cc must give (exit status 3)
UNSUPPORTED = {
    "float_modes": "function @flush_mul_add: rounding modes other than nearest-even",
}

CONFIGS = [(cpu, w) for cpu in ("gfx1030", "gfx1100", "gfx1200") for w in (32, 64)]


def check(path, cpu, wave, tmp):
    text = path.read_text()
    text = re.sub(r"^target \S+ \S+", "target %s wave%d" % (cpu, wave), text, count=1,
                  flags=re.M)
    name = "%s-%s-w%d" % (path.stem, cpu, wave)
    air = pathlib.Path(tmp) / (name + ".air")
    air.write_text(text)
    r = subprocess.run([ACO_CC, "--emit-llvm", str(air)], capture_output=True, text=True)
    want = UNSUPPORTED.get(path.stem)
    if want:
        if r.returncode != 3 or want not in r.stderr:
            return "%s: expected exit 3 with '%s', got %d: %s" % (name, want, r.returncode,
                                                                   r.stderr.strip())
        return None
    if r.returncode != 0:
        return "%s: aco-cc --emit-llvm failed (%d): %s" % (name, r.returncode, r.stderr.strip())
    if "target triple = \"amdgcn--\"" not in r.stdout:
        return "%s: no amdgcn target triple in the output" % name
    if not LLC:
        return None
    attr = ["-mattr=+wavefrontsize64"] if wave == 64 else []
    c = subprocess.run([LLC, "-O2", "-mtriple=amdgcn--", "-mcpu=" + cpu, *attr,
                        "-filetype=obj", "-o", os.devnull], input=r.stdout,
                       capture_output=True, text=True)
    if c.returncode != 0:
        return "%s: llc-19 rejected the translation: %s" % (name, c.stderr.strip()[:400])
    return None


def main():
    progs = sorted((SRC / "tests" / "ir").glob("*.air")) + sorted((SRC / "examples").glob("*.air"))
    if not LLC:
        print("llc-19 not found: checking only that the translation succeeds")
    failures = []
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        jobs = [ex.submit(check, p, cpu, w, tmp) for p in progs for cpu, w in CONFIGS]
        for j in jobs:
            msg = j.result()
            if msg:
                failures.append(msg)
    for f in failures:
        print("FAIL", f)
    print("%d programs x %d targets: %d failures" % (len(progs), len(CONFIGS), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
