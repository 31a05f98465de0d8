/// An HTTP protocol version, `HTTP/major.minor`.
package struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major version digit.
    package let major: Int
    /// The minor version digit.
    package let minor: Int

    /// Creates a version from its two digits.
    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `HTTP/1.0`: connections close by default.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The version as RFC 9110 writes it; `http10` would read as ten.
    package static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// `HTTP/1.1`: persistent connections by default; `Host` is required.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    package static let http1_1 = HTTPVersion(major: 1, minor: 1)

    package var description: String { "HTTP/\(major).\(minor)" }
}
