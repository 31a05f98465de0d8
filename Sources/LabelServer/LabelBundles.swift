import Dispatch
public import LabelCore
import Synchronization

/// `GET /labels` bodies for every table and language, built once per catalog
/// (at load and at each reload), so a request is a lookup.
public struct LabelBundles: Sendable {
    /// One table in one language, in both formats.
    public struct TableBundle: Sendable {
        public let language: LanguageTag
        public let json: PrecomputedBody
        public let strings: PrecomputedBody
    }

    private struct Key: Hashable {
        var table: String
        var languages: [LanguageTag]
    }

    private let bundles: [Key: TableBundle]
    private let languagesByTable: [String: Set<LanguageTag>]
    /// Each (table, store language) → the key of its own chain, for requests whose
    /// matched folders form a list no store language's chain forms.
    private let keyByFirstLanguage: [Key: Key]

    /// Resolves and renders every (table, language) of the catalog.
    ///
    /// A request's chain always reduces to one of these: its languages that
    /// have strings are the chain of the first of them (`de-AT` → `de`, `en`).
    public init(catalog: Catalog) {
        var languagesByTable: [String: Set<LanguageTag>] = [:]
        var work: [(Key, LanguageChain)] = []
        var keyByFirstLanguage: [Key: Key] = [:]
        for table in catalog.tables {
            let languages = Set(catalog.languages(table: table))
            languagesByTable[table] = languages
            var seen = Set<[LanguageTag]>()
            for language in languages.sorted() {
                let chain = LanguageChain(preferred: [language], development: catalog.developmentLanguage,
                                          matcher: catalog.matcher)
                let present = chain.languages.filter(languages.contains)
                keyByFirstLanguage[Key(table: table, languages: [language])] = Key(table: table, languages: present)
                if seen.insert(present).inserted { work.append((Key(table: table, languages: present), chain)) }
            }
        }
        // Resolving, rendering and compressing dominate a large store's
        // start-up: spread them over the cores.
        let built = Mutex<[Key: TableBundle]>([:])
        let jobs = work
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (key, chain) = jobs[index]
            guard let resolved = ResolvedTable(catalog: catalog, table: key.table, chain: chain) else { return }
            let (json, fingerprint) = resolved.json()
            let strings = resolved.strings()
            let bundle = TableBundle(
                language: resolved.language,
                json: PrecomputedBody(json, fingerprint: fingerprint),
                strings: PrecomputedBody(strings, fingerprint: ContentHash.hex(ContentHash.fnv1a64(strings)))
            )
            built.withLock { $0[key] = bundle }
        }
        self.bundles = built.withLock { $0 }
        self.languagesByTable = languagesByTable
        self.keyByFirstLanguage = keyByFirstLanguage
    }

    /// The bundle for a table and chain; `nil` when the table does not exist
    /// in any language of the chain.
    public func bundle(table: String, chain: LanguageChain) -> TableBundle? {
        guard let present = languagesByTable[table] else { return nil }
        let languages = chain.languages.filter(present.contains)
        guard !languages.isEmpty else { return nil }
        if let bundle = bundles[Key(table: table, languages: languages)] { return bundle }
        // Matching can order a request's folders in a way no store language's chain
        // does (`zh-MO`: `zh-HK`, then `zh-Hant`); the first folder's own table is the
        // closest precomputed answer.
        return keyByFirstLanguage[Key(table: table, languages: [languages[0]])].flatMap { bundles[$0] }
    }

    public var count: Int { bundles.count }
}
