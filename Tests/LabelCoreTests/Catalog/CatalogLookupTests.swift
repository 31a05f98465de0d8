import Testing
import LabelCore

/// Lookups find a table by comparing names when the store has a few tables and by
/// hashing when it has many: both must find exactly the tables and entries given.
struct CatalogLookupTests {
    private static let german = LanguageTag("de")!
    private static let english = LanguageTag("en")!

    private static func catalog(tables: [String]) -> Catalog {
        var layers: [CatalogLayer] = []
        for table in tables {
            for language in [german, english] {
                var layer = CatalogLayer(bundle: "app", language: language, table: table, files: ["\(table).strings"])
                layer.entries["key"] = CatalogEntry(string: LocalizedString(template: "\(table) \(language.rawValue)"),
                                                    bundle: "app", language: language, folder: language.rawValue,
                                                    location: nil)
                layers.append(layer)
            }
        }
        return Catalog(bundles: ["app"], developmentLanguage: english, layers: layers)
    }

    @Test(arguments: [1, 2, 4, 5, 12])
    func everyTableIsFoundAndNoOtherWhateverTheirNumber(count: Int) {
        let tables = (0..<count).map { $0 == 0 ? "Localizable" : "Table\($0)" }
        let catalog = Self.catalog(tables: tables)
        for table in tables {
            for language in [Self.german, Self.english] {
                #expect(catalog.entry(key: "key", table: table, language: language)?.string.template
                    == "\(table) \(language.rawValue)")
                #expect(catalog.entry(key: "nope", table: table, language: language) == nil)
                #expect(catalog.has(table: table, language: language))
                #expect(catalog.entries(table: table, language: language).count == 1)
            }
            #expect(!catalog.has(table: table, language: LanguageTag("fr")!))
        }
        for missing in ["", "localizable", "Localizable ", "Table\(count)", "Table"] {
            #expect(catalog.entry(key: "key", table: missing, language: Self.german) == nil, "\(missing)")
            #expect(!catalog.has(table: missing, language: Self.german))
            #expect(catalog.entries(table: missing, language: Self.german).isEmpty)
        }
    }
}
