import LabelCore

/// One table of an ``AndroidExport``: every folder's file, the development folder
/// completed with a default for each key, and kinds made consistent.
struct TableExport {
    private(set) var files: [(folder: String, file: AndroidStringsFile)] = []
    private(set) var refusals: [AndroidRefusal] = []

    init(catalog: Catalog, table: String, keys: [String], folders: [(language: LanguageTag, folder: String)],
         names: AndroidResourceNames) {
        let development = catalog.developmentLanguage
        let developmentChain = development.map {
            Set(LanguageChain(preferred: [$0], development: $0, matcher: catalog.matcher).languages)
        } ?? []
        let name = { (key: String) in names.name(table: table, key: key) }
        var defaults = AndroidStringsFile()
        var others: [(language: LanguageTag, folder: String, file: AndroidStringsFile)] = []
        var developmentKeys = Set<String>()
        for (language, folder) in folders {
            let chain = LanguageChain(preferred: [language], development: development, matcher: catalog.matcher)
            guard let resolved = ResolvedTable(catalog: catalog, table: table, chain: chain) else { continue }
            let isDefault = folder == "values"
            if isDefault { developmentKeys = Set(resolved.items.lazy.map(\.key)) }
            let items = resolved.items.lazy
                .filter { isDefault || !developmentChain.contains($0.entry.language) }
                .map { (key: $0.key, string: $0.entry.string) }
            let file = AndroidStringsFile(table: table, language: language, items: Array(items), names: name)
            if isDefault { defaults = file } else { others.append((language, folder, file)) }
        }
        dropWithoutDefault(&others, defaults: defaults, developmentKeys: developmentKeys, table: table)
        complete(&defaults, table: table, keys: keys, others: others.map { ($0.folder, $0.file) }, names: names,
                 development: development, skipping: developmentKeys)
        var all = [(language: development ?? LanguageTag("und")!, folder: "values", file: defaults)] + others
        Self.matchKinds(&all)
        files = all.map { ($0.folder, $0.file) }
        refusals = all.flatMap(\.file.refusals) + refusals
    }

    /// Gives every named key a default in `values/`: the key itself (what Apple
    /// answers in the development language for a key it lacks), as a format when the
    /// other folders' value is one.
    private mutating func complete(_ defaults: inout AndroidStringsFile, table: String, keys: [String],
                                   others: [(folder: String, file: AndroidStringsFile)], names: AndroidResourceNames,
                                   development: LanguageTag?, skipping developmentKeys: Set<String>) {
        let present = Set(defaults.values.map(\.key)).union(developmentKeys)
        var elsewhere: [String: AndroidValue] = [:]
        for (_, file) in others {
            for value in file.values where elsewhere[value.key] == nil { elsewhere[value.key] = value.value }
        }
        var added = false
        for key in keys.sorted() where !present.contains(key) {
            guard let name = names.name(table: table, key: key), let other = elsewhere[key] else { continue }
            let value: AndroidValue
            // A <plurals> elsewhere makes this one too (`matchKinds`), from the plain text.
            if case .string(let text, true, _) = other, text.utf8.contains(UInt8(ascii: "%")) {
                value = .keyItself(key, isFormat: true)
            } else {
                value = .keyItself(key, isFormat: false)
            }
            defaults.append(name: name, key: key, value: value)
            added = true
            let language = development.map { "\($0)" } ?? "the development language (none)"
            refusals.append(AndroidRefusal(.warning, .defaultIsKey, table: table, key: key, language: development,
                                           message: "\(language) has no value: values/ holds the key itself, as Apple answers"))
        }
        if added { defaults.sort() }
    }

    /// Leaves out of every folder a key the development language has but could not
    /// convert: without a default, aapt2 would drop it anyway ("without required default value").
    private mutating func dropWithoutDefault(_ others: inout [(language: LanguageTag, folder: String, file: AndroidStringsFile)],
                                             defaults: AndroidStringsFile, developmentKeys: Set<String>, table: String) {
        let converted = Set(defaults.values.map(\.key))
        let orphans = developmentKeys.subtracting(converted)
        guard !orphans.isEmpty else { return }
        var dropped = Set<String>()
        for index in others.indices {
            for value in others[index].file.values where orphans.contains(value.key) { dropped.insert(value.key) }
            others[index].file.remove(keys: orphans)
        }
        for key in dropped.sorted() {
            refusals.append(AndroidRefusal(.error, .noDefault, table: table, key: key,
                                           message: "the development language's value is refused, so no folder can have one (Android needs the default)"))
        }
    }

    /// Makes a key a `<plurals>` in every folder when it is one in any: a folder whose
    /// language has a plain string for it gets that text for each of its categories
    /// (what Apple says for every count). aapt2 would otherwise drop the folder's value
    /// as having no default of its kind.
    private static func matchKinds(_ files: inout [(language: LanguageTag, folder: String, file: AndroidStringsFile)]) {
        var plural = Set<String>()
        for entry in files { for value in entry.file.values where value.value.isPlural { plural.insert(value.key) } }
        guard !plural.isEmpty else { return }
        for index in files.indices {
            let categories = PluralRules.forLanguage(files[index].language.rawValue).categories
            files[index].file.promote(keys: plural, categories: categories)
        }
    }
}
