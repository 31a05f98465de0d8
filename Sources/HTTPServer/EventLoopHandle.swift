import Synchronization

/// What other threads may do to a running loop: ask it to stop, and wake it.
final class EventLoopHandle: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let wakeDescriptor = Atomic<Int32>(-1)

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
}
