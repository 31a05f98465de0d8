import Foundation
import Testing
@testable import LabelCore

/// Numbers for request tags with regions and `-u-nu-` numbering systems, rendered by
/// the product (``NumberLocale`` then ``LabelFormatter``) and by Foundation's
/// `String(format:locale:)` on this machine, the oracle. Foundation gets an ICU-form
/// identifier the test builds itself (`th_TH@numbers=thai`): it traps on BCP 47 forms
/// such as `th-TH-u-nu-thai`, and on numbering systems ICU does not write as digits.
@Suite(.enabled(if: NumberSymbols.precomputedTableApplies, "Linux's Foundation is the oracle the tables come from"))
struct NumberLocaleDifferentialTests {
    static let format = "%d|%.2f|%ld|%+d|%05d"

    static func product(_ tag: String) throws -> String {
        let requested = try #require(LanguageTag(tag))
        let language = try #require(LanguageTag(LocaleParts(requested).language))
        let locale = NumberLocale.locale(requested: requested, valueLanguage: language)
        return try LabelFormatter.render(
            LocalizedString(template: format), arguments: ["1234567", "-1234.5", "-9876543210", "42", "-7"],
            language: language.rawValue, numberLocale: locale.rawValue
        ).value
    }

    static func foundation(_ icuIdentifier: String) -> String {
        String(format: format, locale: Locale(identifier: icuIdentifier), 1_234_567, -1234.5, -9_876_543_210, 42, -7)
    }

    static let languages = [
        "de", "fr", "en", "ar", "fa", "hi", "th", "zh", "ja", "es", "pt", "ru", "bn", "my", "ps", "ur", "he",
        "sv", "nb", "pl", "tr", "ko", "ta", "mr", "ne", "it", "nl", "sr", "uk", "el", "id", "vi", "sw", "am",
    ]
    static let regions = [
        "US", "GB", "CA", "DE", "CH", "AT", "FR", "BE", "IN", "EG", "SA", "MA", "IR", "AF", "PK", "TH", "CN",
        "TW", "HK", "JP", "MX", "ES", "BR", "PT", "RU", "RS", "ME", "NL", "SE", "NO", "PL", "TR", "KR", "IL",
        "419", "001", "AU", "NZ", "BD", "MM", "LI", "LU",
    ]

    @Test func languageRegionPairsWriteNumbersAsFoundationDoes() throws {
        var mismatches: [String] = []
        for language in Self.languages {
            for region in [nil] + Self.regions {
                let tag = region.map { "\(language)-\($0)" } ?? language
                let icu = region.map { "\(language)_\($0)" } ?? language
                let ours = try Self.product(tag)
                let theirs = Self.foundation(icu)
                if ours != theirs { mismatches.append("\(tag): \(ours) ≠ \(theirs)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(Self.languages.count * (Self.regions.count + 1)): \(mismatches.prefix(20))")
    }

    @Test func numberingSystemsWriteTheirDigitsAndSymbolsAsFoundationDoes() throws {
        let locales: [(tag: String, icu: String)] = [
            ("de", "de"), ("de-CH", "de_CH"), ("ar", "ar"), ("ar-EG", "ar_EG"), ("ar-MA", "ar_MA"), ("fa", "fa"),
            ("th-TH", "th_TH"), ("hi-IN", "hi_IN"), ("zh", "zh"), ("fr-CA", "fr_CA"), ("en", "en"), ("ps", "ps"),
            ("bn", "bn"), ("my", "my"), ("mr", "mr"), ("ja", "ja"), ("he", "he"), ("ur-IN", "ur_IN"),
        ]
        var mismatches: [String] = []
        var compared = 0
        for (tag, icu) in locales {
            for system in NumberingSystem.all.map(\.identifier) + ["latn"] {
                compared += 1
                let ours = try Self.product("\(tag)-u-nu-\(system)")
                let theirs = Self.foundation("\(icu)@numbers=\(system)")
                if ours != theirs { mismatches.append("\(tag)-u-nu-\(system): \(ours) ≠ \(theirs)") }
            }
        }
        #expect(compared > 1000)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(20))")
    }

    @Test func theIssuesTagsRenderTheirDigits() throws {
        #expect(try Self.product("th-TH-u-nu-thai").hasPrefix("๑,๒๓๔,๕๖๗|"))
        #expect(try Self.product("zh-u-nu-hanidec").hasPrefix("一,二三四,五六七|"))
        #expect(try Self.product("hi-IN-u-nu-deva").hasPrefix("१२,३४,५६७|"))
        #expect(try Self.product("de-u-nu-latn") == Self.foundation("de@numbers=latn"))
        #expect(try Self.product("ar-u-nu-arab") == Self.foundation("ar@numbers=arab"))
        // Unknown and algorithmic systems are ignored: the locale's own digits.
        #expect(try Self.product("fr-u-nu-xxxx") == Self.foundation("fr"))
        #expect(try Self.product("de-u-nu-roman") == Self.foundation("de"))
        #expect(try Self.product("ar-EG-u-nu-native") == Self.foundation("ar_EG"))
    }

    @Test func frenchInCanadaGroupsWithANoBreakSpace() throws {
        let canadian = try Self.product("fr-CA")
        #expect(canadian == Self.foundation("fr_CA"))
        #expect(canadian.hasPrefix("1\u{A0}234\u{A0}567|"))
        #expect(NumberLocale.locale(requested: LanguageTag("fr-CA"), valueLanguage: LanguageTag("fr")!).rawValue == "fr-CA")
    }
}
