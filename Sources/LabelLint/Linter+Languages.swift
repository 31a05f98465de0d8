import LabelCore

extension Linter {
    /// Compares every language of a bundle and table with its reference language
    /// (the development language, or a String Catalog's source language when the
    /// development language has no strings there): missing keys, completeness and
    /// format arguments. Also reports a key defined in two files of one layer.
    func compareLanguages(_ files: [LintFile]) -> (findings: [LintFinding], completeness: [LintReport.Completeness]) {
        var findings: [LintFinding] = []
        var layers: [StoreLoader.LayerKey: [String: LintEntry]] = [:]
        // Lowest precedence first, as the loader applies them: Base, catalog, strings, stringsdict.
        // A stable partition by precedence (four values), not a sort of every entry.
        let ordered = (-1...2).lazy.flatMap { precedence in
            files.lazy.flatMap(\.entries).filter { Self.precedence($0) == precedence }
        }
        for entry in ordered {
            let layer = StoreLoader.LayerKey(bundle: entry.bundle, table: entry.table, language: entry.language)
            if let earlier = layers[layer]?[entry.key], !earlier.isBase, !entry.isBase, earlier.file != entry.file {
                let same = earlier.string == entry.string
                findings.append(LintFinding(
                    rule: .duplicateKey, severity: same ? .warning : .error, file: earlier.file, line: earlier.line,
                    key: entry.key, language: entry.language,
                    message: "also defined in \(entry.file)\(entry.line.map { ":\($0)" } ?? "")"
                        + (same ? " with the same value" : " with a different value, which wins")))
            }
            layers[layer, default: [:]][entry.key] = entry
        }

        var sourceLanguages: [String: LanguageTag] = [:]
        for file in files where file.kind == .catalog {
            if let source = file.sourceLanguage { sourceLanguages["\(file.bundle)/\(file.table)"] = source }
        }
        var completeness: [LintReport.Completeness] = []
        let groups = Dictionary(grouping: layers.keys) { "\($0.bundle)/\($0.table)" }
        for (_, keys) in groups.sorted(by: { $0.key < $1.key }) {
            let bundle = keys[0].bundle, table = keys[0].table
            let languages = Set(keys.map(\.language))
            let candidates = [configuration.developmentLanguage, sourceLanguages["\(bundle)/\(table)"]].compactMap { $0 }
            guard let reference = candidates.first(where: languages.contains) else { continue }
            let referenceEntries = layers[StoreLoader.LayerKey(bundle: bundle, table: table, language: reference)]!
            let referenceKeys = referenceEntries.keys.sorted()
            let referenceSignatures = referenceEntries.mapValues { Self.arguments(of: $0.string) }
            for language in languages.sorted() {
                let entries = layers[StoreLoader.LayerKey(bundle: bundle, table: table, language: language)]!
                var present = 0
                for key in referenceKeys {
                    let source = referenceEntries[key]!
                    guard let entry = entries[key] else {
                        findings.append(LintFinding(
                            rule: .missingKey, file: source.file, line: source.line, key: key, language: language,
                            message: "missing in \(language) (\(bundle), table \(table)); \(language) users get a fallback"))
                        continue
                    }
                    present += 1
                    guard language != reference else { continue }
                    if let lost = Self.lostMarkup(entry, reference: source) { findings.append(lost) }
                    let here = Self.arguments(of: entry.string), there = referenceSignatures[key]!
                    // A value that reads one argument as two types is reported on its own.
                    guard here.conflict == nil, there.conflict == nil,
                          let difference = here.differences(from: there, referenceLanguage: reference) else { continue }
                    findings.append(LintFinding(rule: .specifierMismatch, file: entry.file, line: entry.line, key: key,
                                                language: language, message: difference))
                }
                completeness.append(LintReport.Completeness(bundle: bundle, table: table, language: language,
                                                            reference: reference, present: present,
                                                            total: referenceKeys.count))
            }
        }
        return (findings, completeness)
    }

    private static func precedence(_ entry: LintEntry) -> Int { entry.isBase ? -1 : entry.kind.precedence }
}
