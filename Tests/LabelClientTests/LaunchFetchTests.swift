import Foundation
import LabelClient
import LabelCore
import LabelServer
import Testing

@Suite struct LaunchFetchTests {
    @Test func coldFetchRendersFromTheNetworkAndWritesTheCache() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let cache = temporaryDirectory()
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de-AT")
        #expect(labels.origin == .network)
        #expect(labels.language == "de")
        #expect(labels.etag?.hasPrefix("\"") == true)
        #expect(labels.string("coins.count", count: 3) == "3 Münzen")
        #expect(labels.string("coins.count", count: 1) == "1 Münze")
        #expect(labels.string("coins.count", count: 1000) == "1.000 Münzen")
        #expect(labels.string("grid.cell.label", count: 2, arguments: ["3", "Rot"]) == "Reihe 2, Spalte 3, Rot")
        // One folder for the server, one file for (Localizable, de-AT).
        let folders = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(folders.count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent(folders[0]).path)
        #expect(files == ["Localizable.de-AT.labels"])
    }

    @Test func secondLaunchRevalidatesWithIfNoneMatch() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let cache = temporaryDirectory()
        let first = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "fr")
        let second = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "fr")
        #expect(first.origin == .network)
        #expect(second.origin == .revalidated)
        #expect(second.etag == first.etag)
        #expect(second.string("control.close.label") == first.string("control.close.label"))
    }

    @Test func requestCarriesGzipAndTheCachedETag() async throws {
        let body = try bundleBody(language: "de")
        let server = try ScriptedServer { request in
            if request.header("If-None-Match") == "\"v1\"" {
                return ScriptedServer.response("304 Not Modified", headers: ["ETag: \"v1\""])
            }
            return ScriptedServer.response("200 OK", headers: ["ETag: \"v1\"", "Content-Type: application/json"], body: body)
        }
        defer { server.stop() }
        let cache = temporaryDirectory()
        let client = LabelClient(baseURL: server.baseURL, table: "Localizable", cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
        #expect(try await client.labels(language: "de").origin == .network)
        #expect(try await client.labels(language: "de").origin == .revalidated)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests[0].requestLine == "GET /labels?lang=de&table=Localizable HTTP/1.1")
        #expect(requests[0].header("Accept-Encoding")?.contains("gzip") == true)
        #expect(requests[0].header("If-None-Match") == nil)
        #expect(requests[1].header("If-None-Match") == "\"v1\"")
    }

    @Test func bundleCarriesEveryPluralVariableSourceAndDevelopmentLanguage() throws {
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(bundleBody(language: "de").utf8)) as? [String: Any])
        #expect(bundle["development"] as? String == "en")
        let entries = try #require(bundle["entries"] as? [String: [String: Any]])
        let labels = try #require(bundle["labels"] as? [String: String])
        #expect(Set(entries.keys) == Set(labels.keys))
        // "%1$#@minutes@ YouTube schauen, kostet %2$#@coins@": both variables, every category.
        let youtube = try #require(entries["reward.youtube"])
        #expect(youtube["source"] as? String == "app/de")
        #expect(youtube["lang"] as? String == "de")
        let variables = try #require(youtube["variables"] as? [String: [String: Any]])
        #expect(Set(variables.keys) == ["minutes", "coins"])
        #expect((variables["coins"]?["variants"] as? [String: String])?.keys.sorted() == ["one", "other"])
        // A key only English has is served from English, and says so.
        let english = entries.values.filter { $0["lang"] as? String == "en" }
        #expect(english.allSatisfy { ($0["source"] as? String)?.hasSuffix("/en") == true })
    }

    @Test func eachServerGetsItsOwnCacheFolder() async throws {
        let one = try ClientTestServer()
        let two = try ClientTestServer()
        defer { one.stop(); two.stop() }
        let cache = temporaryDirectory()
        _ = try await LabelClient(baseURL: one.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience).labels(language: "de")
        _ = try await LabelClient(baseURL: two.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience).labels(language: "de")
        let folders = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        #expect(folders.count == 2)
        #expect(folders.allSatisfy { $0.hasPrefix("127.0.0.1-") })
    }

    @Test func malformedLanguageIsATypedError() async throws {
        let client = LabelClient(baseURL: URL(string: "http://127.0.0.1:9")!, cacheDirectory: nil, fallbackStore: nil, timeout: 1)
        await #expect(throws: LabelClientError.invalidLanguage("../etc")) { try await client.labels(language: "../etc") }
    }

    @Test func keysOfOtherTablesComeFromTheTableParameter() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, table: "Accessibility", cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de")
        #expect(labels.table == "Accessibility")
        #expect(!labels.keys.isEmpty)
    }
}

/// The real server's `GET /labels` body for a language, rendered in-process.
func bundleBody(language: String, table: String = "Localizable") throws -> String {
    let catalog = try ClientTestServer.loaded.get().catalog
    let chain = LanguageChain(preferred: [LanguageTag(language)!], development: catalog.developmentLanguage)
    let table = try #require(ResolvedTable(catalog: catalog, table: table, chain: chain))
    return String(decoding: table.json().body, as: UTF8.self)
}
