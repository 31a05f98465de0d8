import Foundation
import LabelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The strings the scan joins with: the server's store layout, or an app's resources
/// as Xcode collects them (every `*.lproj` and `*.xcstrings` under a folder).
struct ScanStore: Sendable {
    var catalog: Catalog
    /// Tables that cannot be read, and oddities (a key in two places, a skipped folder):
    /// on standard error and in the report.
    var warnings: [ScanWarning]

    /// No store: every key is listed, none is missing.
    static let empty = ScanStore(catalog: Catalog(bundles: [], developmentLanguage: nil, layers: []), warnings: [])

    /// The server's layout (`--strings DIR --bundles LIST`), read as `lint` and `serve` read
    /// it; when some tables cannot be read, the rest of the store and a warning for each
    /// (``layout(_:)``). A folder that cannot be listed is still an error.
    static func load(_ configuration: StoreConfiguration) throws(ScanError) -> ScanStore {
        do {
            let loaded = try StoreLoader.load(configuration)
            return ScanStore(catalog: loaded.catalog, warnings: loaded.warnings.map(ScanWarning.init(store:)))
        } catch {
            if let store = layout(configuration) { return store }
            throw ScanError(.storeUnreadable(error.problems))
        }
    }

    /// Every `*.lproj` folder and `*.xcstrings` file under the folders; a table is its
    /// file name wherever it sits, `Base.lproj` is the development language.
    static func resources(_ directories: [String], developmentLanguage: LanguageTag?) throws(ScanError) -> ScanStore {
        var layers: [StoreLoader.LayerKey: CatalogLayer] = [:]
        var warnings: [ScanWarning] = []
        var origins: [StoreLoader.LayerKey: [String: String]] = [:]
        func add(_ entries: [String: LocalizedString], table: String, language: LanguageTag, file: String,
                 comments: [String: String]) {
            let id = StoreLoader.LayerKey(bundle: "resources", table: table, language: language)
            var layer = layers[id] ?? CatalogLayer(bundle: "resources", language: language, table: table)
            layer.comments.merge(comments) { _, later in later }
            for (key, value) in entries {
                if let other = origins[id]?[key], other != file {
                    // A .stringsdict entry beats a .strings one, as Bundle reads them; two of a kind is a mistake.
                    let plural = StoreFileKind(fileName: file) == .stringsdict
                    if (StoreFileKind(fileName: other) == .stringsdict) == plural || !plural {
                        warnings.append(ScanWarning(.duplicateKey, file: file,
                                                    message: "key \"\(key)\" of table \(table) (\(language.rawValue)) is also in \(other)"))
                        continue
                    }
                }
                origins[id, default: [:]][key] = file
                layer.entries[key] = CatalogEntry(string: value, bundle: "resources", language: language, folder: language.rawValue,
                                                  location: nil)
            }
            layer.files.append(file)
            layers[id] = layer
        }
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ScanError(.resourcesNotAFolder(path: directory))
            }
            for path in resourceFiles(under: directory) {
                let tables: [Table]
                do {
                    tables = try read(path, developmentLanguage: developmentLanguage)
                } catch {
                    // One bad table hides nothing else: its keys are missing, and the report says why.
                    warnings.append(ScanWarning(.tableUnreadable, file: path, message: "cannot be read (\(error)); its keys are not in the store"))
                    continue
                }
                for table in tables {
                    guard let language = table.language else {
                        warnings.append(ScanWarning(.notALanguage, file: path, message: "folder is not a language; skipped"))
                        continue
                    }
                    add(table.entries, table: table.name, language: language, file: path, comments: table.comments)
                }
            }
        }
        let catalog = Catalog(bundles: ["resources"], developmentLanguage: developmentLanguage,
                              layers: layers.sorted { $0.key < $1.key }.map(\.value))
        return ScanStore(catalog: catalog, warnings: warnings)
    }

    static func resourceFiles(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            // Split by hand: Foundation's NSString path methods trap on some short paths on Linux.
            let components = relative.split(separator: "/", omittingEmptySubsequences: true)
            guard let last = components.last else { continue }
            let name = String(last)
            if name.hasPrefix(".") || SourceWalker.skipped.contains(name) {
                enumerator.skipDescendants()
                continue
            }
            let parent = components.count >= 2 ? String(components[components.count - 2]) : ""
            if let kind = StoreFileKind(fileName: name), kind == .catalog || parent.hasSuffix(".lproj") {
                files.append(directory + "/" + relative)
            }
        }
        return files.sorted()
    }

    /// One table of one language read from a file (`language` nil: not a language folder).
    struct Table {
        var entries: [String: LocalizedString]
        var name: String
        var language: LanguageTag?
        /// The developers' comments, read from the development language's tables only.
        var comments: [String: String] = [:]
    }

    static func read(_ path: String, developmentLanguage: LanguageTag?) throws -> [Table] {
        var info = stat()
        // A FIFO or device named like a table would block or never end: only regular files are read.
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw TableError.notARegularFile
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let name = parts.last.map(String.init) ?? path
        // Only files of a store kind are listed (``resourceFiles(under:)``).
        let kind = StoreFileKind(fileName: name) ?? .strings
        let table = kind.table(ofFileName: name)
        let folder = String((parts.count >= 2 ? parts[parts.count - 2] : "").dropLast(".lproj".count))
        let language = folder == "Base" ? developmentLanguage : LanguageTag(folder)
        switch kind {
        case .catalog:
            let catalog = try StringCatalogParser.parse(data, file: path)
            return catalog.localizations.sorted(by: { $0.key < $1.key }).compactMap { tag, entries in
                LanguageTag(tag).map {
                    Table(entries: entries, name: table, language: $0, comments: tag == catalog.sourceLanguage ? catalog.comments : [:])
                }
            }
        case .stringsdict:
            return [Table(entries: try StringsDictParser.parse(data, file: path).entries, name: table, language: language)]
        case .strings:
            let development = language != nil && language == developmentLanguage
            let file = try StringsFileParser.parse(data, file: path, comments: development)
            return [Table(entries: Dictionary(file.entries.map { ($0.key, LocalizedString(template: $0.value)) }) { _, later in later },
                          name: table, language: language, comments: file.comments)]
        }
    }
}

extension ScanStore {
    /// Why one table could not be read: never thrown out of the scan, only the text of
    /// its ``ScanWarning`` (`table-unreadable`).
    enum TableError: Error, CustomStringConvertible {
        /// A table named like a store file is a FIFO, a device or a folder.
        case notARegularFile
        /// A table could not be read as the loader reads it (its problem).
        case unreadable(StoreProblem)

        var description: String {
            switch self {
            case .notARegularFile: "not a regular file"
            case .unreadable(let problem): problem.message
            }
        }
    }
}
