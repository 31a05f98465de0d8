/// Resolves keys against a catalog (SPEC §3) and renders them (SPEC §4).
public struct LabelResolver: Sendable {
    public let catalog: Catalog
    /// The chain for each single preference the store has a folder for (`lang=de`, the
    /// usual request), built once: building it per request probed the matcher's shared,
    /// locked cache twice and deduplicated the result each time.
    private let singleChains: [LanguageTag: LanguageChain]

    public init(catalog: Catalog) {
        self.catalog = catalog
        var chains: [LanguageTag: LanguageChain] = [:]
        for language in catalog.languages {
            chains[language] = LanguageChain(preferred: [language], development: catalog.developmentLanguage,
                                             matcher: catalog.matcher)
        }
        singleChains = chains
    }

    /// The chain for a client's preferences with this catalog's development language.
    public func chain(preferred: [LanguageTag]) -> LanguageChain {
        if preferred.count == 1, let chain = singleChains[preferred[0]] { return chain }
        return LanguageChain(preferred: preferred, development: catalog.developmentLanguage, matcher: catalog.matcher)
    }

    /// ``chain(preferred:)`` for one preference, without an array for it.
    public func chain(preferring language: LanguageTag) -> LanguageChain {
        singleChains[language]
            ?? LanguageChain(preferred: [language], development: catalog.developmentLanguage, matcher: catalog.matcher)
    }

    /// Looks `key` up language by language, bundle by bundle; first hit wins.
    package func resolve(key: String, table: String, chain: LanguageChain) -> Resolution {
        var unused: Int?
        return lookUp(key: key, table: table, chain: chain, keySlot: &unused, wantsSlot: false)
    }

    /// ``resolve(key:table:chain:)``, and `keySlot` set to the key's slot in ``Catalog/keys``
    /// when an entry is found (else `nil`), from the same table probe: counting the key
    /// needs no second lookup by table and key.
    package func resolve(key: String, table: String, chain: LanguageChain, keySlot: inout Int?) -> Resolution {
        lookUp(key: key, table: table, chain: chain, keySlot: &keySlot, wantsSlot: true)
    }

    @inline(__always)
    private func lookUp(key: String, table: String, chain: LanguageChain, keySlot: inout Int?, wantsSlot: Bool) -> Resolution {
        keySlot = nil
        // The table is looked up once, not once per language tried.
        if let found = catalog.table(table) {
            for (index, language) in chain.languages.enumerated() {
                if let entry = found.languages[language]?[key] {
                    if wantsSlot { keySlot = found.slots[key].map(Int.init) }
                    return Resolution(key: key, table: table, requested: chain.requested, entry: entry,
                                      isMissing: index >= chain.requestedPrefixCount)
                }
            }
        }
        return Resolution(key: key, table: table, requested: chain.requested, entry: nil, isMissing: true)
    }

    /// Resolves and renders in one step.
    ///
    /// - Parameters:
    ///   - arguments: `count` first, then each `arg`, as written by the client.
    ///     Empty for a template that takes arguments: the template comes back
    ///     unrendered with its argument count.
    /// - Throws: ``FormatError`` when some but not all arguments are given, or
    ///   one does not fit the specifier that consumes it.
    public func label(key: String, table: String, chain: LanguageChain, arguments: [String]) throws(FormatError) -> ResolvedLabel {
        let resolution = resolve(key: key, table: table, chain: chain)
        return try ResolvedLabel(resolution: resolution, arguments: arguments, development: catalog.developmentLanguage)
    }
}
