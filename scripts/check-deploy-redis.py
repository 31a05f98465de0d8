#!/usr/bin/env python3
"""Checks deploy/'s Redis against what docs/deployment.md promises (scripts/check-deploy.sh step 6).

    python3 scripts/check-deploy-redis.py static   # the manifests: StatefulSet, Service, Secret, Deployment
    python3 scripts/check-deploy-redis.py live     # redis-server started with the StatefulSet's own arguments

`live` starts its own redis-server on a free loopback port (never one already running) and
asks it as the probes and as label-server would: the default user may only PING, the
label-server user reaches its keys, channels, scripts and nothing else. Prints one line.
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import yaml

STATEFULSET = "deploy/redis-statefulset.yaml"


def load(path):
    with open(path) as f:
        return yaml.safe_load(f)


def container():
    sts = load(STATEFULSET)
    return sts, sts["spec"]["template"]["spec"], sts["spec"]["template"]["spec"]["containers"][0]


def option(args, name):
    return args[args.index(name) + 1] if name in args else None


def acl(args, user):
    """The rules after `--user USER`, up to the next option."""
    starts = [k for k, a in enumerate(args) if a == "--user" and k + 1 < len(args) and args[k + 1] == user]
    rules = []
    for a in args[starts[0] + 2:] if starts else []:
        if a.startswith("--"):
            break
        rules.append(a)
    return rules


def static():
    sts, pod, c = container()
    svc, secret, dep = load("deploy/redis-service.yaml"), load("deploy/secret-redis.example.yaml"), load("deploy/deployment.yaml")
    args = c.get("args", [])
    problems = []
    if sts["kind"] != "StatefulSet" or sts["spec"].get("replicas") != 1:
        problems.append("Redis is not a 1-replica StatefulSet")
    if not re.fullmatch(r"redis:7\.\d+\.\d+(-[a-z]+)?(@sha256:[0-9a-f]{64})?", c["image"]):
        problems.append(f"image {c['image']} is not the official redis:7 pinned by tag")
    if c.get("command") != ["redis-server"]:
        problems.append("command is not redis-server")
    if option(args, "--appendonly") != "yes" or option(args, "--appendfsync") != "everysec":
        problems.append("AOF is not on with appendfsync everysec")
    if not option(args, "--maxmemory") or option(args, "--maxmemory-policy") != "noeviction":
        problems.append("no maxmemory with noeviction")
    claims = {t["metadata"]["name"] for t in sts["spec"].get("volumeClaimTemplates", [])}
    mounts = {m["mountPath"]: m["name"] for m in c.get("volumeMounts", [])}
    if mounts.get(option(args, "--dir")) not in claims:
        problems.append(f"--dir {option(args, '--dir')} is not a volume from volumeClaimTemplates")
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        if c.get(probe, {}).get("exec", {}).get("command") != ["redis-cli", "ping"]:
            problems.append(f"{probe} is not redis-cli ping")
    sc = c.get("securityContext", {})
    if not (pod.get("securityContext", {}).get("runAsNonRoot") and sc.get("readOnlyRootFilesystem")
            and sc.get("allowPrivilegeEscalation") is False):
        problems.append("Redis must run non-root, with a read-only root and no privilege escalation")
    rules = acl(args, "label-server")
    if "~label-server:*" not in rules or any(r.startswith("~") and r != "~label-server:*" for r in rules) \
            or "allkeys" in rules:
        problems.append(f"label-server's user reaches keys outside label-server:*: {rules}")
    if "-@dangerous" not in rules or "+@all" in rules or "allcommands" in rules:
        problems.append(f"label-server's user may run @dangerous commands: {rules}")
    if "nopass" in rules:
        problems.append("label-server's user has no password")
    default = acl(args, "default")
    if default and ("+ping" not in default or any(r.startswith("~") or r in ("+@all", "allkeys") for r in default)):
        problems.append(f"the default user (the probes') must PING and reach no key: {default}")
    env = {e["name"]: e for e in c.get("env", [])}

    def secret_of(user):
        """The required Secret key `user`'s password comes from, or None."""
        password = next((r[1:] for r in acl(args, user) if r.startswith(">")), "")
        variable = re.fullmatch(r"\$\((\w+)\)", password)
        found = env.get(variable.group(1), {}).get("valueFrom", {}).get("secretKeyRef") if variable else None
        # An optional key left unset would leave "$(VARIABLE)" itself as the password.
        return found if found and not found.get("optional") and "nopass" not in acl(args, user) else None

    ref = secret_of("label-server")
    if not ref:
        problems.append("label-server's Redis password is not $(VARIABLE) from a required Secret key")
    for user in [a for k, a in enumerate(args) if k and args[k - 1] == "--user" and a not in ("default", "label-server")]:
        if not secret_of(user) or secret_of(user)["key"] not in secret["stringData"]:
            problems.append(f"Redis user {user}'s password is not from a required key of the example Secret")
    if svc["spec"].get("clusterIP") != "None" or svc["spec"]["selector"] != sts["spec"]["selector"]["matchLabels"] \
            or sts["spec"]["serviceName"] != svc["metadata"]["name"]:
        problems.append("redis-service.yaml is not the StatefulSet's headless Service")
    server = next(x for x in dep["spec"]["template"]["spec"]["containers"] if x["name"] == "label-server")
    denv = {e["name"]: e for e in server.get("env", [])}
    url = denv.get("LABEL_SERVER_REPORT_STORE", {}).get("value", "")
    port = svc["spec"]["ports"][0]["port"]
    if url != f"redis://label-server@{svc['metadata']['name']}:{port}/0":
        problems.append(f"LABEL_SERVER_REPORT_STORE {url!r} is not the Service's address with user label-server")
    dref = denv.get("LABEL_SERVER_REPORT_STORE_PASSWORD", {}).get("valueFrom", {}).get("secretKeyRef")
    if not ref or dref != ref or ref["name"] != secret["metadata"]["name"] or ref["key"] not in secret["stringData"]:
        problems.append("Redis and label-server do not read the password from one key of secret-redis.example.yaml's Secret")
    if any(name.startswith("LABEL_SERVER_PEER") for name in denv):
        problems.append("deployment.yaml still sets the retired LABEL_SERVER_PEERS")
    if problems:
        sys.exit("\n".join(problems))
    print(f"{c['image']}, AOF everysec on a claimed volume, maxmemory {option(args, '--maxmemory')} noeviction, "
          f"ACL user label-server on label-server:*, {url}")


def cli(port, *command, user=None, password=None):
    env = dict(os.environ)
    env.pop("REDISCLI_AUTH", None)
    argv = ["redis-cli", "-p", str(port), "--no-auth-warning"]
    if user:
        argv += ["--user", user]
        env["REDISCLI_AUTH"] = password
    done = subprocess.run(argv + list(command), capture_output=True, text=True, timeout=10, env=env)
    # stderr first: redis-cli says a failed AUTH there, then runs the command as `default`.
    return (done.stderr + done.stdout).strip()


def live():
    _, _, c = container()
    passwords = {}  # one per $(VARIABLE)
    args, skip = [], False
    for index, a in enumerate(c["args"]):
        if skip:
            skip = False
            continue
        if a in ("--port", "--dir"):  # ours: a free loopback port and a temporary folder
            skip = True
            continue
        args.append(re.sub(r"\$\((\w+)\)",
                           lambda m: passwords.setdefault(m.group(1), "check-deploy-" + os.urandom(8).hex()), a))
    password = next(p for name, p in passwords.items() if name == "REDIS_PASSWORD")
    admin = passwords.get("REDIS_ADMIN_PASSWORD")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="check-deploy-redis-")
    server = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--dir", folder] + args,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for _ in range(100):
            if server.poll() is not None:
                sys.exit(f"redis-server refused the arguments:\n{server.stdout.read()}")
            if cli(port, "ping") == "PONG":
                break
            time.sleep(0.1)
        expect = [
            ("the probes' `redis-cli ping`", cli(port, "ping"), "PONG"),
            ("no key without a password", cli(port, "get", "label-server:x"), "NOPERM"),
            ("its own keys", cli(port, "set", "label-server:x", "1", user="label-server", password=password), "OK"),
            ("no other key", cli(port, "set", "other", "1", user="label-server", password=password), "NOPERM"),
            ("scripts on its keys", cli(port, "eval", "return redis.call('incrby', KEYS[1], 2)", "1", "label-server:x",
                                        user="label-server", password=password), "3"),
            ("no script on other keys", cli(port, "eval", "return redis.call('set', 'other', 1)", "0",
                                            user="label-server", password=password), "ERR"),
            ("its own channels", cli(port, "publish", "label-server:reload", "x", user="label-server", password=password), "0"),
            ("no other channel", cli(port, "publish", "other", "x", user="label-server", password=password), "NOPERM"),
            ("SELECT", cli(port, "select", "0", user="label-server", password=password), "OK"),
            ("no FLUSHALL", cli(port, "flushall", user="label-server", password=password), "NOPERM"),
            ("no KEYS", cli(port, "keys", "label-server:*", user="label-server", password=password), "NOPERM"),
            ("no CONFIG", cli(port, "config", "get", "appendonly", user="label-server", password=password), "NOPERM"),
            ("a wrong password refused", cli(port, "ping", user="label-server", password="wrong"), "AUTH failed: WRONGPASS"),
            ("not the admin's password", cli(port, "ping", user="label-server", password=admin or "none"), "AUTH failed: WRONGPASS"),
        ]
        if admin:
            expect += [
                ("the admin's INFO", cli(port, "info", "persistence", user="admin", password=admin), "# Persistence"),
                ("the admin's BGREWRITEAOF", cli(port, "bgrewriteaof", user="admin", password=admin), "Background"),
                ("appendonly yes", cli(port, "config", "get", "appendonly", user="admin", password=admin), "appendonly\nyes"),
                ("appendfsync everysec", cli(port, "config", "get", "appendfsync", user="admin", password=admin), "appendfsync\neverysec"),
                ("noeviction", cli(port, "config", "get", "maxmemory-policy", user="admin", password=admin), "maxmemory-policy\nnoeviction"),
            ]
        wrong = [f"{what}: got {got!r}, want {want!r}…" for what, got, want in expect if not got.startswith(want)]
        if wrong:
            sys.exit("\n".join(wrong))
        print(f"redis-server {subprocess.run(['redis-server', '--version'], capture_output=True, text=True).stdout.split()[2][2:]}: "
              f"{len(expect)} answers as the ACL says")
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    {"static": static, "live": live}[sys.argv[1] if len(sys.argv) > 1 else "static"]()
