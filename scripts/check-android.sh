#!/usr/bin/env bash
# Android oracle (Android export): `label-server export android` trees for Strings/, every
# store of ../shared/corpus (when present beside the clone) and a generated store of
# hostile values must compile and link with aapt2 against framework-res.apk with zero
# errors and zero "without required default value" warnings; every key and folder of
# the linked resources.arsc must equal GET /labels/{key} (placeholders formatted by
# java.util.Formatter with typed arguments: scripts/check-android.py), and each value's
# <annotation> spans the server's `runs` (a store of inline attribute markup); GET
# /labels?format=android must link too; and the 110,000-string export stays within
# 2 s (Benchmarks/android-export.sh; ANDROID_SKIP_BENCHMARK=1 skips it). Installs aapt and android-framework-res when
# missing. Servers listen on 127.0.0.1 with a free port and are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v aapt2 >/dev/null || [ ! -f /usr/share/android-framework-res/framework-res.apk ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq aapt android-framework-res >/dev/null
fi
command -v javac >/dev/null || { echo "javac (a JDK) is needed"; exit 1; }
framework=/usr/share/android-framework-res/framework-res.apk
swift build --product label-server >/dev/null
bin="$(swift build --show-bin-path)/label-server"
# shellcheck source=scripts/lib.sh
source scripts/lib.sh   # $work, server_start/server_stop, every server stopped on exit
javac -d "$work/java" scripts/AndroidFormatCheck.java
printf '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.labelserver.check"/>\n' > "$work/AndroidManifest.xml"
failed=0

# aapt2 compile + link of RES into APK; fails on an error or a dropped resource.
link() {
  local res=$1 apk=$2 log=$3
  if ! aapt2 compile --dir "$res" -o "$apk.flat.zip" >"$log" 2>&1 ||
     ! aapt2 link -I "$framework" --manifest "$work/AndroidManifest.xml" -o "$apk" "$apk.flat.zip" >>"$log" 2>&1; then
    echo "  aapt2 failed:"; sed 's/^/    /' "$log" | head -20; return 1
  fi
  if grep -qiE 'error|without required default value' "$log"; then
    echo "  aapt2 warned:"; sed 's/^/    /' "$log" | head -20; return 1
  fi
}

serve() {
  server_start serve "$bin" serve --host 127.0.0.1 --port 0 --state-dir "$work/state" "$@" || exit 1
  base=$server_base
}

# check NAME STORE DEV-LANG [BUNDLES]
check() {
  local name=$1 store=$2 dev=$3 bundles=${4:-app,framework}
  # ANDROID_ONLY=hostile (a glob) checks only the stores it names.
  [ -z "${ANDROID_ONLY:-}" ] || [[ $name == $ANDROID_ONLY ]] || return 0
  local res="$work/$name/res" report="$work/$name/report.json"
  mkdir -p "$work/$name"
  local status=0
  "$bin" export android --strings "$store" --dev-lang "$dev" --bundles "$bundles" --out "$res" --format json >"$report" || status=$?
  [ "$status" -le 1 ] || { echo "$name: export failed ($status)"; failed=1; return; }
  python3 - "$report" "$name" <<'PY'
import collections, json, sys
r = json.load(open(sys.argv[1]))
names = sum(len(t["names"]) for t in r["tables"])
written = sum(sum(t["converted"].values()) for t in r["tables"])
reasons = collections.Counter((x["severity"], x["reason"]) for x in r["refusals"])
print(f"{sys.argv[2]}: {names} keys, {len(r['folders'])} folders, {written} values written; "
      + (", ".join(f"{n} {s} {k}" for (s, k), n in sorted(reasons.items())) or "nothing refused"))
PY
  link "$res" "$work/$name/out.apk" "$work/$name/aapt2.log" || { failed=1; return; }
  serve --strings "$store" --dev-lang "$dev" --bundles "$bundles"
  # The HTTP body of every folder's language and table links too: each alone is a
  # complete default (a tree of one values/ file), and each table's bodies together.
  python3 - "$report" "$base" "$work/$name/http" <<'PY'
import json, os, sys, urllib.error, urllib.parse, urllib.request
report, base, out = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
for f in report["folders"]:
    for n, t in enumerate(report["tables"]):
        query = urllib.parse.urlencode({"lang": f["lang"], "table": t["table"], "format": "android"})
        try:
            body = urllib.request.urlopen(f"{base}/labels?{query}").read()
        except urllib.error.HTTPError as e:
            if e.code == 404:
                continue
            raise
        os.makedirs(f"{out}/{f['folder']}-{n}/values", exist_ok=True)
        open(f"{out}/{f['folder']}-{n}/values/strings.xml", "wb").write(body)
        # And every language's body of the table in its folder: one tree, as a CI fetch makes.
        os.makedirs(f"{out}/all-{n}/{f['folder']}", exist_ok=True)
        open(f"{out}/all-{n}/{f['folder']}/strings.xml", "wb").write(body)
PY
  local bodies=0
  for http in "$work/$name/http"/*/; do
    [ -d "$http" ] || continue
    bodies=$((bodies + 1))
    link "$http" "${http%/}.apk" "${http%/}.log" || { echo "  (GET /labels?format=android: $(basename "$http"))"; failed=1; }
  done
  echo "  GET /labels?format=android: $bodies bodies linked"
  python3 scripts/check-android.py --apk "$work/$name/out.apk" --report "$report" --server "$base" \
      --java-classes "$work/java" >"$work/$name/oracle.json" || { failed=1; }
  python3 - "$work/$name/oracle.json" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))
print(f"  aapt2: 0 errors, 0 dropped; arsc = Apple: {f['agree']}/{f['compared']} plain values, {f['spans_agree']}/{f['spans_checked']} "
      f"with their annotation spans = the server's runs; java.util.Formatter = Apple: "
      f"{f['java_agree']}/{f['java_checked']} formatted ({f['java_development_agree']}/{f['java_development_checked']} in the "
      f"development language), {f['reported_differences']} reported differences, {f['digit_set_differences']} digit-set "
      f"differences, {f['refused']} refused (key, folder), {f['unaddressable']} keys the API cannot address; unexplained: {f['difference_count']}")
for d in f["differences"]:
    print("   ", json.dumps(d, ensure_ascii=False))
PY
  server_stop "$server_pid" || true
}

check strings Strings en
python3 scripts/generate-android-hostile-store.py "$work/hostile-store"
check hostile "$work/hostile-store" en app   # one bundle: a --bundles folder that is missing is exit 2
python3 scripts/generate-android-speech-store.py "$work/speech-store"
# Inline attribute markup: <annotation> spans over the server's `runs`, inflect as <plurals>.
check speech "$work/speech-store" en app

# The corpus: each repository's .lproj folders as one bundle, its String Catalogs as another.
corpus=../shared/corpus
if [ -d "$corpus" ]; then
  for repo in "$corpus"/*/; do
    name=$(basename "$repo")
    store="$work/corpus-$name"
    mkdir -p "$store/app" "$store/catalogs"
    while IFS= read -r -d '' file; do
      lproj=$(basename "$(dirname "$file")")
      mkdir -p "$store/app/$lproj"; cp "$file" "$store/app/$lproj/"
    done < <(find "$repo" -path '*.lproj/*' -type f -print0)
    find "$repo" -name '*.xcstrings' -type f -exec cp {} "$store/catalogs/" \;
    dev=de
    { [ -d "$store/app/en.lproj" ] || ls "$store/catalogs/"*.xcstrings >/dev/null 2>&1; } && dev=en
    check "corpus-$name" "$store" "$dev" app,catalogs
  done
else
  echo "corpus: $corpus not found; skipped"
fi

[ -n "${ANDROID_SKIP_BENCHMARK:-}" ] || Benchmarks/android-export.sh || failed=1
exit $failed
