import Foundation
import LabelCore
import Testing
@testable import LabelLint

/// Per-rule severity and key/table scope (`lint.rules`, `--rule`, `--rules`), the patterns
/// they use, and the default scope of the VoiceOver wording rules on real apps' stores.
struct LintRuleSettingsTests {
    static func settings(_ json: String) throws -> LintRuleSettings {
        try LintRuleSettings(JSONDocument.read(Array(json.utf8)))
    }

    static func error(_ json: String) -> LintRuleSettings.Error? {
        do {
            _ = try settings(json)
            return nil
        } catch let error as LintRuleSettings.Error {
            return error
        } catch {
            return nil
        }
    }

    static func lint(_ directory: String, _ rules: LintRuleSettings = LintRuleSettings(), maximumWords: Int? = nil)
        -> LintReport {
        Linter(configuration: StoreConfiguration(directory: directory, bundles: ["app"]),
               options: Linter.Options(maximumWords: maximumWords, rules: rules)).run()
    }

    static func counts(_ report: LintReport) -> [String: Int] {
        Dictionary(report.findings.map { ($0.rule.rawValue, 1) }, uniquingKeysWith: +)
    }

    // MARK: - Real stores under the default scope

    @Test func englishAsKeyAppKeepsOnlyWhatMatters() {
        // Simplenote: 335 keys that are English text, none a label or hint key. Before the
        // wording rules were scoped: 84 label-trailing-period, 7 control-type-word ("Copy
        // link"), 5 label-capitalization (3 of them date templates "d. MMM") = 97 warnings.
        let everyKey = try! Self.settings("""
            {"label-trailing-period": {"keys": ["*"]}, "label-capitalization": {"keys": ["*"]},
             "control-type-word": {"keys": ["*"]}}
            """)
        let before = Self.lint(LintStores.simplenote, everyKey)
        #expect(Self.counts(before) == ["label-trailing-period": 84, "control-type-word": 7, "label-capitalization": 2])
        let after = Self.lint(LintStores.simplenote)
        #expect(after.findings.isEmpty, "\(after.findings)")
        #expect(after.errorCount == 0)
    }

    @Test func dottedKeyAppKeepsItsErrorsAndItsHintFindings() {
        let report = Self.lint(LintStores.duckduckgo)
        #expect(Self.counts(report) == ["duplicate-key": 9, "missing-key": 22, "hint-period": 6, "hint-verb": 1,
                                        "control-type-word": 1])
        #expect(report.errorCount == 9)
        let wording = report.findings.filter(\.rule.isWording).compactMap(\.key)
        #expect(Set(wording) == ["bookmarks.button.hint", "menu.button.hint", "privacy.icon.hint",
                                 "tab.switcher.accessibility.label"])
    }

    // MARK: - Severity and scope

    @Test(arguments: LintRule.allCases)
    func everyRuleCanBeTurnedOffRaisedAndScoped(rule: LintRule) throws {
        // The seeded store has one finding of every rule.
        func findings(_ json: String) throws -> [LintFinding] {
            Self.lint(LintStores.seeded, try Self.settings(json), maximumWords: 7).findings.filter { $0.rule == rule }
        }
        let id = rule.rawValue
        #expect(try findings("{}").count == 1)
        #expect(try findings(#"{"\#(id)": "off"}"#).isEmpty)
        #expect(try findings(#"{"\#(id)": "error"}"#).map(\.severity) == [.error])
        #expect(try findings(#"{"\#(id)": "warning"}"#).map(\.severity) == [.warning])
        #expect(try findings(#"{"\#(id)": {"tables": ["NoSuchTable"]}}"#).isEmpty)
        let keyed = try findings("{}").first?.key != nil
        #expect(try findings(#"{"\#(id)": {"keys": ["no.such.key"]}}"#).count == (keyed ? 0 : 1),
                "a pattern on keys leaves key-less findings alone")
        // Every key: a wording rule then also checks keys that are neither labels nor hints.
        let everyKey = try findings(#"{"\#(id)": {"keys": ["*"], "severity": "error"}}"#)
        #expect(rule.isWording ? everyKey.count >= 1 : everyKey.count == 1)
        #expect(everyKey.allSatisfy { $0.severity == .error })
    }

    @Test func aRuleTurnedOffReportsNothing() throws {
        let report = Self.lint(LintStores.duckduckgo, try Self.settings(#"{"hint-period": "off", "missing-key": "off"}"#))
        #expect(Self.counts(report)["hint-period"] == nil)
        #expect(Self.counts(report)["missing-key"] == nil)
        #expect(Self.counts(report)["hint-verb"] == 1)
    }

    @Test func aSeverityOverridesTheDefaultBothWays() throws {
        let report = Self.lint(LintStores.duckduckgo, try Self.settings(#"{"hint-period": "error", "duplicate-key": "warning"}"#))
        #expect(report.findings.filter { $0.rule == .hintPeriod }.allSatisfy { $0.severity == .error })
        #expect(report.findings.filter { $0.rule == .duplicateKey }.allSatisfy { $0.severity == .warning })
        #expect(report.errorCount == 6)
    }

    @Test func keyAndTablePatternsNarrowARule() throws {
        let keys = Self.lint(LintStores.duckduckgo, try Self.settings(#"{"missing-key": {"keys": ["bookmarks.*"]}}"#))
        #expect(keys.findings.filter { $0.rule == .missingKey }.allSatisfy { $0.key!.hasPrefix("bookmarks.") })
        let noTable = Self.lint(LintStores.duckduckgo, try Self.settings(#"{"duplicate-key": {"tables": ["Other"]}}"#))
        #expect(Self.counts(noTable)["duplicate-key"] == nil)
        let table = Self.lint(LintStores.duckduckgo, try Self.settings(#"{"duplicate-key": {"tables": ["localizable"]}}"#))
        #expect(Self.counts(table)["duplicate-key"] == 9, "table names match ignoring case")
    }

    @Test func wordingRulesCanBeWidenedToEveryKey() throws {
        var settings = LintRuleSettings()
        settings[.labelTrailingPeriod].keys = [LintPattern("*")!]
        let report = Self.lint(LintStores.simplenote, settings)
        #expect(Self.counts(report)["label-trailing-period"] == 84)
    }

    @Test func theWordLimitFollowsTheLabelScope() throws {
        let report = Self.lint(LintStores.duckduckgo, maximumWords: 3)
        #expect(report.findings.filter { $0.rule == .wordLimit }.allSatisfy { $0.key!.lowercased().hasSuffix("label") })
    }

    @Test func aFlagSetsOneRule() throws {
        var settings = try Self.settings(#"{"hint-period": {"severity": "off", "keys": ["*.hint"]}}"#)
        try settings.set(flag: "hint-period=error")
        #expect(settings[.hintPeriod].level == .error)
        #expect(settings[.hintPeriod].keys?.map(\.text) == ["*.hint"])
    }

    // MARK: - Errors

    @Test(arguments: [
        (#"{"hint-starts-with-verb": "off"}"#, LintRuleSettings.Error.Code.unknownRule, "hint-starts-with-verb"),
        (#"{"hint-verb": "fatal"}"#, .badSeverity, "hint-verb"),
        (#"{"hint-verb": {"severity": 2}}"#, .badSeverity, "hint-verb"),
        (#"{"hint-verb": {"keys": "*.hint"}}"#, .badPattern, "hint-verb"),
        (#"{"hint-verb": {"keys": []}}"#, .badPattern, "hint-verb"),
        (#"{"hint-verb": {"keys": [""]}}"#, .badPattern, "hint-verb"),
        (#"{"hint-verb": {"keys": [1]}}"#, .badPattern, "hint-verb"),
        (#"{"hint-verb": {"key": ["*"]}}"#, .badShape, "hint-verb"),
        (#"{"hint-verb": true}"#, .badShape, "hint-verb"),
    ])
    func aBadRuleIsATypedErrorNamingIt(json: String, code: LintRuleSettings.Error.Code, rule: String) {
        let error = Self.error(json)
        #expect(error?.code == code)
        #expect(error?.rule == rule)
    }

    @Test func rulesMustBeAnObject() {
        #expect(Self.error(#"["hint-verb"]"#)?.code == .badShape)
        #expect(Self.error(#"["hint-verb"]"#)?.rule == nil)
    }

    @Test func badFlagsAreTypedErrors() {
        var settings = LintRuleSettings()
        #expect(throws: LintRuleSettings.Error.self) { try settings.set(flag: "hint-verb") }
        #expect(throws: LintRuleSettings.Error.self) { try settings.set(flag: "nope=off") }
        #expect(throws: LintRuleSettings.Error.self) { try settings.set(flag: "hint-verb=Warning") }
        #expect(throws: LintRuleSettings.Error.self) { try settings.set(flag: "=off") }
    }

    @Test func patternsLongerThanTheLimitAreRefused() {
        let huge = String(repeating: "*a", count: 10_000)
        #expect(Self.error(#"{"hint-verb": {"keys": ["# + "\"\(huge)\"" + "]}}")?.code == .badPattern)
        #expect(LintPattern(String(repeating: "a", count: LintPattern.maximumLength)) != nil)
        #expect(LintPattern(String(repeating: "a", count: LintPattern.maximumLength + 1)) == nil)
    }

    @Test func tooManyPatternsAreRefused() {
        let many = Array(repeating: "\"*\"", count: LintRuleSettings.maximumPatterns + 1).joined(separator: ",")
        #expect(Self.error(#"{"hint-verb": {"keys": ["# + many + "]}}")?.code == .badPattern)
    }
}
