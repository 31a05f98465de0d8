#!/usr/bin/env python3
"""Generate the CLDR cardinal plural rule table and its sample fixture.

Usage (from the repository root):

    python3 scripts/generate-plural-rules.py [path/to/plurals.json]

The default input is ../shared/cldr/cldr-48/plurals.json relative to the
repository root (the unicode-org/cldr-json `cldr-core/supplemental/plurals.json`).

Writes:
  Sources/LabelCore/Plurals/Generated/PluralRuleTable.swift
      Every locale's rule conditions (samples stripped) as one string literal per
      locale, and one `static let` per locale that parses it on first use, so only
      the locales served are ever parsed. String literals keep type-checking
      instant, unlike a large dictionary literal of tuples.
  Tests/LabelCoreTests/Fixtures/plural-samples.tsv
      Every `@integer` / `@decimal` sample of every locale, ranges expanded.

The CLDR data is under the Unicode License V3; its text is kept next to this
script as scripts/LICENSE-Unicode-V3.txt. Python 3 standard library only.
"""

import json
import os
import re
import sys

CATEGORY_ORDER = ["zero", "one", "two", "few", "many", "other"]
RANGE_CAP = 50  # values per `a~b` range in the fixture; both ends always kept

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_INPUT = os.path.join(REPO_ROOT, "..", "shared", "cldr", "cldr-48", "plurals.json")
TABLE_PATH = os.path.join(REPO_ROOT, "Sources", "LabelCore", "Plurals", "Generated", "PluralRuleTable.swift")
SAMPLES_PATH = os.path.join(REPO_ROOT, "Tests", "LabelCoreTests", "Fixtures", "plural-samples.tsv")

# A condition may only use the rule language's own characters; anything else
# would also risk breaking the Swift raw string literal.
CONDITION_CHARS = re.compile(r"^[a-z0-9 =!%.,]*$")
SAMPLE_NUMBER = re.compile(r"^\d+(\.\d+)?([ce]\d+)?$")


def split_rule(text):
    """Split `condition @integer ... @decimal ...` into (condition, [sample lists])."""
    at = text.find("@")
    condition = (text if at < 0 else text[:at]).strip()
    samples = []
    for match in re.finditer(r"@(integer|decimal)([^@]*)", text):
        samples.append((match.group(1), match.group(2)))
    return condition, samples


def expand_range(low, high):
    """Expand `low~high`; the step is the precision of the last written digit."""
    scale = len(high.split(".")[1]) if "." in high else 0
    low_fraction = len(low.split(".")[1]) if "." in low else 0
    if low_fraction != scale:
        raise ValueError(f"range ends differ in precision: {low}~{high}")

    def to_int(s):
        return int(s.replace(".", ""))

    def to_str(value):
        if scale == 0:
            return str(value)
        digits = str(value).rjust(scale + 1, "0")
        return digits[:-scale] + "." + digits[-scale:]

    start, end = to_int(low), to_int(high)
    if end < start:
        raise ValueError(f"empty range {low}~{high}")
    values = list(range(start, end + 1))
    if len(values) > RANGE_CAP:
        values = values[: RANGE_CAP - 1] + [end]
    return [to_str(v) for v in values]


def expand_samples(kind, text):
    result = []
    for item in text.split(","):
        item = item.strip()
        if item in ("", "…", "..."):
            continue  # "and more": nothing to test
        if "~" in item:
            low, high = item.split("~")
            result.extend(expand_range(low.strip(), high.strip()))
        else:
            result.append(item)
    for sample in result:
        if not SAMPLE_NUMBER.match(sample):
            raise ValueError(f"unexpected sample {sample!r} in @{kind}")
    return result


def main(argv):
    input_path = argv[1] if len(argv) > 1 else DEFAULT_INPUT
    with open(input_path, encoding="utf-8") as f:
        data = json.load(f)
    supplemental = data["supplemental"]
    version = supplemental["version"]["_cldrVersion"]
    cardinals = supplemental["plurals-type-cardinal"]

    locales = []  # (locale, its lines)
    rule_count = 0
    sample_lines = []
    sample_count = 0
    for locale in sorted(cardinals):
        if not re.match(r"^[A-Za-z0-9-]+$", locale):
            raise ValueError(f"unexpected locale id {locale!r}")
        rules = {}
        for key, text in cardinals[locale].items():
            prefix = "pluralRule-count-"
            if not key.startswith(prefix):
                raise ValueError(f"{locale}: unexpected key {key!r}")
            rules[key[len(prefix):]] = text
        unknown = set(rules) - set(CATEGORY_ORDER)
        if unknown or "other" not in rules:
            raise ValueError(f"{locale}: categories {sorted(rules)}")
        lines = []
        for category in CATEGORY_ORDER:
            if category not in rules:
                continue
            condition, samples = split_rule(rules[category])
            if not CONDITION_CHARS.match(condition):
                raise ValueError(f"{locale}/{category}: unexpected condition {condition!r}")
            if (category == "other") != (condition == ""):
                raise ValueError(f"{locale}/{category}: condition {condition!r}")
            lines.append(f"{locale}:{category}:{condition}")
            rule_count += 1
            for kind, text in samples:
                for sample in expand_samples(kind, text):
                    sample_lines.append(f"{locale}\t{category}\t{sample}")
                    sample_count += 1
        locales.append((locale, lines))

    header_source = (
        f"unicode-org/cldr-json cldr-core/supplemental/plurals.json, CLDR {version}"
    )
    swift = [
        "// GENERATED FILE: do not edit. Regenerate with scripts/generate-plural-rules.py.",
        f"// Source: {header_source}.",
        "// CLDR data: Copyright © Unicode, Inc., Unicode License V3 (scripts/LICENSE-Unicode-V3.txt).",
        "",
        "/// CLDR cardinal plural rules for every CLDR locale, as the CLDR condition text.",
        "///",
        "/// Each locale's rules are lines `locale:category:condition`, categories in CLDR",
        "/// order; `other` has an empty condition. One `static let` per locale parses them:",
        "/// Swift initialises each once, lazily and thread-safely, so only the locales a",
        "/// process uses are parsed (parsing all of them would weigh on cold",
        "/// start) and a lookup after the first takes no lock. String literals keep the",
        "/// file type-checking instantly.",
        "enum PluralRuleTable {",
        "    /// The CLDR release the rules come from.",
        f'    static let cldrVersion = "{version}"',
        "",
        "    /// CLDR locale ids, sorted; ``rules(at:)`` and ``lines`` take an index into it.",
        "    static let locales: [String] = [",
    ]
    swift += [f'        "{locale}",' for locale, _ in locales]
    swift += [
        "    ]",
        "",
        "    /// Each locale's rule lines, joined by newlines.",
        "    static let lines: [String] = [",
    ]
    swift += ['        "' + "\\n".join(lines) + '",' for _, lines in locales]
    swift += [
        "    ]",
        "",
        "    /// Every rule line of every locale (see the type's documentation).",
        '    static var source: String { lines.joined(separator: "\\n") }',
        "",
        "    /// The parsed rules of `locales[index]`.",
        "    static func rules(at index: Int) -> PluralRules {",
        "        switch index {",
    ]
    swift += [f"        case {index}: rules{index}" for index in range(len(locales))]
    swift += [
        '        default: preconditionFailure("no plural rules at \\(index)")',
        "        }",
        "    }",
        "",
    ]
    swift += [f"    private static let rules{index} = PluralRules(tableIndex: {index})" for index in range(len(locales))]
    swift += ["}", ""]

    os.makedirs(os.path.dirname(TABLE_PATH), exist_ok=True)
    with open(TABLE_PATH, "w", encoding="utf-8") as f:
        f.write("\n".join(swift))

    os.makedirs(os.path.dirname(SAMPLES_PATH), exist_ok=True)
    with open(SAMPLES_PATH, "w", encoding="utf-8") as f:
        f.write(f"# GENERATED by scripts/generate-plural-rules.py from {header_source}.\n")
        f.write("# CLDR data: Copyright © Unicode, Inc., Unicode License V3 (scripts/LICENSE-Unicode-V3.txt).\n")
        f.write("# locale<TAB>category<TAB>sample as written\n")
        f.write("\n".join(sample_lines))
        f.write("\n")

    print(
        f"CLDR {version}: {len(cardinals)} locales, {rule_count} rules, "
        f"{sample_count} samples"
    )


if __name__ == "__main__":
    main(sys.argv)
