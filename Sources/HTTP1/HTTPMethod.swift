/// An HTTP request method (RFC 9110 §9), kept as the exact token the client sent.
///
/// Methods are case-sensitive tokens; any syntactically valid token is accepted by the
/// parser so that routing can answer unknown methods with 405/501 rather than 400.
package struct HTTPMethod: Hashable, Sendable, CustomStringConvertible {
    /// The method token, e.g. `"GET"`.
    package let rawValue: String

    /// Wraps a method token without validating it.
    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    package static let get = HTTPMethod("GET")
    package static let head = HTTPMethod("HEAD")
    package static let post = HTTPMethod("POST")
    package static let put = HTTPMethod("PUT")
    package static let delete = HTTPMethod("DELETE")
    package static let options = HTTPMethod("OPTIONS")
    package static let patch = HTTPMethod("PATCH")
    package static let trace = HTTPMethod("TRACE")
    package static let connect = HTTPMethod("CONNECT")

    /// Builds a method from raw bytes, reusing the shared constants for common methods
    /// so the hot path does not allocate a new String for `GET`.
    static func fromBytes(_ bytes: UnsafeRawBufferPointer) -> HTTPMethod {
        // Compared byte by byte: a generic `elementsEqual` per constant is not specialized here.
        switch bytes.count {
        case 3:
            if Self.equals(bytes, "GET") { return .get }
            if Self.equals(bytes, "PUT") { return .put }
        case 4:
            if Self.equals(bytes, "HEAD") { return .head }
            if Self.equals(bytes, "POST") { return .post }
        case 6:
            if Self.equals(bytes, "DELETE") { return .delete }
        case 7:
            if Self.equals(bytes, "OPTIONS") { return .options }
        default:
            break
        }
        return HTTPMethod(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `bytes` are exactly `token`.
    @inline(__always)
    private static func equals(_ bytes: UnsafeRawBufferPointer, _ token: StaticString) -> Bool {
        ByteClass.equal(bytes.assumingMemoryBound(to: UInt8.self), ByteClass.bytes(token))
    }
}
