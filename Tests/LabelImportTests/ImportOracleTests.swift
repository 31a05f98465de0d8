import Foundation
import LabelCore
import Testing
@testable import LabelImport

/// Against what `xcodebuild -importLocalizations` wrote in real apps (see
/// scripts/import-oracle.py, which extracts the cases from local clones; nothing
/// fetched is committed). Skipped unless `IMPORT_ORACLE` names the extracted folder.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["IMPORT_ORACLE"] != nil, "IMPORT_ORACLE is not set"))
struct ImportOracleTests {
    struct Tally: CustomStringConvertible {
        var identical = 0
        var different: [String] = []
        /// Values Xcode wrote that this import did not (its English copies, keys without targets).
        var onlyXcode = 0
        var onlyXcodeSamples: [String] = []
        /// Values left out as the commit's own edits (``sameCommitEdits``).
        var explained = 0
        var onlyOurs: [String] = []
        /// Values the table had before, which the XLIFF no longer has: Xcode's import drops
        /// them (it writes the table from the XLIFF), this import keeps them (a merge).
        var kept = 0
        var description: String {
            "\(identical) identical, \(different.count) different, \(onlyXcode) only in Xcode's, \(onlyOurs.count) only in ours"
                + (kept > 0 ? " (\(kept) more kept from before that Xcode dropped)" : "")
                + (explained > 0 ? " (\(explained) left out: the commit's own edits)" : "")
        }
    }

    static var root: URL { URL(fileURLWithPath: ProcessInfo.processInfo.environment["IMPORT_ORACLE"] ?? "/nonexistent") }

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
    }

    /// Imports every XLIFF of the case into a copy of `before/` (or, with `empty`, of its
    /// development language only) and compares each written table with `after/`.
    func compare(_ name: String, empty: Bool) throws -> (strings: Tally, plurals: Tally, notWrittenByXcode: [String]) {
        let folder = Self.root.appendingPathComponent(name)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let before = folder.appendingPathComponent("before")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for entry in try FileManager.default.contentsOfDirectory(atPath: before.path) where !empty || entry.hasPrefix("en") {
            try FileManager.default.copyItem(at: before.appendingPathComponent(entry), to: work.appendingPathComponent(entry))
        }
        let xliffs = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("xliff").path).sorted()
            .map { folder.appendingPathComponent("xliff/\($0)").path }
        let (documents, errors) = Importer.readDocuments(xliffs)
        #expect(errors.isEmpty, "\(errors)")
        let importer = Importer(directory: work)
        let plan = importer.plan(documents)
        #expect(!plan.report.isRefused, "\(plan.report.refusals)")
        try importer.apply(plan.writes)
        var strings = Tally(), plurals = Tally()
        let changed = Set(try String(contentsOf: folder.appendingPathComponent("changed.txt"), encoding: .utf8).split(separator: "\n").map(String.init))
        // Only the tables Xcode wrote in the import commit are its output; a table it left
        // as it was is not compared (it may predate the XLIFF's targets).
        for write in plan.writes where changed.contains(write.path) {
            let after = folder.appendingPathComponent("after/\(write.path)")
            let ours = work.appendingPathComponent(write.path)
            let old = empty ? nil : try? Data(contentsOf: before.appendingPathComponent(write.path))
            if write.path.hasSuffix(".strings") {
                try tallyStrings(ours: ours, xcode: after, before: old, into: &strings, file: write.path)
            } else if write.path.hasSuffix(".stringsdict") {
                try tallyPlurals(ours: ours, xcode: after, into: &plurals, file: write.path)
            }
        }
        return (strings, plurals, plan.writes.map(\.path).filter { !changed.contains($0) })
    }

    func tallyStrings(ours: URL, xcode: URL, before: Data?, into tally: inout Tally, file: String) throws {
        let mine = try StringsFileParser.parse(Data(contentsOf: ours), file: file).values
        let theirs = (try? StringsFileParser.parse(Data(contentsOf: xcode), file: file).values) ?? [:]
        let old = before.flatMap { try? StringsFileParser.parse($0, file: file).values } ?? [:]
        for (key, value) in mine {
            guard let expected = theirs[key] else {
                if old[key] == value { tally.kept += 1 } else { tally.onlyOurs.append("\(file) \(key)") }
                continue
            }
            if expected == value { tally.identical += 1 } else { tally.different.append("\(file) \(key): ours \(value.debugDescription), Xcode's \(expected.debugDescription)") }
        }
        tally.onlyXcode += theirs.keys.filter { mine[$0] == nil }.count
    }

    func tallyPlurals(ours: URL, xcode: URL, into tally: inout Tally, file: String) throws {
        let mine = try PropertyListReader.read(Data(contentsOf: ours)).dictionary ?? [:]
        let theirs = ((try? PropertyListReader.read(Data(contentsOf: xcode)))?.dictionary) ?? [:]
        func leaves(_ value: PropertyListValue, _ path: String, into result: inout [String: String]) {
            if let text = value.string { result[path] = text }
            for (key, child) in value.dictionary ?? [:] { leaves(child, path + "/" + key, into: &result) }
        }
        var a: [String: String] = [:], b: [String: String] = [:]
        leaves(.dictionary(mine), file, into: &a)
        leaves(.dictionary(theirs), file, into: &b)
        for (path, value) in a {
            guard let expected = b[path] else { tally.onlyOurs.append(path); continue }
            if expected == value { tally.identical += 1 } else { tally.different.append("\(path): ours \(value.debugDescription), Xcode's \(expected.debugDescription)") }
        }
        tally.onlyXcode += b.keys.filter { a[$0] == nil }.count
    }

    @Test(arguments: cases.filter { !catalogCases.contains($0) })
    func everyValueWeWriteIsWhatXcodeWrote(name: String) throws {
        for empty in [false, true] {
            let (strings, plurals, others) = try compare(name, empty: empty)
            print("\(name) into \(empty ? "an empty bundle" : "the bundle before"): .strings \(strings); .stringsdict \(plurals); "
                  + "written here but not by Xcode in that commit: \(others)")
            #expect(strings.different.isEmpty, "\(strings.different.prefix(10))")
            #expect(plurals.different.isEmpty, "\(plurals.different.prefix(10))")
            #expect(strings.onlyOurs.isEmpty, "\(strings.onlyOurs.prefix(10))")
            #expect(plurals.onlyOurs.isEmpty, "\(plurals.onlyOurs.prefix(10))")
        }
    }

    /// Keys the import commit itself changed besides importing, checked in its diff: not
    /// import behaviour. geteduroam 846cebd renames a key in ConnectFeature.swift
    /// ("You are redirected to a website.\n\n\(url)" → "You are redirected to a website.")
    /// and has German values the de.xliff of that commit does not have ("VERBINDUNG" in
    /// the XLIFF, "VERBINDEN" in the catalog; a double space removed).
    static let sameCommitEdits: [String: [String]] = [
        "geteduroam-846cebd": [
            "You are redirected to a website.", "CONNECT/de/",
            "Double-click to review the profile and then press the \"Install…\" button to setup the network on your computer./de/",
        ],
    ]

    /// Cases whose tables are String Catalogs (paths in `changed.txt` ending in `.xcstrings`).
    static var catalogCases: [String] {
        cases.filter { name in
            let changed = (try? String(contentsOf: root.appendingPathComponent("\(name)/changed.txt"), encoding: .utf8)) ?? ""
            return changed.contains(".xcstrings")
        }
    }

    /// String leaves of the localizations in `languages`, by `key/language/path`.
    static func leaves(_ document: JSONDocument, languages: Set<String>) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ value: JSONDocument, _ path: String) {
            switch value {
            case .string(let text, _): result[path] = text
            case .number(let text): result[path] = text
            case .object(let members): for member in members { walk(member.value, path + "/" + member.key) }
            default: break
            }
        }
        guard case .object(let strings)? = document["strings"] else { return [:] }
        for entry in strings {
            guard case .object(let localizations)? = entry.value["localizations"] else { continue }
            for localization in localizations where languages.contains(localization.key) {
                walk(localization.value, "\(entry.key)/\(localization.key)")
            }
        }
        return result
    }

    /// Each catalog Xcode changed, imported alone (`--only` its path) into its state before.
    func compareCatalogs(_ name: String) throws -> Tally {
        let folder = Self.root.appendingPathComponent(name)
        let changed = try String(contentsOf: folder.appendingPathComponent("changed.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let xliffs = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("xliff").path).sorted()
            .map { folder.appendingPathComponent("xliff/\($0)").path }
        let (documents, errors) = Importer.readDocuments(xliffs)
        #expect(errors.isEmpty, "\(errors)")
        var tally = Tally()
        let edits = Self.sameCommitEdits[name] ?? []
        for path in changed where path.hasSuffix(".xcstrings") {
            let before = folder.appendingPathComponent("before/\(path)")
            guard FileManager.default.fileExists(atPath: before.path) else { continue }
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: work) }
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let table = (path as NSString).lastPathComponent
            try FileManager.default.copyItem(at: before, to: work.appendingPathComponent(table))
            let importer = Importer(directory: work, options: Importer.Options(originals: [path]))
            let plan = importer.plan(documents)
            #expect(!plan.report.isRefused, "\(path): \(plan.report.refusals)")
            try importer.apply(plan.writes)
            let languages = Set(documents.flatMap(\.files).filter { $0.original == path }.map(\.targetLanguage))
            let explained = { (leaf: String) in edits.contains { leaf.hasPrefix($0) } }
            var ours = Self.leaves(try JSONDocument.read(Array(Data(contentsOf: work.appendingPathComponent(table)))), languages: languages)
            var xcode = Self.leaves(try JSONDocument.read(Array(Data(contentsOf: folder.appendingPathComponent("after/\(path)")))), languages: languages)
            tally.explained += ours.keys.filter(explained).count
            ours = ours.filter { !explained($0.key) }
            xcode = xcode.filter { !explained($0.key) }
            for (leaf, value) in ours {
                guard let expected = xcode[leaf] else { tally.onlyOurs.append("\(path) \(leaf)"); continue }
                if expected == value { tally.identical += 1 } else { tally.different.append("\(path) \(leaf): ours \(value.debugDescription), Xcode's \(expected.debugDescription)") }
            }
            let missing = xcode.keys.filter { ours[$0] == nil }.sorted()
            tally.onlyXcode += missing.count
            tally.onlyXcodeSamples += missing.prefix(3).map { "\(path) \($0)" }
        }
        return tally
    }

    @Test(arguments: catalogCases)
    func everyCatalogLocalizationWeWriteIsWhatXcodeWrote(name: String) throws {
        let tally = try compareCatalogs(name)
        print("\(name) catalogs: \(tally)")
        print("  only in Xcode's, e.g.: \(tally.onlyXcodeSamples.prefix(12))")
        #expect(tally.identical > 0)
        #expect(tally.different.isEmpty, "\(tally.different.prefix(10))")
        #expect(tally.onlyOurs.isEmpty, "\(tally.onlyOurs.prefix(10))")
    }
}
