#!/usr/bin/env bash
# Fuzz the whole request path in process with libFuzzer + AddressSanitizer: the server's
# parser → LabelService.respond(to:context:) → the response encoder, over the bundled
# Strings/ and Fuzz/Stores/hostile (Fuzz/RequestPathFuzzer/main.swift says how inputs are read).
# Usage: scripts/fuzz-requests.sh [seconds=60] [extra libFuzzer args...]
# Builds .build/fuzz/request-path-fuzzer (modules via scripts/fuzz-modules.sh), seeds
# .build/fuzz/request-path-corpus from Fuzz/Regressions/requests/ and the seeds below, and
# writes findings to .build/fuzz/request-path-artifacts/. Exits non-zero on any finding.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/fuzz-modules.sh"
source "$root/scripts/fuzz-run.sh"
# The in-process exchange (the event loop's path without a socket) is the tests' (TestSupport).
fuzz_sources="$root/Tests/TestSupport/InProcessExchange.swift"
fuzz_build request-path RequestPathFuzzer requests "$@"
# Raw seeds (control byte 0x80 bundled store, 0x81 hostile) and recipe seeds (the rest picks words).
seed() { printf '%b' "$2" > "$corpus/seed-$1"; }
seed label '\x80GET /labels/coins.count?lang=de&count=3 HTTP/1.1\r\nHost: x\r\n\r\n'
seed labels '\x81GET /labels?lang=ar&table=Localizable HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n'
seed html '\x80GET /missing HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n'
seed xliff '\x81GET /missing?format=xliff&lang=ar HTTP/1.1\r\nHost: x\r\n\r\n'
seed post '\x80POST /missing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 26\r\n\r\n[{"key":"k","lang":"de"}]\n'
seed reload '\x81POST /admin/reload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer fuzz-admin-token\r\nContent-Length: 0\r\n\r\n'
seed coverage '\x80GET /coverage HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nAccept-Language: fr-CA;q=0.9, sr-Latn\r\n\r\n'
seed reset '\x81DELETE /missing HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer fuzz-admin-token\r\n\r\n'
seed backlog '\x81GET /missing?lang=ar&include=untranslated&format=xliff HTTP/1.1\r\nHost: x\r\n\r\n'
seed resolved '\x80GET /missing?state=resolved&format=csv HTTP/1.1\r\nHost: x\r\n\r\n'
seed resolved-backlog '\x80GET /missing?state=resolved&include=untranslated HTTP/1.1\r\nHost: x\r\n\r\n'
seed delete-one '\x81DELETE /missing?key=coins.count&lang=de&table=Localizable HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer fuzz-admin-token\r\n\r\n'
seed usage '\x80GET /usage?format=json HTTP/1.1\r\nHost: x\r\n\r\n'
seed recipe-a '\x00\x00\x00\x00\x02\x00\x03\x00\x01'
seed recipe-b '\x01\x01\x02\x00\x05\x01\x02\x07\x03\x00\x04\x02\x01\x00\x09'
seed recipe-c '\x00\x00\x05\x02\x07\x00\x0a\x00\x03\x02\x00\x01\x04\x11\x02\x00'
extra=(-dict="$root/Fuzz/RequestPathFuzzer/requests.dict" -max_len=2048 "${extra[@]}")
cd "$out"
fuzz_run
