#!/usr/bin/env bash
# step: fleet merge and state-file fuzz: 60 s of libFuzzer + ASan: peer pages, merging, state-file restore, fleet reads
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 600 bash scripts/fuzz-merge.sh 60 2>&1 | tail -n 25
