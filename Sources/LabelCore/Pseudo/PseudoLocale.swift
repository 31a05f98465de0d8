/// Android's two pseudo-locales, which label-server computes from the development
/// language at load (docs/pseudo-locales.md).
package enum PseudoLocale: String, Sendable, CaseIterable {
    /// Accented, bracketed and expanded: `[Ţåþ ţö þļåý one two]`.
    case accented = "en-XA"
    /// Every word wrapped in RLM RLO … PDF RLM, so left-to-right text lays out right to left.
    case bidirectional = "ar-XB"

    /// The language this pseudo-locale is served as.
    package var tag: LanguageTag { LanguageTag(rawValue)! }

    /// The pseudo-locale `tag` names exactly (`en-XA`, `ar-XB`, in any case or with `_`), if any.
    package init?(tag: LanguageTag) {
        guard let locale = Self.allCases.first(where: { $0.tag == tag }) else { return nil }
        self = locale
    }

    /// Whether `tag` is one of the pseudo-locales.
    package static func isPseudo(_ tag: LanguageTag) -> Bool {
        PseudoLocale(tag: tag) != nil
    }
}
