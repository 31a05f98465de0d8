import LabelCore

/// Apple's inline attribute names as `<annotation>` attribute names (docs/android.md):
/// what an app maps to `LocaleSpan` / `TtsSpan` with the helper that page shows.
package enum AndroidSpeech {
    /// Apple name → annotation name. `inflect` is not here: an English label's inflection
    /// becomes `<plurals>`; other names (`accessibilityTextCustom`, Apple's other grammar
    /// attributes, names of an app's own) have nothing TalkBack reads and are left out
    /// with `speech-attribute-dropped`.
    package static let names: [String: String] = [
        "languageIdentifier": "lang",
        "accessibilitySpeechPhoneticNotation": "ipa",
        "accessibilitySpeechSpellsOutCharacters": "spellOut",
        "accessibilitySpeechIncludesPunctuation": "punctuation",
        "accessibilitySpeechAdjustedPitch": "pitch",
        "accessibilityHeadingLevel": "heading",
    ]

    /// The run's attributes that have an annotation name, and the names of those that do
    /// not (`inflect` excepted: the caller handles it).
    static func attributes(of run: LabelRun) -> (kept: [AndroidSpan.Attribute], dropped: [String]) {
        var kept: [AndroidSpan.Attribute] = []
        var dropped: [String] = []
        for attribute in run.attributes {
            if let name = names[attribute.name] {
                kept.append(AndroidSpan.Attribute(name: name, value: text(of: attribute.value)))
            } else if attribute.name != "inflect" {
                dropped.append(attribute.name)
            }
        }
        return (kept, dropped)
    }

    /// A value as an XML attribute holds it: the string, `true`/`false`, a whole number
    /// without a fraction (`2`), another number as Swift writes it (`0.8`).
    static func text(of value: InlineAttributeValue) -> String {
        switch value {
        case .string(let text): text
        case .boolean(let flag): flag ? "true" : "false"
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }

    /// Whether any text of `string` may hold markup (``InlineMarkup/mayContainMarkup(_:)``).
    static func mayHoldMarkup(_ string: LocalizedString) -> Bool {
        if InlineMarkup.mayContainMarkup(string.template) { return true }
        return string.variables.values.contains { $0.variants.values.contains(where: InlineMarkup.mayContainMarkup) }
    }
}
