#!/usr/bin/env python3
"""A store whose values hold Apple's inline attribute markup (scripts/check-android.sh).

    generate-android-speech-store.py OUT

English (the development language) and German: every attribute Android annotates
(lang, ipa, spellOut, punctuation, pitch, heading), several in one run, nested runs,
runs after characters beyond U+FFFF (UTF-16 offsets), runs next to leading, trailing
and repeated spaces and characters aapt2 escapes, a run over a placeholder, runs in
plural variants, an English `inflect` run (<plurals>), an attribute Android drops, and
malformed markup that stays literal text. check-android.py compares each span of the
linked resources.arsc with the server's `runs` for the same key.
"""
import os
import sys

VALUES = {
    "en": {
        "visit.label": 'Visit ^[Mürren](accessibilitySpeechPhoneticNotation: "ˈmʏrən", languageIdentifier: "de-CH") today',
        "emoji.label": '😀 𝄞 ^[Zürich](languageIdentifier: "de") and ^[SOS](accessibilitySpeechSpellsOutCharacters: true)',
        "spaces.label": '  two  ^[spaced  words](accessibilitySpeechAdjustedPitch: 0.8)  ',
        "nested.label": '^[Chapter ^[one](accessibilitySpeechIncludesPunctuation: true)](accessibilityHeadingLevel: 2)',
        "escaped.label": 'It\'s ^["quoted" & <b>](languageIdentifier: "en") @home',
        "play.hint": '^[%@](languageIdentifier: "en"), tap to play',
        "tasks.count": '^[%lld Task](inflect: true)',
        "custom.label": '^[Maps](accessibilityTextCustom: "map", languageIdentifier: "en")',
        "broken.label": 'Tap ^[here](languageIdentifier: "en"',
        "plain.label": "No markup here",
    },
    "de": {
        "visit.label": 'Besuche ^[Mürren](accessibilitySpeechPhoneticNotation: "ˈmʏrən", languageIdentifier: "de-CH") heute',
        "emoji.label": '😀 𝄞 ^[Zürich](languageIdentifier: "de") und ^[SOS](accessibilitySpeechSpellsOutCharacters: true)',
        "spaces.label": '  zwei  ^[Wörter  mit Abstand](accessibilitySpeechAdjustedPitch: 1.2)  ',
        "nested.label": '^[Kapitel ^[eins](accessibilitySpeechIncludesPunctuation: false)](accessibilityHeadingLevel: 1)',
        "escaped.label": 'Das ^["Zitat" & <b>](languageIdentifier: "de") @home',
        "play.hint": '^[%@](languageIdentifier: "en"), zum Abspielen tippen',
        "tasks.count": '%lld Aufgaben',
        "custom.label": '^[Karten](accessibilityTextCustom: "map", languageIdentifier: "de")',
        "broken.label": 'Tippe ^[hier](languageIdentifier: "de"',
        "plain.label": "Kein Markup",
    },
}

PLURALS = {
    "en": ('%d ^[coin](languageIdentifier: "en-GB")', '%d ^[coins](languageIdentifier: "en-GB")'),
    "de": ('%d ^[Münze](languageIdentifier: "de")', '%d ^[Münzen](languageIdentifier: "de")'),
}


def strings_literal(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def stringsdict(lang):
    one, other = PLURALS[lang]
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>coins.count</key>
\t<dict>
\t\t<key>NSStringLocalizedFormatKey</key>
\t\t<string>%#@coins@</string>
\t\t<key>coins</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>NSStringFormatValueTypeKey</key>
\t\t\t<string>d</string>
\t\t\t<key>one</key>
\t\t\t<string>{xml(one)}</string>
\t\t\t<key>other</key>
\t\t\t<string>{xml(other)}</string>
\t\t</dict>
\t</dict>
</dict>
</plist>
"""


def main():
    root = sys.argv[1]
    for lang, values in VALUES.items():
        folder = os.path.join(root, "app", f"{lang}.lproj")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "Localizable.strings"), "w", encoding="utf-8") as f:
            for key, text in values.items():
                f.write(f"{strings_literal(key)} = {strings_literal(text)};\n")
        with open(os.path.join(folder, "Localizable.stringsdict"), "w", encoding="utf-8") as f:
            f.write(stringsdict(lang))


if __name__ == "__main__":
    main()
