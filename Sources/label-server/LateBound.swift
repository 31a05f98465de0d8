import Synchronization

/// A reference set once after construction, for closures created before
/// their target exists (the service needs the server it is handed to).
final class LateBound<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    var value: Value? { storage.withLock { $0 } }

    func set(_ value: Value) { storage.withLock { $0 = value } }
}
