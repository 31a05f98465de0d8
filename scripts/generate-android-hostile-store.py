#!/usr/bin/env python3
"""A store of values that break naive Android converters (scripts/check-android.sh).

    generate-android-hostile-store.py OUT

Every language folder Android names differently (de-AT, he, id, yi, zh-TW, zh-Hant,
sr-Latn, es-419, pt-BR), values with everything aapt2 escapes or collapses
(apostrophes, quotes, backslashes, leading @ and ?, < and &, newlines, tabs, CR,
leading, trailing and repeated spaces, NBSP, control characters, emoji), every
Apple specifier form, lone and doubled %, keys that collide as resource names or
are Java keywords, and plurals: Apple's zero in English, Russian without few/many,
Arabic's six categories, Latvian's zero, two variables, positional arguments.
"""
import os
import sys

VALUES = {
    "hostile.apostrophe": "It's {L}'s",
    "hostile.quotes": 'Say "hi" {L}',
    "hostile.backslash": "back\\slash \\n not a newline {L}",
    "hostile.at": "@string/app_name {L}",
    "hostile.question": "?attr/colorPrimary {L}",
    "hostile.markup": "<b>bold</b> & co &amp; {L} ]]>",
    "hostile.newline": "line one {L}\nline two",
    "hostile.tab": "tab\there {L}",
    "hostile.cr": "carriage\rreturn {L}",
    "hostile.leading": "  leading {L}",
    "hostile.trailing": "trailing {L}  ",
    "hostile.double": "double  space {L}",
    "hostile.nbsp": "\u00a0nbsp\u00a0here {L}\u00a0",
    "hostile.thin": "thin\u2009space\u202fnarrow {L}",
    "hostile.linesep": "line\u2028separator {L}",
    "hostile.control": "ctrl\u0001char\u001f {L}",
    "hostile.emoji": "emoji 👍🏽 𝄞 {L}",
    "hostile.hash": "#hash {L}",
    "hostile.unicode.escape": "\\u0041 stays {L}",
    "hostile.only.quote": '"',
    "hostile.empty": "",
    "hostile.spaces.only": "   ",
    "percent.lone": "100% {L}",
    "percent.end": "{L} 100%",
    "percent.doubled": "100%% {L}",
    "percent.triple": "%%% {L}",
    "percent.invalid": "%y and %5y {L}",
    "percent.word": "50% off {L}",
    "format.object": "Hello %@ {L}",
    "format.two.objects": "%@ and %@ {L}",
    "format.positional": "%2$@ before %1$@ {L}",
    "format.mixed": "%1$@ then %2$d {L}",
    "format.long": "%lld items, %lu left {L}",
    "format.float": "%.2f km {L}",
    "format.float.default": "%f {L}",
    "format.width": "[%5d] [%-5@] {L}",
    "format.hex": "%x %X %o {L}",
    "format.sign": "%+d {L}",
    "format.repeat": "%1$@ %1$@ {L}",
    "format.char": "%c! {L}",
    "format.percent.after": "%d%% done {L}",
    "format.scientific": "%e {L}",
    "format.general": "%g {L}",
    "format.int.precision": "%.3d {L}",
    "format.zero.pad": "%05d {L}",
    "format.literal.substitution": "%#@nothing@ {L}",
    "a.b": "collides with a-b {L}",
    "a-b": "collides with a.b {L}",
    "class": "Java keyword {L}",
    "1st.place": "leading digit {L}",
    "schließen": "non-ASCII key {L}",
}

PLURALS = {
    # key: (template, {category: variant}, value type)
    "coins": ("%#@n@ collected {L}", None, "d"),
    "files.positional": ("%2$@ has %1$#@n@ {L}", None, "d"),
    "two.variables": ("%#@a@ and %#@b@ {L}", None, "d"),
    "percent.plural": ("%#@n@ at 100%% {L}", None, "d"),
}

FORMS = {
    "en": {"zero": "no coins", "one": "%d coin", "other": "%d coins"},
    "de": {"one": "%d Münze", "other": "%d Münzen"},
    "ru": {"one": "%d монета", "other": "%d монет"},
    "ar": {"zero": "لا عملات", "one": "عملة %d", "two": "عملتان %d", "few": "%d عملات", "many": "%d عملة", "other": "%d عملة"},
    "lv": {"zero": "%d monētu", "one": "%d monēta", "other": "%d monētas"},
}

LANGUAGES = ["en", "de", "de-AT", "he", "id", "yi", "zh-TW", "zh-Hant", "sr-Latn", "es-419", "pt-BR", "ru", "ar", "lv", "fr"]


def strings_literal(text):
    out = []
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20:
            out.append("\\U%04X" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def stringsdict(lang):
    forms = FORMS.get(lang, FORMS["de"] if lang != "en" else FORMS["en"])
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
           '<plist version="1.0"><dict>']
    for key, (template, _, value_type) in PLURALS.items():
        out.append(f"<key>{xml(key)}</key><dict>")
        out.append(f"<key>NSStringLocalizedFormatKey</key><string>{xml(template.format(L=lang))}</string>")
        for var in ("a", "b") if key == "two.variables" else ("n",):
            out.append(f"<key>{var}</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>")
            out.append(f"<key>NSStringFormatValueTypeKey</key><string>{value_type}</string>")
            for category, text in forms.items():
                out.append(f"<key>{category}</key><string>{xml(text)}</string>")
            out.append("</dict>")
        out.append("</dict>")
    out.append("</dict></plist>")
    return "\n".join(out) + "\n"


def main():
    root = sys.argv[1]
    for lang in LANGUAGES:
        folder = os.path.join(root, "app", f"{lang}.lproj")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "Localizable.strings"), "w", encoding="utf-8") as f:
            for key, value in VALUES.items():
                text = value.format(L=lang) if "{L}" in value else value
                f.write(f"{strings_literal(key)} = {strings_literal(text)};\n")
        with open(os.path.join(folder, "Localizable.stringsdict"), "w", encoding="utf-8") as f:
            f.write(stringsdict(lang))
    # A second table whose key collides with one of Localizable's names.
    with open(os.path.join(root, "app", "en.lproj", "Accessibility.strings"), "w", encoding="utf-8") as f:
        f.write('"hostile_apostrophe" = "same resource name as hostile.apostrophe";\n"close.button" = "Close";\n')


if __name__ == "__main__":
    main()
