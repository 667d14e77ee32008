#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: set up, build, compile an example kernel, print its code and statistics,
# run it on the ISA emulator (the built-in device) and print the results, checked against
# the reference interpreter.
set -eu
cd "$(dirname "$0")/.."
bash scripts/deps.sh
[ -d build ] || meson setup build >/dev/null
ninja -C build >/dev/null
example=examples/saxpy.air
target=${ACO_MAIN_TARGET:-gfx1100}
echo "== $example compiled by aco-cc for $target: code and statistics"
./build/tools/aco-cc -S --stats -mcpu="$target" "$example"
echo
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import struct, sys
d = sys.argv[1]
open(d + "/x", "wb").write(b"".join(struct.pack("<f", i * 0.5) for i in range(256)))
open(d + "/y", "wb").write(b"".join(struct.pack("<I", i) for i in range(256)))
open(d + "/t", "wb").write(b"".join(struct.pack("<f", 1.0 + i) for i in range(16)))
PY
args=(--grid 4,1,1 --buf 0=file:"$tmp/x" --buf 1=file:"$tmp/y" --buf 2=file:"$tmp/t"
      --arg 3=2.5 --arg 4=4)
sed "s/^target .*/target $target wave32/" "$example" > "$tmp/saxpy.air"
echo "== running it on the ISA emulator: 4 workgroups of 64, a = 2.5, n = 4"
echo "   (y[i] = a * x[i] + y[i] + t[0] + ... + t[n-1], x[i] = i/2, y[i] = i, t[k] = k+1)"
./build/tools/aco-run --compile "${args[@]}" "$tmp/saxpy.air" | head -20
echo "   ..."
echo
echo "== the same on the reference interpreter, compared byte for byte (aco-run --check)"
./build/tools/aco-run --check "${args[@]}" "$tmp/saxpy.air" | tail -2
echo
example=examples/rt_pipeline.air
echo "== $example (calls, recursion, a divergent indirect call): on the interpreter"
./build/tools/aco-run --buf 0=zero:256 --buf 1=funcs:@any_hit,@miss,@any_hit,@miss "$example" | tail -6
set +e
./build/tools/aco-cc -S "$example" >/dev/null 2>"$tmp/err"
rc=$?
set -e
if [ $rc -eq 3 ]; then
   echo "   compiling it: $(cat "$tmp/err") (calls come with the calls issue; see README.md, Status)"
elif [ $rc -ne 0 ]; then
   cat "$tmp/err"
   exit $rc
fi
