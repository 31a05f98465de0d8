import Synchronization

/// Open connections across all loops, for the `maxConnections` cap.
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    func tryIncrement(limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func decrement() { count.subtract(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
