#!/usr/bin/env bash
# Fails when docs/configuration.md's generated table differs from what
# `label-server serve --help` prints (the options table the server parses with).
# Usage: scripts/check-configuration-doc.sh [BINARY]   (default: builds the debug binary)
# To update the doc: python3 scripts/generate-configuration-doc.py BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-}"
if [ -z "$binary" ]; then
  swift build --product label-server >/dev/null
  binary="$(swift build --show-bin-path)/label-server"
fi
python3 scripts/generate-configuration-doc.py "$binary" --check
