#!/usr/bin/env bash
# step: plural table is what the generator makes from CLDR
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ -f ../shared/cldr/cldr-48/plurals.json ]; then
  python3 scripts/generate-plural-rules.py ../shared/cldr/cldr-48/plurals.json
  git diff --exit-code -- Sources/LabelCore/Plurals/Generated/PluralRuleTable.swift Tests/LabelCoreTests/Fixtures/plural-samples.tsv
else
  echo "../shared/cldr not present; skipped"
fi
