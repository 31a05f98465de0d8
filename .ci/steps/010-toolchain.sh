#!/usr/bin/env bash
# step: toolchain and system libraries
set -euo pipefail
cd "$(dirname "$0")/../.."

swift --version
# CZlib links the system zlib; Swift's own images ship it, a bare Debian may not.
if ! [ -f /usr/include/zlib.h ]; then
  apt-get update -qq && apt-get install -y -qq zlib1g-dev
fi

# xmllint validates the XLIFF export against the vendored OASIS schema in swift test.
command -v xmllint >/dev/null || { apt-get update -qq && apt-get install -y -qq libxml2-utils >/dev/null; }
