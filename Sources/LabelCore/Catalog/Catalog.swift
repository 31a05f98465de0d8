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
    /// table → language → key → entry, with the first bundle winning, and each table's
    /// key → slot in ``keys``.
    private let merged: [String: Table]
    /// How to give back each layer as read, in the order given (see ``layers``).
    private let sources: [LayerSource]
    /// Requested tags → this store's folders, as `Bundle` matches them.
    package let matcher: LanguageMatcher
    /// Number of strings over all layers (each bundle's copy counted).
    public let stringCount: Int
    /// table → key → the developer's comment, development language only: apart from the
    /// entries, so a label lookup never touches it (docs/decisions/developer-comments.md).
    private let comments: [String: [String: String]]
    /// Every key some language of a table has, once per table: tables in order, then
    /// within a table each language in order, its keys not seen yet. A key's index here
    /// is its slot (``keySlot(table:key:)``), for per-key counters.
    public let keys: [Key]
    /// The pseudo-locales computed at load (`en-XA`, `ar-XB`): served like any language,
    /// but never a translator's work, so coverage, the backlog and XLIFF leave them out.
    package let pseudoLanguages: Set<LanguageTag>

    /// One key of one table.
    public struct Key: Hashable, Sendable {
        public var table: String
        public var key: String

        public init(table: String, key: String) {
            self.table = table
            self.key = key
        }
    }

    /// One table: its entries per language, and each key's slot in ``keys``, found by
    /// the same table probe as the entries (a counter needs no second probe by table).
    /// A class: a lookup holds it by one reference, not a retain per dictionary.
    final class Table: Sendable {
        let languages: [LanguageTag: [String: CatalogEntry]]
        let slots: [String: Int32]

        init(languages: [LanguageTag: [String: CatalogEntry]], slots: [String: Int32]) {
            self.languages = languages
            self.slots = slots
        }
    }

    /// Merges layers: within a (table, language), an earlier bundle wins.
    ///
    /// The largest layer of each (table, language) becomes the merged table itself
    /// (merged into in place when the caller passes its only copy, as the store
    /// loader does), so the catalog holds one table per string, not two.
    package init(bundles: [String], developmentLanguage: LanguageTag?, layers: consuming [CatalogLayer],
                 pseudoLanguages: Set<LanguageTag> = []) {
        self.bundles = bundles
        self.pseudoLanguages = pseudoLanguages
        self.developmentLanguage = developmentLanguage
        var layers = layers
        stringCount = layers.reduce(0) { $0 + $1.entries.count }
        comments = Self.developerComments(layers, bundles: bundles, developmentLanguage: developmentLanguage)
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
        (self.merged, keys) = Self.numberingKeys(merged)
        // A closure, not `\.keys`: the runtime instantiates the first key path of a
        // process, on the start-up's critical path.
        let languages = Set(merged.values.flatMap { $0.keys })
        // A pseudo-locale is served only when asked for by name: never a fallback of
        // `en` (Bundle's matching would offer `en-XA` as one of English's regions).
        matcher = LanguageMatcher(available: languages.subtracting(pseudoLanguages))
        // Each locale's plural rules are parsed on first use: for the store's languages
        // here, at load, rather than by a first request on an event loop.
        for language in languages { _ = PluralRules.forLanguage(language.rawValue) }
    }

    /// Each table with its keys numbered in ``keys``' order, and that order.
    private static func numberingKeys(_ merged: [String: [LanguageTag: [String: CatalogEntry]]]) -> ([String: Table], [Key]) {
        var tables: [String: Table] = [:]
        var keys: [Key] = []
        for (table, byLanguage) in merged.sorted(by: { $0.key < $1.key }) {
            var slots: [String: Int32] = [:]
            for language in byLanguage.keys.sorted() {
                for key in byLanguage[language, default: [:]].keys where slots[key] == nil {
                    slots[key] = Int32(keys.count)
                    keys.append(Key(table: table, key: key))
                }
            }
            tables[table] = Table(languages: byLanguage, slots: slots)
        }
        return (tables, keys)
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
    package var layers: [CatalogLayer] {
        sources.map { source in
            let entries: [String: CatalogEntry]
            switch source.kind {
            case .whole:
                entries = merged[source.table]?.languages[source.language] ?? [:]
            case .kept(let kept):
                entries = kept
            case .largest(let overlap, let others):
                let hidden = others.map { index -> [String: CatalogEntry] in
                    if case .kept(let kept) = sources[index].kind { return kept }
                    return [:]
                }
                entries = (merged[source.table]?.languages[source.language] ?? [:])
                    .filter { key, _ in !hidden.contains { $0[key] != nil } }
                    .merging(overlap) { _, own in own }
            }
            return CatalogLayer(bundle: source.bundle, language: source.language, table: source.table,
                                entries: entries, files: source.files)
        }
    }

    /// The developer's comment on `key` of `table` (development language; the first bundle
    /// that has one), for translators' exports.
    package func developerComment(table: String, key: String) -> String? {
        comments[table]?[key]
    }

    /// The development-language layers' comments, the first bundle's winning.
    private static func developerComments(_ layers: [CatalogLayer], bundles: [String],
                                          developmentLanguage: LanguageTag?) -> [String: [String: String]] {
        let rank = Dictionary(bundles.enumerated().map { ($1, $0) }) { first, _ in first }
        var comments: [String: [String: String]] = [:]
        let development = layers.filter { $0.language == developmentLanguage && !$0.comments.isEmpty }
        for layer in development.sorted(by: { (rank[$0.bundle] ?? .max) > (rank[$1.bundle] ?? .max) }) {
            comments[layer.table, default: [:]].merge(layer.comments) { _, higher in higher }
        }
        return comments
    }

    /// The entry for `key` in exactly this table and language, if any bundle has it.
    package func entry(key: String, table: String, language: LanguageTag) -> CatalogEntry? {
        lookup(table)?.languages[language]?[key]
    }

    /// The index in ``keys`` of `key` of `table`, when some language has it.
    package func keySlot(table: String, key: String) -> Int? {
        lookup(table)?.slots[key].map(Int.init)
    }

    /// One table's entries and slots: for a lookup that tries several languages.
    func table(_ table: String) -> Table? {
        lookup(table)
    }

    /// Whether some bundle has a file for the table in this language, even an empty one.
    public func has(table: String, language: LanguageTag) -> Bool {
        lookup(table)?.languages[language] != nil
    }

    /// All merged entries of a table in one language (no fallback applied).
    package func entries(table: String, language: LanguageTag) -> [String: CatalogEntry] {
        lookup(table)?.languages[language] ?? [:]
    }

    /// `merged[table]`. A store has a table or two (`Localizable`): comparing their
    /// names costs a fraction of hashing the requested one.
    private func lookup(_ table: String) -> Table? {
        guard merged.count <= 4 else { return merged[table] }
        for (name, entry) in merged where name == table { return entry }
        return nil
    }

    /// Table names, sorted.
    public var tables: [String] { merged.keys.sorted() }

    /// Languages that have at least one string in `table`, sorted.
    public func languages(table: String) -> [LanguageTag] {
        (merged[table]?.languages.keys).map { $0.sorted() } ?? []
    }

    /// Every language in the store, sorted.
    public var languages: [LanguageTag] {
        Array(Set(merged.values.flatMap { $0.languages.keys })).sorted()
    }

    /// ``languages`` without the pseudo-locales: the ones translators work on.
    package var translatedLanguages: [LanguageTag] {
        languages.filter { !pseudoLanguages.contains($0) }
    }
}
