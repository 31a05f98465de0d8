#!/usr/bin/env python3
"""Checks that docs/architecture.md's target block (between `<!-- targets: begin -->` and
`<!-- targets: end -->`) lists exactly the dependencies Package.swift declares for
every non-test target. Reads Package.swift through `swift package dump-package`."""
import json
import re
import subprocess
import sys

package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], text=True))
declared = {}
for target in package["targets"]:
    if target["type"] == "test" or target["name"] == "TestSupport":
        continue
    names = set()
    for dependency in target.get("dependencies", []):
        (kind, value), = dependency.items()
        names.add(value[0])
    declared[target["name"]] = names

DOC = "docs/architecture.md"
text = open(DOC, encoding="utf-8").read()
block = re.search(r"<!-- targets: begin -->(.*?)<!-- targets: end -->", text, re.S)
if not block:
    sys.exit(f"{DOC} has no targets block")
documented = {}
for line in block.group(1).splitlines():
    m = re.match(r"^(\S+)\s+→\s+(.*)$", line.strip())
    if m:
        rest = m.group(2).strip()
        documented[m.group(1)] = set() if rest == "(nothing)" else {n.strip() for n in rest.split(",")}

if documented != declared:
    for name in sorted(set(documented) | set(declared)):
        if documented.get(name) != declared.get(name):
            print(f"{name}: {DOC} says {sorted(documented.get(name, []))}, Package.swift says {sorted(declared.get(name, []))}")
    sys.exit(1)
print(f"{DOC} target arrows match Package.swift ({len(declared)} targets)")
