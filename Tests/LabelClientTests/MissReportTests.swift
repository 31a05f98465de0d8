import Foundation
@testable import LabelClient
import LabelCore
import Testing
import MissingKeys

@Suite struct MissReportTests {
    @Test func missesAreQueuedDeduplicatedAndFlushedToTheRealServer() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de-AT")
        #expect(labels.string("no.such.key") == "no.such.key")
        labels.string("no.such.key")
        labels.string("coins.count", count: 2)      // found in de: a truncation of de-AT, not a miss
        let french = try await client.labels(language: "fr")
        french.string("coins.count", count: 2)      // fr lacks it: served from en, a miss
        #expect(await client.pendingMissCount == 2)
        #expect(try await client.flushMissing() == 2)
        #expect(await client.pendingMissCount == 0)
        #expect(try await client.flushMissing() == 0)
        let entries = server.missing.recorder.snapshot().entries
        let triples = Set(entries.map { "\($0.table)|\($0.key)|\($0.requested)" })
        #expect(triples == ["Localizable|no.such.key|de-AT", "Localizable|coins.count|fr"])
    }

    @Test func failedFlushKeepsTheQueueAndTheNextFlushSendsIt() async throws {
        let calls = Counter()
        let server = try ScriptedServer { request in
            guard request.requestLine.hasPrefix("POST") else { return ScriptedServer.response("404 Not Found") }
            return calls.next() == 1
                ? ScriptedServer.response("503 Service Unavailable")
                : ScriptedServer.response("200 OK", body: #"{"recorded":1,"added":1,"dropped":0}"#)
        }
        defer { server.stop() }
        let labels = try await fallbackSet(server: server)
        labels.set.string("absent.key")
        await #expect(throws: LabelClientError.status(503)) { try await labels.client.flushMissing() }
        #expect(await labels.client.pendingMissCount == 1)
        #expect(try await labels.client.flushMissing() == 1)
        let posts = server.requests.filter { $0.requestLine.hasPrefix("POST /missing ") }
        #expect(posts.count == 2)
        #expect(posts.allSatisfy { $0.header("Content-Type") == "application/json" })
        let items = try #require(try JSONSerialization.jsonObject(with: posts[1].body) as? [[String: String]])
        #expect(items == [["key": "absent.key", "lang": "de", "table": "Localizable"]])
    }

    @Test func batchesAreBoundedAndOneRequestIsInFlight() async throws {
        // The first POST is held until the second call has joined it: events, no delay.
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try ScriptedServer { request in
            guard request.requestLine.hasPrefix("POST") else { return ScriptedServer.response("404 Not Found", body: "") }
            arrived.signal()
            release.wait()
            return ScriptedServer.response("200 OK", body: #"{"recorded":0,"added":0,"dropped":0}"#)
        }
        defer { server.stop() }
        let labels = try await fallbackSet(server: server)
        for index in 0..<1_500 { labels.set.string("absent.\(index)") }
        #expect(await labels.client.pendingMissCount == 1_500)
        let first = Task { try await labels.client.flushMissing() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { arrived.wait(); done.resume() }
        }
        let second = Task { try await labels.client.flushMissing() }
        await labels.client.flushesJoined(1)
        release.signal()
        let sent = try await [first.value, second.value]
        // The second call joined the first: one POST of 1,000.
        #expect(sent == [1_000, 1_000])
        release.signal()
        #expect(server.requests.filter { $0.requestLine.hasPrefix("POST") }.count == 1)
        #expect(try await labels.client.flushMissing() == 500)
        #expect(await labels.client.pendingMissCount == 0)
    }

    @Test func argumentErrorsReturnTheKeyInsteadOfThrowing() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
            .labels(language: "de")
        // The server answers 400 here (argument 3 missing; "x" is no integer).
        #expect(labels.string("grid.cell.label", count: 2, arguments: ["3"]) == "grid.cell.label")
        #expect(labels.string("grid.cell.label", count: 2, arguments: ["x", "Rot"]) == "grid.cell.label")
        // No arguments at all: the key too, not the server's raw template (see UnrenderedTemplateTests).
        #expect(labels.string("grid.cell.label") == "grid.cell.label")
    }

    /// A client on `server` whose labels come from the fallback store (the
    /// scripted server answers only `/missing` sensibly).
    private func fallbackSet(server: ScriptedServer) async throws -> (client: LabelClient, set: LabelSet) {
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil,
                                 fallbackStore: ClientTestServer.bundledStore, timeout: ClientTestServer.patience)
        return (client, try await client.labels(language: "de"))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
