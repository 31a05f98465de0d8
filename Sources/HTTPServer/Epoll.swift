import CLabelSystem
import Glibc
import Sockets

/// An epoll instance with an eventfd to wake it from other threads.
final class Epoll {
    struct Event {
        var token: UInt64
        var readable: Bool
        var writable: Bool
        /// Error or hang-up: the peer is gone or the socket failed.
        var hangup: Bool
        /// The peer shut its side down (`EPOLLRDHUP`): its end of input is queued.
        var peerClosed: Bool
    }

    /// The token the wake-up eventfd reports.
    static let wakeToken = UInt64.max

    let descriptor: Int32
    private let wakeDescriptor: Int32
    private var events: [epoll_event]

    init(maxEvents: Int = 256) throws(SystemError) {
        descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard descriptor >= 0 else { throw SystemError("epoll_create1") }
        wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeDescriptor >= 0 else { throw SystemError("eventfd") }
        events = Array(repeating: epoll_event(), count: maxEvents)
        try add(wakeDescriptor, token: Self.wakeToken, writable: false)
    }

    deinit {
        _ = Glibc.close(wakeDescriptor)
        _ = Glibc.close(descriptor)
    }

    /// Registers `fd`, level-triggered (the listener, the eventfd) or, with `edgeTriggered`,
    /// edge-triggered (a connection: see ``EventLoop``'s reading rule).
    func add(_ fd: Int32, token: UInt64, writable: Bool, edgeTriggered: Bool = false) throws(SystemError) {
        var event = csystem_epoll_event(mask(writable: writable, edgeTriggered: edgeTriggered), token)
        guard epoll_ctl(descriptor, EPOLL_CTL_ADD, fd, &event) == 0 else { throw SystemError("epoll_ctl add") }
    }

    /// Changes a connection's interest (edge-triggered). The kernel re-checks the socket on
    /// the change: input that waited while reading was paused is reported now.
    func modify(_ fd: Int32, token: UInt64, writable: Bool, readable: Bool = true) throws(SystemError) {
        var event = csystem_epoll_event(mask(writable: writable, readable: readable, edgeTriggered: true), token)
        guard epoll_ctl(descriptor, EPOLL_CTL_MOD, fd, &event) == 0 else { throw SystemError("epoll_ctl mod") }
    }

    func remove(_ fd: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, &event)
    }

    /// The eventfd that wakes this epoll, for ``EventLoopHandle``.
    var wakeDescriptorForHandle: Int32 { wakeDescriptor }

    /// Wakes a thread blocked in `wait` on the epoll owning `descriptor` (safe from any thread).
    static func wake(descriptor: Int32) {
        guard descriptor >= 0 else { return }
        var one: UInt64 = 1
        _ = Glibc.write(descriptor, &one, 8)
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and hands each event to `body`.
    func wait(timeoutMilliseconds: Int32, _ body: (Event) -> Void) throws(SystemError) {
        let count = events.withUnsafeMutableBufferPointer {
            epoll_wait(descriptor, $0.baseAddress, Int32($0.count), timeoutMilliseconds)
        }
        if count < 0 {
            if csystem_errno() == EINTR { return }
            throw SystemError("epoll_wait")
        }
        for index in 0..<Int(count) {
            let token = withUnsafePointer(to: &events[index]) { csystem_epoll_event_data($0) }
            let flags = withUnsafePointer(to: &events[index]) { csystem_epoll_event_events($0) }
            if token == Self.wakeToken {
                var value: UInt64 = 0
                _ = Glibc.read(wakeDescriptor, &value, 8)
            }
            body(Event(
                token: token,
                readable: flags & EPOLLIN.rawValue != 0,
                writable: flags & EPOLLOUT.rawValue != 0,
                hangup: flags & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0,
                peerClosed: flags & EPOLLRDHUP.rawValue != 0
            ))
        }
    }

    private func mask(writable: Bool, readable: Bool = true, edgeTriggered: Bool) -> UInt32 {
        // A connection that stops reading (backpressure, a deferred answer) is taken out of
        // the interest set, and put back when it may read again.
        var mask = readable ? EPOLLIN.rawValue | EPOLLRDHUP.rawValue : 0
        if writable { mask |= EPOLLOUT.rawValue }
        if edgeTriggered { mask |= EPOLLET.rawValue }
        return mask
    }
}
