# SPDX-License-Identifier: MIT
"""Symbolic immediates (suite `encoding`): for every 16-bit value of s_waitcnt, s_sendmsg,
s_delay_alu, s_waitcnt_depctr / s_wait_alu and s_getreg_b32 (hwreg) on every level where
the op exists, our printed text must equal llvm-mc-19's disassembly of our bytes.

Usage: check_special.py SPECIAL_DUMP"""
import shutil
import subprocess
import sys

OPS = ("s_waitcnt", "s_sendmsg", "s_delay_alu", "s_waitcnt_depctr", "s_getreg_b32")


def main():
    if shutil.which("llvm-mc-19") is None:
        print("SKIP: llvm-mc-19 not found")
        return 77
    failures = 0
    for gfx in ("gfx1030", "gfx1100", "gfx1200"):
        for op in OPS:
            r = subprocess.run([sys.argv[1], gfx, op], capture_output=True, text=True)
            if r.returncode == 2:
                continue  # not on this level
            if r.returncode:
                print("%s %s: special_dump failed (%d)" % (gfx, op, r.returncode))
                failures += 1
                continue
            rows = [l.split("\t") for l in r.stdout.splitlines()]
            d = subprocess.run(["llvm-mc-19", "-triple=amdgcn", "-mcpu=" + gfx, "--disassemble"],
                               input="\n".join(b for b, _ in rows) + "\n", capture_output=True,
                               text=True)
            theirs = [l.strip() for l in d.stdout.splitlines() if l.strip() and
                      not l.strip().startswith(".")]
            bad = [(b, t, o) for (b, o), t in zip(rows, theirs) if t != o]
            if len(theirs) != len(rows):
                bad.append(("", "%d lines" % len(theirs), "%d lines" % len(rows)))
            print("%s %s: %d values, %d mismatches" % (gfx, op, len(rows), len(bad)))
            for b, t, o in bad[:5]:
                print("  MISMATCH %s llvm: %s ours: %s" % (b, t, o))
            failures += len(bad)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
