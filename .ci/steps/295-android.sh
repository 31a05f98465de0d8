#!/usr/bin/env bash
# step: android: export and format=android compile and link with aapt2, dumped values equal the Apple side, java.util.Formatter renders as the server
set -euo pipefail
cd "$(dirname "$0")/../.."

# Installs aapt and android-framework-res (Debian) when missing; reads ../shared/corpus when present.
# The 110,000-string export time is a benchmark (Benchmarks/android-export.sh), not a CI gate.
ANDROID_SKIP_BENCHMARK=1 timeout 1500 bash scripts/check-android.sh
