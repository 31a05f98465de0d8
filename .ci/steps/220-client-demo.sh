#!/usr/bin/env bash
# step: LabelClient from an app: external package compiles the README snippet, demo in two languages, launch times
set -euo pipefail
cd "$(dirname "$0")/../.."

MEASURE=10 bash scripts/client-demo.sh
