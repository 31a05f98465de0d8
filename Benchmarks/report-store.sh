#!/usr/bin/env bash
# The report store's cost: one label-server binary twice, with its report in STATE-DIR
# (`local`) and in a redis-server on loopback (`redis`, --report-store), wrk rounds
# interleaved by wrk-rounds.py on the label URL, a miss with a random key per request
# (the report at its cap), and misses over 2,000 keys (a flush of 2,000 entries a second).
# Then the flush cost: one replica's hits per second pushed through Redis (the buffered
# entries and flush counters in /metrics), and Redis's memory for 100,000 entries loaded
# through the flush script (report-store-memory.py).
#
#   Benchmarks/report-store.sh BINARY
# Env: ROUNDS (3), DURATION (10s), WARMUP (2s), CONNECTIONS (64). Needs wrk and
#      redis-server. Loopback only; only the PIDs started here are stopped on exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bench=$root/Benchmarks
binary=${1:?usage: report-store.sh BINARY}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-2s}
CONNECTIONS=${CONNECTIONS:-64}
command -v wrk >/dev/null && command -v redis-server >/dev/null || { echo "needs wrk and redis-server" >&2; exit 1; }
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
# shellcheck source=Benchmarks/lib.sh
source "$bench/lib.sh"

redis_port=$(free_port)
mkdir -p "$work/redis"
start_redis() {
    redis-server --bind 127.0.0.1 --port "$redis_port" --dir "$work/redis" --save "" --appendonly yes \
        --appendfsync everysec --daemonize no >"$work/redis.out" 2>&1 &
    redis_pid=$!
    server_pids+=("$redis_pid")
    for _ in $(seq 100); do redis-cli -p "$redis_port" ping 2>/dev/null | grep -q PONG && return 0; sleep 0.05; done
    echo "redis-server did not start" >&2
    return 1
}
start_redis
serve() {  # serve NAME [OPTIONS...]: sets started_pid, started_port
    local name=$1
    shift
    start "$name" "$binary" serve --host 127.0.0.1 --port 0 --strings "$root/Strings" --access-log off \
        --state-dir "$work/state-$name" "$@" || exit 1
}
serve local
local_spec="local=$started_pid:$started_port"
serve redis --report-store "redis://127.0.0.1:$redis_port"
redis_spec="redis=$started_pid:$started_port"
redis_http=$started_port

rounds() {  # rounds TITLE PATH [wrk-rounds.py options]
    local title=$1 route=$2
    shift 2
    echo
    echo "### $title (\`$route\`)"
    echo
    python3 "$bench/wrk-rounds.py" --path "$route" --server "$local_spec" --server "$redis_spec" "$@" \
        --rounds "$ROUNDS" --duration "$DURATION" --warmup "$WARMUP" --connections "$CONNECTIONS"
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
rounds "label, the label URL" '/labels/coins.count?lang=de&count=3'
rounds "miss, a random key per request" "/labels/bench.missing.KEY?lang=de" --script "$bench/random-miss.lua"
rounds "miss, 2,000 keys" "/labels/bench.repeated.KEY?lang=de" --script "$bench/repeated-miss.lua"

metric() { curl -s "http://127.0.0.1:$redis_http/metrics" | awk -v n="$1" '$1 == n { print $2 }'; }
echo
echo "### flush"
echo
echo "flushes: $(metric label_server_report_store_flushes_total), failures: $(metric label_server_report_store_flush_failures_total), buffer dropped: $(metric label_server_report_store_buffer_dropped_total)"
hits=$(curl -s "http://127.0.0.1:$redis_http/missing?format=json&limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"])' 2>/dev/null || echo "?")
echo "hits in the shared report after the rounds: $hits"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "### Redis memory and the flush script's cost (a Redis of its own)"
echo
server_stop "$started_pid" >/dev/null || true
memory_port=$(free_port)
redis-server --bind 127.0.0.1 --port "$memory_port" --save "" --appendonly no --daemonize no >"$work/redis-memory.out" 2>&1 &
memory_pid=$!
server_pids+=("$memory_pid")
for _ in $(seq 100); do redis-cli -p "$memory_port" ping 2>/dev/null | grep -q PONG && break; sleep 0.05; done
python3 "$bench/report-store-memory.py" "$memory_port"
