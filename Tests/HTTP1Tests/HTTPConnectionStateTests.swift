import Testing
import HTTP1

@Suite struct HTTPConnectionStateTests {
    /// One second of the injected clock (nanoseconds).
    static let s: UInt64 = 1_000_000_000
    let config = HTTPConnectionState.Configuration(
        idleTimeout: .seconds(60), headerReadTimeout: .seconds(10), bodyReadTimeout: .seconds(30), writeTimeout: .seconds(20))

    func request(_ text: String) -> HTTPRequest { parseOne(text)! }
    var get11: HTTPRequest { request("GET / HTTP/1.1\r\nHost: x\r\n\r\n") }

    @Test func defaultsAreAsDocumented() {
        let c = HTTPConnectionState.Configuration()
        #expect(c.idleTimeout == .seconds(60))
        #expect(c.headerReadTimeout == .seconds(10))
        #expect(c.bodyReadTimeout == .seconds(30))
        #expect(c.writeTimeout == .seconds(30))
    }

    /// A connection that sends nothing gets the header timeout from accept, not the
    /// keep-alive idle time, and is closed silently (there is no request to answer).
    @Test func freshConnectionTimesOutAfterTheHeaderTimeoutFromAccept() {
        var state = HTTPConnectionState(configuration: config, now: 1000)
        #expect(state.phase == .idle)
        #expect(state.nextDeadline == 1000 + 10 * Self.s)
        // Blank lines before a first request do not restart the timer.
        let waiting = state.parserWaiting(progress: .idle, now: 1000 + 5 * Self.s)
        #expect(waiting == .none)
        let early = state.checkTimeouts(now: 1000 + 10 * Self.s - 1)
        #expect(early == .none)
        let due = state.checkTimeouts(now: 1000 + 10 * Self.s)
        #expect(due == .close)
        #expect(state.phase == .closed)
    }

    @Test func afterTheFirstRequestTheIdleTimeoutApplies() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        let keepAlive = state.beginResponse(to: get11, now: 1 * Self.s)
        #expect(keepAlive)
        let drained = state.outputDrained(now: 2 * Self.s)
        #expect(drained == .none)
        #expect(state.nextDeadline == 2 * Self.s + 60 * Self.s)
        let later = state.checkTimeouts(now: 2 * Self.s + 59 * Self.s)
        #expect(later == .none)
    }

    @Test func headerTimeoutRunsFromTheFirstByteAndAnswers408() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        do {
            let result = state.parserWaiting(progress: .head, now: 5 * Self.s)
            #expect(result == .none)
        }
        #expect(state.phase == .readingHead)
        // More bytes of the same head do not restart the timer (slowloris).
        do {
            let result = state.parserWaiting(progress: .head, now: 9 * Self.s)
            #expect(result == .none)
        }
        #expect(state.nextDeadline == 15 * Self.s)
        do {
            let result = state.checkTimeouts(now: 15 * Self.s - 1)
            #expect(result == .none)
        }
        do {
            let result = state.checkTimeouts(now: 15 * Self.s)
            #expect(result == .timedOut(.head))
        }
        #expect(state.phase == .closing)
        do {
            let result = state.outputDrained(now: 16 * Self.s)
            #expect(result == .close)
        }
    }

    @Test func bodyTimeoutRunsFromTheEndOfTheHead() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.parserWaiting(progress: .head, now: 1)
        _ = state.parserWaiting(progress: .body, now: 2 * Self.s)
        #expect(state.phase == .readingBody)
        #expect(state.nextDeadline == 32 * Self.s)
        do {
            let result = state.checkTimeouts(now: 32 * Self.s)
            #expect(result == .timedOut(.body))
        }
    }

    @Test func keepAliveRequestReturnsToIdleAfterItsResponseIsWritten() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.parserWaiting(progress: .head, now: 1)
        do {
            let result = state.beginResponse(to: get11, now: 2)
            #expect(result)
        }
        #expect(state.isWriting)
        #expect(state.phase == .idle)
        #expect(state.nextDeadline == 2 + 20 * Self.s, "only the write timer runs while writing")
        do {
            let result = state.outputDrained(now: 3)
            #expect(result == .none)
        }
        #expect(!state.isWriting)
        #expect(state.nextDeadline == 3 + 60 * Self.s, "idle time counts from the end of the response")
        #expect(state.requestCount == 1)
    }

    @Test func connectionCloseRequestClosesAfterTheResponse() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        do {
            let result = state.beginResponse(to: request("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), now: 1)
            #expect(!result)
        }
        #expect(state.phase == .closing)
        do {
            let result = state.parserWaiting(progress: .head, now: 2)
            #expect(result == .none, "nothing more is read")
        }
        #expect(state.phase == .closing)
        do {
            let result = state.outputDrained(now: 3)
            #expect(result == .close)
        }
    }

    @Test func http10ClosesByDefaultAndKeepsAliveWhenAsked() {
        var a = HTTPConnectionState(configuration: config, now: 0)
        do {
            let result = a.beginResponse(to: request("GET / HTTP/1.0\r\n\r\n"), now: 1)
            #expect(!result)
        }
        var b = HTTPConnectionState(configuration: config, now: 0)
        do {
            let result = b.beginResponse(to: request("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"), now: 1)
            #expect(result)
        }
    }

    @Test func parseErrorResponseEndsWithClose() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.parserWaiting(progress: .head, now: 1)
        state.beginErrorResponse(now: 2)
        #expect(state.phase == .closing)
        #expect(state.isWriting)
        do {
            let result = state.outputDrained(now: 3)
            #expect(result == .close)
        }
        #expect(state.phase == .closed)
    }

    @Test func halfCloseFinishesPendingResponsesThenCloses() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        do {
            let result = state.beginResponse(to: get11, now: 1)
            #expect(result)
        }
        do {
            let result = state.beginResponse(to: get11, now: 1)
            #expect(result)
        }
        do {
            let result = state.inputClosed(now: 2)
            #expect(result == .none, "responses still being written")
        }
        #expect(state.phase == .closing)
        do {
            let result = state.outputDrained(now: 3)
            #expect(result == .close)
        }
    }

    @Test func halfCloseWithNothingPendingClosesNow() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.parserWaiting(progress: .head, now: 1)
        do {
            let result = state.inputClosed(now: 2)
            #expect(result == .close, "a partial request can never complete")
        }
        do {
            let result = state.inputClosed(now: 3)
            #expect(result == .none, "events after close are ignored")
        }
    }

    @Test func stalledOutputClosesAfterWriteTimeoutAndProgressRestartsIt() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.beginResponse(to: get11, now: 0)
        state.outputProgressed(now: 10 * Self.s)
        do {
            let result = state.checkTimeouts(now: 29 * Self.s)
            #expect(result == .none)
        }
        do {
            let result = state.checkTimeouts(now: 30 * Self.s)
            #expect(result == .close)
        }
    }

    @Test func idleTimeoutDoesNotApplyWhileWriting() {
        var state = HTTPConnectionState(configuration: HTTPConnectionState.Configuration(idleTimeout: .nanoseconds(5), writeTimeout: .nanoseconds(100)), now: 0)
        _ = state.beginResponse(to: get11, now: 0)
        do {
            let result = state.checkTimeouts(now: 50)
            #expect(result == .none)
        }
        do {
            let result = state.checkTimeouts(now: 100)
            #expect(result == .close)
        }
    }

    @Test func pipelinedNextHeadStartsItsOwnTimer() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.parserWaiting(progress: .head, now: 0)
        _ = state.beginResponse(to: get11, now: 8 * Self.s)
        _ = state.parserWaiting(progress: .head, now: 8 * Self.s)
        do {
            let result = state.checkTimeouts(now: 11 * Self.s)
            #expect(result == .none)
        }
        _ = state.outputDrained(now: 8 * Self.s)
        #expect(state.nextDeadline == 18 * Self.s)
    }

    @Test func shutdownClosesIdleConnectionsAtOnce() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        do {
            let result = state.beginShutdown(now: 1)
            #expect(result == .close)
        }
    }

    @Test func shutdownLetsAnInFlightRequestFinishWithClose() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.parserWaiting(progress: .body, now: 1)
        do {
            let result = state.beginShutdown(now: 2)
            #expect(result == .none)
        }
        do {
            let result = state.beginResponse(to: get11, now: 3)
            #expect(!result, "answered with Connection: close")
        }
        do {
            let result = state.outputDrained(now: 4)
            #expect(result == .close)
        }
    }

    @Test func shutdownWhileWritingClosesOnceIdleAndDrained() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.beginResponse(to: get11, now: 0)
        do {
            let result = state.beginShutdown(now: 1)
            #expect(result == .none)
        }
        do {
            let result = state.outputDrained(now: 2)
            #expect(result == .close)
        }
    }

    @Test func returningToIdleWhileShuttingDownCloses() {
        var state = HTTPConnectionState(configuration: config, now: 0)
        _ = state.parserWaiting(progress: .head, now: 1)
        _ = state.beginShutdown(now: 2)
        do {
            let result = state.parserWaiting(progress: .idle, now: 3)
            #expect(result == .close)
        }
    }

    @Test func deadlinesSaturateInsteadOfOverflowing() {
        var state = HTTPConnectionState(configuration: config, now: .max - 1)
        #expect(state.nextDeadline == .max)
        do {
            let result = state.checkTimeouts(now: .max - 1)
            #expect(result == .none)
        }
    }
}
