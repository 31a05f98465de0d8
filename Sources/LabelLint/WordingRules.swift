/// The wording rules in scope for one key and table, as a bit set: checked once per
/// entry, without allocating.
struct WordingRules {
    /// The wording rules, in ``LintRule`` order; bit `i` is `all[i]`.
    static let all = LintRule.allCases.filter(\.isWording)

    private var bits: UInt32 = 0

    init(_ settings: LintRuleSettings, key: String, table: String) {
        // The default scopes, matched at most once per key whatever the number of rules.
        var label: Bool?
        var hint: Bool?
        func isLabel() -> Bool {
            if label == nil { label = LintRuleSettings.labelPatterns.contains { $0.matches(key) } }
            return label!
        }
        func isHint() -> Bool {
            if hint == nil { hint = LintRuleSettings.hintPatterns.contains { $0.matches(key) } }
            return hint!
        }
        guard settings.isConfigured else {
            for (index, rule) in Self.all.enumerated() {
                if Self.inDefaultScope(rule, isLabel: isLabel, isHint: isHint) { bits |= 1 << UInt32(index) }
            }
            return
        }
        for (index, rule) in Self.all.enumerated() {
            let setting = settings[rule]
            guard setting.level != .off else { continue }
            if let tables = setting.tables, !tables.contains(where: { $0.matches(table) }) { continue }
            let inScope: Bool
            if let keys = setting.keys {
                inScope = keys.contains { $0.matches(key) }
            } else {
                inScope = Self.inDefaultScope(rule, isLabel: isLabel, isHint: isHint)
            }
            if inScope { bits |= 1 << UInt32(index) }
        }
    }

    /// Label rules check label keys, hint rules hint keys, `control-type-word` both.
    private static func inDefaultScope(_ rule: LintRule, isLabel: () -> Bool, isHint: () -> Bool) -> Bool {
        if LintRule.labelRules.contains(rule) { return isLabel() }
        if LintRule.hintRules.contains(rule) { return isHint() }
        return isLabel() || isHint()
    }

    var isEmpty: Bool { bits == 0 }

    func contains(_ rule: LintRule) -> Bool {
        guard let index = Self.all.firstIndex(of: rule) else { return false }
        return bits & (1 << UInt32(index)) != 0
    }
}
