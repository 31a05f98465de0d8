#!/usr/bin/env bash
# step: API smoke test: serve on a free loopback port, curl the contract, SIGTERM
set -euo pipefail
cd "$(dirname "$0")/../.."

# promtool (Debian's prometheus package) checks the /metrics exposition.
command -v promtool >/dev/null || { apt-get update -qq && apt-get install -y -qq prometheus >/dev/null; } || true
bash scripts/smoke-api.sh
