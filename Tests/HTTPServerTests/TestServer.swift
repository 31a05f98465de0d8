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

    /// Waits until the count of open connections satisfies `condition` (the count is the
    /// server's own, changed as it accepts and closes); false after 10 s, a hang guard.
    func awaitOpenConnections(_ condition: (Int) -> Bool) -> Bool {
        for _ in 0..<10_000 where !condition(server.openConnections) { usleep(1_000) }
        return condition(server.openConnections)
    }

    /// Returns once every loop has swept (refreshed its statistics, such as
    /// ``EpollServer/pendingOutputBytes``) after this call, on the server's own clock (not
    /// a manual one); false after 10 s, a hang guard.
    func awaitSweep() -> Bool {
        let after = server.sweptUntil
        for _ in 0..<10_000 where server.sweptUntil <= after { usleep(1_000) }
        return server.sweptUntil > after
    }

    /// Tries to connect to `port` until it is refused, after a shutdown: true once the loops
    /// have closed their listener. A connection a closing listener accepted meanwhile must
    /// not be served. At most 100 tries (each at most a 0.5 s connect and a 20 ms pause
    /// before the next): a hang guard.
    static func listenerCloses(port: UInt16) -> Bool {
        for _ in 0..<100 {
            guard let probe = try? RawClient(port: port, timeout: 0.5) else { return true }
            #expect(probe.readToEnd() != nil)
            usleep(20_000)
        }
        return false
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
