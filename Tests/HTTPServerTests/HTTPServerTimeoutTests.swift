import Foundation
import HTTP1
import Testing

/// Header-read (slowloris) and idle keep-alive timeouts, with real clocks but short limits.
@Suite(.serialized)
struct HTTPServerTimeoutTests {
    @Test func slowlorisClientGets408WithinTwoSeconds() throws {
        let timeouts = HTTPConnectionState.Configuration(headerReadTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts) { server in
            let client = try server.connect()
            let start = ContinuousClock.now
            // A request that never ends: one byte every 200 ms, each one "progress".
            let bytes = Array((get("/slow") + String(repeating: "X-Pad: p\r\n", count: 10)).utf8)
            var answered = false
            for byte in bytes {
                do {
                    try client.send([byte])
                } catch {
                    answered = true  // already closed: EPIPE / reset
                    break
                }
                if client.isReadable(within: 200) {
                    answered = true
                    break
                }
                if seconds(since: start) > 3 { break }
            }
            #expect(answered, "the server was still reading after \(seconds(since: start)) s")
            if let response = try? client.readResponseOrEnd() {
                #expect(response.status == 408)
                #expect(response.header("X-Error") == "request_timeout")
                #expect(response.header("X-Timeout") == "\(HTTPConnectionState.ReadTimeout.head)")
                #expect(response.closes)
            }
            #expect(client.waitForClose() != .stillOpen)
            let elapsed = seconds(since: start)
            #expect(elapsed >= 0.45 && elapsed < 2.0, "answered after \(elapsed) s with a 0.5 s header timeout")
        }
    }

    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts) { server in
            let client = try server.connect()
            #expect(try client.exchange(get("/once")).status == 200)
            let start = ContinuousClock.now
            #expect(client.waitForClose() == .closed)
            let elapsed = seconds(since: start)
            #expect(elapsed >= 0.4 && elapsed < 2.0, "closed after \(elapsed) s with a 0.5 s idle timeout")
        }
    }

    @Test func connectionThatNeverSendsAByteIsClosedAfterTheIdleTimeout() throws {
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts) { server in
            let client = try server.connect()
            let start = ContinuousClock.now
            #expect(client.waitForClose() == .closed)
            #expect(seconds(since: start) < 2.0)
        }
    }

    /// Before the fix a silent connection was held for the 60 s idle time.
    @Test func aSilentConnectionIsClosedAfterTheHeaderTimeoutNotTheIdleTimeout() throws {
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .seconds(60), headerReadTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts) { server in
            let client = try server.connect(timeout: 10)
            let start = ContinuousClock.now
            #expect(client.waitForClose() == .closed)
            #expect(seconds(since: start) < 8.0)
        }
    }

    @Test func activeKeepAliveConnectionOutlivesTheIdleTimeout() throws {
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts) { server in
            let client = try server.connect()
            // Requests every 200 ms for 1.2 s: each one restarts the idle timer.
            for index in 0..<6 {
                #expect(try client.exchange(get("/tick/\(index)")).status == 200)
                usleep(200_000)
            }
            #expect(try client.exchange(get("/last")).text == "GET /last")
        }
    }
}
