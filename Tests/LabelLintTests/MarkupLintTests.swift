import Foundation
import LabelCore
import Testing
@testable import LabelLint

/// The inline-attribute rules: `markup-malformed`, `markup-value-type`, `ipa-characters`,
/// `markup-lost`, `inflect-not-english`; and the wording rules reading the text as spoken.
struct MarkupLintTests {
    /// Lints a store of one `Localizable.strings` per language holding `values`' keys.
    static func lint(_ tables: [String: [String: String]]) throws -> LintReport {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("lint-markup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        for (language, values) in tables {
            let folder = store.appendingPathComponent("app/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let text = values.keys.sorted().map { "\"\($0)\" = \"\(values[$0]!)\";\n" }.joined()
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        return Linter(configuration: StoreConfiguration(directory: store.path, bundles: ["app"])).run()
    }

    static func rules(_ report: LintReport) -> [LintRule] { report.findings.map(\.rule) }

    @Test(arguments: ["ˈmʏrən", "ˈtsyːrɪç", "həˈloʊ", "t͡ʃɪp", "ɐ̃w̃", "pãw", "ʔa.ˈba|ka", "ᵻ", "ðə θɪŋ", "χœʁ", "kǃa"])
    func ipaInItsBlocksPasses(_ text: String) {
        #expect(IPANotation.firstForeignCharacter(in: text) == nil, "\(text)")
    }

    @Test(arguments: [("'tsy:rIc", "'"), ("MUE-ren", "-"), ("ka1", "1"), ("ab:c", ":"), ("мир", "м"), ("a,b", ",")])
    func charactersOutsideIPAAreNamed(_ text: String, _ first: String) {
        #expect(IPANotation.firstForeignCharacter(in: text) == first.unicodeScalars.first, "\(text)")
    }

    @Test func aPhoneticNotationOutsideIPAIsAnError() throws {
        let report = try Self.lint(["en": ["city.label": #"^[Zürich](accessibilitySpeechPhoneticNotation: \"tsy:rIc\")"#]])
        #expect(Self.rules(report) == [.ipaCharacters])
        #expect(report.findings.first?.severity == .error)
        #expect(report.findings.first?.message.contains("U+003A") == true)
    }

    @Test func malformedMarkupCarriesTheParsersCode() throws {
        let report = try Self.lint(["en": ["a.label": #"Tap ^[here](inflect: true"#]])
        #expect(Self.rules(report) == [.markupMalformed])
        #expect(report.findings.first?.severity == .error)
        #expect(report.findings.first?.message.hasPrefix(InlineMarkupProblem.Kind.unterminatedAttributes.code) == true)
    }

    @Test(arguments: [#"^[Tap](inflect: \"yes\")"#, #"^[Tap](accessibilityHeadingLevel: 9)"#,
                      #"^[Tap](accessibilitySpeechAdjustedPitch: true)"#, #"^[Tap](languageIdentifier: \"not a tag\")"#,
                      #"^[Tap](accessibilitySpeechSpellsOutCharacters: 1)"#])
    func aValueOfTheWrongTypeIsAnError(_ value: String) throws {
        let report = try Self.lint(["en": ["a.label": value]])
        #expect(Self.rules(report) == [.markupValueType], "\(value)")
        #expect(report.findings.first?.severity == .error)
    }

    @Test func wellTypedAndUnknownAttributesPass() throws {
        let value = #"^[Tap](inflect: true, accessibilityHeadingLevel: 2, accessibilitySpeechAdjustedPitch: 0.8, languageIdentifier: \"de-CH\", myOwnName: \"x\")"#
        let report = try Self.lint(["en": ["a.label": value]])
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test func aTranslationThatLostARunIsWarned() throws {
        let report = try Self.lint([
            "en": ["city.label": #"Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\", languageIdentifier: \"de\")"#],
            "fr": ["city.label": #"Visitez ^[Mürren](languageIdentifier: \"de\")"#],
            "de": ["city.label": #"Besuche ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\", languageIdentifier: \"de\")"#],
        ])
        #expect(Self.rules(report) == [.markupLost])
        #expect(report.findings.first?.language?.rawValue == "fr")
        #expect(report.findings.first?.severity == .warning)
        #expect(report.findings.first?.message.contains("accessibilitySpeechPhoneticNotation") == true)
    }

    @Test func inflectOutsideEnglishWarnsThatOnlyApplePlatformsInflect() throws {
        let report = try Self.lint([
            "en": ["tasks.label": "^[%lld Task](inflect: true)"],
            "en-GB": ["tasks.label": "^[%lld Task](inflect: true)"],
            "de": ["tasks.label": "^[%lld Aufgabe](inflect: true)"],
        ])
        #expect(Self.rules(report) == [.inflectNotEnglish])
        #expect(report.findings.first?.language?.rawValue == "de")
    }

    @Test func wordingRulesReadTheTextWithoutMarkup() throws {
        let report = try Self.lint(["en": ["city.label": #"^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\")"#,
                                           "low.label": #"^[mürren](languageIdentifier: \"de\")"#]])
        #expect(Self.rules(report) == [.labelCapitalization])
        #expect(report.findings.first?.key == "low.label")
        #expect(report.findings.first?.message.contains("^[") == false)
    }

    @Test func markupRulesCanBeTurnedOffById() throws {
        var settings = LintRuleSettings()
        settings[.inflectNotEnglish] = LintRuleSettings.Rule(level: .off)
        let findings = [LintFinding(rule: .inflectNotEnglish, file: "f", line: 1, key: "k", message: "m")]
        #expect(settings.apply(to: findings).isEmpty)
        #expect(LintRule(rawValue: "ipa-characters") == .ipaCharacters)
        #expect(LintRule(rawValue: "markup-lost") == .markupLost)
    }
}
