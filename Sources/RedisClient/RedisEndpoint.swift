import Sockets

/// Where a Redis server is and how to log in: `redis://[user@]host[:port][/db]`, with the
/// password given apart (the environment), never in the URL.
///
/// `description`, `debugDescription` and reflection (`dump`) never show the password.
package struct RedisEndpoint: Sendable, Hashable {
    /// A name, or an IPv4 or IPv6 address (without brackets).
    package var host: String
    package var port: Int
    /// The database `SELECT`ed on every connection (0: none sent).
    package var database: Int
    /// The ACL user (`AUTH user password`); nil: `AUTH password` (requirepass) when a
    /// password is given.
    package var user: String?
    package var password: String?

    package static let defaultPort = 6379

    package init(host: String, port: Int = defaultPort, database: Int = 0, user: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.database = database
        self.user = user
        self.password = password
    }

    /// Parses `redis://[user@]host[:port][/db]` (IPv6 in brackets: `redis://[::1]:6380/2`).
    ///
    /// - Parameter password: the password (an empty one counts as none). A URL holding one
    ///   (`user:password@`) is refused: it would end up in logs and process listings.
    package init(url: String, password: String?) throws(RedisURLError) {
        guard let separator = url.utf8.firstRange(of: "://".utf8) else {
            throw RedisURLError(.unsupportedScheme, "expected a redis://host[:port][/db] URL")
        }
        let scheme = String(url[..<separator.lowerBound]).lowercased()
        guard scheme != "rediss" else {
            throw RedisURLError(.tlsUnsupported, "rediss:// (TLS) is not supported: use redis:// on a trusted network, or a TLS tunnel")
        }
        guard scheme == "redis" else {
            throw RedisURLError(.unsupportedScheme, "the URL's scheme must be redis://")
        }
        let rest = url[separator.upperBound...]
        guard !rest.contains(where: { $0 == "?" || $0 == "#" }) else {
            throw RedisURLError(.unexpectedSuffix, "a redis:// URL takes no query or fragment")
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        var user: String?
        if let at = authority.lastIndex(of: "@") {
            user = try Self.user(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        let (host, port) = try Self.hostAndPort(authority)
        let database = try Self.database(rest[slash...])
        let password = password.flatMap { $0.isEmpty ? nil : $0 }
        if let user, password == nil {
            throw RedisURLError(.userWithoutPassword,
                                "the URL names the user \(user): give its password in LABEL_SERVER_REPORT_STORE_PASSWORD")
        }
        self.init(host: host, port: port, database: database, user: user, password: password)
    }

    private static func user(_ userinfo: Substring) throws(RedisURLError) -> String {
        guard !userinfo.contains(":") else {
            throw RedisURLError(.passwordInURL,
                                "the URL holds a password: remove it and set LABEL_SERVER_REPORT_STORE_PASSWORD instead")
        }
        guard !userinfo.isEmpty, let decoded = percentDecoded(userinfo), !decoded.isEmpty else {
            throw RedisURLError(.badUser, "the URL's user is empty or badly percent-encoded")
        }
        return decoded
    }

    private static func hostAndPort(_ authority: Substring) throws(RedisURLError) -> (String, Int) {
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw RedisURLError(.badHost, "an IPv6 address without its ]") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard SocketAddress(host: String(host), port: 0)?.family == .ipv6 else {
                throw RedisURLError(.badHost, "[\(host)] is not an IPv6 address")
            }
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw RedisURLError(.badHost, "unexpected text after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else {
            let colons = authority.filter { $0 == ":" }.count
            guard colons <= 1 else { throw RedisURLError(.badHost, "an IPv6 address must be written in brackets: redis://[::1]") }
            let colon = authority.firstIndex(of: ":") ?? authority.endIndex
            host = authority[..<colon]
            if colon < authority.endIndex { portText = authority[authority.index(after: colon)...] }
            let allowed = host.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 46 || byte == 95
            }
            guard !host.isEmpty, host.utf8.count <= 253, allowed else {
                throw RedisURLError(.badHost, "the URL's host is empty or not a host name or address")
            }
        }
        guard let portText else { return (String(host), defaultPort) }
        guard let port = number(portText, maxDigits: 5), (1...65_535).contains(port) else {
            throw RedisURLError(.badPort, "the port must be a number 1…65535")
        }
        return (String(host), port)
    }

    private static func database(_ path: Substring) throws(RedisURLError) -> Int {
        let digits = path.dropFirst()
        guard !digits.isEmpty else { return 0 }
        guard let database = number(digits, maxDigits: 10), database <= Int(Int32.max) else {
            throw RedisURLError(.badDatabase, "the path must be a database number 0…2147483647 (redis://host/2)")
        }
        return database
    }

    /// ASCII digits as a number, with at most `maxDigits` of them (so it never overflows).
    private static func number(_ text: Substring, maxDigits: Int) -> Int? {
        guard !text.isEmpty, text.utf8.count <= maxDigits, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// `%XX` escapes decoded (the result must be UTF-8); nil for a bad escape.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}

extension RedisEndpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `redis://user@host:port/db` (the user percent-encoded): never the password.
    package var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "redis://\(user.map { "\(Self.percentEncoded($0))@" } ?? "")\(host):\(port)/\(database)"
    }

    /// Every byte but ASCII letters, digits and `-._~` as `%XX`.
    private static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            let plain = (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || "-._~".utf8.contains(byte)
            if plain {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package var debugDescription: String {
        "RedisEndpoint(\(description)\(password == nil ? "" : ", password set"))"
    }

    /// `dump` and debuggers see the description, not the stored password.
    package var customMirror: Mirror {
        Mirror(self, children: ["url": description, "hasPassword": password != nil])
    }
}
