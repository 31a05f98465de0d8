/// The loaded store: every table in every language, bundles already merged.
///
/// Built once at load (and at each reload) and then only read, so it is a
/// value that can be shared across threads. A lookup for one language finds the
/// table (by comparing names, or a hash probe when there are more than four), then
/// probes language and key, so resolving a chain of three languages costs at most a
/// handful of probes.
public struct Catalog: Sendable {
    /// Bundle names, highest priority first.
    public let bundles: [String]
    /// The language every chain ends with; `nil` when configured as `none`.
    public let developmentLanguage: LanguageTag?
    /// table → language → key → entry, with the first bundle winning.
    private let merged: [String: [LanguageTag: [String: CatalogEntry]]]
    /// How to give back each layer as read, in the order given (see ``layers``).
    private let sources: [LayerSource]
    /// Requested tags → this store's folders, as `Bundle` matches them.
    public let matcher: LanguageMatcher
    /// Number of strings over all layers (each bundle's copy counted).
    public let stringCount: Int

    /// Merges layers: within a (table, language), an earlier bundle wins.
    ///
    /// The largest layer of each (table, language) becomes the merged table itself
    /// (merged into in place when the caller passes its only copy, as the store
    /// loader does), so the catalog holds one table per string, not two.
    public init(bundles: [String], developmentLanguage: LanguageTag?, layers: consuming [CatalogLayer]) {
        self.bundles = bundles
        self.developmentLanguage = developmentLanguage
        var layers = layers
        stringCount = layers.reduce(0) { $0 + $1.entries.count }
        var merged: [String: [LanguageTag: [String: CatalogEntry]]] = [:]
        var kinds = [LayerSource.Kind](repeating: .whole, count: layers.count)
        let rank = Dictionary(uniqueKeysWithValues: bundles.enumerated().map { ($1, $0) })
        let groups = Dictionary(grouping: layers.indices) { Pair(table: layers[$0].table, language: layers[$0].language) }
        for (pair, group) in groups {
            // Start from the largest layer (taken, not copied: no rehash) and fold the
            // others in, keeping whichever entry's bundle ranks first.
            let ordered = group.sorted { layers[$0].entries.count > layers[$1].entries.count }
            var entries: [String: CatalogEntry] = [:]
            swap(&entries, &layers[ordered[0]].entries)
            // The largest layer's own entries for keys a smaller one also has, before any merge.
            var overlap: [String: CatalogEntry] = [:]
            for index in ordered.dropFirst() {
                for key in layers[index].entries.keys { if let own = entries[key] { overlap[key] = own } }
            }
            for index in ordered.dropFirst() {
                let other = layers[index].entries
                entries.merge(other) { existing, other in
                    (rank[existing.bundle] ?? .max) <= (rank[other.bundle] ?? .max) ? existing : other
                }
                kinds[index] = .kept(other)
            }
            if ordered.count > 1 { kinds[ordered[0]] = .largest(overlap: overlap, others: Array(ordered.dropFirst())) }
            merged[pair.table, default: [:]][pair.language] = entries
        }
        sources = zip(layers, kinds).map { layer, kind in
            LayerSource(bundle: layer.bundle, language: layer.language, table: layer.table, files: layer.files, kind: kind)
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

    /// One layer as given to ``init(bundles:developmentLanguage:layers:)``, without a
    /// second table of its entries where the merged table already holds them.
    private struct LayerSource: Sendable {
        enum Kind: Sendable {
            /// The only layer of its (table, language): its entries are the merged table.
            case whole
            /// A smaller layer of several, kept as read (it shares every entry's storage).
            case kept([String: CatalogEntry])
            /// The largest of several: the merged table less the keys of `others`
            /// (indices of the kept layers), plus its own entries for those keys.
            case largest(overlap: [String: CatalogEntry], others: [Int])
        }

        var bundle: String
        var language: LanguageTag
        var table: String
        var files: [String]
        var kind: Kind
    }

    /// The per-bundle layers as read, in the order given, for lint and reports.
    /// Rebuilt from the merged tables on each call (nothing on the request path reads it).
    public var layers: [CatalogLayer] {
        sources.map { source in
            let entries: [String: CatalogEntry]
            switch source.kind {
            case .whole:
                entries = merged[source.table]?[source.language] ?? [:]
            case .kept(let kept):
                entries = kept
            case .largest(let overlap, let others):
                let hidden = others.map { index -> [String: CatalogEntry] in
                    if case .kept(let kept) = sources[index].kind { return kept }
                    return [:]
                }
                entries = (merged[source.table]?[source.language] ?? [:])
                    .filter { key, _ in !hidden.contains { $0[key] != nil } }
                    .merging(overlap) { _, own in own }
            }
            return CatalogLayer(bundle: source.bundle, language: source.language, table: source.table,
                                entries: entries, files: source.files)
        }
    }

    /// The entry for `key` in exactly this table and language, if any bundle has it.
    public func entry(key: String, table: String, language: LanguageTag) -> CatalogEntry? {
        languages(ofTable: table)?[language]?[key]
    }

    /// Whether some bundle has a file for the table in this language, even an empty one.
    public func has(table: String, language: LanguageTag) -> Bool {
        languages(ofTable: table)?[language] != nil
    }

    /// All merged entries of a table in one language (no fallback applied).
    public func entries(table: String, language: LanguageTag) -> [String: CatalogEntry] {
        languages(ofTable: table)?[language] ?? [:]
    }

    /// `merged[table]`. A store has a table or two (`Localizable`): comparing their
    /// names costs a fraction of hashing the requested one.
    private func languages(ofTable table: String) -> [LanguageTag: [String: CatalogEntry]]? {
        guard merged.count <= 4 else { return merged[table] }
        for (name, languages) in merged where name == table { return languages }
        return nil
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
}
