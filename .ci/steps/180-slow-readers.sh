#!/usr/bin/env bash
# step: slow readers: 50 pipelining clients that never read cost <= 32 MiB, RSS returns after they close
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build -c release --product label-server >/dev/null
timeout 300 python3 scripts/slow-readers.py "$(swift build -c release --show-bin-path)/label-server" --clients 50 --requests 20000
