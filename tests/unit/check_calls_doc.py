# SPDX-License-Identifier: MIT
"""docs/calls.md says what aco-cc --print-abi prints: its worked-example table (one
signature under each built-in ABI, wave32 and wave64) and its sample output must match
the tool run on tests/ir/call_abi_examples.air.

usage: check_calls_doc.py ACO_CC SOURCE_ROOT"""
import re
import subprocess
import sys


def print_abi(aco_cc, path, *flags):
    out = subprocess.run([aco_cc, '--print-abi', *flags, path], check=True,
                         capture_output=True, text=True).stdout
    sections, name = {}, None
    for line in out.splitlines():
        m = re.match(r'; @(\w+): ', line)
        if m:
            name = m.group(1)
            sections[name] = [line]
        elif name:
            sections[name].append(line)
    return sections


def locations(section):
    """{'return address': 's[0:1]', '%a': 's[2:3]', ...} from one function's lines."""
    locs = {}
    for line in section[1:]:
        m = re.match(r';   (?:param \d+ (%\w+) \([^)]*\)|([a-z ]+[A-Z]*)): (\S+)', line)
        if m:
            locs[m.group(1) or m.group(2)] = m.group(3)
    return locs


def check_table(doc, aco_cc, air):
    lines = doc.splitlines()
    head = lines.index('| | compute_default | rt_recursive, rt_traversal | rt_anyhit |')
    columns = [['cd'], ['rec', 'trav'], ['ahit']]
    got = {w: print_abi(aco_cc, air, '-mwave=%d' % w) for w in (32, 64)}
    errors, rows = [], 0
    for line in lines[head + 2:]:
        if not line.startswith('|'):
            break
        cells = [c.strip() for c in line.strip('|').split('|')]
        what = cells[0].split(' wave32')[0]
        rows += 1
        for col, funcs in enumerate(columns):
            cell = re.sub(r' \(.*\)', '', cells[col + 1]).replace('`', '')
            per_wave = cell.split(' / ') if ' / ' in cell else [cell, cell]
            for w, want in zip((32, 64), per_wave):
                for f in funcs:
                    have = locations(got[w][f]).get(what)
                    if have != want:
                        errors.append('table row %s, @%s wave%d: doc says %s, aco-cc prints %s'
                                      % (what, f, w, want, have))
    if rows < 11:
        errors.append('the worked-example table has %d rows, expected 11' % rows)
    return errors


def check_sample(doc, aco_cc, air):
    block = doc.split('## Seeing it', 1)[1].split('```\n', 2)[1]
    want = block.splitlines()
    name = re.match(r'; @(\w+): .*, (gfx\d+) wave(\d+)$', want[0])
    got = print_abi(aco_cc, air, '-mcpu=' + name.group(2), '-mwave=' + name.group(3))
    have = got[name.group(1)]
    if have != want:
        return ['sample output differs:\n  doc:\n    %s\n  aco-cc:\n    %s'
                % ('\n    '.join(want), '\n    '.join(have))]
    return []


def main():
    aco_cc, root = sys.argv[1], sys.argv[2]
    doc = open(root + '/docs/calls.md').read()
    air = root + '/tests/ir/call_abi_examples.air'
    errors = check_table(doc, aco_cc, air) + check_sample(doc, aco_cc, air)
    for e in errors:
        print(e)
    print('%d mismatches' % len(errors))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
