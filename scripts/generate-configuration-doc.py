#!/usr/bin/env python3
"""Writes the generated part of docs/configuration.md from `label-server serve --help`.

`--help` is printed from `ServeConfiguration.settings` and `StoreOptions` (the table the
options are parsed with), so the doc is generated from the same table. Only the block
between the two markers is replaced; the text around it is written by hand.

    python3 scripts/generate-configuration-doc.py BINARY           # rewrite the block
    python3 scripts/generate-configuration-doc.py BINARY --check   # exit 1 if stale
"""
import difflib
import re
import subprocess
import sys

DOC = "docs/configuration.md"
BEGIN = "<!-- generated from `label-server serve --help` by scripts/generate-configuration-doc.py: begin -->"
END = "<!-- generated: end -->"
OPTION = re.compile(r"^\s*(--[a-z][a-z0-9-]*)(?: ([A-Z][A-Z-]*))?\s{2,}(.*?) \((LABEL_SERVER_[A-Z0-9_]+), default: ?(.*)\)\s*$")


def sections(help_text):
    """Splits man-page style help into {HEADING: [lines]} (headings are unindented caps)."""
    result, current = {}, None
    for line in help_text.splitlines():
        heading = re.match(r"^([A-Z][A-Z ]+):?$", line)
        if heading:
            current = heading.group(1).strip()
            result[current] = []
        elif current:
            result[current].append(line)
    return result


def cell(text):
    return text.replace("|", "\\|")


def generate(help_text):
    parts = sections(help_text)
    options = parts.get("OPTIONS")
    if not options:
        sys.exit("no OPTIONS section in `serve --help`")
    rows = []
    for line in options:
        if not line.strip() or line.strip().startswith("-h, --help"):
            continue
        m = OPTION.match(line)
        if not m:
            sys.exit(f"cannot read this option line of `serve --help`: {line!r}")
        flag, metavar, meaning, variable, default = m.groups()
        shown = f"`{flag} {metavar}`" if metavar else f"`{flag}`"
        default = f"`{default}`" if default else "empty"
        rows.append(f"| {shown} | `{variable}` | {default} | {cell(meaning)} |")
    if len(rows) < 10:
        sys.exit(f"only {len(rows)} options read from `serve --help`; has its format changed?")
    out = [BEGIN, "", "| flag | environment | default | meaning |", "|---|---|---|---|", *rows, ""]
    for title in ("ENVIRONMENT", "EXIT STATUS"):
        text = " ".join(l.strip() for l in parts.get(title, []) if l.strip())
        if text:
            out += [f"**{title.capitalize()}.** {text}", ""]
    out.append(END)
    return "\n".join(out)


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    if len(args) != 1:
        sys.exit(__doc__)
    help_text = subprocess.run([args[0], "serve", "--help"], check=True, capture_output=True, text=True).stdout
    block = generate(help_text)
    doc = open(DOC, encoding="utf-8").read()
    start, end = doc.find(BEGIN), doc.find(END)
    if start < 0 or end < start:
        sys.exit(f"{DOC} lacks the generated-block markers")
    updated = doc[:start] + block + doc[end + len(END):]
    if "--check" in sys.argv[1:]:
        if updated != doc:
            sys.stdout.writelines(difflib.unified_diff(doc.splitlines(True), updated.splitlines(True), DOC, DOC + " (generated)"))
            sys.exit(f"{DOC} is stale: run python3 scripts/generate-configuration-doc.py {args[0]}")
        print(f"{DOC} matches `label-server serve --help`")
    else:
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(updated)
        print(f"wrote {DOC}")


main()
