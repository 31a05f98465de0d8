import Foundation
import Testing
import LabelCore

/// ``ResolvedTable`` on its own, over the fixture store: which entry wins per key.
/// (Its two renderings, `GET /labels`' bodies, are tested with the server that owns them.)
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

    @Test func pluralTemplatesExpandTheFirstVariableIntoTheTemplate() {
        var string = LocalizedString(template: "%#@coins@ gesammelt")
        string.variables["coins"] = PluralVariable(valueType: "d", variants: [.one: "%d Münze", .other: "%d Münzen"])
        #expect(ResolvedTable.pluralTemplates(string) == [.one: "%d Münze gesammelt", .other: "%d Münzen gesammelt"])
        #expect(ResolvedTable.pluralTemplates(LocalizedString(template: "no plural")) == nil)
    }
}
