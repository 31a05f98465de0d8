#!/usr/bin/env bash
# step: openapi.yaml validates (OpenAPI 3.1)
set -euo pipefail
cd "$(dirname "$0")/../.."

python3 -m pip install -q --disable-pip-version-check openapi-spec-validator >/dev/null 2>&1 || \
  python3 -m pip install -q --disable-pip-version-check --break-system-packages openapi-spec-validator
python3 -m openapi_spec_validator openapi.yaml
