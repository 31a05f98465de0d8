import Synchronization

/// What other threads may do to a running loop: ask it to stop, and wake it.
final class EventLoopHandle: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let wakeDescriptor = Atomic<Int32>(-1)
    private let finished = Mutex<Bool>(false)

    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Called by the loop once its epoll exists.
    func attach(_ epoll: Epoll) {
        wakeDescriptor.store(epoll.wakeDescriptorForHandle, ordering: .releasing)
    }

    /// Asks the loop to stop accepting and finish its connections.
    func stop() {
        stopping.store(true, ordering: .releasing)
        Epoll.wake(descriptor: wakeDescriptor.load(ordering: .acquiring))
    }

    func markFinished() { finished.withLock { $0 = true } }
    var isFinished: Bool { finished.withLock { $0 } }
}

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
