#!/usr/bin/env bash
# The translator pages in a real browser: installs Debian's chromium and
# libxml2-utils if missing, fetches axe-core from PyPI (the axe.min.js that the
# axe-playwright-python wheel ships; Playwright itself is not installed), and
# runs scripts/check-browser.py against the real server on loopback with hostile
# keys recorded. Screenshots go to docs/ (SCREENSHOTS=0 leaves docs/ untouched).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v xmllint >/dev/null || need+=(libxml2-utils)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  for attempt in 1 2 3 4 5 6; do
    if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; then break; fi
    echo "apt busy (attempt $attempt); retrying"; sleep 10
  done
fi
pip() { python3 -m pip "$@" --disable-pip-version-check -q 2>/dev/null || python3 -m pip "$@" --disable-pip-version-check -q --break-system-packages; }
python3 -c 'import websockets' 2>/dev/null || pip install 'websockets>=12'
axe_dir=${AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/label-server-axe}
axe="$axe_dir/axe_playwright_python/axe.min.js"
if ! [ -f "$axe" ]; then
  mkdir -p "$axe_dir"
  python3 -m pip download --disable-pip-version-check -q --no-deps --dest "$axe_dir" 'axe-playwright-python==0.1.8'
  (cd "$axe_dir" && python3 -m zipfile -e axe_playwright_python-0.1.8-py3-none-any.whl .)
fi
# LABEL_SERVER_BIN picks another build (the release one, for render-time figures).
if [ -z "${LABEL_SERVER_BIN:-}" ]; then
  swift build --product label-server >/dev/null
  LABEL_SERVER_BIN="$(swift build --show-bin-path)/label-server"
fi
exec python3 scripts/check-browser.py "$LABEL_SERVER_BIN" "$axe"
