package import Foundation

/// Reads a store folder into a ``Catalog``.
///
/// Layout: `<store>/<bundle>/<lang>.lproj/<Table>.strings|.stringsdict` and
/// `<store>/<bundle>/<Table>.xcstrings`. Within one bundle, language and table,
/// a `.stringsdict` entry beats a `.strings` entry (as `Bundle` does), which
/// beats a String Catalog entry; `Base.lproj` fills in the development language
/// where its own folder lacks a key. Files are parsed in parallel.
public enum StoreLoader {
    /// Loads every bundle of the configuration.
    ///
    /// - Parameter expectedBundles: Bundle folders a previous load found; one of
    ///   them missing now is an error (a reload must not drop a bundle because
    ///   its folder vanished mid-deploy), where at first start it is a warning.
    /// - Throws: ``StoreLoadError`` listing every unreadable or malformed file,
    ///   every folder that cannot be listed (EMFILE, EACCES, ELOOP, a dangling
    ///   symlink), or a missing store folder. Nothing is served from a partly
    ///   broken store.
    public static func load(_ configuration: StoreConfiguration,
                            expectedBundles: Set<String> = []) throws(StoreLoadError) -> LoadedStore {
        let root: URL
        switch storeRoot(configuration) {
        case .success(let url): root = url
        case .failure(let problem): throw StoreLoadError(problems: [problem])
        }
        var warnings: [ParseWarning] = []
        var problems: [StoreProblem] = []
        var bundleFolders: [String] = []
        let jobs = discover(root: root, configuration: configuration, expectedBundles: expectedBundles,
                            warnings: &warnings, problems: &problems, bundleFolders: &bundleFolders)
        // A folder that cannot be listed would silently drop its strings: never serve that.
        guard problems.isEmpty else { throw StoreLoadError(problems: problems) }

        let results = Locked<[Int: Result<ParsedFile, StoreProblem>]>([:])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let outcome = parse(jobs[index], root: root, limit: configuration.maximumFileBytes,
                                developmentLanguage: configuration.developmentLanguage)
            results.withLock { $0[index] = outcome }
        }
        // Taken out (not copied) and consumed one by one below, so each file's table
        // has a single owner and merging into it never copies it.
        var parsed = results.withLock { results in
            defer { results = [:] }
            return results
        }

        var layers: [LayerKey: CatalogLayer] = [:]
        for index in jobs.indices.sorted(by: { precedence(jobs[$0]) < precedence(jobs[$1]) }) {
            switch parsed.removeValue(forKey: index)! {
            case .failure(let problem):
                problems.append(problem)
            case .success(let file):
                warnings += file.warnings
                apply(file, job: jobs[index], into: &layers)
            }
        }
        guard problems.isEmpty else {
            throw StoreLoadError(problems: problems.sorted { $0.file < $1.file })
        }

        var pseudoLanguages: Set<LanguageTag> = []
        if configuration.pseudoLocales, let development = configuration.developmentLanguage {
            pseudoLanguages = addPseudoLayers(&layers, development: development)
        }
        let ordered = layers.sorted { $0.key < $1.key }.map(\.value)
        layers = [:]
        let catalog = Catalog(
            bundles: configuration.bundles,
            developmentLanguage: configuration.developmentLanguage,
            layers: consume ordered,
            pseudoLanguages: pseudoLanguages
        )
        return LoadedStore(catalog: catalog, warnings: warnings, fileCount: jobs.count, bundleFolders: bundleFolders)
    }
}

extension StoreLoader {
    /// A file to read and what it contributes to.
    package struct Job: Sendable {
        package typealias Kind = StoreFileKind
        public var path: String            // relative to the store root
        public var bundle: String
        public var kind: Kind
        public var table: String
        /// The language for lproj files (nil for `.xcstrings`).
        public var language: LanguageTag?
        public var folder: String
        public var isBase: Bool
        /// `path` is the file's own (its bundle folder given by path), not relative to the store root.
        public var isOutsideRoot = false
    }

    /// What one file yielded: per language, its entries, built on the parsing
    /// thread so that the merge afterwards is mostly reuse, not rehashing.
    struct ParsedFile: Sendable {
        var languages: [(language: LanguageTag, entries: [String: CatalogEntry])]
        var warnings: [ParseWarning]
        /// The developers' comments (key → comment) of a development-language `.strings`
        /// file or of a String Catalog, and the language whose layer keeps them.
        var comments: [String: String] = [:]
        var commentsLanguage: LanguageTag?

        init(warnings: [ParseWarning]) { self.languages = []; self.warnings = warnings }

        mutating func add<S: Sequence>(_ entries: S, count: Int, job: Job, folder: String, language: LanguageTag)
        where S.Element == (String, LocalizedString, SourceLocation?) {
            var table: [String: CatalogEntry] = [:]
            table.reserveCapacity(count)
            // One origin for the whole file: entries share it instead of each holding four strings.
            let origin = CatalogEntry.Origin(bundle: job.bundle, language: language, folder: folder,
                                             file: job.kind == .strings ? job.path : nil)
            for (key, string, location) in entries {
                // Later duplicates win, as in Apple's reader.
                table[key] = CatalogEntry(string: string, origin: origin, location: location)
            }
            languages.append((language, table))
        }
    }

    /// One layer of the catalog: a table in one language of one bundle.
    package struct LayerKey: Hashable, Comparable, Sendable {
        public var bundle: String
        public var table: String
        public var language: LanguageTag

        public init(bundle: String, table: String, language: LanguageTag) {
            self.bundle = bundle
            self.table = table
            self.language = language
        }

        public static func < (a: LayerKey, b: LayerKey) -> Bool {
            (a.bundle, a.table, a.language.rawValue) < (b.bundle, b.table, b.language.rawValue)
        }
    }

    /// Old Xcode projects name folders after the language in English.
    static let legacyFolderNames: [String: String] = [
        "English": "en", "German": "de", "French": "fr", "Spanish": "es", "Italian": "it",
        "Japanese": "ja", "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Danish": "da",
        "Finnish": "fi", "Norwegian": "nb", "Polish": "pl", "Russian": "ru", "Korean": "ko", "Chinese": "zh",
    ]

    /// Lists the files to read, bundles in configuration order.
    ///
    /// Only a bundle folder that does not exist at all (no entry, not even a
    /// dangling symlink) and was not expected is skipped with a warning; every
    /// other failure to list a folder is a problem: an I/O error must never
    /// read as "no strings here".
    package static func discover(root: URL, configuration: StoreConfiguration, expectedBundles: Set<String> = [],
                                warnings: inout [ParseWarning], problems: inout [StoreProblem],
                                bundleFolders: inout [String]) -> [Job] {
        var jobs: [Job] = []
        func warn(_ path: String, _ message: String) {
            warnings.append(ParseWarning(location: SourceLocation(file: path, line: 1, column: 1), message: message))
        }
        for bundle in configuration.bundles {
            // A bundle by path is named by that path in jobs and messages; the others by their name under the root.
            let explicit = configuration.bundleFolders[bundle]
            let base = explicit.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 } ?? bundle
            let bundleURL = explicit.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? root.appendingPathComponent(bundle, isDirectory: true)
            let items: [String]
            switch listDirectory(bundleURL.path) {
            case .success(let names):
                items = names
                bundleFolders.append(bundle)
            case .failure(let error) where error.code == ENOENT && !error.isDanglingLink && !expectedBundles.contains(bundle):
                warn(base, "bundle folder not found; the bundle is empty")
                continue
            case .failure(let error):
                problems.append(StoreProblem(file: base, message: "cannot list the bundle folder: \(error)"))
                continue
            }
            for item in items.sorted() where !item.hasPrefix(".") {
                let itemPath = "\(base)/\(item)"
                if let kind = StoreFileKind(fileName: item), kind == .catalog {
                    jobs.append(Job(path: itemPath, bundle: bundle, kind: .catalog, table: kind.table(ofFileName: item),
                                    language: nil, folder: "", isBase: false, isOutsideRoot: explicit != nil))
                    continue
                }
                guard item.hasSuffix(".lproj") else { continue }
                let folder = String(item.dropLast(".lproj".count))
                let isBase = folder == "Base"
                let language: LanguageTag?
                if isBase {
                    guard let development = configuration.developmentLanguage else {
                        warn(itemPath, "Base.lproj is ignored: no development language is configured")
                        continue
                    }
                    language = development
                } else {
                    language = LanguageTag(legacyFolderNames[folder] ?? folder)
                }
                guard let language else {
                    warn(itemPath, "folder name is not a language tag; skipped")
                    continue
                }
                let files: [String]
                switch listDirectory(bundleURL.appendingPathComponent(item).path) {
                case .success(let names):
                    files = names
                case .failure(let error):
                    problems.append(StoreProblem(file: itemPath, message: "cannot list the language folder: \(error)"))
                    continue
                }
                for file in files.sorted() where !file.hasPrefix(".") {
                    guard let kind = StoreFileKind(fileName: file), kind != .catalog else { continue }
                    jobs.append(Job(path: "\(itemPath)/\(file)", bundle: bundle, kind: kind, table: kind.table(ofFileName: file),
                                    language: language, folder: folder, isBase: isBase, isOutsideRoot: explicit != nil))
                }
            }
        }
        if bundleFolders.isEmpty && problems.isEmpty && !configuration.bundles.isEmpty {
            // Serving nothing but keys is never what an operator meant.
            problems.append(StoreProblem(file: configuration.directory, message:
                "none of the bundle folders (\(configuration.bundles.joined(separator: ", "))) exists"))
        }
        return jobs
    }

    /// - Parameter developmentLanguage: whose `.strings` files are read for their comments too.
    static func parse(_ job: Job, root: URL, limit: Int, developmentLanguage: LanguageTag? = nil) -> Result<ParsedFile, StoreProblem> {
        let data: Data
        switch read(job, root: root, limit: limit) {
        case .success(let bytes): data = bytes
        case .failure(let problem): return .failure(problem)
        }
        do {
            switch job.kind {
            case .strings:
                let development = job.language != nil && (job.isBase || job.language == developmentLanguage)
                let file = try StringsFileParser.parse(data, file: job.path, comments: development)
                var parsed = ParsedFile(warnings: file.warnings)
                parsed.comments = file.comments
                parsed.commentsLanguage = job.language
                parsed.add(file.entries.lazy.map { ($0.key, LocalizedString(template: $0.value), Optional($0.location)) },
                           count: file.entries.count, job: job, folder: job.folder, language: job.language!)
                return .success(parsed)
            case .stringsdict:
                let file = try StringsDictParser.parse(data, file: job.path)
                var parsed = ParsedFile(warnings: file.warnings)
                parsed.add(file.entries.lazy.map { ($0.key, $0.value, SourceLocation?.none) },
                           count: file.entries.count, job: job, folder: job.folder, language: job.language!)
                return .success(parsed)
            case .catalog:
                let catalog = try StringCatalogParser.parse(data, file: job.path)
                var parsed = ParsedFile(warnings: catalog.warnings)
                // A catalog's comments belong to its source language's values.
                parsed.comments = catalog.comments
                parsed.commentsLanguage = LanguageTag(catalog.sourceLanguage)
                for (name, strings) in catalog.localizations.sorted(by: { $0.key < $1.key }) {
                    guard let language = LanguageTag(name) else {
                        parsed.warnings.append(ParseWarning(location: SourceLocation(file: job.path, line: 1, column: 1),
                                                            message: "localization \"\(name)\" is not a language tag; skipped"))
                        continue
                    }
                    parsed.add(strings.lazy.map { ($0.key, $0.value, SourceLocation?.none) },
                               count: strings.count, job: job, folder: name, language: language)
                }
                return .success(parsed)
            }
        } catch let error as StringsParseError {
            return .failure(StoreProblem(file: job.path, location: error.location, message: "\(error.reason)"))
        } catch let error as StoreFileError {
            return .failure(StoreProblem(file: job.path, location: error.location, message: "\(error.reason)"))
        } catch {
            return .failure(StoreProblem(file: job.path, message: "\(error)"))
        }
    }

    /// Adds a parsed file to its layers; later calls override earlier ones.
    static func apply(_ file: ParsedFile, job: Job, into layers: inout [LayerKey: CatalogLayer]) {
        for (language, entries) in file.languages {
            let key = LayerKey(bundle: job.bundle, table: job.table, language: language)
            let comments = language == file.commentsLanguage ? file.comments : [:]
            guard var layer = layers.removeValue(forKey: key) else {
                layers[key] = CatalogLayer(bundle: job.bundle, language: language, table: job.table,
                                           entries: entries, files: [job.path], comments: comments)
                continue
            }
            layer.files.append(job.path)
            layer.entries.merge(entries) { _, later in later }
            layer.comments.merge(comments) { _, later in later }
            layers[key] = layer
        }
    }

    /// Order in which files are applied: lowest precedence first, so that
    /// `Base.lproj` < `.xcstrings` < `.strings` < `.stringsdict` within a layer.
    package static func precedence(_ job: Job) -> Int { job.isBase ? -1 : job.kind.precedence }
}
