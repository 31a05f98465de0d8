#!/usr/bin/env python3
"""Fails when a Swift function, initializer, deinit, subscript or accessor-free
computed body is longer than the limit (80 lines, signature to closing brace).

Usage: check-function-length.py [--limit N] [PATH...]   (default: Sources Tests Fuzz Benchmarks/Sources)

Generated code (any path with a `Generated` folder) is skipped. Braces inside
comments, string literals (plain, multi-line and raw) and character literals do
not count; that is the whole of Swift's lexical structure this needs.
"""
import os
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|open|static|class|override|final|mutating|"
    r"nonmutating|convenience|required|nonisolated|dynamic|consuming|borrowing|isolated)(?:\([^)]*\))?\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?(?=\s*[(<])|deinit\b|subscript(?=\s*[(<]))"
)
# A line that starts another declaration: the previous one had no body (a protocol requirement).
NEXT_DECLARATION = re.compile(
    r"^\s*(?:func|var|let|case|init|deinit|subscript|static|public|private|fileprivate|internal|package|"
    r"mutating|associatedtype|typealias|@|}|//|/\*)")


def code_only(text):
    """`text` with comments and literal contents blanked, line structure kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            j = i + hashes
            multiline = text.startswith('"""', j)
            quote = '"""' if multiline else '"'
            j += len(quote)
            close = quote + "#" * hashes
            while j < n:
                if text.startswith(close, j):
                    j += len(close)
                    break
                if text[j] == "\\" and not hashes:
                    j += 2
                    continue
                if text[j] == "\n" and not multiline:
                    break
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def long_functions(path, limit):
    with open(path, encoding="utf-8") as f:
        lines = code_only(f.read()).split("\n")
    found = []
    for start, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        name = match.group(1)
        # Find the body's opening brace: the first `{` outside parentheses.
        depth, body, row, col = 0, None, start, match.end()
        while row < len(lines) and body is None:
            text = lines[row]
            if row > start and depth == 0 and NEXT_DECLARATION.match(text):
                break
            for k in range(col, len(text)):
                ch = text[k]
                if ch in "([":
                    depth += 1
                elif ch in ")]":
                    depth -= 1
                elif ch == "{" and depth == 0:
                    body = (row, k)
                    break
            row, col = row + 1, 0
        if body is None:
            continue
        braces, row, col, end = 0, body[0], body[1], None
        while row < len(lines) and end is None:
            text = lines[row]
            for k in range(col, len(text)):
                if text[k] == "{":
                    braces += 1
                elif text[k] == "}":
                    braces -= 1
                    if braces == 0:
                        end = row
                        break
            row, col = row + 1, 0
        if end is not None and end - start + 1 > limit:
            found.append((start + 1, end - start + 1, name))
    return found


def main(argv):
    limit = 80
    if len(argv) >= 2 and argv[0] == "--limit":
        limit, argv = int(argv[1]), argv[2:]
    roots = argv or ["Sources", "Tests", "Fuzz", "Benchmarks/Sources"]
    failures = 0
    checked = 0
    for root in roots:
        for directory, _, files in os.walk(root):
            if "Generated" in directory.split(os.sep) or "/.build" in directory:
                continue
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                checked += 1
                for line, length, what in long_functions(path, limit):
                    print(f"{path}:{line}: {what} is {length} lines (limit {limit})")
                    failures += 1
    print(f"{checked} Swift files checked; {failures} functions over {limit} lines")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
