import Dispatch
import LabelCore
import Synchronization

/// One catalog's ``Coverage``, computed off the start-up path: on a background
/// worker as soon as the state exists, or by whichever worker needs it first.
///
/// Comparing every language with the development language takes tens of
/// milliseconds on a large store, so the server listens without it. An event loop
/// only asks ``ready``; a request that needs coverage before it is ready is deferred
/// to a worker, which waits in ``coverage`` (the computation runs once).
final class CoverageSlot: Sendable {
    private let catalog: Catalog
    /// Held while computing, so concurrent first callers compute once.
    private let computing = Mutex<Void>(())
    private let value = Mutex<Coverage?>(nil)

    init(catalog: Catalog) { self.catalog = catalog }

    /// The coverage if computed; never waits.
    var ready: Coverage? { value.withLock { $0 } }

    /// The coverage, computing it or waiting for the worker computing it: blocks, so
    /// never on an event loop while ``ready`` is `nil`.
    var coverage: Coverage {
        if let ready { return ready }
        return computing.withLock { _ in
            if let ready { return ready }
            let coverage = Coverage(catalog: catalog)
            value.withLock { $0 = coverage }
            return coverage
        }
    }

    /// Starts computing on a background worker.
    func computeInBackground() {
        Self.workers.async { [self] in _ = coverage }
    }

    /// Where coverage is computed, and where requests that need it before it is ready wait.
    static let workers = DispatchQueue(label: "label-server.coverage", qos: .utility, attributes: .concurrent)
}
