#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: set up, build, and run an example program through aco-cc.
set -eu
cd "$(dirname "$0")/.."
bash scripts/deps.sh
[ -d build ] || meson setup build >/dev/null
ninja -C build >/dev/null
example=examples/rt_pipeline.air
echo "== $example: parsed, validated and printed back by aco-cc --print"
./build/tools/aco-cc --print "$example"
echo
echo "== running it on the reference interpreter (aco-run), 64 lanes, any-hit/miss table"
./build/tools/aco-run --buf 0=zero:256 --buf 1=funcs:@any_hit,@miss,@any_hit,@miss "$example" | head -24
echo
echo "== compiling it with aco-cc -S"
set +e
./build/tools/aco-cc -S "$example"
rc=$?
set -e
if [ $rc -eq 3 ]; then
   echo "(compilation is not available yet: libaco parses, validates and prints programs;"
   echo " code generation comes with the pipeline issues. See README.md, 'Status'.)"
elif [ $rc -ne 0 ]; then
   exit $rc
fi
