#!/usr/bin/env bash
# step: deploy: Dockerfile in step with README, hadolint, Kubernetes manifests, HEALTHCHECK
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/check-deploy.sh
