#!/usr/bin/env bash
# The team's weekly loop on a real app, with documented commands and one label-server.json:
# scan → XLIFF with the developers' comments → targets filled (here by this script, as a
# translator would) → import --add-new → the server (same configuration) serves them →
# /missing no longer lists them and ?state=resolved does → lint --baseline exits 0, and a
# newly planted error makes lint --strict --baseline exit 1.
#
# The app: Examples/Loop.tar.gz, the Loop target of LoopKit/Loop (MIT; Examples/README.md):
# English text as keys, Swift and SwiftUI, 24 languages in its own folder (Loop/*.lproj).
#
#   scripts/team-loop.sh [BINARY]      # default .build/debug/label-server (built if absent)
# Prints each step's time and what it checked; exits 1 at the first step that does not hold.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/lib.sh"
bin=${1:-$root/.build/debug/label-server}
[ -x "$bin" ] || (cd "$root" && swift build --product label-server >/dev/null)
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
language=de

app="$work/app"
mkdir -p "$app"
tar -xzf "$root/Examples/Loop.tar.gz" -C "$app"
cd "$app"
port=$(free_port)
# The one configuration every command below reads (docs/configuration.md).
cat > label-server.json <<JSON
{
  "resources": ["Loop"],
  "devLang": "en",
  "scan": { "sources": ["Loop"], "format": "xliff", "lang": "$language" },
  "import": { "addNew": true },
  "serve": { "port": $port, "stateDir": "$work/state", "watch": "on", "accessLog": "off" },
  "lint": { "baseline": "lint-baseline.json" }
}
JSON

started=0
step() { started=$(date +%s%N); printf '%-44s' "$1"; }
done_step() { printf '%6d ms  %s\n' $(( ($(date +%s%N) - started) / 1000000 )) "$1"; }
fail() { echo; echo "team-loop: $*" >&2; exit 1; }
get() { curl -sS --max-time 10 "$@"; }

step "scan Loop → $language.xliff"
"$bin" scan > "$language.xliff" 2> scan.err || fail "scan exited $? ($(tail -1 scan.err))"
units=$(grep -c '<trans-unit' "$language.xliff" || true)
notes=$(grep -c '<note from="developer">' "$language.xliff" || true)
[ "$units" -gt 0 ] && [ "$notes" -gt 0 ] || fail "no units or no developer notes in $language.xliff"
done_step "$units units to translate, $notes with the developers' comment"

# A key the app asks for that German lacks, requested before the import: the report lists it.
probe=$(python3 - "$language.xliff" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
for unit in ET.parse(sys.argv[1]).getroot().iterfind(".//x:trans-unit", ns):
    key = unit.get("id")
    if key and key.isascii() and "%" not in key and "/" not in key:
        print(key); break
PY
)
[ -n "$probe" ] || fail "no plain key to probe in $language.xliff"
encoded=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$probe")

step "serve (the same label-server.json)"
server_start loop "$bin" serve
done_step "$server_base, store of $(get "$server_base/labels?lang=en" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["labels"]))') English labels"

step "a user asks for \"$probe\" in $language"
get -o /dev/null "$server_base/labels/$encoded?lang=$language"
listed=$(get "$server_base/missing?lang=$language&format=json" | python3 -c 'import json,sys; print(sum(1 for e in json.load(sys.stdin)["entries"] if e["key"] == sys.argv[1]))' "$probe")
[ "$listed" = 1 ] || fail "/missing does not list \"$probe\""
done_step "/missing lists it"

step "translator fills the targets"
python3 - "$language.xliff" "$language-filled.xliff" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
# A translator's target after each source: here "[de] " and the source, so the test can find it.
text = re.sub(r"(<source>(.*?)</source>)", lambda m: m.group(1) + "<target state=\"translated\">[de] " + m.group(2) + "</target>", text, flags=re.S)
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
done_step "$units targets"

step "import --add-new (from label-server.json)"
"$bin" import "$language-filled.xliff" > import.out 2>&1 || fail "import exited $?: $(cat import.out)"
done_step "$(head -1 import.out)"

step "the server reloads and serves them"
want="[de] $probe"
for _ in $(seq 1 300); do
    served=$(get "$server_base/labels/$encoded?lang=$language" -H 'Accept: text/plain' || true)
    [ "$served" = "$want" ] && break
    sleep 0.1
done
[ "$served" = "$want" ] || fail "\"$probe\" in $language is \"$served\", not \"$want\""
done_step "\"$probe\" → \"$served\""

step "/missing no longer lists it; resolved does"
open_count=$(get "$server_base/missing?lang=$language&format=json" | python3 -c 'import json,sys; print(sum(1 for e in json.load(sys.stdin)["entries"] if e["key"] == sys.argv[1]))' "$probe")
resolved=$(get "$server_base/missing?lang=$language&state=resolved&format=json" | python3 -c 'import json,sys; print(sum(1 for e in json.load(sys.stdin)["entries"] if e["key"] == sys.argv[1] and e.get("resolvedAt")))' "$probe")
[ "$open_count" = 0 ] && [ "$resolved" = 1 ] || fail "open $open_count, resolved $resolved"
done_step "open 0, resolved 1"
server_stop "$server_pid" || true

step "lint --write-baseline (today's findings)"
set +e; "$bin" lint --write-baseline lint-baseline.json > lint-write.out 2>&1; status=$?; set -e
[ "$status" = 0 ] || fail "lint --write-baseline exited $status: $(tail -3 lint-write.out)"
done_step "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["findings"]) if isinstance(d, dict) else len(d))' lint-baseline.json) findings accepted"

step "lint --baseline"
set +e; "$bin" lint > lint.out 2>&1; status=$?; set -e   # the baseline from label-server.json
[ "$status" = 0 ] || fail "lint --baseline exited $status: $(tail -3 lint.out)"
done_step "exit 0: $(tail -1 lint.out)"

step "plant an error, lint --strict --baseline"
# A new key whose German value reads its argument as another type than English's: an
# error lint must report, though every finding of today is in the baseline.
printf '\n"planted.count" = "%%d readings";\n' >> Loop/en.lproj/Localizable.strings
printf '\n"planted.count" = "%%@ Messwerte";\n' >> "Loop/$language.lproj/Localizable.strings"
set +e; "$bin" lint --strict > lint-planted.out 2>&1; status=$?; set -e
[ "$status" = 1 ] || fail "lint --strict --baseline exited $status, not 1: $(tail -3 lint-planted.out)"
grep -q '\[specifier-mismatch\].*planted.count\|planted.count.*\[specifier-mismatch\]' lint-planted.out \
    || fail "lint did not name the planted specifier mismatch: $(grep -m3 planted lint-planted.out)"
done_step "exit 1: $(tail -1 lint-planted.out)"
echo "team-loop: the loop closed on Loop ($units units in $language)"
