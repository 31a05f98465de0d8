import BackgroundWork

/// The state being served, swapped atomically on reload.
///
/// Requests take a snapshot (a copy of a struct holding one reference), so a
/// reload never changes a catalog under a request in flight.
package final class CatalogHolder: Sendable {
    private let current: Guarded<ServiceState>

    package init(_ state: ServiceState) { current = Guarded(state) }

    package var state: ServiceState { current.withLock { $0 } }

    /// Serves `state` from the next request on.
    /// - Returns: the state served until now, for the caller to release.
    @discardableResult
    package func replace(with state: ServiceState) -> ServiceState {
        current.withLock { current in
            let previous = current
            current = state
            return previous
        }
    }
}
