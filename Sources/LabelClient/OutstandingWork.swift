import LabelCore

/// Counts the work a ``DeadlineRace`` started until it ends, won or lost: a launch fetch
/// the caller stopped waiting for at its deadline runs on (`JSONSerialization` cannot be
/// interrupted), checks for cancellation between stages and drops its result.
/// ``ended()`` returns once none is running, so a test shows that such work cached
/// nothing by waiting for that event instead of sleeping.
final class OutstandingWork: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Counts one more piece of work; call before it starts, so ``ended()`` cannot miss it.
    func begin() {
        state.withLock { $0.running += 1 }
    }

    /// Counts one piece of work ended; the last wakes everyone waiting in ``ended()``.
    func end() {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no counted work is running (at once when none is).
    func ended() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if state.running == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
