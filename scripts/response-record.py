#!/usr/bin/env python3
"""Records a label-server's answers to a fixed set of requests, byte for byte.

Usage: response-record.py BINARY OUTPUT [STRINGS_DIR]

Starts BINARY serve on a free loopback port with a fresh state directory, sends
every request over its own raw socket (so the bytes compared are the bytes sent),
and writes each request and its full response to OUTPUT. What legitimately varies
between runs is masked: the Date header, timestamps in the missing report and the
numbers of /metrics. Used by response-diff.sh to prove a refactor changed nothing.
"""
import json
import os
import re
import shutil
import socket
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import Server  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)

TOKEN = "response-diff-token"


def start(binary, strings):
    state = tempfile.mkdtemp(prefix="response-diff-")
    env = dict(os.environ, LABEL_SERVER_ADMIN_TOKEN=TOKEN)
    server = Server(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--state-dir", state,
         "--strings", strings, "--access-log", "off", "--event-loops", "1"], env=env).start()
    return server, server.port, state


def exchange(port, raw):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(raw)
        chunks = []
        while True:
            try:
                data = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not data:
                break
            chunks.append(data)
    return b"".join(chunks)


def request(path, method="GET", headers=(), body=b""):
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += list(headers)
    if body:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def mask(path, response):
    response = re.sub(rb"\r\nDate: [^\r]*", b"\r\nDate: <masked>", response)
    if path.startswith("/missing"):
        response = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", b"<time>", response)
    if path.startswith("/metrics"):
        head, _, body = response.partition(b"\r\n\r\n")
        head = re.sub(rb"Content-Length: \d+", b"Content-Length: <n>", head)
        body = re.sub(rb"(?m)^([a-z_]+(\{.*\})?) [0-9.e+-]+$", rb"\1 <n>", body)
        response = head + b"\r\n\r\n" + body
    return response


def cases(port):
    """The request list: fixed, plus every key the bundled store's tables hold."""
    keys = set()
    for table in ("Localizable", "Accessibility"):
        for lang in ("en", "de", "ru"):
            raw = exchange(port, request(f"/labels?lang={lang}&table={table}"))
            body = raw.partition(b"\r\n\r\n")[2]
            try:
                doc = json.loads(body)
            except ValueError:
                continue
            keys.update((table, k) for k in doc.get("labels", {}))
            keys.update((table, k) for k in doc.get("plurals", {}))
    out = []
    for table, key in sorted(keys):
        q = urllib.parse.quote(key, safe="")
        for lang in ("de", "de-AT", "ru", "pl", "ar", "xx"):
            out.append(request(f"/labels/{q}?lang={lang}&table={table}"))
        for count in ("0", "1", "2", "5", "21", "1.5", "1000"):
            out.append(request(f"/labels/{q}?lang=de&table={table}&count={count}"))
        out.append(request(f"/labels/{q}?lang=ru&table={table}&count=3&arg=x&arg=7"))
        out.append(request(f"/labels/{q}?table={table}", headers=["Accept: text/plain", "Accept-Language: fr-CH, de;q=0.5"]))
    for lang in ("de", "en", "ru", "fr", "pl", "ar", "de-AT", "xx"):
        for table in ("Localizable", "Accessibility"):
            out.append(request(f"/labels?lang={lang}&table={table}"))
            out.append(request(f"/labels?lang={lang}&table={table}&format=strings"))
            out.append(request(f"/labels?lang={lang}&table={table}", headers=["Accept-Encoding: gzip"]))
            out.append(request(f"/labels?lang={lang}&table={table}", headers=["Accept-Encoding: gzip;q=0, identity"]))
            out.append(request(f"/labels?lang={lang}&table={table}&format=strings", headers=["Accept-Encoding: br, gzip;q=0.5"]))
    out += [
        request("/labels", headers=["Accept-Language: de-CH;q=0.9, fr;q=0.95, *;q=0.1"]),
        request("/labels", headers=["Accept-Language: ;;q=x, de"]),
        request("/labels", headers=["Accept-Language: de;q=1.0001, ru;q=0.5"]),
        request("/labels/coins.count?count=2", headers=["Accept-Language: pl;q=0.3, ru;q=0.300"]),
        request("/labels/coins.count?count=2", headers=["Accept-Language: pl;q=0, ru;q=0.001"]),
        request("/labels/coins.count?count=2", headers=["Accept-Language: *"]),
        request("/labels/coins.count?count=2", headers=["Accept-Language: zz-QQ, de_AT"]),
        request("/labels/coins.count?count=2&lang=fr", headers=["Accept-Language: de"]),
        request("/labels/coins.count?lang=de&count=3", headers=["Accept: text/plain;q=0.5, application/json"]),
        request("/labels/coins.count?lang=de&count=3", headers=["Accept: image/png"]),
        request("/labels/coins.count?lang=de&count=3", headers=["Accept: text/*"]),
        request("/labels/coins.count?lang=de&count=3", headers=["Accept: */*;q=0"]),
        request("/labels/coins.count?lang=de&count=3", headers=["Accept: text/plain;q=0"]),
        request("/labels?lang=de", headers=["Accept: text/plain"]),
        request("/labels/coins.count?lang=..%2Fetc"),
        request("/labels/coins.count?lang=" + "a" * 200),
        request("/labels/coins.count?lang=de%01"),
        request("/labels/coins.count?lang=de&count=abc"),
        request("/labels/coins.count?lang=de&count=-1"),
        request("/labels/reward.youtube?lang=de&count=3"),
        request("/labels/coins.count?lang=de&table=..%2Fx"),
        request("/labels/coins.count?lang=de&table=NoSuchTable"),
        request("/labels/" + "k" * 2000),
        request("/labels?lang=de&format=xml"),
        request("/labels?lang=de&table=Nope"),
        request("/labels?lang=de", headers=['If-None-Match: "nope"']),
        request("/labels?lang=de", headers=['If-None-Match: *']),
        request("/labels/x", method="DELETE"),
        request("/labels", method="POST"),
        request("/healthz"),
        request("/healthz", method="HEAD"),
        request("/readyz"),
        request("/nope"),
        request("/labels/x?lang=de", method="HEAD"),
        request("/admin/reload", method="POST"),
        request("/admin/reload", method="POST", headers=["Authorization: Bearer wrong"]),
        request("/admin/reload", method="GET"),
        request("/missing", method="DELETE"),
        request("/missing", method="POST", headers=["Content-Type: application/json"], body=b'{"nope":1}'),
        request("/missing", method="POST", headers=["Content-Type: application/json"], body=b'[{"key":"from.client","lang":"pl"}]'),
        request("/missing", method="POST", headers=["Content-Type: application/json"], body=b'[{"key":"a","lang":"../x"}]'),
        request("/missing", method="PUT"),
        b"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"GET / HTTP/2.0\r\nHost: a\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\nHost: a\r\nX: y\r\n z\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\nHost : a\r\n\r\n",
        b"GET /healthz HTTP/1.0\r\n\r\n",
        b"BREW /healthz HTTP/1.1\r\nHost: a\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        b"GET /" + b"x" * 20000 + b" HTTP/1.1\r\nHost: a\r\n\r\n",
        b"GET /labels/coins.count?lang=de&count=1 HTTP/1.1\r\nHost: a\r\n\r\nGET /labels/coins.count?lang=de&count=2 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
    ]
    out.append(request("/missing"))
    out.append(request("/missing?format=csv"))
    out.append(request("/missing?format=strings&lang=de"))
    out.append(request("/missing?lang=de&table=Localizable"))
    out.append(request("/missing?format=nope"))
    out.append(request("/metrics"))
    return out


def main():
    binary, output = sys.argv[1], sys.argv[2]
    strings = sys.argv[3] if len(sys.argv) > 3 else "Strings"
    server, port, state = start(binary, strings)
    try:
        with open(output, "wb") as f:
            all_cases = cases(port)
            settled = False
            for raw in all_cases:
                if raw.startswith(b"GET /missing") and not settled:
                    time.sleep(1.5)  # misses are recorded off the request path
                    settled = True
                response = exchange(port, raw)
                path = raw.split(b" ", 2)[1].decode("latin-1")
                f.write(b"=== " + raw.split(b"\r\n", 1)[0][:200] + b"\n")
                f.write(repr(raw).encode() + b"\n")
                f.write(repr(mask(path, response)).encode() + b"\n")
        print(f"{len(all_cases)} requests recorded in {output}")
    finally:
        server.stop(timeout=15)
        shutil.rmtree(state, ignore_errors=True)


if __name__ == "__main__":
    main()
