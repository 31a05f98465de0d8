#!/usr/bin/env python3
"""Redis memory per 100,000 report entries, and the flush script's cost: loads 100,000
entries through the flush script (`Sources/ReportStore/ReportScripts.swift`, read from the
source) in 100 batches of 1,000 into an empty database (FLUSHALL: give it a Redis of its
own), prints `used_memory` before and after and `MEMORY USAGE` of the entries hash, then
times 100 batches of 1,000 hits on existing entries.

    report-store-memory.py PORT
"""
import os
import re
import socket
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
source = open(os.path.join(ROOT, "Sources/ReportStore/ReportScripts.swift"), encoding="utf-8").read()
SCRIPT = re.search(r'static let flush = #"""\n(.*?)\n"""#', source, re.S).group(1)
sock = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
replies = sock.makefile("rb")
US = "\x1f"


def command(*args):
    out = [b"*%d\r\n" % len(args)]
    for arg in args:
        data = arg if isinstance(arg, bytes) else str(arg).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    sock.sendall(b"".join(out))
    return read()


def read():
    line = replies.readline()
    kind, rest = line[:1], line[1:-2]
    if kind in b"+-:":
        return rest
    if kind == b"$":
        return None if int(rest) < 0 else replies.read(int(rest) + 2)[:-2]
    return [read() for _ in range(max(int(rest), 0))]


def used_memory():
    info = command("INFO", "memory").decode()
    return int(re.search(r"used_memory:(\d+)", info).group(1))


def batch(sequence, first, hits, now):
    args = ["EVAL", SCRIPT, 6, "m:missing", "m:meta", "m:resolved", f"m:flush:bench:{sequence}", "m:usage:hits",
            "m:usage:latest", 200_000, 20_000, now, 0, 0, 0, 100_000, 1_000]
    for n in range(first, first + 1_000):
        args += [f"Localizable{US}screen.settings.row.{n % 100_000}.accessibilityLabel{US}de-AT{US}{US}", hits, now, now + 5,
                 "framework/en", 0]
    return command(*args, 0)


command("FLUSHALL")
before = used_memory()
now = int(time.time() * 1000)
start = time.monotonic()
for sequence in range(100):
    batch(sequence, sequence * 1_000, 3, now)
loaded = time.monotonic() - start
after = used_memory()
entries = int(command("HLEN", "m:missing"))
start = time.monotonic()
for sequence in range(100, 200):
    batch(sequence, sequence * 1_000, 2, now)
updated = time.monotonic() - start
print(f"entries: {entries}; used_memory +{(after - before) / 1e6:.1f} MB ({(after - before) / entries:.0f} bytes an entry); "
      f"MEMORY USAGE of the entries hash {int(command('MEMORY', 'USAGE', 'm:missing', 'SAMPLES', '0')) / 1e6:.1f} MB")
print(f"flush script: new entries {100_000 / loaded:,.0f}/s, existing entries {100_000 / updated:,.0f}/s")
