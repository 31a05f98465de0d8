import Foundation
import HTTPServer
public import LabelCore
import Synchronization

/// Reloads the store and swaps it in atomically; a broken store leaves the
/// previous catalog serving and the error reported.
public final class StoreReloader: Sendable {
    public let configuration: StoreConfiguration
    private let holder: CatalogHolder
    private let metrics: Metrics
    private let log: @Sendable (String) -> Void
    /// Serializes reloads: SIGHUP and the admin route may race.
    private let running = Mutex(())

    public init(configuration: StoreConfiguration, holder: CatalogHolder, metrics: Metrics,
                log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.holder = holder
        self.metrics = metrics
        self.log = log
    }

    /// Reads the store again; on success the new catalog serves from the next request.
    @discardableResult
    public func reload() -> Result<ServiceState, StoreLoadError> {
        // The previous catalog (or the failed attempt) is garbage now: give its pages back.
        defer { ProcessMemory.trim() }
        return running.withLock { _ in
            let started = Date()
            do throws(StoreLoadError) {
                // A bundle folder that served before and cannot be found now is
                // an I/O failure (a half-done deploy), not an empty bundle.
                let store = try StoreLoader.load(configuration, expectedBundles: Set(holder.state.bundleFolders))
                let state = ServiceState(store: store)
                holder.replace(with: state)
                metrics.recordReload(success: true)
                log("reloaded \(store.catalog.stringCount) strings from \(store.fileCount) files in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
                return .success(state)
            } catch {
                metrics.recordReload(success: false)
                log("reload failed; the previous catalog keeps serving:\n\(error)")
                return .failure(error)
            }
        }
    }
}
