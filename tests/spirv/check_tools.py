#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# aco-cc and aco-run on SPIR-V files: compiling, --entry, --spec, exit statuses, and a run
# on the emulator checked against the interpreter with known output values.
import os
import struct
import subprocess
import sys
import tempfile

aco_cc, aco_run, spec_spv, basic_spv, image_spv = sys.argv[1:6]
failures = 0


def run(args, want_rc, want_text=None):
    global failures
    r = subprocess.run(args, capture_output=True, text=True)
    ok = r.returncode == want_rc and (want_text is None or want_text in r.stdout + r.stderr)
    print('%s %s -> %d' % ('ok  ' if ok else 'FAIL', ' '.join(os.path.basename(a) for a in args),
                           r.returncode))
    if not ok:
        print(r.stdout[-2000:], r.stderr[-2000:])
        failures += 1
    return r.stdout


run([aco_cc, '-S', '-mcpu=gfx1030', '-mwave=64', basic_spv], 0, 's_endpgm')
run([aco_cc, '--print', basic_spv], 0, 'entry function @main(uniform ptr %descriptors')
# the workgroup size is a specialization constant
run([aco_cc, '--print', '--spec', '0=48', spec_spv], 0, 'workgroup_size 48 1 1')
run([aco_cc, '--print', '--spec', '0=16', '--spec', '1=5', spec_spv], 0, 'workgroup_size 16 1 1')
run([aco_cc, '--print', '--entry', 'main', basic_spv], 0, 'entry function')
run([aco_cc, '--entry', 'nosuch', basic_spv], 2, 'no GLCompute entry point named nosuch')
run([aco_cc, '--spec', 'x', basic_spv], 1, 'bad --spec')
run([aco_cc, image_spv], 3, 'OpTypeImage')
with tempfile.TemporaryDirectory() as d:
    words = open(basic_spv, 'rb').read()
    cut = os.path.join(d, 'cut.spv')
    open(cut, 'wb').write(words[:len(words) // 8 * 4])
    run([aco_cc, cut], 2, 'spirv word')
    open(cut, 'wb').write(words[:len(words) // 8 * 4 + 2])
    run([aco_cc, cut], 2, 'not a whole number of words')
    # spec.comp: o[i] = i * (2K + 1) + M + 48 with K = 7 and M = -4 (its default)
    out = run([aco_run, '--check', '--grid', '1,1,1', '--spec', '0=48', '--spec', '1=7',
               '--buf', '0=zero:256', spec_spv], 0)
    if '00000000: 2c 00 00 00 3b 00 00 00' not in out:
        print('FAIL aco-run on spec.spv: expected 44, 59, ... at the start of buffer 0')
        failures += 1
    # basic.comp with push constants given by --arg (parameters 1 and 2)
    inp = os.path.join(d, 'in.bin')
    open(inp, 'wb').write(b''.join(struct.pack('<I', i) for i in range(256)))
    out = run([aco_run, '--check', '--grid', '2,1,1', '--buf', '0=zero:1024',
               '--buf', '1=file:' + inp, '--arg', '1=7', '--arg', '2=3', basic_spv], 0)
    if '00000000: 00 00 00 00 0b 00 00 00 22 00 00 00' not in out:
        print('FAIL aco-run on basic.spv: expected 0, 11, 34 at the start of buffer 0')
        failures += 1
print('%d failures' % failures)
sys.exit(1 if failures else 0)
