/// The loaded store: every table in every language, bundles already merged.
///
/// Built once at load (and at each reload) and then only read, so it is a
/// value that can be shared across threads. A lookup for one language is two
/// hash probes (table, then language and key), so resolving a chain of three
/// languages costs at most a handful of probes.
public struct Catalog: Sendable {
    /// Bundle names, highest priority first.
    public let bundles: [String]
    /// The language every chain ends with; `nil` when configured as `none`.
    public let developmentLanguage: LanguageTag?
    /// The per-bundle layers as read, in bundle order, for lint and reports.
    public let layers: [CatalogLayer]
    /// table → language → key → entry, with the first bundle winning.
    private let merged: [String: [LanguageTag: [String: CatalogEntry]]]
    /// Requested tags → this store's folders, as `Bundle` matches them.
    public let matcher: LanguageMatcher

    /// Merges layers: within a (table, language), an earlier bundle wins.
    public init(bundles: [String], developmentLanguage: LanguageTag?, layers: [CatalogLayer]) {
        self.bundles = bundles
        self.developmentLanguage = developmentLanguage
        self.layers = layers
        var merged: [String: [LanguageTag: [String: CatalogEntry]]] = [:]
        let rank = Dictionary(uniqueKeysWithValues: bundles.enumerated().map { ($1, $0) })
        let groups = Dictionary(grouping: layers) { Pair(table: $0.table, language: $0.language) }
        for (pair, group) in groups {
            // Start from the largest layer (reused as is, no rehash) and fold the
            // others in, keeping whichever entry's bundle ranks first.
            let ordered = group.sorted { $0.entries.count > $1.entries.count }
            var entries = ordered[0].entries
            for layer in ordered.dropFirst() {
                entries.merge(layer.entries) { existing, other in
                    (rank[existing.bundle] ?? .max) <= (rank[other.bundle] ?? .max) ? existing : other
                }
            }
            merged[pair.table, default: [:]][pair.language] = entries
        }
        self.merged = merged
        let languages = Set(merged.values.flatMap(\.keys))
        matcher = LanguageMatcher(available: languages)
        // Each locale's plural rules are parsed on first use: for the store's languages
        // here, at load, rather than by a first request on an event loop.
        for language in languages { _ = PluralRules.forLanguage(language.rawValue) }
    }

    private struct Pair: Hashable {
        var table: String
        var language: LanguageTag
    }

    /// The entry for `key` in exactly this table and language, if any bundle has it.
    public func entry(key: String, table: String, language: LanguageTag) -> CatalogEntry? {
        merged[table]?[language]?[key]
    }

    /// Whether some bundle has a file for the table in this language, even an empty one.
    public func has(table: String, language: LanguageTag) -> Bool {
        merged[table]?[language] != nil
    }

    /// All merged entries of a table in one language (no fallback applied).
    public func entries(table: String, language: LanguageTag) -> [String: CatalogEntry] {
        merged[table]?[language] ?? [:]
    }

    /// Table names, sorted.
    public var tables: [String] { merged.keys.sorted() }

    /// Languages that have at least one string in `table`, sorted.
    public func languages(table: String) -> [LanguageTag] {
        (merged[table]?.keys).map { $0.sorted() } ?? []
    }

    /// Every language in the store, sorted.
    public var languages: [LanguageTag] {
        Array(Set(merged.values.flatMap(\.keys))).sorted()
    }

    /// Number of strings over all layers (each bundle's copy counted).
    public var stringCount: Int { layers.reduce(0) { $0 + $1.entries.count } }
}
