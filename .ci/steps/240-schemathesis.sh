#!/usr/bin/env bash
# step: schemathesis against the real server (every documented route)
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/schemathesis.sh 2>&1 | tail -n 15
