#!/usr/bin/env python3
"""Generate the language-matching table (likely subtags, aliases, parent locales) from CLDR.

Usage (from the repository root):

    python3 scripts/generate-locale-data.py

Installs Babel (pinned, from PyPI) when it is not importable and reads the CLDR
supplemental data Babel ships: likelySubtags, languageAlias and parentLocales.
Babel is needed only here, at generation time; the generated Swift file is
committed and nothing at build, run or test time reads Babel or ../shared.

Writes Sources/LabelCore/Resolution/Generated/LocaleMatchingTable.swift: three
string literals (one entry a line, lines sorted by byte), which the Swift side
binary-searches in place. The output depends only on the pinned Babel version,
so CI regenerates it and diffs.

The CLDR data is under the Unicode License V3 (scripts/LICENSE-Unicode-V3.txt).
"""

import os
import subprocess
import sys

BABEL_VERSION = "2.17.0"

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE_PATH = os.path.join(REPO_ROOT, "Sources", "LabelCore", "Resolution", "Generated", "LocaleMatchingTable.swift")

# Macrolanguage equivalences Apple's Bundle applies that CLDR's alias data no longer
# carries: CLDR 44 made `no` canonical (no alias to `nb`), but apps ship `nb.lproj`
# and Bundle finds it for `no`.
EXTRA_LANGUAGE_ALIASES = {"no": "nb"}


def load_babel():
    try:
        import babel
        if babel.__version__ == BABEL_VERSION:
            return babel
    except ImportError:
        pass
    base = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", f"babel=={BABEL_VERSION}"]
    if subprocess.call(base) != 0:
        subprocess.check_call(base + ["--break-system-packages"])
    import importlib
    import babel
    importlib.reload(babel)
    if babel.__version__ != BABEL_VERSION:
        sys.exit(f"need Babel {BABEL_VERSION}, found {babel.__version__}")
    return babel


def tag(cldr_id):
    return cldr_id.replace("_", "-")


def simple(value):
    parts = value.split("_")
    return all(p.isalnum() and p.isascii() for p in parts)


def main():
    babel = load_babel()
    from babel.core import get_global

    likely = get_global("likely_subtags")
    aliases = dict(get_global("language_aliases"))
    for key, value in EXTRA_LANGUAGE_ALIASES.items():
        aliases.setdefault(key, value)
    parents = get_global("parent_exceptions")

    likely_lines = sorted(f"{tag(k)}>{tag(v)}" for k, v in likely.items() if simple(k) and simple(v))
    # Language aliases only (keys without subtags); values may add a script or region (sh → sr-Latn).
    alias_lines = sorted(f"{tag(k)}>{tag(v)}" for k, v in aliases.items() if "_" not in k and simple(v))
    parent_lines = sorted(f"{tag(k)}>{tag(v)}" for k, v in parents.items() if simple(k) and simple(v) and v != "root")

    def literal(name, doc, lines):
        out = [f"    /// {doc}", f"    static let {name} = #\"\"\""]
        out += [f"    {line}" for line in lines]
        out.append("    \"\"\"#")
        return out

    swift = [
        "// GENERATED FILE: do not edit. Regenerate with scripts/generate-locale-data.py.",
        f"// Source: CLDR supplemental data as shipped by Babel {BABEL_VERSION} (likelySubtags,",
        "// languageAlias, parentLocales), plus the `no` → `nb` equivalence Bundle applies.",
        "// CLDR data: Copyright © Unicode, Inc., Unicode License V3 (scripts/LICENSE-Unicode-V3.txt).",
        "",
        "/// CLDR data for matching requested languages to `.lproj` folders, one `from>to` a line.",
        "///",
        "/// String literals rather than dictionary literals so the file type-checks instantly;",
        "/// lines are sorted by byte, and ``LocaleTable`` binary-searches them in place.",
        "enum LocaleMatchingTable {",
        f"    static let babelVersion = \"{BABEL_VERSION}\"",
        "",
    ]
    swift += literal("likelySubtags", "likelySubtags: a partial tag → its most likely full tag (`de>de-Latn-DE`).", likely_lines)
    swift.append("")
    swift += literal("languageAliases", "languageAlias for bare language codes (`iw>he`, `sh>sr-Latn`).", alias_lines)
    swift.append("")
    swift += literal("parentLocales", "parentLocales where the parent is not the truncation (`es-MX>es-419`).", parent_lines)
    swift.append("}")
    swift.append("")
    with open(TABLE_PATH, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(swift))
    print(f"wrote {os.path.relpath(TABLE_PATH, REPO_ROOT)}: {len(likely_lines)} likely subtags, "
          f"{len(alias_lines)} aliases, {len(parent_lines)} parent locales")


if __name__ == "__main__":
    main()
