#!/usr/bin/env bash
# step: store watch: one change reloads once, quiet or broken stores never reload, a write right after listening is seen, ConfigMap swap
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build --product label-server >/dev/null
timeout 300 python3 scripts/check-watch.py "$(swift build --show-bin-path)/label-server"
