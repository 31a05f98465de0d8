#!/usr/bin/env bash
# step: swift format lint: the rules .swift-format turns on hold over Sources, Tests and Package.swift
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/check-format.sh
