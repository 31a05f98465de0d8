package import LabelCore

/// One key converted for one folder: a `<string>` or a `<plurals>`, texts already in
/// Java format syntax but not yet escaped for aapt2.
package enum AndroidValue: Sendable, Hashable {
    /// `formatted: false` marks a value with a `%` and no placeholder (aapt2 would
    /// otherwise read its `%` as substitutions). `spans`: `<annotation>`s over the text
    /// (from the store value's inline attribute markup).
    case string(String, formatted: Bool, spans: [AndroidSpan] = [])
    /// Items in CLDR order; every item is a format (`getQuantityString` with arguments).
    /// `spans`: each item's `<annotation>`s, by category.
    case plurals([(PluralCategory, String)], spans: [PluralCategory: [AndroidSpan]] = [:])

    package static func == (a: AndroidValue, b: AndroidValue) -> Bool {
        switch (a, b) {
        case (.string(let x, let f, let s), .string(let y, let g, let t)): x == y && f == g && s == t
        case (.plurals(let x, let s), .plurals(let y, let t)): x.elementsEqual(y) { $0.0 == $1.0 && $0.1 == $1.1 } && s == t
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text, let formatted, let spans):
            hasher.combine(text)
            hasher.combine(formatted)
            hasher.combine(spans)
        case .plurals(let items, let spans):
            for (category, text) in items {
                hasher.combine(category)
                hasher.combine(text)
            }
            hasher.combine(spans)
        }
    }

    /// The key itself as a default (what Apple answers for a key the development
    /// language lacks): a format (`%` doubled) when the key's value elsewhere takes
    /// arguments, else plain text.
    package static func keyItself(_ key: String, isFormat: Bool) -> AndroidValue {
        isFormat ? .string(JavaFormat.literal(key), formatted: true)
            : .string(key, formatted: !key.utf8.contains(UInt8(ascii: "%")))
    }

    package var isPlural: Bool {
        if case .plurals = self { return true }
        return false
    }
}
