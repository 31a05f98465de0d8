#!/usr/bin/env bash
# step: image: the unmodified Dockerfile built with podman (local base images) and run: label, HEALTHCHECK, user, stop, volume, group 0, refusal, Redis
set -euo pipefail
cd "$(dirname "$0")/../.."

# Installs podman, debootstrap and runc when missing; makes debian:bookworm-slim and
# swift:6.3.1-bookworm locally (cached in podman's storage, keyed by their inputs);
# builds with --format docker. Its last line: `image TAG ID SIZE_MB BUILD_S`.
tag=localhost/label-server:ci-$$
start=$(date +%s%N)
build_log=$(mktemp)
trap 'podman rmi -f "$tag" >/dev/null 2>&1 || true; rm -f "$build_log"' EXIT
if ! bash scripts/build-image.sh "$tag" 2>&1 | tee "$build_log"; then
  echo "scripts/build-image.sh failed"
  exit 1
fi
read -r _ _ id size_mb build_s < <(grep '^image ' "$build_log" | tail -n1)
bash scripts/check-image.sh "$tag"
total_s=$(awk -v n="$(($(date +%s%N) - start))" 'BEGIN{printf "%.0f", n/1e9}')
echo "image $id: $size_mb MB, podman build ${build_s} s, whole step ${total_s} s"
