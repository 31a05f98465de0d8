import LabelCore

/// Per rule: on at its default severity, `off`, a `warning` or an `error`, and the keys
/// and tables it checks (``LintPattern``s). Built from the `lint.rules` object of
/// `label-server.json` (``init(_:)``), a `--rules FILE` or `--rule ID=SEVERITY` flags.
/// A rule not configured keeps its default severity and scope (``LintRule/defaultKeyPatterns``).
package struct LintRuleSettings: Sendable, Hashable {
    /// What a rule is set to.
    package enum Level: String, Sendable, Hashable, CaseIterable {
        case off, warning, error
    }

    /// One rule's configuration; `nil` members keep the rule's default.
    package struct Rule: Sendable, Hashable {
        package var level: Level?
        package var keys: [LintPattern]?
        package var tables: [LintPattern]?

        package init(level: Level? = nil, keys: [LintPattern]? = nil, tables: [LintPattern]? = nil) {
            self.level = level
            self.keys = keys
            self.tables = tables
        }
    }

    /// What is wrong with a rules object or flag, with the rule id (or the text) it is about.
    package struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        package enum Code: String, Sendable, Hashable {
            /// A rule id lint does not have.
            case unknownRule = "unknown-rule"
            /// A severity other than `off`, `warning`, `error`.
            case badSeverity = "bad-severity"
            /// An empty, too long or non-string key or table pattern.
            case badPattern = "bad-pattern"
            /// A value of the wrong type, an unknown member, or a flag without `=`.
            case badShape = "bad-shape"
        }

        package var code: Code
        /// The rule id as written (`nil` when the whole object is wrong).
        package var rule: String?
        package var reason: String

        package init(_ code: Code, rule: String?, _ reason: String) {
            self.code = code
            self.rule = rule
            self.reason = reason
        }

        package var description: String { "lint rule \(rule.map { "\"\($0)\"" } ?? "settings"): \(reason)" }
    }

    private var rules: [LintRule: Rule] = [:]

    /// Every rule at its defaults.
    package init() {}

    /// Whether any rule is configured (otherwise every rule has its defaults).
    package var isConfigured: Bool { !rules.isEmpty }

    /// The configuration of `rule` (empty when not configured).
    package subscript(rule: LintRule) -> Rule {
        get { rules[rule] ?? Rule() }
        set { rules[rule] = newValue }
    }

    /// `rule`'s severity for a finding whose check chose `severity`; `nil` when off.
    package func severity(of rule: LintRule, default severity: LintFinding.Severity) -> LintFinding.Severity? {
        switch self[rule].level {
        case nil: severity
        case .off: nil
        case .warning: .warning
        case .error: .error
        }
    }

    /// Whether `rule` is on and checks `key` in `table`. A finding without a key (a file's
    /// parse error) is checked by table only; one without a table, by key only.
    package func applies(_ rule: LintRule, key: String?, table: String?) -> Bool {
        let setting = self[rule]
        if setting.level == .off { return false }
        if let key {
            if let keys = setting.keys {
                guard keys.contains(where: { $0.matches(key) }) else { return false }
            } else if rule.isWording {
                guard Self.defaultPatterns[rule]!.contains(where: { $0.matches(key) }) else { return false }
            }
        }
        if let table, let tables = setting.tables, !tables.contains(where: { $0.matches(table) }) { return false }
        return true
    }

    /// The findings of rules that are on and in scope, each with its configured severity.
    package func apply(to findings: [LintFinding]) -> [LintFinding] {
        guard !rules.isEmpty else { return findings }
        return findings.compactMap { finding in
            guard applies(finding.rule, key: finding.key, table: finding.table),
                  let severity = severity(of: finding.rule, default: finding.severity) else { return nil }
            var finding = finding
            finding.severity = severity
            return finding
        }
    }

    static let labelPatterns = LintRule.labelKeyPatterns.compactMap(LintPattern.init)
    static let hintPatterns = LintRule.hintKeyPatterns.compactMap(LintPattern.init)

    private static let defaultPatterns: [LintRule: [LintPattern]] = Dictionary(
        uniqueKeysWithValues: LintRule.allCases.map { rule in (rule, rule.defaultKeyPatterns.compactMap(LintPattern.init)) })
}
