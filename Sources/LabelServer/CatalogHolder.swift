import LabelCore
import Synchronization

/// The catalog being served, swapped atomically on reload.
///
/// Requests take a snapshot (a copy of a struct holding references), so a
/// reload never changes a catalog under a request in flight.
public final class CatalogHolder: Sendable {
    private let current: Mutex<LabelResolver>

    public init(_ resolver: LabelResolver) { current = Mutex(resolver) }

    public var resolver: LabelResolver { current.withLock { $0 } }

    public func replace(with resolver: LabelResolver) { current.withLock { $0 = resolver } }
}
