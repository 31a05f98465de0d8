#!/usr/bin/env bash
# step: reload memory: 7 big/small reloads of a generated store stay within 1.2x of the first
set -euo pipefail
cd "$(dirname "$0")/../.."

STRINGS_PER_LANGUAGE=20000 timeout 900 bash scripts/reload-memory.sh
