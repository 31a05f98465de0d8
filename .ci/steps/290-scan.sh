#!/usr/bin/env bash
# step: scan: Examples/ and the fixture app (json, text, --strict, xliff/strings exports, usage errors), differential against swift-syntax
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 900 bash scripts/check-scan.sh
