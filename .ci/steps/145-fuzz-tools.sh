#!/usr/bin/env bash
# step: import, scan and export android fuzz: 60 s each of libFuzzer + ASan: XLIFF with the store files it lands in, Swift/Objective-C sources, store files to strings.xml
set -euo pipefail
cd "$(dirname "$0")/../.."

# The modules are the earlier fuzz steps' (scripts/fuzz-modules.sh) plus LabelImport and LabelScan.
# Every target runs; the step fails if any found something.
status=0
for target in import scan android; do
  echo "--- $target"
  timeout 600 bash scripts/fuzz-tools.sh "$target" 60 2>&1 | tail -n 14 || status=1
done
exit "$status"
