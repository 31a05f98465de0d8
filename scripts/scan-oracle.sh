#!/usr/bin/env bash
# Differential test of `label-server scan` against swift-syntax: builds a visitor
# (scripts/scan-oracle/main.swift) against the toolchain's SwiftSyntax/SwiftParser host
# libraries, runs both on the same Swift files, and compares the sites of the recognised
# callees (file, line, column, callee, table, key, kind). Fails when recall or precision
# is below 99.5%. The product never depends on swift-syntax.
#
# usage: scripts/scan-oracle.sh [PATH...]   (default: Examples and the scan test fixtures)
# env:   LABEL_SERVER (default .build/debug/label-server, built when missing), ORACLE_MIN (99.5),
#        ORACLE_BUILD_ONLY=1 builds .build/scan-oracle/scan-oracle and stops (Benchmarks/scan.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- Examples Tests/LabelScanTests/Fixtures
LABEL_SERVER=${LABEL_SERVER:-.build/debug/label-server}
[ -x "$LABEL_SERVER" ] || swift build --product label-server >/dev/null
host="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/host"
oracle=.build/scan-oracle/scan-oracle
if [ ! -x "$oracle" ] || [ scripts/scan-oracle/main.swift -nt "$oracle" ]; then
    mkdir -p .build/scan-oracle
    swiftc -O -I "$host" -L "$host" -lSwiftSyntax -lSwiftParser -lSwiftBasicFormat -lSwiftDiagnostics \
        -Xlinker -rpath -Xlinker "$host" scripts/scan-oracle/main.swift -o "$oracle" 2>&1 | grep -v '^$' || true
    [ -x "$oracle" ] || { echo "scan-oracle: cannot build the swift-syntax visitor" >&2; exit 2; }
fi
[ "${ORACLE_BUILD_ONLY:-}" = 1 ] && exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The same files for both: every .swift file the scan would read.
"$LABEL_SERVER" scan "$@" --format json > "$work/scan.json"
find "$@" \( -name .build -o -name Pods -o -name Carthage -o -name DerivedData -o -name '.*' ! -name . \) -prune -o -name '*.swift' -print \
    | sort > "$work/files"
xargs -a "$work/files" -d '\n' "$oracle" > "$work/oracle.jsonl"
python3 - "$work/scan.json" "$work/oracle.jsonl" "${ORACLE_MIN:-99.5}" <<'PY'
import json, sys
scan = json.load(open(sys.argv[1]))
oracle = [json.loads(line) for line in open(sys.argv[2]) if line.strip()]
callees = {site["callee"] for site in oracle}
builtin = set("""NSLocalizedString String LocalizedStringResource LocalizedStringKey .localizedString IntentDescription
IntentDialog .result ColorPicker
.accessibilityInputLabels .accessibilityAction .searchable @Parameter AppShortcut Summary DisplayRepresentation
TypeDisplayRepresentation Text Button Label Toggle Section Picker TextField SecureField Link Menu NavigationLink
LabeledContent Stepper Slider DatePicker ProgressView GroupBox ControlGroup Tab ContentUnavailableView
.accessibilityLabel .accessibilityHint .accessibilityValue .navigationTitle .navigationBarTitle .help .alert
.confirmationDialog""".split())
fields = ("file", "line", "column", "callee", "table", "key", "kind")
ours = {tuple(s[f] for f in fields) for s in scan["sites"] if s["file"].endswith(".swift") and s["callee"] in builtin}
theirs = {tuple(s[f] for f in fields) for s in oracle}
both = ours & theirs
recall = 100.0 * len(both) / len(theirs) if theirs else 100.0
precision = 100.0 * len(both) / len(ours) if ours else 100.0
print(f"scan-oracle: swift-syntax {len(theirs)} sites, scan {len(ours)}, agreeing {len(both)}: "
      f"recall {recall:.2f}%, precision {precision:.2f}%")
for site in sorted(theirs - ours)[:20]: print("  only swift-syntax:", site)
for site in sorted(ours - theirs)[:20]: print("  only scan:        ", site)
minimum = float(sys.argv[3])
sys.exit(0 if recall >= minimum and precision >= minimum else 1)
PY
