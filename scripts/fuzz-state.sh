#!/usr/bin/env bash
# Fuzz what the server reads back as JSON with libFuzzer + AddressSanitizer: the
# missing-report state file's restore (into small bounds), the usage file, and a
# POST /missing body (Fuzz/StateFuzzer/main.swift says how inputs are read).
# Usage: scripts/fuzz-state.sh [seconds=60] [extra libFuzzer args...]
# Builds .build/fuzz/state-fuzzer (modules via scripts/fuzz-modules.sh), seeds
# .build/fuzz/state-corpus from Fuzz/Regressions/state/ and the seeds below, and writes
# findings to .build/fuzz/state-artifacts/. Exits non-zero on any finding.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/fuzz-modules.sh"
source "$root/scripts/fuzz-run.sh"
fuzz_build state StateFuzzer state "$@"
# Control byte (bit 7: a recipe), then JSON.
seed() { printf '%b' "$2" > "$corpus/seed-$1"; printf '%s' "$3" >> "$corpus/seed-$1"; }
entry='{"key":"coins.count","table":"Localizable","requested":"ar","servedFrom":"en","hits":3,"firstSeen":"2025-01-02T03:04:05.000Z","lastSeen":"2025-01-02T03:04:06.000Z","variable":"coins","category":"few"}'
seed page '\x00' '{"since":"2025-01-01T00:00:00.000Z","total":1,"entries":['"$entry"'],"dropped":{"newEntries":0,"longKeys":0,"reported":0},"limits":{"maxEntries":10000,"maxKeyBytes":256}}'
seed page-twice '\x00' '{"since":"2025-01-01T00:00:00Z","total":2,"entries":['"$entry,$entry"']}'
seed big '\x00' '{"since":"2025-01-01T00:00:00.000Z","entries":[{"key":"k","table":"Localizable","requested":"de","servedFrom":"en","hits":4611686018427387904,"firstSeen":"2025-01-02T03:04:05.000Z","lastSeen":"2025-01-02T03:04:06.000Z"}],"dropped":{"newEntries":4611686018427387904,"longKeys":1e308,"reported":-1}}'
seed usage '\x00' '{"since":"2025-01-01T00:00:00Z","entries":[{"table":"Localizable","key":"control.back.label","hits":9223372036854775807,"lastRequested":"2025-01-02T03:04:05Z"}]}'
seed recipe-a '\x81\x02\x03' ''
seed recipe-b '\x80\x0a\x02\x00\x01\x00\x00\x04' ''
seed reported '\x00' '[{"key":"k","lang":"de-u-nu-latn","table":"Localizable"},{"key":"/coins.count:dict/coins:dict/few:dict/:string","lang":"ar"}]'
cat > "$out/state.dict" <<'DICT'
"\"since\":\"2025-01-01T00:00:00.000Z\""
"\"entries\":["
"\"dropped\":{"
"\"newEntries\":"
"\"longKeys\":"
"\"reported\":"
"\"limits\":{\"maxEntries\":"
"\"maxKeyBytes\":"
"\"total\":"
"\"hits\":"
"\"key\":\"k\""
"\"table\":\"Localizable\""
"\"requested\":\"de\""
"\"servedFrom\":\"en\""
"\"firstSeen\":\"2025-01-02T03:04:05.000Z\""
"\"lastSeen\":\"9999-12-31T23:59:59.999Z\""
"\"lastRequested\":\"0001-01-01T00:00:00Z\""
"\"variable\":\"n\""
"\"category\":\"few\""
"9223372036854775807"
"9223372036854775808"
"-9223372036854775808"
"4611686018427387904"
"9007199254740992"
"1e308"
"1e309"
"-0"
"1.5"
"null"
"true"
DICT
extra=(-dict="$out/state.dict" -max_len=4096 "${extra[@]}")
cd "$out"
fuzz_run
