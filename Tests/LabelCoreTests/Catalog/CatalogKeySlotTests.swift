import Testing
import LabelCore

/// Every key of a table has one index in ``Catalog/keys``, the same in every language,
/// and a lookup gives it from the same table probe: what lets the server count a request
/// without a second lookup.
struct CatalogKeySlotTests {
    private static func entry(_ text: String, bundle: String, language: LanguageTag) -> CatalogEntry {
        CatalogEntry(string: LocalizedString(template: text), bundle: bundle, language: language, folder: language.rawValue,
                     location: nil)
    }

    /// Two bundles, two tables, keys some languages lack.
    private static func catalog() -> Catalog {
        let german = LanguageTag("de")!, english = LanguageTag("en")!, french = LanguageTag("fr")!
        var layers: [CatalogLayer] = []
        for (bundle, language, table, keys) in [
            ("app", german, "Localizable", ["a", "b", "c"]), ("framework", german, "Localizable", ["c", "d"]),
            ("app", english, "Localizable", ["a", "e"]), ("app", french, "Other", ["x"]),
            ("app", english, "Other", ["x", "y"]), ("app", german, "Empty", []),
        ] {
            var layer = CatalogLayer(bundle: bundle, language: language, table: table)
            for key in keys { layer.entries[key] = entry("\(bundle) \(key)", bundle: bundle, language: language) }
            layers.append(layer)
        }
        return Catalog(bundles: ["app", "framework"], developmentLanguage: english, layers: layers)
    }

    @Test func keysAreEachTablesKeysInTableThenLanguageOrderOnce() {
        let catalog = Self.catalog()
        var expected: [Catalog.Key] = []
        for table in catalog.tables {
            var seen: Set<String> = []
            for language in catalog.languages(table: table) {
                for key in catalog.entries(table: table, language: language).keys where seen.insert(key).inserted {
                    expected.append(Catalog.Key(table: table, key: key))
                }
            }
        }
        #expect(catalog.keys == expected)
        #expect(Set(catalog.keys.map { "\($0.table)/\($0.key)" })
            == ["Localizable/a", "Localizable/b", "Localizable/c", "Localizable/d", "Localizable/e", "Other/x", "Other/y"])
    }

    @Test func everyKeyOfEveryLanguageHasItsSlotInKeys() {
        let catalog = Self.catalog()
        for table in catalog.tables {
            for language in catalog.languages(table: table) {
                for key in catalog.entries(table: table, language: language).keys {
                    let slot = catalog.keySlot(table: table, key: key)
                    #expect(slot.map { catalog.keys[$0] } == Catalog.Key(table: table, key: key), "\(table) \(language) \(key)")
                }
            }
        }
        #expect(catalog.keySlot(table: "Localizable", key: "x") == nil)
        #expect(catalog.keySlot(table: "Nope", key: "a") == nil)
    }

    @Test func aLookupWithTheSlotIsTheLookupPlusTheKeysSlot() {
        let catalog = Self.catalog()
        let resolver = LabelResolver(catalog: catalog)
        for preferred in [["de"], ["en"], ["fr"], ["de", "fr"], []] {
            let chain = resolver.chain(preferred: preferred.map { LanguageTag($0)! })
            for table in ["Localizable", "Other", "Empty", "Nope"] {
                for key in ["a", "b", "c", "d", "e", "x", "y", "none"] {
                    var slot: Int? = -7
                    let resolution = resolver.resolve(key: key, table: table, chain: chain, keySlot: &slot)
                    #expect(resolution == resolver.resolve(key: key, table: table, chain: chain))
                    #expect(slot == (resolution.entry == nil ? nil : catalog.keySlot(table: table, key: key)), "\(table) \(key)")
                }
            }
        }
    }
}
