#!/usr/bin/env bash
# step: state-file fuzz: 60 s of libFuzzer + ASan: the report and usage state files restored, POST /missing bodies
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 600 bash scripts/fuzz-state.sh 60 2>&1 | tail -n 25
