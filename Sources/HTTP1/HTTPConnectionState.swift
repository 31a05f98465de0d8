import Clocks

/// The lifecycle of one HTTP/1.1 connection as a pure state machine: keep-alive vs close,
/// half-close, graceful shutdown and timeouts.
///
/// The server owns the socket and the ``HTTPRequestParser``; it reports events here and does
/// what the returned ``Action`` says. Time is injected as monotonic nanoseconds (the
/// timeouts are ``Duration``s, converted once), so the machine never reads a clock and
/// tests never sleep.
///
/// Reading phases and the timer that applies to each:
/// - ``Phase/idle``: between requests, no byte of the next one yet → `idleTimeout` (only while
///   no output is pending), then close silently. Before the first request the shorter of
///   `headerReadTimeout` and `idleTimeout` applies from accept: a connection that sends
///   nothing is not held for the keep-alive idle time.
/// - ``Phase/readingHead``: since the first byte of a request → `headerReadTimeout` (slowloris),
///   then answer 408 and close.
/// - ``Phase/readingBody``: since the head completed → `bodyReadTimeout`, then 408 and close.
/// - ``Phase/closing``: nothing more is read; close once queued output is written.
///
/// Writing is tracked separately (``isWriting``), because with pipelining the server may be
/// writing one response while reading the next request: output that makes no progress for
/// `writeTimeout` closes the connection.
package struct HTTPConnectionState: Sendable {
    /// The timeouts. A negative one counts as zero.
    package struct Configuration: Sendable, Hashable {
        /// Keep-alive idle time allowed between requests. Default 60 s.
        package var idleTimeout: Duration
        /// Time allowed from the first byte of a request to the end of its head. Default 10 s.
        package var headerReadTimeout: Duration
        /// Time allowed from the end of the head to the end of the body. Default 30 s.
        package var bodyReadTimeout: Duration
        /// Time queued output may go without being written. Default 30 s.
        package var writeTimeout: Duration

        /// Creates a configuration; every parameter defaults to the documented default.
        package init(
            idleTimeout: Duration = .seconds(60),
            headerReadTimeout: Duration = .seconds(10),
            bodyReadTimeout: Duration = .seconds(30),
            writeTimeout: Duration = .seconds(30)
        ) {
            self.idleTimeout = idleTimeout
            self.headerReadTimeout = headerReadTimeout
            self.bodyReadTimeout = bodyReadTimeout
            self.writeTimeout = writeTimeout
        }
    }

    /// The configuration's timeouts as nanoseconds of the injected clock, converted once.
    private struct Limits: Sendable {
        var idle, headerRead, bodyRead, write: UInt64

        init(_ configuration: Configuration) {
            idle = configuration.idleTimeout.saturatingNanoseconds
            headerRead = configuration.headerReadTimeout.saturatingNanoseconds
            bodyRead = configuration.bodyReadTimeout.saturatingNanoseconds
            write = configuration.writeTimeout.saturatingNanoseconds
        }
    }

    /// What the connection is doing on its read side.
    package enum Phase: Sendable, Hashable {
        /// Waiting for the first byte of the next request.
        case idle
        /// Reading a request line and header fields.
        case readingHead
        /// Reading a request body.
        case readingBody
        /// Not reading any more; close once queued output has been written.
        case closing
        /// Closed; every further event is ignored.
        case closed
    }

    /// What the server must do after an event.
    package enum Action: Sendable, Hashable {
        /// Nothing; keep going.
        case none
        /// Close the socket now (pending output, if any, is abandoned or already written).
        case close
        /// A read timed out: stop reading, queue the answer to this timeout (408, with
        /// `Connection: close`), then call ``outputDrained(now:)`` when written, which
        /// answers ``close``.
        case timedOut(ReadTimeout)
    }

    /// The timeouts in force.
    package let configuration: Configuration
    private let limits: Limits
    /// The current read-side phase.
    package private(set) var phase: Phase
    /// Requests answered on this connection so far.
    package private(set) var requestCount = 0
    /// Whether graceful shutdown has begun.
    package private(set) var isShuttingDown = false
    private var phaseSince: UInt64
    private var outputPendingSince: UInt64?

    /// A fresh connection, idle since `now`.
    package init(configuration: Configuration = Configuration(), now: UInt64) {
        self.configuration = configuration
        self.limits = Limits(configuration)
        self.phase = .idle
        self.phaseSince = now
    }

    /// Whether queued output has not been fully written yet.
    package var isWriting: Bool { outputPendingSince != nil }

    /// Report where the parser stands after it returned `needMoreData`; starts the timer of
    /// the phase entered (a phase already in force keeps its start time).
    package mutating func parserWaiting(progress: HTTPRequestParser.Progress, now: UInt64) -> Action {
        switch (phase, progress) {
        case (.closing, _), (.closed, _), (_, .failed):
            return .none
        case (.idle, .idle), (.readingHead, .head), (.readingBody, .body):
            return .none
        case (_, .idle):
            enter(.idle, now: now)
            return closeIfQuiescent()
        case (_, .head):
            enter(.readingHead, now: now)
        case (_, .body):
            enter(.readingBody, now: now)
        }
        return .none
    }

    /// Report a parsed request that is about to be answered. Returns whether the response
    /// keeps the connection open (encode it with this `keepAlive`). When false, the server
    /// must stop parsing: nothing after this request is answered.
    package mutating func beginResponse(to request: HTTPRequest, now: UInt64) -> Bool {
        guard phase != .closed else { return false }
        requestCount += 1
        if outputPendingSince == nil { outputPendingSince = now }
        let keepAlive = request.keepAlive && !isShuttingDown && phase != .closing
        if !keepAlive {
            phase = .closing
        } else {
            // The request is complete: the next one's head timer starts with its own bytes.
            enter(.idle, now: now)
        }
        return keepAlive
    }

    /// Report a parse error; the server queues the error's response with `keepAlive: false`
    /// and closes after writing it (RFC 9112: framing after an error is unknown).
    package mutating func beginErrorResponse(now: UInt64) {
        guard phase != .closed else { return }
        if outputPendingSince == nil { outputPendingSince = now }
        phase = .closing
    }

    /// Report that part of the queued output was written; restarts the write timer.
    package mutating func outputProgressed(now: UInt64) {
        if outputPendingSince != nil { outputPendingSince = now }
    }

    /// Report that all queued output has been written.
    package mutating func outputDrained(now: UInt64) -> Action {
        guard phase != .closed else { return .none }
        outputPendingSince = nil
        switch phase {
        case .closing:
            phase = .closed
            return .close
        case .idle:
            phaseSince = now  // the keep-alive idle time counts from the end of the last response
            return closeIfQuiescent()
        default:
            return .none
        }
    }

    /// Report end of input (the client half-closed, or read returned 0): answer what was
    /// already parsed, then close. A partly received request is abandoned.
    package mutating func inputClosed(now: UInt64) -> Action {
        guard phase != .closed else { return .none }
        phase = .closing
        if outputPendingSince == nil {
            phase = .closed
            return .close
        }
        return .none
    }

    /// Begin graceful shutdown: idle connections close now; a request in flight is finished
    /// and answered with `Connection: close`.
    package mutating func beginShutdown(now: UInt64) -> Action {
        guard phase != .closed else { return .none }
        isShuttingDown = true
        return closeIfQuiescent()
    }

    /// The earliest time at which ``checkTimeouts(now:)`` may act, or nil if no timer runs.
    package var nextDeadline: UInt64? {
        var deadlines: [UInt64] = []
        if let since = outputPendingSince {
            deadlines.append(Self.adding(since, limits.write))
        }
        switch phase {
        case .idle where outputPendingSince == nil:
            deadlines.append(Self.adding(phaseSince, idleLimit))
        case .readingHead:
            deadlines.append(Self.adding(phaseSince, limits.headerRead))
        case .readingBody:
            deadlines.append(Self.adding(phaseSince, limits.bodyRead))
        default:
            break
        }
        return deadlines.min()
    }

    /// Apply whichever timeout has expired at `now`.
    package mutating func checkTimeouts(now: UInt64) -> Action {
        if let since = outputPendingSince, now >= Self.adding(since, limits.write) {
            phase = .closed
            return .close
        }
        switch phase {
        case .idle where outputPendingSince == nil:
            if now >= Self.adding(phaseSince, idleLimit) {
                phase = .closed
                return .close
            }
        case .readingHead:
            if now >= Self.adding(phaseSince, limits.headerRead) {
                return timeOutRead(.head, now: now)
            }
        case .readingBody:
            if now >= Self.adding(phaseSince, limits.bodyRead) {
                return timeOutRead(.body, now: now)
            }
        default:
            break
        }
        return .none
    }

    /// The idle time allowed now: from accept until the first request, the header timeout.
    private var idleLimit: UInt64 {
        requestCount == 0 ? min(limits.headerRead, limits.idle) : limits.idle
    }

    private mutating func timeOutRead(_ timeout: ReadTimeout, now: UInt64) -> Action {
        phase = .closing
        if outputPendingSince == nil { outputPendingSince = now }
        return .timedOut(timeout)
    }

    private mutating func enter(_ newPhase: Phase, now: UInt64) {
        phase = newPhase
        phaseSince = now
    }

    private mutating func closeIfQuiescent() -> Action {
        if isShuttingDown && phase == .idle && outputPendingSince == nil {
            phase = .closed
            return .close
        }
        return .none
    }

    private static func adding(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
