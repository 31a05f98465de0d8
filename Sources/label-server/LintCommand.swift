import Foundation
import LabelCore
import LabelLint

/// `label-server lint [DIR]`: checks a store for app teams' CI.
enum LintCommand {
    static let help = """
        NAME
          label-server lint — check a store the way an app team's CI should

        SYNOPSIS
          label-server lint [DIR] [--max-words N] [--format text|json] [--strict]
                            [--rule ID=SEVERITY]... [--rules FILE]
                            [--baseline FILE] [--write-baseline FILE]

        DESCRIPTION
        Checks every file of the store in DIR (default: --strings, else Strings) and
        prints one finding per line as `file:line: severity: [rule] key: message`,
        then a completeness table: per bundle, table and language, how many keys of
        the development language it has.

        The VoiceOver wording rules check only label keys (`*.label`, `*accessibilityLabel`)
        and hint keys (`*.hint`, `*accessibilityHint`), and never a format template such
        as `MMM d` or `%@`; every other rule checks every key (docs/lint.md).

        RULES (docs/lint.md has examples):
          errors    parse-error, duplicate-key (different values), empty-value,
                    mojibake, specifier-mismatch, missing-plural-category
          warnings  missing-key, label-capitalization, label-trailing-period,
                    control-type-word, hint-capitalization, hint-verb, hint-period,
                    word-limit, duplicate-key (same value), reader-warning

        OPTIONS:
          --max-words N      warn about labels longer than N words (the children's app uses 7)
          --format FORMAT    text (default) or json
          --strict           exit 1 on warnings too (with --baseline: new warnings)
          --rule ID=SEVERITY set a rule to off, warning or error (repeatable; over --rules)
          --rules FILE       per-rule settings: a JSON object of rule id → severity, or
                             {"severity": …, "keys": ["*.label"], "tables": ["Localizable"]}
          --baseline FILE    report only findings not recorded in FILE
          --write-baseline FILE
                             record every finding in FILE (exit 0 once written)
        \(StoreOptions.help)
          -h, --help         show this help

        EXIT STATUS
          0 when there are no errors (warnings allowed unless --strict), 1 when there
          are errors, 2 on bad usage (an unknown rule or severity, a missing or corrupt
          baseline). With --baseline only new findings count.

        EXAMPLES
          label-server lint Strings --max-words 7
          label-server lint --strict --format json > lint.json
          label-server lint --write-baseline lint-baseline.json
          label-server lint --strict --baseline lint-baseline.json --rule label-trailing-period=off
        """

    static func run(_ arguments: [String]) -> Int32 {
        do throws(ArgumentScanner.UsageError) {
            let scanner = try ArgumentScanner(
                arguments,
                valued: StoreOptions.valued.union(["--max-words", "--format", "--rule", "--rules", "--baseline",
                                                   "--write-baseline"]),
                flags: ["--strict", "--help", "-h"], section: "lint", subtrees: ["rules"]
            )
            if scanner.has("--help") || scanner.has("-h") {
                print(help)
                return 0
            }
            guard scanner.positionals.count <= 1 else {
                throw ArgumentScanner.UsageError(description: "lint takes at most one DIR (see --help)")
            }
            let configuration = try StoreOptions(scanner, directory: scanner.positionals.first).configuration
            var options = Linter.Options()
            if let text = scanner.value("--max-words") {
                guard let limit = Int(text), limit > 0 else {
                    throw ArgumentScanner.UsageError(description: "--max-words needs a positive whole number")
                }
                options.maximumWords = limit
            }
            let format = scanner.value("--format") ?? "text"
            guard format == "text" || format == "json" else {
                throw ArgumentScanner.UsageError(description: "--format must be text or json")
            }
            options.rules = try ruleSettings(scanner, configured: scanner.fileSubtrees["rules"])
            let baseline = try baseline(scanner)
            var report = located(Linter(configuration: configuration, options: options).run(), configuration: configuration)
            let written = scanner.value("--write-baseline")
            if let written {
                if let failure = writeBaseline(report, to: written) {
                    CommandLine.fail(failure)
                    return 1
                }
            }
            var baselined: Int?
            if let baseline { (report.findings, baselined) = baseline.filter(report.findings) }
            print(format == "json" ? json(report, store: configuration.directory, prefix: "", baselined: baselined)
                : text(report, prefix: "", baselined: baselined))
            if written != nil, baseline == nil { return 0 }
            return report.fails(strict: scanner.has("--strict")) ? 1 : 0
        } catch {
            CommandLine.fail(error.description)
            return 2
        }
    }

    /// Findings, the completeness table and a summary line (with how many findings a
    /// baseline hid, when one was given).
    static func text(_ report: LintReport, prefix: String, baselined: Int? = nil) -> String {
        var lines = report.findings.map { $0.formatted(prefix: prefix) }
        if !report.completeness.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("Completeness (keys of the reference language present):")
            let rows = report.completeness.map { row in
                [row.bundle, row.table, row.language.rawValue, row.reference.rawValue,
                 "\(row.present)/\(row.total)", String(format: "%.1f%%", row.percent)]
            }
            let header = ["bundle", "table", "language", "reference", "keys", "%"]
            let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
            for row in [header] + rows {
                let cells = row.enumerated().map { column, cell in
                    // Numbers right-aligned, names left-aligned.
                    let pad = String(repeating: " ", count: widths[column] - cell.count)
                    return column >= 4 ? pad + cell : cell + pad
                }
                lines.append("  " + cells.joined(separator: "  "))
            }
        }
        lines.append("")
        let hidden = baselined.map { ", \($0) in the baseline" } ?? ""
        lines.append("\(report.fileCount) files, \(report.errorCount) errors, \(report.warningCount) warnings\(hidden)")
        return lines.joined(separator: "\n")
    }

    /// `{store, files, errors, warnings, [baselined,] findings: [...], completeness: [...]}`.
    static func json(_ report: LintReport, store: String, prefix: String, baselined: Int? = nil) -> String {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.field("store", store)
        writer.field("files", report.fileCount)
        writer.field("errors", report.errorCount)
        writer.field("warnings", report.warningCount)
        if let baselined { writer.field("baselined", baselined) }
        writer.array("findings", report.findings) { writer, finding in
            writer.beginObject()
            writer.field("file", prefix + finding.file)
            if let line = finding.line { writer.field("line", line) } else { writer.field("line", nil) }
            writer.field("severity", finding.severity.rawValue)
            writer.field("rule", finding.rule.rawValue)
            writer.field("key", finding.key)
            writer.field("language", finding.language?.rawValue)
            writer.field("message", finding.message)
            writer.endObject()
        }
        writer.array("completeness", report.completeness) { writer, row in
            writer.beginObject()
            writer.field("bundle", row.bundle)
            writer.field("table", row.table)
            writer.field("language", row.language.rawValue)
            writer.field("reference", row.reference.rawValue)
            writer.field("present", row.present)
            writer.field("total", row.total)
            writer.field("percent", raw: Array(String(format: "%.1f", row.percent).utf8))
            writer.endObject()
        }
        writer.endObject()
        return writer.text
    }
}
