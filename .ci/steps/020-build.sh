#!/usr/bin/env bash
# step: build (debug, warnings are errors; every import a declared dependency)
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build -Xswiftc -warnings-as-errors 2>&1 | tail -n 20
# Fails when a target or test imports a target it does not (transitively) depend on.
swift build --build-tests --explicit-target-dependency-import-check error 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' | tail -n 20
