#!/usr/bin/env python3
"""Descriptor exhaustion, end to end: a SIGHUP while every descriptor is taken
must fail the reload (not swap in an empty catalog), and EMFILE on accept is logged.

    check-fd-exhaustion.py BINARY

Starts BINARY serve under `ulimit -n 64` on 127.0.0.1 (port 0) over the bundled
Strings/, opens idle connections until the server runs out of descriptors,
sends SIGHUP, closes the connections, then checks /metrics (last reload failed),
that German still serves, and the log. Bounded: every wait has a deadline.
"""
import os
import re
import signal
import socket
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import Server  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=10) as response:
        return response.read().decode()


def main():
    binary = sys.argv[1]
    state = tempfile.mkdtemp()
    log = tempfile.NamedTemporaryFile(mode="w+", suffix=".log", delete=False)
    server = Server(["bash", "-c", 'ulimit -n 64 && exec "$0" serve --port 0 --state-dir "$1" --access-log off '
                     '--event-loops 1', binary, state], stderr=log).start()
    failures = []
    try:
        host, port, base = server.host, server.port, server.base
        before = get(base, "/labels/control.back.label?lang=de")
        idle = []
        for _ in range(120):
            idle.append(socket.create_connection((host, int(port)), timeout=5))
        time.sleep(1.0)  # the server accepts until EMFILE
        server.signal(signal.SIGHUP)
        time.sleep(2.0)  # the reload runs (and fails) while descriptors are exhausted
        for s in idle:
            s.close()
        deadline = time.time() + 20
        metrics = ""
        while time.time() < deadline:
            try:
                metrics = get(base, "/metrics")
                break
            except OSError:
                time.sleep(0.2)
        after = get(base, "/labels/control.back.label?lang=de")
        log.seek(0)
        text = log.read()
        checks = [
            ("the reload failed (metrics)", 'label_server_reloads_total{result="failure"} 1' in metrics),
            ("last_reload_success is 0", "label_server_last_reload_success 0" in metrics),
            ("no successful reload", 'label_server_reloads_total{result="success"} 1' not in metrics),
            ("German still serves", "Zurück zur vorherigen Seite" in after and after == before),
            ("the failure names EMFILE and a path", re.search(r"reload failed.*\n.*(Too many open files|EMFILE)", text) is not None
             or ("reload failed" in text and "Too many open files" in text)),
            ("EMFILE on accept is logged", "cannot accept connections" in text),
        ]
        for name, ok in checks:
            print(("ok    " if ok else "FAIL  ") + name)
            if not ok:
                failures.append(name)
        if failures:
            print(text[-3000:])
    finally:
        server.stop(timeout=15)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
