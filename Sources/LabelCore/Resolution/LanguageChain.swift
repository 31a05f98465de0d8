/// The ordered languages a lookup tries: each preferred tag and its
/// truncations, then the development language (SPEC §3).
///
/// With a ``LanguageMatcher`` each tag expands to the store folders `Bundle` would
/// match for it (`de` → `de`, `de-DE`; `es-MX` → `es-MX`, `es`, `es-419`), not only its
/// truncations. Neither crosses a script the tag writes (``LanguageTag/mayFall(to:)``:
/// `sr-Latn-RS` gives `sr-Latn-RS`, `sr-Latn`, never a Cyrillic `sr`).
///
/// `de-AT` with development language `en` gives `de-AT`, `de`, `en`. Several
/// preferences (from `Accept-Language`) are tried in order, each with its
/// truncations, before the development language. Duplicates are dropped.
public struct LanguageChain: Sendable, Hashable {
    /// The tag the client asked for first; `nil` when it asked for none.
    public let requested: LanguageTag?
    /// Languages to try, most preferred first.
    public let languages: [LanguageTag]
    /// How many leading entries of `languages` come from `requested` itself;
    /// a value found among them satisfies the request (no missing hit).
    public let requestedPrefixCount: Int

    /// Builds the chain.
    ///
    /// - Parameters:
    ///   - preferred: Client preferences, most wanted first. Empty: the
    ///     development language is the request.
    ///   - development: The development language, or `nil` when configured `none`.
    ///   - matcher: The store's folder matcher; `nil` tries truncations only.
    package init(preferred: [LanguageTag], development: LanguageTag?, matcher: LanguageMatcher? = nil) {
        var languages: [LanguageTag] = []
        func add(_ tag: LanguageTag) { if !languages.contains(tag) { languages.append(tag) } }
        let requested = preferred.first ?? development
        func expand(_ tag: LanguageTag) -> [LanguageTag] { matcher?.matches(for: tag) ?? tag.fallbackTruncations }
        if let requested { expand(requested).forEach(add) }
        let prefix = languages.count
        for tag in preferred.dropFirst() { expand(tag).forEach(add) }
        if let development { expand(development).forEach(add) }
        self.requested = requested
        self.languages = languages
        self.requestedPrefixCount = prefix
    }
}
