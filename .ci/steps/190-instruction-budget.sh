#!/usr/bin/env bash
# step: hot path: instructions per request under callgrind stay within budget (deterministic, not timed)
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build -c release --product label-server >/dev/null
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
# 84,020 before the issue-15 work, ~60,000 after: the budget catches a return of per-request allocations.
REQUESTS=2000 TOP=10 MAX_INSTRUCTIONS=70000 bash Benchmarks/profile.sh "$(swift build -c release --show-bin-path)/label-server"
