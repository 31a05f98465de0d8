#!/usr/bin/env bash
# `label-server export android` on a 110,000-string store (scripts/generate-store.py,
# 10 languages × 11,000: 80% .strings, 10% plurals, 10% framework), release build:
# wall time of the whole command (load, convert, write every folder), median of N runs.
# The budget is 2 s (Android export); exits 1 over it.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
budget=${BUDGET_SECONDS:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/generate-store.py "$work/big" --languages 10 --strings-per-language 11000
swift build -c release --product label-server >/dev/null
bin=$(swift build -c release --show-bin-path)/label-server
python3 - "$bin" "$work" "$runs" "$budget" <<'PY'
import json, statistics, subprocess, sys, time
binary, work, runs, budget = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
times = []
for i in range(runs):
    t = time.perf_counter()
    done = subprocess.run([binary, "export", "android", "--strings", f"{work}/big", "--out", f"{work}/res{i}",
                           "--format", "json"], stdout=subprocess.PIPE)
    times.append(time.perf_counter() - t)
    report = json.loads(done.stdout)
converted = sum(sum(t["converted"].values()) for t in report["tables"])
names = sum(len(t["names"]) for t in report["tables"])
median = statistics.median(times)
print(f"export android, 110,000 strings / 10 languages: median {median:.2f} s of {runs} "
      f"({names} keys, {converted} values written, {report['errors']} errors, {report['warnings']} warnings)")
sys.exit(0 if median <= budget else 1)
PY
