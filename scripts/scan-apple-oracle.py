#!/usr/bin/env python3
"""Compares `label-server scan` with Xcode's own extraction, as apps that commit
String Catalogs record it.

In a `.xcstrings` file, a key without `extractionState` (or `extracted_with_value`)
was extracted from the code by Xcode's compiler, `manual` keys were added by hand,
`stale` ones are no longer in the code. For each app this prints the share of the
extracted keys the scan finds (literally, or by pattern for interpolated literals),
and the stale keys the scan reports as used, split by whether the code still has
the literal (Xcode marks a key stale when it no longer extracts it, e.g. after a
callee's type changed; a key whose literal is still in a recognised call is used).

usage: scan-apple-oracle.py LABEL_SERVER APP_DIR[=--function NAME,...] ...
Keys of tables named after a .xib or .storyboard file were extracted from Interface
Builder, not code: they are counted apart. Fetched apps are not part of the repository;
docs/scan.md lists the apps measured and the figures.
"""
import json
import os
import re
import subprocess
import sys

SPECIFIER = r"%(?:\d+\$)?[-+ #0']*\d*(?:\.\d+)?(?:hh|h|ll|l|q|L|z|t|j)*[@dDiuUxXoOfFeEgGcCsSpaA]"


def interface_builder_tables(app):
    """Tables Xcode extracts from .xib and .storyboard files (named after them): not code."""
    tables = set()
    for root, dirs, files in os.walk(app):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.endswith((".xib", ".storyboard")):
                tables.add(name.rsplit(".", 1)[0])
    return tables


def catalog_keys(app):
    """(table, key) -> state for every .xcstrings under app."""
    keys = {}
    for root, dirs, files in os.walk(app):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in (".build", "Pods", "Carthage", "DerivedData")]
        for name in files:
            if not name.endswith(".xcstrings"):
                continue
            table = name[: -len(".xcstrings")]
            with open(os.path.join(root, name), encoding="utf-8") as f:
                document = json.load(f)
            for key, entry in document.get("strings", {}).items():
                state = entry.get("extractionState", "extracted")
                if state == "extracted_with_value":
                    state = "extracted"
                keys[(table, key)] = state
    return keys


def scan(binary, app, extra):
    out = subprocess.run([binary, "scan", app, "--format", "json", *extra], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def found(report):
    literal = set()
    patterns = {}
    for site in report["sites"]:
        if site["key"] is None or site["table"] is None:
            continue
        if site["kind"] == "literal":
            literal.add((site["table"], site["key"]))
        else:
            parts = site["key"].split("%@")
            regex = re.compile("^" + SPECIFIER.join(re.escape(p) for p in parts) + "$", re.S)
            patterns.setdefault(site["table"], []).append(regex)
            literal.add((site["table"], site["key"]))
    return literal, patterns


def is_found(table, key, literal, patterns):
    return (table, key) in literal or any(p.match(key) for p in patterns.get(table, []))


def code_has_literal(app, key):
    needle = json.dumps(key, ensure_ascii=False)
    for root, dirs, files in os.walk(app):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.endswith((".swift", ".m", ".mm", ".h")):
                try:
                    with open(os.path.join(root, name), encoding="utf-8") as f:
                        if needle in f.read():
                            return True
                except (OSError, UnicodeDecodeError):
                    pass
    return False


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    binary = sys.argv[1]
    worst = 100.0
    for argument in sys.argv[2:]:
        app, _, functions = argument.partition("=")
        extra = []
        for name in filter(None, functions.split(",")):
            extra += ["--function", name]
        keys = catalog_keys(app)
        report = scan(binary, app, extra)
        literal, patterns = found(report)
        nibs = interface_builder_tables(app)
        from_nibs = [k for k, s in keys.items() if s == "extracted" and k[0] in nibs]
        extracted = [k for k, s in keys.items() if s == "extracted" and k[0] not in nibs]
        hits = [k for k in extracted if is_found(*k, literal, patterns)]
        stale = [k for k, s in keys.items() if s == "stale"]
        stale_used = [k for k in stale if is_found(*k, literal, patterns)]
        still_in_code = [k for k in stale_used if code_has_literal(app, k[1])]
        share = 100.0 * len(hits) / len(extracted) if extracted else 100.0
        worst = min(worst, share)
        print(f"{os.path.basename(app.rstrip('/'))}: {report['summary']['files']} files, {len(report['sites'])} sites; "
              f"extracted keys found {len(hits)}/{len(extracted)} = {share:.1f}%; "
              f"manual {sum(1 for s in keys.values() if s == 'manual')}; "
              f"from Interface Builder (not code) {len(from_nibs)}; "
              f"stale {len(stale)}, reported used {len(stale_used)} (literal still in code: {len(still_in_code)})")
        if os.environ.get("VERBOSE"):
            for k in sorted(set(extracted) - set(hits)):
                print("   not found:", k)
            for k in stale_used:
                print("   stale used:", k, "in code" if k in still_in_code else "NOT in code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
