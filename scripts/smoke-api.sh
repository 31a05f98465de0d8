#!/usr/bin/env bash
# API smoke test: starts `label-server serve` on a free loopback port, checks the
# contract with curl, and stops the server it started (by PID) with SIGTERM,
# which must end it gracefully (exit 0).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product label-server >/dev/null
bin="$(swift build --show-bin-path)/label-server"
out=$(mktemp)
"$bin" serve --host 127.0.0.1 --port 0 >"$out" 2>/dev/null &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 1 100); do grep -q '^listening on ' "$out" && break; sleep 0.05; done
base=$(sed -n 's/^listening on //p' "$out")
[ -n "$base" ] || { echo "server did not start"; exit 1; }
echo "server at $base"
fail=0; total=0

check() { # check NAME WANT_STATUS WANT_BODY_SUBSTRING CURL_ARGS...
  local name=$1 want=$2 body=$3; shift 3
  total=$((total + 1))
  local got status
  got=$(curl -sS --max-time 5 -w '\n%{http_code}' "$@") || true
  status=${got##*$'\n'}; got=${got%$'\n'*}
  if [ "$status" = "$want" ] && [[ "$got" == *"$body"* ]]; then
    printf 'ok    %-44s %s\n' "$name" "$status"
  else
    printf 'FAIL  %-44s want %s with %s, got %s: %s\n' "$name" "$want" "$body" "$status" "$got"
    fail=$((fail + 1))
  fi
}

check "German singular"            200 '"value":"1 Münze"'   "$base/labels/coins.count?lang=de&count=1"
check "German plural"              200 '"plural":"other"'    "$base/labels/coins.count?lang=de&count=3"
check "de-AT through de"           200 '"lang":"de"'         "$base/labels/control.close.label?lang=de-AT"
check "Accept-Language"            200 '"value":"Fermer"'    -H 'Accept-Language: fr-CH, de;q=0.5' "$base/labels/control.close.label"
check "text/plain"                 200 '3 Münzen'            -H 'Accept: text/plain' "$base/labels/coins.count?lang=de&count=3"
check "unknown key is the key"     200 '"source":"key"'      "$base/labels/no.such.key?lang=de"
check "unrendered template"        200 '"arguments":1'       "$base/labels/coins.count?lang=de"
check "missing argument names it"  400 'arg #1'              "$base/labels/reward.youtube?lang=de&count=3"
check "malformed language"         400 'invalid_language'    "$base/labels/x?lang=..%2Fetc"
check "huge key"                   400 'key_too_long'        "$base/labels/$(printf 'k%.0s' $(seq 1 2000))"
check "wrong method"               405 'method_not_allowed'  -X DELETE "$base/labels/x"
check "unknown route"              404 'not_found'           "$base/nope"
check "healthz"                    200 '"ok"'                "$base/healthz"
check "readyz"                     200 '"ready"'             "$base/readyz"
check "HTTP/1.0"                   200 '1 Münze'             --http1.0 "$base/labels/coins.count?lang=de&count=1"

kill -TERM $pid
status=0; wait $pid || status=$?
total=$((total + 1))
if [ "$status" = 0 ]; then echo "ok    SIGTERM ends the server with exit 0"; else echo "FAIL  SIGTERM exit status $status"; fail=$((fail + 1)); fi
trap 'rm -f "$out"' EXIT
echo "$((total - fail)) passed, $fail failed"
[ "$fail" = 0 ]
