#!/usr/bin/env bash
# step: import: a fixture XLIFF into a copy of Strings/ (--strict), a refused one changes nothing, lint passes, the server serves it
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 300 bash scripts/check-import.sh
