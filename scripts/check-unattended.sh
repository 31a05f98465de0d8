#!/usr/bin/env bash
# Issue 34's rows, probed against a label-server binary from the outside: PASS when the
# binary does what the issue asks, FAIL (with what happened) when it does what the issue
# found. Each probe builds its own inputs in a temporary folder.
# Usage: scripts/check-unattended.sh [BINARY=.build/release/label-server] [ROW...]
#   ROW: a probe's name (specifier, strict, percent, parallel, symlink-tmp, evil-variable,
#   xml-chars, note, scan-unreadable, scan-concatenation, scan-nesting, mode, symlink-store,
#   litter, lint-specifier, android-specifier); default: all.
# Exits 1 when any probe fails. LabelClient's bodyLimit row is not probed here (its test is
# in LabelClientTests).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="$(realpath "${1:-$root/.build/release/label-server}")"
shift || true
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

pass() { printf 'PASS  %-20s %s\n' "$1" "$2"; }
fail() { printf 'FAIL  %-20s %s\n' "$1" "$2"; failures=$((failures + 1)); }

# xliff FILE ORIGINAL LANG UNITS: an XLIFF 1.2 file with the given <trans-unit> elements.
xliff() {
  cat > "$1" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
<file original="$2" source-language="en" target-language="$3" datatype="plaintext">
<body>
$4
</body>
</file>
</xliff>
XML
}

unit() { printf '<trans-unit id="%s" xml:space="preserve"><source>%s</source><target state="translated">%s</target>%s</trans-unit>\n' "$1" "$2" "$3" "${4:-}"; }

# bundle DIR: en.lproj/Localizable.strings with greet (%@) and items (%d), and a plural entry.
bundle() {
  mkdir -p "$1/en.lproj"
  printf '/* Greeting. */\n"greet" = "Hello %%@";\n"items" = "%%d items";\n' > "$1/en.lproj/Localizable.strings"
  cat > "$1/en.lproj/Localizable.stringsdict" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
<key>count</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>
<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>
<key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict></dict>
</dict>
</plist>
PLIST
}

probe_specifier() {
  local dir="$work/specifier"; bundle "$dir"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.strings" de "$(unit greet 'Hello %@' 'Hallo %D %@')"
  "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  if grep -qF 'Hallo %D' "$dir/de.lproj/Localizable.strings" 2>/dev/null; then
    fail specifier "target 'Hallo %D %@' for 'Hello %@' written (CoreFoundation reads %D as an argument)"
  else pass specifier "'Hallo %D %@' refused, not written"; fi
}

probe_strict() {
  local dir="$work/strict"; bundle "$dir"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.strings" de "$(unit items '%d items' '%@ Stück')$(unit greet 'Hello %@' 'Hallo %@')"
  "$binary" import "$dir/de.xliff" --into "$dir" --strict > "$dir/out" 2>&1
  local status=$?
  if [ "$status" -ne 1 ] || [ -e "$dir/de.lproj/Localizable.strings" ]; then
    fail strict "%d translated as %@ with --strict: exit $status, de.lproj/Localizable.strings $( [ -e "$dir/de.lproj/Localizable.strings" ] && echo written || echo 'not written')"
  else
    "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
    if grep -qF '%@ Stück' "$dir/de.lproj/Localizable.strings" 2>/dev/null || ! grep -qF 'Hallo %@' "$dir/de.lproj/Localizable.strings" 2>/dev/null; then
      fail strict "--strict wrote nothing, but without it the mismatched unit was written or the good one was not"
    else pass strict "--strict: exit 1, nothing written; without: the mismatch refused, the rest imported"; fi
  fi
}

probe_percent() {
  local dir="$work/percent"; mkdir -p "$dir/app/en.lproj" "$dir/app/tr.lproj"
  printf '"sure" = "100%% sure";\n' > "$dir/app/en.lproj/Localizable.strings"
  printf '"sure" = "%%100 kesin";\n' > "$dir/app/tr.lproj/Localizable.strings"
  local got; got="$("$binary" resolve sure --lang tr --strings "$dir" 2>&1)"
  if [ "$got" = "%100 kesin" ]; then pass percent "'%100 kesin' fetched with no arguments is returned as written"
  else fail percent "'%100 kesin' fetched with no arguments answers '$got'"; fi
}

# A catalog of 200 English keys and one XLIFF per language for all of them.
catalog_inputs() {
  python3 - "$1" <<'PY'
import json, os, sys
d = sys.argv[1]
keys = [f"key.{i}" for i in range(200)]
catalog = {"sourceLanguage": "en", "version": "1.0",
           "strings": {k: {"localizations": {"en": {"stringUnit": {"state": "translated", "value": f"Label {k}"}}}} for k in keys}}
json.dump(catalog, open(os.path.join(d, "Localizable.xcstrings"), "w"), indent=2)
for lang in ("de", "fr"):
    units = "".join(f'<trans-unit id="{k}"><source>Label {k}</source><target state="translated">{lang} {k}</target></trans-unit>\n' for k in keys)
    open(os.path.join(d, f"{lang}.xliff"), "w").write(
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'
        f'<file original="App/Localizable.xcstrings" source-language="en" target-language="{lang}" datatype="plaintext">\n<body>\n'
        f'{units}</body>\n</file>\n</xliff>\n')
PY
}

probe_parallel() {
  local lost=0 run
  for run in 1 2 3; do
    local dir="$work/parallel-$run"; mkdir -p "$dir"; catalog_inputs "$dir"
    "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/de.out" 2>&1 &
    local first=$!
    "$binary" import "$dir/fr.xliff" --into "$dir" > "$dir/fr.out" 2>&1 &
    local second=$!
    wait "$first"; wait "$second"
    python3 - "$dir/Localizable.xcstrings" <<'PY' || lost=$((lost + 1))
import json, sys
strings = json.load(open(sys.argv[1]))["strings"]
missing = [(k, l) for k, v in strings.items() for l in ("de", "fr") if l not in v.get("localizations", {})]
sys.exit(1 if missing else 0)
PY
  done
  if [ "$lost" -eq 0 ]; then pass parallel "two parallel imports (de, fr) into one catalog: both land, 3 runs of 3"
  else fail parallel "two parallel imports (de, fr) into one catalog: a language lost in $lost runs of 3"; fi
}

probe_symlink_tmp() {
  local dir="$work/symlink-tmp"; bundle "$dir"; mkdir -p "$dir/de.lproj"
  printf '"greet" = "Hallo %%@";\n' > "$dir/de.lproj/Localizable.strings"
  printf 'victim\n' > "$work/victim"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.strings" de "$(unit greet 'Hello %@' 'Guten Tag %@')"
  # The link at the name the import's own PID gives (exec keeps the shell's PID).
  sh -c 'ln -s "$1" "$2.tmp-$$"; shift 2; exec "$@"' sh "$work/victim" "$dir/de.lproj/Localizable.strings" \
    "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  if [ "$(cat "$work/victim")" != victim ] || [ -L "$dir/de.lproj/Localizable.strings" ]; then
    fail symlink-tmp "the file outside --into was overwritten$( [ -L "$dir/de.lproj/Localizable.strings" ] && echo '; the store file is now a symlink to it')"
  elif ! grep -qF 'Guten Tag' "$dir/de.lproj/Localizable.strings"; then
    fail symlink-tmp "the victim was left alone, but the import did not land: $(tail -n 1 "$dir/out")"
  else pass symlink-tmp "symlinks planted at <file>.tmp-<pid>: nothing outside --into written"; fi
}

probe_evil_variable() {
  local dir="$work/evil"; bundle "$dir"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.stringsdict" de \
    "$(unit '/count:dict/NSStringLocalizedFormatKey:dict/:string' '%#@n@' '%#@evil@')$(unit '/count:dict/n:dict/one:dict/:string' '%d item' '%d Ding')$(unit '/count:dict/n:dict/other:dict/:string' '%d items' '%d Dinge')"
  "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  if grep -qF '%#@evil@' "$dir/de.lproj/Localizable.stringsdict" 2>/dev/null; then
    fail evil-variable "a format naming %#@evil@, which the entry lacks, was written"
  else pass evil-variable "a format naming a variable the entry lacks is refused"; fi
}

probe_xml_chars() {
  local dir="$work/xml-chars"; bundle "$dir"
  local one other
  one="$(printf '%%d Ding\357\277\276')"; other="$(printf '%%d Dinge\357\277\277')"   # raw U+FFFE, U+FFFF
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.stringsdict" de \
    "$(unit '/count:dict/n:dict/one:dict/:string' '%d item' "$one")$(unit '/count:dict/n:dict/other:dict/:string' '%d items' "$other")"
  "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  if [ -e "$dir/de.lproj/Localizable.stringsdict" ] && LC_ALL=C grep -q $'\xef\xbf[\xbe\xbf]' "$dir/de.lproj/Localizable.stringsdict"; then
    fail xml-chars "U+FFFE/U+FFFF in targets written raw into .stringsdict (no longer XML)"
  else pass xml-chars "no U+FFFE/U+FFFF reaches .stringsdict"; fi
}

probe_note() {
  local dir="$work/note"; bundle "$dir"; mkdir -p "$dir/de.lproj"
  printf '/* Old comment. */\n"greet" = "Hallo %%@";\n' > "$dir/de.lproj/Localizable.strings"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.strings" de "$(unit greet 'Hello %@' 'Guten Tag %@' '<note>Shown on the start screen.</note>')"
  "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  if grep -qF 'Shown on the start screen.' "$dir/de.lproj/Localizable.strings"; then pass note "a unit's <note> becomes the entry's comment"
  else fail note "the <note> was dropped, the old comment kept"; fi
}

probe_scan_unreadable() {
  local dir="$work/scan-unreadable"; mkdir -p "$dir/src" "$dir/Strings/app/en.lproj" "$dir/Strings/app/de.lproj"
  printf 'let a = NSLocalizedString("greet", comment: "")\n' > "$dir/src/A.swift"
  printf '"greet" = "Hello";\n' > "$dir/Strings/app/en.lproj/Localizable.strings"
  printf '\xff\xfe\xff\xfe"\x00g\x00"\x00 \x00=\x00 \x00"\x00x\x00"\x00;\x00\n\x00' > "$dir/Strings/app/de.lproj/Localizable.strings"
  "$binary" scan "$dir/src" --strings "$dir/Strings" > "$dir/out" 2> "$dir/err"
  local status=$?
  if [ "$status" -eq 0 ] && [ -s "$dir/out" ] && grep -q 'de.lproj/Localizable.strings' "$dir/err" "$dir/out"; then
    pass scan-unreadable "one unreadable table: a warning naming it, the report written, exit 0"
  else fail scan-unreadable "one unreadable table (UTF-16, doubled BOM): exit $status, report $( [ -s "$dir/out" ] && echo written || echo 'not written')"; fi
}

probe_scan_concatenation() {
  local dir="$work/scan-concatenation"; mkdir -p "$dir/src"
  printf 'let s = "\\(n) " + "suffix".localized\n' > "$dir/src/A.swift"
  "$binary" scan "$dir/src" --function localized --format json > "$dir/out" 2>&1
  if grep -qF '"suffix"' "$dir/out"; then pass scan-concatenation "\"\\(n) \" + \"suffix\".localized: a site"
  else fail scan-concatenation "\"\\(n) \" + \"suffix\".localized with --function localized: no site"; fi
}

probe_scan_nesting() {
  local dir="$work/scan-nesting"; mkdir -p "$dir/src"
  python3 -c 'import sys; open(sys.argv[1], "w").write("let s = \"" + "\\(\"" * 30000 + "\n")' "$dir/src/Nested.swift"
  "$binary" scan "$dir/src" > "$dir/out" 2>&1
  local status=$?
  if [ "$status" -ge 128 ]; then fail scan-nesting "30,000 nested \\(\": exit $status (a signal)"
  else pass scan-nesting "30,000 nested \\(\": exit $status, no crash"; fi
}

probe_mode() {
  local dir="$work/mode"; bundle "$dir"; mkdir -p "$dir/de.lproj"
  printf '"greet" = "Hallo %%@";\n' > "$dir/de.lproj/Localizable.strings"
  chmod 600 "$dir/de.lproj/Localizable.strings"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.strings" de "$(unit greet 'Hello %@' 'Guten Tag %@')"
  "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  local mode; mode="$(stat -c %a "$dir/de.lproj/Localizable.strings")"
  if [ "$mode" = 600 ] && grep -qF 'Guten Tag' "$dir/de.lproj/Localizable.strings"; then pass mode "a 0600 store file stays 0600 after import"
  else fail mode "a 0600 store file is $mode after import"; fi
}

probe_symlink_store() {
  local dir="$work/symlink-store"; bundle "$dir"; mkdir -p "$dir/de.lproj" "$work/shared-tables"
  printf '"greet" = "Hallo %%@";\n' > "$work/shared-tables/de.strings"
  ln -s "$work/shared-tables/de.strings" "$dir/de.lproj/Localizable.strings"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.strings" de "$(unit greet 'Hello %@' 'Guten Tag %@')"
  "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  if [ -L "$dir/de.lproj/Localizable.strings" ] && grep -qF 'Guten Tag' "$work/shared-tables/de.strings"; then
    pass symlink-store "a symlinked store file is written through to its target, still a link"
  else fail symlink-store "a symlinked store file: link $( [ -L "$dir/de.lproj/Localizable.strings" ] && echo kept || echo 'replaced by a regular file'), target $(grep -qF 'Guten Tag' "$work/shared-tables/de.strings" && echo updated || echo 'keeps the old text')"; fi
}

probe_litter() {
  local dir="$work/litter"; bundle "$dir"; mkdir -p "$dir/de.lproj"
  printf '"greet" = "Hallo %%@";\n' > "$dir/de.lproj/Localizable.strings"
  printf '"greet" = "half a wri' > "$dir/de.lproj/Localizable.strings.tmp-99999"
  xliff "$dir/de.xliff" "App/en.lproj/Localizable.strings" de "$(unit greet 'Hello %@' 'Guten Tag %@')"
  "$binary" import "$dir/de.xliff" --into "$dir" > "$dir/out" 2>&1
  if [ -e "$dir/de.lproj/Localizable.strings.tmp-99999" ]; then fail litter "a temporary file left by an interrupted run is still there after the next run"
  else pass litter "a temporary file left by an interrupted run is removed by the next"; fi
}

probe_lint_specifier() {
  local dir="$work/lint-specifier"; mkdir -p "$dir/app/en.lproj" "$dir/app/de.lproj"
  printf '"greet" = "Hello %%@";\n' > "$dir/app/en.lproj/Localizable.strings"
  printf '"greet" = "Hallo %%D %%@";\n' > "$dir/app/de.lproj/Localizable.strings"
  "$binary" lint "$dir" > "$dir/out" 2>&1
  local status=$?
  if [ "$status" -eq 1 ]; then pass lint-specifier "lint on 'Hallo %D %@' for 'Hello %@': an error, exit 1"
  else fail lint-specifier "lint on 'Hallo %D %@' for 'Hello %@': exit $status, $(tail -n 1 "$dir/out")"; fi
}

probe_android_specifier() {
  local dir="$work/android-specifier"; mkdir -p "$dir/app/en.lproj" "$dir/app/de.lproj"
  printf '"greet" = "Hello %%@";\n"star" = "%%*d stars";\n' > "$dir/app/en.lproj/Localizable.strings"
  printf '"greet" = "Hallo %%D %%@";\n"star" = "%%*d Sterne";\n' > "$dir/app/de.lproj/Localizable.strings"
  "$binary" export android --strings "$dir" --out "$dir/res" > "$dir/out" 2>&1
  if grep -qE '>Hallo D |Sterne<' "$dir/res/values-de/strings.xml" 2>/dev/null && ! grep -q 'star' "$dir/out"; then
    fail android-specifier "export android wrote $(grep -oE '>[^<]*(Hallo|Sterne)[^<]*<' "$dir/res/values-de/strings.xml" | tr '\n' ' ')with no refusal"
  elif grep -qF '>Hallo D ' "$dir/res/values-de/strings.xml" 2>/dev/null; then
    fail android-specifier "export android turned %D into D"
  else pass android-specifier "%D and %*d are refused or reported, never rewritten silently"; fi
}

rows=("$@")
[ ${#rows[@]} -eq 0 ] && rows=(specifier strict percent parallel symlink-tmp evil-variable xml-chars note scan-unreadable
                              scan-concatenation scan-nesting mode symlink-store litter lint-specifier android-specifier)
for row in "${rows[@]}"; do "probe_${row//-/_}"; done
echo "$failures of ${#rows[@]} rows fail against $binary"
[ "$failures" -eq 0 ]
