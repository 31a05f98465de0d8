#!/usr/bin/env bash
# step: soak: bounded wrk rounds on 127.0.0.1, no non-2xx, RSS flat after warm-up
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/soak.sh
