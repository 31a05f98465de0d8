import Synchronization

/// The state being served, swapped atomically on reload.
///
/// Requests take a snapshot (a copy of a struct holding references), so a
/// reload never changes a catalog under a request in flight.
public final class CatalogHolder: Sendable {
    private let current: Mutex<ServiceState>

    public init(_ state: ServiceState) { current = Mutex(state) }

    public var state: ServiceState { current.withLock { $0 } }

    public func replace(with state: ServiceState) { current.withLock { $0 = state } }
}
