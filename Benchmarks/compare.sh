#!/usr/bin/env bash
# Before/after of a hot-path change in one run: two label-server binaries (e.g. the
# release build of a baseline revision and the working tree's) and nginx (one worker,
# the label URL's JSON as a static file), wrk rounds interleaved by wrk-rounds.py,
# on the label URL and on routes that must not regress: the bundle (identity and
# gzip), text/plain, and a miss with a random key per request.
#
#   Benchmarks/compare.sh BEFORE_BIN AFTER_BIN
# Env: ROUNDS (3), DURATION (10s), WARMUP (2s), CONNECTIONS (64), ROUTES (all: main,
#      bundle, bundle-gzip, plain, miss; a comma list picks some), JSON (directory for
#      every wrk run). Needs wrk and nginx (apt-get install wrk nginx). Everything
#      listens on 127.0.0.1; only the PIDs started here are stopped on exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bench=$root/Benchmarks
before=${1:?usage: compare.sh BEFORE_BIN AFTER_BIN}
after=${2:?usage: compare.sh BEFORE_BIN AFTER_BIN}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-2s}
CONNECTIONS=${CONNECTIONS:-64}
ROUTES=${ROUTES:-main,bundle,bundle-gzip,plain,miss}
path='/labels/coins.count?lang=de&count=3'
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
command -v wrk >/dev/null && [[ -x $nginx_bin ]] || { echo "needs wrk and nginx (apt-get install wrk nginx)" >&2; exit 1; }
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d)
# shellcheck source=Benchmarks/lib.sh
source "$bench/lib.sh"

serve() {  # serve NAME BINARY: sets started_pid, started_port
    start "$1" "$2" serve --host 127.0.0.1 --port 0 --strings "$root/Strings" --access-log off \
        --state-dir "$work/state-$1" || exit 1
}
serve ours-before "$before"
before_spec="ours-before=$started_pid:$started_port"
serve ours-after "$after"
after_spec="ours-after=$started_pid:$started_port"
after_port=$started_port

python3 -c 'import sys, urllib.request; open(sys.argv[2], "wb").write(urllib.request.urlopen(sys.argv[1]).read())' \
    "http://127.0.0.1:$after_port$path" "$nginx_www/labels/coins.count"
start_nginx "$nginx_bin" || exit 1

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
rounds() {  # rounds TITLE PATH SERVERS... [-- wrk-rounds.py options: --header, --script]
    local title=$1 route=$2
    shift 2
    local servers=()
    while (($#)) && [[ $1 != -- ]]; do servers+=(--server "$1"); shift; done
    (($#)) && shift
    echo
    echo "### $title (\`$route\`)"
    echo
    python3 "$bench/wrk-rounds.py" --path "$route" "${servers[@]}" "$@" --rounds "$ROUNDS" \
        --duration "$DURATION" --warmup "$WARMUP" --connections "$CONNECTIONS" \
        ${JSON:+--json "$JSON/$(echo "$title" | tr -c 'A-Za-z0-9' '-').json"}
}
[[ -n ${JSON:-} ]] && mkdir -p "$JSON"
for route in ${ROUTES//,/ }; do
    case $route in
    main) rounds "label, the label URL" "$path" "$before_spec" "$after_spec" "nginx=$nginx_pid:$nginx_port" ;;
    bundle) rounds "bundle" "/labels?lang=de" "$before_spec" "$after_spec" ;;
    bundle-gzip) rounds "bundle, gzip accepted" "/labels?lang=de" "$before_spec" "$after_spec" \
        -- --header "Accept-Encoding: gzip" ;;
    plain) rounds "label as text/plain" "$path" "$before_spec" "$after_spec" -- --header "Accept: text/plain" ;;
    miss) rounds "miss, a random key per request" "/labels/bench.missing.KEY?lang=de" "$before_spec" "$after_spec" \
        -- --script "$bench/random-miss.lua" ;;
    *) echo "unknown route $route" >&2; exit 1 ;;
    esac
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
