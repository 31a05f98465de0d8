import Foundation
import LabelClient
import Testing

/// An app's labels for a `-u-nu-` tag render that numbering system's digits
/// and never trap (the client renders with LabelCore's engine, whose symbols on Linux
/// come from the generated tables and elsewhere from Foundation with an identifier the
/// engine builds in ICU form, never the app's tag).
@Suite struct NumberingSystemClientTests {
    private func labels(_ language: String) async throws -> LabelSet {
        let client = LabelClient(baseURL: try OfflineTests.deadURL(), cacheDirectory: temporaryDirectory(),
                                 fallbackStore: ClientTestServer.bundledStore, timeout: ClientTestServer.patience)
        return try await client.labels(language: language)
    }

    @Test func numberingSystemTagsRenderTheirDigits() async throws {
        #expect(try await labels("th-TH-u-nu-thai").string("coins.count", count: 1234) == "๑,๒๓๔ coins")
        #expect(try await labels("de-u-nu-latn").string("coins.count", count: 1234) == "1.234 Münzen")
        #expect(try await labels("zh-u-nu-hanidec").string("coins.count", count: 1234) == "一,二三四 coins")
        #expect(try await labels("de-u-nu-xxxx").string("coins.count", count: 1234) == "1.234 Münzen")
        #expect(try await labels("fr-CA").string("items.count", count: 1234).contains("1\u{A0}234"))
    }
}
