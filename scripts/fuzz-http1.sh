#!/usr/bin/env bash
# Fuzz the HTTP/1.1 request parser (or, with `response` first, the response parser
# LabelClient uses for `http://` on Linux) with libFuzzer + AddressSanitizer.
# Usage: scripts/fuzz-http1.sh [response] [seconds=60] [extra libFuzzer args...]
# Builds .build/fuzz/http1-fuzzer from Sources/HTTP1/*.swift (and Clocks) and Fuzz/HTTP1Fuzzer/main.swift,
# seeds a corpus in .build/fuzz/http1-corpus, and writes crashes to .build/fuzz/http1-artifacts/.
set -euo pipefail

target=request
if [ "${1:-}" = response ]; then target=response; shift; fi
seconds="${1:-60}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/fuzz"
# Clocks, which HTTP1 imports (HTTP dates, nanoseconds), as a module of its own.
mkdir -p "$out/clocks"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name label_server -module-name Clocks -wmo \
    -c "$root"/Sources/Clocks/*.swift -o "$out/clocks/Clocks.o" \
    -emit-module -emit-module-path "$out/clocks/Clocks.swiftmodule"
clocks=(-I "$out/clocks" "$out/clocks/Clocks.o")
if [ "$target" = response ]; then
  corpus="$out/http1-response-corpus"
  artifacts="$out/http1-response-artifacts"
  mkdir -p "$out" "$corpus" "$artifacts"
  linker=()
  command -v ld.lld >/dev/null && linker=(-use-ld=lld)
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name label_server "${linker[@]}" \
      -module-name HTTP1ResponseFuzzer \
      "${clocks[@]}" "$root"/Sources/HTTP1/*.swift "$root/Fuzz/HTTP1ResponseFuzzer/main.swift" \
      -o "$out/http1-response-fuzzer"
  seed() { printf '%b' "$2" > "$corpus/$1"; }
  seed length '\x00HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'
  seed chunked '\x05HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n'
  seed close '\x08HTTP/1.0 200 OK\r\nA: b\r\n\r\nbody until close'
  seed interim '\x10HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n'
  seed head '\x02HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n'
  cd "$out"
  exec ./http1-response-fuzzer -max_total_time="$seconds" -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" "$corpus"
fi
corpus="$out/http1-corpus"
artifacts="$out/http1-artifacts"
mkdir -p "$out" "$corpus" "$artifacts"

# lld avoids gold's "Cannot export local symbol __asan_*" warning flood.
linker=()
command -v ld.lld >/dev/null && linker=(-use-ld=lld)
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name label_server "${linker[@]}" \
    -module-name HTTP1Fuzzer \
    "${clocks[@]}" "$root"/Sources/HTTP1/*.swift "$root/Fuzz/HTTP1Fuzzer/main.swift" \
    -o "$out/http1-fuzzer"

# Seed inputs: the first byte is the control byte (limits + split size), the rest is HTTP.
seed() { printf '%b' "$2" > "$corpus/$1"; }
seed get '\x00GET /labels/a?lang=de HTTP/1.1\r\nHost: x\r\nAccept: text/plain\r\n\r\n'
seed post '\x07POST /missing HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello'
seed chunked '\x03POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n'
seed pipelined '\x10GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nHEAD /h HTTP/1.1\r\nHost: y\r\n\r\n'
seed options '\x01OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n'

cd "$out"
exec ./http1-fuzzer -max_total_time="$seconds" -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" "$corpus"
