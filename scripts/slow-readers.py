#!/usr/bin/env python3
"""Slow readers: RSS cost of clients that pipeline GET /labels?lang=de and never read.

    slow-readers.py BINARY [--clients 50] [--requests 2000] [--limit-mib 32]

Starts BINARY serve on 127.0.0.1 (port 0) over the bundled Strings/, records RSS,
opens CLIENTS connections that each send REQUESTS pipelined requests and read
nothing, records RSS once it settles, closes them, records RSS again. Fails when
the clients cost more than --limit-mib together or RSS does not come back near
the baseline (within a quarter of their cost, at least 8 MiB) after they close.
Bounded: every wait has a deadline.
"""
import argparse
import os
import re
import socket
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import Server  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def settle(pid, seconds=8.0):
    """RSS once it stops changing (or after `seconds`)."""
    last, deadline = rss_kib(pid), time.time() + seconds
    while time.time() < deadline:
        time.sleep(0.5)
        now = rss_kib(pid)
        if abs(now - last) < 256:
            return now
        last = now
    return rss_kib(pid)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--clients", type=int, default=50)
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--limit-mib", type=float, default=32)
    a = p.parse_args()
    state = tempfile.mkdtemp()
    server = Server([a.binary, "serve", "--port", "0", "--state-dir", state, "--access-log", "off"]).start()
    try:
        host, port = server.host, server.port
        request = f"GET /labels?lang=de HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
        # Warm up: the first answers allocate what every request shares.
        with socket.create_connection((host, int(port)), timeout=10) as warm:
            for _ in range(3):
                warm.sendall(request)
                time.sleep(0.1)
        baseline = settle(server.pid)
        clients = []
        for _ in range(a.clients):
            s = socket.create_connection((host, int(port)), timeout=10)
            s.setblocking(False)
            payload = request * a.requests
            sent = 0
            deadline = time.time() + 5
            # Send what the kernel takes; a server that stops reading fills it.
            while sent < len(payload) and time.time() < deadline:
                try:
                    sent += s.send(payload[sent:])
                except BlockingIOError:
                    time.sleep(0.01)
            clients.append(s)
        loaded = settle(server.pid)
        cost = (loaded - baseline) / 1024
        for s in clients:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.close()
        time.sleep(1)
        after = settle(server.pid)
        left = (after - baseline) / 1024
        print(f"baseline {baseline / 1024:.1f} MiB; with {a.clients} slow readers {loaded / 1024:.1f} MiB "
              f"(+{cost:.1f} MiB, {cost * 1024 / a.clients:.0f} KiB each); after they closed {after / 1024:.1f} MiB "
              f"(+{left:.1f} MiB)")
        failed = False
        if cost > a.limit_mib:
            print(f"FAIL  {a.clients} slow readers cost {cost:.1f} MiB > {a.limit_mib} MiB")
            failed = True
        if left > max(8, cost / 4):
            print(f"FAIL  RSS stayed {left:.1f} MiB above the baseline after the clients closed")
            failed = True
        return 1 if failed else 0
    finally:
        server.stop(timeout=15)


if __name__ == "__main__":
    sys.exit(main())
