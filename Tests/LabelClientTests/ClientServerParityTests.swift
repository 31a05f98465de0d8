import Foundation
import LabelClient
import LabelCore
import Testing
import TestSupport

/// The client's offline rendering equals the server's, byte for byte: every
/// key, in every language, with every count below, against the real server's
/// `GET /labels/{key}` on loopback.
@Suite struct ClientServerParityTests {
    static let counts: [Double] = [0, 1, 2, 3, 5, 11, 21, 101, 1000, 1.5]
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func bundledStoreRendersAsTheServerDoes() async throws {
        let store = try ClientTestServer.loaded.get()
        // Every language the store has, plus tags that reach them through the
        // chain (regional, other regions' number conventions) and one with no strings.
        let languages = store.catalog.languages.map(\.rawValue) + ["de-AT", "de-CH", "en-IN", "fr-CA", "pt-PT", "ar-EG", "xx"]
        let sweep = try await compareEveryLabel(store, languages: languages)
        #expect(sweep.compared > 3_000)
        #expect(sweep.rejected < sweep.compared / 10)
    }

    /// With no development language (`--dev-lang none`) a chain ends at the
    /// requested tag: the bundle says so and the client follows.
    @Test func noDevelopmentLanguageRendersAsTheServerDoes() async throws {
        let store = try StoreLoader.load(StoreConfiguration(directory: ClientTestServer.bundledStore.path, developmentLanguage: nil))
        let sweep = try await compareEveryLabel(store, languages: ["de", "de-AT", "fr", "xx"])
        #expect(sweep.compared > 1_000)
    }

    /// The LabelCore fixture store: `de-DE.lproj`, `Base.lproj`, legacy `English.lproj`,
    /// a String Catalog with substitutions.
    @Test func fixtureStoreRendersAsTheServerDoes() async throws {
        let directory = Self.repository.appendingPathComponent("Tests/LabelCoreTests/Fixtures/store")
        let store = try StoreLoader.load(StoreConfiguration(directory: directory.path))
        let languages = store.catalog.languages.map(\.rawValue) + ["de-AT", "de-DE", "en-GB", "fr", "xx"]
        let sweep = try await compareEveryLabel(store, languages: languages)
        #expect(sweep.compared > 500)
    }

    /// Real apps' plural and format strings (the corpus: Mastodon, Element,
    /// DuckDuckGo, IceCubes, xcstrings-tool...), one bundle per file folder.
    @Test func corpusFormatStringsRenderAsTheServerDoes() async throws {
        let corpus = Self.repository.appendingPathComponent("Tests/LabelCoreTests/Fixtures/corpus")
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var bundles: [String] = []
        let files = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.sorted { $0.path < $1.path } ?? []
        for file in files where ["strings", "stringsdict", "xcstrings"].contains(file.pathExtension) {
            let bundle = "corpus\(bundles.count)"
            let parent = file.deletingLastPathComponent()
            var target = root.appendingPathComponent(bundle)
            if parent.pathExtension == "lproj" { target = target.appendingPathComponent(parent.lastPathComponent) }
            else if file.pathExtension != "xcstrings" { continue }
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file, to: target.appendingPathComponent(file.lastPathComponent))
            bundles.append(bundle)
        }
        let store = try StoreLoader.load(StoreConfiguration(directory: root.path, bundles: bundles))
        let sweep = try await compareEveryLabel(store, languages: ["de", "de-DE", "en", "de-AT", "fr"], formattedOnly: true)
        #expect(sweep.compared > 1_000)
    }

    struct Sweep { var compared = 0; var rejected = 0 }

    /// Serves `store`, fetches each (table, language) with a client, and compares
    /// every key's `string(_:count:arguments:)` with `GET /labels/{key}`.
    func compareEveryLabel(_ store: LoadedStore, languages: [String], formattedOnly: Bool = false) async throws -> Sweep {
        let server = try ClientTestServer(store: store)
        defer { server.stop() }
        let catalog = store.catalog
        let resolver = LabelResolver(catalog: catalog)
        let connection = UncheckedBox(try RawClient(port: server.port, timeout: ClientTestServer.patience))
        var sweep = Sweep()
        for table in catalog.tables {
            let keys = Set(catalog.languages(table: table).flatMap { catalog.entries(table: table, language: $0).keys }).sorted()
            for language in languages {
                let client = LabelClient(baseURL: server.baseURL, table: table, cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
                guard let labels = try? await client.labels(language: language) else {
                    // The table has no strings in this chain: the server says 404 too.
                    let response = try connection.value.exchange("GET /labels?lang=\(language)&table=\(table) HTTP/1.1\r\nHost: test\r\n\r\n")
                    #expect(response.status == 404, "\(table) \(language): \(response)")
                    continue
                }
                #expect(labels.origin == .network)
                let chain = resolver.chain(preferred: [LanguageTag(language)!])
                for key in keys + ["no.such.key"] {
                    let entry = resolver.resolve(key: key, table: table, chain: chain).entry
                    let needed = entry?.argumentCount ?? 0
                    if formattedOnly && needed == 0 { continue }
                    for count in Self.counts {
                        // count is argument 1; fillers fit %d and %@ alike.
                        let extra = Array(repeating: "7", count: max(needed - 1, 0))
                        let countText = count == 1.5 ? "1.5" : String(Int(count))
                        let query = (["lang=\(language)", "table=\(table)", "count=\(countText)"] + extra.map { "arg=\($0)" })
                            .joined(separator: "&")
                        let path = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~")))!
                        let response = try await offPool {
                            try connection.value.exchange("GET /labels/\(path)?\(query) HTTP/1.1\r\nHost: test\r\nAccept: text/plain\r\n\r\n")
                        }
                        let local = labels.string(key, count: count, arguments: extra)
                        if response.status == 200 {
                            #expect(local == response.text, "\(table) \(key) \(language) count=\(countText)")
                        } else {
                            // Where the server answers 400 the client returns the key (never a
                            // template a screen reader would read out).
                            #expect(response.status == 400, "\(response)")
                            #expect(local == key, "\(table) \(key) \(language) count=\(countText)")
                            sweep.rejected += 1
                        }
                        sweep.compared += 1
                    }
                }
            }
        }
        return sweep
    }
}

/// Runs blocking socket I/O on a Dispatch thread, so a long sweep does not
/// hold one of the few cooperative threads other tests (and the client's
/// own continuations) need.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

/// Hands a non-Sendable client to the Dispatch thread of `offPool`; the sweep
/// uses it from one place at a time.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
