package import LabelCore

/// What `lint` found in a store: findings and a completeness table.
package struct LintReport: Sendable, Hashable {
    /// How many keys of the reference language one language has, per bundle and table,
    /// the "completeness report of missing keys per language" app teams ask for.
    package struct Completeness: Sendable, Hashable {
        package var bundle: String
        package var table: String
        package var language: LanguageTag
        /// The language the keys are counted against (the development language,
        /// or a String Catalog's source language).
        package var reference: LanguageTag
        /// Reference keys this language has.
        package var present: Int
        /// Keys of the reference language.
        package var total: Int

        package init(bundle: String, table: String, language: LanguageTag, reference: LanguageTag, present: Int, total: Int) {
            self.bundle = bundle
            self.table = table
            self.language = language
            self.reference = reference
            self.present = present
            self.total = total
        }

        /// Share of reference keys present, 0–100 (100 for an empty reference).
        package var percent: Double { total == 0 ? 100 : Double(present) * 100 / Double(total) }
    }

    /// Sorted by file, line, rule and key.
    package var findings: [LintFinding]
    /// Sorted by bundle, table and language.
    package var completeness: [Completeness]
    /// Store files read.
    package var fileCount: Int

    package init(findings: [LintFinding], completeness: [Completeness], fileCount: Int) {
        self.findings = findings
        self.completeness = completeness
        self.fileCount = fileCount
    }

    package var errorCount: Int { findings.count { $0.severity == .error } }
    package var warningCount: Int { findings.count { $0.severity == .warning } }

    /// Whether CI should fail: any error, or with `strict` any finding at all.
    package func fails(strict: Bool) -> Bool { errorCount > 0 || (strict && !findings.isEmpty) }
}
