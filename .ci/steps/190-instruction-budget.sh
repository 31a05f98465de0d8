#!/usr/bin/env bash
# step: hot paths: instructions per request of the label route and the launch 304 under callgrind stay within budget, and the 304 costs no more than nginx's static file (deterministic, not timed)
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build -c release --product label-server >/dev/null
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
if ! command -v nginx >/dev/null && [[ ! -x /usr/sbin/nginx ]]; then
    # The package must not start its own service: the only nginx here is profile.sh's.
    policy=/usr/sbin/policy-rc.d made_policy=
    if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made_policy=1; fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null
    [[ -n $made_policy ]] && rm -f "$policy"
fi
binary=$(swift build -c release --show-bin-path)/label-server
# Each budget is at most 1.15× the route's "as CI" row in Benchmarks/README.md's table
# "Instructions per request" (Benchmarks/instruction-table.sh), so that losing any of
# the shortcuts docs/decisions/hot-path.md lists fails here; a change that makes a route
# cheaper lowers its budget with the table.
# The label route: the budget catches a shortcut lost, or per-request allocations back.
REQUESTS=2000 TOP=10 MAX_INSTRUCTIONS=35300 bash Benchmarks/profile.sh "$binary"
# The launch revalidation (GET /labels with the ETag it gave: a 304): the budget catches
# the one-pass head lost, or fields walked, the query decoded and tags split per request
# again. Against nginx serving the same bundle as a static file with ETags (run.sh's
# anchor, the same requests under the same callgrind), the 304 must cost no more: SPEC's
# "as cheap as a static file server's", in instructions.
REVALIDATE=1 REQUESTS=2000 TOP=10 MAX_INSTRUCTIONS=12000 NGINX=1 MAX_NGINX_RATIO=1.0 bash Benchmarks/profile.sh \
    "$binary" '/labels?lang=de'
