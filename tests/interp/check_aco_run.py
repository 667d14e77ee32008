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
print(r.stdout[:400] if ok else r.stdout + r.stderr)
sys.exit(0 if ok else 1)
