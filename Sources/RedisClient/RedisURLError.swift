/// Why a `redis://` URL was refused: a reason with a stable code. The text never holds a
/// password (one found in the URL is named, not repeated).
package struct RedisURLError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Reason: String, Sendable, Hashable {
        /// Not `redis://` (`rediss://` has its own).
        case unsupportedScheme = "unsupported-scheme"
        /// `rediss://`: TLS is not spoken.
        case tlsUnsupported = "tls-unsupported"
        /// `redis://user:password@…`: passwords come from the environment, never a URL.
        case passwordInURL = "password-in-url"
        /// A user without a password to authenticate it with.
        case userWithoutPassword = "user-without-password"
        /// A user name that is empty or badly percent-encoded.
        case badUser = "bad-user"
        /// No host, or one that is not a name, an IPv4 address or a bracketed IPv6 address.
        case badHost = "bad-host"
        /// A port that is not 1…65535.
        case badPort = "bad-port"
        /// A database that is not a number 0…2147483647.
        case badDatabase = "bad-database"
        /// A query (`?`), fragment (`#`) or path past the database.
        case unexpectedSuffix = "unexpected-suffix"
    }

    package var reason: Reason
    /// What was wrong, for the person who wrote the URL.
    package var detail: String

    package init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    package var code: String { reason.rawValue }

    package var description: String { "\(detail) (\(code))" }
}
