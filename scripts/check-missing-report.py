#!/usr/bin/env python3
"""End-to-end check of the missing-key report against the real server (SPEC §6).

Starts `label-server serve` on a free 127.0.0.1 port with a temporary state
directory and checks: 1,000 unknown keys are listed with hit counts; they
survive SIGTERM and a restart; after `kill -9` at most the last second is
lost; 200,000 distinct random keys leave the report at its cap with the drops
counted and memory bounded. Pages follow `next`; a formula key is
neutralized in CSV; a non-JSON POST is 415; client reports stop at their
quota; a state file with a bad entry keeps the good ones; a final flush that
cannot be written exits non-zero. Bounded in time and count; stops only the
processes it started.

    check-missing-report.py PATH/TO/label-server
"""
import http.client
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import Server  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)

BINARY = sys.argv[1]
STATE = tempfile.mkdtemp(prefix="label-state-")
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok else f": {detail}"), flush=True)


def start(*extra):
    server = Server([BINARY, "serve", "--port", "0", "--state-dir", STATE, "--access-log", "off", *extra]).start()
    return server, server.port


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def get_many(port, paths):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for path in paths:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        assert response.status == 200, (path, response.status)
    conn.close()


def report(port, query=""):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/missing" + query)
    body = json.loads(conn.getresponse().read())
    conn.close()
    return body


def request(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, dict(response.getheaders()), data


def stop(server, sig=signal.SIGTERM):
    return server.stop(sig, timeout=15)


try:
    proc, port = start()
    keys = [f"missing.key.{i}" for i in range(1000)]
    get_many(port, [f"/labels/{k}?lang=de" for k in keys] + [f"/labels/{keys[0]}?lang=de"] * 4)
    body = report(port, "?lang=de")
    listed = {e["key"]: e["hits"] for e in body["entries"]}
    check("1,000 unknown keys are listed", len(listed) == 1000, f"{len(listed)} listed")
    check("hits are counted", listed.get(keys[0]) == 5, f"hits {listed.get(keys[0])}")
    check("sorted by hits", body["entries"][0]["key"] == keys[0], body["entries"][0]["key"])
    check("SIGTERM exits 0", stop(proc) == 0)

    proc, port = start()
    body = report(port, "?lang=de")
    check("all 1,000 survive SIGTERM and restart", len(body["entries"]) == 1000, f"{len(body['entries'])} after restart")

    get_many(port, [f"/labels/after.restart.{i}?lang=fr" for i in range(100)])
    time.sleep(1.5)                      # more than one flush interval
    stop(proc, signal.SIGKILL)
    proc, port = start()
    kept = len(report(port, "?lang=fr")["entries"])
    check("kill -9 loses at most the last second", kept == 100, f"{kept} of 100 kept")
    stop(proc)

    shutil.rmtree(STATE)
    os.makedirs(STATE)
    proc, port = start("--missing-max-entries", "10000")
    get_many(port, ["/labels/warm?lang=de"] * 100)
    before = rss_kib(proc.pid)
    started = time.time()
    batch = [f"/labels/{uuid.uuid4().hex}?lang=de" for _ in range(200_000)]
    get_many(port, batch)
    after = rss_kib(proc.pid)
    body = report(port, "?limit=10000")
    dropped = body["dropped"]
    check("200,000 random keys stop at the cap", len(body["entries"]) == 10000 and body["total"] == 10000,
          f"{len(body['entries'])} entries, total {body['total']}")
    check("the drops are counted", dropped["newEntries"] >= 190_000, json.dumps(dropped))
    check(f"memory stays bounded ({before} KiB -> {after} KiB, {time.time() - started:.1f} s)",
          after - before < 64 * 1024, f"grew {after - before} KiB")
    stop(proc)

    # Pagination, formula-safe CSV, POST content type, client quota.
    shutil.rmtree(STATE)
    os.makedirs(STATE)
    proc, port = start()
    get_many(port, [f"/labels/page.key.{i}?lang=fr" for i in range(2500)])
    seen, target, pages = set(), "?lang=fr", 0
    while target is not None and pages < 10:
        page = report(port, target)
        seen.update(e["key"] for e in page["entries"])
        target = page["next"] and page["next"][len("/missing"):]
        pages += 1
    check("GET /missing pages through 2,500 entries by `next`", len(seen) == 2500 and pages == 3, f"{len(seen)} in {pages} pages")
    status, headers, data = request(port, "GET", "/missing?limit=10001")
    check("limit over 10,000 is 400 invalid_limit", status == 400 and json.loads(data)["error"] == "invalid_limit", f"{status} {data[:80]}")
    get_many(port, ['/labels/=HYPERLINK(%22http://evil.example%22,%22x%22)?lang=de'])
    time.sleep(1.1)                      # a large report may lag its newest misses by up to a second
    status, headers, data = request(port, "GET", "/missing?format=csv&lang=de")
    check("a formula key is neutralized in CSV", b"\"'=HYPERLINK(" in data and b"\r\n=HYPERLINK" not in data, data[-120:])
    status, headers, data = request(port, "POST", "/missing", body='[{"key":"k","lang":"de"}]', headers={"Content-Type": "text/plain"})
    check("POST /missing as text/plain is 415 unsupported_media_type",
          status == 415 and json.loads(data)["error"] == "unsupported_media_type", f"{status} {data[:80]}")
    refused = 0
    for batch in range(3):
        items = [{"key": f"posted.{batch}.{i}", "lang": "it"} for i in range(1000)]
        status, headers, data = request(port, "POST", "/missing", body=json.dumps(items),
                                        headers={"Content-Type": "application/json; charset=utf-8"})
        refused += json.loads(data)["refused"]
    body = report(port, "?lang=it&limit=1")
    check("client reports stop at their quota (1,000 of 3,000), the rest refused and shown",
          body["total"] == 1000 and refused == 2000 and body["dropped"]["reported"] == 2000,
          f"total {body['total']}, refused {refused}, shown {body['dropped']}")
    get_many(port, [f"/labels/observed.after.posts.{i}?lang=it" for i in range(100)])
    time.sleep(1.1)
    check("real misses still get entries after the posts", report(port, "?lang=it&limit=1")["total"] == 1100)
    stop(proc)

    # A state file with one bad entry keeps the good ones.
    shutil.rmtree(STATE)
    os.makedirs(STATE)
    good = {"key": "good", "table": "Localizable", "requested": "de", "servedFrom": "key", "hits": 2,
            "firstSeen": "2025-01-02T03:04:05.000Z", "lastSeen": "2025-01-02T03:04:05.000Z"}
    bad = dict(good, key="bad", hits=-5)
    with open(os.path.join(STATE, "missing.json"), "w") as f:
        json.dump({"entries": [good, bad], "since": "2025-01-01T00:00:00Z"}, f)
    proc, port = start()
    keys = [e["key"] for e in report(port)["entries"]]
    check("a state file with a bad entry keeps the valid ones", keys == ["good"], keys)

    # A final flush that cannot be written exits non-zero.
    get_many(port, ["/labels/unsaved?lang=de"])
    time.sleep(1.5)
    shutil.rmtree(STATE)
    with open(STATE, "w") as f:
        f.write("the state directory is gone")
    get_many(port, ["/labels/unsaved.too?lang=de"])
    code = stop(proc)
    check("SIGTERM with an unwritable report exits non-zero", code != 0, f"exit {code}")
    os.remove(STATE)
finally:
    shutil.rmtree(STATE, ignore_errors=True)

failed = results.count(False)
print(f"{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
