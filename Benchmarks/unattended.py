#!/usr/bin/env python3
"""The inputs of issue 34's "linear time and bounded memory" targets, timed against one binary.

Generates every input into a temporary folder (nothing is checked in), runs the given
`label-server` (a release build) on each, one case at a time, and prints one row per case:
wall and CPU seconds, peak RSS (GNU time), its exit status, and the bound.
A case fails when both its wall time and its CPU time exceed its bound times --slack, uses more than its memory
bound times --memory-slack (default: --slack), dies of a signal (a crash: 139 is SIGSEGV), or exits with a status the
case does not accept ("refused" is fine where the target says "refused or processed").

  python3 Benchmarks/unattended.py --binary .build/release/label-server [--slack 1] [--only scan]

Cases (the issue's table):
  import-100x800-one-line / -pretty   100 languages x 800 units, each XLIFF one line / one
                                      element per line: <= 2 s
  import-attributes-40k / -200k       one <trans-unit> with 40,000 (430 KB) / 200,000 attributes
  import-catalog-8000                 an 8,000-key String Catalog (English), one full language: <= 1 s
  import-xliff-63MiB / -64MiB         XLIFF of 63 MiB / exactly 64 MiB (the reader's limit):
                                      refused or processed in <= 10 s and <= 512 MiB
  scan-nested-30000                   30,000 nested \\(" interpolations in one Swift file: no crash
  scan-objc-continuations-25k/50k/100k  Objective-C lines each an unterminated @"...\\ continuation:
                                      linear (100k <= 1 s)
  scan-64MiB                          one 64 MiB Swift file: <= 10 s, <= 512 MiB
  lint-32MiB / export-android-32MiB   a store whose en.lproj/Localizable.strings is 32 MiB (the
  lint-64MiB / export-android-64MiB   loader's limit) / 64 MiB: refused or processed in <= 10 s, <= 512 MiB
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

MIB = 1 << 20
STRINGS, PLURALS, CATEGORIES = 600, 40, ["one", "few", "many", "other"]
XLIFF_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'


class Case:
    def __init__(self, name, target, command, seconds, rss_mib=512, accept="ok", cwd=None):
        self.name, self.target, self.command = name, target, command
        self.seconds, self.rss_mib, self.accept, self.cwd = seconds, rss_mib, accept, cwd


# --- generators -------------------------------------------------------------------------

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def english_bundle(bundle):
    """The development language: 600 .strings keys and 40 plural .stringsdict keys."""
    write(os.path.join(bundle, "en.lproj", "Localizable.strings"),
          "".join(f'/* Label {i}. */\n"key.{i}.label" = "Label number {i} for %@";\n\n' for i in range(STRINGS)))
    entries = "".join(
        f"<key>count.{i}</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
        "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
        "<key>NSStringFormatValueTypeKey</key><string>d</string>"
        f"<key>one</key><string>%d item {i}</string><key>other</key><string>%d items {i}</string></dict></dict>\n"
        for i in range(PLURALS))
    write(os.path.join(bundle, "en.lproj", "Localizable.stringsdict"),
          f'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n{entries}</dict>\n</plist>\n')


def language_xliff(language, separator):
    """800 units (600 .strings, 40 x (format + 4 categories) .stringsdict), elements joined by separator."""
    parts = [XLIFF_HEAD.rstrip("\n"),
             f'<file original="App/en.lproj/Localizable.strings" source-language="en" target-language="{language}" datatype="plaintext">',
             "<body>"]
    for i in range(STRINGS):
        parts.append(f'<trans-unit id="key.{i}.label" xml:space="preserve"><source>Label number {i} for %@</source>'
                     f'<target state="translated">[{language}] Label {i} für %@</target><note>Label {i}.</note></trans-unit>')
    parts += ["</body>", "</file>",
              f'<file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="{language}" datatype="plaintext">',
              "<body>"]
    for i in range(PLURALS):
        parts.append(f'<trans-unit id="/count.{i}:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source>'
                     '<target>%#@n@</target></trans-unit>')
        for category in CATEGORIES:
            parts.append(f'<trans-unit id="/count.{i}:dict/n:dict/{category}:dict/:string"><source>%d items {i}</source>'
                         f'<target>[{language}] %d {category} {i}</target></trans-unit>')
    parts += ["</body>", "</file>", "</xliff>"]
    return separator.join(parts) + "\n"


def languages(count):
    real = ["de", "fr", "ru", "pl", "ar", "ja", "uk", "cs", "es", "it", "pt-BR", "zh-Hans", "he", "ro", "lt"]
    regions = [f"{a}{b}" for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    result = list(real)
    while len(result) < count:
        result.append(f"fr-{regions[len(result)]}")
    return result[:count]


def hundred_languages(work, binary, layout):
    bundle = os.path.join(work, f"bundle-{layout}")
    english_bundle(bundle)
    files = []
    for language in languages(100):
        path = os.path.join(work, f"xliff-{layout}", f"{language}.xliff")
        write(path, language_xliff(language, "" if layout == "one-line" else "\n"))
        files.append(path)
    return Case(f"import-100x800-{layout}", "<= 2 s whatever the line layout",
                [binary, "import", *files, "--into", bundle], 2.0)


def attributes(work, binary, count):
    bundle = os.path.join(work, f"bundle-attributes-{count}")
    english_bundle(bundle)
    many = "".join(f' a{i}="x"' for i in range(count))
    text = (XLIFF_HEAD + '<file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">\n'
            f'<body>\n<trans-unit id="key.1.label"{many}><source>Label number 1 for %@</source><target>Wert %@</target></trans-unit>\n'
            "</body>\n</file>\n</xliff>\n")
    path = os.path.join(work, f"attributes-{count}.xliff")
    write(path, text)
    label = f"{count // 1000}k"
    return Case(f"import-attributes-{label}", f"one element, {len(text) // 1000} KB: refused or fast (linear)",
                [binary, "import", path, "--into", bundle, "--dry-run"], 1.0 if count <= 40_000 else 2.0, accept="any")


def catalog(work, binary, keys=8000):
    bundle = os.path.join(work, "bundle-catalog")
    entries = ",\n".join(
        f'    "key.{i}" : {{\n      "comment" : "Label {i}.",\n      "localizations" : {{\n        "en" : {{\n'
        f'          "stringUnit" : {{\n            "state" : "translated",\n            "value" : "Label {i} for %@"\n'
        "          }\n        }\n      }\n    }" for i in range(keys))
    write(os.path.join(bundle, "Localizable.xcstrings"),
          f'{{\n  "sourceLanguage" : "en",\n  "strings" : {{\n{entries}\n  }},\n  "version" : "1.0"\n}}\n')
    units = "".join(f'<trans-unit id="key.{i}" xml:space="preserve"><source>Label {i} for %@</source>'
                    f'<target state="translated">Etikett {i} für %@</target></trans-unit>\n' for i in range(keys))
    path = os.path.join(work, "catalog-de.xliff")
    write(path, XLIFF_HEAD + '<file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">\n'
          f"<body>\n{units}</body>\n</file>\n</xliff>\n")
    return Case("import-catalog-8000", "8,000-key catalog, one full language: <= 1 s",
                [binary, "import", path, "--into", bundle], 1.0)


def big_xliff(work, binary, size, name):
    """A .strings XLIFF of exactly `size` bytes: ~1 KB units whose keys the development language has."""
    bundle = os.path.join(work, f"bundle-{name}")
    filler = "Ein langer Satz, der übersetzt wurde. " * 24
    head = (XLIFF_HEAD + '<file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">\n<body>\n')
    tail = "</body>\n</file>\n</xliff>\n"
    path = os.path.join(work, f"{name}.xliff")
    used, i = len(head.encode()) + len(tail), 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(head)
        while True:
            unit = (f'<trans-unit id="k.{i}" xml:space="preserve"><source>Label {i}</source>'
                    f'<target state="translated">{filler}{i}</target></trans-unit>\n')
            length = len(unit.encode())
            if used + length > size:
                break
            f.write(unit)
            used += length
            i += 1
        f.write(" " * (size - used) + tail)  # spaces between elements: well-formed, exactly `size` bytes
    write(os.path.join(bundle, "en.lproj", "Localizable.strings"), "".join(f'"k.{n}" = "Label {n}";\n' for n in range(i)))
    assert os.path.getsize(path) == size, (path, os.path.getsize(path), size)
    return Case(f"import-xliff-{name}", f"{i} units: refused or processed <= 10 s, <= 512 MiB",
                [binary, "import", path, "--into", bundle], 10.0, accept="any")


def scan_nested(work, binary, depth=30_000):
    tree = os.path.join(work, "scan-nested")
    write(os.path.join(tree, "Nested.swift"), 'let s = Text("' + '\\("' * depth + "\n")
    return Case("scan-nested-30000", f"{depth} nested \\(\" ({3 * depth // 1000} KB): no crash",
                [binary, "scan", tree], 2.0, accept="any")


def scan_continuations(work, binary, lines):
    tree = os.path.join(work, f"scan-objc-{lines}")
    write(os.path.join(tree, "Legacy.m"), 'NSString *s = NSLocalizedString(@"key.\\\n' * lines)
    label = f"{lines // 1000}k"
    return Case(f"scan-objc-continuations-{label}", "linear: 100k lines <= 1 s",
                [binary, "scan", tree], lines / 100_000, accept="any")


def scan_big(work, binary, size=64 * MIB):
    tree = os.path.join(work, "scan-64MiB")
    line = 'label.text = NSLocalizedString("settings.title.{}", comment: "The title") + "\\(count) items"\n'
    count = size // len(line.format(1000000))
    path = os.path.join(tree, "Big.swift")
    os.makedirs(tree, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for start in range(0, count, 100_000):
            f.write("".join(line.format(1000000 + n) for n in range(start, min(count, start + 100_000))))
        f.write("/" * (size - f.tell() - 1) + "\n")
    return Case("scan-64MiB", "one 64 MiB Swift file: <= 10 s, <= 512 MiB", [binary, "scan", tree], 10.0, accept="any")


def big_store(work, size):
    store = os.path.join(work, f"store-{size // MIB}MiB")
    folder = os.path.join(store, "app", "en.lproj")
    os.makedirs(folder, exist_ok=True)
    line = '/* A label. */\n"key.{}.label" = "Label number {} for %@, read by VoiceOver";\n'
    with open(os.path.join(folder, "Localizable.strings"), "w", encoding="utf-8") as f:
        n = 0
        while f.tell() < size - 200:
            f.write("".join(line.format(n + k, n + k) for k in range(10_000)))
            n += 10_000
            if f.tell() > size:
                break
    with open(os.path.join(folder, "Localizable.strings"), "r+b") as f:
        f.truncate(size)  # may cut the last line: the file is then malformed, which is as good a test
    return store


def lint_and_export(work, binary, size):
    store = big_store(work, size)
    name = f"{size // MIB}MiB"
    target = f"{name} .strings: refused or processed <= 10 s, <= 512 MiB"
    return [Case(f"lint-{name}", target, [binary, "lint", store], 10.0, accept="any"),
            Case(f"export-android-{name}", target,
                 # Pseudo-locales off: with them the export writes three languages from one
                 # (en-XA, ar-XB), 45 s and 1.3 GB for 32 MiB on 2026-11-29 (open work, Benchmarks/README.md).
                 [binary, "export", "android", "--strings", store, "--out", os.path.join(work, "res"),
                  "--pseudo-locales", "off"], 10.0, accept="any")]


def cases(work, binary):
    """(the names of the cases a generator makes, the generator): nothing is generated for a case --only skips."""
    yield ["import-100x800-one-line"], lambda: hundred_languages(work, binary, "one-line")
    yield ["import-100x800-pretty"], lambda: hundred_languages(work, binary, "pretty")
    yield ["import-attributes-40k"], lambda: attributes(work, binary, 40_000)
    yield ["import-attributes-200k"], lambda: attributes(work, binary, 200_000)
    yield ["import-catalog-8000"], lambda: catalog(work, binary)
    yield ["import-xliff-63MiB"], lambda: big_xliff(work, binary, 63 * MIB, "63MiB")
    yield ["import-xliff-64MiB"], lambda: big_xliff(work, binary, 64 * MIB, "64MiB")
    yield ["scan-nested-30000"], lambda: scan_nested(work, binary)
    for lines in (25_000, 50_000, 100_000):
        yield [f"scan-objc-continuations-{lines // 1000}k"], lambda lines=lines: scan_continuations(work, binary, lines)
    yield ["scan-64MiB"], lambda: scan_big(work, binary)
    # 32 MiB is the store loader's limit (read); 64 MiB is over it (refused).
    for size in (32 * MIB, 64 * MIB):
        yield [f"lint-{size // MIB}MiB", f"export-android-{size // MIB}MiB"], lambda size=size: lint_and_export(work, binary, size)


# --- running ----------------------------------------------------------------------------

def run(case, limit, rss_file):
    """Wall seconds, CPU seconds (user + system), peak RSS in MiB, the exit status (negative:
    the signal) and whether it was killed at `limit` seconds.

    The peak RSS is GNU time's (`/usr/bin/time -f %M`, which counts `timeout`'s child too):
    wait4's ru_maxrss of a child forked from this Python process would count the pages it
    shares with it until exec."""
    timed = os.path.exists("/usr/bin/time")
    command = ((["/usr/bin/time", "-f", "%M %x %U %S", "-o", rss_file] if timed else [])
               + ["timeout", "-s", "KILL", f"{limit:g}"] + case.command)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=case.cwd)
    _, stderr = process.communicate()
    elapsed = time.perf_counter() - start
    code, rss, cpu = process.returncode, 0.0, elapsed
    if timed and os.path.exists(rss_file):
        lines = open(rss_file).read().split("\n")
        last = [line for line in lines if line and line[0].isdigit()]
        if last:
            fields = last[-1].split()
            rss, code, cpu = int(fields[0]) / 1024, int(fields[1]), float(fields[2]) + float(fields[3])
        # timeout dies of the signal its child died of (or of the KILL it sent at the limit).
        for line in lines:
            if line.startswith("Command terminated by signal"):
                code = -int(line.split()[-1])
        os.remove(rss_file)
    elif code >= 128 or code < 0:
        code = -(code - 128) if code >= 128 else code
    killed = code == -signal.SIGKILL and elapsed >= limit - 0.5
    return elapsed, cpu, rss, code, killed, stderr.decode("utf-8", "replace")


def verdict(case, elapsed, cpu, rss, code, killed, slack, memory_slack):
    if killed:
        return "KILLED at the hard limit"
    if code < 0:
        return f"CRASH (signal {-code})"
    if case.accept == "ok" and code != 0:
        return f"FAILED (exit {code})"
    # Wall time grows with a shared machine's load, CPU time with the threads a case uses:
    # within the bound by either is within it.
    if min(elapsed, cpu) > case.seconds * slack:
        return "SLOW"
    if rss > case.rss_mib * memory_slack:
        return "MEMORY"
    return "ok"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--slack", type=float, default=1.0, help="each bound is multiplied by this (CI: 3)")
    parser.add_argument("--memory-slack", type=float, default=0,
                        help="each memory bound is multiplied by this (default: --slack; CI: 1.1, since peak RSS "
                             "does not grow with a shared machine's load)")
    parser.add_argument("--only", default="", help="run only the cases whose name contains this")
    parser.add_argument("--hard-limit", type=float, default=0,
                        help="kill a case after this many seconds (default: the larger of 30 and 3 x bound x slack)")
    parser.add_argument("--keep", action="store_true", help="keep the generated inputs (their folder is printed)")
    options = parser.parse_args()
    memory_slack = options.memory_slack or options.slack
    binary = os.path.abspath(options.binary)
    work = tempfile.mkdtemp(prefix="unattended-bench-")
    failures = 0
    print(f"| case | wall s | CPU s | peak MiB | exit | bound s x{options.slack:g} | bound MiB x{memory_slack:g} | target | ok |")
    print("|---|---|---|---|---|---|---|---|---|")
    try:
        for names, make in cases(work, binary):
            if not any(options.only in name for name in names):
                continue
            made = make()
            for case in made if isinstance(made, list) else [made]:
                if options.only not in case.name:
                    continue
                limit = options.hard_limit or max(30.0, case.seconds * options.slack * 3)
                elapsed, cpu, rss, code, killed, stderr = run(case, limit, os.path.join(work, "time.out"))
                result = verdict(case, elapsed, cpu, rss, code, killed, options.slack, memory_slack)
                failures += result != "ok"
                print(f"| {case.name} | {elapsed:.2f} | {cpu:.2f} | {rss:.0f} | {code} | {case.seconds * options.slack:.2f} | "
                      f"{case.rss_mib * memory_slack:.0f} | {case.target} | {result} |", flush=True)
                lines = stderr.strip().splitlines()
                telling = [line for line in lines if "Fatal error" in line or "crashed" in line or "error:" in line] or lines[-1:]
                if result != "ok" and telling:
                    print("    " + telling[0][:300], flush=True)
            if not options.keep:
                for name in os.listdir(work):
                    path = os.path.join(work, name)
                    shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    finally:
        if options.keep:
            print(f"inputs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{failures} case(s) over their bound" if failures else "every case within its bound")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
