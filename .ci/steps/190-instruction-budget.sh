#!/usr/bin/env bash
# step: hot paths: instructions per request of the label route and the launch 304 under callgrind stay within budget (deterministic, not timed)
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build -c release --product label-server >/dev/null
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
# The label route: about 27,400 instructions per request; the budget catches a return of
# per-request allocations.
REQUESTS=2000 TOP=10 MAX_INSTRUCTIONS=70000 bash Benchmarks/profile.sh "$(swift build -c release --show-bin-path)/label-server"
# The launch revalidation (GET /labels with the ETag it gave: a 304): about 12,000; the
# budget catches the one-pass head lost, or fields walked, the query decoded and tags split
# per request again (the encoded fields and the launch's raw-query lookup lost together).
REVALIDATE=1 REQUESTS=2000 TOP=10 MAX_INSTRUCTIONS=13500 bash Benchmarks/profile.sh \
    "$(swift build -c release --show-bin-path)/label-server" '/labels?lang=de'
