import Testing
@testable import LabelCore

/// `CatalogEntry`'s compact layout (docs/decisions/catalog-memory-layout.md) keeps
/// what the old stored properties gave.
struct CatalogEntryTests {
    @Test func anEntryIsFortyEightBytes() {
        // Was 56: the argument count now lives in the token table (a plain value reads none).
        #expect(MemoryLayout<CatalogEntry>.size == 48)
    }

    @Test func originAndLocationReadBackAsGiven() throws {
        let german = try #require(LanguageTag("de"))
        let location = SourceLocation(file: "app/de.lproj/Localizable.strings", line: 12, column: 3)
        let entry = CatalogEntry(string: LocalizedString(template: "%d Münzen"), bundle: "app", language: german,
                                 folder: "de", location: location)
        #expect(entry.bundle == "app")
        #expect(entry.language == german)
        #expect(entry.folder == "de")
        #expect(entry.location == location)
        #expect(entry.source == "app/de")
        #expect(entry.argumentCount == 1)
        #expect(entry.tokens != nil)

        let unlocated = CatalogEntry(string: LocalizedString(template: "Münzen"), bundle: "app", language: german,
                                     folder: "de", location: nil)
        #expect(unlocated.location == nil)
        #expect(unlocated.argumentCount == 0)
        #expect(unlocated.tokens == nil)
    }

    @Test func entriesOfOneFileShareTheirOrigin() throws {
        let german = try #require(LanguageTag("de"))
        let origin = CatalogEntry.Origin(bundle: "app", language: german, folder: "de", file: "app/de.lproj/A.strings")
        let a = CatalogEntry(string: LocalizedString(template: "a"), origin: origin,
                             location: SourceLocation(file: "app/de.lproj/A.strings", line: 1, column: 1))
        let b = CatalogEntry(string: LocalizedString(template: "a"), origin: origin,
                             location: SourceLocation(file: "app/de.lproj/A.strings", line: 2, column: 1))
        #expect(a != b)
        #expect(a.source == b.source)
        #expect(CatalogEntry(string: LocalizedString(template: "a"), bundle: "app", language: german, folder: "de",
                             location: SourceLocation(file: "app/de.lproj/A.strings", line: 1, column: 1)) == a)
    }
}
