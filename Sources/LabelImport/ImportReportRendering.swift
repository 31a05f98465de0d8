import LabelCore

/// The import report as text for people and as JSON for scripts (docs/import.md).
package enum ImportReportRendering {
    /// A summary first (the outcome, then per language what was imported, added, skipped
    /// and refused, then each store file), then the findings. Per-`<file>` lines and each
    /// skipped unit only when `verbose`; without it the units skipped for a key new to the
    /// development language are one line (``ImportReport/newKeysSkipped``), not a warning each.
    package static func text(_ report: ImportReport, verbose: Bool = false) -> String {
        let strictRefusal = report.strict && !report.findings.isEmpty
        let outcome = report.isRefused ? "refused\(strictRefusal ? " (--strict: a finding)" : ""), nothing written"
            : report.dryRun ? "dry run, nothing written" : "\(report.filesWritten) files written"
        var lines = ["\(outcome); \(report.files.count) <file>s, \(report.errors.count) refused XLIFF files, "
                     + "\(report.findings.count) findings, \(report.refusedUnits) units refused"]
        lines += languageLines(report) + outputLines(report)
        if verbose { lines += fileLines(report) }
        let findings = findingLines(report, verbose: verbose)
        if !findings.isEmpty { lines += [""] + findings }
        return lines.joined(separator: "\n")
    }

    /// `  de: 5 imported, 2 new keys added, 3 skipped, 1 refused`, per `target-language` in order.
    private static func languageLines(_ report: ImportReport) -> [String] {
        var order: [String] = []
        var totals: [String: (imported: Int, added: Int, skipped: Int, refused: Int)] = [:]
        for file in report.files where file.status != .ignored {
            if totals[file.language] == nil { order.append(file.language) }
            let total = totals[file.language] ?? (0, 0, 0, 0)
            totals[file.language] = (total.imported + file.imported, total.added + file.added, total.skipped + file.skipped.count,
                                     total.refused + file.refused)
        }
        return order.map { language in
            let total = totals[language]!
            let added = report.addNew ? "\(total.added) new keys added, " : ""
            return "  \(language): \(total.imported) imported, \(added)\(total.skipped) skipped, \(total.refused) refused"
        }
    }

    /// `  → de.lproj/Localizable.strings: written`, each store file once (its worst status),
    /// with the plural categories its keys still need.
    private static func outputLines(_ report: ImportReport) -> [String] {
        var order: [String] = []
        var outputs: [String: ImportReport.Output] = [:]
        var needs: [String: [String]] = [:]
        let rank: [ImportReport.Status: Int] = [.ignored: 0, .unchanged: 1, .written: 2, .refused: 3]
        for file in report.files {
            for output in file.outputs {
                if let seen = outputs[output.path] {
                    if rank[output.status]! > rank[seen.status]! { outputs[output.path] = output }
                } else {
                    order.append(output.path)
                    outputs[output.path] = output
                }
                needs[output.path, default: []] += output.missingCategories.map { missing in
                    "    \(missing.key) still needs \(missing.categories.map(\.rawValue).joined(separator: ", ")) in \(file.language)"
                }
            }
        }
        return order.flatMap { path in
            let output = outputs[path]!
            return ["  → \(path): \(output.status.rawValue)" + (output.refusal.map { " — refused: \($0)" } ?? "")] + needs[path, default: []]
        }
    }

    /// `--verbose`: each `<file>` with its counts and skipped units.
    private static func fileLines(_ report: ImportReport) -> [String] {
        var lines: [String] = []
        for file in report.files {
            lines.append("\(file.xliff): \(file.original) [\(file.language)]: \(file.status.rawValue), \(file.imported) imported, "
                         + "\(file.refused) refused, \(file.skipped.count) skipped")
            for skipped in file.skipped { lines.append("  skipped \(skipped.id): \(skipped.reason)") }
        }
        return lines
    }

    /// Refused XLIFF files, findings (an `unknown-key` one each only when `verbose`), and the
    /// `new-keys-skipped` notice.
    private static func findingLines(_ report: ImportReport, verbose: Bool) -> [String] {
        var lines: [String] = report.errors.map { "\($0.location): error: \($0.reason)" }
        // Without --add-new the new-keys-skipped notice counts the unknown-key findings.
        for finding in report.findings where verbose || report.addNew || finding.kind != .unknownKey || finding.refused {
            // A refused unit is an error: its value is not written.
            let severity = finding.refused ? "error" : "warning"
            lines.append("\(finding.xliff):\(finding.line): \(severity): [\(finding.kind.rawValue)] \(finding.id.map { "\($0): " } ?? "")\(finding.message)"
                         + (finding.refused ? "; not written" : ""))
        }
        if let notice = newKeysNotice(report) { lines.append("warning: [\(ImportReport.newKeysSkippedCode)] \(notice)") }
        return lines
    }

    /// The sentence of the `new-keys-skipped` notice, `nil` when no unit was skipped for a new
    /// key or the run was `--add-new` (then each is an `unknown-key` warning of its own).
    static func newKeysNotice(_ report: ImportReport) -> String? {
        let count = report.newKeysSkipped
        guard count > 0, !report.addNew else { return nil }
        return "\(count) unit\(count == 1 ? " was" : "s were") skipped because the development language lacks "
            + "\(count == 1 ? "its key" : "their keys"); --add-new imports them (and adds the keys to the development language)"
    }

    /// `{into, dryRun, refused, filesWritten, addNew, notices: [...], errors: [...], files: [...], findings: [...]}`.
    package static func json(_ report: ImportReport, into: String) -> String {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.field("into", into)
        writer.field("dryRun", report.dryRun)
        writer.field("refused", report.isRefused)
        writer.field("strict", report.strict)
        writer.field("refusedUnits", report.refusedUnits)
        writer.field("filesWritten", report.filesWritten)
        writer.field("addNew", report.addNew)
        writer.array("notices", newKeysNotice(report).map { [$0] } ?? []) { writer, message in
            writer.beginObject()
            writer.field("code", ImportReport.newKeysSkippedCode)
            writer.field("count", report.newKeysSkipped)
            writer.field("flag", "--add-new")
            writer.field("message", message)
            writer.endObject()
        }
        writer.array("errors", report.errors) { writer, error in
            writer.beginObject()
            writer.field("file", error.location.file)
            writer.field("line", error.location.line)
            writer.field("column", error.location.column)
            writer.field("code", error.reason.code)
            writer.field("reason", error.reason.description)
            writer.endObject()
        }
        writer.array("files", report.files, file)
        writer.array("findings", report.findings) { writer, finding in
            writer.beginObject()
            writer.field("kind", finding.kind.rawValue)
            writer.field("xliff", finding.xliff)
            writer.field("line", finding.line)
            writer.field("id", finding.id)
            writer.field("message", finding.message)
            writer.field("refused", finding.refused)
            writer.endObject()
        }
        writer.endObject()
        return writer.text
    }

    private static func file(_ writer: inout JSONWriter, _ file: ImportReport.FileResult) {
        writer.beginObject()
        writer.field("xliff", file.xliff)
        writer.field("original", file.original)
        writer.field("language", file.language)
        writer.field("status", file.status.rawValue)
        writer.field("imported", file.imported)
        writer.field("refused", file.refused)
        writer.field("added", file.added)
        writer.array("skipped", file.skipped) { writer, skipped in
            writer.beginObject()
            writer.field("id", skipped.id)
            writer.field("code", skipped.reason.code)
            writer.field("reason", skipped.reason.description)
            writer.endObject()
        }
        writer.array("outputs", file.outputs, output)
        writer.endObject()
    }

    private static func output(_ writer: inout JSONWriter, _ output: ImportReport.Output) {
        writer.beginObject()
        writer.field("path", output.path)
        writer.field("status", output.status.rawValue)
        writer.field("refusalCode", output.refusal?.code)
        writer.field("refusal", output.refusal?.description)
        writer.array("missingCategories", output.missingCategories) { writer, missing in
            writer.beginObject()
            writer.field("key", missing.key)
            writer.field("categories", strings: missing.categories.map(\.rawValue))
            writer.endObject()
        }
        writer.endObject()
    }
}
