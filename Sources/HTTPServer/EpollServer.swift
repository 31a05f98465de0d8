import Foundation
import HTTP1
import Synchronization

/// The HTTP/1.1 server: one epoll loop per core, each with its own
/// `SO_REUSEPORT` listener, answering inline through an ``HTTPResponder``.
public final class EpollServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let handles: [EventLoopHandle]
    private let connectionCount = ConnectionCounter()
    private let done = DispatchGroup()
    private let boundAddress = Mutex<SocketAddress?>(nil)

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
        handles = (0..<max(1, configuration.eventLoops)).map { _ in EventLoopHandle() }
    }

    /// Binds and starts the loops.
    ///
    /// - Returns: The bound address (with the real port when 0 was asked for).
    /// - Throws: ``SystemError`` when the address cannot be bound; nothing is left running.
    @discardableResult
    public func start() throws(SystemError) -> SocketAddress {
        guard var address = SocketAddress(host: configuration.host, port: configuration.port) else {
            throw SystemError("resolve \(configuration.host)", code: EINVAL)
        }
        // The first listener fixes the port; the others join it with SO_REUSEPORT.
        var listeners: [Socket] = []
        let first = try Socket.listen(on: address, reusePort: true)
        listeners.append(first)
        address = SocketAddress(host: address.host, port: try first.localPort())!
        for _ in 1..<handles.count {
            listeners.append(try Socket.listen(on: address, reusePort: true))
        }
        boundAddress.withLock { $0 = address }
        var loops: [EventLoop] = []
        for (listener, handle) in zip(listeners, handles) {
            loops.append(try EventLoop(listener: listener, responder: responder, configuration: configuration,
                                       handle: handle, connectionCount: connectionCount))
        }
        for (index, loop) in loops.enumerated() {
            done.enter()
            let box = UncheckedSendable(loop)
            let thread = Thread { [done] in
                box.value.run()
                done.leave()
            }
            thread.name = "label-server-loop-\(index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
        return address
    }

    /// The address bound by ``start()``.
    public var address: SocketAddress? { boundAddress.withLock { $0 } }

    /// Open connections right now, over all loops.
    public var openConnections: Int { connectionCount.value }

    /// Stops accepting; idle connections close, requests in flight are answered
    /// (with `Connection: close`). Returns at once; ``wait()`` blocks until done.
    public func shutdown() {
        for handle in handles { handle.stop() }
    }

    /// Blocks until every loop has finished.
    public func wait() { done.wait() }

    /// Blocks until every loop has finished or `seconds` pass; true when finished.
    public func wait(seconds: Double) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }
}
