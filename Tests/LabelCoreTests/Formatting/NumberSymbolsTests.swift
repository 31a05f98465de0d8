import Foundation
import Testing
@testable import LabelCore

@Suite struct NumberSymbolsTests {
    private func grouped(_ number: UInt64, _ language: String) -> String {
        var output = ""
        NumberSymbols.forLanguage(language).appendGroupedDigits(Array(String(number).utf8), to: &output)
        return output
    }

    @Test func germanUsesDotForThousandsAndCommaForDecimals() {
        let symbols = NumberSymbols.forLanguage("de")
        #expect(symbols.groupingSeparator == ".")
        #expect(symbols.decimalSeparator == ",")
        #expect(symbols.primaryGroupingSize == 3)
        #expect(symbols.minusSign == "-")
        #expect(symbols.zeroDigit == "0")
        #expect(grouped(1000, "de") == "1.000")
    }

    @Test func englishUsesCommaForThousandsAndDotForDecimals() {
        let symbols = NumberSymbols.forLanguage("en")
        #expect(symbols.groupingSeparator == ",")
        #expect(symbols.decimalSeparator == ".")
        #expect(grouped(1_234_567, "en") == "1,234,567")
    }

    @Test func frenchGroupsWithANarrowNoBreakSpace() {
        #expect(NumberSymbols.forLanguage("fr").groupingSeparator == "\u{202F}")
        #expect(grouped(1000, "fr") == "1\u{202F}000")
    }

    @Test func spanishAndPolishLeaveFourDigitNumbersUngrouped() {
        for language in ["es", "pl"] {
            #expect(NumberSymbols.forLanguage(language).minimumGroupingDigits == 2)
            #expect(grouped(1000, language) == "1000")
        }
        #expect(grouped(10000, "es") == "10.000")
        #expect(grouped(10000, "pl") == "10\u{00A0}000")
    }

    @Test func hindiAndIndianEnglishGroupInTwosAboveTheThousands() {
        for language in ["hi", "en-IN"] {
            let symbols = NumberSymbols.forLanguage(language)
            #expect(symbols.primaryGroupingSize == 3)
            #expect(symbols.secondaryGroupingSize == 2)
            #expect(grouped(100_000, language) == "1,00,000")
            #expect(grouped(1_234_567, language) == "12,34,567")
        }
    }

    @Test func arabicFollowsFoundationLatinDigitsForArAndArabicIndicForEgypt() {
        // Foundation on Linux (ICU/CLDR) gives `ar` the `latn` numbering system and
        // `ar-EG` the `arab` one; the formatter follows it.
        #expect(NumberSymbols.forLanguage("ar").zeroDigit == "0")
        let egypt = NumberSymbols.forLanguage("ar-EG")
        #expect(egypt.zeroDigit == "\u{0660}")
        #expect(egypt.decimalSeparator == "\u{066B}")
        #expect(grouped(1000, "ar-EG") == "\u{0661}\u{066C}\u{0660}\u{0660}\u{0660}")
    }

    @Test func swedishUsesTheRealMinusSign() {
        #expect(NumberSymbols.forLanguage("sv").minusSign == "\u{2212}")
    }

    @Test func posixSymbolsDoNotGroup() {
        var output = ""
        NumberSymbols.posix.appendGroupedDigits(Array("1234567".utf8), to: &output)
        #expect(output == "1234567")
    }

    @Test func groupingMatchesFoundationStringFormatAcrossLocales() {
        let languages = ["de", "en", "fr", "es", "pl", "hi", "en-IN", "ar", "ar-EG", "fa", "de-CH",
                         "pt-PT", "sv", "ru", "ja", "zh-Hans", "it", "nl", "bn", "ne", "my"]
        let numbers: [Int] = [0, 7, 999, 1000, 9999, 10000, 123_456, 1_234_567, 987_654_321_012, -1000, -5]
        for language in languages {
            let locale = Locale(identifier: language)
            let symbols = NumberSymbols.forLanguage(language)
            for number in numbers {
                var ours = number < 0 ? symbols.minusSign : ""
                symbols.appendGroupedDigits(Array(String(number.magnitude).utf8), to: &ours)
                let foundation = String(format: "%ld", locale: locale, number)
                #expect(ours == foundation, "\(language) \(number)")
            }
        }
    }

    @Test func concurrentLookupsAgree() async {
        let results = await withTaskGroup(of: NumberSymbols.self) { group in
            for _ in 0..<32 { group.addTask { NumberSymbols.forLanguage("nb") } }
            var all: [NumberSymbols] = []
            for await symbols in group { all.append(symbols) }
            return all
        }
        #expect(Set(results).count == 1)
    }
}
