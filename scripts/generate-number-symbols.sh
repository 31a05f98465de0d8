#!/usr/bin/env bash
# Regenerates Sources/LabelCore/Formatting/Generated/NumberingSystemTable.swift (CLDR's
# numeric numbering systems as this toolchain's ICU writes them) and then
# NumberSymbolsTable.swift: the number symbols NumberSymbols(locale:) derives for every
# locale this toolchain's ICU lists, and for each with every numbering system where they
# differ from its Latin ones (NumberSymbols+Table.swift says why). The generators are the
# tests that check the tables, NumberingSystemTableTests and NumberSymbolsTableTests, so
# the tables are written by the same code that serves without them. The symbols need the
# numbering systems compiled in, hence two passes.
# Run from anywhere; uses the package's own build folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
generated=$root/Sources/LabelCore/Formatting/Generated
# Each suite fails while its committed table is stale; the file is written before it checks.
(cd "$root" && NUMBERING_SYSTEM_TABLE_OUT=$generated/NumberingSystemTable.swift \
    swift test --filter NumberingSystemTableTests >/dev/null 2>&1) || true
(cd "$root" && NUMBER_SYMBOLS_TABLE_OUT=$generated/NumberSymbolsTable.swift \
    swift test --filter NumberSymbolsTableTests >/dev/null 2>&1) || true
(cd "$root" && swift test --filter 'NumberSymbolsTableTests|NumberingSystemTableTests' 2>&1 | tail -3)
echo "wrote $generated ($(grep -c '>' "$generated/NumberSymbolsTable.swift") symbol lines, $(grep -c '>' "$generated/NumberingSystemTable.swift") numbering systems)"
