#!/usr/bin/env bash
# step: reload off the event loops: worst label latency while a 110,000-string store reloads < 250 ms
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 600 bash scripts/check-reload-latency.sh
