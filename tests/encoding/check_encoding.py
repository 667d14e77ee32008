# SPDX-License-Identifier: MIT
"""Cross-checks libaco's assembler against LLVM's (suite `encoding`).

encoding_dump prints one instance per line (gfx, wave, row, our text, our bytes, decoder
status). For each GFX level and wave size this script checks, batching everything into
two llvm-mc-19 runs: (a) llvm-mc assembling our text gives our bytes, (b) llvm-mc
disassembling our bytes gives our text, (c) our decoder gave back what we encoded.
Instances tagged "t16" (16-bit halves in LLVM's true16 syntax) are checked with
-mattr=+real-true16, those tagged "opsel" (halves through VOP3 op_sel) as _NO_OPSEL says.
Known llvm-mc disagreements are listed in EXCEPTIONS with their reason; any other
difference fails the test. Rows the generator cannot build yet are counted as
"uncovered" and printed, never dropped silently."""
import collections
import re
import shutil
import subprocess
import sys

# (mnemonic, mismatch kind, reason): genuine llvm-mc disagreements, each also described in
# docs/isa-notes.md. Exact mnemonic and kind, so nothing else about the row is excused.
# Keep short; every entry needs a reason.
_E64_NO_OPERANDS = ("llvm-mc needs the _e64 suffix to assemble the VOP3 form of an "
                    "operand-less VALU op, but disassembles it without the suffix")
EXCEPTIONS = [
    ("v_nop", "text", _E64_NO_OPERANDS),
    ("v_pipeflush", "text", _E64_NO_OPERANDS),
    ("v_clrexcp", "text", _E64_NO_OPERANDS),
]

# Instances tagged "opsel" put 16-bit high halves in VOP3 forms through op_sel. llvm-mc-19
# has op_sel only on some of these ops (v_fma_f16, v_mad_u16, v_add_nc_u16, ...): on the
# VOP3 forms of VOP1/VOP2/VOPC ops and on a few VOP3 ones (v_max_u16, v_and_b16, ...) its
# default syntax has no op_sel operand and its true16 syntax is unfinished, so it neither
# assembles nor disassembles them. Such an instance is counted as excepted when llvm-mc
# rejects both ways (our decoder must still give it back); when llvm-mc takes it, bytes
# and text must match like any other instance.
_NO_OPSEL = "llvm-mc-19 has no op_sel for the 16-bit halves of this VOP3 form"

LLVM_MC = "llvm-mc-19"


def mc(args, text):
    r = subprocess.run([LLVM_MC, "-triple=amdgcn"] + args, input=text, capture_output=True,
                       text=True)
    bad = set(int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: (?:error|warning)", r.stderr))
    lines = [l for l in r.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
    return bad, lines, r.stderr


def main():
    if shutil.which(LLVM_MC) is None:
        print("SKIP: llvm-mc-19 not found; the encoding cross-check needs LLVM 19")
        return 77
    dump = subprocess.run([sys.argv[1]], capture_output=True, text=True, check=True).stdout
    groups = collections.OrderedDict()
    for line in dump.splitlines():
        f = line.split("\t")
        gfx, wave, name, *tag = f[0].split()
        groups.setdefault((gfx, wave, "".join(tag)), []).append((name, f[1:]))
    failures = 0
    verbose = "-v" in sys.argv
    for (gfx, wave, tag), items in groups.items():
        args = ["-mcpu=" + gfx]
        # "t16": instances in LLVM's true16 syntax (16-bit register halves v1.l / v1.h)
        attrs = (["+wavefrontsize64"] if wave == "64" else []) + \
            (["+real-true16"] if tag == "t16" else [])
        if attrs:
            args.append("-mattr=" + ",".join(attrs))
        inst = [(n, f) for n, f in items if len(f) == 3]
        uncovered = [(n, f[0]) for n, f in items if len(f) != 3]
        mism = []
        excepted = 0
        # (a) assemble our text
        bad, out, err = mc(args + ["-show-encoding"], "\n".join(f[0] for n, f in inst) + "\n")
        it = iter(out)
        for i, (n, f) in enumerate(inst):
            if i + 1 in bad:
                mism.append((n, "llvm-mc rejects", f[0], ""))
                continue
            l = next(it, "")
            m = re.search(r"encoding: \[(.*)\]", l)
            theirs = m.group(1) if m else "?"
            if theirs != f[1]:
                mism.append((n, "bytes", f[0], "ours %s llvm %s (%s)" % (f[1], theirs, l.split(";")[0].strip())))
        # (b) disassemble our bytes
        good = [(n, f) for n, f in inst if f[1]]
        bad2, out2, err2 = mc(args + ["--disassemble", "-show-encoding"],
                              "\n".join(f[1] for n, f in good) + "\n")
        by_bytes = {}
        for l in out2:
            m = re.match(r"\s*(.*?)\s*; encoding: \[(.*)\]", l)
            if m:
                by_bytes.setdefault(m.group(2), m.group(1))
        for i, (n, f) in enumerate(good):
            l = by_bytes.get(f[1])
            if l is None:
                mism.append((n, "llvm-mc cannot disassemble", f[0], f[1]))
                continue
            if l != f[0]:
                mism.append((n, "text", f[0], "llvm: " + l))
        # (c) our decoder
        for n, f in inst:
            if f[2] != "ok":
                mism.append((n, "decoder: " + f[2], f[0], f[1]))
        real = []
        kinds = collections.defaultdict(set)
        for mm in mism:
            kinds[(mm[0], mm[2])].add(mm[1])
        no_opsel = {"llvm-mc rejects", "llvm-mc cannot disassemble"}
        no_opsel_seen = set()
        for mm in mism:
            if any(mm[0] == name and mm[1] == kind for name, kind, _ in EXCEPTIONS):
                excepted += 1
            elif tag == "opsel" and kinds[(mm[0], mm[2])] == no_opsel:
                no_opsel_seen.add((mm[0], mm[2]))  # _NO_OPSEL, counted once per instance
            else:
                real.append(mm)
        excepted += len(no_opsel_seen)
        names = set(n for n, f in inst)
        print("%s w%s%s: %d mnemonics, %d instances, %d mismatches, %d listed exceptions, %d uncovered rows"
              % (gfx, wave, {"t16": " true16", "opsel": " op_sel halves"}.get(tag, ""),
                 len(names), len(inst), len(real), excepted,
                 len(uncovered)))
        for mm in real[: (10000 if verbose else 15)]:
            print("  MISMATCH %s [%s] %s  %s" % mm)
        if verbose:
            for n, why in uncovered:
                print("  uncovered %s: %s" % (n, why))
        failures += len(real)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
