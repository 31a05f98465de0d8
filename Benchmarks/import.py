#!/usr/bin/env python3
"""`label-server import` at a large translation round's size: 100 languages x 800 units in <= 2 s.

Generates one bundle folder (English .strings and .stringsdict as the development
language) and one XLIFF per language (600 `.strings` units and 40 plural keys of
5 stringsdict units each = 800 units), then times, with the given binary:
  1. the first import (writes 200 files),
  2. the same import again (every file unchanged, nothing written),
  3. a --dry-run of a changed import.
Each is the best of --rounds runs (a fresh copy of the bundle for the first).

With --one-line every XLIFF is written on a single line (no newline between units),
the layout some CAT tools return; the target is the same.

--catalog-keys N adds a row: one full language (N units) imported into a String
Catalog of N keys (target 1 s). --attributes N adds a row: an XLIFF whose root has N
attributes, the last repeating the first (refused; target 2 s). --large-mib M adds a
row: one XLIFF of about M MiB on one line (at most 64, the reader's limit) imported into
an empty bundle (target 10 s and 512 MiB peak memory, from the child's ru_maxrss).

  python3 Benchmarks/import.py --binary .build/release/label-server [--languages 100] [--rounds 3] [--one-line]
      [--catalog-keys 8000] [--attributes 40000] [--large-mib 64]
"""
import argparse
import os
import resource
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


class OneLine:
    """A text file that drops every newline written to it."""

    def __init__(self, f):
        self.f = f

    def write(self, text):
        self.f.write(text.replace("\n", ""))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def xliff(path, language, suffix="", one_line=False):
    raw = open(path, "w", encoding="utf-8")
    with (OneLine(raw) if one_line else raw) as f:
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


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, expect=0):
    """(wall seconds, CPU seconds of the child): on a shared machine the CPU time is the
    comparable figure."""
    start, cpu = time.perf_counter(), child_cpu()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != expect:
        sys.exit(f"{' '.join(command[:3])}... exited {result.returncode}: {result.stderr}")
    return elapsed, child_cpu() - cpu


def peak_mib():
    """The largest resident set of any child so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def catalog_row(binary, work, keys, rounds):
    """A String Catalog of `keys` keys, English only, and one XLIFF filling German."""
    template = os.path.join(work, "catalog-template")
    os.makedirs(template)
    with open(os.path.join(template, "Localizable.xcstrings"), "w", encoding="utf-8") as f:
        f.write('{\n  "sourceLanguage" : "en",\n  "strings" : {\n')
        for i in range(keys):
            f.write(f'    "key.{i}" : {{\n      "localizations" : {{\n        "en" : {{\n          "stringUnit" : {{\n'
                    f'            "state" : "translated",\n            "value" : "Label {i} for %@"\n          }}\n        }}\n      }}\n    }}'
                    + (",\n" if i + 1 < keys else "\n"))
        f.write('  },\n  "version" : "1.0"\n}\n')
    path = os.path.join(work, "catalog-de.xliff")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n')
        f.write('<file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">\n<body>\n')
        for i in range(keys):
            f.write(f'<trans-unit id="key.{i}"><source>Label {i} for %@</source><target state="translated">Etikett {i} für %@</target></trans-unit>\n')
        f.write("</body>\n</file>\n</xliff>\n")
    runs = []
    for _ in range(rounds):
        bundle = os.path.join(work, "catalog-bundle")
        shutil.rmtree(bundle, ignore_errors=True)
        shutil.copytree(template, bundle)
        runs.append(timed([binary, "import", path, "--into", bundle]))
    return min(runs)


def attributes_row(binary, work, count, rounds):
    """An XLIFF whose root has `count` attributes, the last one repeating the first."""
    path = os.path.join(work, "attributes.xliff")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<xliff version="1.2"')
        for i in range(count - 1):
            f.write(f' a{i}="x"')
        f.write(' a0="y"/>\n')
    bundle = os.path.join(work, "attributes-bundle")
    os.makedirs(bundle, exist_ok=True)
    return min(timed([binary, "import", path, "--into", bundle], expect=1) for _ in range(rounds))


def large_row(binary, work, mib, rounds):
    """One XLIFF of about `mib` MiB on one line: `.strings` units into an empty bundle."""
    path = os.path.join(work, "large.xliff")
    limit = min(mib, 64) * (1 << 20) - 200
    with open(path, "w", encoding="utf-8") as f:
        head = ('<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2"><file original="Localizable.strings" '
                'source-language="en" target-language="de"><body>')
        tail = "</body></file></xliff>"
        f.write(head)
        size, i = len(head) + len(tail), 0
        while True:
            unit = f'<trans-unit id="key.{i}"><source>Label number {i} for %@</source><target>Etikett {i} für %@</target></trans-unit>'
            # The reader takes at most 1,200,000 elements (XMLTreeReader.maximumElements):
            # 399,990 units of three is the most a processed file holds.
            if size + len(unit.encode()) > limit or i == 399_990:
                break
            f.write(unit)
            size += len(unit.encode())
            i += 1
        f.write(tail)
    runs = []
    for _ in range(rounds):
        bundle = os.path.join(work, "large-bundle")
        shutil.rmtree(bundle, ignore_errors=True)
        os.makedirs(bundle)
        runs.append(timed([binary, "import", path, "--into", bundle]))
    return min(runs), os.path.getsize(path), i


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--languages", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--target", type=float, default=2.0)
    parser.add_argument("--one-line", action="store_true", help="write each XLIFF on one line")
    parser.add_argument("--catalog-keys", type=int, default=0)
    parser.add_argument("--attributes", type=int, default=0)
    parser.add_argument("--large-mib", type=int, default=0)
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
            xliff(files[-1], language, one_line=options.one_line)
            changed.append(os.path.join(work, f"{language}-changed.xliff"))
            xliff(changed[-1], language, suffix="!", one_line=options.one_line)
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
        layout = "one line per file" if options.one_line else "a line per element"
        print(f"{options.languages} languages, {units} units, {size / 1e6:.1f} MB of XLIFF ({layout}), {written} files written")
        print("| import | best s | CPU s | target s | ok |")
        print("|---|---|---|---|---|")
        rows = [(name, min(runs), options.target) for name, runs in
                (("first (writes every file)", first), ("again (all unchanged)", again), ("changed, --dry-run", dry))]
        if options.catalog_keys:
            rows.append((f"{options.catalog_keys}-key catalog, one full language", catalog_row(options.binary, work, options.catalog_keys, options.rounds), 1.0))
        if options.attributes:
            rows.append((f"{options.attributes} attributes in one element (refused)", attributes_row(options.binary, work, options.attributes, options.rounds), 2.0))
        if options.large_mib:
            best, size, count = large_row(options.binary, work, options.large_mib, options.rounds)
            rows.append((f"{size / (1 << 20):.1f} MiB on one line, {count} units", best, 10.0))
        ok = True
        for name, (best, cpu), target in rows:
            ok = ok and best <= target
            print(f"| {name} | {best:.2f} | {cpu:.2f} | {target:.2f} | {'yes' if best <= target else 'NO'} |")
        if options.large_mib:
            peak = peak_mib()
            ok = ok and peak <= 512
            print(f"peak resident memory of any run: {peak:.0f} MiB (target 512): {'yes' if peak <= 512 else 'NO'}")
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
