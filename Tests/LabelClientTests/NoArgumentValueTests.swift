import Foundation
import LabelClient
import Testing

/// Offline, `string(_:)` with no count or arguments returns a value that takes none as
/// written, as the server does and as `Bundle`'s lookup does (`%100 kesin`, not `1kesin`).
@Suite struct NoArgumentValueTests {
    static func store() throws -> URL {
        let store = temporaryDirectory()
        let files = [
            "app/en.lproj/Localizable.strings": "\"confidence.sure\" = \"100%% sure\";\n\"confidence.percent\" = \"%d%% sure\";\n",
            "app/tr.lproj/Localizable.strings": "\"confidence.sure\" = \"%100 kesin\";\n\"confidence.percent\" = \"%%%d kesin\";\n",
        ]
        for (path, text) in files {
            let file = store.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return store
    }

    @Test func aLiteralPercentWithNoArgumentsIsTheValueAsWrittenOffline() async throws {
        let store = try Self.store()
        defer { try? FileManager.default.removeItem(at: store) }
        let client = LabelClient(baseURL: try OfflineTests.deadURL(), cacheDirectory: nil, fallbackStore: store,
                                 timeout: ClientTestServer.patience)
        let turkish = try await client.labels(language: "tr")
        #expect(turkish.origin == .fallback)
        #expect(turkish.string("confidence.sure") == "%100 kesin")
        #expect(turkish.string("confidence.percent", count: 100) == "%100 kesin")
        // A template that takes an argument, given none, is still never read aloud.
        #expect(turkish.string("confidence.percent") == "confidence.percent")
        #expect(try await client.labels(language: "en").string("confidence.sure") == "100%% sure")
    }
}
