import Foundation
import Testing

@testable import LabelCore

/// en-XA and ar-XB as virtual languages of a loaded store.
@Suite struct PseudoLocaleCatalogTests {
    private let enXA = LanguageTag("en-XA")!
    private let arXB = LanguageTag("ar-XB")!

    private func load(_ files: [String: String], pseudo: Bool = true) throws -> Catalog {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("pseudo-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        for (path, text) in files {
            let url = store.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var configuration = StoreConfiguration(directory: store.path, bundles: ["app"])
        configuration.pseudoLocales = pseudo
        return try StoreLoader.load(configuration).catalog
    }

    @Test func computesBothPseudoLocalesFromTheDevelopmentLanguageOnly() throws {
        let catalog = try load([
            "app/en.lproj/Localizable.strings": "\"play\" = \"Tap to play\";\n",
            "app/de.lproj/Localizable.strings": "\"play\" = \"Zum Abspielen tippen\";\n\"only.de\" = \"Nur\";\n",
        ])
        #expect(catalog.entry(key: "play", table: "Localizable", language: enXA)?.string.template == "[Ţåþ ţö þļåý one two]")
        #expect(catalog.entry(key: "play", table: "Localizable", language: arXB)?.string.template
            == "\u{200F}\u{202E}Tap\u{202C}\u{200F} \u{200F}\u{202E}to\u{202C}\u{200F} \u{200F}\u{202E}play\u{202C}\u{200F}")
        #expect(catalog.entry(key: "only.de", table: "Localizable", language: enXA) == nil)
        #expect(catalog.pseudoLanguages == [enXA, arXB])
        #expect(catalog.translatedLanguages == [LanguageTag("de")!, LanguageTag("en")!])
    }

    @Test func anExplicitPseudoLocaleFolderWinsKeyByKey() throws {
        let catalog = try load([
            "app/en.lproj/Localizable.strings": "\"play\" = \"Tap to play\";\n\"stop\" = \"Stop\";\n",
            "app/en-XA.lproj/Localizable.strings": "\"play\" = \"Hand-made\";\n",
        ])
        #expect(catalog.entry(key: "play", table: "Localizable", language: enXA)?.string.template == "Hand-made")
        #expect(catalog.entry(key: "stop", table: "Localizable", language: enXA)?.string.template == "[Šţöþ one]")
    }

    @Test func offLeavesTheStoreAsWritten() throws {
        let catalog = try load(["app/en.lproj/Localizable.strings": "\"play\" = \"Tap to play\";\n"], pseudo: false)
        #expect(catalog.languages == [LanguageTag("en")!])
        #expect(catalog.pseudoLanguages.isEmpty)
    }

    @Test func coverageLeavesThePseudoLocalesOut() throws {
        let catalog = try load([
            "app/en.lproj/Localizable.strings": "\"play\" = \"Tap to play\";\n",
            "app/de.lproj/Localizable.strings": "\"play\" = \"Tippen\";\n",
        ])
        #expect(Coverage(catalog: catalog).rows.map(\.language) == [LanguageTag("de")!, LanguageTag("en")!])
    }

    @Test func aRequestForEnXAResolvesToThePseudoLocaleNotToEnglish() throws {
        let catalog = try load(["app/en.lproj/Localizable.strings": "\"play\" = \"Tap to play\";\n"])
        let resolver = LabelResolver(catalog: catalog)
        let chain = resolver.chain(preferred: [LanguageTag("en_xa")!])
        #expect(chain.languages.first == enXA)
        let label = try resolver.label(key: "play", table: "Localizable", chain: chain, arguments: [])
        #expect(label.value == "[Ţåþ ţö þļåý one two]")
        #expect(!label.isMissing)
    }

    @Test func englishNeverFallsBackToAPseudoLocale() throws {
        let catalog = try load(["app/en.lproj/Localizable.strings": "\"play\" = \"Tap to play\";\n"])
        let resolver = LabelResolver(catalog: catalog)
        for tag in ["en", "en-GB", "ar"] {
            let chain = resolver.chain(preferred: [LanguageTag(tag)!])
            #expect(!chain.languages.contains(enXA) && !chain.languages.contains(arXB), "\(tag): \(chain.languages)")
        }
    }
}
