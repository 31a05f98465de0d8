#!/usr/bin/env bash
# CI for `label-server scan`: runs it on Examples/ and on the fixture app
# (Tests/LabelScanTests/Fixtures/SeedApp: the seed's MyApp.accessibility.* keys through
# the app's own wrappers, a store whose es.lproj lacks some), checks the JSON, the text,
# the exit statuses and the translators' exports, then the differential test against
# swift-syntax on the same trees (scripts/scan-oracle.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
LABEL_SERVER=${LABEL_SERVER:-.build/debug/label-server}
[ -x "$LABEL_SERVER" ] || swift build --product label-server >/dev/null
app=Tests/LabelScanTests/Fixtures/SeedApp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-scan: $*" >&2; exit 1; }

"$LABEL_SERVER" scan Examples --format json > "$work/examples.json" || fail "scan Examples exited $?"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["summary"]["files"] > 0, d["summary"]' "$work/examples.json"

seed=(scan "$app/Sources" --strings "$app/Strings" --bundles app
      --function platformButton:label --function platformTextField:label --function automaticCompliance:accessibilityLabel)
"$LABEL_SERVER" "${seed[@]}" --format json > "$work/seed.json" || fail "scan of the fixture app exited $?"
python3 - "$work/seed.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert list(d) == ["sites", "keys", "unreferenced", "warnings", "summary"], list(d)
assert d["warnings"] == [] and d["summary"]["warnings"] == 0, d["warnings"]
missing = sorted(k["key"] for k in d["keys"] if "es" in k["missing"])
assert missing == ["MyApp.accessibility.button.cancel", "MyApp.accessibility.button.delete", "MyApp.accessibility.button.done",
                   "MyApp.accessibility.text.greeting", "MyApp.accessibility.toggle.notifications"], missing
assert d["summary"]["missing"] == {"de": 0, "en": 0, "es": 5}, d["summary"]
assert [u["key"] for u in d["unreferenced"]] == ["MyApp.accessibility.button.edit"], d["unreferenced"]
assert any(s["kind"] == "interpolated" and s["key"] == "%@ items" for s in d["sites"])
assert {s["callee"] for s in d["sites"]} >= {"platformButton", "automaticCompliance", "NSLocalizedString", "Text"}
PY
"$LABEL_SERVER" "${seed[@]}" | grep -q '^Localizable \[es\]: 5 keys missing$' || fail "text report"
status=0; "$LABEL_SERVER" "${seed[@]}" --strict > /dev/null || status=$?
[ "$status" = 1 ] || fail "--strict with missing keys exited $status, not 1"
"$LABEL_SERVER" "${seed[@]}" --format xliff --lang es > "$work/es.xliff"
[ "$(grep -c '<trans-unit ' "$work/es.xliff")" = 5 ] || fail "xliff export"
grep -q 'target-language="es"' "$work/es.xliff" || fail "xliff target language"
"$LABEL_SERVER" "${seed[@]}" --format strings --lang es | grep -q '^"MyApp.accessibility.button.cancel" = "Cancel";$' \
    || fail "strings export"
status=0; "$LABEL_SERVER" scan "$app" --format xliff 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "xliff without --lang exited $status, not 2"
status=0; "$LABEL_SERVER" scan "$app" --function '1bad' 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "a bad --function exited $status, not 2"
status=0; "$LABEL_SERVER" scan "$work/no-such-folder" 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "a PATH that does not exist exited $status, not 2"

LABEL_SERVER=$LABEL_SERVER scripts/scan-oracle.sh Examples Tests/LabelScanTests/Fixtures
echo "check-scan: ok"
