package import Dispatch

/// What ``PeriodicTask`` schedules its runs with: Dispatch's timers in the server
/// (``DispatchPeriodicClock``), a clock a test advances by hand in tests, so that a test
/// says "an interval passes" instead of sleeping and hoping one did.
package protocol PeriodicClock: Sendable {
    /// Calls `fire` on `queue` `first` from now, then every `interval`, until the schedule is
    /// cancelled; `cancelled` runs on `queue` once after the cancel, when no `fire` is running
    /// and none will start.
    func schedule(on queue: DispatchQueue, first: Duration, every interval: Duration,
                  fire: @escaping @Sendable () -> Void,
                  cancelled: @escaping @Sendable () -> Void) -> any PeriodicSchedule
}

/// One schedule made by a ``PeriodicClock``.
package protocol PeriodicSchedule: Sendable {
    /// No new run starts; the schedule's `cancelled` follows a run in progress.
    func cancel()
}

/// The real clock: a `DispatchSourceTimer` per schedule.
package struct DispatchPeriodicClock: PeriodicClock {
    package init() {}

    package func schedule(on queue: DispatchQueue, first: Duration, every interval: Duration,
                          fire: @escaping @Sendable () -> Void,
                          cancelled: @escaping @Sendable () -> Void) -> any PeriodicSchedule {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = Self.nanoseconds(interval)
        // 5 % slack lets the kernel coalesce wake-ups; none of the users needs better.
        timer.schedule(deadline: .now() + .nanoseconds(Self.nanoseconds(first)),
                       repeating: .nanoseconds(nanoseconds), leeway: .nanoseconds(nanoseconds / 20))
        timer.setEventHandler(handler: fire)
        // Dispatch runs the cancel handler only after the timer's last event handler returned.
        timer.setCancelHandler(handler: cancelled)
        timer.resume()
        return DispatchSchedule(timer: timer)
    }

    /// Whole nanoseconds, saturating (an absurd interval is about 146 years, not a trap).
    package static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int.max / 2 : whole + Int(attoseconds / 1_000_000_000)
    }
}

private struct DispatchSchedule: PeriodicSchedule, @unchecked Sendable {
    // DispatchSourceTimer is thread-safe; it is not marked Sendable.
    let timer: any DispatchSourceTimer
    func cancel() { timer.cancel() }
}
