import LabelCore

/// The import report as text for people and as JSON for scripts (docs/import.md).
package enum ImportReportRendering {
    package static func text(_ report: ImportReport) -> String {
        var lines: [String] = report.errors.map { "\($0.location): error: \($0.reason)" }
        for file in report.files {
            lines.append("\(file.xliff): \(file.original) [\(file.language)]: \(file.status.rawValue), \(file.imported) imported, "
                         + "\(file.refused) refused, \(file.skipped.count) skipped")
            for output in file.outputs {
                lines.append("  → \(output.path): \(output.status.rawValue)" + (output.refusal.map { " — refused: \($0)" } ?? ""))
                for missing in output.missingCategories {
                    lines.append("    \(missing.key) still needs \(missing.categories.map(\.rawValue).joined(separator: ", ")) in \(file.language)")
                }
            }
            for skipped in file.skipped { lines.append("  skipped \(skipped.id): \(skipped.reason)") }
        }
        for finding in report.findings {
            // A refused unit is an error: its value is not written.
            let severity = finding.refused ? "error" : "warning"
            lines.append("\(finding.xliff):\(finding.line): \(severity): [\(finding.kind.rawValue)] \(finding.id.map { "\($0): " } ?? "")\(finding.message)"
                         + (finding.refused ? "; not written" : ""))
        }
        let strictRefusal = report.strict && !report.findings.isEmpty
        let outcome = report.isRefused ? "refused\(strictRefusal ? " (--strict: a finding)" : ""), nothing written"
            : report.dryRun ? "dry run, nothing written" : "\(report.filesWritten) files written"
        lines.append("")
        lines.append("\(report.files.count) <file>s, \(report.errors.count) refused XLIFF files, \(report.findings.count) findings, "
                     + "\(report.refusedUnits) units refused; \(outcome)")
        return lines.joined(separator: "\n")
    }

    /// `{into, dryRun, refused, filesWritten, errors: [...], files: [...], findings: [...]}`.
    package static func json(_ report: ImportReport, into: String) -> String {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.field("into", into)
        writer.field("dryRun", report.dryRun)
        writer.field("refused", report.isRefused)
        writer.field("strict", report.strict)
        writer.field("refusedUnits", report.refusedUnits)
        writer.field("filesWritten", report.filesWritten)
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
