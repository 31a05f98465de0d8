import LabelAndroid
import LabelCore

extension ResolvedTable {
    /// `format=android`: the table as one Android `strings.xml` for this language,
    /// resource names from every key the catalog has in the table (so a name means
    /// the same key in every language's file); what Android cannot express is left out
    /// and listed in the leading comment.
    func androidStrings(keys: [Catalog.Key]) -> [UInt8] {
        let tableKeys = keys.lazy.filter { $0.table == self.table }.map(\.key)
        let names = AndroidResourceNames(tables: [(table, Array(tableKeys))])
        let file = AndroidStringsFile(table: table, language: language,
                                      items: items.map { (key: $0.key, string: $0.entry.string) },
                                      names: { names.name(table: self.table, key: $0) })
        var header = ["\(table) for \(language), resolved by label-server through \(languages.map(\.rawValue).joined(separator: ", "))."]
        for refusal in names.refusals + file.refusals {
            let category = refusal.category.map { " (\($0.rawValue))" } ?? ""
            header.append("\(refusal.severity.rawValue): [\(refusal.reason.rawValue)] \(refusal.key ?? "")\(category): \(refusal.message)")
        }
        return file.xml(header: header)
    }
}
