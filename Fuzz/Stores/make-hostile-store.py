#!/usr/bin/env python3
"""Writes Fuzz/Stores/hostile/: a small store for the request-path fuzzer and its replays.

Odd keys, every Apple format specifier, plural templates for every category, and
languages with their own digits, scripts and plural rules (ar, th, hi, sr-Latn, zh-Hant...).
Deterministic: run it again and `git diff` shows nothing.
Usage: python3 Fuzz/Stores/make-hostile-store.py
"""
import os
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hostile")
LANGUAGES = ["en", "de", "fr", "fr-CA", "ar", "th", "hi", "sr", "sr-Latn", "zh-Hant", "pl", "ru", "Base"]
SPECIFIERS = ["%@", "%d", "%i", "%u", "%ld", "%lld", "%lu", "%llu", "%hd", "%hhd", "%qd", "%zd", "%td", "%jd",
              "%x", "%X", "%o", "%lx", "%f", "%.2f", "%e", "%E", "%g", "%G", "%a", "%A", "%lf", "%Lf", "%c", "%C",
              "%s", "%S", "%ls", "%p", "%%", "%1$@", "%2$d", "%3$f", "%*d", "%.*f", "%-5d", "%05.1f", "%#x",
              "%+d", "% d", "%'d", "%y", "%", "%n", "%1$#@n@", "%10$@", "%0$d", "%99999999999999999999d",
              "%.99999f", "%ld%%", "%lc", "%hu", "%D", "%O", "%U", "%F"]
ODD_KEYS = ["", " ", "a b", "ä", "日本", "العربية", "key\twith\ttabs", "key\nnewline", "<script>alert(1)</script>",
            "\"quoted\"", "back\\slash", "a/b/c", "..", "../etc/passwd", "%@", "%d.count", "x" * 300,
            "\u202eRTL override", "emoji.\U0001F600", "zero\u200bwidth", "coins.count", "a:dict/b:string",
            "/coins.count:dict/coins:dict/few:dict/:string", "k?lang=de&count=1", "k#frag", "k%20encoded"]
FRAMEWORK_LANGUAGES = ["en", "ar", "th", "hi", "sr-Latn", "zh-Hant", "fr-CA"]
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
VALUE_TYPES = ["d", "ld", "u", "f", "@", "x", "e", "c", ""]


def strings_escape(text):
    return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t")


def xml_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def strings_file(language):
    lines = [f"/* {language}: hostile keys and every specifier */"]
    for index, spec in enumerate(SPECIFIERS):
        lines.append(f'"spec.{index}" = "{strings_escape(language + " " + spec + " end")}";')
        lines.append(f'"mixed.{index}" = "{strings_escape("%1$@ " + spec + " %2$d")}";')
    for index, key in enumerate(ODD_KEYS):
        if key == "":
            continue  # an empty key is the loader's to reject per line; keep the file loadable
        lines.append(f'"{strings_escape(key)}" = "{strings_escape(language + " odd " + str(index) + " %@")}";')
    lines.append('"plain" = "' + language + ' plain";')
    lines.append('"many.args" = "' + " ".join(f"%{n}$@" for n in range(1, 12)) + '";')
    return "\n".join(lines) + "\n"


def plural_entry(key, variable, value_type, template, categories, body):
    parts = [f"\t<key>{xml_escape(key)}</key>", "\t<dict>",
             "\t\t<key>NSStringLocalizedFormatKey</key>", f"\t\t<string>{xml_escape(template)}</string>",
             f"\t\t<key>{xml_escape(variable)}</key>", "\t\t<dict>",
             "\t\t\t<key>NSStringFormatSpecTypeKey</key>", "\t\t\t<string>NSStringPluralRuleType</string>"]
    if value_type:
        parts += ["\t\t\t<key>NSStringFormatValueTypeKey</key>", f"\t\t\t<string>{value_type}</string>"]
    for category in categories:
        parts += [f"\t\t\t<key>{category}</key>", f"\t\t\t<string>{xml_escape(body(category))}</string>"]
    parts += ["\t\t</dict>", "\t</dict>"]
    return parts


def stringsdict_file(language):
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
             '<plist version="1.0">', "<dict>"]
    for index, value_type in enumerate(VALUE_TYPES):
        spec = "%" + (value_type or "d")
        parts += plural_entry(f"plural.{index}", "n", value_type, "%#@n@",
                              CATEGORIES, lambda c, s=spec: f"{language} {c} {s}")
        if index < 4:
            parts += plural_entry(f"plural.positional.{index}", "n", value_type, "%2$@ %1$#@n@ %3$@",
                                  CATEGORIES, lambda c, s=spec: f"{c} %1${s[1:]} %2$@")
    parts += plural_entry("coins.count", "coins", "d", "%#@coins@", ["one", "few", "other"],
                          lambda c: f"%d {language} coins ({c})")
    parts += plural_entry("items.count", "items", "d", "%#@items@", CATEGORIES, lambda c: f"%d {c}")
    parts += plural_entry("only.other", "n", "d", "%#@n@", ["other"], lambda c: "%d")
    parts += plural_entry("float.count", "n", "f", "%#@n@ / %.3f", CATEGORIES, lambda c: f"%.1f {c}")
    parts += plural_entry("unused.var", "n", "d", "no variable here %d", CATEGORIES, lambda c: c)
    parts += plural_entry("two.vars", "a", "d", "%1$#@a@ %2$#@b@", CATEGORIES, lambda c: f"%1$d a-{c}")
    parts += plural_entry("%@ weird key", "n", "@", "%#@n@", CATEGORIES, lambda c: "%@ " + c)
    parts += ["</dict>", "</plist>"]
    return "\n".join(parts) + "\n"


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    for bundle in ["app", "framework"]:
        for language in LANGUAGES:
            if bundle == "framework" and language not in FRAMEWORK_LANGUAGES:
                continue
            folder = os.path.join(ROOT, bundle, f"{language}.lproj")
            os.makedirs(folder)
            table = "Localizable" if bundle == "app" else "Accessibility"
            with open(os.path.join(folder, f"{table}.strings"), "w", encoding="utf-8") as f:
                f.write(strings_file(language))
            with open(os.path.join(folder, f"{table}.stringsdict"), "w", encoding="utf-8") as f:
                f.write(stringsdict_file(language))


if __name__ == "__main__":
    main()
