import Foundation
import LabelCore
import Testing
import LabelServer

/// `GET /labels`' two bodies, rendered from a ``ResolvedTable`` of the bundled store and
/// read back by Foundation's JSON and property-list readers.
@Suite struct ResolvedTableRenderingTests {
    static func load() throws -> Catalog {
        try StoreLoader.load(StoreConfiguration(directory: LabelTestServer.bundledStore)).catalog
    }

    func table(_ tag: String, _ name: String = "Localizable", catalog: Catalog? = nil) throws -> ResolvedTable {
        let catalog = try catalog ?? Self.load()
        return try #require(ResolvedTable(catalog: catalog, table: name,
                                          chain: LanguageChain(preferred: [LanguageTag(tag)!],
                                                               development: catalog.developmentLanguage)))
    }

    @Test func theJSONBodyCarriesItsETagEveryKeyAndThePluralTemplates() throws {
        let resolved = try table("de")
        let (body, etag) = resolved.json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        #expect(object["lang"] as? String == "de")
        #expect(object["table"] as? String == "Localizable")
        #expect(object["etag"] as? String == etag)
        let labels = try #require(object["labels"] as? [String: String])
        #expect(Set(labels.keys) == Set(resolved.items.map(\.key)))
        let plurals = try #require(object["plurals"] as? [String: [String: String]])
        let plural = try #require(resolved.items.first { $0.entry.string.isPlural })
        let expected = try #require(ResolvedTable.pluralTemplates(plural.entry.string))
        #expect(plurals[plural.key] == Dictionary(uniqueKeysWithValues: expected.map { ($0.key.rawValue, $0.value) }))
    }

    @Test func theETagIsStableAcrossLoadsAndDiffersBetweenLanguages() throws {
        let first = try table("de")
        let reloaded = try table("de", catalog: Self.load())
        #expect(first.json().etag == reloaded.json().etag)
        #expect(first.json().etag != (try table("ru")).json().etag)
    }

    @Test func theStringsFileReadsBackWithFoundationAsTheNonPluralLabels() throws {
        let resolved = try table("de")
        let data = Data(resolved.strings())
        let read = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String])
        let expected = Dictionary(uniqueKeysWithValues: resolved.items.filter { !$0.entry.string.isPlural }
            .map { ($0.key, $0.entry.string.template) })
        #expect(read == expected)
        #expect(resolved.items.contains { $0.entry.string.isPlural })
        for item in resolved.items where item.entry.string.isPlural { #expect(read[item.key] == nil) }
    }
}
