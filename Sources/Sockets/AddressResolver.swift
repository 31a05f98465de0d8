import Glibc

/// Turns a host name into the addresses it has now (`getaddrinfo`): all A and AAAA
/// records, so that a Kubernetes headless Service name yields every ready pod.
package enum AddressResolver {
    /// The numeric addresses of `host` with `port`, deduplicated, in resolver order;
    /// a numeric host resolves to itself without a lookup. Empty when the name does not resolve.
    package static func resolve(host: String, port: UInt16) -> [SocketAddress] {
        if let literal = SocketAddress(host: host, port: port), host != "localhost" { return [literal] }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            if let address = current.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        var raw = v4.pointee.sin_addr
                        _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                        var raw = v6.pointee.sin6_addr
                        _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    }
                default:
                    break
                }
            }
            let numeric = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let resolved = SocketAddress(host: numeric, port: port), !addresses.contains(resolved) {
                addresses.append(resolved)
            }
            node = current.pointee.ai_next
        }
        return addresses
    }
}
