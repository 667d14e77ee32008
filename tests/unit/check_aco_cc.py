#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aco-cc's exit statuses (README: 0 success, 1 usage or I/O error, 2 invalid program,
3 unsupported), the same for a program with or without -mcpu/-mwave, and -mwave on a file
whose `target` line is its last line, without a newline.

usage: check_aco_cc.py ACO_CC"""
import os
import subprocess
import sys
import tempfile

aco_cc = sys.argv[1]
failures = 0


def run(name, text, flags, status, stdout_has=None, stderr_has=None):
    global failures
    with tempfile.NamedTemporaryFile('wb', suffix='.air', delete=False) as f:
        f.write(text.encode())
        path = f.name
    try:
        r = subprocess.run([aco_cc, *flags, path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    bad = []
    if r.returncode != status:
        bad.append(f'exit status {r.returncode}, expected {status}')
    if stdout_has and stdout_has not in r.stdout:
        bad.append(f'no {stdout_has!r} in the output')
    if stderr_has and stderr_has not in r.stderr:
        bad.append(f'no {stderr_has!r} in the message')
    if bad:
        failures += 1
        print(f'FAIL {name} {" ".join(flags)}: {"; ".join(bad)}\n  stderr: {r.stderr.strip()}')
    else:
        print(f'ok   {name} {" ".join(flags)}: {r.returncode}')


kernel = ('entry function @k(uniform ptr %out) abi @compute_default workgroup_size 64 1 1 {\n'
          '  %z = const i32 0\n  store_global %out[%z], %z\n  return\n}\n')
no_target = kernel
# an invalid program is status 2 whatever the flags
for flags in ([], ['-mcpu=gfx1200'], ['-mwave=64'], ['-mcpu=gfx1030', '-mwave=32']):
    run('no target line', no_target, flags, 2)
run('no target line', no_target, ['-mwave=64'], 2, stderr_has='no `target` line')
run('invalid operation', 'target gfx1100 wave32\n' + kernel.replace('const', 'konst'),
    ['-mwave=64'], 2)
# the target line last, without a newline: the buffer is read to its length only
for flags in (['-mwave=64'], ['-mcpu=gfx1030'], ['-mcpu=gfx1200', '-mwave=64']):
    wave = 'wave64' if '-mwave=64' in flags else 'wave32'
    run('target line last', 'target gfx1100 wave32', flags + ['--stats'], 0,
        stdout_has=f'{wave}\n')
run('target line last', kernel + 'target gfx1100 wave32', ['-mwave=64'], 2)
# a program compiles the same with the flags as with its target line rewritten
run('kernel', 'target gfx1100 wave32\n' + kernel, ['-mwave=64', '--stats'], 0,
    stdout_has='wave64\n')
run('kernel', 'target gfx1100 wave32 ; a comment\n' + kernel, ['-mcpu=gfx1030'], 0,
    stdout_has='global_store_dword')
# usage errors stay status 1
run('kernel', 'target gfx1100 wave32\n' + kernel, ['-mcpu=gfx900'], 1)
run('kernel', 'target gfx1100 wave32\n' + kernel, ['-mwave=16'], 1)
sys.exit(1 if failures else 0)
