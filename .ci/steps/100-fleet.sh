#!/usr/bin/env bash
# step: fleet: three replicas with --peers (merge, partial, recovery, fleet writes, DNS name, symlink swap, chaos)
set -euo pipefail
cd "$(dirname "$0")/../.."

# A no-op after the earlier steps; here so this step also runs alone.
swift build --product label-server >/dev/null
timeout 600 python3 scripts/check-fleet.py "$(swift build --show-bin-path)/label-server"
