#!/usr/bin/env python3
"""End-to-end check of the missing-key report against the real server (SPEC §6).

Starts `label-server serve` on a free 127.0.0.1 port with a temporary state
directory and checks: 1,000 unknown keys are listed with hit counts; they
survive SIGTERM and a restart; after `kill -9` at most the last second is
lost; 200,000 distinct random keys leave the report at its cap with the drops
counted and memory bounded. Bounded in time and count; stops only the
processes it started.

    check-missing-report.py PATH/TO/label-server
"""
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

BINARY = sys.argv[1]
STATE = tempfile.mkdtemp(prefix="label-state-")
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok else f": {detail}"), flush=True)


def start(*extra):
    proc = subprocess.Popen([BINARY, "serve", "--port", "0", "--state-dir", STATE, "--access-log", "off", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline().strip()
    assert line.startswith("listening on http://"), line
    host, port = line.rsplit("/", 1)[1].split(":")
    return proc, int(port)


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


def stop(proc, sig=signal.SIGTERM):
    proc.send_signal(sig)
    return proc.wait(timeout=15)


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
    body = report(port)
    dropped = body["dropped"]
    check("200,000 random keys stop at the cap", len(body["entries"]) == 10000, f"{len(body['entries'])} entries")
    check("the drops are counted", dropped["newEntries"] >= 190_000, json.dumps(dropped))
    check(f"memory stays bounded ({before} KiB -> {after} KiB, {time.time() - started:.1f} s)",
          after - before < 64 * 1024, f"grew {after - before} KiB")
    stop(proc)
finally:
    shutil.rmtree(STATE, ignore_errors=True)

failed = results.count(False)
print(f"{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
