import Foundation

/// A whole table resolved for one language through the chain, for clients
/// that fetch every label at launch (`GET /labels`).
///
/// Keys come from every language of the chain: a key the requested language
/// lacks is filled from the next language (as a single lookup would).
package struct ResolvedTable: Sendable {
    package struct Item: Sendable {
        package var key: String
        package var entry: CatalogEntry
    }

    package let table: String
    /// The first language of the chain that has strings in this table: the
    /// language most values are in.
    package let language: LanguageTag
    /// The chain's languages that have strings in the table, in order.
    package let languages: [LanguageTag]
    /// Every key, sorted, with the entry that wins.
    package let items: [Item]
    /// The catalog's development language (`nil` for `none`), so a client
    /// can build the same chain for the keys the table lacks.
    package let developmentLanguage: LanguageTag?

    /// Resolves `table` for the languages in `chain` that the catalog has.
    ///
    /// - Returns: `nil` when no language of the chain has a file for the table.
    package init?(catalog: Catalog, table: String, chain: LanguageChain) {
        // A file with no strings (only comments) still makes the table exist: an empty table, not a 404.
        let present = chain.languages.filter { catalog.has(table: table, language: $0) }
        guard let first = present.first else { return nil }
        var merged: [String: CatalogEntry] = [:]
        for language in present.reversed() {
            let entries = catalog.entries(table: table, language: language)
            // The first table is taken whole (shared, not rehashed entry by entry).
            if merged.isEmpty { merged = entries } else { merged.merge(entries) { _, preferred in preferred } }
        }
        self.table = table
        language = first
        languages = present
        developmentLanguage = catalog.developmentLanguage
        items = merged.keys.sorted().map { Item(key: $0, entry: merged[$0]!) }
    }

    /// The plural templates of a string by category, with its first plural
    /// variable expanded into the template (`%#@coins@ gesammelt` with
    /// one `%d Münze` gives `%d Münze gesammelt`). Other variables stay as
    /// `%#@name@`, to be expanded by the client's own stringsdict logic.
    package static func pluralTemplates(_ string: LocalizedString) -> [PluralCategory: String]? {
        for token in FormatToken.tokens(in: string.template) {
            guard case .substitution(let substitution) = token, let variable = string.variables[substitution.name] else { continue }
            var result: [PluralCategory: String] = [:]
            for (category, text) in variable.variants {
                result[category] = string.template.replacingFirst(substitution.source, with: text)
            }
            return result
        }
        return nil
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
