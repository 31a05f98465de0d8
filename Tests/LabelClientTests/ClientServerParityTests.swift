import Foundation
import LabelClient
import LabelCore
import Testing
import TestSupport

/// The client's offline rendering equals the server's, byte for byte: every
/// key of the bundled store, in every language, with every count below,
/// against the real server's `GET /labels/{key}` on loopback.
@Suite struct ClientServerParityTests {
    static let counts: [Double] = [0, 1, 2, 3, 5, 11, 21, 101, 1000, 1.5]
    /// Every language the store has, plus tags that reach them through the
    /// chain (regional, legacy) and one with no strings at all.
    static func languages(_ catalog: Catalog) -> [String] {
        catalog.languages.map(\.rawValue) + ["de-AT", "de-CH", "en-IN", "fr-CA", "pt-PT", "ar-EG", "xx"]
    }

    @Test func everyKeyLanguageAndCountRendersAsTheServerDoes() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let catalog = try ClientTestServer.loaded.get().catalog
        let resolver = LabelResolver(catalog: catalog)
        let connection = try RawClient(port: server.port, timeout: 30)
        var compared = 0
        var rejected = 0
        for table in catalog.tables {
            let keys = Set(catalog.languages(table: table).flatMap { catalog.entries(table: table, language: $0).keys }).sorted()
            for language in Self.languages(catalog) {
                let client = LabelClient(baseURL: server.baseURL, table: table, cacheDirectory: nil, fallbackStore: nil, timeout: 30)
                let labels = try await client.labels(language: language)
                #expect(labels.origin == .network)
                let chain = resolver.chain(preferred: [LanguageTag(language)!])
                for key in keys + ["no.such.key"] {
                    let needed = resolver.resolve(key: key, table: table, chain: chain).entry?.argumentCount ?? 0
                    for count in Self.counts {
                        // count is argument 1; fillers fit %d and %@ alike.
                        let extra = Array(repeating: "7", count: max(needed - 1, 0))
                        let countText = count == 1.5 ? "1.5" : String(Int(count))
                        let query = (["lang=\(language)", "table=\(table)", "count=\(countText)"] + extra.map { "arg=\($0)" })
                            .joined(separator: "&")
                        let path = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~")))!
                        let response = try connection.exchange(
                            "GET /labels/\(path)?\(query) HTTP/1.1\r\nHost: test\r\nAccept: text/plain\r\n\r\n")
                        let local = labels.string(key, count: count, arguments: extra)
                        if response.status == 200 {
                            #expect(local == response.text, "\(table) \(key) \(language) count=\(countText)")
                        } else {
                            // Where the server answers 400 the client returns the template.
                            #expect(response.status == 400, "\(response)")
                            let template = resolver.resolve(key: key, table: table, chain: chain).entry?.string.template
                            #expect(local == template, "\(table) \(key) \(language) count=\(countText)")
                            rejected += 1
                        }
                        compared += 1
                    }
                }
            }
        }
        // Sanity: the sweep really covered the store.
        #expect(compared > 3_000)
        #expect(rejected < compared / 10)
    }
}
