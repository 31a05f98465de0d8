import Foundation
import LabelCore
import Testing
@testable import LabelImport

/// Sizes at which the old quadratic readers and merge would not finish (hours), while
/// the linear ones take a moment even in a debug build; no clock is read. The timed
/// figures are Benchmarks/import.py's.
@Suite struct ImportScalingTests {
    typealias F = ImportFixtures

    /// 5,000 units on one 600 KB line: each unit's line was counted with its column,
    /// rescanning the line from its start (1.5·10⁹ bytes in all).
    @Test func unitsOnOneLongLineAreNumberedWithoutRescanningTheLine() throws {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><xliff version=\"1.2\"><file original=\"Localizable.strings\" source-language=\"en\" target-language=\"de\"><body>"
        for index in 0..<5_000 {
            text += "<trans-unit id=\"key.\(index)\"><source>Label \(index) for %@</source><target>Etikett \(index) für %@</target><note>N.</note></trans-unit>"
        }
        let units = try XLIFFReader.read(Data((text + "</body></file></xliff>").utf8), file: "one.xliff").files[0].units
        #expect(units.count == 5_000 && units.allSatisfy { $0.line == 1 })
        // An error still has its exact column, counted once.
        let broken = Data((text + "</body></file></xlif>").utf8)
        #expect(throws: XLIFFReadError.self) { try XLIFFReader.read(broken, file: "one.xliff") }
        do { _ = try XLIFFReader.read(broken, file: "one.xliff") } catch {
            #expect(error.location.line == 1 && error.location.column > text.unicodeScalars.count)
        }
    }

    /// 40,000 attributes in one element (430 KB, the issue's): each was compared with
    /// every earlier one (8·10⁸ comparisons).
    @Test func repeatedAttributesAreFoundInOnePass() throws {
        let attributes = (0..<40_000).map { " a\($0)=\"x\"" }.joined()
        let unique = Data("<xliff version=\"1.2\"\(attributes)/>".utf8)
        #expect(try XLIFFReader.read(unique, file: "a.xliff").files.isEmpty)
        let repeated = Data("<xliff version=\"1.2\"\(attributes) a7=\"y\"/>".utf8)
        do {
            _ = try XLIFFReader.read(repeated, file: "a.xliff")
            Issue.record("a repeated attribute was read")
        } catch {
            #expect(error.reason == .malformed("attribute a7 repeated in <xliff>"))
            #expect(error.location.column == "<xliff version=\"1.2\"".count + attributes.count + 2)
        }
    }

    /// A String Catalog of 8,000 keys and a whole language of 8,000 units (the issue's):
    /// each unit looked its key up among all keys and copied the catalog's key list
    /// (6.4·10⁷ each), and the reader checked each member against every earlier one.
    @Test func aWholeLanguageMergesIntoALargeCatalogInOnePass() throws {
        let count = 8_000
        var catalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for index in 0..<count {
            catalog += "    \"key.\(index)\" : {\n      \"localizations\" : {\n        \"en\" : {\n          \"stringUnit\" : {\n"
            catalog += "            \"state\" : \"translated\",\n            \"value\" : \"Label \(index)\"\n          }\n        }\n      }\n    }"
            catalog += index + 1 < count ? ",\n" : "\n"
        }
        catalog += "  },\n  \"version\" : \"1.0\"\n}\n"
        let updates = (0..<count).map { CatalogMerge.Update(key: "key.\($0)", path: .stringUnit, value: "Etikett \($0)", needsReview: false) }
        let result = try CatalogMerge.merge(existing: Data(catalog.utf8), language: LanguageTag("de")!, updates: updates, file: "L.xcstrings")
        let document = try JSONDocument.read(try #require(result.bytes))
        guard case .object(let strings)? = document["strings"] else { Issue.record("no strings"); return }
        #expect(strings.count == count)
        #expect(strings.last?.value["localizations"]?["de"]?["stringUnit"]?["value"]?.stringValue == "Etikett 7999")
    }

    /// New keys land where ``JSONDocument/set(_:_:)`` puts them one at a time: before the
    /// first greater key, also in a catalog whose keys are not sorted.
    @Test func newCatalogKeysAreInsertedWhereOneAtATimeWouldPutThem() {
        let existing = JSONDocument.object(["b", "d", "a", "f"].map { .init(key: $0, value: .object([])) })
        let new = ["e", "c", "0", "g", "c2", "a"]
        var expected = existing
        for key in new { expected.update([key][...]) { $0.set("x", .bool(true)) } }
        var strings = CatalogMerge.Strings(existing)
        for key in new { strings.update(key) { $0.set("x", .bool(true)) } }
        guard case .object(let got) = strings.document, case .object(let want) = expected else { Issue.record("not objects"); return }
        #expect(got.map(\.key) == want.map(\.key))
        #expect(strings.document == expected)
    }
}
