import BackgroundWork
import Foundation
import HTTP1
package import Sockets
import Synchronization

/// The HTTP/1.1 server: one epoll loop per core, each with its own
/// `SO_REUSEPORT` listener, answering inline through an ``HTTPResponder``.
package final class EpollServer: Sendable {
    package let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let handles: [EventLoopHandle]
    private let connectionCount = ConnectionCounter()
    private let done = DispatchGroup()
    private let boundAddress = Guarded<SocketAddress?>(nil)
    private let statistics: [LoopStatistics]
    private let log: RateLimitedLog?

    /// - Parameter log: Where rejected requests (with the peer) and failures to
    ///   accept (EMFILE) are reported, rate-limited; nil reports nothing.
    package init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, log: RateLimitedLog? = nil) {
        self.configuration = configuration
        self.responder = responder
        self.log = log
        handles = (0..<max(1, configuration.eventLoops)).map { _ in EventLoopHandle() }
        statistics = handles.map { _ in LoopStatistics() }
    }

    /// The clock time (``HTTPServerConfiguration/clock``) every loop has swept at: each
    /// connection timeout due by then has been acted on. For tests that advance a manual clock.
    package var sweptUntil: UInt64 { statistics.map { $0.lastSweep.load(ordering: .acquiring) }.min() ?? 0 }

    /// Binds and starts the loops.
    ///
    /// - Returns: The bound address (with the real port when 0 was asked for).
    /// - Throws: ``SystemError`` when the address cannot be bound; nothing is left running.
    @discardableResult
    package func start() throws(SystemError) -> SocketAddress {
        guard var address = SocketAddress(host: configuration.host, port: configuration.port) else {
            throw SystemError("resolve \(configuration.host)", code: EINVAL)
        }
        // Our sockets send with MSG_NOSIGNAL; a process hosting a server must not die of
        // SIGPIPE from anything else writing to a closed pipe or socket either (a test
        // process once did, with URLSession clients in it): ignore it, as `serve` does.
        signal(SIGPIPE, SIG_IGN)
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
        for (index, (listener, handle)) in zip(listeners, handles).enumerated() {
            loops.append(try EventLoop(listener: listener, responder: responder, configuration: configuration,
                                       handle: handle, connectionCount: connectionCount,
                                       statistics: statistics[index], log: log))
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
    package var address: SocketAddress? { boundAddress.withLock { $0 } }

    /// Open connections right now, over all loops.
    package var openConnections: Int { connectionCount.value }

    /// Unsent response bytes over all connections (shared bodies counted), as of the last timer sweep (~100 ms).
    package var pendingOutputBytes: Int { statistics.reduce(0) { $0 + $1.pendingOutputBytes.load(ordering: .relaxed) } }

    /// Bytes of output buffers the connections own, as of the last sweep: what slow readers cost.
    package var ownedOutputBytes: Int { statistics.reduce(0) { $0 + $1.ownedOutputBytes.load(ordering: .relaxed) } }

    /// Times a connection stopped being read because its unsent output passed the high-water mark.
    package var readPauses: Int { statistics.reduce(0) { $0 + $1.readPauses.load(ordering: .relaxed) } }

    /// Stops accepting; idle connections close, requests in flight are answered
    /// (with `Connection: close`). Returns at once; ``wait()`` blocks until done.
    package func shutdown() {
        for handle in handles { handle.stop() }
    }

    /// Blocks until every loop has finished.
    package func wait() { done.wait() }

    /// Blocks until every loop has finished or `seconds` pass; true when finished.
    package func wait(seconds: Double) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }
}
