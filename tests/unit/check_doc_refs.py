#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every docs/NAME.md the public headers cite exists, and every section they name after it
(docs/calls.md "Separate compilation") is a heading of that file.

usage: check_doc_refs.py SOURCE_ROOT"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
bad = []
refs = 0
for h in sorted((root / "include/aco").glob("*.h")):
    # comments run over lines: join them so that a reference split by a line break is seen
    text = re.sub(r"\s*\n\s*\*?\s*", " ", h.read_text())
    for m in re.finditer(r"(docs/[\w.-]+\.md)(?:,? \"([^\"]+)\")?", text):
        refs += 1
        doc = root / m.group(1)
        if not doc.is_file():
            bad.append(f"{h.name}: {m.group(1)} does not exist")
            continue
        if m.group(2):
            headings = [l.lstrip("#").strip() for l in doc.read_text().splitlines()
                        if l.startswith("#")]
            if not any(m.group(2) == t or t.startswith(m.group(2)) for t in headings):
                bad.append(f"{h.name}: {m.group(1)} has no heading \"{m.group(2)}\"")
for b in bad:
    print(b)
print(f"{refs} references to docs/ in the public headers, {len(bad)} unresolved")
sys.exit(1 if bad else 0)
