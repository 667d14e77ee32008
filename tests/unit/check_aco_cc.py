#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aco-cc's exit statuses (README: 0 success, 1 usage or I/O error, 2 invalid program,
3 unsupported), the same for a program with or without -mcpu/-mwave, and -mwave on a file
whose `target` line is its last line, without a newline.

usage: check_aco_cc.py ACO_CC"""
import os
import re
import subprocess
import sys
import tempfile

aco_cc = sys.argv[1]
failures = 0


def run(name, text, flags, status, stdout_has=None, stderr_has=None, located=None):
    """located: a regular expression every line of the message must match, after the
    file's name at its start (errors located in the file)."""
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
    if located:
        lines = r.stderr.splitlines()
        if not lines or not all(l.startswith(path) and re.match(located, l[len(path):])
                                for l in lines):
            bad.append(f'the message lines are not {path}{located}')
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
# llc's conventions: -mcpu with '=' or a space, -o=FILE, --version, -mcpu=help, errors
# located first on their line
run('kernel', 'target gfx1100 wave32\n' + kernel, ['-mcpu', 'gfx1030', '--stats'], 0,
    stdout_has='global_store_dword')
run('kernel', 'target gfx1100 wave32\n' + kernel, ['--mcpu=gfx1200', '-mwave', '64', '--stats'],
    0, stdout_has='wave64\n')
run('version', '', ['--version'], 0, stdout_has='aco-cc (libaco) ')
run('cpu list', '', ['-mcpu=help'], 0, stdout_has='gfx1100')
run('parse error', 'target gfx1100 wave32\n' + kernel.replace('const', 'konst'), [], 2,
    located=r':3:8: error: unknown operation')
run('invalid program', 'target gfx1100 wave32\n' + kernel.replace('const i32 0', 'const f32 0'),
    [], 2, located=r':\d+:\d+: error: function @k, body, instruction \d')
run('no target line', no_target, ['-mwave=64'], 2, located=r': error: no `target` line')
with tempfile.TemporaryDirectory() as d:
    missing = os.path.join(d, 'missing.air')
    r = subprocess.run([aco_cc, missing], capture_output=True, text=True)
    if r.returncode != 1 or f"cannot open '{missing}': No such file or directory" not in r.stderr:
        failures += 1
        print(f'FAIL missing file: {r.returncode} {r.stderr.strip()}')
    else:
        print('ok   missing file: 1')
    out = os.path.join(d, 'k.s')
    with open(os.path.join(d, 'k.air'), 'w') as f:
        f.write('target gfx1100 wave32\n' + kernel)
    r = subprocess.run([aco_cc, os.path.join(d, 'k.air'), f'-o={out}'], capture_output=True,
                       text=True)
    if r.returncode != 0 or 's_endpgm' not in open(out).read():
        failures += 1
        print(f'FAIL -o=FILE: {r.returncode} {r.stderr.strip()}')
    else:
        print('ok   -o=FILE: 0')
sys.exit(1 if failures else 0)
