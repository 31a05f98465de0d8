#!/usr/bin/env bash
# step: descriptor exhaustion: a SIGHUP under EMFILE fails the reload, keeps the catalog, logs EMFILE on accept
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build --product label-server >/dev/null
timeout 300 python3 scripts/check-fd-exhaustion.py "$(swift build --show-bin-path)/label-server"
