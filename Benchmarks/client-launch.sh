#!/usr/bin/env bash
# LabelClient launch cost against Foundation, side by side in one run: for the
# repository's Strings/ (107 strings in German) and a generated store of
# 10,000 strings per language (a tenth plurals, scripts/generate-store.py),
# times on a new client each time (Examples/LabelClientDemo --measure, median
# of MEASURE launches, each ending with one render):
#   cold      labels(language: "de") with an empty cache (network, 200)
#   304       labels(language: "de") with the cache, revalidated by the server
#   cache     labels(language: "de", policy: .localFirst) from the cache
#   bundled   labels(language: "de", policy: .localFirst) with no cache: the
#             bundled store (Strings/, from the repository), server gone
# and the anchor: PropertyListSerialization reading the same strings as a
# binary plist file (Examples/LabelClientDemo --plist-anchor). Prints a
# Markdown table with each figure's ratio to the anchor; the target is
# cache ≤ anchor for 10,000 strings.
#
#   Benchmarks/client-launch.sh            # MEASURE=30 CONFIG=release
# Environment: MEASURE (30), STRINGS (10000), CONFIG (release).
set -euo pipefail
cd "$(dirname "$0")/.."
config=${CONFIG:-release}
n=${MEASURE:-30}
large=${STRINGS:-10000}
# build ARGS...: swift build, its output shown only when it fails.
build() { local log; log=$(mktemp); swift build -c "$config" "$@" >"$log" 2>&1 || { cat "$log"; rm -f "$log"; exit 1; }; rm -f "$log"; }
build --product label-server
bin="$(swift build -c "$config" --show-bin-path)/label-server"
(cd Examples/LabelClientDemo && build)
demo="$(cd Examples/LabelClientDemo && swift build -c "$config" --show-bin-path)/LabelClientDemo"
work=$(mktemp -d)
pid=
stop() { if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; fi; }
trap 'stop; rm -rf "$work"' EXIT

# serve STORE: starts label-server on a free loopback port; sets base.
serve() {
  "$bin" serve --port 0 --strings "$1" --state-dir "$work/state" --access-log off >"$work/out" 2>/dev/null &
  pid=$!
  for _ in $(seq 1 400); do grep -q '^listening on ' "$work/out" && break; sleep 0.05; done
  base=$(sed -n 's/^listening on //p' "$work/out")
}

# median NAME ARGS...: the demo's median in ms for one figure.
median() {
  "$demo" "$base" "$@" --measure "$n" 2>/dev/null | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p'
}

rows=()
for store in Strings "$work/big"; do
  if [ "$store" != Strings ]; then
    python3 scripts/generate-store.py "$work/big" --languages 2 --strings-per-language "$large" >/dev/null
  fi
  serve "$store"
  cache="$work/cache-$(basename "$store")"
  cold=$(median --cache "$cache/cold" --fresh)
  "$demo" "$base" --cache "$cache/warm" --measure 1 >/dev/null 2>&1
  revalidated=$(median --cache "$cache/warm")
  local_first=$(median --cache "$cache/warm" --local-first)
  anchor=$("$demo" "$base" --plist-anchor "$n" 2>/dev/null)
  anchor_ms=$(sed -n 's/^median \([0-9.]*\) ms.*/\1/p' <<<"$anchor")
  strings=$(sed -n 's/.* reads of \([0-9]*\) strings/\1/p' <<<"$anchor")
  stop
  offline=$(median --cache "$cache/warm")
  rows+=("$strings|$cold|$revalidated|$local_first|$offline|$anchor_ms")
done
bundled=$(median --cache "$work/none" --fresh --store Strings --local-first)

echo "LabelClient launch, median of $n launches ($config), ms; ratio = figure / plist anchor"
echo
echo "| strings | cold (200) | 304 | cache (.localFirst) | cache (server gone, .networkFirst) | plist anchor | cold ratio | 304 ratio | cache ratio | target cache ≤ anchor |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|:--|"
for row in "${rows[@]}"; do
  IFS='|' read -r strings cold revalidated local_first offline anchor_ms <<<"$row"
  python3 - "$strings" "$cold" "$revalidated" "$local_first" "$offline" "$anchor_ms" <<'EOF'
import sys
strings, cold, reval, local, offline, anchor = sys.argv[1], *map(float, sys.argv[2:])
ok = "yes" if local <= anchor else "no"
print(f"| {strings} | {cold:.2f} | {reval:.2f} | {local:.2f} | {offline:.2f} | {anchor:.2f} | "
      f"{cold / anchor:.2f} | {reval / anchor:.2f} | {local / anchor:.2f} | {ok} |")
EOF
done
echo
echo "bundled store (Strings/, de), .localFirst, no cache, server gone: median $bundled ms (target ≤ 5 ms)"
