import Foundation
import Testing
@testable import LabelCore

/// ``ResolvedTable`` on its own, over the fixture store: which entry wins per key,
/// and its two renderings read back by Foundation's JSON and property-list readers.
@Suite struct ResolvedTableTests {
    let catalog: Catalog

    init() throws {
        catalog = try TestStores.load(TestStores.fixtureStore).catalog
    }

    func table(_ tag: String, _ name: String = "Localizable") -> ResolvedTable? {
        ResolvedTable(catalog: catalog, table: name,
                      chain: LanguageChain(preferred: [LanguageTag(tag)!], development: catalog.developmentLanguage))
    }

    @Test func keysFallThroughTheChainAndTheAppBundleWins() throws {
        let resolved = try #require(table("de-AT"))
        #expect(resolved.language.rawValue == "de")
        #expect(resolved.languages.map(\.rawValue) == ["de", "en"])
        let values = Dictionary(uniqueKeysWithValues: resolved.items.map { ($0.key, $0.entry) })
        #expect(values["control.back.label"]?.string.template == "Zurück zur vorherigen Seite")
        #expect(values["control.back.label"]?.bundle == "app")
        #expect(values["control.close.label"]?.string.template == "Schließen")
        #expect(values["only.in.app.en"]?.language.rawValue == "en")
        #expect(resolved.items.map(\.key) == resolved.items.map(\.key).sorted())
    }

    @Test func aTableNoLanguageOfTheChainHasIsNil() {
        #expect(table("de", "NoSuchTable") == nil)
    }

    @Test func theJSONBodyCarriesItsETagAndEveryKey() throws {
        let resolved = try #require(table("de"))
        let (body, etag) = resolved.json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        #expect(object["lang"] as? String == "de")
        #expect(object["table"] as? String == "Localizable")
        #expect(object["etag"] as? String == etag)
        let labels = try #require(object["labels"] as? [String: String])
        #expect(Set(labels.keys) == Set(resolved.items.map(\.key)))
        let plurals = try #require(object["plurals"] as? [String: [String: String]])
        #expect(plurals["coins.count"] == ["one": "%d Münze", "other": "%d Münzen"])
    }

    @Test func theETagIsStableAcrossLoadsAndDiffersBetweenLanguages() throws {
        let again = try TestStores.load(TestStores.fixtureStore).catalog
        let reloaded = try #require(ResolvedTable(catalog: again, table: "Localizable",
                                                  chain: LanguageChain(preferred: [LanguageTag("de")!], development: again.developmentLanguage)))
        #expect(try #require(table("de")).json().etag == reloaded.json().etag)
        #expect(try #require(table("de")).json().etag != (try #require(table("fr"))).json().etag)
    }

    @Test func theStringsFileReadsBackWithFoundationAsTheNonPluralLabels() throws {
        let resolved = try #require(table("de"))
        let data = Data(resolved.strings())
        let read = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String])
        let expected = Dictionary(uniqueKeysWithValues: resolved.items.filter { !$0.entry.string.isPlural }
            .map { ($0.key, $0.entry.string.template) })
        #expect(read == expected)
        #expect(read["coins.count"] == nil)
    }

    @Test func pluralTemplatesExpandTheFirstVariableIntoTheTemplate() {
        var string = LocalizedString(template: "%#@coins@ gesammelt")
        string.variables["coins"] = PluralVariable(valueType: "d", variants: [.one: "%d Münze", .other: "%d Münzen"])
        #expect(ResolvedTable.pluralTemplates(string) == [.one: "%d Münze gesammelt", .other: "%d Münzen gesammelt"])
        #expect(ResolvedTable.pluralTemplates(LocalizedString(template: "no plural")) == nil)
    }
}
