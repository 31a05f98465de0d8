public import LabelCore

/// What `lint` found in a store: findings and a completeness table.
public struct LintReport: Sendable, Hashable {
    /// How many keys of the reference language one language has, per bundle and table,
    /// the "completeness report of missing keys per language" app teams ask for.
    public struct Completeness: Sendable, Hashable {
        public var bundle: String
        public var table: String
        public var language: LanguageTag
        /// The language the keys are counted against (the development language,
        /// or a String Catalog's source language).
        public var reference: LanguageTag
        /// Reference keys this language has.
        public var present: Int
        /// Keys of the reference language.
        public var total: Int

        public init(bundle: String, table: String, language: LanguageTag, reference: LanguageTag, present: Int, total: Int) {
            self.bundle = bundle
            self.table = table
            self.language = language
            self.reference = reference
            self.present = present
            self.total = total
        }

        /// Share of reference keys present, 0–100 (100 for an empty reference).
        public var percent: Double { total == 0 ? 100 : Double(present) * 100 / Double(total) }
    }

    /// Sorted by file, line, rule and key.
    public var findings: [LintFinding]
    /// Sorted by bundle, table and language.
    public var completeness: [Completeness]
    /// Store files read.
    public var fileCount: Int

    public init(findings: [LintFinding], completeness: [Completeness], fileCount: Int) {
        self.findings = findings
        self.completeness = completeness
        self.fileCount = fileCount
    }

    public var errorCount: Int { findings.count { $0.severity == .error } }
    public var warningCount: Int { findings.count { $0.severity == .warning } }

    /// Whether CI should fail: any error, or with `strict` any finding at all.
    public func fails(strict: Bool) -> Bool { errorCount > 0 || (strict && !findings.isEmpty) }
}
