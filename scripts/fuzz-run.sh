#!/usr/bin/env bash
# Sourced by the fuzz scripts after their target is built: runs libFuzzer for $seconds on
# $corpus (seeded from the checked-in $regressions too; $artifacts is emptied first) and fails on any finding, printing
# each crash input's path and its bytes, escaped.
# Needs: fuzzer (binary), corpus, artifacts, regressions, seconds, extra (array of libFuzzer args).
# fuzz_build SLUG MODULE REGRESSIONS [args...]: reads SECONDS and libFuzzer args from args,
# builds Fuzz/MODULE into .build/fuzz/SLUG-fuzzer (modules from fuzz-modules.sh, sourced
# first; with fuzz_sources, those files too) and sets out, fuzzer, corpus, artifacts,
# regressions, seconds and extra for fuzz_run.
fuzz_build() {
  local slug="$1" module="$2"
  out="$root/.build/fuzz"
  regressions="$root/Fuzz/Regressions/$3"
  shift 3
  seconds="${1:-60}"
  extra=("${@:2}")
  fuzzer="$out/$slug-fuzzer"
  "${fuzz_swiftc[@]}" -module-name "$module" "$root"/Fuzz/"$module"/*.swift ${fuzz_sources:+"$fuzz_sources"} \
      "${fuzz_objects[@]}" -lz -o "$fuzzer"
  corpus="$out/$slug-corpus"
  artifacts="$out/$slug-artifacts"
  mkdir -p "$corpus"
}

fuzz_run() {
  mkdir -p "$corpus" "$artifacts"
  # Every input once kept as a regression is a seed: the fuzzer starts where it found bugs.
  if [ -d "$regressions" ]; then cp "$regressions"/* "$corpus"/ 2>/dev/null || true; fi
  local status=0
  # Each run's findings only (a rerun finding the same input would not show as new).
  rm -f "$artifacts"/*
  # The Swift runtime's backtracer would hold libFuzzer's output open after a trap: libFuzzer reports.
  export SWIFT_BACKTRACE=enable=no
  # Foundation leaks (NSError on rejected input, CF objects): not ours to report.
  ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    "$fuzzer" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -detect_leaks=0 \
      -artifact_prefix="$artifacts/" -print_final_stats=1 "${extra[@]}" "$corpus" || status=$?
  local found
  found="$(ls -t "$artifacts")"
  if [ "$status" -ne 0 ] || [ -n "$found" ]; then
    echo "FUZZ FINDING (exit $status) in $(basename "$fuzzer"):"
    for name in $found; do
      echo "  input: $artifacts/$name"
      python3 -c 'import sys; print("  bytes:", repr(open(sys.argv[1], "rb").read()))' "$artifacts/$name"
      # The request a recipe input built (request-path target; harmless elsewhere).
      FUZZ_ECHO=1 ASAN_OPTIONS=detect_leaks=0 timeout 120 "$fuzzer" "$artifacts/$name" 2>&1 \
        | grep -E '^store|^body|^FINDING|Fatal error|in \$s[0-9A-Za-z_]+ ' | head -n 8 | sed 's/^/  /' || true
    done
    return 1
  fi
}
