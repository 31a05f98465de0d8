#!/usr/bin/env python3
"""A large store: time to ready, RSS serving, RSS after a reload, latency while it reloads.

Usage: store-reload.py --store DIR --server ours=BIN [--server baseline=BIN] \
           [--runs 3] [--window 3] [--json out.json]

For each server binary (`label-server serve`, 127.0.0.1, port 0, --access-log off,
--watch off, an admin token), interleaved over RUNS rounds:

- time to ready: from just before exec to the first 200 for a plural label of the
  store (`GET /labels/items7.count?lang=de&count=3`), polled every 0.2 ms;
- RSS serving: VmRSS once it has answered one label per language and the `de` bundle;
- worst request latency with no reload (the anchor) and while a reload runs:
  `wrk -t1 -c4 --latency` for WINDOW seconds (longer when the reload takes longer),
  once alone, once with `POST /admin/reload` sent 0.5 s in; the figure is wrk's Max;
- RSS after the reload (1 s after it answered), and its ratio to RSS serving before it.

Medians over the rounds. Prints human lines on stderr and a Markdown table on stdout.
"""
import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

TOKEN = "bench-reload"
PROBE = "/labels/items7.count?lang=de&count=3"
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def status_of(port, target):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while b"\r\n" not in data:
                chunk = s.recv(4096)
                if not chunk:
                    return None
                data += chunk
            return int(data.split(b" ", 2)[1])
    except (ConnectionRefusedError, ConnectionResetError):
        return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, store, state):
    """Starts the server; returns (process, port, seconds from exec to the first 200)."""
    port = free_port()
    env = dict(os.environ, LABEL_SERVER_ADMIN_TOKEN=TOKEN)
    argv = [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--strings", store,
            "--access-log", "off", "--watch", "off", "--state-dir", state]
    began = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    while True:
        if status_of(port, PROBE) == 200:
            return process, port, time.perf_counter() - began
        if process.poll() is not None:
            raise SystemExit(f"{binary} exited with {process.returncode} before answering")
        if time.perf_counter() - began > 60:
            process.kill()
            raise SystemExit(f"{binary}: no 200 within 60 s")
        time.sleep(0.0002)


def wrk_max(port, seconds):
    out = subprocess.run(["wrk", "-t1", "-c4", f"-d{seconds}s", "--timeout", "10s", "--latency",
                          f"http://127.0.0.1:{port}{PROBE}"], capture_output=True, text=True,
                         timeout=seconds + 60).stdout
    result = {}
    if m := re.search(r"^\s+Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)", out, re.M):
        result["max_ms"] = float(m.group(1)) * UNITS[m.group(2)]
    if m := re.search(r"^\s+99%\s+([\d.]+)(us|ms|s|m)", out, re.M):
        result["p99_ms"] = float(m.group(1)) * UNITS[m.group(2)]
    if m := re.search(r"(\d+) requests in", out):
        result["requests"] = int(m.group(1))
    if m := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        result["non2xx"] = int(m.group(1))
    return result


def reload_after(port, delay, outcome):
    time.sleep(delay)
    request = urllib.request.Request(f"http://127.0.0.1:{port}/admin/reload", method="POST", data=b"",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            outcome["status"] = response.status
    except Exception as error:  # noqa: BLE001 — reported, not raised, from a thread
        outcome["error"] = repr(error)
    outcome["seconds"] = time.perf_counter() - began
    outcome["finished"] = time.perf_counter()


def once(name, binary, store, window, languages):
    state = tempfile.mkdtemp(prefix="store-reload-")
    process, port, ready = start(binary, store, state)
    try:
        for lang in languages:
            status_of(port, f"/labels/screen0.element1.label?lang={lang}")
        status_of(port, "/labels?lang=de")
        time.sleep(0.3)
        serving = rss_mib(process.pid)
        quiet = wrk_max(port, window)
        outcome = {}
        reloader = threading.Thread(target=reload_after, args=(port, 0.5, outcome))
        began = time.perf_counter()
        reloader.start()
        during = wrk_max(port, max(window, int(3 * ready) + 2))
        ended = time.perf_counter()
        reloader.join()
        time.sleep(1)
        after = rss_mib(process.pid)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        subprocess.run(["rm", "-rf", state])
    covered = outcome.get("finished", float("inf")) <= ended and began <= ended
    row = {"server": name, "ready_s": ready, "rss_serving_mib": serving, "rss_after_reload_mib": after,
           "rss_reload_ratio": after / serving, "quiet_max_ms": quiet.get("max_ms"),
           "reload_max_ms": during.get("max_ms"), "reload_p99_ms": during.get("p99_ms"),
           "reload_seconds": outcome.get("seconds"), "reload_status": outcome.get("status"),
           "reload_error": outcome.get("error"), "reload_inside_window": covered,
           "non2xx": (quiet.get("non2xx") or 0) + (during.get("non2xx") or 0)}
    print(f"{name}: ready {ready * 1000:.0f} ms, RSS {serving:.0f} MiB -> {after:.0f} MiB after reload "
          f"({row['rss_reload_ratio']:.2f}x); worst latency {row['quiet_max_ms']} ms quiet, "
          f"{row['reload_max_ms']} ms during a reload of {outcome.get('seconds', float('nan')):.2f} s "
          f"(status {outcome.get('status', outcome.get('error'))}{'' if covered else ', NOT inside the wrk window'})",
          file=sys.stderr, flush=True)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True)
    parser.add_argument("--server", action="append", required=True, help="NAME=BINARY")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--window", type=int, default=3, help="seconds of wrk per latency measurement")
    parser.add_argument("--json")
    args = parser.parse_args()
    servers = [spec.partition("=")[::2] for spec in args.server]
    languages = sorted(name[:-len(".lproj")] for name in os.listdir(os.path.join(args.store, "app"))
                       if name.endswith(".lproj"))
    rows = []
    for round_index in range(args.runs):
        order = servers[round_index % len(servers):] + servers[:round_index % len(servers)]
        for name, binary in order:
            rows.append(once(name, binary, args.store, args.window, languages))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)

    def median(name, key):
        values = [r[key] for r in rows if r["server"] == name and r.get(key) is not None]
        return statistics.median(values) if values else None

    def fmt(value, spec):
        return "—" if value is None else format(value, spec)

    print(f"| {os.path.basename(args.store.rstrip('/'))} (median of {args.runs}) | time to ready ms | RSS serving MiB "
          "| RSS after reload MiB | after ÷ before | worst latency quiet ms | worst latency during reload ms "
          "| reload took s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, _ in servers:
        ready = median(name, "ready_s")
        took = median(name, "reload_seconds")
        print(f"| {name} | {fmt(ready and ready * 1000, '.0f')} | {fmt(median(name, 'rss_serving_mib'), '.0f')} | "
              f"{fmt(median(name, 'rss_after_reload_mib'), '.0f')} | {fmt(median(name, 'rss_reload_ratio'), '.2f')}× | "
              f"{fmt(median(name, 'quiet_max_ms'), '.1f')} | {fmt(median(name, 'reload_max_ms'), '.1f')} | "
              f"{fmt(took, '.2f')} |")


if __name__ == "__main__":
    main()
