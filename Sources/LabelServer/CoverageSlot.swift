import Dispatch
import Foundation
import LabelCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One catalog's ``Coverage``, computed off the start-up path: by a background
/// thread of the lowest priority as soon as the state exists, or by whichever worker
/// needs it first.
///
/// Comparing every language with the development language takes tens of
/// milliseconds on a large store, so the server listens without it. An event loop
/// only asks ``ready``; a request that needs coverage before it is ready is deferred
/// to a worker, which computes it in ``coverage`` (once among such workers).
final class CoverageSlot: Sendable {
    private let catalog: Catalog
    /// Held by a worker computing, so concurrent first requests compute once.
    private let computing = Mutex<Void>(())
    private let value = Mutex<Coverage?>(nil)

    init(catalog: Catalog) { self.catalog = catalog }

    /// The coverage if computed; never waits.
    var ready: Coverage? { value.withLock { $0 } }

    /// The coverage, computing it (or waiting for another worker computing it): blocks,
    /// so never on an event loop while ``ready`` is `nil`.
    var coverage: Coverage {
        if let ready { return ready }
        return computing.withLock { _ in ready ?? store(Coverage(catalog: catalog)) }
    }

    /// Keeps the first coverage computed (the background thread and a worker may both
    /// finish one; they are equal).
    private func store(_ coverage: Coverage) -> Coverage {
        value.withLock { stored in
            if stored == nil { stored = coverage }
            return stored ?? coverage
        }
    }

    /// Starts computing on a thread of its own at nice 19, so that it takes only CPU
    /// that the event loops, the start-up and the reloader leave: at normal priority it
    /// preempted the main thread on 2 cores and cost the first 200 about 1 ms. It holds
    /// no lock, so a request that needs coverage first is never stuck behind it.
    func computeInBackground() {
        let thread = Thread { [self] in
            #if canImport(Glibc)
            // On Linux the nice value is per thread, and `who` 0 is the calling thread.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            #endif
            if ready == nil { _ = store(Coverage(catalog: catalog)) }
        }
        thread.name = "label-server-coverage"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Where requests that need coverage before it is ready compute or wait for it.
    static let workers = DispatchQueue(label: "label-server.coverage", qos: .userInitiated, attributes: .concurrent)
}
