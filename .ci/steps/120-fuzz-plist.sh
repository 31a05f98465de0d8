#!/usr/bin/env bash
# step: plist reader fuzz: 60 s of libFuzzer + ASan, differential against PropertyListSerialization
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 600 bash scripts/fuzz-plist.sh 60 2>&1 | tail -n 12
