#!/usr/bin/env python3
"""The pseudo-locale oracle: Debian's `aapt package --pseudo-localize` over real strings.

    generate-pseudo-oracle.py CORPUS FIXTURE     read the development-language values of
                                                 every store in CORPUS, keep those valid in
                                                 both syntaxes, write FIXTURE (gzipped JSON)
    generate-pseudo-oracle.py --check FIXTURE    run aapt again over FIXTURE's values and
                                                 fail when any en-XA / ar-XB output differs

The fixture holds, for every kept value, what aapt generates for `values-en-rXA` and
`values-ar-rXB`; LabelCoreTests' PseudolocalizerOracleTests compares LabelCore's
Pseudolocalizer with it byte for byte. This reader of .strings / .stringsdict /
.xcstrings is independent of the Swift one (a value it reads slightly differently is
still a real string both sides transform).

A value is compared only when it is valid in both syntaxes, that is when Android's
resource compiler sees exactly the characters the Apple value holds (docs/pseudo-locales.md):
  - every `%` starts a Java specifier the Android export writes unchanged (`%s`, `%1$d`,
    `%.2f`, `%%` ...): no `%@`, no length modifier (`%lld`), no `%#@var@`, no lone `%`;
  - no character aapt reads before pseudolocalizing or escapes on export: backslash,
    apostrophe, double quote, newline, tab, other control characters, `<`, `&`, a leading
    `@` or `?`, leading, trailing or repeated whitespace (aapt collapses it after
    pseudolocalizing);
  - no inline markup `^[`.
"""
import collections
import gzip
import json
import os
import plistlib
import re
import shutil
import subprocess
import sys
import tempfile

JAVA_SPECIFIER = re.compile(r"%(?:%|(?:[1-9][0-9]*\$)?[-#+0,(]*[0-9]*(?:\.[0-9]+)?[sdfxXoeEgGaAc])")
FRAMEWORK = "/usr/share/android-framework-res/framework-res.apk"


def decode(data):
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16")
    if len(data) > 1 and (data[0] == 0 or data[1] == 0):
        return data.decode("utf-16-be" if data[0] == 0 else "utf-16-le")
    return data.decode("utf-8")


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def quoted(text, i):
    """The quoted string starting after the quote at text[i - 1]; (value, next index)."""
    out = []
    while i < len(text) and text[i] != '"':
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            if n in "uU" and re.match(r"[0-9a-fA-F]{4}", text[i + 2:i + 6]):
                out.append(chr(int(text[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append(ESCAPES.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out), i + 1


def old_style_strings(text):
    """key → value of an old-style .strings file (comments, quoted and bare words)."""
    tokens, i = [], 0
    while i < len(text):
        c = text[i]
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end + 1
        elif c == '"':
            value, i = quoted(text, i + 1)
            tokens.append(value)
        elif c in "=;":
            tokens.append(c)
            i += 1
        elif c.isspace():
            i += 1
        else:
            m = re.match(r"[A-Za-z0-9_$+/:.\-]+", text[i:])
            if not m:
                i += 1
                continue
            tokens.append(m.group(0))
            i += len(m.group(0))
    values = {}
    for j in range(len(tokens) - 3):
        if tokens[j + 1] == "=" and tokens[j + 3] == ";" and tokens[j] not in "=;":
            values[tokens[j]] = tokens[j + 2]
    return values


def strings_file(path):
    data = open(path, "rb").read()
    if data.startswith(b"bplist") or data.lstrip().startswith(b"<?xml"):
        return [v for v in plistlib.loads(data).values() if isinstance(v, str)]
    return list(old_style_strings(decode(data)).values())


def stringsdict_file(path):
    values = []
    for entry in plistlib.loads(open(path, "rb").read()).values():
        if not isinstance(entry, dict):
            continue
        for name, item in entry.items():
            if name == "NSStringLocalizedFormatKey" and isinstance(item, str):
                values.append(item)
            elif isinstance(item, dict):
                values += [v for k, v in item.items() if not k.startswith("NSString") and isinstance(v, str)]
    return values


def units(node):
    """Every stringUnit value below a localization node (plain, plural and device variations)."""
    if isinstance(node, dict):
        unit = node.get("stringUnit")
        found = [unit["value"]] if isinstance(unit, dict) and isinstance(unit.get("value"), str) else []
        for key, child in node.items():
            if key != "stringUnit":
                found += units(child)
        return found
    return []


def catalog_file(path):
    document = json.load(open(path, encoding="utf-8"))
    source = document.get("sourceLanguage", "en")
    values = []
    for key, entry in document.get("strings", {}).items():
        localization = (entry.get("localizations") or {}).get(source)
        values += units(localization) if localization else [key]
    return values


def corpus_values(corpus):
    """Development-language values per store (en where the repository has it, else its one language)."""
    values = []
    for repo in sorted(os.listdir(corpus)):
        root = os.path.join(corpus, repo)
        if not os.path.isdir(root):
            continue
        files = [os.path.join(d, f) for d, _, names in os.walk(root) for f in names]
        lproj = sorted({os.path.basename(os.path.dirname(f)) for f in files if f.endswith((".strings", ".stringsdict"))})
        dev = "en.lproj" if "en.lproj" in lproj or any(f.endswith(".xcstrings") for f in files) else (lproj or [""])[0]
        for f in sorted(files):
            folder = os.path.basename(os.path.dirname(f))
            if f.endswith(".strings") and folder in (dev, "Base.lproj"):
                values += strings_file(f)
            elif f.endswith(".stringsdict") and folder in (dev, "Base.lproj"):
                values += stringsdict_file(f)
            elif f.endswith(".xcstrings"):
                values += catalog_file(f)
    return values


def refusal(value):
    """Why VALUE is not valid in both syntaxes, or None."""
    if "^[" in value:
        return "inline markup"
    rest = JAVA_SPECIFIER.sub("", value)
    if "%" in rest:
        return "Apple-only or lone % specifier"
    if any(c in value for c in "\\'\""):
        return "backslash, apostrophe or quote (Android escapes)"
    if any(c in value for c in "<&"):
        return "< or & (XML)"
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in value):
        return "newline, tab or control character"
    if value[:1] in ("@", "?"):
        return "leading @ or ?"
    if value != value.strip() or re.search(r"\s\s", value):
        return "leading, trailing or repeated whitespace"
    return None


def unescape_dump(text):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def run_aapt(values):
    """[(en-XA, ar-XB)] aapt generates for VALUES, in order."""
    work = tempfile.mkdtemp()
    try:
        os.makedirs(os.path.join(work, "res", "values"))
        with open(os.path.join(work, "AndroidManifest.xml"), "w") as f:
            f.write('<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.labelserver.pseudo"/>\n')
        with open(os.path.join(work, "res", "values", "strings.xml"), "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n')
            for index, value in enumerate(values):
                f.write(f'<string name="s{index}" formatted="false">{value.replace(">", "&gt;")}</string>\n')
            f.write("</resources>\n")
        subprocess.run(["aapt", "package", "-f", "--pseudo-localize", "-M", os.path.join(work, "AndroidManifest.xml"),
                        "-S", os.path.join(work, "res"), "-I", FRAMEWORK, "-F", os.path.join(work, "out.apk")],
                       check=True, stdout=subprocess.DEVNULL)
        dump = subprocess.run(["aapt", "dump", "--values", "resources", os.path.join(work, "out.apk")],
                              check=True, capture_output=True, text=True).stdout
    finally:
        shutil.rmtree(work)
    found, config, name = {}, None, None
    for line in dump.splitlines():
        m = re.match(r"\s*config (\S+):", line)
        if m:
            config = m.group(1)
            continue
        m = re.match(r"\s*resource 0x[0-9a-f]+ [^:]+:string/(s\d+):", line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r'\s*\(string(?:8|16)\) "(.*)"$', line)
        if m and name and config in ("en-rXA", "ar-rXB"):
            found[(config, int(name[1:]))] = unescape_dump(m.group(1))
    return [(found.get(("en-rXA", i)), found.get(("ar-rXB", i))) for i in range(len(values))]


def generate(corpus, fixture):
    values = corpus_values(corpus)
    unique = sorted(set(values))
    reasons = collections.Counter()
    kept = []
    for value in unique:
        reason = refusal(value)
        if reason:
            reasons[reason] += 1
        else:
            kept.append(value)
    outputs = run_aapt(kept)
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "aapt"], capture_output=True, text=True).stdout
    document = {
        "about": "Generated by scripts/generate-pseudo-oracle.sh from the corpus stores' development-language values: "
                 "[value, en-XA, ar-XB] as Debian's `aapt package --pseudo-localize` produces them.",
        "aapt": version or "unknown",
        "values": len(values),
        "unique": len(unique),
        "filtered": dict(sorted(reasons.items())),
        "cases": [[v, a, b] for v, (a, b) in zip(kept, outputs)],
    }
    header = {k: v for k, v in document.items() if k != "cases"}
    text = json.dumps(header, ensure_ascii=False, indent=1)[:-2] + ',\n "cases": [\n'
    text += ",\n".join(json.dumps(case, ensure_ascii=False) for case in document["cases"]) + "\n]}\n"
    with open(fixture, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as out:
        out.write(text.encode("utf-8"))
    print(f"{len(values)} values, {len(unique)} unique, {len(kept)} kept, filtered: {dict(reasons)}")


def check(fixture):
    document = json.loads(gzip.open(fixture).read().decode("utf-8"))
    cases = document["cases"]
    outputs = run_aapt([case[0] for case in cases])
    differ = [(case, out) for case, out in zip(cases, outputs) if tuple(case[1:]) != out]
    for case, out in differ[:10]:
        print(f"differs: {case[0]!r}: fixture {case[1:]!r}, aapt {out!r}")
    print(f"{len(cases)} values: {len(cases) - len(differ)} equal to what aapt generates now")
    return 1 if differ else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2]))
    if len(sys.argv) == 3:
        sys.exit(generate(sys.argv[1], sys.argv[2]))
    sys.exit(__doc__)
