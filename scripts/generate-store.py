#!/usr/bin/env python3
"""Generate a large synthetic store for load benchmarks.

    generate-store.py OUT [--languages 10] [--strings-per-language 10000]

Per language: 80% of the strings in app/<lang>.lproj/Localizable.strings (UTF-8),
10% as plurals in app/<lang>.lproj/Localizable.stringsdict, 10% in
framework/<lang>.lproj/Localizable.strings (UTF-16LE with BOM, as genstrings writes).
"""
import argparse
import os

LANGS = ["en", "de", "fr", "es", "it", "pl", "ru", "ar", "ja", "pt-PT", "nl", "sv", "zh-Hans", "ko", "tr", "uk"]


def esc(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--languages", type=int, default=10)
    p.add_argument("--strings-per-language", type=int, default=10000)
    a = p.parse_args()
    n = a.strings_per_language
    n_plural = n // 10
    n_framework = n // 10
    n_app = n - n_plural - n_framework
    for lang in LANGS[: a.languages]:
        app = os.path.join(a.out, "app", f"{lang}.lproj")
        fw = os.path.join(a.out, "framework", f"{lang}.lproj")
        os.makedirs(app, exist_ok=True)
        os.makedirs(fw, exist_ok=True)
        with open(os.path.join(app, "Localizable.strings"), "w", encoding="utf-8") as f:
            for i in range(n_app):
                f.write(f'/* Screen {i // 50}, element {i % 50}. */\n')
                f.write(f'"screen{i // 50}.element{i}.label" = "{esc(lang)} Beschriftung Nummer {i} für „Element“ %@";\n')
        with open(os.path.join(fw, "Localizable.strings"), "w", encoding="utf-16") as f:
            for i in range(n_framework):
                f.write(f'"control{i}.hint" = "{esc(lang)} Öffnet das Element {i}.\\n";\n')
        with open(os.path.join(app, "Localizable.stringsdict"), "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
                    '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n')
            for i in range(n_plural):
                f.write(f"""\t<key>items{i}.count</key>
\t<dict>
\t\t<key>NSStringLocalizedFormatKey</key>
\t\t<string>%#@items@</string>
\t\t<key>items</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>NSStringFormatValueTypeKey</key>
\t\t\t<string>d</string>
\t\t\t<key>one</key>
\t\t\t<string>%d Element {i}</string>
\t\t\t<key>other</key>
\t\t\t<string>%d Elemente {i}</string>
\t\t</dict>
\t</dict>
""")
            f.write("</dict>\n</plist>\n")
    print(f"{a.languages} languages x {n} strings = {a.languages * n} strings in {a.out}")


if __name__ == "__main__":
    main()
