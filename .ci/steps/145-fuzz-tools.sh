#!/usr/bin/env bash
# step: import, scan, export android and Redis reply fuzz: libFuzzer + ASan, 60 s each (resp 20 s): XLIFF with the store files it lands in, Swift/Objective-C sources, store files to strings.xml, what a Redis server sends and redis:// URLs
set -euo pipefail
cd "$(dirname "$0")/../.."

# The modules are the earlier fuzz steps' (scripts/fuzz-modules.sh) plus LabelImport, LabelScan and RedisClient.
# Every target runs; the step fails if any found something.
status=0
for target in import scan android resp; do
  echo "--- $target"
  seconds=60
  # The RESP parser is small and fast: 20 s covers it (millions of inputs).
  [ "$target" = resp ] && seconds=20
  timeout 600 bash scripts/fuzz-tools.sh "$target" "$seconds" 2>&1 | tail -n 14 || status=1
done
exit "$status"
