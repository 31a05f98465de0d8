import Testing
@testable import LabelLint

/// Format templates (date patterns, specifier-only values) are not prose: the wording
/// rules skip them. Values from the corpus (Simplenote, DuckDuckGo, Home Assistant).
struct FormatTemplateTests {
    @Test(arguments: [
        "MMM d", "MMM d, h:mm a", "MMM d, yyyy", "MMM yyyy",  // simplenote en
        "d. MMM", "d. MMM H:mm", "d. MMM yyyy",  // simplenote de
        "%1$@, %2$@", "%@ / %@", "%@", "0.92.0", ".",  // duckduckgo, home-assistant, element
        "yyyy-MM-dd", "HH:mm:ss", "EEEE, d 'de' MMMM", "h:mm a", "%d%%",
    ])
    func aTemplateIsNotProse(value: String) {
        #expect(Linter.isFormatTemplate(value))
    }

    @Test(arguments: [
        "Add", "OK", "Hmm", "Version %@", "Copy link", "log in manually.", "tag:", "Don't", "'Hello'",
        "A day", "Mad", "yyyyyyy",
    ])
    func proseIsNotATemplate(value: String) {
        #expect(!Linter.isFormatTemplate(value))
    }

    @Test func aDateTemplateUnderALabelKeyIsNotHeldToTheLabelRules() throws {
        let directory = try LinterTests.store([
            "app/de.lproj/Localizable.strings": "\"date.short.label\" = \"d. MMM\";\n\"time.label\" = \"h:mm a\";\n",
        ])
        let report = LintRuleSettingsTests.lint(directory)
        #expect(report.findings.isEmpty, "\(report.findings)")
    }
}
