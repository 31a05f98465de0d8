#!/usr/bin/env python3
"""Every ```swift block of README.md (but the Package.swift dependency line) stands verbatim
in a file of Examples/LabelClientDemo,
which CI compiles (scripts/client-demo.sh): the snippets an app copies cannot drift from
the public API. Exit 1 naming the block that is missing."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
sources = [p.read_text() for p in (root / "Examples/LabelClientDemo/Sources").rglob("*.swift")]
blocks = [block for block in re.findall(r"```swift\n(.*?)```", (root / "README.md").read_text(), re.S)
          if not block.startswith(".package(")]
missing = [block for block in blocks if not any(block in source for source in sources)]
for block in missing:
    print("README.md snippet not found verbatim in Examples/LabelClientDemo:\n" + block, file=sys.stderr)
print(f"README swift snippets: {len(blocks)}, compiled in Examples/LabelClientDemo: {len(blocks) - len(missing)}")
sys.exit(1 if missing or not blocks else 0)
