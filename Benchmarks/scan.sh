#!/usr/bin/env bash
# `label-server scan` against the swift-syntax visitor of scripts/scan-oracle.sh, on the
# same tree, in one run: the scan's wall time (scanned, joined with the store, reported
# as JSON) and the visitor's (parsing and walking the same Swift files), best of RUNS each,
# and their ratio. Targets: scan ≤ 0.5 s for a 700-file app, ≥ 5× faster than the visitor.
#
# usage: Benchmarks/scan.sh [TREE]
#        Benchmarks/scan.sh --hostile
#   TREE       an app folder, its store read with --resources TREE (default: a generated
#              700-file SwiftUI/UIKit/Objective-C app with a three-language store)
#   --hostile  generated inputs that crashed or were quadratic before issue 34: 30,000
#              nested "\( interpolations (90 KB; must exit 0 with a nesting-too-deep
#              warning) and 100,000 Objective-C lines of unclosed NSLocalizedString(@"…\
#              continuations (5 MB); each must take ≤ 2 s (generous: linear is ~0.1 s)
# env:     LABEL_SERVER (default .build/release/label-server, built when missing), RUNS (5)
set -euo pipefail
cd "$(dirname "$0")/.."
LABEL_SERVER=${LABEL_SERVER:-.build/release/label-server}
[ -x "$LABEL_SERVER" ] || swift build -c release --product label-server >/dev/null
if [ "${1:-}" = --hostile ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    python3 - "$LABEL_SERVER" "$work" "${RUNS:-5}" <<'PY'
import json, subprocess, sys, time
binary, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(f"{work}/Nested.swift", "w") as f:
    f.write('"\\(' * 30_000 + "\n")
with open(f"{work}/Continued.m", "w") as f:
    for line in range(100_000):
        f.write(f'NSString *s{line} = NSLocalizedString(@"key.{line} \\\n')
ok = True
print("| input | best of %d (s) | exit | warnings | bound | ok |" % runs)
print("|---|---|---|---|---|---|")
for name, expected in (("Nested.swift", ["nesting-too-deep"]), ("Continued.m", [])):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run = subprocess.run([binary, "scan", f"{work}/{name}", "--format", "json"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    codes = [w["code"] for w in json.loads(run.stdout)["warnings"]] if run.returncode == 0 else None
    good = run.returncode == 0 and codes == expected and min(times) <= 2
    ok = ok and good
    print(f"| {name} | {min(times):.3f} | {run.returncode} | {codes} | ≤ 2 s | {'yes' if good else 'NO'} |")
sys.exit(0 if ok else 1)
PY
    exit $?
fi
ORACLE_BUILD_ONLY=1 scripts/scan-oracle.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -gt 0 ]; then
    tree=$1
    store=(--resources "$tree")
else
    tree=$work/app
    store=(--strings "$work/store" --bundles app)
    python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
os.makedirs(f"{work}/app", exist_ok=True)
keys = []
for n in range(700):
    folder = f"{work}/app/Feature{n // 50}"
    os.makedirs(folder, exist_ok=True)
    if n % 35 == 34:
        with open(f"{folder}/Legacy{n}.m", "w") as f:
            f.write('#import <Foundation/Foundation.h>\n\n')
            for i in range(20):
                keys.append(f"legacy.{n}.{i}")
                f.write(f'NSString *legacy{n}_{i}(void) {{ return NSLocalizedString(@"legacy.{n}.{i}", @"Legacy label {i}"); }}\n')
        continue
    lines = ["import SwiftUI", "", f"/// Screen {n}: generated for the scan benchmark.", f"struct Screen{n}: View {{",
             "    @State private var on = false", "    let count: Int", "", "    var body: some View {", "        VStack {"]
    for i in range(12):
        key = f"feature{n}.row{i}.title"
        keys.append(key)
        lines.append(f'            Text("{key}") // row {i}')
        lines.append(f'                .accessibilityLabel("feature{n}.row{i}.label")')
        keys.append(f"feature{n}.row{i}.label")
        lines.append(f'            Toggle("feature{n}.toggle{i}", isOn: $on)')
        keys.append(f"feature{n}.toggle{i}")
    lines += ['            Text("\\(count) items")', "        }", f'        .navigationTitle("feature{n}.title")', "    }", "",
              "    func message() -> String {",
              f'        NSLocalizedString("feature{n}.message", tableName: "Messages", comment: "Shown after saving")',
              "    }", "", "    /* A block comment with Text(\"not a key\") */",
              '    let help = """', "        Multi-line help text", "        with \\(1 + 1) lines", '        """', "}", ""]
    keys.append(f"feature{n}.title")
    for extra in range(60):
        lines.append(f"private func helper{n}_{extra}(_ value: Int) -> Int {{ value &* {extra} &+ {n} }}")
    with open(f"{folder}/Screen{n}.swift", "w") as f:
        f.write("\n".join(lines) + "\n")
for language, share in (("en", 1.0), ("es", 0.9), ("de", 0.97)):
    folder = f"{work}/store/app/{language}.lproj"
    os.makedirs(folder, exist_ok=True)
    with open(f"{folder}/Localizable.strings", "w") as f:
        for index, key in enumerate(keys):
            if index % 100 < share * 100:
                f.write(f'"{key}" = "{key} ({language})";\n')
        f.write('"%lld items" = "%lld items";\n"unused.key" = "Unused";\n')
PY
fi
find "$tree" \( -name .build -o -name Pods -o -name Carthage -o -name DerivedData -o -name '.*' ! -name "$(basename "$tree")" \) -prune \
    -o -name '*.swift' -print | sort > "$work/files"
python3 - "$LABEL_SERVER" "$tree" "$work/files" "${RUNS:-5}" "${store[@]}" <<'PY'
import json, subprocess, sys, time
binary, tree, files, runs, store = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
swift = open(files).read().split("\n")[:-1]
def best(command):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
        times.append(time.perf_counter() - start)
    return min(times), out
scan, out = best([binary, "scan", tree, *store, "--format", "json"])
summary = json.loads(out)["summary"]
oracle, _ = best([".build/scan-oracle/scan-oracle", *swift])
ratio = oracle / scan
print(f"tree {tree}: {summary['files']} files ({len(swift)} Swift), {summary['sites']} sites, {summary['keys']} keys, "
      f"missing {summary['missing']}")
print("| figure | scan | swift-syntax visitor | ratio | target | ok |")
print("|---|---|---|---|---|---|")
print(f"| scan, join, report (s, best of {runs}) | {scan:.3f} | | | ≤ 0.5 | {'yes' if scan <= 0.5 else 'NO'} |")
print(f"| vs parsing the same Swift files (s) | {scan:.3f} | {oracle:.3f} | {ratio:.1f}× | ≥ 5× | {'yes' if ratio >= 5 else 'NO'} |")
sys.exit(0 if scan <= 0.5 and ratio >= 5 else 1)
PY
