import Foundation
import Testing
@testable import label_server

/// `label-server lint` as a CI gate: `--rule`, `--rules`, `--write-baseline` and
/// `--baseline` through the command's entry function, on a copy of a real app's store
/// (DuckDuckGo's en/de tables from the lint tests' fixtures). A class, so each test's
/// folder is removed when it ends (`deinit`).
@Suite final class LintCommandTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LabelLintTests/Fixtures")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("duckduckgo-store"),
                                         to: root.appendingPathComponent("store"))
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("simplenote-store"),
                                         to: root.appendingPathComponent("other"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var store: String { root.appendingPathComponent("store").path }
    var baseline: String { root.appendingPathComponent("lint-baseline.json").path }

    func lint(_ arguments: String...) -> Int32 { LintCommand.run([store, "--bundles", "app"] + arguments) }

    func write(_ text: String, to name: String) throws -> String {
        let path = root.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Appends an entry to the German table: a planted finding.
    func plant(_ line: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store + "/app/de.lproj/Localizable.strings"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(("\n" + line + "\n").utf8))
        try handle.close()
    }

    @Test func theAppFailsTodayOnItsDuplicateKeys() {
        #expect(lint() == 1)
        #expect(lint("--rule", "duplicate-key=warning") == 0)
        #expect(lint("--rule", "duplicate-key=warning", "--strict") == 1)
        #expect(lint("--rule", "duplicate-key=off", "--rule", "missing-key=off", "--rule", "hint-period=off",
                     "--rule", "hint-verb=off", "--rule", "control-type-word=off", "--rule", "reader-warning=off",
                     "--strict") == 0)
    }

    @Test func aRulesFileSetsSeverityAndScope() throws {
        let rules = try write(#"{"duplicate-key": {"severity": "warning", "tables": ["Localizable"]}}"#, to: "rules.json")
        #expect(lint("--rules", rules) == 0)
        // A flag wins over the file.
        #expect(lint("--rules", rules, "--rule", "duplicate-key=error") == 1)
    }

    @Test func badRulesAreUsageErrors() throws {
        #expect(lint("--rule", "hint-starts-with-verb=off") == 2)
        #expect(lint("--rule", "hint-verb=fatal") == 2)
        #expect(lint("--rule", "hint-verb") == 2)
        #expect(lint("--rules", root.appendingPathComponent("absent.json").path) == 2)
        #expect(lint("--rules", try write("{", to: "broken.json")) == 2)
        #expect(lint("--rules", try write(#"{"hint-verb": {"keys": ["["]}}"#, to: "bracket.json")) == 1, "[ is a literal pattern")
        #expect(lint("--rules", root.path) == 2, "a folder is not a rules file")
    }

    @Test func aBaselineRoundTripGatesOnlyNewFindings() throws {
        #expect(lint("--write-baseline", baseline) == 0)
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"version\": 1,\n  \"findings\": [\n"))
        #expect(lint("--baseline", baseline) == 0)
        #expect(lint("--baseline", baseline, "--strict") == 0)
        // A new warning passes unless --strict; a new error fails.
        try plant(#""planted.hint" = "Tippen, um das Dashboard zu öffnen";"#)
        #expect(lint("--baseline", baseline) == 0)
        #expect(lint("--baseline", baseline, "--strict") == 1)
        try plant(#""planted.label" = "";"#)
        #expect(lint("--baseline", baseline) == 1)
    }

    @Test func writingABaselineAgainRecordsTheNewFindings() throws {
        #expect(lint("--write-baseline", baseline) == 0)
        try plant(#""planted.label" = "";"#)
        #expect(lint("--baseline", baseline) == 1)
        #expect(lint("--baseline", baseline, "--write-baseline", baseline) == 1, "judged by the old baseline")
        #expect(lint("--baseline", baseline) == 0)
    }

    @Test func aBaselineNamedByTheConfigurationIsWrittenFirstThenGates() throws {
        // label-server.json names the baseline; the first run writes it (it does not exist yet).
        let configuration = try write(#"{"lint": {"baseline": "\#(baseline)"}}"#, to: "label-server.json")
        #expect(lint("--config", configuration, "--write-baseline", baseline) == 0)
        #expect(lint("--config", configuration) == 0)
        try plant(#""planted.label" = "";"#)
        #expect(lint("--config", configuration) == 1)
    }

    @Test func aMissingOrCorruptBaselineIsTwo() throws {
        #expect(lint("--baseline", root.appendingPathComponent("absent.json").path) == 2)
        #expect(lint("--baseline", try write("not json", to: "corrupt.json")) == 2)
        #expect(lint("--baseline", try write(#"{"version": 9, "findings": []}"#, to: "future.json")) == 2)
    }

    @Test func aBaselineOfAnotherStoreHidesNothing() throws {
        let other = root.appendingPathComponent("other").path
        #expect(LintCommand.run([other, "--bundles", "app", "--write-baseline", baseline]) == 0)
        #expect(lint("--baseline", baseline) == 1)
    }

    @Test func aBaselineThatCannotBeWrittenIsOne() {
        #expect(lint("--write-baseline", root.appendingPathComponent("no/such/folder/b.json").path) == 1)
    }
}
