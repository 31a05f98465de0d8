import Foundation
import LabelCore

/// The server's layout read table by table, for `scan` only: a table that cannot be read is
/// a warning and the others are joined (`serve` and `lint` refuse such a store whole).
extension ScanStore {
    /// The store with its readable tables, files applied as the loader applies them
    /// (`Base.lproj` first, then `.xcstrings`, `.strings`, `.stringsdict`; later wins).
    /// Nil when the store's folders themselves cannot be listed.
    static func layout(_ configuration: StoreConfiguration) -> ScanStore? {
        guard case .success(let root) = StoreLoader.storeRoot(configuration) else { return nil }
        var parseWarnings: [ParseWarning] = []
        var problems: [StoreProblem] = []
        var folders: [String] = []
        let jobs = StoreLoader.discover(root: root, configuration: configuration, warnings: &parseWarnings, problems: &problems,
                                        bundleFolders: &folders)
        guard problems.isEmpty else { return nil }
        var warnings = parseWarnings.map(ScanWarning.init(store:))
        var layers: [StoreLoader.LayerKey: CatalogLayer] = [:]
        for job in jobs.sorted(by: { StoreLoader.precedence($0) < StoreLoader.precedence($1) }) {
            let tables: [(language: LanguageTag, folder: String, entries: [String: LocalizedString], comments: [String: String])]
            do {
                tables = try parse(job, root: root, limit: configuration.maximumFileBytes,
                                   developmentLanguage: configuration.developmentLanguage, warnings: &warnings)
            } catch {
                warnings.append(ScanWarning(.tableUnreadable, file: job.path, message: "cannot be read (\(error)); its keys are not in the store"))
                continue
            }
            for table in tables {
                let id = StoreLoader.LayerKey(bundle: job.bundle, table: job.table, language: table.language)
                var layer = layers.removeValue(forKey: id) ?? CatalogLayer(bundle: job.bundle, language: table.language, table: job.table)
                for (key, value) in table.entries {
                    layer.entries[key] = CatalogEntry(string: value, bundle: job.bundle, language: table.language, folder: table.folder,
                                                      location: nil)
                }
                layer.files.append(job.path)
                layer.comments.merge(table.comments) { _, later in later }
                layers[id] = layer
            }
        }
        let catalog = Catalog(bundles: configuration.bundles, developmentLanguage: configuration.developmentLanguage,
                              layers: layers.sorted { $0.key < $1.key }.map(\.value))
        return ScanStore(catalog: catalog, warnings: warnings)
    }

    /// One file's tables by language, with the developers' comments of the development
    /// language's (docs/decisions/developer-comments.md).
    static func parse(_ job: StoreLoader.Job, root: URL, limit: Int, developmentLanguage: LanguageTag?,
                      warnings: inout [ScanWarning]) throws
        -> [(language: LanguageTag, folder: String, entries: [String: LocalizedString], comments: [String: String])] {
        let data: Data
        switch StoreLoader.read(job, root: root, limit: limit) {
        case .success(let bytes): data = bytes
        case .failure(let problem): throw TableError.unreadable(problem)
        }
        switch job.kind {
        case .strings:
            let development = job.language != nil && (job.isBase || job.language == developmentLanguage)
            let file = try StringsFileParser.parse(data, file: job.path, comments: development)
            warnings += file.warnings.map(ScanWarning.init(store:))
            guard let language = job.language else { return [] }
            return [(language, job.folder, Dictionary(file.entries.map { ($0.key, LocalizedString(template: $0.value)) }) { _, later in later },
                     file.comments)]
        case .stringsdict:
            let file = try StringsDictParser.parse(data, file: job.path)
            warnings += file.warnings.map(ScanWarning.init(store:))
            guard let language = job.language else { return [] }
            return [(language, job.folder, file.entries, [:])]
        case .catalog:
            let catalog = try StringCatalogParser.parse(data, file: job.path)
            warnings += catalog.warnings.map(ScanWarning.init(store:))
            return catalog.localizations.sorted { $0.key < $1.key }.compactMap { name, entries in
                LanguageTag(name).map { ($0, name, entries, name == catalog.sourceLanguage ? catalog.comments : [:]) }
            }
        }
    }
}
