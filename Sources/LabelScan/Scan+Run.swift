package import LabelCore

extension Scan {
    /// Where the strings a scan joins with come from.
    package enum StoreSource: Sendable, Hashable {
        /// No store: the sites and keys are listed, nothing is missing.
        case none
        /// The server's layout (`--strings DIR --bundles LIST`), table by table.
        case layout(StoreConfiguration)
        /// An app's resources (`--resources DIR...`): every `*.lproj` and `*.xcstrings`.
        case resources([String], developmentLanguage: LanguageTag?)
    }

    /// The whole scan: the store, then every source file's sites, joined. A table or a
    /// source file that cannot be read is a warning in the report (store first, then
    /// sources); only a store that cannot be read at all throws.
    package static func run(_ options: Options) throws(ScanError) -> ScanReport {
        let store: ScanStore
        switch options.store {
        case .none: store = .empty
        case .layout(let configuration): store = try ScanStore.load(configuration)
        case .resources(let folders, let developmentLanguage):
            store = try ScanStore.resources(folders, developmentLanguage: developmentLanguage)
        }
        let found = sites(options)
        return ScanReport(files: found.files, sites: found.sites, store: store.catalog, warnings: store.warnings + found.warnings)
    }
}
