/// The result of reading a store: the catalog and what a linter should hear.
public struct LoadedStore: Sendable {
    public var catalog: Catalog
    /// Accepted oddities (ignored trailing text, duplicate keys, skipped folders).
    public var warnings: [ParseWarning]
    /// Files read.
    public var fileCount: Int
    /// The configured bundle folders that exist; a reload expects them again.
    public var bundleFolders: [String]

    public init(catalog: Catalog, warnings: [ParseWarning], fileCount: Int, bundleFolders: [String] = []) {
        self.catalog = catalog
        self.warnings = warnings
        self.fileCount = fileCount
        self.bundleFolders = bundleFolders
    }
}
