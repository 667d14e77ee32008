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
# the parse error located first on its line, after everything stdout printed
if not r3.stderr.startswith("<stdin>:2:1: error: "):
    print("a parse error should read <stdin>:2:1: error: ..., got", r3.stderr[:300]); ok = False
# --version; -mcpu with a space selects the machine-code mode like -mcpu=
r6 = subprocess.run([aco_run, "--version"], capture_output=True, text=True)
if r6.returncode != 0 or not r6.stdout.startswith("aco-run (libaco) "):
    print("--version:", r6.returncode, r6.stdout[:200]); ok = False
r7 = subprocess.run([aco_run, "-mcpu", "gfx1100", "/nonexistent/k.bin"], capture_output=True, text=True)
if r7.returncode != 1 or "'/nonexistent/k.bin': No such file or directory" not in r7.stderr:
    print("-mcpu gfx1100 with a missing file:", r7.returncode, r7.stderr[:300]); ok = False
# --dump DIR and bufK+OFFSET: buffer 1 holds buffer 0's address + 8, through which the
# kernel stores 42; the interpreter's and the emulator's final bytes land in DIR
ptr = ("target gfx1100 wave32\n"
       "entry function @k(uniform ptr %out, uniform ptr %tab) abi @compute_default "
       "workgroup_size 1 1 1 {\n  %p = load_global ptr %tab\n  %v = const i32 42\n"
       "  store_global %p, %v\n  return\n}\n")
with tempfile.TemporaryDirectory() as tmp:
    for mode in ([], ["--compile"]):
        r8 = subprocess.run([aco_run, *mode, "--buf", "0=zero:16", "--buf", "1=words:buf0+8",
                             "--dump", tmp, "-"], input=ptr, capture_output=True, text=True)
        b0 = open(os.path.join(tmp, "buf0.bin"), "rb").read() if r8.returncode == 0 else b""
        b1 = open(os.path.join(tmp, "buf1.bin"), "rb").read() if r8.returncode == 0 else b""
        if b0 != struct.pack("<4I", 0, 0, 42, 0) or b1 != struct.pack("<Q", (1 << 32) + 8):
            print("--dump", mode, r8.returncode, b0, b1, r8.stderr[:300]); ok = False
        os.unlink(os.path.join(tmp, "buf0.bin")) if b0 else None
    r9 = subprocess.run([aco_run, "--buf", "0=zero:16", "--buf", "1=words:buf0+x", "-"], input=ptr,
                        capture_output=True, text=True)
    if r9.returncode != 1 or "bad buffer address 'buf0+x'" not in r9.stderr:
        print("a bad bufK+OFFSET:", r9.returncode, r9.stderr[:300]); ok = False
    r10 = subprocess.run([aco_run, "--buf", "0=zero:16", "--buf", "1=words:buf0",
                          "--dump", os.path.join(tmp, "no", "such"), "-"], input=ptr,
                         capture_output=True, text=True)
    if r10.returncode != 1 or "No such file or directory" not in r10.stderr:
        print("--dump into a missing directory:", r10.returncode, r10.stderr[:300]); ok = False
print(r.stdout[:400] if ok else r.stdout + r.stderr)
sys.exit(0 if ok else 1)
