import Foundation
import LabelClient
import LabelCore
import Testing

/// `labels(language:policy: .localFirst)`: the cache or the bundled store at
/// once, the server only in the background (`refreshed(language:)`).
@Suite struct LocalFirstTests {
    /// A launch that waited on the network would take the client's whole
    /// `timeout`: ten minutes here. The bound below only guards against a hang (under
    /// the whole suite on two cores a launch may wait seconds for a thread); the origin
    /// and the refresh still in flight pin that no network wait happened. The launch's
    /// own time is `Benchmarks/client-launch.sh`'s figure, not a test's.
    static let patientTimeout: TimeInterval = 600
    static let hangGuard: Duration = .seconds(120)

    @Test func aStalledServerNeverDelaysALaunchFromTheCache() async throws {
        let body = try bundleBody(language: "de")
        let stalled = LockedFlag()
        let server = try ScriptedServer { _ in
            stalled.value ? nil : ScriptedServer.response("200 OK", headers: ["ETag: \"v1\""], body: body)
        }
        defer { server.stop() }
        let cache = temporaryDirectory()
        _ = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: ClientTestServer.patience).labels(language: "de")
        stalled.value = true   // accepts, reads the request, never answers

        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: Self.patientTimeout)
        let clock = ContinuousClock()
        let started = clock.now
        let labels = try await client.labels(language: "de", policy: .localFirst)
        let elapsed = clock.now - started
        #expect(labels.origin == .cache)
        #expect(labels.etag == "\"v1\"")
        #expect(labels.string("coins.count", count: 3) == "3 Münzen")
        #expect(elapsed < Self.hangGuard)
        print("localFirst launch from the cache, stalled server: \(elapsed)")
        // The refresh is under way: the server holds its request.
        try await waitUntil { server.requests.count == 2 }
        server.stop()   // the held connection closes: the refresh fails
        #expect(await client.refreshed(language: "de") == nil)
    }

    @Test func withoutACacheTheBundledStoreAnswersAtOnce() async throws {
        let server = try ScriptedServer { _ in nil }
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: temporaryDirectory(),
                                 fallbackStore: ClientTestServer.bundledStore, timeout: Self.patientTimeout)
        let clock = ContinuousClock()
        let started = clock.now
        let labels = try await client.labels(language: "de", policy: .localFirst)
        let elapsed = clock.now - started
        #expect(labels.origin == .fallback)
        #expect(labels.string("coins.count", count: 3) == "3 Münzen")
        #expect(elapsed < Self.hangGuard)
        print("localFirst launch from the bundled store, stalled server: \(elapsed)")
    }

    @Test func refreshedGivesTheNewerSetAfterAStoreChange() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let cache = temporaryDirectory()
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: ClientTestServer.patience)
        // No cache, no bundled store: the first launch waits on the server, and refreshes nothing.
        let first = try await client.labels(language: "de", policy: .localFirst)
        #expect(first.origin == .network)
        #expect(await client.refreshed(language: "de") == nil)

        server.replace(store: try Self.changedStore())
        let stale = try await client.labels(language: "de", policy: .localFirst)
        #expect(stale.origin == .cache)
        #expect(stale.string("coins.count", count: 3) == "3 Münzen")
        let fresh = try #require(await client.refreshed(language: "de"))
        #expect(fresh.origin == .network)
        #expect(fresh.etag != stale.etag)
        #expect(fresh.string("coins.count", count: 3) == "3 Taler")

        // The refresh was cached: the next launch starts from it, and the server confirms it (304).
        let next = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: ClientTestServer.patience)
            .labels(language: "de", policy: .localFirst)
        #expect(next.etag == fresh.etag)
        #expect(next.string("coins.count", count: 3) == "3 Taler")
        #expect(await client.refreshed(language: "fr") == nil)   // never launched
    }

    @Test func aLocalFirstLaunchQueuesMissesForFlushMissing() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let cache = temporaryDirectory()
        _ = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: ClientTestServer.patience).labels(language: "de")
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de", policy: .localFirst)
        #expect(labels.origin == .cache)
        #expect(labels.string("no.such.key") == "no.such.key")
        #expect(await client.pendingMissCount == 1)
        #expect(try await client.flushMissing() == 1)
        #expect(await client.pendingMissCount == 0)
        _ = await client.refreshed(language: "de")
    }

    /// The repository's `Strings/` with German `coins.count` changed.
    static func changedStore() throws -> LoadedStore {
        let copy = temporaryDirectory().appendingPathComponent("Strings")
        try FileManager.default.copyItem(at: ClientTestServer.bundledStore, to: copy)
        let file = copy.appendingPathComponent("app/de.lproj/Localizable.stringsdict")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "%d Münzen", with: "%d Taler")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try StoreLoader.load(StoreConfiguration(directory: copy.path))
    }
}

/// Polls `condition` every 10 ms, for at most 10 s.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    for _ in 0..<1_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    #expect(condition())
}
