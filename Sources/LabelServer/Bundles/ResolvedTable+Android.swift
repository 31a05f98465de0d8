import LabelAndroid
import LabelCore

extension ResolvedTable {
    /// `format=android`: the table as one Android `strings.xml` for this language,
    /// resource names from every key the catalog has in the table (so a name means
    /// the same key in every language's file); what Android cannot express is left out
    /// and listed in the leading comment.
    /// A key that is a `<plurals>` in any language's file is one in every file (a plain
    /// string gets its text for each category), so bodies fetched per language make one
    /// tree aapt2 links.
    func androidStrings(catalog: Catalog) -> [UInt8] {
        let tableKeys = catalog.keys.lazy.filter { $0.table == self.table }.map(\.key)
        let names = AndroidResourceNames(tables: [(table, Array(tableKeys))])
        var file = AndroidStringsFile(table: table, language: language,
                                      items: items.map { (key: $0.key, string: $0.entry.string) },
                                      names: { names.name(table: self.table, key: $0) })
        var plural = Set<String>()
        var formats = Set<String>()
        for other in catalog.languages(table: table) {
            for (key, entry) in catalog.entries(table: table, language: other) where entry.argumentCount > 0 {
                formats.insert(key)
                if entry.string.variables.values.contains(where: { Set($0.variants.values).count > 1 })
                    || AndroidConverter.becomesPlurals(entry.string, language: other) { plural.insert(key) }
            }
        }
        if let development = catalog.developmentLanguage, language != development {
            // A key whose development value Android cannot express has no default: left
            // out here too, as `export android` does (aapt2 would drop it).
            var orphans = Set<String>()
            for (key, entry) in catalog.entries(table: table, language: development) where entry.tokens != nil {
                if AndroidConverter.convert(entry.string, language: development).value == nil { orphans.insert(key) }
            }
            let dropped = file.values.filter { orphans.contains($0.key) }.map(\.key)
            file.remove(keys: orphans)
            for key in dropped {
                file.append(AndroidRefusal(.error, .noDefault, table: table, key: key,
                                           message: "the development language's value is refused, so no file can have one"))
            }
        }
        if language == catalog.developmentLanguage {
            // The default file: every key, the key itself where the language lacks it (as `export android`).
            let present = Set(items.map(\.key))
            for key in Set(tableKeys) where !present.contains(key) {
                guard let name = names.name(table: table, key: key) else { continue }
                file.append(name: name, key: key, value: .keyItself(key, isFormat: formats.contains(key)))
            }
            file.sort()
        }
        file.promote(keys: plural, categories: PluralRules.forLanguage(language.rawValue).categories)
        var header = ["\(table) for \(language), resolved by label-server through \(languages.map(\.rawValue).joined(separator: ", "))."]
        for refusal in names.refusals + file.refusals {
            let category = refusal.category.map { " (\($0.rawValue))" } ?? ""
            header.append("\(refusal.severity.rawValue): [\(refusal.reason.rawValue)] \(refusal.key ?? "")\(category): \(refusal.message)")
        }
        return file.xml(header: header)
    }
}
