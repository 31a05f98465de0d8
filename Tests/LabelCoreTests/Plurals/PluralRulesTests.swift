import Foundation
import Testing
import LabelCore

/// The CLDR samples from `Fixtures/plural-samples.tsv`, generated with the rule table.
private enum PluralSampleFixture {
    struct Sample: Sendable {
        let category: PluralCategory
        let written: String
        let line: Int
    }

    /// Samples by CLDR locale id; empty if the fixture cannot be read (a test checks it is not).
    static let samplesByLocale: [String: [Sample]] = load()

    static var locales: [String] { samplesByLocale.keys.sorted() }

    private static func load() -> [String: [Sample]] {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
              let text = try? String(contentsOf: folder.appending(path: "plural-samples.tsv"), encoding: .utf8)
        else { return [:] }
        var result: [String: [Sample]] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let category = fields.count == 3 ? PluralCategory(rawValue: String(fields[1])) : nil
            // A malformed line becomes a sample that cannot parse, so the test reports it.
            let written = category == nil ? "malformed line" : String(fields[2])
            result[String(fields[0]), default: []].append(
                Sample(category: category ?? .other, written: written, line: index + 1))
        }
        return result
    }
}

private func category(_ tag: String, _ written: String) -> PluralCategory? {
    PluralOperands(written).map { PluralRules.forLanguage(tag).category(for: $0) }
}

@Test func sampleFixtureCoversEveryCLDRLocaleAndSample() {
    let samples = PluralSampleFixture.samplesByLocale
    #expect(samples.count == 224, "CLDR 48 has 224 locales")
    #expect(samples.values.reduce(0) { $0 + $1.count } == 12_396)
}

@Test(arguments: PluralSampleFixture.locales)
func everyCLDRSampleOfTheLocaleGetsItsCategory(locale: String) {
    let rules = PluralRules.forLanguage(locale)
    #expect(rules.locale == locale)
    for sample in PluralSampleFixture.samplesByLocale[locale] ?? [] {
        guard let operands = PluralOperands(sample.written) else {
            Issue.record("\(locale): sample \(sample.written) (fixture line \(sample.line)) does not parse")
            continue
        }
        let got = rules.category(for: operands)
        #expect(got == sample.category,
                "\(locale): sample \(sample.written) expected \(sample.category), got \(got)")
    }
}

@Test(arguments: PluralSampleFixture.locales)
func localeCategoriesAreThoseCLDRGivesSamplesFor(locale: String) {
    let fromSamples = Set((PluralSampleFixture.samplesByLocale[locale] ?? []).map(\.category))
    #expect(PluralRules.forLanguage(locale).categories == fromSamples.sorted())
}

@Test func germanOneIsOnlyForTheInteger1() {
    #expect(category("de", "1") == .one)
    #expect(category("de", "-1") == .one)
    #expect(PluralRules.forLanguage("de").category(for: PluralOperands(1)) == .one)
    #expect(category("de", "1.0") == .other)
    #expect(category("de", "0") == .other)
    #expect(category("de", "2") == .other)
    #expect(category("de", "0.5") == .other)
}

@Test func portugalPortugueseHasItsOwnRulesUnlikePortuguese() {
    #expect(PluralRules.forLanguage("pt").locale == "pt")
    #expect(PluralRules.forLanguage("pt-PT").locale == "pt-PT")
    // pt: `i = 0..1`; pt-PT: `i = 1 and v = 0`.
    #expect(category("pt", "0") == .one)
    #expect(category("pt-PT", "0") == .other)
    #expect(category("pt", "1.5") == .one)
    #expect(category("pt-PT", "1.5") == .other)
    #expect(category("pt", "1") == .one)
    #expect(category("pt-PT", "1") == .one)
    // Brazil is not in CLDR's list, so it takes pt's rules.
    #expect(PluralRules.forLanguage("pt-BR").locale == "pt")
}

@Test func regionalTagWithoutOwnRulesUsesItsLanguage() {
    #expect(PluralRules.forLanguage("de-AT").locale == "de")
    #expect(PluralRules.forLanguage("de-CH-1996").locale == "de")
    #expect(PluralRules.forLanguage("zh-Hant-TW").locale == "zh")
    #expect(PluralRules.forLanguage("kok-Latn-IN").locale == "kok-Latn")
}

@Test func tagMatchingIgnoresCaseAndAcceptsUnderscores() {
    #expect(PluralRules.forLanguage("DE_at").locale == "de")
    #expect(PluralRules.forLanguage("PT_pt").locale == "pt-PT")
    #expect(PluralRules.forLanguage("KOK_latn").locale == "kok-Latn")
}

@Test func unknownLanguageUsesRootWhereEverythingIsOther() {
    for tag in ["xx", "", "-", "xx-DE"] {
        let rules = PluralRules.forLanguage(tag)
        #expect(rules.locale == "und")
        #expect(rules.categories == [.other])
        #expect(rules.category(for: PluralOperands(1)) == .other)
    }
}

@Test func categoryListsAreInCLDROrderAndEndWithOther() {
    #expect(PluralRules.forLanguage("ru").categories == [.one, .few, .many, .other])
    #expect(PluralRules.forLanguage("pl").categories == [.one, .few, .many, .other])
    #expect(PluralRules.forLanguage("ar").categories == [.zero, .one, .two, .few, .many, .other])
    #expect(PluralRules.forLanguage("en").categories == [.one, .other])
    #expect(PluralRules.forLanguage("ja").categories == [.other])
}

@Test func russianAndPolishDistinguishFewAndMany() {
    #expect(category("ru", "21") == .one)
    #expect(category("ru", "11") == .many)
    #expect(category("ru", "22") == .few)
    #expect(category("ru", "1.5") == .other)
    #expect(category("pl", "22") == .few)
    #expect(category("pl", "21") == .many)
    #expect(category("pl", "1") == .one)
}

@Test func compactExponentDecidesFrenchMany() {
    #expect(category("fr", "1000000") == .many)
    #expect(category("fr", "1c6") == .many)
    #expect(category("fr", "1.5c6") == .many)
    #expect(category("fr", "1c3") == .other)
    #expect(category("fr", "1.5") == .one)
}
