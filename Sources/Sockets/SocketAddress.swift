import CLabelSystem
import Glibc

/// An IPv4 or IPv6 address and port, as bound or connected to.
package struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    package enum Family: Sendable, Hashable { case ipv4, ipv6 }

    package let host: String
    package let port: UInt16
    package let family: Family

    /// Parses a numeric host (`127.0.0.1`, `::1`, `0.0.0.0`) or `localhost`.
    ///
    /// Names other than `localhost` are not resolved: a server binds to an
    /// address, and DNS at start-up only adds a way to fail.
    package init?(host: String, port: UInt16) {
        let literal = host == "localhost" ? "127.0.0.1" : host.trimmingBrackets
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            family = .ipv4
        } else if inet_pton(AF_INET6, literal, &v6) == 1 {
            family = .ipv6
        } else {
            return nil
        }
        self.host = literal
        self.port = port
    }

    package var description: String {
        family == .ipv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        switch family {
        case .ipv4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            _ = inet_pton(AF_INET, host, &address.sin_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .ipv6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }
}

extension String {
    fileprivate var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
