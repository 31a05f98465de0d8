import BackgroundWork
package import HTTP1
import Synchronization

/// What other threads may do to a running loop: ask it to stop, hand it a
/// deferred response, and wake it. `package` for the tests' in-process exchange
/// (TestSupport's `InProcessExchange`), which plays the loop's part without one.
package final class EventLoopHandle: Sendable {
    /// A response finished off the loop, for the connection that asked for it.
    package struct Completion: Sendable {
        var descriptor: Int32
        var serial: UInt64
        package var response: HTTPResponse
    }

    private let stopping = Atomic<Bool>(false)
    private let wakeDescriptor = Atomic<Int32>(-1)
    private let completions = Guarded<[Completion]>([])
    /// Deferred responses handed out; the loop compares it around a responder call.
    private let deferrals = Atomic<UInt64>(0)

    package init() {}

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

    package var deferralCount: UInt64 { deferrals.load(ordering: .relaxed) }

    func noteDeferral() { deferrals.add(1, ordering: .relaxed) }

    /// Queues a response for the loop (from any thread) and wakes it through its eventfd.
    func complete(_ completion: Completion) {
        completions.withLock { $0.append(completion) }
        Epoll.wake(descriptor: wakeDescriptor.load(ordering: .acquiring))
    }

    /// The responses queued since the last call (loop thread only).
    package func takeCompletions() -> [Completion] {
        completions.withLock { queue in
            guard !queue.isEmpty else { return [] }
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }
}
