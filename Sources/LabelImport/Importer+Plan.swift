import Foundation
import LabelCore

extension Importer {
    /// One output: a table of one kind in one language, fed by one or more `<file>`s.
    struct OutputID: Hashable {
        var kind: StoreFileKind
        var table: String
        var language: LanguageTag
    }

    /// A unit with the index of its `<file>`'s result in the report.
    struct PendingUnit {
        var unit: XLIFFDocument.Unit
        var result: Int
        /// The `<file>`'s `source-language`.
        var sourceLanguage: String?
        var xliff: String
        /// A development-language unit `--add-new` made from a unit whose key is new: its
        /// target is the unit's `<source>`; counted as added, never as skipped.
        var isNewKey = false
    }

    /// Everything the documents would change, with the report; writes nothing.
    package func plan(_ documents: [XLIFFDocument], errors: [XLIFFReadError] = []) -> Plan {
        var report = ImportReport(errors: errors)
        report.strict = options.strict
        report.addNew = options.addNew
        var groups: [OutputID: [PendingUnit]] = [:]
        var order: [OutputID] = []
        var seen: [OutputID: String] = [:]   // per <file> kind, for "language named twice"
        let folders = languageFolders()
        for document in documents {
            for file in document.files {
                let index = report.files.count
                report.files.append(ImportReport.FileResult(xliff: document.name, original: file.original, language: file.targetLanguage,
                                                            status: .unchanged, imported: 0, skipped: [], outputs: []))
                guard options.selects(file.original) else {
                    report.files[index].status = .ignored
                    continue
                }
                guard let kind = StoreFileKind(rawValue: file.kind) else {
                    report.files[index].status = .ignored
                    report.findings.append(.init(kind: .unknownKind, xliff: document.name, line: file.line, id: nil,
                                                 message: "original \"\(file.original)\" is a .\(file.kind) file; only .strings, .stringsdict and .xcstrings are imported"))
                    continue
                }
                let fileID = OutputID(kind: kind, table: file.table, language: file.targetTag)
                if let first = seen[fileID] {
                    report.findings.append(.init(kind: .languageTwice, xliff: document.name, line: file.line, id: nil,
                                                 message: "\(file.table).\(file.kind) in \(file.targetLanguage) already came from \(first); the later units win"))
                } else {
                    seen[fileID] = "\(document.name):\(file.line)"
                }
                let catalog = routesToCatalog(file, folders: folders)
                for unit in file.units {
                    var pending = PendingUnit(unit: unit, result: index, sourceLanguage: file.sourceLanguage, xliff: document.name)
                    if catalog {
                        guard let address = Self.catalogAddress(unit) else {
                            report.files[index].skipped.append(.init(id: unit.id, reason: Self.notInACatalog(unit.address)))
                            continue
                        }
                        pending.unit.address = address
                    }
                    let id = OutputID(kind: Self.kind(of: pending.unit.address), table: file.table, language: file.targetTag)
                    if groups[id] == nil {
                        order.append(id)
                        // A file's units mostly go to one output: grown by doubling, the copy
                        // of a 64 MiB file's units would briefly be held twice.
                        groups[id] = []
                        groups[id]?.reserveCapacity(file.units.count)
                    }
                    groups[id, default: []].append(pending)
                }
            }
        }
        let writes = run(groups, order: order, folders: folders, report: &report)
        return Plan(report: report, writes: report.isRefused ? [] : writes)
    }

    /// Builds each output, records its outcome on the `<file>`s that feed it, and
    /// returns the writes.
    private func run(_ groups: [OutputID: [PendingUnit]], order: [OutputID], folders: [LanguageTag: String],
                     report: inout ImportReport) -> [Write] {
        var writes: [Write] = []
        let tables = DevelopmentTables()
        var groups = groups, order = order
        if options.addNew { addNewKeys(&groups, order: &order, folders: folders, tables: tables, report: &report) }
        // A .strings key that the same import puts in the table's .stringsdict is skipped.
        let plural = Self.pluralKeys(groups)
        for id in order {
            let units = groups[id]!
            var context = OutputContext(importer: self, id: id, units: units, folders: folders, pluralKeys: plural, tables: tables)
            let output = context.run()
            report.findings += context.findings
            for (index, skipped) in context.skipped { report.files[index].skipped.append(skipped) }
            var seen: Set<Int> = []
            for index in units.map(\.result) where seen.insert(index).inserted {
                report.files[index].imported += context.imported[index, default: 0]
                report.files[index].refused += context.refused[index, default: 0]
                report.files[index].added += context.addedKeys[index]?.count ?? 0
                var result = ImportReport.Output(path: output.path, status: .unchanged, refusal: nil, missingCategories: output.missing)
                switch output.outcome {
                case .refused(let reason):
                    result.status = .refused
                    result.refusal = reason
                case .write(let bytes):
                    result.status = .written
                    // A later output of the same file (another language of a catalog) started
                    // from these bytes: the last one holds every change.
                    tables.merged[output.path] = bytes
                    tables.forget(output.path)
                    if let index = writes.firstIndex(where: { $0.path == output.path }) {
                        writes[index].bytes = bytes
                    } else {
                        writes.append(Write(path: output.path, bytes: bytes))
                    }
                case .unchanged:
                    break
                }
                report.files[index].outputs.append(result)
                let rank: [ImportReport.Status: Int] = [.ignored: 0, .unchanged: 1, .written: 2, .refused: 3]
                if rank[result.status]! > rank[report.files[index].status]! { report.files[index].status = result.status }
            }
        }
        return writes
    }

    /// The kind of file a unit goes to. `.other` ids come only from `<file>`s of other
    /// kinds, which are ignored before their units are grouped: they would go to a catalog.
    static func kind(of address: UnitAddress) -> StoreFileKind {
        switch address {
        case .strings: .strings
        case .stringsdictFormat, .stringsdictVariant, .stringsdictRouted: .stringsdict
        case .catalog, .other: .catalog
        }
    }

    /// Whether a `.strings`/`.stringsdict` <file> is for a table the bundle keeps in a
    /// String Catalog (the server's `/missing` XLIFF names every table `.strings` and `.stringsdict`):
    /// `DIR/<Table>.xcstrings` exists and the development language has no such lproj table.
    func routesToCatalog(_ file: XLIFFDocument.File, folders: [LanguageTag: String]) -> Bool {
        guard file.kind == StoreFileKind.strings.rawValue || file.kind == StoreFileKind.stringsdict.rawValue else { return false }
        let manager = FileManager.default
        let catalog = file.table + StoreFileKind.catalog.fileExtension
        guard manager.fileExists(atPath: directory.appendingPathComponent(catalog).path) else { return false }
        let development = options.developmentLanguage ?? file.sourceLanguage.flatMap { LanguageTag($0) } ?? LanguageTag("en")!
        let folder = directory.appendingPathComponent(folders[development] ?? "\(development.rawValue).lproj")
        return [StoreFileKind.strings, .stringsdict].allSatisfy {
            !manager.fileExists(atPath: folder.appendingPathComponent(file.table + $0.fileExtension).path)
        }
    }

    /// A `.strings`/`.stringsdict` unit's place in a String Catalog, as LabelCore reads
    /// catalogs: the synthetic plural variable is the key's plural variations, any other
    /// variable a substitution, a device variant the key's device variations (with plural
    /// ones inside); `nil` for the synthetic format, which the catalog lacks, and for what a
    /// catalog cannot hold (width variants, substitutions under a device).
    static func catalogAddress(_ unit: XLIFFDocument.Unit) -> UnitAddress? {
        let plural = StringCatalogParser.pluralVariableName
        switch unit.address {
        case .strings(let key): return .catalog(key: key, path: .stringUnit)
        case .stringsdictFormat(let key):
            return unit.source.contains("%#@\(plural)@") ? nil : .catalog(key: key, path: .stringUnit)
        case .stringsdictVariant(let key, let variable, let category):
            return .catalog(key: key, path: variable == plural ? .plural(category) : .substitution(name: variable, category: category))
        case .stringsdictRouted(let key, let route, let leaf):
            guard route.count == 1, route[0].rule == .device else { return nil }
            switch leaf {
            case .text: return .catalog(key: key, path: .device(route[0].name))
            case .variant(let variable, let category) where variable == plural:
                return .catalog(key: key, path: .devicePlural(device: route[0].name, category: category))
            case .format, .variant: return nil
            }
        case .catalog, .other: return unit.address
        }
    }

    /// Why a `.strings`/`.stringsdict` unit has no place in a String Catalog.
    static func notInACatalog(_ address: UnitAddress) -> ImportReport.SkipReason {
        if case .stringsdictRouted(_, let route, let leaf) = address {
            if route.contains(where: { $0.rule == .width }) { return .widthVariantInCatalog }
            if leaf != .format { return .variantUnderDeviceInCatalog }
        }
        return .pluralFormatInCatalog
    }

    /// `.lproj` folder names of the bundle by language (`pt_BR.lproj` answers `pt-BR`).
    func languageFolders() -> [LanguageTag: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var folders: [LanguageTag: String] = [:]
        for name in names.sorted() where name.hasSuffix(".lproj") && name != "Base.lproj" {
            if let tag = LanguageTag(name.dropLast(6)), folders[tag] == nil { folders[tag] = name }
        }
        return folders
    }
}
