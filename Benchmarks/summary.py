#!/usr/bin/env python3
"""The final table of run.sh: every figure against its anchor from the same run.

Usage: summary.py [--wrk runs.json] [--cold cold.txt] [--store store.json]
                  [--route NAME=runs.json ...] [--launch NAME=runs.json ...] [--connections 64]

Prints `| figure | ours | anchor | ratio | target | ok |`. A figure whose
measurement was skipped (or failed) shows `—` and `skipped`.
"""
import argparse
import json
import re
import statistics


def median(rows, key, **where):
    values = [r[key] for r in rows if all(r.get(k) == v for k, v in where.items()) and r.get(key) is not None]
    return statistics.median(values) if values else None


def fmt(value, spec, unit=""):
    return "—" if value is None else format(value, spec) + unit


def row(figure, ours, anchor, ratio, target, ok, spec=".1f", unit="", verdict=None):
    verdict = verdict or ("skipped" if ok is None else ("yes" if ok else "**no**"))
    print(f"| {figure} | {fmt(ours, spec, unit)} | {anchor} | {fmt(ratio, '.2f', '×')} | {target} | {verdict} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wrk")
    parser.add_argument("--cold")
    parser.add_argument("--store")
    parser.add_argument("--route", action="append", default=[], help="NAME=runs.json (ours vs baseline)")
    parser.add_argument("--launch", action="append", default=[],
                        help="NAME=runs.json: the launch route (304, gzip-200, identity-200, 304-many) vs nginx")
    parser.add_argument("--connections", type=int, default=64)
    args = parser.parse_args()
    c = args.connections

    print("| figure | ours | anchor | ratio | target | ok |")
    print("|---|---:|---|---:|---|---|")

    runs = json.load(open(args.wrk)) if args.wrk else []
    def pair(key, anchor="nginx"):
        return median(runs, key, server="ours", connections=c), median(runs, key, server=anchor, connections=c)
    def ratio(a, b):
        return a / b if a is not None and b else None
    ours, nginx = pair("rps")
    r = ratio(ours, nginx)
    row(f"req/s vs nginx (1 worker, static), -c{c}", ours, f"nginx {fmt(nginx, '.0f')}", r, "≥ 1.0×",
        None if r is None else r >= 1.0, ".0f")
    ours, nginx = pair("cpu_us_per_request")
    r = ratio(ours, nginx)
    row("server CPU µs per request vs nginx", ours, f"nginx {fmt(nginx, '.1f')}", r, "≤ 1.2×",
        None if r is None else r <= 1.2, ".1f", " µs")
    ours, nginx = pair("p99_ms")
    r = ratio(ours, nginx)
    row("p99 vs nginx", ours, f"nginx {fmt(nginx, '.2f')} ms", r, "≤ 1.2×", None if r is None else r <= 1.2, ".2f", " ms")

    cold = {}
    if args.cold:
        for line in open(args.cold):
            if m := re.match(r"cold start (\S+): median ([\d.]+) ms", line):
                cold[m.group(1)] = float(m.group(2))
    ours, anchor = cold.get("ours"), cold.get("nio-anchor")
    r = ratio(ours, anchor)
    row("cold start to first 200 vs raw SwiftNIO", ours, f"raw NIO {fmt(anchor, '.1f')} ms", r, "≤ 1.3×",
        None if r is None else r <= 1.3, ".1f", " ms")

    store = json.load(open(args.store)) if args.store else []
    def theirs(key, scale=1.0, spec=".0f", unit=""):
        value = median(store, key, server="baseline")
        return ("before " + fmt(value * scale, spec, unit)) if value is not None else "—", value
    ready = median(store, "ready_s", server="ours")
    label, before = theirs("ready_s", 1000, ".0f", " ms")
    row("110k-string store: time to ready", ready and ready * 1000, label,
        ratio(ready, before), "≤ 500 ms", None if ready is None else ready <= 0.5, ".0f", " ms")
    serving = median(store, "rss_serving_mib", server="ours")
    label, before = theirs("rss_serving_mib", 1, ".0f", " MiB")
    row("110k-string store: RSS serving", serving, label, ratio(serving, before), "≤ 96 MiB",
        None if serving is None else serving <= 96, ".0f", " MiB")
    after = median(store, "rss_after_reload_mib", server="ours")
    reload_ratio = median(store, "rss_reload_ratio", server="ours")
    row("RSS after a reload of that store", after, f"before the reload {fmt(serving, '.0f')} MiB", reload_ratio,
        "≤ 1.2×", None if reload_ratio is None else reload_ratio <= 1.2, ".0f", " MiB")
    worst = median(store, "reload_max_ms", server="ours")
    quiet = median(store, "quiet_max_ms", server="ours")
    row("worst request latency while a reload runs", worst, f"no reload {fmt(quiet, '.1f')} ms",
        ratio(worst, quiet), "≤ 100 ms", None if worst is None else worst <= 100, ".1f", " ms")

    for spec in args.route:
        name, _, path = spec.partition("=")
        route_runs = json.load(open(path))
        ours = median(route_runs, "cpu_us_per_request", server="ours", connections=c)
        base = median(route_runs, "cpu_us_per_request", server="baseline", connections=c)
        r = ratio(ours, base)
        row(f"{name}: server CPU µs per request (no regression)", ours,
            f"baseline {fmt(base, '.1f')} µs" if base is not None else "— (no BASELINE_BIN)", r,
            "≤ 1.05× baseline", None if r is None else r <= 1.05, ".1f", " µs")

    # The launch route against nginx serving the same bundle statically (gzip_static, ETags).
    targets = {"304": 1.0, "gzip-200": 1.1, "identity-200": 1.0, "304-many": 1.0}
    for spec in args.launch:
        name, _, path = spec.partition("=")
        launch_runs = json.load(open(path))
        for connections in sorted({r["connections"] for r in launch_runs}):
            ours = median(launch_runs, "rps", server="ours", connections=connections)
            nginx = median(launch_runs, "rps", server="nginx", connections=connections)
            r = ratio(ours, nginx)
            label = name.replace("-many", "")
            target = targets.get(name, 1.0)
            row(f"launch {label}, -c{connections}: req/s vs nginx", ours, f"nginx {fmt(nginx, '.0f')}", r,
                f"≥ {target:.1f}×", None if r is None else r >= target, ".0f")
            ours_p99 = median(launch_runs, "p99_ms", server="ours", connections=connections)
            nginx_p99 = median(launch_runs, "p99_ms", server="nginx", connections=connections)
            r = ratio(ours_p99, nginx_p99)
            if name.startswith("304"):
                row(f"launch {label}, -c{connections}: p99 vs nginx", ours_p99, f"nginx {fmt(nginx_p99, '.2f')} ms", r,
                    "≤ 1.0×", None if r is None else r <= 1.0, ".2f", " ms")
            # The floor (floor-server.c: one read and one send per request, no user-space
            # work): near 1.0× nginx, the row's rate is set by wrk or the kernel, not the servers.
            floor = median(launch_runs, "rps", server="floor", connections=connections)
            if floor is not None:
                row(f"launch {label}, -c{connections}: req/s of the floor (read + send only) vs nginx", floor,
                    f"nginx {fmt(nginx, '.0f')}", ratio(floor, nginx), "— (context)", None, ".0f", verdict="context")


if __name__ == "__main__":
    main()
