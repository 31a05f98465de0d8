#!/usr/bin/env bash
# Sourced by scripts/fuzz-requests.sh and scripts/fuzz-state.sh: compiles the package's
# library modules (CLabelSystem, Clocks, HTTP1, BackgroundWork, Sockets, GzipCoding, HTTPServer, LabelCore,
# LabelAndroid, AtomicFile, MissingKeys, LabelTranslators, LabelServer) with libFuzzer coverage
# and AddressSanitizer into .build/fuzz/modules, one whole-module object each, in dependency
# order. A module is rebuilt only when its sources (or an earlier module) changed, so the
# second fuzz script in a CI run reuses the first's.
# Afterwards: $fuzz_modules (the directory), fuzz_swiftc (the compiler invocation every
# module and target shares) and fuzz_objects (the objects to link).
set -euo pipefail

fuzz_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fuzz_modules="$fuzz_root/.build/fuzz/modules"
mkdir -p "$fuzz_modules/CLabelSystem"
fuzz_linker=()
# lld avoids gold's "Cannot export local symbol __asan_*" warning flood.
command -v ld.lld >/dev/null && fuzz_linker=(-use-ld=lld)
fuzz_swiftc=(swiftc -sanitize=fuzzer,address -parse-as-library -O -gline-tables-only -swift-version 6
             -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
             -package-name label_server -I "$fuzz_modules" -I "$fuzz_modules/CLabelSystem"
             -I "$fuzz_root/Sources/CZlib" "${fuzz_linker[@]}")
fuzz_objects=()

# The C shims, and a module map for Swift (SwiftPM writes one for include/ itself).
cat > "$fuzz_modules/CLabelSystem/module.modulemap" <<MAP
module CLabelSystem {
    header "$fuzz_root/Sources/CLabelSystem/include/CLabelSystem.h"
    export *
}
MAP
clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$fuzz_root/Sources/CLabelSystem/include" \
    "$fuzz_root/Sources/CLabelSystem/shims.c" -o "$fuzz_modules/CLabelSystem.o"
fuzz_objects+=("$fuzz_modules/CLabelSystem.o")

fuzz_stamp=""
# fuzz_module NAME [extra swiftc flags...]: compiles Sources/NAME/**/*.swift when needed.
fuzz_module() {
  local name="$1"; shift
  local sources=()
  while IFS= read -r -d '' file; do sources+=("$file"); done \
    < <(find "$fuzz_root/Sources/$name" -name '*.swift' -print0 | sort -z)
  fuzz_stamp="$( { printf '%s\n' "$fuzz_stamp" "${fuzz_swiftc[*]}" "$*"; cat "${sources[@]}"; } | sha256sum | cut -c1-16)"
  local object="$fuzz_modules/$name.o"
  if [ "$(cat "$fuzz_modules/$name.stamp" 2>/dev/null)" != "$fuzz_stamp" ] || [ ! -f "$object" ]; then
    echo "fuzz build: $name (${#sources[@]} files)" >&2
    "${fuzz_swiftc[@]}" "$@" -module-name "$name" -wmo -c "${sources[@]}" -o "$object" \
        -emit-module -emit-module-path "$fuzz_modules/$name.swiftmodule"
    echo "$fuzz_stamp" > "$fuzz_modules/$name.stamp"
  fi
  fuzz_objects+=("$object")
}

fuzz_module Clocks
fuzz_module HTTP1
fuzz_module BackgroundWork
fuzz_module Sockets
fuzz_module GzipCoding
fuzz_module HTTPServer
fuzz_module LabelCore
fuzz_module LabelAndroid
fuzz_module AtomicFile
fuzz_module MissingKeys
fuzz_module LabelTranslators
fuzz_module LabelServer
