#!/usr/bin/env python3
"""End-to-end check of the fleet: three real replicas on loopback with --peers.

Checks: merged GET /missing (JSON, CSV, .strings) through any replica; a killed replica
is left out within the peer timeout (200, "partial", "unreachable", Label-Server-Partial);
recovery after restart; fleet-wide DELETE /missing and POST /admin/reload with a report
per replica, and ?scope=local for one; a fleet write a replica did not receive fails
(502 fleet_partial, so curl --fail fails) with the per-replica report; peers named by one DNS name with several addresses
(an /etc/hosts entry added and restored: replicas on 127.0.0.1/.2/.3, one port); a
ConfigMap-style `..data` symlink swap reloads within 2 s, a broken swap keeps the old
catalog; a bounded chaos round (replicas killed and restarted at random while clients read:
every answer 200, the sum right for the replicas that answered); and a figure for a merged
report of 3 x 10,000 entries. Bounded in time; stops only the processes it started.

    check-fleet.py PATH/TO/label-server
"""
import http.client
import json
import os
import random
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time

BINARY = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from lib import Server, free_port  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)
WORK = tempfile.mkdtemp(prefix="label-fleet-")
TOKEN = "fleet-secret"
USED_KEY = "control.back.label"   # a catalog key: counted by /usage
results = []
procs = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok else f": {detail}"), flush=True)


class Replica:
    def __init__(self, name, host, port, peers, extra=()):
        self.name, self.host, self.port, self.peers, self.extra = name, host, port, peers, list(extra)
        self.state = os.path.join(WORK, "state-" + name)
        self.proc = None

    @property
    def address(self):
        return f"{self.host}:{self.port}"

    def start(self):
        env = dict(os.environ, LABEL_SERVER_ADMIN_TOKEN=TOKEN)
        self.server = Server(
            [BINARY, "serve", "--host", self.host, "--port", str(self.port), "--state-dir", self.state,
             # The 3 x 10,000 figure posts its entries: lift the client-reported quota (a tenth by default).
             "--missing-max-entries", "20000", "--missing-max-reported", "20000",
             "--strings", os.path.join(ROOT, "Strings"), "--access-log", "off", "--event-loops", "1",
             "--peers", self.peers, *(self.extra or ["--peer-timeout", "1"])], env=env).start()
        self.proc = self.server.proc
        procs.append(self.proc)

    def suspend(self):
        """SIGSTOP, and wait until every thread has stopped.

        kill() returns before a multi-threaded process is stopped: the group stop begins
        only when one of its threads is next scheduled, and on a loaded machine the event
        loop kept answering for tens of milliseconds meanwhile (measured: 105 of 200
        SIGSTOPs left a thread running after kill() returned, up to 32 ms), so the
        "hung" replica sometimes answered at once.
        """
        self.proc.send_signal(signal.SIGSTOP)
        tasks = f"/proc/{self.proc.pid}/task"
        if not os.path.isdir(tasks):
            time.sleep(0.5)   # no /proc: give the stop time to land
            return
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            states = []
            for task in os.listdir(tasks):
                try:
                    with open(f"{tasks}/{task}/stat") as f:
                        states.append(f.read().rsplit(")", 1)[1].split()[0])
                except OSError:
                    pass   # a thread that just exited
            if states and all(state in ("T", "t") for state in states):
                return
            time.sleep(0.001)
        raise AssertionError(f"{self.name} did not stop within 10 s of SIGSTOP")

    def kill(self):
        if self.proc:
            self.server.kill()

    def stop(self):
        if self.proc:
            self.server.stop(timeout=15)


def request(replica, method, path, headers=None, timeout=10):
    conn = http.client.HTTPConnection(replica.host, replica.port, timeout=timeout)
    conn.request(method, path, headers=headers or {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def hit(replica, key, count):
    conn = http.client.HTTPConnection(replica.host, replica.port, timeout=10)
    for _ in range(count):
        conn.request("GET", f"/labels/{key}?lang=de")
        conn.getresponse().read()
    conn.close()


def reloads_of(replica):
    """label_server_reloads_total{result="success"} of one replica."""
    text = request(replica, "GET", "/metrics")[2].decode()
    for line in text.splitlines():
        if line.startswith('label_server_reloads_total{result="success"} '):
            return int(line.split()[-1])
    return -1


def hits_of(report, key):
    return sum(e["hits"] for e in report["entries"] if e["key"] == key)


def fleet(peer_list_for, hosts_ports):
    replicas = [Replica(f"r{i}", host, port, peer_list_for) for i, (host, port) in enumerate(hosts_ports)]
    for replica in replicas:
        replica.start()
    return replicas


def auth():
    return {"Authorization": f"Bearer {TOKEN}"}


def main():
    # --- three replicas on 127.0.0.1, different ports, each given the full list (itself included)
    ports = [free_port() for _ in range(3)]
    peers = ",".join(f"127.0.0.1:{p}" for p in ports)
    replicas = fleet(peers, [("127.0.0.1", p) for p in ports])
    counts = [1, 2, 3]
    for replica, count in zip(replicas, counts):
        hit(replica, "fleet.shared.key", count)
        hit(replica, f"fleet.only.{replica.name}", 1)
        hit(replica, USED_KEY, count)
    time.sleep(1.5)

    for replica in replicas:
        status, headers, body = request(replica, "GET", "/missing")
        report = json.loads(body)
        check(f"merged JSON through {replica.name}: hits summed 1+2+3",
              status == 200 and hits_of(report, "fleet.shared.key") == 6 and report["partial"] is False,
              f"{status} {hits_of(report, 'fleet.shared.key')} {report.get('partial')}")
        check(f"merged JSON through {replica.name}: every replica's own key",
              all(hits_of(report, f"fleet.only.{r.name}") == 1 for r in replicas))
    status, headers, body = request(replicas[0], "GET", "/missing?scope=local")
    check("scope=local is this replica alone", hits_of(json.loads(body), "fleet.shared.key") == 1)
    status, headers, body = request(replicas[1], "GET", "/missing?format=csv")
    rows = [line.split(",") for line in body.decode().splitlines()]
    shared = [row for row in rows if row and row[0] == "fleet.shared.key"]
    check("merged CSV", status == 200 and shared and shared[0][4] == "6" and "label-server-partial" not in headers,
          f"{shared}")
    status, headers, body = request(replicas[2], "GET", "/missing?format=strings&table=Localizable")
    check("merged .strings stub", status == 200 and "6 hits" in body.decode(), body[:300])
    status, headers, body = request(replicas[0], "GET", "/missing?lang=de&table=Localizable")
    check("filters apply after the merge", status == 200 and hits_of(json.loads(body), "fleet.shared.key") == 6)
    status, headers, body = request(replicas[1], "GET", "/usage")
    usage = json.loads(body)
    check("merged /usage: hits summed 1+2+3", status == 200 and usage["partial"] is False
          and hits_of(usage, USED_KEY) == 6, f"{status} {hits_of(usage, USED_KEY)} {usage.get('partial')}")
    status, headers, body = request(replicas[1], "GET", "/usage?unused=true")
    check("merged /usage?unused=true leaves out a key the fleet used",
          status == 200 and not any(e["key"] == USED_KEY for e in json.loads(body)["entries"]))
    status, headers, body = request(replicas[1], "GET", "/usage?scope=local")
    check("/usage?scope=local is this replica alone", hits_of(json.loads(body), USED_KEY) == 2)

    # --- partial: one replica killed
    replicas[2].kill()
    started = time.monotonic()
    status, headers, body = request(replicas[0], "GET", "/missing")
    elapsed = time.monotonic() - started
    report = json.loads(body)
    check("killed replica: still 200, partial, unreachable named",
          status == 200 and report["partial"] is True and report["unreachable"] == [replicas[2].address]
          and hits_of(report, "fleet.shared.key") == 3, f"{status} {report.get('unreachable')}")
    check("killed replica: answered within the peer timeout", elapsed < 1.5, f"{elapsed:.2f} s")
    status, headers, body = request(replicas[0], "GET", "/missing?format=csv")
    check("killed replica: CSV carries Label-Server-Partial",
          headers.get("label-server-partial") == replicas[2].address, headers)
    status, headers, body = request(replicas[0], "GET", "/usage")
    usage = json.loads(body)
    check("killed replica: /usage partial, the others summed",
          status == 200 and usage["unreachable"] == [replicas[2].address] and hits_of(usage, USED_KEY) == 3,
          f"{status} {usage.get('unreachable')} {hits_of(usage, USED_KEY)}")
    check("killed replica: leftOut says why",
          [item["peer"] for item in usage.get("leftOut", [])] == [replicas[2].address]
          and all(item.get("reason") for item in usage.get("leftOut", [])), usage.get("leftOut"))
    before = [reloads_of(r) for r in replicas[:2]]
    status, headers, body = request(replicas[0], "POST", "/admin/reload", auth(), timeout=20)
    answer = json.loads(body)
    check("killed replica: a fleet reload that missed it is 502 fleet_partial with a report per replica",
          status == 502 and answer.get("error") == "fleet_partial" and answer.get("status") == "failed"
          and [r.get("replica") for r in answer["replicas"]] == ["self", replicas[1].address, replicas[2].address]
          and answer["replicas"][2].get("error") and answer["unreachable"] == [replicas[2].address],
          f"{status} {body[:400]}")
    check("killed replica: the replicas that answered did reload",
          [reloads_of(r) for r in replicas[:2]] == [b + 1 for b in before], before)
    status, headers, body = request(replicas[0], "GET", "/missing?format=html")
    check("killed replica: the page names it in a banner inside main",
          status == 200 and f'<main><p role="alert" class="partial">Partial report: {replicas[2].address} did not' in body.decode(),
          body[:600])
    # A peer that accepts but never answers (a stopped process) is left out after the timeout.
    replicas[1].suspend()
    started = time.monotonic()
    status, headers, body = request(replicas[0], "GET", "/missing")
    elapsed = time.monotonic() - started
    report = json.loads(body)
    # 40 unauthenticated reads hanging on it take every read slot; the admin's write has its own.
    statuses = []
    readers = [threading.Thread(target=lambda: statuses.append(request(replicas[0], "GET", "/missing", timeout=10)[0]))
               for _ in range(40)]
    for thread in readers:
        thread.start()
    time.sleep(0.2)
    write_status, _, write_body = request(replicas[0], "POST", "/admin/reload", auth(), timeout=20)
    for thread in readers:
        thread.join()
    write_answer = json.loads(write_body)
    check("hung replica: 40 reads in flight do not lock out the admin's reload (502 fleet_partial, not 503 fleet_busy)",
          write_status == 502 and write_answer.get("error") == "fleet_partial" and set(statuses) <= {200, 503},
          f"{write_status} {write_body[:300]} reads {sorted(set(statuses))}")
    replicas[1].proc.send_signal(signal.SIGCONT)
    check("hung replica: left out by the --peer-timeout 1 s deadline", status == 200 and 0.9 < elapsed < 1.5
          and replicas[1].address in report.get("unreachable", []),
          f"{status} after {elapsed:.2f} s, unreachable {report.get('unreachable')}")

    # --- recovery
    replicas[2].start()
    status, headers, body = request(replicas[0], "GET", "/missing")
    report = json.loads(body)
    check("restarted replica: its report is back (state survived)",
          report["partial"] is False and hits_of(report, "fleet.shared.key") == 6, report.get("unreachable"))

    # --- fleet writes
    status, headers, body = request(replicas[0], "POST", "/admin/reload")
    check("fleet reload without a token: 403/401, nobody reloaded", status in (401, 403), status)
    before = [reloads_of(r) for r in replicas]
    status, headers, body = request(replicas[0], "POST", "/admin/reload", auth())
    answer = json.loads(body)
    check("fleet reload: 200, a report per replica",
          status == 200 and len(answer["replicas"]) == 3 and all(r.get("status") == 200 for r in answer["replicas"]),
          body[:400])
    metrics = [request(r, "GET", "/metrics")[2].decode() for r in replicas]
    check("fleet reload reached every replica", [reloads_of(r) for r in replicas] == [b + 1 for b in before], before)
    check("peer calls in /metrics", "label_server_peer_requests_total{outcome=\"ok\"}" in metrics[0]
          and "label_server_peer_request_duration_seconds_bucket" in metrics[0])
    status, headers, body = request(replicas[1], "DELETE", "/missing?scope=local", auth())
    status, headers, body = request(replicas[0], "GET", "/missing")
    check("DELETE ?scope=local resets one replica", hits_of(json.loads(body), "fleet.shared.key") == 4)
    status, headers, body = request(replicas[0], "DELETE", "/missing", auth())
    answer = json.loads(body)
    status2, headers2, body2 = request(replicas[2], "GET", "/missing")
    check("fleet DELETE resets every replica",
          status == 200 and len(answer["replicas"]) == 3 and json.loads(body2)["entries"] == [], body[:300])

    # --- chaos: kill and restart at random while clients read
    for replica, count in zip(replicas, counts):
        hit(replica, "fleet.chaos.key", count)
    time.sleep(1.5)
    local = {r.address: c for r, c in zip(replicas, counts)}
    failures = []
    answers = [0]
    stop = threading.Event()

    def reader(seed):
        rng = random.Random(seed)
        while not stop.is_set():
            replica = rng.choice(replicas)
            try:
                status, headers, body = request(replica, "GET", "/missing", timeout=5)
            except OSError:
                continue   # this replica is down right now; the client would retry elsewhere
            if status != 200:
                failures.append(f"status {status}")
                continue
            report = json.loads(body)
            expected = sum(c for a, c in local.items() if a not in report["unreachable"])
            answers[0] += 1
            if hits_of(report, "fleet.chaos.key") != expected:
                failures.append(f"sum {hits_of(report, 'fleet.chaos.key')} != {expected} ({report['unreachable']})")

    threads = [threading.Thread(target=reader, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    rng = random.Random(14)
    deadline = time.monotonic() + 20
    kills = 0
    while time.monotonic() < deadline:
        victim = rng.choice(replicas)
        victim.kill()
        kills += 1
        time.sleep(rng.uniform(0.2, 1.0))
        victim.start()
        time.sleep(rng.uniform(0.2, 1.0))
    stop.set()
    for thread in threads:
        thread.join()
    check(f"chaos: {kills} kill/restarts, {answers[0]} answers, all 200 with the right sum",
          not failures and answers[0] > 20, failures[:5])

    # --- figure: merged report of 3 x 10,000 entries (a debug build renders slowly: generous timeout)
    for replica in replicas:
        replica.stop()
        replica.extra = ["--peer-timeout", "40"]
        replica.start()
    for replica in replicas:
        conn = http.client.HTTPConnection(replica.host, replica.port, timeout=30)
        for start in range(0, 10_000, 500):
            items = [{"key": f"bulk.{replica.name}.{i}", "lang": "de"} for i in range(start, start + 500)]
            conn.request("POST", "/missing", body=json.dumps(items), headers={"Content-Type": "application/json"})
            conn.getresponse().read()
        conn.close()
    times = []
    size = 0
    total = 0
    for _ in range(3):
        started = time.monotonic()
        # The merge covers every entry; the answer is its largest page (GET /missing is paginated).
        status, headers, body = request(replicas[0], "GET", "/missing?limit=10000", timeout=90)
        times.append(time.monotonic() - started)
        size, total = len(body), json.loads(body)["total"]
    times.sort()
    print(f"figure: merged /missing?limit=10000 over 3 replicas, {total} entries merged, partial {json.loads(body)['partial']}: median {times[1] * 1000:.0f} ms, "
          f"max {times[-1] * 1000:.0f} ms, {size} bytes", flush=True)
    check("merged 3 x 10,000 entries", total >= 30_000 and not json.loads(body)["partial"], total)
    for replica in replicas:
        replica.stop()

    dns_check()
    watch_check()


def dns_check():
    """One name, three addresses: replicas on 127.0.0.1/.2/.3 with the same port."""
    name = "label-fleet-check.test"
    with open("/etc/hosts") as f:
        original = f.read()
    try:
        with open("/etc/hosts", "a") as f:
            f.write("".join(f"\n127.0.0.{i} {name}" for i in (1, 2, 3)) + "\n")
    except OSError as error:
        print(f"skip  DNS name with several addresses: /etc/hosts not writable ({error})")
        return
    try:
        addresses = sorted({info[4][0] for info in socket.getaddrinfo(name, 80, proto=socket.IPPROTO_TCP)})
        if len(addresses) < 3:
            print(f"skip  DNS name with several addresses: the resolver gives {addresses}")
            return
        port = free_port()
        replicas = [Replica(f"d{i}", f"127.0.0.{i + 1}", port, f"{name}:{port}") for i in range(3)]
        for replica in replicas:
            replica.start()
        for replica, count in zip(replicas, [1, 2, 3]):
            hit(replica, "fleet.dns.key", count)
        time.sleep(1.5)
        status, headers, body = request(replicas[1], "GET", "/missing")
        report = json.loads(body)
        check("peers from one DNS name with 3 addresses: merged, itself recognized",
              status == 200 and hits_of(report, "fleet.dns.key") == 6 and not report["partial"], body[:300])
        for replica in replicas:
            replica.stop()
    finally:
        with open("/etc/hosts", "w") as f:
            f.write(original)


def watch_check():
    """A ConfigMap-style store: app -> ..data/app, ..data -> ..<version>; swap ..data."""
    store = os.path.join(WORK, "configmap")
    os.makedirs(store)

    def version(tag, edit):
        folder = os.path.join(store, ".." + tag)
        shutil.copytree(os.path.join(ROOT, "Strings", "app"), os.path.join(folder, "app"))
        shutil.copytree(os.path.join(ROOT, "Strings", "framework"), os.path.join(folder, "framework"))
        edit(folder)
        return ".." + tag

    def swap(target):
        temp = os.path.join(store, "..data_tmp")
        os.symlink(target, temp)
        os.rename(temp, os.path.join(store, "..data"))   # atomic, as kubelet does

    first = version("v1", lambda folder: None)
    os.symlink(first, os.path.join(store, "..data"))
    os.symlink("..data/app", os.path.join(store, "app"))
    os.symlink("..data/framework", os.path.join(store, "framework"))
    port = free_port()
    replica = Replica("w", "127.0.0.1", port, "")
    replica.extra = []
    env = dict(os.environ)
    replica.server = Server(
        [BINARY, "serve", "--port", str(port), "--state-dir", replica.state, "--strings", store,
         "--access-log", "off", "--watch", "on"], env=env).start()
    replica.proc = replica.server.proc
    procs.append(replica.proc)

    def label():
        return json.loads(request(replica, "GET", "/labels/fleet.watch.probe?lang=de")[2])["value"]

    def add_probe(folder):
        path = os.path.join(folder, "app", "de.lproj", "Localizable.strings")
        with open(path, "a", encoding="utf-8") as f:
            f.write('\n"fleet.watch.probe" = "Neu geladen";\n')

    before = label()
    second = version("v2", add_probe)
    swap(second)
    started = time.monotonic()
    value = before
    while time.monotonic() - started < 5 and value == before:
        time.sleep(0.05)
        value = label()
    elapsed = time.monotonic() - started
    check("..data symlink swap reloads by itself within 2 s",
          value == "Neu geladen" and elapsed < 2.0, f"{value!r} after {elapsed:.2f} s")
    print(f"figure: symlink swap to new catalog served: {elapsed * 1000:.0f} ms", flush=True)

    def breaking(folder):
        with open(os.path.join(folder, "app", "de.lproj", "Localizable.strings"), "w", encoding="utf-8") as f:
            f.write('"fleet.watch.probe" = "Kaputt";\n"broken" = "no end;\n')
    swap(version("v3", breaking))
    time.sleep(2.5)
    metrics = request(replica, "GET", "/metrics")[2].decode()
    check("a broken swap keeps the previous catalog and counts a failed reload",
          label() == "Neu geladen" and 'label_server_reloads_total{result="failure"} 0' not in metrics,
          [line for line in metrics.splitlines() if "reloads_total" in line])
    replica.stop()


if __name__ == "__main__":
    try:
        main()
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
        shutil.rmtree(WORK, ignore_errors=True)
    print(f"{sum(results)}/{len(results)} fleet checks passed")
    sys.exit(0 if results and all(results) else 1)
