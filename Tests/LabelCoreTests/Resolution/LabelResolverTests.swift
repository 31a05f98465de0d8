import Foundation
import Testing
import LabelCore

@Suite struct LabelResolverTests {
    let resolver: LabelResolver

    init() throws {
        resolver = LabelResolver(catalog: try TestStores.load(TestStores.fixtureStore).catalog)
    }

    func resolve(_ key: String, lang: String? = nil, table: String = "Localizable", _ arguments: [String] = []) throws -> ResolvedLabel {
        let chain = resolver.chain(preferred: lang.map { [LanguageTag($0)!] } ?? [])
        return try resolver.label(key: key, table: table, chain: chain, arguments: arguments)
    }

    @Test func aPrebuiltChainIsTheChainBuiltOnDemand() {
        let catalog = resolver.catalog
        let tags = catalog.languages + ["de-AT", "zz", "en-GB", "pt"].map { LanguageTag($0)! }
        for tag in tags {
            let fresh = LanguageChain(preferred: [tag], development: catalog.developmentLanguage, matcher: catalog.matcher)
            #expect(resolver.chain(preferred: [tag]) == fresh, "\(tag)")
        }
        #expect(resolver.chain(preferred: []) == LanguageChain(preferred: [], development: catalog.developmentLanguage,
                                                              matcher: catalog.matcher))
    }

    @Test func theChainForOnePreferenceIsTheChainForAListOfIt() {
        let catalog = resolver.catalog
        for tag in catalog.languages + ["de-AT", "zz", "en-GB", "pt"].map({ LanguageTag($0)! }) {
            #expect(resolver.chain(preferring: tag) == resolver.chain(preferred: [tag]), "\(tag)")
        }
    }

    @Test func theAppBundleWinsOverTheFramework() throws {
        let label = try resolve("control.back.label", lang: "de")
        #expect(label.value == "Zurück zur vorherigen Seite")
        #expect(label.source == "app/de")
        #expect(label.language?.rawValue == "de")
        #expect(!label.isMissing)
    }

    @Test func theFrameworkAnswersWhatTheAppLacks() throws {
        let label = try resolve("control.close.label", lang: "de")
        #expect(label.value == "Schließen")
        #expect(label.source == "framework/de")
    }

    @Test func aRegionalTagResolvesThroughItsLanguageWithoutAMissingHit() throws {
        let label = try resolve("control.close.label", lang: "de-AT")
        #expect(label.value == "Schließen")
        #expect(label.requested?.rawValue == "de-AT")
        #expect(label.language?.rawValue == "de")
        #expect(!label.isMissing)
    }

    @Test func aKeyMissingInTheRequestedLanguageComesFromTheDevelopmentLanguageAndIsAMissingHit() throws {
        let label = try resolve("only.in.framework.en", lang: "fr")
        #expect(label.value == "Framework English")
        #expect(label.source == "framework/en")
        #expect(label.language?.rawValue == "en")
        #expect(label.isMissing)
    }

    @Test func languageByLanguageComesBeforeBundleByBundle() throws {
        // fr has the key only in the framework; the app's en copy must not win.
        let label = try resolve("control.close.label", lang: "fr")
        #expect(label.value == "Fermer")
        #expect(label.source == "framework/fr")
    }

    @Test func anUnknownKeyIsTheKeyItselfInTheDevelopmentLanguage() throws {
        let label = try resolve("no.such.key %@", lang: "de", ["ignored"])
        #expect(label.value == "no.such.key %@")
        #expect(label.source == "key")
        #expect(label.language?.rawValue == "en")
        #expect(label.isMissing)
    }

    @Test func aWellFormedLanguageWithNoStringsFallsThrough() throws {
        let label = try resolve("control.back.label", lang: "xx")
        #expect(label.value == "Back to the previous page")
        #expect(label.requested?.rawValue == "xx")
        #expect(label.isMissing)
    }

    @Test func theStringsdictWinsOverTheStringsFileAndPicksTheGermanPlural() throws {
        #expect(try resolve("coins.count", lang: "de", ["1"]).value == "1 Münze")
        let three = try resolve("coins.count", lang: "de", ["3"])
        #expect(three.value == "3 Münzen")
        #expect(three.plural == .other)
        #expect(try resolve("coins.count", lang: "de", ["1000"]).value == "1.000 Münzen")
        #expect(try resolve("coins.count", lang: "de", ["1"]).plural == .one)
    }

    @Test func aTemplateWithoutArgumentsComesBackUnrenderedWithItsArgumentCount() throws {
        let label = try resolve("greeting", lang: "de")
        #expect(label.value == "Hallo %@")
        #expect(label.arguments == 1)
        #expect(label.json.contains("\"arguments\":1"))
    }

    @Test func someButNotAllArgumentsIsAnError() throws {
        #expect(throws: FormatError.self) { try resolve("grid.cell.empty", lang: "de", table: "Accessibility", ["2"]) }
        #expect(try resolve("grid.cell.empty", lang: "de", table: "Accessibility", ["2", "3"]).value == "Reihe 2, Spalte 3, leer")
    }

    @Test func baseFillsInTheDevelopmentLanguageButNeverOverridesIt() throws {
        #expect(try resolve("only.in.base", lang: "en").value == "From Base")
        #expect(try resolve("only.in.base", lang: "en").source == "app/Base")
        #expect(try resolve("control.back.label", lang: "en").value == "Back to the previous page")
    }

    @Test func regionFoldersAndLegacyFolderNamesAreLanguages() throws {
        #expect(try resolve("only.in.de-DE", lang: "de-de").value == "Nur in de-DE")
        // Bundle finds a regional folder for the bare language (CLDR likely subtags: de → de-Latn-DE).
        #expect(try resolve("only.in.de-DE", lang: "de").source == "app/de-DE")
        #expect(try resolve("legacy.folder", lang: "en", table: "Legacy").source == "app/English")
    }

    @Test func anUnknownTableIsTheKeyItself() throws {
        #expect(try resolve("control.back.label", lang: "de", table: "NoSuchTable").source == "key")
    }

    @Test func theJSONHasTheFieldsOfTheAPIInOrder() throws {
        let json = try resolve("coins.count", lang: "de-AT", ["3"]).json
        // `runs`: the count's range (docs/speech.md).
        #expect(json == #"{"key":"coins.count","requested":"de-AT","lang":"de","table":"Localizable","value":"3 Münzen","runs":[{"start":0,"length":1,"attributes":{"argument":1}}],"source":"app/de","plural":"other","numberLocale":"de-AT"}"#)
    }

    @Test func withoutADevelopmentLanguageTheChainStopsAtTheRequest() throws {
        let catalog = try TestStores.load(TestStores.fixtureStore, development: nil).catalog
        let resolver = LabelResolver(catalog: catalog)
        let label = try resolver.label(key: "only.in.framework.en", table: "Localizable",
                                       chain: resolver.chain(preferred: [LanguageTag("fr")!]), arguments: [])
        #expect(label.source == "key")
        #expect(label.language?.rawValue == "fr")
    }
}

@Suite struct StoreLoaderTests {
    @Test func aBrokenFileFailsTheLoadNamingFileLineAndColumn() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("app/de.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"ok\" = \"fine\";\n\"broken\" = \"no end;\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        try Data("{ not json".utf8).write(to: root.appendingPathComponent("app/Accessibility.xcstrings"))
        do {
            _ = try TestStores.load(root.path)
            Issue.record("a broken store loaded")
        } catch {
            #expect(error.problems.count == 2)
            #expect(error.problems.map(\.file) == ["app/Accessibility.xcstrings", "app/de.lproj/Localizable.strings"])
            #expect(error.description.contains("app/de.lproj/Localizable.strings:2:"))
        }
    }

    @Test func aMissingStoreFolderIsAClearError() {
        #expect(throws: StoreLoadError.self) { try TestStores.load("/nonexistent/label-store") }
    }

    @Test func aMissingBundleFolderIsAWarningNotAnError() throws {
        let store = try StoreLoader.load(StoreConfiguration(directory: TestStores.fixtureStore, bundles: ["app", "plugins"]))
        #expect(store.warnings.contains { $0.location.file == "plugins" })
        #expect(store.catalog.bundles == ["app", "plugins"])
    }
}

extension LabelResolverTests {
    @Test func aLabelsJSONIsTheSameWhetherWrittenWithinItsBoundOrGrowing() throws {
        var label = try resolve("coins.count", lang: "de", ["3"])
        let chain = resolver.chain(preferred: [LanguageTag("de")!])
        // Short values take the bounded writer; a value whose bound passes 4 KiB takes JSONWriter.
        for value in ["3 Münzen", "tab\t\"quoted\" \u{2028}", String(repeating: "Münze \u{1} ", count: 200)] {
            label.value = value
            var expected = JSONWriter()
            expected.beginObject()
            expected.field(literal: "key", label.key)
            expected.field(literal: "requested", label.requested?.rawValue)
            expected.field(literal: "lang", label.language?.rawValue)
            expected.field(literal: "table", label.table)
            expected.field(literal: "value", label.value)
            if !label.runs.isEmpty { expected.field("runs", raw: LabelRun.jsonBytes(label.runs)) }
            expected.field(literal: "source", label.source)
            if let plural = label.plural { expected.field(literal: "plural", plural.rawValue) }
            if let arguments = label.arguments { expected.field(literal: "arguments", arguments) }
            if let numberLocale = label.numberLocale { expected.field(literal: "numberLocale", numberLocale.rawValue) }
            expected.beginArray(literal: "chain")
            for language in chain.languages { expected.element(language.rawValue) }
            expected.endArray()
            expected.endObject()
            #expect(label.jsonBytes(chain: chain) == expected.bytes)
            let object = try JSONSerialization.jsonObject(with: Data(label.jsonBytes(chain: chain))) as? [String: Any]
            #expect(object?["value"] as? String == value)
        }
    }
}
