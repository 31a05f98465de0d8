import Foundation
import HTTP1
import Testing
import TestSupport

/// Header-read (slowloris) and idle keep-alive timeouts on a real server whose loops read a
/// ``ManualClock``: the test advances it past (or not quite to) a timeout and then checks
/// what the server did, so "closed after 500 ms, not before" holds exactly. `advance`
/// returns once every loop has acted on the new time, so a close or a 408 it made has
/// been sent: "nothing yet" is read at once, without waiting for it. The
/// client's 3 s socket timeout only guards against a hang.
@Suite(.serialized)
struct HTTPServerTimeoutTests {
    /// The header timer starts when the loop reads the first byte, at most one sweep (100 ms
    /// of clock time) after it was sent; so the deadline falls between 500 and 600 ms: open at
    /// 400 ms, answered 408 by 700 ms though a header line came every 100 ms. (Were progress
    /// to restart the timer, the line sent at 600 ms would hold it past 1,100 ms, and the read
    /// below would time out.)
    @Test func slowlorisClientGets408AfterTheHeaderTimeoutThoughBytesKeepComing() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(headerReadTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connectAccepted()
            try client.send("GET /slow HTTP/1.1\r\nHost: test\r\n")
            for step in 1...6 {
                server.advance(clock, by: .milliseconds(100))
                if step <= 4 {
                    #expect(!client.isReadable(within: 0), "answered at \(step * 100) ms of a 500 ms header timeout")
                }
                try? client.send("X-Pad: p\r\n")   // may find the connection closed from 500 ms on
            }
            server.advance(clock, by: .milliseconds(100))
            let response = try client.readResponseOrEnd()
            #expect(response?.status == 408)
            #expect(response?.header("X-Error") == "request_timeout")
            #expect(response?.header("X-Timeout") == "\(HTTPConnectionState.ReadTimeout.head)")
            #expect(response?.closes == true)
            #expect(client.waitForClose() != .stillOpen)
        }
    }

    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeoutNotBefore() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connect()
            #expect(try client.exchange(get("/once")).status == 200)
            server.advance(clock, by: .milliseconds(450))
            #expect(!client.isReadable(within: 0), "closed before the 500 ms idle timeout")
            server.advance(clock, by: .milliseconds(100))
            #expect(client.waitForClose() == .closed)
        }
    }

    @Test func connectionThatNeverSendsAByteIsClosedAfterTheIdleTimeout() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connectAccepted()
            server.advance(clock, by: .milliseconds(450))
            #expect(!client.isReadable(within: 0), "closed before the 500 ms idle timeout")
            server.advance(clock, by: .milliseconds(100))
            #expect(client.waitForClose() == .closed)
        }
    }

    /// A silent connection is held for the header timeout, not the (60 s) idle time.
    @Test func aSilentConnectionIsClosedAfterTheHeaderTimeoutNotTheIdleTimeout() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .seconds(60), headerReadTimeout: .milliseconds(500))
        try TestServer.with(timeouts: timeouts, clock: clock) { server in
            let client = try server.connectAccepted()
            server.advance(clock, by: .milliseconds(450))
            #expect(!client.isReadable(within: 0), "closed before the 500 ms header timeout")
            server.advance(clock, by: .milliseconds(100))
            #expect(client.waitForClose() != .stillOpen)
        }
    }

    @Test func activeKeepAliveConnectionOutlivesTheIdleTimeout() throws {
        let clock = ManualClock()
        let timeouts = HTTPConnectionState.Configuration(idleTimeout: .milliseconds(500))
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
