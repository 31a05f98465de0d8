#!/usr/bin/env bash
# API smoke test: starts `label-server serve` on a free loopback port, checks the
# contract with curl, and stops the server it started (by PID) with SIGTERM,
# which must end it gracefully (exit 0).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
swift build --product label-server >/dev/null
bin="$(swift build --show-bin-path)/label-server"
state=$work/state; mkdir -p "$state"
# A private copy of the store, so the SIGHUP checks can change and break it.
store="$state/Strings"; cp -r Strings "$store"
LABEL_SERVER_ADMIN_TOKEN=smoke-token server_start server "$bin" serve --host 127.0.0.1 --port 0 --state-dir "$state" --strings "$store"
pid=$server_pid base=$server_base
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
check "bundle JSON"                200 '"plurals":{'         "$base/labels?lang=de"
check "bundle .strings"            200 '"control.back.label" = ' "$base/labels?lang=de&format=strings"
check "bundle gzip"                200 '"lang":"ru"'         --compressed "$base/labels?lang=ru"
etag=$(curl -s -D - -o /dev/null "$base/labels?lang=de" | sed -n 's/^ETag: //p' | tr -d '\r')
check "If-None-Match gives 304"    304 ''                    -H "If-None-Match: $etag" "$base/labels?lang=de"
check "client-reported misses"     200 '"recorded":1'        -X POST -H 'Content-Type: application/json' --data '[{"key":"from.client","lang":"pl"}]' "$base/missing"
check "bad report body"            400 'invalid_missing_report' -X POST -H 'Content-Type: application/json' --data '{"nope":1}' "$base/missing"
check "report not JSON typed"      415 'unsupported_media_type' -X POST --data '[{"key":"k","lang":"de"}]' "$base/missing"
check "report page size bounded"   400 'invalid_limit'       "$base/missing?limit=10001"
check "missing report lists it"    200 'from.client'         "$base/missing?lang=pl"
check "missing report CSV"         200 'key,table,requested,servedFrom,hits,firstSeen,lastSeen' "$base/missing?format=csv"
check "missing report stub"        200 '"no.such.key" = '    "$base/missing?format=strings&lang=de"
check "reset needs the token"      401 'unauthorized'        -X DELETE "$base/missing"
check "reset with the token"       200 '"reset"'             -X DELETE -H 'Authorization: Bearer smoke-token' "$base/missing"
check "reload with the token"      200 '"reloaded"'          -X POST -H 'Authorization: Bearer smoke-token' "$base/admin/reload"
check "metrics"                    200 'label_server_requests_total{route="/labels/{key}",status="200"}' "$base/metrics"
if command -v promtool >/dev/null; then
  total=$((total + 1))
  if curl -s "$base/metrics" | promtool check metrics; then echo "ok    promtool check metrics"; else echo "FAIL  promtool check metrics"; fail=$((fail + 1)); fi
fi

# SIGHUP reloads: a changed string is served after it; a broken store keeps the old one.
printf '\n"added.by.sighup" = "Neu";\n' >> "$store/framework/de.lproj/Localizable.strings"
kill -HUP $pid; sleep 0.5
check "SIGHUP reload picks up a change" 200 '"value":"Neu"'  "$base/labels/added.by.sighup?lang=de"
printf '"broken" = "no end;\n' > "$store/app/de.lproj/Localizable.strings"
kill -HUP $pid; sleep 0.5
check "broken store keeps the old one" 200 'Zurück zur vorherigen Seite' "$base/labels/control.back.label?lang=de"
check "failed reload in /metrics"      200 'label_server_last_reload_success 0' "$base/metrics"
total=$((total + 1))
if grep -q 'app/de.lproj/Localizable.strings:1:' "$work/server.err"; then
  echo "ok    the failed reload's log names file and line"
else
  echo "FAIL  the failed reload's log does not name the file"; fail=$((fail + 1))
fi

status=0; server_stop "$pid" || status=$?
total=$((total + 1))
if [ "$status" = 0 ]; then echo "ok    SIGTERM ends the server with exit 0"; else echo "FAIL  SIGTERM exit status $status"; fail=$((fail + 1)); fi
echo "$((total - fail)) passed, $fail failed"
[ "$fail" = 0 ]
