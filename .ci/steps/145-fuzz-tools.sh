#!/usr/bin/env bash
# step: import, scan, export android and markup fuzz: 60 s each (markup 30 s) of libFuzzer + ASan: XLIFF with the store files it lands in, Swift/Objective-C sources, store files to strings.xml, templates with inline attribute markup to plain outputs
set -euo pipefail
cd "$(dirname "$0")/../.."

# The modules are the earlier fuzz steps' (scripts/fuzz-modules.sh) plus LabelImport and LabelScan.
# Every target runs; the step fails if any found something.
status=0
for target in import scan android markup; do
  echo "--- $target"
  seconds=60
  [ "$target" = markup ] && seconds=30
  timeout 600 bash scripts/fuzz-tools.sh "$target" "$seconds" 2>&1 | tail -n 14 || status=1
done
exit "$status"
