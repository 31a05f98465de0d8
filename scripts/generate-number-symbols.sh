#!/usr/bin/env bash
# Regenerates Sources/LabelCore/Formatting/Generated/NumberSymbolsTable.swift: the number
# symbols NumberSymbols(locale:) derives for every locale this toolchain's ICU lists
# (NumberSymbols+Table.swift says why). The generator is the test that checks the table,
# NumberSymbolsTableTests, so the table is written by the same code that serves without it.
# Run from anywhere; uses the package's own build folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/Sources/LabelCore/Formatting/Generated/NumberSymbolsTable.swift
# The suite fails while the committed table is stale; the file is written before it checks.
(cd "$root" && NUMBER_SYMBOLS_TABLE_OUT=$out swift test --filter NumberSymbolsTableTests >/dev/null 2>&1) || true
(cd "$root" && swift test --filter NumberSymbolsTableTests 2>&1 | tail -3)
echo "wrote $out ($(grep -c '>' "$out") locales)"
