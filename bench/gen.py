#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates benchmark programs in libaco's text IR (docs/ir.md).

    gen.py KIND [--size N] [--seed S] [--target gfx1100] [--wave 32]

KIND:
  alu        straight-line integer and float arithmetic, N instructions
  pressure   N values loaded and kept live until a final combination
  divergent  nested divergent ifs and loops, N levels of work
  calls      a kernel calling N small functions, with values live across the calls
  scale      a mix of the above shapes in one kernel of about N instructions (for the
             compile-time growth curve, 10k-100k)
  scale_uniform
             the same chunks of ALU, separated by ifs on a uniform kernel argument
             instead of divergent ones (what libaco compiles before divergent control
             flow exists; the growth curve is measured on it)

The output depends only on the arguments (a seeded generator), so the same command
gives the same program on every machine.
"""
import argparse
import random
import sys


class Body:
    def __init__(self, rng):
        self.lines = []
        self.n = 0
        self.rng = rng
        self.consts = {}

    def tmp(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, text, indent=1):
        self.lines.append("  " * indent + text)

    def const(self, ty, val, indent=1):
        key = (ty, val)
        if key in self.consts:
            return self.consts[key]
        d = self.tmp()
        self.emit("%s = const %s %s" % (d, ty, val), indent)
        if indent == 1:
            self.consts[key] = d
        return d


INT_OPS = ["iadd", "isub", "imul", "iand", "ior", "ixor", "umin", "umax", "smin", "smax"]
SHIFT_OPS = ["ishl", "ushr", "sshr"]
FLOAT_OPS = ["fadd", "fsub", "fmul", "fmin", "fmax"]


def lane_inputs(b, count, ty="i32", indent=1):
    """loads `count` values of the lane's slice of %in"""
    lid = b.tmp()
    b.emit("%s = local_invocation_index" % lid, indent)
    stride = b.const("i32", 4 * count, indent)
    base = b.tmp()
    b.emit("%s = imul %s, %s" % (base, lid, stride), indent)
    vals = []
    for i in range(count):
        v = b.tmp()
        b.emit("%s = load_global %s %%in[%s + %d] readonly" % (v, ty, base, 4 * i), indent)
        vals.append(v)
    return lid, vals


def store_out(b, lid, vals, indent=1):
    stride = b.const("i32", 4 * len(vals), indent)
    base = b.tmp()
    b.emit("%s = imul %s, %s" % (base, lid, stride), indent)
    for i, v in enumerate(vals):
        b.emit("store_global %%out[%s + %d], %s" % (base, 4 * i, v), indent)


def alu_chain(b, ints, floats, n, indent=1):
    """n operations; each uses the previous result of its type, so nothing is dead"""
    rng = b.rng
    ints, floats = list(ints), list(floats)
    for _ in range(n):
        r = rng.random()
        d = b.tmp()
        if r < 0.45:
            op = rng.choice(INT_OPS)
            b.emit("%s = %s %s, %s" % (d, op, ints[-1], rng.choice(ints[-16:])), indent)
            ints.append(d)
        elif r < 0.55:
            amt = b.const("i32", rng.randrange(1, 31), indent)
            b.emit("%s = %s %s, %s" % (d, rng.choice(SHIFT_OPS), ints[-1], amt), indent)
            ints.append(d)
        elif r < 0.85:
            op = rng.choice(FLOAT_OPS)
            b.emit("%s = %s %s, %s" % (d, op, floats[-1], rng.choice(floats[-16:])), indent)
            floats.append(d)
        elif r < 0.93:
            b.emit("%s = ffma %s, %s, %s" % (d, floats[-1], rng.choice(floats[-16:]),
                                              rng.choice(floats[-16:])), indent)
            floats.append(d)
        elif r < 0.97:
            b.emit("%s = u2f f32 %s" % (d, ints[-1]), indent)
            floats.append(d)
        else:
            b.emit("%s = f2u i32 %s" % (d, floats[-1]), indent)
            ints.append(d)
    return ints, floats


def header(args, params, wg=64):
    return ["target %s wave%d" % (args.target, args.wave), "",
            "entry function @main(%s) abi @compute_default workgroup_size %d 1 1 {" % (params, wg)]


def gen_alu(args, rng):
    b = Body(rng)
    lid, vals = lane_inputs(b, 4)
    fl = []
    for v in vals[:2]:
        d = b.tmp()
        b.emit("%s = u2f f32 %s" % (d, v))
        fl.append(d)
    ints, floats = alu_chain(b, vals, fl, args.size)
    fi = b.tmp()
    b.emit("%s = bitcast i32 %s" % (fi, floats[-1]))
    store_out(b, lid, [ints[-1], fi])
    return header(args, "uniform ptr %in, uniform ptr %out") + b.lines + ["  return", "}"]


def gen_pressure(args, rng):
    b = Body(rng)
    lid, vals = lane_inputs(b, args.size)
    # every loaded value is used twice: once in a forward pass, once at the end
    acc = vals[0]
    for v in vals[1:]:
        d = b.tmp()
        b.emit("%s = imul %s, %s" % (d, acc, v))
        acc = d
    out = []
    for i in range(0, len(vals), 2):
        d = b.tmp()
        w = vals[i + 1] if i + 1 < len(vals) else acc
        b.emit("%s = ixor %s, %s" % (d, vals[i], w))
        e = b.tmp()
        b.emit("%s = iadd %s, %s" % (e, d, acc))
        out.append(e)
    store_out(b, lid, out)
    return header(args, "uniform ptr %in, uniform ptr %out") + b.lines + ["  return", "}"]


def gen_divergent(args, rng):
    b = Body(rng)
    lid, vals = lane_inputs(b, 2)
    one = b.const("i32", 1)
    zero = b.const("i32", 0)
    cur = vals[0]

    def level(depth, cur, indent):
        """an if on a lane-dependent bit, each branch with a loop, nested depth deep"""
        bit = b.const("i32", 1 << (depth % 5), indent)
        m = b.tmp()
        b.emit("%s = iand %s, %s" % (m, lid, bit), indent)
        c = b.tmp()
        b.emit("%s = ine %s, %s" % (c, m, zero), indent)
        r = b.tmp()
        b.emit("%s = if %s -> i32 {" % (r, c), indent)
        t = cur
        for _ in range(3):
            d = b.tmp()
            b.emit("%s = %s %s, %s" % (d, rng.choice(INT_OPS), t, vals[1]), indent + 1)
            t = d
        if depth > 1:
            t = level(depth - 1, t, indent + 1)
        b.emit("yield %s" % t, indent + 1)
        b.emit("} else {", indent)
        # a loop with a lane-dependent trip count
        k = b.tmp()
        lim = b.tmp()
        seven = b.const("i32", 7, indent + 1)
        b.emit("%s = iand %s, %s" % (lim, cur, seven), indent + 1)
        res = b.tmp()
        s = b.tmp()
        b.emit("%s = loop (%s = %s, %s = %s) -> i32 {" % (res, k, zero, s, cur), indent + 1)
        done = b.tmp()
        b.emit("%s = uge %s, %s" % (done, k, lim), indent + 2)
        b.emit("if %s {" % done, indent + 2)
        b.emit("break %s" % s, indent + 3)
        b.emit("}", indent + 2)
        s1 = b.tmp()
        b.emit("%s = imul %s, %s" % (s1, s, vals[1]), indent + 2)
        s2 = b.tmp()
        b.emit("%s = iadd %s, %s" % (s2, s1, k), indent + 2)
        k1 = b.tmp()
        b.emit("%s = iadd %s, %s" % (k1, k, one), indent + 2)
        b.emit("continue %s, %s" % (k1, s2), indent + 2)
        b.emit("}", indent + 1)
        b.emit("yield %s" % res, indent + 1)
        b.emit("}", indent)
        return r

    for _ in range(max(1, args.size // 4)):
        cur = level(4, cur, 1)
    store_out(b, lid, [cur])
    return header(args, "uniform ptr %in, uniform ptr %out") + b.lines + ["  return", "}"]


def gen_calls(args, rng):
    lines = ["target %s wave%d" % (args.target, args.wave), ""]
    nf = args.size
    for f in range(nf):
        b = Body(rng)
        ints, _ = alu_chain(b, ["%a", "%b"], ["%x"], 12)
        lines.append("function @f%d(i32 %%a, i32 %%b, f32 %%x, return i32 %%r) abi @compute_default {" % f)
        lines += b.lines
        lines += ["  return %s" % ints[-1], "}", ""]
    b = Body(rng)
    lid, vals = lane_inputs(b, 8)
    fx = b.tmp()
    b.emit("%s = u2f f32 %s" % (fx, vals[0]))
    zero = b.const("i32", 0)
    live = list(vals)
    for f in range(nf):
        r = b.tmp()
        b.emit("%s = call @f%d(%s, %s, %s, %s)" % (r, f, rng.choice(live), rng.choice(live), fx, zero))
        d = b.tmp()
        b.emit("%s = iadd %s, %s" % (d, r, live[f % len(live)]))
        live[f % len(live)] = d
    store_out(b, lid, live)
    return lines + header(args, "uniform ptr %in, uniform ptr %out")[2:] + b.lines + ["  return", "}"]


def gen_scale(args, rng, uniform=False):
    """straight-line ALU in chunks separated by ifs: divergent ones (on a bit of the lane
    index) or, with uniform, ones on a bit of the uniform argument %k"""
    b = Body(rng)
    lid, vals = lane_inputs(b, 4)
    key = "%k" if uniform else lid
    fl = []
    for v in vals[:2]:
        d = b.tmp()
        b.emit("%s = u2f f32 %s" % (d, v))
        fl.append(d)
    ints, floats = vals, fl
    zero = b.const("i32", 0)
    left = args.size
    while left > 0:
        chunk = min(left, 200)
        ints, floats = alu_chain(b, ints, floats, chunk)
        left -= chunk
        c = b.tmp()
        bit = b.tmp()
        b.emit("%s = iand %s, %s" % (bit, key, b.const("i32", 4)))
        b.emit("%s = ine %s, %s" % (c, bit, zero))
        r = b.tmp()
        b.emit("%s = if %s -> i32 {" % (r, c))
        d = b.tmp()
        b.emit("%s = iadd %s, %s" % (d, ints[-1], ints[-2]), 2)
        b.emit("yield %s" % d, 2)
        b.emit("} else {")
        b.emit("yield %s" % ints[-3], 2)
        b.emit("}")
        ints = ints[-15:] + [r]
        floats = floats[-16:]
    fi = b.tmp()
    b.emit("%s = bitcast i32 %s" % (fi, floats[-1]))
    store_out(b, lid, [ints[-1], fi])
    params = "uniform ptr %in, uniform ptr %out" + (", uniform i32 %k" if uniform else "")
    return header(args, params) + b.lines + ["  return", "}"]


def gen_scale_uniform(args, rng):
    return gen_scale(args, rng, uniform=True)


KINDS = {"alu": gen_alu, "pressure": gen_pressure, "divergent": gen_divergent,
         "calls": gen_calls, "scale": gen_scale,
         "scale_uniform": gen_scale_uniform}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kind", choices=sorted(KINDS))
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", default="gfx1100")
    ap.add_argument("--wave", type=int, default=32)
    args = ap.parse_args()
    rng = random.Random("%s-%d-%d" % (args.kind, args.size, args.seed))
    sys.stdout.write("\n".join(KINDS[args.kind](args, rng)) + "\n")


if __name__ == "__main__":
    main()
