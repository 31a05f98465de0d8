#!/usr/bin/env bash
# step: report store: three replicas sharing the report in a real redis-server (kill -9, AOF restart, bound, ACL errors)
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build --product label-server >/dev/null
timeout 600 python3 scripts/check-report-store.py "$(swift build --show-bin-path)/label-server"
