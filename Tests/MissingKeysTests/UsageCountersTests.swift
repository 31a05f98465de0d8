import Testing
import LabelCore
import MissingKeys

/// Counting by a key's slot (the request path) and by name (tools and tests) count the same key.
@Suite struct UsageCountersTests {
    private static func catalog() -> Catalog {
        let german = LanguageTag("de")!, english = LanguageTag("en")!
        var layers: [CatalogLayer] = []
        for (language, table, keys) in [(german, "Localizable", ["greeting", "farewell"]), (english, "Localizable", ["greeting", "title"]),
                                        (english, "Other", ["greeting"])] {
            var layer = CatalogLayer(bundle: "app", language: language, table: table)
            for key in keys {
                layer.entries[key] = CatalogEntry(string: LocalizedString(template: key), bundle: "app", language: language,
                                                  folder: language.rawValue, location: nil)
            }
            layers.append(layer)
        }
        return Catalog(bundles: ["app"], developmentLanguage: english, layers: layers)
    }

    @Test func theSlotsAreTheCatalogsKeys() {
        let catalog = Self.catalog()
        let counters = UsageCounters(catalog: catalog)
        #expect(counters.keys.map(\.table) == catalog.keys.map(\.table))
        #expect(counters.keys.map(\.key) == catalog.keys.map(\.key))
    }

    @Test func aKeysSlotCountsTheKeyItsNameCounts() throws {
        let catalog = Self.catalog()
        let counters = UsageCounters(catalog: catalog)
        counters.record(table: "Localizable", key: "greeting", at: 1_700_000_000)
        let slot = try #require(catalog.keySlot(table: "Localizable", key: "greeting"))
        for _ in 0..<2 { counters.record(slot: slot, at: 1_700_000_100) }
        counters.record(table: "Other", key: "greeting", at: 1_700_000_200)
        let drained = counters.drain()
        #expect(drained.count == 2)
        let localizable = try #require(drained.first { $0.key == UsageCounters.Key(table: "Localizable", key: "greeting") })
        #expect(localizable.hits == 3)
        #expect(localizable.latest == 1_700_000_100)
        let other = try #require(drained.first { $0.key == UsageCounters.Key(table: "Other", key: "greeting") })
        #expect(other.hits == 1)
    }

    @Test func keysAndSlotsOutsideTheCatalogCountNothing() {
        let counters = UsageCounters(catalog: Self.catalog())
        counters.record(table: "Localizable", key: "no.such.key", at: 1)
        counters.record(table: "Nope", key: "greeting", at: 1)
        counters.record(slot: -1, at: 1)
        counters.record(slot: counters.keys.count, at: 1)
        #expect(counters.drain().isEmpty)
    }
}
