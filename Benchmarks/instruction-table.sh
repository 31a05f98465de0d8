#!/usr/bin/env bash
# The table "Instructions per request" in Benchmarks/README.md: Benchmarks/profile.sh over
# each route, printed as a Markdown table (route, request, instructions per request).
# Instruction counts do not depend on the machine's load; one binary still moves by a few
# hundred a route between runs (hash seeds), so compare rows of one run, not single figures.
#
#   Benchmarks/instruction-table.sh BINARY     # a release build: swift build -c release
# Env: REQUESTS (20000 per route; the report pages get a quarter), NGINX (1: the launch
#      304 row also runs nginx, run.sh's anchor, on the same requests and prints its figure).
# The CI budgets (.ci/steps/190-instruction-budget.sh) run 2,000 requests: the rows
# "as CI" are that run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:?usage: instruction-table.sh BINARY}
REQUESTS=${REQUESTS:-20000}
NGINX=${NGINX:-1}

label='/labels/coins.count?lang=de&count=3'
# route|path|requests|environment for profile.sh (space-separated assignments)
rows=(
    "label|$label|$REQUESTS|"
    "label, 2,000 requests (as CI)|$label|2000|"
    "label as text/plain|$label|$REQUESTS|HEADERS=Accept:_text/plain"
    "miss|/labels/no.such.key?lang=de|$REQUESTS|"
    "bundle, identity|/labels?lang=de|$REQUESTS|"
    "bundle with table and format (the decoded query)|/labels?lang=de&table=Localizable&format=json|$REQUESTS|"
    "launch 304 (gzip, If-None-Match)|/labels?lang=de|$REQUESTS|REVALIDATE=1"
    "launch 304, 2,000 requests (as CI)|/labels?lang=de|2000|REVALIDATE=1 NGINX=$NGINX"
    "/missing report (JSON)|/missing|$((REQUESTS / 4))|"
    "/missing translator page (HTML)|/missing?format=html|$((REQUESTS / 4))|"
)

commas() { python3 -c "import sys; print(f'{int(sys.argv[1]):,}')" "$1"; }

echo "| route | request | instructions per request |"
echo "|---|---|---:|"
nginx_line=
for row in "${rows[@]}"; do
    IFS='|' read -r name path count environment <<<"$row"
    settings=()
    for each in $environment; do settings+=("${each//_/ }"); done
    output=$(env REQUESTS="$count" TOP=0 "${settings[@]}" bash "$root/Benchmarks/profile.sh" "$binary" "$path")
    ours=$(sed -n 's/^instructions per request: //p' <<<"$output")
    printf '| %s | `%s` | %s |\n' "$name" "$path" "$(commas "$ours")"
    nginx=$(sed -n 's/^nginx \([^,]*\), the same requests.*: \([0-9]*\) instructions per request; ours ÷ nginx: \(.*\)$/\1|\2|\3/p' <<<"$output")
    if [[ -n $nginx ]]; then
        IFS='|' read -r version theirs ratio <<<"$nginx"
        nginx_line="nginx $version answers the same 304 requests in $(commas "$theirs") instructions (ours ÷ nginx: $ratio)."
    fi
done
[[ -z $nginx_line ]] || { echo; echo "$nginx_line"; }
