import Foundation
import LabelCore
import LabelServer
import TestSupport
import Testing

/// en-XA and ar-XB served by the label routes when the store is loaded with pseudo-locales.
@Suite struct PseudoLocaleRouteTests {
    static let holder: Result<CatalogHolder, StoreLoadError> = Result { () throws(StoreLoadError) in
        var configuration = StoreConfiguration(directory: LabelTestServer.bundledStore)
        configuration.pseudoLocales = true
        return CatalogHolder(ServiceState(store: try StoreLoader.load(configuration)))
    }

    private func get(_ target: String) throws -> RawResponse {
        let service = LabelService(catalog: try Self.holder.get(), readiness: Readiness())
        return try InProcessClient(service).exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")
    }

    @Test func everyLabelRouteServesThePseudoLocales() throws {
        let label = try get("/labels/common.activate.hint?lang=en-XA")
        #expect(label.status == 200)
        #expect(label.json?["value"] as? String == "[Ðöûɓļé-ţåþ ţö åçţîVåţé. one two three]")
        #expect(label.json?["lang"] as? String == "en-XA")
        let plural = try get("/labels/coins.count?lang=en-XA&count=3")
        #expect(plural.json?["value"] as? String == "[»3« çöîñš one two]")
        let english = try get("/labels?lang=en")
        let bundle = try get("/labels?lang=en-XA")
        #expect(bundle.status == 200)
        #expect(bundle.header("ETag") != nil && bundle.header("ETag") != english.header("ETag"))
        let strings = try get("/labels?lang=ar-XB&format=strings")
        #expect(String(decoding: strings.body, as: UTF8.self).contains("\u{200F}\u{202E}Double-tap\u{202C}\u{200F}"))
        let android = try get("/labels?lang=en-XA&format=android")
        #expect(String(decoding: android.body, as: UTF8.self).contains("[Ðöûɓļé-ţåþ ţö åçţîVåţé. one two three]"))
    }
}
