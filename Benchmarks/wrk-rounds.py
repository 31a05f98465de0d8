#!/usr/bin/env python3
"""Interleaved wrk rounds against several servers; medians and ratios as Markdown.

Usage: wrk-rounds.py --path '/labels/coins.count?lang=de&count=3' \
           --server ours=PID:PORT --server hummingbird=PID:PORT --server nginx=PID:PORT \
           [--rounds 3] [--duration 10s] [--warmup 2s] [--connections 64,256] [--json out.json]
           [--header 'Accept: text/plain'] [--server-header 'ours=If-None-Match: "…"']
           [--threads 1] [--script random-miss.lua] [--title 'bundle -t1']

For every round, every connection count and every server (the server order
rotates each round, so no server always runs first or last), runs a short wrk
warm-up, then `wrk -t1 -cC -dD --latency` (keep-alive, wrk's default), and reads
the server's CPU time (utime+stime of /proc/PID/stat, all threads) before and
after: CPU µs per request = CPU time / requests. CPU per request is steadier than
req/s on a shared machine, where wrk and the server compete for the same cores.
The PID is the process that does the work (for nginx, the worker).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

TICK = os.sysconf("SC_CLK_TCK")
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3, "h": 3600e3}


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        text = stat.read()
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime (fields 14, 15)


def seconds(text):
    match = re.fullmatch(r"(\d+)(ms|s|m)?", text)
    if not match:
        raise SystemExit(f"bad duration {text!r}")
    return int(match.group(1)) * {"ms": 0.001, None: 1, "s": 1, "m": 60}[match.group(2)]


def ms(text):
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", text)
    return float(match.group(1)) * UNITS[match.group(2)]


def wrk(url, connections, duration, latency=True, headers=(), script=None, threads=1):
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}", "--timeout", "5s"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", script]
    if latency:
        command.append("--latency")
    command.append(url)
    out = subprocess.run(command, capture_output=True, text=True, timeout=seconds(duration) + 30).stdout
    result = {"raw": out}
    if m := re.search(r"Requests/sec:\s+([\d.]+)", out):
        result["rps"] = float(m.group(1))
    if m := re.search(r"(\d+) requests in", out):
        result["requests"] = int(m.group(1))
    if m := re.search(r"^\s+99%\s+(\S+)", out, re.M):
        result["p99_ms"] = ms(m.group(1))
    if m := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        result["non2xx"] = int(m.group(1))
    if m := re.search(r"Socket errors: (.*)", out):
        result["socket_errors"] = m.group(1).strip()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", required=True)
    parser.add_argument("--server", action="append", required=True, help="NAME=PID:PORT")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", default="10s")
    parser.add_argument("--warmup", default="2s")
    parser.add_argument("--connections", default="64,256")
    parser.add_argument("--json", help="write every run here")
    parser.add_argument("--header", action="append", default=[], help="a request header for wrk (-H)")
    parser.add_argument("--server-header", action="append", default=[],
                        help="NAME=HEADER: a request header for that server only (its own ETag in If-None-Match)")
    parser.add_argument("--threads", type=int, default=1, help="wrk threads (-t)")
    parser.add_argument("--script", help="a wrk Lua script (-s), e.g. one that varies the path")
    parser.add_argument("--title", default="wrk -t1", help="first column's heading")
    args = parser.parse_args()

    servers = []
    for spec in args.server:
        name, _, rest = spec.partition("=")
        pid, _, port = rest.partition(":")
        servers.append((name, int(pid), int(port)))
    counts = [int(c) for c in args.connections.split(",")]
    own_headers = {}
    for spec in args.server_header:
        name, _, header = spec.partition("=")
        own_headers.setdefault(name, []).append(header)

    runs = []  # dicts: round, server, connections, rps, p99_ms, cpu_us_per_request, ...
    for round_index in range(args.rounds):
        order = servers[round_index % len(servers):] + servers[:round_index % len(servers)]
        for connections in counts:
            for name, pid, port in order:
                url = f"http://127.0.0.1:{port}{args.path}"
                headers = args.header + own_headers.get(name, [])
                wrk(url, connections, args.warmup, latency=False, headers=headers, script=args.script, threads=args.threads)
                cpu_before = cpu_seconds(pid)
                result = wrk(url, connections, args.duration, headers=headers, script=args.script, threads=args.threads)
                cpu = cpu_seconds(pid) - cpu_before
                raw = result.pop("raw")
                if "rps" not in result or "requests" not in result:
                    print(f"wrk gave no figures for {name} -c{connections}:\n{raw}", file=sys.stderr)
                    continue
                result.update(round=round_index + 1, server=name, connections=connections, cpu_s=cpu,
                              cpu_us_per_request=cpu * 1e6 / max(result["requests"], 1))
                runs.append(result)
                extra = ""
                if result.get("non2xx"):
                    extra += f" NON-2xx {result['non2xx']}"
                if result.get("socket_errors"):
                    extra += f" socket errors: {result['socket_errors']}"
                print(f"round {round_index + 1} -c{connections:<3} {name:<12} {result['rps']:>10.0f} req/s  "
                      f"p99 {result.get('p99_ms', float('nan')):7.2f} ms  "
                      f"CPU {result['cpu_us_per_request']:6.1f} µs/req{extra}", file=sys.stderr, flush=True)

    if args.json:
        with open(args.json, "w") as out:
            json.dump(runs, out, indent=1)

    def median(name, connections, key):
        values = [r[key] for r in runs if r["server"] == name and r["connections"] == connections and key in r]
        return statistics.median(values) if values else None

    def fmt(value, spec):
        return "—" if value is None else format(value, spec)

    names = [s[0] for s in servers]
    print(f"| {args.title} | server | req/s (median) | p99 ms (median) | server CPU µs/req (median) | req/s each round |")
    print("|---|---|---:|---:|---:|---|")
    for connections in counts:
        for name in names:
            each = ", ".join(f"{r['rps']:.0f}" for r in runs if r["server"] == name and r["connections"] == connections)
            print(f"| -c{connections} | {name} | {fmt(median(name, connections, 'rps'), '.0f')} | "
                  f"{fmt(median(name, connections, 'p99_ms'), '.2f')} | "
                  f"{fmt(median(name, connections, 'cpu_us_per_request'), '.1f')} | {each} |")

    ours = [n for n in names if n.startswith("ours")]
    others = [n for n in names if not n.startswith("ours")]
    if ours and others:
        print()
        print(f"| {args.title} | ours | vs | req/s ratio (ours ÷ them) | p99 ratio (ours ÷ them) | CPU/req ratio (them ÷ ours) |")
        print("|---|---|---|---:|---:|---:|")
        for connections in counts:
            for mine in ours:
                for other in others:
                    def ratio(key, invert=False):
                        a, b = median(mine, connections, key), median(other, connections, key)
                        if not a or not b:
                            return None
                        return b / a if invert else a / b
                    print(f"| -c{connections} | {mine} | {other} | {fmt(ratio('rps'), '.2f')}× | "
                          f"{fmt(ratio('p99_ms'), '.2f')}× | {fmt(ratio('cpu_us_per_request', invert=True), '.2f')}× |")


if __name__ == "__main__":
    main()
