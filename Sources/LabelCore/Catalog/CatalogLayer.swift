/// All strings of one table in one language of one bundle, merged from that
/// bundle's files (`.strings`, `.xcstrings`, `.stringsdict`).
package struct CatalogLayer: Sendable {
    package var bundle: String
    package var language: LanguageTag
    package var table: String
    package var entries: [String: CatalogEntry]
    /// Files that contributed, relative to the store directory, for lint and logs.
    package var files: [String]
    /// Key → the developer's comment (``DeveloperComment``): kept for the development
    /// language only, where the catalog keeps them apart from the entries
    /// (``Catalog/developerComment(table:key:)``).
    package var comments: [String: String]

    package init(bundle: String, language: LanguageTag, table: String, entries: [String: CatalogEntry] = [:], files: [String] = [],
                 comments: [String: String] = [:]) {
        self.bundle = bundle
        self.language = language
        self.table = table
        self.entries = entries
        self.files = files
        self.comments = comments
    }
}
