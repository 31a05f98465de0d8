import BackgroundWork
import CLabelSystem
import Clocks
import Glibc

/// A `SUBSCRIBE` to one channel on a connection and thread of its own: each `message`'s
/// payload goes to `onMessage`, `onState(true)` when the subscription is in place and
/// `onState(false)` when it is lost (not on ``stop()``). After a failure it reconnects with
/// the same backoff as ``RedisConnection`` (logging in and subscribing again); an idle
/// connection is checked with a `PING` every `keepalive`.
///
/// Both callbacks run on the subscriber's thread, one at a time; they should return quickly
/// (a message waits in the socket meanwhile). One-shot: ``start()`` once, ``stop()`` once.
package final class RedisSubscriber: Sendable {
    package let endpoint: RedisEndpoint
    package let channel: String
    private let timeouts: RedisTimeouts
    private let keepalive: Duration
    private let limits: RESPParser.Limits
    private let onMessage: @Sendable ([UInt8]) -> Void
    private let onState: @Sendable (Bool) -> Void
    /// An eventfd: written by ``stop()``, it wakes the thread out of any wait.
    private let wake: Int32
    private let control = Guarded(Control())

    private struct Control {
        var thread: pthread_t?
        var started = false
        var stopping = false
    }

    package init(endpoint: RedisEndpoint, channel: String, timeouts: RedisTimeouts = .init(), keepalive: Duration = .seconds(15),
                 limits: RESPParser.Limits = .init(),
                 onMessage: @escaping @Sendable ([UInt8]) -> Void, onState: @escaping @Sendable (Bool) -> Void) {
        self.endpoint = endpoint
        self.channel = channel
        self.timeouts = timeouts
        self.keepalive = keepalive
        self.limits = limits
        self.onMessage = onMessage
        self.onState = onState
        wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    }

    deinit {
        if wake >= 0 { Glibc.close(wake) }
    }

    /// Starts the thread (once; later calls, or a call after ``stop()``, do nothing).
    package func start() {
        control.withLock { control in
            guard !control.started, !control.stopping else { return }
            control.started = true
            let body = Unmanaged.passRetained(ThreadBody { [self] in run() })
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().work()
                return nil
            }, body.toOpaque())
            if status == 0 {
                control.thread = thread
            } else {
                body.release()
            }
        }
    }

    /// Closes the connection and waits for the thread to end (at once: it is woken, not
    /// polled). Called from a callback on the thread itself, it does not wait.
    package func stop() {
        let thread: pthread_t? = control.withLock { control in
            control.stopping = true
            defer { control.thread = nil }
            return control.thread
        }
        var one: UInt64 = 1
        _ = Glibc.write(wake, &one, 8)
        guard let thread else { return }
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    private var isStopping: Bool { control.withLock { $0.stopping } }

    private func run() {
        var backoff = RedisBackoff(timeouts)
        while !isStopping {
            if backoff.failures > 0 {
                let until = MonotonicClock.now() + backoff.delay
                _ = try? RedisLink.wait(for: -1, events: 0, wake: wake, deadline: until)
                if isStopping { return }
            }
            var subscribed = false
            do throws(RedisError) {
                try session(subscribed: &subscribed, backoff: &backoff)
            } catch {
                backoff.failed(at: MonotonicClock.now(), because: error.description)
            }
            if subscribed && !isStopping { onState(false) }
        }
    }

    /// One connection: login, `SUBSCRIBE`, then messages until an error or ``stop()``.
    private func session(subscribed: inout Bool, backoff: inout RedisBackoff) throws(RedisError) {
        let start = MonotonicClock.now()
        let link = try RedisLink.open(endpoint, deadline: MonotonicClock.deadline(after: timeouts.connect, from: start), limits: limits)
        defer { link.close() }
        let login = RedisLogin.commands(endpoint)
        var bytes: [UInt8] = []
        for command in login + [RedisCommand(["SUBSCRIBE", channel])] { command.encode(into: &bytes) }
        let deadline = MonotonicClock.deadline(after: timeouts.command, from: MonotonicClock.now())
        try link.send(bytes, deadline: deadline)
        var replies: [RESPValue] = []
        while replies.count < login.count + 1 {
            switch try link.receive(deadline: deadline, wake: wake) {
            case .value(let value): replies.append(value)
            case .woken: return
            case .timedOut: throw .timeout("Redis at \(link.peer) did not confirm SUBSCRIBE in time")
            }
        }
        try RedisLogin.check(replies.prefix(login.count), endpoint)
        try RedisLogin.checkAuthenticated(Array(replies.suffix(1)), endpoint)
        guard case .array(let confirmation?) = replies[login.count], confirmation.first?.text == "subscribe" else {
            throw .io("Redis at \(link.peer) answered SUBSCRIBE with \(replies[login.count])")
        }
        subscribed = true
        backoff.succeeded()
        onState(true)
        try deliver(link)
    }

    /// Hands each message to `onMessage` until ``stop()`` (returns) or a failure (throws).
    private func deliver(_ link: RedisLink) throws(RedisError) {
        var pingSent = false
        var deadline = MonotonicClock.deadline(after: keepalive, from: MonotonicClock.now())
        while true {
            switch try link.receive(deadline: deadline, wake: wake) {
            case .woken:
                return
            case .timedOut:
                guard !pingSent else { throw .timeout("Redis at \(link.peer) did not answer PING in time") }
                let now = MonotonicClock.now()
                try link.send(RedisCommand(["PING"]).encoded, deadline: MonotonicClock.deadline(after: timeouts.command, from: now))
                pingSent = true
                deadline = MonotonicClock.deadline(after: timeouts.command, from: now)
            case .value(let value):
                pingSent = false
                deadline = MonotonicClock.deadline(after: keepalive, from: MonotonicClock.now())
                if case .array(let parts?) = value, parts.count == 3, parts[0].text == "message", case .bulk(let payload?) = parts[2] {
                    onMessage(payload)
                }
            }
        }
    }
}

/// The closure a new thread runs, passed through `pthread_create`'s pointer.
private final class ThreadBody {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}
