#!/usr/bin/env bash
# Reload memory: RSS of the release server over CYCLES big/small reload cycles
# of a generated store (a symlink swapped between a large and a tiny store, as a
# ConfigMap's atomic swap does). Fails when RSS after the last big reload is
# more than 1.2x RSS after the first one (glibc arena fragmentation ratchet).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
cycles=${CYCLES:-7}; strings=${STRINGS_PER_LANGUAGE:-40000}; languages=${LANGUAGES:-10}
swift build -c release --product label-server >/dev/null
bin="$(swift build -c release --show-bin-path)/label-server"
python3 scripts/generate-store.py "$work/big" --languages "$languages" --strings-per-language "$strings"
python3 scripts/generate-store.py "$work/small" --languages 2 --strings-per-language 10
ln -sfn "$work/big" "$work/store"
# shellcheck disable=SC2086 # EXTRA_SERVER_ARGS is split into arguments on purpose
LABEL_SERVER_ADMIN_TOKEN=t server_start server "$bin" serve --port 0 --strings "$work/store" --state-dir "$work/state" \
  --access-log off ${EXTRA_SERVER_ARGS:-}
pid=$server_pid base=$server_base
rss() { awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status"; }
reload() {
  ln -sfn "$work/$1" "$work/store.new" && mv -T "$work/store.new" "$work/store"
  curl -sf -m 300 -X POST -H 'Authorization: Bearer t' "$base/admin/reload" >/dev/null
}
echo "after start: $(rss) MiB"
first=0
for cycle in $(seq 1 "$cycles"); do
  reload small; small=$(rss)
  reload big; big=$(rss)
  echo "cycle $cycle: RSS $small MiB after the small store, $big MiB after the big one"
  [ "$cycle" = 1 ] && first=$big
done
last=$(rss)
echo "RSS after reload 1: $first MiB, after reload $cycles: $last MiB ($(awk "BEGIN {printf \"%.2f\", $last / $first}")x)"
awk "BEGIN {exit !($last <= 1.2 * $first)}" || { echo "FAIL  RSS ratchets over reloads"; exit 1; }
echo "reload memory within 1.2x"
