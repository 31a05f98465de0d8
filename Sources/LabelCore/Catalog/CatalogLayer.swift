/// All strings of one table in one language of one bundle, merged from that
/// bundle's files (`.strings`, `.xcstrings`, `.stringsdict`).
public struct CatalogLayer: Sendable {
    public var bundle: String
    public var language: LanguageTag
    public var table: String
    public var entries: [String: CatalogEntry]
    /// Files that contributed, relative to the store directory, for lint and logs.
    public var files: [String]

    public init(bundle: String, language: LanguageTag, table: String, entries: [String: CatalogEntry] = [:], files: [String] = []) {
        self.bundle = bundle
        self.language = language
        self.table = table
        self.entries = entries
        self.files = files
    }
}
