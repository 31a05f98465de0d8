import LabelCore
import Testing
@testable import LabelAndroid

private func plural(_ template: String, _ variants: [PluralCategory: String], valueType: String = "d") -> LocalizedString {
    LocalizedString(template: template, variables: ["n": PluralVariable(valueType: valueType, variants: variants)])
}

private func items(_ value: AndroidValue?) -> [String: String] {
    guard case .plurals(let items, _)? = value else { return [:] }
    return Dictionary(uniqueKeysWithValues: items.map { ($0.0.rawValue, $0.1) })
}

@Test func eachItemIsTheWholeSentence() throws {
    let string = plural("%#@n@ gesammelt", [.one: "%d Münze", .other: "%d Münzen"])
    let conversion = AndroidConverter.convert(string, language: try #require(LanguageTag("de")))
    #expect(items(conversion.value) == ["one": "%,d Münze gesammelt", "other": "%,d Münzen gesammelt"])
    #expect(conversion.problems.isEmpty)
}

@Test func positionalArgumentsAroundTheVariableKeepTheirNumbers() throws {
    let string = plural("%2$@ has %1$#@n@", [.one: "%d file", .other: "%d files"])
    let conversion = AndroidConverter.convert(string, language: try #require(LanguageTag("en")))
    #expect(items(conversion.value) == ["one": "%2$s has %1$,d file", "other": "%2$s has %1$,d files"])
}

@Test func missingCategoriesAreReportedNeverFilled() throws {
    let string = plural("%#@n@", [.one: "%d монета", .other: "%d монет"])
    let conversion = AndroidConverter.convert(string, language: try #require(LanguageTag("ru")))
    #expect(Set(items(conversion.value).keys) == ["one", "other"])
    #expect(conversion.problems.map(\.category) == [.few, .many])
    #expect(conversion.problems.allSatisfy { $0.reason == .missingPluralCategory })
}

@Test func appleZeroWithoutACLDRZeroIsReportedAndLeftOut() throws {
    let string = plural("%#@n@", [.zero: "no coins", .one: "%d coin", .other: "%d coins"])
    let english = AndroidConverter.convert(string, language: try #require(LanguageTag("en")))
    #expect(items(english.value)["zero"] == nil)
    #expect(english.problems.map(\.reason) == [.zeroNotExpressible])
    let latvian = AndroidConverter.convert(string, language: try #require(LanguageTag("lv")))
    #expect(items(latvian.value)["zero"] == "no coins")
    #expect(latvian.problems.isEmpty)
}

@Test func twoPluralVariablesAreRefused() throws {
    let string = LocalizedString(template: "%#@a@ in %#@b@", variables: [
        "a": PluralVariable(valueType: "d", variants: [.one: "%d file", .other: "%d files"]),
        "b": PluralVariable(valueType: "d", variants: [.one: "%d folder", .other: "%d folders"]),
    ])
    let conversion = AndroidConverter.convert(string, language: try #require(LanguageTag("en")))
    #expect(conversion.value == nil)
    #expect(conversion.problems.map(\.reason) == [.twoPluralVariables])
}

@Test func aVariableWithOneTextForEveryCategoryIsAPlainString() throws {
    let string = plural("%#@n@ joined", [.one: "%@", .other: "%@"], valueType: "@")
    let conversion = AndroidConverter.convert(string, language: try #require(LanguageTag("en")))
    #expect(conversion.value == .string("%s joined", formatted: true))
}

@Test func aPercentInAPluralItemIsDoubled() throws {
    let string = plural("%#@n@ at 100%%", [.one: "%d coin", .other: "%d coins"])
    let conversion = AndroidConverter.convert(string, language: try #require(LanguageTag("en")))
    #expect(items(conversion.value)["other"] == "%,d coins at 100%%")
}
