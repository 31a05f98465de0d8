#!/usr/bin/env bash
# step: request path fuzz: 60 s of libFuzzer + ASan, parser -> LabelService.respond(to:context:) -> encoder over Strings/ and Fuzz/Stores/hostile
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 900 bash scripts/fuzz-requests.sh 60 2>&1 | tail -n 25
