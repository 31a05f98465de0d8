#!/usr/bin/env bash
# Before/after figure for per-key usage counting on the label route: the release
# server with --usage off and --usage on, alternating ROUNDS times, wrk on
# 127.0.0.1 (bounded: SECONDS_PER_ROUND each). Prints requests/s and, steadier on a
# busy machine, the server's CPU time per request (utime+stime from /proc), and medians.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
rounds=${ROUNDS:-3}; seconds=${SECONDS_PER_ROUND:-8}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
swift build -c release --product label-server >/dev/null
bin="$(swift build -c release --show-bin-path)/label-server"
run() {
  server_start "server-$1" "$bin" serve --port 0 --state-dir "$work/state-$1" --access-log off --usage "$1" >&2
  local pid=$server_pid base=$server_base
  wrk -t2 -c64 -d1s "$base/labels/coins.count?lang=de&count=3" >/dev/null   # warm-up
  local ticks=$(getconf CLK_TCK) before after result
  before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  result=$(wrk -t2 -c64 -d"${seconds}s" "$base/labels/coins.count?lang=de&count=3")
  after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  server_stop "$pid" || true
  local requests rate
  requests=$(awk '/requests in/ {print $1}' <<<"$result")
  rate=$(awk '/Requests\/sec/ {print $2}' <<<"$result")
  echo "$rate $(awk -v t="$((after - before))" -v hz="$ticks" -v n="$requests" 'BEGIN {printf "%.2f", t / hz * 1e6 / n}')"
}
off=(); on=(); offcpu=(); oncpu=()
for round in $(seq 1 "$rounds"); do
  read -r rate cpu <<<"$(run off)"; off+=("$rate"); offcpu+=("$cpu")
  read -r rate cpu <<<"$(run on)"; on+=("$rate"); oncpu+=("$cpu")
  echo "round $round: usage off ${off[-1]} req/s ${offcpu[-1]} µs CPU/request; usage on ${on[-1]} req/s ${oncpu[-1]} µs CPU/request"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "median: usage off $(median "${off[@]}") req/s, $(median "${offcpu[@]}") µs CPU/request; usage on $(median "${on[@]}") req/s, $(median "${oncpu[@]}") µs CPU/request"
