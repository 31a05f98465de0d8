#!/usr/bin/env python3
"""`label-server import` at a large translation round's size: 100 languages x 800 units in <= 2 s.

Generates one bundle folder (English .strings and .stringsdict as the development
language) and one XLIFF per language (600 `.strings` units and 40 plural keys of
5 stringsdict units each = 800 units), then times, with the given binary:
  1. the first import (writes 200 files),
  2. the same import again (every file unchanged, nothing written),
  3. a --dry-run of a changed import.
Each is the best of --rounds runs (a fresh copy of the bundle for the first).

  python3 Benchmarks/import.py --binary .build/release/label-server [--languages 100] [--rounds 3]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

STRINGS, PLURALS = 600, 40
CATEGORIES = ["one", "few", "many", "other"]


def english(bundle):
    os.makedirs(os.path.join(bundle, "en.lproj"))
    with open(os.path.join(bundle, "en.lproj", "Localizable.strings"), "w", encoding="utf-8") as f:
        for i in range(STRINGS):
            f.write(f'/* Label {i}. */\n"key.{i}.label" = "Label number {i} for %@";\n\n')
    with open(os.path.join(bundle, "en.lproj", "Localizable.stringsdict"), "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n')
        for i in range(PLURALS):
            f.write(f"\t<key>count.{i}</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@n@</string>\n"
                    "\t\t<key>n</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
                    "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n"
                    f"\t\t\t<key>one</key>\n\t\t\t<string>%d item {i}</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d items {i}</string>\n"
                    "\t\t</dict>\n\t</dict>\n")
        f.write("</dict>\n</plist>\n")


def xliff(path, language, suffix=""):
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n')
        f.write(f'<file original="App/en.lproj/Localizable.strings" source-language="en" target-language="{language}" datatype="plaintext">\n<body>\n')
        for i in range(STRINGS):
            f.write(f'<trans-unit id="key.{i}.label" xml:space="preserve">\n<source>Label number {i} for %@</source>\n'
                    f'<target state="translated">[{language}] Label {i} für %@{suffix}</target>\n<note>Label {i}.</note>\n</trans-unit>\n')
        f.write("</body>\n</file>\n")
        f.write(f'<file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="{language}" datatype="plaintext">\n<body>\n')
        for i in range(PLURALS):
            f.write(f'<trans-unit id="/count.{i}:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source><target>%#@n@</target></trans-unit>\n')
            for category in CATEGORIES:
                f.write(f'<trans-unit id="/count.{i}:dict/n:dict/{category}:dict/:string"><source>%d items {i}</source>'
                        f'<target>[{language}] %d {category} {i}{suffix}</target></trans-unit>\n')
        f.write("</body>\n</file>\n</xliff>\n")


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command[:3])}... exited {result.returncode}: {result.stderr}")
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--languages", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--target", type=float, default=2.0)
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="import-bench-")
    try:
        template = os.path.join(work, "template")
        english(template)
        # Real tags with distinct plural rules first, then regional variants up to the count.
        real = ["de", "fr", "ru", "pl", "ar", "ja", "uk", "cs", "es", "it", "pt-BR", "zh-Hans", "he", "ro", "lt"]
        languages = (real + [f"en-{c}" for c in ("AU", "CA", "GB", "IE", "IN", "NZ", "ZA", "SG")] +
                     [f"de-{c}" for c in ("AT", "CH", "LI", "LU", "BE")])
        regions = [f"{a}{b}" for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
        while len(languages) < options.languages:
            languages.append(f"fr-{regions[len(languages)]}")
        languages = languages[:options.languages]
        files, changed = [], []
        for language in languages:
            files.append(os.path.join(work, f"{language}.xliff"))
            xliff(files[-1], language)
            changed.append(os.path.join(work, f"{language}-changed.xliff"))
            xliff(changed[-1], language, suffix="!")
        units = options.languages * (STRINGS + PLURALS * (1 + len(CATEGORIES)))
        size = sum(os.path.getsize(f) for f in files)
        first, again, dry = [], [], []
        for _ in range(options.rounds):
            bundle = os.path.join(work, "bundle")
            shutil.rmtree(bundle, ignore_errors=True)
            shutil.copytree(template, bundle)
            first.append(timed([options.binary, "import", *files, "--into", bundle]))
            again.append(timed([options.binary, "import", *files, "--into", bundle]))
            dry.append(timed([options.binary, "import", *changed, "--into", bundle, "--dry-run"]))
        written = sum(len(os.listdir(os.path.join(bundle, d))) for d in os.listdir(bundle) if d.endswith(".lproj")) - 2
        print(f"{options.languages} languages, {units} units, {size / 1e6:.1f} MB of XLIFF, {written} files written")
        print("| import | best s | target s | ok |")
        print("|---|---|---|---|")
        for name, runs in (("first (writes every file)", first), ("again (all unchanged)", again), ("changed, --dry-run", dry)):
            best = min(runs)
            print(f"| {name} | {best:.2f} | {options.target:.2f} | {'yes' if best <= options.target else 'NO'} |")
        return 0 if min(first) <= options.target else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
