package import LabelCore

/// What a scan found, joined with the store: every site, every key the code uses with
/// the languages lacking it, and the development-language keys no site uses.
package struct ScanReport: Sendable {
    /// A key the code uses.
    package struct Key: Sendable, Hashable {
        package var table: String
        package var key: String
        /// How many sites use it.
        package var sites: Int
        /// Store languages lacking it, sorted.
        package var missing: [String]
        /// Its first site (`file:line`), for the text report.
        package var firstSite: ScanSite
        /// The first `value:`/`defaultValue:` literal a site gives it (scan's XLIFF `<source>`
        /// when the development language lacks the key).
        package var defaultValue: String? = nil
    }

    /// A development-language key no site uses.
    package struct Unreferenced: Sendable, Hashable {
        package var table: String
        package var key: String
        /// The table has dynamic sites, which may use it.
        package var possibly: Bool
    }

    package var files: Int
    package var sites: [ScanSite]
    package var keys: [Key]
    package var unreferenced: [Unreferenced]
    /// What could not be read or followed (tables, source files, too deep a nesting),
    /// the store's oddities, in the order found: store first, then sources.
    package var warnings: [ScanWarning]
    /// The store the sites were joined with (the exports read its values).
    package var catalog: Catalog
    /// The store's languages, sorted.
    package var languages: [String] { catalog.languages.map(\.rawValue) }
    package var developmentLanguage: String? { catalog.developmentLanguage?.rawValue }

    package var dynamicCount: Int { sites.count { $0.kind == .dynamic } }

    /// Per language, how many used keys it lacks (every store language listed).
    package var missingCounts: [(language: String, count: Int)] {
        var counts = Dictionary(uniqueKeysWithValues: languages.map { ($0, 0) })
        for key in keys { for language in key.missing { counts[language, default: 0] += 1 } }
        return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Whether some used key is missing in some language (`--strict` fails then).
    package var hasMissing: Bool { keys.contains { !$0.missing.isEmpty } }

    /// Whether part of the input went unread (`--strict` fails then too).
    package var isIncomplete: Bool { warnings.contains(where: \.isIncomplete) }

    /// Joins sites with the store: literal keys by value, interpolated ones by pattern
    /// against the table's keys (any specifier where an interpolation stands).
    package init(files: Int, sites: [ScanSite], store: Catalog, warnings: [ScanWarning] = []) {
        self.files = files
        self.sites = sites
        self.warnings = warnings
        catalog = store
        let languages = store.languages
        // Only interpolated sites need the tables' keys, as bytes, once per table.
        var storeKeys: [String: [(key: String, bytes: [UInt8])]] = [:]
        let patternTables = Set(sites.filter { $0.kind == .interpolated }.compactMap(\.table))
        for key in store.keys where patternTables.contains(key.table) {
            storeKeys[key.table, default: []].append((key.key, Array(key.key.utf8)))
        }

        // The first site by its index: a copy of it per key would double the sites' memory.
        var uses: [Catalog.Key: (count: Int, first: Int)] = [:]
        var order: [Catalog.Key] = []
        var defaults: [Catalog.Key: String] = [:]
        func use(_ id: Catalog.Key, _ site: Int) {
            if defaults[id] == nil, let value = sites[site].defaultValue { defaults[id] = value }
            if let existing = uses[id] {
                uses[id] = (existing.count + 1, existing.first)
            } else {
                uses[id] = (1, site)
                order.append(id)
            }
        }
        var dynamicTables: Set<String> = []
        for (index, site) in sites.enumerated() {
            guard let table = site.table else { continue }
            switch site.kind {
            case .dynamic:
                dynamicTables.insert(table)
            case .literal:
                use(Catalog.Key(table: table, key: site.key ?? ""), index)
            case .interpolated:
                let pattern = KeyPattern(segments: site.segments)
                let matches = (storeKeys[table] ?? []).filter { pattern.matches(bytes: $0.bytes) }
                if matches.isEmpty { use(Catalog.Key(table: table, key: site.key ?? ""), index) }
                for match in matches { use(Catalog.Key(table: table, key: match.key), index) }
            }
        }
        keys = order.sorted { ($0.table, $0.key) < ($1.table, $1.key) }.map { id in
            let missing = languages.filter { store.entry(key: id.key, table: id.table, language: $0) == nil }.map(\.rawValue)
            return Key(table: id.table, key: id.key, sites: uses[id]!.count, missing: missing, firstSite: sites[uses[id]!.first],
                       defaultValue: defaults[id])
        }
        var unreferenced: [Unreferenced] = []
        if let development = store.developmentLanguage {
            for table in store.tables {
                for key in store.entries(table: table, language: development).keys.sorted()
                where uses[Catalog.Key(table: table, key: key)] == nil {
                    unreferenced.append(Unreferenced(table: table, key: key, possibly: dynamicTables.contains(table)))
                }
            }
        }
        self.unreferenced = unreferenced
    }
}
