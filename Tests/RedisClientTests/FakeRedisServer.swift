import Foundation
import Glibc

/// A server on 127.0.0.1 that speaks whatever a test tells it to: for each connection it
/// accepts, `serve` runs on a thread of its own with the connected descriptor (closed when
/// `serve` returns, or at ``stop()``). Hostile servers for ``RedisConnection``'s tests.
final class FakeRedisServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var open: [Int32] = []
    private var stopped = false
    /// Signalled each time a connection ends (its peer closed it or `serve` returned).
    let ended = DispatchSemaphore(value: 0)

    init(serve: @escaping @Sendable (Int32) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard listening else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            while true {
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { return }
                let keep = lock.withLock { () -> Bool in
                    if stopped { return false }
                    open.append(fd)
                    return true
                }
                guard keep else { close(fd); return }
                Thread { [self] in
                    serve(fd)
                    finish(fd)
                }.start()
            }
        }
        thread.start()
    }

    /// Closes the descriptor once, and counts the connection as ended.
    private func finish(_ fd: Int32) {
        let wasOpen = lock.withLock { () -> Bool in
            guard let index = open.firstIndex(of: fd) else { return false }
            open.remove(at: index)
            return true
        }
        if wasOpen {
            close(fd)
            ended.signal()
        }
    }

    /// Stops accepting and closes every connection.
    func stop() {
        let descriptors = lock.withLock { () -> [Int32] in
            stopped = true
            return open
        }
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in descriptors { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    deinit {
        stop()
        close(listener)
    }

    /// Reads whatever the client sent (at most 64 KiB; empty at end of stream).
    static func read(_ fd: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let count = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(bytes[..<count]) : []
    }

    /// Writes all of `bytes`; false when the client is gone.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// Waits until the client closes its end (reads and drops what it sends).
    static func drainUntilClosed(_ fd: Int32) {
        while !read(fd).isEmpty {}
    }
}
