#!/usr/bin/env bash
# Store load time: 100,000 strings across 10 languages (scripts/generate-store.py),
# measured as `label-server resolve` wall time in release mode, against the same
# command on an empty store in the same run (process start, no strings), so the
# difference is the load itself. Median of N runs each, interleaved.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/generate-store.py "$work/big" --languages 10 --strings-per-language 10000
mkdir -p "$work/empty/app"
swift build -c release --product label-server >/dev/null
bin=$(swift build -c release --show-bin-path)/label-server
"$bin" resolve screen1.element50.label --lang de --strings "$work/big" >/dev/null
python3 - "$bin" "$work" "$runs" <<'PY'
import statistics, subprocess, sys, time
binary, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def once(store):
    t = time.perf_counter()
    subprocess.run([binary, "resolve", "items7.count", "--lang", "de", "--count", "3", "--strings", store],
                   check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t
big, empty = [], []
for _ in range(runs):
    big.append(once(f"{work}/big")); empty.append(once(f"{work}/empty"))
b, e = statistics.median(big), statistics.median(empty)
print(f"100,000 strings / 10 languages: median {b*1000:.1f} ms; empty store {e*1000:.1f} ms; load itself {(b-e)*1000:.1f} ms")
PY
