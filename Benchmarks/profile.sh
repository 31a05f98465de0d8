#!/usr/bin/env bash
# Instructions per request of label-server, reproducibly, under callgrind: starts
# the server (one event loop, access log off) under valgrind, instrumentation off,
# warms up, collects while a fixed number of keep-alive requests is answered, and
# prints instructions per request and the top functions (self cost, demangled).
# Instruction counts do not depend on how busy the machine is, unlike wall time.
#
#   Benchmarks/profile.sh BINARY [PATH ...]      # default path: the label URL of run.sh
# Env: REQUESTS (20000 per path), CONNECTIONS (16: requests are sent one per
#      connection per batch, so one epoll_wait sees several), TOP (20),
#      HEADERS (extra request header lines, several joined by a literal backslash-r-backslash-n,
#      e.g. 'Accept-Encoding: gzip'; by default only Host is sent, as wrk does),
#      OUT (keep the callgrind file here), MAX_INSTRUCTIONS (exit 1 when a path costs more
#      per request: a deterministic regression gate for CI, unlike a timing),
#      REVALIDATE (1: each path is asked as an app launch revalidates, with
#      `Accept-Encoding: gzip` and `If-None-Match` holding the ETag the server gave it: the 304),
#      NGINX (1: also nginx, run.sh's anchor, serving our answer to each path as a static
#      file, under the same callgrind and the same requests: its instructions per request
#      and ours ÷ its; paths `/labels?…` (the bundle, with its gzip twin) and `/labels/KEY?…`),
#      MAX_NGINX_RATIO (with NGINX=1: exit 1 when ours ÷ nginx is above it).
# Needs valgrind (apt-get install valgrind), and nginx for NGINX=1. Listens on 127.0.0.1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:?usage: profile.sh BINARY [PATH ...]}
shift
paths=("$@")
((${#paths[@]})) || paths=('/labels/coins.count?lang=de&count=3')
REQUESTS=${REQUESTS:-20000}
CONNECTIONS=${CONNECTIONS:-16}
TOP=${TOP:-20}
HEADERS=${HEADERS:-}
NGINX=${NGINX:-0}
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
nginx_bin=
if ((NGINX)); then
    nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
    [[ -x $nginx_bin ]] || { echo "nginx is missing (apt-get install nginx)" >&2; exit 1; }
fi

work=$(mktemp -d)
# shellcheck source=Benchmarks/lib.sh
source "$root/Benchmarks/lib.sh"   # nginx_config, free_port; stops what it started on exit
pid=
nginx_valgrind=
cleanup() {
    local each
    for each in $pid $nginx_valgrind; do
        kill -TERM "$each" 2>/dev/null || true; wait "$each" 2>/dev/null || true
    done
    if [[ -n ${KEEPWORK:-} ]]; then echo "kept $work" >&2; cleanup_dirs=(); fi
    lib_cleanup
}
trap cleanup EXIT

# Valgrind 3.19 (Debian 12) gives up on some DWARF 5 debug info ("Possibly corrupted
# debuginfo file", seen in CI): profile a copy without it; the symbol table keeps the names.
cp "$binary" "$work/label-server"
strip --strip-debug "$work/label-server"
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/callgrind.out" \
    "$work/label-server" serve --host 127.0.0.1 --port 0 --strings "$root/Strings" --event-loops 1 \
    --access-log off --state-dir "$work/state" >"$work/server.log" 2>&1 &
pid=$!
port=
for _ in $(seq 600); do
    port=$(sed -n 's|.*listening on http://[^ ]*:\([0-9]*\).*|\1|p' "$work/server.log" | head -1)
    [[ -n $port ]] && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done
[[ -n $port ]] || { echo "server did not start" >&2; cat "$work/server.log" >&2; exit 1; }

# The ETag of PATH's gzip answer from the server on PORT, for REVALIDATE.
etag_of() {  # etag_of PORT PATH
    python3 - "$1" "$2" <<'PY'
import sys, urllib.request
request = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}{sys.argv[2]}", headers={"Accept-Encoding": "gzip"})
with urllib.request.urlopen(request, timeout=30) as r:
    print(r.headers["ETag"])
PY
}

drive() {  # drive PORT PATH COUNT
    python3 - "$1" "$2" "$3" "$CONNECTIONS" "$headers" "$expect" <<'PY'
import socket, sys
port, path, count, conns, extra = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
expect = int(sys.argv[6]) if sys.argv[6] else None
# What wrk sends by default, so figures compare with Benchmarks/run.sh.
head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
if extra:
    head += extra.replace("\\r\\n", "\r\n") + "\r\n"
request = (head + "\r\n").encode()
socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(conns)]
for s in socks:
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
def read_response(s, buf):
    while b"\r\n\r\n" not in buf:
        buf += s.recv(65536)
    head, _, rest = buf.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        rest += s.recv(65536)
    return status, rest[length:]
buffers = [b""] * conns
sent = 0
bad = 0
while sent < count:
    batch = min(conns, count - sent)
    for s in socks[:batch]:
        s.sendall(request)
    for i in range(batch):
        status, buffers[i] = read_response(socks[i], buffers[i])
        bad += status >= 500 or (expect is not None and status != expect)
    sent += batch
if bad:
    sys.exit(f"{bad} responses were 5xx" + (f" or not {expect}" if expect else ""))
PY
}

# The request headers for PATH at the server on PORT (sets headers and expect).
request_for() {  # request_for PORT PATH
    headers=$HEADERS expect=
    if [[ ${REVALIDATE:-0} == 1 ]]; then
        expect=304
        headers="Accept-Encoding: gzip\\r\\nIf-None-Match: $(etag_of "$1" "$2")${HEADERS:+\\r\\n$HEADERS}"
    fi
}

# Instructions per request of the process VALGRIND_PID (under callgrind, instrumentation
# off) answering REQUESTS of PATH on PORT; the callgrind file is left in $file.
collect() {  # collect VALGRIND_PID PORT PATH OUT_PREFIX
    drive "$2" "$3" 500                   # warm-up: caches, lazy state, first-request work
    callgrind_control -z "$1" >/dev/null
    callgrind_control -i on "$1" >/dev/null
    drive "$2" "$3" "$REQUESTS"
    callgrind_control -i off "$1" >/dev/null
    callgrind_control -d "profile" "$1" >/dev/null
    file=$(ls -v "$4".* | tail -1)
    local total
    total=$(callgrind_annotate "$file" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); t = $1} END {print t}')
    per_request=$((total / REQUESTS))
}

top_functions() {
    echo "top $TOP functions by own instructions (share of the total):"
    callgrind_annotate --threshold=100 "$file" 2>/dev/null \
        | awk -v top="$TOP" '/^-+$/ {n++} n>=3 && $1 ~ /^[0-9,]+$/ && !/PROGRAM TOTALS/ && k < top {print; k++}' \
        | sed 's/ ([^)]*) *$//' | swift demangle --simplified | cut -c1-200
}

# nginx, run.sh's anchor (lib.sh's configuration: gzip_static, ETags, open_file_cache),
# serving our answer to PATH as its static file, in one process under callgrind.
start_nginx_under_callgrind() {  # start_nginx_under_callgrind PATH
    local file_path
    case $1 in
        /labels\?* | /labels) file_path=$nginx_www/bundle/de.json ;;
        /labels/*) file_path=$nginx_www/labels/$(basename "${1%%\?*}") ;;
        *) return 1 ;;
    esac
    curl -fsS "http://127.0.0.1:$port$1" -o "$file_path"
    [[ $file_path == */bundle/* ]] && gzip -6 -n -k -f "$file_path"
    chmod a+r "$(dirname "$file_path")"/*
    if [[ -z $nginx_valgrind ]]; then
        nginx_config
        valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/nginx.callgrind" \
            "$nginx_bin" -g 'master_process off;' -p "$work/nginx" -e "$work/nginx/error.log" \
            -c "$work/nginx/nginx.conf" >"$work/nginx.log" 2>&1 &
        nginx_valgrind=$!
        for _ in $(seq 600); do
            python3 -c "import socket; socket.create_connection(('127.0.0.1', $nginx_port), 1)" 2>/dev/null && return 0
            kill -0 "$nginx_valgrind" 2>/dev/null || break
            sleep 0.1
        done
        echo "nginx did not start under valgrind" >&2; cat "$work/nginx.log" "$work/nginx/error.log" >&2
        exit 1
    fi
}

over=0
for path in "${paths[@]}"; do
    request_for "$port" "$path"
    collect "$pid" "$port" "$path" "$work/callgrind.out"
    echo "== $path: $REQUESTS requests over $CONNECTIONS connections${headers:+ ($headers)}"
    echo "instructions per request: $per_request"
    ours=$per_request
    if [[ -n ${MAX_INSTRUCTIONS:-} ]] && ((per_request > MAX_INSTRUCTIONS)); then
        echo "over the budget of $MAX_INSTRUCTIONS instructions per request" >&2
        over=1
    fi
    top_functions
    [[ -n ${OUT:-} ]] && cp "$file" "$OUT.$(echo "$path" | tr -c 'A-Za-z0-9' '_')"
    rm -f "$file"
    ((NGINX)) || continue
    if ! start_nginx_under_callgrind "$path"; then
        echo "nginx: no static twin for $path" >&2
        continue
    fi
    request_for "$nginx_port" "$path"
    collect "$nginx_valgrind" "$nginx_port" "$path" "$work/nginx.callgrind"
    ratio=$(python3 -c "print(f'{$ours / $per_request:.2f}')")
    echo "nginx $("$nginx_bin" -v 2>&1 | sed 's|.*/||'), the same requests${headers:+ ($headers)}: $per_request instructions per request; ours ÷ nginx: ${ratio}×"
    if [[ -n ${MAX_NGINX_RATIO:-} ]] && python3 -c "import sys; sys.exit(0 if $ours / $per_request > $MAX_NGINX_RATIO else 1)"; then
        echo "ours ÷ nginx ${ratio}× is over $MAX_NGINX_RATIO" >&2
        over=1
    fi
    TOP=$((TOP < 10 ? TOP : 10)) top_functions
    rm -f "$file"
done
((over == 0))
