import Testing
@testable import LabelCore

/// Entries from `CatalogEntryBuilder` are the entries `CatalogEntry`'s public initializer
/// makes, with one origin per (bundle, language, folder).
@Suite struct CatalogEntryBuilderTests {
    @Test func builtEntriesEqualEntriesMadeOneByOneAndSharePerPlace() throws {
        let de = try #require(LanguageTag("de"))
        let fr = try #require(LanguageTag("fr-CA"))
        let places: [(String, LanguageTag, String)] = [("app", de, "de"), ("framework", de, "de"), ("app", fr, "fr-CA"), ("app", de, "de")]
        var builder = CatalogEntryBuilder()
        var built: [CatalogEntry] = []
        for (index, (bundle, language, folder)) in places.enumerated() {
            let string = LocalizedString(template: "%d item \(index)")
            let entry = builder.entry(string: string, bundle: bundle, language: language, folder: folder)
            let single = CatalogEntry(string: string, bundle: bundle, language: language, folder: folder, location: nil)
            #expect(entry == single)
            #expect(entry.source == single.source)
            #expect(entry.location == nil)
            #expect(entry.tokens != nil)
            built.append(entry)
        }
        #expect(built[0].source == "app/de")
        #expect(built[1].source == "framework/de")
        #expect(built[2].source == "app/fr-CA")
        #expect(built[0].formatting === built[3].formatting)
    }
}
