import Foundation
import LabelCore

extension Importer {
    /// One output: a table of one kind in one language, fed by one or more `<file>`s.
    struct OutputID: Hashable {
        var kind: String
        var table: String
        var language: LanguageTag
    }

    /// A unit with the index of its `<file>`'s result in the report.
    struct PendingUnit {
        var unit: XLIFFDocument.Unit
        var result: Int
        var file: XLIFFDocument.File
        var xliff: String
    }

    /// Everything the documents would change, with the report; writes nothing.
    package func plan(_ documents: [XLIFFDocument], errors: [XLIFFReadError] = []) -> Plan {
        var report = ImportReport(errors: errors)
        var groups: [OutputID: [PendingUnit]] = [:]
        var order: [OutputID] = []
        var seen: [OutputID: String] = [:]
        for document in documents {
            for file in document.files {
                let index = report.files.count
                report.files.append(ImportReport.FileResult(xliff: document.name, original: file.original, language: file.targetLanguage,
                                                            output: nil, status: .unchanged, imported: 0, skipped: [],
                                                            refusal: nil, missingCategories: []))
                guard ["strings", "stringsdict", "xcstrings"].contains(file.kind) else {
                    report.files[index].status = .ignored
                    report.findings.append(.init(kind: .unknownKind, xliff: document.name, line: file.line, id: nil,
                                                 message: "original \"\(file.original)\" is a .\(file.kind) file; only .strings, .stringsdict and .xcstrings are imported"))
                    continue
                }
                let id = OutputID(kind: file.kind, table: file.table, language: file.targetTag)
                if let first = seen[id] {
                    report.findings.append(.init(kind: .languageTwice, xliff: document.name, line: file.line, id: nil,
                                                 message: "\(file.table).\(file.kind) in \(file.targetLanguage) already came from \(first); the later units win"))
                } else {
                    seen[id] = "\(document.name):\(file.line)"
                    order.append(id)
                }
                groups[id, default: []] += file.units.map { PendingUnit(unit: $0, result: index, file: file, xliff: document.name) }
            }
        }
        let folders = languageFolders()
        var writes: [Write] = []
        // Stringsdict first: a .strings key that the same import puts in the .stringsdict is skipped.
        let plural = Set(groups.filter { $0.key.kind == "stringsdict" }.flatMap { id, units in units.map { "\(id.table)\u{0}\(id.language.rawValue)\u{0}\($0.unit.address.key)" } })
        for id in order {
            let units = groups[id]!
            var context = OutputContext(importer: self, id: id, units: units, folders: folders, pluralKeys: plural)
            let output = context.run()
            report.findings += context.findings
            for (index, skipped) in context.skipped { report.files[index].skipped.append(skipped) }
            for index in Set(units.map(\.result)) {
                report.files[index].output = output.path
                report.files[index].imported = context.imported[index, default: 0]
                report.files[index].missingCategories = output.missing
                switch output.outcome {
                case .refused(let reason):
                    report.files[index].status = .refused
                    report.files[index].refusal = reason
                case .write(let bytes):
                    report.files[index].status = .written
                    if !writes.contains(where: { $0.path == output.path }) { writes.append(Write(path: output.path, bytes: bytes)) }
                case .unchanged:
                    report.files[index].status = .unchanged
                }
            }
        }
        return Plan(report: report, writes: report.isRefused ? [] : writes)
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
