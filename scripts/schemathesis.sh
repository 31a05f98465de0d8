#!/usr/bin/env bash
# Property-based API test: schemathesis (PyPI) generates requests from
# openapi.yaml against the real server on a free loopback port and checks
# every response against the spec (status codes, headers, bodies, no 5xx).
# Bounded: EXAMPLES per operation (default 50), one seed per run (SEED).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v schemathesis >/dev/null || python3 -m pip install -q --disable-pip-version-check schemathesis >/dev/null 2>&1 || \
  python3 -m pip install -q --disable-pip-version-check --break-system-packages schemathesis >/dev/null
swift build --product label-server >/dev/null
bin="$(swift build --show-bin-path)/label-server"
state=$(mktemp -d); out=$(mktemp)
LABEL_SERVER_ADMIN_TOKEN=schemathesis-token "$bin" serve --port 0 --state-dir "$state" --access-log off >"$out" 2>/dev/null &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$state" "$out"' EXIT
for _ in $(seq 1 100); do grep -q '^listening on ' "$out" && break; sleep 0.05; done
base=$(sed -n 's/^listening on //p' "$out")
timeout 900 schemathesis run openapi.yaml --url "$base" --checks all --max-examples "${EXAMPLES:-50}" \
  --seed "${SEED:-1}" --request-timeout 5 -H "Authorization: Bearer schemathesis-token"
