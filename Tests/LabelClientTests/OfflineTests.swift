import Foundation
import Glibc
import LabelClient
import LabelCore
import Testing

@Suite struct OfflineTests {
    /// A port nothing listens on and no other test can take: bound, never
    /// listening, held for the life of the process (a port freed by a stopped
    /// server could be handed to another test's server running meanwhile).
    static func deadURL() throws -> URL {
        try deadPort.map { URL(string: "http://127.0.0.1:\($0)")! }.get()
    }

    private static let deadPort: Result<UInt16, POSIXError> = {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        return bound ? .success(UInt16(bigEndian: address.sin_port)) : .failure(POSIXError(.EADDRINUSE))
    }()

    @Test func noServerServesTheCache() async throws {
        let server = try ClientTestServer()
        let cache = temporaryDirectory()
        let online = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "pl")
        server.stop()
        let offline = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "pl")
        #expect(offline.origin == .cache)
        #expect(offline.etag == online.etag)
        #expect(offline.string("items.count", count: 5) == online.string("items.count", count: 5))
    }

    @Test func errorStatusServesTheCache() async throws {
        let body = try bundleBody(language: "de")
        let failing = LockedFlag()
        let server = try ScriptedServer { _ in
            failing.value
                ? ScriptedServer.response("503 Service Unavailable")
                : ScriptedServer.response("200 OK", headers: ["ETag: \"v1\""], body: body)
        }
        defer { server.stop() }
        let cache = temporaryDirectory()
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
        #expect(try await client.labels(language: "de").origin == .network)
        failing.value = true
        let labels = try await client.labels(language: "de")
        #expect(labels.origin == .cache)
        #expect(labels.string("coins.count", count: 1) == "1 Münze")
    }

    @Test func noCacheServesTheFallbackStore() async throws {
        let client = LabelClient(baseURL: try Self.deadURL(), cacheDirectory: temporaryDirectory(),
                                 fallbackStore: ClientTestServer.bundledStore, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de-AT")
        #expect(labels.origin == .fallback)
        #expect(labels.language == "de")
        #expect(labels.etag == nil)
        #expect(labels.string("coins.count", count: 3) == "3 Münzen")
    }

    @Test func neitherCacheNorFallbackThrowsUnavailable() async throws {
        let client = LabelClient(baseURL: try Self.deadURL(), cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
        await #expect {
            try await client.labels(language: "de")
        } throws: { error in
            guard case LabelClientError.unavailable(_, nil) = error else { return false }
            return true
        }
    }

    @Test func brokenFallbackStoreThrowsUnavailableNamingIt() async throws {
        let absent = temporaryDirectory().appendingPathComponent("absent")
        let client = LabelClient(baseURL: try Self.deadURL(), cacheDirectory: nil,
                                 fallbackStore: absent, timeout: ClientTestServer.patience)
        await #expect {
            try await client.labels(language: "de")
        } throws: { error in
            guard case LabelClientError.unavailable(_, let fallback?) = error else { return false }
            return fallback == StoreLoadError(problems: [StoreProblem(file: absent.path, message: "store folder not found")])
        }
    }

    /// The launch ends with `timedOut` (URLSession's 1 s timeout, not its 60 s default, fired).
    /// No elapsed bound: the time limit is a hang guard only.
    @Test(.timeLimit(.minutes(1)))
    func stalledServerDoesNotHoldTheLaunchLongerThanTheTimeout() async throws {
        // Accepts the connection and reads the request, then never answers.
        let server = try ScriptedServer { _ in nil }
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: 1)
        await #expect {
            try await client.labels(language: "de")
        } throws: { error in
            guard case LabelClientError.unavailable(let network, nil) = error else { return false }
            return network == .timedOut
        }
        // The request reached the server, or on a loaded machine the deadline came first.
        #expect(server.requests.count <= 1)
    }

    /// The time limit is a hang guard: a cancel that did not end the fetch would wait out
    /// its 60 s timeout.
    @Test(.timeLimit(.minutes(1)))
    func cancellingTheLaunchEndsAStalledFetch() async throws {
        let server = try ScriptedServer { _ in nil }
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: 60)
        let launch = Task { try await client.labels(language: "de") }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        launch.cancel()
        await #expect {
            try await launch.value
        } throws: { error in
            guard case LabelClientError.unavailable(let network, nil) = error else { return false }
            return network == .transport(.cancelled)
        }
    }

    @Test func bundleWithoutEntriesFromAnOlderServerIsNotTrusted() async throws {
        // The body GET /labels had before `entries`: not enough to render as the server does.
        let old = #"{"lang":"de","table":"Localizable","etag":"e1","labels":{"coins.count":"%#@coins@"},"plurals":{}}"#
        let server = try ScriptedServer { _ in ScriptedServer.response("200 OK", headers: ["ETag: \"e1\""], body: old) }
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: temporaryDirectory(),
                                 fallbackStore: ClientTestServer.bundledStore, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de")
        #expect(labels.origin == .fallback)
        #expect(labels.string("coins.count", count: 2) == "2 Münzen")
    }

    @Test func stalledServerFallsBackToTheBundledStore() async throws {
        let server = try ScriptedServer { _ in nil }
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil,
                                 fallbackStore: ClientTestServer.bundledStore, timeout: 1)
        let labels = try await client.labels(language: "de")
        #expect(labels.origin == .fallback)
        #expect(labels.string("coins.count", count: 1) == "1 Münze")
    }

    @Test func corruptCacheIsIgnoredAndReplaced() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let cache = temporaryDirectory()
        _ = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "ru")
        let folder = try #require(FileManager.default.contentsOfDirectory(atPath: cache.path).first)
        let file = cache.appendingPathComponent(folder).appendingPathComponent("Localizable.ru.labels")
        let good = try Data(contentsOf: file)
        for garbage in [Data(), Data("label-client-cache 1\n\"x\"\n{\"lang\":".utf8), Data([0xFF, 0xFE, 0x00, 0x0A]), good.prefix(good.count / 2)] {
            try garbage.write(to: file)
            let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil, timeout: ClientTestServer.patience)
                .labels(language: "ru")
            #expect(labels.origin == .network)
            #expect(try Data(contentsOf: file) == good)
        }
        // Corrupt and offline: the fallback answers, nothing crashes.
        try Data("garbage".utf8).write(to: file)
        server.stop()
        let offline = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache,
                                            fallbackStore: ClientTestServer.bundledStore, timeout: ClientTestServer.patience).labels(language: "ru")
        #expect(offline.origin == .fallback)
    }
}

/// A Bool shared with a server thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
