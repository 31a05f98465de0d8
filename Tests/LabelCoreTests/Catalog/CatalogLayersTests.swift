import Testing
import LabelCore

/// The catalog keeps one table per string (the merged one) and gives `layers` back
/// from it: exactly the layers it was given, overlapping keys and all.
struct CatalogLayersTests {
    private static let german = LanguageTag("de")!
    private static let english = LanguageTag("en")!

    private static func entry(_ text: String, bundle: String, language: LanguageTag, line: Int = 1) -> CatalogEntry {
        CatalogEntry(string: LocalizedString(template: text), bundle: bundle, language: language, folder: language.rawValue,
                     location: SourceLocation(file: "\(bundle)/\(language.rawValue).lproj/Localizable.strings", line: line, column: 1))
    }

    private static func layers() -> [CatalogLayer] {
        var appGerman = CatalogLayer(bundle: "app", language: german, table: "Localizable", files: ["app/de.lproj/Localizable.strings"])
        for index in 0..<50 { appGerman.entries["key\(index)"] = entry("App \(index) %@", bundle: "app", language: german, line: index) }
        var frameworkGerman = CatalogLayer(bundle: "framework", language: german, table: "Localizable",
                                           files: ["framework/de.lproj/Localizable.strings"])
        // Keys 45..<55: five hidden by the app, five only here.
        for index in 45..<55 { frameworkGerman.entries["key\(index)"] = entry("Framework \(index)", bundle: "framework", language: german) }
        var vendorGerman = CatalogLayer(bundle: "vendor", language: german, table: "Localizable", files: ["vendor/x"])
        vendorGerman.entries["key0"] = entry("Vendor 0", bundle: "vendor", language: german)
        vendorGerman.entries["key52"] = entry("Vendor 52", bundle: "vendor", language: german)
        vendorGerman.entries["vendorOnly"] = entry("Vendor only", bundle: "vendor", language: german)
        var appEnglish = CatalogLayer(bundle: "app", language: english, table: "Localizable", files: ["app/en.lproj/Localizable.strings"])
        appEnglish.entries["key0"] = entry("Key %d", bundle: "app", language: english)
        let emptyTable = CatalogLayer(bundle: "app", language: german, table: "Empty", files: ["app/de.lproj/Empty.strings"])
        return [appGerman, appEnglish, emptyTable, frameworkGerman, vendorGerman]
    }

    @Test func layersComeBackExactlyAsGiven() {
        let given = Self.layers()
        let catalog = Catalog(bundles: ["app", "framework", "vendor"], developmentLanguage: Self.english, layers: Self.layers())
        let back = catalog.layers
        #expect(back.count == given.count)
        for (layer, original) in zip(back, given) {
            #expect(layer.bundle == original.bundle)
            #expect(layer.language == original.language)
            #expect(layer.table == original.table)
            #expect(layer.files == original.files)
            #expect(layer.entries == original.entries, "\(layer.bundle)/\(layer.language)/\(layer.table)")
        }
        #expect(catalog.stringCount == given.reduce(0) { $0 + $1.entries.count })
    }

    @Test func theMergedTableKeepsTheFirstBundlesEntry() {
        let catalog = Catalog(bundles: ["app", "framework", "vendor"], developmentLanguage: Self.english, layers: Self.layers())
        let merged = catalog.entries(table: "Localizable", language: Self.german)
        #expect(merged.count == 56)
        #expect(merged["key0"]?.bundle == "app")
        #expect(merged["key47"]?.bundle == "app")
        #expect(merged["key52"]?.bundle == "framework")
        #expect(merged["vendorOnly"]?.bundle == "vendor")
        #expect(catalog.has(table: "Empty", language: Self.german))
    }
}
