#!/usr/bin/env bash
# The pseudo-locale oracle fixture (Tests/LabelCoreTests/Fixtures/Pseudo/aapt-oracle.json.gz):
#   generate-pseudo-oracle.sh [CORPUS]   regenerate it from the corpus stores (default ../shared/corpus)
#   generate-pseudo-oracle.sh --check    run Debian's aapt again over its values: every en-XA and
#                                        ar-XB output must equal the committed one
# Installs aapt and android-framework-res (Debian) when missing, as scripts/check-android.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
fixture=Tests/LabelCoreTests/Fixtures/Pseudo/aapt-oracle.json.gz
if ! command -v aapt >/dev/null || [ ! -f /usr/share/android-framework-res/framework-res.apk ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq aapt android-framework-res >/dev/null
fi
if [ "${1:-}" = "--check" ]; then
  exec python3 scripts/generate-pseudo-oracle.py --check "$fixture"
fi
exec python3 scripts/generate-pseudo-oracle.py "${1:-../shared/corpus}" "$fixture"
