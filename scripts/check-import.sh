#!/usr/bin/env bash
# `label-server import` end to end: imports scripts/import-fixture/uk.xliff into a copy
# of Strings/ (--strict: no finding allowed), checks that a refused XLIFF changes
# nothing (but the lock file import leaves in the folder, .label-server.lock), that lint passes the result, and that a server started on a free loopback
# port serves the imported Ukrainian with its plural forms; stops that server by PID.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
swift build --product label-server >/dev/null
bin="$(swift build --show-bin-path)/label-server"
state=$work/state; mkdir -p "$state"
store="$state/Strings"; cp -r Strings "$store"

# A refused file (a DTD) writes nothing, whatever else is named with it.
printf '<?xml version="1.0"?>\n<!DOCTYPE xliff [<!ENTITY x "y">]>\n<xliff version="1.2"/>\n' > "$state/bad.xliff"
if "$bin" import scripts/import-fixture/uk.xliff "$state/bad.xliff" --into "$store/framework" >"$state/refused.log" 2>&1; then
  echo "import accepted an XLIFF with a DTD"; exit 1
fi
grep -q 'bad.xliff:2:1: error: a DOCTYPE (DTD) is refused' "$state/refused.log" || { cat "$state/refused.log"; exit 1; }
diff -r -x .label-server.lock Strings "$store" >/dev/null || { echo "a refused import changed the store"; exit 1; }

"$bin" import scripts/import-fixture/uk.xliff --into "$store/framework" --strict --format json > "$state/report.json"
python3 - "$state/report.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["filesWritten"] == 2 and not report["refused"] and not report["findings"], report
skipped = [s["id"] for f in report["files"] for s in f["skipped"]]
assert skipped == ["control.back.label"], skipped
assert all(o["missingCategories"] == [] for f in report["files"] for o in f["outputs"]), report
print("imported:", ", ".join(o["path"] for f in report["files"] for o in f["outputs"]))
PY
"$bin" lint "$store" | tail -n 1

server_start server "$bin" serve --host 127.0.0.1 --port 0 --state-dir "$state" --strings "$store"
base=$server_base
fail=0
expect() { # expect NAME URL SUBSTRING
  local body; body=$(curl -sS --max-time 5 "$2") || true
  if [[ "$body" == *"$3"* ]]; then printf 'ok    %s\n' "$1"; else printf 'FAIL  %s: %s\n' "$1" "$body"; fail=1; fi
}
expect "imported label"     "$base/labels/control.close.label?lang=uk"    '"value":"Закрити"'
expect "imported hint"      "$base/labels/control.close.hint?lang=uk"     '"value":"Закриває цей екран."'
expect "not translated: English" "$base/labels/control.back.label?lang=uk" '"lang":"en"'
expect "plural one"         "$base/labels/items.count?lang=uk&count=1"    '"value":"1 елемент"'
expect "plural few"         "$base/labels/items.count?lang=uk&count=3"    '"value":"3 елементи"'
expect "plural many"        "$base/labels/items.count?lang=uk&count=5"    '"value":"5 елементів"'
server_stop "$server_pid" || { echo "server did not exit 0 on SIGTERM"; exit 1; }
exit $fail
