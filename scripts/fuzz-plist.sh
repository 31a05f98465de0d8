#!/usr/bin/env bash
# Fuzz LabelCore's PropertyListReader (XML and bplist00) with libFuzzer + AddressSanitizer,
# differentially against Foundation's PropertyListSerialization (Fuzz/PropertyListFuzzer).
# Usage: scripts/fuzz-plist.sh [seconds=60] [extra libFuzzer args...]
# Builds .build/fuzz/plist-fuzzer, seeds .build/fuzz/plist-corpus from the test fixtures'
# plists plus a few hand-written ones, writes crashes to .build/fuzz/plist-artifacts/.
set -euo pipefail
seconds="${1:-60}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/fuzz"
corpus="$out/plist-corpus"
artifacts="$out/plist-artifacts"
mkdir -p "$out" "$corpus" "$artifacts"
linker=()
command -v ld.lld >/dev/null && linker=(-use-ld=lld)
formats="$root/Sources/LabelCore/Formats"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name label_server "${linker[@]}" \
    -module-name PropertyListFuzzer \
    "$formats"/PropertyListReader*.swift "$formats"/PropertyListValue*.swift "$formats/PropertyListReadError.swift" \
    "$formats/XMLByteCursor.swift" \
    "$root/Fuzz/PropertyListFuzzer/main.swift" \
    -o "$out/plist-fuzzer"
# Seeds: every XML or binary plist among the fixtures (small ones: libFuzzer's -max_len).
n=0
while IFS= read -r -d '' file; do
  if head -c 64 "$file" | grep -qa -e '^bplist' -e '<?xml' -e '<plist'; then
    n=$((n + 1)); head -c 4096 "$file" > "$corpus/fixture-$n"
  fi
done < <(find "$root/Tests" -name '*.strings' -print0 -o -name '*.stringsdict' -print0)
seed() { printf '%b' "$2" > "$corpus/$1"; }
seed xml '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>a&amp;</key><string>x<![CDATA[<y>]]>&#x1F600;</string><key>n</key><array><integer>-3</integer><real>1.5e3</real><true/><date>2020-01-02T03:04:05Z</date><data>QUJD</data></array></dict></plist>'
seed binary 'bplist00\xd2\x01\x02\x03\x04Qa\xa1\x05Qb\x10\x07\x08\x0d\x0f\x11\x13\x15\x00\x00\x00\x00\x00\x00\x01\x01\x00\x00\x00\x00\x00\x00\x00\x06\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x17'
cd "$out"
# Foundation leaks (its NSError on rejected input, CF objects): not ours to report, per
# input or at exit.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
exec ./plist-fuzzer -max_total_time="$seconds" -max_len=4096 -detect_leaks=0 -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" "$corpus"
