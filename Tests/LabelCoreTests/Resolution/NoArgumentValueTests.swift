import Foundation
import Testing
import LabelCore

/// A value fetched with no arguments is returned as written when it takes none, as
/// `Bundle`'s lookup returns it (only a format call reads `%`): the Turkish
/// `%100 kesin` ("100 percent sure") was served as `1kesin`. A template that takes
/// arguments, fetched with none, still comes back unrendered with its count (SPEC §4).
@Suite struct NoArgumentValueTests {
    static var percentStore: String { TestStores.fixtures.appendingPathComponent("percent-store").path }

    let resolver: LabelResolver

    init() throws {
        resolver = LabelResolver(catalog: try TestStores.load(Self.percentStore).catalog)
    }

    func resolve(_ key: String, lang: String, _ arguments: [String] = []) throws -> ResolvedLabel {
        try resolver.label(key: key, table: "Localizable", chain: resolver.chain(preferred: [LanguageTag(lang)!]),
                           arguments: arguments)
    }

    @Test func aLiteralPercentWithNoArgumentsIsTheValueAsWritten() throws {
        let turkish = try resolve("confidence.sure", lang: "tr")
        #expect(turkish.value == "%100 kesin")
        #expect(turkish.arguments == nil)
        #expect(try resolve("confidence.sure", lang: "en").value == "100%% sure")
    }

    @Test func argumentsGivenAreFormattedInAsStringFormatWould() throws {
        // The given arguments decide that a format call happens: `%%` prints `%`.
        #expect(try resolve("confidence.sure", lang: "en", ["3"]).value
                == String(format: "100%% sure", locale: Locale(identifier: "en"), arguments: [3]))
        #expect(try resolve("confidence.sure", lang: "en", ["3"]).value == "100% sure")
        // `%100 k` is an invalid sequence to CF: it prints its first character and reads nothing.
        #expect(try resolve("confidence.sure", lang: "tr", ["3"]).value
                == String(format: "%100 kesin", locale: Locale(identifier: "tr"), arguments: [3]))
    }

    @Test func aTemplateThatTakesArgumentsStillComesBackUnrenderedWithItsCount() throws {
        let label = try resolve("confidence.percent", lang: "tr")
        #expect(label.value == "%%%d kesin")
        #expect(label.arguments == 1)
        #expect(try resolve("confidence.percent", lang: "tr", ["100"]).value == "%100 kesin")
    }
}
