#!/usr/bin/env bash
# Property-based API test: schemathesis (PyPI) generates requests from
# openapi.yaml against the real server on a free loopback port and checks
# every response against the spec (status codes, headers, bodies, no 5xx).
# Bounded: EXAMPLES per operation (default 50), one seed per run (SEED).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
command -v schemathesis >/dev/null || python3 -m pip install -q --disable-pip-version-check schemathesis >/dev/null 2>&1 || \
  python3 -m pip install -q --disable-pip-version-check --break-system-packages schemathesis >/dev/null
swift build --product label-server >/dev/null
bin="$(swift build --show-bin-path)/label-server"
LABEL_SERVER_ADMIN_TOKEN=schemathesis-token server_start server "$bin" serve --port 0 --state-dir "$work/state" --access-log off
base=$server_base
timeout 900 schemathesis run openapi.yaml --url "$base" --checks all --max-examples "${EXAMPLES:-50}" \
  --seed "${SEED:-1}" --request-timeout 5 -H "Authorization: Bearer schemathesis-token"
