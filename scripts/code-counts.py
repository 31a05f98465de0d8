#!/usr/bin/env python3
"""Prints the shape counts issue 37 asks for, for the tree it runs in (run from the root):

  public / package declarations in Sources/ (imports not counted)
  Swift files over 300 lines (Sources/ and Tests/, generated code left out)
  functions over 60 lines (as scripts/check-function-length.py measures them)
  instruction figures in Sources/ comments (comment blocks with a number within a few words of 'instructions')
  unseeded random calls in Tests/ (random(in:) / shuffled() / randomElement() without `using:`,
    SystemRandomNumberGenerator)
  sleeps in Tests/ (sleep, usleep, nanosleep, Thread.sleep, Task.sleep)

Usage: scripts/code-counts.py [--list]   (--list prints each place counted)
"""
import importlib.util
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("fl", os.path.join(here, "check-function-length.py"))
fl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fl)

MODIFIERS = (r"(?:private|fileprivate|internal|static|class|final|override|mutating|nonmutating|nonisolated|"
             r"convenience|required|lazy|weak|unowned|indirect|dynamic|open|public|package)(?:\([^)]*\))?")
DECL = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:" + MODIFIERS + r"\s+)*?(public|open|package)(?:\(set\))?\s+(?!import\b)(?![-+*/%&|^<>!=]?=)\S")
FIGURE = re.compile(r"\d[\d,.]*\s*(?:[kK%×x]|million|thousand)?\s+(?:[\w()-]+\s+){0,4}instructions?\b|\binstructions?\b(?:\W+\w+){0,4}?\W+[~≈]?\d[\d,.]*")
UNSEEDED = re.compile(r"SystemRandomNumberGenerator|\.random\((?!for:)(?![^)]*using:)[^)]*\)|\.shuffled\(\)|\.randomElement\(\)|\.shuffle\(\)")
SLEEP = re.compile(r"\b(?:usleep|nanosleep|sleep)\(|Thread\.sleep|Task\.sleep")


def swift_files(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if "Generated" in folder.split(os.sep):
            continue
        for name in sorted(files):
            path = os.path.join(folder, name)
            # A symlinked file (Tests/Shared/, Fuzz/Shared/) is counted where it really is.
            if name.endswith(".swift") and not os.path.islink(path):
                yield path


def main():
    listing = "--list" in sys.argv
    counts = {"public declarations": [], "package declarations": [], "files over 300 lines": [],
              "functions over 60 lines": [], "instruction figures in Sources/ comments": [],
              "unseeded random calls in Tests/": [], "sleeps in Tests/": []}
    for root in ("Sources", "Tests"):
        for path in swift_files(root):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            lines = text.split("\n")
            # Code with comments and literal contents blanked, for the calls counted in Tests/.
            code_lines = fl.code_only(text).split("\n")
            if len(lines) - 1 > 300:
                counts["files over 300 lines"].append(f"{path} ({len(lines) - 1})")
            for start, length, name in fl.long_functions(path, 60):
                counts["functions over 60 lines"].append(f"{path}:{start} {name} ({length})")
            block = []  # the comment block being read: (line number, text)
            for number, line in enumerate(lines + [""], 1):
                stripped = line.strip()
                if root == "Sources" and stripped.startswith("//"):
                    block.append((number, stripped))
                    continue
                if block:
                    text = " ".join(t for _, t in block).replace("processing instruction", "").replace("an instruction's", "")
                    if FIGURE.search(text):
                        counts["instruction figures in Sources/ comments"].append(f"{path}:{block[0][0]}")
                    block = []
                place = f"{path}:{number}"
                if root == "Sources":
                    match = DECL.match(line)
                    if match:
                        kind = "package" if match.group(1) == "package" else "public"
                        counts[f"{kind} declarations"].append(place)
                elif number <= len(code_lines):
                    code = code_lines[number - 1]
                    if UNSEEDED.search(code):
                        counts["unseeded random calls in Tests/"].append(place)
                    if SLEEP.search(code):
                        counts["sleeps in Tests/"].append(place)
    for name, places in counts.items():
        print(f"{len(places):6d}  {name}")
        if listing:
            for place in places:
                print(f"          {place}")


main()
