#!/usr/bin/env python3
"""The Android oracle for one exported tree (run by scripts/check-android.sh).

    check-android.py --apk OUT.apk --report REPORT.json --server URL --java-classes DIR

Reads the linked resources.arsc (the binary table aapt2 wrote, as a device decodes it),
and for every key of the report's name mapping and every folder: the string, or each
plural item, must equal `GET /labels/{key}` in that language. Values with placeholders
are formatted by java.util.Formatter (scripts/AndroidFormatCheck.java) with arguments of
the types the specifiers declare, for several counts, and compared with the server's
value for the same arguments and the item of the plural category the server chose.
Differences the export report names (Apple's explicit zero where CLDR has none, a
missing category) are counted apart. Prints figures as JSON; exit 1 on any other
difference.
"""
import argparse, json, re, unicodedata, urllib.error, struct, subprocess, sys, urllib.parse, urllib.request, zipfile

QUANTITY = {0x01000004: "other", 0x01000005: "zero", 0x01000006: "one", 0x01000007: "two",
            0x01000008: "few", 0x01000009: "many"}


def string_styles(data, at, strings):
    """{string index: [(style name, first, last)]}: each styled string's spans (UTF-16, last inclusive)."""
    _, header, _size, count, styles, _flags, _start, styles_start = struct.unpack_from("<HHIIIIII", data, at)
    offsets = struct.unpack_from(f"<{styles}I", data, at + header + 4 * count)
    result = {}
    for index, offset in enumerate(offsets):
        p = at + styles_start + offset
        spans = []
        while True:
            name, = struct.unpack_from("<I", data, p)
            if name == 0xFFFFFFFF:
                break
            first, last = struct.unpack_from("<II", data, p + 4)
            spans.append((strings[name], first, last))
            p += 12
        result[index] = spans
    return result


def string_pool(data, at):
    _, header, _size, count, _styles, flags, start, _ = struct.unpack_from("<HHIIIIII", data, at)
    offsets = struct.unpack_from(f"<{count}I", data, at + header)
    utf8 = flags & (1 << 8)
    strings = []
    for offset in offsets:
        p = at + start + offset
        if utf8:
            for _ in range(2):  # UTF-16 length, then UTF-8 length (the one used)
                n = data[p]; p += 1
                if n & 0x80:
                    n = ((n & 0x7F) << 8) | data[p]; p += 1
            # aapt2 writes characters beyond U+FFFF as two 3-byte surrogates (CESU-8);
            # a device decodes them to UTF-16 as one pair.
            text = data[p:p + n].decode("utf-8", "surrogatepass")
            strings.append(text.encode("utf-16-le", "surrogatepass").decode("utf-16-le"))
        else:
            n, = struct.unpack_from("<H", data, p); p += 2
            if n & 0x8000:
                n = ((n & 0x7FFF) << 16) | struct.unpack_from("<H", data, p)[0]; p += 2
            strings.append(data[p:p + 2 * n].decode("utf-16-le", "surrogatepass"))
    return strings


def unpack_code(two, base):
    if not two[0] and not two[1]:
        return ""
    if two[0] & 0x80:
        first = two[1] & 0x1F
        second = ((two[1] & 0xE0) >> 5) + ((two[0] & 0x03) << 3)
        third = (two[0] & 0x7C) >> 2
        return "".join(chr(c + ord(base)) for c in (first, second, third))
    return two.decode("ascii")


def config_key(data, at):
    lang = unpack_code(data[at + 8:at + 10], "a")
    region = unpack_code(data[at + 10:at + 12], "0")
    size, = struct.unpack_from("<I", data, at)
    script = data[at + 36:at + 40].rstrip(b"\0").decode("ascii") if size >= 40 else ""
    return (lang, script, region)


def folder_key(folder):
    """values-de-rAT → (de, '', AT); values-b+sr+Latn → (sr, Latn, ''); values → ('', '', '')."""
    if folder == "values":
        return ("", "", "")
    q = folder[len("values-"):]
    if q.startswith("b+"):
        parts = q[2:].split("+")
        script = next((p for p in parts[1:] if len(p) == 4 and p.isalpha()), "")
        region = next((p for p in parts[1:] if (len(p) == 2 and p.isalpha()) or (len(p) == 3 and p.isdigit())), "")
        return (parts[0], script, region)
    parts = q.split("-")
    return (parts[0], "", parts[1][1:] if len(parts) > 1 else "")


def read_arsc(data, spans=None):
    """{config: {(type, name): str | {quantity: str}}}; `spans` (a dict) gets
    {(config, type, name, quantity or None): [(style, first, last)]} for styled values."""
    _, header, _, _ = struct.unpack_from("<HHII", data, 0)
    p = header
    pool = None
    table = {}
    while p < len(data):
        kind, hsize, size = struct.unpack_from("<HHI", data, p)
        if kind == 0x0001:
            pool = string_pool(data, p)
            styles = string_styles(data, p, pool)
        elif kind == 0x0200:
            read_package(data, p, hsize, size, pool, table, styles, {} if spans is None else spans)
        p += size
    return table


def read_package(data, at, hsize, size, pool, table, styles, spans):
    type_strings, _, key_strings = struct.unpack_from("<III", data, at + 8 + 4 + 256)
    types = string_pool(data, at + type_strings)
    keys = string_pool(data, at + key_strings)
    p = at + hsize
    end = at + size
    while p < end:
        kind, chsize, csize = struct.unpack_from("<HHI", data, p)
        if kind == 0x0201:
            tid, flags, _, count, start = struct.unpack_from("<BBHII", data, p + 8)
            config = config_key(data, p + 20)
            values = table.setdefault(config, {})
            if flags & 1:  # sparse
                pairs = [struct.unpack_from("<HH", data, p + chsize + 4 * i) for i in range(count)]
                offsets = [off * 4 for _, off in pairs]
            else:
                offsets = [o for o in struct.unpack_from(f"<{count}I", data, p + chsize) if o != 0xFFFFFFFF]
            for offset in offsets:
                e = p + start + offset
                esize, eflags, key = struct.unpack_from("<HHI", data, e)
                name = (types[tid - 1], keys[key])
                if eflags & 1:
                    _, mcount = struct.unpack_from("<II", data, e + 8)
                    items = {}
                    for i in range(mcount):
                        attr, _, _, dtype, value = struct.unpack_from("<IHBBI", data, e + esize + 12 * i)
                        items[QUANTITY.get(attr, hex(attr))] = pool[value] if dtype == 3 else None
                        if dtype == 3 and value in styles:
                            spans[(config,) + name + (QUANTITY.get(attr, hex(attr)),)] = styles[value]
                    values[name] = items
                else:
                    _, _, dtype, value = struct.unpack_from("<HBBI", data, e + esize)
                    values[name] = pool[value] if dtype == 3 else None
                    if dtype == 3 and value in styles:
                        spans[(config,) + name + (None,)] = styles[value]
        p += csize


# Apple's inline attribute names as the export's <annotation> attribute names (docs/android.md).
ANNOTATION = {"languageIdentifier": "lang", "accessibilitySpeechPhoneticNotation": "ipa",
              "accessibilitySpeechSpellsOutCharacters": "spellOut", "accessibilitySpeechIncludesPunctuation": "punctuation",
              "accessibilitySpeechAdjustedPitch": "pitch", "accessibilityHeadingLevel": "heading"}


def annotation_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() else repr(float(value))
    return value


def expected_spans(runs):
    """The server's runs as aapt2 style spans: (annotation;name=value;… sorted by name, first, last)."""
    spans = []
    for run in runs:
        attributes = sorted((ANNOTATION[n], annotation_value(v)) for n, v in run["attributes"].items() if n in ANNOTATION)
        if attributes and run["length"] > 0:
            style = "annotation;" + ";".join(f"{n}={v}" for n, v in attributes)
            spans.append((style, run["start"], run["start"] + run["length"] - 1))
    return sorted(spans)


SPEC = re.compile(r"%(?:(\d+)\$)?([-#+ 0,(]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])")


def argument_types(texts):
    types = {}
    for text in texts:
        sequential = 0
        for m in SPEC.finditer(text):
            conversion = m.group(5)
            if conversion in "%n":
                continue
            if m.group(1):
                number = int(m.group(1))
            else:
                sequential += 1
                number = sequential
            types[number] = {"d": "d", "x": "d", "X": "d", "o": "d", "f": "f", "c": "c"}.get(conversion, "s")
    return types


def get(server, key, table, lang, args):
    query = [("lang", lang), ("table", table)]
    if args:
        query.append(("count", args[0]))
        query += [("arg", a) for a in args[1:]]
    url = f"{server}/labels/{urllib.parse.quote(key, safe='')}?{urllib.parse.urlencode(query)}"
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": "application/json"})) as r:
        return json.load(r)


def samples(types, count, development):
    counts = ["0", "1", "2", "3", "5", "11", "21", "1234" if development else "22"]
    values = {"d": None, "f": "2.5", "s": "Anna", "c": "Z"}
    rows = []
    for n in counts:
        row = []
        for i in range(1, count + 1):
            t = types.get(i, "d")
            row.append(n if i == 1 and t == "d" else (values[t] or "7"))
        rows.append((row, "".join(types.get(i, "d") for i in range(1, count + 1)), n))
        if not any(t == "d" for t in types.values()) and count and types.get(1, "d") != "d" and n == "3":
            break  # no number to vary: 0 and 3 are enough
    return rows


def ascii_digits(text):
    # Arabic-Indic digits and their decimal and group separators.
    text = text.replace("\u066b", ".").replace("\u066c", ",")
    return "".join(str(unicodedata.digit(c)) if c.isdigit() else c for c in text)


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--apk", required=True)
    a.add_argument("--report", required=True)
    a.add_argument("--server", required=True)
    a.add_argument("--java-classes", required=True)
    o = a.parse_args()
    report = json.load(open(o.report))
    spans = {}
    with zipfile.ZipFile(o.apk) as z:
        arsc = read_arsc(z.read("resources.arsc"), spans)
    reported = {(r["key"], r["lang"]) for r in report["refusals"] if r["reason"] in ("zero-not-expressible", "missing-plural-category")}
    # A key refused somewhere and in no folder at all (the development language lacks it).
    refused = {(r["table"], r["key"]) for r in report["refusals"]
               if r["severity"] == "error" and r["key"] is not None and r["reason"] != "missing-plural-category"}
    key_defaults = {(r["key"], r["lang"]) for r in report["refusals"] if r["reason"] == "default-is-key"}
    refused_in = {(r["table"], r["key"], r["lang"]) for r in report["refusals"]
                  if r["severity"] == "error" and r["reason"] != "missing-plural-category"}
    development = report["development"]
    figures = {"keys": 0, "compared": 0, "agree": 0, "refused": 0, "reported_differences": 0, "java_checked": 0,
               "java_agree": 0, "java_development_checked": 0, "java_development_agree": 0, "digit_set_differences": 0, "unaddressable": 0,
               "spans_checked": 0, "spans_agree": 0, "differences": []}
    jobs = []  # (locale, format, types, args, expected, place)
    for t in report["tables"]:
        for key, name in t["names"].items():
            figures["keys"] += 1
            for f in report["folders"]:
                lang = f["lang"]
                config = folder_key(f["folder"])
                if (t["table"], key, lang) in refused_in:
                    # Left out of this folder (Android says values/'s text instead).
                    figures["refused"] += 1
                    continue
                found, from_default = None, False
                for kind in ("string", "plurals"):
                    found, found_at = arsc.get(config, {}).get((kind, name)), (config, kind, name, None)
                    if found is None:
                        found, found_at = arsc.get(("", "", ""), {}).get((kind, name)), (("", "", ""), kind, name, None)
                        from_default = found is not None
                    if found is not None:
                        break
                # What a fallback to values/ says is the development language's value.
                place = (key, development if from_default else lang)
                if found is None:
                    if (t["table"], key) in refused or (t["table"], key, development) in refused_in:
                        figures["refused"] += 1
                    else:
                        figures["differences"].append({"key": key, "lang": lang, "android": None})
                    continue
                try:
                    plain = get(o.server, key, t["table"], lang, [])
                except urllib.error.HTTPError as error:
                    figures["unaddressable"] += 1  # a key the API refuses in a path (400)
                    continue
                texts = list(found.values()) if isinstance(found, dict) else [found]
                needed = plain.get("arguments") or 0
                if place in key_defaults:
                    # values/ holds the key itself, as a format when other folders' value
                    # is one: what getString(id, args…) prints must be the key.
                    text = found.get("other") if isinstance(found, dict) else found
                    jobs.append((lang, text, "", [], plain["value"], place))
                    continue
                types = argument_types(texts) if (needed or isinstance(found, dict)) else {}
                count = max([needed] + list(types))
                if not count:
                    figures["compared"] += 1
                    if found == plain["value"]:
                        figures["agree"] += 1
                    else:
                        figures["differences"].append({"key": key, "lang": lang, "android": found, "apple": plain["value"]})
                    if isinstance(found, str):
                        # Each <annotation> span covers exactly the characters the server's run covers.
                        figures["spans_checked"] += 1
                        have, want = sorted(spans.get(found_at, [])), expected_spans(plain.get("runs", []))
                        if have == want:
                            figures["spans_agree"] += 1
                        else:
                            figures["differences"].append({"key": key, "lang": lang, "spans": have, "runs": want})
                    continue
                for args, letters, n in samples(types, count, lang == development):
                    try:
                        try:
                            apple = get(o.server, key, t["table"], lang, args)
                        except urllib.error.HTTPError:
                            # The count also printed by %@ (Element's `%#@COUNT@` with `%1$@`):
                            # strings that are numbers satisfy both.
                            args = [n if letters[i] == "s" else a for i, a in enumerate(args)]
                            apple = get(o.server, key, t["table"], lang, args)
                    except urllib.error.HTTPError as error:
                        figures["differences"].append({"key": key, "lang": lang, "args": args,
                                                       "apple_error": error.read().decode()})
                        continue
                    category = apple.get("plural")
                    if category is None and isinstance(found, dict):
                        # <plurals> made from an English `inflect` run (a .strings value, so the
                        # server names no category): Android picks `one` for exactly 1, as
                        # English's CLDR rule does; other languages' items are all the same text.
                        category = "one" if "one" in found and [a for a in args if a == "1"] and len(args) == 1 else "other"
                    text = found.get(category or "other", found.get("other")) if isinstance(found, dict) else found
                    if text is None:
                        figures["differences"].append({"key": key, "lang": lang, "missing_item": apple.get("plural")})
                        continue
                    # Java formats in the locale the Apple value's numbers are in (the language
                    # requested, or a fallback value's own language: docs/android.md).
                    jobs.append((apple.get("numberLocale") or lang, text, letters, args, apple["value"], place))
    java = subprocess.run(["java", "-cp", o.java_classes, "AndroidFormatCheck"], text=True, capture_output=True,
                          input="".join("\t".join(urllib.parse.quote(x, safe="") for x in [j[0], j[1], j[2]] + j[3]) + "\n"
                                        for j in jobs))
    results = [urllib.parse.unquote_plus(line) for line in java.stdout.splitlines()]
    assert len(results) == len(jobs), java.stderr
    for job, result in zip(jobs, results):
        figures["java_checked"] += 1
        development_job = job[5][1] == development
        figures["java_development_checked"] += development_job
        if result == job[4]:
            figures["java_agree"] += 1
            figures["java_development_agree"] += development_job
        elif job[5] in reported:
            figures["reported_differences"] += 1
        elif ascii_digits(result) == ascii_digits(job[4]):
            # The same text in another digit set: JDK 17's CLDR data and the server's
            # differ on a locale's default numbering system (`ar`); not the converter's.
            figures["digit_set_differences"] += 1
        else:
            figures["differences"].append({"key": job[5][0], "lang": job[5][1], "format": job[1], "args": job[3],
                                           "java": result, "apple": job[4]})
    figures["difference_count"] = len(figures["differences"])
    figures["differences"] = figures["differences"][:15]
    print(json.dumps(figures, indent=1))
    return 1 if figures["difference_count"] else 0


if __name__ == "__main__":
    sys.exit(main())
