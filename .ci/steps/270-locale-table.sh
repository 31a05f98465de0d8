#!/usr/bin/env bash
# step: locale-matching table is what the generator makes from Babel's CLDR data
set -euo pipefail
cd "$(dirname "$0")/../.."

# The script installs its pinned Babel from PyPI; the output depends only on that version.
python3 scripts/generate-locale-data.py
git diff --exit-code -- Sources/LabelCore/Resolution/Generated/LocaleMatchingTable.swift
