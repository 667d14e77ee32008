# SPDX-License-Identifier: MIT
"""tools/disasm.c (aco-cc --disasm) against llvm-objdump-19 -d (suite `encoding`).

1. Objects written by src/emit/elf.c (elf_dump): llvm-readelf-19 must see EM_AMDGPU with the
   level's EF_AMDGPU_MACH in e_flags and both function symbols; llvm-objdump-19 -d and our
   disassembler must print the same text, line for line.
   Relocations (reloc_*.o: "caller" calls "ext", defined in no object): llvm-objdump-19 -dr
   must show the same instructions and R_AMDGPU_REL32_LO/HI lines as for llvm-mc-19's object
   of the same assembly text, and ld.lld-19 must link it with an object defining ext so that
   the s_getpc_b64-relative literals reach ext.
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

# Mnemonics llc-19 emits that the decoder does not know yet, each with its reason (none
# now: the cache-control instructions are table rows).
MISSING = {}

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


def check_relocs(gfx, wave, disasm):
    """The relocation object of elf_dump for one level and wave size: (mismatches, lines)."""
    bad = []
    base = "reloc_%s_w%d" % (gfx, wave)
    attr = ["-mattr=+wavefrontsize64"] if wave == 64 else []
    od_attr = ["--mattr=+wavefrontsize64"] if wave == 64 else []
    r = run(["llvm-mc-19", "-triple=amdgcn-amd-amdhsa", "-mcpu=" + gfx, "-filetype=obj",
             "-o", base + ".mc.o", base + ".s"] + attr)
    if r.returncode:
        return ["%s: llvm-mc-19 rejects our text: %s" % (base, r.stderr[:300])], 0

    def body(obj):
        out = run(["llvm-objdump-19", "-dr"] + od_attr + [obj]).stdout.splitlines()
        return [l for l in out if l.startswith("\t")]
    ours, theirs = body(base + ".o"), body(base + ".mc.o")
    if ours != theirs or not any("R_AMDGPU_REL32_LO\text+0x4" in l for l in ours) or \
            not any("R_AMDGPU_REL32_HI\text+0xc" in l for l in ours):
        bad.append("%s: llvm-objdump-19 -dr differs from llvm-mc-19's object:\n    ours:   %s\n"
                   "    theirs: %s" % (base, "\n            ".join(ours),
                                       "\n            ".join(theirs)))
    hdr = run(["llvm-readelf-19", "-s", base + ".o"]).stdout
    if not re.search(r"NOTYPE\s+GLOBAL\s+HIDDEN\s+UND\s+ext$", hdr, re.M):
        bad.append("%s: ext is not an undefined hidden global symbol:\n%s" % (base, hdr))
    # our disassembler on the object, like any other
    theirs_d = run(["llvm-objdump-19", "-d"] + od_attr + [base + ".o"]).stdout
    ours_d = run([disasm, "--disasm", "-mcpu=" + gfx, "-mwave=%d" % wave, base + ".o"]).stdout
    n, _, more = compare(base + ".o", theirs_d, ours_d)
    bad += more
    if shutil.which("ld.lld-19") is None:
        print("note: ld.lld-19 not found; relocations not linked")
        return bad, n
    with open("ext.s", "w") as f:
        f.write("\t.text\n\t.globl ext\n\t.p2align 8\next:\n\ts_setpc_b64 s[30:31]\n")
    run(["llvm-mc-19", "-triple=amdgcn--amdpal", "-mcpu=" + gfx, "-filetype=obj", "-o",
         "ext.o", "ext.s"] + attr)
    r = run(["ld.lld-19", "-shared", "-o", base + ".so", base + ".o", "ext.o"])
    if r.returncode:
        return bad + ["%s: ld.lld-19 cannot link it: %s" % (base, r.stderr[:300])], n
    lines = run(["llvm-objdump-19", "-d"] + od_attr + [base + ".so"]).stdout
    sym = dict((m.group(2), int(m.group(1), 16))
               for m in re.finditer(r"^([0-9a-f]+) <(\w+)>:", lines, re.M))
    lits = [int(m.group(1), 16) for m in
            re.finditer(r"s_add(?:c_u32|_u32|_co_u32|_co_ci_u32) s\d+, s\d+, \S+\s+// \S+ \S+ ([0-9A-F]{8})",
                        lines)]
    if "caller" not in sym or "ext" not in sym or len(lits) != 2:
        return bad + ["%s: the linked object has no caller/ext or literals:\n%s"
                      % (base, lines)], n
    target = (sym["caller"] + 4 + (lits[0] | lits[1] << 32)) & (2**64 - 1)
    if target != sym["ext"]:
        bad.append("%s: linked literals give 0x%x, ext is at 0x%x" % (base, target, sym["ext"]))
    return bad, n


def main():
    for tool in ("llvm-objdump-19", "llvm-readelf-19", "llc-19", "llvm-mc-19"):
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
                bad, n = check_relocs(gfx, wave, disasm)
                total, failures = total + n, failures + bad
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
