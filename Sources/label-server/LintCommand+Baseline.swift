import AtomicFile
import Foundation
import LabelLint

extension LintCommand {
    /// The baseline `--baseline FILE` names; a missing or corrupt file is a usage error.
    /// A baseline named only by label-server.json is not read when this run writes one
    /// (`--write-baseline`): recording today's findings does not need yesterday's, which
    /// may not exist yet.
    static func baseline(_ scanner: ArgumentScanner) throws(ArgumentScanner.UsageError) -> LintBaseline? {
        guard let path = scanner.value("--baseline") else { return nil }
        if scanner.value("--write-baseline") != nil, !scanner.isOnCommandLine("--baseline") { return nil }
        let bytes = try input(path, flag: "--baseline")
        do {
            return try LintBaseline.read(bytes)
        } catch {
            throw ArgumentScanner.UsageError(description: "--baseline \(path): \(error.reason)")
        }
    }

    /// Writes every finding of `report` to `path` as a baseline, atomically; the reason
    /// when it cannot.
    static func writeBaseline(_ report: LintReport, to path: String) -> String? {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try AtomicFile.write(LintBaseline(findings: report.findings).json(), to: path, directory: directory)
            return nil
        } catch {
            return error.description
        }
    }
}
