#!/usr/bin/env bash
# step: pseudo-locales: Debian's aapt --pseudo-localize still gives the committed oracle (en-XA, ar-XB), which the fixture regenerated from the corpus equals
set -euo pipefail
cd "$(dirname "$0")/../.."

# Installs aapt and android-framework-res (Debian) when missing. The Swift side of the
# comparison is PseudolocalizerOracleTests (step 040-test).
bash scripts/generate-pseudo-oracle.sh --check
if [ -d ../shared/corpus ]; then
  bash scripts/generate-pseudo-oracle.sh ../shared/corpus
  git diff --exit-code --stat -- Tests/LabelCoreTests/Fixtures/Pseudo/aapt-oracle.json.gz
else
  echo "../shared/corpus not present; the fixture is not regenerated"
fi
