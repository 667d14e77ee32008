#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: set up, build, compile an example kernel, print its code and statistics,
# run it on the ISA emulator (the built-in device) and print the results, checked against
# the reference interpreter; then the RT pipeline of examples/rt, its four files compiled
# apart, linked and run the same way; then a GLSL compute shader through glslang and the
# SPIR-V front end, checked against lavapipe.
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
rt=examples/rt
echo "== $rt: a ray-tracing pipeline in four files, each compiled on its own (aco-cc --stats)"
for f in raygen traversal hit_groups shading; do
   ./build/tools/aco-cc -S --stats -mcpu="$target" "$rt/$f.air" > "$tmp/$f.s"
   sed "s/^target .*/target $target wave32/" "$rt/$f.air" > "$tmp/$f.air"
   size=$(sed -n 's/^; stats: \([0-9]*\) instructions, \([0-9]*\) bytes.*/\1 instructions, \2 bytes/p' "$tmp/$f.s")
   regs=$(sed -n 's/^; config: sgprs \([0-9]*\), vgprs \([0-9]*\).*/\1 SGPRs, \2 VGPRs/p' "$tmp/$f.s")
   needs=$(sed -n 's/^declare function \(@[A-Za-z0-9_]*\).*/\1/p' "$rt/$f.air" | tr '\n' ' ' | sed 's/ $//')
   printf '   %-15s %-27s %-20s%s\n' "$f.air" "$size," "$regs" "${needs:+ calls $needs}"
done
echo "== linked (aco_link), run on the ISA emulator and checked against the interpreter"
echo "   (aco-run --check --link): 128 rays y = 0..127 through 3 slabs and 3 discs"
python3 - "$tmp/scene" <<'PY'
import struct, sys
scene = [(0, 10, 20, 0), (1, 40, 8, 1), (0, 25, 30, 1), (1, 90, 15, 0), (0, 70, 5, 0), (1, 5, 4, 1)]
open(sys.argv[1], "wb").write(b"".join(struct.pack("<4i", *r) for r in scene))
PY
./build/tools/aco-run --check --grid 2,1,1 --buf 0=zero:1024 --buf 1=file:"$tmp/scene" \
   --arg 2=6 "$tmp/raygen.air" --link "$tmp/traversal.air" --link "$tmp/hit_groups.air" \
   --link "$tmp/shading.air" > "$tmp/rt.out"
# the image holds (color, hit distance) per ray; the shader that ran follows from them
awk '/^buffer 0/ {img = 1} /^buffer [1-9]/ {img = 0}
     img && /^  \+/ { off = substr($1, 2); if (off % 8) t[(off - 4) / 8] = $4; else c[off / 8] = $4 }
     function ray(y) {
        if (t[y] == 100000) return sprintf("%3d %7d  %8s  %-16s", y, c[y], "-", "miss")
        p = c[y] < 0 ? int((-c[y] - t[y]) / 1000) : int((c[y] - t[y]) / 1000)
        return sprintf("%3d %7d  %8d  %-16s", y, c[y], t[y],
                       (c[y] < 0 ? "stripes" : "matte") ", prim " p)
     }
     END { print "   ray   color  distance  closest hit       | ray   color  distance  closest hit"
           for (y = 0; y < 8; y++) print "   " ray(y) "  | " ray(y + 8) }' "$tmp/rt.out" |
   sed 's/ *$//'
echo "   ..."
tail -1 "$tmp/rt.out"
echo
shader=examples/scale_add.comp
echo "== $shader: GLSL through glslangValidator, then libaco's SPIR-V front end (docs/spirv.md)"
glslangValidator -V --target-env vulkan1.2 -o "$tmp/scale_add.spv" "$shader" >/dev/null
./build/tools/aco-cc -S --stats -mcpu="$target" "$tmp/scale_add.spv" | grep -E '^; (stats|config):'
echo "== the same shader on lavapipe (Mesa's CPU Vulkan driver), on the interpreter and on the"
echo "   ISA emulator for 3 levels x 2 wave sizes, every byte compared (tests/spirv/spirv_run.c)"
./build/tests/spirv/spirv_run "$tmp/scale_add.spv" "$shader"
