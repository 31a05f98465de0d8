#!/usr/bin/env bash
# step: translator pages in headless Chromium: hostile keys stay text, filters, links, XLIFF schema, axe-core, phone width
set -euo pipefail
cd "$(dirname "$0")/../.."

# Installs chromium, libxml2-utils and fonts (Debian) and axe-core (PyPI wheel) when missing.
SCREENSHOTS=0 timeout 900 bash scripts/check-browser.sh
