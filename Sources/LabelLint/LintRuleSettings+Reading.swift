package import LabelCore

extension LintRuleSettings {
    /// The most patterns one rule's `keys` or `tables` may list.
    package static let maximumPatterns = 256

    /// Reads a rules object: each member a rule id whose value is a severity (`"off"`,
    /// `"warning"`, `"error"`) or an object with any of `severity`, `keys` and `tables`
    /// (arrays of patterns). Unknown ids, severities and members are errors.
    package init(_ document: JSONDocument) throws(Error) {
        self.init()
        guard case .object(let members) = document else {
            throw Error(.badShape, rule: nil, "the rules must be an object of rule id → severity or {severity, keys, tables}")
        }
        for member in members {
            let rule = try Self.rule(member.key)
            self[rule] = try Self.setting(member.value, id: member.key)
        }
    }

    /// Applies one `--rule ID=SEVERITY` flag on top of what is configured.
    package mutating func set(flag text: String) throws(Error) {
        guard let equals = text.firstIndex(of: "=") else {
            throw Error(.badShape, rule: text, "--rule needs ID=SEVERITY (off, warning or error)")
        }
        let id = String(text[..<equals])
        let rule = try Self.rule(id)
        self[rule].level = try Self.level(String(text[text.index(after: equals)...]), id: id)
    }

    private static func rule(_ id: String) throws(Error) -> LintRule {
        guard let rule = LintRule(rawValue: id) else {
            throw Error(.unknownRule, rule: id, "no such rule (docs/lint.md lists them)")
        }
        return rule
    }

    private static func level(_ text: String, id: String) throws(Error) -> Level {
        guard let level = Level(rawValue: text) else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw Error(.badSeverity, rule: id, "severity \"\(shown)\" is not off, warning or error")
        }
        return level
    }

    private static func setting(_ value: JSONDocument, id: String) throws(Error) -> Rule {
        if let text = value.stringValue { return Rule(level: try level(text, id: id)) }
        guard case .object(let members) = value else {
            throw Error(.badShape, rule: id, "must be a severity string or an object {severity, keys, tables}")
        }
        var rule = Rule()
        for member in members {
            switch member.key {
            case "severity":
                guard let text = member.value.stringValue else {
                    throw Error(.badSeverity, rule: id, "severity must be a string: off, warning or error")
                }
                rule.level = try level(text, id: id)
            case "keys": rule.keys = try patterns(member.value, field: "keys", id: id)
            case "tables": rule.tables = try patterns(member.value, field: "tables", id: id)
            default:
                throw Error(.badShape, rule: id, "unknown member \"\(member.key)\" (severity, keys, tables)")
            }
        }
        return rule
    }

    private static func patterns(_ value: JSONDocument, field: String, id: String) throws(Error) -> [LintPattern] {
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw Error(.badPattern, rule: id, "\(field) must be a non-empty array of patterns (use severity \"off\" to turn the rule off)")
        }
        guard elements.count <= maximumPatterns else {
            throw Error(.badPattern, rule: id, "\(field) lists \(elements.count) patterns; at most \(maximumPatterns)")
        }
        var patterns: [LintPattern] = []
        for element in elements {
            guard let text = element.stringValue else {
                throw Error(.badPattern, rule: id, "\(field) must hold strings")
            }
            guard let pattern = LintPattern(text) else {
                throw Error(.badPattern, rule: id, "\(field) pattern must be 1 to \(LintPattern.maximumLength) characters long")
            }
            patterns.append(pattern)
        }
        return patterns
    }
}
