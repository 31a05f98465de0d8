package import LabelCore

/// `GET /labels` bundles of one catalog: which chains exist is worked out at load
/// (cheap); each bundle's bodies are built on the first request that needs them
/// (``BundleSlot``) and kept until the next reload makes a new `LabelBundles`.
package struct LabelBundles: Sendable {
    private struct Key: Hashable {
        var table: String
        var languages: [LanguageTag]
    }

    private let slots: [Key: BundleSlot]
    private let languagesByTable: [String: Set<LanguageTag>]
    /// Each (table, store language) → the key of its own chain, for requests whose
    /// matched folders form a list no store language's chain forms.
    private let keyByFirstLanguage: [Key: Key]
    /// Each store language with the table → its bundle: what ``slot(table:chain:)`` finds
    /// for a request asking for that language, in one probe per table (the usual launch,
    /// `lang=de` with a `de.lproj`). `LabelBundlesTests` pins the two lookups as one.
    private let byLanguage: [LanguageTag: [(table: String, slot: BundleSlot)]]
    /// The `Localizable` bundles of ``byLanguage``, found from a launch's raw query.
    let launch: LaunchSlots

    /// One slot per distinct (table, languages with the table) over the store's languages.
    ///
    /// A request's chain always reduces to one of these: its languages that
    /// have strings are the chain of the first of them (`de-AT` → `de`, `en`).
    package init(catalog: Catalog) {
        var languagesByTable: [String: Set<LanguageTag>] = [:]
        var slots: [Key: BundleSlot] = [:]
        var keyByFirstLanguage: [Key: Key] = [:]
        for table in catalog.tables {
            let languages = Set(catalog.languages(table: table))
            languagesByTable[table] = languages
            for language in languages.sorted() {
                let chain = LanguageChain(preferred: [language], development: catalog.developmentLanguage,
                                          matcher: catalog.matcher)
                let key = Key(table: table, languages: chain.languages.filter(languages.contains))
                keyByFirstLanguage[Key(table: table, languages: [language])] = key
                if slots[key] == nil, let first = key.languages.first {
                    slots[key] = BundleSlot(catalog: catalog, table: table, chain: chain, language: first)
                }
            }
        }
        // A language's few tables are scanned: one hash per request, not two.
        var byLanguage: [LanguageTag: [(table: String, slot: BundleSlot)]] = [:]
        for (first, key) in keyByFirstLanguage.sorted(by: { $0.key.table < $1.key.table }) {
            if let slot = slots[key] { byLanguage[first.languages[0], default: []].append((first.table, slot)) }
        }
        self.slots = slots
        self.languagesByTable = languagesByTable
        self.keyByFirstLanguage = keyByFirstLanguage
        self.byLanguage = byLanguage
        launch = LaunchSlots(byLanguage.compactMap { language, tables in
            tables.first { $0.table == "Localizable" }.map { (language, $0.slot) }
        })
    }

    /// The bundle for a table and a requested language, when the language is a store
    /// language that has the table; `nil` otherwise (ask ``slot(table:chain:)``).
    func slot(table: String, language: LanguageTag) -> BundleSlot? {
        byLanguage[language]?.first { $0.table == table }?.slot
    }

    /// The bundle for a table and chain; `nil` when the table does not exist
    /// in any language of the chain.
    func slot(table: String, chain: LanguageChain) -> BundleSlot? {
        guard let present = languagesByTable[table] else { return nil }
        let languages = chain.languages.filter(present.contains)
        guard !languages.isEmpty else { return nil }
        if let slot = slots[Key(table: table, languages: languages)] { return slot }
        // Matching can order a request's folders in a way no store language's chain
        // does (`zh-MO`: `zh-HK`, then `zh-Hant`); the first folder's own table is the
        // closest bundle.
        return keyByFirstLanguage[Key(table: table, languages: [languages[0]])].flatMap { slots[$0] }
    }

    /// Every (table, language) bundle the catalog can serve, built yet or not.
    package var count: Int { slots.count }
}
