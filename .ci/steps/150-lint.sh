#!/usr/bin/env bash
# step: lint: the bundled store is clean, a seeded bad store fails
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build --product label-server >/dev/null
"$(swift build --show-bin-path)/label-server" lint Strings --max-words 7 | tail -n 3
if "$(swift build --show-bin-path)/label-server" lint Tests/LabelLintTests/Fixtures/lint-store >/dev/null; then
  echo "lint passed a store seeded with violations"; exit 1
fi
