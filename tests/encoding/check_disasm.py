# SPDX-License-Identifier: MIT
"""tools/disasm.c (aco-cc --disasm) against llvm-objdump-19 -d (suite `encoding`).

1. Objects written by src/emit/elf.c (elf_dump): llvm-readelf-19 must see EM_AMDGPU with the
   level's EF_AMDGPU_MACH in e_flags and both function symbols; llvm-objdump-19 -d and our
   disassembler must print the same text, line for line.
2. The llc-19-compiled kernels of tests/emu/llvm on every level (and wave64 on gfx1100): the
   two disassemblies must be identical, line for line (headers, labels, instruction text,
   offsets, words and branch targets). Instructions the opcode table does not hold yet are
   listed in MISSING with their reason; a line differing for any other mnemonic fails.

Usage: check_disasm.py ELF_DUMP ACO_CC SRCDIR"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Mnemonics llc-19 emits that the decoder does not know yet, each with its reason.
_CACHE = ("cache-control instruction without operands; not in the opcode table yet because "
          "the emulator decodes it itself (src/emu/emu.c decode_fallback)")
MISSING = {
    "buffer_gl0_inv": _CACHE,
    "buffer_gl1_inv": _CACHE,
    "global_inv": _CACHE,
    "global_wb": _CACHE,
}

MACH = {"gfx1030": 0x36, "gfx1100": 0x41, "gfx1200": 0x48}


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


INSTR = re.compile(r"\t(\S+).*// ([0-9A-F]{12}):((?: [0-9A-F]{8})+)")


def split(text):
    """Instruction lines by address, and the other lines (headers, labels) in order."""
    instrs, other = {}, []
    for line in text.splitlines():
        m = INSTR.match(line)
        if m:
            instrs[int(m.group(2), 16)] = (line, m.group(1), len(m.group(3).split()))
        elif line.strip():
            other.append(line)
    return instrs, other


def compare(name, theirs, ours):
    """Returns (lines, excepted, [mismatch descriptions])."""
    (ti, to), (oi, oo) = split(theirs), split(ours)
    bad, excepted = [], 0
    if to != oo:
        bad.append("%s: headers or labels differ:\n    objdump: %s\n    ours:    %s"
                   % (name, to, oo))
    skip = set()  # our lines inside a listed missing instruction
    for addr, (line, mnem, words) in sorted(ti.items()):
        if mnem in MISSING:
            excepted += 1
            skip.update(addr + 4 * k for k in range(words))
            continue
        mine = oi.get(addr, ("<missing>",))[0]
        if mine != line:
            bad.append("%s:\n    objdump: %s\n    ours:    %s" % (name, line, mine))
    for addr, (line, _, _) in sorted(oi.items()):
        if addr not in ti and addr not in skip:
            bad.append("%s: extra line\n    ours:    %s" % (name, line))
    return len(ti) + len(to), excepted, bad


def main():
    for tool in ("llvm-objdump-19", "llvm-readelf-19", "llc-19"):
        if shutil.which(tool) is None:
            print("SKIP: %s not found" % tool)
            return 77
    elf_dump, disasm, srcdir = (os.path.abspath(a) for a in sys.argv[1:4])
    failures = []
    total = excepted = 0
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        # 1. our own ELF objects
        r = run([elf_dump, "."])
        if r.returncode:
            print(r.stderr)
            return 1
        for gfx, mach in MACH.items():
            for wave in (32, 64):
                obj = "%s_w%d.o" % (gfx, wave)
                hdr = run(["llvm-readelf-19", "-h", "-s", obj]).stdout
                if not re.search(r"Machine:\s+(AMD GPU|EM_AMDGPU)", hdr):
                    failures.append("%s: machine is not AMD GPU:\n%s" % (obj, hdr))
                m = re.search(r"Flags:\s+0x([0-9a-f]+)", hdr)
                if not m or int(m.group(1), 16) != mach:
                    failures.append("%s: e_flags %s, expected 0x%x" % (obj, m and m.group(1), mach))
                for sym in ("first", "second"):
                    if not re.search(r"FUNC\s+GLOBAL\s+DEFAULT\s+\d+\s+%s$" % sym, hdr, re.M):
                        failures.append("%s: no global function symbol %s:\n%s" % (obj, sym, hdr))
                attr = ["--mattr=+wavefrontsize64"] if wave == 64 else []
                theirs = run(["llvm-objdump-19", "-d"] + attr + [obj]).stdout
                ours = run([disasm, "--disasm", "-mcpu=" + gfx, "-mwave=%d" % wave, obj]).stdout
                if "<first>:" not in theirs or "<second>:" not in theirs:
                    failures.append("%s: llvm-objdump shows no functions:\n%s" % (obj, theirs))
                n, e, bad = compare(obj, theirs, ours)
                total, excepted, failures = total + n, excepted + e, failures + bad
        # 2. llc-19 output
        kernels = sorted(glob.glob(os.path.join(srcdir, "tests/emu/llvm/*.ll")))
        wave64 = ("k03", "k20", "k21", "k22", "k23")  # divergence and subgroup kernels
        for ll in kernels:
            configs = [(g, 32) for g in MACH]
            if os.path.basename(ll).startswith(wave64):
                configs.append(("gfx1100", 64))
            for gfx, wave in configs:
                obj = "%s.%s.w%d.o" % (os.path.basename(ll)[:-3], gfx, wave)
                attr = ["-mattr=+wavefrontsize64"] if wave == 64 else []
                r = run(["llc-19", "-mtriple=amdgcn--amdpal", "-mcpu=" + gfx, "-filetype=obj",
                         "-o", obj, ll] + attr)
                if r.returncode:
                    failures.append("llc-19 failed on %s for %s: %s" % (ll, gfx, r.stderr[:500]))
                    continue
                theirs = run(["llvm-objdump-19", "-d"] + ["-" + a for a in attr] + [obj]).stdout
                ours = run([disasm, "--disasm", "-mcpu=" + gfx, "-mwave=%d" % wave, obj]).stdout
                n, e, bad = compare(obj, theirs, ours)
                total, excepted, failures = total + n, excepted + e, failures + bad
    print("disassembly: %d lines compared, %d mismatches, %d lines of listed missing "
          "instructions" % (total, len(failures), excepted))
    for f in failures[:40]:
        print("  MISMATCH " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
