#!/usr/bin/env bash
# step: missing-key report: listed, survives SIGTERM and kill -9, bounded under a random-key flood
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --product label-server >/dev/null
timeout 600 python3 scripts/check-missing-report.py "$(swift build --show-bin-path)/label-server"
