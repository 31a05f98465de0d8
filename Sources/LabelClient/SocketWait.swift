#if os(Linux)
import Foundation
import Glibc
import LabelCore

/// The blocking socket steps of a ``PlainHTTPExchange``, each bounded by one deadline
/// (`DispatchTime` nanoseconds) and a stop flag checked at least every 100 ms.
///
/// Sockets are non-blocking: every wait is a `poll` slice, so nothing outlives the
/// deadline but name resolution (`getaddrinfo` cannot be interrupted; the caller's
/// ``DeadlineRace`` stops waiting for it at the deadline all the same).
struct SocketWait: Sendable {
    let deadline: UInt64
    let stop: Locked<Bool>

    /// Waits until `socket` is ready for `events`.
    ///
    /// - Throws: ``LabelClientError/timedOut`` at the deadline,
    ///   ``LabelClientError/transport(_:)`` once stopped or when `poll` fails.
    func wait(_ socket: Int32, for events: Int16) throws(LabelClientError) {
        while true {
            if stop.withLock({ $0 }) { throw .transport(.cancelled) }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw .timedOut }
            let slice = Int32(min((deadline - now) / 1_000_000 + 1, 100))
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, slice)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .transport(.system(.poll, errno: errno)) }
        }
    }

    /// A connected non-blocking TCP socket to `host`, trying each address it resolves to.
    func connect(host: String, port: UInt16) throws(LabelClientError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            throw .transport(.unresolved(host: host, status: status))
        }
        defer { freeaddrinfo(list) }
        var failure: LabelClientError.Transport?
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry?.pointee {
            entry = address.ai_next
            let socket = Glibc.socket(address.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { failure = .system(.socket, errno: errno); continue }
            do throws(LabelClientError) {
                if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) != 0 {
                    guard errno == EINPROGRESS else { throw LabelClientError.transport(.system(.connect, errno: errno)) }
                    try wait(socket, for: Int16(POLLOUT))
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                    guard error == 0 else { throw LabelClientError.transport(.system(.connect, errno: error)) }
                }
                return socket
            } catch .transport(let reason) where reason != .cancelled {
                failure = reason
                close(socket)
            } catch {
                close(socket)
                throw error
            }
        }
        throw .transport(.unconnected(host: host, port: Int(port), failure))
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8], to socket: Int32) throws(LabelClientError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(socket, for: Int16(POLLOUT))
            } else if count < 0, errno == EINTR {
                continue
            } else {
                throw .transport(.system(.write, errno: errno))
            }
        }
    }
}
#endif
