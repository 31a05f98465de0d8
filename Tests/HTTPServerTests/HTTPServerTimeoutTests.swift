import Foundation
import HTTP1
import Testing
import TestSupport

/// Header-read (slowloris) and idle keep-alive timeouts on a real server whose loops read a
/// ``ManualClock``: the test advances it past (or not quite to) a timeout and then checks
/// what the server did, so "closed after 500 ms, not before" holds exactly. The client's
/// 3 s socket timeout only guards against a hang.
@Suite(.serialized)
struct HTTPServerTimeoutTests {
    @Test func slowlorisClientGets408AfterTheHeaderTimeoutThoughBytesKeepComing() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(headerReadTimeout: 500_000_000)
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connectAccepted()
            // A request that never ends: one header line every 200 ms, each one "progress".
            for index in 0..<2 {
                try client.send(index == 0 ? "GET /slow HTTP/1.1\r\nHost: test\r\n" : "X-Pad: p\r\n")
                server.advance(clock, by: .milliseconds(200))
                #expect(!client.isReadable(within: 20), "answered at \((index + 1) * 200) ms of a 500 ms header timeout")
            }
            try client.send("X-Pad: p\r\n")
            server.advance(clock, by: .milliseconds(200))
            let response = try client.readResponseOrEnd()
            #expect(response?.status == 408)
            #expect(response?.header("X-Error") == "request_timeout")
            #expect(response?.closes == true)
            #expect(client.waitForClose() != .stillOpen)
        }
    }

    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeoutNotBefore() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: 500_000_000)
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connect()
            #expect(try client.exchange(get("/once")).status == 200)
            server.advance(clock, by: .milliseconds(450))
            #expect(!client.isReadable(within: 20), "closed before the 500 ms idle timeout")
            server.advance(clock, by: .milliseconds(100))
            #expect(client.waitForClose() == .closed)
        }
    }

    @Test func connectionThatNeverSendsAByteIsClosedAfterTheIdleTimeout() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: 500_000_000)
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connectAccepted()
            server.advance(clock, by: .milliseconds(450))
            #expect(!client.isReadable(within: 20), "closed before the 500 ms idle timeout")
            server.advance(clock, by: .milliseconds(100))
            #expect(client.waitForClose() == .closed)
        }
    }

    /// A silent connection is held for the header timeout, not the (60 s) idle time.
    @Test func aSilentConnectionIsClosedAfterTheHeaderTimeoutNotTheIdleTimeout() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: 60_000_000_000, headerReadTimeout: 500_000_000)
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connectAccepted()
            server.advance(clock, by: .milliseconds(450))
            #expect(!client.isReadable(within: 20), "closed before the 500 ms header timeout")
            server.advance(clock, by: .milliseconds(100))
            #expect(client.waitForClose() != .stillOpen)
        }
    }

    @Test func activeKeepAliveConnectionOutlivesTheIdleTimeout() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: 500_000_000)
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connect()
            // A request every 200 ms for 1.2 s: each one restarts the idle timer.
            for index in 0..<6 {
                #expect(try client.exchange(get("/tick/\(index)")).status == 200)
                server.advance(clock, by: .milliseconds(200))
            }
            #expect(try client.exchange(get("/last")).text == "GET /last")
        }
    }
}
