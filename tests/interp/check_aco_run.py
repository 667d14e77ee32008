#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aco-run end to end: examples/rt_pipeline.air computes, per lane l (table slot l & 3:
any_hit, miss, any_hit, miss), accept(l) + loop count max(l, 1) + sum(5) = 15:
lanes 0..3 give 1+1+15, 0+1+15, 1+2+15, 0+3+15. And errors get their exit codes."""
import subprocess, sys, os

aco_run, src = sys.argv[1], os.environ["ACO_TEST_SRCDIR"]
ex = os.path.join(src, "examples/rt_pipeline.air")
funcs = "1=funcs:@any_hit,@miss,@any_hit,@miss"
r = subprocess.run([aco_run, "--buf", "0=zero:256", "--buf", funcs, ex], capture_output=True, text=True)
ok = r.returncode == 0
for lane, want in enumerate([17, 16, 18, 18, 20, 20]):
    line = f"+{lane * 4:<6} 0x{want:08x}  i32 {want}"
    if line not in r.stdout:
        print(f"missing: {line!r}"); ok = False
# a buffer too small for 64 lanes: an out-of-bounds store, exit 4
r2 = subprocess.run([aco_run, "--buf", "0=zero:128", "--buf", funcs, ex], capture_output=True, text=True)
if r2.returncode != 4 or "out-of-bounds access" not in r2.stderr:
    print("expected exit 4 with an out-of-bounds error, got", r2.returncode, r2.stderr[:300]); ok = False
# an invalid program: exit 2
r3 = subprocess.run([aco_run, "-"], input="target gfx1100 wave32\nbogus\n", capture_output=True, text=True)
if r3.returncode != 2:
    print("expected exit 2 for a parse error, got", r3.returncode, r3.stderr[:300]); ok = False
# --check: examples/saxpy.air compiled for each target runs on the emulator and writes
# what the interpreter writes; y[i] = 2.5 * x[i] + float(y[i]) + (t[0] + .. + t[3])
#                                   = 2.5 * 0.5i + i + (1 + 2 + 3 + 4)
import struct, tempfile, re
with tempfile.TemporaryDirectory() as tmp:
    files = {}
    for name, data in (("x", b"".join(struct.pack("<f", i * 0.5) for i in range(256))),
                       ("y", b"".join(struct.pack("<I", i) for i in range(256))),
                       ("t", b"".join(struct.pack("<f", 1.0 + i) for i in range(16)))):
        files[name] = os.path.join(tmp, name)
        open(files[name], "wb").write(data)
    text = open(os.path.join(src, "examples/saxpy.air")).read()
    for cpu in ("gfx1030", "gfx1100", "gfx1200"):
        for wave in (32, 64):
            air = os.path.join(tmp, "saxpy-%s-%d.air" % (cpu, wave))
            open(air, "w").write(re.sub(r"^target .*$", "target %s wave%d" % (cpu, wave), text, count=1, flags=re.M))
            args = ["--grid", "4,1,1", "--buf", "0=file:" + files["x"], "--buf", "1=file:" + files["y"],
                    "--buf", "2=file:" + files["t"], "--arg", "3=2.5", "--arg", "4=4"]
            r4 = subprocess.run([aco_run, "--check"] + args + [air], capture_output=True, text=True)
            if r4.returncode != 0 or "wrote the same" not in r4.stdout:
                print("--check", cpu, wave, "failed:", r4.returncode, r4.stderr[:500]); ok = False
            r5 = subprocess.run([aco_run, "--compile"] + args + [air], capture_output=True, text=True)
            want = 2.5 * 0.5 * 10 + 10 + (1 + 2 + 3 + 4)
            line = "+40     0x%08x" % struct.unpack("<I", struct.pack("<f", want))[0]
            if r5.returncode != 0 or line not in r5.stdout:
                print("--compile", cpu, wave, "did not give", line, r5.returncode, r5.stdout[-300:], r5.stderr[:300]); ok = False
print(r.stdout[:400] if ok else r.stdout + r.stderr)
sys.exit(0 if ok else 1)
