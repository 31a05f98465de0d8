/// Per language × table: how much of the development language is translated.
///
/// Computed once per catalog load (``init(catalog:)``), so `GET /coverage`
/// and the summary on the `/missing` page cost nothing per request.
package struct Coverage: Sendable, Hashable {
    /// One language in one table.
    package struct Row: Sendable, Hashable {
        package var language: LanguageTag
        package var table: String
        /// Keys of the development language in this table (the reference set).
        package var total: Int
        /// Of those, keys this language has (in any bundle, no fallback).
        package var translated: Int
        /// Keys of the development language this language lacks, sorted.
        package var missing: [String]
        /// Keys this language has whose plural variables lack categories the
        /// language's CLDR rules need, sorted by key.
        package var incompletePlurals: [IncompletePlural]

        /// Translated share, 0...100, one decimal; 100 for an empty table.
        package var percent: Double {
            total == 0 ? 100 : (Double(translated) * 1000 / Double(total)).rounded(.down) / 10
        }
    }

    /// A plural key lacking categories its language needs.
    package struct IncompletePlural: Sendable, Hashable {
        package var key: String
        /// The categories needed but absent in at least one variable, in CLDR order.
        package var categories: [PluralCategory]
    }

    package let developmentLanguage: LanguageTag?
    /// Sorted by table, then language.
    package let rows: [Row]

    /// Compares every language of every table with the development language.
    ///
    /// Without a development language (`none`), the reference set is the union
    /// of the table's keys over all languages.
    package init(catalog: Catalog) {
        developmentLanguage = catalog.developmentLanguage
        var rows: [Row] = []
        for table in catalog.tables {
            let languages = catalog.languages(table: table).filter { !catalog.pseudoLanguages.contains($0) }
            let reference: Set<String>
            if let development = catalog.developmentLanguage, languages.contains(development) {
                reference = Set(catalog.entries(table: table, language: development).keys)
            } else {
                reference = languages.reduce(into: Set<String>()) { $0.formUnion(catalog.entries(table: table, language: $1).keys) }
            }
            for language in languages {
                let entries = catalog.entries(table: table, language: language)
                let missing = reference.filter { entries[$0] == nil }.sorted()
                let needed = PluralRules.forLanguage(language.rawValue).categories
                var incomplete: [IncompletePlural] = []
                for (key, entry) in entries where entry.string.isPlural {
                    let lacking = Self.lackingCategories(entry.string, needed: needed)
                    if !lacking.isEmpty { incomplete.append(IncompletePlural(key: key, categories: lacking)) }
                }
                incomplete.sort { $0.key < $1.key }
                rows.append(Row(language: language, table: table, total: reference.count,
                                translated: reference.count - missing.count, missing: missing,
                                incompletePlurals: incomplete))
            }
        }
        self.rows = rows
    }

    /// Categories in `needed` that some variable of `string` has no variant for.
    package static func lackingCategories(_ string: LocalizedString, needed: [PluralCategory]) -> [PluralCategory] {
        needed.filter { category in string.variables.values.contains { $0.variants[category] == nil } }
    }

    /// The rows for one language and/or table; `nil` keeps all.
    package func rows(language: String? = nil, table: String? = nil) -> [Row] {
        rows.filter { (language == nil || $0.language.rawValue == language) && (table == nil || $0.table == table) }
    }
}
