import Foundation
package import LabelCore

/// Checks a store the way an app team's CI needs it: crash-prone format
/// specifiers, missing plural categories and keys, Apple's label and hint rules,
/// mojibake, duplicates and empty values. Backs `label-server lint`.
///
/// Unlike ``StoreLoader``, a broken file does not stop the run: it becomes a
/// `parse-error` finding and every other file is still checked. Files are
/// discovered exactly as the loader discovers them (bundles, `*.lproj`,
/// `Base.lproj`, `.xcstrings`), and read with the same parsers, so lint sees
/// what the service would serve.
///
/// The VoiceOver wording rules check only keys that are labels (`*.label`,
/// `*accessibilityLabel`) or hints (`*.hint`, `*accessibilityHint`) unless configured
/// otherwise (``LintRuleSettings``), and never a format template (``isFormatTemplate(_:)``).
package struct Linter: Sendable {
    /// Optional checks.
    package struct Options: Sendable, Hashable {
        /// Longest label in words (`--max-words`); `nil` for no limit.
        package var maximumWords: Int?
        /// Severity and scope per rule (`off`, `warning`, `error`; key and table patterns).
        package var rules: LintRuleSettings

        package init(maximumWords: Int? = nil, rules: LintRuleSettings = LintRuleSettings()) {
            self.maximumWords = maximumWords
            self.rules = rules
        }
    }

    package var configuration: StoreConfiguration
    package var options: Options

    package init(configuration: StoreConfiguration, options: Options = Options()) {
        self.configuration = configuration
        self.options = options
    }

    /// Reads every file of the store and runs every rule.
    package func run() -> LintReport {
        let root: URL
        switch StoreLoader.storeRoot(configuration) {
        case .success(let url):
            root = url
        case .failure(let problem):
            let finding = LintFinding(rule: .parseError, file: problem.file, line: nil, message: problem.message)
            return LintReport(findings: [finding], completeness: [], fileCount: 0)
        }
        var discoveryWarnings: [ParseWarning] = []
        var discoveryProblems: [StoreProblem] = []
        var bundleFolders: [String] = []
        let jobs = StoreLoader.discover(root: root, configuration: configuration, warnings: &discoveryWarnings,
                                        problems: &discoveryProblems, bundleFolders: &bundleFolders)
        var findings = discoveryWarnings.map {
            LintFinding(rule: .readerWarning, file: $0.location.file, line: nil, message: $0.message)
        }
        findings += discoveryProblems.map { LintFinding(rule: .parseError, file: $0.file, line: nil, message: $0.message) }
        var files: [LintFile] = []
        for job in jobs {
            let file = Self.read(job, root: root, limit: configuration.maximumFileBytes)
            findings += file.findings
            for entry in file.entries {
                findings += checkEntry(entry)
            }
            files.append(file)
        }
        let comparison = compareLanguages(files)
        findings += comparison.findings
        findings = options.rules.apply(to: Self.located(findings, jobs: jobs, files: files))
        findings.sort { a, b in
            (a.file, a.line ?? 0, a.rule, a.key ?? "", a.language?.rawValue ?? "", a.message)
                < (b.file, b.line ?? 0, b.rule, b.key ?? "", b.language?.rawValue ?? "", b.message)
        }
        return LintReport(findings: findings, completeness: comparison.completeness, fileCount: jobs.count)
    }
}
