import BackgroundWork
package import Clocks

/// A blocking connection to one Redis server, for one caller at a time (calls serialize on
/// one lock): every ``pipeline(_:)`` writes its commands and reads their replies in one
/// round trip, under one deadline.
///
/// It connects lazily, and on every connect sends `AUTH` and `SELECT` ahead of the first
/// commands (in the same round trip). Any failure (I/O, timeout, protocol error, a reply
/// past the parser's limits, a refused login) closes the socket and starts a backoff:
/// 50 ms after the first failure, doubling to 5 s (``RedisTimeouts``), timed by the given
/// clock; while it lasts a call throws ``RedisError/unavailable(lastFailure:retryInMilliseconds:)``
/// at once without touching the network. A success ends the backoff.
///
/// It blocks, so it must never be called on an event loop (``EventLoopThread``: a call there
/// stops the process). Connect and round-trip deadlines are real time (`CLOCK_MONOTONIC`);
/// only the backoff reads `clock`, so a test drives it with a manual clock.
package final class RedisConnection: Sendable {
    package let endpoint: RedisEndpoint
    private let timeouts: RedisTimeouts
    private let limits: RESPParser.Limits
    private let clock: any NanosecondClock
    private let state: Guarded<State>

    private struct State {
        var link: RedisLink?
        var backoff: RedisBackoff
    }

    package init(endpoint: RedisEndpoint, timeouts: RedisTimeouts = .init(), clock: any NanosecondClock = SystemNanosecondClock(),
                 limits: RESPParser.Limits = .init()) {
        self.endpoint = endpoint
        self.timeouts = timeouts
        self.limits = limits
        self.clock = clock
        state = Guarded(State(link: nil, backoff: RedisBackoff(timeouts)))
    }

    /// Writes every command, then reads every reply, in order (one round trip). A command the
    /// server refuses (`-ERR`, `-NOPERM`, `-WRONGTYPE`…) is an `.error` value in the result;
    /// `-NOAUTH` on any command throws `.authentication`.
    ///
    /// - Throws: ``RedisError``; when it does, whether commands already written ran is unknown.
    package func pipeline(_ commands: [RedisCommand]) throws(RedisError) -> [RESPValue] {
        EventLoopThread.assertNotCurrent("a Redis call")
        guard !commands.isEmpty else { return [] }
        return try state.withLock { (state: inout State) throws(RedisError) -> [RESPValue] in
            if let refusal = state.backoff.refusal(at: clock.now()) { throw refusal }
            do throws(RedisError) {
                let replies = try exchange(commands, &state)
                state.backoff.succeeded()
                return replies
            } catch {
                state.link?.close()
                state.link = nil
                state.backoff.failed(at: clock.now(), because: error.description)
                throw error
            }
        }
    }

    /// ``pipeline(_:)`` of one command: its reply.
    package func send(_ command: RedisCommand) throws(RedisError) -> RESPValue {
        try pipeline([command])[0]
    }

    /// Closes the socket (after a call in progress ends); a later call connects again.
    package func close() {
        state.withLock { state in
            state.link?.close()
            state.link = nil
        }
    }

    /// Whether a failure's backoff is running now (for readiness and metrics: no I/O).
    package var isBackingOff: Bool {
        state.withLock { $0.backoff.refusal(at: clock.now()) != nil }
    }

    private func exchange(_ commands: [RedisCommand], _ state: inout State) throws(RedisError) -> [RESPValue] {
        let now = MonotonicClock.now()
        let deadline = MonotonicClock.deadline(after: timeouts.command, from: now)
        if let link = state.link, link.isStale {
            link.close()
            state.link = nil
        }
        var login: [RedisCommand] = []
        let link: RedisLink
        if let open = state.link {
            link = open
        } else {
            let connectDeadline = min(deadline, MonotonicClock.deadline(after: timeouts.connect, from: now))
            link = try RedisLink.open(endpoint, deadline: connectDeadline, limits: limits)
            state.link = link
            login = RedisLogin.commands(endpoint)
        }
        var bytes: [UInt8] = []
        for command in login + commands { command.encode(into: &bytes) }
        let replies = try link.exchange(bytes, replies: login.count + commands.count, deadline: deadline)
        try RedisLogin.check(replies.prefix(login.count), endpoint)
        let answers = Array(replies.dropFirst(login.count))
        try RedisLogin.checkAuthenticated(answers, endpoint)
        return answers
    }
}
