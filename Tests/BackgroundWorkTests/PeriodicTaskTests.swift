import Dispatch
import Synchronization
import Testing
import BackgroundWork

/// Waits (bounded) for `condition`; the bound is generous because the box is shared and busy.
private func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<1_000 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

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

@Suite struct PeriodicTaskTests {
    @Test func runsTheWorkRepeatedlyOnceStarted() async throws {
        let task = PeriodicTask(label: "test.repeats")
        let runs = Counter()
        task.start(every: .milliseconds(5)) { runs.increment() }
        defer { task.stop() }
        #expect(try await eventually { runs.value >= 3 })
        #expect(task.isScheduled)
    }

    @Test func theFirstRunWaitsOneIntervalUnlessImmediate() async throws {
        let task = PeriodicTask(label: "test.first")
        let runs = Counter()
        task.start(every: .seconds(3600)) { runs.increment() }
        // An hour away: runNow is ordered behind any run already queued, so this is exact.
        task.runNow()
        #expect(runs.value == 1)
        task.start(every: .seconds(3600), immediately: true) { runs.increment() }
        #expect(try await eventually { runs.value == 2 })
        task.stop()
    }

    @Test func runNowRunsTheWorkAndWaitsForIt() {
        let task = PeriodicTask(label: "test.run-now")
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

    @Test func stopWaitsForARunInProgressAndNoRunStartsAfterIt() async throws {
        let task = PeriodicTask(label: "test.stop")
        let inside = Flag()
        let runs = Counter()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        task.start(every: .milliseconds(1)) {
            inside.set(true)
            if runs.increment() == 1 {
                entered.signal()
                release.wait()
            }
            inside.set(false)
        }
        entered.wait()
        // stop() is called while the first run is blocked; it must not return before it ends.
        let stopped = Flag()
        let stopper = Task.detached {
            task.stop()
            stopped.set(true)
        }
        // Give stop() a moment to be waiting; a wrong stop() would return within it.
        try await Task.sleep(for: .milliseconds(50))
        #expect(!stopped.value)
        release.signal()
        await stopper.value
        #expect(!inside.value)
        let after = runs.value
        try await Task.sleep(for: .milliseconds(50))
        #expect(runs.value == after)
        #expect(!task.isScheduled)
        task.stop() // idempotent
    }

    @Test func cancelReturnsAtOnceAndNoNewRunStarts() async throws {
        let task = PeriodicTask(label: "test.cancel")
        let runs = Counter()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        task.start(every: .milliseconds(1)) {
            if runs.increment() == 1 {
                entered.signal()
                release.wait()
            }
        }
        entered.wait()
        task.cancel() // returns while the first run is still blocked
        #expect(!task.isScheduled)
        release.signal()
        task.stop() // waits out that run
        let after = runs.value
        try await Task.sleep(for: .milliseconds(50))
        #expect(runs.value == after)
        #expect(after <= 2) // the blocked run, and at most one already queued behind it
    }

    @Test func stopFromInsideTheWorkDoesNotDeadlock() async throws {
        let task = PeriodicTask(label: "test.self-stop")
        let runs = Counter()
        task.start(every: .milliseconds(1)) {
            runs.increment()
            task.stop()
        }
        #expect(try await eventually { !task.isScheduled })
        task.stop()
        #expect(runs.value >= 1)
    }

    @Test func startingAgainReplacesTheSchedule() async throws {
        let task = PeriodicTask(label: "test.restart")
        let first = Counter()
        let second = Counter()
        task.start(every: .milliseconds(20)) { first.increment() }
        task.start(every: .milliseconds(1)) { second.increment() }
        // The first schedule was cancelled when the second started: at most a run of it
        // already under way finishes.
        let firstRuns = first.value
        #expect(try await eventually { second.value >= 3 })
        try await Task.sleep(for: .milliseconds(100))
        task.stop()
        #expect(first.value <= firstRuns + 1)
    }

    @Test func releasingTheTaskCancelsItsTimer() async throws {
        let runs = Counter()
        do {
            let task = PeriodicTask(label: "test.release")
            task.start(every: .milliseconds(1)) { runs.increment() }
            #expect(try await eventually { runs.value >= 1 })
        }
        // A run already queued may still finish; then nothing more.
        try await Task.sleep(for: .milliseconds(20))
        let after = runs.value
        try await Task.sleep(for: .milliseconds(50))
        #expect(runs.value == after)
    }
}
