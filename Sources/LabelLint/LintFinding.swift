package import LabelCore

/// One problem `lint` found: which rule, where (file, line, key) and what.
package struct LintFinding: Sendable, Hashable, CustomStringConvertible {
    /// Errors fail a CI run; warnings do only with `--strict`.
    package enum Severity: String, Sendable, Hashable, Comparable {
        case warning, error

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    package var rule: LintRule
    package var severity: Severity
    /// The file, relative to the store folder (`app/de.lproj/Localizable.strings`).
    package var file: String
    /// 1-based line of the key (or of the problem); `nil` when the format gives none
    /// (binary property lists).
    package var line: Int?
    /// The key concerned; `nil` for file-level findings (parse errors, reader warnings).
    package var key: String?
    /// The language of the value concerned, when there is one.
    package var language: LanguageTag?
    package var message: String
    /// The bundle and table of the file, when the file is one of the store's tables.
    package var bundle: String?
    package var table: String?
    /// The value the finding is about (every text of it, for a plural), when it has a key:
    /// what a baseline fingerprints, so an edited value is a new finding.
    package var value: String?

    package init(rule: LintRule, severity: Severity? = nil, file: String, line: Int?, key: String? = nil,
                language: LanguageTag? = nil, message: String) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.file = file
        self.line = line
        self.key = key
        self.language = language
        self.message = message
    }

    /// `file:line: severity: [rule] key: message`, the format compilers use, so
    /// editors and CI annotate the line. `prefix` is prepended to the file (the store folder).
    package func formatted(prefix: String = "") -> String {
        var text = prefix + file
        if let line { text += ":\(line)" }
        text += ": \(severity.rawValue): [\(rule.rawValue)] "
        if let key { text += "\(key): " }
        return text + message
    }

    package var description: String { formatted() }
}
