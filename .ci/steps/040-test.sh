#!/usr/bin/env bash
# step: swift test
set -euo pipefail
cd "$(dirname "$0")/../.."

swift test 2>&1 | tee .ci-test.log | grep -vE '^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)' | tail -n 60
grep -qE 'Test run with [0-9]+ tests? (in [0-9]+ suites? )?passed|passed after' .ci-test.log || { echo "swift test did not pass"; exit 1; }
