import Foundation
import LabelCore

/// Runs work in its own task and waits for it at most until a deadline.
///
/// The launch's `timeout` covers download and decoding together, and
/// `JSONSerialization` cannot be interrupted: so the caller does not wait for
/// the work, it races it. Whichever comes first — the work's result, the
/// deadline (a Dispatch timer: it fires even when the cooperative pool is
/// busy), or the caller's cancellation — is returned; the work's task is then
/// cancelled (it checks between stages and drops its result).
enum DeadlineRace {
    /// `outstanding` counts the work until it ends, also after the race has returned.
    static func run<Value: Sendable>(
        seconds: TimeInterval,
        outstanding: OutstandingWork? = nil,
        _ work: @escaping @Sendable () async -> Result<Value, LabelClientError>
    ) async -> Result<Value, LabelClientError> {
        await race(seconds: seconds) { gate in
            outstanding?.begin()
            // Detached: off the caller's actor; at the caller's priority (a launch is urgent).
            let task = Task.detached(priority: Task.currentPriority) {
                defer { outstanding?.end() }
                gate.finish(await work())
            }
            return { task.cancel() }
        }
    }

    /// The same for blocking `work`, on a thread of its own started at once: not a task
    /// (on a busy cooperative pool it could start after the deadline), not Dispatch's
    /// global queue (a thread per core, which work waiting on slow servers would hold).
    /// `stop` is called once the caller has its result; the work checks it and ends.
    static func runOnThread<Value: Sendable>(
        seconds: TimeInterval,
        stop: @escaping @Sendable () -> Void,
        _ work: @escaping @Sendable () -> Result<Value, LabelClientError>
    ) async -> Result<Value, LabelClientError> {
        await race(seconds: seconds) { gate in
            let thread = Thread { gate.finish(work()) }
            thread.qualityOfService = .userInitiated
            thread.start()
            return stop
        }
    }

    /// Starts the work (`start` hands back how to stop it) and returns the first of its
    /// result, the deadline and the caller's cancellation.
    private static func race<Value: Sendable>(
        seconds: TimeInterval,
        start: (Gate<Value>) -> @Sendable () -> Void
    ) async -> Result<Value, LabelClientError> {
        let gate = Gate<Value>()
        let stop = start(gate)
        let timer = DispatchWorkItem { gate.finish(.failure(.timedOut)) }
        DispatchQueue.global().asyncAfter(deadline: .now() + max(seconds, 0), execute: timer)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { gate.wait($0) }
        } onCancel: {
            gate.finish(.failure(.transport(.cancelled)))
        }
        timer.cancel()
        stop()
        return result
    }

    /// The first result, kept until the waiter arrives, handed over once.
    private final class Gate<Value: Sendable>: Sendable {
        private struct State {
            var result: Result<Value, LabelClientError>?
            var waiter: CheckedContinuation<Result<Value, LabelClientError>, Never>?
            var finished = false
            var delivered = false
        }

        private let state = Locked(State())

        func finish(_ result: Result<Value, LabelClientError>) {
            let waiter: CheckedContinuation<Result<Value, LabelClientError>, Never>? = state.withLock { state in
                guard !state.finished else { return nil }
                state.finished = true
                state.result = result
                return Self.take(&state)
            }
            waiter?.resume(returning: result)
        }

        func wait(_ continuation: CheckedContinuation<Result<Value, LabelClientError>, Never>) {
            let ready: Result<Value, LabelClientError>? = state.withLock { state in
                state.waiter = continuation
                guard let result = state.result, Self.take(&state) != nil else { return nil }
                return result
            }
            if let ready { continuation.resume(returning: ready) }
        }

        /// The waiter, once, when both it and a result are there.
        private static func take(_ state: inout State) -> CheckedContinuation<Result<Value, LabelClientError>, Never>? {
            guard !state.delivered, state.result != nil, let waiter = state.waiter else { return nil }
            state.delivered = true
            state.waiter = nil
            return waiter
        }
    }
}
