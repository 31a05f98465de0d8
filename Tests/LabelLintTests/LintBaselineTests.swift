import Foundation
import LabelCore
import Testing
@testable import LabelLint

/// `--write-baseline` / `--baseline`: what identifies a finding, the file's shape, and
/// files that cannot be used.
struct LintBaselineTests {
    static func copy(_ store: String) throws -> String {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("lint-baseline-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: store, toPath: target)
        return target
    }

    static func roundTrip(_ baseline: LintBaseline) throws -> LintBaseline { try LintBaseline.read(baseline.json()) }

    @Test func aWrittenBaselineHidesEveryFindingOfTheSameStore() throws {
        let report = LintRuleSettingsTests.lint(LintStores.duckduckgo)
        let baseline = try Self.roundTrip(LintBaseline(findings: report.findings))
        #expect(baseline.entries.count == report.findings.count)
        let result = baseline.filter(LintRuleSettingsTests.lint(LintStores.duckduckgo).findings)
        #expect(result.new.isEmpty)
        #expect(result.baselined == report.findings.count)
    }

    @Test func theFileIsSortedWithOneFindingPerLine() throws {
        let report = LintRuleSettingsTests.lint(LintStores.duckduckgo)
        let text = String(decoding: LintBaseline(findings: report.findings.reversed()).json(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == report.findings.count + 5)
        #expect(lines.first == "{")
        #expect(lines[1] == "  \"version\": 1,")
        #expect(lines[3].hasPrefix("    {\"rule\":"))
        #expect(text == String(decoding: LintBaseline(findings: report.findings).json(), as: UTF8.self), "order-independent")
        #expect(String(decoding: LintBaseline(findings: []).json(), as: UTF8.self) == "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
    }

    @Test func aFindingSurvivesUnrelatedEditsButNotAChangedValue() throws {
        let store = try Self.copy(LintStores.duckduckgo)
        defer { try? FileManager.default.removeItem(atPath: store) }
        let baseline = LintBaseline(findings: LintRuleSettingsTests.lint(store).findings)
        let german = store + "/app/de.lproj/Localizable.strings"
        var text = try String(contentsOfFile: german, encoding: .utf8)
        // Lines move (a comment at the top), another key changes, one flagged value changes.
        text = "/* moved */\n/* down */\n" + text
        text = text.replacingOccurrences(of: "\"Tippen, um Privatsphäre-Dashboard zu öffnen\"",
                                          with: "\"Tippen, um das Privatsphäre-Dashboard zu öffnen\"")
        text = text.replacingOccurrences(of: "\"action.title.add\" = \"Hinzufügen\";", with: "\"action.title.add\" = \"Neu\";")
        try text.write(toFile: german, atomically: true, encoding: .utf8)
        let result = baseline.filter(LintRuleSettingsTests.lint(store).findings)
        #expect(result.new.map { "\($0.key ?? "") \($0.rule.rawValue)" } == ["privacy.icon.hint hint-period"])
        #expect(result.baselined == baseline.entries.count - 1)
    }

    @Test func aBaselineOfAnotherStoreHidesNothing() {
        let baseline = LintBaseline(findings: LintRuleSettingsTests.lint(LintStores.duckduckgo).findings)
        let report = LintRuleSettingsTests.lint(LintStores.seeded, maximumWords: 7)
        let result = baseline.filter(report.findings)
        #expect(result.baselined == 0)
        #expect(result.new == report.findings)
    }

    @Test func oneEntryCoversOneFinding() {
        let finding = LintFinding(rule: .emptyValue, file: "app/de.lproj/Localizable.strings", line: 1, key: "a", message: "empty")
        let result = LintBaseline(findings: [finding]).filter([finding, finding])
        #expect(result.new.count == 1)
        #expect(result.baselined == 1)
    }

    @Test func theFingerprintIgnoresNumbersInMessagesButNotTheValue() {
        let a = LintBaseline.fingerprint(value: "x", message: "line 12, column 3")
        #expect(a == LintBaseline.fingerprint(value: "x", message: "line 140, column 7"))
        #expect(a != LintBaseline.fingerprint(value: "y", message: "line 12, column 3"))
        #expect(a != LintBaseline.fingerprint(value: "x", message: "line 12; column 3"))
        #expect(LintBaseline.fingerprint(value: nil, message: "") == "af63bd4c8601b7df", "FNV-1a of one NUL byte")
    }

    @Test(arguments: [
        ("", "not JSON"),
        ("[]", "top level"),
        (#"{"version": 2, "findings": []}"#, "version"),
        (#"{"version": 1}"#, "findings"),
        (#"{"version": 1, "findings": [], "store": "x"}"#, "unknown member"),
        (#"{"version": 1, "findings": [1]}"#, "findings[0]"),
        (#"{"version": 1, "findings": [{"rule": "nope", "fingerprint": "0000000000000000"}]}"#, "findings[0].rule"),
        (#"{"version": 1, "findings": [{"rule": "empty-value", "fingerprint": "xyz"}]}"#, "findings[0].fingerprint"),
        (#"{"version": 1, "findings": [{"rule": "empty-value", "fingerprint": "0000000000000000", "key": 3}]}"#, "findings[0].key"),
        (#"{"version": 1, "findings": [{"rule": "empty-value", "fingerprint": "0000000000000000", "line": 3}]}"#, "unknown member"),
    ])
    func aCorruptBaselineSaysWhy(text: String, reason: String) {
        #expect(throws: LintBaseline.ReadError.self) { try LintBaseline.read(Array(text.utf8)) }
        do {
            _ = try LintBaseline.read(Array(text.utf8))
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func missingMembersReadAsNull() throws {
        let text = #"{"version": 1, "findings": [{"rule": "parse-error", "fingerprint": "0123456789abcdef"}]}"#
        let baseline = try LintBaseline.read(Array(text.utf8))
        #expect(baseline.entries == [LintBaseline.Entry(rule: "parse-error", bundle: nil, table: nil, language: nil, key: nil,
                                                        fingerprint: "0123456789abcdef")])
    }
}
