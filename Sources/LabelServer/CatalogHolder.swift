import Synchronization

/// The state being served, swapped atomically on reload.
///
/// Requests take a snapshot (a copy of a struct holding one reference), so a
/// reload never changes a catalog under a request in flight.
public final class CatalogHolder: Sendable {
    private let current: Mutex<ServiceState>

    public init(_ state: ServiceState) { current = Mutex(state) }

    public var state: ServiceState { current.withLock { $0 } }

    /// Serves `state` from the next request on.
    /// - Returns: the state served until now, for the caller to release.
    @discardableResult
    public func replace(with state: ServiceState) -> ServiceState {
        current.withLock { current in
            let previous = current
            current = state
            return previous
        }
    }
}
