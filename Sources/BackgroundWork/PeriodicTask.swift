import Dispatch

/// Work repeated on a timer, never on an event loop: the server's one mechanism for
/// periodic background work (the missing-key report's and usage counters' flushes, the
/// access log, the store watcher's polling fallback).
///
/// Each task runs on its own serial queue, so its runs never overlap and ``runNow()`` is
/// ordered with the timer's runs. ``stop()`` returns only when no run is in progress and
/// none will start, so what an owner does after it (a final flush on SIGTERM) cannot race
/// a tick; ``cancel()`` only prevents new runs. Releasing the task cancels its timer too.
///
/// The work is given to ``start(every:immediately:_:)`` rather than to the initializer,
/// so an owner can make the task a stored property and hand it `[weak self]` work once
/// it is initialized (the timer must not keep its owner alive).
///
/// Time comes from a ``PeriodicClock``: Dispatch's timers, or a test's manual clock.
package final class PeriodicTask: Sendable {
    /// The queue's label, for debuggers and thread names.
    package let label: String
    private let queue: DispatchQueue
    private let clock: any PeriodicClock
    /// Marks `queue`, so that ``stop()`` called from the work does not wait for itself.
    private let queueKey = DispatchSpecificKey<Bool>()
    /// Entered per timer and left by its cancel handler, which Dispatch runs only after
    /// the timer's last event handler has returned: waiting on it waits out a run.
    private let timers = DispatchGroup()
    private let state = Guarded(State())

    private struct State {
        var work: (@Sendable () -> Void)?
        var timer: (any PeriodicSchedule)?
    }

    package convenience init(label: String) {
        self.init(label: label, clock: DispatchPeriodicClock())
    }

    package init(label: String, clock: any PeriodicClock) {
        self.label = label
        self.clock = clock
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: queueKey, value: true)
    }

    deinit {
        // No waiting here: the last reference may be dropped anywhere.
        state.withLock { $0.timer?.cancel() }
    }

    /// Runs `work` every `interval` on the task's queue, the first time one interval from
    /// now (or at once with `immediately`), until ``stop()``.
    ///
    /// Calling it again replaces the schedule and the work (runs stay serial: both timers
    /// target the same queue).
    package func start(every interval: Duration, immediately: Bool = false,
                      _ work: @escaping @Sendable () -> Void) {
        let interval = max(.milliseconds(1), interval)
        let (queue, timers, clock) = (queue, timers, clock)
        state.withLock { state in
            // Cancelled without waiting: the new timer's runs queue behind a run in progress.
            state.timer?.cancel()
            timers.enter()
            state.timer = clock.schedule(on: queue, first: immediately ? .zero : interval, every: interval,
                                         fire: work, cancelled: { timers.leave() })
            state.work = work
        }
    }

    /// Whether a schedule is active (between ``start(every:immediately:_:)`` and ``stop()``
    /// or ``cancel()``).
    package var isScheduled: Bool { state.withLock { $0.timer != nil } }

    /// Runs the work now on the task's queue and waits for it: "flush now", ordered with the
    /// timer's runs. Works after ``stop()`` too (the work is kept); does nothing before the
    /// first ``start(every:immediately:_:)``. Must not be called from the work itself.
    package func runNow() {
        guard let work = state.withLock({ $0.work }) else { return }
        queue.sync(execute: work)
    }

    /// Cancels the schedule and waits until a run in progress has returned; no run starts
    /// after this returns. For owners that do a final run of their own after it (a flush on
    /// SIGTERM). Safe to call more than once, and from the work itself (which then only
    /// cancels: it cannot wait for itself).
    package func stop() {
        cancel()
        guard DispatchQueue.getSpecific(key: queueKey) != true else { return }
        timers.wait()
    }

    /// Cancels the schedule without waiting: no new run starts, a run in progress finishes
    /// on its own. For work that need not be waited for at shutdown (a DNS refresh, a store
    /// reload: neither leaves anything to lose).
    package func cancel() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
        }
    }
}
