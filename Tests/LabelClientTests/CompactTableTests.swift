import Foundation
@testable import LabelClient
import LabelCore
import Testing
import TestSupport

/// The cache's compact form decodes into exactly the catalog the bundle's JSON
/// gives, and a damaged file throws instead of crashing.
@Suite struct CompactTableTests {
    @Test func theCompactFormGivesTheJSONBundlesCatalog() throws {
        let store = try ClientTestServer.loaded.get()
        var compared = 0
        for table in store.catalog.tables {
            for language in store.catalog.languages(table: table) {
                let document = try LabelBundleDocument.decode(Data(try bundleBody(language: language.rawValue, table: table).utf8))
                let expected = try document.catalog()
                let compact = try CompactTable.decode(Data(try CompactTable.encode(document)))
                #expect(compact.lang == document.lang && compact.table == document.table && compact.etag == document.etag)
                #expect(compact.development == document.development)
                #expect(compact.entryLanguages == Set(document.entries.values.map(\.lang)))
                #expect(compact.catalog.developmentLanguage == expected.developmentLanguage)
                #expect(compact.catalog.bundles == expected.bundles)
                #expect(Set(compact.catalog.languages) == Set(expected.languages))
                for entryLanguage in expected.languages {
                    #expect(compact.catalog.entries(table: table, language: entryLanguage)
                            == expected.entries(table: table, language: entryLanguage), "\(table) \(language) \(entryLanguage)")
                    compared += expected.entries(table: table, language: entryLanguage).count
                }
            }
        }
        #expect(compared > 500)
    }

    @Test func aDamagedCompactTableThrowsAndNeverCrashes() throws {
        let document = try LabelBundleDocument.decode(Data(try bundleBody(language: "pl").utf8))
        let bytes = try CompactTable.encode(document)
        var generator = SeededGenerator(seed: 0xDA_3A6E)
        var refused = 0
        for cut in stride(from: 0, to: bytes.count, by: max(bytes.count / 300, 1)) {
            #expect(throws: LabelClientError.self) { try CompactTable.decode(Data(bytes[..<cut])) }
            refused += 1
        }
        for _ in 0..<300 {
            var damaged = bytes
            damaged[Int.random(in: 4..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? CompactTable.decode(Data(damaged))   // any outcome but a crash (seed above: every run the same)
        }
        #expect(refused > 100)
    }

    /// A cache file of the first version (the bundle's JSON) still serves, and the
    /// next 200 replaces it with the compact form.
    @Test func aFirstVersionCacheFileStillServes() async throws {
        let body = try bundleBody(language: "de")
        let server = try ScriptedServer { _ in ScriptedServer.response("200 OK", headers: ["ETag: \"v2\""], body: body) }
        let cache = LabelCache(root: temporaryDirectory(), baseURL: server.baseURL)
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        let file = cache.fileURL(table: "Localizable", language: LanguageTag("de")!)
        try Data("label-client-cache 1\n\"v1\"\n\(body)".utf8).write(to: file)
        let root = cache.directory.deletingLastPathComponent()
        let offline = try await LabelClient(baseURL: server.baseURL, cacheDirectory: root, timeout: ClientTestServer.patience)
            .labels(language: "de", policy: .localFirst)
        #expect(offline.origin == .cache)
        #expect(offline.etag == "\"v1\"")
        #expect(offline.string("coins.count", count: 3) == "3 Münzen")
        let online = try await LabelClient(baseURL: server.baseURL, cacheDirectory: root, timeout: ClientTestServer.patience).labels(language: "de")
        server.stop()
        #expect(online.origin == .network)
        #expect(try Data(contentsOf: file).starts(with: Data("label-client-cache 3\n\"v2\"\nLCT1".utf8)))
    }
}
