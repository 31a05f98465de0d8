import LabelCore

extension Linter {
    /// `findings` with the bundle and table of their file and, for a keyed finding, the
    /// value it is about (the entry at the finding's file, key and line; else at its file
    /// and key), which rule scopes and baselines need.
    static func located(_ findings: [LintFinding], jobs: [StoreLoader.Job], files: [LintFile]) -> [LintFinding] {
        var tables: [String: (bundle: String, table: String)] = [:]
        for job in jobs { tables[job.path] = (job.bundle, job.table) }
        var values: [String: String] = [:]
        for file in files {
            for entry in file.entries {
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
