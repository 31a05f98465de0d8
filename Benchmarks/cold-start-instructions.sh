#!/usr/bin/env bash
# Cold start in instructions: from exec of `label-server serve` (bundled Strings/, --watch
# off, --access-log off) to its first 200 for GET /labels/coins.count?lang=de&count=3,
# counted by callgrind over every thread. Unlike cold-start.sh's milliseconds, the count
# does not depend on how busy the machine is (it varies by about 1% run to run, with
# thread interleaving), so it measures start-up work of a millisecond or less.
#
#   Benchmarks/cold-start-instructions.sh BINARY
# Env: RUNS (1). Needs valgrind (apt-get install valgrind). Listens on 127.0.0.1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:?usage: cold-start-instructions.sh BINARY}
runs=${RUNS:-1}
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d)
pid=
cleanup() {
    if [[ -n $pid ]]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
# Valgrind 3.19 gives up on some DWARF 5 debug info: as profile.sh, count a stripped copy.
cp "$binary" "$work/label-server"
strip --strip-debug "$work/label-server"

for run in $(seq "$runs"); do
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
        "$work/label-server" serve --host 127.0.0.1 --port "$port" --strings "$root/Strings" \
        --watch off --access-log off --state-dir "$work/state" >"$work/server.log" 2>&1 &
    pid=$!
    python3 - "$port" <<'PY'
import socket, sys, time
port = int(sys.argv[1])
request = b"GET /labels/coins.count?lang=de&count=3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
start = time.monotonic()
while time.monotonic() - start < 120:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
            s.sendall(request)
            data = b""
            while b"\r\n" not in data:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
            if data.startswith(b"HTTP/1.1 200"):
                sys.exit(0)
    except OSError:
        pass
    time.sleep(0.01)
sys.exit("no 200 within 120 s")
PY
    callgrind_control -d first200 "$pid" >/dev/null 2>&1
    file=$(ls -v "$work"/callgrind.out.* | tail -1)
    total=$(callgrind_annotate "$file" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); t = $1} END {print t}')
    echo "cold start: $total instructions to first 200 (run $run)"
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
    rm -rf "$work"/callgrind.out* "$work/state"
done
