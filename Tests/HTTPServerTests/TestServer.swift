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
        _ body: (TestServer) throws -> R
    ) throws -> R {
        let configuration = HTTPServerConfiguration(
            host: "127.0.0.1", port: 0, eventLoops: 2, limits: limits, timeouts: timeouts,
            maxConnections: maxConnections, linger: .milliseconds(500))
        let server = EpollServer(configuration: configuration, responder: responder)
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3), "the server did not finish within 3 s of shutdown()")
        }
        return try body(TestServer(server: server, port: address.port))
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

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
