/// The contents of one `.xcstrings` String Catalog: every language of a table.
public struct StringCatalog: Sendable, Hashable {
    /// The development language the catalog was written in (`en`).
    public var sourceLanguage: String
    /// The catalog format version (`1.0`).
    public var version: String
    /// Values by language (spelled as in the file, `zh-Hans`) and key.
    ///
    /// The source language has every key of the catalog: a key without a usable
    /// source-language value is its own value, as Xcode compiles it.
    public var localizations: [String: [String: LocalizedString]]
    /// The state of each served value that is not `translated` (`needs_review`,
    /// `new`, `stale`...), by language and key, so lint can report unfinished
    /// translations. Such values are served all the same.
    public var states: [String: [String: String]]
    /// Values skipped or kept despite a problem.
    public var warnings: [ParseWarning]
    /// Key → the entry's `comment` (the developer's, ``DeveloperComment``), for exports.
    package var comments: [String: String] = [:]

    public init(sourceLanguage: String, version: String, localizations: [String: [String: LocalizedString]] = [:],
                states: [String: [String: String]] = [:], warnings: [ParseWarning] = []) {
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.localizations = localizations
        self.states = states
        self.warnings = warnings
    }
}
