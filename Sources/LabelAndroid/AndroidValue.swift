package import LabelCore

/// One key converted for one folder: a `<string>` or a `<plurals>`, texts already in
/// Java format syntax but not yet escaped for aapt2.
package enum AndroidValue: Sendable, Hashable {
    /// `formatted: false` marks a value with a `%` and no placeholder (aapt2 would
    /// otherwise read its `%` as substitutions).
    case string(String, formatted: Bool)
    /// Items in CLDR order; every item is a format (`getQuantityString` with arguments).
    case plurals([(PluralCategory, String)])

    package static func == (a: AndroidValue, b: AndroidValue) -> Bool {
        switch (a, b) {
        case (.string(let x, let f), .string(let y, let g)): x == y && f == g
        case (.plurals(let x), .plurals(let y)): x.elementsEqual(y) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text, let formatted):
            hasher.combine(text)
            hasher.combine(formatted)
        case .plurals(let items):
            for (category, text) in items {
                hasher.combine(category)
                hasher.combine(text)
            }
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
