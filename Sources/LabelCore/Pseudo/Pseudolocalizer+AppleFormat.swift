/// Apple's format syntax, which the pseudolocalizer protects as aapt protects Java's.
extension Pseudolocalizer {
    /// What a `%` starts, as ``FormatToken`` (CoreFoundation's reading) sees it; lengths in
    /// UTF-16 code units.
    enum AppleFormat: Equatable {
        /// `%%`.
        case literal(Int)
        /// A conversion (`%@`, `%lld`, `%1$@`, `%.2f`): a placeholder.
        case specifier(Int)
        /// `%#@name@`: kept as it is, its variants are pseudolocalized apart.
        case substitution(Int)
        /// No valid specifier: aapt's own reading applies.
        case unknown
    }

    static func appleFormat(_ text: [UInt16], at start: Int) -> AppleFormat {
        // A specifier or `%#@name@` is short: reading at most 256 units keeps a value with
        // many `%` linear (the whole rest of the text once per `%` was quadratic).
        let rest = String(decoding: text[start..<min(text.count, start + 256)], as: UTF16.self)
        switch FormatToken.tokens(in: rest).first {
        case .literal: return .literal(2)
        case .specifier(let specifier): return .specifier(specifier.source.utf16.count)
        case .substitution(let substitution): return .substitution(substitution.source.utf16.count)
        case .invalid, nil: return .unknown
        }
    }
}
