import BackgroundWork
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A value computed at most once, the first time a worker needs it (or by a background
/// thread started for it), then kept: a bundle's bodies, their gzip, a catalog's coverage.
///
/// Computing takes tens of milliseconds on a large store, so an event loop only asks
/// ``ready`` and, when it is `nil`, defers its request to ``LabelWorker/builds``, which
/// reads ``value``: concurrent first callers compute it once (the others wait for it).
final class ComputedOnce<Value: Sendable>: Sendable {
    private let compute: @Sendable () -> Value
    /// Held by the caller computing, so concurrent first callers compute once.
    private let computing = Guarded<Void>(())
    /// Held by whoever stores the value (the background thread or a worker).
    private let storing = Guarded<Void>(())
    /// Set (releasing) once ``stored`` holds the value, which is never written again:
    /// ``ready`` reads it after an acquiring load, without a lock. The launch route asks
    /// `ready` three times per request (its body, its gzip): no lock on the 304's path
    /// (Benchmarks/README.md, "Instructions per request", the launch 304).
    private let isStored = Atomic<Bool>(false)
    nonisolated(unsafe) private var stored: Value?

    init(_ compute: @escaping @Sendable () -> Value) { self.compute = compute }

    /// The value if computed; never waits.
    var ready: Value? { isStored.load(ordering: .acquiring) ? stored : nil }

    /// The value, computing it (or waiting for the caller computing it): blocks, so never
    /// on an event loop while ``ready`` is `nil`.
    var value: Value {
        if let ready { return ready }
        EventLoopThread.assertNotCurrent("a compute-once build")
        return computing.withLock { _ in ready ?? store(compute()) }
    }

    /// Keeps the first value computed (the background thread and a worker may both finish
    /// one; they are equal).
    private func store(_ value: Value) -> Value {
        storing.withLock { _ in
            if !isStored.load(ordering: .relaxed) {
                stored = value
                isStored.store(true, ordering: .releasing)
            }
            return stored ?? value
        }
    }

    /// Starts computing on a thread of its own at nice 19, so that it takes only CPU
    /// that the event loops, the start-up and the reloader leave: at normal priority it
    /// preempted the main thread on 2 cores and cost the first 200 about 1 ms. It holds
    /// no lock, so a request that needs the value first is never stuck behind it.
    func computeInBackground(name: String) {
        let thread = Thread { [self] in
            #if canImport(Glibc)
            // On Linux the nice value is per thread, and `who` 0 is the calling thread.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            #endif
            if ready == nil { _ = store(compute()) }
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }
}
