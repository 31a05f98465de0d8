import TestSupport
import Testing
@testable import LabelCore

/// Rendering a store entry walks its tokenized texts (``FormatTokenTable``) and takes
/// its language's rules and symbols from ``LanguageFormatting``: the result must be the
/// one of rendering the same string from its text by language name.
@Suite struct CompiledRenderingTests {
    private func outcome(_ body: () throws(FormatError) -> RenderedLabel) -> Result<RenderedLabel, FormatError> {
        Result { () throws(FormatError) in try body() }
    }

    @Test func tokenizedTextsRenderAsTheTextsThemselves() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let alphabet = Array("%%%%%$#@@.0123456789-+ 'lhqLzjtdiuoxXfFeEgGaAcCsSkä€😀\n")
        let argumentPool = ["3", "1", "0", "-12", "1234567", "1.5", "x", "ä", "", "007", "2.0", "1e3"]
        for _ in 0..<3000 {
            let length = Int(generator.next() % 24)
            let input = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let variables = ["x": PluralVariable(valueType: "d", variants: [.one: input + " %d", .other: "%d " + input]),
                             "y": PluralVariable(variants: [.zero: "nichts", .other: "%@ und %#@x@ " + input])]
            let strings = [LocalizedString(template: input),
                           LocalizedString(template: "%#@x@ " + input, variables: variables),
                           LocalizedString(template: input + "%#@y@ — %d", variables: variables),
                           LocalizedString(template: "Schatzkiste, %d Münzen, 100%% von %@ " + input)]
            let arguments = (0..<4).map { _ in argumentPool[Int(generator.next() % UInt64(argumentPool.count))] }
            let language = ["de", "ar", "fr-CH", "ru"][Int(generator.next() % 4)]
            for string in strings {
                let plain = outcome { () throws(FormatError) in
                    try LabelFormatter.render(string, arguments: arguments, language: language)
                }
                let tokenized = outcome { () throws(FormatError) in
                    try LabelFormatter.render(string, arguments: arguments, language: language,
                                              tokens: FormatTokenTable(string))
                }
                #expect(plain == tokenized, "\(string) \(arguments) \(language)")
            }
        }
    }

    @Test func undefinedAndManyVariablesRenderAsFromTheText() throws {
        var variables: [String: PluralVariable] = [:]
        for index in 0..<6 {
            variables["v\(index)"] = PluralVariable(valueType: "d", variants: [.one: "%d eins\(index)", .other: "%d viele\(index)"])
        }
        let templates = ["%#@nope@ %1$#@nope@ %#@v0@", "%#@v5@ %#@v1@ %#@v3@ %2$#@v4@ %#@nope@!"]
        for template in templates {
            for count in [2, 6] {
                let string = LocalizedString(template: template, variables: Dictionary(uniqueKeysWithValues:
                    variables.sorted { $0.key < $1.key }.prefix(count).map { ($0.key, $0.value) }))
                let arguments = ["1", "3", "1", "5", "2"]
                let plain = outcome { () throws(FormatError) in
                    try LabelFormatter.render(string, arguments: arguments, language: "de")
                }
                let tokenized = outcome { () throws(FormatError) in
                    try LabelFormatter.render(string, arguments: arguments, language: "de", tokens: FormatTokenTable(string))
                }
                #expect(plain == tokenized, "\(template) \(count)")
            }
        }
        let undefined = LocalizedString(template: "%#@nope@ %1$#@nope@ %#@v0@", variables: ["v0": variables["v0"]!])
        let label = try LabelFormatter.render(undefined, arguments: ["1"], language: "de", tokens: FormatTokenTable(undefined))
        #expect(label.value == "%#@nope@ %1$#@nope@ 1 eins0")
    }

    @Test func aLanguagesRememberedNumberLocaleAndSymbolsAreTheLookedUpOnes() {
        let requests: [LanguageTag?] = ["de", "de", "de-CH", "en", nil, "de-CH", "fr-CA", "ar-EG", "de", "en-IN", "de-AT"]
            .map { $0.flatMap { LanguageTag($0) } }
        let coins = PluralVariable(valueType: "d", variants: [.one: "%d Münze", .other: "%d Münzen"])
        let strings = [LocalizedString(template: "%#@coins@", variables: ["coins": coins]),
                       LocalizedString(template: "%d von %ld, %.1f %@")]
        for language in ["de", "en", "ar", "fr", "ru"] {
            let tag = LanguageTag(language)!
            let formatting = LanguageFormatting.forLanguage(tag)
            #expect(formatting === LanguageFormatting.forLanguage(tag))
            #expect(formatting.pluralRules.locale == PluralRules.forLanguage(language).locale)
            for round in 0..<2 {
                for requested in requests {
                    let numbers = formatting.numberChoice(requested: requested)
                    let locale = numbers.locale
                    #expect(locale == NumberLocale.locale(requested: requested, valueLanguage: tag))
                    #expect(numbers.requested == requested)
                    let filled = formatting.withSymbols(numbers)
                    #expect(filled.locale == locale && filled.requested == requested)
                    #expect(filled.symbols == NumberSymbols.forLanguage(locale.rawValue))
                    for string in strings {
                        for count in ["1", "3", "1234567", "-2"] {
                            let arguments = [count, "1000", "2.5", "x"]
                            let byName = outcome { () throws(FormatError) in
                                try LabelFormatter.render(string, arguments: arguments, language: language,
                                                          numberLocale: locale.rawValue)
                            }
                            let remembered = outcome { () throws(FormatError) in
                                try LabelFormatter.render(string, arguments: arguments, formatting: formatting,
                                                          numbers: formatting.numberChoice(requested: requested),
                                                          tokens: FormatTokenTable(string))
                            }
                            #expect(byName == remembered, "\(language) \(String(describing: requested)) \(round)")
                        }
                    }
                }
            }
        }
    }
}
