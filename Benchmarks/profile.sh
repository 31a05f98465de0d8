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
#      `Accept-Encoding: gzip` and `If-None-Match` holding the ETag the server gave it: the 304).
# Needs valgrind (apt-get install valgrind). Listens on 127.0.0.1, port 0.
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
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d)
pid=
cleanup() {
    if [[ -n $pid ]]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    [[ -n ${KEEPWORK:-} ]] && echo "kept $work" >&2 || rm -rf "$work"
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

# The ETag of PATH's gzip answer, for REVALIDATE.
etag_of() {
    python3 - "$port" "$1" <<'PY'
import sys, urllib.request
request = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}{sys.argv[2]}", headers={"Accept-Encoding": "gzip"})
with urllib.request.urlopen(request, timeout=30) as r:
    print(r.headers["ETag"])
PY
}

drive() {  # drive PATH COUNT
    python3 - "$port" "$1" "$2" "$CONNECTIONS" "$headers" "$expect" <<'PY'
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

over=0
for path in "${paths[@]}"; do
    headers=$HEADERS expect=
    if [[ ${REVALIDATE:-0} == 1 ]]; then
        expect=304
        headers="Accept-Encoding: gzip\\r\\nIf-None-Match: $(etag_of "$path")${HEADERS:+\\r\\n$HEADERS}"
    fi
    drive "$path" 500                     # warm-up: caches, lazy state, first-request work
    callgrind_control -z "$pid" >/dev/null
    callgrind_control -i on "$pid" >/dev/null
    drive "$path" "$REQUESTS"
    callgrind_control -i off "$pid" >/dev/null
    callgrind_control -d "profile" "$pid" >/dev/null
    file=$(ls -v "$work"/callgrind.out.* | tail -1)
    total=$(callgrind_annotate "$file" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); t = $1} END {print t}')
    echo "== $path: $REQUESTS requests over $CONNECTIONS connections${headers:+ ($headers)}"
    per_request=$((total / REQUESTS))
    echo "instructions per request: $per_request"
    if [[ -n ${MAX_INSTRUCTIONS:-} ]] && ((per_request > MAX_INSTRUCTIONS)); then
        echo "over the budget of $MAX_INSTRUCTIONS instructions per request" >&2
        over=1
    fi
    echo "top $TOP functions by own instructions (share of the total):"
    callgrind_annotate --threshold=100 "$file" 2>/dev/null \
        | awk -v top="$TOP" '/^-+$/ {n++} n>=3 && $1 ~ /^[0-9,]+$/ && !/PROGRAM TOTALS/ && k < top {print; k++}' \
        | sed 's/ ([^)]*) *$//' | swift demangle --simplified | cut -c1-200
    [[ -n ${OUT:-} ]] && cp "$file" "$OUT.$(echo "$path" | tr -c 'A-Za-z0-9' '_')"
    rm -f "$file"
done
((over == 0))
