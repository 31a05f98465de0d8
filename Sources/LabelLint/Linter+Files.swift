import Foundation
import LabelCore

extension Linter {
    /// Reads and parses one discovered file. Never throws: an unreadable file is a
    /// `parse-error` finding and yields no entries.
    static func read(_ job: StoreLoader.Job, root: URL, limit: Int) -> LintFile {
        var file = LintFile(path: job.path, bundle: job.bundle, table: job.table, kind: job.kind)
        func parseError(_ line: Int?, _ message: String) -> LintFile {
            file.findings.append(LintFinding(rule: .parseError, file: job.path, line: line, language: job.language, message: message))
            return file
        }
        let data: Data
        switch StoreLoader.read(job, root: root, limit: limit) {
        case .success(let bytes): data = bytes
        case .failure(let problem): return parseError(nil, problem.message)
        }

        switch job.kind {
        case .strings:
            let strings: StringsFile
            do {
                strings = try StringsFileParser.parse(data, file: job.path)
            } catch {
                return parseError(error.location.line, "\(error.reason)")
            }
            readStrings(strings, job: job, into: &file)
        case .stringsdict:
            let dictionary: StringsDictFile
            do {
                dictionary = try StringsDictParser.parse(data, file: job.path)
            } catch {
                return parseError(error.location.line, "\(error.reason)")
            }
            file.findings += dictionary.warnings.map { readerWarning($0, language: job.language) }
            let offsets = PlistKeyLocator.keyOffsets(in: data)
            let lines = UTF8LineIndex(data)
            for key in dictionary.entries.keys.sorted() {
                let line = offsets[[key]].map { lines.location(ofByte: $0, file: job.path).line }
                file.entries.append(entry(key, dictionary.entries[key]!, line: line, job: job, language: job.language!))
            }
        case .catalog:
            let catalog: StringCatalog
            do {
                catalog = try StringCatalogParser.parse(data, file: job.path)
            } catch {
                return parseError(error.location.line, "\(error.reason)")
            }
            readCatalog(catalog, data: data, job: job, into: &file)
        }
        return file
    }

    /// Entries of a `.strings` file, with a `duplicate-key` finding for every
    /// repeated key (error when the values differ, since one silently wins).
    private static func readStrings(_ strings: StringsFile, job: StoreLoader.Job, into file: inout LintFile) {
        var first: [String: StringsFile.Entry] = [:]
        first.reserveCapacity(strings.entries.count)
        var duplicateLocations: Set<SourceLocation> = []
        for item in strings.entries {
            guard let earlier = first[item.key] else {
                first[item.key] = item
                continue
            }
            duplicateLocations.insert(item.location)
            let same = earlier.value == item.value
            let message = same
                ? "also on line \(earlier.location.line) with the same value"
                : "also on line \(earlier.location.line) with a different value; Apple's reader keeps this later one"
            file.findings.append(LintFinding(rule: .duplicateKey, severity: same ? .warning : .error, file: job.path,
                                             line: item.location.line, key: item.key, language: job.language,
                                             message: message))
        }
        // The parser reports duplicates too; lint's own finding replaces that warning.
        file.findings += strings.warnings
            .filter { !(duplicateLocations.contains($0.location) && $0.message.hasPrefix("duplicate key")) }
            .map { readerWarning($0, language: job.language) }
        var last: [String: StringsFile.Entry] = [:]
        last.reserveCapacity(first.count)
        file.entries.reserveCapacity(first.count)
        for item in strings.entries { last[item.key] = item }
        for item in strings.entries where last[item.key] == item {
            let entry = entry(item.key, LocalizedString(template: item.value), line: item.location.line,
                              job: job, language: job.language!)
            file.entries.append(entry)
            last[item.key] = nil
        }
    }

    private static func readCatalog(_ catalog: StringCatalog, data: Data, job: StoreLoader.Job, into file: inout LintFile) {
        file.findings += catalog.warnings.map { readerWarning($0, language: nil) }
        file.sourceLanguage = LanguageTag(catalog.sourceLanguage)
        let offsets = JSONKeyLocator.keyOffsets(in: data)
        let lines = UTF8LineIndex(data)
        func line(_ key: String, _ language: String) -> Int? {
            let offset = offsets[["strings", key, "localizations", language]] ?? offsets[["strings", key]]
            return offset.map { lines.location(ofByte: $0, file: job.path).line }
        }
        for name in catalog.localizations.keys.sorted() {
            guard let language = LanguageTag(name) else {
                file.findings.append(LintFinding(rule: .readerWarning, file: job.path, line: nil,
                                                 message: "localization \"\(name)\" is not a language tag; skipped"))
                continue
            }
            let strings = catalog.localizations[name]!
            for key in strings.keys.sorted() {
                file.entries.append(entry(key, strings[key]!, line: line(key, name), job: job, language: language))
            }
            for (key, state) in (catalog.states[name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                file.findings.append(LintFinding(rule: .readerWarning, file: job.path, line: line(key, name), key: key,
                                                 language: language,
                                                 message: "\(name) value is marked \"\(state)\", not translated; it is served all the same"))
            }
        }
    }

    private static func entry(_ key: String, _ string: LocalizedString, line: Int?, job: StoreLoader.Job,
                              language: LanguageTag) -> LintEntry {
        LintEntry(key: key, string: string, file: job.path, line: line, bundle: job.bundle, table: job.table,
                  language: language, kind: job.kind, isBase: job.isBase)
    }

    private static func readerWarning(_ warning: ParseWarning, language: LanguageTag?) -> LintFinding {
        LintFinding(rule: .readerWarning, file: warning.location.file, line: warning.location.line,
                    language: language, message: warning.message)
    }
}
