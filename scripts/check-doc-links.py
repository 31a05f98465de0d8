#!/usr/bin/env python3
"""Checks that every relative link in the project's Markdown resolves.

Files: README.md, docs/**/*.md, Benchmarks/README.md, Strings/README.md. Links:
Markdown links and images, and HTML `href`/`src` attributes, outside code. A link
resolves when its path exists (relative to the file); a `#fragment` must name a
heading of the target Markdown file (GitHub's slugs). Web links are not fetched.
Exits 1 and lists each broken link as FILE:LINE: target (reason).
"""
import glob
import os
import re
import sys

FILES = ["README.md", "Benchmarks/README.md", "Strings/README.md", *sorted(glob.glob("docs/**/*.md", recursive=True))]
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML = re.compile(r"""<(?:a|img)\b[^>]*?\b(?:href|src)=["']([^"']+)["']""", re.I)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def prose_lines(text, keep_code=False):
    """Yields (line number, line) outside fenced code, with inline code removed
    (or, with keep_code, only its backticks)."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        marker = re.match(r"^\s*(```+|~~~+)", line)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * 3
            elif marker.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            yield number, line.replace("`", "") if keep_code else re.sub(r"(`+)(?:(?!\1).)+?\1", "", line)


def slug(heading):
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, result = {}, set()
        text = open(path, encoding="utf-8").read()
        for _, line in prose_lines(text, keep_code=True):
            heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                base = slug(heading.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                result.add(base if count == 0 else f"{base}-{count}")
        result.update(re.findall(r"""<a\s+(?:name|id)=["']([^"']+)["']""", text))
        cache[path] = result
    return cache[path]


def check(file):
    problems = []
    text = open(file, encoding="utf-8").read()
    for number, line in prose_lines(text):
        for target in LINK.findall(line) + HTML.findall(line):
            if EXTERNAL.match(target):
                continue
            path, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(file), path)) if path else file
            if not os.path.exists(resolved):
                problems.append(f"{file}:{number}: {target} (no such file: {resolved})")
            elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                problems.append(f"{file}:{number}: {target} (no heading #{fragment} in {resolved})")
            elif fragment and os.path.isdir(resolved):
                problems.append(f"{file}:{number}: {target} (a fragment on a folder)")
    return problems


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    files = [f for f in FILES if os.path.exists(f)]
    problems = [p for f in files for p in check(f)]
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(f"{len(problems)} broken links in {len(files)} files")
    print(f"every relative link resolves ({len(files)} files)")


main()
