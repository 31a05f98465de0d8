#!/usr/bin/env bash
# step: hot paths: instructions per request of the label route and the launch 304 under callgrind stay within budget (deterministic, not timed)
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build -c release --product label-server >/dev/null
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
# The label route: about 28,500 instructions per request; the budget catches a return of
# per-request allocations.
REQUESTS=2000 TOP=10 MAX_INSTRUCTIONS=70000 bash Benchmarks/profile.sh "$(swift build -c release --show-bin-path)/label-server"
# The launch revalidation (GET /labels with the ETag it gave: a 304): about 15,700; the
# budget catches headers built or tags split per request again, or the one-pass head lost.
REVALIDATE=1 REQUESTS=2000 TOP=10 MAX_INSTRUCTIONS=19000 bash Benchmarks/profile.sh \
    "$(swift build -c release --show-bin-path)/label-server" '/labels?lang=de'
