#!/usr/bin/env bash
# step: the team's loop on a real app (Examples/Loop.tar.gz) with documented commands and one label-server.json: scan → XLIFF with developers' comments → import --add-new → served → resolved on /missing → lint --baseline 0, a planted error 1
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 600 bash scripts/team-loop.sh
