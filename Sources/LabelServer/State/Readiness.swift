import Synchronization

/// Whether `/readyz` says ready: true once the catalog is loaded, false again
/// when shutdown begins, so a load balancer stops sending new requests.
package final class Readiness: Sendable {
    private let ready = Atomic<Bool>(true)

    package init() {}

    var isReady: Bool { ready.load(ordering: .relaxed) }

    package func set(_ value: Bool) { ready.store(value, ordering: .relaxed) }
}
