#!/usr/bin/env python3
"""End-to-end check of the report store (issue 38's "Done when"): real processes on loopback.

A redis-server (appendonly yes, appendfsync everysec, an ACL file with a user limited to the
store's prefix) and three `label-server serve --report-store redis://labels@…` replicas:

- hits on all three; each answers GET /missing (JSON and CSV) and GET /usage identically;
- all three killed (kill -9) after a flush; three new ones show the same report;
- DELETE /missing?key= through one replica is gone from all; POST /admin/reload on one
  reloads all three (pub/sub), each exactly once;
- Redis killed (kill -9) mid-load and restarted from its AOF: labels never failed (no
  non-200), /missing answered 503 + Retry-After meanwhile, the report holds every hit but at
  most the last second's before the kill, none double-counted; /metrics shows the flush
  failures, connected 1 again, an empty buffer and no drops;
- the buffer's bound: with Redis away, a replica with --missing-max-entries 50 keeps 50
  entries and counts the rest in label_server_report_store_buffer_dropped_total, and the
  report counts them as dropped once Redis is back;
- a wrong password, and a user without the prefix's keys, stop the start with exit 1 and a
  message naming the user.

Bounded in time; loopback only; stops only the processes it started, by PID.

    check-report-store.py PATH/TO/label-server
"""
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

BINARY = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from lib import Server, free_port  # noqa: E402
WORK = tempfile.mkdtemp(prefix="label-report-store-")
TOKEN = "report-secret"
PASSWORD = "labels-password"
PREFIX = "label-server:"
USED_KEY = "control.back.label"
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok else f": {detail}"), flush=True)


class Redis:
    """redis-server on loopback with AOF in WORK; stopped by its PID."""

    def __init__(self):
        self.port = free_port()
        self.dir = os.path.join(WORK, "redis")
        os.makedirs(self.dir, exist_ok=True)
        with open(os.path.join(self.dir, "users.acl"), "w") as acl:
            acl.write("user default on nopass ~* &* +@all\n")
            acl.write(f"user labels on >{PASSWORD} ~{PREFIX}* &{PREFIX}* +@all -@dangerous\n")
            acl.write("user other on >other ~other:* &other:* +@all -@dangerous\n")
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir", self.dir,
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no",
             "--aclfile", os.path.join(self.dir, "users.acl"), "--logfile", os.path.join(self.dir, "log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.command("PING") == "+PONG":
                return self
            time.sleep(0.05)
        raise RuntimeError("redis-server did not answer PING")

    def command(self, *args):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                s.sendall(("*%d\r\n" % len(args) + "".join("$%d\r\n%s\r\n" % (len(a.encode()), a) for a in args)).encode())
                return s.recv(65536).decode(errors="replace").split("\r\n")[0]
        except OSError:
            return None

    def subscribers(self, channel):
        """PUBSUB NUMSUB's count for CHANNEL (0 when Redis does not answer)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                s.sendall(("*3\r\n$6\r\nPUBSUB\r\n$6\r\nNUMSUB\r\n$%d\r\n%s\r\n" % (len(channel.encode()), channel)).encode())
                reply, lines = b"", []
                while reply.count(b"\r\n") < 5:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    reply += chunk
                lines = reply.decode(errors="replace").split("\r\n")
                counts = [int(line[1:]) for line in lines if line.startswith(":")]
                return counts[-1] if counts else 0
        except (OSError, ValueError):
            return 0

    def kill(self):
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


REDIS = Redis()


def replica(name, extra=(), password=PASSWORD, user="labels", prefix=PREFIX, expect_start=True):
    env = dict(os.environ, LABEL_SERVER_ADMIN_TOKEN=TOKEN)
    if password is not None:
        env["LABEL_SERVER_REPORT_STORE_PASSWORD"] = password
    url = f"redis://{user}@127.0.0.1:{REDIS.port}" if user else f"redis://127.0.0.1:{REDIS.port}"
    argv = [BINARY, "serve", "--port", "0", "--state-dir", os.path.join(WORK, "state-" + name),
            "--strings", os.path.join(ROOT, "Strings"), "--access-log", "off", "--event-loops", "1",
            "--watch", "off", "--report-store", url, "--report-store-prefix", prefix, *extra]
    if not expect_start:
        return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=30)
    return Server(argv, env=env, stderr=subprocess.PIPE if name.startswith("log") else subprocess.DEVNULL).start()


def request(server, method, path, body=None, headers=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        hdrs = dict(headers or {})
        if body is not None:
            hdrs.setdefault("Content-Type", "application/json")
        if method in ("DELETE",) or path.startswith("/admin"):
            hdrs["Authorization"] = f"Bearer {TOKEN}"
        conn.request(method, path, body=body, headers=hdrs)
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def missing(server, query="format=json&limit=10000"):
    status, headers, body = request(server, "GET", "/missing?" + query)
    return status, headers, body


def hits_by_key(server):
    status, _, body = missing(server)
    if status != 200:
        return None
    return {(e["table"], e["key"], e["requested"]): e["hits"] for e in json.loads(body)["entries"]}


def metric(server, name):
    _, _, body = request(server, "GET", "/metrics")
    for line in body.decode().splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return None


def wait_until(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def hit(server, key, times, lang="de"):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    failures = 0
    for _ in range(times):
        conn.request("GET", f"/labels/{key}?lang={lang}")
        response = conn.getresponse()
        response.read()
        failures += response.status != 200
    conn.close()
    return failures


def same_everywhere(servers, path):
    bodies = [request(s, "GET", path)[2] for s in servers]
    return all(b == bodies[0] for b in bodies), bodies[0]


def phase_shared(servers):
    sent = {}
    for index, server in enumerate(servers):
        for n in range(3):
            key = f"report.store.k{n}"
            hit(server, key, index + n + 1)
            sent[key] = sent.get(key, 0) + index + n + 1
        hit(server, USED_KEY, 2)
    expected = {("Localizable", k, "de"): v for k, v in sent.items()}
    flushed = wait_until(lambda: all(hits_by_key(s) == expected for s in servers), 10)
    check("three replicas: every replica's /missing holds every replica's hits", flushed,
          f"{[hits_by_key(s) for s in servers]} != {expected}")
    for path in ["/missing?format=json", "/missing?format=csv", "/missing?format=json&lang=de&limit=2&offset=1",
                 "/usage?format=json", "/usage?format=json&unused=true"]:
        same, body = same_everywhere(servers, path)
        check(f"three replicas answer {path} identically", same)
    usage = json.loads(request(servers[0], "GET", "/usage?format=json")[2])
    used = [e for e in usage["entries"] if e["key"] == USED_KEY]
    check("usage counts every replica's requests", used and used[0]["hits"] == 6, f"{used}")
    return expected


def phase_restart(servers, expected):
    for server in servers:
        server.kill()
    fresh = [replica(f"new{n}") for n in range(3)]
    check("three new replicas after kill -9 show the same report",
          all(hits_by_key(s) == expected for s in fresh), f"{[hits_by_key(s) for s in fresh]}")
    return fresh


def phase_delete_and_reload(servers):
    status, _, body = request(servers[0], "DELETE", "/missing?key=report.store.k0&lang=de")
    check("DELETE /missing?key= through one replica", status == 200 and json.loads(body)["removed"] == 1, f"{status} {body!r}")
    gone = all(("Localizable", "report.store.k0", "de") not in (hits_by_key(s) or {}) for s in servers)
    check("the deleted entry is gone from every replica", gone)
    # Each replica subscribes on its own thread after it starts listening: wait for all three.
    wait_until(lambda: REDIS.subscribers(PREFIX + "reload") >= len(servers), 15)
    before = [metric(s, 'label_server_reloads_total{result="success"}') or 0 for s in servers]
    status, _, _ = request(servers[1], "POST", "/admin/reload")
    reloaded = wait_until(lambda: [metric(s, 'label_server_reloads_total{result="success"}') for s in servers]
                          == [b + 1 for b in before], 10)
    time.sleep(1.5)   # and no second reload arrives
    after = [metric(s, 'label_server_reloads_total{result="success"}') for s in servers]
    check("POST /admin/reload on one replica reloads all three exactly once (pub/sub)",
          status == 200 and reloaded and after == [b + 1 for b in before], f"{before} -> {after}")


def load(servers, stop, log):
    """Hits of distinct keys per replica, each with the monotonic time it was answered."""
    def run(server, index):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        n = 0
        while not stop.is_set():
            key = f"chaos.r{index}.k{n % 40}"
            conn.request("GET", f"/labels/{key}?lang=fr")
            response = conn.getresponse()
            response.read()
            log.append((time.monotonic(), key, response.status))
            n += 1
            time.sleep(0.002)
        conn.close()
    threads = [threading.Thread(target=run, args=(s, i)) for i, s in enumerate(servers)]
    for t in threads:
        t.start()
    return threads


def phase_redis_killed(servers):
    stop, log = threading.Event(), []
    threads = load(servers, stop, log)
    time.sleep(2.0)
    killed_at = time.monotonic()
    REDIS.kill()
    time.sleep(0.5)
    status, headers, body = missing(servers[0])
    code = json.loads(body).get("error") if status == 503 else None
    check("/missing answers 503 + Retry-After with a stable code while Redis is away",
          status == 503 and "Retry-After" in headers and code == "report_store_unavailable", f"{status} {headers} {body!r}")
    usage_status = request(servers[1], "GET", "/usage")[0]
    check("/usage answers 503 while Redis is away", usage_status == 503, str(usage_status))
    check("readiness stays green while Redis is away", request(servers[2], "GET", "/readyz")[0] == 200)
    time.sleep(2.0)
    REDIS.start()
    time.sleep(1.5)
    stop.set()
    for t in threads:
        t.join()
    failures = sum(1 for _, _, status in log if status != 200)
    check(f"labels never failed while Redis was killed and restarted ({len(log)} requests)", failures == 0, f"{failures} non-200")
    sent = {}
    for _, key, _ in log:
        sent[("Localizable", key, "fr")] = sent.get(("Localizable", key, "fr"), 0) + 1
    last_second = {}
    for at, key, _ in log:
        if killed_at - 1.0 <= at <= killed_at:
            last_second[("Localizable", key, "fr")] = last_second.get(("Localizable", key, "fr"), 0) + 1
    settled = wait_until(lambda: all(metric(s, "label_server_report_store_buffered_entries") == 0 for s in servers), 15)
    report = hits_by_key(servers[0]) or {}
    doubled = {k: (report.get(k), v) for k, v in sent.items() if report.get(k, 0) > v}
    lost = {k: (report.get(k, 0), v) for k, v in sent.items() if report.get(k, 0) < v - last_second.get(k, 0)}
    total_lost = sum(v - report.get(k, 0) for k, v in sent.items())
    check("after Redis's kill -9 and AOF restart: none double-counted", settled and not doubled, f"{doubled}")
    check(f"after Redis's kill -9 and AOF restart: every hit but at most the last second's ({total_lost} of {sum(sent.values())} lost)",
          settled and not lost, f"{lost}")
    failures_total = sum(metric(s, "label_server_report_store_flush_failures_total") or 0 for s in servers)
    check("/metrics: flush failures counted, connected again, nothing buffered or dropped",
          failures_total > 0 and all(metric(s, "label_server_report_store_connected") == 1 for s in servers)
          and all(metric(s, "label_server_report_store_buffer_dropped_total") == 0 for s in servers),
          f"failures {failures_total}")


def phase_bound():
    bounded = replica("bound", extra=["--missing-max-entries", "50"], user=None, password=None, prefix="bound:")
    REDIS.kill()
    failures = sum(hit(bounded, f"bound.k{n}", 1) for n in range(80))
    buffered = metric(bounded, "label_server_report_store_buffered_entries")
    dropped = metric(bounded, "label_server_report_store_buffer_dropped_total")
    # A flush tick during the 80 hits moves k entries to the pending batch and the buffer
    # then takes 50 more: buffered = k + 50, dropped = 30 - k; every hit is one or the other.
    check("buffer bound: at most the cap buffered (plus one pending batch), the rest counted as dropped while Redis is away",
          failures == 0 and buffered is not None and dropped is not None and 50 <= buffered <= 100
          and buffered + dropped == 80, f"failures {failures}, buffered {buffered}, dropped {dropped}")
    REDIS.start()
    body = None
    def flushed():
        nonlocal body
        status, _, body = missing(bounded)
        return status == 200 and json.loads(body)["dropped"]["newEntries"] == 30
    check("the report counts the buffer's drops once Redis is back", wait_until(flushed, 15), f"{body!r}")
    bounded.stop()


def phase_start_errors():
    wrong = replica("wrong", password="not-the-password", expect_start=False)
    check("a wrong password is a start-up error naming the user (exit 1)",
          wrong.returncode == 1 and '"labels"' in wrong.stderr and "not-the-password" not in wrong.stderr + wrong.stdout,
          f"{wrong.returncode} {wrong.stderr[-400:]!r}")
    noperm = replica("noperm", password="other", user="other", expect_start=False)
    check("a user without the prefix's keys is a start-up error naming the user (exit 1)",
          noperm.returncode == 1 and '"other"' in noperm.stderr, f"{noperm.returncode} {noperm.stderr[-400:]!r}")


def main():
    if shutil.which("redis-server") is None:
        print("FAIL  redis-server is not installed (.ci/steps/010-toolchain.sh installs it)")
        return 1
    try:
        REDIS.start()
        servers = [replica(f"r{n}") for n in range(3)]
        expected = phase_shared(servers)
        servers = phase_restart(servers, expected)
        phase_delete_and_reload(servers)
        phase_redis_killed(servers)
        for server in servers:
            server.stop()
        phase_bound()
        phase_start_errors()
    finally:
        REDIS.stop()
        shutil.rmtree(WORK, ignore_errors=True)
    print(f"{sum(results)} of {len(results)} checks passed")
    return 0 if all(results) else 1


sys.exit(main())
