#!/usr/bin/env bash
# Fuzz the inputs CI jobs hand the tools with libFuzzer + AddressSanitizer:
#   import   XLIFF bytes and the store files they are imported into (Fuzz/ImportFuzzer)
#   scan     Swift and Objective-C source bytes, lexer and site scanner (Fuzz/ScanFuzzer)
#   android  store files through LabelCore's loader into export android (Fuzz/AndroidFuzzer)
#   resp     what a Redis server sends, through the RESP2 reply parser, and redis:// URLs (Fuzz/RESPFuzzer)
# Usage: scripts/fuzz-tools.sh TARGET [seconds=60] [extra libFuzzer args...]
# Builds .build/fuzz/TARGET-fuzzer (modules via scripts/fuzz-modules.sh, plus LabelImport
# and LabelScan), seeds .build/fuzz/TARGET-corpus from Fuzz/Regressions/TARGET/ and from
# the repository's own Strings/ and test fixtures, and writes findings to
# .build/fuzz/TARGET-artifacts/. Exits non-zero on any finding (a trap, a sanitizer report,
# a timeout of 10 s per input, or the target's own FINDING).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:?usage: scripts/fuzz-tools.sh import|scan|android|resp [seconds] [libFuzzer args...]}"
shift
case "$target" in
  import) module=ImportFuzzer ;;
  scan) module=ScanFuzzer ;;
  android) module=AndroidFuzzer ;;
  resp) module=RESPFuzzer ;;
  *) echo "unknown target $target (import, scan, android or resp)" >&2; exit 2 ;;
esac
source "$root/scripts/fuzz-modules.sh"
fuzz_module LabelImport
fuzz_module LabelScan
fuzz_module RedisClient
source "$root/scripts/fuzz-run.sh"

out="$root/.build/fuzz"
# The kept inputs are seeds, except those Fuzz/Regressions/known-issues.txt lists (a fix not
# merged yet): libFuzzer would stop at the first one instead of fuzzing.
regressions="$out/$target-regressions"
rm -rf "$regressions"; mkdir -p "$regressions"
for kept in "$root/Fuzz/Regressions/$target"/*; do
  [ -f "$kept" ] || continue
  grep -qxF "$target/$(basename "$kept")" "$root/Fuzz/Regressions/known-issues.txt" 2>/dev/null || cp "$kept" "$regressions/"
done
seconds="${1:-60}"
extra=("${@:2}")
fuzzer="$out/$target-fuzzer"
corpus="$out/$target-corpus"
artifacts="$out/$target-artifacts"
mkdir -p "$corpus"
echo "fuzz build: $module" >&2
"${fuzz_swiftc[@]}" -module-name "$module" "$root/Fuzz/$module"/*.swift "$root/Fuzz/Shared"/*.swift \
    "${fuzz_objects[@]}" -lz -o "$fuzzer"

# Seeds from the repository (never from outside it): its store and the scan fixtures,
# as inputs of the target's form (a control byte, 16-bit little-endian length-prefixed parts).
python3 - "$target" "$root" "$corpus" <<'PY'
import os, re, sys
target, root, corpus = sys.argv[1:]
def read(path):
    with open(os.path.join(root, path), "rb") as f:
        return f.read()
def part(data):
    data = data[:0xFFFF]
    return len(data).to_bytes(2, "little") + data
def seed(name, data):
    with open(os.path.join(corpus, "seed-" + name), "wb") as f:
        f.write(data)
def xliff(original, units, target="de"):
    body = "".join(f'<trans-unit id="{i}" xml:space="preserve"><source>{s}</source><target state="translated">{t}</target>'
                   f'<note>{s}</note></trans-unit>\n' for i, s, t in units)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'
            f'<file original="{original}" source-language="en" target-language="{target}" datatype="plaintext">\n<body>\n'
            f'{body}</body>\n</file>\n</xliff>\n').encode()
app = "Strings/app"
if target == "import":
    en, de = read(f"{app}/en.lproj/Localizable.strings"), read(f"{app}/de.lproj/Localizable.strings")
    keys = re.findall(rb'^"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"', en, re.M)[:12]
    units = [(k.decode(), v.decode(), "Ü " + v.decode()) for k, v in keys]
    seed("strings", b"\x00" + part(de) + part(en) + xliff("App/en.lproj/Localizable.strings", units))
    seed("strings-new", b"\x04" + part(b"") + part(en) + xliff("App/en.lproj/Localizable.strings", units, "fr"))
    plural = [("/items.count:dict/NSStringLocalizedFormatKey:dict/:string", "%#@n@", "%#@n@"),
              ("/items.count:dict/n:dict/one:dict/:string", "%d item", "%d Eintrag"),
              ("/items.count:dict/n:dict/other:dict/:string", "%d items", "%d Einträge")]
    seed("stringsdict", b"\x01" + part(read(f"{app}/de.lproj/Localizable.stringsdict"))
         + part(read(f"{app}/en.lproj/Localizable.stringsdict")) + xliff("App/en.lproj/Localizable.stringsdict", plural))
    catalog = read(f"{app}/Accessibility.xcstrings")
    ids = re.findall(rb'^    "((?:[^"\\]|\\.)*)" : \{', catalog, re.M)[:12]
    units = [(i.decode(), "x", "Wert %@") for i in ids] + [(ids[0].decode() + "|==|plural.one", "%d", "%d eins")]
    seed("xcstrings", b"\x02" + part(catalog) + part(b"") + xliff("App/Localizable.xcstrings", units))
elif target == "scan":
    fixtures = "Tests/LabelScanTests/Fixtures/SeedApp/Sources"
    for name in sorted(os.listdir(os.path.join(root, fixtures))):
        control = b"\x01" if name.endswith((".m", ".h")) else b"\x00"
        seed(name, control + read(f"{fixtures}/{name}")[:8192])
        seed(name + "-wrappers", bytes([control[0] | 2]) + read(f"{fixtures}/{name}")[:8192])
elif target == "resp":
    pass  # its seeds are the kept inputs in Fuzz/Regressions/resp/
else:
    seed("strings", b"\x00" + part(read(f"{app}/en.lproj/Localizable.strings")) + part(read(f"{app}/de.lproj/Localizable.strings")))
    seed("stringsdict", b"\x01" + part(read(f"{app}/en.lproj/Localizable.stringsdict"))
         + part(read(f"{app}/de.lproj/Localizable.stringsdict")))
    seed("xcstrings", b"\x02" + part(read(f"{app}/Accessibility.xcstrings")) + part(b""))
    seed("both", b"\x03" + part(read(f"{app}/en.lproj/Localizable.strings")) + part(read(f"{app}/en.lproj/Localizable.stringsdict")))
PY

dictionary="$out/$target.dict"
if [ "$target" = resp ]; then cat > "$dictionary" <<'DICT'
"\x0d\x0a"
"+OK\x0d\x0a"
"-ERR "
"-WRONGPASS "
"-NOAUTH "
":-1\x0d\x0a"
":9223372036854775807\x0d\x0a"
"$-1\x0d\x0a"
"*-1\x0d\x0a"
"$0\x0d\x0a\x0d\x0a"
"*0\x0d\x0a"
"*3\x0d\x0a$7\x0d\x0amessage\x0d\x0a"
"$1073741824\x0d\x0a"
"*1\x0d\x0a"
"%"
"_"
"redis://"
"rediss://"
"[::1]"
":6379"
"/15"
"user:pass@"
"%40"
DICT
  extra=(-dict="$dictionary" -max_len=4096 -timeout=10 "${extra[@]}")
  cd "$out"
  fuzz_run
  exit $?
fi
# Tokens every target shares: format specifiers, escapes, characters XML and .strings care about.
cat > "$dictionary" <<'DICT'
"%@"
"%d"
"%D"
"%U"
"%O"
"%p"
"%n"
"%*d"
"%.*f"
"%1$@"
"%2$d"
"%lld"
"%#@n@"
"%#@evil@"
"%%"
"\\U00A0"
"\\n"
"\\\""
"\xef\xbf\xbe"
"\xef\xbf\xbf"
"\x00"
"\xe2\x80\xae"
"&amp;"
"&#xFFFE;"
"&#0;"
"<![CDATA["
"]]>"
DICT
case "$target" in
  import) cat >> "$dictionary" <<'DICT'
"<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">"
"<file original=\"App/en.lproj/Localizable.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">"
"original=\"Localizable.stringsdict\""
"original=\"Localizable.xcstrings\""
"original=\"../../etc/passwd.strings\""
"target-language=\"de\""
"source-language=\"en\""
"<body>"
"</body>"
"<trans-unit id=\""
"</trans-unit>"
"<source>"
"</source>"
"<target>"
"<target state=\"translated\">"
"state=\"needs-translation\""
"</target>"
"<note>"
"</note>"
"xml:space=\"preserve\""
"/k:dict/NSStringLocalizedFormatKey:dict/:string"
"/k:dict/n:dict/one:dict/:string"
"/k:dict/NSStringDeviceSpecificRuleType:dict/iphone:dict/:string"
"/k:dict/NSStringVariableWidthRuleType:dict/20:dict/:string"
"|==|plural.other"
"|==|device.iphone"
"|==|substitutions.n.plural.few"
"<key>NSStringLocalizedFormatKey</key>"
"<key>NSStringFormatSpecTypeKey</key>"
"<string>NSStringPluralRuleType</string>"
"<key>NSStringFormatValueTypeKey</key>"
"\"sourceLanguage\" : \"en\""
"\"localizations\" : {"
"\"stringUnit\" : {"
"\"state\" : \"translated\""
"\"variations\" : {"
"\"plural\" : {"
"\"value\" : \""
"/* comment */"
"\" = \""
"\";"
DICT
  ;;
  scan) cat >> "$dictionary" <<'DICT'
"NSLocalizedString("
"NSLocalizedStringFromTable("
"String(localized: "
"LocalizedStringKey("
"LocalizedStringResource("
"Text("
"Button("
".accessibilityLabel("
".localized"
"platformButton(label: "
"tableName: "
"comment: "
"bundle: "
"\\("
"\\(\""
"\"\"\""
"#\""
"\"#"
"@\""
"[NSString stringWithFormat:"
"[[NSBundle mainBundle] localizedStringForKey:"
"value:nil table:nil]"
"#define "
"/*"
"*/"
"//"
"+"
"\\\x0a"
"func f(_ key: LocalizedStringKey)"
"enum L10n {"
"static let "
"tr(\"Localizable\", \""
DICT
  ;;
  android) cat >> "$dictionary" <<'DICT'
"\" = \""
"\";"
"/* comment */"
"<key>NSStringLocalizedFormatKey</key>"
"<key>NSStringFormatSpecTypeKey</key>"
"<string>NSStringPluralRuleType</string>"
"<key>NSStringFormatValueTypeKey</key>"
"<key>one</key>"
"<key>zero</key>"
"<key>other</key>"
"<key>few</key>"
"<dict>"
"</dict>"
"<string>"
"</string>"
"\"sourceLanguage\" : \"en\""
"\"localizations\" : {"
"\"stringUnit\" : {"
"\"state\" : \"translated\""
"\"variations\" : {"
"\"plural\" : {"
"\"device\" : {"
"\"substitutions\" : {"
"\"value\" : \""
"@string/"
"?attr"
"'"
"\\u0041"
"<b>"
"<xliff:g>"
DICT
  ;;
esac
extra=(-dict="$dictionary" -max_len=16384 -timeout=10 "${extra[@]}")
cd "$out"
fuzz_run
