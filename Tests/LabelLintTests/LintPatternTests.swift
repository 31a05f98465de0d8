import Testing
@testable import LabelLint

/// Key and table patterns: `*` any run, `?` one character, the rest literal, case ignored.
struct LintPatternTests {
    static func matches(_ pattern: String, _ name: String) -> Bool { LintPattern(pattern)!.matches(name) }

    @Test func starAndQuestionMarkMatchTheWholeName() {
        #expect(Self.matches("*.label", "control.back.label"))
        #expect(Self.matches("*.label", ".label"))
        #expect(!Self.matches("*.label", "control.back.labels"))
        #expect(!Self.matches("*.label", "label"))
        #expect(Self.matches("control.?.label", "control.a.label"))
        #expect(!Self.matches("control.?.label", "control.ab.label"))
        #expect(Self.matches("*accessibilityLabel", "closeButtonAccessibilityLabel"))
        #expect(Self.matches("a*b*c", "aXbYbZc"))
        #expect(!Self.matches("a*b*c", "aXbYbZ"))
    }

    @Test func caseIsIgnored() {
        #expect(Self.matches("*.LABEL", "save.label"))
        #expect(Self.matches("localizable", "Localizable"))
        #expect(Self.matches("ÄRGER.*", "ärger.hint"))
    }

    @Test func hostilePatternsAreLiteralOrBounded() {
        #expect(Self.matches("***", "anything at all"))
        #expect(Self.matches("***", ""))
        #expect(Self.matches("[", "["))
        #expect(!Self.matches("[", "a"))
        #expect(Self.matches("[a-z]", "[A-Z]"), "no character classes: [ is literal, case ignored")
        #expect(Self.matches("\\*", "\\anything"), "no escapes: \\ is literal")
        #expect(LintPattern("") == nil)
        // The worst case for a backtracking matcher, at the longest pattern and a long key:
        // the two-pointer match is bounded by key × pattern length.
        let pattern = String(repeating: "*a", count: LintPattern.maximumLength / 2)
        let key = String(repeating: "a", count: 5_000) + "b"
        #expect(!Self.matches(pattern, key))
    }
}
