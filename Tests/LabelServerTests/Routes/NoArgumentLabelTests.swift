import Foundation
import LabelCore
import LabelServer
import Testing
import TestSupport

/// `GET /labels/{key}` with no `count` or `arg` returns a value that takes no arguments
/// as written, as `Bundle`'s lookup does: the Turkish `%100 kesin` ("100 percent
/// sure") was served as `1kesin`. A template that takes arguments still comes back
/// unrendered with `"arguments": N` (SPEC §4), and `GET /labels` carries templates.
@Suite struct NoArgumentLabelTests {
    /// en/tr `Localizable.strings` with the values (LabelCoreTests' `percent-store`).
    static let files = [
        "app/en.lproj/Localizable.strings": "\"confidence.sure\" = \"100%% sure\";\n\"confidence.percent\" = \"%d%% sure\";\n",
        "app/tr.lproj/Localizable.strings": "\"confidence.sure\" = \"%100 kesin\";\n\"confidence.percent\" = \"%%%d kesin\";\n",
    ]

    static func withService(_ body: (InProcessClient) throws -> Void) throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("no-argument-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        for (path, text) in files {
            let file = store.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let loaded = try StoreLoader.load(StoreConfiguration(directory: store.path, developmentLanguage: LanguageTag("en")))
        try body(InProcessClient(LabelService(catalog: CatalogHolder(ServiceState(store: loaded)))))
    }

    static func get(_ client: InProcessClient, _ target: String) throws -> RawResponse {
        try client.exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")
    }

    @Test func aLiteralPercentWithNoArgumentsIsServedAsWritten() throws {
        try Self.withService { client in
            let turkish = try Self.get(client, "/labels/confidence.sure?lang=tr")
            #expect(turkish.status == 200)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(turkish.body)) as? [String: Any])
            #expect(json["value"] as? String == "%100 kesin")
            #expect(json["arguments"] == nil)
            let english = try Self.get(client, "/labels/confidence.sure?lang=en")
            let value = try #require(try JSONSerialization.jsonObject(with: Data(english.body)) as? [String: Any])["value"]
            #expect(value as? String == "100%% sure")
        }
    }

    @Test func aTemplateThatTakesArgumentsStillNeedsThem() throws {
        try Self.withService { client in
            let response = try Self.get(client, "/labels/confidence.percent?lang=tr")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(json["value"] as? String == "%%%d kesin")
            #expect(json["arguments"] as? Int == 1)
            let rendered = try Self.get(client, "/labels/confidence.percent?lang=tr&count=100")
            let value = try #require(try JSONSerialization.jsonObject(with: Data(rendered.body)) as? [String: Any])["value"]
            #expect(value as? String == "%100 kesin")
        }
    }

    @Test func theLaunchBundleCarriesTheTemplates() throws {
        try Self.withService { client in
            let response = try Self.get(client, "/labels?lang=tr")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let labels = try #require(json["labels"] as? [String: String])
            #expect(labels["confidence.sure"] == "%100 kesin")
            #expect(labels["confidence.percent"] == "%%%d kesin")
        }
    }
}
