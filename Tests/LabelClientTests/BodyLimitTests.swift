import GzipCoding
import Dispatch
import Foundation
import HTTPServer
import LabelClient
import Testing

/// ``LabelClient/bodyLimit`` bounds what the client reads, not only what it keeps:
/// against a body that never ends, the server gets to write the limit and what the
/// kernel buffers between the two ends, and no more (issue 34: corelibs' `URLSession`
/// read on for hundreds of MiB after the delegate cancelled).
@Suite struct BodyLimitTests {
    static let limit = 1 << 20
    /// What a hostile server writes at most: far past the bound asserted, so a client
    /// that reads on is seen.
    static let serverCap = 512 << 20
    /// What loopback's socket buffers (the server's send buffer, the client's receive
    /// buffer) may hold besides what the client read; sockets under the default
    /// autotuning stay far below this when the reader stops at 1 MiB.
    static let slack = 16 << 20

    /// A server that answers every request with `head` and then `piece` over and over
    /// until the client hangs up (or `serverCap`); `written` counts the pieces the
    /// kernel took, and `done` is signalled once the server stopped writing.
    static func floodingServer(head: String, first: [UInt8] = [], piece: [UInt8],
                               written: WrittenCounter, done: DispatchSemaphore) throws -> ScriptedServer {
        try ScriptedServer { _, write in
            defer { done.signal() }
            guard write(Array(head.utf8) + first) else { return }
            while written.value < serverCap, write(piece) { written.add(piece.count) }
        }
    }

    /// Waits, off the cooperative pool, for the server to stop writing.
    static func finished(_ done: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                done.wait()
                continuation.resume()
            }
        }
    }

    static let chunkedHead = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"

    @Test(.timeLimit(.minutes(2))) func endlessChunkedBodyIsReadNoFurtherThanTheLimit() async throws {
        let piece = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16) + Array("\r\n".utf8)
        let written = WrittenCounter()
        let done = DispatchSemaphore(value: 0)
        let server = try Self.floodingServer(head: Self.chunkedHead, piece: piece, written: written, done: done)
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil,
                                 timeout: ClientTestServer.patience, bodyLimit: Self.limit)
        #expect(await HostileServerTests.networkFailure(client) == .bodyTooLarge(limit: Self.limit))
        await Self.finished(done)
        #expect(written.value <= Self.limit + Self.slack)
    }

    @Test(.timeLimit(.minutes(2))) func endlessGzipBodyIsReadNoFurtherThanTheLimit() async throws {
        // A gzip member that never ends: the gzip header, then stored deflate blocks of
        // 65,535 bytes (not final) for ever, each its own chunk. Inflated it is as long
        // as it is on the wire.
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        let block: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + [UInt8](repeating: UInt8(ascii: " "), count: 65_535)
        let piece = Array("\(String(block.count, radix: 16))\r\n".utf8) + block + Array("\r\n".utf8)
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n"
            + "Content-Type: application/json\r\nConnection: close\r\n\r\n"
        let written = WrittenCounter()
        let done = DispatchSemaphore(value: 0)
        let server = try Self.floodingServer(head: head, first: Array("a\r\n".utf8) + header + Array("\r\n".utf8), piece: piece,
                                             written: written, done: done)
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil,
                                 timeout: ClientTestServer.patience, bodyLimit: Self.limit)
        #expect(await HostileServerTests.networkFailure(client) == .bodyTooLarge(limit: Self.limit))
        await Self.finished(done)
        #expect(written.value <= Self.limit + Self.slack)
    }

    @Test(.timeLimit(.minutes(2))) func gzipBombStopsAtTheLimit() async throws {
        // 64 MiB of zeros in about 64 KiB: the wire is far under the limit, the output 64 times over it.
        let bomb = try Gzip.compress([UInt8](repeating: 0, count: 64 * Self.limit))
        #expect(bomb.count < Self.limit / 8)
        let server = try ScriptedServer { _, write in
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(bomb.count)\r\nContent-Encoding: gzip\r\n"
                + "Content-Type: application/json\r\nConnection: close\r\n\r\n"
            _ = write(Array(head.utf8) + bomb)
        }
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil,
                                 timeout: ClientTestServer.patience, bodyLimit: Self.limit)
        #expect(await HostileServerTests.networkFailure(client) == .bodyTooLarge(limit: Self.limit))
    }

    @Test func gzipBodyUnderTheLimitIsInflated() async throws {
        let body = try bundleBody(language: "de")
        let compressed = try Gzip.compress(Array(body.utf8))
        let server = try ScriptedServer { _, write in
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(compressed.count)\r\nContent-Encoding: gzip\r\nETag: \"v1\"\r\n"
                + "Content-Type: application/json\r\nConnection: close\r\n\r\n"
            _ = write(Array(head.utf8) + compressed)
        }
        defer { server.stop() }
        // Exactly the inflated size: the limit counts decompressed bytes, and is "more than".
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil,
                                 timeout: ClientTestServer.patience, bodyLimit: body.utf8.count)
        let labels = try await client.labels(language: "de")
        #expect(labels.origin == .network)
        #expect(labels.string("coins.count", count: 3) == "3 Münzen")
    }
}

/// Bytes a test server wrote, read from the test's task.
final class WrittenCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    func add(_ count: Int) { lock.withLock { total += count } }
    var value: Int { lock.withLock { total } }
}
