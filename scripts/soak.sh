#!/usr/bin/env bash
# Bounded soak: wrk (Debian's, installed if missing) against the release server
# on 127.0.0.1 for ROUNDS rounds of SECONDS each, on the label route, the gzip
# bundle and random unknown keys (which fill the missing report to its cap).
# Fails if the server answers non-2xx or its RSS keeps growing after warm-up.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
rounds=${ROUNDS:-4}; seconds=${SECONDS_PER_ROUND:-5}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
swift build -c release --product label-server >/dev/null
bin="$(swift build -c release --show-bin-path)/label-server"
server_start server "$bin" serve --port 0 --state-dir "$work/state" --access-log off
pid=$server_pid base=$server_base
cat >"$work/random.lua" <<'LUA'
request = function()
  return wrk.format("GET", "/labels/soak." .. math.random(1, 10000000) .. "?lang=de&count=" .. math.random(0, 9))
end
LUA
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
fail=0; total=0; baseline=0
for round in $(seq 1 "$rounds"); do
  for target in "/labels/coins.count?lang=de&count=3" "/labels?lang=ru" "random"; do
    if [ "$target" = random ]; then args=(-s "$work/random.lua" "$base"); else args=(-H 'Accept-Encoding: gzip' "$base$target"); fi
    result=$(wrk -t1 -c64 -d"${seconds}s" "${args[@]}")
    total=$((total + 1))
    if grep -q "Non-2xx" <<<"$result"; then echo "FAIL  non-2xx answers on $target"; fail=$((fail + 1)); fi
  done
  now=$(rss)
  echo "round $round: $(grep 'Requests/sec' <<<"$result" | awk '{print $2}') req/s on random keys, RSS $now KiB"
  [ "$round" = 2 ] && baseline=$now
done
growth=$(( $(rss) - baseline )); total=$((total + 1))
if [ "$baseline" -gt 0 ] && [ "$growth" -gt 8192 ]; then echo "FAIL  RSS grew $growth KiB after warm-up"; fail=$((fail + 1)); fi
echo "RSS growth after warm-up: $growth KiB"
echo "$((total - fail)) passed, $fail failed"
[ "$fail" = 0 ]
