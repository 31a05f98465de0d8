"""One way for Python scripts to start and stop servers: label-server, or anything that
prints `listening on http://HOST:PORT` as its first stdout line.

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # scripts/
    from lib import Server, free_port

    server = Server([binary, "serve", "--port", "0", ...]).start()   # waits for `listening`
    server.port, server.base, server.pid, server.lines (later stdout lines)
    server.signal(signal.SIGHUP)
    status = server.stop()          # SIGTERM, wait; SIGKILL after `timeout` s (then -9)

Every server started here and still running is stopped (SIGTERM, then SIGKILL) when the
interpreter exits.
"""
import atexit
import os
import re
import select
import signal as signals
import socket
import subprocess
import threading
import time

_running = []


class ServerDidNotStart(RuntimeError):
    pass


class Server:
    def __init__(self, argv, env=None, stderr=subprocess.DEVNULL, cwd=None, **popen):
        self.argv, self.env, self.stderr, self.cwd, self.popen = list(argv), env, stderr, cwd, popen
        self.proc = None
        self.base = self.host = self.port = None
        self.lines = []

    @property
    def pid(self):
        return self.proc.pid

    def start(self, timeout=60):
        """Starts the command and waits for its `listening on http://HOST:PORT` line."""
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.PIPE, stderr=self.stderr, env=self.env,
                                     cwd=self.cwd, text=True, **self.popen)
        _running.append(self)
        deadline = time.monotonic() + timeout
        line = ""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                break
            line = self.proc.stdout.readline()
            break
        match = re.match(r"listening on (http://([^:/\s]+|\[[^\]]+\]):(\d+))", line)
        if not match:
            self.stop()
            raise ServerDidNotStart(f"{self.argv[0]}: no `listening on` line within {timeout} s: {line!r}")
        self.base, self.host, self.port = match.group(1), match.group(2), int(match.group(3))
        # Later stdout lines are kept, so that a chatty server never blocks on a full pipe.
        threading.Thread(target=self._drain, daemon=True).start()
        return self

    def _drain(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def signal(self, sig):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, sig=signals.SIGTERM, timeout=30):
        """Sends `sig` and waits; returns the exit status (negative: killed by a signal)."""
        if self.proc is None:
            return None
        self.signal(sig)
        try:
            status = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        if self in _running:
            _running.remove(self)
        return status

    def kill(self):
        """SIGKILL, as a crash would; returns the exit status."""
        return self.stop(signals.SIGKILL)

    def __enter__(self):
        return self if self.proc else self.start()

    def __exit__(self, *exc):
        self.stop()


def free_port():
    """An unused loopback port (for a server that must be told its port in advance)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@atexit.register
def _stop_all():
    for server in list(_running):
        server.stop(timeout=5)
