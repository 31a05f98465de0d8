/// The ordered languages a lookup tries: each preferred tag and its
/// truncations, then the development language (SPEC §3).
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
    public init(preferred: [LanguageTag], development: LanguageTag?) {
        var languages: [LanguageTag] = []
        func add(_ tag: LanguageTag) { if !languages.contains(tag) { languages.append(tag) } }
        let requested = preferred.first ?? development
        for tag in requested?.truncations ?? [] { add(tag) }
        let prefix = languages.count
        for tag in preferred.dropFirst() { tag.truncations.forEach(add) }
        if let development { add(development) }
        self.requested = requested
        self.languages = languages
        self.requestedPrefixCount = prefix
    }
}
