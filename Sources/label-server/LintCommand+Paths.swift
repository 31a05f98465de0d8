import LabelCore
import LabelLint

extension LintCommand {
    /// Each finding's file as a path from the working directory: under the store folder
    /// (`Strings/app/…`), or as it stands for a bundle given by path (`--resources`).
    static func located(_ report: LintReport, configuration: StoreConfiguration) -> LintReport {
        let prefix = configuration.directory.hasSuffix("/") ? configuration.directory : configuration.directory + "/"
        let folders = configuration.bundleFolders.values.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var located = report
        located.findings = report.findings.map { finding in
            var finding = finding
            if !folders.contains(where: { finding.file.hasPrefix($0) }) { finding.file = prefix + finding.file }
            return finding
        }
        return located
    }
}
