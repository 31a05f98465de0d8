#!/usr/bin/env bash
# Smoke test of the command line against the bundled Strings/: the "done when"
# of the core issue, run the way a person would run it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product label-server >/dev/null
bin="$(swift build --show-bin-path)/label-server"
fail=0

expect() { # expect WANT_EXIT WANT_OUTPUT -- ARGS...
  local want_exit=$1 want=$2; shift 3
  local got status=0
  got=$("$bin" "$@" 2>&1) || status=$?
  if [ "$status" != "$want_exit" ] || [ "$got" != "$want" ]; then
    printf 'FAIL  label-server %s\n      want exit %s: %s\n      got  exit %s: %s\n' "$*" "$want_exit" "$want" "$status" "$got"
    fail=$((fail + 1))
  else
    printf 'ok    label-server %s -> %s\n' "$*" "$got"
  fi
}

expect 0 "1 Münze"  -- resolve coins.count --lang de --count 1
expect 0 "3 Münzen" -- resolve coins.count --lang de --count 3
expect 0 "1.000 Münzen" -- resolve coins.count --lang de-AT --count 1000
expect 0 "1,0 Münzen" -- resolve coins.count --lang de --count 1.0
expect 0 "3 coins"  -- resolve coins.count --lang en --count 3
expect 0 "Schließen" -- resolve control.close.label --lang de_at
expect 0 "Zurück zur vorherigen Seite" -- resolve control.back.label --lang de
expect 0 "no.such.key" -- resolve no.such.key --lang de
expect 0 '{"key":"coins.count","requested":"de-AT","lang":"de","table":"Localizable","value":"3 Münzen","runs":[{"start":0,"length":1,"attributes":{"argument":1}}],"source":"app/de","plural":"other","numberLocale":"de-AT","chain":["de-AT","de","en"]}' -- resolve coins.count --lang de-AT --count 3 --json
expect 0 "1’000 Münzen" -- resolve coins.count --lang de-CH --count 1000
expect 2 "label-server: error: --lang: \"../etc\" is not a well-formed language tag" -- resolve coins.count --lang ../etc
"$bin" --help >/dev/null && "$bin" resolve --help >/dev/null && echo "ok    --help"

passed=$(( 11 - fail ))
echo "$passed passed, $fail failed"
[ "$fail" = 0 ]
