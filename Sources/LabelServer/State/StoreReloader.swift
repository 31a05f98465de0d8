import BackgroundWork
import Dispatch
import Foundation
import HTTPServer
package import LabelCore
import Synchronization

/// Reloads the store and swaps it in atomically; a broken store leaves the
/// previous catalog serving and the error reported.
///
/// The work never runs on an event loop: ``reloadInBackground(_:)`` loads on the
/// reloader's own serial queue (the admin route defers its response until it is done;
/// SIGHUP and the store watcher call it too), the new state is built while the old one
/// serves, swapped in under the holder's lock, and the old one is freed on the worker
/// once no request holds it any more, followed by `malloc_trim`.
package final class StoreReloader: Sendable {
    package let configuration: StoreConfiguration
    private let holder: CatalogHolder
    private let metrics: Metrics
    private let log: @Sendable (String) -> Void
    /// Serializes reloads: SIGHUP, the watcher and the admin route may race.
    private let running = Guarded(())
    /// Where background reloads run, one at a time.
    private let queue = DispatchQueue(label: "label-server.reload")
    /// How long the worker waits for requests still holding the previous state to
    /// finish before it lets go of it anyway (each holds it for microseconds).
    static let releaseWait: Duration = .seconds(2)
    /// Reloads whose previous state was still held when ``releaseWait`` ran out: its
    /// catalog was then freed later, wherever the last holder let go, after the trim.
    private let releasesLeftHeld = Atomic<Int>(0)
    var previousStatesLeftHeld: Int { releasesLeftHeld.load(ordering: .relaxed) }

    /// Reads the store: ``StoreLoader/load(_:expectedBundles:)``; tests put a gate in front of it.
    typealias Load = @Sendable (StoreConfiguration, Set<String>) throws(StoreLoadError) -> LoadedStore
    private let load: Load

    package convenience init(configuration: StoreConfiguration, holder: CatalogHolder, metrics: Metrics,
                            log: @escaping @Sendable (String) -> Void) {
        self.init(configuration: configuration, holder: holder, metrics: metrics, log: log) { configuration, expected throws(StoreLoadError) in
            try StoreLoader.load(configuration, expectedBundles: expected)
        }
    }

    init(configuration: StoreConfiguration, holder: CatalogHolder, metrics: Metrics,
         log: @escaping @Sendable (String) -> Void, load: @escaping Load) {
        self.configuration = configuration
        self.holder = holder
        self.metrics = metrics
        self.log = log
        self.load = load
    }

    /// Reloads on the reloader's worker and calls `done` there with the outcome.
    package func reloadInBackground(_ done: @escaping @Sendable (Result<ServiceState, StoreLoadError>) -> Void = { _ in }) {
        queue.async { [self] in done(reload()) }
    }

    /// Runs `work` on the reloader's worker, after any reload queued before it (the
    /// dispatcher's ``LabelWorker/reload``: `POST /admin/reload`).
    func run(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Reads the store again on the calling thread (never call it on an event loop);
    /// on success the new catalog serves from the next request.
    @discardableResult
    package func reload() -> Result<ServiceState, StoreLoadError> {
        EventLoopThread.assertNotCurrent("a store reload")
        // The failed attempt (or the previous catalog) is garbage now: give its pages back.
        defer { ProcessMemory.trim() }
        return running.withLock { _ in
            let started = ContinuousClock.now
            do throws(StoreLoadError) {
                // A bundle folder that served before and cannot be found now is
                // an I/O failure (a half-done deploy), not an empty bundle.
                let store = try load(configuration, Set(holder.state.bundleFolders))
                // Coverage is computed here, before the swap, so a reloaded state serves
                // `/coverage` at once (and no background thread computes it a second time).
                let state = ServiceState(store: store, coverageInBackground: false)
                _ = state.coverage
                release(holder.replace(with: state))
                metrics.recordReload(success: true)
                log("reloaded \(store.catalog.stringCount) strings from \(store.fileCount) files in \(Self.milliseconds(since: started)) ms")
                return .success(state)
            } catch {
                metrics.recordReload(success: false)
                log("reload failed; the previous catalog keeps serving:\n\(error)")
                return .failure(error)
            }
        }
    }

    /// Frees `previous` here rather than on the event loop of the last request holding
    /// it: freeing a large catalog takes tens of milliseconds.
    private func release(_ previous: consuming ServiceState) {
        let deadline = ContinuousClock.now + Self.releaseWait
        while !previous.isOnlyReference(), ContinuousClock.now < deadline {
            usleep(1_000)
        }
        if !previous.isOnlyReference() { releasesLeftHeld.add(1, ordering: .relaxed) }
        // `previous` ends here: freed now if it was the last reference.
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = (ContinuousClock.now - start).components
        return Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    }
}
