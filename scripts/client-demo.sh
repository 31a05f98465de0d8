#!/usr/bin/env bash
# LabelClient from an app's side: builds Examples/LabelClientDemo (an external
# package depending on this one by path, compiling the README snippet
# verbatim), runs it against the real server on a free loopback port in two
# languages, then times launches: cold fetch, 304 revalidation, and the cache
# with the server gone. MEASURE=N launches per figure (default 20).
# LARGE=N also times a generated store of N strings per language
# (scripts/generate-store.py). CONFIG=release builds both optimised.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
config=${CONFIG:-debug}
swift build -c "$config" --product label-server >/dev/null
bin="$(swift build -c "$config" --show-bin-path)/label-server"
(cd Examples/LabelClientDemo && swift build -c "$config" 2>&1 | grep -E "error|Compiling LabelClientDemo|Build complete" | tail -n 3)
demo="$(cd Examples/LabelClientDemo && swift build -c "$config" --show-bin-path)/LabelClientDemo"
state=$work/state cache=$work/cache; mkdir -p "$state" "$cache"
server_start server "$bin" serve --port 0 --state-dir "$state" --access-log off
pid=$server_pid base=$server_base

"$demo" "$base" --cache "$cache" 2>/dev/null | tee "$cache/demo.txt"
grep -q 'coins.count (1000)       → 1.000 Münzen' "$cache/demo.txt"
grep -q 'control.close.label      → Fermer' "$cache/demo.txt"
grep -q 'misses reported: 1' "$cache/demo.txt"

n=${MEASURE:-20}
echo "launch time, labels(language: \"de\") on a new client, $n launches each:"
printf '  cold fetch (empty cache):   '; "$demo" "$base" --cache "$cache/cold" --fresh --measure "$n" 2>/dev/null
printf '  304 (cached, revalidated):  '; "$demo" "$base" --cache "$cache/warm" --measure "$n" 2>/dev/null
server_stop "$pid" || true
printf '  server gone (cache):        '; "$demo" "$base" --cache "$cache/warm" --measure "$n" 2>/dev/null
printf '  server gone, no cache:      '; "$demo" "$base" --cache "$cache/none" --fresh --store Strings --measure "$n" 2>/dev/null

if [ -n "${LARGE:-}" ]; then
  python3 scripts/generate-store.py "$cache/big" --languages 2 --strings-per-language "$LARGE" >/dev/null
  server_start big "$bin" serve --port 0 --strings "$cache/big" --state-dir "$state" --access-log off
  pid=$server_pid base=$server_base
  echo "the same with a generated store of $LARGE strings per language:"
  printf '  cold fetch (empty cache):   '; "$demo" "$base" --cache "$cache/bigcold" --fresh --measure "$n" 2>/dev/null
  printf '  304 (cached, revalidated):  '; "$demo" "$base" --cache "$cache/bigwarm" --measure "$n" 2>/dev/null
  server_stop "$pid" || true
  printf '  server gone (cache):        '; "$demo" "$base" --cache "$cache/bigwarm" --measure "$n" 2>/dev/null
fi
