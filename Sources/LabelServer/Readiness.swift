import Synchronization

/// Whether `/readyz` says ready: true once the catalog is loaded, false again
/// when shutdown begins, so a load balancer stops sending new requests.
public final class Readiness: Sendable {
    private let ready = Atomic<Bool>(true)

    public init() {}

    public var isReady: Bool { ready.load(ordering: .relaxed) }

    public func set(_ value: Bool) { ready.store(value, ordering: .relaxed) }
}
