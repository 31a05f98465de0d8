#!/usr/bin/env bash
# step: docs: configuration.md is what serve --help prints; every relative link resolves; the README's Swift snippets compile in Examples/
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --product label-server >/dev/null
bash scripts/check-configuration-doc.sh "$(swift build --show-bin-path)/label-server"
python3 scripts/check-doc-links.py
python3 scripts/check-readme-snippets.py
