#!/usr/bin/env bash
# step: no function over 80 lines outside generated code; docs/architecture.md's target arrows match Package.swift
set -euo pipefail
cd "$(dirname "$0")/../.."

python3 scripts/check-function-length.py
python3 scripts/check-layout.py
