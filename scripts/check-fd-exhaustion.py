#!/usr/bin/env python3
"""Descriptor exhaustion, end to end: a SIGHUP while every descriptor is taken
must fail the reload (not swap in an empty catalog), and EMFILE on accept is logged.

    check-fd-exhaustion.py BINARY

Starts BINARY serve under `ulimit -n 64` on 127.0.0.1 (port 0) over the bundled
Strings/, opens idle connections until the server runs out of descriptors,
sends SIGHUP, closes the connections, then checks /metrics (last reload failed),
that German still serves, and the log. Bounded: every wait has a deadline.
"""
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=10) as response:
        return response.read().decode()


def main():
    binary = sys.argv[1]
    state = tempfile.mkdtemp()
    log = tempfile.NamedTemporaryFile(mode="w+", suffix=".log", delete=False)
    server = subprocess.Popen(["bash", "-c", 'ulimit -n 64 && exec "$0" serve --port 0 --state-dir "$1" --access-log off '
                               '--event-loops 1', binary, state],
                              stdout=subprocess.PIPE, stderr=log, text=True)
    failures = []
    try:
        line = server.stdout.readline()
        host, port = re.match(r"listening on http://([^:]+):(\d+)", line).groups()
        base = f"http://{host}:{port}"
        before = get(base, "/labels/control.back.label?lang=de")
        idle = []
        for _ in range(120):
            idle.append(socket.create_connection((host, int(port)), timeout=5))
        time.sleep(1.0)  # the server accepts until EMFILE
        server.send_signal(signal.SIGHUP)
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
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
