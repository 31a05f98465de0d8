#!/usr/bin/env bash
# Reload never stalls an event loop: serves a generated 110,000-string store (release
# build), runs `wrk -t1 -c4` on a label while `POST /admin/reload` reloads it, and fails
# when the worst request latency during the reload exceeds LIMIT_MS (250). Before the
# reload moved off the loops that worst latency was the whole reload (1.1–1.3 s on a quiet
# machine, several seconds on a busy one); now it is what the machine gives anyway.
# Also fails when the reload does not answer 200 or any request is not a 2xx.
# Uses Benchmarks/store-reload.py (its figures: see Benchmarks/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${LIMIT_MS:-250}
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
swift build -c release --product label-server >/dev/null
bin="$(swift build -c release --show-bin-path)/label-server"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/generate-store.py "$work/store" --languages 10 --strings-per-language 11000
# Up to three attempts: on a shared machine one run can catch a scheduling stall of its own
# (once 0.7 s in a run whose median was 60 ms, load average 13 on 2 cores); a reload on the
# loop stalls every attempt for its whole length.
for attempt in 1 2 3; do
    python3 Benchmarks/store-reload.py --store "$work/store" --server "ours=$bin" --runs 1 --json "$work/result.json"
    python3 - "$work/result.json" "$limit" <<'PY' && exit 0
import json, sys
row = json.load(open(sys.argv[1]))[0]
limit = float(sys.argv[2])
problems = []
if row["reload_status"] != 200:
    problems.append(f"the reload answered {row['reload_status']} ({row.get('reload_error')})")
if not row["reload_inside_window"]:
    problems.append("the reload did not finish inside the wrk window")
if row["non2xx"]:
    problems.append(f"{row['non2xx']} non-2xx responses")
if row["reload_max_ms"] is None or row["reload_max_ms"] > limit:
    problems.append(f"worst latency during the reload {row['reload_max_ms']} ms > {limit:.0f} ms")
print(f"worst latency {row['reload_max_ms']} ms during a {row['reload_seconds']:.2f} s reload "
      f"(without a reload: {row['quiet_max_ms']} ms)")
if problems:
    sys.exit("FAIL  " + "; ".join(problems))
print("reload stays off the event loops")
PY
    echo "attempt $attempt failed" >&2
done
exit 1
