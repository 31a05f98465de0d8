#!/usr/bin/env python3
"""`--watch on` reloads when files change, and never while they do not (SPEC §7).

    check-watch.py BINARY [--quiet SECONDS] [--starts N]

Builds nothing: BINARY is a built label-server. Every server serves a fresh COPY of
the bundled Strings/ with `--watch on` on 127.0.0.1 (port 0, the address read from
its `listening` line), is bounded by deadlines and is stopped by its PID. Checks,
each through GET /metrics (label_server_reloads_total):

  1. one appended line gives exactly one reload, then none over SECONDS quiet
     seconds (default 10) -- the figure "reloads over N quiet seconds after one
     change" is printed; a burst of writes (an editor's save) gives one reload;
  2. a broken store (a bundle folder gone, then a dangling symlink) fails one
     reload, is not retried while nothing changes (the previous catalog serves,
     last_reload_success stays 0), and reloads once when repaired;
  3. N starts (default 10), each with a write right after the `listening` line:
     every one reloads exactly once and serves the new line;
  4. a ConfigMap-style store (`app -> ..data/app`, `..data -> ..v1`): an atomic swap
     of `..data` (and the old version removed, as kubelet does) reloads exactly once,
     then nothing moves over 3 s.

Prints one `PASS`/`FAIL` line per check and a final `check-watch: PASS|FAIL`.
Exit status 0 only when every check passed.
"""
import json
import os
import re
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lib  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRINGS = os.path.join(ROOT, "Strings")
EN = os.path.join("app", "en.lproj", "Localizable.strings")
failures = []


def check(name, ok, detail=""):
    print(f"{'PASS' if ok else 'FAIL'}: {name}" + (f" ({detail})" if detail else ""), flush=True)
    if not ok:
        failures.append(name)


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=10) as response:
        return response.read().decode()


class WatchServer:
    """`serve --watch on` over a fresh copy of Strings/, stopped by PID."""

    def __init__(self, binary, work, name, store=None):
        self.store = store or os.path.join(work, name, "Strings")
        self.state = os.path.join(work, name, "state")
        if store is None:
            shutil.copytree(STRINGS, self.store, symlinks=True)
        os.makedirs(self.state)
        self.log_path = os.path.join(work, name, "server.log")
        self.log = open(self.log_path, "w+")
        self.server = lib.Server(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--strings", self.store,
             "--state-dir", self.state, "--access-log", "off", "--watch", "on", "--event-loops", "1"],
            stderr=self.log)
        self.base = None

    def wait_listening(self, timeout=30):
        self.base = self.server.start(timeout=timeout).base

    def reloads(self):
        """(successes, failures, last_reload_success) from /metrics."""
        text = get(self.base, "/metrics")
        def value(pattern):
            match = re.search(r"^" + pattern + r" (\d+(?:\.\d+)?)$", text, re.M)
            return int(float(match.group(1))) if match else -1
        return (value(r'label_server_reloads_total\{result="success"\}'),
                value(r'label_server_reloads_total\{result="failure"\}'),
                value(r"label_server_last_reload_success"))

    def label(self, key, lang="en"):
        try:
            return json.loads(get(self.base, f"/labels/{key}?lang={lang}"))["value"]
        except urllib.error.HTTPError as error:
            return f"HTTP {error.code}"

    def wait_for(self, condition, timeout=10):
        """Polls /metrics until condition(reloads) holds; returns the last reading."""
        deadline = time.monotonic() + timeout
        reading = self.reloads()
        while not condition(reading) and time.monotonic() < deadline:
            time.sleep(0.05)
            reading = self.reloads()
        return reading

    def append(self, line):
        with open(os.path.join(self.store, EN), "a", encoding="utf-8") as f:
            f.write(line)

    def stop(self):
        self.server.stop(timeout=10)
        self.log.close()


def settle(server):
    """The watcher's own start-up check has passed and found nothing to do."""
    time.sleep(1.0)
    return server.reloads()


def quiet_after_one_change(binary, work, quiet):
    server = WatchServer(binary, work, "quiet")
    try:
        server.wait_listening()
        check("an untouched store is not reloaded at start", settle(server)[:2] == (0, 0), server.reloads())
        server.append('\n"watch.check.one" = "One";\n')
        reading = server.wait_for(lambda r: r[0] >= 1)
        time.sleep(1.0)  # a second (spurious) reload would come within the debounce
        reading = server.reloads()
        check("one appended line: exactly one reload", reading[:2] == (1, 0), reading)
        check("the appended line serves", server.label("watch.check.one") == "One")
        started = time.monotonic()
        time.sleep(quiet)
        after = server.reloads()
        moved = (after[0] - reading[0]) + (after[1] - reading[1])
        print(f"figure: reloads over {quiet:g} quiet seconds after one change: {moved} "
              f"(measured over {time.monotonic() - started:.1f} s)", flush=True)
        check(f"no reload over {quiet:g} quiet seconds", moved == 0, f"{reading} -> {after}")
        for index in range(5):  # an editor's save: several events in a burst
            server.append(f'"watch.check.burst{index}" = "Burst {index}";\n')
            time.sleep(0.02)
        reading = server.wait_for(lambda r: r[0] >= 2)
        time.sleep(2.0)
        reading = server.reloads()
        check("a burst of five writes: exactly one reload", reading[:2] == (2, 0), reading)
        check("the burst's last line serves", server.label("watch.check.burst4") == "Burst 4")
    finally:
        server.stop()


def broken_store(binary, work, quiet):
    server = WatchServer(binary, work, "broken")
    try:
        server.wait_listening()
        settle(server)
        before = server.label("control.back.label", "de")
        framework = os.path.join(server.store, "framework")
        aside = os.path.join(work, "broken", "framework-aside")
        shutil.move(framework, aside)  # a bundle folder that served is gone
        reading = server.wait_for(lambda r: r[1] >= 1)
        check("a bundle folder gone: one failed reload, reported", reading == (0, 1, 0), reading)
        time.sleep(quiet)
        after = server.reloads()
        print(f"figure: failed reloads over {quiet:g} quiet seconds on a broken store: {after[1] - reading[1]}",
              flush=True)
        check(f"the broken store is not retried over {quiet:g} quiet seconds; the failure stays reported",
              after == reading, f"{reading} -> {after}")
        check("the previous catalog keeps serving", server.label("control.back.label", "de") == before)
        with open(server.log_path, encoding="utf-8", errors="replace") as f:
            logged = f.read().count("reload failed")
        check("the failure is logged once", logged == 1, f"{logged} `reload failed` lines")
        shutil.move(aside, framework)  # repaired: retried because files changed again
        reading = server.wait_for(lambda r: r[0] >= 1)
        time.sleep(1.0)
        reading = server.reloads()
        check("repaired: exactly one successful reload", reading == (1, 1, 1), reading)
        os.symlink("nowhere.strings", os.path.join(server.store, "app", "en.lproj", "Dangling.strings"))
        reading = server.wait_for(lambda r: r[1] >= 2)
        time.sleep(3.0)
        after = server.reloads()
        check("a dangling symlink: one failed reload, not retried over 3 s", reading == after == (1, 2, 0),
              f"{reading} -> {after}")
    finally:
        server.stop()


def write_right_after_listening(binary, work, starts):
    reloaded_once = 0
    details = []
    for start in range(starts):
        server = WatchServer(binary, work, f"start{start}")
        try:
            server.wait_listening()
            server.append(f'\n"watch.check.start" = "Start {start}";\n')
            reading = server.wait_for(lambda r: r[0] >= 1, timeout=5)
            time.sleep(1.0)
            reading = server.reloads()
            served = server.label("watch.check.start") == f"Start {start}"
            if reading[:2] == (1, 0) and served:
                reloaded_once += 1
            else:
                details.append(f"start {start}: {reading}, served={served}")
        finally:
            server.stop()
    print(f"figure: writes right after `listening` reloaded exactly once: {reloaded_once} of {starts}", flush=True)
    check(f"a write right after `listening` reloads exactly once ({starts} starts)", reloaded_once == starts,
          "; ".join(details))


def configmap_swap(binary, work):
    store = os.path.join(work, "configmap", "store")
    os.makedirs(store)

    def version(tag, line):
        folder = os.path.join(store, ".." + tag)
        for bundle in ("app", "framework"):
            shutil.copytree(os.path.join(STRINGS, bundle), os.path.join(folder, bundle))
        with open(os.path.join(folder, EN), "a", encoding="utf-8") as f:
            f.write(line)
        return ".." + tag

    os.symlink(version("v1", '\n"watch.check.swap" = "v1";\n'), os.path.join(store, "..data"))
    for bundle in ("app", "framework"):
        os.symlink(os.path.join("..data", bundle), os.path.join(store, bundle))
    server = WatchServer(binary, work, "configmap", store=store)
    try:
        server.wait_listening()
        settle(server)
        second = version("v2", '\n"watch.check.swap" = "v2";\n')
        temp = os.path.join(store, "..data_tmp")
        os.symlink(second, temp)
        os.rename(temp, os.path.join(store, "..data"))  # atomic, as kubelet does
        shutil.rmtree(os.path.join(store, "..v1"))
        reading = server.wait_for(lambda r: r[0] >= 1)
        time.sleep(3.0)
        after = server.reloads()
        check("a ConfigMap ..data swap: exactly one reload, then none over 3 s", reading[:2] == after[:2] == (1, 0),
              f"{reading} -> {after}")
        check("the swapped-in version serves", server.label("watch.check.swap") == "v2")
    finally:
        server.stop()


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    binary = os.path.abspath(args[0])
    quiet = float(args[args.index("--quiet") + 1]) if "--quiet" in args else 10.0
    starts = int(args[args.index("--starts") + 1]) if "--starts" in args else 10
    work = tempfile.mkdtemp(prefix="check-watch-")
    try:
        for case in (lambda: quiet_after_one_change(binary, work, quiet),
                     lambda: broken_store(binary, work, quiet),
                     lambda: write_right_after_listening(binary, work, starts),
                     lambda: configmap_swap(binary, work)):
            try:
                case()
            except (OSError, RuntimeError, ValueError) as error:
                check("the check ran to the end", False, repr(error))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"check-watch: {'PASS' if not failures else 'FAIL: ' + '; '.join(failures)}", flush=True)
    sys.exit(0 if not failures else 1)


if __name__ == "__main__":
    main()
