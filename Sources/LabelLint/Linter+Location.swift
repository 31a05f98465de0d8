import LabelCore

extension Linter {
    /// `findings` with the bundle and table of their file and, for a keyed finding, the
    /// value it is about (the entry at the finding's file, key and line; else at its file
    /// and key), which rule scopes and baselines need.
    static func located(_ findings: [LintFinding], jobs: [StoreLoader.Job], files: [LintFile]) -> [LintFinding] {
        var tables: [String: (bundle: String, table: String)] = [:]
        for job in jobs { tables[job.path] = (job.bundle, job.table) }
        // Only the entries some finding names are looked at again.
        var wanted: [String: Set<String>] = [:]
        for finding in findings {
            if let key = finding.key { wanted[finding.file, default: []].insert(key) }
        }
        var values: [String: String] = [:]
        for file in files {
            guard let keys = wanted[file.path] else { continue }
            for entry in file.entries where keys.contains(entry.key) {
                let value = texts(of: entry.string).joined(separator: "\u{0}")
                values[entry.file + "\u{0}" + entry.key] = value
                if let line = entry.line { values[entry.file + "\u{0}" + entry.key + "\u{0}\(line)"] = value }
            }
        }
        return findings.map { finding in
            var finding = finding
            if let place = tables[finding.file] {
                finding.bundle = place.bundle
                finding.table = place.table
            }
            if let key = finding.key {
                let at = finding.file + "\u{0}" + key
                finding.value = finding.line.flatMap { values[at + "\u{0}\($0)"] } ?? values[at]
            }
            return finding
        }
    }
}
