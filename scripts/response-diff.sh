#!/usr/bin/env bash
# Proves a refactor changed no response: records a few hundred requests against the
# bundled Strings/ with a baseline binary and with the working tree's, then diffs
# them byte for byte (Date headers, report timestamps and metric numbers masked).
#
#   scripts/response-diff.sh BASELINE            # a binary, or a git revision to build
#   scripts/response-diff.sh BASELINE NEW_BINARY
# A revision is built in a temporary worktree (slow the first time).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=${1:?usage: response-diff.sh BASELINE_BINARY_OR_REVISION [NEW_BINARY]}
work=$(mktemp -d)
cleanup() { [ -d "$work/tree" ] && git worktree remove --force "$work/tree" >/dev/null 2>&1; rm -rf "$work"; }
trap cleanup EXIT
if [ ! -x "$baseline" ]; then
  git worktree add --detach "$work/tree" "$baseline" >/dev/null
  (cd "$work/tree" && swift build --product label-server >/dev/null)
  baseline="$work/tree/$(cd "$work/tree" && swift build --show-bin-path | sed "s|^$work/tree/||")/label-server"
fi
new=${2:-}
if [ -z "$new" ]; then
  swift build --product label-server >/dev/null
  new="$(swift build --show-bin-path)/label-server"
fi
python3 scripts/response-record.py "$baseline" "$work/before.txt"
python3 scripts/response-record.py "$new" "$work/after.txt"
if diff -u "$work/before.txt" "$work/after.txt" >"$work/diff.txt"; then
  echo "responses identical ($(grep -c '^=== ' "$work/after.txt") requests)"
else
  # Each response is one line; show which requests differ, lines cut short.
  grep -E '^(=== |[-+]b)' "$work/diff.txt" | cut -c1-300 | head -n 60
  echo "responses differ ($(grep -c '^-b' "$work/diff.txt") of them)"; exit 1
fi
