#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aco-run --link: the RT example of examples/rt compiled as four programs, linked and run
on the emulator for every target and wave size (--compile prints the words, --check
compares with the interpreter running the merge); and the errors of separate compilation
get their messages and exit codes."""
import os, re, struct, subprocess, sys, tempfile

aco_run, src = sys.argv[1], os.environ["ACO_TEST_SRCDIR"]
rt = os.path.join(src, "examples/rt")
files = ["raygen.air", "traversal.air", "hit_groups.air", "shading.air"]
scene = [(0, 10, 20, 0), (1, 40, 8, 1), (0, 25, 30, 1), (1, 90, 15, 0), (0, 70, 5, 0), (1, 5, 4, 1)]
# rays worked out by hand (tests/calls/kernels/rt_linked.air): byte offset -> word
want = {4: 100000, 16: -5234, 20: 34, 96: 120, 100: 120}
ok = True


def run(args):
    return subprocess.run([aco_run] + args, capture_output=True, text=True)


def fail(what, r):
    global ok
    print("FAIL:", what, "exit", r.returncode, r.stdout[-300:], r.stderr[-300:])
    ok = False


def has_words(out):
    return all(re.search(r"\+%d\s+0x%08x\s+i32 %d\b" % (off, v & 0xffffffff, v), out)
               for off, v in want.items())


with tempfile.TemporaryDirectory() as tmp:
    scene_path = os.path.join(tmp, "scene")
    open(scene_path, "wb").write(b"".join(struct.pack("<4i", *r) for r in scene))
    common = ["--grid", "2,1,1", "--buf", "0=zero:1024", "--buf", "1=file:" + scene_path,
              "--arg", "2=6"]

    def program(cpu, wave, names=files):
        paths = []
        for name in names:
            text = open(os.path.join(rt, name)).read()
            path = os.path.join(tmp, "%s-%d-%s" % (cpu, wave, name))
            open(path, "w").write(re.sub(r"^target .*$", "target %s wave%d" % (cpu, wave),
                                         text, flags=re.M))
            paths.append(path)
        return [paths[0]] + sum((["--link", p] for p in paths[1:]), [])

    for cpu in ("gfx1030", "gfx1100", "gfx1200"):
        for wave in (32, 64):
            r = run(["--compile"] + common + program(cpu, wave))
            if r.returncode != 0 or not has_words(r.stdout):
                fail("--compile %s wave%d" % (cpu, wave), r)
            r = run(["--check"] + common + program(cpu, wave))
            if r.returncode != 0 or "wrote the same 1120 bytes" not in r.stdout:
                fail("--check %s wave%d" % (cpu, wave), r)
    r = run(common + program("gfx1100", 32))
    if r.returncode != 0 or not has_words(r.stdout):
        fail("the interpreter on the merge", r)

    # errors: a declared function nobody defines (with and without --link), one defined
    # twice, binaries of two targets, a link file that does not parse, one that cannot be
    # read, '-' as a link
    r = run(["--check"] + common + program("gfx1100", 32, files[:3]))
    if r.returncode != 2 or "@shade_matte is declared in" not in r.stderr:
        fail("a function defined nowhere", r)
    r = run(["--compile"] + common + program("gfx1100", 32, files[:1]))
    if r.returncode != 2 or "@traverse is only declared" not in r.stderr:
        fail("a declared function without --link", r)
    r = run(["--check"] + common + program("gfx1100", 32, files + ["shading.air"]))
    if r.returncode != 2 or not re.search(r"@\w+ is defined in both", r.stderr):
        fail("a function defined twice", r)
    mixed = program("gfx1100", 32)[:-1] + program("gfx1030", 32)[-1:]
    r = run(["--check"] + common + mixed)
    if r.returncode != 2 or "link:" not in r.stderr or "target" not in r.stderr:
        fail("binaries for two targets", r)
    bad = os.path.join(tmp, "bad.air")
    open(bad, "w").write("target gfx1100 wave32\nbogus\n")
    r = run(common + program("gfx1100", 32) + ["--link", bad])
    if r.returncode != 2 or "bad.air" not in r.stderr:
        fail("a link file that does not parse", r)
    r = run(common + program("gfx1100", 32) + ["--link", os.path.join(tmp, "none.air")])
    if r.returncode != 1 or "cannot open" not in r.stderr:
        fail("a link file that cannot be read", r)
    r = run(common + program("gfx1100", 32) + ["--link", "-"])
    if r.returncode != 1:
        fail("'-' as a link file", r)

print("ok" if ok else "FAILED")
sys.exit(0 if ok else 1)
