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

# The Redis client's tests start their own redis-server on loopback (Tests/TestSupport/
# RedisServerProcess.swift; under CI=true a missing one fails them). The package's own
# service is not wanted: it would hold 6379 and run unattended, so it is stopped and kept
# from starting (policy-rc.d while installing; systemctl where systemd runs).
if ! command -v redis-server >/dev/null; then
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && trap 'rm -f "$policy"' EXIT; fi
  apt-get update -qq && apt-get install -y -qq redis-server >/dev/null
fi
if command -v systemctl >/dev/null && systemctl is-active --quiet redis-server 2>/dev/null; then
  systemctl stop redis-server && systemctl disable --quiet redis-server || true
fi
redis-server --version
