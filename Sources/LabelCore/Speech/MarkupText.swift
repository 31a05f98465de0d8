/// A text of a store string that holds inline attribute markup, parsed once at catalog
/// load: what the formatter renders (``text``) and the runs over it.
package struct MarkupText: Sendable, Hashable {
    /// As written in the store (what Apple-format outputs write back).
    package var original: String
    /// ``original`` with the markup removed.
    package var text: String
    /// UTF-16 offsets into ``text``.
    package var runs: [LabelRun]

    package init(_ original: String) {
        self.original = original
        (text, runs) = InlineMarkup.parse(original)
    }

    /// `string` with every text (template, variants) stripped of its markup, and the texts
    /// that had some; `string` itself and none when no text has markup.
    package static func stripping(_ string: LocalizedString) -> (string: LocalizedString, texts: [MarkupText]) {
        var texts: [MarkupText] = []
        func strip(_ text: String) -> String {
            guard InlineMarkup.mayContainMarkup(text) else { return text }
            if let known = texts.first(where: { $0.original == text }) { return known.text }
            let parsed = MarkupText(text)
            // Only malformed markup: nothing to strip.
            guard parsed.text != text else { return text }
            texts.append(parsed)
            return parsed.text
        }
        var stripped = string
        stripped.template = strip(string.template)
        for (name, variable) in string.variables {
            for (category, variant) in variable.variants {
                stripped.variables[name]?.variants[category] = strip(variant)
            }
        }
        return texts.isEmpty ? (string, []) : (stripped, texts)
    }
}
