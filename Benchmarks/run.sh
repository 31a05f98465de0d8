#!/usr/bin/env bash
# Every performance figure, each against its anchor measured in the same run:
# throughput, latency and CPU per request of label-server against nginx serving the
# same bytes as a static file (and a Hummingbird 2 server doing the same lookups, and a
# raw SwiftNIO server answering the same bytes), idle-connection memory, cold start
# against the raw-NIO anchor, a 110,000-string store (time to ready, RSS serving, RSS
# after a reload, worst latency while it reloads), and the bundle, text/plain and
# random-miss routes against a previous binary. Ends with one summary table:
# figure | ours | anchor | ratio | target | ok. See Benchmarks/README.md.
#
# Env: ROUNDS (3), DURATION (10s), WARMUP (2s), CONNECTIONS (64,256),
#      WRK (1; 0 skips the wrk rounds on the measured URL),
#      IDLE (10000 idle keep-alive connections; 0 skips), IDLE_HOLD (5 s),
#      COLD_RUNS (5; 0 skips), ALT_LOOPS (2: also ours with --event-loops 2, as ours-2loops; 0 skips), JSON (file for every wrk run, optional),
#      ROUTES (1; 0 skips the bundle / text/plain / random-miss rounds), ROUTE_ROUNDS (ROUNDS),
#      LAUNCH (1; 0 skips the launch route against nginx: keep-alive 304, gzip 200, identity 200
#      at -c64, and the 304 at LAUNCH_CONNECTIONS with wrk -t2), LAUNCH_CONNECTIONS (1000,5000),
#      LAUNCH_ACCESS_LOG (1: the -c64 304 also with the access log on, as ours-log),
#      LAUNCH_FLOOR (1: the 304 rows also against floor-server.c, built with cc: one read and one
#      send of our 304's bytes per request, the least any server does for it on this kernel),
#      STORE (1; 0 skips the 110k-store rows), STORE_RUNS (3), STORE_LANGUAGES (10),
#      STORE_STRINGS (11000 per language), STATIC (1: build with --static-swift-stdlib, as shipped),
#      LABEL_SERVER_BIN / PEER_BIN / ANCHOR_BIN (use these binaries instead of building),
#      BASELINE_BIN (a previous label-server: the "before" of the store and route rows).
# Quick check of the store rows alone: WRK=0 ROUTES=0 IDLE=0 COLD_RUNS=0 Benchmarks/run.sh
# Needs root for apt-get when wrk or nginx is missing. Everything listens on
# 127.0.0.1 only; every server is a child of this script and is stopped on exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bench=$root/Benchmarks
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-2s}
CONNECTIONS=${CONNECTIONS:-64,256}
IDLE=${IDLE:-10000}
IDLE_HOLD=${IDLE_HOLD:-5}
COLD_RUNS=${COLD_RUNS:-5}
ALT_LOOPS=${ALT_LOOPS:-2}
WRK=${WRK:-1}
ROUTES=${ROUTES:-1}
ROUTE_ROUNDS=${ROUTE_ROUNDS:-$ROUNDS}
LAUNCH=${LAUNCH:-1}
LAUNCH_CONNECTIONS=${LAUNCH_CONNECTIONS:-1000,5000}
LAUNCH_ACCESS_LOG=${LAUNCH_ACCESS_LOG:-1}
LAUNCH_FLOOR=${LAUNCH_FLOOR:-1}
STORE=${STORE:-1}
STORE_RUNS=${STORE_RUNS:-3}
STORE_LANGUAGES=${STORE_LANGUAGES:-10}
STORE_STRINGS=${STORE_STRINGS:-11000}
STATIC=${STATIC:-1}
baseline_bin=${BASELINE_BIN:-}
# The servers on Strings/ are needed by everything but the store rows.
servers_needed=$((WRK || ROUTES || LAUNCH || IDLE > 0 || COLD_RUNS > 0))
# The Hummingbird peer and the raw SwiftNIO anchor: only the label URL's rounds, idle
# connections and cold start compare with them (the launch and route rows do not).
peers_needed=$((WRK || IDLE > 0 || COLD_RUNS > 0))
static_flag=()
((STATIC)) && static_flag=(--static-swift-stdlib)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
path='/labels/coins.count?lang=de&count=3'
strings=$root/Strings

say() { printf '\n== %s\n' "$*" >&2; }

# --- tools -------------------------------------------------------------------
missing=()
command -v wrk >/dev/null || missing+=(wrk)
((servers_needed)) && { command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx); }
if ((${#missing[@]})); then
    say "installing ${missing[*]} from Debian's packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
results=$(mktemp -d)

# Servers inherit this: 10,000 idle connections need more than the default 1024 files.
# Where the hard limit cannot be raised (a container without CAP_SYS_RESOURCE), take it.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
if (($(ulimit -n) < IDLE + 100)); then
    echo "open-file limit $(ulimit -n) < IDLE+100 = $((IDLE + 100)); lowering IDLE to $(($(ulimit -n) - 100))" >&2
    IDLE=$(($(ulimit -n) - 100))
fi

work=$(mktemp -d)
# shellcheck source=Benchmarks/lib.sh
source "$bench/lib.sh"
cleanup_dirs+=("$results")

# --- builds ------------------------------------------------------------------
ours_bin=${LABEL_SERVER_BIN:-}
if [[ -z $ours_bin ]]; then
    say "building label-server (release)"
    # As the Dockerfile ships it (docs/decisions/cold-start.md): the frontend flag is ours only.
    if (cd "$root" && swift build -c release --product label-server "${static_flag[@]}" \
            -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors >"$work/build-ours.log" 2>&1); then
        ours_bin=$(cd "$root" && swift build -c release --show-bin-path)/label-server
    else
        echo "label-server does not build; skipping ours:" >&2
        tail -20 "$work/build-ours.log" >&2
    fi
fi
peer_bin=${PEER_BIN:-}
anchor_bin=${ANCHOR_BIN:-}
if ((peers_needed)) && [[ -z $peer_bin || -z $anchor_bin ]]; then
    say "building the Hummingbird peer and the raw SwiftNIO anchor (release; the first build takes minutes)"
    swift build -c release --package-path "$bench" "${static_flag[@]}" >"$work/build-peer.log" 2>&1 \
        || { tail -30 "$work/build-peer.log" >&2; exit 1; }
    bench_bin=$(swift build -c release --package-path "$bench" "${static_flag[@]}" --show-bin-path)
    peer_bin=${peer_bin:-$bench_bin/HummingbirdPeer}
    anchor_bin=${anchor_bin:-$bench_bin/NIOAnchor}
fi

# --- servers -----------------------------------------------------------------
# fetch URL OUTFILE: body to OUTFILE, "status content-type" to stdout.
fetch() {
    python3 - "$1" "$2" <<'PY'
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=5) as r:
    open(sys.argv[2], "wb").write(r.read())
    print(r.status, r.headers.get("Content-Type"))
PY
}

servers=()
table="" idle_rows=() cold="" route_tables=()
if ((servers_needed)); then
if [[ -n $ours_bin ]] && start ours "$ours_bin" serve --host 127.0.0.1 --port 0 --strings "$strings" --access-log off --state-dir "$work/state"; then
    ours_pid=$started_pid ours_port=$started_port
    servers+=("ours=$ours_pid:$ours_port")
    echo "ours: pid $ours_pid, port $ours_port" >&2
    # Also with another loop count than the default (one per core but one): what
    # the default (docs/decisions/http-server.md) was measured against.
    alt=ours-${ALT_LOOPS}loops
    if ((ALT_LOOPS)) && start "$alt" "$ours_bin" serve --host 127.0.0.1 --port 0 --strings "$strings" --event-loops "$ALT_LOOPS" --access-log off --state-dir "$work/state1"; then
        servers+=("$alt=$started_pid:$started_port")
        echo "$alt: pid $started_pid, port $started_port" >&2
    fi
else
    ours_pid=""
    echo "SKIPPING ours: \`label-server serve\` is not available yet" >&2
fi
if ((peers_needed)); then
    start hummingbird "$peer_bin" --host 127.0.0.1 --port 0 --strings "$strings"
    peer_pid=$started_pid peer_port=$started_port
    servers+=("hummingbird=$peer_pid:$peer_port")
    echo "hummingbird: pid $peer_pid, port $peer_port" >&2
fi

# nginx: one worker, static file holding exactly our JSON bytes for the URL.
if [[ -n $ours_pid ]]; then
    fetch "http://127.0.0.1:$ours_port$path" "$nginx_www/labels/coins.count" >/dev/null
else
    # Ours is not serving: the peer renders the same JSON with the same LabelCore.
    fetch "http://127.0.0.1:$peer_port$path" "$nginx_www/labels/coins.count" >/dev/null
fi
# The launch route's anchor: the same bundle bytes, and their gzip (as ours: level 6).
bundle_path='/labels?lang=de'
if [[ -n $ours_pid ]]; then
    fetch "http://127.0.0.1:$ours_port$bundle_path" "$nginx_www/bundle/de.json" >/dev/null
    gzip -6 -n -k -f "$nginx_www/bundle/de.json"
    chmod a+r "$nginx_www/bundle/"*
fi
start_nginx "$nginx_bin" || exit 1
servers+=("nginx=$nginx_pid:$nginx_port")
echo "nginx: master $nginx_master, worker pid $nginx_pid, port $nginx_port" >&2

# The raw SwiftNIO anchor answers the same bytes, read from the same file as nginx's.
if ((peers_needed)); then
    start nio-anchor "$anchor_bin" --host 127.0.0.1 --port 0 --body "$nginx_www/labels/coins.count"
    servers+=("nio-anchor=$started_pid:$started_port")
    echo "nio-anchor: pid $started_pid, port $started_port" >&2
fi

say "checking that all serve the same bytes for $path"
reference=$nginx_www/labels/coins.count
echo "body ($(wc -c <"$reference") bytes): $(cat "$reference")" >&2
for spec in "${servers[@]}"; do
    name=${spec%%=*} port=${spec##*:}
    head=$(fetch "http://127.0.0.1:$port$path" "$work/body-$name")
    if cmp -s "$reference" "$work/body-$name"; then same="same bytes"; else same="DIFFERENT BYTES"; fi
    echo "$name: $head, $same" >&2
done

# --- throughput ----------------------------------------------------------------
if ((WRK)); then
    say "wrk: $ROUNDS interleaved rounds × -c{$CONNECTIONS} × ${#servers[@]} servers, $DURATION each after a $WARMUP warm-up"
    server_args=()
    for spec in "${servers[@]}"; do server_args+=(--server "$spec"); done
    table=$(python3 "$bench/wrk-rounds.py" --path "$path" "${server_args[@]}" --rounds "$ROUNDS" \
        --duration "$DURATION" --warmup "$WARMUP" --connections "$CONNECTIONS" --json "$results/wrk.json")
    [[ -n ${JSON:-} ]] && cp "$results/wrk.json" "$JSON"
fi

# --- other routes: no regression against the previous binary ---------------------
if ((ROUTES)) && [[ -n $ours_pid ]]; then
    route_servers=(--server "ours=$ours_pid:$ours_port")
    if [[ -n $baseline_bin ]] && start baseline "$baseline_bin" serve --host 127.0.0.1 --port 0 --strings "$strings" \
        --access-log off --state-dir "$work/state-baseline"; then
        route_servers+=(--server "baseline=$started_pid:$started_port")
        echo "baseline: pid $started_pid, port $started_port ($baseline_bin)" >&2
    else
        echo "no BASELINE_BIN: the route rows show ours alone" >&2
    fi
    for route in "bundle|/labels?lang=de|" "text-plain|$path|Accept: text/plain" "random-miss|/labels/x?lang=de|"; do
        IFS='|' read -r name route_path header <<<"$route"
        say "route $name: $ROUTE_ROUNDS interleaved rounds × -c64, $DURATION each"
        extra=()
        [[ -n $header ]] && extra+=(--header "$header")
        [[ $name == random-miss ]] && extra+=(--script "$bench/random-miss.lua")
        route_tables+=("$(python3 "$bench/wrk-rounds.py" --path "$route_path" "${route_servers[@]}" "${extra[@]}" \
            --rounds "$ROUTE_ROUNDS" --duration "$DURATION" --warmup "$WARMUP" --connections 64 \
            --title "$name -t1" --json "$results/route-$name.json")")
    done
fi

# --- the launch route: GET /labels?lang=de against nginx's static bundle ---------------
launch_tables=()
if ((LAUNCH)) && [[ -n $ours_pid ]]; then
    # Each server's own ETag of the gzip body: what an app's cache holds and sends back.
    etag_of() {
        python3 - "$1" <<'PY'
import sys, urllib.request
request = urllib.request.Request(sys.argv[1], headers={"Accept-Encoding": "gzip"})
with urllib.request.urlopen(request, timeout=5) as r:
    print(r.headers["ETag"])
PY
    }
    ours_etag=$(etag_of "http://127.0.0.1:$ours_port$bundle_path")
    nginx_etag=$(etag_of "http://127.0.0.1:$nginx_port$bundle_path")
    echo "launch route ETags: ours $ours_etag, nginx $nginx_etag" >&2
    launch_servers=(--server "ours=$ours_pid:$ours_port" --server "nginx=$nginx_pid:$nginx_port")
    # The access log on (the default; every other row runs with it off), to a file.
    logged=()
    if ((LAUNCH_ACCESS_LOG)) && start ours-log "$ours_bin" serve --host 127.0.0.1 --port 0 --strings "$strings" \
            --state-dir "$work/state-log"; then
        logged=(--server "ours-log=$started_pid:$started_port"
                --server-header "ours-log=If-None-Match: $(etag_of "http://127.0.0.1:$started_port$bundle_path")")
    fi
    revalidate=(--header 'Accept-Encoding: gzip' --server-header "ours=If-None-Match: $ours_etag"
                --server-header "nginx=If-None-Match: $nginx_etag")
    # The 304 rows' floor: a server that only reads and sends our 304's bytes
    # (floor-server.c). Its rate shows whether a row measures the servers or wrk.
    floor=()
    # Our 304 as the bytes the floor sends back: the head of the answer to an app's launch.
    floor_answer() {
        python3 - "$ours_port" "$ours_etag" <<'PY'
import socket, sys
port, etag = int(sys.argv[1]), sys.argv[2]
with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
    s.sendall(f"GET /labels?lang=de HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n"
              f"If-None-Match: {etag}\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = s.recv(65536)
        if not chunk:
            break
        answer += chunk
if not answer.startswith(b"HTTP/1.1 304 ") or not answer.endswith(b"\r\n\r\n"):
    sys.exit(f"not one 304 head: {answer[:200]!r}")
sys.stdout.buffer.write(answer)
PY
    }
    if ((LAUNCH_FLOOR)); then
        if command -v cc >/dev/null && cc -O2 -o "$work/floor-server" "$bench/floor-server.c" \
                && floor_answer >"$work/floor-304.bin" && start floor "$work/floor-server" "$work/floor-304.bin"; then
            # The same request bytes as ours gets, so wrk's side costs the same.
            floor=(--server "floor=$started_pid:$started_port" --server-header "floor=If-None-Match: $ours_etag")
        else
            echo "no floor server (needs cc): the 304 rows show ours and nginx only" >&2
        fi
    fi
    for launch in "304|-c64|64|1" "gzip-200|-c64|64|1" "identity-200|-c64|64|1"; do
        IFS='|' read -r name label connections threads <<<"$launch"
        extra=()
        case $name in
            304) extra=("${revalidate[@]}" "${logged[@]}" "${floor[@]}") ;;
            gzip-200) extra=(--header 'Accept-Encoding: gzip') ;;
        esac
        say "launch route $name: $ROUTE_ROUNDS interleaved rounds × $label, $DURATION each"
        launch_tables+=("$(python3 "$bench/wrk-rounds.py" --path "$bundle_path" "${launch_servers[@]}" "${extra[@]}" \
            --rounds "$ROUTE_ROUNDS" --duration "$DURATION" --warmup "$WARMUP" --connections "$connections" \
            --threads "$threads" --title "launch $name -t$threads" --json "$results/launch-$name.json")")
    done
    if [[ -n $LAUNCH_CONNECTIONS ]]; then
        say "launch route 304 at -c{$LAUNCH_CONNECTIONS}, wrk -t2: $ROUTE_ROUNDS interleaved rounds, $DURATION each"
        launch_tables+=("$(python3 "$bench/wrk-rounds.py" --path "$bundle_path" "${launch_servers[@]}" "${revalidate[@]}" "${floor[@]}" \
            --rounds "$ROUTE_ROUNDS" --duration "$DURATION" --warmup "$WARMUP" --connections "$LAUNCH_CONNECTIONS" \
            --threads 2 --title "launch 304 -t2" --json "$results/launch-304-many.json")")
    fi
fi

# --- idle connections --------------------------------------------------------------
if ((IDLE > 0)); then
    say "idle keep-alive connections: $IDLE per server, held ${IDLE_HOLD} s"
    for spec in "${servers[@]}"; do
        name=${spec%%=*} rest=${spec#*=}
        pid=${rest%%:*} port=${rest##*:}
        # ours-Nloops is the same code as ours, one memory figure is enough; the anchor is not asked.
        [[ $name == ours-*loops || $name == nio-anchor ]] && continue
        echo "-- $name" >&2
        out=$(python3 "$bench/idle-connections.py" --port "$port" --pid "$pid" --connections "$IDLE" \
            --hold "$IDLE_HOLD" || true)
        grep -v '^RESULT' <<<"$out" >&2 || true
        result=$(grep '^RESULT' <<<"$out" || true)
        if [[ -z $result ]]; then
            idle_rows+=("| $name | — | — | — | — | failed |")
            continue
        fi
        for pair in ${result#RESULT }; do   # held=… requested=… rss_before_kib=… …
            declare "${pair%%=*}=${pair#*=}"
        done
        idle_rows+=("| $name | $held/$requested | $rss_before_kib | $rss_after_kib | $kib_per_connection | $new_client_status |")
        sleep 1
    done
fi

# --- cold start ----------------------------------------------------------------
if ((COLD_RUNS > 0)) && [[ -n $ours_pid ]]; then
    say "cold start, median of $COLD_RUNS"
    cold=$(RUNS=$COLD_RUNS LABEL_SERVER_BIN=$ours_bin PEER_BIN=$peer_bin ANCHOR_BIN=$anchor_bin \
        ANCHOR_BODY=$nginx_www/labels/coins.count BASELINE_BIN=$baseline_bin STRINGS=$strings \
        "$bench/cold-start.sh")
    echo "$cold" >"$results/cold.txt"
fi
fi  # servers_needed

# --- a 110,000-string store: ready, memory, reload ------------------------------------
store_table=""
if ((STORE)) && [[ -n $ours_bin ]]; then
    say "store: $STORE_LANGUAGES languages × $STORE_STRINGS strings, $STORE_RUNS interleaved runs"
    python3 "$root/scripts/generate-store.py" "$work/store" --languages "$STORE_LANGUAGES" \
        --strings-per-language "$STORE_STRINGS" >&2
    store_servers=(--server "ours=$ours_bin")
    [[ -n $baseline_bin ]] && store_servers+=(--server "baseline=$baseline_bin")
    store_table=$(python3 "$bench/store-reload.py" --store "$work/store" "${store_servers[@]}" \
        --runs "$STORE_RUNS" --json "$results/store.json")
fi

# --- report --------------------------------------------------------------------
model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo
nginx_version=$("$nginx_bin" -v 2>&1 | sed 's/.*nginx\///' || true)
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores ($model), $(free -g | awk '/^Mem:/{print $2}') GiB;" \
    "wrk $(wrk -v 2>&1 | head -n1 | awk '{print $2}'), nginx ${nginx_version:-—};" \
    "$( ((WRK)) && echo "$ROUNDS rounds × $DURATION, wrk -t1, keep-alive, GET $path;" )" \
    "Swift binaries $( ((STATIC)) && echo "with --static-swift-stdlib" || echo "dynamically linked")"
# How busy the machine was: the figures of a busy run are indicative only (CPU µs per request least affected).
echo "load average (1, 5, 15 min) at start: $load_start; at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
[[ -n $table ]] && echo "$table"
for route_table in "${route_tables[@]}" "${launch_tables[@]}"; do
    echo
    echo "$route_table"
done
if [[ -n $store_table ]]; then
    echo
    echo "$store_table"
fi
if ((${#idle_rows[@]})); then
    echo
    echo "| $IDLE idle keep-alive connections | held (still open) | VmRSS before KiB | VmRSS after KiB | KiB per connection | new client while held |"
    echo "|---|---:|---:|---:|---:|---:|"
    printf '%s\n' "${idle_rows[@]}"
fi
if [[ -n $cold ]]; then
    echo
    echo "$cold"
fi

summary_args=()
[[ -f $results/wrk.json ]] && summary_args+=(--wrk "$results/wrk.json")
[[ -f $results/cold.txt ]] && summary_args+=(--cold "$results/cold.txt")
[[ -f $results/store.json ]] && summary_args+=(--store "$results/store.json")
for name in bundle text-plain random-miss; do
    [[ -f $results/route-$name.json ]] && summary_args+=(--route "$name=$results/route-$name.json")
done
for name in 304 gzip-200 identity-200 304-many; do
    [[ -f $results/launch-$name.json ]] && summary_args+=(--launch "$name=$results/launch-$name.json")
done
echo
echo "Summary (every figure against its anchor from this run; -c64 for the wrk figures)"
echo
python3 "$bench/summary.py" "${summary_args[@]}"
