import Foundation
import Testing
@testable import LabelCore

/// Numbers follow the user's locale (language and region), as `localizedStringWithFormat`
/// with `Locale.current` on a device. Expected values: corelibs Foundation's
/// `String(format:locale:)` on this machine.
@Suite struct NumberLocaleTests {
    let resolver: LabelResolver

    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UUID().uuidString)")
        let files: [(String, String)] = [
            ("de", #""coins" = "%d Münzen"; "liters" = "%.1f Liter"; "sci" = "%e";"#),
            ("en", #""coins" = "%d coins"; "only.en" = "%d items"; "liters" = "%.1f liters";"#),
            ("ar", #""items" = "%d عناصر";"#),
        ]
        for (folder, text) in files {
            let directory = root.appendingPathComponent("app/\(folder).lproj")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appendingPathComponent("Localizable.strings"))
        }
        resolver = LabelResolver(catalog: try TestStores.load(root.path).catalog)
        try? FileManager.default.removeItem(at: root)
    }

    private func render(_ key: String, _ lang: String, _ argument: String) throws -> ResolvedLabel {
        try resolver.label(key: key, table: "Localizable", chain: resolver.chain(preferred: [LanguageTag(lang)!]),
                           arguments: [argument])
    }

    private func foundation(_ format: String, _ locale: String, _ value: any CVarArg) -> String {
        String(format: format, locale: Locale(identifier: locale), value)
    }

    @Test func theRequestedRegionFormatsNumbersOfItsLanguage() throws {
        let swiss = try render("coins", "de-CH", "1000")
        #expect(swiss.value == foundation("%d Münzen", "de-CH", 1000))
        #expect(swiss.value == "1\u{2019}000 Münzen")
        #expect(swiss.source == "app/de")
        #expect(swiss.numberLocale?.rawValue == "de-CH")
        #expect(try render("liters", "de-CH", "4.5").value == foundation("%.1f Liter", "de-CH", 4.5))
        #expect(try render("liters", "de-CH", "4.5").value == "4.5 Liter")
        #expect(try render("coins", "en-IN", "1000000").value == foundation("%d coins", "en-IN", 1_000_000))
        #expect(try render("coins", "en-IN", "1000000").value == "10,00,000 coins")
        #expect(try render("sci", "de-CH", "1000000").value == foundation("%e", "de-CH", 1e6))
    }

    @Test func arabicInEgyptGetsArabicIndicDigitsFromArabicFolder() throws {
        let label = try render("items", "ar-EG", "1234567")
        #expect(label.source == "app/ar")
        #expect(label.value == foundation("%d عناصر", "ar-EG", 1_234_567))
        #expect(label.value.hasPrefix("\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066C}\u{0665}\u{0666}\u{0667}"))
        #expect(try render("items", "ar", "1234567").value == foundation("%d عناصر", "ar", 1_234_567))
    }

    @Test func theNumberingSystemExtensionIsHonoured() throws {
        #expect(try render("items", "ar-EG-u-nu-latn", "1234567").value == foundation("%d عناصر", "ar-EG-u-nu-latn", 1_234_567))
        #expect(try render("coins", "de-CH-u-nu-arab", "1000").value == foundation("%d Münzen", "de-CH-u-nu-arab", 1000))
        #expect(try render("coins", "de-CH-u-nu-arab", "1000").numberLocale?.rawValue == "de-CH-u-nu-arab")
    }

    @Test func aFallbackLanguageUsesTheUsersRegionLikeAnUnlocalizedApp() throws {
        // Apple: an app not localized into German runs in English; Locale.current is en_CH.
        let label = try render("only.en", "de-CH", "1000")
        #expect(label.source == "app/en")
        #expect(label.isMissing)
        #expect(label.numberLocale?.rawValue == "en-CH")
        #expect(label.value == foundation("%d items", "en_CH", 1000))
        #expect(label.value == "1'000 items")
        // No region in the request: the value's own language alone.
        #expect(try render("only.en", "fr", "1000").numberLocale?.rawValue == "en")
    }

    @Test func decisionDropsVariantsPrivateUseAndUnknownRegions() {
        let de = LanguageTag("de")!
        #expect(NumberLocale.locale(requested: LanguageTag("de-CH-1996-x-foo")!, valueLanguage: de).rawValue == "de-CH")
        #expect(NumberLocale.locale(requested: LanguageTag("de-QQ")!, valueLanguage: de).rawValue == "de")
        #expect(NumberLocale.locale(requested: LanguageTag("iw-IL")!, valueLanguage: LanguageTag("he")!).rawValue == "he-IL")
        #expect(NumberLocale.locale(requested: nil, valueLanguage: LanguageTag("pt-PT")!).rawValue == "pt-PT")
    }

    @Test func fiveThousandDistinctTagsDoNotGrowTheCaches() throws {
        let de = LanguageTag("de")!
        for index in 0..<5000 {
            let tag = LanguageTag("de-CH-x-\(String(index, radix: 36))")!
            #expect(NumberLocale.symbols(requested: tag, valueLanguage: de).groupingSeparator == "\u{2019}")
        }
        #expect(NumberLocale.cachedCount <= NumberLocale.cacheCapacity)
        #expect(NumberSymbols.cachedCount <= NumberSymbols.cacheCapacity)
    }
}
