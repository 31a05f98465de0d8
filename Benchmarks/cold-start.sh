#!/usr/bin/env bash
# Cold start: time from exec of `label-server serve` to its first 200 response
# for GET /labels/coins.count?lang=de&count=3 (store loaded, socket bound, request
# answered), median of RUNS (default 5). A small Python client polls the port in a
# tight loop (0.2 ms apart) from just before the exec. With PEER_BIN set, the
# Hummingbird peer is measured the same way for comparison; with ANCHOR_BIN and
# ANCHOR_BODY set, the raw SwiftNIO anchor (Sources/NIOAnchor, serving ANCHOR_BODY's
# bytes) too: the anchor of the cold-start target. All interleaved.
#
# Env: RUNS (5), LABEL_SERVER_BIN (default: build it in release as the Dockerfile ships it),
#      PEER_BIN, ANCHOR_BIN, ANCHOR_BODY (optional), BASELINE_BIN (optional:
#      an earlier label-server, measured as "baseline"), STRINGS (default: the repo's Strings/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
strings=${STRINGS:-$root/Strings}
if [[ -z "${LABEL_SERVER_BIN:-}" ]]; then
    (cd "$root" && swift build -c release --product label-server --static-swift-stdlib \
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors >/dev/null)
    LABEL_SERVER_BIN=$(cd "$root" && swift build -c release --show-bin-path)/label-server
fi
commands=("ours=$LABEL_SERVER_BIN serve --host 127.0.0.1 --port {port} --strings $strings")
if [[ -n "${BASELINE_BIN:-}" ]]; then
    commands+=("baseline=$BASELINE_BIN serve --host 127.0.0.1 --port {port} --strings $strings")
fi
if [[ -n "${PEER_BIN:-}" ]]; then
    commands+=("hummingbird=$PEER_BIN --host 127.0.0.1 --port {port} --strings $strings")
fi
if [[ -n "${ANCHOR_BIN:-}" && -n "${ANCHOR_BODY:-}" ]]; then
    commands+=("nio-anchor=$ANCHOR_BIN --host 127.0.0.1 --port {port} --body $ANCHOR_BODY")
fi

python3 - "$runs" "${commands[@]}" <<'PY'
import socket, statistics, subprocess, sys, time

runs = int(sys.argv[1])
REQUEST = b"GET /labels/coins.count?lang=de&count=3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def status_of(port):
    """The status of one request, or None while nothing is listening yet."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
            s.sendall(REQUEST)
            data = b""
            while b"\r\n" not in data:
                chunk = s.recv(4096)
                if not chunk:
                    return None
                data += chunk
            return int(data.split(b" ", 2)[1])
    except (ConnectionRefusedError, ConnectionResetError):
        return None

def once(template):
    port = free_port()
    argv = [part.replace("{port}", str(port)) for part in template.split()]
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            if status_of(port) == 200:
                return time.perf_counter() - start
            if process.poll() is not None:
                raise SystemExit(f"{argv[0]} exited with {process.returncode} before answering")
            if time.perf_counter() - start > 10:
                raise SystemExit(f"{argv[0]}: no 200 within 10 s")
            time.sleep(0.0002)
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

results = {}
for spec in sys.argv[2:]:
    name, _, template = spec.partition("=")
    results[name] = []
for _ in range(runs):  # interleaved
    for spec in sys.argv[2:]:
        name, _, template = spec.partition("=")
        results[name].append(once(template))
for name, times in results.items():
    each = ", ".join(f"{t * 1000:.1f}" for t in times)
    print(f"cold start {name}: median {statistics.median(times) * 1000:.1f} ms to first 200 (runs: {each} ms)")
PY
