import Foundation
import Glibc
import HTTP1
import HTTPServer
import Testing
import TestSupport

/// A responder whose `/big` body is one precomputed 256 KiB array, as catalog bodies are.
struct BigBodyResponder: HTTPResponder {
    static let body: [UInt8] = (0..<(256 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        request.path == "/big"
            ? HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: Self.body)
            : EchoResponder().respond(to: request)
    }

    func respond(to error: HTTPParseError) -> HTTPResponse { EchoResponder().respond(to: error) }
}

/// Clients that pipeline requests and never read must not make the server
/// buffer their responses: it stops reading them (backpressure) and queues
/// shared bodies by reference.
@Suite struct HTTPServerBackpressureTests {
    /// Polls (the statistics refresh every ~100 ms) until `condition` or 20 s.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    @Test func pipeliningClientsThatNeverReadAreStoppedAtTheHighWaterMark() throws {
        try TestServer.with(responder: BigBodyResponder()) { test in
            let connections = 10, requests = 100
            var clients: [RawClient] = []
            for _ in 0..<connections {
                let client = try test.connect(timeout: 20)
                try client.send(String(repeating: get("/big"), count: requests))
                clients.append(client)
            }
            // Every connection has more output than the kernel will take: each must pause.
            #expect(Self.eventually { test.server.readPauses >= connections }, "reads paused \(test.server.readPauses) times")
            // Paused connections queue no more output; the statistics below are as of a sweep after the pauses.
            #expect(test.awaitSweep(), "the loops did not sweep within 10 s")
            let highWater = HTTPServerConfiguration().outputHighWater
            let body = BigBodyResponder.body.count
            // Unsent output per connection: at most the high-water mark plus the response that crossed it.
            #expect(test.server.pendingOutputBytes <= connections * (highWater + body + 4096),
                    "pending \(test.server.pendingOutputBytes) bytes")
            // The body is referenced, not copied: connections own only heads.
            #expect(test.server.ownedOutputBytes <= connections * 16 << 10, "owned \(test.server.ownedOutputBytes) bytes")

            // Reading resumes the connection: every request is answered, in order, intact.
            let reader = clients.removeFirst()
            for _ in clients.indices { clients.removeLast().close() }
            for index in 0..<30 {
                let response = try reader.readResponse()
                #expect(response.status == 200)
                #expect(response.body == BigBodyResponder.body, "response \(index)")
                if response.body != BigBodyResponder.body { break }
            }
        }
    }

    @Test func closedSlowReadersGiveTheirOutputBack() throws {
        try TestServer.with(responder: BigBodyResponder()) { test in
            var clients: [RawClient] = []
            for _ in 0..<8 {
                let client = try test.connect()
                try client.send(String(repeating: get("/big"), count: 100))
                clients.append(client)
            }
            #expect(Self.eventually { test.server.pendingOutputBytes > 0 })
            for client in clients { client.close() }
            #expect(Self.eventually { test.server.openConnections == 0 && test.server.pendingOutputBytes == 0 },
                    "\(test.server.openConnections) open, \(test.server.pendingOutputBytes) bytes pending")
            #expect(test.server.ownedOutputBytes == 0)
        }
    }
}
