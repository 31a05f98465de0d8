package import BackgroundWork
import Clocks
package import Dispatch
import Synchronization

/// A clock that moves only when a test advances it: the event loops' time (``NanosecondClock``)
/// and ``PeriodicTask``'s schedules (``PeriodicClock``). A test says "500 ms pass" and then
/// asserts what happened, or that nothing did, without sleeping.
package final class ManualClock: NanosecondClock, PeriodicClock, Sendable {
    private struct Entry {
        let queue: DispatchQueue
        var due: UInt64
        let interval: UInt64
        let fire: @Sendable () -> Void
    }

    private struct State {
        var now: UInt64
        var entries: [Int: Entry] = [:]
        var nextID = 0
    }

    private let state: Mutex<State>

    /// Starts at `start` nanoseconds (not 0, so "a deadline in the past" is representable).
    package init(start: UInt64 = 1_000_000_000) {
        state = Mutex(State(now: start))
    }

    package func now() -> UInt64 { state.withLock { $0.now } }

    /// Schedules not cancelled yet.
    package var scheduleCount: Int { state.withLock { $0.entries.count } }

    /// Moves time forward by `duration`, then runs every schedule that came due on its queue
    /// and waits for each run: when this returns, whatever the time passed set off has run,
    /// and so has a run started "at once" before it. A schedule that missed several
    /// intervals runs once, as a Dispatch timer does. Must not be called from a scheduled run.
    package func advance(by duration: Duration) {
        let now = state.withLock { state in
            state.now += UInt64(DispatchPeriodicClock.nanoseconds(duration))
            return state.now
        }
        var visits: [(id: Int, entry: Entry, due: Bool)] = []
        state.withLock { state in
            for (id, entry) in state.entries.sorted(by: { $0.key < $1.key }) {
                let due = entry.due <= now
                visits.append((id, entry, due))
                if due {
                    let missed = (now - entry.due) / entry.interval + 1
                    state.entries[id]?.due = entry.due + missed * entry.interval
                }
            }
        }
        for (id, entry, due) in visits {
            // On the queue, so also after a run queued "at once"; the check is there too: a
            // cancel that came first queued its `cancelled` ahead.
            entry.queue.sync {
                if due && isScheduled(id) { entry.fire() }
            }
        }
    }

    private func isScheduled(_ id: Int) -> Bool { state.withLock { $0.entries[id] != nil } }

    package func schedule(on queue: DispatchQueue, first: Duration, every interval: Duration,
                          fire: @escaping @Sendable () -> Void,
                          cancelled: @escaping @Sendable () -> Void) -> any PeriodicSchedule {
        let firstNanoseconds = UInt64(DispatchPeriodicClock.nanoseconds(first))
        let intervalNanoseconds = max(1, UInt64(DispatchPeriodicClock.nanoseconds(interval)))
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let due = state.now + (firstNanoseconds == 0 ? intervalNanoseconds : firstNanoseconds)
            state.entries[id] = Entry(queue: queue, due: due, interval: intervalNanoseconds, fire: fire)
            return id
        }
        // "At once" needs no time to pass, as with Dispatch: queued now, on the task's queue.
        if firstNanoseconds == 0 {
            queue.async { [self] in
                if isScheduled(id) { fire() }
            }
        }
        return Schedule(clock: self, id: id, queue: queue, cancelled: cancelled)
    }

    private struct Schedule: PeriodicSchedule {
        let clock: ManualClock
        let id: Int
        let queue: DispatchQueue
        let cancelled: @Sendable () -> Void

        func cancel() {
            let removed = clock.state.withLock { $0.entries.removeValue(forKey: id) != nil }
            // Once, and behind a run in progress on the serial queue (Dispatch's cancel handler).
            if removed { queue.async(execute: cancelled) }
        }
    }
}
