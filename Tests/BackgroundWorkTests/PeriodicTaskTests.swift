import BackgroundWork
import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport

/// A count shared with the work (Atomic and Mutex cannot be captured by escaping closures).
private final class Counter: Sendable {
    private let count = Mutex(0)
    @discardableResult func increment() -> Int { count.withLock { $0 += 1; return $0 } }
    var value: Int { count.withLock { $0 } }
}

private final class Flag: Sendable {
    private let flag = Mutex(false)
    func set(_ value: Bool) { flag.withLock { $0 = value } }
    var value: Bool { flag.withLock { $0 } }
}

/// Time is a ``ManualClock``: "an interval passes" is `advance(by:)`, which returns once the
/// runs it set off have returned, so "nothing ran" is asserted exactly, with no sleep.
@Suite struct PeriodicTaskTests {
    @Test func runsTheWorkOncePerIntervalOnceStarted() {
        let clock = ManualClock()
        let task = PeriodicTask(label: "test.repeats", clock: clock)
        let runs = Counter()
        task.start(every: .milliseconds(5)) { runs.increment() }
        defer { task.stop() }
        clock.advance(by: .milliseconds(4))
        #expect(runs.value == 0)
        clock.advance(by: .milliseconds(1))
        #expect(runs.value == 1)
        clock.advance(by: .milliseconds(5))
        clock.advance(by: .milliseconds(5))
        #expect(runs.value == 3)
        #expect(task.isScheduled)
    }

    @Test func intervalsMissedTogetherRunOnce() {
        let clock = ManualClock()
        let task = PeriodicTask(label: "test.coalesce", clock: clock)
        let runs = Counter()
        task.start(every: .milliseconds(5)) { runs.increment() }
        defer { task.stop() }
        clock.advance(by: .milliseconds(50))
        #expect(runs.value == 1)
        clock.advance(by: .milliseconds(5))
        #expect(runs.value == 2)
    }

    @Test func theFirstRunWaitsOneIntervalUnlessImmediate() {
        let clock = ManualClock()
        let task = PeriodicTask(label: "test.first", clock: clock)
        let runs = Counter()
        task.start(every: .seconds(3600)) { runs.increment() }
        clock.advance(by: .seconds(3599))
        #expect(runs.value == 0)
        // runNow is ordered behind any run already queued, so these counts are exact.
        task.runNow()
        #expect(runs.value == 1)
        task.start(every: .seconds(3600), immediately: true) { runs.increment() }
        task.runNow()
        #expect(runs.value == 3, "the immediate run, then runNow's")
        clock.advance(by: .seconds(3599))
        #expect(runs.value == 3, "the replaced schedule's hour does not carry over")
        clock.advance(by: .seconds(1))
        #expect(runs.value == 4)
        task.stop()
    }

    @Test func runNowRunsTheWorkAndWaitsForIt() {
        let task = PeriodicTask(label: "test.run-now", clock: ManualClock())
        let runs = Counter()
        task.runNow() // never started: nothing to run
        task.start(every: .seconds(3600)) { runs.increment() }
        task.runNow()
        #expect(runs.value == 1)
        task.stop()
        // Kept after stop, for a final flush.
        task.runNow()
        #expect(runs.value == 2)
    }

    @Test func stopWaitsForARunInProgressAndNoRunStartsAfterIt() async {
        let clock = ManualClock()
        let task = PeriodicTask(label: "test.stop", clock: clock)
        let inside = Flag()
        let runs = Counter()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let stopping = DispatchSemaphore(value: 0)
        task.start(every: .milliseconds(1)) {
            inside.set(true)
            if runs.increment() == 1 {
                entered.signal()
                release.wait()
            }
            inside.set(false)
        }
        // The run blocks, so the advance that starts it runs on a thread of its own.
        let ticker = Thread { clock.advance(by: .milliseconds(1)) }
        ticker.start()
        entered.wait()
        // stop() is called while the first run is blocked; whenever it returns, the run must
        // be over (a stop() that did not wait would return while `inside` is still set).
        let insideWhenStopReturned = Flag()
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            stopping.signal()
            task.stop()
            insideWhenStopReturned.set(inside.value)
            stopped.signal()
        }.start()
        stopping.wait()
        release.signal()
        stopped.wait()
        #expect(!insideWhenStopReturned.value)
        #expect(!task.isScheduled)
        clock.advance(by: .seconds(3600))
        #expect(runs.value == 1, "no run after stop()")
        #expect(clock.scheduleCount == 0)
        task.stop() // idempotent
    }

    @Test func cancelReturnsAtOnceAndNoNewRunStarts() {
        let clock = ManualClock()
        let task = PeriodicTask(label: "test.cancel", clock: clock)
        let runs = Counter()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        task.start(every: .milliseconds(1)) {
            if runs.increment() == 1 {
                entered.signal()
                release.wait()
            }
        }
        let ticker = Thread { clock.advance(by: .milliseconds(1)) }
        ticker.start()
        entered.wait()
        task.cancel() // returns while the first run is still blocked
        #expect(!task.isScheduled)
        release.signal()
        task.stop() // waits out that run
        clock.advance(by: .seconds(3600))
        #expect(runs.value == 1)
    }

    @Test func stopFromInsideTheWorkDoesNotDeadlock() {
        let clock = ManualClock()
        let task = PeriodicTask(label: "test.self-stop", clock: clock)
        let runs = Counter()
        task.start(every: .milliseconds(1)) {
            runs.increment()
            task.stop()
        }
        clock.advance(by: .milliseconds(1))
        #expect(!task.isScheduled)
        clock.advance(by: .milliseconds(10))
        task.stop()
        #expect(runs.value == 1)
    }

    @Test func startingAgainReplacesTheSchedule() {
        let clock = ManualClock()
        let task = PeriodicTask(label: "test.restart", clock: clock)
        let first = Counter()
        let second = Counter()
        task.start(every: .milliseconds(20)) { first.increment() }
        task.start(every: .milliseconds(1)) { second.increment() }
        for _ in 0..<3 { clock.advance(by: .milliseconds(1)) }
        #expect(second.value == 3)
        clock.advance(by: .milliseconds(100))
        task.stop()
        #expect(first.value == 0, "the first schedule was cancelled when the second started")
        #expect(clock.scheduleCount == 0)
    }

    @Test func releasingTheTaskCancelsItsTimer() {
        let clock = ManualClock()
        let runs = Counter()
        do {
            let task = PeriodicTask(label: "test.release", clock: clock)
            task.start(every: .milliseconds(1)) { runs.increment() }
            clock.advance(by: .milliseconds(1))
            #expect(runs.value == 1)
        }
        #expect(clock.scheduleCount == 0)
        clock.advance(by: .seconds(1))
        #expect(runs.value == 1)
    }

    /// The one test on Dispatch's real timers: they fire. The bound is a hang guard (a
    /// broken timer fails here instead of hanging CI), not a measurement.
    @Test func dispatchTimersRunTheWork() async throws {
        let task = PeriodicTask(label: "test.dispatch")
        let runs = Counter()
        task.start(every: .milliseconds(5)) { runs.increment() }
        defer { task.stop() }
        for _ in 0..<1_000 where runs.value < 3 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(runs.value >= 3)
    }
}
