#!/usr/bin/env python3
"""Label latency while clients read the missing-key report.

Starts `label-server serve` on a free 127.0.0.1 port with a temporary state
directory, fills the report with ENTRIES distinct misses, then measures the
latency of `GET /labels/control.back.label?lang=de` (a hit: it records
nothing) from one keep-alive connection, first alone, then while READERS
clients loop on `GET /missing<QUERY>` (each on its own keep-alive connection,
in separate processes). Prints p50/p99/max in milliseconds. Bounded in time;
stops only the processes it started.

    bench-missing-readers.py PATH/TO/label-server [QUERY] [READERS] [SECONDS] [identity|gzip]
"""
import http.client
import multiprocessing
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import Server  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)

BINARY = sys.argv[1]
QUERY = sys.argv[2] if len(sys.argv) > 2 else "?limit=10000"
READERS = int(sys.argv[3]) if len(sys.argv) > 3 else 8
SECONDS = float(sys.argv[4]) if len(sys.argv) > 4 else 10
CODING = sys.argv[5] if len(sys.argv) > 5 else "identity"
ENTRIES = 10_000


def reader(port, query, stop_at, counter):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.time() < stop_at:
        conn.request("GET", "/missing" + query, headers={"Accept-Encoding": CODING})
        response = conn.getresponse()
        response.read()
        with counter.get_lock():
            counter.value += 1


def latencies(port, seconds):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    samples = []
    stop_at = time.time() + seconds
    while time.time() < stop_at:
        started = time.perf_counter()
        conn.request("GET", "/labels/control.back.label?lang=de")
        response = conn.getresponse()
        response.read()
        samples.append((time.perf_counter() - started) * 1000)
        assert response.status == 200, response.status
    samples.sort()
    return samples


def summary(samples):
    def pct(p):
        return samples[min(len(samples) - 1, int(len(samples) * p))]
    return f"n={len(samples)} p50={pct(0.5):.2f} ms p99={pct(0.99):.2f} ms max={samples[-1]:.2f} ms"


state = tempfile.mkdtemp(prefix="label-bench-")
server = Server([BINARY, "serve", "--port", "0", "--state-dir", state, "--access-log", "off"]).start()
try:
    port = server.port
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for i in range(ENTRIES):
        conn.request("GET", f"/labels/bench.missing.key.{i:05d}?lang=de")
        conn.getresponse().read()
    conn.request("GET", "/missing" + QUERY, headers={"Accept-Encoding": CODING})
    response = conn.getresponse()
    body = response.read()
    print(f"report page: {len(body)} bytes ({CODING}) for /missing{QUERY}")
    print("alone:            " + summary(latencies(port, SECONDS / 2)))
    counter = multiprocessing.Value("i", 0)
    stop_at = time.time() + SECONDS + 1
    readers = [multiprocessing.Process(target=reader, args=(port, QUERY, stop_at, counter)) for _ in range(READERS)]
    for r in readers:
        r.start()
    time.sleep(0.5)
    result = latencies(port, SECONDS)
    for r in readers:
        r.join(timeout=60)
    print(f"{READERS} readers:        " + summary(result) + f" ({counter.value} reports read)")
finally:
    server.stop(timeout=15)
    shutil.rmtree(state, ignore_errors=True)
