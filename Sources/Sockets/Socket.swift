import CLabelSystem
import Glibc

/// A non-blocking stream socket that owns its file descriptor.
///
/// A class because it is a resource: exactly one owner closes the descriptor,
/// on `close()` or at deinit.
package final class Socket {
    /// The file descriptor; -1 once closed.
    ///
    /// No runtime exclusivity checks here: a socket belongs to one loop's thread. Another
    /// module still reads this stored property through the runtime's check (a
    /// `swift_beginAccess` call) despite the attribute, so `HTTPServer`'s `Connection`
    /// keeps its own copy for the loop to read.
    @exclusivity(unchecked) package private(set) var descriptor: Int32

    package init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Opens a listening socket.
    ///
    /// - Parameters:
    ///   - address: Where to listen. Port 0 asks the kernel for a free port.
    ///   - reusePort: Set `SO_REUSEPORT`, so that each event loop can listen on
    ///     its own socket for the same port and the kernel spreads connections.
    ///   - backlog: The accept queue length.
    package static func listen(on address: SocketAddress, reusePort: Bool, backlog: Int32 = 1024) throws(SystemError) -> Socket {
        let domain = address.family == .ipv4 ? AF_INET : AF_INET6
        let fd = Glibc.socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        let socket = Socket(descriptor: fd)
        try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1)
        if reusePort { try socket.setOption(SOL_SOCKET, SO_REUSEPORT, 1) }
        let bound = address.withSockaddr { Glibc.bind(fd, $0, $1) }
        guard bound == 0 else { throw SystemError("bind \(address)") }
        guard Glibc.listen(fd, backlog) == 0 else { throw SystemError("listen") }
        return socket
    }

    /// The locally bound port (the real one after binding port 0).
    package func localPort() throws(SystemError) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw SystemError("getsockname") }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    /// Accepts one pending connection, non-blocking, with `TCP_NODELAY` set.
    ///
    /// - Returns: `nil` when no connection is pending (`EAGAIN`), or when the
    ///   peer went away before it was accepted.
    /// - Throws: Other errors, including `EMFILE` (out of descriptors), which
    ///   the caller handles by pausing accepts.
    package func accept() throws(SystemError) -> Socket? {
        while true {
            let fd = csystem_accept4(descriptor)
            if fd >= 0 {
                let socket = Socket(descriptor: fd)
                // Head and body leave in one write; without NODELAY a small
                // response can still wait ~40 ms on the peer's delayed ACK.
                try? socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
                return socket
            }
            switch csystem_errno() {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO: return nil
            case let code: throw SystemError("accept4", code: code)
            }
        }
    }

    /// Reads into `buffer`.
    ///
    /// - Returns: bytes read; 0 at end of stream; `nil` when nothing is available now.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            switch csystem_errno() {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            case let code: throw SystemError("read", code: code)
            }
        }
    }

    /// Writes as much of `bytes` as the socket takes now.
    ///
    /// - Returns: bytes written (possibly fewer than given; 0 when the socket is full).
    /// - Parameter more: more bytes follow at once (`MSG_MORE`), so a head and the
    ///   body sent after it by reference still leave in full segments.
    package func write(_ bytes: UnsafeRawBufferPointer, more: Bool = false) throws(SystemError) -> Int {
        guard bytes.count > 0 else { return 0 }
        // MSG_NOSIGNAL: a peer that closed must give EPIPE, not kill the process.
        let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
        while true {
            let count = send(descriptor, bytes.baseAddress, bytes.count, flags)
            if count >= 0 { return count }
            switch csystem_errno() {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            case let code: throw SystemError("send", code: code)
            }
        }
    }

    /// The connected peer as `host:port`, for log lines; nil when unknown.
    package var peerName: String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = csystem_peer_name(descriptor, &buffer, buffer.count)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Stops sending (FIN) while still reading: used before closing so that
    /// unread request bytes do not turn the close into a reset that loses the response.
    package func shutdownWrite() { _ = Glibc.shutdown(descriptor, Int32(SHUT_WR)) }

    package func setOption(_ level: Int32, _ name: Int32, _ value: Int32) throws(SystemError) {
        var value = value
        guard setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw SystemError("setsockopt \(name)")
        }
    }

    /// Starts connecting to `address`: `connect(2)`'s result, with `errno` left for the caller
    /// (a non-blocking socket answers -1 and `EINPROGRESS` while the handshake runs).
    package func connect(to address: SocketAddress) -> Int32 {
        address.withSockaddr { Glibc.connect(descriptor, $0, $1) }
    }

    /// Closes the descriptor once; later calls do nothing.
    package func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }
}
