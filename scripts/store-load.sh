#!/usr/bin/env bash
# Store load and memory: a 110,000-string store (scripts/generate-store.py, 10
# languages x 11,000: a tenth plurals in .stringsdict, UTF-8 and UTF-16 .strings)
# served by the release build. Per run: time from exec to the `listening` line
# (the store is loaded before the server listens),
# then VmRSS after one request per language (bundle, text/plain, plural).
# Also VmRSS at ready (before any request: bundles are built on first request, so
# this is the catalog alone) and after every bundle variant (JSON and .strings,
# identity and gzip, every language): the RSS split between catalog and bundles;
# and how long the first `GET /labels?lang=de` takes (it builds that bundle).
# Also the CPU time (user+sys) the process spent until ready, steadier than
# wall time on a busy machine. Median of RUNS runs. BIN=path measures another binary (e.g. a baseline).
#   scripts/store-load.sh            # this checkout's release build
#   BIN=/work/baseline-5c85926/release/label-server scripts/store-load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}; languages=${LANGUAGES:-10}; strings=${STRINGS_PER_LANGUAGE:-11000}
if [ -z "${BIN:-}" ]; then
  swift build -c release --product label-server >/dev/null
  BIN="$(swift build -c release --show-bin-path)/label-server"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/generate-store.py "$work/store" --languages "$languages" --strings-per-language "$strings" >/dev/null
python3 - "$BIN" "$work" "$runs" "$((languages * strings))" <<'PY'
import os, statistics, sys, time, urllib.request
sys.path.insert(0, "scripts")
from lib import Server  # scripts/lib.py: start, wait for `listening`, stop by PID
binary, work, runs, total = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
langs = ["en", "de", "fr", "es", "it", "pl", "ru", "ar", "ja", "pt-PT"]
def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
def cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
def once(i):
    state = f"{work}/state{i}"
    t = time.perf_counter()
    p = Server([binary, "serve", "--port", "0", "--strings", f"{work}/store", "--state-dir", state,
                "--access-log", "off", "--watch", "off", "--usage", "off"]).start(timeout=600)
    try:
        ready = time.perf_counter() - t
        spent = cpu(p.pid)
        at_ready = rss(p.pid)
        base = p.base
        t = time.perf_counter()
        urllib.request.urlopen(base + "/labels?lang=de").read()
        first = time.perf_counter() - t
        for lang in langs:
            for path, accept in ((f"/labels?lang={lang}", "*/*"), (f"/labels/screen3.element150.label?lang={lang}", "text/plain"),
                                 (f"/labels/items7.count?lang={lang}&count=3", "*/*")):
                urllib.request.urlopen(urllib.request.Request(base + path, headers={"Accept": accept})).read()
        serving = rss(p.pid)
        for lang in langs:
            for fmt in ("json", "strings"):
                for coding in ("identity", "gzip"):
                    request = urllib.request.Request(f"{base}/labels?lang={lang}&format={fmt}",
                                                     headers={"Accept-Encoding": coding})
                    urllib.request.urlopen(request).read()
        return ready, serving, spent, at_ready, rss(p.pid), first
    finally:
        if p.stop(timeout=30) == -9:
            print(f"run {i}: no exit 30 s after SIGTERM; killed", file=sys.stderr)
results = [once(i) for i in range(runs)]
ready = statistics.median(r[0] for r in results); mem = statistics.median(r[1] for r in results)
spent = statistics.median(r[2] for r in results)
at_ready = statistics.median(r[3] for r in results); every = statistics.median(r[4] for r in results)
first = statistics.median(r[5] for r in results)
print(f"{total:,} strings: ready median {ready*1000:.0f} ms (runs: {', '.join(f'{r[0]*1000:.0f}' for r in results)}); "
      f"CPU until ready median {spent*1000:.0f} ms (runs: {', '.join(f'{r[2]*1000:.0f}' for r in results)}); "
      f"RSS serving median {mem:.0f} MiB (runs: {', '.join(f'{r[1]:.0f}' for r in results)}); "
      f"RSS at ready {at_ready:.0f} MiB, after every bundle variant {every:.0f} MiB; "
      f"first GET /labels?lang=de median {first*1000:.0f} ms; load average {os.getloadavg()[0]:.1f}")
PY
