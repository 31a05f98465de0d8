#!/usr/bin/env bash
# step: CLI smoke test against the bundled Strings/
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/smoke-cli.sh
