#!/usr/bin/env python3
"""Memory per idle keep-alive connection, and service while they are held.

Usage: idle-connections.py --port PORT --pid PID [--connections 10000] [--hold 5]

Opens N keep-alive connections to 127.0.0.1:PORT; on each sends one complete
request (GET /healthz) and reads its whole response, so that every connection
has been through a request and now sits idle as a client's would between
requests. Reads the server's VmRSS (/proc/PID/status) before and after, and
reports the growth per connection. While they are held, checks that a new
client still gets a 200, and that the held connections are still open (a server
that quietly closed them would look cheap). Then closes everything and exits.

The server must allow N+100 open files (`ulimit -n`; run.sh sets 65536 before it
starts servers). This script raises its own RLIMIT_NOFILE. Keep N and --hold
well inside the server's idle keep-alive timeout (label-server: 60 s).

Prints one line of `key=value` pairs (for run.sh) after the human-readable lines.
Exit status 0 when all held connections stayed open and the new client got a 200.
"""
import argparse
import resource
import select
import socket
import sys
import time

REQUEST = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for pid {pid}")


def read_response(sock, deadline):
    """Reads one HTTP/1.1 response with a Content-Length body; returns (status, bytes read)."""
    data = b""
    while b"\r\n\r\n" not in data:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed before the response head")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed in the body")
        body += chunk
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True, help="the process whose VmRSS is measured")
    parser.add_argument("--connections", type=int, default=10_000)
    parser.add_argument("--hold", type=float, default=5.0, help="seconds to hold before the second RSS read")
    parser.add_argument("--timeout", type=float, default=40.0, help="overall limit for opening them")
    args = parser.parse_args()
    n = args.connections

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = n + 100
    if soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, max(hard, want)))
        except (ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            if hard < want:
                sys.exit(f"RLIMIT_NOFILE hard limit {hard} < {want}: run `ulimit -n {want}` first")

    address = ("127.0.0.1", args.port)
    before = rss_kib(args.pid)
    start = time.monotonic()
    deadline = start + args.timeout
    held = []
    failures = 0
    try:
        # Open in batches: connect and send on a batch, then read the batch's
        # responses, so that the listen backlog is never the limit and the
        # whole thing stays far inside the server's idle timeout.
        batch = 200
        while len(held) < n and time.monotonic() < deadline:
            group = []
            for _ in range(min(batch, n - len(held))):
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                sock.settimeout(5)
                try:
                    sock.connect(address)
                    sock.sendall(REQUEST)
                    group.append(sock)
                except OSError:
                    failures += 1
                    sock.close()
            for sock in group:
                try:
                    if read_response(sock, time.monotonic() + 5) == 200:
                        held.append(sock)
                        continue
                except (OSError, ValueError, IndexError):
                    pass
                failures += 1
                sock.close()
            if failures > n // 100 + 10:
                break
        opened = time.monotonic() - start
        time.sleep(args.hold)
        after = rss_kib(args.pid)

        # A new client while they are held.
        new_client = 0
        try:
            with socket.create_connection(address, timeout=5) as sock:
                sock.sendall(REQUEST)
                new_client = read_response(sock, time.monotonic() + 5)
        except (OSError, ValueError, IndexError) as error:
            print(f"new client failed: {error!r}", file=sys.stderr)

        # Still open? A connection the server closed is readable (EOF) now.
        poller = select.poll()  # select() cannot take descriptors past 1023
        for sock in held:
            poller.register(sock, select.POLLIN)
        closed = len(poller.poll(0))
    finally:
        for sock in held:
            sock.close()

    count = len(held)
    per = (after - before) / count if count else float("nan")
    print(f"held {count}/{n} keep-alive connections (opened in {opened:.1f} s, {failures} failed); "
          f"{closed} closed by the server during the {args.hold:.0f} s hold")
    print(f"VmRSS {before} KiB -> {after} KiB: {after - before} KiB, {per:.2f} KiB per connection")
    print(f"new client while held: {new_client or 'no response'}")
    print(f"RESULT held={count - closed} requested={n} rss_before_kib={before} rss_after_kib={after} "
          f"kib_per_connection={per:.2f} new_client_status={new_client}")
    return 0 if count - closed == n and new_client == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
