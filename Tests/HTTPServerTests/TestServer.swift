import Sockets
import TestSupport
import Foundation
import HTTP1
import HTTPServer
import Testing

/// A real ``EpollServer`` on an ephemeral 127.0.0.1 port, for the length of one test.
struct TestServer {
    let server: EpollServer
    let port: UInt16

    /// Starts a server (two loops, so cross-loop behaviour is exercised), runs `body`,
    /// then shuts the server down and expects it to finish promptly.
    static func with<R>(
        limits: HTTPParserLimits = .default,
        timeouts: HTTPConnectionState.Configuration = .init(),
        maxConnections: Int = 20_000,
        responder: any HTTPResponder = EchoResponder(),
        clock: ManualClock? = nil,
        outputHighWater: Int = 64 << 10,
        _ body: (TestServer) throws -> R
    ) throws -> R {
        var configuration = HTTPServerConfiguration(
            host: "127.0.0.1", port: 0, eventLoops: 2, limits: limits, timeouts: timeouts,
            maxConnections: maxConnections, outputHighWater: outputHighWater, linger: .milliseconds(500))
        if let clock { configuration.clock = clock }
        let server = EpollServer(configuration: configuration, responder: responder)
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3), "the server did not finish within 3 s of shutdown()")
        }
        return try body(TestServer(server: server, port: address.port))
    }

    /// Advances the server's manual clock by `duration` and returns once every loop has swept
    /// at the new time: each timeout due by then has been acted on (a connection it closed is
    /// closed). A loop sweeps at most every 100 ms of clock time, so steps are at least that.
    /// The 10 s wait is a hang guard, not a measurement.
    func advance(_ clock: ManualClock, by duration: Duration) {
        precondition(duration >= .milliseconds(100), "the loops sweep every 100 ms of clock time")
        clock.advance(by: duration)
        let target = clock.now()
        for _ in 0..<10_000 where server.sweptUntil < target { usleep(1_000) }
        #expect(server.sweptUntil >= target, "the loops did not sweep within 10 s")
    }

    /// A new connection, once the server has accepted it (so a manual clock advanced after
    /// this counts from the accept).
    func connectAccepted() throws -> RawClient {
        let before = server.openConnections
        let client = try connect()
        for _ in 0..<10_000 where server.openConnections <= before { usleep(1_000) }
        #expect(server.openConnections > before, "not accepted within 10 s")
        return client
    }

    /// A new connection to this server.
    func connect(timeout: Double = 3) throws -> RawClient {
        try RawClient(port: port, timeout: timeout)
    }
}

/// `GET path` with a Host header, and extra header lines (each ending in CRLF).
func get(_ path: String, version: String = "HTTP/1.1", _ extra: String = "") -> String {
    "GET \(path) \(version)\r\nHost: test\r\n\(extra)\r\n"
}
