#!/usr/bin/env bash
# swift format lint with the checked-in .swift-format: every rule it turns on must hold
# over Sources/, Tests/ and Package.swift (exit 1 and the findings otherwise).
#
# swift-format always also compares each file with its pretty printer's layout and cannot
# turn that off (swiftlang/swift-format#764). This tree is laid out by hand (4 spaces, its
# own line breaks, no fixed width), so those layout categories are filtered out below,
# except TrailingWhitespace, which holds. Everything else swift-format prints (a rule's
# finding, a file it cannot parse) fails the check.
#   bash scripts/check-format.sh            lint
set -euo pipefail
cd "$(dirname "$0")/.."

layout='\[(Indentation|AddLines|RemoveLine|LineLength|Spacing|SpacingCharacter|TrailingComma|EndOfLineComment)\]'
output=$(swift format lint --strict --parallel --configuration .swift-format -r Sources Tests Package.swift 2>&1 || true)
findings=$(grep -vE "$layout" <<<"$output" | grep -v '^$' || true)
files=$(git ls-files 'Sources/*.swift' 'Tests/*.swift' Package.swift | wc -l)
if [ -n "$findings" ]; then
  echo "$findings"
  echo "swift format lint: $(wc -l <<<"$findings") finding(s) in $files files (rules in .swift-format)"
  exit 1
fi
echo "swift format lint: $files files, no findings (layout categories not checked, see scripts/check-format.sh)"
