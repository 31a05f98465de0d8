import Synchronization

/// A count shared with callbacks (a `Mutex` cannot be captured by an escaping closure).
final class Calls: Sendable {
    private let count = Mutex(0)
    func record() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Waits (bounded, generously: the box is shared) for `condition`.
func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<1_000 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
